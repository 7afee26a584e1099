/*
** spell.c — spells and abilities as objects on the stack (405, 406, 413).
** A spell is its own card moved to the stack zone; an activated ability is a
** card of type ARB_T_ABILITY made for its stay there (as triggered abilities
** are, stack.c). Each stack object records its kind, controller, targets, X,
** a spell's zone of origin and a serial (a new one per stay on the stack, so
** the binding can give each stay its own Lua value), and the game's timestamp
** when its targets were chosen: a target card that changed zones since has a
** later one and is a new object, no longer that target (217.1c). Resolution (413):
** a triggered ability runs its effect; a spell or activated ability asks the
** host (hooks.resolve_object), which re-checks the targets and runs the
** script; then a countered or instant/sorcery spell goes to its owner's
** graveyard and a permanent spell enters the battlefield under its
** controller's control. Countering removes an object without resolving it.
*/
#include <string.h>
#include "game.h"

static int stack_zone(const arb_game *g) { return arb_zone_id(g, -1, ARB_STACK); }

int arb_stack_size(const arb_game *g) { return g->zones[stack_zone(g)].n; }

int arb_stack_object(arb_game *g, int i) {
  arb_zone *z = &g->zones[stack_zone(g)];
  return i >= 0 && i < z->n ? z->cards[z->n - 1 - i] : -1;
}

int arb_priority(const arb_game *g) { return g->priority; }
int arb_resolving(const arb_game *g) { return g->resolving; }

/* Journaled (422): a failed g:attempt around g:set_agent gives the agent
** back on the host's side and the flag back here. */
int arb_set_asks(arb_game *g, int player, int asks) {
  arb_player *p = &g->players[player];
  asks = asks < 0 ? 0 : asks > 2 ? 2 : asks;
  if (p->asks == asks) return ARB_OK;
  TRY(arb_jset_game(g, &g->nasks, g->nasks + (asks != 0) - (p->asks != 0)));
  return arb_jset_player8(g, player, &p->asks, (uint8_t)asks);
}

int arb_set_acts_until(arb_game *g, int player, int32_t until) {
  if (player < 0 || player >= g->nplayers || until < 0) return ARB_EARG;
  return arb_jset_player(g, player, &g->players[player].acts_until, until);
}

/* An ability a player has from no permanent lasts through the turn it names; "until end of
** turn" ends as the cleanup step begins (514.2 today; 314.2 in the era's numbering). */
static int player_acts(const arb_game *g, const arb_player *p) {
  if (p->acts_until == 0 || g->turn >= p->acts_until) return 0;
  return !(g->turn + 1 == p->acts_until && g->step == ARB_STEP_CLEANUP);
}

int arb_side_append(arb_game *g, const int32_t *v, int k, int32_t *at) {
  int32_t n = g->xtargets.n;
  int i;
  if (k < 0 || n > INT32_MAX - k || arb_vec_reserve(g, &g->xtargets, sizeof(int32_t), n + k)) return ARB_ENOMEM;
  for (i = 0; i < k; i++) {
    TRY(arb_journal_push(g, J_XTARGET_PUSH, 0, 0, 0));
    ARB_VEC(g->xtargets, int32_t)[g->xtargets.n++] = v[i];
  }
  *at = n;
  return ARB_OK;
}

int32_t arb_side_get(const arb_game *g, int32_t i) {
  return i >= 0 && i < g->xtargets.n ? ARB_VEC(g->xtargets, int32_t)[i] : 0;
}

int arb_set_targets(arb_game *g, int card, const int32_t *targets, int nt) {
  arb_object *o;
  int i;
  if (!card_at(g, card) || nt < 0) return ARB_EARG;
  TRY(arb_object_make(g, card, &o));
  if (nt > ARB_INTARGETS) {   /* the rest appended to the side store (each setting its own run) */
    int32_t at;
    TRY(arb_side_append(g, targets + ARB_INTARGETS, nt - ARB_INTARGETS, &at));
    TRY(arb_jset_obj(g, card, &o->xt, at));
  }
  TRY(arb_jset_obj(g, card, &o->ntargets, nt));
  for (i = 0; i < nt && i < ARB_INTARGETS; i++) TRY(arb_jset_obj(g, card, &o->targets[i], targets[i]));
  return arb_jset_obj(g, card, &o->chosen, g->ts);
}

int32_t arb_object_target(const arb_game *g, const arb_object *o, int i) {
  if (i < 0 || i >= o->ntargets) return ARB_NOTARGET;
  if (i < ARB_INTARGETS) return o->targets[i];
  return ARB_VEC(g->xtargets, int32_t)[o->xt + i - ARB_INTARGETS];
}

