/*
** actions.c — the game's actions, each one event through the pipeline:
** draw (423), discard, zone changes (423.5: a move is not a draw), life,
** damage, tapping; and the outcomes: losing, winning, state-based actions.
** Once the game has a result every action does nothing ("the game ends the
** moment it has a result: later actions of the same effect do nothing").
*/
#include "game.h"

/* A hint that a card struct is needed soon: a big draw reads one card per
** draw, a cache miss each without it. */
#if defined(__GNUC__) || defined(__clang__)
#define ARB_PREFETCH(p) __builtin_prefetch(p)
#else
#define ARB_PREFETCH(p) ((void)(p))
#endif

static int zone_kind_of(arb_game *g, int card) {
  return g->zones[card_at(g, card)->zone].kind;
}

/* Where a card goes when it moves to a zone kind: its owner's zone. */
static int dest_zone(arb_game *g, int card, int kind) {
  return arb_zone_id(g, card_at(g, card)->owner, kind);
}

/* The top card of a library into the hand as a draw moves it: the changes arb_place and
** card_moved make for a library card (423.1: the top card into the hand; a new object with a
** new timestamp, 217.1c; no controller but its owner, no attachment). Room in the hand is
** there. Counters, the change counters and the journal are the caller's. */
static inline arb_card *take_top(arb_game *g, arb_zone *lz, arb_zone *hz, int hand) {
  int top = lz->cards[--lz->n];
  arb_card *c = card_at(g, top);
  hz->cards[hz->n++] = top;
  c->zone = hand;
  if (c->bcontroller != c->owner) c->bcontroller = c->owner;
  c->ts = ++g->ts;
  if (c->attached_to >= 0) c->attached_to = -1;
  return c;
}

/* A library card whose draw changes nothing take_top doesn't: arb_place would journal its
** move, zone and timestamps as six entries; its draw is one J_DRAW entry instead (journal.c
** undoes it as those six would: the card back on top of the library with its timestamp, the
** game's timestamp and the player's draw count one less). */
static int plain_draw(arb_game *g, int card) {
  const arb_card *c = card_at(g, card);
  return c->bcontroller == c->owner && c->attached_to < 0 && !c->enchant_grave &&
         !(g->counters.n && arb_counters_on(g, card));
}

/* 423.1: a draw puts the top card of the library into the hand. */
int arb_draw(arb_game *g, int player, int *card) {
  arb_event ev;
  int replaced, hand, top;
  arb_zone *z;
  *card = -1;
  if (g->over || g->players[player].lost) return ARB_OK;
  if (g->npro_draw) {     /* "can't draw": nothing happens, so nothing replaces it (static.c) */
    int no;
    TRY(arb_prohibited(g, ARB_PRO_DRAW, -1, player, &no));
    if (no) return ARB_OK;
  }
  arb_event_init(&ev, ARB_EV_DRAW);
  ev.player = player;
  ev.from = ARB_LIBRARY;
  ev.to = ARB_HAND;
  TRY(arb_replace(g, &ev, &replaced));   /* 423.6a: even with an empty library */
  if (replaced || g->over) return ARB_OK;
  player = ev.player;
  z = &g->zones[arb_zone_id(g, player, ARB_LIBRARY)];
  if (z->n == 0)  /* 423.4: loses at the next state-based check */
    return arb_jset_player8(g, player, &g->players[player].drew_empty, 1);
  top = z->cards[z->n - 1];
  hand = arb_zone_id(g, player, ARB_HAND);
  if (plain_draw(g, top)) {
    TRY(arb_zone_reserve(g, hand, g->zones[hand].n + 1));
    TRY(arb_journal_push(g, J_DRAW, top, player, card_at(g, top)->ts));   /* nothing changed yet */
    take_top(g, z, &g->zones[hand], hand);
    g->players[player].draws_this_turn++;
  } else {
    TRY(arb_place(g, top, hand, 1));
    TRY(arb_jset_player(g, player, &g->players[player].draws_this_turn,
                        g->players[player].draws_this_turn + 1));
  }
  ev.card = top;
  *card = top;
  return arb_record(g, &ev);
}

/* arb_draw_n relies on this: with nothing listening to draws, a draw
** allocates at most one hand slot and one history entry (and journal
** entries, when a mark is open). */

