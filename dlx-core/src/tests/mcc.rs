//! The general search (colors, bounds, costs) against a brute force over every set of options.

use core::ops::ControlFlow;

use super::common::rng;
use crate::{Error, Problem};

/// A random small problem of Knuth's whole family.
pub(super) struct Case {
    pub(super) primary: usize,
    pub(super) secondary: usize,
    pub(super) bounds: Vec<(i32, i32)>,
    pub(super) options: Vec<(Vec<i32>, Vec<i32>, i32)>,
}

pub(super) fn random_case(seed: &mut u64, colors: bool, bounds: bool, costs: bool) -> Case {
    let primary = 1 + (rng(seed) % 5) as usize;
    let secondary = (rng(seed) % 4) as usize;
    let items = primary + secondary;
    let count = 1 + (rng(seed) % 12) as usize;
    let mut options = Vec::new();
    for _ in 0..count {
        let mut entries = vec![(rng(seed) % primary as u64) as i32];
        for i in 0..items as i32 {
            if !entries.contains(&i) && rng(seed).is_multiple_of(3) {
                entries.push(i);
            }
        }
        let colored: Vec<i32> =
            entries.iter().map(|&i| if colors && i as usize >= primary { (rng(seed) % 3) as i32 } else { 0 }).collect();
        let cost = if costs { (rng(seed) % 6) as i32 } else { 1 };
        options.push((entries, colored, cost));
    }
    let bounds = (0..primary)
        .map(|_| {
            if bounds {
                let lo = (rng(seed) % 3) as i32;
                (lo, lo.max(1) + (rng(seed) % 3) as i32)
            } else {
                (1, 1)
            }
        })
        .collect();
    Case { primary, secondary, bounds, options }
}

/// Whether the options in `set` (a bit per option) make a solution.
fn is_solution(case: &Case, set: u32) -> bool {
    let chosen = || case.options.iter().enumerate().filter(move |(k, _)| set >> k & 1 == 1).map(|(_, o)| o);
    for (i, &(lo, hi)) in case.bounds.iter().enumerate() {
        let n = chosen().filter(|o| o.0.contains(&(i as i32))).count() as i32;
        if n < lo || n > hi {
            return false;
        }
    }
    for x in case.primary..case.primary + case.secondary {
        let colors: Vec<i32> =
            chosen().filter_map(|o| o.0.iter().position(|&i| i == x as i32).map(|k| o.1[k])).collect();
        if colors.len() > 1 && (colors[0] == 0 || colors.iter().any(|&c| c != colors[0])) {
            return false;
        }
    }
    true
}

/// Every solution, as sorted option numbers, in increasing order of the sets.
pub(super) fn brute_force(case: &Case) -> Vec<(Vec<i32>, i64)> {
    (0..1u32 << case.options.len())
        .filter(|&set| is_solution(case, set))
        .map(|set| {
            let options: Vec<i32> = (0..case.options.len() as i32).filter(|k| set >> k & 1 == 1).collect();
            let cost = options.iter().map(|&k| i64::from(case.options[k as usize].2)).sum();
            (options, cost)
        })
        .collect()
}

/// The words of `case`'s problem, laid out and filled as a caller would.
pub(super) fn words_of(case: &Case) -> Vec<u64> {
    let entries: usize = case.options.iter().map(|o| o.0.len()).sum();
    let items = case.primary + case.secondary;
    let words = Problem::words_for(items, case.options.len(), entries).unwrap();
    let mut memory = vec![0x5A5A_5A5A_5A5A_5A5A_u64; words];
    let mut p = Problem::new(
        &mut memory,
        case.primary as i32,
        case.secondary as i32,
        case.options.len() as i32,
        entries as i64,
    )
    .unwrap();
    for (i, &(lo, hi)) in case.bounds.iter().enumerate() {
        p.set_bounds(i as i32, lo, hi).unwrap();
    }
    for (k, (items, colors, cost)) in case.options.iter().enumerate() {
        assert_eq!(p.add_option(items, Some(colors), *cost), Ok(k));
    }
    memory
}

