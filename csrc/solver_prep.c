/*
** solver_prep.c — validate a block problem, resolve defaults, merge
** identical blockers into classes (layer a: token swarms), sort each class's
** choices by weight, and compute the separable upper bound (layer b).
** Everything lands in workspace slots; no allocation per search node.
*/
#include <stdlib.h>
#include "solver_int.h"

static int wget(const int *w, int i) { return w != NULL ? w[i] : 0; }

static int valid(const arb_block_problem *p) {
  int i;
  if (p->na < 0 || p->nb < 0) return 0;
  if (p->na > 0 && p->nb > 0 && p->eligible == NULL) return 0;
  if (p->max_blocking < 0 && p->max_blocking != ARB_SOLVER_UNLIMITED) return 0;
  if (p->npairs < 0 || (p->npairs > 0 && p->pairs == NULL)) return 0;
  if (p->group != NULL && p->group_limit < 0 && p->group_limit != ARB_SOLVER_UNLIMITED) return 0;
  for (i = 0; i < p->nb; i++) {
    if (p->group != NULL && p->group[i] >= 64) return 0;
    if (p->capacity && p->capacity[i] < 0 && p->capacity[i] != ARB_SOLVER_UNLIMITED) return 0;
    if (wget(p->blocks_if_able, i) < 0) return 0;
  }
  for (i = 0; i < p->na; i++) {
    if (p->max_blockers && p->max_blockers[i] < 0 &&
        p->max_blockers[i] != ARB_SOLVER_UNLIMITED) return 0;
    if (wget(p->must_be_blocked, i) < 0 || wget(p->lure, i) < 0) return 0;
  }
  for (i = 0; i < p->npairs; i++) {
    const arb_block_pair *q = &p->pairs[i];
    if (q->blocker < 0 || q->blocker >= p->nb || q->attacker < 0 ||
        q->attacker >= p->na || q->weight < 0) return 0;
  }
  return 1;
}

static int popc(uint64_t x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }

/* Attacker bounds; an attacker nobody can legally block gets max 0. */
static void resolve_attackers(bprep *bp, int *cnt) {
  const arb_block_problem *p = bp->p;
  int a, b, lim = p->max_blocking;
  for (a = 0; a < bp->na; a++) cnt[a] = 0;
  for (b = 0; b < bp->nb; b++) {
    const uint64_t *el = p->eligible + (size_t)b * bp->nw;
    if (p->capacity && p->capacity[b] == 0) continue;
    for (a = 0; a < bp->na; a++) cnt[a] += (int)ARB_HAS(el, a);
  }
  for (a = 0; a < bp->na; a++) {
    int mn = p->min_blockers ? p->min_blockers[a] : 1;
    int mx = p->max_blockers ? p->max_blockers[a] : ARB_SOLVER_UNLIMITED;
    if (mn < 1) mn = 1;
    if (mx == ARB_SOLVER_UNLIMITED || mx > cnt[a]) mx = cnt[a];
    if (lim != ARB_SOLVER_UNLIMITED && mx > lim) mx = lim;
    if (mn > mx) mx = 0;
    bp->mina[a] = mn;
    bp->maxa[a] = mx;
  }
}

/* Usable eligibility of b into ws row; returns its popcount. */
static int usable_row(const bprep *bp, int b, uint64_t *row) {
  const uint64_t *el = bp->p->eligible + (size_t)b * bp->nw;
  int w, a, n = 0;
  for (w = 0; w < bp->nw; w++) row[w] = el[w];
  for (a = 0; a < bp->na; a++)
    if (ARB_HAS(row, a) && bp->maxa[a] == 0) ARB_CLR(row, a);
  if (bp->nw > 0 && (bp->na & 63)) row[bp->nw - 1] &= ((uint64_t)1 << (bp->na & 63)) - 1;
  for (w = 0; w < bp->nw; w++) n += popc(row[w]);
  return n;
}

static void resolve_blockers(bprep *bp, uint64_t *rows) {
  const arb_block_problem *p = bp->p;
  int b;
  for (b = 0; b < bp->nb; b++) {
    int n = bp->na > 0 ? usable_row(bp, b, rows + (size_t)b * bp->nw) : 0;
    int c = p->capacity ? p->capacity[b] : 1;
    if (c == ARB_SOLVER_UNLIMITED || c > n) c = n;
    if (p->max_blocking == 0 || (arb_solver_grouped(p) && p->group_limit == 0)) c = 0;
    bp->cap[b] = c;
    bp->wblk[b] = (p->exempt && p->exempt[b]) ? 0 : wget(p->blocks_if_able, b);
  }
}

