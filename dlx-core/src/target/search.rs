//! One branch and bound over the completions whose reduced costs sum to at most a limit (see
//! [`Bounding`]): with the quick bound alone on the 9x9 bit boards (`cost_order`) or on the DLX
//! engine, or on the DLX engine with the pattern bound at every node as well.

use core::cell::Cell;

use super::cost_order;
use super::patterns::{PatternBound, TightenMemo};
use super::relaxation::ReducedCosts;
use super::weights::{CELLS, Grid, SCALE, SIDE};
use crate::deadline::Deadline;
use crate::exact_cover::dlx::{Choice, Flow};
use crate::sudoku::{self, Engine, Shape, max_items, max_nodes};

const NODES9: usize = max_nodes(SIDE);
/// Pattern-bound steps at a deep node of the search with the pattern bound.
const NODE_STEPS: usize = 1;
/// Near the root a node takes this less its depth (options chosen) in steps, if more.
const ROOTWARD_STEPS: usize = 25;

/// What a search seeks under its limit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Goal {
    /// A completion costing at most the limit: the first found ends the search.
    Reach,
    /// The cheapest completion costing at most the limit: each find lowers the limit so that
    /// only a strictly better one is sought, to the end (an exhaustive branch and bound).
    Best,
}

/// How a search bounds its nodes, and on which board.
pub(super) enum Bounding<'e> {
    /// The quick bound alone, on the 9x9 bit boards (`cost_order`): no matrix to build, and a
    /// branch far cheaper than a DLX node.
    QuickOnBitBoards,
    /// The quick bound alone, on the DLX engine, branching as with the pattern bound (failure
    /// weights and probing): on the near-empty grids of `rim-climbed` that branching finds a
    /// grid reaching the optimum in far fewer nodes than the bit boards' order.
    QuickOnDlx,
    /// On the DLX engine, every node the quick bound keeps is bounded again by the pattern
    /// bound, re-optimised at that node, and loses the options it rules out: far fewer nodes
    /// where near-zero reduced costs leave the quick bound blind (grids with a few clues in
    /// one corner), but each node costs many times more.
    /// With the memo of the root's call (see [`PatternBound::tighten_remembered`]).
    Patterns(&'e mut PatternBound, &'e mut Option<TightenMemo>),
}

/// One branch and bound over the completions whose reduced costs sum to at most a limit.
pub(super) struct Search<'e, 'a, 'm, 'd> {
    pub(super) engine: &'e mut Engine<'m>,
    pub(super) cells: &'a Grid,
    pub(super) allowed: &'a [u32; CELLS],
    pub(super) reduced: &'a ReducedCosts,
    /// Exact penalties at the same multipliers, if known: on the bit boards a pair whose
    /// penalty exceeds the limit is left out (reduced-cost fixing); else its reduced cost
    /// decides. On the DLX engine every pair is kept: the pattern bound needs them all.
    pub(super) fixing: Option<&'a ReducedCosts>,
    /// L at the multipliers that gave `reduced` (SCALE * score = L - the reduced costs' sum).
    pub(super) value: i64,
    pub(super) bounding: Bounding<'e>,
    /// The caller's time limit: once it passes, every node is cut and the run is incomplete.
    pub(super) deadline: &'e mut Deadline<'d>,
    /// On the DLX engine: the failure weights (by item) to start from, and where the run leaves
    /// them, for the next run over the same grid.
    pub(super) weights: Option<&'e mut Weights>,
    /// What the engine holds from the last run on it.
    pub(super) built: &'e mut Built,
    /// On the DLX engine: the costs by which each item's options are tried, if not `reduced`
    /// (the bound still sums `reduced`).
    pub(super) order: Option<&'a ReducedCosts>,
}

/// The matrix the engine holds (a search leaves its links as it found them): the candidates
/// it was built from, whether its options are in an order of their own (see `Search::order`),
/// and the packed order of its active items as built (a search changes
/// that order, and ties follow it). A run over the same candidates (the restarts of one
/// target's runs) puts the order back instead of building the matrix again. The reduced
/// costs are not compared (a copy is 6 KiB of stack): the caller [`forgets`](Built::forget)
/// the matrix whenever they change. Nor are the failure weights reset on a reuse: every run
/// passes its own [`Weights`].
pub(super) struct Built {
    from: Option<[u32; CELLS]>,
    ordered: bool,
    order: [u16; ITEMS9],
    open: usize,
}

