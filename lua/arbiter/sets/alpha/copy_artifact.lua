-- Copy Artifact {1}{U} (Enchantment)
-- Oracle: "You may have Copy Artifact enter the battlefield as a copy of any artifact on the battlefield, except
--   it's an enchantment in addition to its other types."
-- Leans on: as_enters; a copy effect with an exception (503.2: copy_with.add_types, itself a
--   copiable value: a copy of the Copy Artifact is an enchantment too); a copied artifact's
--   abilities, mana abilities included, are the copy's
local arbiter = require("arbiter")

local function enchantment() return { add_types = { "Enchantment" } } end

return arbiter.card{
  name = "Copy Artifact", types = { "Enchantment" }, colors = { "blue" }, cost = "{1}{U}",
  as_enters = require("arbiter.sets.alpha.enter_as_copy")("Artifact", enchantment),
  oracle = "You may have Copy Artifact enter the battlefield as a copy of any artifact on the battlefield, "
    .. "except it's an enchantment in addition to its other types.",
}
