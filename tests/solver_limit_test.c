/*
 * solver_limit_test.c -- differential test of csrc/solver*.c on boards with
 * a whole-game limit (500.3 "no more than N creatures can block") and
 * blockers that can block two or three attackers, too big for the brute
 * force of solver_brute.c (6-16 attackers, 8-16 blockers, limits of 1 to half
 * the blockers), against an exact reference written here: a depth-first
 * branch and bound over the blockers, each taking one of its options
 * (subsets of its eligible attackers within its capacity), with its own
 * restriction checks and score. Bound: the score so far, plus the best
 * options of as many remaining blockers as the limit still allows, plus
 * the must-be-blocked weights still reachable. It shares nothing with the
 * solver. Boards whose reference search passes its node cap are skipped
 * (counted). Checks: the solver's maximum equals the reference's (or the
 * reference lies within [lower, upper] when the solver says unknown), the
 * witness obeys every restriction and scores the maximum, the reference's
 * optimum is judged legal. Prints "N passed, N failed" last.
 * usage: solver_limit_test [BOARDS] [SEED, 0 = default] [thresholds]; with
 * "thresholds" the boards have no limit and most attackers a minimum of 2-4
 * blockers (the threshold search's ground, csrc/solver_thresh.c).
 */
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "solver_int.h"
#include "harness.h"

static uint64_t rng_state = 20261125u;
static uint64_t rnd(void) { return splitmix(&rng_state); }
static int rn(int n) { return (int)(rnd() % (uint64_t)n); }

#define MA 16   /* attackers: one word of eligibility */
#define MB 16
#define MOPT 16

typedef struct board {
  int na, nb, lim, npairs;
  uint64_t el[MB];
  int cap[MB], mn[MA], mx[MA], wblk[MB], must[MA], lure[MA];
  unsigned char alone[MB], ex[MB];
  arb_block_pair pairs[MB];
  arb_block_problem p;
  /* the reference's view: per blocker its options (attacker masks) */
  uint64_t opt[MB][MOPT];
  int nopt[MB], best1[MB];
} board;

static int bits(uint64_t m) { int n = 0; while (m) { m &= m - 1; n++; } return n; }

/* Requirements blocker b obeys by blocking the attackers in m. */
static int opt_value(const board *B, int b, uint64_t m)
{
  int a, i, v = 0;
  if (m == 0 || B->ex[b]) return 0;
  v = B->wblk[b];
  for (a = 0; a < B->na; a++) if ((m >> a) & 1) v += B->lure[a];
  for (i = 0; i < B->npairs; i++)
    if (B->pairs[i].blocker == b && ((m >> B->pairs[i].attacker) & 1)) v += B->pairs[i].weight;
  return v;
}

/* Every restriction, directly: eligibility, capacity, {0} u [min, max]
   blockers per attacker, the whole-game limit, "can't block alone". */
static int ref_ok(const board *B, const uint64_t *d)
{
  int a, b, n = 0;
  for (b = 0; b < B->nb; b++) {
    if (d[b] & ~B->el[b]) return 0;
    if (bits(d[b]) > B->cap[b]) return 0;
    n += d[b] != 0;
  }
  for (a = 0; a < B->na; a++) {
    int k = 0;
    for (b = 0; b < B->nb; b++) k += (int)((d[b] >> a) & 1);
    if (k > 0 && (k < B->mn[a] || (B->mx[a] != ARB_SOLVER_UNLIMITED && k > B->mx[a]))) return 0;
  }
  if (B->lim != ARB_SOLVER_UNLIMITED && n > B->lim) return 0;
  if (n == 1)
    for (b = 0; b < B->nb; b++) if (d[b] && B->alone[b]) return 0;
  return 1;
}

static long ref_score(const board *B, const uint64_t *d)
{
  long s = 0;
  int a, b;
  for (b = 0; b < B->nb; b++) s += opt_value(B, b, d[b]);
  for (a = 0; a < B->na; a++)
    for (b = 0; b < B->nb; b++)
      if ((d[b] >> a) & 1) { s += B->must[a]; break; }
  return s;
}

typedef struct ref {
  const board *B;
  uint64_t d[MB], best_d[MB];
  int cnt[MA];
  long best, nodes, cap;
  int sorted[MB];  /* remaining blockers' best option values, by position */
} ref;

/* Score so far + the best options of at most R of blockers j.. + must
   weights of unblocked attackers some blocker j.. may still block. */
