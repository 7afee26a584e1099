-- arbiter.sandbox_entry — the entry check compiled into every card-script function (issue 15).
--
-- Host code pays nothing for the sandbox: no hook watches it once scripts are loaded. What
-- stops a raw script function that reaches the host by some unguarded path from running
-- without its budget is a check at the start of every function the script's text defines (and
-- of each chunk): a call of a field of the string metatable's __index,
--     ("").card_script_ran_outside_a_budgeted_call();
-- which exists only while a budgeted call is open (lsandbox.c swaps the strings' __index for
-- the charged string table for the outermost budgeted call). Outside one the field is nil and
-- the call raises at the function's first instruction. The check names nothing the script can
-- shadow or assign, it is inserted on the line where the parameter list ends (line numbers in
-- messages stay the script's), and it costs one indexed call per script function call.
--
-- The scanner below finds the `function` keywords; Lua's own parser is the judge of what it
-- found (issue 24: a scanner that lost sync on an escape left a function unchecked). Each
-- whole word `function` the scanner took for text (in a string or a comment) is checked by
-- compiling the source with that word renamed: in a string or a comment the source still
-- compiles; as the keyword it can't (the token stream loses one block opener and keeps every
-- `end`). A keyword the scanner missed refuses the script.
local M = {}

M.FIELD = "card_script_ran_outside_a_budgeted_call"
local CHECK = ' ("").' .. M.FIELD .. '(); '

local find, sub, byte = string.find, string.sub, string.byte

-- The end of a long bracket opened at i ("[", "="*, "["), or nil when i opens none.
local function long_end(src, i)
  local eq = src:match("^%[(=*)%[", i)
  if not eq then return nil end
  local _, e = find(src, "]" .. eq .. "]", i + #eq + 2, true)
  return e or #src
end

-- Skips blanks and comments from i; returns the next significant position.
local function skip(src, i)
  while true do
    i = find(src, "[^%s]", i) or #src + 1
    if sub(src, i, i + 1) ~= "--" then return i end
    i = (byte(src, i + 2) == 91 and long_end(src, i + 2)) or (find(src, "[\r\n]", i + 2) or #src)
    i = i + 1
  end
end

-- After the keyword `function` at j: the end of its parameter list, or nil (a syntax error
-- that load reports). Skips an optional name (a.b.c:m) and comments.
local function params_end(src, j)
  local i = skip(src, j)
  while find(src, "^[%a_]", i) do                    -- funcname: Name {'.' Name} [':' Name]
    i = skip(src, (select(2, find(src, "^[%w_]*", i))) + 1)
    local c = sub(src, i, i)
    if c ~= "." and c ~= ":" then break end
    i = skip(src, i + 1)
  end
  if sub(src, i, i) ~= "(" then return nil end
  i = i + 1
  while true do                                      -- names, commas, ... and comments only
    i = skip(src, i)
    local c = sub(src, i, i)
    if c == ")" then return i end
    if c == "" then return nil end
    i = i + 1
  end
end

local MAX_TEXT_WORDS = 256   -- `function` as text (comments, strings) a script may hold

--- missed(src, at, compiles): every whole word `function` of src the scanner didn't instrument
--- (at: position -> true) is text, as the parser sees it: compiles(src') for src with it
--- renamed. Returns the position of a keyword the scanner missed, or nil.
function M.missed(src, at, compiles)
  local s, n = find(src, "function", 1, true), 0
  while s do
    local e = s + 7
    if not at[s] and not find(sub(src, s - 1, s - 1), "[%w_]") and not find(sub(src, e + 1, e + 1), "[%w_]") then
      n = n + 1
      if n > MAX_TEXT_WORDS or not compiles(sub(src, 1, s - 1) .. "funct1on" .. sub(src, e + 1)) then return s end
    end
    s = find(src, "function", e + 1, true)
  end
end

--- instrument(src, compiles) -> src with the entry check at the start of the chunk and of every
--- function; or nil and a message when the parser finds a function the scanner missed.
--- compiles(text) says whether text compiles (src itself must).
function M.instrument(src, compiles)
  local out, n, from, i, len, at = { CHECK }, 1, 1, 1, #src, {}
  while i <= len do
    local s = find(src, "[%a_\"'%-%[]", i)           -- words, strings, comments, long brackets
    if not s then break end
    local c = byte(src, s)
    if c == 34 or c == 39 then                       -- "..." '...': escapes skipped
      local stop, k = c == 34 and '[\\"\r\n]' or "[\\'\r\n]", s + 1
      while true do
        k = find(src, stop, k) or len + 1
        if byte(src, k) ~= 92 then break end      -- a backslash: skip the escaped byte (CR LF: both)
        if byte(src, k + 1) == 122 then           -- \z (5.2+) skips the blanks that follow
          k = find(src, "[^%s]", k + 2) or len + 1
        else
          k = k + 2
          local a, b = byte(src, k - 1), byte(src, k)
          if (a == 13 and b == 10) or (a == 10 and b == 13) then k = k + 1 end
        end
      end
      i = k + 1
    elseif c == 45 then                              -- "--" comment, or a minus
      if byte(src, s + 1) == 45 then i = skip(src, s) else i = s + 1 end
    elseif c == 91 then                              -- [[ long string ]], or an index
      i = (long_end(src, s) or s) + 1
    else
      local _, e = find(src, "^[%w_]*", s)
      if sub(src, s, e) == "function" and (s == 1 or not find(sub(src, s - 1, s - 1), "[%w_]")) then
        local p = params_end(src, e + 1)
        if p then
          at[s] = true
          n = n + 1; out[n] = sub(src, from, p)
          n = n + 1; out[n] = CHECK
          from = p + 1
        end
      end
      i = e + 1
    end
  end
  n = n + 1; out[n] = sub(src, from)
  local m = M.missed(src, at, compiles)
  if m then
    local line = select(2, sub(src, 1, m):gsub("\n", "")) + 1
    return nil, string.format("line %d: a function the entry check can't be compiled into (or more "
      .. "than %d words 'function' in comments and strings)", line, MAX_TEXT_WORDS)
  end
  return table.concat(out)
end

return M
