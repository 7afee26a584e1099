/*
** characteristics.c — a card's current characteristics: its base ones with every
** continuous effect applied in the era's layer order (418.5: control, then
** type, then abilities and the other effects, then power/toughness: set,
** then modify including +1/+1 and -1/-1 counters, then switch; 418.5a: copy first, text-changing
** third, after control and before type: text.c), effects in
** timestamp order within a layer (ties: the order they began), except that an
** effect that depends on another of its layer applies after it (418.5c-d).
**
** Contract: the results are written into the card's current fields
** (controller, types, colors, abil, power, toughness), a cache of the
** base fields and the effects. arb_chars_refresh recomputes them only when
** something that can change them changed: g->cgen counts the journaled
** changes (all but RNG and waiting triggers; the history only when the last
** computation's host code read it, ARB_DEP_HISTORY) and rollbacks;
** chars_at is the cgen they were computed at. Reading them when nothing
** changed costs one compare, whatever the number of effects. When every change since was of
** one card that can carry its change to no other (compute_one), that card alone is computed.
** An effect's affected set is determined in the first layer it applies in
** and kept for the later ones; a predicate sees the objects as the earlier
** layers left them (reads during the computation don't recompute). A
** predicate that fails leaves the cache stale (recomputed from the base at
** the next read), never half-applied as if current.
** The computation changes nothing but the cache; a permanent whose computed
** controller changed is sick (arb_card_sick), and the control watch, run by
** the state-based check and at a turn's start, records it (arb_control_watch).
*/
#include <string.h>
#include "game.h"

/* The passes: the layers, with the prohibitions on attacking and blocking
** (restrictions the combat rules read as abilities) after every ability
** effect, so that "loses all abilities" can't lift them: a prohibition is
** not an ability of the card. */
enum { L_COPY, L_CONTROL, L_TEXT, L_TYPE, L_ABIL, L_PROHIBIT, L_PT_SET, L_PT_MOD, L_PT_SWITCH, NLAYERS };
enum { UNKNOWN, NO, YES };   /* the affected-set memo */

int arb_chars_fresh(const arb_game *g) { return g->computing || g->chars_at == g->cgen; }

/* (host code's reads: a tapped state read by it makes every tap count, ARB_DEP_TAPPED_HOST) */
void arb_chars_depend(arb_game *g, int what) {
  if (g->computing) g->deps |= what | (what & ARB_DEP_TAPPED ? ARB_DEP_TAPPED_HOST : 0);
}

void arb_chars_depend_card(arb_game *g, const arb_card *c) {
  if (g->computing && c->zone != arb_zone_id(g, -1, ARB_BATTLEFIELD)) g->deps |= ARB_DEP_WORLD;
}

static int acts_in(const arb_static *st, int layer) {
  switch (layer) {
  case L_COPY: return st->copy != 0;
  case L_CONTROL: return st->controller >= 0;
  case L_TEXT: return st->nwords != 0;
  case L_TYPE: return st->types != 0 || st->nsubs;
  case L_ABIL: return st->nabil || st->nrem || st->remove_all || st->colors;
  case L_PROHIBIT: return (st->prohibit & (ARB_PRO_ATTACK | ARB_PRO_BLOCK)) != 0;
  case L_PT_SET: return st->set_power != ARB_NOSET || st->set_toughness != ARB_NOSET ||
                        ((st->fnpt | st->cntpt) & (ARB_PT_SET_POWER | ARB_PT_SET_TOUGHNESS));
  case L_PT_MOD: return st->power || st->toughness || ((st->fnpt | st->cntpt) & (ARB_PT_POWER | ARB_PT_TOUGHNESS));
  default: return st->switch_pt;
  }
}

/* n instances of (kind, param) more. A card holds at most ARB_MAXABIL
** distinct abilities (a removed one's slot is reused), each at most ARB_MAXCOUNT times; one more is never
** dropped silently: the computation fails with ARB_EABIL naming the card (the
** call that caused it is undone, and the cache stays stale). */
static int add_ability(arb_game *g, arb_card *c, int kind, int param, int n) {
  int i, free_slot = -1;
  for (i = 0; i < c->nabil; i++) {
    if (c->abil[i].kind == kind && c->abil[i].param == param) {
      if (n > ARB_MAXCOUNT - c->abil[i].count) { g->abil_full = c->id; return ARB_EABIL; }
      c->abil[i].count = (int16_t)(c->abil[i].count + n);
      return ARB_OK;
    }
    if (c->abil[i].count == 0 && free_slot < 0) free_slot = i;
  }
  if (free_slot < 0) {
    if (c->nabil >= ARB_MAXABIL) { g->abil_full = c->id; return ARB_EABIL; }
    free_slot = c->nabil++;
  }
  c->abil[free_slot].kind = (uint16_t)kind;
  c->abil[free_slot].param = (uint16_t)param;
  c->abil[free_slot].count = (int16_t)n;   /* n <= ARB_MAXCOUNT: a static's own count (static.c) */
  return ARB_OK;
}

int arb_abil_full(const arb_game *g) { return g->abil_full; }

