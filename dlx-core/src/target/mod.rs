//! Target Sudoku (CSU 1605, NOIP 2009 "target sudoku"): the largest weighted score over every
//! completion of a 9x9 grid, proven by branch and bound.
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
//! reduced costs sum to at most `L - SCALE * T`. Pairs whose reduced cost alone exceeds that
//! are never tried, the rest cheapest first, and a search node is cut when its placed cells'
//! reduced costs, plus the cheapest open choice of every open unit of one family (cells, or a
//! digit's place in a row, a column or a box, whichever sums highest), exceed it: on the 9x9
//! bit boards of `sudoku::nine`.
//!
//! The answer: a first completion (or none: unsolvable); subgradient steps in phases, with
//! "dives" (first completion in reduced-cost order, both on the 9x9 bit boards of
//! `sudoku::nine`) that raise the incumbent and may prove it optimal at once; then targets from
//! the bound downwards and, if a few find nothing, one exhaustive branch and bound between the
//! incumbent and the last target. Those searches get a node budget while the bound can still be
//! tightened: a search that runs out asks for another phase of steps instead. Once the bound is
//! as tight as it gets, a search gets one more budget on the quick bound, and if it runs out
//! the stronger pattern bound (`patterns`: one multiplier per cell, each digit's best placement
//! found band by band) takes over. It first tries to rule the search's target out at the root;
//! failing that, it keeps the candidates a grid reaching the target can use (Lagrangian
//! variable fixing), and a short dive over just those (what costs both bounds least first)
//! often finds such a grid, or a short quick search over them finds one or proves there is
//! none; failing that too, the search starts again on the DLX engine with every open
//! option built (not only those within the root's reduced-cost limit), branching as its
//! default does (failure weights and probing), and every node the quick bound keeps is bounded
//! again by the pattern bound (a few steps, more near the root, from wherever the previous node
//! left its multipliers), which also drops the options no grid reaching the target can use
//! there. That costs tens of microseconds a node, but on grids whose few clues crowd one
//! corner, where the row relaxation stays 1.5 to 4 points above the optimum and the quick
//! bound blind for tens of millions of nodes, the pattern bound is mostly within half a point
//! of the optimum and settles them at the root or in a few hundred nodes (see
//! fuzz/regressions). On grids whose givens all lie on the outer ring, a quick search over what
//! the root check kept runs before that search and between its restarts, on the DLX engine
//! with the same branching (restarted with what it learnt): there the target the check cannot
//! rule out is mostly the optimum, reachable, and that search finds it at a fraction of the
//! cost. Every path ends in a proof.

mod assignment;
pub(crate) mod cost_order;
pub(crate) mod patterns;
mod relaxation;
mod search;
pub(crate) mod weights;

use core::mem::MaybeUninit;

use self::patterns::PatternBound;
use self::relaxation::{ReducedCosts, Relaxation};
use self::search::{Search, SearchRun, Weights, score_within};
pub use self::weights::{CELLS, Grid, SCALE, score};
use self::weights::SIDE;
use crate::Error;
use crate::deadline::Deadline;
use crate::sudoku::{self, Engine, Engine9, Shape};

