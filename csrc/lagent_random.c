/*
** lagent_random.c — the random agent's combat wishes (lua/arbiter/agents.lua, agents.random):
** each ready creature attacks with probability 1/2, each untapped creature blocks a random
** attacker with probability 1/2. Made here in one call each, with the same draws in the same
** order from the agent's own generator, whose state the Lua agent keeps in a cell (cell[1]):
** read here, advanced with the same arithmetic, written back. The Lua agent then makes the
** wish legal (g:nearest_legal_attack / _block) as before: only the wish moved, the games are
** the same (bench/game_digest.lua; spec/agent_random_spec.lua compares with the Lua wish).
** Before, a wish cost a g:permanents table, a Lua call and a math.floor call per draw.
*/
#include "lbind.h"

/* The generator (agents.lua rng): MINSTD, multiplier 48271, modulus 2^31 - 1; a state in
** [1, 2^31 - 2]. Every product stays below 2^53: exact in Lua's doubles (5.1, LuaJIT) and
** integers (5.3+) alike, and here. A draw in [1, n] is floor((s - 1) * n / (2^31 - 2)) + 1,
** the quotient a double division as in Lua (the `/` of 5.3+ divides floats), so it
** rounds as the Lua agent's does for every n; it is never negative: floor is the truncation. */
#define RNG_MOD 2147483647
#define RNG_MUL 48271
#define RNG_SPAN 2147483646.0

typedef struct rng { int64_t s; } rng;

static rng read_cell(lua_State *L, int cell) {
  rng r;
  lua_Number s;
  luaL_checktype(L, cell, LUA_TTABLE);
  s = lua_rawgeti(L, cell, 1) == LUA_TNUMBER ? lua_tonumber(L, -1) : 0;
  lua_pop(L, 1);
  if (!(s >= 1 && s < RNG_MOD) || (lua_Number)(int64_t)s != s)
    luaL_argerror(L, cell, "generator state expected");
  r.s = (int64_t)s;
  return r;
}

static void write_cell(lua_State *L, int cell, const rng *r) {
  lua_pushinteger(L, (lua_Integer)r->s);   /* (5.3+: the Lua agent's state is an integer too) */
  lua_rawseti(L, cell, 1);
}

static int draw(rng *r, int64_t n) {
  r->s = r->s * RNG_MUL % RNG_MOD;
  return (int)((double)((r->s - 1) * n) / RNG_SPAN) + 1;
}

/* a table's length and element as `#t` and `t[i]` read them (ctx.defenders is the engine's
** array, but an agent may be called with any table) */
static int64_t len(lua_State *L, int t) { return (int64_t)luaL_len(L, t); }
static void get(lua_State *L, int t, int64_t i) {
  lua_pushinteger(L, (lua_Integer)i);
  lua_gettable(L, t);
}

/* The wish's draws: p's creatures with flags (g:permanents(p, "Creature", flags), in its order)
** each draw 1 in 2; one drawn 1 then draws among n. Its (card, draw) pairs in pick (room for two
** ints per permanent: a few on the C stack, else a scratch userdata), k of them. Returns how
** many creatures drew (0: none, no draw made). */
#define FEW 32
typedef struct picks { int32_t few[2 * FEW], *pick; int k; } picks;
static int draw_picks(lua_State *L, lgame *lg, int p, int flags, int64_t n, rng *r, picks *w) {
  arb_zone *z = arb_l_permanents_read(L, lg, 1);
  int i, drew = 0;
  w->pick = z->n <= FEW ? w->few : lua_newuserdatauv(L, (size_t)z->n * 2 * sizeof(int32_t), 0);
  w->k = 0;
  for (i = 0; i < z->n; i++) {
    const arb_card *c = arb_card_get(lg->g, z->cards[i]);
    if (!arb_l_permanent_selected(c, p, ARB_T_CREATURE, flags)) continue;
    drew++;
    if (draw(r, 2) != 1) continue;
    w->pick[2 * w->k] = c->id;
    w->pick[2 * w->k + 1] = draw(r, n);
    w->k++;
  }
  return drew;
}

