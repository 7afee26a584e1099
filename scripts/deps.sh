#!/bin/sh
# Installs what building and testing arbiter needs, only when it is missing.
# Debian packages: lua5.4, liblua5.4-dev, lua-busted, lua-dkjson, luarocks, tmux (and gcc/make).
# Extras by argument: `fuzz` (clang + libclang-rt-dev: -fsanitize=fuzzer),
# `valgrind` (valgrind), `lint` (lua-check: luacheck), `docs` (lua-ldoc, lua-markdown: ldoc),
# `luas` (the other Luas `make test-all` builds for: lua5.1 lua5.2 lua5.3 luajit and their
# headers; Debian's lua-busted runs on each), `portable` (lua5.1: luac5.1 parses every file).
# `rock` (git: make rock packs from a git tag). `cbc` (coinor-cbc: make bench-report solves the
# solver bench's boards with CBC). `windows` (MinGW-w64 and Wine:
# make windows, make windows-test), `web` (Emscripten, Chromium, Node.js
# and npm: make web, make web-test).
set -e
need=""
for extra in "$@"; do
  case $extra in
  fuzz)
    command -v clang >/dev/null 2>&1 || need="$need clang"
    # libFuzzer's runtime (libclang_rt.fuzzer-*.a) is a separate package.
    command -v clang >/dev/null 2>&1 && [ -f "$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a)" ] ||
      ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 ||
      need="$need libclang-rt-dev" ;;
  valgrind) command -v valgrind >/dev/null 2>&1 || need="$need valgrind" ;;
  lint) command -v luacheck >/dev/null 2>&1 || need="$need lua-check" ;;
  docs) command -v ldoc >/dev/null 2>&1 || need="$need lua-ldoc"
    # Debian's ldoc renders markdown with lua-markdown (it ships no built-in one)
    [ -f /usr/share/lua/5.1/markdown.lua ] || need="$need lua-markdown"
    command -v lua5.1 >/dev/null 2>&1 || need="$need lua5.1" ;;
  love)   # examples/love: LÖVE 11, LuaJIT's headers for its module, Xvfb for the self-test
    command -v love >/dev/null 2>&1 || need="$need love"
    [ -f /usr/include/luajit-2.1/lua.h ] || need="$need libluajit-5.1-dev"
    command -v xvfb-run >/dev/null 2>&1 || need="$need xvfb"
    command -v xauth >/dev/null 2>&1 || need="$need xauth" ;;
  portable) command -v luac5.1 >/dev/null 2>&1 || need="$need lua5.1" ;;   # luac5.1 -p
  luas)
    for v in 5.1 5.2 5.3; do command -v lua$v >/dev/null 2>&1 || need="$need lua$v"; done
    [ -f /usr/include/lua5.1/lua.h ] || need="$need liblua5.1-0-dev"
    [ -f /usr/include/lua5.2/lua.h ] || need="$need liblua5.2-dev"
    [ -f /usr/include/lua5.3/lua.h ] || need="$need liblua5.3-dev"
    command -v luajit >/dev/null 2>&1 || need="$need luajit"
    [ -f /usr/include/luajit-2.1/lua.h ] || need="$need libluajit-5.1-dev" ;;
  windows)
    command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || need="$need gcc-mingw-w64-x86-64"
    command -v wine >/dev/null 2>&1 || need="$need wine wine64" ;;
  web)
    command -v emcc >/dev/null 2>&1 || need="$need emscripten"
    command -v chromium >/dev/null 2>&1 || need="$need chromium"
    command -v npm >/dev/null 2>&1 || need="$need npm" ;;
  cbc) command -v cbc >/dev/null 2>&1 || need="$need coinor-cbc" ;;   # make bench-report: the solver against CBC
  rock) command -v git >/dev/null 2>&1 || need="$need git" ;;
  *) echo "arbiter: deps.sh: unknown extra '$extra'" >&2; exit 2 ;;
  esac
done
command -v lua5.4 >/dev/null 2>&1 || need="$need lua5.4"
[ -f /usr/include/lua5.4/lua.h ] || need="$need liblua5.4-dev"
[ -f /usr/bin/busted ] || need="$need lua-busted"
# a JSON library: spec/view_spec.lua round-trips g:view(p) through dkjson
[ -f /usr/share/lua/5.4/dkjson.lua ] || need="$need lua-dkjson"
command -v luarocks >/dev/null 2>&1 || need="$need luarocks"
# a terminal multiplexer: spec/cli_spec.lua plays `arbiter play` through a pseudo-terminal
command -v tmux >/dev/null 2>&1 || need="$need tmux"
command -v cc >/dev/null 2>&1 || need="$need gcc"
[ -z "$need" ] && exit 0
echo "arbiter: installing missing Debian packages:$need" >&2
if [ "$(id -u)" = 0 ]; then SUDO=""
elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; echo "arbiter: using sudo" >&2
else
  echo "arbiter: cannot install$need: not root and no sudo. Install them with apt-get as root." >&2
  exit 1
fi
# Wait for another apt (a parallel make, the system's own updates) rather than fail on its lock.
LOCKWAIT="-o DPkg::Lock::Timeout=600"
$SUDO apt-get $LOCKWAIT update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get $LOCKWAIT install -y -qq $need >/dev/null
