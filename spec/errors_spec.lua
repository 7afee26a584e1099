-- Error messages (issue 7 item 6): every error a user can trigger through the public Lua API
-- (docs/API.md) names the function, the
-- argument and the bad value, and the rule where one decides (308/309 who may attack or block,
-- 500.2-500.4 restrictions and requirements); the game is unchanged after it (422).
-- spec/badinput_spec.lua holds the cases of the drawing, discarding, moving, effects and
-- atomic areas; this file holds the rest, and checks that together they leave no public
-- function out.
local H = require("helpers")
local arbiter = H.arbiter

local berserker = arbiter.card{ name = "Berserker", types = { "Creature" }, power = 1, toughness = 1,
  abilities = { "attacks each combat if able" } }
local bird = arbiter.card{ name = "Bird", types = { "Creature" }, power = 1, toughness = 1, abilities = { "flying" } }

local function setup()
  local g, ann, bob = H.game{ seed = 23 }
  H.deck(g, ann, 5); H.deck(g, bob, 5)
  local s = { g = g, ann = ann, bob = bob }
  s.c = g:create(H.plain, { owner = ann, zone = "hand" })
  s.bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
  s.bbear = g:create(H.bear, { owner = bob, zone = "battlefield" })
  s.g2 = arbiter.new_game{ players = { "Xena", "Yuri" }, seed = 23 }
  s.x = s.g2.players[1]
  s.other = s.g2:create(H.bear, { owner = s.x, zone = "battlefield" })
  return s
end

