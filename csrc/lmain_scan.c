/*
** lmain_scan.c — the default main phase's candidate scan (lua/arbiter/turn.lua default_main;
** issue 28): the lands in a player's hand it may play (212.6c: a special action) and, each round,
** the spells in its hand it could cast now (405.1, 409.1) with the mana it could make, in one C
** call each, instead of a Lua call and a table field read per card.
**
** What a card is to the scan comes from its scan code (turn.lua's, from stack.lua's spell record of
** its definition: its printed types and mana cost packed in an integer, remembered here by
** definition): a land, a spell the phase offers (a permanent spell or one that does something),
** and whether more than its mana decides if it may be cast (modes, targets, a cast condition: the
** Lua layer asks those once the mana is there, but targets that are kinds by name, asked here of
** the same C search as the Lua layer's: ltargets.c) or its cost didn't fit the code (read from the
** spell record then).
** The mana is counted as the Lua round counts it (arb_mana_count, mana_choice.c: the pool plus one
** use of each source; a source with a choice of color, a dual land or Birds of Paradise, or several
** mana of one kind, Sol Ring, described by the host: turn.lua's source_code), and a spell is
** affordable by the Lua round's tests (arbiter._affordable, _can_pay's per-color bound and its
** payment's plan: mana.lua). With a source the host can't describe so (a mana ability that does
** more than add mana, has a mana cost, or Black Lotus's choice), or a plan that something watching
** the taps could change at once (a replacement or observer: a triggered ability waits for the
** stack), the Lua layer takes the round, as it does whenever a rule effect changes
** spells' costs (the caller's test) or, when a plan is needed, a triggered mana ability in force
** isn't declared (the host's answer; declared ones, g:trigger{mana = true, adds}, the plan
** counts: 406.1b). Mana the player may
** spend as another color (Sunglasses of Urza) is asked of the host when a spell's color is short
** (no rule effect: none): the payment's plan with it decides then, as in the host's round (the
** quick tests answer yes or "more than there is" alike). Each round reads what the Lua round
** read, in the same order: current characteristics, the mana, the candidates still in the hand,
** then whether the player may cast spells at all (arb_can_cast: a "can't cast" effect), so the
** options (their order and count, which the agent's answer depends on) are the same.
*/
#include <string.h>
#include "lbind.h"

/* A scan code: flags in its low 4 bits, then the cost's white, blue, black, red and green symbols
** (4 bits each) and its total (6 bits), SC_PLAIN_TARGETS in bit 30 (with SC_MORE: only its targets
** decide, each entry a kind by name): under 2^31, an integer on every Lua (turn.lua packs it). */
enum { SC_LAND = 1, SC_SPELL = 2, SC_MORE = 4, SC_BIG = 8, SC_PLAIN_TARGETS = 1 << 30 };
#define SC_COLOR(code, k) (((code) >> (4 + 4 * (k))) & 15)
#define SC_TOTAL(code) (((code) >> 24) & 63)

/* the factory's upvalues: the codes by definition (weak keys), the function giving a card's code
** (turn.lua: its spell record's, read through stack.lua's spell_of) for a definition not seen yet,
** and the string "pass" (the option that ends a round) */
#define UV_CODES lua_upvalueindex(1)
#define UV_CODE_FOR lua_upvalueindex(2)
#define UV_PASS lua_upvalueindex(3)
#define UV_SPELL_OF lua_upvalueindex(4)   /* the spell records by card (stack.lua spell_of) */
/* (a round's) the descriptions of mana sources by definition (weak keys), and the function giving
** one (turn.lua: a card, whether it is tapped -> arb_mana_count's description) */
#define UV_MCODES lua_upvalueindex(5)
#define UV_MCODE_FOR lua_upvalueindex(6)
/* (a round's) the function giving the mask of mana a player may spend as another color (g, p ->
** arb_mana_pay_simple's as: mana.lua's arbiter._mana_as_mask, rules.mana_as) */
#define UV_AS_MASK lua_upvalueindex(7)
/* (a round's) the descriptions of sources whose activated abilities an effect changed (a land
** whose land type was set or added: 212.6e), by definition (weak keys), each a table by xact_key */
#define UV_XCODES lua_upvalueindex(8)

