/*
** lmana_available.c — arbiter._available (lua/arbiter/mana.lua) in one C call: the mana a player
** could have for a cost now, the pool plus one use of each source (406.1; 409.1f: mana abilities
** are played while paying), and how far the count can be trusted (inexact, upper, by_color and
** the most of each color its sources of some colors make; plan_as, the mana_as table a plan
** uses). Asked before payments and in the Lua castability rounds (issue 27: ~800 counts in 20
** Alpha games, ~30 K instructions each in Lua).
**
** The count is the Lua one's (mana.lua's lua_available), source by source: what a source is to it
** comes from its list's summary code (mana.lua's list_code: its flags and mana packed in an
** integer under 2^32), remembered by definition as the list is (printed); a tapped source's list
** (its abilities without {T}) and one whose abilities an effect changed are summed up by the Lua
** layer each time, as it reads them each time. A summary that doesn't fit (-1: a field over 15)
** sends the call to the Lua count. The reads are the Lua count's, in its
** order: current characteristics, the core's count of simple sources, the rule effects' mana_as
** (a host call), the pool, then the sources (the same dependencies reported).
*/
#include "lbind.h"

/* A summary code (mana.lua's list_code): the list's flags, then six 4-bit fields from bit 8:
** a simple ability's total and W U B R G mana, or for a source of some colors (choices, not any
** color) how many of its abilities make each color (the total field unused). */
enum { AV_SIMPLE = 1, AV_TAP = 2, AV_ODD = 4, AV_NOT_PLAIN = 8, AV_AGAIN = 16, AV_CHOICES = 32, AV_ANY = 64,
       AV_CONVERTS = 128 };
#define AV_FIELD(code, k) (((code) >> (8 + 4 * (k))) & 15)

/* the factory's upvalues: the codes by definition (weak keys), the function giving a card's code
** (card, tapped, changed), the modules' arbiter table (its _mana_as, read when called: rules.lua
** loads after mana.lua), and the Lua count */
#define UV_CODES lua_upvalueindex(1)
#define UV_CODE_FOR lua_upvalueindex(2)
#define UV_ARBITER lua_upvalueindex(3)
#define UV_LUA lua_upvalueindex(4)

/* A permanent with a mana ability p may play (g:_mana_permanents' test): its id and flags. */
typedef struct { int32_t id; uint8_t sick, tapped, changed; } perm;
#define PERM_CAP 64

/* The permanents g:_mana_permanents(p) lists, in battlefield order, into a room for them (buf, or a
** userdata left on the stack); their number. Reads and reports what it reads. */
static perm *read_perms(lua_State *L, lgame *lg, int p, perm *buf, int *n) {
  const arb_zone *z;
  perm *out = buf;
  int i;
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* controllers, types: current */
  arb_chars_depend(lg->g, ARB_DEP_TAPPED | ARB_DEP_SICK);
  arb_chars_depend(lg->g, ARB_DEP_R_CONTROL | ARB_DEP_R_TYPE | ARB_DEP_R_ABIL);
  z = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
  if (z->n > PERM_CAP) out = lua_newuserdatauv(L, (size_t)z->n * sizeof *out, 0);
  *n = 0;
  for (i = 0; i < z->n; i++) {
    const arb_card *c = arb_card_get(lg->g, z->cards[i]);
    if (c->controller != p || !(c->mprod || c->mcomplex)) continue;
    if (c->tapped && !(c->mcomplex & ARB_MANA_UNTAPPED)) continue;
    out[*n].id = c->id;
    out[*n].sick = arb_card_sick(c) && (c->types & ARB_T_CREATURE) && !arb_card_has(c, ARB_AB_HASTE);
    out[*n].tapped = c->tapped != 0;
    out[*n].changed = c->xact != 0;
    (*n)++;
  }
  return out;
}

