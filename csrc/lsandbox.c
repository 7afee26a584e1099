/*
** lsandbox.c — budgets for untrusted card scripts (issue 7 item 4, issue
** 15); the environment itself is built in lua/arbiter/sandbox.lua, the
** memory side is lsandbox_mem.c.
**
** A budgeted call (a C closure over the script's function, its name, two
** limits and the script's account) runs the function in lua_pcall with a
** count hook and a frame:
**   instructions — the hook adds its count every SB_HOOK_EVERY instructions;
**     every SB_ALLOC_COST bytes allocated count as one more, and the
**     environment's C functions that loop without instructions charge
**     their work (core._sandbox_charge);
**   memory — per call and per script lifetime, see lsandbox_mem.c;
**   strings — at most SB_STRING_CAP bytes made by script code: the allocator's
**     type tag (5.2+), or (5.1, LuaJIT) a large new block's header checked at
**     the next instruction (arb_sb_watch sets the count hook to 1 on the
**     threads that may run script code, and charges the count it cut short).
** Over budget, the hook fires at every instruction (count 1) and raises, so
** a script's pcall can't swallow the error: the next instruction raises it
** again (the environment's xpcall runs its handler after the pcall, never
** inside the hook, where hooks are off). When the call returns, an overrun
** always becomes one clear error naming the script and the budget.
**
** Frames nest (a script's g:draw runs another script's replacement): the
** inner budget is clamped to what the outer has left, and what the inner
** used is added to the outer.
**
** Script code never runs without a frame, by construction, and host code
** pays nothing for it (no hook is set outside budgeted calls):
**   - the engine passes every script function it calls through arb_l_guard
**     (registry: function -> its budgeted wrapper, filled by sandbox.lua's
**     classifier, which knows script code by its chunk name); functions a
**     script returns are wrapped (load_script: nested tables and metatables
**     too; a budgeted call's results: the top level);
**   - every script function starts with an entry check compiled into it
**     (sandbox_entry.lua): it calls a field of the string metatable's
**     __index, which exists only while a budgeted call is open (strings_in
**     below), so a raw script function reaching the host by any other path
**     raises at its first instruction instead of running unbudgeted;
**   - a script's coroutines run in an inner thread driven by a host-side
**     thread (sandbox_co.lua): resumed by the host, the driver runs each
**     step as a budgeted call of the script; the inner thread is armed
**     (count hook at every instruction): resumed outside a budgeted call,
**     its first instruction raises.
*/
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include "lsandbox.h"

#define SCRIPT_PREFIX "=[card script "

static const char SBOX_KEY = 's', GUARDS_KEY = 'g', CLASSIFY_KEY = 'c';

static sbox *sbox_of(lua_State *L) {
  sbox *s;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &SBOX_KEY);
  s = lua_touserdata(L, -1);
  lua_pop(L, 1);
  return s;
}

static void hook(lua_State *L, lua_Debug *ar);

void arb_sb_over(sbox *s, sb_frame *f, int why) {
  if (!f->over) f->over = why;
  if (s->L) lua_sethook(s->L, hook, LUA_MASKCOUNT, 1);
}

static int outside(lua_State *L) {
  return luaL_error(L, "arbiter.sandbox: card-script code ran outside a budgeted call "
                    "(a script function or coroutine the host called or resumed directly)");
}

/* ---- strings without alloc tags (5.1, LuaJIT): lsandbox_mem.c knows them by their header ---- */

/* A large new block script code made: checked at the next instruction of whichever thread runs
** script code (the count hook at 1 there; the count it had left is charged in full). */
void arb_sb_watch(sbox *s, sb_frame *f, void *q, size_t n) {
  int i;
  if (s->npending == SB_PENDING && arb_sb_check_pending(s)) arb_sb_over(s, f, SB_OVER_STRING);
  s->pending[s->npending] = q;
  s->pending_n[s->npending++] = n;
  f->steps += SB_HOOK_EVERY;
  if (s->L) lua_sethook(s->L, hook, LUA_MASKCOUNT, 1);
  for (i = 0; i < s->nrun; i++) lua_sethook(s->run[i], hook, LUA_MASKCOUNT, 1);
}


