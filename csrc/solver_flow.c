/*
 * solver_flow.c -- layer (c): min-cost flow relaxation (stub for now).
 */
#include "solver_int.h"

int arb_solver_flow(arb_solver *s, bprep *bp, uint64_t *decl, long long *fmax)
{
  (void)s; (void)bp; (void)decl; (void)fmax;
  return 0;
}
