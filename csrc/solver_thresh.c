/*
** solver_thresh.c — layer (d), first form: branch and bound over the
** attackers with a minimum of two or more blockers (menace, "can't be
** blocked except by two or more", 500.4 example). Each such attacker is
** either unblocked (0) or blocked by >= min; every node is bounded by the
** flow relaxation (solver_flow.c) with decided attackers forced or zeroed.
** A node whose flow declaration obeys every restriction is solved (its
** bound is reached). A fully decided node still breaking "can't block
** alone" or the limit (capacity > 1) can't be settled here: the caller
** then falls back to the blocker-level search. Each flow solve charges
** its arc scans / 64 (at least 1) to the node budget.
*/
#include "solver_int.h"

typedef struct tb {
  arb_solver *s;
  bprep *bp;
  signed char *amode;
  uint64_t *cand, *best_decl, *rep;
  int *cnt, *fixed, nfixed;
  int reuse;          /* cand is the relaxation's optimum for this node too (value rval) */
  long long rval;
  int lazy;           /* the node may branch without a flow if its bound is still >= lval */
  long long lval;
  long long best, ub;
  long *nodes;
  int stop, oob, unresolved, err;
} tb;

/* An undecided attacker the relaxation blocked too few times: with a
   Lagrangian bound at this node (lagr), the one whose branches both lower
   it most; else the first. */
static int pick(const tb *t, const uint64_t *d, int lagr) {
  const bprep *bp = t->bp;
  int a, b, n, best = -1;
  long long g = -1, x;
  for (a = 0; a < bp->na; a++) {
    if (t->amode[a] != 0 || bp->mina[a] < 2 || bp->maxa[a] == 0) continue;
    for (b = 0, n = 0; b < bp->nb; b++) n += (int)ARB_HAS(d + (size_t)b * bp->nw, a);
    if (n == 0 || n >= bp->mina[a]) continue;
    if (!lagr) return a;
    x = arb_solver_lagr_gain(t->s, t->bp, a);
    if (best < 0 || x > g) { best = a; g = x; }
  }
  return best;
}

static int row_empty(const uint64_t *row, int nw) {
  int w;
  for (w = 0; w < nw; w++) if (row[w]) return 0;
  return 1;
}

/* What blocker b's row is worth: blocks-if-able plus the Lures it obeys. */
static long long row_value(const bprep *bp, const uint64_t *row, int b) {
  const int *lure = bp->p->lure;
  int ex = bp->p->exempt && bp->p->exempt[b], a;
  long long v = bp->wblk[b];
  if (lure && !ex)
    for (a = 0; a < bp->na; a++) if (ARB_HAS(row, a)) v += lure[a];
  return v;
}

static int row_count(const uint64_t *row, int nw) {
  int w, n = 0;
  for (w = 0; w < nw; w++) { uint64_t x = row[w]; while (x) { x &= x - 1; n++; } }
  return n;
}

/* Add blockers with spare capacity to attacker a (blocked k times) until
   it reaches its minimum, within the whole-game limit; returns the count. */
static int fill(const bprep *bp, uint64_t *decl, int a, int k, int lim) {
  const uint64_t *el = bp->p->eligible;
  int b, nblk = 0;
  if (lim >= 0)
    for (b = 0; b < bp->nb; b++) nblk += !row_empty(decl + (size_t)b * bp->nw, bp->nw);
  for (b = 0; b < bp->nb && k < bp->mina[a] && k < bp->maxa[a]; b++) {
    uint64_t *row = decl + (size_t)b * bp->nw;
    int n;
    if (!ARB_HAS(el + (size_t)b * bp->nw, a) || ARB_HAS(row, a)) continue;
    n = row_count(row, bp->nw);
    if (n >= bp->cap[b] || (n == 0 && lim >= 0 && nblk >= lim)) continue;
    ARB_SET(row, a);
    nblk += n == 0;
    k++;
  }
  return k;
}

