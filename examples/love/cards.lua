-- The duel's cards: two 40-card decks, green-red (yours) and red (agents.simple's).
-- Spells with targets ask their caster choose(p, "target", ...) as they resolve: for you,
-- a question the host driver brings to the screen; for the agent, its own choice.
return function(arbiter)
  local function land(name, sub)
    return arbiter.card{ name = name, types = { "Land" }, subtypes = { sub }, supertypes = { "Basic" } }
  end
  local function creature(name, color, cost, p, t, abilities)
    return arbiter.card{ name = name, types = { "Creature" }, colors = { color }, cost = cost,
      power = p, toughness = t, abilities = abilities or {} }
  end

  -- the legal targets, the caster's opponents first (agents.simple picks the first option)
  local function targets(g, p, players, creatures)
    local out = {}
    if players then
      for _, q in ipairs(g.players) do if q ~= p and not q.lost then out[#out + 1] = q end end
    end
    if creatures then
      for _, q in ipairs(g.players) do
        if q ~= p then for _, c in ipairs(g:permanents(q, "Creature")) do out[#out + 1] = c end end
      end
      for _, c in ipairs(g:permanents(p, "Creature")) do out[#out + 1] = c end
    end
    if players then out[#out + 1] = p end
    return out
  end

  local function burn(name, cost, n, kind, text, players, creatures)
    return arbiter.card{ name = name, types = { kind }, colors = { "red" }, cost = cost, text = text,
      resolve = function(g, card, p)
        local options = targets(g, p, players, creatures)
        if #options == 0 then return end
        local t = arbiter.ask_choose(g, p, "target", options, { spell = card, amount = n })
        g:damage(card, t, n)
      end }
  end

  local C = {
    forest = land("Forest", "Forest"), mountain = land("Mountain", "Mountain"),
    bears = creature("Grizzly Bears", "green", 2, 2, 2),
    spider = creature("Giant Spider", "green", 4, 2, 4, { "reach" }),
    wall = creature("Wall of Wood", "green", 1, 0, 3, { "defender" }),
    elves = creature("Llanowar Scout", "green", 1, 1, 1),
    wurm = creature("Craw Wurm", "green", 6, 6, 4),
    goblin = creature("Raging Goblin", "red", 1, 1, 1, { "haste" }),
    giant = creature("Hill Giant", "red", 3, 3, 3),
    piker = creature("Goblin Piker", "red", 2, 2, 1),
    ogre = creature("Gray Ogre", "red", 3, 2, 2),
    drake = creature("Wind Drake", "blue", 3, 2, 2, { "flying" }),
    knight = creature("Youthful Knight", "white", 2, 2, 1, { "first strike" }),
    brute = creature("Ogre Brute", "red", 4, 4, 3),
    shock = burn("Shock", 1, 2, "Instant", "2 damage to any target", true, true),
    axe = burn("Lava Axe", 5, 5, "Sorcery", "5 damage to target player", true, false),
  }

  local function deck(list)
    local out = {}
    for _, e in ipairs(list) do for _ = 1, e[1] do out[#out + 1] = e[2] end end
    return out
  end
  C.yours = deck{ { 9, C.forest }, { 8, C.mountain }, { 4, C.bears }, { 3, C.giant }, { 2, C.wall },
    { 3, C.goblin }, { 2, C.spider }, { 1, C.wurm }, { 2, C.elves }, { 4, C.shock }, { 2, C.axe } }
  C.theirs = deck{ { 17, C.mountain }, { 4, C.piker }, { 4, C.ogre }, { 3, C.drake }, { 3, C.knight },
    { 3, C.brute }, { 2, C.giant }, { 4, C.shock } }
  return C
end
