//! Target Sudoku (CSU 1605, NOIP 2009 "target sudoku"): the largest weighted score over every
//! completion of a 9x9 grid, proven by branch and bound.
//!
//! The bound is a Lagrangian relaxation of the 0/1 (cell, digit) model (`relaxation`): keep "one
//! digit per cell" and "each digit once per row", so each row is a 9x9 assignment problem
//! (`assignment`, the Hungarian method); move "each digit once per column" and "once per box"
//! into the objective with multipliers, tuned by subgradient steps. For any multipliers and any
//! completion x,
//!
//! ```text
//!     SCALE * score(x) = L - sum over cells of rc(cell, x[cell])
//! ```
//!
//! exactly, where L is the relaxation's value and rc >= 0 the rows' reduced costs. Multipliers
//! are integers in units of 1/SCALE point, so nothing is rounded: seeking a completion of score
//! >= T is seeking one whose reduced costs sum to at most `L - SCALE * T` (a search's limit).
//!
//! [`target_max`] runs in stages:
//!
//! 1. A first completion on the 9x9 bit boards (`sudoku::nine::search`), or none: unsolvable.
//!    It is the first incumbent.
//! 2. A phase of subgradient steps (`PHASE_ITERATIONS`), with dives (`cost_order::first_by_cost`:
//!    the first completion in reduced-cost order) that raise the incumbent and may prove it
//!    optimal at once.
//! 3. A descent over targets from the bound down (`Solver::descend`): the first target a search
//!    reaches is the optimum. While the bound can still tighten (`Phase::Tightening`), quick
//!    searches (`cost_order::costing_at_most`: reduced costs, cheapest first, each board cut
//!    by the cheapest open choice of every open unit of one family) get `NODE_BUDGET` nodes,
//!    and after `DESCENT_STEPS` targets that find nothing one exhaustive branch and bound runs
//!    between the incumbent and the last target (`Goal::Best`). A search that runs out asks
//!    for stage 2 again: more steps pay more than more nodes.
//! 4. Once the bound is as tight as the steps get it (`Phase::Settled`), each target runs to a
//!    proof (`Solver::search_to`): a quick search of `QUICK_BUDGET` nodes; if it runs out, the
//!    pattern bound (`patterns`: one multiplier per cell, each digit's best placement found band
//!    by band) tries to rule the target out at the root; failing that, it keeps the candidates
//!    a grid reaching the target can use (Lagrangian variable fixing), and a dive over just
//!    those (what costs both bounds least first) often finds one.
//! 5. Failing that, the search with the pattern bound (`Solver::prove`): the DLX engine with
//!    every open option built, branching on failure weights with probing, restarted with what
//!    it learnt, and every node the quick bound keeps bounded again by the pattern bound, which
//!    also drops the options no grid reaching the target can use there. Tens of microseconds a
//!    node, but on grids whose few clues crowd one corner, where the row relaxation stays 1.5 to
//!    4 points above the optimum and the quick bound is blind for tens of millions of nodes, the
//!    pattern bound settles them at the root or in a few hundred nodes (see fuzz/regressions).
//!    On grids whose givens all lie on the outer ring, quick runs on the DLX engine over what
//!    the root check kept come before it and between its restarts: there the target the check
//!    cannot rule out is mostly the optimum, which those runs find at a fraction of the cost.
//!
//! Once the quick bound has proven weak on a grid (`QuickBound::Weak`: a quick search ran out
//! where the pattern bound then ruled its target out, or the dives stay `WEAK_GAP` points below
//! the settled bound), and from the start on a grid whose givens all lie on the outer ring (the
//! empty grid too), stage 4 starts with the root check instead, then the dive and a shorter
//! quick search over what it kept (`WEAK_QUICK_BUDGET`). Every path ends in a proof.

pub(crate) mod assignment;
pub(crate) mod cost_order;
pub(crate) mod patterns;
pub(crate) mod relaxation;
mod search;
pub(crate) mod weights;

use core::mem::MaybeUninit;

use self::patterns::PatternBound;
use self::relaxation::{ReducedCosts, Relaxation};
use self::search::{Bounding, Built, Goal, Search, SearchRun, Weights, least_score_costing_at_most};
pub use self::weights::{CELLS, Grid, SCALE, score};
use self::weights::SIDE;
use crate::Error;
use crate::deadline::Deadline;
use crate::sudoku::{self, Engine, Engine9, Shape};

