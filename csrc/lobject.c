/*
** lobject.c — cards, players and zones as proxies: a small userdata {id}
** whose user value is its game, cached per game in a table so the
** same object is always the same Lua value. Every access validates the id.
** Card proxies are kept for the game's life (a strong array by id): a draw
** pushes an existing value instead of allocating one.
*/
#include <string.h>
#include "lbind.h"

/* A game's tag: only this address is used (arb_l_taggame). */
static const char game_key = 'G';

/* A game userdata is known by its size and two fields set when it is made (arb_l_taggame):
** its tag, the address of game_key (this library's, not a value any Lua code can write),
** and its own address (a userdata never moves). Read only once the size shows the block is
** an lgame's, so a smaller userdata is never read past its end. Before, the check compared
** metatables: ~190 instructions of C API calls on every method call, ~2,300 times a whole
** game (issue 28); this is a size read and two compares. */
void arb_l_taggame(lgame *lg) {
  lg->tag = &game_key;
  lg->self = lg;
}

/* The test itself, inlined into each entry point below: a method's game check is one function
** with two API calls (lua_touserdata, lua_rawlen), not three nested calls (~100 instructions a
** check before, ~2,000 checks a game: issue 28). */
static inline lgame *testgame(lua_State *L, int idx) {
  lgame *lg = lua_touserdata(L, idx);
  if (!lg || lua_rawlen(L, idx) != sizeof(lgame) || lg->tag != &game_key || lg->self != lg) return NULL;
  return lg->g ? lg : NULL;
}

lgame *arb_l_testgame(lua_State *L, int idx) { return testgame(L, idx); }

/* The value at idx is not a live game: the error, naming the value (not only its type). */
static void badgame(lua_State *L, int idx) {
  if (!luaL_testudata(L, idx, GAME_MT)) {
    arb_l_describe(L, idx);
    luaL_argerror(L, idx, lua_pushfstring(L, "game expected, got %s", lua_tostring(L, -1)));
  }
  luaL_argerror(L, idx, "game has been freed");
}

lgame *arb_l_checkgame_bf(lua_State *L, int idx) {
  lgame *lg = testgame(L, idx);
  if (!lg) badgame(L, idx);
  ARB_L_ONE_GAME(L, lg);
  return lg;
}

/* Any game method or field read by a predicate while characteristics are computed reads more
** than the battlefield's cards, as far as the cache knows (journal.c). */
lgame *arb_l_checkgame(lua_State *L, int idx) {
  lgame *lg = testgame(L, idx);
  if (!lg) badgame(L, idx);
  ARB_L_ONE_GAME(L, lg);
  arb_chars_depend(lg->g, ARB_DEP_WORLD);
  return lg;
}

/* A proxy's kind (lproxy.kind: &arb_l_proxy_kind[kind]): its name and class metatable */
enum { K_CARD, K_PLAYER, K_ZONE };
const char arb_l_proxy_kind[3] = {0, 0, 0};
static const char *const kind_names[] = {"card", "player", "zone"};
static const char *const kind_mts[] = {CARD_MT, PLAYER_MT, ZONE_MT};

/* Its metatable comes from the names table (an array read), not from the registry by name
** (luaL_setmetatable interns the name: ~200 instructions a proxy, ~120 proxies a game). */
/* A new proxy without its metatable (set by the caller). */
static lproxy *bareproxy(lua_State *L, int gidx, int kind, int id) {
  lproxy *p = arb_newudata(L, sizeof *p);
  p->lg = lua_touserdata(L, gidx);
  p->id = id;
  p->gone = 0;
  p->kind = &arb_l_proxy_kind[kind];
  lua_pushvalue(L, gidx);
  arb_setuv(L, -2);
  return p;
}

static lproxy *newproxy(lua_State *L, int gidx, int kind, int id) {
  lproxy *p = bareproxy(L, gidx, kind, id);
  arb_getuvn(L, gidx, ARB_UV_NAMES);
  lua_rawgeti(L, -1, ARB_N_CARD_MT + kind);
  lua_setmetatable(L, -3);
  lua_pop(L, 1);
  return p;
}

