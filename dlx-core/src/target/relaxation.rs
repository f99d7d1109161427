//! The row relaxation (see the module above): "one digit per cell" and "each digit once per
//! row" kept, so each row is an assignment problem; "once per column" and "once per box" moved
//! into the objective with multipliers tuned by subgradient steps.

use super::assignment::{self, Assignment, FORBIDDEN, MAX_N};
use super::weights::{CELLS, SCALE, SIDE, round, weight};

/// Subgradient iterations at most, in phases; the step halves after STALE_LIMIT iterations
/// without improvement.
const MAX_ITERATIONS: usize = 400;
const STALE_LIMIT: usize = 5;
/// Dives for a better incumbent at these subgradient iterations (then every doubling).
const FIRST_DIVE: usize = 8;
/// The column and box multipliers stay within this, far below FORBIDDEN / (4 * SIDE), so a
/// forbidden pair never looks cheap, however long the steps run; the bound stays valid at any
/// multipliers.
const UNIT_MULTIPLIER_LIMIT: i64 = 1 << 30;

/// Reduced cost of every (cell, digit), in 1/SCALE points; FORBIDDEN where not a candidate.
pub(super) type ReducedCosts = [[i64; SIDE + 1]; CELLS];

/// The Lagrangian relaxation and its multipliers, per (column, digit) and (box, digit), with
/// each row's assignment problem and optimal assignment at the multipliers last evaluated.
pub(super) struct Relaxation {
    /// Candidate digits of each cell, as bit masks (bit d for digit d).
    allowed: [u32; CELLS],
    column: [[i64; SIDE + 1]; SIDE],
    boxes: [[i64; SIDE + 1]; SIDE],
    /// Each row's costs at zero multipliers: the negated scaled profit of every candidate,
    /// FORBIDDEN for every other pair.
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
}

impl Relaxation {
    pub(super) fn new(allowed: &[u32; CELLS]) -> Self {
        let mut base = [[[FORBIDDEN; MAX_N]; MAX_N]; SIDE];
        for (cell, &candidates) in allowed.iter().enumerate() {
            for digit in 1..=SIDE {
                if candidates & (1 << digit) != 0 {
                    base[cell / SIDE][cell % SIDE][digit - 1] = -SCALE * weight(cell) * digit as i64;
                }
            }
        }
        Relaxation {
            allowed: *allowed,
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
        }
    }

    /// The relaxation's value L (in 1/SCALE points) at the current multipliers; leaves each
    /// row's costs and optimal assignment (warm-started from the last one) in place.
    fn evaluate(&mut self) -> i64 {
        let mut value: i64 = self.column.iter().chain(&self.boxes).flat_map(|m| &m[1..]).sum();
        for row in 0..SIDE {
            // The row's assignment problem, as costs: negated scaled profits. A pair that is
            // no candidate keeps a cost near FORBIDDEN (the multipliers are far smaller).
            let cost = &mut self.costs[row];
            for (col, costs) in cost.iter_mut().enumerate() {
                let (base, column) = (&self.base[row][col], &self.column[col][1..]);
                let boxes = &self.boxes[(row / 3) * 3 + col / 3][1..];
                for digit in 0..SIDE {
                    costs[digit] = base[digit] + column[digit] + boxes[digit];
                }
            }
            let solved = assignment::solve_from(cost, SIDE, self.rows[row].as_ref());
            value -= solved.cost;
            self.rows[row] = Some(solved);
        }
        value
    }

    /// The digit each cell takes in the rows' last optimal assignments.
    fn placed(&self, cell: usize) -> usize {
        self.rows[cell / SIDE].map_or(0, |a| a.column_of[cell % SIDE] + 1)
    }

    /// Whether more steps can no longer lower L.
    pub(super) fn exhausted(&self) -> bool {
        self.converged || self.iteration >= MAX_ITERATIONS
    }

