-- bin/arbiter, the command line (issue 31 item 7): `arbiter play` through a pseudo-terminal
-- (tmux: a numbered question answered by its number, the board redrawn, the same seed and
-- answers the same game); `arbiter sim` win rates with Wilson intervals as JSON, each game's
-- winner the one the same game played here gives, shards that merge to the unsharded run.
local arbiter = require("arbiter")
local json = require("arbiter.json")
local cli = require("arbiter.cli")

local function lua_bin()
  local i = -1
  while arg and arg[i - 1] do i = i - 1 end
  return arg and arg[i] or "lua5.4"
end

local function sh(cmd)
  local p = assert(io.popen("(" .. cmd .. ") 2>&1; echo \"rc=$?\""))
  local out = p:read("*a")
  p:close()
  local rc = tonumber(out:match("rc=(%d+)%s*$"))
  return rc, (out:gsub("rc=%d+%s*$", ""))
end

-- the checkout's bin/arbiter, or the installed one (scripts/rock_test.lua sets ARBITER_BIN to
-- the command LuaRocks installed in its temporary tree)
local ARB = os.getenv("ARBITER_BIN") or (lua_bin() .. " bin/arbiter")

local function sim(args)
  local rc, out = sh(ARB .. " sim " .. args .. " --no-progress")
  assert.are.equal(0, rc, out)
  return json.decode(out)
end

