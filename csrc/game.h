/*
** game.h — the game struct, shared by the core's .c files only.
** Everything a game owns hangs off this struct; arb_game_clone copies it.
*/
#ifndef ARB_GAME_H
#define ARB_GAME_H

#include <string.h>
#include "arbiter.h"
#include "journal.h"

/* A triggered ability waiting to go on the stack: its effect, the event, its
** controller, fixed as it triggered (stack.c, trigger_controller in event.c), and its
** source's ts as it triggered (-1: no source card): a later ts is a new object (217.1c),
** the stack object's source_moved. */
typedef struct arb_waiting { int32_t effect, event, controller, src_ts; } arb_waiting;

/* A growable array of fixed-size elements, allocated through the game. */
typedef struct arb_vec { void *p; int32_t n, cap; } arb_vec;

struct arb_game {
  arb_alloc_fn alloc;
  void *alloc_ud;
  size_t bytes;                 /* live bytes allocated through alloc */
  size_t own;                   /* the bytes of the game's own block (sizeof *g, or a clone's
                                   whole block: its arrays follow the struct in it) */
  char *block;                  /* a clone's arrays' part of that block, block_size bytes: a part
                                   is never freed alone (arb_mem); NULL for a new game */
  size_t block_size;
  arb_hooks hooks;
  arb_limits limits;
  uint64_t rng;                 /* PCG32 state; the increment is fixed */
  int32_t active, turn, nplayers, nteams;
  int32_t over, draw, winner;   /* the result */
  int32_t marks;                /* open journal marks (nested calls) */
  int32_t suspended;            /* arb_suspend: inner rollbacks keep their changes */
  int32_t repl_depth;
  int32_t choices;              /* real choices made so far (421.4 vs 421.5) */
  int32_t hostlog;              /* host-side setting changes counted (settings.c) */
  int32_t step;                 /* ARB_STEP_*, or ARB_STEP_NONE */
  int32_t priority;             /* the player holding priority, or -1 */
  int32_t serial;               /* stack objects put so far (their serials) */
  int32_t no_mana_burn;         /* house rule: mana burn is off */
  int32_t ante;                 /* house rule: played for ante (the winner owns the ante) */
  int32_t attack_dir, range;    /* 604 ARB_ATTACK_*; 601: nonzero when a range of influence is limited (each player's own: arb_player.range): influence.c */
  int32_t nasks;                /* players whose agents answer priority */
  int32_t resolving;            /* the triggered ability resolving now (its card), or -1 */
  uint64_t gen;                 /* bumped by every journaled change and rollback:
                                   the combat solver's cache keys on it */
  arb_player *players;
  arb_team *teams;
  arb_vec cards;                /* arb_card */
  arb_vec babil;                /* arb_ability: the cards' base abilities (card->babil) */
  arb_vec objs;                 /* arb_object: stack object records (card->obj) */
  arb_vec xtargets;             /* int32_t, append only (arb_side_append): stack objects' targets
                                   beyond ARB_INTARGETS, mixed mana events' amounts */
  arb_zone *zones;              /* nplayers * ARB_PZONES + the shared ones */
  int32_t nzones;
  arb_vec strings;              /* char * */
  int32_t *strhash;             /* an index of strings (game.c arb_intern: open addressing, the index + 1,
                                   0 empty), made once a game has interned many; not in a clone's block */
  int32_t strhash_cap, strhash_n, strhash_scans;   /* its room, the strings it holds (the first n),
                                   arb_intern's scans without it */
  int32_t aura_str, aura_scan;  /* "Aura"'s index + 1 (0: not interned when strings.n was aura_scan;
                                   strings are never removed, so a found index stays valid) */
  int32_t mana_str;             /* "mana"'s index + 1 once interned (mana.c: every mana event) */
  int32_t zoneact;              /* a card with abilities that work from a graveyard or hand was
                                   made (arb_card.nzoneact): arb_could_act looks at graveyards */
  int32_t equip_str, equip_scan; /* the same for "Equipment" */
  int32_t word_str[ARB_NWORDS], word_scan[ARB_NWORDS];   /* the same for each word's name (text.c):
                                   a filter on a land word asks for every permanent (static.c) */
  arb_vec effects;              /* arb_effect */
  int32_t neffects_of[3][ARB_NEVTYPES]; /* active effects by kind and type */
  int32_t fx_first[ARB_NEVTYPES], fx_last[ARB_NEVTYPES];   /* each event type's first and last
                                   effect by id (+ 1; 0 none): its chain (arb_effect.next_same) */
  int32_t nhost;                /* active effects that may call the host: all but
                                   built-in triggers (arb_host_free) */
  int32_t npred;                /* of those, the statics whose affects predicate is host code */
  int32_t npred_enchant;        /* of those, the ones that say what can't be enchanted (ARB_PRO_ENCHANT):
                                   the only host code a state-based check asks (attach.c) */
  arb_vec history;              /* arb_event */
  int32_t history_start;        /* the history's first capacity (ARB_HISTORY_START;
                                   core._history_start lowers it for specs) */
  arb_vec waiting;              /* arb_waiting */
  arb_vec journal;              /* arb_jentry */
  arb_vec applied;              /* int32_t: replacements applied (614.5) */
  arb_vec scratch;              /* int32_t: candidate lists, stack-like */
  arb_vec blocks;               /* int32_t pairs: blocker, attacker (declared) */
  arb_vec durations;            /* arb_duration: until end of turn / combat */
  /* continuous effects (static.c, characteristics.c) */
  arb_vec statics;              /* arb_static */
  arb_vec static_abil;          /* arb_ability: abilities added / removed by statics */
  arb_vec static_set;           /* int32_t pairs: fixed affected sets */
  arb_vec counters;             /* arb_counter_rec */
  arb_vec lki, lki_data;        /* arb_lki, int32_t: last-known information (snapshot.c) */
  arb_vec layer;                /* uint8_t: who each effect affects, while computing */
  arb_vec depsnap;              /* uint8_t: the dependency test's copy of every card (characteristics.c),
                                   kept between computations: not a new block for each (issue 27) */
  int32_t ts;                   /* the last timestamp given */
  int32_t computing;            /* the layers are being applied (reads see them as they are) */
  int32_t npro_draw;            /* active "can't draw" effects (the draw fast path checks) */
  int32_t nstatic;              /* active statics */
  arb_vec named;                /* int32_t: the cards the last computation reset and marked
                                   (characteristics.c: c->named set), reset first by the next */
  uint64_t cgen, chars_at;      /* characteristics: changes so far, and when last computed */
  uint64_t chars_epoch;         /* writes to the cache: computations and resets (arb_chars_reset) */
  uint64_t one_at;              /* journal.c: the cgen its last counted change made ... */
  int32_t chars_one;            /* ... and the one card every change since chars_at was of, + 1 (0:
                                   another change; valid while one_at == cgen: characteristics.c) */
  uint64_t could_gen, could_epoch;  /* arb_could_act's answers (spell.c) were found at this gen and
                                   chars_epoch: while both are the same nothing they read changed */
  uint64_t watched_cgen, watched_epoch;  /* arb_control_watch found every permanent's controller
                                   seen at this cgen and chars_epoch (~0: not yet) */
  uint64_t could_known, could_yes;  /* ... for the players of these bits (players 0-63), and which
                                   of them could act */
  uint64_t mark_fresh[8];       /* per open mark (by depth): chars_epoch + 1 if the cache was fresh
                                   as it opened, else 0 (journal.c arb_rollback) */
  size_t mark_len[8];           /* ... and the journal's length then */
  uint64_t sgen, checked;       /* state-based checks: changes so far that a check with no host
                                   code reads (journal.c), and the sgen at which the last full
                                   check changed nothing (actions.c); ~0: none */
  int32_t ntokens;              /* tokens made so far (216): the state-based check looks for
                                   tokens outside the battlefield only once there are some */
  int32_t full_checks;          /* 1: every state-based check runs in full (core._full_checks) */
  int32_t full_chars;           /* 1: every computation of the characteristics is full (core._full_chars) */
  int32_t state_trig;           /* 1: it has state triggers (hooks.state is asked by settles) */
  int32_t deps;                 /* ARB_DEP_*: what the last computation's predicates read */
  int32_t abil_full;            /* the card a computation failed on with ARB_EABIL (a diagnostic) */
  int32_t left_card1, left_ctl; /* while a card leaving the battlefield is notified (arb_move):
                                   its id + 1 (0: none) and its controller there, for the
                                   triggers it is the source of (410: last known) */
};

