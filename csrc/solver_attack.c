/*
** solver_attack.c — legal attacks (500.2). Requirements are "attacks each
** combat if able" weights and "attacks <player> each combat if able" pair
** weights; restrictions are each creature's defender mask, "can't attack
** alone" and a whole-game limit on attackers. A creature's score depends
** only on its own choice, so each creature's value is its weight plus its
** best pair weight over the defenders it may attack, and the maximum is
** closed form (layer b): the top-k values for k = min(limit, able) >= 2,
** else the best single creature that may attack alone, else 0. Enumeration and
** nearest are a bounded depth-first search (budget -> UNKNOWN).
*/
#include <stdlib.h>
#include "solver_int.h"

typedef struct { long long w; int c; } wc;

static int wc_cmp(const void *x, const void *y) {
  const wc *p = (const wc *)x, *q = (const wc *)y;
  if (p->w != q->w) return p->w > q->w ? -1 : 1;
  return p->c - q->c;
}

static uint64_t amask(const arb_attack_problem *p, int c) {
  uint64_t m = p->can_attack ? p->can_attack[c] : 0;
  if (p->ndef < 64) m &= ((uint64_t)1 << p->ndef) - 1;
  return m;
}

static long long aw(const arb_attack_problem *p, int c) {
  if (p->exempt && p->exempt[c]) return 0;
  return p->attacks_if_able ? p->attacks_if_able[c] : 0;
}

/* Pair weight of c attacking d (exempt creatures' requirements don't count). */
static long long pw(const arb_attack_problem *p, int c, int d) {
  long long w = 0;
  int i;
  if (d < 0 || (p->exempt && p->exempt[c])) return 0;
  for (i = 0; i < p->npairs; i++)
    if (p->pairs[i].creature == c && p->pairs[i].defender == d) w += p->pairs[i].weight;
  return w;
}

/* c's best defender (most pair weight, lowest index on ties) and its value. */
static int best_def(const arb_attack_problem *p, int c, long long *val) {
  uint64_t m = amask(p, c);
  int d, bd = -1;
  long long bv = -1;
  for (d = 0; d < p->ndef && d < 64; d++) {
    long long v;
    if (!((m >> d) & 1)) continue;
    v = p->npairs ? pw(p, c, d) : 0;
    if (v > bv) { bv = v; bd = d; }
    if (!p->npairs) break;
  }
  *val = aw(p, c) + (bv > 0 ? bv : 0);
  return bd;
}

long long arb_solver_attack_value(const arb_attack_problem *p, int c) {
  long long v = 0;
  if (amask(p, c)) best_def(p, c, &v);
  return v;
}

int arb_solver_attack_may(const arb_attack_problem *p, int c, int d) {
  return d >= 0 && d < p->ndef && d < 64 && ((amask(p, c) >> d) & 1);
}

long long arb_solver_attack_obeys(const arb_attack_problem *p, int c, int d) {
  return d >= 0 ? aw(p, c) + pw(p, c, d) : 0;
}

static int alone(const arb_attack_problem *p, int c) {
  return p->cant_attack_alone && p->cant_attack_alone[c];
}

/* Does a creature with a declaration-wide condition attack in decl? */
static int conditioned_attacks(const arb_attack_problem *p, const int *decl) {
  int c;
  if (!p->condition || !p->conditioned) return 0;
  for (c = 0; c < p->n; c++)
    if (decl[c] >= 0 && p->conditioned[c]) return 1;
  return 0;
}

static int avalid(const arb_attack_problem *p) {
  int c;
  if (p == NULL || p->n < 0 || p->ndef < 0 || p->ndef > 64) return 0;
  if (p->max_attacking < 0 && p->max_attacking != ARB_SOLVER_UNLIMITED) return 0;
  for (c = 0; c < p->n; c++)
    if (p->attacks_if_able && p->attacks_if_able[c] < 0) return 0;
  if (p->npairs < 0 || (p->npairs > 0 && p->pairs == NULL)) return 0;
  for (c = 0; c < p->npairs; c++)
    if (p->pairs[c].creature < 0 || p->pairs[c].creature >= p->n || p->pairs[c].defender < 0 ||
        p->pairs[c].defender >= p->ndef || p->pairs[c].weight < 0) return 0;
  return 1;
}

