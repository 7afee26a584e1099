/*
** solver_limit_branch.c — branch and bound for a whole-game limit on
** blocking creatures with blockers of capacity > 1 (500.3). The flow's hub
** model counts a blocker's first attacker against the limit and leaves its
** second one free, so its declaration can break the limit (a capacity-2
** blocker blocking once on its free unit) and the threshold search
** (solver_thresh.c) can't settle such a node. Here a node also decides,
** for capacity-k blockers alone in their class, "holds a place of the
** limit" (its units then pass no hub and pay no price) or "doesn't block";
** when every blocking one is decided the hub counts creatures exactly. An
** attacker short of its minimum is branched first (forced / unblocked, as
** in solver_thresh.c). Every node is bounded by the flow with the limit
** priced (solver_limit.c, the root's price); a node whose declaration
** keeps the limit but not the bound (the price's slack) is bounded again
** at price 0, its subtree too. Each flow charges its arc scans / 64 (at
** least 1) to the node budget.
*/
#include "solver_int.h"

typedef struct lbb {
  arb_solver *s;
  bprep *bp;
  signed char *amode, *bmode;
  uint64_t *cand, *rep, *best_decl;
  arb_limit_node ln;
  long long best, ub;
  long *nodes;
  int nin, stop, oob, unresolved, err;
} lbb;

static int units_of(const lbb *t, int b) {
  const uint64_t *row = t->cand + (size_t)b * t->bp->nw;
  int w, n = 0;
  for (w = 0; w < t->bp->nw; w++) { uint64_t x = row[w]; while (x) { x &= x - 1; n++; } }
  return n;
}

static int blocked(const lbb *t, int a) {
  int b, n = 0;
  for (b = 0; b < t->bp->nb; b++) n += (int)ARB_HAS(t->cand + (size_t)b * t->bp->nw, a);
  return n;
}

/* An open attacker the flow blocked fewer times than its minimum. */
static int pick_attacker(const lbb *t) {
  const bprep *bp = t->bp;
  int a, n;
  for (a = 0; a < bp->na; a++) {
    if (t->amode[a] != 0 || bp->mina[a] < 2 || bp->maxa[a] == 0) continue;
    n = blocked(t, a);
    if (n > 0 && n < bp->mina[a]) return a;
  }
  return -1;
}

/* An open capacity-k blocker alone in its class that blocks in the flow's
   declaration, the fewest units first (one unit: likely its free one). */
static int pick_blocker(const lbb *t) {
  const bprep *bp = t->bp;
  int i, best = -1, bu = 0;
  for (i = 0; i < bp->nlive; i++) {
    int b = bp->order[i], c = bp->cls[b], u;
    if (bp->cap[b] < 2 || bp->csize[c] != 1 || t->bmode[c] != 0) continue;
    u = units_of(t, b);
    if (u > 0 && (best < 0 || u < bu)) { best = b; bu = u; }
  }
  return best;
}

static int over_limit(const lbb *t) {
  int b, n = 0;
  for (b = 0; b < t->bp->nb; b++) n += units_of(t, b) > 0;
  return n > t->bp->p->max_blocking;
}

static void keep(lbb *t, const uint64_t *d, long long sc) {
  size_t i, n = (size_t)t->bp->nb * t->bp->nw;
  if (sc <= t->best) return;
  t->best = sc;
  for (i = 0; i < n; i++) t->best_decl[i] = d[i];
  if (t->best >= t->ub) t->stop = 1;
}

static void ldfs(lbb *t);
static int node(lbb *t, long long *val);

/* limit x 64 - sum of units x 64 / capacity in the node's declaration. */
static long long slack(const lbb *t) {
  long long used = 0;
  int b;
  for (b = 0; b < t->bp->nb; b++) {
    int u = units_of(t, b);
    if (u > 0 && t->bp->cap[b] > 0) used += (long long)u * 64 / t->bp->cap[b];
  }
  return (long long)t->bp->p->max_blocking * 64 - used;
}

/* The node's declaration keeps the limit but doesn't reach the bound at
   this price: bisect the price down (at most 6 flows, the lowest bound
   kept), then search the node at that price. */
