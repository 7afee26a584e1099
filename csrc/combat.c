/*
** combat.c — builds the solver's problems from the game (500.2-500.5) and
** keeps the combat state. Eligibility folds in every restriction the
** vocabulary names: evasion (501; flying 502.4, landwalk 502.6, shadow,
** fear, horsemanship), protection (502.7f), "can't block", "can block only
** creatures with flying"; capacities, blocker counts and whole-game limits go to the
** solver as numbers, requirements as weights.
*/
#include <string.h>
#include "game.h"
#include "combat.h"

static arb_zone *battlefield(arb_game *g) {
  return &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
}

static int is_creature_on_bf(arb_game *g, const arb_card *c) {
  return (c->types & ARB_T_CREATURE) && c->zone >= 0 &&
         g->zones[c->zone].kind == ARB_BATTLEFIELD;
}

/* A whole-game limit from any permanent on the battlefield. */
static int game_limit(arb_game *g, int kind) {
  arb_zone *z = battlefield(g);
  int i;
  for (i = 0; i < z->n; i++)
    if (arb_card_has(card_at(g, z->cards[i]), kind)) return 1;
  return ARB_SOLVER_UNLIMITED;
}

/* Does player p, or in Two-Headed Giant p's team, control a land matching the
** landwalk ability a? (606.7c, CompRules 2007/05/01: "If an attacking creature
** has forestwalk and either player on the defending team controls a Forest,
** the creature can't be blocked.") Outside teams a player's team is its own. */
static int controls_land(arb_game *g, int p, const arb_ability *a) {
  arb_zone *z = battlefield(g);
  int i, team = g->players[p].team;
  for (i = 0; i < z->n; i++) {
    arb_card *l = card_at(g, z->cards[i]);
    if (!(l->types & ARB_T_LAND) || g->players[l->controller].team != team) continue;
    switch (a->kind) {
    case ARB_AB_LANDWALK: if (arb_card_has_subtype(g, l, a->param)) return 1; break;
    case ARB_AB_SNOW_LANDWALK:
      if ((l->supertypes & ARB_S_SNOW) && arb_card_has_subtype(g, l, a->param)) return 1;
      break;
    case ARB_AB_LEGENDARY_LANDWALK: if (l->supertypes & ARB_S_LEGENDARY) return 1; break;
    case ARB_AB_NONBASIC_LANDWALK: if (!(l->supertypes & ARB_S_BASIC)) return 1; break;
    }
  }
  return 0;
}

/* 502.6b: unblockable while the defending player (team) controls such a land. */
static int landwalk_evades(arb_game *g, const arb_card *a, int defender) {
  int i;
  for (i = 0; i < a->nabil; i++) {
    const arb_ability *ab = &a->abil[i];
    if (!ab->count) continue;
    if (ab->kind == ARB_AB_LANDWALK || ab->kind == ARB_AB_SNOW_LANDWALK ||
        ab->kind == ARB_AB_LEGENDARY_LANDWALK || ab->kind == ARB_AB_NONBASIC_LANDWALK)
      if (controls_land(g, defender, ab)) return 1;
  }
  return 0;
}

/* Shadow: a creature with shadow can be blocked only by creatures with
** shadow (or that block "as though it had shadow"), and a creature with
** shadow can block only creatures with shadow; "can block only creatures
** with shadow" is a restriction on the blocker (500.1). */
static int shadow_allows(const arb_card *b, const arb_card *a) {
  int as = arb_card_has(a, ARB_AB_SHADOW) > 0, bs = arb_card_has(b, ARB_AB_SHADOW) > 0;
  if (as && !bs && !arb_card_has(b, ARB_AB_BLOCK_AS_SHADOW)) return 0;
  if (bs && !as) return 0;
  return as || !arb_card_has(b, ARB_AB_BLOCK_ONLY_SHADOW);
}

