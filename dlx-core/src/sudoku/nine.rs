//! A dedicated 9x9 search on per-digit bit boards, in the manner of the fastest bit-board
//! solvers: for every digit and band (three rows), the band's 27 cells where the digit can
//! still go. A digit fills one cell of every row, column and box, so inside a band it takes one
//! "minirow" (three cells of a row in one box) in each row and in each box: a 3x3 permutation
//! of rows onto boxes. Keeping only the minirows some permutation uses is locked candidates
//! within the band; the same on the stacks' minicolumns is locked candidates within the stack;
//! a row or column of one cell is a hidden single (a box of one cell lies in such a row once
//! the band is narrowed); a cell with one digit left is a naked single. These run to a fixed
//! point, then the search branches on a cell with two candidates that sees the most open cells
//! (or on a cell with the fewest candidates); on sparse boards, and once a search has taken a
//! few branches, on the placements of a digit in a band (the band with the fewest over its
//! digits, as tdoku chooses). Each rule and the choice were kept for what they measured:
//! together they halved the guesses on the hardest sets (docs/design.md). On
//! boards with many cells open, and on every board once a search has taken a few branches,
//! triads too: a minirow's three cells hold three digits, across the digits. Once a search has
//! taken more, Hall sets on the boards it branched from: a unit whose digits cannot all be
//! matched to its cells has no completion.
//!
//! For 9x9 the exact cover machinery (building a matrix, linking nodes) costs more per call
//! than this whole search on an easy puzzle. The search is the same exact one: every completion
//! is reached by the branching, and the reasoning only removes candidates no completion uses;
//! the tests cross-check it against the DLX engine.

use crate::Error;
use crate::bits::ones;
use crate::deadline::Deadline;

const CELLS: usize = 81;
/// A band's 27 cells, one bit each: bit 9 * row + column (row 0..3 within the band).
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of a band's first row.
pub(crate) const ROW: u32 = 0x1FF;
/// A column's three cells in a band (the first column; shift by the column).
pub(crate) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
/// A box's nine cells in its band (the first box; shift by 3 * box).
const BOX: u32 = 7 * COLUMN;

/// Triads ([`Board::triads`]) run on every board with at least [`TRIAD_OPEN`] cells open,
/// and on every board once a search has passed [`TRIAD_AFTER`] branches. On sparse boards
/// they refute at once contradictions the search would otherwise meet again under every
/// branch above them; easy puzzles, which propagation nearly finishes,
/// gain nothing from them. The effort rule leaves no board without them for long: a
/// contradiction only they see on boards with fewer cells open costs at most those branches
/// and the subtrees under them (docs/design.md, "9x9").
const TRIAD_OPEN: u32 = 50;
/// Branches after which every board gets triads: from the start they would cost the easy sets
/// 10% (about 340 instructions a board), past 4 or 8 about 3%; past 16, a hill climb on effort
/// finds grids of about 50 branches (past 64, about 100), and the root's placements
/// ([`ROOT_PLACEMENT_OPEN`]) need them sooner.
pub const TRIAD_AFTER: u64 = 10;
/// [`TRIAD_AFTER`] for the searches whose first completion must not move with the search's
/// rules: the Target search's (`search_on_cells`), on which its measured effort depends, and
/// the generator's complete grid (`search_filling`), which a seed fixes.
const FIXED_TRIAD_AFTER: u64 = 16;

/// Every third bit of a band: a minirow's first cell.
const SPREAD: u32 = 0o111_111_111;
/// Of the interleaved minirows of the three bands (bit 9 * row + 3 * box + band), those of box 0,
/// 2, 0 and 1, and 1 and 2 in each row.
const BOXES_0: u32 = 0o007_007_007;
const BOXES_2: u32 = 0o700_700_700;
const BOXES_01: u32 = 0o077_077_077;
const BOXES_12: u32 = 0o770_770_770;

/// Row k's nine bits (k = 0, 1, 2 of a band) -> the row itself in place when it has one bit
/// (bits 9k..9k+9) and, [`MINIROWS`] bits up, which of its three minirows (boxes) hold any
/// (bits 3k..3k+3 there): of the three rows' entries or-ed, the low word is the band's singles
/// and the top nine bits its minirows (bit 3 * row + box), what [`Board::settle`] needs of
/// every row.
const ROW_SINGLE: [[u64; 512]; 3] = {
    let mut table = [[0u64; 512]; 3];
    let mut x = 0usize;
    while x < 512 {
        let minirows = (x & 7 != 0) as u64 | ((x & 0o70 != 0) as u64) << 1 | ((x & 0o700 != 0) as u64) << 2;
        let single = if x.count_ones() == 1 { x as u64 } else { 0 };
        let mut k = 0;
        while k < 3 {
            table[k][x] = single << (9 * k) | minirows << (MINIROWS as usize + 3 * k);
            k += 1;
        }
        x += 1;
    }
    table
};

/// Where [`ROW_SINGLE`] keeps the minirows: the top nine bits, so that the shift down is a
/// table index the compiler knows in bounds.
const MINIROWS: u32 = 64 - 9;

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
        + u32::from(ROW_COUNT[(mask >> 18 & ROW) as usize])
}

/// A band's minirows for one digit (bit 3 * row + box) -> those that some placement uses (the
/// [`PLACEMENTS`] that [`FITTING`] finds there, together); 0 when none fits.
const LOCKED: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let mut p = 0;
        while p < 6 {
            if FITTING[minirows] & 1 << p != 0 {
                table[minirows] |= PLACEMENTS[p];
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

/// A box's nine cells as nine bits (bit 3 * row + column) -> its transpose as cells of a band
/// (bit 9 * column + row).
const BLOCK_FLIP: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut block = 0;
    while block < 512 {
        let mut j = 0;
        while j < 9 {
            if block & 1 << j != 0 {
                table[block] |= 1 << (9 * (j % 3) + j / 3);
            }
            j += 1;
        }
        block += 1;
    }
    table
};

/// Where [`FITTING`] keeps the count: high enough that nine entries added keep their placement
/// bits (at most 9 * 63) below it, so a band's total is one sum and a shift.
const FIT_COUNT: u32 = 10;

/// The six placements of a digit in a band (row r in box p[r]) as minirows (bit 3 * row + box).
const PLACEMENTS: [u16; 6] = [0o421, 0o241, 0o412, 0o142, 0o214, 0o124];

/// A band's minirows for one digit -> the placements that fit them (bit p for
/// [`PLACEMENTS`]`[p]`), and how many, times 2^[`FIT_COUNT`].
const FITTING: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let mut p = 0;
        while p < 6 {
            if minirows as u16 & PLACEMENTS[p] == PLACEMENTS[p] {
                table[minirows] += 1 << p | 1 << FIT_COUNT;
            }
            p += 1;
        }
        minirows += 1;
    }
    table
};

