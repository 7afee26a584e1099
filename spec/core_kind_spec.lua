-- core.kind(x) -> "game" | "card" | "player" | "zone" | nil, and the game it belongs to: the Lua
-- layer's one test of what a value is (check.lua's argument checks, the hide walk, merges). A
-- proxy is told by its own marks (csrc/lcore.c: its size and kind), anything else by its
-- metatable: the same answers either way.
local H = require("spec.helpers")
local core = require("arbiter.core")

describe("core.kind", function()
  it("names games, cards, players and zones, with their game; nil for anything else", function()
    local g, ann = H.game()
    local c = g:create(H.bear, { owner = ann, zone = "battlefield" })
    for _, case in ipairs({ { g, "game" }, { c, "card" }, { ann, "player" }, { ann.hand, "zone" },
      { g.battlefield, "zone" } }) do
      local kind, owner = core.kind(case[1])
      assert.same({ case[2], g }, { kind, owner })
    end
    for _, v in ipairs({ io.stdout, {}, "card", 3, false, print, setmetatable({}, getmetatable(c) or {}) }) do
      assert.is_nil(core.kind(v))
    end
    local other = H.game()
    assert.equal(other, select(2, core.kind(other.players[1])))   -- another game's: its own
  end)
end)
