/*
** lmemory.c — the allocator the binding gives the core (and the solver).
** Every core block is a Lua full userdata, so core memory shows in
** collectgarbage("count"), paces the collector and meets any limit the
** host's lua_Alloc enforces. A block stays alive while it is anchored in
** a slot of the anchor array (its index kept in the block's header, before
** the bytes the core gets); freeing unanchors it and the collector returns
** the bytes. realloc = new block + copy.
**
** Blocks are made on a private thread T inside lua_pcall: an out-of-memory
** error becomes a NULL for the core instead of a longjmp through core code.
** The anchor table is found in the registry, never at a fixed stack slot,
** and T's stack is restored to the height it had: a finalizer that runs
** while a block is made (as during any Lua allocation of the binding) may
** free blocks or make its own from whatever frame it runs in. The
** collector is not held: stopping and restarting it would reset its debt
** and force a collection step after every block. Frees never allocate.
**
** One arb_lmem per lua_State (in the registry), shared by its games and
** their clones. Test hook: core._fail_alloc(k) makes the k-th core
** allocation from now fail (issue 7: allocation-failure specs).
*/
#include <string.h>
#include "lbind.h"

static const char MEM_KEY = 'm', ANCHORS_KEY = 'a', MAKE_KEY = 'k';

/* The anchor array: slot k holds a live block's userdata, or (free) the next free slot's
** index (0: none), so a slot is reused without a search and the table never rehashes for
** a free: the array grows by appending and keeps its size. (It was a table keyed by each
** block's address: every new key in a table full of freed keys rehashed it, ~1,500
** instructions a block, ~3 % of a whole game; issue 28.) The slot's index is kept in the
** block's first HDR bytes (16: the alignment of the bytes after it is the userdata's). */
#define HDR 16

static int make_block(lua_State *T) {         /* lmem, size */
  arb_lmem *m = lua_touserdata(T, 1);
  char *p = lua_newuserdatauv(T, (size_t)lua_tointeger(T, 2) + HDR, 0);
  lua_Integer slot = m->free_slot, next = 0;
  lua_rawgetp(T, LUA_REGISTRYINDEX, &ANCHORS_KEY);
  if (slot) {
    lua_rawgeti(T, -1, slot);
    next = lua_tointeger(T, -1);
    lua_pop(T, 1);
  } else {
    slot = m->nslots + 1;
  }
  lua_pushvalue(T, -2);
  lua_rawseti(T, -2, slot);                   /* may raise (memory): nothing changed yet */
  if (slot == m->nslots + 1) m->nslots = slot;
  else m->free_slot = next;
  memcpy(p, &slot, sizeof slot);
  m->out = p + HDR;
  return 0;
}

static void *new_block(arb_lmem *m, size_t n) {
  lua_State *T = m->T;
  int top = lua_gettop(T), status;
  if (n > (size_t)LUA_MAXINTEGER - HDR) return NULL;
  m->out = NULL;
  lua_rawgetp(T, LUA_REGISTRYINDEX, &MAKE_KEY);   /* made once: pushing a C function allocates on 5.1 */
  lua_pushlightuserdata(T, m);
  lua_pushinteger(T, (lua_Integer)n);
  status = lua_pcall(T, 2, 0, 0);
  lua_settop(T, top);
  return status == LUA_OK ? m->out : NULL;
}

/* ---- slabs: the smallest blocks made SLAB_N at a time ----
** A game makes some 85 blocks as it is set up and played (its interned strings, its zones'
** and arrays' first rooms, the combat solver's), most of 32 to 128 bytes, and few of them are
** freed before the game is: each new block cost a protected call, a userdata and an anchor
** slot, ~1,450 instructions (issue 28). A block of the SLAB_CLASSES smallest classes is cut
** from a slab instead: one anchored block holding SLAB_N of them, its live count first. The
** header of a block cut from a slab holds slot 0 (no anchor slot is 0) and the slab; the
** slab goes back to the collector when none of its blocks is live and it is not the one
** being cut (the class's cursor). The blocks, their accounting (m->blocks) and the spares
** kept are as before: only where the bytes come from changed. */
#define SLAB_CLASSES 4          /* 32 .. 256 B */
#define SLAB_N 16
typedef struct slab { lua_Integer live, cut; } slab;   /* cut: still the cursor's */
typedef struct lmem_slabs {
  arb_lmem m;                   /* first: an arb_lmem * is the whole struct's address */
  slab *cur[SLAB_CLASSES];      /* the slab blocks are cut from, NULL: none */
  int next[SLAB_CLASSES];       /* its next block */
} lmem_slabs;

