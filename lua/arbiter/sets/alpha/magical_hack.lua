-- Magical Hack {U} (Instant)
-- Oracle: "Change the text of target spell or permanent by replacing all instances of one basic
--   land type with another. (For example, you may change "swampwalk" to "plainswalk." This effect
--   lasts indefinitely.)"
-- Leans on: a "spell or permanent" target (413); a text-changing effect (418.5a layer 3,
--   add_static{words}); landwalk parameters (502.6) and a script's words (card.words) change;
--   the text-changing module (text_change.lua)
return require("arbiter.sets.alpha.text_change")("Magical Hack", { "Plains", "Island", "Swamp", "Mountain", "Forest" },
  "Change the text of target spell or permanent by replacing all instances of one basic land type with another. "
  .. "(For example, you may change \"swampwalk\" to \"plainswalk.\" This effect lasts indefinitely.)")
