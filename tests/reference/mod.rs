//! References independent of the library, shared by the tests of both crates: a seeded
//! generator, full grids by plain backtracking, validity checks, a 4x4 brute force, and exact
//! cover by brute force with the encodings of N-queens, Langford pairs and pentomino packing.
#![allow(dead_code)] // each test uses its own part of this module

/// A small xorshift generator: reproducible inputs without a crate.
pub fn rng(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Whether `digit` is already in the row, column or box of `cell` of a 9x9 grid.
pub fn repeats<T: PartialEq + Copy>(grid: &[T; 81], cell: usize, digit: T) -> bool {
    let (r, c) = (cell / 9, cell % 9);
    (0..9).any(|k| {
        grid[r * 9 + k] == digit
            || grid[k * 9 + c] == digit
            || grid[((r / 3) * 3 + k / 3) * 9 + (c / 3) * 3 + k % 3] == digit
    })
}

/// A random valid full 9x9 grid: backtracking with shuffled digits.
pub fn random_full_grid(seed: &mut u64) -> [u8; 81] {
    fn fill(grid: &mut [u8; 81], cell: usize, seed: &mut u64) -> bool {
        if cell == 81 {
            return true;
        }
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        for k in (1..9).rev() {
            digits.swap(k, (rng(seed) % (k as u64 + 1)) as usize);
        }
        for d in digits {
            if !repeats(grid, cell, d) {
                grid[cell] = d;
                if fill(grid, cell + 1, seed) {
                    return true;
                }
                grid[cell] = 0;
            }
        }
        false
    }
    let mut grid = [0; 81];
    assert!(fill(&mut grid, 0, seed), "a full grid always exists");
    grid
}

/// Whether `solution` is a complete valid grid of side `side` (a square) that keeps the
/// givens of `puzzle` (0 a blank, 1..=side a digit).
pub fn is_completion(side: usize, puzzle: &[u8], solution: &[u8]) -> bool {
    let b = (side as f64).sqrt() as usize;
    let full = (1u32 << side) - 1;
    let unit_ok = |cells: &mut dyn Iterator<Item = usize>| {
        cells.fold(0u32, |m, c| m | 1u32.checked_shl(u32::from(solution[c]).wrapping_sub(1)).unwrap_or(0)) == full
    };
    solution.len() == side * side
        && solution.iter().all(|&d| d >= 1 && usize::from(d) <= side)
        && puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s)
        && (0..side).all(|u| {
            unit_ok(&mut (0..side).map(|k| u * side + k))
                && unit_ok(&mut (0..side).map(|k| k * side + u))
                && unit_ok(&mut (0..side).map(|k| ((u / b) * b + k / b) * side + (u % b) * b + k % b))
        })
}

/// Completions of a 4x4 grid (0 blank) by plain backtracking over cells: no exact cover.
pub fn brute_force_4x4(grid: &mut [u8; 16], from: usize) -> u64 {
    let Some(cell) = (from..16).find(|&c| grid[c] == 0) else {
        return u64::from(valid_4x4(grid));
    };
    let mut count = 0;
    for digit in 1..=4 {
        grid[cell] = digit;
        if valid_4x4(grid) {
            count += brute_force_4x4(grid, cell + 1);
        }
    }
    grid[cell] = 0;
    count
}

/// No digit twice in a row, column or box (blanks ignored).
pub fn valid_4x4(grid: &[u8; 16]) -> bool {
    let units = (0..4).flat_map(|u| {
        [[u * 4, u * 4 + 1, u * 4 + 2, u * 4 + 3], [u, u + 4, u + 8, u + 12], {
            let base = (u / 2) * 8 + (u % 2) * 2;
            [base, base + 1, base + 4, base + 5]
        }]
    });
    units.into_iter().all(|unit| {
        let mut seen = 0u8;
        unit.iter().all(|&c| {
            let d = grid[c];
            let fresh = d == 0 || seen & (1 << d) == 0;
            seen |= if d == 0 { 0 } else { 1 << d };
            fresh
        })
    })
}

