//! The canonical form of a grid whose 9 rows and 9 columns each hold the 9 digits once (every
//! complete valid grid; its boxes are not looked at): the same least string as `search`, found
//! by a narrower search.
//!
//! Every line of such a grid, as the first row, reads `123456789`, whatever the columns' order:
//! all 18 lines (9 rows of the grid and 9 of its transpose) tie there, and no other first row
//! is less. Once the first row `r0` is chosen, the label of a digit is fixed by where its column
//! goes: the digit in column `c` of `r0` is labeled `1 + pos(c)`, `pos(c)` the output column
//! `c` is placed at. So the value of any other row `r` at output column `j` is
//! `1 + pos(col0(r[π(j)]))`, `π(j)` the input column at `j` and `col0(d)` the column of `d` in
//! `r0`: the row is `r`'s digits read through a permutation of the columns and conjugated by
//! `π`.
//!
//! The second row (another row of `r0`'s band) is built left to right. At output column `j` the
//! input column `π(j)` is chosen (a branch) unless already placed, and then its value needs the
//! place of `t = col0(r1[π(j)])`: if `t` is not placed yet, the value is least with `t` at the
//! first output column still free that `t`'s stack may take (its stack's place if it has one,
//! else the first stack place not taken), and every other place gives a greater value here
//! with the same prefix, so only that place can lead to the least string: it is taken, no
//! branch. The values of the second row are so known as its columns are chosen and compared
//! with the best at once, where the general search would see them only after several columns.
//! After the second row every column is placed. The third row is then fixed, and so are the
//! other two bands' rows as strings: their least order puts each band's rows in increasing
//! order and the band whose three sorted rows are less first.
//!
//! When the pair's boxes are valid (no box of `r1` shares a digit with the box of `r0` above
//! it), the orders that search would keep are known beforehand (`least_orders`): they are read
//! one by one, without the search; pairs whose second row starts `456` (pure) come first and
//! then cut the others (mixed, `457` at best) without reading them.
//!
//! Rows are compared whole: nine values of four bits packed in a number, in the order of their
//! strings, so that one integer compare orders two rows; each of the effort's steps is a row
//! so compared (and, in `second_row`, a value).

use super::{Best, Grid, ORDERS, transposed};

/// A place not taken yet.
const FREE: u8 = u8::MAX;

/// The columns placed so far: `pi[j]` the input column at output column `j`, `pos` its inverse,
/// and the same for stacks (`stack_at[s]` the input stack at output stack `s`). Stacks are
/// placed in output order, and the columns of each output stack from its left: the first free
/// place is always the next one.
#[derive(Clone, Copy)]
struct Places {
    pi: [u8; 9],
    pos: [u8; 9],
    stack_at: [u8; 3],
    stack_pos: [u8; 3],
    /// Columns placed in each output stack.
    filled: [u8; 3],
    /// Stacks placed.
    stacks: u8,
    /// The input columns not placed, a bit each.
    free: u16,
}

impl Places {
    const NONE: Places = Places {
        pi: [FREE; 9],
        pos: [FREE; 9],
        stack_at: [FREE; 3],
        stack_pos: [FREE; 3],
        filled: [0; 3],
        stacks: 0,
        free: 0x1ff,
    };

    /// Puts input column `c` at output column `j`, the next free one of its output stack, and
    /// `c`'s stack there.
    fn put(&mut self, j: usize, c: u8) {
        let (s, stack) = (j / 3, usize::from(c / 3));
        self.pi[j] = c;
        self.pos[usize::from(c)] = j as u8;
        self.free &= !(1 << c);
        self.filled[s] += 1;
        if self.stack_pos[stack] == FREE {
            self.stack_at[s] = stack as u8;
            self.stack_pos[stack] = s as u8;
            self.stacks += 1;
        }
    }

    /// Places column `t` (not placed yet) at the first output column it may take, and returns
    /// that column.
    fn put_first(&mut self, t: u8) -> usize {
        let s = match self.stack_pos[usize::from(t / 3)] {
            FREE => self.stacks,
            s => s,
        };
        let j = usize::from(3 * s + self.filled[usize::from(s)]);
        self.put(j, t);
        j
    }

    /// The input columns output column `j` (the next free one of its output stack) may take.
    fn choices(&self, j: usize) -> u16 {
        let stacks = match self.stack_at[j / 3] {
            FREE => (0..3).filter(|&x| self.stack_pos[x] == FREE).fold(0, |m, x| m | 7 << (3 * x)),
            x => 7 << (3 * x),
        };
        self.free & stacks
    }
}