static void hook(lua_State *L, lua_Debug *ar) {
  sbox *s = sbox_of(L);
  sb_frame *f = s ? s->top : NULL;
  if (!f) {                                 /* an armed thread: only script code raises */
    if (lua_getinfo(L, "S", ar) && strncmp(ar->source, SCRIPT_PREFIX, sizeof SCRIPT_PREFIX - 1) == 0)
      outside(L);
    return;
  }
  f->steps += lua_gethookcount(L);
  if (s->npending && arb_sb_check_pending(s) && !f->over) f->over = SB_OVER_STRING;
  if (!f->over && f->steps > f->steps_max) f->over = SB_OVER_STEPS;
  if (!f->over && lua_gethookcount(L) == 1) lua_sethook(L, hook, LUA_MASKCOUNT, SB_HOOK_EVERY);
  if (f->over) {
    lua_sethook(L, hook, LUA_MASKCOUNT, 1);
    luaL_error(L, "arbiter.sandbox: budget exceeded");
  }
}

/* At lua_close (finalizers run before anything is freed) the state gets its
** own allocator back, so nothing reaches a freed sbox. */
static int sbox_gc(lua_State *L) {
  sbox *s = lua_touserdata(L, 1);
  void *ud;
  if (lua_getallocf(L, &ud) == arb_sb_alloc && ud == s) lua_setallocf(L, s->f, s->ud);
  arb_sb_free_owned(s);
  return 0;
}

/* ---- budgeted calls ---- */

static int budgeted(lua_State *L);
static void run_clear(lua_State *L, sbox *s);

static int raise_over(lua_State *L, const sb_frame *f) {
  const char *name = lua_tostring(L, lua_upvalueindex(2));
  int mem = f->over == SB_OVER_MEMORY;
  if (f->over == SB_OVER_STRING)
    lua_pushfstring(L, "arbiter.sandbox: card script '%s' made a string longer than %d bytes "
                    "(the longest a card script may make)", name, (int)SB_STRING_CAP);
  else if (f->by[0])
    lua_pushfstring(L, "arbiter.sandbox: card script '%s' ran out of its %s budget (%I) in card script '%s'",
                    name, mem ? "memory" : "instruction", mem ? f->mem_max : f->steps_max, f->by);
  else if (mem)
    lua_pushfstring(L, "arbiter.sandbox: card script '%s' exceeded its memory budget of %I bytes%s",
                    name, f->mem_max, f->clamped_mem ? " (what its caller had left)" : "");
  else
    lua_pushfstring(L, "arbiter.sandbox: card script '%s' exceeded its instruction budget of %I%s",
                    name, f->steps_max, f->clamped_steps ? " (what its caller had left)" : "");
  return lua_error(L);
}

/* A script's error object never reaches the host unless it is a string or
** a number: its metamethods (__tostring, __index...) would run unbudgeted. */
static int rethrow(lua_State *L) {
  int t = lua_type(L, -1);
  if (t == LUA_TSTRING || t == LUA_TNUMBER) return lua_error(L);
  lua_pushfstring(L, "arbiter.sandbox: card script '%s' raised a non-string error (%s)",
                  lua_tostring(L, lua_upvalueindex(2)), lua_typename(L, t));
  return lua_error(L);
}

static void open_frame(lua_State *L, sbox *s, sb_frame *f) {
  sb_frame *o = s->top;
  int i, n = lua_gettop(L);
  memset(f, 0, sizeof *f);
  f->steps_max = lua_tointeger(L, lua_upvalueindex(3));
  f->mem_max = lua_tointeger(L, lua_upvalueindex(4));
  f->acct = lua_touserdata(L, lua_upvalueindex(5));
  if (o) {
    if (o->steps_max - o->steps < f->steps_max) { f->steps_max = o->steps_max - o->steps; f->clamped_steps = 1; }
    if (o->mem_max - o->mem < f->mem_max) { f->mem_max = o->mem_max - o->mem; f->clamped_mem = 1; }
    f->game = o->game;
  }
  for (i = 1; i <= n && i <= 3; i++) {
    lgame *lg = luaL_testudata(L, i, GAME_MT);
    if (lg) { f->game = lg; return; }
  }
  for (i = 1; i <= n && i <= 3; i++) {   /* else a player's, card's or zone's (agents' calls) */
    lproxy *p;
    if (lua_type(L, i) != LUA_TUSERDATA) continue;
    if ((p = luaL_testudata(L, i, PLAYER_MT)) || (p = luaL_testudata(L, i, CARD_MT)) ||
        (p = luaL_testudata(L, i, ZONE_MT))) {
      if (p->lg && p->lg->g) f->game = p->lg;
      return;
    }
  }
}

