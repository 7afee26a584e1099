-- bench/game_decks.lua — the whole-game benchmark's two decks and its game set-up, shared by
-- bench/game.lua (the timing) and bench/game_digest.lua (the same games' outcomes, to check that
-- a change leaves every game as it was).
-- usage: local new_game = dofile("bench/game_decks.lua")(arbiter, root); new_game(seed, instants, multi)
-- The second value, set_game(set_name, seed[, decks]), sets up a game between two random 40-card
-- decks of a set (issue 27's --set alpha: bench/soak/cards.lua's set_pool and deck), the same
-- agents; the third, set_decks(set_name, seed), builds those two decks alone.
return function(arbiter, root)
  local function land(name, sub)
    return arbiter.card{ name = name, types = { "Land" }, subtypes = { sub }, supertypes = { "Basic" } }
  end
  local function creature(name, p, t, cost, abilities)
    return arbiter.card{ name = name, types = { "Creature" }, power = p, toughness = t, cost = cost,
      abilities = abilities or {} }
  end

  local DECKS = {
    { { 24, land("Forest", "Forest") },
      { 6, creature("Grizzly Bears", 2, 2, 2) }, { 6, creature("Hill Giant", 3, 3, 3) },
      { 4, creature("Giant Spider", 2, 4, 3, { "reach" }) }, { 4, creature("Craw Wurm", 6, 4, 5) },
      { 4, creature("Trained Armodon", 3, 3, 3, { "trample" }) },
      { 4, creature("Raging Goblin", 1, 1, 1, { "haste" }) },
      { 4, creature("Serra Angel", 4, 4, 5, { "flying", "vigilance" }) },
      { 4, creature("Boggart Brute", 3, 2, 3, { "can't be blocked except by two or more creatures" }) } },
    { { 24, land("Mountain", "Mountain") },
      { 6, creature("Goblin Piker", 2, 1, 2) }, { 6, creature("Gray Ogre", 2, 2, 3) },
      { 4, creature("Wind Drake", 2, 2, 3, { "flying" }) },
      { 4, creature("Youthful Knight", 2, 1, 2, { "first strike" }) },
      { 4, creature("Fencing Ace", 1, 1, 2, { "double strike" }) },
      { 4, creature("Wall of Stone", 0, 8, 3, { "defender" }) },
      { 4, creature("Lurking Knight", 2, 2, 3, { "flanking" }) }, { 4, creature("Ogre Brute", 4, 3, 4) } },
  }

  -- The same decks with instants (116, 405): the last four creatures of each become Lightning
  -- Bolts / Giant Growths (colored costs), and the agents answer priority (the simple agent's
  -- answers: burn, pump in a fight), so spells are cast in response in any step.
  local function card(file) return dofile(root .. "examples/cards/" .. file .. ".lua").def end
  local INSTANT_DECKS = {}
  for i, entries in ipairs(DECKS) do
    local copy = {}
    for k = 1, #entries - 1 do copy[k] = entries[k] end
    copy[#entries] = { 4, card(i == 1 and "giant_growth" or "lightning_bolt") }
    INSTANT_DECKS[i] = copy
  end

  -- {count, def} entries expanded into deck lists (arrays of definitions, copies together)
  for i, entries in ipairs(INSTANT_DECKS) do
    local list = {}
    for _, entry in ipairs(entries) do
      for _ = 1, entry[1] do list[#list + 1] = entry[2] end
    end
    INSTANT_DECKS[i] = list
  end
  for i, entries in ipairs(DECKS) do
    local list = {}
    for _, entry in ipairs(entries) do
      for _ = 1, entry[1] do list[#list + 1] = entry[2] end
    end
    DECKS[i] = list
  end

  -- multi (issue 33's speed target): {players = n, range = r}, a free-for-all of n players (the
  -- two decks in turn) with that range of influence
  local NAMES = { "Ann", "Bob", "Cid", "Dee", "Eve", "Fay" }
  local function new_game(seed, instants, multi)
    local names = { "Ann", "Bob" }
    if multi then
      names = {}
      for i = 1, multi.players do names[i] = NAMES[i] end
    end
    local g = arbiter.new_game{ players = names, seed = seed, range = multi and multi.range }
    for i, p in ipairs(g.players) do
      g:create_deck(p, (instants and INSTANT_DECKS or DECKS)[(i - 1) % 2 + 1])
      local a = arbiter.agents.random(seed * 2 + i)
      if instants then a.priority = arbiter.agents.simple_priority end
      g:set_agent(p, a)
    end
    g:start()
    return g
  end

  -- set_decks(set_name, seed) -> the two players' deck lists of set_game's game of that seed (the
  -- bench's own work, not the engine's: a caller that counts only the engine builds them first)
  local pools, cards = {}, nil
  local function set_decks(set_name, seed)
    cards = cards or dofile(root .. "bench/soak/cards.lua")
    pools[set_name] = pools[set_name] or cards.set_pool(require("arbiter.sets." .. set_name))
    local rng = arbiter.agents.rng(seed * 7919 + 17)
    local first = cards.deck(pools[set_name], rng)
    return { first, cards.deck(pools[set_name], rng) }
  end
  -- decks: set_decks(set_name, seed)'s lists (nil: built here)
  local function set_game(set_name, seed, decks)
    decks = decks or set_decks(set_name, seed)
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed }
    for i, p in ipairs(g.players) do
      g:create_deck(p, decks[i])
      g:shuffle(p.library)
      g:set_agent(p, arbiter.agents.random(seed * 2 + i))
    end
    g:start()
    return g
  end

  return new_game, set_game, set_decks
end
