#!/usr/bin/env python3
"""dlx_solve16 against CDCL SAT solvers on the same puzzles, in one run (`make bench-sat`).

Measured here rather than quoted from elsewhere: every puzzle of the chosen 16x16 sets of
tests/data and the 40-puzzle hard list (read from dlx-core/benches/puzzles/mod.rs, so there is
one list) goes to
`dlx_solve16` through ctypes and to each solver of PySAT (python-sat, from PyPI; `make
bench-sat` installs it into a venv under target/). Each solver gets the usual Sudoku CNF, one
variable per (cell, digit), "exactly one" per cell, row, column and box as one clause plus
pairwise exclusions, and the givens as unit clauses. Only `solve()` is timed for the solvers
(loading the clauses through Python is not their cost); `dlx_solve16` is timed whole, matrix
building included. Every answer is checked: ours against the `.solutions.txt` file, each
solver's model against ours.

Writes the section "SAT solvers" of docs/benchmarks.md. Arguments: set names (default: tarek-tough, blue-ultimate and the
hard list). Environment: DLX_SAT_SOLVERS (comma-separated PySAT names, default m22,cd19).
"""

import ctypes
import os
import re
import statistics
import sys
import time
from pathlib import Path

from pysat.solvers import Solver

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_docs import write_section  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "data" / "sudoku16"
LIB = ROOT / "target" / "release" / "libdlx.so"


NAMES = {"m22": "minisat 2.2", "cd19": "CaDiCaL 1.9", "g4": "Glucose 4"}


def var(cell, digit):
    return cell * 16 + digit + 1


def sudoku_cnf():
    units = []
    for k in range(16):
        units.append([k * 16 + c for c in range(16)])  # row k
        units.append([r * 16 + k for r in range(16)])  # column k
        units.append([(k // 4 * 4 + i // 4) * 16 + k % 4 * 4 + i % 4 for i in range(16)])  # box k
    clauses = []

    def exactly_one(lits):
        clauses.append(lits)
        clauses.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :])

    for cell in range(256):
        exactly_one([var(cell, d) for d in range(16)])
    for unit in units:
        for d in range(16):
            exactly_one([var(cell, d) for cell in unit])
    return clauses


def hard_list():
    """The HARD table of benches/puzzles/mod.rs: [(set, [1-based lines])]."""
    text = (ROOT / "dlx-core" / "benches" / "puzzles" / "mod.rs").read_text()
    table = text[text.index("pub const HARD") :]
    table = table[: table.index("];")]
    return [
        (name, [int(n) for n in re.findall(r"\d+", lines)])
        for name, lines in re.findall(r'"([^"]+)",\s*&\[([^\]]*)\]', table)
    ]


def load(name):
    puzzles = (DATA / f"{name}.txt").read_text().split()
    solutions = (DATA / f"{name}.solutions.txt").read_text().split()
    return list(zip(puzzles, solutions))


def main():
    names = sys.argv[1:] or ["enjoysudoku-tarek-tough-206", "enjoysudoku-blue-ultimate-15", "hard-40"]
    solvers = os.environ.get("DLX_SAT_SOLVERS", "m22,cd19").split(",")
    lib = ctypes.CDLL(str(LIB))
    cnf = sudoku_cnf()
    out = ctypes.create_string_buffer(257)
    rows = []
    for name in names:
        if name == "hard-40":
            puzzles = [p for set_name, lines in hard_list() for k, p in enumerate(load(set_name), 1) if k in lines]
        else:
            puzzles = load(name)
        times = {"dlx_solve16": []} | {s: [] for s in solvers}
        for puzzle, solution in puzzles:
            start = time.perf_counter()
            status = lib.dlx_solve16(puzzle.encode(), out)
            times["dlx_solve16"].append(time.perf_counter() - start)
            ours = out.value.decode()
            if status != 0 or ours != solution:
                sys.exit(f"{name}: dlx_solve16 gave {status} {ours!r}, expected {solution!r}")
            givens = [[var(cell, ord(ch) - ord("A"))] for cell, ch in enumerate(puzzle) if ch != "-"]
            for s in solvers:
                with Solver(name=s, bootstrap_with=cnf + givens) as solver:
                    start = time.perf_counter()
                    satisfiable = solver.solve()
                    times[s].append(time.perf_counter() - start)
                    model = solver.get_model() if satisfiable else []
                grid = "".join(chr(ord("A") + (v - 1) % 16) for v in sorted(v for v in model if v > 0))
                if grid != ours:
                    sys.exit(f"{name}: {s} disagrees with dlx_solve16")
        print(f"{name}: {len(puzzles)} puzzles done", file=sys.stderr)
        for who, ts in times.items():
            us = [t * 1e6 for t in ts]
            rows.append(
                f"| {name} | {len(us)} | {NAMES.get(who, who)} | {statistics.mean(us):.0f} | {statistics.median(us):.0f} | {max(us):.0f} |"
            )
    table = "\n".join(
        ["| set | n | solver | mean us | median us | worst us |", "| --- | ---: | --- | ---: | ---: | ---: |"] + rows
    )
    print(table)
    write_section("sat", "SAT solvers on hard 16x16 (`make bench-sat`)", table)


if __name__ == "__main__":
    main()
