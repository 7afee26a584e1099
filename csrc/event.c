/*
** event.c — the one event pipeline (docs/API.md, "Replacement effects").
** propose -> collect the replacement effects that apply and haven't yet
** applied to this event or one it replaced (614.5) -> the affected player
** picks one when several apply -> apply -> repeat; then the caller
** performs the event and arb_record logs it, calls observers and wakes
** triggered abilities. Host effects are filtered by kind and event type in
** C so that nothing is called when nothing listens.
*/
#include <string.h>
#include "game.h"

static const char *const ev_names[] = {
  "draw", "discard", "zone_change", "life", "damage", "attack", "block",
  "lose", "win", "tap", "untap", "shuffle", "create", "draw_empty", "step",
  "named", "destroy", "counter", "control", "attach", "unattach", "sacrifice", NULL
};

const char *arb_event_name(int type) {
  return type >= 0 && type < ARB_NEVTYPES ? ev_names[type] : "?";
}

int arb_event_parse(const char *s) {
  int i;
  for (i = 0; ev_names[i]; i++)
    if (strcmp(ev_names[i], s) == 0) return i;
  return -1;
}

void arb_event_init(arb_event *ev, int type) {
  ev->type = type;
  ev->player = ev->card = ev->from = ev->to = -1;
  ev->source = ev->target_card = ev->target_player = -1;
  ev->amount = 0;
  ev->flags = 0;
  ev->name = -1;
  ev->turn = -1;
}

/* ---- effects ---- */

/* An effect turns on (d = 1) or off (d = -1): the counts the pipeline filters by. */
void arb_effect_count(arb_game *g, const arb_effect *fx, int d) {
  g->neffects_of[fx->kind][fx->type] += d;
  if (!fx->t) g->nhost += d;
}

/* Host code may also run for a player whose agent answers priority (settle
** asks it) and for a spell or activated ability on the stack (it resolves
** through hooks.resolve_object). */
/* No host effect is active (a predicate, replacement, trigger or observer of the host's):
** an action that neither gives priority nor resolves a stack object (a cast: the spell put on
** the stack, its mana paid, the "cast" event) then runs no host code, whatever the agents and
** the stack (arb_host_free's other two cases: only settle asks priority and resolves). */
int arb_host_effects_free(const arb_game *g) { return g->nhost == 0; }

/* Besides its effects, the host may be asked by a settle: priority (an agent answering it),
** state triggers (hooks.state), and an object on the stack or a triggered ability waiting for
** it that resolves through host code: a spell or activated ability (hooks.resolve_object), a
** host trigger's ability even once its effect ended with its source (hooks.resolve,
** hooks.targets). The stack and the waiting list are read only when not empty. */
static int host_trigger(const arb_game *g, int32_t effect) {
  return effect < 0 || effect >= g->effects.n || ARB_VEC(g->effects, arb_effect)[effect].t == NULL;
}

ARB_NOINLINE static int objects_host_free(const arb_game *g, const arb_zone *z) {
  int i;
  for (i = 0; i < g->waiting.n; i++)
    if (host_trigger(g, ARB_VEC(g->waiting, arb_waiting)[i].effect)) return 0;
  for (i = 0; i < z->n; i++) {
    const arb_card *c = &ARB_VEC(g->cards, arb_card)[z->cards[i]];
    if (c->objkind != ARB_OBJ_TRIGGERED || host_trigger(g, arb_object_get(g, c)->trigger)) return 0;
  }
  return 1;
}

int arb_host_free(const arb_game *g) {
  const arb_zone *z;
  if (g->nhost != 0 || g->nasks != 0 || g->state_trig) return 0;
  z = &g->zones[arb_zone_id(g, -1, ARB_STACK)];
  return (g->waiting.n == 0 && z->n == 0) || objects_host_free(g, z);
}

