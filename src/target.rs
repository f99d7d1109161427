//! Target Sudoku (CSU 1605, NOIP 2009 "target sudoku"): the largest weighted score over every
//! completion of a 9x9 grid, proven by branch and bound on the DLX engine.
//!
//! The bound is a Lagrangian relaxation of the 0/1 (cell, digit) model: keep "one digit per
//! cell" and "each digit once per row", so each row is a 9x9 assignment problem (solved by the
//! Hungarian method); move "each digit once per column" and "once per box" into the objective
//! with multipliers, tuned by subgradient steps. For any multipliers and any completion x,
//!
//! ```text
//!     SCALE * score(x) = L - sum over cells of rc(cell, x[cell])
//! ```
//!
//! exactly, where L is the relaxation's value and rc >= 0 the rows' reduced costs (see
//! `assignment`). Multipliers are integers in units of 1/SCALE point, so this is integer
//! arithmetic with nothing rounded: seeking a completion of score >= T is seeking one whose
//! reduced costs sum to at most `L - SCALE * T`. Options whose reduced cost alone exceeds that
//! are never built, the rest are tried cheapest first, and a search node is cut when its
//! chosen options' reduced costs, plus the cheapest remaining option of every open item of one
//! family (cells, row-digits, box-digits or column-digits, whichever sums highest), exceed it.
//!
//! The answer: a first completion from a plain search (or none: unsolvable); subgradient steps
//! in phases, with "dives" (first completion in reduced-cost order) that raise the incumbent
//! and may prove it optimal at once; then targets from the bound downwards and, if a few find
//! nothing, one exhaustive branch and bound between the incumbent and the last target. Those
//! searches get a node budget while the bound can still be tightened: a search that runs out
//! asks for another phase of steps instead. Once the bound is as tight as it gets, a search
//! gets one more budget on the quick bound, and if it runs out the stronger pattern bound
//! (`patterns`: one multiplier per cell, each digit's best placement by dynamic programming)
//! takes over. It first tries to rule the search's target out at the root; failing that, the
//! search starts again with every open option built (not only those within the root's
//! reduced-cost limit), branching as the 16x16 solver does (failure weights and probing), and
//! every node the quick bound keeps is bounded again by the pattern bound (a few steps from
//! wherever the previous node left its multipliers), which also drops the options no grid
//! reaching the target can use there. That costs about a hundred microseconds a node, but on
//! grids whose few clues crowd one corner, where the row relaxation stays 1.5 to 4 points
//! above the optimum and the quick bound blind for tens of millions of nodes, the pattern
//! bound is mostly within half a point of the optimum and settles them at the root or in a few
//! hundred nodes (see fuzz/regressions). Every path ends in a proof.

use core::cell::Cell;
use core::mem::MaybeUninit;

use crate::Error;
use crate::assignment::{self, Assignment, FORBIDDEN, MAX_N};
use crate::engine::{Choice, Flow};
use crate::patterns::PatternBound;
use crate::sudoku::{self, Engine9, Shape, max_nodes};

pub const CELLS: usize = 81;
const SIDE: usize = 9;
const NODES9: usize = max_nodes(SIDE);

/// Multiplier resolution: one point is SCALE units.
pub const SCALE: i64 = 1 << 10;
/// Subgradient iterations at most, in phases; the step halves after STALE_LIMIT iterations
/// without improvement.
const MAX_ITERATIONS: usize = 400;
const PHASE_ITERATIONS: usize = 50;
/// Search nodes a phase's searches may take before a tighter bound is sought instead.
const NODE_BUDGET: u64 = 800;
const STALE_LIMIT: usize = 5;
/// Targets tried one by one below the bound before one exhaustive branch and bound.
const DESCENT_STEPS: i64 = 3;
/// Dives for a better incumbent at these subgradient iterations (then every doubling).
const FIRST_DIVE: usize = 8;
/// A reduced-cost limit that cuts nothing (sums of 81 finite reduced costs stay far below).
const UNLIMITED: i64 = i64::MAX / 4;
/// Nodes a search with the quick bound alone may take, once the bound is as tight as it gets,
/// before the pattern bound takes over.
const QUICK_BUDGET: u64 = 20_000;
/// Multipliers stay within this, far below FORBIDDEN / (4 * SIDE), so a forbidden pair never
/// looks cheap, however long the steps run; the bound stays valid at any multipliers.
const MULTIPLIER_LIMIT: i64 = 1 << 30;
/// Pattern-bound steps at a node of such a search (more measured no faster: nodes fell less
/// than the steps cost).
const NODE_STEPS: usize = 10;
/// Pattern-bound steps at the root before such a search (about 25 us each): the grids it was
/// made for needed 140 to 370 to prove their optimum; where it cannot, the search's nodes take
/// the steps further anyway (2,000 here measured 30% slower over 300 near-empty grids).
const ROOT_PATTERN_STEPS: usize = 400;

