-- Irresistible Prey (Sorcery, G): "Target creature must be blocked this turn if able.
-- Draw a card."
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Irresistible Prey", types = { "Sorcery" }, colors = { "green" }, cost = 1 }

-- resolve(g, card, creature): the ability lasts until the cleanup step ("this turn" ends with
-- the turn: g:grant with until = "end_of_turn").
local function resolve(g, card, creature)
  g:grant(creature, "must be blocked if able", { ["until"] = "end_of_turn" })
  g:draw(card.controller)
  if card.zone == "hand" or card.zone == "stack" then g:move(card, "graveyard") end
end

return { def = def, resolve = resolve }
