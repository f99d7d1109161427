# dlx: the README's two commands (`make demo`, `make test`) and the pieces they use.
#
#   make          release build: target/release/libdlx.a, target/release/libdlx.so
#   make demo     the main job: build, then solve the POJ 3076 sample with the judge program
#   make test     every test: cargo's (Rust, C harness via cc, header, examples, README)
#                 and the C harness again through c_tests/Makefile
#   make header   regenerate include/dlx.h from src/ffi.rs after changing the API
#   make bench    the 16x16 benchmark against the seed program (target/bench/solve16.md, .svg)
#   make bench-target   the Target Sudoku benchmark (target/bench/target.md)

CARGO ?= cargo
CC    ?= cc
JUDGES := target/judges
# What `cargo rustc -- --print native-static-libs` reports for libdlx.a (tests/readme.rs).
NATIVE_STATIC_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc

.PHONY: all demo test header bench bench-target clean

all:
	$(CARGO) build --release

$(JUDGES)/poj3076: examples/poj3076.c include/dlx.h all
	@mkdir -p $(JUDGES)
	$(CC) -O2 -std=c99 -Wall -Wextra -Iinclude examples/poj3076.c target/release/libdlx.a $(NATIVE_STATIC_LIBS) -o $@

demo: $(JUDGES)/poj3076
	@echo "--- POJ 3076 sample (examples/poj3076-sample.in), solved:"
	@$(JUDGES)/poj3076 < examples/poj3076-sample.in

test:
	$(CARGO) test --release
	$(MAKE) -C c_tests test

header:
	DLX_BLESS_HEADER=1 $(CARGO) build --release

bench:
	$(CARGO) bench --bench solve16

bench-target:
	$(CARGO) bench --bench target

clean:
	$(CARGO) clean
