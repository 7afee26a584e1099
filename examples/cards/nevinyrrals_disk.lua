-- Nevinyrral's Disk (Artifact, 4): "Nevinyrral's Disk comes into play tapped. {1}, {T}: Destroy
-- all artifacts, creatures, and enchantments."
-- "Comes into play tapped" is an ability of the vocabulary: it enters tapped, with no "tap"
-- event (it was never untapped on the battlefield). The Disk destroys itself too (it is an
-- artifact), all at once as its ability resolves.
local arbiter = require("arbiter")

local function doomed(c) return c:is("Artifact") or c:is("Creature") or c:is("Enchantment") end

local def = arbiter.card{ name = "Nevinyrral's Disk", types = { "Artifact" }, cost = "{4}",
  abilities = { "comes into play tapped" },
  activated = { { cost = "{1},{T}", effect = function(_, g)
    for _, c in ipairs(g.battlefield:cards()) do
      if doomed(c) then g:destroy(c) end
    end
  end } } }

return { def = def }
