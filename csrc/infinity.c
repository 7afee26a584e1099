/*
** infinity.c — loops during one settle (421, "the infinity rule"; seed 001),
** found at the priority moments stack.c's loop passes through.
**
** 421.4: a state that repeats with no choice made in between is a loop of
** mandatory actions (stack.c declares the draw). 421.5: optional actions of
** the players that form a loop; the active player names a number of
** iterations and the others, in APNAP order, agree or name a higher one
** (hooks.optional_loop). Two shapes are found:
**  - the game comes back to a state it was in at an earlier priority moment
**    (same board, stack and pools, the same player about to receive
**    priority): whole cycles change nothing, so n steps leave the game where
**    n mod (cycle length) more steps leave it; the players take those;
**  - the stack grows: the last 2k actions are the same k actions twice over
**    (the same players putting the same objects on the stack — same source,
**    ability, targets, X — over the same board, nothing resolving in
**    between), so the state never repeats; the players take n more steps.
** Then the loop is over and everyone receives priority normally again, except
** that a loop's players pass without being asked at a moment whose board (the
** game but the stack) is one the loop went through — a loop that was shortcut
** isn't started again unless the game changed — and a growing loop's players
** until its objects have left the stack (they let them resolve).
** Cost: a moment whose stack is larger than at every earlier one can't repeat
** any of them, so its full state isn't compared (a loop through it is found one
** cycle later). One walk of the game (arb_loop_hash, a word a step) makes the
** board's and the stack's hashes; the full state's is made of those.
*/
#include <string.h>
#include "infinity.h"

typedef struct loop_entry {
  uint64_t full;     /* the visible state and the player about to receive priority */
  uint64_t board;    /* the visible state but the stack and who holds priority */
  uint64_t top;      /* the top object's hash; 0: an empty stack */
  uint64_t stackh;   /* the stack zone's hash (arb_loop_hash) */
  int32_t from, actors, stack, resolved;
  int32_t hashed;    /* full was computed (not a new largest stack) */
} loop_entry;

void arb_loops_init(arb_loops *o) {
  memset(o, 0, sizeof *o);
  o->left = -1;
  o->maxstack = o->mmax = -1;
}

void arb_loops_free(arb_game *g, arb_loops *o) {
  if (!o->seen.p && !o->actors.p && !o->done.p && !o->mand.p) return;   /* most settles: none made */
  arb_vec_free(g, &o->seen, sizeof(loop_entry));
  arb_vec_free(g, &o->actors, sizeof(int32_t));
  arb_vec_free(g, &o->done, sizeof(uint64_t));
  arb_vec_free(g, &o->mand, sizeof(uint64_t));
}

static int has_u64(const arb_vec *v, uint64_t x) {
  int i;
  for (i = 0; i < v->n; i++)
    if (ARB_VEC(*v, uint64_t)[i] == x) return 1;
  return 0;
}

static int add_u64(arb_game *g, arb_vec *v, uint64_t x) {
  if (has_u64(v, x)) return ARB_OK;
  if (arb_vec_reserve(g, v, sizeof(uint64_t), v->n + 1)) return ARB_ENOMEM;
  ARB_VEC(*v, uint64_t)[v->n++] = x;
  return ARB_OK;
}

static uint64_t bit(int p) { return p >= 0 && p < 64 ? (uint64_t)1 << p : 0; }

/* The agreed loop is over: its players pass at its boards from now on, and
** the states before are forgotten (the same loop can't be found again). */
static void finish(arb_loops *o) {
  if (o->growing) o->stackers = o->pending;
  else o->loopers |= o->pending;
  o->pending = 0;
  o->left = -1;
  o->seen.n = 0;
  o->maxstack = -1;
}

int arb_loops_action(arb_game *g, arb_loops *o, int player) {
  if (arb_vec_reserve(g, &o->actors, sizeof(int32_t), o->actors.n + 1)) return ARB_ENOMEM;
  ARB_VEC(o->actors, int32_t)[o->actors.n++] = player;
  if (o->left > 0 && --o->left == 0) finish(o);
  return ARB_OK;
}

