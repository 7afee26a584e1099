-- examples/duel.lua — the demo `make demo` runs: a complete game between two sample decks,
-- played by arbiter.agents.simple(), narrated turn by turn with the rules that applied.
-- usage: lua5.4 examples/duel.lua [--seed N] [--quiet] [--games N] [--decks A,B]
--   --decks A,B two classic decks of the Alpha set from examples/decks/ (A.txt, B.txt: deck lists
--               read by arbiter.deck.parse with require("arbiter.sets.alpha")), e.g.
--               --decks red_burn,white_knights (what `make demo` plays)
--   --seed N    the game's seed (same seed => same game, bit for bit); default 625 (a game with a
--               counterspell, a burn spell, a pump in combat and an activated ability)
--   --quiet     only turn headlines and the result
--   --games N   batch mode: N games (seeds N, N+1, ...), a progress bar on stderr, then a table
--               of wins and draws per deck
-- The decks use the card scripts of examples/cards (their abilities are installed when the
-- cards enter the battlefield: def.install) plus vanilla and keyword creatures.
local here = (arg and arg[0] or ""):match("^(.*)[/\\]examples[/\\][^/\\]*$")
local root = here and (here .. "/") or ""
package.path = root .. "lua/?.lua;" .. root .. "lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("ARBITER_CPATH") or (root .. "build/?.so")) .. ";" .. package.cpath
local arbiter = require("arbiter")
local compat = require("arbiter.compat")

-- ---------------------------------------------------------------- options
local opts = { seed = 625, quiet = false, games = nil }
do
  local function int(i, name)
    local v = compat.toint(tonumber(arg[i + 1] or ""))
    if not v then io.stderr:write("duel: " .. name .. " needs an integer\n"); os.exit(2) end
    return v
  end
  local i = 1
  while arg and arg[i] do
    if arg[i] == "--seed" then opts.seed = int(i, "--seed"); i = i + 1
    elseif arg[i] == "--games" then opts.games = int(i, "--games"); i = i + 1
    elseif arg[i] == "--quiet" then opts.quiet = true
    elseif arg[i] == "--decks" then
      opts.decks = { (arg[i + 1] or ""):match("^([%w_]+),([%w_]+)$") }
      if #opts.decks ~= 2 then
        io.stderr:write("duel: --decks needs two deck names, e.g. red_burn,white_knights\n"); os.exit(2)
      end
      i = i + 1
    elseif arg[i] == "--help" or arg[i] == "-h" then
      print("usage: lua5.4 examples/duel.lua [--seed N] [--quiet] [--games N] [--decks A,B]"); os.exit(0)
    else io.stderr:write("duel: unknown option " .. arg[i] .. "\n"); os.exit(2) end
    i = i + 1
  end
  if opts.games and opts.games < 1 then io.stderr:write("duel: --games must be at least 1\n"); os.exit(2) end
end

