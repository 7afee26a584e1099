/*
** solver_int.h — internal to solver*.c: workspace slots and the prepared
** block problem shared by the layers (separable, flow, branch and bound).
** Nothing here is public API.
*/
#ifndef ARB_SOLVER_INT_H
#define ARB_SOLVER_INT_H

#include "solver.h"

/* One reusable buffer per slot; grown through the caller's allocator. */
enum {
  WS_CAP, WS_WBLK, WS_POFF, WS_PA, WS_PW, WS_CLS, WS_REP, WS_CSIZE, WS_ORDER,
  WS_INDEP, WS_COFF, WS_CA, WS_CW, WS_TMPW, WS_HASH, WS_CNT, WS_DECL,
  WS_BEST, WS_SUF, WS_RC, WS_MAXA, WS_MINA, WS_LAST, WS_PROP,
  WS_F_HEAD, WS_F_NEXT, WS_F_TO, WS_F_CAP, WS_F_COST, WS_F_DIST, WS_F_PREV,
  WS_F_INQ, WS_F_QUEUE, WS_F_CARC, WS_POS, WS_CHOSEN, WS_ROWS, WS_CVAL, WS_STACK, WS_BBCNT, WS_PK, WS_SUFMAX, WS_AMODE, WS_TCAND,
  WS_F_POT, WS_F_HEAPK, WS_F_HEAPV, WS_F_CUR, WS_F_MARK, WS_TREP, WS_DMODE, WS_DCAND, WS_DREP, WS_NCNT,
  WS_L_AOFF, WS_L_ACLS, WS_L_AW, WS_L_USED, WS_L_U, WS_L_VALS, WS_L_TA, WS_L_FA, WS_TFIX, WS_OFFER, WS_LIMIT, WS_LIM_D, WS_LIM_CNT, WS_LIM_UNITS,
  WS_LIM_AMODE, WS_LIM_BMODE, WS_LIM_CAND, WS_LIM_REP, WS_L_POS, WS_D_ORD, WS_D_RANK, WS_D_CUMN, WS_D_CUMS, WS_D_EV, WS_D_PTS, WS_D_NN, WS_D_NS, WS_D_IN, WS_D_BASE,
  WS_NEAR_G, WS_NEAR_T, WS_NEAR_F, WS_NEAR_C, WS_NEAR_W, WS_NEAR_M,
  WS_NSLOTS
};

struct arb_solver {
  arb_alloc_fn alloc;
  void *ud;
  long budget;
  long ceiling, spent;  /* arb_solver_set_ceiling; spent: nodes of finished searches since */
  int stopped;          /* the ceiling stopped a search */
  void *buf[WS_NSLOTS];
  size_t size[WS_NSLOTS];
};

void *arb_solver_ws(arb_solver *s, int slot, size_t bytes);
/* Whether a search that has counted nodes must stop: past limit (its node budget), or past
   the caller's ceiling less what this call's finished searches spent (then s->stopped). Every
   search checks here where it checks its budget; each adds its count to s->spent at its end. */
int arb_solver_out(arb_solver *s, long nodes, long limit);

#define ARB_BIG 0x3fffffff

/* Prepared block problem: defaults resolved, classes of identical
   blockers found, each class's choices sorted by weight. */
typedef struct bprep {
  const arb_block_problem *p;
  int na, nb, nw;
  int *cap;        /* effective capacity, 0 if the blocker can't block at all */
  int *wblk;       /* blocks-if-able weight, 0 if exempt */
  int *mina, *maxa;/* per attacker, resolved */
  int *poff, *pa, *pw; /* pair requirements by blocker (CSR, by attacker) */
  int *cls, *rep, *csize, ncls; /* class of each blocker; class representative */
  int *order;      /* live blockers grouped by class, classes by indep desc */
  int nlive;       /* blockers that can block something */
  long long *indep;/* per class: best independent score of one member */
  int *coff, *ca, *cw; /* per class: eligible attackers by weight desc */
  long long must_ub; /* sum of must-be-blocked weights of blockable attackers */
  long long ub;      /* separable upper bound */
} bprep;

int arb_solver_prep(arb_solver *s, const arb_block_problem *p, bprep *bp);
/* The limit counted per group (group, group_limit) is on: the layers built for the
   whole-game limit alone step aside (solver_block.c), the branch and bound counts it. */
int arb_solver_grouped(const arb_block_problem *p);
long long arb_solver_bscore(const arb_block_problem *p, const uint64_t *decl);
int arb_solver_bcheck(const arb_block_problem *p, const uint64_t *decl,
                      int *cnt, arb_solver_reason *r);
int arb_solver_condition(const arb_block_problem *p, const uint64_t *decl, int *who);
int arb_solver_separable(arb_solver *s, bprep *bp, uint64_t *decl);
int arb_solver_flow(arb_solver *s, bprep *bp, uint64_t *decl, long long *fmax);
int arb_solver_flow_run(arb_solver *s, bprep *bp, const signed char *amode,
                        uint64_t *decl, long long *val, long *work);
/* The same, and per class the marginal value of a unit (x q; -1: no
   path on), the prices solver_lagr.c's bound starts from. */
int arb_solver_flow_prices(arb_solver *s, bprep *bp, const signed char *amode, uint64_t *decl,
                           long long *val, long *work, long long *prices, long long q);
/* The same with the whole-game limit priced at num / den per blocking
   creature (den <= 0: not priced), and the bound over such prices
   (solver_limit.c): 1 and *bound, 0 when the node is infeasible, or an
   error; candidates it meets are offered to *best / best_decl. */
