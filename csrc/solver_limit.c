/*
** solver_limit.c — a Lagrangian bound for the whole-game limit on
** blocking creatures (500.3, "no more than N creatures can block") when
** some blockers can block more than one attacker. The flow's hub model
** (solver_flow.c) counts only each blocker's first attacker against the
** limit, so a capacity-2 blocker's second unit is free, even for a blocker
** the hub never admits: with a tight limit the bound is far off (limit
** n/4 + 1, 100 per side, one blocker in 8 of capacity 2: 69 against an
** optimum of 61). Here the limit is priced instead: each unit of a
** capacity-k blocker pays lam / k (a blocking creature uses at least
** units / k of the limit), and the bound gets lam * limit back -- an upper
** bound for any lam >= 0 (weak duality), the hub kept as well. lam is
** found by bisection on the sign of the subgradient (limit - sum of
** units / k of the flow's declaration); every flow's declaration is also
** repaired into a candidate (solver_thresh.c's repair).
*/
#include "solver_int.h"

#define LDEN 64            /* lam in 1/64 of a requirement */
#define LSTEPS 12          /* bisection steps at most */

static int row_units(const bprep *bp, const uint64_t *row) {
  int w, n = 0;
  for (w = 0; w < bp->nw; w++) { uint64_t x = row[w]; while (x) { x &= x - 1; n++; } }
  return n;
}

/* limit - sum over blockers of units / capacity, x the lcm-free scale
   2520 (exact for capacities 1-10; rounded past, only the search's
   direction depends on it). */
static long long slack(const bprep *bp, const uint64_t *decl) {
  long long used = 0;
  int b;
  for (b = 0; b < bp->nb; b++) {
    int u = row_units(bp, decl + (size_t)b * bp->nw);
    if (u > 0 && bp->cap[b] > 0) used += (long long)u * 2520 / bp->cap[b];
  }
  return (long long)bp->p->max_blocking * 2520 - used;
}

/* Repair cand (in place) and keep it when it beats *best. */
static int offer(arb_solver *s, bprep *bp, uint64_t *cand, long long *best, uint64_t *best_decl) {
  long long sc;
  size_t i, n = (size_t)bp->nb * bp->nw;
  int rc = arb_solver_repair(s, bp, cand, &sc);
  if (rc < 0) return rc;
  if (rc == 1 && sc > *best) {
    *best = sc;
    for (i = 0; i < n; i++) best_decl[i] = cand[i];
  }
  return 0;
}

/* The most one blocking creature can add: its best choices and the
   must-be-blocked weights of as many attackers as its capacity. */
static long long top_price(const bprep *bp) {
  long long hi = 1, mw = 0;
  int a, c;
  for (a = 0; a < bp->na; a++)
    if (bp->p->must_be_blocked && bp->p->must_be_blocked[a] > mw) mw = bp->p->must_be_blocked[a];
  for (c = 0; c < bp->ncls; c++) {
    long long v = bp->indep[c] + mw * bp->cap[bp->rep[c]];
    if (v > hi) hi = v;
  }
  return hi;
}

/* Whether the limit is priced here: a limit, and a blocker of capacity > 1. */
int arb_solver_limit_priced(const bprep *bp) {
  int i;
  if (bp->p->max_blocking < 0) return 0;
  for (i = 0; i < bp->nlive; i++) if (bp->cap[bp->order[i]] > 1) return 1;
  return 0;
}

/* ... and the flow's declaration decl breaks it (only then is the limit
   the gap: on the bench's mixed boards at 500 per side whose flow keeps
   the limit, running this first cost 3x the nodes of the dive alone). */
int arb_solver_limit_broken(const bprep *bp, const uint64_t *decl) {
  int b, n = 0;
  if (!arb_solver_limit_priced(bp)) return 0;
  for (b = 0; b < bp->nb; b++) n += row_units(bp, decl + (size_t)b * bp->nw) > 0;
  return n > bp->p->max_blocking;
}

