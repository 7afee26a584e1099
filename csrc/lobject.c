/*
** lobject.c — cards, players and zones as proxies: a small userdata {id}
** whose user value is its game, cached per game in a weak table so the
** same object is always the same Lua value. Every access validates the id.
*/
#include <string.h>
#include "lbind.h"

lgame *arb_l_checkgame(lua_State *L, int idx) {
  lgame *lg = luaL_checkudata(L, idx, GAME_MT);
  if (!lg->g) luaL_argerror(L, idx, "game has been freed");
  return lg;
}

/* proxies are cached in env.proxies[kind .. id] */
static void pushproxy(lua_State *L, int gidx, const char *mt, int kind, int id) {
  gidx = lua_absindex(L, gidx);
  arb_l_env(L, gidx);
  lua_getfield(L, -1, "proxies");
  lua_remove(L, -2);
  if (lua_rawgeti(L, -1, kind * 0x1000000 + id) != LUA_TNIL) {
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  ((lproxy *)arb_newudata(L, sizeof(lproxy)))->id = id;
  lua_pushvalue(L, gidx);
  arb_setuv(L, -2);
  luaL_setmetatable(L, mt);
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, kind * 0x1000000 + id);
  lua_remove(L, -2);
}

void arb_l_pushcard(lua_State *L, int gidx, int id) {
  if (id < 0) lua_pushnil(L);
  else pushproxy(L, gidx, CARD_MT, 0, id);
}
void arb_l_pushplayer(lua_State *L, int gidx, int p) {
  if (p < 0) lua_pushnil(L);
  else pushproxy(L, gidx, PLAYER_MT, 1, p);
}
void arb_l_pushzone(lua_State *L, int gidx, int z) { pushproxy(L, gidx, ZONE_MT, 2, z); }

lgame *arb_l_ownergame(lua_State *L, int idx) {
  lgame *lg;
  if (lua_type(L, idx) != LUA_TUSERDATA) {   /* the user value of a non-userdata: a crash */
    arb_l_describe(L, idx);
    luaL_argerror(L, idx, lua_pushfstring(L, "arbiter object expected, got %s", lua_tostring(L, -1)));
  }
  arb_getuv(L, idx);
  lg = lua_touserdata(L, -1);
  lua_pop(L, 1);
  if (!lg || !lg->g) luaL_argerror(L, idx, "object of a freed game");
  return lg;
}

/* Pushes a short description of the value at idx: its type and value. */
void arb_l_describe(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  switch (lua_type(L, idx)) {
  case LUA_TSTRING: lua_pushfstring(L, "string \"%s\"", lua_tostring(L, idx)); break;
  case LUA_TNUMBER: case LUA_TBOOLEAN:
    lua_pushfstring(L, "%s ", luaL_typename(L, idx));
    luaL_tolstring(L, idx, NULL);
    lua_concat(L, 2);
    break;
  case LUA_TNIL: case LUA_TUSERDATA: luaL_tolstring(L, idx, NULL); break;
  default: lua_pushstring(L, luaL_typename(L, idx)); break;
  }
}

/* Messages name what was expected and what was given. */
static int check_proxy(lua_State *L, int idx, lgame *lg, const char *mt) {
  lproxy *p = luaL_testudata(L, idx, mt);
  const char *what = !strcmp(mt, CARD_MT) ? "card" : !strcmp(mt, PLAYER_MT) ? "player" : "zone";
  if (!p) {
    arb_l_describe(L, idx);
    luaL_argerror(L, idx, lua_pushfstring(L, "%s expected, got %s", what, lua_tostring(L, -1)));
  }
  if (lg && arb_l_ownergame(L, idx) != lg) {
    arb_l_describe(L, idx);
    luaL_argerror(L, idx, lua_pushfstring(L, "%s of another game: %s", what, lua_tostring(L, -1)));
  }
  return p->id;
}

int arb_l_checkcard(lua_State *L, int idx, lgame *lg) {
  int id = check_proxy(L, idx, lg, CARD_MT);
  lgame *own = lg ? lg : arb_l_ownergame(L, idx);
  arb_card *c = arb_card_get(own->g, id);
  if (!c || c->zone < 0)
    luaL_argerror(L, idx, lua_pushfstring(L, "card %d no longer exists", id));
  return id;
}
int arb_l_checkplayer(lua_State *L, int idx, lgame *lg) {
  return check_proxy(L, idx, lg, PLAYER_MT);
}
int arb_l_checkzone(lua_State *L, int idx, lgame *lg) {
  return check_proxy(L, idx, lg, ZONE_MT);
}

