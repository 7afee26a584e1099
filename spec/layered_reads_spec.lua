-- Issue 26's bugs: combat, costs and every rules check read a card's layered characteristics
-- (418.5), never the printed ones; a summoning-sick animated land can't tap for mana (502.5b);
-- every control change passes one "can't change control" check; g:max_hand_size's nil.
local arbiter = require("arbiter")

local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, colors = { "green" },
  power = 2, toughness = 2 }
local forest = arbiter.card{ name = "Forest", types = { "Land" }, supertypes = { "Basic" },
  subtypes = { "Forest" } }
local relic = arbiter.card{ name = "Relic", types = { "Artifact" } }
local growth = arbiter.card{ name = "Growth", types = { "Sorcery" }, cost = "{G}",
  resolve = function(_, g, src) g:gain_life(src.controller, 3) end }

local function game()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
  local ann, bob = g.players[1], g.players[2]
  for _ = 1, 5 do
    g:create(forest, { owner = ann, zone = "library" })
    g:create(forest, { owner = bob, zone = "library" })
  end
  return g, ann, bob
end

local function animate(g, c) return g:add_static{ affects = c, types = { "Creature" }, set_power = 3, set_toughness = 3 } end

describe("a creature made by a continuous effect (418.5 type layer)", function()
  it("attacks (308), is blocked (309) and deals and is dealt combat damage (510)", function()
    local g, ann, bob = game()
    local land = g:create(forest, { owner = ann, zone = "battlefield", sick = false })
    local bear = g:create(bears, { owner = bob, zone = "battlefield", sick = false })
    animate(g, land)
    g:begin_turn(ann)
    assert.is_true((g:check_attack({ land })))
    g:beginning_of_combat()
    g:attack_step({ land })
    assert.is_true(land.attacking)
    assert.is_true((g:check_block({ [bear] = land })))
    g:block_step({ [bear] = land })
    g:damage_step()
    assert.equal("graveyard", bear.zone)       -- 3 damage to a 2/2
    assert.equal(2, land.damage)
  end)

  it("an animated land of a defending player blocks (309); unanimated, it can't", function()
    local g, ann, bob = game()
    local bear = g:create(bears, { owner = ann, zone = "battlefield", sick = false })
    local land = g:create(forest, { owner = bob, zone = "battlefield", sick = false })
    g:begin_turn(ann)
    g:beginning_of_combat()
    g:attack_step({ bear })
    assert.is_false((g:check_block({ [land] = bear })))
    animate(g, land)
    assert.is_true((g:check_block({ [land] = bear })))
  end)

  it("arbiter.has_type reads a card's current types and a definition's printed ones", function()
    local g, ann = game()
    local land = g:create(forest, { owner = ann, zone = "battlefield" })
    assert.is_false(arbiter.has_type(land, "Creature"))
    animate(g, land)
    assert.is_true(arbiter.has_type(land, "Creature"))
    assert.is_false(arbiter.has_type(forest, "Creature"))
    assert.is_true(arbiter.has_type(forest, "Land"))
  end)

  it("the Lua layer reads no printed type of a card outside the one accessor (sources checked)", function()
    -- a definition's types are read only by arbiter.has_type (init.lua), the per-definition
    -- caches of cards in a hand or on the stack (turn.lua, stack.lua), the definition's own
    -- checks (carddef.lua) and decks (deck.lua: definitions, not cards)
    local allowed = { ["init.lua"] = 1, ["turn.lua"] = 1, ["stack.lua"] = 1, ["carddef.lua"] = true,
      ["deck.lua"] = true }
    local found = {}
    for _, f in ipairs{ "agents", "answers", "ask", "carddef", "check", "combat", "combat_damage",
        "combat_input", "deck", "division", "draw", "driver", "effects", "house", "init", "loop",
        "mana", "newgame", "settings", "stack", "targets", "turn" } do
      local src = assert(io.open("lua/arbiter/" .. f .. ".lua")):read("*a")
      local n = 0
      for line in src:gmatch("[^\n]+") do
        if not line:match("^%s*%-%-") and (line:match("[%w_]%.types%f[^%w_]") or line:match("definition%.types")) then
          n = n + 1
        end
      end
      local a = allowed[f .. ".lua"]
      if n > 0 and not (a == true or (a and n <= a)) then found[#found + 1] = f .. ".lua: " .. n end
    end
    assert.same({}, found)
  end)
end)

describe("502.5b: a summoning-sick land that became a creature", function()
  it("can't pay {T}: neither for a spell's mana nor by activation", function()
    local g, ann = game()
    g:begin_turn(ann); g:main_phase()
    local land = g:create(forest, { owner = ann, zone = "hand" })
    local spell = g:create(growth, { owner = ann, zone = "hand" })
    g:play_land(ann, land)
    assert.is_true(g:can_cast(ann, spell))     -- a land: its {T} ability works the turn it came
    animate(g, land)
    assert.is_false(g:can_cast(ann, spell))
    assert.has_error(function() g:cast(ann, spell) end)
    assert.has_error(function() g:activate(ann, land, 1) end)
    assert.is_false(land.tapped)
    assert.equal(20, ann.life)
  end)
end)

describe("418: one check for every control change (\"can't change control\")", function()
  it("a control-changing continuous effect doesn't take a card that can't change control", function()
    local g, ann, bob = game()
    local r = g:create(relic, { owner = ann, zone = "battlefield" })
    local lock = g:add_static{ affects = r, prohibit = "change control" }
    g:gain_control(r, bob)
    assert.equal(ann, r.controller)
    g:add_static{ affects = r, controller = bob }
    assert.equal(ann, r.controller)
    g:add_static{ affects = function(c) return c == r end, controller = bob }   -- a predicate alike
    assert.equal(ann, r.controller)
    g:remove_static(lock)
    assert.equal(bob, r.controller)
  end)

  it("Guardian Beast: a change made while it was tapped stays when it untaps", function()
    local g, ann, bob = game()
    local r = g:create(relic, { owner = ann, zone = "battlefield" })
    local beast = g:create(bears, { owner = ann, zone = "battlefield" })
    g:add_static{ source = beast, prohibit = "change control",
      affects = function(c, _, src) return not src.tapped and c.controller == src.controller and c:is("Artifact") end }
    beast:tap()
    g:add_static{ affects = r, controller = bob }
    g:check_state()
    beast:untap()
    assert.equal(bob, r.controller)
  end)

  it("a control change that began before the prohibition keeps applying", function()
    local g, ann, bob = game()
    local r = g:create(relic, { owner = ann, zone = "battlefield" })
    g:add_static{ affects = r, controller = bob }
    g:check_state()                                  -- the control watch sees the change
    g:add_static{ affects = r, prohibit = "change control" }
    assert.equal(bob, r.controller)
    g:add_static{ affects = r, controller = ann }   -- a later one is stopped
    assert.equal(bob, r.controller)
  end)
end)

describe("g:max_hand_size: nil for no maximum (402.2)", function()
  it("an effect's 'no maximum' and a house hook's math.huge read nil; the cleanup discards nothing", function()
    local g, ann = game()
    assert.equal(7, g:max_hand_size(ann))
    g:add_static{ affects = ann, rules = { max_hand_size = false } }
    assert.is_nil(g:max_hand_size(ann))
    local h = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1,
      house_rules = { { max_hand_size = function() return math.huge end } } }
    assert.is_nil(h:max_hand_size(h.players[1]))
    for _ = 1, 9 do h:create(forest, { owner = h.players[1], zone = "hand" }) end
    h:begin_turn(h.players[1]); h:cleanup_step()
    assert.equal(9, #h.players[1].hand)
  end)
end)

describe("a max_hand_size house hook answering false: no maximum (402.2, issue 33)", function()
  it("the cleanup step discards nothing and g:max_hand_size reads nil (no arithmetic on false)", function()
    local h = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1,
      house_rules = { { max_hand_size = function() return false end } } }
    local ann = h.players[1]
    for _ = 1, 9 do h:create(forest, { owner = ann, zone = "hand" }) end
    assert.is_nil(h:max_hand_size(ann))
    h:begin_turn(ann); h:cleanup_step()
    assert.equal(9, #ann.hand)
  end)
end)

-- A P/T value computed by the host (a */* card's, 418.5; a static's function) may read outside
-- the battlefield: its value follows what it read, with no other host code in the game (the
-- characteristics were kept across such changes when no predicate was active).
describe("418.5: a P/T value the host computes follows what it reads", function()
  local function hand_size(c) return #c.controller.hand:cards() end

  it("a */* card counting its controller's hand, after draws, with no other host effect", function()
    local g, ann = game()
    local c = g:create(arbiter.card{ name = "Handsize", types = { "Creature" }, power = hand_size,
      toughness = 1 }, { owner = ann, zone = "battlefield" })
    assert.equal(0, c.power)
    g:draw(ann)
    assert.equal(1, c.power)
    g:draw(ann, 2)
    assert.equal(3, c.power)
  end)

  it("a static's power function with a declared filter, after a draw", function()
    local g, ann = game()
    local b = g:create(bears, { owner = ann, zone = "battlefield" })
    g:add_static{ source = b, affects = { is = "Creature" }, power = hand_size }
    assert.equal(2, b.power)
    g:draw(ann, 2)
    assert.equal(4, b.power)
  end)
end)
