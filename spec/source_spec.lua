-- Effects of a card on the battlefield last while it stays there: a replacement effect or a
-- triggered ability registered with a source that is on the battlefield ends when that card
-- leaves it (a static or triggered ability of a permanent), unless the script says
-- while_on_battlefield = false. An ability that already triggered still resolves (it exists on
-- the stack independently of its source), and "leaves the battlefield" triggers of the card
-- itself still see it leave.
local H = require("helpers")
local arbiter = H.arbiter

local artifact = arbiter.card{ name = "Relic", types = { "Artifact" } }

-- "If the player at index k would draw, they gain 1 life instead" (written against the game
-- argument, so a clone's copy of the effect acts on the clone's players).
local function gain_instead(g, p, src, opts)
  local k = p.index
  local spec = { event = "draw", source = src,
    applies = function(ev, game) return ev.player == game.players[k] end,
    replace = function(ev, game) ev.player.life = ev.player.life + 1 end }
  for key, v in pairs(opts or {}) do spec[key] = v end
  return g:add_replacement(spec)
end

describe("effects whose source leaves the battlefield", function()
  it("a replacement of a card on the battlefield stops applying when the card leaves", function()
    local g, ann = H.game()
    H.deck(g, ann, 3)
    local relic = g:create(artifact, { owner = ann, zone = "battlefield" })
    gain_instead(g, ann, relic)
    g:draw(ann)
    assert.are.same({ 0, 21 }, { #ann.hand, ann.life })
    g:move(relic, "graveyard")
    g:draw(ann)
    assert.are.same({ 1, 21 }, { #ann.hand, ann.life })
  end)

  it("coming back is a new object: the old effect stays ended", function()
    local g, ann = H.game()
    H.deck(g, ann, 3)
    local relic = g:create(artifact, { owner = ann, zone = "battlefield" })
    gain_instead(g, ann, relic)
    g:move(relic, "hand")
    g:move(relic, "battlefield")
    g:draw(ann)
    assert.are.same({ 1, 20 }, { #ann.hand, ann.life })
  end)

  it("while_on_battlefield = false keeps it after the source leaves", function()
    local g, ann = H.game()
    H.deck(g, ann, 3)
    local relic = g:create(artifact, { owner = ann, zone = "battlefield" })
    gain_instead(g, ann, relic, { while_on_battlefield = false })
    g:move(relic, "exile")
    g:draw(ann)
    assert.are.same({ 0, 21 }, { #ann.hand, ann.life })
  end)

  it("a source that isn't on the battlefield when registered doesn't end the effect by moving", function()
    local g, ann = H.game()
    H.deck(g, ann, 3)
    local card = g:create(artifact, { owner = ann, zone = "graveyard" })   -- works from the graveyard
    gain_instead(g, ann, card)
    g:move(card, "battlefield")
    g:move(card, "exile")
    g:draw(ann)
    assert.are.same({ 0, 21 }, { #ann.hand, ann.life })
  end)

  it("a triggered ability of a permanent stops triggering once it has left", function()
    local g, ann = H.game()
    H.deck(g, ann, 4)
    local mine = g:create(artifact, { owner = ann, zone = "battlefield" })
    local n = 0
    g:trigger{ event = "draw", controller = ann, source = mine, effect = function() n = n + 1 end }
    g:draw(ann); g:settle()
    assert.are.equal(1, n)
    g:move(mine, "graveyard")
    g:draw(ann); g:settle()
    assert.are.equal(1, n)
  end)

  it("an ability that triggered before its source left still resolves", function()
    local g, ann = H.game()
    H.deck(g, ann, 4)
    local mine = g:create(artifact, { owner = ann, zone = "battlefield" })
    local n = 0
    g:trigger{ event = "draw", controller = ann, source = mine, effect = function() n = n + 1 end }
    g:draw(ann)                      -- triggers; waits for settle
    g:move(mine, "graveyard")
    g:settle()
    assert.are.equal(1, n)
  end)

  it("its own 'leaves the battlefield' trigger sees it leave (dying to lethal damage)", function()
    local g, ann, bob = H.game()
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
    g:trigger{ event = "zone_change", controller = ann, source = bear,
      condition = function(ev) return ev.card == bear and ev.from == "battlefield" end,
      effect = function() bob.life = bob.life - 2 end }
    g:damage(nil, bear, 2)
    g:settle()                       -- state-based action: it dies; the trigger resolves
    assert.are.equal("graveyard", bear.zone)
    assert.are.equal(18, bob.life)
  end)

  it("leaving is undone with the action: a rolled-back move leaves the effect on", function()
    local g, ann = H.game()
    H.deck(g, ann, 3)
    local relic = g:create(artifact, { owner = ann, zone = "battlefield" })
    gain_instead(g, ann, relic)
    local ok = g:attempt(function(g2) g2:move(relic, "graveyard"); error("changed my mind") end)
    assert.is_false(ok)
    assert.are.equal("battlefield", relic.zone)
    g:draw(ann)
    assert.are.same({ 0, 21 }, { #ann.hand, ann.life })
  end)

  it("a clone keeps the ended state of each effect", function()
    local g, ann = H.game()
    H.deck(g, ann, 3)
    local relic = g:create(artifact, { owner = ann, zone = "battlefield" })
    gain_instead(g, ann, relic)
    local g2 = g:clone()
    g:move(relic, "graveyard")
    g:draw(ann)
    g2:draw(g2.players[1])
    assert.are.same({ 1, 20 }, { #ann.hand, ann.life })
    assert.are.same({ 0, 21 }, { #g2.players[1].hand, g2.players[1].life })
  end)
end)