/// Whether `letter` (1..=16) is already in the row, column or box of `cell` of a 16x16 grid.
pub fn clashes_16(grid: &[u8; 256], cell: usize, letter: u8) -> bool {
    let (r, c) = (cell / 16, cell % 16);
    (0..16).any(|k| {
        grid[r * 16 + k] == letter
            || grid[k * 16 + c] == letter
            || grid[((r / 4) * 4 + k / 4) * 16 + (c / 4) * 4 + k % 4] == letter
    })
}

/// A sparse 16x16 grid: up to 60 givens (how many is random too) in random cells, each
/// consistent with those before it. Most have many solutions.
pub fn sparse_16(seed: &mut u64) -> [u8; 256] {
    let mut grid = [0u8; 256];
    let givens = rng(seed) % 61;
    let mut placed = 0;
    for _ in 0..20_000 {
        if placed == givens {
            break;
        }
        let cell = (rng(seed) % 256) as usize;
        let letter = 1 + (rng(seed) % 16) as u8;
        if grid[cell] == 0 && !clashes_16(&grid, cell, letter) {
            grid[cell] = letter;
            placed += 1;
        }
    }
    grid
}

/// `cells` (16x16, 0 blank) with one given, chosen at random, set to another letter: a hard
/// puzzle so changed is mostly unsolvable, in ways that no single unit shows.
pub fn one_given_changed_16(cells: &mut [u8], seed: &mut u64) {
    let givens: Vec<usize> = (0..cells.len()).filter(|&k| cells[k] != 0).collect();
    let at = givens[(rng(seed) % givens.len() as u64) as usize];
    cells[at] = 1 + ((u64::from(cells[at]) + rng(seed) % 15) % 16) as u8;
}

/// A 16x16 puzzle of the "box family", unsolvable with no cell or unit ever down to one
/// candidate: in one box, the cells of one row and two columns of it (10 cells) are kept from
/// the same 7 letters by givens elsewhere in that row and those columns, so 10 cells see 9
/// letters (and the 7 letters fit the box's other 6 cells); then 45-59 more givens, consistent
/// with those, outside that row and those columns, and half the time the grid transposed.
/// Cells are 0 (blank) or 1..=16.
pub fn box_family_16(seed: &mut u64) -> [u8; 256] {
    let pick = |seed: &mut u64, n: u64| (rng(seed) % n) as usize;
    let clashes = clashes_16;
    loop {
        let mut grid = [0u8; 256];
        let mut letters: Vec<u8> = (1..=16).collect();
        for k in (1..16).rev() {
            letters.swap(k, pick(seed, k as u64 + 1));
        }
        let blocked = &letters[..7];
        let (band, stack) = (pick(seed, 4), pick(seed, 4));
        let row = band * 4 + pick(seed, 4);
        let first = pick(seed, 4);
        let columns = [stack * 4 + first, stack * 4 + (first + 1 + pick(seed, 3)) % 4];
        // The row's cells outside the box, and each column's, get the 7 letters.
        let mut lines: Vec<Vec<usize>> = vec![(0..16).filter(|c| c / 4 != stack).map(|c| row * 16 + c).collect()];
        for &col in &columns {
            lines.push((0..16).filter(|r| r / 4 != band).map(|r| r * 16 + col).collect());
        }
        let mut ok = true;
        for cells in &mut lines {
            for k in (1..cells.len()).rev() {
                cells.swap(k, pick(seed, k as u64 + 1));
            }
            for &letter in blocked {
                match cells.iter().position(|&cell| grid[cell] == 0 && !clashes(&grid, cell, letter)) {
                    Some(at) => grid[cells.remove(at)] = letter,
                    None => ok = false,
                }
            }
        }
        if !ok {
            continue;
        }
        // More givens outside that row, those columns and the box.
        let extra = 45 + pick(seed, 15);
        let mut placed = 0;
        for _ in 0..10_000 {
            if placed == extra {
                break;
            }
            let cell = pick(seed, 256);
            let (r, c) = (cell / 16, cell % 16);
            let letter = 1 + pick(seed, 16) as u8;
            if r == row || columns.contains(&c) || (r / 4 == band && c / 4 == stack) || grid[cell] != 0 {
                continue;
            }
            if !clashes(&grid, cell, letter) {
                grid[cell] = letter;
                placed += 1;
            }
        }
        if rng(seed) % 2 == 1 {
            let copy = grid;
            for cell in 0..256 {
                grid[cell] = copy[(cell % 16) * 16 + cell / 16];
            }
        }
        return grid;
    }
}

