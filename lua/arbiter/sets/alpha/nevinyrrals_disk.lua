-- Nevinyrral's Disk {4} (Artifact)
-- Oracle: "Nevinyrral's Disk enters the battlefield tapped.
-- {1}, {T}: Destroy all artifacts, creatures, and enchantments."
-- Leans on: "comes into play tapped" (the era's words for "enters the battlefield tapped": no
--   "tap" event); an activated ability (406) destroying every artifact, creature and enchantment
--   as it resolves, the Disk itself included (regeneration and indestructible apply)
-- examples/cards/nevinyrrals_disk.lua returns this definition.
local arbiter = require("arbiter")

local function doomed(c) return c:is("Artifact") or c:is("Creature") or c:is("Enchantment") end

return arbiter.card{
  name = "Nevinyrral's Disk", types = { "Artifact" }, cost = "{4}",
  abilities = { "comes into play tapped" },
  activated = { { cost = "{1},{T}", effect = function(_, g)
    for _, c in ipairs(g.battlefield:cards()) do
      if doomed(c) then g:destroy(c) end
    end
  end } },
  oracle = "Nevinyrral's Disk enters the battlefield tapped.\n{1}, {T}: Destroy all artifacts, creatures, and " ..
    "enchantments.",
}
