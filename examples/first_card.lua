-- examples/first_card.lua — the README's first card script: Underworld Dreams.
-- "Whenever an opponent draws a card, Underworld Dreams deals 1 damage to that player."
package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("ARBITER_CPATH") or "build/?.so") .. ";" .. package.cpath
local arbiter = require("arbiter")

-- A card script is a definition plus an install function that registers its abilities.
local dreams = {
  def = arbiter.card{ name = "Underworld Dreams", types = { "Enchantment" }, colors = { "black" } },
  install = function(g, card)
    return g:trigger{
      event = "draw", controller = card.controller, source = card,   -- ends when it leaves play
      condition = function(ev, game, source) return ev.player ~= source.controller end,
      effect = function(ev, game, source) game:damage(source, ev.player, 1) end,
    }
  end,
}

local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
local ann, bob = g.players[1], g.players[2]
local swamp = arbiter.card{ name = "Swamp", types = { "Land" }, subtypes = { "Swamp" }, supertypes = { "Basic" } }
for _ = 1, 5 do g:create(swamp, { owner = ann }); g:create(swamp, { owner = bob }) end

dreams.install(g, g:create(dreams.def, { owner = ann, zone = "battlefield" }))
g:draw(bob, 2)          -- two draws: the ability triggers twice (it waits for settle)
g:draw(ann)             -- Ann is not an opponent of the controller: no trigger
g:settle()              -- the triggered abilities go on the stack and resolve (two damage events)
for _, ev in ipairs(g:history()) do
  if ev.type == "draw" or ev.type == "damage" then
    print(ev.type, (ev.target or ev.player).name, ev.amount or "")
  end
end
print("Bob's life:", bob.life)   --> 18
