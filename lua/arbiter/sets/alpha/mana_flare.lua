-- Mana Flare {2}{R} (Enchantment)
-- Oracle: "Whenever a player taps a land for mana, that player adds one mana to his or her mana pool of any type that
--   land produced."
-- Leans on: a triggered mana ability (g:trigger{mana = true}, 406.1 of the era: it doesn't use the
--   stack and resolves at once, so its mana pays the payment that tapped the land); the "mana"
--   event's source (the land) and mana (the kind it produced)
local arbiter = require("arbiter")

-- one mana of the kind the land produced: "{R}" of "{R}{R}", "{1}" of "{2}"
local function one_of(mana)
  local sym = mana and mana:match("^{[^}]*}")
  if sym and sym:match("^{%d+}$") then return "{1}" end
  return sym
end

local function tapped_land(ev) return ev.source ~= nil and ev.source:is("Land") and one_of(ev.mana) ~= nil end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "mana", mana = true, controller = card.controller, source = card, name = "Mana Flare",
    condition = tapped_land,
    effect = function(ev, game) game:add_mana(ev.player, one_of(ev.mana)) end }
end)

return arbiter.card{
  name = "Mana Flare", types = { "Enchantment" }, colors = { "red" }, cost = "{2}{R}", install = install,
  oracle = "Whenever a player taps a land for mana, that player adds one mana to his or her mana pool of any " ..
    "type that land produced.",
}
