/*
 * intern_test.c -- arb_intern's index (game.c: made once a game has interned many) answers as
 * the scan does: every name its first index, a new one the next, names alike in their first
 * letter or as prefixes told apart; after arb_strings_truncate (a bad definition read) the
 * forgotten names are new again; a clone interns on its own (its original's index untouched).
 * Checked against arb_find_str, the scan. No memory for the index: -1 (as for a new string), nothing
 * interned, and the next call makes it (a new game's first call, a clone's 64th). Prints "N passed, N failed" last.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"

static int passed, failed;
#define CHECK(c) check_((c), #c, __LINE__)
static void check_(int ok, const char *what, int line) {
  if (ok) passed++;
  else if (++failed < 20) printf("FAIL line %d: %s\n", line, what);
}

static int failing;   /* every allocation fails while set */
static void *talloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud; (void)osize;
  if (nsize == 0) { free(ptr); return NULL; }
  if (failing) return NULL;
  return realloc(ptr, nsize);
}

/* name i: "n", "nn", ... prefixes of one another for small i, else "n<i>" (all start alike) */
static const char *name(int i, char *buf) {
  if (i < 20) { memset(buf, 'n', (size_t)i + 1); buf[i + 1] = '\0'; }
  else sprintf(buf, "n%d", i);
  return buf;
}

static int intern_name(arb_game *g, int i) {
  char buf[32];
  name(i, buf);                         /* (before strlen: arguments are evaluated in any order) */
  return arb_intern(g, buf, strlen(buf));
}

/* names from..to-1 interned in order get indexes base, base + 1, ...; again: the same */
static void intern_run(arb_game *g, int from, int to, int base) {
  char buf[32];
  int i;
  for (i = from; i < to; i++) {
    name(i, buf);
    CHECK(arb_intern(g, buf, strlen(buf)) == base + i - from);
  }
  for (i = to - 1; i >= from; i--) {
    name(i, buf);
    CHECK(arb_intern(g, buf, strlen(buf)) == base + i - from);
    CHECK(arb_find_str(g, buf, strlen(buf)) == base + i - from);
  }
  CHECK(arb_nstrings(g) == base + to - from);
}

int main(void) {
  int sizes[2] = {1, 1}, i;
  arb_game *g = arb_game_new(talloc, NULL, 7, sizes, 2, 20), *c;
  int n0 = arb_nstrings(g);
  intern_run(g, 0, 600, n0);                  /* the index made, grown twice */
  CHECK(arb_intern(g, "n", 0) == arb_find_str(g, "", 0));   /* "" is a name too */
  CHECK(arb_intern(g, "nnx", 3) == arb_nstrings(g) - 1);    /* a prefix's extension is new */

  c = arb_game_clone(g);                      /* the clone scans, then makes its own index */
  for (i = 0; i < 600; i += 7) CHECK(intern_name(c, i) == n0 + i);
  intern_run(c, 1000, 1300, arb_nstrings(g));
  CHECK(arb_find_str(g, "n1000", 5) == -1);   /* not the original's */
  arb_game_free(c);
  for (i = 0; i < 600; i += 3) CHECK(intern_name(g, i) == n0 + i);

  arb_strings_truncate(g, n0 + 100);          /* names 100.. forgotten: new again, in a new order */
  intern_run(g, 400, 700, n0 + 100);
  CHECK(intern_name(g, 100) == n0 + 400);
  for (i = 0; i < 100; i++) CHECK(intern_name(g, i) == n0 + i);
  arb_game_free(g);

  g = arb_game_new(talloc, NULL, 7, sizes, 2, 20);   /* the index's allocation fails: an error */
  CHECK(arb_nstrings(g) == 0);
  failing = 1;
  CHECK(intern_name(g, 3) == -1);
  failing = 0;
  CHECK(arb_nstrings(g) == 0);
  CHECK(intern_name(g, 3) == 0 && intern_name(g, 10) == 1 && intern_name(g, 3) == 0);
  arb_game_free(g);

  g = arb_game_new(talloc, NULL, 7, sizes, 2, 20);   /* a game with no strings makes it at once: */
  for (i = 0; i < 63; i++) CHECK(intern_name(g, i % 10) == i % 10);
  failing = 1;                                 /* the 64th allocates nothing */
  CHECK(intern_name(g, 3) == 3);
  failing = 0;
  arb_game_free(g);

  g = arb_game_new(talloc, NULL, 7, sizes, 2, 20);   /* a clone (it has strings) scans 63 times */
  CHECK(intern_name(g, 0) == 0);
  c = arb_game_clone(g);
  for (i = 0; i < 63; i++) CHECK(intern_name(c, i % 10) == i % 10);
  failing = 1;
  CHECK(intern_name(c, 3) == -1);             /* (the 64th: the index is made, or tried) */
  failing = 0;
  CHECK(arb_nstrings(c) == 10);
  CHECK(intern_name(c, 3) == 3 && intern_name(c, 10) == 10);
  arb_game_free(c);
  arb_game_free(g);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
