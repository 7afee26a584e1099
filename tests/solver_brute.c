/*
 * solver_brute.c -- differential test: an independent brute force
 * (enumerate every declaration, check every restriction of 500.3/500.2
 * directly, score every one, take the max) against csrc/solver*.c on
 * random small boards (fixed seed, splitmix64). Compares the maximum, the
 * witness, the number (and a hash) of legal declarations, verdicts of
 * random proposals and the distance of the nearest legal declaration.
 * Prints "N passed, N failed" last; exit status nonzero on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solver.h"
#include "harness.h"

static uint64_t rng_state;
#ifndef SOLVER_BRUTE_RND   /* fuzz/solver_fuzz.c supplies its own, from the input */
static uint64_t rnd(void) { return splitmix(&rng_state); }
#else
static uint64_t rnd(void);
#endif
static int rn(int n) { return (int)(rnd() % (uint64_t)n); }

static long layers[8];

/* ---------------- blocks ---------------- */

#define MA 4
#define MB 4
typedef struct board {
  int na, nb, lim, npairs;
  uint64_t el[MB];
  int cap[MB], mn[MA], mx[MA], wblk[MB], must[MA], lure[MA];
  unsigned char alone[MB], ex[MB], grp[MB];
  int glim;                     /* blocking creatures per group (a defending player), or none */
  arb_block_pair pairs[6];
  arb_block_problem p;
} board;

static int bits(uint64_t m) { int n = 0; while (m) { m &= m - 1; n++; } return n; }

/* Direct restriction check of one declaration d[b] = attacker mask. */
static int brute_ok(const board *B, const uint64_t *d)
{
  int a, b, total = 0;
  for (b = 0; b < B->nb; b++) {
    if (d[b] & ~B->el[b]) return 0;
    if (B->cap[b] != ARB_SOLVER_UNLIMITED && bits(d[b]) > B->cap[b]) return 0;
    if (d[b]) total++;
  }
  for (a = 0; a < B->na; a++) {
    int n = 0;
    for (b = 0; b < B->nb; b++) n += (int)((d[b] >> a) & 1);
    if (n > 0 && n < B->mn[a]) return 0;
    if (B->mx[a] != ARB_SOLVER_UNLIMITED && n > B->mx[a]) return 0;
  }
  if (B->lim != ARB_SOLVER_UNLIMITED && total > B->lim) return 0;
  if (B->p.group != NULL && B->glim != ARB_SOLVER_UNLIMITED)
    for (a = 0; a < 2; a++) {
      int n = 0;
      for (b = 0; b < B->nb; b++) n += d[b] != 0 && B->grp[b] == a;
      if (n > B->glim) return 0;
    }
  for (b = 0; b < B->nb; b++) {       /* with groups, "can't block alone" counts its group */
    int n = 0, k;
    if (!d[b] || !B->alone[b]) continue;
    for (k = 0; k < B->nb; k++) n += d[k] != 0 && (B->p.group == NULL || B->grp[k] == B->grp[b]);
    if (n < 2) return 0;
  }
  return 1;
}

static long brute_score(const board *B, const uint64_t *d)
{
  long s = 0;
  int a, b, i;
  for (b = 0; b < B->nb; b++) {
    if (B->ex[b]) continue;
    if (d[b]) s += B->wblk[b];
    for (a = 0; a < B->na; a++) if ((d[b] >> a) & 1) s += B->lure[a];
  }
  for (a = 0; a < B->na; a++)
    for (b = 0; b < B->nb; b++) if ((d[b] >> a) & 1) { s += B->must[a]; break; }
  for (i = 0; i < B->npairs; i++)
    if (!B->ex[B->pairs[i].blocker] && ((d[B->pairs[i].blocker] >> B->pairs[i].attacker) & 1))
      s += B->pairs[i].weight;
  return s;
}

static uint64_t dhash(const uint64_t *d, int n)
{
  uint64_t h = 0x12345;
  int i;
  for (i = 0; i < n; i++) h = (h ^ (d[i] + 0x9e37 * (uint64_t)(i + 1))) * 0x100000001b3ULL;
  return h * 0x9e3779b97f4a7c15ULL;
}

