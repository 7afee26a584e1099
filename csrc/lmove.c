/*
** lmove.c — Game methods that move cards between zones: g:move, g:shuffle,
** g:draw / g:_draw (423.2: n separate draws) and g:_discard (the Lua layer
** picks the card), g:_place (a move with no event pipeline: 422.1's library
** moves). Each is one core call through arb_l_core, or a quiet path when no
** script can run (arb_hooked).
*/
#include <string.h>
#include "lbind.h"

static int move_top(lua_State *L, int kind) {   /* opts.position: top unless "bottom" */
  int top = 1;
  if (kind == ARB_LIBRARY && lua_istable(L, 4)) {
    lua_getfield(L, 4, "position");
    top = !(lua_isstring(L, -1) && !strcmp(lua_tostring(L, -1), "bottom"));
    lua_pop(L, 1);
  }
  return top;
}

/* c->d: opts.controller + 1 (0: none): a card put onto the battlefield "under p's control"
** (Animate Dead) enters with p its base controller (a move elsewhere gives it back its owner) */
static int move_fn(arb_game *g, arb_l_call *c) {
  if (c->d && c->b == ARB_BATTLEFIELD) {
    arb_card *card = arb_card_get(g, c->a);
    if (arb_zone_get(g, card->zone)->kind != ARB_BATTLEFIELD) {
      int rc = arb_set_controller(g, c->a, c->d - 1);
      if (rc) return rc;
    }
  }
  return arb_move(g, c->a, c->b, c->c);
}

static int g_move(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int ctl = 0;
  arb_l_checkcard(L, 2, lg);
  arb_l_zonekind(L, 3, 3);
  if (!lua_isnoneornil(L, 4)) {
    luaL_checktype(L, 4, LUA_TTABLE);
    lua_getfield(L, 4, "position");
    if (!lua_isnil(L, -1)) {
      const char *p = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
      if (!p || (strcmp(p, "top") && strcmp(p, "bottom"))) {
        arb_l_describe(L, -1);
        luaL_argerror(L, 4, lua_pushfstring(L, "position must be \"top\" or \"bottom\", got %s",
                                            lua_tostring(L, -1)));
      }
    }
    lua_pop(L, 1);
    lua_getfield(L, 4, "controller");
    if (!lua_isnil(L, -1)) {
      int p = arb_l_toid(L, -1, lg, 1);
      if (p < 0) {
        arb_l_describe(L, -1);
        luaL_argerror(L, 4, lua_pushfstring(L, "controller must be a player of this game, got %s", lua_tostring(L, -1)));
      }
      ctl = p + 1;
    }
  }
  lua_settop(L, 4);
  {
    int card = arb_l_checkcard(L, 2, lg), kind = arb_l_zonekind(L, 3, 3), rc;
    if (!ctl && arb_move_quiet(lg->g, card, kind)) {   /* cannot fail midway: no pcall, no journal */
      lg->mem->host++;                          /* core frames live: as arb_l_guarded */
      rc = arb_move(lg->g, card, kind, move_top(L, kind));
      lg->mem->host--;
      if (rc) return arb_l_fail(L, lg, rc);
    } else {
      arb_l_call c = {.fn = move_fn};
      c.a = card;
      c.b = kind;
      c.c = move_top(L, kind);
      c.d = ctl;
      arb_l_core(L, lg, &c);
    }
  }
  lua_settop(L, 2);
  return 1;
}

static int shuffle_fn(arb_game *g, arb_l_call *c) {   /* the shuffle, then its event */
  arb_event ev;
  int rc = arb_shuffle(g, c->a);
  if (rc) return rc;
  arb_event_init(&ev, ARB_EV_SHUFFLE);
  ev.player = arb_zone_get(g, c->a)->owner;
  return arb_record(g, &ev);
}

static int g_shuffle(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = shuffle_fn};
  c.a = arb_l_checkzone(L, 2, lg);
  arb_l_core(L, lg, &c);
  return 0;
}

/* Pushes card id's proxy from the game's proxies (the table at `cards`; the game at 1),
** made and kept there on its first use. */
static void push_proxy(lua_State *L, int cards, int id) {
  if (lua_rawgeti(L, cards, (lua_Integer)id + 1) != LUA_TNIL) return;
  lua_pop(L, 1);
  arb_l_pushcard(L, 1, id);
}