static void unanchor(arb_lmem *m, void *p);

/* A slab of nothing live that isn't being cut goes back to the collector. */
static void slab_drop(arb_lmem *m, slab *s) {
  if (s->live == 0 && !s->cut) unanchor(m, s);
}

/* A block of class c (size bytes), cut from the class's slab (a new slab when there is
** none or it is used up). */
static void *slab_block(arb_lmem *m, int c, size_t size) {
  lmem_slabs *x = (lmem_slabs *)m;
  size_t step = size + HDR;
  lua_Integer zero = 0;
  char *p;
  slab *s = x->cur[c];
  if (!s) {
    if (!(s = new_block(m, sizeof(slab) + step * SLAB_N))) return NULL;
    s->live = 0;
    s->cut = 1;
    x->cur[c] = s;
    x->next[c] = 0;
  }
  p = (char *)s + sizeof(slab) + step * (size_t)x->next[c];   /* the block's header */
  memcpy(p, &zero, sizeof zero);
  memcpy(p + sizeof zero, &s, sizeof s);
  s->live++;
  if (++x->next[c] == SLAB_N) {           /* used up: the next block starts a new slab */
    s->cut = 0;
    x->cur[c] = NULL;
  }
  return p + HDR;
}

/* The classes' slabs stop being cut (arb_l_mem_trim): those with nothing live go. */
static void slabs_trim(arb_lmem *m) {
  lmem_slabs *x = (lmem_slabs *)m;
  int c;
  for (c = 0; c < SLAB_CLASSES; c++)
    if (x->cur[c]) {
      x->cur[c]->cut = 0;
      slab_drop(m, x->cur[c]);
      x->cur[c] = NULL;
    }
}

/* Setting an existing key to a number never allocates. A block cut from a slab gives
** its place back to the slab. */
static void unanchor(arb_lmem *m, void *p) {
  lua_State *T = m->T;
  lua_Integer slot;
  memcpy(&slot, (char *)p - HDR, sizeof slot);
  if (slot == 0) {
    slab *s;
    memcpy(&s, (char *)p - HDR + sizeof slot, sizeof s);
    s->live--;
    slab_drop(m, s);
    return;
  }
  lua_rawgetp(T, LUA_REGISTRYINDEX, &ANCHORS_KEY);
  lua_pushinteger(T, m->free_slot);
  lua_rawseti(T, -2, slot);
  lua_pop(T, 1);
  m->free_slot = slot;
}

/* Small blocks (32 B .. 2 KiB) come in power-of-two size classes; larger
** ones are made to measure (class -1). A freed small block is kept (still
** anchored, so still counted) for the next request of its class, up to
** ARB_LMEM_KEEP per class and 64 KiB in all: the solver's short-lived arrays
** then cost no protected call. The last ARB_LMEM_LARGE large blocks freed are
** kept too, within the same 64 KiB, for a request of their exact size: an
** array growing by doubling frees the same sizes in every game (8, 16, 32,
** 64 cards...), so the next game made or cloned reuses them instead of
** leaving holes in the process's heap (about 10 KiB of resident size per
** 2x60-card game, bench/draw.lua); larger ones go back to the collector. */
#define SPARE_MAX ((size_t)64 * 1024)

static int size_class(size_t n, size_t *size) {
  int c = 0;
  size_t s = 32;
  while (s < n && c < ARB_LMEM_CLASSES) { s <<= 1; c++; }
  if (c == ARB_LMEM_CLASSES) { *size = n; return -1; }
  *size = s;
  return c;
}

static void release(arb_lmem *m, void *p, size_t osize) {
  size_t size;
  int c = size_class(osize, &size);
  m->blocks--;
  if (c >= 0 && m->nspare[c] < ARB_LMEM_KEEP && m->spare_bytes + size <= SPARE_MAX) {
    m->spare[c][m->nspare[c]++] = p;
    m->spare_bytes += size;
    return;
  }
  if (c < 0 && m->nlspare < ARB_LMEM_LARGE && m->spare_bytes + osize <= SPARE_MAX) {
    m->lspare[m->nlspare] = p;
    m->lsize[m->nlspare++] = osize;
    m->spare_bytes += osize;
    return;
  }
  unanchor(m, p);
}

