-- arbiter.house — house rules as tables of hooks.
--
-- A house rule is a Lua table with any of these hooks; g:start() and the turn run them
-- in the order of new_game{house_rules = {...}}:
--   setup(g)                          once, when the game is created
--   check_deck(g, player, cards)      -> true | false, {problem...}   (at g:start, first)
--   starting_life(g, life, player)    -> life      (at g:start)
--   opening_hand_size(g, n, player)   -> n         (at g:start; default 7)
--   opening_hand(g, player)           after the opening hand is drawn (mulligans)
--   game_start(g)                     once every opening hand is kept (the ante is taken)
--   turn_start(g, player)             when a player's turn begins (g:begin_turn)
--   draw_step(g, n, player)           -> n: cards drawn in the draw step (default 1; 0 on the
--                                     game's first turn: the starting player skips that draw)
--   max_hand_size(g, n, player)       -> n: the cleanup step's maximum hand size (default 7)
--   lands_per_turn(g, n, player)      -> n: lands a player may play each turn (default 1)
-- A hook that returns a value (life, n) passes it on to the next rule's hook.
--
-- The rules here:
--   land_mulligan   the older guide's (003) "Land Mulligan"
--   deck_check      g:start() rejects decks failing arbiter.deck.check
--   paris, vancouver, london   the later mulligan rules (see each one)
--   simultaneous_mulligans     every player's mulligans at the same time (mulligans.lua)
--   deck_check_with(opts), starting_life(n)   parameterised variants
--
-- Questions the mulligan rules ask (through the player's agent):
--   may(p, "mulligan", ctx)  ctx = {rule, player, hand (cards), size (#hand), lands, mulligans
--                            (taken so far), next_size (cards the next hand would be drawn
--                            with), keep_size (the hand's size if kept now: London = size -
--                            mulligans)}
--   may(p, "scry", ctx)      Vancouver: yes = put ctx.card (the top card) on the bottom
--   choose(p, "bottom", hand, ctx)   London: the card to put on the bottom, one at a time;
--                            ctx = {rule, index, count}
-- The default agent answers no: it keeps every hand.
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local deck = require("arbiter.deck")
local M = {}

-- no_mana_burn: unspent mana leaves the pool at the end of each step and phase without
-- costing its owner life (turns off the older guide's mana burn, 003)
M.no_mana_burn = { setup = function(g) GI._mana_burn(g, false) end }

-- a card's current types: arbiter.has_type, the one accessor (read at the first call: the
-- arbiter module loads this one)
local accessor
local function is_land(c)
  accessor = accessor or require("arbiter").has_type
  return accessor(c, "Land")
end
M.is_land = is_land

local function count_lands(cards)
  local n = 0
  for _, c in ipairs(cards) do if is_land(c) then n = n + 1 end end
  return n
end
M.count_lands = count_lands

local A           -- the arbiter module (it requires this one: loaded on first use)
local function arbiter() A = A or require("arbiter"); return A end

-- Puts the hand back, shuffles, and draws n again (the draws are draws: 423).
local function redeal(g, p, n) g:redeal(p, n) end   -- one call into C
M.redeal = redeal

-- At most this many mulligans per player (a guard against an agent that never keeps).
M.MAX_MULLIGANS = 1000

local mulligans = require("arbiter.mulligans")

-- a rule table from its stepper (mulligans.lua): opening_hand plays it for one player
local function mulligan_rule(name, stepper)
  return { name = name, mulligan = stepper,
    opening_hand = function(g, p) mulligans.sequential(stepper, g, p) end }
end

--- The older guide's "Land Mulligan" (003, House Rules): "If you get no land or all land in
-- your initial seven-card draw, you can reshuffle and draw again." A hand of no land or all
-- land may be reshuffled and drawn again (same size), as often as the player accepts, except
-- where no other kind of hand is possible (the deck holds no land, or nothing but land, or
-- the hand has fewer than 2 cards): then the player isn't asked.
M.land_mulligan = mulligan_rule("land mulligan", {
  start = function(_, p) return { player = p, k = 0 } end,
  wants = function(g, st)
    local p = st.player
    local n = #p.hand
    local lands = g:count(p.hand, "Land")
    local total, total_lands = #p.library + n, lands + g:count(p.library, "Land")
    -- another kind of hand needs at least one land and one nonland among the cards
    if st.k >= M.MAX_MULLIGANS or n == 0 or (lands > 0 and lands < n) or n < 2 or total_lands == 0
        or total_lands == total then
      st.done = true
      return false
    end
    local ctx = { rule = "land mulligan", hand = p.hand:cards(), size = n, lands = lands, mulligans = st.k,
      next_size = n, keep_size = n }
    if not arbiter().ask_may(g, p, "mulligan", ctx) then st.done = true end
    return not st.done
  end,
  take = function(g, st) redeal(g, st.player, #st.player.hand); st.k = st.k + 1 end,
  finish = function() end,
})

-- ctx.hand (the cards) is made only when an agent reads it: a simulation's agents usually
-- decide from the counts.
local LazyHand = { __index = function(ctx, k)
  if k == "hand" then
    local h = ctx.player.hand:cards()
    rawset(ctx, "hand", h)
    return h
  end
end }

-- The modern mulligans' stepper: Paris and Vancouver draw one card fewer per mulligan; London
-- draws size0 each time (`full`). The hand is kept at size0 - k after k mulligans either way
-- (London bottoms k). 003 "House Rules": the mulligans (land mulligan, Paris, Vancouver, London)
local function modern(rule, full, finish)
  return {
    start = function(_, p) return { player = p, size0 = #p.hand, size = #p.hand, k = 0 } end,
    wants = function(g, st)
      local p, k = st.player, st.k
      local nxt, keep = full and st.size0 or st.size0 - k - 1, st.size0 - k
      if k >= M.MAX_MULLIGANS or st.size == 0 or nxt < 0 or keep <= 0 then st.done = true; return false end
      local ctx = setmetatable({ rule = rule, player = p, size = st.size, lands = g:count(p.hand, "Land"),
        mulligans = k, next_size = nxt, keep_size = keep }, LazyHand)
      if not arbiter().ask_may(g, p, "mulligan", ctx) then st.done = true; return false end
      st.next = nxt
      return true
    end,
    take = function(g, st)
      redeal(g, st.player, st.next)
      st.size, st.k = #st.player.hand, st.k + 1
    end,
    finish = finish or function() end,
  }
end

local BOTTOM = { position = "bottom" }          -- g:move's options (read, never kept)

--- Paris mulligan: a player unhappy with the hand shuffles it back and draws one card fewer,
-- as often as they like (down to a hand of 0 cards).
M.paris = mulligan_rule("paris mulligan", modern("paris", false))

--- Vancouver mulligan: Paris, then a player whose kept hand is smaller than the opening hand
-- size (7) scries 1: looks at the top card and may put it on the bottom (may(p, "scry", ctx)).
M.vancouver = mulligan_rule("vancouver mulligan", modern("vancouver", false, function(g, st)
  local p = st.player
  if st.k > 0 and #p.hand < st.size0 then
    local top = p.library:top()
    if top and arbiter().ask_may(g, p, "scry", { rule = "vancouver", card = top, count = 1, shown = { top } }) then
      g:move(top, "library", BOTTOM)
    end
  end
end))

--- London mulligan: each mulligan draws a full opening hand (7) again; the player who keeps
-- after k mulligans puts k cards from the hand on the bottom of the library, one at a time,
-- chosen with choose(p, "bottom", hand, ctx).
M.london = mulligan_rule("london mulligan", modern("london", true, function(g, st)
  local k, hand, ask = st.k, st.player.hand, arbiter().ask_choose
  if k == 0 then return end                  -- the first hand kept: nothing to put back
  for i = 1, math.min(k, #hand) do
    local c = ask(g, st.player, "bottom", hand:cards(), { rule = "london", index = i, count = k })
    g:move(c, "library", BOTTOM)
  end
end))

--- Simultaneous mulligans: every player decides on the same information, round by round, and
-- those who chose to mulligan do so at the same time (mulligans.lua; what 606.6a asks of a
-- Two-Headed Giant team, for all players). A marker: list it with a mulligan rule.
M.simultaneous_mulligans = { name = "simultaneous mulligans", simultaneous_mulligans = true }

--- Checks each library at g:start() with arbiter.deck.check (options from g.deck_options,
-- default deck.DEFAULT: at least 60 cards, at most 4 copies, basic lands exempt).
-- A game played for ante (the house rule ante in force) accepts ante cards unless its
-- deck_options say otherwise.
local function plays_for_ante(g)
  for _, r in ipairs(g:house_rules()) do if r == M.ante then return true end end
  return false
end

M.deck_check = {
  name = "deck check",
  check_deck = function(g, p, cards)
    local defs = {}
    for i, c in ipairs(cards) do defs[i] = c.definition end
    local opts = g.deck_options
    if plays_for_ante(g) and (opts == nil or opts.ante == nil) then
      local copy = { ante = true }
      for k, v in pairs(opts or {}) do copy[k] = v end   -- (a copy: no order reaches the game)
      opts = copy
    end
    return deck.check(defs, opts)
  end,
}

--- A deck check with given options, e.g. house.deck_check_with(arbiter.deck.LIMITED).
function M.deck_check_with(opts)
  if type(opts) ~= "table" then
    error("bad argument #1 to 'deck_check_with' (options table expected, got "
      .. require("arbiter.check").describe(opts) .. ")", 2)
  end
  return {
    name = "deck check",
    check_deck = function(_, _, cards)
      local defs = {}
      for i, c in ipairs(cards) do defs[i] = c.definition end
      return deck.check(defs, opts)
    end,
  }
end

--- Everyone starts at n life (e.g. house.starting_life(30)).
function M.starting_life(n)
  local check = require("arbiter.check")
  if not check.integer(n) then
    error("bad argument #1 to 'starting_life' (integer expected, got " .. check.describe(n) .. ")", 2)
  end
  n = check.integer(n)
  return { name = "starting life " .. n, starting_life = function() return n end }
end

-- dexterity: the documented, seeded stand-in for a dexterity card (Chaos Orb's flip). Its hook
-- touch(g, result, card, candidates) -> {touched = the permanents the flip touched, turned_over
-- = whether it turned over completely}: the card's controller aims at one of the candidates
-- (choose(p, "dexterity", candidates, ctx), ctx = {card}), which is the one touched;
-- g:random(2) == 1 means the card turned over completely (a coin, seeded: replays and clones
-- agree). A house rule listed after it may replace the model with its own touch hook (given
-- the previous rule's answer). Without any house rule, cards use this model (M.touch).
function M.touch(g, card, candidates)
  local touched = {}
  if #candidates > 0 then
    touched[1] = arbiter().ask_choose(g, card.controller, "dexterity", candidates, { card = card })
  end
  return { touched = touched, turned_over = g:random(2) == 1 }
end

--- Playing for ante (the era's ante rules; contract "Ante"): as the game starts, once every
-- mulligan is done, each player in turn order antes the top card of its library (puts it into
-- its zone "ante", p.ante: public); when the game ends with a winner, the winner owns every card
-- in the ante (g:set_owner: "owner" events); in a drawn game each stays its owner's. Ante cards
-- (definitions with ante = true: "Remove ~ from your deck before playing if you're not playing
-- for ante") pass deck_check only in such a game (arbiter.deck.check's ante option).
M.ante = {
  name = "ante",
  setup = function(g) GI._ante(g, true) end,   -- the core hands the ante to the winner as the game ends
  game_start = function(g) require("arbiter.internal")._ante_top(g, g:apnap()) end,
}

M.dexterity = {
  name = "dexterity",
  touch = function(g, result, card, candidates)
    if result ~= nil then return result end
    return M.touch(g, card, candidates)
  end,
}

return M