-- { function name, description, the failing call, substrings its message must contain,
--   optional set-up run before the game is snapshot }
local cases = {
  -- games and players
  { "new_game", "not a table", function() arbiter.new_game("Ann") end, { "#1", "'new_game'", '"Ann"' } },
  { "new_game", "players not a list", function() arbiter.new_game{ players = "Ann" } end,
    { "#1", "'new_game'", "players", '"Ann"' } },
  { "new_game", "a string starting_life", function() arbiter.new_game{ players = { "A", "B" }, starting_life = "x" } end,
    { "#1", "'new_game'", "starting_life", '"x"' } },
  { "new_game", "house_rules entry not a table", function() arbiter.new_game{ players = { "A", "B" }, house_rules = { 5 } } end,
    { "#1", "'new_game'", "house_rules[1]", "5" } },
  { "set_active", "a name", function(s) s.g:set_active("Ann") end, { "#1", "'set_active'", '"Ann"' } },
  { "win", "no player", function(s) s.g:win() end, { "#1", "'win'", "no value" } },
  { "lose", "a player of another game", function(s) s.g:lose(s.x) end, { "#1", "'lose'", "another game", "Xena" } },
  { "result", "called on a number", function(s) s.g.result(5) end, { "'result'", "5" } },
  { "life", "a string", function(s) s.ann.life = "ten" end, { "life", '"ten"' } },
  { "life", "out of range", function(s) s.ann.life = 1099511627776 end, { "life", "1099511627776", "range" } },
  { "player field", "a read-only field", function(s) s.ann.name = "Zed" end, { "player field", "'name'", '"Zed"', "read-only" } },
  -- asking agents and running actions from scripts
  { "atomic", "no game", function() arbiter.atomic(nil, function() end) end, { "#1", "'atomic'", "game expected", "nil" } },
  -- a game is told from other userdata by its size and tag (lobject.c arb_l_testgame): a
  -- card, a player and a file handle are no game, and are named
  { "atomic", "a card for the game", function(s) arbiter.atomic(s.bear, function() end) end,
    { "#1", "'atomic'", "game expected", "Bear" } },
  { "atomic", "a player for the game", function(s) arbiter.atomic(s.ann, function() end) end,
    { "#1", "'atomic'", "game expected", "Ann" } },
  { "atomic", "a file for the game", function() arbiter.atomic(io.stdout, function() end) end,
    { "#1", "'atomic'", "game expected", "file" } },
  { "atomic", "no function", function(s) arbiter.atomic(s.g, 5) end, { "#2", "'atomic'", "function expected", "5" } },
  { "ask_may", "no player", function(s) arbiter.ask_may(s.g, nil, "draw") end, { "#2", "'ask_may'", "player expected", "nil" } },
  { "ask_may", "a player of another game", function(s) arbiter.ask_may(s.g, s.x, "draw") end,
    { "#2", "'ask_may'", "another game", "Xena" } },
  { "ask_may", "a question that isn't a string", function(s) arbiter.ask_may(s.g, s.ann, 7) end, { "#3", "'ask_may'", "7" } },
  { "ask_choose", "no game", function(s) arbiter.ask_choose(nil, s.ann, "x", { 1 }) end, { "#1", "'ask_choose'", "game expected" } },
  { "ask_choose", "no options", function(s) arbiter.ask_choose(s.g, s.ann, "x", {}) end,
    { "#4", "'ask_choose'", "non-empty array", "a table" } },
  -- cards and zones
  { "card", "not a table", function() arbiter.card("Bear") end, { "#1", "'card'", '"Bear"' } },
  { "card", "a string power", function() arbiter.card{ name = "Z", types = { "Creature" }, power = "2", toughness = 2 } end,
    { "#1", "'card'", "power", '"2"' } },
  { "card", "a creature without toughness", function() arbiter.card{ name = "Z", types = { "Creature" }, power = 2 } end,
    { "#1", "'card'", "toughness", "Z" } },
  { "card", "types not a list", function() arbiter.card{ name = "Z", types = "Creature" } end,
    { "#1", "'card'", "types", '"Creature"' } },
  { "card", "can_attack not a function", function() arbiter.card{ name = "Z", can_attack = 5 } end,
    { "#1", "'card'", "can_attack", "5" } },
  { "create", "an owner that isn't a player", function(s) s.g:create(H.plain, { owner = "Ann" }) end,
    { "#2", "'create'", "owner", '"Ann"' } },
  { "create", "no options", function(s) s.g:create(H.plain) end, { "#2", "'create'", "owner" } },
  { "move", "a zone that isn't a name", function(s) s.g:move(s.c, 5) end, { "#2", "'move'", "5" } },
  { "move", "to the stack", function(s) s.g:move(s.c, "stack") end, { "#2", "'move'", "stack" } },
  { "move", "a card that no longer exists", function(s)
      local gone
      s.g:attempt(function() gone = s.g:create(H.plain, { owner = s.ann }); error("undo") end)
      s.g:move(gone, "hand")
    end, { "#1", "'move'", "no longer exists" } },
  { "shuffle", "no zone", function(s) s.g:shuffle() end, { "#1", "'shuffle'", "no value" } },
  { "has", "not a string", function(s) s.bear:has() end, { "#1", "'has'", "no value" } },
  { "count", "an unknown ability", function(s) s.bear:count("flyng") end, { "#1", "'count'", "flyng" } },
  { "tap", "called on a number", function(s) s.bear.tap(5) end, { "#1", "'tap'", "card", "5" } },
  { "untap", "called on a player", function(s) s.bear.untap(s.ann) end, { "#1", "'untap'", "card", "Ann" } },
  { "abilities", "called on a number", function(s) s.bear.abilities(5) end, { "#1", "'abilities'", "5" } },
  { "card field", "a read-only field", function(s) s.bear.power = 5 end,
    { "card field", "'power'", "Grizzly Bears", "5", "read-only" } },
  { "cards", "called on a card", function(s) s.ann.hand.cards(s.bear) end, { "#1", "'cards'", "zone", "Grizzly Bears" } },
  { "top", "called on a number", function(s) s.ann.library.top(5) end, { "#1", "'top'", "zone", "5" } },
  { "bottom", "called on a table", function(s) s.ann.library.bottom({}) end, { "#1", "'bottom'", "zone", "table" } },
  { "game field", "assigning a field", function(s) s.g.turn = 3 end, { "game field", "'turn'", "3" } },
  -- effects and scripts
  { "add_replacement", "applies not a function",
    function(s) s.g:add_replacement{ event = "draw", replace = function() end, applies = 4 } end,
    { "#1", "'add_replacement'", "applies", "4" } },
  { "remove_replacement", "a handle of another game", function(s)
      local r = s.g2:add_replacement{ event = "draw", replace = function() end }
      s.g:remove_replacement(r)
    end, { "#1", "'remove_replacement'", "another game", "replacement(draw)" } },
  { "off", "a trigger's handle", function(s)
      local t = s.g:trigger{ event = "draw", controller = s.ann, effect = function() end }
      s.g:off(t)
    end, { "#1", "'off'", "observer handle", "trigger(draw)" } },
  { "remove_trigger", "not a handle", function(s) s.g:remove_trigger(5) end, { "#1", "'remove_trigger'", "5" } },
  { "trigger", "no controller", function(s) s.g:trigger{ event = "draw", effect = function() end } end,
    { "#1", "'trigger'", "controller" } },
  { "trigger", "condition not a function",
    function(s) s.g:trigger{ event = "draw", controller = s.ann, condition = 5, effect = function() end } end,
    { "#1", "'trigger'", "condition", "5" } },
  { "replacement script", "raises: the message names the script, the event and its card",
    function(s) s.ann.life = 3 end, { "replacement", "life", "Grizzly Bears", "boom" },
    function(s) s.g:add_replacement{ event = "life", source = s.bear, replace = function() error("boom") end } end },
  { "observer script", "raises", function(s) s.ann.life = 3 end, { "observer", "life", "obs" },
    function(s) s.g:on("life", function() error("obs") end) end },
  { "triggered ability", "raises", function(s) s.g:settle() end, { "triggered ability", "life", "kaboom" },
    function(s)
      s.g:trigger{ event = "life", controller = s.ann, effect = function() error("kaboom") end }
      s.ann.life = 3
    end },
  { "cascade limit", "replacement depth exceeded", function(s) s.g:draw(s.ann) end,
    { "cascade limit", "replacement depth 1", "set_limits" },
    function(s)
      s.g:add_replacement{ event = "draw", replace = function(ev, g) g:draw(ev.player) end }
      s.g:add_replacement{ event = "draw", replace = function(ev, g) g:draw(ev.player) end }
      s.g:set_limits{ replacement_depth = 1 }
    end },
  { "set_limits", "not a table", function(s) s.g:set_limits(5) end, { "#1", "'set_limits'", "5" } },
  { "set_limits", "an unknown limit", function(s) s.g:set_limits{ depth = 3 } end,
    { "#1", "'set_limits'", '"depth"' } },
  { "set_limits", "a string value", function(s) s.g:set_limits{ settle_rounds = "x" } end,
    { "#1", "'set_limits'", "settle_rounds", '"x"' } },
  { "set_limits", "a bad value after a good one changes neither", function(s)
      s.g:set_limits{ replacement_depth = 5, settle_rounds = 0 }
    end, { "#1", "'set_limits'", "settle_rounds", "0" } },
  -- agents
  { "set_agent", "not a table", function(s) s.g:set_agent(s.ann, 5) end, { "#2", "'set_agent'", "5" } },
  { "agent", "a choice that isn't an option", function(s) s.g:discard(s.ann, 1) end,
    { "agent of Ann", "discard", "5", "not one of" },
    function(s) s.g:set_agent(s.ann, { choose = function() return 5 end }) end },
  { "agent", "a replacement order that isn't an option", function(s) s.ann.life = 3 end,
    { "agent of Ann", "replacement", '"second"', "not one of" },
    function(s)
      s.g:add_replacement{ event = "life", replace = function() end }
      s.g:add_replacement{ event = "life", replace = function() end }
      s.g:set_agent(s.ann, { choose = function() return "second" end })
    end },
  -- extras
  { "random", "zero", function(s) s.g:random(0) end, { "#1", "'random'", "0" } },
  { "random", "a fraction", function(s) s.g:random(2.5) end, { "#1", "'random'", "2.5" } },
  { "damage", "an amount that isn't an integer", function(s) s.g:damage(s.bear, s.bob, 1.5) end,
    { "'damage'", "1.5" } },
  { "house_hook", "a name that isn't a string", function(s) s.g:house_hook(5) end, { "#1", "'house_hook'", "5" } },
  { "history", "a string start", function(s) s.g:history("x") end, { "'history'", "string" } },
  { "attempt", "called on a number", function(s) s.g.attempt(5, function() end) end, { "'attempt'", "5" } },
  { "clone", "called on a string", function(s) s.g.clone("x") end, { "'clone'", '"x"' } },
  { "state_hash", "called on a number", function(s) s.g.state_hash(5) end, { "'state_hash'", "5" } },
  { "history_length", "called on a number", function(s) s.g.history_length(5) end, { "'history_length'", "5" } },
  { "check_state", "called on a player", function(s) s.g.check_state(s.ann) end, { "'check_state'", "Ann" } },
  { "settle", "called on a table", function(s) s.g.settle({}) end, { "'settle'", "table" } },
  { "apnap", "called on a number", function(s) s.g.apnap(5) end, { "'apnap'", "5", "g:apnap" } },
  { "start", "called on a number", function(s) s.g.start(5) end, { "'start'", "5", "g:start" } },
  { "start", "a deck the house rule rejects names the player and the problem", function()
      local g, a, b = H.game{ house_rules = { arbiter.house.deck_check } }
      H.deck(g, a, 10); H.deck(g, b, 60)
      g:start()
    end, { "start", "Ann", "10 cards", "at least 60" } },
  { "deck.check", "an entry that isn't a card definition", function() arbiter.deck.check({ 5 }) end,
    { "#1", "'check'", "deck[1]" } },
  { "deck.check", "a negative max_copies", function() arbiter.deck.check({ H.bear }, { max_copies = -1 }) end,
    { "#2", "'check'", "max_copies", "-1" } },
  { "house.deck_check_with", "not a table", function() arbiter.house.deck_check_with(5) end,
    { "#1", "'deck_check_with'", "5" } },
  { "house.starting_life", "not an integer", function() arbiter.house.starting_life("x") end,
    { "#1", "'starting_life'", '"x"' } },
  -- combat (500-502; 308/309 who may be declared)
  { "check_attack", "not a table", function(s) s.g:check_attack(5) end, { "#1", "'check_attack'", "5" } },
  { "check_attack", "a name for an attacker", function(s) s.g:check_attack({ "bear" }) end,
    { "#1", "'check_attack'", '"bear"' } },
  { "check_attack", "a card of another game", function(s) s.g:check_attack({ s.other }) end,
    { "#1", "'check_attack'", "another game" } },
  { "check_attack", "a name for the defender", function(s) s.g:check_attack({ [s.bear] = "Bob" }) end,
    { "#1", "'check_attack'", "Grizzly Bears", '"Bob"' } },
  { "check_attack", "options not a table", function(s) s.g:check_attack({}, 7) end, { "#2", "'check_attack'", "7" } },
  { "max_attack_requirements", "options not a table", function(s) s.g:max_attack_requirements(5) end,
    { "#1", "'max_attack_requirements'", "5" } },
  { "legal_attacks", "options not a table", function(s) s.g:legal_attacks("x") end, { "#1", "'legal_attacks'", '"x"' } },
  { "declare_attackers", "an opponent's creature (308)", function(s) s.g:declare_attackers({ s.bbear }) end,
    { "declare_attackers", "308", "Grizzly Bears", "active player" } },
  { "declare_attackers", "attacking its own controller (308)", function(s) s.g:declare_attackers({ [s.bear] = s.ann }) end,
    { "declare_attackers", "308", "Ann", "defending player" } },
  { "declare_attackers", "a creature with summoning sickness (500.2)", function(s) s.g:declare_attackers({ s.sick }) end,
    { "declare_attackers", "500.2", "Grizzly Bears", "Bob" },
    function(s) s.sick = s.g:create(H.bear, { owner = s.ann, zone = "battlefield", sick = true }) end },
  { "declare_attackers", "a requirement not obeyed (500.4)", function(s) s.g:declare_attackers({}) end,
    { "declare_attackers", "500.4", "Berserker" },
    function(s) s.g:create(berserker, { owner = s.ann, zone = "battlefield" }) end },
  { "declare_attackers", "not a table", function(s) s.g:declare_attackers("x") end,
    { "#1", "'declare_attackers'", '"x"' } },
  { "check_block", "a name for the attacker", function(s) s.g:check_block({ [s.bbear] = "x" }) end,
    { "#1", "'check_block'", "Grizzly Bears", '"x"' } },
  { "max_block_requirements", "options not a table", function(s) s.g:max_block_requirements(7) end,
    { "#1", "'max_block_requirements'", "7" } },
  { "legal_blocks", "options not a table", function(s) s.g:legal_blocks(7) end, { "#1", "'legal_blocks'", "7" } },
  { "declare_blockers", "blocking a creature that isn't attacking (309)", function(s)
      s.g:declare_blockers({ [s.bbear] = s.bear })
    end, { "declare_blockers", "309", "Grizzly Bears", "not an attacking creature" } },
  { "declare_blockers", "the attacking player's creature blocks (309)",
    function(s) s.g:declare_blockers({ [s.bear] = s.bear }) end, { "declare_blockers", "309", "defending player" },
    function(s) s.g:declare_attackers({ s.bear }) end },
  { "declare_blockers", "evasion (501, 502.4b)", function(s) s.g:declare_blockers({ [s.bbear] = s.bird }) end,
    { "declare_blockers", "501", "Grizzly Bears", "Bird" },
    function(s)
      s.bird = s.g:create(bird, { owner = s.ann, zone = "battlefield" })
      s.g:declare_attackers({ s.bird })
    end },
  { "declare_blockers", "not a table", function(s) s.g:declare_blockers(nil) end,
    { "#1", "'declare_blockers'", "nil" } },
  { "combat_damage", "called on a number", function(s) s.g.combat_damage(5) end,
    { "'combat_damage'", "5", "g:combat_damage" } },
  { "end_combat", "called on a number", function(s) s.g.end_combat(5) end, { "'end_combat'", "5" } },
  -- continuous effects, counters, destruction, Auras, control (docs/API.md, "Continuous effects")
  { "add_static", "an unknown field", function(s) s.g:add_static{ affects = s.bear, power = 1, bogus = 2 } end,
    { "#1", "'add_static'", "bogus" } },
  { "add_static", "affects neither a function nor objects", function(s) s.g:add_static{ affects = 5, power = 1 } end,
    { "#1", "'add_static'", "affects", "5" } },
  { "add_static", "affects a card of another game", function(s) s.g:add_static{ affects = { s.other }, power = 1 } end,
    { "#1", "'add_static'", "affects", "Grizzly Bears" } },
  { "add_static", "a duration that doesn't exist", function(s)
    s.g:add_static{ affects = s.bear, power = 1, duration = "forever" } end,
    { "#1", "'add_static'", "duration", "forever" } },
  { "add_static", "an unknown ability", function(s) s.g:add_static{ affects = s.bear, abilities = { "flyin" } } end,
    { "#1", "'add_static'", "abilities", "flyin" } },
  { "add_static", "a non-integer power", function(s) s.g:add_static{ affects = s.bear, power = 1.5 } end,
    { "#1", "'add_static'", "power", "1.5" } },
  { "add_static", "an unknown prohibition", function(s) s.g:add_static{ affects = s.bear, prohibit = "sneeze" } end,
    { "#1", "'add_static'", "prohibit", "sneeze" } },
  { "add_static", "an unknown rule", function(s) s.g:add_static{ rules = { hand = 3 } } end,
    { "#1", "'add_static'", "rules", "hand" } },
  { "add_static", "an effect that does nothing", function(s) s.g:add_static{ affects = s.bear } end,
    { "#1", "'add_static'", "does nothing" } },
  { "remove_static", "not a handle", function(s) s.g:remove_static({ id = 0 }) end,
    { "#1", "'remove_static'", "handle" } },
  { "add_counters", "a negative number", function(s) s.bear:add_counters("+1/+1", -1) end,
    { "#2", "'add_counters'", "-1" } },
  { "add_counters", "a non-integer number", function(s) s.bear:add_counters("+1/+1", 1.5) end,
    { "#2", "'add_counters'", "1.5" } },
  { "remove_counters", "an empty kind", function(s) s.bear:remove_counters("", 1) end,
    { "#1", "'remove_counters'", "non-empty" } },
  { "counters", "called on a number", function(s) getmetatable(s.bear).methods.counters(5) end,
    { "#1", "'counters'", "5" } },
  { "destroy", "a card in the hand", function(s) s.g:destroy(s.c) end, { "#1", "'destroy'", "hand" } },
  { "regenerate", "not a card", function(s) s.g:regenerate(5) end, { "#1", "'regenerate'", "5" } },
  { "attach", "to a card in another zone", function(s) s.g:attach(s.bear, s.c) end, { "#2", "'attach'", "hand" } },
  { "attach", "to a card of another game", function(s) s.g:attach(s.bear, s.other) end, { "#2", "'attach'", "another game" } },
  { "attachments", "called on a player", function(s) local m = getmetatable(s.bear).methods m.attachments(s.ann) end,
    { "#1", "card" } },
  { "is", "not a string", function(s) s.bear:is({}) end, { "#1", "'is'", "string" } },
  { "gain_control", "a duration that doesn't exist", function(s) s.g:gain_control(s.bear, s.bob, "forever") end,
    { "'gain_control'", "forever" } },
  { "arbiter.installer", "not a function", function() arbiter.installer("install") end,
    { "#1", "'installer'", '"install"' } },
  { "put_attacking", "a card of another game", function(s) s.g:put_attacking(s.other, s.bob) end,
    { "#1", "'put_attacking'", "another game" } },
  { "put_attacking", "the attacking player as defender", function(s) s.g:put_attacking(s.bear, s.ann) end,
    { "#2", "'put_attacking'", "not a defending player" } },
  { "become_blocked", "a creature that isn't attacking", function(s) s.g:become_blocked(s.bear) end,
    { "#1", "'become_blocked'", "not an attacking creature" } },
  { "draw_game", "called on a number", function(s) s.g.draw_game(5) end, { "'draw_game'", "5" } },
  { "add_house_rule", "a rule that isn't a table", function(s) s.g:add_house_rule("land_mulligan") end,
    { "#1", "'add_house_rule'", '"land_mulligan"' } },
  { "add_house_rule", "a setup that isn't a function", function(s) s.g:add_house_rule({ setup = 5 }) end,
    { "#1", "'add_house_rule'", "setup", "5" } },
  { "add_house_rule", "a setup that raises", function(s)
    s.g:add_house_rule({ setup = function(g) g:set_limits{ settle_rounds = 3 }; error("no such rule") end }) end,
    { "no such rule" } },
  { "arbiter.check_division", "a question that isn't a table", function() arbiter.check_division("ctx", {}) end,
    { "#1", "'check_division'", '"ctx"' } },
  { "arbiter.check_division", "a question without its source", function(s)
    arbiter.check_division({ amount = 2, recipients = { s.bear }, lethal = { [s.bear] = 2 } }, {}) end,
    { "#1", "'check_division'", "ctx.source", "nil" } },
  { "arbiter.check_division", "a recipient without its lethal damage", function(s)
    arbiter.check_division({ source = s.bear, amount = 2, recipients = { s.bear }, lethal = {} }, {}) end,
    { "#1", "'check_division'", "ctx.lethal", "Grizzly Bears" } },
  -- the host driver (docs/API.md, "Hosts with a UI loop")
  { "driver", "not a function", function(s) s.g:driver(5) end, { "#1", "'driver'", "function expected", "5" } },
  { "resume", "a finished driver", function(s)
    local d = s.g:driver(function() return 1 end)
    d:resume()
    d:resume() end, { "'resume'", "the driver has finished" } },
  { "resume", "called on something else", function(s) s.g:driver(function() end).resume(7) end,
    { "'resume'", "driver expected", "7" } },
  { "resume", "a driver function that raises", function(s)
    local d = s.g:driver(function(g) g:draw(s.ann); error("boom") end)
    d:resume() end, { "driver function failed", "boom" } },
  { "answer", "no question pending", function(s) s.g:driver(function() end):answer(true) end,
    { "#1", "'answer'", "no question is pending" } },
  { "answer", "not one of the options", function(s)
    s.g:set_agent(s.ann, arbiter.agents.host())
    local d = s.g:driver(function(g) return arbiter.ask_choose(g, s.ann, "pick", { "red", "blue" }, {}) end)
    d:resume()
    d:answer("green") end, { "#1", "'answer'", '"green"', "not one of the 2 options", "red; blue" },
    function(s) s.g:set_agent(s.ann, arbiter.agents.host()) end },
}

