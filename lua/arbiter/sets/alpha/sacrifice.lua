-- Sacrifice {B} (Instant)
-- Oracle: "As an additional cost to cast Sacrifice, sacrifice a creature.\nAdd to your mana pool an amount of {B}
--   equal to the sacrificed creature's converted mana cost."
-- Leans on: an additional cost (a spell's pay, 409.1f: paid as it is cast; no creature, no cast:
--   422 undoes it); g:sacrifice; the sacrificed creature read back from the history on resolution
--   (its "sacrifice" event, the last by the caster before Sacrifice's "cast" event)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function pay(obj, g)
  local p = obj.controller
  local mine = g:permanents(p, "Creature")
  if #mine == 0 then error("Sacrifice needs a creature to sacrifice", 0) end
  g:sacrifice(arbiter.ask_choose(g, p, "sacrifice", mine, { card = obj.card, player = p }))
end

-- the creature sacrificed for this cast: the last sacrifice by p before the last "cast" of card
local function sacrificed(g, p, card)
  local cast_seen = false
  return A.newest_first(g, function(ev)
    if not cast_seen then cast_seen = ev.type == "cast" and ev.card == card
    elseif ev.type == "sacrifice" and ev.player == p then return ev.card end
  end)
end

local function resolve(obj, g, card)
  local c = sacrificed(g, obj.controller, card)
  local n = c and arbiter.parse_cost(c.definition.cost).total or 0   -- converted mana cost ({X} is 0)
  if n > 0 then g:add_mana(obj.controller, string.rep("{B}", n)) end
end

-- No creature to sacrifice, no cast (409.1f: a cost that can't be paid): said before casting, so
-- g:can_cast and the agents know it.
local function cast_condition(g, p)
  if #g:permanents(p, "Creature") == 0 then return false, "no creature to sacrifice (409.1f)" end
  return true
end

return arbiter.card{
  name = "Sacrifice", types = { "Instant" }, colors = { "black" }, cost = "{B}", pay = pay, resolve = resolve,
  cast_condition = cast_condition,
  oracle = "As an additional cost to cast Sacrifice, sacrifice a creature.\nAdd to your mana pool an amount of " ..
    "{B} equal to the sacrificed creature's converted mana cost.",
}
