/*
** lturn.c — Game methods for the turn (turn.c): entering steps, untapping,
** cleanup, durations, conceding. The order of steps and the players'
** decisions are in lua/arbiter/turn.lua.
*/
#include <string.h>
#include "lbind.h"

const char *const arb_l_until_opts[] = {"end_of_turn", "end_of_combat", NULL};

static int check_step(lua_State *L, int idx) {
  const char *s = luaL_checkstring(L, idx);
  int k = arb_step_parse(s);
  if (k < 0) return luaL_argerror(L, idx, lua_pushfstring(L, "unknown step '%s'", s));
  return k;
}

/* Core actions on one player, each run as one guarded call: g:_begin_turn(p),
** g:_untap_all(p), g:concede(p) (p loses at once; nothing can respond: 003). */
typedef int (*player_action)(arb_game *g, int player);
static const player_action player_actions[] = {arb_begin_turn, arb_untap_all, arb_concede};

static int player_fn(arb_game *g, arb_l_call *c) { return player_actions[c->b](g, c->a); }

static int player_method(lua_State *L, int action) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = player_fn};
  c.a = arb_l_checkplayer(L, 2, lg);
  c.b = action;
  arb_l_core(L, lg, &c);
  return 0;
}
static int g_begin_turn(lua_State *L) { return player_method(L, 0); }
/* g:_untap_all(p [, held]): p's permanents untap, but those of the array held (untap limits:
** turn.lua's limit_untaps asked which stay tapped; turn.c arb_untap_held) */
typedef struct held_call { arb_l_call c; const int32_t *ids; } held_call;
static int untap_held_fn(arb_game *g, arb_l_call *c) {
  return arb_untap_held(g, c->a, ((const held_call *)c)->ids, c->b);
}
static int g_untap_all(lua_State *L) {
  lgame *lg;
  held_call h = {{.fn = untap_held_fn}, NULL};
  int32_t *ids;
  int i, n;
  if (lua_isnoneornil(L, 3)) return player_method(L, 1);
  lg = arb_l_checkgame(L, 1);
  h.c.a = arb_l_checkplayer(L, 2, lg);
  luaL_checktype(L, 3, LUA_TTABLE);
  n = (int)luaL_len(L, 3);
  ids = lua_newuserdatauv(L, (size_t)(n > 0 ? n : 1) * sizeof(int32_t), 0);
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, 3, i + 1);
    ids[i] = arb_l_checkcard(L, -1, lg);
    lua_pop(L, 1);
  }
  h.ids = ids;
  h.c.b = n;
  arb_l_core(L, lg, &h.c);
  return 0;
}
static int g_concede(lua_State *L) { return player_method(L, 2); }

static int step_fn(arb_game *g, arb_l_call *c) {
  int rc = arb_step(g, c->a);
  return !rc && c->b ? arb_settle(g) : rc;
}
/* g:_step(name [, settle]) -> true while the game goes on: enters a step (a "step"
** event), then, with settle, the step's priority moment (g:settle). */
static int g_step(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = step_fn};
  c.a = check_step(L, 2);
  c.b = lua_toboolean(L, 3);
  arb_l_core(L, lg, &c);
  lua_pushboolean(L, !arb_over(lg->g));
  return 1;
}

/* turn.c's quiet turn (turn.lua's play_turn; declared here: the binding's only caller) */
int arb_quiet_begin(arb_game *g, int *player, int from_upkeep, int *done);
int arb_quiet_end(arb_game *g, int player, int settle, int *done);
int arb_quiet_steps(arb_game *g, int settle, const int *steps, int n, int *done);

static int quiet_begin_fn(arb_game *g, arb_l_call *c) { return arb_quiet_begin(g, &c->a, c->b, &c->out); }
/* g:_quiet_begin([p [, from_upkeep]]) -> the turn's player, the steps done (turn.c), whether the
** game goes on: the turn begins (p's, else the next player's), its untap, upkeep and draw steps,
** in one call; from_upkeep: p's turn has begun and its untap step is over, the rest from its upkeep */
static int g_quiet_begin(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = quiet_begin_fn};
  c.a = lua_isnoneornil(L, 2) ? -1 : arb_l_checkplayer(L, 2, lg);
  c.b = lua_toboolean(L, 3);
  arb_l_core(L, lg, &c);
  arb_l_pushplayer(L, 1, c.a);
  lua_pushinteger(L, c.out);
  lua_pushboolean(L, !arb_over(lg->g));
  return 3;
}

