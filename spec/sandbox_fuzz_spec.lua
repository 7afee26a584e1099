-- A short pass of the card-script fuzzer (fuzz/script_fuzz.lua; `make fuzz-scripts` runs more):
-- random scripts from a grammar of the sandbox's library, under small budgets, end within them,
-- raise only strings, and leave the game as it was when they raise (issue 15 item 8).
local H = require("helpers")
local fuzz = dofile("fuzz/script_fuzz.lua")

describe("card-script fuzz (short pass)", function()
  it("200 random scripts keep the sandbox's promises", function()
    local n, bad = fuzz.run(H.arbiter, 200, 20260)
    assert.are.equal(200, n)
    assert.are.same({}, bad)
  end)
end)
