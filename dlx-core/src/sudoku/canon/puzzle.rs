//! The canonical form of any grid, fast on puzzles: the same least string as `search`, found
//! row by row with the columns placed only when a row needs them.
//!
//! The search chooses the input row of each output row in turn (any row of an unused band when
//! a band starts, else an unused row of the same band), and lays the whole row out at once.
//! Columns are placed lazily: a column stays unplaced while every row laid out so far has a
//! blank in it, and so does a stack while all its columns do. Such columns read 0 in those
//! rows wherever they go, so the rows' values are known without placing them.
//!
//! Laying out row `r` (its cells in the unplaced columns blank, except some givens): those
//! givens must now be placed, and the row is least with them as late as they can go. In a stack
//! already placed, they take its last free output columns and the blank ones stay unplaced in
//! front of them; among the stack places still free, the stacks with no given in `r` take the
//! first ones (and stay unplaced), the others the last ones. Any other layout puts a given where
//! a blank could be, with the same values before it (the rows before read 0 there whatever the
//! order), so its row is greater and it cannot be the least string. What is not fixed so is
//! branched on: the order of the stacks with givens among their places, and the order of the
//! givens among their columns (each order labels the digits differently). The row's values,
//! relabeled by first appearance, are then compared with the best's as in `search`, and a
//! branch stops at its first value above the best's.
//!
//! A sparse puzzle so branches on few orders: the first rows place few columns, and when all
//! are placed, the rows that follow only choose their input row. Twins (`Twins`) are skipped:
//! equal rows, and equal given columns or stacks, are taken in one order only.
//!
//! The branches go row by row, not depth first: each row's branches start from those the row
//! before kept, and a row keeps only the branches whose row is the least any of them reads
//! (the string is compared row by row, so the others lead to greater strings only). Depth first,
//! a branch went down to the last row before a better first rows' branch cut it; row by row, a
//! branch ends at the first row where another is less. When more than `KEPT` branches tie (a
//! grid with many symmetries of its own) the search starts again depth first.

use super::{Best, Grid, ORDERS, Twins, transposed};

/// A place not taken yet.
const FREE: u8 = u8::MAX;

/// A branch: the rows chosen, the columns and stacks placed, the labels given.
#[derive(Clone, Copy)]
struct State {
    /// `pi[j]`: the input column at output column `j`, `FREE` while unplaced.
    pi: [u8; 9],
    /// `stack_at[s]`: the input stack at output stack `s`, `FREE` while unplaced.
    stack_at: [u8; 3],
    /// The input row of the last output row chosen, and the rows chosen, a bit each.
    last: u8,
    used_rows: u16,
    /// The label of each digit, 0 while it has none, and the next label to give.
    label: [u8; 10],
    next: u8,
    /// The input columns not placed yet, the output columns not taken yet and the input
    /// stacks not placed yet, a bit each.
    open: u16,
    vacant: u16,
    free_stacks: u8,
    /// Which of `Search::grids` the branch reads.
    t: u8,
}

impl State {
    const START: State = State {
        pi: [FREE; 9],
        stack_at: [FREE; 3],
        last: 0,
        used_rows: 0,
        label: [0; 10],
        next: 1,
        open: 0x1ff,
        vacant: 0x1ff,
        free_stacks: 7,
        t: 0,
    };
}

struct Search {
    grids: [Grid; 2],
    /// The twins of each row, then of each column, in each of `grids`.
    twins: [[Twins; 2]; 2],
    /// Which of `grids` the current branch reads.
    t: usize,
    /// The givens of each row of each of `grids`, a bit a column.
    givens: [[u16; 9]; 2],
    /// The rows of each of `grids`, fewest givens first: the order they are tried in, so that
    /// the first strings found are small and the bound cuts early.
    by_givens: [[u8; 9]; 2],
    best: Best,
    /// Row by row (`true`): a row's branches end in `keep`, else in the next row (depth first).
    by_rows: bool,
    /// The branches kept: those whose rows so far read the best's, two lists (this row's and
    /// the next's, `which` this row's).
    kept: [[State; KEPT]; 2],
    lens: [usize; 2],
    which: usize,
    /// The row the next row's branches read, packed (`packed`).
    row: u64,
    /// Some branch of the next row did not fit in `kept`.
    overflow: bool,
}

/// The branches a row may keep: more (a grid with many symmetries of its own) and the search
/// goes depth first instead.
const KEPT: usize = 48;

