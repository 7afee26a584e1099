/*
** lcombat.h — private to the combat binding (csrc/lcombat*.c, and the random agent's
** declarations, lagent_random.c): the combat solver's per-game cache and the helpers the
** attack and block calls share.
*/
#ifndef ARB_LCOMBAT_H
#define ARB_LCOMBAT_H
#include "lbind.h"
#include "combat.h"
#include "solver.h"

/* ---- the cache ---- */

typedef struct acache {
  int valid, solved;
  uint64_t gen;
  long budget;
  arb_attack_build b;
  unsigned char *unpaid;  /* per candidate */
  int *witness;
  arb_solver_result r;
} acache;

typedef struct bcache {
  int valid, solved;
  uint64_t gen;
  long budget;
  arb_block_build b;
  unsigned char *unpaid;  /* per potential blocker */
  uint64_t *witness;
  arb_solver_result r;
} bcache;

struct arb_combat_cache {
  lua_Alloc af;
  void *ud;
  acache a;
  bcache b;
};

arb_solver *arb_lc_solver(lua_State *L, lgame *lg);
struct arb_combat_cache *arb_lc_cache(lua_State *L, lgame *lg);
void *arb_lc_cmem(struct arb_combat_cache *c, void *p, size_t o, size_t n);
void arb_lc_adrop(lgame *lg, struct arb_combat_cache *c);
void arb_lc_bdrop(lgame *lg, struct arb_combat_cache *c);
/* A fold reads the definitions' combat functions through env.defs pushed once (arb_lc_defs,
** its index returned): arb_lc_def pushes card id's definition (1) or nothing (0); a field of
** the definition at index def: arb_lc_field_is_fn (nothing pushed; arb_lc_def_asks: either of
** two fields of card id's), arb_lc_field_fn (the
** function pushed, guarded: a card script runs in its budget); arb_lc_defs_fn both steps.
** arb_lc_def_fn: one read on its own (env.defs fetched for it). */
int arb_lc_defs(lua_State *L, int gidx);
int arb_lc_def(lua_State *L, int defs, arb_game *g, int id);
int arb_lc_field_is_fn(lua_State *L, int def, const char *field);
int arb_lc_def_asks(lua_State *L, int defs, arb_game *g, int id, const char *f1, const char *f2);
int arb_lc_field_fn(lua_State *L, lgame *lg, int def, const char *field);
int arb_lc_defs_fn(lua_State *L, lgame *lg, int defs, int id, const char *field);
int arb_lc_def_fn(lua_State *L, int gidx, int id, const char *field);
/* The restrictions continuous effects grant (g:add_static{block_condition = | can_attack =}):
** pushes the Lua layer's checker env[field] ("granted_block", "granted_attack") and returns 1
** when such an effect was ever made in this game, else 0 and nothing pushed. */
int arb_lc_granted(lua_State *L, int gidx, const char *field);
/* Asks the checker at the stack's top about (a, b): the creature and the attacker it would
** block, or the creature and the player it would attack (is_player). */
int arb_lc_granted_ok(lua_State *L, int a, int b, int is_player);
int arb_lc_in_set(lua_State *L, int set, int gidx, int id);
void arb_lc_fset(lua_State *L, int fidx, int k, int narr);
void arb_lc_push_result(lua_State *L, const arb_solver_result *r);
void arb_lc_push_verdict(lua_State *L, const arb_solver_verdict *v, int gidx, const int32_t *who,
                         const int32_t *other_cards, const int32_t *other_players, int size);
extern const char *const arb_lc_modes[];
int arb_lc_results(lua_State *L, int rc, int mode);
/* Whether g:_attack / g:_block was asked (args 2..5) for the nearest legal declaration to a
** proposal, without unpaid costs or a node limit, outside a script's budgeted call: -1 no,
** else how many entries the proposal has (0: empty). */
int arb_lc_plain_nearest(lua_State *L, const lgame *lg);
int arb_lc_run_body(lua_State *L, lua_CFunction body);
void *arb_lc_buffers(lua_State *L, lgame *lg, size_t *nbytes, size_t n);
void arb_lc_buffers_free(lgame *lg, void **p, size_t nbytes);
/* A card script's call pays for the search it causes (issue 24 item 4): arb_lc_meter before the
** body caps the solver at what is left of the call's budget (ARB_L_WORK_NODE a node);
** arb_lc_unmeter after it returns the nodes searched, or -1 when the cap stopped the search
** (then *status becomes an error: the answer is void, nothing may be cached); arb_lc_pay
** charges them (-1: raises the budget's error). Outside script calls: no cap, no charge. */
#define ARB_LC_NEAR_NODES 16    /* a nearest search's nodes: factor x (this + the maximum's + creatures) */
#ifndef ARB_LC_NEAR_FACTOR
#define ARB_LC_NEAR_FACTOR 4
#endif
#define ARB_LC_VISIT_PER_NODE 8   /* a declaration made for a visit: a node per 8 creatures (pairs) */
void arb_lc_meter(lua_State *L, lgame *lg);
long arb_lc_unmeter(lua_State *L, lgame *lg, int *status);
void arb_lc_pay(lua_State *L, lgame *lg, long nodes);

/* each registers its game methods (and its call context's metatable) */
void arb_lc_solve_open(lua_State *L);
void arb_lc_attack_open(lua_State *L);
void arb_lc_block_open(lua_State *L);
void arb_lc_norm_open(lua_State *L);     /* lcombat_norm.c */
void arb_lc_now_open(lua_State *L);      /* lcombat_now.c */
/* A proved declaration's (creature, defender or attacker) pairs declared while the game is in
** its declare step, then the step's settle: one action (lcombat_now.c, g:_declare_now's).
** The game is at index 1; the stack above it is dropped. */
typedef struct arb_lc_pair { int32_t c, x; } arb_lc_pair;
void arb_lc_declare_pairs(lua_State *L, lgame *lg, int blocks, const arb_lc_pair *p, int n);
/* The players on another team than the active player's still in the game, APNAP order: how
** many, the first in *first (-1: none), and with L each appended to the table at L's top
** (lcombat.c: g:_defenders, g:_opponent) */
int arb_lc_defenders(lua_State *L, arb_game *g, int *first);
#endif
