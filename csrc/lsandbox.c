/*
** lsandbox.c — budgets for untrusted card scripts (issue 7 item 4); the
** environment itself is built in lua/arbiter/sandbox.lua.
**
** A budgeted call (a C closure over the script's function, its name and two
** limits) runs the function in lua_pcall with a count hook and a frame:
**   instructions — the hook adds its count every HOOK_EVERY instructions,
**     and every ALLOC_COST bytes allocated count as one more (C functions
**     such as string.rep do work without instructions);
**   memory — net bytes allocated while the frame is open, seen by a
**     wrapper around the state's lua_Alloc (installed once per state).
** Over budget, the hook fires at every instruction (count 1) and raises, so
** a script's pcall can't swallow the error: the next instruction raises it
** again. When the call returns, an overrun always becomes one clear error
** naming the script and the budget, whatever the script did meanwhile.
**
** Memory over budget is refused (NULL) only while script code or the Lua
** functions it calls directly run; inside an engine call (arb_l_guarded,
** mem->host > 0) C frames of the core are live and a memory error must not
** unwind through them, so there the overrun is flagged and the hook raises
** at the next Lua instruction, inside the engine's own protected call.
** Lua retries a refused allocation once after an emergency collection: the
** same request again is that retry, so garbage doesn't count as an overrun.
**
** Frames nest (a script's g:draw runs another script's replacement): the
** inner budget is clamped to what the outer has left, and what the inner
** used is added to the outer.
**
** Sandbox code must never run unbudgeted: the engine passes every script
** function it calls through arb_l_guard (registry: function -> its budgeted
** wrapper, filled by sandbox.lua's classifier). A coroutine created by a
** script inherits the hook; resumed outside any budgeted call, it raises.
*/
#include <stdio.h>
#include <string.h>
#include "lbind.h"

#define HOOK_EVERY 1000
#define ALLOC_COST 64

enum { UNDER, OVER_STEPS, OVER_MEMORY };

typedef struct frame {
  lua_Integer steps, steps_max, mem, mem_max;
  int over;
  int clamped_steps, clamped_mem;   /* the limit is what the outer frame had left */
  int refused;                      /* a request was refused and not yet retried */
  char by[64];                      /* the inner script that used up what was left */
  const void *rp;
  size_t ro, rn;
  lgame *game;                      /* the game this call is about (math.random) */
} frame;

typedef struct sbox {
  lua_Alloc f;                      /* the state's allocator, wrapped */
  void *ud;
  frame *top;                       /* innermost budgeted call, NULL when none */
  lua_State *L;                     /* the thread that runs it */
  arb_lmem *mem;
} sbox;

static const char SBOX_KEY = 's', GUARDS_KEY = 'g', CLASSIFY_KEY = 'c';

static sbox *sbox_of(lua_State *L) {
  sbox *s;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &SBOX_KEY);
  s = lua_touserdata(L, -1);
  lua_pop(L, 1);
  return s;
}

static void hook(lua_State *L, lua_Debug *ar);

static void poke(sbox *s) {
  if (s->L) lua_sethook(s->L, hook, LUA_MASKCOUNT, 1);
}

static void over(sbox *s, frame *f, int why) {
  if (!f->over) f->over = why;
  poke(s);
}

static void hook(lua_State *L, lua_Debug *ar) {
  sbox *s = sbox_of(L);
  frame *f = s ? s->top : NULL;
  (void)ar;
  if (!f) {
    lua_sethook(L, hook, LUA_MASKCOUNT, 1);
    luaL_error(L, "arbiter.sandbox: card-script code ran outside a budgeted call "
               "(a script's coroutine resumed by the host?)");
    return;
  }
  f->steps += lua_gethookcount(L);
  if (!f->over && f->steps > f->steps_max) f->over = OVER_STEPS;
  if (f->over) {
    lua_sethook(L, hook, LUA_MASKCOUNT, 1);
    luaL_error(L, "arbiter.sandbox: budget exceeded");
  }
}

