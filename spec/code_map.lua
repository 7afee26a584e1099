-- spec/code_map.lua — for the specs that check the docs' maps of the code (rules_map_spec,
-- architecture_spec): a file's text, and a named function's text in it (its comment and body).
local M = {}

function M.read(path)
  local f = assert(io.open(path, "r"))
  local s = f:read("*a")
  f:close()
  return s
end

local function lines_of(s)
  local out = {}
  for l in (s .. "\n"):gmatch("([^\n]*)\n") do out[#out + 1] = l end
  return out
end

local function is_comment(l)
  return l:match("^%s*/?%*") or l:match("^%s*%*%*") or l:match("^%s*%-%-") or l:match("%*/%s*$")
end

-- The text of function fname in path: the comment right above its definition and its body;
-- nil when path defines no such function. C: a definition at the line's start; Lua:
-- `function fname(` (fname may be `M.x`, `Game:x`).
function M.function_text(path, fname)
  local ls = lines_of(M.read(path))
  local lua = path:match("%.lua$")
  local plain = fname:gsub("%p", "%%%0")
  for i, l in ipairs(ls) do
    local def
    if lua then def = l:match("function " .. plain .. "%(")
    else def = l:match("^[%a_][^;]*[%s%*]" .. plain .. "%(") and not l:match(";%s*$") end
    if def then
      local from, to = i, i
      while from > 1 and is_comment(ls[from - 1]) do from = from - 1 end
      local close = lua and (l:match("^(%s*)") .. "end") or "}"
      while to < #ls and ls[to] ~= close and not (lua and l:match("end%s*$")) do to = to + 1 end
      return table.concat(ls, "\n", from, to)
    end
  end
end

-- Every `path:function` named in backquotes in text (paths under csrc/ or lua/).
function M.named(text)
  local out = {}
  for path, fname in text:gmatch("`(%a+/[%w_/]+%.%a+):([%w_%.:]+)`") do
    out[#out + 1] = { path, fname }
  end
  return out
end

return M
