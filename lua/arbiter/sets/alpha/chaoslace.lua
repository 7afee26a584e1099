-- Chaoslace {R} (Instant)
-- Oracle: "Target spell or permanent becomes red. (Its mana symbols remain unchanged.)"
-- Leans on: a "spell or permanent" target (413); a color-changing effect (418.5) on a spell that
--   goes on applying to the permanent it becomes (213.5); the -lace cycle's module (lace.lua)
return require("arbiter.sets.alpha.lace")("Chaoslace", "red", "{R}")
