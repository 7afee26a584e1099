/*
** lobserve.c — observers that act only on a card entering the battlefield from another zone
** (the install watch, lua/arbiter/newgame.lua: a definition's install runs as its card enters,
** CompRules 2005-2008 217.1c: a new object), marked once by their function: the binding skips
** them for every other event, before it makes the event's table and calls into Lua (most zone
** changes are draws, casts and deaths: nothing to install).
*/
#include "lbind.h"

static const char entering_key = 'e';   /* registry[&entering_key] = {[fn] = true}, weak keys */

/* internal._game._observe_entering(fn[, like]): fn, an observer's function, acts only on a zone
** change to the battlefield from another zone (it reads ev.to == "battlefield" and ev.from ~=
** "battlefield" first, doing nothing otherwise): calls for other events are left out. With
** like: fn is marked when function `like` is (the driver's wrapper of an observer, driver.lua) */
static int g_observe_entering(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  if (!lua_isnoneornil(L, 2)) {
    int marked;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &entering_key) != LUA_TTABLE) return 0;
    lua_pushvalue(L, 2);
    marked = lua_rawget(L, -2) != LUA_TNIL;
    lua_settop(L, 1);
    if (!marked) return 0;
  }
  arb_l_push_weak(L, &entering_key);
  lua_pushvalue(L, 1);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  return 0;
}

/* Whether the observer function at idx, marked by _observe_entering, has nothing to do with ev:
** not a move to the battlefield from another zone (the event's zone kinds, as ev.to and ev.from
** name them) */
int arb_l_observer_idle(lua_State *L, int idx, const arb_event *ev) {
  int marked;
  if (ev->to == ARB_BATTLEFIELD && ev->from != ARB_BATTLEFIELD) return 0;
  idx = lua_absindex(L, idx);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &entering_key) != LUA_TTABLE) { lua_pop(L, 1); return 0; }
  lua_pushvalue(L, idx);
  marked = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  return marked;
}

static const luaL_Reg observe_methods[] = {{"_observe_entering", g_observe_entering}, {NULL, NULL}};

int arb_l_observe_open(lua_State *L) {
  arb_l_add_game_methods(L, observe_methods);
  return 0;
}
