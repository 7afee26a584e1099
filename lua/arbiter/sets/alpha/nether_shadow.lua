-- Nether Shadow {B}{B} (Creature — Spirit 1/1)
-- Oracle: "Haste
-- At the beginning of your upkeep, if Nether Shadow is in your graveyard with three or more creature
-- cards above it, you may put Nether Shadow onto the battlefield."
-- Leans on: haste (502.5); a triggered ability that works from the graveyard (a definition's
--   `triggered` entry with zone = "graveyard": registered as the card is made, it triggers only
--   while the card is in a graveyard, controlled by its owner there, 410; on the upkeep step's events
--   only, step = "upkeep": its condition isn't asked at the other steps); the graveyard's order
--   (217.4a: cards stay in the order they were put there; "above" is put there later); the intervening "if"
--   checked as it triggers and again as it resolves (410.8); a Shadow that left the graveyard
--   since it triggered is a new object the ability no longer finds (217.1c); "you may"
--   (may(p, "put onto the battlefield", ctx)); g:move to the battlefield under its owner's control
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

-- "with three or more creature cards above it" in its owner's graveyard (zone:cards() lists
-- the top first: the cards above it are those before it)
local function three_above(shadow)
  if shadow.zone ~= "graveyard" then return false end
  local cards, n = shadow.owner.graveyard:cards(), 0
  for i = 1, #cards do
    if cards[i] == shadow then return n >= 3 end
    if cards[i]:is("Creature") then n = n + 1 end
  end
  return false
end

local function its_upkeep(ev, game, shadow)
  return ev.step == "upkeep" and game:is_active(shadow.owner) and three_above(shadow)
end

-- it changed zones since this upkeep began (the event it triggered on): a new object (217.1c)
local function moved_since_upkeep(g, shadow)
  return A.newest_first(g, function(ev)
    if ev.type == "step" and ev.step == "upkeep" then return false end
    if ev.type == "zone_change" and ev.card == shadow then return true end
  end) or false
end

local function put_back(obj, g, shadow)
  local you = obj.controller
  if moved_since_upkeep(g, shadow) or not three_above(shadow) then return end
  if arbiter.ask_may(g, you, "put onto the battlefield", { source = shadow, card = shadow }) then
    g:move(shadow, "battlefield")
  end
end

return arbiter.card{
  name = "Nether Shadow", types = { "Creature" }, subtypes = { "Spirit" }, colors = { "black" },
  cost = "{B}{B}", power = 1, toughness = 1, abilities = { "haste" },
  triggered = { { event = "step", step = "upkeep", zone = "graveyard", name = "Nether Shadow", condition = its_upkeep,
    resolve = put_back } },
  oracle = "Haste\nAt the beginning of your upkeep, if Nether Shadow is in your graveyard with three or more " ..
    "creature cards above it, you may put Nether Shadow onto the battlefield.",
}
