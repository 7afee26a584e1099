-- The example cards (examples/cards/) played through the path a user takes: a permanent created
-- on the battlefield or cast and resolved (its definition carries install: the engine gives it
-- its abilities as it enters, nothing called by hand), a sorcery cast with its targets. Calling
-- install by hand as well (the older idiom) doesn't install twice.
local H = require("helpers")
local arbiter = H.arbiter

local function card(file) return dofile("examples/cards/" .. file .. ".lua") end
local function basic(name) return arbiter.card{ name = name, types = { "Land" }, subtypes = { name }, supertypes = { "Basic" } } end
local swamp, forest = basic("Swamp"), basic("Forest")
local bolt = arbiter.card{ name = "Bolt", types = { "Instant" } }

local function lands(g, p, def, n)
  for _ = 1, n do g:create(def, { owner = p, zone = "battlefield" }) end
end

describe("example permanents: their definition carries install", function()
  local with_install = { "anvil_of_bogardan", "glorious_anthem", "goblin_war_drums", "guardian_beast",
    "howling_mine", "laboratory_maniac", "library_of_leng", "lure", "platinum_angel", "sea_serpent",
    "spirit_of_the_labyrinth", "thought_reflection", "whirling_dervish", "control_magic" }
  for _, f in ipairs(with_install) do
    it(f .. ": def.install is the module's own registration", function()
      local m = card(f)
      assert.is_function(m.def.install)
    end)
  end

  it("Platinum Angel created on the battlefield: you can't lose, no install call by hand", function()
    local g, ann = H.game()
    g:create(card("platinum_angel").def, { owner = ann, zone = "battlefield" })
    ann.life = 0
    g:check_state()
    assert.is_false(ann.lost)
  end)

  it("the older idiom m.install(g, g:create(...)) installs once (one replacement, one question)", function()
    local g, ann = H.game()
    local leng = card("library_of_leng")
    local c = g:create(leng.def, { owner = ann, zone = "battlefield" })
    local h1 = leng.install(g, c)
    local h2 = card("library_of_leng").install(g, c)      -- even from a second copy of the script
    assert.are.equal(h1, h2)
    local asked = 0
    g:set_agent(ann, { may = function(_, what) if what == "discard to library" then asked = asked + 1 end return true end })
    g:create(bolt, { owner = ann, zone = "hand" })
    g:discard(ann, 1)
    assert.are.equal(1, asked)
    assert.are.equal(1, #ann.library)
  end)

  it("Thought Reflection cast from the hand: draws two instead once it resolves (614.5)", function()
    local g, ann = H.game()
    H.deck(g, ann, 6)
    local tr = g:create(card("thought_reflection").def, { owner = ann, zone = "hand" })
    g:cast(ann, tr)
    g:settle()
    assert.are.equal("battlefield", tr.zone)
    g:draw(ann)
    assert.are.equal(2, #ann.hand)
  end)
end)

describe("Library of Leng (003 Drawing and Discarding), cast", function()
  it("cast: no maximum hand size at cleanup; each discard may go on top of the library", function()
    local g, ann = H.game()
    local leng = g:create(card("library_of_leng").def, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{1}")   -- its cost (the Alpha card)
    g:cast(ann, leng)
    g:settle()
    assert.are.equal("battlefield", leng.zone)
    for _ = 1, 9 do g:create(bolt, { owner = ann, zone = "hand" }) end
    g:begin_turn(ann)
    g:cleanup_step()
    assert.are.equal(9, #ann.hand)                      -- no discard to seven
    g:set_agent(ann, { may = function(_, what) return what == "discard to library" end })
    g:discard(ann, 2)
    assert.are.equal(2, #ann.library)
    assert.are.equal(0, #ann.graveyard)
  end)

  it("without it the cleanup step discards to seven", function()
    local g, ann = H.game()
    for _ = 1, 9 do g:create(bolt, { owner = ann, zone = "hand" }) end
    g:begin_turn(ann)
    g:cleanup_step()
    assert.are.equal(7, #ann.hand)
  end)
end)

describe("Hymn to Tourach, cast with its target (413)", function()
  it("the target player discards two at random, one at a time; Leng asks for each", function()
    local g, ann, bob = H.game{ seed = 4 }
    lands(g, ann, swamp, 2)
    H.deck(g, bob, 3)
    for _ = 1, 4 do g:create(bolt, { owner = bob, zone = "hand" }) end
    g:create(card("library_of_leng").def, { owner = bob, zone = "battlefield" })
    local answers = { true, false }
    local asked = 0
    g:set_agent(bob, { may = function(_, what)
      if what ~= "discard to library" then return false end
      asked = asked + 1
      return answers[asked]
    end })
    local hymn = g:create(card("hymn_to_tourach").def, { owner = ann, zone = "hand" })
    g:cast(ann, hymn, { targets = { bob } })
    g:settle()
    assert.are.equal(2, asked)                          -- one question per discard (003)
    assert.are.equal(2, #bob.hand)
    assert.are.equal(4, #bob.library)                   -- one went on top
    assert.are.equal(1, #bob.graveyard)
    assert.are.equal(2, #H.events(g, "discard"))
    assert.are.equal("graveyard", hymn.zone)
  end)
end)

describe("Lure, cast as an Aura", function()
  it("resolves attached to its target; all creatures able to block it do so", function()
    local g, ann, bob = H.game()
    lands(g, ann, forest, 3)
    local a = g:create(H.bear, { owner = ann, zone = "battlefield", sick = false })
    local b1 = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local b2 = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local lure = g:create(card("lure").def, { owner = ann, zone = "hand" })
    g:cast(ann, lure, { targets = { a } })
    g:settle()
    assert.are.equal(a, lure.attached_to)
    assert.is_true(a:has("lure"))
    g:declare_attackers({ a })
    assert.is_false((g:check_block({})))
    assert.is_true((g:check_block({ [b1] = a, [b2] = a })))
  end)
end)
