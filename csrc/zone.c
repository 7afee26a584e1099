/*
** zone.c — zones as ordered sequences of card ids. cards[0] is the bottom
** of a library, cards[n-1] the top. Every insert, removal and swap is
** journaled; a shuffle is a Fisher-Yates on the game's RNG, journaled as one entry.
*/
#include <string.h>
#include "game.h"            /* TRY, defined once there */

static const char *const kind_names[] = {
  "library", "hand", "graveyard", "ante", "battlefield", "exile", "stack", "none", NULL
};

const char *arb_zone_kind_name(int kind) {
  return kind >= 0 && kind < ARB_NZONEKINDS ? kind_names[kind] : "none";
}

int arb_zone_kind_parse(const char *s) {
  int i;
  for (i = 0; kind_names[i]; i++)
    if (strcmp(kind_names[i], s) == 0) return i;
  return -1;
}


int arb_zone_id(const arb_game *g, int player, int kind) {
  if (kind < ARB_PZONES) return player * ARB_PZONES + kind;
  return g->nplayers * ARB_PZONES + (kind - ARB_BATTLEFIELD);
}

arb_zone *arb_zone_get(arb_game *g, int zone) {
  return zone >= 0 && zone < g->nzones ? &g->zones[zone] : NULL;
}

/* Room for n cards, so inserts up to n cannot fail (no journal entry:
** capacity is not state). */
int arb_zone_reserve(arb_game *g, int zone, int n) {
  arb_zone *z = &g->zones[zone];
  int cap = z->cap ? z->cap : 8;
  int32_t *p;
  if (n <= z->cap) return ARB_OK;
  while (cap < n) cap *= 2;
  p = arb_mem(g, z->cards, sizeof(int32_t) * (size_t)z->cap, sizeof(int32_t) * (size_t)cap);
  if (!p) return ARB_ENOMEM;
  z->cards = p;
  z->cap = cap;
  return ARB_OK;
}

void arb_zone_put(arb_game *g, int zone, int pos, int card) {
  arb_zone *z = &g->zones[zone];
  memmove(z->cards + pos + 1, z->cards + pos, sizeof(int32_t) * (size_t)(z->n - pos));
  z->cards[pos] = card;
  z->n++;
}

void arb_zone_unput(arb_game *g, int zone, int pos) {
  arb_zone *z = &g->zones[zone];
  memmove(z->cards + pos, z->cards + pos + 1, sizeof(int32_t) * (size_t)(z->n - pos - 1));
  z->n--;
}

int arb_zone_insert(arb_game *g, int zone, int pos, int card) {
  arb_zone *z = &g->zones[zone];
  if (z->n >= z->cap && arb_zone_reserve(g, zone, z->n + 1)) return ARB_ENOMEM;
  if (arb_journal_push(g, J_ZONE_INSERT, zone, pos, card)) return ARB_ENOMEM;   /* (old: the card, for journal.c) */
  arb_zone_put(g, zone, pos, card);
  return ARB_OK;
}

int arb_zone_remove(arb_game *g, int zone, int pos) {
  arb_zone *z = &g->zones[zone];
  if (arb_journal_push(g, J_ZONE_REMOVE, zone, pos, z->cards[pos])) return ARB_ENOMEM;
  arb_zone_unput(g, zone, pos);
  return ARB_OK;
}

/* Position of card in zone, searching from the top (where draws happen). */
int arb_zone_find(const arb_game *g, int zone, int card) {
  const arb_zone *z = &g->zones[zone];
  int i;
  for (i = z->n - 1; i >= 0; i--)
    if (z->cards[i] == card) return i;
  return -1;
}

/* Inside a mark, one journal entry undoes the whole shuffle (J_SHUFFLE: the zone, its size and
** the RNG's state before; arb_unshuffle makes its swaps again from that state, last first),
** instead of two a step (the RNG's state and the swap): 422, a failed action leaves the
** library as it was. */
int arb_shuffle(arb_game *g, int zone) {
  arb_zone *z = &g->zones[zone];
  if (g->marks > 0 && z->n > 1 && arb_journal_push(g, J_SHUFFLE, zone, z->n, (int64_t)g->rng))
    return ARB_ENOMEM;
  arb_shuffle_quiet(g, z->cards, z->n);
  return ARB_OK;
}

/* "comes into play tapped" among its printed abilities: it enters tapped, no
** "tap" event (it never was untapped there; a replacement of how it comes into
** play, 614.1c of today's rules) */
static int enters_tapped(const arb_game *g, const arb_card *c) {
  const arb_ability *a = arb_card_babil(g, c);
  int i;
  for (i = 0; i < c->nbabil; i++)
    if (a[i].kind == ARB_AB_ENTERS_TAPPED) return 1;
  return 0;
}

int arb_statics_source_left(arb_game *g, int card);   /* static.c */
int arb_statics_spell_resolved(arb_game *g, int card, int32_t old_ts, int32_t new_ts);   /* static.c */

