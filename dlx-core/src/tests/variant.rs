//! Sudoku variants (`sudoku::variant`) against independent evidence: a plain backtracking
//! solver written here over the units of random jigsaw maps, X-Sudoku and windoku; the 9x9
//! and 16x16 answers of the classic solvers with the boxes as a map; a 25x25 within a time
//! limit; the statuses of bad maps and inputs, with nothing written.

use super::common::{no_limit, read_data, rng};
use crate::deadline::Deadline;
use crate::exact_cover::dlx::Choice;
use crate::sudoku::variant::Variant;
use crate::{Error, count9, solve9, solve16};

/// The box map of a side with boxes of `rows` x `cols`.
fn boxes(side: usize, rows: usize, cols: usize) -> Vec<i32> {
    (0..side * side).map(|c| ((c / side) / rows * (side / cols) + (c % side) / cols) as i32).collect()
}

/// The units of a variant as cell lists: rows, columns, regions, extra units, diagonals.
fn units(side: usize, regions: &[i32], diagonals: bool, extra: Option<&[i32]>) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for k in 0..side {
        out.push((0..side).map(|c| k * side + c).collect());
        out.push((0..side).map(|r| r * side + k).collect());
        out.push((0..side * side).filter(|&c| regions[c] == k as i32).collect());
    }
    if let Some(extra) = extra {
        let k = extra.iter().copied().max().unwrap_or(-1) + 1;
        for u in 0..k {
            out.push((0..side * side).filter(|&c| extra[c] == u).collect());
        }
    }
    if diagonals {
        out.push((0..side).map(|i| i * side + i).collect());
        out.push((0..side).map(|i| i * side + side - 1 - i).collect());
    }
    out
}

/// Plain backtracking over the cells in order: the number of completions up to `limit`, the
/// first one in `first`.
fn brute(side: usize, units: &[Vec<usize>], grid: &mut [u8], limit: u64, first: &mut Option<Vec<u8>>) -> u64 {
    let mut peers = vec![Vec::new(); side * side];
    for unit in units {
        for &a in unit {
            peers[a].extend(unit.iter().copied().filter(|&b| b != a));
        }
    }
    // Givens must agree among themselves.
    for c in 0..side * side {
        if grid[c] != 0 && peers[c].iter().any(|&p| grid[p] == grid[c]) {
            return 0;
        }
    }
    fn go(
        side: usize,
        peers: &[Vec<usize>],
        grid: &mut [u8],
        at: usize,
        limit: u64,
        first: &mut Option<Vec<u8>>,
    ) -> u64 {
        let Some(cell) = (at..grid.len()).find(|&c| grid[c] == 0) else {
            if first.is_none() {
                *first = Some(grid.to_vec());
            }
            return 1;
        };
        let mut found = 0;
        for d in 1..=side as u8 {
            if peers[cell].iter().all(|&p| grid[p] != d) {
                grid[cell] = d;
                found += go(side, peers, grid, cell + 1, limit - found, first);
                grid[cell] = 0;
                if found >= limit {
                    break;
                }
            }
        }
        found
    }
    go(side, &peers, grid, 0, limit, first)
}

/// Whether `solution` (digits) completes `puzzle` with every unit holding each digit once.
fn valid(side: usize, units: &[Vec<usize>], puzzle: &[u8], solution: &[u8]) -> bool {
    puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s)
        && solution.iter().all(|&s| (1..=side as u8).contains(&s))
        && units.iter().all(|u| {
            let mut seen = 0u64;
            u.iter().all(|&c| {
                let bit = 1 << solution[c];
                let fresh = seen & bit == 0;
                seen |= bit;
                fresh
            })
        })
}

/// A random map of `side` regions of `side` cells each, not necessarily connected: the rows,
/// the columns or (for 4 and 6) the boxes, with up to `swaps` pairs of cells trading regions.
/// (A map shuffled at random has almost never a grid at all.)
fn random_regions(side: usize, swaps: u64, seed: &mut u64) -> Vec<i32> {
    let mut map: Vec<i32> = match rng(seed) % 3 {
        0 => (0..side * side).map(|c| (c / side) as i32).collect(),
        1 => (0..side * side).map(|c| (c % side) as i32).collect(),
        _ if side.is_multiple_of(2) => boxes(side, 2, side / 2),
        _ => (0..side * side).map(|c| (c / side) as i32).collect(),
    };
    for _ in 0..rng(seed) % (swaps + 1) {
        let (a, b) = ((rng(seed) % map.len() as u64) as usize, (rng(seed) % map.len() as u64) as usize);
        map.swap(a, b);
    }
    map
}

