//! The row relaxation (see the module above): "one digit per cell" and "each digit once per
//! row" kept, so each row is an assignment problem; "once per column" and "once per box" moved
//! into the objective with multipliers tuned by subgradient steps.

use super::assignment::{self, Assignment, FORBIDDEN, MAX_N};
use super::weights::{CELLS, SCALE, SIDE, round, weight};

/// Subgradient iterations at most, in phases; the step halves after STALE_LIMIT iterations
/// without improvement.
const MAX_ITERATIONS: usize = 400;
const STALE_LIMIT: usize = 5;
/// How much of the last direction a step keeps when the new subgradient turns against it.
const DEFLECTION: f64 = 0.5;
/// Dives for a better incumbent at these subgradient iterations (then every doubling).
const FIRST_DIVE: usize = 8;
/// The column and box multipliers stay within this, far below FORBIDDEN / (4 * SIDE), so a
/// forbidden pair never looks cheap, however long the steps run; the bound stays valid at any
/// multipliers.
const UNIT_MULTIPLIER_LIMIT: i64 = 1 << 30;

/// Reduced cost of every (cell, digit), in 1/SCALE points; FORBIDDEN where not a candidate.
pub(crate) type ReducedCosts = [[i64; SIDE + 1]; CELLS];

/// The Lagrangian relaxation and its multipliers, per (column, digit) and (box, digit), with
/// each row's assignment problem and optimal assignment at the multipliers last evaluated.
pub(crate) struct Relaxation {
    /// Candidate digits of each cell, as bit masks (bit d for digit d).
    allowed: [u32; CELLS],
    column: [[i64; SIDE + 1]; SIDE],
    boxes: [[i64; SIDE + 1]; SIDE],
    /// Each row's open part: its open cells' columns and the digits they share out, in order
    /// (as many of each). A cell whose one candidate no other cell of its row can take (a
    /// given, mostly) is fixed, and its row's assignment problem is only what is left.
    open: [OpenRow; SIDE],
    /// Each open cell's place in its row's open part, FIXED for a fixed cell.
    slot: [u8; CELLS],
    /// Each row's costs at zero multipliers over its open part: the negated scaled profit of
    /// every candidate, FORBIDDEN for every other pair.
    base: [[[i64; MAX_N]; MAX_N]; SIDE],
    costs: [[[i64; MAX_N]; MAX_N]; SIDE],
    rows: [Option<Assignment>; SIDE],
    /// Subgradient state, kept between phases.
    iteration: usize,
    next_dive: usize,
    best: i64,
    step_factor: f64,
    stale: usize,
    /// Set when the steps can lower L no further (or L is attained).
    converged: bool,
    /// The last step's direction (column, then box multipliers), for deflection.
    direction: [f64; UNITS * SIDE],
}

impl Relaxation {
    pub(crate) fn new(allowed: &[u32; CELLS]) -> Self {
        let mut open = [OpenRow { size: 0, columns: [0; MAX_N], digits: [0; MAX_N] }; SIDE];
        let mut slot = [FIXED; CELLS];
        let mut base = [[[FORBIDDEN; MAX_N]; MAX_N]; SIDE];
        for (row, part) in open.iter_mut().enumerate() {
            let cells = &allowed[row * SIDE..(row + 1) * SIDE];
            let fixed = |col: usize| {
                let mask = cells[col];
                mask.count_ones() == 1 && cells.iter().enumerate().all(|(other, m)| other == col || m & mask == 0)
            };
            let mut taken = 0u32;
            for col in 0..SIDE {
                if fixed(col) {
                    taken |= cells[col];
                } else {
                    part.columns[part.size] = col as u8;
                    slot[row * SIDE + col] = part.size as u8;
                    part.size += 1;
                }
            }
            let mut digits = 0;
            for digit in (1..=SIDE).filter(|&d| taken & (1 << d) == 0) {
                part.digits[digits] = digit as u8;
                digits += 1;
            }
            debug_assert_eq!(digits, part.size);
            for (i, &col) in part.columns[..part.size].iter().enumerate() {
                let cell = row * SIDE + usize::from(col);
                for (j, &digit) in part.digits[..part.size].iter().enumerate() {
                    if allowed[cell] & (1 << digit) != 0 {
                        base[row][i][j] = -SCALE * weight(cell) * i64::from(digit);
                    }
                }
            }
        }
        Relaxation {
            allowed: *allowed,
            open,
            slot,
            base,
            column: [[0; SIDE + 1]; SIDE],
            boxes: [[0; SIDE + 1]; SIDE],
            costs: [[[FORBIDDEN; MAX_N]; MAX_N]; SIDE],
            rows: [None; SIDE],
            iteration: 0,
            next_dive: FIRST_DIVE,
            best: i64::MAX,
            step_factor: 1.0,
            stale: 0,
            converged: false,
            direction: [0.0; UNITS * SIDE],
        }
    }

