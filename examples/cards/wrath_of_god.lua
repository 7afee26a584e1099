-- Wrath of God (Sorcery, 2WW): "Destroy all creatures. They can't be regenerated."
-- No target: every creature on the battlefield as Wrath resolves, destroyed with
-- {regenerate = false} (a regeneration shield doesn't save it; indestructible still does).
-- The Alpha set's card (lua/arbiter/sets/alpha/wrath_of_god.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.wrath_of_god") }
