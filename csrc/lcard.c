/*
** lcard.c — methods and fields of Card, Player and Zone proxies.
** Unknown card fields fall back to the card's definition table, so a
** script can keep its own data there (c.subtypes, c.my_counter_rule).
*/
#include <string.h>
#include "lbind.h"


/* The card at idx when it is a live card of a live game: else NULL, and the
** caller's full checks give their messages. */
arb_card *arb_l_livecard(lua_State *L, int idx, lgame **lgp) {
  lproxy *p = arb_l_own_proxy(L, idx, 0);
  if (p && !p->gone && p->lg->g) {
    arb_card *c = arb_card_get(p->lg->g, p->id);
    if (c && c->zone >= 0) {
      if (lgp) *lgp = p->lg;
      arb_chars_depend_card(p->lg->g, c);   /* a predicate reading a card elsewhere */
      return c;
    }
  }
  return NULL;
}

static arb_card *tocard(lua_State *L, int idx, lgame **lgp) {
  arb_card *c = arb_l_livecard(L, idx, lgp);
  lgame *lg;
  int id;
  if (c) return c;
  id = arb_l_checkcard(L, idx, NULL);        /* a card first, then its game (the messages) */
  lg = arb_l_ownergame(L, idx);
  if (lgp) *lgp = lg;
  return arb_card_get(lg->g, id);
}

static void check_ability(lua_State *L, lgame *lg, int idx, int *kind, int *param) {
  size_t len;
  const char *s = luaL_checklstring(L, idx, &len);
  if (arb_ability_parse(lg->g, s, len, kind, param) != 0)
    luaL_argerror(L, idx, lua_pushfstring(L, "unknown ability '%s'", s));
}

static int c_count(lua_State *L) {
  lgame *lg;
  arb_card *c = tocard(L, 1, &lg);
  int kind, param;
  check_ability(L, lg, 2, &kind, &param);
  if (!arb_chars_fresh(lg->g)) c = arb_l_chars(L, lg, c);
  arb_chars_depend(lg->g, ARB_DEP_R_ABIL);     /* a predicate read abilities (418.5c) */
  lua_pushinteger(L, arb_card_count(c, kind, param));
  return 1;
}

static int c_has(lua_State *L) {
  c_count(L);
  lua_pushboolean(L, lua_tointeger(L, -1) > 0);
  return 1;
}

/* c:grant(ability[, n]) / c:revoke(ability): continuous effects on this card
** (static.c), until removed; revoke removes every instance it has then, printed
** or granted by earlier effects (a later grant adds again: timestamp order). */
static int grant_fn(arb_game *g, arb_l_call *c) {
  return arb_grant(g, c->a, c->b, c->c, c->d, -1, &c->out);
}

static int c_grant(lua_State *L) {
  lgame *lg;
  arb_card *c = tocard(L, 1, &lg);
  arb_l_call call = {.fn = grant_fn};
  int kind, param, n = lua_isnoneornil(L, 3) ? 1 : arb_l_checkint(L, 3, 3, "count");
  check_ability(L, lg, 2, &kind, &param);
  luaL_argcheck(L, n >= 1 && n <= 1000, 3, "count must be 1 to 1000");
  call.a = c->id; call.b = kind; call.c = param; call.d = n;
  arb_l_core(L, lg, &call);
  lua_settop(L, 1);
  return 1;
}

static int c_revoke(lua_State *L) {
  lgame *lg;
  arb_card *c = tocard(L, 1, &lg);
  arb_l_call call = {.fn = grant_fn};
  int kind, param;
  check_ability(L, lg, 2, &kind, &param);
  call.a = c->id; call.b = kind; call.c = param; call.d = 0;
  arb_l_core(L, lg, &call);
  lua_settop(L, 1);
  return 1;
}

