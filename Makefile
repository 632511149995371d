# Crawford: build, run, test, bench, fuzz.
# Every target first installs the Debian packages a fresh machine lacks (target deps),
# so `make run` and `make test` are the only two commands a new user needs.

SHELL := /bin/bash
.DEFAULT_GOAL := build
# Objects are kept between runs (they are intermediate files of the pattern rules).
.SECONDARY:

CC      ?= gcc
PKGS    := libmicrohttpd sqlite3 jansson libsodium zlib libqrencode libutf8proc
# Debian packages: what building, testing, benchmarking and fuzzing need.
DEB_BUILD := gcc make pkg-config libmicrohttpd-dev libsqlite3-dev libjansson-dev libsodium-dev zlib1g-dev libqrencode-dev libutf8proc-dev esbuild
DEB_TEST  := $(DEB_BUILD) check libsubunit-dev libcurl4-openssl-dev python3 curl nginx openssl sqlite3
DEB_BENCH := $(DEB_TEST) wrk valgrind
DEB_FUZZ  := $(DEB_BUILD) clang libclang-rt-14-dev
# The end-to-end tests of the pages: headless Chromium driven by playwright-core (npm).
DEB_E2E   := chromium poppler-utils

# Install the packages of $(1) that dpkg does not report as installed; as root directly,
# otherwise through sudo. Nothing is run when everything is there.
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing missing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  log=$$(mktemp); \
	  { $$SUDO apt-get update -qq && \
	    $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  } >$$log 2>&1 || { cat $$log; rm -f $$log; echo "make: could not install:$$missing"; exit 1; }; \
	  rm -f $$log; \
	fi
endef

GEN     := build/gen
WARN    := -Wall -Wextra -Wpedantic -Werror -Wshadow -Wstrict-prototypes -Wno-unused-parameter -Wno-format-truncation
BASEFL  := -std=c17 -D_GNU_SOURCE -Iserver -I$(GEN) $(WARN)

REL_DIR  := build/rel
ASAN_DIR := build/asan
REL_CFLAGS  := $(BASEFL) -O2 -g
ASAN_CFLAGS := $(BASEFL) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
ASAN_LDFLAGS := -fsanitize=address,undefined

LIB_SRC  := $(filter-out server/main.c,$(wildcard server/*.c server/*/*.c server/*/*/*.c)) $(GEN)/schema_sql.c
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_SUP := $(wildcard tests/unit/support/*.c)
HTTP_SRC := $(wildcard tests/http/test_*.c)
HTTP_SUP := $(wildcard tests/http/support/*.c)
BENCH_C  := $(wildcard tests/bench/bench_*.c)
BENCH_SUP := $(wildcard tests/bench/support/*.c)
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
SCHEMA   := $(sort $(wildcard schema/[0-9][0-9][0-9]_*.sql))

PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lpthread -lm
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)
CURL_LIBS    = $(shell pkg-config --libs libcurl 2>/dev/null)

.PHONY: build run test stress bench cost fuzz deps deps-test deps-bench deps-fuzz e2e-deps e2e-node clean format unit http-test

deps:
	$(call install_missing,$(DEB_BUILD))
deps-test:
	$(call install_missing,$(DEB_TEST))
deps-bench:
	$(call install_missing,$(DEB_BENCH))
deps-fuzz:
	$(call install_missing,$(DEB_FUZZ))
# Chromium always from Debian; node and npm only when there are none (a newer one may be
# installed by other means); then playwright-core as the lock file pins it.
e2e-deps:
	$(call install_missing,$(DEB_E2E))
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
	  $(MAKE) --no-print-directory e2e-node; fi
	@if [ ! -d tests/e2e/node_modules/playwright-core ] || \
	    [ tests/e2e/package-lock.json -nt tests/e2e/node_modules/.package-lock.json ]; then \
	  cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error; fi
e2e-node:
	$(call install_missing,nodejs npm)

# ---- generated: the migrations embedded in the binary, so it runs from any folder ----
$(GEN)/schema_sql.c: $(SCHEMA) Makefile
	@mkdir -p $(GEN)
	@{ echo '/* Generated from the schema folder by the Makefile; do not edit. */'; \
	   echo '#include "store/migrations.h"'; \
	   for f in $(SCHEMA); do \
	     b=$$(basename $$f .sql); \
	     echo "static const char *const lines_$$b[] = {"; \
	     sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/  "/' -e 's/$$/\\n",/' $$f; \
	     echo '};'; \
	   done; \
	   echo 'const struct db_migration db_migrations[] = {'; \
	   for f in $(SCHEMA); do \
	     b=$$(basename $$f .sql); n=$${b%%_*}; \
	     printf '  {%d, "%s", lines_%s, (int)(sizeof lines_%s / sizeof lines_%s[0])},\n' \
	       "$$((10#$$n))" "$$b" "$$b" "$$b" "$$b"; \
	   done; \
	   echo '};'; \
	   echo 'const int db_migrations_count = (int)(sizeof db_migrations / sizeof db_migrations[0]);'; \
	 } > $@.tmp && mv $@.tmp $@