-- Public functions whose errors spec/badinput_spec.lua lists (draw, discard, move, create,
-- effects, agents, outcomes, atomic, new_game, card and ability strings).
local in_badinput = { "draw", "draw_each", "discard", "move", "create", "shuffle", "card", "has", "grant",
  "revoke", "add_replacement", "remove_replacement", "on", "off", "trigger", "set_agent", "win", "lose",
  "set_active", "life", "damage", "attempt", "new_game" }

-- docs/API.md: every function a user calls.
local public = { "new_game", "card", "deck.check", "set_active", "result", "win", "lose", "life", "player field",
  "create", "move", "shuffle", "has", "count", "grant", "revoke", "tap", "untap", "abilities", "card field",
  "cards", "top", "bottom", "draw", "draw_each", "check_state", "settle", "add_replacement",
  "remove_replacement", "on", "off", "history", "trigger", "remove_trigger", "attempt", "clone",
  "state_hash", "set_agent", "discard", "check_attack", "max_attack_requirements", "legal_attacks",
  "declare_attackers", "check_block", "max_block_requirements", "legal_blocks", "declare_blockers",
  "combat_damage", "end_combat", "start", "random", "damage", "history_length", "set_limits", "apnap",
  "house_hook", "arbiter.check_division", "driver", "resume", "answer",
  "add_static", "remove_static", "add_counters", "remove_counters", "counters", "destroy", "regenerate", "attach",
  "attachments", "is", "gain_control", "add_house_rule",
  "arbiter.installer", "put_attacking", "become_blocked", "draw_game" }

