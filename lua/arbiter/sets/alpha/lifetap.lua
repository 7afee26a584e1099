-- Lifetap {U}{U} (Enchantment)
-- Oracle: "Whenever a Forest an opponent controls becomes tapped, you gain 1 life."
-- Leans on: a triggered ability on "tap" events (410): a Forest (its land types now) that an
--   opponent controls becomes tapped, for mana or by any effect; a land that comes into play
--   tapped never became tapped (no "tap" event); "an opponent" is one of g:opponents(its
--   controller) now: not a teammate (606) nor an ally (607.7, new_game{allies}), within range
--   (601: it can't affect the players beyond it nor the objects they control)
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")

-- whether player q is an opponent of p, as "each opponent" reads it (g:opponents)
local function opponent_of(g, p, q)
  for _, o in ipairs(g:opponents(p)) do if o == q then return true end end
  return false
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "tap", controller = card.controller, source = card, name = "Lifetap",
    card = { is_word = "type" },   -- a Forest (its word as its text reads now: the core tests it)
    condition = function(ev, game, lifetap)
      local you, q = lifetap.controller, ev.card.controller   -- (its controller's own: no list made)
      return q ~= you and opponent_of(game, you, q)
    end,
    effect = function(_, game, lifetap, obj) game:gain_life(obj.controller, 1) end }
end)

return arbiter.card{
  name = "Lifetap", types = { "Enchantment" }, colors = { "blue" }, cost = "{U}{U}", install = install,
  words = { type = "Forest" },
  oracle = "Whenever a Forest an opponent controls becomes tapped, you gain 1 life.",
}
