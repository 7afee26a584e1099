-- arbiter.sets.alpha — Limited Edition Alpha (1993, code "LEA"): one file per card beside this
-- one (its name in lower case, apostrophes dropped, other runs of non-letters "_"), each opening
-- with the card's Oracle text and returning its definition (arbiter.card) with `oracle` set.
-- alpha["Name"] is the definition; alpha.names the names in this set, sorted; alpha.file(name)
-- the module name of a card's file. Where Oracle text postdates the seeds' rules (mana burn,
-- "mana value"), the card follows the engine's rules and its file says so.
local M = { code = "LEA" }

-- The 290 distinct names of the set list (each basic land once).
local LIST = {
  "Air Elemental", "Ancestral Recall", "Animate Artifact", "Animate Dead", "Animate Wall",
  "Ankh of Mishra", "Armageddon", "Aspect of Wolf", "Bad Moon", "Badlands", "Balance",
  "Basalt Monolith", "Bayou", "Benalish Hero", "Berserk", "Birds of Paradise", "Black Knight",
  "Black Lotus", "Black Vise", "Black Ward", "Blaze of Glory", "Blessing", "Blue Elemental Blast",
  "Blue Ward", "Bog Wraith", "Braingeyser", "Burrowing", "Camouflage", "Castle", "Celestial Prism",
  "Channel", "Chaos Orb", "Chaoslace", "Circle of Protection: Blue", "Circle of Protection: Green",
  "Circle of Protection: Red", "Circle of Protection: White", "Clockwork Beast", "Clone",
  "Cockatrice", "Consecrate Land", "Conservator", "Contract from Below", "Control Magic",
  "Conversion", "Copper Tablet", "Copy Artifact", "Counterspell", "Craw Wurm", "Creature Bond",
  "Crusade", "Crystal Rod", "Cursed Land", "Cyclopean Tomb", "Dark Ritual", "Darkpact",
  "Death Ward", "Deathgrip", "Deathlace", "Demonic Attorney", "Demonic Hordes", "Demonic Tutor",
  "Dingus Egg", "Disenchant", "Disintegrate", "Disrupting Scepter", "Dragon Whelp", "Drain Life",
  "Drain Power", "Drudge Skeletons", "Dwarven Demolition Team", "Dwarven Warriors",
  "Earth Elemental", "Earthbind", "Earthquake", "Elvish Archers", "Evil Presence", "False Orders",
  "Farmstead", "Fastbond", "Fear", "Feedback", "Fire Elemental", "Fireball", "Firebreathing",
  "Flashfires", "Flight", "Fog", "Force of Nature", "Forcefield", "Forest", "Fork", "Frozen Shade",
  "Fungusaur", "Gaea's Liege", "Gauntlet of Might", "Giant Growth", "Giant Spider",
  "Glasses of Urza", "Gloom", "Goblin Balloon Brigade", "Goblin King", "Granite Gargoyle",
  "Gray Ogre", "Green Ward", "Grizzly Bears", "Guardian Angel", "Healing Salve", "Helm of Chatzuk",
  "Hill Giant", "Holy Armor", "Holy Strength", "Howl from Beyond", "Howling Mine",
  "Hurloon Minotaur", "Hurricane", "Hypnotic Specter", "Ice Storm", "Icy Manipulator",
  "Illusionary Mask", "Instill Energy", "Invisibility", "Iron Star", "Ironclaw Orcs",
  "Ironroot Treefolk", "Island", "Island Sanctuary", "Ivory Cup", "Jade Monolith", "Jade Statue",
  "Jayemdae Tome", "Juggernaut", "Jump", "Karma", "Keldon Warlord", "Kormus Bell", "Kudzu", "Lance",
  "Ley Druid", "Library of Leng", "Lich", "Lifeforce", "Lifelace", "Lifetap", "Lightning Bolt",
  "Living Artifact", "Living Lands", "Living Wall", "Llanowar Elves", "Lord of Atlantis",
  "Lord of the Pit", "Lure", "Magical Hack", "Mahamoti Djinn", "Mana Flare", "Mana Short",
  "Mana Vault", "Manabarbs", "Meekstone", "Merfolk of the Pearl Trident", "Mesa Pegasus",
  "Mind Twist", "Mons's Goblin Raiders", "Mountain", "Mox Emerald", "Mox Jet", "Mox Pearl",
  "Mox Ruby", "Mox Sapphire", "Natural Selection", "Nether Shadow", "Nettling Imp",
  "Nevinyrral's Disk", "Nightmare", "Northern Paladin", "Obsianus Golem", "Orcish Artillery",
  "Orcish Oriflamme", "Paralyze", "Pearled Unicorn", "Personal Incarnation", "Pestilence",
  "Phantasmal Forces", "Phantasmal Terrain", "Phantom Monster", "Pirate Ship", "Plague Rats",
  "Plains", "Plateau", "Power Leak", "Power Sink", "Power Surge", "Prodigal Sorcerer",
  "Psionic Blast", "Psychic Venom", "Purelace", "Raging River", "Raise Dead",
  "Red Elemental Blast", "Red Ward", "Regeneration", "Regrowth", "Resurrection", "Reverse Damage",
  "Righteousness", "Roc of Kher Ridges", "Rock Hydra", "Rod of Ruin", "Royal Assassin", "Sacrifice",
  "Samite Healer", "Savannah", "Savannah Lions", "Scathe Zombies", "Scavenging Ghoul", "Scrubland",
  "Scryb Sprites", "Sea Serpent", "Sedge Troll", "Sengir Vampire", "Serra Angel", "Shanodin Dryads",
  "Shatter", "Shivan Dragon", "Simulacrum", "Sinkhole", "Siren's Call", "Sleight of Mind", "Smoke",
  "Sol Ring", "Soul Net", "Spell Blast", "Stasis", "Steal Artifact", "Stone Giant", "Stone Rain",
  "Stream of Life", "Sunglasses of Urza", "Swamp", "Swords to Plowshares", "Taiga", "Terror",
  "The Hive", "Thicket Basilisk", "Thoughtlace", "Throne of Bone", "Timber Wolves", "Time Vault",
  "Time Walk", "Timetwister", "Tranquility", "Tropical Island", "Tsunami", "Tundra", "Tunnel",
  "Twiddle", "Two-Headed Giant of Foriys", "Underground Sea", "Unholy Strength", "Unsummon",
  "Uthden Troll", "Verduran Enchantress", "Vesuvan Doppelganger", "Veteran Bodyguard",
  "Volcanic Eruption", "Wall of Air", "Wall of Bone", "Wall of Brambles", "Wall of Fire",
  "Wall of Ice", "Wall of Stone", "Wall of Swords", "Wall of Water", "Wall of Wood", "Wanderlust",
  "War Mammoth", "Warp Artifact", "Water Elemental", "Weakness", "Web", "Wheel of Fortune",
  "White Knight", "White Ward", "Wild Growth", "Will-o'-the-Wisp", "Winter Orb", "Wooden Sphere",
  "Word of Command", "Wrath of God", "Zombie Master",
}

-- file("Gaea's Liege") == "gaeas_liege": the card's module under arbiter.sets.alpha
function M.file(name)
  return (name:lower():gsub("'", ""):gsub("[^%w]+", "_"):gsub("^_+", ""):gsub("_+$", ""))
end

-- The set list, for specs and coverage: every name, written or not.
M.list = LIST

-- Cards not written yet (their mechanisms are still being built): the set list less the files
-- found. Empty when the set is complete.
M.unwritten = {}
M.names = {}
for _, name in ipairs(LIST) do
  local ok, def = pcall(require, "arbiter.sets.alpha." .. M.file(name))
  if ok then
    if def.name ~= name then error("arbiter.sets.alpha: " .. M.file(name) .. " defines " .. tostring(def.name)) end
    M[name] = def
    M.names[#M.names + 1] = name
  elseif not tostring(def):find("module 'arbiter.sets.alpha." .. M.file(name) .. "' not found", 1, true) then
    error(def, 0)                      -- a card file that exists and fails: never hidden
  else
    M.unwritten[#M.unwritten + 1] = name
  end
end
table.sort(M.names)

return M
