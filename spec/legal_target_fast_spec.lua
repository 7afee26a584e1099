-- Whether a card is a legal target (413): legal() (targets.lua, internal._legal_target) makes a
-- card's tests but the filter in one C call (internal._game._permanent_target, ltargets.c), as
-- a spell is cast with given targets and again as it resolves. Its answers must be those of the
-- tests through the card's proxy it replaced: on the battlefield (x.zone), not the spell's own
-- card, of the kind's card type now (x:is, current types) and targetable by the source
-- (g:_targetable: "can't be targeted", 418; protection, 502.7b) — compared here for every kind,
-- source and card as protection, prohibitions, type effects and zones change, and for a card of
-- another game (a clone's: its proxy is asked).
local H = require("spec.helpers")
local I = require("arbiter.internal")
local GI = I._game

local T = require("spec.target_cards")
local wall, land, rock, aura, knight, source = T.wall, T.land, T.rock, T.aura, T.knight, T.source

local KINDS = { "creature", "permanent", "land", "artifact", "enchantment", "creature or player",
  "spell or permanent", "player", "card", { what = "creature", zone = "battlefield" } }
local TYPE = { creature = "Creature", land = "Land", artifact = "Artifact", enchantment = "Enchantment" }

-- the tests legal() made through the card's proxy (the reference)
local function by_proxy(g, spec, x, src, self_obj)
  local what = type(spec) == "table" and spec.what or spec
  if x.zone ~= "battlefield" or (self_obj and self_obj.kind == "spell" and self_obj.card == x) then return false end
  local t = TYPE[what == "creature or player" and "creature" or what]
  return (what == "permanent" or what == "spell or permanent" or (t ~= nil and x:is(t)))
    and GI._targetable(g, x, src)
end

-- every card of every zone, every kind, every source (and none): the same answer
local function compare(g, sources, self_obj)
  local cards, n = {}, 0
  for _, z in ipairs({ g.battlefield, g.players[1].hand, g.players[1].graveyard, g.players[2].graveyard }) do
    for _, c in ipairs(z:cards()) do cards[#cards + 1] = c end
  end
  for _, spec in ipairs(KINDS) do
    for _, src in ipairs(sources) do
      for _, c in ipairs(cards) do
        local want = by_proxy(g, spec, c, src, self_obj)
        assert.equal(want, I._legal_target(g, spec, c, src, self_obj),
          string.format("%s, kind %s, source %s", c.name, tostring(type(spec) == "table" and spec.what or spec),
            src and src.name or "none"))
        n = n + (want and 1 or 0)
      end
    end
  end
  return n
end

describe("a card's target tests in one call (413) give the answers of its proxy's", function()
  it("over every kind, source and card, as protection, prohibitions, types and zones change", function()
    local g, ann, bob = H.game()
    local red, black, art = T.sources(g, ann)
    local sources = { red, black, art }
    local k = g:create(knight, { owner = bob, zone = "battlefield" })
    local w = g:create(wall, { owner = bob, zone = "battlefield" })
    local l = g:create(land, { owner = bob, zone = "battlefield" })
    g:create(rock, { owner = ann, zone = "battlefield" })
    local h = g:create(aura, { owner = bob, zone = "battlefield" })
    g:create(wall, { owner = ann, zone = "graveyard" })
    assert.is_true(compare(g, sources) > 0)
    -- 502.7b: the Knight can't be the target of the red spell nor the artifact's ability
    assert.is_false(I._legal_target(g, "creature", k, red, nil))
    assert.is_false(I._legal_target(g, "creature", k, art, nil))
    assert.is_true(I._legal_target(g, "creature", k, black, nil))
    -- 418: "can't be targeted" on the Wall and the Halo
    local e = g:add_static{ affects = function(x) return x == w or x == h end, prohibit = "be targeted" }
    compare(g, sources)
    assert.is_false(I._legal_target(g, "creature", w, black, nil))
    -- an animated land is a creature (its current types, as c:is reads them)
    local anim = g:add_static{ affects = function(x) return x == l end, types = { "Creature" },
      set_power = 1, set_toughness = 1 }
    compare(g, sources)
    assert.is_true(I._legal_target(g, "creature", l, red, nil))
    g:remove_static(anim)
    assert.is_false(I._legal_target(g, "creature", l, red, nil))
    g:remove_static(e)
    compare(g, sources)
    -- a spell can't target itself: its own card is left out; an ability's is not
    compare(g, sources, { kind = "spell", card = w })
    assert.is_false(I._legal_target(g, "artifact", w, black, { kind = "spell", card = w }))
    assert.is_true(I._legal_target(g, "artifact", w, black, { kind = "ability", card = w }))
    compare(g, sources, { kind = "ability", card = w })
    -- a card that left the battlefield is no target for a permanent kind
    g:move(w, "graveyard")
    assert.is_false(I._legal_target(g, "creature", w, black, nil))
    compare(g, sources)
    compare(g, { black })   -- (with no source too)
    assert.is_true(I._legal_target(g, "permanent", h, nil, nil))
  end)

  it("a card of another game (a clone's) is asked through its proxy: the same answers", function()
    local g, ann, bob = H.game()
    local black = g:create(source("Terror", { "black" }), { owner = ann, zone = "hand" })
    local k = g:create(knight, { owner = bob, zone = "battlefield" })
    local c = g:clone()
    local ck = c:card(k.id)
    assert.are_not.equal(k, ck)
    for _, spec in ipairs(KINDS) do
      local ok1, a = pcall(I._legal_target, g, spec, ck, black, nil)
      local ok2, b = pcall(by_proxy, g, spec, ck, black, nil)
      assert.equal(ok2, ok1)
      if ok1 then assert.equal(b, a) end
    end
    c:move(ck, "graveyard")                -- off the clone's battlefield: false, no question
    for _, spec in ipairs(KINDS) do assert.is_false(I._legal_target(g, spec, ck, black, nil)) end
  end)
end)
