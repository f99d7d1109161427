# dlx: the README's two commands (`make demo`, `make test`) and the pieces they use.
#
#   make          release build: target/release/libdlx.a (debug info stripped, as shipped),
#                 target/release/libdlx.so (soname libdlx.so.MAJOR, with that link beside it)
#   make install  libdlx.a, libdlx.so.X.Y.Z and its links, dlx.h, dlx.pc, dlxConfig.cmake and
#                 dlxConfigVersion.cmake under PREFIX (default /usr/local); LIBDIR, INCLUDEDIR,
#                 PKGCONFIGDIR, CMAKEDIR, DESTDIR as usual. make uninstall
#   make demo     the main job: build, then solve the POJ 3076 sample with the judge program
#   make test     every test: installs missing test tools (scripts/test-tools), rustfmt and
#                 clippy (-D warnings, every target), cargo's tests
#                 of both crates (core internals and doc examples; C harness via cc, header,
#                 examples, README, sizes), rustdoc without warnings, the C programs of c_tests/
#                 plain, with ASan/UBSan and under valgrind, a minute of fuzzing a target, the
#                 Python module's tests (pytest)
#   make fuzz-long   the fuzz targets for FUZZ_HOURS (default 8) hours each
#   make header   regenerate include/dlx.h from src/ffi.rs after changing the API
#   make bench    the 16x16 benchmark against the judge's reference program when it is
#                 present (docs/benchmarks.md, section "16x16")
#   make bench-hang  the families of slow 16x16 inputs, and counting against solving, then the
#                 fresh adversaries: 100 new isomorphs of each of the six hardest and a climb
#                 through their isomorphs (docs/benchmarks.md, "No hang"; about 8 minutes)
#   make bench9   9x9 against tdoku (built as its README says) when its source is present, then
#                 the fresh adversaries: 100 new isomorphs of each set's 20 slowest and a climb
#                 (docs/benchmarks.md, "9x9"; about 2 minutes)
#   make bench-canon  canonical forms a second on every 9x9 set (docs/benchmarks.md, "Canonical forms")
#   make bench-target   the Target Sudoku benchmark, then the fresh adversaries: a sparse and a
#                 rim climb against this build and the weight-keeping symmetries of the slowest
#                 grids (docs/benchmarks.md, "Target Sudoku"; about 2 minutes)
#                 Fresh adversaries (these three benches): a new seed each run, printed and
#                 written into the section; DLX_BENCH_SEED=HEX repeats a run; DLX_BENCH_QUICK=1
#                 runs them small and writes nothing (a smoke test)
#   make bench-configs  the DLX engine's configurations and clause learning on every 16x16 set
#   make bench-family  repeat cover minimum against the judges' template and CP-SAT
#                 (docs/benchmarks.md, "Knuth's family and repeat cover")
#   make bench-exact-cover  the general exact cover engine against Knuth's DLX1, and from Python
#                       against the exact-cover and xcover packages (installed into target/ecenv)
#                 (quick, for search work; docs/benchmarks.md, "Search configurations")
#   make bench-knuth  `dlx cover` against Knuth's DLX1, DLX2, DLX3, DLX5, SSXCC and SSMCC (built
#                 at bench time from the peers' sources, when present) on colors, multiplicities
#                 and costs, and from
#                 Python libdlx.ExactCover against xcover on colors (docs/benchmarks.md, "Knuth's
#                 programs", "Colors from Python"); KNUTH_QUICK=1: the smallest instances, one run
#   make bench-pieces  Knuth's estimate against the true node count, and the split's balance
#                 (the largest piece's share of the tree) on pentominoes, mix50 and a 9x9 count
#                 (printed; docs/exact-cover.md, "Pieces and the estimate")
#   make bench-threads  `dlx cover` on 1 thread against 2 on pentominoes 6x10, mix50 and a 9x9
#                 count, the largest of 64 pieces' share and the estimate against the true node
#                 count (docs/benchmarks.md, "Threads"); THREADS_QUICK=1: one run, nothing written
#   make bench-batch  libdlx.solve_many/count_many against a plain Python loop, and
#                 docs/scaling.md's Dask recipe (Dask installed into target/daskenv) against
#                 `dlx solve` (docs/benchmarks.md, "Batches from Python"); BATCH_QUICK=1: a
#                 tenth of the puzzles, one run, nothing written
#   make bench-sat   dlx_solve16 against CDCL SAT solvers (PySAT, installed into target/satenv)
#                 on the hard 16x16 sets (docs/benchmarks.md, "SAT solvers")
#   make bench-generate  minimal unique puzzles a second, 9x9 and 16x16, against QQWing when it is
#                 on PATH or quickly installed; SE ratings a second and rated generation
#                 (docs/benchmarks.md, "Generating puzzles")

