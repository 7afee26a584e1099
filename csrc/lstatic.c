/*
** lstatic.c — the binding of continuous effects (static.c, characteristics.c):
** g:add_static{...} (its argument read whole before anything changes),
** g:remove_static(e), g:gain_control (a control-changing effect), bringing
** the characteristics up to date (arb_l_chars);
** and the affects hook: an effect's predicate, called through the one guarded
** path (arb_l_guard: a card script's budget), its error naming the source card.
** Every method checks all its arguments before anything changes and runs
** as one action (a failure changes nothing). Related bindings: lprohibit.c
** (what effects forbid), lpermanent.c (destroy, regenerate, Auras),
** lcardrules.c (c:is, counters, attachments).
*/
#include <string.h>
#include "lbind.h"

#define MAXLIST 64   /* abilities, types or objects named in one field */

/* ---- errors ---- */

static int field_error(lua_State *L, const char *fn, int arg, const char *field, const char *msg) {
  return luaL_error(L, "bad argument #%d to '%s' (field '%s': %s)", arg, fn, field, msg);
}

static int field_type_error(lua_State *L, const char *fn, const char *field, int idx,
                            const char *expected) {
  arb_l_describe(L, idx);
  return field_error(L, fn, 1, field,
                     lua_pushfstring(L, "%s expected, got %s", expected, lua_tostring(L, -1)));
}

/* ---- reading the current characteristics ---- */

static int refresh_fn(arb_game *g, arb_l_call *c) { (void)c; return arb_chars_refresh(g); }

arb_card *arb_l_chars(lua_State *L, lgame *lg, arb_card *c) {
  int id = c ? c->id : -1;
  arb_l_call call = {.fn = refresh_fn};
  arb_l_core(L, lg, &call);
  return id >= 0 ? arb_card_get(lg->g, id) : NULL;
}

/* ---- the affects hook ---- */

static int traceback(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg) luaL_traceback(L, L, msg, 1);
  return 1;
}

/* A failure of field's function: env.err names the field and the source card
** (the error value at -1 is a string; any other value is kept as it is). */
static int hook_failed(lua_State *L, arb_game *g, int gidx, int top, const char *what,
                       const char *field, int source) {
  arb_l_env(L, gidx);
  if (lua_type(L, -2) == LUA_TSTRING) {
    arb_card *src = arb_card_get(g, source);
    if (src)
      lua_pushfstring(L, "arbiter: %s '%s' of %s (card %d) failed: %s", what, field,
                      arb_str(g, src->name), (int)src->id, lua_tostring(L, -2));
    else
      lua_pushfstring(L, "arbiter: %s '%s' failed: %s", what, field, lua_tostring(L, -2));
  } else {
    lua_pushvalue(L, -2);
  }
  lua_setfield(L, -2, "err");
  lua_settop(L, top);
  return ARB_EHOOK;
}

/* Calls the function at -1 through the one guarded path (a card script's
** budget) with (obj, g, source): obj the card (or player), source a card or
** none (-2: not passed). The result is left at -1 (LUA_OK) or the error. */
static int guarded_call(lua_State *L, lgame *lg, int gidx, int card, int player, int source) {
  int fidx = lua_gettop(L);
  arb_l_guard(L, lg->mem, fidx);          /* card-script code runs under its budget */
  lua_pushcfunction(L, traceback);
  lua_insert(L, fidx);
  if (card >= 0) arb_l_pushcard(L, gidx, card);
  else arb_l_pushplayer(L, gidx, player);
  lua_pushvalue(L, gidx);
  if (source != -2) arb_l_pushcard(L, gidx, source);
  return lua_pcall(L, source != -2 ? 3 : 2, 1, fidx);
}

/* record[field] of effect st, pushed (nil when it has none); the game at gidx */
static void push_record_fn(lua_State *L, int gidx, const arb_static *st, const char *field) {
  arb_l_env(L, gidx);
  lua_getfield(L, -1, "refs");
  lua_rawgeti(L, -1, st->ref);
  lua_getfield(L, -1, field);
}

/* record.affects(obj, g, source): obj is the card (or player) asked about. */
int arb_l_static_hook(void *ud, arb_game *g, int id, int card, int player, int *yes) {
  lgame *lg = ud;
  lua_State *L = lg->L;
  arb_static *st = arb_static_get(g, id);
  int top = lua_gettop(L), gidx;
  *yes = 0;
  arb_l_pushgame_of(L, lg);
  gidx = lua_gettop(L);
  push_record_fn(L, gidx, st, "affects");
  if (!lua_isfunction(L, -1)) { lua_settop(L, top); return ARB_OK; }
  if (guarded_call(L, lg, gidx, card, player, st->source) != LUA_OK)
    return hook_failed(L, g, gidx, top, "static effect", "affects", st->source);
  *yes = lua_toboolean(L, -1);
  lua_settop(L, top);
  return ARB_OK;
}

/* hooks.affects_row: record.affects(c, g, source) for each of cards[0..n), in
** that order, inside one protected call: the game, the function (guarded once:
** a script's is its budgeted wrapper, each call budgeted) and the source pushed
** once, not once per card as arb_l_static_hook does. The first failure stops
** the row with the same message. */
typedef struct row_job { const int32_t *cards; int n; uint8_t *yes; } row_job;