/// [`LOCKED`]'s minirows as their cells ([`MINIROW_CELLS`]): 0 when no placement fits.
const LOCKED_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut minirows = 0;
    while minirows < 512 {
        table[minirows] = MINIROW_CELLS[LOCKED[minirows] as usize];
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
/// Visible to the crate: searches outside this module (the Target Sudoku's cost-ordered one)
/// branch on it too.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    /// `candidates[9 * band + digit]`: the band's cells that may still hold the digit (a
    /// placed cell keeps its own digit's bit).
    pub(crate) candidates: [u32; 27],
    /// Each band's cells not placed yet.
    pub(crate) unsolved: [u32; 3],
    /// Digit-bands (bit 9 * band + digit) to reason about again.
    changed: u32,
    /// Digit-bands whose digit's columns to reason about again.
    columns: u32,
}

/// A contradiction: some cell, row, column or box has no place left for a digit.
pub(crate) struct Dead;

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

    /// The board of `cells` with each open cell narrowed to its `allowed` digits (bit d for
    /// digit d) and propagated; `None` when that leaves no completion.
    pub(crate) fn restricted(cells: &[u8; CELLS], allowed: &[u32; CELLS]) -> Option<Board> {
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
    pub(crate) fn place(&mut self, digit: usize, band: usize, bit: u32) {
        let at = bit.trailing_zeros() as usize;
        // Never taken (the callers pass a digit, a band and a cell of one); one test here
        // spares the indexing below five bounds checks.
        if digit >= 9 || band >= 3 || at >= 27 {
            return;
        }
        self.unsolved[band] &= !bit;
        let digits: &mut [u32; 9] = (&mut self.candidates[9 * band..9 * band + 9]).try_into().unwrap();
        let mut changed = take_cell(digits, bit) << (9 * band);
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
        // A digit-band of placed cells only (which see none of each other) needs no test of
        // its own: one in every row is a placement, kept whole, with no single left to place;
        // a row without the digit leaves no placement.
        let mask = self.candidates[i];
        let rows = ROW_SINGLE[0][(mask & ROW) as usize]
            | ROW_SINGLE[1][(mask >> 9 & ROW) as usize]
            | ROW_SINGLE[2][(mask >> 18 & ROW) as usize];
        let kept = LOCKED_CELLS[(rows >> MINIROWS) as usize];
        if kept == 0 {
            return Err(Dead);
        }
        // Narrowed to the minirows some placement uses, the digit-band is settled: the same
        // look-ups would keep it whole (whence no mark to settle it again, only its columns).
        let narrowed = mask & kept;
        let (digit, band) = (i % 9, i / 9);
        // After the narrowing, a box with one cell left lies in a row with one cell left: the
        // box's only minirow is the only one its row keeps.
        let singles = if narrowed == mask {
            rows as u32
        } else {
            self.candidates[i] = narrowed;
            self.columns |= 1 << i;
            (ROW_SINGLE[0][(narrowed & ROW) as usize]
                | ROW_SINGLE[1][(narrowed >> 9 & ROW) as usize]
                | ROW_SINGLE[2][(narrowed >> 18 & ROW) as usize]) as u32
        } & self.unsolved[band];
        if singles != 0 {
            self.place_singles(digit, band, singles);
        }
        Ok(())
    }

    /// Places the hidden singles `cells` that [`Board::settle`] found in the rows of `digit`
    /// in `band`, all at once: in distinct boxes and columns (no placement uses two minirows of
    /// a box), with their rows, boxes and band columns already free of the digit, so the
    /// digit-band itself stays as it is and settled.
    fn place_singles(&mut self, digit: usize, band: usize, cells: u32) {
        self.unsolved[band] &= !cells;
        let digits: &mut [u32; 9] = (&mut self.candidates[9 * band..9 * band + 9]).try_into().unwrap();
        let mut changed = (take_cell(digits, cells) & !(1 << digit)) << (9 * band);
        let spread = (cells | cells >> 9 | cells >> 18) & ROW;
        let column = spread | spread << 9 | spread << 18;
        let mut hit = 0u32;
        for other in 0..3 {
            let mask = &mut self.candidates[9 * other + digit];
            hit |= u32::from(*mask & column != 0) << (9 * other);
            *mask &= !column;
        }
        self.candidates[9 * band + digit] |= cells;
        changed |= (hit & !(1 << (9 * band))) << digit;
        self.changed |= changed;
        self.columns |= changed;
    }

    /// Locked candidates in the stacks of `digit` (as [`Board::settle`] does in the bands, with
    /// minicolumns: a column's three cells in one box) and hidden singles in its columns;
    /// [`Dead`] when a column or box has no place for it.
    fn settle_columns(&mut self, digit: usize) -> Result<(), Dead> {
        // A digit placed in all nine of its cells, as settled bands say: distinct columns (a
        // placement takes its column from the other bands), nothing to do.
        if (self.candidates[digit] & self.unsolved[0])
            | (self.candidates[9 + digit] & self.unsolved[1])
            | (self.candidates[18 + digit] & self.unsolved[2])
            == 0
        {
            return Ok(());
        }
        // Each band's columns with the digit, and apart (32 bits up, the two side by side in
        // one word) those with it in an open cell, and those with it in two or more open cells.
        let lanes = u64::from(ROW) | u64::from(ROW) << 32;
        let mut folded = [0u64; 3];
        let mut twice = [0u64; 3];
        for band in 0..3 {
            let mask = self.candidates[9 * band + digit];
            let both = u64::from(mask) | u64::from(mask & self.unsolved[band]) << 32;
            let (r0, r1, r2) = (both & lanes, both >> 9 & lanes, both >> 18 & lanes);
            folded[band] = r0 | r1 | r2;
            twice[band] = (r0 & r1) | (r2 & (r0 | r1));
        }
        let columns = folded.map(|f| f as u32);
        if columns[0] | columns[1] | columns[2] != ROW {
            return Err(Dead);
        }
        for stack in 0..3 {
            let minicolumns = (columns[0] >> (3 * stack) & 7)
                | (columns[1] >> (3 * stack) & 7) << 3
                | (columns[2] >> (3 * stack) & 7) << 6;
            let kept = u32::from(LOCKED[minicolumns as usize]);
            if kept == 0 {
                return Err(Dead);
            }
            for j in ones(minicolumns & !kept) {
                let (band, column) = (j / 3, 3 * stack + j % 3);
                self.narrow(9 * band + digit, !(COLUMN << column));
                folded[band] &= !(1 << (column + 32));
                twice[band] &= !(1 << (column + 32));
            }
        }
        // A placed cell's column holds no open cell of the digit: the columns with one open
        // cell and no other are the hidden singles not placed yet.
        let [a, b, c] = folded.map(|f| (f >> 32) as u32);
        let open_twice = (twice[0] | twice[1] | twice[2]) >> 32;
        let once = a | b | c;
        let more = open_twice as u32 | (a & b) | (c & (a | b));
        for at in ones(once & !more) {
            let column = COLUMN << at;
            for band in 0..3 {
                let cell = self.candidates[9 * band + digit] & column;
                if cell != 0 {
                    self.place(digit, band, cell);
                    break;
                }
            }
        }
        Ok(())
    }

    /// Naked singles in `band`; [`Dead`] when a cell has no digit left.
    fn naked_singles(&mut self, band: usize) -> Result<(), Dead> {
        let unsolved = self.unsolved[band];
        let digits: &[u32; 9] = (&self.candidates[9 * band..9 * band + 9]).try_into().unwrap();
        let (once, twice) = once_twice(digits);
        if unsolved & !once != 0 {
            return Err(Dead);
        }
        for at in ones(unsolved & !twice) {
            let bit = 1 << at;
            // An earlier single in this band may have emptied the cell.
            let digit = (0..9).find(|&d| self.candidates[9 * band + d] & bit != 0).ok_or(Dead)?;
            self.place(digit, band, bit);
        }
        Ok(())
    }

    /// Triads: the three cells of a minirow (or minicolumn) hold three digits, so a minirow
    /// where only three digits can go holds those three (each leaves the rest of its row and
    /// box), and one where three digits must go (each alone in its row, or column, there)
    /// holds no other; [`Dead`] when fewer than three can go or more than three must.
    pub(crate) fn triads(&mut self) -> Result<(), Dead> {
        // Per digit: its minirows (`rows`, bit 9 * row + 3 * box + band: each band's minirow
        // bits, 3 * row + box, spread out and interleaved) and minicolumns (`columns`, bit 9 *
        // band + column), and apart those where it must go. The digits are lanes, padded to
        // three groups of four, so that each step is a few 128-bit vector operations (SSE2 on
        // x86-64) rather than nine scalar ones.
        let mut rows = [0u32; LANES];
        let mut columns = [0u32; LANES];
        let mut must_rows = [0u32; LANES];
        let mut must_columns = [0u32; LANES];
        let mut masks = [[0u32; LANES]; 3];
        for (band, lanes) in masks.iter_mut().enumerate() {
            lanes[..9].copy_from_slice(&self.candidates[9 * band..9 * band + 9]);
        }
        let [p, q, r] = &masks;
        for d in 0..LANES {
            let (p, q, r) = (p[d], q[d], r[d]);
            let minirows = ((p | p >> 1 | p >> 2) & SPREAD)
                | ((q | q >> 1 | q >> 2) & SPREAD) << 1
                | ((r | r >> 1 | r >> 2) & SPREAD) << 2;
            let (a, b, c) = ((p | p >> 9 | p >> 18) & ROW, (q | q >> 9 | q >> 18) & ROW, (r | r >> 9 | r >> 18) & ROW);
            // A minirow is alone in its row when the row's other two boxes lack it; a
            // minicolumn, when the other two bands lack its column.
            let next = (minirows << 3 & BOXES_12) | (minirows >> 6 & BOXES_0);
            let after = (minirows << 6 & BOXES_2) | (minirows >> 3 & BOXES_01);
            rows[d] = minirows;
            must_rows[d] = minirows & !(next | after);
            columns[d] = a | b << 9 | c << 18;
            must_columns[d] = (a & !(b | c)) | (b & !(a | c)) << 9 | (c & !(a | b)) << 18;
        }
        // Bit-sliced counts over the digits, at least one, two, three and four, of the four
        // words side by side (lanes again).
        let (mut c1, mut c2, mut c3, mut c4) = ([0u32; 4], [0u32; 4], [0u32; 4], [0u32; 4]);
        for d in 0..9 {
            let x = [rows[d], columns[d], must_rows[d], must_columns[d]];
            for l in 0..4 {
                c4[l] |= c3[l] & x[l];
                c3[l] |= c2[l] & x[l];
                c2[l] |= c1[l] & x[l];
                c1[l] |= x[l];
            }
        }
        let [rows3, columns3, must_rows3, must_columns3] = c3;
        let [rows4, columns4, _, _] = c4;
        let (must_rows4, must_columns4) = (c4[2], c4[3]);
        if rows3 != BAND || columns3 != BAND || must_rows4 | must_columns4 != 0 {
            return Err(Dead);
        }
        let pending_rows = (rows3 & !rows4) | must_rows3;
        let pending_columns = (columns3 & !columns4) | must_columns3;
        let mut any = 0;
        for d in 0..LANES {
            rows[d] &= pending_rows & !must_rows[d];
            columns[d] &= pending_columns & !must_columns[d];
            any |= rows[d] | columns[d];
        }
        if any == 0 {
            return Ok(());
        }
        for digit in 0..9 {
            let (hits, across) = (rows[digit], columns[digit]);
            for j in ones(hits & !rows4) {
                let (band, row, box_) = (j % 3, j / 9, j / 3 % 3);
                let keep = !(ROW << (9 * row) | BOX << (3 * box_)) | MINIROW_CELLS[1 << (j / 3)];
                self.narrow(9 * band + digit, keep);
            }
            for j in ones(hits & must_rows3) {
                self.narrow(9 * (j % 3) + digit, !MINIROW_CELLS[1 << (j / 3)]);
            }
            for j in ones(across & !columns4) {
                let (band, column) = (j / 9, j % 9);
                for other in (0..3).filter(|&o| o != band) {
                    self.narrow(9 * other + digit, !(COLUMN << column));
                }
                self.narrow(9 * band + digit, !(BOX << (3 * (column / 3))) | COLUMN << column);
            }
            for j in ones(across & must_columns3) {
                self.narrow(9 * (j / 9) + digit, !(COLUMN << (j % 9)));
            }
        }
        Ok(())
    }

    /// Every rule above to a fixed point.
    pub(crate) fn propagate(&mut self) -> Result<(), Dead> {
        self.propagate_with(None)
    }

    /// [`Board::propagate`], then with `triads` Some(n) one round of [`Board::triads`] (when
    /// at least n cells are open) and the other rules to a fixed point again.
    pub(crate) fn propagate_with(&mut self, mut triads: Option<u32>) -> Result<(), Dead> {
        // Digit-bands changed since their band was last checked for naked singles: a band with
        // none had its singles taken before (every board given here was at a fixed point but
        // for what `changed` says).
        let mut touched = 0u32;
        loop {
            // Rows and boxes, then naked singles, then columns, each only once the ones before
            // it find nothing: the fixed point is the same in any order, and this one settles
            // least (rows and boxes in batches: what a batch marks waits for the next one).
            while self.changed != 0 {
                let batch = core::mem::take(&mut self.changed);
                touched |= batch;
                for i in ones(batch) {
                    self.settle(i)?;
                }
            }
            for band in 0..3 {
                if touched & ROW << (9 * band) != 0 && self.unsolved[band] != 0 {
                    self.naked_singles(band)?;
                }
            }
            touched = 0;
            if self.changed != 0 {
                continue;
            }
            while self.columns != 0 && self.changed == 0 {
                let digit = self.columns.trailing_zeros() as usize % 9;
                self.columns &= !(COLUMN << digit);
                self.settle_columns(digit)?;
            }
            if self.changed != 0 {
                continue;
            }
            let Some(open) = triads else { return Ok(()) };
            if open > 0 && self.open() < open {
                return Ok(());
            }
            triads = None;
            self.triads()?;
            if self.changed == 0 {
                return Ok(());
            }
        }
    }

    /// Whether every rule run once more (each digit-band's rows and boxes, each digit's
    /// columns, each band's naked singles) leaves the board as it is: what
    /// [`Board::propagate`] promises, whichever settlings its marks let it skip.
    #[cfg(test)]
    pub(crate) fn is_settled(&self) -> bool {
        let mut again = *self;
        let consistent = (0..27).all(|i| again.settle(i).is_ok())
            && (0..9).all(|digit| again.settle_columns(digit).is_ok())
            && (0..3).all(|band| again.naked_singles(band).is_ok());
        consistent && again.candidates == self.candidates && again.unsolved == self.unsolved
    }

    /// The cell to branch on (band and bit): of the cells with two candidates, the one that sees
    /// the most open cells (the last such: placing it reaches furthest), else the first with
    /// the fewest candidates; `None` once every cell is placed.
    pub(crate) fn branch_cell(&self) -> Option<(usize, u32)> {
        let mut best: Option<(u32, usize, u32)> = None;
        for band in (0..3).filter(|&band| self.unsolved[band] != 0) {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for digit in 0..9 {
                let mask = self.candidates[9 * band + digit];
                thrice |= twice & mask;
                twice |= once & mask;
                once |= mask;
            }
            for at in ones(self.unsolved[band] & twice & !thrice) {
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
            for at in ones(self.unsolved[band]) {
                let bit = 1 << at;
                let n = (0..9).filter(|&d| self.candidates[9 * band + d] & bit != 0).count() as u32;
                if fewest.is_none_or(|(m, ..)| n < m) {
                    fewest = Some((n, band, bit));
                }
            }
        }
        fewest.map(|(_, band, bit)| (band, bit))
    }

    /// tdoku's choice: of the bands not yet settled (some digit with two placements or more),
    /// the one with the fewest placements over its digits, and its first digit with the fewest
    /// (two or more); the digit-band and its placements ([`FITTING`]'s low bits).
    pub(crate) fn branch_placement(&self) -> Option<(usize, u16)> {
        // Each digit-band's placements, looked up once for its band's total and the pick.
        let mut fits = [[0u16; 9]; 3];
        let mut best: Option<(u16, usize)> = None;
        for band in (0..3).filter(|&band| self.unsolved[band] != 0) {
            let mut total = 0u16;
            for (d, fit) in fits[band].iter_mut().enumerate() {
                let mask = self.candidates[9 * band + d];
                let rows = ROW_SINGLE[0][(mask & ROW) as usize]
                    | ROW_SINGLE[1][(mask >> 9 & ROW) as usize]
                    | ROW_SINGLE[2][(mask >> 18 & ROW) as usize];
                *fit = FITTING[(rows >> MINIROWS) as usize];
                total += *fit;
            }
            let total = total >> FIT_COUNT;
            if total > 9 && best.is_none_or(|(fewest, _)| total < fewest) {
                best = Some((total, band));
            }
        }
        let (_, band) = best?;
        let mut pick: Option<(u16, usize)> = None;
        for (d, &placements) in fits[band].iter().enumerate() {
            let n = placements >> FIT_COUNT;
            if n >= 2 && pick.is_none_or(|(fewest, _)| n < fewest >> FIT_COUNT) {
                pick = Some((placements, 9 * band + d));
                if n == 2 {
                    break;
                }
            }
        }
        pick.map(|(placements, i)| (i, placements & 0x3F))
    }

    /// The cells not yet filled.
    fn open(&self) -> u32 {
        count(self.unsolved[0]) + count(self.unsolved[1]) + count(self.unsolved[2])
    }

    /// Whether a stack holds fewer placements over its digits than any band: tdoku's choice
    /// over columns as well as rows, the stacks' placements read off each digit-band's
    /// minicolumns (bit 3 * band + column in the stack, as [`FITTING`] reads minirows).
    fn stack_fewer(&self) -> bool {
        let mut bands = u16::MAX;
        let mut columns = [0u32; 9];
        for band in 0..3 {
            let mut total = 0u16;
            for (d, column) in columns.iter_mut().enumerate() {
                let mask = self.candidates[9 * band + d];
                let rows = ROW_SINGLE[0][(mask & ROW) as usize]
                    | ROW_SINGLE[1][(mask >> 9 & ROW) as usize]
                    | ROW_SINGLE[2][(mask >> 18 & ROW) as usize];
                total += FITTING[(rows >> MINIROWS) as usize];
                // The columns holding the digit in this band, three bits a stack, stacks nine
                // bits apart.
                let any = (mask | mask >> 9 | mask >> 18) & ROW;
                *column |= (any & 7 | (any >> 3 & 7) << 9 | (any >> 6) << 18) << (3 * band);
            }
            let total = total >> FIT_COUNT;
            if total > 9 {
                bands = bands.min(total);
            }
        }
        (0..3).any(|stack| {
            let fits = columns.iter().map(|&c| FITTING[(c >> (9 * stack) & ROW) as usize]);
            let total = fits.sum::<u16>() >> FIT_COUNT;
            total > 9 && total < bands
        })
    }

    /// The board seen transposed (columns as rows), as [`Policy::seen`] sees its grid: a board
    /// at a fixed point stays at one, the rules treating rows and columns alike.
    fn transposed(&self) -> Board {
        let mut candidates = [0u32; 27];
        let mut unsolved = [0u32; 3];
        for band in 0..3 {
            for stack in 0..3 {
                // The box's 3x3 block (bit 9 * row + column) read as nine bits, flipped by
                // table, back as the box of band `stack` and stack `band`.
                let block = |mask: u32| {
                    let y = mask >> (3 * stack);
                    BLOCK_FLIP[(y & 7 | y >> 6 & 0o70 | y >> 12 & 0o700) as usize] << (3 * band)
                };
                for d in 0..9 {
                    candidates[9 * stack + d] |= block(self.candidates[9 * band + d]);
                }
                unsolved[stack] |= block(self.unsolved[band]);
            }
        }
        Board { candidates, unsolved, changed: 0, columns: 0 }
    }

    /// The digits (1..=9) of a board with every cell placed.
    pub(crate) fn digits(&self) -> [u8; CELLS] {
        // Each digit-band holds just the digit's three placed cells by now.
        let mut grid = [0u8; CELLS];
        for (i, &mask) in self.candidates.iter().enumerate() {
            for at in ones(mask) {
                grid[27 * (i / 9) + at] = (i % 9) as u8 + 1;
            }
        }
        grid
    }
}

/// Takes the cell `bit` out of a band's nine digit masks; which digits had it (bit d for
/// digit d).
#[cfg(target_arch = "x86_64")]
pub(crate) fn take_cell(digits: &mut [u32; 9], bit: u32) -> u32 {
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128,
        _mm_movemask_ps, _mm_set1_epi32, _mm_setzero_si128, _mm_storeu_si128,
    };
    // Digits 0-3 and 4-7 in two SSE2 vectors: a compare and a movemask each, where the
    // scalar loop takes about 35 instructions.
    let at = digits.as_mut_ptr().cast::<__m128i>();
    // SAFETY: SSE2 is part of baseline x86-64; `at` and `at + 1` are the array's elements 0-3
    // and 4-7 (unaligned loads and stores of 16 bytes within its 36).
    let (lacks_low, lacks_high) = unsafe {
        let cell = _mm_set1_epi32(bit as i32);
        let (low, high) = (_mm_loadu_si128(at), _mm_loadu_si128(at.add(1)));
        let zero = _mm_setzero_si128();
        _mm_storeu_si128(at, _mm_andnot_si128(cell, low));
        _mm_storeu_si128(at.add(1), _mm_andnot_si128(cell, high));
        (
            _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(low, cell), zero))),
            _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(high, cell), zero))),
        )
    };
    let hit = !(lacks_low | lacks_high << 4) as u32 & 0xFF | u32::from(digits[8] & bit != 0) << 8;
    digits[8] &= !bit;
    hit
}

