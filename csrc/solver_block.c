/*
** solver_block.c — public block API (500.3-500.5): solve, check,
** enumerate, nearest. Runs the layers in order, each only when the one
** before can't certify: (a) classes + (b) separable bound in prep/here,
** (c) min-cost flow relaxation, (d) branch and bound, (e) budget -> UNKNOWN.
** Every certificate is re-checked with solver_check.c before it is trusted.
*/
#include <limits.h>
#include "solver_int.h"

static int wcount(const bprep *bp) { return bp->nb * bp->nw; }

static void zero(uint64_t *d, size_t n) { size_t i; for (i = 0; i < n; i++) d[i] = 0; }

/* Layer (b): every blocker takes its best independent choice (members of a
   class alike), up to the whole-game limit in bound order. */
int arb_solver_separable(arb_solver *s, bprep *bp, uint64_t *decl) {
  int i, n = 0, lim = bp->p->max_blocking;
  (void)s;
  zero(decl, (size_t)wcount(bp));
  for (i = 0; i < bp->nlive; i++) {
    int b = bp->order[i], c = bp->cls[b], k = 0, m = bp->coff[c + 1] - bp->coff[c];
    if (bp->indep[c] == 0 || (lim >= 0 && n >= lim)) continue;
    while (k < bp->cap[b] && k < m && bp->cw[bp->coff[c] + k] > 0) k++;
    if (k == 0 && bp->wblk[b] > 0) k = 1;
    n++;
    while (k-- > 0) ARB_SET(decl + (size_t)b * bp->nw, bp->ca[bp->coff[c] + k]);
  }
  return 0;
}

static int obeys(arb_solver *s, const arb_block_problem *p, const uint64_t *d) {
  arb_solver_reason r;
  return arb_block_restrictions(s, p, d, &r, NULL);
}

/* A candidate breaking a condition ("can't block unless ...", Okk): a
   repaired copy (arb_solver_repair drops the blockers whose condition
   fails), kept as best if it then scores higher. */
static int offer_unconditioned(arb_solver *s, bprep *bp, const uint64_t *cand, uint64_t *best,
                               long long *lower) {
  size_t i, n = (size_t)wcount(bp);
  uint64_t *d = arb_solver_ws(s, WS_OFFER, (n + 1) * sizeof(uint64_t));
  long long sc;
  int rc;
  if (d == NULL) return ARB_SOLVER_ENOMEM;
  for (i = 0; i < n; i++) d[i] = cand[i];
  if ((rc = arb_solver_repair(s, bp, d, &sc)) <= 0) return rc;
  if (sc > *lower) { *lower = sc; for (i = 0; i < n; i++) best[i] = d[i]; }
  return 1;
}

/* Try a candidate; keep it as best if it obeys and scores higher. */
static int offer(arb_solver *s, bprep *bp, const uint64_t *cand, uint64_t *best,
                 long long *lower) {
  long long sc;
  int ok = obeys(s, bp->p, cand);
  size_t i, n = (size_t)wcount(bp);
  if (ok < 0) return ok;
  if (!ok) return bp->p->condition != NULL ? offer_unconditioned(s, bp, cand, best, lower) : 0;
  sc = arb_solver_bscore(bp->p, cand);
  if (sc > *lower) { *lower = sc; for (i = 0; i < n; i++) best[i] = cand[i]; }
  return 1;
}

static int certified(arb_solver_result *r, arb_solver_layer layer) {
  if (r->lower < r->upper) return 0;
  r->max = r->lower; r->layer = layer; r->status = ARB_SOLVER_OK;
  return 1;
}

static int unknown(arb_solver_result *r) {
  r->status = ARB_SOLVER_UNKNOWN; r->layer = ARB_LAYER_BUDGET; r->max = -1;
  return ARB_SOLVER_UNKNOWN;
}