static int row_body(lua_State *L) {   /* fn, g, source, job */
  row_job *job = lua_touserdata(L, 4);
  int i;
  arb_getuvn(L, 2, ARB_UV_CARDS);        /* 5: the game's card proxies, read once for the row */
  for (i = 0; i < job->n; i++) {
    lua_pushvalue(L, 1);
    if (lua_rawgeti(L, 5, (lua_Integer)job->cards[i] + 1) == LUA_TNIL) {   /* none made yet */
      lua_pop(L, 1);
      arb_l_pushcard(L, 2, job->cards[i]);
    }
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_call(L, 3, 1);
    job->yes[i] = (uint8_t)lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  return 0;
}

int arb_l_static_row_hook(void *ud, arb_game *g, int id, const int32_t *cards, int n, uint8_t *yes) {
  lgame *lg = ud;
  lua_State *L = lg->L;
  arb_static *st = arb_static_get(g, id);
  int top = lua_gettop(L), gidx, fidx;
  row_job job;
  job.cards = cards; job.n = n; job.yes = yes;
  memset(yes, 0, (size_t)n);
  arb_l_pushgame_of(L, lg);
  gidx = lua_gettop(L);
  push_record_fn(L, gidx, st, "affects");
  if (!lua_isfunction(L, -1)) { lua_settop(L, top); return ARB_OK; }
  fidx = lua_gettop(L);
  arb_l_guard(L, lg->mem, fidx);          /* card-script code runs under its budget */
  lua_pushcfunction(L, traceback);
  lua_pushcfunction(L, row_body);
  lua_pushvalue(L, fidx);
  lua_pushvalue(L, gidx);
  arb_l_pushcard(L, gidx, st->source);
  lua_pushlightuserdata(L, &job);
  if (lua_pcall(L, 4, 0, fidx + 1) != LUA_OK)
    return hook_failed(L, g, gidx, top, "static effect", "affects", st->source);
  lua_settop(L, top);
  return ARB_OK;
}

/* core._affects_rows(g, on): whether g's recomputations ask a predicate a row
** at a time (arb_l_static_row_hook, the default) or card by card (a spec's
** way to compare the games). */
int arb_l_affects_rows(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_hooks h;
  luaL_checktype(L, 2, LUA_TBOOLEAN);
  h = *arb_get_hooks(lg->g);
  h.affects_row = lua_toboolean(L, 2) ? arb_l_static_row_hook : NULL;
  arb_set_hooks(lg->g, &h);
  return 0;
}

/* A P/T value (hooks.pt): effect st's function field (c, g, source), or with st
** -1 the card's definition's power / toughness (c, g): an integer within the
** core's range, else the computation fails naming the field (422: undone). */
int arb_l_pt_hook(void *ud, arb_game *g, int id, int card, int which, int32_t *value) {
  static const char *const names[] = {"power", "toughness", "set_power", "set_toughness"};
  lgame *lg = ud;
  lua_State *L = lg->L;
  arb_static *st = id >= 0 ? arb_static_get(g, id) : NULL;
  const char *field = names[which == ARB_PT_POWER ? 0 : which == ARB_PT_TOUGHNESS ? 1 : which == ARB_PT_SET_POWER ? 2 : 3];
  int top = lua_gettop(L), gidx, source = st ? st->source : card;
  lua_Integer v;
  *value = 0;
  arb_l_pushgame_of(L, lg);
  gidx = lua_gettop(L);
  if (st) push_record_fn(L, gidx, st, field);
  else {
    arb_l_env(L, gidx);
    lua_getfield(L, -1, "defs");
    lua_rawgeti(L, -1, arb_card_printed(g, card));   /* a copy's: the copied card's (503) */
    lua_getfield(L, -1, field);
    if (arb_l_pt_counted(L, lg, lua_gettop(L) - 1, lua_gettop(L), card, value)) {   /* declared: counted */
      lua_settop(L, top);
      return ARB_OK;
    }
  }
  if (!lua_isfunction(L, -1)) { lua_settop(L, top); return ARB_OK; }
  if (guarded_call(L, lg, gidx, card, -1, st ? st->source : -2) != LUA_OK)
    return hook_failed(L, g, gidx, top, st ? "static effect" : "characteristic-defining", field, source);
  if (!arb_l_tointeger(L, -1, &v) || v < -1000000 || v > 1000000) {
    arb_l_describe(L, -1);
    lua_pushfstring(L, "returned %s (an integer from -10^6 to 10^6 expected)", lua_tostring(L, -1));
    return hook_failed(L, g, gidx, top, st ? "static effect" : "characteristic-defining", field, source);
  }
  *value = (int32_t)v;
  lua_settop(L, top);
  return ARB_OK;
}

/* ---- g:add_static{...} ---- */

static const char *const spec_fields[] = {
  "source", "duration", "affects", "abilities", "remove_abilities", "power", "toughness",
  "set_power", "set_toughness", "switch", "types", "controller", "rules", "prohibit", "colors",
  "subtypes", "add_subtypes", "activated", "copy", "copy_with", "words", "except", NULL
};
static const char *const color_names[] = {"white", "blue", "black", "red", "green", NULL};
static const char *const prohibit_names[] = {
  "draw", "cast", "attack", "block", "untap", "be targeted", "be enchanted", "change control", NULL
};
static const char *const type_names[] = {
  "Creature", "Land", "Artifact", "Enchantment", NULL
};

typedef struct spec {
  arb_static st;
  arb_ability add[MAXLIST + ARB_MAXSUB], rem[MAXLIST], subs[ARB_MAXSUB];
  int nsubs_add;      /* add_subtypes given (subtypes and add_subtypes don't mix) */
  int32_t set[MAXLIST];
  int nadd, nrem, nset, until;
} spec;

/* A string or an array of strings at idx: calls each(L, s, len) per string. */
static int each_string(lua_State *L, int idx, const char *field, int n_max,
                       void (*each)(lua_State *, spec *, lgame *, const char *, size_t),
                       spec *sp, lgame *lg) {
  lua_Integer i, n;
  size_t len;
  if (lua_type(L, idx) == LUA_TSTRING) {
    const char *s = lua_tolstring(L, idx, &len);
    each(L, sp, lg, s, len);
    return 1;
  }
  if (!lua_istable(L, idx)) return field_type_error(L, "add_static", field, idx, "string or array of strings");
  n = (lua_Integer)lua_rawlen(L, idx);
  if (n > n_max) return field_error(L, "add_static", 1, field, "too many entries");
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, idx, i);
    if (lua_type(L, -1) != LUA_TSTRING) return field_type_error(L, "add_static", field, lua_gettop(L), "string");
    {
      const char *s = lua_tolstring(L, -1, &len);
      each(L, sp, lg, s, len);
    }
    lua_pop(L, 1);
  }
  return (int)n;
}

