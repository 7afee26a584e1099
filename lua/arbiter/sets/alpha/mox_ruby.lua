-- Mox Ruby {0} (Artifact)
-- Oracle: "{T}: Add {R}."
-- Leans on: mana abilities (406.1: no stack); an artifact's {T} is not bound by summoning
--   sickness (502.5b concerns creatures), so it pays the turn it comes into play.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Mox Ruby", types = { "Artifact" }, cost = "{0}",
  activated = { { cost = "{T}", mana = "{R}" } },
  oracle = "{T}: Add {R}.",
}
