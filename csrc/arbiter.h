/*
** arbiter.h — the rules core's public C API. No Lua here.
**
** Contract: one arb_game owns every byte of a game (allocated through the
** allocator given to arb_game_new); there is no global or static mutable
** state. Every state change goes through the journal (journal.c), so
** arb_rollback(g, mark) restores the game exactly as it was at arb_mark(g),
** in time proportional to the changes undone. Host code (the Lua binding,
** a C embedder, a fuzzer) plugs into the event pipeline through function
** pointers that receive a void *ud.
**
** Functions returning int return ARB_OK or an error code; on error the game
** may be half-changed: the caller rolls back to its mark. One sign convention
** with the combat solver (solver.h): 0 is success, an error is negative, a
** positive status is an outcome that is no error (the solver's
** ARB_SOLVER_UNKNOWN: its budget ran out).
*/
#ifndef ARBITER_H
#define ARBITER_H

#include <stddef.h>
#include <stdint.h>

#ifndef ARB_ALLOC_FN_DEFINED
#define ARB_ALLOC_FN_DEFINED
/* lua_Alloc's shape: nsize 0 frees; returns NULL on failure. */
typedef void *(*arb_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);
#endif

enum { ARB_OK = 0, ARB_EHOOK = -1, ARB_ENOMEM = -2, ARB_ELIMIT = -3, ARB_EARG = -4,
       ARB_EABIL = -5 /* effects would give a card more than ARB_MAXABIL distinct abilities */,
       ARB_ESUB = -6 /* effects would give a card more than ARB_MAXSUB subtypes */ };

/* Zone kinds. Library, hand, graveyard and ante are per player (the kinds before
   ARB_BATTLEFIELD: ARB_PZONES of them); the ante: the cards played for (house rule "ante"). */
enum { ARB_LIBRARY, ARB_HAND, ARB_GRAVEYARD, ARB_ANTE, ARB_BATTLEFIELD, ARB_EXILE,
       ARB_STACK, ARB_NOWHERE, ARB_NZONEKINDS, ARB_NOZONE = 255 };
#define ARB_PZONES ARB_BATTLEFIELD
/* ARB_NOWHERE ("none"): one shared zone holding tokens about to come into play and tokens
   that have ceased to exist (216.3); no move goes there but the state-based action's. */

enum { ARB_T_CREATURE = 1, ARB_T_LAND = 2, ARB_T_ARTIFACT = 4,
       ARB_T_ENCHANTMENT = 8, ARB_T_INSTANT = 16, ARB_T_SORCERY = 32,
       ARB_T_ABILITY = 64 /* an ability on the stack (triggered or activated) */ };
enum { ARB_S_BASIC = 1, ARB_S_SNOW = 2, ARB_S_LEGENDARY = 4 };
enum { ARB_C_WHITE = 1, ARB_C_BLUE = 2, ARB_C_BLACK = 4, ARB_C_RED = 8,
       ARB_C_GREEN = 16 };

/* Event types: every game change is one of these (event.c). */
enum { ARB_EV_DRAW, ARB_EV_DISCARD, ARB_EV_ZONE_CHANGE, ARB_EV_LIFE,
       ARB_EV_DAMAGE, ARB_EV_ATTACK, ARB_EV_BLOCK, ARB_EV_LOSE, ARB_EV_WIN,
       ARB_EV_TAP, ARB_EV_UNTAP, ARB_EV_SHUFFLE, ARB_EV_CREATE,
       ARB_EV_DRAW_EMPTY, ARB_EV_STEP,
       ARB_EV_NAMED,   /* a generic event: its name (ev.name) is its type in Lua */
       /* continuous effects (static.c, counters.c, destroy.c, attach.c) */
       ARB_EV_DESTROY, ARB_EV_COUNTER /* ev.name: the counter's kind */,
       ARB_EV_CONTROL /* ev.player: the new controller */,
       ARB_EV_ATTACH /* ev.card: the Aura, ev.target_card: what it is attached to */,
       ARB_EV_UNATTACH /* ev.card: an Equipment, ev.target_card: what it was attached to */,
       ARB_EV_SACRIFICE /* ev.card, ev.player: who sacrificed it (its controller) */,
       ARB_NEVTYPES };

/* Abilities (ability.c): parsed once from strings into kind + parameter. */
enum {
  ARB_AB_FLYING, ARB_AB_REACH, ARB_AB_SHADOW, ARB_AB_FEAR,
  ARB_AB_HORSEMANSHIP, ARB_AB_FIRST_STRIKE, ARB_AB_DOUBLE_STRIKE,
  ARB_AB_HASTE, ARB_AB_DEFENDER, ARB_AB_TRAMPLE, ARB_AB_VIGILANCE,
  ARB_AB_FLANKING, ARB_AB_LANDWALK /* param: subtype */,
  ARB_AB_SNOW_LANDWALK /* param: subtype */, ARB_AB_LEGENDARY_LANDWALK,
  ARB_AB_NONBASIC_LANDWALK, ARB_AB_CANT_ATTACK, ARB_AB_CANT_BLOCK,
  ARB_AB_CANT_ATTACK_ALONE, ARB_AB_CANT_BLOCK_ALONE, ARB_AB_UNBLOCKABLE,
  ARB_AB_MENACE /* can't be blocked except by N or more; param: N */,
  ARB_AB_MAX_ONE_BLOCKER, ARB_AB_BLOCK_ONLY_FLYING,
  ARB_AB_BLOCK_ADDITIONAL, ARB_AB_BLOCK_ANY_NUMBER,
  ARB_AB_ONE_ATTACKER_LIMIT, ARB_AB_ONE_BLOCKER_LIMIT,
  ARB_AB_ATTACKS_IF_ABLE, ARB_AB_BLOCKS_IF_ABLE, ARB_AB_LURE,
  ARB_AB_MUST_BE_BLOCKED,
  ARB_AB_BLOCK_ONLY_SHADOW,   /* can block only creatures with shadow */
  ARB_AB_BLOCK_AS_SHADOW,     /* can block creatures with shadow as though it had shadow */
  ARB_AB_ATTACKS_PLAYER_IF_ABLE /* param: player index */,
  ARB_AB_BLOCKS_CREATURE_IF_ABLE /* param: attacker's card id (provoke) */,
  ARB_AB_INDESTRUCTIBLE,       /* destroy.c */
  ARB_AB_PROTECTION,           /* protection from a quality, 502.7 (protection.c); param below */
  ARB_AB_ENTERS_TAPPED,        /* "comes into play tapped" (zone.c: arb_place) */
  ARB_AB_CANT_REGEN,           /* "can't be regenerated" (destroy.c: no shield applies) */
  ARB_AB_ATTACK_AS_HASTE,      /* "can attack as though it had haste" (combat.c; not its {T}) */
  ARB_AB_GRANTED,              /* activated abilities an effect grants (add_static{activated});
                                  param: the effect's id (the host keeps the abilities) */
  ARB_AB_BANDING,              /* 502.10: bands (combat.c), damage division (combat_damage.lua) */
  ARB_AB_BLOCKS_EACH_IF_ABLE,  /* "blocks each attacking creature if able" (Blaze of Glory) */
  ARB_AB_ATTACKS_AS_NO_DEFENDER, /* "can attack as though it didn't have defender" (Animate Wall) */
  ARB_AB_EXCEPT,               /* not an ability: a mark that effect param (a static id) grants
                                  protection with an exception (add_static{except}: protection.c) */
  ARB_NABILITIES
};

