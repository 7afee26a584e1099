/*
** core_fuzz.c — libFuzzer harness for the C core (no Lua). The input is
** decoded into a game (2-4 players, maybe teams) and a sequence of actions:
** create, move, draw, discard, damage, tap, declare attackers/blockers
** (random or the solver's witness), end combat, life, lose/win/concede,
** effects (host hooks and C replacements, "while on the battlefield",
** named events), settle, shuffle, turns and steps, untap, cleanup, durations,
** spells and activated abilities put on the stack (with targets and X),
** counters, mana pools (add, produce, empty with burn, the core's payment),
** players who answer priority (a C hook that casts from hand, so settle's
** priority loop runs), clone, mark/rollback/commit. C replacement effects,
** triggers and observers run through arb_hooks, changing events the way the
** Lua binding may (player, to, top, amount, target) and sometimes failing
** like a script error. After every step the invariants are checked:
**   - every card is in exactly one zone (resolved abilities in none), the
**     zone it names; library/hand/graveyard cards belong to that player;
**   - card counts per owner are conserved (the cards each player created);
**   - an action that fails, and any rollback, restores the game exactly
**     (state hash and a deeper digest of the game struct);
**   - a clone hashes equal, and replaying the same actions on the clone
**     keeps it equal (the twin).
** A broken invariant aborts (libFuzzer reports a crash). The same file
** builds without libFuzzer (fuzz/replay.c) to replay the corpus as tests.
*/
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "combat.h"
#include "solver.h"

#define MAXSTEPS 256
#define MAXCARDS 96
#define MAXMARKS 8

typedef struct input { const uint8_t *p; size_t n, i; } input;
static int u8(input *in) { return in->i < in->n ? in->p[in->i++] : 0; }
static int u16(input *in) { int a = u8(in); return a | (u8(in) << 8); }

static void fail(const char *what, int step) {
  fprintf(stderr, "core_fuzz: invariant broken at step %d: %s\n", step, what);
  abort();
}

static void *falloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud; (void)osize;
  if (nsize == 0) { free(ptr); return NULL; }
  return realloc(ptr, nsize);
}

/* ---- a deeper digest than arb_state_hash: every journaled field ---- */

typedef struct { uint64_t h; } dig;
static void dmix(dig *d, const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  size_t i;
  for (i = 0; i < n; i++) { d->h ^= b[i]; d->h *= 1099511628211ULL; }
}
#define DMIX(d, x) dmix((d), &(x), sizeof(x))

/* Field by field: struct padding is not state (and differs between games). */
static void dig_card(dig *d, const arb_card *c) {
  size_t a = offsetof(arb_card, name), b = offsetof(arb_card, nabil) + 1;
  dmix(d, c, a);                                  /* id .. babil: int32s */
  dmix(d, (const char *)c + a, b - a);            /* name .. nabil: no padding */
  dmix(d, c->abil, sizeof(arb_ability) * c->nabil);   /* slots past nabil: garbage */
}

/* The parts kept outside the cards: base abilities, stack object records. */
static void dig_side(dig *d, const arb_game *g) {
  int i;
  dmix(d, g->babil.p, sizeof(arb_ability) * (size_t)g->babil.n);
  for (i = 0; i < g->objs.n; i++)
    dmix(d, &ARB_VEC(g->objs, arb_object)[i], offsetof(arb_object, ntargets) + 1);
}

