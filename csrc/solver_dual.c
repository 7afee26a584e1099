/*
** solver_dual.c — better prices for the Lagrangian bound (solver_lagr.c)
** than the flow's. The bound L(u) is convex and piecewise linear in the
** class prices u; its minimum is the linear relaxation of the threshold
** problem (each attacker unblocked or between its minimum and maximum
** blockers, by weak duality). The flow's prices sit on a ridge where many
** attackers are indifferent, and subgradient steps from there raise the
** bound at every step size (measured: thresholds-dense at 500 per side,
** 1020.3 and never lower in 300 steps, plain or with the volume
** algorithm's averaging). Coordinate descent goes down instead: with
** the other prices fixed, attacker a's term as a function of one class's
** price u_c is the upper envelope of a few lines (one per number j of c's
** units it takes: slope -j), so the best u_c is where the sum of their
** slopes and the class's own (+ its capacity) crosses zero, found by
** sorting the envelopes' kinks. One pass over the classes takes that
** board from 1020.3 to 1008.33 (its linear relaxation: 1008.33 by CBC).
** Where no single price moves the bound down, every price moved by the
** same amount may (the 250 per side board: 502.0 -> 497.67, its
** relaxation), else each price level (solver_level.c); passes continue
** while any of them lowers it. Each attacker's units stay sorted by value
** with running counts and sums, so a line costs O(log) per attacker and a
** move O(list).
*/
#include <stdlib.h>
#include "solver_dual.h"

static int lvcmp(const void *x, const void *y) {
  long long p = ((const lv *)x)->v, q = ((const lv *)y)->v;
  return p < q ? 1 : p > q ? -1 : 0;
}

/* Places, running counts and sums of attacker a's entries after ord. */
static void cumulate(dd *D, int a) {
  const bprep *bp = D->L.bp;
  int p, lo = D->L.aoff[a], hi = D->L.aoff[a + 1];
  long n = 0;
  long long sum = 0;
  for (p = lo; p < hi; p++) {
    int i = D->ord[p], sz = bp->csize[D->L.acls[i]];
    D->rank[i] = p;
    n += sz;
    sum += val(&D->L, i) * sz;
    D->cumn[p] = n;
    D->cums[p] = sum;
  }
  *D->work += hi - lo;
}

void arb_dual_sort_all(dd *D) {
  int a, i;
  for (a = 0; a < D->L.bp->na; a++) {
    int lo = D->L.aoff[a], hi = D->L.aoff[a + 1];
    for (i = lo; i < hi; i++) { D->L.vals[i].v = val(&D->L, i); D->L.vals[i].n = i; }
    qsort(D->L.vals + lo, (size_t)(hi - lo), sizeof(lv), lvcmp);
    for (i = lo; i < hi; i++) D->ord[i] = (int)D->L.vals[i].n;
    cumulate(D, a);
  }
}

/* Entry i's value changed: move it to its place (one pass) and recount. */
static void resort(dd *D, int a, int i) {
  int p = D->rank[i], lo = D->L.aoff[a], hi = D->L.aoff[a + 1];
  long long v = val(&D->L, i);
  while (p > lo && val(&D->L, D->ord[p - 1]) < v) { D->ord[p] = D->ord[p - 1]; p--; }
  while (p + 1 < hi && val(&D->L, D->ord[p + 1]) > v) { D->ord[p] = D->ord[p + 1]; p++; }
  D->ord[p] = i;
  cumulate(D, a);
}

/* The sum of attacker a's best t units (t <= its units). */
static long long top(const dd *D, int a, long t) {
  int lo = D->L.aoff[a], hi = D->L.aoff[a + 1] - 1, first = lo;
  if (t <= 0) return 0;
  while (lo < hi) {             /* the first place whose running count reaches t */
    int m = lo + (hi - lo) / 2;
    if (D->cumn[m] >= t) hi = m; else lo = m + 1;
  }
  if (lo == first) return t * val(&D->L, D->ord[lo]);
  return D->cums[lo - 1] + (t - D->cumn[lo - 1]) * val(&D->L, D->ord[lo]);
}

