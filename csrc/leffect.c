/*
** leffect.c — the raw registration of replacement effects, triggers and
** observers (g:_effect, g:_effect_remove, g:_effect_active); the Lua layer
** builds the records and wraps these.
*/
#include <string.h>
#include "lbind.h"

static const char *const fx_kinds[] = {"replacement", "trigger", "observer", NULL};

/* record.from / record.to (arb_effect.zones) of a trigger on zone changes (g:trigger{event = "zone_change", from =,
** to =}): the zone kind + 1 its zone changes come from / go to, 0 when not given */
static int moved_zone(lua_State *L, int kind, int type, const char *field) {
  int z = 0;
  if (lua_getfield(L, 4, field) != LUA_TNIL) {
    z = lua_type(L, -1) == LUA_TSTRING ? arb_zone_kind_parse(lua_tostring(L, -1)) + 1 : 0;
    if (z <= 0 || type != ARB_EV_ZONE_CHANGE || (kind != ARB_FX_TRIGGER && kind != ARB_FX_OBSERVER))
      return luaL_error(L, "bad argument #1 to 'trigger' (%s: a zone's name (\"battlefield\", \"graveyard\", "
                        "...) with event = \"zone_change\")", field);
  }
  lua_pop(L, 1);
  return z;
}

/* record.card = {self = true, attached = true, is_word = key, is = type} of a trigger or replacement
** (g:trigger{card =}, g:add_replacement{card =}): self, the event's card is the source
** (ARB_FXC_SELF); attached, the permanent the source is attached to (ARB_FXC_ATTACHED); is_word, the
** printed word the source's definition has at key (words = {color = "blue"}), its index + 1, which
** the core reads as the source's text reads now (text.c, as a static's affects.is_word); 0: none.
** is, a card type the event's card has now (as ev.card:is(type) reads it), into *is (ARB_T_*). */
static int card_filter(lua_State *L, int kind, int *is) {
  static const char *const types[] = {"Creature", "Land", "Artifact", "Enchantment", "Instant", "Sorcery"};
  int w = 0, top = lua_gettop(L), ok, src, i;
  *is = 0;
  if (lua_getfield(L, 4, "card") == LUA_TNIL) { lua_pop(L, 1); return 0; }
  ok = kind != ARB_FX_OBSERVER && lua_istable(L, top + 1);
  src = lua_getfield(L, 4, "source") != LUA_TNIL;    /* (at top + 2) */
  if (ok && lua_getfield(L, top + 1, "is") != LUA_TNIL) {   /* ARB_T_* is 1 << i in types' order */
    for (i = 0; i < 6 && lua_type(L, -1) == LUA_TSTRING; i++)
      if (!strcmp(lua_tostring(L, -1), types[i])) *is = 1 << i;
    ok = *is != 0;
  }
  if (ok && lua_getfield(L, top + 1, "self") != LUA_TNIL) {
    ok = src && lua_toboolean(L, -1) && lua_isboolean(L, -1);
    w |= ARB_FXC_SELF;
  }
  if (ok && lua_getfield(L, top + 1, "attached") != LUA_TNIL) {
    ok = src && lua_toboolean(L, -1) && lua_isboolean(L, -1) && !(w & ARB_FXC_SELF);
    w |= ARB_FXC_ATTACHED;
  }
  if (ok && lua_getfield(L, top + 1, "is_word") != LUA_TNIL) {
    int k = -1;
    ok = 0;
    if (src && lua_type(L, -1) == LUA_TSTRING && lua_getfield(L, top + 2, "definition") == LUA_TTABLE &&
        lua_getfield(L, -1, "words") == LUA_TTABLE) {
      size_t len = 0;
      const char *s;
      lua_pushvalue(L, -3);
      lua_gettable(L, -2);
      s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
      k = s ? arb_word_index(s, len) : -1;
    }
    if (k >= 0) { ok = 1; w |= k + 1; }
  }
  if (!ok || !(w || *is))
    return luaL_error(L, "bad argument #1 to '%s' (card: {self = true | attached = true, is_word = key, is = "
                      "\"Creature\" | \"Land\" | \"Artifact\" | \"Enchantment\" | \"Instant\" | \"Sorcery\"}; "
                      "self, attached and is_word with a source, is_word a key of the source's words naming a "
                      "color or basic land type)", kind == ARB_FX_TRIGGER ? "trigger" : "add_replacement");
  lua_settop(L, top);
  return w;
}

