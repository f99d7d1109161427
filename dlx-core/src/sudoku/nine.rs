//! A dedicated 9x9 search on per-digit bit boards, in the manner of the fastest bit-board
//! solvers: for every digit and band (three rows), the band's 27 cells where the digit can
//! still go. A digit fills one cell of every row, column and box, so inside a band it takes one
//! "minirow" (three cells of a row in one box) in each row and in each box: a 3x3 permutation
//! of rows onto boxes. Keeping only the minirows some permutation uses is locked candidates
//! within the band; the same on the stacks' minicolumns is locked candidates within the stack;
//! a row or column of one cell is a hidden single (a box of one cell lies in such a row once
//! the band is narrowed); a cell with one digit left is a naked single. These run to a fixed
//! point, then the search branches on a cell with two candidates that sees the most open cells
//! (or on a cell with the fewest candidates). Each rule and the choice were kept for what they
//! measured: together they halved the guesses on the hardest sets (docs/design.md).
//!
//! For 9x9 the exact cover machinery (building a matrix, linking nodes) costs more per call
//! than this whole search on an easy puzzle. The search is the same exact one: every completion
//! is reached by the branching, and the reasoning only removes candidates no completion uses;
//! the tests cross-check it against the DLX engine.

use crate::Error;
use crate::deadline::Deadline;

const CELLS: usize = 81;
/// A band's 27 cells, one bit each: bit 9 * row + column (row 0..3 within the band).
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of a band's first row.
const ROW: u32 = 0x1FF;
/// A column's three cells in a band (the first column; shift by the column).
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
/// A box's nine cells in its band (the first box; shift by 3 * box).
const BOX: u32 = 7 * COLUMN;

/// A row's nine bits -> which of its three minirows (boxes) hold any.
const ROW_MINIROWS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        table[x] = (x & 7 != 0) as u8 | ((x & 0o70 != 0) as u8) << 1 | ((x & 0o700 != 0) as u8) << 2;
        x += 1;
    }
    table
};

/// A row's nine bits -> the row when it has one bit, else 0.
const SINGLE: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut x = 0usize;
    while x < 512 {
        if x.count_ones() == 1 {
            table[x] = x as u16;
        }
        x += 1;
    }
    table
};

/// A row's nine bits -> how many are set.
const ROW_COUNT: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut x = 0usize;
    while x < 512 {
        table[x] = x.count_ones() as u8;
        x += 1;
    }
    table
};

/// The cells set in a band's mask, by table: `count_ones` compiles to a dozen
/// instructions on the baseline x86-64 target, which has no POPCNT.
fn count(mask: u32) -> u32 {
    u32::from(ROW_COUNT[(mask & ROW) as usize])
        + u32::from(ROW_COUNT[(mask >> 9 & ROW) as usize])
        + u32::from(ROW_COUNT[(mask >> 18) as usize])
}

/// A band's minirows for one digit (bit 3 * row + box) -> those that some placement uses (one
/// minirow in every row and in every box, so one of the six permutations); 0 when none fits.
const LOCKED: [u16; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut table = [0u16; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let placed = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
            if minirows & placed == placed {
                table[minirows] |= placed as u16;
            }
            p += 1;
        }
        minirows += 1;
    }
    table
};

/// Minirows (bit 3 * row + box) -> their cells in the band.
const MINIROW_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let mut j = 0;
        while j < 9 {
            if minirows & 1 << j != 0 {
                table[minirows] |= 7 << (9 * (j / 3) + 3 * (j % 3));
            }
            j += 1;
        }
        minirows += 1;
    }
    table
};

/// Each cell of a band (bit 9 * row + column) -> its column's three cells in a band.
const CELL_COLUMN: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut at = 0;
    while at < 27 {
        table[at] = COLUMN << (at % 9);
        at += 1;
    }
    table
};

/// Each cell of a band -> the cells of the band in its row, column or box.
const CELL_PEERS: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut at = 0;
    while at < 27 {
        table[at] = ROW << (9 * (at / 9)) | BOX << (3 * (at % 9 / 3)) | COLUMN << (at % 9);
        at += 1;
    }
    table
};

