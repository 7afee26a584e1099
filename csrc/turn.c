/*
** turn.c — the parts of a turn the core owns: entering steps (each one a
** "step" event, so "at the beginning of your upkeep" is a trigger on it),
** the untap step's untapping, summoning sickness, the cleanup step's
** "damage wears off" and "until end of turn", and durations in general.
** The order of steps and the players' decisions live in the Lua layer
** (lua/arbiter/turn.lua); the older guide (003, "Step by Step") and the
** CompRules' turn structure (300s; not among the seeds) give the order.
*/
#include <string.h>
#include "game.h"
#include "combat.h"

static const char *const step_names[] = {
  "untap", "upkeep", "draw", "main1", "beginning_of_combat",
  "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat",
  "main2", "end", "cleanup", NULL
};

const char *arb_step_name(int step) {
  return step >= 0 && step < ARB_NSTEPS ? step_names[step] : "none";
}

/* By length, then the one or few names of that length (a call per step of every turn,
** ~1,500 a game: the scan of all twelve names cost ~100 instructions a call).
** by_len[n]: the steps whose names are n long, each + 1 (0 ends the list). */
int arb_step_parse(const char *s) {
  static const unsigned char by_len[20][3] = {
    [3] = {ARB_STEP_END + 1}, [4] = {ARB_STEP_DRAW + 1},
    [5] = {ARB_STEP_UNTAP + 1, ARB_STEP_MAIN1 + 1, ARB_STEP_MAIN2 + 1}, [6] = {ARB_STEP_UPKEEP + 1},
    [7] = {ARB_STEP_CLEANUP + 1}, [13] = {ARB_STEP_DAMAGE + 1, ARB_STEP_END_COMBAT + 1},
    [16] = {ARB_STEP_BLOCKERS + 1}, [17] = {ARB_STEP_ATTACKERS + 1}, [19] = {ARB_STEP_BEGIN_COMBAT + 1}};
  size_t n = strlen(s);
  int i;
  if (n >= 20) return -1;
  for (i = 0; i < 3 && by_len[n][i]; i++)
    if (memcmp(step_names[by_len[n][i] - 1], s, n) == 0) return by_len[n][i] - 1;
  return -1;
}

int arb_current_step(const arb_game *g) { return g->step; }

static int battlefield(arb_game *g) { return arb_zone_id(g, -1, ARB_BATTLEFIELD); }

/* The untapped lands each player controls as the turn begins (before its untap step), kept
** for the turn: Power Surge's "untapped lands he or she controlled at the beginning of this
** turn". The current types and controllers (characteristics.c: an animated or stolen land). */
static int lands_untapped_start(arb_game *g) {
  arb_zone *z = &g->zones[battlefield(g)];
  int i, p;
  if (!arb_chars_fresh(g)) TRY(arb_chars_refresh(g));
  for (p = 0; p < g->nplayers; p++) {
    int32_t n = 0;
    for (i = 0; i < z->n; i++) {
      const arb_card *c = card_at(g, z->cards[i]);
      if (c->controller == p && (c->types & ARB_T_LAND) && !c->tapped) n++;
    }
    TRY(arb_jset_player(g, p, &g->players[p].lands_untapped_start, n));
  }
  return ARB_OK;
}

int arb_begin_turn(arb_game *g, int player) {
  arb_zone *z;
  int i;
  if (player < 0 || player >= g->nplayers) return ARB_EARG;
  if (g->over) return ARB_OK;
  TRY(arb_end_combat(g));                      /* a combat left open ends with its turn */
  TRY(arb_end_durations(g, ARB_UNTIL_COMBAT));
  TRY(arb_jset_game(g, &g->active, player));
  TRY(arb_jset_game(g, &g->turn, g->turn + 1));
  TRY(arb_jset_game(g, &g->step, ARB_STEP_NONE));
  for (i = 0; i < g->nplayers; i++) {
    if (g->players[i].lands_played) TRY(arb_jset_player(g, i, &g->players[i].lands_played, 0));
    TRY(arb_jset_player(g, i, &g->players[i].draws_this_turn, 0));
  }
  TRY(arb_control_watch(g));   /* who controls what, now; a change before the turn began counts */
  z = &g->zones[battlefield(g)];
  for (i = 0; i < z->n; i++) {
    arb_card *c = card_at(g, z->cards[i]);
    if (g->players[c->controller].team == g->players[player].team && c->sick)   /* the team's turn */
      TRY(arb_jset_card8(g, c->id, &c->sick, 0));
  }
  return lands_untapped_start(g);
}

