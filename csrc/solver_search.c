/*
** solver_search.c — layer (d): depth-first branch and bound over live
** blockers (grouped by class), shared by three modes:
**   BB_MAX  find the maximum number of requirements obeyed (500.4);
**   BB_ENUM visit every restriction-obeying declaration scoring the target;
**   BB_NEAR find one scoring the target that changes the fewest rows.
** Restrictions (eligibility, capacity, max blockers, whole-game limit) are
** enforced on the way down; min blockers (menace) and "can't block alone"
** at the leaves, with a pruning test for unfillable minimums. Bound:
** score so far + remaining blockers' independent best + must-be-blocked
** weights still reachable. Layer (e): every node counts against the budget;
** running out sets out_of_budget and the caller reports UNKNOWN.
** Work arrays come from the workspace; nothing is allocated per node.
*/
#include "solver_int.h"

typedef struct bb {
  arb_solver *s;
  bprep *bp;
  bbargs *a;
  uint64_t *decl;
  int *cnt, *chosen, *lastpos, *rc, *pk;
  long long *suf, *sufmax;
  long long cur;
  int nblk, changes, stop, lim;
  int gcnt[64];     /* blocking creatures per group (arb_solver_grouped) */
  long budget;
} bb;

static int mbw(const bb *t, int a) {
  return t->bp->p->must_be_blocked ? t->bp->p->must_be_blocked[a] : 0;
}

static int bound_ok(bb *t, int i) {
  const bprep *bp = t->bp;
  long long rem = t->suf[i], must = 0;
  int a, R = t->lim >= 0 ? t->lim - t->nblk : ARB_BIG;
  if (t->lim >= 0 && (long long)R * t->sufmax[i] < rem) rem = (long long)R * t->sufmax[i];
  for (a = 0; a < bp->na; a++) {
    int c = t->cnt[a];
    if (c == 0 && R > 0 && t->lastpos[a] >= i) must += mbw(t, a);
    if (c > 0 && c < bp->mina[a] &&
        (t->rc == NULL || t->rc[(size_t)i * bp->na + a] < bp->mina[a] - c)) return 0;
  }
  if (t->a->mode == BB_MAX) return t->cur + rem + must > t->a->best;
  if (t->a->mode == BB_NEAR && t->changes >= t->a->best_changes) return 0;
  return t->cur + rem + must >= t->a->target;
}

static int can_take(const bb *t, int b, int a, int first) {
  if (t->cnt[a] >= t->bp->maxa[a]) return 0;
  if (first && t->lim >= 0 && t->nblk >= t->lim) return 0;
  if (first && arb_solver_grouped(t->bp->p) &&
      t->gcnt[t->bp->p->group[b]] >= t->bp->p->group_limit) return 0;
  return 1;
}

static void take(bb *t, int b, int a, int w, int first) {
  ARB_SET(t->decl + (size_t)b * t->bp->nw, a);
  if (t->cnt[a]++ == 0) t->cur += mbw(t, a);
  t->cur += w;
  if (first) { t->nblk++; t->cur += t->bp->wblk[b]; }
  if (first && t->bp->p->group != NULL) t->gcnt[t->bp->p->group[b]]++;
}

static void untake(bb *t, int b, int a, int w, int first) {
  ARB_CLR(t->decl + (size_t)b * t->bp->nw, a);
  if (--t->cnt[a] == 0) t->cur -= mbw(t, a);
  t->cur -= w;
  if (first) { t->nblk--; t->cur -= t->bp->wblk[b]; }
  if (first && t->bp->p->group != NULL) t->gcnt[t->bp->p->group[b]]--;
}

static int alone_broken(const bb *t) {
  const bprep *bp = t->bp;
  int i, w;
  if (bp->p->group != NULL && bp->p->cant_block_alone != NULL) {   /* alone in its group */
    for (i = 0; i < bp->nlive; i++) {
      int b = bp->order[i];
      if (!bp->p->cant_block_alone[b] || t->gcnt[bp->p->group[b]] != 1) continue;
      for (w = 0; w < bp->nw; w++)
        if (t->decl[(size_t)b * bp->nw + w]) return 1;
    }
    return 0;
  }
  if (t->nblk != 1 || bp->p->cant_block_alone == NULL) return 0;
  for (i = 0; i < bp->nlive; i++) {
    int b = bp->order[i];
    for (w = 0; w < bp->nw; w++)
      if (t->decl[(size_t)b * bp->nw + w]) return bp->p->cant_block_alone[b] != 0;
  }
  return 0;
}

static void copy_decl(const bb *t, uint64_t *out) {
  size_t i, n = (size_t)t->bp->nb * t->bp->nw;
  for (i = 0; i < n; i++) out[i] = t->decl[i];
}

static int bp_cond(const bb *t) { return t->bp->p->condition != NULL; }