static uint64_t digest(const arb_game *g) {
  dig d = {14695981039346656037ULL};
  int i;
  /* the current characteristics are a cache of the base ones and the effects
  ** (layers.c): brought up to date, they are a function of the state */
  if (arb_chars_refresh((arb_game *)g)) return 0;
  uint64_t h = arb_state_hash(g, 1);
  DMIX(&d, h);
  DMIX(&d, g->rng); DMIX(&d, g->active); DMIX(&d, g->turn);
  DMIX(&d, g->over); DMIX(&d, g->draw); DMIX(&d, g->winner); DMIX(&d, g->choices);
  DMIX(&d, g->step);
  for (i = 0; i < g->durations.n; i++) {
    const arb_duration *u = &ARB_VEC(g->durations, arb_duration)[i];
    dmix(&d, u, offsetof(arb_duration, active));
    DMIX(&d, u->active);
  }
  for (i = 0; i < g->nplayers; i++) {
    const arb_player *p = &g->players[i];
    DMIX(&d, p->team); DMIX(&d, p->lost); DMIX(&d, p->drew_empty); DMIX(&d, p->won);
    DMIX(&d, p->lands_played); DMIX(&d, p->draws_this_turn);
  }
  dmix(&d, g->teams, sizeof(arb_team) * (size_t)g->nteams);
  for (i = 0; i < g->cards.n; i++) dig_card(&d, &ARB_VEC(g->cards, arb_card)[i]);
  dig_side(&d, g);
  for (i = 0; i < g->nzones; i++) {
    DMIX(&d, g->zones[i].n);
    dmix(&d, g->zones[i].cards, sizeof(int32_t) * (size_t)g->zones[i].n);
  }
  for (i = 0; i < g->effects.n; i++) {
    const arb_effect *fx = &ARB_VEC(g->effects, arb_effect)[i];
    DMIX(&d, fx->id); DMIX(&d, fx->ref); DMIX(&d, fx->source); DMIX(&d, fx->controller);
    DMIX(&d, fx->kind); DMIX(&d, fx->type); DMIX(&d, fx->active); DMIX(&d, fx->builtin);
    DMIX(&d, fx->until_leaves); DMIX(&d, fx->name); DMIX(&d, fx->c);
  }
  dmix(&d, g->neffects_of, sizeof g->neffects_of);
  dmix(&d, g->history.p, sizeof(arb_event) * (size_t)g->history.n);   /* int32s only */
  dmix(&d, g->waiting.p, sizeof(arb_waiting) * (size_t)g->waiting.n);
  dmix(&d, g->blocks.p, sizeof(int32_t) * (size_t)g->blocks.n);
  DMIX(&d, g->cards.n); DMIX(&d, g->effects.n); DMIX(&d, g->history.n);
  DMIX(&d, g->waiting.n); DMIX(&d, g->blocks.n); DMIX(&d, g->durations.n);
  return d.h;
}

/* ---- invariants ---- */

static int is_ability(const arb_card *c) { return (c->types & ARB_T_ABILITY) != 0; }

static void check_zones(arb_game *g, const int *created, int step) {
  int i, k, total = 0, placed = 0, owned[8] = {0};
  for (i = 0; i < g->nzones; i++) {
    const arb_zone *z = &g->zones[i];
    if (z->n < 0 || z->n > z->cap) fail("zone size", step);
    for (k = 0; k < z->n; k++) {
      const arb_card *c = arb_card_get(g, z->cards[k]);
      if (!c) fail("zone holds no card", step);
      if (c->zone != i) fail("card in a zone it doesn't name", step);
      if (z->owner >= 0 && c->owner != z->owner) fail("card in another player's zone", step);
      if (is_ability(c) && z->kind != ARB_STACK) fail("ability off the stack", step);
      if ((z->kind == ARB_NOWHERE) != (c->token == 2) && !(c->token == 1 && z->kind == ARB_NOWHERE))
        fail(c->token == 2 ? "a token that ceased to exist is somewhere" : "a card in the none zone", step);
      total++;
    }
  }
  for (i = 0; i < g->cards.n; i++) {
    const arb_card *c = &ARB_VEC(g->cards, arb_card)[i];
    if (c->id != i) fail("card id", step);
    if (c->zone < 0) {
      if (!is_ability(c)) fail("card in no zone", step);
      continue;
    }
    if (c->zone >= g->nzones) fail("card zone out of range", step);
    if (arb_zone_find(g, c->zone, i) < 0) fail("card missing from its zone", step);
    placed++;
    if (!is_ability(c)) owned[c->owner]++;
  }
  if (placed != total) fail("a card in two zones or twice in one", step);
  for (i = 0; i < g->nplayers; i++)
    if (owned[i] != created[i]) fail("cards per owner not conserved", step);
}

/* ---- hooks: C effects whose behaviour is encoded in fx->ref ---- */

static const int32_t amounts[] = {0, 1, -1, 2, 7, -5, 1000, 2147483647, -2147483647 - 1, 20};

static int pick_card(arb_game *g, int r) { return g->cards.n ? r % g->cards.n : -1; }

static int h_applies(void *ud, arb_game *g, const arb_effect *fx, const arb_event *ev,
                     int *yes) {
  (void)ud; (void)g;
  if ((fx->ref & 0xf000) == 0xf000) return ARB_EHOOK;    /* a failing script */
  *yes = (fx->ref >> 8) & 1 ? 1 : (ev->amount & 1) == 0;
  return ARB_OK;
}

