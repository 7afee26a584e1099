-- The priority hook (lstack.c h_priority) reads env.priority once per game and keeps it by a
-- registry ref (lgame.priority_ref): each game's questions still reach that game's agents, in
-- a clone made after its original was asked too, and a dropped game releases its ref.
local H = require("helpers")
local arbiter = H.arbiter

local bears = arbiter.card{ name = "Bears", types = { "Creature" }, cost = "{1}{G}", power = 2, toughness = 2 }
local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }

-- Ann's agent is asked at every priority moment (priority_always) and notes the games
local function asked_games()
  local g, ann = H.game()
  g:create(forest, { owner = ann, zone = "battlefield" })
  g:create(forest, { owner = ann, zone = "battlefield" })
  g:create(bears, { owner = ann, zone = "hand" })
  local seen = {}
  local function agent() return { priority_always = true, priority = function(_, game) seen[#seen + 1] = game end } end
  g:set_agent(ann, agent())
  return g, ann, seen, agent
end

describe("priority (116): the hook's function, read once per game", function()
  it("asks each game's own agent: the original and its clone, before and after the clone", function()
    local g, ann, seen, agent = asked_games()
    g:begin_turn(ann)
    g:main_phase()
    g:settle()
    local n = #seen
    assert.is_true(n >= 1)
    for i = 1, n do assert.equal(g, seen[i]) end
    local c = g:clone()
    c:set_agent(c.players[1], agent())
    c:main_phase()
    c:settle()
    assert.is_true(#seen > n)
    for i = n + 1, #seen do assert.equal(c, seen[i]) end
    local m = #seen
    g:main_phase()
    g:settle()
    assert.is_true(#seen > m)
    for i = m + 1, #seen do assert.equal(g, seen[i]) end
  end)

  it("a dropped game releases its ref: the registry does not grow game after game", function()
    local function one()
      local g, ann = asked_games()
      g:begin_turn(ann)
      g:main_phase()
      g:settle()
    end
    one()
    collectgarbage("collect")
    collectgarbage("collect")
    local reg = debug.getregistry()
    local function refs()   -- the registry's integer slots holding a function
      local n = 0
      for k, v in pairs(reg) do if type(k) == "number" and type(v) == "function" then n = n + 1 end end
      return n
    end
    local before = refs()
    for _ = 1, 20 do one() end
    collectgarbage("collect")
    collectgarbage("collect")
    assert.is_true(refs() <= before + 2, refs() .. " > " .. before .. " + 2")
  end)
end)
