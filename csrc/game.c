/*
** game.c — creating, copying and freeing a game; players and teams;
** interned strings; the growable arrays every other file uses.
** All memory goes through the game's allocator.
*/
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "game.h"

static void strhash_free(arb_game *g);

/* Whether p is a part of a clone's one block (arb_game_clone). */
static int in_block(const arb_game *g, const void *p) {
  uintptr_t a = (uintptr_t)p, b = (uintptr_t)g->block;
  return g->block != NULL && a >= b && a - b < g->block_size;
}

/* Every core block goes through here, so g->bytes is what the game holds. A part of a
** clone's one block is never given to the allocator alone: freed, it stays in the block
** (which goes with the game); grown, it moves out to a block of its own. */
void *arb_mem(arb_game *g, void *p, size_t osize, size_t nsize) {
  void *q;
  if (p && in_block(g, p)) {
    if (nsize == 0 || !(q = g->alloc(g->alloc_ud, NULL, 0, nsize))) return NULL;
    memcpy(q, p, osize < nsize ? osize : nsize);
    g->bytes += nsize;
    return q;
  }
  q = g->alloc(g->alloc_ud, p, osize, nsize);
  if (q || nsize == 0) g->bytes = g->bytes - (p ? osize : 0) + nsize;
  return q;
}

size_t arb_game_memory(const arb_game *g) { return g->bytes; }

int arb_vec_grow(arb_game *g, arb_vec *v, size_t esize, int32_t need) {
  int32_t cap;
  void *p;
  if (need <= v->cap) return ARB_OK;
  cap = v->cap ? v->cap : 8;
  while (cap < need) cap *= 2;
  p = arb_mem(g, v->p, (size_t)v->cap * esize, (size_t)cap * esize);
  if (!p) return ARB_ENOMEM;
  v->p = p;
  v->cap = cap;
  return ARB_OK;
}

void arb_vec_free(arb_game *g, arb_vec *v, size_t esize) {
  if (v->p) arb_mem(g, v->p, (size_t)v->cap * esize, 0);
  v->p = NULL;
  v->n = v->cap = 0;
}

static int make_zones(arb_game *g) {
  int i, np = g->nplayers;
  g->nzones = np * ARB_PZONES + (ARB_NZONEKINDS - ARB_BATTLEFIELD);
  g->zones = arb_mem(g, NULL, 0, sizeof(arb_zone) * (size_t)g->nzones);
  if (!g->zones) return ARB_ENOMEM;
  memset(g->zones, 0, sizeof(arb_zone) * (size_t)g->nzones);
  for (i = 0; i < g->nzones; i++) {
    arb_zone *z = &g->zones[i];
    z->owner = i < np * ARB_PZONES ? i / ARB_PZONES : -1;
    z->kind = (uint8_t)(i < np * ARB_PZONES ? i % ARB_PZONES : ARB_BATTLEFIELD + (i - np * ARB_PZONES));
  }
  return ARB_OK;
}

static arb_game *alloc_game(arb_alloc_fn alloc, void *ud) {
  arb_game *g = alloc(ud, NULL, 0, sizeof *g);
  if (!g) return NULL;
  memset(g, 0, sizeof *g);
  g->alloc = alloc;
  g->alloc_ud = ud;
  g->bytes = g->own = sizeof *g;
  g->limits.replacement_depth = 64;
  g->limits.settle_rounds = 10000;
  g->history_start = ARB_HISTORY_START;
  g->step = ARB_STEP_NONE;
  g->priority = -1;
  g->resolving = -1;
  g->winner = -1;
  g->checked = ~(uint64_t)0;           /* no state-based check ran yet */
  g->watched_cgen = ~(uint64_t)0;      /* no control watch looked yet */
  return g;
}

