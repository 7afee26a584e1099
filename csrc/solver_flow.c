/*
** solver_flow.c — layer (c): min-cost flow relaxation of the block
** problem over classes of identical blockers (successive shortest paths,
** Bellman-Ford queue). source -> class -> attacker -> sink:
**   source->class  cap n, profit blocks-if-able (first attacker of each
**                  member: a concave gain, 500.4 counts it once), then
**                  cap n*(capacity-1) at profit 0;
**   class->attacker cap n (a member blocks an attacker at most once),
**                  profit Lure + pair weights (0 if exempt);
**   attacker->sink cap 1 at profit must-be-blocked, then up to max.
** Per attacker a mode: relaxed (min ignored), forced (count >= min, via a
** bonus M larger than any score, so a max-profit flow meets every forced
** minimum whenever some flow can), or zero (unblocked). The whole-game
** limit caps the flow value when every blocker has capacity <= 1;
** otherwise first attackers pass a hub of that capacity (a relaxation:
** extra attackers aren't tied to first ones). "Can't block alone" is
** relaxed. The result is an
** upper bound for the node; it is exact when the decomposed declaration
** obeys every restriction (the caller re-checks). Class flow is dealt to
** members round-robin, so members get distinct attackers within capacity.
*/
#include "solver_int.h"

typedef struct fg {
  int n, m, hn;
  int *head, *next, *to, *cap, *prev, *inq, *queue, *hv, *cur, *mark;
  long long *cost, *dist, *pot, *hk;
} fg;

static void arc(fg *g, int u, int v, int cap, long long cost) {
  if (cap <= 0) return;
  g->to[g->m] = v; g->cap[g->m] = cap; g->cost[g->m] = cost;
  g->next[g->m] = g->head[u]; g->head[u] = g->m++;
  g->to[g->m] = u; g->cap[g->m] = 0; g->cost[g->m] = -cost;
  g->next[g->m] = g->head[v]; g->head[v] = g->m++;
}

static int falloc(arb_solver *s, fg *g, size_t n, size_t m) {
  g->head = arb_solver_ws(s, WS_F_HEAD, n * sizeof(int));
  g->prev = arb_solver_ws(s, WS_F_PREV, n * sizeof(int));
  g->inq = arb_solver_ws(s, WS_F_INQ, n * sizeof(int));
  g->queue = arb_solver_ws(s, WS_F_QUEUE, (n + 1) * sizeof(int));
  g->dist = arb_solver_ws(s, WS_F_DIST, n * sizeof(long long));
  g->pot = arb_solver_ws(s, WS_F_POT, n * sizeof(long long));
  g->next = arb_solver_ws(s, WS_F_NEXT, m * sizeof(int));
  g->to = arb_solver_ws(s, WS_F_TO, m * sizeof(int));
  g->cap = arb_solver_ws(s, WS_F_CAP, m * sizeof(int));
  g->cost = arb_solver_ws(s, WS_F_COST, m * sizeof(long long));
  g->hk = arb_solver_ws(s, WS_F_HEAPK, (m + n) * sizeof(long long));
  g->hv = arb_solver_ws(s, WS_F_HEAPV, (m + n) * sizeof(int));
  g->cur = arb_solver_ws(s, WS_F_CUR, n * sizeof(int));
  g->mark = arb_solver_ws(s, WS_F_MARK, n * sizeof(int));
  return g->cur && g->mark && g->head && g->prev && g->inq && g->queue && g->dist && g->next &&
         g->to && g->cap && g->cost && g->pot && g->hk && g->hv;
}

#define FINF ((long long)1 << 62)

/* Initial potentials: shortest distances from the source by Bellman-Ford
   (queue); the first graph has negative costs but no negative cycle. */
static void spfa(fg *g, long *work) {
  int i, qh = 0, qt = 0, n = g->n;
  for (i = 0; i < n; i++) { g->dist[i] = FINF; g->inq[i] = 0; g->prev[i] = -1; }
  g->dist[0] = 0; g->queue[qt++] = 0; g->inq[0] = 1;
  while (qh != qt) {
    int u = g->queue[qh], e;
    qh = (qh + 1) % (n + 1);
    g->inq[u] = 0;
    for (e = g->head[u]; e >= 0; e = g->next[e]) {
      int v = g->to[e];
      (*work)++;
      if (g->cap[e] > 0 && g->dist[u] + g->cost[e] < g->dist[v]) {
        g->dist[v] = g->dist[u] + g->cost[e];
        g->prev[v] = e;
        if (!g->inq[v]) { g->inq[v] = 1; g->queue[qt] = v; qt = (qt + 1) % (n + 1); }
      }
    }
  }
}