/* May the frame's growth by `grow` bytes go ahead? */
static int admit(sbox *s, frame *f, const void *p, size_t os, size_t ns) {
  lua_Integer grow = (lua_Integer)(ns - (p ? os : 0));
  int retry = f->refused && f->rp == p && f->ro == os && f->rn == ns;
  if (f->refused && !retry) over(s, f, OVER_MEMORY);  /* the refusal raised */
  f->refused = 0;
  if (f->mem + grow > f->mem_max) {
    if (s->mem->host) over(s, f, OVER_MEMORY);          /* flag only: core frames live */
    else if (retry) { over(s, f, OVER_MEMORY); return 0; }
    else {
      f->refused = 1;
      f->rp = p;
      f->ro = os;
      f->rn = ns;
      return 0;
    }
  }
  f->steps += grow / ALLOC_COST;
  if (f->steps > f->steps_max) over(s, f, OVER_STEPS);
  return 1;
}

static void *sbox_alloc(void *ud, void *p, size_t os, size_t ns) {
  sbox *s = ud;
  frame *f = s->top;
  size_t old = p ? os : 0;
  void *q;
  if (f && ns > old && !admit(s, f, p, os, ns)) return NULL;
  q = s->f(s->ud, p, os, ns);
  if (f && (q || ns == 0)) f->mem += (lua_Integer)ns - (lua_Integer)old;
  return q;
}

/* At lua_close (finalizers run before anything is freed) the state gets its
** own allocator back, so nothing reaches a freed sbox. */
static int sbox_gc(lua_State *L) {
  sbox *s = lua_touserdata(L, 1);
  void *ud;
  if (lua_getallocf(L, &ud) == sbox_alloc && ud == s) lua_setallocf(L, s->f, s->ud);
  return 0;
}

/* ---- budgeted calls ---- */

static int budgeted(lua_State *L);

