-- The example cards' files (examples/cards/*.lua) have the shape the guide describes: the
-- engine's packaging, not a rule of the game (moved here from cards_spec, which plays them).
local arbiter = require("arbiter")

local function card(file) return dofile("examples/cards/" .. file .. ".lua") end

describe("example cards: shape", function()
  it("every file returns {def = card definition, install?, resolve?}", function()
    local n = 0
    for _, f in ipairs({ "lure", "library_of_leng", "hymn_to_tourach", "silent_arbiter", "sea_serpent",
      "mogg_flunkies", "goblin_war_drums", "irresistible_prey", "howling_mine", "thought_reflection",
      "laboratory_maniac", "platinum_angel", "suq_ata_lancer", "youthful_knight", "fencing_ace",
      "colossal_dreadmaw", "bog_wraith", "rime_dryad", "glorious_anthem", "anvil_of_bogardan",
      "guardian_beast", "whirling_dervish", "spirit_of_the_labyrinth", "control_magic", "white_knight" }) do
      local m = card(f)
      assert.is_true(arbiter.is_card_definition(m.def), f)
      assert.is_true(m.install == nil or type(m.install) == "function", f)
      assert.is_true(m.resolve == nil or type(m.resolve) == "function", f)
      n = n + 1
    end
    assert.are.equal(25, n)
  end)
end)