void arb_l_charge(lua_State *L, const lgame *lg, lua_Integer n) {
  sbox *s = sbox_of(L);
  sb_frame *f = s ? s->top : NULL;
  (void)lg;
  if (n < 0) luaL_error(L, "arbiter: internal error: a negative charge (%I)", n);   /* a bug */
  if (!f || n == 0) return;
  if (n > f->steps_max - f->steps) {
    f->steps = f->steps_max + 1;
    arb_sb_over(s, f, SB_OVER_STEPS);
    luaL_error(L, "arbiter.sandbox: budget exceeded");
  }
  f->steps += n;
}

lua_Integer arb_l_allowance(lua_State *L, const lgame *lg) {
  sbox *s = lg->mem->framed ? sbox_of(L) : NULL;
  sb_frame *f = s ? s->top : NULL;
  return f ? (f->steps < f->steps_max ? f->steps_max - f->steps : 0) : -1;
}

void arb_l_other_game(lua_State *L, const lgame *lg) {
  (void)lg;
  luaL_error(L, "arbiter.sandbox: a card script reaches only the game it was called with "
             "(and games made during that call, such as a clone for a look-ahead), not another");
}

/* Adds what an inner frame used to the outer one (if any). */
static void close_frame(lua_State *L, sbox *s, const sb_frame *f) {
  sb_frame *o = s->top;
  int clamped = (f->over == SB_OVER_STEPS && f->clamped_steps) ||
                (f->over == SB_OVER_MEMORY && f->clamped_mem);
  if (!o) return;
  o->steps += f->steps;
  o->mem += f->mem;
  if (!o->over && clamped)
    snprintf(o->by, sizeof o->by, "%s", f->by[0] ? f->by : lua_tostring(L, lua_upvalueindex(2)));
  if ((f->over == SB_OVER_STEPS && f->clamped_steps) || o->steps > o->steps_max) arb_sb_over(s, o, SB_OVER_STEPS);
  if ((f->over == SB_OVER_MEMORY && f->clamped_mem) || o->mem > o->mem_max) arb_sb_over(s, o, SB_OVER_MEMORY);
}

/* The script's lifetime budget, checked after a call: over it, a full
** collection first (only what the script still reaches counts). */
static void check_kept(lua_State *L, sb_account *a) {
  if (!a || a->kept <= a->kept_max) return;
  lua_gc(L, LUA_GCCOLLECT, 0);
  if (a->kept > a->kept_max)
    luaL_error(L, "arbiter.sandbox: card script '%s' keeps %I bytes across calls, more than its "
               "lifetime memory budget of %I", lua_tostring(L, lua_upvalueindex(2)), a->kept, a->kept_max);
}

/* Calls the function at 1 with the rest; leaves room for the pushes that
** follow the pcall (restoring strings, guarding results): they must not fail. */
/* The one wrapping point for host tables handed to script code (issue 24 item 7): every
** table argument of a budgeted call becomes its read-only view, but for a table the caller
** gave the script to change (arb_l_own: a replacement's event), whose own table fields (ev.last,
** last-known information) become views instead. */
static const char OWN_KEY = 'w';
static void shield_arg(lua_State *L, int i) {
  int owned = lua_rawgetp(L, LUA_REGISTRYINDEX, &OWN_KEY) == LUA_TTABLE;
  if (owned) {
    lua_pushvalue(L, i);
    owned = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 1);
    if (owned) { lua_pushvalue(L, i); lua_pushnil(L); lua_rawset(L, -3); }   /* one call only */
  }
  lua_pop(L, 1);
  if (!owned) { arb_l_shield(L, i); return; }
  lua_pushnil(L);
  while (lua_next(L, i)) {
    if (lua_type(L, -1) == LUA_TTABLE) {
      arb_l_shield(L, -1);
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, i);               /* an existing key: the traversal goes on */
    } else lua_pop(L, 1);
  }
}

