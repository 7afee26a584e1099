/*
** lgame.c — the Game class: creation, the metatable (fields, __gc) and
** arb_l_add_game_methods, through which every binding file registers its
** methods; g:card, g:random, g:clone, g:set_active, g:set_limits and the
** host-change serials. The other methods by concept: lmove.c (zones, draws),
** loutcome.c (damage, outcomes, settle), leffect.c (raw effects),
** laction.c (attempt, history, state hash).
*/
#include <stdlib.h>
#include <string.h>
#include "lbind.h"
#include "solver.h"

void arb_l_register(lua_State *L, int gidx, lgame *lg);

static const char *const zone_opts[] = {"library", "hand", "graveyard", "ante", "battlefield", "exile", NULL};

/* The zone kind named by the string at idx (argument argn), or an error
** that names the value: "unknown zone 'deck'". */
int arb_l_zonekind(lua_State *L, int idx, int argn) {
  const char *z = lua_type(L, idx) == LUA_TSTRING ? lua_tostring(L, idx) : NULL;
  int k;
  if (!z) {
    arb_l_describe(L, idx);
    return luaL_argerror(L, argn, lua_pushfstring(L, "zone name expected, got %s", lua_tostring(L, -1)));
  }
  for (k = 0; zone_opts[k]; k++)
    if (!strcmp(zone_opts[k], z)) return k;
  return luaL_argerror(L, argn, lua_pushfstring(L, "unknown zone '%s'", z));
}

/* ---- creation ---- */

static int game_gc(lua_State *L) {
  lgame *lg = luaL_checkudata(L, 1, GAME_MT);
  if (lg->g) arb_l_combat_free(lg);
  arb_l_scan_free(lg);
  if (lg->solver) arb_solver_free(lg->solver);
  lg->solver = NULL;
  if (lg->g) arb_game_free(lg->g);
  lg->g = NULL;
  if (lg->mem) arb_l_mem_trim(lg->mem);   /* a dropped game leaves no spare blocks behind */
  luaL_unref(L, LUA_REGISTRYINDEX, lg->priority_ref);
  lg->priority_ref = LUA_NOREF;
  return 0;
}

static const void *mt_of(lua_State *L, const char *name) {
  const void *p;
  luaL_getmetatable(L, name);
  p = lua_topointer(L, -1);
  lua_pop(L, 1);
  return p;
}

/* Pushes a game userdata that owns nothing yet (its __gc is harmless). The
** core game is made after it (adopt), so no error can leave a game unowned. Its proxy
** tables are made for ncards cards (by id + 1: the array part) and nobjs players and zones
** (a clone's are made the size of its original's: its proxies, all new, are made as it is
** played, and a table filled from empty rehashes at every power of two). like: the stack index
** of a game whose metatables it shares (a clone's original: read there, not from the registry
** by name, which interns the name), 0 for none. */
static lgame *push_empty(lua_State *L, int like, int ncards, int nobjs) {
  lgame *lg = arb_newudatan(L, sizeof(lgame), ARB_NUV - 1 + ARB_L_SEAT_UVS);
  arb_l_taggame(lg);
  lg->g = NULL;
  lg->L = L;
  lg->solver = NULL;
  lg->ccache = NULL;
  lg->scodes = NULL;
  lg->nscodes = 0;
  lg->mem = NULL;
  if (like) {
    const lgame *o = lua_touserdata(L, like);
    lg->card_mt = o->card_mt;
    lg->player_mt = o->player_mt;
    lg->zone_mt = o->zone_mt;
  } else {
    lg->card_mt = mt_of(L, CARD_MT);
    lg->player_mt = mt_of(L, PLAYER_MT);
    lg->zone_mt = mt_of(L, ZONE_MT);
  }
  lg->hostlog_top = 0;
  memset(lg->subs, 0, sizeof lg->subs);
  lg->installing = 0;
  lg->defs_shared = 0;
  lg->env_cow = 0;
  lg->qkept = 0;
  lg->qopen = 0;
  lg->qadded = 0;
  lg->env_size = 0;
  lg->priority_ref = LUA_NOREF;
  memset(lg->env_sub, 0, sizeof lg->env_sub);
  if (like) lua_getmetatable(L, like);
  else luaL_getmetatable(L, GAME_MT);
  lua_setmetatable(L, -2);
  lg->mem = arb_l_mem(L);
  lg->born = lg->mem->framed ? lg->mem->epoch : 0;   /* made by script code's call: its to use */
  lua_createtable(L, ncards, 0);
  arb_setuvn(L, -2, ARB_UV_CARDS);
  lua_createtable(L, 0, nobjs);
  arb_setuvn(L, -2, ARB_UV_OBJS);
  arb_l_pushnames(L);
  arb_setuvn(L, -2, ARB_UV_NAMES);
  return lg;
}

