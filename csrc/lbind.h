/*
** lbind.h — shared by the binding files (l*.c). The binding is thin: it
** checks arguments, turns C results into Lua values and calls scripts.
** A game userdata has four user values:
**   1 env table: refs — scripts and effect records, by integer handle (C
**     holds ints); defs — card definitions by card id; players_ext,
**     agents, fields... — the Lua layer's per-game data
**   2 card proxies, an array: [id + 1] = the card's one Lua value (strong:
**     made once per card, so drawing allocates nothing)
**   3 player proxies at [p + 1], zone proxies at [-(z + 1)]
**   4 the names table (below)
*/
#ifndef ARB_LBIND_H
#define ARB_LBIND_H
#include "compat.h"
#include "arbiter.h"

#define GAME_MT "arbiter.Game"
#define CARD_MT "arbiter.Card"
#define PLAYER_MT "arbiter.Player"
#define ZONE_MT "arbiter.Zone"
/* The registry table of the Lua layer's own game functions (the underscore
** names): the binding and lua/arbiter/internal.lua share it; games don't
** offer them (issue 24: scripts reach only the documented API). */
#define GAME_INTERNAL "arbiter.Game.internal"

/* Per-Lua-state memory and sandbox state (lmemory.c, lsandbox.c). */
#define ARB_LMEM_CLASSES 7      /* small block sizes 32 B .. 2 KiB, powers of two */
#define ARB_LMEM_KEEP 32        /* freed blocks kept per size class */
#define ARB_LMEM_LARGE 8        /* freed large blocks kept, reused at their exact size */
typedef struct arb_lmem {
  lua_State *T;          /* private thread the blocks are made on */
  void *spare[ARB_LMEM_CLASSES][ARB_LMEM_KEEP];  /* freed blocks, still anchored */
  int nspare[ARB_LMEM_CLASSES];
  void *lspare[ARB_LMEM_LARGE];   /* freed large blocks, still anchored */
  size_t lsize[ARB_LMEM_LARGE];
  int nlspare;
  size_t spare_bytes;             /* of the small and large spare blocks */
  void *out;             /* the block made */
  lua_Integer fail_at;   /* > 0: that many allocations from now, one fails */
  int fired;             /* the armed failure happened */
  lua_Integer blocks;    /* live core blocks (a leak shows here) */
  int host;              /* API calls (arb_l_guarded, arb_l_core, the quiet
                            paths) open since the innermost sandboxed call
                            began: its memory budget only flags, never
                            refuses, while core frames are live */
  int sandboxes;         /* a sandbox exists: calls into scripts are guarded */
  /* One game per script call (issue 24): while a budgeted call runs (framed), script code
  ** reaches its call's game (script_game) and the games made during the outermost call
  ** (clones for a look-ahead: born == epoch), no other (ARB_L_ONE_GAME). */
  int framed;
  const void *script_game;
  unsigned epoch;        /* outermost budgeted calls begun */
  /* the anchor array's slots (lmemory.c): the highest in use, and the first free one
     (0: none; each free slot holds the next one's index) */
  lua_Integer nslots, free_slot;
  int games_ref;         /* the registry's slot of the games' weak table (lhooks.c), 0: none yet */
  const void *install_fn;  /* the install watch's function, anchored (lobserve.c), NULL: none yet */
} arb_lmem;
arb_lmem *arb_l_mem(lua_State *L);
void *arb_l_alloc(void *ud, void *p, size_t osize, size_t nsize);
void arb_l_mem_trim(arb_lmem *m);       /* unanchors the spare blocks */
int arb_l_memory_open(lua_State *L);
/* Sandbox (lsandbox.c): replaces the function at idx by its budgeted
** wrapper when it is card-script code (no-op when no sandbox exists). */
void arb_l_guard(lua_State *L, arb_lmem *mem, int idx);
int arb_l_sandbox_open(lua_State *L);
/* A host table about to reach script code becomes a read-only view (only in
** script context: inside a budgeted call, outside engine calls); a view
** coming back from script code becomes its host table again. */
void arb_l_shield(lua_State *L, int idx);
void arb_l_unshield(lua_State *L, int idx);
/* The table at idx is (own 1) or is no longer (own 0, after the call) the script's to change:
** a replacement's event ("return ev (changed)", contract 423.6): the first budgeted call given
** it gets the table itself, with the host tables in its fields as views. Every other table
** argument of a budgeted call becomes a read-only view there (lsandbox.c call_fn: the one
** wrapping point). Nothing when no script was ever loaded. */
void arb_l_own(lua_State *L, int idx, int own);

