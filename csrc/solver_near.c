/*
** solver_near.c — a proved lower bound on the distance from a proposal to
** the nearest legal declaration (500.2-500.4: legal = every restriction
** obeyed and the maximum of requirements obeyed), for the nearest searches
** that stop at a budget (issue 28): "unproved, nearest found, and no legal
** declaration changes fewer than this many rows".
**
** Each bound counts creatures that must change (distinct creatures, so the
** counts can be compared, never added across kinds):
**  - forced: a row that breaks a restriction on its own (an attacker or
**    defender it may not take, more attackers than its capacity) changes;
**  - requirements: the changed creatures must make up the score the
**    proposal misses (max - score); a creature's change gains at most its
**    best row (its class's independent best, plus the must-be-blocked
**    weights it could add) less what its present row obeys, so the fewest
**    changes are the forced ones plus the largest gains that cover the rest;
**  - counts: each change takes a creature out of at most one blocking
**    creature slot (the whole-game limit, a group's limit) and removes at
**    most its row's blocks (attackers' maximum blockers).
** An illegal proposal is at least 1 away. Nothing here searches: a pass over
** the rows and one sort, well under what the maximum itself cost.
*/
#include <stdlib.h>
#include "solver_int.h"

static int desc(const void *x, const void *y) {
  long long p = *(const long long *)x, q = *(const long long *)y;
  return p < q ? 1 : p > q ? -1 : 0;
}

/* Fewest creatures whose gains v cover need, the forced ones always among
   them; tmp: n scratch. Past every positive gain (only a wrong gain could do
   that: a legal declaration covers it) the forced count alone is claimed. */
static int cover(const long long *v, const unsigned char *forced, int n,
                 long long need, long long *tmp) {
  int i, k = 0, m = 0;
  for (i = 0; i < n; i++) {
    if (forced[i]) { k++; need -= v[i]; }
    else if (v[i] > 0) tmp[m++] = v[i];
  }
  if (need <= 0) return k;
  qsort(tmp, (size_t)m, sizeof *tmp, desc);
  for (i = 0; i < m; i++) {
    need -= tmp[i];
    if (need <= 0) return k + i + 1;
  }
  for (i = 0, k = 0; i < n; i++) k += forced[i];
  return k;
}

/* Over a limit (blocking or attacking creatures), at least out creatures stop taking part;
   each such change obeys nothing more (gains <= 0), so the others still cover the whole
   missing score: out plus the fewest gains covering it (forced ones counted as any). */
static int with_removals(int out, const long long *v, unsigned char *forced, int n,
                         long long need, long long *tmp) {
  int i;
  if (out <= 0) return 0;
  for (i = 0; i < n; i++) forced[i] = 0;
  return out + cover(v, forced, n, need, tmp);
}