arb_game *arb_game_new(arb_alloc_fn alloc, void *ud, uint64_t seed,
                       const int *team_sizes, int nteams, int life) {
  int t, i, np = 0;
  arb_game *g;
  if (nteams < 1) return NULL;
  for (t = 0; t < nteams; t++) {
    if (team_sizes[t] < 1) return NULL;
    np += team_sizes[t];
  }
  if (!(g = alloc_game(alloc, ud))) return NULL;
  g->nplayers = np;
  g->nteams = nteams;
  g->players = arb_mem(g, NULL, 0, sizeof(arb_player) * (size_t)np);
  g->teams = arb_mem(g, NULL, 0, sizeof(arb_team) * (size_t)nteams);
  if (!g->players || !g->teams || make_zones(g)) { arb_game_free(g); return NULL; }
  memset(g->players, 0, sizeof(arb_player) * (size_t)np);
  for (t = 0, i = 0; t < nteams; t++) {
    int k;
    g->teams[t].life = life;
    g->teams[t].first = i;
    g->teams[t].n = team_sizes[t];
    for (k = 0; k < team_sizes[t]; k++) { g->players[i].side = t; g->players[i++].team = t; }
  }
  arb_rng_seed(g, seed);
  return g;
}

void arb_game_free(arb_game *g) {
  int i;
  if (!g) return;
  for (i = 0; i < g->strings.n; i++) {
    char *s = ARB_VEC(g->strings, char *)[i];
    arb_mem(g, s, strlen(s) + 1, 0);
  }
  arb_vec_free(g, &g->strings, sizeof(char *));
  strhash_free(g);
  if (g->zones)
    for (i = 0; i < g->nzones; i++)
      if (g->zones[i].cards)
        arb_mem(g, g->zones[i].cards, sizeof(int32_t) * (size_t)g->zones[i].cap, 0);
  if (g->zones) arb_mem(g, g->zones, sizeof(arb_zone) * (size_t)g->nzones, 0);
  if (g->players) arb_mem(g, g->players, sizeof(arb_player) * (size_t)g->nplayers, 0);
  if (g->teams) arb_mem(g, g->teams, sizeof(arb_team) * (size_t)g->nteams, 0);
  arb_vec_free(g, &g->cards, sizeof(arb_card));
  arb_vec_free(g, &g->babil, sizeof(arb_ability));
  arb_vec_free(g, &g->objs, sizeof(arb_object));
  arb_vec_free(g, &g->xtargets, sizeof(int32_t));
  arb_vec_free(g, &g->effects, sizeof(arb_effect));
  arb_vec_free(g, &g->history, sizeof(arb_event));
  arb_vec_free(g, &g->waiting, sizeof(arb_waiting));
  arb_vec_free(g, &g->journal, sizeof(arb_jentry));
  arb_vec_free(g, &g->applied, sizeof(int32_t));
  arb_vec_free(g, &g->scratch, sizeof(int32_t));
  arb_vec_free(g, &g->blocks, sizeof(int32_t));
  arb_vec_free(g, &g->durations, sizeof(arb_duration));
  arb_vec_free(g, &g->statics, sizeof(arb_static));
  arb_vec_free(g, &g->static_abil, sizeof(arb_ability));
  arb_vec_free(g, &g->static_set, sizeof(int32_t));
  arb_vec_free(g, &g->counters, sizeof(arb_counter_rec));
  arb_vec_free(g, &g->lki, sizeof(arb_lki));
  arb_vec_free(g, &g->lki_data, sizeof(int32_t));
  arb_vec_free(g, &g->layer, 1);
  arb_vec_free(g, &g->depsnap, 1);
  arb_vec_free(g, &g->named, sizeof(int32_t));
  g->alloc(g->alloc_ud, g, g->own, 0);
}

/* ---- clones: the struct and every array it owns in one block ---- */

#define BLOCK_ALIGN(n) (((n) + 15) & ~(size_t)15)

/* The growable arrays a clone copies (the others start empty in it: the journal, the
** replacements applied, the scratch lists and the layer marks are an action's own). */
static const size_t copied_vecs[][2] = {
  {offsetof(arb_game, cards), sizeof(arb_card)}, {offsetof(arb_game, babil), sizeof(arb_ability)},
  {offsetof(arb_game, objs), sizeof(arb_object)}, {offsetof(arb_game, xtargets), sizeof(int32_t)},
  {offsetof(arb_game, effects), sizeof(arb_effect)}, {offsetof(arb_game, history), sizeof(arb_event)},
  {offsetof(arb_game, waiting), sizeof(arb_waiting)}, {offsetof(arb_game, blocks), sizeof(int32_t)},
  {offsetof(arb_game, durations), sizeof(arb_duration)}, {offsetof(arb_game, statics), sizeof(arb_static)},
  {offsetof(arb_game, static_abil), sizeof(arb_ability)}, {offsetof(arb_game, static_set), sizeof(int32_t)},
  {offsetof(arb_game, counters), sizeof(arb_counter_rec)}, {offsetof(arb_game, named), sizeof(int32_t)},
  {offsetof(arb_game, lki), sizeof(arb_lki)}, {offsetof(arb_game, lki_data), sizeof(int32_t)},
};
static const size_t emptied_vecs[] = {
  offsetof(arb_game, journal), offsetof(arb_game, applied), offsetof(arb_game, scratch),
  offsetof(arb_game, layer), offsetof(arb_game, depsnap),
};
#define VEC_AT(g, off) ((arb_vec *)((char *)(g) + (off)))
#define CVEC_AT(g, off) ((const arb_vec *)((const char *)(g) + (off)))