/// A search state: where each digit can still go, which cells are not placed yet, and which
/// digit-bands (and digits, for the columns) changed since they were last reasoned about.
#[derive(Clone, Copy)]
struct Board {
    /// `candidates[9 * band + digit]`: the band's cells that may still hold the digit (a
    /// placed cell keeps its own digit's bit).
    candidates: [u32; 27],
    unsolved: [u32; 3],
    /// Digit-bands (bit 9 * band + digit) to reason about again.
    changed: u32,
    /// Digit-bands whose digit's columns to reason about again.
    columns: u32,
}

/// A contradiction: some cell, row, column or box has no place left for a digit.
struct Dead;

impl Board {
    /// The board of `cells` (0 blank, 1..=9 a given) with the givens placed; [`Dead`] when two
    /// givens clash.
    fn new(cells: &[u8; CELLS]) -> Result<Self, Dead> {
        // In bulk: what the givens take (their cells, and their digits' rows, columns and
        // boxes) is gathered first and taken from the full board once.
        let mut given = [0u32; 3];
        let mut own = [0u32; 27];
        let mut seen = [0u32; 27];
        let mut columns = [0u32; 9];
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                let (digit, band, at) = (usize::from(digit - 1), cell / 27, cell % 27);
                if (seen[9 * band + digit] | columns[digit]) & 1 << at != 0 {
                    return Err(Dead);
                }
                given[band] |= 1 << at;
                own[9 * band + digit] |= 1 << at;
                seen[9 * band + digit] |= CELL_PEERS[at];
                columns[digit] |= CELL_COLUMN[at];
            }
        }
        let candidates = core::array::from_fn(|i| {
            let (band, digit) = (i / 9, i % 9);
            BAND & !given[band] & !seen[i] & !columns[digit] | own[i]
        });
        Ok(Board { candidates, unsolved: [BAND & !given[0], BAND & !given[1], BAND & !given[2]], changed: BAND, columns: BAND })
    }

    /// Narrows digit-band `i` to `mask`, noting the change.
    fn narrow(&mut self, i: usize, mask: u32) {
        if self.candidates[i] & mask != self.candidates[i] {
            self.candidates[i] &= mask;
            self.changed |= 1 << i;
            self.columns |= 1 << i;
        }
    }

    /// Places `digit` on the cell `bit` of `band` (a candidate there): the cell loses its other
    /// digits, and the cell's row, column and box lose this digit.
    fn place(&mut self, digit: usize, band: usize, bit: u32) {
        let at = bit.trailing_zeros() as usize;
        self.unsolved[band] &= !bit;
        let digits: &mut [u32; 9] = (&mut self.candidates[9 * band..9 * band + 9]).try_into().unwrap();
        let mut hit = 0u32;
        for (d, mask) in digits.iter_mut().enumerate() {
            hit |= u32::from(*mask & bit != 0) << d;
            *mask &= !bit;
        }
        let mut changed = hit << (9 * band);
        let column = CELL_COLUMN[at];
        let mut hit = 0u32;
        for other in 0..3 {
            let mask = &mut self.candidates[9 * other + digit];
            hit |= u32::from(*mask & column != 0) << (9 * other);
            *mask &= !column;
        }
        changed |= hit << digit;
        let i = 9 * band + digit;
        self.candidates[i] = self.candidates[i] & !CELL_PEERS[at] | bit;
        changed |= 1 << i;
        self.changed |= changed;
        self.columns |= changed;
    }

    /// Locked candidates and hidden singles in the rows and boxes of digit-band `i`.
    fn settle(&mut self, i: usize) -> Result<(), Dead> {
        let mask = self.candidates[i];
        let minirows = usize::from(ROW_MINIROWS[(mask & ROW) as usize])
            | usize::from(ROW_MINIROWS[(mask >> 9 & ROW) as usize]) << 3
            | usize::from(ROW_MINIROWS[(mask >> 18) as usize]) << 6;
        let kept = LOCKED[minirows];
        if kept == 0 {
            return Err(Dead);
        }
        self.narrow(i, MINIROW_CELLS[usize::from(kept)]);
        let (digit, band) = (i % 9, i / 9);
        let mask = self.candidates[i];
        // After the narrowing, a box with one cell left lies in a row with one cell left: the
        // box's only minirow is the only one its row keeps.
        let mut singles = u32::from(SINGLE[(mask & ROW) as usize])
            | u32::from(SINGLE[(mask >> 9 & ROW) as usize]) << 9
            | u32::from(SINGLE[(mask >> 18) as usize]) << 18;
        singles &= self.unsolved[band];
        while singles != 0 {
            let bit = singles & singles.wrapping_neg();
            singles &= singles - 1;
            // An earlier single of this digit-band may have taken it (then the band is dead,
            // and settling it again says so).
            if self.candidates[i] & bit != 0 {
                self.place(digit, band, bit);
            }
        }
        Ok(())
    }

    /// Locked candidates in the stacks of `digit` (as [`Board::settle`] does in the bands, with
    /// minicolumns: a column's three cells in one box) and hidden singles in its columns;
    /// [`Dead`] when a column or box has no place for it.
    fn settle_columns(&mut self, digit: usize) -> Result<(), Dead> {
        let columns: [u32; 3] = core::array::from_fn(|band| {
            let mask = self.candidates[9 * band + digit];
            (mask | mask >> 9 | mask >> 18) & ROW
        });
        for stack in 0..3 {
            let minicolumns = (columns[0] >> (3 * stack) & 7)
                | (columns[1] >> (3 * stack) & 7) << 3
                | (columns[2] >> (3 * stack) & 7) << 6;
            let kept = u32::from(LOCKED[minicolumns as usize]);
            if kept == 0 {
                return Err(Dead);
            }
            let mut gone = minicolumns & !kept;
            while gone != 0 {
                let j = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                self.narrow(9 * (j / 3) + digit, !(COLUMN << (3 * stack + j % 3)));
            }
        }
        let (mut once, mut twice) = (0u32, 0u32);
        for band in 0..3 {
            let mask = self.candidates[9 * band + digit];
            for k in 0..3 {
                let row = mask >> (9 * k) & ROW;
                twice |= once & row;
                once |= row;
            }
        }
        if once != ROW {
            return Err(Dead);
        }
        let mut single = once & !twice;
        while single != 0 {
            let column = COLUMN << single.trailing_zeros();
            single &= single - 1;
            for band in 0..3 {
                let cell = self.candidates[9 * band + digit] & column;
                if cell != 0 {
                    if cell & self.unsolved[band] != 0 {
                        self.place(digit, band, cell);
                    }
                    break;
                }
            }
        }
        Ok(())
    }

    /// Naked singles in `band`; [`Dead`] when a cell has no digit left.
    fn naked_singles(&mut self, band: usize) -> Result<(), Dead> {
        let unsolved = self.unsolved[band];
        let (mut once, mut twice) = (0u32, 0u32);
        for digit in 0..9 {
            let mask = self.candidates[9 * band + digit];
            twice |= once & mask;
            once |= mask;
        }
        if unsolved & !once != 0 {
            return Err(Dead);
        }
        let mut singles = unsolved & !twice;
        while singles != 0 {
            let bit = singles & singles.wrapping_neg();
            singles &= singles - 1;
            // An earlier single in this band may have emptied the cell.
            let digit = (0..9).find(|&d| self.candidates[9 * band + d] & bit != 0).ok_or(Dead)?;
            self.place(digit, band, bit);
        }
        Ok(())
    }

    /// Every rule above to a fixed point.
    fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            while self.changed != 0 {
                let i = self.changed.trailing_zeros() as usize;
                self.changed &= self.changed - 1;
                self.settle(i)?;
            }
            while self.columns != 0 && self.changed == 0 {
                let digit = self.columns.trailing_zeros() as usize % 9;
                self.columns &= !(COLUMN << digit);
                self.settle_columns(digit)?;
            }
            if self.changed != 0 {
                continue;
            }
            for band in 0..3 {
                self.naked_singles(band)?;
            }
            if self.changed == 0 {
                return Ok(());
            }
        }
    }

    /// The cell to branch on (band and bit): of the cells with two candidates, the one that sees
    /// the most open cells (the last such: placing it reaches furthest), else the first with
    /// the fewest candidates; `None` once every cell is placed.
    fn branch_cell(&self) -> Option<(usize, u32)> {
        let mut best: Option<(u32, usize, u32)> = None;
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for digit in 0..9 {
                let mask = self.candidates[9 * band + digit];
                thrice |= twice & mask;
                twice |= once & mask;
                once |= mask;
            }
            let mut pairs = self.unsolved[band] & twice & !thrice;
            while pairs != 0 {
                let at = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let column = CELL_COLUMN[at];
                // The other bands' open cells of the column, summed row by row in two-bit
                // fields (bits 0, 9 and 18), then the fields added.
                let shift = at % 9;
                let both = ((self.unsolved[(band + 1) % 3] & column) >> shift)
                    + ((self.unsolved[(band + 2) % 3] & column) >> shift);
                let seen = count(self.unsolved[band] & CELL_PEERS[at]) + ((both + (both >> 9) + (both >> 18)) & 7);
                if best.is_none_or(|(most, ..)| seen >= most) {
                    best = Some((seen, band, 1 << at));
                }
            }
        }
        if let Some((_, band, bit)) = best {
            return Some((band, bit));
        }
        let mut fewest: Option<(u32, usize, u32)> = None;
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open &= open - 1;
                let n = (0..9).filter(|&d| self.candidates[9 * band + d] & bit != 0).count() as u32;
                if fewest.is_none_or(|(m, ..)| n < m) {
                    fewest = Some((n, band, bit));
                }
            }
        }
        fewest.map(|(_, band, bit)| (band, bit))
    }

    /// The digits (0-based) the cell `bit` of `band` may take, cheapest first by `cost`
    /// (indexed by cell and digit 1..=9), each with its cost; and how many there are.
    fn cheapest_first(&self, band: usize, bit: u32, cost: &[[i64; 10]; CELLS]) -> ([(i64, usize); 9], usize) {
        let cell = 27 * band + bit.trailing_zeros() as usize;
        let mut digits = [(0i64, 0usize); 9];
        let mut open = 0;
        for digit in 0..9 {
            if self.candidates[9 * band + digit] & bit != 0 {
                digits[open] = (cost[cell][digit + 1], digit);
                open += 1;
            }
        }
        digits[..open].sort_unstable();
        (digits, open)
    }

    /// The digits (1..=9) of a board with every cell placed.
    fn digits(&self) -> [u8; CELLS] {
        // Each digit-band holds just the digit's three placed cells by now.
        let mut grid = [0u8; CELLS];
        for (i, &mask) in self.candidates.iter().enumerate() {
            let mut cells = mask;
            while cells != 0 {
                grid[27 * (i / 9) + cells.trailing_zeros() as usize] = (i % 9) as u8 + 1;
                cells &= cells - 1;
            }
        }
        grid
    }
}