/* Each event type's effects in a chain by id (creation order): an event walks its own type's
** effects only, in the order a walk of them all would meet them (an Alpha game registers
** hundreds of effects, most of other types or ended). Effects are only ever appended, and
** removed last first (an undone registration): the chain's last link is the one undone. */
static void chain(arb_game *g, arb_effect *fx) {
  int t = fx->type;
  fx->prev_same = g->fx_last[t];
  fx->next_same = 0;
  if (g->fx_last[t]) ARB_VEC(g->effects, arb_effect)[g->fx_last[t] - 1].next_same = fx->id + 1;
  else g->fx_first[t] = fx->id + 1;
  g->fx_last[t] = fx->id + 1;
}

void arb_effect_unchain_last(arb_game *g) {
  const arb_effect *fx = &ARB_VEC(g->effects, arb_effect)[g->effects.n - 1];
  int t = fx->type;
  g->fx_last[t] = fx->prev_same;
  if (fx->prev_same) ARB_VEC(g->effects, arb_effect)[fx->prev_same - 1].next_same = 0;
  else g->fx_first[t] = 0;
}

static int effect_add(arb_game *g, int kind, int type, int ref, int source, int controller,
                      const arb_creplacement *c, const arb_ctrigger *t, int *id) {
  arb_effect *fx;
  int n = g->effects.n;
  if (type < 0 || type >= ARB_NEVTYPES || kind < 0 || kind > 2) return ARB_EARG;
  if (arb_vec_reserve(g, &g->effects, sizeof(arb_effect), n + 1)) return ARB_ENOMEM;
  if (arb_journal_unseen(g, J_EFFECT_NEW, n, 0, 0, 0)) return ARB_ENOMEM;
  fx = &ARB_VEC(g->effects, arb_effect)[n];
  memset(fx, 0, sizeof *fx);
  fx->id = n;
  fx->ref = ref;
  fx->kind = (uint8_t)kind;
  fx->type = (uint8_t)type;
  fx->source = source;
  fx->controller = controller;
  fx->name = -1;
  fx->c = c;
  fx->t = t;
  fx->builtin = c || t;
  /* an effect of a card on the battlefield lasts while the card stays there
  ** (static and triggered abilities of a permanent); the host may clear it */
  fx->until_leaves = source >= 0 && card_at(g, source) &&
    g->zones[card_at(g, source)->zone].kind == ARB_BATTLEFIELD;
  chain(g, fx);
  g->effects.n++;
  if (arb_journal_unseen(g, J_EFFECT_ACTIVE, n, 0, 0, 0)) return ARB_ENOMEM;
  fx->active = ARB_FX_ON;
  arb_effect_count(g, fx, 1);
  *id = n;
  return ARB_OK;
}

int arb_effect_add(arb_game *g, int kind, int type, int ref, int source,
                   int controller, int *id) {
  return effect_add(g, kind, type, ref, source, controller, NULL, NULL, id);
}

int arb_replacement_add_c(arb_game *g, int type, const arb_creplacement *r,
                          int32_t param, int source, int controller, int *id) {
  if (!r || !r->replace) return ARB_EARG;
  return effect_add(g, ARB_FX_REPLACEMENT, type, param, source, controller, r, NULL, id);
}

int arb_trigger_add_c(arb_game *g, int type, const arb_ctrigger *t,
                      int32_t param, int source, int controller, int *id) {
  if (!t || !t->condition || !t->resolve) return ARB_EARG;
  return effect_add(g, ARB_FX_TRIGGER, type, param, source, controller, NULL, t, id);
}

arb_effect *arb_effect_get(arb_game *g, int id) {
  return id >= 0 && id < g->effects.n ? &ARB_VEC(g->effects, arb_effect)[id] : NULL;
}

static int set_active(arb_game *g, arb_effect *fx, int to) {
  if (fx->active == to) return ARB_OK;
  if (arb_journal_unseen(g, J_EFFECT_ACTIVE, fx->id, 0, fx->active, 0)) return ARB_ENOMEM;
  if (fx->active == ARB_FX_ON) arb_effect_count(g, fx, -1);
  fx->active = (uint8_t)to;
  return ARB_OK;
}

