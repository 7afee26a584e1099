/*
** mana.c — mana pools (docs/API.md, "Costs and mana").
** Each player has a pool of six slots (W U B R G and colorless). Mana
** abilities add to it (the Lua layer records the "mana" event); costs spend
** from it. The pool empties when a step or phase ends (arb_step calls
** arb_mana_empty on entering the next one); the owner of unspent mana loses
** that much life — mana burn (older guide 003, "End of Combat ... check for
** mana burn") — unless the no_mana_burn house rule is on. Mana burn is loss
** of life, not damage: a "life" event, which damage prevention doesn't stop.
*/
#include <string.h>
#include "game.h"

int arb_mana_add(arb_game *g, int player, int k, int32_t n) {
  arb_player *p;
  int64_t v;
  if (player < 0 || player >= g->nplayers || k < 0 || k >= ARB_NMANA) return ARB_EARG;
  p = &g->players[player];
  v = (int64_t)p->mana[k] + n;
  if (v < 0 || v > INT32_MAX) return ARB_EARG;   /* spending more than the pool holds */
  return arb_jset_player(g, player, &p->mana[k], (int32_t)v);
}

/* The mana a replacement left in the event (issue 25, bug 5: the pool and the
** history agree): a changed amount changes the first color produced (a
** smaller one takes from the first colors on), never below nothing. */
static void as_replaced(int32_t *add, int32_t total, int32_t amount) {
  int k;
  int32_t d = (amount < 0 ? 0 : amount) - total;
  for (k = 0; k < ARB_NMANA && d > 0; k++)
    if (add[k]) { add[k] += d; d = 0; }
  for (k = 0; k < ARB_NMANA && d < 0; k++) {
    int32_t t = add[k] < -d ? add[k] : -d;
    add[k] -= t;
    d += t;
  }
}

/* The flags of an event of mana of one kind (its slot), 0 for several kinds. */
static int16_t one_kind(const int32_t *amounts) {
  int k, slot = -1;
  for (k = 0; k < ARB_NMANA; k++) {
    if (!amounts[k]) continue;
    if (slot >= 0) return 0;
    slot = k;
  }
  return slot < 0 ? 0 : (int16_t)((slot + 1) << ARB_EVF_MANA_SHIFT);
}

int arb_mana_remove(arb_game *g, int player, const int32_t *amounts) {
  int k, replaced, id;
  if (player < 0 || player >= g->nplayers) return ARB_EARG;
  if ((id = arb_intern(g, "mana_removed", 12)) < 0) return ARB_ENOMEM;
  for (k = 0; k < ARB_NMANA && !g->over; k++) {
    arb_event ev;
    int32_t have, n;
    if (amounts[k] <= 0) continue;
    arb_event_init(&ev, ARB_EV_NAMED);
    ev.name = id;
    ev.player = player;
    ev.amount = amounts[k];
    ev.flags = (int16_t)((k + 1) << ARB_EVF_MANA_SHIFT);
    TRY(arb_replace(g, &ev, &replaced));
    if (replaced || g->over) continue;
    if (ev.player < 0 || ev.player >= g->nplayers) ev.player = player;
    have = g->players[ev.player].mana[k];
    n = ev.amount < 0 ? 0 : ev.amount > have ? have : ev.amount;
    ev.amount = n;
    if (n) TRY(arb_mana_add(g, ev.player, k, -n));
    TRY(arb_record(g, &ev));
  }
  return ARB_OK;
}

