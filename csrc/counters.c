/*
** counters.c — counters on objects: any name ("+1/+1", "-1/-1", "charge",
** ...), kept per (card, kind) in g->counters and journaled. Putting counters
** on or removing them is a replaceable "counter" event (ev.card, ev.name the
** kind, ev.amount the number: negative for removal); a replacement may change
** the amount ("twice that many") or replace it entirely. +1/+1 and -1/-1
** counters change power and toughness in the modify layer (characteristics.c).
** Counters belong to the object: a card that changes zones is a new object
** without them (zone.c's card_moved clears them).
*/
#include "game.h"

static int find(const arb_game *g, int card, int kind) {
  int i;
  for (i = 0; i < g->counters.n; i++) {
    const arb_counter_rec *k = &ARB_VEC(g->counters, arb_counter_rec)[i];
    if (k->card == card && k->kind == kind) return i;
  }
  return -1;
}

int arb_counter_records(const arb_game *g) { return g->counters.n; }

int arb_counter_record(const arb_game *g, int i, int *card, int *kind) {
  const arb_counter_rec *k = &ARB_VEC(g->counters, arb_counter_rec)[i];
  *card = k->card;
  *kind = k->kind;
  return k->n;
}

int arb_counters(const arb_game *g, int card, int kind) {
  int i = find(g, card, kind);
  return i < 0 ? 0 : ARB_VEC(g->counters, arb_counter_rec)[i].n;
}

static int set_count(arb_game *g, int card, int kind, int32_t n) {
  int i = find(g, card, kind);
  arb_counter_rec *k;
  if (i < 0) {
    if (n == 0) return ARB_OK;
    if (arb_vec_reserve(g, &g->counters, sizeof(arb_counter_rec), g->counters.n + 1)) return ARB_ENOMEM;
    TRY(arb_journal_push(g, J_COUNTER_NEW, 0, 0, 0));
    i = g->counters.n++;
    k = &ARB_VEC(g->counters, arb_counter_rec)[i];
    k->card = card;
    k->kind = kind;
    k->n = 0;
  }
  k = &ARB_VEC(g->counters, arb_counter_rec)[i];
  if (k->n == n) return ARB_OK;
  TRY(arb_journal_push(g, J_COUNTER, i, 0, k->n));
  k->n = n;
  return ARB_OK;
}

int arb_counter_add(arb_game *g, int card, int kind, int n) {
  arb_event ev;
  int replaced, have;
  arb_card *c = card_at(g, card);
  if (!c || kind < 0 || kind >= arb_nstrings(g)) return ARB_EARG;
  if (n == 0 || g->over) return ARB_OK;
  arb_event_init(&ev, ARB_EV_COUNTER);
  ev.card = card;
  ev.player = c->controller;
  ev.name = kind;
  ev.amount = n;
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over || !card_at(g, ev.card) || ev.name < 0 || ev.name >= arb_nstrings(g))
    return ARB_OK;
  have = arb_counters(g, ev.card, ev.name);
  if (have + (int64_t)ev.amount < 0) ev.amount = -have;   /* can't remove more than there are */
  if ((int64_t)have + ev.amount > 1000000000) ev.amount = 1000000000 - have;
  if (ev.amount == 0) return ARB_OK;
  TRY(set_count(g, ev.card, ev.name, have + ev.amount));
  return arb_record(g, &ev);                /* observers see the counters there */
}

/* The card is a new object: its counters are gone (no event: 400.7). */
/* Whether the card has any counter (what arb_counters_clear would clear). */
int arb_counters_on(const arb_game *g, int card) {
  int i;
  for (i = 0; i < g->counters.n; i++) {
    const arb_counter_rec *k = &ARB_VEC(g->counters, arb_counter_rec)[i];
    if (k->card == card && k->n) return 1;
  }
  return 0;
}

int arb_counters_clear(arb_game *g, int card) {
  int i;
  for (i = 0; i < g->counters.n; i++) {
    arb_counter_rec *k = &ARB_VEC(g->counters, arb_counter_rec)[i];
    if (k->card == card && k->n) {
      TRY(arb_journal_push(g, J_COUNTER, i, 0, k->n));
      k->n = 0;
    }
  }
  return ARB_OK;
}