/// Symbols of a text grid as digits.
fn digits(variant: &Variant, text: &[u8]) -> Vec<u8> {
    let mut cells = vec![0; variant.side() * variant.side()];
    variant.parse(text.iter().copied(), &mut cells).unwrap();
    cells
}

fn text(side: usize, cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&d| {
            if d == 0 {
                '.'
            } else if side <= 9 {
                (b'0' + d) as char
            } else {
                (b'A' + d - 1) as char
            }
        })
        .collect()
}

/// Counts up to `limit` with the library: the count and the first solution as digits.
fn library(variant: &Variant, puzzle: &[u8], limit: u64) -> (u64, Option<Vec<u8>>) {
    let mut memory = vec![0u64; variant.words()];
    let n = variant.side() * variant.side();
    let mut out = vec![0u8; n];
    let found =
        variant.solve_until(&mut memory, text(variant.side(), puzzle).bytes(), limit, &mut out, || false).unwrap();
    (found, (found > 0).then(|| digits(variant, &out)))
}

#[test]
fn random_jigsaws_4x4_and_5x5_match_backtracking() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let (mut none, mut one, mut many) = (0, 0, 0);
    // 6x6 maps are left to the X-Sudoku and windoku test: an exhaustive backtracking over a
    // 6x6 map without grids takes too long here.
    for round in 0..600 {
        let side = 4 + round % 2;
        let regions = random_regions(side, 4, &mut seed);
        let diagonals = round % 5 == 0;
        let variant = Variant::new(side, &regions, diagonals, None).unwrap();
        let units = units(side, &regions, diagonals, None);
        let mut puzzle = vec![0u8; side * side];
        let mut grid = None;
        brute(side, &units, &mut puzzle.clone(), 1, &mut grid);
        // Givens at random, or (every other round, where the map has a grid) taken from a grid.
        for _ in 0..rng(&mut seed) % (side * side * 2 / 3) as u64 {
            let c = (rng(&mut seed) % (side * side) as u64) as usize;
            puzzle[c] = match (&grid, round % 2) {
                (Some(grid), 0) => grid[c],
                _ => (1 + rng(&mut seed) % side as u64) as u8,
            };
        }
        let mut first = None;
        let expected = brute(side, &units, &mut puzzle.clone(), 2, &mut first);
        let (found, solution) = library(&variant, &puzzle, 2);
        assert_eq!(found, expected, "{regions:?} {puzzle:?}");
        if let Some(solution) = solution {
            assert!(valid(side, &units, &puzzle, &solution), "{regions:?} {puzzle:?} {solution:?}");
        }
        match expected {
            0 => none += 1,
            1 => one += 1,
            _ => many += 1,
        }
    }
    assert!(none > 20 && one > 5 && many > 20, "{none} {one} {many}");
}

#[test]
fn six_by_six_with_2x3_boxes_counts_all_grids() {
    // 28,200,960 grids of 6x6 with 2x3 boxes; count a corner-fixed slice exactly by brute force.
    let regions = boxes(6, 2, 3);
    let variant = Variant::new(6, &regions, false, None).unwrap();
    let units = units(6, &regions, false, None);
    let puzzle: Vec<u8> = b"123456456123".iter().map(|b| b - b'0').chain([0; 24]).collect();
    let expected = brute(6, &units, &mut puzzle.clone(), u64::MAX, &mut None);
    assert_eq!(library(&variant, &puzzle, u64::MAX).0, expected);
    assert!(expected > 1);
}

#[test]
fn nine_by_nine_boxes_as_a_map_agree_with_solve9_and_count9() {
    let regions = boxes(9, 3, 3);
    let variant = Variant::new(9, &regions, false, None).unwrap();
    let mut memory = vec![0u64; variant.words()];
    for line in read_data("sudoku9/norvig-top95-95.txt").lines().take(30) {
        let mut out = [0u8; 81];
        let found = variant.solve_until(&mut memory, line.bytes(), 2, &mut out, || false).unwrap();
        assert_eq!(found, count9(line.bytes(), 2, || false).unwrap());
        assert_eq!(out, solve9(line.bytes()).unwrap(), "{line}");
    }
    // Several solutions: a count to a limit.
    let blank = ".".repeat(81);
    let mut out = [0u8; 81];
    assert_eq!(variant.solve_until(&mut memory, blank.bytes(), 7, &mut out, || false), Ok(7));
}

