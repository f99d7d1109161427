//! The canonical form of a 9x9 grid (`sudoku::canon`): invariant under every symmetry and
//! relabeling, equal to an exhaustive reference written here, one per class, and a member of
//! its class.

use super::common::{Isomorphism, read_data, rng};
use crate::sudoku::canon::{Grid, canon};

/// The grids of a tests/data file, one per line.
fn grids(file: &str) -> Vec<Grid> {
    read_data(file)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut g = [0u8; 81];
            crate::sudoku::parse(line.bytes(), crate::sudoku::Shape::NINE, &mut g).expect("a 9x9 line");
            g
        })
        .collect()
}

/// The 1,296 orders of nine lines that keep their groups of three: 3! group orders times 3!^3
/// orders inside the groups.
fn line_orders() -> Vec<[usize; 9]> {
    let perms3 = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::new();
    for g in perms3 {
        for a in perms3 {
            for b in perms3 {
                for c in perms3 {
                    let inner = [a, b, c];
                    let mut order = [0; 9];
                    for (k, slot) in order.iter_mut().enumerate() {
                        *slot = 3 * g[k / 3] + inner[k / 3][k % 3];
                    }
                    out.push(order);
                }
            }
        }
    }
    out
}

/// The reference: every one of the 2 * 1296 * 1296 symmetries, each image relabeled by first
/// appearance, the least kept (a candidate is dropped at its first cell above the best).
fn brute_canon(cells: &Grid) -> Grid {
    let orders = line_orders();
    let mut best = [u8::MAX; 81];
    for transpose in [false, true] {
        let at = |r: usize, c: usize| if transpose { cells[c * 9 + r] } else { cells[r * 9 + c] };
        for rows in &orders {
            for cols in &orders {
                let mut label = [0u8; 10];
                let mut next = 1;
                let mut less = false;
                let mut image = [0u8; 81];
                for k in 0..81 {
                    let d = at(rows[k / 9], cols[k % 9]);
                    let v = if d == 0 {
                        0
                    } else {
                        if label[usize::from(d)] == 0 {
                            label[usize::from(d)] = next;
                            next += 1;
                        }
                        label[usize::from(d)]
                    };
                    if !less && v > best[k] {
                        break;
                    }
                    less |= v < best[k];
                    image[k] = v;
                    if k == 80 && less {
                        best = image;
                    }
                }
            }
        }
    }
    best
}

fn image(iso: &Isomorphism, g: &Grid) -> Grid {
    iso.cells(g).try_into().expect("81 cells")
}

#[test]
fn invariant_under_random_symmetries() {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    let mut cases = 0;
    for file in [
        "sudoku9/royle-17clue-every20th-2458.txt",
        "sudoku9/royle-17clue-every20th-2458.solutions.txt",
        "sudoku9/norvig-top95-95.txt",
        "sudoku9/norvig-top95-95.solutions.txt",
        "sudoku9/forum-hardest-1106-375.txt",
    ] {
        for g in grids(file).iter().step_by(9).take(40) {
            let form = canon(g);
            for _ in 0..4 {
                let iso = Isomorphism::random(3, &mut seed);
                assert_eq!(canon(&image(&iso, g)), form, "{file}: {g:?}");
                cases += 1;
            }
            // The form is in the class: its own form, and at most as large as the grid itself
            // relabeled by first appearance.
            assert_eq!(canon(&form), form);
            assert!(form <= first_appearance(g));
            assert_eq!(count_givens(&form), count_givens(g));
        }
    }
    assert!(cases >= 500, "{cases}");
}

fn first_appearance(g: &Grid) -> Grid {
    let mut label = [0u8; 10];
    let mut next = 1;
    g.map(|d| {
        if d == 0 {
            return 0;
        }
        if label[usize::from(d)] == 0 {
            label[usize::from(d)] = next;
            next += 1;
        }
        label[usize::from(d)]
    })
}

fn count_givens(g: &Grid) -> usize {
    g.iter().filter(|&&d| d != 0).count()
}