static void remove_ability(arb_card *c, int kind, int param) {
  int i;
  for (i = 0; i < c->nabil; i++)
    if (c->abil[i].kind == kind && (param == ARB_ANYPARAM || c->abil[i].param == param))
      c->abil[i].count = 0;
}

/* A P/T value the host computes (a function value; st NULL: the card's own
** characteristic-defining P/T), called in its layer like an affects predicate:
** once per card and refresh, never per read. */
static int host_pt(arb_game *g, const arb_static *st, const arb_card *c, int which, int32_t *v) {
  *v = 0;
  if (!g->hooks.pt) return ARB_OK;
  return g->hooks.pt(g->hooks.ud, g, st ? st->id : -1, c->id, which, v);
}

/* A declared count's permanent: does c have what k asks (types, supertypes, colors: all of
** them; the subtype sub; the name; none of not_types, not not_sub)? */
static int counted(const arb_game *g, const arb_ptcount *k, const arb_card *c, int sub, uint8_t types,
                   uint8_t colors) {
  return (c->types & types) == types && (c->supertypes & k->supers) == k->supers &&
         (c->colors & colors) == colors && !(c->types & k->not_types) &&
         (k->name < 0 || c->name == k->name) && (sub < 0 || arb_card_has_subtype(g, c, sub)) &&
         (k->not_sub < 0 || !arb_card_has_subtype(g, c, k->not_sub));
}

/* The count reads the permanents' controllers, types, subtypes, colors and names, which the
** earlier layers computed (418.5: the P/T layer is the last), and the source's controller and
** text: a change to any battlefield card counts for the cache already (journal.c); its reads are
** recorded as g:count_permanents records them (arb_chars_depend). A word that is a land type counts
** lands with it (212.6, g:count_permanents's type argument), a color word permanents of that color. */
int32_t arb_pt_count(arb_game *g, const arb_ptcount *k, int source, int halve) {
  const arb_card *s = card_at(g, source);
  const arb_zone *bf = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int i, sub = k->sub;
  int32_t n = 0;
  uint8_t types = k->types, colors = k->colors;
  if (!s || k->none) return 0;
  if (k->word >= 0) {
    int w = arb_text_word(s, k->word);
    if (w < ARB_WORD_LAND) colors |= (uint8_t)(1u << w);
    else if ((sub = arb_word_str(g, w)) < 0) return 0;     /* not interned: no card has it */
    else types |= ARB_T_LAND;
  }
  arb_chars_depend(g, ARB_DEP_R_TYPE | ARB_DEP_R_ABIL | (k->you ? ARB_DEP_R_CONTROL : 0));
  for (i = 0; i < bf->n; i++) {
    const arb_card *c = card_at(g, bf->cards[i]);
    if ((!k->you || c->controller == s->controller) && counted(g, k, c, sub, types, colors)) n++;
  }
  return halve == ARB_PTC_DOWN ? n / 2 : halve == ARB_PTC_UP ? (n + 1) / 2 : n;
}

/* The P/T layers' fields: constants, declared counts, or values the host computes now. */
static int pt_field(arb_game *g, const arb_static *st, const arb_card *c, int which, int32_t k, int32_t *v) {
  if (st->cntpt & which) {
    int at = which == ARB_PT_POWER ? 0 : which == ARB_PT_TOUGHNESS ? 1 : which == ARB_PT_SET_POWER ? 2 : 3;
    *v = arb_pt_count(g, &st->count, st->source, (st->cnthalve >> (2 * at)) & 3);
    return ARB_OK;
  }
  if (st->fnpt & which) return host_pt(g, st, c, which, v);
  *v = k;
  return ARB_OK;
}

static int apply_pt(arb_game *g, const arb_static *st, arb_card *c, int layer) {
  int32_t p, t;
  if (layer == L_PT_SET) {
    TRY(pt_field(g, st, c, ARB_PT_SET_POWER, st->set_power, &p));
    TRY(pt_field(g, st, c, ARB_PT_SET_TOUGHNESS, st->set_toughness, &t));
    if (p != ARB_NOSET) c->power = p;
    if (t != ARB_NOSET) c->toughness = t;
    return ARB_OK;
  }
  TRY(pt_field(g, st, c, ARB_PT_POWER, st->power, &p));
  TRY(pt_field(g, st, c, ARB_PT_TOUGHNESS, st->toughness, &t));
  c->power += p;
  c->toughness += t;
  return ARB_OK;
}

/* Characteristic-defining P/T (star/star: Nightmare, Plague Rats) of the cards on the
** battlefield: the printed value, computed first in the set layer (the era's
** rules treat it as the card's own P/T; effects that set or modify apply after). */
static int apply_cda(arb_game *g, const arb_zone *bf) {
  int i;
  for (i = 0; i < bf->n; i++) {
    arb_card *c = card_at(g, bf->cards[i]);
    int cda = c->facedown ? 0 : arb_printed(g, c)->cda;   /* face down: no text (504.1); a copy's:
                                                             the copied card's (503) */
    if (!cda) continue;
    if (cda & ARB_PT_POWER) TRY(host_pt(g, NULL, c, ARB_PT_POWER, &c->power));
    c = card_at(g, bf->cards[i]);
    if (cda & ARB_PT_TOUGHNESS) TRY(host_pt(g, NULL, c, ARB_PT_TOUGHNESS, &c->toughness));
  }
  return ARB_OK;
}

