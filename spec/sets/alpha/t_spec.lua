-- Alpha cards T: each card's main effect and the interaction its text leans on.
local K = require("spec.sets.alpha.kit")

describe("Alpha: Taiga (a land with two basic land types, 212.6e)", function()
  it("taps for {R} or {G}", K.dual_land("Taiga", "R", "G"))
  it("is a Mountain and a Forest, not an Island: Tsunami leaves it", function()
    local g, ann, bob = K.game()
    local taiga = K.bf(g, "Taiga", bob)
    assert.same({ true, true, false }, { taiga:is("Mountain"), taiga:is("Forest"), taiga:is("Island") })
    K.lands(g, ann, "GGGG")
    local tsunami = K.hand(g, "Tsunami", ann)
    K.main_phase(g)
    g:cast(ann, tsunami)
    g:settle()
    assert.equal("battlefield", taiga.zone)
  end)
end)

describe("Alpha: Terror (a target filter 413; can't be regenerated 419.6b)", function()
  it("destroys a nonblack, nonartifact creature through its regeneration shield", function()
    local g, ann, bob = K.game()
    K.lands(g, ann, "BB")
    K.lands(g, bob, "R")
    local troll = K.bf(g, "Uthden Troll", bob)
    local terror = K.hand(g, "Terror", ann)
    K.main_phase(g)
    g:cast(ann, terror, { targets = { troll } })
    g:activate(bob, troll, 1)                          -- a shield in response
    g:settle()
    assert.same({ "graveyard", "graveyard" }, { troll.zone, terror.zone })
  end)

  it("a black creature and an artifact creature are no legal targets; nothing changes (422)", function()
    local g, ann, bob = K.game()
    K.lands(g, ann, "BBBBBBB")
    local wisp = K.bf(g, "Will-o'-the-Wisp", bob)
    local hive = K.bf(g, "The Hive", ann)
    g:activate(ann, hive, 1); g:settle()
    local wasp = g:permanents(ann, "Creature")[1]
    local terror = K.hand(g, "Terror", ann)
    K.main_phase(g)
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, terror, { targets = { wisp } }) end, "not a legal creature")
    assert.error_matches(function() g:cast(ann, terror, { targets = { wasp } }) end, "not a legal creature")
    assert.equal(before, g:state_hash())
  end)
end)

