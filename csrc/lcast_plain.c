/*
** lcast_plain.c — a plain cast in one core call (issue 28): GI._cast_plain, which
** lua/arbiter/stack.lua's cast (g:cast and the default main phase's) tries first.
**
** A plain cast is what the general path (stack.lua cast_checked / cast_body) does for a spell
** with no targets, modes, {X}, additional cost (`pay`) or cast_condition, cast with no options,
** when no host code can run in it (arb_host_effects_free: no predicate, replacement, trigger or
** observer of the host's; agents answering priority and spells on the stack don't matter: a
** cast neither gives priority nor resolves anything, settle does) and no rule effect changes a
** cost or how mana is spent (the Lua side checks those): the same core calls in the same order, made
** here as one action instead of five API calls inside an atomic:
**   g:cast's first checks (418 "can't cast", 405.1 in its owner's hand, not a land, 216.2 not
**   a token: lprohibit.c g_cast_ok), timing (116: priority, and a sorcery's main phase with an
**   empty stack), the card onto the stack (405.1: arb_spell_put), its mana cost paid the
**   core's simple way (arb_mana_pay_simple: no choice to make, 409.1f), the "cast" event.
** Whenever any of it isn't so (a check fails, the payment needs the general path: a choice, a
** source the core doesn't model, not enough mana) nothing is left done: the action is rolled
** back (422) and the caller takes the general path, which then does or explains it exactly as
** it always did. spec/cast_plain_spec.lua plays casts both ways and compares the games.
*/
#include <string.h>
#include "lbind.h"

#define TRYL(x) do { int rc_ = (x); if (rc_) return rc_; } while (0)

int arb_l_played_fn(arb_game *g, arb_l_call *c);   /* lstack.c: the "cast" event */

enum { NOT_PLAIN = 1 };   /* (the core's codes are <= 0) */

typedef struct {
  int p, card, sorcery;
  int32_t need[ARB_NMANA];   /* W U B R G, then generic: the spell's mana cost */
} plain_cast;

/* g:cast's first checks as g:_cast_ok reads them (lprohibit.c): 1 when they all pass */
static int first_checks(arb_game *g, const plain_cast *pc, int *ok) {
  const arb_card *c;
  int yes;
  *ok = 0;
  TRYL(arb_chars_refresh(g));
  TRYL(arb_can_cast(g, pc->p, &yes));
  if (!yes) return ARB_OK;
  c = arb_card_get(g, pc->card);
  if (c->zone < 0 || arb_zone_get(g, c->zone)->kind != ARB_HAND || c->owner != pc->p) return ARB_OK;
  arb_chars_depend(g, ARB_DEP_R_TYPE | ARB_DEP_R_ABIL);
  *ok = !(c->types & ARB_T_LAND) && !c->token;
  return ARB_OK;
}

/* 116 as stack.lua's timing() reads it: inside a turn, p holds priority (or nobody does);
** a spell that isn't an instant only in a main phase of p's turn with an empty stack (another
** member of p's team's turn: the general path, which knows teams) */
static int timely(arb_game *g, const plain_cast *pc) {
  int step = arb_current_step(g), holder;
  if (step == ARB_STEP_NONE) return 1;
  holder = arb_priority(g);
  if (holder >= 0 && holder != pc->p) return 0;
  if (!pc->sorcery) return 1;
  return (step == ARB_STEP_MAIN1 || step == ARB_STEP_MAIN2) && arb_active(g) == pc->p &&
         arb_zone_get(g, arb_zone_id(g, -1, ARB_STACK))->n == 0;
}

