/*
** lhooks.c — where C calls Lua: the pipeline's hooks (replacements,
** observers, triggered abilities, the replacement-order choice) and the
** guard that makes every API call one atomic action (422): a mark before,
** a rollback of everything after it if anything raises.
*/
#include <string.h>
#include "lbind.h"

/* ---- finding the game from C ---- */

/* The weak-valued {[lgame *] = game userdata}, kept in a slot of the
** registry's array (luaL_ref: an integer index, no hashed lookup; the slot in
** the Lua state's arb_lmem). Only the lgame's address matters (a light
** userdata key). A hook finds its game at every call: first where a method's
** body has it, its first argument (the full userdata whose block is lg is the
** game itself), else here. */
void arb_l_pushgame_of(lua_State *L, lgame *lg) {
  if (lua_touserdata(L, 1) == (void *)lg && lua_type(L, 1) == LUA_TUSERDATA) {
    lua_pushvalue(L, 1);
    return;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, lg->mem->games_ref);
  lua_rawgetp(L, -1, lg);
  lua_replace(L, -2);
}

void arb_l_env(lua_State *L, int gidx) { arb_getuv(L, gidx); }

void arb_l_register(lua_State *L, int gidx, lgame *lg);
void arb_l_register(lua_State *L, int gidx, lgame *lg) {
  gidx = lua_absindex(L, gidx);
  if (!lg->mem->games_ref) {
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lg->mem->games_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, lg->mem->games_ref);
  lua_pushvalue(L, gidx);
  lua_rawsetp(L, -2, lg);
  lua_pop(L, 1);
}

/* ---- errors ---- */

int arb_l_fail(lua_State *L, lgame *lg, int rc) {
  switch (rc) {
  case ARB_EHOOK:
    arb_l_pushgame_of(L, lg);
    arb_l_env(L, -1);
    lua_getfield(L, -1, "err");
    return lua_error(L);
  case ARB_ENOMEM: return luaL_error(L, "arbiter: not enough memory");
  case ARB_ELIMIT:
    return luaL_error(L, "arbiter: cascade limit exceeded (replacement depth %d, or "
                      "settle rounds %d with a player's choice in the cascade: an "
                      "optional loop, 421.5, see g:loop); the action was undone — "
                      "raise the limit with g:set_limits{...} if this is intended",
                      (int)arb_limits_of(lg->g)->replacement_depth,
                      (int)arb_limits_of(lg->g)->settle_rounds);
  case ARB_EABIL: {
    const arb_card *c = arb_card_get(lg->g, arb_abil_full(lg->g));
    return luaL_error(L, "arbiter: %s (card %d) would have more than %d distinct abilities, or more than %d "
                      "instances of one (its own and those continuous effects give it; ARB_MAXABIL, "
                      "ARB_MAXCOUNT): the action was undone",
                      c ? arb_str(lg->g, c->name) : "a card", c ? (int)c->id : -1, ARB_MAXABIL, ARB_MAXCOUNT);
  }
  case ARB_ESUB: {
    const arb_card *c = arb_card_get(lg->g, arb_abil_full(lg->g));
    return luaL_error(L, "arbiter: %s (card %d) would have more than %d subtypes (its own and those "
                      "continuous effects give it; ARB_MAXSUB): the action was undone",
                      c ? arb_str(lg->g, c->name) : "a card", c ? (int)c->id : -1, ARB_MAXSUB);
  }
  default: return luaL_error(L, "arbiter: invalid argument to the core (%d)", rc);
  }
}

/* ---- the guard ---- */

