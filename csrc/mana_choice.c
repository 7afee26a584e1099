/*
** mana_choice.c — what mana a player could make when some sources offer a choice of color (a
** dual land, Birds of Paradise: several "{T}: add one mana" abilities, 406.1) or make several
** mana of one kind (Sol Ring, Mana Vault), for the default main phase's scan (lmain_scan.c).
** The count and the plan copy the host's (lua/arbiter/mana.lua: arbiter._available's count,
** arbiter._affordable, arbiter._can_pay's per-color bound and plan_pays' greedy), so the scan
** offers exactly the spells the host's round would.
*/
#include "game.h"

/* A source's description for the count: 0 unknown; NONE adds nothing; ONE | amount << 4 | slot
** (1..6, W..G then colorless): one ability adding amount of one kind; else a choice code (the
** slots of its abilities, each adding one mana: slot | 8 for a basic land type's, 4 bits each) */
/* Whether mana of slot s (0..5) pays a symbol of color k (0..4): its own, or one it may be spent
** as (as: bit 5 * s + k, rules.mana_as: Sunglasses of Urza; colorless never) */
static int pays_as(int s, int k, uint32_t as) {
  return s == k || (s < 5 && (as >> (5 * s + k) & 1));
}

/* The slot of the mana source d's ability adds when the payment plays it for a symbol of color k
** (the host's plays: a choice source's first ability whose mana pays it), -1 when none does */
static int plays_for(int32_t d, int k, uint32_t as) {
  int i;
  if (d & ARB_MCOUNT_ONE) return pays_as((d & 7) - 1, k, as) ? (d & 7) - 1 : -1;
  for (i = 0; i < ARB_MANA_CHOICES && (d & 15); i++, d >>= 4)
    if (pays_as((d & 7) - 1, k, as)) return (d & 7) - 1;
  return -1;
}

/* the pool's slot a symbol of color k takes: its own, else the first color (W..G) that may be spent
** as it (the host's spent_as); -1: none */
static int pool_for(const int64_t *pool, int k, uint32_t as) {
  int j;
  if (pool[k] > 0) return k;
  for (j = 0; as && j < 5; j++) if (pool[j] > 0 && (as >> (5 * j + k) & 1)) return j;
  return -1;
}

/* how many of a choice code's abilities add mana of slot k */
static int abilities_of_slot(int32_t d, int k) {
  int i, n = 0;
  for (i = 0; i < ARB_MANA_CHOICES && (d & 15); i++, d >>= 4) n += (d & 7) - 1 == k;
  return n;
}

/* the slots (bit k for slot k) a choice code's abilities add */
static int choice_slots(int32_t d) {
  int i, slots = 0;
  for (i = 0; i < ARB_MANA_CHOICES && (d & 15); i++, d >>= 4) slots |= 1 << ((d & 7) - 1);
  return slots;
}

static int32_t code_for(const arb_mana_choice *ch, int nch, int32_t id) {
  int i;
  for (i = 0; i < nch; i++) if (ch[i].card == id) return ch[i].code;
  return 0;
}

/* What card c adds to player's count: its description (NONE: nothing), or 0 when the host
** didn't describe it */
static int32_t source_of(const arb_card *c, int player, const arb_mana_choice *ch, int nch) {
  int32_t d;
  if (c->controller != player || c->facedown) return ARB_MCOUNT_NONE;
  if (c->mcomplex) {
    if (c->tapped && !(c->mcomplex & ARB_MANA_UNTAPPED)) return ARB_MCOUNT_NONE;   /* only {T} ones */
    if (!(d = code_for(ch, nch, c->id)) || d == ARB_MCOUNT_NONE || d == ARB_MCOUNT_CONV) return d;
    if (d & ARB_MCOUNT_ONE && ((d & 7) == 0 || (d & 7) == 7 || !(d >> 4 & 15))) return 0;   /* (no such kind) */
  } else if (c->mprod && !c->tapped) d = ARB_MCOUNT_ONE | 1 << 4 | c->mprod;
  else return ARB_MCOUNT_NONE;
  /* every ability described needs {T} (502.5b: a creature since the turn began, or haste) */
  if (arb_card_sick(c) && (c->types & ARB_T_CREATURE) && !arb_card_has(c, ARB_AB_HASTE)) return ARB_MCOUNT_NONE;
  return d;
}

int arb_mana_count(arb_game *g, int player, const arb_mana_choice *ch, int nch, arb_mana_counted *m) {
  int k;
  m->total = m->any = 0;
  m->inexact = m->conv = 0;
  m->as = 0;
  m->g = g, m->player = player;
  m->extra = NULL, m->nx = 0;
  m->stop = 0;
  for (k = 0; k < ARB_NMANA; k++) {
    m->have[k] = g->players[player].mana[k];
    m->total += m->have[k];
  }
  for (k = 0; k < 5; k++) m->most[k] = 0;
  return arb_mana_count_on(m, ch, nch);
}