/// The search's state for one grid (as given, or transposed) and one choice of the first two
/// rows, and the best string, which is shared by all of them.
struct Search {
    /// The grid as given and transposed, and which one is read.
    grids: [Grid; 2],
    t: usize,
    /// `col0[d]`: the column of digit `d` in the first row.
    col0: [u8; 10],
    /// The input rows of output rows 0, 1 and 2.
    top: [usize; 3],
    /// `next1[c]`: `col0` of the second row's digit in column `c`.
    next1: [u8; 9],
    /// The bound of the value by value search of the second row (`second_row`).
    best: Best,
    /// The best string's rows, packed (`packed`): what the rows are compared with, whole, a
    /// step each.
    rows: Best<u64, 9>,
}

/// Nine values of a row as one number, in the order of their strings.
fn packed(row: impl IntoIterator<Item = u8>) -> u64 {
    row.into_iter().fold(0, |m, v| m << 4 | u64::from(v))
}

/// Whether every row and every column of `g` holds each digit 1..=9 once.
pub fn applies(g: &Grid) -> bool {
    (0..9).all(|x| {
        let (mut row, mut col) = (0u16, 0u16);
        for y in 0..9 {
            row |= 1 << g[x * 9 + y];
            col |= 1 << g[y * 9 + x];
        }
        row == 0x3fe && col == 0x3fe
    })
}

/// How the digits of row `r1`'s three boxes come from row `r0`'s boxes: `Pure` when each of
/// `r1`'s boxes holds the digits of one box of `r0`, `Mixed` when none of `r1`'s boxes shares a
/// digit with `r0`'s box above it but some takes digits from two boxes, `Other` else (a box
/// repeats a digit: rows and columns alone are valid).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Pure,
    Mixed,
    Other,
}

/// The kind of the pair of rows whose boxes hold the digits `a` and `b` (a bit a digit).
fn kind(a: [u16; 3], b: [u16; 3]) -> Kind {
    if (0..3).any(|s| a[s] & b[s] != 0) {
        Kind::Other
    } else if b.iter().all(|m| a.contains(m)) {
        Kind::Pure
    } else {
        Kind::Mixed
    }
}

/// The canonical form of `g`, which `applies`, and the values compared with the best.
///
/// The first two rows are tried pure pairs first: with `r0` read `123456789`, a pure pair's
/// second row can start `456789` (each of its boxes is the digits of one box of `r0`, placed
/// as the next stack in order; the last three are `1`, `2`, `3` in an order the grid sets),
/// while a mixed one's first box holds digits of two stacks of
/// `r0`, so its third value is at least 7, where the pure one reads 6: once a pure pair has
/// set the bound, mixed pairs are cut without a search.
pub fn canon(g: &Grid) -> (Grid, u64) {
    let grids = [*g, transposed(g)];
    let mut pairs = [(Kind::Pure, 0usize, 0usize, 0usize); 36];
    let mut k = 0;
    for (t, grid) in grids.iter().enumerate() {
        // The digits of each box of each row.
        let boxes: [[u16; 3]; 9] =
            core::array::from_fn(|r| core::array::from_fn(|s| grid[r * 9 + 3 * s..][..3].iter().fold(0, |m, &d| m | 1 << d)));
        for r0 in 0..9 {
            let band = 3 * (r0 / 3);
            for r1 in (band..band + 3).filter(|&r1| r1 != r0) {
                pairs[k] = (kind(boxes[r0], boxes[r1]), t, r0, r1);
                k += 1;
            }
        }
    }
    // Pure pairs first, then mixed, then the others, each in the order made.
    let mut order = [0u8; 36];
    let mut n = 0;
    for want in [Kind::Pure, Kind::Mixed, Kind::Other] {
        for (k, pair) in pairs.iter().enumerate() {
            if pair.0 == want {
                order[n] = k as u8;
                n += 1;
            }
        }
    }
    // `cols[t][r][d]`: the column of digit `d` in row `r` of `grids[t]`.
    let mut cols = [[[0u8; 10]; 9]; 2];
    for (t, grid) in grids.iter().enumerate() {
        for (row, cols) in grid.chunks_exact(9).zip(&mut cols[t]) {
            for (c, &d) in row.iter().enumerate() {
                cols[usize::from(d)] = c as u8;
            }
        }
    }
    let mut s = Search {
        grids,
        t: 0,
        col0: [0; 10],
        top: [0; 3],
        next1: [0; 9],
        best: Best::NONE,
        // Every first row reads 1..=9.
        rows: Best { s: [packed(1..=9), 0, 0, 0, 0, 0, 0, 0, 0], len: 1, steps: 0 },
    };
    for k in order {
        let (kind, t, r0, r1) = pairs[usize::from(k)];
        if kind == Kind::Mixed && s.rows.len >= 2 && s.rows.s[1] >> 24 == 0x456 {
            continue;
        }
        let grid = &grids[t];
        s.t = t;
        s.col0 = cols[t][r0];
        let band = 3 * (r0 / 3);
        s.top = [r0, r1, 3 * band + 3 - r0 - r1];
        s.next1 = core::array::from_fn(|c| s.col0[usize::from(grid[r1 * 9 + c])]);
        match kind {
            Kind::Other => {
                // The value by value bound: the best's second row.
                s.best.len = if s.rows.len >= 2 { 18 } else { 9 };
                for j in 0..9 {
                    s.best.s[9 + j] = (s.rows.s[1] >> (4 * (8 - j)) & 15) as u8;
                }
                s.second_row(0, Places::NONE);
            }
            _ => s.least_orders(kind),
        }
    }
    let mut form = [0; 81];
    for (row, &packed) in form.chunks_exact_mut(9).zip(&s.rows.s) {
        for (j, v) in row.iter_mut().enumerate() {
            *v = (packed >> (4 * (8 - j)) & 15) as u8;
        }
    }
    (form, s.best.steps + s.rows.steps)
}

