//! Puzzle generation (docs/generate.md): from a seed, a random complete grid, then its givens
//! taken away in a random order, one symmetric orbit at a time, as long as the puzzle keeps
//! exactly one solution. One pass over the orbits leaves a minimal puzzle: removing givens only
//! adds completions, so an orbit that was needed when it was tried is still needed at the end.
//!
//! Everything is a function of the seed (a splitmix64 stream, integer arithmetic only), so the
//! same seed and options give the same puzzle on every platform; the time limit can only end
//! a call, never change its answer.

use core::mem::MaybeUninit;

use super::nine;
use super::{Shape, Workspace16};
use crate::Error;
use crate::deadline::{Deadline, INTERVAL};
use super::techniques::{self, Grid, Rating};

/// Which symmetry the pattern of givens keeps: a cell is a given exactly when its images are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Any pattern: givens are removed one at a time.
    #[default]
    None,
    /// Symmetric under the half turn about the centre: (r, c) and (n-1-r, n-1-c).
    Rotate180,
    /// Symmetric under the quarter turn: (r, c), (c, n-1-r), (n-1-r, n-1-c), (n-1-c, r).
    Rotate90,
    /// Symmetric under the left-right mirror: (r, c) and (r, n-1-c).
    Mirror,
}

impl Symmetry {
    /// The cells that move with `cell` (itself first), as many as the orbit has (1 to 4).
    pub fn orbit(self, side: usize, cell: usize) -> ([usize; 4], usize) {
        let (r, c, n) = (cell / side, cell % side, side - 1);
        let at = |r: usize, c: usize| r * side + c;
        let mut cells = [cell; 4];
        let images: &[usize] = match self {
            Symmetry::None => &[],
            Symmetry::Rotate180 => &[at(n - r, n - c)],
            Symmetry::Rotate90 => &[at(c, n - r), at(n - r, n - c), at(n - c, r)],
            Symmetry::Mirror => &[at(r, n - c)],
        };
        let mut len = 1;
        for &image in images {
            if !cells[..len].contains(&image) {
                cells[len] = image;
                len += 1;
            }
        }
        (cells, len)
    }
}

/// splitmix64 (Steele, Lea and Flood 2014): small, fast, and the same stream on every platform.
pub struct Rng(u64);

impl Rng {
    /// The stream of `seed`, which starts from the seed mixed (splitmix64's output function),
    /// so that seeds close together, or apart by the stream's step, give unrelated streams.
    pub fn new(seed: u64) -> Self {
        Rng(Rng::from_state(seed).next_u64())
    }

    /// splitmix64's stream from its raw state (the published test vectors start so).
    pub fn from_state(state: u64) -> Self {
        Rng(state)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n at least 1), by the high half of a 128-bit product (Lemire's
    /// multiply-shift, without the rejection step: a bias below n / 2^64).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniform shuffle of `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// What a generation needs from a grid size: a completion of a grid, and whether a unique
/// puzzle stays unique without an orbit of givens.
trait Searches<const CELLS: usize> {
    const SHAPE: Shape;
    /// Fills the blanks of `cells` with a completion; [`Error::Unsolvable`] when none.
    fn complete(&mut self, cells: &mut [u8; CELLS], deadline: &mut Deadline) -> Result<(), Error>;
    /// Whether `puzzle` (exactly one completion) keeps exactly one with `orbit`'s givens blanked.
    fn unique_without(&mut self, puzzle: &[u8; CELLS], orbit: &[usize], deadline: &mut Deadline)
    -> Result<bool, Error>;
}

/// 9x9: the bit-board search.
struct Nine;

impl Searches<81> for Nine {
    const SHAPE: Shape = Shape::NINE;

    fn complete(&mut self, cells: &mut [u8; 81], deadline: &mut Deadline) -> Result<(), Error> {
        *cells = nine::search_filling(cells, 1, deadline)?.first.ok_or(Error::Unsolvable)?;
        Ok(())
    }

    fn unique_without(&mut self, puzzle: &[u8; 81], orbit: &[usize], deadline: &mut Deadline) -> Result<bool, Error> {
        if let [cell] = orbit {
            return nine::unique_without(puzzle, *cell, deadline);
        }
        let mut open = *puzzle;
        for &cell in orbit {
            open[cell] = 0;
        }
        Ok(nine::search(&open, 2, deadline)?.count == 1)
    }
}

/// 16x16: clause learning, in one workspace for the whole call.
struct Sixteen<'s> {
    space: &'s mut MaybeUninit<Workspace16>,
}

impl Searches<256> for Sixteen<'_> {
    const SHAPE: Shape = Shape::SIXTEEN;