impl Built {
    pub(super) const fn new() -> Self {
        Built { from: None, ordered: false, order: [0; ITEMS9], open: 0 }
    }

    /// The next run builds its matrix, as for other reduced costs.
    pub(super) fn forget(&mut self) {
        self.from = None;
    }
}

/// Failure weights of the DLX engine for a 9x9 grid's items (index 0 unused).
pub(super) type Weights = [u32; ITEMS9 + 1];
const ITEMS9: usize = max_items(SIDE);

impl Search<'_, '_, '_, '_> {
    /// Returns the completion found (for [`Goal::Best`], the best), the nodes searched, and
    /// whether the search ended inside `node_budget` nodes and before the deadline (if not,
    /// finding nothing proves nothing).
    pub(super) fn run(self, limit: i64, goal: Goal, node_budget: u64) -> SearchRun {
        if matches!(self.bounding, Bounding::QuickOnBitBoards) {
            self.on_bit_boards(limit, goal, node_budget)
        } else {
            self.on_dlx(limit, goal, node_budget)
        }
    }

    /// [`Search::run`] with the quick bound alone, on the bit boards, over the pairs whose
    /// penalty (or else reduced cost) is at most `limit`.
    fn on_bit_boards(self, limit: i64, goal: Goal, node_budget: u64) -> SearchRun {
        let Search { cells, allowed, reduced, fixing, deadline, .. } = self;
        let fixing = fixing.unwrap_or(reduced);
        let cheap_enough: [u32; CELLS] = core::array::from_fn(|cell| {
            (1..=SIDE).filter(|&d| fixing[cell][d] <= limit).fold(0, |m, d| m | 1 << d) & allowed[cell]
        });
        let improve = (goal == Goal::Best).then_some(SCALE);
        let run = cost_order::costing_at_most(cells, &cheap_enough, reduced, limit, improve, node_budget, deadline);
        SearchRun { found: run.last, nodes: run.nodes, complete: run.complete }
    }

    /// [`Search::run`] on the DLX engine: every allowed option built, cheapest first; each node
    /// cut by the quick bound (the options chosen plus, per item family, the open items'
    /// cheapest options), then, with [`Bounding::Patterns`], by the pattern bound.
    fn on_dlx(self, limit: i64, goal: Goal, node_budget: u64) -> SearchRun {
        let Search { engine, cells, allowed, reduced, value, bounding, deadline, weights, built, order: tried, .. } = self;
        let mut strong = match bounding {
            Bounding::Patterns(patterns, memo) => Some((patterns, memo)),
            _ => None,
        };
        if built.from.as_ref() == Some(allowed) && built.ordered == tried.is_some() {
            engine.set_active_order(&built.order[..built.open]);
        } else {
            built.from = None;
            if !build_cheapest_first(engine, cells, allowed, tried.unwrap_or(reduced)) {
                // Two givens clash: no completion at all.
                return SearchRun { found: None, nodes: 0, complete: true };
            }
            let order = engine.active_order();
            built.open = order.len();
            built.order[..order.len()].copy_from_slice(order);
            built.from = Some(*allowed);
            built.ordered = tried.is_some();
        }
        // Three arrays rather than one struct of them: unoptimised builds copied the struct.
        let mut cost = [0i64; NODES9];
        let mut cell = [0u8; NODES9];
        let mut digit = [0u8; NODES9];
        fill_node_table(engine, reduced, &mut cost, &mut cell, &mut digit);
        let table = NodeTable { cost: &cost, cell: &cell, digit: &digit };
        let cost = table.cost;
        let limit = Cell::new(limit);
        let visits = Cell::new(0u64);
        // Every node of an option carries its cost, so any chosen node gives it.
        let spent = |e: &Engine<'_>| e.chosen_nodes().map(|x| cost[x]).sum::<i64>();
        let mut found = None;
        // With the lists cheapest first and the quick bound alone, its sums are kept up to date
        // from the engine's log of changed tops rather than summed afresh at every node. Not
        // with the pattern bound: its discards log many items at every node, which costs more
        // than the walk (measured on the sparse sets), next to that bound's own cost.
        let mut sums = (tried.is_none() && strong.is_none()).then(|| TopSums::of(engine, cost));
        engine.log_tops(sums.is_some());
        // Branching as the DLX engine's default does, on failure weights with probing (on the
        // slowest near-empty grids known, far fewer nodes than the fewest options; weights
        // without probing stalled).
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
                let room = limit.get() - spent(e);
                let over = match sums.as_mut() {
                    Some(sums) => {
                        sums.update(e, cost).exceed(room) || {
                            sums.discard_dear(e, cost, room);
                            sums.update(e, cost).exceed(room)
                        }
                    }
                    None => needs_more_than(e, cost, room, tried.is_some()),
                };
                if over {
                    return false;
                }
                let Some((patterns, memo)) = strong.as_mut() else {
                    return true;
                };
                let target = least_score_costing_at_most(value, limit.get());
                patterns_keep(e, cells, table, patterns, memo, target, deadline)
            },
            |e| {
                found = Some(filled(e, cells));
                match goal {
                    Goal::Best => {
                        limit.set(spent(e) - SCALE);
                        Flow::Continue
                    }
                    Goal::Reach => Flow::Stop,
                }
            },
        );
        engine.log_tops(false);
        if let Some(weights) = weights {
            let learnt = engine.weights();
            let n = learnt.len().min(weights.len());
            weights[..n].copy_from_slice(&learnt[..n]);
        }
        SearchRun { found, nodes: stats.nodes, complete: visits.get() <= node_budget && !deadline.passed() }
    }
}