/// Nine values of a row as one number, in the order of their strings.
fn packed(row: &[u8]) -> u64 {
    row.iter().fold(0, |m, &v| m << 4 | u64::from(v))
}

/// The canonical form of `cells` (values 0..=9), and the values compared with the best.
pub fn canon(cells: &Grid) -> (Grid, u64) {
    // The grid and its transpose, read line by line.
    let grids = [*cells, transposed(cells)];
    let (rows, row_givens, row_digits) = lines(&grids[0]);
    let (cols, col_givens, col_digits) = lines(&grids[1]);
    let (keys, givens, digits) = ([rows, cols], [row_givens, col_givens], [row_digits, col_digits]);
    // The transpose's rows are the grid's columns and its columns the rows.
    let (rows, cols) = (Twins::new(&keys[0]), Twins::new(&keys[1]));
    let twins = [[rows, cols], [cols, rows]];
    let by_givens = givens.map(|rows: [u16; 9]| {
        // Sorted by (givens, row), the count above the row's four bits.
        let mut order: [u8; 9] = core::array::from_fn(|r| (ones(rows[r]) as u8) << 4 | r as u8);
        order.sort_unstable();
        order.map(|k| k & 15)
    });
    let mut s = Search {
        grids,
        twins,
        t: 0,
        givens,
        by_givens,
        best: Best::NONE,
        by_rows: true,
        kept: [[State::START; KEPT]; 2],
        lens: [0; 2],
        which: 0,
        row: 0,
        overflow: false,
    };
    // The first rows worth trying (`firsts`), and each is laid out.
    let (firsts, n) = firsts(&givens, &digits);
    for &k in &firsts[..n] {
        let (t, r) = (usize::from(k / 9), k % 9);
        s.t = t;
        s.try_row(0, r, State { t: t as u8, ..State::START });
    }
    // Row by row: each row's branches are those the row before kept, and keep those whose row
    // is least (the others lead to greater strings only).
    for i in 1..9 {
        if s.overflow {
            break;
        }
        s.which = 1 - s.which;
        s.lens[1 - s.which] = 0;
        s.best.len = 9 * i;
        for k in 0..s.lens[s.which] {
            let st = s.kept[s.which][k];
            s.t = usize::from(st.t);
            s.place(i, st);
        }
    }
    if s.overflow {
        // Too many branches tie: depth first, from the start.
        let steps = s.best.steps;
        s.best = Best { steps, ..Best::NONE };
        s.by_rows = false;
        for &k in &firsts[..n] {
            let (t, r) = (usize::from(k / 9), k % 9);
            s.t = t;
            s.try_row(0, r, State { t: t as u8, ..State::START });
        }
    }
    (s.best.s, s.best.steps)
}

/// Each row of `g`: its key (`line_keys`), its givens (a bit a column) and its digits (a bit a
/// digit, bit 0 for blanks).
fn lines(g: &Grid) -> ([u64; 9], [u16; 9], [u16; 9]) {
    let (mut keys, mut givens, mut digits) = ([0u64; 9], [0u16; 9], [0u16; 9]);
    for (r, row) in g.chunks_exact(9).enumerate() {
        let (mut key, mut given, mut digit) = (0u64, 0u16, 0u16);
        for (c, &v) in row.iter().enumerate() {
            key = key << 4 | u64::from(v);
            given |= u16::from(v != 0) << c;
            digit |= 1 << v;
        }
        (keys[r], givens[r], digits[r]) = (key, given, digit);
    }
    (keys, givens, digits)
}