/// Subgradient iterations a phase takes before its searches.
const PHASE_ITERATIONS: usize = 50;
/// Nodes a quick search may take while the bound can still tighten.
const NODE_BUDGET: u64 = 100;
/// Branches a dive may take: a dive only raises the incumbent, and one can wander long.
const DIVE_BUDGET: u64 = 2_000;
/// Branches a dive over the candidates a pattern check kept may take.
const KEPT_DIVE_BUDGET: u64 = 200;
/// Targets tried one by one below a bound that can tighten, before one exhaustive search.
const DESCENT_STEPS: i64 = 3;
/// Nodes a quick search may take once the bound is settled, before the pattern bound takes over.
const QUICK_BUDGET: u64 = 1_500;
/// Nodes of the quick search over what a root check kept, once the quick bound is weak: few,
/// since its targets are mostly proofs, which the search with the pattern bound settles.
const WEAK_QUICK_BUDGET: u64 = 150;
/// Nodes of the first quick run on the DLX engine over what a root check kept; each next doubles.
const KEPT_RESTART_NODES: u64 = 100;
/// Nodes of those runs before the first run with the pattern bound (grids with all givens on the rim).
const KEPT_FIRST: u64 = 700;
/// The most nodes those runs take for one target.
const KEPT_LIMIT: u64 = 3_100;
/// Their limit on later targets, once the search with the pattern bound settled one they could not.
const KEPT_RETRY_LIMIT: u64 = 0;
/// Before each later run with the pattern bound, those runs go on to this many times its nodes.
const KEPT_SHARE: u64 = 20;
/// Points between a settled bound and the incumbent from which the quick bound is taken as weak.
const WEAK_GAP: i64 = 4;
/// Nodes of the first run of the search with the pattern bound; each restart doubles them.
const RESTART_NODES: u64 = 100;
/// Failure weight of the contested item (`Solver::contested_item`): every run branches on it first.
const FIRST_ITEM_WEIGHT: u32 = 1 << 20;
/// Pattern-bound steps whose best patterns are counted to find that item.
const CONTESTED_STEPS: usize = 50;
/// Pattern-bound steps of the root check once a settled quick search has run out.
const ROOT_PATTERN_STEPS: usize = 1_500;
/// Pattern-bound steps of each target's root check once the quick bound is weak (warm-started).
const DESCENT_PATTERN_STEPS: usize = 200;

/// Where the row relaxation stands after a phase of steps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// More steps can still tighten the bound: a search that runs out of `NODE_BUDGET` asks for
    /// another phase instead.
    Tightening,
    /// The bound is as tight as the steps get it: every search runs to a proof.
    Settled,
}

