/*
** lcombat.c — combat state faced to Lua: declarations recorded (g:_declare),
** blocks and attackers read, end of combat, the damage steps (combat_damage.c) and
** their flags. The solver calls: lcombat_solve.c, lcombat_attack.c, lcombat_block.c.
*/
#include "lcombat.h"

/* ---- combat state changes (guarded: they fire events) ---- */

static int declare_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  int blocks = lua_toboolean(L, 3), rc = ARB_OK;
  lua_Integer i, n = (lua_Integer)lua_rawlen(L, 2);
  for (i = 1; i + 1 <= n && !rc; i += 2) {
    int a, b;
    lua_rawgeti(L, 2, i);
    lua_rawgeti(L, 2, i + 1);
    a = arb_l_checkcard(L, -2, lg);
    if (blocks) { b = arb_l_checkcard(L, -1, lg); rc = arb_declare_block_band(lg->g, a, b); }
    else { b = arb_l_checkplayer(L, -1, lg); rc = arb_declare_attack(lg->g, a, b); }
    lua_pop(L, 2);
  }
  if (rc) return arb_l_fail(L, lg, rc);
  return 0;
}

/* g:_declare(list, is_blocks): list = {card, player_or_attacker, ...} in order */
static int g_declare(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 3);
  return arb_l_guarded(L, lg, declare_body);
}

/* g:blocks() -> the blocks of this combat whose blocker is still in it, as {blocker,
** attacker} pairs in declaration order. A blocker removed from combat (regeneration,
** leaving the battlefield: its blocking count is cleared) blocks nothing any more; the
** attacker it blocked stays blocked (c.blocked). */
static int g_blocks(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int i, k = 0, n = arb_nblocks(lg->g);
  arb_chars_depend(lg->g, ARB_DEP_COMBAT);   /* an affects predicate reading combat (lstatic.c) */
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    int b, a;
    arb_block_get(lg->g, i, &b, &a);
    if (arb_card_get(lg->g, b)->blocking == 0) continue;
    lua_createtable(L, 2, 0);
    arb_l_pushcard(L, 1, b);
    lua_rawseti(L, -2, 1);
    arb_l_pushcard(L, 1, a);
    lua_rawseti(L, -2, 2);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* g:attackers() -> the attacking creatures in card-id order. Only permanents attack
** (leaving the battlefield ends it), so the battlefield is scanned, not every card;
** ids are sorted in a small buffer (a huge attack falls back to the scan of all cards). */
#define FEW_ATTACKERS 64
static int g_attacking(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_chars_depend(lg->g, ARB_DEP_COMBAT);   /* an affects predicate reading combat (lstatic.c) */
  arb_zone *z = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
  int32_t ids[FEW_ATTACKERS];
  int i, j, n = 0;
  for (i = 0; i < z->n && n <= FEW_ATTACKERS; i++) {
    int32_t id = z->cards[i];
    if (arb_card_get(lg->g, id)->attacking < 0) continue;
    if (n++ == FEW_ATTACKERS) break;
    for (j = n - 1; j > 0 && ids[j - 1] > id; j--) ids[j] = ids[j - 1];   /* insertion sort */
    ids[j] = id;
  }
  if (n > FEW_ATTACKERS) {                 /* many: every card in id order */
    lua_newtable(L);
    for (i = n = 0; i < arb_ncards(lg->g); i++) {
      arb_card *c = arb_card_get(lg->g, i);
      if (c->attacking >= 0 && c->zone >= 0) { arb_l_pushcard(L, 1, i); lua_rawseti(L, -2, ++n); }
    }
    return 1;
  }
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) { arb_l_pushcard(L, 1, ids[i]); lua_rawseti(L, -2, i + 1); }
  return 1;
}

/* g:_nattacking() -> #g:attackers(), no table made (the turn's attack step asks whether any
** creature still attacks after the declaration's settle) */
static int g_nattacking(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_zone *z;
  int i, n = 0;
  arb_chars_depend(lg->g, ARB_DEP_COMBAT);   /* (as g:attackers) */
  z = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
  for (i = 0; i < z->n; i++) n += arb_card_get(lg->g, z->cards[i])->attacking >= 0;
  if (n > FEW_ATTACKERS)                     /* (as g:attackers lists many: every card) */
    for (i = n = 0; i < arb_ncards(lg->g); i++) {
      const arb_card *c = arb_card_get(lg->g, i);
      n += c->attacking >= 0 && c->zone >= 0;
    }
  lua_pushinteger(L, n);
  return 1;
}