/// A 9x9 grid, row-major: 0 blank, 1..=9 a digit.
pub type Grid = [u8; CELLS];

/// The best completion and how it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub score: i32,
    pub grid: Grid,
    /// Search nodes over every search of the call.
    pub nodes: u64,
    /// Of those, the nodes searched with the strong (pattern) bound.
    pub strong_nodes: u64,
    /// The Lagrangian bound, in points, rounded down.
    pub bound: i64,
}

/// 10 at the centre, then 9, 8, 7 and 6 on the rings around it.
pub const fn weight(cell: usize) -> i64 {
    let (r, c) = ((cell / SIDE) as i64, (cell % SIDE) as i64);
    let ring = if (r - 4).abs() > (c - 4).abs() { (r - 4).abs() } else { (c - 4).abs() };
    10 - ring
}

/// The weighted score of a complete grid.
pub fn score(grid: &Grid) -> i64 {
    grid.iter().enumerate().map(|(cell, &d)| weight(cell) * i64::from(d)).sum()
}

/// The maximum score over all completions of `cells`, with a completion that reaches it (the
/// same on every call). [`Error::Unsolvable`] when there is none, [`Error::Cell`] for a
/// value above 9.
pub fn target_max(cells: &Grid) -> Result<Outcome, Error> {
    target_max_with(cells, QUICK_BUDGET)
}