/* A loop of steps actions (actors from index first) found; its boards are the
** entries' from e0 on and the current one. The players agree on a number. */
static int agree(arb_game *g, arb_loops *o, int32_t first, int32_t steps, int32_t e0,
                 int growing, uint64_t board) {
  const int32_t *who = ARB_VEC(o->actors, int32_t) + first;
  int32_t i, n = 0;
  if (growing) {   /* where the exchange began: a period before its first repeat */
    o->floor = ARB_VEC(o->seen, loop_entry)[e0].stack - steps;
    if (o->floor < 0) o->floor = 0;
  }
  for (i = e0; !growing && i < o->seen.n; i++)
    TRY(add_u64(g, &o->done, ARB_VEC(o->seen, loop_entry)[i].board));
  if (!growing) TRY(add_u64(g, &o->done, board));
  o->growing = growing;
  for (i = 0; i < steps; i++) o->pending |= bit(who[i]);
  TRY(g->hooks.optional_loop(g->hooks.ud, g, who, steps, &n));
  if (n < 0) n = 0;
  o->left = growing ? n : steps > 0 ? n % steps : 0;
  if (o->left == 0) finish(o);
  return ARB_OK;
}

static int same_moment(const loop_entry *a, const loop_entry *b) {
  return a->board == b->board && a->from == b->from && a->top == b->top;
}

/* The k actions before entry b are those before entry a, over the same board,
** putting the same objects on the stack (z: positions from the bottom). */
static int same_actions(arb_game *g, const arb_loops *o, const loop_entry *a,
                        const loop_entry *b, int32_t k) {
  const arb_zone *z = &g->zones[arb_zone_id(g, -1, ARB_STACK)];
  const int32_t *who = ARB_VEC(o->actors, int32_t);
  int32_t t;
  if (a->stack - k < 0 || a->actors - k < 0 || b->stack - a->stack != k ||
      b->actors - a->actors != k)
    return 0;
  for (t = 1; t <= k; t++) {
    if (who[a->actors - t] != who[b->actors - t]) return 0;
    if (arb_object_hash(g, z->cards[a->stack - t]) != arb_object_hash(g, z->cards[b->stack - t]))
      return 0;
  }
  return 1;
}

/* A growing loop ending at e: entries i and j, k actions apart each, at the
** same moment as e, nothing resolved since i, the k actions from i to j the
** same as from j to e. *j0: j (-1: none). */
static void find_growing(arb_game *g, const arb_loops *o, const loop_entry *e, int32_t *i0,
                         int32_t *j0) {
  const loop_entry *v = ARB_VEC(o->seen, loop_entry);
  int32_t j, i, k;
  *j0 = -1;
  for (j = o->seen.n - 1; j >= 0 && v[j].resolved == e->resolved; j--) {
    if (!same_moment(&v[j], e) || v[j].stack >= e->stack) continue;
    k = e->actors - v[j].actors;
    if (!same_actions(g, o, &v[j], e, k)) continue;
    for (i = j - 1; i >= 0 && v[i].resolved == e->resolved; i--)
      if (same_moment(&v[i], e) && v[j].actors - v[i].actors == k && v[j].stack - v[i].stack == k) {
        *i0 = i;
        *j0 = j;
        return;
      }
  }
}

/* h and v made one hash (hash.c's loop mixer: a bijection of each) */
static uint64_t fold(uint64_t h, uint64_t v) {
  h = (h ^ v) * 0x9e3779b97f4a7c15ULL;
  return h ^ (h >> 29);
}

