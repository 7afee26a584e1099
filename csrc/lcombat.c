/*
** lcombat.c — the combat solver faced to Lua. The core builds the problem
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
#include <string.h>
#include "lbind.h"
#include "combat.h"
#include "solver.h"

static arb_solver *solver_of(lua_State *L, lgame *lg) {
  if (!lg->solver) {
    lg->solver = arb_solver_new(arb_l_alloc, lg->mem);
    if (!lg->solver) luaL_error(L, "arbiter: not enough memory for the solver");
  }
  return lg->solver;
}

/* ---- the cache ---- */

typedef struct acache {
  int valid, solved;
  uint64_t gen;
  long budget;
  arb_attack_build b;
  unsigned char *unpaid;  /* per candidate */
  int *witness;
  arb_solver_result r;
} acache;

typedef struct bcache {
  int valid, solved;
  uint64_t gen;
  long budget;
  arb_block_build b;
  unsigned char *unpaid;  /* per potential blocker */
  uint64_t *witness;
  arb_solver_result r;
} bcache;

struct arb_combat_cache {
  lua_Alloc af;
  void *ud;
  acache a;
  bcache b;
};

static void *cmem(struct arb_combat_cache *c, void *p, size_t o, size_t n) {
  return c->af(c->ud, p, o, n);
}

static void acache_drop(lgame *lg, struct arb_combat_cache *c) {
  acache *a = &c->a;
  size_t n = (size_t)a->b.n;
  if (!a->valid) return;
  if (a->unpaid) cmem(c, a->unpaid, n + 1, 0);
  if (a->witness) cmem(c, a->witness, sizeof(int) * (n + 1), 0);
  arb_attack_build_free(lg->g, &a->b);
  memset(a, 0, sizeof *a);
}

static void bcache_drop(lgame *lg, struct arb_combat_cache *c) {
  bcache *b = &c->b;
  size_t nb = (size_t)b->b.nb, sz = nb * (size_t)b->b.words;
  if (!b->valid) return;
  if (b->unpaid) cmem(c, b->unpaid, nb + 1, 0);
  if (b->witness) cmem(c, b->witness, sizeof(uint64_t) * (sz + 1), 0);
  arb_block_build_free(lg->g, &b->b);
  memset(b, 0, sizeof *b);
}

/* Called by the game's __gc before the game itself is freed. */
void arb_l_combat_free(lgame *lg) {
  struct arb_combat_cache *c = lg->ccache;
  if (!c) return;
  acache_drop(lg, c);
  bcache_drop(lg, c);
  cmem(c, c, sizeof *c, 0);
  lg->ccache = NULL;
}

static struct arb_combat_cache *cache_of(lua_State *L, lgame *lg) {
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
  arb_solver *s = solver_of(L, lg);
  long old = arb_solver_budget(s);
  lua_Integer n = luaL_optinteger(L, 2, 0);
  luaL_argcheck(L, n <= 1000000000000LL, 2, "budget too large");
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
  lua_pushinteger(L, arb_solver_budget(solver_of(L, lg)));
  return 1;
}

/* Pushes def[field] of card id if it is a function; returns 1 then. */
static int def_fn(lua_State *L, int gidx, int id, const char *field) {
  arb_l_env(L, gidx);
  lua_getfield(L, -1, "defs");
  lua_rawgeti(L, -1, id);
  if (!lua_istable(L, -1)) { lua_pop(L, 3); return 0; }
  lua_getfield(L, -1, field);
  lua_replace(L, -4);
  lua_pop(L, 2);
  if (lua_isfunction(L, -1)) { arb_l_guard(L, arb_l_mem(L), -1); return 1; }
  lua_pop(L, 1);
  return 0;
}

/* Whether def[field] of card id is a function (nothing pushed). */
static int has_def_fn(lua_State *L, int gidx, int id, const char *field) {
  int top = lua_gettop(L), r = 0;
  arb_l_env(L, gidx);
  lua_getfield(L, -1, "defs");
  lua_rawgeti(L, -1, id);
  if (lua_istable(L, -1)) { lua_getfield(L, -1, field); r = lua_isfunction(L, -1); }
  lua_settop(L, top);
  return r;
}

static int in_set(lua_State *L, int set, int gidx, int id) {
  int r;
  if (!lua_istable(L, set)) return 0;
  arb_l_pushcard(L, gidx, id);
  lua_rawget(L, set);
  r = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return r;
}

/* ---- attacks: g:_attack(mode, decl, unpaid, limit) ----
** limit: "legal" visits at most that many declarations; "nearest" searches
** at most that many nodes (0: the game's budget). */