/// [`take_cell`] without vectors: elsewhere than x86-64, and in the tests against it.
#[cfg(any(not(target_arch = "x86_64"), test))]
pub(crate) fn take_cell_scalar(digits: &mut [u32; 9], bit: u32) -> u32 {
    let mut hit = 0u32;
    for (d, mask) in digits.iter_mut().enumerate() {
        hit |= u32::from(*mask & bit != 0) << d;
        *mask &= !bit;
    }
    hit
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) use take_cell_scalar as take_cell;

/// The cells of a band that some of its nine digit masks hold, and those that two or more do.
#[cfg(target_arch = "x86_64")]
pub(crate) fn once_twice(digits: &[u32; 9]) -> (u32, u32) {
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_or_si128, _mm_shuffle_epi32,
    };
    let at = digits.as_ptr().cast::<__m128i>();
    // SAFETY: SSE2 is part of baseline x86-64; `at` and `at + 1` are the array's elements 0-3
    // and 4-7 (unaligned loads of 16 bytes within its 36).
    let (once, twice) = unsafe {
        let (low, high) = (_mm_loadu_si128(at), _mm_loadu_si128(at.add(1)));
        // Digits 0-3 against 4-7 lane by lane, then the lanes folded in halves: at least
        // once, and twice within a side or once on both.
        let (once, twice) = (_mm_or_si128(low, high), _mm_and_si128(low, high));
        let fold = |(once, twice): (__m128i, __m128i), other: (__m128i, __m128i)| {
            (_mm_or_si128(once, other.0), _mm_or_si128(_mm_or_si128(twice, other.1), _mm_and_si128(once, other.0)))
        };
        let halves = fold((once, twice), (_mm_shuffle_epi32(once, 0x4E), _mm_shuffle_epi32(twice, 0x4E)));
        let (once, twice) = fold(halves, (_mm_shuffle_epi32(halves.0, 0xB1), _mm_shuffle_epi32(halves.1, 0xB1)));
        (_mm_cvtsi128_si32(once) as u32, _mm_cvtsi128_si32(twice) as u32)
    };
    (once | digits[8], twice | once & digits[8])
}

