-- Whether a spell has a legal target (413; 409.1c: it can't be cast without one): internal
-- _has_target searches the battlefield in one C call (ltargets.c) for a target spec without a
-- filter. Its answers must be those of the search card by card (legal() on each candidate,
-- which _target_candidates lists): compared here over every target kind, with protection
-- (502.7b), "can't be targeted" effects (418), types from continuous effects, a spell's own
-- card and an empty battlefield. A spec with a filter (Terror's "nonartifact, nonblack") has
-- legal()'s other tests made in one call too and its filter asked of the cards that pass them:
-- the filter must be asked of the same cards in the same order, up to the first it accepts
-- (zone specs, graveyard targets, stop at the first as well). A spell's list of kinds by name
-- (Terror aside: "creature", "creature or player", "spell"...) is answered whole in one call
-- (_targets_exist): as the search entry by entry, with players who lost, "can't be targeted"
-- players, spells and abilities on the stack.
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")

local T = require("spec.target_cards")
local wall, land, rock, aura, knight, source = T.wall, T.land, T.rock, T.aura, T.knight, T.source

local KINDS = { "creature", "permanent", "land", "artifact", "enchantment", "creature or player",
  "spell or permanent", { what = "creature", zone = "battlefield" },
  -- a "card" outside a zone (arbiter.card refuses it: 413's "target card" is in a graveyard or
  -- the ante): no permanent is one, for the search as for legal()
  "card", { what = "card" } }

-- the card-by-card search: legal() on each player in turn order, each card of the battlefield
-- (top first, as zone:cards() lists it) and each stack object (top first): every legal target
local function all_legal(g, spec, src, self_obj)
  local out = {}
  local function try(xs)
    for _, x in ipairs(xs) do if I._legal_target(g, spec, x, src, self_obj) then out[#out + 1] = x end end
  end
  local what = type(spec) == "table" and spec.what or spec
  if what == "player" or what == "creature or player" then try(g.players) end
  if what ~= "player" and what ~= "spell" then try(g.battlefield:cards()) end
  if what == "spell" or what == "spell or permanent" then try(g:stack_objects()) end
  return out
end

-- every kind, every source: _has_target and _target_candidates say what the card-by-card search says
local function compare(g, sources, self_obj)
  local n = 0
  for _, spec in ipairs(KINDS) do
    for _, src in ipairs(sources) do
      local all = all_legal(g, spec, src, self_obj)
      assert.same(all, I._target_candidates(g, spec, src, self_obj))
      local want = #all > 0
      assert.equal(want, I._has_target(g, spec, src, self_obj),
        "kind " .. tostring(type(spec) == "table" and spec.what or spec) .. ", source " .. src.name)
      n = n + 1
    end
  end
  return n
end

describe("a legal target exists (413): the search in one call gives the card-by-card answers", function()
  it("over every kind and source, as protection, prohibitions and type effects come and go", function()
    local g, ann, bob = H.game()
    local red, black, art = T.sources(g, ann)
    local sources = { red, black, art }
    g:create(knight, { owner = bob, zone = "battlefield" })
    assert.equal(#KINDS * 3, compare(g, sources))
    -- 502.7b: the Knight alone can't be the target of the red spell nor the artifact's ability
    assert.is_false(I._has_target(g, "creature", red, nil))
    assert.is_true(I._has_target(g, "creature", black, nil))
    local w = g:create(wall, { owner = bob, zone = "battlefield" })
    local l = g:create(land, { owner = bob, zone = "battlefield" })
    g:create(rock, { owner = ann, zone = "battlefield" })
    local h = g:create(aura, { owner = bob, zone = "battlefield" })
    compare(g, sources)
    assert.is_true(I._has_target(g, "creature", red, nil))         -- the Wall
    -- 418: "can't be targeted" on the Wall and the Halo
    local e = g:add_static{ affects = function(x) return x == w or x == h end, prohibit = "be targeted" }
    compare(g, sources)
    assert.is_false(I._has_target(g, "creature", red, nil))
    assert.is_false(I._has_target(g, "enchantment", black, nil))
    -- an animated land is a creature (its current types: c:is)
    local anim = g:add_static{ affects = function(x) return x == l end, types = { "Creature" },
      set_power = 1, set_toughness = 1 }
    compare(g, sources)
    assert.is_true(I._has_target(g, "creature", red, nil))          -- the Waste, now a creature
    g:remove_static(anim)
    g:remove_static(e)
    compare(g, sources)
    -- a spell can't target itself: its own card is left out (as legal() leaves it)
    assert.is_true(I._has_target(g, "artifact", black, { kind = "spell", card = w }))
    compare(g, sources, { kind = "spell", card = w })
    g:move(w, "graveyard")
    compare(g, sources, { kind = "spell", card = art })
    local rocks = g.battlefield:cards()
    for _, c in ipairs(rocks) do if c.name == "Rock" then g:move(c, "graveyard") end end
    assert.is_false(I._has_target(g, "artifact", black, { kind = "spell", card = art }))  -- the Rod only
    assert.is_true(I._has_target(g, "artifact", black, nil))
    for _, c in ipairs(g.battlefield:cards()) do g:move(c, "graveyard") end
    assert.is_false(I._targets_exist(g, { "card" }, black))           -- the list by name, in one call
    assert.is_false(I._targets_exist(g, { { what = "card" } }, black))
    compare(g, sources)                                               -- none at all
    assert.is_false(I._has_target(g, "permanent", black, nil))
    assert.is_true(I._has_target(g, "creature or player", black, nil))  -- the players
  end)

  -- the card-by-card search with a filter: legal() on each card of the battlefield (or of each
  -- player's zone, top first) until one is legal; the names the filter was asked about
  local function by_legal(g, spec, src, self_obj)
    local cards = {}
    if spec.zone == "graveyard" then   -- (each player's, top first)
      for _, q in ipairs(g.players) do for _, c in ipairs(q.graveyard:cards()) do cards[#cards + 1] = c end end
    else cards = g.battlefield:cards() end
    if spec.what == "creature or player" then
      local all = { g.players[1], g.players[2] }
      for _, c in ipairs(cards) do all[#all + 1] = c end
      cards = all
    end
    for _, c in ipairs(cards) do if I._legal_target(g, spec, c, src, self_obj) then return true end end
    return false
  end

  it("with a filter: asked of the same cards in the same order, the same answer", function()
    local g, ann, bob = H.game()
    local red = g:create(source("Bolt", { "red" }), { owner = ann, zone = "hand" })
    local black = g:create(source("Terror", { "black" }), { owner = ann, zone = "hand" })
    local k1 = g:create(knight, { owner = bob, zone = "battlefield" })
    local w = g:create(wall, { owner = bob, zone = "battlefield" })
    g:create(land, { owner = bob, zone = "battlefield" })
    g:create(rock, { owner = ann, zone = "battlefield" })
    local k2 = g:create(knight, { owner = ann, zone = "battlefield" })
    local gw = g:create(wall, { owner = ann, zone = "graveyard" })
    g:create(source("Spark", { "red" }), { owner = ann, zone = "graveyard" })
    g:create(knight, { owner = bob, zone = "graveyard" })
    g:create(rock, { owner = bob, zone = "graveyard" })
    local asked, accept
    local function filter(x) asked[#asked + 1] = x.id or x.name; return accept[x] end
    local specs = { { what = "creature", filter = filter }, { what = "permanent", filter = filter },
      { what = "artifact", filter = filter }, { what = "creature or player", filter = filter },
      { what = "creature", zone = "graveyard", filter = filter }, { what = "card", zone = "graveyard", filter = filter },
      { what = "artifact", zone = "graveyard", filter = filter }, { what = "permanent", zone = "graveyard", filter = filter } }
    local n = 0
    for _, yes in ipairs({ {}, { [k1] = true }, { [w] = true }, { [k2] = true }, { [k1] = true, [k2] = true }, { [gw] = true } }) do
      for _, spec in ipairs(specs) do
        for _, src in ipairs({ red, black }) do
          for _, own in ipairs({ false, true }) do
            local self_obj = own and { kind = "spell", card = w } or nil
            accept, asked = yes, {}
            local want = by_legal(g, spec, src, self_obj)
            local want_asked = asked
            asked = {}
            local got = I._has_target(g, spec, src, self_obj)
            assert.equal(want, got)
            assert.same(want_asked, asked)
            n = n + 1
          end
        end
      end
    end
    assert.equal(192, n)
    -- a cast's choice (_target_candidates, issue 27): every legal target, the filter asked of
    -- the same cards in the same order as legal() on each card asks it
    n = 0
    for _, yes in ipairs({ {}, { [k1] = true }, { [w] = true, [k2] = true }, { [k1] = true, [k2] = true, [w] = true } }) do
      for _, spec in ipairs(specs) do
        for _, src in ipairs({ red, black }) do
          for _, own in ipairs({ false, true }) do
            local self_obj = own and { kind = "spell", card = w, x = 2 } or nil
            accept, asked = yes, {}
            local want = spec.zone and I._target_candidates(g, spec, src, self_obj) or all_legal(g, spec, src, self_obj)
            local want_asked = asked
            accept, asked = yes, {}
            assert.same(want, I._target_candidates(g, spec, src, self_obj))
            assert.same(want_asked, asked)
            n = n + 1
          end
        end
      end
    end
    assert.equal(128, n)
    -- the Knights' protection from red: the red spell's filter is never asked about them
    accept, asked = {}, {}
    I._has_target(g, specs[1], red, nil)
    assert.same({ w.id }, asked)
  end)

  -- a spell target with a filter (Fork, Spell Blast): none on an empty stack (the main phase's
  -- round asks at every one), else legal() on each stack object, top first, the filter asked of the
  -- same ones up to the first it accepts, with ctx.x the spell's X (one ctx for a search)
  it("a spell target with a filter: the empty stack, one spell, two: the same answer, the same asks", function()
    local g, ann, bob = H.game()
    local red = g:create(source("Bolt", { "red" }), { owner = ann, zone = "hand" })
    g:create(knight, { owner = bob, zone = "battlefield" })
    local asked, accept
    local function filter(x, _, _, ctx)
      local ok = accept[x] or ctx.x == 3
      asked[#asked + 1] = { x, ctx.x, ok }
      return ok
    end
    local specs = { { what = "spell", filter = filter }, { what = "spell or permanent", filter = filter } }
    local n, seen = 0, {}
    local function check()
      local stack = g:stack_objects()
      for _, spec in ipairs(specs) do
        for _, yes in ipairs({ {}, { [stack[1] or red] = true }, { [stack[#stack] or red] = true } }) do
          for _, x in ipairs({ 0, 2, 3 }) do
            local self_obj = { kind = "spell", card = red, x = x }
            accept, asked = yes, {}
            local want = #all_legal(g, spec, red, self_obj) > 0
            local want_asked = {}                -- (the search stops at the first accepted)
            for _, a in ipairs(asked) do want_asked[#want_asked + 1] = a; if a[3] then break end end
            accept, asked = yes, {}
            assert.equal(want, I._has_target(g, spec, red, self_obj), spec.what .. ", stack " .. #stack)
            assert.same(want_asked, asked)
            if #stack == 0 then assert.same({}, asked) end
            seen[want] = true
            n = n + 1
          end
        end
      end
    end
    check()
    local thought = g:create(arbiter.card{ name = "Thought", types = { "Instant" } }, { owner = ann, zone = "hand" })
    g:cast(ann, thought)
    check()
    local second = g:create(arbiter.card{ name = "Second", types = { "Instant" } }, { owner = bob, zone = "hand" })
    g:cast(bob, second)
    check()
    assert.equal(54, n)
    assert.is_true(seen[true] and seen[false])
  end)

  it("players: legal()'s tests in one call, then the filter on each in turn order (up to the first it accepts)", function()
    local g, ann, bob, cid = H.game{ players = { "Ann", "Bob", "Cid" } }
    local red, black, art = T.sources(g, ann)
    local asked = {}
    local accept = {}
    local function filter(x, _, _, ctx)
      asked[#asked + 1] = x.name
      assert.equal(0, ctx.x)
      return accept[x] == true
    end
    local SPECS = { "player", "creature or player", { what = "player", filter = filter },
      { what = "creature or player", filter = filter } }
    -- the reference: legal() through each player's proxy, the filter asked as it goes
    local function players_legal(spec, src, self_obj, first)
      local out, names = {}, {}
      asked = {}
      for _, q in ipairs(g.players) do
        if I._legal_target(g, spec, q, src, self_obj) then
          out[#out + 1] = q
          if first then break end
        end
      end
      for i, n in ipairs(asked) do names[i] = n end
      return out, names
    end
    local n = 0
    local function check()
      for _, spec in ipairs(SPECS) do
        for _, src in ipairs({ red, black, art }) do
          local what = type(spec) == "table" and spec.what or spec
          local want, want_asked = players_legal(spec, src, nil)
          asked = {}
          local got = I._target_candidates(g, spec, src, nil)
          if what == "player" then assert.same(want, got) end   -- (a creature or player: the cards after)
          for i = 1, #want do assert.equal(want[i], got[i]) end
          assert.same(want_asked, asked)
          local first, first_asked = players_legal(spec, src, nil, true)
          if what == "player" then
            asked = {}
            assert.equal(#first > 0, I._has_target(g, spec, src, nil))
            assert.same(first_asked, asked)
          end
          n = n + #want
        end
      end
    end
    check()
    accept[bob] = true
    check()
    accept[ann], accept[cid] = true, true
    check()
    g:add_static{ affects = function(x) return x == bob end, prohibit = "be targeted" }   -- 418
    check()
    g:lose(cid)                                                       -- Cid leaves the game
    check()
    accept[ann] = false
    check()
    assert.is_true(n > 20, n)
  end)

  it("a list of kinds by name: one call answers as the search entry by entry", function()
    local g, ann, bob, cid = H.game{ players = { "Ann", "Bob", "Cid" } }
    local red, black, art = T.sources(g, ann)
    local LISTS = { { "creature" }, { "player" }, { "creature or player" }, { "permanent" }, { "spell" },
      { "land" }, { "artifact" }, { "enchantment" }, { "spell or permanent" }, { "creature", "player" },
      { "player", "artifact" }, { "spell", "creature" }, { "land", "creature or player" } }
    local function by_search(list, c)
      local self_obj = { kind = "spell", card = c }
      for _, t in ipairs(list) do if #all_legal(g, t, c, self_obj) == 0 then return false end end
      return true
    end
    local seen = {}
    local function check()
      for _, list in ipairs(LISTS) do
        for _, src in ipairs({ red, black, art }) do
          local want = by_search(list, src)
          assert.equal(want, I._targets_exist(g, list, src), table.concat(list, ", ") .. " for " .. src.name)
          seen[want] = true
        end
      end
    end
    check()                                                           -- the Rod only: its own card
    assert.is_false(I._targets_exist(g, { "artifact" }, art))
    g:create(knight, { owner = bob, zone = "battlefield" })
    g:create(land, { owner = cid, zone = "battlefield" })
    check()
    assert.is_false(I._targets_exist(g, { "creature" }, red))        -- 502.7b: the Knight
    g:add_static{ affects = function(x) return x == bob or x == ann end, prohibit = "be targeted" }
    check()
    g:lose(cid)                                                       -- Cid leaves: no player is left
    check()
    assert.is_false(I._targets_exist(g, { "player" }, black))
    local thought = g:create(arbiter.card{ name = "Thought", types = { "Instant" } }, { owner = ann, zone = "hand" })
    g:cast(ann, thought)                                              -- a spell on the stack
    check()
    assert.is_true(I._targets_exist(g, { "spell" }, red))
    g:create(aura, { owner = ann, zone = "battlefield" })
    check()
    assert.is_true(seen[true] and seen[false])
  end)
end)

describe("a spell without a targets list (413)", function()
  it("is cast with no targets chosen; targets given for it are refused and the cast undone", function()
    local g, ann = H.game()
    local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2, cost = "{0}" }
    local b1 = g:create(bear, { owner = ann, zone = "hand" })
    local b2 = g:create(bear, { owner = ann, zone = "hand" })
    local before = #g:history()
    local ok, err = pcall(g.cast, g, ann, b1, { targets = { ann } })
    assert.is_false(ok)
    assert.matches("needs 0 target%(s%), got 1 %(413%)", err)
    assert.equal("hand", b1.zone)
    assert.equal(before, #g:history())
    local obj = g:cast(ann, b2, { targets = {} })
    assert.same({}, obj.targets)
    assert.equal("stack", b2.zone)
    obj = g:cast(ann, b1)
    assert.same({}, obj.targets)
  end)
end)
