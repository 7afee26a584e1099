-- Nettling Imp {2}{B} (Creature — Imp 1/1)
-- Oracle: "{T}: Choose target non-Wall creature the active player has controlled continuously since
-- the beginning of the turn. That creature attacks this turn if able. Destroy it at the beginning
-- of the next end step if it didn't attack this turn. Activate only during an opponent's turn,
-- before attackers are declared."
-- Leans on: an activated ability with an activation condition (the entry's condition: an
--   opponent's turn, before the declare attackers step, 308 of the era); a target filter (413:
--   under the active player's control since the turn began is "not summoning-sick", 212.3d);
--   "attacks each combat if able" until end of turn (500.1 requirements); a delayed trigger
--   remembering the creature (g:delayed_trigger, step = "end": gone from the battlefield, a new object
--   and nothing is destroyed) that checks the turn's "attack" events.
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local BEFORE_ATTACKS = { untap = true, upkeep = true, draw = true, main1 = true, beginning_of_combat = true }

local function target_ok(c, g)
  return not c:is("Wall") and g:is_active(c.controller) and not c.sick
end

-- did c attack this turn? (the turn's "attack" events, newest first)
local function attacked(g, c)
  local turn = g.turn
  return A.newest_first(g, function(ev)
    if ev.turn ~= turn then return false end
    if ev.type == "attack" and ev.card == c then return true end
  end) or false
end

return arbiter.card{
  name = "Nettling Imp", types = { "Creature" }, subtypes = { "Imp" }, colors = { "black" },
  cost = "{2}{B}", power = 1, toughness = 1,
  activated = { {
    cost = "{T}", targets = { { what = "creature", filter = target_ok } },
    condition = function(g, p)
      if g:is_active(p) then return false, "only during an opponent's turn" end
      return BEFORE_ATTACKS[g.step] == true, "only before attackers are declared"
    end,
    effect = function(obj, g, imp)
      local c = obj.targets[1]
      g:add_static{ affects = c, abilities = { "attacks each combat if able" }, duration = "end_of_turn" }
      g:delayed_trigger{ event = "step", step = "end", controller = obj.controller, source = imp,
        objects = { c }, name = "Nettling Imp",
        effect = function(_, game, _, trig)
          local it = trig.objects[1]
          if it and not attacked(game, it) then game:destroy(it) end
        end }
    end } },
  oracle = "{T}: Choose target non-Wall creature the active player has controlled continuously since the " ..
    "beginning of the turn. That creature attacks this turn if able. Destroy it at the beginning of the next " ..
    "end step if it didn't attack this turn. Activate only during an opponent's turn, before attackers are " ..
    "declared.",
}
