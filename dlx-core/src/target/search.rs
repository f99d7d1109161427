//! One branch and bound over the completions whose reduced costs sum to at most a limit: with
//! the quick bound alone on the 9x9 bit boards (`cost_order::costing_at_most`) or on the DLX
//! engine, or on the DLX engine with the pattern bound at every node as well.

use core::cell::Cell;

use super::cost_order;
use super::patterns::PatternBound;
use super::relaxation::ReducedCosts;
use super::weights::{CELLS, Grid, SCALE, SIDE};
use crate::deadline::Deadline;
use crate::exact_cover::dlx::{Choice, Flow};
use crate::sudoku::{self, Engine, Shape, max_items, max_nodes};

const NODES9: usize = max_nodes(SIDE);
/// Pattern-bound steps at a deep node of such a search. Fewer nodes with more steps do not pay
/// for the steps there. With restarts (see `RESTART_NODES`), against 3: instructions on six
/// climbed sets -5% to -29% (on the set the bench's climb found against 3, -41%; its own climb
/// ends 25% lower), `climbed-proofs-7` -7%, `pattern-proofs-3` -6%, the tests' near-empty
/// grids -15%, NOIP and the empty grid the same; 2 did as well or less well everywhere, no
/// steps (the multipliers a node inherits) worse on the proofs (`climbed-proofs-7` +27%).
const NODE_STEPS: usize = 1;
/// Near the root, where a cut saves a whole subtree, a node takes `ROOTWARD_STEPS` less its
/// depth (options chosen) if that is more. Instructions against 3 steps everywhere (before the
/// restarts and one step at deep nodes; 15 or 35 less the depth did less well with them): the set
/// the bench's climb found against 8686564 (proofs of 480-950 pattern-bound nodes a grid) -56%,
/// the set it found against 0228b89 and that set's five slowest grids -32% and -45%, the tests'
/// near-empty grids -6%, the set it found against 0174d78 -3.5%; 35 less the depth, or 15 steps
/// down to depth 20, did as well on the proofs and up to 9% worse elsewhere, 45 less the depth
/// worse everywhere.
const ROOTWARD_STEPS: usize = 25;

/// One branch and bound over the completions whose reduced costs sum to at most a limit.
pub(super) struct Search<'e, 'a, 'm, 'd> {
    pub(super) engine: &'e mut Engine<'m>,
    pub(super) cells: &'a Grid,
    pub(super) allowed: &'a [u32; CELLS],
    pub(super) reduced: &'a ReducedCosts,
    /// Exact penalties at the same multipliers, if known: a pair whose penalty exceeds the
    /// limit is left out of the quick search (reduced-cost fixing); else its reduced cost
    /// decides. The search with the pattern bound keeps every pair: that bound needs them all.
    pub(super) fixing: Option<&'a ReducedCosts>,
    /// L at the multipliers that gave `reduced` (SCALE * score = L - the reduced costs' sum).
    pub(super) value: i64,
    /// With the pattern bound, every node the quick bound keeps is bounded again by it,
    /// re-optimised at that node, and loses the options it rules out: far fewer nodes where
    /// near-zero reduced costs leave the quick bound blind (grids with a few clues in one
    /// corner), but each node costs many times more.
    pub(super) strong: Option<&'e mut PatternBound>,
    /// The caller's time limit: once it passes, every node is cut and the run is incomplete.
    pub(super) deadline: &'e mut Deadline<'d>,
    /// With the pattern bound: the DLX engine's failure weights (by item) to start from, and
    /// where the run leaves them, for the next run over the same grid.
    pub(super) weights: Option<&'e mut Weights>,
    /// Without the pattern bound, whether to search on the DLX engine all the same (the quick
    /// bound alone, branching as with the pattern bound: failure weights and probing) rather
    /// than on the bit boards. On the near-empty grids of `rim-climbed` that branching finds a
    /// grid reaching the optimum in 75 to 2,500 nodes where the bit boards' took 4,000 to over
    /// 50,000 (whichever order the digits are tried in).
    pub(super) on_dlx: bool,
}

/// Failure weights of the DLX engine for a 9x9 grid's items (index 0 unused).
pub(super) type Weights = [u32; ITEMS9 + 1];
const ITEMS9: usize = max_items(SIDE);