/* Gives the userdata on top its core game g (raises if g is NULL). */
static lgame *adopt(lua_State *L, lgame *lg, arb_game *g) {
  if (!g) luaL_error(L, "arbiter: not enough memory for a game");
  lg->g = g;
  arb_l_sethooks(L, lg);
  arb_l_register(L, -1, lg);
  return lg;
}

static void new_env(lua_State *L) {
  lua_createtable(L, 0, 8);
  lua_newtable(L); lua_setfield(L, -2, "refs");
  lua_newtable(L); lua_setfield(L, -2, "defs");
}

/* core.new_game(team_sizes, seed, life) -> game (the Lua layer names players) */
int arb_l_new_game(lua_State *L) {
  int sizes[64], n, i;
  lua_Integer seed = arb_l_intarg(L, 2, 2, "seed", LUA_MININTEGER, LUA_MAXINTEGER);
  lua_Integer life = arb_l_checkint(L, 3, 3, "life");
  arb_lmem *mem = arb_l_mem(L);
  lgame *lg;
  luaL_checktype(L, 1, LUA_TTABLE);
  n = (int)lua_rawlen(L, 1);
  luaL_argcheck(L, n >= 1 && n <= 64, 1, "1 to 64 teams");
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, 1, i + 1);
    sizes[i] = (int)arb_l_intarg(L, -1, 1, "a team's size", 1, 16);
    lua_pop(L, 1);
  }
  lg = push_empty(L, 0, 0, 0);
  adopt(L, lg, arb_game_new(arb_l_alloc, mem, (uint64_t)seed, sizes, n, (int)life));
  new_env(L);
  lua_getfield(L, -1, "refs");
  arb_setuvn(L, -3, ARB_UV_REFS);
  arb_setuv(L, -2);
  return 1;
}

/* g:random(n) -> integer in [1, n] from the game's seeded RNG */
static int g_random(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer n = 0;
  int isint = arb_l_tointeger(L, 2, &n);
  uint32_t r;
  if (!isint || n < 1 || n > 0x7fffffff) {
    arb_l_describe(L, 2);
    luaL_argerror(L, 2, lua_pushfstring(L, "bound must be an integer 1 to 2^31-1, got %s",
                                        lua_tostring(L, -1)));
  }
  if (arb_random(lg->g, (uint32_t)n, &r)) return arb_l_fail(L, lg, ARB_ENOMEM);
  lua_pushinteger(L, (lua_Integer)r + 1);
  return 1;
}

/* ---- clone, settings, host changes ---- */

/* The number of entries in the table at t (a copy is made that size: no rehash as it fills). */
static int count_entries(lua_State *L, int t) {
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) { n++; lua_pop(L, 1); }
  return n;
}

/* Pushes a copy of the table at t, one level deep, made for n entries (n < 0: counted first).
** Returns the entries copied. */
static int copy_table(lua_State *L, int t, int n) {
  int narr = (int)lua_rawlen(L, t), k = 0;
  if (n < 0) n = count_entries(L, t);
  lua_createtable(L, narr, n > narr ? n - narr : 0);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
    k++;
  }
  return k;
}

