-- Raise Dead (Sorcery, B): "Return target creature card from your graveyard to your hand."
-- A target in a graveyard: {what = "creature", zone = "graveyard", filter = ...} (the filter:
-- your graveyard). A card that leaves the graveyard before Raise Dead resolves is a new object
-- (217.1c): Raise Dead is countered (413).
-- The Alpha set's card (lua/arbiter/sets/alpha/raise_dead.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.raise_dead") }
