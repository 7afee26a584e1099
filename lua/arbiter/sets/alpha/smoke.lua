-- Smoke {R}{R} (Enchantment)
-- Oracle: "Players can't untap more than one creature during their untap steps."
-- Leans on: a rule-changing static ability (418) on every player while it is on the battlefield
--   (rules.untap_limit: the player chooses which creature untaps, choose(p, "untap", ...)); the
--   untap step (its untap events, 302); types as they are now (an animated land counts)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, rules = { untap_limit = { count = 1, type = "Creature" } } }
end)

return arbiter.card{
  name = "Smoke", types = { "Enchantment" }, colors = { "red" }, cost = "{R}{R}", install = install,
  oracle = "Players can't untap more than one creature during their untap steps.",
}
