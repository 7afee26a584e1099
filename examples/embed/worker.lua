-- examples/embed/worker.lua — runs in the engine's thread (its own lua_State; threaded.c).
-- The agents send each question to the UI thread on the `to_ui` channel and wait for the
-- answer on `to_game`. Only descriptions cross threads: cards and tables stay in this state.
--   messages to the UI:  "log", line | "may", player, what, info | "choose", player, what,
--                        info, option1, option2, ... | "done", summary, hash | "error", message
--   answers:             a boolean (may), an option index (choose), or "quit"
local to_ui, to_game, root, seed = ...
local play = dofile(root .. "/examples/embed/game.lua")

local Q = dofile(root .. "/examples/embed/questions.lua")
local unpack = table.unpack or unpack                    -- luacheck: ignore 113 (5.1)

local function answer()
  local a = to_game:demand(30)
  if a == nil then error("no answer from the UI within 30 s", 0) end
  if a == "quit" then error("the UI quit the game", 0) end
  return a
end

local agent = {
  may = function(p, what, ctx)
    to_ui:push("may", p.name, what, Q.info(what, ctx))
    return answer() == true
  end,
  choose = function(p, what, options, ctx)
    to_ui:push("choose", p.name, what, Q.info(what, ctx), unpack(Q.describe_all(options)))
    local k = answer()
    return options[k] or error("the UI answered " .. tostring(k) .. " to a choice of " .. #options, 0)
  end,
}

local ok, summary, hash = pcall(play, arbiter, {
  agents = { agent, agent }, seed = seed,
  log = function(line) to_ui:push("log", line) end,
})
if ok then to_ui:push("done", summary, hash) else to_ui:push("error", tostring(summary)) end
