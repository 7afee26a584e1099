-- Living Artifact {G} (Enchantment — Aura)
-- Oracle: "Enchant artifact
-- Whenever you're dealt damage, put that many vitality counters on Living Artifact.
-- At the beginning of your upkeep, you may remove a vitality counter from Living Artifact. If you
-- do, you gain 1 life."
-- Leans on: an Aura spell that enchants an artifact (212.4); "whenever you're dealt damage" as one
--   trigger for the damage dealt at once (the engine's "damage_dealt" event: one per player or
--   permanent for a combat damage step or a g:damage, with the total; several attackers dealing
--   their damage together trigger it once, 510.2 today); counters (c:add_counters,
--   c:remove_counters); an upkeep trigger (410) with "you may" (may(p, "remove counter", ctx));
--   "you" is Living Artifact's controller. A Living Artifact that left play before its trigger
--   resolved gets no counters (a card elsewhere is a new object, 217.1c)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

-- it changed zones since the damage event ev (the history's last "damage_dealt" like ev)
local function moved_since(g, aura, ev)
  return A.newest_first(g, function(e)
    if e.type == "zone_change" and e.card == aura then return true end
    if e.type == "damage_dealt" and e.target == ev.target and e.amount == ev.amount then return false end
  end) or false
end

local function vitality(ev, g, aura)
  if aura.zone == "battlefield" and not moved_since(g, aura, ev) then aura:add_counters("vitality", ev.amount) end
end

local function drink(_, g, aura, obj)
  local you = obj.controller
  if aura.zone == "battlefield" and aura:counters("vitality") > 0
      and arbiter.ask_may(g, you, "remove counter", { source = aura, card = aura }) then
    aura:remove_counters("vitality", 1)
    g:gain_life(you, 1)
  end
end

local install = arbiter.installer(function(g, card)
  return {
    g:trigger{ event = "damage_dealt", controller = card.controller, source = card, name = "Living Artifact",
      condition = function(ev, _, aura) return ev.target == aura.controller and ev.amount > 0 end,
      effect = vitality },
    g:trigger{ event = "step", controller = card.controller, source = card, name = "Living Artifact",
      step = "upkeep", turn = "controller",
      effect = drink },
  }
end)

return arbiter.card{
  name = "Living Artifact", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" },
  cost = "{G}", enchant = "artifact", targets = { "artifact" }, install = install,
  oracle = "Enchant artifact\nWhenever you're dealt damage, put that many vitality counters on Living Artifact.\n" ..
    "At the beginning of your upkeep, you may remove a vitality counter from Living Artifact. If you do, you " ..
    "gain 1 life.",
}
