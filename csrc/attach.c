/*
** attach.c — Auras and Equipment attached to permanents, and what a card's
** zone change does to the effects on it.
**
** Contract: card->attached_to is the permanent it is attached to (-1: none),
** valid while that permanent is the same object (attached_ts = its ts when
** attached). Attaching is a replaceable "attach" event. State-based actions
** (arb_sba_attached, run by arb_check_state): an Aura on the battlefield
** attached to nothing, to an object that left the battlefield, to one that
** "can't be enchanted", that has protection from a quality of the Aura
** (502.7c) or to one without the types it enchants goes to its owner's
** graveyard; an Equipment attached to an illegal or nonexistent permanent
** becomes unattached and stays (212.2i; an "unattach" event). An Equipment
** equips only a creature, never itself, never while it is a creature itself
** (212.2g, 212.2i), nor a permanent with protection from it (502.7d); an
** attachment that isn't legal doesn't happen (212.2h: "the Equipment doesn't
** move"). "Enchanted/equipped creature ..." effects are continuous effects
** whose affects predicate reads source.attached_to.
** A card that changes zones is a new object: zone.c (card_moved, 217.1c).
*/
#include <string.h>
#include "game.h"


static int on_battlefield(arb_game *g, const arb_card *c) {
  return c && c->zone >= 0 && g->zones[c->zone].kind == ARB_BATTLEFIELD;
}

static int aura_index(arb_game *g) { return arb_find_str_cached(g, &g->aura_str, &g->aura_scan, "Aura"); }

static int equip_index(arb_game *g) {
  return arb_find_str_cached(g, &g->equip_str, &g->equip_scan, "Equipment");
}

static int is_equipment(arb_game *g, const arb_card *c) {
  int e = equip_index(g);
  return e >= 0 && arb_card_has_subtype(g, c, e);
}

/* 212.2g, 212.2i, 502.7d: may Equipment e equip t (current characteristics)? */
static int can_equip(const arb_game *g, const arb_card *e, const arb_card *t) {
  return (t->types & ARB_T_CREATURE) && !(e->types & ARB_T_CREATURE) && e->id != t->id &&
         !arb_protected_from(g, t, e);
}

/* Can card a be attached to card t now? An Aura: not to a permanent that
** "can't be enchanted" (but by an Aura the effect excepts: Consecrate Land's "other Auras") or
** has protection from it (502.7c); an Equipment:
** can_equip. (Cards are read after the refresh: a predicate may have grown
** the card array.) */
static int attachable(arb_game *g, int a, int t, int equip, int *ok) {
  int no = 0;
  if (g->nstatic) TRY(arb_chars_refresh(g));
  if (!equip) TRY(arb_prohibited_by(g, ARB_PRO_ENCHANT, t, -1, a, &no));
  if (equip) *ok = can_equip(g, card_at(g, a), card_at(g, t));
  else *ok = !no && !arb_protected_from(g, card_at(g, t), card_at(g, a));
  return ARB_OK;
}

int arb_attach(arb_game *g, int aura, int target, int enchant_types) {
  arb_event ev;
  arb_card *a = card_at(g, aura), *t = card_at(g, target);
  int replaced, ok, equip;
  if (!on_battlefield(g, a) || !on_battlefield(g, t) || aura == target) return ARB_EARG;
  if (g->over) return ARB_OK;
  equip = is_equipment(g, a);
  TRY(attachable(g, aura, target, equip, &ok));
  if (!ok) return ARB_OK;                  /* it stays where it was (212.2h, 502.7c) */
  a = card_at(g, aura);
  t = card_at(g, target);
  if (a->attached_to == target && a->attached_ts == t->ts) return ARB_OK;  /* already: nothing happens */
  arb_event_init(&ev, ARB_EV_ATTACH);
  ev.card = aura;
  ev.target_card = target;
  ev.player = a->controller;
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over) return ARB_OK;
  a = card_at(g, ev.card);
  t = card_at(g, ev.target_card);
  if (!on_battlefield(g, a) || !on_battlefield(g, t) || ev.card == ev.target_card) return ARB_OK;
  TRY(arb_jset_card(g, ev.card, &a->attached_to, ev.target_card));
  TRY(arb_jset_card(g, ev.card, &a->attached_ts, t->ts));
  TRY(arb_jset_card8(g, ev.card, &a->enchant, equip ? ARB_T_CREATURE : enchant_types & 0xff));
  TRY(arb_jset_card(g, ev.card, &card_at(g, ev.card)->enchant_sub, equip ? 0 : enchant_types >> 8));
  if (a->enchant_grave) TRY(arb_jset_card8(g, ev.card, &card_at(g, ev.card)->enchant_grave, 0));
  return arb_record(g, &ev);
}

