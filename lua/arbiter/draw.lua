-- arbiter.draw — drawing (423) and discarding: g:draw with options, g:draw_each, g:discard;
-- the players in APNAP order (g:apnap, internal._foes).
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe
local guard = core._guard        -- card-script functions run under their budgets (sandbox.lua)

return function(internal, Game)
  local env, index_of, players = internal._env, internal._index, internal._players
  local once_per = internal._once_per
  local atomic = internal._atomic
  local active = GI._active          -- g.active_player as a call (no __index dispatch)

  -- ---------------------------------------------------------------- drawing (423)

  local function check_draw_opts(fname, opts)
    if opts == nil then return nil end
    check.table(fname, 3, opts)
    if opts.after ~= nil and type(opts.after) ~= "function" then
      fail(fname, 3, "after must be a function, got " .. describe(opts.after), 3)
    end
    return opts
  end

  local function draw_with(g, p, n, opts)
    local drawn = {}
    for i = 1, n do
      -- 423.3: an offered draw may be taken even from an empty library
      if not opts.optional or internal._ask_may(g, p, "draw", { player = p, index = i, count = n }) then
        local got = GI._draw(g, p, 1)[1]
        if got then
          drawn[#drawn + 1] = got
          if opts.after then guard(opts.after)(got) end   -- 423.6c: only cards this draw put in hand
        end
      end
    end
    return drawn
  end

  --- g:draw(p, n, opts): n separate draws, one at a time (423.2). The common call,
  --- g:draw(p[, n]), is C (csrc/lmove.c, g_draw); with options it comes here.
  -- The whole instruction is a replaceable "draws" event {player, amount} first (its
  -- observers run before the first card is drawn; replaced, nothing is drawn; a replacement may
  -- change the amount). Emitted when an effect may watch it: with options here, else by the C
  -- draw itself (lmove.c draws_body: the same event, then the same draws, as one action).
  local function draws(g, p, n, opts)
    local happened, amount = GI._emit(g, "draws", { player = p, amount = n })
    if not happened then return {} end
    n = amount > 0 and amount or 0
    if not opts or (not opts.optional and not opts.after) then return GI._draw(g, p, n) end
    return draw_with(g, p, n, opts)
  end

  function GI._draw_opts(self, p, n, opts)
    check.object(self, "draw", 1, p, "player")
    n = check.count("draw", 2, n, 1)
    opts = check_draw_opts("draw", opts)
    if GI._hooked_named(self) then return atomic(self, draws, p, n, opts) end
    if not opts or (not opts.optional and not opts.after) then return GI._draw(self, p, n) end
    return atomic(self, draw_with, p, n, opts)
  end

  -- Players in draw order: the active team first (its primary, then the secondary), then
  -- each other team in turn order (423.2a, 2HG 423.2b). The cache holds player indices, not
  -- players: g:clone() shares it (lgame.c's env_shared: the seats are the clone's too), and a
  -- clone's players are its own objects.
  local function teams_of(g)
    local e = env[g]
    if not e.byteam then
      local byteam = {}
      for _, p in ipairs(g.players) do
        local t = p.team
        if not byteam[t] then byteam[t] = {} end
        table.insert(byteam[t], p.index)
      end
      e.byteam = byteam
    end
    return e.byteam
  end

  -- The order depends only on the active team: kept per active player (player indices, so a
  -- clone's players are its own); each call returns a fresh array.
  function Game:apnap()
    local act, e = self.active_player, env[self]
    local orders = e.apnap_orders
    if not orders then orders = {}; e.apnap_orders = orders end
    local order = orders[index_of[act]]
    if not order then
      local byteam = teams_of(self)
      local nteams = #byteam
      order = {}
      for k = 0, nteams - 1 do
        for _, i in ipairs(byteam[(act.team - 1 + k) % nteams + 1]) do order[#order + 1] = i end
      end
      orders[index_of[act]] = order
    end
    local ps, out = players[self], {}
    for k = 1, #order do out[k] = ps[order[k]] end
    return out
  end

  -- The players on another team than the active player's, in APNAP order (in the game or
  -- not: callers skip those who lost): teams never change, so the list is kept per game and
  -- active player (weak: a clone is another key). Shared by the turn and the declarations.
  local foes_by_active = once_per(function() return {} end)
  function internal._foes(g)
    if env[g].seats then return internal._attackable_foes(g) end   -- 601, 604: who is in reach now
    local byact = foes_by_active[g]
    local act = active(g)
    local i = index_of[act]
    local foes = byact[i]
    if not foes then
      foes = {}
      local team = act.team
      for _, q in ipairs(g:apnap()) do
        if q.team ~= team then foes[#foes + 1] = q end
      end
      byact[i] = foes
    end
    return foes
  end

  local MAX_DRAWS = 100000000   -- g:draw's own bound (lmove.c): checked here, naming draw_each

  --- g:draw_each(n) or g:draw_each{[p] = n}: every player draws, in APNAP order
  function Game:draw_each(counts)
    local per = {}
    if check.integer(counts) then
      counts = check.integer(counts)
      if counts < 0 then fail("draw_each", 1, "count must be >= 0, got " .. counts) end
      if counts > MAX_DRAWS then fail("draw_each", 1, "count too large (at most 10^8), got " .. counts) end
      for _, p in ipairs(self.players) do per[p.index] = counts end
    elseif type(counts) == "table" then
      for p, n in pairs(counts) do
        check.object(self, "draw_each", 1, p, "player")
        if not check.integer(n) or n < 0 or n > MAX_DRAWS then
          fail("draw_each", 1, "count for " .. tostring(p) .. " must be an integer 0 to 10^8, got " .. describe(n))
        end
        per[p.index] = check.integer(n)
      end
    else
      fail("draw_each", 1, "count or {[player] = count} expected, got " .. describe(counts))
    end
    return atomic(self, function()
      local drawn = {}
      for _, p in ipairs(self:apnap()) do
        for _, c in ipairs(Game.draw(self, p, per[p.index] or 0)) do drawn[#drawn + 1] = c end
      end
      return drawn
    end)
  end

  -- ---------------------------------------------------------------- discard

  --- g:discard(p, n, {random = true}): one at a time; the player chooses unless random
  function Game:discard(p, n, opts)
    check.object(self, "discard", 1, p, "player")
    n = check.count("discard", 2, n, 1)
    opts = check.table("discard", 3, opts, true)
    return atomic(self, function()
      local out = {}
      for i = 1, n do
        local hand = p.hand:cards()
        if #hand == 0 then break end
        local card
        if opts.random then
          card = hand[self:random(#hand)]
        else
          card = internal._ask_choose(self, p, "discard", hand, { player = p, index = i, count = n })
        end
        GI._discard(self, p, card)
        out[#out + 1] = card
      end
      return out
    end)
  end
end