int arb_set_mode(arb_game *g, int card, int mode) {
  arb_object *o;
  arb_card *c = card_at(g, card);
  if (!c || !c->objkind || mode < 0) return ARB_EARG;
  TRY(arb_object_make(g, card, &o));
  return arb_jset_obj(g, card, &o->mode, mode);
}

/* What paid X (mana.lua records it after the payment): kept with the object, so the
** ability resolving reads what was spent on it. */
int arb_set_xmana(arb_game *g, int card, const int32_t *mana) {
  arb_object *o;
  int i;
  arb_card *c = card_at(g, card);
  if (!c || !c->objkind) return ARB_EARG;
  for (i = 0; i < 6; i++) if (mana[i] < 0) return ARB_EARG;
  TRY(arb_object_make(g, card, &o));
  for (i = 0; i < 6; i++)           /* (unchanged counts: no journal entry) */
    if (o->xmana[i] != mana[i]) TRY(arb_jset_obj(g, card, &o->xmana[i], mana[i]));
  return ARB_OK;
}

/* Timestamps only grow, and a card takes a new one each time it changes zones
** (zone.c, card_moved): one that moved after the targets were chosen has a later one. */
int arb_target_current(const arb_game *g, int obj, int i) {
  const arb_card *c = obj >= 0 && obj < g->cards.n ? &ARB_VEC(g->cards, arb_card)[obj] : NULL;
  const arb_object *o = c ? arb_object_get(g, c) : NULL;
  int32_t t;
  if (!o || i < 0 || i >= o->ntargets) return 0;
  t = arb_object_target(g, o, i);
  if (ARB_TARGET_IS_PLAYER(t)) return 1;
  return t >= 0 && t < g->cards.n && ARB_VEC(g->cards, arb_card)[t].ts <= o->chosen;
}

static const int32_t NO_MANA[6] = {0, 0, 0, 0, 0, 0};

/* The object fields of a card going on the stack. */
static int set_object(arb_game *g, int id, int kind, const int32_t *targets, int nt, int x) {
  arb_object *o;
  if (nt < 0) return ARB_EARG;
  TRY(arb_object_make(g, id, &o));
  TRY(arb_jset_game(g, &g->serial, g->serial + 1));
  TRY(arb_jset_obj(g, id, &o->serial, g->serial));
  TRY(arb_jset_obj(g, id, &o->xval, x));
  TRY(arb_jset_obj(g, id, &o->mode, 0));
  TRY(arb_jset_card8(g, id, &card_at(g, id)->objkind, kind));
  TRY(arb_set_xmana(g, id, NO_MANA));
  return arb_set_targets(g, id, targets, nt);
}

/* What a copy of a spell brings with it (503): the original's record (X, mode, targets as they
** were chosen, when like->ntargets is kept: keep_targets) and its color exception. */
typedef struct copy_of { const arb_object *like; int keep_targets, colors; } copy_of;

int arb_color_card(arb_game *g, int card, int colors, int *id);   /* static.c */

/* Copies what cp says into the new copy's record, before it is seen on the stack. */
static int copy_record(arb_game *g, int card, const copy_of *cp) {
  arb_object *o;
  int i, id;
  if (cp->like->mode) TRY(arb_set_mode(g, card, cp->like->mode));
  if (cp->keep_targets) {
    TRY(arb_object_make(g, card, &o));
    TRY(arb_jset_obj(g, card, &o->ntargets, cp->like->ntargets));
    for (i = 0; i < cp->like->ntargets && i < ARB_INTARGETS; i++)
      TRY(arb_jset_obj(g, card, &o->targets[i], cp->like->targets[i]));
    /* targets past ARB_INTARGETS: the same run of g->xtargets (append-only, never rewritten) */
    if (cp->like->ntargets > ARB_INTARGETS) TRY(arb_jset_obj(g, card, &o->xt, cp->like->xt));
    TRY(arb_jset_obj(g, card, &o->chosen, cp->like->chosen));
  }
  return cp->colors ? arb_color_card(g, card, cp->colors, &id) : ARB_OK;
}

