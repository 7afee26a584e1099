-- Layout (pure arithmetic: the self-test clicks where a player would) and drawing (LÖVE).
-- The board: the opponent at the top (hand face down, lands, creatures), you at the bottom
-- (creatures, lands, hand); the side panel holds the question, the stack and the log.
local U = {}
local W, H = 1280, 800
local SIDE = 950                       -- the side panel starts here
U.W, U.H = W, H

local CARD = { w = 84, h = 112 }       -- battlefield
local HAND = { w = 100, h = 134 }
local LAND = { w = 64, h = 84 }

local function row(list, x0, y, w, h, maxw, out, zone)
  local step = w + 14
  if #list > 0 and #list * step > maxw then step = math.floor(maxw / #list) end
  for i, c in ipairs(list) do
    out[#out + 1] = { kind = "card", card = c, zone = zone, x = x0 + (i - 1) * step, y = y, w = w, h = h }
  end
end

-- Every clickable thing on screen, for the duel's state: {kind, card | player | button, x, y, w, h}
function U.layout(duel)
  local g, you, bot, out = duel.g, duel.you, duel.bot, {}
  out[#out + 1] = { kind = "player", player = bot, x = 20, y = 12, w = 200, h = 58 }
  out[#out + 1] = { kind = "player", player = you, x = 20, y = 560, w = 200, h = 58 }
  local attacking = {}
  for _, a in ipairs(g:attackers()) do attacking[a] = true end
  row(g:permanents(bot, "Land"), 240, 12, LAND.w, LAND.h, SIDE - 260, out, "bot_lands")
  row(g:permanents(bot, "Creature"), 30, 120, CARD.w, CARD.h, SIDE - 60, out, "bot_creatures")
  row(g:permanents(you, "Creature"), 30, 300, CARD.w, CARD.h, SIDE - 60, out, "your_creatures")
  row(g:permanents(you, "Land"), 240, 440, LAND.w, LAND.h, SIDE - 260, out, "your_lands")
  row(you.hand:cards(), 240, 640, HAND.w, HAND.h, SIDE - 260, out, "your_hand")
  for _, r in ipairs(out) do            -- attackers step toward the middle of the board
    if r.card and attacking[r.card] then r.y = r.y + (r.card.controller == you and -28 or 28) end
  end
  local y = 150
  for i, b in ipairs(duel:buttons()) do
    out[#out + 1] = { kind = "button", label = b[1], action = b[2],
      x = SIDE + 20, y = y + (i - 1) * 42, w = 300, h = 34 }
  end
  return out
end

function U.hit(layout, x, y)
  for i = #layout, 1, -1 do
    local r = layout[i]
    if x >= r.x and x < r.x + r.w and y >= r.y and y < r.y + r.h then return r end
  end
end

-- ---------------------------------------------------------------- drawing

local fonts = {}
local function font(size)
  if not fonts[size] then fonts[size] = love.graphics.newFont(size) end
  love.graphics.setFont(fonts[size])
  return fonts[size]
end

local COLORS = {
  green = { 0.32, 0.55, 0.32 }, red = { 0.68, 0.28, 0.22 }, blue = { 0.27, 0.42, 0.68 },
  white = { 0.80, 0.78, 0.66 }, black = { 0.25, 0.22, 0.25 },
}
local LANDS = { Forest = { 0.36, 0.46, 0.26 }, Mountain = { 0.55, 0.38, 0.30 } }

local function card_color(c)
  if c.subtypes and LANDS[c.subtypes[1]] then return LANDS[c.subtypes[1]] end
  return COLORS[c.colors and c.colors[1]] or { 0.5, 0.5, 0.5 }
end

local function outline(r, color, width)
  love.graphics.setColor(color)
  love.graphics.setLineWidth(width)
  love.graphics.rectangle("line", r.x - 2, r.y - 2, r.w + 4, r.h + 4, 8, 8)
end

local function draw_card(c, r, duel)
  local g = love.graphics
  g.push()
  g.translate(r.x + r.w / 2, r.y + r.h / 2)
  if c.tapped then g.rotate(math.pi / 10) end   -- a tapped card leans (and dims)
  local x, y = -r.w / 2, -r.h / 2
  local col = card_color(c)
  local k = c.tapped and 0.6 or 1
  g.setColor(col[1] * k, col[2] * k, col[3] * k)
  g.rectangle("fill", x, y, r.w, r.h, 7, 7)
  g.setColor(0.95, 0.93, 0.85, c.tapped and 0.55 or 0.9)
  g.rectangle("fill", x + 4, y + 4, r.w - 8, 30, 4, 4)
  g.setColor(0.1, 0.1, 0.1)
  font(r.w > 90 and 12 or 10)
  g.printf(c.name, x + 6, y + 6, r.w - 12, "left")
  if type(c.cost) == "string" and c.cost ~= "" then
    font(10)
    g.setColor(1, 1, 0.85)
    g.printf(c.cost, x, y + 37, r.w - 6, "right")
  end
  local creature = c.power and not (c.subtypes and LANDS[c.subtypes[1]]) and c.toughness ~= nil
    and not c.resolve and c.zone ~= "stack"
  if creature and c.cost then
    font(r.w > 90 and 16 or 14)
    g.setColor(1, 1, 1)
    g.print(c.power .. "/" .. c.toughness, x + 6, y + r.h - 24)
    if c.damage > 0 then
      g.setColor(1, 0.35, 0.3)
      g.print("-" .. c.damage, x + r.w - 30, y + r.h - 44)
    end
  end
  font(9)
  g.setColor(1, 1, 1, 0.85)
  local kws = {}
  for _, a in ipairs(c:abilities()) do kws[#kws + 1] = a end
  if c.text then kws[#kws + 1] = c.text end
  if c.sick and c.zone == "battlefield" and creature and c.controller == duel.g.active_player then
    kws[#kws + 1] = "(summoning sick)"
  end
  if c.tapped then kws[#kws + 1] = "tapped" end
  g.printf(table.concat(kws, ", "), x + 6, y + 52, r.w - 12, "left")
  g.pop()
  -- what the question makes of it
  local q = duel.q
  if q and (q.kind == "choose" or q.kind == "priority") and duel:option_set()[c] then
    outline(r, { 1, 0.85, 0.2 }, 3)
  end
  if duel.selected[c] or duel.blocks[c] or duel.picked == c then outline(r, { 0.95, 0.25, 0.2 }, 4) end
  if duel.suggestion then
    for key, v in pairs(duel.suggestion) do
      if key == c or v == c then outline(r, { 0.3, 0.9, 0.4 }, 2) end
    end
  end
end

local function draw_player(p, r, duel)
  local g = love.graphics
  local target = duel.q and duel.q.kind == "choose" and duel:option_set()[p]
  g.setColor(0.16, 0.17, 0.22)
  g.rectangle("fill", r.x, r.y, r.w, r.h, 8, 8)
  if target then outline(r, { 1, 0.85, 0.2 }, 3) end
  g.setColor(1, 1, 1)
  font(16)
  g.print(p.name, r.x + 10, r.y + 6)
  font(22)
  g.setColor(p.life > 5 and { 0.6, 0.95, 0.6 } or { 1, 0.45, 0.4 })
  g.printf(tostring(p.life), r.x, r.y + 4, r.w - 10, "right")
  font(11)
  g.setColor(0.75, 0.75, 0.8)
  g.print(string.format("library %d   hand %d   graveyard %d", #p.library, #p.hand, #p.graveyard), r.x + 10, r.y + 36)
end

local function wrap_print(text, x, y, w, size, color)
  local f = font(size)
  love.graphics.setColor(color)
  love.graphics.printf(text, x, y, w, "left")
  local _, lines = f:getWrap(text, w)
  return y + #lines * f:getHeight() + 6
end

function U.draw(duel, layout)
  local g = love.graphics
  g.clear(0.09, 0.10, 0.13)
  g.setColor(0.12, 0.14, 0.18)
  g.rectangle("fill", 10, 110, SIDE - 20, 440, 10, 10)
  g.setColor(0.2, 0.22, 0.28)
  g.line(20, 290, SIDE - 20, 290)
  -- the opponent's hand, face down
  for i = 1, #duel.bot.hand do
    g.setColor(0.22, 0.24, 0.42)
    g.rectangle("fill", SIDE - 30 - i * 22, 20, 18, 26, 3, 3)
  end
  for _, r in ipairs(layout) do
    if r.kind == "card" then draw_card(r.card, r, duel)
    elseif r.kind == "player" then draw_player(r.player, r, duel) end
  end
  -- blocks: a line from each blocker to what it blocks
  g.setColor(1, 0.85, 0.3, 0.8)
  g.setLineWidth(3)
  local at = {}
  for _, r in ipairs(layout) do if r.card then at[r.card] = r end end
  for _, pair in ipairs(duel.g:blocks()) do
    local b, a = at[pair[1]], at[pair[2]]
    if b and a then g.line(b.x + b.w / 2, b.y + b.h / 2, a.x + a.w / 2, a.y + a.h / 2) end
  end
  for b, a in pairs(duel.blocks) do
    local rb, ra = at[b], at[a]
    if rb and ra then
      g.setColor(0.95, 0.3, 0.25, 0.9)
      g.line(rb.x + rb.w / 2, rb.y + rb.h / 2, ra.x + ra.w / 2, ra.y + ra.h / 2)
    end
  end
  -- the side panel
  g.setColor(0.13, 0.14, 0.19)
  g.rectangle("fill", SIDE, 0, W - SIDE, H)
  local x, w = SIDE + 20, W - SIDE - 40
  font(14)
  g.setColor(0.7, 0.75, 0.85)
  local whose = duel.g.active_player and duel.g.active_player.name or "?"
  g.print(string.format("Turn %d — %s — %s", duel.g.turn, whose, duel.step_name or ""), x, 14)
  local y = 40
  if duel.banner then
    y = wrap_print(duel.banner, x, y, w, 28, { 1, 0.9, 0.4 })
    y = wrap_print("Press N for a new game, Esc to quit.", x, y, w, 13, { 0.8, 0.8, 0.85 })
  elseif duel.q then
    y = wrap_print(duel.prompt, x, y, w, 16, { 1, 1, 1 })
    y = wrap_print("rule: " .. duel.q.rule, x, y, w, 11, { 0.65, 0.7, 0.8 })
  else
    y = wrap_print("Simple is thinking...", x, y, w, 16, { 0.8, 0.8, 0.8 })
  end
  for _, r in ipairs(layout) do
    if r.kind == "button" then
      g.setColor(0.25, 0.38, 0.58)
      g.rectangle("fill", r.x, r.y, r.w, r.h, 6, 6)
      g.setColor(1, 1, 1)
      font(14)
      g.printf(r.label, r.x, r.y + 8, r.w, "center")
      y = math.max(y, r.y + r.h + 10)
    end
  end
  if duel.message then
    y = wrap_print(duel.message, x, math.max(y, 290), w, 12, { 1, 0.55, 0.45 })
  end
  -- the stack, top first: each object with its controller and targets
  local stack = duel.g:stack_objects()
  y = math.max(y, 430)
  font(13)
  g.setColor(0.7, 0.75, 0.85)
  g.print("Stack: " .. (#stack == 0 and "empty" or ""), x, y)
  for i, o in ipairs(stack) do
    local ts = {}
    for k, t in ipairs(o.targets or {}) do ts[k] = t and t.name or "(illegal)" end
    g.setColor(1, 0.85, 0.5)
    g.print(string.format("%s (%s)%s", o.card.name, o.controller.name,
      #ts > 0 and (" -> " .. table.concat(ts, ", ")) or ""), x + 60, y + (i - 1) * 16)
  end
  y = y + math.max(1, #stack) * 16 + 12
  -- the log: the newest lines that fit
  font(12)
  local lh = 16
  local n = math.floor((H - y - 10) / lh)
  local log = duel.log
  for i = math.max(1, #log - n + 1), #log do
    local line = log[i]
    g.setColor(line:sub(1, 3) == "—" and { 0.95, 0.85, 0.5 } or { 0.82, 0.84, 0.88 })
    g.print(line, x, y)
    y = y + lh
  end
end

return U