/* After a rollback, the Lua side undoes its settings filed above the serial
** now in force (settings.c): env.undo_settings(g), in a protected call (the
** error on top of the stack stays). Returns 1 with the undo's own error pushed
** when it raised (the caller raises it: a setting left changed breaks 422). */
static int undo_settings(lua_State *L, lgame *lg) {
  int32_t now = arb_host_serial(lg->g);
  if (now >= lg->hostlog_top) return 0;
  lg->hostlog_top = now;
  arb_l_pushgame_of(L, lg);
  arb_l_env(L, -1);
  lua_getfield(L, -1, "undo_settings");
  if (!lua_isfunction(L, -1)) {
    lua_pop(L, 3);
    return 0;
  }
  lua_pushvalue(L, -3);
  if (lua_pcall(L, 1, 0, 0) == LUA_OK) {
    lua_pop(L, 2);
    return 0;
  }
  lua_replace(L, -3);                  /* the undo's error where the game was */
  lua_pop(L, 1);
  return 1;
}

/* Rolls back to mark and forgets the proxies and definitions of cards the
** undone action created, so a card created later with the same id gets a
** fresh Lua value. Keeps the value on top of the stack (the error); raises
** instead when undoing the Lua side's settings raised. */
void arb_l_rollback(lua_State *L, lgame *lg, size_t mark) {
  int before = arb_ncards(lg->g), id, failed;
  arb_rollback(lg->g, mark);
  failed = undo_settings(L, lg);
  if (arb_ncards(lg->g) != before) {
    arb_l_pushgame_of(L, lg);
    arb_l_env(L, -1);
    lua_getfield(L, -1, "defs");
    for (id = arb_ncards(lg->g); id < before; id++) {
      arb_l_forgetcard(L, -3, id);
      if (lg->defs_shared) continue;   /* a clone's too: kept (no game reads an id past its
                                          ncards; the next card made copies first) */
      lua_pushnil(L);
      lua_rawseti(L, -2, id);
    }
    lua_pop(L, 3);
  }
  if (failed) {
    lua_pushfstring(L, "arbiter: undoing the settings of a failed action raised: %s",
                    lua_tostring(L, -1) ? lua_tostring(L, -1) : luaL_typename(L, -1));
    lua_error(L);
  }
}

/* Calls the function below the top nargs values as one action: undone as a
** whole (and the error raised again) when it fails. */
static void protected_action(lua_State *L, lgame *lg, int nargs, int nres) {
  lua_State *oldL = lg->L;
  size_t mark = arb_mark(lg->g);
  arb_inflight inflight = arb_inflight_save(lg->g);
  int status;
  ARB_L_ONE_GAME(L, lg);
  lg->L = L;
  lg->mem->host++;                      /* core frames live: see lsandbox.c */
  status = lua_pcall(L, nargs, nres, 0);
  lg->mem->host--;
  lg->L = oldL;
  if (status != LUA_OK) {
    arb_inflight_restore(lg->g, inflight);   /* a memory error in a hook skipped core frames */
    arb_l_rollback(L, lg, mark);
    lua_error(L);
  }
  arb_commit(lg->g);
}

int arb_l_guarded(lua_State *L, lgame *lg, lua_CFunction body) {
  int base;
  /* every call starts from current characteristics (lstatic.c): the core's own reads
  ** (controllers, abilities) see what the continuous effects make, whoever read before */
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);
  base = lua_gettop(L);
  lua_pushcfunction(L, body);
  lua_insert(L, 1);
  protected_action(L, lg, base, LUA_MULTRET);
  return lua_gettop(L);
}

/* The call (light userdata) is its second argument; the method's self its first (arb_l_core):
** when that is the game (g:method), the hooks the core calls find it there (arb_l_pushgame_of)
** rather than through the games' table (~270 instructions a hook call, ~2,300 calls in 20
** Alpha games). */
static int core_body(lua_State *L) {
  arb_l_call *c = lua_touserdata(L, 2);
  int rc = arb_chars_refresh(c->lg->g);  /* current characteristics first (as arb_l_guarded) */
  if (!rc) rc = c->fn(c->lg->g, c);
  return rc ? arb_l_fail(L, c->lg, rc) : 0;
}