/// Subgradient iterations a phase takes before its searches.
const PHASE_ITERATIONS: usize = 50;
/// Search nodes a phase's searches may take before a tighter bound is sought instead. A search
/// that runs out is wasted, and another phase of steps mostly pays more. Instructions against
/// 300 (with the quick searches on the bit boards): 410 sparse, stress and NOIP grids -10%, the
/// tests' climbed 20 -16%, four other climbed sets -5% to +8%, NOIP and the empty grid the
/// same; 150 and 200 in between, 50 took NOIP 4% more; 600 and 1,200 were worse everywhere.
const NODE_BUDGET: u64 = 100;
/// Branches a dive may take. Most take a few dozen; a hill climb found a grid where a dive on
/// the DLX engine took 362,673 nodes (110 ms) to find a completion 3 points below the optimum.
const DIVE_BUDGET: u64 = 2_000;
/// Branches a dive over the candidates a pattern check kept may take. The dives that reach
/// their target on the sparse and climbed sets do within 100; 2,000 took the bench's climbed
/// set 3.5% more instructions than 200 (100 the same as 200).
const KEPT_DIVE_BUDGET: u64 = 200;
/// Targets tried one by one below the bound before one exhaustive branch and bound.
const DESCENT_STEPS: i64 = 3;
/// Nodes a search with the quick bound alone may take, once the bound is as tight as it gets,
/// before the pattern bound takes over. Measured (`make bench-target`, its sparse and
/// hill-climbed sets): 20,000 spent 80,000 quick nodes on grids whose row bound stays 3 points
/// above the optimum before the pattern bound settled them; 5,000 took the sparse set from 580
/// to 517 ms (worst 67 -> 41 ms). Since a failed root check's kept candidates get a search of
/// their own, less pays (instructions against 5,000: 1,500 took the two climbed sets 8% and
/// 11% fewer and the sparse, stress and NOIP sets together 0.4% fewer; 800 did better on the
/// climbed sets but 0.7% worse on the rest; 2,500 came between).
const QUICK_BUDGET: u64 = 1_500;
/// The quick search's budget once the quick bound has proven weak on this grid, over the
/// candidates the pattern check at the root kept: a completion near enough is found soon, and
/// many targets are proven out well before the search with the pattern bound (at 100 times
/// the cost of a node) would. On the bit boards, against 150 (which measured best when this
/// search ran on the DLX engine): the set the bench's climb found at 0228b89 -49% instructions
/// (its five slowest -75%), another climbed set -36%, four others +0.5% to +26%, the sparse,
/// stress and NOIP grids the same; 600, 1,000 and 3,000 did less well.
const WEAK_QUICK_BUDGET: u64 = 1_500;
/// Once a quick search over what a check kept has run out on a grid, the next ones get this
/// budget: on such grids the search with the pattern bound settles the target, and a full
/// budget again is mostly lost. Instructions, with WEAK_GAP 4, against the full budget every
/// time: the bench's climbed set at 950ee39 -5.5%, the proofs its climb found at 8686564 -11%,
/// three other climbed sets -1.6% to 0, the sparse, stress and NOIP grids the same (400 did
/// less well). Grids whose givens all lie on the outer ring start with it (see KEPT_FIRST).
const WEAK_RETRY_BUDGET: u64 = 150;
/// Before the search with the pattern bound at every node, and between its runs, a quick search
/// over what the pattern check at the root kept, on the DLX engine with that search's branching
/// (see `Search::on_dlx`), restarted with the failure weights it learnt: the first run gets
/// this many nodes, each next one twice as many. A node of it costs 11,000-22,000 instructions
/// (probing included), where a node with the pattern bound takes one to 25 of its steps.
const KEPT_RESTART_NODES: u64 = 100;
/// Nodes of those runs before the first run with the pattern bound (whole runs: 100, 200, 400);
/// before each later run they go on until they have taken KEPT_SHARE times that search's nodes,
/// up to KEPT_LIMIT a target. Only on grids whose givens all lie on the outer ring: there the
/// target the root check cannot rule out is mostly the optimum, which only a search finds, and
/// these find it in 75-2,500 nodes where the search with the pattern bound took 375-492 at
/// several times the cost (`rim-climbed`: 2.43 -> 0.94 billion instructions). On grids with a
/// given inside, whose slow targets are proofs, they were spent in vain (the bench's climb +47%).
/// docs/design.md ("The root check and what it keeps") and docs/experiments.md have the rest.
const KEPT_FIRST: u64 = 700;
/// The most nodes those runs take for one target (whole runs: 100 to 1,600, of which
/// `rim-climbed` needs all on five grids).
const KEPT_LIMIT: u64 = 3_100;
/// Once the search with the pattern bound has settled a target those runs could not, they take
/// at most this many for the next ones on the grid: on the bench's climbs they were then mostly
/// spent in vain (300 took 7% more nodes on the climb run against the build with them on every
/// grid).
const KEPT_RETRY_LIMIT: u64 = 0;
/// See KEPT_FIRST. A node with the pattern bound costs several of those nodes, so they take
/// somewhat more time than it (other shares not measured).
const KEPT_SHARE: u64 = 20;
/// Points between a settled bound and the incumbent from which the quick bound is taken as weak
/// from the start (its first search skipped for the pattern bound at the root). Instructions
/// against 8: the climbed set of the bench at 950ee39 -14.5% (the climb run against 4 found
/// a set 13.6% cheaper than the one run against 8), the tests' climbed 20 -9%, four other
/// climbed sets -2.8% to +0.2%, the sparse, stress and NOIP grids +0.3%, but the tests' ten
/// near-empty grids +11% (one of them: a dive that no longer finds the optimum, 77 nodes of the
/// search with the pattern bound instead). 5 and 6 did less well; 15 less than 8.
const WEAK_GAP: i64 = 4;
/// The search with the pattern bound at every node first runs this many nodes, then starts
/// again with the failure weights it learnt, its budget doubled each time until a run ends.
/// The first run finds which items the bound cuts, and the next branches on them from the
/// root. Instructions against one run: `climbed-proofs-7` -28%, five climbed sets -18% to
/// -54%, `pattern-proofs-3` and the sparse sets the same (their proofs are shorter); 50 did
/// about as well but cost `pattern-proofs-3` 17%, 200 did less well; growing by 1.5 or 3
/// instead of 2 came within 5%.
const RESTART_NODES: u64 = 100;
/// Before that search, the item the pattern bound hesitates over most (see
/// `Solver::contested_item`) gets this much failure weight, so that every run branches on it at
/// the root. On most grids whose proof needs that search, some item closes it at once (every
/// option of it, forced, leaves the pattern LP below the target), and the items in that order
/// reach one within the first 25 on most of them (docs/design.md). Instructions against the
/// failure weights alone: `climbed-proofs-7` -19%, `pattern-proofs-3` -10%, the build before's
/// four climbs -30%, the sets climbed against four other trial builds -11% (each of their 16
/// sets less), its own four climbs -1.5% (one seed 12% more).
const FIRST_ITEM_WEIGHT: u32 = 1 << 20;
/// Steps whose best patterns are counted to find that item (from where the root check ended).
const CONTESTED_STEPS: usize = 50;
/// Pattern-bound steps at the root before such a search (about 6 us each). On the climbed
/// grids the bound rules the targets above the optimum out after some hundreds of steps but
/// falls slowly: with 400 steps and a stall limit of 15, the target one above the optimum went
/// to the search with the pattern bound at every node on all of them; with 1,500 and 200, half
/// are proven at the root (instructions: bench climbed set -31%, tests' 20 climbed grids -18%,
/// sparse, stress and NOIP grids -0.5%; 800 and 1,000 steps in between, 3,000 and 6,000 the
/// same as 1,500).
const ROOT_PATTERN_STEPS: usize = 1_500;
/// Pattern-bound steps for each further target of a descent once the quick bound has proven
/// weak: the multipliers carry over from the target before, so fewer do (on the sparse and
/// hill-climbed sets 200 and 100 measured alike, 400 about 10% slower).
const DESCENT_PATTERN_STEPS: usize = 200;


