/*
** compat.h — the only place that knows which Lua it is built against.
**
** The binding is written against the Lua 5.4 API. On Lua 5.1, 5.2, 5.3 and
** LuaJIT 2.1 this header gives the 5.4 names and meanings, so no other file
** tests LUA_VERSION_NUM:
**   - lua_newuserdatauv / lua_getiuservalue / lua_setiuservalue: the n user
**     values live in one table (the userdata's uservalue, or its fenv on 5.1);
**   - the getters return the pushed value's type (lua_getfield, lua_rawget,
**     lua_rawgeti, lua_rawgetp, lua_gettable), as since 5.3;
**   - integers as since 5.3: lua_tointegerx/lua_tointeger/luaL_checkinteger
**     accept an integral number only (2.0 yes, 2.5 "number has no integer
**     representation"), lua_isinteger is "an integral number" (every number
**     is a double there), LUA_MAXINTEGER; "%I" in lua_pushfstring/luaL_error;
**   - 5.2/5.3 functions missing on 5.1 (lua_absindex, lua_rawlen, lua_rotate,
**     luaL_setfuncs, luaL_testudata, luaL_tolstring, luaL_traceback, ...),
**     __name in metatables and in "X expected, got Y" messages;
**   - lua_resume with 5.4's signature, lua_setwarnf (a no-op before 5.4).
** Lua numbers on 5.1/5.2/LuaJIT are doubles: the binding never pushes an
** integer beyond 2^53 (the state hash is a hex string).
** ARB_LUAJIT is defined when the headers are LuaJIT's.
*/
#ifndef ARB_COMPAT_H
#define ARB_COMPAT_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>

#if LUA_VERSION_NUM == 501 && defined(LUA_LJDIR)
#define ARB_LUAJIT 1
#endif

/* ---- 5.1 (PUC and LuaJIT): what 5.2 added ---- */
#if LUA_VERSION_NUM < 502
#ifndef LUA_OK
#define LUA_OK 0
#endif
#define lua_rawlen(L, i) lua_objlen((L), (i))
#define luaL_len(L, i) ((lua_Integer)lua_objlen((L), (i)))   /* no __len on 5.1 tables */

static inline int arb_c_absindex(lua_State *L, int i) {
  return (i > 0 || i <= LUA_REGISTRYINDEX) ? i : lua_gettop(L) + i + 1;
}
#define lua_absindex arb_c_absindex

static inline int arb_c_rawgetp(lua_State *L, int i, const void *p) {
  i = lua_absindex(L, i);
  lua_pushlightuserdata(L, (void *)p);
  lua_rawget(L, i);
  return lua_type(L, -1);
}
#define lua_rawgetp arb_c_rawgetp

static inline void arb_c_rawsetp(lua_State *L, int i, const void *p) {   /* pops the value */
  i = lua_absindex(L, i);
  lua_pushlightuserdata(L, (void *)p);
  lua_insert(L, -2);
  lua_rawset(L, i);
}
#define lua_rawsetp arb_c_rawsetp

#endif /* < 502 */

#if LUA_VERSION_NUM < 503 && !defined(ARB_LUAJIT)
static inline int arb_c_isyieldable(lua_State *L) {   /* approximate: the main thread can't yield */
  int main = lua_pushthread(L);
  lua_pop(L, 1);
  return !main;
}
#define lua_isyieldable arb_c_isyieldable
#endif

#if LUA_VERSION_NUM < 502 && !defined(ARB_LUAJIT)   /* LuaJIT 2.1 has these */
static inline void arb_c_setfuncs(lua_State *L, const luaL_Reg *l, int nup) {
  luaL_checkstack(L, nup, "too many upvalues");
  for (; l->name; l++) {
    int i;
    for (i = 0; i < nup; i++) lua_pushvalue(L, -nup);
    lua_pushcclosure(L, l->func, nup);
    lua_setfield(L, -(nup + 2), l->name);
  }
  lua_pop(L, nup);
}
#define luaL_setfuncs arb_c_setfuncs