/* What the binding lets a replacement change: player, to, top, amount, target. */
static int h_replace(void *ud, arb_game *g, const arb_effect *fx, arb_event *ev,
                     int *replaced) {
  int arg = (fx->ref >> 3) & 0x1f;
  (void)ud;
  *replaced = 0;
  switch (fx->ref & 7) {
  case 0: *replaced = 1; break;
  case 1: ev->amount = amounts[arg % 10]; break;
  case 2: ev->player = arg % g->nplayers; break;
  case 3: ev->to = arg % ARB_STACK; break;
  case 4: ev->amount = arg & 1; break;
  case 5: ev->target_player = arg % g->nplayers; ev->target_card = -1; break;
  case 6: {
    int c = pick_card(g, arg);
    if (c >= 0) { ev->target_card = c; ev->target_player = -1; }
    break;
  }
  default: return ARB_EHOOK;
  }
  return ARB_OK;
}

static int h_choose(void *ud, arb_game *g, int player, const int32_t *ids, int n,
                    const arb_event *ev, int *pick) {
  (void)ud; (void)g; (void)player; (void)ids;
  *pick = (int)(((unsigned)ev->type + (unsigned)ev->amount) % (unsigned)(n + 1)) -
          (ev->card & 1);                                      /* sometimes out of range */
  return ARB_OK;
}

static int h_observe(void *ud, arb_game *g, const arb_effect *fx, const arb_event *ev) {
  (void)g;
  ++*(long *)ud;
  return (fx->ref & 0x7000) == 0x7000 && ev->amount == 1 ? ARB_EHOOK : ARB_OK;
}

static int h_condition(void *ud, arb_game *g, const arb_effect *fx, const arb_event *ev,
                       int *yes) {
  (void)ud; (void)g; (void)ev;
  *yes = (fx->ref >> 4) % 3;
  return ARB_OK;
}

/* A resolving ability acts like a card script would. */
static int h_resolve(void *ud, arb_game *g, const arb_effect *fx, const arb_event *ev) {
  int p = fx->controller >= 0 ? fx->controller : arb_active(g), c, card;
  arb_card *src = arb_card_get(g, fx->source);
  (void)ud;
  switch (fx->ref & 7) {
  case 0: return arb_life_change(g, p, -1);
  case 1: return arb_draw(g, p, &card);
  case 2: return arb_damage(g, fx->source, -1, (p + 1) % g->nplayers, 1 + (fx->ref >> 8) % 3, 0);
  case 3:
    if (src && !is_ability(src) && src->zone >= 0) return arb_move(g, fx->source, ARB_GRAVEYARD, 1);
    return ARB_OK;
  case 4:
    c = ev->card;
    if (c >= 0 && !is_ability(arb_card_get(g, c)) && arb_card_get(g, c)->zone >= 0)
      return arb_tap(g, c, !arb_card_get(g, c)->tapped);
    return ARB_OK;
  case 5: return arb_life_change(g, p, 1);
  case 6: return arb_note_choice(g);
  default: return ARB_EHOOK;
  }
}

/* A replacement written in C (arb_replacement_add_c): the same shapes through fx->ref. */
/* Holding priority (116), a player acts when it has a card in hand whose id is
** even and the stack is short: the card goes on the stack as a spell. */
static int h_priority(void *ud, arb_game *g, int player, int *acted) {
  const arb_zone *z = arb_zone_get(g, arb_zone_id(g, player, ARB_HAND));
  int i;
  (void)ud;
  *acted = 0;
  if (arb_stack_size(g) >= 3) return ARB_OK;
  for (i = 0; i < z->n; i++)
    if (z->cards[i] % 2 == 0) { *acted = 1; return arb_spell_put(g, z->cards[i], player, NULL, 0, 0); }
  return ARB_OK;
}

static int c_applies(arb_game *g, const arb_effect *fx, const arb_event *ev, int *yes) {
  return h_applies(NULL, g, fx, ev, yes);
}
static int c_replace(arb_game *g, const arb_effect *fx, arb_event *ev, int *replaced) {
  return h_replace(NULL, g, fx, ev, replaced);
}
static const arb_creplacement c_repl = {c_applies, c_replace, "fuzz"};

/* Two event names (interning isn't journaled: strings are never removed). */
static int event_name(arb_game *g, int which) {
  return arb_intern(g, which & 1 ? "pong" : "ping", 4);
}

/* ---- the fuzzed session ---- */

typedef struct state {
  arb_game *g[2];               /* the game and maybe its twin (a clone) */
  int ng;
  int created[2][8];            /* non-ability cards per owner, per game */
  int nmarks;
  size_t mark[MAXMARKS][2];
  uint64_t snap[MAXMARKS];
  int snap_created[MAXMARKS][8];
  arb_solver *solver;
  long observed;
  int trace;                    /* ARB_FUZZ_TRACE set: print each step */
} state;

