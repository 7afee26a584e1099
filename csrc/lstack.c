/*
** lstack.c — Game methods for the stack (spell.c, stack.c) and mana
** (mana.c): stack objects as Lua values, counter, the raw puts the Lua layer's
** cast/activate use, the mana pool, and the hooks by which the core's priority
** loop asks the Lua layer (env.priority, env.resolve_object,
** env.trigger_targets; lua/arbiter/stack.lua sets them).
**
** A stack object's Lua value is a table kept in env.objs[id] for as long as
** the object stays on the stack (its serial identifies the stay), then weakly
** (prune): the same value each time it is pushed, refreshed from the core's state. Its id and
** serial are kept off the table (it holds only its documented fields, issue
** 24), in two registry tables with weak keys: value -> id, value -> serial.
*/
#include <string.h>
#include "lbind.h"

static const char *const mana_names[] = {"white", "blue", "black", "red", "green",
                                         "colorless", NULL};

void arb_l_pushpool(lua_State *L, const arb_player *p) {
  int k;
  lua_createtable(L, 0, ARB_NMANA);
  for (k = 0; k < ARB_NMANA; k++) {
    lua_pushinteger(L, p->mana[k]);
    lua_setfield(L, -2, mana_names[k]);
  }
}

static const char OBJ_ID_KEY = 'i', OBJ_SERIAL_KEY = 's';

/* The integer the registry table at key holds for the table at idx, or -1
** (a script's read-only view of a stack object stands for the object). */
static lua_Integer object_key(lua_State *L, int idx, const char *key) {
  lua_Integer v;
  lua_pushvalue(L, idx);
  arb_l_unshield(L, -1);
  arb_l_push_weak(L, key);
  lua_pushvalue(L, -2);
  lua_rawget(L, -2);
  v = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : -1;
  lua_pop(L, 3);
  return v;
}

static void set_object_key(lua_State *L, int idx, const char *key, lua_Integer v) {
  idx = lua_absindex(L, idx);
  arb_l_push_weak(L, key);
  lua_pushvalue(L, idx);
  lua_pushinteger(L, v);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

static int on_stack(arb_game *g, const arb_card *c) {
  return c && c->zone >= 0 && arb_zone_get(g, c->zone)->kind == ARB_STACK && c->objkind;
}

/* Target i of object id: a stack object's value, a card, or a player; false when the
** card has changed zones since it was chosen (a new object, 217.1c). */
static void push_target(lua_State *L, int gidx, lgame *lg, int id, int i) {
  int32_t t = arb_object_target(lg->g, arb_object_get(lg->g, arb_card_get(lg->g, id)), i);
  if (ARB_TARGET_IS_PLAYER(t)) arb_l_pushplayer(L, gidx, ARB_TARGET_PLAYER_OF(t));
  else if (!arb_target_current(lg->g, id, i)) lua_pushboolean(L, 0);
  else if (on_stack(lg->g, arb_card_get(lg->g, t))) arb_l_pushobject(L, gidx, t);
  else arb_l_pushcard(L, gidx, t);
}

static const char *const POOL_KEYS[6] = { "white", "blue", "black", "red", "green", "colorless" };

/* Was any mana spent on the object's X? (Most objects have none: no table for them.) */
static int has_xmana(const arb_object *o) {
  int i;
  for (i = 0; i < 6; i++) if (o->xmana[i]) return 1;
  return 0;
}

/* obj.x_spent: the mana spent on X by color ({white = n, ...} with every key), nil when none
** was (X was 0): a table per stack object pushed cost a cast ~5 % */
static void push_xmana(lua_State *L, const arb_object *o) {
  int i;
  if (!has_xmana(o)) { lua_pushnil(L); return; }
  lua_createtable(L, 0, 6);
  for (i = 0; i < 6; i++) {
    lua_pushinteger(L, o->xmana[i]);
    lua_setfield(L, -2, POOL_KEYS[i]);
  }
}

/* The object's fields, refreshed from the core's state. Each field's name comes from the names
** table (user value ARB_UV_NAMES: one array read) and is set with lua_rawset, not lua_setfield's
** interning of a C string each time (~100 instructions a field, nine fields an object: a
** triggered ability's resolution pushes one; issue 28). The table is a plain one (scripts get
** views of it): the same sets as lua_setfield's, in the same order. */
#define OBJ_KEY(k) lua_rawgeti(L, nm, (k))

/* t[key] = the value on top, the key under it (both popped); on a table just made (fresh) a nil
** isn't set: the key is absent already */
static void set_or_skip(lua_State *L, int t, int fresh) {
  if (fresh && lua_isnil(L, -1)) lua_pop(L, 2);
  else lua_rawset(L, t);
}

static void refresh(lua_State *L, int gidx, lgame *lg, int t, int id, int fresh) {
  arb_card *c = arb_card_get(lg->g, id);
  const arb_object *o = arb_object_get(lg->g, c);
  int i, n = o->ntargets, nm;
  arb_getuvn(L, gidx, ARB_UV_NAMES);
  nm = lua_gettop(L);
  OBJ_KEY(ARB_N_KIND);
  lua_rawgeti(L, nm, c->objkind == ARB_OBJ_SPELL ? ARB_N_SPELL_KIND : ARB_N_ABILITY_KIND);
  lua_rawset(L, t);
  OBJ_KEY(ARB_N_CARD);
  if (c->objkind == ARB_OBJ_SPELL) arb_l_pushcard(L, gidx, id);
  else if (c->objkind == ARB_OBJ_ACTIVATED) arb_l_pushcard(L, gidx, o->src);
  else arb_l_pushcard(L, gidx, arb_effect_get(lg->g, o->trigger)->source);
  lua_rawset(L, t);
  OBJ_KEY(ARB_N_CONTROLLER);
  arb_l_pushplayer(L, gidx, c->controller);
  lua_rawset(L, t);
  OBJ_KEY(ARB_N_X);
  lua_pushinteger(L, o->xval);
  lua_rawset(L, t);
  OBJ_KEY(ARB_N_X_SPENT);
  push_xmana(L, o);
  set_or_skip(L, t, fresh);
  OBJ_KEY(ARB_N_MODE);
  if (o->mode) lua_pushinteger(L, o->mode);
  else lua_pushnil(L);
  set_or_skip(L, t, fresh);
  OBJ_KEY(ARB_N_ABILITY);
  if (c->objkind == ARB_OBJ_ACTIVATED) lua_pushinteger(L, o->abil_index);
  else lua_pushnil(L);
  set_or_skip(L, t, fresh);
  /* its source changed zones since it was activated or triggered: a new object (217.1c) */
  OBJ_KEY(ARB_N_SOURCE_MOVED);
  if (c->objkind == ARB_OBJ_ACTIVATED && o->src >= 0)
    lua_pushboolean(L, arb_card_get(lg->g, o->src)->ts > o->chosen);
  else if (c->objkind == ARB_OBJ_TRIGGERED && o->src_ts >= 0)
    lua_pushboolean(L, arb_card_get(lg->g, arb_effect_get(lg->g, o->trigger)->source)->ts > o->src_ts);
  else lua_pushnil(L);
  set_or_skip(L, t, fresh);
  OBJ_KEY(ARB_N_TARGETS);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    push_target(L, gidx, lg, id, i);
    lua_rawseti(L, -2, i + 1);
  }
  lua_rawset(L, t);
  lua_settop(L, nm - 1);
}
#undef OBJ_KEY