/* Its fast mana payment (mana.c) no longer describes it: the Lua layer's list does. */
static void mark_xact(arb_card *c, int why) {
  c->xact |= (uint8_t)why;
  c->mprod = 0;
  c->mcomplex = ARB_MANA_COMPLEX | ARB_MANA_UNTAPPED;   /* (its list may have one without {T}) */
}

/* Subtypes set or added (the type layer). Setting replaces the card's subtypes of the kinds
** named ("is a Swamp": every land type); 212.6e: a land whose land type is set loses the
** abilities of its rules text and its old land types' mana abilities, and has the new types'
** (the Lua layer lists them from the current subtypes); a land type added keeps the old. */
static int apply_subtypes(arb_game *g, const arb_static *st, arb_card *c) {
  const arb_ability *s = ARB_VEC(g->static_abil, arb_ability) + st->abil + st->nabil;
  int i, j;
  if (st->subset) {
    unsigned kinds = 0;
    for (i = 0; i < st->nsubs; i++) kinds |= 1u << s[i].count;
    for (i = j = 0; i < c->nsub; i++)
      if (!((kinds >> arb_subtype_kind(arb_str(g, c->subtypes[i]))) & 1)) c->subtypes[j++] = c->subtypes[i];
    c->nsub = (uint8_t)j;
    if ((kinds & (1u << ARB_SUB_LAND)) && (c->types & ARB_T_LAND)) {
      c->nabil = 0;                          /* the abilities of its rules text (212.6e) */
      mark_xact(c, ARB_XACT_LAND | ARB_XACT_LOST);
    }
  }
  for (i = 0; i < st->nsubs; i++) {
    int sub = arb_text_subtype(g, st, s[i].param);    /* as its source's text reads now */
    if (s[i].count == ARB_SUB_LAND) mark_xact(c, ARB_XACT_LAND);
    if (arb_card_has_subtype(g, c, sub)) continue;
    if (c->nsub >= ARB_MAXSUB) { g->abil_full = c->id; return ARB_ESUB; }
    c->subtypes[c->nsub++] = (uint16_t)sub;
  }
  return ARB_OK;
}

/* 503 (copy effects; 706 today), the era's first layer (418.5a: copy effects apply before all
** others): the affected card gets the copiable values of the card the effect copies, its printed
** ones (a copy of a copy was resolved to the original as the effect began), with the effect's
** exceptions (Vesuvan Doppelganger's color, Copy Artifact's "an enchantment in addition").
** Its subtypes and mana abilities are the copied card's printed ones; its definition follows
** through c->printed. */
static void apply_copy(arb_game *g, const arb_static *st, arb_card *c) {
  const arb_card *o = card_at(g, st->copy - 1);
  if (!o) return;
  c->printed = o->id;
  c->copy_st = st->id + 1;
  c->name = o->bname;
  c->types = (uint8_t)((st->copy_types ? st->copy_types : o->btypes) | st->copy_add);
  c->supertypes = o->bsupertypes;
  c->colors = st->copy_colors ? st->copy_colors : o->bcolors;
  c->power = o->bpower;
  c->toughness = o->btoughness;
  c->nabil = o->nbabil;
  if (o->nbabil) memcpy(c->abil, arb_card_babil(g, o), sizeof(arb_ability) * o->nbabil);
  c->nsub = o->nbsub;
  memcpy(c->subtypes, o->bsubtypes, sizeof c->subtypes);
  c->mprod = o->bmana & 63;
  c->mcomplex = o->bmana >> 6;
}

/* The abilities layer: colors, abilities removed and added (as the effect's source's text reads
** now: text.c). Protection added with an exception (add_static{except}: White Ward) leaves a
** mark naming the effect, which protection.c reads. */
static int apply_abilities(arb_game *g, const arb_static *st, arb_card *c, const arb_ability *a) {
  int i, marked = 0;
  if (st->colors) c->colors = (uint8_t)arb_text_colors(g, st, st->colors);   /* "is red": replaces */
  if (st->remove_all) {          /* "loses all abilities": its activated ones too, printed and a
                                 ** basic land type's intrinsic mana ability (212.6e); granted ones
                                 ** of later effects stay (their entries added below or after) */
    for (i = 0; i < c->nabil; i++) c->abil[i].count = 0;
    mark_xact(c, ARB_XACT_NONE);
  }
  for (i = 0; i < st->nrem; i++) {
    arb_ability r = arb_text_ability(g, st, a[st->rem + i]);
    remove_ability(c, r.kind, r.param);
  }
  for (i = 0; i < st->nabil; i++) {
    arb_ability x = arb_text_ability(g, st, a[st->abil + i]);
    if (x.kind == ARB_AB_GRANTED) mark_xact(c, ARB_XACT_GRANTED);   /* the effect's own */
    TRY(add_ability(g, c, x.kind, x.kind == ARB_AB_GRANTED ? st->id : x.param, x.count));
    if (x.kind == ARB_AB_PROTECTION && st->except && !marked++) TRY(add_ability(g, c, ARB_AB_EXCEPT, st->id, 1));
  }
  return ARB_OK;
}