static inline void *arb_c_testudata(lua_State *L, int i, const char *tname) {
  void *p = lua_touserdata(L, i);
  if (p && lua_getmetatable(L, i)) {
    lua_getfield(L, LUA_REGISTRYINDEX, tname);
    if (!lua_rawequal(L, -1, -2)) p = NULL;
    lua_pop(L, 2);
    return p;
  }
  return NULL;
}
#define luaL_testudata arb_c_testudata

#define luaL_setmetatable(L, tname) (luaL_getmetatable((L), (tname)), lua_setmetatable((L), -2))
#define luaL_newlibtable(L, l) lua_createtable((L), 0, sizeof(l) / sizeof((l)[0]) - 1)
#define luaL_newlib(L, l) (luaL_newlibtable((L), (l)), luaL_setfuncs((L), (l), 0))

static inline void arb_c_traceback(lua_State *L, lua_State *L1, const char *msg, int level) {
  lua_Debug ar;
  int top = lua_gettop(L), n = 0;
  if (msg) lua_pushfstring(L, "%s\n", msg);
  lua_pushliteral(L, "stack traceback:");
  lua_concat(L, lua_gettop(L) - top);
  while (lua_getstack(L1, level++, &ar) && n++ < 22) {
    luaL_checkstack(L, 4, "traceback");
    lua_getinfo(L1, "Sln", &ar);
    lua_pushfstring(L, "\n\t%s:", ar.short_src);
    if (ar.currentline > 0) lua_pushfstring(L, "%d:", ar.currentline);
    if (ar.name) lua_pushfstring(L, " in function '%s'", ar.name);
    else if (*ar.what == 'm') lua_pushliteral(L, " in main chunk");
    else if (*ar.what == 'C') lua_pushliteral(L, " in ?");
    else lua_pushfstring(L, " in function <%s:%d>", ar.short_src, ar.linedefined);
    lua_concat(L, lua_gettop(L) - top);       /* one string again */
  }
}
#define luaL_traceback arb_c_traceback
#endif

/* ---- LuaJIT: errors raised after a call on another thread ----
** LuaJIT 2.1 (as Debian ships it) keeps the thread that last entered the VM
** in cur_L; a C function that called lua_pcall on another thread (lmemory.c
** makes blocks on its private thread) and then raises leaves cur_L stale, and
** the next trace exit restores a snapshot into the wrong thread (a crash).
** Re-entering the VM on L first (lua_cpcall: protected, nothing left behind)
** sets cur_L back before each error the binding raises. */
#ifdef ARB_LUAJIT
static inline int arb_c_noop(lua_State *L) { (void)L; return 0; }
static inline int arb_c_lj_error(lua_State *L) {
  lua_cpcall(L, arb_c_noop, NULL);
  return (lua_error)(L);
}
#define lua_error arb_c_lj_error
static inline int arb_c_lj_argerror(lua_State *L, int arg, const char *msg) {
  lua_cpcall(L, arb_c_noop, NULL);
  return (luaL_argerror)(L, arg, msg);
}
#define luaL_argerror arb_c_lj_argerror
static inline void arb_c_lj_checktype(lua_State *L, int arg, int t) {
  if (lua_type(L, arg) != t) { lua_cpcall(L, arb_c_noop, NULL); (luaL_checktype)(L, arg, t); }
}
#define luaL_checktype arb_c_lj_checktype
static inline const char *arb_c_lj_checklstring(lua_State *L, int arg, size_t *len) {
  if (!lua_isstring(L, arg)) lua_cpcall(L, arb_c_noop, NULL);
  return (luaL_checklstring)(L, arg, len);
}
#undef luaL_checkstring
#define luaL_checklstring arb_c_lj_checklstring
#define luaL_checkstring(L, n) arb_c_lj_checklstring((L), (n), NULL)
static inline int arb_c_lj_checkoption(lua_State *L, int arg, const char *def, const char *const lst[]) {
  const char *name = (def && lua_isnoneornil(L, arg)) ? def : lua_tostring(L, arg);
  int i;
  for (i = 0; name && lst[i]; i++)
    if (strcmp(lst[i], name) == 0) return i;
  lua_cpcall(L, arb_c_noop, NULL);
  return (luaL_checkoption)(L, arg, def, lst);   /* raises */
}
#define luaL_checkoption arb_c_lj_checkoption
#endif