static int endc_fn(arb_game *g, arb_l_call *c) { (void)c; return arb_end_combat(g); }
static int g_end_combat_raw(lua_State *L) {
  arb_l_call c = {.fn = endc_fn};
  arb_l_core(L, arb_l_checkgame(L, 1), &c);
  return 0;
}

/* c-level flags the damage steps need (journaled) */
static int g_set_dealt_first(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int id = arb_l_checkcard(L, 2, lg);
  arb_card *c = arb_card_get(lg->g, id);
  if (arb_jset_card8(lg->g, id, &c->dealt_first, lua_toboolean(L, 3)))
    return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

static int on_battlefield(arb_game *g, const arb_card *c) {
  return c->zone >= 0 && arb_zone_get(g, c->zone)->kind == ARB_BATTLEFIELD;
}
static int strikes_first(const arb_card *c) {
  return arb_card_count(c, ARB_AB_FIRST_STRIKE, 0) > 0 || arb_card_count(c, ARB_AB_DOUBLE_STRIKE, 0) > 0;
}

/* g:_first_strike() -> whether an attacking or blocking creature on the
** battlefield has first strike or double strike (502.2b: then a first combat
** damage step). One call instead of a has() per creature. */
static int first_strikes(arb_game *g) {
  arb_zone *z = arb_zone_get(g, arb_zone_id(g, -1, ARB_BATTLEFIELD));   /* only permanents attack */
  int i, n = arb_nblocks(g), any = 0;
  for (i = 0; i < z->n && !any; i++) {
    arb_card *c = arb_card_get(g, z->cards[i]);
    any = c->attacking >= 0 && strikes_first(c);
  }
  for (i = 0; i < n && !any; i++) {
    int b, a;
    arb_block_get(g, i, &b, &a);
    any = on_battlefield(g, arb_card_get(g, b)) && strikes_first(arb_card_get(g, b));
  }
  return any;
}
static int g_first_strike(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* as it is now the step has begun */
  lua_pushboolean(L, first_strikes(lg->g));
  return 1;
}

static int g_dealt_first(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushboolean(L, arb_card_get(lg->g, arb_l_checkcard(L, 2, lg))->dealt_first);
  return 1;
}

/* g:modify(card, dp, dt): +dp/+dt until end of turn */
static int g_modify(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int id = arb_l_checkcard(L, 2, lg);
  lua_Integer dp = arb_l_intarg(L, 3, 3, "power modifier", -999999, 999999);
  lua_Integer dt = arb_l_intarg(L, 4, 4, "toughness modifier", -999999, 999999);
  if (arb_modify_pt(lg->g, id, (int)dp, (int)dt)) return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

/* The players on another team than the active player's still in the game, in APNAP order
** (seed 003: the other teams in turn order after the active one, each team's players in seat
** order): how many, the first in *first (-1: none), and with L each appended to the table at
** L's top. */
int arb_lc_defenders(lua_State *L, arb_game *g, int *first) {
  int np = arb_nplayers(g), nt = 0, at = arb_player_get(g, arb_active(g))->team, k, p, n = 0;
  for (p = 0; p < np; p++)
    if (arb_player_get(g, p)->team >= nt) nt = arb_player_get(g, p)->team + 1;
  *first = -1;
  for (k = 1; k < nt; k++)
    for (p = 0; p < np; p++) {
      const arb_player *pl = arb_player_get(g, p);
      if (pl->team != (at + k) % nt || pl->lost) continue;
      if (*first < 0) *first = p;
      n++;
      if (L) { arb_l_pushplayer(L, 1, p); lua_rawseti(L, -2, n); }
    }
  return n;
}

/* g:_defenders() -> those players, a fresh array: turn.lua's defenders_of in one call, without
** the seat options' range of influence (601; the Lua layer asks influence.lua then). */
static int g_defenders(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int np = arb_nplayers(lg->g), first;
  lua_createtable(L, np > 1 ? np - 1 : 0, 0);
  arb_lc_defenders(L, lg->g, &first);
  return 1;
}

/* g:_opponent() -> the first of them (nil when none) and how many there are: the attack's
** one opponent and whether it is the only one (combat_input.lua, combat.lua), no table made. */
static int g_opponent(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int first, n = arb_lc_defenders(NULL, lg->g, &first);
  if (first >= 0) arb_l_pushplayer(L, 1, first);
  else lua_pushnil(L);
  lua_pushinteger(L, n);
  return 2;
}

static int g_defender_of(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_card *c = arb_card_get(lg->g, arb_l_checkcard(L, 2, lg));
  arb_l_pushplayer(L, 1, c->attacking);
  return 1;
}

static int cdmg_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  int src = arb_l_checkcard(L, 2, lg), tc = -1, tp = -1, rc;
  if (luaL_testudata(L, 3, CARD_MT)) tc = arb_l_checkcard(L, 3, lg);
  else tp = arb_l_checkplayer(L, 3, lg);
  rc = arb_damage(lg->g, src, tc, tp, arb_l_checkint(L, 4, 4, "amount"), 1);
  if (rc) return arb_l_fail(L, lg, rc);
  return 0;
}

/* g:_combat_damage(source, target, amount): combat damage, replaceable */
static int g_combat_damage(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_settop(L, 4);
  return arb_l_guarded(L, lg, cdmg_body);
}

/* A division question (arb_dmg_ask) put to the Lua layer: the function at index 4,
** combat_damage.lua's ask_division(g, q, targets, as_attacker) -> the division, a list of
** {target =, amount =}. q is the question division.lua asks ({source, amount = its power,
** recipients = the creatures then the player (trample), lethal = {[creature] = lethal damage},
** trample, player}), made here at its size with the lethal damage the plan counted (502.9b);
** targets: the creatures. The amounts come back in recipient order (the player's last). An
** error raised there (an agent's answer the rules refuse) undoes the step with the call that
** ran it (422). */
typedef struct dask { lua_State *L; lgame *lg; arb_game *g; } dask;

/* q (at the top) for src dividing among ids (nt creatures) and player (-1: no trample) */
static void push_question(lua_State *L, int src, const int32_t *ids, int nt, int player, const int32_t *lethal) {
  int i;
  lua_createtable(L, 0, 6);
  arb_l_pushcard(L, 1, src);
  lua_getfield(L, -1, "power");                  /* the card's power as the Lua layer reads it */
  lua_setfield(L, -3, "amount");
  lua_setfield(L, -2, "source");
  lua_createtable(L, nt + (player >= 0), 0);     /* recipients */
  lua_createtable(L, 0, nt);                     /* lethal */
  for (i = 0; i < nt; i++) {
    arb_l_pushcard(L, 1, ids[i]);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -4, i + 1);
    lua_pushinteger(L, lethal[i]);
    lua_rawset(L, -3);
  }
  lua_setfield(L, -3, "lethal");
  if (player >= 0) {
    arb_l_pushplayer(L, 1, player);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, nt + 1);
    lua_setfield(L, -3, "player");
  }
  lua_setfield(L, -2, "recipients");
  lua_pushboolean(L, player >= 0);
  lua_setfield(L, -2, "trample");
}

