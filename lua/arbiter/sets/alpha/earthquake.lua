-- Earthquake {X}{R} (Sorcery)
-- Oracle: "Earthquake deals X damage to each creature without flying and each player."
-- Leans on: {X} (409.1); damage to creatures and players; protection (502.7); state-based actions (420.5)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Earthquake", types = { "Sorcery" }, colors = { "red" }, cost = "{X}{R}",
  resolve = function(obj, g, quake)
    for _, c in ipairs(g.battlefield:cards()) do
      if c.zone == "battlefield" and c:is("Creature") and not c:has("flying") then g:damage(quake, c, obj.x) end
    end
    for _, p in ipairs(g:apnap()) do
      if not p.lost then g:damage(quake, p, obj.x) end
    end
  end,
  oracle = "Earthquake deals X damage to each creature without flying and each player.",
}
