/*
** lcreate.c — making cards: g:create(def, opts) and g:create_deck(p, deck, opts).
** A definition is read once, before anything changes, into a prototype card
** (abilities included); the creation then runs as one action (arb_l_guarded).
** A bad definition changes nothing, not even the game's interned strings.
** create_deck reads each definition once (a run of equal consecutive entries,
** or one an earlier run read), grows the card array once, and is exactly N
** g:create calls: same ids, same "create" events, same installs.
*/
#include <string.h>
#include "lcreate.h"

static const char *const type_names[] = {"Creature", "Land", "Artifact", "Enchantment", "Instant", "Sorcery", NULL};
static const char *const super_names[] = {"Basic", "Snow", "Legendary", NULL};
static const char *const color_names[] = {"white", "blue", "black", "red", "green", NULL};

/* The keys' names (lcreate.h), in K_ order. */
static const char *const key_names[] = {"name", "types", "supertypes", "colors", "power",
  "toughness", "subtypes", "abilities", "zone", "position", "tapped", "sick", "owner", "install",
  "defs", "controller", "count", "as_enters", "triggered", "words", "activated", NULL};

int arb_lc_getkey(lua_State *L, const place *w, int t, int k) {
  t = lua_absindex(L, t);
  lua_rawgeti(L, w->keys, k);
  return lua_gettable(L, t);
}

/* READ_BAD: the message is on the stack; READ_NONAME: the name isn't a string */
enum { READ_OK, READ_BAD, READ_NOMEM, READ_NONAME };

/* ---- reading a definition (the value at def) into a prototype ---- */

