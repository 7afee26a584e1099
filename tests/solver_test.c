/*
 * solver_test.c -- hand-built cases for every example and ruling of rules
 * 500.2-500.5 (seed 004) the solver must honour: maxima, verdicts of
 * specific proposals (with the broken restriction), witness legality and
 * counts of legal declarations. Also budget exhaustion (UNKNOWN, never a
 * wrong verdict) and allocation failure (error code, no leak).
 * Prints "N passed, N failed" last; exit status nonzero on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solver.h"

static int passed, failed;
#define CHECK(c) check_((c), #c, __LINE__)
static void check_(int ok, const char *what, int line)
{
  if (ok) passed++;
  else { failed++; printf("FAIL line %d: %s\n", line, what); }
}

static long live_bytes;
static long fail_after = -1;
static void *talloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
  (void)ud;
  if (nsize == 0) { if (ptr) live_bytes -= (long)osize; free(ptr); return NULL; }
  if (fail_after == 0) return NULL;
  if (fail_after > 0) fail_after--;
  ptr = realloc(ptr, nsize);
  if (ptr) live_bytes += (long)nsize - (long)osize;
  return ptr;
}

/* A small block board; one word of eligibility per blocker (na <= 64). */
typedef struct bb {
  int na, nb;
  uint64_t el[16];
  int cap[16], mn[16], mx[16], wblk[16], must[16], lure[16];
  unsigned char alone[16], ex[16];
  arb_block_pair pairs[16];
  arb_block_problem p;
} bb;

static void bb_init(bb *B, int na, int nb)
{
  int i;
  memset(B, 0, sizeof *B);
  B->na = na; B->nb = nb;
  for (i = 0; i < 16; i++) {
    B->el[i] = ((uint64_t)1 << na) - 1;   /* everyone may block everyone */
    B->cap[i] = 1; B->mn[i] = 1; B->mx[i] = ARB_SOLVER_UNLIMITED;
  }
  B->p.na = na; B->p.nb = nb; B->p.eligible = B->el; B->p.capacity = B->cap;
  B->p.min_blockers = B->mn; B->p.max_blockers = B->mx;
  B->p.cant_block_alone = B->alone; B->p.exempt = B->ex;
  B->p.max_blocking = ARB_SOLVER_UNLIMITED; B->p.blocks_if_able = B->wblk;
  B->p.must_be_blocked = B->must; B->p.lure = B->lure; B->p.pairs = B->pairs;
}

static arb_solver *S;

static long long bmax(bb *B, int *layer)
{
  arb_solver_result r;
  uint64_t w[16];
  arb_solver_reason why;
  long long sc;
  int rc = arb_block_solve(S, &B->p, &r, w);
  CHECK(rc == ARB_SOLVER_OK);
  CHECK(arb_block_restrictions(S, &B->p, w, &why, &sc) == 1 && sc == r.max);
  if (layer) *layer = r.layer;
  return r.max;
}

static long bcount(bb *B)
{
  long n;
  CHECK(arb_block_enumerate(S, &B->p, 0, NULL, NULL, &n) == ARB_SOLVER_OK);
  return n;
}

/* Verdict of a proposal given as blocker -> attacker mask. */
static arb_solver_verdict bverdict(bb *B, const uint64_t *d)
{
  arb_solver_verdict v;
  CHECK(arb_block_check(S, &B->p, d, &v) >= 0);
  return v;
}

static int blegal(bb *B, uint64_t d0, uint64_t d1, uint64_t d2)
{
  uint64_t d[16] = {0};
  d[0] = d0; d[1] = d1; d[2] = d2;
  return bverdict(B, d).legal;
}

static int breason(bb *B, uint64_t d0, uint64_t d1, uint64_t d2)
{
  uint64_t d[16] = {0};
  d[0] = d0; d[1] = d1; d[2] = d2;
  return bverdict(B, d).reason.code;
}

/* 500.4 example (004): X blocks if able, Y plain, attacker needs two or
   more blockers: only "both block" is legal. */
static void test_two_or_more(void)
{
  bb B;
  bb_init(&B, 1, 2);
  B.wblk[0] = 1; B.mn[0] = 2;
  CHECK(bmax(&B, NULL) == 1);
  CHECK(bcount(&B) == 1);
  CHECK(blegal(&B, 1, 1, 0) == 1);
  CHECK(blegal(&B, 0, 0, 0) == 0);
  CHECK(breason(&B, 0, 0, 0) == ARB_REASON_REQUIREMENTS);
  CHECK(breason(&B, 1, 0, 0) == ARB_REASON_TOO_FEW_BLOCKERS);
  CHECK(breason(&B, 0, 1, 0) == ARB_REASON_TOO_FEW_BLOCKERS);
}

