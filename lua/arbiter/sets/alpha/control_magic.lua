-- Control Magic {2}{U}{U} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- You control enchanted creature."
-- Leans on: Auras (212.4; 420.5); control-changing effects (418.5); summoning sickness (212.3d, 502.5b)
-- A control-changing continuous effect on whatever it enchants now: the creature can't attack or
-- use {T} abilities until its new controller's next turn begins; when Control Magic leaves the
-- battlefield its effect ends and the creature returns.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Control Magic", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "blue" },
  cost = "{2}{U}{U}", targets = { "creature" }, enchant = "creature",
  install = arbiter.installer(function(g, card)
    return g:add_static{
      source = card, controller = card.controller,
      affects = { attached = true },
    }
  end),
  oracle = "Enchant creature\nYou control enchanted creature.",
}
