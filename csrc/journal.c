/*
** journal.c — record-and-undo for every state change.
** arb_mark returns the journal's length; arb_rollback(g, m) undoes every
** entry after m, newest first, in O(entries). When no mark is open the
** journal is forgotten (arb_commit) so it doesn't grow across a game.
*/
#include <stddef.h>
#include <string.h>
#include "game.h"

/* What a card's characteristics (and the affects predicates of continuous
** effects) may depend on: not the history, the RNG, waiting triggers, the
** durations' list (an ended duration's effect counts itself), mana pools and
** draw counts (J_PLAYER32: player effects are asked when they matter, not
** cached), nor the game's step, priority and bookkeeping: of the game's own
** fields, only whose turn it is, and unless host code read them not that, nor
** players' and teams' fields (lost, life, lands played). A card's tapped state,
** damage, sickness and combat state count when host code (a predicate, a P/T
** value) read one of them (g->deps). What is outside the battlefield's cards counts only
** when the last computation's host code read it (ARB_DEP_WORLD: a player, another zone, a card
** elsewhere, the stack, any game method but g:permanents), as if there were none (arb_world). */
static int card_dep(int32_t b) {
  if (b == (int32_t)offsetof(arb_card, tapped)) return ARB_DEP_TAPPED;
  if (b == (int32_t)offsetof(arb_card, damage)) return ARB_DEP_DAMAGE;
  if (b == (int32_t)offsetof(arb_card, sick) || b == (int32_t)offsetof(arb_card, ctl_seen))
    return ARB_DEP_SICK;
  if (b == (int32_t)offsetof(arb_card, attacking) || b == (int32_t)offsetof(arb_card, blocking) ||
      b == (int32_t)offsetof(arb_card, blocked) || b == (int32_t)offsetof(arb_card, dealt_first))
    return ARB_DEP_COMBAT;
  return 0;
}

/* Unless the last computation's host code read outside the battlefield (only host code read
** while computing sets ARB_DEP_WORLD: a predicate's, or a P/T value's — a star/star card's,
** 418.5, or a static's — which runs with no host effect at all, g->nhost == 0), nothing reads
** what is outside the battlefield but a fixed set, and a fixed set names cards the last
** computation marked (c->named; a new set is a change itself): a card neither
** on the battlefield nor marked, and a zone other than the battlefield, change
** no characteristics. (A card enters and leaves the battlefield by the
** battlefield's own insert and remove.) */
int arb_world(const arb_game *g) { return (g->deps & ARB_DEP_WORLD) != 0; }

static int seen_outside(const arb_game *g, int kind, int32_t a) {
  int bf = g->nplayers * ARB_PZONES;                /* arb_zone_id(g, -1, ARB_BATTLEFIELD) */
  const arb_card *c;
  if (arb_world(g)) return 1;
  if (kind == J_ZONE_INSERT || kind == J_ZONE_REMOVE || kind == J_ZONE_SWAP || kind == J_SHUFFLE)
    return a == bf;
  c = &ARB_VEC(g->cards, arb_card)[a];
  return c->zone == bf || c->named;
}

/* What a state-based check reads besides the characteristics' inputs, when no
** host code can be asked (g->nhost == 0: no predicate, so what a check reads
** is its own C reads): damage and the control last seen, players' and teams'
** fields (lost, life), and the game's fields but its step, priority, turn and
** active player, timestamps and bookkeeping serials and counts.
** Not read by a check: the history, RNG, waiting triggers, durations (an ended
** duration's effect counts itself), mana pools and draw counts, tapped and
** combat states (actions.c, attach.c, characteristics.c). Whose turn it is
** and the choices counted (421.4 vs 421.5) are read only by a check that acts
** (the events it makes, the limit's outcome); a card's sickness is written by
** one (212.3d: a control change makes it sick, arb_control_watch), which acts
** on the controller and the control last seen alone: none of them can make a
** check that found nothing find something (issue 28: the begin of each turn and
** each choice made a check run in full). */
static int game_checked(int32_t b) {
  return b != (int32_t)offsetof(arb_game, step) && b != (int32_t)offsetof(arb_game, priority) &&
         b != (int32_t)offsetof(arb_game, ts) && b != (int32_t)offsetof(arb_game, serial) &&
         b != (int32_t)offsetof(arb_game, hostlog) && b != (int32_t)offsetof(arb_game, choices) &&
         b != (int32_t)offsetof(arb_game, active) && b != (int32_t)offsetof(arb_game, turn);
}