/* Units of attacker a with a positive value. */
static long positive(const dd *D, int a) {
  int lo = D->L.aoff[a], hi = D->L.aoff[a + 1];
  while (lo < hi) {
    int m = lo + (hi - lo) / 2;
    if (val(&D->L, D->ord[m]) > 0) lo = m + 1; else hi = m;
  }
  return lo > D->L.aoff[a] ? D->cumn[lo - 1] : 0;
}

/* Attacker a's units but entry i's n: how many come before entry i, how
   many there are, how many are positive; entry i's value. */
typedef struct rest { long n, before, tot, pos; long long x; } rest;

static rest rest_of(const dd *D, int a, int i, long n) {
  rest R;
  int p = D->rank[i];
  R.n = n;
  R.before = p > D->L.aoff[a] ? D->cumn[p - 1] : 0;
  R.tot = D->cumn[D->L.aoff[a + 1] - 1] - n;
  R.x = val(&D->L, i);
  R.pos = positive(D, a) - (R.x > 0 ? n : 0);
  return R;
}

/* The best r of those other units with r in [rlo, rhi]: 0 and *ok = 0
   when no r fits. */
static long long others(const dd *D, int a, const rest *R, long rlo, long rhi, int *ok) {
  long r;
  if (rhi > R->tot) rhi = R->tot;
  *ok = rlo <= rhi;
  if (!*ok) return 0;
  r = clampl(R->pos, rlo, rhi);
  return r <= R->before ? top(D, a, r) : top(D, a, r + R->n) - R->n * R->x;
}

/* The kinks of attacker a's term as a function of entry i's price (with
   slope -j while it takes j of its units) appended to D->evs; returns the
   slope just right of price 0 (minus the units taken there). */
static long envelope(dd *D, int a, int i) {
  const bprep *bp = D->L.bp;
  int mode = D->L.amode ? D->L.amode[a] : 0, c = D->L.acls[i], ok, j, cur, best;
  long n = bp->csize[c], mn = bp->mina[a], mx = bp->maxa[a], jmax = n < mx ? n : mx;
  long long w = (long long)(bp->p->must_be_blocked ? bp->p->must_be_blocked[a] : 0) * LQ;
  double A = (double)D->L.aw[i] * LQ, G[65] = { 0 }, u0 = 0;
  int has[65] = { 0 };
  rest R = rest_of(D, a, i, n);
  if (jmax < 0) jmax = 0;
  if (jmax > 64) jmax = 64;     /* more units of one class: the envelope's tail is left out */
  for (j = 0; j <= jmax; j++) {
    long rlo = j == 0 ? mn : (mn - j > 0 ? mn - j : 0);
    G[j] = (double)(w + others(D, a, &R, rlo, mx - j, &ok));
    has[j] = ok;
  }
  *D->work += 2 * (int)(jmax + 1);
  if (mode != 1) {              /* unblocked: 0 */
    if (!has[0] || G[0] < 0) G[0] = 0;
    has[0] = 1;
  }
  for (best = -1, j = 0; j <= jmax; j++)   /* at price 0, ties to the smaller slope */
    if (has[j] && (best < 0 || G[j] + j * A > G[best] + best * A)) best = j;
  if (best < 0) return 0;
  for (cur = best; cur > 0;) {
    int nxt = -1;
    double un = 0;
    for (j = 0; j < cur; j++) {
      double x;
      if (!has[j]) continue;
      x = A + (G[cur] - G[j]) / (cur - j);
      if (x < u0) x = u0;
      if (nxt < 0 || x < un) { nxt = j; un = x; }
    }
    if (nxt < 0) break;
    D->evs[D->nev].u = un;
    D->evs[D->nev++].d = cur - nxt;
    u0 = un;
    cur = nxt;
  }
  return -(long)best;
}

