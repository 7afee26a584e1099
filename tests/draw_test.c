/*
 * draw_test.c -- arb_draw_n from C alone (no Lua): the draws the binding
 * makes without a pcall when nothing listens to draws. Atomic by itself:
 * at top level it reserves first (the whole library, else the exact need)
 * and journals nothing; inside a mark it journals and rolls back to its own
 * mark. Checked with an allocator that fails on demand: every failure
 * leaves the state hash unchanged (422), a failed "whole library"
 * reservation falls back to the need; 423.1 (top card first), 423.4 (an
 * empty library draws nothing), ARB_EARG when something listens.
 * Prints "N passed, N failed" last; exit status nonzero on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arbiter.h"

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
  h = arb_state_hash(g, 1);
  m.fail_in = 3; m.fail_n = 1000;              /* the journal grows, then fails */
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
  printf("draw_test: %d passed, %d failed\n", passed, failed);
  return failed != 0;
}