/// [`once_twice`] without vectors: elsewhere than x86-64, and in the tests against it.
#[cfg(any(not(target_arch = "x86_64"), test))]
pub(crate) fn once_twice_scalar(digits: &[u32; 9]) -> (u32, u32) {
    let (mut once, mut twice) = (0u32, 0u32);
    for &mask in digits {
        twice |= once & mask;
        once |= mask;
    }
    (once, twice)
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) use once_twice_scalar as once_twice;

/// [`Board::triads`]' lanes: nine digits padded to three groups of four.
const LANES: usize = 12;

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
/// From [`HALL_AFTER`] branches it looks for Hall sets on the boards it branched from; once
/// [`LEARN_AFTER`] branches have passed without a completion, the grid goes to clause
/// learning instead, which counts it again from the start (see `learn`).
pub fn search(cells: &[u8; CELLS], limit: u64, deadline: &mut Deadline) -> Result<Found, Error> {
    search_by(cells, limit, deadline, SEARCH)
}

/// [`search`] branching on cells only, never on placements ([`descend`]): the Target search's
/// first completion, on which its measured effort depends.
pub(crate) fn search_on_cells(cells: &[u8; CELLS], limit: u64, deadline: &mut Deadline) -> Result<Found, Error> {
    search_by(cells, limit, deadline, ON_CELLS)
}

