-- Drain Life {X}{1}{B} (Sorcery)
-- Oracle: "Spend only black mana on X.\nDrain Life deals X damage to any target. You gain life equal to the damage
--   dealt, but not more life than the player's life total before the damage was dealt, the planeswalker's
--   loyalty before the damage was dealt, or the creature's toughness."
-- Leans on: {X} paid only with black mana (x_mana, 407); a target creature or player (413); the
--   damage dealt read from its "damage" events (prevention and replacements counted, 419); the
--   era has no planeswalkers, so that clause never applies
local arbiter = require("arbiter")

local function drain(obj, g, card)
  local t = obj.targets[1]
  local cap = arbiter.core.kind(t) == "player" and t.life or t.toughness   -- before the damage
  local h0 = g:history_length()
  g:damage(card, t, obj.x)
  local dealt = 0
  for _, ev in ipairs(g:history(h0 + 1, "damage")) do
    if ev.source == card then dealt = dealt + ev.amount end
  end
  local gain = math.max(0, math.min(dealt, cap))
  if gain > 0 then g:gain_life(obj.controller, gain) end
end

return arbiter.card{
  name = "Drain Life", types = { "Sorcery" }, colors = { "black" }, cost = "{X}{1}{B}", x_mana = "black",
  targets = { "creature or player" }, resolve = drain,
  oracle = "Spend only black mana on X.\nDrain Life deals X damage to any target. You gain life equal to the " ..
    "damage dealt, but not more life than the player's life total before the damage was dealt, the " ..
    "planeswalker's loyalty before the damage was dealt, or the creature's toughness.",
}