/* g:_draw(p, n) -> array of the cards this instruction itself drew */
static int draw_body(lua_State *L) {   /* game, player, n: checked by the caller */
  lgame *lg = lua_touserdata(L, 1);
  int p = ((lproxy *)lua_touserdata(L, 2))->id, n = (int)lua_tointeger(L, 3), i, k = 0;
  int lib = arb_zone_get(lg->g, arb_zone_id(lg->g, p, ARB_LIBRARY))->n;
  arb_getuvn(L, 1, ARB_UV_CARDS);                  /* 4: the card proxies */
  /* 5: the result, sized for the cards the library holds now (at most n): a replacement
  ** may draw fewer, or put cards into the library (the table then grows) */
  lua_createtable(L, n < lib ? n : lib, 0);
  arb_draw_reserve(lg->g, p, n);
  for (i = 0; i < n; i++) {
    int card, rc = arb_draw(lg->g, p, &card);
    if (rc) return arb_l_fail(L, lg, rc);
    if (card >= 0) {
      push_proxy(L, 4, card);
      lua_rawseti(L, 5, ++k);
    }
  }
  return 1;
}

/* The same when nothing listens to draws (arb_hooked): no script can run,
** so there is no pcall; arb_draw_n is atomic by itself, and what Lua
** allocates (the result, the proxies of the cards that can be drawn: the
** library's top n) is made before it. The result is pushed last, over the
** proxies' table: it is the value returned, with no stack reset. */
static int draw_quiet(lua_State *L, lgame *lg, int p, int n) {
  const arb_zone *lib = arb_zone_get(lg->g, arb_zone_id(lg->g, p, ARB_LIBRARY));
  int k = n < lib->n ? n : lib->n, i, got, rc, res;
  arb_getuvn(L, 1, ARB_UV_CARDS);                  /* the card proxies */
  lua_createtable(L, k, 0);                        /* the result */
  res = lua_gettop(L);
  for (i = 0; i < k; i++) {                        /* the top k, top first: what gets drawn */
    push_proxy(L, res - 1, lib->cards[lib->n - 1 - i]);
    lua_rawseti(L, res, i + 1);
  }
  lg->mem->host++;                                 /* core frames live: as arb_l_guarded */
  rc = arb_draw_n(lg->g, p, n, &got);
  lg->mem->host--;
  if (rc) return arb_l_fail(L, lg, rc);
  for (i = got; i < k; i++) {                      /* a lost player or an ended game draws nothing */
    lua_pushnil(L);
    lua_rawseti(L, res, i + 1);
  }
  return 1;
}

static int draw_n(lua_State *L, lgame *lg, int p, int n) {
  if (!arb_hooked(lg->g, ARB_EV_DRAW)) return draw_quiet(L, lg, p, n);
  lua_settop(L, 2);
  lua_pushinteger(L, n);
  return arb_l_guarded(L, lg, draw_body);
}

static int check_count(lua_State *L, int idx) {
  return (int)arb_l_optintarg(L, idx, "count", 0, 100000000, 1);
}

static int g_draw_raw(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  return draw_n(L, lg, p, check_count(L, 3));
}

/* The whole instruction's "draws" event first (arb_draws_event: replaced away, nothing is drawn;
** its amount the count), then the draws, as one action: while an effect watches named events
** (Howling Mine's extra card in most Alpha games: the Lua layer's atomic call, its emit and draw
** were ~3 protected calls) */
static int draws_body(lua_State *L) {   /* game, player, n: checked by the caller */
  lgame *lg = arb_l_bodygame(L);
  int p = ((lproxy *)lua_touserdata(L, 2))->id, n = (int)lua_tointeger(L, 3), rc;
  if ((rc = arb_draws_event(lg->g, p, &n))) return arb_l_fail(L, lg, rc);
  lua_settop(L, 2);
  return draw_n(L, lg, p, n);
}

/* g:draw(p, n, opts): n separate draws, one at a time (423.2) -> the cards
** this call drew. The common call is all C; with options (optional draws,
** `after`) the Lua layer's _draw_opts takes over. Messages read like the
** Lua layer's: the argument number counts from p. */
static int g_draw(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p, top = lua_gettop(L), t3 = top >= 3 ? lua_type(L, 3) : LUA_TNONE;
  lua_Integer n = 1;
  if (top >= 4 && lua_type(L, 4) > LUA_TNIL) {   /* options: the Lua layer's */
    lua_settop(L, 4);
    lua_getfield(L, LUA_REGISTRYINDEX, GAME_INTERNAL);
    lua_getfield(L, -1, "_draw_opts");
    lua_remove(L, -2);
    lua_insert(L, 1);
    lua_call(L, 4, 1);
    return 1;
  }
  p = arb_l_checkplayer(L, 2, lg);
  if (t3 > LUA_TNIL) {
    if (!arb_l_tointeger(L, 3, &n)) {
      arb_l_describe(L, 3);
      return luaL_error(L, "bad argument #2 to 'draw' (integer count expected, got %s)",
                        lua_tostring(L, -1));
    }
    if (n < 0) return luaL_error(L, "bad argument #2 to 'draw' (count must be >= 0, got %I)", n);
    if (n > 100000000) return luaL_error(L, "bad argument #2 to 'draw' (count too large)");
  }
  if (arb_hooked(lg->g, ARB_EV_NAMED)) {   /* an effect may watch the "draws" event */
    lua_settop(L, 2);
    lua_pushinteger(L, n);
    return arb_l_guarded(L, lg, draws_body);
  }
  return draw_n(L, lg, p, (int)n);
}

