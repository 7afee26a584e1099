/*
** lgame.c — the Game class: creation, zones, draws, discards,
** life, damage, outcomes, state-based actions, settle, effects (the raw
** registration the Lua layer wraps), history, attempt, clone, state hash.
** Methods that run scripts go through arb_l_guarded: atomic (422).
*/
#include <stdlib.h>
#include <string.h>
#include "lbind.h"
#include "solver.h"

void arb_l_register(lua_State *L, int gidx, lgame *lg);

static const char *const zone_opts[] = {"library", "hand", "graveyard", "battlefield", "exile", NULL};

/* The zone kind named by the string at idx (argument argn), or an error
** that names the value: "unknown zone 'deck'". */
int arb_l_zonekind(lua_State *L, int idx, int argn) {
  const char *z = lua_type(L, idx) == LUA_TSTRING ? lua_tostring(L, idx) : NULL;
  int k;
  if (!z) {
    arb_l_describe(L, idx);
    return luaL_argerror(L, argn, lua_pushfstring(L, "zone name expected, got %s", lua_tostring(L, -1)));
  }
  for (k = 0; zone_opts[k]; k++)
    if (!strcmp(zone_opts[k], z)) return k;
  return luaL_argerror(L, argn, lua_pushfstring(L, "unknown zone '%s'", z));
}

/* ---- creation ---- */

static int game_gc(lua_State *L) {
  lgame *lg = luaL_checkudata(L, 1, GAME_MT);
  if (lg->g) arb_l_combat_free(lg);
  if (lg->solver) arb_solver_free(lg->solver);
  lg->solver = NULL;
  if (lg->g) arb_game_free(lg->g);
  lg->g = NULL;
  if (lg->mem) arb_l_mem_trim(lg->mem);   /* a dropped game leaves no spare blocks behind */
  return 0;
}

static const void *mt_of(lua_State *L, const char *name) {
  const void *p;
  luaL_getmetatable(L, name);
  p = lua_topointer(L, -1);
  lua_pop(L, 1);
  return p;
}

/* Pushes a game userdata that owns nothing yet (its __gc is harmless). The
** core game is made after it (adopt), so no error can leave a game unowned. */
static lgame *push_empty(lua_State *L) {
  lgame *lg = arb_newudatan(L, sizeof(lgame), ARB_NUV - 1);
  lg->g = NULL;
  lg->L = L;
  lg->solver = NULL;
  lg->ccache = NULL;
  lg->mem = NULL;
  lg->card_mt = mt_of(L, CARD_MT);
  lg->player_mt = mt_of(L, PLAYER_MT);
  lg->zone_mt = mt_of(L, ZONE_MT);
  lg->hostlog_top = 0;
  luaL_setmetatable(L, GAME_MT);
  lg->mem = arb_l_mem(L);
  lua_newtable(L);
  arb_setuvn(L, -2, ARB_UV_CARDS);
  lua_newtable(L);
  arb_setuvn(L, -2, ARB_UV_OBJS);
  arb_l_pushnames(L);
  arb_setuvn(L, -2, ARB_UV_NAMES);
  return lg;
}

/* Gives the userdata on top its core game g (raises if g is NULL). */
static lgame *adopt(lua_State *L, lgame *lg, arb_game *g) {
  if (!g) luaL_error(L, "arbiter: not enough memory for a game");
  lg->g = g;
  arb_l_sethooks(L, lg);
  arb_l_register(L, -1, lg);
  return lg;
}

static void new_env(lua_State *L) {
  lua_createtable(L, 0, 8);
  lua_newtable(L); lua_setfield(L, -2, "refs");
  lua_newtable(L); lua_setfield(L, -2, "defs");
}

/* core.new_game(team_sizes, seed, life) -> game (the Lua layer names players) */
int arb_l_new_game(lua_State *L) {
  int sizes[64], n, i;
  lua_Integer seed = luaL_checkinteger(L, 2), life = luaL_checkinteger(L, 3);
  arb_lmem *mem = arb_l_mem(L);
  lgame *lg;
  luaL_checktype(L, 1, LUA_TTABLE);
  n = (int)lua_rawlen(L, 1);
  luaL_argcheck(L, n >= 1 && n <= 64, 1, "1 to 64 teams");
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, 1, i + 1);
    sizes[i] = (int)lua_tointeger(L, -1);
    luaL_argcheck(L, sizes[i] >= 1 && sizes[i] <= 16, 1, "team sizes must be 1 to 16");
    lua_pop(L, 1);
  }
  lg = push_empty(L);
  adopt(L, lg, arb_game_new(arb_l_alloc, mem, (uint64_t)seed, sizes, n, (int)life));
  new_env(L);
  arb_setuv(L, -2);
  return 1;
}