static long bound(ref *R, int j, int nblk)
{
  const board *B = R->B;
  int vals[MB], n = 0, i, k, a, left = B->lim == ARB_SOLVER_UNLIMITED ? MB : B->lim - nblk;
  long v = 0;
  uint64_t reach = 0;
  for (i = j; i < B->nb; i++) { vals[n++] = B->best1[i]; reach |= B->el[i]; }
  for (i = 1; i < n; i++)     /* insertion sort, descending */
    for (k = i; k > 0 && vals[k] > vals[k - 1]; k--) { int t = vals[k]; vals[k] = vals[k - 1]; vals[k - 1] = t; }
  for (i = 0; i < n && i < left; i++) v += vals[i];
  for (a = 0; a < B->na; a++) if (R->cnt[a] == 0 && ((reach >> a) & 1) && left > 0) v += B->must[a];
  return v;
}

static void rec(ref *R, int j, int nblk, long cur)
{
  const board *B = R->B;
  int o, a;
  if (++R->nodes > R->cap) return;
  for (a = 0; a < B->na; a++) {   /* a started block that can't reach its minimum */
    int more = 0, b;
    if (R->cnt[a] == 0 || R->cnt[a] >= B->mn[a]) continue;
    for (b = j; b < B->nb; b++) more += (int)((B->el[b] >> a) & 1);
    if (R->cnt[a] + more < B->mn[a]) return;
  }
  if (cur + bound(R, j, nblk) <= R->best) return;
  if (j == B->nb) {
    if (!ref_ok(B, R->d)) return;
    R->best = cur;
    memcpy(R->best_d, R->d, sizeof R->d);
    return;
  }
  for (o = 0; o < B->nopt[j]; o++) {
    uint64_t m = B->opt[j][o];
    long gain = opt_value(B, j, m);
    int ok = 1;
    if (m && B->lim != ARB_SOLVER_UNLIMITED && nblk >= B->lim) continue;
    for (a = 0; a < B->na; a++)
      if (((m >> a) & 1) && B->mx[a] != ARB_SOLVER_UNLIMITED && R->cnt[a] >= B->mx[a]) ok = 0;
    if (!ok) continue;
    for (a = 0; a < B->na; a++) if ((m >> a) & 1) { if (R->cnt[a]++ == 0) gain += B->must[a]; }
    R->d[j] = m;
    rec(R, j + 1, nblk + (m != 0), cur + gain);
    R->d[j] = 0;
    for (a = 0; a < B->na; a++) if ((m >> a) & 1) R->cnt[a]--;
  }
}

/* Options of each blocker: every subset of its eligible attackers within
   its capacity, the empty one included; best1 = the best value. */
static void options(board *B)
{
  int b;
  for (b = 0; b < B->nb; b++) {
    uint64_t sub = B->el[b];
    B->nopt[b] = 0; B->best1[b] = 0;
    for (;;) {   /* all submasks of el[b] */
      if (bits(sub) <= B->cap[b] && B->nopt[b] < MOPT) {
        int v = opt_value(B, b, sub);
        B->opt[b][B->nopt[b]++] = sub;
        if (v > B->best1[b]) B->best1[b] = v;
      }
      if (sub == 0) break;
      sub = (sub - 1) & B->el[b];
    }
  }
}

static int wt(int p) { return rn(p) ? 0 : 1 + rn(2); }

/* "thresholds" boards (argv[3]): no limit; most attackers need 2-4
   blockers, half must be blocked, provoke on every other blocker -- the
   threshold search's boards (csrc/solver_thresh.c), small enough here. */
static int thresholds;

static void gen_thresholds(board *B)
{
  int a, b;
  B->na = 4 + rn(6); B->nb = 10 + rn(MB - 9);
  for (b = 0; b < B->nb; b++) {
    int k = 1 + rn(3), i;
    for (i = 0; i < k; i++) B->el[b] |= (uint64_t)1 << rn(B->na);
    B->cap[b] = rn(3) == 0 ? 2 : 1;
    B->alone[b] = rn(6) == 0;
    B->wblk[b] = rn(2) ? 1 : 0;
  }
  for (a = 0; a < B->na; a++) {
    B->mn[a] = rn(4) ? 2 + rn(3) : 1;
    B->mx[a] = ARB_SOLVER_UNLIMITED;
    B->must[a] = rn(2); B->lure[a] = wt(2);
  }
  for (b = 1; b < B->nb; b += 2) {
    B->pairs[B->npairs].blocker = b; B->pairs[B->npairs].attacker = rn(B->na);
    B->pairs[B->npairs++].weight = 1;
  }
  B->lim = ARB_SOLVER_UNLIMITED;
}

