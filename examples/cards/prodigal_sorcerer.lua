-- Prodigal Sorcerer (Creature — Human Wizard 1/1, 2U): "{T}: Prodigal Sorcerer deals 1 damage
-- to target creature or player."
-- An activated ability (406): g:activate(p, card, 1, {targets = {x}}) puts it on the stack;
-- {T} needs the Sorcerer under its controller's control since the turn began (502.5b).
-- The Alpha set's card (lua/arbiter/sets/alpha/prodigal_sorcerer.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.prodigal_sorcerer") }
