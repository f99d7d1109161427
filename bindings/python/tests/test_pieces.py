"""ExactCover's pieces, threads and estimate, against a brute force written here: on random
problems with secondary items, colors, bounds and costs, the pieces' counts add up, every
solution is in exactly one piece (and obeys the piece's decisions), threads give the same
count, set of solutions and least cost as one thread, the pieces' text round-trips (and is
what `dlx cover --split` prints for the same problem), and bad pieces raise DlxError with the
status text."""

import itertools
import math
import os
import random
import re
import subprocess
import time

import pytest

from conftest import ROOT  # noqa: F401  (puts the package on the path)
import libdlx as dlx

ARG_TEXT = dlx.DlxError(dlx.DLX_ERR_ARG).message


def random_problem(rng):
    """A small random problem: (primary, secondary, bounds, options), each option (items,
    colors, cost); items numbered primary first, as ExactCover(p, s) numbers them."""
    primary, secondary = rng.randint(2, 5), rng.randint(0, 3)
    bounds = {}
    for item in range(primary):
        if rng.random() < 0.3:
            hi = rng.randint(1, 2)
            bounds[item] = (rng.randint(0, hi), hi)
    options = []
    for _ in range(rng.randint(4, 12)):
        items = [i for i in range(primary + secondary) if rng.random() < 0.35]
        if not any(i < primary for i in items):
            items.append(rng.randrange(primary))
        rng.shuffle(items)
        colors = {i: rng.choice("rg") for i in items if i >= primary and rng.random() < 0.6}
        options.append((items, colors, rng.randint(0, 4)))
    return primary, secondary, bounds, options


def build(problem):
    primary, secondary, bounds, options = problem
    ec = dlx.ExactCover(primary, secondary)
    for item, (lo, hi) in bounds.items():
        ec.set_bounds(item, lo, hi)
    for items, colors, cost in options:
        ec.add(items, colors=colors or None, cost=cost)
    return ec


def brute(problem):
    """Every solution (a tuple of option indices) and its cost, by trying every set of options:
    each primary item covered within its bounds (1..1 unless set), each secondary item by at
    most one option or by options that all give it the same color."""
    primary, secondary, bounds, options = problem
    found = {}
    for n in range(len(options) + 1):
        for chosen in itertools.combinations(range(len(options)), n):
            cover = [[] for _ in range(primary + secondary)]
            for o in chosen:
                items, colors, _ = options[o]
                for i in items:
                    cover[i].append(colors.get(i))
            ok = all(bounds.get(i, (1, 1))[0] <= len(cover[i]) <= bounds.get(i, (1, 1))[1] for i in range(primary))
            ok = ok and all(len(c) <= 1 or (None not in c and len(set(c)) == 1) for c in cover[primary:])
            if ok:
                found[chosen] = sum(options[o][2] for o in chosen)
    return found


