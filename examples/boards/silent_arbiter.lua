-- Silent Arbiter: "No more than one creature can attack each combat." Ann's Berserker and
-- Raging Goblin must attack if able (one requirement each), but the Arbiter lets only one
-- attack: the most requirements a legal attack obeys is 1, so exactly one of them attacks
-- (500.2 and its example; 500.4). The summoning-sick Ogre can't attack (502.5b), the tapped
-- Knight is exempt from requirements.
--   lua5.4 examples/judge.lua examples/boards/silent_arbiter.lua
--   lua5.4 examples/judge.lua examples/boards/silent_arbiter.lua --propose "Berserker,Raging Goblin"
return {
  title = "Silent Arbiter",
  players = { "Ann", "Bob" },
  active = "Ann",
  creatures = {
    { name = "Berserker", controller = "Ann", power = 3, toughness = 2, abilities = { "attacks each combat if able" } },
    { name = "Raging Goblin", controller = "Ann", power = 1, toughness = 1,
      abilities = { "attacks each combat if able", "haste" } },
    { name = "Grizzly Bears", controller = "Ann", power = 2, toughness = 2 },
    { name = "Gray Ogre", controller = "Ann", power = 2, toughness = 2, sick = true },
    { name = "Eager Knight", controller = "Ann", power = 2, toughness = 2,
      abilities = { "attacks each combat if able" }, tapped = true },
    { name = "Silent Arbiter", controller = "Bob", card = "silent_arbiter" },
  },
  -- Ann attacks with the Bears instead: it obeys 0 of the most 1 requirements.
  propose = { "Grizzly Bears" },
}
