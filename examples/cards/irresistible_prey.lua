-- Irresistible Prey (Sorcery, G): "Target creature must be blocked this turn if able.
-- Draw a card."
local arbiter = require("arbiter")

-- resolve(g, card, creature): the effect on its own (specs call it directly). The ability lasts
-- until the cleanup step ("this turn" ends with the turn: g:grant with until = "end_of_turn").
local function resolve(g, card, creature)
  g:grant(creature, "must be blocked if able", { ["until"] = "end_of_turn" })
  g:draw(card.controller)
  if card.zone == "hand" then g:move(card, "graveyard") end
end

-- cast with g:cast(p, card, {targets = {creature}}); on resolution (413) an illegal target
-- (the creature left the battlefield) means the spell is countered: no card drawn either
local def = arbiter.card{ name = "Irresistible Prey", types = { "Sorcery" }, colors = { "green" }, cost = "{G}",
  targets = { "creature" },
  resolve = function(obj, g, source) g:grant(obj.targets[1], "must be blocked if able", { ["until"] = "end_of_turn" })
    g:draw(obj.controller) end }

return { def = def, resolve = resolve }
