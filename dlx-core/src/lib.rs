//! Exact cover by Dancing Links and clause learning, and the Sudoku family on top of it: no
//! heap, no global state, `no_std`.
//!
//! This is the safe Rust API underneath the `dlx` C library (`include/dlx.h`): each function
//! here is what one C function does, without the pointers.
//!
//! - [`solve9`], [`count9`]: classic 9x9 Sudoku (POJ 3074), digits `1`..`9`.
//! - [`solve16`], [`count16`]: 16x16 Sudoku (POJ 3076), letters `A`..`P`.
//! - [`generate9`], [`generate16`]: minimal puzzles with one solution, from a seed.
//! - [`rate9`], [`hint9`]: the Sudoku Explainer rating of a 9x9 puzzle and the next human
//!   solving step.
//! - [`canon9`]: the canonical form of a 9x9 grid under its symmetries and relabelings.
//! - [`target_max`]: the Target Sudoku (CSU 1605, NOIP 2009), the proven maximum weighted score.
//! - [`Problem`]: any exact cover (primary and secondary items), in memory the caller owns,
//!   with Knuth's colors, bounds on items and option costs: every solution, counts, the least
//!   cost and the first cover within a cost.
//!
//! The `_until` functions and the counts take a time limit as a closure that says whether the
//! time is up (`no_std` has no clock); they end with [`Error::Timeout`] soon after it does.
//!
//! Every call keeps its whole state in fixed-size values on its own stack (about 210 KiB at
//! most, for [`target_max`]; a 256 KiB thread stack is enough, with dlx-core built at
//! opt-level 1 or more: unoptimised, the Target search needs 685 KiB), allocates nothing and
//! shares nothing, so any number of threads may call at once. Answers are exact and deterministic: the same input
//! gives the same answer every time.
//!
//! ```
//! // POJ 3076's sample: 16 lines of 16 cells, `-` for a blank.
//! let puzzle = include_str!("../../tests/data/judges/poj3076-sample.in");
//! let solution = dlx_core::solve16(puzzle.bytes())?;
//! assert_eq!(&solution[..16], b"FPAHMJECNLBDKOGI");
//! # Ok::<(), dlx_core::Error>(())
//! ```
//!
//! Layers, one direction: [`Error`] and the public functions here; `sudoku` turns grids into
//! exact covers; `target` bounds the weighted maximum; `exact_cover` searches, knowing nothing
//! of Sudoku. See `docs/design.md` in the repository for how each works and why.
#![cfg_attr(not(test), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

mod error;
#[cfg(test)]
mod tests;

// The engines and encodings are public only to this repository's benchmarks and fuzz oracle
// (the `internals` feature), outside the documented API.
macro_rules! internal_modules {
    ($($name:ident),*) => {$(
        #[cfg(feature = "internals")]
        #[doc(hidden)]
        #[allow(missing_docs)]
        pub mod $name;
        #[cfg(not(feature = "internals"))]
        mod $name;
    )*};
}
internal_modules!(bits, deadline, exact_cover, sudoku, target);

pub use error::Error;
pub use exact_cover::pieces::{PieceText, parse_piece};
pub use exact_cover::problem::{Fault, Problem};
pub use exact_cover::size::Size;
pub use sudoku::generate::Symmetry;
pub use sudoku::techniques::{Rating, Step, Technique};
pub use sudoku::variant::Variant;

use core::mem::MaybeUninit;

/// How often a search asks its `expired` callback: once every this many of its nodes (options
/// tried), so that a caller can follow a long search by counting the questions.
pub const NODES_A_QUESTION: u32 = deadline::INTERVAL;

use deadline::Deadline;

/// Cells of a 16x16 grid.
pub const CELLS16: usize = 256;
/// Cells of a 9x9 grid.
pub const CELLS9: usize = 81;

