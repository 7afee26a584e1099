/*
** solver.h — legal attacks and blocks (rules 500.2-500.5, 501), pure C99.
**
** Contract:
**  - A declaration is legal iff it obeys every restriction (500.1) and obeys
**    as many requirements as the most any restriction-obeying declaration
**    obeys (500.4); ties are all legal. Requirements count with weights.
**  - The empty declaration (nobody blocks / nobody attacks) always obeys every
**    restriction this solver models (eligibility, capacity, {0} u [min,max]
**    blockers per attacker, "can't block/attack alone", whole-game limits),
**    so a maximum always exists and is >= 0.
**  - No Lua, no globals, no static mutable state. All memory goes through the
**    caller's allocator (lua_Alloc shape) into an arb_solver workspace that
**    the caller may reuse across calls; the search allocates nothing per node.
**  - Searches are bounded by a node budget; when it runs out the answer is
**    ARB_SOLVER_UNKNOWN, never a wrong verdict.
**  - Returns: ARB_SOLVER_OK (0), ARB_SOLVER_UNKNOWN (1), or a negative error
**    (ARB_SOLVER_ENOMEM, ARB_SOLVER_EINVAL); on error nothing leaks and the
**    workspace stays usable.
*/
#ifndef ARB_SOLVER_H
#define ARB_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#ifndef ARB_ALLOC_FN_DEFINED
#define ARB_ALLOC_FN_DEFINED
/* lua_Alloc's shape: nsize 0 frees; return NULL on failure. */
typedef void *(*arb_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);
#endif

#define ARB_SOLVER_UNLIMITED (-1)
#define ARB_SOLVER_DEFAULT_BUDGET 2000000L

/* The core's sign convention (arbiter.h): 0 success, negative an error,
** positive an outcome that is no error. */
enum {
  ARB_SOLVER_OK = 0,
  ARB_SOLVER_UNKNOWN = 1,   /* budget ran out: maximum not proved */
  ARB_SOLVER_ENOMEM = -1,
  ARB_SOLVER_EINVAL = -2,
  ARB_SOLVER_ECALLBACK = -3 /* a declaration-wide condition failed (its error) */
};

/* Which layer certified the maximum. */
typedef enum arb_solver_layer {
  ARB_LAYER_NONE = 0,
  ARB_LAYER_TRIVIAL,     /* upper bound 0: the empty declaration is optimal */
  ARB_LAYER_SEPARABLE,   /* independent best choices were jointly legal */
  ARB_LAYER_FLOW,        /* min-cost flow relaxation was restriction-obeying */
  ARB_LAYER_BRANCH,      /* branch and bound proved the maximum */
  ARB_LAYER_BUDGET       /* node budget ran out: UNKNOWN */
} arb_solver_layer;

/* Why a declaration breaks a restriction (500.2, 500.3, 501). */
typedef enum arb_solver_reason_code {
  ARB_REASON_NONE = 0,
  ARB_REASON_NOT_ELIGIBLE,     /* creature can't block that attacker / can't attack that defender */
  ARB_REASON_CAPACITY,         /* blocker blocks more attackers than it may */
  ARB_REASON_TOO_FEW_BLOCKERS, /* attacker blocked by fewer than its minimum (e.g. menace) */
  ARB_REASON_TOO_MANY_BLOCKERS,/* attacker blocked by more than its maximum */
  ARB_REASON_ALONE,            /* creature can't block/attack alone */
  ARB_REASON_LIMIT,            /* more blocking/attacking creatures than the game allows */
  ARB_REASON_REQUIREMENTS,     /* restrictions obeyed, too few requirements (500.4) */
  ARB_REASON_UNKNOWN,          /* restrictions obeyed, maximum not proved */
  ARB_REASON_CONDITION         /* a blocker's "can't block unless ..." condition fails */
} arb_solver_reason_code;