/* Copies the env's table at t, the ith copied (g:clone): sized by what the last copy of this
** env found at that place (lgame.env_sub, a hint: an env changed since only costs a rehash or
** some room), and records what it found, in the original and the copy. */
static void copy_env_table(lua_State *L, lgame *lg, lgame *nl, int i, int t) {
  int k = copy_table(L, t, i < ARB_L_ENV_HINTS && lg->env_sub[i] ? lg->env_sub[i] - 1 : -1);
  if (i < ARB_L_ENV_HINTS) lg->env_sub[i] = nl->env_sub[i] = (unsigned char)(k < 254 ? k + 1 : 255);
}

/* env.defs, the definitions by card id, is shared between a game and its clones (g:clone):
** it is written only as a card is made (its id's entry) and cleared by a rollback. A game
** about to make a card first makes its own copy, ids 0 to ncards - 1 (the env at env): what
** the other games read, ids below their own ncards, is never written in a shared table. */
void arb_l_own_defs(lua_State *L, lgame *lg, int env) {
  int id, n = arb_ncards(lg->g);
  if (!lg->defs_shared) return;
  lua_getfield(L, env, "defs");
  lua_createtable(L, n > 1 ? n - 1 : 0, 1);
  for (id = 0; id < n; id++) {
    lua_rawgeti(L, -2, id);
    lua_rawseti(L, -2, id);
  }
  lua_setfield(L, env, "defs");
  lua_pop(L, 1);
  lg->defs_shared = 0;
}

/* Whether the env key k (NULL: not a string) is name (the first letters tell most keys apart). */
static int is_key(const char *k, const char *name) {
  return k && k[0] == name[0] && strcmp(k, name) == 0;
}

/* The env tables g:clone shares instead of copying (a playout's clone wrote none of them; a
** copy of each cost ~1 K instructions and its garbage). copy_on_write: the game and its clone
** each copy the table before their first write (GI._env_own: set_agent, declare_event, their
** 422 undo), so a change to one never shows in the other. Otherwise the table is never written
** in place once the game is set up: players_ext, fields and house_rules are made by new_game
** (house rules are changed by replacing the list), byteam and apnap_orders are caches of the
** teams' seats, which a clone has as its original (draw.lua). Any other env table is copied. */
static const struct { const char *name; int copy_on_write; } env_shared[] = {
  {"agents", 1}, {"event_names", 1},
  {"players_ext", 0}, {"fields", 0}, {"house_rules", 0}, {"byteam", 0}, {"apnap_orders", 0},
};
#define ENV_SHARED ((int)(sizeof env_shared / sizeof env_shared[0]))

/* The index of the env key k in env_shared, -1 if it is not there. */
static int shared_key(const char *k) {
  int i;
  for (i = 0; k && i < ENV_SHARED; i++)
    if (is_key(k, env_shared[i].name)) return i;
  return -1;
}

/* GI._env_own(g, name) -> env[name] made this game's own first if it is shared with a clone
** (copied one level, as g:clone copied every env table): what a writer of a shared env
** table calls before writing. */
static int g_env_own(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int i = shared_key(luaL_checkstring(L, 2));
  lua_settop(L, 2);
  arb_l_env(L, 1);                           /* 3 */
  lua_pushvalue(L, 2);
  lua_rawget(L, 3);                          /* 4 */
  if (i >= 0 && (lg->env_cow & (1u << i))) {
    lg->env_cow &= ~(1u << i);
    if (lua_istable(L, 4)) {
      copy_table(L, 4, -1);
      lua_pushvalue(L, 2);
      lua_pushvalue(L, -2);
      lua_rawset(L, 3);
    }
  }
  return 1;
}