# ---- the console's script: its modules bundled into one file ----
# static/td/td.js and the modules it imports are the source; the page loads the bundle
# esbuild (Debian's) makes of them, so that the browser fetches and compiles one script, not
# forty (issue 32: the console's first render). Generated, never committed (.gitignore).
TD_BUNDLE := static/td/td.bundle.js
TD_MODULES := $(filter-out $(TD_BUNDLE),$(wildcard static/td/*.js static/js/*.js))
$(TD_BUNDLE): $(TD_MODULES)
	esbuild static/td/td.js --bundle --format=esm --log-level=warning --outfile=$@.tmp.js && mv $@.tmp.js $@

# ---- release build ----
REL_OBJ := $(patsubst %.c,$(REL_DIR)/obj/%.o,$(LIB_SRC))
$(REL_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) $(PKG_CFLAGS) -MMD -MP -c $< -o $@
$(REL_DIR)/libcrawford.a: $(REL_OBJ)
	@rm -f $@; ar rcs $@ $^
$(REL_DIR)/crawford: $(REL_DIR)/obj/server/main.o $(REL_DIR)/libcrawford.a
	$(CC) -o $@ $^ $(PKG_LIBS)

build: deps
	@$(MAKE) --no-print-directory $(REL_DIR)/crawford $(TD_BUNDLE)

run: build
	./$(REL_DIR)/crawford serve --config config/crawford.json

# ---- sanitizer build and tests ----
ASAN_OBJ := $(patsubst %.c,$(ASAN_DIR)/obj/%.o,$(LIB_SRC))
$(ASAN_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) $(PKG_CFLAGS) $(CHECK_CFLAGS) -MMD -MP -c $< -o $@
$(ASAN_DIR)/libcrawford.a: $(ASAN_OBJ)
	@rm -f $@; ar rcs $@ $^
$(ASAN_DIR)/crawford: $(ASAN_DIR)/obj/server/main.o $(ASAN_DIR)/libcrawford.a
	$(CC) $(ASAN_LDFLAGS) -o $@ $^ $(PKG_LIBS)

UNIT_BIN := $(patsubst tests/unit/%.c,$(ASAN_DIR)/tests/%,$(UNIT_SRC))
UNIT_SUP_OBJ := $(patsubst %.c,$(ASAN_DIR)/obj/%.o,$(UNIT_SUP))
$(ASAN_DIR)/tests/test_%: $(ASAN_DIR)/obj/tests/unit/test_%.o $(UNIT_SUP_OBJ) $(ASAN_DIR)/libcrawford.a
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_LDFLAGS) -o $@ $^ $(PKG_LIBS) $(CHECK_LIBS)

HTTP_BIN := $(patsubst tests/http/%.c,$(ASAN_DIR)/http/%,$(HTTP_SRC))
HTTP_SUP_OBJ := $(patsubst %.c,$(ASAN_DIR)/obj/%.o,$(HTTP_SUP))
$(ASAN_DIR)/http/test_%: $(ASAN_DIR)/obj/tests/http/test_%.o $(HTTP_SUP_OBJ) $(ASAN_DIR)/libcrawford.a
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_LDFLAGS) -o $@ $^ $(PKG_LIBS) $(CHECK_LIBS) $(CURL_LIBS)

# Every suite runs, side by side (tests/run.sh: TEST_JOBS at once, default twice the
# CPUs; they share no state), even when one fails; then fails if any did. One suite alone:
# tests/run.sh build/asan/http/test_http_clock, or run it directly.
TEST_JOBS ?= $(shell echo $$(( $$(nproc) * 2 )))
CHECK_SH := $(sort $(wildcard tests/*/check_*.sh))
test: deps-test e2e-deps
	@$(MAKE) --no-print-directory -j$(shell nproc) $(ASAN_DIR)/crawford $(UNIT_BIN) $(HTTP_BIN) $(TD_BUNDLE)
	@CRAWFORD_BIN=$(ASAN_DIR)/crawford bash tests/run.sh -j $(TEST_JOBS) $(HTTP_BIN) $(CHECK_SH) $(UNIT_BIN)

# The tests as CI meets them: make test with two CPU hogs beside it (STRESS_RUNS times in a
# row, default 3), a developer's check before a big change.
STRESS_RUNS ?= 3
stress:
	@bash tests/stress.sh $(STRESS_RUNS)

