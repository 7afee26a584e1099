-- Stone Giant {2}{R}{R} (Creature — Giant 3/4)
-- Oracle: "{T}: Target creature you control with toughness less than Stone Giant's power gains flying until end
--   of turn. Destroy that creature at the beginning of the next end step."
-- Leans on: a {T} ability (summoning sickness, 502.5b) with a target checked as it is chosen
--   and again on resolution (413: the Giant's power and the creature's toughness then); flying
--   until end of turn (g:grant); a delayed trigger remembering "that creature" (g:delayed_trigger,
--   step = "end": the next end step; one that left play since is a new object and nothing is
--   destroyed, 217.1c); destruction (regeneration can save it, 419.6b)
local arbiter = require("arbiter")

local function yours_and_lighter(c, _, giant)
  return c.controller == giant.controller and c.toughness < giant.power
end

local function fling(obj, g, giant)
  local c = obj.targets[1]
  if not c then return end
  g:grant(c, "flying", { ["until"] = "end_of_turn" })
  g:delayed_trigger{ event = "step", step = "end", controller = obj.controller, source = giant,
    name = "Stone Giant", objects = { c },
    effect = function(_, game, _, delayed)
      if delayed.objects[1] then game:destroy(delayed.objects[1]) end
    end }
end

return arbiter.card{
  name = "Stone Giant", types = { "Creature" }, subtypes = { "Giant" }, colors = { "red" }, cost = "{2}{R}{R}",
  power = 3, toughness = 4,
  activated = { { cost = "{T}", targets = { { what = "creature", filter = yours_and_lighter } }, resolve = fling } },
  oracle = "{T}: Target creature you control with toughness less than Stone Giant's power gains flying until end " ..
    "of turn. Destroy that creature at the beginning of the next end step.",
}