/* record.turn of a trigger (g:trigger{turn = "controller" | "attached"}, with a source; or turn = a
** player of this game): only during the turns of its source's controller, or of the controller of
** the permanent it is attached to, or of that player (arb_effect.turn: ARB_FXT_*, *player the
** player's index); 0 when not given */
static int turn_filter(lua_State *L, lgame *lg, int kind, int *player) {
  static const char *const turns[] = {"controller", "attached"};
  int t = 0, i;
  if (lua_getfield(L, 4, "turn") != LUA_TNIL) {
    if (lua_type(L, -1) == LUA_TUSERDATA && (*player = arb_l_toid(L, -1, lg, 1)) >= 0) {
      if (kind != ARB_FX_TRIGGER) return luaL_error(L, "bad argument #1 to 'trigger' (turn: a trigger's)");
      lua_pop(L, 1);
      return ARB_FXT_PLAYER;
    }
    for (i = 0; i < 2 && lua_type(L, -1) == LUA_TSTRING; i++)
      if (!strcmp(lua_tostring(L, -1), turns[i])) t = i + 1;
    if (!t || kind != ARB_FX_TRIGGER || lua_isnoneornil(L, 5))
      return luaL_error(L, "bad argument #1 to 'trigger' (turn: \"controller\" or \"attached\", with a source, "
                        "or a player of this game)");
  }
  lua_pop(L, 1);
  return t;
}

/* The record's filters (step, zone, from, to, card, turn, targets, adds), read before the effect
** exists (an error leaves none): only those the caller says the record has (FL_* bits: the Lua
** layer made the record and knows), each field read ~170 instructions */
enum { FL_STEP = 1, FL_ZONE = 2, FL_FROM = 4, FL_TO = 8, FL_CARD = 16, FL_TURN = 32, FL_TARGETS = 64, FL_ADDS = 128 };
typedef struct { int step, zone, from, to, card, is, turn, turn_player, targeted, counted; } filters;

static void read_filters(lua_State *L, lgame *lg, int kind, int type, int has, filters *f) {
  if ((has & FL_STEP) && lua_getfield(L, 4, "step") != LUA_TNIL) {   /* a trigger on one step's events */
    f->step = lua_type(L, -1) == LUA_TSTRING ? arb_step_parse(lua_tostring(L, -1)) + 1 : 0;
    if (f->step <= 0 || type != ARB_EV_STEP || kind != ARB_FX_TRIGGER)
      luaL_error(L, "bad argument #1 to 'trigger' (step: a step's name (\"upkeep\", \"draw\", \"end\", "
                 "...) with event = \"step\")");
  }
  if ((has & FL_ZONE) && lua_getfield(L, 4, "zone") != LUA_TNIL) {   /* working from a graveyard or hand */
    f->zone = arb_l_zonekind(L, -1, 4) + 1;
    if ((f->zone != ARB_GRAVEYARD + 1 && f->zone != ARB_HAND + 1) || kind != ARB_FX_TRIGGER || lua_isnoneornil(L, 5))
      luaL_error(L, "bad argument #1 to 'trigger' (zone: \"graveyard\" or \"hand\", with a source)");
  }
  if (has & FL_FROM) f->from = moved_zone(L, kind, type, "from");
  if (has & FL_TO) f->to = moved_zone(L, kind, type, "to");
  if (has & FL_CARD) f->card = card_filter(L, kind, &f->is);
  if (has & FL_TURN) f->turn = turn_filter(L, lg, kind, &f->turn_player);
  if (has & FL_TARGETS) f->targeted = lua_getfield(L, 4, "targets") != LUA_TNIL;   /* a targeting trigger (413) */
  if (has & FL_ADDS) f->counted = lua_getfield(L, 4, "adds") != LUA_TNIL;   /* a mana ability's declared mana */
  lua_settop(L, 7);
}

