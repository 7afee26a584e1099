-- Balance {1}{W} (Sorcery)
-- Oracle: "Each player chooses a number of lands they control equal to the number of lands controlled by the player
-- who controls the fewest, then sacrifices the rest. Players discard cards and sacrifice creatures the same way."
-- Leans on: sacrifice (g:sacrifice: not destruction, regeneration and indestructible don't
--   apply); discarding (each player chooses the cards, 003); choices in APNAP order
-- Lands, then cards in hand, then creatures, each counted when its turn comes (a land that was
-- also a creature is gone before creatures are counted). Each player picks the permanents to
-- sacrifice (choose(p, "sacrifice", ...)), the rest being the ones kept; all of one kind are
-- sacrificed once everyone has chosen.
local arbiter = require("arbiter")

-- the fewest of count(p) among the players
local function fewest(players, count)
  local m
  for _, p in ipairs(players) do
    local n = count(p)
    if m == nil or n < m then m = n end
  end
  return m or 0
end

-- Sacrifice down to the fewest of a card type, each player choosing what goes
local function balance_permanents(g, players, ctype, source)
  local keep, doomed = fewest(players, function(p) return g:count_permanents(p, ctype) end), {}
  for _, p in ipairs(players) do
    local left = g:permanents(p, ctype)
    for _ = 1, #left - keep do
      local pick = arbiter.ask_choose(g, p, "sacrifice", left, { source = source, type = ctype, keep = keep })
      doomed[#doomed + 1] = pick
      for i, c in ipairs(left) do
        if c == pick then table.remove(left, i); break end
      end
    end
  end
  for _, c in ipairs(doomed) do
    if c.zone == "battlefield" then g:sacrifice(c) end
  end
end

local function balance_hands(g, players)
  local keep = fewest(players, function(p) return #p.hand end)
  for _, p in ipairs(players) do
    if #p.hand > keep then g:discard(p, #p.hand - keep) end
  end
end

return arbiter.card{
  name = "Balance", types = { "Sorcery" }, colors = { "white" }, cost = "{1}{W}",
  resolve = function(_, g, balance)
    local players = {}
    for _, p in ipairs(g:apnap()) do
      if not p.lost then players[#players + 1] = p end
    end
    balance_permanents(g, players, "Land", balance)
    balance_hands(g, players)
    balance_permanents(g, players, "Creature", balance)
  end,
  oracle = "Each player chooses a number of lands they control equal to the number of lands controlled by the " ..
    "player who controls the fewest, then sacrifices the rest. Players discard cards and sacrifice creatures " ..
    "the same way.",
}