typedef struct arb_counter_rec { int32_t card, kind, n; } arb_counter_rec;

/* A static's fixed set ((id, ts) pairs) and its abilities; NULL when empty
** (no pointer arithmetic on an array never allocated). */
static inline const int32_t *static_set_of(const arb_game *g, const arb_static *st) {
  return st->nset ? (const int32_t *)g->static_set.p + st->set : NULL;
}
static inline const arb_ability *static_abil_of(const arb_game *g, const arb_static *st) {
  return st->nabil + st->nsubs + st->nrem ? (const arb_ability *)g->static_abil.p + st->abil : NULL;
}

/* A card's current characteristics back to its base ones (inlined: the layers
** reset every affected card before applying effects; a card leaving the
** battlefield gets its base ones back, zone.c). */
static inline void arb_chars_reset(arb_game *g, arb_card *c) {
  g->chars_epoch++;                    /* the cache no longer holds the last computation alone */
  c->tapread = 0;
  c->controller = c->bcontroller;
  c->name = c->bname;
  c->printed = c->id;
  c->copy_st = 0;
  memset(c->text, 0, sizeof c->text);   /* its printed text (text.c) */
  if (c->facedown) {                   /* 504.1: its base characteristics are the face-down 2/2's */
    c->power = c->toughness = 2;
    c->types = ARB_T_CREATURE;
    c->supertypes = c->colors = 0;
    c->nabil = 0;
    return;
  }
  c->power = c->bpower;
  c->toughness = c->btoughness;
  c->types = c->btypes;
  c->supertypes = c->bsupertypes;
  c->colors = c->bcolors;
  c->nabil = c->nbabil;
  c->nsub = c->nbsub;
  if (c->nbsub) memcpy(c->subtypes, c->bsubtypes, sizeof c->subtypes);
  c->mprod = c->bmana & 63;
  c->mcomplex = c->bmana >> 6;
  c->xact = 0;
  if (c->nbabil) memcpy(c->abil, arb_card_babil(g, c), sizeof(arb_ability) * c->nbabil);
}

