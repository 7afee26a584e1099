/*
** mana.c — mana pools (CONTRACT v2 "Costs and mana").
** Each player has a pool of six slots (W U B R G and colorless). Mana
** abilities add to it (the Lua layer records the "mana" event); costs spend
** from it. The pool empties when a step or phase ends (arb_step calls
** arb_mana_empty on entering the next one); the owner of unspent mana loses
** that much life — mana burn (older guide 003, "End of Combat ... check for
** mana burn") — unless the no_mana_burn house rule is on. Mana burn is loss
** of life, not damage: a "life" event, which damage prevention doesn't stop.
*/
#include "game.h"

#define TRY(x) do { int rc_ = (x); if (rc_) return rc_; } while (0)

int arb_mana_add(arb_game *g, int player, int k, int32_t n) {
  arb_player *p;
  int64_t v;
  if (player < 0 || player >= g->nplayers || k < 0 || k >= ARB_NMANA) return ARB_EARG;
  p = &g->players[player];
  v = (int64_t)p->mana[k] + n;
  if (v < 0 || v > INT32_MAX) return ARB_EARG;   /* spending more than the pool holds */
  return arb_jset_player(g, player, &p->mana[k], (int32_t)v);
}

void arb_set_mana_burn(arb_game *g, int on) { g->no_mana_burn = !on; }

int arb_mana_empty(arb_game *g) {
  int i, k;
  for (i = 0; i < g->nplayers; i++) {
    int64_t total = 0;
    for (k = 0; k < ARB_NMANA; k++) {
      total += g->players[i].mana[k];
      TRY(arb_jset_player(g, i, &g->players[i].mana[k], 0));
    }
    if (total > 0 && !g->no_mana_burn && !g->over && !g->players[i].lost)
      TRY(arb_life_change(g, i, (int32_t)-(total > INT32_MAX ? INT32_MAX : total)));
  }
  return ARB_OK;
}