/* 406.1: a mana ability resolves at once, without the stack. */
int arb_mana_produce(arb_game *g, int player, int card, int tap, const int32_t *amounts) {
  arb_event ev;
  int k, replaced;
  int32_t total = 0, add[ARB_NMANA];
  if (g->over) return ARB_OK;
  if (tap && card >= 0) TRY(arb_tap(g, card, 1));
  for (k = 0; k < ARB_NMANA; k++) { add[k] = amounts[k]; total += amounts[k]; }
  arb_event_init(&ev, ARB_EV_NAMED);
  if (!g->mana_str) {                 /* interned once: strings are never removed */
    int id = arb_intern(g, "mana", 4);
    if (id < 0) return ARB_ENOMEM;
    g->mana_str = id + 1;
  }
  ev.name = g->mana_str - 1;
  ev.player = player;
  ev.card = ev.source = card;
  ev.amount = total;
  ev.flags = one_kind(amounts);
  if (!ev.flags && total > 0) {       /* several kinds: each one's amount, kept beside it */
    ev.flags = ARB_EVF_MANA_MIXED;
    TRY(arb_side_append(g, add, ARB_NMANA, &ev.target_card));
  }
  /* replaced, then added as the event now says, then recorded (observers and
  ** triggered mana abilities see the mana in the pool) */
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over) return ARB_OK;
  if (ev.amount != total) {
    as_replaced(add, total, ev.amount);
    if (ARB_EV_MIXED_MANA(&ev)) TRY(arb_side_append(g, add, ARB_NMANA, &ev.target_card));
  }
  if (ev.player < 0 || ev.player >= g->nplayers) ev.player = player;
  for (k = 0; k < ARB_NMANA; k++)
    if (add[k]) TRY(arb_mana_add(g, ev.player, k, add[k]));
  return arb_record(g, &ev);
}

/* Could anything but the mana abilities themselves act on a payment's taps and mana now? An
** active replacement, trigger or observer of "tap" events or of the "mana" event (a named
** event's effect without a name too), characteristics computed from what a tap or an event
** changes (a predicate that read a tapped state, the history or anything off the battlefield:
** a source's types could change as another taps), or a game that is over (mana abilities
** then add nothing). When nothing does, tapping plain sources adds exactly their mana, so a
** payment's plan can be followed without playing it (lua/arbiter/mana.lua, arbiter._can_pay). */
int arb_mana_watched(const arb_game *g) {
  int i, k, mana;
  if (g->over || (g->deps & (ARB_DEP_TAPPED | ARB_DEP_HISTORY | ARB_DEP_WORLD))) return 1;
  for (k = 0; k < 3; k++)
    if (g->neffects_of[k][ARB_EV_TAP] > 0) return 1;
  if (!arb_hooked(g, ARB_EV_NAMED)) return 0;
  mana = g->mana_str ? g->mana_str - 1 : arb_find_str(g, "mana", 4);
  for (i = 0; i < g->effects.n; i++) {
    const arb_effect *fx = &ARB_VEC(g->effects, arb_effect)[i];
    if (fx->active == ARB_FX_ON && fx->type == ARB_EV_NAMED && (fx->name < 0 || fx->name == mana)) return 1;
  }
  return 0;
}

/* the simple source's slot if card c of player can be tapped for mana now, else -1 (a copy's
** mana abilities are the copied card's: 503) */
static int simple_slot(const arb_game *g, const arb_card *c, int player) {
  int mprod = c->mprod;   /* a copy's: the copied card's (503, characteristics.c) */
  (void)g;
  if (c->controller != player || c->tapped || !mprod || c->facedown) return -1;
  if (arb_card_sick(c) && (c->types & ARB_T_CREATURE) && !arb_card_has(c, ARB_AB_HASTE)) return -1;
  return mprod - 1;
}

/* a source p controls with a mana ability the core doesn't model that it can play now (untapped,
** or tapped with one whose cost has no {T}: 409.1f) */
static int has_complex(arb_game *g, int player) {
  const arb_zone *b = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int i;
  for (i = 0; i < b->n; i++) {
    const arb_card *c = card_at(g, b->cards[i]);
    if (c->mcomplex && !c->facedown && c->controller == player && (!c->tapped || c->mcomplex & ARB_MANA_UNTAPPED)) return 1;
  }
  return 0;
}

int arb_mana_available(arb_game *g, int player, int32_t *out) {
  const arb_zone *b = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int i, k;
  for (k = 0; k < ARB_NMANA; k++) out[k] = g->players[player].mana[k];
  for (i = 0; i < b->n; i++) {
    const arb_card *c = card_at(g, b->cards[i]);
    if (c->mcomplex && !c->facedown && c->controller == player && (!c->tapped || c->mcomplex & ARB_MANA_UNTAPPED)) return 0;
    if ((k = simple_slot(g, c, player)) >= 0) out[k]++;
  }
  return 1;
}

