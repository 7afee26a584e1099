/*
** lcardrules.c — Card methods reading and changing a card's rules state:
** c:is(x) (its current characteristics, from the continuous effects),
** c:add_counters / c:remove_counters / c:counters, c:attachments(); and
** g:_last_known(c), all of it in one table (last-known information).
*/
#include <string.h>
#include "lbind.h"

static arb_card *card_arg(lua_State *L, lgame **lgp) {
  arb_card *c = arb_l_livecard(L, 1, lgp);   /* the usual case, checked cheaply */
  lgame *lg;
  int id;
  if (c) return c;
  lg = arb_l_ownergame(L, 1);
  id = arb_l_checkcard(L, 1, lg);
  *lgp = lg;
  return arb_card_get(lg->g, id);
}

/* c:is's names (the contract's): a type, supertype or color and its bit in the
** card's field; matched by length and first byte before the bytes (c:is runs in
** every static's predicate). */
enum { IS_TYPE, IS_SUPER, IS_COLOR };
static const struct is_name { const char *name; unsigned char len, kind, bit; } is_names[] = {
  {"Creature", 8, IS_TYPE, 0}, {"Land", 4, IS_TYPE, 1}, {"Artifact", 8, IS_TYPE, 2},
  {"Enchantment", 11, IS_TYPE, 3}, {"Instant", 7, IS_TYPE, 4}, {"Sorcery", 7, IS_TYPE, 5},
  {"Basic", 5, IS_SUPER, 0}, {"Snow", 4, IS_SUPER, 1}, {"Legendary", 9, IS_SUPER, 2},
  {"white", 5, IS_COLOR, 0}, {"blue", 4, IS_COLOR, 1}, {"black", 5, IS_COLOR, 2},
  {"red", 3, IS_COLOR, 3}, {"green", 5, IS_COLOR, 4}
};

static const struct is_name *is_name_of(const char *s, size_t len) {
  size_t i;
  for (i = 0; i < sizeof is_names / sizeof is_names[0]; i++) {
    const struct is_name *e = &is_names[i];
    if (e->len == len && e->name[0] == s[0] && !memcmp(e->name, s, len)) return e;
  }
  return NULL;
}

/* arb_find_str for c:is, through the game's few remembered answers: a predicate
** asks about the same subtype (one Lua string, at one address) for every card
** of every computation. A remembered index is used only while it still names
** these bytes (an address can be reused by another string later). */
static int find_sub(lgame *lg, const char *s, size_t len) {
  unsigned h = (unsigned)(((uintptr_t)s >> 4) & 7);
  int idx = lg->subs[h].idx;
  if (lg->subs[h].s == s && idx < arb_nstrings(lg->g)) {
    const char *t = arb_str(lg->g, idx);
    if (strlen(t) == len && !memcmp(t, s, len)) return idx;
  }
  idx = arb_find_str(lg->g, s, len);
  if (idx >= 0) { lg->subs[h].s = s; lg->subs[h].idx = idx; }
  return idx;
}

/* c:is(x): a type, supertype or color (by its contract name), else a subtype */
static int c_is(lua_State *L) {
  lgame *lg;
  arb_card *c = card_arg(L, &lg);
  size_t len;
  const char *s = luaL_checklstring(L, 2, &len);
  const struct is_name *e;
  int sub, field;
  if (!arb_chars_fresh(lg->g)) c = arb_l_chars(L, lg, c);
  arb_chars_depend(lg->g, ARB_DEP_R_TYPE | ARB_DEP_R_ABIL);   /* types, colors: 418.5c */
  if ((e = is_name_of(s, len)) != NULL) {
    field = e->kind == IS_TYPE ? c->types : e->kind == IS_SUPER ? c->supertypes : c->colors;
    lua_pushboolean(L, (field >> e->bit) & 1);
    return 1;
  }
  sub = find_sub(lg, s, len);
  lua_pushboolean(L, sub >= 0 && arb_card_has_subtype(lg->g, c, sub));
  return 1;
}

static int counter_fn(arb_game *g, arb_l_call *c) { return arb_counter_add(g, c->a, c->b, c->c); }

/* A counter kind (a non-empty string) and a count (a non-negative integer). */
static void counters_args(lua_State *L, lgame *lg, arb_card *c, const char *fn, arb_l_call *call) {
  size_t len;
  const char *kind = luaL_checklstring(L, 2, &len);
  lua_Integer n;
  if (len == 0) luaL_argerror(L, 2, "counter kind must be a non-empty string");
  n = arb_l_intarg(L, 3, 3, "number of counters", 0, 1000000);
  call->a = c->id;
  call->b = arb_intern(lg->g, kind, len);
  if (call->b < 0) arb_l_fail(L, lg, ARB_ENOMEM);
  call->c = (int32_t)n;
  (void)fn;
}

/* c:add_counters / c:remove_counters (sign -1): one core action each */
static int counters_change(lua_State *L, const char *fname, int sign) {
  lgame *lg;
  arb_card *c = card_arg(L, &lg);
  arb_l_call call = {.fn = counter_fn};
  counters_args(L, lg, c, fname, &call);
  call.c *= sign;
  arb_l_core(L, lg, &call);
  lua_settop(L, 1);
  return 1;
}
static int c_add_counters(lua_State *L) { return counters_change(L, "add_counters", 1); }
static int c_remove_counters(lua_State *L) { return counters_change(L, "remove_counters", -1); }

