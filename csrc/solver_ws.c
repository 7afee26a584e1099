/*
** solver_ws.c — the solver workspace: allocator, node budget and one
** growable buffer per slot. Buffers live until arb_solver_free, so repeated
** calls on similar boards allocate nothing. No globals.
*/
#include "solver_int.h"

arb_solver *arb_solver_new(arb_alloc_fn alloc, void *ud) {
  arb_solver *s;
  int i;
  if (alloc == NULL) return NULL;
  s = (arb_solver *)alloc(ud, NULL, 0, sizeof *s);
  if (s == NULL) return NULL;
  s->alloc = alloc;
  s->ud = ud;
  s->budget = ARB_SOLVER_DEFAULT_BUDGET;
  s->ceiling = 0; s->spent = 0; s->stopped = 0;
  for (i = 0; i < WS_NSLOTS; i++) { s->buf[i] = NULL; s->size[i] = 0; }
  return s;
}

void arb_solver_free(arb_solver *s) {
  int i;
  if (s == NULL) return;
  for (i = 0; i < WS_NSLOTS; i++)
    if (s->buf[i] != NULL) s->alloc(s->ud, s->buf[i], s->size[i], 0);
  s->alloc(s->ud, s, sizeof *s, 0);
}

void arb_solver_set_budget(arb_solver *s, long nodes) {
  s->budget = nodes > 0 ? nodes : ARB_SOLVER_DEFAULT_BUDGET;
}

long arb_solver_budget(const arb_solver *s) { return s->budget; }

void arb_solver_set_ceiling(arb_solver *s, long nodes) {
  s->ceiling = nodes > 0 ? nodes : 0;
  s->spent = 0;
  s->stopped = 0;
}

long arb_solver_spent(const arb_solver *s) { return s->spent; }

int arb_solver_stopped(const arb_solver *s) { return s->stopped; }

int arb_solver_spend(arb_solver *s, long nodes) {
  s->spent += nodes;
  if (s->ceiling > 0 && s->spent > s->ceiling) s->stopped = 1;
  return s->stopped;
}

int arb_solver_out(arb_solver *s, long nodes, long limit) {
  if (s->ceiling > 0 && nodes > s->ceiling - s->spent) { s->stopped = 1; return 1; }
  return nodes > limit;
}

/* Grow-only; contents are not preserved (callers initialise). */
void *arb_solver_ws(arb_solver *s, int slot, size_t bytes) {
  void *p;
  if (bytes == 0) bytes = 1;
  if (s->size[slot] >= bytes) return s->buf[slot];
  if (s->buf[slot] != NULL) s->alloc(s->ud, s->buf[slot], s->size[slot], 0);
  s->buf[slot] = NULL;
  s->size[slot] = 0;
  p = s->alloc(s->ud, NULL, 0, bytes);
  if (p == NULL) return NULL;
  s->buf[slot] = p;
  s->size[slot] = bytes;
  return p;
}
