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

local function install(g, card)
  local granted = {}          -- creature -> true
  local function give(c)
    if not granted[c] and c ~= card and is_creature(c) and c.zone == "battlefield"
        and c.controller == card.controller then
      c:grant(MENACE); granted[c] = true
    end
  end
  local function take(c)
    if not granted[c] then return end
    granted[c] = nil
    local n = c:count(MENACE)
    c:revoke(MENACE)
    for _ = 2, n do c:grant(MENACE) end
  end
  for _, c in ipairs(g.battlefield:cards()) do give(c) end
  local handles = {}
  local function arrive(ev)
    if card.zone ~= "battlefield" then return end
    if ev.card and ev.card.zone == "battlefield" then give(ev.card) end
  end
  handles[1] = g:on("create", arrive)
  handles[2] = g:on("zone_change", function(ev)
    if ev.card == card and ev.from == "battlefield" then
      for c in pairs(granted) do take(c) end
      for _, h in ipairs(handles) do g:off(h) end
    elseif ev.from == "battlefield" then
      take(ev.card)           -- a creature leaving keeps no grant
    else
      arrive(ev)
    end
  end)
  return handles
end

return { def = def, install = install, MENACE = MENACE }