static int raise_over(lua_State *L, const frame *f) {
  const char *name = lua_tostring(L, lua_upvalueindex(2));
  if (f->by[0])
    lua_pushfstring(L, "arbiter.sandbox: card script '%s' ran out of its %s budget (%I) in card script '%s'",
                    name, f->over == OVER_MEMORY ? "memory" : "instruction",
                    f->over == OVER_MEMORY ? f->mem_max : f->steps_max, f->by);
  else if (f->over == OVER_MEMORY)
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

static void open_frame(lua_State *L, sbox *s, frame *f) {
  frame *o = s->top;
  int i, n = lua_gettop(L);
  memset(f, 0, sizeof *f);
  f->steps_max = lua_tointeger(L, lua_upvalueindex(3));
  f->mem_max = lua_tointeger(L, lua_upvalueindex(4));
  if (o) {
    if (o->steps_max - o->steps < f->steps_max) { f->steps_max = o->steps_max - o->steps; f->clamped_steps = 1; }
    if (o->mem_max - o->mem < f->mem_max) { f->mem_max = o->mem_max - o->mem; f->clamped_mem = 1; }
    f->game = o->game;
  }
  for (i = 1; i <= n && i <= 3; i++) {
    lgame *lg = luaL_testudata(L, i, GAME_MT);
    if (lg) { f->game = lg; break; }
  }
}

/* Adds what an inner frame used to the outer one (if any). */
static void close_frame(lua_State *L, sbox *s, const frame *f) {
  frame *o = s->top;
  if (!o) return;
  o->steps += f->steps;
  o->mem += f->mem;
  if (!o->over && ((f->over == OVER_STEPS && f->clamped_steps) ||
                   (f->over == OVER_MEMORY && f->clamped_mem)))
    snprintf(o->by, sizeof o->by, "%s", f->by[0] ? f->by : lua_tostring(L, lua_upvalueindex(2)));
  if ((f->over == OVER_STEPS && f->clamped_steps) || o->steps > o->steps_max) over(s, o, OVER_STEPS);
  if ((f->over == OVER_MEMORY && f->clamped_mem) || o->mem > o->mem_max) over(s, o, OVER_MEMORY);
}

/* Calls the function at 1 with the rest; leaves room for the pushes that
** follow the pcall (restoring strings, guarding results): they must not fail. */
static int call_fn(lua_State *L) {
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

/* upvalues: function, script name, instruction budget, memory budget */
static int budgeted(lua_State *L) {
  sbox *s = sbox_of(L);
  frame f, *outer;
  lua_State *outerL;
  lua_Hook oh = lua_gethook(L);
  int omask = lua_gethookmask(L), ocount = lua_gethookcount(L), ohost, status, n;
  void *ud;
  if (!s || lua_getallocf(L, &ud) != sbox_alloc || ud != s)
    return luaL_error(L, "arbiter.sandbox: the Lua state's allocator was replaced after "
                      "the first load_script; memory budgets can't be enforced");
  open_frame(L, s, &f);
  n = lua_gettop(L);
  luaL_checkstack(L, 8, "too many arguments");
  lua_pushcfunction(L, call_fn);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_rotate(L, 1, 2);                    /* call_fn, fn, args */
  outer = s->top;
  if (!outer) strings_in(L);
  outerL = s->L;
  ohost = s->mem->host;
  s->top = &f;
  s->L = L;
  s->mem->host = 0;
  lua_sethook(L, hook, LUA_MASKCOUNT, HOOK_EVERY);
  status = lua_pcall(L, n + 1, LUA_MULTRET, 0);
  lua_sethook(L, oh, omask, ocount);
  if (!outer) strings_out(L);
  s->top = outer;
  s->L = outerL;
  s->mem->host = ohost;
  if (status == LUA_ERRMEM && f.refused && !f.over) f.over = OVER_MEMORY;
  close_frame(L, s, &f);
  if (f.over) return raise_over(L, &f);
  if (status != LUA_OK) return rethrow(L);
  for (n = 1; n <= lua_gettop(L); n++) arb_l_guard(L, s->mem, n);   /* functions handed out */
  return lua_gettop(L);
}

/* core._budgeted(fn, name, instructions, memory) -> budgeted wrapper */
static int l_budgeted(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_checkstring(L, 2);
  luaL_argcheck(L, luaL_checkinteger(L, 3) > 0, 3, "instruction budget must be > 0");
  luaL_argcheck(L, luaL_checkinteger(L, 4) > 0, 4, "memory budget must be > 0");
  lua_settop(L, 4);
  lua_pushcclosure(L, budgeted, 4);
  return 1;
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
static int l_guard(lua_State *L) {
  lua_settop(L, 1);
  arb_l_guard(L, arb_l_mem(L), 1);
  return 1;
}

/* core._sandbox_init(classify, guards, strings): installs the allocator wrapper (once
** per state) and the classifier; from now on script calls are guarded. */
static int l_sandbox_init(lua_State *L) {
  arb_lmem *mem = arb_l_mem(L);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_pushvalue(L, 3);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &STRTAB_KEY);
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
    lua_setallocf(L, sbox_alloc, s);
  }
  lua_pushvalue(L, 1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &CLASSIFY_KEY);
  lua_pushvalue(L, 2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &GUARDS_KEY);
  mem->sandboxes = 1;
  return 0;
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
  lua_Integer n = luaL_checkinteger(L, 1);
  frame *f = s ? s->top : NULL;
  if (!f || n <= 0) return 0;
  f->steps += n;
  if (f->steps > f->steps_max) {
    over(s, f, OVER_STEPS);
    return luaL_error(L, "arbiter.sandbox: budget exceeded");
  }
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
  {"_budgeted", l_budgeted}, {"_guard", l_guard}, {"_sandbox_init", l_sandbox_init},
  {"_sandbox_game", l_sandbox_game}, {"_sandbox_charge", l_sandbox_charge},
  {"_sandbox_usage", l_sandbox_usage}, {NULL, NULL}
};

/* Adds the sandbox functions to the module table at -1. */
int arb_l_sandbox_open(lua_State *L) {
  luaL_setfuncs(L, sandbox_funcs, 0);
  return 0;
}