/* A card id chosen by the input among the non-ability cards in a zone. */
static int live_card(arb_game *g, int r) {
  int i, n = g->cards.n;
  for (i = 0; i < n; i++) {
    arb_card *c = arb_card_get(g, (r + i) % n);
    if (!is_ability(c) && c->zone >= 0) return c->id;
  }
  return -1;
}

static int bf_creature(arb_game *g, int r) {
  arb_zone *z = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int i;
  for (i = 0; i < z->n; i++) {
    arb_card *c = arb_card_get(g, z->cards[(r + i) % z->n]);
    if (c->types & ARB_T_CREATURE) return c->id;
  }
  return -1;
}

static const int abil_pool[] = {
  ARB_AB_FLYING, ARB_AB_REACH, ARB_AB_VIGILANCE, ARB_AB_HASTE, ARB_AB_DEFENDER,
  ARB_AB_SHADOW, ARB_AB_MENACE, ARB_AB_CANT_BLOCK, ARB_AB_BLOCK_ADDITIONAL,
  ARB_AB_ATTACKS_IF_ABLE, ARB_AB_BLOCKS_IF_ABLE, ARB_AB_LURE, ARB_AB_CANT_ATTACK_ALONE,
  ARB_AB_ONE_ATTACKER_LIMIT, ARB_AB_LANDWALK, ARB_AB_FEAR
};

static int act_create(arb_game *g, const uint8_t *a, int *created) {
  arb_card proto;
  int owner = a[0] % g->nplayers, kind = a[1] % ARB_STACK, id, rc, i;
  int zone = arb_zone_id(g, owner, kind);
  int island = arb_intern(g, "Island", 6);   /* its subtype, and landwalk's: an interned name */
  if (g->cards.n >= MAXCARDS) return ARB_OK;
  if (island < 0) return ARB_ENOMEM;
  memset(&proto, 0, sizeof proto);
  proto.types = (uint8_t)(a[2] & (ARB_T_CREATURE | ARB_T_LAND | ARB_T_ARTIFACT));
  proto.power = a[3] % 6;
  proto.toughness = a[3] / 6 % 6;
  proto.colors = (uint8_t)(a[4] & 31);
  proto.supertypes = (uint8_t)(a[4] >> 5);
  proto.nsub = 1;
  proto.subtypes[0] = (uint16_t)island;
  proto.mprod = (uint8_t)((a[2] >> 3) % (ARB_NMANA + 1));   /* "{T}: add one mana" of a slot */
  if (a[5] & 0x40)                       /* a token (216), put into play by whoever a[5] says */
    rc = arb_token_new(g, &proto, owner, (owner + (a[5] >> 7)) % g->nplayers, (a[5] >> 3) & 1, &id);
  else rc = arb_card_new(g, &proto, owner, zone, a[5] & 1, &id);
  for (i = 0; !rc && i < (a[5] >> 1) % 4; i++) {
    int k = abil_pool[(a[6 + i]) % 16];
    rc = arb_card_grant(g, id, k, k == ARB_AB_LANDWALK ? island : 0, 1);
  }
  if (!rc) created[owner]++;
  return rc;
}

static int act_solve_attack(state *s, arb_game *g) {
  arb_attack_build b;
  arb_solver_result r;
  int w[64], i, rc = ARB_OK;
  if (arb_attack_build_new(g, &b)) return ARB_ENOMEM;
  if (b.n <= 64 && arb_attack_solve(s->solver, &b.prob, &r, w) >= 0)
    for (i = 0; i < b.n && !rc; i++)
      if (w[i] >= 0) rc = arb_declare_attack(g, b.cards[i], b.defenders[w[i]]);
  arb_attack_build_free(g, &b);
  return rc;
}

static int act_solve_block(state *s, arb_game *g) {
  arb_block_build b;
  arb_solver_result r;
  uint64_t w[64];
  int i, k, rc = ARB_OK;
  if (arb_block_build_new(g, &b)) return ARB_ENOMEM;
  if (b.nb <= 64 && b.words <= 1 && arb_block_solve(s->solver, &b.prob, &r, w) >= 0)
    for (i = 0; i < b.nb && !rc; i++)
      for (k = 0; k < b.na && !rc; k++)
        if ((w[i] >> k) & 1) rc = arb_declare_block(g, b.blockers[i], b.attackers[k]);
  arb_block_build_free(g, &b);
  return rc;
}