    fn complete(&mut self, cells: &mut [u8; 256], deadline: &mut Deadline) -> Result<(), Error> {
        super::solve16(self.space, cells, deadline).map(|_| ())
    }

    fn unique_without(&mut self, puzzle: &[u8; 256], orbit: &[usize], deadline: &mut Deadline) -> Result<bool, Error> {
        let mut open = *puzzle;
        for &cell in orbit {
            open[cell] = 0;
        }
        if let [cell] = *orbit {
            // Another completion puts another digit in the cell (with its digit it would
            // complete the puzzle, whose completion is unique): one search that rules the
            // digit out, where counting to 2 finds the known completion first.
            let known = cell * 16 + usize::from(puzzle[cell]) - 1;
            return Ok(!Workspace16::completes_without(self.space, &open, &[known], deadline)?);
        }
        Ok(Workspace16::count(self.space, &open, 2, deadline)? == 1)
    }
}

/// Whether every cell of `orbit`, blanked in `puzzle`, is still forced by the givens outside
/// it: a naked single (its row, column and box hold every other digit) or a hidden single (no
/// other cell of its row, column or box is open to its digit, each being a given or seeing the
/// digit among the givens). Then the puzzle without the orbit has the same completions, and no
/// search is needed. Most removals from a full grid are such.
fn forced<const CELLS: usize>(shape: Shape, puzzle: &[u8; CELLS], orbit: &[usize]) -> bool {
    let (side, b) = (shape.side(), shape.box_size);
    let given = |cell: usize| puzzle[cell] != 0 && !orbit.contains(&cell);
    // The units of `cell`: its row, column and box, each as `side` cells.
    let units = |cell: usize| {
        let (r, c) = (cell / side, cell % side);
        let (br, bc) = (r / b * b, c / b * b);
        [0, 1, 2].map(move |u| {
            (0..side).map(move |k| match u {
                0 => r * side + k,
                1 => k * side + c,
                _ => (br + k / b) * side + bc + k % b,
            })
        })
    };
    // The digits the givens of `cell`'s units hold, as a mask (bit d - 1 for digit d).
    let seen = |cell: usize| {
        units(cell).into_iter().flatten().filter(|&o| given(o)).fold(0u32, |m, o| m | 1 << (puzzle[o] - 1))
    };
    orbit.iter().all(|&cell| {
        let digit = 1u32 << (puzzle[cell] - 1);
        let naked = seen(cell) | digit == (1u32 << side) - 1;
        naked
            || units(cell)
                .into_iter()
                .any(|mut unit| unit.all(|o| o == cell || given(o) || seen(o) & digit != 0))
    })
}

/// A random complete grid from `rng`: the diagonal boxes filled with random permutations (they
/// share no row or column), completed by the deterministic search (drawn again in the rare
/// case it has no completion), then relabelled by a random permutation of the digits, its
/// bands, the rows in each band, its stacks and the columns in each stack shuffled, and
/// transposed or not (every such map takes a valid grid to a valid grid).
fn random_grid<const CELLS: usize, S: Searches<CELLS>>(
    rng: &mut Rng,
    searches: &mut S,
    deadline: &mut Deadline,
) -> Result<[u8; CELLS], Error> {
    let (side, b) = (S::SHAPE.side(), S::SHAPE.box_size);
    let mut digits = [0u8; 16];
    for (d, slot) in digits.iter_mut().enumerate() {
        *slot = d as u8 + 1;
    }
    let digits = &mut digits[..side];
    let grid = loop {
        let mut grid = [0u8; CELLS];
        for bx in 0..b {
            rng.shuffle(digits);
            for (k, &d) in digits.iter().enumerate() {
                grid[(bx * b + k / b) * side + bx * b + k % b] = d;
            }
        }
        match searches.complete(&mut grid, deadline) {
            Ok(()) => break grid,
            Err(Error::Unsolvable) => {}
            Err(e) => return Err(e),
        }
    };
    let mut lines = [[0usize; 16]; 2];
    for line in &mut lines {
        let mut bands = [0usize, 1, 2, 3];
        rng.shuffle(&mut bands[..b]);
        for (band, &from) in bands[..b].iter().enumerate() {
            let mut rows = [0usize, 1, 2, 3];
            rng.shuffle(&mut rows[..b]);
            for (k, &row) in rows[..b].iter().enumerate() {
                line[band * b + k] = from * b + row;
            }
        }
    }
    rng.shuffle(digits);
    let transpose = rng.next_u64() & 1 == 1;
    let mut out = [0u8; CELLS];
    for r in 0..side {
        for c in 0..side {
            let (rr, cc) = if transpose { (lines[1][c], lines[0][r]) } else { (lines[0][r], lines[1][c]) };
            let from = if transpose { cc * side + rr } else { rr * side + cc };
            out[r * side + c] = digits[usize::from(grid[from]) - 1];
        }
    }
    Ok(out)
}