static int quiet_end_fn(arb_game *g, arb_l_call *c) { return arb_quiet_end(g, c->a, c->b, &c->out); }
/* g:_quiet_end(p [, settle]) -> the steps done (turn.c; -1: the settle owed only), whether the
** game goes on: main phase 2's closing settle with settle, the end step, then the cleanup step
** unless p has cards to discard */
static int g_quiet_end(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = quiet_end_fn};
  c.a = arb_l_checkplayer(L, 2, lg);
  c.b = lua_toboolean(L, 3);
  arb_l_core(L, lg, &c);
  lua_pushinteger(L, c.out);
  lua_pushboolean(L, !arb_over(lg->g));
  return 2;
}

static int quiet_steps_fn(arb_game *g, arb_l_call *c) {
  int steps[2];
  steps[0] = c->c;
  steps[1] = c->d;
  return arb_quiet_steps(g, c->a, steps, c->b, &c->out);
}
/* g:_quiet_steps(settle, step [, step2]) -> the steps entered (turn.c; -1: the settle owed
** only), whether the game goes on: the settle owed with settle, then each step entered and
** settled while the game goes on and no script changed a setting */
static int g_quiet_steps(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = quiet_steps_fn};
  c.a = lua_toboolean(L, 2);
  c.c = check_step(L, 3);
  c.b = lua_isnoneornil(L, 4) ? 1 : 2;
  c.d = c.b == 2 ? check_step(L, 4) : -1;
  arb_l_core(L, lg, &c);
  lua_pushinteger(L, c.out);
  lua_pushboolean(L, !arb_over(lg->g));
  return 2;
}

static int combat_step_fn(arb_game *g, arb_l_call *c) {
  int rc = arb_combat_step(g, c->a);
  return !rc && c->b ? arb_settle(g) : rc;
}
/* g:_combat_step(name [, settle]): a combat step when combat runs by its own
** calls (combat_steps.c), then with settle the step's priority moment */
static int g_combat_step(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = combat_step_fn};
  c.a = check_step(L, 2);
  c.b = lua_toboolean(L, 3);
  arb_l_core(L, lg, &c);
  lua_pushboolean(L, !arb_over(lg->g));
  return 1;
}

/* g:_put_attacking(card, defender), g:_become_blocked(card): combat_effects.c;
** the Lua layer (combat.lua) checks the arguments and the rules first */
static int put_attacking_fn(arb_game *g, arb_l_call *c) { return arb_put_attacking(g, c->a, c->b); }
static int g_put_attacking(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = put_attacking_fn};
  c.a = arb_l_checkcard(L, 2, lg);
  c.b = arb_l_checkplayer(L, 3, lg);
  arb_l_core(L, lg, &c);
  return 0;
}
static int become_blocked_fn(arb_game *g, arb_l_call *c) { return arb_become_blocked(g, c->a); }
static int become_unblocked_fn(arb_game *g, arb_l_call *c) { return arb_become_unblocked(g, c->a); }
static int become_blocking_fn(arb_game *g, arb_l_call *c) { return arb_become_blocking(g, c->a, c->b); }
/* g:_become_unblocked(card), g:_become_blocking(blocker, attacker): combat_effects.c */
static int g_become_unblocked(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = become_unblocked_fn};
  c.a = arb_l_checkcard(L, 2, lg);
  arb_l_core(L, lg, &c);
  return 0;
}
static int g_become_blocking(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = become_blocking_fn};
  c.a = arb_l_checkcard(L, 2, lg);
  c.b = arb_l_checkcard(L, 3, lg);
  arb_l_core(L, lg, &c);
  return 0;
}
static int g_become_blocked(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = become_blocked_fn};
  c.a = arb_l_checkcard(L, 2, lg);
  arb_l_core(L, lg, &c);
  return 0;
}

