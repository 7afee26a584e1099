/*
** lcardrules.c — Card methods reading and changing a card's rules state:
** c:is(x) (its current characteristics, from the continuous effects),
** c:add_counters / c:remove_counters / c:counters, c:attachments(); and ev.last, the
** same reads of the card as it last existed on the battlefield (last-known information).
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

int arb_l_is_bits(const char *s, size_t len, uint8_t *types, uint8_t *supers, uint8_t *colors) {
  const struct is_name *e = len ? is_name_of(s, len) : NULL;
  if (!e) return 0;
  *(e->kind == IS_TYPE ? types : e->kind == IS_SUPER ? supers : colors) |= (uint8_t)(1u << e->bit);
  return 1;
}

/* arb_find_str for c:is, through the game's few remembered answers: a predicate
** asks about the same subtype (one Lua string, at one address) for every card
** of every computation. A remembered index is used only while it still names
** these bytes (an address can be reused by another string later). */
int arb_l_find_sub(lgame *lg, const char *s, size_t len) {
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
  sub = arb_l_find_sub(lg, s, len);
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

/* ---- ev.last: last-known information (413.2) ----
** A zone change out of the battlefield carries ev.last, a read-only table of what the card
** was as it last existed there: snapshot.c's record of the departure (taken by the core as
** it left). The table is made empty with the event; its fields are built from the record the
** first time one is read (most events nobody asks about it), after which its metatable's
** __index is the built table. The record and its parts are copied into the metatable as the
** table is made: the event can outlive the record (a departure rolled back, 422). */
typedef struct last_copy { arb_lki rec; int32_t parts[]; } last_copy;

static void last_bits(lua_State *L, const char *const *names, int bits, const char *field) {
  int i, n = 0;
  lua_newtable(L);
  for (i = 0; names[i]; i++)
    if ((bits >> i) & 1) { lua_pushstring(L, names[i]); lua_rawseti(L, -2, ++n); }
  lua_setfield(L, -2, field);
}

/* {name, power, toughness, controller, damage, attached_to, attachments, counters {kind = n},
** abilities {names}, colors, types} from the copy at cp, game at gidx */
static void last_build(lua_State *L, int gidx, const last_copy *cp) {
  static const char *const colors[] = {"white", "blue", "black", "red", "green", NULL};
  static const char *const types[] = {"Creature", "Land", "Artifact", "Enchantment", NULL};
  lgame *lg = arb_l_checkgame(L, gidx);
  const arb_lki *r = &cp->rec;
  const int32_t *p = cp->parts;
  char buf[96];
  int i, k, n = 0;
  lua_createtable(L, 0, 11);
  if (!r->facedown) { lua_pushstring(L, arb_str(lg->g, r->name)); lua_setfield(L, -2, "name"); }
  lua_pushinteger(L, r->power); lua_setfield(L, -2, "power");
  lua_pushinteger(L, r->toughness); lua_setfield(L, -2, "toughness");
  arb_l_pushplayer(L, gidx, r->controller); lua_setfield(L, -2, "controller");
  lua_pushinteger(L, r->damage); lua_setfield(L, -2, "damage");
  arb_l_pushcard(L, gidx, r->attached_to); lua_setfield(L, -2, "attached_to");
  lua_createtable(L, r->natt, 0);
  for (i = 0; i < r->natt; i++) { arb_l_pushcard(L, gidx, *p++); lua_rawseti(L, -2, i + 1); }
  lua_setfield(L, -2, "attachments");
  lua_createtable(L, 0, r->ncnt);
  for (i = 0; i < r->ncnt; i++, p += 2) { lua_pushinteger(L, p[1]); lua_setfield(L, -2, arb_str(lg->g, p[0])); }
  lua_setfield(L, -2, "counters");
  lua_newtable(L);
  for (i = 0; i < r->nabil; i++, p += 2) {
    arb_ability_name(lg->g, (int)((uint32_t)p[0] & 0xffff), (int)((uint32_t)p[0] >> 16), buf, sizeof buf);
    for (k = 0; k < p[1]; k++) { lua_pushstring(L, buf); lua_rawseti(L, -2, ++n); }
  }
  lua_setfield(L, -2, "abilities");
  last_bits(L, colors, r->colors, "colors");
  last_bits(L, types, r->types, "types");
}

/* __index of an ev.last not read yet: builds its fields, which its metatable's __index is
** from then on */
static int last_index(lua_State *L) {   /* view, key */
  lua_settop(L, 2);
  lua_getmetatable(L, 1);                /* 3 */
  if (lua_rawgeti(L, 3, 1) != LUA_TUSERDATA) return 0;   /* 4: the copy */
  lua_rawgeti(L, 3, 2);                  /* 5: the game */
  last_build(L, 5, lua_touserdata(L, 4));
  lua_pushvalue(L, -1);
  lua_setfield(L, 3, "__index");
  lua_pushnil(L); lua_rawseti(L, 3, 1);  /* the copy and the game aren't needed any more */
  lua_pushnil(L); lua_rawseti(L, 3, 2);
  lua_pushvalue(L, 2);
  lua_rawget(L, -2);
  return 1;
}

static int last_newindex(lua_State *L) {
  luaL_where(L, 1);                      /* the code that wrote */
  lua_pushliteral(L, "ev.last is read-only (last-known information)");
  lua_concat(L, 2);
  return lua_error(L);
}

void arb_l_pushlast(lua_State *L, int gidx, int rec) {
  const arb_game *g = ((lgame *)lua_touserdata(L, gidx))->g;
  const arb_lki *r = arb_lki_get(g, rec);
  size_t np = (size_t)r->natt + 2 * (size_t)r->ncnt + 2 * (size_t)r->nabil;
  last_copy *cp;
  gidx = lua_absindex(L, gidx);
  lua_createtable(L, 0, 0);              /* ev.last: no fields of its own */
  lua_createtable(L, 2, 2);              /* its metatable */
  cp = lua_newuserdatauv(L, sizeof(last_copy) + sizeof(int32_t) * np, 0);
  cp->rec = *r;
  if (np) memcpy(cp->parts, arb_lki_parts(g, r), sizeof(int32_t) * np);
  lua_rawseti(L, -2, 1);
  lua_pushvalue(L, gidx);
  lua_rawseti(L, -2, 2);
  lua_pushcfunction(L, last_index);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, last_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_setmetatable(L, -2);
}

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
  return 0;
}
