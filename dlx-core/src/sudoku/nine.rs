//! A dedicated 9x9 search on bit boards: every cell's candidates in one 9-bit mask, naked and
//! hidden singles propagated to a fixed point, and branching on the open cell with the fewest
//! candidates. For 9x9 the exact cover machinery (building a matrix, linking nodes) costs more
//! per call than this whole search on an easy puzzle; the search is the same exact one (every
//! completion is reached by the branching, and propagation only removes candidates no
//! completion uses), and the tests cross-check it against the DLX engine.

use crate::Error;
use crate::exact_cover::deadline::Deadline;

const CELLS: usize = 81;
const ALL: u16 = 0x1FF;

/// The 27 units (rows, columns, boxes) as cell lists.
const UNITS: [[u8; 9]; 27] = {
    let mut units = [[0u8; 9]; 27];
    let mut u = 0;
    while u < 9 {
        let mut k = 0;
        while k < 9 {
            units[u][k] = (u * 9 + k) as u8;
            units[9 + u][k] = (k * 9 + u) as u8;
            units[18 + u][k] = (((u / 3) * 3 + k / 3) * 9 + (u % 3) * 3 + k % 3) as u8;
            k += 1;
        }
        u += 1;
    }
    units
};

/// The 20 cells that share a unit with each cell.
const PEERS: [[u8; 20]; CELLS] = {
    let mut peers = [[0u8; 20]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / 9, cell % 9);
        let mut n = 0;
        let mut other = 0;
        while other < CELLS {
            let (r2, c2) = (other / 9, other % 9);
            let same_box = r / 3 == r2 / 3 && c / 3 == c2 / 3;
            if other != cell && (r == r2 || c == c2 || same_box) {
                peers[cell][n] = other as u8;
                n += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
};

/// The units of each cell as a bit set over the 27 of [`UNITS`].
const CELL_UNITS: [u32; CELLS] = {
    let mut units = [0u32; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / 9, cell % 9);
        units[cell] = 1 << r | 1 << (9 + c) | 1 << (18 + (r / 3) * 3 + c / 3);
        cell += 1;
    }
    units
};

/// A search state: the candidates of every cell (bit d for digit d + 1), which cells are
/// still open, the cells reduced to one candidate but not yet placed, and the units whose
/// candidates changed since their last hidden-single scan (only those can hold a new one).
#[derive(Clone, Copy)]
struct Board {
    candidates: [u16; CELLS],
    open: u128,
    queue: [u8; CELLS],
    queued: usize,
    dirty: u32,
}

/// A contradiction: some cell or unit has no place left for a digit.
struct Dead;

impl Board {
    /// The board of `cells` (0 blank, 1..=9 a given) with the givens queued for placing.
    fn new(cells: &[u8; CELLS]) -> Self {
        let mut board =
            Board { candidates: [ALL; CELLS], open: (1u128 << CELLS) - 1, queue: [0; CELLS], queued: 0, dirty: (1 << 27) - 1 };
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                board.candidates[cell] = 1 << (digit - 1);
                board.push(cell);
            }
        }
        board
    }

    fn push(&mut self, cell: usize) {
        self.queue[self.queued] = cell as u8;
        self.queued += 1;
    }

    /// Places the single candidate of `cell` and takes it from the cell's peers.
    fn place(&mut self, cell: usize) -> Result<(), Dead> {
        let bit = self.candidates[cell];
        self.open &= !(1u128 << cell);
        for &peer in &PEERS[cell] {
            let peer = usize::from(peer);
            let mask = self.candidates[peer];
            if mask & bit != 0 {
                let left = mask & !bit;
                if left == 0 {
                    return Err(Dead);
                }
                self.candidates[peer] = left;
                self.dirty |= CELL_UNITS[peer];
                if left & (left - 1) == 0 {
                    self.push(peer);
                }
            }
        }
        Ok(())
    }

    /// Naked and hidden singles to a fixed point.
    fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            while self.queued > 0 {
                self.queued -= 1;
                let cell = usize::from(self.queue[self.queued]);
                if self.open & (1u128 << cell) != 0 {
                    // Two placed peers may have left it empty since it was queued.
                    if self.candidates[cell] == 0 {
                        return Err(Dead);
                    }
                    self.place(cell)?;
                }
            }
            let mut found = false;
            let mut dirty = core::mem::take(&mut self.dirty);
            while dirty != 0 {
                let unit = &UNITS[dirty.trailing_zeros() as usize];
                dirty &= dirty - 1;
                let (mut once, mut twice) = (0u16, 0u16);
                for &cell in unit {
                    let mask = self.candidates[usize::from(cell)];
                    twice |= once & mask;
                    once |= mask;
                }
                if once != ALL {
                    return Err(Dead);
                }
                let mut hidden = once & !twice;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    for &cell in unit {
                        let cell = usize::from(cell);
                        if self.candidates[cell] & bit != 0 {
                            if self.candidates[cell] != bit {
                                self.candidates[cell] = bit;
                                self.dirty |= CELL_UNITS[cell];
                                self.push(cell);
                                found = true;
                            }
                            break;
                        }
                    }
                }
            }
            if !found && self.queued == 0 {
                return Ok(());
            }
        }
    }

    /// The open cell with the fewest candidates (the first such), if any cell is open.
    fn branch_cell(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        let mut open = self.open;
        while open != 0 {
            let cell = open.trailing_zeros() as usize;
            open &= open - 1;
            let n = self.candidates[cell].count_ones();
            if best.is_none_or(|(m, _)| n < m) {
                best = Some((n, cell));
                if n == 2 {
                    break;
                }
            }
        }
        best.map(|(_, cell)| cell)
    }
}

/// What a search found: how many completions (up to its limit), the first of them, and the
/// boards it branched from.
pub struct Found {
    pub count: u64,
    pub first: Option<[u8; CELLS]>,
    pub nodes: u64,
}

/// Counts the completions of `cells` (0 blank, 1..=9 a given) up to `limit`, in a fixed order,
/// and keeps the first. Repeated givens are none. [`Error::Timeout`] when `deadline` passes
/// first (asked once a branch).
pub fn search(cells: &[u8; CELLS], limit: u64, deadline: &mut Deadline) -> Result<Found, Error> {
    let mut found = Found { count: 0, first: None, nodes: 0 };
    let mut board = Board::new(cells);
    if board.propagate().is_ok() {
        descend(&board, limit, &mut found, deadline);
    }
    if found.count < limit && deadline.passed() { Err(Error::Timeout) } else { Ok(found) }
}

/// Extends `board` (propagated, consistent) to completions; false once the search must stop.
fn descend(board: &Board, limit: u64, found: &mut Found, deadline: &mut Deadline) -> bool {
    let Some(cell) = board.branch_cell() else {
        found.count += 1;
        if found.first.is_none() {
            found.first = Some(core::array::from_fn(|k| board.candidates[k].trailing_zeros() as u8 + 1));
        }
        return found.count < limit;
    };
    let mut digits = board.candidates[cell];
    while digits != 0 {
        let bit = digits & digits.wrapping_neg();
        digits &= digits - 1;
        found.nodes += 1;
        if deadline.tick(1) {
            return false;
        }
        let mut child = *board;
        child.candidates[cell] = bit;
        child.dirty |= CELL_UNITS[cell];
        child.push(cell);
        if child.propagate().is_ok() && !descend(&child, limit, found, deadline) {
            return false;
        }
    }
    true
}