static int popc(uint64_t x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
static int wget(const int *w, int i) { return w != NULL ? w[i] : 0; }
static int imax(int a, int b) { return a > b ? a : b; }

/* The most must-be-blocked weight blocker b could add: its top cap[b] among
   the attackers its class may block (tmp: scratch of the class's size). */
static long long must_gain(const bprep *bp, int b, long long *tmp) {
  int c = bp->cls[b], n = bp->coff[c + 1] - bp->coff[c], i, k = bp->cap[b];
  long long v = 0;
  if (bp->p->must_be_blocked == NULL || k == 0) return 0;
  for (i = 0; i < n; i++) tmp[i] = bp->p->must_be_blocked[bp->ca[bp->coff[c] + i]];
  if (k < n) qsort(tmp, (size_t)n, sizeof *tmp, desc);
  for (i = 0; i < n && i < k; i++) v += tmp[i];
  return v;
}

/* What blocker b's row obeys by itself (Lure, pairs, blocks-if-able), and
   whether the row alone breaks a restriction (forced to change). */
static long long row_obeys(const bprep *bp, int b, const uint64_t *row, unsigned char *forced) {
  const arb_block_problem *p = bp->p;
  const uint64_t *el = p->eligible + (size_t)b * bp->nw;
  int ex = p->exempt != NULL && p->exempt[b], a, i, k = 0;
  long long v = 0;
  for (a = 0; a < bp->na; a++) {
    if (!ARB_HAS(row, a)) continue;
    k++;
    if (!ARB_HAS(el, a) || bp->maxa[a] == 0) *forced = 1;
    if (!ex) v += wget(p->lure, a);
  }
  for (i = bp->poff[b]; i < bp->poff[b + 1]; i++)
    if (ARB_HAS(row, bp->pa[i])) v += bp->pw[i];
  if (k > bp->cap[b]) *forced = 1;
  return k > 0 ? v + bp->wblk[b] : v;
}

/* Must-be-blocked weights are gained once per attacker, however many blockers could bring
   them: all changes together gain at most the weights of the attackers the proposal leaves
   unblocked, so the rows' own gains (gain less mg) cover the rest. gain is left as it was. */
static int without_must(const bprep *bp, const uint64_t *proposal, long long *gain,
                        const long long *mg, const unsigned char *forced, long long need,
                        long long *tmp) {
  int a, b, k;
  for (a = 0; a < bp->na; a++) {
    int hit = 0;
    for (b = 0; b < bp->nb && !hit; b++) hit = (int)ARB_HAS(proposal + (size_t)b * bp->nw, a);
    if (!hit) need -= bp->p->must_be_blocked[a];
  }
  for (b = 0; b < bp->nb; b++) gain[b] -= mg[b];
  k = cover(gain, forced, bp->nb, need, tmp);
  for (b = 0; b < bp->nb; b++) gain[b] += mg[b];
  return k;
}

int arb_solver_block_bound(arb_solver *s, const bprep *bp, long long max,
                           const uint64_t *proposal, int *bound) {
  const arb_block_problem *p = bp->p;
  size_t nb = (size_t)bp->nb + 1, na = (size_t)bp->na + 1;
  long long *gain = arb_solver_ws(s, WS_NEAR_G, nb * sizeof(long long));
  long long *tmp = arb_solver_ws(s, WS_NEAR_T, (2 * nb + na) * sizeof(long long));
  long long *mg = arb_solver_ws(s, WS_NEAR_M, nb * sizeof(long long));
  unsigned char *forced = arb_solver_ws(s, WS_NEAR_F, nb);
  int *cnt = arb_solver_ws(s, WS_NEAR_C, (na + 64) * sizeof(int));
  long long score, excess = 0;
  int ok, a, b, w, nblk = 0, k, out = 0;
  if (!gain || !tmp || !mg || !forced || !cnt) return ARB_SOLVER_ENOMEM;
  ok = arb_block_restrictions(s, p, proposal, NULL, &score);
  if (ok < 0) return ok;
  if (ok && score == max) { *bound = 0; return ARB_SOLVER_OK; }
  for (a = 0; a < bp->na + 64; a++) cnt[a] = 0;
  for (b = 0; b < bp->nb; b++) {
    const uint64_t *row = proposal + (size_t)b * bp->nw;
    int bits = 0;
    for (w = 0; w < bp->nw; w++) bits += popc(row[w]);
    forced[b] = 0;
    gain[b] = -row_obeys(bp, b, row, &forced[b]);
    mg[b] = bp->cap[b] > 0 ? must_gain(bp, b, tmp + nb) : 0;
    if (bp->cap[b] > 0) gain[b] += bp->indep[bp->cls[b]] + mg[b];
    for (a = 0; a < bp->na; a++) cnt[a] += (int)ARB_HAS(row, a);
    if (bits > 0) {
      nblk++;
      if (p->group != NULL) cnt[bp->na + p->group[b]]++;
    }
    tmp[b] = bits;                           /* blocks a change can take away */
  }
  k = 1;
  if (p->max_blocking != ARB_SOLVER_UNLIMITED) out = imax(out, nblk - p->max_blocking);
  if (arb_solver_grouped(p)) {
    int g, over = 0;
    for (g = 0; g < 64; g++) over += imax(0, cnt[bp->na + g] - p->group_limit);
    out = imax(out, over);
  }
  for (a = 0; a < bp->na; a++)
    if (p->max_blockers != NULL && p->max_blockers[a] != ARB_SOLVER_UNLIMITED)
      excess += imax(0, cnt[a] - p->max_blockers[a]);
  if (excess > 0) k = imax(k, cover(tmp, forced, bp->nb, excess, tmp + nb));
  k = imax(k, cover(gain, forced, bp->nb, max - score, tmp + nb));
  if (p->must_be_blocked != NULL) k = imax(k, without_must(bp, proposal, gain, mg, forced, max - score, tmp + nb));
  k = imax(k, with_removals(out, gain, forced, bp->nb, max - score, tmp + nb));
  *bound = k;
  return ARB_SOLVER_OK;
}

/* Attacks: a creature's score is its own (its weight and its defender's
   pair weight), so its gain is its best value less what it obeys now. */
int arb_solver_attack_bound(arb_solver *s, const arb_attack_problem *p, long long max,
                            const int *proposal, int *bound) {
  size_t n = (size_t)p->n + 1;
  long long *gain = arb_solver_ws(s, WS_NEAR_G, n * sizeof(long long));
  long long *tmp = arb_solver_ws(s, WS_NEAR_T, n * sizeof(long long));
  unsigned char *forced = arb_solver_ws(s, WS_NEAR_F, n);
  long long score;
  int ok, c, k = 1, att = 0;
  if (!gain || !tmp || !forced) return ARB_SOLVER_ENOMEM;
  ok = arb_attack_restrictions(p, proposal, NULL, &score);
  if (ok < 0) return ok;
  if (ok && score == max) { *bound = 0; return ARB_SOLVER_OK; }
  for (c = 0; c < p->n; c++) {
    int d = proposal[c];
    forced[c] = 0;
    gain[c] = arb_solver_attack_value(p, c);
    if (d < 0) continue;
    att++;
    if (d >= p->ndef || !arb_solver_attack_may(p, c, d)) forced[c] = 1;
    gain[c] -= arb_solver_attack_obeys(p, c, d);
  }
  k = imax(k, cover(gain, forced, p->n, max - score, tmp));
  if (p->max_attacking != ARB_SOLVER_UNLIMITED)
    k = imax(k, with_removals(att - p->max_attacking, gain, forced, p->n, max - score, tmp));
  *bound = k;
  return ARB_SOLVER_OK;
}
