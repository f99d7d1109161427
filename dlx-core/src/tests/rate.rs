//! The rater and hints: every step sound against the solution (on thousands of puzzles),
//! hand-built candidate grids where one technique applies, and agreement with Sudoku
//! Explainer's ratings on the rated puzzles tests/data carries.

use super::common::read_data;
use crate::sudoku::techniques::{Grid, Rating, Step, Technique, next_step, rate};

/// A puzzle's cells (0 blank) from its 81-character line.
fn cells(line: &str) -> [u8; 81] {
    let mut out = [0u8; 81];
    for (o, b) in out.iter_mut().zip(line.bytes()) {
        *o = if b.is_ascii_digit() { b - b'0' } else { 0 };
    }
    out
}

/// The unique solution, from the library's solver (itself checked against DLX elsewhere).
fn solution(line: &str) -> [u8; 81] {
    let text = crate::solve9(line[..81].bytes()).unwrap();
    core::array::from_fn(|k| text[k] - b'0')
}

/// Whether `step` on `grid` is sound for `solution`: it never takes out a cell's solution
/// digit and places only the solution's digit, in a cell that has it as a candidate.
fn check_sound(grid: &Grid, step: &Step, solution: &[u8; 81]) {
    assert!(step.progresses(grid), "{step:?}");
    for (c, &digit) in solution.iter().enumerate() {
        let e = step.eliminations[c] & grid.cands[c];
        assert_eq!(e & 1 << (digit - 1), 0, "{:?} takes {} out of r{}c{}", step.technique, digit, c / 9 + 1, c % 9 + 1);
    }
    if let Some((cell, digit)) = step.place {
        assert_eq!(solution[cell as usize], digit, "{:?} places a wrong digit", step.technique);
        assert_ne!(grid.cands[cell as usize] & 1 << (digit - 1), 0);
    }
    assert!(step.rating >= 10 && step.rating <= 99, "{step:?}");
}

/// Rates every puzzle of `lines` checking each step; returns the ratings and the techniques seen.
fn rate_checked<'a>(lines: impl Iterator<Item = &'a str>) -> (Vec<Rating>, [u32; 40]) {
    let mut seen = [0u32; 40];
    let mut ratings = Vec::new();
    for line in lines {
        let solution = solution(line);
        let mut grid = Grid::new(&cells(line)).unwrap();
        let rating = rate(&mut grid, |g, step| {
            check_sound(g, step, &solution);
            seen[step.technique as usize] += 1;
            // Where the path needs more than basics, the chain search alone is checked too:
            // it finds the X-chains and X-cycles that cheaper techniques otherwise pre-empt.
            if step.rating >= 40
                && let Some(chain) = crate::sudoku::techniques::chains::chains(g)
            {
                check_sound(g, &chain, &solution);
                seen[chain.technique as usize] += 1;
            }
        });
        if let Rating::Rated(_) = rating {
            assert_eq!(grid.values, solution);
        }
        ratings.push(rating);
    }
    (ratings, seen)
}

#[test]
fn every_step_is_sound_and_every_technique_is_used() {
    let royle = read_data("sudoku9/royle-17clue-every20th-2458.txt");
    let top = read_data("sudoku9/magictour-top1465-1465.txt");
    let rated = read_data("sudoku9/se-rated-sample.txt");
    // A third of the 17-clue set and a sixth of the others keep the test to seconds.
    let lines = royle.lines().step_by(3).chain(top.lines().step_by(6)).chain(rated.lines().step_by(6));
    let (ratings, seen) = rate_checked(lines);
    assert_eq!(ratings.len(), 820 + 245 + 80);
    // Every technique but four rare ones took some step on these puzzles, so each was
    // checked for soundness (the built grids below cover others by hand).
    let rare = [Technique::DirectClaiming, Technique::Jellyfish, Technique::HiddenQuad, Technique::Bug4];
    let unused: Vec<_> = Technique::ALL.iter().filter(|t| seen[**t as usize] == 0 && !rare.contains(t)).collect();
    assert!(unused.is_empty(), "never used: {unused:?}");
    // Most 17-clue puzzles need nothing beyond the techniques here.
    let rated_royle = ratings[..820].iter().filter(|r| matches!(r, Rating::Rated(_))).count();
    assert!(rated_royle >= 700, "{rated_royle}");
}

/// Agreement with SE on tests/data's rated puzzles (rated by Sukaku Explainer, SE 1.2.1's
/// fork, with its default techniques): the count rated exactly as SE rates them is a floor
/// set at what this rater reaches (docs/puzzles.md has the histogram of the differences), and
/// the puzzles SE rates at most 7.3 (no nets needed) are all rated, none beyond.
#[test]
fn agreement_with_sudoku_explainer() {
    let text = read_data("sudoku9/se-rated-sample.txt");
    let (mut agree, mut beyond_easy) = (0, 0);
    for line in text.lines() {
        let (puzzle, se) = line.split_once(' ').unwrap();
        let se = (se.parse::<f64>().unwrap() * 10.0).round() as u8;
        match crate::rate9(puzzle.bytes()).unwrap() {
            Rating::Rated(r) => agree += u32::from(r == se),
            Rating::Beyond(_) => beyond_easy += u32::from(se <= 73),
            Rating::Multiple => panic!("{puzzle} has one solution"),
        }
    }
    assert!(agree >= AGREE, "{agree} of 480 agree");
    assert_eq!(beyond_easy, 0, "puzzles rated up to 7.3 by SE left unrated");
}

