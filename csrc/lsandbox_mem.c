/*
** lsandbox_mem.c — the memory side of card-script budgets: a wrapper around
** the state's lua_Alloc (installed once, at the first load_script).
**
** What a script is charged is its own doing, so the verdict doesn't depend
** on the host's heap:
**   per call — the bytes of new blocks, and the growth of blocks its code
**     allocated, while the call is open (gross: garbage the collector frees
**     meanwhile, the host's or the script's, gives nothing back; growth of
**     host blocks, such as the string table, is not the script's);
**   per script (lifetime) — the bytes of the live blocks its code allocated
**     (outside engine calls): a table of owned blocks, updated on every
**     free or realloc of one of them, wherever it happens. lsandbox.c
**     compares it with the budget after a call, after a full collection,
**     so only what the script still reaches counts.
** The interpreter's string table grows by realloc on 5.2+ (a host block: not charged); on 5.1
** and LuaJIT it moves to a new block, the old one freed right after: a new block of the table's
** next size (twice or half its block, followed from move to move since arb_sb_probe_strtab
** found it) is charged only once the next allocator call shows it wasn't the table's (else
** any call could be refused once the table outgrew the script's budget, depending only on how
** many strings the host had made).
** Over the per-call budget, script code's request is refused (a memory
** error); inside an engine call (mem->host > 0) core frames are live and a
** memory error must not unwind through them, so the overrun is only flagged
** and the hook raises at the next instruction. A string longer than
** SB_STRING_CAP made by script code is refused the same way (comparing two
** long strings is one instruction: the cap bounds what it can cost): by the
** allocator's type tag (5.2+), else by the block's header, checked at the
** next instruction (arb_sb_watch, lsandbox.c).
*/
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "lsandbox.h"

static size_t slot(const sbox *s, const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p >> 3;
  x *= UINT64_C(0x9E3779B97F4A7C15);
  return (size_t)(x >> 29) & (s->cap - 1);
}

static sb_owned *find(sbox *s, const void *p) {
  size_t i;
  if (!s->nown) return NULL;
  for (i = slot(s, p); s->own[i].p; i = (i + 1) & (s->cap - 1))
    if (s->own[i].p == p) return &s->own[i];
  return NULL;
}

static void put(sbox *s, void *p, size_t n, sb_account *a) {
  size_t i = slot(s, p);
  while (s->own[i].p) i = (i + 1) & (s->cap - 1);
  s->own[i].p = p;
  s->own[i].n = n;
  s->own[i].a = a;
  s->nown++;
}

/* Linear probing: deletion shifts the entries after it back. */
static void del(sbox *s, sb_owned *e) {
  size_t i = (size_t)(e - s->own), j = i, k, m = s->cap - 1;
  s->nown--;
  for (;;) {
    s->own[i].p = NULL;
    for (;;) {
      j = (j + 1) & m;
      if (!s->own[j].p) return;
      k = slot(s, s->own[j].p);
      if (i <= j ? (i < k && k <= j) : (i < k || k <= j)) continue;
      break;
    }
    s->own[i] = s->own[j];
    i = j;
  }
}

/* Room for one more entry (at most half full), before the block is made. */
static int reserve(sbox *s) {
  sb_owned *old = s->own, *o;
  size_t ocap = s->cap, ncap = ocap ? ocap * 2 : 256, i;
  if ((s->nown + 1) * 2 <= ocap) return 1;
  o = s->f(s->ud, NULL, 0, ncap * sizeof *o);
  if (!o) return 0;
  for (i = 0; i < ncap; i++) o[i].p = NULL;
  s->own = o;
  s->cap = ncap;
  s->nown = 0;
  for (i = 0; i < ocap; i++) if (old[i].p) put(s, old[i].p, old[i].n, old[i].a);
  if (old) s->f(s->ud, old, ocap * sizeof *old, 0);
  return 1;
}

void arb_sb_free_owned(sbox *s) {
  if (s->own) s->f(s->ud, s->own, s->cap * sizeof *s->own, 0);
  s->own = NULL;
  s->cap = s->nown = 0;
}