/* g:_set_band(card, tag): 502.10b, tag the id of the band's first member or -1;
** g:_band(card) -> that tag or nil; g:_leave_combat(card): combat.c. The Lua
** layer (combat_bands.lua) checks the rules first. */
static int set_band_fn(arb_game *g, arb_l_call *c) { return arb_set_band(g, c->a, c->b); }
static int g_set_band(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = set_band_fn};
  c.a = arb_l_checkcard(L, 2, lg);
  c.b = lua_isnoneornil(L, 3) ? -1 : arb_l_checkcard(L, 3, lg);
  arb_l_core(L, lg, &c);
  return 0;
}
static int g_band(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int band = arb_card_get(lg->g, arb_l_checkcard(L, 2, lg))->band;
  if (band < 0) lua_pushnil(L);
  else lua_pushinteger(L, band);
  return 1;
}
/* g:_banding_possible() -> whether the active player controls a creature with
** banding (502.10b: else no band can be declared); one scan, no Lua reads, so
** the agents ask about bands only when there could be one. */
static int g_banding_possible(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_game *g = lg->g;
  arb_zone *z;
  int i, any = 0, act = arb_active(g);
  if (!arb_chars_fresh(g)) arb_l_chars(L, lg, NULL);   /* the layers' abilities (lstatic.c) */
  z = arb_zone_get(g, arb_zone_id(g, -1, ARB_BATTLEFIELD));
  for (i = 0; i < z->n && !any; i++) {
    arb_card *c = arb_card_get(g, z->cards[i]);
    any = (c->types & ARB_T_CREATURE) && c->controller == act && arb_card_has(c, ARB_AB_BANDING);
  }
  lua_pushboolean(L, any);
  return 1;
}
static int leave_combat_fn(arb_game *g, arb_l_call *c) { return arb_leave_combat(g, c->a); }
static int g_leave_combat(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = leave_combat_fn};
  c.a = arb_l_checkcard(L, 2, lg);
  arb_l_core(L, lg, &c);
  return 0;
}

/* g:draw_game(): "the game is a draw" (an effect): over, no winner, nobody
** lost (draw_game.c) */
static int draw_game_fn(arb_game *g, arb_l_call *c) { (void)c; return arb_draw_game(g); }
static int g_draw_game(lua_State *L) {
  arb_l_call c = {.fn = draw_game_fn};
  arb_l_core(L, arb_l_checkgame(L, 1), &c);
  return 0;
}

static int end_turn_fn(arb_game *g, arb_l_call *c) { (void)c; return arb_end_turn(g); }
/* g:_end_turn(): outside any turn again (g.step nil) */
static int g_end_turn(lua_State *L) {
  arb_l_call c = {.fn = end_turn_fn};
  arb_l_core(L, arb_l_checkgame(L, 1), &c);
  return 0;
}

static int cleanup_fn(arb_game *g, arb_l_call *c) { (void)c; return arb_cleanup(g); }
/* g:_cleanup(): damage wears off, "until end of turn" ends */
static int g_cleanup(lua_State *L) {
  arb_l_call c = {.fn = cleanup_fn};
  arb_l_core(L, arb_l_checkgame(L, 1), &c);
  return 0;
}

static int end_dur_fn(arb_game *g, arb_l_call *c) { return arb_end_durations(g, c->a); }
/* g:_end_durations("end_of_turn" | "end_of_combat") */
static int g_end_durations(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = end_dur_fn};
  c.a = luaL_checkoption(L, 2, NULL, arb_l_until_opts);
  arb_l_core(L, lg, &c);
  return 0;
}

/* g:_until_effect(effect_id, until): the effect ends at the end of the turn
** or combat. */
static int g_until_effect(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer id = arb_l_intarg(L, 2, 2, "effect id", 0, INT32_MAX);
  int until = luaL_checkoption(L, 3, NULL, arb_l_until_opts);
  luaL_argcheck(L, arb_effect_get(lg->g, (int)id) != NULL, 2, "no such effect");
  if (arb_until(lg->g, until, ARB_DUR_EFFECT, (int)id, 0, 0, 1))
    return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

static int grant_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  int card = arb_l_checkcard(L, 2, lg), kind, param, rc;
  size_t len;
  const char *s = luaL_checklstring(L, 3, &len);
  int n = arb_l_checkint(L, 4, 4, "count");
  int until = luaL_checkoption(L, 5, NULL, arb_l_until_opts);
  if (arb_ability_parse(lg->g, s, len, &kind, &param) != 0)
    return luaL_argerror(L, 3, lua_pushfstring(L, "unknown ability '%s'", s));
  if ((rc = arb_grant(lg->g, card, kind, param, n, until, &kind))) return arb_l_fail(L, lg, rc);
  return 0;
}
/* g:_grant_until(card, ability, n, until): n instances that end at the end
** of the turn or combat. */
static int g_grant_until(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_checkcard(L, 2, lg);
  luaL_checkstring(L, 3);
  arb_l_intarg(L, 4, 4, "count", 1, ARB_MAXCOUNT);
  luaL_checkoption(L, 5, NULL, arb_l_until_opts);
  lua_settop(L, 5);
  return arb_l_guarded(L, lg, grant_body);
}

