/*
 * solver_dual.c -- better prices for the Lagrangian bound (solver_lagr.c)
 * than the flow's. The bound L(u) is convex and piecewise linear in the
 * class prices u; its minimum is the linear relaxation of the threshold
 * problem (each attacker unblocked or between its minimum and maximum
 * blockers, by weak duality). The flow's prices sit on a ridge where many
 * attackers are indifferent, and subgradient steps from there raise the
 * bound at every step size (measured: thresholds-dense at 500 per side,
 * 1020.3 and never lower in 300 steps, plain or with the volume
 * algorithm's averaging). Coordinate descent goes down instead: with
 * the other prices fixed, attacker a's term as a function of one class's
 * price u_c is the upper envelope of a few lines (one per number j of c's
 * units it takes: slope -j), so the best u_c is where the sum of their
 * slopes and the class's own (+ its capacity) crosses zero, found by
 * sorting the envelopes' kinks. One pass over the classes takes that
 * board from 1020.3 to 1008.33 (its linear relaxation: 1008.33 by CBC).
 * Where no single price moves the bound down, every price moved by the
 * same amount may (the 250 per side board: 502.0 -> 497.67, its
 * relaxation); passes continue while either lowers it. Each attacker's
 * units stay sorted by value with running counts and sums, so a line
 * costs O(log) per attacker and a move O(list).
 */
#include <stdlib.h>
#include "solver_lagr.h"

typedef struct ev { double u; long d; } ev;

typedef struct dd {
  lg L;
  int *ord, *rank;        /* per attacker: entries by value desc; an entry's place */
  long *cumn;             /* units up to and including a place */
  long long *cums;        /* their values' sum (x LQ) */
  ev *evs;
  size_t nev;
  long *work;
  int nlevel;
} dd;

static long long val(const lg *L, int i) { return (long long)L->aw[i] * LQ - L->u[L->acls[i]]; }

static int lvcmp(const void *x, const void *y)
{
  long long p = ((const lv *)x)->v, q = ((const lv *)y)->v;
  return p < q ? 1 : p > q ? -1 : 0;
}