/* g:clone's size hints are kept for the first ARB_L_ENV_HINTS tables of a game's env (it has ~8) */
#define ARB_L_ENV_HINTS 16

typedef struct lgame {
  const void *tag, *self;  /* what marks a game userdata (arb_l_taggame, arb_l_testgame) */
  arb_game *g;
  lua_State *L;        /* the thread running the current call */
  struct arb_solver *solver;  /* combat solver workspace, made on first use */
  struct arb_combat_cache *ccache;  /* solved combat problems (lcombat_solve.c) */
  arb_lmem *mem;       /* the allocator's state (shared by the Lua state) */
  /* metatable identities: a proxy check is a pointer compare, not a
  ** registry lookup by name */
  const void *card_mt, *player_mt, *zone_mt;
  int32_t hostlog_top; /* the highest serial the Lua side filed a setting under */
  unsigned born;       /* the mem->epoch of the budgeted call that made it, 0: none */
  /* c:is's subtype names: the interned index of a few Lua strings, by address (lcardrules.c) */
  struct { const char *s; int32_t idx; } subs[8];
  int installing;      /* a definition's install is running (arbiter.installer): the effects it
                          makes are static abilities of their source (text.c) */
  int defs_shared;     /* env.defs may be shared with a clone (g:clone shares it): copied before
                          this game's next card is made (arb_l_own_defs) */
  unsigned env_cow;    /* env tables shared with a clone until written, by their bit in lgame.c's
                          env_shared list: copied when this game first writes one (GI._env_own) */
  int32_t qkept;       /* the question tables kept, one per event shape (lobject.c arb_l_pushquestion) */
  int qopen;           /* a kept question table is in a running `applies` */
  int qadded;          /* a key was added to a question table since the kept ones were made */
  int env_size;        /* the entries its env had when last copied (g:clone: the copy's size
                          hint), 0: never copied */
  unsigned char env_sub[ARB_L_ENV_HINTS];   /* the entries + 1 of the env's tables when last
                          copied, by their order in the copy (size hints), 0: none yet */
  int32_t *scodes;     /* the main phase scan's codes by printed card id (lmain_scan.c), -1: not
                          known yet; a card made clears its id's (its definition is new) */
  int nscodes;
  int priority_ref;    /* the registry's ref of env.priority (the priority hook's function,
                          set once when the game is made: stack.lua _stack_env), read at the
                          hook's first call (lstack.c h_priority); LUA_NOREF: not yet */
} lgame;

/* A game's user values: its env, its card proxies, its players' and zones' proxies, the
** names table, env.refs itself (the effect records: every hook call reads one), and the
** event tables replacements' `applies` questions share, by shape (arb_l_pushquestion). */
enum { ARB_UV_ENV = 1, ARB_UV_CARDS, ARB_UV_OBJS, ARB_UV_NAMES, ARB_UV_REFS, ARB_UV_QUESTION, ARB_NUV };
/* Then the first ARB_L_SEAT_UVS players' proxies, player p at user value ARB_NUV + p (also in
** user value 3): g.active_player, g.priority, an event's player are one user value read. */
#define ARB_L_SEAT_UVS 8

