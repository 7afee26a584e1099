-- examples/embed/ui.lua — the host's UI loop (main thread, its own lua_State; threaded.c).
-- Each frame it takes at most one message from the engine thread without waiting (pop), shows
-- it, and answers questions with the scripted clicks of policy.lua; between messages it draws
-- frames (here: sleeps 1 ms), so the UI never blocks on the engine.
local to_ui, to_game, root, sleep_ms = ...
local unpack = table.unpack or unpack                    -- luacheck: ignore 113 (5.1)
local function pack(...) return { n = select("#", ...), ... } end
local policy = dofile(root .. "/examples/embed/policy.lua")
local frames = 0
while true do
  local m = pack(to_ui:pop())
  local kind = m[1]
  if m.n == 0 then
    frames = frames + 1           -- a frame of the UI: draw, handle input ...
    sleep_ms(1)
  elseif kind == "log" then
    print("  | " .. m[2])
  elseif kind == "may" then
    local yes = policy("may", m[2], m[3], m[4], {})
    print(string.format("UI: %s, %s? (%s) -> %s", m[2], m[3], m[4], yes and "yes" or "no"))
    to_game:push(yes)
  elseif kind == "choose" then
    local options = { unpack(m, 5, m.n) }
    local k = policy("choose", m[2], m[3], m[4], options)
    print(string.format("UI: %s chooses %s among %d: %s", m[2], m[3], #options, options[k]))
    to_game:push(k)
  elseif kind == "done" then
    print("UI: game over: " .. m[2] .. " (state hash " .. m[3] .. ")")
    break
  else
    print("UI: the engine thread failed: " .. tostring(m[2]))
    return 1
  end
end
io.stderr:write(string.format("UI: %d frames drawn while the engine worked\n", frames))
return 0
