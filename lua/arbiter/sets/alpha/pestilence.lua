-- Pestilence {2}{B}{B} (Enchantment)
-- Oracle: "At the beginning of the end step, if no creatures are on the battlefield, sacrifice Pestilence.
-- {B}: Pestilence deals 1 damage to each creature and each player."
-- Leans on: a triggered ability at each end step with an intervening "if" (410: checked as it
--   triggers and again as it resolves); sacrifice (g:sacrifice); an activated ability (406)
--   dealing damage to each creature and each player as it resolves (state-based actions after,
--   420.5), Pestilence being the source even once it has left
local arbiter = require("arbiter")

local function no_creatures(g)
  for _, c in ipairs(g.battlefield:cards()) do if c:is("Creature") then return false end end
  return true
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Pestilence",
    step = "end", condition = function(_, game) return no_creatures(game) end,
    effect = function(_, game, pestilence)
      if pestilence.zone == "battlefield" and no_creatures(game) then game:sacrifice(pestilence) end
    end }
end)

return arbiter.card{
  name = "Pestilence", types = { "Enchantment" }, colors = { "black" }, cost = "{2}{B}{B}", install = install,
  activated = { { cost = "{B}", effect = function(_, g, pestilence)
    for _, c in ipairs(g.battlefield:cards()) do
      if c:is("Creature") then g:damage(pestilence, c, 1) end
    end
    for _, p in ipairs(g.players) do
      if not p.lost then g:damage(pestilence, p, 1) end
    end
  end } },
  oracle = "At the beginning of the end step, if no creatures are on the battlefield, sacrifice Pestilence.\n" ..
    "{B}: Pestilence deals 1 damage to each creature and each player.",
}
