-- lua/arbiter/sets/alpha/abilities.lua A.newest_first(g, fn, size): the history's events newest first,
-- read in windows from the end; `size`, the first window, changes what is read at once, not what fn
-- sees (Clockwork Beast asks with 4: its combat began a few events before).
local H = require("helpers")
local arbiter = H.arbiter
local A = require("arbiter.sets.alpha.abilities")
local _, set_game = dofile("bench/game_decks.lua")(arbiter, "")

describe("A.newest_first's first window (Clockwork Beast's 4)", function()
  it("the same events in the same order, and the same answer, whatever the first window: each end of combat "
    .. "of 3 Alpha games, stopping at the combat's beginning or at an attack", function()
    local asked = 0
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      g:on("step", function(ev, game)
        if ev.step ~= "end_of_combat" then return end
        local function walk(size, stop_at_attack)
          local seen = {}
          local r = A.newest_first(game, function(e, i)
            seen[#seen + 1] = i .. " " .. e.type
            if e.type == "step" and e.step == "beginning_of_combat" then return "began " .. i end
            if stop_at_attack and e.type == "attack" then return "attack " .. i end
          end, size)
          return r, seen
        end
        for _, stop in ipairs({ false, true }) do
          local r0, seen0 = walk(nil, stop)
          for _, size in ipairs({ 1, 2, 4, 7, 16, 33 }) do
            local r, seen = walk(size, stop)
            assert.are.equal(r0, r)
            assert.are.same(seen0, seen)
          end
        end
        asked = asked + 1
      end)
      g:play{ max_turns = 30 }
    end
    assert.is_true(asked > 40, asked)
  end)

  it("the whole history when fn never answers (nil), from the first window of any size", function()
    local g = set_game("alpha", 4)
    g:play{ max_turns = 12 }
    local n = g:history_length()
    for _, size in ipairs({ 1, 4, 32, n, n + 5 }) do
      local count, last = 0, n + 1
      assert.is_nil(A.newest_first(g, function(_, i) count = count + 1; assert.are.equal(last - 1, i); last = i end, size))
      assert.are.equal(n, count)
    end
  end)
end)
