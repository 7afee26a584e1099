-- Rock Hydra {X}{R}{R} (Creature — Hydra 0/0)
-- Oracle: "Rock Hydra enters the battlefield with X +1/+1 counters on it.
-- For each 1 damage that would be dealt to Rock Hydra, if it has a +1/+1 counter on it, remove a +1/+1 counter
--   from it and prevent that 1 damage.
-- {R}: Prevent the next 1 damage that would be dealt to Rock Hydra this turn.
-- {R}{R}{R}: Put a +1/+1 counter on Rock Hydra. Activate only during your upkeep."
-- Leans on: as_enters (the counters it enters with: its spell's X, obj.x; 0 when it wasn't cast);
--   counters (+1/+1 in the power/toughness layer, 418.5); a replacement of the damage event
--   (prevention, 419.7: each prevented 1 takes a counter; with a {R} shield too, its controller
--   orders them, 419.9); a prevention shield (A.prevent_next); an activation condition
--   ("activate only during your upkeep")
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function as_enters(card, _, obj)
  local x = obj and obj.x or 0
  if x > 0 then card:add_counters("+1/+1", x) end
end

local function dealt_to(ev, _, hydra) return ev.target == hydra and ev.amount > 0 and hydra:counters("+1/+1") > 0 end

local function counters_take_damage(ev, _, hydra)
  local n = math.min(ev.amount, hydra:counters("+1/+1"))
  hydra:remove_counters("+1/+1", n)
  ev.amount = ev.amount - n
  return ev
end

local install = arbiter.installer(function(g, card)
  return g:add_replacement{ event = "damage", source = card, name = "Rock Hydra",
    applies = dealt_to, replace = counters_take_damage }
end)

local function your_upkeep(g, p) return g.step == "upkeep" and g:is_active(p), "only during your upkeep" end

return arbiter.card{
  name = "Rock Hydra", types = { "Creature" }, subtypes = { "Hydra" }, colors = { "red" }, cost = "{X}{R}{R}",
  power = 0, toughness = 0, as_enters = as_enters, install = install,
  activated = {
    { cost = "{R}", resolve = function(_, g, hydra) A.prevent_next(g, hydra, 1, "Rock Hydra's shield") end },
    { cost = "{R}{R}{R}", condition = your_upkeep,
      resolve = function(_, _, hydra) if hydra.zone == "battlefield" then hydra:add_counters("+1/+1", 1) end end },
  },
  oracle = "Rock Hydra enters the battlefield with X +1/+1 counters on it.\nFor each 1 damage that would be dealt to "
    .. "Rock Hydra, if it has a +1/+1 counter on it, remove a +1/+1 counter from it and prevent that 1 damage.\n"
    .. "{R}: Prevent the next 1 damage that would be dealt to Rock Hydra this turn.\n{R}{R}{R}: Put a +1/+1 "
    .. "counter on Rock Hydra. Activate only during your upkeep.",
}
