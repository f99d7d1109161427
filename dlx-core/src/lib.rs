//! Exact cover by Dancing Links and clause learning, and the Sudoku family on top of it: no
//! heap, no global state, `no_std`.
//!
//! This is the safe Rust API underneath the `dlx` C library (`include/dlx.h`): each function
//! here is what one C function does, without the pointers.
//!
//! - [`solve16`]: a 16x16 Sudoku (POJ 3076), letters `A`..`P`.
//! - [`target_max`]: the Target Sudoku (CSU 1605, NOIP 2009), the proven maximum weighted score.
//!
//! Every call keeps its whole state in one fixed-size value on its own stack (about 160 KiB at
//! most; a 256 KiB thread stack is enough), allocates nothing and shares nothing, so any
//! number of threads may call at once. Answers are exact and deterministic: the same input
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
internal_modules!(exact_cover, sudoku, target);

pub use error::Error;

use core::mem::MaybeUninit;

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
    let mut cells = [0u8; CELLS16];
    sudoku::parse_letters(puzzle.into_iter(), sudoku::Shape::SIXTEEN, &mut cells)?;
    let mut space = MaybeUninit::uninit();
    sudoku::solve16(&mut space, &mut cells)?;
    let mut text = [0u8; CELLS16];
    sudoku::write_letters(&cells, &mut text);
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
    let outcome = target::target_max(grid)?;
    Ok(Target { score: outcome.score, grid: outcome.grid })
}
