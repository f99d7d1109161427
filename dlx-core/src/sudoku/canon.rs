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
//! Two searches find that string, both bounded by the best string so far (`Best`): `grid` for
//! grids whose rows and columns each hold the nine digits once (complete grids), `puzzle` for
//! every other grid. `search`, the first search, exact on any grid but slower, is kept for the
//! tests and the bench to compare them with. How and why each is exact: docs/puzzles.md.

mod grid;
mod puzzle;
#[cfg(any(test, feature = "internals"))]
pub mod search;

/// The 81 values of a grid (0 a blank, 1..=9 a given), or of its canonical form.
pub type Grid = [u8; 81];

/// The canonical form of `cells` (81 values, 0 a blank, 1..=9 a given, as `parse` gives;
/// a value above 9 is read as 9): the least relabeled string over the grid's symmetries, as
/// the module says. The result has 0 for a blank and 1..=9 for givens.
pub fn canon(cells: &Grid) -> Grid {
    canon_steps(cells).0
}

/// `canon`, and its effort: the values the search compared with the best (`Best::steps`);
/// on complete grids, whole rows at once count one each.
pub fn canon_steps(cells: &Grid) -> (Grid, u64) {
    let cells = cells.map(|v| v.min(9));
    if grid::applies(&cells) { grid::canon(&cells) } else { puzzle::canon(&cells) }
}

/// The six orders of three, the two orders of the first two first (so the first `m!` are the
/// orders of the first `m`, for `m` up to 3).
const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [1, 0, 2], [0, 2, 1], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The transpose of `g`.
fn transposed(g: &Grid) -> Grid {
    let mut t = [0; 81];
    for (r, row) in g.chunks_exact(9).enumerate() {
        for (c, &v) in row.iter().enumerate() {
            t[c * 9 + r] = v;
        }
    }
    t
}

/// The best string found so far, the bound of a search that builds strings in order: of values
/// (`u8`, cells in reading order) or of whole rows (`u64`, packed so that one compare orders
/// two rows).
struct Best<T = u8, const N: usize = 81> {
    s: [T; N],
    /// How much of `s` is a bound: past it, any value is better.
    len: usize,
    /// Values offered: the search's effort.
    steps: u64,
}

impl Best {
    const NONE: Best = Best { s: [0; 81], len: 0, steps: 0 };
}

impl<T: Copy + Ord, const N: usize> Best<T, N> {
    /// Value `v` at `pos` of a branch whose prefix equals the best's: `false` when it is greater
    /// (cut the branch); else it is written, and when less (or past the bound) the best is cut
    /// to this prefix.
    fn offer(&mut self, pos: usize, v: T) -> bool {
        self.steps += 1;
        if pos < self.len {
            if v > self.s[pos] {
                return false;
            }
            if v < self.s[pos] {
                self.len = pos + 1;
            }
        } else {
            self.len = pos + 1;
        }
        self.s[pos] = v;
        true
    }
}

/// Lines (rows, or columns) equal to others earlier in their order: swapping two equal lines
/// of a group, or two groups equal line by line, leaves the grid as it was, so a branch that
/// takes the later one while the earlier is free gives the same strings as one that takes the
/// earlier: it is skipped. (The empty grid is so one branch, not 3,359,232.)
#[derive(Clone, Copy)]
struct Twins {
    /// For each line, the earlier lines of its group equal to it.
    lines: [u16; 9],
    /// For each group, the earlier groups equal to it line by line.
    groups: [u8; 3],
}

/// The rows and the columns of `g`, each packed in a number (four bits a value): equal lines
/// have equal numbers.
#[cfg(any(test, feature = "internals"))]
fn line_keys(g: &Grid) -> [[u64; 9]; 2] {
    let mut keys = [[0u64; 9]; 2];
    for r in 0..9 {
        for c in 0..9 {
            let v = u64::from(g[r * 9 + c]);
            keys[0][r] = keys[0][r] << 4 | v;
            keys[1][c] = keys[1][c] << 4 | v;
        }
    }
    keys
}

impl Twins {
    /// The twins of the nine lines whose keys (`line_keys`) are `line`.
    fn new(line: &[u64; 9]) -> Self {
        let mut twins = Twins { lines: [0; 9], groups: [0; 3] };
        for x in 0..9 {
            for y in 3 * (x / 3)..x {
                if line[x] == line[y] {
                    twins.lines[x] |= 1 << y;
                }
            }
        }
        for g in 0..3 {
            for h in 0..g {
                if (0..3).all(|k| line[3 * g + k] == line[3 * h + k]) {
                    twins.groups[g] |= 1 << h;
                }
            }
        }
        twins
    }

    /// Whether taking line `x` at place `k` of the order is redundant, `used` the lines taken.
    fn redundant(&self, used: u16, k: usize, x: u8) -> bool {
        let x = usize::from(x.min(8));
        if self.lines[x] & !used != 0 {
            return true;
        }
        k.is_multiple_of(3) && (0..3).any(|h| self.groups[x / 3] & (1 << h) != 0 && (!used >> (3 * h)) & 7 == 7)
    }
}

/// Whether line `x` (a row or a column, 0..9) may come at place `k` of the order of lines,
/// `used` the lines placed before it and `prev` the one just before: a place that starts a
/// group of three takes any line of a group none of whose lines is used yet, the others an
/// unused line of `prev`'s group.
#[cfg(any(test, feature = "internals"))]
const fn may_follow(used: u16, k: usize, prev: u8, x: u8) -> bool {
    if k.is_multiple_of(3) { (!used >> (3 * (x / 3))) & 7 == 7 } else { x / 3 == prev / 3 && used & (1 << x) == 0 }
}

