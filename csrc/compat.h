/*
** compat.h — the only place that knows which Lua it is built against.
** Lua 5.4 is the target; 5.3, 5.1 and LuaJIT can be added here alone.
*/
#ifndef ARB_COMPAT_H
#define ARB_COMPAT_H
#include <lua.h>
#include <lauxlib.h>

#if LUA_VERSION_NUM >= 504
#define arb_newudata(L, sz) lua_newuserdatauv((L), (sz), 1)
#define arb_setuv(L, idx) lua_setiuservalue((L), (idx), 1)
#define arb_getuv(L, idx) lua_getiuservalue((L), (idx), 1)
/* n user values: a game keeps its env and its proxy tables in them */
#define arb_newudatan(L, sz, n) lua_newuserdatauv((L), (sz), (n))
#define arb_getuvn(L, idx, n) lua_getiuservalue((L), (idx), (n))
#define arb_setuvn(L, idx, n) lua_setiuservalue((L), (idx), (n))
#else
#error "arbiter: only Lua 5.4 is wired up in compat.h so far"
#endif

#endif