def problems(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        problem = random_problem(rng)
        out.append((problem, brute(problem)))
    return out


PROBLEMS = problems(120, 44)


def test_the_random_problems_have_solutions_of_every_kind():
    # The brute force and the package agree before pieces come in, and the problems are not
    # all trivial: many with several solutions, some with none.
    several = sum(1 for _, found in PROBLEMS if len(found) >= 3)
    assert several >= 30 and any(not found for _, found in PROBLEMS)
    for problem, found in PROBLEMS:
        ec = build(problem)
        assert sorted(tuple(s) for s in ec.solutions()) == sorted(found)


def obeys(solution, piece):
    chosen = set(solution)
    return all((d in chosen) if d >= 0 else (-1 - d not in chosen) for d in map(int, piece.split()))


@pytest.mark.parametrize("k", [1, 2, 5, 16])
def test_pieces_partition_the_solutions(k):
    for problem, found in PROBLEMS:
        ec = build(problem)
        pieces = ec.pieces(k)
        assert ec.pieces(k) == pieces  # deterministic
        if not found:
            assert pieces == []
            continue
        counts = [ec.count(piece=p) for p in pieces]
        assert sum(counts) == len(found) == ec.count()
        seen = {}
        for p in pieces:
            for s in ec.solutions(piece=p):
                assert obeys(s, p), (p, s)
                assert tuple(s) not in seen, "a solution in two pieces"
                seen[tuple(s)] = p
        assert set(seen) == set(found)
        # Fewer pieces than asked only when each is a leaf: one solution.
        assert len(pieces) >= k or all(c == 1 for c in counts), (k, pieces, counts)
        least = [ec.minimum(piece=p) for p in pieces]
        costs = [found[tuple(s)] for s in least if s is not None]
        assert min(costs) == min(found.values())


def test_a_piece_is_cut_further():
    for problem, found in PROBLEMS:
        ec = build(problem)
        for p in ec.pieces(3):
            inner = ec.pieces(4, piece=p)
            assert all(q.startswith(p) for q in inner) if p else True
            assert sum(ec.count(piece=q) for q in inner) == ec.count(piece=p)


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_give_what_one_thread_gives(threads):
    for problem, found in PROBLEMS:
        ec = build(problem)
        assert ec.count(threads=threads) == len(found)
        listed = [tuple(s) for s in ec.solutions(threads=threads)]
        assert len(listed) == len(set(listed)) and set(listed) == set(found)
        best = ec.minimum(threads=threads)
        if not found:
            assert best is None and ec.cost is None
            continue
        assert found[tuple(best)] == ec.cost == min(found.values())
        # The tie goes to the earliest piece: the same answer on every run.
        assert ec.minimum(threads=threads) == best
        assert ec.count(limit=2, threads=threads) == min(2, len(found))
        some = [tuple(s) for s in ec.solutions(limit=2, threads=threads)]
        assert len(some) == len(set(some)) == min(2, len(found)) and set(some) <= set(found)
        for p in ec.pieces(2):
            assert ec.count(piece=p, threads=threads) == ec.count(piece=p)
            assert set(tuple(s) for s in ec.solutions(piece=p, threads=threads)) == \
                set(tuple(s) for s in ec.solutions(piece=p))
        cheap = ec.minimum(at_most=min(found.values()), threads=threads)
        assert cheap is not None and found[tuple(cheap)] == ec.cost == min(found.values())


def queens(n):
    """N-queens: rows and columns primary, the diagonals secondary; an option a square."""
    ec = dlx.ExactCover(2 * n, 2 * (2 * n - 1))
    for r in range(n):
        for c in range(n):
            ec.add([r, n + c, 2 * n + r + c, 2 * n + 2 * n - 1 + r - c + n - 1])
    return ec


def test_the_splits_sizes_read_as_the_library_packs_them():
    # dlx_problem_split leaves each piece's size at the end of its room: 20 bits of exponent
    # (plus 2^19) over 11 of mantissa. The threaded searches take the largest first by them.
    assert dlx._split_size(0) == 0.0
    assert dlx._split_size(1 << 30) == 1.0
    assert dlx._split_size((((1 << 19) + 1) << 11) | 1024) == 3.0
    assert dlx._split_size((((1 << 19) + 2000) << 11) | 5) == dlx.math.inf
    ec = queens(10)
    ec.count()
    whole = ec.nodes
    sizes = [size for _, size in ec._split_sized(ec._problem, 8, 0)[0]]
    assert len(sizes) >= 8 and all(size > 0 for size in sizes)
    assert 0.5 * whole <= sum(sizes) <= 2 * whole, (sum(sizes), whole)


def test_threads_on_a_larger_tree_count_every_solution_once():
    ec = queens(8)
    one = [tuple(s) for s in ec.solutions()]
    assert len(one) == 92 == ec.count()  # Gauss's 92 placements
    whole = ec.nodes
    listed = [tuple(s) for s in ec.solutions(threads=2)]
    assert sorted(listed) == sorted(one)
    assert ec.count(threads=2) == 92
    # Searching the pieces is the whole search cut up (its options tried but those the
    # pieces' decisions stand for), and the splits' work counts too: on a tree this small the
    # splits' short counts and random paths are more than the decisions save.
    assert whole < ec.nodes < 8 * whole, (whole, ec.nodes)
    pieces = ec.pieces(64)
    assert len(pieces) >= 64 and sum(ec.count(piece=p) for p in pieces) == 92
    assert ec.count(limit=50, threads=2) == 50
    first = ec.solutions(threads=2)
    assert len(set(tuple(next(first)) for _ in range(10))) == 10
    first.close()  # closing early ends the threads


def test_a_threaded_generator_searches_the_problem_as_it_was_when_asked_for():
    ec = queens(6)
    before = sorted(tuple(s) for s in ec.solutions())
    listed = ec.solutions(threads=2)
    ec.add([0, 6])  # row 0 and column 0 without the diagonals: more solutions
    assert ec.count() > len(before) == 4
    assert sorted(tuple(s) for s in listed) == before


def langford(n):
    """Langford pairs: each number k from 1 to n twice, k positions apart, in 2n places."""
    ec = dlx.ExactCover(3 * n)
    for k in range(1, n + 1):
        for i in range(2 * n - k - 1):
            ec.add([k - 1, n + i, n + i + k + 1])
    return ec


def test_threads_honour_the_time_limit():
    # Queens 13: 73,712 solutions, tens of millions of options; 30 ms is far too little. Its
    # minimum is proven at once (every cover costs 13, the least a cover can), so the
    # minimum's is Langford pairs of 14: no solution, millions of options to prove it.
    ec = queens(13)
    for call in (lambda: ec.count(threads=2, max_ms=30), lambda: langford(14).minimum(threads=2, max_ms=30),
                 lambda: sum(1 for _ in ec.solutions(threads=2, max_ms=30))):
        with pytest.raises(dlx.Timeout):
            call()
    some = ec.solutions(threads=2, max_ms=60000)
    assert len({tuple(next(some)) for _ in range(100)}) == 100
    some.close()


def test_the_text_round_trips():
    ec = queens(6)
    pieces = ec.pieces(8)
    for p in pieces:
        assert re.fullmatch(r"-?\d+( -?\d+)*", p), p
        numbers = [int(w) for w in p.split()]
        assert " ".join(map(str, numbers)) == p
        n = ec.count(piece=p)
        assert ec.count(piece=" \t" + p.replace(" ", "  \n") + "\n") == n
        assert ec.count(piece=p.encode("ascii")) == n
    assert ec.count(piece="") == ec.count() == 4
    # Decisions that contradict the problem make a piece with no solution, not an error.
    assert ec.count(piece="0 1") == 0 and ec.estimate(piece="0 1") == 0.0


def test_bad_pieces_raise_with_the_status_text():
    ec = queens(5)
    bad = ["1 x", "--1", "1.5", "+3", "3 -", "99999999999", "25", "-26", "3 3", "3 -4", "1\u00a02", "-0", "2 -00"]
    for text in bad:
        for call in (lambda: ec.count(piece=text), lambda: list(ec.solutions(piece=text)),
                     lambda: ec.minimum(piece=text), lambda: ec.count(piece=text, threads=2),
                     lambda: ec.pieces(2, piece=text), lambda: ec.estimate(piece=text)):
            with pytest.raises(dlx.DlxError) as e:
                call()
            assert e.value.code == dlx.DLX_ERR_ARG and ARG_TEXT in str(e.value) and e.value.detail, text
    with pytest.raises(TypeError):
        ec.count(piece=[1, 2])
    for call in (lambda: ec.pieces(0), lambda: ec.count(threads=0), lambda: ec.estimate(paths=0),
                 lambda: ec.estimate(seed=-1)):
        with pytest.raises(dlx.DlxError) as e:
            call()
        assert e.value.code == dlx.DLX_ERR_ARG
    # A bad piece changed nothing; leading zeros are no fault ("-01" is option 0 out).
    assert ec.count() == 10
    assert ec.count(piece="-01") == ec.count(piece="-1") < 10


def test_the_estimate_is_near_the_true_node_count():
    for ec in (queens(8), queens(9)):
        ec.count()
        true = ec.nodes
        guess = ec.estimate()
        assert guess == ec.estimate(seed=0) and guess != ec.estimate(seed=1)
        assert true / 2 <= guess <= 2 * true, (guess, true)
        assert true / 2 <= ec.estimate(paths=20000, seed=5) <= 2 * true
    # Two billion paths take minutes: a millisecond's limit ends the estimate.
    with pytest.raises(dlx.Timeout):
        queens(8).estimate(paths=2 ** 31 - 1, max_ms=1)


def knuth_format(problem):
    """The problem in the `dlx cover` command's input format (Knuth's): items, bounds as
    `lo:hi|item`, secondary items after a `|`, colors as `item:color`, costs as `|n`."""
    primary, secondary, bounds, options = problem
    names = ["p%d" % i for i in range(primary)] + ["s%d" % i for i in range(secondary)]
    head = [("%d:%d|%s" % (bounds[i] + (names[i],)) if i in bounds else names[i]) for i in range(primary)]
    head += ["|"] + names[primary:] if secondary else []
    lines = [" ".join(head)]
    for items, colors, cost in options:
        words = [names[i] + (":" + colors[i] if i in colors else "") for i in items]
        lines.append(" ".join(words + ["|%d" % cost]))
    return "\n".join(lines) + "\n"


def test_the_pieces_are_those_the_command_prints(tmp_path):
    # The same problem in the command's format: `dlx cover --split` prints the same lines as
    # pieces(), and `dlx cover --piece LINE` counts what count(piece=LINE) counts.
    command = os.path.join(ROOT, "target", "release", "dlx")
    assert os.path.exists(command), "build the dlx command first (make, or cargo build --release)"
    checked = 0
    for n, (problem, found) in enumerate(PROBLEMS[:40]):
        path = tmp_path / ("p%d.dlx" % n)
        path.write_text(knuth_format(problem))
        ec = build(problem)
        split = subprocess.run([command, "cover", "--split", "4", str(path)], capture_output=True, text=True)
        assert split.stdout.splitlines() == ec.pieces(4), split.stderr
        for piece in ec.pieces(4):
            run = subprocess.run([command, "cover", "--piece", piece, str(path)], capture_output=True, text=True)
            assert int(run.stdout) == ec.count(piece=piece), run.stderr
            checked += 1
    assert checked >= 40


def two_solutions_then_nothing():
    """Item 0 picks Langford pairs of 3 (two solutions, found at once) or of 14 (none, but
    124 million options to prove it): the search finds both solutions, then works a long
    time without calling its visitor."""
    small, large = 3, 14
    a = list(range(1, 1 + 3 * small))
    b = list(range(1 + 3 * small, 1 + 3 * small + 3 * large))
    ec = dlx.ExactCover(1 + len(a) + len(b))
    ec.add([0] + b)  # the small problem's branch, searched first
    ec.add([0] + a)
    for base, n in ((1, small), (1 + 3 * small, large)):
        for k in range(1, n + 1):
            for i in range(2 * n - k - 1):
                ec.add([base + k - 1, base + n + i, base + n + i + k + 1])
    return ec


def test_closing_or_a_limit_stops_the_searches_inside_subtrees_without_solutions():
    # Before the searches polled a cancel flag, a generator closed while its search was in
    # Langford 14 waited for that search to end: 124 million options (a minute and more);
    # now it stops at the search's next look at the clock, having tried the options of the
    # moments before the close only (a few hundred thousand in 50 ms).
    ec = two_solutions_then_nothing()
    listed = ec.solutions()
    assert sorted(len(s) for s in (next(listed), next(listed))) == [4, 4]  # 0 and 3 pairs
    time.sleep(0.05)  # the search is past both solutions, in Langford 14
    listed.close()
    assert 0 < ec.nodes < 10_000_000, ec.nodes
    # With threads, each thread's search stops within its piece (pieces of Langford 14 are
    # some millions of options each; a thread used to finish its own after the close).
    listed = ec.solutions(threads=2)
    assert 0 in next(listed)
    time.sleep(0.05)
    listed.close()
    assert ec.nodes < 10_000_000, ec.nodes
    assert ec.count(limit=1, threads=2) == 1
    assert ec.nodes < 10_000_000, ec.nodes
    assert sorted(ec.solutions(limit=2)) == sorted(ec.solutions(limit=2, threads=2))


def late_solution_then_long():
    """Item 0 picks S (searched first) or H. In S, item 1 picks Langford pairs of 10 (no
    solution: 60,789 options to prove it) before Langford pairs of 3 (two solutions), so S's
    first solution comes after tens of thousands of options; H is Langford pairs of 14 (no
    solution; its pieces on two threads are half a million options and more each)."""
    def langford_options(base, n):
        return [[base + k - 1, base + n + i, base + n + i + k + 1] for k in range(1, n + 1)
                for i in range(2 * n - k - 1)]
    a = list(range(2, 32))
    b = list(range(32, 41))
    h = list(range(41, 41 + 3 * 14))
    ec = dlx.ExactCover(41 + 3 * 14)
    ec.add([0] + h)  # S
    ec.add([0, 1] + a + b)  # H
    ec.add([1] + b)  # S, Langford 10 on a
    ec.add([1] + a)  # S, Langford 3 on b
    for base, n in ((2, 10), (32, 3), (41, 14)):
        for option in langford_options(base, n):
            ec.add(option)
    return ec


def test_a_threaded_at_most_stops_the_other_threads_at_the_first_solution():
    # One thread searches S (piece "0") and finds its solution; the other is inside a piece of
    # H by then. Before the cost searches took the cancel flag, that thread finished its piece
    # (S's options plus 540,000 and more: about 630,000 in all); now it stops at its next look
    # at the clock, having tried about as many options as the first thread.
    ec = late_solution_then_long()
    pieces = ec.pieces(16)
    assert pieces[0] == "0" and all(p.startswith("1 ") for p in pieces[1:])
    alone = ec.minimum(at_most=1000, piece="0")
    assert alone is not None and ec.cost == 5
    s_nodes = ec.nodes
    assert s_nodes > 60_000, s_nodes
    # The smallest piece of H, by Knuth's estimate, is far above what the run may try.
    assert min(ec.estimate(piece=p, paths=200) for p in pieces[1:]) > 4 * s_nodes
    for _ in range(3):
        assert ec.minimum(at_most=1000, threads=2) == alone and ec.cost == 5
        assert s_nodes <= ec.nodes < 4 * s_nodes, (ec.nodes, s_nodes)


def deep_repeat_cover(items, options, seed):
    """A repeat cover whose tree passes 2**1024 (as `dlx cover --estimate`'s test has it):
    `items` items, each covered 1 to m times (m: its options), `options` options of 5 random
    items; a random path decides every option in or out, doubling its weight each time."""
    rng = random.Random(seed)
    ec = dlx.ExactCover(items)
    chosen = [rng.sample(range(items), 5) for _ in range(options)]
    holders = [sum(i in option for option in chosen) for i in range(items)]
    for i in range(items):
        ec.set_bounds(i, 1, max(holders[i], 1))
    for option in chosen:
        ec.add(option)
    return ec


def test_an_estimate_past_the_range_of_float_is_an_exact_int():
    ec = deep_repeat_cover(60, 1200, 7)
    size = ec.estimate(paths=16, seed=1)
    assert isinstance(size, int) and size == ec.estimate(paths=16, seed=1)
    assert 2 ** 1024 < size < 2 ** 1400, size.bit_length()
    # The mantissa's 53 bits, shifted: what the library computed, not a rounding of it.
    assert size % 2 ** (size.bit_length() - 53) == 0
    assert 308 < math.log10(size) < 422 and size > float("1e308")
    # Within a float's range the result is the float it always was.
    small = queens(8)
    assert isinstance(small.estimate(), float) and small.estimate(piece="0 1") == 0.0
