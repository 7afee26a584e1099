/*
** text.c — text-changing effects (the era's 418.5a layer 3: after copy and control effects,
** before type-changing ones): "change the text of target spell or permanent by replacing all
** instances of one color word with another" (Sleight of Mind) or "of one basic land type with
** another" (Magical Hack).
**
** The words: the five color words and the five basic land types (ARB_NWORDS). A card's text
** holds the words its definition names (`words = {color = "black"}`: what its script reads as
** card.words.color) and the parameters of its printed keywords ("protection from black",
** "swampwalk", "snow swampwalk"). A text-changing effect maps words to words; its layer composes
** the effects in timestamp order into the card's c->text (what word i of its printed text reads
** now) and rewrites the parameters of the abilities its text gives it (the printed or copied
** ones: the copy layer came first, so a copy has the copied card's words and then its own
** changes, 503/706). Abilities other effects grant are those effects' sources' text: a static
** ability of a permanent whose text changed grants what its text says now
** (arb_text_ability: White Ward's "protection from white" read "protection from black").
** The effect ends, the text is what it was: c->text is part of the characteristics cache.
*/
#include <ctype.h>
#include <string.h>
#include "game.h"

static const char *const names[ARB_NWORDS] = {
  "white", "blue", "black", "red", "green", "Plains", "Island", "Swamp", "Mountain", "Forest"
};

const char *arb_word_name(int i) { return i >= 0 && i < ARB_NWORDS ? names[i] : "?"; }

/* Word w's name as an interned string (a land type: a subtype), -1 when none is interned yet;
** remembered (the layers ask it for every permanent a land-word filter judges: static.c). */
int arb_word_str(arb_game *g, int w) {
  return arb_find_str_cached(g, &g->word_str[w], &g->word_scan[w], names[w]);
}

int arb_word_index(const char *s, size_t n) {
  int i;
  size_t k;
  for (i = 0; i < ARB_NWORDS; i++) {
    if (strlen(names[i]) != n) continue;
    for (k = 0; k < n && tolower((unsigned char)s[k]) == tolower((unsigned char)names[i][k]); k++) ;
    if (k == n) return i;
  }
  return -1;
}

int arb_text_word(const arb_card *c, int i) {
  int v = (c->text[i >> 1] >> ((i & 1) * 4)) & 15;
  return v ? v - 1 : i;
}

/* word i reads word w + 1 now (v: w + 1, 1 to ARB_NWORDS: 4 bits) */
static void set_word(arb_card *c, int i, int v) {
  int shift = (i & 1) * 4;
  c->text[i >> 1] = (uint8_t)((c->text[i >> 1] & ~(15 << shift)) | v << shift);
}

/* The word a land-type parameter (an interned name) is, or -1. */
static int land_word(const arb_game *g, int sub) {
  const char *s = arb_str(g, sub);
  int i = arb_word_index(s, strlen(s));
  return i >= ARB_WORD_LAND ? i : -1;
}

/* The color word of a one-color protection parameter, or -1. */
static int color_word(int param) {
  int i;
  for (i = 0; i < ARB_WORD_LAND; i++)
    if (param == (1 << i)) return i;
  return -1;
}

/* The word an ability's parameter is (protection from a color, landwalk), or -1. */
static int ability_word(const arb_game *g, const arb_ability *a) {
  if (a->kind == ARB_AB_PROTECTION) return color_word(a->param);
  if (a->kind == ARB_AB_LANDWALK || a->kind == ARB_AB_SNOW_LANDWALK) return land_word(g, a->param);
  return -1;
}

/* The ability with its word replaced by word w (a land type's name is interned as an effect
** naming it begins: lstatic.c; not found, the ability stays as it is). */
static arb_ability with_word(arb_game *g, arb_ability a, int w) {
  if (a.kind == ARB_AB_PROTECTION) a.param = (uint16_t)(1 << w);
  else {
    int id = arb_word_str(g, w);
    if (id >= 0) a.param = (uint16_t)id;
  }
  return a;
}

unsigned arb_text_words(arb_game *g, const arb_card *c) {
  const arb_card *p = arb_printed(g, c);
  const arb_ability *a = arb_card_babil(g, p);
  unsigned printed = p->bwords, out = 0;
  int i;
  for (i = 0; i < p->nbabil; i++) {
    int w = ability_word(g, &a[i]);
    if (w >= 0) printed |= 1u << w;
  }
  if (c->facedown) return 0;                        /* 504.1: no text */
  for (i = 0; i < ARB_NWORDS; i++)
    if ((printed >> i) & 1) out |= 1u << arb_text_word(c, i);
  return out;
}

void arb_text_apply(arb_game *g, const arb_static *st, arb_card *c) {
  int i;
  if (c->facedown) return;
  for (i = 0; i < ARB_NWORDS; i++) {          /* the text as it reads now, then this change */
    int now = arb_text_word(c, i);
    if (st->words[now]) set_word(c, i, st->words[now]);
  }
  for (i = 0; i < c->nabil; i++) {             /* its own abilities (printed or copied) */
    int w = ability_word(g, &c->abil[i]);
    if (w >= 0 && st->words[w]) c->abil[i] = with_word(g, c->abil[i], st->words[w] - 1);
  }
}

/* The source whose text a static ability's effect follows: the permanent whose install made it
** (static_ability: it lasts while that permanent stays), if an effect changed its text; else NULL.
** An effect an activated or triggered ability made keeps the words it was made with (the script
** read them as it resolved). */
static const arb_card *text_source(arb_game *g, const arb_static *st) {
  const arb_card *s;
  int i;
  if (!st->static_ability || st->source < 0) return NULL;
  s = card_at(g, st->source);
  for (i = 0; i < (int)sizeof s->text; i++)
    if (s->text[i]) return s;
  return NULL;
}

arb_ability arb_text_ability(arb_game *g, const arb_static *st, arb_ability a) {
  const arb_card *s = text_source(g, st);
  int w;
  if (!s || (w = ability_word(g, &a)) < 0) return a;
  return with_word(g, a, arb_text_word(s, w));
}

int arb_text_subtype(arb_game *g, const arb_static *st, int sub) {
  const arb_card *s = text_source(g, st);
  int w, id;
  if (!s || (w = land_word(g, sub)) < 0) return sub;
  w = arb_text_word(s, w);
  id = arb_word_str(g, w);
  return id >= 0 ? id : sub;
}

int arb_text_colors(arb_game *g, const arb_static *st, int colors) {
  const arb_card *s = text_source(g, st);
  int i, out = 0;
  if (!s) return colors;
  for (i = 0; i < ARB_WORD_LAND; i++)
    if ((colors >> i) & 1) out |= 1 << arb_text_word(s, i);
  return out;
}