/* May frame f grow by `grow` bytes for script code (script: not inside an
** engine call)? Charges it when so. */
static int admit(sbox *s, sb_frame *f, lua_Integer grow, int script) {
  if (f->mem + grow > f->mem_max) {
    arb_sb_over(s, f, SB_OVER_MEMORY);
    if (script) return 0;               /* refused: a memory error */
  }
  f->mem += grow;
  f->steps += grow / SB_ALLOC_COST;
  if (f->steps > f->steps_max) arb_sb_over(s, f, SB_OVER_STEPS);
  return 1;
}

/* A block awaiting the string check is resized or freed: no string (strings never move). */
static void forget_pending(sbox *s, void *p) {
  int i;
  for (i = 0; i < s->npending; i++)
    if (s->pending[i] == p) {
      s->npending--;
      s->pending[i] = s->pending[s->npending];
      s->pending_n[i] = s->pending_n[s->npending];
      return;
    }
}

/* A script's block resized or freed (by anyone, in a budgeted call or not). */
static void owned_moved(sbox *s, sb_owned *e, void *p, void *q, size_t ns) {
  sb_account *a = e->a;
  if (ns == 0) { a->kept -= (lua_Integer)e->n; del(s, e); }
  else if (q) {
    a->kept += (lua_Integer)ns - (lua_Integer)e->n;
    if (q == p) e->n = ns;
    else { del(s, e); put(s, q, ns, a); }
  }
}

#if !ARB_ALLOC_TAGS
/* ---- the string table without alloc tags (5.1, LuaJIT) ---- */

/* A block this large made or grown in one push, other than the probe's string (< 128 bytes),
** is a table's growth: the string table's, by whatever pattern (the collector is a host's). */
#define SB_PROBE_BIG 256
static void op_log(sbox *s, void *p, size_t n, int freed) {
  s->ops[0] = s->ops[1];
  s->ops[1] = s->ops[2];
  s->ops[2].p = p;
  s->ops[2].n = n;
  s->ops[2].freed = freed;
}

static int next_size(const sbox *s, size_t n) { return n == 2 * s->strtab_n || 2 * n == s->strtab_n; }

/* The table's block freed (the newest block, of the next size, replaces it) or resized. */
static void strtab_moved(sbox *s, void *q, size_t ns) {
  if (ns) { if (q) { s->strtab = q; s->strtab_n = ns; } return; }
  if (s->last_new && next_size(s, s->last_new_n)) { s->strtab = s->last_new; s->strtab_n = s->last_new_n; }
  else s->strtab = NULL;                 /* lost track: every new block is charged again */
  s->last_new = NULL;
}

/* The allocator call after a candidate's: unless it frees the table (the candidate replaces it),
** the candidate was an ordinary block, charged now as it would have been when made (over
** budget it can't be refused any more: flagged, the hook raises at the next instruction). */
static void settle(sbox *s, const void *p, size_t ns) {
  sb_frame *f = s->cand_f;
  void *q = s->cand;
  size_t n = s->cand_n;
  s->cand = NULL;
  if (p == s->strtab && ns == 0) return;
  if (f->mem + (lua_Integer)n > f->mem_max) arb_sb_over(s, f, SB_OVER_MEMORY);
  f->mem += (lua_Integer)n;
  f->steps += (lua_Integer)n / SB_ALLOC_COST;
  if (f->steps > f->steps_max) arb_sb_over(s, f, SB_OVER_STEPS);
  if (!s->cand_script) return;
  if (f->acct) { put(s, q, n, f->acct); f->acct->kept += (lua_Integer)n; }
  if (s->str_hdr && n > s->str_hdr + SB_STRING_CAP + 1) arb_sb_watch(s, f, q, n);
}

void arb_sb_settle(sbox *s) { if (s->cand) settle(s, NULL, 1); }

