-- Nevinyrral's Disk (Artifact, 4): "Nevinyrral's Disk comes into play tapped. {1}, {T}: Destroy
-- all artifacts, creatures, and enchantments."
-- "Comes into play tapped" is an ability of the vocabulary: it enters tapped, with no "tap"
-- event (it was never untapped on the battlefield). The Disk destroys itself too (it is an
-- artifact), all at once as its ability resolves.
-- The Alpha set's card (lua/arbiter/sets/alpha/nevinyrrals_disk.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.nevinyrrals_disk") }
