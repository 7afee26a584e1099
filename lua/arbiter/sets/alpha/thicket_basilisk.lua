-- Thicket Basilisk {3}{G}{G} (Creature — Basilisk 2/4)
-- Oracle: "Whenever Thicket Basilisk blocks or becomes blocked by a non-Wall creature, destroy that
-- creature at end of combat."
-- Leans on: Cockatrice's ability (the same text: its install, lua/arbiter/sets/alpha/cockatrice.lua):
--   a trigger on "block" events and a delayed trigger remembering that creature (g:delayed_trigger)
local arbiter = require("arbiter")
local cockatrice = require("arbiter.sets.alpha.cockatrice")

return arbiter.card{
  name = "Thicket Basilisk", types = { "Creature" }, subtypes = { "Basilisk" }, colors = { "green" },
  cost = "{3}{G}{G}", power = 2, toughness = 4, install = cockatrice.install,
  oracle = "Whenever Thicket Basilisk blocks or becomes blocked by a non-Wall creature, destroy that creature "
    .. "at end of combat.",
}