void arb_l_core(lua_State *L, lgame *lg, arb_l_call *c) {
  int rc;
  size_t mark;
  c->lg = lg;
  ARB_L_ONE_GAME(L, lg);
  if (!arb_host_free(lg->g)) {
    lua_pushcfunction(L, core_body);
    lua_pushvalue(L, 1);                  /* the method's self (checked: a game, or a card) */
    lua_pushlightuserdata(L, c);
    protected_action(L, lg, 2, 0);
    return;
  }
  mark = arb_mark(lg->g);
  lg->mem->host++;                        /* core frames live: as arb_l_guarded */
  rc = arb_chars_refresh(lg->g);          /* no host code: no predicate to ask */
  if (!rc) rc = c->fn(lg->g, c);
  lg->mem->host--;
  if (rc) {
    arb_l_rollback(L, lg, mark);
    arb_l_fail(L, lg, rc);
  }
  arb_commit(lg->g);
}

/* ---- calling scripts ---- */

static int traceback(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) return 1;            /* keep non-string error objects */
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/* The event an effect listens to: a named event's name, else its type. */
static const char *fx_event(lgame *lg, const arb_effect *fx) {
  return fx->name >= 0 ? arb_str(lg->g, fx->name) : arb_event_name(fx->type);
}

/* Calls the function at -(nargs+1) with nargs args; on error stores a
** message naming the script and its source card in env.err. msgh: the stack
** index of the traceback function below it (push_script's), or 0 to put one
** there for the call. */
static int call_script(lua_State *L, lgame *lg, int nargs, int nres,
                       const char *what, const arb_effect *fx, int own, int msgh) {
  int fidx = lua_gettop(L) - nargs, status;
  arb_l_guard(L, lg->mem, fidx);        /* card-script code runs under its budget */
  if (own) {                            /* a replacement changes its event (issue 24 item 7) */
    lua_pushvalue(L, fidx + 1);
    lua_insert(L, fidx);                /* kept below the call to be unmarked after it */
    arb_l_own(L, fidx, 1);
    fidx++;
  }
  if (msgh) {
    status = lua_pcall(L, nargs, nres, msgh);
  } else {
    lua_pushcfunction(L, traceback);
    lua_insert(L, fidx);
    status = lua_pcall(L, nargs, nres, fidx);
    lua_remove(L, fidx);
  }
  if (own) { arb_l_own(L, fidx - 1, 0); lua_remove(L, fidx - 1); }
  if (status == LUA_OK) return ARB_OK;
  arb_l_pushgame_of(L, lg);
  arb_l_env(L, -1);
  if (lua_type(L, -3) == LUA_TSTRING) {
    arb_card *src = fx ? arb_card_get(lg->g, fx->source) : NULL;
    if (src)
      lua_pushfstring(L, "arbiter: %s (%s) of %s (card %d) failed: %s", what,
                      fx_event(lg, fx), arb_str(lg->g, src->name),
                      (int)src->id, lua_tostring(L, -3));
    else
      lua_pushfstring(L, "arbiter: %s (%s) failed: %s", what,
                      fx ? fx_event(lg, fx) : "-", lua_tostring(L, -3));
  } else {
    lua_pushvalue(L, -3);
  }
  lua_setfield(L, -2, "err");
  lua_pop(L, 3);
  return ARB_EHOOK;
}

/* Pushes the game (at the index returned), the traceback function (the next:
** call_script's msgh), then field `name` of the effect's record (a hook runs at
** every event an effect watches: no stack rotation). */
static int push_script(lua_State *L, lgame *lg, const arb_effect *fx,
                       const char *name) {
  int gidx;
  arb_l_pushgame_of(L, lg);
  gidx = lua_gettop(L);
  lua_pushcfunction(L, traceback);
  arb_getuvn(L, gidx, ARB_UV_REFS);     /* env.refs */
  lua_rawgeti(L, -1, fx->ref);
  lua_getfield(L, -1, name);
  lua_replace(L, gidx + 2);
  lua_settop(L, gidx + 2);
  return gidx;
}

