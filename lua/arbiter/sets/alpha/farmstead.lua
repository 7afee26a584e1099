-- Farmstead {W}{W}{W} (Enchantment — Aura)
-- Oracle: "Enchant land
-- Enchanted land has "At the beginning of your upkeep, you may pay {W}{W}. If you do, you gain 1 life.""
-- Leans on: an Aura (212.4, enchant land); the land's triggered ability, in force while Farmstead
--   enchants it: "your" upkeep is that of the land's controller, read as it triggers (410); "you
--   may pay" while it resolves (arbiter.ask_pay: the agent asked may "pay", nothing asked of a
--   player who can't pay; 407)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Farmstead",
    step = "upkeep", turn = "attached",
    resolve = function(_, game, aura, ev)
      local you = ev.player                       -- the land's controller as it triggered
      if arbiter.ask_pay(game, you, "{W}{W}", { source = aura }) then game:gain_life(you, 1) end
    end }
end)

return arbiter.card{
  name = "Farmstead", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "white" }, cost = "{W}{W}{W}",
  targets = { "land" }, enchant = "land", install = install,
  oracle = "Enchant land\nEnchanted land has \"At the beginning of your upkeep, you may pay {W}{W}. If you do, you " ..
    "gain 1 life.\"",
}