int arb_solver_limit_bound(arb_solver *s, bprep *bp, const signed char *amode,
                           long long *bound, long long *best, uint64_t *best_decl, long *work,
                           long long *price) {
  size_t nd = (size_t)bp->nb * bp->nw + 1;
  uint64_t *cand = arb_solver_ws(s, WS_LIMIT, nd * sizeof(uint64_t));
  long long lo = 0, hi = top_price(bp) * LDEN, val, ub = *bound;
  arb_limit_node ln;
  int step, rc;
  if (cand == NULL) return ARB_SOLVER_ENOMEM;
  ln.den = LDEN; ln.bmode = NULL;
  *price = 0;
  for (step = 0; step < LSTEPS && lo <= hi && *best < ub; step++) {
    ln.num = lo + (hi - lo) / 2;
    rc = arb_solver_flow_limit(s, bp, amode, cand, &val, work, &ln);
    if (rc <= 0) return rc;
    if (val < ub) { ub = val; *price = ln.num; }
    if (slack(bp, cand) >= 0) hi = ln.num - 1;    /* the price leaves room: lower it */
    else lo = ln.num + 1;
    if ((rc = offer(s, bp, cand, best, best_decl)) < 0) return rc;
  }
  *bound = ub;
  if (*best < ub && (rc = arb_solver_limit_search(s, bp, best, best_decl, work)) < 0) return rc;
  return 1;
}

/* ---- a local search for the limit (a primal heuristic) ---- */

typedef struct ls {
  bprep *bp;
  uint64_t *d;
  int *cnt, *units, nblk, lim;
  long long maxmust;
  long work;
} ls;

static int mw(const ls *L, int a) {
  return L->bp->p->must_be_blocked ? L->bp->p->must_be_blocked[a] : 0;
}

/* What blocker b's block of a adds now (its pair weight w, and a's
   must-be-blocked weight if nobody blocks a yet), or -1 if it may not. */
static long long add_gain(const ls *L, int b, int a, int w) {
  const bprep *bp = L->bp;
  if (ARB_HAS(L->d + (size_t)b * bp->nw, a) || L->cnt[a] >= bp->maxa[a]) return -1;
  if (L->cnt[a] == 0 && bp->mina[a] > 1) return -1;
  return w + (L->cnt[a] == 0 ? mw(L, a) : 0);
}

static void put(ls *L, int b, int a, int on) {
  uint64_t *row = L->d + (size_t)b * L->bp->nw;
  if (on) { ARB_SET(row, a); L->cnt[a]++; if (L->units[b]++ == 0) L->nblk++; }
  else { ARB_CLR(row, a); L->cnt[a]--; if (--L->units[b] == 0) L->nblk--; }
}

/* Blocker b takes its best attackers while each adds something, up to
   its capacity (a new blocker's first adds blocks-if-able too); applies
   them when apply, else undoes them. Returns the gain. */
static long long greedy(ls *L, int b, int apply) {
  const bprep *bp = L->bp;
  int c = bp->cls[b], k, took[8], n = 0, i;
  long long g = 0;
  for (k = bp->coff[c]; k < bp->coff[c + 1] && L->units[b] < bp->cap[b] && n < 8; k++) {
    int a = bp->ca[k];
    long long x = add_gain(L, b, a, bp->cw[k]);
    L->work++;
    if (x < 0 || (x == 0 && !(L->units[b] == 0 && bp->wblk[b] > 0))) continue;
    if (L->units[b] == 0) x += bp->wblk[b];
    g += x;
    put(L, b, a, 1);
    took[n++] = a;
  }
  if (!apply) for (i = n - 1; i >= 0; i--) put(L, b, took[i], 0);
  return g;
}

/* What blocking b's row is worth now, or -1 if dropping it would leave an
   attacker it blocks with too few blockers. */
static long long loss(const ls *L, int b) {
  const bprep *bp = L->bp;
  int c = bp->cls[b], k;
  long long v = bp->wblk[b];
  for (k = bp->coff[c]; k < bp->coff[c + 1]; k++) {
    int a = bp->ca[k];
    if (!ARB_HAS(L->d + (size_t)b * bp->nw, a)) continue;
    if (L->cnt[a] > 1 && L->cnt[a] - 1 < bp->mina[a]) return -1;
    v += bp->cw[k] + (L->cnt[a] == 1 ? mw(L, a) : 0);
  }
  return v;
}

