/*
** ltargets.c — whether a permanent on the battlefield is a legal target (413), in one call:
** targets.lua's _has_target asks it for every spell the random agent might cast (its castable
** check: a spell with targets can't be cast without a legal one, 409.1c), where the search
** in Lua made a table of the battlefield's cards and read each one's zone, types and
** targetability through its proxy. With a filter, the cards that pass those tests are listed
** for the filter (the only Lua then called for each); a list of kinds by name only is
** answered whole (players, battlefield, stack).
*/
#include <string.h>
#include "lbind.h"

/* card types by name, as c:is and internal._game._zone_cards_of (lcard.c) read them */
static const char *const type_names[] = {"Creature", "Land", "Artifact", "Enchantment", NULL};
static const int type_bits[] = {ARB_T_CREATURE, ARB_T_LAND, ARB_T_ARTIFACT, ARB_T_ENCHANTMENT};

/* c->d: the type bit (0: any), c->e: the card excluded (-1: none), c->c: the source; the
** battlefield from its top down, as zone:cards() lists it, keeping the cards that can be
** targeted until room of them are kept (ids): the same tests in the same order as the Lua
** search made */
typedef struct each_call { arb_l_call c; int *ids, room; } each_call;

static int each_fn(arb_game *g, arb_l_call *c) {
  each_call *e = (each_call *)c;
  const arb_zone *z = arb_zone_get(g, arb_zone_id(g, -1, ARB_BATTLEFIELD));
  int i, rc;
  c->out = 0;
  for (i = z->n - 1; i >= 0 && c->out < e->room; i--) {
    arb_l_call t = {0};
    int id = z->cards[i];
    if (id == c->e || (c->d && !(arb_card_get(g, id)->types & c->d))) continue;
    t.a = id;
    t.b = -1;
    t.c = c->c;
    if ((rc = arb_l_target_fn(g, &t)) != ARB_OK) return rc;
    if (!t.out) e->ids[c->out++] = id;
  }
  return ARB_OK;
}

/* A search by type reads the current types, as c:is reads them (and _zone_cards_of) */
static void current_types(lua_State *L, lgame *lg) {
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);
  arb_chars_depend(lg->g, ARB_DEP_R_TYPE | ARB_DEP_R_ABIL);
}

/* The searches' arguments (g, type, source, exclude) into c */
static void search_args(lua_State *L, lgame *lg, arb_l_call *c) {
  c->d = lua_isnoneornil(L, 2) ? 0 : type_bits[luaL_checkoption(L, 2, NULL, type_names)];
  c->c = lua_isnoneornil(L, 3) ? -1 : arb_l_checkcard(L, 3, lg);
  c->e = lua_isnoneornil(L, 4) ? -1 : arb_l_checkcard(L, 4, lg);
  if (c->d) current_types(L, lg);
}

/* internal._game._any_permanent_target(g, type, source, exclude) -> whether some card on the battlefield of
** card type `type` (its current types; nil: any permanent), other than card `exclude` (nil:
** none; a spell's own card), is a legal target for source: g:_targetable(card, source) for
** each of them, with no filter (targets.lua asks only for a target spec without one) */
static int g_any_permanent_target(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int one;
  each_call e = {.c = {.fn = each_fn}, .ids = &one, .room = 1};   /* the first found is enough */
  search_args(L, lg, &e.c);
  arb_l_core(L, lg, &e.c);
  lua_pushboolean(L, e.c.out > 0);
  return 1;
}

