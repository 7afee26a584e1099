-- Steal Artifact {2}{U}{U} (Enchantment — Aura)
-- Oracle: "Enchant artifact
-- You control enchanted artifact."
-- Leans on: an Aura spell that enchants an artifact (212.4); a control-changing static ability
--   (418.5's control layer) on whatever it enchants now: when Steal Artifact leaves, the
--   artifact returns to its controller; an artifact creature taken is summoning-sick (212.3d)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, controller = card.controller,
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Steal Artifact", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "blue" },
  cost = "{2}{U}{U}", enchant = "artifact", targets = { "artifact" }, install = install,
  oracle = "Enchant artifact\nYou control enchanted artifact.",
}
