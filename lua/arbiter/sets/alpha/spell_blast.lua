-- Spell Blast {X}{U} (Instant)
-- Oracle: "Counter target spell with converted mana cost X."
-- Leans on: {X} (407); a target spell (413) whose filter sees X (ctx.x: X is announced before
--   targets are chosen, 409.1b-c) and is asked again on resolution; countering (g:counter)
-- A spell's converted mana cost on the stack counts the X chosen for it (Fireball with X = 3
-- has converted mana cost 4).
local arbiter = require("arbiter")

local function converted_cost(spell)
  local cost = arbiter.parse_cost(spell.card.definition.cost)
  return cost.total + cost.x * (spell.x or 0)
end

return arbiter.card{
  name = "Spell Blast", types = { "Instant" }, colors = { "blue" }, cost = "{X}{U}",
  targets = { { what = "spell", filter = function(spell, _, _, ctx) return converted_cost(spell) == ctx.x end } },
  resolve = function(obj, g) g:counter(obj.targets[1]) end,
  oracle = "Counter target spell with converted mana cost X.",
}