static int tap_body(lua_State *L, int tapped) {
  lgame *lg;
  arb_card *c = tocard(L, 1, &lg);
  int rc;
  if (arb_zone_get(lg->g, c->zone)->kind != ARB_BATTLEFIELD)   /* only permanents tap */
    return luaL_error(L, "%s: %s#%d is in the %s, not on the battlefield", tapped ? "tap" : "untap",
                      arb_str(lg->g, c->name), (int)c->id,
                      arb_zone_kind_name(arb_zone_get(lg->g, c->zone)->kind));
  rc = arb_tap(lg->g, c->id, tapped);
  if (rc) return arb_l_fail(L, lg, rc);
  lua_settop(L, 1);
  return 1;
}
static int tap1(lua_State *L) { return tap_body(L, 1); }
static int untap1(lua_State *L) { return tap_body(L, 0); }
static int guard_tap(lua_State *L, lua_CFunction body) {
  lgame *lg;
  tocard(L, 1, &lg);
  lua_settop(L, 1);
  return arb_l_guarded(L, lg, body);
}
static int c_tap(lua_State *L) { return guard_tap(L, tap1); }
static int c_untap(lua_State *L) { return guard_tap(L, untap1); }

static int c_abilities(lua_State *L) {
  lgame *lg;
  arb_card *c = tocard(L, 1, &lg);
  int i, k, n = 0;
  char buf[96];
  if (!arb_chars_fresh(lg->g)) c = arb_l_chars(L, lg, c);
  arb_chars_depend(lg->g, ARB_DEP_R_ABIL);
  lua_newtable(L);
  for (i = 0; i < c->nabil; i++)
    for (k = 0; k < c->abil[i].count && c->abil[i].kind != ARB_AB_EXCEPT; k++) {   /* a mark */
      arb_ability_name(lg->g, c->abil[i].kind, c->abil[i].param, buf, sizeof buf);
      lua_pushstring(L, buf);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

/* c:text_words() -> the color words and basic land types its text holds now (its definition's
** words and its printed keywords' parameters, after text-changing effects: text.c), in the order
** white, blue, black, red, green, Plains, Island, Swamp, Mountain, Forest */
static int c_text_words(lua_State *L) {
  lgame *lg;
  arb_card *c = tocard(L, 1, &lg);
  unsigned has;
  int i, n = 0;
  if (!arb_chars_fresh(lg->g)) c = arb_l_chars(L, lg, c);
  arb_chars_depend(lg->g, ARB_DEP_R_ABIL);
  has = arb_text_words(lg->g, c);
  lua_newtable(L);
  for (i = 0; i < ARB_NWORDS; i++)
    if ((has >> i) & 1) {
      lua_pushstring(L, arb_word_name(i));
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

static const luaL_Reg card_methods[] = {
  {"has", c_has}, {"count", c_count}, {"grant", c_grant}, {"revoke", c_revoke},
  {"tap", c_tap}, {"untap", c_untap}, {"abilities", c_abilities}, {"text_words", c_text_words}, {NULL, NULL}
};

/* A card's fields by code (card_field_of). */
enum {
  CF_ID, CF_NAME, CF_OWNER, CF_CONTROLLER, CF_ZONE, CF_TAPPED, CF_POWER, CF_TOUGHNESS,
  CF_DAMAGE, CF_SICK, CF_ATTACKING, CF_BLOCKED, CF_BLOCKING, CF_DEFINITION, CF_ATTACHED_TO, CF_TOKEN, CF_FACEDOWN,
  CF_WORDS,
  CF_N
};
static const char *const card_fields[CF_N + 1] = {
  [CF_ID] = "id", [CF_NAME] = "name", [CF_OWNER] = "owner", [CF_CONTROLLER] = "controller",
  [CF_ZONE] = "zone", [CF_TAPPED] = "tapped", [CF_POWER] = "power", [CF_TOUGHNESS] = "toughness",
  [CF_DAMAGE] = "damage", [CF_SICK] = "sick", [CF_ATTACKING] = "attacking", [CF_BLOCKED] = "blocked",
  [CF_BLOCKING] = "blocking",
  [CF_DEFINITION] = "definition", [CF_ATTACHED_TO] = "attached_to", [CF_TOKEN] = "token",
  [CF_FACEDOWN] = "face_down", [CF_WORDS] = "words", [CF_N] = NULL
};

/* Pushes card c's definition from env.defs (at index defs) and returns its type: its own, or
** while it is face down the face-down 2/2's (504.1: registry["arbiter.face_down"], set by
** lua/arbiter/face_down.lua), so that everything read through the definition -- the fields a
** card falls back to, its activated abilities, the combat solver's functions (lcombat_solve.c)
** -- is the face-down permanent's; a copy's is the copied card's (503). */
int arb_l_pushdef(lua_State *L, int defs, const arb_game *g, const arb_card *c) {
  if (c->facedown) return lua_getfield(L, LUA_REGISTRYINDEX, "arbiter.face_down");
  return lua_rawgeti(L, defs, arb_card_printed(g, c->id));   /* a copy's: the copied card's (503) */
}

/* Pushes the card's definition (the game on top; env and env.defs left below it). */
static void push_definition(lua_State *L, lgame *lg, const arb_card *c) {
  arb_l_env(L, -1);
  lua_getfield(L, -1, "defs");
  arb_l_pushdef(L, -1, lg->g, c);
}

/* Whether no text-changing effect changed any word of c's text (418.5a layer 3). */
static int text_unchanged(const arb_card *c) {
  int i;
  for (i = 0; i < ARB_NWORDS; i++)
    if (arb_text_word(c, i) != i) return 0;
  return 1;
}

/* c.words: its definition's words (a copy's: the copied card's) as text-changing effects left
** them (418.5a layer 3, text.c); nil without words. With its text unchanged (nearly always),
** the definition's own table (read-only to scripts, as c.definition is: arbiter.card checked
** that it names only the words themselves), not a copy: static predicates (Crusade, Kormus Bell)
** read it for each card at every recomputation. Changed: a new table {role = word}. */
static void push_words(lua_State *L, lgame *lg, const arb_card *c) {
  push_definition(L, lg, c);
  if (!lua_istable(L, -1)) return;
  lua_getfield(L, -1, "words");
  if (!lua_istable(L, -1)) return;
  if (text_unchanged(c)) { arb_l_shield(L, -1); return; }
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, -3)) {
    size_t n = 0;
    const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : NULL;
    int i = s ? arb_word_index(s, n) : -1;
    lua_pushvalue(L, -2);
    if (i >= 0) lua_pushstring(L, arb_word_name(arb_text_word(c, i)));
    else lua_pushvalue(L, -2);
    lua_rawset(L, -5);
    lua_pop(L, 1);
  }
}

static int card_field(lua_State *L, lgame *lg, arb_card *c, int f) {
  /* current characteristics: from the layers, recomputed only after a change */
  if ((f == CF_CONTROLLER || f == CF_POWER || f == CF_TOUGHNESS || f == CF_SICK || f == CF_NAME ||
       f == CF_DEFINITION || f == CF_WORDS) && !arb_chars_fresh(lg->g)) {
    lua_pop(L, 1);
    c = arb_l_chars(L, lg, c);
    arb_getuv(L, 1);
  }
  if (f == CF_CONTROLLER) arb_chars_depend(lg->g, ARB_DEP_R_CONTROL);   /* 418.5c: characteristics */
  if (f == CF_WORDS) arb_chars_depend(lg->g, ARB_DEP_R_ABIL);
  if (f == CF_POWER || f == CF_TOUGHNESS) arb_chars_depend(lg->g, ARB_DEP_R_PT);
  if (f == CF_TAPPED || (f >= CF_DAMAGE && f <= CF_BLOCKING)) {   /* what a predicate may read (characteristics.c) */
    static const int dep[] = {ARB_DEP_DAMAGE, ARB_DEP_SICK, ARB_DEP_COMBAT, ARB_DEP_COMBAT, ARB_DEP_COMBAT};
    arb_chars_depend(lg->g, f == CF_TAPPED ? ARB_DEP_TAPPED : dep[f - CF_DAMAGE]);
  }
  switch (f) {
  case CF_ID: lua_pushinteger(L, c->id); break;
  case CF_NAME: if (c->facedown) lua_pushnil(L); else lua_pushstring(L, arb_str(lg->g, c->name)); break;
  case CF_OWNER: arb_l_pushplayer(L, -1, c->owner); break;
  case CF_CONTROLLER: arb_l_pushplayer(L, -1, c->controller); break;
  case CF_ZONE: lua_pushstring(L, arb_zone_kind_name(arb_zone_get(lg->g, c->zone)->kind)); break;
  case CF_TAPPED: lua_pushboolean(L, c->tapped); break;
  case CF_POWER: lua_pushinteger(L, arb_card_power(c)); break;
  case CF_TOUGHNESS: lua_pushinteger(L, arb_card_toughness(c)); break;
  case CF_DAMAGE: lua_pushinteger(L, c->damage); break;
  case CF_SICK: lua_pushboolean(L, arb_card_sick(c)); break;   /* 212.3d: a control change too */
  case CF_ATTACKING: lua_pushboolean(L, c->attacking >= 0); break;
  case CF_BLOCKED: lua_pushboolean(L, c->blocked); break;
  case CF_BLOCKING: lua_pushboolean(L, c->blocking > 0); break;   /* a blocker of g:blocks() */
  case CF_DEFINITION: push_definition(L, lg, c); arb_l_shield(L, -1); break;   /* a copy's: 503 */
  case CF_ATTACHED_TO: {   /* an Aura: the permanent it is attached to, while it is the same object */
    arb_card *t = c->attached_to >= 0 ? arb_card_get(lg->g, c->attached_to) : NULL;
    arb_l_pushcard(L, -1, t && t->ts == c->attached_ts ? t->id : -1);
    break;
  }
  case CF_TOKEN: lua_pushboolean(L, c->token != 0); break;   /* 216 */
  case CF_FACEDOWN: lua_pushboolean(L, c->facedown != 0); break;   /* 504 */
  case CF_WORDS: push_words(L, lg, c); break;
  }
  return 1;
}

/* A card field's code + 1 by its name, 0 for any other name: the one candidate of its length and
** first byte, then the rest compared (no Lua call: two table look-ups, a method's then a field's,
** cost four times as much in every predicate's c.controller, c.tapped, aura.attached_to; a scan
** of the 18 names was ~100 instructions of each read). No method has a field's name; a new
** field needs its case here (spec/card_fields_spec.lua reads each one). */
static int card_field_of(const char *k, size_t n) {
  int f;
  switch (n) {
  case 2: f = CF_ID; break;
  case 4: f = k[0] == 'n' ? CF_NAME : k[0] == 'z' ? CF_ZONE : CF_SICK; break;
  case 5: f = k[0] == 'o' ? CF_OWNER : k[0] == 'p' ? CF_POWER : k[0] == 't' ? CF_TOKEN : CF_WORDS; break;
  case 6: f = k[0] == 't' ? CF_TAPPED : CF_DAMAGE; break;
  case 7: f = CF_BLOCKED; break;
  case 8: f = CF_BLOCKING; break;
  case 9: f = k[0] == 't' ? CF_TOUGHNESS : k[0] == 'a' ? CF_ATTACKING : CF_FACEDOWN; break;
  case 10: f = k[0] == 'c' ? CF_CONTROLLER : CF_DEFINITION; break;
  case 11: f = CF_ATTACHED_TO; break;
  default: return 0;
  }
  return memcmp(card_fields[f], k, n) == 0 ? f + 1 : 0;
}

static int card_index(lua_State *L) {
  lgame *lg;
  arb_card *c;
  const char *k;
  size_t n = 0;
  int f = 0;
  if (lua_type(L, 2) == LUA_TSTRING) {
    k = lua_tolstring(L, 2, &n);
    f = card_field_of(k, n);
  }
  if (f) {
    c = tocard(L, 1, &lg);
    arb_getuv(L, 1);                       /* -1: the game, for pushes */
    return card_field(L, lg, c, f - 1);
  }
  /* a method next: it checks its card when called (c:is in every predicate reads no card here) */
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  c = tocard(L, 1, &lg);
  k = luaL_checkstring(L, 2);
  arb_getuv(L, 1);                         /* -1: the game, for pushes */
  if (!arb_chars_fresh(lg->g)) {          /* the definition's fields: a copy's are the copied card's (503) */
    lua_pop(L, 1);
    c = arb_l_chars(L, lg, c);
    arb_getuv(L, 1);
  }
  push_definition(L, lg, c);
  if (!lua_istable(L, -1)) return 0;
  lua_getfield(L, -1, k);
  arb_l_shield(L, -1);                     /* a definition's tables are read-only to scripts */
  return 1;
}

static int card_tostring(lua_State *L) {
  lproxy *p = luaL_checkudata(L, 1, CARD_MT);
  lgame *lg = arb_l_ownergame(L, 1);
  arb_card *c = p->gone ? NULL : arb_card_get(lg->g, p->id);
  if (!c) lua_pushfstring(L, "card#%d (gone)", p->id);
  else lua_pushfstring(L, "%s#%d", c->facedown ? "face-down" : arb_str(lg->g, c->name), (int)c->id);
  return 1;
}

/* ---- players ---- */

enum { PF_INDEX, PF_LIFE, PF_LOST, PF_TEAM, PF_LIBRARY, PF_HAND, PF_GRAVEYARD, PF_ANTE, PF_MANA, PF_DRAWS, PF_N };
static const char *const player_fields[PF_N + 1] = {
  [PF_INDEX] = "index", [PF_LIFE] = "life", [PF_LOST] = "lost", [PF_TEAM] = "team",
  [PF_LIBRARY] = "library", [PF_HAND] = "hand", [PF_GRAVEYARD] = "graveyard", [PF_ANTE] = "ante", [PF_MANA] = "mana",
  [PF_DRAWS] = "draws_this_turn", [PF_N] = NULL
};

/* A player field's code by its name, -1 for any other name: as card_field_of (field_code's table
** look-up was ~150 instructions of each p.life, p.hand; spec/card_fields_spec.lua). */
static int player_field_of(const char *k, size_t n) {
  int f;
  switch (n) {
  case 4:
    f = k[0] == 'l' ? (k[1] == 'i' ? PF_LIFE : PF_LOST) : k[0] == 't' ? PF_TEAM : k[0] == 'h' ? PF_HAND
      : k[0] == 'a' ? PF_ANTE : PF_MANA;
    break;
  case 5: f = PF_INDEX; break;
  case 7: f = PF_LIBRARY; break;
  case 9: f = PF_GRAVEYARD; break;
  case 15: f = PF_DRAWS; break;
  default: return -1;
  }
  return memcmp(player_fields[f], k, n) == 0 ? f : -1;
}

static int player_index(lua_State *L) {
  lproxy *own = arb_l_own_proxy(L, 1, 1);
  lgame *lg;
  int p, f;
  size_t n;
  const char *k = luaL_checklstring(L, 2, &n);
  arb_player *pl;
  if (own && own->lg->g) {
    lg = own->lg;
    p = own->id;
  } else {                                 /* a player first, then its game (the messages) */
    p = arb_l_checkplayer(L, 1, NULL);
    lg = arb_l_ownergame(L, 1);
  }
  pl = arb_player_get(lg->g, p);
  arb_chars_depend(lg->g, ARB_DEP_WORLD);   /* a predicate reading a player (journal.c) */
  f = player_field_of(k, n);               /* -1: not a field */
  arb_getuv(L, 1);                         /* -1: the game */
  switch (f) {
  case PF_INDEX: lua_pushinteger(L, p + 1); break;
  case PF_LIFE: lua_pushinteger(L, arb_team_get(lg->g, pl->team)->life); break;
  case PF_LOST: lua_pushboolean(L, pl->lost); break;
  case PF_TEAM: lua_pushinteger(L, pl->team + 1); break;
  case PF_LIBRARY: arb_l_pushzone(L, -1, arb_zone_id(lg->g, p, ARB_LIBRARY)); break;
  case PF_HAND: arb_l_pushzone(L, -1, arb_zone_id(lg->g, p, ARB_HAND)); break;
  case PF_GRAVEYARD: arb_l_pushzone(L, -1, arb_zone_id(lg->g, p, ARB_GRAVEYARD)); break;
  case PF_ANTE: arb_l_pushzone(L, -1, arb_zone_id(lg->g, p, ARB_ANTE)); break;
  case PF_MANA: arb_l_pushpool(L, pl); break;     /* a fresh table each read */
  case PF_DRAWS: lua_pushinteger(L, pl->draws_this_turn); break;
  default:
    arb_l_env(L, -1);
    lua_getfield(L, -1, "players_ext");   /* name and Lua-side fields */
    lua_rawgeti(L, -1, p + 1);
    lua_getfield(L, -1, k);
  }
  return 1;
}

static int life_fn(arb_game *g, arb_l_call *c) { return arb_life_set(g, c->a, c->b); }

static int player_newindex(lua_State *L) {
  lgame *lg;
  const char *k = luaL_checkstring(L, 2);
  lua_Integer v;
  arb_l_checkplayer(L, 1, NULL);              /* a player first, then its game (the messages) */
  lg = arb_l_ownergame(L, 1);
  if (strcmp(k, "life") != 0) {
    arb_l_describe(L, 3);
    return luaL_error(L, "cannot set player field '%s' to %s: read-only (only life can be set)", k,
                      lua_tostring(L, -1));
  }
  if (!arb_l_tointeger(L, 3, &v)) {
    arb_l_describe(L, 3);
    return luaL_error(L, "bad value for life: integer expected, got %s", lua_tostring(L, -1));
  }
  if (v < -1000000000 || v > 1000000000)
    return luaL_error(L, "bad value for life: %I is out of range (-10^9 to 10^9)", v);
  {
    arb_l_call c = {.fn = life_fn};
    c.a = arb_l_checkplayer(L, 1, lg);
    c.b = (int32_t)v;
    arb_l_core(L, lg, &c);
  }
  return 0;
}

static int player_tostring(lua_State *L) {
  int p = arb_l_checkplayer(L, 1, NULL);      /* a player first, then its game (the messages) */
  lgame *lg = arb_l_ownergame(L, 1);
  arb_l_pushgame_of(L, lg);
  arb_l_env(L, -1);
  lua_getfield(L, -1, "players_ext");
  lua_rawgeti(L, -1, p + 1);
  lua_getfield(L, -1, "name");
  return 1;
}

/* ---- zones ---- */

static arb_zone *tozone(lua_State *L, int idx, lgame **lgp) {
  int z = arb_l_checkzone(L, idx, NULL);         /* a zone first, then its game */
  lgame *lg = arb_l_ownergame(L, idx);
  arb_zone *zone = arb_zone_get(lg->g, z);
  *lgp = lg;
  if (zone->kind != ARB_BATTLEFIELD) arb_chars_depend(lg->g, ARB_DEP_WORLD);   /* journal.c */
  return zone;
}

static int zone_len(lua_State *L) {
  lgame *lg;
  lua_pushinteger(L, tozone(L, 1, &lg)->n);
  return 1;
}

/* Element 1 is the top (for a library, the next card drawn). */
/* zone:cards(): a hand oldest first, as the cards were put there (a hand has
** no top: the order a player would lay them out); any other zone top first (a
** library's element 1 is its top card, a graveyard's the last card put there). */
/* The game's card proxies and the card metatable are read once for the list (arb_l_pushcard_at,
** as a deck's cards are made), not once a card (~60 instructions a card; ~40 lists a game). */
static int zone_cards(lua_State *L) {
  lgame *lg;
  arb_zone *z = tozone(L, 1, &lg);
  int i, n = z->n, hand = z->kind == ARB_HAND, gi;
  arb_l_pushgame_of(L, lg);
  gi = lua_gettop(L);
  arb_l_pushcard_tables(L, gi);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    arb_l_pushcard_at(L, gi, gi + 1, z->cards[hand ? i : n - 1 - i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int zone_top(lua_State *L) {
  lgame *lg;
  arb_zone *z = tozone(L, 1, &lg);
  arb_l_pushgame_of(L, lg);
  arb_l_pushcard(L, -1, z->n ? z->cards[z->n - 1] : -1);
  return 1;
}

static int zone_bottom(lua_State *L) {
  lgame *lg;
  arb_zone *z = tozone(L, 1, &lg);
  arb_l_pushgame_of(L, lg);
  arb_l_pushcard(L, -1, z->n ? z->cards[0] : -1);
  return 1;
}

/* internal._game._zone_keep(zone, list): each card of the array list that is no longer in this zone
** becomes false (false entries stay): the default main phase's candidates
** checked again in one call, not a c.zone read (the __index metamethod) each. */
static int zone_keep(lua_State *L) {
  lgame *lg;
  const arb_zone *z = tozone(L, 1, &lg);
  lua_Integer i, n;
  luaL_checktype(L, 2, LUA_TTABLE);
  n = (lua_Integer)lua_rawlen(L, 2);
  for (i = 1; i <= n; i++) {
    if (lua_rawgeti(L, 2, i) != LUA_TBOOLEAN) {
      int id = arb_l_toid(L, -1, lg, 0);
      const arb_card *c = id >= 0 ? arb_card_get(lg->g, id) : NULL;
      if (!c || c->zone < 0 || arb_zone_get(lg->g, c->zone) != z) {
        lua_pushboolean(L, 0);
        lua_rawseti(L, 2, i);
      }
    }
    lua_pop(L, 1);
  }
  return 0;
}

static const luaL_Reg zone_methods[] = {
  {"cards", zone_cards}, {"top", zone_top}, {"bottom", zone_bottom}, {NULL, NULL}
};

/* internal._game._zone_cards_of(zone, type) -> zone:cards() without the cards that aren't of
** card type `type` ("Creature", "Land", "Artifact", "Enchantment") by their current types (as
** c:is reads them), in the same order: a search for a target of one type (targets.lua) skips
** the others without a c.zone and a c:is call each. */
static int zone_cards_of(lua_State *L) {
  static const char *const names[] = {"Creature", "Land", "Artifact", "Enchantment", NULL};
  static const int bits[] = {ARB_T_CREATURE, ARB_T_LAND, ARB_T_ARTIFACT, ARB_T_ENCHANTMENT};
  lgame *lg;
  arb_zone *z = tozone(L, 1, &lg);
  int bit = bits[luaL_checkoption(L, 2, NULL, names)];
  int i, n, k = 0, hand;
  if (!arb_chars_fresh(lg->g)) {
    arb_l_chars(L, lg, NULL);
    z = tozone(L, 1, &lg);                 /* (read again after the refresh) */
  }
  arb_chars_depend(lg->g, ARB_DEP_R_TYPE | ARB_DEP_R_ABIL);
  n = z->n;
  hand = z->kind == ARB_HAND;
  arb_l_pushgame_of(L, lg);
  lua_newtable(L);
  for (i = 0; i < n; i++) {
    int id = z->cards[hand ? i : n - 1 - i];
    if (!(arb_card_get(lg->g, id)->types & bit)) continue;
    arb_l_pushcard(L, -2, id);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

static const luaL_Reg zone_internal[] = {{"_zone_keep", zone_keep}, {"_zone_cards_of", zone_cards_of},
                                         {NULL, NULL}};

static int zone_index(lua_State *L) {
  lgame *lg;
  arb_zone *z = tozone(L, 1, &lg);
  const char *k = luaL_checkstring(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
  arb_l_pushgame_of(L, lg);
  if (!strcmp(k, "name")) lua_pushstring(L, arb_zone_kind_name(z->kind));
  else if (!strcmp(k, "owner")) arb_l_pushplayer(L, -1, z->owner);
  else lua_pushnil(L);
  return 1;
}

static int zone_tostring(lua_State *L) {
  lgame *lg;
  arb_zone *z = tozone(L, 1, &lg);
  lua_pushfstring(L, "zone %s (%d cards)", arb_zone_kind_name(z->kind), (int)z->n);
  return 1;
}

/* c.power = 5: card fields are read-only (c:grant, g:modify, g:move... change cards). */
static int card_newindex(lua_State *L) {
  arb_l_describe(L, 1);
  if (lua_type(L, 2) == LUA_TSTRING) lua_pushfstring(L, "'%s'", lua_tostring(L, 2));
  else arb_l_describe(L, 2);
  arb_l_describe(L, 3);
  return luaL_error(L, "cannot set card field %s of %s to %s: read-only (cards change through "
                    "game and card methods)", lua_tostring(L, -2), lua_tostring(L, -3),
                    lua_tostring(L, -1));
}

static void newclass(lua_State *L, const char *mt, const luaL_Reg *methods, lua_CFunction index) {
  luaL_newmetatable(L, mt);
  lua_newtable(L);
  lua_pushvalue(L, -2);               /* methods' upvalue 1: the metatable */
  if (methods) luaL_setfuncs(L, methods, 1);
  else lua_pop(L, 1);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "methods");     /* the Lua layer may wrap them (replay) */
  lua_pushvalue(L, -2);               /* __index's upvalues: methods, the metatable (fields: by code) */
  lua_pushcclosure(L, index, 2);
  lua_setfield(L, -2, "__index");
}

int arb_l_card_open(lua_State *L) {
  newclass(L, CARD_MT, card_methods, card_index);
  lua_pushcfunction(L, card_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pushcfunction(L, card_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pop(L, 1);
  newclass(L, PLAYER_MT, NULL, player_index);
  lua_pushcfunction(L, player_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, player_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pop(L, 1);
  newclass(L, ZONE_MT, zone_methods, zone_index);
  arb_l_add_game_methods(L, zone_internal);
  lua_pushcfunction(L, zone_len);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, zone_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pop(L, 1);
  return 0;
}
