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

/* A uniform integer in [0, bound) without modulo bias (Lemire's
** threshold method as in pcg32_boundedrand_r). */
int arb_random(arb_game *g, uint32_t bound, uint32_t *out) {
  uint32_t threshold, r;
  if (bound == 0) return ARB_EARG;
  if (arb_journal_push(g, J_RNG, 0, 0, (int64_t)g->rng)) return ARB_ENOMEM;
  threshold = (uint32_t)(-bound) % bound;
  do r = step(&g->rng); while (r < threshold);
  *out = r % bound;
  return ARB_OK;
}