/* What a change may change: CHARS (the characteristics: g->cgen) and CHECKS
** (what a state-based check reads: g->sgen); whatever changes the first
** changes the second. */
enum { CHECKS = 1, CHARS = 3 };

/* (inlined into the push, whose one call it is: a call of its own was ~5 instructions a push) */
#if defined(__GNUC__) || defined(__clang__)
#define ARB_ALWAYS_INLINE __attribute__((always_inline))
#else
#define ARB_ALWAYS_INLINE
#endif

ARB_ALWAYS_INLINE static inline int what_changes(const arb_game *g, int kind, int32_t a, int32_t b) {
  int dep;
  switch (kind) {
  case J_HISTORY:                         /* an event logged: read only by a predicate that read it */
    return g->deps & ARB_DEP_HISTORY ? CHARS : 0;
  case J_RNG: case J_WAIT_PUSH: case J_WAIT_POP: case J_DUR_PUSH: case J_DUR_END:
  case J_PLAYER32: case J_LKI_PUSH:      /* a departure's record: logged with its event */
    return 0;
  case J_GAME32:   /* whose turn it is; unless host code read it, nothing does, nor players' fields */
    if (arb_world(g) && (b == (int32_t)offsetof(arb_game, active) || b == (int32_t)offsetof(arb_game, turn)))
      return CHARS;
    return game_checked(b) ? CHECKS : 0;
  case J_PLAYER8: case J_TEAM32:          /* lost, an empty library's draw; life */
    return arb_world(g) ? CHARS : CHECKS;
  case J_CARD32: case J_CARD8:
    if (b == (int32_t)offsetof(arb_card, facedown)) return CHARS;   /* 504: a face-down spell too */
    dep = card_dep(b);
    if (!dep) return seen_outside(g, kind, a) ? CHARS : 0;
    if (g->deps & dep)   /* a tapped state a filter alone read: the cards it judged by it */
      return dep != ARB_DEP_TAPPED || (g->deps & ARB_DEP_TAPPED_HOST) || ARB_VEC(g->cards, arb_card)[a].tapread
             ? CHARS : 0;
    if (b == (int32_t)offsetof(arb_card, sick)) return 0;   /* a check reads the control last seen */
    return dep == ARB_DEP_DAMAGE || dep == ARB_DEP_SICK ? CHECKS : 0;
  case J_ZONE_INSERT: case J_ZONE_REMOVE: case J_ZONE_SWAP: case J_SHUFFLE:
    return seen_outside(g, kind, a) ? CHARS : 0;
  case J_DRAW:   /* as its six: the library's and hand's, the card's zone and ts (card a), not the
                    game's ts or the player's draw count */
    return seen_outside(g, J_CARD32, a) ? CHARS : 0;
  case J_OBJ32: case J_OBJ8: case J_OBJ_NEW: case J_XTARGET_PUSH:
    return arb_world(g) ? CHARS : 0;        /* stack objects: a predicate's reads */
  case J_BLOCK_PUSH: case J_BLOCK_POP: case J_BLOCK_SET:   /* declared blocks: a predicate's reads */
    return arb_world(g) || (g->deps & ARB_DEP_COMBAT) ? CHARS : 0;
  default:
    return CHARS;
  }
}

