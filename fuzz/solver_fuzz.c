/*
** solver_fuzz.c — libFuzzer harness: the combat solver (csrc/solver*.c)
** against the independent brute force of tests/solver_brute.c on small
** boards (up to 4 attackers x 4 blockers; up to 5 attackers x 3 defenders).
** The board generator's random source is the fuzz input, one byte per draw
** (boards are small enough that a byte covers every mask), then a fixed
** splitmix stream. Any disagreement (maximum, witness, the count and hash of
** legal declarations, verdicts, nearest legal declaration) aborts.
*/
#define SOLVER_BRUTE_RND
#define SOLVER_BRUTE_NO_MAIN
#include "../tests/solver_brute.c"

static const uint8_t *fz_p;
static size_t fz_n, fz_i;

static uint64_t rnd(void)
{
  if (fz_i < fz_n) return fz_p[fz_i++];
  return splitmix(&rng_state);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  arb_solver *s = arb_solver_new(talloc, NULL);
  long k;
  fz_p = data; fz_n = size; fz_i = 0;
  rng_state = 20260501u;
  passed = failed = 0;
  for (k = 0; k < 8 && (k == 0 || fz_i < fz_n); k++) {
    dense_w = (int)(rnd() & 1);
    if (rnd() & 1) block_board(s, k); else attack_board(s, k);
    if (failed) {
      fflush(stdout);
      fprintf(stderr, "solver_fuzz: solver and brute force disagree on board %ld\n", k);
      abort();
    }
  }
  arb_solver_free(s);
  return 0;
}
