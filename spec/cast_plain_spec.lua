-- The plain cast (issue 28): a spell with nothing to choose or pay but its mana cost, cast with
-- no options where no host code can run, is cast by the core in one call (csrc/lcast_plain.c,
-- GI._cast_plain, tried first by stack.lua's cast_checked for g:cast and the default main
-- phase). It must be the very cast the general path makes: the same checks (418 "can't cast",
-- 405.1 from its owner's hand, 216.2 no token, a land isn't cast; 116 timing), the card put on
-- the stack (405.1), its mana cost paid (409.1f) and the "cast" event, the same errors and 422
-- (a failed cast leaves the game as it was). Here casts are played both ways (the plain cast on,
-- and forced off: arbiter internal _plain_casts = false) on whole games and on many boards, and
-- the games compared: state hash (which holds the random generator's state), every event, every
-- error. The fall-back conditions are specified one by one: the plain cast isn't tried, or it
-- is refused with the game unchanged, and the general path casts or explains.
local H = require("helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")
local GI = I._game
local core = require("arbiter.core")

-- ---------------------------------------------------------------- comparing two games

local function value(v)
  local k = core.kind(v)
  if k == "card" then return "card" .. v.id end
  if k == "player" then return "player" .. v.index end
  if type(v) == "table" then
    local out = {}
    for i = 1, #v do out[i] = value(v[i]) end
    return "{" .. table.concat(out, ",") .. "}"
  end
  return tostring(v)
end

-- every event of g's history, every field but ev.last (a snapshot read when asked), as text
local function events(g)
  local out = {}
  for i, ev in ipairs(g:history()) do
    local keys = {}
    for k in pairs(ev) do if k ~= "last" then keys[#keys + 1] = k end end
    table.sort(keys)
    local parts = {}
    for j, k in ipairs(keys) do parts[j] = k .. "=" .. value(ev[k]) end
    out[i] = table.concat(parts, " ")
  end
  return out
end

-- GI._cast_plain's answers while fn runs: made (cast in one call) and refused (nothing done)
local function watching(fn)
  local orig = GI._cast_plain
  local n = { made = 0, refused = 0 }
  GI._cast_plain = function(...)
    local done, obj = orig(...)
    if done then n.made = n.made + 1 else n.refused = n.refused + 1 end
    return done, obj
  end
  local ok, err = pcall(fn)
  GI._cast_plain = orig
  if not ok then error(err, 0) end
  return n
end

-- play(on) -> a game and a log (a list of what the play observed: results, errors), played with
-- the plain cast on or forced off; both plays must give the same game
local function both_ways(play)
  local runs = {}
  for _, on in ipairs({ true, false }) do
    local g, log
    local seen = watching(function()
      I._plain_casts = on
      local ok, err = pcall(function() g, log = play() end)
      I._plain_casts = true
      if not ok then error(err, 0) end
    end)
    runs[#runs + 1] = { g = g, log = log, seen = seen }
  end
  local a, b = runs[1], runs[2]
  assert.same(b.log, a.log)
  assert.equal(b.g:state_hash(), a.g:state_hash())
  assert.same(events(b.g), events(a.g))
  assert.equal(0, b.seen.made + b.seen.refused)   -- forced off: never tried
  return a.seen, a.g
end

-- ---------------------------------------------------------------- cards

local function land(name, sub)
  return arbiter.card{ name = name, types = { "Land" }, subtypes = { sub }, supertypes = { "Basic" } }
end
local forest, mountain = land("Forest", "Forest"), land("Mountain", "Mountain")
local elves = dofile("examples/cards/llanowar_elves.lua").def          -- {T}: add {G} (a simple source)
local birds = dofile("examples/cards/birds_of_paradise.lua").def       -- one mana of any color: a choice
local ritual = dofile("examples/cards/dark_ritual.lua").def             -- a plain instant ({B})
local function creature(name, cost, p, t)
  return arbiter.card{ name = name, types = { "Creature" }, cost = cost, power = p, toughness = t }
end
local bears, ogre, wurm = creature("Bears", "{1}{G}", 2, 2), creature("Ogre", "{2}{R}", 2, 2), creature("Wurm", "{G}{G}", 3, 3)
local goblin = creature("Goblin", "{R}", 1, 1)
local memnite = creature("Memnite", "{0}", 1, 1)
local growth = arbiter.card{ name = "Growth Spurt", types = { "Instant" }, cost = "{G}",
  resolve = function(obj, g) g:gain_life(obj.controller, 2) end }
local wind = arbiter.card{ name = "Wind", types = { "Sorcery" }, cost = "{1}",
  resolve = function(obj, g) g:gain_life(obj.controller, 1) end }
local shock = arbiter.card{ name = "Shock", types = { "Instant" }, cost = "{R}", targets = { "creature or player" },
  resolve = function(obj, g, src) if obj.targets[1] then g:damage(src, obj.targets[1], 2) end end }
local blaze = arbiter.card{ name = "Blaze", types = { "Sorcery" }, cost = "{X}{R}",
  resolve = function(obj, g) g:gain_life(obj.controller, obj.x) end }
local tithe = arbiter.card{ name = "Tithe", types = { "Sorcery" }, cost = "{G}",
  pay = function(_, g, card) g:lose_life(card.owner, 1) end,
  resolve = function(obj, g) g:gain_life(obj.controller, 3) end }
local dawn = arbiter.card{ name = "Dawn", types = { "Sorcery" }, cost = "{G}",
  cast_condition = function(g) return g.turn > 1, "not on the first turn" end,
  resolve = function(obj, g) g:gain_life(obj.controller, 1) end }
local choice = arbiter.card{ name = "Choice", types = { "Sorcery" }, cost = "{G}",
  modes = { { resolve = function(obj, g) g:gain_life(obj.controller, 1) end },
            { resolve = function(obj, g) g:gain_life(obj.controller, 2) end } } }
local HAND = { bears, ogre, wurm, goblin, memnite, growth, wind, shock, blaze, tithe, dawn, choice, ritual, forest }

-- ---------------------------------------------------------------- whole games

describe("the plain cast: whole games both ways (405.1, 409.1f, 422; issue 28)", function()
  local new_game = dofile("bench/game_decks.lua")(arbiter, "./")

  it("the bench's games (random agents, the default main phase): the same game, every cast plain", function()
    for seed = 1, 6 do
      local seen, g = both_ways(function()
        local game = new_game(seed)
        local r = game:play{ max_turns = 400 }
        return game, { r and (r.draw and "draw" or r.winner.name) or "none", game.turn }
      end)
      local casts = #H.events(g, "cast")
      assert.is_true(casts > 0)
      assert.equal(casts, seen.made)          -- a creature deck on basic lands: all plain
      assert.equal(0, seen.refused)
    end
  end)

  it("games where agents answer priority (instants in response): the same game, casts plain", function()
    for seed = 1, 3 do
      local seen = both_ways(function()
        local game = new_game(seed, true)
        game:play{ max_turns = 400 }
        return game, { game.turn }
      end)
      -- an agent answering priority runs only when settle asks it, never inside a cast
      -- (arb_host_effects_free): the main phase's plain spells are cast in one call
      assert.is_true(seen.made > 0)
    end
  end)

  it("four players, a range of influence: the same game", function()
    local seen = both_ways(function()
      local game = new_game(2, false, { players = 4, range = 1 })
      game:play{ max_turns = 800 }
      return game, { game.turn }
    end)
    assert.is_true(seen.made > 0)
  end)

  it("a recorded game with plain casts replays step by step with the general path (the same hashes)", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3, record = true }
    local ann = g.players[1]
    for _ = 1, 3 do g:create(forest, { owner = ann, zone = "battlefield" }) end
    local c1 = g:create(bears, { owner = ann, zone = "hand" })
    local c2 = g:create(memnite, { owner = ann, zone = "hand" })
    local seen = watching(function()
      g:cast(ann, c1)
      g:settle()
      g:cast(ann, c2)
      g:settle()
    end)
    assert.equal(2, seen.made)
    I._plain_casts = false
    local replayed, err = arbiter.replay(g:recording())
    I._plain_casts = true
    assert.is_truthy(replayed, err)
    assert.equal(g:state_hash(), replayed:state_hash())
  end)
end)

-- ---------------------------------------------------------------- many boards

-- A board from a seed: Ann's lands (Forests, Mountains, some tapped), maybe Llanowar Elves or
-- Birds of Paradise, mana in her pool, a hand of spells plain and not, a moment (no turn, her
-- main phase, her upkeep, Bob's main phase), maybe a rule effect or a "can't cast" effect; then
-- each card of her hand (and one of Bob's) is cast with g:cast, the stack resolved or not.
local function board(seed)
  local r = arbiter.agents.rng(seed)
  local g, ann, bob = H.game{ seed = seed }
  -- every third board: agents that answer priority (passing), so settle asks them between casts
  local none = seed % 3 == 0 and { main = function() end, priority = function() end } or { main = function() end }
  g:set_agent(ann, none)
  g:set_agent(bob, none)
  for _ = 1, r(5) - 1 do g:create(forest, { owner = ann, zone = "battlefield", tapped = r(4) == 1 }) end
  for _ = 1, r(4) - 1 do g:create(mountain, { owner = ann, zone = "battlefield", tapped = r(4) == 1 }) end
  if r(4) == 1 then g:create(elves, { owner = ann, zone = "battlefield", sick = r(2) == 1 }) end
  if r(6) == 1 then g:create(birds, { owner = ann, zone = "battlefield", sick = false }) end
  local hand = {}
  for i = 1, r(5) + 1 do hand[i] = g:create(HAND[r(#HAND)], { owner = ann, zone = "hand" }) end
  if r(8) == 1 then                              -- a token in the hand (216.2: not cast)
    local t = g:create_token(bears, { controller = ann })
    g:move(t, "hand")
    hand[#hand + 1] = t
  end
  hand[#hand + 1] = g:create(HAND[r(#HAND)], { owner = bob, zone = "hand" })
  local moment = r(4)
  if moment == 2 then g:begin_turn(ann); g:main_phase()
  elseif moment == 3 then g:begin_turn(ann); g:upkeep_step()
  elseif moment == 4 then g:begin_turn(bob); g:main_phase() end
  local extra = r(10)
  if extra == 1 then g:add_static{ spell_cost = "{1}" }
  elseif extra == 2 then g:add_static{ affects = ann, prohibit = "cast" }
  elseif extra == 3 then g:trigger{ event = "cast", controller = bob, effect = function(_, game) game:gain_life(bob, 1) end } end
  local log = {}
  for _, c in ipairs(hand) do
    if r(3) == 1 then g:add_mana(ann, r(2) == 1 and "{G}" or "{R}{1}") end
    local ok, err = pcall(g.cast, g, ann, c)
    log[#log + 1] = ok and "cast" or tostring(err)
    if r(2) == 1 then g:settle() end
  end
  return g, log
end

describe("the plain cast: many boards both ways (405.1, 409.1f, 116, 418, 422; issue 28)", function()
  it("every cast and every error the same, the same games; plain casts made and refused", function()
    local made, refused = 0, 0
    for seed = 1, 150 do
      local seen = both_ways(function() return board(seed) end)
      made, refused = made + seen.made, refused + seen.refused
    end
    -- the boards reach both answers of the core many times over
    assert.is_true(made > 40, "plain casts made: " .. made)
    assert.is_true(refused > 20, "plain casts refused: " .. refused)
  end)
end)

-- ---------------------------------------------------------------- fall-back conditions

-- Ann in her first main phase with lands on the battlefield and card in hand
local function main_with(lands, def, opts)
  local g, ann, bob = H.game(opts)
  g:set_agent(ann, { main = function() end })
  for _, l in ipairs(lands) do g:create(l, { owner = ann, zone = "battlefield", sick = false }) end
  local c = def and g:create(def, { owner = ann, zone = "hand" })
  g:begin_turn(ann)
  g:main_phase()
  return g, ann, bob, c
end

local function tapped(g, p)
  local n = 0
  for _, x in ipairs(g:permanents(p)) do if x.tapped then n = n + 1 end end
  return n
end

-- the core's answer for card c of p's: GI._cast_plain as cast_checked calls it (quiet)
local function try_plain(g, p, c)
  local s = I._spell_of[c]
  local k = s.cost
  return GI._cast_plain(g, p, c, not s.Instant, true, k.white, k.blue, k.black, k.red, k.green, k.generic)
end

-- the core refuses: nothing done (the same hash and history), then g:cast's general path
local function refused(g, p, c)
  local h, n = g:state_hash(), g:history_length()
  assert.is_false(try_plain(g, p, c))
  assert.equal(h, g:state_hash())
  assert.equal(n, g:history_length())
end

describe("the plain cast's fall-back conditions (405.1, 409.1f, 422; issue 28)", function()
  it("a plain cast: one core call, the spell on the stack, its lands tapped, the cast event", function()
    local g, ann, _, c = main_with({ forest, forest, forest }, bears)
    local seen = watching(function() g:cast(ann, c) end)
    assert.same({ made = 1, refused = 0 }, seen)
    assert.equal("stack", c.zone)
    assert.equal(2, tapped(g, ann))
    local evs = H.events(g, "cast")
    assert.equal(c, evs[#evs].card)
    assert.equal(c, g:stack_objects()[1].card)    -- g:cast's stack object (not quiet)
  end)

  it("not tried: targets, modes, {X}, an additional cost, a cast_condition (the spell's own choices)", function()
    for _, def in ipairs({ shock, choice, blaze, tithe, dawn }) do
      local g, ann, _, c = main_with({ forest, mountain, mountain }, def)
      local seen = watching(function() pcall(g.cast, g, ann, c, def == shock and { targets = { ann } } or nil) end)
      assert.same({ made = 0, refused = 0 }, seen)
    end
  end)

  it("not tried: options given (x, targets, without_paying, instructed, face_down, mode, mana_sources)", function()
    for _, opts in ipairs({ { x = 0 }, { targets = {} }, { without_paying = true }, { instructed = true },
        { face_down = true }, { mode = 1 }, { mana_sources = {} } }) do
      local g, ann, _, c = main_with({ forest, forest }, bears)
      local seen = watching(function() pcall(g.cast, g, ann, c, opts) end)
      assert.same({ made = 0, refused = 0 }, seen)
    end
    local g, ann, _, c = main_with({ forest, forest }, bears)
    local seen = watching(function() g:cast(ann, c, { note = "unread" }) end)   -- other keys: unread
    assert.same({ made = 1, refused = 0 }, seen)
  end)

  it("409.1f: a spell cost increase in force (a rule effect): not tried, the general path pays it", function()
    local g, ann, _, c = main_with({ forest, forest, forest }, bears)
    g:add_static{ spell_cost = "{1}" }
    local seen = watching(function() g:cast(ann, c) end)
    assert.same({ made = 0, refused = 0 }, seen)
    assert.equal(3, tapped(g, ann))   -- {1}{G} and {1} more
  end)

  it("refused, nothing done: host code could run (a trigger of the host's)", function()
    local g, ann, _, c = main_with({ forest, forest }, bears)
    g:trigger{ event = "cast", controller = ann, effect = function() end }
    refused(g, ann, c)
  end)

  it("made: agents answering priority, a spell on the stack (no host code runs in a cast; 116, 405.1)", function()
    local g, ann, bob, c = main_with({ forest, forest, forest }, bears)
    g:set_agent(ann, { main = function() end, priority = function() end })
    g:set_agent(bob, { main = function() end, priority = function() end })
    local i = g:create(growth, { owner = ann, zone = "hand" })
    local seen = watching(function() g:cast(ann, c); g:cast(ann, i) end)
    assert.same({ made = 2, refused = 0 }, seen)
    local objs = g:stack_objects()
    assert.equal(i, objs[1].card)                 -- the instant on top of the creature spell
    assert.equal(c, objs[2].card)
    assert.equal(3, tapped(g, ann))
    g:settle()                                    -- both agents asked, both pass: both resolve
    assert.equal("battlefield", c.zone)
    assert.equal(22, ann.life)
  end)

  it("refused, nothing done: 418 a \"can't cast\" effect, 405.1 not in the hand, a land, 216.2 a token", function()
    local g, ann, _, c = main_with({ forest, forest }, bears)
    g:add_static{ affects = ann, prohibit = "cast" }
    refused(g, ann, c)
    local bob
    g, ann, bob, c = main_with({ forest, forest }, bears)
    local theirs = g:create(goblin, { owner = bob, zone = "hand" })
    refused(g, ann, theirs)
    refused(g, bob, c)
    g:move(c, "graveyard")
    refused(g, ann, c)
    local l = g:create(forest, { owner = ann, zone = "hand" })
    refused(g, ann, l)
    local t = g:create_token(bears, { controller = ann })
    g:move(t, "hand")
    refused(g, ann, t)
  end)

  it("refused, nothing done: 116 timing (a sorcery in the upkeep or on another's turn, a spell on the stack)", function()
    local g, ann, bob = H.game()
    g:set_agent(bob, { main = function() end })
    for _ = 1, 3 do g:create(forest, { owner = ann, zone = "battlefield" }) end
    local c = g:create(bears, { owner = ann, zone = "hand" })
    local i = g:create(growth, { owner = ann, zone = "hand" })
    g:begin_turn(ann)
    g:upkeep_step()
    refused(g, ann, c)
    assert.is_true(try_plain(g, ann, i))      -- an instant: any time ann may act
    g:settle()
    g:begin_turn(bob)
    g:main_phase()
    refused(g, ann, c)
  end)

  it("409.1f refused after the spell went on the stack, all of it undone (422): not enough mana, a choice, a source the core doesn't model", function()
    local g, ann, _, c = main_with({ forest }, bears)
    refused(g, ann, c)                                                   -- one land for {1}{G}
    assert.error_matches(function() g:cast(ann, c) end, "can't pay")     -- the general path's error
    assert.equal("hand", c.zone)
    g, ann, _, c = main_with({ forest, mountain }, wind)                 -- {1}: Forest or Mountain
    refused(g, ann, c)
    g:cast(ann, c)
    assert.equal("stack", c.zone)
    g, ann, _, c = main_with({ birds }, goblin)                           -- a choice of color
    refused(g, ann, c)
    g:cast(ann, c)
    assert.equal("stack", c.zone)
  end)

  it("422: a core allocation failing anywhere in a plain cast: a clean error, the game unchanged, then the same cast", function()
    local fired = 0
    for k = 1, 60 do
      local g, ann = H.game()
      core._history_start(g, 8)                   -- (the history grows during the cast)
      g:set_agent(ann, { main = function() end })
      for _ = 1, 2 do g:create(forest, { owner = ann, zone = "battlefield" }) end
      local c = g:create(bears, { owner = ann, zone = "hand" })
      g:begin_turn(ann)
      g:main_phase()
      local before = g:state_hash(true) .. "/" .. g:history_length()
      core._fail_alloc(k)
      local ok, err = pcall(g.cast, g, ann, c)
      if ok then
        if not core._fail_alloc() then break end  -- past the cast's allocations: none fired
        error("k=" .. k .. ": a failed allocation swallowed")
      end
      fired = fired + 1
      assert.truthy(tostring(err):find("not enough memory", 1, true), err)
      assert.equal(before, g:state_hash(true) .. "/" .. g:history_length())
      assert.is_true(core._fail_alloc())          -- disarm: it was the injected failure
      local seen = watching(function() g:cast(ann, c) end)
      assert.same({ made = 1, refused = 0 }, seen)
      assert.equal("stack", c.zone)
    end
    assert.is_true(fired > 0)
  end)

  it("a cost of nothing: the plain cast pays nothing and taps nothing", function()
    local g, ann, _, c = main_with({ forest }, memnite)
    local seen = watching(function() g:cast(ann, c) end)
    assert.same({ made = 1, refused = 0 }, seen)
    assert.equal(0, tapped(g, ann))
  end)
end)