/// What a search found: how many completions (up to its limit), the first of them, and the
/// boards it branched from.
pub struct Found {
    pub count: u64,
    pub first: Option<[u8; CELLS]>,
    pub nodes: u64,
    /// The clause learner's conflicts, when the search handed the grid over to it (see
    /// [`LEARN_AFTER`]; a conflict costs about what 15-20 branches do).
    pub conflicts: u64,
}

/// Counts the completions of `cells` (0 blank, 1..=9 a given) up to `limit`, in a fixed order,
/// and keeps the first. Repeated givens are none. [`Error::Timeout`] when `deadline` passes
/// first (asked once a branch).
///
/// Once [`LEARN_AFTER`] branches have passed without a completion, the grid goes to clause
/// learning instead, which counts it again from the start (see `learn`).
pub fn search(cells: &[u8; CELLS], limit: u64, deadline: &mut Deadline) -> Result<Found, Error> {
    let mut found = Found { count: 0, first: None, nodes: 0, conflicts: 0 };
    if let Ok(mut board) = Board::new(cells)
        && board.propagate().is_ok()
    {
        let mut last = 0;
        if !descend(&board, limit, &mut found, &mut last, deadline) && found.nodes - last > LEARN_AFTER {
            return learn(cells, limit, found, deadline);
        }
    }
    if found.count < limit && deadline.passed() { Err(Error::Timeout) } else { Ok(found) }
}