/* env.objs holds the values of objects on the stack strongly; every PRUNE_EVERY values made (a
** count at objs[-1]; ids are >= 0) those of cards no longer on the stack move to a table with
** weak values (objs[-2]), so a long game keeps a few dozen, not one per spell and ability it
** ever made. A moved value stays the object's one value while anybody holds it (a rollback, 422,
** may put its object back on the stack: arb_l_pushobject finds it there); once nobody does, a
** new one is made if it is ever pushed again, and nobody can tell. */
#define PRUNE_EVERY 64
static void push_gone(lua_State *L, int objs) {
  if (lua_rawgeti(L, objs, -2) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawseti(L, objs, -2);
}

static void prune(lua_State *L, lgame *lg, int objs) {
  lua_Integer made = lua_rawgeti(L, objs, -1) == LUA_TNUMBER ? lua_tointeger(L, -1) : 0;
  lua_pop(L, 1);
  if (++made >= PRUNE_EVERY) {
    int gone;
    made = 0;
    push_gone(L, objs);
    gone = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, objs)) {
      lua_Integer id = lua_isinteger(L, -2) ? lua_tointeger(L, -2) : -1;
      if (id >= 0 && !on_stack(lg->g, arb_card_get(lg->g, (int)id))) {
        lua_rawseti(L, gone, id);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, objs);            /* (clearing a field during lua_next is allowed) */
      } else lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pushinteger(L, made);
  lua_rawseti(L, objs, -1);
}

/* The value of object id moved to the weak table (prune) and still there, moved back (1 pushed),
** else 0. */
static int from_gone(lua_State *L, int objs, int id, lua_Integer serial) {
  if (lua_rawgeti(L, objs, -2) != LUA_TTABLE) { lua_pop(L, 1); return 0; }
  if (lua_rawgeti(L, -1, id) != LUA_TTABLE || object_key(L, -1, &OBJ_SERIAL_KEY) != serial) { lua_pop(L, 2); return 0; }
  lua_pushnil(L);
  lua_rawseti(L, -3, id);
  lua_remove(L, -2);
  lua_pushvalue(L, -1);
  lua_rawseti(L, objs, id);
  return 1;
}

void arb_l_pushobject(lua_State *L, int gidx, int id) {
  lgame *lg = lua_touserdata(L, gidx);
  arb_card *c = arb_card_get(lg->g, id);
  int t;
  gidx = lua_absindex(L, gidx);
  arb_l_env(L, gidx);
  if (lua_getfield(L, -1, "objs") != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "objs");
  }
  lua_remove(L, -2);
  if (lua_rawgeti(L, -1, id) == LUA_TTABLE &&
      object_key(L, -1, &OBJ_SERIAL_KEY) == arb_object_get(lg->g, c)->serial) {   /* the same stay: the same value */
    lua_remove(L, -2);
    refresh(L, gidx, lg, lua_gettop(L), id, 0);
    return;
  }
  lua_pop(L, 1);
  if (from_gone(L, lua_gettop(L), id, arb_object_get(lg->g, c)->serial)) {
    lua_remove(L, -2);
    refresh(L, gidx, lg, lua_gettop(L), id, 0);
    return;
  }
  prune(L, lg, lua_gettop(L));
  lua_createtable(L, 0, 7);
  set_object_key(L, -1, &OBJ_ID_KEY, id);
  set_object_key(L, -1, &OBJ_SERIAL_KEY, arb_object_get(lg->g, c)->serial);
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, id);
  lua_remove(L, -2);
  t = lua_gettop(L);
  refresh(L, gidx, lg, t, id, 1);
}

