//! A second bound for the weighted 9x9 maximum (see `target`): each digit's nine places form a
//! "pattern" (one cell in every row, column and box), and a grid is nine disjoint patterns.
//! Move "one digit per cell" into the objective with a multiplier per cell and what is left
//! falls apart into one independent problem per digit: its best pattern, found by a dynamic
//! programme over the rows (the state is the set of columns used so far, which also tells which
//! boxes of the current band are taken). For multipliers u and any completion,
//!
//! ```text
//!     SCALE * score <= sum of u(cell) + sum over digits of max over patterns
//!                      of sum of (SCALE * digit * weight(cell) - u(cell)) over its cells
//! ```
//!
//! Its best value is the bound of Dantzig-Wolfe's pattern formulation, which on the first five
//! near-empty grids where `target`'s row relaxation stayed 1.5 to 4 points above the optimum
//! was measured within half a point of it (HiGHS on all 46,656 patterns per digit, run by
//! hand; on a few grids found since it is one or two points above, and the search closes the
//! rest: see docs/design.md). A step costs about 25 us, more than the row
//! relaxation's, so `target` calls on it only when its own bound has stalled.

use super::weights::{CELLS, SCALE, SIDE, round, weight};
use crate::exact_cover::deadline::Deadline;

const MASKS: usize = 1 << SIDE;
/// Far below i64 overflow for nine digits of nine cells; marks "no pattern".
const NO_PATTERN: i64 = i64::MIN / 4;
/// The cell multipliers stay within this, so every sum stays exact and far from NO_PATTERN.
const CELL_MULTIPLIER_LIMIT: i64 = 1 << 40;
/// Steps without a lower bound after which [`PatternBound::tighten`] stops early. Measured on
/// make bench-target's sparse and climbed sets: 15 took them 3-15% faster than none (worst
/// grids 27.5 -> 23 ms, 19.5 -> 17 ms); 30 about the same.
const STALL_STEPS: usize = 15;
/// The columns of each stack of boxes.
const STACKS: [u16; 3] = [0b000_000_111, 0b000_111_000, 0b111_000_000];

/// The multipliers (one per cell, in 1/SCALE points) and each digit's best pattern at the
/// multipliers last evaluated.
#[derive(Clone)]
pub struct PatternBound {
    multipliers: [i64; CELLS],
    /// The column of each row in each digit's best pattern (index digit - 1).
    pattern: [[u8; SIDE]; SIDE],
}

impl Default for PatternBound {
    fn default() -> Self {
        PatternBound { multipliers: [0; CELLS], pattern: [[0; SIDE]; SIDE] }
    }
}

impl PatternBound {
    /// The bound (in 1/SCALE points) over the grids within `allowed` (bit d of a cell's mask:
    /// digit d may go there) at the current multipliers; None when some digit has no pattern
    /// at all (no grid is within `allowed`).
    fn evaluate(&mut self, allowed: &[u32; CELLS]) -> Option<i64> {
        let mut value: i64 = self.multipliers.iter().sum();
        for digit in 1..=SIDE {
            let (profit, open) = self.profits(allowed, digit);
            value += best_pattern(&profit, &open, &mut self.pattern[digit - 1])?;
        }
        Some(value)
    }

    /// The digit's profit in each cell at the current multipliers (NO_PATTERN where it may not go)
    /// and the columns open to it in each row.
    fn profits(&self, allowed: &[u32; CELLS], digit: usize) -> ([[i64; SIDE]; SIDE], [u16; SIDE]) {
        let mut profit = [[NO_PATTERN; SIDE]; SIDE];
        let mut open = [0u16; SIDE];
        for (cell, mask) in allowed.iter().enumerate() {
            if mask & (1 << digit) != 0 {
                let (row, col) = (cell / SIDE, cell % SIDE);
                profit[row][col] = SCALE * digit as i64 * weight(cell) - self.multipliers[cell];
                open[row] |= 1 << col;
            }
        }
        (profit, open)
    }

