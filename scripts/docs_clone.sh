#!/bin/sh
# make docs, last check (issue 31 item 3): `ldoc .` in a fresh clone of the committed tree (no
# build, nothing generated first) writes the reference with no warning.
set -u
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
git clone -q . "$T/clone" || { echo "docs: git clone failed"; exit 1; }
if (cd "$T/clone" && lua5.1 /usr/bin/ldoc . >"$T/log" 2>&1) && [ -f "$T/clone/build/docs/index.html" ] &&
    ! grep -qiE "warning|error|not found|falling back" "$T/log"; then
  echo "docs: ldoc . in a fresh clone of $(git rev-parse --short HEAD): ok"
else
  cat "$T/log"; echo "docs: ldoc . fails or warns in a fresh clone"; exit 1
fi