/* A continuous effect made in C (no host predicate): on every permanent, on one
** card, or on players; P/T, abilities, control, types, prohibitions, durations. */
static int act_static(arb_game *g, const uint8_t *a) {
  arb_static st;
  arb_ability add, rem;
  int32_t set[2];
  int n = 0, id, rc;
  memset(&st, 0, sizeof st);
  st.ref = st.source = st.controller = -1;
  st.set_power = st.set_toughness = st.max_hand = ARB_NOSET;
  st.affects = a[0] % 2 ? ARB_AFF_SET : ARB_AFF_ALL;
  if (st.affects == ARB_AFF_SET && (set[n] = live_card(g, a[1])) >= 0) n++;
  if (st.affects == ARB_AFF_SET && !n) return ARB_OK;
  switch (a[2] % 8) {
  case 0: st.power = (int8_t)a[3] % 3; st.toughness = (int8_t)a[4] % 3; break;
  case 1: st.set_power = a[3] % 5; st.set_toughness = a[4] % 5; break;
  case 2: st.switch_pt = 1; break;
  case 3: st.controller = a[3] % g->nplayers; break;
  case 4: st.types = ARB_T_CREATURE; break;
  case 5: st.prohibit = (uint16_t)(ARB_PRO_UNTAP | ARB_PRO_ATTACK | ARB_PRO_BLOCK | ARB_PRO_ENCHANT) & (a[3] | 4); break;
  case 6: st.players = 1; st.affects = ARB_AFF_ALL; n = 0;
          if (a[3] & 1) st.prohibit = ARB_PRO_DRAW; else st.max_hand = a[3] % 3 ? a[3] % 9 : -1; break;
  default: st.remove_all = a[3] & 1; break;
  }
  add.kind = (uint16_t)abil_pool[a[5] % 16]; add.param = 0; add.count = 1;
  rem.kind = (uint16_t)abil_pool[a[6] % 16]; rem.param = ARB_ANYPARAM; rem.count = 0;
  if (a[7] & 1) st.source = live_card(g, a[8]);
  if ((rc = arb_static_add(g, &st, &add, st.players ? 0 : (a[7] >> 1) & 1, &rem,
                           st.players ? 0 : (a[7] >> 2) & 1, set, n, &id)))
    return rc;
  if (a[7] & 8) return arb_until(g, (a[7] >> 4) & 1, ARB_DUR_STATIC, id, 0, 0, 0);
  return ARB_OK;
}