/* The scan code of card id (its definition as c.definition reads it: env.defs at
** defs, a copy's the copied card's, a face-down card's the face-down 2/2's: lcard.c), remembered
** by definition: a card's spell record is its definition's (stack.lua spell_of). A card's
** printed definition is the one written when it was made (lcreate.c create_one, which forgets
** its id's code: a failed action's card id made again is a new card), so its code is also kept
** by printed id in the game (lg->scodes): a hand is read at every main phase, and a table
** lookup keyed by the definition costs ~200 instructions a card (issue 28). */
static int32_t code_by_def(lua_State *L, lgame *lg, int defs, int tables, int id) {
  lua_Integer v;
  int ok;
  arb_l_pushdef(L, defs, lg->g, arb_card_get(lg->g, id));
  lua_pushvalue(L, -1);
  if (lua_rawget(L, UV_CODES) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_pushvalue(L, UV_CODE_FOR);
    arb_l_pushcard_at(L, 1, tables, id);
    lua_call(L, 1, 1);
    lua_pushvalue(L, -2);
    lua_pushvalue(L, -2);
    lua_rawset(L, UV_CODES);
  }
  v = lua_tointegerx(L, -1, &ok);
  lua_pop(L, 2);
  if (!ok || v < 0 || v > INT32_MAX) luaL_error(L, "main phase scan: a card without a scan code");
  return (int32_t)v;
}

/* room for the code of printed id pid in lg->scodes (grown to the game's cards, new entries
** -1); 0: no memory (the code is not kept) */
static int scodes_room(lgame *lg, int pid) {
  int n = lg->nscodes, cards = arb_ncards(lg->g), want = cards > pid ? cards : pid + 1;
  int32_t *p;
  if (pid < n) return 1;
  if (want < 64) want = 64;
  p = arb_l_alloc(lg->mem, lg->scodes, (size_t)n * sizeof *p, (size_t)want * sizeof *p);
  if (!p) return 0;
  memset(p + n, 0xff, (size_t)(want - n) * sizeof *p);   /* -1: not known */
  lg->scodes = p;
  lg->nscodes = want;
  return 1;
}

/* (*defs: where env.defs is on the stack, 0 until a code not kept needs it: pushed then) */
static int32_t code_of(lua_State *L, lgame *lg, int *defs, int tables, int id) {
  const arb_card *c = arb_card_get(lg->g, id);
  int pid = c->facedown ? -1 : arb_card_printed(lg->g, id);   /* (face down: the 2/2's, not kept) */
  int32_t code;
  if (pid >= 0 && pid < lg->nscodes && lg->scodes[pid] >= 0) return lg->scodes[pid];
  /* A land (its definition's printed types: the printed card's base ones, as lcreate.c read
  ** them) is played, never cast (212.6): only SC_LAND of its code is read, and no spell record
  ** is built for it (a Lua call, ~13 K the first time a definition is seen). */
  if (pid >= 0 && (arb_card_get(lg->g, pid)->btypes & ARB_T_LAND)) code = SC_LAND;
  else {
    if (!*defs) {
      arb_l_env(L, 1);
      lua_getfield(L, -1, "defs");
      *defs = lua_gettop(L);
    }
    code = code_by_def(L, lg, *defs, tables, id);
  }
  if (pid >= 0 && scodes_room(lg, pid)) lg->scodes[pid] = code;
  return code;
}

void arb_l_scan_forget(lgame *lg, int id) {
  if (id >= 0 && id < lg->nscodes) lg->scodes[id] = -1;
}

void arb_l_scan_free(lgame *lg) {
  if (lg->scodes) arb_l_alloc(lg->mem, lg->scodes, (size_t)lg->nscodes * sizeof *lg->scodes, 0);
  lg->scodes = NULL;
  lg->nscodes = 0;
}

/* A room for n int32 values: buf when it is large enough, else a userdata left on the stack. */
static int32_t *room(lua_State *L, int32_t *buf, int cap, int n) {
  if (n <= cap) return buf;
  return lua_newuserdatauv(L, (size_t)n * sizeof(int32_t), 0);
}

#define HAND_CAP 32

