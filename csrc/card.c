/*
** card.c — card objects: creation from a prototype (its values are the
** printed, base characteristics), and reading the current characteristics
** (ability instances counted per (kind, parameter)). Changes to them are
** continuous effects (static.c, characteristics.c).
*/
#include <string.h>
#include "game.h"

int arb_ncards(const arb_game *g) { return g->cards.n; }

int32_t arb_last_ts(const arb_game *g) { return g->ts; }

arb_card *arb_card_get(arb_game *g, int id) {
  return id >= 0 && id < g->cards.n ? &ARB_VEC(g->cards, arb_card)[id] : NULL;
}

/* Creates a card from proto in zone (an index into g->zones). One journal entry undoes the
** whole creation (J_CARD_NEW: the card, its base abilities in the pool, its place in the zone,
** the game's timestamp), taken once nothing can fail: three entries a card were ~200
** instructions of each card a deck makes (issue 28). */
int arb_card_new(arb_game *g, const arb_card *proto, int owner, int zone,
                 int top, int *id) {
  arb_card *c;
  arb_zone *z;
  int n = g->cards.n, pos;
  if (zone < 0 || zone >= g->nzones) return ARB_EARG;
  if (arb_vec_reserve(g, &g->cards, sizeof(arb_card), n + 1)) return ARB_ENOMEM;
  if (arb_vec_reserve(g, &g->babil, sizeof(arb_ability), g->babil.n + proto->nabil))
    return ARB_ENOMEM;
  z = &g->zones[zone];
  if (z->n >= z->cap && arb_zone_reserve(g, zone, z->n + 1)) return ARB_ENOMEM;
  pos = top ? z->n : 0;
  if (arb_journal_unseen(g, J_CARD_NEW, n, pos, g->ts,
                         zone == arb_zone_id(g, -1, ARB_BATTLEFIELD) || proto->facedown))
    return ARB_ENOMEM;
  c = &ARB_VEC(g->cards, arb_card)[n];
  *c = *proto;
  c->id = n;
  c->owner = c->controller = owner;
  c->zone = zone;
  c->attacking = -1;
  c->band = -1;
  c->obj = -1;
  c->damage = c->blocking = 0;
  c->blocked = 0;
  c->named = 0;                          /* no computation has marked it (characteristics.c) */
  c->tapread = 0;
  c->token = 0;                          /* arb_token_new makes tokens */
  c->attached_to = -1;
  c->attached_ts = 0;
  c->enchant_sub = 0;
  c->bpower = c->power;                  /* the prototype's are the printed values */
  c->btoughness = c->toughness;
  c->bcontroller = owner;
  c->ctl_seen = owner;
  c->btypes = c->types;
  c->bsupertypes = c->supertypes;
  c->bcolors = c->colors;
  c->nbsub = c->nsub;                    /* subtypes and the fast mana ability, likewise */
  memcpy(c->bsubtypes, c->subtypes, sizeof c->subtypes);
  c->bmana = (uint8_t)(c->mprod | c->mcomplex << 6);
  c->xact = 0;
  c->bname = c->name;
  c->printed = n;
  c->copy_st = 0;
  c->nbabil = c->nabil;
  c->babil = g->babil.n;                 /* undoing the creation gives the pool back */
  if (c->nabil) memcpy(ARB_VEC(g->babil, arb_ability) + c->babil, c->abil, sizeof(arb_ability) * c->nabil);
  g->babil.n += c->nabil;
  g->cards.n++;
  c->ts = ++g->ts;
  arb_zone_put(g, zone, pos, n);         /* the room was reserved above */
  *id = n;
  if (proto->nzoneact && !g->zoneact && arb_jset_game(g, &g->zoneact, 1)) return ARB_ENOMEM;
  return ARB_OK;
}

int arb_token_new(arb_game *g, const arb_card *proto, int owner, int controller, int tapped,
                  int *id) {
  arb_card *c;
  int none = arb_zone_id(g, -1, ARB_NOWHERE);
  if (owner < 0 || owner >= g->nplayers || controller < 0 || controller >= g->nplayers)
    return ARB_EARG;
  TRY(arb_card_new(g, proto, owner, none, 1, id));
  c = card_at(g, *id);
  TRY(arb_jset_card8(g, *id, &c->token, 1));
  TRY(arb_jset_card(g, *id, &c->controller, controller));
  TRY(arb_jset_card(g, *id, &c->bcontroller, controller));
  TRY(arb_jset_card(g, *id, &c->ctl_seen, controller));
  if (tapped) TRY(arb_jset_card8(g, *id, &c->tapped, 1));
  TRY(arb_jset_game(g, &g->ntokens, g->ntokens + 1));
  TRY(arb_move(g, *id, ARB_BATTLEFIELD, 1));
  c = card_at(g, *id);
  return c->zone == none ? arb_jset_card8(g, *id, &c->token, 2) : ARB_OK;
}

const arb_ability *arb_card_babil(const arb_game *g, const arb_card *c) {
  return c->nbabil ? ARB_VEC(g->babil, arb_ability) + c->babil : NULL;
}