/* A new block in a budgeted call that may be the table's next: made uncharged (room kept for
** its entry, as for any block of script code's). */
static void *candidate(sbox *s, sb_frame *f, size_t ns, int script) {
  void *q;
  if (script && !reserve(s)) return NULL;
  q = s->f(s->ud, NULL, 0, ns);
  s->last_new = q;
  s->last_new_n = ns;
  if (q) { s->cand = q; s->cand_n = ns; s->cand_f = f; s->cand_script = script; }
  return q;
}
#else
void arb_sb_settle(sbox *s) { (void)s; }
#endif

void *arb_sb_alloc(void *ud, void *p, size_t os, size_t ns) {
  sbox *s = ud;
  sb_frame *f = s->top;
  sb_owned *e;
  int script;
  size_t old;
  void *q;
  if (!f) {                              /* host code: the short way (a script's block or not) */
    if (!p) {
      q = s->f(s->ud, p, os, ns);
      if (s->probe_len && ns > s->probe_len && ns < s->probe_len + 64) { s->probe = q; s->probe_n = ns; }
#if !ARB_ALLOC_TAGS
      s->last_new = q;
      s->last_new_n = ns;
      if (s->probing) {
        op_log(s, q, ns, 0);
        if (ns >= SB_PROBE_BIG && ns > s->grew) s->grew = ns;
      }
#endif
      return q;
    }
    if (s->npending) forget_pending(s, p);
#if !ARB_ALLOC_TAGS
    if (s->probing) {
      op_log(s, p, os, ns == 0);
      if (ns == 0 && os > s->shed) s->shed = os;
      if (ns > os && ns >= SB_PROBE_BIG && ns > s->grew) s->grew = ns;
    }
    if (p == s->strtab) { q = s->f(s->ud, p, os, ns); strtab_moved(s, q, ns); return q; }
#endif
    if (!(e = find(s, p))) return s->f(s->ud, p, os, ns);
    q = s->f(s->ud, p, os, ns);
    owned_moved(s, e, p, q, ns);
    return q;
  }
  script = !s->mem->host;
#if !ARB_ALLOC_TAGS
  if (s->cand) settle(s, p, ns);
  if (p && p == s->strtab) {             /* never a script's block: a candidate is not kept */
    if (s->npending) forget_pending(s, p);
    q = s->f(s->ud, p, os, ns);
    strtab_moved(s, q, ns);
    return q;
  }
  if (!p && s->strtab && ns > 0 && next_size(s, ns)) return candidate(s, f, ns, script);
#endif
  if (p && s->npending) forget_pending(s, p);
  e = p ? find(s, p) : NULL;
  old = p ? os : 0;
  if (ns > old && (!p || e)) {                        /* a new block, or one of a script's */
#if ARB_ALLOC_TAGS
    if (script && !p && os == LUA_TSTRING && ns > SB_STRING_CAP) {
      arb_sb_over(s, f, SB_OVER_STRING);
      return NULL;
    }
#endif
    if (!admit(s, f, (lua_Integer)(ns - old), script)) return NULL;
  }
  if (script && !p && ns > 0 && !reserve(s)) return NULL;
  q = s->f(s->ud, p, os, ns);
  if (e) owned_moved(s, e, p, q, ns);                 /* a script's block, whoever frees it */
  else if (script && !p && q && ns > 0 && f->acct) {
    put(s, q, ns, f->acct);
    f->acct->kept += (lua_Integer)ns;
  }
#if !ARB_ALLOC_TAGS
  if (!p) { s->last_new = q; s->last_new_n = ns; }
  if (script && !p && q && s->str_hdr && ns > s->str_hdr + SB_STRING_CAP + 1) arb_sb_watch(s, f, q, ns);
#endif
  return q;
}

/* ---- strings without alloc tags (5.1, LuaJIT): known by their header ---- */

/* Is the block at b (n bytes) a string longer than the cap? (the layout measured by probe) */
static int long_string(const sbox *s, const unsigned char *b, size_t n) {
  uint32_t len;
  if (!s->str_hdr || n <= s->str_hdr + SB_STRING_CAP + 1) return 0;
  memcpy(&len, b + s->len_off, sizeof len);   /* the bytes, a NUL, up to 3 of padding (LuaJIT) */
  return len > SB_STRING_CAP && s->str_hdr + len + 1 <= n && n <= s->str_hdr + len + 4 &&
         b[s->str_hdr + len] == 0;
}