/* The names table (shared by every game, user value 4): the strings the
** binding pushes most, as Lua strings, so a push is an array read rather
** than an interning of a C string. Field names at ARB_N_*, event type t at
** ARB_N_EVENT + t, zone kind k at ARB_N_ZONE + k, then a stack object's field names and
** kinds (lstack.c) from ARB_N_KIND, then the card, player and zone metatables. */
enum { ARB_N_TYPE = 1, ARB_N_PLAYER, ARB_N_CARD, ARB_N_FROM, ARB_N_TO, ARB_N_AMOUNT,
       ARB_N_TOP, ARB_N_SOURCE, ARB_N_TARGET, ARB_N_COMBAT, ARB_N_REFS, ARB_N_TURN,
       ARB_N_EVENT = 16, ARB_N_ZONE = ARB_N_EVENT + ARB_NEVTYPES,
       ARB_N_KIND = ARB_N_ZONE + ARB_NZONEKINDS, ARB_N_CONTROLLER, ARB_N_X, ARB_N_X_SPENT,
       ARB_N_MODE, ARB_N_ABILITY, ARB_N_SOURCE_MOVED, ARB_N_TARGETS, ARB_N_SPELL_KIND,
       ARB_N_ABILITY_KIND,
       ARB_N_CARD_MT, ARB_N_PLAYER_MT, ARB_N_ZONE_MT,   /* a new proxy's metatable (lobject.c) */
       ARB_N_STEP, ARB_N_STEP_NAME,                      /* a step event's key, step s's name at + s */
       ARB_N_END = ARB_N_STEP_NAME + ARB_NSTEPS };

/* gone: the card was undone by a rollback; its id may be reused by a later
** card, so the stale proxy raises "no longer exists" instead of aliasing.
** lg: its game (also its user value, which keeps the game alive): read once
** the metatable shows the userdata is a proxy, it makes the "of this game"
** check a compare. */
/* A card's, player's or zone's proxy. kind: &arb_l_proxy_kind[0, 1, 2] (card, player, zone), set
** as it is made: own_proxy (lcard.c) and testproxy (lobject.c) tell one of their own from any
** other userdata by its size and this address (and its game), without pushing and comparing its
** metatable (a third of a card field's read). */
typedef struct lproxy { int id, gone; struct lgame *lg; const void *kind; } lproxy;
extern const char arb_l_proxy_kind[3];
/* The proxy at idx when it is one of this library's of that kind (0 card, 1 player, 2 zone): its
** size and kind tag, no metatable pushed nor registry lookup; NULL sends callers the long way
** (their checks give the messages). Inline here: an exported function in a shared object is
** called through the PLT, not inlined (every card and player field read starts with it). */
static inline lproxy *arb_l_own_proxy(lua_State *L, int idx, int kind) {
  lproxy *p = lua_touserdata(L, idx);   /* (a light userdata's length is 0) */
  return p && lua_rawlen(L, idx) == sizeof *p && p->kind == &arb_l_proxy_kind[kind] ? p : NULL;
}

lgame *arb_l_checkgame(lua_State *L, int idx);
/* The same, for a method that reads only the battlefield's cards and reports what it reads of
** them (g:permanents): arb_l_checkgame reports that a predicate read the game (ARB_DEP_WORLD). */
lgame *arb_l_checkgame_bf(lua_State *L, int idx);
/* Raised when script code reaches a game other than its call's (lsandbox.c). Checked where a
** game is checked and where an action opens (arb_l_guarded, arb_l_core, atomic). */
void arb_l_other_game(lua_State *L, const lgame *lg);
/* Charges the running script call n instructions' worth of C work it asked for through the API
** (a state hash, a clone, a history), before the work: over budget, it raises now (issue 24).
** Nothing outside script calls. ARB_L_WORK_*: instructions per unit, measured (bench). */
void arb_l_charge(lua_State *L, const lgame *lg, lua_Integer n);
#define ARB_L_CHARGE(L, lg, n) do { if ((lg)->mem->framed) arb_l_charge((L), (lg), (n)); } while (0)
/* What is left of the running script call's instruction budget; -1 outside script calls. For
** work that can't be priced before it runs (the combat solver's search: lcombat_solve.c). */
lua_Integer arb_l_allowance(lua_State *L, const lgame *lg);
#define ARB_L_WORK_HASH_CARD 24    /* g:state_hash, per card */
#define ARB_L_WORK_HASH_EVENT 6    /* ... per history entry */
#define ARB_L_WORK_CLONE_CARD 48   /* g:clone, per card */
#define ARB_L_WORK_CLONE_EVENT 12  /* ... per history entry */
#define ARB_L_WORK_EVENT 128       /* g:history, per event made */
#define ARB_L_WORK_SOLVE 32        /* a combat check or solve, per creature (and blocker-attacker pair) */
#define ARB_L_WORK_NODE 64         /* ... and per node its search visits (arb_lc_meter) */
#define ARB_L_ONE_GAME(L, lg) do { \
    const arb_lmem *m_ = (lg)->mem; \
    if (m_->framed && !m_->host && (const void *)(lg) != m_->script_game && (lg)->born != m_->epoch) \
      arb_l_other_game((L), (lg)); \
  } while (0)