/* g:_lands_untapped_start(p) -> the untapped lands p controlled as this turn began */
static int g_lands_untapped_start(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushinteger(L, arb_player_get(lg->g, arb_l_checkplayer(L, 2, lg))->lands_untapped_start);
  return 1;
}

/* g:_lands_played(p [, n]) -> the lands p played this turn (sets it to n) */
static int g_lands_played(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  arb_player *pl = arb_player_get(lg->g, p);
  if (!lua_isnoneornil(L, 3)) {
    lua_Integer n = arb_l_intarg(L, 3, 3, "count", 0, INT32_MAX);
    if (arb_jset_player(lg->g, p, &pl->lands_played, (int32_t)n)) return arb_l_fail(L, lg, ARB_ENOMEM);
  }
  lua_pushinteger(L, pl->lands_played);
  return 1;
}

static const char *const type_opts[] = {"Creature", "Land", "Artifact", "Enchantment", "any", NULL};
static const int type_masks[] = {ARB_T_CREATURE, ARB_T_LAND, ARB_T_ARTIFACT, ARB_T_ENCHANTMENT, 0xff};

/* flags as bits, read once a call (not a strchr of the string for each card) */
static int flag_bits(const char *flags) {
  return (strchr(flags, 'u') ? ARB_L_UNTAPPED : 0) | (strchr(flags, 'r') ? ARB_L_READY : 0);
}

int arb_l_permanent_selected(const arb_card *c, int p, int mask, int flags) {
  if (c->controller != p || !(c->types & mask)) return 0;
  if ((flags & ARB_L_UNTAPPED) && c->tapped) return 0;
  if ((flags & ARB_L_READY) && (c->tapped || (arb_card_sick(c) && !arb_card_has(c, ARB_AB_HASTE) &&
                                              !arb_card_has(c, ARB_AB_ATTACK_AS_HASTE)) ||
                                arb_card_has(c, ARB_AB_DEFENDER)))
    return 0;
  return 1;
}

arb_zone *arb_l_permanents_read(lua_State *L, lgame *lg, int flagged) {
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* controllers, types: current */
  if (flagged) arb_chars_depend(lg->g, ARB_DEP_TAPPED | ARB_DEP_SICK);   /* read by a predicate? */
  arb_chars_depend(lg->g, ARB_DEP_R_CONTROL | ARB_DEP_R_TYPE | (flagged ? ARB_DEP_R_ABIL : 0));
  return arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
}

/* The type argument: a card type of type_opts, else a subtype, whose kind's card type it
** selects (a land type counts lands: 212.6) among those with it (*sub: its interned index, -1 when
** no card has it; -2 for a card type). */
static int type_arg(lua_State *L, lgame *lg, int *sub) {
  static const int kind_masks[] = {ARB_T_CREATURE, ARB_T_LAND, ARB_T_ARTIFACT, ARB_T_ENCHANTMENT};
  size_t len;
  int i, named = lua_type(L, 3) == LUA_TSTRING;   /* (a number isn't: the read converts it) */
  const char *s = luaL_optlstring(L, 3, "any", &len);
  uint8_t t = 0, su = 0, co = 0;   /* another type, a supertype or a color is no subtype */
  *sub = -2;
  for (i = 0; type_opts[i]; i++)
    if (!strcmp(s, type_opts[i])) return type_masks[i];
  if (!named || !len || memchr(s, '\0', len) || arb_l_is_bits(s, len, &t, &su, &co))
    luaL_argerror(L, 3, lua_pushfstring(L, "invalid option '%s'", s));
  *sub = arb_l_find_sub(lg, s, len);
  return kind_masks[arb_subtype_kind(s)];
}

