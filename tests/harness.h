/*
** harness.h — what the C test programs and benches share: a seeded
** generator (splitmix64: the same numbers on every platform), pass/fail
** counting and the plain allocator the solver takes.
*/
#ifndef ARB_TEST_HARNESS_H
#define ARB_TEST_HARNESS_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static inline uint64_t splitmix(uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static int passed, failed;
static inline void expect(int ok, const char *what, long board)
{
  if (ok) { passed++; return; }
  failed++;
  if (failed < 30) printf("FAIL board %ld: %s\n", board, what);
}

static inline void *talloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
  (void)ud; (void)osize;
  if (nsize == 0) { free(ptr); return NULL; }
  return realloc(ptr, nsize);
}

#endif
