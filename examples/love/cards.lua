-- The duel's cards: two 40-card decks, green-red (yours) and red (agents.simple's).
-- Spells with targets ask their caster choose(p, "target", ...) as they are cast: for you,
-- a question the host driver brings to the screen; for the agent, its own choice. Costs are
-- paid with the basic lands' mana abilities ({G} Forest, {R} Mountain).
return function(arbiter)
  local function land(name, sub)
    return arbiter.card{ name = name, types = { "Land" }, subtypes = { sub }, supertypes = { "Basic" } }
  end
  local function creature(name, color, cost, p, t, abilities)
    return arbiter.card{ name = name, types = { "Creature" }, colors = { color }, cost = cost,
      power = p, toughness = t, abilities = abilities or {} }
  end

  -- A spell with targets (413): chosen as it is cast (choose "target" among the legal ones),
  -- checked again as it resolves; an illegal target reads false.
  local function burn(name, cost, n, kind, text, targets)
    return arbiter.card{ name = name, types = { kind }, colors = { "red" }, cost = cost, text = text,
      targets = { targets },
      resolve = function(obj, g, source)
        if obj.targets[1] then g:damage(source, obj.targets[1], n) end
      end }
  end

  local C = {
    forest = land("Forest", "Forest"), mountain = land("Mountain", "Mountain"),
    bears = creature("Grizzly Bears", "green", "{1}{G}", 2, 2),
    spider = creature("Giant Spider", "green", "{3}{G}", 2, 4, { "reach" }),
    wall = creature("Wall of Wood", "green", "{G}", 0, 3, { "defender" }),
    elves = creature("Llanowar Scout", "green", "{G}", 1, 1),
    wurm = creature("Craw Wurm", "green", "{4}{G}{G}", 6, 4),
    goblin = creature("Raging Goblin", "red", "{R}", 1, 1, { "haste" }),
    giant = creature("Hill Giant", "red", "{2}{R}", 3, 3),
    piker = creature("Goblin Piker", "red", "{1}{R}", 2, 1),
    ogre = creature("Gray Ogre", "red", "{2}{R}", 2, 2),
    drake = creature("Wind Drake", "blue", "{3}", 2, 2, { "flying" }),
    knight = creature("Youthful Knight", "white", "{2}", 2, 1, { "first strike" }),
    brute = creature("Ogre Brute", "red", "{3}{R}", 4, 3),
    shock = burn("Shock", "{R}", 2, "Instant", "2 damage to any target", "creature or player"),
    axe = burn("Lava Axe", "{4}{R}", 5, "Sorcery", "5 damage to target player", "player"),
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
