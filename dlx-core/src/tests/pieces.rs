//! Pieces of a problem against a brute force over every set of options: a piece's solutions
//! are the problem's that obey its decisions; the pieces of a split partition the solutions;
//! the minimum over pieces, chained through `minimum_below`, is the whole problem's.

use core::ops::ControlFlow;

use super::common::rng;
use super::mcc::{Case, brute_force, random_case, with_problem, words_of};
use super::problem::solutions;
use crate::{Error, PieceText, Problem, Size, parse_piece};

fn obeys(solution: &[i32], decisions: &[i32]) -> bool {
    decisions.iter().all(|&d| if d >= 0 { solution.contains(&d) } else { !solution.contains(&(-1 - d)) })
}

/// The pieces a split wrote, each its decisions.
fn pieces_of(out: &[i32], used: usize, count: usize) -> Vec<Vec<i32>> {
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < used {
        let len = out[at] as usize;
        pieces.push(out[at + 1..at + 1 + len].to_vec());
        at += 1 + len;
    }
    assert_eq!((at, pieces.len()), (used, count));
    pieces
}

fn case_of(round: u32, seed: &mut u64) -> Case {
    // Every kind in turn: DLX1's (round 0 mod 8), then colors, bounds and costs in each mix.
    random_case(seed, round & 1 != 0, round & 2 != 0, round & 4 != 0)
}

#[test]
fn random_pieces_find_exactly_the_solutions_that_obey_them() {
    let mut seed = 0x7069_6563_6573_0001;
    let mut contradictory = 0;
    for round in 0..1500u32 {
        let case = case_of(round, &mut seed);
        let all: Vec<Vec<i32>> = brute_force(&case).into_iter().map(|s| s.0).collect();
        let n = case.options.len();
        // Up to three decisions on distinct options, each in or out.
        let mut decisions: Vec<i32> = Vec::new();
        for _ in 0..rng(&mut seed) % 4 {
            let o = (rng(&mut seed) % n as u64) as i32;
            if !decisions.iter().any(|&d| d == o || d == -1 - o) {
                decisions.push(if rng(&mut seed).is_multiple_of(2) { o } else { -1 - o });
            }
        }
        with_problem(&case, |p| {
            p.set_piece(&decisions).unwrap();
            assert_eq!(p.piece(), &decisions[..]);
            let mut found = solutions(p);
            found.sort();
            let mut expected: Vec<Vec<i32>> = all.iter().filter(|s| obeys(s, &decisions)).cloned().collect();
            expected.sort();
            assert_eq!(found, expected, "piece {decisions:?}");
            contradictory += usize::from(expected.is_empty() && !all.is_empty());
            // The least cost under the piece.
            let cost = |s: &Vec<i32>| s.iter().map(|&k| i64::from(case.options[k as usize].2)).sum::<i64>();
            let least = expected.iter().map(cost).min();
            let mut out = vec![0; n];
            match (p.minimum(&mut out, || false), least) {
                (Ok(k), Some(least)) => {
                    assert_eq!(p.cost(), least);
                    assert!(expected.contains(&out[..k].to_vec()));
                }
                (Err(Error::Unsolvable), None) => {}
                (got, want) => panic!("minimum {got:?}, least {want:?} under {decisions:?}"),
            }
            // Cleared, the whole problem again.
            p.set_piece(&[]).unwrap();
            assert_eq!(solutions(p).len(), all.len());
        });
    }
    assert!(contradictory > 100, "{contradictory}");
}