int arb_aura_entered(arb_game *g, int card) {
  arb_card *c = card_at(g, card);
  const arb_object *o = arb_object_get(g, c);     /* the target it was cast with */
  int aura = aura_index(g);
  if (!on_battlefield(g, c) || aura < 0 || !arb_card_has_subtype(g, c, aura) || o->ntargets < 1)
    return ARB_OK;
  if (!arb_target_current(g, card, 0)) return ARB_OK;      /* a new object since (217.1c) */
  {   /* an Aura whose target was a card in a graveyard enters attached to it (Animate Dead) */
    arb_card *t = card_at(g, o->targets[0]);
    if (t && t->zone >= 0 && g->zones[t->zone].kind == ARB_GRAVEYARD) {
      int32_t tid = t->id, tts = t->ts;
      TRY(arb_jset_card(g, card, &c->attached_to, tid));
      TRY(arb_jset_card(g, card, &card_at(g, card)->attached_ts, tts));
      return arb_jset_card8(g, card, &card_at(g, card)->enchant_grave, 1);
    }
  }
  if (!on_battlefield(g, card_at(g, o->targets[0])) || o->targets[0] == card) return ARB_OK;
  return arb_attach(g, card, o->targets[0], c->enchant | c->enchant_sub << 8);   /* not legal: the SBA takes it */
}

int arb_attachments(const arb_game *g, int card, int32_t *out, int cap) {
  const arb_zone *bf = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  const arb_card *t = &ARB_VEC(g->cards, arb_card)[card];
  int i, n = 0;
  for (i = 0; i < bf->n; i++) {
    const arb_card *c = &ARB_VEC(g->cards, arb_card)[bf->cards[i]];
    if (c->attached_to == card && c->attached_ts == t->ts) {
      if (n < cap) out[n] = c->id;
      n++;
    }
  }
  return n;
}

static int is_aura(arb_game *g, const arb_card *c, int aura) {
  return aura >= 0 && arb_card_has_subtype(g, c, aura);
}

static int attached_now(arb_game *g, const arb_card *a, const arb_card **t) {
  *t = a->attached_to >= 0 ? card_at(g, a->attached_to) : NULL;
  return on_battlefield(g, *t) && (*t)->ts == a->attached_ts;
}

/* "Enchant creature card in a graveyard" (Animate Dead): legal while that card is still the
** same object in a graveyard with the types (not a permanent: protection and "can't be
** enchanted" don't apply) */
static int legal_in_graveyard(arb_game *g, const arb_card *a) {
  const arb_card *t = a->attached_to >= 0 ? card_at(g, a->attached_to) : NULL;
  return t && t->zone >= 0 && g->zones[t->zone].kind == ARB_GRAVEYARD && t->ts == a->attached_ts &&
         (!a->enchant || (t->types & a->enchant) == a->enchant);
}

static int legal(arb_game *g, const arb_card *a, int *ok) {
  const arb_card *t;
  *ok = 0;
  if (a->enchant_grave) { *ok = legal_in_graveyard(g, a); return ARB_OK; }
  if (!attached_now(g, a, &t)) return ARB_OK;
  if (a->enchant && (t->types & a->enchant) != a->enchant) return ARB_OK;
  if (a->enchant_sub && !arb_card_has_subtype(g, t, a->enchant_sub - 1)) return ARB_OK;  /* "Enchant Wall" */
  return attachable(g, a->id, t->id, 0, ok);
}

/* 212.2i: an Equipment attached to an illegal or nonexistent permanent
** becomes unattached ("unattach": the card and what it was attached to). */
static int unattach(arb_game *g, int id, int *changed) {
  arb_event ev;
  arb_card *e = card_at(g, id);
  arb_event_init(&ev, ARB_EV_UNATTACH);
  ev.card = id;
  ev.target_card = e->attached_to;
  ev.player = e->controller;
  TRY(arb_jset_card(g, id, &e->attached_to, -1));
  *changed = 1;
  return arb_record(g, &ev);
}

static int push(arb_game *g, int32_t id) {
  if (arb_vec_reserve(g, &g->scratch, sizeof(int32_t), g->scratch.n + 1)) return ARB_ENOMEM;
  ARB_VEC(g->scratch, int32_t)[g->scratch.n++] = id;
  return ARB_OK;
}

/* Lists the attachments to end: Auras as themselves, Equipment as -1 - id. */
static int illegal_attachments(arb_game *g, const arb_zone *bf) {
  int aura = aura_index(g), i, ok;
  for (i = 0; i < bf->n; i++) {
    arb_card *c = card_at(g, bf->cards[i]);
    const arb_card *t;
    if (is_aura(g, c, aura)) {
      TRY(legal(g, c, &ok));
      if (!ok) TRY(push(g, c->id));
    } else if (c->attached_to >= 0 && is_equipment(g, c)) {
      if (g->nstatic) TRY(arb_chars_refresh(g));
      c = card_at(g, bf->cards[i]);
      if (!attached_now(g, c, &t) || !can_equip(g, c, t)) TRY(push(g, -1 - c->id));
    }
  }
  return ARB_OK;
}

/* 420.5: an Aura attached illegally or to nothing goes to the graveyard. */
int arb_sba_attached(arb_game *g, int *changed) {
  arb_zone *bf = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int base = g->scratch.n, i, rc;
  if (aura_index(g) < 0 && equip_index(g) < 0) return ARB_OK;   /* neither can exist */
  rc = illegal_attachments(g, bf);
  for (i = base; i < g->scratch.n && !rc; i++) {   /* simultaneously: listed first */
    int32_t id = ARB_VEC(g->scratch, int32_t)[i];
    if (id < 0) rc = unattach(g, -1 - id, changed);
    else {
      rc = arb_move(g, id, ARB_GRAVEYARD, 1);
      *changed = 1;
    }
  }
  g->scratch.n = base;
  return rc;
}