impl Search {
    /// Output column `j` of the second row, `p` the places so far.
    fn second_row(&mut self, j: usize, p: Places) {
        if j == 9 {
            // The row is the value by value bound's, at most the best's.
            if self.rows.offer(1, packed(self.best.s[9..18].iter().copied())) {
                self.rest(&p.pi, &p.pos);
            }
            return;
        }
        if p.pi[j] != FREE {
            self.follow(j, p);
            return;
        }
        let mut choices = p.choices(j);
        while choices != 0 {
            let c = choices.trailing_zeros() as u8;
            choices &= choices - 1;
            let mut q = p;
            q.put(j, c);
            self.follow(j, q);
        }
    }

    /// The value of the second row at `j` (its column placed): the place of the first row's
    /// column that labels it, taken first when free.
    fn follow(&mut self, j: usize, mut p: Places) {
        let t = self.next1[usize::from(p.pi[j])];
        let at = match p.pos[usize::from(t)] {
            FREE => p.put_first(t),
            at => usize::from(at),
        };
        if self.best.offer(9 + j, at as u8 + 1) {
            self.second_row(j + 1, p);
        }
    }

    /// The second row of a pure or mixed pair, without a search: the orders of the columns
    /// that can give its least value, each read whole.
    ///
    /// `next1` sends each column to the column of `r0` its second-row digit comes from (in
    /// another stack: the band's boxes are valid). Whichever stack `a` comes first and column
    /// `π(0)` of it, that source goes next (value 4). A pure pair's three sources of `a` share a
    /// stack, which comes second, in the order of `a`'s columns, and the third stack holds their
    /// sources in turn: the second row starts `456789` for each of the 18 orders, and only its
    /// last three values (`1`, `2`, `3` in some order) differ between them. A mixed
    /// pair's `a` has two columns with sources in one stack `x` and one in the third `y`: the
    /// value 5 needs the two first (either order) and `x` second, then the third column
    /// (value 7, its source first in `y`); `x`'s last column and the order of `y`'s last two
    /// are then free of choice in what is compared so far, and nothing else is: 4 orders for
    /// each `a`. Every order the search (`second_row`) would keep is among these. The fourth
    /// value is known before `y`'s two are ordered (the source of `π(3)`), so a mixed `(u, v)`
    /// whose fourth value is above the best's is not read at all, and when that source is one
    /// of `y`'s two, only the order that puts it first (8, not 9) is read.
    fn least_orders(&mut self, kind: Kind) {
        let src = self.next1;
        for a in 0..3u8 {
            let cols = [3 * a, 3 * a + 1, 3 * a + 2];
            let stack = |c: u8| src[usize::from(c)] / 3;
            if kind == Kind::Pure {
                for order in ORDERS {
                    let mut pi = [0u8; 9];
                    for k in 0..3 {
                        pi[k] = cols[order[k]];
                        pi[3 + k] = src[usize::from(pi[k])];
                        pi[6 + k] = src[usize::from(pi[3 + k])];
                    }
                    self.read_order(&pi);
                }
                continue;
            }
            // The column whose source is alone in its stack, and the two others.
            let single = if stack(cols[0]) == stack(cols[1]) {
                2
            } else if stack(cols[0]) == stack(cols[2]) {
                1
            } else {
                0
            };
            let (p0, p1) = match single {
                0 => (cols[1], cols[2]),
                1 => (cols[0], cols[2]),
                _ => (cols[0], cols[1]),
            };
            let (x, y) = (stack(p0), stack(cols[single]));
            for (u, v) in [(p0, p1), (p1, p0)] {
                let (su, sv, ss) = (src[usize::from(u)], src[usize::from(v)], src[usize::from(cols[single])]);
                let x_last = 3 * x + 3 - su % 3 - sv % 3;
                let others = [3 * y, 3 * y + 1, 3 * y + 2];
                let mut rest = others.iter().filter(|&&c| c != ss);
                let (y0, y1) = (*rest.next().unwrap_or(&0), *rest.next().unwrap_or(&0));
                // The fourth value, known before the order of `y`'s last two: greater than the
                // best's, neither order can be least; 8 only with `t` first of the two (the
                // other order reads 9 there).
                let t = src[usize::from(su)];
                let fourth = match t {
                    _ if t == u => 1,
                    _ if t == v => 2,
                    _ if t == cols[single] => 3,
                    _ if t == ss => 7,
                    _ => 8,
                };
                if self.rows.len >= 2 && (0x4570 | fourth) > self.rows.s[1] >> 20 {
                    self.best.steps += 1;
                    continue;
                }
                for (w, z) in [(y0, y1), (y1, y0)] {
                    if fourth != 8 || w == t {
                        self.read_order(&[u, v, cols[single], su, sv, x_last, ss, w, z]);
                    }
                }
            }
        }
    }