static void areason(arb_solver_reason *r, int code, int c, int o, long n, long b) {
  r->code = code; r->creature = c; r->other = o; r->count = n; r->bound = b;
}

int arb_attack_restrictions(const arb_attack_problem *p, const int *decl,
                            arb_solver_reason *reason, long long *score) {
  arb_solver_reason tmp;
  arb_solver_reason *r = reason ? reason : &tmp;
  int c, n = 0, last = -1;
  long long sc = 0;
  if (!avalid(p)) return ARB_SOLVER_EINVAL;
  areason(r, ARB_REASON_NONE, -1, -1, 0, 0);
  for (c = 0; c < p->n; c++)
    if (decl[c] >= 0) { n++; last = c; sc += aw(p, c) + pw(p, c, decl[c]); }
  if (score) *score = sc;
  for (c = 0; c < p->n; c++)
    if (decl[c] >= 0 && (decl[c] >= p->ndef || !((amask(p, c) >> decl[c]) & 1))) {
      areason(r, ARB_REASON_NOT_ELIGIBLE, c, decl[c], 0, 0);
      return 0;
    }
  if (p->max_attacking != ARB_SOLVER_UNLIMITED && n > p->max_attacking) {
    areason(r, ARB_REASON_LIMIT, -1, -1, n, p->max_attacking);
    return 0;
  }
  if (n == 1 && alone(p, last)) {
    areason(r, ARB_REASON_ALONE, last, -1, 1, 2);
    return 0;
  }
  if (conditioned_attacks(p, decl)) {     /* 500.1: "can't attack unless ..." */
    int who = -1, ok = p->condition(p->condition_ud, decl, &who);
    if (ok < 0) return ARB_SOLVER_ECALLBACK;
    if (!ok) { areason(r, ARB_REASON_CONDITION, who, -1, 0, 0); return 0; }
  }
  return 1;
}

static int solve_conditioned(arb_solver *s, const arb_attack_problem *p,
                             arb_solver_result *res, int *witness);

/* Closed-form maximum; witness attacks each chosen creature's lowest
   defender.
   500.2-500.4: the legal declarations obey every restriction and the most requirements. */
int arb_attack_solve(arb_solver *s, const arb_attack_problem *p,
                     arb_solver_result *res, int *witness) {
  wc *v;
  int c, m = 0, k, lim, one = -1;
  long long top = 0;
  arb_solver_result r;
  if (!avalid(p)) return ARB_SOLVER_EINVAL;
  if (p->condition && p->conditioned) return solve_conditioned(s, p, res, witness);
  v = arb_solver_ws(s, WS_POS, ((size_t)p->n + 1) * sizeof(wc));
  if (v == NULL) return ARB_SOLVER_ENOMEM;
  for (c = 0; c < p->n; c++)
    if (amask(p, c)) { best_def(p, c, &v[m].w); v[m++].c = c; }
  qsort(v, (size_t)m, sizeof *v, wc_cmp);
  lim = p->max_attacking == ARB_SOLVER_UNLIMITED ? m : p->max_attacking;
  k = m < lim ? m : lim;
  for (c = 0; c < m; c++)
    if (!alone(p, v[c].c) && one < 0) one = c;   /* best that may attack alone */
  if (k >= 2) for (c = 0; c < k; c++) top += v[c].w;
  r.max = top; r.status = ARB_SOLVER_OK; r.nodes = 0;
  r.layer = ARB_LAYER_SEPARABLE;
  if (k < 2) { k = 0; if (one >= 0 && lim >= 1) { r.max = v[one].w; k = -1; } }
  if (r.max == 0) { k = 0; r.layer = ARB_LAYER_TRIVIAL; }
  r.lower = r.upper = r.max;
  if (witness) {
    for (c = 0; c < p->n; c++) witness[c] = -1;
    long long tmp;
    if (k == -1) witness[v[one].c] = best_def(p, v[one].c, &tmp);
    for (c = 0; c < k; c++) witness[v[c].c] = best_def(p, v[c].c, &tmp);
  }
  if (res) *res = r;
  return ARB_SOLVER_OK;
}