/* A script's arguments: the event, the game, and the effect's source card in
** this game (nil without one). A clone shares the scripts, not their games:
** a script that uses its arguments rather than upvalues acts on the game it
** runs in. */
static void push_args(lua_State *L, int gidx, const arb_effect *fx, const arb_event *ev) {
  arb_l_pushevent(L, gidx, ev);
  lua_pushvalue(L, gidx);
  arb_l_pushcard(L, gidx, fx->source);
}

/* Runs the effect record's script `field` on (ev, game, source), leaving nres
** results on the stack; *base is where the caller resets the stack to.
** own: OWN, the event is the script's to change (a replacement's `replace`); QUESTION, the
** event is the game's question table (a replacement's `applies`: arb_l_pushquestion fills
** one table again for each question instead of a new one per draw of a bulk draw), closed
** once the script has returned.
** NO_SCRIPT: the record has no such function (e.g. no applies: always). */
#define NO_SCRIPT 1   /* an outcome, no error: positive (arbiter.h) */
enum { OWN = 1, QUESTION };
static int run_script(lgame *lg, const arb_effect *fx, const arb_event *ev,
                      const char *field, const char *what, int own, int nres, int *base) {
  lua_State *L = lg->L;
  int gidx = push_script(L, lg, fx, field), rc, q;
  *base = gidx - 1;
  if (lua_isnil(L, -1)) return NO_SCRIPT;
  if (own != QUESTION) {
    push_args(L, gidx, fx, ev);
    return call_script(L, lg, 3, nres, what, fx, own, gidx + 1);
  }
  q = arb_l_pushquestion(L, gidx, ev);
  lua_pushvalue(L, gidx);
  arb_l_pushcard(L, gidx, fx->source);
  rc = call_script(L, lg, 3, nres, what, fx, 0, gidx + 1);
  if (q) arb_l_endquestion(lg);
  return rc;
}

static int h_applies(void *ud, arb_game *g, const arb_effect *fx,
                     const arb_event *ev, int *yes) {
  lgame *lg = ud;
  int base, rc = run_script(lg, fx, ev, "applies", "replacement 'applies'", QUESTION, 1, &base);
  (void)g;
  if (rc == NO_SCRIPT) { *yes = 1; rc = ARB_OK; }
  else if (rc == ARB_OK) *yes = lua_toboolean(lg->L, -1);
  lua_settop(lg->L, base);
  return rc;
}

static int h_replace(void *ud, arb_game *g, const arb_effect *fx,
                     arb_event *ev, int *replaced) {
  lgame *lg = ud;
  int base, rc = run_script(lg, fx, ev, "replace", "replacement", OWN, 1, &base);
  (void)g;
  *replaced = 0;
  if (rc == NO_SCRIPT) rc = ARB_OK;
  else if (rc == ARB_OK) {
    *replaced = lua_istable(lg->L, -1) ? 0 : 1;
    if (!*replaced && arb_l_readevent(lg->L, -1, lg, ev)) {   /* refused, by name */
      arb_l_pushgame_of(lg->L, lg);
      arb_l_env(lg->L, -1);
      lua_pushfstring(lg->L, "arbiter: replacement (%s) returned an amount out of range (-10^9 to 10^9)",
                      fx_event(lg, fx));
      lua_setfield(lg->L, -2, "err");
      rc = ARB_EHOOK;
    }
  }
  lua_settop(lg->L, base);
  return rc;
}