/* The base controller (who controls it absent control-changing effects: a
** permanent spell enters under its caster's control). A change of control
** makes the permanent "sick" again until its new controller's next turn
** begins (502.5: continuous control since the turn began); characteristics.c does the
** same when an effect changes its controller. */
int arb_set_controller(arb_game *g, int card, int player) {
  arb_card *c = card_at(g, card);
  if (!c || player < 0 || player >= g->nplayers) return ARB_EARG;
  if (c->bcontroller != player) TRY(arb_jset_card(g, card, &c->bcontroller, player));
  /* the cache too, journaled: a card no effect names keeps cache == base across a
  ** rollback (an unjournaled write left a stale controller after g:attempt undid a
  ** cast); one an effect names is reset and recomputed at the next read (the
  ** journaled change bumps cgen, characteristics.c) */
  return arb_jset_card(g, card, &card_at(g, card)->controller, player);
}

/* 003 "Step by Step": the turn's steps in order; the step ending empties the pools. */
int arb_step(arb_game *g, int step) {
  arb_event ev;
  if (step < 0 || step >= ARB_NSTEPS) return ARB_EARG;
  if (g->over) return ARB_OK;
  TRY(arb_mana_empty(g));      /* the previous step or phase ends: pools empty (mana burn) */
  if (g->over) return ARB_OK;
  TRY(arb_jset_game(g, &g->step, step));
  arb_event_init(&ev, ARB_EV_STEP);
  ev.player = g->active;
  ev.amount = step;
  return arb_record(g, &ev);
}

/* Leaves the turn (issue 31): the last step ends, so mana pools empty (300.3, mana burn),
** and the game is outside any turn, as before its first (step NONE: g.step is nil), where
** timing isn't checked. The next turn begins with g:begin_turn as usual. */
int arb_end_turn(arb_game *g) {
  if (g->step == ARB_STEP_NONE || g->over) return ARB_OK;
  TRY(arb_mana_empty(g));
  if (g->over) return ARB_OK;
  return arb_jset_game(g, &g->step, ARB_STEP_NONE);
}

/* An untap limit's held permanents (Winter Orb: the ones its player chose not to untap this
** step): a built-in replacement replaces their untap events by nothing, ordered among the other
** replacements as any is (616.1). Its parameter is where the held list lies in g->scratch
** (its count, then the ids), below what the untapping pushes there: it lasts the call. */
static int held_applies(arb_game *g, const arb_effect *fx, const arb_event *ev, int *yes) {
  const int32_t *h = ARB_VEC(g->scratch, int32_t) + fx->ref;
  int i;
  *yes = 0;
  if (fx->ref < 0 || fx->ref >= g->scratch.n || fx->ref + h[0] >= g->scratch.n) return ARB_OK;
  for (i = 1; i <= h[0] && !*yes; i++) *yes = h[i] == ev->card;
  return ARB_OK;
}
static int held_replace(arb_game *g, const arb_effect *fx, arb_event *ev, int *replaced) {
  (void)g; (void)fx; (void)ev;
  *replaced = 1;
  return ARB_OK;
}
static const arb_creplacement HELD = {held_applies, held_replace, "untap limit"};

static int untap_list(arb_game *g, int player, int base);

