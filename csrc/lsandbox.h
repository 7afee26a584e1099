/*
** lsandbox.h — shared by the sandbox's two files: lsandbox.c (budgeted
** calls, the count hook, guards) and lsandbox_mem.c (the allocator wrapper:
** per-call and lifetime memory budgets). Nothing outside them uses it.
*/
#ifndef ARB_LSANDBOX_H
#define ARB_LSANDBOX_H
#include <stddef.h>
#include "lbind.h"

#define SB_HOOK_EVERY 1000        /* the count hook's period inside a budgeted call */
#define SB_CALL_COST 50            /* instructions charged per budgeted call (its own cost) */
#define SB_ALLOC_COST 64          /* bytes allocated per instruction charged */
#define SB_STRING_CAP (4 * 1024) /* longest string script code may make (bytes) */

enum { SB_UNDER, SB_OVER_STEPS, SB_OVER_MEMORY, SB_OVER_STRING };

/* One per card script (a userdata kept for the state's life: blocks it owns
** point at it): the bytes of the blocks its code allocated that are still
** alive, and its lifetime budget for them. */
typedef struct sb_account {
  lua_Integer kept, kept_max;
} sb_account;

typedef struct sb_frame {
  lua_Integer steps, steps_max, mem, mem_max;
  int over;
  int clamped_steps, clamped_mem;   /* the limit is what the outer frame had left */
  char by[64];                      /* the inner script that used up what was left */
  sb_account *acct;                 /* whose code this call runs */
  lgame *game;                      /* the game this call is about (math.random) */
} sb_frame;

typedef struct sb_owned { void *p; size_t n; sb_account *a; } sb_owned;

#define SB_RUN_MAX 16               /* script coroutines resumed inside one another, tracked */
#define SB_PENDING 4                /* new blocks awaiting the string check (no alloc tags) */

typedef struct sbox {
  lua_Alloc f;                      /* the state's allocator, wrapped */
  void *ud;
  sb_frame *top;                    /* innermost budgeted call, NULL when none */
  lua_State *L;                     /* the thread that runs it */
  arb_lmem *mem;
  sb_owned *own;                    /* blocks script code allocated (open addressing) */
  size_t nown, cap;
  /* Without alloc tags (5.1, LuaJIT) a string is known by its header, whose layout
  ** l_sandbox_init measures on a probe string: str_hdr bytes, then the bytes and a NUL; its
  ** length as 4 bytes at len_off. Large new blocks script code makes are checked at the next
  ** instruction (the count hook set to 1 on the threads that may run script code). */
  size_t str_hdr, len_off, probe_len;
  void *probe;                      /* the probe's block, while l_sandbox_init looks for it */
  size_t probe_n;
  void *pending[SB_PENDING];
  size_t pending_n[SB_PENDING];
  int npending;
  /* Without alloc tags the interpreter grows (and shrinks) its string table by a new block of
  ** twice (half) the size, then the old one freed: no realloc that tells it apart. The table's
  ** block is found once (arb_sb_probe_strtab) and followed from move to move (last_new: the
  ** newest block); in a budgeted call a new block of the next size is a candidate, charged at
  ** the next allocator call unless that call frees the table (the move: the interpreter's). */
  void *strtab, *last_new, *cand;
  size_t strtab_n, last_new_n, cand_n;
  sb_frame *cand_f;                 /* the frame it was made in, script code's or not */
  int cand_script;
  int probing;                      /* while arb_sb_probe_strtab watches: the last 3 operations */
  struct { void *p; size_t n; int freed; } ops[3];
  size_t grew, shed;                /* while probing, in one push: the largest block made or grown
                                       (>= SB_PROBE_BIG), the largest freed */
  long probe_made, probe_missed;    /* the probe's strings made, the growths it saw but didn't know */
  lua_State *run[SB_RUN_MAX];       /* script coroutines being resumed, innermost last */
  int nrun;
  /* The host's LC_COLLATE while the outermost budgeted call runs under "C" (string order
  ** in scripts doesn't depend on the host's locale, issue 24); "" when it was "C". */
  char collate[64];
} sbox;

void *arb_sb_alloc(void *ud, void *p, size_t os, size_t ns);
void arb_sb_over(sbox *s, sb_frame *f, int why);     /* flags f; the hook raises */
void arb_sb_free_owned(sbox *s);                     /* at lua_close */
void arb_sb_watch(sbox *s, sb_frame *f, void *q, size_t n);   /* a large new block (lsandbox.c) */
int arb_sb_check_pending(sbox *s);                    /* 1 if one of them is a long string */
void arb_sb_probe_strings(lua_State *L, sbox *s);     /* the string header's layout (no tags) */
void arb_sb_probe_strtab(lua_State *L, sbox *s, int factor);   /* the string table's block (no
                                                      tags); factor 2: the table doubles (a spec's
                                                      other factor: a VM whose table grows otherwise) */
void arb_sb_settle(sbox *s);                          /* a candidate left at a call's end: charged */
#endif