static void hpush(fg *g, long long k, int v) {
  int i = g->hn++;
  while (i > 0) {
    int p = (i - 1) / 2;
    if (g->hk[p] <= k) break;
    g->hk[i] = g->hk[p]; g->hv[i] = g->hv[p]; i = p;
  }
  g->hk[i] = k; g->hv[i] = v;
}

static void hpop(fg *g) {
  long long k = g->hk[--g->hn];
  int v = g->hv[g->hn], i = 0;
  for (;;) {
    int c = 2 * i + 1;
    if (c >= g->hn) break;
    if (c + 1 < g->hn && g->hk[c + 1] < g->hk[c]) c++;
    if (g->hk[c] >= k) break;
    g->hk[i] = g->hk[c]; g->hv[i] = g->hv[c]; i = c;
  }
  g->hk[i] = k; g->hv[i] = v;
}

/* Shortest path by reduced costs (Dijkstra, Johnson potentials); then
   dist[] holds true costs from the source. Nodes never reached stay
   unreachable: every new residual arc joins two reached nodes. */
static int dijkstra(fg *g, long *work) {
  int i, n = g->n;
  for (i = 0; i < n; i++) { g->dist[i] = FINF; g->prev[i] = -1; g->inq[i] = 0; }
  g->dist[0] = 0; g->hn = 0;
  hpush(g, 0, 0);
  while (g->hn > 0) {
    int u = g->hv[0], e;
    hpop(g);
    if (g->inq[u]) continue;
    g->inq[u] = 1;
    for (e = g->head[u]; e >= 0; e = g->next[e]) {
      int v = g->to[e];
      long long nd;
      (*work)++;
      if (g->cap[e] <= 0 || g->inq[v] || g->pot[v] >= FINF) continue;
      nd = g->dist[u] + g->cost[e] + g->pot[u] - g->pot[v];
      if (nd < g->dist[v]) { g->dist[v] = nd; g->prev[v] = e; hpush(g, nd, v); }
    }
  }
  for (i = 0; i < n; i++)
    if (g->dist[i] < FINF && g->pot[i] < FINF) { g->dist[i] += g->pot[i]; g->pot[i] = g->dist[i]; }
  return g->prev[1] >= 0;
}

/* Blocking flow on the admissible arcs (reduced cost 0 under the current
   potentials), Dinic style with current-arc pointers: one shortest-path
   computation serves every augmenting path of that cost. mark: 1 on the
   DFS stack (no cycles), 2 dead for this phase. */
static long long push(fg *g, int u, long long f, long *work) {
  long long done = 0;
  int e;
  if (u == 1) return f;
  g->mark[u] = 1;
  for (e = g->cur[u]; e >= 0; e = g->next[e]) {
    int v = g->to[e];
    g->cur[u] = e;
    (*work)++;
    if (g->cap[e] > 0 && g->mark[v] == 0 && g->dist[v] < FINF &&
        g->pot[u] + g->cost[e] == g->pot[v]) {
      long long d = push(g, v, f - done < g->cap[e] ? f - done : g->cap[e], work);
      g->cap[e] -= (int)d;
      g->cap[e ^ 1] += (int)d;
      done += d;
      if (done == f) break;
    }
  }
  g->mark[u] = done < f ? 2 : 0;
  return done;
}

/* One unit-or-more augmentation along the shortest path tree (prev). */
static long long along_prev(fg *g, long long f) {
  int v;
  for (v = 1; v != 0; v = g->to[g->prev[v] ^ 1])
    if (g->cap[g->prev[v]] < f) f = g->cap[g->prev[v]];
  for (v = 1; v != 0; v = g->to[g->prev[v] ^ 1]) {
    g->cap[g->prev[v]] -= (int)f;
    g->cap[g->prev[v] ^ 1] += (int)f;
  }
  return f;
}

/* Primal-dual successive shortest paths: augment while a path has
   positive profit (negative cost) and the flow cap allows. */
static long long ssp(fg *g, long long limit, long *work) {
  long long total = 0, flow = 0;
  int i;
  spfa(g, work);
  for (i = 0; i < g->n; i++) g->pot[i] = g->dist[i];
  while (flow < limit && g->prev[1] >= 0 && g->pot[1] < 0) {
    long long f;
    for (i = 0; i < g->n; i++) { g->cur[i] = g->head[i]; g->mark[i] = 0; }
    f = push(g, 0, limit - flow, work);
    if (f == 0) f = along_prev(g, limit - flow);   /* zero-cost cycles misled the DFS */
    flow += f;
    total += f * g->pot[1];
    dijkstra(g, work);
  }
  return total;
}