/// [`search`] with the root's placements from [`PLACEMENT_OPEN`], triads past
/// [`FIXED_TRIAD_AFTER`] branches and the probes at [`REDO_AFTER`]: the generator's complete grid, kept apart from the solver's
/// policy so that a seed's puzzles stay the same when that policy changes.
pub(crate) fn search_filling(cells: &[u8; CELLS], limit: u64, deadline: &mut Deadline) -> Result<Found, Error> {
    search_by(cells, limit, deadline, FILLING)
}

/// What a search's branching and triads follow ([`descend`], `branch`).
#[derive(Clone, Copy)]
struct Rules {
    /// Whether it may branch on placements.
    placements: bool,
    /// Cells open from which the root branches on a digit's two placements.
    root_open: u32,
    /// Branches after which every board gets triads.
    triad_after: u64,
    /// Whether a sparse root whose stack has fewer placements than its bands is searched
    /// transposed.
    stacks: bool,
    /// Cells open on the root above which a probe's budget is at least those cells and the
    /// first probes come at [`SPARSE_REDO_AFTER`].
    probe_open: u32,
}

const SEARCH: Rules = Rules { placements: true, root_open: ROOT_PLACEMENT_OPEN, triad_after: TRIAD_AFTER, stacks: true, probe_open: PROBE_OPEN };
const ON_CELLS: Rules = Rules { placements: false, root_open: PLACEMENT_OPEN, triad_after: FIXED_TRIAD_AFTER, stacks: false, probe_open: u32::MAX };
const FILLING: Rules = Rules { placements: true, root_open: PLACEMENT_OPEN, triad_after: FIXED_TRIAD_AFTER, stacks: false, probe_open: u32::MAX };