int arb_effect_remove(arb_game *g, int id) {
  arb_effect *fx = arb_effect_get(g, id);
  if (!fx) return ARB_EARG;
  return set_active(g, fx, ARB_FX_OFF);
}

int arb_effects_source_left(arb_game *g, int card) {
  int i, rc;
  for (i = 0; i < g->effects.n; i++) {
    arb_effect *fx = &ARB_VEC(g->effects, arb_effect)[i];
    if (fx->source == card && fx->until_leaves && fx->active == ARB_FX_ON &&
        (rc = set_active(g, fx, ARB_FX_ENDED)))
      return rc;
  }
  return ARB_OK;
}

/* A "can't draw" effect (static.c) counts for draws: its predicate is asked. */
int arb_hooked(const arb_game *g, int type) {
  return (type == ARB_EV_DRAW && g->npro_draw > 0) ||
         g->neffects_of[ARB_FX_REPLACEMENT][type] > 0 ||
         g->neffects_of[ARB_FX_TRIGGER][type] > 0 ||
         g->neffects_of[ARB_FX_OBSERVER][type] > 0;
}

/* ---- replacement ---- */

/* 614.5: a replacement applies at most once to an event. */
static int was_applied(const arb_game *g, int id) {
  int i;
  for (i = 0; i < g->applied.n; i++)
    if (ARB_VEC(g->applied, int32_t)[i] == id) return 1;
  return 0;
}

static int push_i32(arb_game *g, arb_vec *v, int32_t x) {
  if (arb_vec_reserve(g, v, sizeof(int32_t), v->n + 1)) return ARB_ENOMEM;
  ARB_VEC(*v, int32_t)[v->n++] = x;
  return ARB_OK;
}

/* The player an event happens to: who chooses among replacements. */
static int affected(arb_game *g, const arb_event *ev) {
  arb_card *c;
  if (ev->target_player >= 0) return ev->target_player;
  if (ev->target_card >= 0 && !ARB_EV_MIXED_MANA(ev) && (c = card_at(g, ev->target_card)))
    return c->controller;
  if (ev->player >= 0) return ev->player;
  if (ev->card >= 0 && (c = card_at(g, ev->card))) return c->controller;
  return g->active;
}

/* An effect's declared card (g:trigger / g:add_replacement{card = {self, attached, is_word, is}}):
** is the event's card its source (self), the permanent its source is attached to while it is the
** same object (attached: as source.attached_to reads it), of the color or basic land type that
** word of the source's text names now, and of one of the card types `is` now, as ev.card == source,
** ev.card == source.attached_to, ev.card:is(source.words[key]) and ev.card ~= nil and
** ev.card:is(type) read them (the characteristics made current first, as c:is would)? 1 yes (or,
** for attached and a word, no card or source to judge: the script decides), 0 no, -rc an error. */
static int card_fits(arb_game *g, const arb_effect *e, const arb_event *ev) {
  const arb_card *s, *c;
  int w = e->card & ARB_FXC_WORD, rc;
  if ((e->card & ARB_FXC_SELF) && (ev->card < 0 || ev->card != e->source)) return 0;
  if ((e->card & ARB_FXC_ATTACHED) && (s = card_at(g, e->source)) != NULL && (c = card_at(g, ev->card)) != NULL &&
      (s->attached_to != ev->card || c->ts != s->attached_ts))
    return 0;
  if (!w && !e->is) return 1;
  if (!arb_chars_fresh(g) && (rc = arb_chars_refresh(g))) return -rc;
  c = card_at(g, ev->card);
  if (e->is && (!c || !(c->types & e->is))) return 0;   /* no card: ev.card ~= nil and ... fails too */
  s = card_at(g, e->source);
  if (!w || !s || !c) return 1;
  w = arb_text_word(s, w - 1);
  if (w < ARB_WORD_LAND) return (c->colors >> w) & 1;
  w = arb_word_str(g, w);
  return w >= 0 && arb_card_has_subtype(g, c, w);
}