/* Pair requirements as CSR by blocker, each run sorted by attacker;
   exempt blockers' pairs are dropped (500.3). */
static void build_pairs(bprep *bp) {
  const arb_block_problem *p = bp->p;
  int i, b;
  for (b = 0; b <= bp->nb; b++) bp->poff[b] = 0;
  for (i = 0; i < p->npairs; i++)
    if (!(p->exempt && p->exempt[p->pairs[i].blocker])) bp->poff[p->pairs[i].blocker + 1]++;
  for (b = 0; b < bp->nb; b++) bp->poff[b + 1] += bp->poff[b];
  /* simple fill + insertion sort per blocker (lists are short) */
  {
    int *fill = bp->cls; /* borrow: overwritten later */
    for (b = 0; b < bp->nb; b++) fill[b] = bp->poff[b];
    for (i = 0; i < p->npairs; i++) {
      const arb_block_pair *q = &p->pairs[i];
      if (p->exempt && p->exempt[q->blocker]) continue;
      bp->pa[fill[q->blocker]] = q->attacker;
      bp->pw[fill[q->blocker]++] = q->weight;
    }
    for (b = 0; b < bp->nb; b++)
      for (i = bp->poff[b] + 1; i < bp->poff[b + 1]; i++) {
        int a = bp->pa[i], w = bp->pw[i], j = i;
        while (j > bp->poff[b] && bp->pa[j - 1] > a) {
          bp->pa[j] = bp->pa[j - 1]; bp->pw[j] = bp->pw[j - 1]; j--;
        }
        bp->pa[j] = a; bp->pw[j] = w;
      }
  }
}

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdULL;
}

static uint64_t bhash(const bprep *bp, const uint64_t *rows, int b) {
  const arb_block_problem *p = bp->p;
  uint64_t h = 1469598103934665603ULL;
  int w, i;
  if (bp->cap[b] == 0) return 7;
  for (w = 0; w < bp->nw; w++) h = mix(h, rows[(size_t)b * bp->nw + w]);
  h = mix(h, (uint64_t)bp->cap[b]);
  h = mix(h, (uint64_t)bp->wblk[b]);
  h = mix(h, (uint64_t)(p->exempt && p->exempt[b]));
  h = mix(h, (uint64_t)(p->cant_block_alone && p->cant_block_alone[b]));
  h = mix(h, (uint64_t)(p->group != NULL ? p->group[b] : 0));
  for (i = bp->poff[b]; i < bp->poff[b + 1]; i++)
    h = mix(mix(h, (uint64_t)bp->pa[i]), (uint64_t)bp->pw[i]);
  return h;
}

static int same(const bprep *bp, const uint64_t *rows, int x, int y) {
  const arb_block_problem *p = bp->p;
  int w, i, n;
  if (bp->cap[x] == 0 || bp->cap[y] == 0) return bp->cap[x] == bp->cap[y];
  if (bp->cap[x] != bp->cap[y] || bp->wblk[x] != bp->wblk[y]) return 0;
  if ((p->exempt && p->exempt[x]) != (p->exempt && p->exempt[y])) return 0;
  if ((p->cant_block_alone && p->cant_block_alone[x]) !=
      (p->cant_block_alone && p->cant_block_alone[y])) return 0;
  if (p->group != NULL && p->group[x] != p->group[y]) return 0;
  for (w = 0; w < bp->nw; w++)
    if (rows[(size_t)x * bp->nw + w] != rows[(size_t)y * bp->nw + w]) return 0;
  n = bp->poff[x + 1] - bp->poff[x];
  if (n != bp->poff[y + 1] - bp->poff[y]) return 0;
  for (i = 0; i < n; i++)
    if (bp->pa[bp->poff[x] + i] != bp->pa[bp->poff[y] + i] ||
        bp->pw[bp->poff[x] + i] != bp->pw[bp->poff[y] + i]) return 0;
  return 1;
}

