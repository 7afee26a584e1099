-- The history read a window at a time (csrc/laction.c): g:history(from, type, to) gives the events
-- from `from` to `to` as slicing the whole g:history() does, and g:history_length(turn) the
-- events logged before `turn` began. The Alpha cards' readers built on them (abilities.lua's
-- A.newest_first, a window at a time from the end; A.find_this_turn, this turn's events of one
-- type) must visit the same events in the same order as a walk of the whole history newest
-- first: played games are checked after every turn.
require("helpers")
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")
local new_game = dofile("bench/game_decks.lua")(arbiter, "")

-- nil when the fields of two events agree (`last`: its name), else the first that doesn't (compared
-- in plain Lua, asserted once: luassert per field made this spec ~9 s, minutes under valgrind)
local function differs(a, b)
  for k, v in pairs(a) do
    local w = b[k]
    if k == "last" then v, w = v.name, w and w.name end
    if v ~= w then return k .. ": " .. tostring(v) .. " against " .. tostring(w) end
  end
  for k in pairs(b) do if a[k] == nil then return k .. ": missing" end end
  return nil
end

local function same_event(a, b, what) assert.is_nil(differs(a, b), what) end

local function same_list(a, b, what)
  assert.equal(#b, #a, what)
  for i = 1, #a do
    local d = differs(a[i], b[i])
    if d then assert.is_nil(d, what .. " event " .. i) end
  end
end

local function slice(all, from, to, ty)
  local out = {}
  for i = math.max(from, 1), math.min(to, #all) do
    if not ty or all[i].type == ty then out[#out + 1] = all[i] end
  end
  return out
end

local function check_windows(g, all, what)
  local n = #all
  for _, from in ipairs({ -3, 1, n - 3, n, n + 1 }) do
    for _, to in ipairs({ 0, from - 1, from, from + 2, n - 1, n, n + 5 }) do
      local w = what .. " from " .. from .. " to " .. to
      same_list(g:history(from, nil, to), slice(all, from, to), w)
      same_list(g:history(from, "attack", to), slice(all, from, to, "attack"), w .. " attack")
    end
  end
  same_list(g:history(1, nil, nil), all, what)
end

local function check_turn_starts(g, all, what)
  for t = 0, g.turn + 1 do
    local before = 0
    for _, ev in ipairs(all) do if ev.turn < t then before = before + 1 end end
    assert.equal(before, g:history_length(t), what .. " turn " .. t)
  end
  assert.equal(#all, g:history_length())
end

-- the readers against a walk of the whole history newest first
local function check_readers(g, all, what)
  local seen = {}
  assert.is_nil(A.newest_first(g, function(ev, i) seen[#seen + 1] = ev; assert.equal(#all - #seen + 1, i) end))
  local rev = {}
  for i = #all, 1, -1 do rev[#rev + 1] = all[i] end
  same_list(seen, rev, what .. " newest_first")
  for _, stop in ipairs({ 1, 3, 5, 17, 40 }) do      -- stopped after `stop` events: that event's index
    local k = 0
    local r = A.newest_first(g, function(_, i) k = k + 1; if k == stop then return i end end)
    assert.equal(stop <= #all and #all - stop + 1 or nil, r, what .. " stop " .. stop)
  end
  for _, kind in ipairs({ "attack", "block", "zone_change", "damage", "step" }) do
    local want = {}
    for i = #all, 1, -1 do
      if all[i].turn ~= g.turn then break end
      if all[i].type == kind then want[#want + 1] = all[i] end
    end
    local got = {}
    assert.is_nil(A.find_this_turn(g, function(ev) got[#got + 1] = ev end, kind))
    same_list(got, want, what .. " find_this_turn " .. kind)
    if #want > 1 then    -- stops at the first true: the second newest of its kind
      local k = 0
      same_event(A.find_this_turn(g, function() k = k + 1; return k == 2 end, kind), want[2], what)
    end
  end
end

describe("the history read a window at a time", function()
  it("gives what slicing and walking the whole history gives, every turn of played games", function()
    for seed = 1, 2 do
      local g = new_game(seed)
      for turn = 1, 60 do
        g:play{ max_turns = 1 }
        local all, what = g:history(), "seed " .. seed .. " turn " .. turn
        if turn % 4 == 1 then check_windows(g, all, what) end
        check_turn_starts(g, all, what)
        check_readers(g, all, what)
        if g:result() then break end
      end
    end
  end)

  it("refuses a `to` or a turn that is not an integer", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    assert.has_error(function() return g:history(1, nil, "x") end)
    assert.has_error(function() return g:history(1, nil, 2 ^ 40) end)
    assert.has_error(function() return g:history_length({}) end)
    assert.equal(0, g:history_length(5))
  end)
end)