/* ---- moving, drawing, discarding ---- */

static int move_top(lua_State *L, int kind) {   /* opts.position: top unless "bottom" */
  int top = 1;
  if (kind == ARB_LIBRARY && lua_istable(L, 4)) {
    lua_getfield(L, 4, "position");
    top = !(lua_isstring(L, -1) && !strcmp(lua_tostring(L, -1), "bottom"));
    lua_pop(L, 1);
  }
  return top;
}

static int move_fn(arb_game *g, arb_l_call *c) { return arb_move(g, c->a, c->b, c->c); }

static int g_move(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
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
  }
  lua_settop(L, 4);
  {
    int card = arb_l_checkcard(L, 2, lg), kind = arb_l_zonekind(L, 3, 3), rc;
    if (arb_move_quiet(lg->g, card, kind)) {   /* cannot fail midway: no pcall, no journal */
      lg->mem->host++;                          /* core frames live: as arb_l_guarded */
      rc = arb_move(lg->g, card, kind, move_top(L, kind));
      lg->mem->host--;
      if (rc) return arb_l_fail(L, lg, rc);
    } else {
      arb_l_call c = {.fn = move_fn};
      c.a = card;
      c.b = kind;
      c.c = move_top(L, kind);
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

/* g:_draw(p, n) -> array of the cards this instruction itself drew */
static int draw_body(lua_State *L) {   /* game, player, n: checked by the caller */
  lgame *lg = lua_touserdata(L, 1);
  int p = ((lproxy *)lua_touserdata(L, 2))->id, n = (int)lua_tointeger(L, 3), i, k = 0;
  lua_createtable(L, n < 64 ? n : 64, 0);
  for (i = 0; i < n; i++) {
    int card, rc = arb_draw(lg->g, p, &card);
    if (rc) return arb_l_fail(L, lg, rc);
    if (card >= 0) {
      arb_l_pushcard(L, 1, card);
      lua_rawseti(L, 4, ++k);
    }
  }
  return 1;
}

/* The same when nothing listens to draws (arb_hooked): no script can run,
** so there is no pcall; arb_draw_n is atomic by itself, and what Lua
** allocates (the result, the proxies of the cards that can be drawn: the
** library's top n) is made before it. */
static int draw_quiet(lua_State *L, lgame *lg, int p, int n) {
  arb_zone *lib = arb_zone_get(lg->g, arb_zone_id(lg->g, p, ARB_LIBRARY));
  int k = n < lib->n ? n : lib->n, i, got, rc;
  lua_settop(L, 2);
  lua_createtable(L, k, 0);                        /* 3: the result */
  arb_getuvn(L, 1, ARB_UV_CARDS);                  /* 4: card proxies */
  for (i = 0; i < k && i < lib->n; i++) {         /* the top k, top first: what gets drawn */
    int id = lib->cards[lib->n - 1 - i];
    if (lua_rawgeti(L, 4, (lua_Integer)id + 1) == LUA_TNIL) {
      lua_pop(L, 1);
      arb_l_pushcard(L, 1, id);                    /* made and kept */
    }
    lua_rawseti(L, 3, i + 1);
  }
  lg->mem->host++;                                 /* core frames live: as arb_l_guarded */
  rc = arb_draw_n(lg->g, p, n, &got);
  lg->mem->host--;
  if (rc) return arb_l_fail(L, lg, rc);
  for (i = got; i < k; i++) {                      /* a lost player or an ended game draws nothing */
    lua_pushnil(L);
    lua_rawseti(L, 3, i + 1);
  }
  lua_settop(L, 3);
  return 1;
}

static int draw_n(lua_State *L, lgame *lg, int p, int n) {
  if (!arb_hooked(lg->g, ARB_EV_DRAW)) return draw_quiet(L, lg, p, n);
  lua_settop(L, 2);
  lua_pushinteger(L, n);
  return arb_l_guarded(L, lg, draw_body);
}

static int check_count(lua_State *L, int idx) {
  lua_Integer n = luaL_optinteger(L, idx, 1);
  if (n < 0) luaL_argerror(L, idx, lua_pushfstring(L, "count must be >= 0, got %I", n));
  if (n > 100000000) luaL_argerror(L, idx, "count too large");
  return (int)n;
}

static int g_draw_raw(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  return draw_n(L, lg, p, check_count(L, 3));
}

/* g:draw(p, n, opts): n separate draws, one at a time (423.2) -> the cards
** this call drew. The common call is all C; with options (optional draws,
** `after`) the Lua layer's _draw_opts takes over. Messages read like the
** Lua layer's: the argument number counts from p. */
static int g_draw(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p, t3 = lua_type(L, 3);
  lua_Integer n = 1;
  if (lua_type(L, 4) > LUA_TNIL) {
    lua_settop(L, 4);
    lua_getfield(L, 1, "_draw_opts");
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

/* g:random(n) -> integer in [1, n] from the game's seeded RNG */
static int g_random(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer n = 0;
  int isint = arb_l_tointeger(L, 2, &n);
  uint32_t r;
  if (!isint || n < 1 || n > 0x7fffffff) {
    arb_l_describe(L, 2);
    luaL_argerror(L, 2, lua_pushfstring(L, "bound must be an integer 1 to 2^31-1, got %s",
                                        lua_tostring(L, -1)));
  }
  if (arb_random(lg->g, (uint32_t)n, &r)) return arb_l_fail(L, lg, ARB_ENOMEM);
  lua_pushinteger(L, (lua_Integer)r + 1);
  return 1;
}

/* ---- damage, life, outcomes ---- */

/* a: source card or -1, b: target card or -1, c: target player or -1, d: amount */
static int damage_fn(arb_game *g, arb_l_call *c) { return arb_damage(g, c->a, c->b, c->c, c->d, 0); }

/* g:damage(source_card_or_nil, target_card_or_player, amount) */
static int g_damage(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = damage_fn, .a = -1, .b = -1, .c = -1};
  lua_Integer n = 0;
  int isint;
  if (!lua_isnil(L, 2)) c.a = arb_l_checkcard(L, 2, lg);
  if (luaL_testudata(L, 3, CARD_MT)) c.b = arb_l_checkcard(L, 3, lg);
  else if (luaL_testudata(L, 3, PLAYER_MT)) c.c = arb_l_checkplayer(L, 3, lg);
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
static int g_lose(lua_State *L) { return outcome(L, 0); }

static int g_result(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_result r = arb_result_get(lg->g);
  int p, n = 0;
  if (!r.over) return 0;
  lua_createtable(L, 0, 3);
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

/* ---- effects: raw registration; the Lua layer builds the records ---- */

static const char *const fx_kinds[] = {"replacement", "trigger", "observer", NULL};

/* g:_effect(kind, event, record, source_card_or_nil, controller_or_nil,
**           keep) -> id; keep: the effect outlasts its source leaving the
**           battlefield (by default an effect of a card on the battlefield ends) */
static int g_effect(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int kind = luaL_checkoption(L, 2, NULL, fx_kinds);
  const char *evname = luaL_checkstring(L, 3);
  int type = arb_event_parse(evname), src = -1, ctl = -1, ref, id, rc, name = -1;
  if (type < 0 || type == ARB_EV_NAMED) {     /* a named event: the Lua layer checked the name */
    type = ARB_EV_NAMED;
    if ((name = arb_intern(lg->g, evname, strlen(evname))) < 0) return arb_l_fail(L, lg, ARB_ENOMEM);
  }
  luaL_checktype(L, 4, LUA_TTABLE);
  if (!lua_isnoneornil(L, 5)) src = arb_l_checkcard(L, 5, lg);
  if (!lua_isnoneornil(L, 6)) ctl = arb_l_checkplayer(L, 6, lg);
  lua_settop(L, 7);
  arb_l_env(L, 1);
  lua_getfield(L, -1, "refs");
  lua_pushvalue(L, 4);
  ref = luaL_ref(L, -2);
  if ((rc = arb_effect_add(lg->g, kind, type, ref, src, ctl, &id))) return arb_l_fail(L, lg, rc);
  if (lua_toboolean(L, 7)) arb_effect_get(lg->g, id)->until_leaves = 0;
  arb_effect_get(lg->g, id)->name = name;
  if (lua_getfield(L, 4, "targets") != LUA_TNIL)      /* a targeting trigger (413) */
    arb_effect_get(lg->g, id)->targeted = 1;
  lua_pushinteger(L, id);
  return 1;
}

/* g:_effect_remove(id[, record]) -> true; with the record (a handle), false and
** no change when id isn't that record's effect in this game (a handle of another game). */
static int g_effect_remove(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer id = luaL_checkinteger(L, 2);
  arb_effect *fx = arb_effect_get(lg->g, (int)id);
  if (!lua_isnoneornil(L, 3)) {
    int mine = 0;
    if (fx) {
      arb_l_env(L, 1);
      lua_getfield(L, -1, "refs");
      lua_rawgeti(L, -1, fx->ref);
      mine = lua_rawequal(L, -1, 3);
    }
    if (!mine) { lua_pushboolean(L, 0); return 1; }
  }
  if (!fx) luaL_argerror(L, 2, "no such effect");
  if (arb_effect_remove(lg->g, (int)id)) return arb_l_fail(L, lg, ARB_ENOMEM);
  lua_pushboolean(L, 1);
  return 1;
}

static int g_effect_active(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_effect *fx = arb_effect_get(lg->g, (int)luaL_checkinteger(L, 2));
  lua_pushboolean(L, fx && fx->active == ARB_FX_ON);
  return 1;
}

/* ---- history, hash, attempt, clone ---- */

static int g_history(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int n = arb_history_len(lg->g), i, from = (int)luaL_optinteger(L, 2, 1);
  lua_createtable(L, n, 0);
  for (i = from < 1 ? 0 : from - 1; i < n; i++) {
    arb_l_pushevent(L, 1, arb_history_get(lg->g, i));
    lua_rawseti(L, -2, i + 1 - (from < 1 ? 0 : from - 1));
  }
  return 1;
}

static int g_history_len(lua_State *L) {
  lua_pushinteger(L, arb_history_len(arb_l_checkgame(L, 1)->g));
  return 1;
}

static int g_state_hash(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  char buf[17];
  static const char hex[] = "0123456789abcdef";
  uint64_t h = arb_state_hash(lg->g, lua_toboolean(L, 2));
  int i;
  for (i = 15; i >= 0; i--) { buf[i] = hex[h & 15]; h >>= 4; }
  buf[16] = '\0';
  lua_pushstring(L, buf);
  return 1;
}

static int attempt_body(lua_State *L) {   /* fn, g, args... */
  arb_l_guard(L, arb_l_mem(L), 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  luaL_checkstack(L, 2, "too many results");  /* room for run_action's boolean, made here */
  return lua_gettop(L);
}

/* Runs fn(g, args...) (at 2, 3...) as one action; on error everything is
** undone and, unless `raise`, false plus the error is returned. */
static int run_action(lua_State *L, lgame *lg, int raise) {
  lua_State *oldL = lg->L;
  size_t mark;
  int status;
  if (lua_type(L, 2) != LUA_TFUNCTION) {
    arb_l_describe(L, 2);
    luaL_argerror(L, 2, lua_pushfstring(L, "function expected, got %s", lua_tostring(L, -1)));
  }
  lua_pushvalue(L, 1);
  lua_insert(L, 3);                        /* g, fn, g, args */
  lua_pushcfunction(L, attempt_body);
  lua_replace(L, 1);                       /* body, fn, g, args */
  mark = arb_mark(lg->g);
  lg->L = L;
  status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  lg->L = oldL;
  if (status != LUA_OK) {
    arb_l_rollback(L, lg, mark);
    if (raise) return lua_error(L);
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  arb_commit(lg->g);                       /* nothing allocates after this */
  if (raise) return lua_gettop(L);
  lua_pushboolean(L, 1);
  lua_insert(L, 1);
  return lua_gettop(L);
}

/* g:attempt(fn, ...) -> true, results... | false, err (everything undone,
** 422.1: no ability triggers and no effect applies from an undone action) */
static int g_attempt(lua_State *L) { return run_action(L, arb_l_checkgame(L, 1), 0); }

/* g:_atomic(fn, ...) -> results...; raises after undoing everything (arbiter.atomic) */
static int g_atomic(lua_State *L) { return run_action(L, arb_l_checkgame(L, 1), 1); }

/* g:clone(): the env is copied shallowly: scripts are shared, not copied */
static int g_clone(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1), *nl;
  lua_settop(L, 1);
  nl = push_empty(L);                      /* 2: made before the copy, which it then owns */
  adopt(L, nl, arb_game_clone(lg->g));
  new_env(L);                              /* 3 */
  arb_l_env(L, 1);                         /* 4 */
  lua_pushnil(L);
  while (lua_next(L, 4)) {
    const char *k = lua_tostring(L, -2);
    if (k && strcmp(k, "objs") == 0) {
      /* stack objects' Lua values are the original's: the clone makes its own */
    } else if (k && lua_istable(L, -1) && strcmp(k, "err") != 0) {
      lua_newtable(L);                     /* copy one level: refs, defs, ... */
      lua_pushnil(L);
      while (lua_next(L, -3)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
      }
      lua_setfield(L, 3, k);
    } else if (k) {
      lua_pushvalue(L, -1);
      lua_setfield(L, 3, k);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  arb_setuv(L, 2);
  return 1;
}

static int g_set_active(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  if (arb_set_active(lg->g, p)) return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

/* g:set_limits{replacement_depth=, settle_rounds=} -> the old limits */
/* One field of g:set_limits{...}: an integer 1..max, or cur when absent. The
** message names set_limits itself (the Lua layer wraps this function). */
static lua_Integer limit_field(lua_State *L, const char *k, lua_Integer max, lua_Integer cur) {
  int isint = 1;
  if (lua_getfield(L, 2, k) != LUA_TNIL) isint = arb_l_tointeger(L, -1, &cur);
  if (!isint || cur < 1 || cur > max) {
    arb_l_describe(L, -1);
    luaL_error(L, "bad argument #1 to 'set_limits' (%s must be an integer 1 to %I, got %s)", k, max,
               lua_tostring(L, -1));
  }
  lua_pop(L, 1);
  return cur;
}

static int g_set_limits(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_limits *lim = arb_limits_of(lg->g);
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, lim->replacement_depth);
  lua_setfield(L, -2, "replacement_depth");
  lua_pushinteger(L, lim->settle_rounds);
  lua_setfield(L, -2, "settle_rounds");
  if (!lua_isnoneornil(L, 2)) {   /* both checked before either changes */
    lua_Integer depth, rounds;
    luaL_checktype(L, 2, LUA_TTABLE);
    depth = limit_field(L, "replacement_depth", 100000, lim->replacement_depth);
    rounds = limit_field(L, "settle_rounds", 100000000, lim->settle_rounds);
    if (arb_set_limits(lg->g, (int32_t)depth, (int32_t)rounds)) return arb_l_fail(L, lg, ARB_ENOMEM);
  }
  return 1;
}

/* g:_host_change() -> the serial a host-side setting change is filed under,
** or nil when no action is open (nothing can undo it: settings.c) */
static int g_host_change(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int32_t s;
  if (arb_host_change(lg->g, &s)) return arb_l_fail(L, lg, ARB_ENOMEM);
  if (s == 0) return 0;
  if (s > lg->hostlog_top) lg->hostlog_top = s;
  lua_pushinteger(L, s);
  return 1;
}

/* g:_host_serial() -> the count of host-side changes in force */
static int g_host_serial(lua_State *L) {
  lua_pushinteger(L, arb_host_serial(arb_l_checkgame(L, 1)->g));
  return 1;
}

/* g:_choice(): the Lua layer notes a real choice by a player (421.5) */
static int g_choice(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  if (arb_note_choice(lg->g)) return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

/* g:card(id) -> the card with that id in this game, or nil. Scripts that keep
** ids rather than card values work in a clone too (same ids, other values). */
static int g_card(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer id = luaL_checkinteger(L, 2);
  if (id < 0 || id >= arb_ncards(lg->g)) return 0;
  arb_l_pushcard(L, 1, (int)id);
  return 1;
}

static const luaL_Reg game_methods[] = {
  {"card", g_card}, {"move", g_move}, {"shuffle", g_shuffle},
  {"draw", g_draw}, {"_draw", g_draw_raw}, {"_discard", g_discard_raw}, {"random", g_random},
  {"damage", g_damage}, {"win", g_win}, {"lose", g_lose}, {"result", g_result},
  {"check_state", g_check_state}, {"settle", g_settle},
  {"_effect", g_effect}, {"_effect_remove", g_effect_remove},
  {"_effect_active", g_effect_active},
  {"history", g_history}, {"history_length", g_history_len},
  {"state_hash", g_state_hash}, {"attempt", g_attempt}, {"_atomic", g_atomic}, {"clone", g_clone},
  {"_host_change", g_host_change}, {"_host_serial", g_host_serial},
  {"set_active", g_set_active}, {"set_limits", g_set_limits},
  {"_choice", g_choice},
  {NULL, NULL}
};

static int game_index(lua_State *L) {
  lgame *lg;
  const char *k;
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
  lg = arb_l_checkgame(L, 1);     /* methods check the game themselves */
  k = lua_tostring(L, 2);
  if (!k) return 0;
  /* the fields the engine reads most come first (a game reads active_player and step
  ** a dozen times a turn) */
  if (!strcmp(k, "active_player")) arb_l_pushplayer(L, 1, arb_active(lg->g));
  else if (!strcmp(k, "step")) {
    int s = arb_current_step(lg->g);
    if (s < 0) return 0;
    lua_pushstring(L, arb_step_name(s));
  }
  else if (!strcmp(k, "turn")) lua_pushinteger(L, arb_turn(lg->g));
  else if (!strcmp(k, "stack")) arb_l_pushzone(L, 1, arb_zone_id(lg->g, -1, ARB_STACK));
  else if (!strcmp(k, "priority")) arb_l_pushplayer(L, 1, arb_priority(lg->g));
  else if (!strcmp(k, "battlefield")) arb_l_pushzone(L, 1, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
  else if (!strcmp(k, "exile")) arb_l_pushzone(L, 1, arb_zone_id(lg->g, -1, ARB_EXILE));
  else if (!strcmp(k, "players")) {
    int p, n = arb_nplayers(lg->g);
    lua_createtable(L, n, 0);
    for (p = 0; p < n; p++) { arb_l_pushplayer(L, 1, p); lua_rawseti(L, -2, p + 1); }
  } else {
    arb_l_env(L, 1);                      /* Lua-layer fields live in env.fields */
    lua_getfield(L, -1, "fields");
    if (!lua_istable(L, -1)) return 0;
    lua_getfield(L, -1, k);
  }
  return 1;
}

/* g.x = v: games change only through their methods. */
static int game_newindex(lua_State *L) {
  arb_l_checkgame(L, 1);
  if (lua_type(L, 2) == LUA_TSTRING) lua_pushfstring(L, "'%s'", lua_tostring(L, 2));
  else arb_l_describe(L, 2);
  arb_l_describe(L, 3);
  return luaL_error(L, "cannot set game field %s to %s: a game changes only through its methods",
                    lua_tostring(L, -2), lua_tostring(L, -1));
}

static int game_tostring(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushfstring(L, "arbiter game (%d players, turn %d)", arb_nplayers(lg->g), arb_turn(lg->g));
  return 1;
}

/* Adds C methods to Game (each binding file registers its own). */
void arb_l_add_game_methods(lua_State *L, const luaL_Reg *fns) {
  luaL_getmetatable(L, GAME_MT);
  lua_getfield(L, -1, "methods");
  lua_pushvalue(L, -2);                    /* upvalue 1: the metatable (arb_l_testgame) */
  luaL_setfuncs(L, fns, 1);
  lua_pop(L, 2);
}

int arb_l_game_open(lua_State *L) {
  luaL_newmetatable(L, GAME_MT);
  lua_pushvalue(L, -1);
  arb_l_setgamemt(L);
  luaL_newlibtable(L, game_methods);
  lua_pushvalue(L, -2);                    /* upvalue 1: the metatable (arb_l_testgame) */
  luaL_setfuncs(L, game_methods, 1);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "methods");          /* the Lua layer adds methods here */
  lua_pushvalue(L, -2);                    /* game_index: upvalue 1 the metatable, 2 methods */
  lua_insert(L, -2);
  lua_pushcclosure(L, game_index, 2);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, game_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, game_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pushcfunction(L, game_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pop(L, 1);
  return 0;
}
