-- Each event type's effects in a chain by id (csrc/event.c: notify and the replacement pipeline
-- walk only the event's type's effects): observers, trigger conditions and replacements are asked
-- in registration order whatever other types' effects lie between them, an undone registration
-- (a failed g:attempt, 422) leaves its type's chain, a clone has its own, and an effect registered
-- while an event is signalled is asked as before (a trigger for that event, an observer from the next).
local H = require("helpers")
local arbiter = H.arbiter

-- a permanent of ann's to tap and untap
local function setup()
  local g, ann = H.game()
  local c = g:create(arbiter.card{ name = "Rock", types = { "Artifact" } }, { owner = ann, zone = "battlefield" })
  return g, ann, c
end

-- an observer that notes its name (and fails past 20 calls: a chain that loops would call it forever)
local function noting(seen, name)
  return function()
    seen[#seen + 1] = name
    if #seen > 20 then error("called too often: the chain loops") end
  end
end

describe("each event type's effects in a chain (event.c: triggers 410.10, replacements 616.1, undo 422)", function()
  it("observers of one type are called in registration order, other types' between them", function()
    local g, _, c = setup()
    local seen = {}
    g:on("tap", noting(seen, "A"))
    g:on("untap", noting(seen, "x"))
    g:on("draw", noting(seen, "y"))
    g:on("tap", noting(seen, "B"))
    g:on("untap", noting(seen, "z"))
    g:on("tap", noting(seen, "C"))
    c:tap()
    assert.are.same({ "A", "B", "C" }, seen)
    c:untap()
    assert.are.same({ "A", "B", "C", "x", "z" }, seen)
  end)

  it("a registration undone by a failed g:attempt leaves its chain; the next one takes its place", function()
    local g, _, c = setup()
    local seen = {}
    g:on("tap", noting(seen, "A"))
    local ok = g:attempt(function(game)
      game:on("untap", noting(seen, "u"))
      game:on("tap", noting(seen, "B"))
      error("undone")
    end)
    assert.is_false(ok)
    g:on("tap", noting(seen, "C"))         -- (the id B had)
    g:on("untap", noting(seen, "U"))
    c:tap()
    assert.are.same({ "A", "C" }, seen)
    c:untap()
    assert.are.same({ "A", "C", "U" }, seen)
    -- the first of its type undone: the chain starts again with the next
    local g2, _, c2 = setup()
    local seen2 = {}
    assert.is_false(g2:attempt(function(game) game:on("tap", noting(seen2, "B")); error("undone") end))
    g2:on("tap", noting(seen2, "C"))
    c2:tap()
    assert.are.same({ "C" }, seen2)
  end)

  it("a clone's chains are its own", function()
    local g, _, c = setup()
    local seen = {}
    g:on("tap", noting(seen, "A"))
    local k = g:clone()
    g:on("tap", noting(seen, "C"))
    k:on("tap", noting(seen, "K"))
    k:card(c.id):tap()
    assert.are.same({ "A", "K" }, seen)
    c:tap()
    assert.are.same({ "A", "K", "A", "C" }, seen)
  end)

  it("registered while an event is signalled: a trigger is asked for it, an observer from the next", function()
    local g, ann, c = setup()
    local seen, once = {}, false
    g:on("tap", function(_, game)
      seen[#seen + 1] = "A"
      if once then return end
      once = true
      game:trigger{ event = "tap", controller = ann, condition = function() seen[#seen + 1] = "T"; return false end,
        effect = function() end }
      game:on("tap", noting(seen, "O"))
    end)
    c:tap()
    assert.are.same({ "A", "T" }, seen)
    c:untap()
    c:tap()
    assert.are.same({ "A", "T", "A", "T", "O" }, seen)
  end)

  it("replacements of one type are asked in registration order, an undone one left out", function()
    local g, _, c = setup()
    local asked = {}
    local function repl(name)
      return { event = "tap", applies = function()
        asked[#asked + 1] = name
        if #asked > 20 then error("asked too often: the chain loops") end
        return false
      end,
        replace = function() end }
    end
    g:add_replacement(repl("R1"))
    g:on("tap", function() end)
    g:add_replacement{ event = "untap", applies = function() asked[#asked + 1] = "u"; return false end,
      replace = function() end }
    assert.is_false(g:attempt(function(game) game:add_replacement(repl("R2")); error("undone") end))
    g:add_replacement(repl("R3"))
    c:tap()
    assert.are.same({ "R1", "R3" }, asked)
  end)
end)
