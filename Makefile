# arbiter — build, test, demo, sanitizers, benchmarks.
# `make` builds build/arbiter/core.so in-tree; `make test` and `make demo` install what is missing first.
LUA      ?= lua5.4
LUA_INC  ?= /usr/include/lua5.4
CC       ?= cc
CSTD      = -std=c99 -Wall -Wextra -Werror -pedantic
CFLAGS   ?= -O2 -g
SRC       = $(wildcard csrc/*.c)
CORE_SRC  = $(filter-out csrc/l%.c,$(SRC))
BUSTED    = $(LUA) /usr/bin/busted
ASAN_LIB  = $(shell $(CC) -print-file-name=libasan.so)
UBSAN_LIB = $(shell $(CC) -print-file-name=libubsan.so)

.PHONY: all deps test demo asan valgrind bench ctest clean

all: build/arbiter/core.so

build/arbiter/core.so: $(SRC) $(wildcard csrc/*.h)
	@mkdir -p build/arbiter
	$(CC) $(CSTD) $(CFLAGS) -fPIC -shared -I$(LUA_INC) $(SRC) -o $@

deps:
	@sh scripts/deps.sh

# The README's test command. Prints a closing "N passed, N failed" line.
test: deps all ctest
	@$(LUA) scripts/runspecs.lua $(BUSTED)

# C-only tests of the core (no Lua): the solver and the core's own checks.
ctest: build/solver_test
	@./build/solver_test | tail -n 1

build/solver_test: $(CORE_SRC) $(wildcard tests/*.c) $(wildcard csrc/*.h)
	@mkdir -p build
	@if [ -f tests/solver_test.c ]; then \
	  $(CC) $(CSTD) -O2 -g -Icsrc $(filter csrc/solver%.c,$(CORE_SRC)) tests/solver_test.c $(wildcard tests/solver_brute.c) -o $@; \
	else printf '#!/bin/sh\necho "0 passed, 0 failed"\n' > $@; chmod +x $@; fi

demo: deps all
	@$(LUA) examples/duel.lua

# The whole spec suite under AddressSanitizer + UndefinedBehaviorSanitizer.
asan: deps
	@mkdir -p build/asan/arbiter
	$(CC) $(CSTD) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	  -fno-sanitize-recover=undefined -fPIC -shared -I$(LUA_INC) $(SRC) -o build/asan/arbiter/core.so
	@ASAN_OPTIONS=detect_leaks=0 LD_PRELOAD="$(ASAN_LIB) $(UBSAN_LIB)" ARBITER_CPATH=build/asan/?.so \
	  $(LUA) scripts/runspecs.lua $(BUSTED)

valgrind: deps all
	@ARBITER_VALGRIND=1 valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
	  $(LUA) scripts/runspecs.lua $(BUSTED)

bench: deps all
	@for b in bench/*.lua; do echo "== $$b"; $(LUA) $$b || exit 1; done

clean:
	rm -rf build
