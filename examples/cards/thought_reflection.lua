-- Thought Reflection (Enchantment, 4UUU): "If you would draw a card, draw two cards instead."
-- A replacement on "draw" whose own draws are the modified event (614.5): it doesn't apply to
-- them, so one Thought Reflection turns 1 draw into 2, two of them into 4.
local arbiter = require("arbiter")


local function install(g, card)
  return g:add_replacement{
    event = "draw", source = card, name = "Thought Reflection",
    applies = function(ev, _, self) return self.zone == "battlefield" and ev.player == self.controller end,
    replace = function(ev, game)
      game:draw(ev.player, 2)
      return nil            -- the original draw is replaced entirely
    end,
  }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{ name = "Thought Reflection", types = { "Enchantment" }, colors = { "blue" },
  install = install }

return { def = def, install = install }