/* A primal heuristic: repair a relaxed declaration until it obeys every
   restriction -- top up attackers short of their minimum with blockers
   that have room, else unblock them; drop the least
   valuable blockers past the whole-game limit, drop a lone blocker that
   can't block alone -- and score it. Returns 1 (decl repaired, *score),
   0 (gave up), or an error. Incumbents found early prune the searches. */
static int repair_once(arb_solver *s, bprep *bp, uint64_t *decl, arb_solver_reason *rr) {
  const arb_block_problem *p = bp->p;
  arb_solver_reason r;
  int changed = 1, a, b, k, rc, lim = p->max_blocking, rounds = 0;
  while (changed && rounds++ < 4 * (bp->na + bp->nb + 1)) {
    int nblk = 0, worst = -1, lone = -1;
    long long wv = 0;
    changed = 0;
    for (a = 0; a < bp->na; a++) {
      if (bp->mina[a] < 2) continue;
      for (b = 0, k = 0; b < bp->nb; b++) k += (int)ARB_HAS(decl + (size_t)b * bp->nw, a);
      if (k > 0 && k < bp->mina[a]) {
        k = fill(bp, decl, a, k, lim);
        if (k < bp->mina[a])
          for (b = 0; b < bp->nb; b++) ARB_CLR(decl + (size_t)b * bp->nw, a);
        changed = 1;
      }
    }
    if (changed) continue;
    for (b = 0; b < bp->nb; b++) {
      const uint64_t *row = decl + (size_t)b * bp->nw;
      long long v;
      if (row_empty(row, bp->nw)) continue;
      nblk++;
      lone = b;
      v = row_value(bp, row, b);
      if (worst < 0 || v < wv) { worst = b; wv = v; }
    }
    if ((lim >= 0 && nblk > lim) ||
        (nblk == 1 && p->cant_block_alone && p->cant_block_alone[lone])) {
      b = nblk == 1 ? lone : worst;
      for (k = 0; k < bp->nw; k++) decl[(size_t)b * bp->nw + k] = 0;
      changed = 1;
    }
  }
  rc = arb_block_restrictions(s, p, decl, &r, NULL);
  *rr = r;
  return rc;
}

/* ... and a blocker whose "can't block unless ..." condition fails (Okk)
   stops blocking, then the rest is repaired again (at most 16 times: each
   asks the condition once more): without it a conditioned board's first incumbents are often
   the empty declaration. */
int arb_solver_repair(arb_solver *s, bprep *bp, uint64_t *decl, long long *score) {
  arb_solver_reason r;
  int k, w, rc = repair_once(s, bp, decl, &r);
  for (k = 0; rc == 0 && k < bp->nb && k < 16 && (r.code == ARB_REASON_CONDITION || r.code == ARB_REASON_LIMIT || r.code == ARB_REASON_ALONE) &&
              r.creature >= 0 && r.creature < bp->nb; k++) {
    for (w = 0; w < bp->nw; w++) decl[(size_t)r.creature * bp->nw + w] = 0;
    rc = repair_once(s, bp, decl, &r);
  }
  if (rc != 1) return rc;
  *score = arb_solver_bscore(bp->p, decl);
  return 1;
}

static int dcount(const bprep *bp, const uint64_t *d, int a) {
  int b, n = 0;
  for (b = 0; b < bp->nb; b++) n += (int)ARB_HAS(d + (size_t)b * bp->nw, a);
  return n;
}

/* Keep cand as best if it obeys every restriction (after repair) and
   scores higher. Returns 0 or an error. */
static int keep(arb_solver *s, bprep *bp, const uint64_t *cand, uint64_t *rep,
                long long *best, uint64_t *best_decl) {
  size_t i, n = (size_t)bp->nb * bp->nw;
  long long sc;
  int rc;
  for (i = 0; i < n; i++) rep[i] = cand[i];
  rc = arb_solver_repair(s, bp, rep, &sc);
  if (rc < 0) return rc;
  if (rc == 1 && sc > *best) {
    *best = sc;
    for (i = 0; i < n; i++) best_decl[i] = rep[i];
  }
  return 0;
}

