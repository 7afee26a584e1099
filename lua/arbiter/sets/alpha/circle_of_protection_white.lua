-- Circle of Protection: White {1}{W} (Enchantment)
-- Oracle: "{1}: The next time a white source of your choice would deal damage to you this turn, prevent that damage."
-- Leans on: an activated ability on the stack (406); a prevention shield against one source
--   (419.6: a replacement of the next damage event from it to you this turn), chosen as the
--   ability resolves among the white permanents, spells and ability sources (source_shield.lua)
return require("arbiter.sets.alpha.source_shield").circle("white")
