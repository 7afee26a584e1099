-- A spell an effect instructs a player to cast (contract "Version 3: the details": g:cast(p, card,
-- {instructed = true, mana_sources = {...}}): timing ignored (116 is the player's own casting),
-- paid only from the pool and those permanents' mana abilities; and g:control_player with
-- {resolving = obj}: control only while that object resolves.
local H = require("helpers")
local arbiter = H.arbiter
local alpha = require("arbiter.sets.alpha")

local function game()
  local g, ann, bob = H.game()
  H.deck(g, ann, 5); H.deck(g, bob, 5)
  for _, p in ipairs(g.players) do g:set_agent(p, { main = function() end }) end
  g:begin_turn(ann); g:main_phase()
  return g, ann, bob
end

describe("instructed casts (Word of Command; 507.3)", function()
  it("a sorcery in the opponent's turn, timing is ignored", function()
    local g, _, bob = game()
    local tutor = g:create(alpha["Demonic Tutor"], { owner = bob, zone = "hand" })
    local swamps = { g:create(alpha["Swamp"], { owner = bob, zone = "battlefield" }),
      g:create(alpha["Swamp"], { owner = bob, zone = "battlefield" }) }
    assert.has_error(function() g:cast(bob, tutor) end)        -- not his turn: 116
    local obj = g:cast(bob, tutor, { instructed = true, mana_sources = swamps })
    assert.same({ "stack", true, true }, { tutor.zone, swamps[1].tapped, swamps[2].tapped })
    assert.equal(bob, obj.controller)
  end)

  it("paid only from the pool and the listed sources: another mana source isn't used, and none means the pool", function()
    local g, _, bob = game()
    local bolt = g:create(alpha["Lightning Bolt"], { owner = bob, zone = "hand" })
    local mox = g:create(alpha["Mox Ruby"], { owner = bob, zone = "battlefield" })
    local mountain = g:create(alpha["Mountain"], { owner = bob, zone = "battlefield", tapped = true })
    assert.has_error(function() g:cast(bob, bolt, { instructed = true, mana_sources = { mountain }, targets = { bob } }) end)
    assert.same({ "hand", false }, { bolt.zone, mox.tapped })   -- the Mox could have paid: not listed
    assert.has_error(function() g:cast(bob, bolt, { instructed = true, targets = { bob } }) end)
    g:add_mana(bob, "{R}")
    g:cast(bob, bolt, { instructed = true, targets = { bob } })   -- the pool pays
    assert.same({ "stack", false }, { bolt.zone, mox.tapped })
  end)

  it("bad input: instructed not a boolean, mana_sources without instructed or not cards", function()
    local g, _, bob = game()
    local bolt = g:create(alpha["Lightning Bolt"], { owner = bob, zone = "hand" })
    assert.has_error(function() g:cast(bob, bolt, { instructed = "yes" }) end,
      "bad argument #3 to 'cast' (instructed must be a boolean, got \"yes\")")
    assert.has_error(function() g:cast(bob, bolt, { mana_sources = {} }) end,
      "bad argument #3 to 'cast' (mana_sources is for an instructed cast (instructed = true))")
    assert.has_error(function() g:cast(bob, bolt, { instructed = true, mana_sources = { 5 } }) end,
      "bad argument #3 to 'cast' (mana_sources[1]: a card expected, got 5)")
    assert.equal("hand", bolt.zone)
  end)

  it("g:control_player(p, by, {resolving = obj}): by answers p's questions only while obj resolves", function()
    local g, ann, bob = game()
    local asked = {}
    g:set_agent(ann, { main = function() end, may = function(p) asked[#asked + 1] = "ann for " .. p.name; return true end })
    g:set_agent(bob, { main = function() end, may = function(p) asked[#asked + 1] = "bob for " .. p.name; return true end })
    local spell = arbiter.card{ name = "Ask", types = { "Instant" },
      resolve = function(obj, gm) arbiter.ask_may(gm, obj.controller, "ok") end }
    local obj = g:cast(bob, g:create(spell, { owner = bob, zone = "hand" }))
    g:control_player(bob, ann, { resolving = obj })
    arbiter.ask_may(g, bob, "before")            -- on the stack, not resolving: his own agent
    g:settle()
    assert.same({ "bob for Bob", "ann for Bob" }, asked)
    assert.has_error(function() g:control_player(bob, ann, { resolving = obj }) end)   -- gone from the stack
  end)
end)
