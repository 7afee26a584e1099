#!/bin/sh
# Games per second of the same games (bench/hosts.lua: bench/game_decks.lua's, seeds 1..N) on
# every host, in one run: Linux (lua5.4 + build/arbiter/core.so), Windows under Wine
# (build/windows/lua.exe + core.dll) and the web build in headless Chromium (the page's own
# Arbiter, examples/web/selftest.mjs --bench). The digests must be equal.
# usage: sh scripts/hosts_bench.sh [N]   (docs/PERFORMANCE.md records a run)
n=${1:-200}
export WINEDEBUG=-all WINEPREFIX="${WINEPREFIX:-$(pwd)/build/wine}"
native=$(lua5.4 bench/hosts.lua "$n" "build/?.so")
wine=$(wine build/windows/lua.exe bench/hosts.lua "$n" "build/windows/?.dll" 2>&1 | tr -d '\r' | tail -n 1)
web=$(node examples/web/selftest.mjs --bench "$n" 2>&1 | sed -n 's/^web bench (Chromium): //p')
echo "linux (lua5.4, native):   $native"
echo "windows (wine, mingw-w64): $wine"
echo "web (chromium, wasm32):   $web"
d() { echo "$1" | sed -n 's/.*digest //p'; }
if [ -n "$(d "$native")" ] && [ "$(d "$native")" = "$(d "$wine")" ] && [ "$(d "$native")" = "$(d "$web")" ]; then
  echo "hosts bench: the same digest on the three hosts"; echo "1 passed, 0 failed"
else
  echo "hosts bench: the digests differ"; echo "0 passed, 1 failed"; exit 1
fi