int arb_sb_check_pending(sbox *s) {
  int i, hit = 0;
  for (i = 0; i < s->npending; i++) hit |= long_string(s, s->pending[i], s->pending_n[i]);
  s->npending = 0;
  return hit;
}

#if !ARB_ALLOC_TAGS
/* Measures the string header on a probe string of PROBE_LEN unique bytes (l_sandbox_init). */
#define PROBE_LEN 5000
void arb_sb_probe_strings(lua_State *L, sbox *s) {
  char buf[PROBE_LEN];
  size_t i, o, hdr;
  int n = snprintf(buf, sizeof buf, "arbiter sandbox probe %p ", (void *)s);
  for (i = (size_t)(n > 0 ? n : 0); i < PROBE_LEN; i++) buf[i] = (char)('a' + (i * 7 + (size_t)n) % 26);
  s->probe = NULL;
  s->probe_len = PROBE_LEN;
  lua_pushlstring(L, buf, PROBE_LEN);
  s->probe_len = 0;
  if (s->probe && s->probe_n > PROBE_LEN + 8) {        /* header: where the bytes start */
    const unsigned char *b = s->probe;
    for (hdr = s->probe_n - PROBE_LEN - 4; hdr + PROBE_LEN + 1 <= s->probe_n; hdr++)
      if (memcmp(b + hdr, buf, PROBE_LEN) == 0 && b[hdr + PROBE_LEN] == 0) break;
    if (hdr + PROBE_LEN + 1 <= s->probe_n)
      for (o = 0; o + 4 <= hdr; o++) {
        uint32_t v;
        memcpy(&v, b + o, sizeof v);
        if (v == PROBE_LEN) { s->str_hdr = hdr; s->len_off = o; break; }
      }
  }
  s->probe = NULL;
  lua_pop(L, 1);
}

/* Finds the string table's block: new strings (kept, so that a collection doesn't make room)
** until one grows the table, which in lua_pushlstring, after the collector's step, is three
** operations: the string's block, a new table `factor` times the old one's size (2: the
** interpreter's), the old one freed. A push that grows a large block otherwise (not a halving
** move: the collector shrinking the table) is a growth the probe doesn't know: after two of
** them the interpreter's table grows otherwise, and the probe stops there instead of making
** STRTAB_PROBE_MAX strings (then nothing is known: the table's moves are charged as any block). */
#define STRTAB_PROBE_MAX (1L << 22)
#define STRTAB_PROBE_MISSES 2
void arb_sb_probe_strtab(lua_State *L, sbox *s, int factor) {
  char buf[80];
  long i;
  if (!s->str_hdr || !lua_checkstack(L, 2)) return;
  lua_newtable(L);
  s->probing = 1;
  s->probe_made = s->probe_missed = 0;
  for (i = 1; i <= STRTAB_PROBE_MAX && !s->strtab && s->probe_missed < STRTAB_PROBE_MISSES; i++) {
    int n = snprintf(buf, sizeof buf, "arbiter sandbox string table probe %p %ld", (void *)s, i);
    const char *str;
    memset(s->ops, 0, sizeof s->ops);
    s->grew = s->shed = 0;
    lua_pushlstring(L, buf, (size_t)(n > 0 ? n : 0));
    s->probe_made = i;
    str = lua_tostring(L, -1);
    if (s->ops[0].p && !s->ops[0].freed && (char *)s->ops[0].p + s->str_hdr == str &&
        s->ops[1].p && !s->ops[1].freed && s->ops[2].freed && (size_t)factor * s->ops[2].n == s->ops[1].n) {
      s->strtab = s->ops[1].p;
      s->strtab_n = s->ops[1].n;
    } else if (s->grew && s->shed != 2 * s->grew) {
      s->probe_missed++;
    }
    lua_rawseti(L, -2, (int)i);
  }
  s->probing = 0;
  lua_pop(L, 1);
}
#endif