typedef struct bres { long max, count; uint64_t hsum; uint64_t legal[64][MB]; int nl; } bres;

/* Every declaration: each blocker any attacker mask (0..2^na-1). */
static void brute_rec(const board *B, uint64_t *d, int b, int pass, long target, bres *r)
{
  uint64_t m;
  if (b == B->nb) {
    long s;
    if (!brute_ok(B, d)) return;
    s = brute_score(B, d);
    if (pass == 0) { if (s > r->max) r->max = s; return; }
    if (s != target) return;
    r->count++;
    r->hsum += dhash(d, B->nb);
    if (r->nl < 64) memcpy(r->legal[r->nl++], d, sizeof(uint64_t) * MB);
    return;
  }
  for (m = 0; m < ((uint64_t)1 << B->na); m++) {
    if ((m & ~B->el[b]) != 0) continue;        /* early eligibility reject */
    d[b] = m;
    brute_rec(B, d, b + 1, pass, target, r);
  }
  d[b] = 0;
}

static void brute(const board *B, bres *r)
{
  uint64_t d[MB] = {0};
  r->max = -1; r->count = 0; r->hsum = 0; r->nl = 0;
  brute_rec(B, d, 0, 0, 0, r);
  brute_rec(B, d, 0, 1, r->max, r);
}

static const int caps[] = {0, 1, 1, 1, 2, 3, ARB_SOLVER_UNLIMITED};
static const int mns[] = {1, 1, 1, 2, 2, 3};
static const int mxs[] = {ARB_SOLVER_UNLIMITED, ARB_SOLVER_UNLIMITED, 1, 2, 3};
static const int lims[] = {ARB_SOLVER_UNLIMITED, ARB_SOLVER_UNLIMITED, ARB_SOLVER_UNLIMITED, 0, 1, 2, 3};

static int dense_w;
static int wt(void) { return rn(dense_w ? 2 : 3) ? 0 : 1 + rn(3); }

static void gen_board(board *B)
{
  int a, b, i, dense = rn(4);
  memset(B, 0, sizeof *B);
  B->na = 1 + rn(MA); B->nb = rn(MB + 1);
  B->lim = lims[rn(7)];
  for (b = 0; b < B->nb; b++) {
    for (a = 0; a < B->na; a++) if (rn(4) <= dense) B->el[b] |= (uint64_t)1 << a;
    B->cap[b] = caps[rn(7)];
    B->alone[b] = rn(5) == 0;
    B->ex[b] = rn(10) == 0;
    B->wblk[b] = wt();
  }
  if (B->nb >= 2 && rn(3) == 0) {         /* identical creatures (classes) */
    B->el[1] = B->el[0]; B->cap[1] = B->cap[0]; B->alone[1] = B->alone[0];
    B->ex[1] = B->ex[0]; B->wblk[1] = B->wblk[0];
  }
  for (a = 0; a < B->na; a++) {
    B->mn[a] = mns[rn(6)]; B->mx[a] = mxs[rn(5)];
    B->must[a] = wt(); B->lure[a] = wt();
  }
  B->npairs = (B->na && B->nb) ? rn(4) : 0;
  for (i = 0; i < B->npairs; i++) {
    B->pairs[i].blocker = rn(B->nb); B->pairs[i].attacker = rn(B->na);
    B->pairs[i].weight = 1 + rn(2);
  }
  B->p.na = B->na; B->p.nb = B->nb; B->p.eligible = B->el;
  B->p.capacity = B->cap; B->p.min_blockers = B->mn; B->p.max_blockers = B->mx;
  B->p.cant_block_alone = B->alone; B->p.exempt = B->ex; B->p.max_blocking = B->lim;
  B->p.blocks_if_able = B->wblk; B->p.must_be_blocked = B->must; B->p.lure = B->lure;
  B->p.pairs = B->pairs; B->p.npairs = B->npairs;
  if (rn(8) == 0) { B->p.lure = NULL; memset(B->lure, 0, sizeof B->lure); }
  if (rn(3) == 0) {     /* multiplayer: the limit and "alone" counted per defending player */
    static const int glims[] = {0, 1, 1, 2, ARB_SOLVER_UNLIMITED, ARB_SOLVER_UNLIMITED};
    for (b = 0; b < B->nb; b++) B->grp[b] = (unsigned char)rn(2);
    B->glim = glims[rn(6)];
    B->p.group = B->grp; B->p.group_limit = B->glim;
  }
}

