-- House rules (003, "House Rules") and the later mulligan rules.
local arbiter = require("arbiter")
local house, agents = arbiter.house, arbiter.agents

local island = arbiter.card{ name = "Island", types = { "Land" }, supertypes = { "Basic" }, subtypes = { "Island" } }
local bolt = arbiter.card{ name = "Lightning Bolt", types = { "Instant" }, colors = { "red" } }

-- A game whose first player gets `hand` (definitions) in hand and `library` in library.
local function setup(rules, hand, library)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 7, house_rules = rules }
  local ann = g.players[1]
  for _, d in ipairs(hand) do g:create(d, { owner = ann, zone = "hand" }) end
  for _, d in ipairs(library) do g:create(d, { owner = ann }) end
  return g, ann
end

local function rep(def, n)
  local t = {}
  for i = 1, n do t[i] = def end
  return t
end

local function concat(a, b)
  local t = {}
  for _, x in ipairs(a) do t[#t + 1] = x end
  for _, x in ipairs(b) do t[#t + 1] = x end
  return t
end

-- A deck of 60 for g:start(): lands then spells.
local function deck_for(g, p, lands, spells)
  for _ = 1, lands do g:create(island, { owner = p }) end
  for _ = 1, spells do g:create(bolt, { owner = p }) end
end

local function asked(log, what)
  local n = 0
  for _, q in ipairs(log) do if q == what then n = n + 1 end end
  return n
end

-- An agent recording each question's `what` and answering from `answers`.
local function recording(answers)
  local log, inner = {}, agents.scripted(answers)
  return log, {
    may = function(p, what, ctx) log[#log + 1] = what; return inner.may(p, what, ctx) end,
    choose = function(p, what, options, ctx) log[#log + 1] = what; return inner.choose(p, what, options, ctx) end,
  }
end

describe("house.land_mulligan (003: 'If you get no land or all land in your initial seven-card draw, you can reshuffle and draw again')", function()
  local rule = house.land_mulligan

  it("offers a no-land hand a mulligan; accepted, the hand is reshuffled and 7 drawn again", function()
    local g, ann = setup({ rule }, rep(bolt, 7), concat(rep(island, 20), rep(bolt, 33)))
    local ctxs = {}
    g:set_agent(ann, agents.scripted{
      function(_, what, ctx) ctxs[#ctxs + 1] = ctx; return what == "mulligan" end,
      function(_, _, ctx) ctxs[#ctxs + 1] = ctx; return false end,   -- if asked again: keep
    })
    local before = g:history_length()
    rule.opening_hand(g, ann)
    assert.are.equal(7, #ann.hand)
    assert.are.equal(53, #ann.library)
    assert.are.equal(0, ctxs[1].lands)
    assert.are.equal("land mulligan", ctxs[1].rule)
    assert.are.equal(7, ctxs[1].next_size)
    -- the new hand is drawn (draw events), not moved
    local draws = 0
    for i, ev in ipairs(g:history()) do if i > before and ev.type == "draw" then draws = draws + 1 end end
    assert.are.equal(7, draws)
  end)

  it("offers an all-land hand a mulligan; declined, the hand stays", function()
    local g, ann = setup({ rule }, rep(island, 7), concat(rep(island, 20), rep(bolt, 33)))
    local hand = ann.hand:cards()
    local a = agents.scripted{ false }
    g:set_agent(ann, a)
    rule.opening_hand(g, ann)
    assert.are.equal(0, a.remaining())
    assert.are.same(hand, ann.hand:cards())
  end)

  it("asks again as often as the player accepts", function()
    -- 59 lands and 1 spell: most redealt hands are all land again (seeded: the same every run)
    local g, ann = setup({ rule }, rep(island, 7), concat(rep(island, 52), rep(bolt, 1)))
    local n = 0
    g:set_agent(ann, { may = function(_, what, ctx)
      assert.are.equal("mulligan", what)
      n = n + 1
      return n <= 3 and (ctx.lands == 0 or ctx.lands == ctx.size)
    end })
    rule.opening_hand(g, ann)
    assert.is_true(n >= 2)            -- asked again after accepting
    assert.are.equal(7, #ann.hand)
    -- it stops when the player declines (the 4th question) or the hand is no longer all land
    local lands = house.count_lands(ann.hand:cards())
    assert.is_true(n == 4 and lands == 7 or n < 4 and lands == 6)
  end)

  it("doesn't ask about a hand with lands and nonlands", function()
    local g, ann = setup({ rule }, concat(rep(island, 3), rep(bolt, 4)), rep(island, 53))
    g:set_agent(ann, agents.scripted{})   -- raises if asked
    rule.opening_hand(g, ann)
    assert.are.equal(7, #ann.hand)
  end)

  it("never asks where no other kind of hand is possible: a deck of only lands", function()
    local g, ann = setup({ rule }, rep(island, 7), rep(island, 53))
    g:set_agent(ann, agents.scripted{})
    rule.opening_hand(g, ann)
    assert.are.equal(7, #ann.hand)
  end)

  it("never asks with a deck of no lands, through g:start()", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3, house_rules = { rule } }
    for _, p in ipairs(g.players) do deck_for(g, p, 0, 60); g:set_agent(p, agents.scripted{}) end
    g:start()
    for _, p in ipairs(g.players) do assert.are.equal(7, #p.hand) end
  end)

  it("runs at g:start() for each player whose hand qualifies", function()
    -- Ann: a deck of 59 lands and 1 spell: her opening hand is almost surely all land
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 11, house_rules = { rule } }
    local ann, bob = g.players[1], g.players[2]
    deck_for(g, ann, 59, 1)
    deck_for(g, bob, 24, 36)
    local log = {}
    g:set_agent(ann, { may = function(p, what, ctx) log[#log + 1] = { p, what, ctx.lands }; return false end })
    g:start()
    assert.are.equal(7, #ann.hand)
    if house.count_lands(ann.hand:cards()) == 7 then
      assert.are.equal(1, #log)
      assert.are.equal(ann, log[1][1])
      assert.are.equal("mulligan", log[1][2])
      assert.are.equal(7, log[1][3])
    end
  end)
end)

describe("house.deck_check (003: at least sixty cards, at most four of a card but basic lands)", function()
  it("g:start() raises naming the player and the problems", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, house_rules = { house.deck_check } }
    local ann, bob = g.players[1], g.players[2]
    deck_for(g, ann, 55, 5)
    deck_for(g, bob, 30, 20)
    local ok, err = pcall(g.start, g)
    assert.is_false(ok)
    assert.matches("5 copies of Lightning Bolt %(at most 4%)", err)
    assert.matches("deck has 50 cards %(at least 60%)", err)
    assert.matches("Ann", err)
    assert.are.equal(0, #ann.hand)   -- nothing happened
  end)

  it("accepts legal decks; deck_check_with takes options", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, house_rules = { house.deck_check } }
    for _, p in ipairs(g.players) do deck_for(g, p, 56, 4) end
    g:start()
    assert.are.equal(7, #g.players[1].hand)
    local lim = arbiter.new_game{ players = { "Ann", "Bob" },
      house_rules = { house.deck_check_with(arbiter.deck.LIMITED) } }
    for _, p in ipairs(lim.players) do deck_for(lim, p, 17, 23) end
    lim:start()
    assert.are.equal(7, #lim.players[2].hand)
  end)

  it("starting_life sets everyone's life at g:start()", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, house_rules = { house.starting_life(30) } }
    for _, p in ipairs(g.players) do deck_for(g, p, 24, 36) end
    g:start()
    assert.are.equal(30, g.players[1].life)
    assert.are.equal(30, g.players[2].life)
  end)
end)

describe("modern mulligans (later variants of 101.4's mulligan, as house rules)", function()
  local function game(rule, answers_ann)
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 5, house_rules = { rule } }
    for _, p in ipairs(g.players) do deck_for(g, p, 24, 36) end
    local log, agent = recording(answers_ann)
    g:set_agent(g.players[1], agent)
    return g, g.players[1], log
  end

  it("Paris: each mulligan draws one card fewer (7, 6, 5)", function()
    local sizes = {}
    local g, ann = game(house.paris, {
      function(_, _, ctx) sizes[#sizes + 1] = ctx.size; return true end,
      function(_, _, ctx) sizes[#sizes + 1] = ctx.size; return true end,
      function(_, _, ctx) sizes[#sizes + 1] = ctx.size; return false end,
    })
    g:start()
    assert.are.same({ 7, 6, 5 }, sizes)
    assert.are.equal(5, #ann.hand)
    assert.are.equal(55, #ann.library)
    assert.are.equal(7, #g.players[2].hand)   -- the default agent keeps
  end)

  it("Paris: down to an empty hand, then no more questions", function()
    local g, ann, log = game(house.paris, { true, true, true, true, true, true, true })
    g:start()
    assert.are.equal(0, #ann.hand)
    assert.are.equal(7, asked(log, "mulligan"))
  end)

  it("Vancouver: Paris, then scry 1 when the kept hand is smaller than 7", function()
    local seen
    local g, ann, log = game(house.vancouver, { true, false,
      function(_, what, ctx) seen = ctx.card; return what == "scry" end })
    g:start()
    assert.are.equal(6, #ann.hand)
    assert.are.same({ "mulligan", "mulligan", "scry" }, log)
    assert.are.equal(seen, ann.library:bottom())
    assert.are_not.equal(seen, ann.library:top())
  end)

  it("Vancouver: no scry for a kept 7", function()
    local g, ann, log = game(house.vancouver, { false })
    g:start()
    assert.are.equal(7, #ann.hand)
    assert.are.same({ "mulligan" }, log)
  end)

  it("Vancouver: scry declined leaves the top card", function()
    local g, ann = game(house.vancouver, { true, false, false })
    g:start()
    local top = ann.library:top()
    assert.are.equal(6, #ann.hand)
    assert.are.equal(top, ann.library:cards()[1])
  end)

  it("London: draws 7 each time, then puts one card per mulligan on the bottom", function()
    local sizes, bottomed = {}, {}
    local function mull(keep)
      return function(_, _, ctx)
        sizes[#sizes + 1] = { ctx.size, ctx.keep_size }
        return not keep
      end
    end
    local function bottom(_, what, options, ctx)
      assert.are.equal("bottom", what)
      assert.are.equal("london", ctx.rule)
      bottomed[#bottomed + 1] = options[#options]
      return options[#options]
    end
    local g, ann, log = game(house.london, { mull(false), mull(false), mull(true), bottom, bottom })
    g:start()
    assert.are.same({ { 7, 7 }, { 7, 6 }, { 7, 5 } }, sizes)
    assert.are.same({ "mulligan", "mulligan", "mulligan", "bottom", "bottom" }, log)
    assert.are.equal(5, #ann.hand)
    assert.are.equal(55, #ann.library)
    local lib = ann.library:cards()
    assert.are.equal(bottomed[1], lib[#lib - 1])
    assert.are.equal(bottomed[2], lib[#lib])
  end)

  it("London: a kept 7 puts nothing on the bottom", function()
    local g, ann, log = game(house.london, { false })
    g:start()
    assert.are.equal(7, #ann.hand)
    assert.are.same({ "mulligan" }, log)
  end)

  it("the same seed and answers give the same hands", function()
    local a = game(house.london, { true, false, { index = 1 } })
    local b = game(house.london, { true, false, { index = 1 } })
    a:start(); b:start()
    assert.are.equal(a:state_hash(), b:state_hash())
  end)
end)

describe("house-rule hooks of the turn (212.6: a land a turn, as the hooks change it)", function()
  local H = require("helpers")
  it("run in list order, each passing its value on; turn_start runs when a turn begins", function()
    local log = {}
    local r1 = { lands_per_turn = function(_, n) log[#log + 1] = "r1:" .. n; return n + 1 end,
                 turn_start = function(_, p) log[#log + 1] = "start " .. p.name end }
    local r2 = { lands_per_turn = function(_, n) log[#log + 1] = "r2:" .. n; return n * 3 end }
    local g, ann = H.game{ house_rules = { r1, r2 } }
    g:begin_turn(ann)
    local forest = arbiter.card{ name = "Forest", types = { "Land" } }
    for _ = 1, 6 do g:create(forest, { owner = ann, zone = "hand" }) end
    for i = 1, 6 do g:play_land(ann, ann.hand:cards()[1]); assert.equal(i, #g.battlefield:cards()) end
    assert.error_matches(function() g:play_land(ann, g:create(forest, { owner = ann, zone = "hand" })) end,
      "already played 6 land")
    assert.equal("start Ann", log[1])
    assert.equal("r1:1", log[2])
    assert.equal("r2:2", log[3])
  end)
end)

describe("g:redeal and g:count (101.4: the hand shuffled back, then real draws, 423)", function()
  local H = require("helpers")
  local forest = arbiter.card{ name = "Forest", types = { "Land" } }
  it("redeal puts the hand into the library (zone changes), shuffles and draws n real draws", function()
    local g, ann = H.game()
    for _ = 1, 10 do g:create(forest, { owner = ann }) end
    H.deck(g, ann, 10)
    g:draw(ann, 7)
    local from = g:history_length() + 1
    local replaced = 0
    g:add_replacement{ event = "draw", applies = function() return replaced == 0 end,
      replace = function() replaced = replaced + 1 end }
    assert.equal(4, g:redeal(ann, 5))            -- the first draw is replaced (423.6)
    assert.equal(4, #ann.hand)
    assert.equal(16, #ann.library)
    local kinds = {}
    for _, ev in ipairs(g:history(from)) do kinds[ev.type] = (kinds[ev.type] or 0) + 1 end
    assert.equal(7, kinds.zone_change)
    assert.equal(1, kinds.shuffle)
    assert.equal(4, kinds.draw)
    assert.equal(g:count(ann.hand, "Land") + g:count(ann.library, "Land"), 10)
    assert.equal(0, g:count(g.battlefield, "Land"))
    assert.error_matches(function() g:count(ann.hand, "Planeswalker") end, "#2 to 'count'")
    assert.error_matches(function() g:redeal(ann, -1) end, "#2 to 'redeal'")
  end)

  -- With nothing listening, redeal takes a direct path in C (no per-card pipeline): it must
  -- leave the same game, history and random state as the general path (seeded determinism).
  it("the quiet redeal and the general one (a listener present) give the same game", function()
    local bolt2 = arbiter.card{ name = "Bolt", types = { "Instant" } }
    local function play(listen)
      local g, ann = H.game()
      for i = 1, 40 do g:create(i % 3 == 0 and forest or bolt2, { owner = ann }) end
      if listen then g:on("shuffle", function() end) end
      local from = g:history_length() + 1
      for n = 7, 1, -1 do g:redeal(ann, n) end
      g:redeal(ann, 7)
      local evs = {}
      for _, ev in ipairs(g:history(from)) do
        evs[#evs + 1] = table.concat({ ev.type, tostring(ev.card), tostring(ev.player),
          tostring(ev.from), tostring(ev.to) }, " ")
      end
      local zones = {}
      for _, c in ipairs(ann.hand:cards()) do zones[#zones + 1] = "h" .. c.id end
      for _, c in ipairs(ann.library:cards()) do zones[#zones + 1] = "l" .. c.id end
      return table.concat(evs, "\n"), table.concat(zones, ","), g:random(1000000), #ann.hand
    end
    local e1, z1, r1, n1 = play(false)
    local e2, z2, r2 = play(true)
    assert.equal(7, n1)
    -- per redeal: a zone change per card in hand, a shuffle, a draw per card drawn
    -- (7 hands of 7..1 cards, then 7 again: 8 + 14 + 12 + 10 + 8 + 6 + 4 + 9 events)
    assert.equal(71, select(2, e1:gsub("\n", "")) + 1)
    assert.equal(e2, e1)
    assert.equal(z2, z1)
    assert.equal(r2, r1)
  end)
end)

-- issue 33: check_deck's refusal form, as docs/API.md (House rules) states it
describe("check_deck: false plus a list of problems refuses a deck; g:start raises naming them all (003 deck construction)", function()
  it("joins every rule's problems for every player, 'deck rejected' when none is given; the game is unstarted", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1, house_rules = {
      { check_deck = function(_, p) if p.name == "Ann" then return false, { "too few", "no lands" } end return true end },
      { check_deck = function() return false end } } }
    local ok, err = pcall(g.start, g)
    assert.is_false(ok)
    assert.equal("start: illegal deck(s): Ann: too few; Ann: no lands; Ann: deck rejected; Bob: deck rejected", err)
    assert.equal(0, g.turn)
  end)
end)