/// [`target_max`] with the quick bound's node budget, once the root bound is settled, set by
/// the caller. 0 puts the strong bound on every search after the dives, settled or not (the
/// tests use it so that its answers are checked on many grids, not only on the few that need
/// it).
pub fn target_max_with(cells: &Grid, quick_budget: u64) -> Result<Outcome, Error> {
    let mut allowed = [0; CELLS];
    allowed.copy_from_slice(&sudoku::candidates(Shape::NINE, cells)?[..CELLS]);
    let mut slot = MaybeUninit::uninit();
    let engine = Engine9::zeroed_in(&mut slot);
    branch_for(engine, false);
    engine.set_reductions_after(u64::MAX);

    let mut best = *cells;
    let mut strong_nodes = 0;
    let mut nodes = sudoku::solve(engine, Shape::NINE, &mut best)?.nodes;
    let mut best_score = score(&best);

    let mut relaxation = Relaxation::new(&allowed);
    let mut patterns = PatternBound::default();
    loop {
        // More subgradient steps, then a search on budget; a search that runs out of budget
        // asks for a tighter bound first. Once the bound can improve no more, the search runs
        // to the end, so the loop always ends in a proof.
        let bound = relaxation.minimise(best_score, PHASE_ITERATIONS, |reduced| {
            // A dive: the first completion in reduced-cost order, usually close to the
            // optimum. A better incumbent steers the steps and may prove itself optimal.
            let search = Search { engine: &mut *engine, cells, allowed: &allowed, reduced, value: 0, strong: None };
            let run = search.run(UNLIMITED, false, u64::MAX);
            nodes += run.nodes;
            if let Some(grid) = run.found.filter(|g| score(g) > best_score) {
                best = grid;
                best_score = score(&grid);
            }
            best_score
        });
        let top = bound.div_euclid(SCALE);
        let exhausted = relaxation.exhausted();
        let reduced = relaxation.reduced_costs();
        // A search to `limit` on the quick bound alone, on budget while the bound can still
        // improve. Once it cannot, a quick search that runs long gives way to the pattern
        // bound: at the root, then in a search with no budget, so the loop always ends in a
        // proof.
        let mut search = |engine: &mut Engine9, limit: i64, exhaustive: bool| {
            let mut quick_nodes = 0;
            if quick_budget > 0 {
                let quick = Search {
                    engine: &mut *engine,
                    cells,
                    allowed: &allowed,
                    reduced: &reduced,
                    value: bound,
                    strong: None,
                };
                let run = quick.run(limit, exhaustive, if exhausted { quick_budget } else { NODE_BUDGET });
                if run.complete || !exhausted {
                    return run;
                }
                quick_nodes = run.nodes;
            }
            let target = score_within(bound, limit);
            if patterns.rules_out(&allowed, target, ROOT_PATTERN_STEPS) {
                return SearchRun { found: None, nodes: quick_nodes, complete: true };
            }
            let mut at_node = patterns.clone();
            let strong = Search {
                engine,
                cells,
                allowed: &allowed,
                reduced: &reduced,
                value: bound,
                strong: Some(&mut at_node),
            };
            let proof = strong.run(limit, exhaustive, u64::MAX);
            strong_nodes += proof.nodes;
            SearchRun { nodes: quick_nodes + proof.nodes, ..proof }
        };
        let mut complete = true;
        let mut target = top;
        // Targets from the bound down: the first that is reached is the optimum.
        while complete && target > best_score && top - target < DESCENT_STEPS {
            let run = search(engine, bound - SCALE * target, false);
            nodes += run.nodes;
            complete = run.complete;
            if let Some(grid) = run.found {
                best = grid;
                best_score = score(&grid);
                target = best_score;
            } else if complete {
                target -= 1;
            }
        }
        if complete && target > best_score {
            // The targets found nothing: search everything between them and the incumbent.
            let run = search(engine, bound - SCALE * (best_score + 1), true);
            nodes += run.nodes;
            complete = run.complete;
            if let Some(grid) = run.found {
                best = grid;
                best_score = score(&grid);
            }
        }
        if complete {
            debug_assert_eq!(score(&best), best_score);
            return Ok(Outcome { score: best_score as i32, grid: best, nodes, strong_nodes, bound: top });
        }
    }
}

/// Reduced cost of every (cell, digit), in 1/SCALE points; FORBIDDEN where not a candidate.
type ReducedCosts = [[i64; SIDE + 1]; CELLS];