/// Solves a 16x16 Sudoku (POJ 3076 / ZOJ 3122 / LA 2659): letters `A` to `P`, each exactly once
/// in every row, column and 4x4 box.
///
/// `puzzle` yields the grid's text: exactly 256 cells, row-major, each `A`..`P` (a given) or
/// `-` or `.` (a blank); space, tab, CR and LF are skipped anywhere, so a judge's 16 lines can
/// be passed as they were read. Reading stops at the first fault, so `puzzle` is never read
/// past it. Returns the 256 solved cells as letters; where several solutions exist, the same
/// one on every call.
///
/// # Errors
/// [`Error::Cell`] for any other byte, [`Error::Length`] for fewer or more than 256 cells,
/// [`Error::Unsolvable`] when no completion exists (givens repeated in a unit included).
///
/// # Examples
/// ```
/// let blank = "-".repeat(256);
/// let grid = dlx_core::solve16(blank.bytes())?;
/// assert!(grid.iter().all(|c| (b'A'..=b'P').contains(c)));
/// assert_eq!(dlx_core::solve16("A".repeat(256).bytes()), Err(dlx_core::Error::Unsolvable));
/// assert_eq!(dlx_core::solve16("-?".bytes()), Err(dlx_core::Error::Cell));
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn solve16(puzzle: impl IntoIterator<Item = u8>) -> Result<[u8; CELLS16], Error> {
    solve16_until(puzzle, || false)
}

/// [`solve16`] with a time limit: `expired` is asked now and then (every few tens of
/// microseconds of search) whether the time is up, and once it says so the call ends with
/// [`Error::Timeout`].
///
/// # Errors
/// As [`solve16`], and [`Error::Timeout`].
///
/// # Examples
/// ```
/// use std::time::{Duration, Instant};
/// let end = Instant::now() + Duration::from_millis(100);
/// let grid = dlx_core::solve16_until("-".repeat(256).bytes(), || Instant::now() >= end)?;
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn solve16_until(
    puzzle: impl IntoIterator<Item = u8>,
    mut expired: impl FnMut() -> bool,
) -> Result<[u8; CELLS16], Error> {
    let mut cells = [0u8; CELLS16];
    sudoku::parse(puzzle.into_iter(), sudoku::Shape::SIXTEEN, &mut cells)?;
    let mut space = MaybeUninit::uninit();
    sudoku::solve16(&mut space, &mut cells, &mut Deadline::new(&mut expired))?;
    let mut text = [0u8; CELLS16];
    sudoku::write(sudoku::Shape::SIXTEEN, &cells, &mut text);
    Ok(text)
}

/// Counts the solutions of a 16x16 Sudoku (text as for [`solve16`]), stopping at `limit`:
/// with `limit` 2 the answer is "none, unique or several" (0, 1 or 2). 0 when there is none,
/// repeated givens included. `expired` as for [`solve16_until`] (`|| false` for no limit).
///
/// # Errors
/// [`Error::Cell`] and [`Error::Length`] as for [`solve16`], [`Error::Arg`] when `limit` is 0,
/// [`Error::Timeout`].
///
/// # Examples
/// ```
/// let blank = "-".repeat(256);
/// assert_eq!(dlx_core::count16(blank.bytes(), 2, || false)?, 2);
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn count16(
    puzzle: impl IntoIterator<Item = u8>,
    limit: u64,
    mut expired: impl FnMut() -> bool,
) -> Result<u64, Error> {
    let mut cells = [0u8; CELLS16];
    sudoku::parse(puzzle.into_iter(), sudoku::Shape::SIXTEEN, &mut cells)?;
    let mut space = MaybeUninit::<sudoku::Workspace16>::uninit();
    sudoku::Workspace::count(&mut space, &cells, limit, &mut Deadline::new(&mut expired))
}

/// Solves a classic 9x9 Sudoku (POJ 3074 and every 9x9 collection): `puzzle` yields exactly 81
/// cells, `1`..`9` a given, `0`, `.` or `-` a blank, whitespace skipped anywhere. Returns the
/// 81 solved cells as the digits `1`..`9`; where several solutions exist, the same one on
/// every call.
///
/// # Errors
/// As [`solve16`], for 81 cells.
///
/// # Examples
/// ```
/// let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let grid = dlx_core::solve9(puzzle.bytes())?;
/// assert_eq!(&grid[..9], b"417369825");
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn solve9(puzzle: impl IntoIterator<Item = u8>) -> Result<[u8; CELLS9], Error> {
    solve9_until(puzzle, || false)
}

