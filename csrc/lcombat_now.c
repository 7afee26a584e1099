/*
** lcombat_now.c — combat's own steps in one core call each where the Lua layer made
** several (issue 28, speed; lua/arbiter/combat.lua, combat_damage.lua):
**   g:_declare_now(blocks, keys, decl): the declaration g:nearest_legal_attack/_block proved,
**     declared while the game is in its declare step (the turn's own declarations), then the
**     step's settle; the Lua layer made an atomic call, a pairs list, the declaration's call
**     and the settle's. Outside the step it changes nothing and answers false: the Lua layer
**     enters the steps and declares as before (declare_in_steps).
**   g:_end_combat_now([turn]): the end of combat step (entered unless the game is in it), the
**     creatures out of combat, "until end of combat" ends, then settle; four core calls in an
**     atomic call before.
**   g:_none_can_block(): whether no creature may block (then no block is legal, and
**     declaring none needs no solver call; the random agent's answer when it has no untapped
**     creature).
** Each is one action, undone whole on error (422) as the atomic call around the several was,
** and the core functions run in the same order, each from current characteristics as each
** core call refreshed them (spec/combat_now_spec.lua compares both ways).
*/
#include "lcombat.h"

/* A declaration's (creature, defender or attacker) pairs, read before the action: at most
** NOW_PAIRS (a larger declaration takes the Lua layer's path). */
#define NOW_PAIRS 64
typedef arb_lc_pair now_pair;

/* keys[i] attacks decl[keys[i]] (keys: the creatures in card-id order, decl their
** defending players); *n the pairs, or -1 when there are too many. */
static void attack_pairs(lua_State *L, lgame *lg, now_pair *p, int *n) {
  lua_Integer i, k = (lua_Integer)lua_rawlen(L, 3);
  *n = -1;
  if (k > NOW_PAIRS) return;
  for (i = 1; i <= k; i++) {
    lua_rawgeti(L, 3, i);
    lua_pushvalue(L, -1);
    lua_rawget(L, 4);
    p[i - 1].c = arb_l_checkcard(L, -2, lg);
    p[i - 1].x = arb_l_checkplayer(L, -1, lg);
    lua_pop(L, 2);
  }
  *n = (int)k;
}

static int pair_before(const now_pair *a, const now_pair *b) {
  return a->c < b->c || (a->c == b->c && a->x < b->x);
}