/// The floor of [`agreement_with_sudoku_explainer`], as measured.
const AGREE: u32 = 433;

/// A grid from rows of candidate lists: each cell `d` (solved), `{digits}` (candidates).
fn grid_of(rows: [&str; 9]) -> Grid {
    let mut grid = Grid { values: [0; 81], cands: [0; 81] };
    for (r, row) in rows.iter().enumerate() {
        for (c, token) in row.split_whitespace().enumerate() {
            let cell = r * 9 + c;
            let digits: u16 = token.bytes().filter(u8::is_ascii_digit).fold(0, |m, b| m | 1 << (b - b'1'));
            if token.starts_with('{') {
                grid.cands[cell] = digits;
            } else {
                grid.values[cell] = token.parse().unwrap();
            }
        }
    }
    grid
}

#[test]
fn rating_of_singles_only_puzzles() {
    // Project Euler 96's first grid: box hidden singles finish it.
    let euler = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    assert_eq!(crate::rate9(euler.bytes()), Ok(Rating::Rated(12)));
    assert_eq!(crate::rate9(".".repeat(81).bytes()), Ok(Rating::Multiple));
    assert_eq!(crate::rate9(format!("11{}", ".".repeat(79)).bytes()), Err(crate::Error::Unsolvable));
    assert_eq!(crate::rate9("1".bytes()), Err(crate::Error::Length));
    let solved = solution(euler);
    let text: Vec<u8> = solved.iter().map(|d| b'0' + d).collect();
    assert_eq!(crate::hint9(text.iter().copied()), Ok(crate::Hint::Solved));
    assert_eq!(crate::rate9(text.iter().copied()), Ok(Rating::Rated(0)));
}

#[test]
fn x_wing_on_a_built_grid() {
    // Digit 1 is a candidate everywhere except rows 1 and 5, where it has only columns 1 and
    // 5: an X-Wing taking 1 out of the rest of columns 1 and 5. The other digits are
    // candidates everywhere, so nothing earlier in SE's order applies.
    let mut grid = Grid { values: [0; 81], cands: [0x1FF; 81] };
    for c in 0..81 {
        if (c / 9 == 0 || c / 9 == 4) && c % 9 != 0 && c % 9 != 4 {
            grid.cands[c] = 0x1FE;
        }
    }
    let step = next_step(&grid).unwrap();
    assert_eq!(step.technique, Technique::XWing, "{step:?}");
    assert_eq!(step.rating, 32);
    let taken: [u16; 81] = core::array::from_fn(|c| u16::from(c / 9 != 0 && c / 9 != 4 && (c % 9 == 0 || c % 9 == 4)));
    assert_eq!(step.eliminations, taken);
    assert_eq!(step.cells, 1 | 1 << 4 | 1 << 36 | 1 << 40);
}

#[test]
fn naked_pair_and_hidden_single_on_built_grids() {
    // Row 1: two cells {1,2}, the others {1,2,3,...} wide: 1 and 2 out of the rest of the row.
    let grid = grid_of([
        "{12} {12} {123456789} {3456789} {3456789} {3456789} {3456789} {3456789} {3456789}",
        "{3456789} {3456789} {3456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789}",
        "{3456789} {3456789} {3456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789}",
        "{123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789}",
        "{123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789}",
        "{123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789}",
        "{123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789}",
        "{123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789}",
        "{123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789} {123456789}",
    ]);
    let step = next_step(&grid).unwrap();
    assert_eq!(step.technique, Technique::NakedPair, "{step:?}");
    assert_eq!(step.digits, 0b11);
    assert_eq!(step.eliminations[2], 0b11);
    assert!(step.eliminations.iter().enumerate().all(|(c, &e)| c == 2 || e == 0));
    // A digit with one place in box 1 (the rest of the box lost it): a hidden single first.
    let mut single = grid;
    for c in [1, 2, 9, 10, 11, 18, 19, 20] {
        single.cands[c] &= !0b100;
    }
    single.cands[0] = 0b111;
    let step = next_step(&single).unwrap();
    assert_eq!((step.technique, step.rating, step.place), (Technique::HiddenSingleBox, 12, Some((0, 3))));
}

#[test]
fn technique_numbers_and_names_are_as_the_c_api_says() {
    for (k, t) in Technique::ALL.iter().enumerate() {
        assert_eq!(usize::from(t.number()), k + 1, "numbered 1 up in SE's order");
        // dlx_step's name holds 31 bytes and a NUL.
        assert!(t.name().is_ascii() && !t.name().is_empty() && t.name().len() < 32, "{t:?}");
    }
    let mut names: Vec<_> = Technique::ALL.iter().map(|t| t.name()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), Technique::ALL.len());
}

#[test]
fn rating_runs_on_a_256_kib_thread_stack() {
    // The hardest rated puzzle (beyond: every chain search runs) and one rated 7.2.
    let text = read_data("sudoku9/se-rated-sample.txt");
    let lines: Vec<String> = [67, 0].iter().map(|&k| text.lines().nth(k).unwrap()[..81].to_string()).collect();
    let rated = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || lines.iter().map(|l| crate::rate9(l.bytes())).collect::<Vec<_>>())
        .unwrap()
        .join()
        .unwrap();
    assert!(matches!(rated[0], Ok(Rating::Beyond(_))), "{rated:?}");
    assert_eq!(rated[1], Ok(Rating::Rated(72)));
}