static int wget(const int *w, int i) { return w != NULL ? w[i] : 0; }

/* hub >= 0: whole-game limit with capacity > 1 -- each member's first
   attacker passes a hub of capacity limit. A tie-break below one unit of
   score (all other costs are scaled by sc): an extra unit costs 1/sc, and
   so does a capacity-1 member's first, so among the relaxed optima the
   flow leaves the fewest extra units off the hub (a capacity-2 blocker
   blocking once as "extra" is a creature the limit doesn't count) and
   its hub places go to members that can use their extras. Without it the
   C bench's mixed board at 100 per side decomposed into 57 blocking
   creatures (limit 51) at the flow's 94; with it into 51, and both mixed
   boards are proved at the root (94, 438). */
typedef struct fopt {
  long long M, sc, lim, T, L, smin, lam, nin;
  int hub;
  const signed char *bmode;
} fopt;

/* The arcs to the sink of attacker a. With L > 1 its must-be-blocked
   weight is spread over the units up to its minimum (must * L / min each,
   rounded up: a feasible declaration blocks it min times or not at all, so
   this is still an upper bound, and a tighter one for partial blocks). */
static void sink_arcs(fg *g, const bprep *bp, const fopt *o, int a, int mode, int node,
                      long long sc) {
  int mn = bp->mina[a], mx = bp->maxa[a];
  long long w = wget(bp->p->must_be_blocked, a), M = mode == 1 ? o->M * o->L : 0;
  long long bonus = mode == 3 && o->T > 1 ? 1 : 0;
  if (o->L > 1) {
    long long per = (w * o->L + mn - 1) / mn;
    arc(g, node, 1, mn, -(per + M) * sc - bonus);
    arc(g, node, 1, mx - mn, 0);
  } else if (M > 0 || bonus) {
    arc(g, node, 1, 1, -(w + M) * sc - bonus);
    arc(g, node, 1, mn - 1, -M * sc - bonus);
    arc(g, node, 1, mx - mn, 0);
  } else {
    arc(g, node, 1, 1, -w * sc);
    arc(g, node, 1, mx - 1, 0);
  }
}

static void build(fg *g, const bprep *bp, const signed char *amode,
                  const fopt *o, int *cnode) {
  int c, k, a, A0;
  long long sc = o->sc * o->T, scl = sc * o->L;
  g->m = 0; g->n = o->hub >= 0 ? 3 : 2;
  for (c = 0; c < bp->ncls; c++) cnode[c] = bp->cap[bp->rep[c]] ? g->n++ : -1;
  A0 = g->n; g->n += bp->na;
  for (k = 0; k < g->n; k++) g->head[k] = -1;
  if (o->hub >= 0) arc(g, 0, 2, (int)o->lim, 0);
  for (c = 0; c < bp->ncls; c++) {
    int b = bp->rep[c], n = bp->csize[c];
    long long u;
    int bm = o->bmode ? o->bmode[c] : 0;  /* solver_limit.c: 1 in the limit already, 2 out */
    if (cnode[c] < 0 || bm == 2) continue;
    u = bm ? 0 : o->lam / bp->cap[b];     /* the limit's price per unit (solver_limit.c) */
    arc(g, o->hub >= 0 && !bm ? 2 : 0, cnode[c], n,
        -(long long)bp->wblk[b] * scl + (o->hub >= 0 && bp->cap[b] == 1 ? o->T : 0) + u);
    arc(g, 0, cnode[c], n * (bp->cap[b] - 1), (o->hub >= 0 ? o->T : 0) + u);
    for (k = bp->coff[c]; k < bp->coff[c + 1]; k++)
      if (amode == NULL || amode[bp->ca[k]] != 2)
        arc(g, cnode[c], A0 + bp->ca[k], n, -(long long)bp->cw[k] * scl);
  }
  for (a = 0; a < bp->na; a++) {
    int mode = amode ? amode[a] : 0;
    if (mode == 2 || bp->maxa[a] == 0) continue;
    sink_arcs(g, bp, o, a, mode, A0 + a, sc);
  }
}

/* Flow on the class's first arc (from source or hub). */
static int first_flow(const fg *g, int cn, int from) {
  int e;
  for (e = g->head[cn]; e >= 0; e = g->next[e])
    if ((e & 1) && g->to[e] == from) return g->cap[e];
  return 0;
}

/* Deal each class's flow round-robin to its members (only to as many as
   passed the hub, when that fits); check forced minimums. Returns 0 if a
   forced minimum is unmet. */
