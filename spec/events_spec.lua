-- Event kinds beyond the actions' own: "create" (a card made by g:create is recorded in the
-- history, so observers and triggers see it) and generic named events (g:declare_event,
-- g:emit), which go through the same pipeline as every built-in event: replacements (614.5:
-- each at most once), the history, observers, triggered abilities.
local H = require("helpers")
local arbiter = H.arbiter

describe("create events", function()
  it("g:create records a 'create' event with the card, its owner and its zone", function()
    local g, ann, bob = H.game()
    local seen = {}
    g:on("create", function(ev) seen[#seen + 1] = ev end)
    local b = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local c = g:create(H.plain, { owner = ann })
    local evs = H.events(g, "create")
    assert.are.equal(2, #evs)
    assert.are.same({ b, bob, "battlefield" }, { evs[1].card, evs[1].player, evs[1].to })
    assert.are.same({ c, ann, "library" }, { evs[2].card, evs[2].player, evs[2].to })
    assert.are.equal(2, #seen)
  end)

  it("observers see the whole card (its definition and abilities)", function()
    local g, ann = H.game()
    local got
    g:on("create", function(ev) got = { ev.card.name, ev.card.power, ev.card:has("flying") } end)
    g:create(arbiter.card{ name = "Drake", types = { "Creature" }, power = 2, toughness = 3,
      abilities = { "flying" } }, { owner = ann, zone = "battlefield" })
    assert.are.same({ "Drake", 2, true }, got)
  end)

  it("a 'create' trigger waits for settle; an undone creation records nothing", function()
    local g, ann = H.game()
    g:trigger{ event = "create", controller = ann, effect = function() ann.life = ann.life + 1 end }
    g:create(H.plain, { owner = ann })
    assert.are.equal(20, ann.life)
    g:settle()
    assert.are.equal(21, ann.life)
    local n = g:history_length()
    g:attempt(function(g2) g2:create(H.plain, { owner = ann }); error("no") end)
    assert.are.equal(n, g:history_length())
    g:settle()
    assert.are.equal(21, ann.life)
  end)
end)

describe("named events (g:declare_event, g:emit)", function()
  it("an emitted event is recorded with its name as its type, and its fields", function()
    local g, ann = H.game()
    local c = g:create(H.plain, { owner = ann, zone = "hand" })
    g:declare_event("cycle")
    assert.is_true(g:emit("cycle", { player = ann, card = c, amount = 2 }))
    local ev = H.events(g, "cycle")[1]
    assert.are.same({ "cycle", "cycle", ann, c, 2 }, { ev.type, ev.name, ev.player, ev.card, ev.amount })
  end)

  it("may carry from and to zones (as zone_change events do); a replacement may change to", function()
    local g, ann = H.game()
    local c = g:create(H.plain, { owner = ann, zone = "hand" })
    g:declare_event("discover")
    local seen
    g:on("discover", function(ev) seen = ev end)
    g:add_replacement{ event = "discover", replace = function(ev) ev.to = "exile"; return ev end }
    assert.is_true(g:emit("discover", { card = c, from = "hand", to = "graveyard" }))
    assert.are.same({ "hand", "exile" }, { seen.from, seen.to })
    local ev = H.events(g, "discover")[1]
    assert.are.same({ "hand", "exile" }, { ev.from, ev.to })
    assert.has_error(function() g:emit("discover", { to = "nowhere" }) end,
      "bad argument #2 to 'emit' (to must be a zone name, got \"nowhere\")")
  end)

  it("observers, triggers and replacements registered for the name see only that name", function()
    local g, ann, bob = H.game()
    g:declare_event("cycle")
    g:declare_event("explore")
    local seen, fired = {}, 0
    g:on("cycle", function(ev) seen[#seen + 1] = ev.player.name end)
    g:trigger{ event = "cycle", controller = ann, effect = function() fired = fired + 1 end }
    g:emit("cycle", { player = ann })
    g:emit("explore", { player = bob })
    g:emit("cycle", { player = bob })
    g:settle()
    assert.are.same({ "Ann", "Bob" }, seen)
    assert.are.equal(2, fired)
  end)

  it("a replacement may change it or replace it entirely; each applies once (614.5)", function()
    local g, ann, bob = H.game()
    g:declare_event("cycle")
    local n = 0
    g:add_replacement{ event = "cycle", applies = function(ev) return ev.player == ann end,
      replace = function(ev, g2)
        n = n + 1
        g2:emit("cycle", { player = ann, amount = 1 })   -- the modified event: not replaced again
      end }
    g:add_replacement{ event = "cycle", applies = function(ev) return ev.player == bob end,
      replace = function(ev) ev.amount = ev.amount * 10; return ev end }
    assert.is_false(g:emit("cycle", { player = ann, amount = 5 }))
    assert.is_true(g:emit("cycle", { player = bob, amount = 3 }))
    local amounts = {}
    for _, ev in ipairs(H.events(g, "cycle")) do amounts[#amounts + 1] = ev.amount end
    assert.are.same({ 1, 30 }, amounts)
    assert.are.equal(1, n)
  end)

  it("an error in a named event's script undoes the whole emit", function()
    local g, ann = H.game()
    g:declare_event("cycle")
    g:on("cycle", function() error("observer broke") end)
    local n = g:history_length()
    local ok, err = pcall(g.emit, g, "cycle", { player = ann })
    assert.is_false(ok)
    assert.is_truthy(err:find("observer (cycle) failed", 1, true), err)
    assert.are.equal(n, g:history_length())
  end)

  it("undeclared or built-in names and bad fields are errors that name them", function()
    local g, ann = H.game()
    local other = H.game()
    assert.has_error(function() g:on("cycel", function() end) end,
      "bad argument #1 to 'on' (unknown event type \"cycel\" (declare your own with g:declare_event))")
    assert.has_error(function() g:emit("cycle", {}) end)
    assert.has_error(function() g:declare_event("draw") end,
      "bad argument #1 to 'declare_event' (\"draw\" is a built-in event type)")
    assert.has_error(function() g:emit("draw", { player = ann }) end)
    g:declare_event("cycle")
    assert.has_error(function() g:emit("cycle", { player = other.players[1] }) end)
    assert.has_error(function() g:emit("cycle", { amount = 1.5 }) end,
      "bad argument #2 to 'emit' (amount must be an integer, got 1.5)")
    assert.are.equal(0, #H.events(g, "cycle"))
  end)
end)