/* The cast itself, the general path's core calls in its order (each after the refresh
** arb_l_core makes first): the spell on the stack, its mana paid, the "cast" event. */
static int cast(arb_game *g, lgame *lg, const plain_cast *pc) {
  int32_t none[1] = {0};
  int k, total = 0, paid = 0;
  arb_mana_choice noch[1] = {{0, 0}};
  arb_l_call ev;
  TRYL(arb_chars_refresh(g));
  TRYL(arb_spell_put(g, pc->card, pc->p, none, 0, 0));
  for (k = 0; k < ARB_NMANA; k++) total += pc->need[k];
  if (total > 0) {   /* (mana.lua _pay_mana: a cost of nothing is paid by nothing) */
    TRYL(arb_chars_refresh(g));
    TRYL(arb_mana_pay_simple(g, pc->p, pc->need, 0, noch, 0, NULL, NULL, 0, &paid));
    if (paid != 1) return NOT_PLAIN;   /* a choice, another kind of source, not enough */
  }
  TRYL(arb_chars_refresh(g));
  memset(&ev, 0, sizeof ev);
  ev.a = 0;              /* "cast" */
  ev.b = pc->p;
  ev.c = pc->card;
  ev.lg = lg;
  return arb_l_played_fn(g, &ev);
}

static int push_object(lua_State *L) {   /* (game, card id) -> its stack object */
  arb_l_pushobject(L, 1, (int)lua_tointeger(L, 2));
  return 1;
}

/* GI._cast_plain(g, p, card, sorcery, quiet, w, u, b, r, gr, generic) -> true[, obj] when the
** plain cast was made (quiet: no stack object's value made, nothing more returned), false when
** nothing was done (the general path's turn). p and card: a player and a card of g (the
** caller's checks); sorcery: the spell isn't an instant by its printed types. */
static int g_cast_plain(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_game *g = lg->g;
  plain_cast pc;
  size_t mark;
  int k, ok, rc;
  pc.p = arb_l_toid(L, 2, lg, 1);
  pc.card = arb_l_toid(L, 3, lg, 0);
  pc.sorcery = lua_toboolean(L, 4);
  for (k = 0, ok = 1; k < ARB_NMANA; k++) {   /* (a parsed cost's counts: anything else, the general path) */
    lua_Integer n = lua_tointeger(L, 6 + k);
    ok = ok && n >= 0 && n <= 1000000;
    pc.need[k] = ok ? (int32_t)n : 0;
  }
  if (!ok || pc.p < 0 || pc.card < 0 || !arb_host_effects_free(g)) { lua_pushboolean(L, 0); return 1; }
  mark = arb_mark(g);   /* one action (arb_l_core's, without host code) */
  lg->mem->host++;
  rc = first_checks(g, &pc, &ok);
  if (!rc && ok && timely(g, &pc)) rc = cast(g, lg, &pc);
  else if (!rc) ok = 0;   /* nothing done: no rollback (it would count as a change) */
  lg->mem->host--;
  if (rc) {
    arb_l_rollback(L, lg, mark);
    if (rc != NOT_PLAIN) return arb_l_fail(L, lg, rc);
    lua_pushboolean(L, 0);
    return 1;
  }
  /* g:cast's stack object, made inside the action (as the general path makes it): a memory
  ** error undoes the cast; nothing allocates after the commit */
  if (ok && !lua_toboolean(L, 5)) {
    lua_pushcfunction(L, push_object);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, pc.card);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
      arb_l_rollback(L, lg, mark);
      return lua_error(L);
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -2);
    arb_commit(g);
    return 2;
  }
  arb_commit(g);
  lua_pushboolean(L, ok);
  return 1;
}

/* GI._timely(g, p, sorcery) -> true when stack.lua's timing() passes: the answer it reaches
** through four reads (step, priority, active player, stack size), in one call (a cast and an
** activation each ask it). false: not known to pass (wrong timing, or another member of p's
** team's turn): timing() reads them itself, to decide with teams or to explain. */
static int g_timely(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  plain_cast pc;
  pc.p = arb_l_toid(L, 2, lg, 1);
  pc.sorcery = lua_toboolean(L, 3);
  lua_pushboolean(L, pc.p >= 0 && timely(lg->g, &pc));
  return 1;
}

static const luaL_Reg cast_plain_methods[] = {
  {"_cast_plain", g_cast_plain}, {"_timely", g_timely},
  {NULL, NULL}
};

int arb_l_cast_plain_open(lua_State *L) {
  arb_l_add_game_methods(L, cast_plain_methods);
  return 0;
}
