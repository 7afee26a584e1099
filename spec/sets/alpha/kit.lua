-- spec/sets/alpha/kit.lua — what the Alpha card specs share: a two-player game, lands and cards
-- put where a spec needs them, and the moment a card is played from (Ann's main phase, agents
-- that answer as told). Each card spec plays its card as a game plays it: cast with mana from the
-- set's own lands, answered on the stack, resolved, the real outcome asserted.
local H = require("spec.helpers")
local alpha = require("arbiter.sets.alpha")

local K = { H = H, arbiter = H.arbiter, alpha = alpha }

local LAND = { W = "Plains", U = "Island", B = "Swamp", R = "Mountain", G = "Forest" }

-- A two-player game: g, ann (active), bob. Each has a library of 10 plain cards so draws work.
function K.game(opts)
  local g, ann, bob = H.game(opts)
  H.deck(g, ann, 10); H.deck(g, bob, 10)
  return g, ann, bob
end

-- K.lands(g, p, "UUB"): one of the set's basic lands per letter on p's battlefield; returns them
function K.lands(g, p, spec)
  local out = {}
  for ch in spec:gmatch(".") do out[#out + 1] = g:create(alpha[LAND[ch]], { owner = p, zone = "battlefield" }) end
  return out
end

-- A card of the set (by name, or a definition) on p's battlefield, in p's hand, in p's graveyard
local function def_of(x) return type(x) == "string" and assert(alpha[x], x .. " is not in the set") or x end
function K.bf(g, x, p, opts)
  opts = opts or {}
  opts.owner, opts.zone = p, "battlefield"
  return g:create(def_of(x), opts)
end
function K.hand(g, x, p) return g:create(def_of(x), { owner = p, zone = "hand" }) end
function K.grave(g, x, p) return g:create(def_of(x), { owner = p, zone = "graveyard" }) end

-- An agent: answers "target" (and any choose) with pick(what, options, ctx) or the first option;
-- may with yes (default true); passes priority unless priority is given.
function K.agent(t)
  t = t or {}
  return {
    main = function() end,
    may = function(_, what, ctx) if t.may then return t.may(what, ctx) end return true end,
    choose = function(_, what, options, ctx)
      if t.pick then local v = t.pick(what, options, ctx); if v ~= nil then return v end end
      return options[1]
    end,
    priority = t.priority,
  }
end

-- Ann's first main phase of turn 1 (her permanents are no longer summoning-sick: they were there
-- as the turn began). agents: {ann = agent, bob = agent}; K.agent() for a missing one.
function K.main_phase(g, agents)
  agents = agents or {}
  local ann, bob = g.players[1], g.players[2]
  g:set_agent(ann, agents.ann or K.agent()); g:set_agent(bob, agents.bob or K.agent())
  g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
end

-- answers "target" with x (a card or player)
function K.targeting(x) return K.agent{ pick = function(what) if what == "target" then return x end end } end

-- K.cast(g, p, x, mana, opts): the set's basic lands named by mana (one letter a land: "RRR"
-- pays {2}{R}) put on p's battlefield, the card x (a name of the set or a definition) put in p's
-- hand and cast with opts (targets, x). Returns the card and its stack object, not resolved yet:
-- g:settle() resolves it, after any response the agents make.
function K.cast(g, p, x, mana, opts)
  if mana and mana ~= "" then K.lands(g, p, mana) end
  local c = K.hand(g, x, p)
  return c, g:cast(p, c, opts)
end

-- K.combat(g, attackers, blocks): the active player's combat from its beginning through combat
-- damage: the attackers (an array) declared, then blocks ({[blocker] = attacker}), then damage.
function K.combat(g, attackers, blocks)
  g:beginning_of_combat()
  g:attack_step(attackers)
  g:block_step(blocks or {})
  g:damage_step()
end

-- K.turn(g, p): p's next turn from its beginning to its first main phase (untap, upkeep, draw)
function K.turn(g, p)
  g:begin_turn(p); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
end

-- K.once(fn): a priority function for an agent that acts once: the first time fn(p, g) returns
-- an action (fn sees the stack through g:stack_objects()); it passes after that
function K.once(fn)
  local done = false
  return function(p, g)
    if done then return nil end
    local action = fn(p, g)
    if action then done = true end
    return action
  end
end

-- K.responder(act): an agent (K.agent) acting once: the first time act(g, p) returns an action
-- at a priority (K.once); it passes otherwise
function K.responder(act) return K.agent{ priority = K.once(function(p, g) return act(g, p) end) } end