/// The best completion and how it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub score: i32,
    pub grid: Grid,
    /// Search nodes over every search of the call.
    pub nodes: u64,
    /// Of those, the nodes searched with the strong (pattern) bound.
    pub strong_nodes: u64,
    /// Evaluations of the pattern bound (each digit's best pattern at one set of multipliers:
    /// a subgradient step, or the fixing where steps end), at the root and at those nodes.
    pub pattern_evaluations: u64,
    /// The Lagrangian bound, in points, rounded down.
    pub bound: i64,
}
/// The maximum score over all completions of `cells`, with a completion that reaches it (the
/// same on every call). [`Error::Unsolvable`] when there is none, [`Error::Cell`] for a
/// value above 9.
pub fn target_max(cells: &Grid, deadline: &mut Deadline) -> Result<Outcome, Error> {
    target_max_with(cells, QUICK_BUDGET, deadline)
}

/// [`target_max`] with the quick bound's node budget, once the root bound is settled, set by
/// the caller. 0 puts the strong bound on every search after the dives, settled or not (the
/// tests use it so that its answers are checked on many grids, not only on the few that need
/// it). [`Error::Timeout`] once `deadline` passes.
pub fn target_max_with(cells: &Grid, quick_budget: u64, deadline: &mut Deadline) -> Result<Outcome, Error> {
    let mut allowed = [0; CELLS];
    allowed.copy_from_slice(&sudoku::candidates(Shape::NINE, cells)?[..CELLS]);
    // A first completion, or none: unsolvable.
    let found = sudoku::nine::search(cells, 1, deadline)?;
    let (first, nodes) = (found.first.ok_or(Error::Unsolvable)?, found.nodes);
    // Whether every given lies on the outer ring (see KEPT_FIRST).
    let on_rim = (0..CELLS).all(|cell| cells[cell] == 0 || weights::weight(cell) == 6);
    let mut slot = MaybeUninit::uninit();
    let mut engine = Engine9::zeroed_in(&mut slot);
    engine.set_reductions_after(u64::MAX);

    let mut solver = Solver {
        engine,
        cells,
        allowed: &allowed,
        quick_budget,
        best: first,
        best_score: score(&first),
        nodes,
        strong_nodes: 0,
        node_evaluations: 0,
        patterns: PatternBound::default(),
        quick_weak: false,
        weak_budget: if on_rim { WEAK_RETRY_BUDGET } else { WEAK_QUICK_BUDGET },
        weights: [1; _],
        kept_limit: if on_rim { KEPT_LIMIT } else { 0 },
        ceiling: i64::MAX,
        kept: None,
        narrowed: allowed,
        deadline,
    };
    let mut relaxation = Relaxation::new(&allowed);
    loop {
        // More subgradient steps, then searches on budget; a search that runs out of budget
        // asks for a tighter bound first. Once the bound can improve no more, the searches run
        // to the end, so the loop always ends in a proof.
        let bound = relaxation.minimise(solver.best_score, PHASE_ITERATIONS, |reduced| solver.dive(reduced));
        let settled = relaxation.exhausted();
        let proven = solver.descend(bound, &relaxation.reduced_costs(), &relaxation.penalties(), settled);
        if solver.deadline.passed() {
            return Err(Error::Timeout);
        }
        if proven {
            let pattern_evaluations = solver.node_evaluations + solver.patterns.evaluations;
            let Solver { best, best_score, nodes, strong_nodes, .. } = solver;
            debug_assert_eq!(score(&best), best_score);
            let bound = bound.div_euclid(SCALE);
            return Ok(Outcome { score: best_score as i32, grid: best, nodes, strong_nodes, pattern_evaluations, bound });
        }
    }
}