/// `ONES[m]`: the bits set in `m` (`m < 1024`), read from a table: the baseline x86-64 has no
/// population count instruction, and its stand-in costs a dozen.
const ONES: [u8; 1024] = {
    let mut ones = [0u8; 1024];
    let mut m = 1;
    while m < 1024 {
        ones[m] = ones[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    ones
};

/// The bits set in `m` (below 1024).
fn ones(m: u16) -> usize {
    usize::from(ONES[usize::from(m & 0x3ff)])
}

/// The stacks (a bit each) with a given in a row whose givens are `givens` (a bit a column).
fn stacks_with(givens: u16) -> u8 {
    u8::from(givens & 7 != 0) | u8::from(givens & 0o70 != 0) << 1 | u8::from(givens & 0o700 != 0) << 2
}

/// The lines (`9 * t + r`: row `r` of reading `t`) that may be the first row, and how many.
///
/// A line whose givens are distinct digits reads at least, as the first row, its stacks in
/// increasing order of givens, each stack's givens last, labeled 1, 2, ... in order: that row
/// is fixed by the sorted counts of givens of its stacks, and of two such lines the one whose
/// sorted counts are less (lexicographically) has a given later where the other has one (the
/// labels before equal), so it is less. Only the least counts' lines are so kept, with every
/// line that repeats a digit (its labels can be less): the others cannot be the first row.
fn firsts(givens: &[[u16; 9]; 2], digits: &[[u16; 9]; 2]) -> ([u8; 18], usize) {
    let mut key = [0u16; 18];
    let mut least = u16::MAX;
    for k in 0..18 {
        let (g, d) = (givens[k / 9][k % 9], digits[k / 9][k % 9]);
        let mut n = [ones(g & 7), ones(g >> 3 & 7), ones(g >> 6 & 7)];
        n.sort_unstable();
        // A repeated digit: 0, tried always.
        key[k] = if ones(d >> 1) == ones(g) { (n[0] << 8 | n[1] << 4 | n[2]) as u16 + 1 } else { 0 };
        if key[k] != 0 {
            least = least.min(key[k]);
        }
    }
    let mut out = [0u8; 18];
    let mut n = 0;
    for (k, &x) in key.iter().enumerate() {
        if x == 0 || x == least {
            out[n] = k as u8;
            n += 1;
        }
    }
    (out, n)
}

impl Search {
    /// Row `i` laid out (its values the best's): the next row, or, row by row, the branch kept.
    fn done(&mut self, i: usize, st: State) {
        if !self.by_rows {
            self.place(i + 1, st);
            return;
        }
        if i == 8 {
            return;
        }
        let row = packed(&self.best.s[9 * i..][..9]);
        let next = 1 - self.which;
        if self.lens[next] == 0 || row < self.row {
            // Less than the row kept so far: those branches lead to greater strings.
            self.lens[next] = 0;
            self.row = row;
            self.overflow = false;
        }
        if self.lens[next] == KEPT {
            self.overflow = true;
            return;
        }
        self.kept[next][self.lens[next]] = st;
        self.lens[next] += 1;
    }

    /// Chooses the input row of output row `i`, then lays it out.
    fn place(&mut self, i: usize, st: State) {
        if i == 9 {
            return;
        }
        // The rows that may come here: those of the bands none of whose rows is used when a
        // band starts, else the unused ones of the band before.
        let open = if i.is_multiple_of(3) {
            (0..3).filter(|&b| (st.used_rows >> (3 * b)) & 7 == 0).fold(0u16, |m, b| m | 7 << (3 * b))
        } else {
            7 << (3 * (st.last / 3)) & !st.used_rows
        };
        for r in self.by_givens[self.t] {
            if open & (1 << r) != 0 {
                self.try_row(i, r, st);
            }
        }
    }

    /// Input row `r` at output row `i` (allowed there), unless a twin is taken first.
    fn try_row(&mut self, i: usize, r: u8, mut st: State) {
        if self.twins[self.t][0].redundant(st.used_rows, i, r) {
            return;
        }
        st.last = r;
        st.used_rows |= 1 << r;
        let givens = self.givens[self.t][usize::from(r)];
        if givens & st.open == 0 {
            // Every given in a placed column: the row is read as it is (the unplaced columns,
            // and stacks, blank).
            let row = self.row(r);
            for j in 0..9 {
                let v = Self::value(&row, j, &mut st);
                if !self.best.offer(9 * i + j, v) {
                    return;
                }
            }
            self.done(i, st);
            return;
        }
        // The stacks not placed with no given in this row: they take the first free places.
        let zeros = ones(u16::from(st.free_stacks & !stacks_with(givens)));
        self.stack(i, 0, zeros, st);
    }

    /// Input row `r` of the grid read.
    fn row(&self, r: u8) -> [u8; 9] {
        let r = usize::from(r);
        let mut row = [0; 9];
        row.copy_from_slice(&self.grids[self.t][r * 9..][..9]);
        row
    }

    /// Output stack `s` of row `i`: a free place takes a stack with no given in the row while
    /// `zeros` are left (it stays unplaced), else each stack with givens not placed in turn.
    fn stack(&mut self, i: usize, s: usize, zeros: usize, st: State) {
        if s == 3 {
            self.done(i, st);
            return;
        }
        if st.stack_at[s] != FREE {
            self.columns(i, s, zeros, st);
            return;
        }
        if zeros > 0 {
            for k in 0..3 {
                if !self.best.offer(9 * i + 3 * s + k, 0) {
                    return;
                }
            }
            self.stack(i, s + 1, zeros - 1, st);
            return;
        }
        let givens = self.givens[self.t][usize::from(st.last)];
        let groups = self.twins[self.t][1].groups;
        let mut stacks = st.free_stacks & stacks_with(givens);
        while stacks != 0 {
            let x = stacks.trailing_zeros() as u8;
            stacks &= stacks - 1;
            // An equal stack not placed yet would give the same strings taken first.
            if groups[usize::from(x)] & st.free_stacks == 0 {
                let mut q = st;
                q.stack_at[s] = x;
                q.free_stacks &= !(1 << x);
                self.columns(i, s, zeros, q);
            }
        }
    }

    /// Output stack `s` of row `i`, its stack placed: the row's givens in its unplaced columns
    /// take its last free output columns, in each order; then the three values.
    fn columns(&mut self, i: usize, s: usize, zeros: usize, st: State) {
        let givens = self.givens[self.t][usize::from(st.last)];
        let x = st.stack_at[s];
        // The new givens (a bit each of the stack's three columns), and the free output columns
        // of the stack: the last `m` of these take them.
        let new = (givens & st.open) >> (3 * x) & 7;
        let m = ones(new);
        let vacant = st.vacant >> (3 * s) & 7;
        let mut taken = vacant;
        for _ in m..ones(vacant) {
            taken &= taken - 1;
        }
        // Which of the stack's values are givens is the same in every order: a given where
        // the best has a blank is greater, so the orders are not built.
        let mut given = taken;
        for k in 0..3 {
            let c = st.pi[3 * s + k];
            if c != FREE && givens & (1 << c) != 0 {
                given |= 1 << k;
            }
        }
        for k in 0..3 {
            let at = 9 * i + 3 * s + k;
            if at >= self.best.len || self.best.s[at] != 0 {
                break;
            }
            if given & (1 << k) != 0 {
                self.best.steps += 1;
                return;
            }
        }
        // The new givens' columns and the output columns they take, each in increasing order.
        let (mut cols, mut slots) = ([0u8; 3], [0usize; 3]);
        let (mut a, mut b) = (new, taken);
        for k in 0..m {
            cols[k] = 3 * x + a.trailing_zeros() as u8;
            slots[k] = 3 * s + b.trailing_zeros() as usize;
            a &= a - 1;
            b &= b - 1;
        }
        let row = self.row(st.last);
        let lines = self.twins[self.t][1].lines;
        // The orders of `m`: the first `m!` of `ORDERS`.
        for order in &ORDERS[..[1, 1, 2, 6][m]] {
            let order = &order[..m];
            // Equal columns in one order only: a twin before the earlier column is skipped.
            let twin = order
                .iter()
                .enumerate()
                .any(|(k, &a)| order[k + 1..].iter().any(|&b| lines[usize::from(cols[a])] & (1 << cols[b]) != 0));
            if twin {
                continue;
            }
            let mut q = st;
            for (k, &a) in order.iter().enumerate() {
                let c = cols[a];
                q.pi[slots[k]] = c;
                q.open &= !(1 << c);
                q.vacant &= !(1 << slots[k]);
            }
            if self.values(i, s, &row, &mut q) {
                self.stack(i, s + 1, zeros, q);
            }
        }
    }

    /// The values of row `i` at output stack `s` (placed), relabeled, against the best.
    fn values(&mut self, i: usize, s: usize, row: &[u8; 9], q: &mut State) -> bool {
        (3 * s..3 * s + 3).all(|j| {
            let v = Self::value(row, j, q);
            self.best.offer(9 * i + j, v)
        })
    }

    /// The value of `row` at output column `j`: 0 for a blank or a column not placed (blank
    /// there), else its digit's label, the next one if it has none yet.
    fn value(row: &[u8; 9], j: usize, q: &mut State) -> u8 {
        match q.pi[j] {
            FREE => 0,
            c => match usize::from(row[usize::from(c)]) {
                0 => 0,
                d => {
                    if q.label[d] == 0 {
                        q.label[d] = q.next;
                        q.next += 1;
                    }
                    q.label[d]
                }
            },
        }
    }
}