/* The permanents p controls of a type, with flags (below); pushes them as an
** array when `push`, and returns how many there are. */
static int permanents(lua_State *L, int push) {
  lgame *lg = arb_l_checkgame_bf(L, 1);   /* reads the battlefield's cards: reported below */
  int p = arb_l_checkplayer(L, 2, lg), sub;
  int mask = type_arg(L, lg, &sub);
  const char *flags = luaL_optstring(L, 4, "");
  int i, n = 0, bits = flag_bits(flags), read = 0;
  arb_zone *z = arb_l_permanents_read(L, lg, *flags != 0);
  if (push) lua_createtable(L, 8, 0);
  for (i = 0; i < z->n; i++) {
    const arb_card *c = arb_card_get(lg->g, z->cards[i]);
    if (!arb_l_permanent_selected(c, p, mask, bits)) continue;
    if (sub != -2) {   /* asked of each as c:is asks it (and reported as c:is reports it) */
      read = 1;
      if (sub < 0 || !arb_card_has_subtype(lg->g, c, sub)) continue;
    }
    if (push) {
      arb_l_pushcard(L, 1, c->id);
      lua_rawseti(L, -2, n + 1);
    }
    n++;
  }
  if (read) arb_chars_depend(lg->g, ARB_DEP_R_TYPE | ARB_DEP_R_ABIL);
  return n;
}

/* g:permanents(p, type, flags) -> the permanents p controls of a type ("Creature",
** "Land", "Artifact", "Enchantment", "any", or a subtype: "Forest" the lands with it), in
** battlefield order; flags: "u" untapped
** only, "r" ready to attack (untapped, not summoning sick unless haste, no defender). */
static int g_permanents(lua_State *L) {
  permanents(L, 1);
  return 1;
}

/* g:count_permanents(p, type, flags) -> #g:permanents(p, type, flags), no table made */
static int g_count_permanents(lua_State *L) {
  lua_pushinteger(L, permanents(L, 0));
  return 1;
}

static int pay_fn(arb_game *g, arb_l_call *c) {
  arb_zone *z = arb_zone_get(g, arb_zone_id(g, -1, ARB_BATTLEFIELD));
  int i, rc;
  for (i = 0, c->out = 0; i < z->n && c->out < c->b; i++) {
    const arb_card *card = arb_card_get(g, z->cards[i]);
    if (!arb_l_permanent_selected(card, c->a, ARB_T_LAND, ARB_L_UNTAPPED)) continue;
    if ((rc = arb_tap(g, card->id, 1))) return rc;
    c->out++;
  }
  return ARB_OK;
}
/* g:_pay(p, n) -> lands tapped: taps p's first n untapped lands, each a "tap"
** event, as one action (spec/allocfail_spec.lua's many-events action; costs
** are paid through the mana system: mana.c, lua/arbiter/mana.lua). */
static int g_pay(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call c = {.fn = pay_fn};
  c.a = arb_l_checkplayer(L, 2, lg);
  c.b = arb_l_checkint(L, 3, 3, "count");
  arb_l_core(L, lg, &c);
  lua_pushinteger(L, c.out);
  return 1;
}

static const luaL_Reg turn_methods[] = {
  {"_pay", g_pay},
  {"permanents", g_permanents}, {"count_permanents", g_count_permanents},
  {"_lands_played", g_lands_played}, {"_lands_untapped_start", g_lands_untapped_start},
  {"_begin_turn", g_begin_turn}, {"_end_turn", g_end_turn}, {"_step", g_step}, {"_combat_step", g_combat_step},
  {"_quiet_begin", g_quiet_begin}, {"_quiet_end", g_quiet_end}, {"_quiet_steps", g_quiet_steps},
  {"_untap_all", g_untap_all},
  {"_cleanup", g_cleanup}, {"_end_durations", g_end_durations},
  {"_until_effect", g_until_effect}, {"_grant_until", g_grant_until},
  {"concede", g_concede}, {"draw_game", g_draw_game}, {"_put_attacking", g_put_attacking},
  {"_become_blocked", g_become_blocked}, {"_become_unblocked", g_become_unblocked},
  {"_become_blocking", g_become_blocking}, {"_set_band", g_set_band}, {"_band", g_band},
  {"_leave_combat", g_leave_combat}, {"_banding_possible", g_banding_possible}, {NULL, NULL}
};

int arb_l_turn_open(lua_State *L) {
  arb_l_add_game_methods(L, turn_methods);
  return 0;
}
