/*
** lpermanent.c — Game methods acting on permanents: g:destroy, g:sacrifice and
** g:regenerate (destroy.c: indestructible, regeneration as a replacement),
** g:attach and g:_aura_enchant (attach.c: what an Aura enchants). Each checks
** all its arguments, then runs as one core action (arb_l_core).
*/
#include <string.h>
#include "lbind.h"

/* ---- destruction ---- */

static int permanent_arg(lua_State *L, lgame *lg, int idx, const char *fn) {
  int id = arb_l_checkcard(L, idx, lg);
  arb_card *c = arb_card_get(lg->g, id);
  if (arb_zone_get(lg->g, c->zone)->kind != ARB_BATTLEFIELD)
    return luaL_error(L, "bad argument #%d to '%s' (%s#%d is in the %s, not on the battlefield)", idx - 1,
                      fn, arb_str(lg->g, c->name), id, arb_zone_kind_name(arb_zone_get(lg->g, c->zone)->kind));
  return id;
}

static int destroy_fn(arb_game *g, arb_l_call *c) { return arb_destroy_flags(g, c->a, c->b, &c->out); }

/* g:destroy(c, opts) -> true when it was destroyed (not indestructible, not
** regenerated); opts.regenerate = false: "it can't be regenerated" */
static int g_destroy(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = destroy_fn};
  c.a = permanent_arg(L, lg, 2, "destroy");
  if (!lua_isnoneornil(L, 3)) {
    luaL_argcheck(L, lua_istable(L, 3), 3, "options must be a table");
    lua_getfield(L, 3, "regenerate");
    if (!lua_isnil(L, -1) && !lua_isboolean(L, -1)) luaL_argerror(L, 3, "options.regenerate must be a boolean");
    if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) c.b = ARB_EVF_NO_REGEN;
    lua_pop(L, 1);
  }
  arb_l_core(L, lg, &c);
  lua_pushboolean(L, c.out);
  return 1;
}

static int sacrifice_fn(arb_game *g, arb_l_call *c) { return arb_sacrifice(g, c->a, &c->out); }

/* g:sacrifice(c) -> true when its controller sacrificed it (a "sacrifice" event) */
static int g_sacrifice(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = sacrifice_fn};
  c.a = permanent_arg(L, lg, 2, "sacrifice");
  arb_l_core(L, lg, &c);
  lua_pushboolean(L, c.out);
  return 1;
}

static int regen_fn(arb_game *g, arb_l_call *c) { return arb_regenerate(g, c->a, &c->out); }

static int g_regenerate(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = regen_fn};
  c.a = permanent_arg(L, lg, 2, "regenerate");
  arb_l_core(L, lg, &c);
  lua_settop(L, 2);
  return 1;
}

/* ---- Auras ---- */

/* What an Aura enchants: its definition's enchant ("creature", ...) or its
** first target kind; any permanent otherwise. Any other name is a subtype ("Wall": Animate
** Wall's "Enchant Wall", the permanents with that subtype, ARB_ENCHANT_SUB). */
static int enchant_types(lua_State *L, int gidx, int aura) {
  static const char *const kinds[] = {"creature", "land", "artifact", "enchantment", NULL};
  int i, t = 0;
  lgame *lg = arb_l_checkgame(L, gidx);
  arb_l_env(L, gidx);
  lua_getfield(L, -1, "defs");
  lua_rawgeti(L, -1, aura);
  if (lua_istable(L, -1)) {
    if (lua_getfield(L, -1, "enchant") == LUA_TNIL) {
      lua_pop(L, 1);
      if (lua_getfield(L, -1, "targets") == LUA_TTABLE) lua_rawgeti(L, -1, 1);
      else lua_pushnil(L);
      lua_remove(L, -2);
    }
    if (lua_type(L, -1) == LUA_TSTRING) {
      size_t len;
      const char *s = lua_tolstring(L, -1, &len);
      for (i = 0; kinds[i]; i++)
        if (!strcmp(kinds[i], s)) t = 1 << i;
      if (!t && len > 0 && s[0] >= 'A' && s[0] <= 'Z') {
        int id = arb_intern(lg->g, s, len);
        if (id < 0) arb_l_fail(L, lg, ARB_ENOMEM);
        t = ARB_ENCHANT_SUB(id);
      }
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 3);
  return t;
}

static int attach_fn(arb_game *g, arb_l_call *c) {
  int rc = arb_attach(g, c->a, c->b, c->c);
  arb_card *a = arb_card_get(g, c->a);
  c->out = !rc && a->attached_to == c->b;
  return rc;
}

/* g:attach(aura, permanent) -> true, or false when it can't be enchanted (or a
** replacement stopped it) */
static int g_attach(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = attach_fn};
  c.a = permanent_arg(L, lg, 2, "attach");
  c.b = permanent_arg(L, lg, 3, "attach");
  if (c.a == c.b) return luaL_argerror(L, 3, "an Aura can't be attached to itself");
  c.c = enchant_types(L, 1, c.a);
  arb_l_core(L, lg, &c);
  lua_pushboolean(L, c.out);
  return 1;
}

/* g:_aura_enchant(card): an Aura spell about to enter records the types it enchants (its
** definition's enchant, or its first target kind), for the core's attachment on entry */
static int enchant_fn(arb_game *g, arb_l_call *c) {
  arb_card *a = arb_card_get(g, c->a);
  if (arb_jset_card8(g, c->a, &a->enchant, c->b & 0xff)) return ARB_ENOMEM;
  return arb_jset_card(g, c->a, &arb_card_get(g, c->a)->enchant_sub, c->b >> 8);
}
static int g_aura_enchant(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = enchant_fn};
  c.a = arb_l_checkcard(L, 2, lg);
  c.b = enchant_types(L, 1, c.a);
  arb_l_core(L, lg, &c);
  return 0;
}

static const luaL_Reg permanent_methods[] = {
  {"_aura_enchant", g_aura_enchant},
  {"destroy", g_destroy}, {"sacrifice", g_sacrifice}, {"regenerate", g_regenerate}, {"attach", g_attach},
  {NULL, NULL}
};

int arb_l_permanent_open(lua_State *L) {
  arb_l_add_game_methods(L, permanent_methods);
  return 0;
}