/* Untaps the player's permanents: each untap is a replaceable event ("doesn't
** untap during its controller's untap step" replaces it). The list is taken
** first because a replacement may move cards. The n permanents of `held` stay tapped (untap
** limits, 502.2 of today's rules: rules.untap_limit; the Lua layer asked which): their untap
** events are replaced by nothing while the untapping lasts. */
int arb_untap_held(arb_game *g, int player, const int32_t *held, int n) {
  int hbase = g->scratch.n, id = -1, i, rc;
  if (n > 0) {
    if (arb_vec_reserve(g, &g->scratch, sizeof(int32_t), hbase + n + 1)) return ARB_ENOMEM;
    ARB_VEC(g->scratch, int32_t)[hbase] = n;
    for (i = 0; i < n; i++) ARB_VEC(g->scratch, int32_t)[hbase + 1 + i] = held[i];
    g->scratch.n = hbase + n + 1;
    if ((rc = arb_replacement_add_c(g, ARB_EV_UNTAP, &HELD, hbase, -1, -1, &id))) { g->scratch.n = hbase; return rc; }
  }
  rc = untap_list(g, player, g->scratch.n);
  if (!rc && id >= 0) rc = arb_effect_remove(g, id);
  g->scratch.n = hbase;
  return rc;
}

int arb_untap_all(arb_game *g, int player) { return untap_list(g, player, g->scratch.n); }

static int untap_list(arb_game *g, int player, int base) {
  arb_zone *z = &g->zones[battlefield(g)];
  int i, rc = ARB_OK;
  TRY(arb_chars_refresh(g));
  for (i = 0; i < z->n; i++) {
    arb_card *c = card_at(g, z->cards[i]);
    if (c->controller != player || !c->tapped) continue;
    if (arb_vec_reserve(g, &g->scratch, sizeof(int32_t), g->scratch.n + 1)) { g->scratch.n = base; return ARB_ENOMEM; }
    ARB_VEC(g->scratch, int32_t)[g->scratch.n++] = c->id;
  }
  for (i = base; i < g->scratch.n && !rc; i++) {
    int id = ARB_VEC(g->scratch, int32_t)[i];
    if (g->zones[card_at(g, id)->zone].kind == ARB_BATTLEFIELD) rc = arb_tap(g, id, 0);
  }
  g->scratch.n = base;
  return rc;
}

/* ---- durations ---- */

int arb_until(arb_game *g, int until, int kind, int a, int b, int c, int n) {
  arb_duration *d;
  if (until != ARB_UNTIL_TURN && until != ARB_UNTIL_COMBAT) return ARB_EARG;
  if (arb_vec_reserve(g, &g->durations, sizeof(arb_duration), g->durations.n + 1))
    return ARB_ENOMEM;
  TRY(arb_journal_push(g, J_DUR_PUSH, 0, 0, 0));
  d = &ARB_VEC(g->durations, arb_duration)[g->durations.n++];
  d->kind = kind; d->until = until;
  d->a = a; d->b = b; d->c = c; d->n = n;
  d->active = 1;
  return ARB_OK;
}

static int end_one(arb_game *g, int i) {
  arb_duration *d = &ARB_VEC(g->durations, arb_duration)[i];
  TRY(arb_journal_push(g, J_DUR_END, i, 0, 1));
  d->active = 0;
  if (d->kind == ARB_DUR_EFFECT) return arb_effect_remove(g, d->a);
  if (d->kind == ARB_DUR_STATIC) return arb_static_remove(g, d->a);
  if (d->kind == ARB_DUR_ABILITY) {   /* the newest grant of (b, c) to card a ends */
    int k;
    for (k = arb_nstatics(g) - 1; k >= 0; k--) {
      arb_static *st = arb_static_get(g, k);
      const arb_ability *ab = static_abil_of(g, st);
      if (st->active && st->nabil == 1 && st->nset == 1 && ab->kind == d->b &&
          ab->param == d->c && static_set_of(g, st)[0] == d->a)
        return arb_static_remove(g, k);
    }
  }
  return ARB_OK;
}

/* Ends every duration of its kind, oldest first. Ended ones stay in the list
** (inactive) until the outermost action commits (arb_commit drops them). */
int arb_end_durations(arb_game *g, int until) {
  int i;
  for (i = 0; i < g->durations.n; i++) {
    arb_duration *d = &ARB_VEC(g->durations, arb_duration)[i];
    if (d->active && d->until == until) TRY(end_one(g, i));
  }
  return ARB_OK;
}

