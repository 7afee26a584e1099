-- The Alpha set as a whole (issue 27 items 1 and 5): require("arbiter.sets.alpha") gives each
-- written card's definition by name, every card file opens with its name and Oracle text and
-- carries `oracle`, and docs/CARDS.md (generated) is current, so the coverage table never lies.
local alpha = require("arbiter.sets.alpha")
local cards = dofile("scripts/cards.lua")

describe("arbiter.sets.alpha (contract: The card set)", function()
  it("is Limited Edition Alpha: code LEA, the 290 distinct names of the set list, one file name each", function()
    assert.equal("LEA", alpha.code)
    assert.equal(290, #alpha.list)
    local files, names = {}, {}
    for _, n in ipairs(alpha.list) do
      assert.is_nil(names[n], "twice in the list: " .. n); names[n] = true
      local f = alpha.file(n)
      assert.is_nil(files[f], "two cards share the file " .. f); files[f] = true
    end
    assert.equal(#alpha.list, #alpha.names + #alpha.unwritten)
  end)

  it("is complete (issue 27): every one of the 290 cards is written, none waits for a mechanism", function()
    assert.same({}, alpha.unwritten)
    assert.equal(290, #alpha.names)
    assert.same({}, cards.NEEDS)                   -- no blocker left named for a written card
  end)

  it("names are sorted, and each is a card definition of that name", function()
    for i, n in ipairs(alpha.names) do
      if i > 1 then assert.is_true(alpha.names[i - 1] < n) end
      assert.is_true(require("arbiter").is_card_definition(alpha[n]), n)
      assert.equal(n, alpha[n].name)
    end
  end)

  it("every card file opens with its name and its Oracle text, and the definition carries oracle", function()
    for _, n in ipairs(alpha.names) do
      local lines = cards.header("lua/arbiter/sets/alpha/" .. alpha.file(n) .. ".lua")
      assert.is_truthy(lines[1]:find(n, 1, true), n .. ": the file's first line names the card")
      local has_oracle = false
      for _, l in ipairs(lines) do if l:match("^Oracle:") then has_oracle = true end end
      assert.is_true(has_oracle, n .. ": no Oracle line in its opening comment")
      assert.equal("string", type(alpha[n].oracle), n .. ": definition without oracle")
    end
  end)

  it("docs/CARDS.md lists every card of the set list with its current status (make cards)", function()
    local f = assert(io.open("docs/CARDS.md")); local text = f:read("*a"); f:close()
    assert.equal(cards.render(), text)
    for _, n in ipairs(alpha.list) do assert.is_truthy(text:find("| " .. n .. " |", 1, true), n) end
  end)
end)
