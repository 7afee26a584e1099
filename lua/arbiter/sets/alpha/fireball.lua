-- Fireball {X}{R} (Sorcery)
-- Oracle: "Fireball deals X damage divided evenly, rounded down, among any number of target
-- creatures and/or players.
-- Fireball costs {1} more to cast for each target beyond the first."
-- Leans on: {X} (409.1); any number of targets (409.1c); cost increases (409.1e); targets on resolution (413)
-- Any number of targets (the engine sets no cap). The division is made as Fireball
-- is cast: a target that became illegal gets nothing and the others don't get its share (413).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Fireball", types = { "Sorcery" }, colors = { "red" }, cost = "{X}{R}",
  targets = { { what = "creature or player", max = math.huge, extra_cost = "{1}" } },
  resolve = function(obj, g, fireball)
    local share = math.floor(obj.x / #obj.targets)
    for _, t in ipairs(obj.targets) do
      if t then g:damage(fireball, t, share) end
    end
  end,
  oracle = "Fireball deals X damage divided evenly, rounded down, among any number of target creatures " ..
    "and/or players.\nFireball costs {1} more to cast for each target beyond the first.",
}