impl Search<'_, '_, '_, '_> {
    /// Returns the completion found (the first if not `exhaustive`; else the best, each find
    /// lowering the limit so that only a strictly better one is sought), the nodes searched,
    /// and whether the search ended within `node_budget` nodes and before the deadline (if not,
    /// finding nothing proves nothing).
    pub(super) fn run(self, limit: i64, exhaustive: bool, node_budget: u64) -> SearchRun {
        let Search { engine, cells, allowed, reduced, fixing, value, mut strong, deadline, weights, on_dlx } = self;
        if strong.is_none() && !on_dlx {
            // The quick bound alone, on the bit boards: no matrix to build, and a branch far
            // cheaper than a DLX node (instructions against the DLX engine with the same bound:
            // NOIP -21%, empty grid -10%, 410 sparse, stress and NOIP grids -10%, six sets of
            // climbed or near-empty grids -48% to +8%).
            let fixing = fixing.unwrap_or(reduced);
            let within: [u32; CELLS] = core::array::from_fn(|cell| {
                (1..=SIDE).filter(|&d| fixing[cell][d] <= limit).fold(0, |m, d| m | 1 << d) & allowed[cell]
            });
            let improve = exhaustive.then_some(SCALE);
            let run = cost_order::costing_at_most(cells, &within, reduced, limit, improve, node_budget, deadline);
            return SearchRun { found: run.last, nodes: run.nodes, complete: run.complete };
        }
        // Every option, cheapest first, so every item's list is in that order.
        let mut options = [(0i64, 0u8, 0u8); CELLS * SIDE];
        let mut count = 0;
        for cell in 0..CELLS {
            for digit in 1..=SIDE as u8 {
                if allowed[cell] & (1 << digit) != 0 {
                    options[count] = (reduced[cell][usize::from(digit)], cell as u8, digit);
                    count += 1;
                }
            }
        }
        options[..count].sort_unstable();
        let chosen = options[..count].iter().map(|&(_, cell, digit)| (usize::from(cell), digit));
        if sudoku::build(engine, Shape::NINE, cells, chosen).is_err() {
            // Two givens clash: no completion at all.
            return SearchRun { found: None, nodes: 0, complete: true };
        }

        // Each option's reduced cost at each of its nodes (its index is its first). Every
        // item's list is in the order the options were added, cheapest first, so its top node
        // is its cheapest option's.
        let mut cost = [0i64; NODES9];
        for item in 1..=CELLS {
            for option in engine.options_of(item) {
                let (cell, digit) = sudoku::option_cell_digit(engine, Shape::NINE, option);
                cost[engine.option_nodes(option)].fill(reduced[cell][usize::from(digit)]);
            }
        }
        let limit = Cell::new(limit);
        let visits = Cell::new(0u64);
        let spent = |e: &Engine<'_>| e.chosen().map(|o| cost[o.index()]).sum::<i64>();
        let mut found = None;
        // Branching as the DLX engine's default does, on failure weights with probing: on the
        // slowest near-empty grids known that took 20 to 600 times fewer nodes than the fewest
        // options (and weights without probing stalled).
        engine.set_choice(Choice::WeightedFailures);
        engine.set_probing(true);
        if let Some(weights) = weights.as_deref() {
            engine.set_weights(weights);
        }
        let stats = engine.search_pruned(
            |e| {
                visits.set(visits.get() + 1);
                if visits.get() > node_budget || deadline.tick(1) {
                    e.stop();
                    return false;
                }
                // Every open item still needs exactly one option, and every option covers one
                // item of each family (cells, row-digits, box-digits, column-digits): so each
                // family's sum of cheapest options is a lower bound on what is left to spend.
                let mut open = [0i64; 4];
                // Items come in order, family by family (81 items each).
                let mut family = 0;
                for item in e.active_items() {
                    while family < 3 && item > (family + 1) * CELLS {
                        family += 1;
                    }
                    if let Some(top) = e.top_node(item) {
                        open[family] += cost[top];
                    }
                }
                if spent(e) + open.iter().max().unwrap_or(&0) > limit.get() {
                    return false;
                }
                let Some(patterns) = strong.as_deref_mut() else {
                    return true;
                };
                let target = score_within(value, limit.get());
                let candidates = node_candidates(e, cells);
                let Some(survivors) = patterns.tighten(&candidates, target, steps_at(e.chosen().count()), deadline) else {
                    return false;
                };
                if candidates.iter().zip(&survivors).any(|(c, s)| c & s == 0) {
                    // Some cell can take no digit of a grid reaching target.
                    return false;
                }
                discard_all_but(e, &candidates, &survivors);
                true
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
        if let Some(weights) = weights {
            let learnt = engine.weights();
            let n = learnt.len().min(weights.len());
            weights[..n].copy_from_slice(&learnt[..n]);
        }
        SearchRun { found, nodes: stats.nodes, complete: visits.get() <= node_budget && !deadline.passed() }
    }
}

/// Pattern-bound steps at a node `depth` options below the root.
fn steps_at(depth: usize) -> usize {
    NODE_STEPS.max(ROOTWARD_STEPS.saturating_sub(depth))
}

/// The least score of a grid whose cost stays within `limit` below L's `value` (both scaled):
/// (value - limit) / SCALE, rounded up.
pub(super) fn score_within(value: i64, limit: i64) -> i64 {
    (value - limit + SCALE - 1).div_euclid(SCALE)
}

/// `cells` with the digits of the options chosen so far filled in.
fn filled(engine: &Engine<'_>, cells: &Grid) -> Grid {
    let mut grid = *cells;
    for option in engine.chosen() {
        let (cell, digit) = sudoku::option_cell_digit(engine, Shape::NINE, option);
        grid[cell] = digit;
    }
    grid
}

/// The candidates of every cell at a search node: the digit of a filled cell, the options
/// left for an open one.
fn node_candidates(engine: &Engine<'_>, cells: &Grid) -> [u32; CELLS] {
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
fn discard_all_but(engine: &mut Engine<'_>, candidates: &[u32; CELLS], survivors: &[u32; CELLS]) {
    for cell in 0..CELLS {
        if candidates[cell] & candidates[cell].wrapping_sub(1) == 0 || candidates[cell] & !survivors[cell] == 0 {
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

pub(super) struct SearchRun {
    pub(super) found: Option<Grid>,
    pub(super) nodes: u64,
    pub(super) complete: bool,
}