/// One pass of removals over a random order of `grid`'s orbits: the minimal puzzle it leaves.
fn minimal<const CELLS: usize, S: Searches<CELLS>>(
    rng: &mut Rng,
    searches: &mut S,
    grid: &[u8; CELLS],
    symmetry: Symmetry,
    deadline: &mut Deadline,
) -> Result<[u8; CELLS], Error> {
    let side = S::SHAPE.side();
    // Each orbit by its first cell (the least of its cells), in a random order.
    let mut order = [0u16; CELLS];
    let mut orbits = 0;
    for cell in 0..CELLS {
        let (cells, len) = symmetry.orbit(side, cell);
        if cells[..len].iter().all(|&other| other >= cell) {
            order[orbits] = cell as u16;
            orbits += 1;
        }
    }
    rng.shuffle(&mut order[..orbits]);
    let mut puzzle = *grid;
    for &first in &order[..orbits] {
        let (cells, len) = symmetry.orbit(side, usize::from(first));
        let orbit = &cells[..len];
        if forced(S::SHAPE, &puzzle, orbit) || searches.unique_without(&puzzle, orbit, deadline)? {
            for &cell in orbit {
                puzzle[cell] = 0;
            }
        }
    }
    Ok(puzzle)
}

/// The generator: grids and orders from `seed`'s stream until a minimal puzzle has at most
/// `givens` givens (0: any number) and `accept` takes it (its answer, `Some`, is returned with
/// the puzzle's cells, 0 for a blank). [`Error::Timeout`] once `deadline` passes.
fn generate<const CELLS: usize, S: Searches<CELLS>, A>(
    searches: &mut S,
    seed: u64,
    symmetry: Symmetry,
    givens: usize,
    deadline: &mut Deadline,
    mut accept: impl FnMut(&[u8; CELLS], &mut Deadline) -> Result<Option<A>, Error>,
) -> Result<([u8; CELLS], A), Error> {
    let mut rng = Rng::new(seed);
    loop {
        let grid = random_grid(&mut rng, searches, deadline)?;
        let puzzle = minimal(&mut rng, searches, &grid, symmetry, deadline)?;
        if (givens == 0 || puzzle.iter().filter(|&&d| d != 0).count() <= givens)
            && let Some(answer) = accept(&puzzle, deadline)?
        {
            return Ok((puzzle, answer));
        }
        if deadline.tick(INTERVAL) {
            return Err(Error::Timeout);
        }
    }
}

/// A minimal 9x9 puzzle with one solution (cells 0 blank, 1..=9 a given); see `generate`.
pub fn generate9(seed: u64, symmetry: Symmetry, givens: usize, deadline: &mut Deadline) -> Result<[u8; 81], Error> {
    generate(&mut Nine, seed, symmetry, givens, deadline, |_, _| Ok(Some(()))).map(|(puzzle, ())| puzzle)
}

/// [`generate9`] until the puzzle's Sudoku Explainer rating (the rater of `techniques`, in
/// tenths) lies in `ratings`: the puzzle and its rating. A puzzle the techniques do not
/// finish has no known rating (only a lower bound), so it never fits. The clock is asked
/// after each rating step too: one rating can take milliseconds on a hard puzzle.
pub fn generate9_rated(
    seed: u64,
    symmetry: Symmetry,
    givens: usize,
    ratings: core::ops::RangeInclusive<u8>,
    deadline: &mut Deadline,
) -> Result<([u8; 81], u8), Error> {
    generate(&mut Nine, seed, symmetry, givens, deadline, |puzzle, deadline| {
        // A generated puzzle is valid, so its candidates grid exists.
        let Some(mut grid) = Grid::new(puzzle) else { return Ok(None) };
        let mut timeout = false;
        let rating = techniques::rate(&mut grid, |_, _| timeout = timeout || deadline.tick(INTERVAL));
        if timeout {
            return Err(Error::Timeout);
        }
        Ok(match rating {
            Rating::Rated(tenths) if ratings.contains(&tenths) => Some(tenths),
            _ => None,
        })
    })
}

/// A minimal 16x16 puzzle with one solution (cells 0 blank, 1..=16 a given), its searches in
/// `space`; see `generate`.
pub fn generate16(
    space: &mut MaybeUninit<Workspace16>,
    seed: u64,
    symmetry: Symmetry,
    givens: usize,
    deadline: &mut Deadline,
) -> Result<[u8; 256], Error> {
    generate(&mut Sixteen { space }, seed, symmetry, givens, deadline, |_, _| Ok(Some(()))).map(|(puzzle, ())| puzzle)
}
