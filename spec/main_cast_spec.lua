-- The default main phase casts the spell its agent picks (turn.lua default_main; 405, 116):
-- the round that offered the card already checked what g:cast checks first (p may cast spells,
-- 418 "can't cast"; the card is in p's hand, 405.1; its cast_condition). The cast skips those
-- checks only while nothing has happened since the round made them (stack.lua
-- arbiter._cast_offered); an answer to choose that changes the game meanwhile gets g:cast's
-- own checks and errors (422: the illegal cast is undone).
local H = require("helpers")
local arbiter = H.arbiter

local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, supertypes = { "Basic" },
  subtypes = { "Mountain" } }
local spark = arbiter.card{ name = "Spark", types = { "Sorcery" }, cost = "{R}",
  resolve = function(obj, g) g:gain_life(obj.controller, 3) end }

-- ann's main phase with a Mountain and a Spark in hand (no land to play), her agent answering
-- choose("cast") with after(card) run first, then the card
local function setup(after)
  local g, ann = H.game()
  g:create(mountain, { owner = ann, zone = "battlefield", sick = false })
  local card = g:create(spark, { owner = ann, zone = "hand" })
  g:set_agent(ann, { choose = function(_, what, options)
    if what == "cast" and options[1] == card then
      if after then after(g, ann, card) end
      return card
    end
    return options[#options]
  end })
  g:begin_turn(ann)
  return g, ann, card
end

describe("the default main phase's cast (405, 116)", function()
  it("casts the card the agent picked and it resolves: the mana paid, the spell's effect done", function()
    local g, ann, card = setup()
    g:main_phase()
    assert.equal("graveyard", card.zone)
    assert.equal(23, ann.life)
    assert.is_true(g:permanents(ann, "Land")[1].tapped)
    local cast = 0
    for _, ev in ipairs(g:history()) do if ev.type == "cast" and ev.card == card then cast = cast + 1 end end
    assert.equal(1, cast)
  end)

  it("418: a \"can't cast\" effect made while the agent answers: g:cast's error, nothing cast", function()
    local g, ann, card = setup(function(game, p) game:add_static{ affects = p, prohibit = "cast" } end)
    local ok, err = pcall(g.main_phase, g)
    assert.is_false(ok)
    assert.matches("can't cast spells", tostring(err), 1, true)
    assert.equal("hand", card.zone)
    assert.equal(20, ann.life)
  end)

  it("405.1: the card moved out of the hand while the agent answers: g:cast's error", function()
    local g, ann, card = setup(function(game, _, c) game:move(c, "graveyard") end)
    local ok, err = pcall(g.main_phase, g)
    assert.is_false(ok)
    assert.matches("is not in Ann's hand", tostring(err), 1, true)
    assert.equal("hand", card.zone)   -- g:main_phase failed as a whole: the move undone too (422)
    assert.equal(20, ann.life)
  end)

  it("101.1: a cast_condition that no longer allows it when the cast is made: g:cast's error", function()
    local open = true
    local gated = arbiter.card{ name = "Gated", types = { "Sorcery" }, cost = "{R}",
      cast_condition = function() return open, "the gate is shut" end,
      resolve = function(obj, g) g:gain_life(obj.controller, 3) end }
    local g, ann = H.game()
    g:create(mountain, { owner = ann, zone = "battlefield", sick = false })
    local card = g:create(gated, { owner = ann, zone = "hand" })
    g:set_agent(ann, { choose = function(_, what, options)
      if what == "cast" then open = false; return card end   -- offered while open
      return options[#options]
    end })
    g:begin_turn(ann)
    local ok, err = pcall(g.main_phase, g)
    assert.is_false(ok)
    assert.matches("the gate is shut", tostring(err), 1, true)
    assert.equal("hand", card.zone)
    assert.equal(20, ann.life)
  end)

  -- the phase doesn't read the stack object its cast makes: its Lua value is made when first
  -- read (a player holding priority, the resolution), the same one from then on
  it("the spell's stack object, read while it waits on the stack, is the one it resolves with", function()
    local seen, resolved
    local bolt = arbiter.card{ name = "Bolt", types = { "Sorcery" }, cost = "{R}", targets = { "player" },
      resolve = function(obj, g, source) resolved = obj; g:damage(source, obj.targets[1], 3) end }
    local g, ann, bob = H.game()
    g:create(mountain, { owner = ann, zone = "battlefield", sick = false })
    local card = g:create(bolt, { owner = ann, zone = "hand" })
    g:set_agent(ann, {
      choose = function(_, what, options)
        if what == "target" then return bob end
        return options[1]
      end,
      priority_always = true,
      priority = function(_, game) seen = seen or game:stack_objects()[1] end })
    g:begin_turn(ann)
    g:main_phase()
    assert.equal(17, bob.life)
    assert.is_table(seen)
    assert.equal("spell", seen.kind)
    assert.equal(card, seen.card)
    assert.equal(ann, seen.controller)
    assert.equal(0, seen.x)
    assert.same({ bob }, seen.targets)
    assert.is_true(rawequal(seen, resolved))
  end)

  -- g:cast's first checks are read in one core call when they all pass (g:_cast_ok); when one
  -- fails they are made one by one, for the error each names
  it("405.1, 418: g:cast of a land, of a card not in the hand, and while a can't-cast effect applies", function()
    local g, ann = H.game()
    local mountain_card = g:create(mountain, { owner = ann, zone = "hand" })
    local gone = g:create(spark, { owner = ann, zone = "graveyard" })
    local card = g:create(spark, { owner = ann, zone = "hand" })
    assert.error_matches(function() g:cast(ann, mountain_card) end, "is a land: use play_land", 1, true)
    assert.error_matches(function() g:cast(ann, gone) end, "is not in Ann's hand", 1, true)
    g:add_static{ affects = ann, prohibit = "cast" }
    assert.error_matches(function() g:cast(ann, card) end, "can't cast spells", 1, true)
    assert.equal("hand", card.zone)
  end)
end)

