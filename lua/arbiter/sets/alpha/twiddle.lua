-- Twiddle {U} (Instant)
-- Oracle: "You may tap or untap target artifact, creature, or land."
-- Leans on: a target among three types (413); a choice on resolution (may: tapping a tapped
--   permanent or untapping an untapped one changes nothing, so the question is the one that
--   would: "tap" for an untapped target, "untap" for a tapped one)
local arbiter = require("arbiter")

local function twiddleable(c) return c:is("Artifact") or c:is("Creature") or c:is("Land") end

local function resolve(obj, g)
  local c = obj.targets[1]
  local what = c.tapped and "untap" or "tap"
  if arbiter.ask_may(g, obj.controller, what, { card = c, source = obj.card }) then
    if c.tapped then c:untap() else c:tap() end
  end
end

return arbiter.card{
  name = "Twiddle", types = { "Instant" }, colors = { "blue" }, cost = "{U}",
  targets = { { what = "permanent", filter = twiddleable } }, resolve = resolve,
  oracle = "You may tap or untap target artifact, creature, or land.",
}
