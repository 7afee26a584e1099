-- Instill Energy {G} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- Enchanted creature can attack as though it had haste.
-- {0}: Untap enchanted creature. Activate only during your turn and only once each turn."
-- Leans on: an Aura (212.4); "can attack as though it had haste" (the vocabulary: the creature
--   may attack the turn it came under its controller's control, 212.3d, while its {T}
--   abilities still can't be paid, 502.5b); an activated ability with an activation condition
--   (the entry's condition: its controller's turn, and no activation of it yet this turn, read
--   from the turn's "activate" events).
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

-- has this ability of card been activated this turn? (the turn's events, newest first)
local function activated_this_turn(g, card)
  local turn = g.turn
  return A.newest_first(g, function(ev)
    if ev.turn ~= turn then return false end
    if ev.type == "activate" and ev.card == card and ev.amount == 1 then return true end
  end) or false
end

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, abilities = { "can attack as though it had haste" },
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Instill Energy", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" },
  cost = "{G}", enchant = "creature", targets = { "creature" }, install = install,
  activated = { {
    cost = "{0}",
    condition = function(g, p, aura)
      if not g:is_active(p) then return false, "only during your turn" end
      return not activated_this_turn(g, aura), "only once each turn"
    end,
    effect = function(_, g, aura)
      local c = aura.attached_to
      if c then c:untap() end
    end } },
  oracle = "Enchant creature\nEnchanted creature can attack as though it had haste.\n{0}: Untap enchanted creature. " ..
    "Activate only during your turn and only once each turn.",
}
