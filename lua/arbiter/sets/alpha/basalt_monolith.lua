-- Basalt Monolith {3} (Artifact)
-- Oracle: "Basalt Monolith doesn't untap during your untap step.
-- {T}: Add {3} to your mana pool.
-- {3}: Untap Basalt Monolith."
-- Leans on: the untap step's untapping is one replaceable "untap" event per permanent (003):
--   "doesn't untap during your untap step" replaces it with nothing; a mana ability (406.1);
--   an activated ability on the stack that untaps it (406); mana burn (003, the engine's rule)
local arbiter = require("arbiter")

local function in_your_untap_step(_, game, monolith)   -- (its own untap: the replacement's card)
  return game.step == "untap" and game:is_active(monolith.controller)
end

local install = arbiter.installer(function(g, card)
  return g:add_replacement{ event = "untap", source = card, name = "Basalt Monolith",
    card = { self = true }, applies = in_your_untap_step,
    replace = function() end }                       -- it stays tapped
end)

return arbiter.card{
  name = "Basalt Monolith", types = { "Artifact" }, cost = "{3}", install = install,
  activated = {
    { cost = "{T}", mana = "{3}" },
    { cost = "{3}", effect = function(obj, g, monolith)
      if not obj.source_moved and monolith.zone == "battlefield" then monolith:untap() end
    end },
  },
  oracle = "Basalt Monolith doesn't untap during your untap step.\n{T}: Add {3} to your mana pool.\n" ..
    "{3}: Untap Basalt Monolith.",
}