#[test]
fn sixteen_by_sixteen_boxes_as_a_map_agree_with_solve16() {
    let regions = boxes(16, 4, 4);
    let variant = Variant::new(16, &regions, false, None).unwrap();
    let mut memory = vec![0u64; variant.words()];
    for line in read_data("sudoku16/gecode-janko-55.txt").lines().take(4) {
        let mut out = [0u8; 256];
        let found = variant.solve_until(&mut memory, line.bytes(), 2, &mut out, || false).unwrap();
        assert_eq!(found, 1, "{line}");
        assert_eq!(out, solve16(line.bytes()).unwrap(), "{line}");
    }
}

#[test]
fn twenty_five_by_twenty_five_solves_within_a_time_limit() {
    let regions = boxes(25, 5, 5);
    let variant = Variant::new(25, &regions, false, None).unwrap();
    let units = units(25, &regions, false, None);
    let mut memory = vec![0u64; variant.words()];
    let start = std::time::Instant::now();
    let end = start + std::time::Duration::from_secs(20);
    // The quick ones of this corpus (tests/examples.rs names the slow ones).
    let mut puzzles: Vec<String> =
        read_data("sudoku25/lloyd-amos-acs-general-sample-35.txt").lines().take(3).map(String::from).collect();
    puzzles.push("-".repeat(625));
    for line in puzzles {
        let mut out = [0u8; 625];
        let found = variant.solve_until(&mut memory, line.bytes(), 1, &mut out, || std::time::Instant::now() >= end);
        assert_eq!(found, Ok(1), "{line}");
        let puzzle = digits(&variant, line.as_bytes());
        assert!(valid(25, &units, &puzzle, &digits(&variant, &out)));
    }
}

/// A full grid of the variant found by the library, checked by the brute-force validity test,
/// then thinned: givens removed one at a time while the brute force says the puzzle stays
/// unique.
fn unique_puzzle(variant: &Variant, units: &[Vec<usize>], seed: &mut u64) -> (Vec<u8>, Vec<u8>) {
    let side = variant.side();
    let (found, solution) = library(variant, &vec![0; side * side], 1);
    assert_eq!(found, 1);
    let solution = solution.unwrap();
    assert!(valid(side, units, &vec![0; side * side], &solution));
    let mut puzzle = solution.clone();
    for _ in 0..3 * side * side {
        let c = (rng(seed) % (side * side) as u64) as usize;
        let kept = puzzle[c];
        puzzle[c] = 0;
        if brute(side, units, &mut puzzle.clone(), 2, &mut None) != 1 {
            puzzle[c] = kept;
        }
    }
    (puzzle, solution)
}

#[test]
fn x_sudoku_and_windoku_puzzles_are_unique_by_brute_force() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    // X-Sudoku 6x6 with 2x3 boxes, and a windoku-like 6x6 (two extra 2x3 windows) with a
    // jigsaw map.
    let mut windows = vec![-1i32; 36];
    for r in 0..2 {
        for c in 0..3 {
            windows[(1 + r) * 6 + 1 + c] = 0;
            windows[(3 + r) * 6 + 2 + c] = 1;
        }
    }
    // A jigsaw map with grids under the windows, found by brute force.
    let jigsaw = (0..200)
        .map(|_| random_regions(6, 6, &mut seed))
        .find(|m| brute(6, &units(6, m, false, Some(&windows)), &mut [0; 36], 1, &mut None) == 1)
        .unwrap();
    // An X-Sudoku 6x6 map, random as well (the 2x3 boxes also have grids with the diagonals).
    let x6 = (0..200)
        .map(|_| random_regions(6, 6, &mut seed))
        .find(|m| brute(6, &units(6, m, true, None), &mut [0; 36], 1, &mut None) == 1)
        .unwrap();
    let regions4 = boxes(4, 2, 2);
    // Windoku 9x9: four windows of 3x3 at rows and columns 1-3 and 5-7.
    let regions9 = boxes(9, 3, 3);
    let mut windoku = vec![-1i32; 81];
    for (u, (r0, c0)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
        for r in 0..3 {
            for c in 0..3 {
                windoku[(r0 + r) * 9 + c0 + c] = u as i32;
            }
        }
    }
    type Case<'a> = (usize, &'a [i32], bool, Option<&'a [i32]>);
    let cases: [Case; 5] = [
        (4, &regions4, true, None),
        (6, &x6, true, None),
        (6, &jigsaw, false, Some(&windows)),
        (9, &regions9, true, None),
        (9, &regions9, false, Some(&windoku)),
    ];
    for (side, regions, diagonals, extra) in cases {
        let variant = Variant::new(side, regions, diagonals, extra).unwrap();
        let units = units(side, regions, diagonals, extra);
        let (puzzle, solution) = if side <= 6 {
            unique_puzzle(&variant, &units, &mut seed)
        } else {
            // 9x9: a library grid thinned by the library's count, then checked by brute force.
            let (_, solution) = library(&variant, &[0; 81], 1);
            let solution = solution.unwrap();
            assert!(valid(side, &units, &[0; 81], &solution));
            let mut puzzle = solution.clone();
            for _ in 0..200 {
                let c = (rng(&mut seed) % 81) as usize;
                let kept = puzzle[c];
                puzzle[c] = 0;
                if library(&variant, &puzzle, 2).0 != 1 {
                    puzzle[c] = kept;
                }
            }
            (puzzle, solution)
        };
        assert_eq!(brute(side, &units, &mut puzzle.clone(), 2, &mut None), 1, "{}", text(side, &puzzle));
        assert_eq!(library(&variant, &puzzle, 2), (1, Some(solution.clone())));
        // Without its extra constraints the puzzle has more solutions (the constraints matter).
        let plain = Variant::new(side, regions, false, None).unwrap();
        let plain_units = self::units(side, regions, false, None);
        assert_eq!(library(&plain, &puzzle, 2).0, brute(side, &plain_units, &mut puzzle.clone(), 2, &mut None));
    }
}

