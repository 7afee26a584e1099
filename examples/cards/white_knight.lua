-- White Knight (Creature — Human Knight 2/2, WW): "First strike; protection from black."
-- The Alpha set's card (lua/arbiter/sets/alpha/white_knight.lua): one copy of each card.
-- Protection (502.7): it can't be blocked by black creatures, targeted by black spells or
-- abilities from black sources, or enchanted by black Auras, and damage black sources would
-- deal it is prevented. Keywords only: the engine reads the abilities; no install.
return { def = require("arbiter.sets.alpha.white_knight") }
