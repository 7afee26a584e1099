#!/bin/sh
# The Windows build (make windows: build/windows/lua.exe, lua54.dll, arbiter/core.dll) under
# Wine: the spec suite with scripts/specrun.lua (busted's DSL over luassert, Debian's pure-Lua
# files; scripts/wine_skip.txt lists the specs that start POSIX programs), then the portable
# game (spec/portable_game.lua) on Windows and on Linux (build/arbiter/core.so): the digests,
# every turn's state hash, must be equal. Ends with "N passed, N failed".
# usage: sh scripts/windows_test.sh
W=build/windows
export WINEDEBUG=-all WINEPREFIX="${WINEPREFIX:-$(pwd)/build/wine}"
log=$W/specs.txt
ARBITER_CPATH="$W/?.dll" timeout 900 wine $W/lua.exe scripts/specrun.lua --skip-list=scripts/wine_skip.txt \
  $(find spec -name '*_spec.lua' | sort) >"$log" 2>&1
rc=$?
grep -v '^skipped ' "$log" | grep -E '^(FAILED|  )' | head -n 60
line=$(tr -d '\r' <"$log" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
echo "windows specs (wine): ${line:-no result (wine exited $rc)}"
passed=$(echo "$line" | awk '{print $1}'); failed=$(echo "$line" | awk '{print $3}' | tr -d ,)
passed=${passed:-0}; failed=${failed:-1}
[ "$rc" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
# the same runner on Linux must count as many specs: none may go missing under Windows (a
# library function a spec enumerates, a spec file that registers fewer tests)
native=$(ARBITER_CPATH="build/?.so" lua5.4 scripts/specrun.lua --skip-list=scripts/wine_skip.txt \
  $(find spec -name '*_spec.lua' | sort) 2>&1 | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
if [ "$native" = "$line" ]; then
  echo "windows specs: as many as the same runner on Linux ($native)"; passed=$((passed + 1))
else
  echo "windows specs: Linux's run of the same runner differs: $native"; failed=$((failed + 1))
fi
# core.dll exports luaopen_arbiter_core alone (MinGW exports every global function otherwise)
exports=$(x86_64-w64-mingw32-objdump -p $W/arbiter/core.dll | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' |
  grep -E '^[[:space:]]*\[ *[0-9]+\]' | awk '{print $NF}' | tr '\n' ' ')
if [ "$exports" = "luaopen_arbiter_core " ]; then
  echo "windows core.dll: exports luaopen_arbiter_core only"; passed=$((passed + 1))
else
  echo "windows core.dll: exports $(echo "$exports" | wc -w) names: $(echo "$exports" | cut -c1-200)"
  failed=$((failed + 1))
fi
win=$(wine $W/lua.exe spec/portable_game.lua "$W/?.dll" 2>&1 | tr -d '\r')
lin=$(lua5.4 spec/portable_game.lua "build/?.so" 2>&1)
if [ -n "$win" ] && [ "$win" = "$lin" ]; then
  echo "windows portable game: the same digest as Linux ($(echo "$lin" | tail -n 1))"
  passed=$((passed + 1))
else
  echo "windows portable game: DIFFERS from Linux"; echo "windows: $win" | tail -n 3; echo "linux: $lin" | tail -n 3
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
