/*
** lptcount.c — declared counts for power and toughness (418.5: "equal to the number of ..."
** permanents): a definition's characteristic-defining P/T made by arbiter.count_pt{...} and
** g:add_static's power / toughness / set_power / set_toughness given as {count = {...}, halve = ...},
** counted by the core in the P/T layer (characteristics.c arb_pt_count) instead of a Lua function.
**
** A declaration: {count = {is = name | {names}, is_word = key, controller = "you", name = s,
** not_is = name | {names}}, halve = "down" | "up"}. is: card types, supertypes, colors and at most
** one subtype the permanent has (c:is); is_word: the key of a word of the source's definition
** (words = {type = "Swamp"}), read as the source's text reads now (418.5a layer 3: Magical Hack);
** controller = "you": the source's controller; name: its name; not_is: card types and at most one
** subtype it hasn't. arbiter.count_pt(decl) is a function (c, g, source) -> the count (what
** arbiter.card takes as a power or toughness); as a definition's P/T the core counts it without
** calling it (arb_l_pt_counted), and g:add_static reads its declaration as the table's.
*/
#include <string.h>
#include "lbind.h"

#define NAME_MAX_LEN 95

typedef struct ptdecl {
  uint8_t types, supers, colors, not_types, you, halve;
  char sub[NAME_MAX_LEN + 1], not_sub[NAME_MAX_LEN + 1], name[NAME_MAX_LEN + 1], word[NAME_MAX_LEN + 1];
} ptdecl;

static int decl_error(lua_State *L, const char *fn, const char *msg) {
  return luaL_error(L, "bad argument #1 to '%s' (%s)", fn, msg);
}

static void copy_name(lua_State *L, const char *fn, const char *field, int idx, char *to) {
  size_t len = 0;
  const char *s = lua_type(L, idx) == LUA_TSTRING ? lua_tolstring(L, idx, &len) : NULL;
  if (!s || !len || len > NAME_MAX_LEN || memchr(s, '\0', len))
    decl_error(L, fn, lua_pushfstring(L, "count.%s: a name (a non-empty string) expected", field));
  if (*to) decl_error(L, fn, lua_pushfstring(L, "count.%s: at most one subtype", field));
  memcpy(to, s, len);
  to[len] = '\0';
}

/* One name of is / not_is: a card type, supertype or color into the masks, else a subtype. */
static void one_is(lua_State *L, const char *fn, int idx, ptdecl *d, int not) {
  size_t len = 0;
  uint8_t t = 0, su = 0, co = 0;
  const char *s = lua_type(L, idx) == LUA_TSTRING ? lua_tolstring(L, idx, &len) : NULL;
  if (s && len && arb_l_is_bits(s, len, &t, &su, &co)) {
    if (not && (su || co)) decl_error(L, fn, "count.not_is: card types and a subtype only");
    if (not) d->not_types |= t;
    else { d->types |= t; d->supers |= su; d->colors |= co; }
    return;
  }
  copy_name(L, fn, not ? "not_is" : "is", idx, not ? d->not_sub : d->sub);
}

static void names_of(lua_State *L, const char *fn, int idx, ptdecl *d, int not) {
  lua_Integer i, n;
  if (!lua_istable(L, idx)) { one_is(L, fn, idx, d, not); return; }
  n = (lua_Integer)lua_rawlen(L, idx);
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, idx, i);
    one_is(L, fn, lua_gettop(L), d, not);
    lua_pop(L, 1);
  }
}

/* The declaration at idx (fn names the caller in errors). */
static void read_decl(lua_State *L, int idx, const char *fn, ptdecl *d) {
  static const char *const keys[] = {"is", "is_word", "controller", "name", "not_is", NULL};
  int top = lua_gettop(L), c;
  memset(d, 0, sizeof *d);
  if (!lua_istable(L, idx) || lua_getmetatable(L, idx))
    decl_error(L, fn, "a declared count {count = {...}, halve = \"down\" | \"up\"} expected");
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
    if (strcmp(k, "count") && strcmp(k, "halve"))
      decl_error(L, fn, "a declared count's keys: count, halve");
    lua_pop(L, 1);
  }
  lua_getfield(L, idx, "halve");
  if (!lua_isnil(L, -1)) {
    const char *h = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    if (!strcmp(h, "down")) d->halve = ARB_PTC_DOWN;
    else if (!strcmp(h, "up")) d->halve = ARB_PTC_UP;
    else decl_error(L, fn, "halve: \"down\" or \"up\" (half the count, rounded so)");
  }
  if (lua_getfield(L, idx, "count") != LUA_TTABLE || lua_getmetatable(L, -1))
    decl_error(L, fn, "count: a table {is, is_word, controller, name, not_is} expected");
  c = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, c)) {
    int k, v = lua_gettop(L);
    for (k = 0; keys[k] && !(lua_type(L, v - 1) == LUA_TSTRING && !strcmp(lua_tostring(L, v - 1), keys[k])); k++) ;
    if (!keys[k]) decl_error(L, fn, "count's keys: is, is_word, controller, name, not_is");
    if (k == 0 || k == 4) names_of(L, fn, v, d, k == 4);
    else if (k == 1) copy_name(L, fn, "is_word", v, d->word);
    else if (k == 3) copy_name(L, fn, "name", v, d->name);
    else if (lua_type(L, v) == LUA_TSTRING && !strcmp(lua_tostring(L, v), "you")) d->you = 1;
    else decl_error(L, fn, "count.controller: \"you\" (the source's controller)");
    lua_pop(L, 1);
  }
  if (*d->word && *d->sub) decl_error(L, fn, "count: is_word names a subtype: give no subtype in is");
  lua_settop(L, top);
}

