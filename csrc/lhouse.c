/*
** lhouse.c — Game methods house rules and their simulations lean on: the
** mulligan's redeal and counting cards by type, each one call into C (a
** mulligan simulation deals hundreds of thousands of hands).
*/
#include <string.h>
#include "lbind.h"

static int redeal_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  int drawn, rc = arb_redeal(lg->g, arb_l_checkplayer(L, 2, lg), (int)lua_tointeger(L, 3), &drawn);
  if (rc) return arb_l_fail(L, lg, rc);
  lua_pushinteger(L, drawn);
  return 1;
}
/* g:redeal(p, n) -> cards drawn: p's hand into the library, shuffle, draw n */
static int g_redeal(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer n;
  arb_l_checkplayer(L, 2, lg);
  n = arb_l_intarg(L, 3, 3, "count", 0, 1000000);
  lua_settop(L, 3);
  if (arb_redeal_quiet(lg->g)) {          /* no script can run: no pcall, no journal */
    int drawn, rc;
    lg->mem->host++;                      /* core frames live: as arb_l_guarded */
    rc = arb_redeal(lg->g, arb_l_checkplayer(L, 2, lg), (int)n, &drawn);
    lg->mem->host--;
    if (rc) return arb_l_fail(L, lg, rc);
    lua_pushinteger(L, drawn);
    return 1;
  }
  return arb_l_guarded(L, lg, redeal_body);
}

static const char *const type_opts[] = {"Creature", "Land", "Artifact", "Enchantment",
  "Instant", "Sorcery", NULL};
static const int type_masks[] = {ARB_T_CREATURE, ARB_T_LAND, ARB_T_ARTIFACT, ARB_T_ENCHANTMENT,
  ARB_T_INSTANT, ARB_T_SORCERY};

/* g:count(zone, type) -> how many cards of the type the zone holds */
static int g_count(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_zone *z = arb_zone_get(lg->g, arb_l_checkzone(L, 2, lg));
  int mask = type_masks[luaL_checkoption(L, 3, NULL, type_opts)], i, n = 0;
  for (i = 0; i < z->n; i++)
    if (arb_card_get(lg->g, z->cards[i])->types & mask) n++;
  lua_pushinteger(L, n);
  return 1;
}

static const luaL_Reg house_methods[] = {
  {"redeal", g_redeal}, {"count", g_count}, {NULL, NULL}
};

int arb_l_house_open(lua_State *L) {
  arb_l_add_game_methods(L, house_methods);
  return 0;
}