#define ACTX_MT "arbiter.AttackCall"
#define BCTX_MT "arbiter.BlockCall"

typedef struct attack_ctx {
  lgame *lg;
  arb_attack_build b;   /* the cache's (hit, read only) or a fresh build */
  int *decl;            /* proposal, output, witness */
  unsigned char *unpaid;
  int hit, solved;
  arb_solver_result r;
} attack_ctx;

static void fold_attack(lua_State *L, attack_ctx *x, int unpaid) {
  int i, d;
  for (i = 0; i < x->b.n; i++) {
    int id = x->b.cards[i];
    if (in_set(L, unpaid, 1, id)) { x->b.can_attack[i] = 0; x->b.exempt[i] = 1; continue; }
    if (!x->b.can_attack[i] || !def_fn(L, 1, id, "can_attack")) continue;
    for (d = 0; d < x->b.ndef; d++) {
      lua_pushvalue(L, -1);
      arb_l_pushcard(L, 1, id);
      lua_pushvalue(L, 1);
      arb_l_pushplayer(L, 1, x->b.defenders[d]);
      lua_call(L, 3, 1);
      if (!lua_toboolean(L, -1)) x->b.can_attack[i] &= ~(1ULL << d);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

static int defender_index(attack_ctx *x, int player) {
  int d;
  for (d = 0; d < x->b.ndef; d++)
    if (x->b.defenders[d] == player) return d;
  return -2;
}

/* decl table {[card] = player} -> per candidate defender index or -1;
** a card that isn't a candidate is reported by the Lua layer first. */
static void read_attack(lua_State *L, attack_ctx *x, int t) {
  int i;
  for (i = 0; i < x->b.n; i++) {
    x->decl[i] = -1;
    arb_l_pushcard(L, 1, x->b.cards[i]);
    if (lua_rawget(L, t) == LUA_TUSERDATA) {
      int p = ((lproxy *)lua_touserdata(L, -1))->id, d = defender_index(x, p);
      x->decl[i] = d >= 0 ? d : -1;
    }
    lua_pop(L, 1);
  }
}

static void push_attack(lua_State *L, attack_ctx *x, const int *decl) {
  int i;
  lua_newtable(L);
  for (i = 0; i < x->b.n; i++)
    if (decl[i] >= 0) {
      arb_l_pushcard(L, 1, x->b.cards[i]);
      arb_l_pushplayer(L, 1, x->b.defenders[decl[i]]);
      lua_rawset(L, -3);
    }
}

static void push_result(lua_State *L, const arb_solver_result *r) {
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
static void push_verdict(lua_State *L, const arb_solver_verdict *v, int gidx,
                         const int32_t *who, const int32_t *other_cards,
                         const int32_t *other_players, int size) {
  push_result(L, &v->result);
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

typedef struct visit_ctx { lua_State *L; attack_ctx *a; void *b; int n; } visit_ctx;

static int visit_attack(void *ud, const int *decl) {
  visit_ctx *v = ud;
  push_attack(v->L, v->a, decl);
  lua_rawseti(v->L, -2, ++v->n);
  return 0;
}

static const char *const modes[] = {"check", "max", "legal", "nearest", NULL};

/* check and max push one result; legal pushes two; nearest three (the
** declaration, its changes, and whether it is proved legal: exact search) */
static int solver_results(lua_State *L, int rc, int mode) {
  if (rc < 0) return luaL_error(L, "arbiter: solver failed (%d: %s)", rc,
                                rc == ARB_SOLVER_ENOMEM ? "not enough memory" : "invalid problem");
  if (mode == 3) { lua_pushboolean(L, rc == ARB_SOLVER_OK); return 3; }
  return mode >= 2 ? 2 : 1;
}

static int attack_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  attack_ctx *x = lua_touserdata(L, lua_upvalueindex(1));
  int mode = luaL_checkoption(L, 2, NULL, modes), rc = 0, *wit = x->decl + 2 * (size_t)x->b.n;
  long limit = (long)luaL_optinteger(L, 5, 0), count = 0;
  arb_solver *s = solver_of(L, lg);
  if (!x->hit) fold_attack(L, x, 4);
  if (mode <= 1 && !x->solved) {
    rc = arb_attack_solve(s, &x->b.prob, &x->r, wit);
    if (rc < 0) return solver_results(L, rc, mode);
    x->solved = 1;
  }
  if (mode == 0) {
    arb_solver_verdict v;
    read_attack(L, x, 3);
    rc = arb_attack_judge(&x->b.prob, x->decl, &x->r, &v);
    if (rc >= 0) push_verdict(L, &v, 1, x->b.cards, NULL, x->b.defenders, x->b.n);
  } else if (mode == 1) {
    push_result(L, &x->r);
    push_attack(L, x, wit);
    lua_setfield(L, -2, "witness");
  } else if (mode == 2) {
    visit_ctx v;
    v.L = L; v.a = x; v.n = 0;
    lua_newtable(L);
    rc = arb_attack_enumerate(s, &x->b.prob, limit, visit_attack, &v, &count);
    lua_pushboolean(L, rc == ARB_SOLVER_OK);
  } else {
    int changes = 0, *out = x->decl + x->b.n;
    read_attack(L, x, 3);
    rc = arb_attack_nearest_within(s, &x->b.prob, x->decl, out, &changes, limit);
    if (rc >= 0) push_attack(L, x, out);
    lua_pushinteger(L, changes);
  }
  return solver_results(L, rc, mode);
}

/* Unpaid flags of the candidates (arg 4 is the unpaid set). */
static void attack_unpaid(lua_State *L, const arb_attack_build *b, unsigned char *u) {
  int i;
  for (i = 0; i < b->n; i++) u[i] = (unsigned char)in_set(L, 4, 1, b->cards[i]);
}

static int attack_hit(lua_State *L, lgame *lg, const acache *c) {
  int i;
  if (!c->valid || c->gen != arb_game_gen(lg->g) ||
      c->budget != arb_solver_budget(solver_of(L, lg))) return 0;
  for (i = 0; i < c->b.n; i++)
    if (c->unpaid[i] != (unsigned char)in_set(L, 4, 1, c->b.cards[i])) return 0;
  return 1;
}

/* After a successful call on a fresh build: it becomes the cache entry. */
static void attack_keep(lua_State *L, lgame *lg, attack_ctx *x, uint64_t gen) {
  struct arb_combat_cache *c = cache_of(L, lg);
  size_t n = (size_t)x->b.n;
  acache_drop(lg, c);
  c->a.b = x->b;
  memset(&x->b, 0, sizeof x->b);
  c->a.valid = 1;
  c->a.gen = gen;
  c->a.budget = arb_solver_budget(solver_of(L, lg));
  c->a.unpaid = cmem(c, NULL, 0, n + 1);
  c->a.witness = cmem(c, NULL, 0, sizeof(int) * (n + 1));
  if (!c->a.unpaid || !c->a.witness) { acache_drop(lg, c); return; }
  memcpy(c->a.unpaid, x->unpaid, n);
  memcpy(c->a.witness, x->decl + 2 * n, sizeof(int) * n);
  c->a.solved = x->solved;
  c->a.r = x->r;
}

/* Runs body(x) under pcall with the 5 arguments; x's udata (6) and its
** buffers (7) stay on the stack so they live until the caller is done. */
static int run_body(lua_State *L, lua_CFunction body) {
  int i;
  lua_pushvalue(L, 6);
  lua_pushvalue(L, 7);
  lua_pushcclosure(L, body, 2);
  for (i = 1; i <= 5; i++) lua_pushvalue(L, i);
  return lua_pcall(L, 5, LUA_MULTRET, 0);
}

static int g_attack(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  struct arb_combat_cache *c = cache_of(L, lg);
  uint64_t gen;
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* the layers' abilities (lstatic.c) */
  gen = arb_game_gen(lg->g);
  attack_ctx *x;
  int status;
  size_t n;
  lua_settop(L, 5);
  x = arb_newudata(L, sizeof *x);                    /* 6 */
  memset(x, 0, sizeof *x);
  x->lg = lg;
  luaL_setmetatable(L, ACTX_MT);          /* frees a fresh build if an error strands it */
  x->hit = attack_hit(L, lg, &c->a);
  if (x->hit) x->b = c->a.b;
  else if (arb_attack_build_new(lg->g, &x->b)) return luaL_error(L, "arbiter: not enough memory");
  n = (size_t)x->b.n;
  x->decl = arb_newudata(L, sizeof(int) * (3 * n + 1) + n + 1);   /* 7 */
  x->unpaid = (unsigned char *)(x->decl + 3 * n + 1);
  if (x->hit) {
    x->solved = c->a.solved;
    x->r = c->a.r;
    memcpy(x->decl + 2 * n, c->a.witness, sizeof(int) * n);
  } else attack_unpaid(L, &x->b, x->unpaid);
  status = run_body(L, attack_body);
  if (x->hit) {
    if (status == LUA_OK && x->solved && !c->a.solved) {
      c->a.solved = 1;
      c->a.r = x->r;
      memcpy(c->a.witness, x->decl + 2 * n, sizeof(int) * n);
    }
  } else if (status == LUA_OK && arb_game_gen(lg->g) == gen) attack_keep(L, lg, x, gen);
  else arb_attack_build_free(lg->g, &x->b);
  if (status != LUA_OK) return lua_error(L);
  return lua_gettop(L) - 7;
}

/* ---- blocks: g:_block(mode, decl, unpaid, limit) ---- */

typedef struct block_ctx {
  lgame *lg;
  arb_block_build b;   /* the cache's (hit, read only) or a fresh build */
  uint64_t *decl;      /* 3 declarations: proposal, output, witness */
  unsigned char *unpaid;
  int hit, solved;
  arb_solver_result r;
  lua_State *L;        /* for the conditions: the body's state */
  int fidx;            /* stack index of the conditions' functions (by blocker) */
} block_ctx;

static uint64_t *row(block_ctx *x, uint64_t *d, int j) {
  return d + (size_t)j * (size_t)x->b.words;
}

static int blocker_pred(lua_State *L, int fn_card, int arg_card) {
  int ok;
  lua_pushvalue(L, -1);
  arb_l_pushcard(L, 1, fn_card);
  lua_pushvalue(L, 1);
  arb_l_pushcard(L, 1, arg_card);
  lua_call(L, 3, 1);
  ok = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return ok;
}

static void fold_block(lua_State *L, block_ctx *x, int unpaid) {
  int i, j;
  for (j = 0; j < x->b.nb; j++) {
    int id = x->b.blockers[j];
    uint64_t *r = row(x, x->b.eligible, j);
    if (in_set(L, unpaid, 1, id)) {
      memset(r, 0, sizeof(uint64_t) * (size_t)x->b.words);
      x->b.capacity[j] = 0;
      x->b.exempt[j] = 1;
      continue;
    }
    x->b.cond[j] = (unsigned char)has_def_fn(L, 1, id, "block_condition");
    if (!def_fn(L, 1, id, "can_block")) continue;
    for (i = 0; i < x->b.na; i++)
      if ((r[i / 64] >> (i % 64) & 1) && !blocker_pred(L, id, x->b.attackers[i]))
        r[i / 64] &= ~(1ULL << (i % 64));
    lua_pop(L, 1);
  }
  for (i = 0; i < x->b.na; i++) {
    int id = x->b.attackers[i];
    if (!def_fn(L, 1, id, "can_be_blocked_by")) continue;
    for (j = 0; j < x->b.nb; j++) {
      uint64_t *r = row(x, x->b.eligible, j);
      if ((r[i / 64] >> (i % 64) & 1) && !blocker_pred(L, id, x->b.blockers[j]))
        r[i / 64] &= ~(1ULL << (i % 64));
    }
    lua_pop(L, 1);
  }
}

static int attacker_index(block_ctx *x, int card) {
  int i;
  for (i = 0; i < x->b.na; i++)
    if (x->b.attackers[i] == card) return i;
  return -1;
}

/* decl {[blocker] = {attacker...}}; unknown cards were rejected in Lua. */
static void read_block(lua_State *L, block_ctx *x, int t, uint64_t *d) {
  int j, k, n;
  memset(d, 0, sizeof(uint64_t) * (size_t)x->b.nb * (size_t)x->b.words);
  for (j = 0; j < x->b.nb; j++) {
    arb_l_pushcard(L, 1, x->b.blockers[j]);
    if (lua_rawget(L, t) == LUA_TTABLE) {
      n = (int)lua_rawlen(L, -1);
      for (k = 1; k <= n; k++) {
        int i;
        lua_rawgeti(L, -1, k);
        i = lua_isuserdata(L, -1) ? attacker_index(x, ((lproxy *)lua_touserdata(L, -1))->id) : -1;
        if (i >= 0) row(x, d, j)[i / 64] |= 1ULL << (i % 64);
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
  }
}

static void push_block(lua_State *L, block_ctx *x, const uint64_t *d) {
  int i, j;
  lua_newtable(L);
  for (j = 0; j < x->b.nb; j++) {
    const uint64_t *r = d + (size_t)j * (size_t)x->b.words;
    int n = 0;
    for (i = 0; i < x->b.na; i++) {
      if (!(r[i / 64] >> (i % 64) & 1)) continue;
      if (n == 0) { arb_l_pushcard(L, 1, x->b.blockers[j]); lua_newtable(L); }
      arb_l_pushcard(L, 1, x->b.attackers[i]);
      lua_rawseti(L, -2, ++n);
    }
    if (n) lua_rawset(L, -3);
  }
}

/* The declaration-wide conditions (500.1 "can't block unless ..."): a
** definition's block_condition(self, g, blocks) is asked with the whole
** declaration ({[blocker] = {attacker...}}) whenever self blocks in it. A
** condition's error stops the solve: it is kept at fidx + 1 and raised. */
static int block_condition(void *ud, const uint64_t *decl, int *who) {
  block_ctx *x = ud;
  lua_State *L = x->L;
  int j, ok = 1;
  if (!lua_checkstack(L, 8)) return -1;
  push_block(L, x, decl);
  for (j = 0; j < x->b.nb && ok; j++) {
    const uint64_t *r = decl + (size_t)j * (size_t)x->b.words;
    int w, blocks = 0;
    for (w = 0; w < x->b.words; w++) blocks |= r[w] != 0;
    if (!x->b.cond[j] || !blocks) continue;
    lua_rawgeti(L, x->fidx, j + 1);
    arb_l_pushcard(L, 1, x->b.blockers[j]);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -4);
    if (lua_pcall(L, 3, 1, 0) != LUA_OK) {
      lua_replace(L, x->fidx + 1);
      lua_pop(L, 1);
      return -1;
    }
    ok = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (!ok) *who = j;
  }
  lua_pop(L, 1);
  return ok;
}

/* Pushes the conditions' functions (fidx) and an error slot (fidx + 1); the
** problem asks them only when some candidate has one. */
static void setup_conditions(lua_State *L, block_ctx *x) {
  int j, any = 0;
  lua_createtable(L, x->b.nb, 0);
  x->fidx = lua_gettop(L);
  lua_pushnil(L);
  for (j = 0; j < x->b.nb; j++) {
    if (!x->b.cond[j]) continue;
    if (!def_fn(L, 1, x->b.blockers[j], "block_condition")) { x->b.cond[j] = 0; continue; }
    lua_rawseti(L, x->fidx, j + 1);
    any = 1;
  }
  x->L = L;
  x->b.prob.conditioned = any ? x->b.cond : NULL;
  x->b.prob.condition = any ? block_condition : NULL;
  x->b.prob.condition_ud = any ? x : NULL;
}

typedef struct bvisit { lua_State *L; block_ctx *x; int n; } bvisit;

static int visit_block(void *ud, const uint64_t *decl) {
  bvisit *v = ud;
  push_block(v->L, v->x, decl);
  lua_rawseti(v->L, -2, ++v->n);
  return 0;
}

/* A condition's error (kept by block_condition) is raised as it was. */
static int block_results(lua_State *L, block_ctx *x, int rc, int mode) {
  if (rc == ARB_SOLVER_ECALLBACK) { lua_pushvalue(L, x->fidx + 1); return lua_error(L); }
  return solver_results(L, rc, mode);
}

static int block_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  block_ctx *x = lua_touserdata(L, lua_upvalueindex(1));
  int mode = luaL_checkoption(L, 2, NULL, modes), rc = 0;
  long limit = (long)luaL_optinteger(L, 5, 0), count = 0;
  size_t sz = (size_t)x->b.nb * (size_t)x->b.words;
  uint64_t *wit = x->decl + 2 * sz;
  arb_solver *s = solver_of(L, lg);
  if (!x->hit) fold_block(L, x, 4);
  setup_conditions(L, x);
  if (mode <= 1 && !x->solved) {
    rc = arb_block_solve(s, &x->b.prob, &x->r, wit);
    if (rc < 0) return block_results(L, x, rc, mode);
    x->solved = 1;
  }
  if (mode == 0) {
    arb_solver_verdict v;
    read_block(L, x, 3, x->decl);
    rc = arb_block_judge(s, &x->b.prob, x->decl, &x->r, &v);
    if (rc >= 0) push_verdict(L, &v, 1, x->b.blockers, x->b.attackers, NULL, x->b.na + x->b.nb);
  } else if (mode == 1) {
    push_result(L, &x->r);
    push_block(L, x, wit);
    lua_setfield(L, -2, "witness");
  } else if (mode == 2) {
    bvisit v;
    v.L = L; v.x = x; v.n = 0;
    lua_newtable(L);
    rc = arb_block_enumerate_known(s, &x->b.prob, x->solved ? &x->r : NULL, x->solved ? wit : NULL,
                                   limit, visit_block, &v, &count);
    lua_pushboolean(L, rc == ARB_SOLVER_OK);
  } else {
    int changes = 0;
    read_block(L, x, 3, x->decl);
    rc = arb_block_nearest_within(s, &x->b.prob, x->solved ? &x->r : NULL, x->solved ? wit : NULL,
                                  x->decl, x->decl + sz, &changes, limit);
    if (rc >= 0) push_block(L, x, x->decl + sz);
    lua_pushinteger(L, changes);
  }
  return block_results(L, x, rc, mode);
}

static void block_unpaid(lua_State *L, const arb_block_build *b, unsigned char *u) {
  int j;
  for (j = 0; j < b->nb; j++) u[j] = (unsigned char)in_set(L, 4, 1, b->blockers[j]);
}

static int block_hit(lua_State *L, lgame *lg, const bcache *c) {
  int j;
  if (!c->valid || c->gen != arb_game_gen(lg->g) ||
      c->budget != arb_solver_budget(solver_of(L, lg))) return 0;
  for (j = 0; j < c->b.nb; j++)
    if (c->unpaid[j] != (unsigned char)in_set(L, 4, 1, c->b.blockers[j])) return 0;
  return 1;
}

static void block_keep(lua_State *L, lgame *lg, block_ctx *x, uint64_t gen) {
  struct arb_combat_cache *c = cache_of(L, lg);
  size_t nb = (size_t)x->b.nb, sz = nb * (size_t)x->b.words;
  bcache_drop(lg, c);
  c->b.b = x->b;
  memset(&x->b, 0, sizeof x->b);
  c->b.valid = 1;
  c->b.gen = gen;
  c->b.budget = arb_solver_budget(solver_of(L, lg));
  c->b.unpaid = cmem(c, NULL, 0, nb + 1);
  c->b.witness = cmem(c, NULL, 0, sizeof(uint64_t) * (sz + 1));
  if (!c->b.unpaid || !c->b.witness) { bcache_drop(lg, c); return; }
  memcpy(c->b.unpaid, x->unpaid, nb);
  memcpy(c->b.witness, x->decl + 2 * sz, sizeof(uint64_t) * sz);
  c->b.solved = x->solved;
  c->b.r = x->r;
}

static int g_block(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  struct arb_combat_cache *c = cache_of(L, lg);
  uint64_t gen;
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* the layers' abilities (lstatic.c) */
  gen = arb_game_gen(lg->g);
  block_ctx *x;
  int status;
  size_t sz;
  lua_settop(L, 5);
  x = arb_newudata(L, sizeof *x);                    /* 6 */
  memset(x, 0, sizeof *x);
  x->lg = lg;
  luaL_setmetatable(L, BCTX_MT);
  x->hit = block_hit(L, lg, &c->b);
  if (x->hit) x->b = c->b.b;
  else if (arb_block_build_new(lg->g, &x->b)) return luaL_error(L, "arbiter: not enough memory");
  sz = (size_t)x->b.nb * (size_t)x->b.words;
  x->decl = arb_newudata(L, sizeof(uint64_t) * (3 * sz + 1) + (size_t)x->b.nb + 1);   /* 7 */
  x->unpaid = (unsigned char *)(x->decl + 3 * sz + 1);
  if (x->hit) {
    x->solved = c->b.solved;
    x->r = c->b.r;
    memcpy(x->decl + 2 * sz, c->b.witness, sizeof(uint64_t) * sz);
  } else block_unpaid(L, &x->b, x->unpaid);
  status = run_body(L, block_body);
  if (x->hit) {
    if (status == LUA_OK && x->solved && !c->b.solved) {
      c->b.solved = 1;
      c->b.r = x->r;
      memcpy(c->b.witness, x->decl + 2 * sz, sizeof(uint64_t) * sz);
    }
  } else if (status == LUA_OK && arb_game_gen(lg->g) == gen) block_keep(L, lg, x, gen);
  else arb_block_build_free(lg->g, &x->b);
  if (status != LUA_OK) return lua_error(L);
  return lua_gettop(L) - 7;
}

/* ---- combat state changes (guarded: they fire events) ---- */

static int declare_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  int blocks = lua_toboolean(L, 3), rc = ARB_OK;
  lua_Integer i, n = (lua_Integer)lua_rawlen(L, 2);
  for (i = 1; i + 1 <= n && !rc; i += 2) {
    int a, b;
    lua_rawgeti(L, 2, i);
    lua_rawgeti(L, 2, i + 1);
    a = arb_l_checkcard(L, -2, lg);
    if (blocks) { b = arb_l_checkcard(L, -1, lg); rc = arb_declare_block(lg->g, a, b); }
    else { b = arb_l_checkplayer(L, -1, lg); rc = arb_declare_attack(lg->g, a, b); }
    lua_pop(L, 2);
  }
  if (rc) return arb_l_fail(L, lg, rc);
  return 0;
}

/* g:_declare(list, is_blocks): list = {card, player_or_attacker, ...} in order */
static int g_declare(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 3);
  return arb_l_guarded(L, lg, declare_body);
}

static int g_blocks(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int i, n = arb_nblocks(lg->g);
  arb_chars_depend(lg->g, ARB_DEP_COMBAT);   /* an affects predicate reading combat (lstatic.c) */
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    int b, a;
    arb_block_get(lg->g, i, &b, &a);
    lua_createtable(L, 2, 0);
    arb_l_pushcard(L, 1, b);
    lua_rawseti(L, -2, 1);
    arb_l_pushcard(L, 1, a);
    lua_rawseti(L, -2, 2);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* g:attackers() -> the attacking creatures in card-id order. Only permanents attack
** (leaving the battlefield ends it), so the battlefield is scanned, not every card;
** ids are sorted in a small buffer (a huge attack falls back to the scan of all cards). */
#define FEW_ATTACKERS 64
static int g_attacking(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_chars_depend(lg->g, ARB_DEP_COMBAT);   /* an affects predicate reading combat (lstatic.c) */
  arb_zone *z = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
  int32_t ids[FEW_ATTACKERS];
  int i, j, n = 0;
  for (i = 0; i < z->n && n <= FEW_ATTACKERS; i++) {
    int32_t id = z->cards[i];
    if (arb_card_get(lg->g, id)->attacking < 0) continue;
    if (n++ == FEW_ATTACKERS) break;
    for (j = n - 1; j > 0 && ids[j - 1] > id; j--) ids[j] = ids[j - 1];   /* insertion sort */
    ids[j] = id;
  }
  if (n > FEW_ATTACKERS) {                 /* many: every card in id order */
    lua_newtable(L);
    for (i = n = 0; i < arb_ncards(lg->g); i++) {
      arb_card *c = arb_card_get(lg->g, i);
      if (c->attacking >= 0 && c->zone >= 0) { arb_l_pushcard(L, 1, i); lua_rawseti(L, -2, ++n); }
    }
    return 1;
  }
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) { arb_l_pushcard(L, 1, ids[i]); lua_rawseti(L, -2, i + 1); }
  return 1;
}

static int endc_fn(arb_game *g, arb_l_call *c) { (void)c; return arb_end_combat(g); }
static int g_end_combat_raw(lua_State *L) {
  arb_l_call c = {.fn = endc_fn};
  arb_l_core(L, arb_l_checkgame(L, 1), &c);
  return 0;
}

/* c-level flags the damage steps need (journaled) */
static int g_set_dealt_first(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int id = arb_l_checkcard(L, 2, lg);
  arb_card *c = arb_card_get(lg->g, id);
  if (arb_jset_card8(lg->g, id, &c->dealt_first, lua_toboolean(L, 3)))
    return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

static int on_battlefield(arb_game *g, const arb_card *c) {
  return c->zone >= 0 && arb_zone_get(g, c->zone)->kind == ARB_BATTLEFIELD;
}
static int strikes_first(const arb_card *c) {
  return arb_card_count(c, ARB_AB_FIRST_STRIKE, 0) > 0 || arb_card_count(c, ARB_AB_DOUBLE_STRIKE, 0) > 0;
}

/* g:_first_strike() -> whether an attacking or blocking creature on the
** battlefield has first strike or double strike (502.2b: then a first combat
** damage step). One call instead of a has() per creature. */
static int g_first_strike(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_game *g = lg->g;
  int i, n = arb_nblocks(g), any = 0;
  for (i = 0; i < arb_ncards(g) && !any; i++) {
    arb_card *c = arb_card_get(g, i);
    any = c->attacking >= 0 && on_battlefield(g, c) && strikes_first(c);
  }
  for (i = 0; i < n && !any; i++) {
    int b, a;
    arb_block_get(g, i, &b, &a);
    any = on_battlefield(g, arb_card_get(g, b)) && strikes_first(arb_card_get(g, b));
  }
  lua_pushboolean(L, any);
  return 1;
}

static int g_dealt_first(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushboolean(L, arb_card_get(lg->g, arb_l_checkcard(L, 2, lg))->dealt_first);
  return 1;
}

/* g:modify(card, dp, dt): +dp/+dt until end of turn */
static int g_modify(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int id = arb_l_checkcard(L, 2, lg);
  lua_Integer dp = luaL_checkinteger(L, 3), dt = luaL_checkinteger(L, 4);
  luaL_argcheck(L, dp > -1000000 && dp < 1000000, 3, "modifier out of range");
  luaL_argcheck(L, dt > -1000000 && dt < 1000000, 4, "modifier out of range");
  if (arb_modify_pt(lg->g, id, (int)dp, (int)dt)) return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

static int g_defender_of(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_card *c = arb_card_get(lg->g, arb_l_checkcard(L, 2, lg));
  arb_l_pushplayer(L, 1, c->attacking);
  return 1;
}

static int cdmg_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  int src = arb_l_checkcard(L, 2, lg), tc = -1, tp = -1, rc;
  if (luaL_testudata(L, 3, CARD_MT)) tc = arb_l_checkcard(L, 3, lg);
  else tp = arb_l_checkplayer(L, 3, lg);
  rc = arb_damage(lg->g, src, tc, tp, arb_l_checkint(L, 4, 4, "amount"), 1);
  if (rc) return arb_l_fail(L, lg, rc);
  return 0;
}

/* g:_combat_damage(source, target, amount): combat damage, replaceable */
static int g_combat_damage(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_settop(L, 4);
  return arb_l_guarded(L, lg, cdmg_body);
}

/* One damage step in C (combat_damage.c): the plan goes in a C-stack buffer,
** or a Lua userdata when larger (collected even if a hook unwinds). */
#define DMG_STACK 64
static int dstep_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  int first = lua_toboolean(L, 2), had = lua_toboolean(L, 3), n, choice, rc;
  arb_dmg buf[DMG_STACK], *d = buf;
  rc = arb_combat_damage_plan(lg->g, first, had, d, DMG_STACK, &n, &choice);
  if (!rc && !choice && n > DMG_STACK) {
    d = arb_newudata(L, sizeof(arb_dmg) * (size_t)n);
    rc = arb_combat_damage_plan(lg->g, first, had, d, n, &n, &choice);
  }
  if (!rc && !choice) rc = arb_combat_damage_deal(lg->g, d, n);
  if (rc) return arb_l_fail(L, lg, rc);
  lua_pushboolean(L, !choice);
  return 1;
}

/* g:_damage_step(first_step, had_first_step) -> true when the step's default
** combat damage was dealt; false (nothing changed) when a player has a
** division to choose: the Lua layer asks and deals it. */
static int g_damage_step(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_settop(L, 3);
  arb_l_guarded(L, lg, dstep_body);
  return 1;
}

static const luaL_Reg combat_methods[] = {
  {"_defender_of", g_defender_of}, {"_combat_damage", g_combat_damage},
  {"_attack", g_attack}, {"_block", g_block}, {"_declare", g_declare},
  {"blocks", g_blocks}, {"attackers", g_attacking}, {"_end_combat", g_end_combat_raw},
  {"_set_dealt_first", g_set_dealt_first}, {"_dealt_first", g_dealt_first},
  {"modify", g_modify}, {"set_combat_budget", g_set_combat_budget}, {"_gen", g_gen},
  {"_first_strike", g_first_strike}, {"_damage_step", g_damage_step},
  {"combat_budget", g_combat_budget}, {NULL, NULL}
};

/* A call's context owns its fresh build until the cache takes it or the call
** frees it (both zero x->b); a memory error in between (a proxy, a buffer)
** would strand it: the context's __gc frees it. The game outlives it: the
** context is marked for finalization after the game, so it is finalized first. */
static int actx_gc(lua_State *L) {
  attack_ctx *x = lua_touserdata(L, 1);
  if (!x->hit && x->lg->g) arb_attack_build_free(x->lg->g, &x->b);
  return 0;
}

static int bctx_gc(lua_State *L) {
  block_ctx *x = lua_touserdata(L, 1);
  if (!x->hit && x->lg->g) arb_block_build_free(x->lg->g, &x->b);
  return 0;
}

int arb_l_combat_open(lua_State *L) {
  luaL_newmetatable(L, ACTX_MT);
  lua_pushcfunction(L, actx_gc);
  lua_setfield(L, -2, "__gc");
  luaL_newmetatable(L, BCTX_MT);
  lua_pushcfunction(L, bctx_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 2);
  arb_l_add_game_methods(L, combat_methods);
  return 0;
}