/* A kept large block of exactly n bytes (NULL if none); the newest first. */
static void *large_spare(arb_lmem *m, size_t n) {
  int i;
  void *q;
  for (i = m->nlspare - 1; i >= 0; i--)
    if (m->lsize[i] == n) {
      q = m->lspare[i];
      m->nlspare--;
      m->lspare[i] = m->lspare[m->nlspare];
      m->lsize[i] = m->lsize[m->nlspare];
      m->spare_bytes -= n;
      return q;
    }
  return NULL;
}

static void *obtain(arb_lmem *m, size_t n) {
  size_t size;
  int c = size_class(n, &size);
  void *q = NULL;
  if (c < 0) {
    q = large_spare(m, n);
  } else if (m->nspare[c] > 0) {
    m->spare_bytes -= size;
    q = m->spare[c][--m->nspare[c]];
  }
  if (!q && !(q = c >= 0 && c < SLAB_CLASSES ? slab_block(m, c, size) : new_block(m, size))) return NULL;
  m->blocks++;
  return q;
}

void arb_l_mem_trim(arb_lmem *m) {
  int c;
  for (c = 0; c < ARB_LMEM_CLASSES; c++)
    while (m->nspare[c] > 0) unanchor(m, m->spare[c][--m->nspare[c]]);
  while (m->nlspare > 0) unanchor(m, m->lspare[--m->nlspare]);
  m->spare_bytes = 0;
  slabs_trim(m);
}

void *arb_l_alloc(void *ud, void *p, size_t osize, size_t nsize) {
  arb_lmem *m = ud;
  size_t os, ns;
  void *q;
  if (nsize == 0) {
    if (p) release(m, p, osize);
    return NULL;
  }
  if (m->fail_at > 0 && --m->fail_at == 0) { m->fired = 1; return NULL; }
  if (p && size_class(osize, &os) >= 0 && size_class(nsize, &ns) >= 0 && os == ns)
    return p;                                   /* the block is big enough already */
  if (!(q = obtain(m, nsize))) return NULL;
  if (p) {
    memcpy(q, p, osize < nsize ? osize : nsize);
    release(m, p, osize);
  }
  return q;
}

arb_lmem *arb_l_mem(lua_State *L) {
  arb_lmem *m;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &MEM_KEY) == LUA_TUSERDATA) {
    m = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return m;
  }
  lua_pop(L, 1);
  m = arb_newudata(L, sizeof(lmem_slabs));
  memset(m, 0, sizeof(lmem_slabs));
  m->T = lua_newthread(L);
  lua_sethook(m->T, NULL, 0, 0);            /* no inherited debug hook */
  arb_setuv(L, -2);                         /* the thread lives as long as m */
  lua_pushcfunction(L, make_block);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &MAKE_KEY);
  lua_newtable(L);                          /* the anchor table */
  lua_rawsetp(L, LUA_REGISTRYINDEX, &ANCHORS_KEY);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &MEM_KEY);
  return m;
}

/* ---- the state's allocator: freed small blocks kept for the next request of their size ----
** Every Lua object is a block of the host's lua_Alloc, and a game makes and drops thousands
** (tables, closures, strings, event tables). The collector frees them in bursts, which leaves
** glibc's per-thread cache empty for most requests: a new block cost ~190 instructions in
** _int_malloc, a free ~60 (issue 27: ~5 % of an Alpha game's instructions). A block of 16 to
** POOL_SIZE bytes freed is kept instead (a list per exact size: the host made it that size and
** gets it back that size), up to POOL_BYTES in all, and handed out again for a request of the
** same size (a new block, or a small block's new size: moved there, the old one kept). Every block still comes from the host's allocator (any limit it enforces sees
** them as live while kept); the kept ones go back to it when a request fails (before Lua's
** emergency collection retries it) and when the state closes. What Lua counts
** (collectgarbage("count"), the collector's pace) is unchanged: only where the bytes come
** from. Installed first (module open), so the card-script sandbox's and the specs' wrappers
** sit above it and see every block. Not on LuaJIT (its own allocator), nor when the registry's
** "arbiter.keep_allocator" is true at module open (a host whose code reads lua_getallocf's ud). */
#ifndef ARB_LUAJIT
#define POOL_SIZE 512
#define POOL_BYTES ((size_t)1024 * 1024)
typedef struct lpool {
  lua_Alloc f;
  void *ud;
  size_t kept;                  /* bytes in the lists */
  void *head[POOL_SIZE + 1];    /* by exact size; a kept block's first bytes: the next */
} lpool;