static int h_observe(void *ud, arb_game *g, const arb_effect *fx,
                     const arb_event *ev) {
  lgame *lg = ud;
  int base, rc;
  (void)g;
  if (ev->type == ARB_EV_ZONE_CHANGE) {
    /* is the observer idle for this zone change, or the install watch? (lobserve.c) */
    lua_State *L = lg->L;
    int gidx = push_script(L, lg, fx, "fn");
    base = gidx - 1;
    rc = arb_l_observer_idle(L, lg, gidx, -1, ev);
    if (rc == ARB_OBS_INSTALL) {         /* fn(g, card, install): the card entered, no event table */
      lua_pushvalue(L, gidx);
      arb_l_pushcard(L, gidx, ev->card);
      lua_rotate(L, -3, -1);             /* (the install arb_l_observer_idle pushed: last) */
      rc = call_script(L, lg, 3, 0, "observer", fx, 0, gidx + 1);
      lua_settop(L, base);
      return rc;
    }
    lua_settop(L, base);
    if (rc == ARB_OBS_IDLE) return ARB_OK;
  }
  rc = run_script(lg, fx, ev, "fn", "observer", 0, 0, &base);
  lua_settop(lg->L, base);
  return rc == NO_SCRIPT ? ARB_OK : rc;
}

/* A condition is a question as a replacement's `applies` is (docs/API.md g:trigger): the event
** table it gets is the game's question table, filled again (~350 instructions less than a new
** table each: ~1,500 conditions in 20 Alpha games) */
static int h_condition(void *ud, arb_game *g, const arb_effect *fx,
                       const arb_event *ev, int *yes) {
  lgame *lg = ud;
  int base, rc = run_script(lg, fx, ev, "condition", "trigger condition", QUESTION, 1, &base);
  lua_State *L = lg->L;
  lua_Integer n;
  (void)g;
  if (rc == NO_SCRIPT) { *yes = 1; rc = ARB_OK; }
  /* a condition may return a count: the ability triggers that many times (502.3b) */
  else if (rc == ARB_OK)
    *yes = arb_l_tointeger(L, -1, &n) ? (int)n : lua_toboolean(L, -1);
  lua_settop(L, base);
  return rc;
}

/* Calls env[name](g) or, with card >= 0, env[name](g, card): a Lua-layer
** function the core signals through; an error is kept in env.err as a
** script's is. None set: nothing to do. */
static int call_env(lgame *lg, const char *name, int card) {
  lua_State *L = lg->L;
  int top = lua_gettop(L), gidx;
  arb_l_pushgame_of(L, lg);
  gidx = lua_gettop(L);
  arb_l_env(L, gidx);
  lua_getfield(L, -1, name);
  if (!lua_isfunction(L, -1)) { lua_settop(L, top); return ARB_OK; }
  lua_pushvalue(L, gidx);
  if (card >= 0) arb_l_pushcard(L, gidx, card);
  if (lua_pcall(L, card >= 0 ? 2 : 1, 0, 0) != LUA_OK) {
    arb_l_env(L, gidx);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "err");
    lua_settop(L, top);
    return ARB_EHOOK;
  }
  lua_settop(L, top);
  return ARB_OK;
}

/* env.state_check(g): the Lua layer's state triggers (effects.lua) signal what
** holds now */
static int h_state(void *ud, arb_game *g) {
  (void)g;
  return call_env(ud, "state_check", -1);
}

/* env.entering(g, card, obj): a definition's as_enters (effects.lua), obj its spell's stack
** object when it came from the stack */
int arb_l_entering(lgame *lg, int card, int from_stack) {
  lua_State *L = lg->L;
  int top = lua_gettop(L), gidx;
  arb_l_pushgame_of(L, lg);
  gidx = lua_gettop(L);
  arb_l_env(L, gidx);
  lua_getfield(L, -1, "entering");
  if (!lua_isfunction(L, -1)) { lua_settop(L, top); return ARB_OK; }
  lua_pushvalue(L, gidx);
  arb_l_pushcard(L, gidx, card);
  if (from_stack) arb_l_pushspell(L, gidx, card);
  else lua_pushnil(L);
  if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
    arb_l_env(L, gidx);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "err");
    lua_settop(L, top);
    return ARB_EHOOK;
  }
  lua_settop(L, top);
  return ARB_OK;
}

static int h_entering(void *ud, arb_game *g, int card, int from_stack) {
  (void)g;
  return arb_l_entering(ud, card, from_stack);
}

