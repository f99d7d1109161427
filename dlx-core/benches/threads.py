#!/usr/bin/env python3
"""One search on two threads (`make bench-threads`; issue 44's goals): `dlx cover FILE`
against `dlx cover --threads 2 FILE` on pentominoes 6x10 (the file written here), mix50
(Knuth's example of multiplicities, from ../shared/peers/knuth-xcc/examples, skipped with a
notice where absent) and every completion of a 9x9 grid of 16 clues (the first of the Royle
set in tests/data with its 16th clue blanked: 512,634 completions, a count of seconds, where
`make bench-pieces`'s grid, its 17th clue blanked, counts in milliseconds), encoded as exact
cover in Knuth's format.

For each: the wall time of the whole command, best of 3, one thread and two, and their ratio
(goal: at most 0.6, moonshot 0.52; the machine's cores are printed beside it); the counts of
both checked equal. The pieces' balance: `dlx cover --split 64`, each piece counted alone by
`dlx cover --piece`, the largest piece's options tried over the whole search's (goal: under
5%), the pieces' counts checked to add up. The estimate: `dlx cover --estimate` against the
options `dlx cover` reports trying (goal: within 2x).

Writes the section "Threads" of docs/benchmarks.md. THREADS_QUICK=1: one run, nothing
written (a sanity check on a busy machine).
"""

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_docs import pentominoes, sudoku9, write_section  # noqa: E402

QUICK = os.environ.get("THREADS_QUICK") == "1"
RUNS = 1 if QUICK else 3
DLX = ROOT / "target" / "release" / "dlx"
SPLIT = 64

def knuth_format(primary, secondary, options):
    """A problem of numbered items (bench_docs' instances) in Knuth's format: items i0, i1, ...
    (a `|` before the secondary ones), an option a line."""
    names = ["i%d" % i for i in range(primary + secondary)]
    head = names[:primary] + (["|"] + names[primary:] if secondary else [])
    return "\n".join([" ".join(head)] + [" ".join(names[i] for i in option) for option in options]) + "\n"


def grid_without_16th_clue():
    line = (ROOT / "tests" / "data" / "sudoku9" / "royle-17clue-every20th-2458.txt").read_text().split()[0]
    grid = [0 if ch == "." else int(ch) for ch in line]
    grid[[cell for cell, digit in enumerate(grid) if digit][15]] = 0
    return grid


def instances(scratch):
    out = []
    path = scratch / "pentominoes-6x10.dlx"
    path.write_text(knuth_format(*pentominoes(6, 10)))
    out.append(("pentominoes 6x10", path))
    shared = Path(os.environ.get("DLX_SHARED_DIR", ROOT.parent / "shared"))
    mix50 = shared / "peers" / "knuth-xcc" / "examples" / "mix50.dlx"
    if mix50.is_file():
        out.append(("mix50", mix50))
    else:
        print("notice: mix50 skipped: %s is absent" % mix50)
    path = scratch / "sudoku9-16-clues.dlx"
    path.write_text(knuth_format(*sudoku9(grid_without_16th_clue())))
    out.append(("9x9, 16 clues, all completions", path))
    return out


def dlx(*args):
    """`dlx cover ARGS`: its standard output, standard error and wall time."""
    start = time.perf_counter()
    run = subprocess.run([str(DLX), "cover", *map(str, args)], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    # Status 1: no solution (a piece may have none), the count still printed.
    if run.returncode not in (0, 1) or not run.stdout.strip():
        sys.exit("dlx cover %s failed: %s" % (" ".join(map(str, args)), run.stderr))
    return run.stdout, run.stderr, seconds


def tried(stderr):
    """The options the search tried, from `dlx cover`'s note on standard error."""
    return int(re.search(r"the search tried (\d+) options", stderr).group(1))


def measure(name, path):
    one, two = float("inf"), float("inf")
    for _ in range(RUNS):
        out1, err1, t = dlx(path)
        one = min(one, t)
        out2, _, t = dlx("--threads", 2, path)
        two = min(two, t)
        if out1.split() != out2.split():
            sys.exit("%s: 2 threads counted %s, one %s" % (name, out2.strip(), out1.strip()))
    count, nodes = int(out1.split()[0]), tried(err1)
    estimate = float(dlx("--estimate", path)[0].split()[0])
    pieces = dlx("--split", SPLIT, path)[0].splitlines()
    sizes, total = [], 0
    for piece in pieces:
        out, err, _ = dlx("--piece", piece, path)
        total += int(out.split()[0])
        sizes.append(tried(err))
    if total != count:
        sys.exit("%s: the pieces' counts add up to %d, not %d" % (name, total, count))
    row = {
        "name": name, "count": count, "one": one, "two": two, "ratio": two / one, "nodes": nodes,
        "estimate": estimate, "pieces": len(pieces), "largest": max(sizes) / nodes,
    }
    row["share"] = 100 * row["largest"]
    print("%(name)s: %(count)d solutions; 1 thread %(one).3f s, 2 threads %(two).3f s (x%(ratio).2f); "
          "%(pieces)d pieces, largest %(share).1f%% of the tree; estimate %(estimate).0f of %(nodes)d options"
          % row, flush=True)
    return row


def main():
    if not DLX.exists():
        sys.exit("%s is missing: run make first" % DLX)
    with tempfile.TemporaryDirectory() as scratch:
        rows = [measure(name, path) for name, path in instances(Path(scratch))]
    if QUICK:
        print("(THREADS_QUICK: nothing written)")
        return
    table = ["| instance | solutions | 1 thread (s) | 2 threads (s) | 2 / 1 | pieces | largest piece | "
             "options tried | estimate | estimate / true |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        table.append("| %s | %d | %.3f | %.3f | %.2f | %d | %.1f%% | %d | %.0f | %.2f |" % (
            r["name"], r["count"], r["one"], r["two"], r["ratio"], r["pieces"], 100 * r["largest"], r["nodes"],
            r["estimate"], r["estimate"] / r["nodes"]))
    body = (
        "`make bench-threads` (dlx-core/benches/threads.py) on a machine of %d cores: `dlx cover FILE` "
        "against `dlx cover --threads 2 FILE`, the whole command's wall time, best of %d, the counts "
        "checked equal (issue 44's goal: 2 threads at most 0.6x the time of one, moonshot 0.52x). "
        "Pieces: `dlx cover --split %d`, each counted alone by `dlx cover --piece`, the largest "
        "piece's options tried over the whole search's (goal: under 5%%), the counts checked to add "
        "up. The estimate: `dlx cover --estimate` (10,000 random paths) against the options `dlx "
        "cover` reports trying (goal: within 2x). mix50 is Knuth's, from "
        "../shared/peers/knuth-xcc/examples; the 9x9 grid is the first of the Royle set with its "
        "16th clue blanked.\n\n" % (os.cpu_count() or 0, RUNS, SPLIT)
        + "\n".join(table) + "\n")
    write_section("threads", "Threads", body)
    print("wrote docs/benchmarks.md, section \"Threads\"")


if __name__ == "__main__":
    main()
