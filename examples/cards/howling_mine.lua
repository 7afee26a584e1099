-- Howling Mine (Artifact, 2): "At the beginning of each player's draw step, if Howling Mine is
-- untapped, that player draws an additional card."
--
-- A trigger on the "step" event (each step of a turn records one; see arbiter.turn). The
-- intervening "if" is checked when it triggers and again on resolution; the extra card is
-- drawn when the ability resolves, at the end of the draw step's priority moment (g:settle).
-- The Alpha set's card (lua/arbiter/sets/alpha/howling_mine.lua): one copy of each card; install is
-- its definition's (once per stay on the battlefield).
local def = require("arbiter.sets.alpha.howling_mine")
return { def = def, install = def.install }