describe("arbiter sim", function()
  local whole

  it("plays N games and prints win rates with 95 % Wilson intervals as JSON", function()
    whole = sim("red green --games 6 --seed 4")
    assert.are.same({ "red", "green" }, whole.decks)
    assert.are.equal(6, whole.played)
    assert.is_true(whole.complete)
    assert.are.equal(6, whole.wins[1] + whole.wins[2] + whole.draws)
    assert.are.equal(6, #whole.results)
    for k = 1, 2 do
      local lo, hi = whole.ci95[k][1], whole.ci95[k][2]
      assert.is_true(lo <= whole.win_rate[k] and whole.win_rate[k] <= hi)
      assert.are.same({ lo, hi }, require("arbiter.cli_sim").wilson(whole.wins[k], 6))
    end
    -- Wilson's interval of 6 wins in 6: [0.609666, 1]; of 0 in 6: [0, 0.390334]
    assert.are.same({ 0.609666, 1 }, require("arbiter.cli_sim").wilson(6, 6))
    assert.are.same({ 0, 0.390334 }, require("arbiter.cli_sim").wilson(0, 6))
  end)

  it("each game's winner is the one the same game (seed, first player) gives played here", function()
    local decks = { assert(cli.deck("red")), assert(cli.deck("green")) }
    for _, k in ipairs({ 1, 2 }) do
      local g, of_deck = cli.new_game(decks, 4, k, { "red", "green" })
      for _, p in ipairs(g.players) do g:set_agent(p, arbiter.agents.simple()) end
      local r = g:play{ max_turns = 200 }
      local w = (r and r.winner) and (r.winner == of_deck[1] and 1 or 2) or 0
      assert.are.same({ k, w }, whole.results[k])
      assert.are.equal(k % 2 == 1 and of_deck[1] or of_deck[2], g.players[1])   -- decks alternate
    end
  end)

  it("shards i/n play disjoint games and --merge adds them up to the unsharded run, files or stdin", function()
    local files = {}
    for i = 1, 3 do
      local s = sim("red green --games 6 --seed 4 --shard " .. i .. "/3")
      assert.are.equal(2, s.played)
      assert.is_false(s.complete)
      files[i] = os.tmpname()
      local f = assert(io.open(files[i], "w"))
      f:write(json.encode(s) .. "\n")
      f:close()
    end
    local rc, out = sh(ARB .. " sim --merge " .. table.concat(files, " "))
    assert.are.equal(0, rc, out)
    local merged = json.decode(out)
    whole.shards, merged.shards = nil, merged.shards
    assert.are.same({ 1, 2, 3 }, merged.shards.done)
    merged.shards = nil
    assert.are.same(whole, merged)
    rc, out = sh("cat " .. table.concat(files, " ") .. " | " .. ARB .. " sim --merge -")
    assert.are.equal(0, rc, out)
    assert.are.same(merged.results, json.decode(out).results)
    rc, out = sh(ARB .. " sim --merge " .. files[1] .. " " .. files[1])
    assert.are.equal(2, rc)
    assert.truthy(out:find("shard 1/3 is given twice", 1, true), out)
    for _, f in ipairs(files) do os.remove(f) end
  end)

  it("a progress bar on stderr; bad arguments exit 2 naming the problem", function()
    local rc, out = sh(ARB .. " sim red green --games 2 --seed 1 2>&1 >/dev/null")
    assert.are.equal(0, rc)
    assert.truthy(out:find("[##############################] 2/2 games", 1, true), out)
    rc, out = sh(ARB .. " sim red --games 2")
    assert.are.equal(2, rc)
    assert.truthy(out:find("sim needs two decks", 1, true), out)
    rc, out = sh(ARB .. " sim red nosuchdeck")
    assert.are.equal(2, rc)
    assert.truthy(out:find('no deck file "nosuchdeck"', 1, true), out)
    rc, out = sh(ARB .. " sim red green --shard 4/3")
    assert.are.equal(2, rc)
    assert.truthy(out:find("--shard must be i/n", 1, true), out)
  end)

  it("a deck list file of Alpha cards; a name the set lacks is refused", function()
    local file = os.tmpname()
    local f = assert(io.open(file, "w"))
    f:write("20 Forest\n20 Grizzly Bears\n")
    f:close()
    local s = sim(file .. " red --games 2 --seed 1")
    assert.are.equal(2, s.played)
    f = assert(io.open(file, "w"))
    f:write("20 Forest\n20 Tarmogoyf\n")
    f:close()
    local rc, out = sh(ARB .. " sim " .. file .. " red")
    assert.are.equal(2, rc)
    assert.truthy(out:find("Tarmogoyf", 1, true), out)
    os.remove(file)
  end)
end)

describe("arbiter play, through a pseudo-terminal (tmux)", function()
  -- a tmux server of this run's own (two runs at once, on two Luas, don't share sessions)
  local socket = os.tmpname()
  os.remove(socket)
  local function tmux(args) return sh("tmux -S " .. socket .. " " .. args) end
  teardown(function()
    tmux("kill-server")
    os.remove(socket)
  end)

  -- polls end at a wall-clock deadline, not after a count of polls: a loaded machine draws
  -- slowly (these tests were flaky under load); nothing here measures time
  local function before(seconds) local t = os.time() + seconds; return function() return os.time() <= t end end

  -- plays a whole game answering every question with `answer`; the screens seen
  local function play(seed, answer)
    local name = "play" .. seed
    tmux("kill-session -t " .. name)
    local rc, out = tmux("new-session -d -s " .. name .. " -x 200 -y 60 '" .. ARB .. " play red green --seed "
      .. seed .. "; echo GAME-OVER; sleep 60'")
    assert.are.equal(0, rc, out)
    local screens, last, asked = {}, nil, 0
    local open = before(300)
    while open() do
      local _, screen = tmux("capture-pane -p -t " .. name)
      if screen:find("GAME-OVER", 1, true) then screens[#screens + 1] = screen; break end
      if screen ~= last and screen:match("\n>%s*$") then
        screens[#screens + 1] = screen
        asked = asked + 1
        tmux("send-keys -t " .. name .. " " .. answer .. " Enter")
      end
      last = screen
      sh("sleep 0.02")
    end
    tmux("kill-session -t " .. name)
    return screens, asked
  end

  it("asks numbered questions on a redrawn board, answered by number, to the end of the game", function()
    local screens, asked = play(2, "1")
    assert.is_true(asked > 5, "questions asked: " .. asked)
    local first = screens[1]
    assert.truthy(first:find("Turn 1, your", 1, true), first)
    assert.truthy(first:find("* You: 20 life, library 33, hand 7", 1, true), first)
    assert.truthy(first:find("AI: 20 life, library 33, hand 7", 1, true), first)
    assert.truthy(first:find("your hand: ", 1, true), first)
    assert.truthy(first:find("Choose land:\n  1) Mountain", 1, true), first)
    local final = screens[#screens]
    assert.truthy(final:find("You win the game.") or final:find("You lose the game.")
      or final:find("The game is a draw."), final)
    -- the same seed and answers: the same game, the same final screen
    local again = play(2, "1")
    assert.are.equal(final, again[#again])
  end)

  it("q concedes; a bad answer asks again", function()
    local name = "concede"
    tmux("kill-session -t " .. name)
    tmux("new-session -d -s " .. name .. " -x 200 -y 60 '" .. ARB .. " play red green; echo GAME-OVER; sleep 60'")
    local screen
    local open = before(120)
    while open() do
      screen = select(2, tmux("capture-pane -p -t " .. name))
      if screen:match("\n>%s*$") then break end
      sh("sleep 0.02")
    end
    tmux("send-keys -t " .. name .. " 99 Enter")
    sh("sleep 0.3")
    screen = select(2, tmux("capture-pane -p -t " .. name))
    assert.truthy(screen:find("Choose land:", 1, true), screen)
    tmux("send-keys -t " .. name .. " q Enter")
    open = before(120)
    while open() do
      screen = select(2, tmux("capture-pane -p -t " .. name))
      if screen:find("GAME-OVER", 1, true) then break end
      sh("sleep 0.02")
    end
    tmux("kill-session -t " .. name)
    assert.truthy(screen:find("you quit: you concede.", 1, true), screen)
  end)
end)

-- The terminal player's priority question, without a terminal: scripted input lines.
describe("arbiter play's priority question (the human agent)", function()
  local play = require("arbiter.cli_play")
  local alpha = require("arbiter.sets.alpha")

  local function human(g, you, lines)
    local out = {}
    local std = { out = { write = function(_, s) out[#out + 1] = s end, flush = function() end },
      input = { read = function() return table.remove(lines, 1) end } }
    return play.human(std, g, you, {}, function(why) error(why, 0) end), out
  end

  it("offers your activated abilities but mana abilities; the chosen one is the answer (406)", function()
    local g = arbiter.new_game{ players = { "You", "AI" }, seed = 1 }
    local you, ai = g.players[1], g.players[2]
    local sorcerer = g:create(alpha["Prodigal Sorcerer"], { owner = you, zone = "battlefield" })
    g:create(alpha["Island"], { owner = you, zone = "battlefield" })
    g:create(alpha["Prodigal Sorcerer"], { owner = ai, zone = "battlefield" })
    g:begin_turn(you)
    g:upkeep_step()
    local agent, out = human(g, you, { "1" })
    local action = agent.priority(you, g)
    assert.same({ activate = sorcerer, ability = 1 }, action)
    local screen = table.concat(out)
    assert.truthy(screen:find("1) activate Prodigal Sorcerer: {T}", 1, true), screen)
    assert.truthy(screen:find("2) pass", 1, true), screen)    -- the Island's mana ability isn't offered
    sorcerer:tap()                                              -- its {T} can't be paid: nothing to offer
    assert.is_nil(human(g, you, {}).priority(you, g))
  end)
end)
