-- Declared P/T counts (arbiter.count_pt, g:add_static's power = {count = ..., halve = ...}): the
-- core counts the permanents in the P/T layer (418.5) instead of calling a Lua function. The Alpha
-- cards that count (Nightmare, Plague Rats, Keldon Warlord, Aspect of Wolf) are played on random
-- boards beside the same boards made with their former function forms (the same names and words,
-- Lua functions reading the game): every card's power and toughness agree after every change,
-- lands and creatures coming and going, control changing, Magical Hack's text change (418.5a layer
-- 3: the word the count reads), a land animated (a creature to Keldon Warlord), a creature becoming
-- a Wall, Plague Rats on both sides.
local K = require("spec.sets.alpha.kit")
local H = require("helpers")
local arbiter = K.arbiter
local alpha = K.alpha

-- The function forms the cards had before their counts were declared.
local function land_count(g, p, word) return g:count_permanents(p, word) end
local FN = {
  ["Nightmare"] = arbiter.card{ name = "Nightmare", types = { "Creature" }, subtypes = { "Nightmare", "Horse" },
    colors = { "black" }, cost = "{5}{B}", abilities = { "flying" }, words = { type = "Swamp" },
    power = function(c, g) return land_count(g, c.controller, c.words.type) end,
    toughness = function(c, g) return land_count(g, c.controller, c.words.type) end },
  ["Plague Rats"] = arbiter.card{ name = "Plague Rats", types = { "Creature" }, subtypes = { "Rat" },
    colors = { "black" }, cost = "{2}{B}",
    power = function(_, g)
      local n = 0
      for _, x in ipairs(g.battlefield:cards()) do if x.name == "Plague Rats" and x:is("Creature") then n = n + 1 end end
      return n
    end,
    toughness = function(_, g)
      local n = 0
      for _, x in ipairs(g.battlefield:cards()) do if x.name == "Plague Rats" and x:is("Creature") then n = n + 1 end end
      return n
    end },
  ["Keldon Warlord"] = arbiter.card{ name = "Keldon Warlord", types = { "Creature" }, subtypes = { "Human", "Barbarian" },
    colors = { "red" }, cost = "{2}{R}{R}",
    power = function(c, g)
      local n = 0
      for _, x in ipairs(g:permanents(c.controller, "Creature")) do if not x:is("Wall") then n = n + 1 end end
      return n
    end,
    toughness = function(c, g)
      local n = 0
      for _, x in ipairs(g:permanents(c.controller, "Creature")) do if not x:is("Wall") then n = n + 1 end end
      return n
    end },
  ["Aspect of Wolf"] = arbiter.card{ name = "Aspect of Wolf", types = { "Enchantment" }, subtypes = { "Aura" },
    colors = { "green" }, cost = "{1}{G}", enchant = "creature", targets = { "creature" }, words = { type = "Forest" },
    install = arbiter.installer(function(g, card)
      return g:add_static{ source = card, affects = { attached = true },
        power = function(_, game, aura) return math.floor(land_count(game, aura.controller, aura.words.type) / 2) end,
        toughness = function(_, game, aura) return math.ceil(land_count(game, aura.controller, aura.words.type) / 2) end }
    end) },
}

local LANDS = { "Swamp", "Forest", "Island", "Plains", "Mountain" }
local CREATURES = { "Grizzly Bears", "Wall of Stone", "Plague Rats", "Plague Rats", "Keldon Warlord", "Nightmare" }

-- A small generator of its own (the boards are the same in both forms whatever else uses math.random)
local function rng(seed)
  local s = seed
  return function(n)
    s = (s * 1103515245 + 12345) % 2147483648
    return s % n + 1
  end
end

local function def(name, fn_form) return fn_form and FN[name] or alpha[name] end

