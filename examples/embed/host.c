/*
** host.c — a C program that embeds arbiter the way a C/C++ game does: it
** opens a lua_State, loads arbiter (in-tree build, or the installed rock),
** gives each player an agent whose answers come from C functions, and runs a
** game script (game.lua), printing its story.
**
**   ./build/embed/host [ROOT] [SEED]     ROOT: the repository (default $ARBITER_ROOT or .)
**
** The agents here are C closures: a host's AI or rules for automatic answers.
** For answers that come from a UI loop, see threaded.c.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lauxlib.h"
#include "embed.h"

/* may(p, what, ctx): the C "AI" keeps every opening hand and declines the rest. */
static int c_may(lua_State *L) {
  const char *what = luaL_checkstring(L, 2);
  lua_getfield(L, 1, "name");
  printf("  [C agent] %s may %s? no\n", lua_tostring(L, -1), what);
  lua_pushboolean(L, 0);
  return 1;
}

static int entries(lua_State *L, int t) {
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) { n++; lua_pop(L, 1); }
  return n;
}

/* choose(p, what, options, ctx): attack and block with as many creatures as
** the rules allow (options are the legal declarations); anything else: the
** first option, as the default agent does. */
static int c_choose(lua_State *L) {
  const char *what = luaL_checkstring(L, 2);
  lua_Integer i, n, best = 1;
  luaL_checktype(L, 3, LUA_TTABLE);
  n = (lua_Integer)lua_rawlen(L, 3);
  if (!strcmp(what, "attack") || !strcmp(what, "block")) {
    int most = -1;
    for (i = 1; i <= n; i++) {
      int k;
      lua_rawgeti(L, 3, i);
      k = entries(L, lua_gettop(L));
      lua_pop(L, 1);
      if (k > most) { most = k; best = i; }
    }
  }
  lua_rawgeti(L, 3, best);
  return 1;
}

/* {may = c_may, choose = c_choose} */
static void push_agent(lua_State *L) {
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, c_may);
  lua_setfield(L, -2, "may");
  lua_pushcfunction(L, c_choose);
  lua_setfield(L, -2, "choose");
}

int main(int argc, char **argv) {
  const char *root = argc > 1 ? argv[1] : NULL;
  lua_Integer seed = argc > 2 ? strtol(argv[2], NULL, 10) : 1;
  char game[4096];
  int status = 1;
  lua_State *L = embed_open(root);
  if (!L) return 1;
  if (!root) root = getenv("ARBITER_ROOT");
  snprintf(game, sizeof game, "%s/examples/embed/game.lua", root && *root ? root : ".");

  lua_getglobal(L, "arbiter");
  lua_getfield(L, -1, "VERSION");
  printf("host: arbiter %s in a lua_State of the host (%s)\n", lua_tostring(L, -1), LUA_RELEASE);
  lua_pop(L, 2);

  /* play = dofile(game); summary, hash = play(arbiter, {agents = {...}, seed = seed}) */
  if (embed_dofile(L, game, 0, 1) == 0) {
    lua_getglobal(L, "arbiter");
    lua_createtable(L, 0, 2);
    lua_createtable(L, 2, 0);
    push_agent(L); lua_rawseti(L, -2, 1);
    push_agent(L); lua_rawseti(L, -2, 2);
    lua_setfield(L, -2, "agents");
    lua_pushinteger(L, seed);
    lua_setfield(L, -2, "seed");
    if (lua_pcall(L, 2, 2, 0) == LUA_OK) {
      printf("host: the game is over: %s (state hash %s)\n", lua_tostring(L, -2), lua_tostring(L, -1));
      status = 0;
    } else {
      fprintf(stderr, "host: the game raised: %s\n", lua_tostring(L, -1));
    }
  }
  lua_close(L);
  return status;
}