/* A change the characteristics count: of one card (its fields, its place on the battlefield) or
** of anything else (who 0). While every counted change since the last computation was of one
** card (one_at: the last was counted here), characteristics.c may compute that card alone.
** Out of the push's line (its size decides its inlining). */
ARB_NOINLINE static void note_one(arb_game *g, int kind, int32_t a, int64_t old) {
  int32_t who = kind == J_CARD32 || kind == J_CARD8 ? a + 1
              : kind == J_ZONE_INSERT || kind == J_ZONE_REMOVE ? (int32_t)old + 1 : 0;
  if (g->chars_at != g->cgen && (g->one_at != g->cgen || g->chars_one != who)) who = 0;
  g->chars_one = who;
  g->one_at = g->cgen + 1;
}

/* The journal's first block: a game's actions journal dozens of entries and
** more, and doubling from 8 made and copied a block at each step. 256, not 64: a deck's
** creation journals its cards (then trims the journal, lcreate.c) and every one of the example
** games' 60 journals outgrew 64 (17 outgrew 128): each growth a block made, copied and
** collected. The trimmed and the untouched games' memory is as it was (bench/draw.lua). */
#define JOURNAL_START 256

/* The journal's growth, out of the push's line: inlined (as the build's link-time
** optimization did), its block call made every push save and restore six registers, ~14
** of a push's ~60 instructions, ~2,000 pushes a game (issue 28). */
ARB_NOINLINE static int journal_grow(arb_game *g) {
  return arb_vec_reserve(g, &g->journal, sizeof(arb_jentry), g->journal.cap ? g->journal.n + 1 : JOURNAL_START);
}

/* Appends an entry: a mark is open. */
static inline int append(arb_game *g, int kind, int32_t a, int32_t b, int64_t old) {
  arb_jentry *e;
  if (g->journal.n >= g->journal.cap && journal_grow(g)) return ARB_ENOMEM;
  e = &ARB_VEC(g->journal, arb_jentry)[g->journal.n++];
  e->kind = (uint8_t)kind;
  e->a = a;
  e->b = b;
  e->old = old;
  return ARB_OK;
}

/* The entry first (when a mark is open: else nothing can roll back), then the change
** counted: nothing of the arguments is needed after the classification, which keeps the push
** free of saved registers. */
int arb_journal_push(arb_game *g, int kind, int32_t a, int32_t b, int64_t old) {
  int what;
  if (g->marks != 0 && append(g, kind, a, b, old)) return ARB_ENOMEM;
  what = what_changes(g, kind, a, b);
  if (what >> 1) note_one(g, kind, a, old);
  g->gen++;                             /* a change is coming (caches key on gen) */
  g->cgen += what >> 1;                 /* characteristics.c recomputes after these */
  g->sgen += what & 1;                  /* a state-based check reads these (actions.c) */
  return ARB_OK;
}

/* arb_journal_push(g, J_HISTORY, 0, 0, 0) without the classification's switch: an event
** logged (arb_log, ~700 a game) changes what a predicate that read the history reads. */
int arb_journal_history(arb_game *g) {
  if (g->marks != 0 && append(g, J_HISTORY, 0, 0, 0)) return ARB_ENOMEM;
  g->gen++;
  if (g->deps & ARB_DEP_HISTORY) {
    g->cgen++;
    g->sgen++;
  }
  return ARB_OK;
}

/* arb_journal_push for an object the characteristics read only through host code that read
** outside the battlefield (arb_world), unless `seen`: a card made elsewhere than the battlefield
** (a stack object's, a deck's, a token's before it moves there: named by no effect; seen when
** made there or face down, 504) and a replacement or trigger effect made or turned on or off (no
** layer reads them). Without the push's switch, whose growth cost its inlining (issue 27: a
** third of an Alpha game's recomputations followed one of these alone). */
int arb_journal_unseen(arb_game *g, int kind, int32_t a, int32_t b, int64_t old, int seen) {
  if (g->marks != 0 && append(g, kind, a, b, old)) return ARB_ENOMEM;
  g->gen++;
  g->cgen += (uint64_t)(seen || arb_world(g));
  g->sgen++;
  return ARB_OK;
}

