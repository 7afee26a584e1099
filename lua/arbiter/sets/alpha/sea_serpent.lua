-- Sea Serpent {5}{U} (Creature — Serpent 5/5)
-- Oracle: "Sea Serpent can't attack unless defending player controls an Island.
-- When you control no Islands, sacrifice Sea Serpent."
-- Leans on: a Lua attack restriction (can_attack, 500.1); a state trigger (410.10: it triggers
--   once when its controller controls no Islands, again only after it resolved); sacrifice
--   (not destruction: regeneration doesn't save it); "Island" is a land type (c:is)
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read by its attack
--   restriction and its state trigger; Magical Hack changes both).
local arbiter = require("arbiter")

local function controls_island(g, p, t)
  for _, c in ipairs(g:permanents(p)) do if c:is(t) then return true end end
  return false
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ controller = card.controller, source = card, name = "Sea Serpent",
    state = function(game, serpent) return not controls_island(game, serpent.controller, serpent.words.type) end,
    effect = function(_, game, serpent) game:sacrifice(serpent) end }
end)

return arbiter.card{
  name = "Sea Serpent", types = { "Creature" }, subtypes = { "Serpent" }, colors = { "blue" },
  cost = "{5}{U}", power = 5, toughness = 5, install = install, words = { type = "Island" },
  can_attack = function(self, g, defender) return controls_island(g, defender, self.words.type) end,
  oracle = "Sea Serpent can't attack unless defending player controls an Island.\n"
    .. "When you control no Islands, sacrifice Sea Serpent.",
}
