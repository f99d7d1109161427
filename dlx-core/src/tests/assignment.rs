//! The Hungarian method of the Target Sudoku's row relaxation (`target::assignment`) against
//! brute force over every permutation: the optimum, its certificate (the dual potentials), warm
//! starts after cost changes, and the exact penalty of forcing each pair.

use super::common::rng;
use crate::target::assignment::{Assignment, FORBIDDEN, MAX_N, solve, solve_from};

/// The cheapest perfect matching by trying every permutation.
fn brute_force(cost: &[[i64; MAX_N]; MAX_N], n: usize) -> i64 {
    fn go(cost: &[[i64; MAX_N]; MAX_N], n: usize, row: usize, used: u32) -> i64 {
        if row == n {
            return 0;
        }
        (0..n)
            .filter(|&j| used & (1 << j) == 0)
            .map(|j| cost[row][j].saturating_add(go(cost, n, row + 1, used | 1 << j)))
            .min()
            .unwrap()
    }
    go(cost, n, 0, 0)
}

fn check_certificate(cost: &[[i64; MAX_N]; MAX_N], n: usize, a: &Assignment) {
    let mut seen = 0u32;
    let mut total = 0;
    for i in 0..n {
        let j = a.column_of[i];
        assert!(j < n && seen & (1 << j) == 0, "a perfect matching");
        seen |= 1 << j;
        total += cost[i][j];
        assert_eq!(a.reduced_cost(cost, i, j), 0, "tight on matched pairs");
        for j in 0..n {
            assert!(a.reduced_cost(cost, i, j) >= 0, "dual feasible");
        }
    }
    assert_eq!(total, a.cost, "the potentials sum to the matching's cost");
}

#[test]
fn matches_brute_force_and_certifies_itself() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for round in 0..3000 {
        let n = 1 + round % 7;
        let mut cost = [[0i64; MAX_N]; MAX_N];
        for row in cost.iter_mut().take(n) {
            for c in row.iter_mut().take(n) {
                *c = match rng(&mut seed) % 10 {
                    0 => FORBIDDEN,
                    _ => (rng(&mut seed) % 2001) as i64 - 1000,
                };
            }
        }
        let a = solve(&cost, n);
        assert_eq!(a.cost, brute_force(&cost, n), "{cost:?}");
        check_certificate(&cost, n, &a);
    }
}

#[test]
fn warm_starts_reach_the_same_optimum_after_cost_changes() {
    let mut seed = 0x1234_5678_9ABC_DEF1u64;
    for round in 0..2000 {
        let n = 1 + round % MAX_N;
        let mut cost = [[0i64; MAX_N]; MAX_N];
        for row in cost.iter_mut().take(n) {
            for c in row.iter_mut().take(n) {
                *c = if rng(&mut seed).is_multiple_of(8) { FORBIDDEN } else { (rng(&mut seed) % 2001) as i64 - 1000 };
            }
        }
        let mut previous = solve(&cost, n);
        for _ in 0..5 {
            for row in cost.iter_mut().take(n) {
                for c in row.iter_mut().take(n) {
                    if *c != FORBIDDEN && rng(&mut seed).is_multiple_of(3) {
                        *c += (rng(&mut seed) % 201) as i64 - 100;
                    }
                }
            }
            let warm = solve_from(&cost, n, Some(&previous));
            check_certificate(&cost, n, &warm);
            assert_eq!(warm.cost, solve(&cost, n).cost);
            if n <= 7 {
                assert_eq!(warm.cost, brute_force(&cost, n));
            }
            previous = warm;
        }
    }
}

/// The cheapest perfect matching that uses (i, j), by trying every permutation.
fn brute_force_with(cost: &[[i64; MAX_N]; MAX_N], n: usize, i: usize, j: usize) -> i64 {
    let mut forced = *cost;
    for (col, slot) in forced[i].iter_mut().enumerate().take(n) {
        if col != j {
            *slot = FORBIDDEN;
        }
    }
    brute_force(&forced, n)
}

#[test]
fn penalties_are_the_exact_cost_of_forcing_each_pair() {
    let mut seed = 0xFEED_0017_0000_0001u64;
    let mut above = 0;
    for round in 0..400 {
        let n = 2 + round % 6;
        let mut cost = [[0i64; MAX_N]; MAX_N];
        for row in cost.iter_mut().take(n) {
            for c in row.iter_mut().take(n) {
                *c = if rng(&mut seed).is_multiple_of(9) { FORBIDDEN } else { (rng(&mut seed) % 2001) as i64 - 1000 };
            }
        }
        let a = solve(&cost, n);
        if a.cost >= FORBIDDEN / 2 {
            continue; // every matching uses a forbidden pair
        }
        let penalty = a.penalties(&cost, n);
        for (i, row) in penalty.iter().enumerate().take(n) {
            for (j, &pair) in row.iter().enumerate().take(n) {
                let best = brute_force_with(&cost, n, i, j);
                let reduced = a.reduced_cost(&cost, i, j);
                if best >= FORBIDDEN / 2 {
                    assert!(pair >= FORBIDDEN / 2, "no matching uses ({i}, {j}): {cost:?}");
                } else {
                    assert_eq!(pair, best - a.cost, "({i}, {j}) of {cost:?}");
                    assert!(pair >= reduced);
                    above += usize::from(pair > reduced);
                }
            }
        }
    }
    assert!(above > 1000, "the exact penalty exceeds the reduced cost often: {above}");
}

#[test]
fn nine_by_nine_is_certified_optimal() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..500 {
        let mut cost = [[0i64; MAX_N]; MAX_N];
        for row in cost.iter_mut() {
            for c in row.iter_mut() {
                *c = (rng(&mut seed) % 100_000) as i64 - 50_000;
            }
        }
        check_certificate(&cost, MAX_N, &solve(&cost, MAX_N));
    }
}