/// [`solve9`] with a time limit, as [`solve16_until`] has.
///
/// # Errors
/// As [`solve9`], and [`Error::Timeout`].
pub fn solve9_until(
    puzzle: impl IntoIterator<Item = u8>,
    mut expired: impl FnMut() -> bool,
) -> Result<[u8; CELLS9], Error> {
    let mut cells = [0u8; CELLS9];
    sudoku::parse(puzzle.into_iter(), sudoku::Shape::NINE, &mut cells)?;
    let found = sudoku::nine::search(&cells, 1, &mut Deadline::new(&mut expired))?;
    let solved = found.first.ok_or(Error::Unsolvable)?;
    let mut text = [0u8; CELLS9];
    sudoku::write(sudoku::Shape::NINE, &solved, &mut text);
    Ok(text)
}

/// Counts the solutions of a 9x9 Sudoku (text as for [`solve9`]) as [`count16`] does.
///
/// # Errors
/// As [`count16`].
///
/// # Examples
/// ```
/// assert_eq!(dlx_core::count9(format!("11{}", ".".repeat(79)).bytes(), 5, || false)?, 0);
/// assert_eq!(dlx_core::count9(".".repeat(81).bytes(), 3, || false)?, 3);
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn count9(puzzle: impl IntoIterator<Item = u8>, limit: u64, expired: impl FnMut() -> bool) -> Result<u64, Error> {
    count9_first(puzzle, limit, expired).map(|(count, _)| count)
}

/// [`count9`] that also gives the first solution the count found, as [`solve9`] writes
/// solutions (`None` when the count is 0): one search answers "which solution, and is it the
/// only one?". For a puzzle with exactly one solution it is that solution; with several, the
/// same one on every call, though not necessarily the one [`solve9`] gives.
///
/// # Errors
/// As [`count9`].
///
/// # Examples
/// ```
/// let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let (count, first) = dlx_core::count9_first(puzzle.bytes(), 2, || false)?;
/// assert_eq!((count, first), (1, Some(dlx_core::solve9(puzzle.bytes())?)));
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn count9_first(
    puzzle: impl IntoIterator<Item = u8>,
    limit: u64,
    mut expired: impl FnMut() -> bool,
) -> Result<(u64, Option<[u8; CELLS9]>), Error> {
    let mut cells = [0u8; CELLS9];
    sudoku::parse(puzzle.into_iter(), sudoku::Shape::NINE, &mut cells)?;
    let limit = error::count_limit(limit)?;
    let found = sudoku::nine::search(&cells, limit, &mut Deadline::new(&mut expired))?;
    let first = found.first.map(|solved| {
        let mut text = [0u8; CELLS9];
        sudoku::write(sudoku::Shape::NINE, &solved, &mut text);
        text
    });
    Ok((found.count, first))
}

/// [`count16`] that also gives the first solution the count found, as [`count9_first`] does
/// for 9x9 (for several solutions, not necessarily the one [`solve16`] gives).
///
/// # Errors
/// As [`count16`].
pub fn count16_first(
    puzzle: impl IntoIterator<Item = u8>,
    limit: u64,
    mut expired: impl FnMut() -> bool,
) -> Result<(u64, Option<[u8; CELLS16]>), Error> {
    let mut cells = [0u8; CELLS16];
    sudoku::parse(puzzle.into_iter(), sudoku::Shape::SIXTEEN, &mut cells)?;
    let mut space = MaybeUninit::<sudoku::Workspace16>::uninit();
    let mut first = [0u8; CELLS16];
    let deadline = &mut Deadline::new(&mut expired);
    let count = sudoku::Workspace::count_keeping_first(&mut space, &cells, limit, deadline, Some(&mut first)).0?;
    let mut text = [0u8; CELLS16];
    sudoku::write(sudoku::Shape::SIXTEEN, &first, &mut text);
    Ok((count, (count > 0).then_some(text)))
}

