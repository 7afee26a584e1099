-- Blaze of Glory {W} (Instant)
-- Oracle: "Cast Blaze of Glory only during combat before blockers are declared.
-- Target creature defending player controls can block any number of creatures this turn. It blocks
-- each attacking creature this turn if able."
-- Leans on: cast_condition (the beginning of combat or the declare attackers step: "during combat
--   before blockers are declared"); a target a defending player controls (arbiter.defenders_of),
--   checked on resolution (413); "can block any number of creatures" and "blocks each attacking
--   creature if able" granted until end of turn (g:grant): a requirement per attacking creature
--   (500.1), weighed against the restrictions by the solver (500.4: a flyer it can't block isn't
--   required of it; a creature attacking later, put onto the battlefield attacking, counts too)
local arbiter = require("arbiter")

local BEFORE_BLOCKS = { beginning_of_combat = true, declare_attackers = true }

local function defending(c, g)
  for _, p in ipairs(arbiter.defenders_of(g)) do
    if c.controller == p then return true end
  end
  return false
end

return arbiter.card{
  name = "Blaze of Glory", types = { "Instant" }, colors = { "white" }, cost = "{W}",
  cast_condition = function(g)
    if BEFORE_BLOCKS[g.step] then return true end
    return false, "Blaze of Glory: only during combat before blockers are declared"
  end,
  targets = { { what = "creature", filter = defending } },
  resolve = function(obj, g)
    local c = obj.targets[1]
    g:grant(c, "can block any number of creatures", { ["until"] = "end_of_turn" })
    g:grant(c, "blocks each attacking creature if able", { ["until"] = "end_of_turn" })
  end,
  oracle = "Cast Blaze of Glory only during combat before blockers are declared.\n"
    .. "Target creature defending player controls can block any number of creatures this turn. It blocks "
    .. "each attacking creature this turn if able.",
}