/* Places, running counts and sums of attacker a's entries after ord. */
static void cumulate(dd *D, int a)
{
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

static void sort_all(dd *D)
{
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
static void resort(dd *D, int a, int i)
{
  int p = D->rank[i], lo = D->L.aoff[a], hi = D->L.aoff[a + 1];
  long long v = val(&D->L, i);
  while (p > lo && val(&D->L, D->ord[p - 1]) < v) { D->ord[p] = D->ord[p - 1]; p--; }
  while (p + 1 < hi && val(&D->L, D->ord[p + 1]) > v) { D->ord[p] = D->ord[p + 1]; p++; }
  D->ord[p] = i;
  cumulate(D, a);
}

/* The sum of attacker a's best t units (t <= its units). */
static long long top(const dd *D, int a, long t)
{
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
static long positive(const dd *D, int a)
{
  int lo = D->L.aoff[a], hi = D->L.aoff[a + 1];
  while (lo < hi) {
    int m = lo + (hi - lo) / 2;
    if (val(&D->L, D->ord[m]) > 0) lo = m + 1; else hi = m;
  }
  return lo > D->L.aoff[a] ? D->cumn[lo - 1] : 0;
}

static long clampl(long x, long lo, long hi) { return x < lo ? lo : x > hi ? hi : x; }

/* The best of attacker a's other units (all but entry i's n), r of them
   with r in [rlo, rhi]: 0 and *ok = 0 when no r fits. */
static long long others(const dd *D, int a, int i, long n, long rlo, long rhi, int *ok)
{
  int p = D->rank[i];
  long before = p > D->L.aoff[a] ? D->cumn[p - 1] : 0;
  long tot = D->cumn[D->L.aoff[a + 1] - 1] - n, pos = positive(D, a), r;
  long long x = val(&D->L, i);
  if (x > 0) pos -= n;
  if (rhi > tot) rhi = tot;
  *ok = rlo <= rhi;
  if (!*ok) return 0;
  r = clampl(pos, rlo, rhi);
  return r <= before ? top(D, a, r) : top(D, a, r + n) - n * x;
}

/* The kinks of attacker a's term as a function of entry i's price (with
   slope -j while it takes j of its units) appended to D->evs; returns the
   slope just right of price 0 (minus the units taken there). */
static long envelope(dd *D, int a, int i)
{
  const bprep *bp = D->L.bp;
  int mode = D->L.amode ? D->L.amode[a] : 0, c = D->L.acls[i], ok, j, cur, best;
  long n = bp->csize[c], mn = bp->mina[a], mx = bp->maxa[a], jmax = n < mx ? n : mx;
  long long w = (long long)(bp->p->must_be_blocked ? bp->p->must_be_blocked[a] : 0) * LQ;
  double A = (double)D->L.aw[i] * LQ, G[65] = { 0 }, u0 = 0;
  int has[65] = { 0 };
  if (jmax < 0) jmax = 0;
  if (jmax > 64) jmax = 64;     /* more units of one class: the envelope's tail is left out */
  for (j = 0; j <= jmax; j++) {
    long rlo = j == 0 ? mn : (mn - j > 0 ? mn - j : 0);
    G[j] = (double)(w + others(D, a, i, n, rlo, mx - j, &ok));
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

static int evcmp(const void *x, const void *y)
{
  double p = ((const ev *)x)->u, q = ((const ev *)y)->u;
  return p < q ? -1 : p > q ? 1 : 0;
}

/* Class c's best price with the others fixed: the least u >= 0 where the
   bound's slope (its capacity, less the units the attackers take) is no
   longer negative. Returns the new price, or -1 on no memory. */
static long long line(dd *D, arb_solver *s, int c, long long cap)
{
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
  qsort(D->evs, D->nev, sizeof(ev), evcmp);
  *D->work += (long)D->nev;
  for (e = 0; e < D->nev; e++) {
    slope += D->evs[e].u < (double)cap ? D->evs[e].d : 0;
    if (slope >= 0) return D->evs[e].u >= (double)cap ? cap : (long long)(D->evs[e].u + 0.5);
  }
  return cap;
}

/* Sets class c's price to u and keeps the eligible attackers' orders. */
static void set_price(dd *D, int c, long long u)
{
  const bprep *bp = D->L.bp;
  int q;
  D->L.u[c] = u;
  for (q = bp->coff[c]; q < bp->coff[c + 1]; q++) resort(D, bp->ca[q], D->L.pos[q]);
}

/* The bound with every price raised by x (x >= -the least price): the
   units keep their order, so each attacker's term is its best k units at
   one binary search (the x LQ sum, or -1 when a forced attacker can't be
   met). */
static long long shifted(dd *D, long long x)
{
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
static int shift(dd *D, long long v, long long cap)
{
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

/* Price levels: where coordinate descent and the common shift both stall,
   the classes often sit at two or three prices only (thresholds-dense at
   360 per side: 94 classes at 1.033 and 66 at 1.2 -- the relaxation has
   them all at 1.167). Each level is then moved as one: attacker a's term
   as a function of the level's shift d is the upper envelope of the lines
   G_j - j d, j its units of the level it takes (G_j: its best with j of
   them), i.e. the upper hull of the points (j, G_j), whose edges' slopes
   are the kinks. */
typedef struct hp { long j; double g; } hp;

typedef struct lvl {
  const unsigned char *in;   /* per class: on the level */
  hp *pts;
  long *nn;                  /* the other units' running counts and sums, by place */
  long long *ns;
  long nother;
} lvl;

/* The best r other units with r in [rlo, rhi] (count n, their positives pos). */
static double best_others(const lvl *V, long n, long pos, long rlo, long rhi, int *ok)
{
  long r, lo = 0, hi = n - 1;
  if (rhi > V->nother) rhi = V->nother;
  *ok = rlo <= rhi;
  if (!*ok || rhi <= 0) return 0;
  r = clampl(pos, rlo, rhi);
  if (r <= 0) return 0;
  while (lo < hi) { long m = lo + (hi - lo) / 2; if (V->nn[m] >= r) hi = m; else lo = m + 1; }
  return (double)((lo > 0 ? V->ns[lo - 1] : 0) +
                  (r - (lo > 0 ? V->nn[lo - 1] : 0)) * (V->ns[lo] - (lo > 0 ? V->ns[lo - 1] : 0)) /
                  (V->nn[lo] - (lo > 0 ? V->nn[lo - 1] : 0)));
}

/* Attacker a's hull over the level; its kinks right of dlo appended to
   D->evs. Returns minus the level units it takes just right of dlo. */
static long level_hull(dd *D, lvl *V, int a, double dlo)
{
  const bprep *bp = D->L.bp;
  int mode = D->L.amode ? D->L.amode[a] : 0, p, ok, h = 0, i, act;
  long mn = bp->mina[a], mx = bp->maxa[a], j, posn = 0, no = 0, jmax;
  long long sum = 0, w = (long long)(bp->p->must_be_blocked ? bp->p->must_be_blocked[a] : 0) * LQ;
  double sg = 0;
  int gi = -1;
  long gleft = 0;
  for (p = D->L.aoff[a]; p < D->L.aoff[a + 1]; p++) {   /* the other units, best first */
    int e = D->ord[p], c = D->L.acls[e];
    long long v = val(&D->L, e);
    if (V->in[c]) continue;
    no += bp->csize[c];
    sum += v * bp->csize[c];
    if (v > 0) posn += bp->csize[c];
    V->nn[p - D->L.aoff[a]] = no;   /* indexed by place among all: gaps hold the last */
    V->ns[p - D->L.aoff[a]] = sum;
  }
  {                                   /* compact the other units' runs */
    long k = 0, q;
    for (q = 0, p = D->L.aoff[a]; p < D->L.aoff[a + 1]; p++, q++)
      if (!V->in[D->L.acls[D->ord[p]]]) { V->nn[k] = V->nn[q]; V->ns[k++] = V->ns[q]; }
    V->nother = no;
    jmax = mx;
    for (j = 0, p = D->L.aoff[a]; p < D->L.aoff[a + 1]; p++)
      if (V->in[D->L.acls[D->ord[p]]]) j += bp->csize[D->L.acls[D->ord[p]]];
    if (j < jmax) jmax = j;
    for (j = 0; j <= jmax; j++) {    /* points (j, G_j) in increasing j */
      double g;
      if (j > 0) {                    /* the j-th best unit of the level */
        while (gleft == 0) {
          do gi++; while (!V->in[D->L.acls[D->ord[D->L.aoff[a] + gi]]]);
          gleft = bp->csize[D->L.acls[D->ord[D->L.aoff[a] + gi]]];
        }
        sg += (double)val(&D->L, D->ord[D->L.aoff[a] + gi]);
        gleft--;
      }
      g = (double)w + sg + best_others(V, k, posn, j == 0 ? mn : (mn - j > 0 ? mn - j : 0),
                                       mx - j, &ok);
      if (j == 0 && mode != 1) { g = ok && g > 0 ? g : 0; ok = 1; }
      if (!ok) continue;
      while (h >= 2 && (V->pts[h - 1].g - V->pts[h - 2].g) * (double)(j - V->pts[h - 1].j) <=
                       (g - V->pts[h - 1].g) * (double)(V->pts[h - 1].j - V->pts[h - 2].j)) h--;
      V->pts[h].j = j; V->pts[h++].g = g;
    }
    *D->work += (long)(D->L.aoff[a + 1] - D->L.aoff[a]) + jmax;
  }
  if (h == 0) return 0;
  for (act = 0; act + 1 < h; act++)   /* the least j optimal just right of dlo */
    if ((V->pts[act + 1].g - V->pts[act].g) / (double)(V->pts[act + 1].j - V->pts[act].j) <= dlo) break;
  for (i = act - 1; i >= 0; i--) {
    D->evs[D->nev].u = (V->pts[i + 1].g - V->pts[i].g) / (double)(V->pts[i + 1].j - V->pts[i].j);
    D->evs[D->nev++].d = V->pts[i + 1].j - V->pts[i].j;
  }
  return -V->pts[act].j;
}

/* Moves the level in[] by its best shift; 1 if the bound went below v
   (then *v is the new bound), 0 if not (prices as they were), or -1. */
static int level_move(dd *D, arb_solver *s, const unsigned char *in, long long *v, long long cap)
{
  const bprep *bp = D->L.bp;
  size_t ne = (size_t)bp->coff[bp->ncls] + 1, nev = 1, e;
  long long lo = cap, hi = cap, x, nv;
  long slope = 0;
  lvl V;
  int a, c;
  V.in = in;
  for (c = 0; c < bp->ncls; c++) {
    if (!in[c]) continue;
    if (D->L.u[c] < lo) lo = D->L.u[c];
    if (cap - D->L.u[c] < hi) hi = cap - D->L.u[c];
    slope += (long)bp->cap[bp->rep[c]] * bp->csize[c];
    nev += (size_t)(bp->coff[c + 1] - bp->coff[c]) * (size_t)bp->csize[c];
  }
  V.pts = arb_solver_ws(s, WS_D_PTS, ((size_t)bp->nb + 2) * sizeof(hp));
  V.nn = arb_solver_ws(s, WS_D_NN, ne * sizeof(long));
  V.ns = arb_solver_ws(s, WS_D_NS, ne * sizeof(long long));
  D->evs = arb_solver_ws(s, WS_D_EV, (nev + (size_t)bp->na) * sizeof(ev));
  if (!V.pts || !V.nn || !V.ns || !D->evs) return -1;
  D->nev = 0;
  for (a = 0; a < bp->na; a++) {
    int mode = D->L.amode ? D->L.amode[a] : 0;
    if (mode == 2 || bp->maxa[a] == 0) continue;
    slope += level_hull(D, &V, a, (double)-lo);
  }
  x = -lo;
  if (slope < 0) {
    qsort(D->evs, D->nev, sizeof(ev), evcmp);
    for (e = 0, x = hi; e < D->nev; e++) {
      slope += D->evs[e].d;
      if (slope >= 0) { x = D->evs[e].u >= (double)hi ? hi : (long long)(D->evs[e].u + 0.5); break; }
    }
  }
  if (x == 0) return 0;
  for (c = 0; c < bp->ncls; c++) if (in[c]) D->L.u[c] += x;
  nv = arb_lagr_evaluate(&D->L, D->work);
  if (nv >= 0 && nv < *v) {
    sort_all(D);
    *v = nv;
    return 1;
  }
  for (c = 0; c < bp->ncls; c++) if (in[c]) D->L.u[c] -= x;
  arb_lagr_evaluate(&D->L, D->work);
  return 0;
}

/* Each price level (classes at exactly the same price, two or more) moved
   as one, the most populous first; 1 if one lowered the bound. */
static int levels(dd *D, arb_solver *s, long long *v, long long cap)
{
  const bprep *bp = D->L.bp;
  unsigned char *in = arb_solver_ws(s, WS_D_IN, (size_t)bp->ncls + 1);
  int c, d, tries, rc;
  if (in == NULL) return -1;
  for (tries = 0; tries < 4; tries++) {   /* the four largest levels */
    long long at = -1;
    int best = 1, n;
    for (c = 0; c < bp->ncls; c++) {
      if (bp->cap[bp->rep[c]] <= 0) continue;
      for (n = 0, d = 0; d < bp->ncls; d++) n += bp->cap[bp->rep[d]] > 0 && D->L.u[d] == D->L.u[c];
      if (n > best && (tries == 0 || n < D->nlevel)) { best = n; at = D->L.u[c]; }
    }
    if (at < 0) return 0;
    D->nlevel = best;
    for (c = 0; c < bp->ncls; c++) in[c] = bp->cap[bp->rep[c]] > 0 && D->L.u[c] == at;
    if ((rc = level_move(D, s, in, v, cap)) != 0) return rc;
  }
  return 0;
}

int arb_solver_lagr_descend(arb_solver *s, bprep *bp, const signed char *amode,
                            long long target, int sweeps, long long *bound, long *work,
                            long limit)
{
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
  for (c = 0; c < bp->ncls; c++) if (D.L.u[c] < 0 || D.L.u[c] > cap) D.L.u[c] = 0;
  v = arb_lagr_evaluate(&D.L, work);
  if (v < 0) return 0;
  sort_all(&D);
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
    if (moved == 0 && (c = levels(&D, s, &v, cap)) <= 0) {
      if (c < 0) return ARB_SOLVER_ENOMEM;
      break;
    }
  }
  *bound = v / LQ;
  D.L.fa[bp->na] = v;            /* the total, for arb_solver_lagr_fix */
  return 1;
}
