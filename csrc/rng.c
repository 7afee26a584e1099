/*
** rng.c — PCG32 (O'Neill, pcg-random.org, "pcg32_random_r"), seeded only
** from the game's seed. Each step is journaled so rollback restores it.
*/
#include "game.h"

#define PCG_MULT 6364136223846793005ULL
#define PCG_INC 1442695040888963407ULL

static uint32_t step(uint64_t *state) {
  uint64_t old = *state;
  uint32_t xorshifted, rot;
  *state = old * PCG_MULT + PCG_INC;
  xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
  rot = (uint32_t)(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

/* pcg32_srandom_r's seeding: the seed goes in between two steps, so the
** first output already depends on every bit of it (the state once was the
** seed xor a constant, and each game's first output hardly depended on a
** small seed: every game's first g:random(2) was 2). */
void arb_rng_seed(arb_game *g, uint64_t seed) {
  g->rng = 0;
  (void)step(&g->rng);
  g->rng += seed ^ 0x853c49e6748fea9bULL;
  (void)step(&g->rng);
}

/* A uniform integer in [0, bound) without modulo bias (Lemire's
** threshold method as in pcg32_boundedrand_r). */
int arb_random(arb_game *g, uint32_t bound, uint32_t *out) {
  uint32_t threshold, r;
  if (bound == 0) return ARB_EARG;
  if (arb_journal_push(g, J_RNG, 0, 0, (int64_t)g->rng)) return ARB_ENOMEM;
  r = step(&g->rng);
  if (r < bound) {                      /* threshold < bound: only then can r fall below it */
    threshold = (uint32_t)(-bound) % bound;
    while (r < threshold) r = step(&g->rng);
  }
  *out = r % bound;
  return ARB_OK;
}

/* A uniform integer in [0, bound) from state: arb_random's steps (bound > 0). */
static uint32_t bounded(uint64_t *state, uint32_t bound) {
  uint32_t r = step(state);
  if (r < bound) {
    uint32_t threshold = (uint32_t)(-bound) % bound;
    while (r < threshold) r = step(state);
  }
  return r % bound;
}

/* Fisher-Yates over a[0..n) with no mark open: the same steps and swaps as
** n - 1 calls of arb_random (so the same order for the same seed), with
** nothing to journal and no call per step (a mulligan simulation shuffles a
** library per hand). */
void arb_shuffle_quiet(arb_game *g, int32_t *a, int n) {
  int i;
  g->gen++;
  for (i = n - 1; i > 0; i--) {
    uint32_t j = bounded(&g->rng, (uint32_t)i + 1);
    int32_t t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/* Undoes arb_shuffle_quiet(g, a, n) made with the RNG at state (a shuffle's one journal
** entry, J_SHUFFLE): its swaps again, last first. The swap of step i (n - 1 down to 1) is
** drawn from state after the steps before it, so the draws are made again from state, a
** chunk of steps at a time (the C stack holds UNSHUFFLE_CHUNK of them: one pass for a library
** of up to that many cards, no memory to ask for while undoing). */
#define UNSHUFFLE_CHUNK 256

void arb_unshuffle(int32_t *a, int n, uint64_t state) {
  uint32_t js[UNSHUFFLE_CHUNK];
  int lo, hi, i;
  for (lo = 1; lo < n; lo = hi) {              /* steps lo .. hi - 1, undone in this pass */
    uint64_t st = state;
    hi = lo + UNSHUFFLE_CHUNK < n ? lo + UNSHUFFLE_CHUNK : n;
    for (i = n - 1; i >= lo; i--) {
      uint32_t j = bounded(&st, (uint32_t)i + 1);
      if (i < hi) js[i - lo] = j;
    }
    for (i = lo; i < hi; i++) {
      uint32_t j = js[i - lo];
      int32_t t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