int arb_dual_evcmp(const void *x, const void *y) {
  double p = ((const ev *)x)->u, q = ((const ev *)y)->u;
  return p < q ? -1 : p > q ? 1 : 0;
}

/* Class c's best price with the others fixed: the least u >= 0 where the
   bound's slope (its capacity, less the units the attackers take) is no
   longer negative. Returns the new price, or -1 on no memory. */
static long long line(dd *D, arb_solver *s, int c, long long cap) {
  const bprep *bp = D->L.bp;
  long k = bp->cap[bp->rep[c]], slope = k * bp->csize[c], jn = bp->csize[c] < 64 ? bp->csize[c] : 64;
  size_t m = (size_t)(bp->coff[c + 1] - bp->coff[c]) * (size_t)(jn + 1) + 1, e;
  int q;
  D->evs = arb_solver_ws(s, WS_D_EV, m * sizeof(ev));
  if (!D->evs) return -1;
  D->nev = 0;
  for (q = bp->coff[c]; q < bp->coff[c + 1]; q++) {
    int a = bp->ca[q], mode = D->L.amode ? D->L.amode[a] : 0;
    if (mode == 2 || bp->maxa[a] == 0) continue;
    slope += envelope(D, a, D->L.pos[q]);
  }
  if (slope >= 0) return 0;
  qsort(D->evs, D->nev, sizeof(ev), arb_dual_evcmp);
  *D->work += (long)D->nev;
  for (e = 0; e < D->nev; e++) {
    slope += D->evs[e].u < (double)cap ? D->evs[e].d : 0;
    if (slope >= 0) return D->evs[e].u >= (double)cap ? cap : (long long)(D->evs[e].u + 0.5);
  }
  return cap;
}

/* Sets class c's price to u and keeps the eligible attackers' orders. */
static void set_price(dd *D, int c, long long u) {
  const bprep *bp = D->L.bp;
  int q;
  D->L.u[c] = u;
  for (q = bp->coff[c]; q < bp->coff[c + 1]; q++) resort(D, bp->ca[q], D->L.pos[q]);
}

/* The bound with every price raised by x (x >= -the least price): the
   units keep their order, so each attacker's term is its best k units at
   one binary search (the x LQ sum, or -1 when a forced attacker can't be
   met). */
static long long shifted(dd *D, long long x) {
  const bprep *bp = D->L.bp;
  long long tot = 0;
  int a, c;
  for (a = 0; a < bp->na; a++) {
    int mode = D->L.amode ? D->L.amode[a] : 0, lo = D->L.aoff[a], hi = D->L.aoff[a + 1];
    long units = hi > lo ? D->cumn[hi - 1] : 0, mn = bp->mina[a], mx = bp->maxa[a], p, k;
    long long t;
    if (mode == 2 || mx == 0) continue;
    if (units < mn) { if (mode == 1) return -1; continue; }
    while (lo < hi) {            /* units worth more than x */
      int m = lo + (hi - lo) / 2;
      if (val(&D->L, D->ord[m]) > x) lo = m + 1; else hi = m;
    }
    p = lo > D->L.aoff[a] ? D->cumn[lo - 1] : 0;
    k = clampl(p, mn, mx < units ? mx : units);
    t = (long long)(bp->p->must_be_blocked ? bp->p->must_be_blocked[a] : 0) * LQ + top(D, a, k) - k * x;
    if (t > 0 || mode == 1) tot += t;
  }
  *D->work += 8 * bp->na;
  for (c = 0; c < bp->ncls; c++) {
    long long k = bp->cap[bp->rep[c]], wb = (long long)bp->wblk[bp->rep[c]] * LQ, u = D->L.u[c] + x;
    long long best = wb + k * u > wb + u ? wb + k * u : wb + u;
    if (k > 0 && best > 0) tot += best * bp->csize[c];
  }
  return tot;
}

