-- examples/judge.lua given bad input: the tool's own errors (exit status 2), no rule of the game
-- (moved here from judge_spec, which judges the boards by 500.2-500.4).
local J = dofile("examples/judge.lua")

local function run(args)
  local lines = {}
  local status = J.main(args, function(l) lines[#lines + 1] = l end)
  return status, table.concat(lines, "\n"), lines
end


describe("judge: bad input", function()
  it("names an unknown creature and exits 2", function()
    local status, out = run({ "examples/boards/mogg_flunkies.lua", "--propose", "Nobody=Hill Giant" })
    assert.equal(2, status)
    assert.matches("not a creature on the board", out, 1, true)
  end)
  it("refuses a missing board file and unknown options", function()
    assert.equal(2, (run({ "no/such/board.lua" })))
    assert.equal(2, (run({ "examples/boards/lure_menace.lua", "--frobnicate" })))
  end)
end)
