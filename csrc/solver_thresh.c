/*
 * solver_thresh.c -- layer (d), first form: branch and bound over the
 * attackers with a minimum of two or more blockers (menace, "can't be
 * blocked except by two or more", 500.4 example). Each such attacker is
 * either unblocked (0) or blocked by >= min; every node is bounded by the
 * flow relaxation (solver_flow.c) with decided attackers forced or zeroed.
 * A node whose flow declaration obeys every restriction is solved (its
 * bound is reached). A fully decided node still breaking "can't block
 * alone" or the limit (capacity > 1) can't be settled here: the caller
 * then falls back to the blocker-level search. Each flow solve charges
 * its arc scans / 64 (at least 1) to the node budget.
 */
#include "solver_int.h"

typedef struct tb {
  arb_solver *s;
  bprep *bp;
  signed char *amode;
  uint64_t *cand, *best_decl;
  int *cnt;
  long long best, ub;
  long *nodes;
  int stop, oob, unresolved, err;
} tb;

/* An undecided attacker the relaxation blocked too few times. */
static int pick(const tb *t, const uint64_t *d)
{
  const bprep *bp = t->bp;
  int a, b, n;
  for (a = 0; a < bp->na; a++) {
    if (t->amode[a] != 0 || bp->mina[a] < 2 || bp->maxa[a] == 0) continue;
    for (b = 0, n = 0; b < bp->nb; b++) n += (int)ARB_HAS(d + (size_t)b * bp->nw, a);
    if (n > 0 && n < bp->mina[a]) return a;
  }
  return -1;
}

static void tdfs(tb *t)
{
  long long val;
  long work = 0;
  arb_solver_reason r;
  int rc, a, i;
  if (t->stop) return;
  rc = arb_solver_flow_run(t->s, t->bp, t->amode, t->cand, &val, &work);
  *t->nodes += 1 + work / 64;
  if (*t->nodes > t->s->budget) { t->oob = 1; t->stop = 1; return; }
  if (rc < 0) { t->err = rc; t->stop = 1; return; }
  if (rc == 0 || val <= t->best) return;
  rc = arb_block_restrictions(t->s, t->bp->p, t->cand, &r, NULL);
  if (rc < 0) { t->err = rc; t->stop = 1; return; }
  if (rc == 1) {
    t->best = arb_solver_bscore(t->bp->p, t->cand);
    for (i = 0; i < t->bp->nb * t->bp->nw; i++) t->best_decl[i] = t->cand[i];
    if (t->best >= t->ub) t->stop = 1;
    return;
  }
  a = pick(t, t->cand);
  if (a < 0) { t->unresolved = 1; return; }
  t->amode[a] = 1; tdfs(t);
  t->amode[a] = 2; tdfs(t);
  t->amode[a] = 0;
}

int arb_solver_thresholds(arb_solver *s, bprep *bp, long long *best,
                          long long ub, uint64_t *best_decl, long *nodes)
{
  tb t;
  int a;
  size_t nd = (size_t)bp->nb * bp->nw + 1;
  t.s = s; t.bp = bp; t.best = *best; t.ub = ub; t.best_decl = best_decl;
  t.nodes = nodes; t.stop = t.oob = t.unresolved = t.err = 0;
  t.amode = arb_solver_ws(s, WS_AMODE, (size_t)bp->na + 1);
  t.cand = arb_solver_ws(s, WS_TCAND, nd * sizeof(uint64_t));
  if (!t.amode || !t.cand) return ARB_SOLVER_ENOMEM;
  for (a = 0; a < bp->na; a++) t.amode[a] = 0;
  tdfs(&t);
  *best = t.best;
  if (t.err) return t.err;
  if (t.oob) return ARB_SOLVER_UNKNOWN;
  if (t.unresolved && t.best < ub) return 2;
  return ARB_SOLVER_OK;
}