/// The state of one [`target_max_with`]: the incumbent, the effort so far, and what every
/// search shares.
struct Solver<'a, 'd> {
    engine: Engine<'a>,
    cells: &'a Grid,
    allowed: &'a [u32; CELLS],
    quick_budget: u64,
    best: Grid,
    best_score: i64,
    nodes: u64,
    strong_nodes: u64,
    /// Pattern-bound evaluations at search nodes (the root checks count in `patterns`).
    node_evaluations: u64,
    patterns: PatternBound,
    /// Set once a quick search ran out of budget on a target the pattern bound then ruled out.
    quick_weak: bool,
    /// The budget of the next quick search over what a check kept (see WEAK_RETRY_BUDGET).
    weak_budget: u64,
    /// The failure weights the last search with the pattern bound left: the next one (for
    /// another target over the same grid) starts from them, which took a further 5-18% off
    /// the climbed sets (see RESTART_NODES).
    weights: Weights,
    /// The nodes the quick searches on the DLX engine may take for the next target (see
    /// KEPT_FIRST): none on a grid with a given off the outer ring.
    kept_limit: u64,
    /// The lowest target proven out so far: no completion scores it or more. Kept across
    /// phases, so that a tighter bound does not send the descent over targets already proven.
    ceiling: i64,
    /// What the last pattern check that could not rule its target out kept: the target, and
    /// the candidates a grid reaching it can use.
    kept: Option<(i64, [u32; CELLS])>,
    /// The candidates of a search over what a check kept (a search borrows its candidates).
    narrowed: [u32; CELLS],
    deadline: &'a mut Deadline<'d>,
}

