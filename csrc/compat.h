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
#else
#error "arbiter: only Lua 5.4 is wired up in compat.h so far"
#endif

#endif
