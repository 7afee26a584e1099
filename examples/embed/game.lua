-- examples/embed/game.lua — the game the embedding examples run, as a function of its host:
--
--   local play = dofile("examples/embed/game.lua")
--   local summary = play(arbiter, {agents = {ann_agent, bob_agent}, log = print, seed = 1})
--   local d, flush = play(arbiter, {agents = {host, host}, log = print, seed = 1, driven = true})
--
-- driven = true (driven.c): the game isn't played here; it returns a host driver that plays it
-- (g:driver) and flush(), which passes on the log lines not passed on yet: the driver runs the
-- game again after each answer, and a run logs what the runs before it logged (the same lines,
-- in the same order), so a run's k-th line is new only past the lines runs logged before. The
-- damage observer (g:on) is called once per event, re-runs or not: its lines are new as they come.
--
-- A small creature duel between Ann and Bob: London mulligans (asked through the agents),
-- then turns of draw, one creature onto the battlefield, an attack and blocks chosen by the
-- agents among the legal declarations (arbiter.ask_choose: "attack" and "block" questions;
-- the engine itself asks "mulligan", "bottom" and "damage"), combat damage, until a player
-- loses (life, or a draw from an empty library: 423.4). Every line of the story goes to
-- opts.log. Same seed + same answers => the same game (the hosts only decide who answers).
--
-- A sketch, not the rules of a turn: no mana (one creature a turn) and every creature has
-- haste so that it can attack the turn it arrives (there is no untap/summoning-sickness step
-- here; see the turn API in the README for the real thing).
local compat = require("arbiter.compat")

return function(arbiter, opts)
  local log = opts.log or print
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = opts.seed or 1,
                              house_rules = { arbiter.house.london } }
  local ann, bob = g.players[1], g.players[2]

  local function creature(name, p, t, abilities)
    local ab = { "haste" }
    for _, a in ipairs(abilities or {}) do ab[#ab + 1] = a end
    return arbiter.card{ name = name, types = { "Creature" }, power = p, toughness = t, abilities = ab }
  end
  local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
  local pool = {
    creature("Grizzly Bears", 2, 2), creature("Hill Giant", 3, 3), creature("Wall of Wood", 0, 3, { "defender" }),
    creature("Youthful Knight", 2, 1, { "first strike" }), creature("Giant Spider", 2, 4, { "reach" }),
    creature("Wind Drake", 2, 2, { "flying" }),
  }
  for _, p in ipairs(g.players) do
    for i = 1, 16 do g:create(i % 3 == 0 and forest or pool[(i + p.index) % #pool + 1], { owner = p }) end
  end
  g:set_agent(ann, opts.agents[1])
  g:set_agent(bob, opts.agents[2])

  local function names(decl)
    local out = {}
    for k, v in pairs(decl) do
      if compat.isint(k) then out[#out + 1] = v.name
      elseif type(v) == "table" then        -- one blocker, several attackers
        local t = {}
        for i, a in ipairs(v) do t[i] = a.name end
        out[#out + 1] = k.name .. " blocks " .. table.concat(t, " and ")
      else out[#out + 1] = k.name .. " blocks " .. v.name end
    end
    table.sort(out)
    return #out > 0 and table.concat(out, ", ") or "nothing"
  end

  local say = log   -- the observer's lines
  g:on("damage", function(ev)
    say(string.format("  %s deals %d damage to %s", ev.source.name, ev.amount, ev.target.name))
  end)

  local function run()
    g:start()
    for _, p in ipairs(g.players) do log(string.format("%s keeps %d cards", p.name, #p.hand)) end
    local turn = 0
    while not g:result() and turn < 60 do
      turn = turn + 1
      local p = g.active_player
      local foe = p == ann and bob or ann
      for _, c in ipairs(g.battlefield:cards()) do
        if c.controller == p and c.tapped then c:untap() end
      end
      if turn > 1 then g:draw(p) end
      g:check_state()
      if g:result() then break end
      for _, c in ipairs(p.hand:cards()) do
        if c.power then g:move(c, "battlefield"); break end
      end
      local attacks = g:legal_attacks{ limit = 64 }
      local attack = arbiter.ask_choose(g, p, "attack", attacks, { turn = turn })
      log(string.format("turn %d, %s (life %d) attacks with %s", turn, p.name, p.life, names(attack)))
      if next(attack) then
        g:declare_attackers(attack)
        local blocks = g:legal_blocks{ limit = 64 }
        local block = arbiter.ask_choose(g, foe, "block", blocks, { turn = turn })
        log(string.format("  %s blocks: %s", foe.name, names(block)))
        g:declare_blockers(block)
        g:combat_damage()
        if not g:result() then g:end_combat() end
      end
      g:set_active(foe)
    end
    local r = g:result()
    local summary
    if not r then summary = "no result after " .. turn .. " turns"
    elseif r.draw then summary = "a draw"
    else
      summary = string.format("%s wins on turn %d (Ann %d life, Bob %d life)", r.winner.name, turn,
        ann.life, bob.life)
    end
    log("result: " .. summary)
    return summary, g:state_hash()
  end

  if not opts.driven then return run() end
  local out, lines, passed, k, logged = log, {}, 0, 0, 0
  log = function(line)               -- the run's k-th line: new past the ones logged before
    k = k + 1
    if k > logged then logged = k; lines[#lines + 1] = line end
  end
  say = function(line) lines[#lines + 1] = line end
  local d = g:driver(function() k = 0; return run() end)
  return d, function()
    for i = passed + 1, #lines do out(lines[i]) end
    passed = #lines
  end
end