/* A name of the declaration in this game: interned (an effect made now: a card may get it later),
** or found (-1: no card has it; *none then when the count needs it). */
static int32_t name_in(lgame *lg, const char *s, int intern, uint8_t *none) {
  int32_t id;
  if (!*s) return -1;
  id = intern ? arb_intern(lg->g, s, strlen(s)) : arb_find_str(lg->g, s, strlen(s));
  if (id < 0 && none) *none = 1;
  return id;
}

/* The core's count for lg's game: word is the index of the source's printed word the declaration
** names (-1: none named, or the source's definition has no such word: it counts none). */
static int resolve(lua_State *L, lgame *lg, const ptdecl *d, int word, int intern, arb_ptcount *k) {
  memset(k, 0, sizeof *k);
  k->types = d->types; k->supers = d->supers; k->colors = d->colors; k->not_types = d->not_types;
  k->you = d->you;
  k->word = (int8_t)(*d->word ? word : -1);
  k->none = (uint8_t)(*d->word && word < 0);
  k->sub = name_in(lg, d->sub, intern, &k->none);
  k->name = name_in(lg, d->name, intern, &k->none);
  k->not_sub = name_in(lg, d->not_sub, intern, NULL);
  if (intern && ((*d->sub && k->sub < 0) || (*d->name && k->name < 0) || (*d->not_sub && k->not_sub < 0)))
    return arb_l_fail(L, lg, ARB_ENOMEM);
  return 0;
}

/* The index of word `key` of the definition at def (its words table), or -1. */
static int word_of(lua_State *L, int def, const char *key) {
  int w = -1, top = lua_gettop(L);
  if (*key && lua_istable(L, def) && lua_getfield(L, def, "words") == LUA_TTABLE &&
      lua_getfield(L, -1, key) == LUA_TSTRING) {
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    w = arb_word_index(s, len);
  }
  lua_settop(L, top);
  return w;
}

/* The counted function: (c, g, source) -> the count as the core counts it for source (or c). */
static int l_counted(lua_State *L) {
  const ptdecl *d = lua_touserdata(L, lua_upvalueindex(1));
  lgame *lg = arb_l_checkgame_bf(L, 2);
  int card = arb_l_checkcard(L, lua_isnoneornil(L, 3) ? 1 : 3, lg), word = -1;
  arb_ptcount k;
  arb_l_permanents_read(L, lg, 0);          /* the controllers and types: current */
  if (*d->word) {
    lua_getfield(L, lua_isnoneornil(L, 3) ? 1 : 3, "definition");
    word = word_of(L, lua_gettop(L), d->word);
  }
  resolve(L, lg, d, word, 0, &k);
  lua_pushinteger(L, arb_pt_count(lg->g, &k, card, d->halve));
  return 1;
}

/* arbiter.count_pt(decl) -> a counted function (above), its declaration checked now. */
int arb_l_count_pt(lua_State *L) {
  ptdecl *d = lua_newuserdata(L, sizeof *d);
  read_decl(L, 1, "count_pt", d);
  lua_pushcclosure(L, l_counted, 1);
  return 1;
}

/* The declaration of a counted function at idx, or NULL. */
static const ptdecl *counted_decl(lua_State *L, int idx) {
  const ptdecl *d;
  if (lua_tocfunction(L, idx) != l_counted || !lua_getupvalue(L, idx, 1)) return NULL;
  d = lua_touserdata(L, -1);
  lua_pop(L, 1);
  return d;
}

/* hooks.pt's characteristic-defining P/T (lstatic.c): when the definition's field at fn (def: the
** definition) is a counted function, its count for card (the card is its source), in *value,
** without calling it; 0: not one (the host's function is called). */
int arb_l_pt_counted(lua_State *L, lgame *lg, int def, int fn, int card, int32_t *value) {
  const ptdecl *d = counted_decl(L, fn);
  arb_ptcount k;
  if (!d) return 0;
  resolve(L, lg, d, *d->word ? word_of(L, def, d->word) : -1, 0, &k);
  *value = arb_pt_count(lg->g, &k, card, d->halve);
  return 1;
}

/* g:add_static's P/T field at idx as a declared count (a table or a counted function): its count
** for the effect (the spec table at spec: its source, whose definition's words is_word reads) in
** *k, its halving in *halve; 0: not one. */
int arb_l_pt_declared(lua_State *L, lgame *lg, int idx, int spec, arb_ptcount *k, int *halve) {
  ptdecl own;
  const ptdecl *d = counted_decl(L, idx);
  int top = lua_gettop(L), word = -1, t;
  if (!d) {
    if (!lua_istable(L, idx) || lua_getmetatable(L, idx)) return 0;
    read_decl(L, idx, "add_static", &own);
    d = &own;
  }
  t = lua_getfield(L, spec, "source");
  if (t != LUA_TUSERDATA && t != LUA_TTABLE)
    decl_error(L, "add_static", "a declared count counts as its source reads: give source");
  if (*d->word) {
    lua_getfield(L, -1, "definition");
    if ((word = word_of(L, lua_gettop(L), d->word)) < 0)
      decl_error(L, "add_static", "count.is_word: a key of the source's words naming a color or basic land type");
  }
  lua_settop(L, top);
  resolve(L, lg, d, word, 1, k);
  *halve = d->halve;
  return 1;
}
