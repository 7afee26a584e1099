-- Time Vault {2} (Artifact)
-- Oracle: "Time Vault enters the battlefield tapped.\nTime Vault doesn't untap during your untap
--   step.\nIf you would begin your turn while Time Vault is tapped, you may skip that turn
--   instead. If you do, untap Time Vault.\n{T}: Take an extra turn after this one."
-- Leans on: "comes into play tapped" (the era's words); a replacement of its untap step's "untap"
--   event (it stays tapped then); a replacement of the "begin turn" event (declared; turns.lua
--   emits it as a player is about to begin a turn: replaced away, that turn is skipped, 300.8),
--   asked may(p, "skip turn", ctx); an extra turn (300.7: g:extra_turn) from a {T} ability
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  g:declare_event("begin turn")
  return {
    g:add_replacement{ event = "untap", source = card, name = "Time Vault", card = { self = true },
      applies = function(_, game, vault) return game.step == "untap" and game:is_active(vault.controller) end,
      replace = function() return nil end },
    g:add_replacement{ event = "begin turn", source = card, name = "Time Vault",
      applies = function(ev, _, vault) return ev.player == vault.controller and vault.tapped end,
      replace = function(ev, game, vault)
        if not arbiter.ask_may(game, ev.player, "skip turn", { source = vault }) then return ev end
        vault:untap()
        return nil
      end },
  }
end)

return arbiter.card{
  name = "Time Vault", types = { "Artifact" }, cost = "{2}", install = install,
  abilities = { "comes into play tapped" },
  activated = { { cost = "{T}", effect = function(obj, g) g:extra_turn(obj.controller) end } },
  oracle = "Time Vault enters the battlefield tapped.\nTime Vault doesn't untap during your untap step.\n"
    .. "If you would begin your turn while Time Vault is tapped, you may skip that turn instead. If you do, "
    .. "untap Time Vault.\n{T}: Take an extra turn after this one.",
}
