-- Gloom {2}{B} (Enchantment)
-- Oracle: "White spells cost {3} more to cast.\nActivated abilities of white enchantments cost {3} more to activate."
-- Leans on: cost-increasing static abilities (g:add_static spell_cost / ability_cost; 409.1f: the
--   total cost includes increases), in force while Gloom is on the battlefield (418); colors as
--   they are now
-- Its color word is a word of its text (418.5a layer 3: words.color, read as it applies; Sleight of Mind changes it).
local arbiter = require("arbiter")

local function white_spell(c, _, gloom) return c:is(gloom.words.color) end
local function white_enchantment(c, _, gloom) return c:is("Enchantment") and c:is(gloom.words.color) end

local install = arbiter.installer(function(g, card)
  return {
    g:add_static{ source = card, spell_cost = "{3}", affects = white_spell },
    g:add_static{ source = card, ability_cost = "{3}", affects = white_enchantment },
  }
end)

return arbiter.card{
  name = "Gloom", types = { "Enchantment" }, colors = { "black" }, cost = "{2}{B}", install = install,
  words = { color = "white" },
  oracle = "White spells cost {3} more to cast.\nActivated abilities of white enchantments cost {3} more to activate.",
}