static void clear_row(ls *L, int b) {
  int a;
  for (a = 0; a < L->bp->na && L->units[b] > 0; a++)
    if (ARB_HAS(L->d + (size_t)b * L->bp->nw, a)) put(L, b, a, 0);
}

/* One pass: every blocker fills its spare capacity; free places of the
   limit go to the best newcomers; then the first swap of a blocking
   creature for a non-blocking one that gains. Returns 1 if it changed. */
static int pass(ls *L) {
  const bprep *bp = L->bp;
  int i, j, changed = 0;
  for (i = 0; i < bp->nlive; i++) {
    int b = bp->order[i];
    if (L->units[b] > 0 && L->units[b] < bp->cap[b] && greedy(L, b, 1) > 0) changed = 1;
  }
  for (i = 0; i < bp->nlive && (L->lim < 0 || L->nblk < L->lim); i++) {
    int b = bp->order[i];
    if (L->units[b] == 0 && greedy(L, b, 0) > 0) { greedy(L, b, 1); changed = 1; }
  }
  if (changed || L->lim < 0 || L->nblk < L->lim) return changed;
  for (i = 0; i < bp->nlive; i++) {
    int x = bp->order[i], k, saved[8], n = 0, best = -1;
    long long lx, gbest = 0;
    if (L->units[x] == 0 || L->units[x] > 8 || (lx = loss(L, x)) < 0) continue;
    for (k = 0; k < bp->na && n < L->units[x]; k++)
      if (ARB_HAS(L->d + (size_t)x * bp->nw, k)) saved[n++] = k;
    clear_row(L, x);
    for (j = 0; j < bp->nlive; j++) {
      int y = bp->order[j];
      long long g;
      if (y == x || L->units[y] > 0 ||
          bp->indep[bp->cls[y]] + L->maxmust * bp->cap[y] <= lx) continue;
      g = greedy(L, y, 0);
      if (g > lx && g > gbest) { gbest = g; best = y; }
    }
    if (best >= 0) { greedy(L, best, 1); return 1; }
    for (k = 0; k < n; k++) put(L, x, saved[k], 1);
  }
  return 0;
}

/* From best_decl (obeying every restriction), passes of local moves while
   they gain and the work allows; the result replaces it when it obeys
   every restriction and scores higher. *work: pair scans. */
int arb_solver_limit_search(arb_solver *s, bprep *bp, long long *best, uint64_t *best_decl,
                            long *work) {
  size_t nd = (size_t)bp->nb * bp->nw, i;
  ls L;
  int a, b, rounds = 0;
  long cap = 8L * ((long)bp->coff[bp->ncls] + bp->nb + bp->na);
  long long sc;
  arb_solver_reason r;
  L.bp = bp; L.lim = bp->p->max_blocking; L.nblk = 0; L.work = 0; L.maxmust = 0;
  L.d = arb_solver_ws(s, WS_LIM_D, (nd + 1) * sizeof(uint64_t));
  L.cnt = arb_solver_ws(s, WS_LIM_CNT, ((size_t)bp->na + 1) * sizeof(int));
  L.units = arb_solver_ws(s, WS_LIM_UNITS, ((size_t)bp->nb + 1) * sizeof(int));
  if (!L.d || !L.cnt || !L.units) return ARB_SOLVER_ENOMEM;
  for (i = 0; i < nd; i++) L.d[i] = best_decl[i];
  for (a = 0; a < bp->na; a++) { L.cnt[a] = 0; if (mw(&L, a) > L.maxmust) L.maxmust = mw(&L, a); }
  for (b = 0; b < bp->nb; b++) {
    L.units[b] = 0;
    for (a = 0; a < bp->na; a++)
      if (ARB_HAS(L.d + (size_t)b * bp->nw, a)) { L.cnt[a]++; L.units[b]++; }
    L.nblk += L.units[b] > 0;
  }
  while (L.work < cap && rounds++ < 4 * bp->nb && pass(&L)) {}
  *work += L.work;
  if ((a = arb_block_restrictions(s, bp->p, L.d, &r, &sc)) < 0) return a;
  if (a == 1 && sc > *best) {
    *best = sc;
    for (i = 0; i < nd; i++) best_decl[i] = L.d[i];
  }
  return 0;
}