static void reprice(lbb *t) {
  long long lo = 0, hi = t->ln.num - 1, bestp = t->ln.num, bestv = -1, val;
  int k, rc;
  for (k = 0; k < 6 && lo <= hi && !t->stop; k++) {
    t->ln.num = lo + (hi - lo) / 2;
    if ((rc = node(t, &val)) <= 0) return;   /* pruned, solved or stopped */
    if (bestv < 0 || val < bestv) { bestv = val; bestp = t->ln.num; }
    if (slack(t) >= 0) hi = t->ln.num - 1; else lo = t->ln.num + 1;
  }
  if (t->stop) return;
  if (bestv < 0) { t->unresolved = 1; return; }
  t->ln.num = bestp;                 /* below the caller's: the recursion ends at price 0 */
  ldfs(t);
}

static void branch(lbb *t) {
  int a = pick_attacker(t), b;
  if (a >= 0) {
    t->amode[a] = 1; ldfs(t);
    t->amode[a] = 2; ldfs(t);
    t->amode[a] = 0;
    return;
  }
  if (!over_limit(t) && t->ln.num > 0) {   /* the price's own slack: a lower price here */
    long long num = t->ln.num;
    reprice(t);
    t->ln.num = num;
    return;
  }
  if (!over_limit(t) || (b = pick_blocker(t)) < 0) { t->unresolved = 1; return; }
  if (t->nin < t->bp->p->max_blocking) {
    t->bmode[t->bp->cls[b]] = 1; t->nin++;
    ldfs(t);
    t->nin--;
  }
  t->bmode[t->bp->cls[b]] = 2; ldfs(t);
  t->bmode[t->bp->cls[b]] = 0;
}

/* Bound the node at the current price: 0 when it is settled (pruned,
   infeasible, solved, or the search stops), 1 (*val) when it must branch. */
static int node(lbb *t, long long *val) {
  long long sc;
  long work = 0;
  size_t i, n = (size_t)t->bp->nb * t->bp->nw;
  arb_solver_reason r;
  int rc;
  if (t->stop) return 0;
  rc = arb_solver_flow_limit(t->s, t->bp, t->amode, t->cand, val, &work, &t->ln);
  *t->nodes += 1 + work / 64;
  if (arb_solver_out(t->s, *t->nodes, t->s->budget)) { t->oob = 1; t->stop = 1; return 0; }
  if (rc < 0) { t->err = rc; t->stop = 1; return 0; }
  if (rc == 0 || *val <= t->best) return 0;
  rc = arb_block_restrictions(t->s, t->bp->p, t->cand, &r, &sc);
  if (rc < 0) { t->err = rc; t->stop = 1; return 0; }
  if (rc == 1) {                     /* solved when it reaches the node's bound */
    keep(t, t->cand, sc);
    if (sc >= *val || t->stop) return 0;
  }
  for (i = 0; i < n; i++) t->rep[i] = t->cand[i];
  rc = arb_solver_repair(t->s, t->bp, t->rep, &sc);
  if (rc < 0) { t->err = rc; t->stop = 1; return 0; }
  if (rc == 1) keep(t, t->rep, sc);
  return !t->stop && *val > t->best;
}

static void ldfs(lbb *t) {
  long long val;
  if (node(t, &val)) branch(t);
}

int arb_solver_limit_branch(arb_solver *s, bprep *bp, long long price, long long *best,
                            long long ub, uint64_t *best_decl, long *nodes) {
  lbb t;
  size_t nd = (size_t)bp->nb * bp->nw + 1;
  int i;
  t.s = s; t.bp = bp; t.best = *best; t.ub = ub; t.best_decl = best_decl; t.nodes = nodes;
  t.nin = t.stop = t.oob = t.unresolved = t.err = 0;
  t.amode = arb_solver_ws(s, WS_LIM_AMODE, (size_t)bp->na + 1);
  t.bmode = arb_solver_ws(s, WS_LIM_BMODE, (size_t)bp->ncls + 1);
  t.cand = arb_solver_ws(s, WS_LIM_CAND, nd * sizeof(uint64_t));
  t.rep = arb_solver_ws(s, WS_LIM_REP, nd * sizeof(uint64_t));
  if (!t.amode || !t.bmode || !t.cand || !t.rep) return ARB_SOLVER_ENOMEM;
  for (i = 0; i < bp->na; i++) t.amode[i] = 0;
  for (i = 0; i < bp->ncls; i++) t.bmode[i] = 0;
  t.ln.num = price; t.ln.den = 64; t.ln.bmode = t.bmode;
  ldfs(&t);
  *best = t.best;
  if (t.err) return t.err;
  if (t.oob) return ARB_SOLVER_UNKNOWN;
  if (t.unresolved && t.best < ub) return 2;
  return ARB_SOLVER_OK;
}
