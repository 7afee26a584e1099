-- Fork {R}{R} (Instant)
-- Oracle: "Copy target instant or sorcery spell, except that the copy is red. You may choose new targets for the copy."
-- Leans on: a spell target (413); g:copy_spell (503: a copy put onto the stack, not cast, with
--   the original's X and mode; its controller may choose new targets: may(p, "new targets"),
--   then choose(p, "target", ...); the copy is Fork's controller's and red); the copy resolves
--   before the original (the stack, 408), and off the stack it ceases to exist (216.3)
-- Its color word is a word of its text (418.5a layer 3: words.color, read as it resolves; Sleight of
--   Mind on Fork makes the copy that color).
local arbiter = require("arbiter")

local function instant_or_sorcery(o) return o.card:is("Instant") or o.card:is("Sorcery") end

return arbiter.card{
  name = "Fork", types = { "Instant" }, colors = { "red" }, cost = "{R}{R}",
  targets = { { what = "spell", filter = instant_or_sorcery } },
  words = { color = "red" },
  resolve = function(obj, g) g:copy_spell(obj.targets[1], obj.controller, { colors = obj.card.words.color }) end,
  oracle = "Copy target instant or sorcery spell, except that the copy is red. You may choose new targets for "
    .. "the copy.",
}