#[test]
fn split_pieces_partition_the_solutions_and_share_the_minimum() {
    let mut seed = 0x7069_6563_6573_0002;
    let mut many = 0;
    for round in 0..1200u32 {
        let case = case_of(round, &mut seed);
        let all = brute_force(&case);
        let mut expected: Vec<Vec<i32>> = all.iter().map(|s| s.0.clone()).collect();
        expected.sort();
        let least = all.iter().map(|s| s.1).min();
        let k = 1 + (rng(&mut seed) % 12) as usize;
        with_problem(&case, |p| {
            let mut out = vec![i32::MIN; 4096];
            let (count, used) = p.split(k, &mut out, || false).unwrap();
            // Fewer pieces than asked only when each is a leaf: a solution of its own.
            assert!(count >= k || count <= expected.len(), "{count} pieces for {k}");
            assert_eq!(p.piece(), &[] as &[i32], "the split leaves the piece as it was");
            let pieces = pieces_of(&out, used, count);
            // The same pieces again.
            let mut again = vec![0; 4096];
            assert_eq!(p.split(k, &mut again, || false), Ok((count, used)));
            assert_eq!(out[..used], again[..used]);
            let mut union = Vec::new();
            let mut best = i64::MAX;
            let mut best_cover = Vec::new();
            for piece in &pieces {
                // The text form round-trips.
                let text = PieceText(piece).to_string();
                let mut parsed = vec![0; piece.len() + 1];
                assert_eq!(parse_piece(&text, &mut parsed), Ok(piece.len()));
                assert_eq!(&parsed[..piece.len()], &piece[..]);
                p.set_piece(piece).unwrap();
                let found = solutions(p);
                assert!(found.iter().all(|s| obeys(s, piece)));
                union.extend(found);
                let mut cover = vec![0; case.options.len()];
                match p.minimum_below(best, &mut cover, || false) {
                    Ok(n) => {
                        assert!(p.cost() < best);
                        best = p.cost();
                        best_cover = cover[..n].to_vec();
                    }
                    Err(Error::Unsolvable) => {}
                    Err(e) => panic!("{e:?}"),
                }
            }
            p.check_links().unwrap();
            p.set_piece(&[]).unwrap();
            let listed = union.len();
            union.sort();
            union.dedup();
            assert_eq!(union.len(), listed, "a solution in two pieces: {pieces:?}");
            assert_eq!(union, expected, "pieces {pieces:?}");
            assert_eq!(least.unwrap_or(i64::MAX), best);
            if least.is_some() {
                assert!(all.iter().any(|s| s.0 == best_cover && s.1 == best));
            }
            many += usize::from(count >= 2);
        });
    }
    assert!(many > 500, "{many} splits into two pieces or more");
}

#[test]
fn a_copy_of_the_words_is_an_independent_problem() {
    let mut seed = 0x7069_6563_6573_0003;
    for round in 0..200u32 {
        let case = case_of(round, &mut seed);
        let expected = brute_force(&case).len();
        let mut memory = words_of(&case);
        let mut p = Problem::open(&mut memory).unwrap();
        let mut out = vec![0; 1024];
        let (count, used) = p.split(4, &mut out, || false).unwrap();
        let pieces = pieces_of(&out, used, count);
        let mut total = 0;
        for piece in &pieces {
            let mut copy = memory.clone();
            let mut q = Problem::open(&mut copy).unwrap();
            q.set_piece(piece).unwrap();
            total += solutions(&mut q).len();
        }
        assert_eq!(total, expected);
    }
}

#[test]
fn bad_pieces_and_split_arguments_are_errors_that_change_nothing() {
    let mut seed = 0x7069_6563_6573_0004;
    let case = loop {
        let case = random_case(&mut seed, true, true, true);
        if case.options.len() >= 3 && !brute_force(&case).is_empty() {
            break case;
        }
    };
    let n = case.options.len() as i32;
    with_problem(&case, |p| {
        p.set_piece(&[1]).unwrap();
        for bad in [vec![n], vec![-1 - n], vec![0, 0], vec![0, -1], vec![2, 1, -3], vec![i32::MIN], vec![i32::MAX]] {
            assert_eq!(p.set_piece(&bad), Err(Error::Arg), "{bad:?}");
            assert_eq!(p.piece(), &[1]);
        }
        let too_many: Vec<i32> = (0..=n).collect();
        assert_eq!(p.set_piece(&too_many), Err(Error::Arg));
        p.set_piece(&[]).unwrap();
        assert_eq!(p.split(0, &mut [0; 64], || false), Err(Error::Arg));
        assert_eq!(p.split(1, &mut [0; 1], || false), Err(Error::Capacity));
        assert_eq!(p.estimate(0, 1), Err(Error::Arg));
    });
}

