/*
** lobserve.c — observers that act only on a card entering the battlefield from another zone
** (the install watch, lua/arbiter/newgame.lua: a definition's install runs as its card enters,
** CompRules 2005-2008 217.1c: a new object), marked once by their function: the binding skips
** them for every other event, and for the entry of a card with nothing to install, before it
** makes the event's table and calls into Lua (most zone changes are draws, casts and deaths, and
** most entries lands and creatures without abilities: nothing to install). The watch itself is
** called as fn(g, card), without the event's table (ARB_OBS_INSTALL below).
*/
#include "lbind.h"

static const char entering_key = 'e';   /* registry[&entering_key] = {[fn] = ENTRIES | INSTALLS}, weak keys */
enum { ENTRIES = 1, INSTALLS = 2 };

static int mark(lua_State *L, int how) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  if (!lua_isnoneornil(L, 2)) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &entering_key) != LUA_TTABLE) return 0;
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    how = (int)lua_tointeger(L, -1);
    lua_settop(L, 1);
    if (!how) return 0;
  }
  arb_l_push_weak(L, &entering_key);
  lua_pushvalue(L, 1);
  lua_pushinteger(L, how);
  lua_rawset(L, -3);
  return 0;
}

/* internal._game._observe_entering(fn[, like]): fn, an observer's function, acts only on a zone
** change to the battlefield from another zone (it reads ev.to == "battlefield" and ev.from ~=
** "battlefield" first, doing nothing otherwise): calls for other events are left out. With
** like: fn is marked as function `like` is (the driver's wrapper of an observer, driver.lua) */
static int g_observe_entering(lua_State *L) { return mark(L, ENTRIES); }

/* internal._game._observe_installs(fn): fn is the install watch (newgame.lua): it acts only on an
** entry, and only for a card with something to install (nothing_to_install below) */
static int g_observe_installs(lua_State *L) {
  static const char anchor_key = 'i';
  lua_settop(L, 1);
  mark(L, ENTRIES | INSTALLS);
  /* the last one marked is also known by its address (arb_l_observer_idle: no registry lookup
  ** at each entry), anchored so that the address stays its own */
  lua_pushvalue(L, 1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &anchor_key);
  arb_l_mem(L)->install_fn = lua_topointer(L, 1);
  return 0;
}

/* Whether the card that entered has nothing to install (what the install watch would find):
** its definition as c.install reads it (a copy's: the copied card's, 503; face down: the
** face-down 2/2's, 504.1) has no install, its copy effect makes it gain none (copy_with.install),
** and no card of this game ever gained one (env.copy_gains, copies.lua: what a card gained ends
** at its next entry). The characteristics are brought up to date first, as c.install reads
** them; a failure there: not idle (the watch runs, and fails as it would have). Not idle, it
** leaves on the stack the install it read (nil when it read none: the watch reads c.install). */
static int nothing_to_install(lua_State *L, lgame *lg, int gidx, int card) {
  arb_game *g = lg->g;
  const arb_card *c = arb_card_get(g, card);
  const arb_static *st;
  int gains, top = lua_gettop(L);
  if (!c || arb_chars_refresh(g) != ARB_OK) { lua_pushnil(L); return 0; }
  c = arb_card_get(g, card);
  if (c->copy_st && (st = arb_static_get(g, c->copy_st - 1)) && st->copy_gain) { lua_pushnil(L); return 0; }
  arb_l_env(L, gidx);
  gains = lua_getfield(L, -1, "copy_gains") != LUA_TNIL;
  lua_getfield(L, -2, "defs");
  if (arb_l_pushdef(L, -1, g, c) != LUA_TTABLE || lua_getfield(L, -1, "install") == LUA_TNIL) {
    lua_settop(L, top);
    if (!gains) return 1;
    lua_pushnil(L);
    return 0;
  }
  lua_replace(L, top + 1);
  lua_settop(L, top + 1);
  return 0;
}

/* What the binding does with the observer function at idx for the zone change ev (lbind.h):
** marked by _observe_entering, ARB_OBS_IDLE unless ev moved a card to the battlefield from
** another zone (the event's zone kinds, as ev.to and ev.from name them); marked by
** _observe_installs (the install watch), ARB_OBS_IDLE too for a card no longer on the
** battlefield or with nothing to install (most are lands and creatures without abilities),
** else ARB_OBS_INSTALL, with the card's install pushed (or nil: nothing_to_install): it is
** called as fn(g, card, install), without the event's table (~3 K instructions an install: the
** watch reads the card only; c.install not read again, ~0.5 K). Unmarked: ARB_OBS_CALL. */
int arb_l_observer_idle(lua_State *L, lgame *lg, int gidx, int idx, const arb_event *ev) {
  int how, entry = ev->to == ARB_BATTLEFIELD && ev->from != ARB_BATTLEFIELD;
  const arb_card *c;
  gidx = lua_absindex(L, gidx);
  idx = lua_absindex(L, idx);
  if (lg->mem->install_fn && lua_topointer(L, idx) == lg->mem->install_fn) {
    how = ENTRIES | INSTALLS;             /* the install watch (g_observe_installs) */
  } else {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &entering_key) != LUA_TTABLE) { lua_pop(L, 1); return ARB_OBS_CALL; }
    lua_pushvalue(L, idx);
    lua_rawget(L, -2);
    how = (int)lua_tointeger(L, -1);
    lua_pop(L, 2);
  }
  if (!how) return ARB_OBS_CALL;
  if (!entry) return ARB_OBS_IDLE;
  if (!(how & INSTALLS)) return ARB_OBS_CALL;
  c = arb_card_get(lg->g, ev->card);      /* (the watch's own test: still there when it runs) */
  if (c && (c->zone < 0 || arb_zone_get(lg->g, c->zone)->kind != ARB_BATTLEFIELD)) return ARB_OBS_IDLE;
  return nothing_to_install(L, lg, gidx, ev->card) ? ARB_OBS_IDLE : ARB_OBS_INSTALL;
}

static const luaL_Reg observe_methods[] = {{"_observe_entering", g_observe_entering},
                                           {"_observe_installs", g_observe_installs}, {NULL, NULL}};

int arb_l_observe_open(lua_State *L) {
  arb_l_add_game_methods(L, observe_methods);
  return 0;
}
