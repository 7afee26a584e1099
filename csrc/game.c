/*
** game.c — creating, copying and freeing a game; players and teams;
** interned strings; the growable arrays every other file uses.
** All memory goes through the game's allocator.
*/
#include <string.h>
#include "game.h"

/* Every core block goes through here, so g->bytes is what the game holds. */
void *arb_mem(arb_game *g, void *p, size_t osize, size_t nsize) {
  void *q = g->alloc(g->alloc_ud, p, osize, nsize);
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

int arb_vec_copy(arb_game *dst, arb_vec *to, const arb_vec *from, size_t esize) {
  to->p = NULL;
  to->n = to->cap = 0;
  if (from->n == 0) return ARB_OK;
  if (arb_vec_reserve(dst, to, esize, from->n)) return ARB_ENOMEM;
  memcpy(to->p, from->p, (size_t)from->n * esize);
  to->n = from->n;
  return ARB_OK;
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
  g->bytes = sizeof *g;
  g->limits.replacement_depth = 64;
  g->limits.settle_rounds = 10000;
  g->history_start = ARB_HISTORY_START;
  g->step = ARB_STEP_NONE;
  g->priority = -1;
  g->resolving = -1;
  g->winner = -1;
  g->checked = ~(uint64_t)0;           /* no state-based check ran yet */
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
  arb_vec_free(g, &g->named, sizeof(int32_t));
  g->alloc(g->alloc_ud, g, sizeof *g, 0);
}

static int copy_zones(arb_game *c, const arb_game *g) {
  int i;
  c->zones = arb_mem(c, NULL, 0, sizeof(arb_zone) * (size_t)g->nzones);
  if (!c->zones) return ARB_ENOMEM;
  c->nzones = g->nzones;
  memset(c->zones, 0, sizeof(arb_zone) * (size_t)g->nzones);
  for (i = 0; i < g->nzones; i++) {
    arb_zone *z = &c->zones[i];
    *z = g->zones[i];
    z->cards = NULL;
    z->cap = z->n;
    if (z->n == 0) continue;
    z->cards = arb_mem(c, NULL, 0, sizeof(int32_t) * (size_t)z->n);
    if (!z->cards) { z->n = z->cap = 0; return ARB_ENOMEM; }
    memcpy(z->cards, g->zones[i].cards, sizeof(int32_t) * (size_t)z->n);
  }
  return ARB_OK;
}

static int copy_strings(arb_game *c, const arb_game *g) {
  int i;
  if (arb_vec_reserve(c, &c->strings, sizeof(char *), g->strings.n)) return ARB_ENOMEM;
  for (i = 0; i < g->strings.n; i++) {
    const char *s = ARB_VEC(g->strings, char *)[i];
    size_t len = strlen(s) + 1;
    char *d = arb_mem(c, NULL, 0, len);
    if (!d) return ARB_ENOMEM;
    memcpy(d, s, len);
    ARB_VEC(c->strings, char *)[c->strings.n++] = d;
  }
  return ARB_OK;
}

/* An independent copy in the same state, with an empty journal. */
arb_game *arb_game_clone(const arb_game *g) {
  arb_game *c = alloc_game(g->alloc, g->alloc_ud);
  size_t np = (size_t)g->nplayers, nt = (size_t)g->nteams;
  if (!c) return NULL;
  *c = *g;
  c->bytes = sizeof *c;
  c->players = NULL; c->teams = NULL; c->zones = NULL;
  memset(&c->cards, 0, sizeof c->cards);
  memset(&c->babil, 0, sizeof c->babil);
  memset(&c->objs, 0, sizeof c->objs);
  memset(&c->xtargets, 0, sizeof c->xtargets);
  memset(&c->strings, 0, sizeof c->strings);
  memset(&c->effects, 0, sizeof c->effects);
  memset(&c->history, 0, sizeof c->history);
  memset(&c->waiting, 0, sizeof c->waiting);
  memset(&c->journal, 0, sizeof c->journal);
  memset(&c->applied, 0, sizeof c->applied);
  memset(&c->scratch, 0, sizeof c->scratch);
  memset(&c->blocks, 0, sizeof c->blocks);
  memset(&c->durations, 0, sizeof c->durations);
  memset(&c->statics, 0, sizeof c->statics);
  memset(&c->static_abil, 0, sizeof c->static_abil);
  memset(&c->static_set, 0, sizeof c->static_set);
  memset(&c->counters, 0, sizeof c->counters);
  memset(&c->lki, 0, sizeof c->lki);
  memset(&c->lki_data, 0, sizeof c->lki_data);
  memset(&c->layer, 0, sizeof c->layer);
  memset(&c->named, 0, sizeof c->named);
  c->marks = 0;
  c->suspended = 0;
  c->repl_depth = 0;
  c->computing = 0;
  c->nzones = 0;
  c->players = arb_mem(c, NULL, 0, sizeof(arb_player) * np);
  c->teams = arb_mem(c, NULL, 0, sizeof(arb_team) * nt);
  if (!c->players || !c->teams) { arb_game_free(c); return NULL; }
  memcpy(c->players, g->players, sizeof(arb_player) * np);
  memcpy(c->teams, g->teams, sizeof(arb_team) * nt);
  if (copy_zones(c, g) || copy_strings(c, g) ||
      arb_vec_copy(c, &c->cards, &g->cards, sizeof(arb_card)) ||
      arb_vec_copy(c, &c->babil, &g->babil, sizeof(arb_ability)) ||
      arb_vec_copy(c, &c->objs, &g->objs, sizeof(arb_object)) ||
      arb_vec_copy(c, &c->xtargets, &g->xtargets, sizeof(int32_t)) ||
      arb_vec_copy(c, &c->effects, &g->effects, sizeof(arb_effect)) ||
      arb_vec_copy(c, &c->history, &g->history, sizeof(arb_event)) ||
      arb_vec_copy(c, &c->waiting, &g->waiting, sizeof(arb_waiting)) ||
      arb_vec_copy(c, &c->blocks, &g->blocks, sizeof(int32_t)) ||
      arb_vec_copy(c, &c->durations, &g->durations, sizeof(arb_duration)) ||
      arb_vec_copy(c, &c->statics, &g->statics, sizeof(arb_static)) ||
      arb_vec_copy(c, &c->static_abil, &g->static_abil, sizeof(arb_ability)) ||
      arb_vec_copy(c, &c->static_set, &g->static_set, sizeof(int32_t)) ||
      arb_vec_copy(c, &c->counters, &g->counters, sizeof(arb_counter_rec)) ||
      arb_vec_copy(c, &c->lki, &g->lki, sizeof(arb_lki)) ||
      arb_vec_copy(c, &c->lki_data, &g->lki_data, sizeof(int32_t)) ||
      arb_vec_copy(c, &c->named, &g->named, sizeof(int32_t))) {
    arb_game_free(c);
    return NULL;
  }
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

/* Strings are never removed, so interning needs no journal entry. */
int arb_intern(arb_game *g, const char *s, size_t len) {
  int i = arb_find_str(g, s, len);
  char *d;
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
void arb_strings_truncate(arb_game *g, int n) {
  if (g->mana_str > n) g->mana_str = 0;   /* a cached index among the forgotten ones */
  while (g->strings.n > n) {
    char *s = ARB_VEC(g->strings, char *)[--g->strings.n];
    arb_mem(g, s, strlen(s) + 1, 0);
  }
}

const char *arb_str(const arb_game *g, int id) {
  return id >= 0 && id < g->strings.n ? ARB_VEC(g->strings, char *)[id] : "";
}