static int apply(arb_game *g, const arb_static *st, arb_card *c, int layer) {
  const arb_ability *a = ARB_VEC(g->static_abil, arb_ability);
  switch (layer) {
  case L_COPY: apply_copy(g, st, c); break;
  case L_CONTROL: {   /* not a card that "can't change control" (the one check: static.c) */
    int locked = 0;    /* a change already seen (the control watch) has happened: it stays */
    if (st->controller != c->ctl_seen) TRY(arb_control_locked(g, c->id, st->ts, &locked));
    if (!locked) c->controller = st->controller;
    break;
  }
  case L_TEXT: arb_text_apply(g, st, c); break;
  case L_TYPE:
    c->types |= st->types;
    if (st->nsubs) return apply_subtypes(g, st, c);
    break;
  case L_ABIL: return apply_abilities(g, st, c, a);
  case L_PROHIBIT:
    if (st->prohibit & ARB_PRO_ATTACK) TRY(add_ability(g, c, ARB_AB_CANT_ATTACK, 0, 1));
    if (st->prohibit & ARB_PRO_BLOCK) TRY(add_ability(g, c, ARB_AB_CANT_BLOCK, 0, 1));
    break;
  case L_PT_SET: case L_PT_MOD: return apply_pt(g, st, c, layer);
  default: { int32_t t = c->power; c->power = c->toughness; c->toughness = t; }
  }
  return ARB_OK;
}

/* +1/+1 and -1/-1 counters, in the modify layer: on every permanent (only -1) or on one. */
static void apply_counters(arb_game *g, int only) {
  int i, plus, minus;
  if (g->counters.n == 0) return;          /* no counters: no name to look up */
  plus = arb_find_str(g, "+1/+1", 5);
  minus = arb_find_str(g, "-1/-1", 5);
  if (plus < 0 && minus < 0) return;
  for (i = 0; i < g->counters.n; i++) {
    arb_counter_rec *k = &ARB_VEC(g->counters, arb_counter_rec)[i];
    arb_card *c = card_at(g, k->card);
    int d = k->kind == plus ? k->n : k->kind == minus ? -k->n : 0;
    if (!d || !c || g->zones[c->zone].kind != ARB_BATTLEFIELD || (only >= 0 && k->card != only)) continue;
    c->power += d;
    c->toughness += d;
  }
}

/* The active effects by timestamp (then id), into order[0 .. *n). */
static void sort_effects(arb_game *g, int32_t *order, int *n) {
  int i, k = 0;
  const arb_static *s = ARB_VEC(g->statics, arb_static);
  for (i = 0; i < g->statics.n; i++) {
    int j;
    if (!s[i].active || s[i].players) continue;
    for (j = k; j > 0 && s[order[j - 1]].ts > s[i].ts; j--) order[j] = order[j - 1];
    order[j] = i;
    k++;
  }
  *n = k;
}

/* Every card the last computation changed is reset first (one that left the
** battlefield by a rollback is no longer there to be reset); then those on the
** battlefield and those elsewhere that a fixed set names are reset and marked.
** The marked cards are listed (g->named, room for every card reserved by
** arb_chars_refresh): the next computation visits them, not every card. */
static void mark(arb_game *g, arb_card *c) {
  if (c->named || g->named.n >= g->named.cap) return;
  arb_chars_reset(g, c);
  c->named = 1;
  ARB_VEC(g->named, int32_t)[g->named.n++] = c->id;
}

static void reset_all(arb_game *g, const arb_zone *bf, const int32_t *order, int ne) {
  int k, i, bf_id = (int)(bf - g->zones);
  for (i = 0; i < g->named.n; i++) {
    arb_card *c = card_at(g, ARB_VEC(g->named, int32_t)[i]);   /* NULL: its creation was undone */
    if (!c || !c->named) continue;
    c->named = 0;
    if (c->zone != bf_id) arb_chars_reset(g, c);       /* one on the battlefield is reset by mark below */
  }
  g->named.n = 0;
  for (i = 0; i < bf->n; i++) mark(g, card_at(g, bf->cards[i]));
  {  /* 504: a face-down spell is the face-down 2/2 (its flag is set off the battlefield) */
    const arb_zone *st = arb_zone_get(g, arb_zone_id(g, -1, ARB_STACK));
    for (i = 0; st && i < st->n; i++) {
      arb_card *c = card_at(g, st->cards[i]);
      if (c->facedown) mark(g, c);
    }
  }
  for (k = 0; k < ne; k++) {
    const arb_static *st = &ARB_VEC(g->statics, arb_static)[order[k]];
    const int32_t *e = static_set_of(g, st);
    for (i = 0; i < st->nset; i++, e += 2) {
      arb_card *c = e[0] >= 0 ? card_at(g, e[0]) : NULL;
      if (c && c->ts == e[1] && c->zone >= 0) mark(g, c);
    }
  }
}

/* The affected-set row of a predicate (or "all") effect: each battlefield card
** still UNKNOWN in row is asked now. *reads: what the predicates read of the
** characteristics (ARB_DEP_R_*), for 418.5c. */
#define ROW_BATCH 64