/* ---- 5.1 and 5.2: __name, luaL_tolstring ---- */
#if LUA_VERSION_NUM < 503

/* __name (5.3) names a userdata in messages: "arbiter.Card expected, got arbiter.Zone" */
static inline const char *arb_c_typename(lua_State *L, int i) {
  const char *name = luaL_typename(L, i);
  if (lua_getmetatable(L, i)) {
    lua_getfield(L, -1, "__name");
    if (lua_type(L, -1) == LUA_TSTRING) name = lua_tostring(L, -1);  /* kept alive by the metatable */
    lua_pop(L, 2);
  } else if (lua_type(L, i) == LUA_TLIGHTUSERDATA) {
    name = "light userdata";
  }
  return name;
}

static inline int arb_c_newmetatable(lua_State *L, const char *tname) {
  if (!(luaL_newmetatable)(L, tname)) return 0;
  lua_pushstring(L, tname);
  lua_setfield(L, -2, "__name");
  return 1;
}
#define luaL_newmetatable arb_c_newmetatable

static inline int arb_c_typeerror(lua_State *L, int arg, const char *tname) {
  return luaL_argerror(L, arg, lua_pushfstring(L, "%s expected, got %s", tname, arb_c_typename(L, arg)));
}

static inline void *arb_c_checkudata(lua_State *L, int i, const char *tname) {
  void *p = luaL_testudata(L, i, tname);
  if (!p) arb_c_typeerror(L, i, tname);
  return p;
}
#define luaL_checkudata arb_c_checkudata

#if LUA_VERSION_NUM < 502
static inline const char *arb_c_tolstring(lua_State *L, int i, size_t *len) {
  i = lua_absindex(L, i);
  if (luaL_callmeta(L, i, "__tostring")) {
    if (!lua_isstring(L, -1)) luaL_error(L, "'__tostring' must return a string");
  } else {
    switch (lua_type(L, i)) {
    case LUA_TNUMBER: case LUA_TSTRING: lua_pushvalue(L, i); break;
    case LUA_TBOOLEAN: lua_pushstring(L, lua_toboolean(L, i) ? "true" : "false"); break;
    case LUA_TNIL: lua_pushliteral(L, "nil"); break;
    default: lua_pushfstring(L, "%s: %p", arb_c_typename(L, i), lua_topointer(L, i)); break;
    }
  }
  return lua_tolstring(L, -1, len);
}
#define luaL_tolstring arb_c_tolstring
#endif
#endif /* < 503 */

/* ---- 5.1 and 5.2: what 5.3 changed ---- */
#if LUA_VERSION_NUM < 503
/* the getters return the type of the value they pushed */
static inline int arb_c_gettype(lua_State *L) { return lua_type(L, -1); }
#define lua_getfield(L, i, k) (lua_getfield((L), (i), (k)), arb_c_gettype(L))
#define lua_rawget(L, i) (lua_rawget((L), (i)), arb_c_gettype(L))
#define lua_rawgeti(L, i, n) (lua_rawgeti((L), (i), (n)), arb_c_gettype(L))
#define lua_gettable(L, i) (lua_gettable((L), (i)), arb_c_gettype(L))
#if LUA_VERSION_NUM == 502
#define lua_rawgetp(L, i, p) (lua_rawgetp((L), (i), (p)), arb_c_gettype(L))
#define lua_getglobal(L, k) (lua_getglobal((L), (k)), arb_c_gettype(L))
#endif

static inline void arb_c_rotate(lua_State *L, int i, int n) {
  int len;
  i = lua_absindex(L, i);
  len = lua_gettop(L) - i + 1;
  if (len <= 0) return;
  n %= len;
  if (n < 0) n += len;
  for (; n > 0; n--) lua_insert(L, i);        /* the top goes to i: a rotation by one */
}
#define lua_rotate arb_c_rotate

/* Integers: lua_Integer is ptrdiff_t; numbers are doubles. */
#define LUA_MAXINTEGER PTRDIFF_MAX
#define LUA_MININTEGER PTRDIFF_MIN

