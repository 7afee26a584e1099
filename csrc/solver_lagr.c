/*
** solver_lagr.c — a Lagrangian bound for min-blocker thresholds (menace,
** "except by N or more"). The flow relaxation (solver_flow.c) lets an
** attacker be blocked by fewer than its minimum; here each class of
** blockers' capacity is priced instead (u per unit), which splits it by
** attacker: each attacker takes 0 or between min and max units of the
** eligible classes, the best of them at value (requirement weight - u), an
** exact little problem. For every u the sum is an upper bound (weak
** duality). Priced at the flow's own dual values (the marginal value of a
** class's unit, solver_flow.c) it is at most the flow's bound, and lower
** where the flow splits blockers over attackers it can't complete (the
** thresholds preset at 500: 971 against 973 at the root; the optimum is
** 966 or 967). "Can't block alone" and the whole-game limit are left out
** (relaxations). Prices are integers in units of 1/LQ, so the sums are
** exact: floor(L / LQ) is a sound bound on the integer maximum.
*/
#include <limits.h>
#include <stdlib.h>
#include "solver_lagr.h"

#define NOFIX LLONG_MIN

static int wget(const int *w, int i) { return w != NULL ? w[i] : 0; }

/* Attacker-major lists of (class, weight) from the class-major choices. */
static void by_attacker(lg *L) {
  const bprep *bp = L->bp;
  int c, k, a;
  for (a = 0; a <= bp->na; a++) L->aoff[a] = 0;
  for (c = 0; c < bp->ncls; c++)
    if (bp->cap[bp->rep[c]] > 0)
      for (k = bp->coff[c]; k < bp->coff[c + 1]; k++) L->aoff[bp->ca[k] + 1]++;
  for (a = 0; a < bp->na; a++) L->aoff[a + 1] += L->aoff[a];
  for (a = 0; a < bp->na; a++) L->used[a] = L->aoff[a];
  for (c = 0; c < bp->ncls; c++)
    if (bp->cap[bp->rep[c]] > 0)
      for (k = bp->coff[c]; k < bp->coff[c + 1]; k++) {
        int at = bp->ca[k];
        L->pos[k] = L->used[at];
        L->acls[L->used[at]] = c;
        L->aw[L->used[at]++] = bp->cw[k];
      }
}

static int vcmp(const void *x, const void *y) {
  long long p = ((const lv *)x)->v, q = ((const lv *)y)->v;
  return p < q ? 1 : p > q ? -1 : 0;
}

/* The k-th largest unit value of attacker a (units with multiplicity):
   sorts its list (the rare path: fewer positive units than the minimum,
   or more than the maximum). */
static long long kth(lg *L, int a, long k) {
  const bprep *bp = L->bp;
  lv *x = L->vals;
  int i, n = 0;
  for (i = L->aoff[a]; i < L->aoff[a + 1]; i++) {
    x[n].v = (long long)L->aw[i] * LQ - L->u[L->acls[i]];
    x[n++].n = bp->csize[L->acls[i]];
  }
  qsort(x, (size_t)n, sizeof *x, vcmp);
  for (i = 0; i < n; i++) {
    if (k <= x[i].n) return x[i].v;
    k -= x[i].n;
  }
  return n > 0 ? x[n - 1].v : 0;
}

/* Attacker a's best: 0 units, or k in [min, max] units, best first, into
   *out (x LQ; a forced attacker's may be negative). Returns 0 when a
   forced attacker can't reach its minimum, else 1. */
