-- bench/soak/checks.lua — the invariants the soak checks after every step of every game.
-- Each check returns nil when it holds, or a message saying exactly what is wrong.
local M = {}
local isint = require("arbiter.compat").isint

local PLAYER_ZONES = { "library", "hand", "graveyard", "ante" }
local SHARED_ZONES = { "battlefield", "exile", "stack" }

local function zones_of(g)
  local out = {}
  for _, p in ipairs(g.players) do
    for _, z in ipairs(PLAYER_ZONES) do out[#out + 1] = p[z] end
  end
  for _, z in ipairs(SHARED_ZONES) do out[#out + 1] = g[z] end
  return out
end

-- Every card in exactly one zone, its zone field agreeing; cards in a player's zone owned by
-- that player; every card the soak created found, nothing else (an ability object may be on
-- the stack only while it waits to resolve; a token a script made may be anywhere until it
-- ceases to exist, 216.3); per-owner counts conserved (tokens apart).
function M.zones(g, created, allow_stack)
  local seen, per_owner = {}, {}
  for _, z in ipairs(zones_of(g)) do
    for i, c in ipairs(z:cards()) do
      local id = c.id
      if seen[id] then
        return string.format("card %s is in %s and in %s", tostring(c), seen[id], z.name)
      end
      seen[id] = z.name .. (z.owner and ("(" .. z.owner.name .. ")") or "")
      if c.zone ~= z.name then
        return string.format("card %s at %s[%d] says its zone is %s", tostring(c), z.name, i, tostring(c.zone))
      end
      if z.owner and c.owner ~= z.owner then
        return string.format("card %s owned by %s is in %s's %s", tostring(c), c.owner.name, z.owner.name, z.name)
      end
      if not created[id] then
        if not c.token and not (allow_stack and z.name == "stack" and c.definition == nil) then
          return string.format("card %s in %s was never created by the soak", tostring(c), z.name)
        end
      else
        local o = c.owner.index
        per_owner[o] = (per_owner[o] or 0) + 1
        if created[id] ~= o then return string.format("card %s changed owner", tostring(c)) end
      end
    end
  end
  for id, o in pairs(created) do
    if not seen[id] then return string.format("card #%d (owner %d) is in no zone", id, o) end
  end
  return nil, per_owner
end

-- Life totals are integers (team members share one); card numbers are sane.
function M.numbers(g)
  local life_of = {}
  for _, p in ipairs(g.players) do
    if not isint(p.life) then return string.format("%s's life is %s", p.name, tostring(p.life)) end
    local t = p.team
    if life_of[t] and life_of[t] ~= p.life then
      return string.format("team %d: members' life totals differ (%d, %d)", t, life_of[t], p.life)
    end
    life_of[t] = p.life
  end
  for _, c in ipairs(g.battlefield:cards()) do
    if not isint(c.damage) or c.damage < 0 then
      return string.format("%s has damage %s", tostring(c), tostring(c.damage))
    end
  end
  return nil
end

-- After a settle no creature with lethal damage or toughness <= 0 stays on the battlefield,
-- and a player at 0 life has lost unless a "can't lose" replacement (Platinum Angel) keeps
-- them in (state-based effects: rule 420.5, which 423.4 cites).
-- A player at 0 or less life who hasn't lost is kept in the game by a rule only if a settle,
-- tried now inside a rolled-back attempt, doesn't make it lose either: its "lose" event with
-- reason "life" is replaced (Lich, Platinum Angel; 420.5a).
local function kept_alive(g, p)
  local alive = false
  g:attempt(function() g:settle(); alive = not p.lost; error("undo", 0) end)
  return alive
end

function M.state_based(g)
  if g:result() then return nil end
  for _, c in ipairs(g.battlefield:cards()) do
    if c.toughness and c.power then
      local creature = false
      for _, t in ipairs(c.types or {}) do creature = creature or t == "Creature" end
      if creature and (c.toughness <= 0 or c.damage >= c.toughness) then
        return string.format("%s (%d/%d, damage %d) survived a settle", tostring(c), c.power, c.toughness, c.damage)
      end
    end
  end
  for _, p in ipairs(g.players) do
    if p.life <= 0 and not p.lost and not kept_alive(g, p) then
      return string.format("%s at %d life has not lost", p.name, p.life)
    end
  end
  return nil
end

-- What each step leaves behind (older guide 003 "Step by Step"; arbiter.turn): after the
-- untap step the active player's permanents are untapped; at the beginning of a turn none of
-- them is summoning sick; after combat nothing is attacking; after the cleanup step no damage
-- is marked and the hand is within the maximum hand size (7 here: no house rule changes it).
local function no_attackers(g)
  if #g:attackers() > 0 then return "creatures still attacking after combat" end
  for _, c in ipairs(g.battlefield:cards()) do
    if c.attacking then return tostring(c) .. " still attacking after combat" end
  end
end

local function cleaned_up(g)
  for _, c in ipairs(g.battlefield:cards()) do
    if c.damage ~= 0 then return string.format("%s has %d damage after the cleanup step", tostring(c), c.damage) end
  end
  local p = g.active_player
  local max = g:max_hand_size(p)   -- nil: no maximum
  if max and #p.hand > max then
    return string.format("%s has %d cards after the cleanup step", p.name, #p.hand)
  end
end

-- A permanent may stay tapped through its controller's untap step (502.2) only where a rule
-- keeps it: an untap limit on its type (Winter Orb, Smoke), or its untap replaced or prohibited
-- (Meekstone; "doesn't untap"), which an untap tried now, in the same step, inside a
-- rolled-back attempt shows.
local internal = require("arbiter.internal")
local arbiter = require("arbiter")
local function kept_tapped(g, c, limits)
  for _, u in ipairs(limits or {}) do
    if u.type == nil or arbiter.has_type(c, u.type) then return true end
  end
  local stays = false
  g:attempt(function() pcall(c.untap, c); stays = c.tapped; error("undo", 0) end)
  return stays
end

local AFTER = {
  begin_turn = function(g)
    for _, c in ipairs(g:permanents(g.active_player, "any")) do
      if c.sick then return tostring(c) .. " is summoning sick at the beginning of its controller's turn" end
    end
  end,
  untap_step = function(g)
    local limits = internal._untap_limits(g, g.active_player)
    for _, c in ipairs(g:permanents(g.active_player, "any")) do
      if c.tapped and not kept_tapped(g, c, limits) then
        return tostring(c) .. " is tapped after its controller's untap step, and no rule keeps it tapped"
      end
    end
  end,
  combat_phase = no_attackers,
  end_of_combat_step = no_attackers,
  cleanup_step = cleaned_up,
  play_turn = function(g) return no_attackers(g) or cleaned_up(g) end,
}

function M.after_step(g, name)
  local f = AFTER[name]
  if f and not g:result() then return f(g) end
  return nil
end

-- g:state_hash() equals a clone's, with and without the choice count.
function M.clone_hash(g)
  local c = g:clone()
  if c:state_hash() ~= g:state_hash() then return "clone:state_hash() differs from the game's" end
  if c:state_hash(true) ~= g:state_hash(true) then return "clone:state_hash(true) differs from the game's" end
  return nil
end

-- The game's RNG is part of the state: a rolled-back draw from it gives the same number again.
function M.rng_rollback(g)
  local a, b
  g:attempt(function() a = g:random(1000000007); error("undo") end)
  g:attempt(function() b = g:random(1000000007); error("undo") end)
  if a ~= b then return string.format("g:random after a rollback: %s then %s", tostring(a), tostring(b)) end
  return nil
end

return M