static int has_thresholds(const bprep *bp) {
  int a;
  for (a = 0; a < bp->na; a++) if (bp->maxa[a] > 0 && bp->mina[a] > 1) return 1;
  return 0;
}

/* The flow relaxation at the root; with thresholds, also the Lagrangian
   bound at the flow's prices (solver_lagr.c), the lower of the two. */
static int root_flow(arb_solver *s, bprep *bp, uint64_t *decl, long long *fmax) {
  long long lb;
  long work = 0;
  int rc;
  if (!has_thresholds(bp)) return arb_solver_flow(s, bp, decl, fmax);
  if ((rc = arb_solver_lagr_init(s, bp)) < 0) return rc;
  rc = arb_solver_flow_prices(s, bp, NULL, decl, fmax, &work, arb_solver_lagr_prices(s, bp),
                              arb_solver_lagr_q());
  if (rc != 1) return rc;
  if ((rc = arb_solver_lagr(s, bp, NULL, &lb, &work)) < 0) return rc;
  if (rc == 1 && lb < *fmax) *fmax = lb;
  return 1;
}

/* With thresholds, after the first dive: the bound at better prices
   (solver_dual.c: thresholds-dense at 500 per side 1020 -> 1008.33, its
   linear relaxation), then a dive from the attackers that bound decides
   (arb_solver_lagr_modes). On that preset at 100-500 per side the dive
   reaches the bound's floor at the root: 1008 at 500 (995 after the whole
   budget before). Returns 0 or an error. */
static int priced_root(arb_solver *s, bprep *bp, arb_solver_result *r, uint64_t *best) {
  signed char *base = arb_solver_ws(s, WS_D_BASE, (size_t)bp->na + 1);
  long long ub, b = r->lower;
  long w = 0, n, left;
  int rc;
  if (base == NULL) return ARB_SOLVER_ENOMEM;
  if (arb_solver_out(s, r->nodes, s->budget - 1)) return 0;   /* the descent's work within */
  left = s->budget - r->nodes;                                 /* what is left */
  if (s->ceiling > 0 && s->ceiling - s->spent - r->nodes < left) left = s->ceiling - s->spent - r->nodes;
  left = left < LONG_MAX / 64 ? left * 64 : LONG_MAX;
  rc = arb_solver_lagr_descend(s, bp, NULL, r->lower, 8, &ub, &w, left);
  r->nodes += 1 + w / 64;
  if (rc < 0) return rc;
  if (arb_solver_out(s, r->nodes, LONG_MAX)) return 0;         /* the ceiling cut it short */
  if (rc != 1) return 0;                         /* no bound (weights too large for exact sums) */
  if (ub < r->upper) r->upper = ub;
  if (r->lower >= r->upper) return 0;
  if ((rc = arb_solver_lagr_modes(s, bp, base, arb_solver_lagr_q() / 64)) < 0) return rc;
  n = r->nodes;
  if ((rc = arb_solver_dive(s, bp, base, &b, r->upper, best, &n, 1, s->budget)) < 0) return rc;
  r->lower = b; r->nodes = n;
  return 0;
}

/* A layer's outcome when it decides nothing: the next layer runs (OK, UNKNOWN and the errors
   are the verdicts). */
enum { NEXT_LAYER = 3 };

/* Layers (a)-(c): trivial, separable, the flow at the root (and its declaration repaired).
   *limit_broken: the flow's declaration breaks the whole-game limit. */
