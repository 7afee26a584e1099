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
        "csrc/ability.c",
        "csrc/actions.c",
        "csrc/card.c",
        "csrc/combat.c",
        "csrc/combat_damage.c",
        "csrc/draw_game.c",
        "csrc/event.c",
        "csrc/flanking.c",
        "csrc/game.c",
        "csrc/hash.c",
        "csrc/journal.c",
        "csrc/lcard.c",
        "csrc/lcombat.c",
        "csrc/lcore.c",
        "csrc/levent.c",
        "csrc/lgame.c",
        "csrc/lcreate.c",
        "csrc/lhooks.c",
        "csrc/lhouse.c",
        "csrc/lmemory.c",
        "csrc/lobject.c",
        "csrc/lturn.c",
        "csrc/lsandbox.c",
        "csrc/rng.c",
        "csrc/solver_attack.c",
        "csrc/solver_block.c",
        "csrc/solver_check.c",
        "csrc/solver_flow.c",
        "csrc/solver_prep.c",
        "csrc/solver_search.c",
        "csrc/solver_thresh.c",
        "csrc/solver_ws.c",
        "csrc/stack.c",
        "csrc/turn.c",
        "csrc/zone.c",
      },
      incdirs = { "csrc" },
    },
    ["arbiter"] = "lua/arbiter/init.lua",
    ["arbiter.agents"] = "lua/arbiter/agents.lua",
    ["arbiter.check"] = "lua/arbiter/check.lua",
    ["arbiter.combat"] = "lua/arbiter/combat.lua",
    ["arbiter.division"] = "lua/arbiter/division.lua",
    ["arbiter.deck"] = "lua/arbiter/deck.lua",
    ["arbiter.house"] = "lua/arbiter/house.lua",
    ["arbiter.turn"] = "lua/arbiter/turn.lua",
    ["arbiter.loop"] = "lua/arbiter/loop.lua",
    ["arbiter.replay"] = "lua/arbiter/replay.lua",
    ["arbiter.sandbox"] = "lua/arbiter/sandbox.lua",
  },
}
test = { type = "busted" }
