/*
** stack.c — triggered abilities and settle, the priority loop (116;
** docs/API.md, g:settle). State-based actions are checked, then waiting
** abilities go on the stack in APNAP order (the active player's first, so
** they resolve last; a targeting one has its targets chosen as it is put
** there, hooks.targets); then the active player receives priority. A player
** who may act (arb_could_act: its agent answers priority and it has
** something it could cast or activate) is asked (hooks.priority); one who
** can't passes without a call into the host, so a priority pass where nobody
** can act costs nothing but this loop. After an action the same player
** receives priority again (state-based actions and triggers first); when all
** players pass in succession the top object resolves (spell.c for spells
** and activated abilities) and the active player receives priority; all
** passing on an empty stack ends settle. The untap step gives no priority
** (triggers there still resolve), the cleanup step only when something is
** on the stack. Loops are found at these priority moments (infinity.c): a
** repeated state with no choice made is a loop made only of mandatory actions,
** and the game is a draw (421.4); the players' optional actions are shortcut
** by 421.5.
*/
#include <string.h>
#include "infinity.h"

/* Puts one waiting ability on the stack as an ability object. */
static int push_ability(arb_game *g, const arb_waiting *w) {
  arb_card proto;
  arb_object *o;
  arb_effect *fx = arb_effect_get(g, w->effect);
  arb_card *src = card_at(g, fx->source);
  int ctl = w->controller, id;
  memset(&proto, 0, sizeof proto);
  proto.types = ARB_T_ABILITY;
  proto.name = src ? src->name : 0;
  proto.objkind = ARB_OBJ_TRIGGERED;
  TRY(arb_card_new(g, &proto, ctl, arb_zone_id(g, -1, ARB_STACK), 1, &id));
  TRY(arb_object_make(g, id, &o));
  TRY(arb_jset_obj(g, id, &o->trigger, w->effect));
  TRY(arb_jset_game(g, &g->serial, g->serial + 1));
  TRY(arb_jset_obj(g, id, &o->serial, g->serial));
  TRY(arb_jset_obj(g, id, &o->trigger_ev, w->event));
  TRY(arb_jset_obj(g, id, &o->src_ts, w->src_ts));
  if (fx->targeted && g->hooks.targets) {     /* 413: targets chosen as it goes on the stack */
    arb_effect copy = *fx;
    TRY(g->hooks.targets(g->hooks.ud, g, &copy, id));
  }
  return ARB_OK;
}


/* APNAP: the active team's abilities first (its players in turn order, the
** primary first), then each other team in turn order; each player's in the
** order they triggered. Without teams a team is one player. */
int arb_stack_push_waiting(arb_game *g) {
  int n = g->waiting.n, k, i, p, at = g->players[g->active].team;
  if (n == 0) return ARB_OK;
  for (k = 0; k < g->nteams; k++) {
    const arb_team *t = &g->teams[(at + k) % g->nteams];
    for (p = t->first; p < t->first + t->n; p++)
      for (i = 0; i < n; i++) {
        arb_waiting w = ARB_VEC(g->waiting, arb_waiting)[i];
        if (w.controller == p) TRY(push_ability(g, &w));
      }
  }
  /* pop from the end so rollback re-pushes in order; the entry packs the controller
  ** and src_ts + 1 (>= 0) in its 64 bits (journal.c) */
  while (g->waiting.n > 0) {
    arb_waiting w = ARB_VEC(g->waiting, arb_waiting)[g->waiting.n - 1];
    TRY(arb_journal_push(g, J_WAIT_POP, w.effect, w.event,
                         (int64_t)(w.src_ts + 1) << 32 | (uint32_t)w.controller));
    g->waiting.n--;
  }
  return ARB_OK;
}

int arb_object_resolve(arb_game *g, int id);   /* spell.c */

static int resolve_top(arb_game *g) {
  arb_zone *z = &g->zones[arb_zone_id(g, -1, ARB_STACK)];
  int id = z->cards[z->n - 1];
  arb_card *c = card_at(g, id);
  arb_effect fx;
  arb_event ev;
  if (c->objkind != ARB_OBJ_TRIGGERED) return arb_object_resolve(g, id);
  fx = *arb_effect_get(g, arb_object_get(g, c)->trigger);
  ev = *arb_history_get(g, arb_object_get(g, c)->trigger_ev);
  TRY(arb_zone_remove(g, arb_zone_id(g, -1, ARB_STACK), z->n - 1));
  TRY(arb_jset_card(g, id, &card_at(g, id)->zone, -1));
  /* removed: it does nothing; ended with its source leaving: it still
  ** resolves (an ability on the stack is independent of its source) */
  if (fx.active == ARB_FX_OFF) return ARB_OK;
  if (fx.t) return fx.t->resolve(g, &fx, &ev);
  {
    int rc, outer = g->resolving;
    g->resolving = id;            /* the host's effect(ev, g, source, obj) */
    rc = g->hooks.resolve(g->hooks.ud, g, &fx, &ev);
    g->resolving = outer;
    return rc;
  }
}

