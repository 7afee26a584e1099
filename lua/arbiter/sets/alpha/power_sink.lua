-- Power Sink {X}{U} (Instant)
-- Oracle: "Counter target spell unless its controller pays {X}. If he or she doesn't, that player taps all lands with
--   mana abilities he or she controls and empties his or her mana pool."
-- Leans on: paying while it resolves (arbiter.ask_pay: may(p, "pay", ctx), paid through the one
--   payment path, 407); countering (g:counter); tapping; mana leaving a pool (g:empty_pool)
local arbiter = require("arbiter")

local BASIC = { "Plains", "Island", "Swamp", "Mountain", "Forest" }

-- a land with a mana ability: a basic land type's intrinsic one, or an activated entry with mana
local function has_mana_ability(c)
  for _, t in ipairs(BASIC) do if c:is(t) then return true end end
  for _, a in ipairs(c.definition.activated or {}) do if a.mana then return true end end
  return false
end

local function sink(obj, g, card)
  local spell = obj.targets[1]
  local p = spell.controller
  if arbiter.ask_pay(g, p, "{" .. obj.x .. "}", { source = card, spell = spell }) then return end
  g:counter(spell)
  for _, land in ipairs(g:permanents(p, "Land")) do
    if not land.tapped and has_mana_ability(land) then land:tap() end
  end
  g:empty_pool(p)
end

return arbiter.card{
  name = "Power Sink", types = { "Instant" }, colors = { "blue" }, cost = "{X}{U}",
  targets = { "spell" }, resolve = sink,
  oracle = "Counter target spell unless its controller pays {X}. If he or she doesn't, that player taps all " ..
    "lands with mana abilities he or she controls and empties his or her mana pool.",
}