#[test]
fn piece_text_is_single_spaced_decimals() {
    assert_eq!(PieceText(&[]).to_string(), "");
    assert_eq!(PieceText(&[0, -1, 2147483647, -2147483648]).to_string(), "0 -1 2147483647 -2147483648");
    let mut out = [0; 3];
    assert_eq!(parse_piece("", &mut out), Ok(0));
    assert_eq!(parse_piece("12 -8 40\n", &mut out), Ok(3));
    assert_eq!(out, [12, -8, 40]);
    // Leading zeros are no fault, but "-0" names no decision.
    assert_eq!(parse_piece("0 -01 007", &mut out), Ok(3));
    assert_eq!(out, [0, -1, 7]);
    assert_eq!(parse_piece("12 -8 40\n", &mut out), Ok(3));
    assert_eq!(out, [12, -8, 40]);
    for bad in ["1,2", "+3", "- 3", "3-", "x", "2147483648", "1.0", "--1", "-0", "3 -00", "-0000 1"] {
        assert_eq!(parse_piece(bad, &mut out), Err(Error::Arg), "{bad:?}");
    }
    assert_eq!(parse_piece("1 2 3 4", &mut out), Err(Error::Capacity));
}

/// A problem of DLX1's kind: `options` over `primary` primary and `secondary` secondary items.
fn plain(primary: usize, secondary: usize, options: Vec<Vec<i32>>) -> Case {
    let options = options.into_iter().map(|o| (o.clone(), vec![0; o.len()], 1)).collect();
    Case { primary, secondary, bounds: vec![(1, 1); primary], options }
}

#[test]
fn the_estimate_is_within_twice_the_nodes_on_pentomino_packings() {
    // Boards whose whole search a debug build runs in seconds; the 6x10 figures (in
    // docs/exact-cover.md) come from the pieces benchmark.
    for (rows, cols, want) in [(3, 20, 8), (4, 15, 1472)] {
        with_problem(&plain(72, 0, super::common::pentominoes(rows, cols)), |p| {
            let found = p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
            assert_eq!(found, want, "{rows}x{cols} packings (every rotation and reflection)");
            let nodes = p.nodes() as f64;
            for seed in 1..=5 {
                let estimate = p.estimate(2000, seed).unwrap();
                let ratio = estimate.to_f64() / nodes;
                assert!((0.5..=2.0).contains(&ratio), "{rows}x{cols} seed {seed}: {estimate:.0} for {nodes} nodes");
                assert_eq!(p.estimate(2000, seed), Ok(estimate), "the same seed, the same estimate");
            }
            assert_eq!(p.nodes() as f64, nodes, "the estimate searches nothing");
        });
    }
}

#[test]
fn a_split_into_64_pieces_leaves_none_above_5_percent_of_the_tree() {
    // 10 queens (the diagonals secondary): a tree of some 16,000 nodes, 724 solutions. The
    // pentomino figures are the pieces benchmark's (docs/exact-cover.md).
    let (primary, secondary, options) = super::common::queens(10);
    with_problem(&plain(primary, secondary, options), |p| {
        let found = p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
        let nodes = p.nodes();
        let mut out = vec![0; 1 << 16];
        let (count, used) = p.split(64, &mut out, || false).unwrap();
        assert_eq!(p.nodes(), nodes, "the split leaves the node count alone");
        assert!(count >= 64, "{count} pieces");
        let (mut total, mut largest) = (0, 0);
        for piece in pieces_of(&out, used, count) {
            p.set_piece(&piece).unwrap();
            total += p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
            largest = largest.max(p.nodes());
        }
        p.check_links().unwrap();
        assert_eq!(total, found);
        assert!(largest * 20 <= nodes, "the largest piece has {largest} of {nodes} nodes");
        // The last piece is still set: a split cuts it, and only it, further.
        let last = p.piece().to_vec();
        let (count, used) = p.split(8, &mut out, || false).unwrap();
        assert!(pieces_of(&out, used, count).iter().all(|piece| piece.starts_with(&last)));
        // Too little room for 64 pieces of the whole problem.
        p.set_piece(&[]).unwrap();
        assert_eq!(p.split(64, &mut out[..100], || false), Err(Error::Capacity));
    });
}

#[test]
fn the_split_costs_a_small_part_of_the_tree() {
    // Pentominoes 4x15 (852,892 nodes): the split's counts stop at a few dozen nodes a piece
    // and only the pieces that could matter are estimated twice, so its work (nodes counted
    // and steps of random paths) is 0.6%, 3.7% and 11.5% of the whole search's nodes for 4,
    // 16 and 64 pieces; it was 6%, 15% and 39% when each count ran to hundreds of nodes and
    // every piece was estimated twice.
    with_problem(&plain(72, 0, super::common::pentominoes(4, 15)), |p| {
        p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
        let nodes = p.nodes();
        for (k, percent) in [(4, 2), (16, 5), (64, 15)] {
            let mut out = vec![0; 1 << 16];
            let (count, used, work) = p.split_work(k, &mut out, || false).unwrap();
            assert_eq!(p.split(k, &mut vec![0; 1 << 16], || false), Ok((count, used)));
            assert!(count >= k);
            assert!(work > 0 && work * 100 <= nodes * percent, "K = {k}: {work} for a tree of {nodes} nodes");
        }
    });
}

