-- Camouflage {G} (Instant)
-- Oracle: "Cast this spell only during your declare attackers step.\nThis turn, instead of
--   declaring blockers, each defending player chooses any number of creatures they control and
--   divides them into a number of piles equal to the number of attacking creatures for whom that
--   player is the defending player. Creatures those players control that can block additional
--   creatures may likewise be put into additional piles. Assign each pile to a different one of
--   those attacking creatures at random. Each creature in a pile that can block the creature that
--   pile is assigned to does so. (Piles can be empty.)"
-- Leans on: a casting restriction (cast_condition: its caster's declare attackers step); an
--   effect replacing each defending player's block declaration this turn (g:add_static{rules =
--   {declare_blockers = fn}}: the declare blockers step runs fn for that player instead of asking
--   for a declaration, 309 of the era); the piles asked creature by creature (choose(p, "pile",
--   {0, 1, ..., n}, ctx): 0 none, else a pile number; again for a creature that can block
--   additional creatures, up to its capacity, each time among the piles it isn't in yet); the
--   game's seeded generator (g:random) assigning the piles to the attackers; "can block": the pair
--   as such (g:can_block: evasion, protection, tapped, restrictions on the pair), then the block
--   made by g:become_blocking (no declaration, so the declaration-wide restrictions, such as
--   "can't be blocked except by two or more creatures", and the requirements aren't checked: the
--   engine's reading of "each creature ... that can block ... does so")
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function cast_condition(g, p)
  if g.step == nil or (g.step == "declare_attackers" and g:is_active(p)) then return true end
  return false, "Camouflage is cast only during its caster's declare attackers step"
end

-- the attacking creatures attacking p (their "attack" events this turn), in card-id order
local function attacking(g, p)
  local out = {}
  for _, a in ipairs(g:attackers()) do
    local ev = A.find_this_turn(g, function(e) return e.type == "attack" and e.card == a end, "attack")
    if ev and ev.target == p then out[#out + 1] = a end
  end
  return out
end

-- how many piles c may be put into (capacity: 1, one more per "can block an additional creature")
local function room(c, n)
  if c:has("can block any number of creatures") then return n end
  return math.min(n, 1 + c:count("can block an additional creature"))
end

local function instead_of_blocks(g, p)
  local atk = attacking(g, p)
  local n = #atk
  if n == 0 then return end
  local piles = {}
  for i = 1, n do piles[i] = {} end
  for _, c in ipairs(g:permanents(p, "Creature")) do
    local used = {}
    for _ = 1, room(c, n) do
      local options = { 0 }
      for i = 1, n do if not used[i] then options[#options + 1] = i end end
      local i = arbiter.ask_choose(g, p, "pile", options, { card = c, piles = n })
      if i == 0 then break end
      used[i] = true
      piles[i][#piles[i] + 1] = c
    end
  end
  for i = n, 2, -1 do               -- each pile to a different attacker, at random
    local j = g:random(i)
    atk[i], atk[j] = atk[j], atk[i]
  end
  for i = 1, n do
    for _, c in ipairs(piles[i]) do
      if g:can_block(c, atk[i]) then g:become_blocking(c, atk[i]) end
    end
  end
end

-- every defending player (the effect is asked only of them, as blockers would be declared)
local function resolve(_, g)
  g:add_static{ duration = "end_of_turn", rules = { declare_blockers = instead_of_blocks } }
end

return arbiter.card{
  name = "Camouflage", types = { "Instant" }, colors = { "green" }, cost = "{G}",
  cast_condition = cast_condition, resolve = resolve,
  oracle = "Cast this spell only during your declare attackers step.\nThis turn, instead of declaring blockers, " ..
    "each defending player chooses any number of creatures they control and divides them into a number of " ..
    "piles equal to the number of attacking creatures for whom that player is the defending player. " ..
    "Creatures those players control that can block additional creatures may likewise be put into " ..
    "additional piles. Assign each pile to a different one of those attacking creatures at random. Each " ..
    "creature in a pile that can block the creature that pile is assigned to does so. (Piles can be empty.)",
}
