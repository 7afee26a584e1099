/*
** lcombat_solve.c — the combat solver faced to Lua: what the attack and
** block calls (lcombat_attack.c, lcombat_block.c) share. The core builds the problem
** from the board (combat.c); here the cards' Lua predicates (can_attack,
** can_block, can_be_blocked_by: pure functions, asked once per creature or
** pair per solve) and unpaid attack/block costs (500.2-500.3: such a
** creature can't attack/block and is exempt from requirements) are folded
** in, then the solver answers. Declarations come in normalized by the Lua
** layer: attacks {[card] = player}, blocks {[blocker] = {attacker...}}.
**
** The cache (500.4: "checking a proposal then is scoring it"): per game, the
** last folded attack and block problems with their maximum and witness,
** keyed by the core's change counter (arb_game_gen: every journaled change
** and every rollback bumps it), the set of unpaid costs and the node budget.
** A hit skips building, the Lua predicates and the solve. This is why the
** predicates must be pure functions of the game state.
*/
#include <limits.h>
#include <string.h>
#include "lcombat.h"

arb_solver *arb_lc_solver(lua_State *L, lgame *lg) {
  if (!lg->solver) {
    lg->solver = arb_solver_new(arb_l_alloc, lg->mem);
    if (!lg->solver) luaL_error(L, "arbiter: not enough memory for the solver");
  }
  return lg->solver;
}

void *arb_lc_cmem(struct arb_combat_cache *c, void *p, size_t o, size_t n) {
  return c->af(c->ud, p, o, n);
}

void arb_lc_adrop(lgame *lg, struct arb_combat_cache *c) {
  acache *a = &c->a;
  size_t n = (size_t)a->b.n;
  if (!a->valid) return;
  if (a->unpaid) arb_lc_cmem(c, a->unpaid, n + 1, 0);
  if (a->witness) arb_lc_cmem(c, a->witness, sizeof(int) * (n + 1), 0);
  arb_attack_build_free(lg->g, &a->b);
  memset(a, 0, sizeof *a);
}

void arb_lc_bdrop(lgame *lg, struct arb_combat_cache *c) {
  bcache *b = &c->b;
  size_t nb = (size_t)b->b.nb, sz = nb * (size_t)b->b.words;
  if (!b->valid) return;
  if (b->unpaid) arb_lc_cmem(c, b->unpaid, nb + 1, 0);
  if (b->witness) arb_lc_cmem(c, b->witness, sizeof(uint64_t) * (sz + 1), 0);
  arb_block_build_free(lg->g, &b->b);
  memset(b, 0, sizeof *b);
}

/* Called by the game's __gc before the game itself is freed. */
void arb_l_combat_free(lgame *lg) {
  struct arb_combat_cache *c = lg->ccache;
  if (!c) return;
  arb_lc_adrop(lg, c);
  arb_lc_bdrop(lg, c);
  arb_lc_cmem(c, c, sizeof *c, 0);
  lg->ccache = NULL;
}

struct arb_combat_cache *arb_lc_cache(lua_State *L, lgame *lg) {
  if (!lg->ccache) {
    struct arb_combat_cache *c = arb_l_alloc(lg->mem, NULL, 0, sizeof *c);
    if (!c) luaL_error(L, "arbiter: not enough memory for the combat cache");
    memset(c, 0, sizeof *c);
    c->af = arb_l_alloc;                   /* counted like the core (lmemory.c) */
    c->ud = lg->mem;
    lg->ccache = c;
  }
  return lg->ccache;
}

/* g:set_combat_budget(nodes): the solver's node budget for this game
** (nil or <= 0: the default); returns the budget in force before. */
static int g_set_combat_budget(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_solver *s = arb_lc_solver(L, lg);
  long old = arb_solver_budget(s);
  lua_Integer n = arb_l_optintarg(L, 2, "budget", LUA_MININTEGER, 1000000000000LL, 0);
  arb_solver_set_budget(s, (long)n);
  lua_pushinteger(L, old);
  return 1;
}

/* g:_gen() -> the core's change counter (every journaled change and every
** rollback bumps it): the Lua layer keys what it remembers of a solve by it */
static int g_gen(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushinteger(L, (lua_Integer)arb_game_gen(lg->g));
  return 1;
}

static int g_combat_budget(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushinteger(L, arb_solver_budget(arb_lc_solver(L, lg)));
  return 1;
}

/* The definitions read in one fold: env.defs pushed once (its index returned), then each
** card's definition by a raw index and its fields by name, without the env lookups and the
** game check of a read per field (issue 28: those were ~650 instructions a read). */
int arb_lc_defs(lua_State *L, int gidx) {
  arb_l_env(L, gidx);
  lua_getfield(L, -1, "defs");
  lua_remove(L, -2);
  return lua_gettop(L);
}

