-- arbiter.deck: the older guide's deck construction rule (003, "House Rules"):
-- "Each deck must have at least sixty cards, with no more than of four of any individual
-- card other than basic lands."
local arbiter = require("arbiter")
local deck = arbiter.deck

local island = arbiter.card{ name = "Island", types = { "Land" }, supertypes = { "Basic" }, subtypes = { "Island" } }
local snow_island = arbiter.card{ name = "Snow-Covered Island", types = { "Land" },
  supertypes = { "Basic", "Snow" }, subtypes = { "Island" } }
local tundra = arbiter.card{ name = "Tundra", types = { "Land" }, subtypes = { "Plains", "Island" } }
local bolt = arbiter.card{ name = "Lightning Bolt", types = { "Instant" }, colors = { "red" } }
local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, colors = { "green" },
  power = 2, toughness = 2 }
local lotus = arbiter.card{ name = "Black Lotus", types = { "Artifact" } }

local function build(spec)
  local d = {}
  for _, e in ipairs(spec) do for _ = 1, e[1] do d[#d + 1] = e[2] end end
  return d
end

describe("deck.check (003 House Rules: deck construction)", function()
  it("accepts 60 cards with at most 4 of each nonbasic card", function()
    local d = build{ { 4, bolt }, { 4, bears }, { 4, tundra }, { 48, island } }
    assert.is_true(deck.check(d))
    assert.are.equal(60, #d)
  end)

  it("needs at least sixty cards", function()
    local ok, problems = deck.check(build{ { 4, bolt }, { 55, island } })
    assert.is_false(ok)
    assert.are.same({ "deck has 59 cards (at least 60)" }, problems)
  end)

  it("allows no more than four of any individual card, naming it", function()
    local ok, problems = deck.check(build{ { 5, bolt }, { 55, island } })
    assert.is_false(ok)
    assert.are.same({ "5 copies of Lightning Bolt (at most 4)" }, problems)
  end)

  it("exempts basic lands (snow basics too) but not nonbasic lands", function()
    assert.is_true(deck.check(build{ { 30, island }, { 30, snow_island } }))
    local ok, problems = deck.check(build{ { 5, tundra }, { 55, island } })
    assert.is_false(ok)
    assert.are.same({ "5 copies of Tundra (at most 4)" }, problems)
  end)

  it("lists every problem", function()
    local ok, problems = deck.check(build{ { 6, bolt }, { 5, bears } })
    assert.is_false(ok)
    assert.are.same({ "deck has 11 cards (at least 60)", "6 copies of Lightning Bolt (at most 4)",
      "5 copies of Grizzly Bears (at most 4)" }, problems)
  end)

  it("takes min_size, max_size, max_copies", function()
    local d = build{ { 2, bolt }, { 8, island } }
    assert.is_true(deck.check(d, { min_size = 10, max_size = 10 }))
    local ok, problems = deck.check(d, { min_size = 5, max_size = 9, max_copies = 1 })
    assert.is_false(ok)
    assert.are.same({ "deck has 10 cards (at most 9)", "2 copies of Lightning Bolt (at most 1)" }, problems)
  end)

  it("singleton allows one copy of each nonbasic card", function()
    local ok, problems = deck.check(build{ { 2, bears }, { 58, island } }, { singleton = true })
    assert.is_false(ok)
    assert.are.same({ "2 copies of Grizzly Bears (at most 1)" }, problems)
    assert.are.equal(100, deck.SINGLETON.min_size)
  end)

  it("banned and restricted lists (array or set)", function()
    local d = build{ { 1, lotus }, { 2, bolt }, { 57, island } }
    local ok, problems = deck.check(d, { banned = { "Black Lotus" }, restricted = { ["Lightning Bolt"] = true } })
    assert.is_false(ok)
    assert.are.same({ "Black Lotus is banned", "2 copies of Lightning Bolt (restricted: at most 1)" }, problems)
    assert.is_true(deck.check(build{ { 1, lotus }, { 59, island } }, { restricted = { "Black Lotus" } }))
  end)

  it("LIMITED: 40 cards, any number of copies", function()
    local d = build{ { 23, bolt }, { 17, island } }
    assert.is_true(deck.check(d, deck.LIMITED))
    local ok, problems = deck.check(build{ { 39, bolt } }, deck.LIMITED)
    assert.is_false(ok)
    assert.are.same({ "deck has 39 cards (at least 40)" }, problems)
  end)

  it("accepts the cards of a game for their definitions", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" } }
    local ann = g.players[1]
    for _ = 1, 5 do g:create(bolt, { owner = ann }) end
    local ok, problems = deck.check(ann.library:cards(), { min_size = 5 })
    assert.is_false(ok)
    assert.are.same({ "5 copies of Lightning Bolt (at most 4)" }, problems)
  end)

  it("rejects bad arguments with a message", function()
    assert.has_error(function() deck.check("x") end)
    assert.has_error(function() deck.check({}, 3) end)
    assert.has_error(function() deck.check({ 1, 2 }) end)
    assert.has_error(function() deck.check({}, { min_size = "sixty" }) end)
  end)
end)

describe("deck.parse", function()
  local pool = { bolt, bears, island, tundra }

  it("reads '4 Lightning Bolt' lines in order", function()
    local d = assert(deck.parse("4 Lightning Bolt\n2x Grizzly Bears\nTundra\n\n# comment\n// too\n3 island\n", pool))
    assert.are.equal(10, #d)
    assert.are.equal(bolt, d[1]); assert.are.equal(bolt, d[4])
    assert.are.equal(bears, d[5]); assert.are.equal(tundra, d[7]); assert.are.equal(island, d[10])
  end)

  it("stops at Sideboard and skips SB: lines", function()
    local d = assert(deck.parse("SB: 1 Tundra\n4 Lightning Bolt\nSideboard\n4 Grizzly Bears", pool))
    assert.are.equal(4, #d)
  end)

  it("takes a {name = definition} pool and names unknown cards by line", function()
    local d, problems = deck.parse("4 Lightning Bolt\n1 Shivan Dragon", { ["Lightning Bolt"] = bolt })
    assert.is_nil(d)
    assert.are.same({ 'line 2: unknown card "Shivan Dragon"' }, problems)
  end)

  it("round-trips with deck.format and feeds deck.check", function()
    local d = assert(deck.parse("4 Lightning Bolt\n56 Island", pool))
    assert.are.equal("4 Lightning Bolt\n56 Island\n", deck.format(d))
    assert.is_true(deck.check(d))
    local d5 = assert(deck.parse("5 Lightning Bolt\n55 Island", pool))
    local ok, problems = deck.check(d5)
    assert.is_false(ok)
    assert.are.same({ "5 copies of Lightning Bolt (at most 4)" }, problems)
  end)
end)
