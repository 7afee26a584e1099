/*
** combat_damage.c — one combat damage step's default assignment (502.2),
** dealt as simultaneous combat damage through the replaceable damage path
** (arb_damage: prevention is a replacement). The plan reads the board only;
** the deal changes it. Orders match the Lua layer's (lua/arbiter/combat_damage.lua)
** so either path makes the same game: attackers in card-id order, then
** blockers in the order of their first live block (the declared blocks in
** order); an attacker's blockers in declaration order.
**
** Where a player has a division to choose (an attacker blocked by several
** creatures; a trampler with more damage than its one blocker's lethal
** damage less what the creatures planned before assign to it, 502.9b; a
** blocker blocking several attackers: 502.2) the plan asks the host as it
** comes to it (arb_dmg_ask: lua/arbiter/division.lua asks the player), in
** the Lua path's order of questions.
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

/* The plan: the board read through ids (an agent asked for a division may read the game:
** pointers are taken again after each question). assigned: per block, what the creatures
** planned so far assign to its blocker (502.9b), kept at the blocker's first block. */
typedef struct plan {
  arb_game *g;
  int nblocks, ncards;
  arb_dmg *out;
  int cap, n;
  arb_dmg_ask ask;
  void *ud;
  int32_t *ids, *lethal, *amounts, *assigned;
} plan;

static const int32_t *blocks_of(plan *p) { return ARB_VEC(p->g->blocks, int32_t); }

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

/* Block i is live when its blocker is still in combat and its attacker attacks. */
static int live(plan *p, int i) {
  const int32_t *bl = blocks_of(p);
  return blocking(p, bl[2 * i]) && attacking(p, bl[2 * i + 1]);
}

/* the blocker's first block: where what is assigned to it is kept */
static int slot(plan *p, int b) {
  const int32_t *bl = blocks_of(p);
  int i;
  for (i = 0; i < p->nblocks; i++)
    if (bl[2 * i] == b) return i;
  return -1;
}

/* An attacker's damage to a creature counts against a trampler's lethal damage to it (502.9b). */
static void assign_to(plan *p, int src, int t, int32_t amount) {
  int k = slot(p, t);
  if (amount <= 0) return;
  push(p, src, t, -1, amount);
  if (k >= 0) p->assigned[k] += amount;
}

/* Attacker a's blockers still in combat (one removed from combat, False Orders or
** regeneration, is dealt none of its damage), in declaration order, into p->ids, with their
** lethal damage (with trample: less what the creatures planned before assign, 502.9b) */
static int blockers_of(plan *p, int a, int trample) {
  const int32_t *bl = blocks_of(p);
  int i, n = 0;
  for (i = 0; i < p->nblocks; i++)
    if (bl[2 * i + 1] == a && blocking(p, bl[2 * i])) {
      int32_t l = lethal(card_at(p->g, bl[2 * i]));
      if (trample) { int k = slot(p, bl[2 * i]); l -= k >= 0 ? p->assigned[k] : 0; if (l < 0) l = 0; }
      p->ids[n] = bl[2 * i]; p->lethal[n++] = l;
    }
  return n;
}

/* Blocker b's attackers (live blocks), in block order, into p->ids with their lethal damage */
static int attackers_of(plan *p, int b) {
  const int32_t *bl = blocks_of(p);
  int i, n = 0;
  for (i = 0; i < p->nblocks; i++)
    if (bl[2 * i] == b && live(p, i)) {
      p->ids[n] = bl[2 * i + 1]; p->lethal[n++] = lethal(card_at(p->g, bl[2 * i + 1]));
    }
  return n;
}