static void parse_ability(lua_State *L, lgame *lg, const char *field, const char *s, size_t len,
                          arb_ability *out) {
  int kind, param;
  if (arb_ability_parse(lg->g, s, len, &kind, &param) != 0)
    field_error(L, "add_static", 1, field, lua_pushfstring(L, "unknown ability '%s'", s));
  out->kind = (uint16_t)kind;
  out->param = (uint16_t)param;
  out->count = 1;
}
static void one_add(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len) {
  parse_ability(L, lg, "abilities", s, len, &sp->add[sp->nadd++]);
}
static void one_rem(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len) {
  if (len == 3 && memcmp(s, "all", 3) == 0) { sp->st.remove_all = 1; return; }
  parse_ability(L, lg, "remove_abilities", s, len, &sp->rem[sp->nrem]);
  sp->nrem++;
}
/* The bit of name s in names (a NULL-terminated list) set in *bits, or the
** field's error naming the value (a `what`) and the names it may take. */
static void one_bit(lua_State *L, const char *const *names, const char *field, const char *what,
                    const char *s, uint8_t *bits) {
  int i;
  luaL_Buffer b;
  for (i = 0; names[i]; i++)
    if (strcmp(names[i], s) == 0) { *bits |= (uint8_t)(1 << i); return; }
  luaL_buffinit(L, &b);
  for (i = 0; names[i]; i++) {
    if (i) luaL_addstring(&b, ", ");
    luaL_addstring(&b, names[i]);
  }
  luaL_pushresult(&b);
  field_error(L, "add_static", 1, field,
              lua_pushfstring(L, "unknown %s '%s' (%s)", what, s, lua_tostring(L, -1)));
}
static void one_type(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len) {
  (void)lg; (void)len;
  one_bit(L, type_names, "types", "type", s, &sp->st.types);
}
/* "is red", "is black and red": the colors replace the card's (the abilities layer, 418.5) */
static void one_color(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len) {
  (void)lg; (void)len;
  one_bit(L, color_names, "colors", "color", s, &sp->st.colors);
}
static void one_prohibit(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len) {
  int i;
  (void)lg; (void)len;
  for (i = 0; prohibit_names[i]; i++)
    if (strcmp(prohibit_names[i], s) == 0) { sp->st.prohibit |= (uint16_t)(1 << i); return; }
  field_error(L, "add_static", 1, "prohibit", lua_pushfstring(L, "unknown prohibition '%s' (draw, "
              "cast, attack, block, untap, be targeted, be enchanted, change control)", s));
}

/* A subtype: a capitalized name ("Plains", "Goblin", "Power-Plant", "Urza's") that exists. */
static void one_subtype_of(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len, const char *field) {
  size_t i;
  int id;
  int ok = len > 0 && len < 64 && s[0] >= 'A' && s[0] <= 'Z';
  for (i = 1; ok && i < len; i++)
    ok = (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || s[i] == '-' || s[i] == '\'';
  if (!ok)
    field_error(L, "add_static", 1, field, lua_pushfstring(L, "unknown subtype '%s' (a subtype is a "
                "capitalized name: \"Plains\", \"Goblin\")", s));
  if (sp->st.nsubs >= ARB_MAXSUB) field_error(L, "add_static", 1, field, "more than 6 subtypes");
  if ((id = arb_intern(lg->g, s, len)) < 0) arb_l_fail(L, lg, ARB_ENOMEM);
  if (!arb_subtype_exists(lg->g, s, id))
    field_error(L, "add_static", 1, field, lua_pushfstring(L, "unknown subtype '%s' (212.1e: not a "
                "creature type of the Oracle card reference nor a subtype of this game's cards)", s));
  sp->subs[sp->st.nsubs].kind = 0;
  sp->subs[sp->st.nsubs].param = (uint16_t)id;
  sp->subs[sp->st.nsubs].count = arb_subtype_kind(s);
  sp->st.nsubs++;
}
static void one_subtype(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len) {
  one_subtype_of(L, sp, lg, s, len, "subtypes");
}
static void one_add_subtype(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len) {
  one_subtype_of(L, sp, lg, s, len, "add_subtypes");
}

/* activated: a list of activated abilities ({cost =, effect = | mana = ...}), granted to the
** affected (checked by the Lua layer, kept in the record): one ARB_AB_GRANTED ability. */
static void read_activated(lua_State *L, int idx, spec *sp) {
  if (!lua_istable(L, idx) || lua_rawlen(L, idx) == 0)
    field_type_error(L, "add_static", "activated", idx, "non-empty list of activated abilities");
  if (sp->nadd >= MAXLIST) field_error(L, "add_static", 1, "activated", "too many abilities");
  sp->add[sp->nadd].kind = ARB_AB_GRANTED;
  sp->add[sp->nadd].param = 0;       /* the effect's id, given as it applies (characteristics.c) */
  sp->add[sp->nadd].count = 1;
  sp->nadd++;
}

/* copy = a permanent (503: its copiable values, as they are now) */
static void read_copy(lua_State *L, lgame *lg, int v, spec *sp) {
  int id = arb_l_checkcard(L, v, lg);
  arb_card *c = arb_card_get(lg->g, id);
  if (arb_zone_get(lg->g, c->zone)->kind != ARB_BATTLEFIELD || c->token == 2)
    field_error(L, "add_static", 1, "copy", lua_pushfstring(L, "%s#%d is in the %s: a copy effect copies a "
                "permanent (503)", arb_str(lg->g, c->name), id, arb_zone_kind_name(arb_zone_get(lg->g, c->zone)->kind)));
  sp->st.copy = id + 1;
}

/* copy_with = {colors =, types =, add_types =}: a copy effect's exceptions (503.2) */
static void copy_colors(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len) {
  (void)lg; (void)len;
  one_bit(L, color_names, "copy_with.colors", "color", s, &sp->st.copy_colors);
}
static const char *const all_type_names[] = {
  "Creature", "Land", "Artifact", "Enchantment", "Instant", "Sorcery", NULL
};
static void copy_types(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len) {
  (void)lg; (void)len;
  one_bit(L, all_type_names, "copy_with.types", "type", s, &sp->st.copy_types);
}
static void copy_add(lua_State *L, spec *sp, lgame *lg, const char *s, size_t len) {
  (void)lg; (void)len;
  one_bit(L, all_type_names, "copy_with.add_types", "type", s, &sp->st.copy_add);
}
static void read_copy_with(lua_State *L, lgame *lg, int v, spec *sp) {
  static const char *const keys[] = {"colors", "types", "add_types", "install", NULL};
  static void (*const each[])(lua_State *, spec *, lgame *, const char *, size_t) = {copy_colors, copy_types, copy_add};
  int k;
  if (!lua_istable(L, v)) field_type_error(L, "add_static", "copy_with", v, "table");
  lua_pushnil(L);
  while (lua_next(L, v)) {
    for (k = 0; keys[k]; k++)
      if (lua_type(L, -2) == LUA_TSTRING && !strcmp(lua_tostring(L, -2), keys[k])) break;
    if (!keys[k]) {
      arb_l_describe(L, -2);
      field_error(L, "add_static", 1, "copy_with", lua_pushfstring(L, "unknown field %s (colors, types, add_types, "
                                                                  "install)", lua_tostring(L, -1)));
    }
    if (k == 3) {      /* abilities the copy gains: kept in the effect's record (add_body) */
      if (!lua_isfunction(L, -1)) field_type_error(L, "add_static", "copy_with.install", lua_gettop(L), "function");
      sp->st.copy_gain = -1;
      lua_pop(L, 1);
      continue;
    }
    each_string(L, lua_gettop(L), k == 0 ? "copy_with.colors" : k == 1 ? "copy_with.types" : "copy_with.add_types",
                6, each[k], sp, lg);
    lua_pop(L, 1);
  }
}

/* words = {old = new, ...}: a text-changing effect (418.5a layer 3, text.c); each word a color
** word or a basic land type, replaced by one of the same kind. The land types are interned here,
** so that the layer finds the new names without interning. */
static void read_words(lua_State *L, lgame *lg, int v, spec *sp) {
  if (!lua_istable(L, v) || lua_getmetatable(L, v))
    field_type_error(L, "add_static", "words", v, "table {old word = new word}");
  lua_pushnil(L);
  while (lua_next(L, v)) {
    size_t n1 = 0, n2 = 0;
    const char *a = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &n1) : NULL;
    const char *b = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n2) : NULL;
    int i = a ? arb_word_index(a, n1) : -1, j = b ? arb_word_index(b, n2) : -1;
    if (i < 0 || j < 0 || (i < ARB_WORD_LAND) != (j < ARB_WORD_LAND)) {
      arb_l_describe(L, -2);
      arb_l_describe(L, -2);
      field_error(L, "add_static", 1, "words", lua_pushfstring(L, "%s = %s: a color word replaced by a color "
                  "word (white, blue, black, red, green) or a basic land type by one (Plains, Island, Swamp, "
                  "Mountain, Forest)", lua_tostring(L, -2), lua_tostring(L, -1)));
    }
    if (j >= ARB_WORD_LAND && arb_intern(lg->g, arb_word_name(j), strlen(arb_word_name(j))) < 0)
      arb_l_fail(L, lg, ARB_ENOMEM);
    if (i != j && !sp->st.words[i]) sp->st.nwords++;
    sp->st.words[i] = i == j ? 0 : (uint8_t)(j + 1);
    lua_pop(L, 1);
  }
  if (!sp->st.nwords) field_error(L, "add_static", 1, "words", "no word is replaced by another");
}