/* Room for `need` more cards in the hand and events in the history. Asked
** for the whole library first: one growth for a run of single draws instead
** of one per doubling (each growth is a new block and a copy); the exact
** need when that much isn't available. */
static int reserve_draws(arb_game *g, int hand, int lib_n, int need) {
  arb_zone *h = &g->zones[hand];
  if (h->n + lib_n <= h->cap && g->history.n + lib_n <= g->history.cap) return ARB_OK;
  if (!arb_zone_reserve(g, hand, h->n + lib_n) &&
      !arb_vec_reserve(g, &g->history, sizeof(arb_event), g->history.n + lib_n))
    return ARB_OK;
  TRY(arb_zone_reserve(g, hand, h->n + need));
  return arb_vec_reserve(g, &g->history, sizeof(arb_event), g->history.n + need);
}

/* Inside a mark each draw grows the hand, the history and the journal (J_DRAW and the
** history's entry) as it goes: asked once for a run of draws, each grows once instead of
** doubling as it fills (each growth a new block and a copy, and collector work for its
** bytes: core blocks are Lua userdata, lmemory.c). */
void arb_draw_reserve(arb_game *g, int player, int n) {
  int hand = arb_zone_id(g, player, ARB_HAND), k = g->zones[arb_zone_id(g, player, ARB_LIBRARY)].n;
  if (n < k) k = n;
  if (k < 2) return;
  if (arb_zone_reserve(g, hand, g->zones[hand].n + k) || arb_history_reserve(g, g->history.n + k)) return;
  (void)arb_journal_reserve(g, 2 * (size_t)k);
}

/* k draws from a library of at least k cards when nothing can see them one by
** one: no mark open (nothing rolls back, so nothing is journaled), nothing
** listening to draws (no replacement, "can't draw", trigger or observer: no
** script runs between two of them), the player in the game. Each card's draw
** makes exactly the changes arb_draw makes through arb_place, card_moved and
** arb_record (423.1: the top card into the hand, a new object with a new
** timestamp, 217.1c; the draw counted and logged), without a journal call per
** field: the change counters move once for the run as the per-field calls
** would have moved them (journal.c what_changes: a library or hand change
** counts for the characteristics and the checks only when host code read
** outside the battlefield (arb_world) or for a card an effect named there; the rest, timestamps, draw counts
** and the history, for neither). Room in the hand and the history is reserved. */
static void draw_run(arb_game *g, int player, arb_zone *lz, int hand, int k) {
  arb_zone *hz = &g->zones[hand];
  arb_event ev, *log = ARB_VEC(g->history, arb_event);
  int i, seen = arb_world(g);
  arb_event_init(&ev, ARB_EV_DRAW);
  ev.player = player;
  ev.from = ARB_LIBRARY;
  ev.to = ARB_HAND;
  ev.turn = g->turn;                                  /* arb_log: "this turn" */
  for (i = 0; i < k; i++) {
    int top = lz->cards[lz->n - 1];
    if (lz->n > 9) ARB_PREFETCH(card_at(g, lz->cards[lz->n - 9]));  /* a draw 8 ahead */
    seen |= take_top(g, lz, hz, hand)->named;
    if (g->counters.n) arb_counters_clear(g, top);   /* journals nothing with no mark: can't fail */
    ev.card = top;
    log[g->history.n++] = ev;
  }
  g->players[player].draws_this_turn += k;
  g->gen++;
  g->cgen += (uint64_t)seen;
  g->sgen += (uint64_t)seen;
}

int arb_draws_event(arb_game *g, int player, int *n) {
  arb_event ev;
  int happened;
  arb_event_init(&ev, ARB_EV_NAMED);
  if ((ev.name = arb_intern(g, "draws", 5)) < 0) return ARB_ENOMEM;
  ev.player = player;
  ev.amount = *n;
  TRY(arb_signal(g, &ev, &happened));
  *n = happened && ev.amount > 0 ? ev.amount : 0;
  return ARB_OK;
}

/* With no mark open, the draws reserve what they need first so they cannot
** fail, and journal nothing: for a big draw the journal (two entries per
** card, fresh memory) costs more than the draws; the library's cards are drawn
** by draw_run, an empty library's draws (423.4) by arb_draw. Inside a mark (a
** nested call) they journal as usual and roll back to their own mark on failure. */
int arb_draw_n(arb_game *g, int player, int n, int *drawn) {
  int hand = arb_zone_id(g, player, ARB_HAND), h0 = g->zones[hand].n, i, card, rc = ARB_OK;
  arb_zone *lz = &g->zones[arb_zone_id(g, player, ARB_LIBRARY)];
  int nested = g->marks > 0;
  size_t mark = 0;
  *drawn = 0;
  if (arb_hooked(g, ARB_EV_DRAW)) return ARB_EARG;
  if (n == 0) return ARB_OK;
  if (!nested) {
    int k = n < lz->n ? n : lz->n;
    TRY(reserve_draws(g, hand, lz->n, k));
    i = g->over || g->players[player].lost ? 0 : k;
    if (i) draw_run(g, player, lz, hand, i);
  } else {
    mark = arb_mark(g);
    i = 0;
  }
  for (; i < n && !rc; i++) {
    if (lz->n > 8) ARB_PREFETCH(card_at(g, lz->cards[lz->n - 8]));  /* a draw 8 ahead */
    rc = arb_draw(g, player, &card);
  }
  if (nested) {
    if (rc) arb_rollback(g, mark);
    else arb_commit(g);
  }
  if (!rc) *drawn = g->zones[hand].n - h0;
  return rc;
}