/// [`search`] by `rules`.
///
/// tdoku branches at every board on the band of rows or of columns with the fewest placements
/// over its digits; that choice at every board costs more than it saves, but at the root alone
/// it decides where the search starts: when a stack has fewer placements than any band, the
/// search runs on the transposed grid, where that stack is a band (climbed grids whose first
/// branch in a band led into a dead subtree, docs/experiments.md).
fn search_by(cells: &[u8; CELLS], limit: u64, deadline: &mut Deadline, rules: Rules) -> Result<Found, Error> {
    let mut board = match Board::new(cells) {
        Ok(board) => board,
        Err(Dead) => return none(limit, deadline),
    };
    if board.propagate_with(Some(TRIAD_OPEN)).is_err() {
        return none(limit, deadline);
    }
    if rules.stacks
        && board.open() >= rules.root_open
        && board.stack_fewer()
    {
        let seen = TRANSPOSED.seen(cells);
        let mut found = search_from(board.transposed(), &seen, limit, deadline, Rules { stacks: false, ..rules })?;
        found.first = found.first.map(|first| TRANSPOSED.seen(&first));
        return Ok(found);
    }
    search_from(board, cells, limit, deadline, rules)
}

/// No completion: none, unless the deadline passed.
fn none(limit: u64, deadline: &mut Deadline) -> Result<Found, Error> {
    if limit > 0 && deadline.passed() { Err(Error::Timeout) } else { Ok(Found { count: 0, first: None, nodes: 0, conflicts: 0 }) }
}

