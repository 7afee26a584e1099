#!/bin/sh
# make release VERSION=x.y.z — cuts a release in this repository (nothing is pushed or uploaded):
#  1. arbiter.VERSION = x.y.z (lua/arbiter/init.lua);
#  2. CHANGELOG.md: "## x.y.z (unreleased)" becomes "## x.y.z (YYYY-MM-DD)" (a heading is added
#     above the newest one when there is none);
#  3. the release rockspec arbiter-rules-x.y.z-1.rockspec (source: the tag vx.y.z) replaces the
#     previous release's; the scm rockspec regenerated;
#  4. a commit "Release x.y.z" and the tag vx.y.z on it.
# Refuses a malformed version, an existing tag, or uncommitted changes. Then, by hand:
#   git push origin main vx.y.z && luarocks upload arbiter-rules-x.y.z-1.rockspec
set -eu
LUA=${LUA:-lua5.4}
V=${1:-}
fail() { echo "release: $*" >&2; exit 1; }
echo "$V" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+$' || fail "VERSION=x.y.z expected (got '$V')"
git rev-parse -q --verify "refs/tags/v$V" >/dev/null && fail "the tag v$V exists already"
git diff --quiet HEAD -- || fail "uncommitted changes: commit or stash them first"
P=$($LUA -e 'print(dofile("scripts/rockspec.lua").PACKAGE)')
DATE=$(date -u +%Y-%m-%d)

sed -i "s/VERSION = \"[0-9]*\.[0-9]*\.[0-9]*\"/VERSION = \"$V\"/" lua/arbiter/init.lua
grep -q "VERSION = \"$V\"" lua/arbiter/init.lua || fail "no VERSION = \"x.y.z\" in lua/arbiter/init.lua"
if grep -q "^## $V (unreleased)" CHANGELOG.md; then
  sed -i "s/^## $V (unreleased)/## $V ($DATE)/" CHANGELOG.md
else
  awk -v h="## $V ($DATE)" '!done && /^## / { print h; print ""; done = 1 } { print }' CHANGELOG.md >CHANGELOG.md.new
  mv CHANGELOG.md.new CHANGELOG.md
fi
for old in $(ls "$P"-*-1.rockspec 2>/dev/null | grep -v -- "-scm-1.rockspec"); do git rm -q "$old"; done
$LUA scripts/rockspec.lua write >/dev/null
$LUA scripts/rockspec.lua release "$V" "$P-$V-1.rockspec"
git add lua/arbiter/init.lua CHANGELOG.md "$P-$V-1.rockspec" "$P-scm-1.rockspec"
git commit -q -m "Release $V"
git tag -a "v$V" -m "arbiter $V"
echo "release: v$V tagged; push it (git push origin main v$V), then luarocks upload $P-$V-1.rockspec"
