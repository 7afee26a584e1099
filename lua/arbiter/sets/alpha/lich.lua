-- Lich {B}{B}{B}{B} (Enchantment)
-- Oracle: "As Lich enters the battlefield, you lose life equal to your life total.\nYou don't lose
--   the game for having 0 or less life.\nIf you would gain life, draw that many cards instead.\n
--   Whenever you're dealt damage, sacrifice that many nontoken permanents. If you can't, you lose
--   the game.\nWhen Lich is put into a graveyard from the battlefield, you lose the game."
-- Leans on: a replacement of "lose" events with ev.reason == "life" (420.5a's loss replaced
--   away); a replacement of life gain ("life" events with a positive amount) by draws (423);
--   a trigger on damage dealt to its controller (410): sacrifice (g:sacrifice) that many nontoken
--   permanents, chosen one at a time (choose(p, "sacrifice", ...)), or, with fewer, the game is
--   lost (g:lose); a trigger on its own move from the battlefield to a graveyard (the trigger
--   sees the move as it leaves). "As ~ enters": its install registers all of that first and then
--   takes the life, before any state-based check (420.5a) could see 0 life.
local arbiter = require("arbiter")

local function nontoken(g, p)
  local out = {}
  for _, c in ipairs(g:permanents(p)) do if not c.token then out[#out + 1] = c end end
  return out
end

local install = arbiter.installer(function(g, card)
  local p = card.controller
  local handles = {
    g:add_replacement{ event = "lose", source = card, name = "Lich",
      applies = function(ev, _, lich) return ev.player == lich.controller and ev.reason == "life" end,
      replace = function() return nil end },
    g:add_replacement{ event = "life", source = card, name = "Lich",
      applies = function(ev, _, lich) return ev.player == lich.controller and ev.amount > 0 end,
      replace = function(ev, game) game:draw(ev.player, ev.amount); return nil end },
    g:trigger{ event = "damage", controller = p, source = card, name = "Lich",
      condition = function(ev, _, lich) return ev.target == lich.controller and ev.amount > 0 end,
      effect = function(ev, game, lich, obj)
        local q, n = obj.controller, ev.amount
        local left = nontoken(game, q)
        if #left < n then game:lose(q) return end
        for i = 1, n do
          local pick = arbiter.ask_choose(game, q, "sacrifice", left, { source = lich, index = i, count = n })
          game:sacrifice(pick)
          left = nontoken(game, q)
        end
      end },
    g:trigger{ event = "zone_change", controller = p, source = card, name = "Lich",
      from = "battlefield", to = "graveyard", card = { self = true },
      effect = function(_, game, _, obj) game:lose(obj.controller) end },
  }
  if p.life > 0 then g:lose_life(p, p.life) end
  return handles
end)

return arbiter.card{
  name = "Lich", types = { "Enchantment" }, colors = { "black" }, cost = "{B}{B}{B}{B}", install = install,
  oracle = "As Lich enters the battlefield, you lose life equal to your life total.\nYou don't lose the game for "
    .. "having 0 or less life.\nIf you would gain life, draw that many cards instead.\nWhenever you're dealt "
    .. "damage, sacrifice that many nontoken permanents. If you can't, you lose the game.\nWhen Lich is put into "
    .. "a graveyard from the battlefield, you lose the game.",
}
