-- State triggers (issue 26 item 8; 410.10 in the era's rules): g:trigger{state = fn} triggers
-- once when its state becomes true, checked after each state-based check of a settle, and
-- again only after it resolved.
local arbiter = require("arbiter")
local H = require("helpers")

local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, power = 2, toughness = 2 }
local island = arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" } }

local game = H.game
local function islands(g, p)
  local n = 0
  for _, c in ipairs(g:permanents(p)) do if c:is("Island") then n = n + 1 end end
  return n
end

describe("state triggers (410.10)", function()
  it("in a clone, a state trigger reads the clone's own source: the original is left as it was", function()
    local g, ann = game()
    local isl = g:create(island, { owner = ann, zone = "battlefield" })
    local bear = g:create(bears, { owner = ann, zone = "battlefield" })
    g:trigger{ controller = ann, source = bear, state = function(game_, src) return islands(game_, src.controller) == 0 end,
      effect = function(_, game_, src) game_:sacrifice(src) end }
    local c = g:clone()
    c:move(c:card(isl.id), "hand"); c:settle()
    assert.equal("graveyard", c:card(bear.id).zone)
    assert.same({ "battlefield", "battlefield" }, { isl.zone, bear.zone })
  end)

  it("a first state trigger registered inside a failed action (422) leaves the next one working", function()
    local g, ann = game()
    local bear = g:create(bears, { owner = ann, zone = "battlefield" })
    local function register(game_)
      return game_:trigger{ controller = ann, source = bear, state = function() return true end,
        effect = function(_, game2, src) game2:sacrifice(src) end }
    end
    assert.is_false((g:attempt(function(game_) register(game_); error("undone") end)))
    register(g)                        -- raised "unknown event type" when the first was undone
    g:settle()
    assert.equal("graveyard", bear.zone)
  end)

  it("trigger when the state becomes true, whatever changed it (no event of their own)", function()
    local g, ann = game()
    local isl = g:create(island, { owner = ann, zone = "battlefield" })
    local bear = g:create(bears, { owner = ann, zone = "battlefield" })
    local n = 0
    g:trigger{ controller = ann, source = bear, state = function(game_, src) return islands(game_, src.controller) == 0 end,
      effect = function(_, game_, src) n = n + 1; game_:sacrifice(src) end }
    g:settle()
    assert.equal(0, n)
    local e = g:add_static{ affects = isl, remove_abilities = "all" }   -- not a change of Islands
    g:settle()
    assert.equal(0, n)
    g:remove_static(e)
    g:move(isl, "hand")
    g:settle()
    assert.same({ 1, "graveyard" }, { n, bear.zone })
  end)

  it("a state that stays true after resolving triggers again: with nothing changing, a mandatory loop (421.4)", function()
    local g, ann = game()
    local bear = g:create(bears, { owner = ann, zone = "battlefield" })
    local n = 0
    g:trigger{ controller = ann, source = bear, state = function() return true end, effect = function() n = n + 1 end }
    g:settle()
    assert.is_true(n > 1)
    assert.is_true(g:result().draw)
  end)

  it("trigger once while waiting; again only after resolving, if the state still holds", function()
    local g, ann = game()
    local bear = g:create(bears, { owner = ann, zone = "battlefield" })
    local n, seen = 0, {}
    g:trigger{ controller = ann, source = bear, state = function() return true end,
      effect = function() n = n + 1 end }
    g:on("zone_change", function() end)
    g:set_agent(ann, { priority = function(_, game_)
      seen[#seen + 1] = #game_:stack_objects()
    end })
    g:begin_turn(ann); g:main_phase()
    g:settle()
    assert.is_true(n >= 1)
    for _, k in ipairs(seen) do assert.is_true(k <= 1) end   -- never two copies on the stack
  end)

  it("ends when its source leaves the battlefield; a state function's error names it and is undone", function()
    local g, ann = game()
    local bear = g:create(bears, { owner = ann, zone = "battlefield" })
    local n = 0
    g:trigger{ controller = ann, source = bear, state = function() return true end, effect = function() n = n + 1 end }
    g:move(bear, "graveyard")
    g:settle()
    assert.equal(0, n)
    local b2 = g:create(bears, { owner = ann, zone = "battlefield" })
    g:trigger{ controller = ann, source = b2, state = function() error("broken state") end, effect = function() end }
    assert.has_error(function() g:settle() end)
    assert.equal("battlefield", b2.zone)
    assert.has_error(function() g:trigger{ controller = ann, state = 1, effect = function() end } end)
    assert.has_error(function() g:trigger{ controller = ann, event = "damage", state = function() end,
      effect = function() end } end)
  end)
end)
