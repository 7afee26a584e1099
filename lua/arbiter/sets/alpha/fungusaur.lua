-- Fungusaur {3}{G} (Creature — Fungus Lizard 2/2)
-- Oracle: "Whenever Fungusaur is dealt damage, put a +1/+1 counter on it."
-- Leans on: a triggered ability on the damage events dealt to it (410; damage prevented to 0 is
--   no damage dealt), one trigger per event; +1/+1 counters (the power/toughness layer, 418.5)
-- Lethal damage puts it into the graveyard (420.5) before its trigger resolves: the counter then
-- goes nowhere (the card there is a new object, 217.1c).
local arbiter = require("arbiter")

local function dealt_damage(ev, _, fungusaur) return ev.target == fungusaur and ev.amount > 0 end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "damage", controller = card.controller, source = card, name = "Fungusaur",
    condition = dealt_damage,
    effect = function(_, _, fungusaur)
      if fungusaur.zone == "battlefield" then fungusaur:add_counters("+1/+1", 1) end
    end }
end)

return arbiter.card{
  name = "Fungusaur", types = { "Creature" }, subtypes = { "Fungus", "Lizard" }, colors = { "green" },
  cost = "{3}{G}", power = 2, toughness = 2, install = install,
  oracle = "Whenever Fungusaur is dealt damage, put a +1/+1 counter on it.",
}
