-- Mogg Flunkies and swampwalk: Bob's Mogg Flunkies "can't block alone"; his Sentinel "blocks
-- each combat if able" (a requirement); Ann's Bog Wraith has swampwalk and Bob controls a Swamp,
-- so nothing can block the Wraith (502.6). The Sentinel must block the Giant, and then the
-- Flunkies (and the Wall) may join it.
--   lua5.4 examples/judge.lua examples/boards/mogg_flunkies.lua
--   lua5.4 examples/judge.lua examples/boards/mogg_flunkies.lua --propose "Wall of Wood=Bog Wraith"
return {
  title = "Mogg Flunkies and swampwalk",
  players = { "Ann", "Bob" },
  active = "Ann",
  lands = { Bob = { "Swamp", "Mountain" } },
  creatures = {
    { name = "Bog Wraith", controller = "Ann", card = "bog_wraith", attacking = true },
    { name = "Hill Giant", controller = "Ann", power = 3, toughness = 3, attacking = true },
    { name = "Mogg Flunkies", controller = "Bob", card = "mogg_flunkies" },
    { name = "Sentinel", controller = "Bob", power = 1, toughness = 4, abilities = { "blocks each combat if able" } },
    { name = "Wall of Wood", controller = "Bob", power = 0, toughness = 3, abilities = { "defender" } },
  },
  -- The Flunkies block the Giant alone: "can't block alone" forbids it.
  propose = { ["Mogg Flunkies"] = "Hill Giant" },
}