/* The summary code of perm s: its definition's, remembered (env.defs at defs), unless it is tapped
** or its abilities changed (the Lua layer's, each time, as it reads those lists each time) */
static lua_Integer code_of(lua_State *L, lgame *lg, int defs, const perm *s) {
  lua_Integer v;
  int ok, cached = !s->tapped && !s->changed;
  if (cached) {
    arb_l_pushdef(L, defs, lg->g, arb_card_get(lg->g, s->id));
    lua_pushvalue(L, -1);
    if (lua_rawget(L, UV_CODES) != LUA_TNIL) {
      v = lua_tointeger(L, -1);
      lua_pop(L, 2);
      return v;
    }
    lua_pop(L, 1);                                      /* the definition stays: the key */
  }
  lua_pushvalue(L, UV_CODE_FOR);
  arb_l_pushcard(L, 1, s->id);
  lua_pushboolean(L, s->tapped);
  lua_pushboolean(L, s->changed);
  lua_call(L, 3, 1);
  v = lua_tointegerx(L, -1, &ok);
  if (!ok || v < -1 || v > (lua_Integer)UINT32_MAX) luaL_error(L, "arbiter._available: a source without a summary code");
  if (cached) {
    lua_pushvalue(L, -2);
    lua_pushvalue(L, -2);
    lua_rawset(L, UV_CODES);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return v;
}

/* The count's field names, upvalues from UV_KEYS on in this order (a key pushed, not made from a C
** string at each write: ~15 writes a count) */
static const char *const KEYS[] = {"total", "white", "blue", "black", "red", "green", "any", "inexact", "upper",
                                   "by_color", "xw", "xu", "xb", "xr", "xg", "plain", "plan_as"};
enum { K_TOTAL, K_WHITE, K_ANY = 6, K_INEXACT, K_UPPER, K_BY_COLOR, K_XW, K_PLAIN = 15, K_PLAN_AS, NKEYS };
#define UV_KEYS 5

/* t[KEYS[k]] = v for the table at t (an assignment, as the Lua count's) */
static void put_int(lua_State *L, int t, int k, lua_Integer v) {
  lua_pushvalue(L, lua_upvalueindex(UV_KEYS + k));
  lua_pushinteger(L, v);
  lua_settable(L, t);
}
static void put_bool(lua_State *L, int t, int k, int v) {
  lua_pushvalue(L, lua_upvalueindex(UV_KEYS + k));
  lua_pushboolean(L, v);
  lua_settable(L, t);
}
/* t.plan_as = the mana_as table at 5 when on, else nil (written only then, or into a table given:
** a new count without mana spent as another color sets nothing, as the Lua count's) */
static void put_plan_as(lua_State *L, int t, int on) {
  if (!on && lua_isnil(L, 3)) return;
  lua_pushvalue(L, lua_upvalueindex(UV_KEYS + K_PLAN_AS));
  if (on) lua_pushvalue(L, 5);
  else lua_pushnil(L);
  lua_settable(L, t);
}

/* The count's table: into (argument 3) when given, else a new one; its first seven fields set
** (mana.lua's fill): total, the five colors, any. Left on top. */
static int fill(lua_State *L, lua_Integer total, const lua_Integer *col, lua_Integer any) {
  int k, t;
  if (lua_isnil(L, 3)) lua_createtable(L, 0, NKEYS);
  else lua_pushvalue(L, 3);
  t = lua_gettop(L);
  put_int(L, t, K_TOTAL, total);
  for (k = 0; k < 5; k++) put_int(L, t, K_WHITE + k, col[k]);
  put_int(L, t, K_ANY, any);
  return t;
}

/* The Lua count, for a source whose summary didn't fit */
static int lua_count(lua_State *L) {
  lua_settop(L, 3);
  lua_pushvalue(L, UV_LUA);
  lua_insert(L, 1);
  lua_call(L, 3, 1);
  return 1;
}

/* The count's numbers alone, for into == false (arbiter._can_pay's quick yes): total, the five
** colors, any; how far they can be trusted is left unread (no table made, no mana_as asked) */
static int numbers(lua_State *L, lua_Integer total, const lua_Integer *col, lua_Integer any) {
  int k;
  lua_pushinteger(L, total);
  for (k = 0; k < 5; k++) lua_pushinteger(L, col[k]);
  lua_pushinteger(L, any);
  return 7;
}

/* arbiter._available(g, p, into) -> t: mana.lua's comment says what t holds; into == false:
** t's total, white .. green and any, as seven values (none when the Lua count must answer) */
static int available(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  int32_t core[ARB_NMANA];
  lua_Integer col[5], x[5] = {0, 0, 0, 0, 0}, total = 0, any = 0;
  perm buf[PERM_CAP], *perms;
  int k, i, n, t, counted, live, as = 0, inexact, upper, conv = 0, defs, plain = 1, quick;
  lua_settop(L, 3);
  quick = lua_isboolean(L, 3) && !lua_toboolean(L, 3);
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* mprod follows the type layer (212.6e) */
  counted = arb_mana_available(lg->g, p, core);            /* the core counts simple sources */
  if (counted && quick) {
    for (k = 0; k < ARB_NMANA; k++) total += core[k];
    for (k = 0; k < 5; k++) col[k] = core[k];
    return numbers(L, total, col, 0);
  }
  arb_l_env(L, 1);                                          /* 4 */
  lua_getfield(L, 4, "mana_triggers");
  live = lua_toboolean(L, -1);
  lua_getfield(L, 4, "rule_effects");
  if (!live && !quick && lua_toboolean(L, -1)) {            /* mana spent as another color (read
                                                               without mana triggers only) */
    lua_getfield(L, UV_ARBITER, "_mana_as");
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_call(L, 2, 1);
    as = lua_toboolean(L, -1);
    lua_replace(L, 5);                                      /* 5: kept for plan_as */
  }
  lua_settop(L, 5);
  if (counted) {           /* inexact only by the rules here: no per-color bound needed */
    for (k = 0; k < ARB_NMANA; k++) total += core[k];
    for (k = 0; k < 5; k++) col[k] = core[k];
    t = fill(L, total, col, 0);
    put_bool(L, t, K_INEXACT, live || as);
    put_bool(L, t, K_UPPER, !live);
    put_bool(L, t, K_BY_COLOR, 0);
    put_bool(L, t, K_PLAIN, 1);
    put_plan_as(L, t, as);
    return 1;
  }
  upper = !live;
  inexact = live || as;
  {                                                         /* the pool (g:_pool) */
    const arb_player *pl = arb_player_get(lg->g, p);
    arb_chars_depend(lg->g, ARB_DEP_WORLD);
    for (k = 0; k < 5; k++) col[k] = pl->mana[k];
    for (k = 0; k < ARB_NMANA; k++) total += pl->mana[k];
  }
  perms = read_perms(L, lg, p, buf, &n);
  lua_getfield(L, 4, "defs");
  defs = lua_gettop(L);
  for (i = 0; i < n; i++) {
    lua_Integer code = code_of(L, lg, defs, &perms[i]);
    if (code < 0) return quick ? 0 : lua_count(L);
    if (code & AV_ODD) inexact = 1, upper = 0, plain = 0;   /* more mana than its mana cost, several of a
                                                               chosen color */
    if (code & AV_CONVERTS) inexact = 1, conv = 1, plain = 0;  /* a mana cost at least what it makes: no gain
                                                                  (409.1f) */
    if (!(code & AV_SIMPLE) || (perms[i].sick && (code & AV_TAP))) continue;
    if (code & AV_NOT_PLAIN) upper = 0, plain = 0;
    if (code & AV_AGAIN) inexact = 1;            /* counted once here, a payment may play it again */
    if (!(code & AV_CHOICES)) {
      total += AV_FIELD(code, 0);
      for (k = 0; k < 5; k++) col[k] += AV_FIELD(code, k + 1);
      continue;
    }
    total++;
    if (code & AV_ANY) { any++; continue; }
    inexact = 1;                                 /* some colors: tried (and counted in each one's most) */
    for (k = 0; k < 5; k++) x[k] += AV_FIELD(code, k + 1);
  }
  if (quick) return numbers(L, total, col, any);
  t = fill(L, total, col, any);
  put_bool(L, t, K_INEXACT, inexact);
  put_bool(L, t, K_UPPER, upper);
  put_bool(L, t, K_BY_COLOR, upper && !as && !conv);   /* (plan_pays knows no converting source) */
  put_bool(L, t, K_PLAIN, plain);
  put_plan_as(L, t, upper && !conv && as);
  for (k = 0; k < 5; k++) put_int(L, t, K_XW + k, x[k]);
  return 1;
}

/* internal._game._mana_count(codes, code_for, arbiter, lua_count) -> arbiter._available: the count
** above with those (mana.lua, once): an empty weak-keyed table for the codes by definition, the
** function giving a card's code, the modules' arbiter table, the Lua count */
static int mana_count(lua_State *L) {
  int k;
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  luaL_checktype(L, 3, LUA_TTABLE);
  luaL_checktype(L, 4, LUA_TFUNCTION);
  lua_settop(L, 4);
  luaL_checkstack(L, NKEYS, NULL);
  for (k = 0; k < NKEYS; k++) lua_pushstring(L, KEYS[k]);
  lua_pushcclosure(L, available, 4 + NKEYS);
  return 1;
}

static const luaL_Reg mana_available_methods[] = {{"_mana_count", mana_count}, {NULL, NULL}};

int arb_l_mana_available_open(lua_State *L) {
  arb_l_add_game_methods(L, mana_available_methods);
  return 0;
}
