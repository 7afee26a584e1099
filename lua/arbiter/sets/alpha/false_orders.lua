-- False Orders {R} (Instant)
-- Oracle: "Cast this spell only during the declare blockers step.\nRemove target creature defending
--   player controls from combat. Creatures it was blocking that had become blocked by only that
--   creature this combat become unblocked. You may have it block an attacking creature of your
--   choice."
-- Leans on: a casting restriction (cast_condition: the declare blockers step, 309 of the era); a
--   target filter, "defending player": a player an attacking creature attacks (this turn's
--   "attack" events), checked again on resolution (413); g:remove_from_combat; this combat's
--   "block" events telling which attackers only it had blocked, each made unblocked
--   (g:become_unblocked: it deals its damage to the player it attacks); "you may" (ask_may) and
--   the attacker chosen (choose(p, "attacker", ...)) among those attacking its controller, which
--   it then blocks (g:become_blocking: an effect, not a declaration, so blocking restrictions
--   and evasion aren't checked, 500.3 judging declarations; "block" events, the band blocked
--   whole, 502.10e)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function cast_condition(g)
  if g.step == nil or g.step == "declare_blockers" then return true end
  return false, "False Orders is cast only during the declare blockers step (it is " .. g.step .. ")"
end

-- the player attacker attacks (its "attack" event this turn), or nil
local function defender_of(g, attacker)
  local ev = A.find_this_turn(g, function(e) return e.type == "attack" and e.card == attacker end, "attack")
  return ev and ev.target
end

local function defending(x, g)
  for _, a in ipairs(g:attackers()) do
    if defender_of(g, a) == x.controller then return true end
  end
  return false
end

-- had a become blocked, this combat, by c and no other creature? (the turn's "block" events)
local function only_by(g, a, c)
  local other = A.find_this_turn(g, function(ev)
    return ev.type == "block" and ev.target == a and ev.card ~= c
  end, "block")
  return other == nil
end

local function resolve(obj, g)
  local c = obj.targets[1]
  if not c then return end
  local was = {}
  for _, pair in ipairs(g:blocks()) do
    if pair[1] == c then was[#was + 1] = pair[2] end
  end
  g:remove_from_combat(c)
  for _, a in ipairs(was) do
    if a.zone == "battlefield" and a.attacking and only_by(g, a, c) then g:become_unblocked(a) end
  end
  local options = {}
  for _, a in ipairs(g:attackers()) do
    if defender_of(g, a) == c.controller then options[#options + 1] = a end
  end
  if #options == 0 or not arbiter.ask_may(g, obj.controller, "block", { card = c, source = obj.card }) then return end
  g:become_blocking(c, arbiter.ask_choose(g, obj.controller, "attacker", options, { card = c, source = obj.card }))
end

return arbiter.card{
  name = "False Orders", types = { "Instant" }, colors = { "red" }, cost = "{R}",
  targets = { { what = "creature", filter = defending } }, cast_condition = cast_condition, resolve = resolve,
  oracle = "Cast this spell only during the declare blockers step.\nRemove target creature defending player " ..
    "controls from combat. Creatures it was blocking that had become blocked by only that creature this " ..
    "combat become unblocked. You may have it block an attacking creature of your choice.",
}
