-- Sol Ring {1} (Artifact)
-- Oracle: "{T}: Add {2} to your mana pool."
-- Leans on: a mana ability (406.1: no stack; {2} is two colorless mana); the pool empties at
--   the end of each step and unspent mana burns (003: the engine's rule; the Oracle text's
--   successors dropped mana burn)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Sol Ring", types = { "Artifact" }, cost = "{1}",
  activated = { { cost = "{T}", mana = "{2}" } },
  oracle = "{T}: Add {2} to your mana pool.",
}