static int first_layers(arb_solver *s, bprep *bp, arb_solver_result *r, uint64_t *best,
                        int *limit_broken) {
  uint64_t *cand = arb_solver_ws(s, WS_STACK, ((size_t)wcount(bp) + 1) * sizeof(uint64_t));
  long long fmax;
  int rc;
  *limit_broken = 0;
  if (cand == NULL) return ARB_SOLVER_ENOMEM;
  zero(best, (size_t)wcount(bp));
  r->lower = 0; r->upper = bp->ub;
  if (certified(r, ARB_LAYER_TRIVIAL)) return ARB_SOLVER_OK;
  arb_solver_separable(s, bp, cand);
  if ((rc = offer(s, bp, cand, best, &r->lower)) < 0) return rc;
  if (certified(r, ARB_LAYER_SEPARABLE)) return ARB_SOLVER_OK;
  rc = root_flow(s, bp, cand, &fmax);
  if (rc < 0) return rc;
  if (rc == 1) {
    long long sc;
    *limit_broken = arb_solver_limit_broken(bp, cand);
    if (fmax < r->upper) r->upper = fmax;
    if ((rc = offer(s, bp, cand, best, &r->lower)) < 0) return rc;
    if (certified(r, ARB_LAYER_FLOW)) return ARB_SOLVER_OK;
    if ((rc = arb_solver_repair(s, bp, cand, &sc)) < 0) return rc;
    if (rc == 1 && (rc = offer(s, bp, cand, best, &r->lower)) < 0) return rc;
  }
  return NEXT_LAYER;
}

/* The whole-game limit's layers (solver_limit*.c), when the flow's declaration broke it. */
static int limit_layers(arb_solver *s, bprep *bp, arb_solver_result *r, uint64_t *best) {
  long long ub = r->upper, price;
  long w = 0;
  int rc;
  if ((rc = arb_solver_limit_bound(s, bp, NULL, &ub, &r->lower, best, &w, &price)) < 0) return rc;
  r->nodes += 1 + w / 64;
  if (rc == 1 && ub < r->upper) r->upper = ub;
  if (certified(r, ARB_LAYER_FLOW)) return ARB_SOLVER_OK;
  rc = arb_solver_limit_branch(s, bp, price, &r->lower, r->upper, best, &r->nodes);
  if (rc < 0) return rc;
  if (rc == ARB_SOLVER_OK) r->upper = r->lower;
  if (certified(r, ARB_LAYER_BRANCH)) return ARB_SOLVER_OK;
  if (rc == ARB_SOLVER_UNKNOWN) return unknown(r);
  return NEXT_LAYER;
}

/* The min-blocker thresholds' layers (solver_thresh.c): a dive, the priced root, then the
   branch and bound over thresholds. */
static int threshold_layers(arb_solver *s, bprep *bp, arb_solver_result *r, uint64_t *best) {
  long n = r->nodes;
  long long b = r->lower;
  int rc;
  /* a quarter of the budget at most: thresholds-dense at 530 per side spent all of it here
     (an eighth is too little for the C bench's thresholds board at 500) */
  if ((rc = arb_solver_dive(s, bp, NULL, &b, r->upper, best, &n, 0, n + s->budget / 4)) < 0)
    return rc;
  r->lower = b; r->nodes = n;
  if (certified(r, ARB_LAYER_FLOW)) return ARB_SOLVER_OK;
  if ((rc = priced_root(s, bp, r, best)) < 0) return rc;
  if (certified(r, ARB_LAYER_FLOW)) return ARB_SOLVER_OK;
  b = r->lower; n = r->nodes;
  rc = arb_solver_thresholds(s, bp, &b, r->upper, best, &n);
  r->nodes = n;
  if (rc < 0) return rc;
  r->lower = b;
  if (rc == ARB_SOLVER_OK) r->upper = b;
  if (certified(r, ARB_LAYER_BRANCH)) return ARB_SOLVER_OK;
  if (rc == ARB_SOLVER_UNKNOWN) return unknown(r);
  return NEXT_LAYER;
}