/* The cleanup step's simultaneous part: damage wears off and "until end of
** turn" effects end (discarding to hand size comes first, in the Lua layer).
** 003 cleanup: damage wears off, "until end of turn" effects end. */
int arb_cleanup(arb_game *g) {
  arb_zone *z = &g->zones[battlefield(g)];
  int i;
  for (i = 0; i < z->n; i++) {
    arb_card *c = card_at(g, z->cards[i]);
    if (c->damage) TRY(arb_jset_card(g, c->id, &c->damage, 0));
  }
  return arb_end_durations(g, ARB_UNTIL_TURN);
}

/* ---- the quiet turn: several steps in one call (issue 28) ----
** turn.lua's play_turn takes a turn's first and last steps here when nothing
** on the Lua side can change how they go (no extra or skipped turns or steps,
** rule effects, teams or house rules: turn.lua checks). Each part is what the
** Lua layer's own calls do, in their order: the characteristics made current
** before each (as each call of the binding does), then the core's action. The
** steps go on only while the host changed none of its settings (g->hostlog:
** a trigger's script that skips a step, adds a house rule, ...) and the game
** goes on; the Lua layer takes the rest of the turn from where they stopped. */

/* The next player in turn order on another team still in the game; a team's
** turn is its first remaining player's (606.4b: teams take turns). `from`
** when no other team is left. (turn.lua's next_player: the same order.) */
static int next_player(const arb_game *g, int from) {
  int n = g->nplayers, k, i, at = g->players[from].team;
  for (k = 1; k <= n; k++) {
    int p = (from + k) % n, pt = g->players[p].team;
    if (pt == at || g->players[p].lost) continue;
    for (i = 0; i < n; i++)
      if (g->players[i].team == pt && (i == p || !g->players[i].lost)) return i;
  }
  return from;
}

static int fresh(arb_game *g) { return arb_chars_refresh(g); }

/* A step entered, then (settle) its priority moment: turn.lua's step_c(g, name, true). */
static int step_settled(arb_game *g, int step) {
  TRY(fresh(g));
  TRY(arb_step(g, step));
  return arb_settle(g);
}

/* The draw step's draw, g:draw(p, 1) as the binding and draw.lua make it (lmove.c g_draw,
** draw.lua's draws): while an effect watches named events the whole instruction is first a
** replaceable, logged "draws" event {player, amount} (g:_emit's, from current characteristics:
** replaced away, nothing is drawn; its amount is the count), then each draw as g:_draw makes
** it: one by one through arb_draw, from current characteristics, while an effect watches draws
** (lmove.c draw_body), else arb_draw_n (draw_quiet). 423: each draw a replaceable event. */
static int draw_as_called(arb_game *g, int p) {
  int n = 1, i, card;
  if (arb_hooked(g, ARB_EV_NAMED)) {
    TRY(fresh(g));
    TRY(arb_draws_event(g, p, &n));
    if (!n) return ARB_OK;
  }
  if (!arb_hooked(g, ARB_EV_DRAW)) return arb_draw_n(g, p, n, &i);
  TRY(fresh(g));
  arb_draw_reserve(g, p, n);
  for (i = 0; i < n; i++) TRY(arb_draw(g, p, &card));
  return ARB_OK;
}

/* The quiet turn's start from its upkeep on (*done 1: the untap step over), while the game
** goes on and the host changed no setting since `log`: the upkeep, the draw step, main 1. */
static int quiet_rest(arb_game *g, int p, int log, int *done) {
  if (g->over || g->hostlog != log) return ARB_OK;
  TRY(step_settled(g, ARB_STEP_UPKEEP));
  *done = 2;
  if (g->over || g->hostlog != log) return ARB_OK;
  TRY(fresh(g));
  TRY(arb_step(g, ARB_STEP_DRAW));
  if (g->turn > 1) TRY(draw_as_called(g, p));   /* the player who plays first skips the first draw (turn.lua) */
  TRY(fresh(g));
  TRY(arb_settle(g));
  *done = 4;
  if (g->over || g->hostlog != log) return ARB_OK;
  TRY(step_settled(g, ARB_STEP_MAIN1));
  *done = 5;
  return ARB_OK;
}