static int decompose(const fg *g, const bprep *bp, const signed char *amode,
                     const fopt *o, const int *cnode, int *inflow, uint64_t *decl) {
  int c, e, a, A0 = o->hub >= 0 ? 3 : 2, i;
  for (c = 0; c < bp->ncls; c++) A0 += cnode[c] >= 0;
  for (i = 0; i < bp->nb * bp->nw; i++) decl[i] = 0;
  for (a = 0; a < bp->na; a++) inflow[a] = 0;
  for (i = 0; i < bp->nlive; i += bp->csize[c]) {
    int r = 0, n, fmax = 0, tot = 0;
    c = bp->cls[bp->order[i]];
    n = bp->csize[c];
    for (e = g->head[cnode[c]]; e >= 0; e = g->next[e])
      if (!(e & 1) && g->to[e] >= A0) {
        tot += g->cap[e ^ 1];
        if (g->cap[e ^ 1] > fmax) fmax = g->cap[e ^ 1];
      }
    if (o->hub >= 0) {
      int f1 = first_flow(g, cnode[c], 2);
      if (f1 >= fmax && (long long)f1 * bp->cap[bp->rep[c]] >= tot && f1 > 0) n = f1;
    }
    for (e = g->head[cnode[c]]; e >= 0; e = g->next[e]) {
      int f = g->cap[e ^ 1], v = g->to[e];
      if (v < A0 || (e & 1)) continue;
      inflow[v - A0] += f;
      while (f-- > 0) ARB_SET(decl + (size_t)bp->order[i + (r++ % n)] * bp->nw, v - A0);
    }
  }
  for (a = 0; a < bp->na; a++)
    if (amode && amode[a] == 1 && inflow[a] < bp->mina[a]) return 0;
  return 1;
}

static int all_cap1(const bprep *bp) {
  int i;
  for (i = 0; i < bp->nlive; i++) if (bp->cap[bp->order[i]] > 1) return 0;
  return 1;
}

static long long gcd(long long x, long long y) { while (y) { long long t = x % y; x = y; y = t; } return x; }

/* The spreading scale: the lcm of the minimums of attackers that carry a
   must-be-blocked weight (at most 840; past that, rounding up). */
static long long spread_scale(const bprep *bp) {
  const int *must = bp->p->must_be_blocked;
  long long L = 1;
  int a;
  if (must == NULL) return 1;
  for (a = 0; a < bp->na; a++)
    if (must[a] > 0 && bp->maxa[a] > 0 && bp->mina[a] > 1) {
      L = L / gcd(L, bp->mina[a]) * bp->mina[a];
      if (L > 840) return 840;
    }
  return L;
}

/* Whether every scaled cost stays far from overflow. */
static int fits(const bprep *bp, const fopt *o, long long K) {
  double q = (double)o->L * ((double)o->M * ((double)K + 1) + (double)bp->ub + 1) + (double)o->smin;
  return (double)o->T * (double)o->sc * q < 1e17;
}

/* Scales and the limit model. M (the forced bonus) beats every score, also
   rounded-up spreading; the hub model (whole-game limit with capacity > 1)
   scales by 1 + every possible extra unit and capacity-1 first; mode 3
   ("prefer", the dive's) gives units up to an attacker's minimum a bonus of
   1, below one unit T of every other profit, so among the relaxed optima
   the flow picks one nearest the minimums. Each refinement is dropped if costs could overflow. */
static void options(const bprep *bp, const signed char *amode, long long K, fopt *o,
                    const arb_limit_node *ln) {
  int c, a;
  long long sc = 1, T = 1;
  o->sc = 1; o->hub = -1; o->lim = (long long)1 << 60; o->T = 1; o->smin = 0; o->lam = 0;
  o->nin = 0; o->bmode = ln != NULL ? ln->bmode : NULL;
  if (o->bmode != NULL)
    for (c = 0; c < bp->ncls; c++) if (o->bmode[c] == 1) o->nin += bp->csize[c];
  for (a = 0; a < bp->na; a++) if (bp->maxa[a] > 0) o->smin += bp->mina[a];
  o->M = bp->ub + 1 + o->smin;
  o->L = spread_scale(bp);
  if (!fits(bp, o, K)) o->L = 1;
  if (bp->p->max_blocking >= 0 && all_cap1(bp)) o->lim = bp->p->max_blocking;
  else if (bp->p->max_blocking >= 0) {
    for (c = 0; c < bp->ncls; c++)
      sc += (long long)bp->csize[c] * (bp->cap[bp->rep[c]] > 1 ? bp->cap[bp->rep[c]] - 1 : 1);
    o->sc = sc;
    if (fits(bp, o, K)) { o->hub = 2; o->lim = bp->p->max_blocking - o->nin; }
    else o->sc = 1;
  }
  if (amode != NULL) {
    for (a = 0; a < bp->na; a++) if (amode[a] == 3) T += bp->mina[a];
    o->T = T;
    if (!fits(bp, o, K)) o->T = 1;
  }
  if (ln != NULL && ln->den > 0 && bp->p->max_blocking >= 0 && !all_cap1(bp)) {
    double x = (double)ln->num / (double)ln->den * (double)o->sc * (double)o->T * (double)o->L;
    if (x * ((double)bp->p->max_blocking + 1) < 1e17) o->lam = (long long)x;
  }
}