/* After the dive, each attacker it gave up is forced back (mode 1: the
   flow meets its minimum whatever that costs) one at a time; kept forced
   when that declaration, repaired, scores better. An eighth of the budget
   at most from where they start: the search proves what this can only
   find (the thresholds presets at 500 per side once spent 0.47M and 1.7M
   nodes here without a gain). */
static int second_chance(arb_solver *s, bprep *bp, signed char *dm, uint64_t *cand,
                         uint64_t *rep, long long *best, long long ub, uint64_t *best_decl,
                         long *nodes) {
  int a, rc;
  long until = *nodes + s->budget / 8;
  for (a = 0; a < bp->na && *best < ub && !arb_solver_out(s, *nodes, until - 1); a++) {
    long long val, before = *best;
    long work = 0;
    if (dm[a] != 2 || bp->maxa[a] == 0) continue;
    dm[a] = 1;
    rc = arb_solver_lagr(s, bp, dm, &val, &work);   /* the bound says forcing a can't help */
    *nodes += 1 + work / 64;
    work = 0;
    if (rc < 0) return rc;
    if (rc == 0 || (rc == 1 && val <= *best)) { dm[a] = 2; continue; }
    rc = arb_solver_flow_run(s, bp, dm, cand, &val, &work);
    *nodes += 1 + work / 64;
    if (rc < 0) return rc;
    if (rc == 1 && val > *best && (rc = keep(s, bp, cand, rep, best, best_decl)) < 0) return rc;
    if (*best == before) dm[a] = 2;
  }
  return 0;
}

/* The dive: round after round, attackers blocked at all are "preferred"
   (mode 3: the flow keeps the relaxed optimum's score and, among its
   optima, fills minimums first); an attacker still short of its minimum
   while preferred is given up (mode 2) -- from given modes (base: the
   priced dive, which starts close) only the one shortest of its minimum
   per round (thresholds-dense at 510 and 520 per side: 1022 and 1027,
   the optima, against 1021 and 1025 giving up all at once). At most two
   changes per attacker, so at most 2 na + 1 rounds. chances: then the
   second chances, screened by arb_solver_lagr's bound at its prices (set
   for this problem). */
int arb_solver_dive(arb_solver *s, bprep *bp, const signed char *base, long long *best,
                    long long ub, uint64_t *best_decl, long *nodes, int chances, long until) {
  size_t nd = (size_t)bp->nb * bp->nw + 1;
  signed char *dm = arb_solver_ws(s, WS_DMODE, (size_t)bp->na + 1);
  uint64_t *cand = arb_solver_ws(s, WS_DCAND, nd * sizeof(uint64_t));
  uint64_t *rep = arb_solver_ws(s, WS_DREP, nd * sizeof(uint64_t));
  int a, round, rc;
  if (!dm || !cand || !rep) return ARB_SOLVER_ENOMEM;
  for (a = 0; a < bp->na; a++) dm[a] = base ? base[a] : 0;
  for (round = 0; round <= 2 * bp->na && *best < ub && !arb_solver_out(s, *nodes, until - 1);
       round++) {
    long long val;
    long work = 0;
    int shorts = 0, worst = -1, wgap = 0, one = base != NULL;
    rc = arb_solver_flow_run(s, bp, dm, cand, &val, &work);
    *nodes += 1 + work / 64;
    if (rc <= 0) return rc;
    if (val <= *best) return 0;              /* this dive can't do better */
    if ((rc = keep(s, bp, cand, rep, best, best_decl)) < 0) return rc;
    for (a = 0; a < bp->na; a++) {
      int k;
      if (dm[a] == 1 || dm[a] == 2 || bp->maxa[a] == 0) continue;
      k = dcount(bp, cand, a);
      if (one && k > 0 && k < bp->mina[a] && dm[a] == 3) {
        shorts++;
        if (worst < 0 || bp->mina[a] - k > wgap) { worst = a; wgap = bp->mina[a] - k; }
      }
      else if (k > 0 && k < bp->mina[a]) { shorts++; dm[a] = dm[a] == 3 ? 2 : 3; }
      else if (k > 0) dm[a] = 3;
    }
    if (worst >= 0) dm[worst] = 2;
    if (shorts == 0) break;
  }
  return chances ? second_chance(s, bp, dm, cand, rep, best, ub, best_decl, nodes) : 0;
}

