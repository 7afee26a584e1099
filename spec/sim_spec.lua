-- arbiter.sim (issue 33 item 7): N games of two decks under one rule set, or N paired games under
-- two (the same seeds, seats and agents), with a progress bar; win rates with 95 % confidence
-- intervals and the paired difference. docs/GUIDE.md's "London vs Vancouver" runs here with
-- fewer games.
local arbiter = require("arbiter")
local alpha = require("arbiter.sets.alpha")

local function deck(file)
  local f = assert(io.open("examples/decks/" .. file .. ".txt"))
  local list = assert(arbiter.deck.parse(f:read("*a"), alpha))
  f:close()
  return list
end
local DECKS = { deck("red_burn"), deck("green_stompy") }
local LONDON = { name = "London", house_rules = { arbiter.house.london } }
local VANCOUVER = { name = "Vancouver", house_rules = { arbiter.house.vancouver } }

-- a simple agent that mulligans hands of fewer than 2 or more than 5 lands
local function agent()
  local a = arbiter.agents.simple()
  local may = a.may
  a.may = function(p, what, ctx)
    if what == "mulligan" then return (ctx.lands < 2 or ctx.lands > 5) and ctx.keep_size > 5 end
    if what == "scry" then return false end
    return may(p, what, ctx)
  end
  return a
end

describe("arbiter.sim", function()
  it("one rule set: wins, draws and rates add up; Wilson intervals hold each rate; the same run twice "
    .. "gives the same result", function()
    local r = arbiter.sim{ decks = DECKS, games = 6, seed = 3, rules = { LONDON }, agent = agent }
    local s = r.sets[1]
    assert.equal(6, s.wins[1] + s.wins[2] + s.draws)
    assert.near(s.wins[1] / 6, s.win_rate[1], 1e-6)
    assert.near(s.wins[2] / 6, s.win_rate[2], 1e-6)
    for i = 1, 2 do
      assert.is_true(s.ci95[i][1] <= s.win_rate[i] and s.win_rate[i] <= s.ci95[i][2])
      assert.same(require("arbiter.sim").wilson(s.wins[i], 6), s.ci95[i])
    end
    assert.is_nil(r.difference)
    assert.same(r, arbiter.sim{ decks = DECKS, games = 6, seed = 3, rules = { LONDON }, agent = agent })
  end)

  it("paired: each set's games are the games that set alone plays (same seeds, seats, agents)", function()
    local both = arbiter.sim{ decks = DECKS, games = 6, seed = 5, rules = { LONDON, VANCOUVER }, agent = agent }
    local london = arbiter.sim{ decks = DECKS, games = 6, seed = 5, rules = { LONDON }, agent = agent }
    local vancouver = arbiter.sim{ decks = DECKS, games = 6, seed = 5, rules = { VANCOUVER }, agent = agent }
    assert.same(london.sets[1], both.sets[1])
    assert.same(vancouver.sets[1], both.sets[2])
    local d = both.difference
    assert.is_true(d.ci95[1] <= d.win_rate and d.win_rate <= d.ci95[2])
    local same = 0                                 -- the games deck 1 won under both or neither
    for _, row in ipairs(both.results) do
      if (row[2] == 1) == (row[3] == 1) then same = same + 1 end
    end
    assert.equal(same, d.same)
    -- the difference is the first deck's win rate under London minus under Vancouver
    assert.near(both.sets[1].win_rate[1] - both.sets[2].win_rate[1], d.win_rate, 2e-6)   -- three numbers rounded to 6 places
  end)

  it("the same rule set twice: every paired game alike, a difference of exactly 0", function()
    local r = arbiter.sim{ decks = DECKS, games = 4, seed = 2, rules = { LONDON, { name = "again",
      house_rules = { arbiter.house.london } } }, agent = agent }
    assert.same({ win_rate = 0, ci95 = { 0, 0 }, same = 4 }, r.difference)
  end)

  it("shards {i, n} play disjoint games whose results are the unsharded run's (what `arbiter sim --shard` plays)",
    function()
    local whole = arbiter.sim{ decks = DECKS, games = 6, seed = 7, rules = { LONDON, VANCOUVER }, agent = agent }
    assert.equal(6, whole.played)
    local rows = {}
    for i = 1, 3 do
      local part = arbiter.sim{ decks = DECKS, games = 6, seed = 7, rules = { LONDON, VANCOUVER }, agent = agent,
        shard = { i, 3 } }
      assert.equal(2, part.played)
      for _, row in ipairs(part.results) do rows[row[1]] = row end
    end
    for _, row in ipairs(whole.results) do assert.same(row, rows[row[1]]) end
  end)

  it("a progress function sees the games done, up to the total", function()
    local seen = {}
    arbiter.sim{ decks = DECKS, games = 3, rules = { LONDON, VANCOUVER }, progress = function(done, total)
      seen[#seen + 1] = done .. "/" .. total
    end }
    assert.same({ "1/6", "2/6", "3/6", "4/6", "5/6", "6/6" }, seen)
  end)

  it("bad input: a clear error naming the option", function()
    local function err(o) local ok, e = pcall(arbiter.sim, o); assert.is_false(ok); return tostring(e) end
    assert.truthy(err(nil):find("bad argument #1 to 'sim'", 1, true))
    assert.truthy(err{ decks = { DECKS[1] } }:find("decks must be two lists", 1, true))
    assert.truthy(err{ decks = DECKS, rules = {} }:find("rules must be a list of one or two rule sets", 1, true))
    assert.truthy(err{ decks = DECKS, rules = { { house_rules = {} } } }:find("rules[1] must be {name", 1, true))
    assert.truthy(err{ decks = DECKS, games = 0 }:find("games must be a positive integer", 1, true))
    assert.truthy(err{ decks = DECKS, agent = 5 }:find("agent must be a function", 1, true))
    assert.truthy(err{ decks = DECKS, progress = "yes" }:find("progress must be a boolean", 1, true))
    assert.truthy(err{ decks = DECKS, shard = { 4, 3 } }:find("shard must be {i, n}", 1, true))
  end)

  it("docs/GUIDE.md's London vs Vancouver runs as written (with 4 paired games instead of 10,000)", function()
    local f = assert(io.open("docs/GUIDE.md"))
    local guide = f:read("*a")
    f:close()
    local section = guide:match("\n## Experiments: `arbiter.sim`\n(.-)\n## ")
    assert.truthy(section)
    local code = assert(section:match("```lua\n(.-)```"))
    assert.truthy(code:find("games = 10000", 1, true))
    code = code:gsub("games = 10000", "games = 4"):gsub("progress = true", "progress = false")
    local out = {}
    local env = setmetatable({ arbiter = arbiter, print = function(s) out[#out + 1] = s end }, { __index = _G })
    assert(require("arbiter.compat").load(code, "=GUIDE", "t", env))()
    assert.equal(3, #out)
    assert.truthy(out[1]:find("^London    Red Burn wins"))
    assert.truthy(out[3]:find("of 4 games alike", 1, true))
  end)
end)
