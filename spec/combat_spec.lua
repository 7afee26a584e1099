-- Legal attacks and blocks (500.2-500.5, text 004 where texts disagree), evasion (501,
-- 502.4, 502.6) and combat damage (502.2, 502.3).
local arbiter = require("arbiter")

local function setup()
  local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 7}
  local ann, bob = g.players[1], g.players[2]
  local n = 0
  local function cr(p, abil, pw, t, extra)
    n = n + 1
    local spec = {name = "C" .. n, types = {"Creature"}, power = pw or 2, toughness = t or 2, abilities = abil or {}}
    for k, v in pairs(extra or {}) do spec[k] = v end
    return g:create(arbiter.card(spec), {owner = p, zone = "battlefield"})
  end
  local function land(p, subtypes, supertypes)
    n = n + 1
    return g:create(arbiter.card{name = "L" .. n, types = {"Land"}, subtypes = subtypes, supertypes = supertypes or {}},
      {owner = p, zone = "battlefield"})
  end
  return g, ann, bob, cr, land
end

-- Table-driven scenarios of one shape (issue 32): each row is the title of its test, a
-- board, and the checks of what the rules allow on it. Creatures are numbered in the order
-- listed: attackers a1, a2 ... (Ann's), blockers b1, b2 ... (Bob's).