/// Builds the 9x9 cover of `cells` with every `allowed` option, cheapest first by `costs`,
/// so that every item's list is in that order; false when two givens clash.
fn build_cheapest_first(engine: &mut Engine<'_>, cells: &Grid, allowed: &[u32; CELLS], costs: &ReducedCosts) -> bool {
    let mut options = [(0i64, 0u8, 0u8); CELLS * SIDE];
    let mut count = 0;
    for cell in 0..CELLS {
        for digit in 1..=SIDE as u8 {
            if allowed[cell] & (1 << digit) != 0 {
                options[count] = (costs[cell][usize::from(digit)], cell as u8, digit);
                count += 1;
            }
        }
    }
    options[..count].sort_unstable();
    let chosen = options[..count].iter().map(|&(_, cell, digit)| (usize::from(cell), digit));
    sudoku::build(engine, Shape::NINE, cells, chosen).is_ok()
}

/// What a search reads off a node of the matrix, by node (an option's index is its first
/// node), so that no node is walked to its option and decoded at every search node.
#[derive(Clone, Copy)]
struct NodeTable<'t> {
    /// Each option's reduced cost at each of its nodes; 0 at the items' own nodes, which
    /// stand at the top of an empty list. Every item's list is in the order the options
    /// were added, cheapest first, so its top node is its cheapest option's (unless the
    /// search has an order of its own).
    cost: &'t [i64; NODES9],
    /// Each option's cell and digit at each of its nodes.
    cell: &'t [u8; NODES9],
    digit: &'t [u8; NODES9],
}

/// Fills a [`NodeTable`]'s arrays (zeroed) for the matrix `engine` holds.
fn fill_node_table(
    engine: &Engine<'_>,
    reduced: &ReducedCosts,
    cost: &mut [i64; NODES9],
    cells: &mut [u8; NODES9],
    digits: &mut [u8; NODES9],
) {
    for cell in 0..CELLS {
        for option in engine.options_of(Shape::NINE.cell_item(cell)) {
            let (cell, digit) = sudoku::option_cell_digit(engine, Shape::NINE, option);
            let nodes = engine.option_nodes(option);
            cost[nodes.clone()].fill(reduced[cell][usize::from(digit)]);
            cells[nodes.clone()].fill(cell as u8);
            digits[nodes].fill(digit);
        }
    }
}

