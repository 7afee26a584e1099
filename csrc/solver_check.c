/*
** solver_check.c — direct evaluation of one block declaration: which
** restriction (500.3, 501) it breaks first, and how many requirements
** (weighted, 500.4) it obeys. Independent of the search layers, so the
** layers' answers are always re-checked by this code.
*/
#include "solver_int.h"

int arb_block_words(int na) { return na > 0 ? ARB_WORDS(na) : 0; }

static int wget(const int *w, int i) { return w != NULL ? w[i] : 0; }

static int row_empty(const uint64_t *row, int nw) {
  int w;
  for (w = 0; w < nw; w++) if (row[w]) return 0;
  return 1;
}

/* Weighted requirements obeyed (500.4): blocks-if-able, must-be-blocked,
   Lure and other pair requirements; exempt blockers' don't count (500.3). */
long long arb_solver_bscore(const arb_block_problem *p, const uint64_t *decl) {
  int nw = arb_block_words(p->na), a, b, i;
  long long sc = 0;
  for (a = 0; a < p->na; a++) {
    int hit = 0;
    for (b = 0; b < p->nb; b++) {
      if (!ARB_HAS(decl + (size_t)b * nw, a)) continue;
      hit = 1;
      if (p->exempt == NULL || !p->exempt[b]) sc += wget(p->lure, a);
    }
    if (hit) sc += wget(p->must_be_blocked, a);
  }
  for (b = 0; b < p->nb; b++) {
    int ex = p->exempt != NULL && p->exempt[b];
    if (!ex && !row_empty(decl + (size_t)b * nw, nw))
      sc += wget(p->blocks_if_able, b);
  }
  for (i = 0; i < p->npairs; i++) {
    const arb_block_pair *q = &p->pairs[i];
    if (p->exempt != NULL && p->exempt[q->blocker]) continue;
    if (ARB_HAS(decl + (size_t)q->blocker * nw, q->attacker)) sc += q->weight;
  }
  return sc;
}

static void why(arb_solver_reason *r, int code, int c, int o, long n, long bd) {
  r->code = code; r->creature = c; r->other = o; r->count = n; r->bound = bd;
}

/* Per blocker: eligibility (501) and capacity. Returns 0 on a break. */
static int check_blockers(const arb_block_problem *p, const uint64_t *decl,
                          int *cnt, int *nblk, arb_solver_reason *r) {
  int nw = arb_block_words(p->na), b, a;
  *nblk = 0;
  for (b = 0; b < p->nb; b++) {
    const uint64_t *row = decl + (size_t)b * nw;
    const uint64_t *el = p->eligible + (size_t)b * nw;
    int k = 0, cap = p->capacity != NULL ? p->capacity[b] : 1;
    for (a = 0; a < nw * 64; a++) {
      if (!ARB_HAS(row, a)) continue;
      if (a >= p->na || !ARB_HAS(el, a)) {
        why(r, ARB_REASON_NOT_ELIGIBLE, b, a, 0, 0);
        return 0;
      }
      k++;
      cnt[a]++;
    }
    if (cap != ARB_SOLVER_UNLIMITED && k > cap) {
      why(r, ARB_REASON_CAPACITY, b, -1, k, cap);
      return 0;
    }
    if (k > 0) (*nblk)++;
  }
  return 1;
}

/* Per attacker {0} u [min,max] (e.g. menace), then limit, then alone. */
static int check_counts(const arb_block_problem *p, const uint64_t *decl,
                        const int *cnt, int nblk, arb_solver_reason *r) {
  int nw = arb_block_words(p->na), a, b;
  for (a = 0; a < p->na; a++) {
    int mn = p->min_blockers != NULL ? p->min_blockers[a] : 1;
    int mx = p->max_blockers != NULL ? p->max_blockers[a] : ARB_SOLVER_UNLIMITED;
    if (mx != ARB_SOLVER_UNLIMITED && cnt[a] > mx) {
      why(r, ARB_REASON_TOO_MANY_BLOCKERS, -1, a, cnt[a], mx);
      return 0;
    }
    if (cnt[a] > 0 && cnt[a] < mn) {
      why(r, ARB_REASON_TOO_FEW_BLOCKERS, -1, a, cnt[a], mn);
      return 0;
    }
  }
  if (p->max_blocking != ARB_SOLVER_UNLIMITED && nblk > p->max_blocking) {
    why(r, ARB_REASON_LIMIT, -1, -1, nblk, p->max_blocking);
    return 0;
  }
  if (nblk == 1 && p->cant_block_alone != NULL && p->group == NULL)
    for (b = 0; b < p->nb; b++)
      if (p->cant_block_alone[b] && !row_empty(decl + (size_t)b * nw, nw)) {
        why(r, ARB_REASON_ALONE, b, -1, 1, 2);
        return 0;
      }
  return 1;
}

