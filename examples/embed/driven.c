/*
** driven.c — a host with a UI loop in ONE thread, no coroutine: the host driver from C.
** Both players have arbiter.agents.host(); game.lua (driven = true) returns a driver d for
** the game. Each frame the loop either resumes the game (d:resume(), until a player must
** decide) or, a few frames after a question appeared, answers it (d:answer(v)) with the
** scripted clicks of policy.lua, as threaded.c's UI does: the same seed gives the same game
** and the same output as threaded.c, without its engine thread and channels.
**
**   ./build/embed/driven [ROOT] [SEED]
**
** Everything goes through the Lua API: the question is a table (q.kind, q.player, q.what,
** q.options, q.ctx, q.names, q.rule); the answer is a value pushed from C (a boolean, or
** one of q.options). While a question is pending the game stands where the question was
** asked, so the host may read it (lives, hands, g:check_attack ...) to draw its screen.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lauxlib.h"
#include "embed.h"

/* stack slots the frame loop keeps */
enum { S_D = 1, S_FLUSH, S_POLICY, S_QUESTIONS, S_Q };

static int c_log(lua_State *L) {
  printf("  | %s\n", luaL_checkstring(L, 1));
  return 0;
}

/* d:method(args...) with nargs arguments on the stack above d; pcall, results left. */
static int method(lua_State *L, const char *name, int nargs, int nres) {
  lua_getfield(L, S_D, name);
  lua_pushvalue(L, S_D);
  if (nargs > 0) {
    lua_rotate(L, -(nargs + 2), 2);   /* d.name, d below the arguments */
  }
  if (lua_pcall(L, nargs + 1, nres, 0) != LUA_OK) {
    fprintf(stderr, "driven: d:%s failed: %s\n", name, lua_tostring(L, -1));
    return -1;
  }
  return 0;
}

/* questions.lua's fn(args) -> one result (Q.info, Q.describe_all) */
static void question_text(lua_State *L, const char *fn, int nargs) {
  lua_getfield(L, S_QUESTIONS, fn);
  lua_rotate(L, -(nargs + 1), 1);
  lua_call(L, nargs, 1);
}

/* Answers the pending question (at S_Q) as the player's clicks would: policy.lua decides
** from the question's text, C pushes the answer and calls d:answer. */
static int answer(lua_State *L) {
  const char *kind, *player, *what, *info;
  lua_getfield(L, S_Q, "kind");
  kind = lua_tostring(L, -1);
  lua_getfield(L, S_Q, "player");
  lua_getfield(L, -1, "name");
  player = lua_tostring(L, -1);
  lua_getfield(L, S_Q, "what");
  what = lua_tostring(L, -1);
  lua_pushvalue(L, -1);
  lua_getfield(L, S_Q, "ctx");
  question_text(L, "info", 2);                      /* Q.info(what, ctx) */
  info = lua_tostring(L, -1);
  if (!strcmp(kind, "may")) {
    int yes;
    lua_pushvalue(L, S_POLICY);                     /* policy(kind, player, what, info, {}) */
    lua_pushstring(L, kind);
    lua_pushstring(L, player);
    lua_pushstring(L, what);
    lua_pushstring(L, info);
    lua_newtable(L);
    lua_call(L, 5, 1);
    yes = lua_toboolean(L, -1);
    printf("UI: %s, %s? (%s) -> %s\n", player, what, info, yes ? "yes" : "no");
    lua_pushboolean(L, yes);
  } else {
    lua_Integer k;
    int descs;
    lua_getfield(L, S_Q, "options");
    question_text(L, "describe_all", 1);            /* the options as text */
    descs = lua_gettop(L);
    lua_pushvalue(L, S_POLICY);                     /* policy(kind, player, what, info, descs) */
    lua_pushstring(L, kind);
    lua_pushstring(L, player);
    lua_pushstring(L, what);
    lua_pushstring(L, info);
    lua_pushvalue(L, descs);
    lua_call(L, 5, 1);
    k = lua_tointeger(L, -1);
    lua_rawgeti(L, descs, k);
    printf("UI: %s chooses %s among %d: %s\n", player, what, (int)lua_rawlen(L, descs), lua_tostring(L, -1));
    lua_getfield(L, S_Q, "options");
    lua_rawgeti(L, -1, k);                          /* the answer: the option itself */
  }
  return method(L, "answer", 1, 0);
}

/* Plays the game: returns 0 when it ended. */
static int frames(lua_State *L, int *nframes, int *nquestions) {
  int wait = 0;
  for (;;) {
    ++*nframes;                       /* a frame of the UI: draw, handle input ... */
    if (lua_gettop(L) >= S_Q) {       /* a question is on screen */
      if (wait-- > 0) continue;       /* the player thinks for a few frames */
      if (answer(L)) return -1;
      lua_settop(L, S_Q - 1);
      continue;
    }
    if (method(L, "resume", 0, 3)) return -1;
    lua_pushvalue(L, S_FLUSH);        /* the game's log lines that are new */
    lua_call(L, 0, 0);
    if (lua_istable(L, -3)) {         /* a question: keep it at S_Q */
      lua_pop(L, 2);
      ++*nquestions;
      wait = 2;
      continue;
    }
    printf("UI: game over: %s (state hash %s)\n", lua_tostring(L, -2), lua_tostring(L, -1));
    return 0;
  }
}

int main(int argc, char **argv) {
  const char *root = argc > 1 ? argv[1] : getenv("ARBITER_ROOT");
  lua_Integer seed = argc > 2 ? strtol(argv[2], NULL, 10) : 1;
  char file[4096];
  int status = 1, nframes = 0, nquestions = 0;
  lua_State *L = embed_open(root);
  if (!L) return 1;
  if (!root || !*root) root = ".";

  /* d, flush = play(arbiter, {agents = {host(), host()}, seed = seed, driven = true, log = c_log}) */
  snprintf(file, sizeof file, "%s/examples/embed/game.lua", root);
  if (embed_dofile(L, file, 0, 1)) goto done;
  lua_getglobal(L, "arbiter");
  lua_createtable(L, 0, 4);
  lua_createtable(L, 2, 0);
  lua_getglobal(L, "arbiter");
  lua_getfield(L, -1, "agents");
  lua_getfield(L, -1, "host");
  lua_call(L, 0, 1);
  lua_rawseti(L, -4, 1);
  lua_getfield(L, -1, "host");
  lua_call(L, 0, 1);
  lua_rawseti(L, -4, 2);
  lua_pop(L, 2);
  lua_setfield(L, -2, "agents");
  lua_pushinteger(L, seed);
  lua_setfield(L, -2, "seed");
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, "driven");
  lua_pushcfunction(L, c_log);
  lua_setfield(L, -2, "log");
  if (lua_pcall(L, 2, 2, 0) != LUA_OK) {
    fprintf(stderr, "driven: game.lua failed: %s\n", lua_tostring(L, -1));
    goto done;
  }
  snprintf(file, sizeof file, "%s/examples/embed/policy.lua", root);
  if (embed_dofile(L, file, 0, 1)) goto done;
  snprintf(file, sizeof file, "%s/examples/embed/questions.lua", root);
  if (embed_dofile(L, file, 0, 1)) goto done;
  status = frames(L, &nframes, &nquestions) ? 1 : 0;
  fprintf(stderr, "UI: %d questions, %d frames, one thread\n", nquestions, nframes);
done:
  lua_close(L);
  return status;
}
