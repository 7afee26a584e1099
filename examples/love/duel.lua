-- The duel's state and what clicks do, without LÖVE (main.lua draws it, ui.lua lays it out).
-- The game runs through the host driver (arbiter.agents.host() for you, g:driver per turn):
-- update() resumes the driver while no question waits; a question stays on screen until a
-- click answers it (d:answer), then the next update resumes. No thread, no coroutine.
return function(arbiter)
  local cards = require("cards")(arbiter)
  local D = {}
  D.__index = D

  function D.new(seed)
    local g = arbiter.new_game{ players = { "You", "Simple" }, seed = seed or 1 }
    local you, bot = g.players[1], g.players[2]
    g:create_deck(you, cards.yours)
    g:create_deck(bot, cards.theirs)
    g:set_agent(you, arbiter.agents.host())
    g:set_agent(bot, arbiter.agents.simple())
    g:start()
    local self = setmetatable({ g = g, you = you, bot = bot, log = {}, selected = {}, blocks = {},
      message = nil, suggestion = nil, pause = 0, auto_pass = true }, D)
    self:note("A new game: you play first. Seed " .. tostring(seed or 1) .. ".")
    return self
  end

  function D:note(s)
    local log = self.log
    log[#log + 1] = s
    if #log > 200 then table.remove(log, 1) end
  end

  -- one line per event the driver delivers (each once, though a turn is re-run per answer)
  local STEP_NAMES = { upkeep = "upkeep", draw = "draw step", main1 = "first main phase",
    declare_attackers = "declare attackers", declare_blockers = "declare blockers",
    combat_damage = "combat damage", main2 = "second main phase", ["end"] = "end step" }
  function D:event(ev)
    local t, p, c = ev.type, ev.player, ev.card
    if t == "step" and ev.step == "untap" then
      self:note(string.format("— turn %d: %s —", self.g.turn, tostring(ev.player and ev.player.name)))
    elseif t == "draw" then
      self:note(p == self.you and ("You draw " .. c.name) or (p.name .. " draws a card"))
    elseif t == "zone_change" and c then
      if ev.to == "battlefield" then self:note(c.controller.name .. ": " .. c.name .. " enters the battlefield")
      elseif ev.to == "graveyard" and ev.from == "battlefield" then self:note(c.name .. " dies")
      end
    elseif t == "damage" then
      local src, target = ev.source, ev.target
      local spell = src and (arbiter.has_type(src, "Instant") or arbiter.has_type(src, "Sorcery"))
      self:note(string.format("%s%s deals %d damage to %s", spell and (src.owner.name .. "'s ") or "",
        src and src.name or "?", ev.amount or 0, target and target.name or "?"))
    elseif t == "attack" and c then self:note(c.name .. " attacks")
    elseif t == "block" and c then self:note(c.name .. " blocks" .. (ev.target and (" " .. ev.target.name) or ""))
    elseif t == "lose" and p then self:note(p == self.you and "You lose the game" or (p.name .. " loses the game"))
    elseif t == "discard" and c then self:note(p.name .. " discards " .. c.name)
    elseif t == "step" and STEP_NAMES[ev.step] then self.step_name = STEP_NAMES[ev.step]
    end
  end

  -- Resumes the game while nobody has to click. `dt` paces the agent's turns on screen.
  function D:update(dt)
    if self.over or self.q then return end
    if self.pause > 0 then self.pause = self.pause - dt return end
    local g = self.g
    if not self.d or self.d:finished() then
      if g:result() then return self:finish() end
      self.d = g:driver(g.play_turn)              -- one driver per turn: a re-run is one turn
      self.d:on("*", function(ev) self:event(ev) end)
    end
    local q = self.d:resume()
    if q then return self:ask(q) end
    self.pause = self.paced and 0.35 or 0
    if g:result() then self:finish() end
  end

  function D:finish()
    local r = self.g:result()
    self.over = true
    if r.draw then self.banner = "A draw."
    elseif r.winner == self.you then self.banner = "You win!"
    else self.banner = "Simple wins." end
    self:note(self.banner)
  end

  local PROMPTS = {
    land = "Play a land from your hand, or pass.",
    cast = "Cast a spell from your hand, or pass.",
    target = "Choose a target.",
    attack = "Declare attackers: click your creatures, then Declare.",
    block = "Declare blockers: click one of your creatures, then the attacker it blocks.",
    discard = "Discard a card.",
    mana = "Choose the mana source to pay with.",
  }

  -- Auto-pass (key A toggles it, on by default): priority where you can't act never reaches the
  -- screen (the host driver passes it when you have nothing to cast or activate); with auto-pass
  -- on, priority where you won't act is passed too: an empty stack outside your main phases (a
  -- stop with something to respond to, or in your main phase, still asks).
  function D:auto_passes(q)
    if q.kind ~= "priority" or not self.auto_pass then return false end
    local g = self.g
    local main = g.active_player == self.you and (g.step == "main1" or g.step == "main2")
    return #g.stack == 0 and not main
  end

  function D:ask(q)
    if self:auto_passes(q) then self.q = q return self:answer(nil) end
    self.q, self.selected, self.blocks, self.picked = q, {}, {}, nil
    self.message, self.suggestion = nil, nil
    local source = q.ctx and q.ctx.source
    self.prompt = PROMPTS[q.what] or (q.kind == "may" and ("May: " .. q.what .. "?")) or ("Choose: " .. q.what)
    if q.kind == "priority" then
      self.prompt = "You have priority (" .. tostring(self.g.step) .. "): click a spell to cast it, or pass."
      local retry = q.ctx and q.ctx.retry
      if retry then self.message = "That didn't work: " .. tostring(retry.error) end
    end
    if source and arbiter.core.kind(source) == "card" then self.prompt = source.name .. ": " .. self.prompt end
  end

  -- the options that are cards or players (clickable on the board), by value; for priority,
  -- the cards of the actions (a spell in hand, a permanent with an ability)
  function D:option_set()
    local set = {}
    local q = self.q
    if q and q.kind == "priority" then
      for i, o in ipairs(q.options) do set[o.cast or o.activate] = i end
    elseif q and q.kind == "choose" then
      for i, o in ipairs(q.options) do
        local k = arbiter.core.kind(o)
        if k == "card" or k == "player" then set[o] = i end
      end
    end
    return set
  end

  -- Answers the pending question; an answer the driver refuses is shown, not raised.
  function D:answer(v)
    local ok, err = pcall(self.d.answer, self.d, v)
    if ok then
      self.q, self.selected, self.blocks, self.picked, self.suggestion = nil, {}, {}, nil, nil
      return true
    end
    self.message = tostring(err):gsub("^bad argument #1 to 'answer' %(", ""):gsub("%)$", "")
    return false
  end

  local function attack_list(sel)
    local out = {}
    for c in pairs(sel) do out[#out + 1] = c end
    table.sort(out, function(a, b) return a.id < b.id end)
    return out
  end

  -- Checks a declaration with the solver before answering: an illegal one shows the
  -- engine's explanation and the nearest legal declaration (highlighted, one click away).
  function D:declare()
    local q = self.q
    local decl = q.kind == "attack" and attack_list(self.selected) or self.blocks
    local ok, msg, near = q.check(decl)
    if ok then return self:answer(decl) end
    self.message = msg .. "\nThe nearest legal declaration (outlined in green): " .. arbiter.option_name(near)
      .. ". Declare it, or change yours."
    self.suggestion = near
    return false
  end

  function D:take_suggestion()
    local near = self.suggestion
    if not near then return end
    self.suggestion = nil
    if self.q.kind == "attack" then
      self.selected = {}
      for k, v in pairs(near) do self.selected[type(k) == "number" and v or k] = true end
    else
      self.blocks = {}
      for b, a in pairs(near) do self.blocks[b] = type(a) == "table" and a[1] or a end
    end
    return self:declare()
  end

  function D:click_card(c)
    local q = self.q
    if not q then return end
    if q.kind == "choose" then
      if self:option_set()[c] then return self:answer(c) end
    elseif q.kind == "priority" then        -- the engine asks for the targets next
      local i = self:option_set()[c]
      if i then return self:answer(q.options[i]) end
    elseif q.kind == "attack" then
      if c.controller == self.you and c.zone == "battlefield" then
        self.selected[c] = not self.selected[c] or nil
        self.message, self.suggestion = nil, nil
      end
    elseif q.kind == "block" then
      if c.controller == self.you and c.zone == "battlefield" then
        if self.blocks[c] then self.blocks[c] = nil; self.picked = nil
        else self.picked = c end
      elseif self.picked and c.controller ~= self.you then
        self.blocks[self.picked] = c
        self.picked = nil
      end
      self.message, self.suggestion = nil, nil
    end
  end

  function D:click_player(p)
    if self.q and self.q.kind == "choose" and self:option_set()[p] then return self:answer(p) end
  end

  -- the buttons of the pending question: {label, action}
  function D:buttons()
    local q, out = self.q, {}
    if not q then return out end
    if q.kind == "may" then
      out[1] = { "Yes", function() self:answer(true) end }
      out[2] = { "No", function() self:answer(false) end }
    elseif q.kind == "priority" then
      out[1] = { "Pass", function() self:answer(nil) end }
    elseif q.kind == "choose" then
      local set = self:option_set()
      for i, o in ipairs(q.options) do
        if not set[o] then out[#out + 1] = { q.names[i], function() self:answer(o) end } end
      end
    else
      local what = q.kind == "attack" and "attack" or "blocks"
      out[1] = { "Declare " .. what, function() self:declare() end }
      out[2] = { q.kind == "attack" and "No attack" or "No blocks", function()
        self.selected, self.blocks = {}, {}
        self:declare()
      end }
      if self.suggestion then out[3] = { "Declare the nearest legal one", function() self:take_suggestion() end } end
    end
    return out
  end

  return D
end