/* ---- events ---- */

static void setzone(lua_State *L, const char *k, int kind) {
  if (kind < 0) return;
  lua_pushstring(L, arb_zone_kind_name(kind));
  lua_setfield(L, -2, k);
}

void arb_l_pushevent(lua_State *L, int gidx, const arb_event *ev) {
  const char *name;
  gidx = lua_absindex(L, gidx);
  name = ev->name >= 0 ? arb_str(((lgame *)lua_touserdata(L, gidx))->g, ev->name) : NULL;
  lua_createtable(L, 0, 8);
  lua_pushstring(L, ev->type == ARB_EV_NAMED && name ? name : arb_event_name(ev->type));
  lua_setfield(L, -2, "type");
  if (name) { lua_pushstring(L, name); lua_setfield(L, -2, "name"); }  /* a named event's, a step's */
  arb_l_pushplayer(L, gidx, ev->player);
  lua_setfield(L, -2, "player");
  arb_l_pushcard(L, gidx, ev->card);
  lua_setfield(L, -2, "card");
  setzone(L, "from", ev->from);
  setzone(L, "to", ev->to);
  if (ev->type == ARB_EV_LIFE || ev->type == ARB_EV_DAMAGE || ev->type == ARB_EV_NAMED) {
    lua_pushinteger(L, ev->amount);
    lua_setfield(L, -2, "amount");
  }
  if (ev->type == ARB_EV_DISCARD || ev->type == ARB_EV_ZONE_CHANGE) {
    lua_pushboolean(L, ev->amount != 0);
    lua_setfield(L, -2, "top");
  }
  if (ev->source >= 0) { arb_l_pushcard(L, gidx, ev->source); lua_setfield(L, -2, "source"); }
  if (ev->target_card >= 0) { arb_l_pushcard(L, gidx, ev->target_card); lua_setfield(L, -2, "target"); }
  if (ev->target_player >= 0) { arb_l_pushplayer(L, gidx, ev->target_player); lua_setfield(L, -2, "target"); }
  if (ev->flags & ARB_EVF_COMBAT) { lua_pushboolean(L, 1); lua_setfield(L, -2, "combat"); }
  if (ev->type == ARB_EV_STEP) { lua_pushstring(L, arb_step_name(ev->amount)); lua_setfield(L, -2, "step"); }
  if (ev->type == ARB_EV_LOSE && ev->amount == 1) { lua_pushboolean(L, 1); lua_setfield(L, -2, "conceded"); }
}

/* Reads back what a replacement may change: player, to, top, amount,
** target. Bad values are ignored rather than trusted. */
void arb_l_readevent(lua_State *L, int idx, lgame *lg, arb_event *ev) {
  idx = lua_absindex(L, idx);
  if (lua_getfield(L, idx, "player") == LUA_TUSERDATA && luaL_testudata(L, -1, PLAYER_MT)
      && arb_l_ownergame(L, -1) == lg)
    ev->player = ((lproxy *)lua_touserdata(L, -1))->id;
  if (lua_getfield(L, idx, "to") == LUA_TSTRING) {
    int k = arb_zone_kind_parse(lua_tostring(L, -1));
    if (k >= 0 && k < ARB_STACK) ev->to = k;
  }
  if (lua_getfield(L, idx, "top") == LUA_TBOOLEAN) ev->amount = lua_toboolean(L, -1);
  if (lua_getfield(L, idx, "amount") == LUA_TNUMBER && lua_isinteger(L, -1) &&
      ev->type != ARB_EV_DISCARD && ev->type != ARB_EV_ZONE_CHANGE)
    ev->amount = (int32_t)lua_tointeger(L, -1);
  if (lua_getfield(L, idx, "target") == LUA_TUSERDATA) {
    if (luaL_testudata(L, -1, PLAYER_MT) && arb_l_ownergame(L, -1) == lg) {
      ev->target_player = ((lproxy *)lua_touserdata(L, -1))->id;
      ev->target_card = -1;
    } else if (luaL_testudata(L, -1, CARD_MT) && arb_l_ownergame(L, -1) == lg) {
      ev->target_card = ((lproxy *)lua_touserdata(L, -1))->id;
      ev->target_player = -1;
    }
  }
  lua_pop(L, 5);
}