    /// The relaxation's value L (in 1/SCALE points) at the current multipliers; leaves each
    /// row's costs and optimal assignment (warm-started from the last one) in place.
    fn evaluate(&mut self) -> i64 {
        let mut value: i64 = self.column.iter().chain(&self.boxes).flat_map(|m| &m[1..]).sum();
        for row in 0..SIDE {
            let part = &self.open[row];
            // The fixed cells' costs, then the open part's assignment problem, as costs:
            // negated scaled profits. A pair that is no candidate keeps a cost near FORBIDDEN
            // (the multipliers are far smaller).
            for col in (0..SIDE).filter(|&col| part.size < SIDE && self.slot[row * SIDE + col] == FIXED) {
                let cell = row * SIDE + col;
                let digit = self.allowed[cell].trailing_zeros() as usize;
                let profit = SCALE * weight(cell) * digit as i64
                    - self.column[col][digit]
                    - self.boxes[(row / 3) * 3 + col / 3][digit];
                value += profit;
            }
            if part.size == 0 {
                continue;
            }
            let cost = &mut self.costs[row];
            for (i, &col) in part.columns[..part.size].iter().enumerate() {
                let col = usize::from(col);
                let (base, column) = (&self.base[row][i], &self.column[col]);
                let boxes = &self.boxes[(row / 3) * 3 + col / 3];
                if part.size == SIDE {
                    // No cell fixed (most rows of a sparse grid): every digit, in order.
                    for digit in 0..SIDE {
                        cost[i][digit] = base[digit] + column[digit + 1] + boxes[digit + 1];
                    }
                } else {
                    for (j, &digit) in part.digits[..part.size].iter().enumerate() {
                        let digit = usize::from(digit);
                        cost[i][j] = base[j] + column[digit] + boxes[digit];
                    }
                }
            }
            let solved = assignment::solve_from(cost, part.size, self.rows[row].as_ref());
            value -= solved.cost;
            self.rows[row] = Some(solved);
        }
        value
    }

    /// The digit each cell takes in the rows' last optimal assignments (a fixed cell, its one
    /// candidate).
    fn placed(&self, cell: usize) -> usize {
        let row = cell / SIDE;
        match self.slot[cell] {
            FIXED => self.allowed[cell].trailing_zeros() as usize,
            slot => self.rows[row].map_or(0, |a| usize::from(self.open[row].digits[a.column_of[usize::from(slot)]])),
        }
    }

    /// Whether more steps can no longer lower L.
    pub(crate) fn exhausted(&self) -> bool {
        self.converged || self.iteration >= MAX_ITERATIONS
    }

    /// Lowers L by up to `iterations` more subgradient steps (Polyak's rule towards the
    /// incumbent), leaves the best multipliers so far evaluated, and returns their L. Stops
    /// early once L proves the incumbent optimal, or when the rows' assignments already form a
    /// valid grid (L is then reached). `dive` is given reduced costs now and then and returns
    /// the best score known so far.
    pub(crate) fn minimise(&mut self, mut incumbent: i64, iterations: usize, mut dive: impl FnMut(&ReducedCosts) -> i64) -> i64 {
        let (mut best_column, mut best_boxes) = (self.column, self.boxes);
        // Whether the multipliers are the best so far and the rows were last solved at them (so
        // at the start: the last phase ended there). Comparing the multipliers is not enough:
        // two steps can come back to the best ones exactly, with the rows solved in between.
        let mut at_best = true;
        let end = (self.iteration + iterations).min(MAX_ITERATIONS);
        while self.iteration < end && !self.converged {
            self.iteration += 1;
            let value = self.evaluate();
            at_best = value < self.best;
            if at_best {
                self.best = value;
                (best_column, best_boxes) = (self.column, self.boxes);
                self.stale = 0;
            } else {
                self.stale += 1;
                if self.stale >= STALE_LIMIT {
                    self.step_factor /= 2.0;
                    self.stale = 0;
                    // The old direction led nowhere: start again from the subgradient.
                    self.direction = [0.0; UNITS * SIDE];
                }
            }
            if self.iteration == self.next_dive {
                incumbent = dive(&self.reduced_costs());
                self.next_dive *= 2;
            }
            if self.best.div_euclid(SCALE) <= incumbent {
                break;
            }
            if self.step_factor < 1e-3 {
                self.converged = true;
                break;
            }
            let subgradient = self.subgradient();
            if subgradient.norm2 == 0 {
                self.converged = true;
                break;
            }
            let gap = (value as f64 / SCALE as f64 - incumbent as f64).max(1.0);
            self.take_step(self.step_factor * gap * SCALE as f64, &subgradient);
            at_best = false;
        }
        if !at_best {
            (self.column, self.boxes) = (best_column, best_boxes);
            let value = self.evaluate();
            debug_assert_eq!(value, self.best);
        }
        self.best
    }