/* Pushes t[key] of the game's user value uv, made on first use. (The table under the value
** goes by lua_replace, a copy and a pop, not lua_remove's rotation: ~20 instructions of a
** push that costs ~170, and every card, player and zone value the binding hands out comes
** through here.) */
static void pushcached(lua_State *L, int gidx, int uv, lua_Integer key, int kind, int id) {
  if (gidx < 0 && gidx > LUA_REGISTRYINDEX) gidx = lua_gettop(L) + gidx + 1;   /* (lua_absindex) */
  arb_getuvn(L, gidx, uv);
  if (lua_rawgeti(L, -1, key) == LUA_TNIL) {
    lua_pop(L, 1);
    newproxy(L, gidx, kind, id);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, key);
  }
  lua_replace(L, -2);
}

void arb_l_pushcard(lua_State *L, int gidx, int id) {
  if (id < 0) lua_pushnil(L);
  else pushcached(L, gidx, ARB_UV_CARDS, (lua_Integer)id + 1, K_CARD, id);
}
/* The game's card proxies and the card metatable pushed (2 values), for arb_l_pushcard_at: a
** deck's cards read them once, not once a card (g:create_deck, lcreate.c). */
void arb_l_pushcard_tables(lua_State *L, int gidx) {
  gidx = lua_absindex(L, gidx);
  arb_getuvn(L, gidx, ARB_UV_CARDS);
  arb_getuvn(L, gidx, ARB_UV_NAMES);
  lua_rawgeti(L, -1, ARB_N_CARD_MT);
  lua_replace(L, -2);
}

/* arb_l_pushcard with those two at tables, tables + 1 (absolute indices; id >= 0): the same
** proxy, kept in the same table. */
void arb_l_pushcard_at(lua_State *L, int gidx, int tables, int id) {
  if (lua_rawgeti(L, tables, (lua_Integer)id + 1) != LUA_TNIL) return;
  lua_pop(L, 1);
  bareproxy(L, gidx, K_CARD, id);
  lua_pushvalue(L, tables + 1);
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawseti(L, tables, (lua_Integer)id + 1);
}

/* A player's: one user value read for the first seats (the proxy kept there on first use). */
void arb_l_pushplayer(lua_State *L, int gidx, int p) {
  if (p < 0) { lua_pushnil(L); return; }
  if (p >= ARB_L_SEAT_UVS) { pushcached(L, gidx, ARB_UV_OBJS, (lua_Integer)p + 1, K_PLAYER, p); return; }
  if (gidx < 0 && gidx > LUA_REGISTRYINDEX) gidx = lua_gettop(L) + gidx + 1;
  if (arb_getuvn(L, gidx, ARB_NUV + p) == LUA_TUSERDATA) return;
  lua_pop(L, 1);
  pushcached(L, gidx, ARB_UV_OBJS, (lua_Integer)p + 1, K_PLAYER, p);
  lua_pushvalue(L, -1);
  arb_setuvn(L, gidx, ARB_NUV + p);
}
void arb_l_pushzone(lua_State *L, int gidx, int z) {
  pushcached(L, gidx, ARB_UV_OBJS, -(lua_Integer)z - 1, K_ZONE, z);
}

lgame *arb_l_ownergame(lua_State *L, int idx) {
  lgame *lg;
  if (lua_type(L, idx) != LUA_TUSERDATA) {   /* the user value of a non-userdata: a crash */
    arb_l_describe(L, idx);
    luaL_argerror(L, idx, lua_pushfstring(L, "arbiter object expected, got %s", lua_tostring(L, -1)));
  }
  arb_getuv(L, idx);
  if (lua_type(L, -1) != LUA_TUSERDATA) {   /* a proxy's is its game: not a game's (a table) */
    lua_pop(L, 1);
    arb_l_describe(L, idx);
    luaL_argerror(L, idx, lua_pushfstring(L, "card, player or zone expected, got %s", lua_tostring(L, -1)));
  }
  lg = lua_touserdata(L, -1);
  lua_pop(L, 1);
  if (!lg || !lg->g) luaL_argerror(L, idx, "object of a freed game");
  return lg;
}