/* Evasion is cumulative (500.3a, 501.2): every one must be satisfied. */
int arb_can_block(arb_game *g, int blocker, int attacker) {
  arb_card *b = card_at(g, blocker), *a = card_at(g, attacker);
  if (!is_creature_on_bf(g, b) || b->tapped || arb_card_has(b, ARB_AB_CANT_BLOCK)) return 0;
  /* 500.3: the defending player's creatures block; in Two-Headed Giant either
  ** member of the attacked team blocks */
  if (a->attacking < 0 || g->players[b->controller].team != g->players[a->attacking].team) return 0;
  if (arb_card_has(a, ARB_AB_UNBLOCKABLE)) return 0;
  if (arb_card_has(a, ARB_AB_FLYING) && !arb_card_has(b, ARB_AB_FLYING) &&
      !arb_card_has(b, ARB_AB_REACH)) return 0;                       /* 502.4b */
  if (!shadow_allows(b, a)) return 0;
  if (arb_card_has(a, ARB_AB_FEAR) && !(b->types & ARB_T_ARTIFACT) &&
      !(b->colors & ARB_C_BLACK)) return 0;
  if (arb_card_has(a, ARB_AB_HORSEMANSHIP) && !arb_card_has(b, ARB_AB_HORSEMANSHIP)) return 0;
  if (arb_card_has(b, ARB_AB_BLOCK_ONLY_FLYING) && !arb_card_has(a, ARB_AB_FLYING)) return 0;
  if (arb_protected_from(g, a, b)) return 0;                              /* 502.7f */
  return !landwalk_evades(g, a, a->attacking);
}

/* Whether no creature may block any attacking creature: each creature out of the attack is
** tapped, can't block, or is evaded by every attacker (arb_can_block, the block problem's
** eligibility, which the definitions' and effects' restrictions only narrow). Then declaring
** no block is legal (500.3): it obeys every restriction, and no requirement can be obeyed by
** any declaration, so the most obeyed is none (500.4). */
int arb_none_can_block(arb_game *g) {
  const arb_zone *z = battlefield(g);
  int i, j;
  for (i = 0; i < z->n; i++) {
    const arb_card *a = card_at(g, z->cards[i]);
    if (!(a->types & ARB_T_CREATURE) || a->attacking < 0) continue;
    for (j = 0; j < z->n; j++) {
      const arb_card *b = card_at(g, z->cards[j]);
      if ((b->types & ARB_T_CREATURE) && b->attacking < 0 && !b->tapped && arb_can_block(g, b->id, a->id))
        return 0;
    }
  }
  return 1;
}

/* Whether c has an instance of one of the n kinds (a requirement of 500.4 when it counts). */
static int has_kind(const arb_card *c, const int *kinds, int n) {
  int i, k;
  for (i = 0; i < c->nabil; i++)
    for (k = 0; k < n; k++)
      if (c->abil[i].kind == kinds[k] && c->abil[i].count != 0) return 1;
  return 0;
}

/* Whether a creature on the battlefield has one of the n kinds of requirement, or any
** permanent the whole-game limit (game_limit's kind). */
static int some_creature_has(arb_game *g, const int *kinds, int n, int limit) {
  const arb_zone *z = battlefield(g);
  int i;
  for (i = 0; i < z->n; i++) {
    const arb_card *c = card_at(g, z->cards[i]);
    if (((c->types & ARB_T_CREATURE) && has_kind(c, kinds, n)) || has_kind(c, &limit, 1)) return 1;
  }
  return 0;
}

/* Whether a creature may have an attack requirement (500.4), or attackers a whole-game limit
** ("no more than one creature can attack each combat"): without either, the attack problem's
** only constraints are each creature's own (arb_attack_plain, and the definitions' and
** effects' restrictions), so a proposal every creature of which may attack its player obeys
** every requirement there is and breaks no restriction (500.2): legal, its own nearest. */
int arb_attack_constrained(arb_game *g) {
  static const int kinds[] = {ARB_AB_ATTACKS_IF_ABLE, ARB_AB_ATTACKS_PLAYER_IF_ABLE};
  return some_creature_has(g, kinds, 2, ARB_AB_ONE_ATTACKER_LIMIT);
}

/* The same for blocks (500.3, 500.4): the blockers' "blocks each combat if able", provoke and
** "blocks each attacking creature", the attackers' Lure and "must be blocked", and the
** whole-game limit on blockers. */
int arb_block_constrained(arb_game *g) {
  static const int kinds[] = {ARB_AB_BLOCKS_IF_ABLE, ARB_AB_BLOCKS_CREATURE_IF_ABLE,
                              ARB_AB_BLOCKS_EACH_IF_ABLE, ARB_AB_LURE, ARB_AB_MUST_BE_BLOCKED};
  return some_creature_has(g, kinds, 5, ARB_AB_ONE_BLOCKER_LIMIT);
}

/* The largest parameter among c's instances of kind (menace N), or dflt. */
static int param_max(const arb_card *c, int kind, int dflt) {
  int i, v = dflt;
  for (i = 0; i < c->nabil; i++)
    if (c->abil[i].kind == kind && c->abil[i].count > 0 && c->abil[i].param > v)
      v = c->abil[i].param;
  return v;
}

