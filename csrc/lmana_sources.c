/*
** lmana_sources.c — the permanents a payment may play mana abilities of, in one C call
** (lua/arbiter/mana.lua: arbiter._available and the payment's sources read them each time a
** cost is counted or paid; 406.1 mana abilities, 502.5b the {T} of a summoning-sick creature).
*/
#include "lbind.h"

/* g:_mana_permanents(p) -> perms, sick: the untapped permanents p controls that have a mana
** ability (the core's marks of the card's current abilities: mprod, a simple one, mcomplex,
** any other; a copy's are the copied card's, 503; a land whose land type an effect set is
** marked complex, 212.6e), in battlefield order (g:permanents(p, "any", "u") without the
** others); sick[i] is true when perms[i] is a creature that can't pay {T} (summoning sick,
** no haste: 502.5b), false otherwise. Reads what g:permanents(p, "any", "u") and c:is /
** c:has of each card would read (the same dependencies reported). */
static int g_mana_permanents(lua_State *L) {
  lgame *lg = arb_l_checkgame_bf(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  const arb_zone *z;
  int i, n = 0;
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* controllers, types: current */
  arb_chars_depend(lg->g, ARB_DEP_TAPPED | ARB_DEP_SICK);
  arb_chars_depend(lg->g, ARB_DEP_R_CONTROL | ARB_DEP_R_TYPE | ARB_DEP_R_ABIL);
  z = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
  lua_createtable(L, 8, 0);
  lua_createtable(L, 8, 0);
  for (i = 0; i < z->n; i++) {
    const arb_card *c = arb_card_get(lg->g, z->cards[i]);
    if (c->controller != p || c->tapped || !(c->mprod || c->mcomplex)) continue;
    n++;
    arb_l_pushcard(L, 1, c->id);
    lua_rawseti(L, -3, n);
    lua_pushboolean(L, arb_card_sick(c) && (c->types & ARB_T_CREATURE) && !arb_card_has(c, ARB_AB_HASTE));
    lua_rawseti(L, -2, n);
  }
  return 2;
}

static const luaL_Reg mana_source_methods[] = {
  {"_mana_permanents", g_mana_permanents}, {NULL, NULL}
};

int arb_l_mana_sources_open(lua_State *L) {
  arb_l_add_game_methods(L, mana_source_methods);
  return 0;
}