impl<'a, 'd> Solver<'a, 'd> {
    /// Takes a search's effort and, if it found a better grid, that grid as the incumbent.
    fn record(&mut self, run: &SearchRun) {
        self.nodes += run.nodes;
        if let Some(grid) = run.found.filter(|g| score(g) > self.best_score) {
            self.best = grid;
            self.best_score = score(&grid);
        }
    }

    /// A dive: the first completion in reduced-cost order, usually close to the optimum. A
    /// better incumbent steers the subgradient steps and may prove itself optimal. Returns the
    /// best score known. On the 9x9 bit boards (stronger propagation, and a branch far cheaper
    /// than a DLX node), and on a budget: a dive only helps, and one that finds no completion
    /// soon can wander for a long time.
    fn dive(&mut self, reduced: &ReducedCosts) -> i64 {
        // A timeout ends the dive with nothing found; the caller sees the deadline passed.
        if let Ok(dive) = cost_order::first_by_cost(self.cells, self.allowed, reduced, DIVE_BUDGET, self.deadline) {
            self.record(&SearchRun { found: dive.last, nodes: dive.nodes, complete: true });
        }
        self.best_score
    }

    /// Targets from the bound (`bound`, scaled) down: the first that is reached is the optimum.
    /// While the bound can improve, after DESCENT_STEPS targets that find nothing, one
    /// exhaustive branch and bound between the last target and the incumbent. Once it cannot
    /// (`settled`), the descent goes on target by target, and once the quick bound has proven
    /// weak (a quick search ran out where the pattern bound then ruled its target out), each
    /// target is first put to the pattern bound at the root alone: a few milliseconds a
    /// target, where a quick search would spend its whole budget and an exhaustive search
    /// from a weak incumbent (dives can stay 30 points below the optimum on such grids)
    /// explores every completion between. Returns whether the incumbent is proven optimal;
    /// false when a search ran out of budget while the bound can still improve.
    fn descend(&mut self, bound: i64, reduced: &ReducedCosts, penalty: &ReducedCosts, settled: bool) -> bool {
        let top = bound.div_euclid(SCALE).min(self.ceiling - 1);
        let mut target = top;
        // Dives this far below a settled bound mark the grids where the quick bound is weak
        // (20-30 points on the slowest known); ordinary grids' dives come within a few.
        if settled && top - self.best_score >= WEAK_GAP {
            self.quick_weak = true;
        }
        while target > self.best_score && (settled || top - target < DESCENT_STEPS) {
            if settled && self.quick_weak && self.rules_out(target, DESCENT_PATTERN_STEPS) {
                self.ceiling = target;
                target -= 1;
                continue;
            }
            let run = self.search_to(bound, reduced, penalty, bound - SCALE * target, false, settled);
            self.record(&run);
            if !run.complete || self.deadline.passed() {
                return false;
            }
            if run.found.is_some() {
                target = self.best_score;
            } else {
                self.ceiling = target;
                target -= 1;
            }
        }
        if target > self.best_score {
            let run = self.search_to(bound, reduced, penalty, bound - SCALE * (self.best_score + 1), true, settled);
            self.record(&run);
            // Out of budget, it may still have found a grid just below the ceiling.
            return run.complete || self.best_score >= self.ceiling - 1;
        }
        true
    }

