-- Hypnotic Specter (Creature — Specter 2/2, 1BB): "Flying. Whenever Hypnotic Specter deals
-- damage to an opponent, that player discards a card at random."
-- A trigger on "damage" events whose source is the Specter and whose target is an opponent
-- (combat damage or not); the discard is at random with the game's seeded generator.
-- The Alpha set's card (lua/arbiter/sets/alpha/hypnotic_specter.lua): one copy of each card; install is
-- its definition's (once per stay on the battlefield).
local def = require("arbiter.sets.alpha.hypnotic_specter")
return { def = def, install = def.install }