static void tdfs(tb *t);

/* Whether the relaxation's declaration cand already obeys the modes just
   fixed (zeroed attackers unblocked, forced ones at their minimum): then it
   is the relaxation's optimum with them too (a restriction it satisfies),
   and the node needs no flow of its own. */
static int cand_obeys(const tb *t, int from, int n) {
  int i;
  for (i = from; i < from + n; i++) {
    int a = t->fixed[i], k = dcount(t->bp, t->cand, a);
    if (t->amode[a] == 2 ? k > 0 : k < t->bp->mina[a]) return 0;
  }
  return 1;
}

/* Attackers the last Lagrangian bound decides (reduced-cost fixing,
   solver_lagr.c): decide them and solve the node again; 1 if it did.
   reuse: cand is this node's relaxation optimum (value rval). */
static int fix_and_go(tb *t, int reuse, long long rval) {
  int n = arb_solver_lagr_fix(t->s, t->bp, t->amode, t->best, t->fixed + t->nfixed), i;
  if (n < 0) { t->err = n; t->stop = 1; return 1; }
  if (n == 0) return 0;
  t->reuse = reuse && cand_obeys(t, t->nfixed, n);
  t->rval = rval;
  t->nfixed += n;
  tdfs(t);
  t->nfixed -= n;
  for (i = 0; i < n; i++) t->amode[t->fixed[t->nfixed + i]] = 0;
  return 1;
}

/* A node whose bound at the root's prices (solver_dual.c) is no lower
   than its parent's: branched at once on an attacker the last flow's
   declaration (cand) blocks too few times, with no flow of its own. On the
   C bench's thresholds board at 500 per side the proof was one path of
   ~24 branchings on which the node's own flow left the bound where the
   last prices had it; without those flows it was proved in 1.68M nodes
   (3.93M; 469,186 since the root's prices). Any prices give a bound, so
   this only changes the order of work. 1 if it branched. */
static int branch_lazily(tb *t, long long lb) {
  int a = pick(t, t->cand, 1), first;
  if (a < 0) return 0;
  if (arb_solver_out(t->s, *t->nodes, t->s->budget)) { t->oob = 1; t->stop = 1; return 1; }
  first = arb_solver_lagr_blocks(t->s, t->bp, a) ? 1 : 2;
  t->amode[a] = (signed char)first; t->lazy = 1; t->lval = lb; tdfs(t);
  t->amode[a] = (signed char)(3 - first); tdfs(t);
  t->amode[a] = 0;
  return 1;
}

/* A node's declaration (t->cand) as it is, then repaired: either may raise the best found.
   1 when the node is done (solved at its bound val, the search stops, or an error). */
static int settle(tb *t, long long val) {
  arb_solver_reason r;
  long long sc;
  size_t i, n = (size_t)t->bp->nb * t->bp->nw;
  int rc = arb_block_restrictions(t->s, t->bp->p, t->cand, &r, NULL);
  if (rc < 0) { t->err = rc; t->stop = 1; return 1; }
  if (rc == 1) {                     /* solved when it reaches the node's bound */
    sc = arb_solver_bscore(t->bp->p, t->cand);
    if (sc > t->best) {
      t->best = sc;
      for (i = 0; i < n; i++) t->best_decl[i] = t->cand[i];
      if (t->best >= t->ub) { t->stop = 1; return 1; }
    }
    if (sc >= val) return 1;
  }
  for (i = 0; i < n; i++) t->rep[i] = t->cand[i];
  rc = arb_solver_repair(t->s, t->bp, t->rep, &sc);
  if (rc < 0) { t->err = rc; t->stop = 1; return 1; }
  if (rc == 1 && sc > t->best) {
    t->best = sc;
    for (i = 0; i < n; i++) t->best_decl[i] = t->rep[i];
    if (t->best >= t->ub) { t->stop = 1; return 1; }
  }
  return val <= t->best;
}

