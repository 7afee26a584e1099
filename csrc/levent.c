/*
** levent.c — generic named events from Lua (g:emit in the Lua layer):
** g:_emit(name, {player=, card=, amount=, source=, target=, from=, to=}) -> happened, amount.
** The event goes through the same pipeline as the built-in ones: its
** replacements (which may replace it entirely or change its fields), then
** the history, observers and triggers registered for that name.
*/
#include "lbind.h"

static int opt_card(lua_State *L, lgame *lg, const char *k) {
  int id = -1;
  if (lua_getfield(L, 3, k) != LUA_TNIL) id = arb_l_checkcard(L, -1, lg);
  lua_pop(L, 1);
  return id;
}

static int emit_body(lua_State *L) {     /* g, name, fields */
  lgame *lg = arb_l_bodygame(L);
  size_t len;
  const char *name = lua_tolstring(L, 2, &len);
  arb_event ev;
  int happened, rc;
  arb_event_init(&ev, ARB_EV_NAMED);
  if ((ev.name = arb_intern(lg->g, name, len)) < 0) return arb_l_fail(L, lg, ARB_ENOMEM);
  if (lua_getfield(L, 3, "player") != LUA_TNIL) ev.player = arb_l_checkplayer(L, -1, lg);
  if (lua_getfield(L, 3, "amount") != LUA_TNIL) ev.amount = arb_l_checkint(L, -1, 3, "amount");
  lua_pop(L, 2);
  if (lua_getfield(L, 3, "from") != LUA_TNIL) ev.from = arb_l_zonekind(L, -1, 3);
  if (lua_getfield(L, 3, "to") != LUA_TNIL) ev.to = arb_l_zonekind(L, -1, 3);
  lua_pop(L, 2);
  ev.card = opt_card(L, lg, "card");
  ev.source = opt_card(L, lg, "source");
  if (lua_getfield(L, 3, "target") != LUA_TNIL) {
    if (luaL_testudata(L, -1, PLAYER_MT)) ev.target_player = arb_l_checkplayer(L, -1, lg);
    else ev.target_card = arb_l_checkcard(L, -1, lg);
  }
  if ((rc = arb_signal(lg->g, &ev, &happened))) return arb_l_fail(L, lg, rc);
  lua_pushboolean(L, happened);
  lua_pushinteger(L, ev.amount);         /* as the replacements left it ("draws": the count) */
  return 2;
}

static int g_emit(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  luaL_checkstring(L, 2);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 3);
  return arb_l_guarded(L, lg, emit_body);
}

/* g:_flanking(p) -> effect id: the built-in flanking trigger (flanking.c) for the
** creatures p controls (new_game adds one per player) */
static int g_flanking(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg), id;
  if (arb_flanking_add(lg->g, p, &id)) return arb_l_fail(L, lg, ARB_ENOMEM);
  lua_pushinteger(L, id);
  return 1;
}

/* g:_damage_dealt(from, combat): the "damage_dealt" events of the damage dealt at once from
** history index from (0-based) on (arb_damage_dealt) */
static int damage_dealt_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  int rc = arb_damage_dealt(lg->g, (int)arb_l_intarg(L, 2, 2, "history index", 0, INT32_MAX), lua_toboolean(L, 3));
  if (rc) return arb_l_fail(L, lg, rc);
  return 0;
}
static int g_damage_dealt(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_settop(L, 3);
  arb_l_intarg(L, 2, 2, "history index", 0, INT32_MAX);
  /* nothing watches a named event: there is no "damage_dealt" to signal (arb_damage_dealt
  ** would find none watched); most combat damage steps, without the protected call */
  if (!arb_hooked(lg->g, ARB_EV_NAMED)) return 0;
  return arb_l_guarded(L, lg, damage_dealt_body);
}

/* g:_hooked_named() -> whether any effect watches named events ("draws": draw.lua) */
static int g_hooked_named(lua_State *L) {
  lua_pushboolean(L, arb_hooked(arb_l_checkgame(L, 1)->g, ARB_EV_NAMED));
  return 1;
}

static const luaL_Reg event_methods[] = {
  {"_emit", g_emit}, {"_flanking", g_flanking}, {"_hooked_named", g_hooked_named},
  {"_damage_dealt", g_damage_dealt}, {NULL, NULL}
};

int arb_l_event_open(lua_State *L) {
  arb_l_add_game_methods(L, event_methods);
  return 0;
}
