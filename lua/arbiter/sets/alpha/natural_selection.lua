-- Natural Selection {G} (Instant)
-- Oracle: "Look at the top three cards of target player's library, then put them back in any
--   order. You may have that player shuffle his or her library."
-- Leans on: a player target (413); looking at cards (hidden information, 217.2a: only the
--   caster is shown them, ctx.shown; every other player's questions keep them hidden); the
--   order asked one card at a time, top first (choose(p, "top", cards, ctx)), the cards put back
--   on top bottom-most first; then may(p, "shuffle", ctx). A library of fewer than three cards:
--   all of them.
local arbiter = require("arbiter")

local function top_cards(lib, n)
  local cards = lib:cards()                    -- the top first
  local out = {}
  for i = 1, math.min(n, #cards) do out[i] = cards[i] end
  return out
end

return arbiter.card{
  name = "Natural Selection", types = { "Instant" }, colors = { "green" }, cost = "{G}",
  targets = { "player" },
  resolve = function(obj, g, card)
    local p, t = obj.controller, obj.targets[1]
    local left = top_cards(t.library, 3)
    local seen, order = {}, {}
    for i, c in ipairs(left) do seen[i] = c end
    while #left > 1 do
      local pick = arbiter.ask_choose(g, p, "top", left,
        { source = card, player = t, index = #order + 1, count = #seen, shown = seen })
      order[#order + 1] = pick
      for i = #left, 1, -1 do if left[i] == pick then table.remove(left, i) end end
    end
    order[#order + 1] = left[1]
    for i = #order, 1, -1 do
      if order[i] then g:move(order[i], "library") end   -- the bottom-most first: the first ends on top
    end
    if #seen > 0 and arbiter.ask_may(g, p, "shuffle", { source = card, player = t }) then g:shuffle(t.library) end
  end,
  oracle = "Look at the top three cards of target player's library, then put them back in any order. "
    .. "You may have that player shuffle his or her library.",
}
