-- Making cards: g:create_deck(p, deck, opts), a deck list (003: "Each deck must have at least
-- sixty cards") created as one action. It is exactly N g:create calls (same ids, same order,
-- same "create" events, same installs), and bad input anywhere creates nothing (422.1: an
-- action that can't be taken is reversed as a whole; nothing triggers from it).
local H = require("helpers")
local arbiter = H.arbiter

local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
local drake = arbiter.card{ name = "Wind Drake", types = { "Creature" }, power = 2, toughness = 2,
  abilities = { "flying" } }
local walker = arbiter.card{ name = "Bog Walker", types = { "Creature" }, power = 1, toughness = 1,
  abilities = { "swampwalk", "flanking", "flanking" } }

-- A deck list: copies together, as deck lists are written.
local function list(spec)
  local out = {}
  for _, e in ipairs(spec) do for _ = 1, e[1] do out[#out + 1] = e[2] end end
  return out
end
local DECK = list{ { 8, forest }, { 4, drake }, { 2, H.bear }, { 3, walker }, { 1, forest } }

local function ids(cards)
  local out = {}
  for i, c in ipairs(cards) do out[i] = c.id end
  return out
end

-- What a game is: zones (ids, in order), the history (type, card, player, zone), the hash.
local function snapshot(g)
  local s = { hash = g:state_hash(true), zones = {}, history = {} }
  for _, p in ipairs(g.players) do
    for _, z in ipairs({ "library", "hand", "graveyard" }) do s.zones[#s.zones + 1] = ids(p[z]:cards()) end
  end
  s.zones[#s.zones + 1] = ids(g.battlefield:cards())
  for i, ev in ipairs(g:history()) do
    s.history[i] = { ev.type, ev.card and ev.card.id or -1, ev.player and ev.player.name or "", ev.to or "" }
  end
  return s
end

local function create_each(g, p, deck, opts)
  local out = {}
  for i, def in ipairs(deck) do
    local o = { owner = p }
    for k, v in pairs(opts or {}) do o[k] = v end
    out[i] = g:create(def, o)
  end
  return out
end

describe("create_deck", function()
  it("creates the list in order into the library: the first card ends on top", function()
    local g, ann = H.game()
    local cards = g:create_deck(ann, DECK)
    assert.are.equal(#DECK, #cards)
    assert.are.equal(#DECK, #ann.library)
    for i, c in ipairs(cards) do
      assert.are.equal(i - 1, c.id)
      assert.are.equal(DECK[i].name, c.name)
      assert.are.equal(DECK[i], c.definition)
      assert.are.equal(ann, c.owner)
    end
    assert.are.same(ids(cards), ids(ann.library:cards()))     -- element 1 is the top
    assert.are.same({ cards[1] }, g:draw(ann))
    assert.are.same({ 2, 1 }, { cards[15]:count("flanking"), cards[15]:count("swampwalk") })
    assert.is_true(cards[9]:has("flying"))
    assert.is_false(cards[1]:has("flying"))
  end)

  it("opts.zone and position as g:create's; on the battlefield tapped/sick and def.install", function()
    local g, ann, bob = H.game()
    local hand = g:create_deck(bob, { drake, forest }, { zone = "hand" })
    assert.are.same({ "hand", "hand" }, { hand[1].zone, hand[2].zone })
    assert.are.equal(2, #bob.hand)
    g:create_deck(ann, { forest, drake })
    local on_top = g:create_deck(ann, { H.bear, walker }, { position = "top" })
    assert.are.same({ on_top[2].id, on_top[1].id }, { ann.library:cards()[1].id, ann.library:cards()[2].id })
    local installed = {}
    local wall = arbiter.card{ name = "Wall", types = { "Creature" }, power = 0, toughness = 4,
      install = function(game, c) installed[#installed + 1] = { game, c } end }
    local bf = g:create_deck(ann, { wall, wall, forest }, { zone = "battlefield", tapped = true, sick = true })
    assert.are.equal(3, #g.battlefield)
    for _, c in ipairs(bf) do
      assert.are.same({ "battlefield", true, true }, { c.zone, c.tapped, c.sick })
    end
    assert.are.same({ { g, bf[1] }, { g, bf[2] } }, installed)
    -- the install watch started: a wall moved onto the battlefield later installs too
    local later = g:create_deck(ann, { wall }, { zone = "graveyard" })[1]
    assert.are.equal(2, #installed)
    g:move(later, "battlefield")
    assert.are.equal(later, installed[3][2])
    local plain = g:create_deck(ann, { forest }, { zone = "battlefield" })[1]
    assert.are.same({ false, false }, { plain.tapped, plain.sick })
    assert.are.same({}, g:create_deck(ann, {}))
  end)

  it("each card gets its own 'create' event: observers and triggers see every one, in order", function()
    local g, ann = H.game()
    local seen = {}
    g:on("create", function(ev) seen[#seen + 1] = { ev.card.id, ev.card.name, ev.player, ev.to } end)
    local fired = 0
    g:trigger{ event = "create", controller = ann, effect = function() fired = fired + 1 end }
    local cards = g:create_deck(ann, DECK, { zone = "exile" })
    assert.are.equal(#DECK, #seen)
    for i, c in ipairs(cards) do assert.are.same({ c.id, c.name, ann, "exile" }, seen[i]) end
    assert.are.equal(#DECK, #H.events(g, "create"))
    g:settle()
    assert.are.equal(#DECK, fired)
  end)

  it("is exactly N g:create calls: same ids, zones, history, hash, and the same game played out", function()
    local function game(make)
      local g, ann, bob = H.game{ seed = 11 }
      local log = {}
      g:on("create", function(ev) log[#log + 1] = ev.card.id end)
      make(g, ann, DECK)
      make(g, bob, list{ { 6, forest }, { 4, H.bear }, { 4, walker }, { 4, drake } })
      make(g, ann, { drake, H.bear }, { zone = "battlefield", sick = false })
      return g, log
    end
    local g1, log1 = game(create_each)
    local g2, log2 = game(function(g, p, deck, opts) return g:create_deck(p, deck, opts) end)
    assert.are.same(snapshot(g1), snapshot(g2))
    assert.are.same(log1, log2)
    local results = {}
    for i, g in ipairs({ g1, g2 }) do
      for k, p in ipairs(g.players) do g:set_agent(p, arbiter.agents.random(40 + k)) end
      g:start()
      local r = g:play{ max_turns = 60 }
      results[i] = { r and (r.draw and "draw" or r.winner.name) or "unfinished", g.turn, g:history_length(),
        g:state_hash(true) }
    end
    assert.are.same(results[1], results[2])
  end)

  it("bad input anywhere creates nothing: the error names deck[i]; no observer ran (422.1)", function()
    local g, ann, bob = H.game()
    g:create_deck(bob, { forest, drake })
    local seen = 0
    g:on("create", function() seen = seen + 1 end)
    local before = snapshot(g)
    local fresh = arbiter.card{ name = "Never Made", types = { "Creature" }, power = 1, toughness = 1,
      abilities = { "blorbwalk" } }
    local function refused(deck, opts, msg)
      local ok, err = pcall(function() g:create_deck(ann, deck, opts) end)   -- no tail call: LuaJIT names no function called by one
      assert.is_false(ok)
      assert.truthy(err:find(msg, 1, true), err)
      assert.are.same(before, snapshot(g))
      assert.are.equal(0, #ann.library)
      assert.is_nil(g:card(2))
      assert.are.equal(0, seen)
    end
    local deck = list{ { 6, fresh } }
    deck[7] = 5
    refused(deck, nil, "bad argument #2 to 'create_deck' (deck[7]: card definition expected, got number 5)")
    deck[7] = { types = { "Land" } }
    refused(deck, nil, "(deck[7]: card definition expected, got a table without a name)")
    deck[7] = { name = "Odd", types = { "Planeswalker" } }
    refused(deck, nil, "(deck[7]: unknown types 'Planeswalker')")
    deck[7] = { name = "Odd", abilities = { "flying", "telepathy" } }
    refused(deck, nil, "(deck[7]: unknown ability 'telepathy')")
    deck[7] = forest
    deck[8] = nil
    deck[9] = forest                                     -- a hole: #deck is 7 or 9
    if #deck == 9 then refused(deck, nil, "(deck[8]: card definition expected, got nil)") end
    deck[9] = nil
    refused(deck, { zone = "deck" }, "bad argument #3 to 'create_deck' (unknown zone 'deck')")
    refused(deck, { owner = bob }, "(owner: the owner is the first argument)")
    refused(deck, { position = "middle" }, "position must be \"top\" or \"bottom\"")
    refused(deck, 3, "bad argument #3 to 'create_deck' (table expected, got number)")
    local ok, err = pcall(function() g:create_deck(g, deck) end)
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #1 to 'create_deck'", 1, true), err)
    ok, err = pcall(function() g:create_deck(ann, forest.name) end)
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #2 to 'create_deck' (table expected, got string)", 1, true), err)
    -- the refused decks left nothing behind, not even the names they interned: a new
    -- landwalk type gets the same string id (hashed with the ability) as in a game that
    -- never saw them
    local walker2 = arbiter.card{ name = "Plains Walker", types = { "Creature" }, power = 1, toughness = 1,
      abilities = { "zorgwalk" } }
    g:create_deck(ann, { walker2 })
    local g2, _, bob2 = H.game()
    g2:create_deck(bob2, { forest, drake })
    g2:on("create", function() end)
    g2:create_deck(g2.players[1], { walker2 })
    assert.are.equal(g2:state_hash(true), g:state_hash(true))
  end)

  it("a script error during the deck (an observer, an install) undoes the whole deck", function()
    local g, ann = H.game()
    local n = 0
    g:on("create", function() n = n + 1; if n == 5 then error("no fifth card") end end)
    local before = snapshot(g)
    local ok, err = pcall(g.create_deck, g, ann, DECK)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("no fifth card", 1, true))
    assert.are.same(before, snapshot(g))
    local bomb = arbiter.card{ name = "Bomb", types = { "Artifact" }, install = function() error("boom") end }
    ok = pcall(g.create_deck, g, ann, { forest, bomb }, { zone = "battlefield" })
    assert.is_false(ok)
    assert.are.same(before, snapshot(g))
  end)

  -- card.c: one journal entry undoes a card's whole creation (the card, its place in its zone,
  -- the game's timestamp): undone after later changes, each card leaves the very place it took
  it("a creation undone (422) takes each card out of the place it took, top or bottom, among others", function()
    local g, ann = H.game()
    g:create_deck(ann, DECK)
    local g2, ann2 = H.game()
    g2:create_deck(ann2, DECK)
    local before = snapshot(g)
    local ok = g:attempt(function(game)
      game:create(drake, { owner = ann })                        -- the library's bottom
      game:create(walker, { owner = ann, position = "top" })
      game:create_deck(ann, { forest, drake, H.bear }, { position = "top" })
      game:create_deck(ann, { walker, forest })
      game:create(drake, { owner = ann, zone = "hand" })
      game:draw(ann)                                             -- a later change, undone first
      game:move(ann.library:cards()[3], "graveyard")
      assert.are.equal(#DECK + 7 - 2, #ann.library:cards())
      error("undo")
    end)
    assert.is_false(ok)
    assert.are.same(before, snapshot(g))
    -- the same cards made again: the same game as one that never tried (ids, order, timestamps)
    local a = g:create(drake, { owner = ann, position = "top" })
    local b = g2:create(drake, { owner = ann2, position = "top" })
    assert.are.equal(b.id, a.id)
    g:create_deck(ann, { walker, forest })
    g2:create_deck(ann2, { walker, forest })
    assert.are.same(snapshot(g2), snapshot(g))
  end)

  it("a card stands for its definition (as in arbiter.deck.check): another game's library copied", function()
    local g1 = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local from = g1:create_deck(g1.players[1], DECK)
    local g2 = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local made = g2:create_deck(g2.players[1], from)
    assert.equal(#DECK, #made)
    for i, c in ipairs(made) do
      assert.equal(DECK[i], c.definition)
      assert.equal(from[i].name, c.name)
    end
    assert.equal(g1:state_hash(true), g2:state_hash(true))
    -- a card that no longer exists (its creation undone) is refused, named; nothing changes
    local gone
    g2:attempt(function(g) gone = g:create(drake, { owner = g.players[2] }); error("undo") end)
    local hash, hist = g2:state_hash(true), g2:history_length()
    local ok, err = pcall(function() g2:create_deck(g2.players[2], { forest, gone }) end)
    assert.is_false(ok)
    assert.is_truthy(err:find("deck[2]: card definition expected, got card#", 1, true), err)
    assert.are.same({ hash, hist }, { g2:state_hash(true), g2:history_length() })
  end)

  it("many distinct definitions, and equal ones apart, read the same as consecutive copies", function()
    local g, ann = H.game()
    local deck = {}
    for i = 1, 40 do                                     -- 40 runs: more than the C stack keeps
      deck[i] = arbiter.card{ name = "Card " .. i, types = { "Creature" }, power = i, toughness = i,
        subtypes = { "Type" .. (i % 3) }, abilities = { i % 2 == 0 and "reach" or "forestwalk" } }
    end
    deck[41], deck[42], deck[43] = deck[1], walker, deck[1]
    local cards = g:create_deck(ann, deck)
    for i, c in ipairs(cards) do
      assert.are.same({ deck[i].name, deck[i].power }, { c.name, c.power })
      assert.are.same(deck[i].abilities[1], c:abilities()[1])
    end
    local g2, ann2 = H.game()
    create_each(g2, ann2, deck)
    assert.are.same(snapshot(g2), snapshot(g))
  end)
end)

-- lcreate.c's runroom: the runs past the C stack's 16 go in a room the Lua state keeps and the
-- next deck uses again; a deck made while another's room is in use gets its own.
describe("create_deck: the room for many runs, kept between calls", function()
  local function distinct(tag, n, more)
    local deck = {}
    for i = 1, n do
      deck[i] = arbiter.card{ name = tag .. " " .. i, types = { "Creature" }, power = i + (more or 0), toughness = i + 1,
        subtypes = { tag .. (i % 4) }, abilities = { i % 3 == 0 and "flying" or "reach" } }
    end
    return deck
  end
  local function same_as_each(deck, made, g, opts)
    local g2, ann2 = H.game()
    create_each(g2, ann2, deck, opts)
    assert.are.same(snapshot(g2), snapshot(g))
    for i, c in ipairs(made) do assert.are.same({ deck[i].name, deck[i].power }, { c.name, deck[i].power and c.power }) end
  end

  it("a deck made inside another's creation (an install) doesn't write the outer deck's runs", function()
    local outer, inner = distinct("Outer", 40), distinct("Inner", 40, 10)   -- (the inner fits the room)
    local g2, bob = H.game()
    local made2
    outer[20] = arbiter.card{ name = "Maker", types = { "Artifact" },
      install = function() if not made2 then made2 = g2:create_deck(bob, inner) end end }
    local g, ann = H.game()
    local made = g:create_deck(ann, outer, { zone = "battlefield" })
    assert.are.equal(40, #made2)
    same_as_each(inner, made2, g2)
    same_as_each(outer, made, g, { zone = "battlefield" })   -- (the install made nothing more there)
  end)

  it("used again by later decks, larger and smaller, and after a call refused midway", function()
    for _, n in ipairs({ 20, 60, 18, 45 }) do
      local deck = distinct("D" .. n, n)
      local g, ann = H.game()
      same_as_each(deck, g:create_deck(ann, deck), g)
    end
    local bad = distinct("Bad", 40)
    bad[35] = 5                                          -- refused after 34 runs were read
    local g, ann = H.game()
    assert.is_false(pcall(g.create_deck, g, ann, bad))
    local deck = distinct("After", 40)
    same_as_each(deck, g:create_deck(ann, deck), g)
  end)
end)

describe("create_deck: a definition read once for its copies apart", function()
  -- (a random deck's lands alternate: Mountain, Forest, Mountain...; each definition is read
  -- for its first run and its read form given to the later ones: the cards must be those of
  -- one g:create each, installs and every characteristic included)
  it("copies apart get the characteristics, installs and zone triggers of their own definition", function()
    local installed = {}
    local function install(g, c) installed[#installed + 1] = c.name; return g:on("draw", function() end, { source = c }) end
    local A = arbiter.card{ name = "Aa", types = { "Creature" }, colors = { "green" }, power = 3, toughness = 1,
      subtypes = { "Elf" }, abilities = { "trample" }, install = install }
    local B = arbiter.card{ name = "Bb", types = { "Artifact", "Creature" }, power = 0, toughness = 4,
      abilities = { "defender" }, words = { color = "red" } }
    local C = arbiter.card{ name = "Cc", types = { "Enchantment" }, colors = { "white", "blue" }, install = install }
    local deck = { A, B, A, C, B, A, walker, C, forest, B, forest }
    local function look(cards)
      local out = {}
      for i, c in ipairs(cards) do
        out[i] = { c.name, c.power, c.toughness, c.tapped, c:abilities(), c:is("Artifact"), c:is("Creature"),
          c:is("Enchantment"), c:is("green"), c:is("blue"), c:is("Elf"), c:is("Forest") }
      end
      return out
    end
    local g1, ann1 = H.game()
    local cards1 = create_each(g1, ann1, deck, { zone = "battlefield" })
    local each = installed
    installed = {}
    local g2, ann2 = H.game()
    local cards2 = g2:create_deck(ann2, deck, { zone = "battlefield" })
    assert.are.same(look(cards1), look(cards2))
    assert.are.same(each, installed)
    assert.are.same({ "Aa", "Aa", "Cc", "Aa", "Cc" }, installed)
    assert.are.same(snapshot(g1), snapshot(g2))
  end)
end)

describe("create_deck: what a definition adds to each card, read once a run", function()
  -- lcreate.c reads a run of equal entries once: its install and triggered entries too, and
  -- an entry that is the one before it again isn't unshielded again. Every copy still gets
  -- them: a graveyard trigger each ("410: works from that zone") and an install each.
  it("every copy of a run gets its zone triggers and its install; cards and tables mixed in a run", function()
    local installed = 0
    local reviver = arbiter.card{ name = "Reviver", types = { "Creature" }, power = 1, toughness = 1,
      install = function() installed = installed + 1 end,
      triggered = { { event = "step", zone = "graveyard", name = "Reviver",
        condition = function(ev, _, card) return ev.step == "upkeep" and ev.player == card.owner end,
        resolve = function(obj, game) game:gain_life(obj.controller, 1) end } } }
    local function run(make)
      local g, ann = H.game()
      local first = make(g, ann, { reviver, reviver }, { zone = "battlefield" })
      local deck = { reviver, first[1], reviver, first[2], first[2], forest, reviver }
      local gy = make(g, ann, deck, { zone = "graveyard" })
      for i, c in ipairs(gy) do assert.are.equal(i == 6 and forest or reviver, c.definition) end
      g:set_agent(ann, { main = function() end })
      g:set_agent(g.players[2], { main = function() end })
      g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:settle()
      return { ann.life, installed, snapshot(g) }
    end
    local each = run(function(g, p, d, opts)                 -- g:create takes definitions only
      local defs = {}
      for i, e in ipairs(d) do defs[i] = type(e) == "userdata" and e.definition or e end
      return create_each(g, p, defs, opts)
    end)
    installed = 0
    local deck = run(function(g, p, d, opts) return g:create_deck(p, d, opts) end)
    assert.are.same({ 26, 2 }, { deck[1], deck[2] })        -- six Revivers in the graveyard
    assert.are.same(each, deck)
  end)
end)

describe("create_deck: the first deck of a game sizes the Lua side's tables", function()
  -- lcreate.c makes a game's card proxies and env.defs again, sized for a deck per player,
  -- when the first deck comes and both are empty: one proxy per card still, the same game.
  it("one proxy per card and the same game: after a creation undone, in a clone of an empty game", function()
    local g, ann, bob = H.game()
    local gone
    g:attempt(function(game) gone = game:create(drake, { owner = ann }); error("undo") end)
    local c = g:clone()
    local cards = g:create_deck(ann, DECK)
    local top = ann.library:cards()
    for i, card in ipairs(cards) do
      assert.is_true(rawequal(card, top[i]))
      assert.are.equal(DECK[i], card.definition)
    end
    assert.is_false(rawequal(gone, cards[1]))
    assert.are.equal(0, cards[1].id)
    local more = g:create_deck(bob, DECK)
    assert.is_true(rawequal(more[#more], bob.library:cards()[#DECK]))
    local made = c:create_deck(c.players[1], DECK)
    c:create_deck(c.players[2], DECK)
    assert.are.equal(DECK[3], made[3].definition)
    assert.are.equal(g:state_hash(true), c:state_hash(true))
    local g2, ann2, bob2 = H.game()
    create_each(g2, ann2, DECK)
    create_each(g2, bob2, DECK)
    assert.are.same(snapshot(g2), snapshot(g))
  end)
end)

describe("create (one card): the definition read once", function()
  it("abilities land on the card once each; too many different ones are refused up front", function()
    local g, ann = H.game()
    local c = g:create(walker, { owner = ann, zone = "battlefield" })
    assert.are.same({ "swampwalk", "flanking", "flanking" }, c:abilities())
    local words = { "flying", "reach", "trample", "vigilance", "haste", "defender", "first strike",
      "double strike", "lure", "flanking", "islandwalk", "forestwalk", "swampwalk" }
    local before = snapshot(g)
    local ok, err = pcall(g.create, g, { name = "Everything", abilities = words }, { owner = ann })
    assert.is_false(ok)
    assert.truthy(err:find("card definition: more than 12 different abilities", 1, true), err)
    assert.are.same(before, snapshot(g))
    ok, err = pcall(g.create_deck, g, ann, { forest, { name = "Everything", abilities = words } })
    assert.is_false(ok)
    assert.truthy(err:find("(deck[2]: more than 12 different abilities)", 1, true), err)
    assert.are.same(before, snapshot(g))
  end)
end)