/// [`search_by`] from `board`, the propagated and consistent board of `cells`.
fn search_from(board: Board, cells: &[u8; CELLS], limit: u64, deadline: &mut Deadline, rules: Rules) -> Result<Found, Error> {
    let mut found = Found { count: 0, first: None, nodes: 0, conflicts: 0 };
    {
        let mut walk = Walk::new(limit, &mut found, deadline, rules);
        if rules.placements {
            walk.root = Some((&board, cells));
            let open = board.open();
            walk.redo_at = if open > rules.probe_open { SPARSE_REDO_AFTER } else { REDO_AFTER };
        }
        let stopped = !descend(&board, None, 0, &mut walk) && !walk.redoing;
        let probed = walk.probed;
        let learn_now = stopped && walk.found.nodes - walk.last > LEARN_AFTER;
        found.nodes += probed;
        if learn_now {
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
pub(crate) fn learn(cells: &[u8; CELLS], limit: u64, mut found: Found, deadline: &mut Deadline) -> Result<Found, Error> {
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

/// A search's state across its branches: the limit, what it found, where `found.nodes` stood
/// at the last completion, the deadline; for the Hall sets' check ([`hall_cut`]), the branch
/// count of the next one and the depth of a board found to have no completion, which the
/// search unwinds to.
struct Walk<'a, 'd> {
    limit: u64,
    found: &'a mut Found,
    last: u64,
    deadline: &'a mut Deadline<'d>,
    hall_at: u64,
    cut: u32,
    /// How it branches and where triads run.
    rules: Rules,
    /// The branching of this search ([`Policy`]).
    policy: Policy,
    /// `found.nodes` at which the search probes its root with the other policies
    /// ([`probe`]); on a probe, where it gives up. `u64::MAX` when never.
    redo_at: u64,
    /// The root to probe, and its grid (the start of the members that see it otherwise); none
    /// on a probe.
    root: Option<(&'a Board, &'a [u8; CELLS])>,
    /// Branches the probes took.
    probed: u64,
    /// Set while a probe unwinds after giving up, or the search after a probe answered.
    redoing: bool,
}

impl<'a, 'd> Walk<'a, 'd> {
    fn new(limit: u64, found: &'a mut Found, deadline: &'a mut Deadline<'d>, rules: Rules) -> Self {
        Walk {
            limit,
            found,
            last: 0,
            deadline,
            hall_at: HALL_AFTER,
            cut: u32::MAX,
            rules,
            policy: USUAL,
            redo_at: u64::MAX,
            root: None,
            probed: 0,
            redoing: false,
        }
    }
}

/// How [`descend`] branches: its usual choice (a search's) or one of the probes' [`MEMBERS`].
#[derive(Clone, Copy, PartialEq, Eq)]
struct Policy {
    /// Cells only, never placements.
    cells: bool,
    /// On the grid with its digits relabeled (d as 10 - d): the values of a cell in another
    /// order, other ties between digits.
    relabeled: bool,
    /// On the transposed grid (columns as rows): placements in stacks, other ties.
    transposed: bool,
}

impl Policy {
    /// `cells` as this policy sees them: the same completions, each seen as `seen` of it.
    fn seen(self, cells: &[u8; CELLS]) -> [u8; CELLS] {
        core::array::from_fn(|k| {
            let d = cells[if self.transposed { 9 * (k % 9) + k / 9 } else { k }];
            if self.relabeled && d != 0 { 10 - d } else { d }
        })
    }
}

const USUAL: Policy = Policy { cells: false, relabeled: false, transposed: false };
const TRANSPOSED: Policy = Policy { cells: false, relabeled: false, transposed: true };

/// The probes' policies, each as unlike the search's as one change makes it: a climb on
/// effort adapts its grids to whatever fixed policy exists (value order, cells or placements,
/// rows or columns), and must trap every member at once to stay slow.
const MEMBERS: [Policy; 3] = [
    Policy { cells: false, relabeled: true, transposed: false },
    Policy { cells: true, relabeled: false, transposed: false },
    Policy { cells: false, relabeled: false, transposed: true },
];

/// Branches without a completion after which a search probes its root with each of the
/// probes' policies in turn (`probe`), and again at each doubling.
pub const REDO_AFTER: u64 = 256;
/// A probe's budget, for each policy: the branches the search took so far over this.
pub const REDO_SHARE: u64 = 8;
/// Cells open (fewer than 17 givens, never a unique puzzle) above which a probe's budget is at
/// least the root's open cells, and the first probes come at [`SPARSE_REDO_AFTER`]: such a
/// grid's first descent reaches a completion in 37-49 branches, longer than a share of 32 at
/// [`REDO_AFTER`]. A hill climb kept grids of 680 branches counted to 2 that trap the search
/// and both first probes; with the floor, 371; with the earlier probes too, 178. From 58 open
/// cells the floor would cost the forum-hardest sets 1.5% of their instructions
/// (docs/experiments.md).
pub const PROBE_OPEN: u32 = 64;
/// [`REDO_AFTER`] for a root with more than [`PROBE_OPEN`] cells open: past one descent
/// without a completion, the search is more likely in a subtree without one.
pub const SPARSE_REDO_AFTER: u64 = 64;

/// The boards from the root down to the one a search branches on (each linked to the one
/// above it), with `found.nodes` when each was reached, whether the Hall sets' check found its
/// units matched, and whether it is sparse.
struct Path<'a> {
    board: &'a Board,
    start: u64,
    matched: core::cell::Cell<bool>,
    /// At least [`PLACEMENT_OPEN`] cells open on this board and every one above it, or at
    /// least [`ROOT_PLACEMENT_OPEN`] on the root.
    sparse: bool,
    up: Option<&'a Path<'a>>,
}

/// Branches since the start or the last completion after which a search looks for Hall sets
/// (`unmatched`) on the root; at each doubling it looks again, and from four times as many on
/// the boards of its path whose subtrees took half of the branches too (`hall_cut`). Singles,
/// locked candidates and triads do not see a Hall set, and an unsolvable root holding one
/// would otherwise take [`LEARN_AFTER`] branches and the learner. A check costs about three
/// branches: from 64 branches the forum-hardest sets pay 1.5% of their instructions, from 32
/// they would pay 2.4% (docs/design.md, "9x9").
pub const HALL_AFTER: u64 = 64;

/// Branches since the start or the last completion after which a search branches on a digit's
/// placements in a band (`Board::branch_placement`) rather than on a cell (see `descend`):
/// the hardest sets take 5-6% fewer instructions, the easy ones, whose trees the cells keep
/// smaller, pay at most 0.7% (docs/design.md, "9x9").
pub const PLACEMENT_AFTER: u64 = 16;
/// Cells open from which a board gets the placements' branching at once, when a digit has just
/// two (a two-way branch, as a cell's): on the sparse boards near the root of grids of 17-21
/// givens the first branch on a cell can lead into a dead subtree of a thousand branches.
/// Lower, the easy sets pay more; higher, those grids keep more (docs/experiments.md).
pub const PLACEMENT_OPEN: u32 = 58;
/// [`PLACEMENT_OPEN`] for the root alone. On grids of 51-57 cells open with several
/// completions, the root's first branch on a cell more often leads into a subtree of a few
/// hundred branches without one than a digit's first placement does (random isomorphs of a
/// climb's grids: 29% fewer branches, 37% with triads past 10 branches); the forum sets' and
/// magictour's branches move by a few tenths of a percent, where 50 on every board costs
/// magictour 3% (docs/experiments.md).
pub const ROOT_PLACEMENT_OPEN: u32 = 50;

/// Extends `board` (propagated, consistent, at `depth` below the root) to completions, counted
/// into `walk.found`; false once the search must stop: the limit, the deadline, [`LEARN_AFTER`]
/// branches since the last completion, or a board above found to have none (`walk.cut`).
///
/// It branches on the placements of a digit in a band (tdoku's choice) once the search has
/// passed a few branches, and on sparse boards where a digit has two, else on a cell: the cell
/// with two candidates that sees the most open cells makes smaller trees on easy puzzles, but
/// on hard ones and on climbed grids its first branch can lead into a dead subtree of a
/// thousand branches that the placements avoid.
fn descend(board: &Board, up: Option<&Path>, depth: u32, walk: &mut Walk) -> bool {
    let usual = walk.rules.placements && !walk.policy.cells;
    // A board has no more cells open than the one above it: below a dense one, none is counted.
    let sparse = usual
        && up.is_none_or(|p| p.sparse)
        && board.open()
            >= if up.is_none() { walk.rules.root_open } else { PLACEMENT_OPEN };
    let here = Path { board, start: walk.found.nodes, matched: core::cell::Cell::new(false), sparse, up };
    let late = usual && walk.found.nodes - walk.last >= PLACEMENT_AFTER;
    let placements = (sparse || late).then(|| board.branch_placement()).flatten();
    if let Some((i, fits)) = placements.filter(|&(_, fits)| late || fits.count_ones() == 2) {
        for p in ones(u32::from(fits)) {
            let mut child = *board;
            child.narrow(i, MINIROW_CELLS[usize::from(PLACEMENTS[p])]);
            if let Some(go_on) = branch(child, &here, depth, walk) {
                return go_on;
            }
        }
        return true;
    }
    let Some((band, bit)) = board.branch_cell() else {
        let found = &mut *walk.found;
        found.count += 1;
        walk.last = found.nodes;
        walk.hall_at = found.nodes + HALL_AFTER;
        if walk.root.is_some() {
            walk.redo_at = u64::MAX;
        }
        if found.first.is_none() {
            let digits = board.digits();
            // A policy's view is its own inverse.
            let seen = walk.policy.relabeled || walk.policy.transposed;
            found.first = Some(if seen { walk.policy.seen(&digits) } else { digits });
        }
        return found.count < walk.limit;
    };
    for digit in 0..9 {
        if board.candidates[9 * band + digit] & bit == 0 {
            continue;
        }
        let mut child = *board;
        child.place(digit, band, bit);
        if let Some(go_on) = branch(child, &here, depth, walk) {
            return go_on;
        }
    }
    true
}

/// One branch of `here` (at `depth`): `child`, propagated and extended; `Some` of what
/// [`descend`] returns when the search must not go on with `here`'s next branch.
#[inline(always)]
fn branch(mut child: Board, here: &Path, depth: u32, walk: &mut Walk) -> Option<bool> {
    walk.found.nodes += 1;
    if walk.deadline.tick(1) || walk.found.nodes - walk.last > LEARN_AFTER {
        return Some(false);
    }
    let cut = if walk.found.nodes == walk.hall_at && hall_cut(here, depth, walk) {
        true
    } else if walk.found.nodes >= walk.redo_at && probe(walk) {
        return Some(false);
    } else {
        let triads = if walk.found.nodes > walk.rules.triad_after { 0 } else { TRIAD_OPEN };
        child.propagate_with(Some(triads)).is_ok() && !descend(&child, Some(here), depth + 1, walk)
    };
    if cut {
        // The search unwinds to a board found to have no completion and goes on from there.
        if walk.cut == depth {
            walk.cut = u32::MAX;
            return Some(true);
        }
        return Some(false);
    }
    None
}

/// At `walk.redo_at`: on a probe, gives up (true, unwinding it); on a search, searches its
/// root again with each policy of `MEMBERS` in turn (the first two only at the first
/// checkpoint), each within [`REDO_SHARE`]'s share of the branches so far (the search found no
/// completion yet, so a probe's count is the root's), keeping its own stack. True when a probe
/// answered, with its count and first completion in `walk.found`: the search then unwinds and
/// stops. A fixed policy (the branching, its ties, the order of the values) can lead into a
/// dead subtree of a thousand branches or more where another ends at once; a grid must trap
/// every member to stay slow. The probes cost a search that is merely long at most about three
/// quarters more (three eighths at each doubling); the third member from the second
/// checkpoint on, since the hardest public sets' long searches pay every failed probe
/// (forum-hardest-1106 1.3% more branches with it at the first, docs/experiments.md).
#[inline(never)]
fn probe(walk: &mut Walk) -> bool {
    let Some((root, cells)) = walk.root else {
        walk.redoing = true;
        return true;
    };
    let since = walk.found.nodes;
    // By checkpoint, not by branches: a Hall cut due at the same branch delays the probe.
    let members = if walk.redo_at <= REDO_AFTER { 2 } else { MEMBERS.len() };
    walk.redo_at = 2 * since;
    for &policy in &MEMBERS[..members] {
        let start = if policy.transposed || policy.relabeled {
            // The grid seen so has the same completions, seen so. Its propagation is not
            // expected to find a contradiction the root's did not (the rules treat rows and
            // columns, and every digit, alike); if it does, the answer is still right: none.
            let board = Board::new(&policy.seen(cells)).ok().and_then(|mut board| {
                board.propagate_with(Some(TRIAD_OPEN)).ok()?;
                Some(board)
            });
            let Some(board) = board else {
                walk.found.count = 0;
                walk.found.first = None;
                walk.redoing = true;
                return true;
            };
            board
        } else {
            *root
        };
        let mut found = Found { count: 0, first: None, nodes: 0, conflicts: 0 };
        let mut probe = Walk::new(walk.limit, &mut found, &mut *walk.deadline, walk.rules);
        probe.policy = policy;
        // Below 17 givens a grid has many completions, but each lies a branch or so per open
        // cell below the root: a budget short of that gives up on the probe's first descent.
        let open = start.open();
        let budget = since / REDO_SHARE;
        probe.redo_at = if open > walk.rules.probe_open { budget.max(u64::from(open)) } else { budget };
        let go_on = descend(&start, None, 0, &mut probe);
        let answered = !probe.redoing && !probe.deadline.passed() && (go_on || probe.found.count >= probe.limit);
        walk.probed += found.nodes;
        if answered {
            walk.found.count = found.count;
            walk.found.first = found.first;
            walk.redoing = true;
            return true;
        }
    }
    false
}

/// The Hall sets' check, at [`HALL_AFTER`] branches after the last completion and at each
/// doubling of them: the boards of the path from the root down to `here` (at `depth`) not
/// checked yet whose subtrees took at least half of those branches, until one has a unit with
/// no complete matching; true, with `walk.cut` its depth, when one has.
#[inline(never)]
fn hall_cut(here: &Path, depth: u32, walk: &mut Walk) -> bool {
    let since = walk.found.nodes - walk.last;
    walk.hall_at = walk.found.nodes + since;
    let mut path: [Option<&Path>; CELLS + 1] = [None; CELLS + 1];
    let mut at = Some(here);
    let mut d = depth as usize;
    while let Some(p) = at {
        path[d] = Some(p);
        at = p.up;
        d = d.wrapping_sub(1);
    }
    for (k, p) in path[..=depth as usize].iter().flatten().enumerate() {
        if k > 0 && (since < 4 * HALL_AFTER || walk.found.nodes - p.start < since / 2) {
            break;
        }
        // A board above a completion has its units matched.
        if p.matched.get() || walk.found.count > 0 && p.start <= walk.last {
            continue;
        }
        if unmatched(p.board) {
            walk.cut = k as u32;
            return true;
        }
        p.matched.set(true);
    }
    false
}

/// Whether some row, column or box of `board` has no complete matching of its nine digits to
/// its cells over the candidates: a Hall set (k digits with fewer than k places, or k cells
/// with fewer than k digits), a contradiction that singles, locked candidates and triads need
/// not see, so that the search would meet it again under every branch.
fn unmatched(board: &Board) -> bool {
    let c = &board.candidates;
    let mut unit = [0u16; 9];
    for band in 0..3 {
        for k in 0..3 {
            // Row k of the band, then box k of the band.
            for (d, m) in unit.iter_mut().enumerate() {
                *m = (c[9 * band + d] >> (9 * k) & ROW) as u16;
            }
            if !matched(&unit) {
                return true;
            }
            for (d, m) in unit.iter_mut().enumerate() {
                let x = c[9 * band + d] >> (3 * k);
                *m = (x & 7 | x >> 6 & 0o70 | x >> 12 & 0o700) as u16;
            }
            if !matched(&unit) {
                return true;
            }
        }
    }
    for column in 0..9 {
        for (d, m) in unit.iter_mut().enumerate() {
            *m = 0;
            for band in 0..3 {
                let x = c[9 * band + d] >> column;
                *m |= ((x & 1 | x >> 8 & 2 | x >> 16 & 4) << (3 * band)) as u16;
            }
        }
        if !matched(&unit) {
            return true;
        }
    }
    false
}

/// Whether the nine digits' places in a unit (bit k for the unit's cell k) admit a complete
/// matching: digits with one place take it first, the others match over the cells left, each
/// taking a free place if it has one, else one freed along an augmenting path (Kuhn's).
pub(crate) fn matched(places: &[u16; 9]) -> bool {
    let mut taken = 0u16;
    let mut rest = 0u16;
    for (d, &m) in places.iter().enumerate() {
        if m & m.wrapping_sub(1) != 0 {
            rest |= 1 << d;
        } else if m & !taken != 0 {
            taken |= m;
        } else {
            return false;
        }
    }
    let fixed = taken;
    let mut digit_of = [0u8; 9];
    for d in ones(rest) {
        let free = places[d] & !taken;
        if free != 0 {
            let at = free.trailing_zeros() as usize;
            taken |= 1 << at;
            digit_of[at] = d as u8;
        } else {
            // The singles' cells are `seen` from the start: their digits cannot move.
            let mut seen = fixed;
            if !augment(places, d, &mut digit_of, &mut taken, &mut seen) {
                return false;
            }
        }
    }
    true
}

/// A place for digit `d`: a free one, else one whose digit moves along a path of places not
/// `seen` yet to a free one.
fn augment(places: &[u16; 9], d: usize, digit_of: &mut [u8; 9], taken: &mut u16, seen: &mut u16) -> bool {
    let free = places[d] & !*taken;
    if free != 0 {
        let at = free.trailing_zeros() as usize;
        *taken |= 1 << at;
        digit_of[at] = d as u8;
        return true;
    }
    for at in ones(places[d]) {
        if *seen & 1 << at == 0 {
            *seen |= 1 << at;
            if augment(places, usize::from(digit_of[at]), digit_of, taken, seen) {
                digit_of[at] = d as u8;
                return true;
            }
        }
    }
    false
}

/// Whether `cells` (a puzzle with exactly one completion) keeps exactly one once the given at
/// `cell` is blanked: true when no completion puts another digit there, which one search for a
/// first completion answers, where counting to 2 would find the known completion again and then
/// prove there is no other. The generator's question (`super::generate`). Should the search pass
/// [`LEARN_AFTER`] branches without a completion, the blanked grid is counted to 2 by [`search`].
/// [`Error::Timeout`] when `deadline` passes first.
pub fn unique_without(cells: &[u8; CELLS], cell: usize, deadline: &mut Deadline) -> Result<bool, Error> {
    let mut open = *cells;
    let digit = usize::from(open[cell]);
    if digit == 0 {
        return Ok(true);
    }
    open[cell] = 0;
    let Ok(mut board) = Board::new(&open) else { return Ok(true) };
    board.narrow(9 * (cell / 27) + digit - 1, !(1u32 << (cell % 27)));
    if board.propagate_with(Some(TRIAD_OPEN)).is_err() {
        return Ok(true);
    }
    let mut found = Found { count: 0, first: None, nodes: 0, conflicts: 0 };
    let mut walk = Walk::new(1, &mut found, deadline, SEARCH);
    if !descend(&board, None, 0, &mut walk) && found.count == 0 {
        if deadline.passed() {
            return Err(Error::Timeout);
        }
        return Ok(search(&open, 2, deadline)?.count == 1);
    }
    Ok(found.count == 0)
}