static void tdfs(tb *t) {
  long long val, fval = 0, lb = 0;
  long work = 0;
  int rc, a, lagr = 0, first, reuse = t->reuse, lazy = t->lazy;
  t->reuse = 0; t->lazy = 0;
  if (t->stop) return;
  rc = arb_solver_lagr(t->s, t->bp, t->amode, &lb, &work);  /* no flow if the root's prices prune */
  *t->nodes += 1 + work / 64;
  work = 0;
  if (rc < 0) { t->err = rc; t->stop = 1; return; }
  if (rc == 0 || (rc == 1 && lb <= t->best)) return;
  if (rc == 1 && fix_and_go(t, reuse, t->rval)) return;
  if (lazy && rc == 1 && lb >= t->lval && branch_lazily(t, lb)) return;
  reuse = reuse && rc == 1;
  if (reuse) {                       /* the parent's relaxation optimum is this node's */
    rc = 1;
    fval = t->rval;
    val = lb < fval ? lb : fval;
    lagr = 1;
  } else {
    rc = arb_solver_flow_run(t->s, t->bp, t->amode, t->cand, &fval, &work);
    val = fval;
    if (rc == 1 && val > t->best) {  /* the thresholds priced in: often lower */
      rc = arb_solver_lagr(t->s, t->bp, t->amode, &lb, &work);
      if (rc == 1 && lb < val) val = lb;
      lagr = rc == 1;
    }
  }
  *t->nodes += 1 + work / 64;
  if (arb_solver_out(t->s, *t->nodes, t->s->budget)) { t->oob = 1; t->stop = 1; return; }
  if (rc < 0) { t->err = rc; t->stop = 1; return; }
  if (rc == 0 || val <= t->best) return;
  if (t->bp->p->condition) *t->nodes += ARB_CONDITION_NODES;
  if (settle(t, val)) return;
  if (lagr && fix_and_go(t, 1, fval)) return;
  a = pick(t, t->cand, lagr);
  if (a < 0) { t->unresolved = 1; return; }
  first = lagr && !arb_solver_lagr_blocks(t->s, t->bp, a) ? 2 : 1;  /* the bound's side first */
  t->amode[a] = (signed char)first; t->lazy = lagr; t->lval = val; tdfs(t);
  t->amode[a] = (signed char)(3 - first); tdfs(t);
  t->amode[a] = 0;
}

int arb_solver_thresholds(arb_solver *s, bprep *bp, long long *best,
                          long long ub, uint64_t *best_decl, long *nodes) {
  tb t;
  int a;
  size_t nd = (size_t)bp->nb * bp->nw + 1;
  t.s = s; t.bp = bp; t.best = *best; t.ub = ub; t.best_decl = best_decl;
  t.nodes = nodes; t.stop = t.oob = t.unresolved = t.err = 0;
  t.amode = arb_solver_ws(s, WS_AMODE, (size_t)bp->na + 1);
  t.cand = arb_solver_ws(s, WS_TCAND, nd * sizeof(uint64_t));
  t.rep = arb_solver_ws(s, WS_TREP, nd * sizeof(uint64_t));
  t.fixed = arb_solver_ws(s, WS_TFIX, ((size_t)bp->na + 1) * sizeof(int));
  t.nfixed = 0; t.reuse = 0; t.rval = 0; t.lazy = 0; t.lval = 0;
  if (!t.amode || !t.cand || !t.rep || !t.fixed) return ARB_SOLVER_ENOMEM;
  for (a = 0; a < bp->na; a++) t.amode[a] = 0;
  if ((a = arb_solver_lagr_init(s, bp)) < 0) return a;
  tdfs(&t);
  *best = t.best;
  if (t.err) return t.err;
  if (t.oob) return ARB_SOLVER_UNKNOWN;
  if (t.unresolved && t.best < ub) return 2;
  return ARB_SOLVER_OK;
}