static int call_fn(lua_State *L) {   /* fn, args */
  int i, n = lua_gettop(L);
  luaL_checkstack(L, 6, "too many arguments");
  for (i = 2; i <= n; i++)
    if (lua_type(L, i) == LUA_TTABLE) shield_arg(L, i);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  luaL_checkstack(L, 8, "too many results");
  return lua_gettop(L);
}

/* Method calls on strings ("s:find(p)") reach the string metatable's __index,
** shared with the host. For the outermost budgeted call it points at the
** charged string table (sandbox.lua: pattern functions pay for their worst
** case), and back afterwards. Neither direction allocates after the first. */
static const char STRTAB_KEY = 't', SAVED_KEY = 'v';

static void strings_in(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &STRTAB_KEY) == LUA_TTABLE) {
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
      lua_getfield(L, -1, "__index");
      lua_rawsetp(L, LUA_REGISTRYINDEX, &SAVED_KEY);
      lua_pushvalue(L, -3);
      lua_setfield(L, -2, "__index");
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* Script code compares strings as Lua does, with strcoll: under the host's LC_COLLATE two
** hosts would order the same keys differently. The outermost budgeted call runs under "C"
** (a no-op when the host never set a locale: the C library starts in "C"). */
static void collate_in(sbox *s) {
  const char *cur = setlocale(LC_COLLATE, NULL);
  s->collate[0] = '\0';
  if (!cur || !strcmp(cur, "C") || !strcmp(cur, "POSIX") || strlen(cur) >= sizeof s->collate) return;
  strcpy(s->collate, cur);
  setlocale(LC_COLLATE, "C");
}

static void collate_out(sbox *s) {
  if (s->collate[0]) setlocale(LC_COLLATE, s->collate);
  s->collate[0] = '\0';
}

static void strings_out(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &SAVED_KEY) != LUA_TNIL) {
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
      lua_pushvalue(L, -3);
      lua_setfield(L, -2, "__index");
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* upvalues: function, script name, instruction budget, memory budget, account */
static int budgeted(lua_State *L) {
  sbox *s = sbox_of(L);
  sb_frame f, *outer;
  lua_State *outerL;
  lua_Hook oh = lua_gethook(L);
  int omask = lua_gethookmask(L), ocount = lua_gethookcount(L), ohost, status, n, same, oframed;
  const void *ogame;
  void *ud;
  if (!s || lua_getallocf(L, &ud) != arb_sb_alloc || ud != s)
    return luaL_error(L, "arbiter.sandbox: the Lua state's allocator was replaced after "
                      "the first load_script; memory budgets can't be enforced");
  /* over its lifetime budget, a script is refused before it runs: a refused call that ran
  ** would go on growing what it keeps (issue 24) */
  check_kept(L, lua_touserdata(L, lua_upvalueindex(5)));
  open_frame(L, s, &f);
  n = lua_gettop(L);
  luaL_checkstack(L, 8, "too many arguments");
  lua_pushcfunction(L, call_fn);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_rotate(L, 1, 2);                    /* call_fn, fn, args */
  outer = s->top;
  if (!outer) { strings_in(L); collate_in(s); s->mem->epoch++; }
  oframed = s->mem->framed;
  ogame = s->mem->script_game;
  s->mem->framed = 1;
  s->mem->script_game = f.game;
  outerL = s->L;
  ohost = s->mem->host;
  s->top = &f;
  s->L = L;
  s->mem->host = 0;
  /* inside a budgeted call the count goes on where it is (setting the hook
  ** again would restart it: a loop of short nested calls would never reach
  ** the hook); the outermost call sets it and puts back what was there */
  same = oh == hook && omask == LUA_MASKCOUNT && ocount == SB_HOOK_EVERY;
  if (!same) lua_sethook(L, hook, LUA_MASKCOUNT, SB_HOOK_EVERY);
  f.steps = SB_CALL_COST;                 /* the call itself: work the hook doesn't see */
  status = lua_pcall(L, n + 1, LUA_MULTRET, 0);
  arb_sb_settle(s);                       /* a block made last is charged to this call */
  if (s->npending && arb_sb_check_pending(s) && !f.over) f.over = SB_OVER_STRING;   /* made last */
  if (!same || lua_gethook(L) != oh || lua_gethookmask(L) != omask || lua_gethookcount(L) != ocount)
    lua_sethook(L, oh, omask, ocount);
  if (!outer) { strings_out(L); collate_out(s); }
  s->mem->framed = oframed;
  s->mem->script_game = ogame;
  s->top = outer;
  s->L = outerL;
  s->mem->host = ohost;
  if (!outer && s->nrun) run_clear(L, s);  /* no script coroutine runs outside a call (sets nil only) */
  if (status == LUA_ERRMEM && !f.over) f.over = SB_OVER_MEMORY;
  close_frame(L, s, &f);
  if (f.over) return raise_over(L, &f);
  if (status != LUA_OK) return rethrow(L);
  check_kept(L, f.acct);
  for (n = 1; n <= lua_gettop(L); n++) {   /* functions handed out; views back to host tables */
    arb_l_guard(L, s->mem, n);
    arb_l_unshield(L, n);
  }
  return lua_gettop(L);
}

/* core._budgeted(fn, name, instructions, memory, account) -> budgeted wrapper */
static int l_budgeted(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_checkstring(L, 2);
  arb_l_intarg(L, 3, 3, "instruction budget", 1, LUA_MAXINTEGER);
  arb_l_intarg(L, 4, 4, "memory budget", 1, LUA_MAXINTEGER);
  luaL_checktype(L, 5, LUA_TUSERDATA);
  lua_settop(L, 5);
  lua_pushcclosure(L, budgeted, 5);
  return 1;
}

/* core._sandbox_account(kept_max) -> a script's account (kept for the state's life) */
static const char ACCOUNTS_KEY = 'a';
static int l_account(lua_State *L) {
  lua_Integer max = arb_l_intarg(L, 1, 1, "lifetime memory budget", 1, LUA_MAXINTEGER);
  sb_account *a;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &ACCOUNTS_KEY) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &ACCOUNTS_KEY);
  }
  a = lua_newuserdatauv(L, sizeof *a, 0);
  a->kept = 0;
  a->kept_max = max;
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, (lua_Integer)lua_rawlen(L, -3) + 1);   /* blocks point at it: never collected */
  return 1;
}