/* n bytes of src at *off in base (room bytes kept for them), or only counted when base is
** NULL (the first pass measures the block). Returns the part (NULL when counting). */
static void *place(char *base, size_t *off, const void *src, size_t n, size_t room) {
  void *p = base ? base + *off : NULL;
  if (p && n) memcpy(p, src, n);
  *off += BLOCK_ALIGN(room);
  return p;
}

/* The capacity arb_vec_grow would give n elements (the same room a copy had before). */
static int32_t vec_room(int32_t n) {
  int32_t cap = 8;
  while (cap < n) cap *= 2;
  return cap;
}

static void place_vec(char *base, size_t *off, arb_vec *to, const arb_vec *from, size_t esize, int32_t mult) {
  int32_t cap = from->n ? mult * vec_room(from->n) : 0;
  void *p = cap ? place(base, off, from->p, esize * (size_t)from->n, esize * (size_t)cap) : NULL;
  if (!base) return;
  to->p = p;
  to->n = from->n;
  to->cap = cap;
}

/* The interned strings: the array of pointers, then every string's bytes packed. */
static void place_strings(char *base, size_t *off, arb_game *c, const arb_game *g) {
  int i;
  size_t len = 0;
  char *at;
  place_vec(base, off, base ? &c->strings : NULL, &g->strings, sizeof(char *), 1);
  for (i = 0; i < g->strings.n; i++) len += strlen(ARB_VEC(g->strings, char *)[i]) + 1;
  if (!(at = place(base, off, NULL, 0, len))) return;
  for (i = 0; i < g->strings.n; i++) {
    const char *s = ARB_VEC(g->strings, char *)[i];
    size_t k = strlen(s) + 1;
    memcpy(at, s, k);
    ARB_VEC(c->strings, char *)[i] = at;
    at += k;
  }
}

/* Lays c's arrays out in base (copies of g's), or measures them (base NULL: c untouched). */
static size_t lay_out(char *base, arb_game *c, const arb_game *g) {
  size_t off = 0, k, np = (size_t)g->nplayers, nt = (size_t)g->nteams, nz = (size_t)g->nzones;
  int i;
  arb_player *players = place(base, &off, g->players, sizeof(arb_player) * np, sizeof(arb_player) * np);
  arb_team *teams = place(base, &off, g->teams, sizeof(arb_team) * nt, sizeof(arb_team) * nt);
  arb_zone *zones = place(base, &off, g->zones, sizeof(arb_zone) * nz, sizeof(arb_zone) * nz);
  for (i = 0; i < g->nzones; i++) {
    const arb_zone *z = &g->zones[i];
    size_t n = sizeof(int32_t) * (size_t)z->n;
    int32_t *cards = z->n ? place(base, &off, z->cards, n, n) : NULL;
    if (base) { zones[i].cards = cards; zones[i].cap = z->n; }
  }
  for (k = 0; k < sizeof copied_vecs / sizeof copied_vecs[0]; k++)
    place_vec(base, &off, base ? VEC_AT(c, copied_vecs[k][0]) : NULL, CVEC_AT(g, copied_vecs[k][0]),
              copied_vecs[k][1], copied_vecs[k][0] == offsetof(arb_game, history) ? 4 : 1);
  place_strings(base, &off, c, g);
  if (base) { c->players = players; c->teams = teams; c->zones = zones; }
  return off;
}