    /// A search to `limit` on the quick bound alone, on budget while the bound can still
    /// improve. Once it cannot (`settled`), a quick search that runs long gives way to the
    /// pattern bound: at the root, where a target it cannot rule out still loses the
    /// candidates no grid reaching it can use, then a dive over what is left, then a search with
    /// the pattern bound at every node and no budget, so it always ends in a proof. Once the
    /// quick bound has proven weak, a short quick search over what the check kept comes
    /// before that search too.
    fn search_to(
        &mut self,
        bound: i64,
        reduced: &ReducedCosts,
        penalty: &ReducedCosts,
        limit: i64,
        exhaustive: bool,
        settled: bool,
    ) -> SearchRun {
        let target = score_within(bound, limit);
        let mut quick_nodes = 0;
        // Once the quick bound has proven weak, `descend` has just put this target to the
        // pattern bound at the root: a dive and a shorter quick search over what that check
        // kept, and no second try at the root.
        let strong_only = settled && self.quick_weak;
        if strong_only && let Some(run) = self.dive_kept(target, reduced, exhaustive, &mut quick_nodes) {
            return run;
        }
        if self.quick_budget > 0 {
            let run = if strong_only {
                let budget = self.weak_budget;
                let run = self.search_kept(target, reduced, penalty, bound).run(limit, exhaustive, budget);
                if !run.complete {
                    self.weak_budget = WEAK_RETRY_BUDGET;
                }
                run
            } else {
                let budget = if settled { self.quick_budget } else { NODE_BUDGET };
                self.search(reduced, Some(penalty), bound, None).run(limit, exhaustive, budget)
            };
            quick_nodes += run.nodes;
            if run.complete || !settled {
                return SearchRun { nodes: quick_nodes, ..run };
            }
        }
        if !strong_only {
            if self.rules_out(target, ROOT_PATTERN_STEPS) {
                self.quick_weak = true;
                return SearchRun { found: None, nodes: quick_nodes, complete: true };
            }
            // No quick search over what the check kept here (unlike once the quick bound has
            // proven weak): with the restarts below, 300 nodes of it saved nothing on any set.
            if let Some(run) = self.dive_kept(target, reduced, exhaustive, &mut quick_nodes) {
                return run;
            }
        }
        // Restarts (see RESTART_NODES), but not for an exhaustive search: what it found before
        // a restart would lower its limit, and the next run would have to start from there.
        let mut budget = if exhaustive { u64::MAX } else { RESTART_NODES };
        let mut weights = self.weights;
        let mut contested = !exhaustive;
        // The quick searches on the DLX engine before and between its runs (see KEPT_FIRST),
        // with failure weights of their own: handing theirs on took the search with the pattern
        // bound twice the nodes on `climbed-proofs-7`.
        let kept = if exhaustive { None } else { self.kept_within(target, penalty, limit) };
        let (mut kept_weights, mut kept_budget, mut kept_nodes) = (self.weights, KEPT_RESTART_NODES, 0);
        let mut proof_nodes = 0;
        loop {
            let share = KEPT_FIRST.saturating_add(KEPT_SHARE.saturating_mul(proof_nodes)).min(self.kept_limit);
            while let Some(allowed) = kept.as_ref().filter(|_| kept_nodes < share) {
                let (engine, deadline) = (&mut self.engine, &mut *self.deadline);
                let (cells, fixing, value, strong, on_dlx) = (self.cells, Some(penalty), bound, None, true);
                let learnt = Some(&mut kept_weights);
                let search = Search { engine, cells, allowed, reduced, fixing, value, strong, deadline, weights: learnt, on_dlx };
                let run = search.run(limit, false, kept_budget);
                kept_nodes += run.nodes;
                if run.complete || self.deadline.passed() {
                    // A run that ends has found a grid reaching the target or proven there is
                    // none (a grid reaching it uses only what the check kept). What the runs
                    // with the pattern bound learnt carries over as when they end.
                    self.weights = weights;
                    return SearchRun { nodes: quick_nodes + proof_nodes + kept_nodes, ..run };
                }
                kept_budget = kept_budget.saturating_mul(2);
            }
            // Through the failure weights, so it carries to the grid's later targets as they do
            // (as measured; their own first items get the same raise). Only once the search
            // with the pattern bound is to run: it costs 50 steps of that bound.
            if contested {
                contested = false;
                if let Some(item) = self.contested_item(target) {
                    weights[item] = weights[item].saturating_add(FIRST_ITEM_WEIGHT);
                }
            }
            let mut at_node = self.patterns.clone();
            let proof = Search { weights: Some(&mut weights), ..self.search(reduced, Some(penalty), bound, Some(&mut at_node)) }
                .run(limit, exhaustive, budget);
            self.strong_nodes += proof.nodes;
            self.node_evaluations += at_node.evaluations - self.patterns.evaluations;
            proof_nodes += proof.nodes;
            if proof.complete || self.deadline.passed() {
                if kept_nodes > 0 {
                    self.kept_limit = KEPT_RETRY_LIMIT;
                }
                self.weights = weights;
                return SearchRun { nodes: quick_nodes + proof_nodes + kept_nodes, ..proof };
            }
            budget = budget.saturating_mul(2);
        }
    }

