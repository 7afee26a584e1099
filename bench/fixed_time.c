/*
** bench/fixed_time.c — a time() that always answers the same second, preloaded
** (LD_PRELOAD) by scripts/perf_gate.lua into the process callgrind counts.
** Lua 5.4 seeds its string hashes with time(NULL) mixed with a few addresses
** (luai_makeseed): a new seed each second laid out tables differently and
** moved a workload's count by up to ~15 % between runs of the same code
** (draw_bulk: 226, 239, 304 instructions a card; issue 28). With this and a
** fixed environment (the addresses) the same build counts the same every run.
** Not part of the engine: only the gate's measuring process loads it.
*/
#include <time.h>

time_t time(time_t *t) {
  if (t) *t = (time_t)1000000000;
  return (time_t)1000000000;
}
