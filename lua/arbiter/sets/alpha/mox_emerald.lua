-- Mox Emerald {0} (Artifact)
-- Oracle: "{T}: Add {G}."
-- Leans on: mana abilities (406.1: no stack); an artifact's {T} is not bound by summoning
--   sickness (502.5b concerns creatures), so it pays the turn it comes into play.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Mox Emerald", types = { "Artifact" }, cost = "{0}",
  activated = { { cost = "{T}", mana = "{G}" } },
  oracle = "{T}: Add {G}.",
}
