/*
** settings.c — the game's settings under the journal (422): a failed action
** undoes every setting it changed, like any other change.
**
** Limits live in the game and are set through the journal (arb_set_limits).
** Settings the host keeps on its side (its agents, declared events, house
** rules, the solver's budget: lua/arbiter/settings.lua) are counted: the host
** calls arb_host_change before each change and files its undo under the
** number it gets. The count is journaled, so any rollback restores it; the
** host then undoes, newest first, its changes numbered above the count
** (arb_host_serial). With no mark open nothing can roll back: serial 0, and
** the host keeps nothing.
*/
#include "game.h"

int arb_host_change(arb_game *g, int32_t *serial) {
  int rc;
  *serial = 0;
  if (g->marks == 0) return ARB_OK;
  if ((rc = arb_jset_game(g, &g->hostlog, g->hostlog + 1))) return rc;
  *serial = g->hostlog;
  return ARB_OK;
}

int32_t arb_host_serial(const arb_game *g) { return g->hostlog; }

int arb_set_limits(arb_game *g, int32_t replacement_depth, int32_t settle_rounds) {
  int rc = arb_jset_game(g, &g->limits.replacement_depth, replacement_depth);
  return rc ? rc : arb_jset_game(g, &g->limits.settle_rounds, settle_rounds);
}
