/*
** mana.c — mana pools (docs/API.md, "Costs and mana").
** Each player has a pool of six slots (W U B R G and colorless). Mana
** abilities add to it (the Lua layer records the "mana" event); costs spend
** from it. The pool empties when a step or phase ends (arb_step calls
** arb_mana_empty on entering the next one); the owner of unspent mana loses
** that much life — mana burn (older guide 003, "End of Combat ... check for
** mana burn") — unless the no_mana_burn house rule is on. Mana burn is loss
** of life, not damage: a "life" event, which damage prevention doesn't stop.
*/
#include <string.h>
#include "game.h"

int arb_mana_add(arb_game *g, int player, int k, int32_t n) {
  arb_player *p;
  int64_t v;
  if (player < 0 || player >= g->nplayers || k < 0 || k >= ARB_NMANA) return ARB_EARG;
  p = &g->players[player];
  v = (int64_t)p->mana[k] + n;
  if (v < 0 || v > INT32_MAX) return ARB_EARG;   /* spending more than the pool holds */
  return arb_jset_player(g, player, &p->mana[k], (int32_t)v);
}

/* The mana a replacement left in the event (issue 25, bug 5: the pool and the
** history agree): a changed amount changes the first color produced (a
** smaller one takes from the first colors on), never below nothing. */
static void as_replaced(int32_t *add, int32_t total, int32_t amount) {
  int k;
  int32_t d = (amount < 0 ? 0 : amount) - total;
  for (k = 0; k < ARB_NMANA && d > 0; k++)
    if (add[k]) { add[k] += d; d = 0; }
  for (k = 0; k < ARB_NMANA && d < 0; k++) {
    int32_t t = add[k] < -d ? add[k] : -d;
    add[k] -= t;
    d += t;
  }
}

/* The flags of an event of mana of one kind (its slot), 0 for several kinds. */
static int16_t one_kind(const int32_t *amounts) {
  int k, slot = -1;
  for (k = 0; k < ARB_NMANA; k++) {
    if (!amounts[k]) continue;
    if (slot >= 0) return 0;
    slot = k;
  }
  return slot < 0 ? 0 : (int16_t)((slot + 1) << ARB_EVF_MANA_SHIFT);
}

int arb_mana_remove(arb_game *g, int player, const int32_t *amounts) {
  int k, replaced, id;
  if (player < 0 || player >= g->nplayers) return ARB_EARG;
  if ((id = arb_intern(g, "mana_removed", 12)) < 0) return ARB_ENOMEM;
  for (k = 0; k < ARB_NMANA && !g->over; k++) {
    arb_event ev;
    int32_t have, n;
    if (amounts[k] <= 0) continue;
    arb_event_init(&ev, ARB_EV_NAMED);
    ev.name = id;
    ev.player = player;
    ev.amount = amounts[k];
    ev.flags = (int16_t)((k + 1) << ARB_EVF_MANA_SHIFT);
    TRY(arb_replace(g, &ev, &replaced));
    if (replaced || g->over) continue;
    if (ev.player < 0 || ev.player >= g->nplayers) ev.player = player;
    have = g->players[ev.player].mana[k];
    n = ev.amount < 0 ? 0 : ev.amount > have ? have : ev.amount;
    ev.amount = n;
    if (n) TRY(arb_mana_add(g, ev.player, k, -n));
    TRY(arb_record(g, &ev));
  }
  return ARB_OK;
}

/* 406.1: a mana ability resolves at once, without the stack. */
int arb_mana_produce(arb_game *g, int player, int card, int tap, const int32_t *amounts) {
  arb_event ev;
  int k, replaced;
  int32_t total = 0, add[ARB_NMANA];
  if (g->over) return ARB_OK;
  if (tap && card >= 0) TRY(arb_tap(g, card, 1));
  for (k = 0; k < ARB_NMANA; k++) { add[k] = amounts[k]; total += amounts[k]; }
  arb_event_init(&ev, ARB_EV_NAMED);
  if (!g->mana_str) {                 /* interned once: strings are never removed */
    int id = arb_intern(g, "mana", 4);
    if (id < 0) return ARB_ENOMEM;
    g->mana_str = id + 1;
  }
  ev.name = g->mana_str - 1;
  ev.player = player;
  ev.card = ev.source = card;
  ev.amount = total;
  ev.flags = one_kind(amounts);
  if (!ev.flags && total > 0) {       /* several kinds: each one's amount, kept beside it */
    ev.flags = ARB_EVF_MANA_MIXED;
    TRY(arb_side_append(g, add, ARB_NMANA, &ev.target_card));
  }
  /* replaced, then added as the event now says, then recorded (observers and
  ** triggered mana abilities see the mana in the pool) */
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over) return ARB_OK;
  if (ev.amount != total) {
    as_replaced(add, total, ev.amount);
    if (ARB_EV_MIXED_MANA(&ev)) TRY(arb_side_append(g, add, ARB_NMANA, &ev.target_card));
  }
  if (ev.player < 0 || ev.player >= g->nplayers) ev.player = player;
  for (k = 0; k < ARB_NMANA; k++)
    if (add[k]) TRY(arb_mana_add(g, ev.player, k, add[k]));
  return arb_record(g, &ev);
}

