/*
 * solver_limit.c -- a Lagrangian bound for the whole-game limit on
 * blocking creatures (500.3, "no more than N creatures can block") when
 * some blockers can block more than one attacker. The flow's hub model
 * (solver_flow.c) counts only each blocker's first attacker against the
 * limit, so a capacity-2 blocker's second unit is free, even for a blocker
 * the hub never admits: with a tight limit the bound is far off (limit
 * n/4 + 1, 100 per side, one blocker in 8 of capacity 2: 69 against an
 * optimum of 61). Here the limit is priced instead: each unit of a
 * capacity-k blocker pays lam / k (a blocking creature uses at least
 * units / k of the limit), and the bound gets lam * limit back -- an upper
 * bound for any lam >= 0 (weak duality), the hub kept as well. lam is
 * found by bisection on the sign of the subgradient (limit - sum of
 * units / k of the flow's declaration); every flow's declaration is also
 * repaired into a candidate (solver_thresh.c's repair).
 */
#include "solver_int.h"

#define LDEN 64            /* lam in 1/64 of a requirement */
#define LSTEPS 12          /* bisection steps at most */

static int row_units(const bprep *bp, const uint64_t *row)
{
  int w, n = 0;
  for (w = 0; w < bp->nw; w++) { uint64_t x = row[w]; while (x) { x &= x - 1; n++; } }
  return n;
}

/* limit - sum over blockers of units / capacity, x the lcm-free scale
   2520 (exact for capacities 1-10; rounded past, only the search's
   direction depends on it). */
static long long slack(const bprep *bp, const uint64_t *decl)
{
  long long used = 0;
  int b;
  for (b = 0; b < bp->nb; b++) {
    int u = row_units(bp, decl + (size_t)b * bp->nw);
    if (u > 0 && bp->cap[b] > 0) used += (long long)u * 2520 / bp->cap[b];
  }
  return (long long)bp->p->max_blocking * 2520 - used;
}

/* Repair cand (in place) and keep it when it beats *best. */
static int offer(arb_solver *s, bprep *bp, uint64_t *cand, long long *best, uint64_t *best_decl)
{
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
static long long top_price(const bprep *bp)
{
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
int arb_solver_limit_priced(const bprep *bp)
{
  int i;
  if (bp->p->max_blocking < 0) return 0;
  for (i = 0; i < bp->nlive; i++) if (bp->cap[bp->order[i]] > 1) return 1;
  return 0;
}

int arb_solver_limit_bound(arb_solver *s, bprep *bp, const signed char *amode,
                           long long *bound, long long *best, uint64_t *best_decl, long *work)
{
  size_t nd = (size_t)bp->nb * bp->nw + 1;
  uint64_t *cand = arb_solver_ws(s, WS_LIMIT, nd * sizeof(uint64_t));
  long long lo = 0, hi = top_price(bp) * LDEN, lam[2], val, ub = *bound;
  int step, rc;
  if (cand == NULL) return ARB_SOLVER_ENOMEM;
  lam[1] = LDEN;
  for (step = 0; step < LSTEPS && lo <= hi && *best < ub; step++) {
    lam[0] = lo + (hi - lo) / 2;
    rc = arb_solver_flow_limit(s, bp, amode, cand, &val, work, lam);
    if (rc <= 0) return rc;
    if (val < ub) ub = val;
    if (slack(bp, cand) >= 0) hi = lam[0] - 1;    /* the price leaves room: lower it */
    else lo = lam[0] + 1;
    if ((rc = offer(s, bp, cand, best, best_decl)) < 0) return rc;
  }
  *bound = ub;
  return 1;
}