static const char POOL_KEY = 'p';

static void pool_flush(lpool *x) {
  size_t n;
  for (n = 16; n <= POOL_SIZE; n++)
    while (x->head[n]) {
      void *q = x->head[n];
      memcpy(&x->head[n], q, sizeof q);
      x->f(x->ud, q, n, 0);
    }
  x->kept = 0;
}

static void *pool_alloc(void *ud, void *p, size_t os, size_t ns) {
  lpool *x = ud;
  void *q;
  if (ns == 0) {
    if (p && os >= 16 && os <= POOL_SIZE && x->kept + os <= POOL_BYTES) {
      memcpy(p, &x->head[os], sizeof p);
      x->head[os] = p;
      x->kept += os;
    } else if (p) {
      x->f(x->ud, p, os, 0);
    }
    return NULL;
  }
  if (ns >= 16 && ns <= POOL_SIZE && (q = x->head[ns]) && (!p || (os >= 16 && os <= POOL_SIZE))) {
    memcpy(&x->head[ns], q, sizeof q);
    x->kept -= ns;
    if (p) {                    /* a kept block's growth (a table's array): moved, the old one kept */
      memcpy(q, p, os < ns ? os : ns);
      pool_alloc(x, p, os, 0);
    }
    return q;
  }
  if ((q = x->f(x->ud, p, os, ns)) || !x->kept) return q;
  pool_flush(x);                /* the host's memory is short: give back what is kept, retry */
  return x->f(x->ud, p, os, ns);
}

static int pool_gc(lua_State *L) {   /* at lua_close: the host's allocator back, the kept blocks freed */
  lpool *x = lua_touserdata(L, 1);
  void *ud;
  if (lua_getallocf(L, &ud) == pool_alloc && ud == x) lua_setallocf(L, x->f, x->ud);
  pool_flush(x);
  return 0;
}

static void pool_install(lua_State *L) {
  lpool *x;
  int off;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &POOL_KEY) != LUA_TNIL) { lua_pop(L, 1); return; }
  lua_getfield(L, LUA_REGISTRYINDEX, "arbiter.keep_allocator");   /* a host that reads its own ud */
  off = lua_toboolean(L, -1);
  lua_pop(L, 2);
  if (off) return;
  x = lua_newuserdatauv(L, sizeof *x, 0);
  memset(x, 0, sizeof *x);
  x->f = lua_getallocf(L, &x->ud);
  lua_newtable(L);
  lua_pushcfunction(L, pool_gc);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &POOL_KEY);   /* lives as long as the state */
  lua_setallocf(L, pool_alloc, x);
}

/* core._pool_kept() -> the bytes the state's allocator keeps for reuse (nil: no pool). Specs only. */
static int l_pool_kept(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &POOL_KEY) != LUA_TUSERDATA) { lua_pushnil(L); return 1; }
  lua_pushinteger(L, (lua_Integer)((lpool *)lua_touserdata(L, -1))->kept);
  return 1;
}
#else
static void pool_install(lua_State *L) { (void)L; }
static int l_pool_kept(lua_State *L) { lua_pushnil(L); return 1; }
#endif

/* core._fail_alloc(k): the k-th core allocation from now returns NULL.
** core._fail_alloc(): disarms; returns whether the failure happened. */
static int l_fail_alloc(lua_State *L) {
  arb_lmem *m = arb_l_mem(L);
  if (lua_isnoneornil(L, 1)) {
    lua_pushboolean(L, m->fired);
    m->fail_at = 0;
    m->fired = 0;
    return 1;
  }
  m->fail_at = arb_l_intarg(L, 1, 1, "k", 1, LUA_MAXINTEGER);
  m->fired = 0;
  return 0;
}

/* core._alloc_fired() -> whether the armed failure has happened (stays armed) */
static int l_alloc_fired(lua_State *L) {
  lua_pushboolean(L, arb_l_mem(L)->fired);
  return 1;
}

/* core._blocks() -> live core blocks in this Lua state (for leak specs) */
static int l_blocks(lua_State *L) {
  lua_pushinteger(L, arb_l_mem(L)->blocks);
  return 1;
}