/* g:_effect(kind, event, record, source_card_or_nil, controller_or_nil,
**           keep, has) -> id; keep: the effect outlasts its source leaving the
**           battlefield (by default an effect of a card on the battlefield ends); has: the
**           filters the record has, FL_* bits (none given: any; a trigger is registered at
**           each entry of its source, its filters read ~1.5 K instructions) */
static int g_effect(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  int kind = luaL_checkoption(L, 2, NULL, fx_kinds);
  const char *evname = luaL_checkstring(L, 3);
  int type = arb_event_parse(evname), src = -1, ctl = -1, ref, id, rc, name = -1, has;
  filters f = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  arb_effect *fx;
  if (type < 0 || type == ARB_EV_NAMED) {     /* a named event: the Lua layer checked the name */
    type = ARB_EV_NAMED;
    if ((name = arb_intern(lg->g, evname, strlen(evname))) < 0) return arb_l_fail(L, lg, ARB_ENOMEM);
  }
  luaL_checktype(L, 4, LUA_TTABLE);
  has = lua_isnoneornil(L, 8) ? 0xff : (int)luaL_checkinteger(L, 8);
  lua_settop(L, 7);
  if (has) read_filters(L, lg, kind, type, has, &f);
  if (!lua_isnoneornil(L, 5)) src = arb_l_checkcard(L, 5, lg);
  if (!lua_isnoneornil(L, 6)) ctl = arb_l_checkplayer(L, 6, lg);
  arb_getuvn(L, 1, ARB_UV_REFS);          /* env.refs (its user value: no env lookup) */
  lua_pushvalue(L, 4);
  ref = luaL_ref(L, -2);
  if ((rc = arb_effect_add(lg->g, kind, type, ref, src, ctl, &id))) return arb_l_fail(L, lg, rc);
  fx = arb_effect_get(lg->g, id);        /* (nothing below adds effects: the pointer stays good) */
  if (lua_toboolean(L, 7)) fx->until_leaves = 0;
  fx->name = name;
  fx->step = (int8_t)f.step;
  fx->zone = (uint8_t)f.zone;
  fx->zones = (uint8_t)(f.from | f.to << 4);
  fx->is = (uint8_t)f.is;
  fx->card = (uint8_t)f.card;
  fx->turn = (uint8_t)f.turn;
  fx->turn_player = f.turn_player;
  /* a trigger with no condition triggers whenever its filters pass: notify doesn't call the host
  ** (~750 instructions a call). The record is the host's handle, its condition never set later */
  if (kind == ARB_FX_TRIGGER && lua_getfield(L, 4, "condition") == LUA_TNIL) fx->always = 1;
  if (f.targeted) fx->targeted = 1;
  if (f.counted) fx->counted = 1;
  lua_pushinteger(L, id);
  return 1;
}

/* g:_effect_remove(id[, record]) -> true; with the record (a handle), false and
** no change when id isn't that record's effect in this game (a handle of another game). */
static int g_effect_remove(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer id = arb_l_intarg(L, 2, 2, "effect id", 0, INT32_MAX);
  arb_effect *fx = arb_effect_get(lg->g, (int)id);
  if (!lua_isnoneornil(L, 3)) {
    int mine = 0;
    if (fx) {
      arb_getuvn(L, 1, ARB_UV_REFS);
      lua_rawgeti(L, -1, fx->ref);
      mine = lua_rawequal(L, -1, 3);
    }
    if (!mine) { lua_pushboolean(L, 0); return 1; }
  }
  if (!fx) luaL_argerror(L, 2, "no such effect");
  if (arb_effect_remove(lg->g, (int)id)) return arb_l_fail(L, lg, ARB_ENOMEM);
  lua_pushboolean(L, 1);
  return 1;
}

static int g_effect_active(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  arb_effect *fx = arb_effect_get(lg->g, (int)arb_l_intarg(L, 2, 2, "effect id", 0, INT32_MAX));
  lua_pushboolean(L, fx && fx->active == ARB_FX_ON);
  return 1;
}

static const luaL_Reg effect_methods[] = {
  {"_effect", g_effect}, {"_effect_remove", g_effect_remove},
  {"_effect_active", g_effect_active},
  {NULL, NULL}
};

int arb_l_effect_open(lua_State *L) {
  arb_l_add_game_methods(L, effect_methods);
  return 0;
}