/* 500.Ruling.1: two Lures on A beat one Lure on B. */
static void test_two_lures(void)
{
  bb B;
  bb_init(&B, 2, 1);
  B.lure[0] = 2; B.lure[1] = 1;
  CHECK(bmax(&B, NULL) == 2);
  CHECK(bcount(&B) == 1);
  CHECK(blegal(&B, 1, 0, 0) == 1);
  CHECK(blegal(&B, 2, 0, 0) == 0);
  CHECK(blegal(&B, 0, 0, 0) == 0);
}

/* Menace + Lure: all three able blockers must block it; a lone able
   blocker can't (500.3 restriction beats the requirement). */
static void test_menace_lure(void)
{
  bb B;
  bb_init(&B, 1, 3);
  B.mn[0] = 2; B.lure[0] = 1;
  CHECK(bmax(&B, NULL) == 3);
  CHECK(bcount(&B) == 1);
  CHECK(blegal(&B, 1, 1, 1) == 1);
  CHECK(blegal(&B, 1, 1, 0) == 0);
  B.nb = B.p.nb = 1;
  CHECK(bmax(&B, NULL) == 0);
  CHECK(blegal(&B, 1, 0, 0) == 0);
  CHECK(breason(&B, 1, 0, 0) == ARB_REASON_TOO_FEW_BLOCKERS);
  CHECK(blegal(&B, 0, 0, 0) == 1);
}

/* "Can't be blocked by more than one creature" + Lure, two blockers:
   exactly one of them blocks it. */
static void test_max_one_lure(void)
{
  bb B;
  arb_solver_verdict v;
  uint64_t d[16] = {1, 1};
  bb_init(&B, 1, 2);
  B.mx[0] = 1; B.lure[0] = 1;
  CHECK(bmax(&B, NULL) == 1);
  CHECK(bcount(&B) == 2);
  CHECK(blegal(&B, 1, 0, 0) == 1);
  CHECK(blegal(&B, 0, 1, 0) == 1);
  v = bverdict(&B, d);
  CHECK(v.legal == 0 && v.reason.code == ARB_REASON_TOO_MANY_BLOCKERS);
  CHECK(v.reason.other == 0 && v.reason.count == 2 && v.reason.bound == 1);
  CHECK(blegal(&B, 0, 0, 0) == 0);
}

/* "Can block an additional creature" with two Lured attackers: it must
   block both. */
static void test_additional(void)
{
  bb B;
  bb_init(&B, 2, 1);
  B.cap[0] = 2; B.lure[0] = 1; B.lure[1] = 1;
  CHECK(bmax(&B, NULL) == 2);
  CHECK(bcount(&B) == 1);
  CHECK(blegal(&B, 3, 0, 0) == 1);
  CHECK(blegal(&B, 1, 0, 0) == 0);
  B.cap[0] = 1;
  CHECK(breason(&B, 3, 0, 0) == ARB_REASON_CAPACITY);
  CHECK(bcount(&B) == 2);
}

/* Whole-game limit "no more than one creature can block": the one
   blocker goes to the double-Lured attacker. */
static void test_block_limit(void)
{
  bb B;
  bb_init(&B, 2, 2);
  B.lure[0] = 1; B.lure[1] = 2; B.p.max_blocking = 1;
  CHECK(bmax(&B, NULL) == 2);
  CHECK(bcount(&B) == 2);
  CHECK(blegal(&B, 2, 0, 0) == 1);
  CHECK(blegal(&B, 0, 2, 0) == 1);
  CHECK(breason(&B, 2, 2, 0) == ARB_REASON_LIMIT);
  CHECK(blegal(&B, 1, 0, 0) == 0);
}

/* "Can't block alone" (500.3 restriction). */
static void test_block_alone(void)
{
  bb B;
  bb_init(&B, 1, 2);
  B.alone[0] = 1; B.wblk[0] = 1;
  B.nb = B.p.nb = 1;
  CHECK(bmax(&B, NULL) == 0);
  CHECK(breason(&B, 1, 0, 0) == ARB_REASON_ALONE);
  CHECK(blegal(&B, 0, 0, 0) == 1);
  B.nb = B.p.nb = 2;                      /* a partner makes it possible */
  CHECK(bmax(&B, NULL) == 1);
  CHECK(bcount(&B) == 1);
  CHECK(blegal(&B, 1, 1, 0) == 1);
  CHECK(breason(&B, 0, 1, 0) == ARB_REASON_REQUIREMENTS);
}