static void gen_limit(board *B)
{
  int a, b, i;
  B->na = 6 + rn(MA - 5); B->nb = 8 + rn(MB - 7);
  for (b = 0; b < B->nb; b++) {
    int k = 1 + rn(3);        /* eligible for 1-3 attackers: at most 7 options */
    for (i = 0; i < k; i++) B->el[b] |= (uint64_t)1 << rn(B->na);
    B->cap[b] = rn(3) == 0 ? 2 : (rn(8) == 0 ? 3 : 1);
    B->alone[b] = rn(10) == 0;
    B->ex[b] = rn(15) == 0;
    B->wblk[b] = wt(3);
  }
  for (a = 0; a < B->na; a++) {
    B->mn[a] = rn(5) == 0 ? 2 : 1;
    B->mx[a] = rn(6) == 0 ? (rn(2) ? 1 : 2) : ARB_SOLVER_UNLIMITED;
    B->must[a] = wt(4); B->lure[a] = wt(3);
  }
  B->npairs = rn(B->nb / 2 + 1);
  for (i = 0; i < B->npairs; i++) {
    B->pairs[i].blocker = rn(B->nb); B->pairs[i].attacker = rn(B->na); B->pairs[i].weight = 1;
  }
  B->lim = 1 + rn(B->nb / 2);
}

static void gen(board *B)
{
  memset(B, 0, sizeof *B);
  if (thresholds) gen_thresholds(B);
  else gen_limit(B);
  B->p.na = B->na; B->p.nb = B->nb; B->p.eligible = B->el;
  B->p.capacity = B->cap; B->p.min_blockers = B->mn; B->p.max_blockers = B->mx;
  B->p.cant_block_alone = B->alone; B->p.exempt = B->ex; B->p.max_blocking = B->lim;
  B->p.blocks_if_able = B->wblk; B->p.must_be_blocked = B->must; B->p.lure = B->lure;
  B->p.pairs = B->pairs; B->p.npairs = B->npairs;
  options(B);
}

/* The root bound at the flow's prices and after the price descent
   (csrc/solver_dual.c): the descent never raises it, and both are upper
   bounds on the reference's maximum. */
static void descent_bounds(arb_solver *s, board *B, long best, long k)
{
  bprep bp;
  uint64_t d[MB];
  long long fval, lb0, lb1;
  long work = 0;
  int rc = arb_solver_prep(s, &B->p, &bp);
  if (rc < 0 || arb_solver_lagr_init(s, &bp) < 0) { expect(0, "descent: prepared", k); return; }
  rc = arb_solver_flow_prices(s, &bp, NULL, d, &fval, &work, arb_solver_lagr_prices(s, &bp),
                              arb_solver_lagr_q());
  if (rc != 1) return;
  if (arb_solver_lagr(s, &bp, NULL, &lb0, &work) != 1) return;
  rc = arb_solver_lagr_descend(s, &bp, NULL, -1, 4, &lb1, &work, LONG_MAX);
  expect(rc == 1 && lb1 <= lb0 && lb1 >= best, "descent: lower, still a bound", k);
}

static void one_board(arb_solver *s, long k, long *skipped, long *layers)
{
  static board B;
  ref R;
  arb_solver_result res;
  arb_solver_verdict v;
  uint64_t w[MB];
  int rc;
  gen(&B);
  memset(&R, 0, sizeof R);
  R.B = &B; R.best = -1; R.cap = 2000000;
  rec(&R, 0, 0, 0);
  if (R.nodes > R.cap) { (*skipped)++; return; }
  expect(ref_ok(&B, R.best_d) && ref_score(&B, R.best_d) == R.best, "reference's own optimum", k);
  if (thresholds) descent_bounds(s, &B, R.best, k);
  rc = arb_block_solve(s, &B.p, &res, w);
  if (rc == ARB_SOLVER_OK) {
    layers[res.layer & 7]++;
    expect(res.max == R.best, "maximum", k);
    if (res.max != R.best && failed < 30)
      printf("  solver %lld (layer %d) reference %ld\n", res.max, res.layer, R.best);
    expect(ref_ok(&B, w) && ref_score(&B, w) == R.best, "witness legal", k);
    rc = arb_block_judge(s, &B.p, R.best_d, &res, &v);
    expect(rc == ARB_SOLVER_OK && v.legal == 1, "reference's optimum judged legal", k);
  } else {
    layers[7]++;
    expect(rc == ARB_SOLVER_UNKNOWN && res.lower <= R.best && R.best <= res.upper,
           "unknown brackets the maximum", k);
  }
}

int main(int argc, char **argv)
{
  long k, n = argc > 1 ? atol(argv[1]) : 2000, skipped = 0, layers[8] = {0};
  arb_solver *s = arb_solver_new(talloc, NULL);
  if (argc > 2 && atol(argv[2]) > 0) rng_state = strtoull(argv[2], NULL, 10);
  thresholds = argc > 3 && strcmp(argv[3], "thresholds") == 0;
  for (k = 0; k < n; k++) one_board(s, k, &skipped, layers);
  arb_solver_free(s);
  printf("%s boards: %ld, reference gave up on %ld; layers: separable %ld flow %ld "
         "branch %ld unknown %ld\n", thresholds ? "thresholds" : "limit", n, skipped, layers[ARB_LAYER_SEPARABLE],
         layers[ARB_LAYER_FLOW], layers[ARB_LAYER_BRANCH], layers[7]);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
