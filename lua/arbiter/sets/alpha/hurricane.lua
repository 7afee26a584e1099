-- Hurricane {X}{G} (Sorcery)
-- Oracle: "Hurricane deals X damage to each creature with flying and each player."
-- Leans on: {X} (407: obj.x); damage to each creature with flying as it resolves (its
--   abilities now, 418.5) and to each player still in the game; state-based actions wait until
--   it has resolved (420.5), so two players brought to 0 at once draw the game.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Hurricane", types = { "Sorcery" }, colors = { "green" }, cost = "{X}{G}",
  resolve = function(obj, g, hurricane)
    for _, c in ipairs(g.battlefield:cards()) do
      if c:is("Creature") and c:has("flying") then g:damage(hurricane, c, obj.x) end
    end
    for _, p in ipairs(g.players) do
      if not p.lost then g:damage(hurricane, p, obj.x) end
    end
  end,
  oracle = "Hurricane deals X damage to each creature with flying and each player.",
}