/* Could host code that may ask a player something run as a payment's sources are played: a
** replacement or observer of "tap" events or of the "mana" event (a named event's without a
** name too)? Then the
** player's picks are asked between the taps, as the host's payment asks them. Triggered
** abilities wait for the stack (their conditions only read), characteristics only read; a
** declared triggered mana ability (counted) only adds its declared mana. */
int arb_mana_interleaved(const arb_game *g) {
  int i, mana;
  if (g->neffects_of[ARB_FX_REPLACEMENT][ARB_EV_TAP] > 0 || g->neffects_of[ARB_FX_OBSERVER][ARB_EV_TAP] > 0) return 1;
  if (!g->neffects_of[ARB_FX_REPLACEMENT][ARB_EV_NAMED] && !g->neffects_of[ARB_FX_OBSERVER][ARB_EV_NAMED]) return 0;
  mana = g->mana_str ? g->mana_str - 1 : arb_find_str(g, "mana", 4);
  for (i = 0; i < g->effects.n; i++) {        /* (an effect on other named events: not the payment's) */
    const arb_effect *fx = &ARB_VEC(g->effects, arb_effect)[i];
    if (fx->active == ARB_FX_ON && fx->type == ARB_EV_NAMED && fx->kind != ARB_FX_TRIGGER
        && (fx->name < 0 || fx->name == mana) && !fx->counted) return 1;
  }
  return 0;
}

/* Does a tap change only power and toughness (418.5c)? A tapped state read by declared filters
** alone (ARB_DEP_TAPPED without ARB_DEP_TAPPED_HOST: `tapped = false`, static.c) whose effects
** all act in the P/T layers only (Castle's "untapped creatures you control get +0/+2"): no
** source's abilities, types, colors or controller follow it, so a payment's sources and mana
** are what they were before the tap. */
static int taps_change_pt_only(const arb_game *g) {
  int i;
  if (g->deps & ARB_DEP_TAPPED_HOST) return 0;
  for (i = 0; i < g->statics.n; i++) {
    const arb_static *st = &ARB_VEC(g->statics, arb_static)[i];
    if (!(st->filter & ARB_FILT_UNTAPPED)) continue;
    if (st->copy || st->controller >= 0 || st->nwords || st->types || st->nsubs || st->nabil || st->nrem
        || st->remove_all || st->colors || st->prohibit || st->max_hand != ARB_NOSET || st->players
        || st->copy_gain)
      return 0;
  }
  return 1;
}

/* Could anything but the mana abilities themselves act on a payment's taps and mana now? An
** active replacement, trigger or observer of "tap" events or of the "mana" event (a named
** event's effect without a name too), characteristics computed from what a tap or an event
** changes (a predicate that read a tapped state, the history or anything off the battlefield:
** a source's types could change as another taps; not a tap that changes only P/T:
** taps_change_pt_only), or a game that is over (mana abilities then add nothing). When nothing
** does, tapping plain sources adds exactly their mana, so a payment's plan can be followed
** without playing it (lua/arbiter/mana.lua, arbiter._can_pay).
** (counted_ok: a declared triggered mana ability's observer doesn't count; triggers_wait: nor does
** a triggered ability, ARB_FX_TRIGGER) */
static int watched(const arb_game *g, int counted_ok, int triggers_wait) {
  int i, k, mana;
  if (g->over || (g->deps & (ARB_DEP_HISTORY | ARB_DEP_WORLD))) return 1;
  if ((g->deps & ARB_DEP_TAPPED) && !taps_change_pt_only(g)) return 1;
  for (k = 0; k < 3; k++)
    if (g->neffects_of[k][ARB_EV_TAP] > 0 && !(triggers_wait && k == ARB_FX_TRIGGER)) return 1;
  if (!arb_hooked(g, ARB_EV_NAMED)) return 0;
  mana = g->mana_str ? g->mana_str - 1 : arb_find_str(g, "mana", 4);
  for (i = 0; i < g->effects.n; i++) {
    const arb_effect *fx = &ARB_VEC(g->effects, arb_effect)[i];
    if (fx->active == ARB_FX_ON && fx->type == ARB_EV_NAMED && (fx->name < 0 || fx->name == mana)
        && !(counted_ok && fx->counted && fx->name == mana)
        && !(triggers_wait && fx->kind == ARB_FX_TRIGGER)) return 1;
  }
  return 0;
}