/* One action on one game; a[] are the action's argument bytes. */
static int act(state *s, arb_game *g, int *created, int op, const uint8_t *a) {
  int np = g->nplayers, c, d, out;
  switch (op) {
  case 0: return act_create(g, a, created);
  case 1:
    if ((c = live_card(g, a[0])) < 0) return ARB_OK;
    return arb_move(g, c, a[1] % (ARB_STACK + 1), a[2] & 1);
  case 2: return arb_draw(g, a[0] % np, &out);
  case 3: {
    int p = a[0] % np;
    arb_zone *h = &g->zones[arb_zone_id(g, p, ARB_HAND)];
    if (h->n == 0) return ARB_OK;
    return arb_discard(g, p, h->cards[a[1] % h->n]);
  }
  case 4:
    c = a[0] & 1 ? live_card(g, a[1]) : -1;
    if (a[2] & 1) return arb_damage(g, c, -1, a[3] % np, (int8_t)a[4], a[2] & 2);
    if ((d = live_card(g, a[3])) < 0) return ARB_OK;
    return arb_damage(g, c, d, -1, (int8_t)a[4], a[2] & 2);
  case 5:
    if ((c = live_card(g, a[0])) < 0) return ARB_OK;
    return arb_tap(g, c, a[1] & 1);
  case 6:
    if ((c = bf_creature(g, a[0])) < 0) return ARB_OK;
    return arb_declare_attack(g, c, a[1] % np);
  case 7:
    if ((c = bf_creature(g, a[0])) < 0 || (d = bf_creature(g, a[1])) < 0) return ARB_OK;
    return arb_declare_block(g, c, d);
  case 8: return act_solve_attack(s, g);
  case 9: return act_solve_block(s, g);
  case 10: return arb_end_combat(g);
  case 11: return arb_life_change(g, a[0] % np, (int16_t)(a[1] | a[2] << 8));
  case 12: return a[1] & 1 ? arb_win(g, a[0] % np) : arb_lose(g, a[0] % np);
  case 13: {
    int kind = a[0] % 3, type = a[1] % ARB_NEVTYPES, id, rc;
    int src = a[4] & 1 ? live_card(g, a[5]) : -1, ctl = a[4] & 2 ? a[6] % np : -1;
    if (g->effects.n >= 24) return ARB_OK;
    if ((rc = arb_effect_add(g, kind, type, a[2] | a[3] << 8, src, ctl, &id))) return rc;
    /* set in the same action, as the binding does: "while on the battlefield", a name */
    if (a[4] & 4) arb_effect_get(g, id)->until_leaves = 1;
    if (type == ARB_EV_NAMED) arb_effect_get(g, id)->name = event_name(g, a[4] >> 3);
    return ARB_OK;
  }
  case 14: return g->effects.n ? arb_effect_remove(g, a[0] % g->effects.n) : ARB_OK;
  case 15: return arb_settle(g);
  case 16: return arb_check_state(g);
  case 17: return arb_shuffle(g, a[0] % g->nzones);
  case 18:
    if ((c = live_card(g, a[0])) < 0) return ARB_OK;
    if (a[1] & 1) return arb_card_revoke(g, c, abil_pool[a[2] % 16], -1);
    return arb_card_grant(g, c, abil_pool[a[2] % 16], 0, 1);
  case 19:
    if ((c = live_card(g, a[0])) < 0) return ARB_OK;
    return arb_modify_pt(g, c, (int8_t)a[1] % 4, (int8_t)a[2] % 4);
  case 20: return arb_set_active(g, a[0] % np);
  case 21: {
    uint32_t r;
    return arb_random(g, 1 + a[0], &r);
  }
  case 22: return arb_begin_turn(g, a[0] % np);
  case 23: return arb_step(g, a[0] % ARB_NSTEPS);
  case 24: return arb_untap_all(g, a[0] % np);
  case 25: return arb_cleanup(g);
  case 26:
    if (a[1] & 1) {
      if (!g->effects.n) return ARB_OK;
      return arb_until(g, a[0] & 1, ARB_DUR_EFFECT, a[2] % g->effects.n, 0, 0, 0);
    }
    if ((c = live_card(g, a[2])) < 0) return ARB_OK;
    d = abil_pool[a[3] % 16];
    if ((out = arb_card_grant(g, c, d, 0, 1 + a[4] % 2))) return out;
    return arb_until(g, a[0] & 1, ARB_DUR_ABILITY, c, d, 0, 1 + a[4] % 2);
  case 27: return arb_end_durations(g, a[0] & 1);
  case 28: return arb_concede(g, a[0] % np);
  case 29: {                                          /* a replacement written in C */
    int id, src = a[4] & 1 ? live_card(g, a[5]) : -1;
    if (g->effects.n >= 24) return ARB_OK;
    return arb_replacement_add_c(g, a[0] % ARB_NEVTYPES, &c_repl, a[2] | a[3] << 8, src,
                                 a[4] & 2 ? a[1] % np : -1, &id);
  }
  case 30: {                                          /* a generic named event */
    arb_event ev;
    int happened, name = event_name(g, a[0]);
    if (name < 0) return ARB_ENOMEM;
    arb_event_init(&ev, ARB_EV_NAMED);
    ev.name = name;
    ev.player = a[1] % np;
    ev.amount = (int8_t)a[2];
    ev.card = a[3] & 1 ? live_card(g, a[4]) : -1;
    return arb_signal(g, &ev, &happened);
  }
  case 31: case 32: {                                 /* a spell or an ability on the stack */
    int32_t ts[2];
    int nt = a[2] % 3, k, c = live_card(g, a[0]), id;
    for (k = 0; k < nt; k++)
      ts[k] = a[3 + k] & 1 ? ARB_TARGET_PLAYER(a[3 + k] % np) : live_card(g, a[3 + k] >> 1);
    if (c < 0) return ARB_OK;
    if (op == 31) {
      arb_card *cc = arb_card_get(g, c);
      if (is_ability(cc) || arb_zone_get(g, cc->zone)->kind == ARB_STACK) return ARB_OK;
      return arb_spell_put(g, c, cc->owner, ts, nt, a[5] % 4);   /* cast by its owner, as g:cast */
    }
    if (g->cards.n >= MAXCARDS) return ARB_OK;
    return arb_ability_put(g, c, 1 + a[5] % 3, a[1] % np, ts, nt, a[5] >> 2 & 3, &id);
  }
  case 33: {
    int done, id = arb_stack_object(g, a[0] % (arb_stack_size(g) + 1));
    return id >= 0 ? arb_counter(g, id, &done) : ARB_OK;
  }
  case 34: return arb_mana_add(g, a[0] % np, a[1] % ARB_NMANA, (int8_t)a[2]);
  case 35: return arb_mana_empty(g);
  case 36: {
    int32_t need[ARB_NMANA];
    int k, paid;
    /* a source described as a choice of two kinds (a dual land, maybe basic land types') */
    arb_mana_choice ch;
    for (k = 0; k < ARB_NMANA; k++) need[k] = a[1 + k % 5] >> (k & 4) & 3;
    ch.card = live_card(g, a[6]);
    ch.code = (1 + a[7] % 6) | (a[7] & 8) | (1 + a[8] % 6) << 4 | (a[8] & 8) << 4;
    /* declared triggered mana abilities' mana on that source now and then: {R}, one of what it made */
    int32_t extra[2];
    extra[0] = ch.card;
    extra[1] = (a[9] >> 2 & 1) << 12 | (a[9] >> 3 & 1) << ARB_MX_PRODUCED;
    /* mana spent as another color now and then: a mask spread from one byte */
    return arb_mana_pay_simple(g, a[0] % np, need, a[9] & 1 ? (a[9] * 0x9E3779B1u) & 0x1FFFFFFu : 0, &ch,
                               ch.card >= 0, NULL, extra, a[9] & 2 ? 1 : 0, &paid);
  }
  case 37: {
    int32_t amounts[ARB_NMANA] = {0, 0, 0, 0, 0, 0};
    amounts[a[2] % ARB_NMANA] = 1 + a[3] % 3;
    return arb_mana_produce(g, a[0] % np, a[1] & 1 ? live_card(g, a[4]) : -1, a[1] & 2, amounts);
  }
  case 38: arb_set_asks(g, a[0] % np, a[1] & 1); return ARB_OK;
  case 39: return act_static(g, a);
  case 40:                                             /* a continuous effect ends */
    return arb_nstatics(g) ? arb_static_remove(g, a[0] % arb_nstatics(g)) : ARB_OK;
  case 41: {                                           /* counters on or off */
    static const char *const kinds[] = {"+1/+1", "-1/-1", "charge"};
    int k;
    if ((c = live_card(g, a[0])) < 0) return ARB_OK;
    k = arb_intern(g, kinds[a[1] % 3], strlen(kinds[a[1] % 3]));
    return k < 0 ? ARB_ENOMEM : arb_counter_add(g, c, k, (int8_t)a[2] % 4);
  }
  case 42: {                                           /* destroy, regenerate, attach */
    if ((c = live_card(g, a[1])) < 0 || card_at(g, c)->zone < 0 ||
        g->zones[card_at(g, c)->zone].kind != ARB_BATTLEFIELD) return ARB_OK;
    if (a[0] % 3 == 0) return arb_destroy(g, c, &out);
    if (a[0] % 3 == 1) return arb_regenerate(g, c, &out);
    if ((d = live_card(g, a[2])) < 0) return ARB_OK;
    out = arb_attach(g, c, d, a[3] & ARB_T_CREATURE);
    return out == ARB_EARG ? ARB_OK : out;             /* not on the battlefield: refused */
  }
  default: return ARB_OK;
  }
}

