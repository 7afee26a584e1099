-- Control Magic (Enchantment — Aura, 2UU): "Enchant creature. You control enchanted creature."
-- The card of the Alpha set (lua/arbiter/sets/alpha/control_magic.lua, with its Oracle text and
-- the rules it leans on): this example returns that definition, so there is one copy of the card.
--
-- An Aura whose static ability is a control-changing effect (418.5's control layer) on whatever
-- it is attached to now. The creature changes controller with no "control" event of its own (an
-- effect, not g:gain_control), and it can't attack or use {T} abilities until its new
-- controller's next turn begins (212.3d, 502.5b: not controlled continuously since that turn
-- began): the control watch sees the change. When Control Magic leaves, the creature returns.
local def = require("arbiter.sets.alpha.control_magic")
local register = def.install   -- the set's own install, kept: a host may wrap def.install in this one

-- install(g, card[, creature]): the static ability (registered once per stay on the
-- battlefield); with a creature, attached to it.
local function install(g, card, creature)
  local h = register(g, card)
  if creature then g:attach(card, creature) end
  return h
end

return { def = def, install = install }