lgame *arb_l_testgame(lua_State *L, int idx);           /* NULL if not a live game */
void arb_l_taggame(lgame *lg);                           /* marks a new game userdata as one */
void arb_l_env(lua_State *L, int gidx);                 /* pushes env */
void arb_l_pushgame_of(lua_State *L, lgame *lg);        /* pushes the game udata */
void arb_l_pushcard(lua_State *L, int gidx, int id);    /* nil when id < 0 */
void arb_l_pushcard_tables(lua_State *L, int gidx);
void arb_l_pushcard_at(lua_State *L, int gidx, int tables, int id);
/* card c's definition from env.defs at index defs; face down, the face-down 2/2's (504.1: lcard.c) */
int arb_l_pushdef(lua_State *L, int defs, const arb_game *g, const arb_card *c);
void arb_l_pushplayer(lua_State *L, int gidx, int p);
void arb_l_pushzone(lua_State *L, int gidx, int zone);
int arb_l_checkcard(lua_State *L, int idx, lgame *lg);  /* card of lg, or argerror */
arb_card *arb_l_livecard(lua_State *L, int idx, lgame **lgp);  /* a live card cheaply, or NULL */
int arb_l_checkplayer(lua_State *L, int idx, lgame *lg);
int arb_l_checkzone(lua_State *L, int idx, lgame *lg);
int arb_l_toid(lua_State *L, int idx, lgame *lg, int kind);  /* kind 0 card, 1 player, 2 zone; -1 if not */
void arb_l_forgetcard(lua_State *L, int gidx, int id);  /* after a rollback undid the card */
lgame *arb_l_ownergame(lua_State *L, int idx);          /* the game a proxy belongs to */
void arb_l_describe(lua_State *L, int idx);             /* pushes "type value" for messages */
/* An integer or an integral float (2.0, 1e6), as luaL_checkinteger takes it: 1 and *out; else 0. */
int arb_l_tointeger(lua_State *L, int idx, lua_Integer *out);
void arb_l_pushevent(lua_State *L, int gidx, const arb_event *ev);
/* The same for history entry hi (0-based): its ev.last is the snapshot taken for it. */
void arb_l_pushevent_at(lua_State *L, int gidx, const arb_event *ev, int hi);
/* A replacement's `applies` question: the game's kept event table filled for ev (1: close it
** with arb_l_endquestion after the call), or a new one (0) */
int arb_l_pushquestion(lua_State *L, int gidx, const arb_event *ev);
void arb_l_endquestion(lgame *lg);
void arb_l_pushnames(lua_State *L);                     /* the names table, made once */
/* Pushes the registry table at key, made weak-keyed the first time (marks that never leak);
** _mode: with that __mode ("v": weak values) */
void arb_l_push_weak(lua_State *L, const void *key);
void arb_l_push_weak_mode(lua_State *L, const void *key, const char *mode);
/* 0, or 1 when the table's amount doesn't fit the core's integers (nothing read then). */
int arb_l_readevent(lua_State *L, int idx, lgame *lg, arb_event *ev);
/* Integer inputs the core keeps in 32 bits lie in [-ARB_L_INT_MAX, ARB_L_INT_MAX]
** (life's range: no sum of two overflows); anything else is refused by name. */
#define ARB_L_INT_MAX 1000000000
int32_t arb_l_checkint(lua_State *L, int idx, int argn, const char *what);
/* Every integer argument: the value at idx in [lo, hi] (2.0 is 2), else an
** error naming argument argn and what; the opt form gives def for none or nil
** (argn is idx). */
lua_Integer arb_l_intarg(lua_State *L, int idx, int argn, const char *what, lua_Integer lo,
                         lua_Integer hi);