/* g:clone(): the env is copied one level deep (its tables copied, their values shared:
** scripts are shared, not copied), but for the tables in env_shared (shared; some copied when
** first written); stack objects' Lua values (objs) are the original's, the clone makes its
** own; err is shared; defs is shared until either game makes a card (arb_l_own_defs). */
static int g_clone(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1), *nl;
  int nobjs, nenv = 0, ntab = 0, sh;
  lua_settop(L, 1);
  ARB_L_CHARGE(L, lg, (lua_Integer)ARB_L_WORK_CLONE_CARD * arb_ncards(lg->g) +
                      (lua_Integer)ARB_L_WORK_CLONE_EVENT * arb_history_len(lg->g));
  arb_getuvn(L, 1, ARB_UV_OBJS);
  nobjs = count_entries(L, 2);
  lua_settop(L, 1);
  nl = push_empty(L, 1, arb_ncards(lg->g), nobjs);   /* 2: made before the copy, which it then owns */
  adopt(L, nl, arb_game_clone(lg->g));
  arb_l_env(L, 1);                         /* 3 */
  /* 4: sized by the entries the last copy of this env found (a hint: a wrong one only costs a
  ** rehash), so a game cloned again and again counts its env once */
  lua_createtable(L, 0, lg->env_size ? lg->env_size : count_entries(L, 3));
  lua_pushnil(L);
  while (lua_next(L, 3)) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
    if (is_key(k, "objs")) {
      lua_pop(L, 1);
      continue;
    }
    nenv++;
    if (is_key(k, "defs")) {                   /* shared, copied on write */
      lg->defs_shared = nl->defs_shared = 1;
      lua_pushvalue(L, -1);
    } else if (lua_istable(L, -1) && (sh = shared_key(k)) >= 0) {
      if (env_shared[sh].copy_on_write) {
        lg->env_cow |= 1u << sh;
        nl->env_cow |= 1u << sh;
      }
      lua_pushvalue(L, -1);
    } else if (lua_istable(L, -1) && !is_key(k, "err")) copy_env_table(L, lg, nl, ntab++, lua_gettop(L));
    else lua_pushvalue(L, -1);
    lua_replace(L, -2);
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, 4);
  }
  lg->env_size = nl->env_size = nenv;
  lua_getfield(L, 4, "refs");              /* the copy's records, its hooks' to read */
  arb_setuvn(L, 2, ARB_UV_REFS);
  arb_setuv(L, 2);
  lua_settop(L, 2);
  return 1;
}

static int g_set_active(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  if (arb_set_active(lg->g, p)) return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

/* g:set_limits{replacement_depth=, settle_rounds=} -> the old limits */
/* One field of g:set_limits{...}: an integer 1..max, or cur when absent. The
** message names set_limits itself (the Lua layer wraps this function). */
static lua_Integer limit_field(lua_State *L, const char *k, lua_Integer max, lua_Integer cur) {
  int isint = 1;
  if (lua_getfield(L, 2, k) != LUA_TNIL) isint = arb_l_tointeger(L, -1, &cur);
  if (!isint || cur < 1 || cur > max) {
    arb_l_describe(L, -1);
    luaL_error(L, "bad argument #1 to 'set_limits' (%s must be an integer 1 to %I, got %s)", k, max,
               lua_tostring(L, -1));
  }
  lua_pop(L, 1);
  return cur;
}

static int g_set_limits(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_limits *lim = arb_limits_of(lg->g);
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, lim->replacement_depth);
  lua_setfield(L, -2, "replacement_depth");
  lua_pushinteger(L, lim->settle_rounds);
  lua_setfield(L, -2, "settle_rounds");
  if (!lua_isnoneornil(L, 2)) {   /* both checked before either changes */
    lua_Integer depth, rounds;
    luaL_checktype(L, 2, LUA_TTABLE);
    depth = limit_field(L, "replacement_depth", 100000, lim->replacement_depth);
    rounds = limit_field(L, "settle_rounds", 100000000, lim->settle_rounds);
    if (arb_set_limits(lg->g, (int32_t)depth, (int32_t)rounds)) return arb_l_fail(L, lg, ARB_ENOMEM);
  }
  return 1;
}