static void leaf(bb *t) {
  bbargs *a = t->a;
  int x;
  for (x = 0; x < t->bp->na; x++)
    if (t->cnt[x] > 0 && t->cnt[x] < t->bp->mina[x]) return;
  if (alone_broken(t)) return;
  if (bp_cond(t)) {
    int who, rc;
    if (a->mode == BB_MAX ? t->cur <= a->best : t->cur != a->target) return;
    a->nodes += ARB_CONDITION_NODES;
    rc = arb_solver_condition(t->bp->p, t->decl, &who);
    if (rc < 0) { a->err = rc; t->stop = 1; return; }
    if (rc == 0) return;
  }
  if (a->mode == BB_MAX) {
    if (t->cur <= a->best) return;
    a->best = t->cur;
    copy_decl(t, a->best_decl);
    if (a->best >= a->ub) t->stop = 1;
  } else if (a->mode == BB_ENUM) {
    if (t->cur != a->target) return;
    a->count++;
    if ((a->visit && a->visit(a->ud, t->decl)) || (a->limit > 0 && a->count >= a->limit))
      t->stop = 1;
  } else {
    if (t->cur != a->target || t->changes >= a->best_changes) return;
    a->best_changes = t->changes;
    copy_decl(t, a->best_decl);
    if (t->changes == 0) t->stop = 1;
  }
}

static void dfs(bb *t, int i);

/* Capacity-1 blocker: one attacker or none. Choice index n = none. */
static void try1(bb *t, int i, int b, int k) {
  const bprep *bp = t->bp;
  int c = bp->cls[b], n = bp->coff[c + 1] - bp->coff[c], d = 0;
  if (t->pk != NULL && t->pk[b] != k) d = 1;
  t->chosen[i] = k;
  t->changes += d;
  if (k == n) dfs(t, i + 1);
  else {
    int at = bp->ca[bp->coff[c] + k], w = bp->cw[bp->coff[c] + k];
    if (can_take(t, b, at, 1)) {
      take(t, b, at, w, 1);
      dfs(t, i + 1);
      untake(t, b, at, w, 1);
    }
  }
  t->changes -= d;
}

static void choose1(bb *t, int i, int b) {
  const bprep *bp = t->bp;
  int c = bp->cls[b], n = bp->coff[c + 1] - bp->coff[c], k, k0 = 0;
  if (t->a->mode == BB_MAX && i > 0 && bp->cls[bp->order[i - 1]] == c)
    k0 = t->chosen[i - 1];      /* identical creatures: sorted choices only */
  if (t->pk != NULL && t->pk[b] >= 0) try1(t, i, b, t->pk[b]);
  for (k = k0; k <= n && !t->stop; k++)
    if (t->pk == NULL || k != t->pk[b]) try1(t, i, b, k);
}

static int row_differs(const bb *t, int b) {
  int w, nw = t->bp->nw;
  for (w = 0; w < nw; w++)
    if (t->decl[(size_t)b * nw + w] != t->a->proposal[(size_t)b * nw + w]) return 1;
  return 0;
}

/* Capacity >= 2: any subset of its choices of size <= capacity. */
static void subset(bb *t, int i, int b, int j, int taken) {
  const bprep *bp = t->bp;
  int c = bp->cls[b], n = bp->coff[c + 1] - bp->coff[c];
  if (t->stop) return;
  if (arb_solver_out(t->s, ++t->a->nodes, t->budget)) { t->a->out_of_budget = 1; t->stop = 1; return; }
  if (j == n || taken == bp->cap[b]) {
    int d = t->pk != NULL ? row_differs(t, b) : 0;
    t->changes += d;
    dfs(t, i + 1);
    t->changes -= d;
    return;
  }
  {
    int at = bp->ca[bp->coff[c] + j], w = bp->cw[bp->coff[c] + j];
    int prop_out = t->pk != NULL && !ARB_HAS(t->a->proposal + (size_t)b * bp->nw, at);
    if (prop_out) subset(t, i, b, j + 1, taken);
    if (!t->stop && can_take(t, b, at, taken == 0)) {
      take(t, b, at, w, taken == 0);
      subset(t, i, b, j + 1, taken + 1);
      untake(t, b, at, w, taken == 0);
    }
    if (!prop_out) subset(t, i, b, j + 1, taken);
  }
}

static void dfs(bb *t, int i) {
  int b;
  if (t->stop) return;
  if (i == t->bp->nlive) { leaf(t); return; }
  if (arb_solver_out(t->s, ++t->a->nodes, t->budget)) { t->a->out_of_budget = 1; t->stop = 1; return; }
  if (!bound_ok(t, i)) return;
  b = t->bp->order[i];
  if (t->bp->cap[b] == 1) choose1(t, i, b);
  else subset(t, i, b, 0, 0);
}

/* Suffix bounds by order position, and the last position that can
   still block each attacker. */