/* The division src's controller chooses (lua/arbiter/division.lua asks): ARB_OK and amounts
** in p->amounts; 1 when nobody is asked here (p->ask NULL: the host plans the whole step).
** A question may read the game, not grow it (cards or blocks): else ARB_EARG. */
static int ask(plan *p, int src, int as_attacker, int nt, int player) {
  int rc;
  if (!p->ask) return 1;
  rc = p->ask(p->ud, src, as_attacker, p->ids, nt, player, p->lethal, p->amounts);
  if (!rc && (p->g->cards.n != p->ncards || p->g->blocks.n / 2 != p->nblocks)) rc = ARB_EARG;
  return rc;
}

void arb_division_option(int k, int nt, int trample, int32_t power, const int32_t *lethal, int32_t *amounts) {
  int i;
  int32_t left = power;
  for (i = 0; i < nt + trample; i++) amounts[i] = 0;
  if (k > 1) { amounts[k - 2] = power; return; }
  for (i = 0; i < nt; i++) {
    int32_t amt = lethal[i] < left ? lethal[i] : left;
    if (i == nt - 1 && !trample) amt = left;
    amounts[i] = amt;
    left -= amt;
  }
  if (trample) amounts[nt] = left;
}

/* The default division without trample (no player): as division.lua's default. */
static void divide(plan *p, int a, int nbs, int32_t power) {
  int i;
  arb_division_option(1, nbs, 0, power, p->lethal, p->amounts);
  for (i = 0; i < nbs; i++) assign_to(p, a, p->ids[i], p->amounts[i]);
}

/* An attacker's damage (502.2): unblocked, to the player it attacks; blocked, divided
** among its blockers still in combat, with trample the rest to the player (502.9b). A
** division is asked when its controller has more than one legal one: several blockers, or
** (trample) more damage than the one blocker's lethal damage less what the creatures
** planned before assign to it. Returns ARB_OK, 1 (a question and no one to ask it), or an error. */
static int plan_attacker(plan *p, int id, int first) {
  const arb_card *a = card_at(p->g, id);
  int trample = has(a, ARB_AB_TRAMPLE), defender = a->attacking, nbs, rc, i;
  int32_t power = arb_card_power(a);
  if (!a->blocked) push(p, id, -1, defender, power);
  else if ((nbs = blockers_of(p, id, trample)) == 0) {
    if (trample) push(p, id, -1, defender, power);           /* no blockers left */
  } else if (nbs > 1 || (trample && power > p->lethal[0])) {
    if ((rc = ask(p, id, 1, nbs, trample ? defender : -1)) != 0) return rc;
    for (i = 0; i < nbs; i++) assign_to(p, id, p->ids[i], p->amounts[i]);
    if (trample && p->amounts[nbs] > 0) push(p, id, -1, defender, p->amounts[nbs]);
  } else divide(p, id, 1, power);                             /* all of it on the one blocker */
  if (first) push(p, id, -1, -1, 0);                          /* dealt_first mark */
  return ARB_OK;
}

/* A blocker's damage: to the attacker it blocks, or divided among several (502.2). */
static int plan_blocker(plan *p, int id, int first) {
  int32_t power = arb_card_power(card_at(p->g, id));
  int n, i, rc;
  if (power > 0 && (n = attackers_of(p, id)) > 0) {
    if (n > 1) {
      if ((rc = ask(p, id, 0, n, -1)) != 0) return rc;
      for (i = 0; i < n; i++)
        if (p->amounts[i] > 0) push(p, id, p->ids[i], -1, p->amounts[i]);
    } else push(p, id, p->ids[0], -1, power);
  }
  if (first) push(p, id, -1, -1, 0);
  return ARB_OK;
}

/* Is block i its blocker's first live block (the blocker's turn to deal)? */
static int first_live(plan *p, int i) {
  const int32_t *bl = blocks_of(p);
  int j;
  if (!live(p, i)) return 0;
  for (j = 0; j < i; j++)
    if (bl[2 * j] == bl[2 * i] && live(p, j)) return 0;
  return 1;
}

static int deals_as_attacker(arb_game *g, const arb_card *a, int first, int had_first) {
  return a->attacking >= 0 && in_play(g, a) && deals_now(a, first, had_first) && arb_card_power(a) > 0;
}

