-- arbiter.internal — what the Lua layer's modules share and users don't see: the functions
-- with underscore names (_atomic, _ask_choose, _env, _foes, _note_choice, ...). It is the
-- modules' view of the arbiter module: it reads through to the public table, so a module given
-- it sees the whole API, and a public name written to it (arbiter.has_type = ...) lands on the
-- public table; underscore names stay here, off `require("arbiter")`.
-- M._game holds the game functions of the Lua layer (the C binding's underscore methods and the
-- Lua modules' own, GI._draw(g, p, n)): games don't offer them, so a script holding a game
-- reaches only the documented methods (issue 24). Modules read it at load:
--   local GI = require("arbiter.internal")._game
-- Not part of the API: names and behaviour change without notice.
local M = {}
M._game = require("arbiter.core")._game_internal()

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
