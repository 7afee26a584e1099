-- Raise the Alarm (Instant, 1W): "Put two 1/1 white Soldier creature tokens into play."
-- Tokens (216): g:create_token makes them and puts them into play through the one move, so
-- "comes into play" triggers and replacements see them; the spell's controller controls them
-- and owns them (216.1). A token that leaves play ceases to exist at the next state-based check
-- (216.3) and can't come back (216.4).
local arbiter = require("arbiter")

local soldier = arbiter.card{ name = "Soldier", types = { "Creature" }, subtypes = { "Soldier" },
  colors = { "white" }, power = 1, toughness = 1 }

local def = arbiter.card{ name = "Raise the Alarm", types = { "Instant" }, colors = { "white" },
  cost = "{1}{W}",
  resolve = function(obj, g) g:create_token(soldier, { controller = obj.controller, count = 2 }) end }

return { def = def, token = soldier }
