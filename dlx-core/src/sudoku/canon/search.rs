//! The first search for the canonical form (the module above says what the form is): exact on
//! any grid but slow (a few thousand forms a second), kept as the reference the tests and the
//! bench compare the faster searches with.
//!
//! The search. One depth-first search builds the string cell by cell, in reading order: at
//! the first cell of each output row it chooses the input row (any row of an unused band when
//! a band starts, else an unused row of the same band), and along the first output row it
//! chooses the columns the same way; every other cell is then fixed. The best string so far is
//! the bound: a branch stops as soon as its value at a cell exceeds the best's at that cell
//! with the prefixes equal, and when it falls below, the best is cut to that prefix and the
//! branch writes on. Every symmetry is a leaf of this tree and only branches that cannot give
//! a less string are cut, so the answer is exact; ties are followed to the end.
//!
//! One look-ahead makes the cuts early: the first two rows are chosen before the columns, and
//! while the rest of the first row is bound to equal the best's whatever the order of the
//! columns left (all blanks, or all new digits, as in every row of a complete grid), the
//! second row's values known so far are compared with the best's as each column is placed (a
//! digit not labeled yet by the least label it can get). A complete grid's 1,296 orders of
//! columns, all tied on the first row, are so cut after three or four columns.
//!
//! And twins are skipped (`Twins`): equal lines of a group, or equal groups, give the same
//! strings whichever is taken first, so symmetric grids (the empty one) stay fast.

use super::{Best, Grid, Twins, line_keys, may_follow};

/// The search's state: the grid and its transpose, the rows and columns chosen so far, the
/// labels given so far, and the best string found.
struct Search {
    grids: [Grid; 2],
    /// Which of `grids` the current branch reads.
    t: usize,
    rows: [u8; 9],
    cols: [u8; 9],
    used_rows: u16,
    used_cols: u16,
    /// The label of each digit on this branch, 0 while it has none.
    label: [u8; 10],
    /// The next label to give.
    next: u8,
    best: Best,
    /// The twins of each row, then of each column, in each of `grids`.
    twins: [[Twins; 2]; 2],
}

/// The canonical form of `cells` (81 values, 0 a blank, 1..=9 a given, as `parse` gives;
/// a value above 9 is read as 9): the least relabeled string over the grid's symmetries, as
/// the module says. The result has 0 for a blank and 1..=9 for givens.
pub fn canon(cells: &Grid) -> Grid {
    canon_steps(cells).0
}

/// `canon`, and the values it compared with the best (`Best::steps`).
pub fn canon_steps(cells: &Grid) -> (Grid, u64) {
    let mut grids = [*cells; 2];
    for r in 0..9 {
        for c in 0..9 {
            grids[1][r * 9 + c] = cells[c * 9 + r];
        }
    }
    // The transpose's rows are the grid's columns and its columns the rows.
    let [rows, cols] = line_keys(&grids[0]);
    let (rows, cols) = (Twins::new(&rows), Twins::new(&cols));
    let twins = [[rows, cols], [cols, rows]];
    let mut s = Search {
        twins,
        grids,
        t: 0,
        rows: [0; 9],
        cols: [0; 9],
        used_rows: 0,
        used_cols: 0,
        label: [0; 10],
        next: 1,
        best: Best::NONE,
    };
    for t in 0..2 {
        s.t = t;
        s.place(0);
    }
    (s.best.s, s.best.steps)
}

/// `Search::column`'s look-ahead is over: the branch's first row already differs from the
/// best's, or a value of its second row does.
const NO_LOOK: usize = usize::MAX;

impl Search {
    /// Chooses the input row of output row `pos / 9` when `pos` starts a row, then goes on.
    /// The first two rows are chosen together, before the columns, so that the columns' choice
    /// can look at the second row (`column`).
    fn place(&mut self, pos: usize) {
        if pos >= 81 {
            self.best.len = 81;
            return;
        }
        let i = pos / 9;
        if i == 1 {
            self.row(1);
            return;
        }
        let prev = if i == 0 { 0 } else { self.rows[i - 1] };
        for r in 0u8..9 {
            if !may_follow(self.used_rows, i, prev, r) || self.twins[self.t][0].redundant(self.used_rows, i, r) {
                continue;
            }
            let band = r / 3;
            self.rows[i] = r;
            self.used_rows |= 1 << r;
            if i == 0 {
                for r1 in 3 * band..3 * band + 3 {
                    if r1 != r && !self.twins[self.t][0].redundant(self.used_rows, 1, r1) {
                        self.rows[1] = r1;
                        self.used_rows |= 1 << r1;
                        self.column(0, 0);
                        self.used_rows &= !(1 << r1);
                    }
                }
            } else {
                self.row(i);
            }
            self.used_rows &= !(1 << r);
        }
    }

    /// Output row `i` (past the first, its input row chosen, every column placed) against the
    /// best, cell by cell as `value` does, then the next row.
    fn row(&mut self, i: usize) {
        let mut cells = [0u8; 9];
        cells.copy_from_slice(&self.grids[self.t][usize::from(self.rows[i]) * 9..][..9]);
        let (mut fresh, mut fresh_count) = ([0usize; 9], 0);
        let mut cut = false;
        let cols = self.cols;
        for (j, &col) in cols.iter().enumerate() {
            let pos = 9 * i + j;
            let digit = cells[usize::from(col)];
            let d = usize::from(digit.min(9));
            let v = if digit == 0 {
                0
            } else {
                if self.label[d] == 0 {
                    self.label[d] = self.next;
                    self.next += 1;
                    fresh[fresh_count] = d;
                    fresh_count += 1;
                }
                self.label[d]
            };
            if !self.best.offer(pos, v) {
                cut = true;
                break;
            }
        }
        if !cut {
            self.place(9 * (i + 1));
        }
        for &d in &fresh[..fresh_count] {
            self.label[d] = 0;
            self.next -= 1;
        }
    }

