# arbiter — build, test, demo, sanitizers, benchmarks.
# `make` builds build/arbiter/core.so in-tree; `make test` and `make demo` install what is missing first.
LUA      ?= lua5.4
LUA_INC  ?= /usr/include/lua5.4
CC       ?= cc
CSTD      = -std=c99 -Wall -Wextra -Werror -pedantic
CFLAGS   ?= -O2 -g
SRC       = $(wildcard csrc/*.c)
CORE_SRC  = $(filter-out csrc/l%.c,$(SRC))
BUSTED    = $(LUA) /usr/bin/busted --ignore-lua
# the module exports luaopen_arbiter_core only (ARB_MODULE_API): the core's calls to its own
# functions are then direct, not through the PLT, and link-time optimisation may inline them
# across files (together -3.4 % of a game's instructions, -9 % of a priority pass); -flto where
# the compiler takes it (luarocks' own build uses neither: the same code, a little slower)
LTO      ?= $(shell $(CC) -flto=auto -x c -c /dev/null -o /dev/null 2>/dev/null && echo -flto=auto)
SO_FLAGS  = -fPIC -shared -fvisibility=hidden $(LTO)
ASAN_LIB  = $(shell $(CC) -print-file-name=libasan.so)
UBSAN_LIB = $(shell $(CC) -print-file-name=libubsan.so)

.PHONY: rock-test release types windows windows-test web web-test hosts-bench perf-gate perf-budgets bench-report cards love-build love-test all deps lint docs test test-all portable bench-luas demo asan asan-replay valgrind spec-times bench ctest solver-soak combat-soak fuzz fuzz-scripts fuzz-merge embed embed-build clean soak soak-quick soak-asan soak-alpha soak-alpha-quick soak-alpha-asan rockspec rock

all: build/arbiter/core.so

build/arbiter/core.so: $(SRC) $(wildcard csrc/*.h)
	@mkdir -p build/arbiter
	$(CC) $(CSTD) $(CFLAGS) $(SO_FLAGS) -I$(LUA_INC) $(SRC) -o $@

deps:
	@sh scripts/deps.sh

# luacheck (.luacheckrc) over every Lua file: any warning fails.
LINT_DIRS = lua spec examples bench scripts bin/arbiter
lint:
	@sh scripts/deps.sh lint
	@luacheck -q --formatter plain $(LINT_DIRS) && echo "lint: luacheck clean ($(LINT_DIRS))"

# The LDoc reference (config.ld) into build/docs/, from docs/ldoc/arbiter.lua (made from
# docs/API.md by `make types`; spec/api_doc_spec.lua checks it is current), so that a plain
# `ldoc .` works in a fresh clone. Debian's ldoc renders markdown with lua-markdown, a Lua 5.1
# module: run it on lua5.1. Fails on any ldoc warning, a documented name without its entry, a
# parameter without text, a relative link to a file the site doesn't have (scripts/apidoc.lua
# check-html), and when `ldoc .` in a fresh clone of the committed tree warns or fails.
docs:
	@sh scripts/deps.sh docs
	@mkdir -p build/ldoc
	@lua5.1 /usr/bin/ldoc . >build/ldoc/log.txt 2>&1; rc=$$?; cat build/ldoc/log.txt; \
	  if [ $$rc -ne 0 ] || grep -qiE "warning|error|not found|falling back" build/ldoc/log.txt; then \
	  echo "docs: ldoc reported a problem"; exit 1; fi
	@$(LUA) scripts/apidoc.lua check-html build/docs
	@sh scripts/docs_clone.sh

# The scm rockspec (arbiter-rules-scm-1: the rock is arbiter-rules, the module arbiter) from the tree: every lua/arbiter module,
# csrc/*.c and example card (spec/rock_spec.lua fails when they are out of date).
# The instruction-count gate (issue 28): bench/perf_gate.lua's workloads under callgrind, per unit
# of work, against bench/perf_budgets.txt (10 % over fails); `make perf-budgets` records today's.
# build/fixed_time.so: time() fixed in the counted process (Lua's string-hash seed; bench/fixed_time.c).
perf-gate: deps all build/fixed_time.so
	@sh scripts/deps.sh valgrind
	@$(LUA) scripts/perf_gate.lua check

perf-budgets: deps all build/fixed_time.so
	@sh scripts/deps.sh valgrind
	@$(LUA) scripts/perf_gate.lua record

# Every headline figure of docs/PERFORMANCE.md in one run, each with its anchor measured in the
# same run (plain Lua, bare C, CBC on the solver's boards), as markdown (scripts/bench_report.lua;
# issue 28): a few minutes; BENCH_REPORT=--quick for a short run. DOC=docs/PERFORMANCE.md puts it
# between that file's bench-report markers. Not run by CI (timings).
bench-report: deps all build/solver_bench build/fixed_time.so
	@sh scripts/deps.sh valgrind cbc || echo "bench-report: valgrind or CBC missing: their columns stay empty" >&2
	@$(LUA) scripts/bench_report.lua $(BENCH_REPORT) --out build/bench_report.md $(if $(DOC),--doc $(DOC))

build/fixed_time.so: bench/fixed_time.c
	@mkdir -p build
	$(CC) $(CSTD) -O2 -fPIC -shared $< -o $@

# types/arbiter.lua, editor types (LuaCATS) generated from docs/API.md (scripts/types.lua).
types:
	@$(LUA) scripts/types.lua write
	@$(LUA) scripts/apidoc.lua ldoc docs/ldoc/arbiter.lua

# docs/CARDS.md, the Alpha set's coverage table, from the card files (scripts/cards.lua).
cards:
	@$(LUA) scripts/cards.lua write

rockspec:
	@$(LUA) scripts/rockspec.lua write

# A release: VERSION, the CHANGELOG heading, the release rockspec, a commit and the tag
# v$(VERSION) (scripts/release.sh; nothing pushed). make release VERSION=x.y.z
release:
	@LUA=$(LUA) sh scripts/release.sh "$(VERSION)"

# The release as users get it, offline in a temporary tree: luarocks pack (source rock from the
# tag), build, make, pack (binary rock), then require it from the installed tree. Rocks in build/rock.
rock: deps
	@sh scripts/deps.sh rock
	@LUA=$(LUA) sh scripts/rock.sh

# `luarocks test` (the rockspec's test section): the rock installed into a temporary tree with
# `luarocks make --tree`, then the specs with only that tree on the module paths
# (scripts/rock_test.lua; no system packages installed: busted and luarocks must be there). Busted arguments in ARGS.
rock-test:
	@$(LUA) scripts/rock_test.lua $(ARGS)

# The README's test command (luacheck first: main stays lint-clean). Prints a closing
# "N passed, N failed" line.
# The per-Lua builds a past `make test-all` left are brought up to date first: the specs that
# play a script on every Lua use each one found (spec/helpers.lua), and a stale one would fail.
test: deps lint portable all ctest embed-build
	@$(MAKE) -s $(foreach v,$(LUAS),$(if $(wildcard build/lua/$(v)/arbiter/core.so),build/lua/$(v)/arbiter/core.so))
	@$(LUA) scripts/runspecs.lua $(BUSTED)

# One source, every Lua: the module built for each (build/lua/<interpreter>/arbiter/core.so,
# the same flags) and the whole spec suite run on each (scripts/testall.lua: one line per
# version, then the summed "N passed, N failed"). Installs the missing Luas first.
LUAS    ?= lua5.1 lua5.2 lua5.3 lua5.4 luajit
lua_inc  = $(if $(filter luajit,$(1)),/usr/include/luajit-2.1,/usr/include/$(1))
build/lua/%/arbiter/core.so: $(SRC) $(wildcard csrc/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CFLAGS) $(SO_FLAGS) -I$(call lua_inc,$*) $(SRC) -o $@

test-all: deps lint all ctest embed-build
	@sh scripts/deps.sh luas lint
	@$(MAKE) -s $(foreach v,$(LUAS),build/lua/$(v)/arbiter/core.so $(foreach h,$(EMBED_HOSTS),build/lua/$(v)/embed/$(h)))
	@$(LUA) scripts/testall.lua $(LUAS)

# The portability checks alone (also the start of test-all), part of `make test` so that no
# 5.3-only syntax or library call lands: every Lua file parses as Lua 5.1 (luac5.1), and
# nothing outside arbiter.compat uses what Lua 5.1 or LuaJIT lacks (scripts/portable.luacheckrc).
portable:
	@sh scripts/deps.sh portable lint
	@$(LUA) scripts/testall.lua

# Whole games (bench/game.lua) on Lua 5.4 and LuaJIT in the same run, and their ratio.
bench-luas: deps all build/lua/luajit/arbiter/core.so
	@sh scripts/deps.sh luas
	@$(LUA) scripts/bench_luas.lua 3

# C-only tests (no Lua): the solver's rule cases and its differential tests against an
# independent brute force and, on whole-game-limit boards too big for it, an independent
# exact reference (short passes; `make solver-soak` runs more boards).
ctest: build/solver_test build/solver_brute build/solver_limit_test build/event_test build/draw_test build/intern_test build/core_replay build/solver_replay build/lp_test
	@./build/solver_test | tail -n 1
	@./build/lp_test 2000 | tail -n 1
	@./build/solver_brute 3000 | tail -n 1
	@./build/solver_limit_test 1000 | tail -n 1
	@./build/solver_limit_test 3000 0 thresholds | tail -n 1
	@./build/event_test | tail -n 1
	@./build/draw_test
	@./build/intern_test
	@./build/core_replay fuzz/corpus/core/* fuzz/regress/core/*
	@./build/solver_replay fuzz/corpus/solver/*

# The event pipeline from C alone: built-in (C) replacements, journal, clones.
build/event_test: $(CORE_SRC) tests/event_test.c $(wildcard csrc/*.h)
	@mkdir -p build
	$(CC) $(CSTD) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -Icsrc $(CORE_SRC) tests/event_test.c -o $@

# arb_draw_n (the binding's pcall-free draws) from C: atomic under failing allocations.
build/draw_test: $(CORE_SRC) tests/draw_test.c $(wildcard csrc/*.h)
	@mkdir -p build
	$(CC) $(CSTD) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -Icsrc $(CORE_SRC) tests/draw_test.c -o $@

# arb_intern's index (game.c) against the scan: clones, truncation.
build/intern_test: $(CORE_SRC) tests/intern_test.c $(wildcard csrc/*.h)
	@mkdir -p build
	$(CC) $(CSTD) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -Icsrc $(CORE_SRC) tests/intern_test.c -o $@

SOLVER_SRC = $(wildcard csrc/solver*.c)
# bench/solver_lp.c's 0/1 programs (what make bench-report hands CBC) against the solver's maxima.
build/lp_test: $(SOLVER_SRC) bench/solver_lp.c bench/solver_lp.h tests/lp_test.c tests/harness.h $(wildcard csrc/solver*.h)
	@mkdir -p build
	$(CC) $(CSTD) -O2 -g -Icsrc -Ibench $(SOLVER_SRC) bench/solver_lp.c tests/lp_test.c -o $@

build/solver_test: $(SOLVER_SRC) tests/solver_test.c $(wildcard csrc/solver*.h)
	@mkdir -p build
	$(CC) $(CSTD) -O2 -g -Icsrc $(SOLVER_SRC) tests/solver_test.c -o $@

build/solver_brute: $(SOLVER_SRC) tests/solver_brute.c tests/harness.h $(wildcard csrc/solver*.h)
	@mkdir -p build
	$(CC) $(CSTD) -O2 -g -Icsrc $(SOLVER_SRC) tests/solver_brute.c -o $@

build/solver_limit_test: $(SOLVER_SRC) tests/solver_limit_test.c tests/harness.h $(wildcard csrc/solver*.h)
	@mkdir -p build
	$(CC) $(CSTD) -O2 -g -Icsrc $(SOLVER_SRC) tests/solver_limit_test.c -o $@

# The fuzz corpus replayed without libFuzzer (any compiler): regression tests.
build/core_replay: fuzz/core_fuzz.c fuzz/replay.c $(CORE_SRC) $(wildcard csrc/*.h)
	@mkdir -p build
	$(CC) $(CSTD) -O1 -g -Icsrc fuzz/core_fuzz.c fuzz/replay.c $(CORE_SRC) -o $@

build/solver_replay: fuzz/solver_fuzz.c fuzz/replay.c tests/solver_brute.c tests/harness.h $(SOLVER_SRC) $(wildcard csrc/solver*.h)
	@mkdir -p build
	$(CC) $(CSTD) -O1 -g -Icsrc fuzz/solver_fuzz.c fuzz/replay.c $(SOLVER_SRC) -o $@

# libFuzzer (clang): `make fuzz` runs each harness FUZZ_SECONDS (fuzz/README.md).
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_FLAGS    = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
build/fuzz/core_fuzz: fuzz/core_fuzz.c $(CORE_SRC) $(wildcard csrc/*.h)
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) -Icsrc fuzz/core_fuzz.c $(CORE_SRC) -o $@

build/fuzz/solver_fuzz: fuzz/solver_fuzz.c tests/solver_brute.c tests/harness.h $(SOLVER_SRC) $(wildcard csrc/solver*.h)
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) -Icsrc fuzz/solver_fuzz.c $(SOLVER_SRC) -o $@

fuzz:
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh scripts/fuzz.sh

# Random card scripts from a grammar of the sandbox's library (fuzz/script_fuzz.lua); the
# specs run a short pass (spec/sandbox_fuzz_spec.lua).
FUZZ_SCRIPTS ?= 20000
fuzz-scripts: all
	@$(LUA) fuzz/script_fuzz.lua $(FUZZ_SCRIPTS) $(or $(SEED),1)

# Folds new inputs that add coverage into the repo's corpus (minimal set).
fuzz-merge: build/fuzz/core_fuzz build/fuzz/solver_fuzz
	@for h in core solver; do mkdir -p build/fuzz/work-$$h; \
	  ./build/fuzz/$${h}_fuzz -merge=1 -max_len=1024 fuzz/corpus/$$h build/fuzz/work-$$h 2>&1 | tail -n 1; done

solver-soak: build/solver_brute build/solver_limit_test
	./build/solver_brute 200000
	./build/solver_limit_test 50000

# The Lua-level differential spec (spec/combat_diff_spec.lua) over 10,000 random block
# boards and 10,000 attack boards (`make test` runs 300 of each).
combat-soak: deps all
	ARBITER_COMBAT_BOARDS=10000 ARBITER_COMBAT_SCALE=2000 $(BUSTED) spec/combat_diff_spec.lua

build/solver_bench: $(SOLVER_SRC) bench/solver_c.c bench/solver_lp.c bench/solver_lp.h tests/harness.h
	@mkdir -p build
	$(CC) $(CSTD) -O2 -Icsrc $(SOLVER_SRC) bench/solver_c.c bench/solver_lp.c -o $@

demo: deps all
	@$(LUA) examples/duel.lua --decks red_burn,white_knights

# Embedding arbiter in a C host (examples/embed/): a single-threaded host with C agents, a UI
# loop driving the game through the host driver (driven.c, one thread), and a host whose UI loop
# answers the engine thread's questions over channels (pthreads).
EMBED_LIBS ?= $(shell pkg-config --libs lua5.4 2>/dev/null || echo -llua5.4)
EMBED_DEPS = examples/embed/embed.c examples/embed/embed.h csrc/compat.h
build/embed/host: examples/embed/host.c $(EMBED_DEPS)
	@mkdir -p build/embed
	$(CC) $(CSTD) -pthread -O2 -g -Icsrc -I$(LUA_INC) $< examples/embed/embed.c -o $@ $(EMBED_LIBS)

build/embed/threaded: examples/embed/threaded.c $(EMBED_DEPS)
	@mkdir -p build/embed
	$(CC) $(CSTD) -pthread -O2 -g -Icsrc -I$(LUA_INC) $< examples/embed/embed.c -o $@ $(EMBED_LIBS)

build/embed/driven: examples/embed/driven.c $(EMBED_DEPS)
	@mkdir -p build/embed
	$(CC) $(CSTD) -pthread -O2 -g -Icsrc -I$(LUA_INC) $< examples/embed/embed.c -o $@ $(EMBED_LIBS)

embed-build: build/embed/host build/embed/threaded build/embed/driven

# The same hosts for every Lua of test-all (build/lua/<interpreter>/embed/), linked with that
# Lua's library: spec/embed_spec.lua runs the ones of the Lua running the specs.
lua_lib = $(if $(filter luajit,$(1)),-lluajit-5.1,-l$(1))
EMBED_HOSTS = host threaded driven
define embed_rule
build/lua/%/embed/$(1): examples/embed/$(1).c $$(EMBED_DEPS) csrc/compat.h
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CSTD) -pthread -O2 -g -Icsrc -I$$(call lua_inc,$$*) $$< examples/embed/embed.c -o $$@ $$(call lua_lib,$$*)
endef
$(foreach h,$(EMBED_HOSTS),$(eval $(call embed_rule,$(h))))

embed: deps all embed-build
	./build/embed/host
	./build/embed/threaded
	./build/embed/driven

# LÖVE 11 (examples/love, LuaJIT): the module built against LuaJIT's headers (the same build
# as test-all's), and the example's self-test under Xvfb (scripted clicks to the end of a game,
# screenshots in build/love/); it ends with "N passed, N failed".
love-build:
	@sh scripts/deps.sh love
	@$(MAKE) -s build/lua/luajit/arbiter/core.so

love-test: love-build
	@sh scripts/love_test.sh build/love/selftest.png

# Windows (issue 29): Lua 5.4 from Debian's source package (scripts/luasrc.sh, fetched at build
# time into build/lua-src) and the module cross-compiled with MinGW-w64 into build/windows/:
# lua54.dll, lua.exe, arbiter/core.dll (the rockspec's sources, the same flags as Linux, and
# LUA_BUILD_AS_DLL as the rockspec's platforms.windows: Lua's API imported from lua54.dll).
# `make windows-test` runs the spec suite and the portable game under Wine (scripts/windows_test.sh).
MINGW_CC ?= x86_64-w64-mingw32-gcc
WIN       = build/windows
LUA_SRC   = build/lua-src/src
LUA_LIB_SRC = $(filter-out $(LUA_SRC)/lua.c $(LUA_SRC)/luac.c,$(wildcard $(LUA_SRC)/*.c))
# Lua's own makefile's define (Debian's lua5.4 has it too): math.pow, math.ldexp... exist on
# every host, so a card script's sandbox offers the same functions everywhere
LUA_DEFS  = -DLUA_COMPAT_5_3
need = command -v $(1) >/dev/null 2>&1 || { echo "make $@: $(1) not found: install Debian's $(2) (apt-get install $(2); sh scripts/deps.sh $(3) installs what $(3) needs)"; exit 1; }

windows:
	@$(call need,$(MINGW_CC),gcc-mingw-w64-x86-64,windows)
	@sh scripts/luasrc.sh >/dev/null
	@$(MAKE) -s $(WIN)/lua.exe $(WIN)/arbiter/core.dll
	@echo "windows: $(WIN)/lua.exe, $(WIN)/lua54.dll, $(WIN)/arbiter/core.dll"

$(WIN)/lua54.dll: $(LUA_LIB_SRC)
	@mkdir -p $(WIN)
	$(MINGW_CC) -std=gnu99 -O2 $(LUA_DEFS) -DLUA_BUILD_AS_DLL -shared $(LUA_LIB_SRC) -o $@ -Wl,--out-implib,$(WIN)/liblua54.a

$(WIN)/lua.exe: $(LUA_SRC)/lua.c $(WIN)/lua54.dll
	$(MINGW_CC) -std=gnu99 -O2 $(LUA_DEFS) $(LUA_SRC)/lua.c $(WIN)/liblua54.a -o $@

$(WIN)/arbiter/core.dll: $(SRC) $(wildcard csrc/*.h) $(WIN)/lua54.dll
	@mkdir -p $(WIN)/arbiter
	$(MINGW_CC) $(CSTD) -O2 $(LUA_DEFS) -DLUA_BUILD_AS_DLL -shared -I$(LUA_SRC) $(SRC) $(WIN)/liblua54.a -o $@

windows-test: deps all windows
	@$(call need,wine,wine,windows)
	@sh scripts/windows_test.sh

# The web (issue 29): Lua 5.4 (the same source as Windows) and the core compiled with Emscripten
# into one WebAssembly module, build/web/arbiter-wasm.js (+ .wasm), with Lua's files inside
# (lua/, examples/love's duel, examples/web); examples/web/arbiter.js wraps it as `new Arbiter()`.
# `make web-test` plays examples/web/ in headless Chromium by clicks (scripts/web_test.mjs).
# Debian's emscripten finds its JS tools (acorn) in Debian's node module folder, which a
# Node.js from elsewhere doesn't search
EMCC       ?= NODE_PATH=/usr/share/nodejs emcc
WEB         = build/web
WEB_FLAGS   = -O2
WEB_LINK    = -s MODULARIZE=1 -s EXPORT_NAME=ArbiterModule -s ALLOW_MEMORY_GROWTH=1 \
  -s EXPORTED_FUNCTIONS=_arbiter_web_init,_arbiter_web_eval -s EXPORTED_RUNTIME_METHODS=cwrap,ccall \
  --embed-file lua@/lua --embed-file examples/love/duel.lua@/examples/love/duel.lua \
  --embed-file examples/love/cards.lua@/examples/love/cards.lua \
  --embed-file examples/web/session.lua@/examples/web/session.lua --embed-file examples/web/json.lua@/examples/web/json.lua \
  --embed-file bench/game_decks.lua@/bench/game_decks.lua --embed-file bench/hosts.lua@/bench/hosts.lua \
  --embed-file spec/portable_game.lua@/spec/portable_game.lua --embed-file examples/cards@/examples/cards
WEB_LUA     = $(wildcard lua/arbiter/*.lua lua/arbiter/*/*.lua lua/arbiter/*/*/*.lua) examples/love/duel.lua \
  examples/love/cards.lua examples/web/session.lua examples/web/json.lua bench/game_decks.lua bench/hosts.lua