/* A spell that has just resolved into a permanent, as a plain record (its card has left the
** stack; as_enters' obj: kind, card, controller, x, mode, targets) */
void arb_l_pushspell(lua_State *L, int gidx, int id) {
  lgame *lg = lua_touserdata(L, gidx);
  arb_card *c = arb_card_get(lg->g, id);
  const arb_object *o = arb_object_get(lg->g, c);
  int i;
  gidx = lua_absindex(L, gidx);
  lua_createtable(L, 0, 6);
  lua_pushliteral(L, "spell");
  lua_setfield(L, -2, "kind");
  arb_l_pushcard(L, gidx, id);
  lua_setfield(L, -2, "card");
  arb_l_pushplayer(L, gidx, c->controller);
  lua_setfield(L, -2, "controller");
  lua_pushinteger(L, o->xval);
  lua_setfield(L, -2, "x");
  if (has_xmana(o)) {
    push_xmana(L, o);
    lua_setfield(L, -2, "x_spent");
  }
  if (o->mode) {
    lua_pushinteger(L, o->mode);
    lua_setfield(L, -2, "mode");
  }
  lua_createtable(L, o->ntargets, 0);
  for (i = 0; i < o->ntargets; i++) {
    push_target(L, gidx, lg, id, i);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "targets");
}

/* The stack object a Lua value stands for (its id), or -1. */
static int toobject(lua_State *L, int idx, lgame *lg) {
  lua_Integer id, serial;
  arb_card *c;
  if (!lua_istable(L, idx)) return -1;
  id = object_key(L, idx, &OBJ_ID_KEY);
  serial = object_key(L, idx, &OBJ_SERIAL_KEY);
  if (id < 0 || id > INT32_MAX) return -1;
  c = arb_card_get(lg->g, (int)id);
  if (!on_stack(lg->g, c) || arb_object_get(lg->g, c)->serial != serial) return -1;
  return (int)id;
}

/* targets (an array, or nil) -> *ts: buf, or (more than ARB_INTARGETS: no cap, 409.1c) a
** block left on the Lua stack for the call; argerror naming argument argn */
static int read_targets(lua_State *L, int idx, int argn, lgame *lg, int32_t *buf, int32_t **tsp) {
  int i, n;
  int32_t *ts = buf;
  *tsp = buf;
  if (lua_isnoneornil(L, idx)) return 0;
  luaL_checktype(L, idx, LUA_TTABLE);
  n = (int)luaL_len(L, idx);
  if (n > ARB_INTARGETS) {
    if ((size_t)n > (size_t)INT32_MAX / sizeof(int32_t))
      return luaL_argerror(L, argn, lua_pushfstring(L, "too many targets: %d", n));
    *tsp = ts = (int32_t *)lua_newuserdata(L, sizeof(int32_t) * (size_t)n);
  }
  for (i = 0; i < n; i++) {
    int id;
    lua_rawgeti(L, idx, i + 1);
    if ((id = arb_l_toid(L, -1, lg, 0)) >= 0) ts[i] = id;
    else if ((id = arb_l_toid(L, -1, lg, 1)) >= 0) ts[i] = ARB_TARGET_PLAYER(id);
    else if ((id = toobject(L, -1, lg)) >= 0) ts[i] = id;
    else {
      arb_l_describe(L, -1);
      return luaL_argerror(L, argn, lua_pushfstring(L, "target %d is not a card, player or "
                           "stack object of this game: %s", i + 1, lua_tostring(L, -1)));
    }
    lua_pop(L, 1);
  }
  return n;
}

/* g:stack_objects() -> array, top first */
static int g_stack_objects(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int i, n = arb_stack_size(lg->g), k = 0;
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    int id = arb_stack_object(lg->g, i);
    if (!arb_card_get(lg->g, id)->objkind) continue;   /* a card a script put there */
    arb_l_pushobject(L, 1, id);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* g:_object(card_or_id) -> the stack object of that card (a spell), or nil */
static int g_object(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int id = lua_isinteger(L, 2) ? (int)lua_tointeger(L, 2) : arb_l_checkcard(L, 2, lg);
  if (!on_stack(lg->g, arb_card_get(lg->g, id))) return 0;
  arb_l_pushobject(L, 1, id);
  return 1;
}

/* GI._object_id(v) -> the card id of the stack object v stands for, or nil (v is not one) */
static int g_object_id(lua_State *L) {
  lua_Integer id = lua_istable(L, 1) ? object_key(L, 1, &OBJ_ID_KEY) : -1;
  if (id < 0) return 0;
  lua_pushinteger(L, id);
  return 1;
}

static int counter_fn(arb_game *g, arb_l_call *c) { return arb_counter(g, c->a, &c->out); }
/* g:counter(obj) -> true, or false when it is no longer on the stack */
static int g_counter(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = counter_fn};
  if (!lua_istable(L, 2)) {
    arb_l_describe(L, 2);
    return luaL_argerror(L, 2, lua_pushfstring(L, "stack object expected, got %s", lua_tostring(L, -1)));
  }
  c.a = toobject(L, 2, lg);
  if (c.a < 0) { lua_pushboolean(L, 0); return 1; }
  arb_l_core(L, lg, &c);
  lua_pushboolean(L, c.out);
  return 1;
}

typedef struct { arb_l_call c; int32_t *ts; int32_t buf[ARB_INTARGETS]; int32_t mode; } put_call;
static int spell_fn(arb_game *g, arb_l_call *c) {
  put_call *p = (put_call *)c;
  int rc = arb_spell_put(g, c->a, c->b, p->ts, c->c, c->d);
  return rc || !p->mode ? rc : arb_set_mode(g, c->a, p->mode);
}
static int ability_fn(arb_game *g, arb_l_call *c) {
  put_call *p = (put_call *)c;
  return arb_ability_put(g, c->a, c->e, c->b, p->ts, c->c, c->d, &c->out);
}