/* Distinct parameters of kind on c (requirements tied to one player or
** creature: each becomes at most one pair). */
static int nparams(const arb_card *c, int kind) {
  int i, n = 0;
  for (i = 0; i < c->nabil; i++) n += c->abil[i].kind == kind && c->abil[i].count > 0;
  return n;
}

/* ---- attacks ---- */

static void *zalloc(arb_game *g, size_t n) {
  void *p = arb_mem(g, NULL, 0, n ? n : 1);
  if (p) memset(p, 0, n ? n : 1);
  return p;
}
static void zfree(arb_game *g, void *p, size_t n) { if (p) arb_mem(g, p, n ? n : 1, 0); }

/* A build's arrays share one zeroed block (one allocation per build, not one
** per array): slices 8-byte aligned, carved in order after sizing. */
#define SLICE(n) (((n) + 7) & ~(size_t)7)
static void *carve(char **at, size_t n) { void *p = *at; *at += SLICE(n); return p; }

/* Two-Headed Giant: the team attacks together, with its members' creatures
** (without teams a team is one player: the active player's). */
static int on_active_team(const arb_game *g, const arb_card *c) {
  return g->players[c->controller].team == g->players[g->active].team;
}

/* Defender (a Wall, 003: "isn't a Wall"), unless it "can attack as though it
** didn't have defender" (Animate Wall). */
static int can_attack_now(arb_game *g, const arb_card *c) {
  return !c->tapped && (!arb_card_sick(c) || arb_card_has(c, ARB_AB_HASTE) ||
                        arb_card_has(c, ARB_AB_ATTACK_AS_HASTE)) &&
         (!arb_card_has(c, ARB_AB_DEFENDER) || arb_card_has(c, ARB_AB_ATTACKS_AS_NO_DEFENDER)) &&
         !arb_card_has(c, ARB_AB_CANT_ATTACK) &&
         is_creature_on_bf(g, c);
}

static void collect_defenders(arb_game *g, arb_attack_build *b) {
  int p;
  b->ndef = 0;
  for (p = 0; p < g->nplayers && b->ndef < 64; p++)
    if (arb_attackable(g, g->active, p)) b->defenders[b->ndef++] = p;   /* 308, 601, 604 */
}

/* "attacks <player> each combat if able": a pair requirement when that
** player is a defending player (else it can't be obeyed and doesn't count). */
static void add_attack_pairs(arb_attack_build *b, const arb_card *c) {
  int i, d;
  for (i = 0; i < c->nabil; i++) {
    if (c->abil[i].kind != ARB_AB_ATTACKS_PLAYER_IF_ABLE || c->abil[i].count <= 0) continue;
    for (d = 0; d < b->ndef; d++)
      if (b->defenders[d] == (int)c->abil[i].param) {
        arb_attack_pair *q = &b->pairs[b->prob.npairs++];
        q->creature = b->n; q->defender = d; q->weight = c->abil[i].count;
      }
  }
}

/* Whether card is a creature of the active team: a row of the attack problem. */
int arb_attack_candidate(arb_game *g, int card) {
  const arb_card *c = card_at(g, card);
  return c && (c->types & ARB_T_CREATURE) && on_active_team(g, c);
}

/* Whether the active team's creature card may attack player d as the core alone decides it
** (the attack problem's row, arb_attack_build_new): able to attack now, d attackable, no
** "can't attack alone". The whole-game limit (arb_attack_constrained) and the definitions' and
** effects' restrictions are the caller's to ask. */
int arb_attack_plain(arb_game *g, int card, int d) {
  const arb_card *c = card_at(g, card);
  return c && (c->types & ARB_T_CREATURE) && on_active_team(g, c) && can_attack_now(g, c) &&
         !arb_card_has(c, ARB_AB_CANT_ATTACK_ALONE) && arb_attackable(g, g->active, d);
}

