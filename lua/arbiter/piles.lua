-- arbiter.piles — arbiter.ask_piles(g, p, cards, ctx): p separates cards into two piles (Raging
-- River, Camouflage, Fact or Fiction). The agent's piles(p, g, cards, ctx) answers with two
-- arrays that together hold each card once; without it each card is asked of p as
-- choose(p, "pile", {1, 2}, ctx with ctx.card), in the cards' order. Through the one
-- question path (internal._ask_choose), so recordings and replays see the per-card answers.
local core = require("arbiter.core")
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe
local guard = core._guard

return function(internal)
  local arbiter = internal   -- a public name written here lands on the public table (internal.lua)

  local function check_cards(g, cards)
    if type(cards) ~= "table" or core.kind(cards) ~= nil then
      fail("ask_piles", 3, "an array of cards expected, got " .. describe(cards), 3)
    end
    local seen = {}
    for i = 1, #cards do
      local kind, owner = core.kind(cards[i])
      if kind ~= "card" or owner ~= g then
        fail("ask_piles", 3, "cards[" .. i .. "]: a card of this game expected, got " .. describe(cards[i]), 3)
      end
      if seen[cards[i]] then fail("ask_piles", 3, "cards[" .. i .. "] is listed twice", 3) end
      seen[cards[i]] = true
    end
    return seen
  end

  -- the agent's two piles, checked: each card of `cards` in exactly one of them
  local function checked(p, cards, seen, a, b)
    if type(a) ~= "table" or type(b) ~= "table" then
      fail("ask_piles", 2, "the agent of " .. tostring(p) .. " answered piles with " .. describe(a) .. ", "
        .. describe(b) .. ": two arrays of cards expected", 4)
    end
    local used, n = {}, 0
    for _, pile in ipairs({ a, b }) do
      for i = 1, #pile do
        local c = pile[i]
        if not seen[c] or used[c] then
          fail("ask_piles", 2, "the agent of " .. tostring(p) .. "'s piles don't partition the cards: "
            .. describe(c) .. (used[c] and " is in both piles or twice" or " is not one of them"), 4)
        end
        used[c] = true
        n = n + 1
      end
    end
    if n ~= #cards then
      fail("ask_piles", 2, "the agent of " .. tostring(p) .. "'s piles don't partition the cards: "
        .. (#cards - n) .. " card(s) in neither pile", 4)
    end
    local out1, out2 = {}, {}
    for i = 1, #a do out1[i] = a[i] end
    for i = 1, #b do out2[i] = b[i] end
    return out1, out2
  end

  function arbiter.ask_piles(g, p, cards, ctx)
    if core.kind(g) ~= "game" then fail("ask_piles", 1, "game expected, got " .. describe(g), 2) end
    check.object(g, "ask_piles", 2, p, "player")
    local seen = check_cards(g, cards)
    if ctx ~= nil and type(ctx) ~= "table" then
      fail("ask_piles", 4, "ctx must be a table, got " .. describe(ctx), 2)
    end
    local a = internal._agent_of(g, p)
    if a and a.piles then
      return checked(p, cards, seen, guard(a.piles)(p, g, cards, internal._hide(g, p, ctx or {})))
    end
    local pile1, pile2 = {}, {}
    for i = 1, #cards do
      local q = { card = cards[i], index = i, count = #cards }
      for k, v in pairs(ctx or {}) do if q[k] == nil then q[k] = v end end   -- (a copy: no order reaches the game)
      local pick = internal._ask_choose(g, p, "pile", { 1, 2 }, q)
      local pile = pick == 2 and pile2 or pile1
      pile[#pile + 1] = cards[i]
    end
    return pile1, pile2
  end
end