/* g:_spell_put(card, player, targets, x, mode, quiet) -> obj: the card goes on the stack;
** quiet: no Lua value made for it now (nothing is returned: a caller that doesn't read it
** saves making the table; whoever reads it later gets it made then, g:_object) */
static int g_spell_put(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  put_call p;
  memset(&p, 0, sizeof p);
  p.c.fn = spell_fn;
  p.c.a = arb_l_checkcard(L, 2, lg);
  p.c.b = arb_l_checkplayer(L, 3, lg);
  p.c.c = read_targets(L, 4, 4, lg, p.buf, &p.ts);
  p.c.d = (int32_t)arb_l_optintarg(L, 5, "X", -ARB_L_INT_MAX, ARB_L_INT_MAX, 0);
  p.mode = (int32_t)arb_l_optintarg(L, 6, "mode", 0, ARB_L_INT_MAX, 0);
  arb_l_core(L, lg, &p.c);
  if (lua_toboolean(L, 7)) return 0;
  arb_l_pushobject(L, 1, p.c.a);
  return 1;
}

static int copy_fn(arb_game *g, arb_l_call *c) {
  put_call *p = (put_call *)c;
  return arb_spell_copy_put(g, c->a, c->b, c->e, p->ts, c->c, p->mode);
}
/* GI._spell_copy_put(g, card, player, orig, targets | nil, colors) -> obj: a copy of spell orig
** (503); colors: its color exception, a bit set (0: none) */
static int g_spell_copy_put(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  put_call p;
  memset(&p, 0, sizeof p);
  p.c.fn = copy_fn;
  p.c.a = arb_l_checkcard(L, 2, lg);
  p.c.b = arb_l_checkplayer(L, 3, lg);
  p.c.e = toobject(L, 4, lg);
  if (p.c.e < 0) return luaL_argerror(L, 4, "a spell on the stack expected");
  p.c.c = lua_isnoneornil(L, 5) ? -1 : read_targets(L, 5, 5, lg, p.buf, &p.ts);
  p.mode = (int32_t)arb_l_optintarg(L, 6, "colors", 0, 31, 0);   /* (the put_call's spare field) */
  arb_l_core(L, lg, &p.c);
  arb_l_pushobject(L, 1, p.c.a);
  return 1;
}

static int xmana_fn(arb_game *g, arb_l_call *c) {
  put_call *p = (put_call *)c;
  return arb_set_xmana(g, c->a, p->buf);
}
/* GI._set_x_spent(g, obj, w, u, b, r, gr, colorless): records the mana spent on obj's X */
static int g_set_x_spent(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  put_call p;
  int i;
  memset(&p, 0, sizeof p);
  p.c.fn = xmana_fn;
  p.c.a = toobject(L, 2, lg);
  if (p.c.a < 0) return luaL_argerror(L, 2, "a stack object expected");
  for (i = 0; i < 6; i++) p.buf[i] = (int32_t)arb_l_intarg(L, 3 + i, 3 + i, "mana", 0, ARB_L_INT_MAX);
  arb_l_core(L, lg, &p.c);
  arb_l_pushobject(L, 1, p.c.a);   /* its Lua value, read again (the same table) */
  return 0;
}

/* g:_ability_put(source, i, player, targets, x) -> obj; source nil: an ability player has
** from no permanent (g:add_ability), i its number */
static int g_ability_put(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  put_call p;
  memset(&p, 0, sizeof p);
  p.c.fn = ability_fn;
  p.c.a = lua_isnil(L, 2) ? -1 : arb_l_checkcard(L, 2, lg);
  p.c.e = (int32_t)arb_l_intarg(L, 3, 3, "ability index", 1, ARB_L_INT_MAX);
  p.c.b = arb_l_checkplayer(L, 4, lg);
  p.c.c = read_targets(L, 5, 5, lg, p.buf, &p.ts);
  p.c.d = (int32_t)arb_l_optintarg(L, 6, "X", -ARB_L_INT_MAX, ARB_L_INT_MAX, 0);
  arb_l_core(L, lg, &p.c);
  arb_l_pushobject(L, 1, p.c.out);
  return 1;
}

static int targets_fn(arb_game *g, arb_l_call *c) {
  return arb_set_targets(g, c->a, ((put_call *)c)->ts, c->c);
}
/* g:_set_targets(obj, targets): a triggered ability's chosen targets */
static int g_set_targets(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  put_call p;
  memset(&p, 0, sizeof p);
  p.c.fn = targets_fn;
  p.c.a = toobject(L, 2, lg);
  luaL_argcheck(L, p.c.a >= 0, 2, "stack object expected");
  p.c.c = read_targets(L, 3, 3, lg, p.buf, &p.ts);
  arb_l_core(L, lg, &p.c);
  return 0;
}

static int mana_fn(arb_game *g, arb_l_call *c) { return arb_mana_add(g, c->a, c->b, c->c); }
/* g:_mana(p, slot (1..6: W U B R G C), n): adds n (negative: spends) */
static int g_mana(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = mana_fn};
  c.a = arb_l_checkplayer(L, 2, lg);
  c.b = (int32_t)arb_l_intarg(L, 3, 3, "mana slot", 1, ARB_NMANA) - 1;
  c.c = (int32_t)arb_l_intarg(L, 4, 4, "amount", -1000000, 1000000);
  arb_l_core(L, lg, &c);
  return 0;
}

typedef struct { arb_l_call c; int32_t m[ARB_NMANA]; } produce_call;
static int produce_fn(arb_game *g, arb_l_call *c) {
  return arb_mana_produce(g, c->a, c->b, c->c, ((produce_call *)c)->m);
}
/* g:_produce(p, card_or_nil, tap, w, u, b, r, g, c): a mana ability's {T} and mana, and the
** "mana" event, as one core action */
static int g_produce(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  produce_call p;
  int k;
  memset(&p, 0, sizeof p);
  p.c.fn = produce_fn;
  p.c.a = arb_l_checkplayer(L, 2, lg);
  p.c.b = lua_isnil(L, 3) ? -1 : arb_l_checkcard(L, 3, lg);
  p.c.c = lua_toboolean(L, 4);
  for (k = 0; k < ARB_NMANA; k++) {
    p.m[k] = (int32_t)arb_l_optintarg(L, 5 + k, "amount", 0, 1000000, 0);
  }
  arb_l_core(L, lg, &p.c);
  return 0;
}

