-- arbiter.agents — who answers the game's questions.
--
-- An agent is a table {may = function(p, what, ctx), choose = function(p, what, options, ctx)}.
-- The default agent (a player with none) answers every `may` with false and every `choose`
-- with the first option: deterministic. arbiter.agents.random(seed) answers at random from its
-- own seeded generator (never math.random); arbiter.agents.scripted{...} answers from a list,
-- for tests, and raises when the list runs out or an answer doesn't fit the question.
local M = {}

M.default = {
  may = function() return false end,
  choose = function(_, _, options) return options[1] end,
}

-- splitmix64-style generator on Lua integers: deterministic across runs.
local function rng(seed)
  local s = math.tointeger(seed) or 0
  return function(n)
    s = s + 0x1E3779B97F4A7C15
    local z = s
    z = (z ~ (z >> 30)) * 0x3F58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x14057B7EF767814F
    z = z ~ (z >> 31)
    return (z >> 1) % n + 1
  end
end
M.rng = rng

function M.random(seed)
  local r = rng(seed)
  return {
    may = function() return r(2) == 1 end,
    choose = function(_, _, options) return options[r(#options)] end,
  }
end

-- answers: a list of answers used in order. An answer for `may` is a boolean; for `choose`
-- an option value, or an integer index into the options ({index = k}). A function answer is
-- called with (p, what, options_or_ctx, ctx).
function M.scripted(answers)
  local i = 0
  local function next_answer(what)
    i = i + 1
    if answers[i] == nil then
      error(string.format("scripted agent: no answer left for question %d (%s)", i, what), 3)
    end
    return answers[i]
  end
  return {
    may = function(p, what, ctx)
      local a = next_answer(what)
      if type(a) == "function" then a = a(p, what, ctx) end
      return a and true or false
    end,
    choose = function(p, what, options, ctx)
      local a = next_answer(what)
      if type(a) == "function" then a = a(p, what, options, ctx) end
      if type(a) == "table" and a.index then return options[a.index] end
      return a
    end,
    remaining = function() return #answers - i end,
  }
end

return M
