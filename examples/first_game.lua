-- examples/first_game.lua — the README's example: a card script with a draw replacement.
package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("ARBITER_CPATH") or "build/?.so") .. ";" .. package.cpath
local arbiter = require("arbiter")

local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 42 }
local ann, bob = g.players[1], g.players[2]
local island = arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" } }
for _ = 1, 10 do g:create(island, { owner = ann }); g:create(island, { owner = bob }) end

-- A card script: "If Ann would draw a card while her hand has 2+ cards, she gains 1 life instead."
g:add_replacement{
  event = "draw",
  applies = function(ev) return ev.player == ann and #ann.hand >= 2 end,
  replace = function() ann.life = ann.life + 1 end,   -- returning nil replaces the draw
}
g:on("draw", function(ev) print(ev.player.name .. " draws " .. ev.card.name) end)

g:draw(ann, 4)                       -- four separate draws (423.2): 2 drawn, 2 replaced
g:draw_each(1)                       -- active player first, then turn order (423.2a)
print(#ann.hand, ann.life, #bob.hand) --> 2  23  1
