-- Island Sanctuary {1}{W} (Enchantment)
-- Oracle: "If you would draw a card during your draw step, instead you may skip that draw. If you
--   do, until your next turn, you can't be attacked except by creatures with flying and/or
--   islandwalk."
-- Leans on: a replacement of each "draw" event of its controller during his or her own draw step
--   (423.6: any draw then, the step's own or a spell's), asked may(p, "skip draw", ...); the
--   attack restriction an effect grants a player (g:add_static{affects = you, can_attack},
--   500.2: read as attackers are declared) lasting until that player's next turn begins
--   (until_turn_of), whatever becomes of the enchantment: it is the effect of a replacement that
--   already happened. "Islandwalk" is a word of its text (418.5a layer 3: Magical Hack makes it
--   "swampwalk"), read as the draw is skipped: the effect keeps what the text said then
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_replacement{
    event = "draw", source = card, name = "Island Sanctuary",
    applies = function(ev, game, sanctuary)
      local you = sanctuary.controller
      return ev.player == you and game.step == "draw" and game:is_active(you)
    end,
    replace = function(ev, game, sanctuary)
      if not arbiter.ask_may(game, ev.player, "skip draw", { card = sanctuary, source = sanctuary }) then
        return ev
      end
      local walk = sanctuary.words.walk:lower() .. "walk"
      game:add_static{ affects = ev.player, until_turn_of = ev.player,
        can_attack = function(c) return c:has("flying") or c:has(walk) end }
      return nil
    end,
  }
end)

return arbiter.card{
  name = "Island Sanctuary", types = { "Enchantment" }, colors = { "white" }, cost = "{1}{W}", install = install,
  words = { walk = "Island" },
  oracle = "If you would draw a card during your draw step, instead you may skip that draw. If you do, until " ..
    "your next turn, you can't be attacked except by creatures with flying and/or islandwalk.",
}
