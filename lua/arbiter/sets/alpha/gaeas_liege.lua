-- Gaea's Liege {3}{G}{G}{G} (Creature — Avatar */*)
-- Oracle: "As long as Gaea's Liege isn't attacking, its power and toughness are each equal to the
-- number of Forests you control. As long as Gaea's Liege is attacking, its power and toughness are
-- each equal to the number of Forests defending player controls.
-- {T}: Target land becomes a Forest until Gaea's Liege leaves the battlefield."
-- Leans on: a characteristic-defining P/T (a definition's power function, computed first in the
--   P/T layer, 418.5a); the defending player is the one its "attack" event names (508 of the
--   era: declared attacking that player); a subtype-setting effect (418.5a layer 4) with the
--   Liege as its source, so it ends when the Liege leaves the battlefield; 212.6e: the land
--   loses its old land types and their mana abilities and taps for {G}.
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read by its P/T and as its
--   ability resolves: the land keeps the type it became if the text changes later; Magical Hack).
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

-- the player c attacks: the target of the latest "attack" event naming it (this combat's)
local function defender(c, g)
  return A.newest_first(g, function(ev)
    if ev.type == "attack" and ev.card == c then return ev.target end
  end)
end

local function forests(c, g)
  local who = c.controller
  if c.attacking then who = defender(c, g) or who end
  return g:count_permanents(who, c.words.type)   -- the lands of that land type (c:is)
end

-- each computed once per recomputation for both (A.counted_pt)
local power, toughness = A.counted_pt(forests)

return arbiter.card{
  name = "Gaea's Liege", types = { "Creature" }, subtypes = { "Avatar" }, colors = { "green" },
  cost = "{3}{G}{G}{G}", power = power, toughness = toughness, words = { type = "Forest" },
  activated = { {
    cost = "{T}", targets = { "land" },
    effect = function(obj, g, liege)
      if liege.zone ~= "battlefield" then return end     -- it has left: the effect would have ended
      g:add_static{ source = liege, affects = obj.targets[1], subtypes = { liege.words.type } }
    end } },
  oracle = "As long as Gaea's Liege isn't attacking, its power and toughness are each equal to the number of " ..
    "Forests you control. As long as Gaea's Liege is attacking, its power and toughness are each equal to the " ..
    "number of Forests defending player controls.\n{T}: Target land becomes a Forest until Gaea's Liege leaves " ..
    "the battlefield.",
}