    /// Chooses the input column of output column `pos` (`pos < 9`) along the first row, then
    /// goes on. `look` values of the second row are known to equal the best's (`NO_LOOK`:
    /// none is looked at any more).
    fn column(&mut self, pos: usize, look: usize) {
        let prev = if pos == 0 { 0 } else { self.cols[pos - 1] };
        for c in 0u8..9 {
            if !may_follow(self.used_cols, pos, prev, c) || self.twins[self.t][1].redundant(self.used_cols, pos, c) {
                continue;
            }
            self.cols[pos] = c;
            self.used_cols |= 1 << c;
            self.value(pos, look);
            self.used_cols &= !(1 << c);
        }
    }

    /// The values the rest of the first row takes whatever the order of the columns left,
    /// when that is so: all blanks, or all givens of distinct digits not labeled yet (each then
    /// takes the next label). Compared with the best's: `None` when not known or no bound.
    /// With it, whether the rest gives no label (all blanks, or nothing left).
    fn first_row_rest(&self, pos: usize) -> Option<(core::cmp::Ordering, bool)> {
        if self.best.len < 9 {
            return None;
        }
        let row = &self.grids[self.t][usize::from(self.rows[0]) * 9..][..9];
        let (mut blanks, mut seen, mut count) = (0, 0u16, 0);
        for (c, &d) in row.iter().enumerate() {
            if self.used_cols & (1 << c) != 0 {
                continue;
            }
            count += 1;
            if d == 0 {
                blanks += 1;
            } else if self.label[usize::from(d.min(9))] != 0 || seen & (1 << d.min(9)) != 0 {
                return None;
            } else {
                seen |= 1 << d.min(9);
            }
        }
        if blanks != 0 && blanks != count {
            return None;
        }
        for (next, k) in (self.next..).zip(pos + 1..9) {
            let v = if blanks != 0 { 0 } else { next };
            match v.cmp(&self.best.s[k]) {
                core::cmp::Ordering::Equal => {}
                other => return Some((other, false)),
            }
        }
        Some((core::cmp::Ordering::Equal, blanks == count))
    }

    /// After the first row's cell `pos` is placed, while the rest of the first row is known
    /// to equal the best's: compares the second row's values known so far (a blank, a labeled
    /// digit) with the best's, and a digit not labeled yet by its least possible label, the
    /// next one. Returns `None` to cut the branch, else how many values are known equal
    /// (`NO_LOOK` once the branch is known to differ from the best).
    fn look_ahead(&self, pos: usize, look: usize) -> Option<usize> {
        if look == NO_LOOK {
            return Some(NO_LOOK);
        }
        let settled = match self.first_row_rest(pos) {
            Some((core::cmp::Ordering::Greater, _)) => return None,
            Some((core::cmp::Ordering::Equal, settled)) => settled,
            _ => return Some(NO_LOOK),
        };
        // When the first row gives no more labels, the second row's new digits take the next
        // ones in its own order: every value placed so far is then known, from its start.
        let (mut label, mut next) = (self.label, self.next);
        let mut k = if settled { 0 } else { look };
        let row = &self.grids[self.t][usize::from(self.rows[1]) * 9..][..9];
        while k <= pos && 9 + k < self.best.len {
            let d = row[usize::from(self.cols[k])];
            let bound = self.best.s[9 + k];
            let value = if d == 0 {
                0
            } else {
                let d = usize::from(d.min(9));
                if label[d] == 0 {
                    if !settled {
                        // Its label is yet to come: at least the next one.
                        return if next > bound { None } else { Some(k) };
                    }
                    label[d] = next;
                    next += 1;
                }
                label[d]
            };
            match value.cmp(&bound) {
                core::cmp::Ordering::Greater => return None,
                core::cmp::Ordering::Less => return Some(NO_LOOK),
                core::cmp::Ordering::Equal => {}
            }
            k += 1;
        }
        Some(k)
    }

    /// The relabeled value at `pos` (`pos < 9`, the first row) against the best: cut, or take
    /// the lead, or tie; then the next cell (`look` as for `column`).
    fn value(&mut self, pos: usize, look: usize) {
        let (i, j) = (pos / 9, pos % 9);
        let row = usize::from(self.rows[i]);
        let col = usize::from(self.cols[j]);
        let digit = self.grids[self.t][row * 9 + col];
        let d = usize::from(digit.min(9));
        let fresh = digit != 0 && self.label[d] == 0;
        let v = if digit == 0 {
            0
        } else if fresh {
            self.next
        } else {
            self.label[d]
        };
        if !self.best.offer(pos, v) {
            return;
        }
        if fresh {
            self.label[d] = self.next;
            self.next += 1;
        }
        if let Some(look) = self.look_ahead(pos, look) {
            if pos == 8 { self.place(9) } else { self.column(pos + 1, look) }
        }
        if fresh {
            self.next -= 1;
            self.label[d] = 0;
        }
    }
}