/* amounts[i]: the amount the division (at the top: division.lua's checked list, a plain array
** of plain tables) gives recipient i of q (at index q): each entry's target matched in recipient
** order (a card or player is one object: raw equality), a later entry for the same one winning */
static void read_division(lua_State *L, int q, int n, int32_t *amounts) {
  int i, j, div = lua_gettop(L);
  lua_getfield(L, q, "recipients");
  for (i = 0; i < n; i++) amounts[i] = 0;
  for (j = 1; lua_rawgeti(L, div, j) != LUA_TNIL; j++) {
    lua_getfield(L, -1, "target");
    for (i = 0; i < n; i++) {
      int same;
      lua_rawgeti(L, div + 1, i + 1);
      same = lua_rawequal(L, -1, -2);
      lua_pop(L, 1);
      if (!same) continue;
      lua_getfield(L, -2, "amount");
      amounts[i] = (int32_t)lua_tointeger(L, -1);
      lua_pop(L, 1);
      break;
    }
    lua_pop(L, 2);
  }
  lua_settop(L, div);
}

static int board_changed(lua_State *L, arb_game *g, int ncards, int nblocks) {
  if (arb_ncards(g) != ncards || arb_nblocks(g) != nblocks)   /* the plan reads the board it began with */
    return luaL_error(L, "g:combat_damage: the answer to choose(\"damage\") changed the game (it made cards "
                      "or blocks): a question's answer may read the game, not change it");
  return 0;
}