size_t arb_mark(arb_game *g) {
  if (g->marks >= 0 && g->marks < 8) {
    g->mark_fresh[g->marks] = g->chars_at == g->cgen ? g->chars_epoch + 1 : 0;
    g->mark_len[g->marks] = (size_t)g->journal.n;
  }
  g->marks++;
  return (size_t)g->journal.n;
}

size_t arb_journal_len(const arb_game *g) { return (size_t)g->journal.n; }

size_t arb_journal_room(const arb_game *g) { return (size_t)g->journal.cap; }

int arb_journal_reserve(arb_game *g, size_t more) {
  size_t need = (size_t)g->journal.n + more;
  if (need > (size_t)INT32_MAX) return ARB_ENOMEM;
  return arb_vec_reserve(g, &g->journal, sizeof(arb_jentry), (int32_t)need);
}

void arb_journal_trim(arb_game *g, size_t room) {
  if (g->marks == 0 && (size_t)g->journal.cap > room) arb_vec_free(g, &g->journal, sizeof(arb_jentry));
}

arb_inflight arb_inflight_save(const arb_game *g) {
  arb_inflight f;
  f.repl_depth = g->repl_depth;
  f.scratch = g->scratch.n;
  f.applied = g->applied.n;
  return f;
}

void arb_inflight_restore(arb_game *g, arb_inflight f) {
  g->repl_depth = f.repl_depth;
  g->scratch.n = f.scratch;
  g->applied.n = f.applied;
}

/* With no mark open nothing can roll back into the durations: the ended
** ones are dropped here (they are only marked inactive while marks are open). */
static void drop_ended_durations(arb_game *g) {
  arb_duration *d = ARB_VEC(g->durations, arb_duration);
  int32_t i, k = 0;
  for (i = 0; i < g->durations.n; i++)
    if (d[i].active) d[k++] = d[i];
  g->durations.n = k;
}

/* Closes the innermost mark; the outermost close forgets the journal. */
void arb_commit(arb_game *g) {
  if (g->marks > 0) g->marks--;
  if (g->marks == 0) {
    g->journal.n = 0;
    if (g->durations.n) drop_ended_durations(g);
  }
}

static char *card_base(arb_game *g, int id) {
  return (char *)&ARB_VEC(g->cards, arb_card)[id];
}

static char *obj_base(arb_game *g, int obj) {
  return (char *)&ARB_VEC(g->objs, arb_object)[obj];
}



/* A draw's one entry (actions.c, plain_draw): everything after it is undone already, so the
** card is the hand's top, the game's timestamp the card's, the draw count one more. */
static void undo_draw(arb_game *g, const arb_jentry *e) {
  arb_card *c = &ARB_VEC(g->cards, arb_card)[e->a];
  arb_zone *lib = &g->zones[arb_zone_id(g, e->b, ARB_LIBRARY)];
  g->zones[c->zone].n--;
  lib->cards[lib->n++] = e->a;               /* the slot is still allocated */
  c->zone = arb_zone_id(g, e->b, ARB_LIBRARY);
  c->ts = (int32_t)e->old;
  g->ts--;
  g->players[e->b].draws_this_turn--;
}

/* A creation's one entry (card.c, arb_card_new): everything after it is undone already, so the
** card is the newest, at position b of the zone it was made in, its base abilities the pool's
** last, and the game's timestamp the card's (old: the one before). */
static void undo_card_new(arb_game *g, const arb_jentry *e) {
  arb_card *c = &ARB_VEC(g->cards, arb_card)[e->a];
  arb_zone_unput(g, c->zone, e->b);
  g->ts = (int32_t)e->old;
  g->babil.n = c->babil;
  g->cards.n--;
}

static void undo_effect_active(arb_game *g, const arb_jentry *e) {
  arb_effect *fx = &ARB_VEC(g->effects, arb_effect)[e->a];
  int was = (int)e->old;
  if ((fx->active == ARB_FX_ON) != (was == ARB_FX_ON))
    arb_effect_count(g, fx, was == ARB_FX_ON ? 1 : -1);
  fx->active = (uint8_t)was;
}