/* Layer (a): identical blockers share a class (open-addressing hash). */
static void build_classes(bprep *bp, const uint64_t *rows, int *tab, int hsize) {
  int b, i;
  bp->ncls = 0;
  for (i = 0; i < hsize; i++) tab[i] = -1;
  for (b = 0; b < bp->nb; b++) {
    uint64_t h = bhash(bp, rows, b);
    i = (int)(h & (uint64_t)(hsize - 1));
    while (tab[i] >= 0 && !same(bp, rows, bp->rep[tab[i]], b))
      i = (i + 1) & (hsize - 1);
    if (bp->p->condition && bp->cap[b] > 0) {   /* a condition may tell them apart */
      bp->rep[bp->ncls] = b;
      bp->csize[bp->ncls] = 1;
      bp->cls[b] = bp->ncls++;
      continue;
    }
    if (tab[i] < 0) {
      tab[i] = bp->ncls;
      bp->rep[bp->ncls] = b;
      bp->csize[bp->ncls++] = 0;
    }
    bp->cls[b] = tab[i];
    bp->csize[tab[i]]++;
  }
}

typedef struct { int w, m, a; } cand;
typedef struct { long long v; int c; } cval;

static int cand_cmp(const void *x, const void *y) {
  const cand *p = (const cand *)x, *q = (const cand *)y;
  if (p->w != q->w) return p->w > q->w ? -1 : 1;
  if (p->m != q->m) return p->m > q->m ? -1 : 1;
  return p->a - q->a;
}

static int cval_cmp(const void *x, const void *y) {
  const cval *p = (const cval *)x, *q = (const cval *)y;
  if (p->v != q->v) return p->v > q->v ? -1 : 1;
  return p->c - q->c;
}

/* One class's choices sorted by pair weight (Lure + pairs), then by
   must-be-blocked weight; returns the class's independent best. */
static long long class_choices(bprep *bp, const uint64_t *rows, int c,
                               int *tmpw, cand *cs) {
  const arb_block_problem *p = bp->p;
  int b = bp->rep[c], a, i, n = 0, k = 0;
  const uint64_t *row = rows + (size_t)b * bp->nw;
  int ex = p->exempt && p->exempt[b];
  long long v = 0;
  if (bp->cap[b] == 0) return 0;
  for (a = 0; a < bp->na; a++) tmpw[a] = ex ? 0 : wget(p->lure, a);
  for (i = bp->poff[b]; i < bp->poff[b + 1]; i++) tmpw[bp->pa[i]] += bp->pw[i];
  for (a = 0; a < bp->na; a++)
    if (ARB_HAS(row, a)) {
      cs[n].w = tmpw[a]; cs[n].m = wget(p->must_be_blocked, a); cs[n++].a = a;
    }
  qsort(cs, (size_t)n, sizeof *cs, cand_cmp);
  for (i = 0; i < n; i++) {
    bp->ca[bp->coff[c] + i] = cs[i].a;
    bp->cw[bp->coff[c] + i] = cs[i].w;
  }
  while (k < bp->cap[b] && k < n && cs[k].w > 0) v += cs[k++].w;
  if (n > 0 && bp->wblk[b] > 0) v += bp->wblk[b];
  return v;
}

