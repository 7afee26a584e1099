-- Conservator {4} (Artifact)
-- Oracle: "{3}, {T}: Prevent the next 2 damage that would be dealt to you this turn."
-- Leans on: an activated ability on the stack (406); a prevention shield (419.6): a replacement of
--   the next damage to its controller this turn that takes off up to 2 and is used up, ending at
--   cleanup
local arbiter = require("arbiter")

-- A shield of n for the player of that index (the same in a clone): it removes itself on the
-- first damage it meets and, if that damage was less than n, leaves a shield of the rest.
local function shield(g, index, n)
  local h
  h = g:add_replacement{ event = "damage", duration = "end_of_turn", name = "Conservator",
    applies = function(ev, game) return ev.target == game.players[index] and ev.amount > 0 end,
    replace = function(ev, game)
      game:remove_replacement(h)
      local prevented = math.min(n, ev.amount)
      ev.amount = ev.amount - prevented
      if prevented < n then shield(game, index, n - prevented) end
      return ev
    end }
end

return arbiter.card{
  name = "Conservator", types = { "Artifact" }, cost = "{4}",
  activated = { { cost = "{3},{T}", effect = function(obj, g) shield(g, obj.controller.index, 2) end } },
  oracle = "{3}, {T}: Prevent the next 2 damage that would be dealt to you this turn.",
}
