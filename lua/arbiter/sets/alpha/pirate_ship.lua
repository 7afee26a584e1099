-- Pirate Ship {4}{U} (Creature — Human Pirate 4/3)
-- Oracle: "Pirate Ship can't attack unless defending player controls an Island.
-- {T}: Pirate Ship deals 1 damage to target creature or player.
-- When you control no Islands, sacrifice Pirate Ship."
-- Leans on: a Lua attack restriction (can_attack, 500.1); a {T} ability (406; summoning
--   sickness 502.5b) with a target (413); a state trigger (410.10: once when its controller
--   controls no Islands, again only after it resolved); sacrifice; "Island" is a land type
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read by its attack
--   restriction and its state trigger; Magical Hack changes both).
local arbiter = require("arbiter")

local function controls_island(g, p, t)
  for _, c in ipairs(g:permanents(p)) do if c:is(t) then return true end end
  return false
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ controller = card.controller, source = card, name = "Pirate Ship",
    state = function(game, ship) return not controls_island(game, ship.controller, ship.words.type) end,
    effect = function(_, game, ship) game:sacrifice(ship) end }
end)

return arbiter.card{
  name = "Pirate Ship", types = { "Creature" }, subtypes = { "Human", "Pirate" }, colors = { "blue" },
  cost = "{4}{U}", power = 4, toughness = 3, install = install, words = { type = "Island" },
  can_attack = function(self, g, defender) return controls_island(g, defender, self.words.type) end,
  activated = { { cost = "{T}", targets = { "creature or player" },
    effect = function(obj, g, ship) g:damage(ship, obj.targets[1], 1) end } },
  oracle = "Pirate Ship can't attack unless defending player controls an Island.\n"
    .. "{T}: Pirate Ship deals 1 damage to target creature or player.\n"
    .. "When you control no Islands, sacrifice Pirate Ship.",
}
