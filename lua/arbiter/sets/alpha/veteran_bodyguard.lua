-- Veteran Bodyguard {3}{W}{W} (Creature — Human 2/5)
-- Oracle: "As long as Veteran Bodyguard is untapped, all damage that would be dealt to you by unblocked
-- creatures is dealt to Veteran Bodyguard instead."
-- Leans on: a redirection: a replacement of the damage event (419; the event's target becomes
--   the Bodyguard, and damage prevention then applies to the Bodyguard); combat state (an
--   attacking creature that isn't blocked, 502.9c); not while it is tapped
local arbiter = require("arbiter")

local function unblocked(c)
  return arbiter.core.kind(c) == "card" and c.zone == "battlefield" and c:is("Creature") and c.attacking
    and not c.blocked
end

local install = arbiter.installer(function(g, card)
  return g:add_replacement{ event = "damage", source = card, name = "Veteran Bodyguard",
    applies = function(ev, _, guard)
      return not guard.tapped and ev.target == guard.controller and unblocked(ev.source)
    end,
    replace = function(ev, _, guard) ev.target = guard; return ev end }
end)

return arbiter.card{
  name = "Veteran Bodyguard", types = { "Creature" }, subtypes = { "Human" }, colors = { "white" },
  cost = "{3}{W}{W}", power = 2, toughness = 5, install = install,
  oracle = "As long as Veteran Bodyguard is untapped, all damage that would be dealt to you by unblocked " ..
    "creatures is dealt to Veteran Bodyguard instead.",
}
