/*
** static.c — continuous effects (418): their registration, lifetime and the
** questions asked of them outside the layers (prohibitions, rule changes).
**
** Contract: an effect (arb_static) is a record in g->statics with its data
** (abilities added / removed, a fixed affected set) appended to side arrays;
** adding and removing are journaled (J_STATIC_NEW, J_STATIC_ACTIVE), so a
** rollback undoes them. An effect whose source is on the battlefield lasts
** while the source stays there (zone.c's card_moved ends it) and takes the
** source's timestamp (the time it entered: 418.5, a static ability's
** timestamp); any other effect's timestamp is the time it began. What an
** effect does to characteristics is applied by characteristics.c; here live the
** effects that are not characteristics:
**  - prohibitions ("can't draw", "can't untap", ...): the action doesn't
**    happen, and nothing replaces it, since it doesn't happen (the Maralen of
**    the Mornsong rulings, 2008-04-01: "replacement effects that instruct a
**    player to do something instead of drawing a card won't work"; no loss
**    for drawing from an empty library);
**  - rule changes for players (maximum hand size): the latest timestamp wins.
** c:grant / c:revoke / g:modify / g:gain_control are effects of this kind.
*/
#include <string.h>
#include "game.h"

int arb_nstatics(const arb_game *g) { return g->statics.n; }

arb_static *arb_static_get(arb_game *g, int id) {
  return id >= 0 && id < g->statics.n ? &ARB_VEC(g->statics, arb_static)[id] : NULL;
}

/* An effect turns on (d = 1) or off (d = -1): the counts the fast paths read. */
static void count(arb_game *g, const arb_static *st, int d) {
  g->nstatic += d;
  if (st->prohibit & ARB_PRO_DRAW) g->npro_draw += d;
  if (st->affects == ARB_AFF_PRED && (!st->filter || (st->filter & ARB_FILT_WHERE))) {
    g->nhost += d;                                    /* its predicate is host code */
    g->npred += d;
    if (st->prohibit & ARB_PRO_ENCHANT) g->npred_enchant += d;
  }
}

static int set_active(arb_game *g, arb_static *st, int on) {
  if (st->active == on) return ARB_OK;
  TRY(arb_journal_push(g, J_STATIC_ACTIVE, st->id, 0, st->active));
  st->active = (uint8_t)on;
  count(g, st, on ? 1 : -1);
  return ARB_OK;
}

static int next_ts(arb_game *g, int32_t *ts) {
  TRY(arb_jset_game(g, &g->ts, g->ts + 1));
  *ts = g->ts;
  return ARB_OK;
}

static int on_battlefield(arb_game *g, int card) {
  arb_card *c = card_at(g, card);
  return c && c->zone >= 0 && g->zones[c->zone].kind == ARB_BATTLEFIELD;
}

static int append_abil(arb_game *g, const arb_ability *a, int n, int32_t *at) {
  *at = g->static_abil.n;
  if (n <= 0) return ARB_OK;
  if (arb_vec_reserve(g, &g->static_abil, sizeof(arb_ability), g->static_abil.n + n)) return ARB_ENOMEM;
  memcpy(ARB_VEC(g->static_abil, arb_ability) + g->static_abil.n, a, sizeof(arb_ability) * (size_t)n);
  g->static_abil.n += n;
  return ARB_OK;
}

/* A fixed set names objects as they are now: a card that later changes zones
** is a new object the effect doesn't affect (its ts changes). */
static int append_set(arb_game *g, const int32_t *set, int n, int32_t *at) {
  int i;
  *at = g->static_set.n;
  if (n <= 0) return ARB_OK;
  if (arb_vec_reserve(g, &g->static_set, sizeof(int32_t), g->static_set.n + 2 * n)) return ARB_ENOMEM;
  for (i = 0; i < n; i++) {
    int32_t *e = ARB_VEC(g->static_set, int32_t) + g->static_set.n + 2 * i;
    arb_card *c = set[i] >= 0 ? card_at(g, set[i]) : NULL;
    if (set[i] >= 0 && !c) return ARB_EARG;
    if (set[i] < 0 && -1 - set[i] >= g->nplayers) return ARB_EARG;
    e[0] = set[i];
    e[1] = c ? c->ts : 0;
  }
  g->static_set.n += 2 * n;
  return ARB_OK;
}

