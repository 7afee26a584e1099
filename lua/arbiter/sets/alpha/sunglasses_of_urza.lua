-- Sunglasses of Urza {3} (Artifact)
-- Oracle: "You may spend white mana as though it were red mana."
-- Leans on: a rule-changing static ability on its controller (g:add_static rules.mana_as): the one
--   payment path (407) may then pay a red symbol with white mana, from the pool or a source
-- Its color words are words of its text (418.5a layer 3): the rule is written as printed and read as
--   its text reads now (Sleight of Mind: "spend blue mana as though it were red mana").
local arbiter = require("arbiter")

local function controller(p, _, source) return p == source.controller end

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, affects = controller, rules = { mana_as = { white = { "red" } } } }
end)

return arbiter.card{
  name = "Sunglasses of Urza", types = { "Artifact" }, cost = "{3}", install = install,
  words = { from = "white", to = "red" },
  oracle = "You may spend white mana as though it were red mana.",
}