/* Picks the first unused simple source of slot (any slot when slot < 0) into
** *pick; -1 when none; *same = 0 when another candidate differs from it. */
static void first_source(arb_game *g, int player, int slot, const uint8_t *used, int *pick, int *same) {
  const arb_zone *b = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int i, k;
  *pick = -1;
  *same = 1;
  for (i = 0; i < b->n; i++) {
    const arb_card *c = card_at(g, b->cards[i]);
    if (used[i] || (k = simple_slot(g, c, player)) < 0 || (slot >= 0 && k != slot)) continue;
    if (*pick < 0) { *pick = i; continue; }
    {
      const arb_card *f = card_at(g, b->cards[*pick]);
      if (f->name != c->name || f->mprod != c->mprod) { *same = 0; return; }
    }
  }
}

#define MAXPLAN 64
int arb_mana_pay_simple(arb_game *g, int player, const int32_t *need, int *paid) {
  const arb_zone *b = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int32_t pool[ARB_NMANA], take[ARB_NMANA] = {0, 0, 0, 0, 0, 0}, left;
  int32_t plan[MAXPLAN];
  uint8_t used[256];
  int k, n = 0, pick, same;
  *paid = 0;
  TRY(arb_chars_refresh(g));                   /* mprod follows the type layer (212.6e) */
  if (g->over || b->n > 256 || has_complex(g, player)) return ARB_OK;
  memset(used, 0, (size_t)b->n);
  for (k = 0; k < ARB_NMANA; k++) pool[k] = g->players[player].mana[k];
  for (k = 0; k < 5; k++)                      /* colored symbols first */
    for (left = need[k]; left > 0;) {
      if (pool[k] > 0) { int32_t t = pool[k] < left ? pool[k] : left; pool[k] -= t; take[k] += t; left -= t; continue; }
      first_source(g, player, k, used, &pick, &same);
      if (pick < 0 || !same || n == MAXPLAN) return ARB_OK;
      used[pick] = 1; plan[n++] = pick; pool[k]++;
    }
  for (left = need[5]; left > 0;) {            /* generic: colorless, then colors, then sources */
    int s = pool[ARB_MANA_C] > 0 ? ARB_MANA_C : -1;
    for (k = 0; s < 0 && k < 5; k++) if (pool[k] > 0) s = k;
    if (s >= 0) { int32_t t = pool[s] < left ? pool[s] : left; pool[s] -= t; take[s] += t; left -= t; continue; }
    first_source(g, player, -1, used, &pick, &same);
    if (pick < 0 || !same || n == MAXPLAN) return ARB_OK;
    used[pick] = 1; plan[n++] = pick; pool[card_at(g, b->cards[pick])->mprod - 1]++;
  }
  {                                            /* the plan holds: carry it out */
    int32_t ids[MAXPLAN], i;
    for (i = 0; i < n; i++) ids[i] = b->cards[plan[i]];   /* positions move as events run */
    for (i = 0; i < n; i++) {
      int32_t amounts[ARB_NMANA] = {0, 0, 0, 0, 0, 0};
      amounts[card_at(g, ids[i])->mprod - 1] = 1;
      TRY(arb_mana_produce(g, player, ids[i], 1, amounts));
    }
    for (k = 0; k < ARB_NMANA; k++)
      if (take[k]) TRY(arb_mana_add(g, player, k, -take[k]));
  }
  *paid = 1;
  return ARB_OK;
}

/* A house rule's setting, journaled like any change (422: a failed
** g:attempt around g:add_house_rule gives mana burn back). */
int arb_set_mana_burn(arb_game *g, int on) { return arb_jset_game(g, &g->no_mana_burn, !on); }

/* 003 mana burn: unspent mana costs its owner that much life. */
int arb_mana_empty(arb_game *g) {
  int i, k;
  for (i = 0; i < g->nplayers; i++) {
    int64_t total = 0;
    int32_t any = 0;
    for (k = 0; k < ARB_NMANA; k++) any |= g->players[i].mana[k];
    if (!any) continue;              /* most steps end with empty pools: one pass, no branch a color */
    for (k = 0; k < ARB_NMANA; k++) {
      if (g->players[i].mana[k] == 0) continue;   /* most steps end with empty pools */
      total += g->players[i].mana[k];
      TRY(arb_jset_player(g, i, &g->players[i].mana[k], 0));
    }
    if (total > 0 && !g->no_mana_burn && !g->over && !g->players[i].lost)
      TRY(arb_life_change(g, i, (int32_t)-(total > INT32_MAX ? INT32_MAX : total)));
  }
  return ARB_OK;
}