CARGO ?= cargo
CC    ?= cc
CXX   ?= c++
JUDGES := target/judges
RELEASE := target/release

# Versions come from Cargo.toml alone: the soname, the file names and dlx.pc follow it.
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
MAJOR   := $(word 1,$(subst ., ,$(VERSION)))
MINOR   := $(word 2,$(subst ., ,$(VERSION)))
DESCRIPTION := $(shell sed -n 's/^description = "\(.*\)"/\1/p' Cargo.toml | head -n 1)

# Install layout (GNU conventions; DESTDIR stages for packaging).
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR     ?= $(LIBDIR)/cmake/dlx
DESTDIR      ?=
FUZZ_SECONDS ?= 60
FUZZ_HOURS ?= 8
BENCH := $(CARGO) bench -p dlx-core --features internals --bench

.PHONY: all install uninstall demo test fuzz-long header bench bench9 bench-hang bench-canon bench-target bench-configs bench-exact-cover bench-pieces bench-threads bench-batch bench-knuth bench-family bench-sat bench-compare clean

# `make` builds the libraries and the `dlx` command (target/release/dlx).
# The archive's debug info is that of compiler_builtins (prebuilt with it): stripping it halves
# the file and changes no code (tests/size.rs measures the result).
all:
	$(CARGO) build --release -p dlx -p dlx-cli
	strip --strip-debug -o $(RELEASE)/libdlx.a.tmp $(RELEASE)/libdlx.a
	mv -f $(RELEASE)/libdlx.a.tmp $(RELEASE)/libdlx.a
	ln -sf libdlx.so $(RELEASE)/libdlx.so.$(MAJOR)

# Installs the libraries, the header, dlx.pc, the CMake package files and the `dlx` command built by `make`;
# `make uninstall` removes them. The archive is stripped on the way, as `make` strips it: a cargo
# build since (`pip install bindings/python` runs one) leaves it with its debug info again. The CMake files find the libraries and header relative to
# themselves, so a staged or moved install works too.
install:
	@test -f $(RELEASE)/libdlx.so && test -f $(RELEASE)/libdlx.a && test -f $(RELEASE)/dlx || { echo "run make first"; exit 1; }
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR)
	install -m 755 $(RELEASE)/dlx $(DESTDIR)$(BINDIR)/dlx
	strip --strip-debug -o $(DESTDIR)$(LIBDIR)/libdlx.a $(RELEASE)/libdlx.a
	chmod 644 $(DESTDIR)$(LIBDIR)/libdlx.a
	install -m 755 $(RELEASE)/libdlx.so $(DESTDIR)$(LIBDIR)/libdlx.so.$(VERSION)
	ln -sf libdlx.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libdlx.so.$(MAJOR)
	ln -sf libdlx.so.$(MAJOR) $(DESTDIR)$(LIBDIR)/libdlx.so
	install -m 644 include/dlx.h $(DESTDIR)$(INCLUDEDIR)/dlx.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|' -e 's|@DESCRIPTION@|$(DESCRIPTION)|' dlx.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/dlx.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/dlx.pc
	for f in dlxConfig dlxConfigVersion; do \
	    sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@MAJOR@|$(MAJOR)|g' -e 's|@MINOR@|$(MINOR)|g' \
	        -e "s|@LIB_FROM_CONFIG@|$$(realpath -m --relative-to=$(CMAKEDIR) $(LIBDIR))|" \
	        -e "s|@INCLUDE_FROM_CONFIG@|$$(realpath -m --relative-to=$(CMAKEDIR) $(INCLUDEDIR))|" \
	        cmake/$$f.cmake.in > $(DESTDIR)$(CMAKEDIR)/$$f.cmake; \
	    chmod 644 $(DESTDIR)$(CMAKEDIR)/$$f.cmake; done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/dlx $(DESTDIR)$(LIBDIR)/libdlx.a $(DESTDIR)$(LIBDIR)/libdlx.so.$(VERSION) \
	    $(DESTDIR)$(LIBDIR)/libdlx.so.$(MAJOR) $(DESTDIR)$(LIBDIR)/libdlx.so \
	    $(DESTDIR)$(INCLUDEDIR)/dlx.h $(DESTDIR)$(PKGCONFIGDIR)/dlx.pc \
	    $(DESTDIR)$(CMAKEDIR)/dlxConfig.cmake $(DESTDIR)$(CMAKEDIR)/dlxConfigVersion.cmake
	-rmdir $(DESTDIR)$(CMAKEDIR) 2>/dev/null