/* Layer (d): branch and bound from the best found; (e) the budget: UNKNOWN. */
static int branch_layer(arb_solver *s, bprep *bp, arb_solver_result *r, uint64_t *best) {
  bbargs a;
  int rc;
  a.mode = BB_MAX; a.best = r->lower; a.ub = r->upper; a.best_decl = best;
  a.proposal = NULL; a.visit = NULL; a.ud = NULL; a.nodes = r->nodes; a.limit = 0; a.count = 0;
  rc = arb_solver_branch(s, bp, &a);
  r->nodes = a.nodes;
  if (rc < 0) return rc;
  r->lower = a.best;
  if (rc == ARB_SOLVER_OK) r->upper = a.best;
  if (certified(r, ARB_LAYER_BRANCH)) return ARB_SOLVER_OK;
  return unknown(r);
}

/* Groups (a defending player each: the limit and "can't block alone" counted per group) leave
   the whole-game limit's and the thresholds' layers out: they take their relaxations' optima as
   settled, and those may break a group's rule. The flow's bound stays a bound (max_blocking
   covers every group's places). */
static int run_layers(arb_solver *s, bprep *bp, arb_solver_result *r, uint64_t *best) {
  int limit_broken, rc = first_layers(s, bp, r, best, &limit_broken);
  if (rc == NEXT_LAYER && bp->p->group != NULL) return branch_layer(s, bp, r, best);
  if (rc == NEXT_LAYER && limit_broken && r->lower < r->upper) rc = limit_layers(s, bp, r, best);
  if (rc == NEXT_LAYER && has_thresholds(bp)) rc = threshold_layers(s, bp, r, best);
  return rc == NEXT_LAYER ? branch_layer(s, bp, r, best) : rc;
}

/* Prepares p and solves it -- or, given a result and witness solved before
   for the same problem (known, kwit: the binding's cache), takes those. */
static int solve_known(arb_solver *s, const arb_block_problem *p, bprep *bp,
                       const arb_solver_result *known, const uint64_t *kwit,
                       arb_solver_result *r, uint64_t **best) {
  int rc = arb_solver_prep(s, p, bp), i;
  r->status = ARB_SOLVER_OK; r->max = -1; r->lower = 0; r->upper = 0;
  r->layer = ARB_LAYER_NONE; r->nodes = 0;
  if (rc != ARB_SOLVER_OK) return rc;
  *best = arb_solver_ws(s, WS_BEST, ((size_t)wcount(bp) + 1) * sizeof(uint64_t));
  if (*best == NULL) return ARB_SOLVER_ENOMEM;
  if (known == NULL || kwit == NULL) {
    rc = run_layers(s, bp, r, *best);
    s->spent += r->nodes;
    return rc;
  }
  *r = *known;
  for (i = 0; i < wcount(bp); i++) (*best)[i] = kwit[i];
  return r->status;
}

static int solve_prepped(arb_solver *s, const arb_block_problem *p, bprep *bp,
                         arb_solver_result *r, uint64_t **best) {
  return solve_known(s, p, bp, NULL, NULL, r, best);
}

int arb_block_solve(arb_solver *s, const arb_block_problem *p,
                    arb_solver_result *res, uint64_t *witness) {
  bprep bp;
  arb_solver_result r;
  uint64_t *best;
  int rc = solve_prepped(s, p, &bp, &r, &best), i;
  if (res != NULL) *res = r;
  if (rc >= 0 && witness != NULL)
    for (i = 0; i < wcount(&bp); i++) witness[i] = best[i];
  return rc;
}

/* 500.4: legal iff restriction-obeying and as many requirements as the
   maximum. Under UNKNOWN only certain verdicts are given. */
static void judge(arb_solver_verdict *v) {
  const arb_solver_result *r = &v->result;
  v->legal = 0;
  if (!v->obeys_restrictions) return;
  if (r->status == ARB_SOLVER_OK ? v->score >= r->max : v->score >= r->upper) {
    v->legal = 1;
    return;
  }
  if (r->status == ARB_SOLVER_OK || v->score < r->lower) {
    v->reason.code = ARB_REASON_REQUIREMENTS;
    v->reason.count = (long)v->score;
    v->reason.bound = (long)(r->status == ARB_SOLVER_OK ? r->max : r->lower);
    return;
  }
  v->legal = -1;
  v->reason.code = ARB_REASON_UNKNOWN;
  v->reason.count = (long)v->score;
  v->reason.bound = (long)r->upper;
}

