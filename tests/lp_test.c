/*
 * lp_test.c -- bench/solver_lp.c's 0/1 program against the solver: random small
 * block boards (every restriction and requirement the writer models: eligibility,
 * capacities 0/1/2/unlimited, minimums and maximums, "can't block alone", exempt
 * blockers, the whole-game limit, groups with a per-group limit, blocks-if-able,
 * must-be-blocked, Lure, pairs) are written as LP text, read back by a small
 * parser of that text, and every 0/1 assignment of its variables is tried: the
 * best feasible objective must be arb_block_solve's maximum. make bench-report
 * hands these programs to CBC, so a wrong model would compare the wrong optimum.
 * usage: lp_test [boards]; prints "N passed, N failed" last.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solver.h"
#include "solver_lp.h"
#include "harness.h"

static uint64_t rs = 28;
static int rn(int n) { return (int)(splitmix(&rs) % (uint64_t)n); }

#define MV 24     /* variables */
#define MR 64     /* rows */
#define MT 32     /* terms per row */
typedef struct row { int n, var[MT], op; long coef[MT], rhs; } row;   /* op: -1 <=, 1 >=, 0 = */
typedef struct lp { int nv, nr, bin[MV]; char name[MV][16]; row obj, r[MR]; } lp;

static int var(lp *L, const char *s)
{
  int i;
  for (i = 0; i < L->nv; i++) if (strcmp(L->name[i], s) == 0) return i;
  if (L->nv == MV || strlen(s) >= 16) return -1;
  strcpy(L->name[L->nv], s);
  return L->nv++;
}

/* Reads terms "+c v" into r until an operator or a section word; returns that token. */
static char *terms(lp *L, row *r, char *tok)
{
  while (tok && (tok[0] == '+' || tok[0] == '-')) {
    long c = atol(tok);
    char *v = strtok(NULL, " \n");
    int i = v ? var(L, v) : -1;
    if (i < 0 || r->n == MT) return NULL;
    r->var[r->n] = i; r->coef[r->n++] = c;
    tok = strtok(NULL, " \n");
  }
  return tok;
}

static int parse(lp *L, char *text)
{
  char *tok;
  memset(L, 0, sizeof *L);
  strtok(text, "\n");                                  /* the comment line */
  if (!(tok = strtok(NULL, " \n")) || strcmp(tok, "Maximize") != 0) return 0;
  if (!(tok = strtok(NULL, " \n")) || strcmp(tok, "obj:") != 0) return 0;
  tok = terms(L, &L->obj, strtok(NULL, " \n"));
  if (!tok || strcmp(tok, "Subject") != 0 || !(tok = strtok(NULL, " \n"))) return 0;
  for (tok = strtok(NULL, " \n"); tok && strcmp(tok, "Binary") != 0; tok = strtok(NULL, " \n")) {
    row *r = &L->r[L->nr];
    if (L->nr == MR || tok[strlen(tok) - 1] != ':') return 0;
    if (!(tok = terms(L, r, strtok(NULL, " \n")))) return 0;
    r->op = strcmp(tok, "<=") == 0 ? -1 : strcmp(tok, ">=") == 0 ? 1 : 0;
    if (!(tok = strtok(NULL, " \n"))) return 0;
    r->rhs = atol(tok);
    L->nr++;
  }
  for (tok = strtok(NULL, " \n"); tok && strcmp(tok, "End") != 0; tok = strtok(NULL, " \n")) {
    int i = var(L, tok);
    if (i < 0) return 0;
    L->bin[i] = 1;
  }
  return tok != NULL;
}

static long eval(const row *r, unsigned long m)
{
  long s = 0;
  int i;
  for (i = 0; i < r->n; i++) if ((m >> r->var[i]) & 1) s += r->coef[i];
  return s;
}

/* The best objective over every 0/1 assignment meeting every row, or -1 if none. */
static long best(const lp *L)
{
  unsigned long m;
  long top = -1;
  for (m = 0; m < (1UL << L->nv); m++) {
    int i, ok = 1;
    for (i = 0; i < L->nr && ok; i++) {
      long s = eval(&L->r[i], m);
      ok = L->r[i].op < 0 ? s <= L->r[i].rhs : L->r[i].op > 0 ? s >= L->r[i].rhs : s == L->r[i].rhs;
    }
    if (ok && eval(&L->obj, m) > top) top = eval(&L->obj, m);
  }
  return top;
}

typedef struct board {
  int na, nb;
  uint64_t el[3];
  int cap[3], mn[3], mx[3], wblk[3], must[3], lure[3];
  unsigned char alone[3], ex[3], grp[3];
  arb_block_pair pairs[4];
  arb_block_problem p;
} board;

static void gen(board *B)
{
  int a, b, i;
  static const int caps[] = {0, 1, 1, 2, ARB_SOLVER_UNLIMITED};
  memset(B, 0, sizeof *B);
  B->na = 1 + rn(3); B->nb = 1 + rn(3);
  B->p.na = B->na; B->p.nb = B->nb; B->p.eligible = B->el; B->p.capacity = B->cap;
  B->p.min_blockers = B->mn; B->p.max_blockers = B->mx; B->p.cant_block_alone = B->alone;
  B->p.exempt = B->ex; B->p.blocks_if_able = B->wblk; B->p.must_be_blocked = B->must;
  B->p.lure = B->lure; B->p.pairs = B->pairs;
  B->p.max_blocking = rn(3) ? ARB_SOLVER_UNLIMITED : rn(3);
  B->p.group_limit = ARB_SOLVER_UNLIMITED;
  if (rn(4) == 0) { B->p.group = B->grp; B->p.group_limit = rn(2) ? 1 : ARB_SOLVER_UNLIMITED; }
  for (a = 0; a < B->na; a++) {
    B->mn[a] = 1 + rn(2); B->mx[a] = rn(3) ? ARB_SOLVER_UNLIMITED : 1 + rn(2);
    B->must[a] = rn(3) ? 0 : 1 + rn(2); B->lure[a] = rn(3);
  }
  for (b = 0; b < B->nb; b++) {
    B->el[b] = splitmix(&rs) & ((1u << B->na) - 1);
    B->cap[b] = caps[rn(5)]; B->alone[b] = rn(4) == 0; B->ex[b] = rn(6) == 0;
    B->wblk[b] = rn(2) ? 0 : 1 + rn(3); B->grp[b] = (unsigned char)rn(2);
  }
  B->p.npairs = rn(5);
  for (i = 0; i < B->p.npairs; i++) {
    B->pairs[i].blocker = rn(B->nb); B->pairs[i].attacker = rn(B->na); B->pairs[i].weight = 1 + rn(2);
  }
}

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 400, k;
  arb_solver *s = arb_solver_new(talloc, NULL);
  static char text[65536];
  for (k = 0; k < n; k++) {
    board B;
    arb_solver_result r;
    lp L;
    FILE *f = tmpfile();
    size_t len;
    gen(&B);
    if (f == NULL || arb_lp_write_block(f, &B.p, NULL, NULL) != 0) { expect(0, "write", k); continue; }
    rewind(f);
    len = fread(text, 1, sizeof text - 1, f);
    text[len] = 0;
    fclose(f);
    if (!parse(&L, text)) { expect(0, "parse", k); continue; }
    expect(arb_block_solve(s, &B.p, &r, NULL) == ARB_SOLVER_OK, "solved", k);
    expect(best(&L) == r.max, "the program's optimum is the solver's maximum", k);
  }
  arb_solver_free(s);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
