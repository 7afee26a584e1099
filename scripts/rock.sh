#!/bin/sh
# make rock: the release as a user gets it, offline, in a temporary tree.
#  1. `luarocks pack arbiter-rules-<V>-1.rockspec` (written as `make release` would, into the
#     temporary tree): the source rock, fetched from the release tag
#     (git resolves the rockspec's URL to a clone of this checkout, tagged v<V> there only);
#  2. `luarocks build` of that source rock into a fresh tree (what `luarocks install` does);
#  3. `luarocks make $P-scm-1.rockspec` from a copy of the checkout into another tree;
#  4. `luarocks pack arbiter-rules` from the installed tree: the binary rock;
#  5. with only the installed tree on the paths: require "arbiter", arbiter.VERSION equals the
#     rockspec's, a game plays, require "arbiter.cards.lure" works;
#  6. `luarocks test` (scripts/rock_test.lua): a few specs against a rock it installs itself.
# The rocks are left in build/rock/. Ends with "N passed, N failed".
set -u
LUA=${LUA:-lua5.4}
LV=$($LUA -e 'print((_VERSION:gsub("Lua ", "")))')
ROOT=$(pwd)
V=$($LUA -e 'print(dofile("scripts/rockspec.lua").version())')
P=$($LUA -e 'print(dofile("scripts/rockspec.lua").PACKAGE)')
URL=$($LUA -e 'print((dofile("scripts/rockspec.lua").URL:gsub("^git%+", "")))')
OUT=$ROOT/build/rock
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$OUT"
LR="luarocks --lua-version=$LV"
passed=0; failed=0
step() {   # step "what" command...
  what=$1; shift
  if "$@" >"$T/log" 2>&1; then passed=$((passed + 1)); echo "rock: ok: $what"
  else failed=$((failed + 1)); echo "rock: FAILED: $what"; sed 's/^/  | /' "$T/log" | tail -n 25; fi
}

# The published repository, standing in: this checkout's files (uncommitted changes included,
# ignored files not) in a fresh git repository, tagged v<V>.
mkdir -p "$T/repo"
git ls-files -co --exclude-standard -z | xargs -0 -r cp -P --parents -t "$T/repo" 2>/dev/null
(cd "$T/repo" && git init -q -b main && git add -A &&
  git -c user.name=rock -c user.email=rock@localhost commit -qm "release v$V" && git tag "v$V")
printf '[url "%s"]\n\tinsteadOf = %s\n' "$T/repo" "$URL" >"$T/gitconfig"
export GIT_CONFIG_GLOBAL="$T/gitconfig"

$LUA scripts/rockspec.lua release "$V" "$T/$P-$V-1.rockspec" >/dev/null
step "rockspecs list every module and source file (scripts/rockspec.lua check)" $LUA scripts/rockspec.lua check
step "luarocks lint $P-$V-1.rockspec" $LR lint "$T/$P-$V-1.rockspec"
step "luarocks lint $P-scm-1.rockspec" $LR lint $P-scm-1.rockspec
step "luarocks pack $P-$V-1.rockspec (source rock from tag v$V)" \
  sh -c "cd '$OUT' && rm -f $P-$V-1.src.rock && $LR pack '$T/$P-$V-1.rockspec'"
step "luarocks build $P-$V-1.src.rock into a fresh tree" \
  $LR --tree "$T/tree" build "$OUT/$P-$V-1.src.rock"
step "luarocks make $P-scm-1.rockspec into another tree" \
  sh -c "cd '$T/repo' && $LR --tree '$T/tree-scm' make $P-scm-1.rockspec"
step "luarocks pack $P $V-1 (binary rock)" \
  sh -c "cd '$OUT' && $LR --tree '$T/tree' pack $P $V-1"
for tree in "$T/tree" "$T/tree-scm"; do
  step "the installed rock ($(basename "$tree")): require, VERSION $V, a game, arbiter.cards.lure" \
    env -u LUA_PATH -u LUA_CPATH -u "LUA_PATH_${LV%.*}_${LV#*.}" -u "LUA_CPATH_${LV%.*}_${LV#*.}" \
    sh -c "cd '$T' && $LUA -e '
      package.path = \"$tree/share/lua/$LV/?.lua;$tree/share/lua/$LV/?/init.lua\"
      package.cpath = \"$tree/lib/lua/$LV/?.so\"
      local arbiter = require(\"arbiter\")
      assert(arbiter.VERSION == \"$V\", \"VERSION \" .. arbiter.VERSION)
      assert(package.searchpath(\"arbiter.core\", package.cpath):find(\"$tree\", 1, true))
      local g = arbiter.new_game{ players = { \"Ann\", \"Bob\" }, seed = 1 }
      local lure = require(\"arbiter.cards.lure\")
      local c = g:create(lure.def, { owner = g.players[1], zone = \"battlefield\" })
      assert(c.name == \"Lure\")
      g:draw(g.players[1])
    '"
done
step "luarocks test $P-scm-1.rockspec (specs against the rock installed in a temporary tree)" \
  sh -c "cd '$T/repo' && $LR test $P-scm-1.rockspec -- spec/turn_spec.lua spec/rock_installed_spec.lua"
ls "$OUT"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