typedef struct ectx { const board *B; long bad; uint64_t hsum; } ectx;
static int on_decl(void *ud, const uint64_t *d)
{
  ectx *e = (ectx *)ud;
  e->hsum += dhash(d, e->B->nb);
  if (!brute_ok(e->B, d)) e->bad++;
  return 0;
}

static int ndiff(const uint64_t *x, const uint64_t *y, int n)
{
  int i, k = 0;
  for (i = 0; i < n; i++) k += x[i] != y[i];
  return k;
}

static void proposal(const board *B, const bres *r, uint64_t *d)
{
  int b;
  if (r->nl > 0 && rn(3) == 0) { memcpy(d, r->legal[rn(r->nl)], sizeof(uint64_t) * MB); return; }
  for (b = 0; b < MB; b++) d[b] = 0;
  for (b = 0; b < B->nb; b++)
    d[b] = rnd() & (rn(4) ? B->el[b] : ((uint64_t)1 << B->na) - 1) & (rn(2) ? ~(uint64_t)0 : 0);
}

/* issue 28: the nearest within a few nodes -- legal, never nearer than the exact nearest (ch),
   its distance bound never above ch, 0 exactly for a legal proposal, and ch itself when the
   answer is proved */
static void check_bound(arb_solver *s, const board *B, const bres *r, const uint64_t *d, int ch, long k)
{
  uint64_t near[MB];
  int ch2 = -1, lb = -1, legal = brute_ok(B, d) && brute_score(B, d) == r->max;
  int rc = arb_block_nearest_bounded(s, &B->p, NULL, NULL, d, near, &ch2, 1 + (int)(k % 8), &lb);
  expect(rc >= 0 && brute_ok(B, near) && brute_score(B, near) == r->max, "bounded nearest legal", k);
  expect(ndiff(near, d, B->nb) == ch2 && ch2 >= ch, "bounded nearest changes", k);
  expect(lb >= 0 && lb <= ch && (lb == 0) == legal, "distance bound", k);
  expect(rc != ARB_SOLVER_OK || (ch2 == ch && lb == ch), "bounded nearest proved", k);
}

static void check_proposal(arb_solver *s, const board *B, const bres *r, long k)
{
  uint64_t d[MB], near[MB], bd[MB];
  arb_solver_verdict v;
  int ok = brute_ok(B, d), ch, bestch = 99, i, rc;
  proposal(B, r, d);
  ok = brute_ok(B, d);
  rc = arb_block_check(s, &B->p, d, &v);
  expect(rc == ARB_SOLVER_OK, "check status", k);
  expect(v.obeys_restrictions == ok, "restriction verdict", k);
  expect(v.score == brute_score(B, d), "proposal score", k);
  expect(v.legal == (ok && brute_score(B, d) == r->max), "legal verdict", k);
  expect(ok || v.reason.code != ARB_REASON_NONE, "reason given", k);
  rc = arb_block_nearest(s, &B->p, d, near, &ch);
  expect(rc == ARB_SOLVER_OK, "nearest status", k);
  expect(brute_ok(B, near) && brute_score(B, near) == r->max, "nearest legal", k);
  expect(ndiff(near, d, B->nb) == ch, "nearest changes reported", k);
  /* brute nearest among all legal (full list only when small) */
  if (r->count <= 64) {
    for (i = 0; i < r->nl; i++) {
      memcpy(bd, r->legal[i], sizeof bd);
      if (ndiff(bd, d, B->nb) < bestch) bestch = ndiff(bd, d, B->nb);
    }
    expect(ch == bestch, "nearest is nearest", k);
  }
  check_bound(s, B, r, d, ch, k);
}