/* The card whose printed values c has now: c, or the one a copy effect copies (503). */
static inline const arb_card *arb_printed(const arb_game *g, const arb_card *c) {
  return c->printed == c->id ? c : &((const arb_card *)g->cards.p)[c->printed];
}

void *arb_mem(arb_game *g, void *p, size_t osize, size_t nsize);
/* arb_card_get for the core's own loops (inlined: the hottest lookup there is) */
static inline arb_card *card_at(arb_game *g, int id) {
  return id >= 0 && id < g->cards.n ? &((arb_card *)g->cards.p)[id] : NULL;
}
int arb_vec_grow(arb_game *g, arb_vec *v, size_t esize, int32_t need);
/* Room for need elements; the test inlined: most calls find room already. */
static inline int arb_vec_reserve(arb_game *g, arb_vec *v, size_t esize, int32_t need) {
  return need <= v->cap ? ARB_OK : arb_vec_grow(g, v, esize, need);
}
void arb_effect_count(arb_game *g, const arb_effect *fx, int d);   /* on: 1, off: -1 */
void arb_effect_unchain_last(arb_game *g);   /* the last effect leaves its type's chain (its undo) */
int arb_find_str_cached(const arb_game *g, int32_t *str, int32_t *scan, const char *name);   /* game.c */
int arb_static_judge_row(arb_game *g, const arb_static *st, const arb_zone *bf, uint8_t *row,
                         uint8_t unknown, uint8_t yes, uint8_t no);   /* static.c: for the layers */
int arb_counters_clear(arb_game *g, int card);                    /* counters.c: a card leaving its zone */
int arb_counters_on(const arb_game *g, int card);                 /* counters.c: it has any */
int arb_lki_take(arb_game *g, int card);        /* snapshot.c: a card leaving the battlefield */
void arb_lki_undo(arb_game *g, int32_t data);
void arb_vec_free(arb_game *g, arb_vec *v, size_t esize);
#define ARB_VEC(v, T) ((T *)(v).p)
/* The core's one error-propagation step: a status other than ARB_OK returns
** at once (the caller's mark rolls everything back: 422). */
/* The one way a card goes into and out of a zone's sequence (zone.c): at pos, room reserved, no
** journal entry (the caller's undoes it: arb_zone_insert's, arb_card_new's, and their undos). */
void arb_zone_put(arb_game *g, int zone, int pos, int card);
void arb_zone_unput(arb_game *g, int zone, int pos);
#define TRY(x) do { int rc_ = (x); if (rc_) return rc_; } while (0)
/* A rare path kept out of a hot function's line: inlined, it made the function save and
** restore the registers it needs on every call (journal.c, event.c; issue 28). */
#if defined(__GNUC__) || defined(__clang__)
#define ARB_NOINLINE __attribute__((noinline))
#else
#define ARB_NOINLINE
#endif

#endif