/* protection's param: a color (ARB_C_*), or ARB_PROT_TYPE | a card type (ARB_T_*) */
#define ARB_PROT_TYPE 0x100
#define ARB_MAXABIL 12   /* distinct abilities (kind, param) per card */
#define ARB_MAXSUB 6     /* subtypes per card */
/* The words a text-changing effect changes (418.5a layer 3, text.c): the five color words
** (index i is the color ARB_C_* bit 1 << i) and the five basic land types (5 + i). */
#define ARB_NWORDS 10
#define ARB_WORD_LAND 5
#define ARB_INTARGETS 8  /* targets held in a stack object's record; more live in g->xtargets
                            (no cap on a spell's targets, 409.1c: "any number of targets") */

/* Stack objects (spell.c): what a card in the stack zone is. A spell is its
** own card; an ability is a card of type ARB_T_ABILITY made for its stay. */
enum { ARB_OBJ_NONE, ARB_OBJ_SPELL, ARB_OBJ_ACTIVATED, ARB_OBJ_TRIGGERED };
/* A target: a card id (a permanent, a card in a zone, or a stack object),
** or a player p as ARB_TARGET_PLAYER(p); ARB_NOTARGET for none. */
#define ARB_NOTARGET (-1)
#define ARB_TARGET_PLAYER(p) (-2 - (p))
#define ARB_TARGET_IS_PLAYER(t) ((t) <= -2)
#define ARB_TARGET_PLAYER_OF(t) (-2 - (t))
/* Mana (mana.c): the pool's slots, in the order of the WUBRG symbols. */
enum { ARB_MANA_W, ARB_MANA_U, ARB_MANA_B, ARB_MANA_R, ARB_MANA_G, ARB_MANA_C, ARB_NMANA };
/* arb_card.mcomplex bits: a mana ability that isn't simple; one whose cost has no {T} (409.1f) */
enum { ARB_MANA_COMPLEX = 1, ARB_MANA_UNTAPPED = 2 };

/* count: its instances (702.x: each works separately), at most ARB_MAXCOUNT on a card (one more
** fails as ARB_EABIL does); 16 bits keep the card struct small (docs/PERFORMANCE.md, memory). */
#define ARB_MAXCOUNT 32767
typedef struct arb_ability { uint16_t kind, param; int16_t count; } arb_ability;

/* A card's controller, power, toughness, types, supertypes, colors and
** abilities (abil) are its CURRENT characteristics: computed from the base
** ones (b*) by the continuous effects in layer order (characteristics.c) and cached;
** arb_chars_refresh(g) brings them up to date (the core calls it where it
** reads them: state-based actions, combat, untap, turn start). Write the base
** fields (arb_set_controller for control), never the computed ones. */
typedef struct arb_card {
  int32_t id, owner, controller, zone;   /* zone: index into g->zones */
  int32_t power, toughness, damage;
  int32_t bpower, btoughness, bcontroller;  /* base (printed; controller: absent effects) */
  int32_t ctl_seen;     /* the controller it was last seen under (the control watch,
                           characteristics.c: 212.3d summoning sickness) */
  int32_t ts;           /* timestamp: when it entered its zone (418.5: a static ability's) */
  int32_t attached_to, attached_ts;      /* an Aura: the permanent, and that one's ts; else -1 */
  int32_t enchant_sub;  /* an Aura: 1 + the subtype what it enchants must have ("Enchant Wall":
                           Animate Wall), 0: none */
  int32_t attacking;    /* defending player index, or -1 */
  int32_t blocking;     /* number of attackers it blocks */
  int32_t band;         /* 502.10b: an attacking band's tag (the id of its first declared
                           member), shared by its members; -1 in no band */
  /* Rarely used parts live outside the card, so that a game of cards that never go on the
  ** stack stays small (docs/PERFORMANCE.md, memory): */
  int32_t obj;          /* its stack object record (arb_object_get), made the first time it
                           goes on the stack; -1 before */
  int32_t babil;        /* its base (printed) abilities: nbabil of them from here in the
                           game's pool (arb_card_babil); they never change */
  int32_t printed;      /* current: the card whose printed values (name, subtypes, abilities, mana
                           abilities, definition) it has: its own id, or what a copy effect copies (503) */
  int32_t copy_st;      /* current: the copy effect that gives them + 1 (0: none) */
  uint8_t objkind;      /* ARB_OBJ_*: what it is while in the stack zone */
  uint8_t nactivated;   /* non-mana activated abilities its definition has */
  uint8_t nsorcact;     /* of which "only any time you could play a sorcery" */
  uint8_t mprod;        /* its first mana ability is "{T}: add one mana" of slot
                           mprod - 1 (ARB_MANA_*), with no other cost or effect;
                           0: none such (mana.c's fast payment) */
  uint16_t name;        /* interned string */
  uint16_t subtypes[ARB_MAXSUB];          /* current (the type layer, 418.5a layer 4) */
  uint16_t bsubtypes[ARB_MAXSUB];         /* base (printed) */
  uint8_t nsub, types, supertypes, colors;
  uint8_t nbsub, bmana;  /* base subtypes; mprod | mcomplex << 6 as printed (one byte: the size) */
  uint8_t xact;         /* ARB_XACT_*: how its activated abilities differ from its definition's
                           (the host builds its list then: arbiter.mana) */
  uint8_t tapped, sick, blocked, dealt_first, nabil;
  uint8_t btypes, bsupertypes, bcolors, nbabil;
  uint8_t named;        /* (characteristics.c) outside the battlefield, an effect changed it */
  uint8_t enchant;      /* an Aura: the types what it enchants must have (0: any permanent) */
  uint8_t enchant_grave; /* an Aura attached to a card in a graveyard ("enchant creature card in a
                           graveyard": Animate Dead), until it is attached to a permanent */
  uint8_t token;        /* 216: 1 a token, 2 a token that has ceased to exist; 0 a card */
  uint8_t facedown;     /* 504: a face-down permanent (a 2/2 creature with no name, subtypes,
                           color, cost or abilities; arb_chars_reset); 0 as it leaves play */
  uint8_t cda;          /* characteristic-defining P/T (star/star): ARB_PT_POWER | ARB_PT_TOUGHNESS,
                           its definition's functions (hooks.pt with st -1) */
  uint8_t as_enters;    /* its definition has as_enters: the host is told as it enters (hooks.entering) */
  uint8_t nzoneact;     /* activated abilities its definition has that work from its owner's
                           graveyard or hand (zone = "graveyard" | "hand"): arb_could_act */
  uint8_t mcomplex;     /* ARB_MANA_COMPLEX: it has a mana ability that isn't that simple;
                           | ARB_MANA_UNTAPPED: one whose cost has no {T}, which it can play while
                           tapped (409.1f; beside mprod above: here it leaves no padding byte) */
  uint16_t bname;       /* its printed name (name: the current one, a copy's: 503) */
  uint16_t bwords;      /* the words of its definition's `words` (bit i: word i; text.c) */
  uint8_t text[(ARB_NWORDS + 1) / 2];  /* current (418.5a layer 3): what word i of its printed text
                           reads now, + 1 (0: unchanged), 4 bits a word (word i: byte i / 2, low
                           nibble for even i: arb_text_word); reset with the other characteristics */
  uint8_t namesake;     /* its definition's name was another definition's first (the binding keeps the
                           first definition made of each name): mana.c can't tell its copies by name */
  uint8_t tapread;      /* (static.c) the last computation judged it by a `tapped = false` filter
                           whose other tests it passed: its tap changes characteristics (journal.c);
                           reset with them (in the padding before abil: the card's size is the same) */
  arb_ability abil[ARB_MAXABIL];
} arb_card;

/* A stack object's own fields (meaningful while its card is in the stack zone; kept
** after, as the card was: an Aura reads the target it was cast with). */
/* arb_card.xact: a land type was set or added (212.6e: the mana abilities are its current
** basic land types'), the land lost the abilities of its rules text (212.6e: a land type set),
** an effect grants it activated abilities (ARB_AB_GRANTED). */
enum { ARB_XACT_LAND = 1, ARB_XACT_LOST = 2, ARB_XACT_GRANTED = 4, ARB_XACT_NONE = 8 };
/* A subtype's kind (212.x: creature, land, artifact and enchantment types): an effect that
** sets subtypes replaces those of the kinds it names. */
enum { ARB_SUB_CREATURE, ARB_SUB_LAND, ARB_SUB_ARTIFACT, ARB_SUB_ENCHANTMENT };
int arb_subtype_kind(const char *s);
/* Whether s is a creature type of the Oracle card reference (creature_types.c, 212.1e). */
int arb_creature_type_listed(const char *s);

typedef struct arb_object {
  int32_t trigger;      /* a triggered ability: its trigger id, else -1 */
  int32_t trigger_ev;   /* a triggered ability: its event's history index */
  int32_t src;          /* an activated ability's source card */
  int32_t abil_index;   /* an activated ability's index in its source's list */
  int32_t origin;       /* a spell's zone of origin (index into g->zones) */
  int32_t xval;         /* the value of X */
  int32_t serial;       /* which stay on the stack (a new one each time) */
  int32_t chosen;       /* g->ts when its targets were chosen: a target card with a later
                           ts moved zones since, a new object (217.1c) */
  int32_t targets[ARB_INTARGETS];   /* the first targets (arb_object_target reads any) */
  int32_t mode;         /* a modal spell's chosen mode (1, 2, ...), 0 when none (700.2) */
  int32_t ntargets;
  int32_t xt;           /* targets beyond ARB_INTARGETS: from g->xtargets[xt] on */
  int32_t src_ts;       /* a triggered ability: its source's ts as it triggered (-1: none);
                           the source's ts is later once it changed zones since (217.1c) */
  int32_t xmana[6];     /* the mana spent on X by color: W U B R G, then colorless (Illusionary
                           Mask: "the mana you spent on {X}"); all 0 when none was */
} arb_object;

typedef struct arb_zone {
  int32_t *cards;       /* cards[0] is the bottom; the last is the top */
  int32_t n, cap;
  int32_t owner;        /* player index, or -1 for shared zones */
  uint8_t kind;
} arb_zone;

typedef struct arb_player {
  int32_t team;
  uint8_t lost, drew_empty, won;
  uint8_t left;           /* lost and gone with its cards (600.4, player_leave.c) */
  int32_t lands_played;   /* this turn (reset by arb_begin_turn); any number may be allowed
                             (land_plays = math.huge: Fastbond), so no byte */
  int32_t side;           /* its allies share it: not opponents, win together (influence.c;
                             its team unless new_game{allies = ...}) */
  int32_t range;          /* 601: its range of influence, 0: unlimited (influence.c) */
  int32_t draws_this_turn;
  int32_t lands_untapped_start;   /* the untapped lands it controlled as this turn began (Power
                                     Surge; recorded by arb_begin_turn, before the untap step) */
  int32_t acts_until;   /* it has abilities from no permanent it takes at priority (g:add_ability
                           with an effect: Guardian Angel's "you may pay {1} any time you could
                           cast an instant", a special action, 408.2i): the last turn they last + 1 (INT32_MAX: the rest
                           of the game); 0: none. arb_could_act asks it for priority then */
  int32_t mana[ARB_NMANA];   /* the mana pool */
  uint8_t asks;         /* its agent answers priority (else it always passes); 2: at every
                           priority, even when it could only pass (agent.priority_always) */
} arb_player;

typedef struct arb_team { int32_t life; int32_t first, n; } arb_team;

/* A typed event. Unused fields are -1. Zones are zone kinds (ARB_HAND...). */
typedef struct arb_event {    /* 40 bytes, no padding: the history holds hundreds per game */
  int32_t player, card, amount;
  int32_t source, target_card, target_player;
  int32_t name;         /* interned string: a named event's type, a step's name; -1 */
  int32_t turn;         /* the turn it happened in (set when logged; -1 in flight) */
  int16_t type;         /* ARB_EV_* */
  int16_t from, to;     /* zone kinds (ARB_LIBRARY ... ARB_STACK) or -1 */
  int16_t flags;        /* ARB_EVF_* */
} arb_event;
/* ARB_EVF_NO_REGEN: a "destroy" that "can't be regenerated" (Wrath of God,
** Terror): regeneration shields don't apply to it. */
enum { ARB_EVF_COMBAT = 1, ARB_EVF_NO_REGEN = 2 };
/* A "mana" or "mana_removed" event of one kind of mana: its slot + 1 (1 white
** ... 6 colorless) in flags bits 2-4 (the Lua event's `mana` string). */
#define ARB_EVF_MANA_SHIFT 2
#define ARB_EVF_MANA_MASK (7 << ARB_EVF_MANA_SHIFT)
/* A "mana" event of several kinds: mana bits 7, and target_card is where its ARB_NMANA
** amounts start in the game's side store (arb_side_get; the event has no target). */
#define ARB_EVF_MANA_MIXED (7 << ARB_EVF_MANA_SHIFT)
#define ARB_EV_MIXED_MANA(ev) (((ev)->flags & ARB_EVF_MANA_MASK) == ARB_EVF_MANA_MIXED)

typedef struct arb_game arb_game;

/* Effects (replacements, triggers, observers) registered by the host.
** The core filters by event type in C and calls the host only then. */
enum { ARB_FX_REPLACEMENT, ARB_FX_TRIGGER, ARB_FX_OBSERVER };
/* active: ARB_FX_OFF (removed), ARB_FX_ON, ARB_FX_ENDED (its source left the
** battlefield: it no longer applies or triggers, but abilities it already
** triggered still resolve). */
enum { ARB_FX_OFF, ARB_FX_ON, ARB_FX_ENDED };
struct arb_effect;
/* A replacement effect written in C (a built-in rule): it goes through the
** same pipeline as the host's (614.5 once per event, the affected player's
** choice among several). The functions must keep no state of their own:
** fx->ref is theirs to use as a parameter. */
typedef struct arb_creplacement {
  int (*applies)(arb_game *g, const struct arb_effect *fx, const arb_event *ev, int *yes);
  int (*replace)(arb_game *g, const struct arb_effect *fx, arb_event *ev, int *replaced);
  const char *name;
} arb_creplacement;

/* A triggered ability written in C (a built-in rule, e.g. flanking): same
** pipeline as the host's (waits, goes on the stack in APNAP order, resolves).
** condition sets *count (how many times it triggers; 0: not at all). */
typedef struct arb_ctrigger {
  int (*condition)(arb_game *g, const struct arb_effect *fx, const arb_event *ev, int *count);
  int (*resolve)(arb_game *g, const struct arb_effect *fx, const arb_event *ev);
  const char *name;
} arb_ctrigger;

#define ARB_FXC_SELF 0x80       /* arb_effect.card: the event's card is the effect's source */
#define ARB_FXC_ATTACHED 0x40   /* ... the permanent its source (an Aura) is attached to */
#define ARB_FXC_WORD 0x3f       /* its word's index + 1 (ARB_NWORDS < 63) */
#define ARB_FXT_CONTROLLER 1    /* arb_effect.turn: "at the beginning of your upkeep" */
#define ARB_FXT_ATTACHED 2      /* ... "of enchanted permanent's controller's upkeep" */
#define ARB_FXT_PLAYER 3        /* ... "of the chosen player's upkeep" (arb_effect.turn_player) */
#define ARB_FX_FROM(e) (((e)->zones & 15) - 1)   /* arb_effect.zones: the zone kind, -1 any */
#define ARB_FX_TO(e) (((e)->zones >> 4) - 1)
typedef struct arb_effect {
  int32_t id, ref;          /* ref: the host's handle (e.g. a registry slot) */
  int32_t source, controller;
  uint8_t kind, type, active, builtin;
  uint8_t until_leaves;     /* ends when its source leaves the battlefield */
  uint8_t targeted;         /* a trigger whose ability targets (hooks.targets) */
  uint8_t zone;             /* a trigger that works only while its source is in this zone kind
                               (+ 1: ARB_GRAVEYARD + 1, ARB_HAND + 1); 0: wherever it is */
  uint8_t counted;          /* a triggered mana ability whose mana the host declared (406.1b: "a land
                               tapped for mana -> adds mana"): payments' plans count it */
  int32_t name;             /* ARB_EV_NAMED: only events of this name (interned), else -1 */
  int8_t step;              /* a trigger on ARB_EV_STEP: only that step's events (ARB_STEP_* + 1);
                               0 every step's (its condition asked for each) */
  uint8_t zones;            /* a trigger on ARB_EV_ZONE_CHANGE: only zone changes from (low nibble) /
                               to (high nibble) this zone kind (+ 1); 0 any (its condition asked for
                               the rest only): ARB_FX_FROM / ARB_FX_TO read them */
  uint8_t is;               /* the event's card must have one of these card types now (ARB_T_*:
                               g:trigger / g:add_replacement{card = {is}}); 0 any */
  uint8_t card;             /* what the event's card must be (g:trigger / g:add_replacement{card}):
                               ARB_FXC_SELF its source, ARB_FXC_ATTACHED the permanent its source
                               is attached to; and (low bits) of the color or land type a
                               word of its source's text names now (the printed word's index + 1);
                               0 anything */
  uint8_t turn;             /* a trigger of one player's turns only (g:trigger{turn}): ARB_FXT_CONTROLLER
                               its source's controller's (the active team's), ARB_FXT_ATTACHED the
                               controller's of the permanent its source is attached to, ARB_FXT_PLAYER
                               turn_player's; 0 any */
  uint8_t always;           /* a host trigger registered with no condition: it triggers at each event its
                               filters pass, the host not asked (hooks.condition would say yes) */
  int32_t turn_player;      /* with turn ARB_FXT_PLAYER: that player's (its team's) turns only */
  int32_t next_same, prev_same;  /* the next and previous effect of its event type, by id (+ 1; 0
                               none): the chain notify and the replacement pipeline walk (event.c) */
  const arb_creplacement *c; /* builtin: the C functions (NULL for host effects) */
  const arb_ctrigger *t;     /* a built-in trigger's functions (else NULL) */
} arb_effect;

/* Host callbacks. Each returns ARB_OK or an error code (ARB_EHOOK after a
** script error, which the host keeps to re-raise). */
typedef struct arb_hooks {
  void *ud;
  /* replacement: does it apply? (*yes = 0/1) */
  int (*applies)(void *ud, arb_game *g, const arb_effect *fx,
                 const arb_event *ev, int *yes);
  /* replacement: do it; *replaced = 1 when the event is replaced entirely,
  ** else ev holds the modified event. */
  int (*replace)(void *ud, arb_game *g, const arb_effect *fx, arb_event *ev,
                 int *replaced);
  /* the affected player picks one of n applicable replacements (ids). */
  int (*choose_replacement)(void *ud, arb_game *g, int player,
                            const int32_t *ids, int n, const arb_event *ev,
                            int *pick);
  int (*observe)(void *ud, arb_game *g, const arb_effect *fx,
                 const arb_event *ev);
  int (*condition)(void *ud, arb_game *g, const arb_effect *fx,
                   const arb_event *ev, int *yes);
  int (*resolve)(void *ud, arb_game *g, const arb_effect *fx,
                 const arb_event *ev);
  /* a spell or activated ability (card id) resolves: check its targets, do
  ** what it does; *countered = 1 when all its targets were illegal (413).
  ** NULL: permanents enter, everything else does nothing. */
  int (*resolve_object)(void *ud, arb_game *g, int card, int *countered);
  /* player holds priority and may act (116): *acted = 1 when it cast or
  ** activated something, 0 when it passed. NULL: everyone passes. */
  int (*priority)(void *ud, arb_game *g, int player, int *acted);
  /* a triggered ability that targets (fx) was put on the stack as card:
  ** its controller chooses the targets. NULL: none. */
  int (*targets)(void *ud, arb_game *g, const arb_effect *fx, int card);
  /* 421.5: the players' actions players[0..n-1] repeat a state; *iterations:
  ** the number of steps they agree on (the active player names it, the
  ** others agree or raise). NULL: the loop goes on (up to settle_rounds). */
  int (*optional_loop)(void *ud, arb_game *g, const int32_t *players, int n, int *iterations);
  /* a continuous effect's affects predicate (static.c): does static effect
  ** st affect the card (player -1) or the player (card -1)? */
  int (*affects)(void *ud, arb_game *g, int st, int card, int player, int *yes);
  /* a P/T value the host computes (characteristics.c, in its layer): static
  ** effect st's field `which` (ARB_PT_*) for the card, or with st -1 the card's
  ** characteristic-defining power or toughness. NULL: 0. */
  int (*pt)(void *ud, arb_game *g, int st, int card, int which, int32_t *value);
  /* state triggers (410.10 in the era): asked after each state-based check of
  ** a settle, before triggered abilities go on the stack, once a game has any
  ** (arb_state_triggers_on); the host signals the events its triggers wait for. */
  int (*state)(void *ud, arb_game *g);
  /* a card whose definition has as_enters (card->as_enters) has just been put onto the
  ** battlefield, before its zone change is recorded: choices and copy effects "as it
  ** enters" (from_stack: it was a spell, its stack object record kept) */
  int (*entering)(void *ud, arb_game *g, int card, int from_stack);
  /* the affects predicate of static effect st asked about cards[0..n) in that
  ** order, yes[i] its answer for cards[i]: what hooks.affects answers card by
  ** card, in one host call (characteristics.c asks a whole battlefield row at
  ** each recomputation). NULL: hooks.affects per card. */
  int (*affects_row)(void *ud, arb_game *g, int st, const int32_t *cards, int n, uint8_t *yes);
} arb_hooks;

/* Per-game limits (bounded cascades). */
typedef struct arb_limits {
  int32_t replacement_depth;  /* nested replaced events */
  int32_t settle_rounds;      /* abilities resolved by one settle */
} arb_limits;

typedef struct arb_result { int over, draw, winner; } arb_result;

/* The steps of a turn (turn.c), in order; each is recorded as a "step"
** event whose amount is the step. */
enum { ARB_STEP_NONE = -1, ARB_STEP_UNTAP, ARB_STEP_UPKEEP, ARB_STEP_DRAW,
       ARB_STEP_MAIN1, ARB_STEP_BEGIN_COMBAT, ARB_STEP_ATTACKERS,
       ARB_STEP_BLOCKERS, ARB_STEP_DAMAGE, ARB_STEP_END_COMBAT, ARB_STEP_MAIN2,
       ARB_STEP_END, ARB_STEP_CLEANUP, ARB_NSTEPS };

/* Durations: what ends "until end of turn" / "until end of combat". */
enum { ARB_UNTIL_TURN, ARB_UNTIL_COMBAT };
enum { ARB_DUR_EFFECT /* a: effect id */,
       ARB_DUR_ABILITY /* a: card, b: kind, c: param, n: instances */ };
typedef struct arb_duration {
  int32_t kind, until, a, b, c, n;
  uint8_t active;
} arb_duration;

/* ---- game ---- */
arb_game *arb_game_new(arb_alloc_fn alloc, void *ud, uint64_t seed,
                       const int *team_sizes, int nteams, int life);
void arb_game_free(arb_game *g);
arb_game *arb_game_clone(const arb_game *g);
size_t arb_game_memory(const arb_game *g);   /* bytes the game holds now */
void arb_set_hooks(arb_game *g, const arb_hooks *h);
const arb_hooks *arb_get_hooks(const arb_game *g);
arb_limits *arb_limits_of(arb_game *g);
/* settings.c (422 for settings): limits set through the journal; the host's
** own settings counted by a journaled serial (0 when no mark is open). */
int arb_set_limits(arb_game *g, int32_t replacement_depth, int32_t settle_rounds);
int arb_host_change(arb_game *g, int32_t *serial);
int32_t arb_host_serial(const arb_game *g);
int arb_nplayers(const arb_game *g);
arb_player *arb_player_get(arb_game *g, int p);
arb_team *arb_team_get(arb_game *g, int t);
int arb_active(const arb_game *g);
int arb_set_active(arb_game *g, int p);
int arb_turn(const arb_game *g);
arb_result arb_result_get(const arb_game *g);
int arb_over(const arb_game *g);

/* ---- strings (interned per game) ---- */
int arb_intern(arb_game *g, const char *s, size_t len);  /* -1: no memory */
const char *arb_str(const arb_game *g, int id);
/* Whether subtype s (interned as id) exists (212.1e): a land, artifact or enchantment type of the
** era, a listed creature type, or a subtype some card of this game is printed with (a game's
** own cards may have types of their own). */
int arb_subtype_exists(const arb_game *g, const char *s, int id);
int arb_find_str(const arb_game *g, const char *s, size_t len);
int arb_nstrings(const arb_game *g);
void arb_strings_truncate(arb_game *g, int n);   /* a refused call's strings, nothing refers to them */

/* ---- journal ---- */
size_t arb_mark(arb_game *g);
void arb_rollback(arb_game *g, size_t mark);
void arb_commit(arb_game *g);    /* forget the journal (no open marks) */
size_t arb_journal_len(const arb_game *g);
/* A host driver's suspension (ldriver.c): while on, a rollback of any mark but the
** outermost keeps its changes for the outermost mark, so the game stays in the state
** at the question while the error that carries it unwinds. */
void arb_suspend(arb_game *g, int on);
int arb_marks_open(const arb_game *g);
/* The journal's room (entries), and giving it back: with no mark open, a journal that
** a large action (a whole deck) grew past room is freed, so a game doesn't keep the
** footprint of its largest action (freeing can't fail; the next action regrows it). */
size_t arb_journal_room(const arb_game *g);
int arb_journal_reserve(arb_game *g, size_t more);   /* room for more entries (an estimate) */
void arb_journal_trim(arb_game *g, size_t room);
/* What core functions on the C stack hold in the game (replacement depth, candidate and
** 614.5 lists; each restores it on return). A host whose callback may unwind through core
** frames (longjmp) saves it before the call and restores it with the rollback. */
typedef struct arb_inflight { int32_t repl_depth, scratch, applied; } arb_inflight;
arb_inflight arb_inflight_save(const arb_game *g);
void arb_inflight_restore(arb_game *g, arb_inflight f);
int arb_jset_card(arb_game *g, int card, int32_t *field, int32_t v);
int arb_jset_card8(arb_game *g, int card, uint8_t *field, int v);
/* A field of a card's stack object record (from arb_object_make) */
int arb_jset_obj(arb_game *g, int card, int32_t *field, int32_t v);
int arb_jset_obj8(arb_game *g, int card, uint8_t *field, int v);
int arb_jset_player8(arb_game *g, int p, uint8_t *field, int v);
int arb_jset_team(arb_game *g, int t, int32_t *field, int32_t v);
int arb_jset_game(arb_game *g, int32_t *field, int32_t v);

/* ---- rng (PCG32, seeded only from the game's seed) ---- */
void arb_rng_seed(arb_game *g, uint64_t seed);
int arb_random(arb_game *g, uint32_t bound, uint32_t *out);
void arb_shuffle_quiet(arb_game *g, int32_t *a, int n);  /* no mark open: journals nothing */
void arb_unshuffle(int32_t *a, int n, uint64_t state);    /* undoes it, made from that RNG state */

/* ---- cards ---- */
int arb_ncards(const arb_game *g);
/* The last timestamp given (a card that changes zones gets the next one, 217.1c). */
int32_t arb_last_ts(const arb_game *g);
arb_card *arb_card_get(arb_game *g, int id);    /* NULL if no such card */
/* A token (216.1): made from proto in the "none" zone, owned by owner and controlled by
** controller (tapped: tapped as it comes), then put into play through arb_move (replacements,
** triggers); one that doesn't arrive (a replacement sent it nowhere) has ceased to exist. */
int arb_token_new(arb_game *g, const arb_card *proto, int owner, int controller, int tapped,
                  int *id);
int arb_card_new(arb_game *g, const arb_card *proto, int owner, int zone,
                 int top, int *id);
/* Room for n more cards created into zone, and their "create" events: a deck
** made at once grows each array once rather than doubling its way there. */
int arb_card_reserve(arb_game *g, int zone, int n);
/* A card's stack object record: a default one (trigger -1, X 0, no targets) when it
** never went on the stack. */
const arb_object *arb_object_get(const arb_game *g, const arb_card *c);
/* Its record to write with arb_jset_obj*, made first when it has none (journaled);
** *o stays valid until another record is made. */
int arb_object_make(arb_game *g, int card, arb_object **o);
/* Its base (printed) abilities, c->nbabil of them; NULL when none. */
const arb_ability *arb_card_babil(const arb_game *g, const arb_card *c);
int arb_card_count(const arb_card *c, int kind, int param);
int arb_card_has(const arb_card *c, int kind);
int arb_card_grant(arb_game *g, int card, int kind, int param, int n);
int arb_card_revoke(arb_game *g, int card, int kind, int param);
int arb_card_power(const arb_card *c);
int arb_card_toughness(const arb_card *c);
int arb_card_has_subtype(const arb_game *g, const arb_card *c, int sub);
/* The card whose printed values (and definition) card id has now: id, or the card a copy
** effect copies (503); the characteristics as last computed. */
int arb_card_printed(const arb_game *g, int id);

/* ---- abilities vocabulary ---- */
/* Parses an ability string (case-insensitive). Returns 0 and sets kind/param
** or -1 when unknown. Landwalk subtypes are interned. */
int arb_ability_parse(arb_game *g, const char *s, size_t len, int *kind,
                      int *param);
/* protection.c (502.7): "protection from <quality>" parsed (0, *param) or -1;
** the quality's name; is card c protected from source src (its colors, types)? */
int arb_protection_parse(const char *s, size_t n, int *param);
const char *arb_protection_quality(int param);
int arb_protected_from(const arb_game *g, const arb_card *c, const arb_card *src);
/* A player with protection ("you have protection from ..."): an effect on players that adds it. */
int arb_player_protected(arb_game *g, int player, const arb_card *src, int *yes);
/* canonical name of an ability, written into buf */
void arb_ability_name(const arb_game *g, int kind, int param, char *buf,
                      size_t n);

/* ---- zones ---- */
int arb_zone_id(const arb_game *g, int player, int kind);  /* player -1: shared */
arb_zone *arb_zone_get(arb_game *g, int zone);
int arb_zone_insert(arb_game *g, int zone, int pos, int card);
int arb_zone_reserve(arb_game *g, int zone, int n);  /* capacity for n cards */
int arb_zone_remove(arb_game *g, int zone, int pos);
int arb_zone_find(const arb_game *g, int zone, int card);
int arb_shuffle(arb_game *g, int zone);
const char *arb_zone_kind_name(int kind);
int arb_zone_kind_parse(const char *s);
/* moves a card to a zone without an event (setup, internal use) */
int arb_place(arb_game *g, int card, int zone, int top);

/* ---- effects & the event pipeline ---- */
int arb_effect_add(arb_game *g, int kind, int type, int ref, int source,
                   int controller, int *id);
int arb_effect_remove(arb_game *g, int id);
arb_effect *arb_effect_get(arb_game *g, int id);
/* Registers a replacement written in C (builtin = 1); param lands in fx->ref. */
int arb_replacement_add_c(arb_game *g, int type, const arb_creplacement *r,
                          int32_t param, int source, int controller, int *id);
/* Registers a triggered ability written in C (builtin = 1); param lands in fx->ref. */
int arb_trigger_add_c(arb_game *g, int type, const arb_ctrigger *t,
                      int32_t param, int source, int controller, int *id);
/* Flanking (502.3), built in: one trigger per player, for the creatures that
** player controls (the trigger's controller is the flanking creature's). */
int arb_flanking_add(arb_game *g, int controller, int *id);
/* Ends the until_leaves effects of a card that left the battlefield. */
int arb_effects_source_left(arb_game *g, int card);
int arb_statics_source_left(arb_game *g, int card);   /* static.c: its continuous effects end */
const char *arb_event_name(int type);
int arb_event_parse(const char *s);
void arb_event_init(arb_event *ev, int type);
/* Runs the replacement pipeline on ev; *replaced = 1 if it was replaced
** entirely (nothing more happens). */
int arb_replace(arb_game *g, arb_event *ev, int *replaced);
/* Records a performed event: history, observers, triggers. */
int arb_record(arb_game *g, const arb_event *ev);
int arb_history_len(const arb_game *g);
const arb_event *arb_history_get(const arb_game *g, int i);
int arb_nwaiting(const arb_game *g);
/* Is any host effect (replacement, trigger or observer) active for events of
** this type? If not, the pipeline calls no hook for them: a host may skip
** its per-call protection for an action that makes only such events. */
int arb_hooked(const arb_game *g, int type);
/* No active effect can call the host (only built-in triggers are active): a
** core action then runs no host code, so a binding needs no protected call. */
int arb_host_free(const arb_game *g);
/* No host effect is active (arb_host_free less the agents answering priority and the stack):
** an action that neither gives priority nor resolves runs no host code (a cast). */
int arb_host_effects_free(const arb_game *g);

/* ---- actions (actions.c): each goes through the pipeline ---- */
int arb_draw(arb_game *g, int player, int *card);   /* *card -1: none/replaced */
/* The whole instruction "draw n cards" as its replaceable, logged "draws" event {player, amount}
** (a named event, draw.lua's g:_emit: "draw an additional card", "skip your draw"): *n becomes
** the draws that follow, 0 when it was replaced away. Only while effects watch named events. */
int arb_draws_event(arb_game *g, int player, int *n);
/* n draws by one player as one atomic action (on error nothing changed),
** when nothing listens to draws (else ARB_EARG: use arb_draw under the
** host's protection). The cards drawn are the top *drawn of the hand. */
int arb_draw_n(arb_game *g, int player, int n, int *drawn);
/* Room for n journaled draws by player (one at a time with arb_draw, inside a mark): the
** hand, the history and the journal grown once to what the library can give. Capacity is
** not state: a failure changes nothing (the draws then grow them as they go). */
void arb_draw_reserve(arb_game *g, int player, int n);
int arb_discard(arb_game *g, int player, int card);
int arb_move(arb_game *g, int card, int zone_kind, int top);
int arb_life_set(arb_game *g, int player, int32_t life);
int arb_life_change(arb_game *g, int player, int32_t delta);
int arb_damage(arb_game *g, int source, int target_card, int target_player,
               int amount, int combat);
/* Damage dealt at once (a combat damage step, one g:damage): after the damage events from history
** index `from` on, one "damage_dealt" named event per player or permanent dealt damage, with
** the total (target_player / target_card, player, amount; ARB_EVF_COMBAT when combat), so
** that "whenever you're dealt damage" triggers once (Living Artifact). Only when an effect
** watches named events. */
int arb_damage_dealt(arb_game *g, int from, int combat);
int arb_tap(arb_game *g, int card, int tapped);
/* Records the creation of a card (a "create" event; not replaceable). */
int arb_created(arb_game *g, int card);
/* A generic named event (ev->type ARB_EV_NAMED, ev->name set): replaceable,
** then recorded; *happened = 0 when a replacement replaced it entirely. */
int arb_signal(arb_game *g, arb_event *ev, int *happened);
int arb_lose(arb_game *g, int player);
/* Players who lose at once (CompRules 2005 104.4a / 420.5a: all at the same time; every
** player losing at once is a draw): each loss replaceable, then the game's end decided once. */
int arb_lose_all(arb_game *g, const int *players, int n);
/* Why a player lost: a "lose" event's amount (Lua: ev.reason). */
enum { ARB_LOSE_EFFECT, ARB_LOSE_CONCEDE, ARB_LOSE_LIFE, ARB_LOSE_DRAW };
int arb_win(arb_game *g, int player);
/* 600.4: each player who lost while the game goes on leaves it with its cards (player_leave.c). */
int arb_leave_lost(arb_game *g);
/* Multiplayer options (influence.c): 604 attack direction (607.3c adjacent), 601 range of
** influence (0: none) for every player, or one player's; a player's side (its allies). */
enum { ARB_ATTACK_ANY, ARB_ATTACK_LEFT, ARB_ATTACK_RIGHT, ARB_ATTACK_ADJACENT };
int arb_set_seats(arb_game *g, int dir, int range);
int arb_set_range(arb_game *g, int p, int range);
int arb_set_side(arb_game *g, int p, int side);
int arb_in_range(const arb_game *g, int p, int q);     /* 601: q within p's range */
int arb_attackable(const arb_game *g, int p, int q);   /* 308, 601, 604: p may attack q */
/* State-based actions (420.5): checked again until none applies. A check
** with no host code to ask (no predicate effect) when nothing it reads changed
** since the last full check that changed nothing returns at once: it would
** find nothing. arb_full_checks(g, 1) makes every check run in full (a spec
** compares the games). */
int arb_check_state(arb_game *g);
void arb_full_checks(arb_game *g, int on);
/* arb_chars_full(g, 1): every computation of the characteristics is the full one, none of one
** card alone (characteristics.c; a spec compares the games). */
void arb_chars_full(arb_game *g, int on);
/* The game has state triggers: settles ask hooks.state from now on. */
void arb_state_triggers_on(arb_game *g);
/* The mulligan's redeal: hand into library, shuffle, draw n (actions.c). */
int arb_redeal(arb_game *g, int player, int n, int *drawn);
int arb_redeal_quiet(const arb_game *g);  /* atomic without a mark: nothing listens */
int arb_move_quiet(arb_game *g, int card, int kind);  /* the same for one move (reserves room) */
int arb_settle(arb_game *g);
/* The host notes that a player made a real choice (a may, or a pick among
** several options): a repeated state with a choice in between is not a loop
** made only of mandatory actions (421.4, 421.5). */
int arb_note_choice(arb_game *g);
/* draw_game.c: "the game is a draw" (nobody loses); a cascade that reached
** its limit: a draw when no choice was made since it began (choices0 = the
** count of choices then: 421.4), else ARB_ELIMIT (421.5). */
int arb_draw_game(arb_game *g);
int arb_cascade_limit(arb_game *g, int32_t choices0);
int arb_stack_push_waiting(arb_game *g);

/* ---- stack objects (spell.c, 405, 413) ---- */
/* Puts card (from wherever it is) on the stack as a spell controlled by
** player: a zone_change event to the stack, its targets and X set. */
int arb_spell_put(arb_game *g, int card, int player, const int32_t *targets,
                  int ntargets, int x);
/* An activated ability of src (index i) on the stack; *id its object. */
int arb_ability_put(arb_game *g, int src, int i, int player,
                    const int32_t *targets, int ntargets, int x, int *id);
/* Sets the targets of a stack object (a triggered ability's, chosen once it is
** on the stack) and notes when they were chosen. */
int arb_set_targets(arb_game *g, int card, const int32_t *targets, int ntargets);
/* target i (0-based) of a stack object record; ARB_NOTARGET when it has fewer */
int32_t arb_object_target(const arb_game *g, const arb_object *o, int i);
/* The game's append-only side store of int32 values (journaled): a stack object's targets
** beyond ARB_INTARGETS, a mixed mana event's amounts. k values appended from *at; read one. */
int arb_side_append(arb_game *g, const int32_t *v, int k, int32_t *at);
int32_t arb_side_get(const arb_game *g, int32_t i);
/* The mode chosen for a modal spell on the stack (1, 2, ...; 0: none). */
int arb_set_mode(arb_game *g, int card, int mode);
/* The mana spent on a stack object's X, by color (W U B R G, colorless): six counts >= 0. */
int arb_set_xmana(arb_game *g, int card, const int32_t *mana);
/* A copy of spell orig put onto the stack (503: Fork), card made for it in the "none" zone;
** nt < 0: orig's targets as they were chosen. */
int arb_spell_copy_put(arb_game *g, int card, int player, int orig, const int32_t *targets, int nt, int colors);
/* Whether target i of stack object obj still names the object chosen: a player,
** or a card that hasn't changed zones since (217.1c: a card that moves is a new
** object with no relation to the old one, so it is no longer that target). */
int arb_target_current(const arb_game *g, int obj, int i);
/* Counters a stack object (a spell to its owner's graveyard); *done = 0
** when it is not on the stack. */
int arb_counter(arb_game *g, int card, int *done);
/* The stack object at depth i (0 = top), or -1. */
int arb_stack_object(arb_game *g, int i);
int arb_stack_size(const arb_game *g);
/* The triggered ability resolving now (its stack card), or -1. */
int arb_resolving(const arb_game *g);
/* The player holding priority, or -1. */
int arb_priority(const arb_game *g);
/* Whether player may act with priority now (116): its agent answers
** priority and it has an instant, a non-mana activated ability, or (in its
** main phase with an empty stack) any spell to cast. */
int arb_could_act(arb_game *g, int player);
/* The agent of player answers priority questions (journaled; not hashed:
** which agents answer is the host's, not the game's). */
int arb_set_asks(arb_game *g, int player, int asks);
/* Journaled: player's abilities from no permanent that use the stack last until turn
** until - 1 (arb_player.acts_until). */
int arb_set_acts_until(arb_game *g, int player, int32_t until);

/* ---- mana (mana.c) ---- */
/* Adds n mana of slot k (ARB_MANA_*) to player's pool (no event). */
int arb_mana_add(arb_game *g, int player, int k, int32_t n);
/* Empties every pool; unless off (house rule), unspent mana makes its owner
** lose that much life (mana burn, 003). Done when a step or phase ends. */
int arb_mana_empty(arb_game *g);
int arb_set_mana_burn(arb_game *g, int on);   /* journaled */
int arb_set_ante(arb_game *g, int on);        /* journaled: the winner owns the ante */
/* A mana ability of card (-1: none) produces amounts[ARB_NMANA] for player:
** the card taps first when tap; then the pool grows and a "mana" event
** (named) is recorded (player, card/source, amount = the total). */
int arb_mana_produce(arb_game *g, int player, int card, int tap, const int32_t *amounts);
/* Mana leaves player's pool (g:remove_mana, g:empty_pool): a replaceable
** "mana_removed" event per kind, then at most what the pool holds is taken. */
int arb_mana_remove(arb_game *g, int player, const int32_t *amounts);
/* The mana player could have now: the pool plus one use of each untapped
** simple source (mprod; a creature not summoning sick or with haste), into
** out[ARB_NMANA]. Returns 0 when a source with another mana ability could
** add to it (the host then counts itself), else 1. */
int arb_mana_available(arb_game *g, int player, int32_t *out);
/* Pays need (W U B R G, then generic at [5]) from the pool and then simple
** sources in battlefield order — colored symbols first, so generic never
** takes a color the rest needs — when no choice matters: every candidate for
** each symbol is a copy (same name) of the first. *paid = 0 (nothing
** changed) when it can't: a complex source, a real choice, or not enough;
** the host's general path then pays (or explains). A source with a choice of
** kinds (a dual land, Birds of Paradise: several "{T}: add one mana" abilities,
** 406.1) is one of ch[0..nch): its card id and its abilities' slots in order,
** (slot + 1 | 8 for a basic land type's ability) << 4 * i for the i-th
** (ARB_MANA_CHOICES at most); for a colored
** symbol it plays its first ability of that color, for generic its first one
** (the host's payment does the same). *paid = -1 (nothing changed) when a
** source of player's with a mana ability the core doesn't model could be
** played: a choice source not in ch, or any other.
** as: mana that may be spent as another color (rules.mana_as: Sunglasses of Urza), bit
** 5 * from + to (W..G as 0..4): a colored symbol takes its own color from the pool, else the
** first such color there, else a source whose kind (or a choice source's first ability whose
** kind) is its color or may be spent as it; 0: none.
** ans (NULL: none): where the player has a real choice among candidates that differ (409.1f),
** the payment picks by ans->answers[0..nans), in the order it meets the choices: each the
** position (1..m) of the pick among that choice's m candidates (every unused source that makes
** the kind, battlefield order, as the host's payment lists them); the picks are noted (421.5).
** Out: ans->ask = m when it met a choice after the answers ran out (*paid 0, nothing changed:
** the host asks and calls again with one more answer, ans->plan keeping where the plan stopped);
** ans->used, the answers it read;
** ans->short_slot (5: generic; -1: none) and short_need, when the plan, complete, found no
** source left for a symbol (*paid 0): the first one the host's payment would find short (a
** color's after the other colors were paid, 407).
** A choice source whose code is ARB_MANA_CONVERTER has no ability the plan plays, only mana
** abilities with a mana cost (Celestial Prism's "{2},{T}: add one mana of any color"), which the
** host's payment plays for a colored symbol still short (409.1f): the plan leaves it out, and
** goes back to the host (*paid 0, no short_slot) at a colored symbol short; the picks it asked
** before, the colored symbols' (ans->answers[0..nans)), are the host's payment's first questions,
** which it answers with them (g:_pay_simple hands them back; asked again, an agent draws again).
** ans->xs: how many of the need[5] generic are {X}'s, paid after the printed generic symbols
** (the host's order): ans->x_spent, the mana they took by pool slot (a paid plan's; Illusionary
** Mask reads what X was paid with). */
/* A choice source's abilities may each make several mana of their kind: (amount - 1) <<
** ARB_MANA_AMOUNT in its code, amount 2..16 (Sol Ring's "{T}: add {2}", a choice of one).
** ARB_MANA_NONE: a tapped one (ARB_SRC_HOST) whose abilities all have {T} now (a land an effect
** changed: the core marks it as one that may have one without {T}): the payment plays none. */
enum { ARB_MANA_CHOICES = 6, ARB_MANA_CONVERTER = 1 << 24, ARB_MANA_AMOUNT = 25, ARB_MANA_NONE = 1 << 30 };
typedef struct { int32_t card, code; } arb_mana_choice;
/* A plan's state where it met a choice without an answer (ans->ask), kept by the caller between
** its calls (ans->plan): the next call, with one more answer and the board unchanged (the answer
** only reads the game), goes on from that choice instead of planning again from the start (the
** same steps, the same plan: ~1.2 K instructions a question). stage 0: none (a new plan). */
typedef struct {
  int32_t pool[ARB_NMANA], take[ARB_NMANA], short_need[5], left, plan[256];
  arb_mana_choice src[256];
  uint8_t used[256], made[256], many[256];
  int stage, k, part, n, nsrc, conv, short_any;
} arb_mana_resume;
typedef struct {
  const int32_t *answers;
  int nans, used, ask, short_slot;
  int32_t short_need;
  int32_t xs, x_spent[ARB_NMANA];   /* in: the last xs of need[5] are {X}'s; out: what they took */
  arb_mana_resume *plan;            /* NULL: each call plans from the start */
} arb_mana_answers;
/* extra[0..2 * nx): the mana declared triggered mana abilities add as a source is tapped (406.1b:
** they resolve at once, the payment reads its pool after each source, as the host's does), pairs
** of a source's card and what they add (summed for a card: 4 bits a slot W..G, colorless, then
** from bit ARB_MX_PRODUCED how many add one mana of the kind the source made; the host keeps each
** field under 16): the plan counts it, tapping the sources fires the triggers. */
enum { ARB_MX_PRODUCED = 24 };
int arb_mana_pay_simple(arb_game *g, int player, const int32_t *need, uint32_t as, const arb_mana_choice *ch,
                        int nch, arb_mana_answers *ans, const int32_t *extra, int nx, int *paid);
/* What a payment of player's may do with permanent c (the one rule of arb_mana_pay_simple's
** sources and the binding's list of the choice sources it describes): ARB_SRC_NONE, nothing
** (another's, face down, no mana ability, or tapped with only {T} ones); ARB_SRC_SIMPLE, tap it
** (mprod); ARB_SRC_CHOICE, an untapped one with a mana ability the core doesn't model (the host
** may describe it: arb_mana_choice); ARB_SRC_HOST, tapped with a mana ability whose cost has no
** {T} (409.1f: it can still be played; the host pays). Summoning sickness is the caller's. */
enum { ARB_SRC_NONE, ARB_SRC_SIMPLE, ARB_SRC_CHOICE, ARB_SRC_HOST };
int arb_mana_source(const arb_card *c, int player);
/* Whether a replacement, trigger or observer of "tap" or "mana" events, or characteristics
** that follow tapped states, the history or the world, could act on a payment's mana
** abilities now (or the game is over): 0 when playing plain sources adds just their mana. */
int arb_mana_watched(const arb_game *g);
/* arb_mana_watched, but for triggered mana abilities whose mana is declared (arb_effect.counted):
** 0 when only those (or nothing) watch a payment's taps and mana */
int arb_mana_watched_uncounted(const arb_game *g);
/* arb_mana_watched_uncounted, but for triggered abilities that aren't mana abilities (they wait for
** the stack): 0 when a payment that plays its sources itself (arb_mana_pay_simple) may add the
** declared triggered mana abilities' mana as its plan (a tap trigger, Psychic Venom, only waits) */
int arb_mana_watched_paying(const arb_game *g);
/* arb_mana_watched, but for triggered abilities that aren't mana abilities (they wait for the
** stack: a payment's plan still answers; the main phase's castability scan, lmain_scan.c) */
int arb_mana_watched_now(const arb_game *g);
/* Whether a replacement or observer of "tap" or named events (host code that may ask a player
** something) could run as a payment plays its sources: then the host asks a payment's picks
** between its taps, not the core before them. */
int arb_mana_interleaved(const arb_game *g);
/* The mana player could have now as the host's count has it (lua/arbiter/mana.lua,
** arbiter._available) when some sources offer a choice of color or add several mana of one kind,
** for the default main phase's scan: the pool plus one use of each source, into m. A source with
** a mana ability the core doesn't model (mcomplex) is described by the host in ch[0..nch) (card,
** description): ARB_MCOUNT_NONE, nothing it could play now counts; ARB_MCOUNT_ONE | amount << 4
** | slot (1..6, W..G then colorless), one "{T}: add amount of slot"; else a choice code as
** arb_mana_pay_simple's (several "{T}: add one mana", 406.1). Returns 0 when a source isn't
** described (0): the host counts, or describes the sources from m->stop (the battlefield index of
** the first one not described; none before it is counted or described) and the count goes on
** from there (arb_mana_count_on, the same count as arb_mana_count's with those: the main scan
** walks the battlefield once whether or not some sources need describing). */
/* ARB_MCOUNT_CONV: a source whose only mana abilities have a mana cost, none more than it (Celestial
** Prism, 409.1f): it adds nothing to the count, which stays a bound on the total; the payment plays
** it only for a colored symbol still short, so a plan that leaves none short answers, else the
** host tries the payment (arb_mana_plan -1). */
enum { ARB_MCOUNT_ONE = 1 << 24, ARB_MCOUNT_NONE = 1 << 25, ARB_MCOUNT_CONV = 1 << 26, ARB_MCOUNT_MAX = 256 };
typedef struct {
  int64_t have[ARB_NMANA];   /* the pool plus the one-kind sources' mana, by slot */
  int64_t total;             /* everything: the pool plus one use of each source */
  int64_t any, most[5];      /* sources of any color (Birds); of some colors, each color's abilities */
  int inexact;               /* a source of some colors: a plan decides */
  int conv;                  /* a converter (ARB_MCOUNT_CONV): no per-color bound, a plan decides */
  uint32_t as;               /* mana that may be spent as another color (the caller sets it after
                                counting: arb_mana_pay_simple's as): a plan decides */
  arb_game *g;               /* (what was counted, for arb_mana_plan: the game unchanged since) */
  const arb_mana_choice *ch;
  int player, nch;
  const int32_t *extra;      /* (the caller sets them after counting, for arb_mana_plan: the
                                declared triggered mana abilities' mana, arb_mana_pay_simple's
                                extra; nx 0: none) */
  int nx;
  int stop;                  /* (a count returning 0: where it stopped) */
} arb_mana_counted;
int arb_mana_count(arb_game *g, int player, const arb_mana_choice *ch, int nch, arb_mana_counted *m);
int arb_mana_count_on(arb_mana_counted *m, const arb_mana_choice *ch, int nch);
/* Whether m could pay cost (its total, then W..G): arbiter._affordable's test (the total, each
** color short covered by sources of any color), then arbiter._can_pay's per-color bound (none
** with m->as: a color short is the plan's to tell): 1 yes, 0 no, -1 only the payment's plan can
** tell (arb_mana_plan; the host tries the payment itself instead when something watches the
** payment's taps and mana: arb_mana_watched). */
int arb_mana_affords(const arb_mana_counted *m, const int64_t *cost);
/* Whether the payment's plan pays cost (arbiter._can_pay's plan_pays, every question answered
** by its first option): colored symbols from the pool (or mana that may be spent as their color:
** m->as), then the first unused source whose mana pays the color, with what the declared
** triggered mana abilities add as it is tapped (m->extra, 406.1b); generic by what is left.
** 1 yes, 0 no, -1 can't tell (more than ARB_MCOUNT_MAX sources; a colored symbol short with a
** converter counted: the host tries the payment). */
int arb_mana_plan(const arb_mana_counted *m, const int64_t *cost);
int arb_jset_player(arb_game *g, int p, int32_t *field, int32_t v);

/* ---- combat damage (combat_damage.c, 502.2) ---- */
/* One assignment: source deals amount to target_card or target_player
** (-1 for the other). amount 0: a mark only (source deals damage in the
** first-strike step: dealt_first, 502.2c). */
typedef struct arb_dmg { int32_t source, target_card, target_player, amount; } arb_dmg;
/* A division its controller chooses (502.2, 502.9b), asked by the host: src divides its power
** among nt creatures ids[0..nt-1] (an attacker's blockers in declaration order, as_attacker 1;
** a blocker's attackers in block order, 0), then with trample the player (player >= 0, else
** -1); lethal[i]: creature i's lethal damage (with trample: less what the creatures planned
** before assign to it, 502.9b). Writes amounts[0..nt-1], then the player's at amounts[nt]
** (checked by the host: non-negative, adding up to the power, 502.9b's order). ARB_OK or an
** error. */
typedef int (*arb_dmg_ask)(void *ud, int src, int as_attacker, const int32_t *ids, int nt, int player,
                           const int32_t *lethal, int32_t *amounts);
/* Plans one damage step (first: the first-strike step; had_first: the combat has one) without
** changing the game but through the questions: every creature that deals damage now, the
** divisions asked through ask as they come (the Lua layer's order: attackers without trample
** in card-id order, then tramplers, then blockers in the order of their first live block);
** the items: attackers in card-id order, then blockers. *n items; cap: at least
** arb_combat_damage_bound(g) (a question asked isn't asked again: ARB_EARG when it doesn't
** fit, or when a question grew the game's cards or blocks); scratch: 4 * (blocks + 1)
** int32_t. With ask NULL, returns 1 (nothing planned) at the first division with a choice. */
int arb_combat_damage_plan(arb_game *g, int first, int had_first, arb_dmg *out, int cap,
                           int *n, arb_dmg_ask ask, void *ud, int32_t *scratch);
int arb_combat_damage_bound(arb_game *g);
/* Option k of a division among nt creatures (lua/arbiter/division.lua's M.option, the order
** its questions offer): k = 1 the default (lethal damage to each creature in order, the rest to
** the last one or, with trample, to the player), else all power on creature k - 1 (with
** trample: nothing to the player). Writes amounts[0..nt - 1 + trample]. */
void arb_division_option(int k, int nt, int trample, int32_t power, const int32_t *lethal, int32_t *amounts);
/* Deals a plan as simultaneous combat damage: the marks, then each damage
** event through the replacement pipeline (prevention is a replacement). */
int arb_combat_damage_deal(arb_game *g, const arb_dmg *d, int n);

/* ---- turns (turn.c) ---- */
/* A new turn for player: active, turn + 1, summoning sickness ends for the
** permanents player controls (they have been controlled since the turn began). */
int arb_begin_turn(arb_game *g, int player);
int arb_step(arb_game *g, int step);          /* enters step: a "step" event */
int arb_current_step(const arb_game *g);      /* ARB_STEP_NONE outside turns */
/* combat_steps.c: a combat step run by the combat calls themselves: entered
** as arb_step inside a turn (unless current), only recorded outside one. */
int arb_combat_step(arb_game *g, int step);
/* combat_effects.c: a creature on the battlefield becomes attacking without
** being declared (no "attack" event); an attacker becomes blocked with no
** blocker. ARB_EARG when the card isn't on the battlefield / attacking. */
int arb_put_attacking(arb_game *g, int card, int defender);
/* combat.c: 502.10b: card joins band (a tag: the id of the band's first
** member; -1 none). The creature leaves combat (regeneration, "remove from
** combat"): no longer attacking, blocking or blocked, and out of its band
** (502.10d). */
int arb_set_band(arb_game *g, int card, int band);
int arb_leave_combat(arb_game *g, int card);
int arb_become_blocked(arb_game *g, int card);
/* combat_effects.c: an effect makes an attacker unblocked / a creature block an attacker
** (False Orders). ARB_EARG when the cards aren't in those places. */
int arb_become_unblocked(arb_game *g, int card);
int arb_become_blocking(arb_game *g, int blocker, int attacker);
const char *arb_step_name(int step);
int arb_step_parse(const char *s);            /* -1 when unknown */
int arb_untap_all(arb_game *g, int player);   /* the untap step's untapping */
/* ... but the n permanents of held stay tapped (untap limits: their untap events replaced) */
int arb_untap_held(arb_game *g, int player, const int32_t *held, int n);
int arb_set_controller(arb_game *g, int card, int player);  /* sick again (502.5) */
/* Cleanup: damage wears off, until-end-of-turn P/T changes and durations end. */
int arb_cleanup(arb_game *g);
int arb_end_turn(arb_game *g);             /* leaves the turn: pools empty, step NONE */
int arb_until(arb_game *g, int until, int kind, int a, int b, int c, int n);
int arb_end_durations(arb_game *g, int until);
/* Conceding (older guide 003): the player loses at once; no replacement,
** no trigger: nothing can respond. */
int arb_concede(arb_game *g, int player);
/* Appends an event to the history without observers or triggers. */
int arb_log(arb_game *g, const arb_event *ev);
/* Room for need events; the first block holds at least the game's history
** start (ARB_HISTORY_START events), which specs may lower (arb_history_start)
** for a game whose history is still empty: returns 0 if it isn't. */
#define ARB_HISTORY_START 128
int arb_history_reserve(arb_game *g, int32_t need);
int arb_history_start(arb_game *g, int32_t n);

/* ---- continuous effects (static.c, characteristics.c: 418) ---- */
/* Whom an effect affects: every permanent (or player), those its host
** predicate accepts (hooks.affects), or a fixed set of objects. */
enum { ARB_AFF_ALL, ARB_AFF_PRED, ARB_AFF_SET };
/* A declared predicate (arb_static.filter), judged by the core (static.c) as the host's
** predicate would be, reading the same characteristics: ATTACHED, the permanent its source (an
** Aura) is attached to, while it is the same object ("enchanted creature", 212.4); else every
** one given of OTHER (not the source), SELF (the source), YOU (controlled by the source's
** controller), UNTAPPED, IS (f_types, f_supers, f_colors, f_sub) and WORD (f_word). WHERE: the
** host's predicate is asked too, of the cards the rest accepts (host code then). */
enum { ARB_FILT_ATTACHED = 1, ARB_FILT_OTHER = 2, ARB_FILT_YOU = 4, ARB_FILT_UNTAPPED = 8,
       ARB_FILT_IS = 16, ARB_FILT_WORD = 32, ARB_FILT_SELF = 64, ARB_FILT_WHERE = 128 };
/* Prohibitions ("can't ..."): nothing happens instead; not replacements. */
enum { ARB_PRO_DRAW = 1, ARB_PRO_CAST = 2, ARB_PRO_ATTACK = 4, ARB_PRO_BLOCK = 8,
       ARB_PRO_UNTAP = 16, ARB_PRO_TARGET = 32, ARB_PRO_ENCHANT = 64,
       ARB_PRO_CONTROL = 128 };
#define ARB_NOSET INT32_MIN
#define ARB_ANYPARAM 0xFFFF       /* a removed ability: every parameter of its kind */
enum { ARB_DUR_STATIC = 2 };      /* a duration's kind: a: static effect id */

/* A declared count (418.5: a power or toughness "equal to the number of ..." permanents: Nightmare's
** Swamps you control, Plague Rats, Keldon Warlord's non-Wall creatures, Aspect of Wolf's Forests),
** counted by the core in the P/T layer from the permanents as the earlier layers left them. A
** permanent counts when it has every one given: the card types, supertypes and colors, the subtype
** sub, the source's word (a word of the source's printed text as it reads now, 418.5a layer 3: a
** basic land type counts lands with it, as g:count_permanents does; a color word, permanents of that
** color), the name, the source's controller (you), and none of the not_ ones. "The source" is the
** card for a characteristic-defining P/T, the effect's source for a static effect. */
typedef struct arb_ptcount {
  int32_t sub, name, not_sub;     /* interned names, -1: none given (not_sub: none excluded) */
  uint8_t types, supers, colors;  /* it has all of these */
  uint8_t not_types;              /* it has none of these card types */
  uint8_t you;                    /* controlled by the source's controller */
  int8_t word;                    /* the source's word (0 .. ARB_NWORDS-1), -1: none */
  uint8_t none;                   /* a name or subtype no card of the game has: it counts 0 */
} arb_ptcount;
enum { ARB_PTC_WHOLE, ARB_PTC_DOWN, ARB_PTC_UP };
/* The number counted (as an effect whose source is card `source` counts it), halved as `halve`
** says (ARB_PTC_*); records what it read for the characteristics' cache (arb_chars_depend). */
int32_t arb_pt_count(arb_game *g, const arb_ptcount *k, int source, int halve);

/* One continuous effect. Filled by the host (arb_static_add copies it). */
typedef struct arb_static {
  int32_t id, ref, source, ts;    /* ref: the host's record; ts: its timestamp */
  int32_t controller;             /* control-changing: the new controller, else -1 */
  int32_t power, toughness;       /* modify: +power/+toughness */
  int32_t set_power, set_toughness;  /* ARB_NOSET: none */
  int32_t max_hand;               /* rule: ARB_NOSET none, -1 no maximum, else the maximum */
  int32_t abil, nabil;            /* abilities added: g->static_abil[abil .. abil + nabil) */
  int32_t rem, nrem;              /* abilities removed, likewise */
  int32_t set, nset;              /* ARB_AFF_SET: (id, ts) pairs in g->static_set; a player
                                     is (-1 - p, 0) */
  uint16_t prohibit;              /* ARB_PRO_* */
  uint8_t active, affects, types, colors, switch_pt;
  uint8_t filter;                 /* ARB_AFF_PRED declared, judged by the core without the host
                                     (ARB_FILT_*): not host code; 0: the host's predicate */
  uint8_t f_types, f_supers, f_colors;   /* ARB_FILT_IS: types, supertypes, colors it must have */
  int8_t f_word;                  /* ARB_FILT_WORD: the word of its source's printed text (0 ..
                                     ARB_NWORDS-1) the card must be, as that text reads now */
  int32_t f_sub;                  /* ARB_FILT_IS: a subtype (an interned name) it must have, or -1 */
  uint8_t players;                /* it affects players (rules, can't draw / cast); 2: players
                                     and permanents ("can't be the target of ...") */
  uint8_t until_leaves, remove_all;
  uint8_t fnpt;                   /* ARB_PT_*: fields the host computes (hooks.pt) in their layer */
  uint8_t cntpt;                  /* ARB_PT_*: fields that are a declared count (count) ... */
  uint8_t cnthalve;               /* ... each its halving: 2 bits per field in ARB_PT_* order
                                     (ARB_PTC_WHOLE, _DOWN, _UP) */
  uint8_t nsubs, subset;          /* subtypes: nsubs entries after the abilities added
                                     (g->static_abil[abil + nabil ..], param the interned name,
                                     count its ARB_SUB_* kind); subset: they replace the
                                     card's subtypes of their kinds, else they are added */
  int32_t copy;                   /* a copy effect (503; 706 today): the card + 1 whose printed values the
                                     affected get, resolved through copy effects as it began; 0 none */
  uint8_t copy_colors, copy_types, copy_add;   /* its exceptions: colors / types instead of the
                                     copied ones (0: copied), types in addition */
  uint8_t nwords;                 /* a text-changing effect (418.5a layer 3): words[i] is the word
                                     that replaces word i, + 1 (0: word i stays), nwords of them */
  uint8_t words[ARB_NWORDS];
  int32_t except, except_ts;      /* add_static{except}: the object (card + 1, and its ts) its
                                     prohibitions and granted protection don't apply to; 0 none */
  uint8_t static_ability;         /* a static ability of its source (made by the source's install):
                                     what it grants follows the source's text (text.c) */
  int32_t copy_gain;              /* the effect + 1 whose copy_with.install (abilities the copy gains,
                                     Vesuvan Doppelganger's upkeep: an exception, so a copiable value,
                                     503.2) the affected get: its own or the copied one's; 0 none;
                                     -1 in a spec: its own */
  arb_ptcount count;              /* cntpt: the permanents counted, as its source reads */
} arb_static;
/* P/T values the host computes: an effect's function values (arb_static.fnpt) or a
** card's characteristic-defining P/T (arb_card.cda) */
enum { ARB_PT_POWER = 1, ARB_PT_TOUGHNESS = 2, ARB_PT_SET_POWER = 4, ARB_PT_SET_TOUGHNESS = 8 };

/* Adds a continuous effect (timestamp: its source's when the source is on the
** battlefield, else now); add/rem: abilities added and removed (add ends with the
** spec->nsubs subtypes); set: for
** ARB_AFF_SET, card ids (>= 0) and players (-1 - p). */
int arb_static_add(arb_game *g, const arb_static *spec, const arb_ability *add, int nadd,
                   const arb_ability *rem, int nrem, const int32_t *set, int nset, int *id);
int arb_static_remove(arb_game *g, int id);
arb_static *arb_static_get(arb_game *g, int id);
int arb_nstatics(const arb_game *g);
/* Does st affect this card (player -1) or player (card -1)? */
int arb_static_affects(arb_game *g, const arb_static *st, int card, int player, int *yes);
/* What arb_static_affects answers without asking a predicate: 0 no, 1 yes,
** ARB_ASK_HOST: the effect's predicate decides (hooks.affects). */
enum { ARB_ASK_HOST = 2 };
int arb_static_prejudge(const arb_game *g, const arb_static *st, int card, int player);
/* Brings the cached characteristics up to date (a no-op when nothing changed). */
int arb_chars_refresh(arb_game *g);
/* 212.3d, 502.5b: the card can't attack or pay {T} (it has haste or not): it
** entered, or its controller changed, since its controller's most recent turn
** began. Reads the current controller (fresh characteristics). */
int arb_card_sick(const arb_card *c);
/* After ARB_EABIL: the card whose abilities didn't fit. */
int arb_abil_full(const arb_game *g);
/* The control watch: every permanent whose controller changed since it was last
** seen is marked sick (journaled); run by the state-based check and at a turn's
** start, so a control change by any effect (gain_control, an Aura, add_static)
** counts, and one reverted before the next check still left it sick. */
int arb_control_watch(arb_game *g);
int arb_chars_fresh(const arb_game *g);
/* A predicate read a card's tapped state, damage, summoning sickness or combat
** state while characteristics were computed: changes to it then call for a
** recomputation (else they don't: nothing computed depends on them). */
enum { ARB_DEP_TAPPED = 1, ARB_DEP_DAMAGE = 2, ARB_DEP_SICK = 4, ARB_DEP_COMBAT = 8,
       /* characteristics a predicate read (418.5c: does an effect of its layer change its
       ** answers?): controller; types (c:is); abilities and colors; power/toughness */
       ARB_DEP_R_CONTROL = 16, ARB_DEP_R_TYPE = 32, ARB_DEP_R_ABIL = 64, ARB_DEP_R_PT = 128,
       /* the history (a characteristic-defining P/T asking whom its creature attacks: Gaea's
       ** Liege reads the "attack" event, which is logged after the creature is attacking) */
       ARB_DEP_HISTORY = 256,
       /* a predicate read something besides the battlefield's cards: a player, a zone other than
       ** the battlefield, a card elsewhere, the stack, the turn, the history, any game method but
       ** g:permanents (the binding reports it: lobject.c, lcard.c). Without it, what happens
       ** elsewhere changes no characteristics (journal.c), as with no predicate at all. */
       ARB_DEP_WORLD = 512,
       /* host code read a tapped state (ARB_DEP_TAPPED with it): every tap counts; a declared
       ** filter's `tapped = false` (static.c) sets ARB_DEP_TAPPED alone, and then a tap counts
       ** only for a card the filter judged with its other tests passed (arb_card.tapread) */
       ARB_DEP_TAPPED_HOST = 1024 };
void arb_chars_depend(arb_game *g, int what);
/* Whether what happens outside the battlefield's cards may change characteristics: a predicate
** read it in the last computation (journal.c). */
int arb_world(const arb_game *g);
/* A predicate read card c: ARB_DEP_WORLD unless c is on the battlefield. */
void arb_chars_depend_card(arb_game *g, const arb_card *c);
/* Is the card (player -1) or player (card -1) prohibited from `what` (ARB_PRO_*)? */
int arb_prohibited(arb_game *g, int what, int card, int player, int *yes);
/* The same, asked for an act of object `actor` (a card id, -1 none): an effect whose `except`
** names it doesn't apply ("can't be enchanted by other Auras": Consecrate Land). */
int arb_prohibited_by(arb_game *g, int what, int card, int player, int actor, int *yes);
/* Does effect st's exception name card (the same object)? */
int arb_static_excepts(const arb_static *st, const arb_card *card);

/* ---- text-changing effects (text.c, 418.5a layer 3) ---- */
/* The word named s (case-insensitive: "black", "Swamp"), its index, or -1. */
int arb_word_index(const char *s, size_t n);
const char *arb_word_name(int i);
/* Word i's name as an interned string (a land type's subtype), or -1 when not interned. */
int arb_word_str(arb_game *g, int i);
/* What word i of c's printed text reads now (its index). */
int arb_text_word(const arb_card *c, int i);
/* The words c's text holds now (bit i: word i): its definition's words and those of its printed
** keyword parameters (protection from a color, landwalk), as text-changing effects left them. */
unsigned arb_text_words(arb_game *g, const arb_card *c);
/* An effect changes c's text (its layer). */
void arb_text_apply(arb_game *g, const arb_static *st, arb_card *c);
/* An ability an effect adds as the text of its source reads now (a static ability of a permanent
** whose text changed: White Ward's "protection from white" after Sleight of Mind). */
arb_ability arb_text_ability(arb_game *g, const arb_static *st, arb_ability a);
/* Likewise a subtype (an interned name) and colors an effect sets. */
int arb_text_subtype(arb_game *g, const arb_static *st, int sub);
int arb_text_colors(arb_game *g, const arb_static *st, int colors);
int arb_can_cast(arb_game *g, int player, int *yes);   /* for casting: no "can't cast" */
/* Whether an active effect prohibits `what` (ARB_PRO_*) of anyone: without one arb_prohibited
** answers no without asking whom an effect affects (a host predicate), so a caller may skip it */
int arb_any_prohibits(const arb_game *g, int what);
/* Does a "can't change control" effect stop a control change with timestamp ts
** (INT32_MAX: now)? Those that began before it don't stop it. */
int arb_control_locked(arb_game *g, int card, int32_t ts, int *yes);
/* The player's maximum hand size by rule-changing effects (latest timestamp
** wins): ARB_NOSET when none applies, -1 for no maximum. */
int arb_max_hand_size(arb_game *g, int player, int *n);
/* Effects the engine makes: grant/revoke/modify (c:grant, g:modify) and control. */
int arb_grant(arb_game *g, int card, int kind, int param, int n, int until, int *id);
int arb_modify_pt(arb_game *g, int card, int dp, int dt);   /* until end of turn */
/* A replaceable "control" event, then a control-changing effect (until: -1 = for
** good, else ARB_UNTIL_*); nothing when the card can't change control. */
int arb_gain_control(arb_game *g, int card, int player, int until, int *id);

/* ---- last-known information (snapshot.c, 413.2) ---- */
/* What a card was as it last existed on the battlefield: taken by the core at every
** departure, its characteristics as computed then. Its parts (arb_lki_parts): natt
** attachments (card ids), then ncnt counter pairs (kind, n), then nabil ability pairs
** (kind | param << 16, count). */
typedef struct arb_lki {
  int32_t card, hist;            /* the card; the history's length as it was taken */
  int32_t power, toughness, controller, damage;
  int32_t attached_to;           /* the permanent it was attached to (the same object), or -1 */
  int32_t data;                  /* where its parts begin */
  uint16_t name, natt, ncnt, nabil;
  uint8_t types, colors, facedown, pad_;
} arb_lki;
/* The record for the zone change at history index hi (the newest taken before it), or
** with hi < 0 the card's newest: its index, or -1. */
int arb_lki_find(const arb_game *g, int card, int hi);
const arb_lki *arb_lki_get(const arb_game *g, int i);
const int32_t *arb_lki_parts(const arb_game *g, const arb_lki *rec);

/* ---- counters (counters.c) ---- */
/* n > 0 adds, n < 0 removes (at most what is there): a replaceable "counter"
** event each time; kind is an interned name ("+1/+1", "-1/-1", any name). */
int arb_counter_add(arb_game *g, int card, int kind, int n);
int arb_counters(const arb_game *g, int card, int kind);
/* The counter records (a card's counters of one kind each; a count may be 0): how many, and
** record i's card and kind (returns its count). A card's counters in one pass. */
int arb_counter_records(const arb_game *g);
int arb_counter_record(const arb_game *g, int i, int *card, int *kind);

/* ---- destruction (destroy.c) ---- */
int arb_destroy(arb_game *g, int card, int *destroyed);
/* flags: ARB_EVF_NO_REGEN ("it can't be regenerated") */
int arb_destroy_flags(arb_game *g, int card, int flags, int *destroyed);
int arb_regenerate(arb_game *g, int card, int *id);   /* a shield until end of turn */
/* Its controller sacrifices it (a "sacrifice" event, then the move to the
** graveyard): not destruction, so neither indestructible nor regeneration
** applies. *done = 0 when it wasn't on the battlefield or a replacement
** replaced the event. */
int arb_sacrifice(arb_game *g, int card, int *done);

/* ---- attachment (attach.c) ---- */
/* enchant_types: the types mask, | (1 + a subtype) << 8 for "enchant <subtype>" (ARB_ENCHANT_SUB) */
#define ARB_ENCHANT_SUB(sub) ((1 + (sub)) << 8)
int arb_attach(arb_game *g, int aura, int target, int enchant_types);   /* ARB_EARG: not legal */
int arb_attachments(const arb_game *g, int card, int32_t *out, int cap);
/* An Aura spell that resolved and entered the battlefield: attached to its first
** target when that is still a permanent (card->enchant: the types it enchants). */
int arb_aura_entered(arb_game *g, int card);
/* State-based actions of effects: Auras attached to nothing legal. */
int arb_sba_attached(arb_game *g, int *changed);

/* ---- state hash ---- */
uint64_t arb_state_hash(const arb_game *g, int with_pending);
/* with_pending | ARB_HASH_VISIBLE: the continuous effects are left out, the
** characteristics they give the cards stay in (421.5: a loop that makes the
** same effect again and again repeats what the players see) */
#define ARB_HASH_VISIBLE 2
/* | ARB_HASH_BOARD: the stack zone and who holds priority are left out too
** (421.5: a loop that grows the stack repeats the rest of the game) */
#define ARB_HASH_BOARD 4
uint64_t arb_object_hash(const arb_game *g, int card);   /* one stack object's part */
/* Loop detection's (infinity.c): the board's hash and *stack, the stack zone's;
** another function than arb_state_hash's (compare them only with each other) */
uint64_t arb_loop_hash(const arb_game *g, uint64_t *stack);

#endif