int arb_attack_judge(const arb_attack_problem *p, const int *decl,
                     const arb_solver_result *r, arb_solver_verdict *v) {
  v->result = *r;
  v->status = r->status;
  v->obeys_restrictions = arb_attack_restrictions(p, decl, &v->reason, &v->score);
  if (v->obeys_restrictions < 0) { v->status = v->obeys_restrictions; return v->status; }
  v->legal = v->obeys_restrictions && v->score == r->max;
  if (v->obeys_restrictions && !v->legal) {
    v->reason.code = ARB_REASON_REQUIREMENTS;
    v->reason.count = (long)v->score;
    v->reason.bound = (long)r->max;
  }
  return v->status;
}

int arb_attack_check(arb_solver *s, const arb_attack_problem *p,
                     const int *decl, arb_solver_verdict *v) {
  arb_solver_result r;
  int rc = arb_attack_solve(s, p, &r, NULL);
  if (rc < 0) { v->status = rc; return rc; }
  return arb_attack_judge(p, decl, &r, v);
}

/* Depth-first search over creatures for ENUM and NEAR. */
typedef struct as {
  arb_solver *s;
  const arb_attack_problem *p;
  int *decl, *out;
  const int *prop;
  long long target, cur, *suf;
  long limit, count, nodes, budget, cap;
  int n, lim, changes, best, stop, oob;
  int maxing, err;                      /* solve_conditioned: the maximum sought; a callback error */
  arb_attack_visit visit;
  void *ud;
} as;

/* "can't attack alone" and the declaration-wide conditions of a leaf */
static int leaf_ok(as *t) {
  int c, last = -1, who, ok;
  if (t->n == 1) for (c = 0; c < t->p->n; c++) if (t->decl[c] >= 0) last = c;
  if (t->n == 1 && alone(t->p, last)) return 0;
  if (!conditioned_attacks(t->p, t->decl)) return 1;
  t->nodes += ARB_CONDITION_NODES;
  ok = t->p->condition(t->p->condition_ud, t->decl, &who);
  if (ok < 0) { t->err = 1; t->stop = 1; return 0; }
  return ok;
}

static void aleaf(as *t) {
  int c;
  if (t->maxing) {                      /* a better restriction-obeying declaration */
    if (t->cur >= t->target && leaf_ok(t)) {
      t->target = t->cur + 1;
      for (c = 0; c < t->p->n; c++) t->out[c] = t->decl[c];
    }
    return;
  }
  if (t->cur != t->target) return;
  if (!leaf_ok(t)) return;
  if (t->prop == NULL) {
    t->count++;
    if ((t->visit && t->visit(t->ud, t->decl)) || (t->limit > 0 && t->count >= t->limit))
      t->stop = 1;
  } else if (t->changes < t->best) {
    t->best = t->changes;
    for (c = 0; c < t->p->n; c++) t->out[c] = t->decl[c];
    if (t->best == 0) t->stop = 1;
  }
}

static void adfs(as *t, int c);

static void atry(as *t, int c, int d) {
  int ch = t->prop && t->prop[c] != d;
  long long w;
  if (d >= 0 && t->n >= t->lim) return;
  t->decl[c] = d;
  t->changes += ch;
  w = d >= 0 ? aw(t->p, c) + pw(t->p, c, d) : 0;
  if (d >= 0) { t->n++; t->cur += w; }
  adfs(t, c + 1);
  if (d >= 0) { t->n--; t->cur -= w; }
  t->changes -= ch;
  t->decl[c] = -1;
}

static void adfs(as *t, int c) {
  uint64_t m;
  int d;
  if (t->stop) return;
  if (c == t->p->n) { aleaf(t); return; }
  if (arb_solver_out(t->s, ++t->nodes, t->budget)) { t->oob = 1; t->stop = 1; return; }
  if (t->cur + t->suf[c] < t->target) return;
  if (t->prop && t->changes >= t->best) return;
  m = amask(t->p, c);
  if (t->prop) {                         /* proposal's choice first */
    int pd = t->prop[c];
    if (pd == -1 || (pd >= 0 && pd < t->p->ndef && ((m >> pd) & 1))) atry(t, c, pd);
  }
  for (d = -1; d < t->p->ndef && !t->stop; d++) {
    if (d >= 0 && !((m >> d) & 1)) continue;
    if (t->prop && t->prop[c] == d) continue;
    atry(t, c, d);
  }
}

