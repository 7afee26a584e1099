/*
** combat_damage.c — one combat damage step's default assignment (502.2),
** dealt as simultaneous combat damage through the replaceable damage path
** (arb_damage: prevention is a replacement). The plan reads the board only;
** the deal changes it. Orders match the Lua layer's (lua/arbiter/combat_damage.lua)
** so either path makes the same game: attackers in card-id order, then
** blockers in the order of their first live block (the declared blocks in
** order); an attacker's blockers in declaration order.
**
** A step where a player has a choice to make (an attacker blocked by several
** creatures; a trampler with more damage than its one blocker's lethal
** damage less what other attackers assign to it, 502.9b; a blocker blocking
** several attackers: 502.2) is not planned
** here: *choice = 1 and the host asks its players (lua/arbiter/division.lua
** asks exactly then).
*/
#include "game.h"

static int in_play(arb_game *g, const arb_card *c) {
  return c->zone >= 0 && g->zones[c->zone].kind == ARB_BATTLEFIELD;
}

static int has(const arb_card *c, int kind) { return arb_card_count(c, kind, 0) > 0; }

/* 502.2b-c: in a game with a first-strike step, the first step is for first
** and double strikers; the second for those that didn't deal damage in the
** first (gaining first strike late doesn't stop them) and double strikers. */
static int deals_now(const arb_card *c, int first, int had_first) {
  if (!had_first) return 1;
  if (first) return has(c, ARB_AB_FIRST_STRIKE) || has(c, ARB_AB_DOUBLE_STRIKE);
  return !c->dealt_first || has(c, ARB_AB_DOUBLE_STRIKE);
}

/* Lethal damage accounts for damage already marked (502.2). */
static int32_t lethal(const arb_card *c) {
  int32_t l = arb_card_toughness(c) - c->damage;
  return l > 0 ? l : 0;
}

typedef struct plan {
  arb_game *g;
  const int32_t *blocks;    /* blocker, attacker pairs */
  int nblocks;
  arb_dmg *out;
  int cap, n;
} plan;

static void push(plan *p, int src, int tc, int tp, int32_t amount) {
  if (p->n < p->cap) {
    arb_dmg *d = &p->out[p->n];
    d->source = src; d->target_card = tc; d->target_player = tp; d->amount = amount;
  }
  p->n++;
}

static int attacking(plan *p, int id) {
  arb_card *a = card_at(p->g, id);
  return in_play(p->g, a) && a->attacking >= 0;
}

/* A blocker still in combat: on the battlefield and not removed from combat
** (regeneration removes it: destroy.c clears its blocking count). */
static int blocking(plan *p, int b) {
  const arb_card *c = card_at(p->g, b);
  return in_play(p->g, c) && c->blocking > 0;
}

/* blockers of attacker a still in combat, counted */
static int nblockers(plan *p, int a) {
  int i, n = 0;
  for (i = 0; i < p->nblocks; i++)
    if (p->blocks[2 * i + 1] == a && blocking(p, p->blocks[2 * i])) n++;
  return n;
}

/* Block i is live when its blocker is still in combat and its attacker attacks. */
static int live(plan *p, int i) {
  return blocking(p, p->blocks[2 * i]) && attacking(p, p->blocks[2 * i + 1]);
}

/* attackers blocker b blocks (live blocks), counted */
static int ntargets(plan *p, int b) {
  int i, n = 0;
  for (i = 0; i < p->nblocks; i++)
    if (p->blocks[2 * i] == b && live(p, i)) n++;
  return n;
}

/* The default division among an attacker's blockers: lethal damage to each in
** declaration order, the rest to the last one, or to the player with trample
** (defender >= 0). */
static void divide(plan *p, const arb_card *a, int nbs, int defender) {
  int i, k = 0;
  int32_t left = arb_card_power(a);
  for (i = 0; i < p->nblocks && k < nbs; i++) {
    arb_card *t = card_at(p->g, p->blocks[2 * i]);
    int32_t amt;
    if (p->blocks[2 * i + 1] != a->id || !blocking(p, t->id)) continue;   /* removed: none */
    amt = lethal(t) < left ? lethal(t) : left;
    if (++k == nbs && defender < 0) amt = left;
    if (amt > 0) push(p, a->id, t->id, -1, amt);
    left -= amt;
  }
  if (defender >= 0 && left > 0) push(p, a->id, -1, defender, left);
}

/* the first of attacker a's blockers still in combat (one removed from combat, False Orders or
** regeneration, is dealt none of its damage) */
static const arb_card *first_blocker(plan *p, int a) {
  int i;
  for (i = 0; i < p->nblocks; i++) {
    const arb_card *b = card_at(p->g, p->blocks[2 * i]);
    if (p->blocks[2 * i + 1] == a && blocking(p, b->id)) return b;
  }
  return NULL;
}