/* Pushes card id's definition (a copy's: the copied card's, 503; face down, the face-down
** 2/2's, which has no combat functions, 504.1: the card's own read, lcard.c) and returns 1
** when it is a table; else nothing pushed. */
int arb_lc_def(lua_State *L, int defs, arb_game *g, int id) {
  const arb_card *c = arb_card_get(g, id);
  if (!c) return 0;
  if (arb_l_pushdef(L, defs, g, c) == LUA_TTABLE) return 1;
  lua_pop(L, 1);
  return 0;
}

/* Whether def[field] (the definition at index def) is a function (nothing pushed). */
int arb_lc_field_is_fn(lua_State *L, int def, const char *field) {
  int r = lua_getfield(L, def, field) == LUA_TFUNCTION;
  lua_pop(L, 1);
  return r;
}

/* Whether card id's definition (defs at index defs) has a function f1 or f2 (nothing pushed). */
int arb_lc_def_asks(lua_State *L, int defs, arb_game *g, int id, const char *f1, const char *f2) {
  int asks;
  if (!arb_lc_def(L, defs, g, id)) return 0;
  asks = arb_lc_field_is_fn(L, -1, f1) || arb_lc_field_is_fn(L, -1, f2);
  lua_pop(L, 1);
  return asks;
}

/* Pushes def[field] (the definition at index def) if it is a function, in its budget's
** wrapper (a card script's), and returns 1; else nothing pushed. */
int arb_lc_field_fn(lua_State *L, lgame *lg, int def, const char *field) {
  if (lua_getfield(L, def, field) != LUA_TFUNCTION) { lua_pop(L, 1); return 0; }
  arb_l_guard(L, lg->mem, -1);
  return 1;
}

/* Pushes def[field] of card id (defs at index defs) if it is a function; returns 1 then. */
int arb_lc_defs_fn(lua_State *L, lgame *lg, int defs, int id, const char *field) {
  if (!arb_lc_def(L, defs, lg->g, id)) return 0;
  if (!arb_lc_field_fn(L, lg, lua_gettop(L), field)) { lua_pop(L, 1); return 0; }
  lua_remove(L, -2);
  return 1;
}

/* Pushes def[field] of card id if it is a function; returns 1 then (one read: its own defs). */
int arb_lc_def_fn(lua_State *L, int gidx, int id, const char *field) {
  int defs = arb_lc_defs(L, gidx), r = arb_lc_defs_fn(L, arb_l_checkgame(L, gidx), defs, id, field);
  lua_remove(L, defs);
  return r;
}

int arb_lc_granted(lua_State *L, int gidx, const char *field) {
  arb_l_env(L, gidx);
  lua_getfield(L, -1, field);
  lua_remove(L, -2);
  if (lua_isfunction(L, -1)) return 1;
  lua_pop(L, 1);
  return 0;
}

int arb_lc_granted_ok(lua_State *L, int a, int b, int is_player) {
  int ok;
  lua_pushvalue(L, -1);
  lua_pushvalue(L, 1);
  arb_l_pushcard(L, 1, a);
  if (is_player) arb_l_pushplayer(L, 1, b);
  else arb_l_pushcard(L, 1, b);
  lua_call(L, 3, 1);
  ok = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return ok;
}

/* Sets the function on the stack's top at [k] of the conditions' table at fidx (popped),
** the table made (narr array slots) at the first: fidx holds nil until then, so a call
** where no creature has a condition, the common case, makes none (issue 28). */
void arb_lc_fset(lua_State *L, int fidx, int k, int narr) {
  if (lua_type(L, fidx) != LUA_TTABLE) {
    lua_createtable(L, narr, 0);
    lua_replace(L, fidx);
  }
  lua_rawseti(L, fidx, k);
}

int arb_lc_in_set(lua_State *L, int set, int gidx, int id) {
  int r;
  if (!lua_istable(L, set)) return 0;
  arb_l_pushcard(L, gidx, id);
  lua_rawget(L, set);
  r = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return r;
}

void arb_lc_push_result(lua_State *L, const arb_solver_result *r) {
  static const char *const layers[] = {"none", "trivial", "separable", "flow", "branch", "budget"};
  lua_createtable(L, 0, 5);
  lua_pushboolean(L, r->status == ARB_SOLVER_OK);
  lua_setfield(L, -2, "exact");
  lua_pushinteger(L, (lua_Integer)r->max);
  lua_setfield(L, -2, "max");
  lua_pushinteger(L, (lua_Integer)r->lower);
  lua_setfield(L, -2, "lower");
  lua_pushinteger(L, (lua_Integer)r->upper);
  lua_setfield(L, -2, "upper");
  lua_pushstring(L, layers[r->layer <= ARB_LAYER_BUDGET ? r->layer : 0]);
  lua_setfield(L, -2, "layer");
  lua_pushinteger(L, r->nodes);
  lua_setfield(L, -2, "nodes");
}

static const char *const reason_names[] = {
  "none", "not_eligible", "capacity", "too_few_blockers", "too_many_blockers",
  "alone", "limit", "requirements", "unknown", "condition"
};