#[test]
fn nodes_default_against_dlx1() {
    // The measure behind the configuration (printed with --nocapture); the default must not
    // lose badly anywhere.
    let regions9 = boxes(9, 3, 3);
    let jigsaw = {
        // A 9x9 jigsaw map known to have grids: the boxes with two cells swapped between
        // neighbouring boxes keeps every region at nine cells.
        let mut m = regions9.clone();
        m.swap(2, 3);
        m.swap(20, 21);
        m
    };
    let mut total = [0u64; 2];
    for (name, regions, diagonals) in
        [("x9", &regions9, true), ("jigsaw9", &jigsaw, false), ("boxes9", &regions9, false)]
    {
        let variant = Variant::new(9, regions, diagonals, None).unwrap();
        let mut memory = vec![0u64; variant.words()];
        for line in read_data("sudoku9/norvig-top95-95.txt").lines().take(8) {
            let mut cells = vec![0u8; 81];
            variant.parse(line.bytes(), &mut cells).unwrap();
            // The puzzle's pattern of givens over a grid of the variant: the first grid of
            // the puzzle's first row (the rest blank), so that each line gives another grid.
            let mut first = vec![0u8; 81];
            let mut start = vec![0u8; 81];
            start[..9].copy_from_slice(&crate::solve9(line.bytes()).unwrap().map(|b| b - b'0')[..9]);
            let mut puzzle = vec![0u8; 81];
            if variant.search(&mut memory, &start, 1, None, &mut first, &mut no_limit()).unwrap().0 == 1 {
                for c in 0..81 {
                    if cells[c] != 0 {
                        puzzle[c] = first[c];
                    }
                }
            }
            let mut nodes = [0u64; 2];
            let mut counts = [0u64; 2];
            for (k, choice) in [None, Some(Choice::Dlx1)].into_iter().enumerate() {
                let (count, n) = variant.search(&mut memory, &puzzle, 2, choice, &mut first, &mut no_limit()).unwrap();
                nodes[k] = n;
                counts[k] = count;
                total[k] += n;
            }
            assert_eq!(counts[0], counts[1]);
            println!("{name}: default {} nodes, DLX1 {} nodes", nodes[0], nodes[1]);
        }
    }
    println!("total: default {}, DLX1 {}", total[0], total[1]);
    assert!(total[0] < total[1]);
    // Larger: 16x16 and 25x25 boxes as maps, nodes and time of a count to 2 (to 1 for 25x25).
    for (side, file, limit) in
        [(16, "sudoku16/gecode-janko-55.txt", 2), (25, "sudoku25/lloyd-amos-acs-general-sample-35.txt", 1)]
    {
        let b = (side as f64).sqrt() as usize;
        let regions = boxes(side, b, b);
        let variant = Variant::new(side, &regions, false, None).unwrap();
        let mut memory = vec![0u64; variant.words()];
        for line in read_data(file).lines().take(3) {
            let mut cells = vec![0u8; side * side];
            variant.parse(line.bytes(), &mut cells).unwrap();
            let mut first = vec![0u8; side * side];
            for choice in [None, Some(Choice::Dlx1)] {
                let started = std::time::Instant::now();
                let end = started + std::time::Duration::from_secs(2);
                let mut expired = || std::time::Instant::now() >= end;
                let found =
                    variant.search(&mut memory, &cells, limit, choice, &mut first, &mut Deadline::new(&mut expired));
                println!("{side}x{side} {choice:?}: {found:?} (found, nodes), {:?}", started.elapsed());
            }
        }
    }
}

