/*
** ability.c — the ability vocabulary (docs/API.md, "Ability vocabulary"):
** strings, case-insensitive, parsed once into (kind, parameter). Older
** wordings ("... each turn") are aliases of the same kinds. Landwalk
** (502.6) takes a land subtype as its parameter: "islandwalk",
** "snow swampwalk"; "legendary landwalk" and "nonbasic landwalk" are
** supertype landwalks. Parameterized combat wordings: "can't be blocked
** except by N or more creatures" (N a number word or digits, 1-1000; menace
** is N = 2), "attacks player N each combat if able" (N: the player's number,
** 1 = g.players[1]) and "blocks creature N each combat if able" (N: the
** attacker's card id; g:require_block/g:require_attack grant these).
** "protection from <quality>" (502.7): protection.c.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "game.h"

typedef struct { const char *name; int kind; } entry;

static const entry words[] = {
  {"flying", ARB_AB_FLYING}, {"reach", ARB_AB_REACH},
  {"shadow", ARB_AB_SHADOW}, {"fear", ARB_AB_FEAR},
  {"horsemanship", ARB_AB_HORSEMANSHIP},
  {"first strike", ARB_AB_FIRST_STRIKE},
  {"double strike", ARB_AB_DOUBLE_STRIKE}, {"haste", ARB_AB_HASTE},
  {"defender", ARB_AB_DEFENDER}, {"trample", ARB_AB_TRAMPLE},
  {"vigilance", ARB_AB_VIGILANCE}, {"flanking", ARB_AB_FLANKING},
  {"legendary landwalk", ARB_AB_LEGENDARY_LANDWALK},
  {"nonbasic landwalk", ARB_AB_NONBASIC_LANDWALK},
  {"can't attack", ARB_AB_CANT_ATTACK}, {"can't block", ARB_AB_CANT_BLOCK},
  {"can't attack alone", ARB_AB_CANT_ATTACK_ALONE},
  {"can't block alone", ARB_AB_CANT_BLOCK_ALONE},
  {"can't be blocked", ARB_AB_UNBLOCKABLE},
  {"can't be blocked by more than one creature", ARB_AB_MAX_ONE_BLOCKER},
  {"can block only creatures with flying", ARB_AB_BLOCK_ONLY_FLYING},
  {"can block only creatures with shadow", ARB_AB_BLOCK_ONLY_SHADOW},
  {"can block creatures with shadow as though it had shadow", ARB_AB_BLOCK_AS_SHADOW},
  {"can block as though it had shadow", ARB_AB_BLOCK_AS_SHADOW},
  {"can block an additional creature", ARB_AB_BLOCK_ADDITIONAL},
  {"can block any number of creatures", ARB_AB_BLOCK_ANY_NUMBER},
  {"no more than one creature can attack each combat", ARB_AB_ONE_ATTACKER_LIMIT},
  {"no more than one creature can attack each turn", ARB_AB_ONE_ATTACKER_LIMIT},
  {"no more than one creature can block each combat", ARB_AB_ONE_BLOCKER_LIMIT},
  {"no more than one creature can block each turn", ARB_AB_ONE_BLOCKER_LIMIT},
  {"attacks each combat if able", ARB_AB_ATTACKS_IF_ABLE},
  {"attacks each turn if able", ARB_AB_ATTACKS_IF_ABLE},
  {"blocks each combat if able", ARB_AB_BLOCKS_IF_ABLE},
  {"blocks each turn if able", ARB_AB_BLOCKS_IF_ABLE},
  {"lure", ARB_AB_LURE},
  {"all creatures able to block this creature do so", ARB_AB_LURE},
  {"must be blocked if able", ARB_AB_MUST_BE_BLOCKED},
  {"indestructible", ARB_AB_INDESTRUCTIBLE},
  {"banding", ARB_AB_BANDING},                 /* 502.10: combat.c */
  {"blocks each attacking creature if able", ARB_AB_BLOCKS_EACH_IF_ABLE},
  {"blocks each attacking creature each combat if able", ARB_AB_BLOCKS_EACH_IF_ABLE},
  {"can attack as though it didn't have defender", ARB_AB_ATTACKS_AS_NO_DEFENDER},
  {"can attack as though it weren't a wall", ARB_AB_ATTACKS_AS_NO_DEFENDER},   /* destroy.c */
  {"comes into play tapped", ARB_AB_ENTERS_TAPPED},   /* zone.c */
  {"enters the battlefield tapped", ARB_AB_ENTERS_TAPPED},
  {"can't be regenerated", ARB_AB_CANT_REGEN},   /* destroy.c */
  {"can attack as though it had haste", ARB_AB_ATTACK_AS_HASTE},   /* combat.c */
  {NULL, 0}
};

/* "<type>walk" with type a single word of letters, other than "land". */
static int landwalk(arb_game *g, const char *s, size_t n, int *param) {
  char buf[64];
  size_t i, k = n - 4;
  if (n <= 4 || n - 4 >= sizeof buf || strcmp(s + k, "walk") != 0) return -1;
  for (i = 0; i < k; i++)
    if (!isalpha((unsigned char)s[i])) return -1;
  if (k == 4 && memcmp(s, "land", 4) == 0) return -1;
  memcpy(buf, s, k);
  buf[0] = (char)toupper((unsigned char)buf[0]);
  if (!g) { *param = 0; return 0; }   /* only checking the word */
  *param = arb_intern(g, buf, k);
  return *param < 0 ? -1 : 0;
}

