-- Animate Wall {W} (Enchantment — Aura)
-- Oracle: "Enchant Wall\nEnchanted Wall can attack as though it didn't have defender."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4);
--   "Enchant Wall": the Aura's enchant names a creature type, so a permanent that isn't a Wall
--   (now: every effect applied, 418.5a layer 4) can't be its target, and an Animate Wall on one
--   that stops being a Wall goes to its owner's graveyard (the Aura state-based action, 420.5);
--   "can attack as though it didn't have defender" in the ability vocabulary (502, defender)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, abilities = { "can attack as though it didn't have defender" },
    affects = { attached = true } }
end)

local function is_wall(x) return x:is("Wall") end

return arbiter.card{
  name = "Animate Wall", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "white" },
  cost = "{W}", enchant = "Wall", targets = { { what = "permanent", filter = is_wall } }, install = install,
  oracle = "Enchant Wall\nEnchanted Wall can attack as though it didn't have defender.",
}