/// The canonical form of a 9x9 grid, for deduplication: two grids have the same form exactly
/// when one is the other under a symmetry of the grid and a relabeling of its digits.
///
/// `puzzle` is read as by [`solve9`] (81 cells, `1`..`9` a given, `0`, `.` or `-` a blank,
/// whitespace skipped). Any givens are accepted, complete grids and puzzles alike, even
/// contradictory ones: this is symmetry only, nothing is solved.
///
/// The form is the least string, a blank read as 0 (so blanks sort first), over the
/// 3,359,232 symmetries (transposition or not, the orders of the bands, of the rows inside
/// each band, of the stacks and of the columns inside each stack) and the relabelings of the
/// digits. For a fixed symmetry the least relabeling names the digits in order of first
/// appearance (the first given in reading order becomes 1, the next new digit 2, ...), so the
/// form's first given is `1` and its digits appear in increasing order of first use. Returns
/// 81 bytes: `1`..`9` for givens and `.` for blanks.
///
/// # Errors
/// [`Error::Cell`] and [`Error::Length`] as for [`solve9`].
///
/// # Examples
/// ```
/// let a = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let form = dlx_core::canon9(a.bytes())?;
/// // Transposed and relabeled (swap 4 and 8), the same class.
/// let mut b = [b'.'; 81];
/// for (i, c) in a.bytes().enumerate() {
///     b[(i % 9) * 9 + i / 9] = match c { b'4' => b'8', b'8' => b'4', c => c };
/// }
/// assert_eq!(dlx_core::canon9(b)?, form);
/// assert_eq!(dlx_core::canon9(form)?, form);
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn canon9(puzzle: impl IntoIterator<Item = u8>) -> Result<[u8; CELLS9], Error> {
    let mut cells = [0u8; CELLS9];
    sudoku::parse(puzzle.into_iter(), sudoku::Shape::NINE, &mut cells)?;
    let form = sudoku::canon::canon(&cells);
    let mut text = [0u8; CELLS9];
    for (t, &v) in text.iter_mut().zip(&form) {
        *t = if v == 0 { b'.' } else { b'0' + v };
    }
    Ok(text)
}

/// A Target Sudoku's answer: the maximum score and a completion that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The largest score over every valid completion (always > 0).
    pub score: i32,
    /// A completion that reaches it, row-major, digits 1..=9: the same on every call.
    pub grid: [u8; CELLS9],
}

/// Target Sudoku (CSU 1605, NOIP 2009): the largest score over all valid completions of a 9x9
/// Sudoku, where a cell scores its digit times its weight: 10 at the centre, then 9, 8, 7 and 6
/// on the rings around it (weight = 10 - max(|r - 4|, |c - 4|), 0-based row r and column c).
///
/// `grid` is row-major, 0 a blank, 1..=9 a given. The answer is exact: the largest over every
/// completion, proven by a Lagrangian bound and branch and bound.
///
/// # Errors
/// [`Error::Cell`] when a value is above 9; [`Error::Unsolvable`] when no completion exists
/// (givens repeated in a unit included).
///
/// # Examples
/// ```
/// let empty = [0u8; 81];
/// assert_eq!(dlx_core::target_max(&empty)?.score, 2906);
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn target_max(grid: &[u8; CELLS9]) -> Result<Target, Error> {
    target_max_until(grid, || false)
}

/// [`target_max`] with a time limit, as [`solve16_until`] has.
///
/// # Errors
/// As [`target_max`], and [`Error::Timeout`].
pub fn target_max_until(grid: &[u8; CELLS9], mut expired: impl FnMut() -> bool) -> Result<Target, Error> {
    let outcome = target::target_max(grid, &mut Deadline::new(&mut expired))?;
    Ok(Target { score: outcome.score, grid: outcome.grid })
}

/// A minimal 9x9 puzzle with exactly one solution, made from `seed`: a random complete grid,
/// then its givens removed in a random order, one orbit of `symmetry` at a time, while the
/// puzzle keeps one solution; every orbit left is needed (docs/generate.md). `givens` above 0
/// asks for at most that many givens: grids and orders are drawn again until a puzzle has
/// them (minimal 9x9 puzzles have 17 at least, so a target below that, or one rarely reached,
/// needs a time limit). The same seed and options give the same puzzle on every platform.
///
/// Returns the 81 cells as [`solve9`] reads them: `1`..`9` a given, `.` a blank. `expired` as
/// for [`solve16_until`] (`|| false` for no limit).
///
/// The grid is not drawn uniformly from all grids: see docs/generate.md for what it is.
///
/// # Errors
/// [`Error::Timeout`] once `expired` says so before a puzzle is ready.
///
/// # Examples
/// ```
/// use dlx_core::Symmetry;
/// let puzzle = dlx_core::generate9(7, Symmetry::Rotate180, 0, || false)?;
/// assert_eq!(dlx_core::count9(puzzle.iter().copied(), 2, || false)?, 1);
/// assert_eq!(puzzle, dlx_core::generate9(7, Symmetry::Rotate180, 0, || false)?);
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn generate9(
    seed: u64,
    symmetry: Symmetry,
    givens: usize,
    mut expired: impl FnMut() -> bool,
) -> Result<[u8; CELLS9], Error> {
    let cells = sudoku::generate::generate9(seed, symmetry, givens, &mut Deadline::new(&mut expired))?;
    Ok(core::array::from_fn(|k| if cells[k] == 0 { b'.' } else { b'0' + cells[k] }))
}