/* Entry e at this moment: a loop found, or e recorded. */
static int find(arb_game *g, arb_loops *o, loop_entry *e, int from) {
  const arb_zone *z = &g->zones[arb_zone_id(g, -1, ARB_STACK)];
  const loop_entry *v;
  int32_t i, j;
  e->from = from;
  e->top = z->n ? arb_object_hash(g, z->cards[z->n - 1]) : 0;
  e->actors = o->actors.n;
  e->stack = z->n;
  e->resolved = o->resolved;
  if ((e->hashed = z->n <= o->maxstack))   /* the board, the stack, who held and who receives priority */
    e->full = fold(fold(fold(e->board, e->stackh), (uint64_t)(int64_t)g->priority), (uint64_t)(int64_t)from);
  else o->maxstack = z->n;
  v = ARB_VEC(o->seen, loop_entry);
  for (i = 0; e->hashed && i < o->seen.n; i++)
    if (v[i].hashed && v[i].full == e->full)
      return agree(g, o, v[i].actors, e->actors - v[i].actors, i, 0, e->board);
  if (e->stack > 0) {
    find_growing(g, o, e, &i, &j);
    if (j >= 0) return agree(g, o, v[j].actors, e->actors - v[j].actors, i, 1, e->board);
  }
  if (arb_vec_reserve(g, &o->seen, sizeof(loop_entry), o->seen.n + 1)) return ARB_ENOMEM;
  ARB_VEC(o->seen, loop_entry)[o->seen.n++] = *e;
  return ARB_OK;
}

/* 421.5: a loop of optional actions: the players name a number of iterations. */
int arb_loops_check(arb_game *g, arb_loops *o, int from, uint64_t *skip) {
  loop_entry e;
  *skip = 0;
  if (o->actors.n == 0 || !g->hooks.optional_loop) return ARB_OK;
  TRY(arb_chars_refresh(g));
  memset(&e, 0, sizeof e);
  e.board = arb_loop_hash(g, &e.stackh);   /* one walk (hash.c) */
  if (o->left < 0) TRY(find(g, o, &e, from));   /* else an agreed loop is being played out */
  if (o->loopers && has_u64(&o->done, e.board)) *skip = o->loopers;
  if (o->stackers && g->zones[arb_zone_id(g, -1, ARB_STACK)].n <= o->floor) o->stackers = 0;
  *skip |= o->stackers;
  return ARB_OK;
}

/* Adds h to the set s; *had: it was there. Linear probing, at most half full. */
static void set_put(arb_vec *s, uint64_t h, int *had) {
  uint64_t *slot = ARB_VEC(*s, uint64_t);
  uint32_t mask = (uint32_t)s->cap - 1, i = (uint32_t)(h ^ (h >> 32)) & mask;
  *had = 0;
  for (; slot[i]; i = (i + 1) & mask)
    if (slot[i] == h) { *had = 1; return; }
  slot[i] = h;
  s->n++;
}

static int set_add(arb_game *g, arb_vec *s, uint64_t h, int *had) {
  if (2 * (s->n + 1) > s->cap) {      /* grow: a table twice the size (powers of 2) */
    arb_vec t;
    int32_t i, dup;
    memset(&t, 0, sizeof t);
    if (arb_vec_reserve(g, &t, sizeof(uint64_t), s->cap ? 2 * s->cap : 16)) return ARB_ENOMEM;
    memset(t.p, 0, sizeof(uint64_t) * (size_t)t.cap);
    for (i = 0; i < s->cap; i++)
      if (ARB_VEC(*s, uint64_t)[i]) set_put(&t, ARB_VEC(*s, uint64_t)[i], &dup);
    arb_vec_free(g, s, sizeof(uint64_t));
    *s = t;
  }
  set_put(s, h, had);
  return ARB_OK;
}

/* 421.4: a loop of mandatory actions makes the game a draw. */
int arb_loops_mandatory(arb_game *g, arb_loops *o, int *loop) {
  int32_t stacked = g->zones[arb_zone_id(g, -1, ARB_STACK)].n;
  uint64_t h;
  *loop = 0;
  if (stacked > o->mmax) { o->mmax = stacked; return ARB_OK; }  /* can't repeat: not hashed */
  h = arb_state_hash(g, 1);
  if (h == 0) { *loop = o->mzero; o->mzero = 1; return ARB_OK; }
  return set_add(g, &o->mand, h, loop);
}
