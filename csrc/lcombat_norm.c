/*
** lcombat_norm.c — a combat declaration of the common shapes normalized in one call: an
** array of attackers (the random agent's, one defending player) and blocks
** {[blocker] = attacker}. lua/arbiter/combat_input.lua's norm_attack and norm_block read
** them card by card otherwise (two core.kind calls per card, tables grown key by key).
** Anything else (another shape, a metatable, a value that isn't a live card of this game,
** a card twice, more than a few blockers) returns nothing: the Lua layer's own reading then
** makes the declaration, or says what is wrong (the same errors as ever).
*/
#include "lcombat.h"

#define FEW_CARDS 64                     /* more: the Lua layer reads them */

/* The card id at idx when it is a live card of game lg, else -1 */
static int card_of(lua_State *L, int idx, lgame *lg) { return arb_l_toid(L, idx, lg, 0); }

/* g:_attack_array(cards [, defender]) -> {[card] = defender}, n (the defender checked by the
** caller; without it, the first defending player, g:_opponent's: none, nothing returned);
** nothing when cards isn't a plain array of distinct live cards of this game */
static int g_attack_array(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer i, n;
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 3);
  n = (lua_Integer)lua_rawlen(L, 2);
  if (n > FEW_CARDS || lua_getmetatable(L, 2)) return 0;
  if (lua_isnil(L, 3)) {
    int first;
    arb_lc_defenders(NULL, lg->g, &first);
    if (first < 0) return 0;
    arb_l_pushplayer(L, 1, first);
    lua_replace(L, 3);
  }
  lua_createtable(L, 0, (int)n);                  /* 4: the map */
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, 2, i);
    if (card_of(L, -1, lg) < 0) return 0;
    lua_pushvalue(L, -1);
    if (lua_rawget(L, 4) != LUA_TNIL) return 0;   /* declared twice */
    lua_pop(L, 1);
    lua_pushvalue(L, 3);
    lua_rawset(L, 4);
  }
  lua_pushinteger(L, n);
  return 2;
}

/* Whether blocks (at 2) is a plain map of live cards of this game to one live card each (no
** array part, no metatable, at most FEW_CARDS blockers); ids: its blockers in card-id order,
** *np of them. */
static int plain_blocks(lua_State *L, lgame *lg, int *ids, int *np) {
  int n = 0, j;
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  if (lua_rawlen(L, 2) > 0 || lua_getmetatable(L, 2)) return 0;
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    int b = card_of(L, -2, lg);
    if (b < 0 || n == FEW_CARDS || card_of(L, -1, lg) < 0) return 0;
    lua_pop(L, 1);
    for (j = n++; j > 0 && ids[j - 1] > b; j--) ids[j] = ids[j - 1];
    ids[j] = b;
  }
  *np = n;
  return 1;
}

/* g:_block_map(blocks) -> {[blocker] = {attacker}}, the blockers in card-id order; nothing
** unless blocks is a plain map (plain_blocks) */
static int g_block_map(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int ids[FEW_CARDS], n = 0, i;
  if (!plain_blocks(L, lg, ids, &n)) return 0;
  lua_createtable(L, 0, n);                       /* 3: the map */
  lua_createtable(L, n, 0);                       /* 4: the order */
  for (i = 0; i < n; i++) {
    arb_l_pushcard(L, 1, ids[i]);
    lua_pushvalue(L, -1);
    lua_rawseti(L, 4, i + 1);
    lua_createtable(L, 1, 0);
    lua_pushvalue(L, -2);
    lua_rawget(L, 2);
    lua_rawseti(L, -2, 1);
    lua_rawset(L, 3);
  }
  return 2;
}

/* g:_block_plain(blocks) -> blocks when it is a plain map (plain_blocks), else nothing: the
** solver reads such a map as it is (lcombat_block.c: one attacker a blocker), so a call that
** needs no normalized copy (g:nearest_legal_block) makes none */
static int g_block_plain(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int ids[FEW_CARDS], n = 0;
  if (!plain_blocks(L, lg, ids, &n)) return 0;
  lua_settop(L, 2);
  return 1;
}

static const luaL_Reg norm_methods[] = {
  {"_attack_array", g_attack_array}, {"_block_map", g_block_map}, {"_block_plain", g_block_plain},
  {NULL, NULL}
};

void arb_lc_norm_open(lua_State *L) { arb_l_add_game_methods(L, norm_methods); }
