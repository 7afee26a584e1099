/*
** lmana_sources.c — the permanents a payment may play mana abilities of, in one C call
** (lua/arbiter/mana.lua: arbiter._available and the payment's sources read them each time a
** cost is counted or paid; 406.1 mana abilities, 502.5b the {T} of a summoning-sick creature).
*/
#include "lbind.h"

/* t[n] = true for the table at idx, made there (in place of its nil) by the first flag */
static void set_flag(lua_State *L, int idx, int n) {
  if (lua_isnil(L, idx)) {
    lua_createtable(L, 0, 0);
    lua_replace(L, idx);
  }
  lua_pushboolean(L, 1);
  lua_rawseti(L, idx, n);
}

/* g:_mana_permanents(p) -> perms, sick, tapped: the untapped permanents p controls that have a
** mana ability, and the tapped ones that have a mana ability whose cost has no {T} (409.1f: mana
** abilities are played while paying, and only a {T} cost needs the permanent untapped) (the core's marks of the card's current abilities: mprod, a simple one, mcomplex,
** any other; a copy's are the copied card's, 503; a land whose land type an effect set is
** marked complex, 212.6e), in battlefield order (g:permanents(p, "any", "u") without the
** others); sick[i] is true when perms[i] is a creature that can't pay {T} (summoning sick,
** no haste: 502.5b), false otherwise; tapped: nil when none of perms is tapped, else tapped[i]
** is true when perms[i] is (made only then: the common payment makes no third table); changed:
** nil when the activated abilities of none of perms differ from its definition's (the core's
** xact marks, g:_xact), else changed[i] is true when perms[i]'s may (lua/arbiter/mana.lua reads
** the others' lists from their definitions without asking g:_xact card by card). Reads what
** g:permanents(p, "any", "u") and c:is / c:has of each card would read (the same dependencies
** reported). */
static int g_mana_permanents(lua_State *L) {
  lgame *lg = arb_l_checkgame_bf(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  const arb_zone *z;
  int i, n = 0, base;
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* controllers, types: current */
  arb_chars_depend(lg->g, ARB_DEP_TAPPED | ARB_DEP_SICK);
  arb_chars_depend(lg->g, ARB_DEP_R_CONTROL | ARB_DEP_R_TYPE | ARB_DEP_R_ABIL);
  z = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
  base = lua_gettop(L);
  lua_createtable(L, 8, 0);      /* base + 1: perms */
  lua_createtable(L, 8, 0);      /* base + 2: sick */
  lua_pushnil(L);                /* base + 3: tapped, made when one is */
  lua_pushnil(L);                /* base + 4: changed, made when one's abilities are */
  for (i = 0; i < z->n; i++) {
    const arb_card *c = arb_card_get(lg->g, z->cards[i]);
    if (c->controller != p || !(c->mprod || c->mcomplex)) continue;
    if (c->tapped && !(c->mcomplex & ARB_MANA_UNTAPPED)) continue;
    n++;
    arb_l_pushcard(L, 1, c->id);
    lua_rawseti(L, base + 1, n);
    lua_pushboolean(L, arb_card_sick(c) && (c->types & ARB_T_CREATURE) && !arb_card_has(c, ARB_AB_HASTE));
    lua_rawseti(L, base + 2, n);
    if (c->tapped) set_flag(L, base + 3, n);
    if (c->xact) set_flag(L, base + 4, n);
  }
  return 4;
}

/* g:_mana_watched([now]) -> whether anything could act on a payment's taps and mana now (mana.c,
** arb_mana_watched): false lets arbiter._can_pay follow the payment's plan without playing it.
** now: a triggered ability that isn't a mana ability waits for the stack (arb_mana_watched_now,
** 410.3-410.4 of the era: Lifetap, Psychic Venom, Kudzu, Manabarbs change no payment) */
static int g_mana_watched(lua_State *L) {
  arb_game *g = arb_l_checkgame(L, 1)->g;
  lua_pushboolean(L, lua_toboolean(L, 2) ? arb_mana_watched_now(g) : arb_mana_watched(g));
  return 1;
}

/* g:_mana_adds([paying]) -> the records (g:trigger's handles) of the triggered mana abilities whose mana is
** declared (handle.adds, effects.lua: Gauntlet of Might, Mana Flare, Wild Growth) active now, in the
** order they were made, each followed by its source (this game's card; false: none), or nil when anything else could act on a payment's taps and mana
** (arb_mana_watched_uncounted): a payment's plan adds their mana as it uses each source (406.1b).
** paying: for the core's payment, which plays its sources (arb_mana_watched_paying: a triggered
** ability that isn't a mana ability waits for the stack) */
static int g_mana_adds(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_game *g = lg->g;
  int i, n = 0;
  const arb_effect *fx;
  if (lua_toboolean(L, 2) ? arb_mana_watched_paying(g) : arb_mana_watched_uncounted(g)) return 0;
  arb_l_env(L, 1);
  lua_getfield(L, -1, "refs");
  lua_createtable(L, 2, 0);
  for (i = 0; (fx = arb_effect_get(g, i)) != NULL; i++) {
    if (fx->active != ARB_FX_ON || !fx->counted) continue;
    lua_rawgeti(L, -2, fx->ref);
    lua_rawseti(L, -2, ++n);
    if (fx->source >= 0) arb_l_pushcard(L, 1, fx->source);
    else lua_pushboolean(L, 0);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

/* g:_pool(p) -> w, u, b, r, g, c: p's mana pool, p.mana's six values without its table (a
** payment and arbiter._available read the pool on every count: no table made for it) */
static int g_pool(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  const arb_player *pl = arb_player_get(lg->g, arb_l_checkplayer(L, 2, lg));
  int k;
  arb_chars_depend(lg->g, ARB_DEP_WORLD);   /* as p.mana (lcard.c): a predicate reading a player */
  for (k = 0; k < ARB_NMANA; k++) lua_pushinteger(L, pl->mana[k]);
  return ARB_NMANA;
}

static const luaL_Reg mana_source_methods[] = {
  {"_mana_permanents", g_mana_permanents}, {"_mana_watched", g_mana_watched}, {"_mana_adds", g_mana_adds},
  {"_pool", g_pool},
  {NULL, NULL}
};

int arb_l_mana_sources_open(lua_State *L) {
  arb_l_add_game_methods(L, mana_source_methods);
  return 0;
}
