-- Hypnotic Specter {1}{B}{B} (Creature — Specter 2/2)
-- Oracle: "Flying
-- Whenever Hypnotic Specter deals damage to an opponent, that player discards a card at random."
-- Leans on: flying (502.4b); a trigger on "damage" events whose source is the Specter and whose
--   target is an opponent (combat damage or not; prevented damage is no event); a random
--   discard with the game's seeded generator (003)
-- examples/cards/hypnotic_specter.lua returns this definition.
local arbiter = require("arbiter")
local kind = arbiter.core.kind

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "damage", controller = card.controller, source = card, name = "Hypnotic Specter",
    condition = function(ev, _, s)
      return ev.source == s and kind(ev.target) == "player" and ev.target ~= s.controller
    end,
    effect = function(ev, game) game:discard(ev.target, 1, { random = true }) end }
end)

return arbiter.card{
  name = "Hypnotic Specter", types = { "Creature" }, subtypes = { "Specter" }, colors = { "black" },
  power = 2, toughness = 2, cost = "{1}{B}{B}", abilities = { "flying" }, install = install,
  oracle = "Flying\nWhenever Hypnotic Specter deals damage to an opponent, that player discards a card at random.",
}
