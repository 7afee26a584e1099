-- Crystal Rod {1} (Artifact)
-- Oracle: "Whenever a player casts a blue spell, you may pay {1}. If you do, you gain 1 life."
-- Leans on: a triggered ability on the "cast" event (410: on the stack above the spell, it
--   resolves first); the spell's colors as it is cast; "you may pay" on resolution
--   (arbiter.ask_pay: the pool, then mana abilities; nothing asked of a player who can't pay);
--   "you" is the artifact's controller as the ability resolves
-- Its color word is a word of its text (418.5a layer 3: words.color, read as it applies; Sleight of
--   Mind changes it).
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local install = A.pay_for_life("blue", "Crystal Rod")

return arbiter.card{
  name = "Crystal Rod", types = { "Artifact" }, cost = "{1}", install = install, words = { color = "blue" },
  oracle = "Whenever a player casts a blue spell, you may pay {1}. If you do, you gain 1 life.",
}
