-- Forcefield {3} (Artifact)
-- Oracle: "{1}: The next time an unblocked creature of your choice would deal combat damage to you this turn,
-- prevent all but 1 of that damage."
-- Leans on: an activated ability on the stack (406); a prevention shield against one creature
--   (419.6: a replacement of its next combat damage event to you this turn, letting 1 through),
--   the creature chosen as the ability resolves among the attacking creatures that are unblocked
--   (blocked ones stay blocked, seed 003) (source_shield.lua)
local arbiter = require("arbiter")
local shield = require("arbiter.sets.alpha.source_shield")

local function unblocked(g)
  local out = {}
  for _, c in ipairs(g:attackers()) do
    if not c.blocked then out[#out + 1] = c end
  end
  return out
end

return arbiter.card{
  name = "Forcefield", types = { "Artifact" }, cost = "{3}",
  activated = { { cost = "{1}", effect = function(obj, g, forcefield)
    local p = obj.controller
    local creature = shield.choose(g, p, unblocked(g), { source = forcefield })
    if creature then shield.add(g, p, creature, { name = "Forcefield", combat = true, keep = 1 }) end
  end } },
  oracle = "{1}: The next time an unblocked creature of your choice would deal combat damage to you this turn, " ..
    "prevent all but 1 of that damage.",
}
