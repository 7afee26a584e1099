-- g:store(key [, value]): the game's storage for house rules (issue 33 item 4). Plain data the
-- game owns: undone with a failed action (422), copied by g:clone(), recorded and replayed, and
-- in the state hash. The house rule below is the issue's Planechase-like effect deck: its plane
-- changes each turn, kept with the game (in an upvalue a clone would share it).
local arbiter = require("arbiter")

local PLANES = { "Plains of Ash", "Sea of Glass", "Iron Wood" }
local planechase = {
  setup = function(g) g:store("planes", { order = PLANES, at = 1, turns = {} }) end,
  turn_start = function(g, p)
    local s = g:store("planes")
    s.at = s.at % #s.order + 1
    s.turns[#s.turns + 1] = p.name .. ":" .. s.order[s.at]
    g:store("planes", s)
  end,
}

local function game(opts)
  opts = opts or {}
  opts.players = opts.players or { "Ann", "Bob" }
  opts.house_rules = { planechase }
  local g = arbiter.new_game(opts)
  for _, p in ipairs(g.players) do
    for _ = 1, 10 do g:create(arbiter.card{ name = "Card", types = { "Sorcery" } }, { owner = p, zone = "library" }) end
  end
  return g
end

describe("g:store: a house rule's plain data, kept by the game", function()
  it("a house rule keeps its state there: the plane changes each turn", function()
    local g = game()
    g:play_turn(); g:play_turn()
    assert.same({ "Ann:Sea of Glass", "Bob:Iron Wood" }, g:store("planes").turns)
    assert.is_nil(g:store("nothing"))
  end)

  it("the value is copied in and out: changing a table read or given changes nothing stored", function()
    local g = game()
    local given = { n = 1 }
    g:store("x", given)
    given.n = 2
    local read = g:store("x")
    read.n = 3
    assert.equal(1, g:store("x").n)
    g:store("x", nil)                                -- nil removes it
    assert.is_nil(g:store("x"))
  end)

  it("a clone has its own copy: the clone's turns don't reach the original (the upvalue's bug)", function()
    local g = game()
    g:play_turn()
    local c = g:clone()
    c:play_turn(); c:play_turn()
    assert.same({ "Ann:Sea of Glass" }, g:store("planes").turns)
    assert.same({ "Ann:Sea of Glass", "Bob:Iron Wood", "Ann:Plains of Ash" }, c:store("planes").turns)
  end)

  it("undone by a failed action (422), with the rest of the game", function()
    local g = game()
    local before = g:state_hash()
    assert.is_false(g:attempt(function(x) x:play_turn(); x:store("extra", { 1 }); error("no") end))
    assert.same({}, g:store("planes").turns)
    assert.is_nil(g:store("extra"))
    assert.equal(before, g:state_hash())
  end)

  it("in the state hash: games that differ only in their stored data hash differently", function()
    local g1, g2 = game(), game()
    assert.equal(g1:state_hash(), g2:state_hash())
    g1:store("score", { Ann = 1 }); g2:store("score", { Ann = 2 })
    assert.not_equal(g1:state_hash(), g2:state_hash())
    g2:store("score", { Ann = 1 })
    assert.equal(g1:state_hash(), g2:state_hash())
  end)

  it("recorded and replayed: a replay (and a save loaded) has the same data, every step's hash checked", function()
    local g = game{ record = true, seed = 3 }
    g:play_turn(); g:store("score", { Ann = 5, list = { true, "x", 2.5 } }); g:play_turn()
    local r = assert(arbiter.replay(g:recording()))
    assert.same(g:store("planes"), r:store("planes"))
    assert.same({ Ann = 5, list = { true, "x", 2.5 } }, r:store("score"))
    assert.equal(g:state_hash(), r:state_hash())
  end)

  it("bad input: a key that isn't a string, data that isn't plain; the game unchanged", function()
    local g = game()
    local before = g:state_hash()
    assert.error_matches(function() g:store(1) end, "bad argument #1 to 'store'")
    assert.error_matches(function() g:store("k", { f = print }) end, "bad argument #2 to 'store' %(plain data expected: value.f is a function%)")
    local cyc = {}
    cyc.me = cyc
    assert.error_matches(function() g:store("k", cyc) end, "value.me is a cycle")
    assert.error_matches(function() g:store("k", { 0 / 0 }) end, "not a finite number")
    assert.error_matches(function() g:store("k", setmetatable({}, {})) end, "metatable")
    assert.error_matches(function() g:store("k", { [true] = 1 }) end, "no string or integer")
    assert.equal(before, g:state_hash())
    assert.is_nil(g:store("k"))
  end)
end)
