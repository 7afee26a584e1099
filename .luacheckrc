-- luacheck configuration: `make lint` (CI fails on any warning).
-- One source runs on Lua 5.1-5.4 and LuaJIT, so the standard library is the union ("max");
-- version differences live in the compat module, not scattered through the code.
std = "max"
max_line_length = 120
-- Callbacks (agents, replacements, triggers, hooks, card scripts) take arguments fixed by the
-- API; naming them documents the signature even where a callback ignores some.
unused_args = false
exclude_files = { "build/", ".luarocks/", "lua_modules/" }

files["spec/"] = {
  std = "+busted",
  -- Table-driven cases read one per line, and `it` names quote the rules they assert.
  max_line_length = 200,
}
-- The embedding host (examples/embed/embed.c) sets the global `arbiter` for its worker.
files["examples/embed/worker.lua"] = { read_globals = { "arbiter" } }
-- examples/love runs in LÖVE 11: `love` is its global (main.lua sets its callbacks).
files["examples/love/"] = { globals = { "love" } }
