# dlx: the README's two commands (`make demo`, `make test`) and the pieces they use.
#
#   make          release build: target/release/libdlx.a, target/release/libdlx.so
#   make demo     the main job: build, then solve the POJ 3076 sample with the judge program
#   make test     every test: installs missing test tools (scripts/test-tools), cargo's tests
#                 (Rust, C harness via cc, header, examples, README), the C programs of
#                 c_tests/ plain, with ASan/UBSan and under valgrind, a minute of fuzzing a target
#   make fuzz-long   the fuzz targets for FUZZ_HOURS (default 8) hours each
#   make header   regenerate include/dlx.h from src/ffi.rs after changing the API
#   make bench    the 16x16 benchmark against the seed program (target/bench/solve16.md, .svg)
#   make bench-target   the Target Sudoku benchmark (target/bench/target.md)

CARGO ?= cargo
CC    ?= cc
JUDGES := target/judges
# What `cargo rustc -- --print native-static-libs` reports for libdlx.a (tests/readme.rs).
FUZZ_SECONDS ?= 60
FUZZ_HOURS ?= 8
NATIVE_STATIC_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc

.PHONY: all demo test fuzz-long header bench bench-target clean

all:
	$(CARGO) build --release

$(JUDGES)/poj3076: examples/poj3076.c include/dlx.h all
	@mkdir -p $(JUDGES)
	$(CC) -O2 -std=c99 -Wall -Wextra -Iinclude examples/poj3076.c target/release/libdlx.a $(NATIVE_STATIC_LIBS) -o $@

demo: $(JUDGES)/poj3076
	@echo "--- POJ 3076 sample (examples/poj3076-sample.in), solved:"
	@$(JUDGES)/poj3076 < examples/poj3076-sample.in

test:
	scripts/test-tools
	$(CARGO) test --release
	$(MAKE) -C c_tests test sanitize valgrind
	fuzz/run $(FUZZ_SECONDS)

# The long campaign: FUZZ_HOURS (default 8) hours a target; the corpus grows in target/fuzz.
fuzz-long:
	fuzz/run $$(( $(FUZZ_HOURS) * 3600 ))

header:
	DLX_BLESS_HEADER=1 $(CARGO) build --release

bench:
	$(CARGO) bench --bench solve16

bench-target:
	$(CARGO) bench --bench target

clean:
	$(CARGO) clean