static int attacker(lg *L, int a, long long *out, long *work) {
  const bprep *bp = L->bp;
  int mode = L->amode ? L->amode[a] : 0, i, mn = bp->mina[a], mx = bp->maxa[a];
  long p = 0, tot = 0, k;
  long long P = 0, th, val, w = (long long)wget(bp->p->must_be_blocked, a) * LQ;
  *out = 0;
  L->fa[a] = NOFIX;
  if (mode == 2 || mx == 0) return mode != 1;
  for (i = L->aoff[a]; i < L->aoff[a + 1]; i++) {
    long long v = (long long)L->aw[i] * LQ - L->u[L->acls[i]];
    int n = bp->csize[L->acls[i]];
    tot += n;
    if (v > 0) { p += n; P += v * n; }
  }
  *work += L->aoff[a + 1] - L->aoff[a];
  if (tot < mn) return mode != 1;
  k = p < mn ? mn : p > mx ? mx : p;
  if (k == p) val = P;                /* exactly the positive units */
  else {
    long more = 0;
    th = kth(L, a, k);
    for (val = 0, i = L->aoff[a]; i < L->aoff[a + 1]; i++) {
      long long v = (long long)L->aw[i] * LQ - L->u[L->acls[i]];
      if (v > th) { val += v * bp->csize[L->acls[i]]; more += bp->csize[L->acls[i]]; }
    }
    val += th * (k - more);
    *work += 4 * (L->aoff[a + 1] - L->aoff[a]);
  }
  val += w;
  *out = val <= 0 && mode != 1 ? 0 : val;
  if (mode == 0 && mn >= 2) L->fa[a] = val;
  else L->fa[a] = NOFIX;
  return 1;
}

/* The bound at prices u: returns it x LQ, or < 0 when the node has no
   declaration (a forced attacker can't be met, or the bound is below 0,
   which no score is). Each class's members offer
   their units at u (or keep them: blocks-if-able needs only one); the
   whole-game limit is left out (a relaxation: still an upper bound). */
long long arb_lagr_evaluate(lg *L, long *work) {
  const bprep *bp = L->bp;
  int c, a;
  long long tot = 0, v;
  for (a = 0; a < bp->na; a++) {
    if (!attacker(L, a, &v, work)) return -1;
    L->ta[a] = v;
    tot += v;
  }
  for (c = 0; c < bp->ncls; c++) {
    int b = bp->rep[c], k = bp->cap[b];
    long long wb = (long long)bp->wblk[b] * LQ, full = wb + L->u[c] * k, one = wb + L->u[c];
    long long best = full > one ? full : one;
    if (k > 0 && best > 0) tot += best * bp->csize[c];
  }
  return tot;
}

int arb_lagr_alloc(arb_solver *s, lg *L) {
  const bprep *bp = L->bp;
  size_t na = (size_t)bp->na + 1, nc = (size_t)bp->ncls + 1, ne = (size_t)bp->coff[bp->ncls] + 1;
  L->aoff = arb_solver_ws(s, WS_L_AOFF, (na + 1) * sizeof(int));
  L->acls = arb_solver_ws(s, WS_L_ACLS, ne * sizeof(int));
  L->aw = arb_solver_ws(s, WS_L_AW, ne * sizeof(int));
  L->used = arb_solver_ws(s, WS_L_USED, na * sizeof(int));
  L->u = arb_solver_ws(s, WS_L_U, nc * sizeof(long long));
  L->ta = arb_solver_ws(s, WS_L_TA, na * sizeof(long long));
  L->fa = arb_solver_ws(s, WS_L_FA, (na + 1) * sizeof(long long));
  L->vals = arb_solver_ws(s, WS_L_VALS, ne * sizeof(lv));
  L->pos = arb_solver_ws(s, WS_L_POS, ne * sizeof(int));
  return L->aoff && L->acls && L->aw && L->used && L->u && L->ta && L->fa && L->vals && L->pos;
}

/* Once per prepared problem: the attacker-major lists. */
int arb_solver_lagr_init(arb_solver *s, bprep *bp) {
  lg L;
  L.bp = bp; L.amode = NULL;
  if (!arb_lagr_alloc(s, &L)) return ARB_SOLVER_ENOMEM;
  by_attacker(&L);
  return 0;
}

/* Where arb_solver_flow_prices leaves its prices for arb_solver_lagr. */
long long *arb_solver_lagr_prices(arb_solver *s, bprep *bp) {
  return arb_solver_ws(s, WS_L_U, ((size_t)bp->ncls + 1) * sizeof(long long));
}

long long arb_solver_lagr_q(void) { return LQ; }

/* The bound at the prices a flow relaxation of the same node left:
   *bound and 1; 0 when the node is infeasible; 2 when the weights are too
   large for exact sums (no bound); or an error. A class the flow gave no
   price (no path on) is priced at its best choice. */