    /// A dive over the candidates the last pattern check kept for `target` (if it was for this
    /// target), trying first what costs the two bounds least (the row relaxation's reduced
    /// cost plus the pattern bound's shortfall): a grid reaching the target, if it finds one.
    /// Skipped for an exhaustive search, and when the caller asks for the strong bound on
    /// every search. Its branches are added to `nodes`.
    fn dive_kept(&mut self, target: i64, reduced: &ReducedCosts, exhaustive: bool, nodes: &mut u64) -> Option<SearchRun> {
        let narrowed = self.kept_candidates(target).filter(|_| !exhaustive && self.quick_budget > 0)?;
        let shortfall = self.patterns.shortfalls();
        let order: ReducedCosts =
            core::array::from_fn(|cell| core::array::from_fn(|d| shortfall[cell][d].saturating_add(reduced[cell][d])));
        let dive = cost_order::first_by_cost(self.cells, &narrowed, &order, KEPT_DIVE_BUDGET, self.deadline).ok()?;
        *nodes += dive.nodes;
        let grid = dive.last.filter(|g| score(g) >= target)?;
        Some(SearchRun { found: Some(grid), nodes: *nodes, complete: true })
    }

    /// Whether the pattern bound rules `target` out at the root (`steps` steps). If it does
    /// not, the candidates it keeps for the target are kept for [`Solver::search_kept`].
    fn rules_out(&mut self, target: i64, steps: usize) -> bool {
        match self.patterns.tighten(self.allowed, target, steps, self.deadline) {
            None => {
                // The pattern bound's shortfalls are now this check's: none are kept.
                self.kept = None;
                true
            }
            Some(survivors) => {
                self.kept = Some((target, survivors));
                false
            }
        }
    }