$(JUDGES)/poj3076: examples/poj3076.c include/dlx.h all
	@mkdir -p $(JUDGES)
	$(CC) -O2 -std=c99 -Wall -Wextra -Iinclude examples/poj3076.c $(RELEASE)/libdlx.a -o $@

demo: $(JUDGES)/poj3076
	@echo "--- POJ 3076 sample (tests/data/judges/poj3076-sample.in), solved:"
	@$(JUDGES)/poj3076 < tests/data/judges/poj3076-sample.in

test:
	scripts/test-tools
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --features dlx-core/internals -- -D warnings
	$(CARGO) clippy -p dlx-core -p dlx -- -D warnings
	$(CARGO) test --release --workspace
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps -p dlx-core
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps -p dlx-core --features internals
	$(MAKE) -C c_tests test sanitize valgrind
	fuzz/run $(FUZZ_SECONDS)
	python3 -m pytest -q bindings/python

# The long campaign: FUZZ_HOURS (default 8) hours a target; the corpus grows in target/fuzz.
fuzz-long:
	fuzz/run $$(( $(FUZZ_HOURS) * 3600 ))

header:
	DLX_BLESS_HEADER=1 $(CARGO) build --release

bench:
	$(BENCH) solve16

bench9:
	$(BENCH) nine

bench-hang:
	$(BENCH) hang

bench-canon:
	$(BENCH) canon

bench-target:
	$(BENCH) target

bench-configs:
	$(BENCH) configs

# The same benchmarks on BASE (a git revision) and on this tree, back to back: equal work
# (nodes, conflicts) and the time ratios. BENCHES defaults to configs nine target exact_cover.
bench-compare:
	@test -n "$(BASE)" || { echo "usage: make bench-compare BASE=<git revision> [BENCHES='configs nine']"; exit 2; }
	scripts/bench-compare $(BASE) $(BENCHES)

ECENV := target/ecenv
EXACT_COVER_VERSION := 1.5.0
XCOVER_VERSION := 0.2.6

# Dask for the recipe's row, the version bindings/python/tests pins.
DASKENV := target/daskenv
DASK_VERSION := 2026.8.0

bench-batch: all
	test -x $(DASKENV)/bin/python || python3 -m venv $(DASKENV)
	$(DASKENV)/bin/python -c 'import dask.distributed' 2>/dev/null || \
	    $(DASKENV)/bin/pip install -q "dask[distributed]==$(DASK_VERSION)"
	python3 dlx-core/benches/batch_python.py

bench-exact-cover: all
	$(BENCH) exact_cover
	test -x $(ECENV)/bin/python || python3 -m venv $(ECENV)
	$(ECENV)/bin/python -c 'import exact_cover, xcover' 2>/dev/null || \
	    $(ECENV)/bin/pip install -q exact-cover==$(EXACT_COVER_VERSION) xcover==$(XCOVER_VERSION)
	$(ECENV)/bin/python dlx-core/benches/python_compare.py

bench-knuth: all
	$(BENCH) knuth
	test -x $(ECENV)/bin/python || python3 -m venv $(ECENV)
	$(ECENV)/bin/python -c 'import exact_cover, xcover' 2>/dev/null || \
	    $(ECENV)/bin/pip install -q exact-cover==$(EXACT_COVER_VERSION) xcover==$(XCOVER_VERSION)
	$(ECENV)/bin/python dlx-core/benches/knuth_python.py

CPENV := target/cpenv
ORTOOLS_VERSION := 9.15.6755

bench-pieces:
	$(BENCH) pieces

bench-threads: all
	python3 dlx-core/benches/threads.py

bench-family: all
	test -x $(CPENV)/bin/python || python3 -m venv $(CPENV)
	$(CPENV)/bin/python -c 'import ortools' 2>/dev/null || $(CPENV)/bin/pip install -q ortools==$(ORTOOLS_VERSION)
	$(BENCH) family

SATENV := target/satenv
PYSAT_VERSION := 1.8.dev16

bench-sat: all
	test -x $(SATENV)/bin/python || python3 -m venv $(SATENV)
	$(SATENV)/bin/python -c 'import pysat' 2>/dev/null || $(SATENV)/bin/pip install -q python-sat==$(PYSAT_VERSION)
	$(SATENV)/bin/python dlx-core/benches/sat_compare.py $(SETS)

# QQWing is Debian's `qqwing` package: installed here when apt-get can (root, quietly), else the
# benchmark skips its column with a notice.
.PHONY: bench-generate
bench-generate:
	command -v qqwing >/dev/null || { command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && \
	    timeout 120 apt-get install -y -qq qqwing >/dev/null 2>&1; } || true
	$(BENCH) generate

clean:
	$(CARGO) clean