static inline int arb_c_num2int(lua_Number n, lua_Integer *out) {
  if (!(n >= (lua_Number)PTRDIFF_MIN && n < -(lua_Number)PTRDIFF_MIN)) return 0;   /* NaN too */
  if ((lua_Number)(lua_Integer)n != n) return 0;
  *out = (lua_Integer)n;
  return 1;
}

static inline lua_Integer arb_c_tointegerx(lua_State *L, int i, int *isnum) {
  lua_Integer v = 0;
  int ok = lua_isnumber(L, i) && arb_c_num2int(lua_tonumber(L, i), &v);
  if (isnum) *isnum = ok;
  return ok ? v : 0;
}
#undef lua_tointegerx
#undef lua_tointeger
#define lua_tointegerx arb_c_tointegerx
#define lua_tointeger(L, i) arb_c_tointegerx((L), (i), NULL)

static inline int arb_c_isinteger(lua_State *L, int i) {
  lua_Integer v;
  return lua_type(L, i) == LUA_TNUMBER && arb_c_num2int(lua_tonumber(L, i), &v);
}
#define lua_isinteger arb_c_isinteger

static inline lua_Integer arb_c_checkinteger(lua_State *L, int arg) {
  int ok;
  lua_Integer v = arb_c_tointegerx(L, arg, &ok);
  if (!ok) {
    if (lua_isnumber(L, arg)) luaL_argerror(L, arg, "number has no integer representation");
    else arb_c_typeerror(L, arg, "number");
  }
  return v;
}
#undef luaL_checkinteger
#undef luaL_optinteger
#define luaL_checkinteger arb_c_checkinteger
#define luaL_optinteger(L, arg, d) (lua_isnoneornil((L), (arg)) ? (lua_Integer)(d) : arb_c_checkinteger((L), (arg)))

/* lua_pushfstring with 5.3's %I (a lua_Integer); the others as Lua's own. */
static inline const char *arb_c_pushvfstring(lua_State *L, const char *fmt, va_list ap) {
  int n = 0;
  const char *e;
  char buf[64];
  while ((e = strchr(fmt, '%')) != NULL) {
    luaL_checkstack(L, 3, "format");
    lua_pushlstring(L, fmt, (size_t)(e - fmt));
    switch (e[1]) {
    case 's': { const char *s = va_arg(ap, const char *); lua_pushstring(L, s ? s : "(null)"); break; }
    case 'c': buf[0] = (char)va_arg(ap, int); lua_pushlstring(L, buf, 1); break;
    case 'd': snprintf(buf, sizeof buf, "%d", va_arg(ap, int)); lua_pushstring(L, buf); break;
    case 'I': snprintf(buf, sizeof buf, "%lld", (long long)va_arg(ap, lua_Integer)); lua_pushstring(L, buf); break;
    case 'f': snprintf(buf, sizeof buf, "%.14g", (double)va_arg(ap, lua_Number)); lua_pushstring(L, buf); break;
    case 'p': snprintf(buf, sizeof buf, "%p", va_arg(ap, void *)); lua_pushstring(L, buf); break;
    case '%': lua_pushliteral(L, "%"); break;
    case '\0': lua_pushliteral(L, "%"); e--; break;
    default: lua_pushlstring(L, e, 2); break;
    }
    n += 2;
    fmt = e + 2;
    if (n > 16) { lua_concat(L, n); n = 1; }
  }
  lua_pushstring(L, fmt);
  lua_concat(L, n + 1);
  return lua_tostring(L, -1);
}

static inline const char *arb_c_pushfstring(lua_State *L, const char *fmt, ...) {
  const char *s;
  va_list ap;
  va_start(ap, fmt);
  s = arb_c_pushvfstring(L, fmt, ap);
  va_end(ap);
  return s;
}

static inline int arb_c_error(lua_State *L, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  luaL_where(L, 1);
  arb_c_pushvfstring(L, fmt, ap);
  va_end(ap);
  lua_concat(L, 2);
  return lua_error(L);
}
#define lua_pushvfstring arb_c_pushvfstring
#define lua_pushfstring arb_c_pushfstring
#define luaL_error arb_c_error
#endif /* < 503 */

