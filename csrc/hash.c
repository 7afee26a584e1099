/*
** hash.c — a state hash from C state only (FNV-1a, 64 bit), so equal games
** hash equal across processes. It covers players, life, zones in order,
** every card in a zone with its changeable state, the RNG, the result, the
** no_mana_burn house rule;
** with_pending adds what waits to trigger or resolve (loop detection, 421).
** History is left out: it only grows, and a loop must be able to repeat.
** Loop detection (infinity.c) only compares hashes made within one settle:
** its own (arb_loop_hash) mix a word at a time, ~8x cheaper, and make the
** board and the stack's hashes in one walk.
*/
#include "game.h"

typedef struct { uint64_t h; int fast; } fnv;   /* fast: a word a step (loop hashes) */

#define FNV_BASIS 14695981039346656037ULL

static void mix(fnv *f, int64_t v) {
  int i;
  if (f->fast) {     /* each step a bijection of h and of v: one changed word changes h */
    f->h = (f->h ^ (uint64_t)v) * 0x9e3779b97f4a7c15ULL;
    f->h ^= f->h >> 29;
    return;
  }
  for (i = 0; i < 8; i++) {
    f->h ^= (uint64_t)((v >> (i * 8)) & 0xff);
    f->h *= 1099511628211ULL;
  }
}

/* An interned string by its text: interned ids depend on what was looked up
** before, and a call undone by 422 keeps the strings it interned, so two
** equal games can number the same name differently. */
static void mix_str(fnv *f, const arb_game *g, int id) {
  const char *s;
  if (id < 0) { mix(f, id); return; }
  for (s = arb_str(g, id); *s; s++) mix(f, *s);
  mix(f, 0);
}

/* An ability's parameter: a landwalk's is an interned subtype, the others numbers. */
static void mix_ability(fnv *f, const arb_game *g, int kind, int param, int count) {
  mix(f, kind);
  if (kind == ARB_AB_LANDWALK || kind == ARB_AB_SNOW_LANDWALK) mix_str(f, g, param);
  else mix(f, param);
  mix(f, count);
}

static void mix_event(fnv *f, const arb_game *g, const arb_event *ev) {
  mix(f, ev->type); mix(f, ev->player); mix(f, ev->card); mix(f, ev->from);
  mix(f, ev->to); mix(f, ev->amount); mix(f, ev->source);
  mix(f, ev->target_card); mix(f, ev->target_player); mix_str(f, g, ev->name);
}

/* A stack object's own state: its kind, X and targets (an activated ability
** also its source and index; a spell also where it came from). */
static void mix_object(fnv *f, const arb_game *g, const arb_card *c) {
  const arb_object *o = arb_object_get(g, c);
  int i;
  mix(f, c->objkind); mix(f, o->xval); mix(f, o->ntargets); mix(f, c->controller);
  for (i = 0; i < o->ntargets; i++)   /* a target that changed zones since: gone (217.1c) */
    mix(f, arb_target_current(g, c->id, i) ? arb_object_target(g, o, i) : ARB_NOTARGET);
  if (c->objkind == ARB_OBJ_ACTIVATED) { mix(f, o->src); mix(f, o->abil_index); }
  if (c->objkind == ARB_OBJ_SPELL) mix(f, o->origin);
  if (o->mode) mix(f, o->mode);     /* a modal spell's mode (none: hashes as before) */
  for (i = 0; i < 6; i++)           /* the mana spent on X (none: hashes as before) */
    if (o->xmana[i]) { mix(f, i); mix(f, o->xmana[i]); }
}

