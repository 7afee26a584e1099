-- Armageddon {3}{W} (Sorcery)
-- Oracle: "Destroy all lands."
-- Leans on: destruction (a replaceable "destroy" event)
-- Each land is destroyed on its own (regeneration and indestructible apply to each); what dies
-- triggers nothing before the spell has finished (triggered abilities wait, 410).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Armageddon", types = { "Sorcery" }, colors = { "white" }, cost = "{3}{W}",
  resolve = function(_, g)
    for _, c in ipairs(g.battlefield:cards()) do
      if c.zone == "battlefield" and c:is("Land") then g:destroy(c) end
    end
  end,
  oracle = "Destroy all lands.",
}