/* Numbers like Lua's own: the value at idx is an integer as luaL_checkinteger
** takes it (an integer, or a float with an exact integer value: 2.0, 1e6) ->
** 1 and *out; anything else (2.5, a string, nil) -> 0. */
int arb_l_tointeger(lua_State *L, int idx, lua_Integer *out) {
  int isint = 0;
  lua_Integer n;
  if (lua_type(L, idx) != LUA_TNUMBER) return 0;
  n = lua_tointegerx(L, idx, &isint);
  if (isint) *out = n;
  return isint;
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

/* Is the value at idx a proxy of that kind? With lg, first the proxy's own bytes: a full
** userdata of a proxy's size naming game lg and that kind is one of lg's proxies (only the
** binding writes a userdata's bytes, and a game's address is in its proxies alone); else its
** metatable compared (a proxy of another game, or no proxy: the callers' messages). */
static lproxy *testproxy(lua_State *L, int idx, lgame *lg, int kind) {
  lproxy *p = lua_touserdata(L, idx);
  const void *want;
  int same;
  if (!p) return NULL;
  if (lg && lua_rawlen(L, idx) == sizeof(lproxy) && p->lg == lg && p->kind == &arb_l_proxy_kind[kind]) return p;
  if (!lg) {       /* any game's: one of ours by its size and kind (arb_l_own_proxy), else by metatable */
    lproxy *own = arb_l_own_proxy(L, idx, kind);
    return own ? own : luaL_testudata(L, idx, kind_mts[kind]);
  }
  want = kind == 0 ? lg->card_mt : kind == 1 ? lg->player_mt : lg->zone_mt;
  if (!lua_getmetatable(L, idx)) return NULL;
  same = lua_topointer(L, -1) == want;
  lua_pop(L, 1);
  return same ? p : NULL;
}


/* Messages name what was expected and what was given. */
static lproxy *check_proxy(lua_State *L, int idx, lgame *lg, int kind) {
  lproxy *p = lg ? arb_l_own_proxy(L, idx, kind) : NULL;
  if (p && p->lg == lg) return p;          /* the common case, inline: one of lg's own */
  p = testproxy(L, idx, lg, kind);
  if (!p) {
    arb_l_describe(L, idx);
    luaL_argerror(L, idx, lua_pushfstring(L, "%s expected, got %s", kind_names[kind],
                                          lua_tostring(L, -1)));
  }
  if (lg && p->lg != lg) {
    arb_l_ownergame(L, idx);                /* a freed game has its own message */
    arb_l_describe(L, idx);
    luaL_argerror(L, idx, lua_pushfstring(L, "%s of another game: %s", kind_names[kind],
                                          lua_tostring(L, -1)));
  }
  return p;
}

int arb_l_checkcard(lua_State *L, int idx, lgame *lg) {
  lproxy *p = check_proxy(L, idx, lg, 0);
  lgame *own = lg ? lg : arb_l_ownergame(L, idx);
  arb_card *c = p->gone ? NULL : arb_card_get(own->g, p->id);
  if (p->gone)
    luaL_argerror(L, idx, lua_pushfstring(L, "card %d no longer exists (the action that "
                                          "created it was undone)", p->id));
  if (!c || c->zone < 0)
    luaL_argerror(L, idx, lua_pushfstring(L, "card %d no longer exists", p->id));
  arb_chars_depend_card(own->g, c);
  return p->id;
}
int arb_l_checkplayer(lua_State *L, int idx, lgame *lg) {
  return check_proxy(L, idx, lg, 1)->id;
}
int arb_l_checkzone(lua_State *L, int idx, lgame *lg) {
  return check_proxy(L, idx, lg, 2)->id;
}

/* The id of a live proxy of that kind and game at idx, or -1 (no error). */
int arb_l_toid(lua_State *L, int idx, lgame *lg, int kind) {
  lproxy *p = testproxy(L, idx, lg, kind);
  return p && !p->gone && p->lg == lg ? p->id : -1;
}

/* A rollback undid card id: its proxy (if any) goes stale and is forgotten,
** so a later card with the same id gets a fresh Lua value. */
void arb_l_forgetcard(lua_State *L, int gidx, int id) {
  gidx = lua_absindex(L, gidx);
  arb_getuvn(L, gidx, ARB_UV_CARDS);
  if (lua_rawgeti(L, -1, (lua_Integer)id + 1) == LUA_TUSERDATA)
    ((lproxy *)lua_touserdata(L, -1))->gone = 1;
  lua_pop(L, 1);
  lua_pushnil(L);
  lua_rawseti(L, -2, (lua_Integer)id + 1);
  lua_pop(L, 1);
}

/* ---- events ---- */

static const char names_key = 'n';   /* registry[&names_key] = the names table */

void arb_l_pushnames(lua_State *L) {
  static const char *const fields[] = {"type", "player", "card", "from", "to", "amount",
                                       "top", "source", "target", "combat", "refs", "turn", NULL};
  int i;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &names_key) == LUA_TTABLE) return;
  lua_pop(L, 1);
  static const char *const objfields[] = {"kind", "controller", "x", "x_spent", "mode", "ability",
                                          "source_moved", "targets", "spell", "ability", NULL};
  lua_createtable(L, ARB_N_END - 1, 0);
  for (i = 0; fields[i]; i++) { lua_pushstring(L, fields[i]); lua_rawseti(L, -2, ARB_N_TYPE + i); }
  for (i = ARB_N_TURN + 1; i < ARB_N_EVENT; i++) { lua_pushboolean(L, 0); lua_rawseti(L, -2, i); }
  for (i = 0; i < ARB_NEVTYPES; i++) {
    lua_pushstring(L, arb_event_name(i));
    lua_rawseti(L, -2, ARB_N_EVENT + i);
  }
  for (i = 0; i < ARB_NZONEKINDS; i++) {
    lua_pushstring(L, arb_zone_kind_name(i));
    lua_rawseti(L, -2, ARB_N_ZONE + i);
  }
  for (i = 0; objfields[i]; i++) { lua_pushstring(L, objfields[i]); lua_rawseti(L, -2, ARB_N_KIND + i); }
  for (i = 0; i < 3; i++) {                 /* (made by luaopen_arbiter_core, before any game) */
    luaL_getmetatable(L, kind_mts[i]);
    lua_rawseti(L, -2, ARB_N_CARD_MT + i);
  }
  lua_pushliteral(L, "step");
  lua_rawseti(L, -2, ARB_N_STEP);
  for (i = 0; i < ARB_NSTEPS; i++) {
    lua_pushstring(L, arb_step_name(i));
    lua_rawseti(L, -2, ARB_N_STEP_NAME + i);
  }
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &names_key);
}

