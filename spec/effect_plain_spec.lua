-- g:trigger and g:add_replacement tell the binding which of the filters the core reads from their
-- record it has (step, zone, from, to, card, turn, targets: g:_effect's `has` bits; it reads only
-- those, a registration at each entry of a permanent). Each filter given alone still filters: a
-- registration whose bits left one out would be asked for every event.
local H = require("helpers")
local arbiter = H.arbiter

local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
local rod = arbiter.card{ name = "Rod", types = { "Artifact" } }

-- the conditions each trigger's filter lets through, over the same events: a zone change of the
-- source to the graveyard, another card's to the hand, both players' upkeeps
local function asked(filter)
  local g, ann, bob = H.game()
  local src = g:create(rod, { owner = ann, zone = "battlefield" })
  local other = g:create(bear, { owner = ann, zone = "battlefield" })
  local got = {}
  local spec = { event = filter.event or "zone_change", controller = ann, source = src, effect = function() end,
    while_on_battlefield = false,
    condition = function(ev) got[#got + 1] = ev.type .. " " .. tostring(ev.to or ev.step); return false end }
  for k, v in pairs(filter) do spec[k] = v end
  g:trigger(spec)
  g:move(other, "hand")
  g:move(src, "graveyard")
  for _, p in ipairs({ ann, bob }) do g:begin_turn(p); g:upkeep_step() end
  return got
end

describe("a trigger's and a replacement's filters read as their record's has bits say (g:_effect; 410, 419.6)", function()
  it("no filter: asked for every event of its type", function()
    assert.are.same({ "zone_change hand", "zone_change graveyard" }, asked({}))
  end)

  it("each filter alone is read: from, to, card, zone, step, turn", function()
    assert.are.same({ "zone_change graveyard" }, asked({ to = "graveyard" }))
    assert.are.same({ "zone_change graveyard" }, asked({ card = { self = true } }))
    assert.are.same({ "zone_change hand" }, asked({ card = { is = "Creature" } }))
    assert.are.same({}, asked({ from = "hand" }))
    assert.are.same({ "step upkeep", "step upkeep" }, asked({ event = "step", step = "upkeep" }))
    -- from a graveyard only: the source's move there is the first event it sees (404.1 today)
    assert.are.same({ "step upkeep", "step upkeep" }, asked({ event = "step", zone = "graveyard" }))
    assert.are.same({ "step upkeep" }, asked({ event = "step", turn = "controller" }))   -- Ann's, not Bob's
  end)

  it("a replacement's card filter is read; without it, asked for every event", function()
    local g, ann = H.game()
    local src = g:create(rod, { owner = ann, zone = "battlefield" })
    local other = g:create(bear, { owner = ann, zone = "battlefield" })
    local self_only, all = 0, 0
    g:add_replacement{ event = "tap", source = src, card = { self = true }, replace = function() end,
      applies = function() self_only = self_only + 1; return false end }
    g:add_replacement{ event = "tap", source = src, replace = function() end,
      applies = function() all = all + 1; return false end }
    other:tap(); src:tap()
    assert.are.same({ 1, 2 }, { self_only, all })
  end)
end)
