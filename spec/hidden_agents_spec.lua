-- Hidden information in questions (contract "Version 3: the details", hidden information; 217.2a
-- a library's cards are no one's to see, 217.3a a hand its owner's): what the engine hands an
-- agent -- a question's options and ctx, the ctx of a card script's ask_may / ask_choose, the
-- ctx of priority, declarations and piles -- holds only what the asked player may see. A card
-- it may not see is {hidden = true, id = n}; the host's own reads see everything.
local H = require("helpers")
local arbiter = H.arbiter
local agents = arbiter.agents
local alpha = require("arbiter.sets.alpha")
local kind = arbiter.core.kind

local bolt = arbiter.card{ name = "Lightning Bolt", types = { "Instant" }, colors = { "red" } }

-- every card reachable from v (plain tables, a few levels deep), with where it was found
local function cards_in(v, out, path, depth)
  if kind(v) == "card" then out[#out + 1] = { card = v, path = path } return out end
  if type(v) ~= "table" or kind(v) ~= nil or depth > 6 then return out end
  for k, x in pairs(v) do cards_in(x, out, path .. "." .. tostring(k), depth + 1) end
  return out
end

-- An agent wrapping `inner` that, at every question, checks each card it is handed against
-- what p may see at that moment (g:can_see), and counts the question kinds it was asked.
local function spy(g, inner, log)
  local function look(p, what, ...)
    log.kinds[what] = (log.kinds[what] or 0) + 1
    local n = select("#", ...)
    local ctx, shown = select(n, ...), {}
    for _, c in ipairs(type(ctx) == "table" and ctx.shown or {}) do shown[c] = true end   -- a search's
    for i = 1, n do
      for _, f in ipairs(cards_in(select(i, ...), {}, what, 0)) do
        if not g:can_see(p, f.card) and not shown[f.card] then
          log.peeks[#log.peeks + 1] = tostring(p) .. " saw " .. tostring(f.card) .. " at " .. f.path
        end
      end
    end
  end
  local a = {}
  a.may = function(p, what, ctx) look(p, "may " .. what, ctx); return inner.may and inner.may(p, what, ctx) end
  a.choose = function(p, what, options, ctx)
    look(p, "choose " .. what, options, ctx)
    return inner.choose and inner.choose(p, what, options, ctx) or options[1]
  end
  for _, f in ipairs({ "attack", "block", "main", "priority" }) do
    if inner[f] then a[f] = function(p, game, ctx) look(p, f, ctx); return inner[f](p, game, ctx) end end
  end
  a.piles = function(p, game, cards, ctx)
    look(p, "piles", cards, ctx)
    local one, two = {}, {}
    for i, c in ipairs(cards) do if i % 2 == 1 then one[#one + 1] = c else two[#two + 1] = c end end
    return one, two
  end
  return a
end

local function new_log() return { kinds = {}, peeks = {} } end

describe("hidden information in agents' questions (217.2a, 217.3a; contract Version 3: the details)", function()
  it("a card script's ask_may / ask_choose: the opponent's hand and any library become {hidden, id}", function()
    local g, ann, bob = H.game()
    local theirs = g:create(bolt, { owner = bob, zone = "hand" })
    local top = g:create(bolt, { owner = ann, zone = "library" })
    local mine = g:create(bolt, { owner = ann, zone = "hand" })
    local got = {}
    g:set_agent(ann, {
      may = function(_, _, ctx) got.may = ctx; return true end,
      choose = function(_, _, options, ctx) got.options, got.ctx = options, ctx; return options[2] end,
    })
    arbiter.ask_may(g, ann, "peek", { card = theirs, deep = { top = top }, mine = mine, n = 3 })
    assert.are.same({ hidden = true, id = theirs.id }, got.may.card)
    assert.are.same({ hidden = true, id = top.id }, got.may.deep.top)
    assert.are.equal(mine, got.may.mine)          -- her own hand: she sees it
    assert.are.equal(3, got.may.n)
    -- an option she can't see is shown hidden; picking it answers the card itself (the host's)
    local pick = arbiter.ask_choose(g, ann, "card", { mine, theirs }, { top = top })
    assert.are.same({ hidden = true, id = theirs.id }, got.options[2])
    assert.are.equal(mine, got.options[1])
    assert.are.same({ hidden = true, id = top.id }, got.ctx.top)
    assert.are.equal(theirs, pick)
    assert.is_nil(theirs.hidden)                  -- the host's handle is untouched
  end)

  it("what was revealed (g:reveal, 'look at target player's hand') is shown as the card", function()
    local g, ann, bob = H.game()
    local theirs = g:create(bolt, { owner = bob, zone = "hand" })
    local got
    g:set_agent(ann, { may = function(_, _, ctx) got = ctx; return false end })
    g:reveal(theirs, ann)
    arbiter.ask_may(g, ann, "peek", { card = theirs })
    assert.are.equal(theirs, got.card)
  end)

  it("ctx.shown: the cards a player looks at as it answers (Demonic Tutor's search) are handed as they are", function()
    local g, ann, bob = H.game()
    local lib = H.deck(g, ann, 3)
    local theirs = g:create(bolt, { owner = bob, zone = "library" })
    local seen, bob_saw
    g:set_agent(ann, { main = function() end,
      choose = function(_, _, options, ctx) seen = { options, ctx }; return options[2] end })
    g:set_agent(bob, { choose = function(_, _, options) bob_saw = options; return options[1] end })
    local tutor = g:create(alpha["Demonic Tutor"], { owner = ann, zone = "hand" })
    g:begin_turn(ann); g:main_phase()
    g:add_mana(ann, "{B}{B}")
    g:cast(ann, tutor); g:settle()
    assert.are.equal(lib[1], seen[1][1])        -- her library, as it is, while she searches
    assert.are.equal("hand", seen[1][2].zone)   -- the card she picked (now in her hand)
    -- the same list asked of Bob: hidden, even with ctx.shown, only what he may see
    arbiter.ask_choose(g, bob, "card", { lib[3], theirs }, { shown = { theirs } })
    assert.are.same({ hidden = true, id = lib[3].id }, bob_saw[1])
    assert.are.equal(theirs, bob_saw[2])
  end)

  it("a player controlled by another (g:control_player): the asked player's eyes count", function()
    local g, ann, bob = H.game()
    local hers = g:create(bolt, { owner = ann, zone = "hand" })
    local his = g:create(bolt, { owner = bob, zone = "hand" })
    local got
    g:set_agent(bob, { choose = function(_, _, options) got = options; return options[1] end })
    g:control_player(ann, bob)
    arbiter.ask_choose(g, ann, "card", { hers, his })
    assert.are.equal(hers, got[1])                -- Ann's hand, as Ann sees it
    assert.are.same({ hidden = true, id = his.id }, got[2])
  end)

  it("the replacement question's event: a card leaving a library is hidden while still there (217.2a)", function()
    local g, ann = H.game()
    local top = g:create(bolt, { owner = ann, zone = "library" })
    for i = 1, 2 do
      g:add_replacement{ event = "zone_change", name = "exile " .. i,
        applies = function(ev) return ev.from == "library" and ev.to == "graveyard" end,
        replace = function(ev) ev.to = "exile"; return ev end }
    end
    local got
    g:set_agent(ann, { choose = function(_, what, options, ctx)
      if what == "replacement" then got = ctx end
      return options[1]
    end })
    g:move(top, "graveyard")                  -- a library's top card milled
    assert.is_table(got)
    assert.are.same({ hidden = true, id = top.id }, got.card)
    assert.are.equal("library", got.from)
    assert.are.equal("exile", top.zone)       -- the replacement still applied to the real card
  end)

  it("whole games of Alpha cards: no question of any kind hands a player a card it may not see", function()
    local list = "8 Swamp\n8 Mountain\n8 Island\n2 Mind Twist\n2 Hypnotic Specter\n2 Lightning Bolt\n"
      .. "2 Counterspell\n2 Wheel of Fortune\n2 Disenchant\n2 Hurricane\n2 Fireball\n2 Dark Ritual\n"
      .. "2 Grizzly Bears\n2 Raise Dead\n2 Demonic Tutor\n2 Jayemdae Tome\n2 Icy Manipulator\n2 Royal Assassin"
    local kinds, peeks = {}, {}
    for seed = 1, 6 do
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed }
      local log = new_log()
      for i, p in ipairs(g.players) do
        g:create_deck(p, arbiter.deck.parse(list, alpha))
        g:shuffle(p.library)
        g:set_agent(p, spy(g, agents.random(seed * 10 + i), log))
      end
      g:play{ max_turns = 30 }
      for k in pairs(log.kinds) do kinds[k] = true end
      for _, s in ipairs(log.peeks) do peeks[#peeks + 1] = s end
    end
    assert.are.same({}, peeks)
    -- the questions these games asked (the walk above looked into each)
    for _, k in ipairs({ "choose target", "choose discard", "attack", "block", "choose mana", "choose cast",
      "choose land", "choose search" }) do
      assert.is_true(kinds[k] ~= nil, "never asked: " .. k)
    end
  end)

  it("piles, priority and declarations: their ctx holds no card the player may not see", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 3); H.deck(g, bob, 3)
    local theirs = g:create(bolt, { owner = bob, zone = "hand" })
    local bears = { g:create(H.bear, { owner = ann, zone = "battlefield" }),
      g:create(H.bear, { owner = ann, zone = "battlefield" }) }
    local log = new_log()
    g:set_agent(ann, spy(g, { main = function() end, priority = function() end,
      attack = function() return {} end }, log))
    arbiter.ask_piles(g, ann, bears, { peek = theirs })
    g:begin_turn(ann); g:main_phase(); g:beginning_of_combat(); g:attack_step()
    -- a face-down permanent: Bob's, in front of Ann
    local hidden = g:create(H.bear, { owner = bob, zone = "battlefield" })
    g:turn_face_down(hidden)
    arbiter.ask_choose(g, ann, "creature", { bears[1], hidden }, { peek = { deeper = hidden } })
    assert.are.same({}, log.peeks)
    assert.is_true(log.kinds.piles == 1 and log.kinds.attack == 1 and log.kinds["choose creature"] == 1)
  end)

  it("before the fix a card in an opponent's hand reached ctx: the spy notices it (the check can fail)", function()
    local g, ann, bob = H.game()
    local theirs = g:create(bolt, { owner = bob, zone = "hand" })
    local log = new_log()
    local a = spy(g, {}, log)
    a.may(ann, "peek", { card = theirs })     -- handed directly, bypassing the engine
    assert.are.equal(1, #log.peeks)
  end)
end)
