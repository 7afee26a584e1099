-- Mana and costs (docs/API.md, "Costs and mana"; 407 costs, 406.1 mana abilities; mana burn:
-- older guide 003 "End of Combat ... check for mana burn").
local H = require("spec.helpers")
local arbiter = H.arbiter

local function basic(name) return arbiter.card{ name = name, types = { "Land" }, subtypes = { name }, supertypes = { "Basic" } } end
local forest, island, mountain = basic("Forest"), basic("Island"), basic("Mountain")
local dual = arbiter.card{ name = "Tundra Wastes", types = { "Land" },
  activated = { { cost = "{T}", mana = "{U}" }, { cost = "{T}", mana = "{G}" } } }

describe("cost strings (104.3: the mana symbols; 203 mana costs)", function()
  it("parse {N}, colors, {X}, {T}; an integer is generic; bad symbols are named", function()
    local c = arbiter.parse_cost("{2}{G}{G}")
    assert.same({ 2, 2, 4 }, { c.generic, c.green, c.total })
    assert.equal(3, arbiter.parse_cost(3).generic)
    assert.same({ 1, true, 1 }, { arbiter.parse_cost("{X}{R},{T}").x, arbiter.parse_cost("{X}{R},{T}").tap, arbiter.parse_cost("{X}{R}").red })
    assert.equal(0, arbiter.parse_cost("").total)
    assert.error_matches(function() arbiter.card{ name = "Bad", types = { "Instant" }, cost = "{Q}" } end, "unknown mana symbol {Q}")
    assert.error_matches(function() arbiter.card{ name = "Bad", types = { "Instant" }, cost = -1 } end, "negative")
    assert.error_matches(function() arbiter.card{ name = "Bad", types = { "Instant" }, cost = "2G" } end, "malformed cost")
  end)
end)