/* g:_host_change() -> the serial a host-side setting change is filed under,
** or nil when no action is open (nothing can undo it: settings.c) */
static int g_host_change(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int32_t s;
  if (arb_host_change(lg->g, &s)) return arb_l_fail(L, lg, ARB_ENOMEM);
  if (s == 0) return 0;
  if (s > lg->hostlog_top) lg->hostlog_top = s;
  lua_pushinteger(L, s);
  return 1;
}

/* g:_state_triggers_on(): settles ask env.state_check from now on */
static int g_state_triggers_on(lua_State *L) {
  arb_state_triggers_on(arb_l_checkgame(L, 1)->g);
  return 0;
}

/* g:_host_serial() -> the count of host-side changes in force */
static int g_host_serial(lua_State *L) {
  lua_pushinteger(L, arb_host_serial(arb_l_checkgame(L, 1)->g));
  return 1;
}

/* g:_choice(): the Lua layer notes a real choice by a player (421.5) */
static int g_choice(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  if (arb_note_choice(lg->g)) return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

/* g:card(id) -> the card with that id in this game, or nil. Scripts that keep
** ids rather than card values work in a clone too (same ids, other values). */
static int g_card(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer id = arb_l_intarg(L, 2, 2, "id", LUA_MININTEGER, LUA_MAXINTEGER);
  if (id < 0 || id >= arb_ncards(lg->g)) return 0;
  arb_l_pushcard(L, 1, (int)id);
  return 1;
}

/* g:_active() and g:_step_name(): g.active_player and g.step as a method call
** from the Lua layer (Game._active(g): a C call, not the __index metamethod
** dispatched and matched by name: about half the instructions) */
static int g_active(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_pushplayer(L, 1, arb_active(lg->g));
  return 1;
}

static int g_step_name(lua_State *L) {
  int s = arb_current_step(arb_l_checkgame(L, 1)->g);
  if (s < 0) return 0;
  lua_pushstring(L, arb_step_name(s));
  return 1;
}

/* g:_turn(), g:_lost(p), g:_priority(), g:_stack_size(): g.turn, p.lost,
** g.priority and #g.stack, the same way */
static int g_priority(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_pushplayer(L, 1, arb_priority(lg->g));
  return 1;
}

static int g_stack_size(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushinteger(L, arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_STACK))->n);
  return 1;
}

/* GI._card_ts(g, card) -> its timestamp: changed by every zone change only (zone.c), so an
** equal one means the same object (217.1c) without reading the history */
static int g_card_ts(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushinteger(L, arb_card_get(lg->g, arb_l_checkcard(L, 2, lg))->ts);
  return 1;
}

/* GI._moved(g, card, from, at) -> whether card changed zones (from: out of that zone kind;
** nil: any) in the history after index at: what g:history(at + 1) and a loop over its events
** answered, without a table made per event (an installer's and a delayed trigger's check). */
static int g_moved(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int card = arb_l_checkcard(L, 2, lg), n = arb_history_len(lg->g), i;
  int from = lua_isnoneornil(L, 3) ? -1 : luaL_checkoption(L, 3, NULL, zone_opts);
  lua_Integer at = luaL_checkinteger(L, 4);
  ARB_L_CHARGE(L, lg, (lua_Integer)ARB_L_WORK_EVENT * (at < n ? n - (at < 0 ? 0 : at) : 0));
  arb_chars_depend(lg->g, ARB_DEP_HISTORY);
  for (i = at < 0 ? 0 : (int)(at < n ? at : n); i < n; i++) {
    const arb_event *e = arb_history_get(lg->g, i);
    if (e->type == ARB_EV_ZONE_CHANGE && e->card == card && (from < 0 || e->from == from)) break;
  }
  lua_pushboolean(L, i < n);
  return 1;
}

