//! The generator against independent evidence: every 9x9 puzzle it makes is counted by a plain
//! backtracking solver written here (not the library's search), which also checks that no
//! given (no orbit, under a symmetry) can go; 16x16 puzzles are checked with the library's
//! `count16` (a brute force is too slow there), which its own tests check against the data.
//! Also: the same seed gives the same puzzle, other seeds others; the pattern keeps the
//! symmetry asked; a target of givens is met or times out; a 256 KiB thread is enough; a
//! rating range gives puzzles `rate9` rates inside it, unique and minimal by the reference.

use std::time::{Duration, Instant};

use crate::sudoku::generate::{Rng, Symmetry};
use crate::{Error, Rating, count16, generate9, generate9_rated, generate16, rate9};

const SYMMETRIES: [Symmetry; 4] = [Symmetry::None, Symmetry::Rotate180, Symmetry::Rotate90, Symmetry::Mirror];

/// Solutions of a 9x9 grid (0 blank), up to `limit`: backtracking over the cell with the
/// fewest candidates, candidates from the row, column and box masks.
fn reference_count(grid: &[u8; 81], limit: u64) -> u64 {
    fn count(grid: &mut [u8; 81], used: &mut [[u16; 9]; 3], limit: u64) -> u64 {
        let mut best: Option<(usize, u16)> = None;
        for (cell, &digit) in grid.iter().enumerate() {
            if digit == 0 {
                let (r, c) = (cell / 9, cell % 9);
                let free = !(used[0][r] | used[1][c] | used[2][r / 3 * 3 + c / 3]) & 0x1FF;
                if best.is_none_or(|(_, m)| free.count_ones() < m.count_ones()) {
                    best = Some((cell, free));
                }
            }
        }
        let Some((cell, free)) = best else { return 1 };
        let (r, c) = (cell / 9, cell % 9);
        let mut found = 0;
        for d in 0..9 {
            if free & 1 << d != 0 {
                let bit = 1 << d;
                used[0][r] |= bit;
                used[1][c] |= bit;
                used[2][r / 3 * 3 + c / 3] |= bit;
                grid[cell] = d as u8 + 1;
                found += count(grid, used, limit - found);
                grid[cell] = 0;
                used[0][r] &= !bit;
                used[1][c] &= !bit;
                used[2][r / 3 * 3 + c / 3] &= !bit;
                if found >= limit {
                    break;
                }
            }
        }
        found
    }
    let mut used = [[0u16; 9]; 3];
    let mut grid = *grid;
    for (cell, &digit) in grid.iter().enumerate() {
        if digit != 0 {
            let (r, c, bit) = (cell / 9, cell % 9, 1u16 << (digit - 1));
            let b = r / 3 * 3 + c / 3;
            if (used[0][r] | used[1][c] | used[2][b]) & bit != 0 {
                return 0;
            }
            used[0][r] |= bit;
            used[1][c] |= bit;
            used[2][b] |= bit;
        }
    }
    count(&mut grid, &mut used, limit)
}

/// The cells of text (`.`/`-` blank, `1`..`9` or `A`..`P` a given) as 0 and 1..=side.
fn cells(text: &[u8]) -> Vec<u8> {
    text.iter()
        .map(|&b| match b {
            b'.' | b'-' => 0,
            b'1'..=b'9' => b - b'0',
            b'A'..=b'P' => b - b'A' + 1,
            _ => panic!("unexpected byte {b}"),
        })
        .collect()
}

/// The orbits of `symmetry` on a grid of `side`, written independently of the generator's.
fn orbits(side: usize, symmetry: Symmetry) -> Vec<Vec<usize>> {
    let n = side - 1;
    let mut seen = vec![false; side * side];
    let mut all = Vec::new();
    for cell in 0..side * side {
        if seen[cell] {
            continue;
        }
        let mut orbit = vec![cell];
        let mut at = cell;
        loop {
            let (r, c) = (at / side, at % side);
            // One generator of the group, applied until it comes back.
            let next = match symmetry {
                Symmetry::None => cell,
                Symmetry::Rotate180 => (n - r) * side + (n - c),
                Symmetry::Rotate90 => c * side + (n - r),
                Symmetry::Mirror => r * side + (n - c),
            };
            if next == cell {
                break;
            }
            orbit.push(next);
            at = next;
        }
        for &o in &orbit {
            seen[o] = true;
        }
        all.push(orbit);
    }
    all
}