describe("the mana pool", function()
  it("p.mana is a fresh table; g:add_mana adds and records a mana event (411: mana goes to the pool)", function()
    local g, ann = H.game()
    local m = ann.mana
    assert.same({ white = 0, blue = 0, black = 0, red = 0, green = 0, colorless = 0 }, m)
    g:add_mana(ann, "{R}{R}{2}")
    assert.equal(0, m.red)                       -- a fresh table each read
    assert.same({ 2, 2 }, { ann.mana.red, ann.mana.colorless })
    local ev = H.events(g, "mana")
    assert.equal(1, #ev)
    assert.same({ ann, 4 }, { ev[1].player, ev[1].amount })
    assert.error_matches(function() g:add_mana(ann, "{X}") end, "#2 to 'add_mana'.*{X}")
  end)

  it("empties at the end of each step and phase, unspent mana burns its owner (003)", function()
    local g, ann, bob = H.game()
    g:begin_turn(ann)
    g:upkeep_step()
    g:add_mana(ann, "{G}{G}")
    g:add_mana(bob, "{1}")
    g:draw_step()                                -- upkeep ends: the pools empty
    assert.same({ 0, 0 }, { ann.mana.green, bob.mana.colorless })
    assert.same({ 18, 19 }, { ann.life, bob.life })
    local life = H.events(g, "life")
    assert.equal(2, #life)                       -- loss of life, not damage
    assert.equal(0, #H.events(g, "damage"))
  end)

  it("arbiter.house.no_mana_burn: the pool empties without loss of life (a house rule against 003's mana burn)", function()
    local g, ann = H.game{ house_rules = { arbiter.house.no_mana_burn } }
    g:begin_turn(ann)
    g:upkeep_step()
    g:add_mana(ann, "{G}")
    g:draw_step()
    assert.same({ 0, 20 }, { ann.mana.green, ann.life })
  end)
end)

describe("paying costs (407) with the pool and mana abilities (406.1)", function()
  local spell = function(cost) return arbiter.card{ name = "Spell " .. cost, types = { "Sorcery" }, cost = cost } end

  it("basic lands have their intrinsic mana ability; g:activate adds mana without the stack", function()
    local g, ann = H.game()
    local f = g:create(forest, { owner = ann, zone = "battlefield" })
    assert.is_nil(g:activate(ann, f, 1))
    assert.same({ 1, true, 0 }, { ann.mana.green, f.tapped, #g.stack })
    assert.error_matches(function() g:activate(ann, f, 1) end, "is tapped")
    assert.error_matches(function() g:activate(ann, f, 2) end, "#3 to 'activate'.*no activated ability 2")
  end)

  it("the pool first, then lands; colored symbols never lose to generic ones", function()
    local g, ann = H.game()
    local i1 = g:create(island, { owner = ann, zone = "battlefield" })
    local f1 = g:create(forest, { owner = ann, zone = "battlefield" })
    g:add_mana(ann, "{G}")
    -- {1}{G}: the pooled G pays {G}; the generic taps a land; the default (battlefield order) is
    -- the Island, which is fine: the rest of the cost needs no blue
    g:cast(ann, g:create(spell("{1}{G}"), { owner = ann, zone = "hand" }))
    assert.same({ 0, true, false }, { ann.mana.green, i1.tapped, f1.tapped })
    g:settle()
    -- {U}{1} with an Island and a Forest untapped: blue must come from the Island even though
    -- the Forest comes first for generic
    local g2, a2 = H.game()
    local f2 = g2:create(forest, { owner = a2, zone = "battlefield" })
    local i2 = g2:create(island, { owner = a2, zone = "battlefield" })
    g2:cast(a2, g2:create(spell("{1}{U}"), { owner = a2, zone = "hand" }))
    assert.same({ true, true, 0, 0 }, { f2.tapped, i2.tapped, a2.mana.blue, a2.mana.green })
  end)

  it("asks choose(p, 'mana', sources) only when the sources differ", function()
    local g, ann = H.game()
    g:create(forest, { owner = ann, zone = "battlefield" })
    g:create(forest, { owner = ann, zone = "battlefield" })
    local asked = {}
    g:set_agent(ann, { choose = function(_, what, o) asked[#asked + 1] = what; return o[#o] end })
    g:cast(ann, g:create(spell("{1}"), { owner = ann, zone = "hand" }))
    assert.same({}, asked)                       -- two Forests: no real choice
    local g2, a2 = H.game()
    g2:create(forest, { owner = a2, zone = "battlefield" })
    local d = g2:create(dual, { owner = a2, zone = "battlefield" })
    g2:set_agent(a2, { choose = function(_, what, o) asked[#asked + 1] = what; return o[#o] end })
    g2:cast(a2, g2:create(spell("{1}"), { owner = a2, zone = "hand" }))
    assert.same({ "mana" }, asked)
    assert.is_true(d.tapped)                     -- the agent's pick
  end)

  it("each question offers the unused sources of that color in battlefield order (406.1, 502.5b)", function()
    -- the general payment path (dual lands): a sick creature's {T} and a used source are not
    -- offered; the ctx names the payer, the spell and its cost
    local g, ann = H.game()
    local bayou = arbiter.card{ name = "Swamp Forest", types = { "Land" },
      activated = { { cost = "{T}", mana = "{B}" }, { cost = "{T}", mana = "{G}" } } }
    local elf = arbiter.card{ name = "Sick Elf", types = { "Creature" }, power = 1, toughness = 1,
      activated = { { cost = "{T}", mana = "{G}" } } }
    local f = g:create(forest, { owner = ann, zone = "battlefield" })
    local d1 = g:create(dual, { owner = ann, zone = "battlefield" })
    local e = g:create(elf, { owner = ann, zone = "battlefield", sick = true })
    local d2 = g:create(bayou, { owner = ann, zone = "battlefield" })
    local asked = {}
    g:set_agent(ann, { choose = function(_, what, o, ctx)
      asked[#asked + 1] = { what, o, ctx.player, ctx.card, ctx.cost.text }
      return o[#o]
    end })
    local s = g:create(spell("{G}{G}"), { owner = ann, zone = "hand" })
    g:cast(ann, s)
    assert.same({ { "mana", { f, d1, d2 }, ann, s, "{G}{G}" }, { "mana", { f, d1 }, ann, s, "{G}{G}" } }, asked)
    assert.same({ false, true, false, true }, { f.tapped, d1.tapped, e.tapped, d2.tapped })
  end)

  it("an unpayable cost raises naming 407 and changes nothing", function()
    local g, ann = H.game()
    g:create(forest, { owner = ann, zone = "battlefield" })
    local c = g:create(spell("{U}"), { owner = ann, zone = "hand" })
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, c) end, "can't pay {U}.*407")
    assert.equal(before, g:state_hash())
    assert.equal("hand", c.zone)
  end)

  it("{X}: x is added to the generic cost; an x where there is none is an error", function()
    local g, ann = H.game()
    for _ = 1, 3 do g:create(mountain, { owner = ann, zone = "battlefield" }) end
    local fb = g:create(arbiter.card{ name = "Blaze", types = { "Sorcery" }, cost = "{X}{R}", targets = { "player" },
      resolve = function(obj, game, src) game:damage(src, obj.targets[1], obj.x) end }, { owner = ann, zone = "hand" })
    local o = g:cast(ann, fb, { targets = { g.players[2] }, x = 2 })
    assert.equal(2, o.x)
    assert.equal(3, g:count_permanents(ann, "Land") - g:count_permanents(ann, "Land", "u"))
    g:settle()
    assert.equal(18, g.players[2].life)
    local c = g:create(spell("{1}"), { owner = ann, zone = "hand" })
    assert.error_matches(function() g:cast(ann, c, { x = 1 }) end, "#3 to 'cast'.*no {X}")
  end)
end)

describe("the core's fast payment (simple sources, no choice) against the general path (424.5, 409.1f-h)", function()
  -- the same costs paid twice: with only basic lands (the core pays) and with an extra
  -- untapped source whose mana ability also costs life (the Lua layer pays)
  local odd = arbiter.card{ name = "Blood Spring", types = { "Land" },
    activated = { { cost = "{T}", mana = "{B}", pay = function(obj, g) g:lose_life(obj.controller, 1) end } } }
  local function board(extra)
    local g, ann = H.game()
    for _ = 1, 4 do g:create(forest, { owner = ann, zone = "battlefield" }) end
    if extra then g:create(odd, { owner = ann, zone = "battlefield" }) end
    g:add_mana(ann, "{R}")
    return g, ann
  end
  for _, cost in ipairs({ "{1}{G}", "{G}{G}", "{2}{G}{R}", "{R}{1}", "{3}", "{4}" }) do
    it("pays " .. cost .. " the same way", function()
      local tapped, pools = {}, {}
      for k, extra in ipairs({ false, true }) do
        local g, ann = board(extra)
        g:cast(ann, g:create(arbiter.card{ name = "S", types = { "Sorcery" }, cost = cost }, { owner = ann, zone = "hand" }))
        local t = {}
        for i, c in ipairs(g:permanents(ann, "Land")) do if i <= 4 then t[i] = c.tapped end end
        tapped[k], pools[k] = t, ann.mana
        assert.equal(20, ann.life)            -- the odd land was never needed
        assert.equal(#H.events(g, "mana"), #H.events(g, "tap") + 1)   -- a mana event per land, and add_mana's
      end
      assert.same(tapped[1], tapped[2])
      assert.same(pools[1], pools[2])
    end)
  end
end)

describe("a mana ability without {T} played again while paying (409.1f; 422.1)", function()
  -- "Sacrifice a creature: add {B}": no {T}, so a payment may play it once per creature;
  -- g:can_cast must say what g:cast does (the quick count sees it once)
  local altar = arbiter.card{ name = "Bone Altar", types = { "Artifact" },
    activated = { { cost = "", mana = "{B}", pay = function(obj, g)
      local cs = g:permanents(obj.controller, "Creature")
      if #cs == 0 then error("no creature to sacrifice", 0) end
      g:sacrifice(cs[1])
    end } } }
  local swamp = basic("Swamp")
  local function board(bears, lands)
    local g, ann = H.game()
    g:create(altar, { owner = ann, zone = "battlefield" })
    for _ = 1, bears do g:create(H.bear, { owner = ann, zone = "battlefield" }) end
    for _ = 1, lands do g:create(swamp, { owner = ann, zone = "battlefield" }) end
    local s = g:create(arbiter.card{ name = "Dark Rite", types = { "Sorcery" }, cost = "{B}{B}" },
      { owner = ann, zone = "hand" })
    return g, ann, s
  end

  it("two creatures pay {B}{B}: g:can_cast says yes, and g:cast sacrifices both", function()
    local g, ann, s = board(2, 0)
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    assert.same({ 0, 2, 0 }, { #g:permanents(ann, "Creature"), #H.events(g, "mana"), ann.mana.black })
  end)

  it("once its sacrifice can't be paid, that activation is reversed and the payment goes on with a land", function()
    local g, ann, s = board(1, 1)
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    assert.same({ 0, true, 0 }, { #g:permanents(ann, "Creature"), g:permanents(ann, "Land")[1].tapped,
      ann.mana.black })
  end)

  it("one creature, no land: neither says yes, and the failed cast leaves the game as it was (422)", function()
    local g, ann, s = board(1, 0)
    assert.is_false(g:can_cast(ann, s))
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, s) end, "can't pay {B}{B}.*407")
    assert.equal(before, g:state_hash())
    assert.same({ 1, "hand" }, { #g:permanents(ann, "Creature"), s.zone })
  end)
end)

describe("the permanents a payment reads (one core call: every untapped one with a mana ability; 406.1, 502.5b)", function()
  local elf = arbiter.card{ name = "Test Elf", types = { "Creature" }, power = 1, toughness = 1,
    activated = { { cost = "{T}", mana = "{G}" } } }
  local pet = arbiter.card{ name = "Test Pet", types = { "Creature" }, power = 1, toughness = 1,
    activated = { { cost = "", mana = "{B}", pay = function(obj, g, src) g:sacrifice(src) end } } }
  local wall = arbiter.card{ name = "Test Wall", types = { "Creature" }, power = 0, toughness = 4 }
  local tower = arbiter.card{ name = "Test Tower", types = { "Land" },
    activated = { { cost = "{T}", effect = function() end } } }
  local function spell(g, ann, cost)
    return g:create(arbiter.card{ name = "S" .. cost, types = { "Sorcery" }, cost = cost }, { owner = ann, zone = "hand" })
  end

  it("a summoning-sick creature's {T} can't pay (502.5b); with haste it can; a cost without {T} it can", function()
    local g, ann = H.game()
    local e = g:create(elf, { owner = ann, zone = "battlefield", sick = true })
    local s = spell(g, ann, "{G}")
    assert.is_false(g:can_cast(ann, s))
    assert.error_matches(function() g:cast(ann, s) end, "can't pay {G}")
    e:grant("haste")
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    assert.is_true(e.tapped)
    local pg, pa = H.game()
    local p = pg:create(pet, { owner = pa, zone = "battlefield", sick = true })
    local ps = spell(pg, pa, "{B}")
    assert.is_true(pg:can_cast(pa, ps))
    pg:cast(pa, ps)
    assert.equal("graveyard", p.zone)
  end)

  it("a mana ability an effect grants, and a land type an effect sets (212.6e), pay like printed ones", function()
    local g, ann = H.game()
    local w = g:create(wall, { owner = ann, zone = "battlefield", sick = false })
    local t = g:create(tower, { owner = ann, zone = "battlefield" })
    local s = spell(g, ann, "{R}{U}")
    assert.is_false(g:can_cast(ann, s))
    g:add_static{ affects = w, activated = { { cost = "{T}", mana = "{R}" } } }
    assert.is_false(g:can_cast(ann, s))
    g:add_static{ affects = t, subtypes = { "Island" } }
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    assert.same({ true, true, 0, 0 }, { w.tapped, t.tapped, ann.mana.red, ann.mana.blue })
  end)

  -- the payment and the count read the changed permanent's list now and the others' from their
  -- definitions (GI._mana_permanents' changed marks, csrc/lmana_sources.c): one of two
  -- Mountains made an Island (212.6e: it loses {R}, has {U}) pays {U}, not {R}
  it("one of two Mountains made an Island (212.6e) pays {U} and no longer {R}; the other still {R}", function()
    local g, ann = H.game()
    local m1 = g:create(mountain, { owner = ann, zone = "battlefield" })
    local m2 = g:create(mountain, { owner = ann, zone = "battlefield" })
    g:add_static{ affects = m2, subtypes = { "Island" } }
    local rr, ur = spell(g, ann, "{R}{R}"), spell(g, ann, "{U}{R}")
    assert.is_false(g:can_cast(ann, rr))         -- one red source left (the count, arbiter._available)
    assert.has_error(function() g:cast(ann, rr) end)
    assert.same({ false, false }, { m1.tapped, m2.tapped })
    assert.is_true(g:can_cast(ann, ur))
    g:cast(ann, ur)
    assert.same({ true, true, 0, 0 }, { m1.tapped, m2.tapped, ann.mana.red, ann.mana.blue })
  end)
end)

describe("a tapped permanent's mana abilities without {T} pay (409.1f: played while paying; 407: only {T} needs it untapped)", function()
  local pet = arbiter.card{ name = "Tapped Pet", types = { "Creature" }, power = 1, toughness = 1,
    activated = { { cost = "", mana = "{B}", pay = function(obj, g, src) g:sacrifice(src) end } } }
  local forge = arbiter.card{ name = "Tapped Forge", types = { "Artifact" }, activated = { { cost = "{1}", mana = "{R}{R}" } } }
  local redland = arbiter.card{ name = "Red Flat", types = { "Land" }, activated = { { cost = "{T}", mana = "{R}" } } }
  local idol = arbiter.card{ name = "Idol", types = { "Artifact" }, activated = { { cost = "{B}", effect = function() end } } }
  local function spell(g, ann, cost)
    return g:create(arbiter.card{ name = "S" .. cost, types = { "Sorcery" }, cost = cost }, { owner = ann, zone = "hand" })
  end
  local function tapped(g, ann, def)
    local c = g:create(def, { owner = ann, zone = "battlefield" })
    c:tap()
    return c
  end

  it("a tapped creature's 'Sacrifice this: add {B}' pays a spell; g:can_cast says so", function()
    local g, ann = H.game()
    local p = tapped(g, ann, pet)
    local s = spell(g, ann, "{B}")
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    assert.same({ "graveyard", "stack" }, { p.zone, s.zone })
  end)

  it("a tapped artifact's '{1}: add {R}{R}' pays a spell, its {1} from a land; g:can_cast says so", function()
    local g, ann = H.game()
    local f = tapped(g, ann, forge)
    local land = g:create(forest, { owner = ann, zone = "battlefield" })
    local s = spell(g, ann, "{R}{R}")
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    assert.same({ "battlefield", "stack", true }, { f.zone, s.zone, land.tapped })
    assert.same({ 0, 0 }, { ann.mana.red, ann.mana.green })
  end)

  it("g:activate pays with it too", function()
    local g, ann = H.game()
    local p = tapped(g, ann, pet)
    local i = g:create(idol, { owner = ann, zone = "battlefield" })
    g:activate(ann, i, 1)
    assert.equal("graveyard", p.zone)
  end)

  it("one an effect grants pays too; a granted {T} one doesn't while tapped", function()
    local g, ann = H.game()
    local w = tapped(g, ann, arbiter.card{ name = "Plain Wall", types = { "Artifact" } })
    local s = spell(g, ann, "{G}")
    g:add_static{ affects = w, activated = { { cost = "{T}", mana = "{G}" } } }
    assert.is_false(g:can_cast(ann, s))
    assert.error_matches(function() g:cast(ann, s) end, "can't pay")
    g:add_static{ affects = w, activated = { { cost = "", mana = "{G}", pay = function(obj, game, src) game:sacrifice(src) end } } }
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    assert.same({ "graveyard", "stack" }, { w.zone, s.zone })
  end)

  it("a tapped land's {T} abilities still don't (a basic, a printed one, a dual); the game is unchanged", function()
    for _, def in ipairs({ mountain, redland, dual }) do
      local g, ann = H.game()
      tapped(g, ann, def)
      local s = spell(g, ann, def == dual and "{U}" or "{R}")
      assert.is_false(g:can_cast(ann, s))
      local before = g:state_hash()
      assert.error_matches(function() g:cast(ann, s) end, "can't pay")
      assert.equal(before, g:state_hash())
    end
  end)
end)

describe("g:can_cast against g:cast with sources of some colors (the quick count's per-color bound; 409.1f)", function()
  -- a dual land counts once in the total and, for each of its colors, in that color's most:
  -- a color's symbols beyond its most can't be paid (no payment tried); otherwise the payment
  -- is tried (the greedy order: colored symbols first, battlefield order), as g:cast pays it
  for _, case in ipairs({ { "{U}{U}", false }, { "{U}{G}", true }, { "{G}{G}", true }, { "{G}{G}{G}", false },
                          { "{1}{U}", true }, { "{B}", false }, { "{2}{U}", false } }) do
    it(case[1] .. ": " .. (case[2] and "both pay" or "neither pays"), function()
      local g, ann = H.game()
      g:create(dual, { owner = ann, zone = "battlefield" })
      g:create(forest, { owner = ann, zone = "battlefield" })
      local s = g:create(arbiter.card{ name = "S", types = { "Sorcery" }, cost = case[1] }, { owner = ann, zone = "hand" })
      assert.equal(case[2], g:can_cast(ann, s))
      local before = g:state_hash()
      assert.equal(case[2], (pcall(g.cast, g, ann, s)))
      if not case[2] then assert.equal(before, g:state_hash()) end
    end)
  end
end)