/* except = a card: the object the effect's prohibitions and granted protection don't apply to
** ("This effect doesn't remove White Ward"; "other Auras"), while it stays the same object */
static void read_except(lua_State *L, lgame *lg, int v, spec *sp) {
  int id = arb_l_toid(L, v, lg, 0);
  if (id < 0) field_type_error(L, "add_static", "except", v, "card of this game");
  sp->st.except = id + 1;
  sp->st.except_ts = arb_card_get(lg->g, id)->ts;
}

static int32_t int_field(lua_State *L, int idx, const char *field) {
  lua_Integer v;
  if (!arb_l_tointeger(L, idx, &v)) return field_type_error(L, "add_static", field, idx, "integer");
  if (v < -1000000 || v > 1000000) field_error(L, "add_static", 1, field, "out of range (-10^6 to 10^6)");
  return (int32_t)v;
}

/* power, toughness, set_power, set_toughness as a declared count ({count = {...}, halve = ...} or
** arbiter.count_pt's function: lptcount.c), counted by the core in its layer, the same count for
** each such field of one effect; or as a function (c, g, source) -> integer, computed in its layer
** (hooks.pt), the function kept in the effect's record. */
static int pt_fn(lua_State *L, lgame *lg, int idx, spec *sp, int which) {
  arb_ptcount k;
  int halve, at = which == ARB_PT_POWER ? 0 : which == ARB_PT_TOUGHNESS ? 1 : which == ARB_PT_SET_POWER ? 2 : 3;
  if (arb_l_pt_declared(L, lg, idx, 2, &k, &halve)) {
    if (sp->st.cntpt && memcmp(&k, &sp->st.count, sizeof k))
      field_error(L, "add_static", 1, "power", "the declared counts of one effect count the same permanents");
    sp->st.count = k;
    sp->st.cntpt |= (uint8_t)which;
    sp->st.cnthalve |= (uint8_t)(halve << (2 * at));
    return 1;
  }
  if (!lua_isfunction(L, idx)) return 0;
  sp->st.fnpt |= (uint8_t)which;
  return 1;
}

/* A filter's name for c:is: a type, supertype or color into the masks, else a subtype (one;
** interned: a subtype no card has yet is one a card may get). */
static void filter_is(lua_State *L, lgame *lg, int idx, spec *sp) {
  size_t len = 0;
  const char *s = lua_type(L, idx) == LUA_TSTRING ? lua_tolstring(L, idx, &len) : NULL;
  if (!s || !len) field_type_error(L, "add_static", "affects.is", idx, "a name c:is reads, or a list of them");
  if (arb_l_is_bits(s, len, &sp->st.f_types, &sp->st.f_supers, &sp->st.f_colors)) return;
  if (sp->st.f_sub >= 0) field_error(L, "add_static", 1, "affects.is", "at most one subtype");
  if ((sp->st.f_sub = arb_intern(lg->g, s, len)) < 0) arb_l_fail(L, lg, ARB_ENOMEM);
}

/* affects.is_word: the key of a word of the source's definition (words = {color = "white"}):
** its printed word, which the filter reads as the source's text reads now. */
static void filter_word(lua_State *L, int idx, spec *sp) {
  size_t len = 0;
  const char *s;
  int top = lua_gettop(L), w = -1;
  if (lua_type(L, idx) != LUA_TSTRING) field_type_error(L, "add_static", "affects.is_word", idx, "string");
  if (lua_getfield(L, 2, "source") != LUA_TNIL && lua_getfield(L, -1, "definition") == LUA_TTABLE &&
      lua_getfield(L, -1, "words") == LUA_TTABLE) {
    lua_pushvalue(L, idx);
    lua_gettable(L, -2);
    s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
    w = s ? arb_word_index(s, len) : -1;
  }
  lua_settop(L, top);
  if (w < 0) field_error(L, "add_static", 1, "affects.is_word", "a key of the source's words naming a color or basic land type");
  sp->st.f_word = (int8_t)w;
}