web:
	@$(call need,emcc,emscripten,web)
	@sh scripts/luasrc.sh >/dev/null
	@$(MAKE) -s $(WEB)/arbiter-wasm.js
	@echo "web: $(WEB)/arbiter-wasm.js, $(WEB)/arbiter-wasm.wasm (examples/web/index.html loads them)"

$(WEB)/liblua.a: $(LUA_LIB_SRC)
	@mkdir -p $(WEB)/lua
	@cd $(WEB)/lua && $(EMCC) $(WEB_FLAGS) $(LUA_DEFS) -c $(abspath $(LUA_LIB_SRC))
	@rm -f $@ && emar rcs $@ $(WEB)/lua/*.o

$(WEB)/arbiter-wasm.js: $(SRC) $(wildcard csrc/*.h) examples/web/glue.c $(WEB)/liblua.a $(WEB_LUA)
	$(EMCC) $(CSTD) $(WEB_FLAGS) $(LUA_DEFS) -I$(LUA_SRC) examples/web/glue.c $(SRC) $(WEB)/liblua.a -o $@ $(WEB_LINK)

# examples/web played in headless Chromium by clicks to the end of a game, its end state hash
# checked against the same clicks played natively (examples/web/selftest.mjs, playwright-core
# from npm on Debian's Chromium); screenshots in build/web/ (docs/web-game.png is one).
web-test: deps all web
	@$(call need,chromium,chromium,web)
	@$(call need,npm,npm,web)
	@[ -d examples/web/node_modules/playwright-core ] || (cd examples/web && npm ci --no-audit --no-fund --silent)
	@node examples/web/selftest.mjs --seed $(or $(SEED),1)

# The long variant: games/s of the same games natively, on Windows under Wine and in Chromium,
# in one run (scripts/hosts_bench.sh; docs/PERFORMANCE.md); HOSTS_GAMES games each.
HOSTS_GAMES ?= 200
hosts-bench: windows-test web-test
	@sh scripts/hosts_bench.sh $(HOSTS_GAMES)

# The whole spec suite under AddressSanitizer + UndefinedBehaviorSanitizer.
asan: deps
	@mkdir -p build/asan/arbiter
	$(CC) $(CSTD) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	  -fno-sanitize-recover=undefined -fPIC -shared -I$(LUA_INC) $(SRC) -o build/asan/arbiter/core.so
	@ASAN_OPTIONS=detect_leaks=0 LD_PRELOAD="$(ASAN_LIB) $(UBSAN_LIB)" ARBITER_CPATH=build/asan/?.so \
	  $(LUA) scripts/runspecs.lua $(BUSTED)
	@$(MAKE) -s asan-replay

# The fuzz corpus and crash regressions replayed under ASan + UBSan (without
# sanitizers an out-of-bounds read or an overflow may pass unnoticed).
asan-replay:
	@mkdir -p build/asan
	@$(CC) $(CSTD) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -Icsrc \
	  fuzz/core_fuzz.c fuzz/replay.c $(CORE_SRC) -o build/asan/core_replay
	@./build/asan/core_replay fuzz/corpus/core/* fuzz/regress/core/* >build/asan/replay.txt 2>&1; \
	  rc=$$?; sed 's/^/fuzz corpus (asan): /' build/asan/replay.txt; exit $$rc

# The whole spec suite under valgrind memcheck: busted itself runs under
# valgrind (runspecs.lua only reads its output); any error or definite leak
# exits 9, which fails the run. No suppressions are needed (lua5.4 frees
# everything at exit).
VALGRIND = valgrind -q --error-exitcode=9 --leak-check=full --show-leak-kinds=definite \
  --errors-for-leak-kinds=definite --track-origins=yes
# The differential specs play a quarter of their random boards under memcheck (H.seeds; the
# combat specs' board counts): all of them run natively, on five VMs and under ASan.
VG_SHARE = ARBITER_SPEC_SHARE=4 ARBITER_COMBAT_BOARDS=75 ARBITER_DAMAGE_BOARDS=200
valgrind: deps all build/core_replay
	@sh scripts/deps.sh valgrind
	@$(VALGRIND) ./build/core_replay fuzz/corpus/core/* fuzz/regress/core/* >build/vg_replay.txt 2>&1; \
	  rc=$$?; sed 's/^/fuzz corpus (valgrind): /' build/vg_replay.txt; exit $$rc
	@SPEC_TIMES_SAVE=build/spec_times.txt SPEC_JOBS=$${SPEC_JOBS:-2} $(VG_SHARE) $(LUA) scripts/runspecs.lua $(VALGRIND) $(BUSTED)

# Each spec file's CPU seconds under valgrind, saved to scripts/spec_times.txt: make valgrind deals
# the files to its two runs by them (rerun when specs grow; ~20 min on two cores). make valgrind
# saves the same measure of its own run to build/spec_times.txt.
spec-times: deps all
	@sh scripts/deps.sh valgrind
	@SPEC_TIMES_SAVE=scripts/spec_times.txt SPEC_JOBS=$${SPEC_JOBS:-2} $(VG_SHARE) $(LUA) scripts/runspecs.lua $(VALGRIND) $(BUSTED)

bench: deps all build/solver_bench
	@./build/solver_bench
	@for b in bench/*.lua; do case $$b in */common.lua|*/soak.lua|*/perf_gate.lua) continue;; esac; echo "== $$b"; $(LUA) $$b || exit 1; done

