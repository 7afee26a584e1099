-- Alpha cards V: each card's main effect and the interaction its text leans on.
local K = require("spec.sets.alpha.kit")

describe("Alpha: Verduran Enchantress (a trigger on casting 410; an optional draw 423.3)", function()
  it("its controller's enchantment spell: may draw, the draw resolving before the spell", function()
    local g, ann, bob = K.game()
    K.bf(g, "Verduran Enchantress", ann)
    K.lands(g, ann, "GG")
    K.lands(g, bob, "B")
    local bear = K.bf(g, "Grizzly Bears", ann)
    local web, scryb = K.hand(g, "Web", ann), K.hand(g, "Scryb Sprites", ann)
    local weakness = K.hand(g, "Weakness", bob)
    local n = #ann.hand
    g:cast(bob, weakness, { targets = { bear } })     -- set-up, outside a turn: not Ann's spell
    g:settle()
    assert.equal(n, #ann.hand)
    K.main_phase(g)                                    -- Ann draws for the turn
    n = #ann.hand
    local drawn
    g:on("draw", function(ev) drawn = drawn or { ev.card, web.zone } end)
    g:cast(ann, web, { targets = { bear } })
    g:settle()
    assert.equal(n - 1 + 1, #ann.hand)                 -- Web left the hand, a card came in
    assert.equal("stack", drawn[2])                    -- drawn while Web waited on the stack
    g:cast(ann, scryb)                                -- not an enchantment
    g:settle()
    assert.equal(n - 1, #ann.hand)
  end)

  it("\"you may\": a player who declines draws nothing", function()
    local g, ann = K.game()
    K.bf(g, "Verduran Enchantress", ann)
    K.lands(g, ann, "G")
    local bear = K.bf(g, "Grizzly Bears", ann)
    local web = K.hand(g, "Web", ann)
    K.main_phase(g, { ann = K.agent{ may = function() return false end } })
    local n = #ann.hand
    g:cast(ann, web, { targets = { bear } })
    g:settle()
    assert.equal(n - 1, #ann.hand)
  end)
end)

describe("Alpha: Verduran Enchantress under another controller (\"you\": its controller now)", function()
  it("once Bob controls it, Bob's enchantment spells draw Bob a card, Ann's draw nothing", function()
    local g, ann, bob = K.game()
    local e = K.bf(g, "Verduran Enchantress", ann)
    K.lands(g, bob, "G"); K.lands(g, ann, "G")
    local bear = K.bf(g, "Grizzly Bears", bob)
    local web, web2 = K.hand(g, "Web", bob), K.hand(g, "Web", ann)
    g:set_agent(ann, K.agent()); g:set_agent(bob, K.agent())
    g:gain_control(e, bob)
    local nb, na = #bob.hand, #ann.hand
    g:cast(bob, web, { targets = { bear } }); g:settle()   -- set-up, outside a turn
    g:cast(ann, web2, { targets = { bear } }); g:settle()
    assert.same({ nb, na - 1 }, { #bob.hand, #ann.hand })
  end)
end)

describe("Alpha: Veteran Bodyguard (a redirection 419; unblocked creatures 502.9c)", function()
  it("while untapped, takes the damage unblocked attackers would deal its controller", function()
    local g, ann, bob = K.game()
    local guard = K.bf(g, "Veteran Bodyguard", bob)
    local bear, lions = K.bf(g, "Grizzly Bears", ann), K.bf(g, "Savannah Lions", ann)
    K.main_phase(g)
    g:beginning_of_combat(); g:attack_step({ bear, lions }); g:block_step({}); g:damage_step()
    assert.same({ 20, 4, "battlefield" }, { bob.life, guard.damage, guard.zone })
  end)

  it("not for a blocked trampler's excess, nor for a noncreature source", function()
    local g, ann, bob = K.game()
    local guard = K.bf(g, "Veteran Bodyguard", bob)
    local mammoth, bear = K.bf(g, "War Mammoth", ann), K.bf(g, "Grizzly Bears", ann)
    local lions = K.bf(g, "Savannah Lions", bob)
    K.lands(g, ann, "RRR")
    local rod = K.bf(g, "Rod of Ruin", ann)
    K.main_phase(g)
    g:activate(ann, rod, 1, { targets = { bob } }); g:settle()
    assert.same({ 19, 0 }, { bob.life, guard.damage })
    g:beginning_of_combat(); g:attack_step({ mammoth, bear }); g:block_step({ [lions] = mammoth }); g:damage_step()
    assert.same({ 17, 2 }, { bob.life, guard.damage })   -- the Mammoth's 2 over the Lions; the bear's 2 to the guard
  end)

  it("tapped, it protects nothing", function()
    local g, ann, bob = K.game()
    local guard = K.bf(g, "Veteran Bodyguard", bob, { tapped = true })
    local bear = K.bf(g, "Grizzly Bears", ann)
    K.main_phase(g)
    g:beginning_of_combat(); g:attack_step({ bear }); g:block_step({}); g:damage_step()
    assert.same({ 18, 0 }, { bob.life, guard.damage })
  end)
end)

describe("Alpha: Volcanic Eruption (X targets 409.1c; rechecked 413; damage to everything)", function()
  it("destroys X target Mountains (a dual land too) and deals that much to each creature and each player", function()
    local g, ann, bob = K.game()
    K.lands(g, ann, "UUUUU")
    local mountain, taiga = K.lands(g, bob, "R")[1], K.bf(g, "Taiga", bob)
    local forest = K.lands(g, bob, "G")[1]
    local bear, elemental = K.bf(g, "Grizzly Bears", bob), K.bf(g, "Water Elemental", ann)
    local eruption = K.hand(g, "Volcanic Eruption", ann)
    K.main_phase(g)
    assert.error_matches(function() g:cast(ann, eruption, { x = 2, targets = { mountain, forest } }) end, "legal")
    assert.error_matches(function() g:cast(ann, eruption, { x = 2, targets = { mountain } }) end, "needs 2 target")
    g:cast(ann, eruption, { x = 2, targets = { mountain, taiga } })
    g:settle()
    assert.same({ "graveyard", "graveyard", "battlefield" }, { mountain.zone, taiga.zone, forest.zone })
    assert.same({ "graveyard", 2, 18, 18 }, { bear.zone, elemental.damage, ann.life, bob.life })
  end)

  it("counts only the Mountains destroyed: one that left in response is not", function()
    local g, ann, bob = K.game()
    K.lands(g, ann, "UUUUU")
    local m1, m2 = K.lands(g, bob, "R")[1], K.lands(g, bob, "R")[1]
    local eruption = K.hand(g, "Volcanic Eruption", ann)
    K.main_phase(g)
    g:cast(ann, eruption, { x = 2, targets = { m1, m2 } })
    g:move(m2, "hand")                                 -- gone in response: not destroyed
    g:settle()
    assert.same({ "graveyard", "hand", 19, 19 }, { m1.zone, m2.zone, ann.life, bob.life })
  end)
end)

describe("Alpha: Vesuvan Doppelganger (copy effects 503 with an exception; 418.5a timestamps; 410)", function()
  it("enters as Serra Angel but blue; at Ann's upkeep it becomes Lord of Atlantis, then Grizzly Bears", function()
    local g, ann, bob = K.game()
    local angel = K.bf(g, "Serra Angel", bob)
    local lord = K.bf(g, "Lord of Atlantis", bob)
    local bears = K.bf(g, "Grizzly Bears", bob)
    local merfolk = K.bf(g, "Merfolk of the Pearl Trident", ann)
    local want = angel
    K.main_phase(g, { ann = K.agent{ pick = function(what) if what == "copy" or what == "target" then return want end end } })
    local dopp = K.cast(g, ann, "Vesuvan Doppelganger", "UUUUU")
    g:settle()
    assert.same({ "Serra Angel", 4, true, true, false }, { dopp.name, dopp.power, dopp:has("flying"), dopp:is("blue"),
      dopp:is("white") })
    assert.equal(2, merfolk.power)                      -- Bob's lord alone
    want = lord
    g:end_turn(); K.turn(g, bob); g:end_turn()
    K.turn(g, ann)
    assert.same({ "Lord of Atlantis", false, true, 3 }, { dopp.name, dopp:has("flying"), dopp:is("blue"), merfolk.power })
    want = bears
    g:end_turn(); K.turn(g, bob); g:end_turn()
    K.turn(g, ann)
    assert.same({ "Grizzly Bears", 2, true, false, 2 }, { dopp.name, dopp.power, dopp:is("blue"), dopp:is("green"),
      merfolk.power })
  end)

  it("declining at upkeep keeps the copy; a Clone of it is blue too (503.2); state_hash, clone and 422", function()
    local g, ann, bob = K.game()
    local angel = K.bf(g, "Serra Angel", bob)
    K.bf(g, "Grizzly Bears", bob)
    local upkeep = false
    K.main_phase(g, { ann = K.agent{
      may = function(what) return what ~= "copy" or not upkeep end,
      pick = function(what) if what == "copy" then return angel end end } })
    local dopp = K.cast(g, ann, "Vesuvan Doppelganger", "UUUUU")
    g:settle()
    local h = g:state_hash()
    local copy = g:clone()
    assert.same({ h, "Serra Angel" }, { copy:state_hash(), copy:card(dopp.id).name })
    g:set_agent(ann, K.agent{ pick = function(what, options)
      if what == "copy" then for _, o in ipairs(options) do if o == dopp then return o end end end
    end })
    local clone = K.cast(g, ann, "Clone", "UUUU")
    g:settle()
    assert.same({ "Serra Angel", true, false }, { clone.name, clone:is("blue"), clone:is("white") })
    upkeep = true
    g:set_agent(ann, K.agent{ may = function(what) return what ~= "copy" end })
    g:end_turn(); K.turn(g, bob); g:end_turn()
    K.turn(g, ann)
    assert.equal("Serra Angel", dopp.name)
    local before = g:state_hash()
    assert.is_false((g:attempt(function() g:add_static{ source = dopp, affects = dopp, copy = clone }; error("undo") end)))
    assert.equal(before, g:state_hash())
  end)
end)

describe("Alpha: Clone copying Vesuvan Doppelganger gains its upkeep ability (503.2: an exception is copiable)", function()
  it("Clone enters as the Doppelganger's Serra Angel, blue, and at Ann's upkeep becomes Grizzly Bears, still blue", function()
    local g, ann, bob = K.game()
    local angel = K.bf(g, "Serra Angel", bob)
    local bears = K.bf(g, "Grizzly Bears", bob)
    local dopp, asked, upkeep = nil, 0, false
    local want = { copy = angel }
    K.main_phase(g, { ann = K.agent{
      may = function(what, ctx) return what ~= "copy" or not upkeep or ctx.source ~= dopp end,   -- the Doppelganger declines at upkeep
      pick = function(what) if what == "target" then asked = asked + 1 end return want[what] end } })
    dopp = K.cast(g, ann, "Vesuvan Doppelganger", "UUUUU")
    g:settle()
    want = { copy = dopp }
    local clone = K.cast(g, ann, "Clone", "UUUU")
    g:settle()
    assert.same({ "Serra Angel", true, false }, { clone.name, clone:is("blue"), clone:is("white") })
    want, upkeep = { target = bears }, true
    g:end_turn(); K.turn(g, bob); g:end_turn()
    K.turn(g, ann)                                   -- two upkeep abilities: the Clone's copies, the Doppelganger's not
    assert.same({ "Grizzly Bears", 2, true, false }, { clone.name, clone.power, clone:is("blue"), clone:is("green") })
    assert.same({ "Serra Angel", true }, { dopp.name, dopp:is("blue") })
    want = { target = angel }                        -- "if you do, this creature gains this ability": again next upkeep
    asked = 0
    g:end_turn(); K.turn(g, bob); g:end_turn()
    K.turn(g, ann)
    assert.same({ "Serra Angel", true, 4 }, { clone.name, clone:is("blue"), clone.power })
    assert.equal(2, asked)                           -- one upkeep ability each: the Clone's old one ended
  end)
end)

describe("Alpha: Vesuvan Doppelganger's activated abilities follow its copy (503)", function()
  it("a copy of Grizzly Bears, read by the agent's priority, then of Prodigal Sorcerer: it pings", function()
    local g, ann, bob = K.game()
    local bears = K.bf(g, "Grizzly Bears", bob)
    local sorcerer = K.bf(g, "Prodigal Sorcerer", bob)
    local want = bears
    K.main_phase(g, { ann = K.agent{ pick = function(what) if what == "copy" or what == "target" then return want end end } })
    local dopp = K.cast(g, ann, "Vesuvan Doppelganger", "UUUUU")
    g:settle()
    assert.has_error(function() g:activate(ann, dopp, 1, { targets = { bob } }) end)
    want = sorcerer
    g:end_turn(); K.turn(g, bob); g:end_turn()
    K.turn(g, ann)
    assert.equal("Prodigal Sorcerer", dopp.name)
    g:activate(ann, dopp, 1, { targets = { bob } })
    g:settle()
    assert.equal(19, bob.life)
  end)
end)