/* cp: a copy of a spell (already marked as no card, 216.2) goes on the stack with its record */
static int spell_put(arb_game *g, int card, int player, const int32_t *targets, int nt, int x, const copy_of *cp) {
  arb_card *c = card_at(g, card);
  arb_event ev;
  int from;
  if (!c || player < 0 || player >= g->nplayers || (c->types & ARB_T_ABILITY)) return ARB_EARG;
  if (g->zones[c->zone].kind == ARB_STACK || (c->token && !cp)) return ARB_EARG;   /* 216.2: not a card */
  from = c->zone;
  TRY(arb_place(g, card, stack_zone(g), 1));
  c = card_at(g, card);
  {
    arb_object *o;
    TRY(arb_object_make(g, card, &o));
    TRY(arb_jset_obj(g, card, &o->origin, from));
  }
  TRY(arb_set_controller(g, card, player));   /* the base controller (characteristics.c) */
  TRY(set_object(g, card, ARB_OBJ_SPELL, targets, nt, x));
  if (cp) TRY(copy_record(g, card, cp));
  c = card_at(g, card);
  arb_event_init(&ev, ARB_EV_ZONE_CHANGE);   /* cast: the card moves to the stack (405.1) */
  ev.player = c->owner;
  ev.card = card;
  ev.from = g->zones[from].kind;
  ev.to = ARB_STACK;
  ev.amount = 1;
  return arb_record(g, &ev);
}

int arb_spell_put(arb_game *g, int card, int player, const int32_t *targets, int nt, int x) {
  return spell_put(g, card, player, targets, nt, x, NULL);   /* cast: 405.1 */
}

/* 503 (copying a spell: Fork): a copy of spell orig put onto the stack, not cast. card is the
** card made for it (in the "none" zone, from orig's definition); it goes on the stack as
** player's spell with orig's X and mode, and the given targets (nt >= 0) or, nt < 0, orig's
** own, as they were chosen (one that changed zones since stays a new object: illegal); colors:
** the copy's color exception (0: none). It is no card (216.2: it can't be cast), and off the
** stack it ceases to exist as a token does (216.3). */
int arb_spell_copy_put(arb_game *g, int card, int player, int orig, const int32_t *targets, int nt, int colors) {
  const arb_card *oc = card_at(g, orig);
  arb_object src;
  arb_card *c;
  copy_of cp;
  if (!oc || oc->objkind != ARB_OBJ_SPELL || g->zones[oc->zone].kind != ARB_STACK) return ARB_EARG;
  src = *arb_object_get(g, oc);
  c = card_at(g, card);
  if (!c || c->token) return ARB_EARG;
  TRY(arb_jset_card8(g, card, &c->token, 1));          /* no card: marked before it is seen */
  TRY(arb_jset_game(g, &g->ntokens, g->ntokens + 1));
  cp.like = &src;
  cp.keep_targets = nt < 0;
  cp.colors = colors;
  return spell_put(g, card, player, targets, nt < 0 ? 0 : nt, src.xval, &cp);
}

int arb_ability_put(arb_game *g, int src, int i, int player, const int32_t *targets,
                    int nt, int x, int *id) {
  arb_card proto, *s = card_at(g, src);
  /* src -1: an ability a player has from no permanent (g:add_ability; i its number) */
  if ((!s && src != -1) || player < 0 || player >= g->nplayers) return ARB_EARG;
  memset(&proto, 0, sizeof proto);
  proto.types = ARB_T_ABILITY;
  proto.name = s ? s->name : 0;
  TRY(arb_card_new(g, &proto, player, stack_zone(g), 1, id));
  {
    arb_object *o;
    TRY(arb_object_make(g, *id, &o));
    TRY(arb_jset_obj(g, *id, &o->src, src));
    TRY(arb_jset_obj(g, *id, &o->abil_index, i));
  }
  return set_object(g, *id, ARB_OBJ_ACTIVATED, targets, nt, x);
}

/* Takes an ability object off the stack (it ceases to exist). */
static int remove_ability(arb_game *g, int id) {
  int z = stack_zone(g), pos = arb_zone_find(g, z, id);
  if (pos < 0) return ARB_OK;
  TRY(arb_zone_remove(g, z, pos));
  return arb_jset_card(g, id, &card_at(g, id)->zone, -1);
}

/* A spell leaving the stack for its owner's graveyard (countered, or an
** instant or sorcery done resolving): a zone_change event, replaceable. */
static int to_graveyard(arb_game *g, int id) {
  arb_card *c = card_at(g, id);
  if (c->zone < 0 || g->zones[c->zone].kind != ARB_STACK) return ARB_OK;
  TRY(arb_jset_card8(g, id, &c->objkind, ARB_OBJ_NONE));
  return arb_move(g, id, ARB_GRAVEYARD, 1);
}

int arb_counter(arb_game *g, int card, int *done) {
  arb_card *c = card_at(g, card);
  *done = 0;
  if (!c || c->zone < 0 || g->zones[c->zone].kind != ARB_STACK || !c->objkind) return ARB_OK;
  *done = 1;
  if (c->types & ARB_T_ABILITY) return remove_ability(g, card);
  return to_graveyard(g, card);
}

