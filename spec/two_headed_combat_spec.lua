-- Two-Headed Giant combat (issue 33 item 1; the Two-Headed Giant variant of the 2005-2008 rules'
-- multiplayer section): the active team attacks with both members' creatures, and either member
-- of the attacked team blocks (500.3 read for a team); the team's creatures lose summoning
-- sickness as the team's shared turn begins.
local arbiter = require("arbiter")

local BEAR = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }

local function giant()
  local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = 1 }
  return g, g.players[1], g.players[2], g.players[3], g.players[4]
end

describe("Two-Headed Giant: the team attacks and blocks together (606.7a-c)", function()
  it("A1's team attacks with A1's and A2's creatures; B2 blocks a creature attacking B1", function()
    local g, a1, a2, b1, b2 = giant()
    local x = g:create(BEAR, { owner = a1, zone = "battlefield" })
    local y = g:create(BEAR, { owner = a2, zone = "battlefield" })
    local z = g:create(BEAR, { owner = b2, zone = "battlefield" })
    g:begin_turn(a1)
    g:beginning_of_combat()
    assert.is_true((g:check_attack({ [x] = b1, [y] = b1 })))
    g:declare_attackers({ [x] = b1, [y] = b1 })
    assert.same({ true, true }, { x.attacking, y.attacking })
    assert.is_true((g:check_block({ [z] = x })))
    g:declare_blockers({ [z] = x })
    g:combat_damage()
    assert.same({ "graveyard", "graveyard", 28 }, { x.zone, z.zone, b1.life })   -- y's 2 to the team's 30
    assert.equal(28, b2.life)                                                   -- shared life
  end)

  -- Found by the Alpha soak: A2's band was refused as "not controlled by the active player"
  it("A2 attacks with a band of its own creatures (502.10b); a band of A1's and A2's creatures is refused", function()
    local g, a1, a2, b1 = giant()
    local HERO = arbiter.card{ name = "Hero", types = { "Creature" }, power = 1, toughness = 1, abilities = { "banding" } }
    local x = g:create(BEAR, { owner = a1, zone = "battlefield" })
    local h = g:create(HERO, { owner = a2, zone = "battlefield" })
    local y = g:create(BEAR, { owner = a2, zone = "battlefield" })
    g:begin_turn(a1)
    g:beginning_of_combat()
    assert.is_true((g:check_attack({ [h] = b1, [y] = b1 }, { bands = { { h, y } } })))
    assert.error_matches(function() g:check_attack({ [h] = b1, [x] = b1 }, { bands = { { h, x } } }) end,
      "502.10b: a band is one player's creatures", 1, true)
    g:declare_attackers({ [h] = b1, [y] = b1, [x] = b1 }, { bands = { { h, y } } })
    assert.same({ true, true, true }, { h.attacking, y.attacking, x.attacking })
  end)

  -- Found by the 10,000-game Alpha soak (seeds 1205, 6173, 6963, 8029, 9464): the agents'
  -- band options mixed A1's and A2's creatures, and g:play_turn raised
  it("the agents' band options are each one player's creatures (502.10b), and each is legal", function()
    local g, a1, a2, b1 = giant()
    local HERO = arbiter.card{ name = "Hero", types = { "Creature" }, power = 1, toughness = 1, abilities = { "banding" } }
    local h1 = g:create(HERO, { owner = a1, zone = "battlefield" })
    local x = g:create(BEAR, { owner = a1, zone = "battlefield" })
    local h2 = g:create(HERO, { owner = a2, zone = "battlefield" })
    local y = g:create(BEAR, { owner = a2, zone = "battlefield" })
    g:begin_turn(a1)
    g:beginning_of_combat()
    local decl = { [h1] = b1, [x] = b1, [h2] = b1, [y] = b1 }
    local options = require("arbiter.internal")._band_options(g, decl)
    local shapes = {}
    for _, option in ipairs(options) do
      for _, band in ipairs(option) do
        for _, c in ipairs(band) do assert.equal(band[1].controller, c.controller) end
      end
      assert.is_true((g:check_attack(decl, { bands = option })))
      shapes[#shapes + 1] = #option == 0 and "none" or tostring(option[1][1].controller) .. #option[1]
    end
    assert.same({ "none", "A12", "A22" }, shapes)    -- no band; Hero with Bear, for each player
  end)

  it("a creature of the other team still can't attack for the active team (308)", function()
    local g, a1, _, b1, b2 = giant()
    local z = g:create(BEAR, { owner = b2, zone = "battlefield" })
    g:begin_turn(a1)
    g:beginning_of_combat()
    local ok, why = g:check_attack({ [z] = b1 })
    assert.is_false(ok)
    assert.truthy(why:find("308", 1, true))
  end)

  it("the team's turn begins for both: A2's creature that came in last turn may attack, B2's stays sick", function()
    local g, a1, a2, b1, b2 = giant()
    local y = g:create(BEAR, { owner = a2, zone = "battlefield", sick = true })
    local z = g:create(BEAR, { owner = b2, zone = "battlefield", sick = true })
    g:begin_turn(a1)
    assert.same({ false, true }, { y.sick, z.sick })
    g:beginning_of_combat()
    assert.is_true((g:check_attack({ [y] = b1 })))
  end)
end)

describe("Two-Headed Giant: the team's shared turn (each member untaps, draws, plays; 606.4b)", function()
  local LAND = arbiter.card{ name = "Plain Land", types = { "Land" } }

  it("both members untap; each draws, the primary first (432.2b); the secondary plays a land", function()
    local g, a1, a2, b1, b2 = giant()
    for _, p in ipairs(g.players) do
      for _ = 1, 5 do g:create(BEAR, { owner = p, zone = "library" }) end
    end
    local l1 = g:create(LAND, { owner = a1, zone = "battlefield", tapped = true })
    local l2 = g:create(LAND, { owner = a2, zone = "battlefield", tapped = true })
    local hand_land = g:create(LAND, { owner = a2, zone = "hand" })
    local played = {}
    local function agent(p)
      return { main = function(q, game)
        if q == a2 and hand_land.zone == "hand" then game:play_land(q, hand_land) end
        played[#played + 1] = q.name
      end }
    end
    for _, p in ipairs(g.players) do g:set_agent(p, agent(p)) end
    local draws = {}
    g:on("draw", function(ev) draws[#draws + 1] = ev.player.name end)
    g:play_turn()                                   -- turn 1: team A (no draw on the first turn)
    assert.same({ false, false }, { l1.tapped, l2.tapped })
    assert.equal("battlefield", hand_land.zone)    -- A2 played a land in the team's turn
    assert.same({ "A1", "A2", "A1", "A2" }, played) -- both main phases, primary first
    assert.same({}, draws)
    g:play_turn()                                   -- turn 2: team B, each draws, B1 first
    assert.same({ "B1", "B2" }, draws)
    assert.same({ 1, 1 }, { #b1.hand:cards(), #b2.hand:cards() })
  end)

  it("a member of the team whose turn it is may cast a sorcery; a member of the other team may not", function()
    local g, a1, a2, b1 = giant()
    local SORC = arbiter.card{ name = "Gain", types = { "Sorcery" }, cost = "{0}",
      resolve = function(obj, game) game:gain_life(obj.controller, 1) end }
    local s2 = g:create(SORC, { owner = a2, zone = "hand" })
    local sb = g:create(SORC, { owner = b1, zone = "hand" })
    for _, p in ipairs(g.players) do g:set_agent(p, { main = function() end }) end
    g:begin_turn(a1); g:main_phase()
    assert.has_error(function() g:cast(b1, sb) end)
    g:cast(a2, s2); g:settle()
    assert.equal(31, a1.life)                       -- the team's shared life
  end)
end)

describe("Two-Headed Giant: landwalk against the defending team (606.7c)", function()
  local ISLAND = arbiter.card{ name = "Island", types = { "Land" }, supertypes = { "Basic" }, subtypes = { "Island" } }
  local WALKER = arbiter.card{ name = "Walker", types = { "Creature" }, power = 1, toughness = 1,
    abilities = { "islandwalk" } }

  it("an islandwalker attacking B1 can't be blocked by B1 when B2 (B1's teammate) controls an Island", function()
    local g, a1, _, b1, b2 = giant()
    local w = g:create(WALKER, { owner = a1, zone = "battlefield" })
    local z = g:create(BEAR, { owner = b1, zone = "battlefield" })
    g:create(ISLAND, { owner = b2, zone = "battlefield" })
    g:begin_turn(a1)
    g:beginning_of_combat()
    g:declare_attackers({ [w] = b1 })
    local ok, why = g:check_block({ [z] = w })
    assert.is_false(ok)
    assert.truthy(why:find("501", 1, true))
    local nonempty = 0                             -- the solver sees it: no legal block uses z
    for _, d in ipairs(g:legal_blocks()) do if next(d) then nonempty = nonempty + 1 end end
    assert.equal(0, nonempty)
    g:declare_blockers({})
    g:combat_damage()
    assert.equal(29, b1.life)
  end)

  it("the Island of a player of the attacking team doesn't count: B1 blocks", function()
    local g, a1, a2, b1 = giant()
    local w = g:create(WALKER, { owner = a1, zone = "battlefield" })
    local z = g:create(BEAR, { owner = b1, zone = "battlefield" })
    g:create(ISLAND, { owner = a2, zone = "battlefield" })
    g:begin_turn(a1)
    g:beginning_of_combat()
    g:declare_attackers({ [w] = b1 })
    assert.is_true((g:check_block({ [z] = w })))
  end)

  it("a free-for-all of three: only the defending player's own Island counts (502.6b)", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid" }, seed = 1 }
    local ann, bob, cid = g.players[1], g.players[2], g.players[3]
    local w = g:create(WALKER, { owner = ann, zone = "battlefield" })
    local z = g:create(BEAR, { owner = bob, zone = "battlefield" })
    g:create(ISLAND, { owner = cid, zone = "battlefield" })
    g:begin_turn(ann)
    g:beginning_of_combat()
    g:declare_attackers({ [w] = bob })
    assert.is_true((g:check_block({ [z] = w })))
  end)
end)
