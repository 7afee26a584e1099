-- Nevinyrral's Disk (Artifact, 4): "Nevinyrral's Disk comes into play tapped. {1}, {T}: Destroy
-- all artifacts, creatures, and enchantments."
-- "Comes into play tapped" is written as its install tapping it as it enters: it is tapped
-- before anyone gets priority, but a "tap" event is recorded (the engine has no "enters
-- tapped" yet). The Disk destroys itself too (it is an artifact).
local arbiter = require("arbiter")

local function doomed(c) return c:is("Artifact") or c:is("Creature") or c:is("Enchantment") end

local def = arbiter.card{ name = "Nevinyrral's Disk", types = { "Artifact" }, cost = "{4}",
  install = arbiter.installer(function(_, card) card:tap() end),
  activated = { { cost = "{1},{T}", effect = function(_, g)
    for _, c in ipairs(g.battlefield:cards()) do
      if doomed(c) then g:destroy(c) end
    end
  end } } }

return { def = def }
