-- Lure (Enchantment — Aura, 1GG): "Enchant creature. All creatures able to block enchanted
-- creature do so." The engine's "lure" ability is exactly that; each Lure is one instance
-- (two Lures on one creature are two requirements: the two-Lures ruling, text 004).
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Lure", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" } }

-- install(g, card, creature): Lure enchants `creature`. The grant ends when Lure leaves the
-- battlefield (removing one instance, not the creature's others). Returns the observer handle.
-- The observer keeps ids, not cards, and uses the game it is called with (game:card): a
-- clone shares it, and its cards are other Lua values with the same ids.
local function install(g, card, creature)
  creature:grant("lure")
  local aura, enchanted = card.id, creature.id
  local h
  h = g:on("zone_change", function(ev, game)
    if ev.card.id == aura and ev.from == "battlefield" then
      local c = game:card(enchanted)
      local n = c:count("lure")
      c:revoke("lure")                              -- revoke removes every instance:
      for _ = 2, n do c:grant("lure") end           -- put back the others
      game:off(h)
    end
  end)
  return h
end

return { def = def, install = install }