int arb_mana_watched(const arb_game *g) { return watched(g, 0, 0); }

/* (a declared triggered mana ability only adds its declared mana as a source is tapped: a plan
** that adds it too answers as the payment does) */
int arb_mana_watched_uncounted(const arb_game *g) { return watched(g, 1, 0); }

/* (and a triggered ability that isn't a mana ability waits for the stack, 410.3-410.4 of the era:
** the payment's taps trigger it as the host's payment's would, its sources and mana unchanged) */
int arb_mana_watched_paying(const arb_game *g) { return watched(g, 1, 1); }

/* A triggered ability that isn't a mana ability waits for the stack (410.3-410.4 of the era; the
** triggered mana abilities are observers, effects.lua: 406.1b) and its condition only reads: the
** payment's mana is what its sources add, as the plan says (Lifetap, Psychic Venom, Manabarbs) */
int arb_mana_watched_now(const arb_game *g) { return watched(g, 0, 1); }

/* the simple source's slot if card c of player can be tapped for mana now, else -1 (a copy's
** mana abilities are the copied card's: 503) */
static int simple_slot(const arb_game *g, const arb_card *c, int player) {
  int mprod = c->mprod;   /* a copy's: the copied card's (503, characteristics.c) */
  (void)g;
  if (c->controller != player || c->tapped || !mprod || c->facedown) return -1;
  if (arb_card_sick(c) && (c->types & ARB_T_CREATURE) && !arb_card_has(c, ARB_AB_HASTE)) return -1;
  return mprod - 1;
}

/* the code the host gave card id (its abilities' kinds: arb_mana_choice), 0: none */
static int32_t choice_code(const arb_mana_choice *ch, int nch, int32_t id) {
  int i;
  for (i = 0; i < nch; i++) if (ch[i].card == id) return ch[i].code;
  return 0;
}

int arb_mana_available(arb_game *g, int player, int32_t *out) {
  const arb_zone *b = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int i, k;
  for (k = 0; k < ARB_NMANA; k++) out[k] = g->players[player].mana[k];
  for (i = 0; i < b->n; i++) {
    const arb_card *c = card_at(g, b->cards[i]);
    if (c->mcomplex && !c->facedown && c->controller == player && (!c->tapped || c->mcomplex & ARB_MANA_UNTAPPED)) return 0;
    if ((k = simple_slot(g, c, player)) >= 0) out[k]++;
  }
  return 1;
}

int arb_mana_source(const arb_card *c, int player) {
  if (c->controller != player || c->facedown || !(c->mprod || c->mcomplex)) return ARB_SRC_NONE;
  if (c->mcomplex) {
    if (c->tapped) return c->mcomplex & ARB_MANA_UNTAPPED ? ARB_SRC_HOST : ARB_SRC_NONE;
    return ARB_SRC_CHOICE;
  }
  return c->tapped ? ARB_SRC_NONE : ARB_SRC_SIMPLE;
}

/* A source a payment may use: its card, and for a choice source the host's code (0: a simple
** source, of kind mprod - 1). */
typedef arb_mana_choice source;

/* Player's sources a payment may use now, in battlefield order, into src (*n of them): simple
** ones (untapped, not a summoning-sick creature without haste: 502.5b) and the choice sources
** the host described. 0 when another source could be played (a mana ability the core doesn't
** model, untapped, or tapped with one whose cost has no {T}, 409.1f, unless the host said it has
** none now: ARB_MANA_NONE): the host pays then.
** *conv: one is a converter (ARB_MANA_CONVERTER: left out, the host's for a color short). */
static int read_sources(arb_game *g, int player, const arb_mana_choice *ch, int nch, source *src, int *n,
                        int *conv) {
  const arb_zone *b = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int i;
  *n = *conv = 0;
  for (i = 0; i < b->n; i++) {
    const arb_card *c = card_at(g, b->cards[i]);
    int32_t code = 0;
    switch (arb_mana_source(c, player)) {
    case ARB_SRC_NONE: continue;
    case ARB_SRC_HOST:
      if (choice_code(ch, nch, c->id) != ARB_MANA_NONE) return 0;
      continue;
    case ARB_SRC_CHOICE:
      if (!(code = choice_code(ch, nch, c->id))) return 0;
      if (code == ARB_MANA_CONVERTER) { *conv = 1; continue; }   /* (only for a color short) */
      break;
    default: break;
    }
    if (arb_card_sick(c) && (c->types & ARB_T_CREATURE) && !arb_card_has(c, ARB_AB_HASTE)) continue;
    src[*n].card = b->cards[i];
    src[(*n)++].code = code;
  }
  return 1;
}