int arb_discard(arb_game *g, int player, int card) {
  arb_event ev;
  int replaced;
  if (g->over) return ARB_OK;
  arb_event_init(&ev, ARB_EV_DISCARD);
  ev.player = player;
  ev.card = card;
  ev.from = ARB_HAND;
  ev.to = ARB_GRAVEYARD;
  ev.amount = 1;                   /* to the top of the destination */
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over || zone_kind_of(g, card) != ARB_HAND) return ARB_OK;
  if (ev.to < 0 || ev.to >= ARB_STACK) ev.to = ARB_GRAVEYARD;
  TRY(arb_place(g, card, dest_zone(g, card, ev.to), ev.amount != 0));
  return arb_record(g, &ev);
}

/* 216.4: a token that has left play stays where it is rather than come back; one that has
** ceased to exist (216.3) goes nowhere; one not yet in play only into play. */
static int token_stays(arb_game *g, int card, int from, int to) {
  const arb_card *c = card_at(g, card);
  if (!c->token) return 0;
  if (c->token == 2) return 1;
  if (from == ARB_NOWHERE) return to != ARB_BATTLEFIELD;
  return to == ARB_BATTLEFIELD && from != ARB_BATTLEFIELD;
}

/* Records a zone change; a card leaving the battlefield (left_ctl >= 0) is
** known to the triggers it is the source of under its controller there
** (event.c, trigger_controller). */
static int record_left(arb_game *g, const arb_event *ev, int left_ctl) {
  int rc, outer_card = g->left_card1, outer_ctl = g->left_ctl;
  if (left_ctl < 0) return arb_record(g, ev);
  g->left_card1 = ev->card + 1;
  g->left_ctl = left_ctl;
  rc = arb_record(g, ev);
  g->left_card1 = outer_card;
  g->left_ctl = outer_ctl;
  return rc;
}

int arb_move(arb_game *g, int card, int kind, int top) {
  arb_event ev;
  int replaced, from, left_ctl = -1;
  if (g->over) return ARB_OK;
  from = zone_kind_of(g, card);
  if (token_stays(g, card, from, kind)) return ARB_OK;
  arb_event_init(&ev, ARB_EV_ZONE_CHANGE);
  ev.player = card_at(g, card)->owner;
  ev.card = card;
  ev.from = from;
  ev.to = kind;
  ev.amount = top;
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over || zone_kind_of(g, card) != from) return ARB_OK;
  if (ev.to < 0 || ev.to >= ARB_STACK || token_stays(g, card, from, ev.to)) return ARB_OK;
  if (from == ARB_BATTLEFIELD && ev.to != ARB_BATTLEFIELD) {   /* its last known controller */
    if (!arb_chars_fresh(g)) TRY(arb_chars_refresh(g));
    left_ctl = card_at(g, card)->controller;
  }
  TRY(arb_place(g, card, dest_zone(g, card, ev.to), ev.amount != 0));
  /* a permanent entering under effects: computed now (one more ability than a
  ** card can hold fails this move, ARB_EABIL, not a later call) */
  if (ev.to == ARB_BATTLEFIELD && g->nstatic) TRY(arb_chars_refresh(g));
  TRY(record_left(g, &ev, left_ctl));   /* "leaves the battlefield" triggers see it first */
  if (from == ARB_BATTLEFIELD && ev.to != ARB_BATTLEFIELD)
    return arb_effects_source_left(g, card);
  return ARB_OK;
}

/* Whether arb_move(card, kind) is quiet: no mark open, nothing listening to
** zone changes, and the card neither leaving nor entering the battlefield
** (those end and start effects). Then, with the room reserved here (the
** destination zone, the history), the move cannot fail midway: a binding may
** run it without a mark (the London mulligan's bottoms). */
int arb_move_quiet(arb_game *g, int card, int kind) {
  int from;
  if (g->marks || g->over || arb_hooked(g, ARB_EV_ZONE_CHANGE)) return 0;
  if (kind < 0 || kind >= ARB_STACK || kind == ARB_BATTLEFIELD) return 0;
  from = zone_kind_of(g, card);
  if (from == ARB_BATTLEFIELD) return 0;
  if (arb_zone_reserve(g, dest_zone(g, card, kind), g->zones[dest_zone(g, card, kind)].n + 1)) return 0;
  return !arb_vec_reserve(g, &g->history, sizeof(arb_event), g->history.n + 1);
}

