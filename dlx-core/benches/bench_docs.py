"""What the Python benchmarks share: the best of a few runs, the section of docs/benchmarks.md
each rewrites, and the exact cover instances they build (items numbered from 0, primary first)."""

import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "docs" / "benchmarks.md"


def write_section(name, title, body):
    """Replaces section `name` of docs/benchmarks.md with the latest run (as the Rust benches do)."""
    text = OUT.read_text() if OUT.exists() else "# Benchmarks\n"
    start, end = "<!-- bench: %s -->" % name, "<!-- /bench: %s -->" % name
    section = "%s\n## %s\n\n%s\n%s" % (start, title, body.rstrip(), end)
    if start in text and end in text:
        text = text[: text.index(start)] + section + text[text.index(end) + len(end) :]
    else:
        text = text.rstrip() + "\n\n" + section + "\n"
    OUT.write_text(text)


def best_of(runs, fn, *args):
    """`fn(*args)` run `runs` times: its (last) result and its fastest time in seconds."""
    result, best = None, float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        result = fn(*args)
        best = min(best, time.perf_counter() - start)
    return result, best


SHAPES = [
    [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)], [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)], [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)], [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)], [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)], [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)], [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
]


def pentominoes(rows, cols):
    options = []
    for piece, shape in enumerate(SHAPES):
        seen = []
        for t in range(8):
            cells = []
            for r, c in shape:
                for _ in range(t % 4):
                    r, c = c, -r
                cells.append((r, -c) if t >= 4 else (r, c))
            mr, mc = min(p[0] for p in cells), min(p[1] for p in cells)
            form = sorted((r - mr, c - mc) for r, c in cells)
            if form in seen:
                continue
            seen.append(form)
            for r in range(rows):
                for c in range(cols):
                    if all(r + y < rows and c + x < cols for y, x in form):
                        options.append([piece] + [12 + (r + y) * cols + c + x for y, x in form])
    return 12 + rows * cols, 0, options


def sudoku9(grid):
    options = []
    for cell in range(81):
        r, c = divmod(cell, 9)
        b = (r // 3) * 3 + c // 3
        for d in range(1, 10):
            if grid[cell] and grid[cell] != d:
                continue
            peers = [r * 9 + k for k in range(9)] + [k * 9 + c for k in range(9)]
            peers += [((r // 3) * 3 + k // 3) * 9 + (c // 3) * 3 + k % 3 for k in range(9)]
            if not grid[cell] and any(grid[p] == d for p in peers):
                continue
            options.append([cell, 81 + r * 9 + d - 1, 162 + c * 9 + d - 1, 243 + b * 9 + d - 1])
    return 324, 0, options


def grid_16_clues():
    line = (ROOT / "tests/data/sudoku9/royle-17clue-every20th-2458.txt").read_text().splitlines()[0]
    grid, kept = [], 0
    for ch in line:
        v = 0 if ch == "." else int(ch)
        if v:
            kept += 1
            v = v if kept <= 16 else 0
        grid.append(v)
    return grid