/* The cards of the row still UNKNOWN, their predicate asked in batches of up to
** ROW_BATCH per host call (hooks.affects_row): the same cards in the same order
** as one call each, without the host's per-call work (its game, function and
** source found again for every card: ~30 % of an Alpha game's predicates). */
static int eval_row_batched(arb_game *g, const arb_static *st, const arb_zone *bf, uint8_t *row) {
  int32_t ask[ROW_BATCH];
  int at[ROW_BATCH], i = 0, n, k;
  uint8_t yes[ROW_BATCH];
  while (i < bf->n) {
    for (n = 0; i < bf->n && n < ROW_BATCH; i++) {
      int v;
      if (row[i] != UNKNOWN) continue;
      v = arb_static_prejudge(g, st, bf->cards[i], -1);
      if (v != ARB_ASK_HOST) { row[i] = v ? YES : NO; continue; }
      ask[n] = bf->cards[i];
      at[n++] = i;
    }
    if (n) TRY(g->hooks.affects_row(g->hooks.ud, g, st->id, ask, n, yes));
    for (k = 0; k < n; k++) row[at[k]] = yes[k] ? YES : NO;
  }
  return ARB_OK;
}

static int eval_row(arb_game *g, const arb_static *st, const arb_zone *bf, uint8_t *row, int *reads) {
  int i, d0 = g->deps, rc = ARB_OK;
  g->deps = 0;
  if (arb_static_judge_row(g, st, bf, row, UNKNOWN, YES, NO)) rc = ARB_OK;   /* the core's own filter */
  else if (g->hooks.affects_row && g->hooks.affects) rc = eval_row_batched(g, st, bf, row);
  else
    for (i = 0; i < bf->n && !rc; i++)
      if (row[i] == UNKNOWN) {
        int yes;
        rc = arb_static_affects(g, st, bf->cards[i], -1, &yes);
        row[i] = yes ? YES : NO;
      }
  if (reads) *reads = g->deps;
  g->deps |= d0;
  return rc;
}

/* Applies one effect in this layer: to its fixed set, or to the battlefield
** cards its row (evaluated as needed) names. */
static int apply_effect(arb_game *g, const arb_static *st, const arb_zone *bf, uint8_t *row, int layer) {
  int i;
  if (st->affects == ARB_AFF_SET) {
    const int32_t *e = static_set_of(g, st);
    for (i = 0; i < st->nset; i++, e += 2) {
      arb_card *c = e[0] >= 0 ? card_at(g, e[0]) : NULL;
      if (c && c->ts == e[1]) TRY(apply(g, st, c, layer));
    }
    return ARB_OK;
  }
  TRY(eval_row(g, st, bf, row, NULL));
  for (i = 0; i < bf->n; i++)
    if (row[i] == YES) TRY(apply(g, st, card_at(g, bf->cards[i]), layer));
  return ARB_OK;
}

/* ---- 418.5c-d: dependency within a layer ----
** An effect depends on another of the same layer when applying the other would
** change what it applies to (here: a predicate's answers; what an effect does
** and whether it exists don't change with characteristics). A dependent
** effect waits until those it depends on have applied; effects in a loop
** apply in timestamp order. Tested only for a predicate that read what this
** layer changes (controller, types, abilities and colors, power/toughness):
** then the other effect is applied to a copy of the characteristics and the
** predicate asked again. */
static int layer_reads(int layer) {
  switch (layer) {
  case L_COPY: case L_TYPE: return ARB_DEP_R_TYPE;
  case L_CONTROL: return ARB_DEP_R_CONTROL;
  case L_TEXT: case L_ABIL: case L_PROHIBIT: return ARB_DEP_R_ABIL;
  default: return ARB_DEP_R_PT;
  }
}

typedef struct saved {
  int32_t controller, power, toughness;
  uint8_t types, colors, nabil, nsub, mprod, mcomplex, xact;
  uint8_t text[(ARB_NWORDS + 1) / 2];
  uint16_t subtypes[ARB_MAXSUB];
  arb_ability abil[ARB_MAXABIL];
} saved;

static void save_all(arb_game *g, saved *s) {
  int i;
  for (i = 0; i < g->cards.n; i++) {
    const arb_card *c = card_at(g, i);
    s[i].controller = c->controller; s[i].power = c->power; s[i].toughness = c->toughness;
    s[i].types = c->types; s[i].colors = c->colors; s[i].nabil = c->nabil;
    s[i].nsub = c->nsub; s[i].mprod = c->mprod; s[i].mcomplex = c->mcomplex; s[i].xact = c->xact;
    memcpy(s[i].subtypes, c->subtypes, sizeof c->subtypes);
    memcpy(s[i].text, c->text, sizeof c->text);
    memcpy(s[i].abil, c->abil, sizeof c->abil);
  }
}

static void restore_all(arb_game *g, const saved *s) {
  int i;
  for (i = 0; i < g->cards.n; i++) {
    arb_card *c = card_at(g, i);
    c->controller = s[i].controller; c->power = s[i].power; c->toughness = s[i].toughness;
    c->types = s[i].types; c->colors = s[i].colors; c->nabil = s[i].nabil;
    c->nsub = s[i].nsub; c->mprod = s[i].mprod; c->mcomplex = s[i].mcomplex; c->xact = s[i].xact;
    memcpy(c->subtypes, s[i].subtypes, sizeof c->subtypes);
    memcpy(c->text, s[i].text, sizeof c->text);
    memcpy(c->abil, s[i].abil, sizeof c->abil);
  }
}

