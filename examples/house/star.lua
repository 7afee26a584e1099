-- examples/house/star.lua — Star, a five-player house variant (not in the Comprehensive Rules;
-- issue 33 item 3), on top of the engine's free-for-all.
--
--   local star = dofile("examples/house/star.lua")
--   local g = star.new_game{ players = { "Ann", "Bob", "Cid", "Dee", "Eve" }, seed = 1 }
--
-- Five players sit around the table as the points of a star: a player's two neighbours are its
-- allies, the two players across the table its enemies (seats i + 2 and i + 3, counting to the
-- left; the seating is the turn order). Every player may attack and target anyone (a free-for-all:
-- no range, attack any), life and cards are each player's own. The win condition is the
-- variant's: a player wins as soon as both of its enemies have left the game, even if others are
-- still in it (the rest then lose: g:win). Two players whose last enemy leaves at the same moment:
-- the first of them in turn order from the active player wins (the engine's result names one
-- winner outside teams). A player who left the game can't win.
-- The enemies are kept with the game (g:store), so a clone or a replay knows them.
local arbiter = require("arbiter")

local M = {}

-- seat i's enemies: the two players across the table
function M.enemies(i, n)
  n = n or 5
  return { (i + 1) % n + 1, (i + 2) % n + 1 }
end

-- the first player (from the active one) whose two enemies are both out, or nil
local function winner(g)
  local enemies = g:store("star").enemies
  for _, p in ipairs(g:apnap()) do
    local e = enemies[p.index]
    if not p.lost and g.players[e[1]].lost and g.players[e[2]].lost then return p end
  end
end

-- after each loss: that player wins. The losses its win causes (every other player's) are seen
-- by this observer too, while the win is being carried out: they decide nothing more (`winning`
-- lasts only during the call; no state is kept outside the game).
local winning = false
local function check_win(_, g)
  if winning or g:result() then return end
  local p = winner(g)
  if not p then return end
  winning = true
  local ok, err = pcall(g.win, g, p)
  winning = false
  if not ok then error(err, 0) end
end

M.rule = {
  setup = function(g)
    local enemies = {}
    for i = 1, #g.players do enemies[i] = M.enemies(i, #g.players) end
    g:store("star", { enemies = enemies })
    g:on("lose", check_win)
  end,
}

-- opts.players: five names in seating (turn) order; other new_game options as usual
function M.new_game(opts)
  assert(type(opts.players) == "table" and #opts.players == 5, "star.new_game: players must be five names")
  local o = {}
  for k, v in pairs(opts) do o[k] = v end
  local rules = { M.rule }
  for _, r in ipairs(opts.house_rules or {}) do rules[#rules + 1] = r end
  o.house_rules = rules
  return arbiter.new_game(o)
end

return M
