-- arbiter.view — g:view(p): the game as one player sees it, as plain data (strings, numbers,
-- booleans and tables of them: no handles, no functions), for a UI, a network peer or a fair AI.
-- The contract's "Version 3: the details" form. Hidden information: a hand is its owner's, a
-- library no one's (its count only): 217.2a, 217.3a; a hidden card is {hidden = true, id = n}.
-- Every other zone is public (graveyard 217.4a, in play, the stack, removed from game).
-- JSON-encodable: arrays without holes, no mixed keys, finite numbers (spec/view_spec.lua
-- round-trips it through dkjson).
-- Issue 30 extends what a player can see (g:can_see, g:reveal): `visible` is the one place.
local check = require("arbiter.check")
local core = require("arbiter.core")

return function(arbiter, Game)
  local index_of, players_of = arbiter._index, arbiter._players
  local TYPES = { "Artifact", "Creature", "Enchantment", "Instant", "Land", "Sorcery" }
  local COLORS = { "white", "blue", "black", "red", "green" }

  -- who may see a card where it is now: a hand its owner, a library no one, the rest everyone
  local function visible(viewer, c)
    local zone = c.zone
    if zone == "library" then return false end
    if zone == "hand" then return c.owner == viewer end
    return true
  end

  local function has_each(c, names)
    local out = {}
    for _, n in ipairs(names) do if c:is(n) then out[#out + 1] = n end end
    return out
  end

  -- the card's current characteristics (every continuous effect applied: c:is and c.power read
  -- the layers); subtypes are the printed ones it still has
  local function card_view(viewer, c)
    if not visible(viewer, c) then return { hidden = true, id = c.id } end
    local counters = {}
    for kind, n in pairs(c:counters()) do counters[kind] = n end   -- a map: order doesn't reach the game
    local on = c.zone == "battlefield"
    local v = { id = c.id, name = c.name, owner = index_of[c.owner], controller = index_of[c.controller],
      zone = c.zone, types = has_each(c, TYPES), subtypes = has_each(c, c.definition.subtypes),
      colors = has_each(c, COLORS), tapped = on and c.tapped or false, counters = counters,
      abilities = c:abilities() }
    if c:is("Creature") then v.power, v.toughness, v.damage = c.power, c.toughness, c.damage end
    if on then v.sick = c.sick; v.attacking = c.attacking or nil; v.blocked = c.blocked or nil end
    if c.attached_to then v.attached_to = c.attached_to.id end
    return v
  end

  local function cards_view(viewer, zone)
    local out = {}
    for i, c in ipairs(zone:cards()) do out[i] = card_view(viewer, c) end
    return out
  end

  -- a target: a card {what = "card", id}, a player {what = "player", index}, a stack object
  -- {what = "object", card = id}, or {what = "gone"} (a target that changed zones: 217.1c)
  local function target_view(t)
    if t == false or t == nil then return { what = "gone" } end
    local kind = core.kind(t)
    if kind == "player" then return { what = "player", index = index_of[t] } end
    if kind == "card" then return { what = "card", id = t.id } end
    return { what = "object", card = t.card and t.card.id or nil }
  end

  local function stack_view(g, viewer)
    local out = {}
    for i, o in ipairs(g:stack_objects()) do
      local targets = {}
      for j, t in ipairs(o.targets or {}) do targets[j] = target_view(t) end
      out[i] = { kind = o.kind, card = card_view(viewer, o.card), controller = index_of[o.controller],
        targets = targets, x = o.x, ability = o.ability }
    end
    return out
  end

  local function player_view(viewer, p)
    local mana = {}
    for k, n in pairs(p.mana) do mana[k] = n end
    return { index = index_of[p], name = p.name, life = p.life, lost = p.lost or false,
      mana = mana, hand = cards_view(viewer, p.hand), library = { count = #p.library },
      graveyard = cards_view(viewer, p.graveyard), ante = p.ante and cards_view(viewer, p.ante) or {} }
  end

  --- g:view(p): the game as p sees it (docs/API.md).
  function Game:view(p)
    check.object(self, "view", 1, p, "player")
    local ps = {}
    for i, q in ipairs(players_of[self]) do ps[i] = player_view(p, q) end
    local active, priority = self.active_player, self.priority
    return { you = index_of[p], turn = self.turn, step = self.step,
      active = active and index_of[active] or nil, priority = priority and index_of[priority] or nil,
      players = ps, battlefield = cards_view(p, self.battlefield), exile = cards_view(p, self.exile),
      stack = stack_view(self, p) }
  end
end