typedef struct dep_ctx {
  arb_game *g;
  const int32_t *order;
  const arb_zone *bf;
  uint8_t *memo, *fixed, *pending;   /* fixed: its set was determined (a layer applied it) */
  int ne, layer;
  saved *snap;                       /* scratch (g->depsnap): every card's characteristics */
  uint8_t *trow, *brow;              /* scratch rows */
} dep_ctx;

static const arb_static *eff(const dep_ctx *d, int k) { return &ARB_VEC(d->g->statics, arb_static)[d->order[k]]; }
static uint8_t *row_of(const dep_ctx *d, int k) { return &d->memo[(size_t)k * (size_t)d->bf->n]; }

/* Does pending effect a depend on another pending effect of this layer? */
static int depends(dep_ctx *d, int a, int *yes) {
  const arb_static *st = eff(d, a);
  uint8_t *row = row_of(d, a);
  int reads, b, n = d->bf->n;
  *yes = 0;
  if (st->affects != ARB_AFF_PRED || d->fixed[a]) return ARB_OK;
  TRY(eval_row(d->g, st, d->bf, row, &reads));
  if (!(reads & layer_reads(d->layer))) return ARB_OK;   /* nothing here changes its answers */
  if (!d->snap) {      /* the game's room, grown as its cards are (a computation makes no card) */
    size_t size = sizeof(saved) * (size_t)d->g->cards.n + 2 * (size_t)n + 1;
    if (size > INT32_MAX || arb_vec_reserve(d->g, &d->g->depsnap, 1, (int32_t)size)) return ARB_ENOMEM;
    d->snap = d->g->depsnap.p;
    d->trow = (uint8_t *)(d->snap + d->g->cards.n);
    d->brow = d->trow + n;
  }
  for (b = 0; b < d->ne && !*yes; b++) {
    int rc;
    if (b == a || !d->pending[b]) continue;
    save_all(d->g, d->snap);
    if (d->fixed[b]) memcpy(d->brow, row_of(d, b), (size_t)n);
    else memset(d->brow, UNKNOWN, (size_t)n);
    memset(d->trow, UNKNOWN, (size_t)n);
    rc = apply_effect(d->g, eff(d, b), d->bf, d->brow, d->layer);
    if (!rc) rc = eval_row(d->g, st, d->bf, d->trow, NULL);
    restore_all(d->g, d->snap);
    if (rc) return rc;
    *yes = memcmp(d->trow, row, (size_t)n) != 0;
  }
  memset(row, UNKNOWN, (size_t)n);        /* asked again when it applies */
  return ARB_OK;
}

/* The layer's effects in dependency order: the first in timestamp order that
** depends on no other pending one; in a loop, the first in timestamp order. */
static int ordered_pass(dep_ctx *d) {
  int left = 0, k;
  for (k = 0; k < d->ne; k++) left += d->pending[k];
  while (left > 0) {
    int pick = -1, first = -1;
    for (k = 0; k < d->ne && pick < 0; k++) {
      int dep;
      if (!d->pending[k]) continue;
      if (first < 0) first = k;
      TRY(depends(d, k, &dep));
      if (!dep) pick = k;
    }
    if (pick < 0) pick = first;
    TRY(apply_effect(d->g, eff(d, pick), d->bf, row_of(d, pick), d->layer));
    d->pending[pick] = 0;
    d->fixed[pick] = 1;
    left--;
  }
  return ARB_OK;
}

static int layer_pass(arb_game *g, const int32_t *order, const int32_t *acts, int ne, const arb_zone *bf,
                      uint8_t *memo, uint8_t *fixed, int layer) {
  int k, acting = 0, open = 0;
  const int32_t bit = 1 << layer;
  for (k = 0; k < ne; k++) {
    if (!(acts[k] & bit)) continue;
    acting++;
    open += ARB_VEC(g->statics, arb_static)[order[k]].affects == ARB_AFF_PRED && !fixed[k];
  }
  if (acting > 1 && open > 0) {            /* a predicate whose set is decided here: 418.5c */
    dep_ctx d;
    uint8_t *pending = fixed + ne;
    for (k = 0; k < ne; k++) pending[k] = (uint8_t)((acts[k] & bit) != 0);
    d.g = g; d.order = order; d.bf = bf; d.memo = memo; d.fixed = fixed; d.pending = pending;
    d.ne = ne; d.layer = layer; d.snap = NULL; d.trow = d.brow = NULL;
    return ordered_pass(&d);
  }
  for (k = 0; k < ne; k++) {
    if (!(acts[k] & bit)) continue;
    TRY(apply_effect(g, &ARB_VEC(g->statics, arb_static)[order[k]], bf, &memo[(size_t)k * (size_t)bf->n], layer));
    fixed[k] = 1;
  }
  return ARB_OK;
}