/// The Lagrangian relaxation and its multipliers, per (column, digit) and (box, digit), with
/// each row's assignment problem and optimal assignment at the multipliers last evaluated.
struct Relaxation {
    /// Candidate digits of each cell, as bit masks (bit d for digit d).
    allowed: [u32; CELLS],
    column: [[i64; SIDE + 1]; SIDE],
    boxes: [[i64; SIDE + 1]; SIDE],
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
    fn new(allowed: &[u32; CELLS]) -> Self {
        Relaxation {
            allowed: *allowed,
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
            // The row's assignment problem, as costs: negated scaled profits.
            let cost = &mut self.costs[row];
            for (col, costs) in cost.iter_mut().enumerate() {
                let cell = row * SIDE + col;
                let bx = (row / 3) * 3 + col / 3;
                for digit in 1..=SIDE {
                    costs[digit - 1] = if self.allowed[cell] & (1 << digit) != 0 {
                        let profit =
                            SCALE * weight(cell) * digit as i64 - self.column[col][digit] - self.boxes[bx][digit];
                        -profit
                    } else {
                        FORBIDDEN
                    };
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
    fn exhausted(&self) -> bool {
        self.converged || self.iteration >= MAX_ITERATIONS
    }

    /// Lowers L by up to `iterations` more subgradient steps (Polyak's rule towards the
    /// incumbent), leaves the best multipliers so far evaluated, and returns their L. Stops
    /// early once L proves the incumbent optimal, or when the rows' assignments already form a
    /// valid grid (L is then reached). `dive` is given reduced costs now and then and returns
    /// the best score known so far.
    fn minimise(&mut self, mut incumbent: i64, iterations: usize, mut dive: impl FnMut(&ReducedCosts) -> i64) -> i64 {
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
                    m[digit] = (m[digit] - (step * slope[digit] as f64).round() as i64)
                        .clamp(-MULTIPLIER_LIMIT, MULTIPLIER_LIMIT);
                }
            }
        }
    }

    /// Every (cell, digit)'s reduced cost at the multipliers last evaluated.
    fn reduced_costs(&self) -> ReducedCosts {
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
}

/// A subgradient of L: see [`Relaxation::subgradient`].
struct Subgradient {
    column: [[i64; SIDE + 1]; SIDE],
    boxes: [[i64; SIDE + 1]; SIDE],
    norm2: i64,
}

/// One branch and bound over the completions whose reduced costs sum to at most a limit.
struct Search<'e, 'a> {
    engine: &'e mut Engine9,
    cells: &'a Grid,
    allowed: &'a [u32; CELLS],
    reduced: &'a ReducedCosts,
    /// L at the multipliers that gave `reduced` (SCALE * score = L - the reduced costs' sum).
    value: i64,
    /// With the pattern bound, every node the quick bound keeps is bounded again by it,
    /// re-optimised at that node, and loses the options it rules out: far fewer nodes where
    /// near-zero reduced costs leave the quick bound blind (grids with a few clues in one
    /// corner), but each node costs many times more.
    strong: Option<&'e mut PatternBound>,
}

impl Search<'_, '_> {
    /// Returns the completion found (the first if not `exhaustive`; else the best, each find
    /// lowering the limit so that only a strictly better one is sought), the nodes searched,
    /// and whether the search ended within `budget` nodes (if not, finding nothing proves
    /// nothing).
    fn run(self, limit: i64, exhaustive: bool, budget: u64) -> SearchRun {
        let Search { engine, cells, allowed, reduced, value, mut strong } = self;
        // Options within the limit, cheapest first, so every item's list is in that order.
        let mut options = [(0i64, 0u8, 0u8); CELLS * SIDE];
        // The strong search builds every option (see the module comment).
        let build_limit = if strong.is_some() { UNLIMITED } else { limit };
        let mut count = 0;
        for cell in 0..CELLS {
            for digit in 1..=SIDE as u8 {
                if allowed[cell] & (1 << digit) != 0 && reduced[cell][usize::from(digit)] <= build_limit {
                    options[count] = (reduced[cell][usize::from(digit)], cell as u8, digit);
                    count += 1;
                }
            }
        }
        options[..count].sort_unstable();
        let chosen = options[..count].iter().map(|&(_, cell, digit)| (usize::from(cell), digit));
        if sudoku::build(engine, Shape::NINE, cells, chosen).is_err() {
            // A given is beyond the limit: nothing is within it.
            return SearchRun { found: None, nodes: 0, complete: true };
        }

        // Each option's reduced cost by its index. Every item's list is in the order the
        // options were added, cheapest first, so its top option is its cheapest.
        let mut cost = [0i64; NODES9];
        for item in 1..=CELLS {
            for option in engine.options_of(item) {
                let (cell, digit) = sudoku::option_cell_digit(engine, Shape::NINE, option);
                cost[option.index()] = reduced[cell][usize::from(digit)];
            }
        }
        let limit = Cell::new(limit);
        let visits = Cell::new(0u64);
        let spent = |e: &Engine9| e.chosen().map(|o| cost[o.index()]).sum::<i64>();
        let mut found = None;
        branch_for(engine, strong.is_some());
        let stats = engine.search_pruned(
            |e| {
                visits.set(visits.get() + 1);
                if visits.get() > budget {
                    return false;
                }
                if limit.get() >= UNLIMITED {
                    return true;
                }
                // Every open item still needs exactly one option, and every option covers one
                // item of each family (cells, row-digits, box-digits, column-digits): so each
                // family's sum of cheapest options is a lower bound on what is left to spend.
                let mut open = [0i64; 4];
                for item in e.active_items() {
                    if let Some(top) = e.first_option_of(item) {
                        open[((item - 1) / CELLS).min(3)] += cost[top.index()];
                    }
                }
                if spent(e) + open.iter().max().unwrap_or(&0) > limit.get() {
                    return false;
                }
                match strong.as_deref_mut() {
                    Some(patterns) => {
                        let target = score_within(value, limit.get());
                        let candidates = node_candidates(e, cells);
                        let Some(survivors) = patterns.tighten(&candidates, target, NODE_STEPS) else {
                            return false;
                        };
                        if candidates.iter().zip(&survivors).any(|(c, s)| c & s == 0) {
                            // Some cell can take no digit of a grid reaching target.
                            return false;
                        }
                        discard_all_but(e, &candidates, &survivors);
                        true
                    }
                    None => true,
                }
            },
            |e| {
                found = Some(filled(e, cells));
                if exhaustive {
                    limit.set(spent(e) - SCALE);
                    Flow::Continue
                } else {
                    Flow::Stop
                }
            },
        );
        SearchRun { found, nodes: stats.nodes, complete: visits.get() <= budget }
    }
}

/// The least score of a grid whose cost stays within `limit` below L's `value` (both scaled):
/// (value - limit) / SCALE, rounded up.
fn score_within(value: i64, limit: i64) -> i64 {
    (value - limit + SCALE - 1).div_euclid(SCALE)
}

/// How a search branches. The quick bound's searches (and the first plain completion) take the
/// fewest options, in item order: failure weights pull them away from the reduced-cost order
/// (one 5-clue grid went from 4 ms to 12 ms). The pattern bound's search branches as the 16x16
/// solver does, on failure weights with probing: on the slowest near-empty grids known that
/// took 20 to 600 times fewer nodes than the fewest options (and weights without probing
/// stalled).
fn branch_for(engine: &mut Engine9, pattern_search: bool) {
    engine.set_choice(if pattern_search { Choice::WeightedFailures } else { Choice::FewestOptions });
    engine.set_probing(pattern_search);
}

/// `cells` with the digits of the options chosen so far filled in.
fn filled(engine: &Engine9, cells: &Grid) -> Grid {
    let mut grid = *cells;
    for option in engine.chosen() {
        let (cell, digit) = sudoku::option_cell_digit(engine, Shape::NINE, option);
        grid[cell] = digit;
    }
    grid
}

/// The candidates of every cell at a search node: the digit of a filled cell, the options
/// left for an open one.
fn node_candidates(engine: &Engine9, cells: &Grid) -> [u32; CELLS] {
    let grid = filled(engine, cells);
    let mut candidates = [0; CELLS];
    for (cell, mask) in candidates.iter_mut().enumerate() {
        *mask = if grid[cell] != 0 {
            1 << grid[cell]
        } else {
            engine
                .options_of(cell + 1)
                .fold(0, |m, option| m | 1 << sudoku::option_cell_digit(engine, Shape::NINE, option).1)
        };
    }
    candidates
}

/// Takes out of the search, below the current node, every open cell's option whose digit is
/// not among the cell's `survivors`.
fn discard_all_but(engine: &mut Engine9, candidates: &[u32; CELLS], survivors: &[u32; CELLS]) {
    for cell in 0..CELLS {
        if candidates[cell].count_ones() < 2 || candidates[cell] & !survivors[cell] == 0 {
            // A filled cell (its item covered), or an open one with one candidate (kept: the
            // caller has checked every cell keeps one), or nothing to take.
            continue;
        }
        let mut doomed = [None; SIDE];
        for (slot, option) in doomed.iter_mut().zip(engine.options_of(cell + 1)) {
            let digit = sudoku::option_cell_digit(engine, Shape::NINE, option).1;
            if survivors[cell] & (1 << digit) == 0 {
                *slot = Some(option);
            }
        }
        for option in doomed.into_iter().flatten() {
            engine.discard(option);
        }
    }
}

struct SearchRun {
    found: Option<Grid>,
    nodes: u64,
    complete: bool,
}
