-- Dark Ritual: the card of the Alpha set (lua/arbiter/sets/alpha/dark_ritual.lua, with its Oracle text and
-- the rules it leans on); this example returns that definition, so there is one copy of the card.
return { def = require("arbiter.sets.alpha.dark_ritual") }
