-- Sleight of Mind {U} (Instant)
-- Oracle: "Change the text of target spell or permanent by replacing all instances of one color
--   word with another. (For example, you may change "target black spell" to "target blue spell."
--   This effect lasts indefinitely.)"
-- Leans on: a "spell or permanent" target (413); a text-changing effect (418.5a layer 3,
--   add_static{words}) on a spell that goes on applying to the permanent it becomes (213.5);
--   keyword parameters ("protection from black") and a script's words (card.words) change;
--   the text-changing module (text_change.lua)
return require("arbiter.sets.alpha.text_change")("Sleight of Mind", { "white", "blue", "black", "red", "green" },
  "Change the text of target spell or permanent by replacing all instances of one color word with another. "
  .. "(For example, you may change \"target black spell\" to \"target blue spell.\" This effect lasts indefinitely.)")
