/*
** lcreate.h -- internal to lcreate.c (g:create, g:create_deck) and ltoken.c
** (g:create_token): the options' place, the keys read, and the steps they share.
*/
#ifndef ARB_LCREATE_H
#define ARB_LCREATE_H

#include "lbind.h"

/* The field names read, as Lua strings in a table (the functions' upvalue 2, on the
** stack at place.keys during a call): indexing with a made string skips lua_getfield's
** interning of the C string, ~12 times per g:create. */
enum { K_NAME = 1, K_TYPES, K_SUPERTYPES, K_COLORS, K_POWER, K_TOUGHNESS, K_SUBTYPES,
       K_ABILITIES, K_ZONE, K_POSITION, K_TAPPED, K_SICK, K_OWNER, K_INSTALL, K_DEFS,
       K_CONTROLLER, K_COUNT, K_AS_ENTERS, K_TRIGGERED, K_WORDS, K_ACTIVATED };
/* Where created cards go (the options), the game, the keys' stack index. */
typedef struct place { lgame *lg; int owner, kind, zone, top, tapped, sick, keys; } place;

/* Pushes t[key k] (metamethods apply, as with lua_getfield) and returns its type. */
int arb_lc_getkey(lua_State *L, const place *w, int t, int k);
int arb_lc_push_defs(lua_State *L, const place *w);          /* env.defs, its index */
/* A definition with an install: starts the Lua layer's install watch; 1 if it has one. */
int arb_lc_watch_installs(lua_State *L, const place *w, int def);
/* opts[field] (on top): a player of this game, or an error naming the field. */
int arb_lc_check_player_field(lua_State *L, lgame *lg, const char *field);
int arb_lc_check_owner(lua_State *L, lgame *lg);
/* The game, a definition and an options table (missing: "options table with <needs>
** expected"); the keys pushed at 4. */
void arb_lc_open_args(lua_State *L, place *w, const char *needs);
/* Reads the definition into proto (a bad one changes nothing), then runs body as one
** action with g, def, opts, ud, keys on its stack. */
int arb_lc_read_and_run(lua_State *L, place *w, arb_card *proto, void *ud, lua_CFunction body);
int arb_l_create_token(lua_State *L);                         /* ltoken.c */

#endif
