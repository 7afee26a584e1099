-- Jade Monolith {4} (Artifact)
-- Oracle: "{1}: The next time a source of your choice would deal damage to target creature this turn, that source
--   deals that damage to you instead."
-- Leans on: an activated ability (406) with a target creature (413); the source chosen as it
--   resolves (choose(p, "source", options, ctx): the permanents, spells and sources of abilities
--   now); a redirection (419.6: a replacement of that source's next damage event to the creature
--   this turn: the same source deals it to the Monolith's controller, so prevention and
--   protection of that player apply), ending at cleanup or when the creature leaves play
local arbiter = require("arbiter")
local shields = require("arbiter.sets.alpha.source_shield")

-- The redirection: the replacement has the creature as its source (it ends when the creature
-- leaves play, and `applies` reads it from its arguments in any clone); the damage source is
-- named by id and the player by index.
local function redirect(g, creature, source, p)
  local id, index, h = source.id, p.index, nil
  h = g:add_replacement{ event = "damage", duration = "end_of_turn", name = "Jade Monolith", source = creature,
    applies = function(ev, _, target)
      return ev.target == target and ev.source ~= nil and ev.source.id == id and ev.amount > 0
    end,
    replace = function(ev, game)
      game:remove_replacement(h)
      ev.target = game.players[index]
      return ev
    end }
end

return arbiter.card{
  name = "Jade Monolith", types = { "Artifact" }, cost = "{4}",
  activated = { { cost = "{1}", targets = { "creature" }, effect = function(obj, g, monolith)
    local source = shields.choose(g, obj.controller, shields.of_color(g, nil), { source = monolith })
    if source then redirect(g, obj.targets[1], source, obj.controller) end
  end } },
  oracle = "{1}: The next time a source of your choice would deal damage to target creature this turn, that " ..
    "source deals that damage to you instead.",
}
