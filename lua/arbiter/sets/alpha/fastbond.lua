-- Fastbond {G} (Enchantment)
-- Oracle: "You may play any number of lands on each of your turns.
-- Whenever you play a land, if it wasn't the first land you played this turn, Fastbond deals 1 damage to you."
-- Leans on: extra land plays (rules.land_plays = math.huge, 212.6c), for whoever controls Fastbond
--   now; a trigger on the "land_played" event, whose amount counts the lands that player played
--   this turn (g:lands_played), with its "if" checked as it triggers and again as it resolves
--   (410.8, intervening "if": the count only grows)
local arbiter = require("arbiter")

local function its_controller(p, _, fastbond) return fastbond ~= nil and p == fastbond.controller end

local function not_first(ev, _, fastbond) return ev.player == fastbond.controller and ev.amount > 1 end

local install = arbiter.installer(function(g, card)
  return {
    g:add_static{ source = card, affects = its_controller, rules = { land_plays = math.huge } },
    g:trigger{ event = "land_played", controller = card.controller, source = card, name = "Fastbond",
      condition = not_first,
      resolve = function(obj, game, fastbond) game:damage(fastbond, obj.controller, 1) end },
  }
end)

return arbiter.card{
  name = "Fastbond", types = { "Enchantment" }, colors = { "green" }, cost = "{G}", install = install,
  oracle = "You may play any number of lands on each of your turns.\nWhenever you play a land, if it wasn't the " ..
    "first land you played this turn, Fastbond deals 1 damage to you.",
}