/* a + b clamped to int32: life totals and damage saturate instead of
** overflowing when a script's replacement asks for 2^31 - 1. */
static int32_t sat_add(int32_t a, int64_t b) {
  int64_t s = (int64_t)a + b;
  return s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : (int32_t)s;
}

/* A change of life total by delta (gain > 0, loss < 0); replaceable. */
int arb_life_change(arb_game *g, int player, int32_t delta) {
  arb_event ev;
  arb_team *t;
  int replaced;
  if (g->over) return ARB_OK;
  arb_event_init(&ev, ARB_EV_LIFE);
  ev.player = player;
  ev.amount = delta;
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over || ev.amount == 0) return ARB_OK;
  t = &g->teams[g->players[ev.player].team];
  TRY(arb_jset_team(g, g->players[ev.player].team, &t->life, sat_add(t->life, ev.amount)));
  return arb_record(g, &ev);
}

int arb_life_set(arb_game *g, int player, int32_t life) {
  int32_t now = g->teams[g->players[player].team].life;
  return arb_life_change(g, player, sat_add(life, -(int64_t)now));
}

static int damage_player(arb_game *g, arb_event *ev) {
  arb_event loss;
  int team = g->players[ev->target_player].team;
  arb_team *t = &g->teams[team];
  TRY(arb_jset_team(g, team, &t->life, sat_add(t->life, -(int64_t)ev->amount)));
  TRY(arb_record(g, ev));
  arb_event_init(&loss, ARB_EV_LIFE);   /* damage is life loss, already replaced */
  loss.player = ev->target_player;
  loss.amount = -ev->amount;
  loss.source = ev->source;
  return arb_record(g, &loss);
}

int arb_damage(arb_game *g, int source, int target_card, int target_player,
               int amount, int combat) {
  arb_event ev;
  int replaced;
  arb_card *c;
  if (g->over || amount <= 0) return ARB_OK;
  arb_event_init(&ev, ARB_EV_DAMAGE);
  ev.source = ev.card = source;
  ev.target_card = target_card;
  ev.target_player = target_player;
  ev.amount = amount;
  ev.flags = combat ? ARB_EVF_COMBAT : 0;
  if (target_card >= 0) ev.player = card_at(g, target_card)->controller;
  TRY(arb_replace(g, &ev, &replaced));   /* prevention is a replacement */
  if (replaced || g->over || ev.amount <= 0) return ARB_OK;
  if (ev.target_player >= 0) {
    int no = 0;                             /* 502.7e: a player with protection */
    if (ev.source >= 0 && g->nstatic) {
      TRY(arb_chars_refresh(g));
      TRY(arb_player_protected(g, ev.target_player, card_at(g, ev.source), &no));
    }
    return no ? ARB_OK : damage_player(g, &ev);
  }
  c = card_at(g, ev.target_card);
  /* a replacement may retarget to any card, even a resolved ability (no zone) */
  if (!c || c->zone < 0 || g->zones[c->zone].kind != ARB_BATTLEFIELD) return ARB_OK;
  if (ev.source >= 0) {                     /* 502.7e: protection prevents it */
    if (g->nstatic) TRY(arb_chars_refresh(g));
    c = card_at(g, ev.target_card);
    if (arb_protected_from(g, c, card_at(g, ev.source))) return ARB_OK;
  }
  TRY(arb_jset_card(g, ev.target_card, &c->damage, sat_add(c->damage, ev.amount)));
  return arb_record(g, &ev);
}

static int same_recipient(const arb_event *a, const arb_event *b) {
  return a->target_player == b->target_player && a->target_card == b->target_card;
}

/* whether an active effect watches the named event `name` (an interned string, or -1) */
static int watched(arb_game *g, int name) {
  int i;
  if (name < 0 || !arb_hooked(g, ARB_EV_NAMED)) return 0;
  for (i = 0; i < g->effects.n; i++) {
    const arb_effect *fx = &ARB_VEC(g->effects, arb_effect)[i];
    if (fx->active == ARB_FX_ON && fx->type == ARB_EV_NAMED && fx->name == name) return 1;
  }
  return 0;
}

