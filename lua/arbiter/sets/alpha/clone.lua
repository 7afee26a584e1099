-- Clone {3}{U} (Creature — Shapeshifter 0/0)
-- Oracle: "You may have Clone enter the battlefield as a copy of any creature on the battlefield."
-- Leans on: as_enters (the choice made as it enters, before anything sees it there); a copy
--   effect (503, the era's first layer 418.5a: the copied creature's printed values, or what it
--   copies itself; not its counters, Auras or other effects); state-based actions (a 0/0 that
--   copies nothing is put into its owner's graveyard, 420.5a)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Clone", types = { "Creature" }, subtypes = { "Shapeshifter" }, colors = { "blue" },
  cost = "{3}{U}", power = 0, toughness = 0,
  as_enters = require("arbiter.sets.alpha.enter_as_copy")("Creature"),
  oracle = "You may have Clone enter the battlefield as a copy of any creature on the battlefield.",
}