    /// Lowers L by up to `iterations` more subgradient steps (Polyak's rule towards the
    /// incumbent), leaves the best multipliers so far evaluated, and returns their L. Stops
    /// early once L proves the incumbent optimal, or when the rows' assignments already form a
    /// valid grid (L is then reached). `dive` is given reduced costs now and then and returns
    /// the best score known so far.
    pub(super) fn minimise(&mut self, mut incumbent: i64, iterations: usize, mut dive: impl FnMut(&ReducedCosts) -> i64) -> i64 {
        let (mut best_column, mut best_boxes) = (self.column, self.boxes);
        let end = (self.iteration + iterations).min(MAX_ITERATIONS);
        while self.iteration < end && !self.converged {
            self.iteration += 1;
            let value = self.evaluate();
            if value < self.best {
                self.best = value;
                (best_column, best_boxes) = (self.column, self.boxes);
                self.stale = 0;
            } else {
                self.stale += 1;
                if self.stale >= STALE_LIMIT {
                    self.step_factor /= 2.0;
                    self.stale = 0;
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
        }
        if (self.column, self.boxes) != (best_column, best_boxes) {
            (self.column, self.boxes) = (best_column, best_boxes);
            self.evaluate();
        }
        self.best
    }

    /// How far the rows' last optimal assignments are from a valid grid: per column and box,
    /// 1 - (times each digit is placed there), and the sum of their squares.
    fn subgradient(&self) -> Subgradient {
        let mut g = Subgradient { column: [[1; SIDE + 1]; SIDE], boxes: [[1; SIDE + 1]; SIDE], norm2: 0 };
        for cell in 0..CELLS {
            let (r, c, digit) = (cell / SIDE, cell % SIDE, self.placed(cell));
            g.column[c][digit] -= 1;
            g.boxes[(r / 3) * 3 + c / 3][digit] -= 1;
        }
        g.norm2 = g.column.iter().chain(&g.boxes).flat_map(|m| &m[1..]).map(|&n| n * n).sum();
        g
    }

    /// Moves the multipliers against `g`, by `scaled / |g|^2` per unit of `g` (Polyak's
    /// rule: `scaled` is how far, in 1/SCALE points, L should fall).
    fn take_step(&mut self, scaled: f64, g: &Subgradient) {
        let step = scaled / g.norm2 as f64;
        for (multipliers, slopes) in [(&mut self.column, &g.column), (&mut self.boxes, &g.boxes)] {
            for (m, slope) in multipliers.iter_mut().zip(slopes) {
                for digit in 1..=SIDE {
                    // Any multipliers give a valid bound; the clamp keeps them, whatever the
                    // steps do, far from FORBIDDEN's scale.
                    m[digit] = (m[digit] - round(step * slope[digit] as f64))
                        .clamp(-UNIT_MULTIPLIER_LIMIT, UNIT_MULTIPLIER_LIMIT);
                }
            }
        }
    }

    /// Every (cell, digit)'s reduced cost at the multipliers last evaluated.
    pub(super) fn reduced_costs(&self) -> ReducedCosts {
        let mut reduced = [[FORBIDDEN; SIDE + 1]; CELLS];
        for (row, solved) in self.rows.iter().enumerate() {
            let Some(solved) = solved else { continue };
            for col in 0..SIDE {
                let cell = row * SIDE + col;
                for digit in 1..=SIDE {
                    if self.allowed[cell] & (1 << digit) != 0 {
                        reduced[cell][digit] = solved.reduced_cost(&self.costs[row], col, digit - 1);
                    }
                }
            }
        }
        reduced
    }

    /// Every (cell, digit)'s exact penalty at the multipliers last evaluated: how much L falls,
    /// at least, for any completion that puts `digit` in `cell` (its row's assignment forced
    /// there, `Assignment::penalties`). Never below the reduced cost, often above it; a
    /// completion's reduced costs sum to at least the penalty of each of its pairs (its row's
    /// share alone does), so a pair whose penalty exceeds a search's limit is never built.
    pub(super) fn penalties(&self) -> ReducedCosts {
        let mut penalty = [[FORBIDDEN; SIDE + 1]; CELLS];
        for (row, solved) in self.rows.iter().enumerate() {
            let Some(solved) = solved else { continue };
            let forced = solved.penalties(&self.costs[row], SIDE);
            for col in 0..SIDE {
                let cell = row * SIDE + col;
                for digit in 1..=SIDE {
                    if self.allowed[cell] & (1 << digit) != 0 {
                        penalty[cell][digit] = forced[col][digit - 1];
                    }
                }
            }
        }
        penalty
    }
}

/// A subgradient of L: see [`Relaxation::subgradient`].
struct Subgradient {
    column: [[i64; SIDE + 1]; SIDE],
    boxes: [[i64; SIDE + 1]; SIDE],
    norm2: i64,
}