int arb_damage_dealt(arb_game *g, int from, int combat) {
  int i, k, end = g->history.n, name = arb_find_str(g, "damage_dealt", 12);
  if (g->over || from < 0 || from >= end || !watched(g, name)) return ARB_OK;   /* nobody listens */
  for (i = from; i < end && !g->over; i++) {
    arb_event e = *arb_history_get(g, i), ev;   /* (a copy: signalling grows the history) */
    int first = 1, happened;
    int32_t total = 0;
    if (e.type != ARB_EV_DAMAGE || e.amount <= 0) continue;
    for (k = from; k < i && first; k++) {       /* the first of its recipient's: sums them all */
      const arb_event *f = arb_history_get(g, k);
      if (f->type == ARB_EV_DAMAGE && f->amount > 0 && same_recipient(f, &e)) first = 0;
    }
    if (!first) continue;
    for (k = i; k < end; k++) {
      const arb_event *f = arb_history_get(g, k);
      if (f->type == ARB_EV_DAMAGE && f->amount > 0 && same_recipient(f, &e)) total = sat_add(total, f->amount);
    }
    arb_event_init(&ev, ARB_EV_NAMED);
    ev.name = name;
    ev.target_card = e.target_card;
    ev.target_player = e.target_player;
    ev.player = e.target_player >= 0 ? e.target_player : e.player;
    ev.amount = total;
    ev.flags = combat ? ARB_EVF_COMBAT : 0;
    TRY(arb_signal(g, &ev, &happened));
  }
  return ARB_OK;
}

int arb_tap(arb_game *g, int card, int tapped) {
  arb_event ev;
  int replaced;
  arb_card *c = card_at(g, card);
  if (g->over || c->tapped == (tapped != 0)) return ARB_OK;
  if (!tapped && g->nstatic) {             /* "can't untap" (static.c) */
    int no;
    TRY(arb_prohibited(g, ARB_PRO_UNTAP, card, -1, &no));
    if (no) return ARB_OK;
    c = card_at(g, card);
  }
  arb_event_init(&ev, tapped ? ARB_EV_TAP : ARB_EV_UNTAP);
  ev.card = card;
  ev.player = c->controller;
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over) return ARB_OK;
  c = card_at(g, card);
  TRY(arb_jset_card8(g, card, &c->tapped, tapped != 0));
  return arb_record(g, &ev);
}

int arb_created(arb_game *g, int card) {
  arb_event ev;
  arb_card *c = card_at(g, card);
  if (!c) return ARB_EARG;
  arb_event_init(&ev, ARB_EV_CREATE);
  ev.card = card;
  ev.player = c->owner;
  ev.to = c->zone >= 0 ? g->zones[c->zone].kind : -1;
  /* created on the battlefield under effects: computed now (ARB_EABIL fails this call) */
  if (ev.to == ARB_BATTLEFIELD && g->nstatic) TRY(arb_chars_refresh(g));
  return arb_record(g, &ev);
}

int arb_signal(arb_game *g, arb_event *ev, int *happened) {
  int replaced;
  *happened = 0;
  if (g->over) return ARB_OK;
  TRY(arb_replace(g, ev, &replaced));
  if (replaced || g->over) return ARB_OK;
  *happened = 1;
  return arb_record(g, ev);
}

/* ---- losing and winning ---- */

/* Every player of p's team still in the game has lost: one "lose" event each,
** recorded (observers, triggers) or, for a concession, only logged. */
static int team_lost(arb_game *g, int p, int reason) {
  arb_team *t = &g->teams[g->players[p].team];
  int i;
  for (i = t->first; i < t->first + t->n; i++) {
    arb_event ev;
    if (g->players[i].lost) continue;
    TRY(arb_jset_player8(g, i, &g->players[i].lost, 1));
    arb_event_init(&ev, ARB_EV_LOSE);
    ev.player = i;
    ev.amount = reason;                /* ARB_LOSE_*: ev.reason */
    TRY(reason == ARB_LOSE_CONCEDE ? arb_log(g, &ev) : arb_record(g, &ev));
  }
  return ARB_OK;
}

/* Marks a player (and, in Two-Headed Giant, the team) as having lost.
** The loss is a replaceable "lose" event ("you can't lose the game"; its
** reason, ARB_LOSE_*, lets "you don't lose for having 0 life" pick its case);
** *marked (optional) says whether anyone was marked. */
static int mark_lost(arb_game *g, int p, int reason, int *marked) {
  arb_event lev;
  int replaced;
  if (marked) *marked = 0;
  arb_event_init(&lev, ARB_EV_LOSE);
  lev.player = p;
  lev.amount = reason;
  TRY(arb_replace(g, &lev, &replaced));
  if (replaced || g->over || lev.player < 0 || g->players[lev.player].lost) return ARB_OK;
  if (marked) *marked = 1;
  return team_lost(g, lev.player, reason);
}

int arb_set_ante(arb_game *g, int on) { return arb_jset_game(g, &g->ante, on != 0); }