/* The layers each effect acts in (bit per layer), found once per computation: each layer's
** pass tests a bit (the layers' switch was asked twice per effect and layer), and a layer no
** effect acts in is passed over. Returns their union. */
static int32_t layers_of(const arb_game *g, const int32_t *order, int ne, int32_t *acts) {
  int32_t all = 0;
  int k, layer;
  for (k = 0; k < ne; k++) {
    const arb_static *st = &ARB_VEC(g->statics, arb_static)[order[k]];
    int32_t m = 0;
    for (layer = 0; layer < NLAYERS; layer++)
      if (acts_in(st, layer)) m |= 1 << layer;
    acts[k] = m;
    all |= m;
  }
  return all;
}

static int compute(arb_game *g, int32_t *order, int32_t *acts, int ne, uint8_t *memo, uint8_t *fixed) {
  arb_zone *bf = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int layer;
  int32_t all;
  reset_all(g, bf, order, ne);
  all = layers_of(g, order, ne, acts);
  for (layer = 0; layer < NLAYERS; layer++) {
    if (layer == L_PT_SET) TRY(apply_cda(g, bf));
    if (all & (1 << layer)) TRY(layer_pass(g, order, acts, ne, bf, memo, fixed, layer));
    if (layer == L_PT_MOD) apply_counters(g, -1);
  }
  return ARB_OK;
}

/* ---- one card alone ----
** While every change since the last computation was of one card X (journal.c note_one), the full
** computation would give every other card what it has when nothing carries X's change to
** another: no host code is asked (a predicate, a P/T function or a star/star P/T may read X:
** g->npred, fnpt, cda), X is no effect's source (filters read a source's controller, text and
** attachment), no effect but a fixed set's acts before the type layer (a filter judged there
** would read its source's controller or text before their own layers), and no layer orders its
** effects by what the cards are (418.5c: a filter reading what its layer changes, beside another
** effect there: dependency is tested over every card). Then X alone is computed, the same way. */
static int filter_layer_reads(const arb_static *st) {   /* as static.c's filter_reads records */
  return (st->filter & (ARB_FILT_IS | ARB_FILT_WORD) ? ARB_DEP_R_TYPE | ARB_DEP_R_ABIL : 0) |
         (st->filter & ARB_FILT_YOU ? ARB_DEP_R_CONTROL : 0);
}

static int alone(arb_game *g, int x, const int32_t *order, const int32_t *acts, int ne) {
  const arb_zone *bf = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  int k, layer, i;
  if (g->npred || !card_at(g, x)) return 0;
  for (i = 0; i < bf->n; i++) {
    const arb_card *c = card_at(g, bf->cards[i]);
    if (!c->facedown && arb_printed(g, c)->cda) return 0;
  }
  for (k = 0; k < ne; k++) {
    const arb_static *st = &ARB_VEC(g->statics, arb_static)[order[k]];
    if (st->fnpt || st->cntpt || st->source == x) return 0;   /* (a count reads every permanent) */
    if (st->affects != ARB_AFF_SET && (acts[k] & ((1 << L_COPY) | (1 << L_CONTROL) | (1 << L_TEXT)))) return 0;
  }
  for (layer = 0; layer < NLAYERS; layer++) {
    int acting = 0, reads = 0;
    for (k = 0; k < ne; k++) {
      const arb_static *st = &ARB_VEC(g->statics, arb_static)[order[k]];
      if (!(acts[k] & (1 << layer))) continue;
      acting++;
      if (st->affects == ARB_AFF_PRED) reads |= filter_layer_reads(st);
    }
    if (acting > 1 && (reads & layer_reads(layer))) return 0;
  }
  return 1;
}

/* Whether a full computation marks card c (reset_all): on the battlefield, a face-down spell, or
** named by a fixed set. */
static int marked_by(arb_game *g, const arb_card *c, const int32_t *order, int ne) {
  int k, i;
  if (c->zone < 0) return 0;
  if (g->zones[c->zone].kind == ARB_BATTLEFIELD || (c->facedown && g->zones[c->zone].kind == ARB_STACK)) return 1;
  for (k = 0; k < ne; k++) {
    const arb_static *st = &ARB_VEC(g->statics, arb_static)[order[k]];
    const int32_t *e = static_set_of(g, st);
    for (i = 0; i < st->nset; i++, e += 2)
      if (e[0] == c->id && c->ts == e[1]) return 1;
  }
  return 0;
}

/* The marked cards' list without the entries of cards no longer marked (a card leaving the
** battlefield is unmarked in place: zone.c) nor twice the same card: compute_one adds a card
** without reset_all's emptying first, and the list's room is one entry a card. */
static void compact_named(arb_game *g) {
  int32_t *v = ARB_VEC(g->named, int32_t);
  int i, j = 0;
  for (i = 0; i < g->named.n; i++) {
    arb_card *c = card_at(g, v[i]);
    if (!c || c->named != 1) continue;
    c->named = 2;                                  /* (kept once) */
    v[j++] = v[i];
  }
  for (i = 0; i < j; i++) card_at(g, v[i])->named = 1;
  g->named.n = j;
}