describe("error messages", function()
  for _, case in ipairs(cases) do
    local fname, desc, fn, needles, prep = case[1], case[2], case[3], case[4], case[5]
    it(fname .. ": " .. desc .. " names the function, the argument and the value; nothing changes", function()
      local s = setup()
      if prep then prep(s) end
      local hash, hist, hash2 = s.g:state_hash(true), s.g:history_length(), s.g2:state_hash(true)
      local limits = s.g:set_limits()
      local ok, err = pcall(fn, s)
      assert.is_false(ok, fname .. ": " .. desc .. ": no error")
      err = tostring(err)
      for _, needle in ipairs(needles) do
        assert.is_truthy(err:find(needle, 1, true), string.format("%q lacks %q", err, needle))
      end
      assert.are.equal(hash, s.g:state_hash(true))
      assert.are.equal(hist, s.g:history_length())
      assert.are.equal(hash2, s.g2:state_hash(true))
      assert.are.same(limits, s.g:set_limits())
    end)
  end

  it("every public function has its errors listed (here or in badinput_spec.lua)", function()
    local listed = {}
    for _, case in ipairs(cases) do listed[case[1]] = true end
    for _, f in ipairs(in_badinput) do listed[f] = true end
    local missing = {}
    for _, f in ipairs(public) do if not listed[f] then missing[#missing + 1] = f end end
    assert.are.same({}, missing)
  end)

  it("every Game method of the contract is a function of the game", function()
    local s = setup()
    for _, f in ipairs(public) do
      if not f:find("[ .]") and not ({ life = 1, has = 1, count = 1, grant = 1, revoke = 1, tap = 1, untap = 1,
          abilities = 1, cards = 1, top = 1, bottom = 1, card = 1, new_game = 1, resume = 1, answer = 1,
          add_counters = 1, remove_counters = 1, counters = 1, attachments = 1, is = 1 })[f] then
        assert.are.equal("function", type(s.g[f]), f)
      end
    end
  end)
end)

describe("errors: things that would silently do nothing", function()
  it("a replacement on an event type no pipeline replaces is refused, naming it", function()
    local g = H.game()
    for _, t in ipairs({ "attack", "block", "shuffle", "create", "step" }) do
      assert.error_matches(function() g:add_replacement{ event = t, replace = function() end } end,
        "add_replacement.*\"" .. t .. "\" events are never replaced")
    end
  end)

  it("only permanents tap: a card in hand can't be tapped, and the game is unchanged", function()
    local g, ann = H.game()
    local c = g:create(arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 },
      { owner = ann, zone = "hand" })
    local before = g:state_hash()
    assert.error_matches(function() c:tap() end, "tap: Bear#%d+ is in the hand, not on the battlefield")
    assert.equal(before, g:state_hash())
    assert.is_false(c.tapped)
  end)
end)