/* Playing for ante: the winner owns every card in the ante (each player's ante zone);
** journaled like every change, no event (the game is over). A drawn game changes
** nothing: each card stays its owner's. */
static int ante_to(arb_game *g, int winner) {
  int p, i;
  for (p = 0; p < g->nplayers; p++) {
    arb_zone *z = &g->zones[arb_zone_id(g, p, ARB_ANTE)];
    for (i = 0; i < z->n; i++) {           /* outside play its controller is its owner */
      TRY(arb_jset_card(g, z->cards[i], &card_at(g, z->cards[i])->owner, winner));
      TRY(arb_jset_card(g, z->cards[i], &card_at(g, z->cards[i])->controller, winner));
    }
  }
  return ARB_OK;
}

/* Ends the game when the players still in it are at most one side's (a side:
** a team, or allies, 102.2c); the winner is that side's first player still in
** the game (Two-Headed Giant: the team's primary). */
static int finish(arb_game *g) {
  int p, first = -1;
  for (p = 0; p < g->nplayers; p++) {
    if (g->players[p].lost) continue;
    if (first < 0) first = p;
    else if (g->players[p].side != g->players[first].side) return arb_leave_lost(g);   /* 600.4 */
  }
  TRY(arb_jset_game(g, &g->over, 1));
  if (first < 0) return arb_jset_game(g, &g->draw, 1);
  TRY(arb_jset_game(g, &g->winner, first));
  return g->ante ? ante_to(g, g->winner) : ARB_OK;
}

int arb_lose(arb_game *g, int player) {
  if (g->over || g->players[player].lost) return ARB_OK;
  TRY(mark_lost(g, player, ARB_LOSE_EFFECT, NULL));
  return finish(g);
}

int arb_lose_all(arb_game *g, const int *players, int n) {
  int i;
  if (g->over) return ARB_OK;
  for (i = 0; i < n; i++)
    if (!g->players[players[i]].lost) TRY(mark_lost(g, players[i], ARB_LOSE_EFFECT, NULL));
  return finish(g);
}

/* Conceding ends that player's (team's) game at once: not a replaceable
** event ("you can't lose" doesn't stop it) and nothing triggers on it. */
int arb_concede(arb_game *g, int player) {
  if (g->over || g->players[player].lost) return ARB_OK;
  TRY(team_lost(g, player, ARB_LOSE_CONCEDE));
  return finish(g);
}

/* "You win the game": a replaceable "win" event; then every opponent loses
** (each loss replaceable too); the game ends when one team is left. */
int arb_win(arb_game *g, int player) {
  arb_event ev;
  int p, team, replaced;
  if (g->over || g->players[player].lost) return ARB_OK;
  arb_event_init(&ev, ARB_EV_WIN);
  ev.player = player;
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over || ev.player < 0 || g->players[ev.player].lost) return ARB_OK;
  team = g->players[ev.player].side;          /* its opponents: every other side */
  for (p = 0; p < g->nplayers && !g->over; p++)
    if (g->players[p].side != team && !g->players[p].lost) TRY(mark_lost(g, p, ARB_LOSE_EFFECT, NULL));
  return finish(g);
}

/* ---- state-based actions ---- */

/* All players who lose at this check lose at once (so all = a draw).
** 423.4: an attempt to draw from an empty library counts at the next check
** only: the mark is cleared there whatever the outcome (a loss prevented by
** "you can't lose" doesn't come back when the prevention ends).
** 420.5: a player at 0 or less life loses; 423.4: so does one who drew from an empty library. */
static int sba_players(arb_game *g, int *changed) {
  int p, n = 0;
  for (p = 0; p < g->nplayers; p++) {
    arb_player *pl = &g->players[p];
    int empty = pl->drew_empty;
    if (empty) TRY(arb_jset_player8(g, p, &pl->drew_empty, 0));
    if (pl->lost) continue;
    if (g->teams[pl->team].life <= 0 || empty) {
      int marked;
      /* 420.5a: 0 or less life; 420.5b / 423.4: drew from an empty library. Each is its
      ** own loss: one replaced ("you don't lose for having 0 life") leaves the other */
      marked = 0;
      if (g->teams[pl->team].life <= 0) TRY(mark_lost(g, p, ARB_LOSE_LIFE, &marked));
      if (!marked && empty && !g->over) TRY(mark_lost(g, p, ARB_LOSE_DRAW, &marked));
      n += marked;
    }
  }
  if (n) { *changed = 1; return finish(g); }
  return ARB_OK;
}

