/*
** player_leave.c — a player who leaves a multiplayer game takes its cards with it
** (CompRules 2005-2008, 600.4): "When a player leaves a multiplayer game, all
** objects owned by that player leave the game, all spells and abilities
** controlled by that player on the stack cease to exist, and any effects
** which give that player control of any objects or players end. Then, if
** there are any objects still controlled by that player, those objects are
** removed from the game. This is not a state-based effect."
**
** Here "leave the game" is a move to the owner's removed-from-the-game zone
** (ARB_EXILE): the player is out, so nothing reaches its zones any more, and
** "leaves play" triggers see the permanents go, as any zone change. The
** control-changing effects giving it control end (g:gain_control, a static's
** `controller`), a permanent it controls by a one-shot change returns to its
** owner's control, and anything still its own after that is removed from the game. The cards
** of its library, hand and graveyard are objects it owns too: they go to its
** removed-from-the-game zone as well, so no effect of the players still in the
** game can find them there (a "card in a graveyard" target, a search).
*/
#include "game.h"

/* 600.4: its spells and abilities on the stack cease to exist (a spell it
** owns or controls goes to its owner's removed-from-the-game zone; an ability
** simply disappears, as when countered). From the top down. */
static int leave_stack(arb_game *g, int p) {
  int z = arb_zone_id(g, -1, ARB_STACK), i, done;
  for (i = g->zones[z].n - 1; i >= 0 && !g->over; i--) {
    int id;
    arb_card *c;
    if (i >= g->zones[z].n) continue;      /* a trigger of a move took some away */
    id = g->zones[z].cards[i];
    c = card_at(g, id);
    if (c->controller != p && c->owner != p) continue;
    if (c->types & ARB_T_ABILITY) { TRY(arb_counter(g, id, &done)); continue; }
    TRY(arb_jset_card8(g, id, &c->objkind, ARB_OBJ_NONE));
    TRY(arb_move(g, id, ARB_EXILE, 1));
  }
  return ARB_OK;
}

/* The permanents now in play that match: owned by p (own = 1) or controlled
** by p (own = 0). A snapshot, since each move changes the zone. */
static int snapshot(arb_game *g, int p, int own, arb_vec *out) {
  int z = arb_zone_id(g, -1, ARB_BATTLEFIELD), i;
  const arb_zone *bf;
  if (!arb_chars_fresh(g)) TRY(arb_chars_refresh(g));
  bf = &g->zones[z];
  if (arb_vec_reserve(g, out, sizeof(int32_t), bf->n)) return ARB_ENOMEM;
  out->n = 0;
  for (i = 0; i < bf->n; i++) {
    const arb_card *c = card_at(g, bf->cards[i]);
    if (own ? c->owner == p : c->controller == p) ARB_VEC(*out, int32_t)[out->n++] = bf->cards[i];
  }
  return ARB_OK;
}

/* Moves each card of the list still in play to its owner's removed-from-the-game zone. */
static int remove_all(arb_game *g, const arb_vec *v) {
  int i, bf = arb_zone_id(g, -1, ARB_BATTLEFIELD);
  for (i = 0; i < v->n && !g->over; i++) {
    int id = ARB_VEC(*v, int32_t)[i];
    if (card_at(g, id)->zone == bf) TRY(arb_move(g, id, ARB_EXILE, 1));
  }
  return ARB_OK;
}

/* 600.4: the control-changing effects that give p control end. */
static int end_control(arb_game *g, int p) {
  int i;
  for (i = 0; i < arb_nstatics(g); i++) {
    const arb_static *st = arb_static_get(g, i);
    if (st->active && st->controller == p) TRY(arb_static_remove(g, i));
  }
  return ARB_OK;
}

/* 600.4: the cards of p's library, hand and graveyard leave the game (from
** the top down; a move an effect replaced leaves its card where it is). */
static int leave_zones(arb_game *g, int p) {
  static const int kinds[] = { ARB_LIBRARY, ARB_HAND, ARB_GRAVEYARD };
  int k, i;
  for (k = 0; k < 3; k++) {
    int z = arb_zone_id(g, p, kinds[k]);
    for (i = g->zones[z].n - 1; i >= 0 && !g->over; i--) {
      if (i >= g->zones[z].n) continue;     /* a trigger of a move took some away */
      TRY(arb_move(g, g->zones[z].cards[i], ARB_EXILE, 1));
    }
  }
  return ARB_OK;
}

static int leave(arb_game *g, int p, arb_vec *v) {
  int i;
  TRY(leave_stack(g, p));
  TRY(leave_zones(g, p));
  TRY(snapshot(g, p, 1, v));               /* what it owns leaves the game */
  TRY(remove_all(g, v));
  TRY(end_control(g, p));
  TRY(snapshot(g, p, 0, v));               /* what it controls: back to the owner */
  for (i = 0; i < v->n; i++) {
    int id = ARB_VEC(*v, int32_t)[i];
    TRY(arb_set_controller(g, id, card_at(g, id)->owner));
  }
  TRY(snapshot(g, p, 0, v));               /* an effect still gives it control */
  return remove_all(g, v);
}

/* Every player who has lost (or conceded) and not yet left leaves, in turn
** order: called while the game goes on (a two-player game ends instead, and
** its board stays as it was for the result). */
int arb_leave_lost(arb_game *g) {
  int p;                                   /* 600.4: not a state-based action */
  for (p = 0; p < g->nplayers && !g->over; p++) {
    arb_vec v;
    int rc;
    v.p = NULL;
    v.n = v.cap = 0;
    if (!g->players[p].lost || g->players[p].left) continue;
    TRY(arb_jset_player8(g, p, &g->players[p].left, 1));
    rc = leave(g, p, &v);
    arb_vec_free(g, &v, sizeof(int32_t));
    TRY(rc);
  }
  return ARB_OK;
}
