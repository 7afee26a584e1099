/*
** threaded.c — a host with a UI loop: the engine runs in a worker thread
** (its own lua_State, worker.lua), the agents' questions travel to the UI
** thread on a channel and the answers come back on another (mutex + condvar
** queues, embed.c), as LÖVE's love.thread channels do. The UI thread (the
** main thread, with a second lua_State running ui.lua) never waits for the
** engine: each frame it pops at most one message and answers questions with
** scripted clicks (policy.lua).
**
**   ./build/embed/threaded [ROOT] [SEED]
**
** Rules of the pattern: one lua_State per thread, never shared; only copies of
** plain values cross (cards stay in the engine's state, the UI gets their
** descriptions); the engine thread owns the game from start to end.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lauxlib.h"
#include "lualib.h"
#include "embed.h"

typedef struct shared {
  channel to_ui, to_game;
  const char *root;
  lua_Integer seed;
} shared;

static void path_of(char *out, size_t n, const char *root, const char *file) {
  snprintf(out, n, "%s/examples/embed/%s", root, file);
}

/* The engine thread: arbiter in its own lua_State, worker.lua plays the game. */
static void *engine_thread(void *arg) {
  shared *sh = arg;
  char file[4096];
  lua_State *L = embed_open(sh->root);
  int ok = 0;
  if (L) {
    channel_push_lua(L, &sh->to_ui);
    channel_push_lua(L, &sh->to_game);
    lua_pushstring(L, sh->root);
    lua_pushinteger(L, sh->seed);
    path_of(file, sizeof file, sh->root, "worker.lua");
    ok = embed_dofile(L, file, 4, 0) == 0;
    lua_close(L);
  }
  if (!ok) {   /* tell the UI, which would otherwise wait for messages forever */
    static const char *const msg[] = {"error", "the engine thread could not run worker.lua (see stderr)"};
    channel_send(&sh->to_ui, 2, msg);
  }
  return NULL;
}

static int sleep_ms(lua_State *L) {
  lua_Integer ms = luaL_checkinteger(L, 1);
  struct timespec t;
  t.tv_sec = (time_t)(ms / 1000);
  t.tv_nsec = (long)(ms % 1000) * 1000000L;
  nanosleep(&t, NULL);
  return 0;
}

int main(int argc, char **argv) {
  shared sh;
  pthread_t engine;
  char file[4096];
  lua_State *L;
  int status = 1;
  const char *root = argc > 1 ? argv[1] : getenv("ARBITER_ROOT");
  sh.root = root && *root ? root : ".";
  sh.seed = argc > 2 ? strtol(argv[2], NULL, 10) : 1;
  if (channel_init(&sh.to_ui) || channel_init(&sh.to_game)) { fprintf(stderr, "threaded: channels\n"); return 1; }
  if (pthread_create(&engine, NULL, engine_thread, &sh)) { fprintf(stderr, "threaded: no thread\n"); return 1; }

  /* The UI's own lua_State: it never loads arbiter, it only talks to the engine. */
  L = luaL_newstate();
  if (L) {
    luaL_openlibs(L);
    channel_push_lua(L, &sh.to_ui);
    channel_push_lua(L, &sh.to_game);
    lua_pushstring(L, sh.root);
    lua_pushcfunction(L, sleep_ms);
    path_of(file, sizeof file, sh.root, "ui.lua");
    if (embed_dofile(L, file, 4, 1) == 0) {
      status = (int)lua_tointeger(L, -1);
      lua_pop(L, 1);
    }
    lua_close(L);
  }
  if (status != 0) {   /* the UI gave up: unblock an engine waiting for an answer */
    static const char *const quit[] = {"quit"};
    channel_send(&sh.to_game, 1, quit);
  }
  pthread_join(engine, NULL);
  channel_destroy(&sh.to_ui);
  channel_destroy(&sh.to_game);
  return status;
}
