-- Disintegrate {X}{R} (Sorcery)
-- Oracle: "Disintegrate deals X damage to any target. That creature can't be regenerated this turn.
-- If the creature would die this turn, exile it instead."
-- Leans on: {X} (409.1); targets on resolution (413); "can't be regenerated" as an ability until
--   end of turn (add_static, 419.6b: no regeneration shield helps it); a replacement of its
--   zone change from the battlefield to a graveyard ("dies") by one to exile, until end of turn
--   and only while it stays the same object (the replacement's source is the creature: it ends
--   when the creature leaves the battlefield, 217.1c). "Any target" is the era's "target
--   creature or player".
local arbiter = require("arbiter")

local function dies(ev, _, creature)
  return ev.card == creature and ev.from == "battlefield" and ev.to == "graveyard"
end
local function to_exile(ev) ev.to = "exile"; return ev end

return arbiter.card{
  name = "Disintegrate", types = { "Sorcery" }, colors = { "red" }, cost = "{X}{R}",
  targets = { "creature or player" },
  resolve = function(obj, g, card)
    local t = obj.targets[1]
    if arbiter.core.kind(t) == "card" then     -- "that creature"
      g:add_static{ affects = t, abilities = { "can't be regenerated" }, duration = "end_of_turn" }
      g:add_replacement{ event = "zone_change", source = t, applies = dies, replace = to_exile,
        duration = "end_of_turn" }
    end
    g:damage(card, t, obj.x)
  end,
  oracle = "Disintegrate deals X damage to any target. That creature can't be regenerated this turn. If the " ..
    "creature would die this turn, exile it instead.",
}