-- A legal-attack row: Ann's creatures {abilities, {sick = true, tapped = true}}, Bob's
-- creatures (abilities), and checks {attackers (indices), legal?, message parts} of
-- g:check_attack; max: g:max_attack_requirements(); legal: g:legal_attacks() (indices).
local function attack_row(row)
  local g, ann, bob, cr = setup()
  local c = {}
  for i, s in ipairs(row.ann) do
    local o = s[2] or {}
    if o.sick then
      c[i] = g:create(arbiter.card{name = "S" .. i, types = {"Creature"}, power = 1, toughness = 1, abilities = s[1]},
        {owner = ann, zone = "battlefield", sick = true})
    else
      c[i] = cr(ann, s[1])
    end
    if o.tapped then c[i]:tap() end
  end
  for _, s in ipairs(row.bob or {}) do cr(bob, s[1], s[2], s[3]) end
  local function pick(list) local t = {} for k, i in ipairs(list) do t[k] = c[i] end return t end
  if row.max then assert.equal(row.max, g:max_attack_requirements()) end
  for _, chk in ipairs(row.checks) do
    local ok, msg = g:check_attack(pick(chk[1]))
    assert.equal(chk[2], ok, row[1])
    for _, part in ipairs(chk[3] or {}) do assert.matches(part, msg, 1, true) end
  end
  if row.legal then
    local legal = g:legal_attacks()
    assert.equal(#row.legal, #legal)
    for k, l in ipairs(row.legal) do assert.same(pick(l), legal[k]) end
  end
end

-- A legal-block row: Ann's attackers and Bob's possible blockers (abilities), Bob's lands
-- ({subtypes}), and checks {blocks {[blocker] = attacker or {attackers}}, legal?, message part}
-- of g:check_block; max: g:max_block_requirements(); legal: #g:legal_blocks().
local function block_row(row)
  local g, ann, bob, cr, land = setup()
  for _, l in ipairs(row.lands or {}) do land(bob, l) end
  local a, b = {}, {}
  for i, abil in ipairs(row.attackers) do a[i] = cr(ann, abil) end
  g:declare_attackers(a)
  for i, abil in ipairs(row.blockers) do b[i] = cr(bob, abil) end
  if row.max then assert.equal(row.max, g:max_block_requirements()) end
  for _, chk in ipairs(row.checks) do
    local blocks = {}
    for bi, ai in pairs(chk[1]) do
      if type(ai) == "table" then
        local t = {}
        for k, x in ipairs(ai) do t[k] = a[x] end
        blocks[b[bi]] = t
      else
        blocks[b[bi]] = a[ai]
      end
    end
    local ok, msg = g:check_block(blocks)
    assert.equal(chk[2], ok, row[1])
    if chk[3] then assert.matches(chk[3], msg, 1, true) end
  end
  if row.legal then assert.equal(row.legal, #g:legal_blocks()) end
end

-- A flanking row (502.3): the attacker's abilities, the blocker's abilities and P/T, and the
-- blocker's P/T once blocks are declared (the flanking triggers resolved).
local function flanking_row(row)
  local g, ann, bob, cr = setup()
  local knight = cr(ann, row[2], 2, 2)
  g:declare_attackers({knight})
  local b = cr(bob, row[3], row[4], row[4])
  g:declare_blockers({[b] = knight})
  assert.same(row[5], {b.power, b.toughness})
end

describe("500.2 legal attacks", function()
  local attack_rows = {
    { "two creatures that can't attack alone may attack together (500.2 example)",
      ann = { { {"can't attack alone"} }, { {"can't attack alone"} } },
      checks = { { {1, 2}, true }, { {1}, false, {"500.2", "alone"} } } },
    { "'attacks if able' + 'no more than one creature can attack': only that creature attacks (500.2 example)",
      ann = { { {"attacks each combat if able"} }, { {} } },
      bob = { { {"no more than one creature can attack each turn"}, 1, 5 } }, max = 1,
      checks = { { {1}, true }, { {2}, false }, { {1, 2}, false }, { {}, false } }, legal = { {1} } },
    { "tapped and summoning-sick creatures can't attack; haste allows it (502.5b)",
      ann = { { {}, {sick = true} }, { {"haste"}, {sick = true} }, { {"attacks each combat if able"}, {tapped = true} } },
      checks = { { {1}, false }, { {2}, true }, { {3}, false },
        { {}, true } } },                    -- tapped creatures are exempt from requirements
  }
  for _, row in ipairs(attack_rows) do
    it(row[1], function() attack_row(row) end)
  end

  it("asks the card's can_attack predicate (Sea Serpent)", function()
    local g, ann, bob, cr, land = setup()
    local serpent = cr(ann, {}, 5, 5, {can_attack = function(self, game, defender)
      for _, c in ipairs(game.battlefield:cards()) do
        if c.controller == defender and c.definition.subtypes[1] == "Island" then return true end
      end
      return false
    end})
    assert.is_false(g:check_attack({serpent}))
    land(bob, {"Island"})
    assert.is_true(g:check_attack({serpent}))
  end)

  it("an unpaid attack cost forbids attacking and exempts from requirements (500.2)", function()
    local g, ann, _, cr = setup()
    local eager = cr(ann, {"attacks each combat if able"})
    g:add_combat_cost{kind = "attack", name = "Propaganda", applies = function() return true end}
    assert.is_true(g:check_attack({}))
    assert.is_false(g:check_attack({eager}))
    assert.is_true(g:check_attack({eager}, {pay = {eager}}))
    assert.is_false(g:check_attack({}, {pay = {eager}}))
  end)

  it("declare_attackers taps (not with vigilance), records attack events, refuses illegal ones unchanged", function()
    local g, ann, _, cr = setup()
    local a, v, alone = cr(ann), cr(ann, {"vigilance"}), cr(ann, {"can't attack alone"})
    local h = g:state_hash()
    assert.has_error(function() g:declare_attackers({alone}) end)
    assert.equal(h, g:state_hash())
    g:declare_attackers({a, v})
    assert.is_true(a.tapped)
    assert.is_false(v.tapped)
    assert.is_true(a.attacking)
    local attacks = 0
    for _, ev in ipairs(g:history()) do if ev.type == "attack" then attacks = attacks + 1 end end
    assert.equal(2, attacks)
  end)
end)

describe("500.3-500.5 legal blocks", function()
  local block_rows = {
    { "'blocks if able' + 'two or more creatures': both must block (500.4, text 004)",
      attackers = { {"can't be blocked except by two or more creatures"} },
      blockers = { {"blocks each combat if able"}, {} },
      checks = { { {[1] = 1}, false }, { {}, false }, { {[1] = 1, [2] = 1}, true } }, legal = 1, max = 1 },
    { "two Lures beat one: blockers must block the creature with two (500 ruling 1)",
      attackers = { {"lure", "lure"}, {"lure"} }, blockers = { {} }, max = 2,
      checks = { { {[1] = 1}, true }, { {[1] = 2}, false, "obeys 1 of the most 2" } } },
    { "menace + lure: two blockers able to block must both block it",
      attackers = { {"lure", "can't be blocked except by two or more creatures"} }, blockers = { {}, {} },
      checks = { { {[1] = 1, [2] = 1}, true }, { {[1] = 1}, false } } },
    { "can block an additional creature",
      attackers = { {"lure"}, {"lure"} }, blockers = { {"can block an additional creature"} },
      checks = { { {[1] = {1, 2}}, true }, { {[1] = 1}, false } } },
    { "no more than one creature can block each combat",
      attackers = { {} }, blockers = { {"no more than one creature can block each combat"}, {} },
      checks = { { {[1] = 1, [2] = 1}, false }, { {[2] = 1}, true } } },
  }
  for _, row in ipairs(block_rows) do
    it(row[1], function() block_row(row) end)
  end

  it("declare_blockers refuses an illegal block and leaves the game unchanged", function()
    local g, ann, bob, cr = setup()
    local a = cr(ann, {"flying"})
    g:declare_attackers({a})
    local b = cr(bob)
    local h = g:state_hash()
    assert.has_error(function() g:declare_blockers({[b] = a}) end)
    assert.equal(h, g:state_hash())
  end)
end)

describe("501 evasion", function()
  local function can_block(abil_a, abil_b, extra_b, lands)
    local g, ann, bob, cr, land = setup()
    local a = cr(ann, abil_a)
    for _, l in ipairs(lands or {}) do land(bob, l[1], l[2]) end
    g:declare_attackers({a})
    local b = cr(bob, abil_b, 2, 2, extra_b)
    return (g:check_block({[b] = a}))
  end

  -- one row per scenario: the rule, what it shows, the attacker's abilities, the blocker's,
  -- the blocker's other fields, the defending player's lands ({subtypes, supertypes}), and
  -- whether the blocker may block
  local N, F = nil, {}
  local scenarios = {
    { "502.4b", "flying: a creature without flying or reach can't block it", {"flying"}, F, N, N, false },
    { "502.4b", "flying: a flier blocks it", {"flying"}, {"flying"}, N, N, true },
    { "502.4b", "flying: reach blocks it", {"flying"}, {"reach"}, N, N, true },
    { "502.4b", "flying: a flier blocks a creature without flying", F, {"flying"}, N, N, true },
    { "501.2", "flying and shadow are cumulative: a flier alone can't block", {"flying", "shadow"}, {"flying"}, N, N, false },
    { "501.2", "flying and shadow are cumulative: a flier with shadow blocks", {"flying", "shadow"}, {"flying", "shadow"}, N, N, true },
    { "501", "shadow works both ways: a shadow creature can't block one without", F, {"shadow"}, N, N, false },
    { "501", "shadow works both ways: one without can't block a shadow creature", {"shadow"}, F, N, N, false },
    { "501", "fear: a nonblack nonartifact creature can't block", {"fear"}, F, N, N, false },
    { "501", "fear: a black creature blocks", {"fear"}, F, {colors = {"black"}}, N, true },
    { "501", "fear: an artifact creature blocks", {"fear"}, F, {types = {"Artifact", "Creature"}}, N, true },
    { "501", "horsemanship: a creature without it can't block", {"horsemanship"}, F, N, N, false },
    { "501", "horsemanship: a creature with it blocks", {"horsemanship"}, {"horsemanship"}, N, N, true },
    { "502.6b", "islandwalk: no Island, it can be blocked", {"islandwalk"}, F, N, N, true },
    { "502.6b", "islandwalk: the defending player's Island, it can't", {"islandwalk"}, F, N, {{{"Island"}}}, false },
    { "502.6b", "swampwalk: an Island doesn't count", {"swampwalk"}, F, N, {{{"Island"}}}, true },
    { "502.6c", "snow swampwalk: a Swamp that isn't snow doesn't count", {"snow swampwalk"}, F, N, {{{"Swamp"}}}, true },
    { "502.6c", "snow swampwalk: a snow Swamp counts", {"snow swampwalk"}, F, N, {{{"Swamp"}, {"Snow"}}}, false },
    { "502.6", "legendary landwalk: a legendary land counts", {"legendary landwalk"}, F, N, {{{}, {"Legendary"}}}, false },
    { "502.6", "legendary landwalk: a basic Forest doesn't", {"legendary landwalk"}, F, N, {{{"Forest"}, {"Basic"}}}, true },
    { "502.6", "nonbasic landwalk: a nonbasic land counts", {"nonbasic landwalk"}, F, N, {{{"Desert"}}}, false },
    { "502.6", "nonbasic landwalk: a basic Forest doesn't", {"nonbasic landwalk"}, F, N, {{{"Forest"}, {"Basic"}}}, true },
    { "501.1", "can't be blocked", {"can't be blocked"}, F, N, N, false },
    { "501.3", "can block only creatures with flying: not one without", F, {"can block only creatures with flying"}, N, N, false },
    { "501.3", "can block only creatures with flying: a flier, with reach", {"flying"},
      {"can block only creatures with flying", "reach"}, N, N, true },
  }
  for _, row in ipairs(scenarios) do
    it(row[1] .. ": " .. row[2], function()
      assert.equal(row[7], can_block(row[3], row[4], row[5], row[6]))
    end)
  end
  it("gaining evasion after blocks doesn't change the block (501.3)", function()
    local g, ann, bob, cr = setup()
    local a = cr(ann, {}, 3, 3)
    g:declare_attackers({a})
    local b = cr(bob, {}, 1, 1)
    g:declare_blockers({[b] = a})
    a:grant("flying")
    g:combat_damage()
    assert.equal("graveyard", b.zone)
    assert.equal(20, bob.life)
  end)
end)

describe("502.2 first strike and combat damage", function()
  -- one row per scenario of one shape: the rule, what it shows, Ann's attackers and Bob's
  -- blockers ({abilities, power, toughness}; a blocker's fourth field: the attacker it blocks),
  -- what happens between the blocks and the damage (before, given the game, the attackers, the
  -- blockers and Bob), and the outcome after g:combat_damage() (both damage steps): each
  -- {who, field, value}, who "a1", "b1", ... or "bob"
  local scenarios = {
    { "502.2b", "a first striker kills its blocker before it deals damage",
      { { {"first strike"}, 2, 2 } }, { { {}, 2, 2, 1 } }, nil,
      { { "b1", "zone", "graveyard" }, { "a1", "zone", "battlefield" }, { "a1", "damage", 0 } } },
    { "502.28", "double strike with trample deals damage in both steps, the excess to the player",
      -- first step: 2 lethal to the blocker, 1 tramples over; second: blocker gone, 3 to the player
      { { {"double strike", "trample"}, 3, 3 } }, { { {}, 1, 2, 1 } }, nil,
      { { "b1", "zone", "graveyard" }, { "bob", "life", 16 } } },
    { "502.2c", "gaining first strike after the first step doesn't stop regular damage",
      { { {"first strike"}, 1, 5 } }, { { {}, 2, 5, 1 } },
      function(g, a, b, bob)
        g:trigger{event = "damage", controller = bob, condition = function(ev) return ev.source == a[1] end,
          effect = function() b[1]:grant("first strike") end}
      end,
      { { "b1", "damage", 1 }, { "a1", "damage", 2 } } },         -- b1 still dealt damage
    { "502.2c", "losing first strike after the first step doesn't allow damage twice",
      { { {"first strike"}, 2, 5 } }, { { {}, 1, 5, 1 } },
      function(g, a, _, bob)
        g:trigger{event = "damage", controller = bob, condition = function(ev) return ev.source == a[1] end,
          effect = function() a[1]:revoke("first strike") end}
      end,
      { { "b1", "damage", 2 }, { "a1", "damage", 1 } } },         -- dealt once, in the first step only
    { "003", "an unblocked attacker damages the defending player; a blocked one whose blocker left deals none",
      { { {}, 3, 3 }, { {}, 4, 4 } }, { { {}, 1, 1, 2 } },
      function(g, _, b) g:move(b[1], "graveyard") end,
      { { "bob", "life", 17 }, { "a2", "blocked", true } } },     -- stays blocked (the older guide)
    { "306.2b", "a blocker tapped after blocks still deals damage (CompRules 2003)",
      { { {}, 2, 2 } }, { { {}, 2, 2, 1 } }, function(_, _, b) b[1]:tap() end,
      { { "a1", "zone", "graveyard" } } },
    { "003", "the default division: lethal damage to each blocker in order, the rest to the last",
      { { {}, 5, 5 } }, { { {}, 0, 2, 1 }, { {}, 0, 2, 1 } }, nil,
      { { "b1", "zone", "graveyard" }, { "b2", "zone", "graveyard" }, { "bob", "life", 20 } } },
    { "502.9b", "trample: lethal damage accounts for damage already marked; the rest goes to the player",
      { { {"trample"}, 5, 5 } }, { { {}, 0, 4, 1 } }, function(g, _, b) g:damage(nil, b[1], 3) end,
      { { "b1", "zone", "graveyard" }, { "bob", "life", 16 } } },
    { "502.9", "a blocked trampler whose blockers all left deals all its damage to the player",
      { { {"trample"}, 4, 4 } }, { { {}, 1, 1, 1 } }, function(g, _, b) g:move(b[1], "graveyard") end,
      { { "bob", "life", 16 } } },
    { "614", "combat damage is a replaceable event: prevention",
      { { {}, 5, 5 } }, {}, function(g, _, _, bob)
        g:add_replacement{event = "damage", applies = function(ev) return ev.target == bob end,
          replace = function() end}
      end,
      { { "bob", "life", 20 } } },
  }
  for _, row in ipairs(scenarios) do
    it(row[1] .. ": " .. row[2], function()
      local g, ann, bob, cr = setup()
      local a, b, who = {}, {}, { bob = bob }
      for i, s in ipairs(row[3]) do a[i] = cr(ann, s[1], s[2], s[3]); who["a" .. i] = a[i] end
      g:declare_attackers(a)
      local blocks = {}
      for i, s in ipairs(row[4]) do
        b[i] = cr(bob, s[1], s[2], s[3]); who["b" .. i] = b[i]
        blocks[b[i]] = a[s[4]]
      end
      g:declare_blockers(blocks)
      if row[5] then row[5](g, a, b, bob) end
      g:combat_damage()
      for _, e in ipairs(row[6]) do
        assert.are.equal(e[3], who[e[1]][e[2]], row[2] .. ": " .. e[1] .. "." .. e[2])
      end
    end)
  end

  -- two scenarios of their own shape
  it("003: damage division asks the attacking player's agent (choose 'damage')", function()
    local g, ann, bob, cr = setup()
    local a = cr(ann, {}, 4, 4)
    g:declare_attackers({a})
    local b1, b2 = cr(bob, {}, 1, 3), cr(bob, {}, 1, 3)
    g:declare_blockers({[b1] = a, [b2] = a})
    local asked
    g:set_agent(ann, {choose = function(p, what, options, ctx)
      if what == "damage" then asked = ctx; return options[#options] end
      return options[1]
    end})
    g:combat_damage()
    assert.is_truthy(asked)
    assert.equal(4, asked.power)
    assert.equal("battlefield", b1.zone)     -- all 4 went to the last blocker
    assert.equal("graveyard", b2.zone)
  end)

  it("502.2c: a creature that left the battlefield after the first step is a new object: no first-strike mark", function()
    local g, ann, bob, cr = setup()
    local a = cr(ann, {"first strike"}, 2, 2)
    g:declare_attackers({a})
    g:combat_damage()                      -- the first step marks a as having dealt damage
    assert.equal(18, bob.life)
    g:move(a, "graveyard")
    g:end_combat()
    g:move(a, "battlefield")               -- back: a new object, not in combat, no mark
    a:revoke("first strike")
    a:grant("haste")
    local b = cr(ann, {"first strike", "haste"}, 1, 1)
    g:declare_attackers({a, b})
    g:combat_damage()                      -- b in the first step, a in the regular one
    assert.equal(15, bob.life)
  end)
end)

describe("502.3 flanking", function()
  -- {title, the attacker's abilities, the blocker's, the blocker's P/T, its P/T after blocks}
  local rows = {
    { "each instance triggers separately: -1/-1 per instance to a blocker without flanking",
      {"flanking", "flanking"}, {}, 3, {1, 1} },
    { "a blocker with flanking is unaffected", {"flanking"}, {"flanking"}, 3, {3, 3} },
  }
  for _, row in ipairs(rows) do
    it(row[1], function() flanking_row(row) end)
  end
end)

describe("500.3: multiplayer combat in a turn", function()
  it("each defending player blocks the attackers attacking them, through their agents", function()
    local g = arbiter.new_game{players = {"Ann", "Bob", "Cy"}, seed = 1}
    local ann, bob, cy = g.players[1], g.players[2], g.players[3]
    local function mk(p, pw, t)
      return g:create(arbiter.card{name = "X", types = {"Creature"}, power = pw, toughness = t}, {owner = p, zone = "battlefield"})
    end
    local a1, a2 = mk(ann, 2, 2), mk(ann, 3, 3)
    local bb, cb = mk(bob, 1, 4), mk(cy, 1, 1)
    g:set_agent(ann, {attack = function() return {[a1] = bob, [a2] = cy} end})
    g:set_agent(bob, {block = function() return {[bb] = a1} end})
    g:set_agent(cy, {block = function() return {} end})
    g:begin_turn(ann)
    g:combat_phase()
    assert.equal(20, bob.life)
    assert.equal(2, bb.damage)
    assert.equal(17, cy.life)
    assert.equal("battlefield", cb.zone)
  end)
end)

describe("500.2: multiplayer attacks", function()
  it("the map form sends each attacker at a chosen defending player", function()
    local g = arbiter.new_game{players = {"Ann", "Bob", "Cy"}, seed = 1}
    local ann, bob, cy = g.players[1], g.players[2], g.players[3]
    local a1 = g:create(arbiter.card{name = "A", types = {"Creature"}, power = 2, toughness = 2}, {owner = ann, zone = "battlefield"})
    local a2 = g:create(arbiter.card{name = "B", types = {"Creature"}, power = 3, toughness = 3}, {owner = ann, zone = "battlefield"})
    g:declare_attackers({[a1] = bob, [a2] = cy})
    g:combat_damage()
    assert.equal(18, bob.life)
    assert.equal(17, cy.life)
  end)
end)

describe("declaration shapes (500.2, 500.3)", function()
  it("nearest_legal_attack answers in the shape legal_attacks uses (an array with one defender)", function()
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 1}
    local ann = g.players[1]
    local eager = g:create(arbiter.card{name = "Eager", types = {"Creature"}, power = 1, toughness = 1,
      abilities = {"attacks each combat if able"}}, {owner = ann, zone = "battlefield"})
    local near, changes = g:nearest_legal_attack({})
    assert.same({eager}, near)
    assert.equal(1, changes)
    assert.same({{eager}}, g:legal_attacks())
  end)
end)

describe("declaring after nearest_legal_* (500.2/500.3: every declaration is still checked)", function()
  it("declares the nearest legal attack as is, but refuses a changed one with its explanation", function()
    local g, ann, _, cr = setup()
    g:set_active(ann)
    local eager = cr(ann, {"attacks each combat if able"})
    local other = cr(ann, {"can't attack alone"})
    local near = g:nearest_legal_attack({})
    assert.same({eager}, near)
    near[1] = other                           -- the caller changes what it got: now illegal
    local ok, err = pcall(g.declare_attackers, g, near)
    assert.is_false(ok)
    assert.matches("500%.2", err)
    assert.is_false(eager.attacking or other.attacking)
    assert.equal(1, g:declare_attackers((g:nearest_legal_attack({}))))
    assert.is_true(eager.attacking)
  end)

  it("checks again once the game changed after nearest_legal_block", function()
    local g, ann, bob, cr = setup()
    g:set_active(ann)
    local a = cr(ann, {}, 2, 2)
    g:declare_attackers({a})
    local b = cr(bob, {}, 1, 1)
    local near = g:nearest_legal_block({[b] = a})
    assert.equal(a, near[b])
    b:tap()                                   -- a tapped creature can't block (309)
    local ok = pcall(g.declare_blockers, g, near)
    assert.is_false(ok)
    assert.is_false(a.blocked)
  end)
end)

describe("keywords: definitions and redundant instances (500.1, 501.1, 502.1-502.6)", function()
  local keyword_blocks = {
    { "500.1/501.1/500.3a: an evasion ability restricts blocks; a requirement doesn't forbid anything",
      attackers = { {"flying"}, {"lure"} }, blockers = { {} },
      checks = { { {[1] = 1}, false },                   -- the restriction (evasion) forbids
                 { {[1] = 2}, true },                    -- the requirement is obeyed
                 { {}, false } } },                      -- ... and must be, b being able to
    { "502.4a/502.4c: two instances of flying are one evasion ability",
      attackers = { {"flying", "flying"} }, blockers = { {"reach"}, {} },
      checks = { { {[1] = 1}, true }, { {[2] = 1}, false } } },
    { "502.6a/502.6d: landwalk names a land type; landwalk abilities don't cancel one another",
      lands = { {"Island"} }, attackers = { {"islandwalk"} },
      blockers = { {"islandwalk"} },                     -- a blocker's own islandwalk doesn't help it
      checks = { { {[1] = 1}, false } } },
  }
  for _, row in ipairs(keyword_blocks) do
    it(row[1], function() block_row(row) end)
  end

  it("502.2a/502.2d: two instances of first strike deal damage once, in the first step", function()
    local g, ann, bob, cr = setup()
    local a = cr(ann, {"first strike", "first strike"}, 2, 4)
    g:declare_attackers({a})
    local b = cr(bob, {}, 1, 5)
    g:declare_blockers({[b] = a})
    g:combat_damage()
    assert.equal(2, b.damage)
    local from_a = 0
    for _, ev in ipairs(g:history()) do
      if ev.type == "damage" and ev.source == a then from_a = from_a + 1 end
    end
    assert.equal(1, from_a)                            -- dealt once, not once per instance
  end)

  it("502.3a/502.3b: flanking triggers per instance, -1/-1 until end of turn", function()
    flanking_row{ "", {"flanking", "flanking", "flanking"}, {}, 4, {1, 1} }
  end)


  it("502.5a/502.5c: two instances of haste are one (a sick creature attacks, once)", function()
    local g, ann = setup()
    local c = g:create(arbiter.card{name = "Hasty", types = {"Creature"}, power = 1, toughness = 1,
      abilities = {"haste", "haste"}}, {owner = ann, zone = "battlefield", sick = true})
    assert.is_true(g:check_attack({c}))
    assert.equal(1, g:declare_attackers({c}))
  end)

end)

describe("422.2: after an illegal action is reversed, the player may redo it legally", function()
  it("a refused declaration changes nothing and a legal one is then accepted", function()
    local g, ann, bob, cr = setup()
    local eager, plain = cr(ann, {"attacks each combat if able"}), cr(ann)
    cr(bob, {"no more than one creature can attack each combat"})
    local before = g:state_hash()
    assert.has_error(function() g:declare_attackers({plain}) end)
    assert.equal(before, g:state_hash())
    assert.equal(1, g:declare_attackers({eager}))
    assert.is_true(eager.attacking)
  end)
end)

-- issue 33: a creature of a player the attacker doesn't attack (a teammate's, a third player's)
-- can't block it (500.3: the defending player blocks with his or her creatures); the refusal says
-- so, not "a restriction or evasion ability" that isn't there
describe("a block by another player's creature is explained by who is attacked (500.3)", function()
  it("names the attacked player and the blocker's controller", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid" }, seed = 1 }
    local ann, bob, cid = g.players[1], g.players[2], g.players[3]
    local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
    local a = g:create(bear, { owner = ann, zone = "battlefield" })
    local c = g:create(bear, { owner = cid, zone = "battlefield" })
    g:begin_turn(ann)
    g:beginning_of_combat()
    g:declare_attackers{ [a] = bob }
    local ok, msg = g:check_block({ [c] = a })
    assert.is_false(ok)
    assert.equal("500.3: " .. tostring(c) .. " can't block " .. tostring(a) .. ": " .. tostring(a)
      .. " attacks Bob, and only Bob's creatures may block it (" .. tostring(c) .. " is controlled by Cid)", msg)
    assert.error_matches(function() g:declare_blockers({ [c] = a }) end, "only Bob's creatures may block it", nil, true)
    assert.equal(cid, c.controller)
  end)
end)