/* affects = {attached = true}, or {is = name | {names}, is_word = key, other = true, self = true,
** controller = "you", tapped = false} (every one given): the predicate declared, judged by the
** core (static.c's filter_judge) as the Lua predicate it stands for; where = fn, a Lua predicate
** asked of the cards the rest accepts (the record's affects). A table with none of these
** keys is a fixed set (an array of objects); a key that is none of them is an error. */
static int read_filter(lua_State *L, lgame *lg, int idx, spec *sp) {
  static const char *const keys[] = {"attached", "other", "controller", "tapped", "is", "is_word", "self",
                                     "where", NULL};
  static const uint8_t bits[] = {ARB_FILT_ATTACHED, ARB_FILT_OTHER, ARB_FILT_YOU, ARB_FILT_UNTAPPED, ARB_FILT_IS,
                                 ARB_FILT_WORD, ARB_FILT_SELF, ARB_FILT_WHERE};
  int k, any = 0;
  if (!lua_istable(L, idx) || lua_getmetatable(L, idx)) return 0;
  for (k = 0; keys[k]; k++) {
    lua_getfield(L, idx, keys[k]);
    any |= !lua_isnil(L, -1);
    lua_pop(L, 1);
  }
  if (!any) return 0;
  sp->st.f_sub = -1;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    int v = lua_gettop(L), t = lua_type(L, v);
    for (k = 0; keys[k] && !(lua_type(L, v - 1) == LUA_TSTRING && !strcmp(lua_tostring(L, v - 1), keys[k])); k++) ;
    if (!keys[k])
      field_error(L, "add_static", 1, "affects",
                  "a filter's keys: attached, other, self, controller, tapped, is, is_word, where");
    if (((k <= 1 || k == 6) && !(t == LUA_TBOOLEAN && lua_toboolean(L, v))) ||
        (k == 7 && t != LUA_TFUNCTION) ||
        (k == 2 && !(t == LUA_TSTRING && !strcmp(lua_tostring(L, v), "you"))) ||
        (k == 3 && !(t == LUA_TBOOLEAN && !lua_toboolean(L, v))))
      field_error(L, "add_static", 1, "affects", k <= 1 || k == 6 ? lua_pushfstring(L, "%s: true", keys[k])
                  : k == 2 ? "controller: \"you\" (the source's controller)"
                  : k == 7 ? "where: a function(c, g, source), asked of what the rest accepts"
                  : "tapped: false (untapped)");
    if (k == 4 && t == LUA_TTABLE) {
      lua_Integer i, n = (lua_Integer)lua_rawlen(L, v);
      for (i = 1; i <= n; i++) { lua_rawgeti(L, v, i); filter_is(L, lg, lua_gettop(L), sp); lua_pop(L, 1); }
    } else if (k == 4) filter_is(L, lg, v, sp);
    if (k == 5) filter_word(L, v, sp);
    sp->st.filter |= bits[k];
    lua_pop(L, 1);
  }
  if ((sp->st.filter & ARB_FILT_ATTACHED) && (sp->st.filter & ~(ARB_FILT_ATTACHED | ARB_FILT_WHERE)))
    field_error(L, "add_static", 1, "affects", "attached: the one permanent its source is attached to, alone "
                "(or with where)");
  sp->st.affects = ARB_AFF_PRED;
  return 1;
}

/* affects: a function, a filter, or a card / player, or an array of them (a fixed set). */
static void read_affects(lua_State *L, lgame *lg, int idx, spec *sp) {
  int k;
  lua_Integer i, n;
  if (lua_isnil(L, idx)) { sp->st.affects = ARB_AFF_ALL; return; }
  if (lua_isfunction(L, idx)) { sp->st.affects = ARB_AFF_PRED; return; }
  if (read_filter(L, lg, idx, sp)) return;
  sp->st.affects = ARB_AFF_SET;
  if ((k = arb_l_toid(L, idx, lg, 0)) >= 0) { sp->set[sp->nset++] = k; return; }
  if ((k = arb_l_toid(L, idx, lg, 1)) >= 0) { sp->set[sp->nset++] = -1 - k; return; }
  if (!lua_istable(L, idx) || lua_getmetatable(L, idx))
    field_type_error(L, "add_static", "affects", idx,
                     "function, card, player or array of cards and players of this game");
  n = (lua_Integer)lua_rawlen(L, idx);
  if (n > MAXLIST) field_error(L, "add_static", 1, "affects", "more than 64 objects");
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, idx, i);
    if ((k = arb_l_toid(L, -1, lg, 0)) >= 0) sp->set[sp->nset++] = k;
    else if ((k = arb_l_toid(L, -1, lg, 1)) >= 0) sp->set[sp->nset++] = -1 - k;
    else field_type_error(L, "add_static", "affects", lua_gettop(L), "card or player of this game");
    lua_pop(L, 1);
  }
}

static void read_rules(lua_State *L, int idx, spec *sp) {
  if (!lua_istable(L, idx)) field_type_error(L, "add_static", "rules", idx, "table");
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    if (lua_type(L, -2) != LUA_TSTRING || strcmp(lua_tostring(L, -2), "max_hand_size") != 0) {
      arb_l_describe(L, -2);
      field_error(L, "add_static", 1, "rules", lua_pushfstring(L, "unknown rule %s (max_hand_size)",
                                                               lua_tostring(L, -1)));
    }
    lua_Integer n = -1;
    if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) sp->st.max_hand = -1;   /* no maximum */
    else if (arb_l_tointeger(L, -1, &n) && n >= 0 && n <= 1000000)
      sp->st.max_hand = (int32_t)n;
    else field_type_error(L, "add_static", "rules.max_hand_size", lua_gettop(L),
                          "false (no maximum) or a non-negative integer");
    lua_pop(L, 1);
  }
}

