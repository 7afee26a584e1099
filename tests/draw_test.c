/*
 * draw_test.c -- arb_draw_n from C alone (no Lua): the draws the binding
 * makes without a pcall when nothing listens to draws. Atomic by itself:
 * at top level it reserves first (the whole library, else the exact need)
 * and journals nothing; inside a mark it journals and rolls back to its own
 * mark. Checked with an allocator that fails on demand: every failure
 * leaves the state hash unchanged (422), a failed "whole library"
 * reservation falls back to the need; 423.1 (top card first), 423.4 (an
 * empty library draws nothing), ARB_EARG when something listens. The top
 * level's run of draws (actions.c draw_run, no journal) makes byte for byte
 * the changes of the same draws made one by one inside a mark: every card,
 * zone, player and history entry, the timestamps, and the change counters
 * moving when the journaled draws move them.
 * Prints "N passed, N failed" last; exit status nonzero on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"

static int passed, failed;
#define CHECK(c) check_((c), #c, __LINE__)
static void check_(int ok, const char *what, int line) {
  if (ok) passed++;
  else { failed++; printf("FAIL line %d: %s\n", line, what); }
}

/* fail_in > 0: that many allocations from now, the rest fail (fail_n of them) */
typedef struct tmem { int fail_in, fail_n, failures; } tmem;

static void *talloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  tmem *m = ud;
  (void)osize;
  if (nsize == 0) { free(ptr); return NULL; }
  if (m->fail_in > 0 && --m->fail_in == 0) {
    m->failures++;
    if (--m->fail_n > 0) m->fail_in = 1;
    return NULL;
  }
  return realloc(ptr, nsize);
}

static arb_game *new_game(tmem *m, int library) {
  int sizes[2] = {1, 1}, i, id;
  arb_card proto;
  arb_game *g = arb_game_new(talloc, m, 7, sizes, 2, 20);
  memset(&proto, 0, sizeof proto);
  for (i = 0; i < library; i++)
    arb_card_new(g, &proto, 0, arb_zone_id(g, 0, ARB_LIBRARY), 1, &id);
  return g;
}

static arb_zone *zone(arb_game *g, int p, int kind) { return arb_zone_get(g, arb_zone_id(g, p, kind)); }

static int same_bytes(const void *p, const void *q, size_t n) { return n == 0 || memcmp(p, q, n) == 0; }

/* The same two games, n drawn by each: a by the top level's run, b inside a mark
** (one arb_draw at a time, journaled) that is then committed. Library cards carry
** what a draw resets: counters (400.7), a leftover attachment, a controller other
** than the owner; with_named marks one as an effect named it outside play instead of
** the counters (the run alone must move the change counters then). */
static void same_as_single_draws(int n, int with_named) {
  tmem m = {0, 0, 0};
  arb_game *a = new_game(&m, 12), *b = new_game(&m, 12);
  arb_game *gs[2];
  int k, i, drawn_a, drawn_b;
  uint64_t ca, sa, cb, sb;
  gs[0] = a; gs[1] = b;
  for (k = 0; k < 2; k++) {
    arb_game *g = gs[k];
    arb_zone *lib = zone(g, 0, ARB_LIBRARY);
    if (!with_named)   /* (a counter's clearing moves the counters itself) */
      CHECK(arb_counter_add(g, lib->cards[lib->n - 2], arb_intern(g, "charge", 6), 3) == ARB_OK);
    card_at(g, lib->cards[lib->n - 1])->attached_to = lib->cards[0];
    card_at(g, lib->cards[lib->n - 3])->bcontroller = 1;
    if (with_named) card_at(g, lib->cards[lib->n - 1])->named = 1;
  }
  ca = a->cgen; sa = a->sgen; cb = b->cgen; sb = b->sgen;
  CHECK(arb_draw_n(a, 0, n, &drawn_a) == ARB_OK);
  {
    size_t mark = arb_mark(b);
    CHECK(arb_draw_n(b, 0, n, &drawn_b) == ARB_OK);
    arb_commit(b);
    (void)mark;
  }
  CHECK(drawn_a == drawn_b && drawn_a == (n < 12 ? n : 12));
  CHECK(arb_state_hash(a, 1) == arb_state_hash(b, 1));
  CHECK(a->cards.n == b->cards.n && same_bytes(a->cards.p, b->cards.p, sizeof(arb_card) * (size_t)a->cards.n));
  CHECK(a->history.n == b->history.n &&
        same_bytes(a->history.p, b->history.p, sizeof(arb_event) * (size_t)a->history.n));
  CHECK(same_bytes(a->players, b->players, sizeof(arb_player) * 2));
  CHECK(a->ts == b->ts && a->counters.n == b->counters.n &&
        same_bytes(a->counters.p, b->counters.p, sizeof(arb_counter_rec) * (size_t)a->counters.n));
  for (k = 0; k < a->nzones; k++)
    CHECK(a->zones[k].n == b->zones[k].n &&
          same_bytes(a->zones[k].cards, b->zones[k].cards, sizeof(int32_t) * (size_t)a->zones[k].n));
  CHECK((a->cgen != ca) == (b->cgen != cb) && (a->sgen != sa) == (b->sgen != sb));
  if (with_named) CHECK(a->cgen != ca && a->sgen != sa);
  for (i = 0; i < 2; i++) arb_game_free(gs[i]);
}

