/*
** loutcome.c — Game methods for damage and the game's outcome: g:damage,
** g:win / g:lose / g:result, g:check_state (state-based actions, 420)
** and g:settle.
*/
#include <string.h>
#include "lbind.h"

/* a: source card or -1, b: target card or -1, c: target player or -1, d: amount */
static int damage_fn(arb_game *g, arb_l_call *c) {
  int from = arb_history_len(g), rc = arb_damage(g, c->a, c->b, c->c, c->d, 0);
  return rc ? rc : arb_damage_dealt(g, from, 0);   /* "dealt damage": once (Living Artifact) */
}

/* Whether the value at idx is a proxy of that kind (0 card, 1 player): one of ours by its size
** and kind (arb_l_own_proxy, no registry lookup: ~300 instructions a luaL_testudata), else by
** its metatable (name) as luaL_testudata tells. */
static int is_proxy(lua_State *L, int idx, int kind, const char *mt) {
  return arb_l_own_proxy(L, idx, kind) || luaL_testudata(L, idx, mt);
}

/* g:damage(source_card_or_nil, target_card_or_player, amount) */
static int g_damage(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = damage_fn, .a = -1, .b = -1, .c = -1};
  lua_Integer n = 0;
  int isint;
  if (!lua_isnil(L, 2)) c.a = arb_l_checkcard(L, 2, lg);
  if (is_proxy(L, 3, 0, CARD_MT)) c.b = arb_l_checkcard(L, 3, lg);
  else if (is_proxy(L, 3, 1, PLAYER_MT)) c.c = arb_l_checkplayer(L, 3, lg);
  else {
    arb_l_describe(L, 3);
    luaL_argerror(L, 3, lua_pushfstring(L, "card or player expected, got %s", lua_tostring(L, -1)));
  }
  isint = arb_l_tointeger(L, 4, &n);
  if (!isint || n < 0 || n > 1000000000) {
    arb_l_describe(L, 4);
    luaL_argerror(L, 4, lua_pushfstring(L, "amount must be an integer 0 to 10^9, got %s", lua_tostring(L, -1)));
  }
  c.d = (int32_t)n;
  arb_l_core(L, lg, &c);
  return 0;
}

static int outcome_fn(arb_game *g, arb_l_call *c) { return c->b ? arb_win(g, c->a) : arb_lose(g, c->a); }
static int outcome(lua_State *L, int win) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = outcome_fn};
  c.a = arb_l_checkplayer(L, 2, lg);
  c.b = win;
  arb_l_core(L, lg, &c);
  return 0;
}
static int g_win(lua_State *L) { return outcome(L, 1); }

/* g:lose({p1, p2, ...}): the players lose at once (arb_lose_all) */
typedef struct lose_call { arb_l_call c; int *players; int n; } lose_call;
static int lose_all_fn(arb_game *g, arb_l_call *c) {
  lose_call *lc = (lose_call *)c;
  return arb_lose_all(g, lc->players, lc->n);
}
static int g_lose(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lose_call lc;
  int i, n;
  if (!lua_istable(L, 2) || luaL_testudata(L, 2, PLAYER_MT)) return outcome(L, 0);
  n = (int)lua_rawlen(L, 2);
  if (n < 1) luaL_error(L, "bad argument #1 to 'lose' (a player or a non-empty list of players expected)");
  lc.players = (int *)lua_newuserdata(L, sizeof(int) * (size_t)n);
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, 2, i + 1);
    if ((lc.players[i] = arb_l_toid(L, -1, lg, 1)) < 0) {
      arb_l_describe(L, -1);
      luaL_error(L, "bad argument #1 to 'lose' (players[%d]: a player of this game expected, got %s)", i + 1,
                 lua_tostring(L, -1));
    }
    lua_pop(L, 1);
  }
  memset(&lc.c, 0, sizeof lc.c);
  lc.c.fn = lose_all_fn;
  lc.n = n;
  arb_l_core(L, lg, &lc.c);
  return 0;
}

static int g_result(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_result r = arb_result_get(lg->g);
  int p, n = 0;
  if (!r.over) return 0;
  lua_createtable(L, 0, 4);
  arb_l_pushplayer(L, 1, r.draw ? -1 : r.winner);
  lua_setfield(L, -2, "winner");
  lua_pushboolean(L, r.draw);
  lua_setfield(L, -2, "draw");
  lua_newtable(L);
  for (p = 0; p < arb_nplayers(lg->g); p++)
    if (arb_player_get(lg->g, p)->lost) {
      arb_l_pushplayer(L, 1, p);
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "losers");
  lua_newtable(L);                 /* the winning side: every member wins (102.2c: Two-Headed */
  for (p = 0, n = 0; !r.draw && p < arb_nplayers(lg->g); p++)   /* Giant, Emperor), lost or not */
    if (arb_player_get(lg->g, p)->side == arb_player_get(lg->g, r.winner)->side) {
      arb_l_pushplayer(L, 1, p);
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "winners");
  return 1;
}

static int check_fn(arb_game *g, arb_l_call *c) { (void)c; return arb_check_state(g); }
static int settle_fn(arb_game *g, arb_l_call *c) { (void)c; return arb_settle(g); }
static int g_check_state(lua_State *L) {
  arb_l_call c = {.fn = check_fn};
  arb_l_core(L, arb_l_checkgame(L, 1), &c);
  return 0;
}
/* g:settle() -> true while the game goes on */
static int g_settle(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = settle_fn};
  arb_l_core(L, lg, &c);
  lua_pushboolean(L, !arb_over(lg->g));
  return 1;
}

/* core._full_checks(g, on): every state-based check of g runs in full, none
** returns at once for want of a change (a spec's way to compare the games). */
int arb_l_full_checks(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  luaL_checktype(L, 2, LUA_TBOOLEAN);
  arb_full_checks(lg->g, lua_toboolean(L, 2));
  return 0;
}

static const luaL_Reg outcome_methods[] = {
  {"damage", g_damage}, {"win", g_win}, {"lose", g_lose}, {"result", g_result},
  {"check_state", g_check_state}, {"settle", g_settle},
  {NULL, NULL}
};

int arb_l_outcome_open(lua_State *L) {
  arb_l_add_game_methods(L, outcome_methods);
  return 0;
}