#define NACTS 43
#define NOPS (NACTS + 7)

static void check_all(state *s, int step) {
  int k;
  for (k = 0; k < s->ng; k++) check_zones(s->g[k], s->created[k], step);
  if (s->ng == 2 && digest(s->g[0]) != digest(s->g[1])) fail("twin diverged from its clone", step);
}

/* Every action runs inside a mark, like every API call: on error (or when
** the input says so) it rolls back, and the game must be exactly as before. */
static void run_action(state *s, int step, int op, const uint8_t *a, int undo) {
  int k, rcs[2] = {0, 0};
  for (k = 0; k < s->ng; k++) {
    arb_game *g = s->g[k];
    uint64_t before = digest(g);
    int created[8];
    size_t m = arb_mark(g);
    memcpy(created, s->created[k], sizeof created);
    rcs[k] = act(s, g, s->created[k], op, a);
    if (s->trace) fprintf(stderr, "  game %d rc %d\n", k, rcs[k]);
    if (rcs[k] || undo) {
      arb_rollback(g, m);
      memcpy(s->created[k], created, sizeof created);
      if (digest(g) != before) fail(rcs[k] ? "failed action not undone" : "rollback", step);
    } else {
      arb_commit(g);
    }
  }
  if (s->ng == 2 && rcs[0] != rcs[1]) fail("twin returned another status", step);
}