pub(super) fn with_problem<T>(case: &Case, f: impl FnOnce(&mut Problem<'_>) -> T) -> T {
    let mut memory = words_of(case);
    f(&mut Problem::open(&mut memory).unwrap())
}

fn check(case: &Case) {
    let mut expected = brute_force(case);
    let mut found: Vec<(Vec<i32>, i64)> = with_problem(case, |p| {
        let mut found = Vec::new();
        let n = p
            .search(
                u64::MAX,
                || false,
                |s| {
                    let cost = s.iter().map(|&k| i64::from(case.options[k as usize].2)).sum();
                    found.push((s.to_vec(), cost));
                    ControlFlow::Continue(())
                },
            )
            .unwrap();
        assert_eq!(n as usize, found.len());
        found
    });
    let listed = found.len();
    // The count without the covers written out: the same number, the same nodes.
    let (nodes, counted) = with_problem(case, |p| {
        p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
        let nodes = p.nodes();
        let mut each = 0;
        let n = p.count(
            u64::MAX,
            || false,
            || {
                each += 1;
                ControlFlow::Continue(())
            },
        );
        assert_eq!(p.nodes(), nodes);
        (each, n)
    });
    assert_eq!((nodes, counted), (listed as u64, Ok(listed as u64)));
    found.sort();
    found.dedup();
    assert_eq!(found.len(), listed, "a solution visited twice");
    expected.sort();
    assert_eq!(found, expected);
    let least = expected.iter().map(|s| s.1).min();
    let mut out = vec![0; case.options.len()];
    with_problem(case, |p| match (p.minimum(&mut out, || false), least) {
        (Ok(n), Some(least)) => {
            assert_eq!(p.cost(), least);
            assert!(expected.iter().any(|s| s.0 == out[..n] && s.1 == least), "{:?} not a least solution", &out[..n]);
        }
        (Err(Error::Unsolvable), None) => {}
        (got, want) => panic!("minimum {got:?}, least cost {want:?}"),
    });
    for limit in -1..8 {
        with_problem(case, |p| match p.at_most(limit, &mut out, || false) {
            Ok(n) => {
                assert!(p.cost() <= limit);
                assert!(expected.iter().any(|s| s.0 == out[..n] && s.1 == p.cost()));
            }
            Err(Error::Unsolvable) => assert!(least.is_none_or(|least| least > limit)),
            Err(e) => panic!("{e:?}"),
        });
    }
}

#[test]
fn colors_bounds_and_costs_match_brute_force() {
    let mut seed = 0x6d63_6331;
    for round in 0..3000u32 {
        let (colors, bounds, costs) = (round.is_multiple_of(2), !round.is_multiple_of(3), round % 5 < 3);
        let case = random_case(&mut seed, colors, bounds, costs);
        check(&case);
    }
}

/// A random repeat cover of `items` items and `count` options (each holding each item with
/// probability `percent`%, every item held by some option), each item needed `lo` in
/// 1..=`deepest` times and at most as often as options hold it, options costing 0..`costs`
/// (or 1 when `costs` is 0).
fn repeat_cover(seed: &mut u64, items: usize, count: usize, percent: u64, deepest: u64, costs: u64) -> Case {
    let mut options: Vec<(Vec<i32>, Vec<i32>, i32)> = (0..count)
        .map(|_| {
            let held: Vec<i32> = (0..items as i32).filter(|_| rng(seed) % 100 < percent).collect();
            let cost = if costs == 0 { 1 } else { (rng(seed) % costs) as i32 };
            (held, Vec::new(), cost)
        })
        .collect();
    for i in 0..items as i32 {
        if !options.iter().any(|o| o.0.contains(&i)) {
            let k = (rng(seed) % count as u64) as usize;
            options[k].0.push(i);
            options[k].0.sort_unstable();
        }
    }
    options.retain(|o| !o.0.is_empty());
    for o in &mut options {
        o.1 = vec![0; o.0.len()];
    }
    let bounds = (0..items as i32)
        .map(|i| {
            let holders = options.iter().filter(|o| o.0.contains(&i)).count() as i32;
            ((1 + (rng(seed) % deepest) as i32).min(holders), holders)
        })
        .collect();
    Case { primary: items, secondary: 0, bounds, options }
}

/// The least cost by plain depth-first search over the options in turn, in or out, cut only
/// by the cost so far and by items that can no longer be covered enough: a reference that
/// shares nothing with the engine's bounds.
fn least_by_dfs(case: &Case) -> Option<i64> {
    fn go(case: &Case, k: usize, cost: i64, count: &mut [i32], left: &[Vec<i32>], best: &mut Option<i64>) {
        if best.is_some_and(|b| cost >= b) {
            return;
        }
        if count.iter().zip(&left[k]).zip(&case.bounds).any(|((&c, &l), &(lo, _))| c + l < lo) {
            return;
        }
        if k == case.options.len() {
            *best = Some(cost);
            return;
        }
        let (items, _, price) = &case.options[k];
        if items.iter().all(|&i| count[i as usize] < case.bounds[i as usize].1) {
            items.iter().for_each(|&i| count[i as usize] += 1);
            go(case, k + 1, cost + i64::from(*price), count, left, best);
            items.iter().for_each(|&i| count[i as usize] -= 1);
        }
        go(case, k + 1, cost, count, left, best);
    }
    // left[k][i]: options k.. holding item i.
    let mut left = vec![vec![0; case.primary]; case.options.len() + 1];
    for k in (0..case.options.len()).rev() {
        left[k] = left[k + 1].clone();
        case.options[k].0.iter().for_each(|&i| left[k][i as usize] += 1);
    }
    let mut best = None;
    go(case, 0, 0, &mut vec![0; case.primary], &left, &mut best);
    best
}

#[test]
fn least_cost_of_larger_covers_matches_a_plain_search() {
    let mut seed = 0x7263_6f76;
    for round in 0..200u64 {
        let (items, count) = (8 + (round % 9) as usize, 12 + (round % 11) as usize);
        let case = repeat_cover(&mut seed, items, count, 20, 1 + round % 3, [0, 4, 10][(round % 3) as usize]);
        let least = least_by_dfs(&case);
        let mut out = vec![0; case.options.len()];
        with_problem(&case, |p| match (p.minimum(&mut out, || false), least) {
            (Ok(n), Some(least)) => {
                assert_eq!(p.cost(), least, "round {round}");
                let set = out[..n].iter().fold(0u32, |set, &k| set | 1 << k);
                assert!(is_solution(&case, set), "round {round}: {:?} is no solution", &out[..n]);
                let paid: i64 = out[..n].iter().map(|&k| i64::from(case.options[k as usize].2)).sum();
                assert_eq!(paid, least);
            }
            (Err(Error::Unsolvable), None) => {}
            (got, want) => panic!("round {round}: minimum {got:?}, least cost {want:?}"),
        });
        if let Some(least) = least {
            with_problem(&case, |p| {
                assert!(p.at_most(least, &mut out, || false).is_ok_and(|_| p.cost() <= least));
                assert_eq!(p.at_most(least - 1, &mut out, || false), Err(Error::Unsolvable));
            });
        }
    }
}

/// The judges' repeat cover template: nodes (options tried) to find the fewest options, by
/// DLX over the item with the fewest options, cut when the depth plus `h()` reaches the best
/// (`h()`: count an uncovered item, strike every item its options hold, repeat).
fn template_nodes(case: &Case) -> u64 {
    fn h(case: &Case, covered: &[u32]) -> usize {
        let mut struck: Vec<bool> = covered.iter().map(|&c| c > 0).collect();
        let mut n = 0;
        for i in 0..struck.len() {
            if !struck[i] {
                n += 1;
                for o in case.options.iter().filter(|o| o.0.contains(&(i as i32))) {
                    o.0.iter().for_each(|&j| struck[j as usize] = true);
                }
            }
        }
        n
    }
    fn dance(case: &Case, depth: usize, covered: &mut [u32], best: &mut usize, nodes: &mut u64) {
        if depth + h(case, covered) >= *best {
            return;
        }
        let holders = |i: usize| case.options.iter().filter(|o| o.0.contains(&(i as i32))).count();
        let Some(i) = (0..covered.len()).filter(|&i| covered[i] == 0).min_by_key(|&i| holders(i)) else {
            *best = depth;
            return;
        };
        for o in case.options.iter().filter(|o| o.0.contains(&(i as i32))) {
            *nodes += 1;
            o.0.iter().for_each(|&j| covered[j as usize] += 1);
            dance(case, depth + 1, covered, best, nodes);
            o.0.iter().for_each(|&j| covered[j as usize] -= 1);
        }
    }
    let (mut best, mut nodes) = (usize::MAX, 0);
    dance(case, 0, &mut vec![0; case.primary], &mut best, &mut nodes);
    nodes
}

/// Issue 42's goal for the least repeat cover: at least 10x fewer nodes than the template.
#[test]
fn least_repeat_cover_tries_a_tenth_of_the_templates_nodes() {
    let mut seed = 0x6865_7572;
    for (items, count, percent) in [(30, 45, 12), (40, 60, 10), (50, 70, 9), (60, 80, 8)] {
        let case = repeat_cover(&mut seed, items, count, percent, 1, 0);
        let theirs = template_nodes(&case);
        let mut out = vec![0; case.options.len()];
        let ours = with_problem(&case, |p| {
            p.minimum(&mut out, || false).unwrap();
            p.nodes()
        });
        assert!(ours * 10 <= theirs, "{items} items: {ours} nodes, the template {theirs}");
    }
}