/* What a card that never went on the stack reads: the values a new card had. */
static const arb_object no_object = { -1, -1, 0, 0, 0, 0, 0, 0, { 0 }, 0, 0, 0, -1, { 0 } };

const arb_object *arb_object_get(const arb_game *g, const arb_card *c) {
  return c->obj >= 0 ? &ARB_VEC(g->objs, arb_object)[c->obj] : &no_object;
}

int arb_object_make(arb_game *g, int card, arb_object **o) {
  arb_card *c = card_at(g, card);
  int n = g->objs.n;
  if (c->obj < 0) {
    /* the first block holds 32 objects: a game puts a few dozen on the stack */
    if (arb_vec_reserve(g, &g->objs, sizeof(arb_object), n + 1 > 32 || g->objs.cap ? n + 1 : 32))
      return ARB_ENOMEM;
    if (arb_journal_push(g, J_OBJ_NEW, n, 0, 0)) return ARB_ENOMEM;
    ARB_VEC(g->objs, arb_object)[n] = no_object;
    g->objs.n++;
    if (arb_jset_card(g, card, &c->obj, n)) return ARB_ENOMEM;
  }
  *o = &ARB_VEC(g->objs, arb_object)[c->obj];
  return ARB_OK;
}

/* The first deck of a game makes room for one such deck per player (each
** player brings one): the next decks then fill it instead of copying the
** cards made so far into a larger block. */
int arb_card_reserve(arb_game *g, int zone, int n) {
  int all = n;
  if (zone < 0 || zone >= g->nzones || n < 0) return ARB_EARG;
  if (g->cards.n == 0 && n <= INT32_MAX / 8 / g->nplayers) all = n * g->nplayers;
  if (arb_vec_reserve(g, &g->cards, sizeof(arb_card), g->cards.n + all)) return ARB_ENOMEM;
  if (arb_zone_reserve(g, zone, g->zones[zone].n + n)) return ARB_ENOMEM;
  return arb_history_reserve(g, g->history.n + all);
}

/* Instances of one ability: every entry's (a text change can make two entries the same
** ability: "protection from white" read as "protection from black", 502.7). */
int arb_card_count(const arb_card *c, int kind, int param) {
  int i, n = 0;
  for (i = 0; i < c->nabil; i++)
    if (c->abil[i].kind == kind && c->abil[i].param == param) n += c->abil[i].count;
  return n;
}

/* Instances of a kind, whatever the parameter. */
int arb_card_has(const arb_card *c, int kind) {
  int i, n = 0;
  for (i = 0; i < c->nabil; i++)
    if (c->abil[i].kind == kind) n += c->abil[i].count;
  return n;
}

/* current values (characteristics.c keeps them up to date) */
int arb_card_power(const arb_card *c) { return c->power; }
int arb_card_toughness(const arb_card *c) { return c->toughness; }

int arb_card_printed(const arb_game *g, int id) {
  const arb_card *c = id >= 0 && id < g->cards.n ? &((const arb_card *)g->cards.p)[id] : NULL;
  return c ? arb_printed(g, c)->id : id;
}

int arb_card_has_subtype(const arb_game *g, const arb_card *c, int sub) {
  int i;
  (void)g;                               /* (a copy's are its current ones: characteristics.c) */
  if (c->facedown) return 0;           /* 504.1: no subtypes */
  for (i = 0; i < c->nsub; i++)
    if (c->subtypes[i] == sub) return 1;
  return 0;
}

/* The era's land, artifact and enchantment types (212.6c, 212.2g, 212.4g); every other
** subtype is a creature type (212.3c; which exist: arb_subtype_exists). */
int arb_subtype_kind(const char *s) {
  static const char *const lands[] = {"Forest", "Island", "Mountain", "Plains", "Swamp", "Desert",
                                      "Lair", "Locus", "Mine", "Power-Plant", "Tower", "Urza's", NULL};
  static const char *const artifacts[] = {"Equipment", "Fortification", NULL};
  static const char *const enchantments[] = {"Aura", "Shrine", NULL};
  int i;
  for (i = 0; lands[i]; i++) if (!strcmp(s, lands[i])) return ARB_SUB_LAND;
  for (i = 0; artifacts[i]; i++) if (!strcmp(s, artifacts[i])) return ARB_SUB_ARTIFACT;
  for (i = 0; enchantments[i]; i++) if (!strcmp(s, enchantments[i])) return ARB_SUB_ENCHANTMENT;
  return ARB_SUB_CREATURE;
}

int arb_subtype_exists(const arb_game *g, const char *s, int id) {
  const arb_card *cards = (const arb_card *)g->cards.p;
  int i, j;
  if (arb_subtype_kind(s) != ARB_SUB_CREATURE || arb_creature_type_listed(s)) return 1;
  for (i = 0; i < g->cards.n; i++)
    for (j = 0; j < cards[i].nbsub; j++)
      if (cards[i].bsubtypes[j] == id) return 1;
  return 0;
}