#[test]
fn the_split_leaves_each_pieces_size_at_the_end_of_out() {
    // Pentominoes 4x15: what callers that run the largest pieces first read. Each size is
    // the piece's node count (small pieces) or Knuth's estimate of it (16 paths, off by 10x
    // for some pieces), together within 2x of the whole tree.
    with_problem(&plain(72, 0, super::common::pentominoes(4, 15)), |p| {
        p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
        let nodes = p.nodes();
        let mut out = vec![0; 1 << 16];
        let (count, used) = p.split(16, &mut out, || false).unwrap();
        let sizes: Vec<f64> = (0..count).map(|j| Size::from_split(out[out.len() - 1 - j]).to_f64()).collect();
        let sum: f64 = sizes.iter().sum();
        assert!(sum >= nodes as f64 / 2.0 && sum <= nodes as f64 * 2.0, "{sum} against {nodes} nodes");
        for (piece, size) in pieces_of(&out, used, count).iter().zip(&sizes) {
            p.set_piece(piece).unwrap();
            p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
            let true_nodes = p.nodes() as f64;
            assert!(*size > 0.0, "{piece:?}");
            // A piece its short count finished is sized exactly.
            if true_nodes <= 32.0 {
                assert_eq!(*size, true_nodes, "{piece:?}");
            }
        }
    });
}

#[test]
fn sizes_add_multiply_compare_and_print_as_f64_does_within_its_range() {
    let mut seed = 0x7069_6563_6573_0005;
    let approx = |a: f64, b: f64| (a - b).abs() <= 1e-12 * a.abs().max(b.abs());
    for _ in 0..20_000 {
        let (x, y) = ((rng(&mut seed) % 1_000_000) as f64 / 7.0, (rng(&mut seed) % (1 << 40)) as f64);
        let (a, b) = (Size::from_f64(x), Size::from_f64(y));
        assert!(approx(a.to_f64(), x) && approx(b.to_f64(), y), "{x} {y}");
        assert!(approx(a.plus(b).to_f64(), x + y), "{x} + {y}");
        assert!(approx(a.product(b).to_f64(), x * y), "{x} * {y}");
        let n = 1 + rng(&mut seed) % 1000;
        assert!(approx(a.times(n).to_f64(), x * n as f64) && approx(a.over(n).to_f64(), x / n as f64));
        assert_eq!(a.partial_cmp(&b), x.partial_cmp(&y), "{x} {y}");
        // Packed in 31 bits, in the same order (ties where 11 mantissa bits cannot tell).
        let (p, q) = (a.pack(), b.pack());
        assert!(p >> 31 == 0 && (x <= y || p >= q) && (x >= y || p <= q), "{x} {y}: {p} {q}");
        assert!((Size::unpack(p).to_f64() - x).abs() <= x / 2048.0);
        let z = x * 1e12 + 1e15;
        // Three digits and an exponent, as `{:.2e}` would but for ties rounded either way.
        let shown = Size::from_f64(z).to_string();
        let (digits, exponent) = shown.split_once('e').unwrap();
        assert!(digits.len() == 4 && exponent == format!("{z:.2e}").split_once('e').unwrap().1, "{z}: {shown}");
        assert!((shown.parse::<f64>().unwrap() - z).abs() <= z * 0.005 / 1.0, "{z}: {shown}");
        assert_eq!(Size::from_f64(x).to_string(), format!("{x:.0}"));
    }
    // Far past an f64: 2^4000 is 1.3e1204; the sum of a size and a far smaller one is the
    // larger; the order holds.
    let mut huge = Size::from(1);
    for _ in 0..4000 {
        huge = huge.times(2);
    }
    assert_eq!((huge.mantissa(), huge.exponent(), huge.to_f64()), (1.0, 4000, f64::INFINITY));
    assert_eq!(huge.to_string(), "1.32e1204");
    assert_eq!(huge.plus(Size::from(1)), huge);
    assert!(huge.plus(huge) > huge && huge.over(3) < huge && huge > Size::from(u64::MAX));
    assert_eq!(huge.over(1 << 20).exponent(), 3980);
    assert!(Size::unpack(huge.pack()) == huge && Size::unpack(Size::ZERO.pack()) == Size::ZERO);
}

