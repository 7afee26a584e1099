/*
** combat.h — from game state to solver problems (500-502), and the combat
** state changes (declared attackers and blocks). No Lua: the binding folds
** script predicates and costs into the problems before solving.
*/
#ifndef ARB_COMBAT_H
#define ARB_COMBAT_H
#include "arbiter.h"
#include "solver.h"

typedef struct arb_attack_build {
  int n;                        /* candidate creatures of the active player */
  int32_t *cards;
  int ndef;                     /* defending players */
  int32_t defenders[64];        /* player indices */
  uint64_t *can_attack;
  int *attacks_if_able;
  unsigned char *alone, *exempt;
  unsigned char *cond;          /* per creature: has an attack_condition (binding) */
  arb_attack_pair *pairs;       /* "attacks <player> each combat if able" */
  int npairs;
  arb_attack_problem prob;
  void *mem;                    /* the one block holding the arrays above */
  size_t mem_size;
} arb_attack_build;

typedef struct arb_block_build {
  int na, nb, words;
  int32_t *attackers, *blockers;  /* card ids */
  uint64_t *eligible;
  int *capacity, *min_b, *max_b, *bif, *mbb, *lure;
  unsigned char *alone, *exempt;
  unsigned char *cond;            /* per blocker: has a declaration-wide condition (binding) */
  unsigned char *group;           /* per blocker: its controller's team (the defending player) */
  int nm;                         /* 502.10: with bands, the attacking creatures (0: no band, */
  int32_t *members;               /* and then column i is attackers[i] alone): each member's */
  int *mcol;                      /* card id and its column (a band is one column) */
  arb_block_pair *pairs;          /* "blocks <creature> each combat if able" (provoke) */
  int npairs;
  arb_block_problem prob;
  void *mem;                      /* the one block holding the arrays above */
  size_t mem_size;
} arb_block_build;

int arb_attack_build_new(arb_game *g, arb_attack_build *b);
void arb_attack_build_free(arb_game *g, arb_attack_build *b);
int arb_block_build_new(arb_game *g, arb_block_build *b);
void arb_block_build_free(arb_game *g, arb_block_build *b);
/* 501, 502.4, 502.6 and the blocking vocabulary: may blocker block attacker? */
int arb_can_block(arb_game *g, int blocker, int attacker);
/* No creature may block any attacker (then declaring no block is legal: 500.3, 500.4). */
int arb_none_can_block(arb_game *g);
/* Some creature may have an attack (block) requirement (500.4), or a permanent a whole-game
** limit on attackers (blockers): else a proposal each creature of which may attack (block) as
** it says is legal and its own nearest legal one. */
int arb_attack_constrained(arb_game *g);
int arb_block_constrained(arb_game *g);
/* The active team's creature may attack player d, as far as the core decides (no
** can't-attack-alone). */
int arb_attack_plain(arb_game *g, int card, int d);
/* card is a creature of the active team (a candidate attacker). */
int arb_attack_candidate(arb_game *g, int card);
/* card is a creature out of the attack, not the active team's (a candidate blocker); blocker
** may block attacker alone as far as the core decides (no band, no count restriction). */
int arb_block_candidate(arb_game *g, int card);
int arb_block_plain(arb_game *g, int blocker, int attacker);

/* The core's change counter: equal values mean no state change between. */
uint64_t arb_game_gen(const arb_game *g);

/* ---- combat state ---- */
int arb_declare_attack(arb_game *g, int card, int defender);
int arb_declare_block(arb_game *g, int blocker, int attacker);
/* 502.10e: blocker blocks attacker and every other member of its band (a pair
** already declared is not declared again). */
int arb_declare_block_band(arb_game *g, int blocker, int attacker);
int arb_nblocks(const arb_game *g);
void arb_block_get(const arb_game *g, int i, int *blocker, int *attacker);
/* The blocks declared against attacker go (it attacks anew: combat_effects.c). */
int arb_blocks_forget(arb_game *g, int attacker);
int arb_blocks_forget_blocker(arb_game *g, int blocker);
int arb_end_combat(arb_game *g);
int arb_modify_pt(arb_game *g, int card, int dp, int dt);
#endif
