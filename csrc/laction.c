/*
** laction.c — actions and their record: g:attempt / g:_atomic (one action,
** everything undone on error: 422), g:history, g:history_length and
** g:state_hash.
*/
#include "lbind.h"

/* Whether ev's type (its name in Lua: a named event's name, else the type's) is `want`, whose
** built-in type code is code (-1: none of them). */
static int event_is(arb_game *g, const arb_event *ev, int code, const char *want) {
  if (ev->type == ARB_EV_NAMED && ev->name >= 0) return strcmp(arb_str(g, ev->name), want) == 0;
  return ev->type == code;
}

/* The built-in event type named `want` (the names ARB_N_EVENT + t), -1 when none is. */
static int event_code(lua_State *L, int gidx, int want) {
  int t, code = -1;
  arb_getuvn(L, gidx, ARB_UV_NAMES);
  for (t = 0; t < ARB_NEVTYPES && code < 0; t++) {
    lua_rawgeti(L, -1, ARB_N_EVENT + t);
    if (lua_rawequal(L, -1, want)) code = t;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return code;
}

/* g:history(from, type, to): the events from entry `from` to entry `to` (from < 1: the first;
** to nil or past the end: the last; none when from > to), charged and sized by the events made,
** never by the whole history. With `type`, only the events of that type become tables (a card
** looking for its few "mire" events among a whole game's: Cyclopean Tomb), the others only
** compared. `to` lets a card read the history newest first a window at a time, each event
** made once (A.newest_first: most readers stop after a few events). */
static int g_history(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int n = arb_history_len(lg->g), i, k = 0, code = -1;
  lua_Integer from = arb_l_optintarg(L, 2, "from", -ARB_L_INT_MAX, ARB_L_INT_MAX, 1);
  const char *want = luaL_optstring(L, 3, NULL);
  lua_Integer to = arb_l_optintarg(L, 4, "to", -ARB_L_INT_MAX, ARB_L_INT_MAX, n);
  int first = from <= 1 ? 0 : from - 1 >= n ? n : (int)from - 1;
  int end = to >= n ? n : to < first ? first : (int)to;     /* one past the last made */
  arb_chars_depend(lg->g, ARB_DEP_HISTORY);      /* read by a predicate: a logged event counts */
  if (!want) {
    ARB_L_CHARGE(L, lg, (lua_Integer)ARB_L_WORK_EVENT * (end - first));
    lua_createtable(L, end - first, 0);
    for (i = first; i < end; i++) {
      arb_l_pushevent_at(L, 1, arb_history_get(lg->g, i), i);
      lua_rawseti(L, -2, i + 1 - first);
    }
    return 1;
  }
  ARB_L_CHARGE(L, lg, (lua_Integer)ARB_L_WORK_HASH_EVENT * (end - first));
  code = event_code(L, 1, 3);
  lua_newtable(L);
  for (i = first; i < end; i++) {
    const arb_event *ev = arb_history_get(lg->g, i);
    if (!event_is(lg->g, ev, code, want)) continue;
    ARB_L_CHARGE(L, lg, ARB_L_WORK_EVENT);
    arb_l_pushevent_at(L, 1, ev, i);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* g:history_length(turn): the number of events; with `turn`, the number before the run of
** events of that turn or later at the history's end (its turns never decrease: the events
** logged before `turn` began), so g:history(g:history_length(g.turn) + 1, type) is this turn's
** events, read without a table made for an earlier one (A.find_this_turn). */
static int g_history_len(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int n = arb_history_len(lg->g);
  arb_chars_depend(lg->g, ARB_DEP_HISTORY);
  if (!lua_isnoneornil(L, 2)) {
    lua_Integer turn = arb_l_intarg(L, 2, 2, "turn", -ARB_L_INT_MAX, ARB_L_INT_MAX);
    while (n > 0 && arb_history_get(lg->g, n - 1)->turn >= turn) n--;
  }
  lua_pushinteger(L, n);
  return 1;
}

static int g_state_hash(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  char buf[17];
  static const char hex[] = "0123456789abcdef";
  uint64_t h;
  ARB_L_CHARGE(L, lg, (lua_Integer)ARB_L_WORK_HASH_CARD * arb_ncards(lg->g) +
                      (lua_Integer)ARB_L_WORK_HASH_EVENT * arb_history_len(lg->g));
  h = arb_state_hash(lg->g, lua_toboolean(L, 2));
  int i;
  for (i = 15; i >= 0; i--) { buf[i] = hex[h & 15]; h >>= 4; }
  buf[16] = '\0';
  lua_pushstring(L, buf);
  return 1;
}

static int attempt_body(lua_State *L) {   /* fn, g, args... (g checked by run_action: its mem read) */
  arb_l_guard(L, ((lgame *)lua_touserdata(L, 2))->mem, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  luaL_checkstack(L, 2, "too many results");  /* room for run_action's boolean, made here */
  return lua_gettop(L);
}

/* Runs fn(g, args...) (at 2, 3...) as one action; on error everything is
** undone and, unless `raise`, false plus the error is returned. */
static int run_action(lua_State *L, lgame *lg, int raise) {
  lua_State *oldL = lg->L;
  size_t mark;
  int status, direct = !lg->mem->sandboxes;
  if (lua_type(L, 2) != LUA_TFUNCTION) {
    arb_l_describe(L, 2);
    luaL_argerror(L, 2, lua_pushfstring(L, "function expected, got %s", lua_tostring(L, -1)));
  }
  lua_pushvalue(L, 1);
  lua_insert(L, 3);                        /* g, fn, g, args */
  if (!direct) {                           /* fn may be card-script code: guarded by the body */
    lua_pushcfunction(L, attempt_body);
    lua_replace(L, 1);                     /* body, fn, g, args */
  }
  mark = arb_mark(lg->g);
  lg->L = L;
  /* No sandbox: nothing to guard, fn itself is called (no C body between: ~300 instructions
  ** an action); the room for the boolean is checked here, before the commit, as the body does. */
  status = direct ? lua_pcall(L, lua_gettop(L) - 2, LUA_MULTRET, 0)
                  : lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  if (direct && status == LUA_OK && !lua_checkstack(L, 2)) {
    lua_settop(L, 1);
    lua_pushliteral(L, "stack overflow (too many results)");
    status = LUA_ERRRUN;
  }
  lg->L = oldL;
  if (status != LUA_OK) {
    arb_l_rollback(L, lg, mark);
    if (raise) return lua_error(L);
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  arb_commit(lg->g);                       /* nothing allocates after this */
  if (raise) return lua_gettop(L) - direct;   /* (direct: the game at 1 is no result) */
  lua_pushboolean(L, 1);
  lua_insert(L, 1 + direct);
  return lua_gettop(L) - direct;
}

/* g:attempt(fn, ...) -> true, results... | false, err (everything undone,
** 422.1: no ability triggers and no effect applies from an undone action) */
static int g_attempt(lua_State *L) { return run_action(L, arb_l_checkgame(L, 1), 0); }

/* g:_atomic(fn, ...) -> results...; raises after undoing everything (arbiter.atomic) */
static int g_atomic(lua_State *L) { return run_action(L, arb_l_checkgame(L, 1), 1); }

static const luaL_Reg action_methods[] = {
  {"history", g_history}, {"history_length", g_history_len},
  {"state_hash", g_state_hash}, {"attempt", g_attempt}, {"_atomic", g_atomic},
  {NULL, NULL}
};

int arb_l_action_open(lua_State *L) {
  arb_l_add_game_methods(L, action_methods);
  return 0;
}