/// Branches without a completion after which [`search`] hands the grid over to clause learning:
/// more than hard puzzles take (counting to 2, at most 1,335 on any puzzle of tests/data/sudoku9),
/// so their searches are unchanged, and about a millisecond of search.
///
/// The search backtracks chronologically and learns nothing, so where a contradiction lies
/// away from the cells it branches on, it finds it again under every combination of them. A
/// fuzzer found unsolvable grids of a dozen givens (a row needing three digits in two cells:
/// a Hall set, which singles and locked candidates do not see) that took 4.6 s, a hill climb
/// on branches solvable ones whose first branches lead into such a contradiction (up to 6.5
/// s), and a hill climb on time grids of about 20 givens (issue 40: 350-440 ms) with a cell
/// whose every digit fails at once, while the search branched on two-candidate cells elsewhere
/// and met that cell's failure again at the leaves of a tree 20 levels deep. Looking for Hall
/// sets at every board after 20,000 branches ended the first two kinds in about 7 ms, but
/// not the third, which needs no Hall set. Clause learning ends all of them in a few
/// conflicts: a learnt clause rules a contradiction's cause out everywhere, and the search
/// jumps back past the branches that had nothing to do with it (the 16x16 search's design,
/// with the Hall sets at its restarts; docs/design.md).
pub const LEARN_AFTER: u64 = 2_000;

