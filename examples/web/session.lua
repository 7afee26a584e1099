-- examples/web/session.lua — the web page's game: examples/love's duel (you against
-- arbiter.agents.simple, through the host driver: duel.lua has no LÖVE in it) as plain calls
-- that take and give JSON. The page (app.js) draws the board from the state's `view`, which
-- is g:view(you): Simple's hand face down. A click is S.click(kind, arg) (a card by id, a
-- player by index, a button by its label): the duel's own click handlers answer the question,
-- and the game runs to the next one. Every click is kept (S.clicks) so that the same game can
-- be played again natively (examples/web/replay.lua) and the two end hashes compared.
return function(arbiter)
  local Duel = require("duel")(arbiter)
  local S = { json = require("json") }

  -- runs the game until you must click (or it is over)
  local function run()
    local d, n = S.duel, 0
    while not d.over and not d.q do
      d:update(0)
      n = n + 1
      if n > 100000 then error("session: the game doesn't reach a question") end
    end
  end

  function S.new(seed)
    S.duel, S.clicks = Duel.new(seed), {}
    run()
    return S.state()
  end

  local function ids(set)
    local out = {}
    for c in pairs(set) do out[#out + 1] = c.id end
    table.sort(out)
    return out
  end

  -- what a click can answer now: the cards and players of the question's options; for a
  -- declaration, your creatures (and, blocking, the attackers)
  local function clickable(d)
    local q, cards, players = d.q, {}, {}
    if not q then return cards, players end
    if q.kind == "choose" or q.kind == "priority" then
      for v in pairs(d:option_set()) do
        if arbiter.core.kind(v) == "player" then players[#players + 1] = v.index else cards[#cards + 1] = v.id end
      end
    elseif q.kind == "attack" or q.kind == "block" then
      for _, c in ipairs(d.g:permanents(d.you, "Creature")) do cards[#cards + 1] = c.id end
      if q.kind == "block" then for _, c in ipairs(d.g:attackers()) do cards[#cards + 1] = c.id end end
    end
    table.sort(cards)
    table.sort(players)
    return cards, players
  end

  function S.state()
    local d = S.duel
    local q = d.q
    local cards, players = clickable(d)
    local buttons = {}
    for i, b in ipairs(d:buttons()) do buttons[i] = b[1] end
    local blocks = {}
    for b, a in pairs(d.blocks) do blocks[#blocks + 1] = { b.id, a.id } end
    table.sort(blocks, function(x, y) return x[1] < y[1] end)
    local log = {}
    for i = math.max(1, #d.log - 14), #d.log do log[#log + 1] = d.log[i] end
    return S.json{ view = d.g:view(d.you), prompt = q and d.prompt or "", message = d.message or "",
      banner = d.banner or "", over = d.over or false, kind = q and q.kind or "", what = q and q.what or "",
      cards = cards, players = players, buttons = buttons, selected = ids(d.selected), blocks = blocks,
      picked = d.picked and d.picked.id or 0, log = log, hash = d.g:state_hash(), clicks = #S.clicks }
  end

  -- a click: kind "card" (arg: its id), "player" (its index) or "button" (its label)
  function S.click(kind, arg)
    local d = S.duel
    S.clicks[#S.clicks + 1] = kind .. " " .. tostring(arg)
    if kind == "card" then d:click_card(d.g:card(tonumber(arg)))
    elseif kind == "player" then d:click_player(d.g.players[tonumber(arg)])
    elseif kind == "button" then
      local found
      for _, b in ipairs(d:buttons()) do if b[1] == arg then found = b end end
      if not found then error("session: no button " .. tostring(arg)) end
      found[2]()
    else error("session: unknown click " .. tostring(kind)) end
    run()
    return S.state()
  end

  return S
end