/* An effect's declared turn (g:trigger{turn = "controller" | "attached" | player}): is it the turn
** of its source's controller ("your upkeep"), or of the controller of the permanent its source is
** attached to while that is the same object ("enchanted land's controller's upkeep"), or of a
** player named at registration ("the chosen player's upkeep"), as game:is_active(source.controller),
** game:is_active(source.attached_to.controller) and game:is_active(player) read them (the active
** team's; the characteristics made current first)? 1 yes, 0 no (no such permanent or source),
** -rc an error. */
static int turn_fits(arb_game *g, const arb_effect *e) {
  const arb_card *s, *c;
  int rc;
  if (e->turn == ARB_FXT_PLAYER)   /* (no characteristics read) */
    return g->players[e->turn_player].team == g->players[g->active].team;
  if (!arb_chars_fresh(g) && (rc = arb_chars_refresh(g))) return -rc;
  if (!(s = card_at(g, e->source))) return 0;
  if (e->turn == ARB_FXT_ATTACHED) {
    c = s->attached_to >= 0 ? card_at(g, s->attached_to) : NULL;
    if (!c || c->ts != s->attached_ts) return 0;
    s = c;
  }
  return g->players[s->controller].team == g->players[g->active].team;
}

/* Pushes onto g->scratch the ids of replacements that apply to ev. */
static int collect(arb_game *g, const arb_event *ev) {
  int i, n = g->effects.n, rc, next;
  for (i = g->fx_first[ev->type] - 1; i >= 0 && i < n; i = next - 1) {   /* (ev's type's chain) */
    const arb_effect *e = &ARB_VEC(g->effects, arb_effect)[i];
    arb_effect fx;
    int yes = 0;
    next = e->next_same;   /* (read before a hook: one may register effects, moving the vector) */
    if (e->kind != ARB_FX_REPLACEMENT || e->active != ARB_FX_ON || e->type != ev->type) continue;
    if (e->name >= 0 && e->name != ev->name) continue;
    if (was_applied(g, e->id)) continue;
    if ((e->card || e->is) && (rc = card_fits(g, e, ev)) <= 0) {   /* not its card: it doesn't apply, unasked */
      if (rc < 0) return -rc;
      continue;
    }
    fx = *e;     /* a copy for the hook: one it calls may register effects, moving the vector */
    if (fx.c) rc = fx.c->applies ? fx.c->applies(g, &fx, ev, &yes) : (yes = 1, ARB_OK);
    else rc = g->hooks.applies(g->hooks.ud, g, &fx, ev, &yes);
    if (rc) return rc;
    if (yes && (rc = push_i32(g, &g->scratch, fx.id))) return rc;
  }
  return ARB_OK;
}

/* 616.1: the affected player chooses the order of replacements. */
static int pick_one(arb_game *g, const arb_event *ev, int base, int *id) {
  int n = g->scratch.n - base, pick = 0, rc;
  if (n > 1) {
    rc = g->hooks.choose_replacement(g->hooks.ud, g, affected(g, ev),
                                     ARB_VEC(g->scratch, int32_t) + base, n, ev, &pick);
    if (rc) return rc;
    if (pick < 0 || pick >= n) pick = 0;
  }
  *id = ARB_VEC(g->scratch, int32_t)[base + pick];
  return ARB_OK;
}

static int apply_one(arb_game *g, arb_event *ev, int id, int *replaced) {
  arb_effect fx = *arb_effect_get(g, id);
  int rc;
  if (g->repl_depth >= g->limits.replacement_depth) return ARB_ELIMIT;
  if ((rc = push_i32(g, &g->applied, id))) return rc;
  g->repl_depth++;
  rc = fx.c ? fx.c->replace(g, &fx, ev, replaced)
            : g->hooks.replace(g->hooks.ud, g, &fx, ev, replaced);
  g->repl_depth--;
  return rc;
}