    /// The strings of one order of the columns `pi`: the second row, then the rest.
    fn read_order(&mut self, pi: &[u8; 9]) {
        let mut pos = [0u8; 9];
        for (j, &c) in pi.iter().enumerate() {
            pos[usize::from(c)] = j as u8;
        }
        // Value by value until the first one that differs from the best's: greater, the order
        // is cut; less, the rest is read without compares.
        let best = if self.rows.len >= 2 { self.rows.s[1] } else { u64::MAX };
        let mut second = 0;
        let mut less = false;
        for (j, &c) in pi.iter().enumerate() {
            second = second << 4 | u64::from(pos[usize::from(self.next1[usize::from(c)])] + 1);
            if !less {
                let prefix = best >> (4 * (8 - j));
                if second > prefix {
                    self.best.steps += 1;
                    return;
                }
                less = second < prefix;
            }
        }
        if self.rows.offer(1, second) {
            self.rest(pi, &pos);
        }
    }

    /// Every column placed: the third row, then the other bands in their least order.
    ///
    /// A column holds each digit once, so the six rows of the other bands read six different
    /// values in the first output column: that value alone orders them (each band's rows in
    /// increasing order, the band whose first row is less first), and they are read one by one
    /// until one is greater than the best's.
    fn rest(&mut self, pi: &[u8; 9], pos: &[u8; 9]) {
        let (g, col0) = (&self.grids[self.t], &self.col0);
        // The label of each digit, then each row read through it.
        let mut label = [0u8; 10];
        for d in 1..10 {
            label[d] = pos[usize::from(col0[d])] + 1;
        }
        let read = |r: usize| -> u64 { packed(pi.iter().map(|&c| label[usize::from(g[r * 9 + usize::from(c)])])) };
        let third = read(self.top[2]);
        if !self.rows.offer(2, third) {
            return;
        }
        let band = self.top[0] / 3;
        let c0 = usize::from(pi[0]);
        // Each other band's rows, sorted by their first value (three compares), and that value.
        let mut bands = [([0usize; 3], 0u8); 2];
        for (k, b) in (0..3).filter(|&b| b != band).enumerate() {
            let first = |r: usize| label[usize::from(g[r * 9 + c0])];
            let [mut x, mut y, mut z] = [3 * b, 3 * b + 1, 3 * b + 2];
            if first(y) < first(x) {
                core::mem::swap(&mut x, &mut y);
            }
            if first(z) < first(y) {
                core::mem::swap(&mut y, &mut z);
                if first(y) < first(x) {
                    core::mem::swap(&mut x, &mut y);
                }
            }
            bands[k] = ([x, y, z], first(x));
        }
        if bands[1].1 < bands[0].1 {
            bands.swap(0, 1);
        }
        for (k, &r) in bands.iter().flat_map(|b| &b.0).enumerate() {
            if !self.rows.offer(3 + k, read(r)) {
                return;
            }
        }
    }
}