/* effect(ev, g, source, obj): obj is the ability's stack object (its targets). An effect
** declaring three parameters or fewer (no vararg) can't read obj: its Lua value isn't made
** (~4.4 K: a table, its fields, a weak table's and the cache's entries; most of the Alpha
** set's triggered abilities, effect(ev, game, source)); nil is passed in its place. Nobody
** held that value (a stack object's value is made when first pushed), so nobody misses it. */
static int h_resolve(void *ud, arb_game *g, const arb_effect *fx,
                     const arb_event *ev) {
  lgame *lg = ud;
  lua_State *L = lg->L;
  int gidx = push_script(L, lg, fx, "effect"), base = gidx - 1, rc = ARB_OK;
  int obj = arb_resolving(g);
  if (!lua_isnil(L, -1)) {
    int n = obj >= 0 ? arb_c_nparams(L, -1) : 0;
    push_args(L, gidx, fx, ev);
    if (obj >= 0 && (n < 0 || n >= 4)) arb_l_pushobject(L, gidx, obj);
    else lua_pushnil(L);
    rc = call_script(L, lg, 4, 0, "triggered ability", fx, 0, gidx + 1);
  }
  lua_settop(L, base);
  return rc;
}

/* The affected player's agent orders replacements: env.choose_replacement
** (set by the Lua layer) gets (g, player, {handles...}, ev) and returns an
** index. */
static int h_choose(void *ud, arb_game *g, int player, const int32_t *ids,
                    int n, const arb_event *ev, int *pick) {
  lgame *lg = ud;
  lua_State *L = lg->L;
  int gidx, i, rc;
  arb_l_pushgame_of(L, lg);
  gidx = lua_gettop(L);
  arb_l_env(L, gidx);
  lua_getfield(L, -1, "choose_replacement");
  if (!lua_isfunction(L, -1)) { *pick = 0; lua_settop(L, gidx - 1); return ARB_OK; }
  lua_pushvalue(L, gidx);
  arb_l_pushplayer(L, gidx, player);
  lua_createtable(L, n, 0);
  lua_getfield(L, gidx + 1, "refs");
  for (i = 0; i < n; i++) {
    const arb_effect *fx = arb_effect_get(g, ids[i]);
    if (fx->c) {                 /* a built-in rule: described, it has no handle */
      lua_createtable(L, 0, 3);
      lua_pushliteral(L, "replacement"); lua_setfield(L, -2, "kind");
      lua_pushboolean(L, 1); lua_setfield(L, -2, "builtin");
      lua_pushstring(L, fx->c->name ? fx->c->name : "built-in rule"); lua_setfield(L, -2, "name");
    } else {
      lua_rawgeti(L, -1, fx->ref);
    }
    lua_rawseti(L, -3, i + 1);
  }
  lua_pop(L, 1);
  arb_l_pushevent(L, gidx, ev);
  rc = call_script(L, lg, 4, 1, "agent choice of replacement", NULL, 0, 0);
  if (rc == ARB_OK) *pick = (int)lua_tointeger(L, -1) - 1;
  lua_settop(L, gidx - 1);
  return rc;
}

void arb_l_stack_hooks(arb_hooks *h);   /* lstack.c */

void arb_l_sethooks(lua_State *L, lgame *lg) {
  arb_hooks h;
  (void)L;
  memset(&h, 0, sizeof h);
  h.ud = lg;
  arb_l_stack_hooks(&h);
  h.applies = h_applies;
  h.replace = h_replace;
  h.choose_replacement = h_choose;
  h.observe = h_observe;
  h.condition = h_condition;
  h.resolve = h_resolve;
  h.affects = arb_l_static_hook;      /* lstatic.c */
  h.affects_row = arb_l_static_row_hook;
  h.pt = arb_l_pt_hook;               /* lstatic.c */
  h.state = h_state;
  h.entering = h_entering;
  arb_set_hooks(lg->g, &h);
}
