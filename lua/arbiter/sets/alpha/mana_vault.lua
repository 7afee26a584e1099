-- Mana Vault {1} (Artifact)
-- Oracle: "This artifact doesn't untap during your untap step.
-- At the beginning of your upkeep, you may pay {4}. If you do, untap this artifact.
-- At the beginning of your draw step, if this artifact is tapped, it deals 1 damage to you.
-- {T}: Add {C}{C}{C}."
-- Leans on: a replacement of its untap step's "untap" event (it stays tapped then, and only
--   then); an upkeep trigger paying while it resolves (arbiter.ask_pay, may(p, "pay", ctx));
--   a draw-step trigger with an intervening "if" (410); a mana ability (406.1) adding three
--   colorless mana ({C} postdates these rules: the era's colorless mana, "{3}")
local arbiter = require("arbiter")

-- "your upkeep", "your draw step": the trigger's step (asked only then), in vault's controller's turn
local install = arbiter.installer(function(g, card)
  return {
    g:add_replacement{ event = "untap", source = card, name = "Mana Vault", card = { self = true },
      applies = function(_, game) return game.step == "untap" end,
      replace = function() return nil end },
    g:trigger{ event = "step", controller = card.controller, source = card, name = "Mana Vault",
      step = "upkeep", turn = "controller",
      effect = function(_, game, vault, obj)
        local here = vault.zone == "battlefield"
        if arbiter.ask_pay(game, obj.controller, "{4}", { source = vault, helps = here and vault.tapped }) and here then
          vault:untap()
        end
      end },
    g:trigger{ event = "step", controller = card.controller, source = card, name = "Mana Vault",
      step = "draw", turn = "controller", condition = function(_, _, vault) return vault.tapped end,
      effect = function(_, game, vault, obj)
        if vault.zone == "battlefield" and vault.tapped then game:damage(vault, obj.controller, 1) end
      end },
  }
end)

return arbiter.card{
  name = "Mana Vault", types = { "Artifact" }, cost = "{1}", install = install,
  activated = { { cost = "{T}", mana = "{3}" } },
  oracle = "This artifact doesn't untap during your untap step.\nAt the beginning of your upkeep, you may pay {4}. " ..
    "If you do, untap this artifact.\nAt the beginning of your draw step, if this artifact is tapped, it deals " ..
    "1 damage to you.\n{T}: Add {C}{C}{C}.",
}