/// Whether what is left to spend is more than `room`: every open item still needs exactly one
/// option, and every option covers one item of each family (cells, row-digits, box-digits,
/// column-digits), so each family's sum of its open items' cheapest options is a lower bound.
/// This walk serves the search with the pattern bound (the quick runs keep the sums in
/// [`TopSums`]). The engine numbers items as `Shape::item` does, plus 1: a family's items are
/// the next CELLS, and the open items come in that order, so each family is summed in one run
/// and the first over `room` ends the scan. `ordered`: the lists are in an order of their own
/// (see `Search::order`), and each open item's cheapest option is found by a walk of its list
/// (a few hundred instructions more a node, against the tens of thousands of the pattern bound
/// there); else its top option is its cheapest.
#[inline(always)]
fn needs_more_than(engine: &Engine<'_>, cost: &[i64; NODES9], room: i64, ordered: bool) -> bool {
    let (mut sum, mut end) = (0i64, CELLS);
    for item in engine.active_items() {
        debug_assert!(item > end - CELLS, "open items out of order");
        while item > end {
            if sum > room {
                return true;
            }
            (sum, end) = (0, end + CELLS);
        }
        // An empty list's top is the item's own node, which costs 0 (and the node ends there).
        sum += if ordered {
            engine.item_nodes(item).map(|x| cost[x]).min().unwrap_or(0)
        } else {
            cost[engine.top_node(item).unwrap_or(item)]
        };
    }
    sum > room
}

/// The quick bound's sums, per item family, of the open items' top (cheapest) options, kept
/// up to date from the engine's log of the items whose top changed (see `Engine::log_tops`):
/// the same sums [`needs_more_than`] takes, without its walk of every open item at each node
/// (7% of a rim grid's instructions), for the quick runs on lists in the order they were built.
struct TopSums {
    /// Each item's share: its top option's cost while it is open, else 0.
    share: [i64; ITEMS9 + 1],
    sums: [i64; 4],
    /// By depth, per family: no open item's option costs more than its share plus this, at
    /// the node of that depth's parent (above the root, the dearest option's cost; after a
    /// scan, the most any option left then costs over its item's share, which is at most the
    /// slack and mostly far less). Below a node the options only shrink and the shares only
    /// rise, so a family whose slack is not under its bound has nothing to discard and is not
    /// scanned.
    bounds: [[i64; 4]; CELLS + 2],
}

impl TopSums {
    fn of(engine: &Engine<'_>, cost: &[i64; NODES9]) -> Self {
        let dearest = cost.iter().copied().max().unwrap_or(0);
        let mut sums = TopSums { share: [0; ITEMS9 + 1], sums: [0; 4], bounds: [[dearest; 4]; CELLS + 2] };
        sums.refill(engine, cost);
        sums
    }

    fn refill(&mut self, engine: &Engine<'_>, cost: &[i64; NODES9]) {
        (self.share, self.sums) = ([0; ITEMS9 + 1], [0; 4]);
        for item in engine.active_items() {
            self.set(engine, cost, item);
        }
    }

    /// Takes in the engine's log (everything again if it overflowed).
    fn update(&mut self, engine: &mut Engine<'_>, cost: &[i64; NODES9]) -> &Self {
        if !engine.drain_tops(|e, item| self.set(e, cost, item)) {
            self.refill(engine, cost);
        }
        self
    }

    #[inline(always)]
    fn set(&mut self, engine: &Engine<'_>, cost: &[i64; NODES9], item: usize) {
        // An empty list's top is the item's own node, which costs 0.
        let share = if engine.is_open(item) { cost[engine.top_node(item).unwrap_or(item)] } else { 0 };
        self.sums[(item - 1) / CELLS] += share - self.share[item];
        self.share[item] = share;
    }