static void pushzonename(lua_State *L, int nm, int kind) {
  if (kind < ARB_NZONEKINDS) lua_rawgeti(L, nm, ARB_N_ZONE + kind);
  else lua_pushstring(L, arb_zone_kind_name(kind));
}

/* t[names[k]] = the value on top (popped); t at -2 after the push */
/* Field k's name pushed first, then its value, then lua_rawset(L, t): no
** rotation per field (an event table is made for every hook call). */
#define KEY(k) lua_rawgeti(L, nm, (k))

/* The number of fields arb_l_pushevent sets: the table is made that size
** (a script's hook gets a fresh one each call; no rehash while filling). */
static int event_fields(const arb_event *ev) {
  return 1 + (ev->name >= 0) + (ev->player >= 0) + (ev->card >= 0) + (ev->from >= 0) +
         (ev->to >= 0) +
         (ev->type == ARB_EV_LIFE || ev->type == ARB_EV_DAMAGE || ev->type == ARB_EV_NAMED ||
         ev->type == ARB_EV_COUNTER) +
         (ev->type == ARB_EV_STEP) + (ev->type == ARB_EV_LOSE) * (1 + (ev->amount == ARB_LOSE_CONCEDE)) +
         (ev->type == ARB_EV_DISCARD || ev->type == ARB_EV_ZONE_CHANGE) +
         (ev->source >= 0) + (ev->target_card >= 0 || ev->target_player >= 0) +
         ((ev->flags & ARB_EVF_COMBAT) != 0) + ((ev->flags & ARB_EVF_NO_REGEN) != 0) +
         ((ev->flags & ARB_EVF_MANA_MASK) != 0) +
         1;   /* turn */
}

