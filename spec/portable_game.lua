-- spec/portable_game.lua — the game versions_spec plays on every Lua (5.1-5.4, LuaJIT).
-- A whole game with card scripts (examples/cards: a static ability, triggers, an observer),
-- a draw replacement, combat (keywords, first and double strike, trample, flying, Lure),
-- seeded random agents and house-rule data (g:store). play(arbiter) -> a digest: the state hash after each turn and at the
-- end, the history's length, the turn and the result. The same seed and calls must give the
-- same digest, bit for bit, whatever Lua runs it (the engine's randomness is in C).
-- Run as a script: lua5.x spec/portable_game.lua CPATH prints the digest.
local function play(arbiter)
  local function card(file) return dofile("examples/cards/" .. file .. ".lua") end
  local function creature(name, p, t, cost, abilities)
    return arbiter.card{ name = name, types = { "Creature" }, power = p, toughness = t, cost = cost,
      abilities = abilities or {} }
  end
  local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
  local deck = { { 22, forest }, { 6, creature("Grizzly Bears", 2, 2, 2) }, { 5, creature("Hill Giant", 3, 3, 3) },
    { 4, creature("Giant Spider", 2, 4, 3, { "reach" }) }, { 4, creature("Trained Armodon", 3, 3, 3, { "trample" }) },
    { 4, creature("Wind Drake", 2, 2, 3, { "flying" }) }, { 4, creature("Youthful Knight", 2, 1, 2, { "first strike" }) },
    { 4, card("fencing_ace").def }, { 4, creature("Craw Wurm", 6, 4, 5) }, { 3, creature("Raging Goblin", 1, 1, 1, { "haste" }) } }
  local list = {}
  for _, e in ipairs(deck) do for _ = 1, e[1] do list[#list + 1] = e[2] end end

  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 20260516 }
  local ann, bob = g.players[1], g.players[2]
  for i, p in ipairs(g.players) do
    g:create_deck(p, list)
    g:set_agent(p, arbiter.agents.random(1000 + i))
  end
  for _, s in ipairs({ { "glorious_anthem", ann }, { "howling_mine", bob }, { "lure", ann } }) do
    local script = card(s[1])
    local c = g:create(script.def, { owner = s[2], zone = "battlefield" })
    if s[1] == "lure" then
      local bear = g:create(creature("Lured Bear", 2, 2, 2), { owner = ann, zone = "battlefield" })
      script.install(g, c, bear)
    else
      script.install(g, c)
    end
  end
  -- a draw replacement: every fifth draw of Ann's is replaced by 2 damage to Bob; a trigger:
  -- Bob gains 1 life when dealt 3 or more damage at once
  local draws = 0
  g:add_replacement{ event = "draw", name = "tithe",
    applies = function(ev) return ev.player == ann end,
    replace = function(ev, game)
      draws = draws + 1
      if draws % 5 == 0 then game:damage(nil, game.players[2], 2) return nil end
      return ev
    end }
  g:trigger{ event = "damage", controller = bob, name = "wince",
    condition = function(ev) return ev.target == bob and ev.amount >= 3 end,
    effect = function(_, game) game.players[2].life = game.players[2].life + 1 end }
  -- house-rule data in the state hash (g:store): a string to quote, a float, a large integer
  g:store("notes", { text = "line\none \"q\"\t\\", ratio = 0.1, big = 2 ^ 60, list = { 1, 2.5, true } })
  local out = {}
  g:on("step", function(ev, game)
    if ev.step == "cleanup" then
      game:store("turns", game.turn)
      out[#out + 1] = game:state_hash(true)
    end
  end)
  g:start()
  local r = g:play{ max_turns = 60 }
  out[#out + 1] = string.format("end %s/%d turn %d %s life %d/%d", g:state_hash(true), g:history_length(),
    g.turn, r and (r.draw and "draw" or r.winner.name) or "unfinished", ann.life, bob.life)
  return table.concat(out, "\n")
end

if arg and arg[0] and arg[0]:match("portable_game%.lua$") and arg[1] then
  package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
  package.cpath = arg[1] .. ";" .. package.cpath
  io.write(play(require("arbiter")))
end
return play