    /// Takes out, below the node, the open items' options the quick bound rules out on their
    /// own: an option in item `i`'s list costing more than `i`'s share plus its family's slack
    /// (`room` less the family's sum) takes that family's sum over `room`. The lists are
    /// cheapest first, so those options are at their bottoms; probing then tries none of them.
    /// Only the families whose slack is below their bound are scanned.
    fn discard_dear(&mut self, engine: &mut Engine<'_>, cost: &[i64; NODES9], room: i64) {
        let depth = engine.depth();
        let slack: [i64; 4] = core::array::from_fn(|family| room - self.sums[family]);
        let bound = self.bounds[depth];
        self.bounds[depth + 1] = bound;
        for family in 0..4 {
            if slack[family] >= bound[family] {
                continue;
            }
            // The dearest option left over its item's share, in this family.
            let mut excess = 0;
            for item in family * CELLS + 1..=(family + 1) * CELLS {
                if engine.is_open(item) {
                    let most = self.share[item] + slack[family];
                    let bottom = engine.discard_from_bottom(item, |x| cost[x] > most);
                    // An empty list's bottom is the item's own node, which costs 0.
                    excess = excess.max(cost[bottom] - self.share[item]);
                }
            }
            self.bounds[depth + 1][family] = excess;
        }
    }

    /// Whether some family's sum is over `room`: what [`needs_more_than`] says.
    fn exceed(&self, room: i64) -> bool {
        self.sums.iter().any(|&sum| sum > room)
    }
}

/// Whether the pattern bound keeps the node (a few steps towards `target`, more near the root):
/// if so, the options no grid reaching `target` can use below it are discarded.
fn patterns_keep(
    engine: &mut Engine<'_>,
    cells: &Grid,
    table: NodeTable<'_>,
    patterns: &mut PatternBound,
    root_memo: &mut Option<TightenMemo>,
    target: i64,
    deadline: &mut Deadline,
) -> bool {
    let candidates = node_candidates(engine, cells, table);
    let depth = engine.chosen_nodes().count();
    let steps = steps_at(depth);
    let kept = if depth == 0 {
        patterns.tighten_remembered(root_memo, &candidates, target, steps, deadline)
    } else {
        patterns.tighten(&candidates, target, steps, deadline)
    };
    let Some(survivors) = kept else {
        return false;
    };
    if candidates.iter().zip(&survivors).any(|(c, s)| c & s == 0) {
        // Some cell can take no digit of a grid reaching target.
        return false;
    }
    discard_all_but(engine, table, &candidates, &survivors);
    true
}

/// Pattern-bound steps at a node `depth` options below the root.
fn steps_at(depth: usize) -> usize {
    NODE_STEPS.max(ROOTWARD_STEPS.saturating_sub(depth))
}

/// The least score of a grid whose cost is at most `limit` below L's `value` (both scaled):
/// (value - limit) / SCALE, rounded up.
pub(super) fn least_score_costing_at_most(value: i64, limit: i64) -> i64 {
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
fn node_candidates(engine: &Engine<'_>, cells: &Grid, table: NodeTable<'_>) -> [u32; CELLS] {
    let mut grid = *cells;
    for node in engine.chosen_nodes() {
        grid[usize::from(table.cell[node])] = table.digit[node];
    }
    let mut candidates = [0; CELLS];
    for (cell, mask) in candidates.iter_mut().enumerate() {
        *mask = if grid[cell] != 0 {
            1 << grid[cell]
        } else {
            engine.item_nodes(Shape::NINE.cell_item(cell)).fold(0, |m, node| m | 1 << table.digit[node])
        };
    }
    candidates
}

/// Takes out of the search, below the current node, every open cell's option whose digit is
/// not among the cell's `survivors`.
fn discard_all_but(engine: &mut Engine<'_>, table: NodeTable<'_>, candidates: &[u32; CELLS], survivors: &[u32; CELLS]) {
    for cell in 0..CELLS {
        if candidates[cell] & candidates[cell].wrapping_sub(1) == 0 || candidates[cell] & !survivors[cell] == 0 {
            // A filled cell (its item covered), or an open one with one candidate (kept: the
            // caller has checked every cell keeps one), or nothing to take.
            continue;
        }
        let mut doomed = [None; SIDE];
        for (slot, option) in doomed.iter_mut().zip(engine.options_of(cell + 1)) {
            if survivors[cell] & (1 << table.digit[option.index()]) == 0 {
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
