#!/usr/bin/env python3
"""libdlx.ExactCover against the exact-cover and xcover packages from PyPI, in one run (the
Python half of `make bench-exact-cover`, which installs them into a venv under target/).

The same instances for all three: N-queens 8-11, pentomino packing of a 6x10 board, every
completion of a 9x9 grid with 16 clues. exact-cover (a C extension over numpy boolean arrays)
has no secondary items, so its queens get one slack option per diagonal: the same count.
xcover is numba-compiled; each package's first call (which compiles) is run once before the
timing. Timed: the count of all solutions, building the problem included for all three
(ExactCover's adds, exact-cover's array, xcover's option lists), best of 3. Every count is
checked against the known one.

Writes the section "General exact cover from Python" of docs/benchmarks.md.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
os.environ.setdefault("DLX_LIBRARY", str(ROOT / "target" / "release" / "libdlx.so"))
sys.path.insert(0, str(ROOT / "bindings" / "python"))

import numpy as np  # noqa: E402
import exact_cover  # noqa: E402
import xcover  # noqa: E402

import libdlx  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_docs import best_of, grid_16_clues, pentominoes, sudoku9, write_section  # noqa: E402

RUNS = 3


def queens(n):
    options = [[r, n + c, 2 * n + r + c, 4 * n - 1 + r - c + n - 1] for r in range(n) for c in range(n)]
    return 2 * n, 2 * (2 * n - 1), options


def ours(primary, secondary, options):
    cover = libdlx.ExactCover(primary, secondary)
    for o in options:
        cover.add(o)
    return cover.count()


def with_exact_cover(primary, secondary, options):
    # Secondary items become primary, each with a slack option of its own.
    items = primary + secondary
    rows = options + [[i] for i in range(primary, items)]
    matrix = np.zeros((len(rows), items), dtype=bool)
    for k, row in enumerate(rows):
        matrix[k, row] = True
    return exact_cover.get_solution_count(matrix)


def with_xcover(primary, secondary, options):
    return sum(1 for _ in xcover.covers(options, primary=list(range(primary)),
                                        secondary=list(range(primary, primary + secondary)) or None))


def best_time(fn, instance):
    result, seconds = best_of(RUNS, fn, *instance)
    return result, seconds * 1e3


def main():
    instances = [("%d queens" % n, queens(n), known) for n, known in ((8, 92), (9, 352), (10, 724), (11, 2680))]
    instances.append(("pentominoes 6x10", pentominoes(6, 10), 9356))
    instances.append(("9x9, 16 clues, all", sudoku9(grid_16_clues()), 1158))
    for fn in (with_exact_cover, with_xcover):  # compile / load once
        fn(*queens(4))
    rows = ["| instance | solutions | libdlx.ExactCover (ms) | exact-cover (ms) | xcover (ms) | exact-cover / ours | xcover / ours |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for name, instance, known in instances:
        results = [best_time(fn, instance) for fn in (ours, with_exact_cover, with_xcover)]
        counts = [r[0] for r in results]
        assert counts == [known] * 3, (name, counts)
        (_, t_ours), (_, t_ec), (_, t_xc) = results
        row = "| %s | %d | %.1f | %.1f | %.1f | %.1f | %.1f |" % (name, known, t_ours, t_ec, t_xc, t_ec / t_ours, t_xc / t_ours)
        print(row, flush=True)
        rows.append(row)
    from importlib.metadata import version
    versions = "exact-cover %s, xcover %s (numba %s)" % (version("exact-cover"), version("xcover"), version("numba"))
    body = ("`make bench-exact-cover`, Python half (`dlx-core/benches/python_compare.py`): the count of all solutions "
            "through `libdlx.ExactCover`, the `exact-cover` package (secondary items as slack options) and `xcover`, "
            "building each problem included, best of %d runs after a warm-up call; %s.\n\n" % (RUNS, versions))
    write_section("exact-cover-python", "General exact cover from Python", body + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