typedef struct arb_solver_reason {
  int code;      /* arb_solver_reason_code */
  int creature;  /* blocker / attacking creature, or -1 */
  int other;     /* attacker (blocks) / defender (attacks), or -1 */
  long count;    /* the offending count (blockers, attackers, score) */
  long bound;    /* the limit it broke (min, max, limit, maximum score) */
} arb_solver_reason;

typedef struct arb_solver_result {
  int status;            /* ARB_SOLVER_OK or ARB_SOLVER_UNKNOWN */
  long long max;         /* proved maximum, or -1 when unknown */
  long long lower;       /* best score of a restriction-obeying declaration found */
  long long upper;       /* proved upper bound on the maximum */
  arb_solver_layer layer;
  long nodes;            /* branch-and-bound nodes used */
} arb_solver_result;

typedef struct arb_solver_verdict {
  int status;            /* ARB_SOLVER_OK or ARB_SOLVER_UNKNOWN */
  int legal;             /* 1 legal, 0 illegal, -1 unknown */
  int obeys_restrictions;
  long long score;       /* requirements obeyed (weighted) */
  arb_solver_reason reason;
  arb_solver_result result;
} arb_solver_verdict;

/* Workspace: allocator, budget, reusable work arrays. Not thread-shared. */
typedef struct arb_solver arb_solver;

arb_solver *arb_solver_new(arb_alloc_fn alloc, void *ud);
void arb_solver_free(arb_solver *s);
void arb_solver_set_budget(arb_solver *s, long nodes);  /* <= 0: default */
long arb_solver_budget(const arb_solver *s);
/* A ceiling on the nodes of the calls that follow, all of them together (<= 0: none), for a
   caller that pays for the work (the binding charges a card script's instruction budget,
   issue 24): past it a search stops and arb_solver_stopped says so; what such a call answered
   is void. The budget's decisions don't see it, so every answer given within the ceiling is the
   answer given without one. Setting it starts a new count of the nodes spent. */
void arb_solver_set_ceiling(arb_solver *s, long nodes);
long arb_solver_spent(const arb_solver *s);    /* nodes searched since the ceiling was set */
int arb_solver_stopped(const arb_solver *s);   /* 1 if the ceiling stopped a search */
/* Work the caller does inside a search (a visitor making each declaration), counted against
   the ceiling in nodes: 1 when it is now past it (the visitor returns nonzero to stop). */
int arb_solver_spend(arb_solver *s, long nodes);

/* ---- blocks (500.3-500.5) ---- */

typedef struct arb_block_pair {  /* requirement: blocker blocks attacker */
  int blocker, attacker, weight;
} arb_block_pair;

/* A declaration-wide restriction from outside ("can't block unless a
   creature with greater power also blocks", 500.1): called with a whole
   declaration in which some conditioned blocker blocks; returns 1 if every
   such blocker's condition holds, 0 if one fails (*who = that blocker), or
   < 0 to abort (the solve returns ARB_SOLVER_ECALLBACK). Each call costs
   ARB_CONDITION_NODES nodes of the budget. With a condition, identical
   blockers aren't merged (a condition may tell them apart). */
typedef int (*arb_block_condition)(void *ud, const uint64_t *decl, int *who);
#define ARB_CONDITION_NODES 64