/* The same draws inside a mark, rolled back: every byte as before, whether a card's draw is
** the journal's one J_DRAW entry (a plain library card, actions.c plain_draw) or arb_place's
** entries (the cards carrying counters, an attachment, another controller). */
static void undone_draws_leave_nothing(int n) {
  tmem m = {0, 0, 0};
  arb_game *a = new_game(&m, 12), *b = new_game(&m, 12);
  arb_game *gs[2];
  int k, drawn;
  gs[0] = a; gs[1] = b;
  for (k = 0; k < 2; k++) {
    arb_game *g = gs[k];
    arb_zone *lib = zone(g, 0, ARB_LIBRARY);
    CHECK(arb_counter_add(g, lib->cards[lib->n - 2], arb_intern(g, "charge", 6), 3) == ARB_OK);
    card_at(g, lib->cards[lib->n - 4])->attached_to = lib->cards[0];
    card_at(g, lib->cards[lib->n - 3])->bcontroller = 1;
    CHECK(arb_draw_n(g, 1, 0, &drawn) == ARB_OK);
  }
  {
    size_t mark = arb_mark(b);
    CHECK(arb_draw_n(b, 0, n, &drawn) == ARB_OK && drawn == (n < 12 ? n : 12));
    CHECK(zone(b, 0, ARB_HAND)->n == drawn && b->players[0].draws_this_turn == drawn);
    arb_rollback(b, mark);
  }
  CHECK(arb_state_hash(a, 1) == arb_state_hash(b, 1));
  CHECK(a->cards.n == b->cards.n && same_bytes(a->cards.p, b->cards.p, sizeof(arb_card) * (size_t)a->cards.n));
  CHECK(a->history.n == b->history.n);
  CHECK(same_bytes(a->players, b->players, sizeof(arb_player) * 2));
  CHECK(a->ts == b->ts && a->counters.n == b->counters.n &&
        same_bytes(a->counters.p, b->counters.p, sizeof(arb_counter_rec) * (size_t)a->counters.n));
  for (k = 0; k < a->nzones; k++)
    CHECK(a->zones[k].n == b->zones[k].n &&
          same_bytes(a->zones[k].cards, b->zones[k].cards, sizeof(int32_t) * (size_t)a->zones[k].n));
  for (k = 0; k < 2; k++) arb_game_free(gs[k]);
}