static int remove_fn(arb_game *g, arb_l_call *c) { return arb_mana_remove(g, c->a, ((produce_call *)c)->m); }
/* g:_mana_remove(p, w, u, b, r, g, c): mana leaves p's pool ("mana_removed" events) */
static int g_mana_remove(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  produce_call p;
  int k;
  memset(&p, 0, sizeof p);
  p.c.fn = remove_fn;
  p.c.a = arb_l_checkplayer(L, 2, lg);
  for (k = 0; k < ARB_NMANA; k++) p.m[k] = (int32_t)arb_l_optintarg(L, 3 + k, "amount", 0, 1000000, 0);
  arb_l_core(L, lg, &p.c);
  return 0;
}

/* g:_mana_available(p) -> w, u, b, r, g, c (pool + simple sources), or nothing when a
** complex source could add to it */
static int g_mana_available(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int32_t out[ARB_NMANA];
  int k, p = arb_l_checkplayer(L, 2, lg);
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* mprod follows the type layer (212.6e) */
  if (!arb_mana_available(lg->g, p, out)) return 0;
  for (k = 0; k < ARB_NMANA; k++) lua_pushinteger(L, out[k]);
  return ARB_NMANA;
}

#define MAXCHOICE 32
#define MAXANSWER 32
#define MAXEXTRA 64
typedef struct {
  arb_l_call c;
  int32_t need[ARB_NMANA];
  arb_mana_choice ch[MAXCHOICE];
  int nch;
  arb_mana_answers ans;
  int32_t answers[MAXANSWER];
  int32_t extra[2 * MAXEXTRA];
  int nx, fn;
  arb_mana_resume plan; /* (a real choice's: the next call goes on from it) */
} pay_call;
static int pay_simple_fn(arb_game *g, arb_l_call *c) {
  pay_call *p = (pay_call *)c;
  return arb_mana_pay_simple(g, c->a, p->need, (uint32_t)c->b, p->ch, p->nch, &p->ans, p->extra, p->nx, &c->out);
}

/* The choice sources of player p (arb_mana_source's ARB_SRC_CHOICE, and its ARB_SRC_HOST, tapped
** ones that may have a mana ability without {T}): each one's code, as code_of (the function at idx)
** gives it, into p's list; an untapped one whose abilities are its definition's (no effect changed
** them: c->xact 0) by its definition, remembered in the table at codes (0: none; weak keys), as the
** main phase's scan remembers its descriptions (lmain_scan.c): code_of reads the definition's list
** then (mana.lua). 0 when one has no code (its abilities aren't only "{T}: add one mana": the
** general path pays), a tapped one has a mana ability without {T} now (409.1f: not
** ARB_MANA_NONE), or there are too many. */
static int read_choices(lua_State *L, lgame *lg, int idx, int codes, pay_call *p) {
  const arb_zone *z = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
  int i, defs = 0, top = lua_gettop(L), ok = 1;
  for (i = 0; i < z->n; i++) {
    const arb_card *c = arb_card_get(lg->g, z->cards[i]);
    lua_Integer code;
    int use = arb_mana_source(c, p->c.a), by_def = 0;
    if (use != ARB_SRC_CHOICE && use != ARB_SRC_HOST) continue;
    if (p->nch == MAXCHOICE) { ok = 0; break; }
    if (codes && use == ARB_SRC_CHOICE && !c->xact) {
      if (!defs) {
        arb_l_env(L, 1);
        lua_getfield(L, -1, "defs");
        defs = lua_gettop(L);
      }
      arb_l_pushdef(L, defs, lg->g, c);
      lua_pushvalue(L, -1);
      by_def = lua_rawget(L, codes) == LUA_TNIL ? 2 : 1;   /* (2: asked, then remembered) */
      if (by_def == 2) lua_pop(L, 1);
    }
    if (by_def != 1) {
      lua_pushvalue(L, idx);
      arb_l_pushcard(L, 1, c->id);
      lua_pushboolean(L, use == ARB_SRC_HOST);
      lua_call(L, 2, 1);                     /* (it reads the game, changes nothing) */
      z = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
      if (by_def == 2) {
        lua_pushvalue(L, -2);
        lua_pushvalue(L, -2);
        lua_rawset(L, codes);
      }
    }
    code = lua_tointeger(L, -1);
    lua_pop(L, by_def ? 2 : 1);
    if (use == ARB_SRC_HOST ? code != ARB_MANA_NONE
        : code != ARB_MANA_CONVERTER && (code <= 0 || code >= (lua_Integer)1 << (ARB_MANA_AMOUNT + 4)
                                          || (code & ARB_MANA_CONVERTER) || !(code & (ARB_MANA_CONVERTER - 1)))) {
      ok = 0;
      break;
    }
    p->ch[p->nch].card = c->id;
    p->ch[p->nch++].code = (int32_t)code;
  }
  lua_settop(L, top);
  return ok;
}

/* whether player p has a source arb_mana_pay_simple needs described (arb_mana_source's ARB_SRC_CHOICE
** or ARB_SRC_HOST): without its code the core's payment sends the payment back at once */
static int has_choices(lgame *lg, int p) {
  const arb_zone *z = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
  int i;
  for (i = 0; i < z->n; i++) {
    int use = arb_mana_source(arb_card_get(lg->g, z->cards[i]), p);
    if (use == ARB_SRC_CHOICE || use == ARB_SRC_HOST) return 1;
  }
  return 0;
}

