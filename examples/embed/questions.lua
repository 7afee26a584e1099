-- examples/embed/questions.lua — how a host shows the engine's questions: a question's
-- options and context as plain text (what can cross to a UI thread or a screen).
local Q = {}
local compat = require("arbiter.compat")

-- An option: a card, a declaration (array of attackers; map of blocker -> attacker(s)), a
-- damage division ({target, amount} list) or a handle.
function Q.describe(o)
  if type(o) ~= "table" or (getmetatable(o) or {}).__tostring then
    return type(o) == "userdata" and o.name or tostring(o)
  end
  local parts = {}
  if o[1] and o[1].amount then
    for i, d in ipairs(o) do parts[i] = d.amount .. " to " .. d.target.name end
    return table.concat(parts, ", ")
  end
  for k, v in pairs(o) do
    if compat.isint(k) then parts[#parts + 1] = v.name
    elseif type(v) == "table" then
      local t = {}
      for i, a in ipairs(v) do t[i] = a.name end
      parts[#parts + 1] = k.name .. " -> " .. table.concat(t, " + ")
    else parts[#parts + 1] = k.name .. " -> " .. v.name end
  end
  table.sort(parts)
  return #parts > 0 and table.concat(parts, "; ") or "nothing"
end

function Q.describe_all(options)
  local out = {}
  for i, o in ipairs(options) do out[i] = Q.describe(o) end
  return out
end

-- A question's context in a line.
function Q.info(what, ctx)
  if what == "mulligan" then return string.format("keep %d, %d lands", ctx.keep_size or ctx.size, ctx.lands) end
  return ""
end

return Q