/* Exempt (tapped / unpaid cost, 500.3) and an ineligible pair (501). */
static void test_exempt_and_evasion(void)
{
  bb B;
  arb_solver_verdict v;
  uint64_t d[16] = {2, 0};
  bb_init(&B, 2, 2);
  B.wblk[0] = 3; B.ex[0] = 1; B.el[0] = 1;   /* flying attacker 1 */
  CHECK(bmax(&B, NULL) == 0);
  v = bverdict(&B, d);
  CHECK(v.legal == 0 && v.reason.code == ARB_REASON_NOT_ELIGIBLE);
  CHECK(v.reason.creature == 0 && v.reason.other == 1);
  B.ex[0] = 0;
  CHECK(bmax(&B, NULL) == 3);
  CHECK(blegal(&B, 1, 0, 0) == 1);
}

/* Provoke-like pair and must-be-blocked requirements. */
static void test_pairs_must(void)
{
  bb B;
  bb_init(&B, 2, 2);
  B.pairs[0].blocker = 1; B.pairs[0].attacker = 1; B.pairs[0].weight = 1;
  B.p.npairs = 1;
  B.must[0] = 1;
  CHECK(bmax(&B, NULL) == 2);
  CHECK(blegal(&B, 1, 2, 0) == 1);
  CHECK(blegal(&B, 0, 2, 0) == 0);
  CHECK(blegal(&B, 1, 1, 0) == 0);
  CHECK(bcount(&B) == 1);
}

/* Identical tokens are one class; the swarm answers without search. */
static void test_swarm(void)
{
  enum { NA = 3, NB = 200 };
  static uint64_t el[NB];
  static int wblk[NB];
  arb_block_problem p;
  arb_solver_result r;
  static uint64_t w[NB];
  int i;
  long n;
  memset(&p, 0, sizeof p);
  for (i = 0; i < NB; i++) { el[i] = 7; wblk[i] = 1; }
  p.na = NA; p.nb = NB; p.eligible = el; p.blocks_if_able = wblk;
  p.max_blocking = ARB_SOLVER_UNLIMITED;
  CHECK(arb_block_solve(S, &p, &r, w) == ARB_SOLVER_OK && r.max == NB);
  CHECK(r.layer == ARB_LAYER_SEPARABLE);
  CHECK(arb_block_enumerate(S, &p, 1000, NULL, NULL, &n) == ARB_SOLVER_OK && n == 1000);
}

/* A budget too small gives UNKNOWN, and only certain verdicts. */
static void test_budget(void)
{
  enum { N = 12 };
  bb B;
  arb_solver_result r;
  arb_solver_verdict v;
  uint64_t d[16] = {0};
  int i;
  bb_init(&B, N, N);
  for (i = 0; i < N; i++) {
    B.mn[i] = 3; B.wblk[i] = 1;            /* each pulled to its own attacker */
    B.pairs[i].blocker = i; B.pairs[i].attacker = i; B.pairs[i].weight = 1;
  }
  B.p.npairs = N;
  arb_solver_set_budget(S, 5);
  CHECK(arb_block_solve(S, &B.p, &r, NULL) == ARB_SOLVER_UNKNOWN);
  CHECK(r.status == ARB_SOLVER_UNKNOWN && r.layer == ARB_LAYER_BUDGET && r.max == -1);
  CHECK(r.lower <= r.upper);
  d[0] = (uint64_t)1 << 40;              /* not eligible: certainly illegal */
  CHECK(arb_block_check(S, &B.p, d, &v) == ARB_SOLVER_UNKNOWN);
  CHECK(v.legal == 0 && v.reason.code == ARB_REASON_NOT_ELIGIBLE);
  d[0] = 0;
  CHECK(arb_block_check(S, &B.p, d, &v) == ARB_SOLVER_UNKNOWN);
  CHECK(v.legal == (r.lower > 0 ? 0 : -1));
  arb_solver_set_budget(S, 0);
  CHECK(arb_solver_budget(S) == ARB_SOLVER_DEFAULT_BUDGET);
  CHECK(arb_block_solve(S, &B.p, &r, NULL) == ARB_SOLVER_OK);
}

