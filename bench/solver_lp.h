/*
** solver_lp.h -- a block problem (csrc/solver.h) written as a 0/1 program in
** CPLEX LP format, for an outside solver (CBC: make bench-report compares the
** solver's maxima with CBC's on the C bench's boards). Bench code, not the core.
*/
#ifndef ARB_SOLVER_LP_H
#define ARB_SOLVER_LP_H
#include <stdio.h>
#include "solver.h"

/* Extra rows inside "Subject To" (a condition the problem holds as a callback,
   written by the caller as linear rows over y<b>); NULL for none. */
typedef void (*arb_lp_rows)(FILE *f, void *ud);

/* Writes p: x<b>_<a> = b blocks a (eligible pairs only), y<b> = b blocks,
   z<a> = a is blocked; maximize the weighted requirements obeyed (500.4) under
   the restrictions (500.3, 501). p->condition is not written: pass its rows as
   extra. Returns 0, or -1 on a write error. */
int arb_lp_write_block(FILE *f, const arb_block_problem *p, arb_lp_rows extra, void *ud);

/* 1 if the program has y<b> (b may block someone): extra rows name only these. */
int arb_lp_has_y(const arb_block_problem *p, int b);

#endif