static void read_field(lua_State *L, lgame *lg, int f, int v, spec *sp) {
  switch (f) {
  case 0:
    sp->st.source = arb_l_checkcard(L, v, lg);
    sp->st.static_ability = lg->installing > 0;       /* made by its source's install */
    break;
  case 1:
    if (lua_type(L, v) == LUA_TSTRING && !strcmp(lua_tostring(L, v), "end_of_turn")) sp->until = ARB_UNTIL_TURN;
    else if (lua_type(L, v) == LUA_TSTRING && !strcmp(lua_tostring(L, v), "end_of_combat")) sp->until = ARB_UNTIL_COMBAT;
    else field_type_error(L, "add_static", "duration", v, "\"end_of_turn\" or \"end_of_combat\"");
    break;
  case 2: read_affects(L, lg, v, sp); break;
  case 3: each_string(L, v, "abilities", MAXLIST, one_add, sp, lg); break;
  case 4: each_string(L, v, "remove_abilities", MAXLIST, one_rem, sp, lg); break;
  case 5: if (!pt_fn(L, lg, v, sp, ARB_PT_POWER)) sp->st.power = int_field(L, v, "power"); break;
  case 6: if (!pt_fn(L, lg, v, sp, ARB_PT_TOUGHNESS)) sp->st.toughness = int_field(L, v, "toughness"); break;
  case 7: if (!pt_fn(L, lg, v, sp, ARB_PT_SET_POWER)) sp->st.set_power = int_field(L, v, "set_power"); break;
  case 8: if (!pt_fn(L, lg, v, sp, ARB_PT_SET_TOUGHNESS)) sp->st.set_toughness = int_field(L, v, "set_toughness"); break;
  case 9:
    if (!lua_isboolean(L, v)) field_type_error(L, "add_static", "switch", v, "boolean");
    sp->st.switch_pt = (uint8_t)lua_toboolean(L, v);
    break;
  case 10: each_string(L, v, "types", 4, one_type, sp, lg); break;
  case 11: sp->st.controller = arb_l_checkplayer(L, v, lg); break;
  case 12: read_rules(L, v, sp); break;
  case 13: each_string(L, v, "prohibit", 8, one_prohibit, sp, lg); break;
  case 14: each_string(L, v, "colors", 5, one_color, sp, lg); break;
  case 15: sp->st.subset = 1; each_string(L, v, "subtypes", ARB_MAXSUB, one_subtype, sp, lg); break;
  case 16: sp->nsubs_add = 1; each_string(L, v, "add_subtypes", ARB_MAXSUB, one_add_subtype, sp, lg); break;
  case 17: read_activated(L, v, sp); break;
  case 18: read_copy(L, lg, v, sp); break;
  case 19: read_copy_with(L, lg, v, sp); break;
  case 20: read_words(L, lg, v, sp); break;
  default: read_except(L, lg, v, sp); break;
  }
}

/* Only "protection from ..." added, and nothing else changed? (except goes with it: the
** object the protection doesn't apply to, a player's as a card's) */
static int only_protection(const spec *sp) {
  const arb_static *st = &sp->st;
  int i;
  if (sp->nrem || st->remove_all || st->prohibit || st->power || st->toughness || st->fnpt || st->cntpt || st->controller >= 0 ||
      st->set_power != ARB_NOSET || st->set_toughness != ARB_NOSET || st->switch_pt || st->types || st->colors ||
      st->nsubs || st->copy || st->nwords)
    return 0;
  for (i = 0; i < sp->nadd; i++)
    if (sp->add[i].kind != ARB_AB_PROTECTION) return 0;
  return 1;
}

static int has_protection(const spec *sp) {
  int i;
  for (i = 0; i < sp->nadd; i++)
    if (sp->add[i].kind == ARB_AB_PROTECTION) return 1;
  return 0;
}

/* Player effects (rules, can't draw / cast) and card effects don't mix. */
static void check_kind(lua_State *L, spec *sp) {
  const arb_static *st = &sp->st;
  int players = st->max_hand != ARB_NOSET || (st->prohibit & (ARB_PRO_DRAW | ARB_PRO_CAST));
  int cards = st->copy || st->controller >= 0 || st->power || st->toughness || st->fnpt || st->cntpt || st->set_power != ARB_NOSET ||
              st->set_toughness != ARB_NOSET || st->switch_pt || st->types || st->colors || sp->nadd || sp->nrem ||
              st->remove_all || st->nsubs || st->nwords || (st->prohibit & ~(ARB_PRO_DRAW | ARB_PRO_CAST));
  int i;
  if (st->subset && sp->nsubs_add)
    luaL_error(L, "bad argument #1 to 'add_static' (subtypes sets and add_subtypes adds: give one of "
               "them, or make two effects)");
  if (players && cards)
    luaL_error(L, "bad argument #1 to 'add_static' (an effect changes either players (rules, "
               "prohibit draw / cast) or permanents, not both: make two effects)");
  if (!players && !cards)
    luaL_error(L, "bad argument #1 to 'add_static' (the effect does nothing: give abilities, "
               "remove_abilities, power, toughness, set_power, set_toughness, switch, types, "
               "colors, controller, rules, prohibit, copy or words)");
  if (st->filter && st->source < 0)
    field_error(L, "add_static", 1, "affects", "attached: give source (what it is attached to is affected)");
  if (st->filter && players) field_error(L, "add_static", 1, "affects", "attached names a permanent, not players");
  /* "can't be the target": players or permanents, whichever it names (players = 2: both) */
  if ((st->copy_colors || st->copy_types || st->copy_add || st->copy_gain) && !st->copy)
    field_error(L, "add_static", 1, "copy_with", "exceptions of a copy effect: give copy too");
  if (st->except && players)   /* a player's draw or cast: no object does it, nothing to except */
    field_error(L, "add_static", 1, "except", "a player's \"can't draw\" or \"can't cast\" has no object to "
                "except (an exception names the object acting: an Aura, a spell, a source)");
  if (st->except && !st->prohibit && !has_protection(sp))
    field_error(L, "add_static", 1, "except", "an exception to the effect's prohibitions or the protection it "
                "grants: give prohibit or a \"protection from ...\" ability too");
  if (!players && st->prohibit == ARB_PRO_TARGET && !sp->nadd && !sp->nrem && !st->remove_all &&
      !st->power && !st->toughness && !st->fnpt && !st->cntpt && st->controller < 0 && st->set_power == ARB_NOSET &&
      st->set_toughness == ARB_NOSET && !st->switch_pt && !st->types && !st->colors && !st->nsubs && !st->nwords) {
    sp->st.players = 2;
    return;
  }
  /* "you have protection from ...": only protection added, to players named (502.7) */
  if (!players && sp->nset > 0 && sp->nadd > 0 && only_protection(sp)) {
    int named = 0;
    for (i = 0; i < sp->nset; i++) named += sp->set[i] < 0;
    if (named == sp->nset) { sp->st.players = 1; return; }
  }
  sp->st.players = (uint8_t)players;
  for (i = 0; i < sp->nset; i++)
    if ((sp->set[i] < 0) != (players != 0))
      field_error(L, "add_static", 1, "affects", players ? "this effect changes players, not cards"
                                                         : "this effect changes permanents, not players");
}

