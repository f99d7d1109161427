#!/usr/bin/env python3
"""libdlx.ExactCover against xcover on exact cover with colors, from Python (the Python half of
`make bench-knuth`, which installs xcover into the venv of bench-exact-cover, target/ecenv).

The instances are Knuth's 3x4 word rectangles of ../shared/peers/knuth-xcc/examples (wr34.dlx,
wr34m.dlx; $DLX_SHARED_DIR if set), read by a small parser of his format here, outside the
timing. Timed: the count of all solutions, building the problem included (ExactCover's adds
with their colors, xcover's arrays from its "item:color" strings), best of 3, xcover's
numba-compiled search run once before on a small problem. The counts must agree.

KNUTH_QUICK=1: wr34 alone, one run. Writes the section "Colors from Python" of
docs/benchmarks.md.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
os.environ.setdefault("DLX_LIBRARY", str(ROOT / "target" / "release" / "libdlx.so"))
sys.path.insert(0, str(ROOT / "bindings" / "python"))

import xcover  # noqa: E402

import libdlx  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_docs import best_of, write_section  # noqa: E402

QUICK = os.environ.get("KNUTH_QUICK", "") not in ("", "0")
RUNS = 1 if QUICK else 3


def shared_dir():
    """../shared beside the repository ($DLX_SHARED_DIR), or None."""
    path = Path(os.environ.get("DLX_SHARED_DIR", ROOT.parent / "shared"))
    return path if path.is_dir() else None


def parse(path):
    """Knuth's format: (primary names, secondary names, options), each option a list of
    (item, color or None). No bounds or costs: these instances have none."""
    lines = [line for line in path.read_text().splitlines() if line.strip() and not line.lstrip().startswith("|")]
    head, _, tail = lines[0].partition("|")
    primary, secondary = head.split(), tail.split()
    options = []
    for line in lines[1:]:
        options.append([tuple(w.split(":", 1)) if ":" in w else (w, None) for w in line.split()])
    return primary, secondary, options


def with_libdlx(primary, secondary, options):
    cover = libdlx.ExactCover(primary, secondary)
    for option in options:
        colors = {item: color for item, color in option if color is not None}
        cover.add([item for item, _ in option], colors=colors or None)
    return cover.count()


def with_xcover(primary, secondary, options):
    strings = [[item if color is None else "%s:%s" % (item, color) for item, color in option] for option in options]
    return sum(1 for _ in xcover.covers(strings, primary=primary, secondary=secondary, colored=True))


def main():
    shared = shared_dir()
    if shared is None:
        print("notice: ../shared is not beside the repository: no instances, nothing measured", file=sys.stderr)
        return
    examples = shared / "peers" / "knuth-xcc" / "examples"
    names = ["wr34"] if QUICK else ["wr34", "wr34m"]
    # Compile xcover's search once: two words crossing in a colored cell.
    with_xcover(["a", "b"], ["x"], [[("a", None), ("x", "1")], [("b", None), ("x", "1")]])
    rows = ["| instance | solutions | libdlx.ExactCover (s) | xcover (s) | xcover / ours |", "|---|---:|---:|---:|---:|"]
    for name in names:
        instance = parse(examples / (name + ".dlx"))
        (ours, t_ours), (theirs, t_xc) = (best_of(RUNS, fn, *instance) for fn in (with_libdlx, with_xcover))
        assert ours == theirs, (name, ours, theirs)
        row = "| %s | %d | %.3f | %.3f | %.1f |" % (name, ours, t_ours, t_xc, t_xc / t_ours)
        print(row, flush=True)
        rows.append(row)
    from importlib.metadata import version
    body = ("`make bench-knuth`, Python half (`dlx-core/benches/knuth_python.py`): the count of all solutions of "
            "Knuth's 3x4 word rectangles (colors on the cells; ../shared/peers/knuth-xcc/examples) through "
            "`libdlx.ExactCover` (named items, `add(items, colors=...)`) and xcover %s (numba %s, `covers(..., "
            "colored=True)`), building each problem included, best of %d run%s after a warm-up call%s.\n\n"
            % (version("xcover"), version("numba"), RUNS, "" if RUNS == 1 else "s",
               "; quick run (KNUTH_QUICK=1): wr34 alone" if QUICK else ""))
    write_section("knuth-python", "Colors from Python", body + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