/// A random symmetry of a Sudoku of box size `b`: labels relabelled, bands and the rows
/// within each band shuffled, stacks and the columns within each stack too, and half the time
/// transposed. Every row, column and box stays one, so a puzzle keeps its solutions (mapped
/// the same way) and its difficulty in principle.
pub struct Isomorphism {
    side: usize,
    rows: Vec<usize>,
    cols: Vec<usize>,
    labels: Vec<usize>,
    transpose: bool,
}

impl Isomorphism {
    pub fn random(b: usize, seed: &mut u64) -> Isomorphism {
        let mut next = |n: usize| (rng(seed) % n as u64) as usize;
        let mut shuffled = |n: usize| {
            let mut v: Vec<usize> = (0..n).collect();
            for k in (1..n).rev() {
                v.swap(k, next(k + 1));
            }
            v
        };
        let (bands, stacks) = (shuffled(b), shuffled(b));
        let rows = bands.iter().flat_map(|&band| shuffled(b).into_iter().map(move |r| b * band + r)).collect();
        let cols = stacks.iter().flat_map(|&stack| shuffled(b).into_iter().map(move |c| b * stack + c)).collect();
        let labels = shuffled(b * b);
        let transpose = next(2) == 1;
        Isomorphism { side: b * b, rows, cols, labels, transpose }
    }

    /// The cell of the original that cell `k` of the image takes its content from.
    pub fn source(&self, k: usize) -> usize {
        let side = self.side;
        let (r, c) = if self.transpose { (k % side, k / side) } else { (k / side, k % side) };
        self.rows[r] * side + self.cols[c]
    }

    /// The image of label `l` (0-based).
    pub fn label(&self, l: usize) -> usize {
        self.labels[l]
    }

    /// The image of a grid of cells, 0 a blank and `1..=side` a label.
    pub fn cells(&self, grid: &[u8]) -> Vec<u8> {
        (0..grid.len())
            .map(|k| match grid[self.source(k)] {
                0 => 0,
                d => self.label(usize::from(d) - 1) as u8 + 1,
            })
            .collect()
    }
}

/// The same 16x16 puzzle in other clothes (an [`Isomorphism`]); `solution` (if any) changes
/// the same way. Exactly as hard in principle, but a search meets it in a different order, so
/// many isomorphs show a solver's spread rather than its luck on one layout.
pub fn isomorph_16(puzzle: &str, solution: Option<&str>, seed: &mut u64) -> (String, Option<String>) {
    let iso = Isomorphism::random(4, seed);
    let map = |text: &str| -> String {
        let t = text.as_bytes();
        (0..256)
            .map(|k| match t[iso.source(k)] {
                b @ b'A'..=b'P' => (b'A' + iso.label(usize::from(b - b'A')) as u8) as char,
                other => other as char,
            })
            .collect()
    };
    (map(puzzle), solution.map(map))
}

/// A random exact cover problem: up to `max_primary` primary items, up to 3 secondary ones
/// (half the time none), up to `max_options` options each holding every item with
/// probability 1/3 and at least one primary item.
pub fn random_cover(max_primary: u64, max_options: u64, seed: &mut u64) -> (usize, usize, Vec<Vec<i32>>) {
    let primary = 1 + (rng(seed) % max_primary) as usize;
    let secondary = if rng(seed).is_multiple_of(2) { 0 } else { (rng(seed) % 4) as usize };
    let options = (0..rng(seed) % (max_options + 1))
        .map(|_| {
            let mut o: Vec<i32> = (0..(primary + secondary) as i32).filter(|_| rng(seed).is_multiple_of(3)).collect();
            if !o.iter().any(|&i| (i as usize) < primary) {
                o.push((rng(seed) % primary as u64) as i32);
            }
            o
        })
        .collect();
    (primary, secondary, options)
}