static void read_spec(lua_State *L, lgame *lg, spec *sp) {
  memset(sp, 0, sizeof *sp);
  sp->st.ref = sp->st.source = sp->st.controller = -1;
  sp->st.set_power = sp->st.set_toughness = sp->st.max_hand = ARB_NOSET;
  sp->until = -1;
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    int f = -1, i;
    if (lua_type(L, -2) == LUA_TSTRING)
      for (i = 0; spec_fields[i]; i++)
        if (!strcmp(spec_fields[i], lua_tostring(L, -2))) { f = i; break; }
    if (f < 0) {
      arb_l_describe(L, -2);
      luaL_error(L, "bad argument #1 to 'add_static' (unknown field %s; fields: source, duration, "
                 "affects, abilities, remove_abilities, power, toughness, set_power, set_toughness, "
                 "switch, types, colors, subtypes, add_subtypes, activated, controller, rules, prohibit, copy, "
                 "copy_with, words, except)", lua_tostring(L, -1));
    }
    read_field(L, lg, f, lua_gettop(L), sp);
    lua_pop(L, 1);
  }
  check_kind(L, sp);
}

/* words naming nothing a card of the affected set has in its text: the field's error (the
** characteristics brought up to date first: its text as earlier effects left it) */
static void check_words(lua_State *L, lgame *lg, const spec *sp) {
  unsigned replaced = 0;
  int k, i, rc;
  if (!sp->st.nwords) return;
  for (i = 0; i < ARB_NWORDS; i++)
    if (sp->st.words[i]) replaced |= 1u << i;
  if ((rc = arb_chars_refresh(lg->g))) arb_l_fail(L, lg, rc);
  for (k = 0; k < sp->nset; k++) {
    const arb_card *c = sp->set[k] >= 0 ? arb_card_get(lg->g, sp->set[k]) : NULL;
    if (!c || (arb_text_words(lg->g, c) & replaced)) continue;
    for (i = 0; !((replaced >> i) & 1); i++) ;
    field_error(L, "add_static", 1, "words", lua_pushfstring(L, "the text of %s#%d has no word '%s'%s",
                arb_str(lg->g, c->name), (int)c->id, arb_word_name(i),
                sp->st.nwords > 1 ? " nor any other it replaces" : ""));
  }
}

/* The record: {kind = "static", id = n, affects = fn, source = card}, kept in env.refs. */
static int add_body(lua_State *L) {
  lgame *lg = arb_l_bodygame(L);
  spec *sp = lua_touserdata(L, 3);
  int id, rc;
  check_words(L, lg, sp);
  lua_createtable(L, 0, 4);
  lua_pushliteral(L, "static");
  lua_setfield(L, -2, "kind");
  {
    static const char *const fns[] = {"affects", "power", "toughness", "set_power", "set_toughness",
                                      "activated", NULL};
    int i;
    for (i = 0; fns[i]; i++) {
      lua_getfield(L, 2, fns[i]);
      if (i == 0 && (sp->st.filter & ARB_FILT_WHERE)) {   /* a filter's predicate: the record's affects */
        lua_getfield(L, -1, "where");
        lua_remove(L, -2);
      }
      if (lua_isfunction(L, -1) || (i == 5 && lua_istable(L, -1))) lua_setfield(L, -2, fns[i]);
      else lua_pop(L, 1);
    }
  }
  lua_getfield(L, 2, "source");
  lua_setfield(L, -2, "source");
  if (sp->st.copy_gain) {          /* copy_with.install (read_copy_with checked it) */
    lua_getfield(L, 2, "copy_with");
    lua_getfield(L, -1, "install");
    lua_setfield(L, -3, "install");
    lua_pop(L, 1);
  }
  arb_l_env(L, 1);
  lua_getfield(L, -1, "refs");
  lua_pushvalue(L, -3);
  sp->st.ref = luaL_ref(L, -2);
  lua_pop(L, 2);
  memcpy(sp->add + sp->nadd, sp->subs, sizeof(arb_ability) * sp->st.nsubs);   /* the subtypes follow */
  if ((rc = arb_static_add(lg->g, &sp->st, sp->add, sp->nadd + sp->st.nsubs, sp->rem, sp->nrem, sp->set,
                           sp->nset, &id)) ||
      (sp->until >= 0 && (rc = arb_until(lg->g, sp->until, ARB_DUR_STATIC, id, 0, 0, 0))))
    return arb_l_fail(L, lg, rc);
  lua_pushinteger(L, id);
  lua_setfield(L, -2, "id");
  return 1;
}

static int g_add_static(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  spec *sp;
  lua_settop(L, 2);
  sp = lua_newuserdata(L, sizeof *sp);    /* 3 */
  read_spec(L, lg, sp);
  return arb_l_guarded(L, lg, add_body);
}

/* The effect of handle h (arg idx) in this game, or -1. */
static int handle_id(lua_State *L, lgame *lg, int idx) {
  arb_static *st;
  int id, mine;
  if (!lua_istable(L, idx)) return -1;
  lua_getfield(L, idx, "id");
  id = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : -1;
  lua_pop(L, 1);
  if (!(st = arb_static_get(lg->g, id))) return -1;
  arb_l_env(L, 1);
  lua_getfield(L, -1, "refs");
  lua_rawgeti(L, -1, st->ref);
  mine = lua_rawequal(L, -1, idx);
  lua_pop(L, 3);
  return mine ? id : -1;
}

