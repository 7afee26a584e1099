/* The creature types (212.1e of the era: "Use the Oracle card reference to determine
** whether a creature type exists"; the glossary's "Creature Types"). The card set's texts are
** the Oracle's, so the list is the Oracle's, the Grand Creature Type Update of 2007 (Lorwyn)
** included. Sorted bytewise for the binary search. */
#include <stdlib.h>
#include <string.h>
#include "arbiter.h"

static const char *const listed[] = {
  "Advisor", "Aetherborn", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon", "Army",
  "Artificer", "Assassin", "Assembly-Worker", "Astartes", "Atog", "Aurochs", "Avatar", "Azra",
  "Badger", "Barbarian", "Bard", "Basilisk", "Bat", "Bear", "Beast", "Beeble", "Beholder",
  "Berserker", "Bird", "Blinkmoth", "Boar", "Brainiac", "Bringer", "Brushwagg", "C'tan", "Camarid",
  "Camel", "Caribou", "Carrier", "Cat", "Centaur", "Cephalid", "Chimera", "Citizen", "Clamfolk",
  "Cleric", "Clown", "Cockatrice", "Construct", "Cow", "Coward", "Crab", "Crocodile", "Cyborg",
  "Cyclops", "Dalek", "Dauthi", "Demigod", "Demon", "Deserter", "Devil", "Dinosaur", "Djinn",
  "Dog", "Dragon", "Drake", "Dreadnought", "Drone", "Druid", "Dryad", "Dwarf", "Efreet", "Egg",
  "Elder", "Eldrazi", "Elemental", "Elephant", "Elf", "Elk", "Employee", "Eye", "Faerie", "Ferret",
  "Fighter", "Fish", "Flagbearer", "Fox", "Fractal", "Frog", "Fungus", "Gamer", "Gargoyle", "Germ",
  "Giant", "Gith", "Gnoll", "Gnome", "Goat", "Goblin", "God", "Golem", "Gorgon", "Graveborn",
  "Gremlin", "Griffin", "Guest", "Hag", "Halfling", "Hamster", "Harpy", "Hellion", "Hippo",
  "Hippogriff", "Homarid", "Homunculus", "Horror", "Horse", "Human", "Hydra", "Hyena", "Illusion",
  "Imp", "Incarnation", "Inkling", "Inquisitor", "Insect", "Jackal", "Jellyfish", "Juggernaut",
  "Kangaroo", "Kavu", "Killbot", "Kirin", "Kithkin", "Knight", "Kobold", "Kor", "Kraken", "Lamia",
  "Lammasu", "Leech", "Leviathan", "Lhurgoyf", "Licid", "Lizard", "Lobster", "Mammoth",
  "Manticore", "Masticore", "Mercenary", "Merfolk", "Metathran", "Minion", "Minotaur", "Mite",
  "Mole", "Monger", "Mongoose", "Monk", "Monkey", "Moonfolk", "Mouse", "Mutant", "Myr", "Mystic",
  "Naga", "Nautilus", "Necron", "Nephilim", "Nightmare", "Nightstalker", "Ninja", "Noble",
  "Noggle", "Nomad", "Nymph", "Octopus", "Ogre", "Ooze", "Orb", "Orc", "Orgg", "Otter", "Ouphe",
  "Ox", "Oyster", "Pangolin", "Peasant", "Pegasus", "Pentavite", "Pest", "Phelddagrif", "Phoenix",
  "Phyrexian", "Pilot", "Pincher", "Pirate", "Plant", "Praetor", "Primarch", "Prism", "Processor",
  "Rabbit", "Ranger", "Rat", "Rebel", "Reflection", "Rhino", "Rigger", "Robot", "Rogue", "Sable",
  "Salamander", "Samurai", "Sand", "Saproling", "Satyr", "Scarecrow", "Scientist", "Scion",
  "Scorpion", "Scout", "Sculpture", "Serf", "Serpent", "Servo", "Shade", "Shaman", "Shapeshifter",
  "Shark", "Sheep", "Siren", "Skeleton", "Slith", "Sliver", "Slug", "Snake", "Soldier", "Soltari",
  "Spawn", "Specter", "Spellshaper", "Sphinx", "Spider", "Spike", "Spirit", "Splinter", "Sponge",
  "Spy", "Squid", "Squirrel", "Starfish", "Surrakar", "Survivor", "Tentacle", "Tetravite",
  "Thalakos", "Thopter", "Thrull", "Tiefling", "Treefolk", "Trilobite", "Triskelavite", "Troll",
  "Turtle", "Tyranid", "Unicorn", "Vampire", "Vedalken", "Viashino", "Volver", "Wall", "Warlock",
  "Warrior", "Weird", "Werewolf", "Whale", "Wizard", "Wolf", "Wolverine", "Wombat", "Worm",
  "Wraith", "Wurm", "Yeti", "Zombie", "Zubera"
};

static int by_name(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

int arb_creature_type_listed(const char *s) {
  return bsearch(&s, listed, sizeof listed / sizeof *listed, sizeof *listed, by_name) != NULL;
}
