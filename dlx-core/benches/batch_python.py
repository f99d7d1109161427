#!/usr/bin/env python3
"""libdlx.solve_many and count_many against a plain Python loop of solve9/solve16 and
count9/count16 over the same puzzles, and docs/scaling.md's Dask recipe against `dlx solve`
(`make bench-batch`; issue 44's batch goals: at least a loop's rate on easy puzzles, more on
hard ones, on the 2-core machine; the recipe within 1.5x of `dlx solve` on the same files).

Loops and batches: sets from tests/data, 17-clue 9x9 puzzles (easy for this library), the
forum's hardest 9x9 and 16x16 puzzles, each repeated to a few thousand puzzles; timed: the
whole call or loop, best of 3, every answer checked equal to the loop's.

The recipe: the block of docs/scaling.md run as written (a LocalCluster of two worker
processes, with the Python of target/daskenv, where `make bench-batch` installs Dask) on
8 files of puzzles written to a scratch directory: 1,000,000 easy ones (the 17-clue set
repeated) and 100,000 hard ones (the forum's hardest of rating 11 and more), against
`dlx solve` and `dlx count` (every core) on the same files; best of 3, the recipe's solutions
checked equal to `dlx solve`'s. The recipe's time includes starting its cluster.

Writes the section "Batches from Python" of docs/benchmarks.md. BATCH_QUICK=1: a tenth of the
puzzles, one run, nothing written (a sanity check on a busy machine).
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
os.environ.setdefault("DLX_LIBRARY", str(ROOT / "target" / "release" / "libdlx.so"))
sys.path.insert(0, str(ROOT / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import libdlx  # noqa: E402
from bench_docs import best_of, write_section  # noqa: E402

QUICK = os.environ.get("BATCH_QUICK") == "1"
RUNS = 1 if QUICK else 3
SCALE = 10 if QUICK else 1
SETS = [
    ("royle 17-clue (easy)", "sudoku9/royle-17clue-every20th-2458.txt", 20000),
    ("forum hardest", "sudoku9/forum-hardest-1106-375.txt", 2000),
    ("16x16 goomii", "sudoku16/goomii17-hexasudoku-3000.txt", 3000),
]
RECIPE_SETS = [
    ("royle 17-clue (easy)", "sudoku9/royle-17clue-every20th-2458.txt", 1000000),
    ("forum hardest 11+", "sudoku9/forum-hardest-1905-11plus-every20th-2439.txt", 100000),
]
DLX = ROOT / "target" / "release" / "dlx"
DASK_PYTHON = ROOT / "target" / "daskenv" / "bin" / "python"
FILES = 8


def puzzles(relative, n):
    lines = [line.strip() for line in open(ROOT / "tests" / "data" / relative) if line.strip()]
    return (lines * (n // len(lines) + 1))[:n]


def batches():
    rows = ["| set | puzzles | solve loop (/s) | solve_many (/s) | many / loop | count loop (/s) | "
            "count_many (/s) | many / loop |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, relative, n in SETS:
        n //= SCALE
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
    return rows


def recipe_block():
    """The recipe, exactly as docs/scaling.md has it (its test reads it the same way)."""
    text = (ROOT / "docs" / "scaling.md").read_text()
    marker = "<!-- test: dask-recipe -->\n"
    after = text[text.index(marker) + len(marker):]
    body = after[after.index("\n") + 1:]
    return body[:body.index("```")]


def run(command, **kwargs):
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, "%s: %s" % (command, done.stderr[-2000:])
    return done.stdout


def recipe():
    if not DASK_PYTHON.exists():
        print("no %s: `make bench-batch` installs Dask there; the recipe is left out" % DASK_PYTHON)
        return []
    rows = ["| set | puzzles | `dlx solve` (s) | `dlx count` (s) | recipe (s) | recipe / solve | "
            "recipe / (solve + count) |", "|---|---:|---:|---:|---:|---:|---:|"]
    env = dict(os.environ, PYTHONPATH=str(ROOT / "bindings" / "python"))
    for name, relative, n in RECIPE_SETS:
        n //= SCALE
        scratch = Path(tempfile.mkdtemp(prefix="dlx-recipe-"))
        try:
            lines = puzzles(relative, n)
            inputs = scratch / "puzzles"
            inputs.mkdir()
            files = []
            for k in range(FILES):
                path = inputs / ("part%d.txt" % k)
                path.write_text("".join(p + "\n" for p in lines[k * n // FILES:(k + 1) * n // FILES]))
                files.append(str(path))
            (scratch / "recipe.py").write_text(recipe_block())
            solved, t_solve = best_of(RUNS, run, [str(DLX), "solve", *files])
            _, t_count = best_of(RUNS, run, [str(DLX), "count", *files])

            def one_recipe():
                shutil.rmtree(scratch / "answers", ignore_errors=True)
                run([str(DASK_PYTHON), "recipe.py", str(inputs / "*.txt"), "answers"], cwd=str(scratch), env=env)
            _, t_recipe = best_of(RUNS, one_recipe)
            answered = "".join((scratch / "answers" / ("part%d.txt" % k)).read_text() for k in range(FILES))
            assert [line.split()[0] for line in answered.splitlines()] == solved.split(), name
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        row = "| %s | %d | %.2f | %.2f | %.2f | %.2f | %.2f |" % (
            name, n, t_solve, t_count, t_recipe, t_recipe / t_solve, t_recipe / (t_solve + t_count))
        print(row, flush=True)
        rows.append(row)
    return rows


def main():
    cores = os.cpu_count() or 1
    rows = batches()
    recipe_rows = recipe()
    body = ("`make bench-batch` (`dlx-core/benches/batch_python.py`): `libdlx.solve_many` and `count_many` "
            "(default threads: %d cores; one library call a chunk of puzzles) against a plain loop of "
            "`solve9`/`solve16` and `count9`/`count16` (to 2) over the same puzzles, best of %d runs, every "
            "answer equal.\n\n" % (cores, RUNS)) + "\n".join(rows) + "\n"
    if recipe_rows:
        body += ("\ndocs/scaling.md's Dask recipe (two local worker processes, cluster start included; "
                 "a solution and a count to 2 a puzzle from `libdlx.solve_count_many`) against `dlx solve` "
                 "and `dlx count` (every core) on the same %d files, best of %d runs, the recipe's "
                 "solutions equal to `dlx solve`'s.\n\n" % (FILES, RUNS)) + "\n".join(recipe_rows) + "\n"
    if QUICK:
        print("BATCH_QUICK=1: docs/benchmarks.md left as it was")
    else:
        write_section("batch-python", "Batches from Python", body)


if __name__ == "__main__":
    main()