static void take_mark(state *s) {
  int k;
  if (s->nmarks >= MAXMARKS) return;
  for (k = 0; k < s->ng; k++) s->mark[s->nmarks][k] = arb_mark(s->g[k]);
  s->snap[s->nmarks] = digest(s->g[0]);
  memcpy(s->snap_created[s->nmarks], s->created[0], sizeof s->created[0]);
  s->nmarks++;
}

static void close_mark(state *s, int rollback, int step) {
  int k;
  if (s->nmarks == 0) return;
  s->nmarks--;
  for (k = 0; k < s->ng; k++) {
    if (!rollback) { arb_commit(s->g[k]); continue; }
    arb_rollback(s->g[k], s->mark[s->nmarks][k]);
    memcpy(s->created[k], s->snap_created[s->nmarks], sizeof s->created[k]);
    if (digest(s->g[k]) != s->snap[s->nmarks]) fail("rollback to a mark", step);
  }
}

/* Clones the game; the clone becomes the twin (marks are not cloned, so the
** twin exists only while no mark is open). */
static void make_twin(state *s, int step) {
  arb_game *c;
  if (s->nmarks > 0) return;
  if (s->ng == 2) { arb_game_free(s->g[1]); s->ng = 1; }
  c = arb_game_clone(s->g[0]);
  if (!c) fail("clone failed", step);
  if (arb_state_hash(c, 1) != arb_state_hash(s->g[0], 1)) fail("clone hash", step);
  if (digest(c) != digest(s->g[0])) fail("clone digest", step);
  s->g[1] = c;
  memcpy(s->created[1], s->created[0], sizeof s->created[0]);
  s->ng = 2;
}

static arb_game *new_game(input *in, state *s) {
  int sizes[4], nteams, t, life;
  arb_game *g;
  arb_hooks h;
  int shape = u8(in);
  nteams = 2 + shape % 3;
  for (t = 0; t < nteams; t++) sizes[t] = (shape >> (2 + t)) & 1 && nteams == 2 ? 2 : 1;
  life = 1 + u8(in) % 30;
  g = arb_game_new(falloc, NULL, (uint64_t)u16(in), sizes, nteams, life);
  if (!g) fail("game_new", 0);
  memset(&h, 0, sizeof h);
  h.ud = &s->observed;
  h.applies = h_applies; h.replace = h_replace; h.choose_replacement = h_choose;
  h.observe = h_observe; h.condition = h_condition; h.resolve = h_resolve;
  h.priority = h_priority;
  arb_set_hooks(g, &h);
  arb_limits_of(g)->replacement_depth = 1 + u8(in) % 16;
  arb_limits_of(g)->settle_rounds = 1 + u8(in) % 64;
  return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  input in;
  state s;
  int step, k;
  in.p = data; in.n = size; in.i = 0;
  memset(&s, 0, sizeof s);
  s.solver = arb_solver_new(falloc, NULL);
  s.trace = getenv("ARB_FUZZ_TRACE") != NULL;
  s.g[0] = new_game(&in, &s);
  s.ng = 1;
  for (step = 1; step <= MAXSTEPS && in.i < in.n; step++) {
    int b = u8(&in), op = (b & 0x3f) % NOPS, i;
    size_t at = in.i;
    uint8_t a[10];
    for (i = 0; i < 10; i++) a[i] = (uint8_t)u8(&in);
    in.i = at + (op < NACTS ? 6 : 0);   /* the rest may overlap the next step */
    if (in.i > in.n) in.i = in.n;
    if (s.trace) fprintf(stderr, "step %d op %d args %d %d %d %d %d %d undo %d marks %d twin %d\n",
                         step, op, a[0], a[1], a[2], a[3], a[4], a[5], (b & 0xc0) == 0xc0,
                         s.nmarks, s.ng == 2);
    if (op < NACTS) run_action(&s, step, op, a, (b & 0xc0) == 0xc0);
    else if (op < NACTS + 3) take_mark(&s);
    else if (op < NACTS + 5) close_mark(&s, 1, step);
    else if (op < NACTS + 6) close_mark(&s, 0, step);
    else if (op < NACTS + 7) make_twin(&s, step);
    check_all(&s, step);
  }
  while (s.nmarks > 0) close_mark(&s, 1, step);
  check_all(&s, step);
  for (k = 0; k < s.ng; k++) arb_game_free(s.g[k]);
  arb_solver_free(s.solver);
  return 0;
}