/* An independent copy in the same state, with an empty journal: one block (one allocation,
** one free) holds the struct and every array, each with the room a copy had before; an array
** that outgrows its room moves out of the block (arb_mem), its old room left unused there
** until the game is freed (at most the copy's size: a look-ahead's clone is short-lived). */
arb_game *arb_game_clone(const arb_game *g) {
  size_t head = BLOCK_ALIGN(sizeof *g), size = lay_out(NULL, NULL, g), k;
  arb_game *c = g->alloc(g->alloc_ud, NULL, 0, head + size);
  if (!c) return NULL;
  *c = *g;
  c->own = c->bytes = head + size;
  c->block = (char *)c + head;
  c->block_size = size;
  for (k = 0; k < sizeof emptied_vecs / sizeof emptied_vecs[0]; k++)
    memset(VEC_AT(c, emptied_vecs[k]), 0, sizeof(arb_vec));
  c->marks = 0;
  c->suspended = 0;
  c->repl_depth = 0;
  c->computing = 0;
  c->strhash = NULL;                     /* (g's: a clone interns few, it scans) */
  c->strhash_cap = c->strhash_n = c->strhash_scans = 0;
  lay_out(c->block, c, g);
  /* the history's room in the block is four times the copy's: what its first growth would
  ** have made (arb_history_reserve quadruples a first block, as a new game's). A playout from
  ** a turn-6 state (213 events, room 256) logs ~500 more: it made a 1,024 block and copied the
  ** history there, its room in the block left unused; from the room, it doubles */
  if (c->history.cap) c->history_start = c->history.cap / 4;
  return c;
}

void arb_set_hooks(arb_game *g, const arb_hooks *h) { g->hooks = *h; }
const arb_hooks *arb_get_hooks(const arb_game *g) { return &g->hooks; }
arb_limits *arb_limits_of(arb_game *g) { return &g->limits; }
int arb_nplayers(const arb_game *g) { return g->nplayers; }
int arb_active(const arb_game *g) { return g->active; }
int arb_turn(const arb_game *g) { return g->turn; }
int arb_over(const arb_game *g) { return g->over; }

arb_player *arb_player_get(arb_game *g, int p) {
  return p >= 0 && p < g->nplayers ? &g->players[p] : NULL;
}

arb_team *arb_team_get(arb_game *g, int t) {
  return t >= 0 && t < g->nteams ? &g->teams[t] : NULL;
}

int arb_set_active(arb_game *g, int p) {
  if (p < 0 || p >= g->nplayers) return ARB_EARG;
  return arb_jset_game(g, &g->active, p);
}

arb_result arb_result_get(const arb_game *g) {
  arb_result r;
  r.over = g->over;
  r.draw = g->draw;
  r.winner = g->winner;
  return r;
}


/* ---- interned strings ---- */

int arb_find_str(const arb_game *g, const char *s, size_t len) {
  int i;
  char first = len ? s[0] : '\0';
  for (i = 0; i < g->strings.n; i++) {
    const char *t = ARB_VEC(g->strings, char *)[i];
    if (t[0] == first && strlen(t) == len && memcmp(t, s, len) == 0) return i;   /* first: cheap */
  }
  return -1;
}

/* name's index through a remembered answer: *str is the index + 1, 0 when name was not interned
** while strings.n was *scan. Strings are not reordered (in a clone either) and removed only by
** arb_strings_truncate, which forgets the answers it makes wrong, so a found index stays valid
** and a miss is looked up again only when strings were interned since: the state-based check and
** the layers ask the same few names after every action. */
int arb_find_str_cached(const arb_game *g, int32_t *str, int32_t *scan, const char *name) {
  if (!*str && *scan != g->strings.n) {
    *str = arb_find_str(g, name, strlen(name)) + 1;
    *scan = g->strings.n;
  }
  return *str - 1;
}

/* FNV-1a: the index's hash of a string */
static uint32_t str_hash(const char *s, size_t len) {
  uint32_t h = 2166136261u;
  while (len--) h = (h ^ (unsigned char)*s++) * 16777619u;
  return h;
}

static void strhash_put(arb_game *g, int idx) {
  const char *s = ARB_VEC(g->strings, char *)[idx];
  uint32_t mask = (uint32_t)g->strhash_cap - 1, i = str_hash(s, strlen(s)) & mask;
  while (g->strhash[i]) i = (i + 1) & mask;
  g->strhash[i] = idx + 1;
}