int arb_replace(arb_game *g, arb_event *ev, int *replaced) {
  int base_a = g->applied.n, base_s = g->scratch.n, rc = ARB_OK;
  *replaced = 0;
  while (!*replaced && g->neffects_of[ARB_FX_REPLACEMENT][ev->type] > 0) {
    int id;
    if ((rc = collect(g, ev))) break;
    if (g->scratch.n == base_s) break;
    rc = pick_one(g, ev, base_s, &id);
    g->scratch.n = base_s;
    if (rc || (rc = apply_one(g, ev, id, replaced))) break;
  }
  g->scratch.n = base_s;
  g->applied.n = base_a;
  return rc;
}

/* ---- record ---- */

/* The controller of a triggered ability is the player who controlled its
** source when it triggered (CompRules 2005 410; 603.3a today): a stolen
** permanent's abilities trigger for its new controller. A source leaving the
** battlefield with this event: its controller there (arb_move keeps it); a
** card elsewhere (a graveyard, a hand): its owner; a spell: its controller.
** A trigger with no source keeps the controller it was registered with
** (none: the active player). */
static int trigger_controller(arb_game *g, const arb_effect *fx, int *ctl) {
  const arb_card *c = card_at(g, fx->source);
  int kind;
  *ctl = fx->controller >= 0 ? fx->controller : g->active;
  if (fx->source < 0 || !c) return ARB_OK;
  if (g->left_card1 == fx->source + 1) { *ctl = g->left_ctl; return ARB_OK; }
  kind = g->zones[c->zone].kind;
  if (kind == ARB_BATTLEFIELD || kind == ARB_STACK) {
    int rc = arb_chars_fresh(g) ? ARB_OK : arb_chars_refresh(g);
    if (rc) return rc;
    *ctl = card_at(g, fx->source)->controller;
  } else {
    *ctl = c->owner;
  }
  return ARB_OK;
}

/* A trigger that works from a graveyard or a hand (g:trigger{zone}: Nether Shadow's "if ~ is in
** your graveyard") triggers only while its source is there (404.1 of today's rules: an ability
** works from the zone its text says): elsewhere its condition isn't asked. */
static int in_its_zone(arb_game *g, const arb_effect *fx) {
  const arb_card *c;
  if (!fx->zone) return 1;
  c = card_at(g, fx->source);
  return c && g->zones[c->zone].kind == fx->zone - 1;
}

/* Triggers registered while this runs are checked too (g->effects.n is read
** each time round): "objects that exist immediately after an event are
** checked" (CompRules 410.10), so the abilities a permanent gets as it enters
** (its definition's install, run by an observer of its "zone_change") see
** that event: "when ~ comes into play" triggers (410.10, 603.6a today).
** Observers registered meanwhile start with the next event (one that
** registers another each time it runs would otherwise never end). Out of arb_record's
** line (most events have nobody listening: inlined, its registers were saved for each). */
ARB_NOINLINE static int notify(arb_game *g, const arb_event *ev, int hindex) {
  int i, rc, n0 = g->effects.n;
  for (i = g->fx_first[ev->type] - 1; i >= 0; i = ARB_VEC(g->effects, arb_effect)[i].next_same - 1) {
    const arb_effect *e = &ARB_VEC(g->effects, arb_effect)[i];   /* (ev's type's chain: its next */
    arb_effect fx;                                                 /* read after the hooks, which */
    int yes = 0, ctl = -1;                                         /* may register more) */
    /* the filters read the record in place; a copy only for one that is called (a hook may
    ** register effects, moving the vector) */
    if (e->active != ARB_FX_ON || e->type != ev->type || e->kind == ARB_FX_REPLACEMENT) continue;
    if (i >= n0 && e->kind != ARB_FX_TRIGGER) continue;
    if (e->name >= 0 && e->name != ev->name) continue;
    if (e->step && e->step - 1 != ev->amount) continue;   /* another step's: its condition isn't asked */
    if (e->zones && ((ARB_FX_FROM(e) >= 0 && ARB_FX_FROM(e) != ev->from) ||
                     (ARB_FX_TO(e) >= 0 && ARB_FX_TO(e) != ev->to)))
      continue;   /* other zones' */
    if ((e->card || e->is) && (rc = card_fits(g, e, ev)) <= 0) {   /* not its card: its condition isn't asked */
      if (rc < 0) return -rc;
      continue;
    }
    if (!in_its_zone(g, e)) continue;
    if (e->turn && (rc = turn_fits(g, e)) <= 0) {   /* another player's turn: not asked */
      if (rc < 0) return -rc;
      continue;
    }
    fx = *e;
    if (fx.kind == ARB_FX_OBSERVER) {
      if ((rc = g->hooks.observe(g->hooks.ud, g, &fx, ev))) return rc;
      continue;
    }
    if (fx.always) yes = 1;   /* no condition to ask (its filters passed) */
    else if ((rc = fx.t ? fx.t->condition(g, &fx, ev, &yes) : g->hooks.condition(g->hooks.ud, g, &fx, ev, &yes)))
      return rc;
    if (yes > 0 && (rc = trigger_controller(g, &fx, &ctl))) return rc;
    for (; yes > 0 && yes <= 1000; yes--) {   /* a count: triggers that many times */
      arb_waiting *w;
      if (arb_vec_reserve(g, &g->waiting, sizeof(arb_waiting), g->waiting.n + 1)) return ARB_ENOMEM;
      if (arb_journal_push(g, J_WAIT_PUSH, 0, 0, 0)) return ARB_ENOMEM;
      w = &ARB_VEC(g->waiting, arb_waiting)[g->waiting.n++];
      w->effect = fx.id;
      w->event = hindex;
      w->controller = ctl;
      w->src_ts = fx.source >= 0 && card_at(g, fx.source) ? card_at(g, fx.source)->ts : -1;
    }
  }
  return ARB_OK;
}

