/*
** solver_lp.c -- a block problem as a 0/1 program (CPLEX LP format), the model
** the earlier hand checks against CBC used (docs/PERFORMANCE.md, combat solver):
**   x<b>_<a>  b blocks a          (only where row b of eligible has bit a: 501)
**   y<b>      b blocks            x<b>_<a> summed <= cap * y<b>, y<b> <= that sum
**   z<a>      a is blocked        min * z<a> <= blockers of a <= max * z<a> (500.3: 0 or [min, max])
**   can't block alone: y<b> <= the other blocking creatures (of b's group, with groups)
**   the whole-game limit and the per-group limit: blocking creatures summed
** maximize: blocks-if-able on y, must-be-blocked on z, Lure and pair weights on x;
** an exempt blocker's requirements don't count (as arb_solver_bscore).
** tests/lp_test.c checks the program's optimum against arb_block_solve on small boards.
*/
#include "solver_lp.h"

static int bit(const arb_block_problem *p, int b, int a)
{
  int nw = arb_block_words(p->na);
  return (int)((p->eligible[(size_t)b * nw + a / 64] >> (a % 64)) & 1);
}
static int cap(const arb_block_problem *p, int b) { return p->capacity ? p->capacity[b] : 1; }
static int has_x(const arb_block_problem *p, int b, int a) { return cap(p, b) != 0 && bit(p, b, a); }
static int ex(const arb_block_problem *p, int b) { return p->exempt && p->exempt[b]; }

int arb_lp_has_y(const arb_block_problem *p, int b)
{
  int a;
  for (a = 0; a < p->na; a++) if (has_x(p, b, a)) return 1;
  return 0;
}
static int attacker_used(const arb_block_problem *p, int a)
{
  int b;
  for (b = 0; b < p->nb; b++) if (has_x(p, b, a)) return 1;
  return 0;
}

/* One term; a line break every 8 terms keeps lines short for LP readers. */
static void term(FILE *f, int *n, long c, const char *v, int i, int j)
{
  if (j >= 0) fprintf(f, " %+ld %s%d_%d", c, v, i, j);
  else fprintf(f, " %+ld %s%d", c, v, i);
  if (++*n % 8 == 0) fputs("\n ", f);
}

/* Requirement weight of the pair (b, a): its attacker's Lure and its pair rows. */
static long pair_weight(const arb_block_problem *p, int b, int a)
{
  long w = 0;
  int i;
  if (ex(p, b)) return 0;
  if (p->lure) w += p->lure[a];
  for (i = 0; i < p->npairs; i++)
    if (p->pairs[i].blocker == b && p->pairs[i].attacker == a) w += p->pairs[i].weight;
  return w;
}

static void objective(FILE *f, const arb_block_problem *p)
{
  int a, b, n = 0;
  fputs("Maximize\n obj:", f);
  for (b = 0; b < p->nb; b++) {
    if (!arb_lp_has_y(p, b)) continue;
    for (a = 0; a < p->na; a++) {
      long w = has_x(p, b, a) ? pair_weight(p, b, a) : 0;
      if (w) term(f, &n, w, "x", b, a);
    }
    if (!ex(p, b) && p->blocks_if_able && p->blocks_if_able[b]) term(f, &n, p->blocks_if_able[b], "y", b, -1);
  }
  for (a = 0; a < p->na; a++)
    if (attacker_used(p, a) && p->must_be_blocked && p->must_be_blocked[a])
      term(f, &n, p->must_be_blocked[a], "z", a, -1);
  if (n == 0) fputs(" +0 none", f);   /* nothing to gain: the empty declaration, 0 */
  fputs("\n", f);
}

