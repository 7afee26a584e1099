/*
** flanking.c — flanking (502.3), a built-in triggered ability: "Whenever this
** creature becomes blocked by a creature without flanking, the blocking
** creature gets -1/-1 until end of turn." Each instance triggers separately
** (502.3b). One trigger per player watches "block" events for the creatures
** that player controls, so the trigger's controller is the flanking
** creature's (APNAP order of triggers). No host code runs: a block needs no
** script call and no event table.
*/
#include "game.h"
#include "combat.h"

/* a block event: card = the blocker, target_card = the attacker it blocks */
static int condition(arb_game *g, const arb_effect *fx, const arb_event *ev, int *count) {
  const arb_card *a = card_at(g, ev->target_card), *b = card_at(g, ev->card);
  *count = 0;
  if (!a || !b || a->controller != fx->controller || arb_card_has(b, ARB_AB_FLANKING)) return ARB_OK;
  *count = arb_card_has(a, ARB_AB_FLANKING);
  return ARB_OK;
}

/* -1/-1 until end of turn to the blocker, if it is still on the battlefield */
static int resolve(arb_game *g, const arb_effect *fx, const arb_event *ev) {
  const arb_card *b = card_at(g, ev->card);
  (void)fx;
  if (!b || b->zone < 0 || g->zones[b->zone].kind != ARB_BATTLEFIELD) return ARB_OK;
  return arb_modify_pt(g, ev->card, -1, -1);
}

static const arb_ctrigger FLANKING = {condition, resolve, "flanking"};

/* 502.3: flanking, a built-in trigger for each instance. */
int arb_flanking_add(arb_game *g, int controller, int *id) {
  return arb_trigger_add_c(g, ARB_EV_BLOCK, &FLANKING, 0, -1, controller, id);
}