static int arun(arb_solver *s, as *t, const arb_attack_problem *p) {
  arb_solver_result r;
  int rc = arb_attack_solve(s, p, &r, NULL), c;
  if (rc < 0) return rc;
  t->decl = arb_solver_ws(s, WS_DECL, ((size_t)p->n + 1) * sizeof(int));
  t->suf = arb_solver_ws(s, WS_SUF, ((size_t)p->n + 1) * sizeof(long long));
  if (t->decl == NULL || t->suf == NULL) return ARB_SOLVER_ENOMEM;
  t->s = s; t->p = p; t->target = r.max; t->cur = 0; t->n = 0; t->changes = 0;
  t->stop = 0; t->oob = 0; t->nodes = 0; t->budget = s->budget; t->count = 0;
  t->maxing = 0; t->err = 0;
  if (t->cap > 0 && t->cap < t->budget) t->budget = t->cap;
  t->lim = p->max_attacking == ARB_SOLVER_UNLIMITED ? p->n : p->max_attacking;
  t->suf[p->n] = 0;
  for (c = p->n - 1; c >= 0; c--) {
    long long v = 0;
    if (amask(p, c)) best_def(p, c, &v);
    t->suf[c] = t->suf[c + 1] + v;
  }
  for (c = 0; c < p->n; c++) t->decl[c] = -1;
  adfs(t, 0);
  s->spent += t->nodes;
  if (t->err) return ARB_SOLVER_ECALLBACK;
  return t->oob ? ARB_SOLVER_UNKNOWN : ARB_SOLVER_OK;
}

/* 500.2-500.4 with declaration-wide conditions: a branch and bound over the
   creatures (each stays home or attacks one defender it may), bounded by the
   score so far plus the best each remaining creature could add; the empty
   declaration (score 0) always obeys every restriction. The witness is the
   best declaration found; out of budget: UNKNOWN with lower and upper. */
static int solve_conditioned(arb_solver *s, const arb_attack_problem *p,
                             arb_solver_result *res, int *witness)
{
  as t;
  arb_solver_result r;
  int c, *best = arb_solver_ws(s, WS_BEST, ((size_t)p->n + 1) * sizeof(int));
  t.decl = arb_solver_ws(s, WS_DECL, ((size_t)p->n + 1) * sizeof(int));
  t.suf = arb_solver_ws(s, WS_SUF, ((size_t)p->n + 1) * sizeof(long long));
  if (t.decl == NULL || t.suf == NULL || best == NULL) return ARB_SOLVER_ENOMEM;
  t.s = s; t.p = p; t.out = best; t.prop = NULL; t.visit = NULL; t.ud = NULL;
  t.target = 1; t.cur = 0; t.n = 0; t.changes = 0; t.best = 0; t.limit = 0; t.count = 0;
  t.stop = 0; t.oob = 0; t.nodes = 0; t.budget = s->budget; t.cap = 0; t.maxing = 1; t.err = 0;
  t.lim = p->max_attacking == ARB_SOLVER_UNLIMITED ? p->n : p->max_attacking;
  t.suf[p->n] = 0;
  for (c = p->n - 1; c >= 0; c--) {
    long long v = 0;
    if (amask(p, c)) best_def(p, c, &v);
    t.suf[c] = t.suf[c + 1] + v;
  }
  for (c = 0; c < p->n; c++) t.decl[c] = best[c] = -1;
  adfs(&t, 0);
  s->spent += t.nodes;                  /* charged to a script's ceiling as arun's search is */
  if (t.err) return ARB_SOLVER_ECALLBACK;
  r.lower = t.target - 1;
  r.nodes = t.nodes;
  if (t.oob) {
    r.status = ARB_SOLVER_UNKNOWN; r.max = -1; r.upper = t.suf[0]; r.layer = ARB_LAYER_BUDGET;
  } else {
    r.status = ARB_SOLVER_OK; r.max = r.upper = r.lower;
    r.layer = r.max == 0 ? ARB_LAYER_TRIVIAL : ARB_LAYER_BRANCH;
  }
  if (witness) for (c = 0; c < p->n; c++) witness[c] = best[c];
  if (res) *res = r;
  return r.status;
}