/// The search's fallback: `cells` counted up to `limit` from scratch by clause learning
/// ([`super::Workspace9`], as 16x16 grids are), `found` taking its count, its first completion
/// (unless the bit boards had one already) and its conflicts. Never inlined: its workspace
/// stays off the stack of the ordinary searches.
#[inline(never)]
fn learn(cells: &[u8; CELLS], limit: u64, mut found: Found, deadline: &mut Deadline) -> Result<Found, Error> {
    let mut space = core::mem::MaybeUninit::<super::Workspace9>::uninit();
    let mut first = [0u8; CELLS];
    let (counted, stats) =
        super::Workspace9::count_keeping_first(&mut space, cells, limit.max(1), deadline, Some(&mut first));
    found.conflicts = stats.conflicts;
    found.count = counted?;
    if found.count > 0 && found.first.is_none() {
        found.first = Some(first);
    }
    Ok(found)
}

/// The first completion of `cells` (0 blank, 1..=9 a given) that puts in each cell one of its
/// `allowed` digits (bit d for digit d), found when each branch tries its cell's digits
/// cheapest first by `cost[cell][digit]`, within `budget` branches, and the branches taken:
/// `None` when there is none, or none within the budget. [`Error::Timeout`] when `deadline`
/// passes first.
pub fn first_by_cost(
    cells: &[u8; CELLS],
    allowed: &[u32; CELLS],
    cost: &[[i64; 10]; CELLS],
    budget: u64,
    deadline: &mut Deadline,
) -> Result<Found, Error> {
    // The cost-limited search with no limit: nothing is cut, and it stops at the first.
    let run = search_by_cost(cells, allowed, cost, None, None, budget, deadline);
    match run.first {
        None if deadline.passed() => Err(Error::Timeout),
        first => Ok(Found { count: u64::from(first.is_some()), first, nodes: run.nodes, conflicts: 0 }),
    }
}

/// A completion of `cells` (0 blank, 1..=9 a given) within a cost limit: each cell takes one of
/// its `allowed` digits, and the costs `cost[cell][digit]` of the whole grid sum to at most
/// `limit`. Each branch tries its cell's digits cheapest first, and a board is cut when the
/// costs of its placed cells, plus the cheapest open choice of every open unit of one family
/// (cells, or a digit's place in a row, a column or a box: whichever sums highest), exceed the
/// limit. With `improve`, every completion found lowers the limit to its cost less `improve`
/// and the search goes on: the last found is then the cheapest by that margin. Within `budget`
/// branches and before `deadline` passes (`complete` says whether it did).
pub fn within_cost(
    cells: &[u8; CELLS],
    allowed: &[u32; CELLS],
    cost: &[[i64; 10]; CELLS],
    limit: i64,
    improve: Option<i64>,
    budget: u64,
    deadline: &mut Deadline,
) -> Costed {
    search_by_cost(cells, allowed, cost, Some(limit), improve, budget, deadline)
}

/// [`within_cost`], or with no `limit` [`first_by_cost`].
fn search_by_cost(
    cells: &[u8; CELLS],
    allowed: &[u32; CELLS],
    cost: &[[i64; 10]; CELLS],
    limit: Option<i64>,
    improve: Option<i64>,
    budget: u64,
    deadline: &mut Deadline,
) -> Costed {
    let mut run = Costed { first: None, nodes: 0, complete: true };
    if let Some(board) = narrowed(cells, allowed) {
        let order = limit.map(|_| CostOrder::new(cost));
        let limit = limit.zip(order.as_ref());
        let mut search = CostSearch { cost, limit, improve, budget, run: &mut run, deadline };
        search.descend(&board);
    }
    run.complete &= !deadline.passed();
    run
}

/// What [`within_cost`] found: the last completion (the cheapest when it improves), the
/// branches taken, and whether the search ended within its budget (if not, finding nothing
/// proves nothing).
pub struct Costed {
    pub first: Option<[u8; CELLS]>,
    pub nodes: u64,
    pub complete: bool,
}

