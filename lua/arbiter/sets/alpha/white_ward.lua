-- White Ward {W} (Enchantment — Aura)
-- Oracle: "Enchant creature
--   Enchanted creature has protection from white. This effect doesn't remove White Ward."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); a
--   static ability granting protection (502.7) with an exception (add_static{except}): it doesn't
--   remove this Aura (502.7c); its color word is a word of its text (Sleight of Mind); the Ward
--   cycle's module (ward.lua)
return require("arbiter.sets.alpha.ward")("White Ward", "white", "{W}")