int arb_block_judge(arb_solver *s, const arb_block_problem *p,
                    const uint64_t *decl, const arb_solver_result *r,
                    arb_solver_verdict *v) {
  int rc;
  v->result = *r;
  v->status = r->status;
  rc = arb_block_restrictions(s, p, decl, &v->reason, &v->score);
  if (rc < 0) return rc;
  v->obeys_restrictions = rc;
  judge(v);
  return v->status;
}

int arb_block_check(arb_solver *s, const arb_block_problem *p,
                    const uint64_t *decl, arb_solver_verdict *v) {
  arb_solver_result r;
  int rc = arb_block_solve(s, p, &r, NULL);
  if (rc < 0) { v->status = rc; return rc; }
  return arb_block_judge(s, p, decl, &r, v);
}

int arb_block_enumerate(arb_solver *s, const arb_block_problem *p, long limit,
                        arb_block_visit visit, void *ud, long *count) {
  return arb_block_enumerate_known(s, p, NULL, NULL, limit, visit, ud, count);
}

int arb_block_enumerate_known(arb_solver *s, const arb_block_problem *p,
                              const arb_solver_result *known, const uint64_t *kwit,
                              long limit, arb_block_visit visit, void *ud, long *count) {
  bprep bp;
  arb_solver_result r;
  uint64_t *best;
  bbargs a;
  int rc = solve_known(s, p, &bp, known, kwit, &r, &best);
  *count = 0;
  if (rc != ARB_SOLVER_OK) return rc;
  a.mode = BB_ENUM; a.target = r.max; a.best = 0; a.ub = 0; a.best_decl = NULL;
  a.proposal = NULL; a.limit = limit; a.count = 0; a.visit = visit; a.ud = ud;
  a.nodes = 0;
  rc = arb_solver_branch(s, &bp, &a);
  s->spent += a.nodes;
  *count = a.count;
  return rc;
}

static int row_empty_w(const uint64_t *row, int nw) {
  int w;
  for (w = 0; w < nw; w++) if (row[w]) return 0;
  return 1;
}

static int diff_rows(const bprep *bp, const uint64_t *x, const uint64_t *y) {
  int b, w, n = 0;
  for (b = 0; b < bp->nb; b++)
    for (w = 0; w < bp->nw; w++)
      if (x[(size_t)b * bp->nw + w] != y[(size_t)b * bp->nw + w]) { n++; break; }
  return n;
}

static int wv(const int *w, int i) { return w != NULL ? w[i] : 0; }

/* Requirements blocker b obeys by its row (Lure, pairs, blocks-if-able). */
static long long row_weight(const arb_block_problem *p, int b, const uint64_t *row, int nw) {
  long long v = 0;
  int a, i, any = 0;
  if (p->exempt != NULL && p->exempt[b]) return 0;
  for (a = 0; a < p->na; a++)
    if (ARB_HAS(row, a)) { v += wv(p->lure, a); any = 1; }
  for (i = 0; i < p->npairs; i++)
    if (p->pairs[i].blocker == b && ARB_HAS(row, p->pairs[i].attacker)) v += p->pairs[i].weight;
  (void)nw;
  return any ? v + wv(p->blocks_if_able, b) : v;
}

/* Whether blocker b may take row r as its whole row, the others kept
   (cnt: blockers per attacker; nblk: blocking creatures), and the score
   change; "alone" with a single other blocker and conditions are left to
   the full check. Returns 1 (fits, *delta), 0, or -1 (ask the full check). */