/* 503.2 (copiable values): a copy effect copies what the copied permanent has from its own
** printed card and copy effects, exceptions included; resolved now, as the effect begins, to the
** printed card it leads to (later changes to the copied permanent, or its leaving, don't matter). */
static int resolve_copy(arb_game *g, arb_static *st) {
  const arb_card *o = card_at(g, st->copy - 1);
  if (!o || o->token == 2 || o->zone < 0 || g->zones[o->zone].kind != ARB_BATTLEFIELD) return ARB_EARG;
  TRY(arb_chars_refresh(g));
  o = card_at(g, st->copy - 1);
  if (o->copy_st) {
    const arb_static *os = arb_static_get(g, o->copy_st - 1);
    if (!st->copy_colors) st->copy_colors = os->copy_colors;
    if (!st->copy_types) st->copy_types = os->copy_types;
    st->copy_add |= os->copy_add;
    if (!st->copy_gain) st->copy_gain = os->copy_gain;
  }
  st->copy = o->printed + 1;
  return ARB_OK;
}

int arb_static_add(arb_game *g, const arb_static *spec_in, const arb_ability *add, int nadd,
                   const arb_ability *rem, int nrem, const int32_t *set, int nset, int *id) {
  arb_static *st, copy_spec = *spec_in;
  const arb_static *spec = &copy_spec;
  int32_t n = g->statics.n, na = g->static_abil.n, ns = g->static_set.n, ts;
  int rc;
  if (copy_spec.copy) TRY(resolve_copy(g, &copy_spec));
  if (spec->source >= 0 && !card_at(g, spec->source)) return ARB_EARG;
  if (spec->controller >= g->nplayers || spec->affects > ARB_AFF_SET) return ARB_EARG;
  if (spec->filter && (spec->affects != ARB_AFF_PRED || spec->source < 0 || spec->players == 1 ||
                       spec->f_word >= ARB_NWORDS ||
                       ((spec->filter & ARB_FILT_ATTACHED) && (spec->filter & ~(ARB_FILT_ATTACHED | ARB_FILT_WHERE)))))
    return ARB_EARG;
  if (arb_vec_reserve(g, &g->statics, sizeof(arb_static), n + 1)) return ARB_ENOMEM;
  /* one entry undoes the record and its data: the old lengths ride along */
  TRY(arb_journal_push(g, J_STATIC_NEW, n, na, ns));
  if (spec->source >= 0 && on_battlefield(g, spec->source)) ts = card_at(g, spec->source)->ts;
  else TRY(next_ts(g, &ts));
  st = &ARB_VEC(g->statics, arb_static)[n];
  *st = *spec;
  st->id = n;
  if (st->copy_gain < 0) st->copy_gain = n + 1;   /* its own copy_with.install */
  st->ts = ts;
  st->active = 0;
  st->until_leaves = spec->source >= 0 && on_battlefield(g, spec->source);
  st->static_ability = (uint8_t)(spec->static_ability && st->until_leaves);
  if ((rc = append_abil(g, add, nadd, &st->abil)) || (rc = append_abil(g, rem, nrem, &st->rem)) ||
      (rc = append_set(g, set, spec->affects == ARB_AFF_SET ? nset : 0, &st->set))) {
    g->static_abil.n = na;
    g->static_set.n = ns;
    return rc;
  }
  st->nabil = nadd > 0 ? nadd - spec->nsubs : 0;   /* the subtypes follow the abilities */
  st->nrem = nrem > 0 ? nrem : 0;
  st->nset = spec->affects == ARB_AFF_SET ? nset : 0;
  g->statics.n++;
  *id = n;
  TRY(set_active(g, st, 1));
  /* abilities added: computed now, so that one too many for a card (ARB_EABIL)
  ** fails this call (undone) rather than a later one */
  /* so are function values: one that fails fails this call */
  if (nadd > 0 || spec->fnpt || (spec->prohibit & (ARB_PRO_ATTACK | ARB_PRO_BLOCK))) return arb_chars_refresh(g);
  return ARB_OK;
}

int arb_static_remove(arb_game *g, int id) {
  arb_static *st = arb_static_get(g, id);
  if (!st) return ARB_EARG;
  return set_active(g, st, 0);
}