static void mix_card(fnv *f, const arb_game *g, const arb_card *c, int visible) {
  int i;
  if (c->types & ARB_T_ABILITY) {  /* ids of ability objects are fresh each time */
    if (c->objkind == ARB_OBJ_TRIGGERED) {
      mix(f, arb_object_get(g, c)->trigger);
      mix_event(f, g, arb_history_get(g, arb_object_get(g, c)->trigger_ev));
    }
    mix_object(f, g, c);
    return;
  }
  if (c->zone >= 0 && g->zones[c->zone].kind == ARB_STACK) mix_object(f, g, c);
  mix(f, c->id); mix(f, c->tapped); mix(f, c->damage);
  if (c->facedown) mix(f, 0x66640000 + c->id);   /* 504 (games without face-down cards hash as before) */
  mix(f, c->bpower); mix(f, c->btoughness); mix(f, c->bcontroller); mix(f, c->attached_to);
  mix(f, c->enchant_grave);
  if (c->enchant_sub) mix(f, c->enchant_sub);   /* (0: as before, every recorded hash kept) */
  mix(f, c->attacking); mix(f, c->band); mix(f, c->blocking); mix(f, c->blocked); mix(f, c->sick);
  if (c->token) mix(f, 0x7000 + c->token);
  for (i = 0; i < c->nbabil; i++) {  /* base values: the current ones follow from them */
    const arb_ability *a = &arb_card_babil(g, c)[i];
    if (a->count) mix_ability(f, g, a->kind, a->param, a->count);
  }
  if (!visible) return;               /* without the effects: the current values themselves */
  mix(f, c->power); mix(f, c->toughness); mix(f, c->controller); mix(f, c->types);
  for (i = 0; i < c->nsub; i++) mix_str(f, g, c->subtypes[i]);
  for (i = 0; i < c->nabil; i++)
    if (c->abil[i].count) mix_ability(f, g, c->abil[i].kind, c->abil[i].param, c->abil[i].count);
}

/* Active continuous effects by what they do (not by id or timestamp: a loop
** that makes the same effect again repeats the same state), and counters. */
static void mix_effects(fnv *f, const arb_game *g) {
  int i, k;
  for (i = 0; i < g->statics.n; i++) {
    const arb_static *st = &ARB_VEC(g->statics, arb_static)[i];
    if (!st->active) continue;
    mix(f, st->source); mix(f, st->controller); mix(f, st->power); mix(f, st->toughness);
    mix(f, st->set_power); mix(f, st->set_toughness); mix(f, st->max_hand);
    mix(f, st->prohibit); mix(f, st->types); mix(f, st->switch_pt); mix(f, st->affects);
    mix(f, st->subset);
    mix(f, st->copy); mix(f, st->copy_colors); mix(f, st->copy_types); mix(f, st->copy_add);
    if (st->except) { mix(f, st->except); mix(f, st->except_ts); }   /* (absent: hashes as before) */
    if (st->nwords) for (k = 0; k < ARB_NWORDS; k++) mix(f, st->words[k]);
    if (st->static_ability) mix(f, 1);
    {   /* colors set, abilities all removed, ends as its source leaves, affects players, P/T
        ** its functions or declared counts compute (what they count follows from the source, as a
        ** function's does): one word, tagged past the int32 values (none: as before) */
      int64_t w = st->colors | st->remove_all << 8 | st->until_leaves << 9 | st->players << 10 |
                  (st->fnpt | st->cntpt) << 12;
      if (w) mix(f, (int64_t)1 << 40 | w);
    }
    if (st->copy_gain) mix(f, st->copy_gain);   /* (recorded hashes without one unchanged) */
    if (st->filter) {          /* a declared filter: which cards it will affect (without: as before) */
      mix(f, st->filter); mix(f, st->f_types); mix(f, st->f_supers); mix(f, st->f_colors);
      mix(f, st->f_word); mix_str(f, g, st->f_sub);
    }
    for (k = 0; k < st->nabil + st->nsubs + st->nrem; k++) {   /* added, subtypes, removed */
      const arb_ability *a = &static_abil_of(g, st)[k];
      if (k >= st->nabil && k < st->nabil + st->nsubs) { mix_str(f, g, a->param); mix(f, a->count); }
      else mix_ability(f, g, a->kind, a->param, a->count);
    }
    for (k = 0; k < 2 * st->nset; k += 2) mix(f, static_set_of(g, st)[k]);
  }
  for (i = 0; i < g->counters.n; i++) {
    const arb_counter_rec *c = &ARB_VEC(g->counters, arb_counter_rec)[i];
    if (c->n) {   /* the kind by its name: interned ids depend on what was looked up before */
      const char *k = arb_str(g, c->kind);
      mix(f, c->card); mix(f, c->n);
      while (*k) mix(f, *k++);
    }
  }
}

