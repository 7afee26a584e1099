#!/bin/sh
# examples/love's self-test under Xvfb: LÖVE plays a whole game by scripted clicks and saves
# screenshots. Passes when LÖVE exits 0 (it does once the game has ended) and both
# screenshots exist. usage: sh scripts/love_test.sh OUT.png   (prints "N passed, N failed")
out=${1:-build/love/selftest.png}
mid="${out%.png}-midgame.png"
status="${out%.png}.status"
mkdir -p "$(dirname "$out")"
rm -f "$out" "$mid" "$status"
{ timeout 300 xvfb-run -a -s "-screen 0 1280x800x24" love examples/love --selftest "$(pwd)/$out" 2>&1
  echo $? >"$status"; } | grep -v -e '^ALSA lib' -e '^AL lib'
rc=$(cat "$status" 2>/dev/null || echo 1)
if [ "$rc" -eq 0 ] && [ -s "$out" ] && [ -s "$mid" ]; then
  echo "love selftest: a whole game played; screenshots $out and $mid"
  echo "1 passed, 0 failed"
  exit 0
fi
echo "love selftest: FAILED (LÖVE exited $rc; the game must end and both screenshots exist)"
echo "0 passed, 1 failed"
exit 1
