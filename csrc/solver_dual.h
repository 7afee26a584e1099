/*
** solver_dual.h — internal to solver_dual.c and solver_level.c: the price
** descent's state (each attacker's units sorted by value, with running
** counts and sums) and the kinks of the bound along one direction.
*/
#ifndef ARB_SOLVER_DUAL_H
#define ARB_SOLVER_DUAL_H

#include "solver_lagr.h"

typedef struct ev { double u; long d; } ev;

typedef struct dd {
  lg L;
  int *ord, *rank;        /* per attacker: entries by value desc; an entry's place */
  long *cumn;             /* units up to and including a place */
  long long *cums;        /* their values' sum (x LQ) */
  ev *evs;
  size_t nev;
  long *work;
  int nlevel;
} dd;

/* Entry i's unit value at the current prices (x LQ). */
static inline long long val(const lg *L, int i) { return (long long)L->aw[i] * LQ - L->u[L->acls[i]]; }
static inline long clampl(long x, long lo, long hi) { return x < lo ? lo : x > hi ? hi : x; }

void arb_dual_sort_all(dd *D);
int arb_dual_evcmp(const void *x, const void *y);   /* ev by u, ascending */
/* Each price level moved as one (solver_level.c): 1 if the bound went
   below *v (the new bound there), 0 if not, -1 on no memory. */
int arb_dual_levels(dd *D, arb_solver *s, long long *v, long long cap);

#endif
