/*
** lcombat_attack.c — g:_attack(mode, decl, unpaid, limit): an attack declaration
** checked, the maximum, the legal declarations, or the nearest legal one (500.2, 500.4).
** Shared parts and the cache: lcombat_solve.c. "nearest" returns the declaration, its
** changes, whether it is proved, the bound on the changes, and its creatures in card-id order
** as two arrays (one to keep, one to hand out). Every mode's last result is the game's change
** counter after the call (g:_gen()'s: the Lua layer keys what it remembers by it).
*/
#include <string.h>
#include "lcombat.h"

/* ---- attacks: g:_attack(mode, decl, unpaid, limit) ----
** limit: "legal" visits at most that many declarations; "nearest" searches
** at most that many nodes (0: the game's budget). */

#define ACTX_MT "arbiter.AttackCall"

typedef struct attack_ctx {
  lgame *lg;
  arb_attack_build b;   /* the cache's (hit, read only) or a fresh build */
  int *decl;            /* proposal, output, witness, then unpaid (nbytes, arb_lc_buffers) */
  size_t nbytes;
  unsigned char *unpaid;
  int hit, solved;
  arb_solver_result r;
  lua_State *L;         /* for the conditions: the body's state */
  int fidx;             /* stack index of the conditions' functions (by candidate) */
} attack_ctx;

/* Restrictions granted by effects ("can't be attacked except by creatures with flying and/or
** islandwalk": Island Sanctuary), asked for each creature and defender still allowed. */
static void fold_granted(lua_State *L, attack_ctx *x) {
  int i, d;
  if (!arb_lc_granted(L, 1, "granted_attack")) return;
  for (i = 0; i < x->b.n; i++)
    for (d = 0; d < x->b.ndef; d++)
      if ((x->b.can_attack[i] >> d & 1) && !arb_lc_granted_ok(L, x->b.cards[i], x->b.defenders[d], 1))
        x->b.can_attack[i] &= ~(1ULL << d);
  lua_pop(L, 1);
}