int arb_mana_count_on(arb_mana_counted *m, const arb_mana_choice *ch, int nch) {
  arb_game *g = m->g;
  const arb_zone *b = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int i, k, player = m->player;
  m->ch = ch, m->nch = nch;
  for (i = m->stop; i < b->n; i++) {
    const arb_card *c = card_at(g, b->cards[i]);
    int32_t d;
    if (c->controller != player || !(c->mprod | c->mcomplex)) continue;   /* (most cards: quickly) */
    if (!c->mcomplex) {                     /* source_of's simple source, without the call */
      if (c->tapped || c->facedown || (arb_card_sick(c) && (c->types & ARB_T_CREATURE)
          && !arb_card_has(c, ARB_AB_HASTE))) continue;
      m->have[c->mprod - 1]++;
      m->total++;
      continue;
    }
    if ((d = source_of(c, player, ch, nch)) == ARB_MCOUNT_NONE) continue;
    if (!d) return m->stop = i, 0;
    if (d == ARB_MCOUNT_CONV) { m->conv = m->inexact = 1; continue; }   /* (adds nothing itself) */
    if (d & ARB_MCOUNT_ONE) {
      k = (d & 7) - 1;
      m->total += (d >> 4) & 15;
      if (k < 5) m->have[k] += (d >> 4) & 15;
    } else {
      int slots = choice_slots(d);
      m->total++;
      if ((slots & 31) == 31) m->any++;         /* one mana of any color (Birds) */
      else {                                   /* some colors: each one's most, and a plan decides */
        m->inexact = 1;
        for (k = 0; k < 5; k++) m->most[k] += abilities_of_slot(d, k);
      }
    }
  }
  return 1;
}

/* What the declared triggered mana abilities add as card is tapped for mana of slot k (406.1b:
** they resolve at once; arb_mana_pay_simple's extra, mana.c's add_extra), into pool */
static void add_extra(const arb_mana_counted *m, int64_t *pool, int32_t card, int k) {
  int32_t x = 0;
  int i, s;
  for (i = 0; i < m->nx; i++) if (m->extra[2 * i] == card) x += m->extra[2 * i + 1];
  for (s = 0; x; s++, x >>= 4) pool[s < ARB_MX_PRODUCED / 4 ? s : k] += x & 15;
}

/* (plan_pays) colored symbols from the pool (or mana spent as their color), then the first unused
** source (battlefield order) whose mana pays it, that mana joining the pool; one still short takes
** what later colors' sources made, else fails; generic by what is left and the unused sources */
int arb_mana_plan(const arb_mana_counted *m, const int64_t *cost) {
  arb_game *g = m->g;
  const arb_zone *b = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int64_t pool[ARB_NMANA], left = 0, shortfall[5] = {0, 0, 0, 0, 0};
  int32_t src[ARB_MCOUNT_MAX], card[ARB_MCOUNT_MAX];
  uint8_t used[ARB_MCOUNT_MAX] = {0};
  int i, k, j, s, n = 0;
  for (i = 0; i < b->n; i++) {             /* the sources counted, battlefield order */
    int32_t d = source_of(card_at(g, b->cards[i]), m->player, m->ch, m->nch);
    if (d == ARB_MCOUNT_NONE || d == ARB_MCOUNT_CONV) continue;   /* (a converter: only for a color short) */
    if (!d || n == ARB_MCOUNT_MAX) return -1;
    card[n] = b->cards[i];
    src[n++] = d;
  }
  for (k = 0; k < ARB_NMANA; k++) pool[k] = g->players[m->player].mana[k];
  for (k = 0; k < 5; k++)
    for (int64_t need = cost[k + 1]; need > 0;) {
      if ((j = pool_for(pool, k, m->as)) >= 0) {
        int64_t t = pool[j] < need ? pool[j] : need;
        pool[j] -= t; need -= t;
        continue;
      }
      for (j = 0, s = -1; j < n && (used[j] || (s = plays_for(src[j], k, m->as)) < 0); j++) {}
      if (j == n) { shortfall[k] = need; break; }
      used[j] = 1;
      pool[s] += src[j] & ARB_MCOUNT_ONE ? (src[j] >> 4) & 15 : 1;
      if (m->nx) add_extra(m, pool, card[j], s);
    }
  for (k = 0; k < 5; k++)
    for (int64_t need = shortfall[k]; need > 0;) {
      if ((j = pool_for(pool, k, m->as)) < 0) return m->conv ? -1 : 0;   /* (a converter may pay it) */
      int64_t t = pool[j] < need ? pool[j] : need;
      pool[j] -= t; need -= t;
    }
  for (i = 0; m->nx && i < n; i++)         /* the unused sources' declared mana (for generic) */
    if (!used[i]) add_extra(m, pool, card[i], (src[i] & 7) - 1);   /* (its first ability's kind) */
  for (k = 0; k < ARB_NMANA; k++) left += pool[k];
  for (i = 0; i < n; i++)
    if (!used[i]) left += src[i] & ARB_MCOUNT_ONE ? (src[i] >> 4) & 15 : 1;
  return left >= cost[0] - cost[1] - cost[2] - cost[3] - cost[4] - cost[5];
}

int arb_mana_affords(const arb_mana_counted *m, const int64_t *cost) {
  int64_t shortfall = 0;
  int k;
  if (cost[0] > m->total) return 0;
  for (k = 0; k < 5; k++)                                /* (no colored symbol: none short) */
    if (cost[k + 1] > m->have[k]) shortfall += cost[k + 1] - m->have[k];
  if (shortfall <= m->any) return 1;                     /* arbiter._affordable */
  if (m->as || m->conv) return -1;                       /* (mana spent as another color, a converter:
                                                            no per-color bound) */
  if (!m->inexact) return 0;
  for (k = 0; k < 5; k++)                                /* a color beyond all its sources */
    if (cost[k + 1] > m->have[k] + m->most[k] + m->any) return 0;
  return -1;
}
