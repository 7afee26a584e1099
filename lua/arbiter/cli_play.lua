-- arbiter.cli_play — `arbiter play DECK1 DECK2 [--seed S]`: you (DECK1) against
-- arbiter.agents.simple() (DECK2) in a terminal. Every question is a numbered list (answer with
-- its number; q concedes); the board is redrawn at each step and before each question. What you
-- see is g:view(you): the opponent's hand and both libraries stay hidden. At priority you are
-- offered the instants you could cast now (lands and spells of your main phases are the main
-- phase's own questions) and your permanents' activated abilities but mana abilities (whose
-- {T} can be paid, whose own condition allows it, at sorcery speed only when you could cast a
-- sorcery); the engine checks the rest (cost, targets, asked next) and asks again if it refuses.
local cli = require("arbiter.cli")

local M = {}
local CLEAR = "\27[H\27[2J"

local function card_text(c)
  if c.hidden then return "(hidden)" end
  local s = c.name
  if c.power then s = s .. string.format(" %s/%s", tostring(c.power), tostring(c.toughness)) end
  if c.tapped then s = s .. " (tapped)" end
  return s
end

local function names(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = card_text(c) end
  return #out == 0 and "-" or table.concat(out, ", ")
end

-- the board as you see it (g:view), and the last events
function M.board(g, you, log)
  local v = g:view(you)
  local whose = v.active == v.you and "your" or (v.players[v.active].name .. "'s")
  local out = { string.format("Turn %d, %s %s", v.turn, whose, tostring(v.step or "set-up")) }
  for _, p in ipairs(v.players) do
    out[#out + 1] = string.format("%s%s: %d life, library %d, hand %d, graveyard %d",
      p.index == v.you and "* " or "  ", p.name, p.life, p.library.count, #p.hand, #p.graveyard)
    local mine = {}
    for _, c in ipairs(v.battlefield) do if c.controller == p.index then mine[#mine + 1] = c end end
    out[#out + 1] = "    battlefield: " .. names(mine)
  end
  if #v.stack > 0 then
    local s = {}
    for i, o in ipairs(v.stack) do s[i] = tostring(o.name or o.card or "?") end
    out[#out + 1] = "  stack (top first): " .. table.concat(s, ", ")
  end
  out[#out + 1] = "  your hand: " .. names(v.players[v.you].hand)
  for i = math.max(1, #log - 5), #log do out[#out + 1] = "  | " .. log[i] end
  return table.concat(out, "\n")
end

-- what happened, one line per event worth telling ("You cast", "AI casts")
local function teller(you)
  local function who(p, verb) return p == you and ("You " .. verb) or (p.name .. " " .. verb .. "s") end
  return {
    cast = function(ev) return who(ev.player, "cast") .. " " .. ev.card.name end,
    attack = function(ev) return ev.card.name .. " attacks" end,
    block = function(ev) return ev.card and (ev.card.name .. " blocks") or nil end,
    damage = function(ev)
      local t = ev.target
      return string.format("%s deals %d damage to %s", ev.source and ev.source.name or "?", ev.amount,
        t and t.name or "?")
    end,
    destroy = function(ev) return ev.card.name .. " is destroyed" end,
    lose = function(ev) return who(ev.player, "lose") .. " the game" end,
  }
end

-- The terminal player's agent: may, choose and priority as numbered questions.
function M.human(std, g, you, log, quit)
  local arbiter = require("arbiter")
  local function ask(title, labels)
    while true do
      std.out:write(CLEAR .. M.board(g, you, log) .. "\n\n" .. title .. "\n")
      for i, l in ipairs(labels) do std.out:write(string.format("  %d) %s\n", i, l)) end
      std.out:write("> ")
      std.out:flush()
      local line = std.input:read("*l")
      if line == nil or line:match("^%s*q") then quit(line == nil and "input ended" or "you quit") end
      local n = tonumber(line)
      if n and labels[n] and n == math.floor(n) then return n end
    end
  end
  local agent = {}
  function agent.may(_, what, ctx)
    if what == "pay" and ctx and ctx.cost then what = "pay " .. arbiter.option_name(ctx.cost) end
    return ask("May you " .. what .. "?", { "yes", "no" }) == 1
  end
  function agent.choose(_, what, options)
    local labels = {}
    for i, o in ipairs(options) do labels[i] = arbiter.option_name(o) end
    return options[ask("Choose " .. what .. ":", labels)]
  end
  -- the activated abilities p may try now (307.1: sorcery speed in p's main phase, stack empty)
  local MAIN = { main1 = true, main2 = true }
  local I = require("arbiter.internal")
  local function abilities(p, game, actions, labels)
    local sorcery_ok = game:is_active(p) and MAIN[game.step] and #game.stack == 0
    for _, c in ipairs(game:permanents(p)) do
      local list = I._abilities_of(c)
      for i = 1, #list do
        local a = list[i]
        if not a.mana and (sorcery_ok or not a.sorcery) and (not a.cost.tap or I._can_tap(c))
            and I._activation_allowed(game, p, c, a) then
          actions[#actions + 1] = { activate = c, ability = i }
          labels[#labels + 1] = string.format("activate %s: %s", c.name, tostring(a.def.cost or "no cost"))
        end
      end
    end
  end
  function agent.priority(p, game)
    local actions, labels = {}, {}
    for _, c in ipairs(p.hand:cards()) do
      if c:is("Instant") and game:can_cast(p, c) then
        actions[#actions + 1] = { cast = c }
        labels[#labels + 1] = "cast " .. c.name
      end
    end
    abilities(p, game, actions, labels)
    if #actions == 0 then return nil end
    labels[#labels + 1] = "pass"
    return actions[ask("You have priority:", labels)]
  end
  return agent
end

function M.run(opts, std, fail)
  local arbiter = require("arbiter")
  if #opts ~= 2 then return fail("play needs two decks: yours and the AI's\n" .. cli.usage()) end
  local seed, err = cli.int(opts.flags.seed or 1, "--seed", 0)
  if not seed then return fail(err) end
  local max_turns
  max_turns, err = cli.int(opts.flags["max-turns"] or 200, "--max-turns", 1)
  if not max_turns then return fail(err) end
  local decks = {}
  for k = 1, 2 do
    local d, why = cli.deck(opts[k])
    if not d then return fail(why) end
    decks[k] = d
  end
  local g, of_deck = cli.new_game(decks, seed, 1, { "You", "AI" })
  local you, ai = of_deck[1], of_deck[2]
  local log = {}
  for t, tell in pairs(teller(you)) do
    g:on(t, function(ev)
      local line = tell(ev)
      if line then log[#log + 1] = line end
    end)
  end
  g:on("step", function() std.out:write(CLEAR .. M.board(g, you, log) .. "\n"); std.out:flush() end)
  local quitting = {}
  local function quit(why) error(setmetatable({ why = why }, quitting), 0) end
  g:set_agent(you, M.human(std, g, you, log, quit))
  g:set_agent(ai, arbiter.agents.simple())
  local ok, r = pcall(g.play, g, { max_turns = max_turns })
  if not ok then
    if getmetatable(r) ~= quitting then error(r, 0) end
    std.out:write("\n" .. r.why .. ": you concede.\n")
    return 0
  end
  std.out:write(CLEAR .. M.board(g, you, log) .. "\n\n")
  if not r then std.out:write("No result after " .. max_turns .. " turns.\n")
  elseif r.draw then std.out:write("The game is a draw.\n")
  elseif r.winner == you then std.out:write("You win the game.\n")
  else std.out:write("You lose the game.\n") end
  return 0
end

return M