/* g:remove_static(e) -> true, or false when it had ended already. It runs no host code
** and doesn't first bring the characteristics up to date (as other calls do): removing
** an effect whose affects predicate fails is how a game gets rid of it. */
static int g_remove_static(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  size_t mark;
  int id = handle_id(L, lg, 2), rc;
  if (id < 0) {
    arb_l_describe(L, 2);
    return luaL_argerror(L, 2, lua_pushfstring(L, "static effect handle of this game expected, got %s",
                                               lua_tostring(L, -1)));
  }
  lua_pushboolean(L, arb_static_get(lg->g, id)->active);
  mark = arb_mark(lg->g);
  if ((rc = arb_static_remove(lg->g, id))) {
    arb_l_rollback(L, lg, mark);
    return arb_l_fail(L, lg, rc);
  }
  arb_commit(lg->g);
  return 1;
}

static int control_fn(arb_game *g, arb_l_call *c) {
  return arb_gain_control(g, c->a, c->b, c->c, &c->out);
}
/* g:gain_control(card, p[, duration]): a control-changing effect (static.c), after a
** replaceable "control" event; until removed, or "end_of_turn" / "end_of_combat". The
** permanent can't attack until p's next turn begins (502.5). */
static int g_gain_control(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_l_call call = {.fn = control_fn};
  arb_card *c = arb_card_get(lg->g, call.a = arb_l_checkcard(L, 2, lg));
  call.b = arb_l_checkplayer(L, 3, lg);
  call.c = lua_isnoneornil(L, 4) ? -1 : luaL_checkoption(L, 4, NULL, arb_l_until_opts);
  if (arb_zone_get(lg->g, c->zone)->kind != ARB_BATTLEFIELD)
    return luaL_argerror(L, 2, "a permanent (a card on the battlefield) expected");
  arb_l_core(L, lg, &call);
  return 0;
}

/* g:_xact(c) -> 0 when its activated abilities are its definition's; else its marks
** (ARB_XACT_*), its current subtypes, and the `activated` lists of the effects granting it
** abilities, in timestamp order (418.5: the order they are numbered in, after its own). */
static int g_xact(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_card *c = arb_card_get(lg->g, arb_l_checkcard(L, 2, lg));
  int32_t ids[ARB_MAXABIL];
  int i, j, n = 0;
  if (!arb_chars_fresh(lg->g)) c = arb_l_chars(L, lg, c);
  if (!c->xact) { lua_pushinteger(L, 0); return 1; }
  lua_pushinteger(L, c->xact);
  lua_createtable(L, c->nsub, 0);
  for (i = 0; i < c->nsub; i++) {
    lua_pushstring(L, arb_str(lg->g, c->subtypes[i]));
    lua_rawseti(L, -2, i + 1);
  }
  for (i = 0; i < c->nabil; i++)
    if (c->abil[i].kind == ARB_AB_GRANTED && c->abil[i].count > 0) {
      int32_t id = c->abil[i].param;
      const arb_static *st = arb_static_get(lg->g, id);
      for (j = n; j > 0; j--) {          /* by timestamp, then id */
        const arb_static *o = arb_static_get(lg->g, ids[j - 1]);
        if (o->ts < st->ts || (o->ts == st->ts && o->id < st->id)) break;
        ids[j] = ids[j - 1];
      }
      ids[j] = id;
      n++;
    }
  lua_createtable(L, n, 0);
  arb_l_env(L, 1);
  lua_getfield(L, -1, "refs");
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, -1, arb_static_get(lg->g, ids[i])->ref);
    lua_getfield(L, -1, "activated");
    lua_rawseti(L, -5, i + 1);
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  return 3;
}

/* g:_subtypes(c) -> its current subtypes (the type layer: 418.5a layer 4), in order; none face
** down (504.1). What views show (view.lua). */
static int g_subtypes(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_card *c = arb_card_get(lg->g, arb_l_checkcard(L, 2, lg));
  int i, n = 0;
  if (!arb_chars_fresh(lg->g)) c = arb_l_chars(L, lg, c);
  arb_chars_depend(lg->g, ARB_DEP_R_TYPE);
  lua_createtable(L, c->nsub, 0);
  for (i = 0; i < c->nsub && !c->facedown; i++) {
    lua_pushstring(L, arb_str(lg->g, c->subtypes[i]));
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

/* g:_installing(d) -> depth: a definition's install begins (1) or ends (-1): the effects made
** meanwhile with a source are its static abilities (arbiter.installer); 0 reads the depth */
static int g_installing(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lg->installing += (int)luaL_checkinteger(L, 2);
  if (lg->installing < 0) lg->installing = 0;
  lua_pushinteger(L, lg->installing);
  return 1;
}

/* g:_copy_gain(c) -> the install of the abilities c gains from its copy effect's exceptions
** (copy_with.install: its own, or the copied permanent's, 503.2), or nothing. */
static int g_copy_gain(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_card *c = arb_card_get(lg->g, arb_l_checkcard(L, 2, lg));
  const arb_static *st;
  if (!arb_chars_fresh(lg->g)) c = arb_l_chars(L, lg, c);
  if (!c->copy_st || !(st = arb_static_get(lg->g, c->copy_st - 1))->copy_gain) return 0;
  arb_l_env(L, 1);
  lua_getfield(L, -1, "refs");
  lua_rawgeti(L, -1, arb_static_get(lg->g, st->copy_gain - 1)->ref);
  lua_getfield(L, -1, "install");
  return 1;
}

static const luaL_Reg game_methods[] = {
  {"_xact", g_xact}, {"_subtypes", g_subtypes}, {"_installing", g_installing}, {"_copy_gain", g_copy_gain},
  {"add_static", g_add_static}, {"remove_static", g_remove_static}, {"gain_control", g_gain_control},
  {NULL, NULL}
};

int arb_l_static_open(lua_State *L) {
  arb_l_add_game_methods(L, game_methods);
  return 0;
}

/* core._full_chars(g, on): every computation of g's characteristics is the full one, none of
** one card alone (a spec's way to compare the games: spec/layers_one_spec.lua). */
int arb_l_full_chars(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  luaL_checktype(L, 2, LUA_TBOOLEAN);
  arb_chars_full(lg->g, lua_toboolean(L, 2));
  return 0;
}