/* Whether mana of kind k pays a symbol of slot (-1: generic): its own color, or a color it may
** be spent as (as: bit 5 * k + slot, rules.mana_as: Sunglasses of Urza) */
static int pays_for(int k, int slot, uint32_t as) {
  return slot < 0 || k == slot || (k < 5 && (as >> (5 * k + slot) & 1));
}

/* The kind source s makes for a symbol of `slot` (-1: generic), else -1: a simple source's one
** kind; a choice source's first ability of a kind that pays it (pays_for), or its first one for
** generic (the host's payment plays the same). *basic: a choice source's ability is a basic
** land type's (212.6e). */
static int source_kind(const arb_card *c, int32_t code, int slot, uint32_t as, int *basic) {
  int i, k;
  *basic = 0;
  if (!code) return pays_for(c->mprod - 1, slot, as) ? c->mprod - 1 : -1;
  for (i = 0; i < ARB_MANA_CHOICES && (k = (code >> 4 * i) & 15) != 0; i++)
    if (pays_for((k & 7) - 1, slot, as)) { *basic = (k & 8) != 0; return (k & 7) - 1; }
  return -1;
}

/* How many mana source s's ability makes (a simple source's: one) */
static int source_amount(const source *s) { return 1 + (s->code >> ARB_MANA_AMOUNT & 15); }

/* Whether the ability card c plays (a choice source's: basic, as source_kind said) is a basic
** land type's (212.6e), the one every land of that type has: a simple source's one mana ability
** is when it has that land type (it has no other one) and no effect changed its abilities
** (xact: the host's list may then be another's). */
static int basic_ability(arb_game *g, const arb_card *c, int32_t code, int basic) {
  int k = c->mprod - 1, id;
  if (code) return basic;
  if (k < 0 || k >= 5 || c->mcomplex || c->xact) return 0;
  id = arb_word_str(g, ARB_WORD_LAND + k);      /* the land words run Plains..Forest, as W..G */
  return id >= 0 && arb_card_has_subtype(g, c, id);
}

/* Picks the first unused source of slot (any slot when slot < 0) into *pick, the kind it makes
** into *made; *pick = -1 when none. *same: 1 when every other candidate plays the same ability
** (409.1f: no choice), a copy of the first (same name, same abilities: the same definition, the
** name being no other's, arb_card.namesake) or a basic land type's
** ability of the same kind as the first's (212.6e); 0 when one plays another (the player
** chooses: one making another kind of mana plays another ability); -1 when the core can't tell
** (one of the same kind, an effect changed a candidate's activated abilities, xact: the host's
** lists say which are the same ability, and its payment asks or not). */
static void first_source(arb_game *g, const source *src, int n, int slot, uint32_t as, const uint8_t *used,
                         int *pick, int *made, int *same) {
  int i, k, basic, fbasic = 0;
  *pick = -1;
  *same = 1;
  for (i = 0; i < n; i++) {
    const arb_card *c, *f;
    if (used[i]) continue;
    c = card_at(g, src[i].card);
    if ((k = source_kind(c, src[i].code, slot, as, &basic)) < 0) continue;
    if (*pick < 0) { *pick = i; *made = k; fbasic = basic; continue; }
    f = card_at(g, src[*pick].card);
    if (k == *made && basic_ability(g, f, src[*pick].code, fbasic) && basic_ability(g, c, src[i].code, basic)) continue;
    if (k != *made) { *same = 0; return; }      /* another mana: another ability, whatever the lists */
    if (f->xact || c->xact) { *same = -1; return; }
    if (f->name == c->name && f->mprod == c->mprod && src[*pick].code == src[i].code) {
      /* a copy, unless another definition has the name: the host's lists tell (by identity) */
      if (arb_printed(g, f)->namesake || arb_printed(g, c)->namesake) { *same = -1; return; }
      continue;
    }
    *same = 0;
    return;
  }
}