static void dump(const board *B)
{
  int a, b, i;
  printf("  na %d nb %d lim %d\n", B->na, B->nb, B->lim);
  for (b = 0; b < B->nb; b++)
    printf("  b%d el %llx cap %d alone %d ex %d wblk %d\n", b, (unsigned long long)B->el[b],
           B->cap[b], B->alone[b], B->ex[b], B->wblk[b]);
  for (a = 0; a < B->na; a++)
    printf("  a%d min %d max %d must %d lure %d\n", a, B->mn[a], B->mx[a], B->must[a], B->lure[a]);
  for (i = 0; i < B->npairs; i++)
    printf("  pair b%d a%d w%d\n", B->pairs[i].blocker, B->pairs[i].attacker, B->pairs[i].weight);
}

static void block_board(arb_solver *s, long k)
{
  board B;
  bres r;
  arb_solver_result res;
  uint64_t w[MB + 1] = {0};
  ectx e;
  long cnt;
  int rc, i;
  gen_board(&B);
  brute(&B, &r);
  rc = arb_block_solve(s, &B.p, &res, w);
  expect(rc == ARB_SOLVER_OK && res.max == r.max, "block max", k);
  layers[res.layer & 7]++;
  if (rc == ARB_SOLVER_OK && res.max != r.max && failed < 30)
    printf("  solver %lld (layer %d) brute %ld\n", res.max, res.layer, r.max);
  expect(brute_ok(&B, w) && brute_score(&B, w) == r.max, "witness legal", k);
  e.B = &B; e.bad = 0; e.hsum = 0;
  rc = arb_block_enumerate(s, &B.p, 0, on_decl, &e, &cnt);
  expect(rc == ARB_SOLVER_OK && cnt == r.count && e.bad == 0 && e.hsum == r.hsum,
         "enumeration", k);
  if (cnt != r.count && failed < 30) { printf("  enum %ld brute %ld\n", cnt, r.count); dump(&B); }
  for (i = 0; i < 3; i++) check_proposal(s, &B, &r, k);
}

/* ---------------- attacks ---------------- */

typedef struct aboard {
  int n, nd, lim;
  uint64_t can[6];
  int w[6];
  unsigned char alone[6], ex[6];
  arb_attack_problem p;
} aboard;

static int abrute_ok(const aboard *A, const int *d)
{
  int c, n = 0;
  for (c = 0; c < A->n; c++) {
    if (d[c] < 0) continue;
    if (!((A->can[c] >> d[c]) & 1)) return 0;
    n++;
  }
  if (A->lim != ARB_SOLVER_UNLIMITED && n > A->lim) return 0;
  for (c = 0; c < A->n; c++) if (d[c] >= 0 && A->alone[c] && n < 2) return 0;
  return 1;
}

static long abrute_score(const aboard *A, const int *d)
{
  long s = 0;
  int c;
  for (c = 0; c < A->n; c++) if (d[c] >= 0 && !A->ex[c]) s += A->w[c];
  return s;
}

typedef struct ares { long max, count; uint64_t hsum; } ares;

static uint64_t ahash(const int *d, int n)
{
  uint64_t h = 77;
  int i;
  for (i = 0; i < n; i++) h = (h ^ (uint64_t)(d[i] + 2)) * 0x100000001b3ULL;
  return h * 0x9e3779b97f4a7c15ULL;
}

static void abrute_rec(const aboard *A, int *d, int c, int pass, ares *r)
{
  if (c == A->n) {
    long s;
    if (!abrute_ok(A, d)) return;
    s = abrute_score(A, d);
    if (pass == 0) { if (s > r->max) r->max = s; }
    else if (s == r->max) { r->count++; r->hsum += ahash(d, A->n); }
    return;
  }
  for (d[c] = -1; d[c] < A->nd; d[c]++) abrute_rec(A, d, c + 1, pass, r);
  d[c] = -1;
}

static int on_attack(void *ud, const int *d)
{
  void **u = (void **)ud;
  const aboard *A = (const aboard *)u[0];
  ares *e = (ares *)u[1];
  e->hsum += ahash(d, A->n);
  if (!abrute_ok(A, d)) e->count = -1000000;
  return 0;
}