/* size: the creatures in the problem (the Lua layer sizes the example's search by it) */
void arb_lc_push_verdict(lua_State *L, const arb_solver_verdict *v, int gidx,
                         const int32_t *who, const int32_t *other_cards,
                         const int32_t *other_players, int size) {
  arb_lc_push_result(L, &v->result);
  lua_pushinteger(L, v->legal);
  lua_setfield(L, -2, "legal");
  lua_pushinteger(L, (lua_Integer)v->score);
  lua_setfield(L, -2, "score");
  lua_pushstring(L, reason_names[v->reason.code <= ARB_REASON_CONDITION ? v->reason.code : 0]);
  lua_setfield(L, -2, "reason");
  if (v->reason.creature >= 0) {
    arb_l_pushcard(L, gidx, who[v->reason.creature]);
    lua_setfield(L, -2, "creature");
  }
  if (v->reason.other >= 0) {
    if (other_cards) arb_l_pushcard(L, gidx, other_cards[v->reason.other]);
    else arb_l_pushplayer(L, gidx, other_players[v->reason.other]);
    lua_setfield(L, -2, "other");
  }
  lua_pushinteger(L, v->reason.count);
  lua_setfield(L, -2, "count");
  lua_pushinteger(L, v->reason.bound);
  lua_setfield(L, -2, "bound");
  lua_pushinteger(L, size);
  lua_setfield(L, -2, "size");
}


const char *const arb_lc_modes[] = {"check", "max", "legal", "nearest", NULL};

/* check and max push one result; legal pushes two; nearest three (the
** declaration, its changes, and whether it is proved legal: exact search) */
int arb_lc_results(lua_State *L, int rc, int mode) {
  if (rc < 0) return luaL_error(L, "arbiter: solver failed (%d: %s)", rc,
                                rc == ARB_SOLVER_ENOMEM ? "not enough memory" : "invalid problem");
  if (mode == 3) { lua_pushboolean(L, rc == ARB_SOLVER_OK); return 3; }
  return mode >= 2 ? 2 : 1;
}

/* (no script's budget is charged outside its calls: the fast path spends what the solver's
** search would have, nothing) */
int arb_lc_plain_nearest(lua_State *L, const lgame *lg) {
  const char *mode = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
  int n = 0;
  if (!mode || strcmp(mode, "nearest") != 0 || lg->mem->framed) return -1;
  if (lua_type(L, 3) != LUA_TTABLE || !lua_isnoneornil(L, 4) || !lua_isnoneornil(L, 5)) return -1;
  lua_pushnil(L);
  while (lua_next(L, 3)) { lua_pop(L, 1); n++; }
  return n;
}

/* Runs body under pcall with the 5 arguments and x's udata (6): it stays on the caller's
** stack as well, so it lives until the caller is done. body is pushed without upvalues (no
** closure made a call: it read x from an upvalue before, issue 28). */
int arb_lc_run_body(lua_State *L, lua_CFunction body) {
  int i;
  lua_pushcfunction(L, body);
  for (i = 1; i <= 6; i++) lua_pushvalue(L, i);
  return lua_pcall(L, 6, LUA_MULTRET, 0);
}

/* A call's buffers (its declarations, the unpaid flags): n bytes from the core's allocator,
** whose freed blocks are kept for the next request of their size (lmemory.c), where a
** userdata a call was made and collected (issue 28). Freed by the call when it is done, or by
** its context's __gc when an error strands them; *nbytes: their size for the free. */
void *arb_lc_buffers(lua_State *L, lgame *lg, size_t *nbytes, size_t n) {
  void *p = arb_l_alloc(lg->mem, NULL, 0, n);
  if (!p) luaL_error(L, "arbiter: not enough memory");
  *nbytes = n;
  return p;
}

void arb_lc_buffers_free(lgame *lg, void **p, size_t nbytes) {
  if (*p) arb_l_alloc(lg->mem, *p, nbytes, 0);
  *p = NULL;
}

void arb_lc_meter(lua_State *L, lgame *lg) {
  lua_Integer left = arb_l_allowance(L, lg), nodes = left / ARB_L_WORK_NODE + 1;
  arb_solver_set_ceiling(arb_lc_solver(L, lg), left < 0 ? 0 : nodes < LONG_MAX ? (long)nodes : LONG_MAX);
}

long arb_lc_unmeter(lua_State *L, lgame *lg, int *status) {
  arb_solver *s = arb_lc_solver(L, lg);
  long nodes = arb_solver_stopped(s) ? -1 : arb_solver_spent(s);
  arb_solver_set_ceiling(s, 0);
  if (nodes < 0 && *status == LUA_OK) *status = LUA_ERRRUN;
  return nodes;
}

void arb_lc_pay(lua_State *L, lgame *lg, long nodes) {
  ARB_L_CHARGE(L, lg, nodes < 0 ? LUA_MAXINTEGER : (lua_Integer)ARB_L_WORK_NODE * nodes);
}

static const luaL_Reg solve_methods[] = {
  {"set_combat_budget", g_set_combat_budget}, {"_gen", g_gen},
  {"combat_budget", g_combat_budget}, {NULL, NULL}
};

void arb_lc_solve_open(lua_State *L) { arb_l_add_game_methods(L, solve_methods); }
