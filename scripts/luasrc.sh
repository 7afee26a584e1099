#!/bin/sh
# Lua 5.4's C sources for the Windows and web builds (`make windows`, `make web`), fetched at
# build time from Debian's source package (never committed): apt-get source --download-only
# lua5.4 into build/lua-src/, then upstream's tarball (the .orig.tar.gz, without Debian's
# patches: those make luaconf.h include a Debian multiarch header) unpacked, its src/ linked
# as build/lua-src/src.
# Adds a deb-src entry for the archive the machine already uses when it has none.
# usage: sh scripts/luasrc.sh   (prints the src directory)
set -e
dest=build/lua-src
if [ -f "$dest/src/lua.h" ]; then echo "$dest/src"; exit 0; fi
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
if ! apt-get source --print-uris lua5.4 >/dev/null 2>&1; then
  # the deb822 sources file with its Types: deb -> a copy with Types: deb-src
  src=/etc/apt/sources.list.d/debian.sources
  if [ -f "$src" ]; then
    sed 's/^Types: deb$/Types: deb-src/' "$src" | $SUDO tee /etc/apt/sources.list.d/arbiter-src.sources >/dev/null
  else
    grep -h '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' | $SUDO tee /etc/apt/sources.list.d/arbiter-src.list >/dev/null
  fi
  echo "arbiter: added a deb-src entry (apt-get source lua5.4)" >&2
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
fi
rm -rf "$dest" && mkdir -p "$dest"
(cd "$dest" && apt-get source --download-only -qq lua5.4 >/dev/null 2>&1 ||
  apt-get source --download-only lua5.4 >&2)
tar -xzf "$dest"/lua5.4_*.orig.tar.gz -C "$dest"
top=$(ls -d "$dest"/lua-5.4*/ | head -n 1)
[ -f "$top/src/lua.h" ] || { echo "arbiter: apt-get source lua5.4 gave no src/lua.h" >&2; exit 1; }
ln -s "$(basename "$top")/src" "$dest/src"
echo "$dest/src"
