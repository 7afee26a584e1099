#!/bin/sh
# Runs each libFuzzer harness for FUZZ_SECONDS (default 60) on its corpus.
# usage: sh scripts/fuzz.sh [harness...]   (default: core solver)
# The repo's corpus (fuzz/corpus/<harness>/) is read, never written: new
# inputs go to build/fuzz/work-<harness>/ (`make fuzz-merge` folds the ones
# that add coverage back in). A crash leaves build/fuzz/crash-<harness>-*,
# prints the log's tail and fails. Ends with "N passed, N failed" (a harness
# passes when it ran clean); prints no such line when clang or libFuzzer is
# missing and can't be installed (skipped, exit 0).
set -u
secs=${FUZZ_SECONDS:-60}
harnesses=${*:-core solver}
if ! sh scripts/deps.sh fuzz; then
  echo "fuzz: SKIPPED: clang/libFuzzer (Debian: clang libclang-rt-dev) missing and not installable"
  exit 0
fi
passed=0; failed=0
for h in $harnesses; do
  bin=build/fuzz/${h}_fuzz work=build/fuzz/work-$h log=build/fuzz/$h.log
  if ! make -s "$bin"; then echo "fuzz: $h: build failed"; failed=$((failed + 1)); continue; fi
  mkdir -p "$work" "fuzz/corpus/$h"
  echo "fuzz: $h for ${secs}s (log: $log)"
  if "./$bin" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len=1024 \
       -print_final_stats=1 -artifact_prefix="build/fuzz/crash-$h-" \
       "$work" "fuzz/corpus/$h" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    echo "fuzz: $h: clean, ${runs:-?} runs, $cov"
    passed=$((passed + 1))
  else
    echo "fuzz: $h: CRASH or broken invariant; log tail:"
    grep -v '^ *#[0-9]' "$log" | tail -n 30
    ls build/fuzz/crash-$h-* 2>/dev/null | sed 's/^/fuzz: reproducer: /'
    failed=$((failed + 1))
  fi
done
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