/* 1: toughness 0 or less (put into the graveyard); 2: lethal damage (destroyed:
** regeneration and indestructible apply, destroy.c); 0: neither. */
static int doomed(const arb_card *c) {
  int t = arb_card_toughness(c);
  if (!(c->types & ARB_T_CREATURE)) return 0;
  return t <= 0 ? 1 : c->damage >= t ? 2 : 0;
}

/* Creatures with toughness <= 0 or lethal damage, all listed first (the
** actions are simultaneous), then each put into the graveyard or destroyed.
** 420.5: a creature with lethal damage or 0 or less toughness goes to its owner's graveyard. */
static int sba_creatures(arb_game *g, int *changed) {
  int bf = arb_zone_id(g, -1, ARB_BATTLEFIELD), base = g->scratch.n, i, rc = ARB_OK, d;
  arb_zone *z = &g->zones[bf];
  for (i = 0; i < z->n; i++) {
    if (!(d = doomed(card_at(g, z->cards[i])))) continue;
    if (arb_vec_reserve(g, &g->scratch, sizeof(int32_t), g->scratch.n + 1)) { g->scratch.n = base; return ARB_ENOMEM; }
    ARB_VEC(g->scratch, int32_t)[g->scratch.n++] = z->cards[i] * 2 + (d == 2);
  }
  for (i = base; i < g->scratch.n && !rc; i++) {
    int32_t e = ARB_VEC(g->scratch, int32_t)[i];
    int destroyed = 1;
    if (e & 1) rc = arb_destroy(g, e / 2, &destroyed);
    else rc = arb_move(g, e / 2, ARB_GRAVEYARD, 1);
    if (destroyed) *changed = 1;
  }
  g->scratch.n = base;
  return rc;
}

/* 216.3: a token in a zone other than the battlefield ceases to exist -- it goes to the
** "none" zone for good, with no event (it is no zone change; the move that took it out of
** play was, and its triggers saw it). Only once the game has made a token. */
static int sba_tokens(arb_game *g, int *changed) {
  int z, k, none = arb_zone_id(g, -1, ARB_NOWHERE);
  if (g->ntokens == 0) return ARB_OK;
  for (z = 0; z < g->nzones; z++) {
    int kind = g->zones[z].kind;
    if (kind == ARB_BATTLEFIELD || kind == ARB_NOWHERE || kind == ARB_STACK) continue;
    for (k = g->zones[z].n - 1; k >= 0; k--) {
      int card = g->zones[z].cards[k];
      if (!card_at(g, card)->token) continue;
      TRY(arb_place(g, card, none, 1));
      TRY(arb_jset_card8(g, card, &card_at(g, card)->token, 2));
      *changed = 1;
    }
  }
  return ARB_OK;
}

/* A check is a function of what it reads; with no static predicate to ask
** (npred_enchant == 0: a "can't be enchanted" predicate, the only one a check asks,
** attach.c's arb_prohibited_by(ARB_PRO_ENCHANT), may change its answer with
** nothing else changed) that is the state counted by sgen (journal.c). So when
** the last full check's final round changed nothing and sgen hasn't moved
** since, this check would change nothing either: it returns at once. The
** characteristics are fresh then (cgen moves sgen; host P/T functions and the
** other statics' predicates are trusted as the characteristics' cache trusts
** them: a check with fresh characteristics asks none). Triggers and replacements
** (the rest of nhost) are asked only by events, and a check that acts on
** nothing makes none. */
static int check_skips(const arb_game *g) {
  return g->sgen == g->checked && g->npred_enchant == 0 && !g->full_checks && g->chars_at == g->cgen;
}

/* The checks, out of arb_check_state's line: most calls skip (check_skips), and with the
** checks inlined each paid their frame for the test alone (issue 28). */
ARB_NOINLINE static int check_state(arb_game *g) {
  int changed, guard = 0;
  int32_t choices0 = g->choices;          /* 421.4 vs 421.5 at the limit */
  uint64_t round;
  do {
    changed = 0;
    round = g->sgen;
    if (g->over) return ARB_OK;
    TRY(arb_chars_refresh(g));        /* toughness, abilities as the effects make them */
    TRY(arb_control_watch(g));        /* 212.3d: a control change makes it sick */
    TRY(sba_players(g, &changed));
    if (g->over) return ARB_OK;
    TRY(sba_creatures(g, &changed));
    TRY(arb_sba_attached(g, &changed));
    TRY(sba_tokens(g, &changed));
    if (++guard > g->limits.settle_rounds) return arb_cascade_limit(g, choices0);
  } while (changed);
  if (g->sgen == round) g->checked = round;   /* its last round changed nothing */
  return ARB_OK;
}

int arb_check_state(arb_game *g) {
  return check_skips(g) ? ARB_OK : check_state(g);
}