/// The highest rating, in tenths, [`generate9_rated`] takes as a bound: 12.0, above the top
/// of Sudoku Explainer's scale (11-something for the hardest known puzzles).
pub const RATING_MAX: u8 = 120;

/// [`generate9`] until the puzzle's Sudoku Explainer rating, as [`rate9`] gives it, lies in
/// `lo..=hi` (tenths: 70 for 7.0): minimal puzzles are drawn from the seed's stream, each
/// rated, until one fits. Returns the puzzle (as [`generate9`]) and its rating.
///
/// Only puzzles [`rate9`] finishes ([`Rating::Rated`]) can fit: one the implemented techniques
/// do not finish ([`Rating::Beyond`], SE 7.5 or more with nets) has no known rating and is
/// skipped. Of 3,000 generated puzzles none rated above 7.4 (docs/generate.md gives the tries
/// per hit by range), so a range from 7.5 up will mostly time out: give it a time limit.
/// Deterministic for the same seed and arguments, as [`generate9`]: the answer is the first
/// minimal puzzle of the seed's stream (the one [`generate9`] returns, then the next ones)
/// that fits.
///
/// # Errors
/// [`Error::Arg`] when `lo > hi` or `hi > RATING_MAX`; [`Error::Timeout`] once `expired`
/// says so before a puzzle fits.
///
/// # Examples
/// ```
/// use dlx_core::{Rating, Symmetry};
/// let (puzzle, rating) = dlx_core::generate9_rated(5, Symmetry::None, 0, 20, 30, || false)?;
/// assert!((20..=30).contains(&rating));
/// assert_eq!(dlx_core::rate9(puzzle.iter().copied())?, Rating::Rated(rating));
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn generate9_rated(
    seed: u64,
    symmetry: Symmetry,
    givens: usize,
    lo: u8,
    hi: u8,
    mut expired: impl FnMut() -> bool,
) -> Result<([u8; CELLS9], u8), Error> {
    if lo > hi || hi > RATING_MAX {
        return Err(Error::Arg);
    }
    let (cells, rating) =
        sudoku::generate::generate9_rated(seed, symmetry, givens, lo..=hi, &mut Deadline::new(&mut expired))?;
    Ok((core::array::from_fn(|k| if cells[k] == 0 { b'.' } else { b'0' + cells[k] }), rating))
}

/// [`generate9`] for 16x16: 256 cells as [`solve16`] reads them, `A`..`P` a given, `-` a
/// blank. Minimal 16x16 puzzles take some tens of milliseconds each (docs/benchmarks.md).
///
/// # Errors
/// [`Error::Timeout`] once `expired` says so before a puzzle is ready.
///
/// # Examples
/// ```
/// let puzzle = dlx_core::generate16(1, dlx_core::Symmetry::None, 0, || false)?;
/// assert_eq!(dlx_core::count16(puzzle.iter().copied(), 2, || false)?, 1);
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn generate16(
    seed: u64,
    symmetry: Symmetry,
    givens: usize,
    mut expired: impl FnMut() -> bool,
) -> Result<[u8; CELLS16], Error> {
    let mut space = MaybeUninit::uninit();
    let cells = sudoku::generate::generate16(&mut space, seed, symmetry, givens, &mut Deadline::new(&mut expired))?;
    Ok(core::array::from_fn(|k| if cells[k] == 0 { b'-' } else { b'A' + cells[k] - 1 }))
}

/// What [`hint9`] finds: the next step, or why there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The next step Sudoku Explainer would take.
    Step(Step),
    /// Every cell is filled: nothing left to do.
    Solved,
    /// None of the techniques implemented applies (the puzzle needs SE's nets).
    Beyond,
    /// The puzzle has more than one solution, so no technique may be trusted on it.
    Multiple,
}