/* Any NULL per-creature array means the default noted. */
typedef struct arb_block_problem {
  int na, nb;                      /* attackers, potential blockers */
  const uint64_t *eligible;        /* nb rows of arb_block_words(na) words:
                                      bit a of row b = b may block a, all
                                      restrictions and evasion folded in */
  const int *capacity;             /* per blocker, attackers it may block:
                                      0, 1, k, ARB_SOLVER_UNLIMITED; NULL = 1 */
  const int *min_blockers;         /* per attacker; NULL = 1 (2 = menace) */
  const int *max_blockers;         /* per attacker; NULL = unlimited */
  const unsigned char *cant_block_alone; /* per blocker; NULL = none */
  const unsigned char *exempt;     /* per blocker: its requirements don't count */
  int max_blocking;                /* whole-game limit on blocking creatures,
                                      ARB_SOLVER_UNLIMITED = none */
  const unsigned char *group;      /* per blocker: its group (< 64), NULL = none; with groups,
                                      "can't block alone" counts the blocker's group only */
  int group_limit;                 /* with group: blocking creatures per group,
                                      ARB_SOLVER_UNLIMITED = none (multiplayer: "no more
                                      than one creature can block each combat" counts per
                                      defending player); max_blocking still holds too */
  const int *blocks_if_able;       /* per blocker weight, NULL = 0 */
  const int *must_be_blocked;      /* per attacker weight, NULL = 0 */
  const int *lure;                 /* per attacker: every non-exempt blocker has a
                                      pair requirement of this weight; NULL = 0 */
  const arb_block_pair *pairs;     /* extra pair requirements (provoke...) */
  int npairs;
  const unsigned char *conditioned;/* per blocker: "can't block unless ..."; NULL = none */
  arb_block_condition condition;   /* asked when a conditioned blocker blocks */
  void *condition_ud;
} arb_block_problem;

/* A block declaration: nb rows of arb_block_words(na) words; bit a of row b
   set = b blocks a. All-zero row = b does not block. */
int arb_block_words(int na);

/* Called per legal declaration; return nonzero to stop. */
typedef int (*arb_block_visit)(void *ud, const uint64_t *decl);

/* Maximum and (if witness != NULL) one optimal declaration. */
int arb_block_solve(arb_solver *s, const arb_block_problem *p,
                    arb_solver_result *res, uint64_t *witness);
/* Restrictions only: fills *reason (first broken restriction) and *score;
   returns 1 if every restriction is obeyed, 0 if not, <0 on error. */
int arb_block_restrictions(arb_solver *s, const arb_block_problem *p,
                           const uint64_t *decl, arb_solver_reason *reason,
                           long long *score);
/* Full verdict for a proposal (solves for the maximum). */
int arb_block_check(arb_solver *s, const arb_block_problem *p,
                    const uint64_t *decl, arb_solver_verdict *v);
/* The verdict against a maximum already solved for this problem (a cached
   arb_block_solve result): scoring only. */
int arb_block_judge(arb_solver *s, const arb_block_problem *p,
                    const uint64_t *decl, const arb_solver_result *r,
                    arb_solver_verdict *v);
/* Visit legal declarations, at most limit of them (limit <= 0: all).
   *count = number visited. UNKNOWN if the budget ran out first. */
int arb_block_enumerate(arb_solver *s, const arb_block_problem *p, long limit,
                        arb_block_visit visit, void *ud, long *count);
/* A legal declaration changing the fewest blockers' rows of the proposal.
   Exact unless the budget runs out (then best found, status UNKNOWN). */
int arb_block_nearest(arb_solver *s, const arb_block_problem *p,
                      const uint64_t *proposal, uint64_t *out, int *changes);

/* The same two, given the result and witness of an earlier arb_block_solve
   of this very problem (a cache): the layers aren't run again. */
int arb_block_enumerate_known(arb_solver *s, const arb_block_problem *p,
                              const arb_solver_result *known, const uint64_t *kwit,
                              long limit, arb_block_visit visit, void *ud, long *count);
int arb_block_nearest_known(arb_solver *s, const arb_block_problem *p,
                            const arb_solver_result *known, const uint64_t *kwit,
                            const uint64_t *proposal, uint64_t *out, int *changes);

/* The same within a node budget of its own (nodes <= 0: the workspace's):
   the search starts from the witness (a legal declaration when the maximum
   is exact) and keeps the closest found; UNKNOWN = not proved nearest. A UI
   explaining an illegal proposal uses this with a budget proportional to
   the maximum's cost, so a check never costs much more than the maximum. */
int arb_block_nearest_within(arb_solver *s, const arb_block_problem *p,
                             const arb_solver_result *known, const uint64_t *kwit,
                             const uint64_t *proposal, uint64_t *out, int *changes,
                             long nodes);

