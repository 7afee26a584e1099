/*
** protection.c — protection from a quality (CompRules 502.7), a keyword of the
** vocabulary: "protection from <color>" (white, blue, black, red, green) or
** "protection from <card type>" (artifacts, creatures, enchantments, lands,
** instants, sorceries). Its param is the color's ARB_C_* bit, or ARB_PROT_TYPE
** with the type's ARB_T_* bit. 502.7a: a type quality applies to sources with
** that type, on the battlefield or not. A permanent with protection:
**  - can't be targeted by spells with the quality or abilities from sources
**    with it (502.7b: lua/arbiter/stack.lua, through g:_targetable);
**  - can't be enchanted by Auras with it; such an Aura goes to its owner's
**    graveyard as a state-based action (502.7c: attach.c);
**  - any damage sources with the quality would deal it is prevented (502.7e:
**    arb_damage, after the replacements have chosen the damage's target);
**  - can't be blocked by creatures with it (502.7f: combat.c's eligibility,
**    which the combat solver reads).
** Instances of one quality are redundant (502.7g). An effect's `except` (White Ward: "This
** effect doesn't remove White Ward") exempts one object from the protection that effect gives. A player has protection
** through an effect on players (arb_player_protected): spells and abilities
** can't target the player, damage is prevented -- but for that effect's `except` object, as
** for a card's protection. Reads current
** characteristics: callers bring them up to date first.
*/
#include <string.h>
#include "game.h"

static const struct { const char *name; int param; } qualities[] = {
  {"white", ARB_C_WHITE}, {"blue", ARB_C_BLUE}, {"black", ARB_C_BLACK},
  {"red", ARB_C_RED}, {"green", ARB_C_GREEN},
  {"artifacts", ARB_PROT_TYPE | ARB_T_ARTIFACT}, {"creatures", ARB_PROT_TYPE | ARB_T_CREATURE},
  {"enchantments", ARB_PROT_TYPE | ARB_T_ENCHANTMENT}, {"lands", ARB_PROT_TYPE | ARB_T_LAND},
  {"instants", ARB_PROT_TYPE | ARB_T_INSTANT}, {"sorceries", ARB_PROT_TYPE | ARB_T_SORCERY},
};
#define NQUAL (sizeof qualities / sizeof qualities[0])

int arb_protection_parse(const char *s, size_t n, int *param) {
  static const char pre[] = "protection from ";
  size_t i, k = sizeof pre - 1;
  if (n <= k || memcmp(s, pre, k) != 0) return -1;
  for (i = 0; i < NQUAL; i++)
    if (strlen(qualities[i].name) == n - k && memcmp(qualities[i].name, s + k, n - k) == 0) {
      *param = qualities[i].param;
      return 0;
    }
  return -1;
}

const char *arb_protection_quality(int param) {
  size_t i;
  for (i = 0; i < NQUAL; i++)
    if (qualities[i].param == param) return qualities[i].name;
  return "?";
}

/* Does source src have the quality? */
static int has_quality(const arb_card *src, int param) {
  if (param & ARB_PROT_TYPE) return (src->types & param & 0xFF) != 0;
  return (src->colors & param) != 0;
}

/* A player has protection through an effect on players adding it (g:add_static
** {affects = player, abilities = "protection from red"}: no layers, asked here). */
int arb_player_protected(arb_game *g, int player, const arb_card *src, int *yes) {
  int i, k;
  *yes = 0;
  if (!src || !g->nstatic) return ARB_OK;
  for (i = 0; i < g->statics.n && !*yes; i++) {
    const arb_static *st = arb_static_get(g, i);
    const arb_ability *a = static_abil_of(g, st);
    int match = 0;
    if (!st->active || st->players != 1) continue;
    if (arb_static_excepts(st, src)) continue;   /* its except, as for a card's (502.7) */
    for (k = 0; k < st->nabil; k++)
      match |= a[k].kind == ARB_AB_PROTECTION && has_quality(src, a[k].param);
    if (match) {
      int rc = arb_static_affects(g, st, -1, player, yes);
      if (rc) return rc;
    }
  }
  return ARB_OK;
}

/* The instances of protection (param) that effects with an exception naming src give c
** (add_static{except}: "This effect doesn't remove White Ward"); c's marks name them. */
static int excepted(const arb_game *g, const arb_card *c, const arb_card *src, int param) {
  int i, k, n = 0;
  for (i = 0; i < c->nabil; i++) {
    const arb_static *st;
    const arb_ability *a;
    if (c->abil[i].kind != ARB_AB_EXCEPT || c->abil[i].count <= 0) continue;
    st = &((const arb_static *)g->statics.p)[c->abil[i].param];   /* a mark names an effect */
    if (!arb_static_excepts(st, src)) continue;
    a = static_abil_of(g, st);
    for (k = 0; k < st->nabil; k++) {
      arb_ability x = arb_text_ability((arb_game *)g, st, a[k]);   /* as characteristics.c added it */
      if (x.kind == ARB_AB_PROTECTION && x.param == param) n += x.count;
    }
  }
  return n;
}

/* 502.7: protection from a quality, but for the instances whose effect excepts src (each
** instance is one effect's: two White Wards each remove the other). */
int arb_protected_from(const arb_game *g, const arb_card *c, const arb_card *src) {
  int i;
  if (!c || !src) return 0;
  for (i = 0; i < c->nabil; i++)
    if (c->abil[i].kind == ARB_AB_PROTECTION && c->abil[i].count > 0 && has_quality(src, c->abil[i].param) &&
        c->abil[i].count > excepted(g, c, src, c->abil[i].param))
      return 1;
  return 0;
}
