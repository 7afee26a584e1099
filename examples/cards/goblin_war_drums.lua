-- Goblin War Drums (Enchantment, 2R): "Each creature you control has menace." (Original
-- wording: "Each creature you control can't be blocked except by two or more creatures.")
-- The engine has no continuous-effect layers: install grants one instance of the ability to
-- each creature its controller controls, to each creature arriving later, and takes those
-- instances back when the Drums leave the battlefield.
local arbiter = require("arbiter")

local MENACE = "can't be blocked except by two or more creatures"
local def = arbiter.card{ name = "Goblin War Drums", types = { "Enchantment" }, colors = { "red" } }

local function is_creature(c)
  for _, t in ipairs(c.types or {}) do if t == "Creature" then return true end end
  return false
end

-- Instances of menace a creature has of its own (printed), as opposed to granted.
local function printed(c)
  local n, printed_def = 0, c.definition
  for _, a in ipairs(printed_def and printed_def.abilities or {}) do if a == MENACE then n = n + 1 end end
  return n
end

-- Whether a Drums other than `card` gives `player`'s creatures menace.
local function other_drums(g, card, player)
  for _, d in ipairs(g.battlefield:cards()) do
    if d ~= card and d.name == def.name and d.controller == player then return true end
  end
  return false
end

-- The grant is read from the game (a creature has one more instance than printed), never kept
-- in a Lua table: an action that is rolled back (g:attempt) undoes the grant but would not
-- undo a Lua table's record of it. Several Drums give one instance between them.
-- The observers use the game they are called with and find the Drums by id (game:card): a
-- clone shares these functions, and its cards are other Lua values with the same ids.
local function give(drums, c)
  if c ~= drums and is_creature(c) and c.zone == "battlefield" and c.controller == drums.controller
      and c:count(MENACE) <= printed(c) then
    c:grant(MENACE)
  end
end

local function take(c)
  local n, own = c:count(MENACE), printed(c)
  if n <= own then return end
  c:revoke(MENACE)
  for _ = 2, n do c:grant(MENACE) end
end

local function install(g, card)
  local id = card.id
  for _, c in ipairs(g.battlefield:cards()) do give(card, c) end
  local handles = {}
  local function arrive(ev, game)
    local drums = game:card(id)
    if drums.zone ~= "battlefield" then return end
    if ev.card and ev.card.zone == "battlefield" then give(drums, ev.card) end
  end
  handles[1] = g:on("create", arrive)
  handles[2] = g:on("zone_change", function(ev, game)
    local drums = game:card(id)
    if ev.card == drums and ev.from == "battlefield" then
      if not other_drums(game, drums, drums.controller) then
        for _, c in ipairs(game.battlefield:cards()) do
          if c.controller == drums.controller and is_creature(c) then take(c) end
        end
      end
      for _, h in ipairs(handles) do game:off(h) end
    elseif ev.from == "battlefield" then
      take(ev.card)           -- a creature leaving keeps no grant
    else
      arrive(ev, game)
    end
  end)
  return handles
end

return { def = def, install = install, MENACE = MENACE }