/* The attackers' items by source in card-id order (each source's own order kept): the order
** of the damage whatever the order of the questions (division.lua, combat_damage.lua). */
static void by_source(arb_dmg *d, int n) {
  int i, j;
  for (i = 1; i < n; i++) {
    arb_dmg x = d[i];
    for (j = i; j > 0 && d[j - 1].source > x.source; j--) d[j] = d[j - 1];
    d[j] = x;
  }
}

/* Only permanents attack (leaving the battlefield ends it: zone.c), so the attackers are
** found on the battlefield, not among every card of the game. */
static const arb_zone *battlefield(arb_game *g) { return &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)]; }

int arb_combat_damage_bound(arb_game *g) {
  const arb_zone *z = battlefield(g);
  int i, n = 3 * (g->blocks.n / 2) + 1;
  for (i = 0; i < z->n; i++)
    if (card_at(g, z->cards[i])->attacking >= 0) n += 2;
  return n;
}

/* The attacking creatures in card-id order into ids (g:attackers()'s order), at most cap of
** them: how many, or -1 when there are more (the caller then walks every card in id order). */
#define FEW_ATTACKERS 32
static int attackers_by_id(arb_game *g, int32_t *ids, int cap) {
  const arb_zone *z = battlefield(g);
  int i, j, n = 0;
  for (i = 0; i < z->n; i++) {
    int32_t id = z->cards[i];
    if (card_at(g, id)->attacking < 0) continue;
    if (n == cap) return -1;
    for (j = n++; j > 0 && ids[j - 1] > id; j--) ids[j] = ids[j - 1];   /* insertion sort */
    ids[j] = id;
  }
  return n;
}

/* The questions in the Lua layer's order (seed 003: the active player's first): attackers
** without trample in card-id order, then tramplers in card-id order, each counting what the
** ones before assign (502.9b, 502.9e), then blockers in the order of their first live block. */
int arb_combat_damage_plan(arb_game *g, int first, int had_first, arb_dmg *out, int cap,
                           int *n, arb_dmg_ask askfn, void *ud, int32_t *scratch) {
  plan p;
  int32_t few[FEW_ATTACKERS];
  int i, k, na, pass, rc = arb_chars_refresh(g);  /* power, first strike: as the layers make them */
  if (rc) return rc;
  na = attackers_by_id(g, few, FEW_ATTACKERS);
  p.g = g; p.nblocks = g->blocks.n / 2; p.ncards = g->cards.n;
  p.out = out; p.cap = cap; p.n = 0;
  p.ask = askfn; p.ud = ud;
  p.ids = scratch; p.lethal = scratch + p.nblocks + 1; p.amounts = p.lethal + p.nblocks + 1;
  p.assigned = p.amounts + p.nblocks + 1;
  for (i = 0; i < p.nblocks; i++) p.assigned[i] = 0;
  *n = 0;
  for (pass = 0; pass < 2; pass++)
    for (k = 0; k < (na >= 0 ? na : p.ncards); k++) {   /* card-id order, as g:attackers() */
      const arb_card *a;
      i = na >= 0 ? few[k] : k;
      a = card_at(g, i);
      if (!deals_as_attacker(g, a, first, had_first) || has(a, ARB_AB_TRAMPLE) != pass) continue;
      if ((rc = plan_attacker(&p, i, first)) != 0) return rc;
    }
  by_source(out, p.n < cap ? p.n : cap);
  for (i = 0; i < p.nblocks; i++) {
    int b = blocks_of(&p)[2 * i];
    if (!first_live(&p, i) || !deals_now(card_at(g, b), first, had_first)) continue;
    if ((rc = plan_blocker(&p, b, first)) != 0) return rc;
  }
  *n = p.n;
  return p.n > cap ? ARB_EARG : ARB_OK;
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