/// The board of `cells` with each open cell narrowed to its `allowed` digits and propagated;
/// `None` when that leaves no completion.
fn narrowed(cells: &[u8; CELLS], allowed: &[u32; CELLS]) -> Option<Board> {
    let mut board = Board::new(cells).ok()?;
    // Only open cells are narrowed: a given stays what it is.
    for (cell, &digits) in allowed.iter().enumerate().filter(|&(cell, _)| cells[cell] == 0) {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        for digit in (0..9).filter(|&d| digits & (2 << d) == 0) {
            board.narrow(9 * band + digit, !bit);
        }
    }
    board.propagate().ok()?;
    Some(board)
}

struct CostSearch<'a, 'd, 'e> {
    cost: &'a [[i64; 10]; CELLS],
    /// None: no limit, and no bound computed.
    limit: Option<(i64, &'a CostOrder)>,
    improve: Option<i64>,
    budget: u64,
    run: &'a mut Costed,
    deadline: &'e mut Deadline<'d>,
}

impl CostSearch<'_, '_, '_> {
    /// Extends `board` (propagated, consistent) within the limit; false once the search must
    /// stop (the first completion found when not improving, the budget or the time spent).
    fn descend(&mut self, board: &Board) -> bool {
        if let Some((limit, order)) = self.limit
            && self.bound(order, board, limit) > limit
        {
            return true;
        }
        let Some((band, bit)) = board.branch_cell() else {
            self.run.first = Some(board.digits());
            let Some(improve) = self.improve else { return false };
            if let Some((_, order)) = self.limit {
                self.limit = Some((self.bound(order, board, i64::MAX) - improve, order));
            }
            return true;
        };
        let (digits, open) = board.cheapest_first(band, bit, self.cost);
        for &(_, digit) in &digits[..open] {
            self.run.nodes += 1;
            if self.run.nodes > self.budget || self.deadline.tick(1) {
                self.run.complete = false;
                return false;
            }
            let mut child = *board;
            child.place(digit, band, bit);
            if child.propagate().is_ok() && !self.descend(&child) {
                return false;
            }
        }
        true
    }

    /// What every completion of `board` costs at least: its placed cells' costs, plus the
    /// largest of the four families' sums of their open units' cheapest choices (each
    /// completion makes exactly one choice per open unit of each family); or, once one family
    /// shows that to exceed `limit`, what it shows. For a full board, its cost. Never inlined:
    /// its tables stay off the recursion's frames (256 KiB stacks).
    #[inline(never)]
    fn bound(&self, order: &CostOrder, board: &Board, limit: i64) -> i64 {
        let cost = self.cost;
        // Each digit-band's open cells.
        let open: [u32; 27] = core::array::from_fn(|i| board.candidates[i] & board.unsolved[i / 9]);
        let mut spent = 0;
        for (i, &mask) in board.candidates.iter().enumerate() {
            let (band, digit) = (i / 9, i % 9);
            let mut placed = mask & !board.unsolved[band];
            while placed != 0 {
                spent += cost[27 * band + placed.trailing_zeros() as usize][digit + 1];
                placed &= placed - 1;
            }
        }
        // A unit's cheapest open choice is the first of its places, in cost order, still open.
        let first = |places: &[u8; 9], open: u32| {
            places.iter().find(|&&k| open >> k & 1 != 0).map_or(0, |&k| usize::from(k))
        };
        // Family by family (rows and boxes in one pass), stopping once one shows the board over
        // `limit`: climbed and near-empty sets 2-5% fewer instructions, same nodes.
        let (mut rows, mut boxes) = (0, 0);
        for digit in 0..9 {
            for band in 0..3 {
                let mask = open[9 * band + digit];
                if mask == 0 {
                    continue;
                }
                for k in 0..3 {
                    let row = 3 * band + k;
                    let places = mask >> (9 * k) & ROW;
                    if places != 0 {
                        let column = first(&order.row[9 * row + digit], places);
                        rows += cost[9 * row + column][digit + 1];
                    }
                    // Box k of the band: its three minirows' cells, nine bits.
                    let x = mask >> (3 * k);
                    let places = x & 7 | x >> 6 & 0o70 | x >> 12 & 0o700;
                    if places != 0 {
                        let at = first(&order.r#box[9 * (3 * band + k) + digit], places);
                        boxes += cost[9 * (3 * band + at / 3) + 3 * k + at % 3][digit + 1];
                    }
                }
            }
        }
        if spent + rows.max(boxes) > limit {
            return spent + rows.max(boxes);
        }
        let mut columns = 0;
        for digit in 0..9 {
            let any = open[digit] | open[9 + digit] | open[18 + digit];
            for column in 0..9 {
                if any & COLUMN << column == 0 {
                    continue;
                }
                // Its rows in cost order, each tested where it lies (band, and row within it).
                let open_at = |row: &u8| open[9 * usize::from(row / 3) + digit] >> (9 * usize::from(row % 3) + column) & 1 != 0;
                if let Some(&row) = order.column[9 * column + digit].iter().find(|row| open_at(row)) {
                    columns += cost[9 * usize::from(row) + column][digit + 1];
                }
            }
        }
        if spent + columns > limit {
            return spent + columns;
        }
        let mut cells = 0;
        for band in 0..3 {
            let mut unsolved = board.unsolved[band];
            while unsolved != 0 {
                let at = unsolved.trailing_zeros() as usize;
                unsolved &= unsolved - 1;
                let cell = 27 * band + at;
                let open = &open[9 * band..9 * band + 9];
                // Propagation leaves every open cell a digit.
                let digit = order.cell[cell].iter().find(|&&d| open[usize::from(d)] >> at & 1 != 0);
                cells += digit.map_or(0, |&d| cost[cell][usize::from(d) + 1]);
            }
        }
        spent + cells.max(rows).max(columns).max(boxes)
    }
}

