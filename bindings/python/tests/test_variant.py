"""libdlx.solve_variant and count_variant (dlx_variant_solve) against a brute force written
here: every grid of 4x4 maps (boxes, X, random jigsaws) counted, random puzzles on 6x6 maps
(boxes, windows, random jigsaws) and 9x9 X-Sudoku and windoku, HDU 4069's jigsaw sample with
its published answers, and every error path."""

import os
import random

import pytest

from conftest import ROOT
import libdlx as dlx

DATA = os.path.join(ROOT, "tests", "data")


def units_of(side, regions, diagonals=False, extra=None):
    """Every unit (a list of cells) of a variant: rows, columns, the map's regions, the
    diagonals when asked, the extra map's units (-1 for none). Maps are flat lists of ints."""
    units = [[r * side + c for c in range(side)] for r in range(side)]
    units += [[r * side + c for r in range(side)] for c in range(side)]
    for m in [regions] + ([extra] if extra else []):
        for u in sorted(set(m) - {-1}):
            units.append([cell for cell in range(side * side) if m[cell] == u])
    if diagonals:
        units.append([k * side + k for k in range(side)])
        units.append([k * side + side - 1 - k for k in range(side)])
    return units


def brute(side, units, grid, limit, rng=None):
    """Backtracking on the fewest candidates: (solutions up to `limit`, the first found).
    `grid` is a list of ints, 0 blank; digits tried in order, or shuffled by `rng`."""
    peers = [set() for _ in range(side * side)]
    for unit in units:
        for cell in unit:
            peers[cell].update(unit)
    grid = list(grid)
    for cell, d in enumerate(grid):
        if d and any(grid[p] == d for p in peers[cell] if p != cell):
            return 0, None
    found, first = 0, None

    def go():
        nonlocal found, first
        best, options = None, None
        for cell in range(side * side):
            if grid[cell] == 0:
                taken = {grid[p] for p in peers[cell]}
                free = [d for d in range(1, side + 1) if d not in taken]
                if best is None or len(free) < len(options):
                    best, options = cell, free
                    if not free:
                        return
        if best is None:
            found += 1
            if first is None:
                first = list(grid)
            return
        if rng:
            rng.shuffle(options)
        for d in options:
            grid[best] = d
            go()
            grid[best] = 0
            if found >= limit:
                return

    go()
    return found, first


def symbol(side, d):
    return "." if d == 0 else str(d) if side <= 9 else chr(64 + d)


def text(side, grid):
    return "".join(symbol(side, d) for d in grid)


def digits(side, solution):
    return [int(c) if side <= 9 else ord(c) - 64 for c in solution]


def valid(side, units, puzzle, solution):
    """A complete grid holding each digit once in every unit and keeping the givens."""
    grid = digits(side, solution)
    return (len(grid) == side * side and all(sorted(grid[c] for c in u) == list(range(1, side + 1)) for u in units)
            and all(p == 0 or p == g for p, g in zip(puzzle, grid)))