/* core._sandbox_kept(account) -> bytes its script keeps now */
static int l_kept(lua_State *L) {
  sb_account *a = lua_touserdata(L, 1);
  luaL_argcheck(L, a != NULL, 1, "account expected");
  lua_pushinteger(L, a->kept);
  return 1;
}

/* The threads in s->run are kept alive while listed (registry[RUN_KEY][i] = thread at 1 or nil):
** a step that raised before re-arming leaves its entry until the outermost call ends. */
static const char RUN_KEY = 'r';
static void run_anchor(lua_State *L, int i, int set) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &RUN_KEY) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &RUN_KEY);
  }
  if (set) lua_pushvalue(L, 1); else lua_pushnil(L);
  lua_rawseti(L, -2, i);
  lua_pop(L, 1);
}

static void run_clear(lua_State *L, sbox *s) {
  while (s->nrun) run_anchor(L, s->nrun--, 0);
}

/* core._sandbox_arm(thread, armed): an armed thread raises at its first
** instruction outside a budgeted call; inside one it may be disarmed (the
** normal count) while the environment's resume runs it. */
static int l_arm(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  sbox *s = sbox_of(L);
  luaL_argcheck(L, co != NULL, 1, "thread expected");
  if (lua_toboolean(L, 2) || !s || !s->top) {
    lua_sethook(co, hook, LUA_MASKCOUNT, 1);
    if (!ARB_ALLOC_TAGS && s && s->nrun && s->run[s->nrun - 1] == co) run_anchor(L, s->nrun--, 0);
  } else {
    lua_sethook(co, hook, LUA_MASKCOUNT, SB_HOOK_EVERY);
    if (!ARB_ALLOC_TAGS && s->nrun < SB_RUN_MAX) {        /* it runs script code now (arb_sb_watch) */
      s->run[s->nrun++] = co;
      run_anchor(L, s->nrun, 1);
    }
  }
  return 0;
}

/* ---- guards: the engine calls script functions only through wrappers ---- */

static int guard_failed(lua_State *L) {
  return luaL_error(L, "arbiter.sandbox: a card-script function could not be wrapped in its budget");
}

