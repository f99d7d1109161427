#!/usr/bin/env python3
"""libdlx.solve_many and count_many against a plain Python loop of solve9/solve16 and
count9/count16 over the same puzzles (`make bench-batch`, issue 44's batch goal: at least a
loop's rate on easy puzzles, more on hard ones, on the 2-core machine).

Sets from tests/data: 17-clue 9x9 puzzles (easy for this library), the forum's hardest 9x9,
and 16x16 puzzles; each repeated to a few thousand puzzles. Timed: the whole call or loop,
best of 3; every answer checked equal to the loop's. Writes the section "Batches from Python"
of docs/benchmarks.md.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
os.environ.setdefault("DLX_LIBRARY", str(ROOT / "target" / "release" / "libdlx.so"))
sys.path.insert(0, str(ROOT / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import libdlx  # noqa: E402
from bench_docs import best_of, write_section  # noqa: E402

RUNS = 3
SETS = [
    ("royle 17-clue (easy)", "sudoku9/royle-17clue-every20th-2458.txt", 20000),
    ("forum hardest", "sudoku9/forum-hardest-1106-375.txt", 2000),
    ("16x16 goomii", "sudoku16/goomii17-hexasudoku-3000.txt", 3000),
]


def puzzles(relative, n):
    lines = [line.strip() for line in open(ROOT / "tests" / "data" / relative) if line.strip()]
    return (lines * (n // len(lines) + 1))[:n]


def main():
    cores = os.cpu_count() or 1
    rows = ["| set | puzzles | solve loop (/s) | solve_many (/s) | many / loop | count loop (/s) | "
            "count_many (/s) | many / loop |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, relative, n in SETS:
        batch = puzzles(relative, n)
        solve = libdlx.solve9 if "sudoku9" in relative else libdlx.solve16
        count = libdlx.count9 if "sudoku9" in relative else libdlx.count16
        looped, t_loop = best_of(RUNS, lambda: [solve(p) for p in batch])
        many, t_many = best_of(RUNS, lambda: libdlx.solve_many(batch))
        assert many == looped, name
        counted, t_count = best_of(RUNS, lambda: [count(p) for p in batch])
        counted_many, t_count_many = best_of(RUNS, lambda: libdlx.count_many(batch))
        assert counted_many == counted, name
        row = "| %s | %d | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f |" % (
            name, n, n / t_loop, n / t_many, t_loop / t_many, n / t_count, n / t_count_many, t_count / t_count_many)
        print(row, flush=True)
        rows.append(row)
    body = ("`make bench-batch` (`dlx-core/benches/batch_python.py`): `libdlx.solve_many` and `count_many` "
            "(default threads: %d cores) against a plain loop of `solve9`/`solve16` and `count9`/`count16` (to 2) "
            "over the same puzzles, best of %d runs, every answer equal.\n\n" % (cores, RUNS))
    write_section("batch-python", "Batches from Python", body + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