/// The places of each unit (a cell's digits, a row's columns, a column's rows, a box's cells in
/// reading order), cheapest first by a search's costs: a unit's cheapest open choice is then
/// the first still open, mostly one or two tests where a scan of every candidate took 15,000
/// instructions a board.
struct CostOrder {
    /// `cell[cell]`: digits 0..9.
    cell: [[u8; 9]; CELLS],
    /// `row[9 * row + digit]`: columns.
    row: [[u8; 9]; CELLS],
    /// `column[9 * column + digit]`: rows.
    column: [[u8; 9]; CELLS],
    /// `r#box[9 * box + digit]`: the box's cells 0..9 in reading order.
    r#box: [[u8; 9]; CELLS],
}

impl CostOrder {
    fn new(cost: &[[i64; 10]; CELLS]) -> Self {
        // Insertion sort of nine (cost, place) pairs: `sort_unstable_by_key` with the key
        // computed at each comparison took about twice the instructions.
        fn sorted(key: impl Fn(usize) -> i64) -> [u8; 9] {
            let mut pairs: [(i64, u8); 9] = core::array::from_fn(|k| (key(k), k as u8));
            for i in 1..9 {
                let mut j = i;
                while j > 0 && pairs[j - 1] > pairs[j] {
                    pairs.swap(j - 1, j);
                    j -= 1;
                }
            }
            pairs.map(|(_, k)| k)
        }
        CostOrder {
            cell: core::array::from_fn(|cell| sorted(|d| cost[cell][d + 1])),
            row: core::array::from_fn(|i| sorted(|column| cost[9 * (i / 9) + column][i % 9 + 1])),
            column: core::array::from_fn(|i| sorted(|row| cost[9 * row + i / 9][i % 9 + 1])),
            r#box: core::array::from_fn(|i| {
                let (b, digit) = (i / 9, i % 9);
                sorted(|at| cost[9 * (3 * (b / 3) + at / 3) + 3 * (b % 3) + at % 3][digit + 1])
            }),
        }
    }
}

/// Extends `board` (propagated, consistent) to completions, counted into `found`; false once
/// the search must stop: `limit` completions, the deadline, or [`LEARN_AFTER`] branches since
/// the last completion, which `last` says (where `found.nodes` stood then).
fn descend(board: &Board, limit: u64, found: &mut Found, last: &mut u64, deadline: &mut Deadline) -> bool {
    let Some((band, bit)) = board.branch_cell() else {
        found.count += 1;
        *last = found.nodes;
        if found.first.is_none() {
            found.first = Some(board.digits());
        }
        return found.count < limit;
    };
    for digit in 0..9 {
        if board.candidates[9 * band + digit] & bit == 0 {
            continue;
        }
        found.nodes += 1;
        if deadline.tick(1) || found.nodes - *last > LEARN_AFTER {
            return false;
        }
        let mut child = *board;
        child.place(digit, band, bit);
        if child.propagate().is_ok() && !descend(&child, limit, found, last, deadline) {
            return false;
        }
    }
    true
}

