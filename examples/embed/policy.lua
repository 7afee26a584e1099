-- examples/embed/policy.lua — the scripted "UI": how a player's clicks answer the engine's
-- questions, from the questions' text alone (what a UI shows). Shared by ui.lua (threaded
-- host) and replay.lua (single-threaded host), so both play the same game.
--
--   answer = policy(kind, player, what, info, options)
--     kind "may": returns a boolean; "choose": the index of the option picked
--     info: a short text (for "mulligan": "keep 7, 2 lands")
--     options: the options' descriptions (strings)
return function(kind, player, what, info, options)
  if kind == "may" then
    if what == "mulligan" then
      local keep, lands = info:match("keep (%d+), (%d+) lands")
      keep, lands = tonumber(keep), tonumber(lands)
      return keep > 5 and (lands <= 1 or lands >= 5)
    end
    return false
  end
  if what == "attack" or what == "block" then   -- the declaration naming the most creatures
    local best, most = 1, -1
    for i, o in ipairs(options) do
      local n = select(2, o:gsub("[^,;]+", ""))
      if o == "nothing" then n = 0 end
      if n > most then best, most = i, n end
    end
    return best
  end
  return 1
end
