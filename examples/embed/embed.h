/*
** embed.h — what a C host needs to run arbiter: a lua_State that finds the
** module (in-tree or installed), and channels (thread-safe message queues,
** like LÖVE's love.thread channels) for hosts that run the engine in a
** worker thread and answer its questions from their UI loop.
*/
#ifndef ARBITER_EMBED_H
#define ARBITER_EMBED_H

#include <pthread.h>
#include <stddef.h>
#include "lua.h"
#include "lauxlib.h"
/* csrc/compat.h (build with -Icsrc): the Lua 5.4 API names on 5.1-5.3 and LuaJIT, so the
** hosts build against whichever Lua the game tool embeds */
#include "compat.h"

/* A new lua_State with the standard libraries and package.path/cpath set so
** that require("arbiter") works: in-tree (root/lua; root/build once built)
** when root holds the repository, else the installed rock (the default
** paths, LUA_PATH / LUA_CPATH as set by `eval $(luarocks path)`, ~/.luarocks). root may be
** NULL: then $ARBITER_ROOT, else ".". $ARBITER_CPATH, when set, comes first
** in package.cpath (make asan uses it). Requires "arbiter" and leaves it in
** the global `arbiter`. Returns NULL after printing why on stderr. */
lua_State *embed_open(const char *root);

/* Runs the file as a chunk with nargs arguments already on the stack (under
** them nothing is popped); prints the error with a traceback on failure.
** Returns 0 and leaves nres results, or -1. */
int embed_dofile(lua_State *L, const char *path, int nargs, int nres);

/* ---- channels: FIFO queues of messages; a message is a tuple of values
** (nil, boolean, integer, float, string), copied in and out, so the two sides
** share no Lua state. ---- */

typedef struct chan_msg chan_msg;
typedef struct channel {
  pthread_mutex_t mu;
  pthread_cond_t nonempty;
  chan_msg *head, *tail;
  size_t count;
} channel;

int channel_init(channel *c);          /* 0 on success */
void channel_destroy(channel *c);      /* frees queued messages */

/* C side: queue a message of n strings (0 on success). */
int channel_send(channel *c, int n, const char *const *strings);

/* Lua side: pushes a userdata for the channel (the host keeps c alive longer
** than any lua_State that holds it). Methods:
**   ch:push(...)          queue one message (the values, copied)
**   ch:pop()              the oldest message's values, or nothing when empty
**   ch:demand([seconds])  wait for a message (at most seconds); nothing on timeout
**   ch:count()            number of queued messages */
void channel_push_lua(lua_State *L, channel *c);

#endif
