-- A static ability's affected set declared as a filter (g:add_static{affects = {...}}) instead of
-- a Lua predicate: the core judges it without calling Lua (csrc/static.c filter_judge), reading
-- the same characteristics the predicate it stands for reads (418: a continuous effect from a
-- static ability applies to the objects it names; 418.5: the set read as the layers leave the
-- cards; 418.5a layer 3: a word of the source's text as the text reads now). Every filter must
-- name the same permanents as its predicate, on every change the predicate would see.
local H = require("helpers")
local arbiter = H.arbiter

local function creature(name, colors, subtypes)
  return arbiter.card{ name = name, types = { "Creature" }, colors = colors, subtypes = subtypes, power = 1,
    toughness = 1 }
end
local white = creature("White Knight", { "white" }, { "Knight" })
local black = creature("Black Goblin", { "black" }, { "Goblin" })
local goblin = creature("Red Goblin", { "red" }, { "Goblin" })
local swamp = arbiter.card{ name = "Swamp", types = { "Land" }, subtypes = { "Swamp" }, supertypes = { "Basic" } }
local plains = arbiter.card{ name = "Plains", types = { "Land" }, subtypes = { "Plains" }, supertypes = { "Basic" } }
local source = arbiter.card{ name = "Banner", types = { "Creature" }, colors = { "white" }, subtypes = { "Goblin" },
  power = 0, toughness = 1, words = { color = "white", type = "Swamp" } }
local aura = arbiter.card{ name = "Aura", types = { "Enchantment" }, subtypes = { "Aura" }, enchant = "creature",
  targets = { "creature" } }

-- each filter and the Lua predicate it stands for (the Alpha cards' own, before they were declared)
local CASES = {
  { "Castle", { is = "Creature", tapped = false, controller = "you" },
    function(c, _, s) return c:is("Creature") and not c.tapped and c.controller == s.controller end },
  { "Goblin King", { other = true, is = { "Creature", "Goblin" } },
    function(c, _, s) return c ~= s and c:is("Creature") and c:is("Goblin") end },
  { "Crusade", { is = "Creature", is_word = "color" },
    function(c, _, s) return c:is("Creature") and c:is(s.words.color) end },
  { "Kormus Bell", { is_word = "type" }, function(c, _, s) return c:is(s.words.type) end },
  { "an Aura", { attached = true }, function(c, _, s) return c == s.attached_to end },
  { "Sedge Troll", { self = true, where = function(_, g, s) return g:count_permanents(s.controller, "Land") >= 1 end },
    function(c, g, s) return c == s and g:count_permanents(s.controller, "Land") >= 1 end },
  { "Animate Artifact", { attached = true, where = function(c) return c:is("Knight") end },
    function(c, _, s) return c == s.attached_to and c:is("Knight") end },
  -- (a self filter without where: the core's row judges the source alone, static.c)
  { "itself", { self = true, is = "Creature" }, function(c, _, s) return c == s and c:is("Creature") end },
}

local function bf(g, p, def) return g:create(def, { owner = p, zone = "battlefield", sick = false }) end

-- every permanent: does the filter's effect (flying) reach it exactly when the predicate's
-- (trample) does? Returns how many it reached.
local function same_sets(g)
  local n = 0
  for _, p in ipairs(g.players) do
    for _, c in ipairs(g:permanents(p)) do
      assert.are.equal(c:has("trample"), c:has("flying"), c.name)
      if c:has("flying") then n = n + 1 end
    end
  end
  return n
end

describe("add_static{affects = filter}: the predicate declared, judged by the core (418, 418.5)", function()
  for _, case in ipairs(CASES) do
    it(case[1] .. ": the same permanents as its Lua predicate, through taps, control and text changes", function()
      local g, ann, bob = H.game()
      local src = bf(g, ann, source)
      local a = bf(g, ann, aura)
      local mine = { bf(g, ann, white), bf(g, ann, black), bf(g, ann, goblin), bf(g, ann, swamp) }
      local theirs = { bf(g, bob, white), bf(g, bob, goblin), bf(g, bob, swamp), bf(g, bob, plains) }
      local carrier = case[2].attached and a or src
      g:attach(a, mine[1])
      g:add_static{ source = carrier, abilities = "flying", affects = case[2] }
      g:add_static{ source = carrier, abilities = "trample", affects = case[3] }
      local counts = { same_sets(g) }
      mine[1]:tap()
      counts[#counts + 1] = same_sets(g)
      g:gain_control(mine[2], bob)
      counts[#counts + 1] = same_sets(g)
      g:attach(a, theirs[1])
      counts[#counts + 1] = same_sets(g)
      -- 418.5a layer 3: the source's text changed (Sleight of Mind, Magical Hack): white reads black
      local e = g:add_static{ affects = src, words = { white = "black", Swamp = "Plains" } }
      counts[#counts + 1] = same_sets(g)
      g:remove_static(e)
      counts[#counts + 1] = same_sets(g)
      local expect = {
        Castle = { 4, 3, 2, 2, 2, 2 },             -- Ann's untapped creatures (the Banner too)
        ["Goblin King"] = { 3, 3, 3, 3, 3, 3 },    -- the other Goblins, Bob's and stolen ones too
        Crusade = { 3, 3, 3, 3, 1, 3 },            -- white creatures; the black one while the text reads black
        ["Kormus Bell"] = { 2, 2, 2, 2, 1, 2 },    -- Swamps; Plains while the text reads Plains
        ["an Aura"] = { 1, 1, 1, 1, 1, 1 },        -- the enchanted creature
        ["Sedge Troll"] = { 1, 1, 1, 1, 1, 1 },    -- the Banner itself while Ann has a land
        ["Animate Artifact"] = { 1, 1, 1, 1, 1, 1 },   -- the enchanted one, if a Knight
        itself = { 1, 1, 1, 1, 1, 1 },             -- the Banner
      }
      assert.are.same(expect[case[1]], counts)
    end)
  end

  -- journal.c: with only a filter reading tapped states, a tap counts for the cards the filter
  -- judged with its other tests passed (arb_card.tapread), not for every card (a land paying mana)
  it("tapped = false alone: a tap of a card the rest of the filter rejects recomputes nothing; every "
    .. "permanent reads what a game whose Lua predicate read tapped states (every tap counted) reads", function()
    local function run(host)
      local g, ann, bob = H.game()
      local src = bf(g, ann, source)
      local w, gob, sw = bf(g, ann, white), bf(g, ann, goblin), bf(g, ann, swamp)
      local bw, bsw = bf(g, bob, white), bf(g, bob, swamp)
      local computed = 0            -- a P/T function: computed once per computation
      g:add_static{ affects = { src }, power = function() computed = computed + 1; return 0 end }
      g:add_static{ source = src, toughness = 2, affects = { is = "Creature", tapped = false, controller = "you" } }
      if host then g:add_static{ affects = function(c) return c.tapped and false end, power = 9 } end
      local seen, n = {}, {}
      local function snap()
        for _, c in ipairs({ src, w, gob, sw, bw, bsw }) do
          seen[#seen + 1] = table.concat({ c.name, c.controller.name, c.power or "-", c.toughness or "-" }, "/")
        end
        n[#n + 1] = computed
      end
      snap()
      sw:tap(); snap()              -- a land: the filter's "is Creature" rejects it
      bsw:tap(); bw:tap(); snap()   -- Bob's: "controller = you" rejects them
      w:tap(); snap()               -- Ann's creature: no longer affected
      w:untap(); snap()
      g:gain_control(bw, ann); snap()
      bw:untap(); snap()            -- Ann's now: affected once untapped
      gob:tap(); sw:untap(); snap()
      return seen, n
    end
    local plain, n = run(false)
    assert.are.same(run(true), plain)
    assert.are.same({ n[1], n[1] }, { n[2], n[3] })                -- nothing computed again
    assert.is_true(n[4] > n[3] and n[5] > n[4] and n[7] > n[6] and n[8] > n[7])
    assert.are.equal("White Knight/Ann/1/1", plain[6 * 3 + 2])    -- tapped: 1/1
    assert.are.equal("White Knight/Ann/1/3", plain[6 * 4 + 2])    -- untapped again
    assert.are.equal("White Knight/Ann/1/3", plain[6 * 6 + 5])    -- Bob's, taken and untapped
    assert.are.equal("Red Goblin/Ann/1/1", plain[6 * 7 + 3])
  end)

  it("where: the Lua predicate asked only of the permanents the rest of the filter accepts (418.5)", function()
    local g, ann, bob = H.game()
    local src = bf(g, ann, source)
    local a = bf(g, ann, aura)
    local gob = bf(g, bob, goblin)
    bf(g, ann, white); bf(g, ann, swamp); bf(g, bob, plains)
    g:attach(a, gob)
    local asked = {}
    g:add_static{ source = src, power = 1, affects = { self = true, where = function(c) asked[#asked + 1] = c; return true end } }
    g:add_static{ source = a, toughness = 1, affects = { attached = true,
      where = function(c) asked[#asked + 1] = c; return c:is("Goblin") end } }
    assert.are.same({ 1, 2 }, { src.power, gob.toughness })
    assert.is_true(#asked >= 2)
    for _, c in ipairs(asked) do assert.is_true(c == src or c == gob, c.name) end   -- only what each filter accepts
  end)

  -- the core finds a land word's subtype once and remembers it (csrc/text.c arb_word_str); a name
  -- no card has yet is looked up again once names were added: the effect reaches the first one
  it("a land word no permanent has yet: the first such land made later is affected (418.5a)", function()
    local g, ann, bob = H.game()
    local bell = arbiter.card{ name = "Bell", types = { "Artifact" }, words = { type = "Forest" } }
    local src = bf(g, ann, bell)
    local sw = bf(g, ann, swamp)
    g:add_static{ source = src, power = 1, toughness = 1, affects = { is_word = "type" } }
    assert.are.same({ 0, 0 }, { sw.power or 0, sw.toughness or 0 })   -- no Forest yet
    local forest_def = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" } }
    local forest = bf(g, bob, forest_def)
    assert.are.same({ 1, 1 }, { forest.power, forest.toughness })
    local e = g:add_static{ affects = src, words = { Forest = "Swamp" } }   -- Magical Hack: now Swamps
    assert.are.same({ 0, 0 }, { forest.power or 0, forest.toughness or 0 })
    g:remove_static(e)
    assert.are.same({ 1, 1 }, { forest.power, forest.toughness })
  end)

  it("a filter read outside a recomputation (can't be targeted): asked as the characteristics are now", function()
    local g, ann, bob = H.game()
    local src = bf(g, ann, source)
    local w, theirs = bf(g, ann, white), bf(g, bob, white)
    g:add_static{ source = src, prohibit = "be targeted", affects = { is = "Creature", controller = "you" } }
    local shock = arbiter.card{ name = "Shock", types = { "Instant" }, targets = { "creature" },
      resolve = function(obj, gm, s) gm:damage(s, obj.targets[1], 2) end }
    local s1 = g:create(shock, { owner = bob, zone = "hand" })
    assert.has_error(function() g:cast(bob, s1, { targets = { w } }) end)
    g:gain_control(w, bob)   -- now Bob's: the effect no longer names it
    g:cast(bob, s1, { targets = { w } })
    assert.are.equal("stack", s1.zone)
    local s2 = g:create(shock, { owner = ann, zone = "hand" })
    assert.has_error(function() g:cast(ann, s2, { targets = { src } }) end)
    g:cast(ann, s2, { targets = { theirs } })
  end)

  it("bad filters: an error naming add_static and affects; the game unchanged", function()
    local g, ann = H.game()
    local src = bf(g, ann, source)
    local plain_src = bf(g, ann, white)
    local before = g:state_hash()
    local bad = {
      { { source = src, power = 1, affects = { is = "Creature", colour = "red" } }, "a filter's keys" },
      { { source = src, power = 1, affects = { attached = true, is = "Creature" } }, "alone" },
      { { source = src, power = 1, affects = { attached = false } }, "attached: true" },
      { { source = src, power = 1, affects = { controller = "opponent" } }, "controller" },
      { { source = src, power = 1, affects = { tapped = true } }, "tapped: false" },
      { { source = src, power = 1, affects = { is = 3 } }, "affects.is" },
      { { source = src, power = 1, affects = { is = { "Goblin", "Knight" } } }, "at most one subtype" },
      { { source = src, power = 1, affects = { is_word = "land" } }, "is_word" },
      { { source = plain_src, power = 1, affects = { is_word = "color" } }, "is_word" },
      { { power = 1, affects = { is = "Creature" } }, "give source" },
      { { source = src, spell_cost = "{1}", affects = { is = "Creature" } }, "filter" },
      { { source = src, power = 1, affects = { self = true, where = true } }, "where: a function" },
      { { source = src, power = 1, affects = { self = 1 } }, "self: true" },
    }
    for _, b in ipairs(bad) do
      local ok, err = pcall(g.add_static, g, b[1])
      assert.is_false(ok)
      assert.matches("add_static", tostring(err))
      assert.matches(b[2], tostring(err), 1, true)
      assert.are.equal(before, g:state_hash())
    end
  end)
end)
