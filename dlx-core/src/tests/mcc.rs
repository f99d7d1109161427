//! The general search (colors, bounds, costs) against a brute force over every set of options.

use core::ops::ControlFlow;

use super::common::rng;
use crate::{Error, Problem};

/// A random small problem of Knuth's whole family.
struct Case {
    primary: usize,
    secondary: usize,
    bounds: Vec<(i32, i32)>,
    options: Vec<(Vec<i32>, Vec<i32>, i32)>,
}

fn random_case(seed: &mut u64, colors: bool, bounds: bool, costs: bool) -> Case {
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
fn brute_force(case: &Case) -> Vec<(Vec<i32>, i64)> {
    (0..1u32 << case.options.len())
        .filter(|&set| is_solution(case, set))
        .map(|set| {
            let options: Vec<i32> = (0..case.options.len() as i32).filter(|k| set >> k & 1 == 1).collect();
            let cost = options.iter().map(|&k| i64::from(case.options[k as usize].2)).sum();
            (options, cost)
        })
        .collect()
}

fn with_problem<T>(case: &Case, f: impl FnOnce(&mut Problem<'_>) -> T) -> T {
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
    f(&mut p)
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