#[test]
fn odd_grids() {
    let empty = [0u8; 81];
    assert_eq!(canon(&empty), empty);
    // One given anywhere: it goes to the last cell.
    let mut one = [0u8; 81];
    one[40] = 7;
    let mut last = [0u8; 81];
    last[80] = 1;
    assert_eq!(canon(&one), last);
    // Contradictory givens are symmetry only: all nines, all ones.
    assert_eq!(canon(&[9; 81]), [1; 81]);
    let mut seed = 7;
    for _ in 0..20 {
        let mut g = [0u8; 81];
        for cell in g.iter_mut() {
            if rng(&mut seed).is_multiple_of(3) {
                *cell = (rng(&mut seed) % 9) as u8 + 1;
            }
        }
        let form = canon(&g);
        let iso = Isomorphism::random(3, &mut seed);
        assert_eq!(canon(&image(&iso, &g)), form);
        assert_eq!(canon(&form), form);
    }
}

#[test]
fn equals_the_exhaustive_reference() {
    let puzzles = grids("sudoku9/royle-17clue-every20th-2458.txt");
    let solutions = grids("sudoku9/norvig-top95-95.solutions.txt");
    let dense = grids("sudoku9/norvig-top95-95.txt");
    let denser = grids("sudoku9/forum-hardest-1905-11plus-every20th-2439.txt");
    // A solution with a band's worth of holes, and random givens that break every rule.
    let mut holed = solutions[7];
    for k in (0..81).step_by(4) {
        holed[k] = 0;
    }
    let mut seed = 5;
    let random: Grid =
        core::array::from_fn(|_| if rng(&mut seed).is_multiple_of(4) { (rng(&mut seed) % 9) as u8 + 1 } else { 0 });
    // Equal lines and groups (the search skips twins): a band copied, a column copied in its
    // stack, a puzzle's rows repeated.
    let mut twins = solutions[2];
    twins.copy_within(0..27, 27);
    for r in 0..9 {
        twins[r * 9 + 7] = twins[r * 9 + 6];
    }
    let mut rows = puzzles[9];
    rows.copy_within(18..27, 9);
    rows.copy_within(45..54, 72);
    for g in [puzzles[3], solutions[5], dense[0], denser[10], holed, random, twins, rows] {
        assert_eq!(canon(&g), brute_canon(&g), "{g:?}");
    }
}

/// The exhaustive reference on more grids: puzzles, solutions, random givens of every density.
#[test]
fn equals_the_exhaustive_reference_on_many() {
    let mut seed = 99;
    let mut all: Vec<Grid> = Vec::new();
    for file in [
        "sudoku9/royle-17clue-every20th-2458.txt",
        "sudoku9/royle-17clue-every20th-2458.solutions.txt",
        "sudoku9/forum-hardest-1905-11plus-every20th-2439.txt",
        "sudoku9/serg-benchmark-first1000-1000.txt",
    ] {
        all.extend(grids(file).iter().step_by(97).take(8));
    }
    for density in [2, 3, 6, 20] {
        for _ in 0..4 {
            all.push(core::array::from_fn(|_| {
                if rng(&mut seed).is_multiple_of(density) { (rng(&mut seed) % 9) as u8 + 1 } else { 0 }
            }));
        }
    }
    for g in all {
        assert_eq!(canon(&g), brute_canon(&g), "{g:?}");
    }
}

#[test]
fn one_form_per_class() {
    // Royle's 17-clue puzzles are one per class: their forms are all different.
    let puzzles = grids("sudoku9/royle-17clue-every20th-2458.txt");
    let mut forms: Vec<Grid> = puzzles.iter().map(canon).collect();
    forms.sort_unstable();
    forms.dedup();
    assert_eq!(forms.len(), puzzles.len());
    // A puzzle with one given moved to another empty cell is another class exactly when the
    // reference says so.
    let mut seed = 11;
    let g = puzzles[100];
    for _ in 0..2 {
        let mut h = g;
        let from = (0..81).cycle().skip((rng(&mut seed) % 81) as usize).find(|&k| h[k] != 0).unwrap_or(0);
        let to = (0..81).cycle().skip((rng(&mut seed) % 81) as usize).find(|&k| h[k] == 0).unwrap_or(0);
        h.swap(from, to);
        assert_eq!(canon(&h) == canon(&g), brute_canon(&h) == brute_canon(&g));
    }
}