static int row_fits(const arb_block_problem *p, const bprep *bp, int b, const uint64_t *old,
                    const uint64_t *r, const int *cnt, int nblk, long long *delta) {
  const uint64_t *el = p->eligible + (size_t)b * bp->nw;
  int a, k = 0, was = 0, now, cap = p->capacity != NULL ? p->capacity[b] : 1;
  long long d = row_weight(p, b, r, bp->nw) - row_weight(p, b, old, bp->nw);
  for (a = 0; a < bp->na; a++) {
    int o = (int)ARB_HAS(old, a), n = (int)ARB_HAS(r, a), c;
    was |= o; k += n;
    if (n && !ARB_HAS(el, a)) return 0;
    if (o == n) continue;
    c = cnt[a] + n - o;
    if (c > 0 && (c < (p->min_blockers ? p->min_blockers[a] : 1) ||
                  (p->max_blockers && p->max_blockers[a] != ARB_SOLVER_UNLIMITED &&
                   c > p->max_blockers[a]))) return 0;
    if (c == 0 || cnt[a] == 0) d += (c > 0 ? 1 : -1) * (long long)wv(p->must_be_blocked, a);
  }
  now = k > 0;
  if (cap != ARB_SOLVER_UNLIMITED && k > cap) return 0;
  nblk += now - was;
  if (p->max_blocking != ARB_SOLVER_UNLIMITED && nblk > p->max_blocking) return 0;
  *delta = d;
  if (p->condition != NULL || p->group != NULL || (nblk == 1 && p->cant_block_alone != NULL && !now)) return -1;
  if (nblk == 1 && now && p->cant_block_alone != NULL && p->cant_block_alone[b]) return 0;
  return 1;
}

/* A greedy start for the nearest search: from a legal declaration scoring
   the maximum, take the proposal's row for each blocker where that keeps
   every restriction and the score (the proposal's wishes first). */
static int adopt(arb_solver *s, const arb_block_problem *p, const bprep *bp,
                 const uint64_t *proposal, uint64_t *out) {
  int *cnt = arb_solver_ws(s, WS_NCNT, sizeof(int) * ((size_t)bp->na + 1));
  uint64_t *old = arb_solver_ws(s, WS_PROP, sizeof(uint64_t) * ((size_t)bp->nw + 1));
  int a, b, w, nblk = 0, rc;
  if (cnt == NULL || old == NULL) return ARB_SOLVER_ENOMEM;
  for (a = 0; a < bp->na; a++) cnt[a] = 0;
  for (b = 0; b < bp->nb; b++) {
    int any = 0;
    for (a = 0; a < bp->na; a++) if (ARB_HAS(out + (size_t)b * bp->nw, a)) { cnt[a]++; any = 1; }
    nblk += any;
  }
  for (b = 0; b < bp->nb; b++) {
    uint64_t *row = out + (size_t)b * bp->nw;
    const uint64_t *want = proposal + (size_t)b * bp->nw;
    long long d = 0;
    int same = 1;
    for (w = 0; w < bp->nw; w++) same &= row[w] == want[w];
    if (same) continue;
    rc = row_fits(p, bp, b, row, want, cnt, nblk, &d);
    if (rc == 0 || d != 0) continue;
    for (w = 0; w < bp->nw; w++) { old[w] = row[w]; row[w] = want[w]; }
    if (rc < 0) {                        /* the full check decides */
      arb_solver_reason r;
      int ok = arb_block_restrictions(s, p, out, &r, NULL);
      if (ok < 0) return ok;
      if (!ok) { for (w = 0; w < bp->nw; w++) row[w] = old[w]; continue; }
    }
    for (a = 0; a < bp->na; a++) cnt[a] += (int)ARB_HAS(want, a) - (int)ARB_HAS(old, a);
    nblk += !row_empty_w(want, bp->nw) - !row_empty_w(old, bp->nw);
  }
  return 0;
}

int arb_block_nearest(arb_solver *s, const arb_block_problem *p,
                      const uint64_t *proposal, uint64_t *out, int *changes) {
  return arb_block_nearest_known(s, p, NULL, NULL, proposal, out, changes);
}

