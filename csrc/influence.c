/*
** influence.c — whom a player may attack and affect in a multiplayer game
** (CompRules 2005-2008): 601, the limited range of influence option (a
** player's range of influence is the number of seats away from it that it
** can affect: it can't target, attack or affect players beyond it, nor the
** objects they control), and 604, the attack left and attack right options
** (a player may attack only the opponent seated immediately to its left, or
** to its right). Seats follow the turn order and the turn passes to the left,
** so a player's left neighbour is the next player in turn order. Only players
** still in the game hold seats (a player who left no longer separates its
** neighbours). Without the options (range 0: unlimited; attack any) every
** opponent in the game is in reach, as in a two-player game. A range may be
** one player's own (607.3a: 2 for an emperor, 1 for a general), and 607.3c's
** "attack only an opponent seated immediately next to you" is the adjacent
** direction. Allies (a side: the Emperor variant's teams, 607, whose members
** keep their own life and turns) are not opponents: they can't attack each
** other, and the game ends when the players still in it are one side's.
*/
#include "game.h"

int arb_set_seats(arb_game *g, int dir, int range) {
  int p;
  if (dir < ARB_ATTACK_ANY || dir > ARB_ATTACK_ADJACENT || range < 0) return ARB_EARG;
  g->attack_dir = dir;
  g->range = range;
  for (p = 0; p < g->nplayers; p++) g->players[p].range = range;
  return ARB_OK;
}

/* Set-up only (new_game): a player's own range, and its side. */
int arb_set_range(arb_game *g, int p, int range) {
  if (p < 0 || p >= g->nplayers || range < 0) return ARB_EARG;
  g->players[p].range = range;
  if (range > 0) g->range = range;          /* some range is limited: checks consult it */
  return ARB_OK;
}

int arb_set_side(arb_game *g, int p, int side) {
  if (p < 0 || p >= g->nplayers || side < 0) return ARB_EARG;
  g->players[p].side = side;
  return ARB_OK;
}

/* The nearest player still in the game from p, going left (step 1) or right (-1). */
static int neighbour(const arb_game *g, int p, int step) {
  int k, n = g->nplayers;
  for (k = 1; k < n; k++) {
    int q = ((p + step * k) % n + n) % n;
    if (!g->players[q].lost) return q;
  }
  return p;
}

/* Seats from p to q the nearer way round, counting players still in the game. */
static int distance(const arb_game *g, int p, int q) {
  int left = 0, right = 0, x;
  for (x = p; x != q && left <= g->nplayers; x = neighbour(g, x, 1)) left++;
  for (x = p; x != q && right <= g->nplayers; x = neighbour(g, x, -1)) right++;
  return left < right ? left : right;
}

/* 601: q is within p's range of influence (p itself always is). */
int arb_in_range(const arb_game *g, int p, int q) {
  if (g->range <= 0 || g->players[p].range <= 0 || p == q) return 1;
  if (g->players[p].lost || g->players[q].lost) return 0;   /* no seat: out of everyone's reach */
  return distance(g, p, q) <= g->players[p].range;
}

/* 308 and 601, 604, 607.3c: p may attack q: an opponent (not an ally) still in
** the game, within p's range, and, with attack left / right / adjacent, the
** neighbour on that side (either side). */
int arb_attackable(const arb_game *g, int p, int q) {
  if (p == q || g->players[q].lost || g->players[q].side == g->players[p].side) return 0;
  if (!arb_in_range(g, p, q)) return 0;
  if (g->attack_dir == ARB_ATTACK_LEFT) return neighbour(g, p, 1) == q;
  if (g->attack_dir == ARB_ATTACK_RIGHT) return neighbour(g, p, -1) == q;
  if (g->attack_dir == ARB_ATTACK_ADJACENT) return neighbour(g, p, 1) == q || neighbour(g, p, -1) == q;
  return 1;
}