/// Grids with many symmetries of their own: the pattern grids whose rows are shifts of one
/// another, and Latin squares whose boxes break the rule (rows and columns still hold each
/// digit once).
fn automorphic() -> Vec<Grid> {
    let pattern = |f: fn(usize, usize) -> usize| -> Grid { core::array::from_fn(|k| (f(k / 9, k % 9) % 9) as u8 + 1) };
    vec![
        pattern(|r, c| 3 * (r % 3) + r / 3 + c),
        pattern(|r, c| 3 * (r % 3) + 4 * (r / 3) + c),
        pattern(|r, c| r + c),
        pattern(|r, c| 2 * r + c),
        pattern(|r, c| 4 * r + c),
        pattern(|r, c| 3 * (r % 3) + r / 3 + 3 * (c % 3) + c / 3),
    ]
}

/// The new searches (`canon`) against the first one (`search::canon`, kept as the reference):
/// the same string, byte for byte, on thousands of grids in random clothes: puzzles and
/// solutions of tests/data, puzzles cut from solutions at every density, random givens,
/// grids with many automorphisms and puzzles cut from them, and the odd grids.
#[test]
fn equals_the_first_search() {
    use crate::sudoku::canon::search;
    let mut seed = 0x5eed_c0de;
    let mut base: Vec<Grid> = Vec::new();
    for file in [
        "sudoku9/royle-17clue-every20th-2458.txt",
        "sudoku9/royle-17clue-every20th-2458.solutions.txt",
        "sudoku9/forum-hardest-1905-11plus-every20th-2439.txt",
        "sudoku9/forum-hardest-1905-11plus-every20th-2439.solutions.txt",
        "sudoku9/magictour-top1465-1465.txt",
        "sudoku9/serg-benchmark-first1000-1000.txt",
        "sudoku9/norvig-top95-95.txt",
    ] {
        base.extend(grids(file).iter().step_by(7).take(200));
    }
    let solutions = grids("sudoku9/magictour-top1465-1465.solutions.txt");
    for (k, s) in solutions.iter().step_by(5).take(200).enumerate() {
        // Cut to 10..=70 givens.
        let keep = 10 + k % 61;
        let mut g = *s;
        let mut givens = 81;
        while givens > keep {
            let cell = (rng(&mut seed) % 81) as usize;
            if g[cell] != 0 {
                g[cell] = 0;
                givens -= 1;
            }
        }
        base.push(g);
    }
    for density in [2, 3, 4, 8, 30] {
        for _ in 0..20 {
            base.push(core::array::from_fn(|_| {
                if rng(&mut seed).is_multiple_of(density) { (rng(&mut seed) % 9) as u8 + 1 } else { 0 }
            }));
        }
    }
    for a in automorphic() {
        base.push(a);
        // Symmetric holes keep many of the automorphisms.
        for step in [2, 3, 5] {
            let mut g = a;
            for k in (0..81).step_by(step) {
                g[k] = 0;
                g[80 - k] = 0;
            }
            base.push(g);
        }
    }
    let mut one = [0u8; 81];
    one[40] = 7;
    base.extend([[0; 81], one, [9; 81]]);
    let mut cases = 0;
    for g in &base {
        for k in 0..3 {
            let h = if k == 0 { *g } else { image(&Isomorphism::random(3, &mut seed), g) };
            assert_eq!(canon(&h), search::canon(&h), "{h:?}");
            cases += 1;
        }
    }
    assert!(cases >= 4000, "{cases}");
}

/// The effort (values compared with the best) of the new searches against the first one's on
/// the same grids: puzzles and complete grids, and the empty grid.
#[test]
fn steps_are_few() {
    use crate::sudoku::canon::{canon_steps, search};
    for (file, most) in [
        ("sudoku9/royle-17clue-every20th-2458.txt", 600),
        ("sudoku9/royle-17clue-every20th-2458.solutions.txt", 3000),
        ("sudoku9/forum-hardest-1905-11plus-every20th-2439.txt", 3000),
        ("sudoku9/magictour-top1465-1465.solutions.txt", 3000),
    ] {
        let (mut new, mut old, mut n) = (0, 0, 0);
        for g in grids(file).iter().step_by(25).take(40) {
            let (form, steps) = canon_steps(g);
            let (first, first_steps) = search::canon_steps(g);
            assert_eq!(form, first);
            new += steps;
            old += first_steps;
            n += 1;
        }
        assert!(new / n <= most && new * 5 <= old, "{file}: {} steps a grid, first search {}", new / n, old / n);
    }
    // The empty grid: every row, stack and column a twin, each row laid out once.
    let (form, steps) = canon_steps(&[0; 81]);
    assert_eq!(form, [0; 81]);
    assert!(steps <= 2 * 81, "{steps}");
}

