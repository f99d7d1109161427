//! The canonical form of a 9x9 grid (`dlx_canon9`): the least string, blanks first, over the
//! 3,359,232 symmetries of the grid and the relabelings of its digits. See `docs/puzzles.md`.
//!
//! The definition. A symmetry is a transposition (or none), an order of the three bands, an
//! order of the rows inside each band, an order of the stacks and an order of the columns
//! inside each stack: 2 * 6^8 = 3,359,232 of them. The grid it gives is read row-major as 81
//! values, a blank as 0, and its digits relabeled by first appearance: the first given in
//! reading order becomes 1, the next new digit 2, and so on. For a fixed order of cells that
//! relabeling is the least of all 9! (blanks stay where they are, and the first given cell
//! takes the least label any relabeling could give it, then the next new one...), so the least
//! string over symmetries and relabelings is the least over symmetries alone of the relabeled
//! strings. Givens need not be valid: this is symmetry only, nothing is solved.
//!
//! Three searches find that same string: `grid` for grids whose rows and columns each hold the
//! nine digits, `puzzle` for ..., and `search`, the first one, for any grid (the tests' reference).

mod grid;
pub mod search;

/// The 81 values of a grid (0 a blank, 1..=9 a given), or of its canonical form.
pub type Grid = [u8; 81];

/// The canonical form of `cells` (81 values, 0 a blank, 1..=9 a given, as `parse` gives;
/// a value above 9 is read as 9): the least relabeled string over the grid's symmetries, as
/// the module says. The result has 0 for a blank and 1..=9 for givens.
pub fn canon(cells: &Grid) -> Grid {
    let cells = cells.map(|v| v.min(9));
    if grid::applies(&cells) { grid::canon(&cells) } else { search::canon(&cells) }
}
