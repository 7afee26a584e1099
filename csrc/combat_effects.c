/*
** combat_effects.c — effects that change combat outside the declarations.
**
** A creature put onto the battlefield attacking (ninjutsu-style) is an
** attacking creature, but it was never declared as an attacker: it didn't
** "attack" (CompRules glossary, "Attack": a creature attacks when it's
** declared as an attacker; 308.1), so no "attack" event is recorded and
** "whenever ~ attacks" doesn't trigger. An attacking creature may "become
** blocked" by an effect with no creature blocking it: it stays blocked
** (303/502: it deals no combat damage unless it has trample, 502.9c). That
** is recorded as a "block" event with no blocker (card -1, target_card the
** attacker, player the defending player), like a declared block's, so
** "whenever ~ becomes blocked" triggers fire (flanking doesn't: no creature
** blocks it). A creature that wasn't attacking (one that left the
** battlefield and came back is a new object, 217.1c) is a new attacker: blocks
** declared against it before don't apply to it.
*/
#include "game.h"
#include "combat.h"

int arb_put_attacking(arb_game *g, int card, int defender) {
  arb_card *c = card_at(g, card);
  if (!c || c->zone < 0 || g->zones[c->zone].kind != ARB_BATTLEFIELD) return ARB_EARG;
  if (defender < 0 || defender >= g->nplayers) return ARB_EARG;
  if (g->over || c->attacking == defender) return ARB_OK;
  if (c->attacking < 0 && arb_blocks_forget(g, card)) return ARB_ENOMEM;
  return arb_jset_card(g, card, &card_at(g, card)->attacking, defender);
}

static int blocked_one(arb_game *g, int card);

/* 502.10g: "If one member of a band would become blocked due to an effect,
** the entire band becomes blocked": the named creature, then the other members
** in battlefield order. */
int arb_become_blocked(arb_game *g, int card) {
  arb_card *c = card_at(g, card);
  const arb_zone *z;
  int i, band, rc;
  if (!c || c->attacking < 0) return ARB_EARG;
  band = c->band;
  if ((rc = blocked_one(g, card))) return rc;
  if (band < 0) return ARB_OK;
  z = arb_zone_get(g, arb_zone_id(g, -1, ARB_BATTLEFIELD));
  for (i = 0; i < z->n; i++) {
    const arb_card *m = card_at(g, z->cards[i]);
    if (m->band == band && m->attacking >= 0 && m->id != card && (rc = blocked_one(g, m->id))) return rc;
  }
  return ARB_OK;
}

/* An effect says an attacking creature becomes unblocked (False Orders: "Creatures it was
** blocking that had become blocked by only that creature this combat become unblocked"): it is
** no longer blocked, so it deals its combat damage to the player it attacks; a creature still
** blocking it stops blocking it (its other blocks stay). */
int arb_become_unblocked(arb_game *g, int card) {
  arb_card *c = card_at(g, card);
  int32_t i;
  if (!c || c->attacking < 0) return ARB_EARG;
  if (g->over) return ARB_OK;
  for (i = 0; i < g->blocks.n; i += 2) {
    int32_t b = ARB_VEC(g->blocks, int32_t)[i], a = ARB_VEC(g->blocks, int32_t)[i + 1];
    arb_card *bc = card_at(g, b);
    if (a == card && bc->blocking > 0) TRY(arb_jset_card(g, b, &bc->blocking, bc->blocking - 1));
  }
  TRY(arb_blocks_forget(g, card));
  return arb_jset_card8(g, card, &card_at(g, card)->blocked, 0);
}

/* An effect makes a creature block an attacking creature (False Orders: "You may have it block
** an attacking creature of your choice"): no declaration, so no restriction or requirement is
** checked (500.3 judges declarations); a "block" event per pair, the band blocked whole
** (502.10e), and the attacker blocked. A creature that was removed from combat blocks anew: its
** earlier pairs go first. */
int arb_become_blocking(arb_game *g, int blocker, int attacker) {
  arb_card *b = card_at(g, blocker), *a = card_at(g, attacker);
  if (!b || !a || a->attacking < 0 || b->attacking >= 0 || b->zone < 0 ||
      g->zones[b->zone].kind != ARB_BATTLEFIELD) return ARB_EARG;
  if (g->over) return ARB_OK;
  if (b->blocking == 0) TRY(arb_blocks_forget_blocker(g, blocker));
  return arb_declare_block_band(g, blocker, attacker);
}

static int blocked_one(arb_game *g, int card) {
  arb_card *c = card_at(g, card);
  arb_event ev;
  if (g->over || c->blocked) return ARB_OK;
  if (arb_jset_card8(g, card, &c->blocked, 1)) return ARB_ENOMEM;
  arb_event_init(&ev, ARB_EV_BLOCK);
  ev.player = c->attacking;
  ev.target_card = card;
  return arb_record(g, &ev);
}