static void attack_board(arb_solver *s, long k)
{
  aboard A;
  ares r, e;
  int d[6], w[6], c, rc, ch;
  long cnt;
  arb_solver_result res;
  arb_solver_verdict v;
  void *u[2];
  memset(&A, 0, sizeof A);
  A.n = rn(6); A.nd = 1 + rn(3);
  A.lim = lims[rn(7)];
  for (c = 0; c < A.n; c++) {
    A.can[c] = rn(4) ? rnd() & (((uint64_t)1 << A.nd) - 1) : 0;
    A.w[c] = wt(); A.alone[c] = rn(4) == 0; A.ex[c] = rn(10) == 0;
  }
  A.p.n = A.n; A.p.ndef = A.nd; A.p.can_attack = A.can; A.p.attacks_if_able = A.w;
  A.p.cant_attack_alone = A.alone; A.p.exempt = A.ex; A.p.max_attacking = A.lim;
  r.max = -1; r.count = 0; r.hsum = 0;
  for (c = 0; c < 6; c++) d[c] = -1;
  abrute_rec(&A, d, 0, 0, &r);
  abrute_rec(&A, d, 0, 1, &r);
  rc = arb_attack_solve(s, &A.p, &res, w);
  expect(rc == 0 && res.max == r.max, "attack max", k);
  expect(abrute_ok(&A, w) && abrute_score(&A, w) == r.max, "attack witness", k);
  e.count = 0; e.hsum = 0; u[0] = &A; u[1] = &e;
  rc = arb_attack_enumerate(s, &A.p, 0, on_attack, u, &cnt);
  expect(rc == 0 && cnt == r.count && e.count == 0 && e.hsum == r.hsum, "attack enum", k);
  for (c = 0; c < A.n; c++) d[c] = rn(3) ? -1 + rn(A.nd + 1) : w[c];
  rc = arb_attack_check(s, &A.p, d, &v);
  expect(v.obeys_restrictions == abrute_ok(&A, d), "attack restrictions", k);
  expect(v.legal == (abrute_ok(&A, d) && abrute_score(&A, d) == r.max), "attack verdict", k);
  rc = arb_attack_nearest(s, &A.p, d, w, &ch);
  expect(rc == 0 && abrute_ok(&A, w) && abrute_score(&A, w) == r.max, "attack nearest", k);
  {                                  /* issue 28: as check_bound, for attacks */
    int ch2 = -1, lb = -1, legal = abrute_ok(&A, d) && abrute_score(&A, d) == r.max, n2 = 0;
    rc = arb_attack_nearest_bounded(s, &A.p, d, w, &ch2, 1 + (int)(k % 8), &lb);
    for (c = 0; c < A.n; c++) n2 += w[c] != d[c];
    expect(rc >= 0 && abrute_ok(&A, w) && abrute_score(&A, w) == r.max, "attack bounded nearest legal", k);
    expect(n2 == ch2 && ch2 >= ch, "attack bounded nearest changes", k);
    expect(lb >= 0 && lb <= ch && (lb == 0) == legal, "attack distance bound", k);
    expect(rc != ARB_SOLVER_OK || (ch2 == ch && lb == ch), "attack bounded nearest proved", k);
  }
}

#ifndef SOLVER_BRUTE_NO_MAIN
int main(int argc, char **argv)
{
  long k, n = argc > 1 ? atol(argv[1]) : 10000;
  arb_solver *s = arb_solver_new(talloc, NULL);
  rng_state = argc > 2 ? strtoull(argv[2], NULL, 10) : 20260501u;
  for (k = 0; k < n; k++) { dense_w = (int)(k & 1); block_board(s, k); }
  for (k = 0; k < n; k++) attack_board(s, k);
  arb_solver_free(s);
  printf("layers: trivial %ld separable %ld flow %ld branch %ld budget %ld\n",
         layers[ARB_LAYER_TRIVIAL], layers[ARB_LAYER_SEPARABLE], layers[ARB_LAYER_FLOW],
         layers[ARB_LAYER_BRANCH], layers[ARB_LAYER_BUDGET]);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
#endif