int arb_attack_build_new(arb_game *g, arb_attack_build *b) {
  arb_zone *z = battlefield(g);
  int i, n = 0;
  memset(b, 0, sizeof *b);
  collect_defenders(g, b);
  for (i = 0; i < z->n; i++) {
    arb_card *c = card_at(g, z->cards[i]);
    if ((c->types & ARB_T_CREATURE) && on_active_team(g, c)) n++;
  }
  for (i = 0; i < z->n; i++) {
    arb_card *c = card_at(g, z->cards[i]);
    if ((c->types & ARB_T_CREATURE) && on_active_team(g, c))
      b->npairs += nparams(c, ARB_AB_ATTACKS_PLAYER_IF_ABLE);
  }
  b->mem_size = SLICE(sizeof(uint64_t) * (size_t)n) + SLICE(sizeof(arb_attack_pair) * (size_t)b->npairs) +
                SLICE(sizeof(int32_t) * (size_t)n) + SLICE(sizeof(int) * (size_t)n) + 3 * SLICE((size_t)n);
  b->mem = zalloc(g, b->mem_size);
  if (!b->mem) { memset(b, 0, sizeof *b); return ARB_ENOMEM; }
  {
    char *at = b->mem;
    b->can_attack = carve(&at, sizeof(uint64_t) * (size_t)n);
    b->pairs = carve(&at, sizeof(arb_attack_pair) * (size_t)b->npairs);
    b->cards = carve(&at, sizeof(int32_t) * (size_t)n);
    b->attacks_if_able = carve(&at, sizeof(int) * (size_t)n);
    b->alone = carve(&at, (size_t)n);
    b->exempt = carve(&at, (size_t)n);
    b->cond = carve(&at, (size_t)n);
  }
  for (i = 0; i < z->n; i++) {
    arb_card *c = card_at(g, z->cards[i]);
    if (!(c->types & ARB_T_CREATURE) || !on_active_team(g, c)) continue;
    b->cards[b->n] = c->id;
    if (can_attack_now(g, c))
      b->can_attack[b->n] = b->ndef >= 64 ? ~0ULL : ((1ULL << b->ndef) - 1);
    b->attacks_if_able[b->n] = arb_card_has(c, ARB_AB_ATTACKS_IF_ABLE);
    b->alone[b->n] = arb_card_has(c, ARB_AB_CANT_ATTACK_ALONE) > 0;
    b->exempt[b->n] = c->tapped;            /* 500.2: tapped creatures are exempt */
    add_attack_pairs(b, c);
    b->n++;
  }
  b->prob.pairs = b->pairs;              /* prob.npairs: those tied to a defender */
  b->prob.n = b->n;
  b->prob.ndef = b->ndef;
  b->prob.can_attack = b->can_attack;
  b->prob.attacks_if_able = b->attacks_if_able;
  b->prob.cant_attack_alone = b->alone;
  b->prob.exempt = b->exempt;
  b->prob.max_attacking = game_limit(g, ARB_AB_ONE_ATTACKER_LIMIT);
  return ARB_OK;
}

void arb_attack_build_free(arb_game *g, arb_attack_build *b) {
  zfree(g, b->mem, b->mem_size);
  memset(b, 0, sizeof *b);
}

/* ---- blocks ---- */

/* 502.10e: a band is one column of the block problem. The column of attacker
** c, whose band's earlier members (battlefield order) have columns already:
** theirs, or -1 when c starts a column. Only banded attackers search. */
static int band_column(arb_game *g, const arb_block_build *b, int ncols, const arb_card *c) {
  int i;
  if (c->band < 0) return -1;
  for (i = 0; i < ncols; i++)
    if (card_at(g, b->attackers[i])->band == c->band) return i;
  return -1;
}

/* Columns, members (0 when no attacker is in a band), potential blockers and
** provoke pairs. */
static int count_candidates(arb_game *g, arb_block_build *b) {
  arb_zone *z = battlefield(g);
  int i, team = g->players[g->active].team, banded = 0, members = 0, eachers = 0;
  b->na = b->nb = b->npairs = 0;
  for (i = 0; i < z->n; i++) {
    arb_card *c = card_at(g, z->cards[i]);
    if (!(c->types & ARB_T_CREATURE)) continue;
    if (c->attacking >= 0) { members++; banded |= c->band >= 0; }
    else if (g->players[c->controller].team != team) {
      b->nb++;
      b->npairs += nparams(c, ARB_AB_BLOCKS_CREATURE_IF_ABLE);
      eachers += arb_card_has(c, ARB_AB_BLOCKS_EACH_IF_ABLE) > 0;
    }
  }
  b->nm = banded ? members : 0;
  b->npairs += eachers * members;          /* "blocks each attacking creature": a pair each */
  if (!banded) { b->na = members; return ARB_OK; }
  for (i = 0; i < z->n; i++) {               /* distinct bands, plus the unbanded */
    arb_card *c = card_at(g, z->cards[i]);
    int j, seen = 0;
    if (!(c->types & ARB_T_CREATURE) || c->attacking < 0) continue;
    for (j = 0; j < i && c->band >= 0 && !seen; j++) {
      const arb_card *d = card_at(g, z->cards[j]);
      seen = (d->types & ARB_T_CREATURE) && d->attacking >= 0 && d->band == c->band;
    }
    b->na += !seen;
  }
  return ARB_OK;
}

