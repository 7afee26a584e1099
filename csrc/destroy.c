/*
** destroy.c — destruction (CompRules 2005: "destroy" = move from the
** battlefield to its owner's graveyard; lethal damage destroys, a state-based
** action) and what stops it:
**  - "indestructible": a permanent with it can't be destroyed; "destroy" and
**    lethal damage do nothing to it (its damage stays marked);
**  - regeneration: a shield, a replacement of the next destruction of that
**    permanent this turn: instead it is tapped, all damage is removed from it
**    and it is removed from combat. A shield is a built-in replacement effect
**    (it goes through the one pipeline, after the "destroy" event is
**    proposed); it ends when used, at the cleanup step, or when the permanent
**    leaves the battlefield. A destruction that "can't be regenerated"
**    (arb_destroy_flags with ARB_EVF_NO_REGEN) is not replaced by a shield.
** Sacrifice (CompRules 2005, glossary "Sacrifice"; 212.x: a player moves a
** permanent he or she controls to its owner's graveyard) is not destruction
** either: indestructible and regeneration don't apply to it.
** Toughness 0 or less is not destruction (the creature is put into the
** graveyard: neither regeneration nor indestructible stop it).
*/
#include "game.h"

static int on_battlefield(arb_game *g, const arb_card *c) {
  return c && c->zone >= 0 && g->zones[c->zone].kind == ARB_BATTLEFIELD;
}

int arb_destroy(arb_game *g, int card, int *destroyed) {
  return arb_destroy_flags(g, card, 0, destroyed);
}

int arb_destroy_flags(arb_game *g, int card, int flags, int *destroyed) {
  arb_event ev;
  arb_card *c = card_at(g, card);
  int replaced;
  *destroyed = 0;
  if (!on_battlefield(g, c) || g->over) return ARB_OK;
  TRY(arb_chars_refresh(g));
  c = card_at(g, card);
  if (arb_card_has(c, ARB_AB_INDESTRUCTIBLE)) return ARB_OK;
  arb_event_init(&ev, ARB_EV_DESTROY);
  ev.card = card;
  ev.player = c->controller;
  ev.from = ARB_BATTLEFIELD;
  ev.to = ARB_GRAVEYARD;
  ev.flags = (int16_t)(flags & ARB_EVF_NO_REGEN);
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over || !on_battlefield(g, card_at(g, ev.card))) return ARB_OK;
  TRY(arb_record(g, &ev));
  TRY(arb_move(g, ev.card, ARB_GRAVEYARD, 1));
  *destroyed = 1;
  return ARB_OK;
}

/* A "sacrifice" event (replaceable, then recorded), then the move. */
int arb_sacrifice(arb_game *g, int card, int *done) {
  arb_event ev;
  arb_card *c = card_at(g, card);
  int replaced;
  *done = 0;
  if (!on_battlefield(g, c) || g->over) return ARB_OK;
  arb_event_init(&ev, ARB_EV_SACRIFICE);
  ev.card = card;
  ev.player = c->controller;
  ev.from = ARB_BATTLEFIELD;
  ev.to = ARB_GRAVEYARD;
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over || !on_battlefield(g, card_at(g, ev.card))) return ARB_OK;
  TRY(arb_record(g, &ev));
  TRY(arb_move(g, ev.card, ARB_GRAVEYARD, 1));
  *done = 1;
  return ARB_OK;
}

/* ---- regeneration: fx->ref is the permanent ---- */

/* "Destroy ... It can't be regenerated" (ARB_EVF_NO_REGEN), or a permanent that "can't be
** regenerated" (an ability, Disintegrate's "this turn"): no shield applies. */
static int regen_applies(arb_game *g, const arb_effect *fx, const arb_event *ev, int *yes) {
  *yes = ev->card == fx->ref && !(ev->flags & ARB_EVF_NO_REGEN);
  if (*yes) {
    TRY(arb_chars_refresh(g));
    *yes = !arb_card_has(card_at(g, ev->card), ARB_AB_CANT_REGEN);
  }
  return ARB_OK;
}

/* Tapped, damage removed, out of combat; the shield is used up.
** regeneration (2005): a replacement of destruction. */
static int regen_replace(arb_game *g, const arb_effect *fx, arb_event *ev, int *replaced) {
  int card = ev->card;
  arb_card *c;
  *replaced = 1;
  TRY(arb_effect_remove(g, fx->id));
  TRY(arb_tap(g, card, 1));
  c = card_at(g, card);
  TRY(arb_jset_card(g, card, &c->damage, 0));
  return arb_leave_combat(g, card);
}

static const arb_creplacement regeneration = { regen_applies, regen_replace, "regeneration" };

int arb_regenerate(arb_game *g, int card, int *id) {
  arb_card *c = card_at(g, card);
  *id = -1;
  if (!on_battlefield(g, c)) return ARB_EARG;
  TRY(arb_replacement_add_c(g, ARB_EV_DESTROY, &regeneration, card, card, c->controller, id));
  return arb_until(g, ARB_UNTIL_TURN, ARB_DUR_EFFECT, *id, 0, 0, 0);
}