int arb_attack_enumerate(arb_solver *s, const arb_attack_problem *p, long limit,
                         arb_attack_visit visit, void *ud, long *count) {
  as t;
  int rc;
  t.prop = NULL; t.out = NULL; t.limit = limit; t.visit = visit; t.ud = ud;
  t.best = 0; t.cap = 0;
  rc = arun(s, &t, p);
  *count = rc >= 0 ? t.count : 0;
  return rc;
}

int arb_attack_nearest(arb_solver *s, const arb_attack_problem *p,
                       const int *proposal, int *out, int *changes) {
  return arb_attack_nearest_within(s, p, proposal, out, changes, 0);
}

int arb_attack_nearest_within(arb_solver *s, const arb_attack_problem *p,
                              const int *proposal, int *out, int *changes, long nodes) {
  return arb_attack_nearest_bounded(s, p, proposal, out, changes, nodes, NULL);
}

/* A greedy start: from the witness (scoring the maximum), each creature takes
   the proposal's choice where that keeps its own score and the limit; the
   result is checked whole ("can't attack alone") and dropped if it fails.
   Without a limit this is the nearest legal attack already. */
static int aadopt(arb_solver *s, const arb_attack_problem *p, const int *prop, int *out) {
  int *wit = arb_solver_ws(s, WS_NEAR_W, ((size_t)p->n + 1) * sizeof(int));
  int c, att = 0, lim = p->max_attacking == ARB_SOLVER_UNLIMITED ? p->n : p->max_attacking, ok;
  if (wit == NULL) return ARB_SOLVER_ENOMEM;
  for (c = 0; c < p->n; c++) { wit[c] = out[c]; att += out[c] >= 0; }
  for (c = 0; c < p->n; c++) {
    int d = prop[c], o = out[c];
    if (d == o || (d >= 0 && !arb_solver_attack_may(p, c, d))) continue;
    if (arb_solver_attack_obeys(p, c, d) != arb_solver_attack_obeys(p, c, o)) continue;
    if (o < 0 && att >= lim) continue;
    out[c] = d;
    att += (d >= 0) - (o >= 0);
  }
  ok = arb_attack_restrictions(p, out, NULL, NULL);
  if (ok < 0) return ok;
  if (!ok) for (c = 0; c < p->n; c++) out[c] = wit[c];
  return 0;
}

int arb_attack_nearest_bounded(arb_solver *s, const arb_attack_problem *p,
                               const int *proposal, int *out, int *changes, long nodes,
                               int *bound) {
  arb_solver_result r;
  as t;
  int rc, c, lb = 0;
  rc = arb_attack_solve(s, p, &r, out);
  if (rc < 0) return rc;
  if (bound) *bound = 0;
  if (r.status == ARB_SOLVER_OK && !(p->condition && p->conditioned) &&
      (rc = aadopt(s, p, proposal, out)) < 0) return rc;
  t.best = 0;
  for (c = 0; c < p->n; c++) t.best += out[c] != proposal[c];
  *changes = t.best;
  if (t.best == 0) return ARB_SOLVER_OK;
  if (r.status == ARB_SOLVER_OK) {
    if ((rc = arb_solver_attack_bound(s, p, r.max, proposal, &lb)) < 0) return rc;
    if (lb >= t.best) { if (bound) *bound = t.best; return ARB_SOLVER_OK; }
  }
  t.prop = proposal; t.out = out; t.limit = 0; t.visit = NULL; t.ud = NULL;
  t.cap = nodes;
  rc = arun(s, &t, p);
  *changes = t.best;
  if (rc == ARB_SOLVER_UNKNOWN && r.status == ARB_SOLVER_OK && lb >= t.best) rc = ARB_SOLVER_OK;
  if (bound) *bound = rc == ARB_SOLVER_OK ? t.best : lb;
  return rc;
}