static int alloc_blocks(arb_game *g, arb_block_build *b) {
  size_t na = (size_t)b->na, nb = (size_t)b->nb, nm = (size_t)b->nm, w;
  char *at;
  b->words = arb_block_words(b->na);
  w = (size_t)b->words;
  b->mem_size = SLICE(sizeof(uint64_t) * nb * w) + SLICE(sizeof(arb_block_pair) * (size_t)b->npairs) +
                SLICE(sizeof(int32_t) * na) + SLICE(sizeof(int32_t) * nb) + 2 * SLICE(sizeof(int) * nb) +
                4 * SLICE(sizeof(int) * na) + 4 * SLICE(nb) + SLICE(sizeof(int32_t) * nm) +
                SLICE(sizeof(int) * nm);
  b->mem = zalloc(g, b->mem_size);
  if (!b->mem) return ARB_ENOMEM;
  at = b->mem;
  b->eligible = carve(&at, sizeof(uint64_t) * nb * w);
  b->pairs = carve(&at, sizeof(arb_block_pair) * (size_t)b->npairs);
  b->attackers = carve(&at, sizeof(int32_t) * na);
  b->blockers = carve(&at, sizeof(int32_t) * nb);
  b->capacity = carve(&at, sizeof(int) * nb);
  b->bif = carve(&at, sizeof(int) * nb);
  b->min_b = carve(&at, sizeof(int) * na);
  b->max_b = carve(&at, sizeof(int) * na);
  b->mbb = carve(&at, sizeof(int) * na);
  b->lure = carve(&at, sizeof(int) * na);
  b->alone = carve(&at, nb);
  b->exempt = carve(&at, nb);
  b->cond = carve(&at, nb);
  b->group = carve(&at, nb);
  b->members = nm ? carve(&at, sizeof(int32_t) * nm) : NULL;
  b->mcol = nm ? carve(&at, sizeof(int) * nm) : NULL;
  return ARB_OK;
}

static void fill_attacker(arb_game *g, arb_block_build *b, int i, const arb_card *a) {
  (void)g;
  b->attackers[i] = a->id;
  b->min_b[i] = param_max(a, ARB_AB_MENACE, 1);   /* "except by N or more creatures" */
  b->max_b[i] = arb_card_has(a, ARB_AB_MAX_ONE_BLOCKER) ? 1 : ARB_SOLVER_UNLIMITED;
  b->mbb[i] = arb_card_has(a, ARB_AB_MUST_BE_BLOCKED);
  b->lure[i] = arb_card_has(a, ARB_AB_LURE);
}

/* Another member a of band column i (docs/RULES.md, "Banding"). A creature
** blocking the band blocks every member (502.10e), so a count restriction of
** any member is one of the band: "except by N or more" takes the largest N,
** "by no more than one" holds for the band; each member's requirement that it
** be blocked (Lure: every able creature blocks it; "must be blocked") is
** obeyed by a block of the band and counts as it would alone (the two-Lures
** ruling: each instance is one requirement). */
static void merge_attacker(arb_block_build *b, int i, const arb_card *a) {
  int mn = param_max(a, ARB_AB_MENACE, 1);
  if (mn > b->min_b[i]) b->min_b[i] = mn;
  if (arb_card_has(a, ARB_AB_MAX_ONE_BLOCKER)) b->max_b[i] = 1;
  b->mbb[i] += arb_card_has(a, ARB_AB_MUST_BE_BLOCKED);
  b->lure[i] += arb_card_has(a, ARB_AB_LURE);
}

/* "blocks <creature> each combat if able" (provoke): a pair requirement when
** that creature is attacking (else it can't be obeyed and doesn't count); a
** band member's is its band's column. "Blocks each attacking creature if able"
** (Blaze of Glory): one such requirement per attacking creature, each instance
** counting (a band's members: blocking the band obeys each member's). */
static void add_block_pairs(arb_block_build *b, int j, const arb_card *c) {
  int i, k, n = b->nm ? b->nm : b->na, each = arb_card_has(c, ARB_AB_BLOCKS_EACH_IF_ABLE);
  for (i = 0; i < n && each > 0; i++) {
    arb_block_pair *q = &b->pairs[b->prob.npairs++];
    q->blocker = j; q->attacker = b->nm ? b->mcol[i] : i; q->weight = each;
  }
  for (k = 0; k < c->nabil; k++) {
    if (c->abil[k].kind != ARB_AB_BLOCKS_CREATURE_IF_ABLE || c->abil[k].count <= 0) continue;
    for (i = 0; i < n; i++)
      if ((b->nm ? b->members[i] : b->attackers[i]) == (int32_t)c->abil[k].param) {
        arb_block_pair *q = &b->pairs[b->prob.npairs++];
        q->blocker = j; q->attacker = b->nm ? b->mcol[i] : i; q->weight = c->abil[k].count;
      }
  }
}