int arb_solver_grouped(const arb_block_problem *p) {
  return p->group != NULL && p->group_limit != ARB_SOLVER_UNLIMITED;
}

/* Per group (multiplayer: per defending player, each one's block checked on its own, 500.3):
   the limit, the first blocker of a group past it named; then "can't block alone", a blocker
   alone in its group. */
static int check_groups(const arb_block_problem *p, const uint64_t *decl, arb_solver_reason *r) {
  int nw = arb_block_words(p->na), b, n[64];
  if (p->group == NULL) return 1;
  for (b = 0; b < 64; b++) n[b] = 0;
  for (b = 0; b < p->nb; b++) n[p->group[b] & 63] += !row_empty(decl + (size_t)b * nw, nw);
  for (b = 0; b < p->nb; b++)
    if (arb_solver_grouped(p) && n[p->group[b] & 63] > p->group_limit &&
        !row_empty(decl + (size_t)b * nw, nw)) {
      why(r, ARB_REASON_LIMIT, b, -1, n[p->group[b] & 63], p->group_limit);
      return 0;
    }
  for (b = 0; b < p->nb && p->cant_block_alone != NULL; b++)
    if (p->cant_block_alone[b] && n[p->group[b] & 63] == 1 && !row_empty(decl + (size_t)b * nw, nw)) {
      why(r, ARB_REASON_ALONE, b, -1, 1, 2);
      return 0;
    }
  return 1;
}

/* The declaration-wide conditions (500.1 "can't block unless ..."): 1 when
   no conditioned blocker blocks or every condition holds, 0 (*who) if one
   fails, < 0 if the condition aborted. */
int arb_solver_condition(const arb_block_problem *p, const uint64_t *decl, int *who) {
  int nw = arb_block_words(p->na), b, rc;
  *who = -1;
  if (p->condition == NULL || p->conditioned == NULL) return 1;
  for (b = 0; b < p->nb; b++)
    if (p->conditioned[b] && !row_empty(decl + (size_t)b * nw, nw)) break;
  if (b == p->nb) return 1;
  rc = p->condition(p->condition_ud, decl, who);
  return rc < 0 ? ARB_SOLVER_ECALLBACK : rc > 0;
}

/* cnt: na ints of scratch. Returns 1 if every restriction is obeyed, 0 if
   not, < 0 if a condition aborted. */
int arb_solver_bcheck(const arb_block_problem *p, const uint64_t *decl,
                      int *cnt, arb_solver_reason *r) {
  int a, nblk, who, rc;
  why(r, ARB_REASON_NONE, -1, -1, 0, 0);
  for (a = 0; a < p->na; a++) cnt[a] = 0;
  if (!check_blockers(p, decl, cnt, &nblk, r)) return 0;
  if (!check_counts(p, decl, cnt, nblk, r)) return 0;
  if (!check_groups(p, decl, r)) return 0;
  rc = arb_solver_condition(p, decl, &who);
  if (rc == 0) why(r, ARB_REASON_CONDITION, who, -1, 0, 0);
  return rc;
}

int arb_block_restrictions(arb_solver *s, const arb_block_problem *p,
                           const uint64_t *decl, arb_solver_reason *reason,
                           long long *score) {
  int *cnt = (int *)arb_solver_ws(s, WS_CNT, sizeof(int) * (size_t)(p->na + 64));
  arb_solver_reason tmp;
  int ok;
  if (cnt == NULL) return ARB_SOLVER_ENOMEM;
  ok = arb_solver_bcheck(p, decl, cnt, reason != NULL ? reason : &tmp);
  if (score != NULL) *score = arb_solver_bscore(p, decl);
  return ok;
}