    /// The item (as the engine numbers a 9x9 grid's) whose options the pattern bound hesitates
    /// between most, over what the last check kept for `target`: the one whose second most
    /// frequent option is most frequent in the best patterns of CONTESTED_STEPS more steps.
    /// None when that check was for another target.
    fn contested_item(&mut self, target: i64) -> Option<usize> {
        let kept = self.kept_candidates(target)?;
        let mut stepping = self.patterns.clone();
        let counts = stepping.pattern_counts(&kept, target, CONTESTED_STEPS, self.deadline);
        self.node_evaluations += stepping.evaluations - self.patterns.evaluations;
        let shape = Shape::NINE;
        // Each item's options, as (cell, digit) for k = 0..9.
        let cell_of = |r: usize, c: usize| SIDE * r + c;
        let in_box = |b: usize, k: usize| cell_of(b / 3 * 3 + k / 3, b % 3 * 3 + k % 3);
        let mut best = (0, None);
        let mut consider = |item: usize, option: &dyn Fn(usize) -> (usize, usize)| {
            let mut seen = [0u16; SIDE];
            let mut open = 0;
            for (k, seen) in seen.iter_mut().enumerate() {
                let (cell, digit) = option(k);
                if kept[cell] & (1 << digit) != 0 {
                    *seen = counts[cell][digit];
                    open += 1;
                }
            }
            seen.sort_unstable();
            if open >= 2 && seen[SIDE - 2] > best.0 {
                best = (seen[SIDE - 2], Some(item));
            }
        };
        for cell in 0..CELLS {
            consider(shape.cell_item(cell), &|k| (cell, k + 1));
        }
        // Ties go to the first in this order.
        for unit in 0..SIDE {
            for digit in 1..=SIDE {
                consider(shape.row_item(unit, digit), &|k| (cell_of(unit, k), digit));
            }
        }
        for unit in 0..SIDE {
            for digit in 1..=SIDE {
                consider(shape.box_item(unit, digit), &|k| (in_box(unit, k), digit));
            }
        }
        for unit in 0..SIDE {
            for digit in 1..=SIDE {
                consider(shape.col_item(unit, digit), &|k| (cell_of(k, unit), digit));
            }
        }
        best.1
    }

    /// The candidates the last pattern check kept for `target` whose exact penalties are within
    /// `limit` (a grid reaching the target uses no other); None when that check was for another
    /// target, or when the caller asks for the strong bound on every search.
    fn kept_within(&self, target: i64, penalty: &ReducedCosts, limit: i64) -> Option<[u32; CELLS]> {
        let kept = self.kept_candidates(target).filter(|_| self.quick_budget > 0)?;
        Some(core::array::from_fn(|cell| {
            (1..=SIDE).filter(|&d| penalty[cell][d] <= limit).fold(0, |m, d| m | 1 << d) & kept[cell]
        }))
    }

    /// The candidates the last pattern check kept, if it was for `target` (a grid reaching it
    /// uses no other).
    fn kept_candidates(&self, target: i64) -> Option<[u32; CELLS]> {
        let (_, survivors) = self.kept.filter(|&(t, _)| t == target)?;
        Some(core::array::from_fn(|cell| survivors[cell] & self.allowed[cell]))
    }

    /// A quick search (as [`Solver::search`] with penalties) over the candidates the last
    /// pattern check kept for `target`, when it was for this target (a grid reaching it
    /// uses no other); else over every candidate.
    fn search_kept<'s>(
        &'s mut self,
        target: i64,
        reduced: &'s ReducedCosts,
        penalty: &'s ReducedCosts,
        bound: i64,
    ) -> Search<'s, 's, 'a, 'd> {
        self.narrowed = self.kept_candidates(target).unwrap_or(*self.allowed);
        let (engine, deadline) = (&mut self.engine, &mut *self.deadline);
        Search { engine, cells: self.cells, allowed: &self.narrowed, reduced, fixing: Some(penalty), value: bound, strong: None, deadline, weights: None, on_dlx: false }
    }

    /// A search over this grid with `reduced` costs (and `fixing` penalties, if known) at
    /// relaxation value `value`.
    fn search<'s>(
        &'s mut self,
        reduced: &'s ReducedCosts,
        fixing: Option<&'s ReducedCosts>,
        value: i64,
        strong: Option<&'s mut PatternBound>,
    ) -> Search<'s, 's, 'a, 'd> {
        let (engine, deadline) = (&mut self.engine, &mut *self.deadline);
        Search { engine, cells: self.cells, allowed: self.allowed, reduced, fixing, value, strong, deadline, weights: None, on_dlx: false }
    }
}