/* The source a payment taps for a symbol of slot (-1: generic), into *pick and the kind it makes
** into *kind: the first unused one when no choice matters, else the player's pick, the next of
** ans's answers (its position among the candidates: every unused source that makes the kind,
** battlefield order, as the host's payment lists them). 1: picked; 0: none left; -1: the host
** pays (a choice without an answer: ans->ask = the number of candidates when ans could hold
** one; or a choice the core can't tell). */
static int choose_source(arb_game *g, const source *src, int n, int slot, uint32_t as, const uint8_t *used,
                         arb_mana_answers *ans, int *pick, int *kind) {
  int i, k, basic, same, left;
  first_source(g, src, n, slot, as, used, pick, kind, &same);
  if (*pick < 0) return 0;
  if (same > 0) return 1;
  if (same < 0 || !ans) return -1;
  left = ans->used < ans->nans ? ans->answers[ans->used] : 0;
  for (i = *pick, k = 0; i < n; i++) {
    int kd;
    if (used[i] || (kd = source_kind(card_at(g, src[i].card), src[i].code, slot, as, &basic)) < 0) continue;
    k++;
    if (k == left) { *pick = i; *kind = kd; ans->used++; return 1; }
  }
  if (ans->used == ans->nans) ans->ask = k;
  return -1;
}

/* The pool slot a colored symbol of slot takes from: its own, else the first color that may
** be spent as it (as, W..G order: the host's spent_as); -1: none */
static int pool_for(const int32_t *pool, int slot, uint32_t as) {
  int j;
  if (pool[slot] > 0) return slot;
  for (j = 0; as && j < 5; j++) if (pool[j] > 0 && (as >> (5 * j + slot) & 1)) return j;
  return -1;
}

/* The declared triggered mana abilities' mana (arb_mana_pay_simple's extra) for source card, into
** pool: the source made mana of slot k */
static void add_extra(int32_t *pool, const int32_t *extra, int nx, int32_t card, int k) {
  int32_t x = 0;
  int i, s;
  for (i = 0; i < nx; i++) if (extra[2 * i] == card) x += extra[2 * i + 1];
  for (s = 0; x; s++, x >>= 4) pool[s < ARB_MX_PRODUCED / 4 ? s : k] += x & 15;
}

/* The plan taps source `pick` of st's for mana of slot `kind`: its mana (and the declared
** triggered mana abilities', extra) joins the plan's pool */
static void use_source(arb_mana_resume *st, int pick, int kind, const int32_t *extra, int nx) {
  int n = st->n++;
  st->used[pick] = 1;
  st->made[n] = (uint8_t)kind;
  st->many[n] = (uint8_t)source_amount(&st->src[pick]);
  st->plan[n] = st->src[pick].card;
  st->pool[kind] += st->many[n];
  if (nx) add_extra(st->pool, extra, nx, st->src[pick].card, kind);
}

