-- examples/love without LÖVE: its game controller (duel.lua: the host driver, one driver per
-- turn, what clicks do) plays a whole duel on the Lua running the specs, answering through the
-- same entry points as clicks (click_card, click_player, the question's buttons). make
-- love-test plays it in LÖVE itself, by clicks on screen.
local arbiter = require("arbiter")

package.path = "examples/love/?.lua;" .. package.path
local Duel = require("duel")(arbiter)

local function press(duel, label)
  for _, b in ipairs(duel:buttons()) do
    if b[1] == label then return b[2]() end
  end
  error("no button " .. label .. " for " .. duel.q.kind .. " " .. duel.q.what)
end

local function keys(decl)
  local out = {}
  for k, v in pairs(decl) do out[#out + 1] = type(k) == "number" and v or k end
  table.sort(out, function(a, b) return a.id < b.id end)
  return out
end

-- answers the pending question as agents.simple would, the way a player's clicks do
local function click(duel, policy, shown)
  local q, p, g = duel.q, duel.q.player, duel.q.game
  if q.kind == "may" then return press(duel, policy.may(p, q.what, q.ctx) and "Yes" or "No") end
  if q.kind == "priority" then return press(duel, "Pass") end
  if q.kind == "choose" then
    local pick = policy.choose(p, q.what, q.options, q.ctx)
    local kind = arbiter.core.kind(pick)
    if kind == "card" then return duel:click_card(pick) end
    if kind == "player" then return duel:click_player(pick) end
    for i, o in ipairs(q.options) do if o == pick then return press(duel, q.names[i]) end end
  end
  if q.kind == "attack" then
    local decl = keys(policy.attack(p, g, q.ctx))
    local mine = g:permanents(p, "Creature")
    if not shown.illegal and #mine > #decl and #decl > 0 then   -- everything: refused, then the nearest
      shown.illegal = true
      for _, c in ipairs(mine) do duel:click_card(c) end
      press(duel, "Declare attack")
      assert.are.equal(q, duel.q)
      assert.truthy(duel.message:find("^500%.%d: "))
      assert.truthy(duel.message:find("nearest legal declaration", 1, true))
      return press(duel, "Declare the nearest legal one")
    end
    for _, c in ipairs(decl) do duel:click_card(c) end
    return press(duel, #decl > 0 and "Declare attack" or "No attack")
  end
  local decl = policy.block(p, g, q.ctx)
  for _, b in ipairs(keys(decl)) do
    duel:click_card(b)
    local a = decl[b]
    duel:click_card(type(a) == "table" and not arbiter.core.kind(a) and a[1] or a)
  end
  return press(duel, next(decl) and "Declare blocks" or "No blocks")
end

describe("examples/love: the duel's controller", function()
  it("plays a whole game against agents.simple through the host driver, each question answered", function()
    local duel = Duel.new(2)
    local policy, shown, asked = arbiter.agents.simple(), {}, {}
    for _ = 1, 5000 do
      duel:update(0)
      if duel.over then break end
      local q = duel.q
      if q then
        asked[q.kind] = (asked[q.kind] or 0) + 1
        click(duel, policy, shown)
        assert.are_not.equal(q, duel.q, "the click didn't answer " .. q.kind .. " " .. q.what
          .. ": " .. tostring(duel.message))
      end
    end
    assert.is_true(duel.over)
    assert.truthy(duel.g:result())
    assert.truthy(duel.banner)
    assert.is_true(shown.illegal)
    for _, k in ipairs({ "choose", "attack", "block" }) do assert.is_true((asked[k] or 0) > 0, k) end
    local seen = table.concat(duel.log, "\n")
    assert.truthy(seen:find("— turn 2: Simple —", 1, true))
    assert.truthy(seen:find("loses the game", 1, true) or seen:find("You lose the game", 1, true))
    assert.falsy(seen:find("You loses", 1, true))
  end)

  -- plays 16 turns, answering as agents.simple (priority: pass); the priority questions shown,
  -- and how many of them came with an empty stack outside your main phases
  local function priorities(auto)
    local duel = Duel.new(7)
    duel.auto_pass = auto
    local policy, shown, n, idle = arbiter.agents.simple(), {}, 0, 0
    for _ = 1, 3000 do
      duel:update(0)
      local g = duel.g
      if duel.over or g.turn > 16 then break end
      local q = duel.q
      if q then
        if q.kind == "priority" then
          n = n + 1
          assert.is_true(#q.options > 0)        -- can't act: never asked (the host driver passes)
          local main = g.active_player == duel.you and (g.step == "main1" or g.step == "main2")
          if #g.stack == 0 and not main then idle = idle + 1 end
        end
        click(duel, policy, shown)
      end
    end
    return n, idle
  end

  it("auto-pass (on by default): priority where you can't or won't act is passed without asking", function()
    local n_off, idle_off = priorities(false)
    local n_on, idle_on = priorities(true)
    assert.is_true(idle_off > 0)           -- off: empty-stack stops outside your main phases shown
    assert.are.equal(0, idle_on)           -- on: none of them
    assert.are.equal(n_off - idle_off, n_on)
    assert.is_true(Duel.new(1).auto_pass)
  end)
end)
