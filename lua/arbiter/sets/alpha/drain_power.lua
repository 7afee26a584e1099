-- Drain Power {U}{U} (Sorcery)
-- Oracle: "Target player activates a mana ability of each land they control. Then that player
-- loses all unspent mana and you add the mana lost this way."
-- Leans on: a player target (413); a player made to activate mana abilities
--   (g:activate_mana_abilities: one of each land's that it can activate now, through g:activate,
--   the one activation and payment path; among a dual land's, that player chooses:
--   choose(p, "mana ability", ...); triggered mana abilities such as Mana Flare's add theirs, 406.1);
--   mana leaving a pool (g:empty_pool: "mana_removed" events, no mana burn for it) and added to
--   another's as it was (its kinds: one "mana" event reporting them all). The era's mana burn
--   applies to the mana the caster then leaves unspent.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Drain Power", types = { "Sorcery" }, colors = { "blue" }, cost = "{U}{U}",
  targets = { "player" },
  resolve = function(obj, g, card)
    local p = obj.targets[1]
    g:activate_mana_abilities(p, g:permanents(p, "Land"), card)
    local n, lost = g:empty_pool(p)
    if n > 0 then g:add_mana(obj.controller, lost) end
  end,
  oracle = "Target player activates a mana ability of each land they control. Then that player loses all " ..
    "unspent mana and you add the mana lost this way.",
}