def boxes(side, a, b):
    return [r // a * a + c // b for r in range(side) for c in range(side)]


def rows_of(side, flat):
    """A flat map as the list of lists solve_variant takes."""
    return [flat[r * side:(r + 1) * side] for r in range(side)]


def random_map(side, rng):
    """A random partition of the cells into `side` regions of `side` cells (not connected)."""
    cells = list(range(side * side))
    rng.shuffle(cells)
    flat = [0] * (side * side)
    for k, cell in enumerate(cells):
        flat[cell] = k // side
    return flat


def jigsaw(side, a, b, rng, swaps=40):
    """A random jigsaw map with a grid: a grid of the a x b boxes, then cells of the same digit
    swapped between regions (each region keeps every digit once, so the grid stays one)."""
    regions = boxes(side, a, b)
    _, grid = brute(side, units_of(side, regions), [0] * (side * side), 1, rng)
    for _ in range(swaps):
        x, y = rng.sample(range(side * side), 2)
        if grid[x] == grid[y]:
            regions[x], regions[y] = regions[y], regions[x]
    return regions


def check_against_brute(side, regions, rng, diagonals=False, extra=None, puzzles=6, as_rows=None):
    """Puzzles cut from a random grid of the variant (one with a given changed, often with no
    solution left): the library's count and solution against the brute force's."""
    units = units_of(side, regions, diagonals, extra)
    count, full = brute(side, units, [0] * (side * side), 1, rng)
    regions_arg = as_rows(regions) if as_rows else rows_of(side, regions)
    extra_arg = None if extra is None else rows_of(side, extra)
    if count == 0:
        assert dlx.count_variant("." * side * side, regions_arg, diagonals, extra_arg) == 0
        return 0
    for k in range(puzzles):
        keep = rng.randint(side * side // 4, side * side * 2 // 3)
        puzzle = [d if rng.randrange(side * side) < keep else 0 for d in full]
        if k % 3 == 2:
            cell = next(c for c in range(side * side) if puzzle[c])
            puzzle[cell] = puzzle[cell] % side + 1
        want, first = brute(side, units, puzzle, 50)
        got = dlx.count_variant(text(side, puzzle), regions_arg, diagonals, extra_arg, limit=50)
        assert got == want, (text(side, puzzle), regions)
        if want == 0:
            with pytest.raises(dlx.Unsolvable):
                dlx.solve_variant(text(side, puzzle), regions_arg, diagonals, extra_arg)
        else:
            solution = dlx.solve_variant(text(side, puzzle), regions_arg, diagonals, extra_arg)
            assert valid(side, units, puzzle, solution)
            if want == 1:
                assert digits(side, solution) == first
    return 1


def test_every_4x4_grid_is_counted_as_the_brute_force_counts():
    # 288: the number of 4x4 Sudoku grids (2x2 boxes), a known figure.
    assert brute(4, units_of(4, boxes(4, 2, 2)), [0] * 16, 10 ** 6)[0] == 288
    assert dlx.count_variant("." * 16, limit=10 ** 6) == 288
    assert dlx.count_variant("." * 16, rows_of(4, boxes(4, 2, 2)), limit=10 ** 6) == 288
    for diagonals in (False, True):
        want = brute(4, units_of(4, boxes(4, 2, 2), diagonals), [0] * 16, 10 ** 6)[0]
        assert dlx.count_variant("0" * 16, diagonals=diagonals, limit=10 ** 6) == want
    rng = random.Random(43)
    counts = set()
    for _ in range(20):
        regions = random_map(4, rng)
        want = brute(4, units_of(4, regions), [0] * 16, 10 ** 6)[0]
        # The map as str rows of letters this time.
        rows = ["".join("abcd"[u] for u in regions[r * 4:(r + 1) * 4]) for r in range(4)]
        assert dlx.count_variant("." * 16, rows, limit=10 ** 6) == want
        counts.add(want)
    assert len(counts) >= 2 and 0 in counts, counts


def test_random_4x4_and_6x6_puzzles_match_the_brute_force():
    rng = random.Random(4069)
    solvable = 0
    for _ in range(10):
        solvable += check_against_brute(4, jigsaw(4, 2, 2, rng), rng)
    for k in range(12):
        regions = jigsaw(6, 2, 3, rng)
        # A map of letters in one str, rows on lines, and a list of lists of ints, alternately.
        as_text = (lambda m: "\n".join("".join(chr(97 + u) for u in m[r * 6:(r + 1) * 6]) for r in range(6)))
        solvable += check_against_brute(6, regions, rng, as_rows=as_text if k % 2 else None)
    assert solvable == 22
    six = boxes(6, 2, 3)
    assert check_against_brute(6, six, rng) == 1
    assert check_against_brute(6, six, rng, diagonals=True) == 1
    # Two extra 2x3 windows, apart from the boxes.
    windows = [-1] * 36
    for r in range(1, 3):
        for c in range(1, 4):
            windows[r * 6 + c] = 0
            windows[(r + 2) * 6 + c + 2 - 1] = 1
    assert check_against_brute(6, six, rng, extra=windows) == 1


def test_9x9_x_sudoku_and_windoku_puzzles_match_the_brute_force():
    rng = random.Random(9)
    box = boxes(9, 3, 3)
    windows = [((r // 4) * 2 + c // 4) if r % 4 and c % 4 else -1 for r in range(9) for c in range(9)]
    for diagonals, extra in ((True, None), (False, windows), (True, windows)):
        assert check_against_brute(9, box, rng, diagonals, extra, puzzles=4) == 1
    # The windows as a str with "." for no unit, the regions as None (the 3x3 boxes).
    units = units_of(9, box, False, windows)
    _, full = brute(9, units, [0] * 81, 1, rng)
    puzzle = [d if rng.random() < 0.45 else 0 for d in full]
    window_text = "\n".join("".join("." if w < 0 else "abcd"[w] for w in windows[r * 9:(r + 1) * 9]) for r in range(9))
    want, first = brute(9, units, puzzle, 2)
    assert dlx.count_variant(text(9, puzzle), extra=window_text) == want
    assert valid(9, units, puzzle, dlx.solve_variant(text(9, puzzle), extra=window_text))


def hdu4069_cases():
    """HDU 4069's sample: each case's region map (flooded across the sides without walls)
    and puzzle text."""
    with open(os.path.join(DATA, "judges", "hdu4069-sample.in")) as f:
        numbers = [int(t) for t in f.read().split()]
    cases = []
    for k in range(numbers[0]):
        value = numbers[1 + 81 * k:1 + 81 * (k + 1)]
        region = [-1] * 81
        for start in range(81):
            if region[start] >= 0:
                continue
            region[start] = label = max(region) + 1
            stack = [start]
            while stack:
                at = stack.pop()
                r, c = divmod(at, 9)
                for wall, facing, dr, dc in ((16, 64, -1, 0), (32, 128, 0, 1), (64, 16, 1, 0), (128, 32, 0, -1)):
                    nr, nc = r + dr, c + dc
                    nxt = nr * 9 + nc
                    if 0 <= nr < 9 and 0 <= nc < 9 and region[nxt] < 0 and not (value[at] & wall or value[nxt] & facing):
                        region[nxt] = label
                        stack.append(nxt)
        cases.append((rows_of(9, region), "".join(str(v & 15) for v in value)))
    return cases


def test_hdu4069_jigsaw_sample_gives_the_published_answers():
    with open(os.path.join(DATA, "judges", "hdu4069-sample.out")) as f:
        published = f.read().split("Case ")[1:]
    cases = hdu4069_cases()
    assert len(cases) == len(published) == 3
    regions, puzzle = cases[0]
    assert dlx.solve_variant(puzzle, regions) == "".join(published[0].split()[1:])
    assert dlx.count_variant(puzzle, regions) == 1
    with pytest.raises(dlx.Unsolvable):
        dlx.solve_variant(*reversed(cases[1]))
    assert "No solution" in published[1] and dlx.count_variant(cases[1][1], cases[1][0]) == 0
    assert "Multiple" in published[2] and dlx.count_variant(cases[2][1], cases[2][0]) == 2
    # The first case's answer is the brute force's too.
    units = units_of(9, [u for row in regions for u in row])
    assert brute(9, units, [int(c) for c in puzzle], 2)[0] == 1


def test_larger_sides_use_letters_and_agree_with_solve16():
    with open(os.path.join(DATA, "sudoku16", "poj3076-sample-1.txt")) as f:
        sixteen = f.read()
    assert dlx.solve_variant(sixteen) == dlx.solve16(sixteen)
    # 12x12 with 3x4 boxes, the default for 12; 25x25 empty, the 5x5 boxes.
    for side, (a, b) in ((12, (3, 4)), (25, (5, 5))):
        solution = dlx.solve_variant("-" * side * side)
        assert valid(side, units_of(side, boxes(side, a, b)), [0] * side * side, solution)


def test_bad_input_raises_dlx_error_with_the_status_text():
    message = dlx.DlxError(dlx.DLX_ERR_ARG).message
    assert message and message in str(dlx.DlxError(dlx.DLX_ERR_ARG))
    with pytest.raises(dlx.DlxError) as e:
        dlx.solve_variant("." * 40 + "x" + "." * 40)
    assert (e.value.code, e.value.row, e.value.column) == (dlx.DLX_ERR_CELL, 5, 5)
    assert dlx.DlxError(dlx.DLX_ERR_CELL).message in str(e.value)
    with pytest.raises(dlx.DlxError) as e:
        dlx.solve_variant("7" + "." * 35)  # 7 is no digit of a 6x6 grid
    assert (e.value.code, e.value.row, e.value.column) == (dlx.DLX_ERR_CELL, 1, 1)
    with pytest.raises(dlx.DlxError) as e:
        dlx.solve_variant("." * 7 + "\u00e9" + "." * 28)  # not ASCII, in a 6x6 grid
    assert (e.value.code, e.value.row, e.value.column) == (dlx.DLX_ERR_CELL, 2, 2)
    with pytest.raises(dlx.DlxError) as e:
        dlx.solve_variant("." * 30)
    assert e.value.code == dlx.DLX_ERR_LENGTH and "30 cells" in str(e.value)
    with pytest.raises(dlx.DlxError) as e:
        dlx.solve_variant("." * 80, rows_of(9, boxes(9, 3, 3)))
    assert e.value.code == dlx.DLX_ERR_LENGTH
    with pytest.raises(dlx.DlxError) as e:
        dlx.solve_variant("." * 25)  # side 5: no boxes
    assert e.value.code == dlx.DLX_ERR_ARG and "regions" in str(e.value)
    bad_maps = [
        (["aab", "abb", "aab"], "side must be 4 to 25"),
        (["aabb", "aabb", "ccdd", "ccd"], "row 4 has 3 cells"),
        (["aabb", "aabb", "ccdd", "ccdd", "aabb"], "row 1 has 4 cells, not 5"),
        (["aabb", "aabb", "ccdd", "ccde"], "5 units"),
        (["aabb", "aabb", "ccdd", "cccd"], "'c' has 5 cells"),
    ]
    for regions, said in bad_maps:
        with pytest.raises(dlx.DlxError) as e:
            dlx.solve_variant("." * 16, regions)
        assert e.value.code == dlx.DLX_ERR_ARG and said in str(e.value) and message in str(e.value), regions
    with pytest.raises(dlx.DlxError) as e:
        dlx.solve_variant("." * 16, extra=["ab..", "ab..", "ab..", "a..."])
    assert e.value.code == dlx.DLX_ERR_ARG and "'b' has 3 cells" in str(e.value)
    with pytest.raises(dlx.DlxError) as e:
        dlx.solve_variant("." * 16, extra=["abcd", "abcd", "abcd", "abce"])
    assert e.value.code == dlx.DLX_ERR_ARG and "more than 4" in str(e.value)
    for limit, max_ms in ((0, 0), (2, -1)):
        with pytest.raises(dlx.DlxError) as e:
            dlx.count_variant("." * 16, limit=limit, max_ms=max_ms)
        assert e.value.code == dlx.DLX_ERR_ARG
    with pytest.raises(TypeError):
        dlx.solve_variant(16)
    with pytest.raises(TypeError):
        dlx.solve_variant("." * 16, regions=42)
    with pytest.raises(TypeError):
        dlx.solve_variant("." * 16, regions=[[[0]] * 4] * 4)
    with pytest.raises(dlx.Timeout):
        dlx.count_variant("-" * 625, limit=2 ** 62, max_ms=1)