static void fill_blocker(arb_game *g, arb_block_build *b, int j, const arb_card *c) {
  int i;
  uint64_t *row = &b->eligible[(size_t)j * (size_t)b->words];
  b->blockers[j] = c->id;
  if (arb_card_has(c, ARB_AB_BLOCK_ANY_NUMBER)) b->capacity[j] = ARB_SOLVER_UNLIMITED;
  else b->capacity[j] = 1 + arb_card_has(c, ARB_AB_BLOCK_ADDITIONAL);
  if (c->tapped || arb_card_has(c, ARB_AB_CANT_BLOCK)) b->capacity[j] = 0;
  b->exempt[j] = c->tapped;                 /* 500.3 */
  b->bif[j] = arb_card_has(c, ARB_AB_BLOCKS_IF_ABLE);
  b->alone[j] = arb_card_has(c, ARB_AB_CANT_BLOCK_ALONE) > 0;
  if (b->nm) {      /* 502.10e and its example: it may block the band if it may block a member */
    for (i = 0; i < b->nm; i++)
      if (arb_can_block(g, c->id, b->members[i])) row[b->mcol[i] / 64] |= 1ULL << (b->mcol[i] % 64);
  } else
    for (i = 0; i < b->na; i++)
      if (arb_can_block(g, c->id, b->attackers[i])) row[i / 64] |= 1ULL << (i % 64);
  add_block_pairs(b, j, c);
}

/* The attackers: one column each, or one per band (502.10e). */
static void fill_attackers(arb_game *g, arb_block_build *b) {
  arb_zone *z = battlefield(g);
  int i, ia = 0, im = 0;
  for (i = 0; i < z->n; i++) {
    arb_card *c = card_at(g, z->cards[i]);
    int col;
    if (!(c->types & ARB_T_CREATURE) || c->attacking < 0) continue;
    col = b->nm ? band_column(g, b, ia, c) : -1;
    if (col < 0) fill_attacker(g, b, col = ia++, c);
    else merge_attacker(b, col, c);
    if (b->nm) { b->members[im] = c->id; b->mcol[im++] = col; }
  }
}

/* "No more than one creature can block each combat": in multiplayer it counts per defending
** player (contract, Version 3; 500.3: each defending player checks the creatures he or she
** controls), and in Two-Headed Giant per defending team, whose players make one combined block
** (606.7c): a group per team among the blockers, the whole-game limit then one place per group
** (a bound the solver's relaxations use). "Can't block alone" is read per group likewise. */
static void block_limit(arb_game *g, arb_block_build *b) {
  int j, k, n = 0, alone = 0;
  b->prob.max_blocking = game_limit(g, ARB_AB_ONE_BLOCKER_LIMIT);
  for (j = 0; j < b->nb; j++) alone |= b->alone[j];
  if (b->prob.max_blocking == ARB_SOLVER_UNLIMITED && !alone) return;
  for (j = 0; j < b->nb; j++) {         /* group: the team's rank among the blockers' teams */
    for (k = 0; k < j && g->players[card_at(g, b->blockers[k])->controller].team !=
                         g->players[card_at(g, b->blockers[j])->controller].team; k++) {}
    b->group[j] = k < j ? b->group[k] : (unsigned char)(n < 63 ? n++ : 63);
  }
  if (n < 2) return;                    /* (past 63 defending teams, the rest count as one) */
  b->prob.group = b->group;             /* "can't block alone" counts the blocker's team too */
  b->prob.group_limit = b->prob.max_blocking;
  if (b->prob.max_blocking != ARB_SOLVER_UNLIMITED) b->prob.max_blocking *= n;
}

/* Whether card is a creature out of the attack on another team than the active one: a
** row of the block problem (arb_block_build_new). */
int arb_block_candidate(arb_game *g, int card) {
  const arb_card *c = card_at(g, card);
  return c && (c->types & ARB_T_CREATURE) && c->attacking < 0 &&
         g->players[c->controller].team != g->players[g->active].team;
}

