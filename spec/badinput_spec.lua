-- Bad input: every contract function of the drawing / losing / discarding / effects / atomic
-- areas rejects a wrong type, an unknown name, a card of another game or a negative count with
-- an error that names the argument and the bad value, and leaves the game unchanged (422).
local H = require("helpers")
local arbiter = H.arbiter

local function setup()
  local g, ann, bob = H.game{ seed = 17 }
  H.deck(g, ann, 5); H.deck(g, bob, 5)
  local c = g:create(H.plain, { owner = ann, zone = "hand" })
  local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
  local g2 = arbiter.new_game{ players = { "Xena", "Yuri" }, seed = 17 }
  local other = g2:create(arbiter.card{ name = "Foreign Card", types = { "Sorcery" } },
    { owner = g2.players[1], zone = "hand" })
  return { g = g, ann = ann, bob = bob, c = c, bear = bear, g2 = g2, x = g2.players[1], other = other }
end

-- each case: description, function(s), and plain substrings the message must contain
-- the caller's line in an error raised for it (Lua 5.1 names none for these errors: not
-- the quick tests' doing, the checks called always gave none there either)
local HERE = (_VERSION == "Lua 5.1" and not rawget(_G, "jit")) and "" or "badinput_spec.lua:"

local cases = {
  { "draw: a string for the player", function(s) s.g:draw("Ann") end, { "#1", "'draw'", "player", '"Ann"' } },
  { "draw: a player of another game", function(s) s.g:draw(s.x) end, { "#1", "'draw'", "another game", "Xena" } },
  { "draw: a negative count", function(s) s.g:draw(s.ann, -1) end, { "#2", "'draw'", "-1" } },
  { "draw: a fractional count", function(s) s.g:draw(s.ann, 1.5) end, { "#2", "'draw'", "1.5" } },
  { "draw: a string count", function(s) s.g:draw(s.ann, "2") end, { "#2", "'draw'", '"2"' } },
  { "draw: options not a table", function(s) s.g:draw(s.ann, 1, 7) end, { "#3", "'draw'", "7" } },
  { "draw: after not a function", function(s) s.g:draw(s.ann, 1, { after = 5 }) end, { "#3", "after", "5" } },
  { "draw_each: a negative count", function(s) s.g:draw_each(-2) end, { "#1", "'draw_each'", "-2" } },
  { "draw_each: a string", function(s) s.g:draw_each("all") end, { "#1", "'draw_each'", '"all"' } },
  { "draw_each: a player of another game as key", function(s) s.g:draw_each({ [s.x] = 1 }) end,
    { "#1", "'draw_each'", "another game", "Xena" } },
  { "draw_each: a name as key", function(s) s.g:draw_each({ Ann = 1 }) end, { "#1", "'draw_each'", '"Ann"' } },
  { "draw_each: a negative count in the table", function(s) s.g:draw_each({ [s.ann] = 1, [s.bob] = -3 }) end,
    { "#1", "'draw_each'", "-3" } },
  { "discard: nil player", function(s) s.g:discard(nil, 1) end, { "#1", "'discard'", "nil" } },
  { "discard: a player of another game", function(s) s.g:discard(s.x, 1) end, { "#1", "'discard'", "Xena" } },
  { "discard: a negative count", function(s) s.g:discard(s.ann, -1) end, { "#2", "'discard'", "-1" } },
  { "discard: options not a table", function(s) s.g:discard(s.ann, 1, "random") end, { "#3", "'discard'", '"random"' } },
  { "move: an unknown zone", function(s) s.g:move(s.c, "sideboard") end, { "#2", "'move'", "sideboard" } },
  { "move: a card of another game", function(s) s.g:move(s.other, "graveyard") end,
    { "#1", "'move'", "another game", "Foreign Card" } },
  { "move: nil card", function(s) s.g:move(nil, "graveyard") end, { "#1", "'move'", "nil" } },
  { "move: an unknown position", function(s) s.g:move(s.c, "library", { position = "middle" }) end,
    { "'move'", "middle" } },
  { "create: an unknown zone", function(s) s.g:create(H.plain, { owner = s.ann, zone = "sideboard" }) end,
    { "'create'", "sideboard" } },
  { "create: an owner of another game", function(s) s.g:create(H.plain, { owner = s.x }) end,
    { "'create'", "another game", "Xena" } },
  { "create: an unknown position", function(s) s.g:create(H.plain, { owner = s.ann, position = "middle" }) end,
    { "'create'", "middle" } },
  { "shuffle: a zone of another game", function(s) s.g:shuffle(s.x.library) end, { "#1", "'shuffle'", "another game" } },
  { "shuffle: a string", function(s) s.g:shuffle("library") end, { "#1", "'shuffle'", '"library"' } },
  { "card: an unknown type", function() arbiter.card{ name = "Z", types = { "Planeswalker" } } end,
    { "'card'", "Planeswalker" } },
  { "card: an unknown color", function() arbiter.card{ name = "Z", colors = { "purple" } } end, { "'card'", "purple" } },
  { "card: an unknown supertype", function() arbiter.card{ name = "Z", supertypes = { "Mythic" } } end,
    { "'card'", "Mythic" } },
  { "card: an unknown ability", function() arbiter.card{ name = "Z", abilities = { "flyng" } } end,
    { "'card'", "flyng" } },
  { "has: an unknown ability", function(s) s.bear:has("flyng") end, { "'has'", "flyng" } },
  { "grant: an unknown ability", function(s) s.bear:grant("teleport") end, { "'grant'", "teleport" } },
  { "revoke: an unknown ability", function(s) s.bear:revoke("teleport") end, { "'revoke'", "teleport" } },
  { "add_replacement: an unknown event", function(s) s.g:add_replacement{ event = "drw", replace = function() end } end,
    { "#1", "'add_replacement'", '"drw"' } },
  { "add_replacement: replace not a function", function(s) s.g:add_replacement{ event = "draw", replace = 5 } end,
    { "#1", "'add_replacement'", "replace", "5" } },
  { "add_replacement: a source of another game",
    function(s) s.g:add_replacement{ event = "draw", replace = function() end, source = s.other } end,
    { "#1", "'add_replacement'", "another game", "Foreign Card" } },
  { "remove_replacement: not a handle", function(s) s.g:remove_replacement(5) end, { "#1", "'remove_replacement'", "5" } },
  { "on: an unknown event", function(s) s.g:on("drew", function() end) end, { "#1", "'on'", '"drew"' } },
  { "on: not a function", function(s) s.g:on("draw", 3) end, { "#2", "'on'", "3" } },
  { "off: not a handle", function(s) s.g:off("x") end, { "#1", "'off'", '"x"' } },
  { "trigger: a controller of another game",
    function(s) s.g:trigger{ event = "draw", controller = s.x, effect = function() end } end,
    { "#1", "'trigger'", "another game", "Xena" } },
  { "trigger: an unknown event",
    function(s) s.g:trigger{ event = "dra", controller = s.ann, effect = function() end } end,
    { "#1", "'trigger'", '"dra"' } },
  { "trigger: effect not a function",
    function(s) s.g:trigger{ event = "draw", controller = s.ann, effect = "boom" } end,
    { "#1", "'trigger'", '"boom"' } },
  -- g:trigger's and g:add_replacement's checks, called only when a quick test fails (effects.lua):
  -- the same errors (those a check raises with level 3, on the caller's line: HERE)
  { "trigger: not a table", function(s) s.g:trigger(5) end,
    { "#1", "'trigger'", "table expected, got 5" } },
  { "trigger: no effect", function(s) s.g:trigger{ event = "draw", controller = s.ann } end,
    { "#1", "'trigger'", "effect: function expected, got nil" } },
  { "trigger: a bad duration",
    function(s) s.g:trigger{ event = "draw", controller = s.ann, effect = function() end, duration = "ever" } end,
    { "#1", "'trigger'", "duration", '"ever"', HERE } },
  { "trigger: a bad target kind",
    function(s) s.g:trigger{ event = "draw", controller = s.ann, effect = function() end, targets = { "sky" } } end,
    { "#1", "'trigger'", "targets[1]", '"sky"', HERE } },
  { "trigger: an unknown event, blamed on the caller",
    function(s) s.g:trigger{ event = 7, controller = s.ann, effect = function() end } end,
    { "#1", "'trigger'", "unknown event type 7", HERE } },
  { "add_replacement: not a table", function(s) s.g:add_replacement("draw") end,
    { "#1", "'add_replacement'", '"draw"' } },
  { "add_replacement: a bad duration",
    function(s) s.g:add_replacement{ event = "draw", replace = function() end, duration = "ever" } end,
    { "#1", "'add_replacement'", "duration", '"ever"', HERE } },
  { "add_replacement: applies true",
    function(s) s.g:add_replacement{ event = "draw", replace = function() end, applies = true } end,
    { "#1", "'add_replacement'", "applies", "true" } },
  { "set_agent: may not a function", function(s) s.g:set_agent(s.ann, { may = 5 }) end, { "#2", "'set_agent'", "5" } },
  { "set_agent: a name for the player", function(s) s.g:set_agent("Ann", {}) end, { "#1", "'set_agent'", '"Ann"' } },
  { "win: a player of another game", function(s) s.g:win(s.x) end, { "#1", "'win'", "another game", "Xena" } },
  { "lose: a number", function(s) s.g:lose(5) end, { "#1", "'lose'", "5" } },
  { "set_active: a player of another game", function(s) s.g:set_active(s.x) end, { "#1", "'set_active'", "Xena" } },
  { "life: a string", function(s) s.ann.life = "ten" end, { "life", '"ten"' } },
  { "life: a fraction", function(s) s.ann.life = 1.5 end, { "life", "1.5" } },
  { "damage: a negative amount", function(s) s.g:damage(s.bear, s.bob, -1) end, { "'damage'", "-1" } },
  { "damage: a target that is neither card nor player", function(s) s.g:damage(s.bear, "Bob", 1) end,
    { "'damage'", '"Bob"' } },
  { "damage: a source of another game", function(s) s.g:damage(s.other, s.bob, 1) end,
    { "'damage'", "another game", "Foreign Card" } },
  -- the target's kind is told by the proxy's own kind (loutcome.c is_proxy), the message as before
  { "damage: a zone as the target", function(s) s.g:damage(s.bear, s.ann.hand, 1) end,
    { "#2", "'damage'", "card or player expected" } },
  { "damage: a target card of another game", function(s) s.g:damage(s.bear, s.other, 1) end,
    { "#2", "'damage'", "another game", "Foreign Card" } },
  { "damage: a target player of another game", function(s) s.g:damage(nil, s.x, 1) end,
    { "#2", "'damage'", "another game", "Xena" } },
  { "attempt: not a function", function(s) s.g:attempt(5) end, { "'attempt'", "5" } },
  { "new_game: a name that isn't a string", function() arbiter.new_game{ players = { "A", 5 } } end,
    { "'new_game'", "5" } },
  { "new_game: a fractional seed", function() arbiter.new_game{ players = { "A", "B" }, seed = 1.5 } end,
    { "'new_game'", "seed", "1.5" } },
  -- version 2: spells, abilities, mana (405, 406, 407, 413, 116)
  { "cast: a card of another game", function(s) s.g:cast(s.ann, s.other) end,
    { "#2", "'cast'", "another game", "Foreign Card" } },
  { "cast: a card on the battlefield", function(s) s.g:cast(s.ann, s.bear) end, { "#2", "'cast'", "405.1" } },
  { "cast: another player's card", function(s) s.g:cast(s.bob, s.c) end, { "#2", "'cast'", "Bob's hand" } },
  { "cast: options not a table", function(s) s.g:cast(s.ann, s.c, 3) end, { "#3", "'cast'", "3" } },
  { "cast: an X where there is none", function(s) s.g:cast(s.ann, s.c, { x = 2 }) end, { "#3", "'cast'", "{X}" } },
  { "activate: an ability that doesn't exist", function(s) s.g:activate(s.ann, s.bear, 1) end,
    { "#3", "'activate'", "no activated ability 1" } },
  { "activate: a permanent the player doesn't control", function(s) s.g:activate(s.bob, s.bear, 1) end,
    { "#2", "'activate'", "Bob controls" } },
  { "add_mana: an unknown symbol", function(s) s.g:add_mana(s.ann, "{Q}") end, { "#2", "'add_mana'", "{Q}" } },
  { "add_mana: a player of another game", function(s) s.g:add_mana(s.x, "{R}") end,
    { "#1", "'add_mana'", "Xena" } },
  { "counter: not a stack object", function(s) s.g:counter(s.c) end, { "#1", "'counter'", "stack object" } },
  -- integers through one checked reader (lobject.c: arb_l_intarg): never truncated to 32 bits
  { "history: 2^32 + 1 (not read as 1)", function(s) s.g:history(2 ^ 32 + 1) end,
    { "#1", "'history'", "from 4294967297 is out of range" } },
  { "history: a fraction", function(s) s.g:history(1.5) end, { "#1", "'history'", "from", "1.5" } },
  { "add_counters: 2^32 counters", function(s) s.bear:add_counters("+1/+1", 2 ^ 32) end,
    { "'add_counters'", "number of counters 4294967296 is out of range" } },
  -- a player's metamethods given the game name what they expected, not "a freed game"
  { "a player's __tostring given the game", function(s) getmetatable(s.ann).__tostring(s.g) end,
    { "#1", "player expected", "arbiter game" } },
  { "a player's __index given the game", function(s) return getmetatable(s.ann).__index(s.g, "life") end,
    { "#1", "player expected", "arbiter game" } },
  -- ... and a card, which is a proxy of the same size (lobject.c tells them apart by their kind)
  { "a player's __newindex given a card", function(s) getmetatable(s.ann).__newindex(s.bear, "life", 3) end,
    { "#1", "player expected", "Bear" } },
  { "a player's __tostring given a zone", function(s) getmetatable(s.ann).__tostring(s.ann.hand) end,
    { "#1", "player expected" } },
}

describe("bad input", function()
  for _, case in ipairs(cases) do
    local desc, fn, needles = case[1], case[2], case[3]
    it(desc .. " raises an error naming the argument and the value; the game is unchanged", function()
      local s = setup()
      local hash, hist = s.g:state_hash(true), s.g:history_length()
      local hash2 = s.g2:state_hash(true)
      local ok, err = pcall(fn, s)
      assert.is_false(ok, desc .. ": no error")
      err = tostring(err)
      for _, needle in ipairs(needles) do
        assert.is_truthy(err:find(needle, 1, true), string.format("%q lacks %q", err, needle))
      end
      assert.are.equal(hash, s.g:state_hash(true))
      assert.are.equal(hist, s.g:history_length())
      assert.are.equal(hash2, s.g2:state_hash(true))
    end)
  end

  it("a bad call doesn't disturb the next good one", function()
    local s = setup()
    assert.is_false((pcall(s.g.draw, s.g, s.ann, -1)))
    assert.is_false((pcall(s.g.discard, s.g, s.x, 1)))
    local drawn = s.g:draw(s.ann, 2)
    assert.are.same({ "Ann-1", "Ann-2" }, H.names(drawn))
  end)

  it("an agent that answers a discard with a card of another game is an error; nothing changes", function()
    local s = setup()
    s.g:set_agent(s.ann, { choose = function() return s.other end })
    local hash = s.g:state_hash(true)
    local ok, err = pcall(s.g.discard, s.g, s.ann, 1)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("discard", 1, true))
    assert.are.equal(hash, s.g:state_hash(true))
  end)

  it("arbiter.has_type given a player or a zone names has_type and its argument (not a crash inside it)", function()
    local s = setup()
    for _, x in ipairs({ s.ann, s.g.battlefield }) do
      local ok, err = pcall(H.arbiter.has_type, x, "Creature")
      assert.is_false(ok)
      assert.is_truthy(tostring(err):find("bad argument #1 to 'has_type'", 1, true), tostring(err))
    end
    assert.is_false(H.arbiter.has_type({ types = { "Land" } }, "Creature"))
  end)
end)