    /// Whether no grid within `allowed` can score `target` or more, and if that is not proven,
    /// the candidates that can still be part of such a grid. Evaluates the bound at the
    /// current multipliers and, while that proves nothing, takes up to `steps` subgradient
    /// steps (Polyak's rule aimed a fifth of a point below `target`: half a point took three
    /// times the nodes on a grid whose bound converges to exactly `target`, a tenth more
    /// again). Any multipliers give a valid bound, so a `None` is a proof; they stay where
    /// they ended, for the next call to start from. A (cell, digit) is dropped from the
    /// candidates when even the best pattern of the digit through the cell leaves the bound
    /// below `SCALE * target` (Lagrangian variable fixing: with a bound a fraction of a point
    /// above the target, most candidates go). Fewer steps are taken once `deadline` passes
    /// (the bound stays valid; the caller sees the deadline passed).
    pub fn tighten(
        &mut self,
        allowed: &[u32; CELLS],
        target: i64,
        steps: usize,
        deadline: &mut Deadline,
    ) -> Option<[u32; CELLS]> {
        let aim = SCALE * target - SCALE / 5;
        // Steps stop once the bound has not fallen for STALL_STEPS steps: it has reached what
        // these multipliers can give (the target is then usually reachable).
        let (mut lowest, mut stalled) = (i64::MAX, 0);
        for _ in 0..steps {
            // A step costs about what 32 DLX nodes do.
            if deadline.tick(32) {
                break;
            }
            let value = self.evaluate(allowed)?;
            if value < SCALE * target {
                return None;
            }
            if value < lowest {
                (lowest, stalled) = (value, 0);
            } else {
                stalled += 1;
                if stalled >= STALL_STEPS {
                    break;
                }
            }
            // How often each cell is covered by the nine patterns, less one.
            let mut excess = [-1i64; CELLS];
            for columns in &self.pattern {
                for (row, &col) in columns.iter().enumerate() {
                    excess[row * SIDE + usize::from(col)] += 1;
                }
            }
            let norm2: i64 = excess.iter().map(|e| e * e).sum();
            if norm2 == 0 {
                // The patterns already form a grid reaching target.
                break;
            }
            // L falls as the multipliers of over-covered cells rise.
            let step = (value - aim) as f64 / norm2 as f64;
            for (u, e) in self.multipliers.iter_mut().zip(excess) {
                *u = (*u + round(step * e as f64)).clamp(-CELL_MULTIPLIER_LIMIT, CELL_MULTIPLIER_LIMIT);
            }
        }
        // The bound where the steps ended, from each digit's best pattern through every cell
        // (the best through a cell of the first row is the digit's best), which the fixing
        // needs anyway.
        let mut through = [[[NO_PATTERN; SIDE]; SIDE]; SIDE];
        let mut best = [NO_PATTERN; SIDE];
        let mut value: i64 = self.multipliers.iter().sum();
        for digit in 1..=SIDE {
            let (profit, open) = self.profits(allowed, digit);
            through[digit - 1] = best_through(&profit, &open);
            best[digit - 1] = through[digit - 1][0].iter().copied().max().unwrap_or(NO_PATTERN);
            if best[digit - 1] == NO_PATTERN {
                return None;
            }
            value += best[digit - 1];
        }
        if value < SCALE * target {
            return None;
        }
        // A grid with `digit` in `cell` has a pattern of the digit through the cell, so its
        // bound is at most `value - (best - via)`: below target once that shortfall exceeds
        // the slack.
        let slack = value - SCALE * target;
        let mut survivors = [0u32; CELLS];
        for (digit, (through, best)) in (1..=SIDE).zip(through.iter().zip(best)) {
            for (cell, survivor) in survivors.iter_mut().enumerate() {
                let via = through[cell / SIDE][cell % SIDE];
                if via != NO_PATTERN && best - via <= slack {
                    *survivor |= 1 << digit;
                }
            }
        }
        Some(survivors)
    }
}

/// The most profitable pattern over the open cells (`open[row]`, bit per column), its columns
/// left in `columns`; None when there is no pattern.
fn best_pattern(profit: &[[i64; SIDE]; SIDE], open: &[u16; SIDE], columns: &mut [u8; SIDE]) -> Option<i64> {
    // best[m]: the best sum over rows 0..popcount(m) using exactly the columns of m. A set's
    // size says which row comes next, and a stack whose used columns outnumber the bands
    // already complete has its box in the current band taken.
    let mut best = [NO_PATTERN; MASKS];
    best[0] = 0;
    for &used in &STATES {
        let used = usize::from(used);
        if best[used] == NO_PATTERN {
            continue;
        }
        for (row, col, next) in placements(used, open) {
            best[next] = best[next].max(best[used] + profit[row][col]);
        }
    }
    let total = best[MASKS - 1];
    if total == NO_PATTERN {
        return None;
    }
    // Walk back: some last column explains each state's best value.
    // (Were none found, the columns would only steer the steps worse: the value stands.)
    let mut used = MASKS - 1;
    for row in (0..SIDE).rev() {
        let Some(col) = (0..SIDE).find(|&col| {
            let before = used & !(1 << col);
            used & 1 << col != 0
                && best[before] != NO_PATTERN
                && open[row] & (1 << col) != 0
                && NEXT_COLUMNS[before] & (1 << col) != 0
                && best[before] + profit[row][col] == best[used]
        }) else {
            break;
        };
        columns[row] = col as u8;
        used &= !(1 << col);
    }
    Some(total)
}