/* The next answer from answers (the function at idx: answers(g, p) -> f or nil, asked at the first
** choice, nothing changing between the plan's questions; f(p, "mana", m) -> the player's pick's
** position among m candidates, or nil when it is known only by asking with the options; f and
** "mana" are kept on the stack at p->fn, -1: none): 1 when one was added to p's answers, else 0.
** The answer may read the game, not change it (the payment's plan goes on from the choice on the
** same board: arb_mana_resume). */
static int next_answer(lua_State *L, lgame *lg, int idx, pay_call *p) {
  lua_Integer k;
  int isnum;
  if (p->ans.nans == MAXANSWER || arb_mana_interleaved(lg->g)) return 0;   /* (the host's order of taps and questions) */
  if (!p->fn) {
    lua_pushvalue(L, idx);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_call(L, 2, 1);
    if (!lua_isfunction(L, -1)) { lua_pop(L, 1); p->fn = -1; return 0; }
    p->fn = lua_gettop(L);
    lua_pushliteral(L, "mana");              /* (below the results g_pay_simple returns) */
  }
  if (p->fn < 0) return 0;
  lua_pushvalue(L, p->fn);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, p->fn + 1);
  lua_pushinteger(L, p->ans.ask);
  lua_call(L, 3, 1);
  k = lua_tointegerx(L, -1, &isnum);
  lua_pop(L, 1);
  if (!isnum || k < 1 || k > p->ans.ask) return 0;
  p->answers[p->ans.nans++] = (int32_t)k;
  return 1;
}

/* g:_pay_simple(p, w, u, b, r, g, generic[, code_of[, ask[, as[, extras[, x[, codes]]]]]]) -> true when paid (else nothing
** changed); false, slot (1..5 W..G, 6 generic), n when the sources can't pay it: no source was
** left for n symbols of slot (407), the player's picks asked as they came.
** code_of(card, tapped) -> the slots of a choice source's mana abilities, (slot + 1 | 8 for a basic land
** type's) << 4 * i for the i-th, plus (amount - 1) << ARB_MANA_AMOUNT when each makes several, or 0
** (arb_mana_pay_simple); tapped: ARB_MANA_NONE when it can play none now; without it, any such
** source sends the payment back. ask(g, p) -> f, asked at the first real choice (409.1f), f(p, "mana", m)
** -> the position (1..m) of the player's pick among a choice's m candidates (an agent's answer by
** position, arbiter.agents' by_index form), or nil (f nil or its answer nil: the payment is sent
** back, the host asks with the options); without ask, a real choice sends the payment back. as: mana spent as another color, bit 5 * from + to
** (W..G as 0..4; arb_mana_pay_simple), 0 or nil: none. extras: the mana declared triggered mana
** abilities add as each source is tapped (mana.lua's arbiter._declared_extras; arb_mana_pay_simple's
** extra), nil: none (more than MAXEXTRA pairs: nothing, the general path pays). x: how many of
** generic are {X}'s (paid last, as the host pays them; arb_mana_answers.xs): when more than 0, a paid
** payment returns true and what they took by pool slot, {W, U, B, R, G, colorless}. codes: a table
** (weak keys) where code_of's answers for an untapped choice source whose abilities are its
** definition's are remembered by definition (read_choices), nil: code_of is asked each time.
** Sent back after ask gave answers (a later choice the core can't tell: an effect changed a
** source's abilities): false, nil, nil, the answers in the order asked, for the host's payment to
** use for its first questions (the same questions: asked again, an agent would draw again). */
static int g_pay_simple(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  pay_call p;
  int k, codes, asks = lua_isfunction(L, 10);
  memset(&p.c, 0, sizeof p.c);
  memset(&p.ans, 0, sizeof p.ans);
  p.nch = 0;
  p.c.fn = pay_simple_fn;
  p.c.a = arb_l_checkplayer(L, 2, lg);
  p.ans.answers = p.answers;
  p.ans.plan = &p.plan;
  p.plan.stage = 0;
  p.fn = 0;
  for (k = 0; k < ARB_NMANA; k++) {
    p.need[k] = (int32_t)arb_l_intarg(L, 3 + k, 3 + k, "amount", 0, 1000000);
  }
  p.c.b = (int32_t)luaL_optinteger(L, 11, 0) & 0x1FFFFFF;   /* mana spent as another color */
  p.ans.xs = (int32_t)arb_l_optintarg(L, 13, "x", 0, p.need[5], 0);   /* ({X}: part of generic) */
  p.nx = 0;
  if (lua_type(L, 12) == LUA_TTABLE) {      /* declared triggered mana abilities' mana */
    int i, n = (int)lua_rawlen(L, 12);
    if (n > 2 * MAXEXTRA) return 0;         /* (the general path pays) */
    for (i = 0; i < n; i++) {
      lua_rawgeti(L, 12, i + 1);
      p.extra[i] = (int32_t)lua_tointeger(L, -1);
      lua_pop(L, 1);
    }
    p.nx = n / 2;
  }
  /* a source the core doesn't model (mana.c's read_sources sends the payment back at once without
  ** its code): with code_of, the payment made if every such one is a choice source, their codes read
  ** before the core's call when the characteristics are current (else after the call that refreshed
  ** them and was sent back); the common board, without one, pays with no Lua call made */
  codes = lua_istable(L, 14) ? 14 : 0;
  if (arb_chars_fresh(lg->g) && has_choices(lg, p.c.a)) {
    p.c.out = -1;
    if (lua_isfunction(L, 9) && read_choices(L, lg, 9, codes, &p)) arb_l_core(L, lg, &p.c);
  } else {
    arb_l_core(L, lg, &p.c);
    if (p.c.out < 0 && lua_isfunction(L, 9)) {
      if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* controllers: current */
      if (read_choices(L, lg, 9, codes, &p) && p.nch > 0) arb_l_core(L, lg, &p.c);
    }
  }
  /* a real choice: the plan goes on with each answer until it pays or fails */
  while (p.c.out == 0 && p.ans.ask > 0 && asks && next_answer(L, lg, 10, &p)) arb_l_core(L, lg, &p.c);
  if (p.c.out == 0 && p.ans.short_slot >= 0) {
    lua_pushboolean(L, 0);
    lua_pushinteger(L, p.ans.short_slot + 1);
    lua_pushinteger(L, p.ans.short_need);
    return 3;
  }
  lua_pushboolean(L, p.c.out > 0);
  if (p.c.out <= 0 && p.ans.nans > 0) {       /* sent back after picks were asked: the host's to replay */
    lua_pushnil(L);
    lua_pushnil(L);
    lua_createtable(L, p.ans.nans, 0);
    for (k = 0; k < p.ans.nans; k++) {
      lua_pushinteger(L, p.answers[k]);
      lua_rawseti(L, -2, k + 1);
    }
    return 4;
  }
  if (p.c.out <= 0 || !p.ans.xs) return 1;
  lua_createtable(L, ARB_NMANA, 0);           /* what {X} took, by pool slot */
  for (k = 0; k < ARB_NMANA; k++) {
    lua_pushinteger(L, p.ans.x_spent[k]);
    lua_rawseti(L, -2, k + 1);
  }
  return 2;
}