/* decl {[blocker] = {attacker...}} as pairs in blocker-id order, each blocker's attackers in
** id order (the order g:declare_blockers declares a map in); *n -1 when there are too many. */
static void block_pairs(lua_State *L, lgame *lg, now_pair *p, int *n) {
  int k = 0, i, j;
  *n = -1;
  lua_pushnil(L);
  while (lua_next(L, 4)) {
    int b = arb_l_checkcard(L, -2, lg);
    lua_Integer m = (lua_Integer)lua_rawlen(L, -1);
    luaL_checktype(L, -1, LUA_TTABLE);
    if (m > NOW_PAIRS - k) { lua_pop(L, 2); return; }
    for (i = 1; i <= m; i++) {
      lua_rawgeti(L, -1, i);
      p[k].c = b;
      p[k++].x = arb_l_checkcard(L, -1, lg);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  for (i = 1; i < k; i++) {                  /* insertion sort: a few pairs */
    now_pair t = p[i];
    for (j = i; j > 0 && pair_before(&t, &p[j - 1]); j--) p[j] = p[j - 1];
    p[j] = t;
  }
  *n = k;
}

/* (g, blocks, keys, decl, pairs, n): the pairs declared, then settle */
static int now_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  arb_game *g = lg->g;
  int blocks = lua_toboolean(L, 2), i, n = (int)lua_tointeger(L, 6), rc = ARB_OK;
  const now_pair *p = lua_touserdata(L, 5);
  if (arb_over(g)) return 0;                 /* (the Lua layer's: no declaration once it ended) */
  for (i = 0; i < n && !rc; i++)
    rc = blocks ? arb_declare_block_band(g, p[i].c, p[i].x) : arb_declare_attack(g, p[i].c, p[i].x);
  if (!rc) rc = arb_chars_refresh(g);        /* (as the settle's own call began) */
  if (!rc) rc = arb_settle(g);
  if (rc) return arb_l_fail(L, lg, rc);
  return 0;
}

void arb_lc_declare_pairs(lua_State *L, lgame *lg, int blocks, const arb_lc_pair *p, int n) {
  lua_settop(L, 1);                          /* (g, blocks, keys, decl, pairs, n): now_body's */
  lua_pushboolean(L, blocks);
  lua_pushnil(L);
  lua_pushnil(L);
  lua_pushlightuserdata(L, (void *)p);
  lua_pushinteger(L, n);
  arb_l_guarded(L, lg, now_body);
}

/* g:_declare_now(blocks, keys, decl) -> true when declared (and settled); false, nothing
** changed, when the game isn't in that declare step or the declaration is large. Attacks:
** keys the creatures in card-id order, decl {[creature] = player}; blocks: decl
** {[blocker] = {attacker...}} (keys unused). Only a declaration proved legal in this state
** may be given: nothing is checked but that its values are this game's cards and players. */
static int g_declare_now(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int blocks = lua_toboolean(L, 2), n;
  now_pair p[NOW_PAIRS];
  luaL_checktype(L, 4, LUA_TTABLE);
  if (!blocks) luaL_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 4);
  if (arb_current_step(lg->g) != (blocks ? ARB_STEP_BLOCKERS : ARB_STEP_ATTACKERS)) {
    lua_pushboolean(L, 0);
    return 1;
  }
  if (blocks) block_pairs(L, lg, p, &n);
  else attack_pairs(L, lg, p, &n);
  if (n < 0) { lua_pushboolean(L, 0); return 1; }
  arb_lc_declare_pairs(L, lg, blocks, p, n);
  lua_pushboolean(L, 1);
  return 1;
}

/* The end of combat step's work, each part from current characteristics as its own core
** call started (arb_l_core refreshes them once, before the first) */
static int endc_now_fn(arb_game *g, arb_l_call *c) {
  /* nothing when in it; c->a: the turn's step, entered as g:_step enters it (arb_step) */
  int rc = c->a ? arb_step(g, ARB_STEP_END_COMBAT) : arb_combat_step(g, ARB_STEP_END_COMBAT);
  if (!rc) rc = arb_chars_refresh(g);
  if (!rc) rc = arb_end_combat(g);
  if (!rc) rc = arb_chars_refresh(g);
  if (!rc) rc = arb_end_durations(g, ARB_UNTIL_COMBAT);
  if (!rc) rc = arb_chars_refresh(g);
  return rc ? rc : arb_settle(g);
}

/* g:_end_combat_now([turn]): g:end_combat's work (lua/arbiter/combat_damage.lua) in one call;
** turn: the turn's end of combat step (turn.lua), entered as g:_step enters it, in the same call */
static int g_end_combat_now(lua_State *L) {
  arb_l_call c = {.fn = endc_now_fn};
  c.a = lua_toboolean(L, 2);
  arb_l_core(L, arb_l_checkgame(L, 1), &c);
  return 0;
}

/* g:_none_can_block() -> whether no creature may block any attacking creature (combat.c), the
** characteristics current first: then declaring no block is legal (500.3, 500.4) */
static int g_none_can_block(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* the layers' abilities (lstatic.c) */
  lua_pushboolean(L, arb_none_can_block(lg->g));
  return 1;
}

static const luaL_Reg now_methods[] = {
  {"_declare_now", g_declare_now}, {"_end_combat_now", g_end_combat_now},
  {"_none_can_block", g_none_can_block}, {NULL, NULL}
};

void arb_lc_now_open(lua_State *L) { arb_l_add_game_methods(L, now_methods); }