/* Whether blocker may block attacker alone, as the core decides it (the block problem's
** cell and counts): eligible (arb_can_block), no "can't block alone", the attacker in no band
** and with no count restriction ("except by N or more", "by no more than one"). The
** whole-game limit (arb_block_constrained) and the definitions' and effects' restrictions are
** the caller's to ask. */
int arb_block_plain(arb_game *g, int blocker, int attacker) {
  const arb_card *b = card_at(g, blocker), *a = card_at(g, attacker);
  return b && a && arb_can_block(g, blocker, attacker) && !arb_card_has(b, ARB_AB_CANT_BLOCK_ALONE) &&
         a->band < 0 && !arb_card_has(a, ARB_AB_MENACE) && !arb_card_has(a, ARB_AB_MAX_ONE_BLOCKER);
}

int arb_block_build_new(arb_game *g, arb_block_build *b) {
  arb_zone *z = battlefield(g);
  int i, ib = 0, team = g->players[g->active].team;
  memset(b, 0, sizeof *b);
  count_candidates(g, b);
  if (alloc_blocks(g, b)) { arb_block_build_free(g, b); return ARB_ENOMEM; }
  fill_attackers(g, b);
  for (i = 0; i < z->n; i++) {
    arb_card *c = card_at(g, z->cards[i]);
    if ((c->types & ARB_T_CREATURE) && c->attacking < 0 &&
        g->players[c->controller].team != team)
      fill_blocker(g, b, ib++, c);
  }
  b->prob.na = b->na;
  b->prob.nb = b->nb;
  b->prob.eligible = b->eligible;
  b->prob.capacity = b->capacity;
  b->prob.min_blockers = b->min_b;
  b->prob.max_blockers = b->max_b;
  b->prob.cant_block_alone = b->alone;
  b->prob.exempt = b->exempt;
  block_limit(g, b);
  b->prob.blocks_if_able = b->bif;
  b->prob.must_be_blocked = b->mbb;
  b->prob.lure = b->lure;
  b->prob.pairs = b->pairs;               /* prob.npairs: those tied to an attacker */
  return ARB_OK;
}

void arb_block_build_free(arb_game *g, arb_block_build *b) {
  zfree(g, b->mem, b->mem_size);
  memset(b, 0, sizeof *b);
}

uint64_t arb_game_gen(const arb_game *g) { return g->gen; }

/* ---- combat state ---- */

int arb_declare_attack(arb_game *g, int card, int defender) {
  arb_card *c = card_at(g, card);
  arb_event ev;
  TRY(arb_jset_card(g, card, &c->attacking, defender));
  if (!arb_card_has(c, ARB_AB_VIGILANCE)) TRY(arb_tap(g, card, 1));
  arb_event_init(&ev, ARB_EV_ATTACK);
  ev.card = card;
  ev.player = card_at(g, card)->controller;
  ev.target_player = defender;
  return arb_record(g, &ev);
}

int arb_declare_block(arb_game *g, int blocker, int attacker) {
  arb_card *b = card_at(g, blocker), *a;
  arb_event ev;
  if (arb_vec_reserve(g, &g->blocks, sizeof(int32_t), g->blocks.n + 2)) return ARB_ENOMEM;
  TRY(arb_journal_push(g, J_BLOCK_PUSH, 0, 0, 0));
  TRY(arb_journal_push(g, J_BLOCK_PUSH, 0, 0, 0));
  ARB_VEC(g->blocks, int32_t)[g->blocks.n++] = blocker;
  ARB_VEC(g->blocks, int32_t)[g->blocks.n++] = attacker;
  TRY(arb_jset_card(g, blocker, &b->blocking, b->blocking + 1));
  a = card_at(g, attacker);
  TRY(arb_jset_card8(g, attacker, &a->blocked, 1));   /* stays blocked (the older guide) */
  arb_event_init(&ev, ARB_EV_BLOCK);
  ev.card = blocker;
  ev.player = b->controller;
  ev.target_card = attacker;
  return arb_record(g, &ev);
}

/* Is (blocker, attacker) declared already? */
static int block_declared(const arb_game *g, int blocker, int attacker) {
  const int32_t *b = ARB_VEC(g->blocks, int32_t);
  int32_t i;
  for (i = 0; i < g->blocks.n; i += 2)
    if (b[i] == blocker && b[i + 1] == attacker) return 1;
  return 0;
}

