-- examples/web/replay.lua — plays again, natively, a game the web page played: the same seed
-- and the same clicks (one a line: "card 12", "player 2", "button Pass"), through the same
-- session (examples/web/session.lua). Prints the end state's hash, the turn and the result,
-- which the browser test compares with the page's.
-- usage: lua5.4 examples/web/replay.lua CLICKS_FILE [SEED]
package.path = "examples/web/?.lua;examples/love/?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("ARBITER_CPATH") or "build/?.so") .. ";" .. package.cpath
local arbiter = require("arbiter")
local S = require("session")(arbiter)
S.new(tonumber(arg[2]) or 1)
local file = assert(arg[1], "usage: replay.lua CLICKS_FILE [SEED]")
for line in io.lines(file) do
  local kind, a = line:match("^(%S+) (.*)$")
  if kind then S.click(kind, a) end
end
local d = S.duel
print(string.format("%s turn %d %s", d.g:state_hash(), d.g.turn, d.banner or "unfinished"))