/* The event of a spell cast or an ability activated (405, 406), as g:_emit(g, "cast" |
** "activate", {player, card, amount}) signals it, without the fields table and its seven
** reads, nor a protected call when no host code can run (arb_l_core): ~1,500 instructions a
** cast (issue 28). */
static const char *const PLAYED[] = {"cast", "activate", NULL};
/* (lcast_plain.c signals its plain cast's event with it: c->a 0 "cast", 1 "activate") */
int arb_l_played_fn(arb_game *g, arb_l_call *c);
int arb_l_played_fn(arb_game *g, arb_l_call *c) {
  arb_event ev;
  int happened, name = arb_intern(g, PLAYED[c->a], strlen(PLAYED[c->a]));
  if (name < 0) return ARB_ENOMEM;
  arb_event_init(&ev, ARB_EV_NAMED);
  ev.name = name;
  ev.player = c->b;
  ev.card = c->c;
  if (c->e) ev.amount = c->d;
  return arb_signal(g, &ev, &happened);
}
/* GI._played(g, "cast" | "activate", p, card | nil, amount | nil) */
static int g_played(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = arb_l_played_fn};
  c.a = luaL_checkoption(L, 2, NULL, PLAYED);
  c.b = arb_l_checkplayer(L, 3, lg);
  c.c = lua_isnoneornil(L, 4) ? -1 : arb_l_checkcard(L, 4, lg);
  c.e = !lua_isnoneornil(L, 5);
  if (c.e) c.d = arb_l_checkint(L, 5, 5, "amount");
  arb_l_core(L, lg, &c);
  return 0;
}

/* g:_asks(p, yes | "always"): whether p's agent answers priority (set_agent sets it);
** "always": at every priority, even when p could only pass (agent.priority_always) */
static int g_asks(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int always = lua_type(L, 3) == LUA_TSTRING && !strcmp(lua_tostring(L, 3), "always");
  if (arb_set_asks(lg->g, arb_l_checkplayer(L, 2, lg), always ? 2 : lua_toboolean(L, 3)))
    return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

/* g:_acts_until(p, until): p's abilities from no permanent taken at priority last until turn
** until - 1 (0: none; math.huge or more: the rest of the game) */
static int g_acts_until(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  lua_Number n = luaL_checknumber(L, 3);
  int32_t until = n >= (lua_Number)INT32_MAX ? INT32_MAX : (int32_t)arb_l_intarg(L, 3, 3, "turn", 0, INT32_MAX);
  if (arb_set_acts_until(lg->g, p, until)) return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

/* g:_mana_burn(on) */
static int g_mana_burn(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  if (arb_set_mana_burn(lg->g, lua_toboolean(L, 2))) return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

/* g:_could_act(p) -> whether p would be asked for priority now */
static int g_could_act(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushboolean(L, arb_could_act(lg->g, arb_l_checkplayer(L, 2, lg)));
  return 1;
}


/* GI._priority_view(g, p) -> foe, foe's life, objects on the stack: what a priority agent
** (agents.simple_priority) reads at every pass, in one call instead of four (the players
** list, GI._lost per player, foe.life through the player's __index, GI._stack_size). foe:
** the first player in turn-order index other than p who has not lost (nil: none, life nil). */
static int g_priority_view(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg), q, n = arb_nplayers(lg->g);
  for (q = 0; q < n && (q == p || arb_player_get(lg->g, q)->lost); q++) {}
  if (q < n) {
    arb_chars_depend(lg->g, ARB_DEP_WORLD);   /* a player read, as p.life reads it (lcard.c) */
    arb_l_pushplayer(L, 1, q);
    lua_pushinteger(L, arb_team_get(lg->g, arb_player_get(lg->g, q)->team)->life);
  } else {
    lua_pushnil(L);
    lua_pushnil(L);
  }
  lua_pushinteger(L, arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_STACK))->n);
  return 3;
}

/* ---- hooks: the core's priority loop calls the Lua layer ---- */

