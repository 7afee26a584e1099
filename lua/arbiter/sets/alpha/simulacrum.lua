-- Simulacrum {1}{B} (Instant)
-- Oracle: "You gain life equal to the damage dealt to you this turn. Simulacrum deals damage to target creature
-- you control equal to the damage dealt to you this turn."
-- Leans on: the history (g:history: every "damage" event of this turn whose target is the
--   caster, after prevention: damage prevented was never dealt); life gain (003); damage from
--   the spell to a target creature its caster controls (413: rechecked on resolution)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

-- this turn's "damage" events (A.find_this_turn: the others are only compared in the core)
local function damage_this_turn(g, p)
  local n = 0
  A.find_this_turn(g, function(ev)
    if ev.target == p then n = n + ev.amount end
  end, "damage")
  return n
end

local function yours(c, _, spell) return c.controller == spell.controller end

return arbiter.card{
  name = "Simulacrum", types = { "Instant" }, colors = { "black" }, cost = "{1}{B}",
  targets = { { what = "creature", filter = yours } },
  resolve = function(obj, g, spell)
    local n = damage_this_turn(g, obj.controller)
    if n > 0 then
      g:gain_life(obj.controller, n)
      g:damage(spell, obj.targets[1], n)
    end
  end,
  oracle = "You gain life equal to the damage dealt to you this turn. Simulacrum deals damage to target " ..
    "creature you control equal to the damage dealt to you this turn.",
}
