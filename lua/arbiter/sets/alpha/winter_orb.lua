-- Winter Orb {2} (Artifact)
-- Oracle: "As long as Winter Orb is untapped, players can't untap more than one land during their untap steps."
-- Leans on: a rule-changing static ability (418) on every player while it is on the battlefield
--   and untapped (rules.untap_limit: the player chooses which land untaps, choose(p, "untap", ...));
--   the untap step (its untap events, 302)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, rules = { untap_limit = { count = 1, type = "Land" } },
    affects = function(_, _, source) return not source.tapped end }
end)

return arbiter.card{
  name = "Winter Orb", types = { "Artifact" }, cost = "{2}", install = install,
  oracle = "As long as Winter Orb is untapped, players can't untap more than one land during their untap steps.",
}
