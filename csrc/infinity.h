/*
** infinity.h — loops found during one settle (infinity.c): 421.4 (mandatory actions
** only: a draw) and 421.5 (optional actions: a number of iterations agreed).
** Internal to the core: stack.c's priority loop is the only user.
*/
#ifndef ARB_INFINITY_H
#define ARB_INFINITY_H

#include "game.h"

typedef struct arb_loops {
  arb_vec seen;       /* loop_entry: each priority moment after the first action */
  arb_vec actors;     /* int32_t: who took each action of this settle */
  arb_vec done;       /* uint64_t: boards of the loops shortcut (their players pass there) */
  arb_vec mand;       /* uint64_t: states hashed for 421.4, an open-addressing set
                         (cap slots, 0 empty; n: entries) */
  int32_t mzero;      /* the state hashed to 0 was seen */
  uint64_t loopers;   /* players (bit p) of the loops shortcut; players from the 65th on
                         have no bit and are always asked */
  uint64_t pending;   /* players of the loop being played out */
  uint64_t stackers;  /* players of a growing loop shortcut, passing until its objects
                         have left the stack (it is at most floor high again) */
  int32_t floor;      /* the stack's size before the growing loop's first object */
  int32_t growing;    /* the loop being played out grows the stack */
  int32_t left;       /* actions the agreed loop still allows; -1: none agreed */
  int32_t resolved;   /* objects resolved so far in this settle */
  int32_t maxstack;   /* the largest stack at a priority moment so far */
  int32_t mmax;       /* the same for the 421.4 check */
} arb_loops;

void arb_loops_init(arb_loops *o);
void arb_loops_free(arb_game *g, arb_loops *o);
/* player took an action (cast or activated) with priority */
int arb_loops_action(arb_game *g, arb_loops *o, int player);
/* Before a priority round from player `from`: finds a loop of optional actions
** and has its number agreed (hooks.optional_loop); *skip: the players (bit p)
** who pass now without being asked, a shortcut loop's at one of its boards. */
int arb_loops_check(arb_game *g, arb_loops *o, int from, uint64_t *skip);
/* Before a resolution: *loop = 1 when the state repeats one of this settle's
** (pending triggers and choices included: 421.4). */
int arb_loops_mandatory(arb_game *g, arb_loops *o, int *loop);

#endif
