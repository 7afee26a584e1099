-- bench/soak/actions.lua — random actions for the rollback check: inside g:attempt the soak
-- does a few of these, then raises; the game must be exactly as before (422). Each action is
-- itself an API call that may legitimately refuse (an illegal declaration, a lost player):
-- such a refusal must leave the game as it was, so it is caught and the next action follows.
local M = {}

local ZONES = { "library", "hand", "graveyard", "battlefield", "exile" }
local ABILITIES = { "flying", "lure", "trample", "first strike", "haste", "can't block",
  "must be blocked if able", "no more than one creature can attack each combat" }

local function any_card(g, rng)
  local cards = {}
  for _, p in ipairs(g.players) do
    for _, z in ipairs({ p.library, p.hand, p.graveyard }) do
      for _, c in ipairs(z:cards()) do cards[#cards + 1] = c end
    end
  end
  for _, c in ipairs(g.battlefield:cards()) do cards[#cards + 1] = c end
  for _, c in ipairs(g.exile:cards()) do cards[#cards + 1] = c end
  if #cards == 0 then return nil end
  return cards[rng(#cards)]
end

local function permanent(g, rng)
  local cards = g.battlefield:cards()
  if #cards == 0 then return nil end
  return cards[rng(#cards)]
end

local function player(g, rng) return g.players[rng(#g.players)] end

local ACTIONS = {
  function(g, rng) g:draw(player(g, rng), rng(3)) end,
  function(g, rng) local c = any_card(g, rng); if c then g:move(c, ZONES[rng(#ZONES)]) end end,
  function(g, rng)
    local src, t = permanent(g, rng), permanent(g, rng)
    g:damage(src, (t and rng(2) == 1) and t or player(g, rng), rng(6))
  end,
  function(g, rng) local p = player(g, rng); p.life = p.life - rng(10) + 3 end,
  function(g, rng) local c = permanent(g, rng); if c then if c.tapped then c:untap() else c:tap() end end end,
  function(g, rng) g:discard(player(g, rng), rng(2), { random = rng(2) == 1 }) end,
  function(g, rng, pool)
    local defs = rng(2) == 1 and pool.scripts or pool.creatures
    g:create(defs[rng(#defs)], { owner = player(g, rng), zone = ZONES[rng(#ZONES)] })
  end,
  function(g, rng) local c = permanent(g, rng); if c then c:grant(ABILITIES[rng(#ABILITIES)]) end end,
  function(g, rng) g:shuffle(player(g, rng).library) end,
  function(g, rng)
    local opts = g:legal_attacks{ limit = 4 }
    if #opts > 0 then g:declare_attackers(opts[rng(#opts)]) end
  end,
  function(g, rng)
    local opts = g:legal_blocks{ limit = 4 }
    if #opts > 0 then g:declare_blockers(opts[rng(#opts)]) end
  end,
  function(g, rng)              -- a random (mostly illegal) declaration: must raise cleanly
    local decl = {}
    for _, c in ipairs(g.battlefield:cards()) do
      if rng(2) == 1 then decl[c] = player(g, rng) end
    end
    g:declare_attackers(decl)
  end,
  function(g, rng)
    local decl, perms, atk = {}, g.battlefield:cards(), g:attackers()
    for _, c in ipairs(perms) do
      local t = rng(2) == 1 and atk[rng(math.max(1, #atk))] or perms[rng(#perms)]
      if t then decl[c] = t end
    end
    g:declare_blockers(decl)
  end,
  function(g, rng)              -- bad input: each must raise and change nothing
    local c, p = any_card(g, rng), player(g, rng)
    local k = rng(5)
    if k == 1 then g:move(c or p, "nowhere")
    elseif k == 2 then g:damage(c, p, -rng(5))
    elseif k == 3 then g:draw(p, -rng(3))
    elseif k == 4 then p.life = 0.5
    else g:discard(p, 1, "random") end
  end,
  function(g) g:settle() end,
  function(g) g:combat_damage() end,
  function(g, rng) g:concede(player(g, rng)) end,
  function(g, rng) if rng(2) == 1 then g:win(player(g, rng)) else g:lose(player(g, rng)) end end,
  function(g) g:play_turn() end,
  function(g) g:cleanup_step() end,
}

--- Does 1..6 random actions; returns how many raised, or nil plus a message when a refused
--- call changed the game (any API call that raises leaves the game as it was).
function M.run(g, rng, pool)
  local refused = 0
  for _ = 1, rng(6) do
    local k = rng(#ACTIONS)
    local h = g:state_hash(true)
    local ok, err = pcall(ACTIONS[k], g, rng, pool)
    if not ok then
      refused = refused + 1
      if g:state_hash(true) ~= h then
        return nil, string.format("action %d raised (%s) but changed the game", k, tostring(err))
      end
    end
  end
  return refused
end

return M