/* One relaxation. Returns 1 (decl, *val = relaxed optimum), 0 when the
   forced minimums can't all be met, or an error. */
static int flow_any(arb_solver *s, bprep *bp, const signed char *amode, uint64_t *decl,
                    long long *val, long *work, long long *prices, long long q,
                    const arb_limit_node *ln) {
  fg g;
  fopt o;
  size_t n = (size_t)bp->ncls + bp->na + 4;
  size_t m = 2 * (2 * (size_t)bp->ncls + (size_t)bp->coff[bp->ncls] + 3 * (size_t)bp->na) + 4;
  int *cnode = arb_solver_ws(s, WS_F_CARC, ((size_t)bp->ncls + 1) * sizeof(int));
  int *inflow = arb_solver_ws(s, WS_BBCNT, ((size_t)bp->na + 1) * sizeof(int));
  long long K = 0, cost;
  int a;
  if (!cnode || !inflow || !falloc(s, &g, n, m)) return ARB_SOLVER_ENOMEM;
  for (a = 0; a < bp->na; a++)
    if (amode && amode[a] == 1) K += bp->mina[a];
  options(bp, amode, K, &o, ln);
  build(&g, bp, amode, &o, cnode);
  cost = ssp(&g, o.hub >= 0 ? (long long)1 << 60 : o.lim, work);
  if (!decompose(&g, bp, amode, &o, cnode, inflow, decl)) return 0;
  cost -= o.lam * (bp->p->max_blocking >= 0 ? bp->p->max_blocking - o.nin : 0);
  *val = ((-cost / o.T + o.sc - 1) / o.sc - o.M * o.L * K) / o.L;
  if (prices != NULL) {          /* a class unit's marginal value: its path on to the sink */
    int c;
    double f = (double)q / ((double)o.sc * (double)o.T * (double)o.L);
    for (c = 0; c < bp->ncls; c++) {
      long long d = cnode[c] >= 0 && g.pot[cnode[c]] < FINF && g.pot[1] < FINF ?
                    g.pot[cnode[c]] - g.pot[1] : -1;
      double x = (double)d * f;
      prices[c] = d < 0 ? -1 : x > 1e18 ? (long long)1e18 : (long long)x;   /* no overflow */
    }
  }
  return 1;
}

int arb_solver_flow_run(arb_solver *s, bprep *bp, const signed char *amode,
                        uint64_t *decl, long long *val, long *work) {
  return flow_any(s, bp, amode, decl, val, work, NULL, 0, NULL);
}

int arb_solver_flow(arb_solver *s, bprep *bp, uint64_t *decl, long long *fmax) {
  long work = 0;
  return arb_solver_flow_run(s, bp, NULL, decl, fmax, &work);
}

/* The relaxation, and per class the value of one more unit (x q, -1 when
   no path): prices the Lagrangian bound can start from. */
int arb_solver_flow_prices(arb_solver *s, bprep *bp, const signed char *amode, uint64_t *decl,
                           long long *val, long *work, long long *prices, long long q) {
  return flow_any(s, bp, amode, decl, val, work, prices, q, NULL);
}

/* The relaxation with the whole-game limit priced (solver_limit.c): each
   unit of a capacity-k blocker pays num / (den k) (rounded down), and the
   bound gets the price of the limit's places back: an upper bound for any
   price (weak duality). A class with bmode 1 holds a place of the limit
   already (its units pass no hub, pay nothing), one with bmode 2 blocks
   nothing. */
int arb_solver_flow_limit(arb_solver *s, bprep *bp, const signed char *amode, uint64_t *decl,
                          long long *val, long *work, const arb_limit_node *ln) {
  return flow_any(s, bp, amode, decl, val, work, NULL, 0, ln);
}
