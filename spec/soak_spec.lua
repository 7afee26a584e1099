-- The soak's invariant checks (bench/soak/checks.lua, run by `make soak`): each one must be
-- able to fail, or the soak proves nothing.
local arbiter = require("arbiter")
local checks = dofile("bench/soak/checks.lua")

local bear = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, power = 2, toughness = 2 }
local wisp = arbiter.card{ name = "Wisp", types = { "Creature" }, power = 0, toughness = 0 }

local function game()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 7 }
  local created = {}
  for _, p in ipairs(g.players) do
    for _ = 1, 5 do created[g:create(bear, { owner = p }).id] = p.index end
  end
  return g, created
end

describe("soak checks", function()
  it("zones: hold on a fresh game, count cards per owner", function()
    local g, created = game()
    g:draw(g.players[1], 2)
    local msg, per_owner = checks.zones(g, created)
    assert.is_nil(msg)
    assert.are.same({ 5, 5 }, per_owner)
  end)

  it("zones: a card nobody created, and a created card that vanished, are reported", function()
    local g, created = game()
    local extra = g:create(bear, { owner = g.players[2], zone = "hand" })
    assert.matches("never created", checks.zones(g, created))
    created[extra.id] = 2
    created[9999] = 1
    assert.matches("#9999 .* is in no zone", checks.zones(g, created))
  end)

  it("state_based: a 0-toughness creature left on the battlefield is reported (state-based effects, 420.5)", function()
    local g = game()
    assert.is_nil(checks.state_based(g))
    g:create(wisp, { owner = g.players[1], zone = "battlefield" })
    assert.matches("Wisp", checks.state_based(g))
    g:check_state()
    assert.is_nil(checks.state_based(g))
  end)

  it("clone_hash and rng_rollback hold on a game in progress (422)", function()
    local g = game()
    g:draw(g.players[2], 3)
    g:random(10)
    assert.is_nil(checks.clone_hash(g))
    assert.is_nil(checks.rng_rollback(g))
    assert.is_nil(checks.numbers(g))
  end)
end)
