/*
** draw_game.c — the game ends in a draw with nobody losing: a loop made only
** of mandatory actions (421.4), or an effect that says "the game is a draw".
**
** 421.4 has two faces. A state that repeats during one settle is found by
** stack.c (the state hash). A loop whose state grows (a trigger that makes a
** token whose entering triggers it again) never repeats: it reaches the
** cascade limit (g:set_limits{settle_rounds}) instead. Reached with no
** player choice made since the cascade began, it is the same mandatory
** loop: a draw. With a choice in it (a may answered, a pick among several
** options, a priority action) the loop is optional (421.5: the host shortens
** it with g:loop), so the limit stays an error and the action is undone.
*/
#include "game.h"

/* "The game is a draw": over, no winner, nobody marked lost (not a loss,
** so "you can't lose the game" doesn't stop it). Nothing once over. */
int arb_draw_game(arb_game *g) {
  int rc;
  if (g->over) return ARB_OK;
  if ((rc = arb_jset_game(g, &g->over, 1))) return rc;
  return arb_jset_game(g, &g->draw, 1);
}

/* A cascade (a settle, a run of state-based checks) reached its limit;
** choices0 is g->choices when it began. */
int arb_cascade_limit(arb_game *g, int32_t choices0) {
  if (g->choices != choices0) return ARB_ELIMIT;   /* 421.5: optional */
  return arb_draw_game(g);                         /* 421.4: mandatory */
}