/* compute()'s work for card x alone: reset (marked or not as reset_all would), then each effect
** in each layer in order, its affected set judged for x in its first layer (memo[k]). */
static int compute_one(arb_game *g, int x, const int32_t *order, const int32_t *acts, int ne, uint8_t *memo) {
  arb_card *c = card_at(g, x);
  int layer, k, on = marked_by(g, c, order, ne);
  if (!c->named && !on) return ARB_OK;              /* untouched by a full computation too */
  arb_chars_reset(g, c);
  if (!on) { c->named = 0; return ARB_OK; }
  if (!c->named) {
    if (g->named.n >= g->named.cap) compact_named(g);   /* (then room: x itself isn't listed as marked) */
    c->named = 1;
    ARB_VEC(g->named, int32_t)[g->named.n++] = x;
  }
  for (layer = 0; layer < NLAYERS; layer++) {
    for (k = 0; k < ne; k++) {
      const arb_static *st = &ARB_VEC(g->statics, arb_static)[order[k]];
      if (!(acts[k] & (1 << layer))) continue;
      if (memo[k] == UNKNOWN) memo[k] = arb_static_prejudge(g, st, x, -1) == 1 ? YES : NO;
      if (memo[k] == YES) TRY(apply(g, st, card_at(g, x), layer));
    }
    if (layer == L_PT_MOD) apply_counters(g, x);
  }
  return ARB_OK;
}

/* 212.3d: sick when marked (entered, or a control change the watch saw) or when
** the controller differs from the one last seen (a change not yet watched). */
int arb_card_sick(const arb_card *c) { return c->sick || c->controller != c->ctl_seen; }

/* The control layer's one consequence outside the cache: a permanent that
** changed controller (by any effect, or its base controller) is sick until its
** new controller's next turn begins (turn.c clears it there). */
/* Its answer is kept: while no change the characteristics see (cgen: zone changes, base
** controllers, rollbacks) and no write of the cache (chars_epoch) happened since it last looked,
** the controllers and the controls seen are those it left equal (the state-based check asks it
** in each round, ~2,100 times per 20 Alpha games, most with nothing to see). */
int arb_control_watch(arb_game *g) {
  const arb_zone *bf;
  int i;
  TRY(arb_chars_refresh(g));
  if (g->watched_cgen == g->cgen && g->watched_epoch == g->chars_epoch) return ARB_OK;
  bf = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  for (i = 0; i < bf->n; i++) {
    arb_card *c = card_at(g, bf->cards[i]);
    if (c->controller == c->ctl_seen) continue;
    TRY(arb_jset_card(g, c->id, &c->ctl_seen, c->controller));
    c = card_at(g, bf->cards[i]);
    if (!c->sick) TRY(arb_jset_card8(g, c->id, &c->sick, 1));
  }
  if (arb_chars_fresh(g)) {      /* (its writes may have made them stale: then it looks again) */
    g->watched_cgen = g->cgen;
    g->watched_epoch = g->chars_epoch;
  }
  return ARB_OK;
}

/* Works in g->layer (nothing else uses it, and no refresh nests in one): the
** order of the effects, the affected-set memo, then per effect whether its set
** is fixed and whether it waits in the current layer (418.5c-d). Changes nothing but the
** cache: a pure function of the state (a clone or a rollback recomputes it). */
/* The computation, out of arb_chars_refresh's line: most calls find the cache up to date
** (~80 a playout's turn), and with the computation inlined each paid its frame (~40
** instructions) for the test alone (issue 28). */
ARB_NOINLINE static int refresh(arb_game *g) {
  int ne = 0, rc, nbf, nst;
  int32_t *order, *acts;
  uint8_t *memo, *fixed;
  nbf = g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)].n;
  nst = g->statics.n;
  if (arb_vec_reserve(g, &g->layer, 1, (int32_t)(2 * sizeof(int32_t) * (size_t)nst) + nst * nbf + 1 + 2 * nst) ||
      arb_vec_reserve(g, &g->named, sizeof(int32_t), g->cards.n))
    return ARB_ENOMEM;
  order = (int32_t *)g->layer.p;
  acts = order + nst;                              /* the layers each effect acts in (layers_of) */
  memo = (uint8_t *)(acts + nst);
  fixed = memo + (size_t)nst * (size_t)nbf + 1;   /* then the pending flags (layer_pass) */
  sort_effects(g, order, &ne);
  memset(memo, UNKNOWN, (size_t)ne * (size_t)nbf + 1);
  memset(fixed, 0, (size_t)ne);
  g->computing = 1;
  g->chars_epoch++;
  if (g->chars_one && g->one_at == g->cgen && !g->full_chars &&
      (layers_of(g, order, ne, acts), alone(g, g->chars_one - 1, order, acts, ne))) {
    g->one_at = 0;                                 /* (a failure leaves the next one in full) */
    rc = compute_one(g, g->chars_one - 1, order, acts, ne, fixed);  /* (its memo: ne bytes, UNKNOWN);
                                                                       deps: the last ones, and these */
  } else {
    g->one_at = 0;
    g->deps = 0;
    rc = compute(g, order, acts, ne, memo, fixed);
  }
  g->computing = 0;
  if (!rc) g->chars_at = g->cgen;
  return rc;
}

void arb_chars_full(arb_game *g, int on) { g->full_chars = on != 0; }

int arb_chars_refresh(arb_game *g) {
  if (g->computing || g->chars_at == g->cgen) return ARB_OK;
  return refresh(g);
}
