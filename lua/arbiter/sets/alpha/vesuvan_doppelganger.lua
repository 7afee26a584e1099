-- Vesuvan Doppelganger {3}{U}{U} (Creature — Shapeshifter 0/0)
-- Oracle: "You may have Vesuvan Doppelganger enter the battlefield as a copy of any creature on the battlefield
--   except it doesn't copy that creature's color and it gains "At the beginning of your upkeep, you may have this
--   creature become a copy of target creature except it doesn't copy that creature's color. If you do, this
--   creature gains this ability.""
-- Leans on: as_enters and a copy effect with an exception (503.2: it stays blue, its printed
--   color); a triggered ability on its controller's upkeep (410) with a creature target (413),
--   "you may" asked as it resolves (may(p, "copy", ctx)); a later copy effect wins (timestamps in
--   the first layer, 418.5a), and the permanent loses the abilities its previous copy's install
--   gave it and gains the new one's; the upkeep ability lasts while it stays on the battlefield.
--   "Except ... it gains" is an exception of the copy effect, so a copiable value (503.2): the
--   ability is the copy effect's copy_with.install, and a Clone copying the Doppelganger gains
--   it too (blue, with the upkeep ability)
local arbiter = require("arbiter")

local gains_ability                 -- (below: the exceptions name it, and it makes the same copy)

-- "except it doesn't copy that creature's color [and it gains ...]": the copy effect's exceptions
local function exceptions() return { colors = { "blue" }, install = gains_ability } end

local function become(obj, g, card)
  local target = obj.targets[1]
  if target and arbiter.ask_may(g, obj.controller, "copy", { source = card, target = target }) then
    g:add_static{ source = card, affects = card, copy = target, copy_with = exceptions() }
  end
end

function gains_ability(g, card)
  return g:trigger{ event = "step", source = card, controller = card.controller, name = "Vesuvan Doppelganger",
    step = "upkeep", turn = "controller", targets = { "creature" }, resolve = become }
end

return arbiter.card{
  name = "Vesuvan Doppelganger", types = { "Creature" }, subtypes = { "Shapeshifter" }, colors = { "blue" },
  cost = "{3}{U}{U}", power = 0, toughness = 0,
  as_enters = require("arbiter.sets.alpha.enter_as_copy")("Creature", exceptions),
  oracle = "You may have Vesuvan Doppelganger enter the battlefield as a copy of any creature on the battlefield "
    .. "except it doesn't copy that creature's color and it gains \"At the beginning of your upkeep, you may have "
    .. "this creature become a copy of target creature except it doesn't copy that creature's color. If you do, "
    .. "this creature gains this ability.\"",
}
