-- Wrath of God (Sorcery, 2WW): "Destroy all creatures. They can't be regenerated."
-- No target: every creature on the battlefield as Wrath resolves, destroyed with
-- {regenerate = false} (a regeneration shield doesn't save it; indestructible still does).
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Wrath of God", types = { "Sorcery" }, colors = { "white" }, cost = "{2}{W}{W}",
  resolve = function(_, g)
    for _, c in ipairs(g.battlefield:cards()) do
      if c:is("Creature") then g:destroy(c, { regenerate = false }) end
    end
  end }

return { def = def }
