"""docs/scaling.md's Dask recipe, run as written on a local cluster of two worker processes
over a few thousand puzzles (9x9 and 16x16, in several files), every answer checked against
the data's solutions and counts."""

import glob
import os
import subprocess

from conftest import ROOT


def doc_block(path, name):
    text = open(os.path.join(ROOT, path)).read()
    marker = "<!-- test: %s -->\n" % name
    after = text[text.index(marker) + len(marker):]
    body = after[after.index("\n") + 1:]
    return body[:body.index("```")]


def read(relative):
    with open(os.path.join(ROOT, "tests", "data", relative)) as f:
        return f.read().split()


def test_the_dask_recipe_answers_every_puzzle_of_every_file(venv, tmp_path):
    python, env = venv
    files = {
        "royle": ("sudoku9/royle-17clue-every20th-2458", 1200),
        "hardest": ("sudoku9/forum-hardest-1106-375", 375),
        "serg": ("sudoku9/serg-benchmark-first1000-1000", 600),
        "goomii": ("sudoku16/goomii17-hexasudoku-3000", 800),
    }
    inputs = tmp_path / "puzzles"
    inputs.mkdir()
    expected = {}
    for name, (stem, n) in files.items():
        puzzles = read(stem + ".txt")[:n]
        (inputs / (name + ".txt")).write_text("".join(p + "\n" for p in puzzles))
        if os.path.exists(os.path.join(ROOT, "tests", "data", stem + ".solutions.txt")):
            expected[name] = [(s, "1") for s in read(stem + ".solutions.txt")[:n]]
        else:
            expected[name] = [(None, c) for c in read(stem + ".nsol.txt")[:n]]
    # Lines without one answer: no solution, not a puzzle, several solutions.
    odd = ["11" + "." * 79, "x" * 81, "." * 81]
    (inputs / "odd.txt").write_text("".join(p + "\n" for p in odd))
    script = tmp_path / "recipe.py"
    script.write_text(doc_block("docs/scaling.md", "dask-recipe"))
    outputs = tmp_path / "answers"
    run = subprocess.run([python, str(script), str(inputs / "*.txt"), str(outputs)], capture_output=True,
                         text=True, env=env, cwd=str(tmp_path), timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    # One output file per input file, of the same name, each line ended.
    names = sorted(files)
    answered = sorted(glob.glob(str(outputs / "*.txt")))
    assert [os.path.basename(path) for path in answered] == sorted(name + ".txt" for name in names + ["odd"]), answered
    unsolvable, invalid, several = open(str(outputs / "odd.txt")).read().split("\n")[:3]
    assert unsolvable == "unsolvable 0" and invalid.startswith("error: a cell holds something other")
    grid, count = several.split()
    assert count == "2" and all(len(set(grid[r * 9:r * 9 + 9])) == 9 for r in range(9)), several
    answered = [path for path in answered if not path.endswith("odd.txt")]
    total = 0
    for name, path in zip(names, answered):
        text = open(path).read()
        assert text.endswith("\n") and "\n\n" not in text, name
        lines = text.split("\n")[:-1]
        assert len(lines) == len(expected[name]), name
        for line, (solution, count) in zip(lines, expected[name]):
            got_solution, got_count = line.split()
            if solution is not None:
                assert got_solution == solution, name
            assert got_count == count, (name, line)
            total += 1
    assert total == sum(n for _, n in files.values()) > 2000


def test_the_one_count_recipe_adds_up_to_one_process_count(venv, tmp_path):
    # docs/scaling.md's "One huge count" block as written, on a 4x15 box (a couple of seconds
    # of search) on a local cluster of two workers: the pieces' counts, summed on the
    # cluster, against the count of one search in one process.
    python, env = venv
    block = doc_block("docs/scaling.md", "dask-one-count")
    script = tmp_path / "one_count.py"
    script.write_text(block)
    run = subprocess.run([python, str(script), "4", "15"], capture_output=True, text=True, env=env,
                         cwd=str(tmp_path), timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    # One process: the block's build() and one count() (the block imported, not run).
    driver = ("import runpy\n"
              "ns = runpy.run_path(%r, run_name='recipe')\n"
              "ec = ns['build'](4, 15)\n"
              "print(len(ec.pieces(64)), ec.count())\n" % str(script))
    alone = subprocess.run([python, "-c", driver], capture_output=True, text=True, env=env, cwd=str(tmp_path),
                           timeout=600)
    assert alone.returncode == 0, alone.stdout + alone.stderr
    pieces, whole = map(int, alone.stdout.split())
    assert pieces >= 64
    assert whole == 4 * 368  # the 368 packings of a 4x15 box, each with its 3 mirror images
    assert run.stdout.split() == [str(whole), "solutions"], run.stdout + run.stderr