static int g_turn(lua_State *L) {
  lua_pushinteger(L, arb_turn(arb_l_checkgame(L, 1)->g));
  return 1;
}

static int g_lost(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushboolean(L, arb_player_get(lg->g, arb_l_checkplayer(L, 2, lg))->lost);
  return 1;
}

/* g:_set_seats(dir, range), g:_attackable(p, q), g:_in_range(p, q): influence.c */
static int g_set_seats(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  if (arb_set_seats(lg->g, (int)luaL_checkinteger(L, 2), (int)luaL_checkinteger(L, 3)))
    return luaL_error(L, "bad seat options");
  return 0;
}

/* g:_set_range(p, n), g:_set_side(p, side): set-up (new_game) */
static int g_set_range(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  if (arb_set_range(lg->g, arb_l_checkplayer(L, 2, lg), (int)luaL_checkinteger(L, 3)))
    return luaL_error(L, "bad range");
  return 0;
}

static int g_set_side(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  if (arb_set_side(lg->g, arb_l_checkplayer(L, 2, lg), (int)luaL_checkinteger(L, 3)))
    return luaL_error(L, "bad side");
  return 0;
}

static int g_attackable(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushboolean(L, arb_attackable(lg->g, arb_l_checkplayer(L, 2, lg), arb_l_checkplayer(L, 3, lg)));
  return 1;
}

/* g:_reach() -> mask, active: the players the active player may attack now (308, 601, 604:
** arb_attackable), bit i-1 for player index i, and the active player's index; nothing with
** more than REACH_MAX players. The Lua layer keeps one defenders list per (mask, active):
** one call instead of a walk of the APNAP order asking each player (issue 33). */
#define REACH_MAX 30
static int g_reach(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  const arb_game *g = lg->g;
  int act = arb_active(g), q, n = arb_nplayers(g);
  lua_Integer mask = 0;
  if (n > REACH_MAX || act < 0) return 0;
  for (q = 0; q < n; q++)
    if (arb_attackable(g, act, q)) mask |= (lua_Integer)1 << q;
  lua_pushinteger(L, mask);
  lua_pushinteger(L, (lua_Integer)act + 1);
  return 2;
}

static int g_in_range(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushboolean(L, arb_in_range(lg->g, arb_l_checkplayer(L, 2, lg), arb_l_checkplayer(L, 3, lg)));
  return 1;
}

static const luaL_Reg game_methods[] = {
  {"_set_seats", g_set_seats}, {"_attackable", g_attackable}, {"_reach", g_reach},
  {"_in_range", g_in_range},
  {"_set_range", g_set_range}, {"_set_side", g_set_side},
  {"card", g_card}, {"random", g_random}, {"clone", g_clone}, {"_env_own", g_env_own},
  {"_host_change", g_host_change}, {"_host_serial", g_host_serial},
  {"_state_triggers_on", g_state_triggers_on},
  {"set_active", g_set_active}, {"set_limits", g_set_limits},
  {"_choice", g_choice}, {"_active", g_active}, {"_step_name", g_step_name},
  {"_turn", g_turn}, {"_lost", g_lost}, {"_card_ts", g_card_ts}, {"_moved", g_moved}, {"_priority", g_priority}, {"_stack_size", g_stack_size},
  {NULL, NULL}
};

/* g.players: a fresh array each read (docs/API.md: callers may keep or change it) */
static void push_players(lua_State *L, lgame *lg) {
  int p, n = arb_nplayers(lg->g);
  lua_createtable(L, n, 0);
  for (p = 0; p < n; p++) { arb_l_pushplayer(L, 1, p); lua_rawseti(L, -2, p + 1); }
}