static void undo(arb_game *g, const arb_jentry *e) {
  switch (e->kind) {
  case J_CARD32: memcpy(card_base(g, e->a) + e->b, &(int32_t){(int32_t)e->old}, 4); break;
  case J_CARD8: card_base(g, e->a)[e->b] = (char)e->old; break;
  case J_PLAYER8: ((uint8_t *)&g->players[e->a])[e->b] = (uint8_t)e->old; break;
  case J_PLAYER32: memcpy((char *)&g->players[e->a] + e->b, &(int32_t){(int32_t)e->old}, 4); break;
  case J_TEAM32: memcpy((char *)&g->teams[e->a] + e->b, &(int32_t){(int32_t)e->old}, 4); break;
  case J_GAME32: memcpy((char *)g + e->b, &(int32_t){(int32_t)e->old}, 4); break;
  case J_ZONE_INSERT: arb_zone_unput(g, e->a, e->b); break;
  case J_ZONE_REMOVE: arb_zone_put(g, e->a, e->b, (int32_t)e->old); break;   /* (removal never shrinks) */
  case J_DRAW: undo_draw(g, e); break;
  case J_ZONE_SWAP: {
    int32_t *c = g->zones[e->a].cards, t = c[e->b];
    c[e->b] = c[e->old];
    c[e->old] = t;
    break;
  }
  case J_CARD_NEW: undo_card_new(g, e); break;
  case J_OBJ32: memcpy(obj_base(g, e->a) + e->b, &(int32_t){(int32_t)e->old}, 4); break;
  case J_OBJ8: obj_base(g, e->a)[e->b] = (char)e->old; break;
  case J_OBJ_NEW: g->objs.n--; break;
  case J_XTARGET_PUSH: g->xtargets.n--; break;
  case J_HISTORY: g->history.n--; break;
  case J_LKI_PUSH: arb_lki_undo(g, e->a); break;
  case J_WAIT_PUSH: g->waiting.n--; break;
  case J_WAIT_POP: {
    arb_waiting *w = &ARB_VEC(g->waiting, arb_waiting)[g->waiting.n++];
    w->effect = e->a;
    w->event = e->b;
    w->controller = (int32_t)(uint32_t)(e->old & 0xffffffff);   /* stack.c packs both */
    w->src_ts = (int32_t)(e->old >> 32) - 1;
    break;
  }
  case J_RNG: g->rng = (uint64_t)e->old; break;
  case J_SHUFFLE:   /* everything after it is undone: the zone holds the shuffled order */
    arb_unshuffle(g->zones[e->a].cards, e->b, (uint64_t)e->old);
    g->rng = (uint64_t)e->old;
    break;
  case J_EFFECT_NEW: arb_effect_unchain_last(g); g->effects.n--; break;
  case J_BLOCK_PUSH: g->blocks.n--; break;
  case J_BLOCK_POP: ARB_VEC(g->blocks, int32_t)[g->blocks.n++] = (int32_t)e->old; break;
  case J_BLOCK_SET: ARB_VEC(g->blocks, int32_t)[e->a] = (int32_t)e->old; break;
  case J_EFFECT_ACTIVE: undo_effect_active(g, e); break;
  case J_DUR_PUSH: g->durations.n--; break;
  case J_DUR_END: ARB_VEC(g->durations, arb_duration)[e->a].active = 1; break;
  case J_ABIL: {
    arb_card *c = &ARB_VEC(g->cards, arb_card)[e->a];
    if (e->b < 0) c->nabil--;                       /* a slot was added */
    else c->abil[e->b].count = (int32_t)e->old;
    break;
  }
  default: arb_undo_effects(g, e); break;
  }
}

/* A suspended game (a host driver's question unwinding, ldriver.c) keeps what inner
** marks would undo: the outermost mark, the driver's, still holds every entry. */
void arb_suspend(arb_game *g, int on) { g->suspended = on ? 1 : 0; }

int arb_marks_open(const arb_game *g) { return (int)g->marks; }