/* The shortcut (the function at index 5, combat_damage.lua's ask_index(g, p, n) -> k or nil):
** when no creature among the targets has banding, src's controller divides (combat_bands.lua's
** divider, 502.10h), and when its answer is known by its position among the n options
** (division.lua's ask_index) the question's tables are not made: option k's amounts, the choice
** noted (421.5) as division.ask notes it. 1: not known (ask the question). The card's power and
** abilities are read as the Lua layer reads them (the layers up to date first). */
static int ask_by_index(lua_State *L, dask *da, int src, const int32_t *ids, int nt, int player,
                        const int32_t *lethal, int32_t *amounts) {
  arb_game *g = da->g;
  int i, ncards = arb_ncards(g), nblocks = arb_nblocks(g), isnum;
  lua_Integer k;
  if (!lua_isfunction(L, 5)) return 1;
  if (!arb_chars_fresh(g)) arb_l_chars(L, da->lg, NULL);
  for (i = 0; i < nt; i++)
    if (arb_card_has(arb_card_get(g, ids[i]), ARB_AB_BANDING)) return 1;
  lua_pushvalue(L, 5);
  lua_pushvalue(L, 1);
  arb_l_pushplayer(L, 1, arb_card_get(g, src)->controller);
  lua_pushinteger(L, nt + 1);
  lua_call(L, 3, 1);
  board_changed(L, g, ncards, nblocks);
  k = lua_tointegerx(L, -1, &isnum);
  lua_pop(L, 1);
  if (!isnum || k < 1 || k > nt + 1) return 1;
  if (arb_note_choice(g)) return ARB_ENOMEM;
  arb_division_option((int)k, nt, player >= 0, arb_card_power(arb_card_get(g, src)), lethal, amounts);
  return ARB_OK;
}

static int ask_division(void *ud, int src, int as_attacker, const int32_t *ids, int nt, int player,
                        const int32_t *lethal, int32_t *amounts) {
  lua_State *L = ((dask *)ud)->L;
  arb_game *g = ((dask *)ud)->g;
  int i, q, n = nt + (player >= 0), ncards = arb_ncards(g), nblocks = arb_nblocks(g), rc;
  luaL_checkstack(L, 12, "combat damage");
  if ((rc = ask_by_index(L, (dask *)ud, src, ids, nt, player, lethal, amounts)) != 1) return rc;
  push_question(L, src, ids, nt, player, lethal);
  q = lua_gettop(L);
  lua_pushvalue(L, 4);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, q);
  lua_createtable(L, nt, 0);
  for (i = 0; i < nt; i++) { arb_l_pushcard(L, 1, ids[i]); lua_rawseti(L, -2, i + 1); }
  lua_pushboolean(L, as_attacker);
  lua_call(L, 4, 1);
  board_changed(L, g, ncards, nblocks);
  luaL_checktype(L, -1, LUA_TTABLE);
  read_division(L, q, n, amounts);
  lua_settop(L, q - 1);
  return ARB_OK;
}

/* One damage step in C (combat_damage.c): the plan goes in C-stack buffers, or Lua
** userdata when larger (collected even if a hook or a question unwinds). With the question
** function (arg 4) the divisions are asked as the plan comes to them (the same questions,
** in the same order, as the Lua path's assign) and the step is always dealt here; without,
** a step with a division to choose is left to the Lua layer (false, nothing changed). */
#define DMG_STACK 64
#define DMG_FEW_BLOCKS 15
/* The step planned and dealt (asks: the question functions at 4 and 5, else a step with a
** division to choose is left: 1, nothing changed) */
static int deal_step(lua_State *L, lgame *lg, int first, int had, int asks) {
  arb_game *g = lg->g;
  int nb = arb_nblocks(g), cap = arb_combat_damage_bound(g), n, rc, top = lua_gettop(L);
  arb_dmg buf[DMG_STACK], *d = buf;
  int32_t few[4 * (DMG_FEW_BLOCKS + 1)], *scratch = few;
  dask da;
  if (cap > DMG_STACK) d = arb_newudata(L, sizeof(arb_dmg) * (size_t)cap);
  else cap = DMG_STACK;
  if (nb > DMG_FEW_BLOCKS) scratch = arb_newudata(L, sizeof(int32_t) * 4 * ((size_t)nb + 1));
  da.L = L; da.lg = lg; da.g = g;
  rc = arb_combat_damage_plan(g, first, had, d, cap, &n, asks ? ask_division : NULL, &da, scratch);
  if (!rc) rc = arb_combat_damage_deal(g, d, n);
  lua_settop(L, top);                  /* (the buffers, once dealt) */
  return rc;
}

