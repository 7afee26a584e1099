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
#include "lcombat.h"

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

/* ---- the wish declared at once (issue 28: the random agent's declarations) ----
** In its declare step, while the wish is legal as it is (lcombat_attack.c attack_as_is,
** lcombat_block.c block_as_is: no requirement or whole-game limit, no combat costs, no
** effect's granted restriction, each pair allowed as far as the core decides, no definition's
** function to ask) the nearest legal declaration is the wish itself, proved: it is declared and
** the step settled (g:_declare_now's action) with no Lua table made; the Lua layer's path
** (nearest, remember, the proof checked, declared) did the same with a dozen calls.
** spec/agent_random_now_spec.lua compares both ways on real games. */

/* Whether a declaration's pairs may be declared as they are, in this step (before the
** pair checks): no script's budgeted call (as arb_lc_plain_nearest), no combat costs
** (combat_input.lua unpaid: nil), no requirement or limit, no granted restriction. */
static int wish_may_stand(lua_State *L, lgame *lg, int step, int blocks) {
  arb_game *g = lg->g;
  int costs;
  if (lg->mem->framed || arb_current_step(g) != step) return 0;
  if (!arb_chars_fresh(g)) arb_l_chars(L, lg, NULL);   /* the layers' abilities (lstatic.c) */
  if (blocks ? arb_block_constrained(g) : arb_attack_constrained(g)) return 0;
  arb_l_env(L, 1);
  costs = lua_getfield(L, -1, "combat_costs") == LUA_TTABLE && lua_rawlen(L, -1) > 0;
  lua_pop(L, 2);
  return !costs && !arb_lc_granted(L, 1, blocks ? "granted_block" : "granted_attack");
}

/* Whether no creature of p controls has banding (502.10b: no band to draw), as
** g:_banding_possible reads it for the active player */
static int no_banding(arb_game *g, int p) {
  arb_zone *z = arb_zone_get(g, arb_zone_id(g, -1, ARB_BATTLEFIELD));
  int i;
  for (i = 0; i < z->n; i++) {
    const arb_card *c = arb_card_get(g, z->cards[i]);
    if ((c->types & ARB_T_CREATURE) && c->controller == p && arb_card_has(c, ARB_AB_BANDING)) return 0;
  }
  return 1;
}

/* sorts pairs by creature, then by what it attacks or blocks (the order g:_declare_now
** declares in); a few pairs */
static void sort_pairs(arb_lc_pair *p, int n) {
  int i, j;
  for (i = 1; i < n; i++) {
    arb_lc_pair t = p[i];
    for (j = i; j > 0 && (t.c < p[j - 1].c || (t.c == p[j - 1].c && t.x < p[j - 1].x)); j--) p[j] = p[j - 1];
    p[j] = t;
  }
}

/* The attack wish (one defender at index d) declared when it stands (see above): 1; the empty
** wish standing: 2, nothing declared (the turn declares no attack then, 308); else 0 (nothing
** changed). */
static int attack_now(lua_State *L, lgame *lg, int p, int d, const picks *w) {
  arb_game *g = lg->g;
  arb_lc_pair pairs[64];
  const lproxy *dp = arb_l_own_proxy(L, d, 1);
  int i, defs, base = lua_gettop(L);
  if (w->k > 64 || !dp || dp->lg != lg || dp->gone || !no_banding(g, p) ||
      !wish_may_stand(L, lg, ARB_STEP_ATTACKERS, 0)) return 0;
  defs = arb_lc_defs(L, 1);
  for (i = 0; i < w->k; i++) {
    int id = w->pick[2 * i];
    if (!arb_attack_candidate(g, id) || !arb_attack_plain(g, id, dp->id) ||
        arb_lc_def_asks(L, defs, g, id, "can_attack", "attack_condition")) { lua_settop(L, base); return 0; }
    pairs[i].c = id;
    pairs[i].x = dp->id;
  }
  if (w->k == 0) return 2;
  sort_pairs(pairs, w->k);
  arb_lc_declare_pairs(L, lg, 0, pairs, w->k);
  return 1;
}

