/*
** lprohibit.c — what static effects forbid or change in the rules, as the
** Lua layer asks it: g:_max_hand_size (rules changes), g:_can_cast, g:_cast_ok and
** g:_targetable (prohibitions; protection, 502.7b).
*/
#include "lbind.h"

static int hand_fn(arb_game *g, arb_l_call *c) { return arb_max_hand_size(g, c->a, &c->out); }

/* g:_max_hand_size(p) -> n, false (no maximum) or nil (no effect says) */
static int g_max_hand_size(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = hand_fn};
  c.a = arb_l_checkplayer(L, 2, lg);
  arb_l_core(L, lg, &c);
  if (c.out == ARB_NOSET) lua_pushnil(L);
  else if (c.out < 0) lua_pushboolean(L, 0);
  else lua_pushinteger(L, c.out);
  return 1;
}

static int cast_fn(arb_game *g, arb_l_call *c) { return arb_can_cast(g, c->a, &c->out); }

/* g:_can_cast(p): no "can't cast" effect applies to p (casting asks arb_can_cast) */
static int g_can_cast(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = cast_fn};
  c.a = arb_l_checkplayer(L, 2, lg);
  arb_l_core(L, lg, &c);
  lua_pushboolean(L, c.out);
  return 1;
}

/* g:_cast_ok(p, card) -> true when g:cast's first checks all pass, read in one call: no "can't
** cast" effect applies to p (418), card is a live card in p's hand (405.1), not a land by its
** current types (c:is("Land")) and not a token (216.2); false otherwise (g:cast then makes
** those checks one by one, for its error). */
static int g_cast_ok(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = cast_fn};
  arb_card *card;
  int id;
  c.a = arb_l_checkplayer(L, 2, lg);
  arb_l_core(L, lg, &c);
  id = arb_l_toid(L, 3, lg, 0);
  card = c.out && id >= 0 ? arb_card_get(lg->g, id) : NULL;
  if (!card || card->zone < 0 || arb_zone_get(lg->g, card->zone)->kind != ARB_HAND || card->owner != c.a) {
    lua_pushboolean(L, 0);
    return 1;
  }
  if (!arb_chars_fresh(lg->g)) card = arb_l_chars(L, lg, card);   /* current types, as c:is reads */
  arb_chars_depend(lg->g, ARB_DEP_R_TYPE | ARB_DEP_R_ABIL);
  lua_pushboolean(L, !(card->types & ARB_T_LAND) && !card->token);
  return 1;
}

/* (ltargets.c runs it too: one battlefield search) */
int arb_l_target_fn(arb_game *g, arb_l_call *c) {
  int rc = arb_prohibited_by(g, ARB_PRO_TARGET, c->a, c->b, c->c, &c->out);
  if (!rc && !c->out && c->a >= 0 && c->c >= 0)   /* 502.7b: protection from the source */
    c->out = arb_protected_from(g, arb_card_get(g, c->a), arb_card_get(g, c->c));
  if (!rc && !c->out && c->b >= 0 && c->c >= 0)
    rc = arb_player_protected(g, c->b, arb_card_get(g, c->c), &c->out);
  if (!rc && !c->out && c->c >= 0) {     /* 601: beyond the range of the source's controller */
    int who = c->b >= 0 ? c->b : arb_card_get(g, c->a)->controller;
    c->out = !arb_in_range(g, arb_card_get(g, c->c)->controller, who);
  }
  return rc;
}

/* g:_targetable(x[, source]): no "can't be targeted" effect applies to card or
** player x, and card x has no protection from a quality of the spell or the
** ability's source (a card; 502.7b) */
static int g_targetable(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = arb_l_target_fn};
  int id;
  c.a = c.b = c.c = -1;
  if (!lua_isnoneornil(L, 3)) c.c = arb_l_checkcard(L, 3, lg);
  if ((id = arb_l_toid(L, 2, lg, 0)) >= 0) c.a = id;
  else c.b = arb_l_checkplayer(L, 2, lg);
  arb_l_core(L, lg, &c);
  lua_pushboolean(L, !c.out);
  return 1;
}

static const luaL_Reg prohibit_methods[] = {
  {"_targetable", g_targetable},
  {"_max_hand_size", g_max_hand_size}, {"_can_cast", g_can_cast}, {"_cast_ok", g_cast_ok},
  {NULL, NULL}
};

int arb_l_prohibit_open(lua_State *L) {
  arb_l_add_game_methods(L, prohibit_methods);
  return 0;
}