/* Undo of the journal entries this file and counters.c make. */
void arb_undo_effects(arb_game *g, const arb_jentry *e) {
  switch (e->kind) {
  case J_STATIC_NEW:
    g->statics.n = e->a;
    g->static_abil.n = e->b;
    g->static_set.n = (int32_t)e->old;
    break;
  case J_STATIC_ACTIVE: {
    arb_static *st = &ARB_VEC(g->statics, arb_static)[e->a];
    if (st->active != (uint8_t)e->old) count(g, st, e->old ? 1 : -1);
    st->active = (uint8_t)e->old;
    break;
  }
  case J_COUNTER: ARB_VEC(g->counters, arb_counter_rec)[e->a].n = (int32_t)e->old; break;
  case J_COUNTER_NEW: g->counters.n--; break;
  case J_STATIC_SET: ARB_VEC(g->static_set, int32_t)[e->a] = (int32_t)e->old; break;
  }
}

/* 213.5: an effect that changed a characteristic of a spell (a fixed set naming it
** on the stack: Chaoslace) continues to apply to the permanent the spell becomes as
** it resolves: its set names the card's new timestamp (was: the spell's). */
int arb_statics_spell_resolved(arb_game *g, int card, int32_t old_ts, int32_t new_ts);
int arb_statics_spell_resolved(arb_game *g, int card, int32_t old_ts, int32_t new_ts) {
  int i, k;
  for (i = 0; i < g->statics.n; i++) {
    const arb_static *st = &ARB_VEC(g->statics, arb_static)[i];
    if (!st->active || st->affects != ARB_AFF_SET) continue;
    for (k = 0; k < st->nset; k++) {
      int32_t at = st->set + 2 * k, *e = ARB_VEC(g->static_set, int32_t) + at;
      if (e[0] != card || e[1] != old_ts) continue;
      TRY(arb_journal_push(g, J_STATIC_SET, at + 1, 0, old_ts));   /* 213.5: the permanent it became */
      ARB_VEC(g->static_set, int32_t)[at + 1] = new_ts;
    }
  }
  return ARB_OK;
}

/* Effects of a card that left the battlefield end (those that began there). */
int arb_statics_source_left(arb_game *g, int card);
int arb_statics_source_left(arb_game *g, int card) {
  int i;
  for (i = 0; i < g->statics.n; i++) {
    arb_static *st = &ARB_VEC(g->statics, arb_static)[i];
    if (st->active && st->source == card && st->until_leaves) TRY(set_active(g, st, 0));
  }
  return ARB_OK;
}

/* ---- whom an effect affects ---- */

static int in_set(arb_game *g, const arb_static *st, int card, int player) {
  const int32_t *e = static_set_of(g, st);
  int i;
  for (i = 0; i < st->nset; i++, e += 2) {
    if (card >= 0 && e[0] == card && card_at(g, card)->ts == e[1]) return 1;
    if (card < 0 && e[0] == -1 - player) return 1;
  }
  return 0;
}

/* A declared predicate (arb_static.filter) of card on the battlefield, answered as the card
** script's Lua predicate it stands for answers, and with the same reads recorded for the
** characteristics cache (arb_chars_depend, as c:is, c.tapped and c.controller record them):
** ATTACHED, `c == aura.attached_to` (the same object: the ts the attachment saw; the source's
** own field, nothing to watch); OTHER `c ~= source`; SELF `c == source`; YOU `c.controller == source.controller`;
** UNTAPPED `not c.tapped`; IS `c:is(name)` for each name; WORD `c:is(source.words[key])`, the
** word of the source's text as it reads now (418.5a layer 3: Sleight of Mind on Crusade).
** The characteristics are current: a recomputation's own (arb_chars_fresh while computing),
** or brought up to date by arb_static_affects. */
/* What a WORD filter asks of a card, as its source's text reads now: a color (*color) or a land
** type (*sub, its interned name, -1: no permanent has it). */
static void word_wanted(arb_game *g, const arb_static *st, const arb_card *s, int *color, int *sub) {
  int w = arb_text_word(s, st->f_word);
  if (w < ARB_WORD_LAND) *color = w;
  else *sub = arb_word_str(g, w);
}

/* What the filter reads of a card's characteristics, recorded for the cache (arb_chars_depend, as
** c:is and c.controller record them; a tapped state without ARB_DEP_TAPPED_HOST: fits marks the
** cards whose tap can change its answer) */
static void filter_reads(arb_game *g, int f) {
  if (f & (ARB_FILT_IS | ARB_FILT_WORD)) arb_chars_depend(g, ARB_DEP_R_TYPE | ARB_DEP_R_ABIL);
  if ((f & ARB_FILT_UNTAPPED) && g->computing) g->deps |= ARB_DEP_TAPPED;
  if (f & ARB_FILT_YOU) arb_chars_depend(g, ARB_DEP_R_CONTROL);
}