/* ---- test mode: the k-th Lua allocation fails (a host memory limit) ---- */

typedef struct lfail {
  lua_Alloc f;
  void *ud;
  lua_Integer left;      /* growth requests until the failure; 0 = off */
  int fired;
  const void *p;         /* the failed request: Lua's retry of it fails too */
  size_t os, ns;
} lfail;

static const char LFAIL_KEY = 'f';

static void *lfail_alloc(void *ud, void *p, size_t os, size_t ns) {
  lfail *x = ud;
  if (ns > (p ? os : 0)) {
    if (x->fired == 1) {   /* the next request: 5.2+ retries the failed one (after an emergency
                              collection, which only frees); 5.1 and LuaJIT don't retry */
      x->fired = 2;
      if (x->p == p && x->os == os && x->ns == ns) return NULL;
    }
    if (x->left > 0 && --x->left == 0) {
      x->fired = 1;
      x->p = p;
      x->os = os;
      x->ns = ns;
      return NULL;
    }
  }
  return x->f(x->ud, p, os, ns);
}

static int lfail_gc(lua_State *L) {       /* at lua_close: the real allocator back */
  lfail *x = lua_touserdata(L, 1);
  void *ud;
  if (lua_getallocf(L, &ud) == lfail_alloc && ud == x) lua_setallocf(L, x->f, x->ud);
  return 0;
}

/* core._fail_lua_alloc(k): wraps the state's allocator so the k-th Lua
** allocation from now fails (and Lua's retry of it); core._fail_lua_alloc()
** unwraps and returns whether it failed and how many were left. Specs only. */
static int l_fail_lua_alloc(lua_State *L) {
  lfail *x;
  void *ud;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &LFAIL_KEY) != LUA_TUSERDATA) {
    lua_pop(L, 1);
    x = lua_newuserdatauv(L, sizeof *x, 0);
    memset(x, 0, sizeof *x);
    lua_newtable(L);
    lua_pushcfunction(L, lfail_gc);
    lua_setfield(L, -2, "__gc");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &LFAIL_KEY);   /* lives as long as the state */
  } else {
    x = lua_touserdata(L, -1);
    lua_pop(L, 1);
  }
  if (lua_isnoneornil(L, 1)) {
    if (lua_getallocf(L, &ud) == lfail_alloc && ud == x) lua_setallocf(L, x->f, x->ud);
    lua_pushboolean(L, x->fired != 0);
    lua_pushinteger(L, x->left);
    x->left = 0;
    x->fired = 0;
    return 2;
  }
  arb_l_intarg(L, 1, 1, "k", 1, LUA_MAXINTEGER);
  if (lua_getallocf(L, &ud) != lfail_alloc) {
    x->f = lua_getallocf(L, &x->ud);
    lua_setallocf(L, lfail_alloc, x);
  }
  x->fired = 0;
  x->left = lua_tointeger(L, 1);
  return 0;
}

/* core._history_start(g, n): g's history starts with room for n events (a
** spec's way to have the history grow, and its allocation fail, in a given
** step). g's history must still be empty of blocks. */
static int l_history_start(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer n = arb_l_intarg(L, 2, 2, "n", 1, ARB_HISTORY_START);
  if (!arb_history_start(lg->g, (int32_t)n)) luaL_argerror(L, 1, "the game's history is already allocated");
  return 0;
}

static int g_memory(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushinteger(L, (lua_Integer)arb_game_memory(lg->g));
  return 1;
}

static const luaL_Reg mem_funcs[] = {
  {"_fail_alloc", l_fail_alloc}, {"_alloc_fired", l_alloc_fired}, {"_blocks", l_blocks},
  {"_fail_lua_alloc", l_fail_lua_alloc}, {"_history_start", l_history_start},
  {"_pool_kept", l_pool_kept},
  {NULL, NULL}
};

static const luaL_Reg game_mem_methods[] = {{"memory", g_memory}, {NULL, NULL}};

/* Adds the memory functions to the module table at -1 and g:memory(). */
int arb_l_memory_open(lua_State *L) {
  pool_install(L);
  arb_l_mem(L);
  luaL_setfuncs(L, mem_funcs, 0);
  arb_l_add_game_methods(L, game_mem_methods);
  return 0;
}
