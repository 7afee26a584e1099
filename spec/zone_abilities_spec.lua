-- Abilities that work from a graveyard or hand (issue 25 item 4; contract Version 3: "an
-- activated or triggered entry's zone = "graveyard" (or "hand"): it works from that zone"):
-- g:trigger{zone = ...}, a definition's `triggered` entries (registered as each card is made) and
-- an activated entry's `zone` (its owner activates it there; 406, 410).
local H = require("helpers")
local arbiter = H.arbiter

-- "At the beginning of your upkeep, if this card is in your <zone>, you gain 1 life."
local function reviver(zone)
  return arbiter.card{ name = "Reviver", types = { "Creature" }, power = 1, toughness = 1,
    triggered = { { event = "step", zone = zone, name = "Reviver",
      condition = function(ev, _, card) return ev.step == "upkeep" and ev.player == card.owner end,
      resolve = function(obj, game) game:gain_life(obj.controller, 1) end } } }
end

-- "{1}: Return this card from your graveyard to your hand."
local phoenix = arbiter.card{ name = "Ashes", types = { "Creature" }, power = 1, toughness = 1,
  activated = { { cost = "{1}", zone = "graveyard",
    effect = function(obj, game, card) if not obj.source_moved then game:move(card, "hand") end end } } }

local function upkeep(g, p)
  g:begin_turn(p); g:untap_step(); g:upkeep_step()
end

local function game()
  local g, ann, bob = H.game()
  g:set_agent(ann, { main = function() end }); g:set_agent(bob, { main = function() end })
  return g, ann, bob
end

describe("triggered abilities that work from a graveyard or hand (410; zone)", function()
  it("a definition's triggered entry works while the card is in that zone, for its owner, from however it got there", function()
    local g, ann, bob = game()
    local r = g:create(reviver("graveyard"), { owner = ann })   -- made in the library: not there yet
    upkeep(g, ann)
    assert.are.equal(20, ann.life)
    g:move(r, "graveyard")
    upkeep(g, ann)
    assert.are.equal(21, ann.life)
    upkeep(g, bob)                                  -- Bob's upkeep: "your" is the owner's
    assert.are.same({ 21, 20 }, { ann.life, bob.life })
    g:move(r, "battlefield")                        -- a permanent now: not from the graveyard
    upkeep(g, ann)
    assert.are.equal(21, ann.life)
    g:move(r, "graveyard")                          -- back: it works again (it never ended)
    upkeep(g, ann)
    assert.are.equal(22, ann.life)
  end)

  it("zone = \"hand\": from its owner's hand only; create_deck registers it too; a clone has it", function()
    local g, ann = game()
    local deck = g:create_deck(ann, { reviver("hand"), H.plain })
    upkeep(g, ann)
    assert.are.equal(20, ann.life)
    g:move(deck[1], "hand")
    local c = g:clone()
    upkeep(g, ann)
    assert.are.equal(21, ann.life)
    upkeep(c, c.players[1])
    assert.are.same({ 21, 21 }, { c.players[1].life, ann.life })
  end)

  it("its condition is asked only while its source is in that zone (the core checks the zone first)", function()
    local g, ann = game()
    local asked = {}
    local c = g:create(H.bear, { owner = ann })                   -- in the library
    g:trigger{ event = "step", controller = ann, source = c, zone = "graveyard", step = "upkeep",
      condition = function(_, _, card) asked[#asked + 1] = card.zone; return true end,
      resolve = function(obj, g2) g2:gain_life(obj.controller, 1) end }
    upkeep(g, ann)                                                 -- library: not asked, no trigger
    g:move(c, "hand")
    upkeep(g, ann)                                                 -- hand: not asked either
    assert.are.same({}, asked)
    assert.are.equal(20, ann.life)
    g:move(c, "graveyard")
    upkeep(g, ann)                                                 -- graveyard: asked, it triggers
    assert.are.same({ "graveyard" }, asked)
    assert.are.equal(21, ann.life)
    g:move(c, "battlefield")                                       -- a permanent: not asked (404.1)
    upkeep(g, ann)
    assert.are.same({ { "graveyard" }, 21 }, { asked, ann.life })
  end)

  it("g:trigger{zone = ...} needs a source and a zone it knows; definitions are checked", function()
    local g, ann = game()
    local c = g:create(H.bear, { owner = ann, zone = "graveyard" })
    local fx = function() end
    assert.error_matches(function() g:trigger{ event = "step", controller = ann, zone = "graveyard", effect = fx } end,
      "a trigger with zone needs its source", 1, true)
    assert.error_matches(function()
      g:trigger{ event = "step", controller = ann, source = c, zone = "library", effect = fx }
    end, "zone must be \"graveyard\" or \"hand\"", 1, true)
    assert.error_matches(function()
      arbiter.card{ name = "Bad", types = { "Creature" }, power = 1, toughness = 1,
        triggered = { { event = "step", zone = "battlefield", effect = fx } } }
    end, "Bad: triggered[1]: zone must be", 1, true)
    assert.error_matches(function()
      arbiter.card{ name = "Bad", types = { "Creature" }, power = 1, toughness = 1,
        triggered = { { event = "step", zone = "hand" } } }
    end, "give resolve or effect", 1, true)
  end)
end)

describe("activated abilities that work from a graveyard or hand (406; zone)", function()
  it("its owner activates it from the graveyard, on the stack; not from play, nor another player", function()
    local g, ann, bob = game()
    local c = g:create(phoenix, { owner = ann, zone = "battlefield" })
    g:begin_turn(ann); g:main_phase()
    g:add_mana(ann, "{1}")
    assert.error_matches(function() g:activate(ann, c, 1) end, "works from its owner's graveyard", 1, true)
    g:move(c, "graveyard")
    assert.error_matches(function() g:activate(bob, c, 1) end, "works from its owner's graveyard", 1, true)
    local obj = g:activate(ann, c, 1)
    assert.are.same({ "ability", c, 0 }, { obj.kind, obj.card, ann.mana.colorless })
    g:settle()
    assert.are.equal("hand", c.zone)
  end)

  it("its owner is asked for priority while it is in her graveyard, with nothing else to do", function()
    local g, ann = game()
    local asked = 0
    g:set_agent(ann, { main = function() end, priority = function() asked = asked + 1 end })
    local c = g:create(phoenix, { owner = ann, zone = "hand" })
    g:begin_turn(ann); g:upkeep_step()
    local before = asked
    g:move(c, "graveyard")
    g:settle()
    assert.is_true(asked > before)
    g:move(c, "exile")
    before = asked
    g:settle()
    assert.are.equal(before, asked)
  end)

  it("bad entries name the card and the field", function()
    local fx = function() end
    for _, case in ipairs({
      { { cost = "{1}", zone = "library", effect = fx }, "zone must be \"graveyard\" or \"hand\"" },
      { { cost = "{T}", zone = "graveyard", effect = fx }, "{T} in the cost of an ability that works from a graveyard" },
      { { cost = "{0}", zone = "hand", mana = "{G}" }, "a mana ability works from the battlefield" },
    }) do
      assert.error_matches(function()
        arbiter.card{ name = "Bad", types = { "Creature" }, power = 1, toughness = 1, activated = { case[1] } }
      end, case[2], 1, true)
    end
  end)
end)