/* The filter's tests of card c's characteristics (IS, WORD, YOU, UNTAPPED), with its source s and
** the word (word_wanted) found. UNTAPPED last: a card that passed the others while computing is
** one whose tap changes the answer (tapread; journal.c: another card's tap recomputes nothing). */
static int fits(arb_game *g, const arb_static *st, const arb_card *s, arb_card *c, int wcolor, int wsub) {
  int f = st->filter;
  if ((f & ARB_FILT_IS) && ((c->types & st->f_types) != st->f_types || (c->supertypes & st->f_supers) != st->f_supers ||
                            (c->colors & st->f_colors) != st->f_colors ||
                            (st->f_sub >= 0 && !arb_card_has_subtype(g, c, st->f_sub))))
    return 0;
  if (f & ARB_FILT_WORD) {
    if (wcolor >= 0) { if (!((c->colors >> wcolor) & 1)) return 0; }
    else if (wsub < 0 || !arb_card_has_subtype(g, c, wsub)) return 0;
  }
  if ((f & ARB_FILT_YOU) && c->controller != s->controller) return 0;
  if (f & ARB_FILT_UNTAPPED) {
    if (g->computing) c->tapread = 1;
    if (c->tapped) return 0;
  }
  return 1;
}

/* Whether the filter names card `card` by its identity alone: ATTACHED (the permanent the source
** is attached to, the same object), OTHER, SELF; -1: its characteristics decide (fits) */
static int by_identity(arb_game *g, const arb_static *st, const arb_card *s, int card) {
  int f = st->filter;
  if (f & ARB_FILT_ATTACHED) return s->attached_to == card && card_at(g, card)->ts == s->attached_ts;
  if ((f & ARB_FILT_OTHER) && card == st->source) return 0;
  if ((f & ARB_FILT_SELF) && card != st->source) return 0;
  return -1;
}

static int filter_judge(arb_game *g, const arb_static *st, int card) {
  const arb_card *s = card_at(g, st->source);
  arb_card *c = card_at(g, card);
  int wcolor = -1, wsub = -1, v;
  if (!s || !c) return 0;
  if ((v = by_identity(g, st, s, card)) >= 0) return v;
  filter_reads(g, st->filter);
  if (st->filter & ARB_FILT_WORD) word_wanted(g, st, s, &wcolor, &wsub);
  return fits(g, st, s, c, wcolor, wsub);
}

/* arb_static_prejudge of every battlefield card whose row[i] is `unknown`, at once, for an effect
** of permanents the core judges alone (a declared filter without WHERE): row[i] becomes yes or no,
** the same answers as card by card and the same reads recorded (once), its source and a WORD
** filter's word found once (the layers judge each such effect for every permanent at each
** recomputation). 0: not such an effect, row untouched. */
int arb_static_judge_row(arb_game *g, const arb_static *st, const arb_zone *bf, uint8_t *row,
                         uint8_t unknown, uint8_t yes, uint8_t no) {
  const arb_card *s;
  int i, v, read = 0, wcolor = -1, wsub = -1, one = -2;
  if (!st->active || st->players != 0 || st->affects != ARB_AFF_PRED || !st->filter ||
      (st->filter & ARB_FILT_WHERE))
    return 0;
  s = card_at(g, st->source);
  if (s && (st->filter & ARB_FILT_WORD)) word_wanted(g, st, s, &wcolor, &wsub);
  /* ATTACHED, SELF: no card but the one the source is attached to (-1: none), or the source
  ** (by_identity answers no for every other; an Aura's effect is judged for every permanent) */
  if (s && (st->filter & (ARB_FILT_ATTACHED | ARB_FILT_SELF)))
    one = st->filter & ARB_FILT_ATTACHED ? s->attached_to : st->source;
  for (i = 0; i < bf->n; i++) {
    if (row[i] != unknown) continue;
    if (!s || (one != -2 && bf->cards[i] != one)) v = 0;
    else if ((v = by_identity(g, st, s, bf->cards[i])) < 0) {
      read = 1;
      v = fits(g, st, s, card_at(g, bf->cards[i]), wcolor, wsub);
    }
    row[i] = v ? yes : no;
  }
  if (read) filter_reads(g, st->filter);
  return 1;
}