/// Parses a 9x9 puzzle and checks it has exactly one solution, then gives its candidates
/// grid; `Ok(None)` when it has several.
fn rate_grid(
    puzzle: impl IntoIterator<Item = u8>,
    expired: &mut dyn FnMut() -> bool,
) -> Result<Option<sudoku::techniques::Grid>, Error> {
    let mut cells = [0u8; CELLS9];
    sudoku::parse(puzzle.into_iter(), sudoku::Shape::NINE, &mut cells)?;
    match sudoku::nine::search(&cells, 2, &mut Deadline::new(expired))?.count {
        0 => Err(Error::Unsolvable),
        1 => sudoku::techniques::Grid::new(&cells).map(Some).ok_or(Error::Unsolvable),
        _ => Ok(None),
    }
}

/// The Sudoku Explainer (SE) rating of a 9x9 puzzle: the difficulty of the hardest step on
/// the path SE takes (at every position the first technique, in SE's order, that applies).
///
/// `puzzle` is read as by [`solve9`]. Returns [`Rating::Rated`] with the rating in tenths
/// (72 for SE's 7.2); [`Rating::Beyond`] when the techniques implemented here (singles
/// to the cycles and forcing chains of SE's first chaining rule; see [`Technique`]) do not
/// finish the puzzle (SE would need its nets: Nishio, multiple or dynamic forcing chains), with the
/// hardest step taken until then; [`Rating::Multiple`] when the puzzle has more than one
/// solution (SE's uniqueness techniques assume one).
///
/// # Errors
/// [`Error::Cell`] and [`Error::Length`] as for [`solve9`], [`Error::Unsolvable`] when no
/// completion exists.
///
/// # Examples
/// ```
/// // Project Euler 96's first grid: hidden singles in boxes (SE 1.2) finish it.
/// let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// assert_eq!(dlx_core::rate9(easy.bytes())?, dlx_core::Rating::Rated(12));
/// assert_eq!(dlx_core::rate9(".".repeat(81).bytes())?, dlx_core::Rating::Multiple);
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn rate9(puzzle: impl IntoIterator<Item = u8>) -> Result<Rating, Error> {
    rate9_until(puzzle, || false)
}

/// [`rate9`] with a time limit, as [`solve16_until`] has: `expired` is asked while the
/// solutions are counted and after every step.
///
/// # Errors
/// As [`rate9`], and [`Error::Timeout`].
pub fn rate9_until(puzzle: impl IntoIterator<Item = u8>, mut expired: impl FnMut() -> bool) -> Result<Rating, Error> {
    let Some(mut grid) = rate_grid(puzzle, &mut expired)? else {
        return Ok(Rating::Multiple);
    };
    let mut timeout = false;
    let rating = sudoku::techniques::rate(&mut grid, |_, _| timeout = timeout || expired());
    if timeout { Err(Error::Timeout) } else { Ok(rating) }
}

/// The next step Sudoku Explainer would take on a 9x9 puzzle (read as by [`solve9`]): the
/// technique, its rating, the cells and digits of its pattern, and what it places or takes
/// out of the candidates (each open cell's candidates being the digits its peers do not hold).
///
/// # Errors
/// As [`rate9`].
///
/// # Examples
/// ```
/// let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let dlx_core::Hint::Step(step) = dlx_core::hint9(puzzle.bytes())? else { panic!() };
/// assert_eq!(step.technique, dlx_core::Technique::HiddenSingleBox);
/// assert_eq!(step.rating, 12);
/// assert!(step.place.is_some());
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub fn hint9(puzzle: impl IntoIterator<Item = u8>) -> Result<Hint, Error> {
    hint9_until(puzzle, || false)
}

/// [`hint9`] with a time limit on counting the puzzle's solutions, as [`rate9_until`] has.
///
/// # Errors
/// As [`hint9`], and [`Error::Timeout`].
pub fn hint9_until(puzzle: impl IntoIterator<Item = u8>, mut expired: impl FnMut() -> bool) -> Result<Hint, Error> {
    let Some(grid) = rate_grid(puzzle, &mut expired)? else {
        return Ok(Hint::Multiple);
    };
    Ok(if grid.solved() { Hint::Solved } else { sudoku::techniques::next_step(&grid).map_or(Hint::Beyond, Hint::Step) })
}