int arb_note_choice(arb_game *g) {
  return arb_jset_game(g, &g->choices, g->choices + 1);
}

static int mandatory_loop_draw(arb_game *g) {
  TRY(arb_jset_game(g, &g->over, 1));
  return arb_jset_game(g, &g->draw, 1);
}

/* Priority passes around from player `from` in turn order (116): each
** player still in the game who may act is asked (skip: players, bit p, who
** pass unasked: a shortcut loop's, infinity.c); *acted is the first who acted,
** or -1 when all passed in succession. */
static int priority_round(arb_game *g, int from, uint64_t skip, int *acted) {
  int k, n = g->nplayers;
  *acted = -1;
  for (k = 0; k < n; k++) {
    int p = (from + k) % n, a = 0;
    if (g->players[p].lost) continue;
    if (p < 64 && (skip >> p & 1)) continue;
    if (!arb_could_act(g, p)) continue;      /* passes: no call, no table */
    TRY(arb_jset_game(g, &g->priority, p));
    if (g->hooks.priority) TRY(g->hooks.priority(g->hooks.ud, g, p, &a));
    if (g->over) return ARB_OK;
    if (a) { *acted = p; return arb_note_choice(g); }
  }
  return arb_jset_game(g, &g->priority, -1);
}

/* Whether players receive priority now: not in the untap step, in the
** cleanup step only when something is on the stack. */
static int gives_priority(const arb_game *g, int stacked) {
  if (g->nasks == 0 || g->step == ARB_STEP_UNTAP) return 0;
  return g->step != ARB_STEP_CLEANUP || stacked;
}

/* (checked: the first round's state-based check was made, by arb_settle) */
static int settle_loop(arb_game *g, arb_loops *o, int checked) {
  int rounds = 0, loop, from = g->active, acted, stacked;
  int32_t choices0 = g->choices;          /* 421.4 vs 421.5 at the limit */
  uint64_t skip = 0;
  for (;;) {
    if (!checked) TRY(arb_check_state(g));
    checked = 0;
    if (g->over) return ARB_OK;
    if (g->state_trig && g->hooks.state) {    /* state triggers see the checked state */
      TRY(g->hooks.state(g->hooks.ud, g));
      if (g->over) return ARB_OK;
    }
    TRY(arb_stack_push_waiting(g));
    stacked = g->zones[arb_zone_id(g, -1, ARB_STACK)].n;
    if (gives_priority(g, stacked)) {
      TRY(arb_loops_check(g, o, from, &skip));   /* 421.5 (infinity.c) */
      TRY(priority_round(g, from, skip, &acted));
      if (g->over) return ARB_OK;
      if (acted >= 0) {                       /* the same player receives priority again */
        TRY(arb_loops_action(g, o, acted));
        from = acted;
        if (++rounds > g->limits.settle_rounds) return arb_cascade_limit(g, choices0);
        continue;
      }
    }
    if (stacked == 0) return ARB_OK;
    /* A mandatory loop repeats forever, so looking from the 8th round on still
    ** finds it, while ordinary settles don't pay for hashing the whole game. */
    if (rounds >= 8) {
      TRY(arb_loops_mandatory(g, o, &loop));
      if (loop) return mandatory_loop_draw(g);        /* 421.4 */
    }
    if (++rounds > g->limits.settle_rounds) return arb_cascade_limit(g, choices0);
    o->resolved++;
    TRY(resolve_top(g));
    from = g->active;                         /* after resolution: the active player (116.3b) */
  }
}

/* The common settle of a step nobody acts in: no priority to give (116: the untap step, or no
** agent answers priority) and no state trigger to ask, then, the state checked, nothing waiting
** to go on the stack and nothing on it: settle_loop's first round would end it; no loop records
** (infinity.c) are made for it. */
int arb_settle(arb_game *g) {
  arb_loops o;
  int rc = ARB_OK, checked = 0, loop = 1;
  if (!gives_priority(g, 0) && !(g->state_trig && g->hooks.state)) {
    rc = arb_check_state(g);
    checked = 1;
    loop = !rc && !g->over && (g->waiting.n > 0 || g->zones[arb_zone_id(g, -1, ARB_STACK)].n > 0);
  }
  if (loop) {
    arb_loops_init(&o);
    rc = settle_loop(g, &o, checked);
    arb_loops_free(g, &o);
  }
  if (!rc && g->priority >= 0) rc = arb_jset_game(g, &g->priority, -1);
  return rc;
}
