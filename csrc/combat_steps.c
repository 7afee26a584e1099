/*
** combat_steps.c — the combat steps as "step" events when combat is run by
** its own calls (g:declare_attackers ... g:end_combat) rather than by the
** turn's step functions, so "at the beginning of combat", "at end of combat"
** and the like trigger the same way (seed 003 "Step by Step").
**
** Inside a turn the call enters the step as the turn does (arb_step: mana
** pools empty, g.step changes), unless the game is in that step already (the
** turn entered it). Outside any turn (set-up, scripts, tests: no current
** step) the step event is recorded and the game stays outside any step, so
** nothing else changes (timing checks stay off there).
*/
#include "game.h"

int arb_combat_step(arb_game *g, int step) {
  arb_event ev;
  if (step < 0 || step >= ARB_NSTEPS) return ARB_EARG;
  if (g->over || g->step == step) return ARB_OK;
  if (g->step != ARB_STEP_NONE) return arb_step(g, step);
  arb_event_init(&ev, ARB_EV_STEP);
  ev.player = g->active;
  ev.amount = step;
  return arb_record(g, &ev);
}
