/* examples/web/glue.c: arbiter in a web page. Lua 5.4 and the core compiled with Emscripten
 * into one WebAssembly module (make web); this is its C API, which examples/web/arbiter.js
 * wraps as `new Arbiter()`: one lua_State with the standard libraries, arbiter.core preloaded
 * (linked in, no dynamic loading), and Lua's files (lua/, examples/) in the module's own file
 * system. arbiter_web_eval runs a chunk and returns its first result as a string. */
#include <stdlib.h>
#include <string.h>
#include <emscripten.h>
#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

int luaopen_arbiter_core(lua_State *L);

static lua_State *L;

EMSCRIPTEN_KEEPALIVE int arbiter_web_init(void)
{
  if (L) lua_close(L);
  L = luaL_newstate();
  if (!L) return 0;
  luaL_openlibs(L);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
  lua_pushcfunction(L, luaopen_arbiter_core);
  lua_setfield(L, -2, "arbiter.core");
  lua_pop(L, 1);
  return luaL_dostring(L, "package.path = '/lua/?.lua;/lua/?/init.lua;/examples/web/?.lua;"
    "/examples/love/?.lua;' .. package.path") == LUA_OK;
}

/* Runs `code`; returns its first result (tostring) or, when it raised, "\x01" and the error.
 * The string stays valid until the next call. */
EMSCRIPTEN_KEEPALIVE const char *arbiter_web_eval(const char *code)
{
  static char *last;
  const char *s;
  size_t n;
  int top = lua_gettop(L);
  int rc = luaL_loadstring(L, code);
  if (rc == LUA_OK) rc = lua_pcall(L, 0, 1, 0);
  if (rc != LUA_OK) {
    lua_pushliteral(L, "\x01");
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  s = luaL_tolstring(L, -1, &n);
  free(last);
  last = malloc(n + 1);
  if (last) memcpy(last, s, n + 1);
  lua_settop(L, top);
  return last ? last : "\x01out of memory";
}
