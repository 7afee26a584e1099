/*
** ltoken.c -- g:create_token(def, {controller=, owner=, count=, tapped=}) -> token, ...
** Tokens (216.1): made in the "none" zone, then put into play one by one through the one
** move (arb_token_new: arb_move, so replacements, "comes into play" triggers and the Lua
** layer's installs apply as for any card).
*/
#include "lcreate.h"

typedef struct tok { place w; arb_card proto; int controller, count, tapped; } tok;

static int token_body(lua_State *L) {      /* g, def, opts, tok, keys */
  tok *t = lua_touserdata(L, 4);
  lgame *lg = t->w.lg;
  int defs = arb_lc_push_defs(L, &t->w), first = lua_gettop(L) + 1, i, id, rc;
  arb_lc_watch_installs(L, &t->w, 2);
  for (i = 0; i < t->count; i++) {
    lua_pushvalue(L, 2);                   /* defs[id] before it moves: installs read it */
    lua_rawseti(L, defs, arb_ncards(lg->g));
    rc = arb_token_new(lg->g, &t->proto, t->w.owner, t->controller, t->tapped, &id);
    if (rc) arb_l_fail(L, lg, rc);
    luaL_checkstack(L, 2, "too many tokens");
    arb_l_pushcard(L, 1, id);
  }
  return lua_gettop(L) - first + 1;
}

int arb_l_create_token(lua_State *L) {
  tok t;
  lua_Integer n = 1;
  arb_lc_open_args(L, &t.w, "controller");
  arb_lc_getkey(L, &t.w, 3, K_CONTROLLER);
  t.controller = arb_lc_check_player_field(L, t.w.lg, "controller");
  t.w.owner = arb_lc_getkey(L, &t.w, 3, K_OWNER) == LUA_TNIL ? t.controller : arb_lc_check_owner(L, t.w.lg);
  if (arb_lc_getkey(L, &t.w, 3, K_COUNT) != LUA_TNIL && (!arb_l_tointeger(L, -1, &n) || n < 1 || n > 100)) {
    arb_l_describe(L, -1);
    luaL_argerror(L, 3, lua_pushfstring(L, "count must be an integer from 1 to 100, got %s",
                                        lua_tostring(L, -1)));
  }
  t.count = (int)n;
  arb_lc_getkey(L, &t.w, 3, K_TAPPED);
  t.tapped = lua_toboolean(L, -1);
  t.w.kind = ARB_NOWHERE;
  t.w.top = 1;
  t.w.tapped = t.w.sick = 0;
  t.w.zone = arb_zone_id(t.w.lg->g, -1, ARB_NOWHERE);
  return arb_lc_read_and_run(L, &t.w, &t.proto, &t, token_body);
}