/* A mana event's mana as a cost string: "{G}{G}" (kind 1-5: W U B R G), "{3}" (6: colorless);
** a mixed one's (kind 7) from its amounts, colorless first: "{2}{W}{U}" */
static void pushmana(lua_State *L, const arb_game *g, const arb_event *ev) {
  static const char sym[] = "WUBRG";
  int32_t n[ARB_NMANA] = {0}, i;
  int kind = (ev->flags & ARB_EVF_MANA_MASK) >> ARB_EVF_MANA_SHIFT, k;
  luaL_Buffer b;
  if (kind == 7) for (k = 0; k < ARB_NMANA; k++) n[k] = arb_side_get(g, ev->target_card + k);
  else n[kind - 1] = ev->amount;
  luaL_buffinit(L, &b);
  if (n[ARB_MANA_C] > 0 || kind == 6) {
    lua_pushfstring(L, "{%d}", (int)n[ARB_MANA_C]);
    luaL_addvalue(&b);
  }
  for (k = 0; k < ARB_MANA_C; k++)
    for (i = 0; i < n[k]; i++) {
      luaL_addchar(&b, '{'); luaL_addchar(&b, sym[k]); luaL_addchar(&b, '}');
    }
  luaL_pushresult(&b);
}

/* Last-known information for a zone change out of the battlefield: snapshot.c's record for
** the history entry hi (the newest taken before it), or for an event in flight (hi < 0) the
** newest. Sets t.last when there is one (lcardrules.c builds its fields when read). */
static void set_last(lua_State *L, int gidx, int t, int card, int hi) {
  int rec = arb_lki_find(((lgame *)lua_touserdata(L, gidx))->g, card, hi);
  if (rec < 0) return;
  arb_l_pushlast(L, gidx, rec);
  lua_setfield(L, t, "last");
}

void arb_l_pushevent(lua_State *L, int gidx, const arb_event *ev) {
  arb_l_pushevent_at(L, gidx, ev, -1);
}