static int dstep_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  int rc = deal_step(L, lg, lua_toboolean(L, 2), lua_toboolean(L, 3), lua_isfunction(L, 4));
  if (rc == 1) { lua_pushboolean(L, 0); return 1; }   /* a choice, nobody asked here: nothing changed */
  if (rc) return arb_l_fail(L, lg, rc);
  lua_pushboolean(L, 1);
  return 1;
}

/* g:_damage_step(first_step, had_first_step, ask, ask_index) -> true when the step's combat damage
** was dealt; false (nothing changed) when a player has a division to choose and no ask
** function was given: the Lua layer asks and deals it. */
static int g_damage_step(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_settop(L, 5);
  arb_l_guarded(L, lg, dstep_body);
  return 1;
}

/* A combat damage step of g:_combat_damage_now: planned and dealt (the divisions asked), one
** "damage_dealt" per recipient when something watches named events (levent.c's rule), then
** settle; each part from current characteristics, as each was its own core call */
static int damage_now(lua_State *L, lgame *lg, int first, int had) {
  arb_game *g = lg->g;
  int from = arb_history_len(g), rc = arb_chars_refresh(g);
  if (!rc) rc = deal_step(L, lg, first, had, 1);
  if (!rc && arb_hooked(g, ARB_EV_NAMED)) {
    rc = arb_chars_refresh(g);
    if (!rc) rc = arb_damage_dealt(g, from, 1);
  }
  if (!rc) rc = arb_chars_refresh(g);
  return rc ? rc : arb_settle(g);
}

/* (g, nil, nil, ask, ask_index, turn): the step (unless in it; turn: entered as the turn enters
** its steps, arb_step, as g:_step did before this call), then a first combat damage step when
** an attacker or blocker has first or double strike (502.2b: read as the Lua layer read it,
** right after the step), then the second unless the game ended */
static int cnow_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  arb_game *g = lg->g;
  int rc = lua_toboolean(L, 6) ? arb_step(g, ARB_STEP_DAMAGE) : arb_combat_step(g, ARB_STEP_DAMAGE);
  int any = 0, steps = 0;
  if (!rc) rc = arb_chars_refresh(g);   /* first strike as it is now the step has begun */
  if (!rc && (any = first_strikes(g))) { rc = damage_now(L, lg, 1, 1); steps++; }
  if (!rc && !arb_over(g)) { rc = damage_now(L, lg, 0, any); steps++; }
  if (rc) return arb_l_fail(L, lg, rc);
  lua_pushinteger(L, steps);
  return 1;
}

/* g:_combat_damage_now(ask, ask_index[, turn]) -> the damage steps dealt: g:combat_damage's
** steps in one call, when no creature's "assign combat damage" event is watched
** (combat_damage.lua: the step entered, the first strike read, each damage step dealt with its
** questions, its "damage_dealt" and its settle: several core calls in an atomic one before);
** turn: the turn's damage step (turn.lua), its step entered as g:_step enters it, in the same
** call. One action, undone whole on error (422) */
static int g_combat_damage_now(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 4);
  lua_pushnil(L);
  lua_pushnil(L);
  lua_rotate(L, 2, 2);                 /* (g, nil, nil, ask, ask_index, turn): the questions' places */
  arb_l_guarded(L, lg, cnow_body);
  return 1;
}

static const luaL_Reg combat_methods[] = {
  {"_defender_of", g_defender_of}, {"_defenders", g_defenders}, {"_opponent", g_opponent}, {"_combat_damage", g_combat_damage}, {"_declare", g_declare},
  {"blocks", g_blocks}, {"attackers", g_attacking}, {"_nattacking", g_nattacking}, {"_end_combat", g_end_combat_raw},
  {"_set_dealt_first", g_set_dealt_first}, {"_dealt_first", g_dealt_first},
  {"modify", g_modify}, {"_first_strike", g_first_strike}, {"_damage_step", g_damage_step},
  {"_combat_damage_now", g_combat_damage_now},
  {NULL, NULL}
};

int arb_l_combat_open(lua_State *L) {
  arb_lc_solve_open(L);
  arb_lc_attack_open(L);
  arb_lc_block_open(L);
  arb_lc_norm_open(L);
  arb_lc_now_open(L);
  arb_l_add_game_methods(L, combat_methods);
  return 0;
}