/* The definitions' can_attack (asked per defender still allowed) and attack_condition (noted),
** each definition read once (env.defs pushed for the fold). */
static void fold_attack(lua_State *L, attack_ctx *x, int unpaid) {
  int i, d, defs;
  fold_granted(L, x);
  defs = arb_lc_defs(L, 1);
  for (i = 0; i < x->b.n; i++) {
    int id = x->b.cards[i];
    if (arb_lc_in_set(L, unpaid, 1, id)) { x->b.can_attack[i] = 0; x->b.exempt[i] = 1; continue; }
    x->b.cond[i] = 0;
    if (!x->b.can_attack[i] || !arb_lc_def(L, defs, x->lg->g, id)) continue;
    x->b.cond[i] = (unsigned char)arb_lc_field_is_fn(L, -1, "attack_condition");
    if (!arb_lc_field_fn(L, x->lg, lua_gettop(L), "can_attack")) { lua_pop(L, 1); continue; }
    lua_remove(L, -2);
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
  lua_pop(L, 1);
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

/* decl as {[card] = player}, made at its size (no resize as it fills) */
static void push_attack(lua_State *L, attack_ctx *x, const int *decl) {
  int i, n = 0;
  for (i = 0; i < x->b.n; i++) n += decl[i] >= 0;
  lua_createtable(L, 0, n);
  for (i = 0; i < x->b.n; i++)
    if (decl[i] >= 0) {
      arb_l_pushcard(L, 1, x->b.cards[i]);
      arb_l_pushplayer(L, 1, x->b.defenders[decl[i]]);
      lua_rawset(L, -3);
    }
}

/* The creatures decl declares in card-id order, as an array twice (each made at its size):
** the one g:nearest_legal_attack keeps and the copy it hands out (the array form), which it
** made in Lua before from the map (core.card_keys, then a copy). ids: room for n ints. */
static void push_arrays(lua_State *L, attack_ctx *x, const int *decl, int *ids) {
  int i, n = 0, t;
  for (i = 0; i < x->b.n; i++) {
    int j, id;
    if (decl[i] < 0) continue;
    for (j = n++, id = x->b.cards[i]; j > 0 && ids[j - 1] > id; j--) ids[j] = ids[j - 1];   /* a few */
    ids[j] = id;
  }
  for (t = 0; t < 2; t++) {
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) { arb_l_pushcard(L, 1, ids[i]); lua_rawseti(L, -2, i + 1); }
  }
}

typedef struct visit_ctx { lua_State *L; attack_ctx *a; arb_solver *s; int n; } visit_ctx;

/* The declaration-wide conditions (500.1 "can't attack unless ..."): a
** definition's attack_condition(attackers, g, card) is asked with the proposed
** attackers (an array, in candidate order) whenever its card attacks in it. A
** condition's error stops the solve: it is kept at fidx + 1 and raised. */
static int attack_condition(void *ud, const int *decl, int *who) {
  attack_ctx *x = ud;
  lua_State *L = x->L;
  int i, n = 0, ok = 1;
  if (!lua_checkstack(L, 8)) return -1;
  lua_newtable(L);
  for (i = 0; i < x->b.n; i++)
    if (decl[i] >= 0) { arb_l_pushcard(L, 1, x->b.cards[i]); lua_rawseti(L, -2, ++n); }
  for (i = 0; i < x->b.n && ok; i++) {
    if (decl[i] < 0 || !x->b.cond[i]) continue;
    lua_rawgeti(L, x->fidx, i + 1);
    lua_pushvalue(L, -2);
    lua_pushvalue(L, 1);
    arb_l_pushcard(L, 1, x->b.cards[i]);
    if (lua_pcall(L, 3, 1, 0) != LUA_OK) {
      lua_replace(L, x->fidx + 1);
      lua_pop(L, 1);
      return -1;
    }
    ok = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (!ok) *who = i;
  }
  lua_pop(L, 1);
  return ok;
}

/* Pushes the conditions' functions (fidx) and an error slot (fidx + 1); the
** problem asks them only when some candidate has one. */
static void setup_conditions(lua_State *L, attack_ctx *x) {
  int i, any = 0;
  lua_pushnil(L);                          /* the table, made at the first (arb_lc_fset) */
  x->fidx = lua_gettop(L);
  lua_pushnil(L);
  for (i = 0; i < x->b.n; i++) {
    if (!x->b.cond[i]) continue;
    if (!arb_lc_def_fn(L, 1, x->b.cards[i], "attack_condition")) { x->b.cond[i] = 0; continue; }
    arb_lc_fset(L, x->fidx, i + 1, 0);
    any = 1;
  }
  x->L = L;
  x->b.prob.conditioned = any ? x->b.cond : NULL;
  x->b.prob.condition = any ? attack_condition : NULL;
  x->b.prob.condition_ud = any ? x : NULL;
}

/* A condition's error (kept by attack_condition) is raised as it was. */
static int attack_results(lua_State *L, attack_ctx *x, int rc, int mode) {
  if (rc == ARB_SOLVER_ECALLBACK) { lua_pushvalue(L, x->fidx + 1); return lua_error(L); }
  return arb_lc_results(L, rc, mode);
}

/* Each declaration made counts against a script's ceiling (arb_lc_meter): its size in nodes. */
static int visit_attack(void *ud, const int *decl) {
  visit_ctx *v = ud;
  push_attack(v->L, v->a, decl);
  lua_rawseti(v->L, -2, ++v->n);
  return arb_solver_spend(v->s, 1 + v->a->b.n / ARB_LC_VISIT_PER_NODE);
}

static int attack_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  attack_ctx *x = lua_touserdata(L, 6);   /* (arb_lc_run_body) */
  int mode = luaL_checkoption(L, 2, NULL, arb_lc_modes), rc = 0, *wit = x->decl + 2 * (size_t)x->b.n;
  long limit = (long)arb_l_optintarg(L, 5, "limit", 0, ARB_L_INT_MAX, 0), count = 0;
  arb_solver *s = arb_lc_solver(L, lg);
  if (!x->hit) fold_attack(L, x, 4);
  setup_conditions(L, x);
  if (mode <= 1 && !x->solved) {
    rc = arb_attack_solve(s, &x->b.prob, &x->r, wit);
    if (rc < 0) return attack_results(L, x, rc, mode);
    x->solved = 1;
  }
  if (mode == 0) {
    arb_solver_verdict v;
    read_attack(L, x, 3);
    rc = arb_attack_judge(&x->b.prob, x->decl, &x->r, &v);
    if (rc >= 0) arb_lc_push_verdict(L, &v, 1, x->b.cards, NULL, x->b.defenders, x->b.n);
  } else if (mode == 1) {
    arb_lc_push_result(L, &x->r);
    push_attack(L, x, wit);
    lua_setfield(L, -2, "witness");
  } else if (mode == 2) {
    visit_ctx v;
    v.L = L; v.a = x; v.s = s; v.n = 0;
    lua_newtable(L);
    rc = arb_attack_enumerate(s, &x->b.prob, limit, visit_attack, &v, &count);
    lua_pushboolean(L, rc == ARB_SOLVER_OK);
  } else {
    int changes = 0, bound = 0, *out = x->decl + x->b.n;
    read_attack(L, x, 3);
    /* the default: a search sized like the maximum's own pass over the creatures (its
       closed form costs no nodes): a node per creature (one path down) and a few more */
    if (limit == 0) limit = ARB_LC_NEAR_NODES + (long)x->b.n;
    rc = arb_attack_nearest_bounded(s, &x->b.prob, x->decl, out, &changes, limit, &bound);
    if (rc >= 0) push_attack(L, x, out);
    lua_pushinteger(L, changes);
    if (rc >= 0) {
      rc = attack_results(L, x, rc, mode);
      lua_pushinteger(L, bound);
      push_arrays(L, x, out, x->decl);      /* (the proposal is read: its room is free) */
      return rc + 3;
    }
  }
  return attack_results(L, x, rc, mode);
}