#[test]
fn bad_maps_and_inputs_give_their_errors_and_write_nothing() {
    let regions = boxes(9, 3, 3);
    assert_eq!(Variant::new(3, &regions[..9], false, None).unwrap_err(), Error::Arg);
    assert_eq!(Variant::new(26, &vec![0; 676], false, None).unwrap_err(), Error::Arg);
    assert_eq!(Variant::new(9, &regions[..80], false, None).unwrap_err(), Error::Arg);
    let mut bad = regions.clone();
    bad[0] = 1; // region 0 eight cells, region 1 ten
    assert_eq!(Variant::new(9, &bad, false, None).unwrap_err(), Error::Arg);
    bad[0] = 9;
    assert_eq!(Variant::new(9, &bad, false, None).unwrap_err(), Error::Arg);
    bad[0] = -1;
    assert_eq!(Variant::new(9, &bad, false, None).unwrap_err(), Error::Arg);
    let mut extra = vec![-1i32; 81];
    extra[..8].fill(0); // eight cells
    assert_eq!(Variant::new(9, &regions, false, Some(&extra)).unwrap_err(), Error::Arg);
    extra[8] = 0;
    assert!(Variant::new(9, &regions, false, Some(&extra)).is_ok());
    extra[9] = -2;
    assert_eq!(Variant::new(9, &regions, false, Some(&extra)).unwrap_err(), Error::Arg);
    assert_eq!(Variant::new(9, &regions, false, Some(&extra[..80])).unwrap_err(), Error::Arg);
    assert_eq!(Variant::words_for(9, 10), None);
    assert_eq!(Variant::words_for(3, 0), None);

    let variant = Variant::new(9, &regions, false, None).unwrap();
    let mut memory = vec![0u64; variant.words()];
    let puzzle = ".".repeat(81);
    let mut out = [b'#'; 81];
    let run = |memory: &mut [u64], text: &str, limit: u64, out: &mut [u8]| {
        variant.solve_until(memory, text.bytes(), limit, out, || false)
    };
    assert_eq!(run(&mut memory, &puzzle, 0, &mut out), Err(Error::Arg));
    assert_eq!(run(&mut memory[1..], &puzzle, 1, &mut out), Err(Error::Capacity));
    assert_eq!(run(&mut memory, &puzzle, 1, &mut out[..80]), Err(Error::Capacity));
    assert_eq!(run(&mut memory, &puzzle[1..], 1, &mut out), Err(Error::Length));
    assert_eq!(run(&mut memory, &format!("{puzzle}1"), 1, &mut out), Err(Error::Length));
    assert_eq!(run(&mut memory, &format!("A{}", &puzzle[1..]), 1, &mut out), Err(Error::Cell));
    assert_eq!(run(&mut memory, &format!("11{}", &puzzle[2..]), 1, &mut out), Ok(0));
    assert_eq!(out, [b'#'; 81]);
    // A 4x4 takes digits 1-4 only; a 16x16 letters.
    let small = boxes(4, 2, 2);
    let four = Variant::new(4, &small, false, None).unwrap();
    let mut cells = [0u8; 16];
    assert_eq!(four.parse("5...............".bytes(), &mut cells), Err(Error::Cell));
    assert_eq!(four.parse("4..0............".bytes(), &mut cells), Ok(()));
    // Timeout: an expired clock on an empty 25x25 and nothing written.
    let big = boxes(25, 5, 5);
    let variant = Variant::new(25, &big, false, None).unwrap();
    let mut memory = vec![0u64; variant.words()];
    let mut out = [b'#'; 625];
    assert_eq!(variant.solve_until(&mut memory, "-".repeat(625).bytes(), 2, &mut out, || true), Err(Error::Timeout));
    assert_eq!(out, [b'#'; 625]);
}