/// The best pattern's profit through each open cell (NO_PATTERN where no pattern passes).
fn best_through(profit: &[[i64; SIDE]; SIDE], open: &[u16; SIDE]) -> [[i64; SIDE]; SIDE] {
    // before[m] as `best_pattern`'s best; after[m]: the best over the rows below
    // popcount(m) given the columns of m are used.
    let mut before = [NO_PATTERN; MASKS];
    let mut after = [NO_PATTERN; MASKS];
    before[0] = 0;
    after[MASKS - 1] = 0;
    for &used in STATES.iter().rev() {
        let used = usize::from(used);
        for (row, col, next) in placements(used, open) {
            if after[next] != NO_PATTERN {
                after[used] = after[used].max(profit[row][col] + after[next]);
            }
        }
    }
    let mut through = [[NO_PATTERN; SIDE]; SIDE];
    for &used in &STATES {
        let used = usize::from(used);
        if before[used] == NO_PATTERN || after[used] == NO_PATTERN {
            continue;
        }
        for (row, col, next) in placements(used, open) {
            if after[next] != NO_PATTERN {
                let via = before[used] + profit[row][col];
                before[next] = before[next].max(via);
                through[row][col] = through[row][col].max(via + after[next]);
            }
        }
    }
    through
}

/// Per set of used columns: the columns the next row (the set's size) may take, unused and
/// with their box in the row's band still free; none once every row has its cell.
const NEXT_COLUMNS: [u16; MASKS] = {
    let mut table = [0u16; MASKS];
    let mut used = 0;
    while used < MASKS - 1 {
        let row = used.count_ones() as usize;
        let mut s = 0;
        while s < 3 {
            if (used as u16 & STACKS[s]).count_ones() == (row / 3) as u32 {
                table[used] |= STACKS[s] & !(used as u16);
            }
            s += 1;
        }
        used += 1;
    }
    table
};

/// How many sets of used columns some rows' cells can reach (below the full set).
const STATE_COUNT: usize = 289;

/// Those sets in increasing order, so a set comes after every set it extends: the DP visits
/// just these (the other 222 sets below 512 break a box).
const STATES: [u16; STATE_COUNT] = {
    let mut reachable = [false; MASKS];
    reachable[0] = true;
    let mut states = [0u16; STATE_COUNT];
    let mut count = 0;
    let mut used = 0;
    while used < MASKS - 1 {
        if reachable[used] {
            states[count] = used as u16;
            count += 1;
            let mut free = NEXT_COLUMNS[used];
            while free != 0 {
                reachable[used | 1 << free.trailing_zeros()] = true;
                free &= free - 1;
            }
        }
        used += 1;
    }
    assert!(count == STATE_COUNT);
    states
};

/// Per set of used columns: its size, the row that comes next (0 for the full set, which has
/// no next column). A table, because `count_ones` compiles to a dozen instructions on the
/// baseline x86-64 target (no POPCNT), and the DP asks it at every state.
const NEXT_ROW: [u8; MASKS] = {
    let mut table = [0u8; MASKS];
    let mut used = 0;
    while used < MASKS - 1 {
        table[used] = used.count_ones() as u8;
        used += 1;
    }
    table
};

/// Where the next row's cell may go once the rows above use the columns of `used`: (row,
/// column, the columns used after it).
fn placements(used: usize, open: &[u16; SIDE]) -> impl Iterator<Item = (usize, usize, usize)> {
    let row = usize::from(NEXT_ROW[used]);
    let mut free = open[row] & NEXT_COLUMNS[used];
    core::iter::from_fn(move || {
        if free == 0 {
            return None;
        }
        let col = free.trailing_zeros() as usize;
        free &= free - 1;
        Some((row, col, used | 1 << col))
    })
}
