-- Platinum Angel (Artifact Creature — Angel 4/4, 7): "Flying. You can't lose the game and your
-- opponents can't win the game."
-- Written as replacements of "lose" and "win" events: each is replaced by nothing. (The first
-- 0.1.0 core marked players lost without consulting replacements; the spec is pending on
-- such a core.) A player at 0 life under the Angel stays in the game; the state-based check
-- finds them again at every check, and losing is replaced each time.
local arbiter = require("arbiter")


-- The hooks read their source card from their arguments (ev, game, angel), so a clone's
-- copy of the effect asks about the clone's angel.
local function install(g, card)
  return {
    g:add_replacement{
      event = "lose", source = card, name = "Platinum Angel (can't lose)",
      applies = function(ev, _, angel)
        return angel.zone == "battlefield" and ev.player == angel.controller
      end,
      replace = function() return nil end,
    },
    g:add_replacement{
      event = "win", source = card, name = "Platinum Angel (opponents can't win)",
      applies = function(ev, _, angel)
        return angel.zone == "battlefield" and ev.player.team ~= angel.controller.team
      end,
      replace = function() return nil end,
    },
  }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{
  name = "Platinum Angel", types = { "Artifact", "Creature" }, subtypes = { "Angel" },
  power = 4, toughness = 4, abilities = { "flying" }, install = install }

return { def = def, install = install }
