-- Granite Gargoyle {2}{R} (Creature — Gargoyle 2/2)
-- Oracle: "Flying
-- {R}: Granite Gargoyle gets +0/+1 until end of turn."
-- Leans on: flying (502.4); an activated ability on the stack (406) whose effect lasts until
--   the cleanup step (g:modify); one whose source left the battlefield does nothing (217.1c).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Granite Gargoyle", types = { "Creature" }, subtypes = { "Gargoyle" }, colors = { "red" },
  cost = "{2}{R}", power = 2, toughness = 2, abilities = { "flying" },
  activated = { { cost = "{R}", effect = function(obj, g, gargoyle)
    if not obj.source_moved then g:modify(gargoyle, 0, 1) end
  end } },
  oracle = "Flying\n{R}: Granite Gargoyle gets +0/+1 until end of turn.",
}
