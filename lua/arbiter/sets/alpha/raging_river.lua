-- Raging River {R}{R} (Enchantment)
-- Oracle: "Whenever one or more creatures you control attack, each defending player divides all
--   creatures without flying they control into a "left" pile and a "right" pile. Then, for each
--   attacking creature you control, choose "left" or "right." That creature can't be blocked this
--   combat except by creatures with flying and creatures in a pile with the chosen label."
-- Leans on: a trigger on the "attack" events of its controller's creatures, once per declaration
--   (the first of them: one declaration a turn, one combat phase); piles (arbiter.ask_piles: the
--   first pile is "left", the second "right", ctx.labels says so); "left" or "right" chosen per
--   attacking creature (choose(p, "pile", {"left", "right"}, ctx)); a block restriction granted
--   by a continuous effect (g:add_static{block_condition}, 500.1) until end of turn, which is this
--   combat's (the era has one combat phase a turn, and blocks are declared only in it): flying is
--   read as blockers are declared, the piles as they were made (kept by card id, so a clone
--   reads its own cards)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

-- the first "attack" event of this turn by a creature p controls (the declaration's first)
local function first_attack(g, p)
  local first
  A.find_this_turn(g, function(ev)
    if ev.type == "attack" and ev.player == p then first = ev end
    return false
  end, "attack")
  return first
end

local function condition(ev, g, river)
  if ev.player ~= river.controller then return false end
  local first = first_attack(g, river.controller)
  return first ~= nil and first.card == ev.card
end

local LABELS = { "left", "right" }

-- each defending player's piles: {left = {[id] = true}, right = {...}} over all of them
local function make_piles(g, you, attackers, river)
  local out, seen = { left = {}, right = {} }, {}
  for _, p in ipairs(arbiter.defenders_of(g, you)) do
    local attacked = false
    for _, a in ipairs(attackers) do
      local ev = A.find_this_turn(g, function(e) return e.type == "attack" and e.card == a end, "attack")
      if ev and ev.target == p then attacked = true end
    end
    if attacked and not seen[p] then
      seen[p] = true
      local walkers = {}
      for _, c in ipairs(g:permanents(p, "Creature")) do
        if not c:has("flying") then walkers[#walkers + 1] = c end
      end
      local left, right = arbiter.ask_piles(g, p, walkers, { source = river, labels = LABELS })
      for _, c in ipairs(left) do out.left[c.id] = true end
      for _, c in ipairs(right) do out.right[c.id] = true end
    end
  end
  return out
end

local function effect(_, g, river, obj)
  local you = obj and obj.controller or river.controller
  local attackers = {}
  for _, a in ipairs(g:attackers()) do if a.controller == you then attackers[#attackers + 1] = a end end
  if #attackers == 0 then return end
  local piles = make_piles(g, you, attackers, river)
  for _, a in ipairs(attackers) do
    local label = arbiter.ask_choose(g, you, "pile", LABELS, { card = a, source = river })
    local pile = piles[label]
    g:add_static{ affects = a, duration = "end_of_turn",
      block_condition = function(blocker) return blocker:has("flying") or pile[blocker.id] == true end }
  end
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "attack", controller = card.controller, source = card, name = "Raging River",
    condition = condition, effect = effect }
end)

return arbiter.card{
  name = "Raging River", types = { "Enchantment" }, colors = { "red" }, cost = "{R}{R}", install = install,
  oracle = "Whenever one or more creatures you control attack, each defending player divides all creatures " ..
    "without flying they control into a \"left\" pile and a \"right\" pile. Then, for each attacking creature " ..
    "you control, choose \"left\" or \"right.\" That creature can't be blocked this combat except by " ..
    "creatures with flying and creatures in a pile with the chosen label.",
}
