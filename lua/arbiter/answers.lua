-- arbiter.answers — questions and answers as a host sees them (lua/arbiter/driver.lua):
-- the rule asking each question, option names for a screen, and answers compared and kept
-- by content (cards by id, players by index, stack objects by id, tables by their entries),
-- so that a copy or a clone's card stands for the option, and a recorded answer finds its
-- objects again on a re-run (where a card created during the run is a new Lua value).
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")

return function(arbiter)
  -- The rule that asks each question (seeds' numbers; 2005-2008 CompRules for the stack).
  local RULES = {
    draw = "423.3: an optional draw (\"you may draw\")",
    mulligan = "house rule: land mulligan (reshuffle a hand of no land or all land)",
    replacement = "423.6 / 614: the affected player orders the replacement effects",
    discard = "the player chooses which card to discard",
    damage = "502.2: the attacking creature's controller divides its combat damage",
    land = "main phase: play a land (one each turn)",
    cast = "main phase: cast a spell",
    loop_iterations = "421.5: how many times an optional loop repeats",
    target = "413: choose the targets of a spell or ability",
    mana = "406.1: which mana abilities pay the cost",
    attack = "500.2-500.5: declare attackers (every restriction; as many requirements as any legal one obeys)",
    block = "500.3-500.5: declare blockers (every restriction; as many requirements as any legal one obeys)",
    priority = "116: the player with priority casts a spell, activates an ability, or passes",
  }

  -- ---------------------------------------------------------------- answers by content

  -- A string that equals for equal content: cards by id, players by index, tables by their
  -- entries (options may be copies, or come from a clone of the game).
  local function key(v, depth)
    local t = type(v)
    if t == "userdata" then
      local kind = core.kind(v)
      if kind == "card" then return "c" .. v.id end
      if kind == "player" then return "p" .. v.index end
      if kind == "zone" then return "z" .. v.name .. (v.owner and v.owner.index or "") end
      return tostring(v)
    elseif t == "table" then
      if depth > 4 then return "{...}" end
      local oid = GI._object_id(v)
      if oid then return "o" .. oid end           -- a stack object
      if getmetatable(v) == arbiter._PlayerAbility then return "a" .. v.n end   -- g:add_ability's
      if type(v.id) == "number" and type(v.kind) == "string" then   -- an effect handle
        return "h" .. v.kind .. v.id
      end
      local parts = {}
      for k, x in pairs(v) do parts[#parts + 1] = key(k, depth + 1) .. "=" .. key(x, depth + 1) end
      table.sort(parts)
      return "{" .. table.concat(parts, ",") .. "}"
    end
    if t == "number" and v % 1 == 0 then return "n" .. string.format("%.0f", v) end   -- 2 and 2.0 alike
    return t:sub(1, 1) .. tostring(v)
  end

  -- A value made of cards and players, as ids (kept across re-runs, where a card created
  -- during the run is a new Lua value), and back.
  local function to_ids(v)
    local kind = core.kind(v)
    if kind == "card" then return { card = v.id } end
    if kind == "player" then return { player = v.index } end
    if type(v) ~= "table" then return { value = v } end
    local oid = GI._object_id(v)
    if oid then return { object = oid } end      -- a stack object (a "spell" target)
    if getmetatable(v) == arbiter._PlayerAbility then return { ability = v.n } end   -- by its number
    local out = { entries = {} }
    for k, x in pairs(v) do out.entries[#out.entries + 1] = { to_ids(k), to_ids(x) } end
    return out
  end
  local function from_ids(g, r)
    if r.card then return g:card(r.card) end
    if r.player then return g.players[r.player] end
    if r.object then return GI._object(g, r.object) end
    if r.ability then return (arbiter._env[g].player_abilities or {})[r.ability] end
    if not r.entries then return r.value end
    local out = {}
    for _, e in ipairs(r.entries) do out[from_ids(g, e[1])] = from_ids(g, e[2]) end
    return out
  end

  -- A declaration whose cards belong to g (they may come from a copy or a clone).
  local function in_game(g, v)
    if type(v) ~= "table" then return v end
    return from_ids(g, to_ids(v))
  end

  -- ---------------------------------------------------------------- option names

  local function name_of(o)
    local kind = core.kind(o)
    if kind == "card" or kind == "player" then return o.name end
    if type(o) == "boolean" then return o and "yes" or "no" end
    if type(o) ~= "table" then return tostring(o) end
    if o.kind and o.id then return o.name or tostring(o) end               -- a handle
    local parts = {}
    for k, x in pairs(o) do
      local kk = type(k) == "number" and "" or name_of(k) .. " -> "
      if type(x) == "table" and not core.kind(x) then
        local l = {}
        for i, a in ipairs(x) do l[i] = name_of(a) end
        parts[#parts + 1] = kk .. table.concat(l, " + ")
      else
        parts[#parts + 1] = kk .. name_of(x)
      end
    end
    table.sort(parts)
    return #parts == 0 and "none" or table.concat(parts, ", ")
  end

  arbiter.option_name = name_of
  return { RULES = RULES, key = key, to_ids = to_ids, from_ids = from_ids, in_game = in_game,
    name_of = name_of }
end