static int alloc_all(arb_solver *s, bprep *bp, uint64_t **rows, int **tab,
                     int *hsize, int **tmpw, cand **cs, cval **cv) {
  size_t nb = (size_t)bp->nb + 1, na = (size_t)bp->na + 1;
  size_t np = (size_t)bp->p->npairs + 1;
  *hsize = 1;
  while (*hsize < 2 * bp->nb + 2) *hsize *= 2;
  bp->cap = arb_solver_ws(s, WS_CAP, nb * sizeof(int));
  bp->wblk = arb_solver_ws(s, WS_WBLK, nb * sizeof(int));
  bp->mina = arb_solver_ws(s, WS_MINA, na * sizeof(int));
  bp->maxa = arb_solver_ws(s, WS_MAXA, na * sizeof(int));
  bp->poff = arb_solver_ws(s, WS_POFF, (nb + 1) * sizeof(int));
  bp->pa = arb_solver_ws(s, WS_PA, np * sizeof(int));
  bp->pw = arb_solver_ws(s, WS_PW, np * sizeof(int));
  bp->cls = arb_solver_ws(s, WS_CLS, nb * sizeof(int));
  bp->rep = arb_solver_ws(s, WS_REP, nb * sizeof(int));
  bp->csize = arb_solver_ws(s, WS_CSIZE, nb * sizeof(int));
  bp->order = arb_solver_ws(s, WS_ORDER, nb * sizeof(int));
  bp->indep = arb_solver_ws(s, WS_INDEP, nb * sizeof(long long));
  bp->coff = arb_solver_ws(s, WS_COFF, (nb + 1) * sizeof(int));
  *rows = arb_solver_ws(s, WS_ROWS, nb * ((size_t)bp->nw + 1) * sizeof(uint64_t));
  *tab = arb_solver_ws(s, WS_HASH, (size_t)*hsize * sizeof(int));
  *tmpw = arb_solver_ws(s, WS_TMPW, (na + nb) * sizeof(int));
  *cs = arb_solver_ws(s, WS_POS, na * sizeof(cand));
  *cv = arb_solver_ws(s, WS_CVAL, nb * sizeof(cval));
  return bp->cap && bp->wblk && bp->mina && bp->maxa && bp->poff && bp->pa &&
         bp->pw && bp->cls && bp->rep && bp->csize && bp->order && bp->indep &&
         bp->coff && *rows && *tab && *tmpw && *cs && *cv;
}

/* Classes by indep desc, members adjacent; dead blockers left out.
   start: nb+1 ints of scratch. */
static void build_order(bprep *bp, cval *cv, int *start) {
  int c, b, i, n = 0, lim = bp->p->max_blocking, pos = 0;
  long long ub = 0;
  for (c = 0; c < bp->ncls; c++) { cv[c].v = bp->indep[c]; cv[c].c = c; }
  qsort(cv, (size_t)bp->ncls, sizeof *cv, cval_cmp);
  for (i = 0; i < bp->ncls; i++) {
    c = cv[i].c;
    start[c] = pos;
    if (bp->cap[bp->rep[c]] == 0) { start[c] = -1; continue; }
    pos += bp->csize[c];
    for (b = 0; b < bp->csize[c]; b++)
      if (lim == ARB_SOLVER_UNLIMITED || n < lim) { ub += bp->indep[c]; n++; }
  }
  bp->nlive = pos;
  for (b = 0; b < bp->nb; b++)
    if (start[bp->cls[b]] >= 0) bp->order[start[bp->cls[b]]++] = b;
  bp->ub = ub + bp->must_ub;
}

int arb_solver_prep(arb_solver *s, const arb_block_problem *p, bprep *bp) {
  uint64_t *rows;
  int *tab, *tmpw, hsize, c, a, n;
  cand *cs;
  cval *cv;
  if (p == NULL || !valid(p)) return ARB_SOLVER_EINVAL;
  bp->p = p; bp->na = p->na; bp->nb = p->nb; bp->nw = arb_block_words(p->na);
  if (!alloc_all(s, bp, &rows, &tab, &hsize, &tmpw, &cs, &cv)) return ARB_SOLVER_ENOMEM;
  resolve_attackers(bp, tmpw);
  resolve_blockers(bp, rows);
  build_pairs(bp);
  build_classes(bp, rows, tab, hsize);
  for (c = 0, n = 0; c < bp->ncls; c++) {
    bp->coff[c] = n;
    n += bp->cap[bp->rep[c]] ? usable_row(bp, bp->rep[c], rows + (size_t)bp->nb * bp->nw) : 0;
  }
  bp->coff[bp->ncls] = n;
  bp->ca = arb_solver_ws(s, WS_CA, ((size_t)n + 1) * sizeof(int));
  bp->cw = arb_solver_ws(s, WS_CW, ((size_t)n + 1) * sizeof(int));
  if (bp->ca == NULL || bp->cw == NULL) return ARB_SOLVER_ENOMEM;
  for (c = 0; c < bp->ncls; c++) bp->indep[c] = class_choices(bp, rows, c, tmpw, cs);
  bp->must_ub = 0;
  for (a = 0; a < bp->na; a++)
    if (bp->maxa[a] > 0) bp->must_ub += wget(p->must_be_blocked, a);
  build_order(bp, cv, tmpw);
  return ARB_SOLVER_OK;
}