-- K.aura_answered(name, mana, spell, bob_mana, at): Ann's Grizzly Bears enchanted by her Aura
-- `name`; she activates its ability 1 (her lands: `mana`) and Bob answers once with `spell` (his
-- lands: `bob_mana`) targeting the Aura (at = "aura") or the creature ("creature"); then all is
-- settled. What an Aura's ability does once the Aura or its creature has left (413.2: last-known
-- information). Returns g, bears, aura.
function K.aura_answered(name, mana, spell, bob_mana, at)
  local g, ann, bob = K.game()
  local bears = K.bf(g, "Grizzly Bears", ann)
  local aura = K.bf(g, name, ann)
  g:attach(aura, bears)
  if aura.attached_to ~= bears then error("K.aura_answered: " .. name .. " is not attached", 2) end
  K.lands(g, ann, mana)
  K.lands(g, bob, bob_mana)
  local answer = K.hand(g, spell, bob)
  K.main_phase(g)
  local target = at == "aura" and aura or bears
  g:set_agent(bob, K.responder(function() return { cast = answer, targets = { target } } end))
  g:activate(ann, aura, 1)
  g:settle()
  return g, bears, aura
end

-- K.life_spell(cost): a sorcery costing `cost` that gains its caster 1 life (what a land's mana
-- pays for, in a spec)
function K.life_spell(cost)
  return K.arbiter.card{ name = "Test Spell", types = { "Sorcery" }, cost = cost,
    resolve = function(obj, game) game:gain_life(obj.controller, 1) end }
end

-- K.dual_land(name, "G", "W"): an `it` body: the land (two basic land types, 212.6e) pays a spell
-- of either color alone (406.1), and it is not basic while a basic land is
function K.dual_land(name, a, b)
  local check = require("luassert")
  return function()
    for _, color in ipairs({ a, b }) do
      local g, ann = K.game()
      local land = K.bf(g, name, ann)
      local spell = K.hand(g, K.life_spell("{" .. color .. "}"), ann)
      K.main_phase(g)
      g:cast(ann, spell)
      g:settle()
      check.same({ true, 21 }, { land.tapped, ann.life })
    end
    local g, ann = K.game()
    check.same({ false, true }, { K.bf(g, name, ann):is("Basic"), K.lands(g, ann, a)[1]:is("Basic") })
  end
end

-- K.ward(name, color, blocker, aura): the `it` bodies of a Ward's spec ("Enchanted creature has
-- protection from <color>. This effect doesn't remove <this Ward>."): `blocker` (a creature of
-- that color) and `aura` (an Aura of that color, Ann's) are card names of the set.
-- main: Ann casts the Ward on her attacking Hill Giant; Bob's `blocker` can't block it (502.7f)
--   and the Ward, of that color itself, stays attached (the exception, 502.7c).
-- others: another Aura of that color can't enchant the creature and goes to the graveyard (502.7c,
--   420.5); a second Ward of that name can't target it (502.7b: the exception is the one Ward's).
function K.ward(name, blocker, aura)
  local check = require("luassert")
  local function main()
    local g, ann, bob = K.game()
    local giant = K.bf(g, "Hill Giant", ann)
    local foe = K.bf(g, blocker, bob)
    K.main_phase(g)
    local ward = K.cast(g, ann, name, K.alpha[name].cost:sub(2, 2), { targets = { giant } })
    g:settle()
    g:beginning_of_combat()
    g:attack_step({ giant })
    check.same({ "battlefield", giant, false }, { ward.zone, ward.attached_to, (g:check_block({ [foe] = giant })) })
    g:block_step({})
    g:damage_step()
    check.equal(17, bob.life)
  end
  local function others()
    local g, ann = K.game()
    local giant = K.bf(g, "Hill Giant", ann)
    local ward = K.bf(g, name, ann)
    g:attach(ward, giant)
    local other = K.bf(g, aura, ann)
    g:attach(other, giant)          -- not attached: it has protection from the Aura's color
    g:settle()
    check.same({ "battlefield", "graveyard" }, { ward.zone, other.zone })
    K.main_phase(g)
    local second = K.hand(g, name, ann)
    K.lands(g, ann, K.alpha[name].cost:sub(2, 2))
    check.is_false((pcall(g.cast, g, ann, second, { targets = { giant } })))
    check.same({ "hand", "battlefield" }, { second.zone, ward.zone })
  end
  return main, others
end

return K
