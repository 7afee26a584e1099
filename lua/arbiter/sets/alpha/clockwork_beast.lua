-- Clockwork Beast {6} (Artifact Creature — Beast 0/4)
-- Oracle: "Clockwork Beast enters the battlefield with seven +1/+0 counters on it.
-- At end of combat, if Clockwork Beast attacked or blocked this combat, remove a +1/+0 counter from it.
-- {X}, {T}: Put up to X +1/+0 counters on Clockwork Beast. This ability can't cause the total number of +1/+0
--   counters on Clockwork Beast to be greater than seven. Activate only during your upkeep."
-- Leans on: as_enters (the seven counters it enters with); counters counted in the power/toughness
--   layer (418.5: a P/T function, its +1/+0 counters); a triggered ability on the end of combat
--   step (410) with an intervening "if" (it attacked or blocked this combat: the combat's "attack"
--   and "block" declarations); an X cost with {T}, "up to X" chosen as it resolves
--   (choose(p, "counters", {n, ..., 0})); an activation condition (its controller's upkeep)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local MAX = 7

local function counters(c) return c:counters("+1/+0") end

-- did it attack or block this combat? (the declarations since the combat began). Read from the
-- last 4 events first: asked at end of combat, most combats (no attack: ~3 of 4 in random Alpha
-- games) began 3 events before; one with attacks and blocks in windows of 8 and 16 events then
local function fought(g, beast)
  return A.newest_first(g, function(ev)
    if ev.type == "step" and ev.step == "beginning_of_combat" then return false end
    if (ev.type == "attack" or ev.type == "block") and ev.card == beast then return true end
  end, 4) or false
end

local function end_of_its_combat(_, g, beast) return fought(g, beast) end

local install = arbiter.installer(function(g, card)
  return {
    g:add_static{ source = card, affects = card, power = counters },
    g:trigger{ event = "step", source = card, controller = card.controller, name = "Clockwork Beast",
      step = "end_of_combat", condition = end_of_its_combat,
      effect = function(_, _, beast) if beast.zone == "battlefield" then beast:remove_counters("+1/+0", 1) end end },
  }
end)

local function wind_up(obj, g, beast)
  if beast.zone ~= "battlefield" then return end
  local n = math.min(obj.x, MAX - counters(beast))
  if n <= 0 then return end
  local options = {}
  for k = n, 0, -1 do options[#options + 1] = k end
  local k = arbiter.ask_choose(g, obj.controller, "counters", options, { source = beast })
  if k > 0 then beast:add_counters("+1/+0", k) end
end

local function your_upkeep(g, p) return g.step == "upkeep" and g:is_active(p), "only during your upkeep" end

return arbiter.card{
  name = "Clockwork Beast", types = { "Artifact", "Creature" }, subtypes = { "Beast" }, cost = "{6}",
  power = 0, toughness = 4, install = install,
  as_enters = function(card) card:add_counters("+1/+0", MAX) end,
  activated = { { cost = "{X},{T}", condition = your_upkeep, resolve = wind_up } },
  oracle = "Clockwork Beast enters the battlefield with seven +1/+0 counters on it.\nAt end of combat, if Clockwork "
    .. "Beast attacked or blocked this combat, remove a +1/+0 counter from it.\n{X}, {T}: Put up to X +1/+0 "
    .. "counters on Clockwork Beast. This ability can't cause the total number of +1/+0 counters on Clockwork "
    .. "Beast to be greater than seven. Activate only during your upkeep.",
}