/* ---- before 5.4: n user values, lua_resume's signature, warnings ---- */
#if LUA_VERSION_NUM < 504
/* the user values' table: a userdata's uservalue, its fenv on 5.1 */
#if LUA_VERSION_NUM < 502
#define arb_c_getuvtable(L, i) lua_getfenv((L), (i))
#define arb_c_setuvtable(L, i) lua_setfenv((L), (i))
#else
#define arb_c_getuvtable(L, i) ((void)lua_getuservalue((L), (i)))
#define arb_c_setuvtable(L, i) lua_setuservalue((L), (i))
#endif

static inline void *arb_c_newuserdatauv(lua_State *L, size_t sz, int nuv) {
  void *p = lua_newuserdata(L, sz);
  if (nuv > 0) {
    lua_createtable(L, nuv, 0);
    arb_c_setuvtable(L, -2);
  }
  return p;
}
#define lua_newuserdatauv arb_c_newuserdatauv

/* Pushes user value n of the userdata at i; LUA_TNONE (and nil) if it has none. */
static inline int arb_c_getiuservalue(lua_State *L, int i, int n) {
  if (lua_type(L, i) != LUA_TUSERDATA) { lua_pushnil(L); return LUA_TNONE; }
  arb_c_getuvtable(L, i);
  if (!lua_istable(L, -1)) { lua_pop(L, 1); lua_pushnil(L); return LUA_TNONE; }
  lua_rawgeti(L, -1, n);
  lua_remove(L, -2);
  return lua_type(L, -1);
}
#define lua_getiuservalue arb_c_getiuservalue

/* Pops a value into user value n of the userdata at i; 0 if it has none. */
static inline int arb_c_setiuservalue(lua_State *L, int i, int n) {
  i = lua_absindex(L, i);
  if (lua_type(L, i) != LUA_TUSERDATA) { lua_pop(L, 1); return 0; }
  arb_c_getuvtable(L, i);
  if (!lua_istable(L, -1)) { lua_pop(L, 2); return 0; }
  lua_insert(L, -2);
  lua_rawseti(L, -2, n);
  lua_pop(L, 1);
  return 1;
}
#define lua_setiuservalue arb_c_setiuservalue

static inline int arb_c_resume(lua_State *L, lua_State *from, int narg, int *nres) {
  int status;
#if LUA_VERSION_NUM < 502
  (void)from;
  status = (lua_resume)(L, narg);
#else
  status = (lua_resume)(L, from, narg);
#endif
  *nres = lua_gettop(L);
  return status;
}
#define lua_resume arb_c_resume

typedef void (*lua_WarnFunction)(void *ud, const char *msg, int tocont);
#define lua_setwarnf(L, f, ud) ((void)(L), (void)(f), (void)(ud))
#endif /* < 504 */

/* The parameters the Lua function at i declares, or -1 when it may read any number of
** arguments: a C function, a vararg function, anything but a function, or any function on 5.1
** and LuaJIT (their lua_Debug has no nparams) */
static inline int arb_c_nparams(lua_State *L, int i) {
#if LUA_VERSION_NUM >= 502
  lua_Debug ar;
  if (lua_type(L, i) != LUA_TFUNCTION) return -1;
  lua_pushvalue(L, i);
  if (!lua_getinfo(L, ">u", &ar) || ar.isvararg) return -1;
  return ar.nparams;
#else
  (void)L; (void)i;
  return -1;
#endif
}

/* lua_Alloc's osize names the kind of a new object (LUA_TSTRING...) since 5.2 */
#define ARB_ALLOC_TAGS (LUA_VERSION_NUM >= 502)

/* the binding's own names for the common cases */
#define arb_newudata(L, sz) lua_newuserdatauv((L), (sz), 1)
#define arb_setuv(L, idx) lua_setiuservalue((L), (idx), 1)
#define arb_getuv(L, idx) lua_getiuservalue((L), (idx), 1)
/* n user values: a game keeps its env and its proxy tables in them */
#define arb_newudatan(L, sz, n) lua_newuserdatauv((L), (sz), (n))
#define arb_getuvn(L, idx, n) lua_getiuservalue((L), (idx), (n))
#define arb_setuvn(L, idx, n) lua_setiuservalue((L), (idx), (n))

#endif