static void suffixes(bb *t) {
  const bprep *bp = t->bp;
  int i, k, a;
  t->suf[bp->nlive] = 0;
  t->sufmax[bp->nlive] = 0;
  for (i = bp->nlive - 1; i >= 0; i--) {
    long long v = bp->indep[bp->cls[bp->order[i]]];
    t->suf[i] = t->suf[i + 1] + v;
    t->sufmax[i] = v > t->sufmax[i + 1] ? v : t->sufmax[i + 1];
  }
  for (a = 0; a < bp->na; a++) t->lastpos[a] = -1;
  for (i = 0; i < bp->nlive; i++) {
    int c = bp->cls[bp->order[i]];
    for (k = bp->coff[c]; k < bp->coff[c + 1]; k++) t->lastpos[bp->ca[k]] = i;
  }
}

/* rc[i][a]: positions >= i able to block a (only needed for min >= 2). */
static void fill_rc(bb *t) {
  const bprep *bp = t->bp;
  int i, a, k, na = bp->na;
  for (a = 0; a < na; a++) t->rc[(size_t)bp->nlive * na + a] = 0;
  for (i = bp->nlive - 1; i >= 0; i--) {
    int c = bp->cls[bp->order[i]];
    for (a = 0; a < na; a++) t->rc[(size_t)i * na + a] = t->rc[(size_t)(i + 1) * na + a];
    for (k = bp->coff[c]; k < bp->coff[c + 1]; k++) t->rc[(size_t)i * na + bp->ca[k]]++;
  }
}

/* NEAR: proposal's choice index per blocker (n = none, -1 = not a
   single choice); rows of dead blockers that block count as changed. */
static int fill_pk(bb *t) {
  const bprep *bp = t->bp;
  const uint64_t *pr = t->a->proposal;
  int b, k, w, ch = 0;
  for (b = 0; b < bp->nb; b++) {
    int c = bp->cls[b], n = bp->coff[c + 1] - bp->coff[c], bits = 0, x = -1;
    for (w = 0; w < bp->nw; w++) {
      uint64_t v = pr[(size_t)b * bp->nw + w];
      int i;
      for (i = 0; v; i++, v >>= 1) if (v & 1) { x = w * 64 + i; bits++; }
    }
    if (bp->cap[b] == 0) { ch += bits > 0; t->pk[b] = -1; continue; }
    t->pk[b] = bits == 0 ? n : -1;
    if (bits == 1)
      for (k = 0; k < n; k++) if (bp->ca[bp->coff[c] + k] == x) t->pk[b] = k;
  }
  return ch;
}

static int need_rc(const bprep *bp) {
  int a;
  for (a = 0; a < bp->na; a++) if (bp->maxa[a] > 0 && bp->mina[a] > 1) return 1;
  return 0;
}

int arb_solver_branch(arb_solver *s, bprep *bp, bbargs *a) {
  bb t;
  size_t nl = (size_t)bp->nlive + 1, na = (size_t)bp->na + 1;
  size_t i, nd = (size_t)bp->nb * bp->nw;
  t.s = s; t.bp = bp; t.a = a; t.cur = 0; t.nblk = 0; t.changes = 0; t.stop = 0;
  t.lim = bp->p->max_blocking; t.budget = s->budget;
  t.decl = arb_solver_ws(s, WS_DECL, (nd + 1) * sizeof(uint64_t));
  t.cnt = arb_solver_ws(s, WS_BBCNT, na * sizeof(int));
  t.chosen = arb_solver_ws(s, WS_CHOSEN, nl * sizeof(int));
  t.lastpos = arb_solver_ws(s, WS_LAST, na * sizeof(int));
  t.suf = arb_solver_ws(s, WS_SUF, nl * sizeof(long long));
  t.sufmax = arb_solver_ws(s, WS_SUFMAX, nl * sizeof(long long));
  t.rc = need_rc(bp) ? arb_solver_ws(s, WS_RC, nl * na * sizeof(int)) : NULL;
  t.pk = a->mode == BB_NEAR ? arb_solver_ws(s, WS_PK, ((size_t)bp->nb + 1) * sizeof(int)) : NULL;
  if (!t.decl || !t.cnt || !t.chosen || !t.lastpos || !t.suf || !t.sufmax ||
      (need_rc(bp) && !t.rc) || (a->mode == BB_NEAR && !t.pk)) return ARB_SOLVER_ENOMEM;
  for (i = 0; i < nd; i++) t.decl[i] = 0;
  for (i = 0; i < (size_t)bp->na; i++) t.cnt[i] = 0;
  for (i = 0; i < 64; i++) t.gcnt[i] = 0;
  suffixes(&t);
  if (t.rc) fill_rc(&t);
  if (t.pk) t.changes = fill_pk(&t);
  a->out_of_budget = 0;
  a->err = 0;
  dfs(&t, 0);
  if (a->err) return a->err;
  return a->out_of_budget ? ARB_SOLVER_UNKNOWN : ARB_SOLVER_OK;
}
