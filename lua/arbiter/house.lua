-- arbiter.house — house rules as tables of hooks.
--
-- A house rule is a Lua table with any of these hooks; g:start() and the turn run them
-- in the order of new_game{house_rules = {...}}:
--   setup(g)                          once, when the game is created
--   check_deck(g, player, cards)      -> true | false, {problem...}   (at g:start, first)
--   starting_life(g, life, player)    -> life      (at g:start)
--   opening_hand_size(g, n, player)   -> n         (at g:start; default 7)
--   opening_hand(g, player)           after the opening hand is drawn (mulligans)
--   turn_start(g, player)             when a player's turn begins
--   draw_step(g, n, player)           -> n: cards drawn in the draw step (default 1)
local deck = require("arbiter.deck")
local M = {}

local function is_land(c)
  for _, t in ipairs(c.types or {}) do if t == "Land" then return true end end
  return false
end
M.is_land = is_land

local function count_lands(cards)
  local n = 0
  for _, c in ipairs(cards) do if is_land(c) then n = n + 1 end end
  return n
end
M.count_lands = count_lands

local function arbiter() return require("arbiter") end

-- Puts the hand back, shuffles, and draws n again.
local function redeal(g, p, n)
  for _, c in ipairs(p.hand:cards()) do g:move(c, "library") end
  g:shuffle(p.library)
  g:draw(p, n)
end
M.redeal = redeal

--- The older guide's "Land Mulligan": an opening hand with no land or all land may be
-- reshuffled and drawn again, as often as the player accepts, except where no other kind
-- of hand is possible (the deck holds no land, or nothing but land).
M.land_mulligan = {
  name = "land mulligan",
  opening_hand = function(g, p)
    for _ = 1, 1000 do
      local hand = p.hand:cards()
      local n = #hand
      local lands = count_lands(hand)
      if n == 0 or (lands > 0 and lands < n) then return end
      local all = p.library:cards()
      for _, c in ipairs(hand) do all[#all + 1] = c end
      local total_lands = count_lands(all)
      -- another kind of hand needs at least one land and one nonland among the cards
      if n < 2 or total_lands == 0 or total_lands == #all then return end
      local ctx = { hand = hand, lands = lands, rule = "land mulligan" }
      if not arbiter().ask_may(g, p, "mulligan", ctx) then return end
      redeal(g, p, n)
    end
  end,
}

--- Checks each library at g:start() with arbiter.deck.check (options from g.deck_options).
M.deck_check = {
  name = "deck check",
  check_deck = function(g, p, cards)
    local defs = {}
    for i, c in ipairs(cards) do defs[i] = c.definition end
    return deck.check(defs, g.deck_options)
  end,
}

return M