int arb_static_prejudge(const arb_game *g, const arb_static *st, int card, int player) {
  if (!st->active || (st->players != 2 && (card >= 0) == (st->players != 0))) return 0;
  if (st->affects == ARB_AFF_SET) return in_set((arb_game *)g, st, card, player);
  /* all / a predicate: permanents only (cards elsewhere are named by a set) */
  if (card >= 0 && !on_battlefield((arb_game *)g, card)) return 0;
  if (st->affects == ARB_AFF_ALL) return 1;
  if (st->filter) {   /* WHERE: the host's predicate too, of what the filter accepts */
    int v = filter_judge((arb_game *)g, st, card);
    return v && (st->filter & ARB_FILT_WHERE) ? (g->hooks.affects ? ARB_ASK_HOST : 0) : v;
  }
  return g->hooks.affects ? ARB_ASK_HOST : 0;
}

int arb_static_affects(arb_game *g, const arb_static *st, int card, int player, int *yes) {
  int v;
  if (st->filter > ARB_FILT_ATTACHED && !arb_chars_fresh(g)) TRY(arb_chars_refresh(g));   /* as c:is would */
  v = arb_static_prejudge(g, st, card, player);
  *yes = v == 1;
  if (v != ARB_ASK_HOST) return ARB_OK;
  return g->hooks.affects(g->hooks.ud, g, st->id, card, player, yes);
}

/* add_static{except}: the object an effect's prohibitions and granted protection don't apply to,
** while it is the same object (its ts as the effect began: 217.1c). */
int arb_static_excepts(const arb_static *st, const arb_card *card) {
  return st->except && card && card->id == st->except - 1 && card->ts == st->except_ts;
}

int arb_prohibited_by(arb_game *g, int what, int card, int player, int actor, int *yes) {
  int i;
  *yes = 0;
  if (!g->nstatic) return ARB_OK;
  for (i = 0; i < g->statics.n && !*yes; i++) {
    arb_static *st = &ARB_VEC(g->statics, arb_static)[i];
    if (!st->active || !(st->prohibit & what)) continue;
    if (actor >= 0 && arb_static_excepts(st, card_at(g, actor))) continue;   /* "other Auras" */
    TRY(arb_static_affects(g, st, card, player, yes));
  }
  return ARB_OK;
}

int arb_prohibited(arb_game *g, int what, int card, int player, int *yes) {
  return arb_prohibited_by(g, what, card, player, -1, yes);
}

/* 418 (Guardian Beast): can the card's control not be changed by an effect whose
** timestamp is ts? A "can't change control" effect stops control-changing effects
** that begin after it (ts later; INT32_MAX: one beginning now); one that began
** earlier has already changed control and keeps applying (so does one whose change
** the control watch has seen: the control layer asks only for a new change). The
** one check every control change passes: g:gain_control and the control layer
** (characteristics.c). */
int arb_control_locked(arb_game *g, int card, int32_t ts, int *yes) {
  int i;
  *yes = 0;
  if (!g->nstatic) return ARB_OK;
  for (i = 0; i < g->statics.n && !*yes; i++) {
    arb_static *st = &ARB_VEC(g->statics, arb_static)[i];
    if (st->active && (st->prohibit & ARB_PRO_CONTROL) && st->ts <= ts)
      TRY(arb_static_affects(g, st, card, -1, yes));
  }
  return ARB_OK;
}

int arb_any_prohibits(const arb_game *g, int what) {
  int i;
  if (!g->nstatic) return 0;
  for (i = 0; i < g->statics.n; i++) {
    const arb_static *st = &ARB_VEC(g->statics, arb_static)[i];
    if (st->active && (st->prohibit & what)) return 1;
  }
  return 0;
}

int arb_can_cast(arb_game *g, int player, int *yes) {
  int no;
  TRY(arb_prohibited(g, ARB_PRO_CAST, -1, player, &no));
  *yes = !no;
  return ARB_OK;
}