describe("Alpha: The Hive ({5},{T} 406; tokens 216)", function()
  it("makes a 1/1 colorless Insect artifact creature token with flying named Wasp", function()
    local g, ann, bob = K.game()
    K.lands(g, ann, "RRRRR")
    local hive = K.bf(g, "The Hive", ann)
    K.main_phase(g)
    g:activate(ann, hive, 1)
    assert.equal(0, #g:permanents(ann, "Creature"))   -- on the stack until it resolves
    g:settle()
    local wasp = g:permanents(ann, "Creature")[1]
    assert.same({ "Wasp", true, 1, 1, true, true, true, ann },
      { wasp.name, wasp.token, wasp.power, wasp.toughness, wasp:has("flying"), wasp:is("Artifact"), wasp:is("Insect"),
        wasp.owner })
    for _, color in ipairs({ "white", "blue", "black", "red", "green" }) do assert.is_false(wasp:is(color)) end
    assert.error_matches(function() g:activate(ann, hive, 1) end, "is tapped")
    -- an artifact: Shatter destroys it, and a token out of play ceases to exist (216.3)
    K.lands(g, bob, "RR")
    local shatter = K.hand(g, "Shatter", bob)
    g:cast(bob, shatter, { targets = { wasp } })
    g:settle()
    assert.equal("none", wasp.zone)
  end)
end)

describe("Alpha: Timetwister (shuffle into the library; draws 423.2a)", function()
  it("each player shuffles hand and graveyard into the library and draws seven; Timetwister ends in the graveyard", function()
    local g, ann, bob = K.game()
    K.lands(g, ann, "UUU")
    for _ = 1, 3 do K.hand(g, "Grizzly Bears", ann); K.grave(g, "Grizzly Bears", bob) end
    K.grave(g, "Forest", ann)
    local tw = K.hand(g, "Timetwister", ann)
    K.main_phase(g)
    local ann_total = #ann.library + #ann.hand - 1 + #ann.graveyard     -- Timetwister itself aside
    local bob_total = #bob.library + #bob.hand + #bob.graveyard
    g:cast(ann, tw)
    g:settle()
    assert.same({ 7, 7 }, { #ann.hand, #bob.hand })
    assert.same({ tw }, ann.graveyard:cards())
    assert.equal(0, #bob.graveyard)
    assert.same({ ann_total - 7, bob_total - 7 }, { #ann.library, #bob.library })
  end)
end)

describe("Alpha: Tranquility (destroy all enchantments)", function()
  it("destroys every enchantment; creatures stay, and a stolen artifact goes back", function()
    local g, ann, bob = K.game()
    K.lands(g, ann, "GGG")
    local rod = K.bf(g, "Rod of Ruin", bob)
    local steal = K.bf(g, "Steal Artifact", ann)
    g:attach(steal, rod)
    local bear = K.bf(g, "Grizzly Bears", bob)
    local weak = K.bf(g, "Weakness", ann)
    g:attach(weak, K.bf(g, "Water Elemental", bob))
    assert.equal(ann, rod.controller)
    local tranq = K.hand(g, "Tranquility", ann)
    K.main_phase(g)
    g:cast(ann, tranq)
    g:settle()
    assert.same({ "graveyard", "graveyard", "battlefield", bob }, { steal.zone, weak.zone, bear.zone, rod.controller })
  end)
end)

describe("Alpha: Tropical Island (a land with two basic land types, 212.6e)", function()
  it("taps for {G} or {U}", K.dual_land("Tropical Island", "G", "U"))
end)

describe("Alpha: Tsunami (destroy all Islands: land types, 212.6)", function()
  it("destroys every Island, dual lands with the type too, on both sides; other lands stay", function()
    local g, ann, bob = K.game()
    local forests = K.lands(g, ann, "GGGG")
    local island = K.lands(g, bob, "U")[1]
    local trop, sea, tundra = K.bf(g, "Tropical Island", bob), K.bf(g, "Underground Sea", ann), K.bf(g, "Tundra", bob)
    local swamp = K.lands(g, bob, "B")[1]
    local tsunami = K.hand(g, "Tsunami", ann)
    K.main_phase(g)
    g:cast(ann, tsunami)
    g:settle()
    assert.same({ "graveyard", "graveyard", "graveyard", "graveyard", "battlefield", "battlefield" },
      { island.zone, trop.zone, sea.zone, tundra.zone, swamp.zone, forests[1].zone })
  end)
end)

describe("Alpha: Tundra (a land with two basic land types, 212.6e)", function()
  it("taps for {W} or {U}", K.dual_land("Tundra", "W", "U"))
end)

describe("Alpha: Tunnel (a target Wall 413; can't be regenerated 419.6b)", function()
  it("destroys a Wall through its regeneration shield; a creature that isn't a Wall is no legal target", function()
    local g, ann, bob = K.game()
    K.lands(g, ann, "R")
    K.lands(g, bob, "B")
    local wall = K.bf(g, "Wall of Bone", bob)
    local bear = K.bf(g, "Grizzly Bears", bob)
    local tunnel = K.hand(g, "Tunnel", ann)
    K.main_phase(g)
    assert.error_matches(function() g:cast(ann, tunnel, { targets = { bear } }) end, "not a legal creature")
    g:cast(ann, tunnel, { targets = { wall } })
    g:activate(bob, wall, 1)
    g:settle()
    assert.same({ "graveyard", "graveyard" }, { wall.zone, tunnel.zone })
  end)
end)

describe("Alpha: Twiddle (a target among three types 413; a choice on resolution)", function()
  it("untaps a tapped land, taps an untapped creature, and may leave it as it is; an enchantment is no target", function()
    local g, ann, bob = K.game()
    K.lands(g, ann, "UUU")
    local island = K.lands(g, bob, "U")[1]
    island:tap()
    local bear = K.bf(g, "Grizzly Bears", bob)
    local strength = K.bf(g, "Unholy Strength", bob)
    g:attach(strength, bear)
    local t1, t2, t3 = K.hand(g, "Twiddle", ann), K.hand(g, "Twiddle", ann), K.hand(g, "Twiddle", ann)
    local asked = {}
    K.main_phase(g, { ann = K.agent{ may = function(what) asked[#asked + 1] = what; return #asked < 3 end } })
    assert.error_matches(function() g:cast(ann, t1, { targets = { strength } }) end, "legal")
    g:cast(ann, t1, { targets = { island } }); g:settle()
    g:cast(ann, t2, { targets = { bear } }); g:settle()
    assert.same({ false, true }, { island.tapped, bear.tapped })
    g:cast(ann, t3, { targets = { bear } }); g:settle()   -- "you may": Ann declines to untap it
    assert.same({ "untap", "tap", "untap" }, asked)
    assert.is_true(bear.tapped)
  end)
end)

describe("Alpha: Two-Headed Giant of Foriys (trample 502.9; blocks an additional creature 500.1)", function()
  it("blocks two attackers at once and kills both", function()
    local g, ann, bob = K.game()
    local a, b = K.bf(g, "Shanodin Dryads", ann), K.bf(g, "Savannah Lions", ann)
    local giant = K.bf(g, "Two-Headed Giant of Foriys", bob)
    K.main_phase(g)
    g:beginning_of_combat(); g:attack_step({ a, b })
    g:block_step({ [giant] = { a, b } })
    g:damage_step()
    assert.same({ "graveyard", "graveyard", "battlefield" }, { a.zone, b.zone, giant.zone })
  end)

  it("tramples over a small blocker: the rest of its damage goes to the player (502.9b)", function()
    local g, ann, bob = K.game()
    local giant = K.bf(g, "Two-Headed Giant of Foriys", ann)
    local wall = K.bf(g, "Wall of Wood", bob)
    K.main_phase(g)
    g:beginning_of_combat(); g:attack_step({ giant }); g:block_step({ [wall] = giant }); g:damage_step()
    assert.same({ "graveyard", 19 }, { wall.zone, bob.life })
  end)
end)

describe("Alpha: Throne of Bone (a trigger on casting 410; you may pay 409.1f)", function()
  it("a black spell: its controller may pay {1} to gain 1 life; not for another color, not without the mana", function()
    local g, ann, bob = K.game()
    K.bf(g, "Throne of Bone", ann)
    local land = K.lands(g, ann, "G")[1]
    K.lands(g, bob, "BBBBBBGG")
    local zombies, bears = K.hand(g, "Scathe Zombies", bob), K.hand(g, "Grizzly Bears", bob)
    local zombies2 = K.hand(g, "Scathe Zombies", bob)
    g:cast(bob, bears); g:settle()                     -- set-up, outside a turn: green, no trigger
    assert.same({ 20, false }, { ann.life, land.tapped })
    g:cast(bob, zombies); g:settle()
    assert.same({ 21, true }, { ann.life, land.tapped })
    g:cast(bob, zombies2); g:settle()                  -- Ann can't pay now: nothing
    assert.equal(21, ann.life)
  end)
end)

describe("Alpha: Thicket Basilisk (a delayed trigger remembering that creature)", function()
  it("blocked by a non-Wall creature, that creature is destroyed at end of combat; regeneration saves it", function()
    for _, regen in ipairs({ false, true }) do
      local g, ann, bob = K.game()
      local basilisk = K.bf(g, "Thicket Basilisk", ann)
      local giant = K.bf(g, "Hill Giant", bob)
      K.main_phase(g)
      K.combat(g, { basilisk }, { [giant] = basilisk })
      assert.same({ "battlefield", 2 }, { giant.zone, giant.damage })   -- a 3/3 survives the damage
      if regen then g:regenerate(giant) end
      g:end_of_combat_step()
      assert.equal(regen and "battlefield" or "graveyard", giant.zone)
    end
  end)
end)

describe("Alpha: Time Walk (extra turns 300.7; the stack 116)", function()
  local function turn_players(g, n)
    local out = {}
    for _ = 1, n do g:play_turn(); out[#out + 1] = g.active_player.name end
    return out
  end

  it("Ann takes an extra turn after this one; then Bob's turn comes as it would", function()
    local g, ann = K.game()
    K.main_phase(g)                          -- turn 1, Ann's
    local walk = K.cast(g, ann, "Time Walk", "UU")
    g:settle()
    assert.equal("graveyard", walk.zone)
    assert.same({ "Ann", "Bob", "Ann" }, turn_players(g, 3))
    assert.equal(4, g.turn)
  end)

  it("countered in response, there is no extra turn", function()
    local g, ann, bob = K.game()
    K.lands(g, bob, "UU")
    local spell = K.hand(g, "Counterspell", bob)
    K.main_phase(g, { bob = K.responder(function(game)
      local top = game:stack_objects()[1]
      if top then return { cast = spell, targets = { top } } end
    end) })
    K.cast(g, ann, "Time Walk", "UU")
    g:settle()
    assert.same({ "Bob", "Ann" }, turn_players(g, 2))
  end)
end)

describe("Alpha: Time Vault (extra turns 300.7; skipping a turn 300.8; replacement effects)", function()
  -- skip: how many times Ann answers yes to may(p, "skip turn")
  local function setup(skip)
    local g, ann, bob = K.game()
    local function may(what)
      if what ~= "skip turn" then return true end
      skip = skip - 1
      return skip >= 0
    end
    K.main_phase(g, { ann = K.agent{ may = may } })
    local vault = K.cast(g, ann, "Time Vault", "UU")
    g:settle()
    return g, ann, bob, vault
  end

  it("enters tapped and stays tapped in Ann's untap step; at her turn she may skip it to untap the Vault", function()
    local g, ann, bob, vault = setup(1)
    assert.is_true(vault.tapped)
    g:begin_turn()                               -- Bob's turn: not hers, the Vault asks nothing
    assert.equal(bob, g.active_player)
    g:begin_turn()                               -- Ann would begin her turn: she skips it
    assert.same({ bob, false }, { g.active_player, vault.tapped })
    -- at instant speed in Bob's turn: {T}, an extra turn for Ann after this one
    g:activate(ann, vault, 1)
    g:settle()
    g:begin_turn()
    assert.same({ ann, true }, { g.active_player, vault.tapped })   -- her extra turn (she didn't skip it)
    g:untap_step()
    assert.is_true(vault.tapped)                 -- doesn't untap during her untap step
  end)

  it("declining, Ann takes her turn and the Vault stays tapped", function()
    local g, ann, bob, vault = setup(0)
    g:begin_turn()
    g:begin_turn()
    assert.same({ ann, true }, { g.active_player, vault.tapped })
    -- destroyed (Shatter), the Vault no longer replaces anything
    K.lands(g, bob, "RR")
    local shatter = K.hand(g, "Shatter", bob)
    g:begin_turn()
    g:main_phase()
    g:cast(bob, shatter, { targets = { vault } }); g:settle()
    assert.equal("graveyard", vault.zone)
    g:begin_turn()
    assert.equal(ann, g.active_player)
  end)
end)

describe("Alpha: Timber Wolves (banding 502.10e, 502.10h)", function()
  it("two Timber Wolves and a Grizzly Bears attack as one band: one Wall of Stone blocks all three", function()
    local g, ann, bob = K.game()
    local w1, w2 = K.bf(g, "Timber Wolves", ann), K.bf(g, "Timber Wolves", ann)
    local bears = K.bf(g, "Grizzly Bears", ann)
    local wall = K.bf(g, "Wall of Stone", bob)
    K.main_phase(g)
    g:beginning_of_combat()
    g:attack_step({ w1, w2, bears }, { bands = { { w1, w2, bears } } })
    g:block_step({ [wall] = w2 })
    assert.equal(3, #g:blocks())
    g:damage_step()
    assert.equal(20, bob.life)
    assert.equal(4, wall.damage)
  end)

  it("blocking with Timber Wolves, the defending player divides the attacker's damage (502.10h)", function()
    local g, ann, bob = K.game()
    local wurm = K.bf(g, "Craw Wurm", ann)
    local wolves, bears = K.bf(g, "Timber Wolves", bob), K.bf(g, "Grizzly Bears", bob)
    local asked
    K.main_phase(g, { bob = K.agent{ pick = function(what, _, ctx)
      if what == "damage" then asked = ctx.source; return { [wolves] = 0, [bears] = 6 } end
    end } })
    g:beginning_of_combat()
    g:attack_step({ wurm })
    g:block_step({ [wolves] = wurm, [bears] = wurm })
    g:damage_step()
    assert.equal(wurm, asked)                      -- Bob, not Ann, divided the Wurm's damage
    assert.equal("battlefield", wolves.zone)
    assert.equal("graveyard", bears.zone)
    assert.equal(3, wurm.damage)
  end)
end)
