-- Lure + menace: Ann's Goblin Bully is enchanted with Lure ("all creatures able to block it do
-- so") and has menace from Goblin War Drums ("can't be blocked except by two or more
-- creatures"). Bob's untapped creatures must all block it (one requirement each, 500.4), and a
-- lone blocker breaks the menace restriction (500.3). The tapped Elves are exempt.
--   lua5.4 examples/judge.lua examples/boards/lure_menace.lua
--   lua5.4 examples/judge.lua examples/boards/lure_menace.lua --propose "Wall of Stone=Hill Giant"
return {
  title = "Lure + menace",
  players = { "Ann", "Bob" },
  active = "Ann",
  creatures = {
    { name = "Goblin Bully", controller = "Ann", power = 2, toughness = 1, colors = { "red" },
      abilities = { "lure", "can't be blocked except by two or more creatures" }, attacking = true },
    { name = "Hill Giant", controller = "Ann", power = 3, toughness = 3, colors = { "red" }, attacking = true },
    { name = "Wall of Stone", controller = "Bob", power = 0, toughness = 8, abilities = { "defender" } },
    { name = "Grizzly Bears", controller = "Bob", power = 2, toughness = 2, colors = { "green" } },
    { name = "Llanowar Elves", controller = "Bob", power = 1, toughness = 1, colors = { "green" }, tapped = true },
  },
  -- Bob wants the Bears alone on the Goblin: menace forbids it.
  propose = { ["Grizzly Bears"] = "Goblin Bully" },
}
