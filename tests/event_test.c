/*
 * event_test.c -- the event pipeline from C alone (no Lua): replacement
 * effects written in C (built-in rules) go through the same code as the
 * host's: 614.5 (an effect applies once to an event and what replaces it:
 * "draw two instead" doesn't recurse), the affected player's choice among
 * several, 423.6a (a draw replacement applies with an empty library), the
 * journal (rollback restores the state hash), clones; triggers written in C
 * (a count per event, resolution at settle) and arb_host_free; the state hash holds a
 * player's leaving (600.4a); a word's interned name remembered (text.c arb_word_str) through
 * strings forgotten by a refused call (arb_strings_truncate).
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

static void *talloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud; (void)osize;
  if (nsize == 0) { free(ptr); return NULL; }
  return realloc(ptr, nsize);
}

/* ---- three built-in replacements ---- */
static int for_player(arb_game *g, const arb_effect *fx, const arb_event *ev, int *yes) {
  (void)g;
  *yes = ev->player == fx->controller;
  return ARB_OK;
}
static int gain_instead(arb_game *g, const arb_effect *fx, arb_event *ev, int *replaced) {
  *replaced = 1;
  return arb_life_change(g, ev->player, fx->ref);      /* ref: how much life */
}
static int draw_two(arb_game *g, const arb_effect *fx, arb_event *ev, int *replaced) {
  int c, rc;
  (void)fx;
  *replaced = 1;
  if ((rc = arb_draw(g, ev->player, &c))) return rc;
  return arb_draw(g, ev->player, &c);
}
static const arb_creplacement GAIN = {for_player, gain_instead, "gain instead"};
static const arb_creplacement TWO = {for_player, draw_two, "draw two instead"};

/* ---- a built-in trigger: whenever its controller draws, they gain ref life,
** twice per draw (a count) ---- */
static int drew(arb_game *g, const arb_effect *fx, const arb_event *ev, int *count) {
  (void)g;
  *count = ev->player == fx->controller ? 2 : 0;
  return ARB_OK;
}
static int gain(arb_game *g, const arb_effect *fx, const arb_event *ev) {
  return arb_life_change(g, ev->player, fx->ref);
}
static const arb_ctrigger GAIN_ON_DRAW = {drew, gain, "gain on draw"};

static int picks[8], npicks, pick_index;
static int choose(void *ud, arb_game *g, int player, const int32_t *ids, int n,
                  const arb_event *ev, int *pick) {
  (void)ud; (void)g; (void)ids; (void)ev;
  if (npicks < 8) picks[npicks++] = player * 100 + n;
  *pick = pick_index < n ? pick_index : 0;
  return ARB_OK;
}

/* a host trigger's condition: always met (the trigger waits for its ability to go on the stack) */
static int always(void *ud, arb_game *g, const arb_effect *fx, const arb_event *ev, int *yes) {
  (void)ud; (void)g; (void)fx; (void)ev;
  *yes = 1;
  return ARB_OK;
}

static arb_game *new_game(int library) {
  int sizes[2] = {1, 1}, i, id;
  arb_hooks h;
  arb_card proto;
  arb_game *g = arb_game_new(talloc, NULL, 7, sizes, 2, 20);
  memset(&h, 0, sizeof h);
  h.choose_replacement = choose;
  arb_set_hooks(g, &h);
  memset(&proto, 0, sizeof proto);
  for (i = 0; i < library; i++)
    arb_card_new(g, &proto, 0, arb_zone_id(g, 0, ARB_LIBRARY), 1, &id);
  return g;
}

static int hand(arb_game *g, int p) { return arb_zone_get(g, arb_zone_id(g, p, ARB_HAND))->n; }
static int life(arb_game *g, int p) { return arb_team_get(g, arb_player_get(g, p)->team)->life; }

