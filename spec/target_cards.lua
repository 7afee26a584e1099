-- The cards the target specs share (spec/targets_fast_spec.lua, spec/legal_target_fast_spec.lua):
-- an artifact creature, a land, an artifact, an enchantment, a Knight with protection from red
-- and from artifacts (502.7b), and the targeting sources: a red and a black instant, an artifact.
local arbiter = require("spec.helpers").arbiter

local T = {}
T.wall = arbiter.card{ name = "Wall", types = { "Artifact", "Creature" }, power = 0, toughness = 4 }
T.land = arbiter.card{ name = "Waste", types = { "Land" } }
T.rock = arbiter.card{ name = "Rock", types = { "Artifact" } }
T.aura = arbiter.card{ name = "Halo", types = { "Enchantment" } }
T.knight = arbiter.card{ name = "Knight", types = { "Creature" }, power = 2, toughness = 2,
  colors = { "white" }, abilities = { "protection from red", "protection from artifacts" } }
function T.source(name, colors, types)
  return arbiter.card{ name = name, types = types or { "Instant" }, colors = colors, targets = { "creature" } }
end

-- Bolt (red) and Terror (black) in p's hand, Rod (an artifact) on the battlefield: red, black, art
function T.sources(g, p)
  return g:create(T.source("Bolt", { "red" }), { owner = p, zone = "hand" }),
    g:create(T.source("Terror", { "black" }), { owner = p, zone = "hand" }),
    g:create(T.source("Rod", nil, { "Artifact" }), { owner = p, zone = "battlefield" })
end

return T
