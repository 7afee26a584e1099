/*
** solver_level.c — price levels for the price descent (solver_dual.c).
** Where coordinate descent and the common shift both stall, the classes
** often sit at two or three prices only (thresholds-dense at 360 per side:
** 94 classes at 1.033 and 66 at 1.2 -- the relaxation has them all at
** 1.167). Each level is then moved as one: attacker a's term as a function
** of the level's shift d is the upper envelope of the lines G_j - j d, j
** its units of the level it takes (G_j: its best with j of them), i.e. the
** upper hull of the points (j, G_j), whose edges' slopes are the kinks.
*/
#include <stdlib.h>
#include "solver_dual.h"

typedef struct hp { long j; double g; } hp;

typedef struct lvl {
  const unsigned char *in;   /* per class: on the level */
  hp *pts;
  long *nn;                  /* the other units' running counts and sums, by place */
  long long *ns;
  long nother;
} lvl;

/* The best r other units with r in [rlo, rhi] (count n, their positives pos). */
static double best_others(const lvl *V, long n, long pos, long rlo, long rhi, int *ok) {
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
static long level_hull(dd *D, lvl *V, int a, double dlo) {
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
static int level_move(dd *D, arb_solver *s, const unsigned char *in, long long *v, long long cap) {
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
    qsort(D->evs, D->nev, sizeof(ev), arb_dual_evcmp);
    for (e = 0, x = hi; e < D->nev; e++) {
      slope += D->evs[e].d;
      if (slope >= 0) { x = D->evs[e].u >= (double)hi ? hi : (long long)(D->evs[e].u + 0.5); break; }
    }
  }
  if (x == 0) return 0;
  for (c = 0; c < bp->ncls; c++) if (in[c]) D->L.u[c] += x;
  nv = arb_lagr_evaluate(&D->L, D->work);
  if (nv >= 0 && nv < *v) {
    arb_dual_sort_all(D);
    *v = nv;
    return 1;
  }
  for (c = 0; c < bp->ncls; c++) if (in[c]) D->L.u[c] -= x;
  arb_lagr_evaluate(&D->L, D->work);
  return 0;
}

/* Each price level (classes at exactly the same price, two or more) moved
   as one, the most populous first; 1 if one lowered the bound. */
int arb_dual_levels(dd *D, arb_solver *s, long long *v, long long cap) {
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