/* hand(g, p, one) -> lands, start, n: p's hand read once for the phase, in hand order (as
** zone:cards() reads it): lands, the lands' options with "pass" after them (nil: none, or one is
** true and p played a land this turn: one land a turn, 212.6c); start, the phase's candidates
** (nil: none): the spells the phase offers are those its hand held now, the last timestamp given
** (arb_last_ts), n of them. A card that changes zones is a new object with a new timestamp
** (217.1c): one still in the hand with a timestamp up to start never left it (one drawn, or back
** in the hand, during the phase is not offered), and no Lua table carries the candidates from
** round to round (issue 28: ~2 K instructions a phase). */
static int scan_hand(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  const arb_zone *z;
  int32_t ids_buf[HAND_CAP], *ids;
  int i, n, nl = 0, nc = 0, tables, defs = 0, k;
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* definitions: a copy's (503), as c.definition */
  z = arb_zone_get(lg->g, arb_zone_id(lg->g, p, ARB_HAND));
  n = z->n;
  ids = room(L, ids_buf, HAND_CAP, n);
  for (i = 0; i < n; i++) ids[i] = z->cards[i];   /* (a new code's function runs Lua: copied first) */
  arb_l_pushcard_tables(L, 1);
  tables = lua_gettop(L) - 1;
  for (i = 0; i < n; i++) {
    int32_t code = code_of(L, lg, &defs, tables, ids[i]);
    if (code & SC_LAND) nl++;
    else {
      if (code & SC_SPELL) nc++;
      ids[i] = -1;                          /* (not a land) */
    }
  }
  if (nl == 0 || (lua_toboolean(L, 3) && arb_player_get(lg->g, p)->lands_played >= 1)) lua_pushnil(L);
  else {
    lua_createtable(L, nl + 1, 0);
    for (i = 0, k = 0; i < n; i++) {
      if (ids[i] < 0) continue;
      arb_l_pushcard_at(L, 1, tables, ids[i]);
      lua_rawseti(L, -2, ++k);
    }
    lua_pushvalue(L, UV_PASS);
    lua_rawseti(L, -2, nl + 1);
  }
  if (nc == 0) lua_pushnil(L);
  else lua_pushinteger(L, arb_last_ts(lg->g));
  lua_pushinteger(L, nc);
  return 3;
}

/* The phase's candidates still in p's hand (scan_hand: the spells in it with a timestamp up to
** start), in hand order: their ids into ids and codes into codes (room for the hand's cards);
** returns how many. *defs and tables as code_of's. */
static int candidates(lua_State *L, lgame *lg, int p, int32_t start, int *defs, int tables,
                      int32_t *ids, int32_t *codes) {
  const arb_zone *z = arb_zone_get(lg->g, arb_zone_id(lg->g, p, ARB_HAND));
  int i, n = z->n, k = 0;
  for (i = 0; i < n; i++) ids[i] = z->cards[i];   /* (a new code's function runs Lua: copied first) */
  for (i = 0; i < n; i++) {
    int32_t code;
    if (arb_card_get(lg->g, ids[i])->ts > start) continue;
    code = code_of(L, lg, defs, tables, ids[i]);
    if ((code & (SC_LAND | SC_SPELL)) != SC_SPELL) continue;
    ids[k] = ids[i];
    codes[k++] = code;
  }
  return k;
}

