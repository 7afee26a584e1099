-- The random agent's answer by position (agents.lua: by_index, the generator's pick; issue 28):
-- the engine asks internal._option_index instead of its choose when only the options' count
-- matters (ask.lua ask_choose, the main phase's questions, division.lua, mana.lua). Both ways
-- must draw the same index from the same state, or the same seed plays another game
-- (bench/game_digest.lua).
require("helpers")
local arbiter = require("arbiter")
local internal = require("arbiter.internal")

describe("the random agent answers by position as its choose answers (the same draws)", function()
  it("over many seeds and option counts: the same index, the same generator state after", function()
    local counts = { 1, 2, 3, 4, 5, 7, 10, 31, 100, 1000, 65537 }
    local options = {}
    for i = 1, 65537 do options[i] = i end
    for seed = 1, 50 do
      local by_choose, by_index = arbiter.agents.random(seed), arbiter.agents.random(seed)
      for k = 1, 40 do
        local n = counts[(seed + k) % #counts + 1]
        local i = internal._option_index(by_index.choose, nil, "cast", n)
        assert.equal(math.floor(i), i)
        assert.is_true(i >= 1 and i <= n)
        local t = {}
        for j = 1, n do t[j] = options[j] end
        assert.equal(by_choose.choose(nil, "cast", t), i)
        -- the states agree: the next may is the same
        assert.equal(by_choose.may(nil, "x"), by_index.may(nil, "x"), "seed " .. seed .. " draw " .. k)
      end
    end
  end)

  it("the generator's pick is r's draw", function()
    for seed = 1, 20 do
      local r = internal._generator(seed)
      local _, _, _, pick = internal._generator(seed)
      for n = 1, 200 do assert.equal(r(n), pick(nil, nil, n)) end
    end
  end)
end)
