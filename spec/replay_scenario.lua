-- spec/replay_scenario.lua — the game replay_spec records, replays and runs in other processes.
local arbiter = require("arbiter")

local bear = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, power = 2, toughness = 2 }
local relic = arbiter.card{ name = "Relic", types = { "Artifact" } }

-- A short game touching most of the API: replacements ordered by the affected player's agent
-- (616.1 today: choose "replacement"), a discard chosen by the agent, a trigger and settle, a
-- loop shortcut (421.5), a failed call, a failed attempt (422), random discards and damage.
return function(opts)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = opts.seed or 77, record = opts.record }
  local ann, bob = g.players[1], g.players[2]
  g:set_agent(ann, arbiter.agents.random(5))
  g:set_agent(bob, arbiter.agents.random(9))
  for i = 1, 10 do
    g:create(arbiter.card{ name = "A" .. i, types = { "Sorcery" } }, { owner = ann })
    g:create(arbiter.card{ name = "B" .. i, types = { "Sorcery" } }, { owner = bob })
  end
  local b = g:create(bear, { owner = bob, zone = "battlefield" })
  local r = g:create(relic, { owner = ann, zone = "battlefield" })
  g:shuffle(ann.library)
  local gain = g:add_replacement{ event = "draw", source = r,
    applies = function(ev, game) return ev.player == game.players[1] end,
    replace = function(ev, game) ev.player.life = ev.player.life + 1 end }
  g:add_replacement{ event = "draw",
    applies = function(ev, game) return ev.player == game.players[1] end,
    replace = function(ev, game) ev.player = game.players[2]; return ev end }
  g:trigger{ event = "draw", controller = bob, effect = function(ev, game) game.players[2].life = game.players[2].life - 1 end }
  g:draw(ann, 3)
  g:settle()
  g:remove_replacement(gain)
  g:draw(ann, 1)
  g:discard(bob, 2)
  g:discard(ann, 1, { random = true })
  g:loop{ max = 6, steps = { { player = ann, action = function(game) game.players[1].life = game.players[1].life + 2 end },
    { player = bob, action = function(game) game.players[2].life = game.players[2].life + 3 end } } }
  pcall(g.draw, g, ann, -1)                        -- bad input: raises, changes nothing
  g:attempt(function(game) game:draw(game.players[2], 2); error("undo me") end)
  b:tap()
  g:damage(nil, b, 1)
  bob.life = bob.life - 4
  g:move(r, "graveyard")
  g:draw(ann, 1)
  return g
end