local function on_bf(g, list, pred)
  local out = {}
  for _, c in ipairs(list) do if c.zone == "battlefield" and (not pred or pred(c)) then out[#out + 1] = c end end
  return out
end

-- Every card made so far: zone, controller, power and toughness (the board as the players see it).
local function snapshot(g, made)
  local s = {}
  for i, c in ipairs(made) do
    s[i] = string.format("%s %s %s %s/%s", c.name, c.zone, c.controller == g.players[1] and "Ann" or "Bob",
      tostring(c.power), tostring(c.toughness))
  end
  return s
end

-- The board of `seed`, made in its declared form or its function form, step by step: the snapshot
-- after each step.
local function play(seed, fn_form, steps)
  local r = rng(seed)
  local g, ann, bob = K.game()
  local players = { ann, bob }
  local made, out = {}, {}
  local function make(name, p)
    local c = g:create(def(name, fn_form), { owner = p, zone = "battlefield" })
    made[#made + 1] = c
    return c
  end
  for _ = 1, steps do
    local a, p = r(10), players[r(2)]
    local creatures = on_bf(g, made, function(c) return c:is("Creature") end)
    if a <= 3 then
      make(LANDS[r(#LANDS)], p)
    elseif a <= 5 then
      make(CREATURES[r(#CREATURES)], p)
    elseif a == 6 and #creatures > 0 then
      local aura = g:create(def("Aspect of Wolf", fn_form), { owner = p, zone = "battlefield" })
      made[#made + 1] = aura
      g:attach(aura, creatures[r(#creatures)])
    elseif a == 7 then
      local all = on_bf(g, made)
      if #all > 0 then g:move(all[r(#all)], "graveyard") end
    elseif a == 8 then
      local all = on_bf(g, made)
      if #all > 0 then
        local c = all[r(#all)]
        g:gain_control(c, c.controller == ann and bob or ann)
      end
    elseif a == 9 then              -- Magical Hack on a card whose count reads a word of its text
      local readers = on_bf(g, made, function(c) return c.name == "Nightmare" or c.name == "Aspect of Wolf" end)
      if #readers > 0 then
        local c = readers[r(#readers)]
        local new = LANDS[r(#LANDS)]
        if new ~= c.words.type then g:add_static{ affects = c, words = { [c.words.type] = new } } end
      end
    else                            -- a land animated (Keldon Warlord counts it), or a creature made a Wall
      local lands = on_bf(g, made, function(c) return c:is("Land") end)
      if r(2) == 1 and #lands > 0 then
        g:add_static{ affects = lands[r(#lands)], types = { "Creature" }, set_power = 1, set_toughness = 1 }
      elseif #creatures > 0 then
        g:add_static{ affects = creatures[r(#creatures)], add_subtypes = { "Wall" } }
      end
    end
    out[#out + 1] = snapshot(g, made)
  end
  return out
end

describe("declared P/T counts (arbiter.count_pt, add_static power = {count = ...}; 418.5)", function()
  it("the Alpha cards' declared counts agree with their function forms on 150 random boards", function()
    local counted = 0
    for seed = 1, H.seeds(150) do
      local declared, functions = play(seed, false, 30), play(seed, true, 30)
      for step = 1, #declared do
        assert.same(functions[step], declared[step], string.format("seed %d, step %d", seed, step))
      end
      for _, line in ipairs(declared[#declared]) do
        if line:find("battlefield") and (line:find("^Nightmare") or line:find("^Plague") or line:find("^Keldon")) then
          counted = counted + 1
        end
      end
    end
    assert.is_true(counted > 100, "the boards hold counting cards: " .. counted)
  end)

  it("a counted function called from Lua gives the core's count; reads current words (Magical Hack)", function()
    local g, ann, bob = K.game()
    local n = K.bf(g, "Nightmare", ann)
    K.lands(g, ann, "BBU"); K.lands(g, bob, "BB")
    assert.same({ 2, 2, 2 }, { n.power, n.toughness, alpha["Nightmare"].power(n, g) })
    g:add_static{ affects = n, words = { Swamp = "Island" } }
    assert.same({ 1, 1, 1 }, { n.power, n.toughness, alpha["Nightmare"].power(n, g) })
  end)

  it("add_static: halves, set layer, and the declaration's errors", function()
    local g, ann = K.game()
    local bear = K.bf(g, "Grizzly Bears", ann)
    K.lands(g, ann, "GGG")
    local forests = { is = "Forest", controller = "you" }
    g:add_static{ source = bear, affects = bear, set_power = { count = forests }, toughness = { count = forests, halve = "up" } }
    assert.same({ 3, 4 }, { bear.power, bear.toughness })      -- set to 3; 2 + 2
    assert.error_matches(function() g:add_static{ affects = bear, power = { count = forests } } end, "give source")
    assert.error_matches(function()
      g:add_static{ source = bear, affects = bear, power = { count = forests }, toughness = { count = { is = "Swamp" } } }
    end, "the same permanents")
    assert.error_matches(function() g:add_static{ source = bear, affects = bear, power = { count = { colour = 1 } } } end,
      "count's keys")
    assert.error_matches(function() arbiter.count_pt{ count = { is_word = "type" }, halve = 2 } end, "halve")
  end)
end)