void arb_l_guard(lua_State *L, arb_lmem *mem, int idx) {
  if (!mem->sandboxes) return;
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TFUNCTION || lua_tocfunction(L, idx) == budgeted) return;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &GUARDS_KEY);
  lua_pushvalue(L, idx);
  if (lua_rawget(L, -2) == LUA_TNIL) {           /* not seen yet: ask sandbox.lua */
    lua_pop(L, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &CLASSIFY_KEY);
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {       /* fail closed */
      lua_pop(L, 1);
      lua_pushcfunction(L, guard_failed);
    }
  }
  if (lua_isfunction(L, -1)) lua_replace(L, idx);
  else lua_pop(L, 1);
  lua_pop(L, 1);
}

/* core._guard(fn) -> fn's budgeted wrapper if fn is card-script code, else fn */
/* (upvalue 1: the Lua state's arb_lmem, made before this module opens (arb_l_memory_open): a
** registry lookup a call saved, ~200 instructions; every question to an agent guards its function) */
static int l_guard(lua_State *L) {
  lua_settop(L, 1);
  arb_l_guard(L, lua_touserdata(L, lua_upvalueindex(1)), 1);
  return 1;
}

/* ---- host objects reach script code as read-only views (sandbox.lua) ---- */

static const char SHIELD_KEY = 'h', ORIG_KEY = 'o', VIEWMT_KEY = 'm';

/* Script context: a budgeted call is open and no engine call inside it, so
** the value at idx is about to reach script code: a table becomes its view. */
void arb_l_shield(lua_State *L, int idx) {
  sbox *s;
  if (lua_type(L, idx) != LUA_TTABLE || !(s = sbox_of(L)) || !s->top || s->mem->host) return;
  idx = lua_absindex(L, idx);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &SHIELD_KEY);
  lua_pushvalue(L, idx);
  lua_call(L, 1, 1);
  lua_replace(L, idx);
}

/* A view at idx becomes its host table again (it leaves script code). */
void arb_l_unshield(lua_State *L, int idx) {
  int view;
  if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx)) return;
  idx = lua_absindex(L, idx);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &VIEWMT_KEY);
  view = lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  if (!view) return;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &ORIG_KEY);
  lua_pushvalue(L, idx);
  lua_rawget(L, -2);
  lua_replace(L, idx);
  lua_pop(L, 1);
}

/* core._shield(v) -> v's read-only view in script context, else v */
static int l_shield(lua_State *L) { lua_settop(L, 1); arb_l_shield(L, 1); return 1; }
/* core._is_budgeted(f) -> whether f is a budgeted wrapper (script code) */
static int l_is_budgeted(lua_State *L) {
  lua_pushboolean(L, lua_tocfunction(L, 1) == budgeted);
  return 1;
}

void arb_l_own(lua_State *L, int idx, int own) {
  if (!sbox_of(L) || lua_type(L, idx) != LUA_TTABLE) return;   /* no script loaded: nothing */
  idx = lua_absindex(L, idx);
  arb_l_push_weak(L, &OWN_KEY);   /* weak keys: a mark never used can't leak */
  lua_pushvalue(L, idx);
  if (own) lua_pushboolean(L, 1); else lua_pushnil(L);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* core._unshield(v) -> the host table of a view, else v */
static int l_unshield(lua_State *L) { lua_settop(L, 1); arb_l_unshield(L, 1); return 1; }

/* core._sandbox_init(classify, guards, strings, view, orig_of, view_mt): installs the allocator wrapper (once
** per state) and the classifier; from now on script calls are guarded. */
static int l_sandbox_init(lua_State *L) {
  arb_lmem *mem = arb_l_mem(L);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  luaL_checktype(L, 4, LUA_TFUNCTION);
  luaL_checktype(L, 5, LUA_TTABLE);
  luaL_checktype(L, 6, LUA_TTABLE);
  lua_pushvalue(L, 3);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &STRTAB_KEY);
  lua_pushvalue(L, 4);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &SHIELD_KEY);
  lua_pushvalue(L, 5);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &ORIG_KEY);
  lua_pushvalue(L, 6);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &VIEWMT_KEY);
  if (!sbox_of(L)) {
    sbox *s = lua_newuserdatauv(L, sizeof *s, 0);
    memset(s, 0, sizeof *s);
    s->mem = mem;
    s->f = lua_getallocf(L, &s->ud);
    lua_newtable(L);
    lua_pushcfunction(L, sbox_gc);
    lua_setfield(L, -2, "__gc");
    lua_setmetatable(L, -2);                     /* __gc last: s is complete */
    lua_rawsetp(L, LUA_REGISTRYINDEX, &SBOX_KEY);
    lua_setallocf(L, arb_sb_alloc, s);
#if !ARB_ALLOC_TAGS
    arb_sb_probe_strings(L, s);
    arb_sb_probe_strtab(L, s, 2);
#endif
  }
  lua_pushvalue(L, 1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &CLASSIFY_KEY);
  lua_pushvalue(L, 2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &GUARDS_KEY);
  mem->sandboxes = 1;
  return 0;
}

