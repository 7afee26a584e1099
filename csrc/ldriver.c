/*
** ldriver.c — the raw methods behind the host driver (lua/arbiter/driver.lua).
**
** Contract: a driver runs its function inside one journal mark that stays open between
** the host's calls (d:resume / d:answer), so the game can be shown in the state where a
** host-agent player must decide, and later be undone as a whole and re-run with the
** answers given so far. While the question's error unwinds the engine's frames the game
** is suspended (arb_suspend): the inner marks those frames opened are closed without
** undoing anything, the outermost (the driver's) keeps every entry. The driver clears
** the suspension as soon as its protected call returns.
**   g:_driver_mark() -> mark      opens the driver's mark
**   g:_driver_rollback(mark)      undoes everything since mark and closes it (422 rollback;
**                                 proxies of undone cards are forgotten)
**   g:_driver_commit()            closes the mark, keeping the changes
**   g:_suspend(on)                the suspension flag
**   g:_marks_open() -> n          open marks (the driver checks it runs at top level)
**   g:_journal_length() -> n      the journal's length: a whole-game driver's checkpoint at
**                                 the start of a turn, rolled back to with _driver_rollback
*/
#include "lbind.h"

static int g_driver_mark(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushinteger(L, (lua_Integer)arb_mark(lg->g));
  return 1;
}

static int g_driver_rollback(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_Integer mark = arb_l_intarg(L, 2, 2, "mark", 0, (lua_Integer)arb_journal_len(lg->g));
  arb_suspend(lg->g, 0);
  arb_l_rollback(L, lg, (size_t)mark);
  return 0;
}

static int g_driver_commit(lua_State *L) {
  arb_commit(arb_l_checkgame(L, 1)->g);
  return 0;
}

static int g_suspend(lua_State *L) {
  arb_suspend(arb_l_checkgame(L, 1)->g, lua_toboolean(L, 2));
  return 0;
}

static int g_marks_open(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushinteger(L, (lua_Integer)arb_marks_open(lg->g));
  return 1;
}

static int g_journal_length(lua_State *L) {
  lgame *lg = arb_l_checkgame(L, 1);
  lua_pushinteger(L, (lua_Integer)arb_journal_len(lg->g));
  return 1;
}

static const luaL_Reg driver_methods[] = {
  {"_driver_mark", g_driver_mark}, {"_driver_rollback", g_driver_rollback},
  {"_driver_commit", g_driver_commit}, {"_suspend", g_suspend}, {"_marks_open", g_marks_open},
  {"_journal_length", g_journal_length},
  {NULL, NULL}
};

int arb_l_driver_open(lua_State *L) {
  arb_l_add_game_methods(L, driver_methods);
  return 0;
}
