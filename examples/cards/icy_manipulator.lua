-- Icy Manipulator (Artifact, 4): "{1}, {T}: Tap target artifact, creature, or land."
-- A cost of mana and {T} ("{1},{T}"); the target is a permanent with one of three types, a
-- filter on "permanent". Played in the opponent's upkeep, it keeps a creature from attacking.
-- The Alpha set's card (lua/arbiter/sets/alpha/icy_manipulator.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.icy_manipulator") }