/* 502.9b: the damage other attackers assign to blocker b in this step, which
** trampler a's lethal damage accounts for. The Lua path asks attackers without
** trample first, then tramplers in card-id order, each counting the ones
** before it; an attacker whose only blocker is b assigns it all its damage (one
** with several blockers has a choice: then the step isn't planned here). */
static int32_t others_assign(plan *p, const arb_card *a, const arb_card *b, int first, int had_first) {
  int i;
  int32_t sum = 0;
  for (i = 0; i < p->nblocks; i++) {
    const arb_card *o;
    if (p->blocks[2 * i] != b->id || p->blocks[2 * i + 1] == a->id || !live(p, i)) continue;
    o = card_at(p->g, p->blocks[2 * i + 1]);
    if (!deals_now(o, first, had_first) || arb_card_power(o) <= 0 || nblockers(p, o->id) != 1) continue;
    if (!has(o, ARB_AB_TRAMPLE) || o->id < a->id) sum += arb_card_power(o);
  }
  return sum;
}

/* returns 1 when the attacker's controller has a division to choose: several
** blockers, or (trample) more damage than the one blocker's lethal damage less
** what other attackers assign to it (502.9b) */
static int plan_attacker(plan *p, const arb_card *a, int first, int had_first) {
  int trample = has(a, ARB_AB_TRAMPLE), nbs;
  int32_t power = arb_card_power(a);
  if (!a->blocked) push(p, a->id, -1, a->attacking, power);
  else if ((nbs = nblockers(p, a->id)) == 0) {
    if (trample) push(p, a->id, -1, a->attacking, power);   /* no blockers left */
  } else if (nbs > 1) return 1;
  else if (trample) {
    const arb_card *b = first_blocker(p, a->id);
    if (power > lethal(b) - others_assign(p, a, b, first, had_first)) return 1;
    push(p, a->id, b->id, -1, power);      /* all of it is lethal or less: on the blocker */
  }
  else divide(p, a, nbs, -1);
  if (first) push(p, a->id, -1, -1, 0);                      /* dealt_first mark */
  return 0;
}

/* returns 1 when the blocker's controller has a division to choose */
static int plan_blocker(plan *p, const arb_card *b, int first) {
  int i;
  if (arb_card_power(b) > 0) {
    if (ntargets(p, b->id) > 1) return 1;
    for (i = 0; i < p->nblocks; i++)
      if (p->blocks[2 * i] == b->id && live(p, i)) {
        push(p, b->id, p->blocks[2 * i + 1], -1, arb_card_power(b));
        break;
      }
  }
  if (first) push(p, b->id, -1, -1, 0);
  return 0;
}

/* Is block i its blocker's first live block (the blocker's turn to deal)? */
static int first_live(plan *p, int i) {
  int j;
  if (!live(p, i)) return 0;
  for (j = 0; j < i; j++)
    if (p->blocks[2 * j] == p->blocks[2 * i] && live(p, j)) return 0;
  return 1;
}

int arb_combat_damage_plan(arb_game *g, int first, int had_first, arb_dmg *out,
                           int cap, int *n, int *choice) {
  plan p;
  int i, rc = arb_chars_refresh(g);       /* power, first strike: as the layers make them */
  if (rc) return rc;
  p.g = g; p.blocks = ARB_VEC(g->blocks, int32_t); p.nblocks = g->blocks.n / 2;
  p.out = out; p.cap = cap; p.n = 0;
  *n = 0;
  *choice = 0;
  for (i = 0; i < g->cards.n; i++) {       /* card-id order, as g:attackers() */
    arb_card *a = &ARB_VEC(g->cards, arb_card)[i];
    if (a->attacking < 0 || !in_play(g, a) || !deals_now(a, first, had_first) ||
        arb_card_power(a) <= 0) continue;
    if (plan_attacker(&p, a, first, had_first)) { *choice = 1; return ARB_OK; }
  }
  for (i = 0; i < p.nblocks; i++) {
    arb_card *b = card_at(g, p.blocks[2 * i]);
    if (!first_live(&p, i) || !deals_now(b, first, had_first)) continue;
    if (plan_blocker(&p, b, first)) { *choice = 1; return ARB_OK; }
  }
  *n = p.n;
  return ARB_OK;
}

/* All of a step's damage is dealt at once: the marks first (they read nothing
** the damage changes), then each assignment as a combat damage event. */
int arb_combat_damage_deal(arb_game *g, const arb_dmg *d, int n) {
  int i;
  for (i = 0; i < n; i++)
    if (d[i].amount == 0) {
      arb_card *c = card_at(g, d[i].source);
      if (arb_jset_card8(g, d[i].source, &c->dealt_first, 1)) return ARB_ENOMEM;
    }
  for (i = 0; i < n; i++)
    if (d[i].amount > 0) {
      int rc = arb_damage(g, d[i].source, d[i].target_card, d[i].target_player, d[i].amount, 1);
      if (rc) return rc;
    }
  return ARB_OK;
}