/* A card that changes zones is a new object (217.1c): a new timestamp (so
** fixed sets, attachments and stack objects' targets, which record the old
** one, no longer name it), no counters, no attachment; leaving the
** battlefield ends the effects it was the source of and its characteristics
** go back to its base. */
static int card_moved(arb_game *g, int card, int from_kind, int to_kind) {
  arb_card *c;
  int32_t old_ts;
  TRY(arb_jset_game(g, &g->ts, g->ts + 1));
  c = card_at(g, card);
  old_ts = c->ts;
  TRY(arb_jset_card(g, card, &c->ts, g->ts));
  if (from_kind == ARB_STACK && to_kind == ARB_BATTLEFIELD && g->nstatic)
    TRY(arb_statics_spell_resolved(g, card, old_ts, g->ts));   /* 213.5 */
  if (g->counters.n) TRY(arb_counters_clear(g, card));
  c = card_at(g, card);
  if (c->attached_to >= 0) TRY(arb_jset_card(g, card, &c->attached_to, -1));
  c = card_at(g, card);
  if (c->enchant_grave) TRY(arb_jset_card8(g, card, &c->enchant_grave, 0));
  c = card_at(g, card);
  if (from_kind == ARB_STACK && to_kind != ARB_BATTLEFIELD && c->facedown) {
    /* 504: a face-down spell countered or moved off the stack is turned face up (revealed);
    ** one resolving stays face down as it comes into play */
    TRY(arb_jset_card8(g, card, &c->facedown, 0));
    c = card_at(g, card);
    arb_chars_reset(g, c);
    c->named = 0;
  }
  if (from_kind == ARB_BATTLEFIELD && to_kind != ARB_BATTLEFIELD) {
    if (g->nstatic) TRY(arb_statics_source_left(g, card));
    c = card_at(g, card);
    if (c->facedown) TRY(arb_jset_card8(g, card, &c->facedown, 0));   /* 504: turned face up as it leaves */
    c = card_at(g, card);
    arb_chars_reset(g, c);                  /* a cache: the current values are the base now */
    c->named = 0;
  }
  return ARB_OK;
}

/* Last-known information (413.2): the card as it last existed on the battlefield (its
** characteristics brought up to date first) is recorded at every departure, whether or not
** anything listens now: the history keeps the departure, and a later reader (Scavenging
** Ghoul's "each creature that died this turn") needs what the card was (snapshot.c). */
static int leaving(arb_game *g, int card, int from, int zone) {
  if (g->zones[from].kind != ARB_BATTLEFIELD || g->zones[zone].kind == ARB_BATTLEFIELD) return ARB_OK;
  TRY(arb_chars_refresh(g));
  return arb_lki_take(g, card);
}

/* Moves a card between zones with no event: the building block of every
** move that the pipeline has already approved. Leaving the battlefield
** clears combat state and damage (a new object, 400.7 in today's rules). */
int arb_place(arb_game *g, int card, int zone, int top) {
  arb_card *c = card_at(g, card);
  int from = c->zone, pos = arb_zone_find(g, from, card), rc;
  if (pos < 0) return ARB_EARG;
  if ((rc = leaving(g, card, from, zone))) return rc;
  /* an Aura may enchant a card in a graveyard (Animate Dead): a card leaving one is a state
  ** the next state-based check must look at (a cache key only: bumped, never undone) */
  if (g->zones[from].kind == ARB_GRAVEYARD) g->sgen++;
  c = card_at(g, card);
  if ((rc = arb_zone_remove(g, from, pos))) return rc;
  if ((rc = arb_zone_insert(g, zone, top ? g->zones[zone].n : 0, card))) return rc;
  c = card_at(g, card);
  if ((rc = arb_jset_card(g, card, &c->zone, zone))) return rc;
  if (g->zones[from].kind == ARB_BATTLEFIELD && g->zones[zone].kind != ARB_BATTLEFIELD) {
    if ((rc = arb_jset_card(g, card, &c->damage, 0)) ||
        (rc = arb_jset_card(g, card, &c->attacking, -1)) ||
        (rc = arb_jset_card(g, card, &c->band, -1)) ||
        (rc = arb_jset_card(g, card, &c->blocking, 0)) ||
        (rc = arb_jset_card8(g, card, &c->tapped, 0)) ||
        (rc = arb_jset_card8(g, card, &c->blocked, 0)) ||
        (rc = arb_jset_card8(g, card, &c->dealt_first, 0)))
      return rc;
  }
  if (g->zones[zone].kind == ARB_BATTLEFIELD && g->zones[from].kind != ARB_BATTLEFIELD)
    if ((rc = arb_jset_card8(g, card, &c->sick, 1)) ||
        (c->ctl_seen != c->bcontroller && (rc = arb_jset_card(g, card, &c->ctl_seen, c->bcontroller))) ||
        (enters_tapped(g, c) && (rc = arb_jset_card8(g, card, &c->tapped, 1))))
      return rc;
  if (g->zones[zone].kind != ARB_BATTLEFIELD && c->bcontroller != c->owner)
    if ((rc = arb_jset_card(g, card, &c->bcontroller, c->owner))) return rc;
  if ((rc = card_moved(g, card, g->zones[from].kind, g->zones[zone].kind))) return rc;
  c = card_at(g, card);
  /* "as ~ enters the battlefield" (the era's 418.x comes-into-play choices; 614.12 today): its
  ** choices and copy effects are made now, on the battlefield, before the move is recorded,
  ** so that what sees it enter sees it as it is */
  if (c->as_enters && g->hooks.entering && g->zones[zone].kind == ARB_BATTLEFIELD &&
      g->zones[from].kind != ARB_BATTLEFIELD)
    return g->hooks.entering(g->hooks.ud, g, card, g->zones[from].kind == ARB_STACK);
  return ARB_OK;
}
