-- Sea Serpent (Creature — Serpent 5/5, 5U): "Sea Serpent can't attack unless defending player
-- controls an Island. When you control no Islands, sacrifice Sea Serpent."
-- The Alpha set's card (lua/arbiter/sets/alpha/sea_serpent.lua): one copy of each card.
-- The attack restriction is a can_attack function (asked during legality checks: a pure
-- question about the state); the sacrifice is a state trigger (410.10), asked after each
-- state-based check: it triggers once when its controller controls no Islands.
return { def = require("arbiter.sets.alpha.sea_serpent") }