/// Every exact cover of items `0..primary` (each exactly once) and `primary..primary +
/// secondary` (each at most once) by a subset of `options` (at most 24), each as its option
/// numbers ascending, in ascending order: a plain walk over all subsets.
pub fn exact_covers(primary: usize, secondary: usize, options: &[Vec<i32>]) -> Vec<Vec<i32>> {
    assert!(options.len() <= 24);
    let mut out = Vec::new();
    for mask in 0u32..(1 << options.len()) {
        let mut count = vec![0; primary + secondary];
        for (k, option) in options.iter().enumerate() {
            if mask & (1 << k) != 0 {
                for &i in option {
                    count[i as usize] += 1;
                }
            }
        }
        if count[..primary].iter().all(|&c| c == 1) && count[primary..].iter().all(|&c| c <= 1) {
            out.push((0..options.len() as i32).filter(|k| mask & (1 << k) != 0).collect());
        }
    }
    out
}

/// N-queens as exact cover: primary items the n rows then the n columns, secondary items the
/// 2n - 1 diagonals of each direction; one option per square, row by row.
pub fn queens(n: usize) -> (usize, usize, Vec<Vec<i32>>) {
    let options = (0..n * n)
        .map(|sq| {
            let (r, c) = (sq / n, sq % n);
            vec![r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r + n - 1 - c)].into_iter().map(|i| i as i32).collect()
        })
        .collect();
    (2 * n, 2 * (2 * n - 1), options)
}

/// Langford pairs of order n as exact cover: primary items the n numbers then the 2n places;
/// number d at places i and i + d + 1.
pub fn langford(n: usize) -> (usize, usize, Vec<Vec<i32>>) {
    let mut options = Vec::new();
    for d in 1..=n {
        for i in 0..2 * n {
            if i + d + 1 < 2 * n {
                options.push(vec![(d - 1) as i32, (n + i) as i32, (n + i + d + 1) as i32]);
            }
        }
    }
    (3 * n, 0, options)
}

/// The 12 pentominoes in every orientation at every place of a `rows` x `cols` board: items the
/// 12 pieces, then the cells.
pub fn pentominoes(rows: i32, cols: i32) -> Vec<Vec<i32>> {
    const SHAPES: [[(i32, i32); 5]; 12] = [
        [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
        [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
        [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
        [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
        [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
        [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
        [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
        [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
        [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
        [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
        [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
        [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
    ];
    let mut options = Vec::new();
    for (piece, shape) in SHAPES.iter().enumerate() {
        let mut seen: Vec<Vec<(i32, i32)>> = Vec::new();
        for t in 0..8 {
            let mut cells: Vec<(i32, i32)> = shape
                .iter()
                .map(|&(r, c)| {
                    let (mut r, mut c) = (r, c);
                    for _ in 0..t % 4 {
                        (r, c) = (c, -r);
                    }
                    if t >= 4 { (r, -c) } else { (r, c) }
                })
                .collect();
            let (mr, mc) = (cells.iter().map(|p| p.0).min().unwrap(), cells.iter().map(|p| p.1).min().unwrap());
            cells.iter_mut().for_each(|p| *p = (p.0 - mr, p.1 - mc));
            cells.sort();
            if seen.contains(&cells) {
                continue;
            }
            seen.push(cells.clone());
            for r in 0..rows {
                for c in 0..cols {
                    if cells.iter().all(|&(y, x)| r + y < rows && c + x < cols) {
                        let mut o = vec![piece as i32];
                        o.extend(cells.iter().map(|&(y, x)| 12 + (r + y) * cols + c + x));
                        options.push(o);
                    }
                }
            }
        }
    }
    options
}
