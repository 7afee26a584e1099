-- Plague Rats {2}{B} (Creature — Rat */*)
-- Oracle: "Plague Rats's power and toughness are each equal to the number of creatures named
-- Plague Rats on the battlefield."
-- Leans on: characteristic-defining P/T (418.5, computed first in the P/T layer); every
--   player's creatures count, itself included
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function rats(_, g)
  local n = 0
  for _, x in ipairs(g.battlefield:cards()) do if x.name == "Plague Rats" and x:is("Creature") then n = n + 1 end end
  return n
end

-- each computed once per recomputation for both (A.counted_pt)
local power, toughness = A.counted_pt(rats)

return arbiter.card{
  name = "Plague Rats", types = { "Creature" }, subtypes = { "Rat" }, colors = { "black" },
  cost = "{2}{B}", power = power, toughness = toughness,
  oracle = "Plague Rats's power and toughness are each equal to the number of creatures named Plague Rats "
    .. "on the battlefield.",
}