# Soak (issue 7): random games with card scripts and random agents, every invariant checked
# after every step (bench/soak.lua). `make soak` plays 10,000 games; soak-quick is the CI pass
# (a few seconds); soak-asan plays a few games under ASan + UBSan. Each ends "N passed, N failed".
soak: deps all
	@$(LUA) bench/soak.lua --games 10000

soak-quick: deps all
	@$(LUA) bench/soak.lua --quick

# The Alpha set's soak (issue 27): random 40-card decks of every written card of the set, the
# random and simple agents, the same invariants. soak-alpha plays 10,000 games; the -quick and
# -asan passes are CI's.
soak-alpha: deps all
	@$(LUA) bench/soak.lua --set alpha --games 10000

soak-alpha-quick: deps all
	@$(LUA) bench/soak.lua --set alpha --games 30 --batch 10

soak-alpha-asan: deps build/asan/arbiter/core.so
	@ASAN_OPTIONS=detect_leaks=0 LD_PRELOAD="$(ASAN_LIB) $(UBSAN_LIB)" ARBITER_CPATH=build/asan/?.so \
	  $(LUA) bench/soak.lua --set alpha --games 6 --batch 6 --seed 2000

build/asan/arbiter/core.so: $(SRC) $(wildcard csrc/*.h)
	@mkdir -p build/asan/arbiter
	$(CC) $(CSTD) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	  -fno-sanitize-recover=undefined -fPIC -shared -I$(LUA_INC) $(SRC) -o $@

soak-asan: deps build/asan/arbiter/core.so
	@ASAN_OPTIONS=detect_leaks=0 LD_PRELOAD="$(ASAN_LIB) $(UBSAN_LIB)" ARBITER_CPATH=build/asan/?.so \
	  $(LUA) bench/soak.lua --games 10 --batch 5 --seed 1000

clean:
	rm -rf build
