#!/usr/bin/env python3
"""Writes the fuzzers' starting corpora from the repository's test data.

    seed_corpus.py DATA_DIR OUT_DIR

OUT_DIR/solve16: puzzles from every 16x16 set and POJ 3076's sample (as a judge reads it),
plus the edge cases of the contract: every length from 0 to 300, stray and high bytes,
embedded NULs, lowercase, huge whitespace runs, CRLF layouts, a 257th cell then a bad byte.
OUT_DIR/solve9: puzzles of every 9x9 set (as lines, with '0' blanks, as 9 lines), every length
from 0 to 89, bad bytes, the empty grid and repeated givens.
OUT_DIR/rate: the solve9 seeds (the rated sample's puzzles among them).
OUT_DIR/target_max: every Target Sudoku grid (bytes 0..9, see fuzz/oracle.rs), the empty
grid, and grids with out-of-range values (bytes >= 128) at the first, middle and last cell.
OUT_DIR/problem: call sequences of the dlx_problem functions (see fuzz/fuzz_targets/problem.rs):
Knuth's examples, plain, with colors, with costs and bounds, a repeat cover, every fault.
"""
import os
import sys


def main():
    data, out = sys.argv[1], sys.argv[2]
    count = {"solve16": 0, "solve9": 0, "target_max": 0, "problem": 0, "rate": 0}
    for kind in count:
        os.makedirs(os.path.join(out, kind), exist_ok=True)

    def put(kind, data):
        with open(os.path.join(out, kind, "seed-%05d" % count[kind]), "wb") as f:
            f.write(data)
        count[kind] += 1
        # The rater reads what solve9 reads: the same seeds.
        if kind == "solve9":
            put("rate", data)

    # 9x9: a few puzzles of every set (hard ones, ones with several solutions), the judge's
    # layout, blanks of every kind, bad bytes and lengths.
    data9 = os.path.join(data, "sudoku9")
    nines = []
    for name in sorted(os.listdir(data9)):
        if name.endswith(".txt") and ".solutions" not in name and ".nsol" not in name:
            with open(os.path.join(data9, name), "rb") as f:
                # The first field: the rated sample's lines end in their rating.
                nines += [l.split()[0] for l in f.read().splitlines() if l.strip()][:8]
    for p in nines:
        put("solve9", p)
        put("solve9", p.replace(b".", b"0"))
        put("solve9", b"\n".join(p[k : k + 9] for k in range(0, 81, 9)) + b"\n")
    good9 = nines[0] if nines else b"." * 81
    for length in range(0, 90):
        put("solve9", (good9 * 2)[:length])
    for bad in [b"a", b"A", b"*", b"\x80", b"\xff", b"\x00"]:
        for at in (0, 40, 80):
            put("solve9", good9[:at] + bad + good9[at + 1 :])
    put("solve9", b"." * 81)
    put("solve9", b"11" + b"." * 79)

    data16 = os.path.join(data, "sudoku16")
    puzzles = []
    for name in sorted(os.listdir(data16)):
        if name.endswith(".txt") and "." not in name[: -len(".txt")].replace("-", ""):
            with open(os.path.join(data16, name), "rb") as f:
                lines = [l.strip() for l in f.read().splitlines() if l.strip()]
            # The hardest puzzles take up to 1 s natively and 15 s under AddressSanitizer: the
            # blue set is left out, and a few tarek-tough ones are enough to start from.
            if "blue" in name:
                continue
            keep = 3 if "tarek-tough" in name else 20
            puzzles += lines[:keep]
    for p in puzzles:
        put("solve16", p)
    sample = puzzles[0] if puzzles else b"-" * 256
    good = next((p for p in puzzles if len(p) == 256), b"-" * 256)

    with open(os.path.join(data, "judges", "poj3076-sample.in"), "rb") as f:
        block = f.read().splitlines()
    put("solve16", b"\n".join(block) + b"\n")
    put("solve16", b"\r\n".join(block) + b"\r\n")

    for length in range(0, 301):
        put("solve16", (good * 2)[:length])
    for bad in [b"Q", b"a", b"p", b"0", b"*", b"\x0b", b"\x0c", b"\x7f", b"\x80", b"\xc3\xa9", b"\xff"]:
        for at in (0, 128, 255):
            put("solve16", good[:at] + bad + good[at + 1 :])
    put("solve16", good[:100] + b"\x00" + good[100:])
    put("solve16", good + b"\x00" + good)
    put("solve16", b" " * 20000 + good)
    put("solve16", b"\t\r\n" * 3000 + good + b"\n" * 5000)
    put("solve16", good + b"-?")
    put("solve16", b"AB?")
    put("solve16", b"-" * 256)
    put("solve16", b"A" + b"-" * 14 + b"A" + b"-" * 240)
    put("solve16", b"." * 256)
    del sample

    data9 = os.path.join(data, "target")
    for name in sorted(os.listdir(data9)):
        if not name.endswith(".txt"):
            continue
        with open(os.path.join(data9, name)) as f:
            digits = [int(t) for t in f.read().split()]
        for k in range(0, len(digits) - 80, 81):
            put("target_max", bytes(digits[k : k + 81]))
    put("target_max", b"")
    put("target_max", bytes(81))
    for at in (0, 40, 80):
        for value in (128, 129, 135, 255):
            grid = bytearray(81)
            grid[at] = value
            put("target_max", bytes(grid))
    # Exact cover call sequences (fuzz/fuzz_targets/problem.rs): Knuth's example (7 items, 6
    # options) searched, minimised and searched again; 3 rooks on a 3x3 board with one
    # secondary diagonal.
    knuth = [[2, 4], [0, 3, 6], [1, 2, 5], [0, 3, 5], [1, 6], [3, 4, 6]]
    ops = b"".join(bytes([0, len(o)] + o) for o in knuth)
    put("problem", bytes([7, 0, 6, 20]) + ops + bytes([1, 5, 0, 2, 9, 3, 1, 5, 1]))
    rooks = [[r, 3 + c] + ([6] if r == c else []) for r in range(3) for c in range(3)]
    ops = b"".join(bytes([0, len(o)] + o) for o in rooks)
    put("problem", bytes([6, 1, 9, 21]) + ops + bytes([1, 5, 0, 2, 9, 1, 5, 2]))
    put("problem", bytes([0, 3, 0, 0, 1, 1, 0, 2, 0]))

    # Colors, bounds and costs (op 4 add_option: a length byte, items, a color byte each, a
    # cost byte; 5 bounds: item, lo + 1, hi + 1; 6 at_most: limit + 1, capacity + 1; 7 cost).
    def option(items, colors=None, cost=1):
        if colors is None:
            return bytes([4, 8 | len(items)] + items + [cost])
        return bytes([4, len(items)] + items + colors + [cost])

    def at_most(limits, capacity=16):
        return b"".join(bytes([6, limit + 1, capacity + 1, 7]) for limit in limits)

    # Knuth's colored example (TAOCP 7.2.2.1 (49)): primary p q r, secondary x y, A = 1, B = 2.
    colored = [([0, 1, 3, 4], [0, 0, 0, 1]), ([0, 2, 3, 4], [0, 0, 1, 0]), ([0, 3], [0, 2]),
               ([1, 3], [0, 1]), ([2, 4], [0, 2])]
    ops = b"".join(option(o, c) for o, c in colored)
    put("problem", bytes([3, 2, 5, 20]) + ops + bytes([1, 6, 0, 2, 9, 7]) + at_most([0, 1, 2, 3]))
    # Knuth's exact cover example with costs 0-3 and item 0 optional, item 3 up to twice.
    ops = b"".join(option(o, cost=k % 4) for k, o in enumerate(knuth))
    put("problem", bytes([7, 0, 6, 20]) + bytes([5, 0, 1, 2, 5, 3, 2, 3]) + ops
        + bytes([1, 6, 0, 2, 9, 7]) + at_most([-1, 0, 1, 2, 3, 4, 5]))
    # A repeat cover: 3 items, each covered 1 to 3 times, options of costs 0-3, then the
    # capacities 0 to 3 for at_most.
    cover = [[0], [1], [2], [0, 1], [1, 2], [0, 2], [0, 1, 2]]
    ops = b"".join(option(o, cost=(3 * k) % 4) for k, o in enumerate(cover))
    ops += b"".join(bytes([5, i, 2, 4]) for i in range(3))
    put("problem", bytes([3, 0, 7, 20]) + ops + bytes([1, 6, 0, 2, 9, 7])
        + b"".join(bytes([6, 4, c + 1]) for c in range(4)) + bytes([6, 255, 240, 6, 255, 241]))
    # Every fault: a color on a primary item, a negative color, a negative cost, a NULL item
    # array, a negative count, then bounds out of range, on a secondary item and inverted.
    faults = (bytes([4, 2, 0, 2, 14, 1, 1, 7]) + bytes([4, 2, 0, 2, 0, 15, 1, 7])
              + bytes([4, 2, 0, 2, 0, 1, 15, 7]) + bytes([4, 0x72, 0, 2, 0, 1, 1, 7])
              + bytes([4, 0xF9, 0, 1, 7]) + option([0, 2], [0, 1], 0) + option([1, 2], [0, 1], 2)
              + bytes([5, 9, 1, 2, 5, 2, 1, 2, 5, 0, 3, 2, 5, 0, 0, 0, 5, 0xFF, 1, 2, 5, 1, 1, 255]))
    put("problem", bytes([2, 1, 4, 8]) + faults + bytes([1, 6, 0, 2, 9, 7]) + at_most([-1, 0, 2]))
    print("seed corpus: %d solve16, %d solve9, %d target_max, %d problem, %d rate inputs in %s" % (
        count["solve16"], count["solve9"], count["target_max"], count["problem"], count["rate"], out))


if __name__ == "__main__":
    main()