/// The row by row search against the first one on every rated puzzle (the set where its bound
/// of kept branches is passed most often) and on a quarter of another set, each in random
/// clothes: the same string, byte for byte.
#[test]
fn equals_the_first_search_on_whole_sets() {
    use crate::sudoku::canon::search;
    let mut seed = 0xc0ffee;
    let rated: Vec<Grid> = read_data("sudoku9/se-rated-sample.txt")
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(|field| {
            let mut g = [0u8; 81];
            crate::sudoku::parse(field.bytes(), crate::sudoku::Shape::NINE, &mut g).expect("a 9x9 puzzle");
            g
        })
        .collect();
    assert!(rated.len() >= 480, "{}", rated.len());
    let serg = grids("sudoku9/serg-benchmark-first1000-1000.txt");
    for g in rated.iter().chain(serg.iter().step_by(4)) {
        let h = image(&Isomorphism::random(3, &mut seed), g);
        assert_eq!(canon(&h), search::canon(&h), "{h:?}");
    }
}

/// The searches' shortcuts against the first search, byte for byte, in random clothes: puzzles
/// whose first row is chosen by its stacks' counts of givens (with rows that repeat a digit,
/// which are always tried), few givens, whole rows and columns blank (rows read at once once
/// their givens are placed), puzzles cut from automorphic grids (the kept branches passed,
/// depth first from the row that passed them), and complete grids (the other bands read row by
/// row in the order of their first value).
#[test]
fn shortcuts_equal_the_first_search() {
    use crate::sudoku::canon::search;
    let mut seed = 0x43_c0de;
    let solutions = grids("sudoku9/royle-17clue-every20th-2458.solutions.txt");
    let cut = |g: &mut Grid, keep: usize, seed: &mut u64| {
        let mut givens = g.iter().filter(|&&d| d != 0).count();
        while givens > keep {
            let cell = (rng(seed) % 81) as usize;
            if g[cell] != 0 {
                g[cell] = 0;
                givens -= 1;
            }
        }
    };
    let mut base: Vec<Grid> = Vec::new();
    for (k, s) in solutions.iter().step_by(41).take(60).enumerate() {
        base.push(*s);
        // Few givens: 3 to 25.
        let mut sparse = *s;
        cut(&mut sparse, 3 + k % 23, &mut seed);
        base.push(sparse);
        // A given copied to another cell of its row: that row repeats a digit.
        let mut repeat = sparse;
        if let Some(from) = (0..81).find(|&c| repeat[c] != 0) {
            let to = (from / 9) * 9 + (from + 1 + k % 8) % 9;
            repeat[to] = repeat[from];
        }
        base.push(repeat);
        // Two rows and a column blank, then cut.
        let mut lines = *s;
        for y in 0..9 {
            lines[(k % 9) * 9 + y] = 0;
            lines[((k + 4) % 9) * 9 + y] = 0;
            lines[y * 9 + (2 * k + 1) % 9] = 0;
        }
        cut(&mut lines, 12 + k % 30, &mut seed);
        base.push(lines);
    }
    // Every line has a given in each stack; the first row's least reading is 001002003, but
    // the second row, with more givens, repeats its first digit and reads 001001023: less.
    let mut repeats = solutions[0];
    // Row 0 keeps columns 0, 3 and 6; row 1 keeps 0, 3, 6 and 7, and column 3 repeats column 0.
    for c in [1, 2, 4, 5, 7, 8] {
        repeats[c] = 0;
    }
    for c in [1, 2, 4, 5, 8] {
        repeats[9 + c] = 0;
    }
    repeats[9 + 3] = repeats[9];
    base.push(repeats);
    for a in automorphic() {
        for keep in [6, 12, 20, 30] {
            let mut g = a;
            cut(&mut g, keep, &mut seed);
            base.push(g);
        }
    }
    let mut cases = 0;
    for g in &base {
        for _ in 0..3 {
            let h = image(&Isomorphism::random(3, &mut seed), g);
            assert_eq!(canon(&h), search::canon(&h), "{h:?}");
            cases += 1;
        }
    }
    assert!(cases >= 700, "{cases}");
}
