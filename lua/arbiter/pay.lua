-- arbiter.pay — paying while something resolves: arbiter.ask_pay ("counter target spell unless
-- its controller pays {1}", "you may pay {1}; if you do ..."), and the cost tables it reads
-- (docs/API.md, "Costs and payments"; CompRules 2005-2008: 407 costs, 409.1f mana abilities
-- played while paying, 422 an illegal payment undone whole).
--
-- A cost is a cost string ("{1}", "{U}", 3) or a table {mana = "{1}", life = n, sacrifice =
-- card | filter, discard = n, x_max = n}. Mana with one {X} is "pay any amount" (Power Leak):
-- the payer chooses X (choose(p, "x", {most, ..., 0}, ctx): the most it could pay, or x_max,
-- first) after saying it pays; ask_pay then returns true and X. Paying one: its mana through the one payment path
-- (internal._pay_mana: the pool first, then the player's mana abilities, the agent asked where
-- a choice matters), then life (g:pay_life), then the sacrifice (g:sacrifice; with a filter
-- the player chooses among his or her permanents that pass it: choose(p, "sacrifice", ...)),
-- then the discards (g:discard: choose(p, "discard", ...)). The whole payment is one action: a
-- part that can't be paid undoes the parts before it (422).
local core = require("arbiter.core")
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe
local guard = core._guard        -- the one guarded path: card-script code runs budgeted

return function(internal, Game)
  local arbiter = internal   -- a public name written here lands on the public table (internal.lua)
  local atomic, parse = internal._atomic, arbiter.parse_cost
  local permanents = Game.permanents

  local NO_MANA = assert(parse(0))
  local PARTS = { mana = true, life = true, sacrifice = true, discard = true, x_max = true }

  -- cost -> {mana = parsed, life = n, sacrifice = card | function | nil, discard = n}, or nil
  -- and a message saying what can't be read. A cost string's is read once and shared (read
  -- only, as parse's: "{1}" at each of the five "pay {1}: gain 1 life" artifacts' resolutions);
  -- a table's, a new one each call.
  local by_string = {}   -- cost string or number -> its payment
  local function read(g, cost)
    if type(cost) ~= "table" then
      local c = by_string[cost]
      if c then return c end
      local m, err = parse(cost)
      if not m then return nil, err end
      if m.tap or m.x > 1 then return nil, "a payment can't hold {T} or more than one {X}: " .. describe(cost) end
      c = { mana = m, life = 0, discard = 0 }
      if cost ~= nil and cost == cost then by_string[cost] = c end   -- (nil and NaN: no key)
      return c
    end
    for k in pairs(cost) do     -- (only checks: the order reaches no game)
      if not PARTS[k] then
        return nil, "unknown cost part " .. describe(k) .. " (a cost table has mana, life, sacrifice, discard, x_max)"
      end
    end
    local m = NO_MANA
    if cost.mana ~= nil then
      local err
      m, err = parse(cost.mana)
      if not m then return nil, "mana: " .. err end
      if m.tap or m.x > 1 then return nil, "mana can't hold {T} or more than one {X}: " .. describe(cost.mana) end
    end
    local x_max = cost.x_max
    if x_max ~= nil and (m.x == 0 or not (check.integer(x_max) and x_max >= 0)) then
      return nil, "x_max must be a non-negative integer, for mana with {X}, got " .. describe(x_max)
    end
    local life, discard = check.integer(cost.life or 0), check.integer(cost.discard or 0)
    if not life or life < 0 then return nil, "life must be a non-negative integer, got " .. describe(cost.life) end
    if not discard or discard < 0 then
      return nil, "discard must be a non-negative integer, got " .. describe(cost.discard)
    end
    local s = cost.sacrifice
    if s ~= nil and type(s) ~= "function" and core.kind(s) ~= "card" then
      return nil, "sacrifice must be a card or a filter function, got " .. describe(s)
    end
    if s ~= nil and type(s) ~= "function" and select(2, core.kind(s)) ~= g then
      return nil, "sacrifice: a card of another game " .. describe(s)
    end
    return { mana = m, life = life, sacrifice = s, discard = discard, x_max = check.integer(x_max) }
  end
  internal._read_payment = read

  -- what p may sacrifice for the cost: the card itself while p controls it on the battlefield,
  -- or p's permanents that pass the filter (filter(c, g, source)), in card-id order
  local function sacrifice_options(g, p, s, source)
    if type(s) ~= "function" then
      return (s.zone == "battlefield" and s.controller == p) and { s } or {}
    end
    local out, f = {}, guard(s)
    local perms = permanents(g, p)
    for i = 1, #perms do
      if f(perms[i], g, source) then out[#out + 1] = perms[i] end
    end
    return out
  end

  -- Could p pay c now (no question asked)? The mana test is arbiter._affordable's (the pool and
  -- one use of each mana source); the payment itself is undone whole if it still falls short.
  local function payable(g, p, c, source)
    if c.mana.total > 0 and not internal._can_pay(g, p, c.mana, 0) then return false end
    if c.life > p.life then return false end        -- 003: no more life than one has
    if c.discard > #p.hand then return false end
    if c.sacrifice ~= nil and #sacrifice_options(g, p, c.sacrifice, source) == 0 then return false end
    return true
  end
  internal._payable = payable

  -- The amounts p could pay for an {X} in c now, the most first (to c.x_max), down to 0: the
  -- options of its "x" question. One test of the pool and p's mana sources per amount.
  local function x_options(g, p, c)
    local avail, top = internal._available(g, p), c.x_max or math.huge
    local n = 0
    while n < top and internal._can_pay(g, p, c.mana, n + 1, avail) do n = n + 1 end
    local out = {}
    for i = n, 0, -1 do out[#out + 1] = i end
    return out
  end

  -- Pays c (read) for p, with x for its {X}: raises naming `what` when a part can't be paid;
  -- callers run it inside one action, so the parts paid before are undone with it (422).
  local function pay(g, p, c, what, ctx, x)
    local source = ctx and ctx.source
    internal._pay_mana(g, p, c.mana, x or 0, what, source)
    if c.life > 0 and not g:pay_life(p, c.life) then
      error(string.format("%s: %s can't pay %d life (%d left; 003)", what, tostring(p), c.life, p.life), 0)
    end
    if c.sacrifice ~= nil then
      local options = sacrifice_options(g, p, c.sacrifice, source)
      if #options == 0 then error(what .. ": " .. tostring(p) .. " has nothing to sacrifice for the cost", 0) end
      local pick = #options == 1 and options[1] or internal._ask_choose(g, p, "sacrifice", options, ctx)
      if not g:sacrifice(pick) then error(what .. ": " .. tostring(pick) .. " wasn't sacrificed", 0) end
    end
    if c.discard > 0 then
      if c.discard > #p.hand then
        error(string.format("%s: %s can't discard %d (%d in hand)", what, tostring(p), c.discard, #p.hand), 0)
      end
      g:discard(p, c.discard)
    end
  end
  internal._pay_payment = pay

  --- arbiter.ask_pay(g, p, cost, ctx) -> true when p paid, false when p declined or couldn't
  -- (then nothing was paid); with {X}, true and the X paid. One "pay" question at most: none
  -- when p can't pay; then, with {X}, one "x" question.
  function arbiter.ask_pay(g, p, cost, ctx)
    if core.kind(g) ~= "game" then fail("ask_pay", 1, "game expected, got " .. describe(g)) end
    check.object(g, "ask_pay", 2, p, "player")
    local c, err = read(g, cost)
    if not c then fail("ask_pay", 3, err) end
    if ctx ~= nil and type(ctx) ~= "table" then fail("ask_pay", 4, "ctx must be a table, got " .. describe(ctx)) end
    local q = { player = p }
    if ctx then for k, v in pairs(ctx) do q[k] = v end end   -- a copy: the order reaches no game
    q.cost = cost                                             -- the cost as given
    if not payable(g, p, c, q.source) then return false end
    if not internal._ask_may(g, p, "pay", q) then return false end
    local x
    if c.mana.x > 0 then                                      -- "any amount": the payer says how much
      local options = x_options(g, p, c)
      x = #options == 1 and options[1] or internal._ask_choose(g, p, "x", options, q)   -- (one of them)
    end
    local ok, e = pcall(atomic, g, pay, p, c, "ask_pay", q, x)
    if ok then return true, x end
    if arbiter.is_driver_question(e) then error(e, 0) end    -- a host's question (driver.lua)
    return false
  end
end
