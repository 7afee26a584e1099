-- Blue Ward {U} (Enchantment — Aura)
-- Oracle: "Enchant creature
--   Enchanted creature has protection from blue. This effect doesn't remove Blue Ward."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); a
--   static ability granting protection (502.7) with an exception (add_static{except}): it doesn't
--   remove this Aura (502.7c); its color word is a word of its text (Sleight of Mind); the Ward
--   cycle's module (ward.lua)
return require("arbiter.sets.alpha.ward")("Blue Ward", "blue", "{U}")