static int discard_fn(arb_game *g, arb_l_call *c) { return arb_discard(g, c->a, c->b); }

/* g:_discard(p, card): one discard event (the Lua layer picks the card) */
static int g_discard_raw(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg), card = arb_l_checkcard(L, 3, lg);
  arb_card *c = arb_card_get(lg->g, card);
  arb_l_call call = {.fn = discard_fn};
  if (c->zone != arb_zone_id(lg->g, p, ARB_HAND))
    luaL_argerror(L, 3, "card is not in that player's hand");
  call.a = p;
  call.b = card;
  arb_l_core(L, lg, &call);
  return 0;
}

static int place_fn(arb_game *g, arb_l_call *c) {
  arb_event ev;
  int from = arb_zone_get(g, arb_card_get(g, c->a)->zone)->kind;
  int rc = arb_place(g, c->a, c->b, c->c);
  if (rc) return rc;
  arb_event_init(&ev, ARB_EV_ZONE_CHANGE);
  ev.player = arb_card_get(g, c->a)->owner;
  ev.card = c->a;
  ev.from = from;
  ev.to = arb_zone_get(g, c->b)->kind;
  ev.amount = c->c;
  return arb_log(g, &ev);
}
/* g:_place(card, zone_name, top): moves a card with no replacement and no trigger, logged
** in the history (422.1: the library moves of an illegal action stand) */
static int g_place(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = place_fn};
  arb_card *card;
  int kind;
  c.a = arb_l_checkcard(L, 2, lg);
  kind = arb_l_zonekind(L, 3, 3);
  luaL_argcheck(L, kind != ARB_STACK, 3, "not the stack");
  card = arb_card_get(lg->g, c.a);
  luaL_argcheck(L, card->token != 2, 2, "a token that has ceased to exist (216.3)");
  c.b = arb_zone_id(lg->g, kind == ARB_BATTLEFIELD || kind == ARB_EXILE ? -1 : card->owner, kind);
  c.c = lua_isnoneornil(L, 4) ? 1 : lua_toboolean(L, 4);
  arb_l_core(L, lg, &c);
  return 0;
}

/* g:_set_owner(card, p): the card's owner becomes p (ante: "the winner owns the ante",
** Darkpact's "you own target card in the ante"), journaled (a failed action undoes it,
** 422). The Lua layer (ante.lua) checks where the card is and emits the "owner" event; a
** card's next zone is its new owner's (dest_zone). Works after the game is over too: the
** ante changes hands as the game ends. */
static int owner_fn(arb_game *g, arb_l_call *c) {
  arb_card *card = arb_card_get(g, c->a);   /* outside play: its controller is its owner */
  if (arb_jset_card(g, c->a, &card->owner, c->b)) return ARB_ENOMEM;
  return arb_jset_card(g, c->a, &card->controller, c->b);
}
static int g_set_owner_raw(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call call = {.fn = owner_fn};
  call.a = arb_l_checkcard(L, 2, lg);
  call.b = arb_l_checkplayer(L, 3, lg);
  arb_l_core(L, lg, &call);
  return 0;
}

/* g:_ante(on): the game is played for ante (house.ante): as it ends with a winner, the
** winner owns the ante (actions.c) */
static int g_ante_raw(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  if (arb_set_ante(lg->g, lua_toboolean(L, 2))) return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

/* g:_face(card, down): turns a permanent face down (down true) or face up, journaled
** (504). Face down, the effects it is the source of that last while it stays on the
** battlefield end (its abilities: 504.1, it has none); face up, the Lua layer installs
** its abilities again (face_down.lua). */
static int face_fn(arb_game *g, arb_l_call *c) {
  arb_card *card = arb_card_get(g, c->a);
  if (arb_jset_card8(g, c->a, &card->facedown, c->b)) return ARB_ENOMEM;
  if (!c->b) return ARB_OK;
  {
    int rc = arb_statics_source_left(g, c->a);
    if (rc) return rc;
  }
  return arb_effects_source_left(g, c->a);
}
static int g_face_raw(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call call = {.fn = face_fn};
  call.a = arb_l_checkcard(L, 2, lg);
  call.b = lua_toboolean(L, 3);
  arb_l_core(L, lg, &call);
  return 0;
}

static const luaL_Reg move_methods[] = {
  {"move", g_move}, {"shuffle", g_shuffle},
  {"draw", g_draw}, {"_draw", g_draw_raw}, {"_discard", g_discard_raw}, {"_place", g_place}, {"_set_owner", g_set_owner_raw}, {"_ante", g_ante_raw}, {"_face", g_face_raw},
  {NULL, NULL}
};

int arb_l_move_open(lua_State *L) {
  arb_l_add_game_methods(L, move_methods);
  return 0;
}
