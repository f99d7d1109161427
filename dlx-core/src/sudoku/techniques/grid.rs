//! The candidates grid every technique reads: for each of the 81 cells its value (0 when open)
//! and its candidates as a 9-bit mask (bit `d - 1` for digit `d`; 0 on a filled cell), and the
//! 27 units in the order Sudoku Explainer walks them (boxes, then columns, then rows), since
//! the first step found in that order is the one applied.

use crate::bits::ones;

/// All nine digits as a candidate mask.
pub const ALL: u16 = 0x1FF;

/// Unit numbers: boxes 0..9, columns 9..18, rows 18..27 (Sudoku Explainer's walking order).
pub const BOXES: usize = 0;
/// The first column unit.
pub const COLUMNS: usize = 9;
/// The first row unit.
pub const ROWS: usize = 18;

/// The nine cells of each unit, in reading order.
pub const UNITS: [[u8; 9]; 27] = {
    let mut units = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[BOXES + i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            units[COLUMNS + i][j] = (j * 9 + i) as u8;
            units[ROWS + i][j] = (i * 9 + j) as u8;
            j += 1;
        }
        i += 1;
    }
    units
};

/// Each unit's cells as a set of cells (bit `cell` of a `u128`).
pub const UNIT_SET: [u128; 27] = {
    let mut sets = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut j = 0;
        while j < 9 {
            sets[u] |= 1 << UNITS[u][j];
            j += 1;
        }
        u += 1;
    }
    sets
};

/// The box, column and row units of a cell.
pub const fn units_of(cell: usize) -> [usize; 3] {
    [BOXES + cell / 27 * 3 + cell % 9 / 3, COLUMNS + cell % 9, ROWS + cell / 9]
}

/// Each cell's 20 peers (the cells sharing a unit with it) as a set of cells.
pub const PEERS: [u128; 81] = {
    let mut peers = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let u = units_of(c);
        peers[c] = (UNIT_SET[u[0]] | UNIT_SET[u[1]] | UNIT_SET[u[2]]) & !(1u128 << c);
        c += 1;
    }
    peers
};

/// The cells of a set, lowest first.
pub fn cells(set: u128) -> impl Iterator<Item = usize> {
    ones(set)
}

/// A position in the solving: values placed and candidates left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Each cell's digit `1..=9`, or 0 while open.
    pub values: [u8; 81],
    /// Each open cell's candidates (bit `d - 1` for digit `d`); 0 on a filled cell.
    pub cands: [u16; 81],
}

impl Grid {
    /// The grid of a puzzle (0 for a blank, `1..=9` a given), each open cell's candidates being
    /// the digits none of its peers holds. `None` when two givens repeat in a unit.
    pub fn new(cells: &[u8; 81]) -> Option<Grid> {
        let mut grid = Grid { values: [0; 81], cands: [ALL; 81] };
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 {
                if grid.cands[cell] & 1 << (v - 1) == 0 {
                    return None;
                }
                grid.place(cell, v);
            }
        }
        Some(grid)
    }

    /// Puts `digit` in `cell` and takes it out of the peers' candidates.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        for p in cells(PEERS[cell]) {
            self.cands[p] &= !(1 << (digit - 1));
        }
    }

    /// Whether every cell holds a digit.
    pub fn solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The positions (bit `i` for the unit's `i`-th cell) where `digit` can still go in `unit`.
    pub fn positions(&self, unit: usize, digit: u8) -> u16 {
        let bit = 1 << (digit - 1);
        let mut mask = 0;
        for (i, &c) in UNITS[unit].iter().enumerate() {
            if self.cands[c as usize] & bit != 0 {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// The cells where `digit` is a candidate, as a set of cells.
    pub fn digit_cells(&self, digit: u8) -> u128 {
        let bit = 1 << (digit - 1);
        let mut set = 0u128;
        for (c, &m) in self.cands.iter().enumerate() {
            if m & bit != 0 {
                set |= 1 << c;
            }
        }
        set
    }

    /// The open cells of `unit`.
    pub fn empty_count(&self, unit: usize) -> u32 {
        UNITS[unit].iter().filter(|&&c| self.values[c as usize] == 0).count() as u32
    }

    /// How many times `digit` is placed in the grid.
    pub fn placed(&self, digit: u8) -> u32 {
        self.values.iter().filter(|&&v| v == digit).count() as u32
    }
}
