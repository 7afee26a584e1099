-- arbiter.cli_decks — the command line's built-in deck lists (bin/arbiter play/sim): Alpha cards
-- (arbiter.sets.alpha), 40 cards each. names lists them in order.
local M = {}

M.red = [[
# Red: burn and ogres
17 Mountain
4 Lightning Bolt
4 Gray Ogre
4 Hill Giant
4 Mons's Goblin Raiders
3 Orcish Artillery
4 Fireball
]]

M.green = [[
# Green: elves and beasts
17 Forest
4 Llanowar Elves
4 Grizzly Bears
4 Giant Growth
4 Craw Wurm
3 Ironroot Treefolk
4 Giant Spider
]]

M.names = { "green", "red" }

return M