lua_Integer arb_l_optintarg(lua_State *L, int idx, const char *what, lua_Integer lo, lua_Integer hi,
                            lua_Integer def);
/* Runs body(L) as one atomic action: on error everything is rolled back. */
int arb_l_guarded(lua_State *L, lgame *lg, lua_CFunction body);
/* A core action whose arguments the method has read and checked: fn makes core
** calls only (no Lua API). arb_l_core runs it as one action; when no host code
** can run (arb_host_free) without a protected call: a failure (not enough
** memory) is undone by the journal, then raised. The stack is left as it was. */
typedef struct arb_l_call {
  int (*fn)(arb_game *g, struct arb_l_call *c);
  int32_t a, b, c, d, e;  /* the arguments */
  int32_t out;            /* a result fn may give */
  struct lgame *lg;       /* (set by arb_l_core) */
} arb_l_call;
void arb_l_core(lua_State *L, lgame *lg, arb_l_call *c);
/* The game of a body that arb_l_guarded runs (or a solver body): its caller checked
** argument 1 with arb_l_checkgame, so the body doesn't pay for the check again. */
#define arb_l_bodygame(L) ((lgame *)lua_touserdata((L), 1))
/* Rolls the game back to mark (and forgets proxies of undone cards). */
void arb_l_rollback(lua_State *L, lgame *lg, size_t mark);
void arb_l_own_defs(lua_State *L, lgame *lg, int env);  /* env.defs this game's own (lgame.c) */
/* Raises the error for a core status code (the hook's error for EHOOK). */
int arb_l_fail(lua_State *L, lgame *lg, int rc);
void arb_l_sethooks(lua_State *L, lgame *lg);
int arb_l_card_open(lua_State *L);
int arb_l_game_open(lua_State *L);
/* Adds C methods to Game; names starting with '_' go to the GAME_INTERNAL
** table instead (the Lua layer's functions, not the game's). */
void arb_l_add_game_methods(lua_State *L, const luaL_Reg *fns);
int arb_l_move_open(lua_State *L);                      /* lmove.c: move, shuffle, draw, discard */
int arb_l_outcome_open(lua_State *L);                   /* loutcome.c: damage, win/lose, settle */
/* c:is's name s: a type, supertype or color: its bit in *types, *supers or *colors, 1; else 0
** (a subtype) (lcardrules.c; add_static's filters read names as c:is reads them) */
int arb_l_is_bits(const char *s, size_t len, uint8_t *types, uint8_t *supers, uint8_t *colors);
int arb_l_affects_rows(lua_State *L);                   /* lstatic.c: core._affects_rows(g, on) */
/* lptcount.c: declared P/T counts (arbiter.count_pt; g:add_static's power {count = ...}) */
int arb_l_count_pt(lua_State *L);
int arb_l_pt_counted(lua_State *L, lgame *lg, int def, int fn, int card, int32_t *value);
int arb_l_pt_declared(lua_State *L, lgame *lg, int idx, int spec, arb_ptcount *k, int *halve);
int arb_l_full_chars(lua_State *L);                     /* lstatic.c: core._full_chars(g, on) */
int arb_l_full_checks(lua_State *L);                    /* loutcome.c: core._full_checks(g, on) */
int arb_l_effect_open(lua_State *L);                    /* leffect.c: raw effect registration */
int arb_l_action_open(lua_State *L);                    /* laction.c: attempt, history, hash */
int arb_l_new_game(lua_State *L);
int arb_l_combat_open(lua_State *L);
int arb_l_turn_open(lua_State *L);
/* g:permanents's selection (lturn.c): whether card c is a permanent p controls of a type in mask
** (ARB_T_*) with the flags (ARB_L_UNTAPPED: untapped; ARB_L_READY: untapped, not summoning sick
** unless haste, no defender); the battlefield after its cards' characteristics are brought up to
** date and the reads reported (flagged: with flags) */
enum { ARB_L_UNTAPPED = 1, ARB_L_READY = 2 };
/* A subtype's interned index as c:is finds it (remembered by the string's address), -1: none. */
int arb_l_find_sub(lgame *lg, const char *s, size_t len);
int arb_l_permanent_selected(const arb_card *c, int p, int mask, int flags);
arb_zone *arb_l_permanents_read(lua_State *L, lgame *lg, int flagged);
int arb_l_agent_random_open(lua_State *L);             /* lagent_random.c: the random agent's wishes */
int arb_l_create_open(lua_State *L);                    /* g:create, g:create_deck (lcreate.c) */
/* The zone kind named by the string at idx, or an argerror for argument argn. */
int arb_l_zonekind(lua_State *L, int idx, int argn);
/* A duration's names, for luaL_checkoption: ARB_UNTIL_TURN, ARB_UNTIL_COMBAT (lturn.c). */
extern const char *const arb_l_until_opts[];
int arb_l_house_open(lua_State *L);
int arb_l_mana_sources_open(lua_State *L);               /* lmana_sources.c: a payment's permanents */
int arb_l_mana_available_open(lua_State *L);             /* lmana_available.c: arbiter._available */
void arb_l_combat_free(lgame *lg);                      /* the combat cache, before the game */
int arb_l_event_open(lua_State *L);
int arb_l_driver_open(lua_State *L);                    /* the host driver's raw methods */
int arb_l_stack_open(lua_State *L);                     /* lstack.c: stack objects, mana, priority */
int arb_l_cast_plain_open(lua_State *L);                /* lcast_plain.c: a plain cast in one call */
void arb_l_pushpool(lua_State *L, const arb_player *p); /* {white=, blue=, ...}, fresh */
void arb_l_pushobject(lua_State *L, int gidx, int id);  /* a stack object's one Lua value */
void arb_l_pushspell(lua_State *L, int gidx, int id);   /* a spell just resolved: a plain record */
/* Continuous effects (lstatic.c): brings the cached characteristics up to date
** (one action; a failing affects predicate raises) and returns card c again
** (the cards array may have moved). */
arb_card *arb_l_chars(lua_State *L, lgame *lg, arb_card *c);
/* A definition's as_enters for a card just put onto the battlefield (lhooks.c: env.entering) */
int arb_l_entering(lgame *lg, int card, int from_stack);
int arb_l_static_hook(void *ud, arb_game *g, int st, int card, int player, int *yes);
int arb_l_static_row_hook(void *ud, arb_game *g, int st, const int32_t *cards, int n, uint8_t *yes);
int arb_l_pt_hook(void *ud, arb_game *g, int st, int card, int which, int32_t *value);
int arb_l_static_open(lua_State *L);
int arb_l_prohibit_open(lua_State *L);                  /* lprohibit.c: _can_cast, _targetable, ... */
/* lprohibit.c: g:_targetable's test (a card a, player b, source card c; out: prohibited) */
int arb_l_target_fn(arb_game *g, arb_l_call *c);
int arb_l_plain_targets(lua_State *L, lgame *lg, int idx, int src);   /* ltargets.c */
int arb_l_targets_open(lua_State *L);                   /* ltargets.c: _any_permanent_target */
int arb_l_observe_open(lua_State *L);                   /* lobserve.c: _observe_entering, _installs */
/* lobserve.c: the observer function at idx has nothing to do with ev (a marked one, and no card
** entered, or the install watch and the card has nothing to install); gidx: the game */
enum { ARB_OBS_CALL, ARB_OBS_IDLE, ARB_OBS_INSTALL };   /* arb_l_observer_idle's answers (lobserve.c) */
int arb_l_observer_idle(lua_State *L, lgame *lg, int gidx, int idx, const arb_event *ev);
int arb_l_permanent_open(lua_State *L);                 /* lpermanent.c: destroy, regenerate, attach */
int arb_l_cardrules_open(lua_State *L);                 /* lcardrules.c: c:is, counters, attachments */
int arb_l_main_scan_open(lua_State *L);
void arb_l_scan_forget(lgame *lg, int id);          /* lmain_scan.c: card id has a new definition */
void arb_l_scan_free(lgame *lg);                    /* lmain_scan.c: the codes' memory, at __gc */                 /* lmain_scan.c: the default main phase's scan */
/* ev.last for snapshot.c's record rec (lcardrules.c): a read-only table, built when read */
void arb_l_pushlast(lua_State *L, int gidx, int rec);
#endif
