-- Lightning Bolt (Instant, R): "Lightning Bolt deals 3 damage to target creature or player."
-- Cast with g:cast(p, card, {targets = {x}}) whenever p holds priority (116); its target is
-- checked again on resolution (413): a creature that left the battlefield means no damage.
-- The Alpha set's card (lua/arbiter/sets/alpha/lightning_bolt.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.lightning_bolt") }