int main(void) {
  tmem m = {0, 0, 0};
  arb_game *g = new_game(&m, 40);
  arb_zone *lib = zone(g, 0, ARB_LIBRARY), *hand = zone(g, 0, ARB_HAND);
  int drawn, top = lib->cards[lib->n - 1], second = lib->cards[lib->n - 2], id;
  uint64_t h = arb_state_hash(g, 1);
  size_t mark;

  /* every allocation fails: a clean ENOMEM, nothing changed */
  m.fail_in = 1; m.fail_n = 1000;
  CHECK(arb_draw_n(g, 0, 3, &drawn) == ARB_ENOMEM && drawn == 0);
  CHECK(arb_state_hash(g, 1) == h && hand->n == 0 && lib->n == 40);
  CHECK(arb_history_len(g) == 0);
  m.fail_in = 0; m.fail_n = 0;

  /* the whole-library reservation fails once: the exact need is enough */
  m.fail_in = 1; m.fail_n = 1; m.failures = 0;
  CHECK(arb_draw_n(g, 0, 2, &drawn) == ARB_OK && drawn == 2);
  CHECK(m.failures == 1);
  CHECK(hand->n == 2 && lib->n == 38 && arb_history_len(g) == 2);
  CHECK(hand->cards[0] == top && hand->cards[1] == second);      /* 423.1: in library order */
  CHECK(arb_history_get(g, 0)->type == ARB_EV_DRAW && arb_history_get(g, 0)->card == top);
  m.fail_in = 0; m.fail_n = 0;

  /* a run of single draws: after the first, no allocation at all */
  CHECK(arb_draw_n(g, 0, 1, &drawn) == ARB_OK && drawn == 1);
  m.fail_in = 1; m.fail_n = 1000; m.failures = 0;
  for (id = 0; id < 10; id++) CHECK(arb_draw_n(g, 0, 1, &drawn) == ARB_OK && drawn == 1);
  CHECK(m.failures == 0 && hand->n == 13);
  m.fail_in = 0; m.fail_n = 0;

  /* inside a mark: journaled; a failure part way rolls back to its own mark */
  mark = arb_mark(g);
  /* the journal's first block (journal.c's JOURNAL_START entries) nearly full of changes that
  ** change nothing (the RNG set to what it is), so that it must grow after two draws (two
  ** entries each: J_DRAW and the history's) */
  CHECK(arb_journal_push(g, J_RNG, 0, 0, (int64_t)g->rng) == ARB_OK);
  while (arb_journal_len(g) + 4 < arb_journal_room(g))
    CHECK(arb_journal_push(g, J_RNG, 0, 0, (int64_t)g->rng) == ARB_OK);
  CHECK(arb_journal_room(g) >= 64 && arb_journal_len(g) + 4 == arb_journal_room(g));
  h = arb_state_hash(g, 1);
  m.fail_in = 1; m.fail_n = 1000;              /* the journal grows after two draws, and fails */
  CHECK(arb_draw_n(g, 0, 20, &drawn) == ARB_ENOMEM && drawn == 0);
  CHECK(arb_state_hash(g, 1) == h && hand->n == 13 && lib->n == 27);
  m.fail_in = 0; m.fail_n = 0;
  CHECK(arb_draw_n(g, 0, 5, &drawn) == ARB_OK && drawn == 5 && hand->n == 18);
  arb_rollback(g, mark);                        /* the outer mark still undoes it */
  CHECK(arb_state_hash(g, 1) == h && hand->n == 13);

  /* 423.4: more draws than cards: the rest draw nothing and mark the player */
  CHECK(arb_draw_n(g, 0, 30, &drawn) == ARB_OK && drawn == 27);
  CHECK(lib->n == 0 && hand->n == 40 && arb_player_get(g, 0)->drew_empty == 1);
  CHECK(arb_draw_n(g, 0, 0, &drawn) == ARB_OK && drawn == 0);

  /* something listens to draws: not for this path */
  CHECK(arb_effect_add(g, ARB_FX_OBSERVER, ARB_EV_DRAW, 0, -1, -1, &id) == ARB_OK);
  CHECK(arb_hooked(g, ARB_EV_DRAW) && !arb_hooked(g, ARB_EV_DISCARD));
  CHECK(arb_draw_n(g, 1, 1, &drawn) == ARB_EARG);
  CHECK(arb_effect_remove(g, id) == ARB_OK && !arb_hooked(g, ARB_EV_DRAW));

  arb_game_free(g);

  /* arb_draw_reserve: journaled draws inside a mark then allocate nothing (the hand, the
  ** history and the journal have their room), and the reservation itself changes nothing */
  g = new_game(&m, 30);
  h = arb_state_hash(g, 1);
  mark = arb_mark(g);
  arb_draw_reserve(g, 0, 10);
  CHECK(arb_state_hash(g, 1) == h && arb_journal_len(g) == 0);
  m.fail_in = 1; m.fail_n = 1000; m.failures = 0;
  for (id = 0; id < 10; id++) CHECK(arb_draw(g, 0, &top) == ARB_OK && top >= 0);
  CHECK(m.failures == 0 && zone(g, 0, ARB_HAND)->n == 10);
  m.fail_in = 0; m.fail_n = 0;
  arb_rollback(g, mark);
  CHECK(arb_state_hash(g, 1) == h && zone(g, 0, ARB_HAND)->n == 0);
  arb_game_free(g);

  same_as_single_draws(1, 0);
  same_as_single_draws(5, 0);
  same_as_single_draws(5, 1);
  same_as_single_draws(20, 0);                  /* past the library: 423.4 after the run */
  undone_draws_leave_nothing(1);
  undone_draws_leave_nothing(6);                /* plain cards and the others, in turn */
  undone_draws_leave_nothing(20);               /* and an empty library's draws (423.4) */
  printf("draw_test: %d passed, %d failed\n", passed, failed);
  return failed != 0;
}
