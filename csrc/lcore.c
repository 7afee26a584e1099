/*
** lcore.c — luaopen_arbiter_core: the C module the Lua layer wraps.
*/
#include "lbind.h"

static int l_game_methods(lua_State *L) {
  luaL_getmetatable(L, GAME_MT);
  lua_getfield(L, -1, "methods");
  return 1;
}

/* core._game_internal() -> the Lua layer's own game functions (GAME_INTERNAL) */
static int l_game_internal(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, GAME_INTERNAL);
  return 1;
}

static int l_metatable(lua_State *L) {
  luaL_getmetatable(L, luaL_checkstring(L, 1));
  return 1;
}

/* core.is_ability(s) -> boolean: is s in the vocabulary? */
static int l_is_ability(lua_State *L) {
  size_t len;
  const char *s = luaL_checklstring(L, 1, &len);
  int kind, param;
  lua_pushboolean(L, arb_ability_parse(NULL, s, len, &kind, &param) == 0);
  return 1;
}

/* core.kind(x) -> "card" | "player" | "zone" | "game" | nil, and its game.
** Upvalues: the four metatables (game, card, player, zone), then the names "card", "player"
** and "zone". A proxy is told by its size and kind; anything else by one metatable read and
** pointer compares, no registry lookups. */
static int l_kind(lua_State *L) {
  static const char *const names[] = {"game", "card", "player", "zone"};
  int i;
  const void *mt;
  const lproxy *p = lua_touserdata(L, 1);
  /* a card, player or zone: told by its size and kind (as arb_l_own_proxy), no metatable read;
  ** its name from upvalues 5-7 (no C string interned a call) */
  if (p && lua_rawlen(L, 1) == sizeof *p)
    for (i = 0; i < 3; i++)
      if (p->kind == &arb_l_proxy_kind[i]) {
        lua_pushvalue(L, lua_upvalueindex(5 + i));
        arb_getuv(L, 1);
        return 2;
      }
  if (lua_type(L, 1) != LUA_TUSERDATA || !lua_getmetatable(L, 1)) return 0;
  mt = lua_topointer(L, -1);
  for (i = 0; i < 4; i++)
    if (mt == lua_topointer(L, lua_upvalueindex(i + 1))) {
      lua_pop(L, 1);
      lua_pushstring(L, names[i]);
      if (i == 0) lua_pushvalue(L, 1);
      else arb_getuv(L, 1);
      return 2;
    }
  lua_pop(L, 1);
  return 0;
}

/* core.may_hide(v, p) -> false when no card the questions' hide walk (ask.lua) looks at in v
** could be hidden from player p: none in a library (217.2a), in another player's hand (217.3a)
** or face down on the battlefield (504); whether such a card is hidden (reveals, control) the
** Lua walk decides, so true means "walk", not "hidden". The walk's shape: the values of plain
** tables (no metatable) down to depth 2, cards down to depth 3. Cards and the player are told
** from other values by their size and kind (arb_l_own_proxy), not by reading their metatables
** (~130 instructions a value: issue 28). The common question (nothing hidden) is decided here
** without a Lua call a value. */
#define HIDE_DEPTH 3
static int card_may_hide(const lproxy *c, const lproxy *viewer) {
  arb_card *card;
  const arb_zone *z;
  if (c->gone || !c->lg || !c->lg->g || c->lg != viewer->lg) return 1;
  card = arb_card_get(c->lg->g, c->id);
  z = card ? arb_zone_get(c->lg->g, card->zone) : NULL;
  if (!z) return 1;
  if (z->kind == ARB_LIBRARY) return 1;
  if (z->kind == ARB_HAND) return card->owner != viewer->id;
  return (z->kind == ARB_BATTLEFIELD || z->kind == ARB_STACK) && card->facedown;   /* 504 */
}

/* The value at idx, of type t (the caller read it). (*tables: set when a value of the table at
** idx, depth 0, is a table: looked at only when the walk went through all of them, i.e. when it
** answers 0.) A value neither a table nor a userdata is passed over without a call. */
static int may_hide(lua_State *L, int idx, int t, const lproxy *viewer, int depth, int *tables) {
  int key;
  if (t == LUA_TUSERDATA) {                 /* a card: told by its size and kind, no metatable read */
    const lproxy *c = arb_l_own_proxy(L, idx, 0);
    return c && card_may_hide(c, viewer);
  }
  if (t != LUA_TTABLE || depth >= HIDE_DEPTH) return 0;
  if (lua_getmetatable(L, idx)) { lua_pop(L, 1); return 0; }
  if (!lua_checkstack(L, 4)) return 1;
  lua_pushnil(L);
  key = lua_gettop(L);                      /* the key's slot; its value's is the next */
  while (lua_next(L, idx)) {
    int vt = lua_type(L, -1);
    if (depth == 0 && vt == LUA_TTABLE) *tables = 1;
    if ((vt == LUA_TTABLE || vt == LUA_TUSERDATA) && may_hide(L, key + 1, vt, viewer, depth + 1, tables)) {
      lua_pop(L, 2);                                /* the value, the key */
      return 1;
    }
    lua_pop(L, 1);                                  /* the value */
  }
  return 0;
}