int arb_solver_lagr(arb_solver *s, bprep *bp, const signed char *amode, long long *bound,
                    long *work) {
  lg L;
  long long v, cap = (3 * bp->ub + 3) * LQ;
  int c;
  L.bp = bp; L.amode = amode;
  if (!arb_lagr_alloc(s, &L)) return ARB_SOLVER_ENOMEM;
  if ((double)cap * ((double)bp->nb + 1) * ((double)bp->na + 1) > 1e18) return 2;
  for (c = 0; c < bp->ncls; c++) {
    if (L.u[c] < 0)
      L.u[c] = bp->coff[c + 1] > bp->coff[c] ? (long long)bp->cw[bp->coff[c]] * LQ : 0;
    if (L.u[c] > cap) L.u[c] = cap;  /* any price gives a bound: keep sums in range */
  }
  v = arb_lagr_evaluate(&L, work);
  if (v < 0) return 0;
  *bound = v / LQ;
  L.fa[bp->na] = v;                         /* the total, for arb_solver_lagr_fix */
  return 1;
}

/* Reduced-cost fixing after arb_solver_lagr at a node (the bound is a sum
   of per-attacker terms): an undecided attacker with a minimum >= 2 whose
   forcing alone brings the bound to <= best is zeroed (mode 2), one whose
   zeroing alone does is forced (mode 1) -- no better declaration has it
   otherwise. Decided attackers are appended to fixed[] (the caller undoes
   them); returns how many. */
int arb_solver_lagr_fix(arb_solver *s, bprep *bp, signed char *amode, long long best,
                        int *fixed) {
  lg L;
  long long lim = (best + 1) * LQ, tot;
  int a, n = 0;
  L.bp = bp; L.amode = amode;
  if (!arb_lagr_alloc(s, &L)) return ARB_SOLVER_ENOMEM;
  tot = L.fa[bp->na];
  for (a = 0; a < bp->na; a++) {
    if (amode[a] != 0 || L.fa[a] == NOFIX) continue;
    if (tot - L.ta[a] + L.fa[a] < lim) { amode[a] = 2; fixed[n++] = a; }
    else if (tot - L.ta[a] < lim) { amode[a] = 1; fixed[n++] = a; }
  }
  return n;
}

/* How much the last bound drops on the side of a branch on attacker a
   that the bound doesn't take (x LQ; the other side keeps it), or -1 when
   a is decided: the branching order prefers the largest (measured: 2.4M
   nodes against 7.1M for the first such attacker on the C bench's
   thresholds board at 500 per side, and 10.5M for the smallest). */
long long arb_solver_lagr_gain(arb_solver *s, bprep *bp, int a) {
  lg L;
  long long d0, d1;
  L.bp = bp; L.amode = NULL;
  if (!arb_lagr_alloc(s, &L) || L.fa[a] == NOFIX) return -1;
  d0 = L.ta[a];
  d1 = L.ta[a] - L.fa[a];
  return d0 > d1 ? d0 : d1;
}

/* Whether the last bound blocks attacker a (its term if forced is
   positive): the search visits that branch first, where the bound stays
   (thresholds-dense at 200 per side: proved in 1.02M nodes, undecided
   within [367, 377] after 2M forcing first; the C bench's presets as
   before). */
int arb_solver_lagr_blocks(arb_solver *s, bprep *bp, int a) {
  lg L;
  L.bp = bp; L.amode = NULL;
  return arb_lagr_alloc(s, &L) && L.fa[a] != NOFIX && L.fa[a] > 0;
}

/* Modes for a dive from the last bound: an attacker whose term is above
   tol (x LQ) forced (1), one whose term if blocked is below -tol zeroed
   (2), the rest -- indifferent at these prices -- preferred (3). At prices
   near the bound's minimum the forced ones are blocked and the zeroed ones
   unblocked by the linear relaxation: thresholds-dense at 400 per side
   102 forced, 284 zeroed and 14 indifferent, and an optimum (CBC's) blocks
   the 102, none of the 284 and 11 of the 14. Zeroing the indifferent
   ones instead found 764 there (the optimum is 775, found this way). */
int arb_solver_lagr_modes(arb_solver *s, bprep *bp, signed char *base, long long tol) {
  lg L;
  int a;
  L.bp = bp; L.amode = NULL;
  if (!arb_lagr_alloc(s, &L)) return ARB_SOLVER_ENOMEM;
  for (a = 0; a < bp->na; a++)
    base[a] = L.fa[a] == NOFIX ? 0 : L.ta[a] > tol ? 1 : L.fa[a] < -tol ? 2 : 3;
  return 0;
}