/// Whether the givens of `grid` form a pattern `symmetry` keeps.
fn symmetric(side: usize, grid: &[u8], symmetry: Symmetry) -> bool {
    orbits(side, symmetry).iter().all(|o| o.iter().all(|&c| (grid[c] != 0) == (grid[o[0]] != 0)))
}

#[test]
fn nine_by_nine_puzzles_are_unique_minimal_and_symmetric_by_a_reference() {
    let mut seeds = 0u64;
    for (k, &symmetry) in SYMMETRIES.iter().enumerate() {
        for i in 0..75u64 {
            let seed = 1_000 * k as u64 + i * 7919;
            let text = generate9(seed, symmetry, 0, || false).unwrap();
            let grid: [u8; 81] = cells(&text).try_into().unwrap();
            assert_eq!(reference_count(&grid, 2), 1, "{symmetry:?} seed {seed}: not one solution");
            assert!(symmetric(9, &grid, symmetry), "{symmetry:?} seed {seed}: pattern not symmetric");
            for orbit in orbits(9, symmetry) {
                if grid[orbit[0]] == 0 {
                    continue;
                }
                let mut fewer = grid;
                for &c in &orbit {
                    fewer[c] = 0;
                }
                assert_eq!(reference_count(&fewer, 2), 2, "{symmetry:?} seed {seed}: {orbit:?} can go");
            }
            seeds += 1;
        }
    }
    assert_eq!(seeds, 300);
}