int main(void) {
  arb_game *g, *c;
  int id, id2, card;
  uint64_t h;
  size_t mark;

  /* 614.5: draw two instead, its own draws are not replaced again */
  g = new_game(10);
  CHECK(arb_replacement_add_c(g, ARB_EV_DRAW, &TWO, 0, -1, 0, &id) == ARB_OK);
  CHECK(arb_effect_get(g, id)->builtin == 1);
  CHECK(arb_draw(g, 0, &card) == ARB_OK);
  CHECK(card == -1 && hand(g, 0) == 2);
  CHECK(arb_history_len(g) == 2);
  CHECK(arb_draw(g, 1, &card) == ARB_OK && hand(g, 1) == 0);   /* not Bob's: empty library */
  CHECK(arb_player_get(g, 1)->drew_empty == 1);

  /* several apply: the affected player chooses; the other still applies once */
  mark = arb_mark(g);
  h = arb_state_hash(g, 1);
  CHECK(arb_replacement_add_c(g, ARB_EV_DRAW, &GAIN, 3, -1, 0, &id2) == ARB_OK);
  npicks = 0;
  pick_index = 1;                         /* GAIN first: replaced entirely */
  CHECK(arb_draw(g, 0, &card) == ARB_OK);
  CHECK(npicks == 1 && picks[0] == 0 * 100 + 2);
  CHECK(life(g, 0) == 23 && hand(g, 0) == 2);
  pick_index = 0;                         /* TWO first: each of its draws meets GAIN once */
  CHECK(arb_draw(g, 0, &card) == ARB_OK);
  CHECK(life(g, 0) == 29 && hand(g, 0) == 2);

  /* the journal undoes it all */
  arb_rollback(g, mark);
  CHECK(arb_state_hash(g, 1) == h);
  CHECK(life(g, 0) == 20 && hand(g, 0) == 2);
  CHECK(arb_effect_get(g, id2) == NULL);

  /* 423.6a: a replacement of a draw applies with an empty library */
  {
    arb_game *e = new_game(0);
    CHECK(arb_replacement_add_c(e, ARB_EV_DRAW, &GAIN, 1, -1, 0, &id) == ARB_OK);
    CHECK(arb_draw(e, 0, &card) == ARB_OK);
    CHECK(life(e, 0) == 21 && arb_player_get(e, 0)->drew_empty == 0);
    arb_game_free(e);
  }

  /* a clone shares the functions, not the state */
  c = arb_game_clone(g);
  CHECK(c != NULL && arb_state_hash(c, 1) == arb_state_hash(g, 1));
  CHECK(arb_draw(c, 0, &card) == ARB_OK && hand(c, 0) == 4 && hand(g, 0) == 2);
  CHECK(arb_state_hash(c, 1) != arb_state_hash(g, 1));
  arb_game_free(c);
  arb_game_free(g);

  /* a built-in trigger waits, then resolves at settle; only built-in triggers
  ** active: no host code can run (arb_host_free), and the journal keeps the count */
  g = new_game(10);
  CHECK(arb_host_free(g) == 1);
  CHECK(arb_trigger_add_c(g, ARB_EV_DRAW, &GAIN_ON_DRAW, 1, -1, 0, &id) == ARB_OK);
  CHECK(arb_effect_get(g, id)->builtin == 1 && arb_host_free(g) == 1);
  CHECK(arb_draw(g, 0, &card) == ARB_OK && arb_nwaiting(g) == 2 && life(g, 0) == 20);
  CHECK(arb_settle(g) == ARB_OK && arb_nwaiting(g) == 0 && life(g, 0) == 22);
  CHECK(arb_draw(g, 1, &card) == ARB_OK && arb_nwaiting(g) == 0);   /* not its controller */
  mark = arb_mark(g);
  CHECK(arb_replacement_add_c(g, ARB_EV_DRAW, &GAIN, 3, -1, 0, &id2) == ARB_OK);
  CHECK(arb_host_free(g) == 0);           /* a replacement may ask the host to choose */
  arb_rollback(g, mark);
  CHECK(arb_host_free(g) == 1);
  mark = arb_mark(g);
  CHECK(arb_effect_add(g, ARB_FX_OBSERVER, ARB_EV_DRAW, 0, -1, -1, &id2) == ARB_OK);
  CHECK(arb_host_free(g) == 0);
  CHECK(arb_effect_remove(g, id2) == ARB_OK && arb_host_free(g) == 1);
  arb_rollback(g, mark);
  CHECK(arb_host_free(g) == 1 && arb_effect_get(g, id2) == NULL);
  CHECK(arb_effect_remove(g, id) == ARB_OK && arb_host_free(g) == 1);
  CHECK(arb_draw(g, 0, &card) == ARB_OK && arb_nwaiting(g) == 0);   /* removed: no trigger */
  /* a host trigger's ability waiting (and then on the stack) resolves through host code even
  ** once its effect ended (its source left: 603.3, 603.4 of the era); state triggers ask the
  ** host at every settle (hooks.state). Neither is host-free */
  {
    arb_hooks h;
    memset(&h, 0, sizeof h);
    h.choose_replacement = choose;
    h.condition = always;
    arb_set_hooks(g, &h);
  }
  mark = arb_mark(g);
  CHECK(arb_effect_add(g, ARB_FX_TRIGGER, ARB_EV_DRAW, 0, -1, -1, &id2) == ARB_OK);
  CHECK(arb_draw(g, 0, &card) == ARB_OK && arb_nwaiting(g) == 1);
  CHECK(arb_effect_remove(g, id2) == ARB_OK && arb_host_free(g) == 0);
  arb_rollback(g, mark);
  CHECK(arb_host_free(g) == 1);
  arb_state_triggers_on(g);
  CHECK(arb_host_free(g) == 0);
  arb_game_free(g);

  /* 600.4a: a player's leaving is in the state hash (a replay must tell a player gone with its
  ** cards from one only marked lost); a game where no one left hashes as it always did */
  {
    arb_game *m = new_game(0);
    uint64_t h0 = arb_state_hash(m, 1), h1, h2;
    arb_player_get(m, 1)->lost = 1;
    h1 = arb_state_hash(m, 1);
    arb_player_get(m, 1)->left = 1;
    h2 = arb_state_hash(m, 1);
    CHECK(h1 != h0 && h2 != h1 && h2 != h0);
    arb_player_get(m, 1)->left = 0;
    CHECK(arb_state_hash(m, 1) == h1);
    arb_game_free(m);
  }

  /* a land word's name, remembered once found or missed (the layers ask it for every permanent):
  ** strings forgotten by a refused call take their answers with them, found or missed */
  {
    arb_game *m = new_game(0);
    int n0 = arb_nstrings(m), fi;
    CHECK(arb_word_str(m, 9) == -1);                       /* "Forest": not interned */
    fi = arb_intern(m, "Forest", 6);
    CHECK(fi >= 0 && arb_word_str(m, 9) == fi);            /* interned since the miss: found */
    arb_strings_truncate(m, n0);                           /* a refused call's strings forgotten */
    CHECK(arb_word_str(m, 9) == -1);
    arb_intern(m, "Plains", 6);                            /* as many strings as when it was found */
    CHECK(arb_nstrings(m) == n0 + 1 && arb_word_str(m, 9) == -1);
    arb_strings_truncate(m, n0);
    CHECK(arb_word_str(m, 9) == -1);                       /* missed among forgotten strings */
    fi = arb_intern(m, "Forest", 6);
    CHECK(arb_nstrings(m) == n0 + 1 && arb_word_str(m, 9) == fi);
    arb_game_free(m);
  }

  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
