rockspec_format = "3.0"
package = "arbiter"
version = "dev-1"
source = { url = "git+file:///dev/null" }
description = {
  summary = "A rules engine for Magic-style card games: C core, Lua API",
  license = "MIT",
}
dependencies = { "lua >= 5.4" }
build = {
  type = "builtin",
  modules = {
    ["arbiter.core"] = {
      sources = {
        "csrc/ability.c", "csrc/card.c", "csrc/event.c", "csrc/game.c", "csrc/journal.c",
        "csrc/hash.c", "csrc/rng.c", "csrc/zone.c", "csrc/actions.c",
        "csrc/lcore.c", "csrc/lgame.c", "csrc/lobject.c",
      },
      incdirs = { "csrc" },
    },
    ["arbiter"] = "lua/arbiter/init.lua",
  },
}
test = { type = "busted" }
