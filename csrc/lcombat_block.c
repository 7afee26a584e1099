/*
** lcombat_block.c — g:_block(mode, decl, unpaid, limit): a block declaration
** checked, the maximum, the legal declarations, or the nearest legal one (500.3, 500.4),
** with the declaration-wide block conditions (500.1). Shared parts: lcombat_solve.c.
** "nearest" returns the declaration, its changes, whether it is proved, the bound on the
** changes, and a copy of the declaration to hand out (one attacker alone, not in a list).
** Every mode's last result is the game's change counter after the call (g:_gen()'s).
*/
#include <string.h>
#include "lcombat.h"

#define BCTX_MT "arbiter.BlockCall"

/* ---- blocks: g:_block(mode, decl, unpaid, limit) ---- */

typedef struct block_ctx {
  lgame *lg;
  arb_block_build b;   /* the cache's (hit, read only) or a fresh build */
  uint64_t *decl;      /* 3 declarations: proposal, output, witness; then unpaid (nbytes,
                          arb_lc_buffers) */
  size_t nbytes;
  unsigned char *unpaid;
  int hit, solved;
  arb_solver_result r;
  lua_State *L;        /* for the conditions: the body's state */
  int fidx;            /* stack index of the conditions' functions (by blocker, then
                          the attackers' blocked_condition at nb + 1 + k) */
  int failed;          /* the attacker whose blocked_condition refused, or -1 */
  int acond;           /* some attacker has a blocked_condition */
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

/* With bands (502.10e): blocker j may block a band if it may block one of its
** members, the scripts' predicates asked member by member. The row is made
** again from the core's eligibility of each member. */
static void fold_band_row(lua_State *L, block_ctx *x, int j, int granted, int defs) {
  int m, id = x->b.blockers[j], cb;
  if (granted) lua_pushvalue(L, -1);     /* the checker, below can_block */
  cb = arb_lc_defs_fn(L, x->lg, defs, id, "can_block");
  uint64_t *r = row(x, x->b.eligible, j);
  memset(r, 0, sizeof(uint64_t) * (size_t)x->b.words);
  for (m = 0; m < x->b.nm; m++) {
    int a = x->b.members[m], col = x->b.mcol[m], ok;
    if ((r[col / 64] >> (col % 64) & 1) || !arb_can_block(x->lg->g, id, a)) continue;
    if (cb && !blocker_pred(L, id, a)) continue;
    ok = 1;
    if (arb_lc_defs_fn(L, x->lg, defs, a, "can_be_blocked_by")) { ok = blocker_pred(L, a, id); lua_pop(L, 1); }
    if (ok && granted) {
      if (cb) lua_pushvalue(L, -2);
      ok = arb_lc_granted_ok(L, id, a, 0);
      if (cb) lua_pop(L, 1);
    }
    if (ok) r[col / 64] |= 1ULL << (col % 64);
  }
  if (cb) lua_pop(L, 1);
  if (granted) lua_pop(L, 1);
}

/* Restrictions granted by effects ("can't be blocked except by Walls": Invisibility), asked
** for each pair still eligible. */
static void fold_granted(lua_State *L, block_ctx *x) {
  int i, j;
  for (j = 0; j < x->b.nb; j++) {
    uint64_t *r = row(x, x->b.eligible, j);
    for (i = 0; i < x->b.na; i++)
      if ((r[i / 64] >> (i % 64) & 1) && !arb_lc_granted_ok(L, x->b.blockers[j], x->b.attackers[i], 0))
        r[i / 64] &= ~(1ULL << (i % 64));
  }
}

/* The definitions' can_block and can_be_blocked_by (asked per pair still eligible) and
** block_condition (noted), each definition read once (env.defs pushed for the fold, below
** the granted checker). */
static void fold_block(lua_State *L, block_ctx *x, int unpaid) {
  int i, j, defs = arb_lc_defs(L, 1), granted = arb_lc_granted(L, 1, "granted_block");
  for (j = 0; j < x->b.nb; j++) {
    int id = x->b.blockers[j], def;
    uint64_t *r = row(x, x->b.eligible, j);
    if (arb_lc_in_set(L, unpaid, 1, id)) {
      memset(r, 0, sizeof(uint64_t) * (size_t)x->b.words);
      x->b.capacity[j] = 0;
      x->b.exempt[j] = 1;
      continue;
    }
    def = arb_lc_def(L, defs, x->lg->g, id);
    x->b.cond[j] = (unsigned char)(def && arb_lc_field_is_fn(L, -1, "block_condition"));
    if (x->b.nm) {
      if (def) lua_pop(L, 1);
      fold_band_row(L, x, j, granted, defs);
      continue;
    }
    if (!def) continue;
    if (!arb_lc_field_fn(L, x->lg, lua_gettop(L), "can_block")) { lua_pop(L, 1); continue; }
    lua_remove(L, -2);
    for (i = 0; i < x->b.na; i++)
      if ((r[i / 64] >> (i % 64) & 1) && !blocker_pred(L, id, x->b.attackers[i]))
        r[i / 64] &= ~(1ULL << (i % 64));
    lua_pop(L, 1);
  }
  for (i = 0; i < x->b.na && !x->b.nm; i++) {
    int id = x->b.attackers[i];
    if (!arb_lc_defs_fn(L, x->lg, defs, id, "can_be_blocked_by")) continue;
    for (j = 0; j < x->b.nb; j++) {
      uint64_t *r = row(x, x->b.eligible, j);
      if ((r[i / 64] >> (i % 64) & 1) && !blocker_pred(L, id, x->b.blockers[j]))
        r[i / 64] &= ~(1ULL << (i % 64));
    }
    lua_pop(L, 1);
  }
  if (granted && !x->b.nm) fold_granted(L, x);
  if (granted) lua_pop(L, 1);
  lua_pop(L, 1);
}

/* The column of an attacking creature: its own, or its band's (502.10e:
** naming any member blocks the band). */
static int attacker_index(block_ctx *x, int card) {
  int i;
  for (i = 0; i < x->b.nm; i++)
    if (x->b.members[i] == card) return x->b.mcol[i];
  for (i = 0; i < x->b.na && !x->b.nm; i++)
    if (x->b.attackers[i] == card) return i;
  return -1;
}

/* decl {[blocker] = {attacker...}}, or a plain map {[blocker] = attacker} (g:_block_plain's);
** unknown cards were rejected in Lua. */
static void read_block(lua_State *L, block_ctx *x, int t, uint64_t *d) {
  int j, k, n, vt;
  memset(d, 0, sizeof(uint64_t) * (size_t)x->b.nb * (size_t)x->b.words);
  for (j = 0; j < x->b.nb; j++) {
    arb_l_pushcard(L, 1, x->b.blockers[j]);
    if ((vt = lua_rawget(L, t)) == LUA_TUSERDATA) {     /* one attacker (a live card) */
      int i = attacker_index(x, ((lproxy *)lua_touserdata(L, -1))->id);
      if (i >= 0) row(x, d, j)[i / 64] |= 1ULL << (i % 64);
    } else if (vt == LUA_TTABLE) {
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

/* A band's column: every member (g:blocks() lists the blocker against each). */
static int push_members(lua_State *L, block_ctx *x, int col, int n) {
  int m;
  for (m = 0; m < x->b.nm; m++)
    if (x->b.mcol[m] == col) { arb_l_pushcard(L, 1, x->b.members[m]); lua_rawseti(L, -2, ++n); }
  return n;
}

/* The attackers blocker row r names (its list's length without bands). */
static int row_count(const block_ctx *x, const uint64_t *r) {
  int i, n = 0;
  for (i = 0; i < x->b.na; i++) n += (int)(r[i / 64] >> (i % 64) & 1);
  return n;
}

static int has_col(const uint64_t *r, int i) { return (int)(r[i / 64] >> (i % 64) & 1); }

/* The creatures blocker row r blocks: its list's length (bands: their members). */
static int row_len(const block_ctx *x, const uint64_t *r) {
  int m, n = 0;
  if (!x->b.nm) return row_count(x, r);
  for (m = 0; m < x->b.nm; m++) n += has_col(r, x->b.mcol[m]);
  return n;
}

/* Pushes the one creature row r blocks (its list's length is 1). */
static void push_single(lua_State *L, const block_ctx *x, const uint64_t *r) {
  int i = 0;
  if (x->b.nm) {
    while (!has_col(r, x->b.mcol[i])) i++;
    arb_l_pushcard(L, 1, x->b.members[i]);
  } else {
    while (!has_col(r, i)) i++;
    arb_l_pushcard(L, 1, x->b.attackers[i]);
  }
}

/* decl as {[blocker] = {attacker...}}, the tables made at their size (no resize as they
** fill); simple: a blocker of one creature names it alone ({[blocker] = attacker}, the copy
** g:nearest_legal_block hands out, made here rather than copied from the first in Lua) */
static void push_rows(lua_State *L, block_ctx *x, const uint64_t *d, int simple) {
  int i, j, nb = 0;
  for (j = 0; j < x->b.nb; j++) nb += row_count(x, d + (size_t)j * (size_t)x->b.words) > 0;
  lua_createtable(L, 0, nb);
  for (j = 0; j < x->b.nb; j++) {
    const uint64_t *r = d + (size_t)j * (size_t)x->b.words;
    int n = 0, len = row_count(x, r);
    if (len == 0) continue;
    arb_l_pushcard(L, 1, x->b.blockers[j]);
    if (simple && (len = row_len(x, r)) == 1) {
      push_single(L, x, r);
      lua_rawset(L, -3);
      continue;
    }
    lua_createtable(L, x->b.nm ? (simple ? len : 0) : len, 0);
    for (i = 0; i < x->b.na; i++) {
      if (!has_col(r, i)) continue;
      if (x->b.nm) n = push_members(L, x, i, n);
      else { arb_l_pushcard(L, 1, x->b.attackers[i]); lua_rawseti(L, -2, ++n); }
    }
    lua_rawset(L, -3);
  }
}

static void push_block(lua_State *L, block_ctx *x, const uint64_t *d) { push_rows(L, x, d, 0); }

/* The attacking creatures one by one (k): the members of bands, or the columns. */
static int nunits(const block_ctx *x) { return x->b.nm ? x->b.nm : x->b.na; }
static int unit_card(const block_ctx *x, int k) { return x->b.nm ? x->b.members[k] : x->b.attackers[k]; }
static int unit_col(const block_ctx *x, int k) { return x->b.nm ? x->b.mcol[k] : k; }

/* The first blocker blocking column col in decl, or -1. */
static int blocker_of(const block_ctx *x, const uint64_t *decl, int col) {
  int j;
  for (j = 0; j < x->b.nb; j++)
    if (decl[(size_t)j * (size_t)x->b.words + (size_t)(col / 64)] >> (col % 64) & 1) return j;
  return -1;
}

/* An attacker's blocked_condition(attacker, g, blocks) (contract "Combat
** conditions": Tromokratis), asked when the attacker is blocked in decl; the
** blocks are on the stack top. Returns 1, 0 (*who a blocker of it) or -1. */
static int blocked_conditions(lua_State *L, block_ctx *x, const uint64_t *decl, int *who) {
  int k, ok = 1;
  for (k = 0; k < nunits(x) && ok; k++) {
    int j;
    if (lua_rawgeti(L, x->fidx, x->b.nb + 1 + k) == LUA_TNIL || (j = blocker_of(x, decl, unit_col(x, k))) < 0) {
      lua_pop(L, 1);
      continue;
    }
    arb_l_pushcard(L, 1, unit_card(x, k));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -4);
    if (lua_pcall(L, 3, 1, 0) != LUA_OK) { lua_replace(L, x->fidx + 1); return -1; }
    ok = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (!ok) { *who = j; x->failed = unit_card(x, k); }
  }
  return ok;
}

/* The declaration-wide conditions (500.1 "can't block unless ..."): a
** definition's block_condition(self, g, blocks) is asked with the whole
** declaration ({[blocker] = {attacker...}}) whenever self blocks in it; an
** attacker's blocked_condition whenever it is blocked in it. A condition's
** error stops the solve: it is kept at fidx + 1 and raised. */
static int block_condition(void *ud, const uint64_t *decl, int *who) {
  block_ctx *x = ud;
  lua_State *L = x->L;
  int j, ok = 1;
  if (!lua_checkstack(L, 8)) return -1;
  push_block(L, x, decl);
  x->failed = -1;
  for (j = 0; j < x->b.nb && ok; j++) {
    const uint64_t *r = decl + (size_t)j * (size_t)x->b.words;
    int w, blocks = 0;
    for (w = 0; w < x->b.words; w++) blocks |= r[w] != 0;
    if (!(x->b.cond[j] & 1) || !blocks) continue;
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
  if (ok && x->acond) {
    ok = blocked_conditions(L, x, decl, who);
    if (ok < 0) { lua_pop(L, 1); return -1; }
  }
  lua_pop(L, 1);
  return ok;
}

/* The attackers' blocked_condition functions (fidx, at nb + 1 + k): each
** blocker that may block such an attacker is conditioned (bit 2). */
static int setup_blocked_conditions(lua_State *L, block_ctx *x, int defs) {
  int k, j, any = 0;
  for (j = 0; j < x->b.nb; j++) x->b.cond[j] &= 1;
  for (k = 0; k < nunits(x); k++) {
    int col = unit_col(x, k);
    if (!arb_lc_defs_fn(L, x->lg, defs, unit_card(x, k), "blocked_condition")) continue;
    arb_lc_fset(L, x->fidx, x->b.nb + 1 + k, x->b.nb);
    any = 1;
    for (j = 0; j < x->b.nb; j++)
      if (row(x, x->b.eligible, j)[col / 64] >> (col % 64) & 1) x->b.cond[j] |= 2;
  }
  return any;
}

/* Pushes the conditions' functions (fidx) and an error slot (fidx + 1); the
** problem asks them only when some candidate has one. */
static void setup_conditions(lua_State *L, block_ctx *x) {
  int j, any = 0, defs;
  lua_pushnil(L);                        /* the table, made at the first (arb_lc_fset) */
  x->fidx = lua_gettop(L);
  lua_pushnil(L);
  defs = arb_lc_defs(L, 1);              /* (above the error slot: popped below) */
  for (j = 0; j < x->b.nb; j++) {
    if (!(x->b.cond[j] & 1)) continue;
    if (!arb_lc_defs_fn(L, x->lg, defs, x->b.blockers[j], "block_condition")) { x->b.cond[j] = 0; continue; }
    arb_lc_fset(L, x->fidx, j + 1, x->b.nb);
    any = 1;
  }
  x->acond = setup_blocked_conditions(L, x, defs);
  lua_pop(L, 1);
  any |= x->acond;
  x->L = L;
  x->b.prob.conditioned = any ? x->b.cond : NULL;
  x->b.prob.condition = any ? block_condition : NULL;
  x->b.prob.condition_ud = any ? x : NULL;
}

typedef struct bvisit { lua_State *L; block_ctx *x; arb_solver *s; int n; } bvisit;

/* Each declaration made (a scan of every pair) counts against a script's ceiling (arb_lc_meter). */
static int visit_block(void *ud, const uint64_t *decl) {
  bvisit *v = ud;
  push_block(v->L, v->x, decl);
  lua_rawseti(v->L, -2, ++v->n);
  return arb_solver_spend(v->s, 1 + (long)v->x->b.na * v->x->b.nb / ARB_LC_VISIT_PER_NODE);
}

/* A condition's error (kept by block_condition) is raised as it was. */
static int block_results(lua_State *L, block_ctx *x, int rc, int mode) {
  if (rc == ARB_SOLVER_ECALLBACK) { lua_pushvalue(L, x->fidx + 1); return lua_error(L); }
  return arb_lc_results(L, rc, mode);
}

/* The default search of "nearest", sized by the maximum's own work (r: its result):
   ARB_LC_NEAR_FACTOR x (...) nodes, fewer as a node's work grows with the attackers (its bound
   reads each): factor 4 to 63 attackers, down to 1 from 192 (issue 28: the search improved
   nothing on the bench presets from 20 per side up, the bound did) */
static long near_size(void *ud, const arb_solver_result *r) {
  const block_ctx *x = ud;
  long base = ARB_LC_NEAR_NODES + r->nodes + (long)x->b.na + x->b.nb;
  long limit = ARB_LC_NEAR_FACTOR * base / (1 + x->b.na / 64);
  return limit < base ? base : limit;
}

static int block_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  block_ctx *x = lua_touserdata(L, 6);   /* (arb_lc_run_body) */
  int mode = luaL_checkoption(L, 2, NULL, arb_lc_modes), rc = 0;
  long limit = (long)arb_l_optintarg(L, 5, "limit", 0, ARB_L_INT_MAX, 0), count = 0;
  size_t sz = (size_t)x->b.nb * (size_t)x->b.words;
  uint64_t *wit = x->decl + 2 * sz;
  arb_solver *s = arb_lc_solver(L, lg);
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
    x->failed = -1;
    rc = arb_block_judge(s, &x->b.prob, x->decl, &x->r, &v);
    if (rc >= 0) arb_lc_push_verdict(L, &v, 1, x->b.blockers, x->b.attackers, NULL, x->b.na + x->b.nb);
    if (rc >= 0 && v.reason.code == ARB_REASON_CONDITION && x->failed >= 0) {
      arb_l_pushcard(L, 1, x->failed);           /* an attacker's blocked_condition refused */
      lua_setfield(L, -2, "blocked_condition");
    }
  } else if (mode == 1) {
    arb_lc_push_result(L, &x->r);
    push_block(L, x, wit);
    lua_setfield(L, -2, "witness");
  } else if (mode == 2) {
    bvisit v;
    v.L = L; v.x = x; v.s = s; v.n = 0;
    lua_newtable(L);
    rc = arb_block_enumerate_known(s, &x->b.prob, x->solved ? &x->r : NULL, x->solved ? wit : NULL,
                                   limit, visit_block, &v, &count);
    lua_pushboolean(L, rc == ARB_SOLVER_OK);
  } else {
    int changes = 0, bound = 0;
    read_block(L, x, 3, x->decl);
    if (limit == 0 && !x->solved) {   /* the default, unsolved: the maximum first, one preparation */
      rc = arb_block_solve_nearest(s, &x->b.prob, &x->r, wit, x->decl, x->decl + sz, &changes,
                                   near_size, x, &bound);
      if (rc < 0) return block_results(L, x, rc, mode);
      x->solved = 1;
    } else {
      if (limit == 0) limit = near_size(x, &x->r);
      rc = arb_block_nearest_bounded(s, &x->b.prob, x->solved ? &x->r : NULL, x->solved ? wit : NULL,
                                     x->decl, x->decl + sz, &changes, limit, &bound);
    }
    if (rc >= 0) push_block(L, x, x->decl + sz);
    lua_pushinteger(L, changes);
    if (rc >= 0) {
      rc = block_results(L, x, rc, mode);
      lua_pushinteger(L, bound);
      push_rows(L, x, x->decl + sz, 1);     /* the copy handed out */
      return rc + 2;
    }
  }
  return block_results(L, x, rc, mode);
}

static void block_unpaid(lua_State *L, const arb_block_build *b, unsigned char *u) {
  int j;
  for (j = 0; j < b->nb; j++) u[j] = (unsigned char)arb_lc_in_set(L, 4, 1, b->blockers[j]);
}

static int block_hit(lua_State *L, lgame *lg, const bcache *c) {
  int j;
  if (!c->valid || c->gen != arb_game_gen(lg->g) ||
      c->budget != arb_solver_budget(arb_lc_solver(L, lg))) return 0;
  for (j = 0; j < c->b.nb; j++)
    if (c->unpaid[j] != (unsigned char)arb_lc_in_set(L, 4, 1, c->b.blockers[j])) return 0;
  return 1;
}

static void block_keep(lua_State *L, lgame *lg, block_ctx *x, uint64_t gen) {
  struct arb_combat_cache *c = arb_lc_cache(L, lg);
  size_t nb = (size_t)x->b.nb, sz = nb * (size_t)x->b.words;
  arb_lc_bdrop(lg, c);
  c->b.b = x->b;
  memset(&x->b, 0, sizeof x->b);
  c->b.valid = 1;
  c->b.gen = gen;
  c->b.budget = arb_solver_budget(arb_lc_solver(L, lg));
  c->b.unpaid = arb_lc_cmem(c, NULL, 0, nb + 1);
  c->b.witness = arb_lc_cmem(c, NULL, 0, sizeof(uint64_t) * (sz + 1));
  if (!c->b.unpaid || !c->b.witness) { arb_lc_bdrop(lg, c); return; }
  memcpy(c->b.unpaid, x->unpaid, nb);
  memcpy(c->b.witness, x->decl + 2 * sz, sizeof(uint64_t) * sz);
  c->b.solved = x->solved;
  c->b.r = x->r;
}

/* The attacker a block proposal's entry (on the stack's top, replaced) names alone: a card
** proxy of this game, or a list of one; else -1. */
static int one_attacker(lua_State *L, lgame *lg, int vt) {
  const lproxy *a;
  if (vt == LUA_TTABLE) {
    if (lua_rawlen(L, -1) != 1) return -1;
    lua_rawgeti(L, -1, 1);
    lua_remove(L, -2);
  }
  a = arb_l_own_proxy(L, -1, 0);
  return a && a->lg == lg && !a->gone ? a->id : -1;
}

/* The nearest legal block to a proposal that is legal as it is, known without the solver: no
** creature has a block requirement nor any permanent a whole-game limit
** (arb_block_constrained: the proposal obeys every requirement there is, 500.4), and each
** blocker it names blocks one attacker it may block alone as far as the core decides
** (arb_block_plain), with no definition's can_block, block_condition, can_be_blocked_by or
** blocked_condition nor any effect's granted restriction to ask (500.3). Then it is itself,
** proved: what the search finds (the declaration by blocker in the candidates' order, no
** change, proved, bound 0, the copy handed out, the change counter). The random agent's
** wishes mostly, the empty one among them: a solver call each (issue 28). Pushes the results
** and returns their count, or 0 (nothing pushed): the solver's way.
** spec/combat_empty_spec.lua compares both ways. */
static int block_as_is(lua_State *L, lgame *lg, int entries) {
  arb_game *g = lg->g;
  arb_zone *z = arb_zone_get(g, arb_zone_id(g, -1, ARB_BATTLEFIELD));
  int32_t pairs[2 * 64];
  int i, n = 0, defs, base = lua_gettop(L);
  if (entries > 64 || arb_block_constrained(g)) return 0;
  if (arb_lc_granted(L, 1, "granted_block")) { lua_settop(L, base); return 0; }
  defs = arb_lc_defs(L, 1);
  for (i = 0; i < z->n && n < entries; i++) {
    int id = z->cards[i], a, vt;
    if (!arb_block_candidate(g, id)) continue;   /* (no proxy made for the others) */
    arb_l_pushcard(L, 1, id);
    if ((vt = lua_rawget(L, 3)) == LUA_TNIL) { lua_pop(L, 1); continue; }
    a = one_attacker(L, lg, vt);
    lua_pop(L, 1);
    if (a < 0 || !arb_block_plain(g, id, a) || arb_lc_def_asks(L, defs, g, id, "can_block", "block_condition") ||
        arb_lc_def_asks(L, defs, g, a, "can_be_blocked_by", "blocked_condition")) {
      lua_settop(L, base);
      return 0;
    }
    pairs[2 * n] = id;
    pairs[2 * n++ + 1] = a;
  }
  lua_settop(L, base);
  if (n != entries) return 0;                  /* a card that isn't a candidate: the solver's */
  lua_createtable(L, 0, n);                    /* {[blocker] = {attacker}} */
  for (i = 0; i < n; i++) {
    arb_l_pushcard(L, 1, pairs[2 * i]);
    lua_createtable(L, 1, 0);
    arb_l_pushcard(L, 1, pairs[2 * i + 1]);
    lua_rawseti(L, -2, 1);
    lua_rawset(L, -3);
  }
  lua_pushinteger(L, 0);
  lua_pushboolean(L, 1);
  lua_pushinteger(L, 0);
  lua_createtable(L, 0, n);                    /* the copy: {[blocker] = attacker} */
  for (i = 0; i < n; i++) {
    arb_l_pushcard(L, 1, pairs[2 * i]);
    arb_l_pushcard(L, 1, pairs[2 * i + 1]);
    lua_rawset(L, -3);
  }
  lua_pushinteger(L, (lua_Integer)arb_game_gen(g));
  return 6;
}

static int g_block(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  struct arb_combat_cache *c = arb_lc_cache(L, lg);
  uint64_t gen;
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* the layers' abilities (lstatic.c) */
  gen = arb_game_gen(lg->g);
  {
    int entries = arb_lc_plain_nearest(L, lg), r;
    if (entries >= 0 && (r = block_as_is(L, lg, entries)) > 0) return r;
  }
  block_ctx *x;
  int status;
  long nodes;
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
  x->decl = arb_lc_buffers(L, lg, &x->nbytes, sizeof(uint64_t) * (3 * sz + 1) + (size_t)x->b.nb + 1);
  x->unpaid = (unsigned char *)(x->decl + 3 * sz + 1);
  if (x->hit) {
    x->solved = c->b.solved;
    x->r = c->b.r;
    memcpy(x->decl + 2 * sz, c->b.witness, sizeof(uint64_t) * sz);
  } else block_unpaid(L, &x->b, x->unpaid);
  ARB_L_CHARGE(L, lg, (lua_Integer)ARB_L_WORK_SOLVE *
               ((lua_Integer)x->b.na * x->b.nb + x->b.na + x->b.nb));   /* before the search */
  arb_lc_meter(L, lg);
  status = arb_lc_run_body(L, block_body);
  nodes = arb_lc_unmeter(L, lg, &status);
  if (x->hit) {
    if (status == LUA_OK && x->solved && !c->b.solved) {
      c->b.solved = 1;
      c->b.r = x->r;
      memcpy(c->b.witness, x->decl + 2 * sz, sizeof(uint64_t) * sz);
    }
  } else if (status == LUA_OK && arb_game_gen(lg->g) == gen) block_keep(L, lg, x, gen);
  else arb_block_build_free(lg->g, &x->b);
  arb_lc_buffers_free(lg, (void **)&x->decl, x->nbytes);
  if (nodes < 0 || status == LUA_OK) arb_lc_pay(L, lg, nodes);   /* the search, after it */
  if (status != LUA_OK) return lua_error(L);
  lua_pushinteger(L, (lua_Integer)arb_game_gen(lg->g));   /* the change counter now, last */
  return lua_gettop(L) - 6;
}

/* See actx_gc (lcombat_attack.c). */
static int bctx_gc(lua_State *L) {
  block_ctx *x = lua_touserdata(L, 1);
  if (!x->hit && x->lg->g) arb_block_build_free(x->lg->g, &x->b);
  arb_lc_buffers_free(x->lg, (void **)&x->decl, x->nbytes);
  return 0;
}

static const luaL_Reg block_methods[] = {{"_block", g_block}, {NULL, NULL}};

void arb_lc_block_open(lua_State *L) {
  luaL_newmetatable(L, BCTX_MT);
  lua_pushcfunction(L, bctx_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  arb_l_add_game_methods(L, block_methods);
}
