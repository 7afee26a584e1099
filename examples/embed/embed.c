/*
** embed.c — opening a lua_State that loads arbiter, and channels between
** threads. See embed.h for the contract.
*/
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lauxlib.h"
#include "lualib.h"
#include "embed.h"

/* ---- finding arbiter ---- */

/* "5.1" ... "5.4" (LuaJIT: "5.1"): LUA_VERSION is "Lua 5.x" on every version */
#define LUA_V (LUA_VERSION + 4)

static int file_exists(const char *dir, const char *rel) {
  char path[4096];
  FILE *f;
  if (snprintf(path, sizeof path, "%s/%s", dir, rel) >= (int)sizeof path) return 0;
  f = fopen(path, "rb");
  if (f) fclose(f);
  return f != NULL;
}

/* package[field] = prefix .. package[field] */
static void prepend_path(lua_State *L, const char *field, const char *prefix) {
  lua_getglobal(L, "package");
  lua_pushstring(L, prefix);
  lua_getfield(L, -2, field);
  lua_concat(L, 2);
  lua_setfield(L, -2, field);
  lua_pop(L, 1);
}

static void set_paths(lua_State *L, const char *root) {
  const char *home = getenv("HOME"), *cpath = getenv("ARBITER_CPATH");
  int tree = file_exists(root, "lua/arbiter/init.lua");
  if (tree) {
    lua_pushfstring(L, "%s/lua/?.lua;%s/lua/?/init.lua;", root, root);
    prepend_path(L, "path", lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  if (tree && file_exists(root, "build/arbiter/core.so")) {
    lua_pushfstring(L, "%s/build/?.so;", root);
    prepend_path(L, "cpath", lua_tostring(L, -1));
    lua_pop(L, 1);
  } else if (home) {
    /* the installed rock: `luarocks make` (system tree: already on the default
    ** paths) or `luarocks make --local` (~/.luarocks) */
    lua_pushfstring(L, "%s/.luarocks/share/lua/%s/?.lua;%s/.luarocks/share/lua/%s/?/init.lua;", home, LUA_V, home, LUA_V);
    prepend_path(L, "path", lua_tostring(L, -1));
    lua_pop(L, 1);
    lua_pushfstring(L, "%s/.luarocks/lib/lua/%s/?.so;", home, LUA_V);
    prepend_path(L, "cpath", lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  if (cpath && *cpath) {
    lua_pushfstring(L, "%s;", cpath);
    prepend_path(L, "cpath", lua_tostring(L, -1));
    lua_pop(L, 1);
  }
}

static int traceback(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  luaL_traceback(L, L, msg ? msg : "(error object is not a string)", 1);
  return 1;
}

int embed_dofile(lua_State *L, const char *path, int nargs, int nres) {
  int base;
  if (luaL_loadfile(L, path) != LUA_OK) {
    fprintf(stderr, "embed: %s\n", lua_tostring(L, -1));
    lua_pop(L, 1 + nargs);
    return -1;
  }
  lua_insert(L, -(nargs + 1));                 /* chunk under its arguments */
  base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, traceback);
  lua_insert(L, base);
  if (lua_pcall(L, nargs, nres, base) != LUA_OK) {
    fprintf(stderr, "embed: %s\n", lua_tostring(L, -1));
    lua_pop(L, 2);
    return -1;
  }
  lua_remove(L, base);
  return 0;
}

lua_State *embed_open(const char *root) {
  lua_State *L = luaL_newstate();
  if (!L) { fprintf(stderr, "embed: not enough memory for a lua_State\n"); return NULL; }
  luaL_openlibs(L);
  if (!root) root = getenv("ARBITER_ROOT");
  set_paths(L, root && *root ? root : ".");
  lua_pushcfunction(L, traceback);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "arbiter");
  if (lua_pcall(L, 1, 1, -3) != LUA_OK) {
    fprintf(stderr, "embed: can't load arbiter. In-tree: run `make`, then run from the repository "
                    "root or give it as ROOT / $ARBITER_ROOT. Installed: luarocks --lua-version=5.4 make "
                    "(with --tree or --local: eval $(luarocks --lua-version=5.4 path)).\n%s\n",
            lua_tostring(L, -1));
    lua_close(L);
    return NULL;
  }
  lua_setglobal(L, "arbiter");
  lua_pop(L, 1);
  return L;
}

/* ---- channels ---- */

typedef struct chan_value {
  int type;                 /* LUA_TNIL, LUA_TBOOLEAN, LUA_TNUMBER, LUA_TSTRING */
  int isint;
  lua_Integer i;
  lua_Number n;
  char *s;
  size_t len;
} chan_value;

struct chan_msg {
  chan_msg *next;
  int n;
  chan_value v[];           /* n values, allocated with the message */
};

int channel_init(channel *c) {
  memset(c, 0, sizeof *c);
  if (pthread_mutex_init(&c->mu, NULL)) return -1;
  if (pthread_cond_init(&c->nonempty, NULL)) { pthread_mutex_destroy(&c->mu); return -1; }
  return 0;
}

static void msg_free(chan_msg *m) {
  int i;
  for (i = 0; i < m->n; i++) free(m->v[i].s);
  free(m);
}

void channel_destroy(channel *c) {
  while (c->head) {
    chan_msg *m = c->head;
    c->head = m->next;
    msg_free(m);
  }
  pthread_cond_destroy(&c->nonempty);
  pthread_mutex_destroy(&c->mu);
}

static void enqueue(channel *c, chan_msg *m) {
  pthread_mutex_lock(&c->mu);
  m->next = NULL;
  if (c->tail) c->tail->next = m; else c->head = m;
  c->tail = m;
  c->count++;
  pthread_cond_signal(&c->nonempty);
  pthread_mutex_unlock(&c->mu);
}

/* seconds < 0: don't wait; 0 < seconds: wait at most that long; HUGE: forever */
static chan_msg *dequeue(channel *c, double seconds) {
  chan_msg *m;
  pthread_mutex_lock(&c->mu);
  if (!c->head && seconds > 0) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    if (seconds > 1e9) seconds = 1e9;
    until.tv_sec += (time_t)seconds;
    until.tv_nsec += (long)((seconds - (double)(time_t)seconds) * 1e9);
    if (until.tv_nsec >= 1000000000L) { until.tv_sec++; until.tv_nsec -= 1000000000L; }
    while (!c->head)
      if (pthread_cond_timedwait(&c->nonempty, &c->mu, &until) == ETIMEDOUT) break;
  }
  m = c->head;
  if (m) {
    c->head = m->next;
    if (!c->head) c->tail = NULL;
    c->count--;
  }
  pthread_mutex_unlock(&c->mu);
  return m;
}

static chan_msg *msg_new(int n) {
  return calloc(1, sizeof(chan_msg) + sizeof(chan_value) * (size_t)n);
}

/* v = a copy of s[0..len) (0 on success) */
static int set_string(chan_value *v, const char *s, size_t len) {
  v->type = LUA_TSTRING;
  v->len = len;
  v->s = malloc(len + 1);
  if (!v->s) return -1;
  memcpy(v->s, s, len);
  v->s[len] = '\0';
  return 0;
}

int channel_send(channel *c, int n, const char *const *strings) {
  int i;
  chan_msg *m = msg_new(n);
  if (!m) return -1;
  for (i = 0; i < n; i++)
    if (set_string(&m->v[i], strings[i], strlen(strings[i]))) { m->n = i + 1; msg_free(m); return -1; }
  m->n = n;
  enqueue(c, m);
  return 0;
}

#define CHANNEL_MT "embed.Channel"

static channel *check_channel(lua_State *L) {
  return *(channel **)luaL_checkudata(L, 1, CHANNEL_MT);
}

static int ch_push(lua_State *L) {
  channel *c = check_channel(L);
  int i, n = lua_gettop(L) - 1;
  chan_msg *m = msg_new(n);
  if (!m) return luaL_error(L, "channel push: not enough memory");
  for (i = 0; i < n; i++) {
    chan_value *v = &m->v[i];
    const char *s;
    size_t len;
    int t = lua_type(L, i + 2);
    v->type = t;
    switch (t) {
      case LUA_TNIL: break;
      case LUA_TBOOLEAN: v->isint = lua_toboolean(L, i + 2); break;
      case LUA_TNUMBER:
        v->isint = lua_isinteger(L, i + 2);
        if (v->isint) v->i = lua_tointeger(L, i + 2); else v->n = lua_tonumber(L, i + 2);
        break;
      case LUA_TSTRING:
        s = lua_tolstring(L, i + 2, &len);
        if (set_string(v, s, len)) { m->n = i + 1; msg_free(m); return luaL_error(L, "channel push: not enough memory"); }
        break;
      default:
        m->n = i;
        msg_free(m);
        return luaL_argerror(L, i + 2, lua_pushfstring(L,
          "a message holds nil, booleans, numbers and strings, got %s", luaL_typename(L, i + 2)));
    }
  }
  m->n = n;
  enqueue(c, m);
  return 0;
}

static int push_msg(lua_State *L, chan_msg *m) {
  int i;
  if (!m) return 0;
  luaL_checkstack(L, m->n, "channel message too long");
  for (i = 0; i < m->n; i++) {
    chan_value *v = &m->v[i];
    switch (v->type) {
      case LUA_TBOOLEAN: lua_pushboolean(L, v->isint); break;
      case LUA_TNUMBER: if (v->isint) lua_pushinteger(L, v->i); else lua_pushnumber(L, v->n); break;
      case LUA_TSTRING: lua_pushlstring(L, v->s, v->len); break;
      default: lua_pushnil(L);
    }
  }
  i = m->n;
  msg_free(m);
  return i;
}

static int ch_pop(lua_State *L) { return push_msg(L, dequeue(check_channel(L), -1)); }

static int ch_demand(lua_State *L) {
  channel *c = check_channel(L);
  double s = luaL_optnumber(L, 2, 2e9);
  return push_msg(L, dequeue(c, s > 0 ? s : -1));
}

static int ch_count(lua_State *L) {
  channel *c = check_channel(L);
  size_t n;
  pthread_mutex_lock(&c->mu);
  n = c->count;
  pthread_mutex_unlock(&c->mu);
  lua_pushinteger(L, (lua_Integer)n);
  return 1;
}

static const luaL_Reg channel_methods[] = {
  {"push", ch_push}, {"pop", ch_pop}, {"demand", ch_demand}, {"count", ch_count}, {NULL, NULL}
};

void channel_push_lua(lua_State *L, channel *c) {
  channel **u = lua_newuserdatauv(L, sizeof *u, 0);
  *u = c;
  if (luaL_newmetatable(L, CHANNEL_MT)) {
    luaL_newlib(L, channel_methods);
    lua_setfield(L, -2, "__index");
  }
  lua_setmetatable(L, -2);
}