    /// How far the rows' last optimal assignments are from a valid grid: per column and box,
    /// 1 - (times each digit is placed there), and the sum of their squares.
    fn subgradient(&self) -> Subgradient {
        let mut g = Subgradient { slope: [1; UNITS * SIDE], norm2: 0 };
        for cell in 0..CELLS {
            let (r, c, digit) = (cell / SIDE, cell % SIDE, self.placed(cell) - 1);
            g.slope[c * SIDE + digit] -= 1;
            g.slope[(SIDE + (r / 3) * 3 + c / 3) * SIDE + digit] -= 1;
        }
        g.norm2 = g.slope.iter().map(|&n| n * n).sum();
        g
    }

    /// Moves the multipliers against `g` deflected by the last direction (Camerini, Fratta and
    /// Maffioli), by `scaled / |d|^2` per unit of the direction d (Polyak's rule: `scaled` is
    /// how far, in 1/SCALE points, L should fall).
    fn take_step(&mut self, scaled: f64, g: &Subgradient) {
        let (mut dot, mut old2) = (0.0, 0.0);
        for (d, &s) in self.direction.iter().zip(&g.slope) {
            dot += d * s as f64;
            old2 += d * d;
        }
        let beta = if dot < 0.0 && old2 > 0.0 { -DEFLECTION * dot / old2 } else { 0.0 };
        let mut norm2 = 0.0;
        for (d, &s) in self.direction.iter_mut().zip(&g.slope) {
            *d = s as f64 + beta * *d;
            norm2 += *d * *d;
        }
        let step = scaled / norm2;
        for (unit, direction) in self.direction.chunks_exact(SIDE).enumerate() {
            let m = if unit < SIDE { &mut self.column[unit] } else { &mut self.boxes[unit - SIDE] };
            for (m, d) in m[1..].iter_mut().zip(direction) {
                // Any multipliers give a valid bound; the clamp keeps them, whatever the steps
                // do, far from FORBIDDEN's scale.
                *m = (*m - round(step * d)).clamp(-UNIT_MULTIPLIER_LIMIT, UNIT_MULTIPLIER_LIMIT);
            }
        }
    }

    /// Every (cell, digit)'s reduced cost at the multipliers last evaluated (0 for a fixed
    /// cell's digit).
    pub(crate) fn reduced_costs(&self) -> ReducedCosts {
        self.per_pair(|solved, cost, size| {
            let mut reduced = [[FORBIDDEN; MAX_N]; MAX_N];
            for (i, costs) in reduced.iter_mut().enumerate().take(size) {
                for (j, c) in costs.iter_mut().enumerate().take(size) {
                    *c = solved.reduced_cost(cost, i, j);
                }
            }
            reduced
        })
    }

    /// Every (cell, digit)'s exact penalty at the multipliers last evaluated: how much L falls,
    /// at least, for any completion that puts `digit` in `cell` (its row's assignment forced
    /// there, `Assignment::penalties`; 0 for a fixed cell's digit). Never below the reduced
    /// cost, often above it; a completion's reduced costs sum to at least the penalty of each
    /// of its pairs (its row's share alone does), so a pair whose penalty exceeds a search's
    /// limit is never built.
    pub(super) fn penalties(&self) -> ReducedCosts {
        self.per_pair(|solved, cost, size| solved.penalties(cost, size))
    }

    /// A table of every candidate (cell, digit): 0 for a fixed cell's digit, else what `of`
    /// gives for its place in its row's open part (from the row's assignment, its costs and the
    /// part's size), FORBIDDEN for every other pair.
    fn per_pair(
        &self,
        of: impl Fn(&Assignment, &[[i64; MAX_N]; MAX_N], usize) -> [[i64; MAX_N]; MAX_N],
    ) -> ReducedCosts {
        let mut table = [[FORBIDDEN; SIDE + 1]; CELLS];
        for (row, part) in self.open.iter().enumerate() {
            let values = self.rows[row].map(|solved| of(&solved, &self.costs[row], part.size));
            for col in 0..SIDE {
                let cell = row * SIDE + col;
                if self.slot[cell] == FIXED {
                    table[cell][self.allowed[cell].trailing_zeros() as usize] = 0;
                    continue;
                }
                let Some(values) = &values else { continue };
                let i = usize::from(self.slot[cell]);
                for (j, &digit) in part.digits[..part.size].iter().enumerate() {
                    if self.allowed[cell] & (1 << digit) != 0 {
                        table[cell][usize::from(digit)] = values[i][j];
                    }
                }
            }
        }
        table
    }
}

/// A row's open part: see [`Relaxation::open`].
#[derive(Clone, Copy)]
struct OpenRow {
    size: usize,
    columns: [u8; MAX_N],
    digits: [u8; MAX_N],
}

/// The slot of a fixed cell.
const FIXED: u8 = u8::MAX;

/// A subgradient of L: see [`Relaxation::subgradient`].
struct Subgradient {
    /// Per column then per box, per digit 1..=9.
    slope: [i64; UNITS * SIDE],
    norm2: i64,
}

/// Columns and boxes: the units whose constraints carry multipliers.
const UNITS: usize = 2 * SIDE;
