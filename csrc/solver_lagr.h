/*
** solver_lagr.h — internal to solver_lagr.c and the price descent
** (solver_dual.c, solver_level.c): the Lagrangian bound's attacker-major
** lists and prices (workspace slots).
*/
#ifndef ARB_SOLVER_LAGR_H
#define ARB_SOLVER_LAGR_H

#include "solver_int.h"

#define LQ 65536

typedef struct lv { long long v; long n; } lv;

typedef struct lg {
  const bprep *bp;
  const signed char *amode;
  int *aoff, *acls, *aw, *used;
  int *pos;                /* class-major choice k -> its attacker-major entry */
  long long *u, *ta, *fa;  /* per attacker: its term; its term if forced */
  lv *vals;
} lg;

int arb_lagr_alloc(arb_solver *s, lg *L);
/* The bound at L->u (x LQ), or < 0 when the node has no declaration. */
long long arb_lagr_evaluate(lg *L, long *work);

#endif