int arb_block_nearest_known(arb_solver *s, const arb_block_problem *p,
                            const arb_solver_result *known, const uint64_t *kwit,
                            const uint64_t *proposal, uint64_t *out, int *changes) {
  return arb_block_nearest_within(s, p, known, kwit, proposal, out, changes, 0);
}

int arb_block_nearest_within(arb_solver *s, const arb_block_problem *p,
                             const arb_solver_result *known, const uint64_t *kwit,
                             const uint64_t *proposal, uint64_t *out, int *changes,
                             long nodes) {
  return arb_block_nearest_bounded(s, p, known, kwit, proposal, out, changes, nodes, NULL);
}

/* The nearest search on a prepared problem whose maximum (rp, best: its witness) is known,
   rc its status. */
static int nearest_prepped(arb_solver *s, const arb_block_problem *p, bprep *bp, int rc,
                           const arb_solver_result *rp, const uint64_t *best,
                           const uint64_t *proposal, uint64_t *out, int *changes,
                           long nodes, int *bound) {
  bbargs a;
  int i, lb = 0;
  if (bound) *bound = 0;
  for (i = 0; i < wcount(bp); i++) out[i] = best[i];
  if (rc == ARB_SOLVER_OK && (i = adopt(s, p, bp, proposal, out)) < 0) return i;
  *changes = diff_rows(bp, out, proposal);
  if (rc != ARB_SOLVER_OK || *changes == 0) return rc;
  if ((i = arb_solver_block_bound(s, bp, rp->max, proposal, &lb)) < 0) return i;
  if (lb >= *changes) { if (bound) *bound = *changes; return ARB_SOLVER_OK; }
  a.mode = BB_NEAR; a.target = rp->max; a.best_changes = *changes; a.best_decl = out;
  a.proposal = proposal; a.limit = 0; a.count = 0; a.visit = NULL; a.ud = NULL;
  a.nodes = 0; a.best = 0; a.ub = 0;
  if (nodes > 0 && nodes < s->budget) a.nodes = s->budget - nodes;  /* only nodes left */
  s->spent -= a.nodes;               /* the search counts from a.nodes: the ceiling sees its work */
  rc = arb_solver_branch(s, bp, &a);
  s->spent += a.nodes;
  *changes = a.best_changes;
  if (rc == ARB_SOLVER_UNKNOWN && lb >= *changes) rc = ARB_SOLVER_OK;   /* the bound proves it */
  if (bound) *bound = rc == ARB_SOLVER_OK ? *changes : lb;
  return rc;
}

int arb_block_nearest_bounded(arb_solver *s, const arb_block_problem *p,
                              const arb_solver_result *known, const uint64_t *kwit,
                              const uint64_t *proposal, uint64_t *out, int *changes,
                              long nodes, int *bound) {
  bprep bp;
  arb_solver_result r;
  uint64_t *best;
  int rc = solve_known(s, p, &bp, known, kwit, &r, &best);
  if (rc < 0) return rc;
  return nearest_prepped(s, p, &bp, rc, &r, best, proposal, out, changes, nodes, bound);
}

/* The maximum solved and the nearest search after it on one preparation of the problem (it
   was prepared twice: arb_block_solve, then arb_block_nearest_bounded given its result). */
int arb_block_solve_nearest(arb_solver *s, const arb_block_problem *p,
                            arb_solver_result *res, uint64_t *witness,
                            const uint64_t *proposal, uint64_t *out, int *changes,
                            long (*size)(void *ud, const arb_solver_result *r), void *ud,
                            int *bound) {
  bprep bp;
  uint64_t *best;
  int rc = solve_known(s, p, &bp, NULL, NULL, res, &best), i;
  if (rc < 0) return rc;
  for (i = 0; i < wcount(&bp); i++) witness[i] = best[i];
  return nearest_prepped(s, p, &bp, rc, res, best, proposal, out, changes, size(ud, res), bound);
}