/* 502.10e: "If an attacking creature becomes blocked by a creature, each other
** creature in the same band as the attacking creature becomes blocked by that
** same blocking creature": the named member first, then the others in
** battlefield order, one block (and one "block" event) each. */
int arb_declare_block_band(arb_game *g, int blocker, int attacker) {
  const arb_zone *z;
  int i, band = card_at(g, attacker)->band;
  if (!block_declared(g, blocker, attacker)) TRY(arb_declare_block(g, blocker, attacker));
  if (band < 0) return ARB_OK;
  z = battlefield(g);
  for (i = 0; i < z->n; i++) {
    const arb_card *m = card_at(g, z->cards[i]);
    if (m->band == band && m->attacking >= 0 && m->id != attacker && !block_declared(g, blocker, m->id))
      TRY(arb_declare_block(g, blocker, m->id));
  }
  return ARB_OK;
}

int arb_set_band(arb_game *g, int card, int band) {
  return arb_jset_card(g, card, &card_at(g, card)->band, band);
}

/* Regeneration (destroy.c) and "remove from combat" (506.4 today; the era's
** False Orders): out of combat and, 502.10d, out of its band. */
int arb_leave_combat(arb_game *g, int card) {
  arb_card *c = card_at(g, card);
  TRY(arb_jset_card(g, card, &c->attacking, -1));
  c = card_at(g, card);
  TRY(arb_jset_card(g, card, &c->band, -1));
  c = card_at(g, card);
  TRY(arb_jset_card(g, card, &c->blocking, 0));
  c = card_at(g, card);
  return arb_jset_card8(g, card, &c->blocked, 0);
}

int arb_nblocks(const arb_game *g) { return g->blocks.n / 2; }

static int set_block(arb_game *g, int32_t at, int32_t v) {
  int32_t *b = ARB_VEC(g->blocks, int32_t);
  TRY(arb_journal_push(g, J_BLOCK_SET, at, 0, b[at]));
  b[at] = v;
  return ARB_OK;
}

/* A creature that becomes attacking again after leaving combat is a new
** attacking creature (a new object if it changed zones, 217.1c): the blocks of
** its earlier self go, the later pairs moving down (journaled). */
static int forget_pairs(arb_game *g, int card, int side) {
  int32_t i, k = 0;
  for (i = 0; i < g->blocks.n; i += 2) {
    const int32_t *b = ARB_VEC(g->blocks, int32_t);
    int32_t blocker = b[i], a = b[i + 1];
    if (b[i + side] == card) continue;
    if (k != i) { TRY(set_block(g, k, blocker)); TRY(set_block(g, k + 1, a)); }
    k += 2;
  }
  while (g->blocks.n > k) {
    TRY(arb_journal_push(g, J_BLOCK_POP, 0, 0, ARB_VEC(g->blocks, int32_t)[g->blocks.n - 1]));
    g->blocks.n--;
  }
  return ARB_OK;
}

int arb_blocks_forget(arb_game *g, int attacker) { return forget_pairs(g, attacker, 1); }

/* A creature out of combat that an effect makes block again (False Orders): the pairs of its
** earlier blocks go, so its damage goes only where it blocks now. */
int arb_blocks_forget_blocker(arb_game *g, int blocker) { return forget_pairs(g, blocker, 0); }

void arb_block_get(const arb_game *g, int i, int *blocker, int *attacker) {
  *blocker = ARB_VEC(g->blocks, int32_t)[2 * i];
  *attacker = ARB_VEC(g->blocks, int32_t)[2 * i + 1];
}

/* Creatures leave combat; "until end of combat" ends. */
/* Creatures leave combat. Only permanents hold combat state (arb_place clears
** it when a card leaves the battlefield), so the battlefield is scanned. */
int arb_end_combat(arb_game *g) {
  const arb_zone *z = battlefield(g);
  int i;
  for (i = 0; i < z->n; i++) {
    int id = z->cards[i];
    arb_card *c = card_at(g, id);
    if (c->attacking >= 0) TRY(arb_jset_card(g, id, &c->attacking, -1));
    if (c->band >= 0) TRY(arb_jset_card(g, id, &c->band, -1));
    if (c->blocking) TRY(arb_jset_card(g, id, &c->blocking, 0));
    if (c->blocked) TRY(arb_jset_card8(g, id, &c->blocked, 0));
    if (c->dealt_first) TRY(arb_jset_card8(g, id, &c->dealt_first, 0));
  }
  while (g->blocks.n > 0) {
    int32_t v = ARB_VEC(g->blocks, int32_t)[g->blocks.n - 1];
    TRY(arb_journal_push(g, J_BLOCK_POP, 0, 0, v));
    g->blocks.n--;
  }
  return ARB_OK;
}