/* Sets ev's fields in the table at t (names at nm): every key an event of its shape has
** (event_shape), the same keys in the same order whether the table is new or a question's
** table filled again. */
static void fill_event(lua_State *L, int gidx, int nm, int t, const arb_event *ev, int hi) {
  const char *name = ev->name >= 0 ? arb_str(((lgame *)lua_touserdata(L, gidx))->g, ev->name) : NULL;
  KEY(ARB_N_TYPE);
  if (ev->type == ARB_EV_NAMED && name) lua_pushstring(L, name);
  else lua_rawgeti(L, nm, ARB_N_EVENT + (ev->type >= 0 && ev->type < ARB_NEVTYPES ? ev->type : 0));
  lua_rawset(L, t);
  if (name) { lua_pushstring(L, name); lua_setfield(L, t, "name"); }  /* a named event's, a step's */
  if (ev->player >= 0) { KEY(ARB_N_PLAYER); arb_l_pushplayer(L, gidx, ev->player); lua_rawset(L, t); }
  if (ev->card >= 0) { KEY(ARB_N_CARD); arb_l_pushcard(L, gidx, ev->card); lua_rawset(L, t); }
  if (ev->from >= 0) { KEY(ARB_N_FROM); pushzonename(L, nm, ev->from); lua_rawset(L, t); }
  if (ev->to >= 0) { KEY(ARB_N_TO); pushzonename(L, nm, ev->to); lua_rawset(L, t); }
  if (ev->type == ARB_EV_LIFE || ev->type == ARB_EV_DAMAGE || ev->type == ARB_EV_NAMED ||
         ev->type == ARB_EV_COUNTER) {
    KEY(ARB_N_AMOUNT);
    lua_pushinteger(L, ev->amount);
    lua_rawset(L, t);
  }
  if (ev->type == ARB_EV_DISCARD || ev->type == ARB_EV_ZONE_CHANGE) {
    KEY(ARB_N_TOP);
    lua_pushboolean(L, ev->amount != 0);
    lua_rawset(L, t);
  }
  if (ev->type == ARB_EV_ZONE_CHANGE && ev->from == ARB_BATTLEFIELD && ev->card >= 0)
    set_last(L, gidx, t, ev->card, hi);    /* last-known information (413.2) */
  if (ev->source >= 0) { KEY(ARB_N_SOURCE); arb_l_pushcard(L, gidx, ev->source); lua_rawset(L, t); }
  if (ev->target_card >= 0 && !ARB_EV_MIXED_MANA(ev)) {
    KEY(ARB_N_TARGET); arb_l_pushcard(L, gidx, ev->target_card); lua_rawset(L, t);
  }
  if (ev->target_player >= 0) { KEY(ARB_N_TARGET); arb_l_pushplayer(L, gidx, ev->target_player); lua_rawset(L, t); }
  if (ev->flags & ARB_EVF_COMBAT) { KEY(ARB_N_COMBAT); lua_pushboolean(L, 1); lua_rawset(L, t); }
  if (ev->type == ARB_EV_STEP) {   /* (the names table's strings: ~400 instructions less than interning them) */
    KEY(ARB_N_STEP);
    if (ev->amount >= 0 && ev->amount < ARB_NSTEPS) lua_rawgeti(L, nm, ARB_N_STEP_NAME + ev->amount);
    else lua_pushstring(L, arb_step_name(ev->amount));
    lua_rawset(L, t);
  }
  if (ev->type == ARB_EV_LOSE) {
    static const char *const reasons[] = {"effect", "concede", "life", "draw"};
    lua_pushstring(L, reasons[ev->amount >= 0 && ev->amount <= ARB_LOSE_DRAW ? ev->amount : 0]);
    lua_setfield(L, t, "reason");
    if (ev->amount == ARB_LOSE_CONCEDE) { lua_pushboolean(L, 1); lua_setfield(L, t, "conceded"); }
  }
  if (ev->flags & ARB_EVF_NO_REGEN) { lua_pushboolean(L, 1); lua_setfield(L, t, "no_regeneration"); }
  if (ev->flags & ARB_EVF_MANA_MASK) {
    pushmana(L, ((lgame *)lua_touserdata(L, gidx))->g, ev);
    lua_setfield(L, t, "mana");
  }
  /* the turn it happened in; an event in flight (a replacement asking) happens now */
  KEY(ARB_N_TURN);
  lua_pushinteger(L, ev->turn >= 0 ? ev->turn : arb_turn(((lgame *)lua_touserdata(L, gidx))->g));
  lua_rawset(L, t);
}

void arb_l_pushevent_at(lua_State *L, int gidx, const arb_event *ev, int hi) {
  int nm;
  gidx = lua_absindex(L, gidx);
  arb_getuvn(L, gidx, ARB_UV_NAMES);
  nm = lua_gettop(L);
  lua_createtable(L, 0, event_fields(ev));
  fill_event(L, gidx, nm, nm + 1, ev, hi);
  lua_remove(L, nm);
}