typedef struct arb_limit_node {
  long long num, den;         /* the price of a place of the limit, num / den */
  const signed char *bmode;   /* per class: 0 open, 1 holds a place, 2 out; NULL = all 0 */
} arb_limit_node;
int arb_solver_flow_limit(arb_solver *s, bprep *bp, const signed char *amode, uint64_t *decl,
                          long long *val, long *work, const arb_limit_node *ln);
int arb_solver_limit_priced(const bprep *bp);
int arb_solver_limit_broken(const bprep *bp, const uint64_t *decl);
/* Local moves from best_decl (fill, newcomers, swaps) within the limit. */
int arb_solver_limit_search(arb_solver *s, bprep *bp, long long *best, uint64_t *best_decl,
                            long *work);
int arb_solver_limit_bound(arb_solver *s, bprep *bp, const signed char *amode,
                           long long *bound, long long *best, uint64_t *best_decl, long *work,
                           long long *price);
/* Branch and bound over thresholds and the capacity > 1 blockers' places
   in the limit, every node bounded by the flow at the limit's price
   (price / 64 a place): OK (exact), UNKNOWN (budget), 2 (a node it can't
   settle: "alone", or a class of several such blockers), or an error. */
int arb_solver_limit_branch(arb_solver *s, bprep *bp, long long price, long long *best,
                            long long ub, uint64_t *best_decl, long *nodes);
/* Lagrangian bound over thresholds (solver_lagr.c): init once per
   prepared problem; per node, a flow's prices (arb_solver_flow_prices with
   q = arb_solver_lagr_q() into arb_solver_lagr_prices) and then the bound. */
int arb_solver_lagr_init(arb_solver *s, bprep *bp);
long long *arb_solver_lagr_prices(arb_solver *s, bprep *bp);
long long arb_solver_lagr_q(void);
int arb_solver_lagr(arb_solver *s, bprep *bp, const signed char *amode, long long *bound,
                    long *work);
int arb_solver_lagr_fix(arb_solver *s, bprep *bp, signed char *amode, long long best,
                        int *fixed);
/* Better prices for the bound from the current ones (solver_dual.c):
   coordinate descent, each class's price set to the best for the bound
   with the others fixed, up to sweeps passes, until the bound is <=
   target or *work passes limit; then as arb_solver_lagr (1 and *bound, 0
   infeasible, 2 no bound: weights too large for exact sums). */
int arb_solver_lagr_descend(arb_solver *s, bprep *bp, const signed char *amode,
                            long long target, int sweeps, long long *bound, long *work,
                            long limit);
int arb_solver_lagr_modes(arb_solver *s, bprep *bp, signed char *base, long long tol);
long long arb_solver_lagr_gain(arb_solver *s, bprep *bp, int a);
int arb_solver_lagr_blocks(arb_solver *s, bprep *bp, int a);
/* Repair a declaration in place until it obeys every restriction (a primal
   heuristic): 1 and *score when it does, 0 if not, or an error. */
int arb_solver_repair(arb_solver *s, bprep *bp, uint64_t *decl, long long *score);
/* A primal heuristic for min-blocker thresholds (a dive over flow
   relaxations with ties broken toward the minimums), under the node's
   attacker modes base (NULL: none), with chances: then each attacker it
   gave up forced back once (screened by the Lagrangian bound at its
   prices); no new round once *nodes reaches until: raises *best
   (best_decl) when it finds better; charges *nodes; returns 0 or an error. */
int arb_solver_dive(arb_solver *s, bprep *bp, const signed char *base, long long *best,
                    long long ub, uint64_t *best_decl, long *nodes, int chances, long until);
/* Layer (d) over min-blocker thresholds: returns OK (exact: *best, decl),
   UNKNOWN (budget), 2 (a leaf broke "alone"/limit: not exact), or error. */
int arb_solver_thresholds(arb_solver *s, bprep *bp, long long *best,
                          long long ub, uint64_t *best_decl, long *nodes);

/* Branch and bound modes. */
enum { BB_MAX, BB_ENUM, BB_NEAR };
typedef struct bbargs {
  int mode;
  long long target;         /* ENUM/NEAR: the proved maximum */
  long long best;           /* MAX: best known (in/out) */
  long long ub;             /* MAX: stop when best reaches it */
  uint64_t *best_decl;      /* MAX/NEAR out */
  const uint64_t *proposal; /* NEAR */
  int best_changes;         /* NEAR out */
  long limit, count;        /* ENUM */
  arb_block_visit visit;
  void *ud;
  long nodes;
  int out_of_budget;
  int err;                  /* a condition aborted (ARB_SOLVER_ECALLBACK) */
} bbargs;
int arb_solver_branch(arb_solver *s, bprep *bp, bbargs *a);

/* solver_near.c: a proved lower bound on the rows any legal declaration
   changes in a proposal (0 iff it is legal), given the proved maximum. */
int arb_solver_block_bound(arb_solver *s, const bprep *bp, long long max,
                           const uint64_t *proposal, int *bound);
int arb_solver_attack_bound(arb_solver *s, const arb_attack_problem *p, long long max,
                            const int *proposal, int *bound);
/* solver_attack.c: a creature's best value (its weight and its best pair), whether it may
   attack defender d, and what attacking d obeys (exempt creatures: 0). */
long long arb_solver_attack_value(const arb_attack_problem *p, int c);
int arb_solver_attack_may(const arb_attack_problem *p, int c, int d);
long long arb_solver_attack_obeys(const arb_attack_problem *p, int c, int d);

#define ARB_WORDS(n) (((n) + 63) / 64)
#define ARB_HAS(row, i) (((row)[(i) >> 6] >> ((i) & 63)) & 1u)
#define ARB_SET(row, i) ((row)[(i) >> 6] |= (uint64_t)1 << ((i) & 63))
#define ARB_CLR(row, i) ((row)[(i) >> 6] &= ~((uint64_t)1 << ((i) & 63)))

#endif