# ---- benchmarks: every line they print that matters is `bench NAME VALUE UNIT` ----
BENCH_BIN := $(patsubst tests/bench/%.c,$(REL_DIR)/bench/%,$(BENCH_C))
BENCH_SUP_OBJ := $(patsubst %.c,$(REL_DIR)/obj/%.o,$(BENCH_SUP))
$(REL_DIR)/bench/bench_%: $(REL_DIR)/obj/tests/bench/bench_%.o $(BENCH_SUP_OBJ) $(REL_DIR)/libcrawford.a
	@mkdir -p $(dir $@)
	$(CC) -o $@ $^ $(PKG_LIBS)

# A bare libmicrohttpd serving one body: the side-by-side of tests/bench/bench_bare.sh
$(REL_DIR)/bench/bare_mhd: tests/bench/bare_mhd.c
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) -o $@ $< -lmicrohttpd

bench: deps-bench
	@$(MAKE) --no-print-directory $(REL_DIR)/crawford $(BENCH_BIN) $(REL_DIR)/bench/bare_mhd $(TD_BUNDLE)
	@for b in $(BENCH_BIN); do $$b || exit 1; done
	@for s in $(sort $(wildcard tests/bench/bench_*.sh)); do CRAWFORD_BIN=$(REL_DIR)/crawford bash $$s || exit 1; done
	@CRAWFORD_BIN=$(REL_DIR)/crawford python3 tests/bench/cost.py

# What one request costs in instructions (callgrind), the figures that decide a before/after
# comparison on a noisy machine (tests/bench/cost.py says how they are measured).
cost: deps-bench
	@$(MAKE) --no-print-directory $(REL_DIR)/crawford $(REL_DIR)/bench/bare_mhd
	@CRAWFORD_BIN=$(REL_DIR)/crawford python3 tests/bench/cost.py

# ---- fuzzing: libFuzzer targets, each run for FUZZ_SECONDS ----
# The rules engine's targets link its sources alone; those in FUZZ_WHOLE (the HTTP request
# path, from the router down to the database) the whole library, built once with clang.
# Each run starts from tests/fuzz/seeds/NAME and replays tests/fuzz/regressions/NAME (inputs
# that once broke it); what it finds is left in build/fuzz/NAME-crash-*.
FUZZ_SECONDS ?= 60
FUZZ_DIR := build/fuzz
FUZZ_LIB_SRC := $(wildcard server/rules/*.c)
FUZZ_WHOLE := fuzz_api fuzz_fields
FUZZ_CFLAGS := -std=c17 -D_GNU_SOURCE -Iserver -I$(GEN) -g -O1 -fsanitize=fuzzer-no-link,address,undefined
FUZZ_OBJ := $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(LIB_SRC))
$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(PKG_CFLAGS) -MMD -MP -c $< -o $@
$(FUZZ_DIR)/libcrawford.a: $(FUZZ_OBJ)
	@rm -f $@; ar rcs $@ $^
fuzz: deps-fuzz
	@mkdir -p $(FUZZ_DIR)
	@$(MAKE) --no-print-directory -j$(shell nproc) $(FUZZ_DIR)/libcrawford.a
	@for f in $(FUZZ_SRC); do \
	  n=$$(basename $$f .c); \
	  if [[ " $(FUZZ_WHOLE) " == *" $$n "* ]]; then \
	    clang $(FUZZ_CFLAGS) -fsanitize=fuzzer $(PKG_CFLAGS) -o $(FUZZ_DIR)/$$n $$f \
	      $(FUZZ_DIR)/libcrawford.a $(PKG_LIBS) || exit 1; \
	  else \
	    clang -std=c17 -D_GNU_SOURCE -Iserver -g -O1 -fsanitize=fuzzer,address,undefined \
	      -o $(FUZZ_DIR)/$$n $$f $(FUZZ_LIB_SRC) || exit 1; \
	  fi; \
	  mkdir -p $(FUZZ_DIR)/corpus_$$n; \
	  seeds=""; for d in tests/fuzz/seeds/$$n tests/fuzz/regressions/$$n; do \
	    [ -d $$d ] && seeds="$$seeds $$d"; done; \
	  echo "== fuzzing $$n for $(FUZZ_SECONDS) s"; \
	  $(FUZZ_DIR)/$$n -max_total_time=$(FUZZ_SECONDS) -timeout=5 -rss_limit_mb=2048 \
	    -artifact_prefix=$(FUZZ_DIR)/$$n- $(FUZZ_DIR)/corpus_$$n $$seeds || exit 1; \
	done

format:
	clang-format -i $(wildcard server/*.c server/*/*.c server/*/*.h server/*/*/*.c server/*/*/*.h tests/*/*.c tests/*/*/*.c tests/*/*/*.h)

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