int arb_mana_pay_simple(arb_game *g, int player, const int32_t *need, uint32_t as, const arb_mana_choice *ch,
                        int nch, arb_mana_answers *ans, const int32_t *extra, int nx, int *paid) {
  const arb_zone *b = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  arb_mana_resume own, *st = ans && ans->plan ? ans->plan : &own;
  int32_t *pool = st->pool, *take = st->take, *short_need = st->short_need, left = 0;
  source *src = st->src;
  uint8_t *used = st->used;
  int k = 0, j, pick, kind = 0, rc, part = 0, resume = st == &own ? 0 : st->stage;
  int32_t xs = ans && ans->xs > 0 && ans->xs <= need[5] ? ans->xs : 0;
  *paid = 0;
  st->stage = 0;
  if (ans) {
    ans->ask = 0, ans->short_slot = -1, ans->short_need = 0;
    if (!resume) {
      ans->used = 0;
      for (k = 0; k < ARB_NMANA; k++) ans->x_spent[k] = 0;
    }
  }
  TRY(arb_chars_refresh(g));                   /* mprod follows the type layer (212.6e) */
  if (g->over || b->n > 256) return ARB_OK;
  if (resume) {                                /* the choice it stopped at, with its new answer */
    k = st->k, left = st->left, part = st->part;
    if (resume == 1) goto colored;
    goto generic;
  }
  if (!read_sources(g, player, ch, nch, src, &st->nsrc, &st->conv)) { *paid = -1; return ARB_OK; }
  memset(used, 0, (size_t)st->nsrc);
  st->n = st->short_any = 0;
  for (k = 0; k < ARB_NMANA; k++) pool[k] = g->players[player].mana[k], take[k] = 0;
  for (k = 0; k < 5; k++) short_need[k] = 0;
  for (k = 0; k < 5; k++)                      /* colored symbols first */
    for (left = need[k]; left > 0;) {
      if ((j = pool_for(pool, k, as)) >= 0) {
        int32_t t = pool[j] < left ? pool[j] : left;
        pool[j] -= t; take[j] += t; left -= t;
        continue;
      }
    colored:
      if ((rc = choose_source(g, src, st->nsrc, k, as, used, ans, &pick, &kind)) < 0) {
        if (ans && ans->ask) st->stage = 1, st->k = k, st->left = left;   /* (resumed there) */
        return ARB_OK;
      }
      if (!rc) { short_need[k] = left; st->short_any = 1; break; }   /* the host's payment goes on */
      use_source(st, pick, kind, extra, nx);
    }
  for (k = 0; st->short_any && k < 5; k++)     /* a color short: what the later colors left of it */
    for (left = short_need[k]; left > 0;) {
      if ((j = pool_for(pool, k, as)) < 0) {
        if (ans && !st->conv) ans->short_slot = k, ans->short_need = left;   /* (a converter: the host's) */
        return ARB_OK;
      }
      short_need[k] = pool[j] < left ? pool[j] : left;
      pool[j] -= short_need[k]; take[j] += short_need[k]; left -= short_need[k];
    }
  for (part = 0; part < 2; part++)             /* generic: the printed symbols, then {X} (ans->xs) */
    for (left = part ? xs : need[5] - xs; left > 0;) {   /* colorless, then colors, then sources */
      int s = pool[ARB_MANA_C] > 0 ? ARB_MANA_C : -1;
      for (k = 0; s < 0 && k < 5; k++) if (pool[k] > 0) s = k;
      if (s >= 0) {
        int32_t t = pool[s] < left ? pool[s] : left;
        pool[s] -= t; take[s] += t; left -= t;
        if (part) ans->x_spent[s] += t;
        continue;
      }
    generic:
      if ((rc = choose_source(g, src, st->nsrc, -1, 0, used, ans, &pick, &kind)) <= 0) {
        if (!rc && ans) ans->short_slot = 5, ans->short_need = left;
        if (rc < 0 && ans && ans->ask) st->stage = 2, st->part = part, st->left = left;
        return ARB_OK;
      }
      use_source(st, pick, kind, extra, nx);
    }
  {                                            /* the plan holds: carry it out */
    int i;
    for (i = 0; ans && i < ans->used; i++) TRY(arb_note_choice(g));   /* the player's picks (421.5) */
    for (i = 0; i < st->n; i++) {
      int32_t amounts[ARB_NMANA] = {0, 0, 0, 0, 0, 0};
      amounts[st->made[i]] = st->many[i];
      TRY(arb_mana_produce(g, player, st->plan[i], 1, amounts));
    }
    for (k = 0; k < ARB_NMANA; k++)
      if (take[k]) TRY(arb_mana_add(g, player, k, -take[k]));
  }
  *paid = 1;
  return ARB_OK;
}

/* A house rule's setting, journaled like any change (422: a failed
** g:attempt around g:add_house_rule gives mana burn back). */
int arb_set_mana_burn(arb_game *g, int on) { return arb_jset_game(g, &g->no_mana_burn, !on); }

/* 003 mana burn: unspent mana costs its owner that much life. */
int arb_mana_empty(arb_game *g) {
  int i, k;
  for (i = 0; i < g->nplayers; i++) {
    int64_t total = 0;
    int32_t any = 0;
    for (k = 0; k < ARB_NMANA; k++) any |= g->players[i].mana[k];
    if (!any) continue;              /* most steps end with empty pools: one pass, no branch a color */
    for (k = 0; k < ARB_NMANA; k++) {
      if (g->players[i].mana[k] == 0) continue;   /* most steps end with empty pools */
      total += g->players[i].mana[k];
      TRY(arb_jset_player(g, i, &g->players[i].mana[k], 0));
    }
    if (total > 0 && !g->no_mana_burn && !g->over && !g->players[i].lost)
      TRY(arb_life_change(g, i, (int32_t)-(total > INT32_MAX ? INT32_MAX : total)));
  }
  return ARB_OK;
}