static int mask_of(lua_State *L, const place *w, int def, int key, const char *const *names,
                   uint8_t *out) {
  const char *field = key_names[key - 1];
  int m = 0, i, n;
  if (arb_lc_getkey(L, w, def, key) == LUA_TNIL) { lua_pop(L, 1); *out = 0; return READ_OK; }
  if (!lua_istable(L, -1)) {
    lua_pushfstring(L, "%s must be a list of strings", field);
    return READ_BAD;
  }
  n = (int)lua_rawlen(L, -1);
  for (i = 1; i <= n; i++) {
    int k;
    const char *s;
    lua_rawgeti(L, -1, i);
    s = lua_tostring(L, -1);
    for (k = 0; names[k] && (!s || strcmp(names[k], s) != 0); k++) ;
    if (!names[k]) {
      lua_pushfstring(L, "unknown %s '%s'", field, s ? s : "?");
      return READ_BAD;
    }
    m |= 1 << k;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  *out = (uint8_t)m;
  return READ_OK;
}

/* One instance of (kind, param), as arb_card_grant counts them. */
static int add_ability(arb_card *c, int kind, int param) {
  int i;
  for (i = 0; i < c->nabil; i++)
    if (c->abil[i].kind == kind && c->abil[i].param == param) break;
  if (i == c->nabil) {
    if (c->nabil >= ARB_MAXABIL) return -1;
    c->nabil++;
    c->abil[i].kind = (uint16_t)kind;
    c->abil[i].param = (uint16_t)param;
    c->abil[i].count = 0;
  }
  if (c->abil[i].count >= ARB_MAXCOUNT) return -2;   /* counted in 16 bits (arb_ability) */
  c->abil[i].count++;
  return 0;
}

static int read_abilities(lua_State *L, const place *w, int def, arb_card *c) {
  lgame *lg = w->lg;
  int i, n, kind, param, bad;
  if (arb_lc_getkey(L, w, def, K_ABILITIES) != LUA_TTABLE) { lua_pop(L, 1); return READ_OK; }
  n = (int)lua_rawlen(L, -1);
  for (i = 1; i <= n; i++) {
    size_t len;
    const char *s;
    lua_rawgeti(L, -1, i);
    s = lua_tolstring(L, -1, &len);
    if (!s || arb_ability_parse(lg->g, s, len, &kind, &param)) {
      /* a known word whose landwalk type couldn't be interned: memory */
      if (s && !arb_ability_parse(NULL, s, len, &kind, &param)) return READ_NOMEM;
      lua_pushfstring(L, "unknown ability '%s'", s ? s : luaL_typename(L, -1));
      return READ_BAD;
    }
    if ((bad = add_ability(c, kind, param)) != 0) {
      if (bad == -1) lua_pushfstring(L, "more than %d different abilities", ARB_MAXABIL);
      else lua_pushfstring(L, "more than %d instances of one ability", ARB_MAXCOUNT);
      return READ_BAD;
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return READ_OK;
}

static int read_subtypes(lua_State *L, const place *w, int def, arb_card *c) {
  lgame *lg = w->lg;
  int i, n;
  if (arb_lc_getkey(L, w, def, K_SUBTYPES) == LUA_TTABLE) {
    n = (int)lua_rawlen(L, -1);
    for (i = 1; i <= n && c->nsub < ARB_MAXSUB; i++) {
      size_t len;
      const char *s;
      lua_rawgeti(L, -1, i);
      s = lua_tolstring(L, -1, &len);
      if (s) {
        int id = arb_intern(lg->g, s, len);
        if (id < 0) return READ_NOMEM;
        c->subtypes[c->nsub++] = (uint16_t)id;
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return READ_OK;
}

/* words = {role = word}: the words its text holds that a text-changing effect may change (text.c;
** arbiter.card checked them) */
static void read_words(lua_State *L, const place *w, int def, arb_card *c) {
  if (arb_lc_getkey(L, w, def, K_WORDS) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      size_t n = 0;
      const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : NULL;
      int i = s ? arb_word_index(s, n) : -1;
      if (i >= 0) c->bwords |= (uint16_t)(1u << i);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

/* power, toughness: nil (0), an integer, or a function (a characteristic-defining
** P/T: 0 printed, computed in its layer); arbiter.card checked the range, a
** later edit saturates, and a later edit to a non-integer is refused here
** (issue 24: 2.5 is not read as 0) */
static int read_int(lua_State *L, const place *w, int def, int k, int *out, int *fn) {
  lua_Integer v = 0;
  int t = arb_lc_getkey(L, w, def, k);
  *fn = t == LUA_TFUNCTION;
  if (t != LUA_TNIL && t != LUA_TFUNCTION && !arb_l_tointeger(L, -1, &v)) {
    arb_l_describe(L, -1);
    lua_pushfstring(L, "%s must be an integer, got %s", key_names[k - 1], lua_tostring(L, -1));
    return READ_BAD;
  }
  lua_pop(L, 1);
  *out = v > ARB_L_INT_MAX ? ARB_L_INT_MAX : v < -ARB_L_INT_MAX ? -ARB_L_INT_MAX : (int)v;
  return READ_OK;
}

/* Activated abilities other than mana abilities (406.1), and of those the ones
** played only as a sorcery (timing = "sorcery"): a player holding one may act
** with priority (arb_could_act). Those that work from a graveyard or hand
** (zone) are counted apart. The Lua layer checks the list (act: the definition's
** activated, read once for this and read_mana_kind). */
static void count_activated(lua_State *L, int act, arb_card *c) {
  int i, n = 0, s = 0, z = 0;
  lua_pushvalue(L, act);
  if (lua_istable(L, -1)) {
    for (i = 1; i <= 255; i++) {
      if (lua_rawgeti(L, -1, i) != LUA_TTABLE) break;     /* the list's end */
      if (lua_getfield(L, -1, "zone") != LUA_TNIL) {
        z++;
      } else if (lua_getfield(L, -2, "mana") == LUA_TNIL) {
        n++;
        lua_getfield(L, -3, "timing");
        s += lua_type(L, -1) == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "sorcery");
        lua_pop(L, 2);
      } else {
        lua_pop(L, 1);
      }
      lua_pop(L, 2);
    }
    if (i <= 255) lua_pop(L, 1);   /* the non-table that ended the list */
  }
  lua_pop(L, 1);
  c->nactivated = (uint8_t)n;
  c->nsorcact = (uint8_t)s;
  c->nzoneact = (uint8_t)z;
}

/* The card's default mana ability as the core's fast payment sees it (mana.c):
** the first mana ability whose cost holds no mana (as arbiter.mana's default
** picks it: the definition's list, then a basic land type's intrinsic one,
** 305.6) is simple when it is "{T}: add one mana" with no pay or effect. */
static int mana_slot(const char *m) {
  static const char *const syms[] = {"{W}", "{U}", "{B}", "{R}", "{G}", "{1}", NULL};
  int k;
  for (k = 0; syms[k]; k++) if (!strcmp(m, syms[k])) return k;
  return -1;
}

static void read_mana_kind(lua_State *L, arb_game *g, int act, arb_card *c) {
  int i, k, found = 0, n = 0;   /* n: mana abilities seen */
  c->mprod = c->mcomplex = 0;
  lua_pushvalue(L, act);
  if (lua_istable(L, -1)) {
    for (i = 1; i <= 255; i++) {
      const char *cost, *mana;
      if (lua_rawgeti(L, -1, i) != LUA_TTABLE) { lua_pop(L, 1); break; }
      lua_getfield(L, -1, "cost");
      lua_getfield(L, -2, "mana");
      cost = lua_isnil(L, -2) ? "" : lua_tostring(L, -2);
      mana = lua_tostring(L, -1);
      n += mana != NULL;
      if (!found && mana && cost && (!strcmp(cost, "{T}") || !strcmp(cost, "") || !strcmp(cost, "{0}"))) {
        int pay = lua_getfield(L, -3, "pay") != LUA_TNIL, eff = lua_getfield(L, -4, "effect") != LUA_TNIL;
        lua_pop(L, 2);
        found = 1;
        k = mana_slot(mana);
        if (!strcmp(cost, "{T}") && !pay && !eff && k >= 0) c->mprod = (uint8_t)(k + 1);
        else c->mcomplex |= ARB_MANA_COMPLEX;
      } else if (mana) {
        c->mcomplex |= ARB_MANA_COMPLEX;   /* another cost: the Lua layer's general path decides */
      }
      /* no {T} in its cost: a tapped permanent can still play it (409.1f) */
      if (mana && !(cost && (strstr(cost, "{T}") || strstr(cost, "{t}")))) c->mcomplex |= ARB_MANA_UNTAPPED;
      lua_pop(L, 3);
    }
  }
  lua_pop(L, 1);
  /* the card's subtypes' own texts compared with the five (not the five looked up in the
  ** game's strings: ~750 instructions a definition with subtypes) */
  for (k = 0; c->nsub && k < 5; k++) {          /* (no subtypes: none of them) */
    const char *basic = arb_word_name(ARB_WORD_LAND + k);   /* Plains..Forest, as W..G */
    int s, has = 0;
    for (s = 0; s < c->nsub && !has; s++) has = !strcmp(arb_str(g, c->subtypes[s]), basic);
    if (has) {
      if (!found) c->mprod = (uint8_t)(k + 1);
      found = 1;
      n++;
    }
  }
  /* several mana abilities (Birds of Paradise, a land with two basic land
  ** types): which one to play is a choice the Lua layer's payment makes */
  if (n > 1) { c->mprod = 0; c->mcomplex |= ARB_MANA_COMPLEX; }
}

/* Whether the definition at def (a mana source's) was not the first made with its name (at name):
** a registry table (weak values) keeps the first mana source's definition of each name. Per Lua
** state, not per game: nothing to copy for a clone, and two definitions of one name in two games
** only cost the core's fast payment its copies of that name (mana.c asks the host, which tells
** abilities apart by identity). */
static const char FIRST_KEY = 'f';
static int namesake(lua_State *L, int name, int def) {
  int other = 0;
  arb_l_push_weak_mode(L, &FIRST_KEY, "v");
  lua_pushvalue(L, name);
  if (lua_rawget(L, -2) == LUA_TNIL) {
    lua_pushvalue(L, name);
    lua_pushvalue(L, def);
    lua_rawset(L, -4);
  } else other = !lua_rawequal(L, -1, def);
  lua_pop(L, 2);
  return other;
}

/* Fills c from the definition at def. Strings are interned in the order
** g:create always used: landwalk types, name, subtypes. */
static int read_def(lua_State *L, place *w, int def, arb_card *c) {
  lgame *lg = w->lg;
  size_t len;
  const char *name;
  int id, rc, pt[2], fn[2], top = lua_gettop(L);
  arb_lc_getkey(L, w, def, K_NAME);
  if (!lua_isstring(L, -1)) return READ_NONAME;
  memset(c, 0, sizeof *c);
  if ((rc = read_abilities(L, w, def, c))) return rc;
  name = lua_tolstring(L, top + 1, &len);
  if ((id = arb_intern(lg->g, name, len)) < 0) return READ_NOMEM;
  c->name = (uint16_t)id;
  if ((rc = mask_of(L, w, def, K_TYPES, type_names, &c->types)) ||
      (rc = mask_of(L, w, def, K_SUPERTYPES, super_names, &c->supertypes)) ||
      (rc = mask_of(L, w, def, K_COLORS, color_names, &c->colors)))
    return rc;
  if ((rc = read_int(L, w, def, K_POWER, &pt[0], &fn[0])) ||
      (rc = read_int(L, w, def, K_TOUGHNESS, &pt[1], &fn[1])))
    return rc;
  c->cda = (uint8_t)((fn[0] ? ARB_PT_POWER : 0) | (fn[1] ? ARB_PT_TOUGHNESS : 0));
  c->power = pt[0];
  c->toughness = pt[1];
  if ((rc = read_subtypes(L, w, def, c))) return rc;
  read_words(L, w, def, c);
  arb_lc_getkey(L, w, def, K_ACTIVATED);
  count_activated(L, lua_gettop(L), c);
  read_mana_kind(L, w->lg->g, lua_gettop(L), c);
  lua_pop(L, 1);
  if (c->mprod || (c->mcomplex & ARB_MANA_COMPLEX))   /* a source the fast payment may take */
    c->namesake = (uint8_t)namesake(L, top + 1, def);
  arb_lc_getkey(L, w, def, K_AS_ENTERS);    /* "as ~ enters the battlefield" (hooks.entering) */
  c->as_enters = (uint8_t)lua_isfunction(L, -1);
  lua_pop(L, 1);
  if (w->kind == ARB_BATTLEFIELD) {         /* "comes into play tapped": tapped whatever opts say */
    c->tapped = (uint8_t)(w->tapped || arb_card_has(c, ARB_AB_ENTERS_TAPPED));
    c->sick = (uint8_t)w->sick;
  }
  lua_settop(L, top);
  return READ_OK;
}

/* A read failed: forget the strings it interned, then raise. With index > 0
** the message names deck[index] of argument argn, else it is g:create's. */
static int read_failed(lua_State *L, place *w, int nstrings, int rc, int argn, int index) {
  arb_strings_truncate(w->lg->g, nstrings);
  if (rc == READ_NOMEM) return luaL_error(L, "arbiter: not enough memory");
  if (rc == READ_NONAME && index > 0)
    return luaL_argerror(L, argn, lua_pushfstring(L, "deck[%d]: card definition expected, got a "
                                                  "table without a name", index));
  if (rc == READ_NONAME) return luaL_argerror(L, argn, "card definition with a name expected");
  if (index > 0) return luaL_argerror(L, argn, lua_pushfstring(L, "deck[%d]: %s", index, lua_tostring(L, -1)));
  return luaL_argerror(L, argn, lua_pushfstring(L, "card definition: %s", lua_tostring(L, -1)));
}

/* ---- the options ---- */

/* zone, position, tapped, sick of the options table at idx (nil: none);
** errors name argument argn. */
static void read_place(lua_State *L, int idx, int argn, place *w) {
  int top = lua_gettop(L);
  w->kind = ARB_LIBRARY;
  w->top = 0;
  w->tapped = w->sick = 0;
  if (lua_isnil(L, idx)) return;
  if (arb_lc_getkey(L, w, idx, K_ZONE) != LUA_TNIL) w->kind = arb_l_zonekind(L, -1, argn);
  if (arb_lc_getkey(L, w, idx, K_POSITION) != LUA_TNIL) {
    const char *pos = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (!pos || (strcmp(pos, "top") && strcmp(pos, "bottom"))) {
      arb_l_describe(L, -1);
      luaL_argerror(L, argn, lua_pushfstring(L, "position must be \"top\" or \"bottom\", got %s",
                                             lua_tostring(L, -1)));
    }
    w->top = !strcmp(pos, "top");
  }
  w->top = w->top || w->kind != ARB_LIBRARY;   /* a library gets cards at the bottom by default */
  if (w->kind == ARB_BATTLEFIELD) {
    arb_lc_getkey(L, w, idx, K_TAPPED);
    w->tapped = lua_toboolean(L, -1);
    arb_lc_getkey(L, w, idx, K_SICK);
    w->sick = lua_toboolean(L, -1);
  }
  lua_settop(L, top);
}

/* ---- creating ---- */

/* A definition with an install: start the Lua layer's zone_change watch
** (env.watch_installs), which installs it for cards that move onto the
** battlefield. 1 if def has an install. */
static void watch_installs(lua_State *L) {
  arb_l_env(L, 1);
  if (lua_getfield(L, -1, "watch_installs") == LUA_TFUNCTION) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 0);
  } else lua_pop(L, 1);
  lua_pop(L, 1);                          /* env */
}

int arb_lc_watch_installs(lua_State *L, const place *w, int def) {
  int has = arb_lc_getkey(L, w, def, K_INSTALL) == LUA_TFUNCTION;
  lua_pop(L, 1);
  if (has) watch_installs(L);
  return has;
}

/* What create_one does beyond the card itself, read from the definition once (with the rest
** of it: once per g:create, once per run of equal deck entries), not once per copy. */
enum { HAS_INSTALL = 1, HAS_TRIGGERED = 2,
       WATCHED = 4 };   /* (not read: create_deck's own) the install watch started by an earlier card
                           of the same call: it stays on until the call ends (only a rollback of
                           the action that started it ends it, and nothing else reaches it) */

static int read_hooks(lua_State *L, const place *w, int def) {
  int has = arb_lc_getkey(L, w, def, K_INSTALL) == LUA_TFUNCTION ? HAS_INSTALL : 0;
  if (arb_lc_getkey(L, w, def, K_TRIGGERED) != LUA_TNIL) has |= HAS_TRIGGERED;
  lua_pop(L, 2);
  return has;
}

/* A definition's triggered entries, which work from a graveyard or hand (zone): registered
** for the card once, as it is made (env.zone_triggers(g, card), lua/arbiter/newgame.lua);
** each triggers only while the card is in its zone. The card's proxy is on top. */
static void zone_triggers(lua_State *L) {
  arb_l_env(L, 1);
  lua_getfield(L, -1, "zone_triggers");
  lua_pushvalue(L, 1);
  lua_pushvalue(L, -4);
  lua_call(L, 2, 0);
  lua_pop(L, 1);                          /* env */
}

/* Creates one card from proto, its definition at def (env.defs at defs; has: its
** read_hooks): the card, defs[id], its "create" event (observers may read the definition),
** then def.install(g, card) on the battlefield. Leaves the card's proxy on top (tables: 0, or
** where arb_l_pushcard_tables pushed the proxy tables). */
static void create_one(lua_State *L, place *w, const arb_card *proto, int def, int defs, int has,
                       int tables) {
  lgame *lg = w->lg;
  int id, rc;
  if ((rc = arb_card_new(lg->g, proto, w->owner, w->zone, w->top, &id))) arb_l_fail(L, lg, rc);
  lua_pushvalue(L, def);
  lua_rawseti(L, defs, id);
  arb_l_scan_forget(lg, id);
  if ((rc = arb_created(lg->g, id))) arb_l_fail(L, lg, rc);
  if (w->kind == ARB_BATTLEFIELD && proto->as_enters && (rc = arb_l_entering(lg, id, 0))) arb_l_fail(L, lg, rc);
  if (tables) arb_l_pushcard_at(L, 1, tables, id);
  else arb_l_pushcard(L, 1, id);
  if (has & HAS_TRIGGERED) zone_triggers(L);
  /* a permanent's abilities: def.install(g, card) when created on the battlefield; the
  ** watch does it for cards that move there */
  if (!(has & HAS_INSTALL)) return;
  if (!(has & WATCHED)) watch_installs(L);
  if (w->kind != ARB_BATTLEFIELD) return;
  arb_lc_getkey(L, w, def, K_INSTALL);
  arb_l_guard(L, lg->mem, -1);            /* card-script code runs under its budget */
  lua_pushvalue(L, 1);
  lua_pushvalue(L, -3);
  lua_call(L, 2, 0);
}

int arb_lc_push_defs(lua_State *L, const place *w) {
  arb_l_env(L, 1);
  arb_l_own_defs(L, w->lg, lua_gettop(L));   /* cards are made: defs written (a clone's shared) */
  arb_lc_getkey(L, w, -1, K_DEFS);
  return lua_gettop(L);
}

/* ---- g:create(def, {owner=, zone=, position=, tapped=, sick=}) ---- */

typedef struct one { place w; arb_card proto; } one;

static int create_body(lua_State *L) {     /* g, def, opts, one, keys */
  one *o = lua_touserdata(L, 4);
  create_one(L, &o->w, &o->proto, 2, arb_lc_push_defs(L, &o->w), read_hooks(L, &o->w, 2), 0);
  return 1;
}

/* opts[field] (on top): a player of this game (a metatable compare), or an error naming the field */
int arb_lc_check_player_field(lua_State *L, lgame *lg, const char *field) {
  int p = arb_l_toid(L, -1, lg, 1);
  if (p >= 0) return p;
  if (lua_isnil(L, -1)) luaL_argerror(L, 3, lua_pushfstring(L, "%s is required", field));
  if (!luaL_testudata(L, -1, PLAYER_MT) || arb_l_ownergame(L, -1) != lg) {   /* name the field */
    int foreign = luaL_testudata(L, -1, PLAYER_MT) != NULL;
    arb_l_describe(L, -1);
    luaL_argerror(L, 3, lua_pushfstring(L, foreign ? "%s: player of another game: %s"
                                                   : "%s: player expected, got %s", field, lua_tostring(L, -1)));
  }
  return arb_l_checkplayer(L, -1, lg);
}

int arb_lc_check_owner(lua_State *L, lgame *lg) { return arb_lc_check_player_field(L, lg, "owner"); }

/* g:create's and g:create_token's arguments: the game, a definition (a script's view
** unshielded), an options table (missing: "options table with <needs> expected"); the
** keys pushed at 4. */
void arb_lc_open_args(lua_State *L, place *w, const char *needs) {
  w->lg = arb_l_checkgame(L, 1);
  arb_l_unshield(L, 2);                      /* a script's view of a definition */
  luaL_checktype(L, 2, LUA_TTABLE);
  if (lua_isnoneornil(L, 3))
    luaL_argerror(L, 3, lua_pushfstring(L, "options table with %s expected", needs));
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 3);
  lua_pushvalue(L, lua_upvalueindex(2));
  w->keys = 4;
}

/* Reads the definition into proto (a bad one changes nothing), then runs body as one
** action with g, def, opts, ud, keys on its stack. */
int arb_lc_read_and_run(lua_State *L, place *w, arb_card *proto, void *ud, lua_CFunction body) {
  int nstrings = arb_nstrings(w->lg->g), rc;
  if ((rc = read_def(L, w, 2, proto))) return read_failed(L, w, nstrings, rc, 2, 0);
  lua_settop(L, 4);
  lua_pushlightuserdata(L, ud);
  lua_insert(L, 4);                          /* g, def, opts, ud, keys */
  w->keys = 5;
  return arb_l_guarded(L, w->lg, body);
}

/* A journal the creation made (the game's first action: a game set up card by card) isn't
** kept, as a deck's isn't (g:create_deck): it goes back to the allocator's spares, where the
** next game's creation finds it (bench/draw.lua's memory target: ~1.5 KiB a game). */
static int g_create(lua_State *L) {
  one o;
  size_t room;
  int n;
  arb_lc_open_args(L, &o.w, "owner");
  arb_lc_getkey(L, &o.w, 3, K_OWNER);
  o.w.owner = arb_lc_check_owner(L, o.w.lg);
  read_place(L, 3, 3, &o.w);
  o.w.zone = arb_zone_id(o.w.lg->g, o.w.owner, o.w.kind);
  room = arb_journal_room(o.w.lg->g);
  n = arb_lc_read_and_run(L, &o.w, &o.proto, &o, create_body);
  arb_journal_trim(o.w.lg->g, room);
  return n;
}

/* GI._create_nowhere(g, def, {owner = p}) -> card: a card made in the "none" zone (a copy of a
** spell, copies.lua, before it goes on the stack) */
static int g_create_nowhere(lua_State *L) {
  one o;
  arb_lc_open_args(L, &o.w, "owner");
  arb_lc_getkey(L, &o.w, 3, K_OWNER);
  o.w.owner = arb_lc_check_owner(L, o.w.lg);
  read_place(L, 3, 3, &o.w);
  o.w.kind = ARB_NOWHERE;
  o.w.top = 1;
  o.w.zone = arb_zone_id(o.w.lg->g, -1, ARB_NOWHERE);
  return arb_lc_read_and_run(L, &o.w, &o.proto, &o, create_body);
}

/* ---- g:create_deck(p, deck, opts) -> {card, ...} ---- */

/* A run of equal consecutive deck entries: one prototype, count cards. */
typedef struct run { arb_card proto; int count, has; const void *def; } run;
#define LOCAL_RUNS 16       /* runs kept on the C stack; more go in the Lua state's room below */

/* The room for more runs, a userdata kept in the registry (nothing of it stays in a game) and
** used again by the next deck that needs it: a random 40-card deck has 20-30 runs, and a new
** ~9 KB block a call was ~6 % of what an Alpha game allocates (collector work, issue 27).
** busy while a call uses it: a create_deck inside another (an install or an observer of "create")
** makes its own; a call that raised leaves it busy, and the next one replaces it. */
typedef struct runroom { int cap, busy; run runs[]; } runroom;
static const char ROOM_KEY = 'r';

typedef struct deck { place w; int n, nruns, first; run *runs; runroom *room; } deck;

/* Whether the table on top is empty (popped). */
static int pop_empty(lua_State *L) {
  int empty;
  lua_pushnil(L);
  empty = !lua_next(L, -2);
  lua_pop(L, empty ? 1 : 3);
  return empty;
}

/* The game's first deck (no card made yet, nothing in the tables) makes the Lua side's room
** for a deck per player, as arb_card_reserve does the core's: the card proxies (the game's
** user value) and env.defs (at defs, env below it) made again, sized, instead of growing by
** doubling as ids are added (~100 instructions a card). Nothing holds either table across
** calls: the binding reads them from the game each time. */
static void presize(lua_State *L, const deck *d, int defs) {
  arb_game *g = d->w.lg->g;
  int np = arb_nplayers(g), all;
  if (arb_ncards(g) != 0 || d->n <= 0 || d->n > INT32_MAX / 8 / np) return;
  all = d->n * np;
  arb_getuvn(L, 1, ARB_UV_CARDS);
  if (pop_empty(L)) {
    lua_createtable(L, all, 0);                 /* keys id + 1 */
    arb_setuvn(L, 1, ARB_UV_CARDS);
  }
  lua_pushvalue(L, defs);
  if (pop_empty(L)) {
    lua_createtable(L, all - 1, 1);             /* keys id: 0 in the hash part */
    lua_pushvalue(L, -1);
    lua_setfield(L, defs - 1, "defs");
    lua_replace(L, defs);
  }
}

static int deck_body(lua_State *L) {   /* g, p, deck, opts, plan, keys, [runs], defs of the runs... */
  deck *d = lua_touserdata(L, 5);
  int r, k, i = 0, defs, out, tables, rc, watched = 0;
  if ((rc = arb_card_reserve(d->w.lg->g, d->w.zone, d->n))) return arb_l_fail(L, d->w.lg, rc);
  defs = arb_lc_push_defs(L, &d->w);
  presize(L, d, defs);
  arb_l_pushcard_tables(L, 1);              /* after presize, which may make the proxies' anew */
  tables = lua_gettop(L) - 1;
  lua_createtable(L, d->n, 0);
  out = lua_gettop(L);
  for (r = 0; r < d->nruns; r++)
    for (k = 0; k < d->runs[r].count; k++) {
      create_one(L, &d->w, &d->runs[r].proto, d->first + r, defs, d->runs[r].has | watched, tables);
      watched |= d->runs[r].has & HAS_INSTALL ? WATCHED : 0;
      lua_rawseti(L, out, ++i);
    }
  return 1;
}

/* The entry on top isn't a table: the message is pushed. */
static int not_a_table(lua_State *L) {
  arb_l_describe(L, -1);
  lua_pushfstring(L, "card definition expected, got %s", lua_tostring(L, -1));
  return READ_BAD;
}

/* The entry on top (deck[i]) becomes what it stands for: a card (of any game) its definition,
** as in arbiter.deck.check. A card that no longer exists stays as it is: refused, named, like
** any entry that isn't a definition. */
static void push_entry(lua_State *L) {
  const lproxy *p;
  if (lua_type(L, -1) != LUA_TUSERDATA) { arb_l_unshield(L, -1); return; }
  p = luaL_testudata(L, -1, CARD_MT);
  if (!p || p->gone || !p->lg->g) return;
  lua_getfield(L, -1, "definition");
  lua_remove(L, -2);
  arb_l_unshield(L, -1);
}

/* Pushes deck[i] and returns its identity: a table's or userdata's address (NULL for any
** other value). An entry whose address is the previous entry's is that entry itself (a deck
** list's copies): the same run, without push_entry's unshielding of it again, nor a second
** read of deck[i - 1] and a compare (~110 instructions a card). (Entries that differ but
** stand for the same definition, a view and its table, are found equal after push_entry.) */
static const void *entry_at(lua_State *L, int i) {
  int t = lua_rawgeti(L, 3, i);
  return t == LUA_TTABLE || t == LUA_TUSERDATA ? lua_topointer(L, -1) : NULL;
}

/* Moves the runs out of the C stack's LOCAL_RUNS into the room (runroom) for every run still
** possible (r so far, one an entry from entry i on), put below the definitions. */
static void more_runs(lua_State *L, deck *d, int r, int i) {
  int need = r + d->n - i + 1;
  runroom *room = NULL;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &ROOM_KEY) == LUA_TUSERDATA) room = lua_touserdata(L, -1);
  if (!room || room->busy || room->cap < need) {
    lua_pop(L, 1);
    if (need < 2 * LOCAL_RUNS) need = 2 * LOCAL_RUNS;   /* (a few decks' sizes with one block) */
    room = arb_newudatan(L, sizeof(runroom) + sizeof(run) * (size_t)need, 0);
    room->cap = need;
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &ROOM_KEY);
  }
  room->busy = 1;
  memcpy(room->runs, d->runs, sizeof(run) * (size_t)r);
  lua_insert(L, d->first);
  d->first++;
  d->runs = room->runs;
  d->room = room;
}

/* The earlier run of run r's definition (the same table), or -1: a deck list's copies that
** aren't together (a random deck's lands, Mountain, Forest, Mountain...) are read once. */
static int read_before(const deck *d, int r) {
  int j;
  for (j = 0; j < r; j++) if (d->runs[j].def == d->runs[r].def) return j;
  return -1;
}

/* Reads the runs, each entry read (and unshielded) once, each definition once; the stack then holds each run's
** definition, from d->first. */
static void read_deck(lua_State *L, deck *d, run *local) {
  int i, j, r = -1, nstrings = arb_nstrings(d->w.lg->g), rc;
  const void *prev = NULL, *at;
  d->runs = local;
  d->room = NULL;
  d->first = lua_gettop(L) + 1;
  for (i = 1; i <= d->n; i++) {
    if ((at = entry_at(L, i)) != NULL && at == prev) { lua_pop(L, 1); d->runs[r].count++; continue; }
    prev = at;
    luaL_checkstack(L, LUA_MINSTACK, "deck too large");   /* a run's definition stays */
    push_entry(L);
    if (r >= 0 && lua_rawequal(L, -1, -2)) { lua_pop(L, 1); d->runs[r].count++; continue; }
    if (++r == LOCAL_RUNS) more_runs(L, d, r, i);
    d->runs[r].count = 1;
    if ((d->runs[r].def = lua_type(L, -1) == LUA_TTABLE ? lua_topointer(L, -1) : NULL) != NULL &&
        (j = read_before(d, r)) >= 0) {     /* read for an earlier run: nothing ran since */
      d->runs[r].proto = d->runs[j].proto;
      d->runs[r].has = d->runs[j].has;
      continue;
    }
    if ((rc = lua_type(L, -1) != LUA_TTABLE ? not_a_table(L) : READ_OK) || (rc = read_def(L, &d->w, lua_gettop(L), &d->runs[r].proto)))
      read_failed(L, &d->w, nstrings, rc, 3, i);
    d->runs[r].has = read_hooks(L, &d->w, lua_gettop(L));
  }
  d->nruns = r + 1;
}

static int g_create_deck(lua_State *L) {
  deck d;
  run local[LOCAL_RUNS];
  size_t room;
  int n;
  d.w.lg = arb_l_checkgame(L, 1);
  d.w.owner = arb_l_checkplayer(L, 2, d.w.lg);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 4);
  lua_pushlightuserdata(L, &d);             /* 5 */
  lua_pushvalue(L, lua_upvalueindex(2));    /* 6 */
  d.w.keys = 6;
  if (!lua_isnil(L, 4)) {
    luaL_checktype(L, 4, LUA_TTABLE);
    if (arb_lc_getkey(L, &d.w, 4, K_OWNER) != LUA_TNIL)
      luaL_argerror(L, 4, "owner: the owner is the first argument");
    lua_pop(L, 1);
  }
  read_place(L, 4, 4, &d.w);
  d.w.zone = arb_zone_id(d.w.lg->g, d.w.owner, d.w.kind);
  d.n = (int)lua_rawlen(L, 3);
  read_deck(L, &d, local);
  room = arb_journal_room(d.w.lg->g);
  n = arb_l_guarded(L, d.w.lg, deck_body);
  if (d.room) d.room->busy = 0;             /* (still in the registry, or replaced meanwhile) */
  arb_journal_trim(d.w.lg->g, room);        /* a deck's journal isn't kept (the memory target) */
  return n;
}

static const luaL_Reg create_methods[] = {
  {"create", g_create}, {"create_deck", g_create_deck}, {"create_token", arb_l_create_token},
  {"_create_nowhere", g_create_nowhere},
  {NULL, NULL}
};

/* Registers the methods with upvalue 1 the Game metatable (arb_l_testgame), 2 the keys. */
int arb_l_create_open(lua_State *L) {
  int i;
  luaL_getmetatable(L, GAME_MT);
  lua_getfield(L, -1, "methods");
  lua_pushvalue(L, -2);
  lua_createtable(L, (int)(sizeof key_names / sizeof *key_names) - 1, 0);
  for (i = 0; key_names[i]; i++) {
    lua_pushstring(L, key_names[i]);
    lua_rawseti(L, -2, i + 1);
  }
  luaL_setfuncs(L, create_methods, 2);
  lua_getfield(L, LUA_REGISTRYINDEX, GAME_INTERNAL);   /* the underscore name: off the games */
  lua_getfield(L, -2, "_create_nowhere");
  lua_setfield(L, -2, "_create_nowhere");
  lua_pop(L, 1);
  lua_pushnil(L);
  lua_setfield(L, -2, "_create_nowhere");
  lua_pop(L, 2);
  return 0;
}
