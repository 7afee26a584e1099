-- `make test-all` (scripts/testall.lua): the portability lint. Only the globals and fields
-- every Lua has (luacheck's "min": 5.1, 5.2, 5.3, 5.4 and LuaJIT alike), so a 5.3-only call
-- (math.type, table.unpack, utf8, ...) outside arbiter.compat is caught on any machine.
std = "min"
max_line_length = false
unused_args = false
exclude_files = { "build/", ".luarocks/", "lua_modules/",
  "lua/arbiter/compat.lua",                -- the one place that looks at the version
  "examples/embed/ui.lua", "examples/embed/worker.lua" }   -- run in the C hosts (Lua 5.4)
files["spec/"] = { std = "min+busted" }
files["examples/love/"] = { globals = { "love" } }