static void blocker_rows(FILE *f, const arb_block_problem *p)
{
  int a, b, c;
  for (b = 0; b < p->nb; b++) {
    int n = 0, k = 0;
    if (!arb_lp_has_y(p, b)) continue;
    for (a = 0; a < p->na; a++) if (has_x(p, b, a)) k++;
    if (cap(p, b) != ARB_SOLVER_UNLIMITED && cap(p, b) < k) k = cap(p, b);
    fprintf(f, " cap%d:", b);                      /* capacity, and x only with y */
    for (a = 0; a < p->na; a++) if (has_x(p, b, a)) term(f, &n, 1, "x", b, a);
    fprintf(f, " -%d y%d <= 0\n uses%d: +1 y%d", k, b, b, b);
    n = 1;
    for (a = 0; a < p->na; a++) if (has_x(p, b, a)) term(f, &n, -1, "x", b, a);
    fputs(" <= 0\n", f);
    if (!p->cant_block_alone || !p->cant_block_alone[b]) continue;
    fprintf(f, " alone%d: +1 y%d", b, b);           /* another creature blocks too */
    n = 1;
    for (c = 0; c < p->nb; c++)
      if (c != b && arb_lp_has_y(p, c) && (!p->group || p->group[c] == p->group[b])) term(f, &n, -1, "y", c, -1);
    fputs(" <= 0\n", f);
  }
}

static void attacker_rows(FILE *f, const arb_block_problem *p)
{
  int a, b;
  for (a = 0; a < p->na; a++) {
    int n = 0, k = 0, mn = p->min_blockers ? p->min_blockers[a] : 1;
    int mx = p->max_blockers ? p->max_blockers[a] : ARB_SOLVER_UNLIMITED;
    if (!attacker_used(p, a)) continue;
    for (b = 0; b < p->nb; b++) if (has_x(p, b, a)) k++;
    if (mx == ARB_SOLVER_UNLIMITED || mx > k) mx = k;
    if (mn < 1) mn = 1;                             /* z is 1 exactly when a is blocked */
    fprintf(f, " min%d:", a);
    for (b = 0; b < p->nb; b++) if (has_x(p, b, a)) term(f, &n, 1, "x", b, a);
    fprintf(f, " -%d z%d >= 0\n max%d:", mn, a, a);
    n = 0;
    for (b = 0; b < p->nb; b++) if (has_x(p, b, a)) term(f, &n, 1, "x", b, a);
    fprintf(f, " -%d z%d <= 0\n", mx, a);
  }
}

/* Blocking creatures summed, all of them (group < 0) or one group's. */
static void limit_row(FILE *f, const arb_block_problem *p, const char *name, int group, int limit)
{
  int b, n = 0;
  fprintf(f, " %s:", name);
  for (b = 0; b < p->nb; b++)
    if (arb_lp_has_y(p, b) && (group < 0 || p->group[b] == group)) term(f, &n, 1, "y", b, -1);
  if (n == 0) fputs(" +0 none", f);
  fprintf(f, " <= %d\n", limit);
}

static void binaries(FILE *f, const arb_block_problem *p)
{
  int a, b, n = 0;
  fputs("Binary\n", f);
  for (b = 0; b < p->nb; b++) {
    if (!arb_lp_has_y(p, b)) continue;
    for (a = 0; a < p->na; a++)
      if (has_x(p, b, a)) { fprintf(f, " x%d_%d", b, a); if (++n % 8 == 0) fputs("\n", f); }
    fprintf(f, " y%d", b);
  }
  for (a = 0; a < p->na; a++) if (attacker_used(p, a)) fprintf(f, " z%d", a);
  fputs(" none\nEnd\n", f);
}

int arb_lp_write_block(FILE *f, const arb_block_problem *p, arb_lp_rows extra, void *ud)
{
  int g;
  fprintf(f, "\\ arbiter block problem: %d attackers, %d potential blockers\n", p->na, p->nb);
  objective(f, p);
  fputs("Subject To\n", f);
  blocker_rows(f, p);
  attacker_rows(f, p);
  if (p->max_blocking != ARB_SOLVER_UNLIMITED) limit_row(f, p, "limit", -1, p->max_blocking);
  if (p->group && p->group_limit != ARB_SOLVER_UNLIMITED)
    for (g = 0; g < 64; g++) {
      char name[16];
      int b, any = 0;
      for (b = 0; b < p->nb; b++) any |= p->group[b] == g;
      if (!any) continue;
      sprintf(name, "group%d", g);
      limit_row(f, p, name, g, p->group_limit);
    }
  if (extra) extra(f, ud);
  fputs(" pin: +1 none <= 0\n", f);               /* the placeholder variable stays 0 */
  binaries(f, p);
  return ferror(f) ? -1 : 0;
}