/* The same, also giving *bound (NULL: not asked): a proved lower bound on the rows any
   legal declaration changes in the proposal, *changes when OK; when UNKNOWN, 0 if the
   maximum itself is unproved, else at least 1 for an illegal proposal (solver_near.c).
   A bound reaching the declaration found proves it nearest: OK without searching on. */
int arb_block_nearest_bounded(arb_solver *s, const arb_block_problem *p,
                              const arb_solver_result *known, const uint64_t *kwit,
                              const uint64_t *proposal, uint64_t *out, int *changes,
                              long nodes, int *bound);

/* arb_block_solve (res, witness: its result and witness) and then arb_block_nearest_bounded
   given them, within size(ud, res) nodes, on one preparation of the problem: the same
   results as the two calls. A negative error of the solve is returned before any search
   (res, witness then unspecified). */
int arb_block_solve_nearest(arb_solver *s, const arb_block_problem *p,
                            arb_solver_result *res, uint64_t *witness,
                            const uint64_t *proposal, uint64_t *out, int *changes,
                            long (*size)(void *ud, const arb_solver_result *r), void *ud,
                            int *bound);

/* ---- attacks (500.2) ---- */

typedef struct arb_attack_pair {  /* requirement: creature attacks defender */
  int creature, defender, weight;
} arb_attack_pair;

/* A declaration-wide restriction on attackers from outside ("can't attack
   unless two other creatures attack", 500.1): called with a declaration in
   which some conditioned creature attacks; returns 1 if every such creature's
   condition holds, 0 if one fails (*who = that creature), or < 0 to abort
   (ARB_SOLVER_ECALLBACK). Each call costs ARB_CONDITION_NODES nodes. With a
   condition the maximum has no closed form: a branch and bound finds it. */
typedef int (*arb_attack_condition)(void *ud, const int *decl, int *who);

typedef struct arb_attack_problem {
  int n, ndef;                     /* creatures, defending players (<= 64) */
  const uint64_t *can_attack;      /* per creature defender mask; 0 = can't */
  const int *attacks_if_able;      /* per creature weight, NULL = 0 */
  const unsigned char *cant_attack_alone; /* NULL = none */
  const unsigned char *exempt;     /* NULL = none */
  int max_attacking;               /* ARB_SOLVER_UNLIMITED = none */
  const arb_attack_pair *pairs;    /* "attacks <player> each combat if able" */
  int npairs;
  const unsigned char *conditioned;/* per creature: "can't attack unless ..."; NULL = none */
  arb_attack_condition condition;  /* asked when a conditioned creature attacks */
  void *condition_ud;
} arb_attack_problem;

/* Declaration: per creature the defender index, or -1 (not attacking). */
typedef int (*arb_attack_visit)(void *ud, const int *decl);

int arb_attack_solve(arb_solver *s, const arb_attack_problem *p,
                     arb_solver_result *res, int *witness);
int arb_attack_restrictions(const arb_attack_problem *p, const int *decl,
                            arb_solver_reason *reason, long long *score);
int arb_attack_check(arb_solver *s, const arb_attack_problem *p,
                     const int *decl, arb_solver_verdict *v);
int arb_attack_judge(const arb_attack_problem *p, const int *decl,
                     const arb_solver_result *r, arb_solver_verdict *v);
int arb_attack_enumerate(arb_solver *s, const arb_attack_problem *p, long limit,
                         arb_attack_visit visit, void *ud, long *count);
int arb_attack_nearest(arb_solver *s, const arb_attack_problem *p,
                       const int *proposal, int *out, int *changes);
/* Within a node budget of its own (nodes <= 0: the workspace's); starts
   from the witness, keeps the closest found; UNKNOWN = not proved nearest. */
int arb_attack_nearest_within(arb_solver *s, const arb_attack_problem *p,
                              const int *proposal, int *out, int *changes, long nodes);
/* With *bound, as arb_block_nearest_bounded. */
int arb_attack_nearest_bounded(arb_solver *s, const arb_attack_problem *p,
                               const int *proposal, int *out, int *changes, long nodes,
                               int *bound);

#endif
