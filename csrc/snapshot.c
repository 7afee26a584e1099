/*
** snapshot.c — last-known information (413.2): what a card was as it last existed on the
** battlefield, recorded by the core at every departure (zone.c), whether or not anything
** listens then: the history keeps the departure, and a later reader (a trigger resolving
** after its source left, Scavenging Ghoul's "each creature that died this turn") needs what
** the card was, not what it is now.
**
** A record is the card's already-computed characteristics copied as they are (a few words
** each: no host call, no Lua table), plus its attachments, counters and abilities in
** g->lki_data. Records are appended in history order and journaled (a rolled-back departure
** leaves none); the binding builds ev.last from a record only when a script reads it
** (lobject.c). Not part of the state hash: like the history, it is what happened, not the
** state a loop could repeat.
*/
#include "game.h"

/* The card's parts from g->lki_data's end: its attachments (what is attached to it now, the
** same object), counters (kind, n) and abilities (kind | param << 16, count), room made once. */
static int take_parts(arb_game *g, arb_lki *rec, const arb_card *c) {
  int32_t buf[64], *d;
  int i, natt = arb_attachments(g, c->id, buf, 64), ncnt = 0, nabil = c->nabil;
  const arb_counter_rec *k = ARB_VEC(g->counters, arb_counter_rec);
  if (natt > 64) natt = 64;
  for (i = 0; i < g->counters.n; i++) ncnt += k[i].card == c->id && k[i].n;
  if (natt + ncnt + nabil == 0) return ARB_OK;
  if (arb_vec_reserve(g, &g->lki_data, sizeof(int32_t), g->lki_data.n + natt + 2 * (ncnt + nabil)))
    return ARB_ENOMEM;
  d = ARB_VEC(g->lki_data, int32_t) + g->lki_data.n;
  for (i = 0; i < natt; i++) *d++ = buf[i];
  for (i = 0; i < g->counters.n; i++)
    if (k[i].card == c->id && k[i].n) { *d++ = k[i].kind; *d++ = k[i].n; }
  for (i = 0; i < nabil; i++) {        /* unsigned: a param from 32768 on doesn't overflow */
    *d++ = (int32_t)((uint32_t)c->abil[i].kind | (uint32_t)c->abil[i].param << 16);
    *d++ = c->abil[i].count;
  }
  g->lki_data.n += natt + 2 * (ncnt + nabil);
  rec->natt = (uint16_t)natt;
  rec->ncnt = (uint16_t)ncnt;
  rec->nabil = (uint16_t)nabil;
  return ARB_OK;
}

/* The card is about to leave the battlefield (zone.c), its characteristics fresh. */
int arb_lki_take(arb_game *g, int card) {
  const arb_card *c = card_at(g, card), *t;
  arb_lki *rec;
  if (!c) return ARB_EARG;
  if (arb_vec_reserve(g, &g->lki, sizeof(arb_lki), g->lki.n + 1)) return ARB_ENOMEM;
  TRY(arb_journal_push(g, J_LKI_PUSH, g->lki_data.n, 0, 0));
  rec = &ARB_VEC(g->lki, arb_lki)[g->lki.n++];
  rec->card = card;
  rec->hist = g->history.n;
  rec->power = c->power;
  rec->toughness = c->toughness;
  rec->controller = c->controller;
  rec->damage = c->damage;
  t = c->attached_to >= 0 ? card_at(g, c->attached_to) : NULL;   /* while the same object */
  rec->attached_to = t && t->ts == c->attached_ts ? t->id : -1;
  rec->data = g->lki_data.n;
  rec->name = c->name;
  rec->natt = rec->ncnt = rec->nabil = 0;
  rec->types = c->types;
  rec->colors = c->colors;
  rec->facedown = c->facedown;
  rec->pad_ = 0;
  return take_parts(g, rec, c);   /* rec stays valid: g->lki doesn't move meanwhile */
}

/* Undo of J_LKI_PUSH (journal.c): the newest record and its parts. */
void arb_lki_undo(arb_game *g, int32_t data) {
  g->lki.n--;
  g->lki_data.n = data;
}

/* The record for card as of history length hi: the newest taken when the history was at
** most hi long (the departure recorded at entry hi was taken just before it); hi < 0: the
** newest. Records are in history order: the first candidate found by halving, then back to
** the card's. -1: none. */
int arb_lki_find(const arb_game *g, int card, int hi) {
  const arb_lki *r = ARB_VEC(g->lki, arb_lki);
  int lo = 0, up = g->lki.n, i;
  if (hi >= 0)
    while (lo < up) {                    /* the first record taken after hi */
      int mid = lo + (up - lo) / 2;
      if (r[mid].hist <= hi) lo = mid + 1; else up = mid;
    }
  for (i = up - 1; i >= 0; i--)
    if (r[i].card == card) return i;
  return -1;
}

const arb_lki *arb_lki_get(const arb_game *g, int i) {
  return i >= 0 && i < g->lki.n ? &ARB_VEC(g->lki, arb_lki)[i] : NULL;
}

/* The record's parts: natt attachments, then ncnt (kind, n) pairs, then nabil (kind | param
** << 16, count) pairs. */
const int32_t *arb_lki_parts(const arb_game *g, const arb_lki *rec) {
  return g->lki_data.p ? ARB_VEC(g->lki_data, int32_t) + rec->data : NULL;
}