/* Every price moved by the same amount, the best for the bound (a
   ternary search on the convex function of that amount, then the few
   points left): where coordinate descent stalls (thresholds-dense at
   250 per side: 502.0 after two passes, then 497.67 = its linear
   relaxation after this). Returns 1 if it lowered the bound below v. */
static int shift(dd *D, long long v, long long cap) {
  const bprep *bp = D->L.bp;
  long long lo = -cap, hi = LQ, bd = 0, bv = v, x;
  int c;
  for (c = 0; c < bp->ncls; c++) if (bp->cap[bp->rep[c]] > 0 && -D->L.u[c] > lo) lo = -D->L.u[c];
  while (hi - lo > 4) {
    long long m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3, f1 = shifted(D, m1), f2 = shifted(D, m2);
    if (f1 >= 0 && f1 < bv) { bv = f1; bd = m1; }
    if (f2 >= 0 && f2 < bv) { bv = f2; bd = m2; }
    if (f1 < 0 || (f2 >= 0 && f2 < f1)) lo = m1; else hi = m2;
  }
  for (x = lo; x <= hi; x++) {
    long long f = shifted(D, x);
    if (f >= 0 && f < bv) { bv = f; bd = x; }
  }
  if (bv >= v) return 0;
  for (c = 0; c < bp->ncls; c++) if (bp->cap[bp->rep[c]] > 0) D->L.u[c] += bd;
  for (c = 0; c < bp->na; c++) cumulate(D, c);
  return 1;
}

int arb_solver_lagr_descend(arb_solver *s, bprep *bp, const signed char *amode,
                            long long target, int sweeps, long long *bound, long *work,
                            long limit) {
  dd D;
  size_t ne = (size_t)bp->coff[bp->ncls] + 1;
  long long v, cap = (3 * bp->ub + 3) * LQ;
  int c, sw;
  D.L.bp = bp; D.L.amode = amode; D.work = work;
  if (!arb_lagr_alloc(s, &D.L)) return ARB_SOLVER_ENOMEM;
  D.ord = arb_solver_ws(s, WS_D_ORD, ne * sizeof(int));
  D.rank = arb_solver_ws(s, WS_D_RANK, ne * sizeof(int));
  D.cumn = arb_solver_ws(s, WS_D_CUMN, ne * sizeof(long));
  D.cums = arb_solver_ws(s, WS_D_CUMS, ne * sizeof(long long));
  if (!D.ord || !D.rank || !D.cumn || !D.cums) return ARB_SOLVER_ENOMEM;
  if ((double)cap * ((double)bp->nb + 1) * ((double)bp->na + 1) > 1e18) return 2;   /* as arb_solver_lagr */
  for (c = 0; c < bp->ncls; c++) if (D.L.u[c] < 0 || D.L.u[c] > cap) D.L.u[c] = 0;
  v = arb_lagr_evaluate(&D.L, work);
  if (v < 0) return 0;
  arb_dual_sort_all(&D);
  for (sw = 0; sw < sweeps && v / LQ > target && *work <= limit; sw++) {
    int moved = 0;
    for (c = 0; c < bp->ncls && *work <= limit; c++) {
      long long u;
      if (bp->cap[bp->rep[c]] <= 0) continue;
      if ((u = line(&D, s, c, cap)) < 0) return ARB_SOLVER_ENOMEM;
      if (u == D.L.u[c]) continue;
      set_price(&D, c, u);
      moved++;
    }
    v = arb_lagr_evaluate(&D.L, work);
    if (v < 0) return 0;
    if (moved == 0 && shift(&D, v, cap)) { v = arb_lagr_evaluate(&D.L, work); continue; }
    if (moved == 0 && (c = arb_dual_levels(&D, s, &v, cap)) <= 0) {
      if (c < 0) return ARB_SOLVER_ENOMEM;
      break;
    }
  }
  *bound = v / LQ;
  D.L.fa[bp->na] = v;            /* the total, for arb_solver_lagr_fix */
  return 1;
}
