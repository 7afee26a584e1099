-- arbiter.mulligans — the mulligan rules' steps, played one player after another or at the
-- same time (issue 33 item 6).
--
-- Each rule of house.lua (land mulligan, Paris, Vancouver, London) is a stepper:
--   start(g, p) -> st          the player's state (its hand as dealt)
--   wants(g, st) -> bool       asks may(p, "mulligan", ctx) when a mulligan is possible; false
--                              (and st.done) when the player keeps or can't go on
--   take(g, st)                the mulligan: the hand back, shuffled, the next hand drawn
--   finish(g, st)              after keeping: Vancouver's scry, London's bottoms
-- A rule's opening_hand(g, p) runs them for one player at a time, as g:start() always did. The
-- simultaneous procedure asks every player of a group in a round before any of them takes its
-- mulligan, so each decides on the same information (the others' hands as they were dealt, not
-- their new ones); then all who chose to do so mulligan at the same time, and the round repeats
-- until no one does (606.6a, the Two-Headed Giant variant of the 2005-2008 rules: "All players on
-- that team who chose to do so take their mulligans at the same time ... a player can't see the
-- result of his or her teammate's mulligan before deciding"). g:start() plays each Two-Headed
-- Giant team so, the starting team first, and every player at once under the house rule
-- arbiter.house.simultaneous_mulligans.
local M = {}

-- one player's mulligans, one after another (the rule's opening_hand)
function M.sequential(stepper, g, p)
  local st = stepper.start(g, p)
  while stepper.wants(g, st) do stepper.take(g, st) end
  stepper.finish(g, st)
  return st
end

-- the players of `group` (APNAP order) take their mulligans at the same time
function M.simultaneous(stepper, g, group)
  local states = {}
  for i, p in ipairs(group) do states[i] = stepper.start(g, p) end
  while true do
    local yes = {}
    for _, st in ipairs(states) do                 -- every decision first ...
      if not st.done and stepper.wants(g, st) then yes[#yes + 1] = st end
    end
    if #yes == 0 then break end
    for _, st in ipairs(yes) do stepper.take(g, st) end   -- ... then every mulligan
  end
  for _, st in ipairs(states) do stepper.finish(g, st) end
end

-- The groups whose players mulligan at the same time, in order: Two-Headed Giant's teams
-- (starting team first), all players under simultaneous_mulligans, else each player alone.
function M.groups(g, all_at_once)
  local order = g:apnap()
  if all_at_once then return { order } end
  local groups, of_team = {}, {}
  for _, p in ipairs(order) do
    local key = p.team
    if not of_team[key] then
      of_team[key] = {}
      groups[#groups + 1] = of_team[key]
    end
    table.insert(of_team[key], p)
  end
  return groups
end

return M