/* One stack object as the state hash sees it (visible characteristics): two
** activations of the same ability with the same targets hash the same. */
uint64_t arb_object_hash(const arb_game *g, int card) {
  fnv f = {FNV_BASIS, 0};
  mix_card(&f, g, &ARB_VEC(g->cards, arb_card)[card], 1);
  return f.h;
}

static void mix_zone(fnv *f, const arb_game *g, int i, int visible) {
  const arb_zone *z = &g->zones[i];
  int k;
  mix(f, -1 - i); mix(f, z->n);
  for (k = 0; k < z->n; k++) mix_card(f, g, &ARB_VEC(g->cards, arb_card)[z->cards[k]], visible);
}

/* stack: where the stack zone is hashed when ARB_HASH_BOARD leaves it out (NULL: nowhere) */
static uint64_t state_hash(const arb_game *g, int with_pending, int fast, uint64_t *stack) {
  fnv f = {FNV_BASIS, 0};
  int i, k;
  f.fast = fast;
  mix(&f, g->nplayers); mix(&f, g->active); mix(&f, g->turn); mix(&f, g->step);
  mix(&f, g->over); mix(&f, g->draw); mix(&f, g->winner);
  mix(&f, (int64_t)g->rng);
  if (g->no_mana_burn) mix(&f, 0x6e6d62);
  if (g->ante) mix(&f, 0x616e7465);             /* playing for ante (likewise) */     /* the house rule (games without it hash as before) */
  for (i = 0; i < g->nteams; i++) mix(&f, g->teams[i].life);
  for (i = 0; i < g->nplayers; i++) {
    /* left (600.4) in the same word as lost: a game where no one left hashes as before */
    mix(&f, g->players[i].lost | (g->players[i].left << 1)); mix(&f, g->players[i].drew_empty);
    mix(&f, g->players[i].lands_played);
    if (g->players[i].acts_until) mix(&f, g->players[i].acts_until);   /* games without it hash as before */
    mix(&f, g->players[i].lands_untapped_start);
    for (k = 0; k < ARB_NMANA; k++) mix(&f, g->players[i].mana[k]);
  }
  if (!(with_pending & ARB_HASH_BOARD)) mix(&f, g->priority);
  for (i = 0; i < g->nzones; i++) {
    const arb_zone *z = &g->zones[i];
    if ((with_pending & ARB_HASH_BOARD) && z->kind == ARB_STACK) {
      fnv sf = {FNV_BASIS, 0};
      sf.fast = fast;
      if (stack) { mix_zone(&sf, g, i, with_pending & ARB_HASH_VISIBLE); *stack = sf.h; }
      continue;
    }
    if (z->kind == ARB_NOWHERE && z->n == 0) continue;   /* games without tokens hash as before */
    mix_zone(&f, g, i, with_pending & ARB_HASH_VISIBLE);
  }
  for (i = 0; i < g->blocks.n; i++) mix(&f, ARB_VEC(g->blocks, int32_t)[i]);
  if (!(with_pending & ARB_HASH_VISIBLE)) mix_effects(&f, g);
  for (i = 0; !(with_pending & ARB_HASH_VISIBLE) && i < g->durations.n; i++) {
    const arb_duration *d = &ARB_VEC(g->durations, arb_duration)[i];
    if (!d->active) continue;
    mix(&f, d->kind); mix(&f, d->until); mix(&f, d->a); mix(&f, d->b);
    mix(&f, d->c); mix(&f, d->n);
  }
  if (with_pending & 1) mix(&f, g->choices);   /* a choice breaks a mandatory loop */
  if (with_pending & 1)
    for (i = 0; i < g->waiting.n; i++) {
      const arb_waiting *w = &ARB_VEC(g->waiting, arb_waiting)[i];
      mix(&f, w->effect);
      mix(&f, w->controller);
      mix_event(&f, g, arb_history_get(g, w->event));
    }
  return f.h;
}

uint64_t arb_state_hash(const arb_game *g, int with_pending) {
  return state_hash(g, with_pending, 0, NULL);
}

/* The board (ARB_HASH_VISIBLE | ARB_HASH_BOARD) and *stack, the stack zone's
** part, in one walk, a word a step: only ever compared with each other. */
uint64_t arb_loop_hash(const arb_game *g, uint64_t *stack) {
  *stack = 0;
  return state_hash(g, ARB_HASH_VISIBLE | ARB_HASH_BOARD, 1, stack);
}