/* Which keys fill_event sets for ev (its type and the fields present), or -1 where one of
** them may be there or not for events of one shape (a zone change out of the battlefield's
** `last`). */
static int event_shape(const arb_event *ev) {
  if (ev->type == ARB_EV_ZONE_CHANGE && ev->from == ARB_BATTLEFIELD && ev->card >= 0) return -1;
  return (ev->type & 63) | (ev->name >= 0) << 6 | (ev->player >= 0) << 7 | (ev->card >= 0) << 8 |
         (ev->from >= 0) << 9 | (ev->to >= 0) << 10 | (ev->source >= 0) << 11 |
         (ev->target_card >= 0 && !ARB_EV_MIXED_MANA(ev)) << 12 | (ev->target_player >= 0) << 13 |
         ((ev->flags & ARB_EVF_COMBAT) != 0) << 14 | ((ev->flags & ARB_EVF_NO_REGEN) != 0) << 15 |
         ((ev->flags & ARB_EVF_MANA_MASK) != 0) << 16 |
         (ev->type == ARB_EV_LOSE && ev->amount == ARB_LOSE_CONCEDE) << 17;
}

/* The question tables' metatable (one per game, its upvalue the game): __newindex, reached only
** for a key a table lacks, adds it (rawset) and notes that a kept table may hold a key the
** engine didn't set (added by the question's `applies` or an agent it asked): the next question
** gets new tables. The engine's keys are set anew at each fill: changed or removed ones come
** back by themselves. */
static int question_newindex(lua_State *L) {
  lgame *lg = lua_touserdata(L, lua_upvalueindex(1));
  lg->qadded = 1;
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 0;
}

/* Gives the new question table at t the game's metatable, kept at kept[-1] (made once). */
static void mark_question(lua_State *L, int gidx, int t, int kept) {
  if (lua_rawgeti(L, kept, -1) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, gidx);
    lua_pushcclosure(L, question_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, -1);
    lua_rawseti(L, kept, -1);
  }
  lua_setmetatable(L, t);
}

/* The kept question tables (user value ARB_UV_QUESTION: {[shape] = table, [-1] = their
** metatable}), a new empty set when a key was added to one (question_newindex) or when
** QUESTION_KEPT shapes are kept already (a game rarely asks about more). */
#define QUESTION_KEPT 16
static int push_kept(lua_State *L, int gidx, lgame *lg) {
  if (arb_getuvn(L, gidx, ARB_UV_QUESTION) == LUA_TTABLE && !lg->qadded && lg->qkept < QUESTION_KEPT)
    return lua_gettop(L);
  lua_pop(L, 1);
  lua_createtable(L, 0, 4);
  lua_pushvalue(L, -1);
  arb_setuvn(L, gidx, ARB_UV_QUESTION);
  lg->qadded = 0;
  lg->qkept = 0;
  return lua_gettop(L);
}

/* The event a replacement's `applies` gets (docs/API.md g:add_replacement: the table is the
** question's, valid during the call). A question asked for every draw of a bulk draw made a
** new five-key table each time (~2,300 instructions, half a draw's cost with one Lua
** replacement); the game keeps one table per shape of event (the keys it has: event_shape)
** and fills it again, every key set anew, when a question's event has a kept table's keys and
** nobody added one (question_newindex). Alpha games ask about events of a few shapes in turn
** (an upkeep's step event, a damage event, a tap ...): one table kept for the last shape only
** was filled again for 205 of 423 questions in 20 games, one per shape for ~390. A new table when
** no kept one has the shape (it is kept for the next), and while a question is open (an
** `applies` that acts: its own questions get their own tables). Returns 1 when it pushed a kept
** table: the caller closes the question (arb_l_endquestion) once `applies` has returned. */
int arb_l_pushquestion(lua_State *L, int gidx, const arb_event *ev) {
  int shape = event_shape(ev), nm, kept;
  lgame *lg;
  gidx = lua_absindex(L, gidx);
  lg = lua_touserdata(L, gidx);
  if (shape < 0 || lg->qopen) { arb_l_pushevent(L, gidx, ev); return 0; }
  kept = push_kept(L, gidx, lg);
  if (lua_rawgeti(L, kept, shape) == LUA_TTABLE) {
    arb_getuvn(L, gidx, ARB_UV_NAMES);
    nm = lua_gettop(L);
    fill_event(L, gidx, nm, nm - 1, ev, -1);
    lua_pop(L, 1);
  } else {
    lua_pop(L, 1);
    arb_l_pushevent(L, gidx, ev);
    mark_question(L, gidx, lua_gettop(L), kept);
    lua_pushvalue(L, -1);
    lua_rawseti(L, kept, shape);
    lg->qkept++;
  }
  lua_remove(L, kept);
  lg->qopen = 1;
  return 1;
}

