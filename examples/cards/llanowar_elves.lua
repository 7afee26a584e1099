-- Llanowar Elves (Creature — Elf Druid 1/1, G): "{T}: Add {G} to your mana pool."
-- A mana ability (406.1): it doesn't use the stack, and g:cast plays it to pay a cost. Its {T}
-- needs the Elves under its controller's control since the turn began (502.5b).
-- The Alpha set's card (lua/arbiter/sets/alpha/llanowar_elves.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.llanowar_elves") }