/* g:_random_attack_wish(p, cell, defenders[, now]) -> the wish, or nothing when p controls no
** creature ready to attack (no draw then). Each ready creature draws 1 in 2; one defender: then
** a draw of 1 (the same draws as a defender drawn among one) and the creature in an array;
** more: a defender drawn, {[creature] = defender}. now: in the declare attackers step, one
** defender, no creature with banding: the wish declared when it stands (above), then true;
** false when the empty wish stands (none to declare). */
static int g_random_attack_wish(lua_State *L) {
  lgame *lg = arb_l_checkgame_bf(L, 1);
  int p = arb_l_checkplayer(L, 2, lg), i, one, now = lua_toboolean(L, 5);
  rng r = read_cell(L, 3);
  picks w;
  luaL_checktype(L, 4, LUA_TTABLE);
  one = len(L, 4) == 1;
  lua_settop(L, 4);
  if (!draw_picks(L, lg, p, ARB_L_READY, one ? 1 : len(L, 4), &r, &w)) return 0;
  write_cell(L, 3, &r);
  if (now && one) {
    get(L, 4, 1);                             /* 5 (6: the scratch picks, if any) */
    lua_insert(L, 5);
    int done = attack_now(L, lg, p, 5, &w);
    if (done) { lua_pushboolean(L, done == 1); return 1; }
  }
  if (!one) {
    push_map(L, &w, NULL, 4);
    return 1;
  }
  lua_createtable(L, w.k, 0);
  for (i = 0; i < w.k; i++) { arb_l_pushcard(L, 1, w.pick[2 * i]); lua_rawseti(L, -2, i + 1); }
  return 1;
}

/* The block wish (attackers atk) declared when it stands (see above): 1, else 0 (nothing
** changed). */
static int block_now(lua_State *L, lgame *lg, const picks *w, const int32_t *atk) {
  arb_game *g = lg->g;
  arb_lc_pair pairs[64];
  int i, defs, base = lua_gettop(L);
  if (w->k > 64 || !wish_may_stand(L, lg, ARB_STEP_BLOCKERS, 1)) return 0;
  defs = arb_lc_defs(L, 1);
  for (i = 0; i < w->k; i++) {
    int b = w->pick[2 * i], a = atk[w->pick[2 * i + 1] - 1];
    if (!arb_block_candidate(g, b) || !arb_block_plain(g, b, a) ||
        arb_lc_def_asks(L, defs, g, b, "can_block", "block_condition") ||
        arb_lc_def_asks(L, defs, g, a, "can_be_blocked_by", "blocked_condition")) { lua_settop(L, base); return 0; }
    pairs[i].c = b;
    pairs[i].x = a;
  }
  sort_pairs(pairs, w->k);
  arb_lc_declare_pairs(L, lg, 1, pairs, w->k);
  return 1;
}

/* g:_random_block_wish(p, cell[, now]) -> the wish {[blocker] = attacker}, or nothing when no
** creature attacks p (or p's team) or p controls no untapped creature (no draw then). Each
** untapped creature draws 1 in 2, then its attacker among them. now: in the declare blockers
** step (p the one defending player, no effect instead of blocks: the caller's), the wish
** declared when it stands (above), then true; with no wish, none declared when no creature
** may block (500.3, 500.4: as g:declare_blockers({}) does then), then true. */
static int g_random_block_wish(lua_State *L) {
  lgame *lg = arb_l_checkgame_bf(L, 1);
  int p = arb_l_checkplayer(L, 2, lg), na, now = lua_toboolean(L, 4);
  int32_t few[2 * FEW], *atk;
  rng r = read_cell(L, 3);
  picks w;
  lua_settop(L, 3);
  na = attacking(L, lg, p, few, &atk);
  if (na == 0 || !draw_picks(L, lg, p, ARB_L_UNTAPPED, na, &r, &w)) {
    if (!now || lg->mem->framed || arb_current_step(lg->g) != ARB_STEP_BLOCKERS) return 0;
    if (!arb_chars_fresh(lg->g)) arb_l_chars(L, lg, NULL);
    if (!arb_none_can_block(lg->g)) return 0;
    arb_lc_declare_pairs(L, lg, 1, NULL, 0);
    lua_pushboolean(L, 1);
    return 1;
  }
  write_cell(L, 3, &r);
  if (now && block_now(L, lg, &w, atk)) { lua_pushboolean(L, 1); return 1; }
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