static int32_t check_start(lua_State *L, int idx) {
  lua_Integer v = luaL_checkinteger(L, idx);
  return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

/* cands(g, p, start) -> cands, n: the phase's candidates still in p's hand (the Lua round's,
** turn.lua), an array */
static int scan_cands(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  int32_t start = check_start(L, 3), ids_buf[HAND_CAP], codes_buf[HAND_CAP], *ids, *codes;
  int i, n, defs = 0, tables, nh = arb_zone_get(lg->g, arb_zone_id(lg->g, p, ARB_HAND))->n;
  ids = room(L, ids_buf, HAND_CAP, nh);
  codes = room(L, codes_buf, HAND_CAP, nh);
  arb_l_pushcard_tables(L, 1);
  tables = lua_gettop(L) - 1;
  n = candidates(L, lg, p, start, &defs, tables, ids, codes);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    arb_l_pushcard_at(L, 1, tables, ids[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_pushinteger(L, n);
  return 2;
}

static int cast_fn(arb_game *g, arb_l_call *c) { return arb_can_cast(g, c->a, &c->out); }

/* the cost of the card at idx as its spell record has it (a code with SC_BIG): total and the five
** colors, each capped at INT32_MAX (no count of mana is larger) */
static void big_cost(lua_State *L, int idx, lua_Integer *cost) {
  static const char *const fields[] = {"total", "white", "blue", "black", "red", "green"};
  int k;
  lua_pushvalue(L, idx);
  lua_gettable(L, UV_SPELL_OF);
  lua_getfield(L, -1, "cost");
  for (k = 0; k < 6; k++) {
    lua_Number v;
    lua_getfield(L, -1, fields[k]);
    v = lua_tonumber(L, -1);
    cost[k] = v > INT32_MAX ? INT32_MAX : (lua_Integer)v;
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
}

/* The mask of mana p may spend as another color (rules.mana_as: Sunglasses of Urza), 0 without
** a rule effect (the host's function asked only with one: the round's argument 5 is the game's
** env.rule_effects, which nothing the round asks changes; no env lookup a round) */
static uint32_t as_mask(lua_State *L) {
  lua_Integer v;
  if (lua_isnil(L, 5)) return 0;
  lua_pushvalue(L, UV_AS_MASK);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);                     /* (the round's player) */
  lua_call(L, 2, 1);                       /* (it reads the game, changes nothing) */
  v = lua_tointeger(L, -1);
  lua_pop(L, 1);
  return (uint32_t)v;
}

/* Could the mana m pay the cost of the card at idx with the given code (X 0)? The host's round's
** tests (arb_mana_affords, then the payment's plan: arb_mana_plan). A color short with the total
** there: mana p may spend as another color may pay it (read then, once a round: *as_read), and
** the plan decides. -1: only trying the payment could tell (something watches its taps and mana:
** *watched, -1 until asked; a triggered ability that isn't a mana ability waits for the stack,
** leaving the payment's mana to the plan: arb_mana_watched_now, 410.3-410.4): the Lua round, as
** with a converter (Celestial Prism) where a color is left short or mana may be spent as another
** color (the host tries the payment). live: triggered mana abilities are in force, all
** declared (m->extra; live 2: not asked yet, -2 then): the count's quick test
** (arbiter._affordable), else the plan with their mana and any mana p may spend as another
** color, as the payment tried by arbiter._can_pay spends it (406.1b: the count is no bound then). */
static int affordable(lua_State *L, lgame *lg, int idx, int32_t code, arb_mana_counted *m,
                      int *watched, int *as_read, int live) {
  lua_Integer cost[6];
  int64_t c64[6];
  int k, r;
  if (code & SC_BIG) big_cost(L, idx, cost);
  else {
    cost[0] = SC_TOTAL(code);
    for (k = 0; k < 5; k++) cost[k + 1] = SC_COLOR(code, k);
  }
  for (k = 0; k < 6; k++) c64[k] = cost[k];
  r = arb_mana_affords(m, c64);
  if (live) {                             /* (no bound: the triggers add mana) */
    if (r == 1) return 1;
    if (m->conv) return -1;
    if (live == 2) return -2;              /* (their mana not asked yet) */
    if (!*as_read) *as_read = 1, m->as = as_mask(L);   /* (the quick test above without it) */
    return arb_mana_plan(m, c64);
  }
  if (r != 1 && c64[0] <= m->total && !*as_read) {
    *as_read = 1;
    if ((m->as = as_mask(L))) r = arb_mana_affords(m, c64);
  }
  if (r >= 0) return r;
  if (m->conv && m->as) return -1;       /* (a converter and mana spent as another color: tried) */
  if (*watched < 0) *watched = arb_mana_watched_now(lg->g);
  return *watched ? -1 : arb_mana_plan(m, c64);
}

#define MAXSRC 64
#define MORE_BITS 52                       /* (a round's more mask: bits exact in a double) */

/* The key a changed card's description is remembered by under its definition, or -1 (asked of
** the host each time): the host's list of its mana abilities (lua/arbiter/mana.lua, abilities)
** is then its definition's made over by its marks (c->xact) and its basic land types in order
** (212.6e), the list it keeps by those, unless an effect grants it abilities (a new list at each
** read); tapped, the description is of what it can play tapped. Marks in bits 0-3, tapped bit 4,
** then each basic land type (1..5, W U B R G's) in 3 bits, in the card's subtype order. */
static const char *const basic_types[] = {"Plains", "Island", "Swamp", "Mountain", "Forest", NULL};
static lua_Integer xact_key(const arb_game *g, const arb_card *c, int tapped) {
  lua_Integer key = (c->xact & 15) | (tapped ? 16 : 0);
  int i, k, shift = 5;
  for (i = 0; i < c->nabil; i++)
    if (c->abil[i].kind == ARB_AB_GRANTED && c->abil[i].count > 0) return -1;
  for (i = 0; i < c->nsub; i++) {
    const char *s = arb_str(g, c->subtypes[i]);
    for (k = 0; basic_types[k] && strcmp(basic_types[k], s); k++) {}
    if (!basic_types[k]) continue;
    key |= (lua_Integer)(k + 1) << shift;
    shift += 3;
  }
  return key;
}

/* The table of the changed descriptions of the definition at idx, pushed (made when new) */
static void push_xcodes(lua_State *L, int idx) {
  lua_pushvalue(L, idx);
  if (lua_rawget(L, UV_XCODES) != LUA_TNIL) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_pushvalue(L, idx);
  lua_pushvalue(L, -2);
  lua_rawset(L, UV_XCODES);
}

/* Whether each entry of card id's targets (its spell record's, each a kind by name) has a legal
** target: the Lua round's castable_rest -> _targets_exist, in the same C search (ltargets.c); -1
** when an entry isn't a kind by name (the Lua layer asks then) */
static int plain_targets(lua_State *L, lgame *lg, int tables, int id) {
  int r;
  arb_l_pushcard_at(L, 1, tables, id);
  lua_gettable(L, UV_SPELL_OF);
  lua_getfield(L, -1, "targets");
  r = lua_type(L, -1) == LUA_TTABLE ? arb_l_plain_targets(L, lg, lua_gettop(L), id) : -1;
  lua_pop(L, 2);
  return r;
}

/* The host's description of each of p's sources with a mana ability the core doesn't model
** (arb_mana_count), into ch (*nch of them): by definition while the card is untapped and its
** abilities are its definition's (remembered), by definition and xact_key when an effect changed
** them in a game whose host reads changed lists (env.xact_used: remembered), else asked of the
** function each time, from the battlefield's index from (the count's stop: none before it needs one).
** 0: one has none (0), or there are too many. */
static int describe_sources(lua_State *L, lgame *lg, int p, int from, int tables, arb_mana_choice *ch,
                            int *nch) {
  int i, top = lua_gettop(L), defs = 0, ok = 1, xact_used = 0;
  *nch = 0;
  const arb_zone *b = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
  for (i = from; ok && i < b->n; i++) {
    const arb_card *c = arb_card_get(lg->g, b->cards[i]);
    lua_Integer d, xkey = -1;
    int id, tapped, by_def, isnum;
    if (!c->mcomplex || c->controller != p || c->facedown) continue;
    if (c->tapped && !(c->mcomplex & ARB_MANA_UNTAPPED)) continue;   /* (only {T} ones: none now) */
    if (*nch == MAXSRC) { ok = 0; break; }
    if (!defs) {
      arb_l_env(L, 1);
      lua_getfield(L, -1, "xact_used");
      xact_used = lua_toboolean(L, -1);
      lua_getfield(L, -2, "defs");
      defs = lua_gettop(L);
    }
    id = c->id;
    tapped = c->tapped != 0;
    by_def = !tapped && !c->xact;
    if (c->xact && xact_used) xkey = xact_key(lg->g, c, tapped);
    if (xkey >= 0) {                         /* (a changed one: by definition and key) */
      arb_l_pushdef(L, defs, lg->g, c);
      push_xcodes(L, lua_gettop(L));
      lua_remove(L, -2);
      by_def = lua_rawgeti(L, -1, xkey) == LUA_TNIL ? 2 : 1;
      if (by_def == 2) lua_pop(L, 1);
    } else if (by_def) {
      arb_l_pushdef(L, defs, lg->g, c);
      lua_pushvalue(L, -1);
      if (lua_rawget(L, UV_MCODES) == LUA_TNIL) {
        lua_pop(L, 1);
        by_def = 2;                          /* (remembered once asked) */
      }
    }
    if (by_def != 1) {
      lua_pushvalue(L, UV_MCODE_FOR);
      arb_l_pushcard_at(L, 1, tables, id);
      lua_pushboolean(L, tapped);
      lua_call(L, 2, 1);                     /* (it reads the game, changes nothing) */
      b = arb_zone_get(lg->g, arb_zone_id(lg->g, -1, ARB_BATTLEFIELD));
      if (by_def == 2 && xkey >= 0) {
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, xkey);
      } else if (by_def == 2) {
        lua_pushvalue(L, -2);
        lua_pushvalue(L, -2);
        lua_rawset(L, UV_MCODES);
      }
    }
    d = lua_tointegerx(L, -1, &isnum);
    lua_pop(L, by_def ? 2 : 1);
    if (!isnum || d <= 0 || (d > ARB_MCOUNT_NONE && d != ARB_MCOUNT_CONV)) { ok = 0; break; }
    ch[*nch].card = id;
    ch[(*nch)++].code = (int32_t)d;
  }
  lua_settop(L, top);
  return ok;
}

/* The declared triggered mana abilities' mana (card id, code pairs) from the table at idx, into
** m (room from buf, 2 * HAND_CAP, else a userdata left on the stack) */
static void read_extras(lua_State *L, int idx, int32_t *buf, arb_mana_counted *m) {
  int i, nx;
  int32_t *extra;
  luaL_checktype(L, idx, LUA_TTABLE);
  nx = (int)lua_rawlen(L, idx) / 2;
  extra = room(L, buf, 2 * HAND_CAP, 2 * nx);
  for (i = 0; i < 2 * nx; i++) {
    lua_rawgeti(L, idx, i + 1);
    extra[i] = (int32_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  m->extra = extra, m->nx = nx;
}

/* (a round's, the first time a plan needs them) extra's function asked for the triggers' mana:
** 0 when it says only the Lua round can tell (nil) */
static int ask_extras(lua_State *L, int32_t *buf, arb_mana_counted *m) {
  int t;
  lua_pushvalue(L, 4);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_call(L, 2, 1);                       /* (it reads the game, changes nothing) */
  if (lua_isnil(L, -1)) return 0;
  t = lua_gettop(L);
  read_extras(L, t, buf, m);
  lua_remove(L, t);                        /* (a userdata room above it stays) */
  return 1;
}

/* round(g, p, start, extra, rules) -> options, no, more: one round of the phase with the core's mana
** count (arb_mana_count); mana p may spend as another color (rules.mana_as) is read when a color
** is short, and the payment's plan uses it (arb_mana_plan). extra: nil, or with triggered mana
** abilities in force, all declared, their mana as p's sources are tapped (card id, code pairs:
** mana.lua's declared_extras, the core's fast payment's), the plan adding it; or the function
** giving those (g, p -> pairs, or nil when only the Lua round can tell), asked only when a
** spell's quick test fails (a round whose spells it answers needs no plan). rules: the game's
** env.rule_effects (nil: none, and no mana is spent as another color). options: the
** phase's candidates still in the hand (start: scan_hand's) p could cast, in hand order (no of
** them), then "pass" when more is nil; more: the options whose modes, targets or cast condition
** the Lua layer still asks about, a mask (bit i - 1 for option i; no table a round): false when
** one is past MORE_BITS (exact in a double: Lua 5.1's numbers). Nothing: the phase ends (no
** candidate is left in the hand, p can't cast spells, or none could be cast). false: the core
** can't tell (a source the host doesn't describe; a payment's plan while something watches its
** taps and mana): the Lua layer takes the round (characteristics are current by then). */
static int scan_round(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int p = arb_l_checkplayer(L, 2, lg);
  int32_t start = check_start(L, 3), ids_buf[HAND_CAP], codes_buf[HAND_CAP], pos_buf[HAND_CAP];
  int32_t *ids, *codes, *pos, extra_buf[2 * HAND_CAP];
  int64_t more = 0;
  int i, left, no = 0, nch, watched = -1, as_read = 0, defs = 0, tables, nh, live;
  arb_mana_choice ch[MAXSRC];
  arb_mana_counted m;
  arb_l_call c = {.fn = cast_fn};
  lua_settop(L, 5);
  live = lua_isnil(L, 4) ? 0 : lua_isfunction(L, 4) ? 2 : 1;   /* (the triggers' mana: asked, given) */
  if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);   /* mana sources follow the type layer */
  arb_l_pushcard_tables(L, 1);             /* 6, 7: the card proxies (the sources', the hand's) */
  tables = 6;
  /* (the common board has no source the host describes: counted in one pass) */
  if (!arb_mana_count(lg->g, p, NULL, 0, &m)
      && (!describe_sources(L, lg, p, m.stop, tables, ch, &nch) || !arb_mana_count_on(&m, ch, nch))) {
    lua_pushboolean(L, 0);
    return 1;
  }
  m.extra = extra_buf, m.nx = 0;
  if (live == 1) read_extras(L, 4, extra_buf, &m);
  nh = arb_zone_get(lg->g, arb_zone_id(lg->g, p, ARB_HAND))->n;
  ids = room(L, ids_buf, HAND_CAP, nh);
  codes = room(L, codes_buf, HAND_CAP, nh);
  pos = room(L, pos_buf, HAND_CAP, nh);
  left = candidates(L, lg, p, start, &defs, tables, ids, codes);
  if (left == 0) return 0;
  c.a = p;
  /* 418: may p cast spells at all? (asked once a round; with no "can't cast" effect active and
  ** the characteristics current, the answer is yes without the core call: nothing to ask) */
  if (arb_chars_fresh(lg->g) && !arb_any_prohibits(lg->g, ARB_PRO_CAST)) c.out = 1;
  else arb_l_core(L, lg, &c);
  if (!c.out) return 0;
  /* the castable candidates' positions (from 1); more: those the Lua layer asks more about */
  for (i = 0; i < left; i++) {
    int r, idx = 0;
    if (codes[i] & SC_BIG) {              /* (its cost read from its spell record) */
      arb_l_pushcard_at(L, 1, tables, ids[i]);
      idx = lua_gettop(L);
    }
    r = affordable(L, lg, idx, codes[i], &m, &watched, &as_read, live);
    if (idx) lua_pop(L, 1);
    if (r == -2) {                         /* the triggers' mana, asked now: this spell again */
      if (!ask_extras(L, extra_buf, &m)) {
        lua_pushboolean(L, 0);
        return 1;
      }
      live = 1;
      i--;
      continue;
    }
    if (r < 0) {
      lua_pushboolean(L, 0);             /* the payment tried: the Lua round's */
      return 1;
    }
    if (r && (codes[i] & SC_PLAIN_TARGETS) && (r = plain_targets(L, lg, tables, ids[i])) >= 0) {
      if (r) pos[no++] = i + 1;           /* (its targets asked here: castable_rest's answer) */
      continue;
    }
    if (r && (codes[i] & SC_MORE)) {
      if (no >= MORE_BITS) {
        lua_pushboolean(L, 0);           /* (past the mask: the Lua round's) */
        return 1;
      }
      more |= (int64_t)1 << no;
    }
    if (r) pos[no++] = i + 1;
  }
  if (no == 0) return 0;
  lua_createtable(L, no + 1, 0);
  for (i = 0; i < no; i++) {
    arb_l_pushcard_at(L, 1, tables, ids[pos[i] - 1]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_pushinteger(L, no);
  if (more == 0) {
    lua_pushvalue(L, UV_PASS);
    lua_rawseti(L, -3, no + 1);
    return 2;
  }
  lua_pushnumber(L, (lua_Number)more);     /* (a float on 5.3+: turn.lua's % and / read it alike) */
  return 3;
}

/* internal._game._main_scan(spell_of, codes, code_for, mcodes, mcode_for, as_mask) -> hand, round,
** cands: the functions above with those (read once by turn.lua): the spell records by card, an
** empty weak-keyed table for the codes by definition, the function that gives a card's code, the
** same two for mana sources' descriptions (arb_mana_count), and the function giving the mask of
** mana a player may spend as another color */
static int main_scan(lua_State *L) {
  int k;
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  luaL_checktype(L, 4, LUA_TTABLE);
  luaL_checktype(L, 5, LUA_TFUNCTION);
  luaL_checktype(L, 6, LUA_TFUNCTION);
  lua_settop(L, 6);
  lua_pushliteral(L, "pass");              /* 7 */
  lua_newtable(L);                         /* 8: the changed sources' descriptions (weak keys) */
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  for (k = 0; k < 3; k++) {
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 7);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 4);
    lua_pushvalue(L, 5);
    lua_pushvalue(L, 6);
    lua_pushvalue(L, 8);
    lua_pushcclosure(L, k == 0 ? scan_hand : k == 1 ? scan_round : scan_cands, 8);
  }
  return 3;
}

static const luaL_Reg main_scan_methods[] = {{"_main_scan", main_scan}, {NULL, NULL}};

int arb_l_main_scan_open(lua_State *L) {
  arb_l_add_game_methods(L, main_scan_methods);
  return 0;
}
