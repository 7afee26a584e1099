/*
** journal.h — the undo log. Every state change records how to undo it;
** arb_rollback undoes entries newest first. Entries name objects by index,
** never by pointer, because arrays move when they grow.
*/
#ifndef ARB_JOURNAL_H
#define ARB_JOURNAL_H
#include <stdint.h>

enum {
  J_CARD32, J_CARD8, J_PLAYER8, J_TEAM32, J_GAME32,
  J_ZONE_INSERT, J_ZONE_REMOVE, J_ZONE_SWAP,
  J_CARD_NEW /* a the new card, b its position in its zone, old the game's ts before */,
  J_HISTORY, J_WAIT_PUSH, J_WAIT_POP, J_RNG,
  J_EFFECT_NEW, J_EFFECT_ACTIVE, J_ABIL, J_BLOCK_PUSH, J_BLOCK_POP,
  J_DUR_PUSH, J_DUR_END, J_PLAYER32,
  J_STATIC_NEW, J_STATIC_ACTIVE, J_COUNTER, J_COUNTER_NEW,  /* static.c undoes these */
  J_OBJ32, J_OBJ8, J_OBJ_NEW,  /* stack object records (card.c) */
  J_BLOCK_SET,                 /* a: a position in g->blocks */
  J_XTARGET_PUSH,              /* one more entry in g->xtargets (spell.c) */
  J_STATIC_SET,                /* a: a ts's position in g->static_set (static.c) */
  J_LKI_PUSH,                  /* a: the new record's parts' start in g->lki_data (snapshot.c) */
  J_DRAW,                      /* a draw of a plain library card (actions.c): a the card, b the
                                  player, old the card's timestamp before */
  J_SHUFFLE                    /* a zone shuffled (zone.c): a the zone, b its size, old the RNG's
                                  state before */
};

typedef struct arb_jentry {
  uint8_t kind;
  int32_t a, b;        /* object index, field offset / position */
  int64_t old;         /* value to restore */
} arb_jentry;

struct arb_game;
int arb_journal_push(struct arb_game *g, int kind, int32_t a, int32_t b,
                     int64_t old);
int arb_journal_history(struct arb_game *g);   /* the push of an event logged (J_HISTORY) */
int arb_journal_unseen(struct arb_game *g, int kind, int32_t a, int32_t b, int64_t old, int seen);
void arb_undo_effects(struct arb_game *g, const arb_jentry *e);   /* static.c */
#endif
