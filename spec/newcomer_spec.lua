-- What a newcomer tripped on writing cards from the docs alone (issue 31 item 8).
local arbiter = require("arbiter")

describe("arbiter.agents.mana_value", function()
  it("takes a definition (as docs/API.md says) or a cost: its mana value (202.3)", function()
    local mv = arbiter.agents.mana_value
    local bolt = arbiter.card{ name = "Bolt", types = { "Instant" }, cost = "{R}" }
    local wurm = arbiter.card{ name = "Wurm", types = { "Creature" }, cost = "{4}{G}{G}", power = 6, toughness = 4 }
    assert.are.equal(1, mv(bolt))
    assert.are.equal(6, mv(wurm))
    assert.are.equal(6, mv("{4}{G}{G}"))
    assert.are.equal(1, mv("{X}{R}"))
    assert.are.equal(0, mv(arbiter.card{ name = "Forest", types = { "Land" } }))
  end)
end)