/* 422: an illegal action is reversed as a whole. The characteristics stay computed when they
** were as the mark opened and nothing wrote the cache since (no computation, no card's reset as
** it moved): the state is the mark's again, and so are they (an agent's refused attempt doesn't
** make the next read compute them again). */
void arb_rollback(arb_game *g, size_t mark) {
  int d = g->marks - 1;
  int kept = d >= 0 && d < 8 && g->mark_fresh[d] == g->chars_epoch + 1 && g->mark_len[d] == mark;
  g->gen++;
  g->cgen++;
  g->sgen++;
  if (g->suspended && g->marks > 1) { g->marks--; return; }
  while ((size_t)g->journal.n > mark) {
    g->journal.n--;
    undo(g, &ARB_VEC(g->journal, arb_jentry)[g->journal.n]);
  }
  if (kept && !g->computing) g->chars_at = g->cgen;
  if (g->marks > 0) g->marks--;
  if (g->marks == 0) g->journal.n = 0;
}

int arb_jset_card(arb_game *g, int card, int32_t *field, int32_t v) {
  int32_t off = (int32_t)((char *)field - card_base(g, card));
  if (*field == v) return ARB_OK;
  if (arb_journal_push(g, J_CARD32, card, off, *field)) return ARB_ENOMEM;
  *field = v;
  return ARB_OK;
}

/* The card's record must exist (arb_object_make): field points into it. */
int arb_jset_obj(arb_game *g, int card, int32_t *field, int32_t v) {
  int obj = card_at(g, card)->obj;
  int32_t off = (int32_t)((char *)field - obj_base(g, obj));
  if (*field == v) return ARB_OK;
  if (arb_journal_push(g, J_OBJ32, obj, off, *field)) return ARB_ENOMEM;
  *field = v;
  return ARB_OK;
}

int arb_jset_obj8(arb_game *g, int card, uint8_t *field, int v) {
  int obj = card_at(g, card)->obj;
  int32_t off = (int32_t)((char *)field - obj_base(g, obj));
  if (*field == v) return ARB_OK;
  if (arb_journal_push(g, J_OBJ8, obj, off, *field)) return ARB_ENOMEM;
  *field = (uint8_t)v;
  return ARB_OK;
}

int arb_jset_card8(arb_game *g, int card, uint8_t *field, int v) {
  int32_t off = (int32_t)((char *)field - card_base(g, card));
  if (*field == v) return ARB_OK;
  if (arb_journal_push(g, J_CARD8, card, off, *field)) return ARB_ENOMEM;
  *field = (uint8_t)v;
  return ARB_OK;
}

int arb_jset_player8(arb_game *g, int p, uint8_t *field, int v) {
  int32_t off = (int32_t)((char *)field - (char *)&g->players[p]);
  if (*field == v) return ARB_OK;
  if (arb_journal_push(g, J_PLAYER8, p, off, *field)) return ARB_ENOMEM;
  *field = (uint8_t)v;
  return ARB_OK;
}

int arb_jset_player(arb_game *g, int p, int32_t *field, int32_t v) {
  int32_t off = (int32_t)((char *)field - (char *)&g->players[p]);
  if (*field == v) return ARB_OK;
  if (arb_journal_push(g, J_PLAYER32, p, off, *field)) return ARB_ENOMEM;
  *field = v;
  return ARB_OK;
}

int arb_jset_team(arb_game *g, int t, int32_t *field, int32_t v) {
  int32_t off = (int32_t)((char *)field - (char *)&g->teams[t]);
  if (*field == v) return ARB_OK;
  if (arb_journal_push(g, J_TEAM32, t, off, *field)) return ARB_ENOMEM;
  *field = v;
  return ARB_OK;
}

int arb_jset_game(arb_game *g, int32_t *field, int32_t v) {
  int32_t off = (int32_t)((char *)field - (char *)g);
  if (*field == v) return ARB_OK;
  if (arb_journal_push(g, J_GAME32, 0, off, *field)) return ARB_ENOMEM;
  *field = v;
  return ARB_OK;
}