/* Pushes the core's field k and returns 1, or 0 when k is none of them. Told apart by the
** first letter, then one strcmp (not up to eight in a row: the engine reads active_player
** and step a dozen times a turn, scripts g.players, and the Lua layer's fields came last). */
static int core_field(lua_State *L, lgame *lg, const char *k) {
  arb_game *g = lg->g;
  int s;
  switch (k[0]) {
  case 'a': if (strcmp(k, "active_player")) return 0;
    arb_l_pushplayer(L, 1, arb_active(g)); return 1;
  case 's':
    if (!strcmp(k, "step")) {
      if ((s = arb_current_step(g)) < 0) lua_pushnil(L);
      else lua_pushstring(L, arb_step_name(s));
      return 1;
    }
    if (strcmp(k, "stack")) return 0;
    arb_l_pushzone(L, 1, arb_zone_id(g, -1, ARB_STACK)); return 1;
  case 't': if (strcmp(k, "turn")) return 0;
    lua_pushinteger(L, arb_turn(g)); return 1;
  case 'p':
    if (!strcmp(k, "players")) { push_players(L, lg); return 1; }
    if (strcmp(k, "priority")) return 0;
    arb_l_pushplayer(L, 1, arb_priority(g)); return 1;
  case 'b': if (strcmp(k, "battlefield")) return 0;
    arb_l_pushzone(L, 1, arb_zone_id(g, -1, ARB_BATTLEFIELD)); return 1;
  case 'e': if (strcmp(k, "exile")) return 0;
    arb_l_pushzone(L, 1, arb_zone_id(g, -1, ARB_EXILE)); return 1;
  default: return 0;
  }
}

static int game_index(lua_State *L) {
  lgame *lg;
  const char *k;
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
  lg = arb_l_checkgame(L, 1);     /* methods check the game themselves */
  k = lua_tostring(L, 2);
  if (!k) return 0;
  if (core_field(L, lg, k)) return 1;
  arb_l_env(L, 1);                /* Lua-layer fields live in env.fields */
  lua_getfield(L, -1, "fields");
  if (!lua_istable(L, -1)) return 0;
  lua_getfield(L, -1, k);
  return 1;
}

/* g.x = v: games change only through their methods. */
static int game_newindex(lua_State *L) {
  arb_l_checkgame(L, 1);
  if (lua_type(L, 2) == LUA_TSTRING) lua_pushfstring(L, "'%s'", lua_tostring(L, 2));
  else arb_l_describe(L, 2);
  arb_l_describe(L, 3);
  return luaL_error(L, "cannot set game field %s to %s: a game changes only through its methods",
                    lua_tostring(L, -2), lua_tostring(L, -1));
}

static int game_tostring(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushfstring(L, "arbiter game (%d players, turn %d)", arb_nplayers(lg->g), arb_turn(lg->g));
  return 1;
}

/* Adds C methods to Game (each binding file registers its own); the
** underscore names to the GAME_INTERNAL table, off the games. */
void arb_l_add_game_methods(lua_State *L, const luaL_Reg *fns) {
  luaL_getmetatable(L, GAME_MT);
  lua_getfield(L, -1, "methods");
  lua_getfield(L, LUA_REGISTRYINDEX, GAME_INTERNAL);
  for (; fns->name; fns++) {
    lua_pushvalue(L, -3);                  /* upvalue 1: the metatable */
    lua_pushcclosure(L, fns->func, 1);
    lua_setfield(L, fns->name[0] == '_' ? -2 : -3, fns->name);
  }
  lua_pop(L, 3);
}

int arb_l_game_open(lua_State *L) {
  luaL_newmetatable(L, GAME_MT);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, GAME_INTERNAL);
  lua_newtable(L);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "methods");          /* the Lua layer adds methods here */
  lua_pushvalue(L, -2);                    /* game_index: upvalue 1 the metatable, 2 methods */
  lua_insert(L, -2);
  lua_pushcclosure(L, game_index, 2);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, game_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, game_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pushcfunction(L, game_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pop(L, 1);
  arb_l_add_game_methods(L, game_methods);
  return 0;
}