/* core.may_hide(v, p) -> false, whether any of v's values is a table (the questions' snapshot
** of table options, ask.lua: no type() call per option for the common question); or true */
static int l_may_hide(lua_State *L) {
  const lproxy *viewer = arb_l_own_proxy(L, 2, 1);
  int tables = 0;
  lua_settop(L, 2);
  if (!viewer) { lua_pushboolean(L, 1); return 1; }   /* not a player: the walk */
  if (may_hide(L, 1, lua_type(L, 1), viewer, 0, &tables)) { lua_pushboolean(L, 1); return 1; }
  lua_pushboolean(L, 0);
  lua_pushboolean(L, tables);
  return 2;
}

/* core.env(g) -> the game's env table (for the Lua layer only). Upvalue 1: the
** game metatable. */
static int l_env(lua_State *L) {
  arb_l_checkgame(L, 1);
  arb_l_env(L, 1);
  return 1;
}

/* core.card_keys(t) -> the keys of t in card-id order when every key is a card
** (a declaration {[creature] = ...}), else nil. A card is told by its size and kind
** (arb_l_own_proxy), not by its metatable.
** Small tables only (the rest: nil, and the Lua layer sorts). */
#define FEW_KEYS 64
static int l_card_keys(lua_State *L) {
  int32_t ids[FEW_KEYS];
  int pos[FEW_KEYS], n = 0, i, j, base;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  if (!lua_checkstack(L, FEW_KEYS + 4)) return 0;
  base = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    const lproxy *p = arb_l_own_proxy(L, -2, 0);   /* a card: by its size and kind */
    if (!p || n == FEW_KEYS) return 0;
    lua_pop(L, 1);                                  /* the value */
    lua_pushvalue(L, -1);                           /* keep the key at base + n + 1 */
    lua_insert(L, base + n + 1);
    for (j = n++; j > 0 && ids[j - 1] > p->id; j--) { ids[j] = ids[j - 1]; pos[j] = pos[j - 1]; }
    ids[j] = p->id;
    pos[j] = base + n;                              /* stack slot of this key */
  }
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_pushvalue(L, pos[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static const luaL_Reg core_funcs[] = {
  {"is_ability", l_is_ability},
  {"new_game", arb_l_new_game}, {"game_methods", l_game_methods},
  {"_game_internal", l_game_internal},
  {"metatable", l_metatable}, {"_full_checks", arb_l_full_checks},
  {"_affects_rows", arb_l_affects_rows}, {"_full_chars", arb_l_full_chars}, {"count_pt", arb_l_count_pt}, {NULL, NULL}
};

/* The module's one export. A DLL built by MinGW exports every global function unless one is
** marked for export, and then only those: the core's own functions stay inside core.dll. */
#if defined(_WIN32)
#define ARB_MODULE_API __declspec(dllexport)
#elif defined(__GNUC__)
#define ARB_MODULE_API __attribute__((visibility("default")))   /* built -fvisibility=hidden */
#else
#define ARB_MODULE_API
#endif

ARB_MODULE_API int luaopen_arbiter_core(lua_State *L);
ARB_MODULE_API int luaopen_arbiter_core(lua_State *L) {
  arb_l_game_open(L);
  arb_l_move_open(L);
  arb_l_outcome_open(L);
  arb_l_effect_open(L);
  arb_l_action_open(L);
  arb_l_create_open(L);
  arb_l_card_open(L);
  arb_l_combat_open(L);
  arb_l_turn_open(L);
  arb_l_house_open(L);
  arb_l_mana_sources_open(L);
  arb_l_mana_available_open(L);
  arb_l_event_open(L);
  arb_l_driver_open(L);
  arb_l_stack_open(L);
  arb_l_cast_plain_open(L);
  arb_l_static_open(L);
  arb_l_prohibit_open(L);
  arb_l_targets_open(L);
  arb_l_observe_open(L);
  arb_l_permanent_open(L);
  arb_l_cardrules_open(L);
  arb_l_main_scan_open(L);
  arb_l_agent_random_open(L);
  luaL_newlib(L, core_funcs);
  luaL_getmetatable(L, GAME_MT);
  luaL_getmetatable(L, CARD_MT);
  luaL_getmetatable(L, PLAYER_MT);
  luaL_getmetatable(L, ZONE_MT);
  lua_pushliteral(L, "card");
  lua_pushliteral(L, "player");
  lua_pushliteral(L, "zone");
  lua_pushcclosure(L, l_kind, 7);
  lua_setfield(L, -2, "kind");
  lua_pushcfunction(L, l_may_hide);
  lua_setfield(L, -2, "may_hide");
  luaL_getmetatable(L, GAME_MT);
  lua_pushcclosure(L, l_env, 1);
  lua_setfield(L, -2, "env");
  lua_pushcfunction(L, l_card_keys);
  lua_setfield(L, -2, "card_keys");
  arb_l_memory_open(L);
  arb_l_sandbox_open(L);
  return 1;
}