void arb_full_checks(arb_game *g, int on) { g->full_checks = on != 0; }

/* Not journaled: asking the host when it has no state trigger left does nothing. */
void arb_state_triggers_on(arb_game *g) { g->state_trig = 1; }

/* ---- the mulligan's redeal ---- */

/* The player's hand goes into the library one card at a time (zone changes,
** each replaceable), the library is shuffled (a "shuffle" event) and the
** player draws n (real draws, 423). *drawn: the cards the draws put in hand.
** With nothing listening to those events and no mark open, it reserves what
** it needs first (history, library and hand room), so it cannot fail midway
** and journals nothing (as arb_draw_n): a mulligan simulation's hot path. */
int arb_redeal_quiet(const arb_game *g) {
  return g->marks == 0 && !arb_hooked(g, ARB_EV_ZONE_CHANGE) &&
         !arb_hooked(g, ARB_EV_SHUFFLE) && !arb_hooked(g, ARB_EV_DRAW);
}

static int reserve_redeal(arb_game *g, int hand, int lib, int n) {
  int k = g->zones[hand].n, total = k + g->zones[lib].n;
  TRY(arb_zone_reserve(g, lib, total));
  TRY(arb_zone_reserve(g, hand, n < total ? n : total));
  return arb_vec_reserve(g, &g->history, sizeof(arb_event), g->history.n + k + 1 + n);
}

/* Appends one event to the history: room reserved, no mark open, nothing
** listening (what arb_log and arb_record do then). */
static void log_quiet(arb_game *g, int type, int player, int card, int from, int to, int amount) {
  arb_event *ev = &ARB_VEC(g->history, arb_event)[g->history.n++];
  arb_event_init(ev, type);
  ev->turn = g->turn;
  ev->player = player;
  ev->card = card;
  ev->from = from;
  ev->to = to;
  ev->amount = amount;
}

/* The quiet redeal when every card in the hand is the player's own and the
** library holds the n cards: the same zone changes, shuffle, draws and
** history as the general path below, without the per-card pipeline (nothing
** can replace, observe or undo them). */
static int redeal_direct(arb_game *g, int player, int hand, int lib, int n) {
  arb_zone *h = &g->zones[hand], *l = &g->zones[lib];
  int i;
  for (i = 0; i < h->n; i++)
    if (card_at(g, h->cards[i])->owner != player) return 0;
  if (l->n + h->n < n) return 0;
  g->gen++;                              /* changes without the journal: counted as its changes are */
  g->cgen++;
  g->sgen++;
  while (h->n > 0) {                     /* each card from the hand's top to the library's */
    int card = h->cards[--h->n];
    arb_card *c = card_at(g, card);
    c->zone = lib;
    c->controller = c->owner;
    l->cards[l->n++] = card;
    log_quiet(g, ARB_EV_ZONE_CHANGE, player, card, ARB_HAND, ARB_LIBRARY, 1);
  }
  arb_shuffle_quiet(g, l->cards, l->n);
  log_quiet(g, ARB_EV_SHUFFLE, player, -1, -1, -1, 0);
  for (i = 0; i < n; i++) {               /* 423: real draws, one at a time from the top */
    int card = l->cards[--l->n];
    card_at(g, card)->zone = hand;
    h->cards[h->n++] = card;
    log_quiet(g, ARB_EV_DRAW, player, card, ARB_LIBRARY, ARB_HAND, 0);
  }
  return 1;
}

int arb_redeal(arb_game *g, int player, int n, int *drawn) {
  int hand = arb_zone_id(g, player, ARB_HAND), lib = arb_zone_id(g, player, ARB_LIBRARY);
  int i, guard = g->zones[hand].n;
  arb_event ev;
  *drawn = 0;
  if (arb_redeal_quiet(g)) {
    TRY(reserve_redeal(g, hand, lib, n));
    if (!g->over && !g->players[player].lost && redeal_direct(g, player, hand, lib, n)) {
      *drawn = n;
      return ARB_OK;
    }
  }
  while (g->zones[hand].n > 0 && guard-- > 0 && !g->over) {
    arb_zone *z = &g->zones[hand];
    TRY(arb_move(g, z->cards[z->n - 1], ARB_LIBRARY, 1));
  }
  if (g->over) return ARB_OK;
  TRY(arb_shuffle(g, lib));
  arb_event_init(&ev, ARB_EV_SHUFFLE);
  ev.player = player;
  TRY(arb_record(g, &ev));
  for (i = 0; i < n && !g->over; i++) {
    int card;
    TRY(arb_draw(g, player, &card));
    if (card >= 0) (*drawn)++;
  }
  return ARB_OK;
}