/// A repeat cover whose tree of all solutions is astronomically deep and wide: `items` items,
/// each covered 1 to m times (m: its options), `options` options of 5 random items each; every
/// option is in or out of a solution, so a random path decides them all and its weight
/// doubles at each: 2^options, past an f64's range beyond 1,024 options.
fn deep_repeat_cover(items: usize, options: usize) -> Case {
    let mut seed = 0x7265_7065_6174_0001;
    let mut list = Vec::new();
    let mut holders = vec![0; items];
    while list.len() < options {
        let mut option: Vec<i32> = Vec::new();
        while option.len() < 5 {
            let item = (rng(&mut seed) % items as u64) as i32;
            if !option.contains(&item) {
                option.push(item);
            }
        }
        for &i in &option {
            holders[i as usize] += 1;
        }
        list.push((option, vec![0; 5], 1));
    }
    Case { primary: items, secondary: 0, bounds: holders.iter().map(|&m| (1, m.max(1))).collect(), options: list }
}

#[test]
fn a_repeat_cover_past_the_range_of_f64_has_a_finite_estimate_and_a_split_that_is_no_comb() {
    with_problem(&deep_repeat_cover(60, 1500), |p| {
        let estimate = p.estimate(16, 1).unwrap();
        assert_eq!(estimate.to_f64(), f64::INFINITY, "{estimate:?}");
        assert!(estimate.exponent() > 1024 && estimate.exponent() < 1600, "{estimate:?}");
        assert!(estimate.to_string().contains('e'), "{estimate}");
        // With sizes that all read infinite, the split took the first of equals each time:
        // a comb, each piece one more option out along the leftmost path ([0], [-1, 1],
        // [-1, -2, 2], ...), the last of them all outs and about half the tree. Pieces in
        // both halves of the first decision, at like depths, are no comb.
        let mut out = vec![0; 1 << 16];
        let (count, used, _) = p.split_work(8, &mut out, || false).unwrap();
        let pieces = pieces_of(&out, used, count);
        assert!(count >= 8, "{pieces:?}");
        let longest = pieces.iter().map(Vec::len).max().unwrap();
        let mut lengths: Vec<usize> = pieces.iter().map(Vec::len).collect();
        lengths.dedup();
        assert!(lengths.len() < count && longest <= count / 2, "{pieces:?}");
        let first = pieces[0][0];
        let outs = pieces.iter().filter(|piece| piece[0] == -1 - first).count();
        assert!(outs >= 2 && outs <= count - 2, "{pieces:?}");
    });
}

#[test]
fn the_cost_searches_ask_expired_before_they_start() {
    // A thread whose piece is no longer wanted (a cancel flag behind `expired`) stops before
    // its first node, nothing written; asked once more than the search's own questions.
    with_problem(&plain(72, 0, super::common::pentominoes(4, 15)), |p| {
        let mut out = [-1; 16];
        assert_eq!(p.at_most(12, &mut out, || false), Ok(12));
        assert!(p.nodes() > 0 && p.cost() == 12);
        let kept = out;
        let mut asked = 0;
        assert_eq!(p.at_most(12, &mut out, || true), Err(Error::Timeout));
        assert_eq!((p.nodes(), out), (0, kept));
        assert_eq!(p.minimum_below(13, &mut out, || true), Err(Error::Timeout));
        assert_eq!(p.minimum(&mut out, || true), Err(Error::Timeout));
        assert_eq!((p.nodes(), out, p.cost()), (0, kept, 12));
        assert_eq!(
            p.minimum(&mut out, || {
                asked += 1;
                false
            }),
            Ok(12)
        );
        let nodes = p.nodes();
        assert!(asked >= 1 && asked <= 1 + nodes / u64::from(crate::NODES_A_QUESTION) + 1, "{asked} for {nodes}");
        // Nothing to search (a bound no cover beats) asks nothing.
        assert_eq!(p.at_most(-1, &mut out, || true), Err(Error::Unsolvable));
        assert_eq!(p.minimum_below(0, &mut out, || true), Err(Error::Unsolvable));
    });
}