/* *player: the turn's player, or -1 for the next one (the game's first turn: the
** active player's). The turn begins; the untap step (the player's permanents untap;
** no priority, 116) and the upkeep follow, each settled; then the draw step: the
** player draws a card (423; not on the game's first turn) as g:draw(p, 1) draws it, its
** events included (draw_as_called), and it settles; then main phase 1 is entered and
** settled (turn.lua's main_phase then asks its player). *done: the steps finished (1
** untap, 2 upkeep, 4 the draw step too, 5 main phase 1 entered too). With from_upkeep
** the turn of *player has begun and its untap step is over (the Lua layer's: untap limits,
** a skipped untap step, "until your next turn" effects ending): the rest from the upkeep. */
int arb_quiet_begin(arb_game *g, int *player, int from_upkeep, int *done) {
  int p = *player, log = g->hostlog;
  if (from_upkeep) {
    if (p < 0 || p >= g->nplayers) return ARB_EARG;
    *done = 1;
    return quiet_rest(g, p, log, done);
  }
  if (p < 0) p = g->turn == 0 ? g->active : next_player(g, g->active);
  *player = p;
  *done = 0;
  TRY(fresh(g));
  TRY(arb_begin_turn(g, p));
  TRY(fresh(g));
  TRY(arb_step(g, ARB_STEP_UNTAP));
  TRY(fresh(g));
  TRY(arb_untap_all(g, p));
  TRY(fresh(g));
  TRY(arb_settle(g));
  *done = 1;
  return quiet_rest(g, p, log, done);
}

/* A main phase's closing settle owed (settle: turn.lua left it to this call), made first;
** then nothing more (-1) when the game is over or the host changed a setting: the Lua
** layer decides the next steps again. 0 when it goes on. */
static int owed_settle(arb_game *g, int settle, int log, int *done) {
  if (!settle) return ARB_OK;
  TRY(fresh(g));
  TRY(arb_settle(g));
  if (g->over || g->hostlog != log) *done = -1;
  return ARB_OK;
}

/* The steps of `steps` (n of them) entered and settled in order while the game goes on and
** the host changed no setting, after the settle owed (settle): turn.lua's main phase 1
** closing and its combat phase's first steps (beginning of combat, declare attackers) when
** no skip can apply. *done: the steps entered, -1 none (the settle only). */
int arb_quiet_steps(arb_game *g, int settle, const int *steps, int n, int *done) {
  int log = g->hostlog, i;
  *done = 0;
  TRY(owed_settle(g, settle, log, done));
  for (i = 0; i < n && *done >= 0; i++) {
    if (g->over || g->hostlog != log) return ARB_OK;
    TRY(step_settled(g, steps[i]));
    *done = i + 1;
  }
  return ARB_OK;
}

/* The end step (settled), then the cleanup step for `player`: entered; when its hand
** is over its maximum (a rule's, else 7, 402.2) the Lua layer discards (a choice) and
** does the rest; else damage wears off, "until end of turn" ends, and it settles
** (priority only with something on the stack). First, with settle, main phase 2's
** closing settle owed (-1: that only). *done: 0 the end step only (the game is over
** or the host changed a setting), 1 the cleanup step entered with a discard to make,
** 2 both steps done. */
int arb_quiet_end(arb_game *g, int player, int settle, int *done) {
  int log = g->hostlog, max;
  *done = 0;
  TRY(owed_settle(g, settle, log, done));
  if (*done < 0) return ARB_OK;
  TRY(step_settled(g, ARB_STEP_END));
  if (g->over || g->hostlog != log) return ARB_OK;
  TRY(fresh(g));
  TRY(arb_step(g, ARB_STEP_CLEANUP));
  *done = 1;
  TRY(fresh(g));
  TRY(arb_max_hand_size(g, player, &max));
  if (max == ARB_NOSET) max = 7;
  if (max >= 0 && g->zones[arb_zone_id(g, player, ARB_HAND)].n > max) return ARB_OK;
  TRY(fresh(g));
  TRY(arb_cleanup(g));
  TRY(fresh(g));
  TRY(arb_settle(g));
  *done = 2;
  return ARB_OK;
}