static int is_permanent(const arb_card *c) {
  return (c->types & (ARB_T_CREATURE | ARB_T_ARTIFACT | ARB_T_ENCHANTMENT | ARB_T_LAND)) != 0;
}

/* A spell or activated ability on top of the stack resolves (413). */
int arb_object_resolve(arb_game *g, int id);
int arb_object_resolve(arb_game *g, int id) {
  arb_card *c = card_at(g, id);
  int countered = 0, ctl = c->controller;
  /* a permanent spell without targets does nothing but enter: no call */
  if (g->hooks.resolve_object && !(is_permanent(c) && arb_object_get(g, c)->ntargets == 0 && c->objkind == ARB_OBJ_SPELL))
    TRY(g->hooks.resolve_object(g->hooks.ud, g, id, &countered));
  c = card_at(g, id);
  if (c->types & ARB_T_ABILITY) return remove_ability(g, id);
  if (c->zone < 0 || g->zones[c->zone].kind != ARB_STACK) return ARB_OK;  /* the script moved it */
  if (countered || !is_permanent(c)) return to_graveyard(g, id);
  TRY(arb_jset_card8(g, id, &c->objkind, ARB_OBJ_NONE));
  TRY(arb_move(g, id, ARB_BATTLEFIELD, 1));
  c = card_at(g, id);
  if (g->zones[c->zone].kind == ARB_BATTLEFIELD && c->bcontroller != ctl)
    TRY(arb_set_controller(g, id, ctl));   /* under its controller's control */
  return arb_aura_entered(g, id);          /* an Aura spell: attached to its target (attach.c) */
}

static int could_act(arb_game *g, int player) {
  const arb_player *p = &g->players[player];
  const arb_zone *h, *b;
  int i, sorcery;
  if (!p->asks || p->lost) return 0;
  if (p->asks == 2) return 1;          /* agent.priority_always: asked even to pass */
  if (player_acts(g, p)) return 1;     /* an ability it has from no permanent (instant speed) */
  h = &g->zones[arb_zone_id(g, player, ARB_HAND)];
  sorcery = g->players[player].team == g->players[g->active].team && arb_stack_size(g) == 0 &&   /* 2HG: the team's turn */
            (g->step == ARB_STEP_MAIN1 || g->step == ARB_STEP_MAIN2 || g->step == ARB_STEP_NONE);
  for (i = 0; i < h->n; i++) {
    const arb_card *c = card_at(g, h->cards[i]);
    if ((c->types & ARB_T_INSTANT) || (sorcery && !(c->types & ARB_T_LAND)) || c->nzoneact) return 1;
  }
  if (g->zoneact) {                    /* abilities that work from a graveyard (its owner's) */
    const arb_zone *gy = &g->zones[arb_zone_id(g, player, ARB_GRAVEYARD)];
    for (i = 0; i < gy->n; i++)
      if (card_at(g, gy->cards[i])->nzoneact) return 1;
  }
  b = &g->zones[arb_zone_id(g, -1, ARB_BATTLEFIELD)];
  for (i = 0; i < b->n; i++) {
    const arb_card *c = card_at(g, b->cards[i]), *p = arb_printed(g, c);   /* a copy's: 503 */
    if (c->controller == player && !c->facedown && (p->nactivated > p->nsorcact || (sorcery && p->nsorcact)))
      return 1;
  }
  return 0;
}

/* A priority pass asks this of each player at every priority moment; between two moments where
** nothing changed (no journaled change or rollback bumped g->gen, no computation rewrote the
** characteristics: g->chars_epoch) the answer is the same, so it is kept per player and
** reused (issue 28: ~280 instructions a player a pass with five creatures each). What it reads
** (the hand's, graveyard's and battlefield's cards, their characteristics, the step, the turn,
** the stack's size, p's asks and acts_until) changes only through the journal (gen) or a
** computation of the characteristics (chars_epoch; none is kept while one is under way). A
** clone copies both and the answers with the same state. */
int arb_could_act(arb_game *g, int player) {
  uint64_t bit;
  int yes;
  if (player >= 64 || g->computing) return could_act(g, player);   /* mid-computation: as it is */
  bit = (uint64_t)1 << player;
  if (g->could_gen != g->gen || g->could_epoch != g->chars_epoch) {
    g->could_gen = g->gen;
    g->could_epoch = g->chars_epoch;
    g->could_known = 0;
  } else if (g->could_known & bit) return (g->could_yes & bit) != 0;
  yes = could_act(g, player);
  g->could_known |= bit;
  if (yes) g->could_yes |= bit;
  else g->could_yes &= ~bit;
  return yes;
}