/* The index brought up to the strings interned (more room once it is half full); 0: no memory */
static int strhash_ready(arb_game *g) {
  int n = g->strings.n;
  if (!g->strhash || 2 * (n + 1) > g->strhash_cap) {
    int cap = 128;
    int32_t *t;
    while (cap < 4 * (n + 1)) cap *= 2;
    if (!(t = arb_mem(g, NULL, 0, sizeof(int32_t) * (size_t)cap))) return 0;
    memset(t, 0, sizeof(int32_t) * (size_t)cap);
    if (g->strhash) arb_mem(g, g->strhash, sizeof(int32_t) * (size_t)g->strhash_cap, 0);
    g->strhash = t;
    g->strhash_cap = cap;
    g->strhash_n = 0;
  }
  while (g->strhash_n < n) strhash_put(g, g->strhash_n++);
  return 1;
}

static void strhash_free(arb_game *g) {
  if (g->strhash) arb_mem(g, g->strhash, sizeof(int32_t) * (size_t)g->strhash_cap, 0);
  g->strhash = NULL;
  g->strhash_cap = g->strhash_n = g->strhash_scans = 0;
}

/* s's index, or -1: through the index in a game that starts with no strings (its decks intern
** every definition's name, subtypes and counters: a scan of all the strings each; ~0.8 M of 20
** Alpha games' read_def, and ~0.23 M more before a count of lookups made the index) or once a
** game has interned many, else the scan (a clone has its original's strings and interns few: it
** makes no index for them); -2: no memory for the index (an error, as any allocation's:
** spec/allocfail_spec.lua) */
static int intern_find(arb_game *g, const char *s, size_t len) {
  uint32_t mask, i;
  int k;
  if (!g->strhash && g->strings.n && ++g->strhash_scans < 64) return arb_find_str(g, s, len);
  if (!strhash_ready(g)) return -2;
  mask = (uint32_t)g->strhash_cap - 1;
  for (i = str_hash(s, len) & mask; (k = g->strhash[i]) != 0; i = (i + 1) & mask) {
    const char *t = ARB_VEC(g->strings, char *)[k - 1];
    if (strlen(t) == len && memcmp(t, s, len) == 0) return k - 1;
  }
  return -1;
}

/* Strings are never removed, so interning needs no journal entry. */
int arb_intern(arb_game *g, const char *s, size_t len) {
  int i = intern_find(g, s, len);
  char *d;
  if (i == -2) return -1;
  if (i >= 0) return i;
  if (g->strings.n >= 65535) return -1;
  if (arb_vec_reserve(g, &g->strings, sizeof(char *), g->strings.n + 1)) return -1;
  if (!(d = arb_mem(g, NULL, 0, len + 1))) return -1;
  memcpy(d, s, len);
  d[len] = '\0';
  ARB_VEC(g->strings, char *)[g->strings.n] = d;
  return g->strings.n++;
}

int arb_nstrings(const arb_game *g) { return g->strings.n; }

/* Forgets the strings interned since there were n. Only for a call refused
** before it changed anything (nothing can refer to them yet): reading a bad
** card definition must leave the game exactly as it was. */
static void forget_cached(int32_t *str, int32_t *scan, int n) {
  if (*str > n) *str = 0;                 /* found among the forgotten ones */
  if (*scan > n) *scan = -1;              /* missed while they were there: looked up again */
}

void arb_strings_truncate(arb_game *g, int n) {
  int w;
  if (g->mana_str > n) g->mana_str = 0;   /* a cached index among the forgotten ones */
  forget_cached(&g->aura_str, &g->aura_scan, n);   /* (arb_find_str_cached's answers) */
  forget_cached(&g->equip_str, &g->equip_scan, n);
  for (w = 0; w < ARB_NWORDS; w++) forget_cached(&g->word_str[w], &g->word_scan[w], n);
  if (g->strings.n > n) strhash_free(g);   /* (rare: a bad definition read) made again when needed */
  while (g->strings.n > n) {
    char *s = ARB_VEC(g->strings, char *)[--g->strings.n];
    arb_mem(g, s, strlen(s) + 1, 0);
  }
}

const char *arb_str(const arb_game *g, int id) {
  return id >= 0 && id < g->strings.n ? ARB_VEC(g->strings, char *)[id] : "";
}
