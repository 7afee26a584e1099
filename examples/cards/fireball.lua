-- Fireball (Sorcery, XR): "Fireball deals X damage divided evenly, rounded down, among any
-- number of target creatures and/or players. Fireball costs {1} more to play for each target
-- beyond the first."
-- {X} in the cost: g:cast(p, card, {targets = {...}, x = n}) pays X more and obj.x is n.
-- Written here with one target: a spell's number of targets is fixed by its definition, and
-- its cost can't grow with them (see the README: not yet expressible).
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Fireball", types = { "Sorcery" }, colors = { "red" }, cost = "{X}{R}",
  targets = { "creature or player" },
  resolve = function(obj, g, fireball) g:damage(fireball, obj.targets[1], obj.x) end }

return { def = def }