#[test]
fn sixteen_by_sixteen_puzzles_are_unique_minimal_and_symmetric() {
    for (seed, symmetry) in
        [(0, Symmetry::None), (1, Symmetry::Rotate180), (2, Symmetry::Rotate90), (3, Symmetry::Mirror)]
    {
        let text = generate16(seed, symmetry, 0, || false).unwrap();
        let grid = cells(&text);
        assert_eq!(count16(text, 2, || false), Ok(1), "seed {seed}");
        assert!(symmetric(16, &grid, symmetry), "{symmetry:?} seed {seed}: pattern not symmetric");
        for orbit in orbits(16, symmetry) {
            if grid[orbit[0]] == 0 {
                continue;
            }
            let mut fewer = text;
            for &c in &orbit {
                fewer[c] = b'-';
            }
            assert_eq!(count16(fewer, 2, || false), Ok(2), "{symmetry:?} seed {seed}: {orbit:?} can go");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle_and_other_seeds_others() {
    let mut seen = std::collections::HashSet::new();
    for seed in 0..100u64 {
        let first = generate9(seed, Symmetry::None, 0, || false).unwrap();
        assert_eq!(first, generate9(seed, Symmetry::None, 0, || false).unwrap());
        assert!(seen.insert(first), "seed {seed} repeats a puzzle");
    }
    // Golden values: any change to the generator's stream or order shows here (and so does a
    // platform that computed them differently).
    let golden = generate9(42, Symmetry::Rotate180, 0, || false).unwrap();
    assert_eq!(std::str::from_utf8(&golden).unwrap(), GOLDEN_9);
    let a = generate16(5, Symmetry::None, 0, || false).unwrap();
    assert_eq!(a, generate16(5, Symmetry::None, 0, || false).unwrap());
    assert_ne!(a, generate16(6, Symmetry::None, 0, || false).unwrap());
}

const GOLDEN_9: &str = "....35..7.18.9....3.9.....6285...4.............4...6839.....2.5....5.37.5..14....";

#[test]
fn complete_grids_vary_beyond_relabelling() {
    // The full grids behind different seeds are not one grid relabelled: the first row's
    // pattern of which digit follows which differs across seeds.
    let mut patterns = std::collections::HashSet::new();
    for seed in 0..50 {
        let text = generate9(seed, Symmetry::None, 0, || false).unwrap();
        let solved = crate::solve9(text).unwrap();
        // The relabelling-free shape of the grid: each row as positions of the first row's digits.
        let first: Vec<u8> = solved[..9].to_vec();
        let shape: Vec<usize> = solved[9..].iter().map(|d| first.iter().position(|f| f == d).unwrap()).collect();
        patterns.insert(shape);
    }
    assert!(patterns.len() > 40, "{} different grids out of 50", patterns.len());
}

#[test]
fn a_target_of_givens_is_met_or_times_out() {
    for seed in 0..20 {
        let text = generate9(seed, Symmetry::None, 23, || false).unwrap();
        let grid: [u8; 81] = cells(&text).try_into().unwrap();
        assert!(grid.iter().filter(|&&d| d != 0).count() <= 23, "seed {seed}");
        assert_eq!(reference_count(&grid, 2), 1);
    }
    let end = Instant::now() + Duration::from_millis(50);
    let started = Instant::now();
    assert_eq!(generate9(1, Symmetry::None, 10, || Instant::now() >= end), Err(Error::Timeout));
    assert!(started.elapsed() < Duration::from_secs(2));
    let end = Instant::now() + Duration::from_millis(50);
    assert_eq!(generate16(1, Symmetry::None, 20, || Instant::now() >= end), Err(Error::Timeout));
    // More than the cells: the first puzzle.
    assert_eq!(generate9(3, Symmetry::None, 81, || false), generate9(3, Symmetry::None, 0, || false));
}

#[test]
fn orbits_and_the_stream_are_as_documented() {
    for side in [9, 16] {
        for symmetry in SYMMETRIES {
            for orbit in orbits(side, symmetry) {
                for &cell in &orbit {
                    let (mine, len) = symmetry.orbit(side, cell);
                    let mut mine = mine[..len].to_vec();
                    let mut theirs = orbit.clone();
                    mine.sort_unstable();
                    theirs.sort_unstable();
                    assert_eq!(mine, theirs, "{symmetry:?} side {side} cell {cell}");
                }
            }
        }
    }
    // splitmix64's published first outputs for seed 0.
    let mut rng = Rng::from_state(0);
    assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    let mut counts = [0u32; 5];
    for _ in 0..5_000 {
        counts[rng.below(5)] += 1;
    }
    assert!(counts.iter().all(|&c| (850..1150).contains(&c)), "{counts:?}");
}

#[test]
fn generation_runs_on_a_256_kib_thread_stack() {
    let made = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let rated = generate9_rated(9, Symmetry::None, 0, 70, 120, || false);
            (generate9(9, Symmetry::Rotate90, 0, || false), generate16(9, Symmetry::Mirror, 0, || false), rated)
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(made.0.is_ok() && made.1.is_ok() && made.2.is_ok());
}

/// Whether the 9x9 `grid` (0 blank) has one solution and no given can go, by the reference.
fn unique_and_minimal(grid: &[u8; 81]) -> bool {
    reference_count(grid, 2) == 1
        && (0..81).filter(|&c| grid[c] != 0).all(|c| {
            let mut fewer = *grid;
            fewer[c] = 0;
            reference_count(&fewer, 2) == 2
        })
}

#[test]
fn rated_puzzles_rate_inside_their_range_and_are_unique_and_minimal() {
    // Ranges across the scale: singles, subsets, wings and uniqueness, chains.
    for (lo, hi) in [(10, 15), (20, 30), (40, 60), (70, 120)] {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..4u64 {
            let (text, rating) = generate9_rated(seed, Symmetry::None, 0, lo, hi, || false).unwrap();
            assert!((lo..=hi).contains(&rating), "{lo}-{hi} seed {seed}: {rating}");
            assert_eq!(rate9(text), Ok(Rating::Rated(rating)), "{lo}-{hi} seed {seed}");
            let grid: [u8; 81] = cells(&text).try_into().unwrap();
            assert!(unique_and_minimal(&grid), "{lo}-{hi} seed {seed}: not unique and minimal");
            assert_eq!(generate9_rated(seed, Symmetry::None, 0, lo, hi, || false), Ok((text, rating)));
            assert!(seen.insert(text), "{lo}-{hi} seed {seed} repeats a puzzle");
        }
    }
    // With a symmetry and a target of givens, the range still holds and so do they.
    let (text, rating) = generate9_rated(11, Symmetry::Rotate180, 26, 20, 45, || false).unwrap();
    let grid: [u8; 81] = cells(&text).try_into().unwrap();
    assert_eq!(rate9(text), Ok(Rating::Rated(rating)));
    assert!((20..=45).contains(&rating) && grid.iter().filter(|&&d| d != 0).count() <= 26);
    assert!(symmetric(9, &grid, Symmetry::Rotate180));
    assert_eq!(reference_count(&grid, 2), 1);
    // The widest range takes the first puzzle the plain generator makes when it is rated.
    let plain = generate9(3, Symmetry::None, 0, || false).unwrap();
    let Ok(Rating::Rated(r)) = rate9(plain) else { panic!("seed 3's first puzzle is rated") };
    assert_eq!(generate9_rated(3, Symmetry::None, 0, 0, crate::RATING_MAX, || false), Ok((plain, r)));
}

#[test]
fn a_rating_range_out_of_reach_times_out_and_bad_ranges_are_refused() {
    // No puzzle rates 11.5 or more here (the chains stop well below; harder is beyond).
    let end = Instant::now() + Duration::from_millis(100);
    let started = Instant::now();
    assert_eq!(generate9_rated(1, Symmetry::None, 0, 115, 120, || Instant::now() >= end), Err(Error::Timeout));
    assert!(started.elapsed() < Duration::from_secs(2));
    // An expired clock ends the call at its first question, even inside a rating.
    let mut asked = 0;
    assert_eq!(
        generate9_rated(1, Symmetry::None, 0, 70, 120, || {
            asked += 1;
            true
        }),
        Err(Error::Timeout)
    );
    assert_eq!(asked, 1);
    assert_eq!(generate9_rated(1, Symmetry::None, 0, 31, 30, || false), Err(Error::Arg));
    assert_eq!(generate9_rated(1, Symmetry::None, 0, 10, crate::RATING_MAX + 1, || false), Err(Error::Arg));
}

#[test]
fn a_completion_without_a_digit_is_another_completion() {
    // The generator's question for one blanked given, by the learner and by the DLX engine,
    // against counting to 2: blanking a given of a unique puzzle leaves it unique exactly when
    // no completion puts another digit there. Every given of two generated puzzles.
    use crate::deadline::Deadline;
    use crate::sudoku::{Shape, Workspace16};
    let mut space = std::mem::MaybeUninit::<Workspace16>::uninit();
    let (mut kept, mut freed) = (0, 0);
    for seed in [0, 7] {
        let text = generate16(seed, Symmetry::None, 0, || false).unwrap();
        let grid = cells(&text);
        // A few cells filled from the completion: givens that are not all needed.
        let mut full = grid.clone();
        let solution = cells(&crate::solve16(text).unwrap());
        for cell in (0..256).step_by(37) {
            full[cell] = solution[cell];
        }
        for cell in (0..256).filter(|&c| full[c] != 0) {
            let mut open = full.clone();
            open[cell] = 0;
            let known = cell * 16 + usize::from(full[cell]) - 1;
            let mut fewer = text;
            for (c, t) in fewer.iter_mut().enumerate() {
                *t = if open[c] == 0 { b'-' } else { b'A' + open[c] - 1 };
            }
            let another = count16(fewer, 2, || false) == Ok(2);
            let never = &mut || false;
            let learnt = Workspace16::completes_without(&mut space, &open, &[known], &mut Deadline::new(never));
            assert_eq!(learnt, Ok(another), "seed {seed}, cell {cell}");
            let dlx = Workspace16::dlx_completes_without(
                &mut space,
                Shape::SIXTEEN,
                &open,
                &[known],
                &mut Deadline::new(never),
            );
            assert_eq!(dlx, Ok(another), "seed {seed}, cell {cell} (DLX)");
            if another { freed += 1 } else { kept += 1 }
        }
    }
    // Both answers occur (with the added givens, many of the puzzle's own can go).
    assert!(kept >= 10 && freed >= 10, "{kept} needed, {freed} not");
}
