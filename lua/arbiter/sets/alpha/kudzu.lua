-- Kudzu {1}{G}{G} (Enchantment — Aura)
-- Oracle: "Enchant land
-- When enchanted land becomes tapped, destroy it. That land's controller may attach Kudzu to a land of their choice."
-- Leans on: an Aura on a land (enchant land); a triggered ability on the enchanted land's "tap"
--   event (410: for mana or by an effect); destruction (regeneration and indestructible apply);
--   the land's controller as it became tapped (the event's player) answers may(p, "attach",
--   ctx) and chooses among the lands on the battlefield (choose(p, "land", ...)), any player's;
--   a Kudzu no longer on the battlefield moves nowhere, one left attached to nothing goes to the
--   graveyard (state-based, 420.5)
local arbiter = require("arbiter")

local function lands(g)
  local out = {}
  for _, c in ipairs(g.battlefield:cards()) do if c:is("Land") then out[#out + 1] = c end end
  return out
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "tap", controller = card.controller, source = card, name = "Kudzu",
    card = { attached = true },   -- (enchanted land: the core tests it, no condition)
    effect = function(ev, game, kudzu)
      local land, p = ev.card, ev.player
      if land.zone == "battlefield" then game:destroy(land) end
      if kudzu.zone ~= "battlefield" then return end
      local options = lands(game)
      if #options > 0 and arbiter.ask_may(game, p, "attach", { card = kudzu }) then
        game:attach(kudzu, arbiter.ask_choose(game, p, "land", options, { card = kudzu }))
      end
    end }
end)

return arbiter.card{
  name = "Kudzu", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" }, cost = "{1}{G}{G}",
  enchant = "land", targets = { "land" }, install = install,
  oracle = "Enchant land\nWhen enchanted land becomes tapped, destroy it. That land's controller may attach Kudzu " ..
    "to a land of their choice.",
}