/* Unpaid flags of the candidates (arg 4 is the unpaid set). */
static void attack_unpaid(lua_State *L, const arb_attack_build *b, unsigned char *u) {
  int i;
  for (i = 0; i < b->n; i++) u[i] = (unsigned char)arb_lc_in_set(L, 4, 1, b->cards[i]);
}

static int attack_hit(lua_State *L, lgame *lg, const acache *c) {
  int i;
  if (!c->valid || c->gen != arb_game_gen(lg->g) ||
      c->budget != arb_solver_budget(arb_lc_solver(L, lg))) return 0;
  for (i = 0; i < c->b.n; i++)
    if (c->unpaid[i] != (unsigned char)arb_lc_in_set(L, 4, 1, c->b.cards[i])) return 0;
  return 1;
}

/* After a successful call on a fresh build: it becomes the cache entry. */
static void attack_keep(lua_State *L, lgame *lg, attack_ctx *x, uint64_t gen) {
  struct arb_combat_cache *c = arb_lc_cache(L, lg);
  size_t n = (size_t)x->b.n;
  arb_lc_adrop(lg, c);
  c->a.b = x->b;
  memset(&x->b, 0, sizeof x->b);
  c->a.valid = 1;
  c->a.gen = gen;
  c->a.budget = arb_solver_budget(arb_lc_solver(L, lg));
  c->a.unpaid = arb_lc_cmem(c, NULL, 0, n + 1);
  c->a.witness = arb_lc_cmem(c, NULL, 0, sizeof(int) * (n + 1));
  if (!c->a.unpaid || !c->a.witness) { arb_lc_adrop(lg, c); return; }
  memcpy(c->a.unpaid, x->unpaid, n);
  memcpy(c->a.witness, x->decl + 2 * n, sizeof(int) * n);
  c->a.solved = x->solved;
  c->a.r = x->r;
}


/* The nearest legal attack to a proposal that is legal as it is, known without the solver:
** no creature has an attack requirement nor any permanent a whole-game limit
** (arb_attack_constrained: the proposal obeys every requirement there is, 500.4), and each
** creature it names may attack its player as far as the core decides (arb_attack_plain), with
** no definition's can_attack or attack_condition nor any effect's granted restriction to ask
** (500.2). Then it is itself, proved: what the search finds (the declaration in the
** candidates' order, no change, proved, bound 0, its creatures twice in card-id order, the
** change counter). The random agent's wishes mostly: a solver call each (issue 28). Pushes
** the results and returns their count, or 0 (nothing pushed): the solver's way.
** spec/combat_empty_spec.lua compares both ways. */
static int attack_as_is(lua_State *L, lgame *lg, int entries) {
  arb_game *g = lg->g;
  arb_zone *z = arb_zone_get(g, arb_zone_id(g, -1, ARB_BATTLEFIELD));
  int32_t ids[64];
  int i, j, n = 0, defs, base = lua_gettop(L);
  if (entries > 64 || arb_attack_constrained(g)) return 0;
  if (arb_lc_granted(L, 1, "granted_attack")) { lua_settop(L, base); return 0; }
  defs = arb_lc_defs(L, 1);
  for (i = 0; i < z->n && n < entries; i++) {
    const lproxy *d;
    int id = z->cards[i];
    if (!arb_attack_candidate(g, id)) continue;   /* (no proxy made for the others) */
    arb_l_pushcard(L, 1, id);
    if (lua_rawget(L, 3) == LUA_TNIL) { lua_pop(L, 1); continue; }
    d = arb_l_own_proxy(L, -1, 1);
    if (!d || d->lg != lg || d->gone || !arb_attack_plain(g, id, d->id)) { lua_settop(L, base); return 0; }
    lua_pop(L, 1);
    if (arb_lc_def(L, defs, g, id)) {
      int asks = arb_lc_field_is_fn(L, -1, "can_attack") || arb_lc_field_is_fn(L, -1, "attack_condition");
      lua_pop(L, 1);
      if (asks) { lua_settop(L, base); return 0; }
    }
    for (j = n++; j > 0 && ids[j - 1] > id; j--) ids[j] = ids[j - 1];   /* card-id order */
    ids[j] = id;
  }
  lua_settop(L, base);
  if (n != entries) return 0;                  /* a card that isn't a candidate: the solver's */
  lua_createtable(L, 0, n);                    /* in the candidates' (battlefield) order */
  for (i = 0; i < z->n; i++) {
    if (!arb_attack_candidate(g, z->cards[i])) continue;
    arb_l_pushcard(L, 1, z->cards[i]);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, 3) == LUA_TNIL) { lua_pop(L, 2); continue; }
    lua_rawset(L, -3);
  }
  lua_pushinteger(L, 0);
  lua_pushboolean(L, 1);
  lua_pushinteger(L, 0);
  for (j = 0; j < 2; j++) {
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) { arb_l_pushcard(L, 1, ids[i]); lua_rawseti(L, -2, i + 1); }
  }
  lua_pushinteger(L, (lua_Integer)arb_game_gen(g));
  return 7;
}