-- ---------------------------------------------------------------- cards and decks
-- Card scripts come from examples/cards; the demo wraps a few so their effects tell the story
-- (a handle's replace/effect function can be swapped: the engine reads it from the handle).
local say = function() end
local TOLD = {
  ["Thought Reflection"] = "   Thought Reflection: %s draws two cards instead (423.6; 614.5: not again for those)",
  ["Howling Mine"] = "   Howling Mine: %s draws an additional card (a draw-step trigger)",
}
local function told(h, name)
  local key = h.replace and "replace" or "effect"
  local fn = h[key]
  h[key] = function(ev, ...)
    say(TOLD[name], ev.player.name)
    return fn(ev, ...)
  end
end
-- A copy of the script's definition (arbiter.card copies its fields), so the wrapping and costs
-- below never change a definition shared with the Alpha set.
local function script(name)
  local m = dofile(root .. "examples/cards/" .. name .. ".lua")
  local def = arbiter.card(m.def)
  if m.install then
    def.install = function(g, card)
      local h = m.install(g, card)
      if TOLD[card.name] and type(h) == "table" and h.id then told(h, card.name) end
      return h
    end
  end
  return def
end
local function costed(def, cost) def.cost = cost; return def end
local function basic(name)
  return arbiter.card{ name = name, types = { "Land" }, subtypes = { name }, supertypes = { "Basic" } }
end
local function creature(name, p, t, cost, abilities, colors)
  return arbiter.card{ name = name, types = { "Creature" }, power = p, toughness = t, cost = cost,
    abilities = abilities, colors = colors }
end

local DECKS = {
  { name = "Green-White Knights", list = {
    { 12, basic("Forest") }, { 12, basic("Plains") },
    { 4, costed(script("youthful_knight"), 2) },
    { 4, creature("Grizzly Bears", 2, 2, 2, {}, { "green" }) },
    { 4, creature("Giant Spider", 2, 4, 4, { "reach" }, { "green" }) },
    { 4, creature("Serra Angel", 4, 4, 5, { "flying", "vigilance" }, { "white" }) },
    { 3, costed(script("colossal_dreadmaw"), 6) },
    { 4, costed(script("fencing_ace"), 2) },
    { 4, creature("Pegasus Charger", 2, 1, 3, { "flying" }, { "white" }) },
    { 2, costed(script("howling_mine"), 2) },
    { 2, creature("Trained Armodon", 3, 3, 3, { "trample" }, { "green" }) },
    { 3, creature("Wall of Wood", 0, 3, 1, { "defender" }, { "green" }) },
    { 2, script("giant_growth") }, { 1, script("fog") } } },
  { name = "Red-Black Raiders", list = {     -- splashing blue for Counterspell ({U}{U})
    { 10, basic("Mountain") }, { 9, basic("Swamp") }, { 5, basic("Island") },
    { 4, costed(script("suq_ata_lancer"), 3) },
    { 4, costed(script("mogg_flunkies"), 3) },
    { 4, costed(script("bog_wraith"), 4) },
    { 2, costed(script("goblin_war_drums"), 3) },
    { 4, creature("Raging Goblin", 1, 1, 1, { "haste" }, { "red" }) },
    { 2, creature("Hill Giant", 3, 3, 4, {}, { "red" }) },
    { 4, creature("Vampire Bats", 1, 2, 1, { "flying" }, { "black" }) },
    { 4, creature("Craw Giant", 6, 4, 6, { "trample" }, { "red" }) },
    { 1, arbiter.card{ name = "Goblin Artillerist", types = { "Creature" }, power = 1, toughness = 1,
      cost = "{2}{R}", colors = { "red" },          -- a red Prodigal Sorcerer: an activated ability (406)
      activated = { { cost = "{T}", targets = { "creature or player" },
        effect = function(obj, g, src) g:damage(src, obj.targets[1], 1) end } } } },
    { 3, script("lightning_bolt") }, { 2, script("counterspell") },
    { 2, costed(script("thought_reflection"), 5) } } },
}

-- --decks A,B: two deck lists of examples/decks/ with the Alpha set's cards (40 cards: the era's
-- minimum, checked by the house rule with arbiter.deck.LIMITED's size)
local deck_rule = arbiter.house.deck_check
if opts.decks then
  local alpha = require("arbiter.sets.alpha")
  for i, name in ipairs(opts.decks) do
    local f = io.open(root .. "examples/decks/" .. name .. ".txt")
    if not f then io.stderr:write("duel: no deck examples/decks/" .. name .. ".txt\n"); os.exit(2) end
    local text = f:read("*a")
    f:close()
    local deck, problems = arbiter.deck.parse(text, alpha)
    if not deck then io.stderr:write("duel: " .. name .. ": " .. table.concat(problems, "; ") .. "\n"); os.exit(2) end
    DECKS[i] = { name = text:match("^# ([^:\n]+)") or name, cards = deck }
  end
  deck_rule = arbiter.house.deck_check_with{ min_size = 40, max_copies = 4 }
end

-- each list as a deck: an array of definitions, copies together (g:create_deck's input)
for _, d in ipairs(DECKS) do if d.list then
  d.cards = {}
  for _, entry in ipairs(d.list) do
    for _ = 1, entry[1] do d.cards[#d.cards + 1] = entry[2] end
  end
end end

-- ---------------------------------------------------------------- the narration
local function enable_story()
  say = function(fmt, ...) print(string.format(fmt, ...)) end
end

-- What the turn did, for its one-line summary (reset when a turn begins).
local turn = {}
local function reset_turn(p, n)
  turn = { player = p, number = n, lands = 0, spells = 0, attackers = 0, blocked = 0, damage = {}, died = 0, drew = 0 }
end

local function plural(n, one, many) return n .. " " .. (n == 1 and one or (many or one .. "s")) end

local function summary(g)
  if not turn.player then return end
  local parts = {}
  if turn.lands > 0 then parts[#parts + 1] = "played a land" end
  if turn.spells > 0 then parts[#parts + 1] = "cast " .. plural(turn.spells, "spell") end
  if turn.attackers > 0 then
    parts[#parts + 1] = "attacked with " .. turn.attackers ..
      (turn.blocked > 0 and (" (" .. turn.blocked .. " blocked)") or " (unblocked)")
  end
  local text = turn.player.name .. " " .. (#parts > 0 and table.concat(parts, ", ") or "passed")
  for _, p in ipairs(g.players) do
    if (turn.damage[p] or 0) > 0 then text = text .. "; " .. p.name .. " took " .. turn.damage[p] end
  end
  if turn.died > 0 then text = text .. "; " .. plural(turn.died, "creature") .. " died" end
  say("   => turn %d in short: %s. Life: %s %d, %s %d.", turn.number, text, g.players[1].name, g.players[1].life,
    g.players[2].name, g.players[2].life)
end

local function cost_text(def)
  local cost = def and def.cost
  if type(cost) == "number" then return cost > 0 and ("{" .. cost .. "}") or "nothing" end
  return cost and cost ~= "" and cost or "nothing"
end

-- mana paid for the spell being cast: the lands tapped between its move to the stack and its cast
local paying = nil
-- the spell whose resolution was announced (its effect's first event came first)
local resolving = nil
local function announce(source)
  if source and source.zone == "stack" and resolving ~= source then
    resolving = source
    say("   %s resolves (413):", source.name)
  end
end

local function zone_story(ev, g)
  local c = ev.card
  local who = c.controller.name
  if ev.to == "battlefield" and ev.from == "hand" then
    turn.lands = turn.lands + 1
    return say("   %s plays %s (a land: no stack, one per turn)", who, c.name)
  elseif ev.to == "stack" then
    paying = {}
    return
  elseif ev.from == "stack" and ev.to == "battlefield" then
    return say("   %s resolves and enters the battlefield under %s's control (413)", c.name, who)
  elseif ev.from == "stack" then
    local top = g:stack_objects()[1]            -- a spell leaving while another one resolves
    if top and top.card ~= c and top.card.zone == "stack" then
      announce(top.card)
      return say("   %s is countered and goes to %s's %s", c.name, c.owner.name, ev.to)
    end
    if resolving == c then resolving = nil; return say("   %s goes to %s's %s", c.name, c.owner.name, ev.to) end
    return say("   %s resolves (413) and goes to %s's %s", c.name, c.owner.name, ev.to)
  elseif ev.from == "battlefield" and ev.to == "graveyard" then
    if arbiter.has_type(c, "Creature") then
      turn.died = turn.died + 1
      local why = c.toughness <= 0 and "toughness 0 or less" or "lethal damage"
      return say("   %s dies (%s: a state-based action, 420.5)", c.name, why)
    end
    return say("   %s goes to %s's graveyard", c.name, c.owner.name)
  end
  say("   %s: %s moves %s -> %s", c.owner.name, c.name, ev.from, ev.to)
end

-- " targeting X, Y" for the object on top of the stack (chosen as it was put there: 413)
local function targets_text(g)
  local top = g:stack_objects()[1]
  local names = {}
  for _, t in ipairs(top and top.targets or {}) do
    names[#names + 1] = t.name or (t.card and t.card.name) or tostring(t)   -- a spell: its card's name
  end
  return #names > 0 and (" targeting " .. table.concat(names, ", ")) or ""
end

local ABILITY_NOTES = { "flying", "trample", "first strike", "double strike", "vigilance", "haste", "flanking",
  "swampwalk", "can't be blocked except by two or more creatures" }

local STORY = {
  draw = function(ev, g)
    if g.turn > 0 then
      turn.drew = turn.drew + 1
      say("   %s draws %s (423.1)", ev.player.name, ev.card.name)
    end
  end,
  discard = function(ev) say("   %s discards %s (cleanup: maximum hand size 7)", ev.player.name, ev.card.name) end,
  zone_change = zone_story,
  mana = function(ev) if paying and ev.source then paying[#paying + 1] = ev.source.name end end,
  cast = function(ev, g)
    turn.spells = turn.spells + 1
    local c = ev.card
    local lands = paying and #paying > 0 and (", tapping " .. table.concat(paying, ", ")) or ""
    paying = nil
    local others = #g:stack_objects() - 1
    local why = others > 0
      and string.format("in response, on top of %s (116: a player with priority may act)",
        plural(others, "object"))
      or "on the stack (405.1)"
    say("   %s casts %s%s, paying %s%s: %s", ev.player.name, c.name, targets_text(g), cost_text(c.definition),
      lands, why)
  end,
  activate = function(ev, g)
    say("   %s activates %s's ability %d%s (406)", ev.player.name, ev.card.name, ev.amount or 0, targets_text(g))
  end,
  attack = function(ev)
    turn.attackers = turn.attackers + 1
    local notes = {}
    for _, k in ipairs(ABILITY_NOTES) do
      if ev.card:has(k) then notes[#notes + 1] = k end
    end
    say("   %s attacks %s with %s %d/%d%s", ev.card.controller.name, ev.target and ev.target.name or "?",
      ev.card.name, ev.card.power, ev.card.toughness,
      #notes > 0 and " [" .. table.concat(notes, ", ") .. "]" or "")
  end,
  block = function(ev)
    turn.blocked = turn.blocked + 1
    say("   %s blocks %s with %s (500.3)", ev.card.controller.name, ev.target.name, ev.card.name)
    local n = ev.target:count("flanking")
    if n > 0 and not ev.card:has("flanking") then
      say("   flanking triggers %d time(s): %s gets -1/-1 until end of turn for each (502.3)", n, ev.card.name)
    end
  end,
  damage = function(ev, g)
    announce(ev.source)
    local t = ev.target
    for _, p in ipairs(g.players) do
      if t == p then turn.damage[p] = (turn.damage[p] or 0) + ev.amount end
    end
    say("   %s deals %d %sdamage to %s%s", ev.source and ev.source.name or "an effect", ev.amount,
      ev.combat and "combat " or "", t.name, ev.combat and " (502.2)" or "")
  end,
  life = function(ev)
    if ev.source then return end               -- damage already told
    say("   %s %s %d life -> %d", ev.player.name, ev.amount >= 0 and "gains" or "loses", math.abs(ev.amount),
      ev.player.life)
  end,
  lose = function(ev)
    local why = ev.conceded and "conceded" or ev.player.life <= 0 and "0 or less life: a state-based action, 420.5"
      or "drew from an empty library: 423.4"
    say("   %s LOSES the game (%s)", ev.player.name, why)
  end,
  step = function(ev, g)
    if ev.step == "untap" then
      summary(g)
      local p = ev.player
      reset_turn(p, g.turn)
      say("")
      say("== Turn %d: %s (life %d, hand %d, library %d) | opponent life %d", g.turn, p.name, p.life,
        #p.hand, #p.library, g.players[p.index % 2 + 1].life)
    elseif ev.step == "combat_damage" and turn.attackers > 0 and turn.blocked == 0 then
      local defender = g.players[turn.player.index % 2 + 1]
      say("   %s declares no blockers (500.3: blocking is a choice; no requirement made one)", defender.name)
    end
  end,
}

local function narrate(g)
  for t, fn in pairs(STORY) do g:on(t, function(ev, game) fn(ev, game) end) end
end

-- ---------------------------------------------------------------- a game
local function new_game(seed, story)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed,
    house_rules = { deck_rule } }
  for i, p in ipairs(g.players) do
    g:create_deck(p, DECKS[i].cards)
    g:set_agent(p, arbiter.agents.simple())
  end
  if story then narrate(g) end
  g:start()
  return g
end

local function outcome(r)
  if not r then return "unfinished" end
  if r.draw then return "draw" end
  return r.winner.name
end

local function play_one(seed)
  if not opts.quiet then enable_story() end
  print(string.format("arbiter %s duel, seed %d: %s (Ann) vs %s (Bob)", arbiter.VERSION, seed,
    DECKS[1].name, DECKS[2].name))
  local g = new_game(seed, true)
  if opts.quiet then
    g:on("step", function(ev, game)
      if ev.step == "untap" then
        print(string.format("turn %2d  %-3s  life Ann %2d Bob %2d", game.turn, ev.player.name,
          game.players[1].life, game.players[2].life))
      end
    end)
  end
  say("   decks checked (house rule deck_check: %d cards, at most 4 copies), shuffled, 7 cards each (423.2)",
    opts.decks and 40 or 60)
  for _, p in ipairs(g.players) do
    local names = {}
    for _, c in ipairs(p.hand:cards()) do names[#names + 1] = c.name end
    say("   %s's opening hand: %s", p.name, table.concat(names, ", "))
  end
  local r = g:play{ max_turns = 200 }
  summary(g)
  print()
  print(string.format("== Result after %d turns: %s%s; life Ann %d, Bob %d; state hash %s", g.turn,
    r and r.draw and "a draw" or (r and (r.winner.name .. " wins") or "no result"),
    r and r.losers and #r.losers > 0 and (" (" .. r.losers[1].name .. " lost)") or "",
    g.players[1].life, g.players[2].life, g:state_hash()))
  return r
end

local function batch(n, seed)
  local wins, turns, t0 = { Ann = 0, Bob = 0, draw = 0, unfinished = 0 }, 0, os.clock()
  local width = 40
  for k = 1, n do
    local g = new_game(seed + k - 1, false)
    local r = g:play{ max_turns = 200 }
    wins[outcome(r)] = wins[outcome(r)] + 1
    turns = turns + g.turn
    if k == n or k % math.max(1, compat.idiv(n, 100)) == 0 then
      local filled = compat.idiv(k * width, n)
      io.stderr:write(string.format("\r[%s%s] %d/%d games", string.rep("#", filled),
        string.rep(".", width - filled), k, n))
    end
  end
  io.stderr:write("\n")
  local secs = os.clock() - t0
  print(string.format("%d games (seeds %d..%d), %.1f turns per game, %.0f games/s", n, seed, seed + n - 1,
    turns / n, n / math.max(secs, 1e-9)))
  print(string.format("  %-28s %8s %8s", "", "games", "share"))
  local rows = { { DECKS[1].name .. " (Ann)", wins.Ann }, { DECKS[2].name .. " (Bob)", wins.Bob },
    { "draws", wins.draw }, { "unfinished (200 turns)", wins.unfinished } }
  for _, row in ipairs(rows) do
    print(string.format("  %-28s %8d %7.1f%%", row[1], row[2], 100 * row[2] / n))
  end
end

if opts.games then batch(opts.games, opts.seed) else play_one(opts.seed) end