/* Calls env[name](game, extra...) (nargs pushed after the function and game
** by push); one result left at *base + 1 on success. The Lua layer's own
** functions: their messages (which name the rule) go up as they are. */
static int call_env(lgame *lg, const char *name, int nargs, int *base) {
  lua_State *L = lg->L;
  int fidx = lua_gettop(L) - nargs - 1, status;   /* the function, then the game and args */
  status = lua_pcall(L, nargs + 1, 1, 0);
  *base = fidx - 1;
  if (status == LUA_OK) return ARB_OK;
  arb_l_pushgame_of(L, lg);
  arb_l_env(L, -1);
  lua_pushvalue(L, -3);
  lua_setfield(L, -2, "err");
  lua_pop(L, 3);
  (void)name;
  return ARB_EHOOK;
}

/* Pushes env[name] and the game; returns the game's index, or 0 when env has
** no such function (nothing pushed). */
static int push_env_fn(lgame *lg, const char *name) {
  lua_State *L = lg->L;
  int top = lua_gettop(L);
  arb_l_pushgame_of(L, lg);
  arb_l_env(L, -1);
  if (lua_getfield(L, -1, name) != LUA_TFUNCTION) { lua_settop(L, top); return 0; }
  lua_replace(L, -2);          /* game, fn */
  lua_insert(L, -2);           /* fn, game */
  return lua_gettop(L);
}

/* Pushes env.priority and the game, as push_env_fn does: the function read from env once,
** then from its registry ref (lg->priority_ref; env.priority is set once, when the game is
** made, and a pass is asked ~140 times a game: the env read was ~450 instructions of it). */
static int push_priority_fn(lgame *lg) {
  lua_State *L = lg->L;
  int gidx;
  if (lg->priority_ref == LUA_NOREF) {
    if (!(gidx = push_env_fn(lg, "priority"))) return 0;
    lua_pushvalue(L, gidx - 1);
    lg->priority_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return gidx;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, lg->priority_ref);
  arb_l_pushgame_of(L, lg);
  return lua_gettop(L);
}

/* env.priority(game, p, step): the step's name as g:_step_name reads it (the
** Lua layer's ctx.step, one C call fewer a priority question) */
static int h_priority(void *ud, arb_game *g, int player, int *acted) {
  lgame *lg = ud;
  lua_State *L = lg->L;
  int gidx = push_priority_fn(lg), base, rc, step = arb_current_step(g);
  *acted = 0;
  if (!gidx) return ARB_OK;
  arb_l_pushplayer(L, gidx, player);
  if (step < 0) lua_pushnil(L);
  else lua_pushstring(L, arb_step_name(step));
  rc = call_env(lg, "priority", 2, &base);
  if (rc == ARB_OK) *acted = lua_toboolean(L, -1);
  lua_settop(L, base);
  return rc;
}

static int h_resolve_object(void *ud, arb_game *g, int card, int *countered) {
  lgame *lg = ud;
  lua_State *L = lg->L;
  int gidx = push_env_fn(lg, "resolve_object"), base, rc;
  (void)g;
  *countered = 0;
  if (!gidx) return ARB_OK;
  arb_l_pushobject(L, gidx, card);
  rc = call_env(lg, "resolve_object", 1, &base);
  if (rc == ARB_OK) *countered = lua_toboolean(L, -1);
  lua_settop(L, base);
  return rc;
}

static int h_targets(void *ud, arb_game *g, const arb_effect *fx, int card) {
  lgame *lg = ud;
  lua_State *L = lg->L;
  int gidx = push_env_fn(lg, "trigger_targets"), base, rc;
  (void)g;
  if (!gidx) return ARB_OK;
  arb_l_env(L, gidx);
  lua_getfield(L, -1, "refs");
  lua_rawgeti(L, -1, fx->ref);
  lua_replace(L, -3);
  lua_pop(L, 1);
  arb_l_pushobject(L, gidx, card);
  rc = call_env(lg, "trigger_targets", 2, &base);
  lua_settop(L, base);
  return rc;
}

/* env.optional_loop(g, {players...}) -> the agreed number of steps (421.5) */
static int h_optional_loop(void *ud, arb_game *g, const int32_t *players, int n, int *iterations) {
  lgame *lg = ud;
  lua_State *L = lg->L;
  int gidx = push_env_fn(lg, "optional_loop"), base, rc, i;
  (void)g;
  *iterations = 0;
  if (!gidx) return ARB_OK;
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) { arb_l_pushplayer(L, gidx, players[i]); lua_rawseti(L, -2, i + 1); }
  rc = call_env(lg, "optional_loop", 1, &base);
  if (rc == ARB_OK) *iterations = (int)lua_tointeger(L, -1);
  lua_settop(L, base);
  return rc;
}

void arb_l_stack_hooks(arb_hooks *h);
void arb_l_stack_hooks(arb_hooks *h) {
  h->priority = h_priority;
  h->resolve_object = h_resolve_object;
  h->targets = h_targets;
  h->optional_loop = h_optional_loop;
}

static const luaL_Reg stack_methods[] = {
  {"_produce", g_produce}, {"_mana_available", g_mana_available},
  {"_pay_simple", g_pay_simple}, {"_acts_until", g_acts_until},
  {"stack_objects", g_stack_objects}, {"counter", g_counter},
  {"_object", g_object}, {"_object_id", g_object_id}, {"_spell_put", g_spell_put}, {"_spell_copy_put", g_spell_copy_put}, {"_ability_put", g_ability_put},
  {"_set_x_spent", g_set_x_spent},
  {"_set_targets", g_set_targets}, {"_mana", g_mana}, {"_mana_remove", g_mana_remove}, {"_asks", g_asks},
  {"_mana_burn", g_mana_burn}, {"_priority_view", g_priority_view}, {"_could_act", g_could_act}, {"_played", g_played},
  {NULL, NULL}
};

int arb_l_stack_open(lua_State *L) {
  arb_l_add_game_methods(L, stack_methods);
  return 0;
}