/* c:counters(kind) -> n; c:counters() -> {kind = n, ...} */
static int c_counters(lua_State *L) {
  lgame *lg;
  arb_card *c = card_arg(L, &lg);
  int i, card, kind;
  if (lua_isnoneornil(L, 2)) {          /* the card's records, not every name interned */
    lua_newtable(L);
    for (i = 0; i < arb_counter_records(lg->g); i++) {
      int n = arb_counter_record(lg->g, i, &card, &kind);
      if (!n || card != c->id) continue;
      lua_pushinteger(L, n);
      lua_setfield(L, -2, arb_str(lg->g, kind));
    }
    return 1;
  } else {
    size_t len;
    const char *kind = luaL_checklstring(L, 2, &len);
    i = arb_find_str(lg->g, kind, len);
    lua_pushinteger(L, i < 0 ? 0 : arb_counters(lg->g, c->id, i));
    return 1;
  }
}

static int c_attachments(lua_State *L) {
  lgame *lg;
  arb_card *c = card_arg(L, &lg);
  int32_t buf[64];
  int i, n = arb_attachments(lg->g, c->id, buf, 64);
  arb_getuv(L, 1);
  lua_createtable(L, n, 0);
  for (i = 0; i < n && i < 64; i++) {
    arb_l_pushcard(L, -2, buf[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* Fields of the snapshot table at top: counters {kind = n}, abilities {names}, and the
** colors and card types c:is reads, by name. */
static void snap_counters(lua_State *L, lgame *lg, const arb_card *c) {
  int k;
  lua_newtable(L);
  for (k = 0; k < arb_nstrings(lg->g); k++) {
    int n = arb_counters(lg->g, c->id, k);
    if (!n) continue;
    lua_pushinteger(L, n);
    lua_setfield(L, -2, arb_str(lg->g, k));
  }
  lua_setfield(L, -2, "counters");
}
static void snap_abilities(lua_State *L, lgame *lg, const arb_card *c) {
  char buf[96];
  int i, k, n = 0;
  lua_newtable(L);
  for (i = 0; i < c->nabil; i++)
    for (k = 0; k < c->abil[i].count; k++) {
      arb_ability_name(lg->g, c->abil[i].kind, c->abil[i].param, buf, sizeof buf);
      lua_pushstring(L, buf);
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "abilities");
}
static void snap_bits(lua_State *L, const char *const *names, int bits, const char *field) {
  int i, n = 0;
  lua_newtable(L);
  for (i = 0; names[i]; i++)
    if ((bits >> i) & 1) { lua_pushstring(L, names[i]); lua_rawseti(L, -2, ++n); }
  lua_setfield(L, -2, field);
}

/* g:_last_known(c) -> {name, power, toughness, controller, damage, attached_to, attachments,
** counters, abilities, colors, types}: the card as it is now, every effect applied, what its
** fields and c:is, c:counters(), c:abilities(), c:attachments() read, in one call
** (effects.lua's last-known snapshot, 413.2, taken at every departure from the battlefield). */
static int g_last_known(lua_State *L) {
  static const char *const colors[] = {"white", "blue", "black", "red", "green", NULL};
  static const char *const types[] = {"Creature", "Land", "Artifact", "Enchantment", NULL};
  lgame *lg = arb_l_checkgame(L, 1);
  arb_card *c = arb_card_get(lg->g, arb_l_checkcard(L, 2, lg)), *t;
  int32_t buf[64];
  int i, n;
  if (!arb_chars_fresh(lg->g)) c = arb_l_chars(L, lg, c);
  lua_createtable(L, 0, 11);
  if (!c->facedown) { lua_pushstring(L, arb_str(lg->g, c->name)); lua_setfield(L, -2, "name"); }
  lua_pushinteger(L, arb_card_power(c)); lua_setfield(L, -2, "power");
  lua_pushinteger(L, arb_card_toughness(c)); lua_setfield(L, -2, "toughness");
  arb_l_pushplayer(L, 1, c->controller); lua_setfield(L, -2, "controller");
  lua_pushinteger(L, c->damage); lua_setfield(L, -2, "damage");
  t = c->attached_to >= 0 ? arb_card_get(lg->g, c->attached_to) : NULL;   /* while the same object */
  arb_l_pushcard(L, 1, t && t->ts == c->attached_ts ? t->id : -1); lua_setfield(L, -2, "attached_to");
  n = arb_attachments(lg->g, c->id, buf, 64);
  lua_createtable(L, n, 0);
  for (i = 0; i < n && i < 64; i++) { arb_l_pushcard(L, 1, buf[i]); lua_rawseti(L, -2, i + 1); }
  lua_setfield(L, -2, "attachments");
  snap_counters(L, lg, c);
  snap_abilities(L, lg, c);
  snap_bits(L, colors, c->colors, "colors");
  snap_bits(L, types, c->types, "types");
  return 1;
}

static const luaL_Reg game_methods[] = { {"_last_known", g_last_known}, {NULL, NULL} };

static const luaL_Reg card_methods[] = {
  {"is", c_is}, {"add_counters", c_add_counters}, {"remove_counters", c_remove_counters},
  {"counters", c_counters}, {"attachments", c_attachments}, {NULL, NULL}
};

int arb_l_cardrules_open(lua_State *L) {
  luaL_getmetatable(L, CARD_MT);
  lua_getfield(L, -1, "methods");
  lua_pushvalue(L, -2);                 /* upvalue 1: the metatable (arb_l_livecard) */
  luaL_setfuncs(L, card_methods, 1);
  lua_pop(L, 2);
  arb_l_add_game_methods(L, game_methods);
  return 0;
}