/* The history's first block holds history_start events: a game logs hundreds,
** and doubling from 8 made and copied six blocks on the way (bench/game.lua). The
** second is four times the first: a played game outgrows 256 (all 20 example games of
** bench/perf_gate.lua's `game`; 17 outgrow 512), and the 256 block was made, copied and
** collected in each; a game that stays in its first block (bench/draw.lua's, the memory
** target) is as it was. */
int arb_history_reserve(arb_game *g, int32_t need) {
  if (need <= g->history.cap) return ARB_OK;
  if (g->history.cap == 0 && need < g->history_start) need = g->history_start;
  else if (g->history.cap == g->history_start && need < 4 * g->history.cap) need = 4 * g->history.cap;
  return arb_vec_reserve(g, &g->history, sizeof(arb_event), need);
}

int arb_history_start(arb_game *g, int32_t n) {
  if (g->history.cap != 0 || n < 1) return 0;
  g->history_start = n;
  return 1;
}

ARB_NOINLINE static int history_grow(arb_game *g) { return arb_history_reserve(g, g->history.n + 1); }

/* (room asked for only when there is none: ~7,000 events in 10 games of the bench) */
int arb_log(arb_game *g, const arb_event *ev) {
  arb_event *slot;
  if (g->history.n >= g->history.cap && history_grow(g)) return ARB_ENOMEM;
  if (arb_journal_history(g)) return ARB_ENOMEM;
  slot = &ARB_VEC(g->history, arb_event)[g->history.n++];
  *slot = *ev;
  slot->turn = g->turn;                 /* ev.turn: "this turn" */
  return ARB_OK;
}

int arb_record(arb_game *g, const arb_event *ev) {
  int h = g->history.n;
  if (arb_log(g, ev)) return ARB_ENOMEM;
  if (g->neffects_of[ARB_FX_OBSERVER][ev->type] == 0 &&
      g->neffects_of[ARB_FX_TRIGGER][ev->type] == 0)
    return ARB_OK;
  return notify(g, ev, h);
}

int arb_history_len(const arb_game *g) { return g->history.n; }

const arb_event *arb_history_get(const arb_game *g, int i) {
  return i >= 0 && i < g->history.n ? &ARB_VEC(g->history, arb_event)[i] : NULL;
}

int arb_nwaiting(const arb_game *g) { return g->waiting.n; }
