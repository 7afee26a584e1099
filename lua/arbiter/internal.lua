-- arbiter.internal — what the Lua layer's modules share and users don't see: the functions
-- with underscore names (_atomic, _ask_choose, _env, _foes, _note_choice, ...). It is the
-- modules' view of the arbiter module: it reads through to the public table, so a module given
-- it sees the whole API, and a public name written to it (arbiter.has_type = ...) lands on the
-- public table; underscore names stay here, off `require("arbiter")`.
-- Not part of the API: names and behaviour change without notice.
local M = {}

-- M._bind(public): called once by init.lua with the public module table.
function M._bind(public)
  return setmetatable(M, {
    __index = public,
    __newindex = function(_, k, v)
      if type(k) == "string" and k:sub(1, 1) == "_" then rawset(M, k, v) else public[k] = v end
    end,
  })
end

return M
