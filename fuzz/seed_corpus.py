#!/usr/bin/env python3
"""Writes the fuzzers' starting corpora from the repository's test data.

    seed_corpus.py DATA_DIR OUT_DIR

OUT_DIR/solve16: puzzles from every 16x16 set and POJ 3076's sample (as a judge reads it),
plus the edge cases of the contract: every length from 0 to 300, stray and high bytes,
embedded NULs, lowercase, huge whitespace runs, CRLF layouts, a 257th cell then a bad byte.
OUT_DIR/solve9: puzzles of every 9x9 set (as lines, with '0' blanks, as 9 lines), every length
from 0 to 89, bad bytes, the empty grid and repeated givens.
OUT_DIR/target_max: every Target Sudoku grid (bytes 0..9, see fuzz/oracle.rs), the empty
grid, and grids with out-of-range values (bytes >= 128) at the first, middle and last cell.
"""
import os
import sys


def main():
    data, out = sys.argv[1], sys.argv[2]
    count = {"solve16": 0, "solve9": 0, "target_max": 0, "problem": 0}
    for kind in count:
        os.makedirs(os.path.join(out, kind), exist_ok=True)

    def put(kind, data):
        with open(os.path.join(out, kind, "seed-%05d" % count[kind]), "wb") as f:
            f.write(data)
        count[kind] += 1

    # 9x9: a few puzzles of every set (hard ones, ones with several solutions), the judge's
    # layout, blanks of every kind, bad bytes and lengths.
    data9 = os.path.join(data, "sudoku9")
    nines = []
    for name in sorted(os.listdir(data9)):
        if name.endswith(".txt") and ".solutions" not in name and ".nsol" not in name:
            with open(os.path.join(data9, name), "rb") as f:
                nines += [l.strip() for l in f.read().splitlines() if l.strip()][:8]
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
    print("seed corpus: %d solve16, %d solve9, %d target_max, %d problem inputs in %s" % (
        count["solve16"], count["solve9"], count["target_max"], count["problem"], out))


if __name__ == "__main__":
    main()
