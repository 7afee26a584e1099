-- Irresistible Prey (Sorcery, G): "Target creature must be blocked this turn if able.
-- Draw a card."
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Irresistible Prey", types = { "Sorcery" }, colors = { "green" } }

-- resolve(g, card, creature) -> a function ending the "this turn" effect (the engine has no
-- cleanup step yet: call it at end of turn)
local function resolve(g, card, creature)
  creature:grant("must be blocked if able")
  g:draw(card.controller)
  if card.zone == "hand" or card.zone == "stack" then g:move(card, "graveyard") end
  return function()
    local n = creature:count("must be blocked if able")
    creature:revoke("must be blocked if able")
    for _ = 2, n do creature:grant("must be blocked if able") end
  end
end

return { def = def, resolve = resolve }