static int g_attack(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  struct arb_combat_cache *c = arb_lc_cache(L, lg);
  uint64_t gen;
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* the layers' abilities (lstatic.c) */
  gen = arb_game_gen(lg->g);
  {
    int entries = arb_lc_plain_nearest(L, lg), r;
    if (entries >= 0 && (r = attack_as_is(L, lg, entries)) > 0) return r;
  }
  attack_ctx *x;
  int status;
  long nodes;
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
  x->decl = arb_lc_buffers(L, lg, &x->nbytes, sizeof(int) * (3 * n + 1) + n + 1);
  x->unpaid = (unsigned char *)(x->decl + 3 * n + 1);
  if (x->hit) {
    x->solved = c->a.solved;
    x->r = c->a.r;
    memcpy(x->decl + 2 * n, c->a.witness, sizeof(int) * n);
  } else attack_unpaid(L, &x->b, x->unpaid);
  ARB_L_CHARGE(L, lg, (lua_Integer)ARB_L_WORK_SOLVE * x->b.n);   /* before the search */
  arb_lc_meter(L, lg);
  status = arb_lc_run_body(L, attack_body);
  nodes = arb_lc_unmeter(L, lg, &status);
  if (x->hit) {
    if (status == LUA_OK && x->solved && !c->a.solved) {
      c->a.solved = 1;
      c->a.r = x->r;
      memcpy(c->a.witness, x->decl + 2 * n, sizeof(int) * n);
    }
  } else if (status == LUA_OK && arb_game_gen(lg->g) == gen) attack_keep(L, lg, x, gen);
  else arb_attack_build_free(lg->g, &x->b);
  arb_lc_buffers_free(lg, (void **)&x->decl, x->nbytes);
  if (nodes < 0 || status == LUA_OK) arb_lc_pay(L, lg, nodes);   /* the search, after it */
  if (status != LUA_OK) return lua_error(L);
  lua_pushinteger(L, (lua_Integer)arb_game_gen(lg->g));   /* the change counter now, last */
  return lua_gettop(L) - 6;
}

/* A call's context owns its fresh build until the cache takes it or the call
** frees it (both zero x->b); a memory error in between (a proxy, a buffer)
** would strand it: the context's __gc frees it. The game outlives it: the
** context is marked for finalization after the game, so it is finalized first. */
static int actx_gc(lua_State *L) {
  attack_ctx *x = lua_touserdata(L, 1);
  if (!x->hit && x->lg->g) arb_attack_build_free(x->lg->g, &x->b);
  arb_lc_buffers_free(x->lg, (void **)&x->decl, x->nbytes);
  return 0;
}

static const luaL_Reg attack_methods[] = {{"_attack", g_attack}, {NULL, NULL}};

void arb_lc_attack_open(lua_State *L) {
  luaL_newmetatable(L, ACTX_MT);
  lua_pushcfunction(L, actx_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  arb_l_add_game_methods(L, attack_methods);
}
