-- Anvil of Bogardan (Artifact, 2): "Players have no maximum hand size. At the beginning of each
-- player's draw step, that player draws an additional card, then discards a card."
-- A rule-changing static ability (rules = {max_hand_size = false}: no maximum; the cleanup
-- step then discards nothing) and a triggered ability on the draw step.
local arbiter = require("arbiter")


local function install(g, card)
  local rule = g:add_static{ source = card, rules = { max_hand_size = false } }
  local trigger = g:trigger{
    event = "step", controller = card.controller, source = card, name = "Anvil of Bogardan",
    condition = function(ev) return ev.step == "draw" end,
    effect = function(ev, game)
      game:draw(ev.player)
      game:discard(ev.player, 1)
    end,
  }
  return { rule, trigger }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{ name = "Anvil of Bogardan", types = { "Artifact" }, install = install }

return { def = def, install = install }