void arb_l_endquestion(lgame *lg) { lg->qopen = 0; }

/* The binding's one integer reader: every integer argument a method takes
** comes through here, so none is truncated on its way to the core's 32-bit
** fields (g:history(2^32 + 1) is refused, not read as 1). */
lua_Integer arb_l_intarg(lua_State *L, int idx, int argn, const char *what, lua_Integer lo,
                         lua_Integer hi) {
  lua_Integer v = 0;
  if (!arb_l_tointeger(L, idx, &v)) {
    arb_l_describe(L, idx);
    luaL_argerror(L, argn, lua_pushfstring(L, "%s must be an integer, got %s", what, lua_tostring(L, -1)));
  }
  if (v >= lo && v <= hi) return v;
  if (lo == -ARB_L_INT_MAX && hi == ARB_L_INT_MAX)
    return luaL_argerror(L, argn, lua_pushfstring(L, "%s %I is out of range (-10^9 to 10^9)", what, v));
  return luaL_argerror(L, argn, lua_pushfstring(L, "%s %I is out of range (%I to %I)", what, v, lo, hi));
}

lua_Integer arb_l_optintarg(lua_State *L, int idx, const char *what, lua_Integer lo, lua_Integer hi,
                            lua_Integer def) {
  return lua_isnoneornil(L, idx) ? def : arb_l_intarg(L, idx, idx, what, lo, hi);
}

int32_t arb_l_checkint(lua_State *L, int idx, int argn, const char *what) {
  return (int32_t)arb_l_intarg(L, idx, argn, what, -ARB_L_INT_MAX, ARB_L_INT_MAX);
}

/* Reads back what a replacement may change: player, to, top, amount,
** target. Bad values are ignored rather than trusted; an amount that doesn't
** fit the core's integers is refused (1, nothing read). */
int arb_l_readevent(lua_State *L, int idx, lgame *lg, arb_event *ev) {
  int id;
  lua_Integer n;
  idx = lua_absindex(L, idx);
  if (lua_getfield(L, idx, "amount") == LUA_TNUMBER && arb_l_tointeger(L, -1, &n) &&
      (n < -ARB_L_INT_MAX || n > ARB_L_INT_MAX)) { lua_pop(L, 1); return 1; }
  lua_pop(L, 1);
  if (lua_getfield(L, idx, "player") == LUA_TUSERDATA && (id = arb_l_toid(L, -1, lg, 1)) >= 0)
    ev->player = id;
  if (lua_getfield(L, idx, "to") == LUA_TSTRING) {
    int k = arb_zone_kind_parse(lua_tostring(L, -1));
    if (k >= 0 && k < ARB_STACK) ev->to = k;
  }
  if (lua_getfield(L, idx, "top") == LUA_TBOOLEAN) ev->amount = lua_toboolean(L, -1);
  if (lua_getfield(L, idx, "amount") == LUA_TNUMBER && arb_l_tointeger(L, -1, &n) &&
      ev->type != ARB_EV_DISCARD && ev->type != ARB_EV_ZONE_CHANGE)
    ev->amount = (int32_t)n;
  if (lua_getfield(L, idx, "target") == LUA_TUSERDATA) {
    if ((id = arb_l_toid(L, -1, lg, 1)) >= 0) {
      ev->target_player = id;
      ev->target_card = -1;
    } else if ((id = arb_l_toid(L, -1, lg, 0)) >= 0) {
      ev->target_card = id;
      ev->target_player = -1;
    }
  }
  lua_pop(L, 5);
  return 0;
}

void arb_l_push_weak(lua_State *L, const void *key) { arb_l_push_weak_mode(L, key, "k"); }

void arb_l_push_weak_mode(lua_State *L, const void *key, const char *mode) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushstring(L, mode);
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}