static const char *const numbers[] = {
  "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
  "eighteen", "nineteen", "twenty", NULL
};

/* A count as a word ("three") or digits ("12"), in [lo, hi]; -1 if not. */
static int number(const char *s, size_t n, int lo, int hi) {
  int i, v = 0;
  for (i = 0; numbers[i]; i++)
    if (strlen(numbers[i]) == n && memcmp(numbers[i], s, n) == 0) { v = i; goto range; }
  if (n == 0 || n > 6) return -1;
  for (i = 0; i < (int)n; i++) {
    if (!isdigit((unsigned char)s[i])) return -1;
    v = v * 10 + (s[i] - '0');
  }
range:
  return v >= lo && v <= hi ? v : -1;
}

/* "<pre><number><post>": the number in [lo, hi], or -1. */
static int between(const char *s, size_t n, const char *pre, const char *post, int lo, int hi) {
  size_t a = strlen(pre), b = strlen(post);
  if (n <= a + b || memcmp(s, pre, a) != 0 || strcmp(s + n - b, post) != 0) return -1;
  return number(s + a, n - a - b, lo, hi);
}

/* The parameterized combat wordings; 0 when s is one of them. */
static int combat_words(const char *s, size_t n, int *kind, int *param) {
  static const struct { const char *pre, *post; int kind, lo, hi; } forms[] = {
    {"can't be blocked except by ", " or more creatures", ARB_AB_MENACE, 1, 1000},
    {"attacks player ", " each combat if able", ARB_AB_ATTACKS_PLAYER_IF_ABLE, 1, 64},
    {"attacks player ", " each turn if able", ARB_AB_ATTACKS_PLAYER_IF_ABLE, 1, 64},
    {"blocks creature ", " each combat if able", ARB_AB_BLOCKS_CREATURE_IF_ABLE, 0, 65535},
    {"blocks creature ", " each turn if able", ARB_AB_BLOCKS_CREATURE_IF_ABLE, 0, 65535},
  };
  size_t i;
  for (i = 0; i < sizeof forms / sizeof forms[0]; i++) {
    int v = between(s, n, forms[i].pre, forms[i].post, forms[i].lo, forms[i].hi);
    if (v < 0) continue;
    *kind = forms[i].kind;
    *param = forms[i].kind == ARB_AB_ATTACKS_PLAYER_IF_ABLE ? v - 1 : v;
    return 0;
  }
  return -1;
}

int arb_ability_parse(arb_game *g, const char *s, size_t len, int *kind,
                      int *param) {
  char low[128];
  size_t i;
  if (len == 0 || len >= sizeof low) return -1;
  for (i = 0; i < len; i++) {
    low[i] = (char)tolower((unsigned char)s[i]);
    if (low[i] == '\0') return -1;
  }
  low[len] = '\0';
  *param = 0;
  for (i = 0; words[i].name; i++)
    if (strcmp(words[i].name, low) == 0) { *kind = words[i].kind; return 0; }
  if (combat_words(low, len, kind, param) == 0) return 0;
  if (arb_protection_parse(low, len, param) == 0) { *kind = ARB_AB_PROTECTION; return 0; }
  if (len > 5 && memcmp(low, "snow ", 5) == 0) {
    *kind = ARB_AB_SNOW_LANDWALK;
    return landwalk(g, low + 5, len - 5, param);
  }
  *kind = ARB_AB_LANDWALK;
  return landwalk(g, low, len, param);
}

void arb_ability_name(const arb_game *g, int kind, int param, char *buf,
                      size_t n) {
  int i;
  if (kind == ARB_AB_LANDWALK || kind == ARB_AB_SNOW_LANDWALK) {
    char sub[64];
    size_t k;
    snprintf(sub, sizeof sub, "%s", arb_str(g, param));
    for (k = 0; sub[k]; k++) sub[k] = (char)tolower((unsigned char)sub[k]);
    snprintf(buf, n, "%s%swalk", kind == ARB_AB_SNOW_LANDWALK ? "snow " : "", sub);
    return;
  }
  if (kind == ARB_AB_MENACE) {
    if (param <= 20) snprintf(buf, n, "can't be blocked except by %s or more creatures", numbers[param]);
    else snprintf(buf, n, "can't be blocked except by %d or more creatures", param);
    return;
  }
  if (kind == ARB_AB_PROTECTION) {
    snprintf(buf, n, "protection from %s", arb_protection_quality(param));
    return;
  }
  if (kind == ARB_AB_GRANTED) {
    snprintf(buf, n, "activated ability granted by effect %d", param);
    return;
  }
  if (kind == ARB_AB_ATTACKS_PLAYER_IF_ABLE) {
    snprintf(buf, n, "attacks player %d each combat if able", param + 1);
    return;
  }
  if (kind == ARB_AB_BLOCKS_CREATURE_IF_ABLE) {
    snprintf(buf, n, "blocks creature %d each combat if able", param);
    return;
  }
  for (i = 0; words[i].name; i++)
    if (words[i].kind == kind) { snprintf(buf, n, "%s", words[i].name); return; }
  snprintf(buf, n, "?");
}
