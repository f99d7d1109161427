//! The Target Sudoku's cost-ordered search on the 9x9 bit boards (`target::cost_order`)
//! against independent evidence: the 9x9 search's count, a full grid its costs point to, and a
//! brute-force cheapest completion of nearly full grids.

use super::common::{is_completion, no_limit, random_full_grid, rng};
use crate::sudoku::nine;
use crate::target::cost_order::{costing_at_most, first_by_cost};

/// The cost-ordered first completion (the Target Sudoku's dives): on random grids of 0-40 givens
/// (half with one given changed, mostly unsolvable) it finds a completion exactly when there is one; when each cell's cheapest digit is that of one
/// full grid, every branch takes it, so that grid comes out, without a single wrong guess; and
/// narrowed to masks that hold a completion, it finds one within them.
#[test]
fn the_cost_ordered_first_completion_follows_its_costs() {
    let mut seed = 0x0b17_b0a2_d900_00c0u64;
    for round in 0..500 {
        let full = random_full_grid(&mut seed);
        let keep = rng(&mut seed) % 40;
        let mut grid: Vec<u8> = full.iter().map(|&d| if rng(&mut seed) % 81 < keep { d } else { 0 }).collect();
        let mut random_cost = [[0i64; 10]; 81];
        random_cost.iter_mut().flatten().for_each(|c| *c = (rng(&mut seed) % 1000) as i64);
        let cells: [u8; 81] = grid.clone().try_into().unwrap();
        let mut cost = [[1i64; 10]; 81];
        for (cell, &digit) in full.iter().enumerate() {
            cost[cell][usize::from(digit)] = 0;
        }
        let followed = first_by_cost(&cells, &[!0; 81], &cost, u64::MAX, &mut no_limit()).unwrap();
        assert_eq!(followed.last.map(Vec::from), Some(full.to_vec()), "round {round}");
        assert!(followed.nodes <= 81, "round {round}: {} branches", followed.nodes);
        // Each open cell narrowed to its full-grid digit and one other at random (a given's
        // mask left empty: givens stay): a completion within the masks exists and is found.
        let masks: [u32; 81] =
            std::array::from_fn(
                |cell| {
                    if cells[cell] == 0 { 1 << full[cell] | 1 << (1 + rng(&mut seed) % 9) } else { 0 }
                },
            );
        let narrowed = first_by_cost(&cells, &masks, &random_cost, u64::MAX, &mut no_limit()).unwrap();
        let first = narrowed.last.unwrap_or_else(|| panic!("round {round}: nothing within the masks"));
        assert!(is_completion(9, &grid, &first), "round {round}");
        assert!((0..81).all(|c| cells[c] != 0 || masks[c] & 1 << first[c] != 0), "round {round}: {first:?}");
        if round % 2 == 0 {
            grid[(rng(&mut seed) % 81) as usize] = 1 + (rng(&mut seed) % 9) as u8;
        }
        let cells: [u8; 81] = grid.clone().try_into().unwrap();
        let any = first_by_cost(&cells, &[!0; 81], &random_cost, u64::MAX, &mut no_limit()).unwrap();
        let count = nine::search(&cells, 1, &mut no_limit()).unwrap().count;
        assert_eq!(u64::from(any.last.is_some()), count, "round {round}: {grid:?}");
        if let Some(first) = any.last {
            assert!(is_completion(9, &grid, &first), "round {round}");
        }
    }
    // No branch in a budget of none: nothing found, and nothing claimed.
    let empty = first_by_cost(&[0; 81], &[!0; 81], &[[0; 10]; 81], 0, &mut no_limit()).unwrap();
    assert_eq!((empty.last, empty.complete), (None, false));
}

