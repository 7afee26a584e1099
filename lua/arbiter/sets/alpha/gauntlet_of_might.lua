-- Gauntlet of Might {4} (Artifact)
-- Oracle: "Red creatures get +1/+1.
-- Whenever a Mountain is tapped for mana, its controller adds an additional {R}."
-- Leans on: a static ability (418.5: red creatures, their colors now, +1/+1, whoever controls
--   them); a triggered mana ability (g:trigger{mana = true}, 406.1: no stack, its {R} pays the
--   payment that tapped the Mountain) declared by its shape (adds: "a Mountain tapped for mana ->
--   its controller adds {R}"; the Mountain by its land types now), so payments count it
-- Its color word and basic land type are words of its text (418.5a layer 3: words.color, words.type,
--   read as it applies; Sleight of Mind and Magical Hack change them).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return {
    g:add_static{ source = card, power = 1, toughness = 1,
      affects = { is = "Creature", is_word = "color" } },
    g:trigger{ event = "mana", mana = true, controller = card.controller, source = card, name = "Gauntlet of Might",
      adds = { tapped = { is_word = "type" }, mana = "{R}", to = "controller" } },
  }
end)

return arbiter.card{
  name = "Gauntlet of Might", types = { "Artifact" }, cost = "{4}", install = install,
  words = { color = "red", type = "Mountain" },
  oracle = "Red creatures get +1/+1.\nWhenever a Mountain is tapped for mana, its controller adds an additional {R}.",
}