/* {[card] = its draw's value} of the picks, made at its size: the card ids[draw - 1] (ids), else
** values[draw] (a nil value: no entry, as in Lua) */
static void push_map(lua_State *L, const picks *w, const int32_t *ids, int values) {
  int i;
  lua_createtable(L, 0, w->k);
  for (i = 0; i < w->k; i++) {
    arb_l_pushcard(L, 1, w->pick[2 * i]);
    if (ids) arb_l_pushcard(L, 1, ids[w->pick[2 * i + 1] - 1]);
    else get(L, values, w->pick[2 * i + 1]);
    lua_rawset(L, -3);
  }
}

/* The creatures attacking p or p's team (606.7c: either defending player of a team may block
** each of them) in card-id order, as g:attackers() lists them (only permanents attack): their
** ids in *out (a few on the C stack, else a scratch userdata); how many. */
static int attacking(lua_State *L, lgame *lg, int p, int32_t *few, int32_t **out) {
  arb_game *g = lg->g;
  arb_zone *z = arb_zone_get(g, arb_zone_id(g, -1, ARB_BATTLEFIELD));
  int i, j, n = 0, team = arb_player_get(g, p)->team;
  int32_t *ids = z->n <= 2 * FEW ? few : lua_newuserdatauv(L, (size_t)z->n * sizeof(int32_t), 0);
  arb_chars_depend(g, ARB_DEP_COMBAT);   /* (as g:attackers: a predicate reading combat) */
  for (i = 0; i < z->n; i++) {
    const arb_card *c = arb_card_get(g, z->cards[i]);
    if (c->attacking < 0 || (c->attacking != p && arb_player_get(g, c->attacking)->team != team)) continue;
    for (j = n++; j > 0 && ids[j - 1] > c->id; j--) ids[j] = ids[j - 1];   /* insertion sort */
    ids[j] = c->id;
  }
  *out = ids;
  return n;
}

/* g:_random_attack_wish(p, cell, defenders) -> the wish, or nothing when p controls no creature
** ready to attack (no draw then). Each ready creature draws 1 in 2; one defender: then a draw
** of 1 (the same draws as a defender drawn among one) and the creature in an array; more: a
** defender drawn, {[creature] = defender}. */
static int g_random_attack_wish(lua_State *L) {
  lgame *lg = arb_l_checkgame_bf(L, 1);
  int p = arb_l_checkplayer(L, 2, lg), i, one;
  rng r = read_cell(L, 3);
  picks w;
  luaL_checktype(L, 4, LUA_TTABLE);
  one = len(L, 4) == 1;
  if (!draw_picks(L, lg, p, ARB_L_READY, one ? 1 : len(L, 4), &r, &w)) return 0;
  write_cell(L, 3, &r);
  if (!one) {
    push_map(L, &w, NULL, 4);
    return 1;
  }
  lua_createtable(L, w.k, 0);
  for (i = 0; i < w.k; i++) { arb_l_pushcard(L, 1, w.pick[2 * i]); lua_rawseti(L, -2, i + 1); }
  return 1;
}

/* g:_random_block_wish(p, cell) -> the wish {[blocker] = attacker}, or nothing when no creature
** attacks p (or p's team) or p controls no untapped creature (no draw then). Each untapped
** creature draws 1 in 2, then its attacker among them. */
static int g_random_block_wish(lua_State *L) {
  lgame *lg = arb_l_checkgame_bf(L, 1);
  int p = arb_l_checkplayer(L, 2, lg), na;
  int32_t few[2 * FEW], *atk;
  rng r = read_cell(L, 3);
  picks w;
  lua_settop(L, 3);
  na = attacking(L, lg, p, few, &atk);
  if (na == 0 || !draw_picks(L, lg, p, ARB_L_UNTAPPED, na, &r, &w)) return 0;
  write_cell(L, 3, &r);
  push_map(L, &w, atk, 0);
  return 1;
}

static const luaL_Reg agent_methods[] = {
  {"_random_attack_wish", g_random_attack_wish}, {"_random_block_wish", g_random_block_wish},
  {NULL, NULL}
};

int arb_l_agent_random_open(lua_State *L) {
  arb_l_add_game_methods(L, agent_methods);
  return 0;
}