/* internal._game._permanent_targets(g, type, source, exclude) -> the list of the cards
** _any_permanent_target's search finds legal, in its order: the candidates a target spec
** with a filter asks its filter about (targets.lua's _has_target: the filter is then the only
** Lua called for each; spec/targets_fast_spec.lua compares it with legal()) */
static int g_permanent_targets(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  each_call e = {.c = {.fn = each_fn}};
  int i, few[64];               /* (a battlefield of up to 64 cards: no allocation) */
  search_args(L, lg, &e.c);
  e.room = (int)arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD))->n;
  e.ids = e.room <= 64 ? few : lua_newuserdatauv(L, sizeof(int) * (size_t)e.room, 0);
  arb_l_core(L, lg, &e.c);
  lua_createtable(L, e.c.out, 0);
  for (i = 0; i < e.c.out; i++) {
    arb_l_pushcard(L, 1, e.ids[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* internal._game._permanent_target(g, card, type, source, exclude) -> whether card is a legal
** target as legal() (targets.lua) reads a card without its filter: on the battlefield, not card
** `exclude` (a spell's own), of card type `type` now (nil: any permanent; its current types, as
** c:is reads them) and targetable by source (g:_targetable's test), each test as the Lua made it
** (x.zone, x:is(type), g:_targetable: three calls through the card's proxy, ~2 K instructions a
** target checked as a spell is cast and again as it resolves, 413). nil for a card of another
** game: legal() asks as before. */
static int g_permanent_target(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int id = arb_l_toid(L, 2, lg, 0), bit;
  arb_card *c;
  arb_l_call t = {.fn = arb_l_target_fn, .b = -1, .c = -1};
  if (id < 0) return 0;
  bit = lua_isnoneornil(L, 3) ? 0 : type_bits[luaL_checkoption(L, 3, NULL, type_names)];
  c = arb_card_get(lg->g, id);
  if (c->zone < 0 || arb_zone_get(lg->g, c->zone)->kind != ARB_BATTLEFIELD ||
      (!lua_isnoneornil(L, 5) && arb_l_toid(L, 5, lg, 0) == id)) {
    lua_pushboolean(L, 0);
    return 1;
  }
  if (bit) {
    current_types(L, lg);
    if (!(arb_card_get(lg->g, id)->types & bit)) { lua_pushboolean(L, 0); return 1; }
  }
  t.a = id;
  if (!lua_isnoneornil(L, 4)) t.c = arb_l_checkcard(L, 4, lg);
  arb_l_core(L, lg, &t);
  lua_pushboolean(L, !t.out);
  return 1;
}

/* internal._game._player_targets(g, source) -> the players legal() (targets.lua) finds legal for
** a player kind before its filter, in turn order: not lost, and g:_targetable(player, source)
** (source: a card, or nil), each test as the Lua made it through the player's proxy (three
** calls a player: a spell's "creature or player" choice asked them of each player) */
static int g_player_targets(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p, n = arb_nplayers(lg->g), k = 0;
  int src = lua_isnoneornil(L, 2) ? -1 : arb_l_checkcard(L, 2, lg);
  lua_createtable(L, n, 0);
  for (p = 0; p < n; p++) {
    arb_l_call t = {.fn = arb_l_target_fn, .a = -1, .b = p, .c = src};
    if (arb_player_get(lg->g, p)->lost) continue;
    arb_l_core(L, lg, &t);
    if (t.out) continue;
    arb_l_pushplayer(L, 1, p);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* ---- a spell's targets list of kinds by name only, whole ---- */

/* the kinds (targets.lua's WHAT); a permanent kind's type bit (0: any permanent) */
static const char *const kind_names[] = {"creature", "player", "creature or player", "permanent", "spell",
  "land", "artifact", "enchantment", "card", "spell or permanent", NULL};
enum { K_CREATURE, K_PLAYER, K_CREATURE_OR_PLAYER, K_PERMANENT, K_SPELL, K_LAND, K_ARTIFACT, K_ENCHANTMENT,
  K_CARD, K_SPELL_OR_PERMANENT };
static const int kind_bits[] = {ARB_T_CREATURE, 0, ARB_T_CREATURE, 0, 0, ARB_T_LAND, ARB_T_ARTIFACT,
  ARB_T_ENCHANTMENT, 0, 0};

/* is some stack object a spell (not an ability)? (legal()'s test for a spell target: the
** caster's own spell is a fresh record, never one of them) */
static int a_spell(arb_game *g) {
  int i, n = arb_stack_size(g);
  for (i = 0; i < n; i++)
    if (arb_card_get(g, arb_stack_object(g, i))->objkind == ARB_OBJ_SPELL) return 1;
  return 0;
}

/* _has_target for kind k of spell card src: the players in order (not lost, g:_targetable),
** then the battlefield (any_fn, as _any_permanent_target: its own card left out), then the
** stack, each call as the Lua made it */
static int has_plain(lua_State *L, lgame *lg, int k, int src) {
  int p, n = arb_nplayers(lg->g);
  if (k == K_PLAYER || k == K_CREATURE_OR_PLAYER) {
    for (p = 0; p < n; p++) {
      arb_l_call t = {.fn = arb_l_target_fn, .a = -1, .b = p, .c = src};
      if (arb_player_get(lg->g, p)->lost) continue;
      arb_l_core(L, lg, &t);
      if (!t.out) return 1;
    }
  }
  if (k != K_PLAYER && k != K_SPELL && k != K_CARD) {   /* (a "card" outside a zone: none, 413) */
    int one;
    each_call e = {.c = {.fn = each_fn, .c = src, .e = src, .d = kind_bits[k]}, .ids = &one, .room = 1};
    if (e.c.d) current_types(L, lg);
    arb_l_core(L, lg, &e.c);
    if (e.c.out) return 1;
  }
  return (k == K_SPELL || k == K_SPELL_OR_PERMANENT) && a_spell(lg->g);
}

/* Whether each entry of the targets list at idx of spell card src has a legal target, when every
** entry is a kind by name: 1 or 0; -1 (nothing asked) when one is not (a table: the Lua search
** answers). The main phase's round asks it too (lmain_scan.c). */
int arb_l_plain_targets(lua_State *L, lgame *lg, int idx, int src) {
  int i, n = (int)lua_rawlen(L, idx);
  for (i = 1; i <= n; i++) {
    int t = lua_rawgeti(L, idx, i), k;
    const char *s = t == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    for (k = 0; s && kind_names[k] && strcmp(kind_names[k], s); k++) ;
    lua_pop(L, 1);
    if (!s || !kind_names[k]) return -1;
  }
  for (i = 1; i <= n; i++) {
    int k;
    const char *s;
    lua_rawgeti(L, idx, i);
    s = lua_tostring(L, -1);
    for (k = 0; strcmp(kind_names[k], s); k++) ;
    lua_pop(L, 1);
    if (!has_plain(L, lg, k, src)) return 0;
  }
  return 1;
}

/* internal._game._plain_targets_exist(g, list, card) -> whether each entry of spell card's
** targets list has a legal target (targets.lua's _targets_exist), when every entry is a kind
** by name; nil (nothing asked) when one is a table: the Lua search answers */
static int g_plain_targets_exist(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int src = arb_l_checkcard(L, 3, lg), r;
  luaL_checktype(L, 2, LUA_TTABLE);
  if ((r = arb_l_plain_targets(L, lg, 2, src)) < 0) return 0;
  lua_pushboolean(L, r);
  return 1;
}

static const luaL_Reg targets_methods[] = {{"_any_permanent_target", g_any_permanent_target},
                                           {"_permanent_targets", g_permanent_targets},
                                           {"_permanent_target", g_permanent_target},
                                           {"_player_targets", g_player_targets},
                                           {"_plain_targets_exist", g_plain_targets_exist}, {NULL, NULL}};

int arb_l_targets_open(lua_State *L) {
  arb_l_add_game_methods(L, targets_methods);
  return 0;
}