/* core._sandbox_probe([factor]) -> whether the string table's block is known, the strings the
** probe made, the growths it didn't know (lsandbox_mem.c); nil on a Lua with allocation tags
** (5.2+: no probe) or before the sandbox. With factor (a spec's): the probe again, the table
** forgotten first, looking for a table that grows `factor` times (2: the interpreter's; another
** stands for a VM whose table grows otherwise: run it with 2 again after, to find it again). */
static int l_sandbox_probe(lua_State *L) {
#if ARB_ALLOC_TAGS
  (void)L;
  return 0;
#else
  sbox *s = sbox_of(L);
  if (!s) return 0;
  if (!lua_isnoneornil(L, 1)) {
    s->strtab = NULL;
    s->strtab_n = 0;
    arb_sb_probe_strtab(L, s, (int)arb_l_intarg(L, 1, 1, "factor", 2, 16));
  }
  lua_pushboolean(L, s->strtab != NULL);
  lua_pushinteger(L, s->probe_made);
  lua_pushinteger(L, s->probe_missed);
  return 3;
#endif
}

/* core._sandbox_game() -> the game of the innermost budgeted call, or nil */
static int l_sandbox_game(lua_State *L) {
  sbox *s = sbox_of(L);
  if (!s || !s->top || !s->top->game) return 0;
  arb_l_pushgame_of(L, s->top->game);
  return 1;
}

/* core._sandbox_charge(n): n instructions' worth of work done in C */
static int l_sandbox_charge(lua_State *L) {
  sbox *s = sbox_of(L);
  lua_Integer n = arb_l_intarg(L, 1, 1, "instructions", LUA_MININTEGER, LUA_MAXINTEGER);
  sb_frame *f = s ? s->top : NULL;
  if (!f) return outside(L);              /* fail closed: no budget to charge */
  if (n <= 0) return 0;
  if (n > f->steps_max - f->steps) {
    f->steps = f->steps_max + 1;
    arb_sb_over(s, f, SB_OVER_STEPS);
    return luaL_error(L, "arbiter.sandbox: budget exceeded");
  }
  f->steps += n;
  return 0;
}

/* core._sandbox_usage() -> instructions, bytes used so far by the innermost call */
static int l_sandbox_usage(lua_State *L) {
  sbox *s = sbox_of(L);
  if (!s || !s->top) return 0;
  lua_pushinteger(L, s->top->steps);
  lua_pushinteger(L, s->top->mem);
  return 2;
}

static const luaL_Reg sandbox_funcs[] = {
  {"_budgeted", l_budgeted}, {"_sandbox_init", l_sandbox_init},
  {"_sandbox_game", l_sandbox_game}, {"_sandbox_charge", l_sandbox_charge},
  {"_sandbox_probe", l_sandbox_probe},
  {"_sandbox_usage", l_sandbox_usage}, {"_sandbox_account", l_account},
  {"_sandbox_kept", l_kept}, {"_shield", l_shield}, {"_is_budgeted", l_is_budgeted}, {"_unshield", l_unshield}, {"_sandbox_arm", l_arm}, {NULL, NULL}
};

/* Adds the sandbox functions to the module table at -1. */
int arb_l_sandbox_open(lua_State *L) {
  luaL_setfuncs(L, sandbox_funcs, 0);
  lua_pushlightuserdata(L, arb_l_mem(L));
  lua_pushcclosure(L, l_guard, 1);
  lua_setfield(L, -2, "_guard");
  return 0;
}
