-- Sea Serpent (Creature — Serpent 5/5, 5U): "Sea Serpent can't attack unless defending player
-- controls an Island. When you control no Islands, sacrifice Sea Serpent."
-- The attack restriction is a can_attack function (asked during legality checks: a pure
-- question about the state). The sacrifice is a trigger on a permanent leaving the battlefield.
local arbiter = require("arbiter")

local function controls_island(g, player)
  for _, c in ipairs(g.battlefield:cards()) do
    if c.controller == player then
      for _, s in ipairs(c.subtypes or {}) do if s == "Island" then return true end end
    end
  end
  return false
end


-- install(g, card): "When you control no Islands, sacrifice Sea Serpent" (a state trigger,
-- simplified: checked whenever a card leaves the battlefield).
-- The hooks use their arguments (ev, game, serpent), not upvalues: a clone shares them.
local function islandless(game, serpent)
  return serpent.zone == "battlefield" and not controls_island(game, serpent.controller)
end

local function install(g, card)
  return g:trigger{
    event = "zone_change", controller = card.controller, source = card, name = "Sea Serpent",
    condition = function(ev, game, serpent) return ev.from == "battlefield" and islandless(game, serpent) end,
    effect = function(_, game, serpent)
      if islandless(game, serpent) then game:move(serpent, "graveyard") end
    end,
  }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{
  name = "Sea Serpent", types = { "Creature" }, subtypes = { "Serpent" }, colors = { "blue" },
  power = 5, toughness = 5,
  can_attack = function(self, g, defender) return controls_island(g, defender) end, install = install }

return { def = def, install = install, controls_island = controls_island }
