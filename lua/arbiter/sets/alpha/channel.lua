-- Channel {G}{G} (Sorcery)
-- Oracle: "Until end of turn, any time you could activate a mana ability, you may pay 1 life. If you do,
--   add {1} to your mana pool."
-- Leans on: an ability its caster has from no permanent until end of turn (g:add_ability: a mana
--   ability, 406.1, no stack; its cost {life = 1} paid through the one payment path, 003: no more
--   life than one has); the player activates it with g:activate(p, handle) (g:abilities(p) lists
--   it) whenever he or she could play a mana ability, before paying a cost it should help pay
local arbiter = require("arbiter")

return arbiter.card{
  name = "Channel", types = { "Sorcery" }, colors = { "green" }, cost = "{G}{G}",
  resolve = function(obj, g)
    g:add_ability{ controller = obj.controller, cost = { life = 1 }, mana = "{1}", duration = "end_of_turn" }
  end,
  oracle = "Until end of turn, any time you could activate a mana ability, you may pay 1 life. If you do, add {1} " ..
    "to your mana pool.",
}