/* Every allocation may fail: error code, never a crash or a leak. */
static void test_alloc_failure(void)
{
  bb B;
  long k;
  int saw_ok = 0;
  bb_init(&B, 2, 3);
  B.mn[0] = 2; B.lure[1] = 1; B.wblk[2] = 1; B.p.max_blocking = 2;
  for (k = 0; k < 80 && !saw_ok; k++) {
    arb_solver *s;
    arb_solver_result r;
    fail_after = k;
    s = arb_solver_new(talloc, NULL);
    if (s != NULL) {
      int rc = arb_block_solve(s, &B.p, &r, NULL);
      CHECK(rc == ARB_SOLVER_OK || rc == ARB_SOLVER_ENOMEM);
      saw_ok = rc == ARB_SOLVER_OK;
      arb_solver_free(s);
    }
    fail_after = -1;
    CHECK(live_bytes == 0);
  }
  CHECK(saw_ok);
}

/* ---- attacks (500.2) ---- */

static int alegal(const arb_attack_problem *p, int d0, int d1, int *code)
{
  int d[2];
  arb_solver_verdict v;
  d[0] = d0; d[1] = d1;
  CHECK(arb_attack_check(S, p, d, &v) == ARB_SOLVER_OK);
  if (code) *code = v.reason.code;
  return v.legal;
}

static long acount(const arb_attack_problem *p)
{
  long n;
  CHECK(arb_attack_enumerate(S, p, 0, NULL, NULL, &n) == ARB_SOLVER_OK);
  return n;
}

static void test_attacks(void)
{
  uint64_t can[2] = {1, 1};
  int w[2] = {1, 0}, code, wit[2], ch, out[2], prop[2] = {-1, 0};
  unsigned char alone[2] = {1, 1};
  arb_attack_problem p;
  arb_solver_result r;
  memset(&p, 0, sizeof p);
  p.n = 2; p.ndef = 1; p.can_attack = can; p.attacks_if_able = w;
  p.max_attacking = 1;
  /* 500.2 example: "attacks if able" + "no more than one creature". */
  CHECK(arb_attack_solve(S, &p, &r, wit) == 0 && r.max == 1 && wit[0] == 0 && wit[1] == -1);
  CHECK(alegal(&p, 0, -1, NULL) == 1);
  CHECK(alegal(&p, -1, -1, &code) == 0 && code == ARB_REASON_REQUIREMENTS);
  CHECK(alegal(&p, -1, 0, &code) == 0 && code == ARB_REASON_REQUIREMENTS);
  CHECK(alegal(&p, 0, 0, &code) == 0 && code == ARB_REASON_LIMIT);
  CHECK(acount(&p) == 1);
  CHECK(arb_attack_nearest(S, &p, prop, out, &ch) == 0 && out[0] == 0 && out[1] == -1 && ch == 2);
  /* 500.2 example: two "can't attack alone" creatures may attack together. */
  w[0] = 0; p.max_attacking = ARB_SOLVER_UNLIMITED; p.cant_attack_alone = alone;
  CHECK(alegal(&p, 0, 0, NULL) == 1);
  CHECK(alegal(&p, 0, -1, &code) == 0 && code == ARB_REASON_ALONE);
  CHECK(acount(&p) == 2);
  /* Alone, a "can't attack alone" creature can't attack at all. */
  p.n = 1; w[0] = 1;
  CHECK(arb_attack_solve(S, &p, &r, NULL) == 0 && r.max == 0);
  CHECK(alegal(&p, 0, 0, &code) == 0 && code == ARB_REASON_ALONE);
  CHECK(acount(&p) == 1);
  /* Tapped (mask 0) + exempt. */
  p.n = 2; p.cant_attack_alone = NULL; can[0] = 0;
  CHECK(alegal(&p, 0, -1, &code) == 0 && code == ARB_REASON_NOT_ELIGIBLE);
}

int main(void)
{
  S = arb_solver_new(talloc, NULL);
  test_two_or_more();
  test_two_lures();
  test_menace_lure();
  test_max_one_lure();
  test_additional();
  test_block_limit();
  test_block_alone();
  test_exempt_and_evasion();
  test_pairs_must();
  test_swarm();
  test_budget();
  test_attacks();
  arb_solver_free(S);
  CHECK(live_bytes == 0);
  test_alloc_failure();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
