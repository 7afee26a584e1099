/*
** stack.c — triggered abilities and settle (CONTRACT g:settle).
** Waiting abilities go on the stack in APNAP order (the active player's
** first, so they resolve last); the top resolves, state-based actions are
** checked before each; abilities triggered meanwhile wait for the next
** round. A repeated state during one settle is a loop made only of
** mandatory actions: the game is a draw (421.4).
*/
#include <string.h>
#include "game.h"

#define TRY(x) do { int rc_ = (x); if (rc_) return rc_; } while (0)

/* Puts one waiting ability on the stack as an ability object. */
static int push_ability(arb_game *g, const arb_waiting *w) {
  arb_card proto;
  arb_effect *fx = arb_effect_get(g, w->effect);
  arb_card *src = card_at(g, fx->source);
  int ctl = fx->controller >= 0 ? fx->controller : g->active, id;
  memset(&proto, 0, sizeof proto);
  proto.types = ARB_T_ABILITY;
  proto.name = src ? src->name : 0;
  TRY(arb_card_new(g, &proto, ctl, arb_zone_id(g, -1, ARB_STACK), 1, &id));
  TRY(arb_jset_card(g, id, &card_at(g, id)->trigger, w->effect));
  return arb_jset_card(g, id, &card_at(g, id)->trigger_ev, w->event);
}

static int controller_of(arb_game *g, const arb_waiting *w) {
  int c = arb_effect_get(g, w->effect)->controller;
  return c >= 0 ? c : g->active;
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
        if (controller_of(g, &w) == p) TRY(push_ability(g, &w));
      }
  }
  while (g->waiting.n > 0) {   /* pop from the end so rollback re-pushes in order */
    arb_waiting w = ARB_VEC(g->waiting, arb_waiting)[g->waiting.n - 1];
    TRY(arb_journal_push(g, J_WAIT_POP, w.effect, w.event, 0));
    g->waiting.n--;
  }
  return ARB_OK;
}

static int resolve_top(arb_game *g) {
  arb_zone *z = &g->zones[arb_zone_id(g, -1, ARB_STACK)];
  int id = z->cards[z->n - 1];
  arb_card *c = card_at(g, id);
  arb_effect fx = *arb_effect_get(g, c->trigger);
  arb_event ev = *arb_history_get(g, c->trigger_ev);
  TRY(arb_zone_remove(g, arb_zone_id(g, -1, ARB_STACK), z->n - 1));
  TRY(arb_jset_card(g, id, &card_at(g, id)->zone, -1));
  /* removed: it does nothing; ended with its source leaving: it still
  ** resolves (an ability on the stack is independent of its source) */
  if (fx.active == ARB_FX_OFF) return ARB_OK;
  return fx.t ? fx.t->resolve(g, &fx, &ev) : g->hooks.resolve(g->hooks.ud, g, &fx, &ev);
}

static int seen_before(arb_game *g, arb_vec *seen, uint64_t h, int *yes) {
  int i;
  *yes = 0;
  for (i = 0; i < seen->n; i++)
    if (ARB_VEC(*seen, uint64_t)[i] == h) { *yes = 1; return ARB_OK; }
  if (arb_vec_reserve(g, seen, sizeof(uint64_t), seen->n + 1)) return ARB_ENOMEM;
  ARB_VEC(*seen, uint64_t)[seen->n++] = h;
  return ARB_OK;
}

int arb_note_choice(arb_game *g) {
  return arb_jset_game(g, &g->choices, g->choices + 1);
}

static int mandatory_loop_draw(arb_game *g) {
  TRY(arb_jset_game(g, &g->over, 1));
  return arb_jset_game(g, &g->draw, 1);
}

static int settle_loop(arb_game *g, arb_vec *seen) {
  int rounds = 0, loop;
  int32_t choices0 = g->choices;          /* 421.4 vs 421.5 at the limit */
  for (;;) {
    TRY(arb_check_state(g));
    if (g->over) return ARB_OK;
    TRY(arb_stack_push_waiting(g));
    if (g->zones[arb_zone_id(g, -1, ARB_STACK)].n == 0) return ARB_OK;
    /* A mandatory loop repeats forever, so looking from the 8th round on still
    ** finds it, while ordinary settles don't pay for hashing the whole game. */
    if (rounds >= 8) {
      TRY(seen_before(g, seen, arb_state_hash(g, 1), &loop));
      if (loop) return mandatory_loop_draw(g);        /* 421.4 */
    }
    if (++rounds > g->limits.settle_rounds) return arb_cascade_limit(g, choices0);
    TRY(resolve_top(g));
  }
}

int arb_settle(arb_game *g) {
  arb_vec seen;
  int rc;
  memset(&seen, 0, sizeof seen);
  rc = settle_loop(g, &seen);
  arb_vec_free(g, &seen, sizeof(uint64_t));
  return rc;
}
