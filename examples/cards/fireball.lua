-- Fireball (Sorcery, XR): "Fireball deals X damage divided evenly, rounded down, among any
-- number of target creatures and/or players. Fireball costs {1} more to play for each target
-- beyond the first."
-- {X} in the cost: g:cast(p, card, {targets = {...}, x = n}) pays X more and obj.x is n.
-- "Any number of targets": a target with max (up to 8 here, the engine's limit), each one
-- beyond the first costing extra_cost more (409.1e). The division is made as Fireball is
-- cast: a target that became illegal gets nothing, the others don't get its share (413).
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Fireball", types = { "Sorcery" }, colors = { "red" }, cost = "{X}{R}",
  targets = { { what = "creature or player", max = 8, extra_cost = "{1}" } },
  resolve = function(obj, g, fireball)
    local share = math.floor(obj.x / #obj.targets)
    for _, t in ipairs(obj.targets) do
      if t then g:damage(fireball, t, share) end
    end
  end }

return { def = def }
