-- Keldon Warlord {2}{R}{R} (Creature — Human Barbarian */*)
-- Oracle: "Keldon Warlord's power and toughness are each equal to the number of non-Wall
-- creatures you control."
-- Leans on: characteristic-defining P/T (418.5, computed first in the P/T layer, after the type
--   layer: an animated land counts); itself included
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function non_walls(c, g)
  local n = 0
  for _, x in ipairs(g:permanents(c.controller, "Creature")) do if not x:is("Wall") then n = n + 1 end end
  return n
end

-- each computed once per recomputation for both (A.counted_pt)
local power, toughness = A.counted_pt(non_walls)

return arbiter.card{
  name = "Keldon Warlord", types = { "Creature" }, subtypes = { "Human", "Barbarian" }, colors = { "red" },
  cost = "{2}{R}{R}", power = power, toughness = toughness,
  oracle = "Keldon Warlord's power and toughness are each equal to the number of non-Wall creatures you control.",
}
