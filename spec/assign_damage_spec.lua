-- "Would assign combat damage" as a replaceable event (502.2: combat damage is assigned, then
-- dealt): a game that declares "assign combat damage" gets one such event per creature about to
-- assign combat damage in a step, before the assignment, so a replacement ("instead it's turned
-- face up and assigns", Illusionary Mask) changes the creature that assigns. Tapping is a
-- replaceable "tap" event likewise (attacking taps through it).
local H = require("helpers")
local alpha = require("arbiter.sets.alpha")
local ASSIGN = "assign combat damage"

local function game()
  local g, ann, bob = H.game()
  H.deck(g, ann, 5); H.deck(g, bob, 5)
  g:set_agent(ann, { main = function() end }); g:set_agent(bob, { main = function() end })
  return g, ann, bob
end
local function bf(g, name, p) return g:create(alpha[name], { owner = p, zone = "battlefield", sick = false }) end

-- a face-down creature turned face up instead of `event` happening to it first
local function unmask_on(g, event, c)
  g:declare_event(ASSIGN)
  return g:add_replacement{ event = event, source = c,
    applies = function(ev, _, source) return ev.card == source and source.face_down end,
    replace = function(ev, gm, source) gm:turn_face_up(source); return ev end }
end

local function to_combat(g, ann)
  g:begin_turn(ann); g:main_phase(); g:beginning_of_combat()
end

describe("assigning combat damage as an event (502.2)", function()
  it("replaced: a face-down Craw Wurm turned face up assigns its own 6, not 2", function()
    local g, ann, bob = game()
    local wurm = bf(g, "Craw Wurm", ann)
    g:turn_face_down(wurm)
    unmask_on(g, ASSIGN, wurm)
    to_combat(g, ann)
    g:attack_step({ wurm }); g:block_step({})
    assert.is_true(wurm.face_down)                   -- still face down until damage is assigned
    g:damage_step()
    assert.same({ false, 14 }, { wurm.face_down, bob.life })
    local seen
    for _, e in ipairs(g:history()) do if e.type == ASSIGN then seen = e end end
    assert.same({ wurm, ann, 2 }, { seen.card, seen.player, seen.amount })  -- it would assign 2
  end)

  it("blocked: the blocker assigns too; each creature's event comes before any damage", function()
    local g, ann, bob = game()
    local wurm, bears = bf(g, "Craw Wurm", ann), bf(g, "Grizzly Bears", bob)
    g:turn_face_down(wurm)
    unmask_on(g, ASSIGN, wurm)
    to_combat(g, ann)
    g:attack_step({ wurm }); g:block_step({ [bears] = wurm })
    g:damage_step()
    assert.same({ "graveyard", false, 2 }, { bears.zone, wurm.face_down, wurm.damage })
    local types = {}
    for _, e in ipairs(g:history()) do
      if e.type == ASSIGN or e.type == "damage" then types[#types + 1] = e.type end
    end
    assert.same({ ASSIGN, ASSIGN, "damage", "damage" }, types)
  end)

  it("replaced away: that creature assigns no combat damage this step; the others do", function()
    local g, ann, bob = game()
    local wurm, bears = bf(g, "Craw Wurm", ann), bf(g, "Grizzly Bears", bob)
    g:declare_event(ASSIGN)
    g:add_replacement{ event = ASSIGN, applies = function(ev) return ev.card.name == "Grizzly Bears" end,
      replace = function() return nil end }
    to_combat(g, ann)
    g:attack_step({ wurm }); g:block_step({ [bears] = wurm })
    g:damage_step()
    assert.same({ "graveyard", 0, 20 }, { bears.zone, wurm.damage, bob.life })
  end)

  it("no event for a blocked attacker whose blocker left combat, nor in a game that never declared it", function()
    local g, ann, bob = game()
    local wurm, bears = bf(g, "Craw Wurm", ann), bf(g, "Grizzly Bears", bob)
    g:declare_event(ASSIGN)
    to_combat(g, ann)
    g:attack_step({ wurm }); g:block_step({ [bears] = wurm })
    g:destroy(bears)
    g:damage_step()
    for _, e in ipairs(g:history()) do assert.are_not.equal(ASSIGN, e.type) end
    local g2, ann2 = game()
    local w2 = bf(g2, "Craw Wurm", ann2)
    to_combat(g2, ann2)
    g2:attack_step({ w2 }); g2:block_step({}); g2:damage_step()
    for _, e in ipairs(g2:history()) do assert.are_not.equal(ASSIGN, e.type) end
  end)

  it("tapping is replaceable: attacking taps a face-down creature, turned face up instead first", function()
    local g, ann, bob = game()
    local wurm = bf(g, "Craw Wurm", ann)
    g:turn_face_down(wurm)
    unmask_on(g, "tap", wurm)
    to_combat(g, ann)
    g:attack_step({ wurm })
    assert.same({ false, true, 6 }, { wurm.face_down, wurm.tapped, wurm.power })
    g:block_step({}); g:damage_step()
    assert.equal(14, bob.life)
  end)
end)
