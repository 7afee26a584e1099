-- The main demo (examples/duel.lua, issue 6 item 5): a complete game, deterministic by seed,
-- narrated with rule numbers; batch mode prints a win/draw table.
local LUA = require("arbiter.compat").interpreter   -- the Lua running the specs
local function run(args)
  -- the exit status printed by the shell: 5.1's close of a pipe doesn't give it
  local p = io.popen(LUA .. " examples/duel.lua " .. args .. " 2>/dev/null; echo \"<exit $?>\"")
  local out = p:read("*a")
  p:close()
  local body, status = out:match("^(.*)<exit (%d+)>\n$")
  return body, status == "0"
end

describe("examples/duel.lua", function()
  it("plays a whole game to a result, narrated with rule numbers", function()
    local out, ok = run("--seed 7")
    assert.is_true(ok)
    assert.matches("== Turn 1: Ann", out)
    assert.matches("draws .- %(423%.1%)", out)
    assert.matches("attacks", out)
    assert.matches("%(502%.2%)", out)
    assert.matches("== Result after %d+ turns: ", out)
  end)

  it("reads well (17.6): the stack, a one-line summary per turn, no repeated empty lines", function()
    local out, ok = run("")                                               -- the default game
    assert.is_true(ok)
    assert.is_nil(out:find("\n\n\n", 1, true), "two empty lines in a row")
    assert.is_nil(out:find("declare blockers step", 1, true))          -- no step headings for nothing
    assert.matches("casts .-, paying .-: on the stack %(405%.1%)", out)
    assert.matches("resolves and enters the battlefield under %a+'s control %(413%)", out)
    assert.matches("declares no blockers", out)
    -- real Magic (issue 12.9): a response on the stack, a counter, burn, a pump in combat, an ability
    assert.matches("casts Counterspell targeting %a[^,]*, paying {U}{U}.-: in response, on top of 1 object %(116", out)
    assert.matches("is countered and goes to", out)
    assert.matches("casts Lightning Bolt targeting", out)
    assert.matches("blocks [^\n]+\n   %a+ casts Giant Growth targeting", out)
    assert.matches("activates Goblin Artillerist's ability 1 targeting", out)
    local turns = select(2, out:gsub("\n== Turn %d+:", ""))
    local summaries = select(2, out:gsub("\n   => turn %d+ in short: ", ""))
    assert.is_true(turns > 3)
    assert.are.equal(turns, summaries)
    assert.matches("LOSES the game %(.-%d%d%d%.%d.-%)", out)            -- the rule behind it
  end)

  it("is deterministic by --seed; another seed gives another game", function()
    local a, b, c = run("--seed 11 --quiet"), run("--seed 11 --quiet"), run("--seed 12 --quiet")
    assert.equal(a, b)
    assert.not_equal(a, c)
    assert.matches("state hash %x+", a)
  end)

  it("--games N plays N games and prints a table of wins and draws", function()
    local out, ok = run("--games 5 --seed 3")
    assert.is_true(ok)
    assert.matches("5 games %(seeds 3%.%.7%)", out)
    local ann, bob, draws, unfinished = out:match("%(Ann%)%s+(%d+).-%(Bob%)%s+(%d+).-draws%s+(%d+).-unfinished %(200 turns%)%s+(%d+)")
    assert.equal(5, tonumber(ann) + tonumber(bob) + tonumber(draws) + tonumber(unfinished))
  end)

  it("--decks plays two classic Alpha decks of examples/decks (what make demo plays)", function()
    local out, ok = run("--decks red_burn,white_knights --seed 3")
    assert.is_true(ok)
    assert.matches("Red Burn %(Ann%) vs White Knights %(Bob%)", out)
    assert.matches("deck_check: 40 cards", out)
    assert.matches("== Result after %d+ turns: ", out)
    assert.matches("casts [^\n]+, paying {", out)
    local _, bad = run("--decks red_burn,no_such_deck")
    assert.is_falsy(bad)
  end)

  it("rejects bad options with a usage message", function()
    local _, ok = run("--games zero")
    assert.is_falsy(ok)
  end)
end)
