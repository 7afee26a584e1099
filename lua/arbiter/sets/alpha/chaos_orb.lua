-- Chaos Orb {2} (Artifact)
-- Oracle: "{1}, {T}: If Chaos Orb is on the battlefield, flip Chaos Orb onto the battlefield from a
-- height of at least one foot. If Chaos Orb turns over completely at least once during the flip,
-- destroy all nontoken permanents it touches. Then destroy Chaos Orb."
-- Leans on: an activated ability (406); destruction (g:destroy: regeneration applies); a
--   dexterity action the engine can't perform, played by the documented seeded stand-in
--   arbiter.house.dexterity (the house hook "touch": a house rule may replace the model; with
--   none, the same model, arbiter.house.touch): its controller aims at one nontoken permanent,
--   which the flip touches, and a seeded coin says whether it turned over completely
local arbiter = require("arbiter")

local function flip(obj, g, card)
  if card.zone ~= "battlefield" then return end     -- "if Chaos Orb is on the battlefield"
  local candidates = {}
  for _, p in ipairs(g.players) do
    for _, c in ipairs(g:permanents(p)) do
      if c ~= card and not c.token then candidates[#candidates + 1] = c end
    end
  end
  local r = g:house_hook("touch", nil, card, candidates) or arbiter.house.touch(g, card, candidates)
  if r.turned_over then
    for _, c in ipairs(r.touched or {}) do
      if c.zone == "battlefield" and not c.token then g:destroy(c) end
    end
  end
  if card.zone == "battlefield" then g:destroy(card) end
end

return arbiter.card{
  name = "Chaos Orb", types = { "Artifact" }, cost = "{2}",
  activated = { { cost = "{1},{T}", effect = flip } },
  oracle = "{1}, {T}: If Chaos Orb is on the battlefield, flip Chaos Orb onto the battlefield from a "
    .. "height of at least one foot. If Chaos Orb turns over completely at least once during the flip, "
    .. "destroy all nontoken permanents it touches. Then destroy Chaos Orb.",
}