int arb_max_hand_size(arb_game *g, int player, int *n) {
  int i, best = -1, yes;
  *n = ARB_NOSET;
  for (i = 0; i < g->statics.n; i++) {
    arb_static *st = &ARB_VEC(g->statics, arb_static)[i];
    if (!st->active || st->max_hand == ARB_NOSET) continue;
    if (best >= 0 && ARB_VEC(g->statics, arb_static)[best].ts > st->ts) continue;
    TRY(arb_static_affects(g, st, -1, player, &yes));
    if (yes) best = i;
  }
  if (best >= 0) *n = ARB_VEC(g->statics, arb_static)[best].max_hand;
  return ARB_OK;
}

/* ---- effects the engine makes ---- */

static void blank(arb_static *st) {
  memset(st, 0, sizeof *st);
  st->ref = st->source = st->controller = -1;
  st->set_power = st->set_toughness = st->max_hand = ARB_NOSET;
  st->affects = ARB_AFF_SET;
}

static int with_duration(arb_game *g, int id, int until) {
  if (until < 0) return ARB_OK;
  return arb_until(g, until, ARB_DUR_STATIC, id, 0, 0, 0);
}

/* "is <colors>" on one card (a copy of a spell's color exception, 503: Fork's copy is red) */
int arb_color_card(arb_game *g, int card, int colors, int *id);
int arb_color_card(arb_game *g, int card, int colors, int *id) {
  arb_static st;
  int32_t set = card;
  if (!card_at(g, card) || colors <= 0 || colors > 31) return ARB_EARG;
  blank(&st);
  st.colors = (uint8_t)colors;
  return arb_static_add(g, &st, NULL, 0, NULL, 0, &set, 1, id);
}

/* c:grant (n > 0: n instances, until removed) and c:revoke (n == 0: every
** instance; param ARB_ANYPARAM: every parameter) as effects on one card. */
int arb_grant(arb_game *g, int card, int kind, int param, int n, int until, int *id) {
  arb_static st;
  arb_ability a;
  int32_t set = card;
  if (!card_at(g, card) || n > ARB_MAXCOUNT) return ARB_EARG;
  blank(&st);
  a.kind = (uint16_t)kind;
  a.param = (uint16_t)param;
  a.count = (int16_t)n;
  if (n > 0) TRY(arb_static_add(g, &st, &a, 1, NULL, 0, &set, 1, id));
  else TRY(arb_static_add(g, &st, NULL, 0, &a, 1, &set, 1, id));
  return with_duration(g, *id, until);
}

int arb_card_grant(arb_game *g, int card, int kind, int param, int n) {
  int id;
  if (n <= 0) return ARB_EARG;
  return arb_grant(g, card, kind, param, n, -1, &id);
}

int arb_card_revoke(arb_game *g, int card, int kind, int param) {
  int id;
  return arb_grant(g, card, kind, param < 0 ? ARB_ANYPARAM : param, 0, -1, &id);
}

int arb_modify_pt(arb_game *g, int card, int dp, int dt) {
  arb_static st;
  int32_t set = card;
  int id;
  if (!card_at(g, card)) return ARB_EARG;
  blank(&st);
  st.power = dp;
  st.toughness = dt;
  TRY(arb_static_add(g, &st, NULL, 0, NULL, 0, &set, 1, &id));
  return with_duration(g, id, ARB_UNTIL_TURN);
}

int arb_gain_control(arb_game *g, int card, int player, int until, int *id) {
  arb_event ev;
  arb_static st;
  int32_t set;
  int no, replaced;
  *id = -1;
  if (!card_at(g, card) || player < 0 || player >= g->nplayers) return ARB_EARG;
  TRY(arb_chars_refresh(g));
  TRY(arb_control_locked(g, card, INT32_MAX, &no));
  if (no || g->over) return ARB_OK;
  arb_event_init(&ev, ARB_EV_CONTROL);
  ev.card = card;
  ev.player = player;
  TRY(arb_replace(g, &ev, &replaced));
  if (replaced || g->over || ev.player < 0 || ev.player >= g->nplayers) return ARB_OK;
  set = ev.card >= 0 && card_at(g, ev.card) ? ev.card : card;
  ev.card = set;
  blank(&st);
  st.controller = ev.player;
  TRY(arb_static_add(g, &st, NULL, 0, NULL, 0, &set, 1, id));
  TRY(with_duration(g, *id, until));
  /* 212.3d: not under its new controller's control since the turn began (the
  ** control watch, as for any control-changing effect) */
  TRY(arb_control_watch(g));
  return arb_record(g, &ev);
}
