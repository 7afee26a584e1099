-- docs/ARCHITECTURE.md (issue 32): its short sections and its newcomer questions name functions
-- as `file:function`; each must exist, so the newcomer's map can't point at code that moved.
local C = require("code_map")

describe("docs/ARCHITECTURE.md: the newcomer's map", function()
  local doc = C.read("docs/ARCHITECTURE.md")
  local short = assert(doc:match("^(.-)\n## Reference: the files\n"), "the short sections")

  it("opens with the short sections a newcomer reads first, linking RULES.md", function()
    for _, h in ipairs({ "In short: the layers", "One event's path", "One action's rollback",
      "The combat solver's pipeline", "A card script's sandbox path", "Newcomer questions" }) do
      assert.is_truthy(short:find("\n## " .. h, 1, true), h)
    end
    assert.is_truthy(short:find("(RULES.md", 1, true))
  end)

  it("asks at least a dozen questions, each answered by a file and function", function()
    local n = 0
    for q, path in short:gmatch("\n| ([^|]-%?) | `([^`:]+):[^`]+` |") do
      assert.is_truthy(q ~= "" and path ~= "")
      n = n + 1
    end
    assert.is_true(n >= 12, "questions: " .. n)
    assert.is_truthy(short:find("| Where is the mana pool emptied (and mana burn dealt)? | `csrc/mana.c:arb_mana_empty` |", 1, true))
  end)

  for _, ref in ipairs(C.named(short)) do
    it(ref[1] .. ":" .. ref[2] .. " exists", function()
      assert.is_truthy(C.function_text(ref[1], ref[2]), ref[1] .. " defines no " .. ref[2])
    end)
  end
end)

describe("one place per definition (issue 32)", function()
  it("TRY is defined once, in csrc/game.h (a copy came back in a merge once)", function()
    local p = assert(io.popen("grep -l '#define TRY(' csrc/*.c csrc/*.h"))
    local files = {}
    for f in p:lines() do files[#files + 1] = f end
    p:close()
    assert.same({ "csrc/game.h" }, files)
  end)
end)