/// The cheapest completion of a nearly full grid within `masks` (a given's mask ignored) and
/// its cost, by trying every digit in every blank cell: the reference for `costing_at_most`.
fn cheapest_by_brute_force(grid: &mut [u8; 81], masks: &[u32; 81], cost: &[[i64; 10]; 81], at: usize) -> Option<i64> {
    let Some(cell) = (at..81).find(|&c| grid[c] == 0) else {
        return Some((0..81).map(|c| cost[c][usize::from(grid[c])]).sum());
    };
    let (r, c) = (cell / 9, cell % 9);
    let mut best = None;
    for digit in 1..=9u8 {
        let clash = (0..9).any(|k| {
            grid[9 * r + k] == digit
                || grid[9 * k + c] == digit
                || grid[9 * (r / 3 * 3 + k / 3) + c / 3 * 3 + k % 3] == digit
        });
        if masks[cell] & 1 << digit == 0 || clash {
            continue;
        }
        grid[cell] = digit;
        let found = cheapest_by_brute_force(grid, masks, cost, cell + 1);
        grid[cell] = 0;
        if let Some(found) = found {
            best = Some(best.map_or(found, |b: i64| b.min(found)));
        }
    }
    best
}

#[test]
fn the_cost_limited_search_finds_exactly_what_the_limit_allows() {
    let mut seed = 0x0c05_71ed_0000_0017u64;
    let mut searched = 0;
    for round in 0..400 {
        let full = random_full_grid(&mut seed);
        let blanks = 8 + rng(&mut seed) % 20;
        let mut grid = full;
        for _ in 0..blanks {
            grid[(rng(&mut seed) % 81) as usize] = 0;
        }
        let mut cost = [[0i64; 10]; 81];
        cost.iter_mut().flatten().for_each(|c| *c = (rng(&mut seed) % 1000) as i64);
        // Half the rounds narrow each cell to two digits, not always holding the full grid's.
        let masks: [u32; 81] = std::array::from_fn(|_| {
            if round % 2 == 0 { !0 } else { 1 << (1 + rng(&mut seed) % 9) | 1 << (1 + rng(&mut seed) % 9) }
        });
        let cheapest = cheapest_by_brute_force(&mut grid.clone(), &masks, &cost, 0);
        let cost_of = |g: &[u8; 81]| (0..81).map(|c| cost[c][usize::from(g[c])]).sum::<i64>();
        let check = |g: &[u8; 81]| {
            assert!(is_completion(9, &grid, g), "round {round}");
            assert!((0..81).all(|c| grid[c] != 0 || masks[c] & 1 << g[c] != 0), "round {round}");
        };
        let Some(cheapest) = cheapest else {
            let run = costing_at_most(&grid, &masks, &cost, i64::MAX / 4, Some(1), u64::MAX, &mut no_limit());
            assert!(run.last.is_none() && run.complete, "round {round}: found where none is");
            continue;
        };
        searched += 1;
        // At the cheapest cost's limit: found; one below: proven none.
        let at = costing_at_most(&grid, &masks, &cost, cheapest, None, u64::MAX, &mut no_limit());
        let first = at.last.unwrap_or_else(|| panic!("round {round}: none at {cheapest}"));
        check(&first);
        assert_eq!(cost_of(&first), cheapest, "round {round}");
        let below = costing_at_most(&grid, &masks, &cost, cheapest - 1, None, u64::MAX, &mut no_limit());
        assert!(below.last.is_none() && below.complete, "round {round}: found below the cheapest");
        // Improving from no limit: the cheapest.
        let best = costing_at_most(&grid, &masks, &cost, i64::MAX / 4, Some(1), u64::MAX, &mut no_limit());
        let last = best.last.unwrap();
        check(&last);
        assert_eq!((cost_of(&last), best.complete), (cheapest, true), "round {round}");
    }
    assert!(searched >= 200, "{searched} rounds with a completion");
    // No branch in a budget of none on the empty grid: nothing found, and nothing proven.
    let none = costing_at_most(&[0; 81], &[!0; 81], &[[0; 10]; 81], 0, None, 0, &mut no_limit());
    assert_eq!((none.last, none.complete), (None, false));
}