/// How far the quick bound is trusted on this grid; it only ever goes from trusted to weak.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum QuickBound {
    /// A settled target gets a quick search first, then the pattern bound at the root.
    Trusted,
    /// A settled target goes to the pattern bound at the root first (on such grids a quick
    /// search would spend its whole budget, and dives can stay 30 points below the optimum),
    /// then to a dive and a quick search over what that check kept.
    Weak,
}

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
    let found = sudoku::nine::search_on_cells(cells, 1, deadline)?;
    let (first, nodes) = (found.first.ok_or(Error::Unsolvable)?, found.nodes);
    // Whether every given lies on the outer ring, vacuously so on the empty grid (see stage 5).
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
        // On the outer ring a settled quick search on the bit boards never ended in the sets
        // measured (its 1,500 nodes were 2-8% of their instructions).
        quick: if on_rim { QuickBound::Weak } else { QuickBound::Trusted },
        weights: [1; _],
        kept_limit: if on_rim { KEPT_LIMIT } else { 0 },
        ceiling: i64::MAX,
        kept: None,
        narrowed: allowed,
        built: Built::new(),
        deadline,
    };
    let mut relaxation = Relaxation::new(&allowed);
    loop {
        // More subgradient steps, then searches on budget; a search that runs out of budget
        // asks for a tighter bound first. Once the bound can improve no more, the searches run
        // to the end, so the loop always ends in a proof.
        let bound = relaxation.minimise(solver.best_score, PHASE_ITERATIONS, |reduced| solver.dive(reduced));
        let phase = if relaxation.exhausted() { Phase::Settled } else { Phase::Tightening };
        let proven = solver.descend(bound, &relaxation.reduced_costs(), &relaxation.penalties(), phase);
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
    /// How far the quick bound is trusted on this grid.
    quick: QuickBound,
    /// The failure weights the last search with the pattern bound left: the next one (for
    /// another target over the same grid) starts from them.
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
    /// What the engine holds from the last search on it.
    built: Built,
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

    /// Targets from the bound (`bound`, scaled) down: the first that is reached is the optimum
    /// (stages 3 to 5 of the module doc). While the bound can tighten, after DESCENT_STEPS
    /// targets that find nothing, one exhaustive branch and bound between the last target and
    /// the incumbent. Once it is settled, the descent goes on target by target, and once the
    /// quick bound is weak, each target is first put to the pattern bound at the root alone: a
    /// few milliseconds a target, where a quick search would spend its whole budget and an
    /// exhaustive search from a weak incumbent explores every completion between. Returns
    /// whether the incumbent is proven optimal; false when a search ran out of budget while the
    /// bound can still tighten.
    fn descend(&mut self, bound: i64, reduced: &ReducedCosts, penalty: &ReducedCosts, phase: Phase) -> bool {
        // Every search of the descent has these reduced costs: a matrix built for others is not
        // taken up again.
        self.built.forget();
        let top = bound.div_euclid(SCALE).min(self.ceiling - 1);
        let mut target = top;
        let settled = phase == Phase::Settled;
        // Dives this far below a settled bound mark the grids where the quick bound is weak
        // (20-30 points on the slowest known); ordinary grids' dives come within a few.
        if settled && top - self.best_score >= WEAK_GAP {
            self.quick = QuickBound::Weak;
        }
        while target > self.best_score && (settled || top - target < DESCENT_STEPS) {
            if settled && self.quick == QuickBound::Weak && self.rules_out(target, DESCENT_PATTERN_STEPS) {
                self.ceiling = target;
                target -= 1;
                continue;
            }
            let run = self.search_to(bound, reduced, penalty, bound - SCALE * target, Goal::Reach, phase);
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
            let limit = bound - SCALE * (self.best_score + 1);
            let run = self.search_to(bound, reduced, penalty, limit, Goal::Best, phase);
            self.record(&run);
            // Out of budget, it may still have found a grid just below the ceiling.
            return run.complete || self.best_score >= self.ceiling - 1;
        }
        true
    }

    /// A search to `limit` (stages 3 to 5 of the module doc): on the quick bound alone, on budget,
    /// while the bound can still tighten; once it cannot, always to a proof.
    fn search_to(
        &mut self,
        bound: i64,
        reduced: &ReducedCosts,
        penalty: &ReducedCosts,
        limit: i64,
        goal: Goal,
        phase: Phase,
    ) -> SearchRun {
        let target = least_score_costing_at_most(bound, limit);
        let to = Terms { target, reduced, penalty, bound, limit, goal };
        let mut quick_nodes = 0;
        let answered = if phase == Phase::Settled && self.quick == QuickBound::Weak {
            self.after_weak_check(&to, &mut quick_nodes)
        } else {
            self.quick_then_root_check(&to, phase, &mut quick_nodes)
        };
        answered.unwrap_or_else(|| self.prove(&to, quick_nodes))
    }

    /// The quick search (with penalties), on `NODE_BUDGET` while the bound can tighten (its run
    /// is then the answer, complete or not) and on the caller's quick budget once it is
    /// settled; if that runs out, the pattern bound at the root and a dive over what it kept.
    /// None when the target is still open: the search with the pattern bound must settle it.
    fn quick_then_root_check(&mut self, to: &Terms<'_>, phase: Phase, quick_nodes: &mut u64) -> Option<SearchRun> {
        if self.quick_budget > 0 {
            let budget = match phase {
                Phase::Tightening => NODE_BUDGET,
                Phase::Settled => self.quick_budget,
            };
            let quick = self.search(to.reduced, Some(to.penalty), to.bound, Bounding::QuickOnBitBoards);
            let run = quick.run(to.limit, to.goal, budget);
            *quick_nodes += run.nodes;
            if run.complete || phase == Phase::Tightening {
                return Some(SearchRun { nodes: *quick_nodes, ..run });
            }
        }
        if self.rules_out(to.target, ROOT_PATTERN_STEPS) {
            self.quick = QuickBound::Weak;
            return Some(SearchRun { found: None, nodes: *quick_nodes, complete: true });
        }
        // No quick search over what the check kept here (unlike once the quick bound is weak):
        // with the restarts of the search with the pattern bound it saved nothing.
        self.dive_kept(to.target, to.reduced, to.goal, quick_nodes)
    }

    /// Once the quick bound is weak, `descend` has just put the target to the pattern bound at
    /// the root: a dive and a quick search (`WEAK_QUICK_BUDGET` nodes) over what that check kept,
    /// and no second try at the root. None when the target is still open.
    fn after_weak_check(&mut self, to: &Terms<'_>, quick_nodes: &mut u64) -> Option<SearchRun> {
        if let Some(run) = self.dive_kept(to.target, to.reduced, to.goal, quick_nodes) {
            return Some(run);
        }
        if self.quick_budget > 0 {
            let run = self.search_kept(to.target, to.reduced, to.penalty, to.bound).run(to.limit, to.goal, WEAK_QUICK_BUDGET);
            *quick_nodes += run.nodes;
            if run.complete {
                return Some(SearchRun { nodes: *quick_nodes, ..run });
            }
        }
        None
    }

    /// The search with the pattern bound at every node, restarted with the failure weights it
    /// learnt (see RESTART_NODES), but not for an exhaustive search: what it found before a
    /// restart would lower its limit, and the next run would have to start from there. Before
    /// its first run and between its runs, quick runs on the DLX engine over what the root check
    /// kept (see KEPT_FIRST), with failure weights of their own (handing theirs on cost the
    /// search with the pattern bound twice the nodes). Always ends in a proof (or the deadline).
    fn prove(&mut self, to: &Terms<'_>, quick_nodes: u64) -> SearchRun {
        let mut budget = match to.goal {
            Goal::Reach => RESTART_NODES,
            Goal::Best => u64::MAX,
        };
        let mut weights = self.weights;
        let mut contested = to.goal == Goal::Reach;
        let kept = match to.goal {
            Goal::Reach => self.kept_penalty_at_most(to.target, to.penalty, to.limit),
            Goal::Best => None,
        };
        let order = self.both_bounds_order(to);
        let mut runs = KeptRuns { weights: self.weights, budget: KEPT_RESTART_NODES, nodes: 0 };
        let mut proof_nodes = 0;
        // The runs' roots make the same call of the pattern bound.
        let mut root_memo = None;
        loop {
            let share = KEPT_FIRST.saturating_add(KEPT_SHARE.saturating_mul(proof_nodes)).min(self.kept_limit);
            if let Some(allowed) = &kept
                && let Some(run) = self.run_kept(allowed, to, share, &mut runs)
            {
                // What the runs with the pattern bound learnt carries over as when they end.
                self.weights = weights;
                return SearchRun { nodes: quick_nodes + proof_nodes + runs.nodes, ..run };
            }
            // Through the failure weights, so it carries to the grid's later targets as they do
            // (their own first items get the same raise). Only once the search with the pattern
            // bound is to run: it costs 50 steps of that bound.
            if contested {
                contested = false;
                if let Some(item) = self.contested_item(to.target) {
                    weights[item] = weights[item].saturating_add(FIRST_ITEM_WEIGHT);
                }
            }
            let mut at_node = self.patterns.clone();
            let strong = self.search(to.reduced, Some(to.penalty), to.bound, Bounding::Patterns(&mut at_node, &mut root_memo));
            let proof = Search { weights: Some(&mut weights), order: order.as_ref(), ..strong }.run(to.limit, to.goal, budget);
            self.strong_nodes += proof.nodes;
            self.node_evaluations += at_node.evaluations - self.patterns.evaluations;
            proof_nodes += proof.nodes;
            if proof.complete || self.deadline.passed() {
                if runs.nodes > 0 {
                    self.kept_limit = KEPT_RETRY_LIMIT;
                }
                self.weights = weights;
                return SearchRun { nodes: quick_nodes + proof_nodes + runs.nodes, ..proof };
            }
            budget = budget.saturating_mul(2);
        }
    }

    /// Quick runs on the DLX engine over `allowed` (what the root check kept), restarted with
    /// the failure weights they learnt and their budget doubled, until they have taken `share`
    /// nodes in all (`runs.nodes`): the run that ends, if one does (a grid reaching the target
    /// uses only what the check kept, so one that ends finds one or proves there is none).
    fn run_kept(&mut self, allowed: &[u32; CELLS], to: &Terms<'_>, share: u64, runs: &mut KeptRuns) -> Option<SearchRun> {
        while runs.nodes < share {
            let (engine, deadline, built) = (&mut self.engine, &mut *self.deadline, &mut self.built);
            let (cells, reduced, fixing, value) = (self.cells, to.reduced, Some(to.penalty), to.bound);
            let (bounding, weights) = (Bounding::QuickOnDlx, Some(&mut runs.weights));
            let order = None;
            let search = Search { engine, cells, allowed, reduced, fixing, value, bounding, deadline, weights, built, order };
            let run = search.run(to.limit, Goal::Reach, runs.budget);
            runs.nodes += run.nodes;
            if run.complete || self.deadline.passed() {
                return Some(run);
            }
            runs.budget = runs.budget.saturating_mul(2);
        }
        None
    }

    /// A dive over the candidates the last pattern check kept for `target` (if it was for this
    /// target), trying first what costs the two bounds least (the row relaxation's reduced
    /// cost plus the pattern bound's shortfall): a grid reaching the target, if it finds one.
    /// Skipped for an exhaustive search, and when the caller asks for the strong bound on
    /// every search. Its branches are added to `nodes`.
    fn dive_kept(&mut self, target: i64, reduced: &ReducedCosts, goal: Goal, nodes: &mut u64) -> Option<SearchRun> {
        let narrowed = self.kept_candidates(target).filter(|_| goal == Goal::Reach && self.quick_budget > 0)?;
        let shortfall = self.patterns.shortfalls();
        let order: ReducedCosts =
            core::array::from_fn(|cell| core::array::from_fn(|d| shortfall[cell][d].saturating_add(reduced[cell][d])));
        let dive = cost_order::first_by_cost(self.cells, &narrowed, &order, KEPT_DIVE_BUDGET, self.deadline).ok()?;
        *nodes += dive.nodes;
        let grid = dive.last.filter(|g| score(g) >= target)?;
        Some(SearchRun { found: Some(grid), nodes: *nodes, complete: true })
    }

    /// For a target's search with the pattern bound, the order in which it tries each item's
    /// options: what costs both bounds least first (the row relaxation's reduced cost plus the
    /// pattern bound's shortfall where this target's root check ended, as [`Solver::dive_kept`]
    /// tries them), rather than the reduced cost alone: its first grids come nearer the target
    /// (climbed sets 5-19% fewer instructions, docs/design.md). None when the last check was
    /// for another target, or for an exhaustive search.
    fn both_bounds_order(&self, to: &Terms<'_>) -> Option<ReducedCosts> {
        self.kept.filter(|&(target, _)| target == to.target && to.goal == Goal::Reach)?;
        let shortfall = self.patterns.shortfalls();
        Some(core::array::from_fn(|cell| core::array::from_fn(|d| shortfall[cell][d].saturating_add(to.reduced[cell][d]))))
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

    /// The candidates the last pattern check kept for `target` whose exact penalties are at
    /// most `limit` (a grid reaching the target uses no other); None when that check was for
    /// another target, or when the caller asks for the strong bound on every search.
    fn kept_penalty_at_most(&self, target: i64, penalty: &ReducedCosts, limit: i64) -> Option<[u32; CELLS]> {
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
        let (engine, deadline, built) = (&mut self.engine, &mut *self.deadline, &mut self.built);
        let (cells, allowed, fixing, bounding) = (self.cells, &self.narrowed, Some(penalty), Bounding::QuickOnBitBoards);
        let order = None;
        Search { engine, cells, allowed, reduced, fixing, value: bound, bounding, deadline, weights: None, built, order }
    }

    /// A search over this grid with `reduced` costs (and `fixing` penalties, if known) at
    /// relaxation value `value`.
    fn search<'s>(
        &'s mut self,
        reduced: &'s ReducedCosts,
        fixing: Option<&'s ReducedCosts>,
        value: i64,
        bounding: Bounding<'s>,
    ) -> Search<'s, 's, 'a, 'd> {
        let (engine, deadline, built) = (&mut self.engine, &mut *self.deadline, &mut self.built);
        let allowed = self.allowed;
        let (cells, weights, order) = (self.cells, None, None);
        Search { engine, cells, allowed, reduced, fixing, value, bounding, deadline, weights, built, order }
    }
}

/// The quick runs on the DLX engine before and between the runs of the search with the pattern
/// bound, for one target: their failure weights, the next run's budget, and their nodes so far.
struct KeptRuns {
    weights: Weights,
    budget: u64,
    nodes: u64,
}

/// One target's search: the least score sought (`target`), the relaxation's reduced costs and
/// exact penalties at its value `bound` (scaled), the reduced costs' `limit`, and the goal.
struct Terms<'r> {
    target: i64,
    reduced: &'r ReducedCosts,
    penalty: &'r ReducedCosts,
    bound: i64,
    limit: i64,
    goal: Goal,
}
