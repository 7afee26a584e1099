-- State-based actions (420.5) checked only when something a check reads changed: with no host
-- predicate to ask (no "can't be enchanted" static whose affects is a function, the only one a
-- check asks: the others are read by characteristics, cached as they are; triggers and replacements are asked
-- only by events, which a check that does nothing doesn't make), a check after the last full check that changed nothing,
-- with none of what it reads changed since, returns at once (csrc/actions.c, arb_check_state;
-- journal.c counts the changes). The same games with every check run in full
-- (core._full_checks) must come out the same.
local H = require("helpers")
local arbiter = H.arbiter
local core = require("arbiter.core")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions
local new_game, set_game = dofile("bench/game_decks.lua")(arbiter, "./")

local function outcome(g, r)
  return table.concat({ g:state_hash(), g:history_length(), g.turn,
    r and (r.draw and "draw" or r.winner.name) or "none" }, " ")
end

-- one scenario played twice: the default checks, then every check in full
local function both(scenario)
  local out = {}
  for i, full in ipairs({ false, true }) do
    local g, ann, bob = H.game()
    if full then core._full_checks(g, true) end
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield", sick = false })
    g:check_state()                           -- a full check that changes nothing
    g:check_state()                           -- nothing changed since: returns at once
    scenario(g, ann, bob, bear)
    g:check_state()
    out[i] = { outcome(g, g:result()), bear.zone, ann.lost, bob.lost }
  end
  assert.are.same(out[2], out[1])
  return out[1]
end

describe("state-based checks with nothing to do (420.5)", function()
  it("whole games: the same with every check in full (bench/game_decks.lua, plain and instants)", function()
    for _, instants in ipairs({ false, true }) do
      for seed = 1, 15 do
        local want, got
        for _, full in ipairs({ true, false }) do
          local g = new_game(seed, instants)
          if full then core._full_checks(g, true) end
          local r = outcome(g, g:play{ max_turns = 400 })
          if full then want = r else got = r end
        end
        assert.are.equal(want, got, ("seed %d%s"):format(seed, instants and " (instants)" or ""))
      end
    end
  end)

  it("a change after a check that found nothing is seen by the next: damage, life, toughness, "
    .. "an empty library", function()
    -- lethal damage: the creature is put into the graveyard (420.5)
    assert.are.equal("graveyard", both(function(g, _, _, bear) g:damage(nil, bear, 2) end)[2])
    -- 0 life: the player loses (420.5)
    assert.is_true(both(function(_, _, bob) bob.life = 0 end)[4])
    -- toughness 0 by an effect: the creature goes (420.5)
    assert.are.equal("graveyard", both(function(g, _, _, bear) g:modify(bear, 0, -2) end)[2])
    -- a draw from an empty library: lost at the next check (423.4)
    assert.is_true(both(function(g, ann) g:draw(ann) end)[3])
    -- a new turn (whose turn, the turn count, sickness ending) and a choice counted change
    -- nothing a check acts on: nothing done (issue 28: they no longer make it run in full)
    assert.are.equal("battlefield", both(function(g, _, bob) g:begin_turn(bob); g:begin_turn() end)[2])
    assert.are.equal("battlefield", both(function(g)
      arbiter.atomic(g, function(game) GI._choice(game) end)   -- a real choice noted (421.5)
    end)[2])
    -- a creature tapped, untapped: nothing for a check to do, and nothing done
    local out = both(function(_, _, _, bear) bear:tap(); bear:untap() end)
    assert.are.same({ "battlefield", false, false }, { out[2], out[3], out[4] })
  end)

  it("with a predicate effect (host code) every check runs in full: an answer that changed with "
    .. "nothing else is seen (an Aura on what can't be enchanted goes, 420.5)", function()
    local g, ann = H.game()
    local lure = dofile("examples/cards/lure.lua")
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield", sick = false })
    local aura = g:create(lure.def, { owner = ann, zone = "battlefield" })
    lure.install(g, aura, bear)
    local shielded = false
    g:add_static{ affects = function(c) return shielded and c == bear end, prohibit = "be enchanted" }
    g:check_state()
    g:check_state()
    assert.are.equal("battlefield", aura.zone)
    shielded = true                           -- no change the game sees: only the predicate knows
    g:check_state()
    assert.are.equal("graveyard", aura.zone)
  end)

  it("with predicate effects a check doesn't ask (P/T, \"can't attack\") a check with nothing changed "
    .. "returns at once, and a change is still seen: the same as every check in full", function()
    local function predicated(scenario)
      local calls = 0
      return both(function(g, ann, bob, bear)
        local on = false
        g:add_static{ affects = function(c) calls = calls + 1; return on and c == bear end, power = 1 }
        g:add_static{ affects = function(c) calls = calls + 1; return on and c == bear end, prohibit = "attack" }
        g:check_state()
        on = true                             -- no change the game sees: no check reads these
        local before = calls
        g:check_state()
        assert.are.equal(before, calls)       -- the characteristics are fresh: no predicate asked
        scenario(g, ann, bob, bear)
      end)
    end
    assert.are.equal("graveyard", predicated(function(g, _, _, bear) g:damage(nil, bear, 2) end)[2])
    assert.is_true(predicated(function(_, _, bob) bob.life = 0 end)[4])
    assert.are.equal("battlefield", predicated(function(g, _, _, bear) g:damage(nil, bear, 1) end)[2])
  end)

  it("Alpha games, full of Lua triggers and replacements: the same with every check in full", function()
    for seed = 1, 4 do
      local want, got
      for _, full in ipairs({ true, false }) do
        local g = set_game("alpha", seed)
        if full then core._full_checks(g, true) end
        local r = outcome(g, g:play{ max_turns = 400 })
        if full then want = r else got = r end
      end
      assert.are.equal(want, got, "alpha seed " .. seed)
    end
  end)

  it("with a Lua trigger and replacement in play (host code no check asks) a change is still seen: "
    .. "damage, life (420.5)", function()
    local function hosted(scenario)
      return both(function(g, ann, bob, bear)
        g:trigger{ event = "draw", controller = ann, condition = function() return false end,
                   effect = function() end }
        g:add_replacement{ event = "draw", applies = function() return false end, replace = function() end }
        g:check_state()                     -- a full check with host code present, changing nothing
        g:check_state()                     -- returns at once: nothing a check reads changed
        scenario(g, ann, bob, bear)
      end)
    end
    assert.are.equal("graveyard", hosted(function(g, _, _, bear) g:damage(nil, bear, 2) end)[2])
    assert.is_true(hosted(function(_, _, bob) bob.life = 0 end)[4])
    assert.are.equal("battlefield", hosted(function(g, _, _, bear) g:damage(nil, bear, 1) end)[2])
  end)

  it("core._full_checks: bad input refused", function()
    local g = H.game()
    assert.has_error(function() core._full_checks(g) end)
    assert.has_error(function() core._full_checks({}, true) end)
  end)
end)
