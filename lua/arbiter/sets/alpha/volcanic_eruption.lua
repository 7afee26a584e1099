-- Volcanic Eruption {X}{U}{U}{U} (Sorcery)
-- Oracle: "Destroy X target Mountains. Volcanic Eruption deals damage to each creature and each player equal to
-- the number of Mountains destroyed this way."
-- Leans on: X targets (409.1c: the last target entry's count = "x", each Mountain once; a land
--   with the Mountain type, dual lands too, 212.6); targets rechecked on resolution (413: a
--   Mountain gone or no longer a Mountain is not destroyed and isn't counted); destruction
--   (g:destroy is true only when the land was destroyed: regeneration or indestructible stop
--   it); damage from the spell to every creature and every player
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read by the target filter;
--   Magical Hack changes it).
local arbiter = require("arbiter")

local function mountain(c, _, spell) return c:is(spell.words.type) end

local function erupt(obj, g, spell)
  local n = 0
  for _, land in ipairs(obj.targets) do
    if land and g:destroy(land) then n = n + 1 end
  end
  if n == 0 then return end
  for _, c in ipairs(g.battlefield:cards()) do
    if c:is("Creature") then g:damage(spell, c, n) end
  end
  for _, p in ipairs(g:apnap()) do g:damage(spell, p, n) end
end

return arbiter.card{
  name = "Volcanic Eruption", types = { "Sorcery" }, colors = { "blue" }, cost = "{X}{U}{U}{U}",
  words = { type = "Mountain" },
  targets = { { what = "land", filter = mountain, count = "x" } },
  resolve = erupt,
  oracle = "Destroy X target Mountains. Volcanic Eruption deals damage to each creature and each player equal " ..
    "to the number of Mountains destroyed this way.",
}
