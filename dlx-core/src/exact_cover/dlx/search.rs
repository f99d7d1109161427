//! The search: Algorithm X as one iterative loop over an explicit stack of chosen nodes, and
//! what its callbacks may ask of the engine while it runs (depth, chosen options, stop, a
//! deadline). The loop reads as the algorithm; each step of it is a function below.

use super::choice::Choice;
use super::links::Move;
use super::{Dlx, Flow, Index, OptionRef, SearchStats};
use crate::deadline::Deadline;

/// Where the search loop goes next.
enum Step {
    /// A new node: ask `keep`, report a cover, or branch.
    Enter,
    /// Try the next option of the item branched on at this level.
    Try,
    /// Undo this level's option and go back up.
    Backtrack,
}

impl<I: Index> Dlx<'_, I> {
    /// Algorithm X, iterative: steps X2-X8 of DLX1, branching on the item the [`Choice`] rule
    /// picks.
    /// Calls `on_solution` for each exact cover (extending the selected options) until it says
    /// [`Flow::Stop`] or the space is exhausted. Either way the matrix is restored to its state
    /// before the call, so the same engine can be searched again.
    #[cfg(any(test, feature = "internals"))] // tests and benchmarks
    pub fn search(&mut self, on_solution: impl FnMut(&Self) -> Flow) -> SearchStats {
        self.search_pruned(|_| true, on_solution)
    }

    /// [`search`](Self::search) with a bound: `keep` is asked at every node of the search
    /// tree, before it branches (and before a complete cover is reported), and a `false`
    /// treats the node as a dead end. It may also [`discard`](Self::discard) options the
    /// bound rules out below that node. Branch and bound is built on this.
    ///
    /// With [`Choice::Dlx1`] and neither probing nor reductions, the search runs a lean
    /// variant of the same steps: covering keeps only the links and lengths (not the packed
    /// items, the short-item set or failure weights), and the choice is DLX1's scan of the
    /// item ring. Measured on 11 queens, that path does 30% fewer instructions (157M -> 110M;
    /// DLX1 101M); where most choices are forced (Sudoku, the target search) the short-item
    /// set pays more than it costs.
    ///
    /// One loop serves both: only covering, uncovering and the choice are specialised (one
    /// predictable branch a call, in `apply`), so the callbacks keep a single call site each,
    /// which the compiler inlines (a loop per variant cost the target search 12% more
    /// instructions). The loop's steps, the functions after this one, are always inlined into
    /// it for the same reason.
    pub fn search_pruned(
        &mut self,
        mut keep: impl FnMut(&mut Self) -> bool,
        mut on_solution: impl FnMut(&Self) -> Flow,
    ) -> SearchStats {
        let lean = self.start_search();
        let base = self.level;
        let mut stats = SearchStats::default();
        let mut step = Step::Enter;
        loop {
            step = match step {
                Step::Enter => {
                    self.removed.start_level(self.level);
                    if !keep(self) {
                        self.cut(base);
                        Step::Backtrack
                    } else if self.rlink[0].to_usize() == 0 {
                        stats.solutions += 1;
                        if on_solution(self) == Flow::Stop {
                            self.stopping = true;
                        }
                        self.restore_removed();
                        Step::Backtrack
                    } else {
                        self.branch(lean);
                        Step::Try
                    }
                }
                Step::Try => self.try_next(lean, &mut stats),
                Step::Backtrack => {
                    if self.level == base {
                        break;
                    }
                    self.backtrack(lean)
                }
            };
        }
        self.lean = false;
        stats
    }

    /// Sets up a search: whether it runs lean, and the reductions as
    /// [`set_reductions_after`](Self::set_reductions_after) says.
    #[inline(always)]
    fn start_search(&mut self) -> bool {
        let lean = self.choice == Choice::Dlx1 && !self.probing.on && self.reductions.after == u64::MAX;
        self.lean = lean;
        self.open = self.active.len();
        self.reductions.on = false;
        self.reductions.noting = false;
        if self.reductions.after == 0 {
            self.reductions.start();
        }
        self.stopping = false;
        lean
    }

    /// `keep` cut this node: a dead end. A cut counts against the item branched on above: the
    /// weights then learn where a bound cuts, not only where items empty. On the target
    /// search's slowest proofs that halved their nodes with its bound at every node
    /// (docs/design.md).
    #[inline(always)]
    fn cut(&mut self, base: usize) {
        if self.level > base {
            let item = self.nodes[self.chosen[self.level - 1].to_usize()].top.to_usize();
            self.count_failure(item);
        }
        self.restore_removed();
    }

    /// Branches at this node: reductions and probing if on, the choice of an item (an empty
    /// one is a dead end, counted against the item whose covering emptied it), its cover, and
    /// its first option up next.
    #[inline(always)]
    fn branch(&mut self, lean: bool) {
        if self.reductions.on {
            self.reduce();
        }
        let item = if lean { self.first_fewest() } else { self.choose_item() };
        if self.probing.on && self.nodes[item].top.to_usize() >= 2 {
            self.probe(item);
        }
        if self.nodes[item].top.to_usize() == 0 {
            let culprit = if self.emptied != 0 { self.emptied } else { item };
            self.count_failure(culprit);
        }
        self.emptied = 0;
        self.apply(lean, Move::Cover, item);
        self.chosen[self.level] = self.nodes[item].down;
    }

    /// Tries this level's next option, or backtracks when the item's list is done.
    #[inline(always)]
    fn try_next(&mut self, lean: bool, stats: &mut SearchStats) -> Step {
        let x = self.chosen[self.level].to_usize();
        if x <= self.items {
            // Back at the header: every option of item x has been tried.
            self.apply(lean, Move::Uncover, x);
            self.restore_removed();
            Step::Backtrack
        } else {
            stats.nodes += 1;
            if stats.nodes == self.reductions.after {
                self.reductions.start();
            }
            self.apply(lean, Move::CoverRest, x);
            self.level += 1;
            Step::Enter
        }
    }

    /// Goes back up one level (not past the search's base) and undoes its option; then the
    /// next option there, unless the search is stopping, which unwinds every level.
    #[inline(always)]
    fn backtrack(&mut self, lean: bool) -> Step {
        self.level -= 1;
        let x = self.chosen[self.level].to_usize();
        self.apply(lean, Move::UncoverRest, x);
        if self.stopping {
            let item = self.nodes[x].top.to_usize();
            self.apply(lean, Move::Uncover, item);
            self.restore_removed();
            Step::Backtrack
        } else {
            self.chosen[self.level] = self.nodes[x].down;
            Step::Try
        }
    }

    /// Levels of the search in force (selected options included): inside `keep` and the
    /// solution callback, the number of options chosen.
    pub fn depth(&self) -> usize {
        self.level
    }

    /// Primary items not yet covered.
    pub fn open_primary(&self) -> usize {
        if self.lean { self.open } else { self.active.len() }
    }

    /// Ends the running search from its `keep` callback: it unwinds without trying more
    /// options, restoring the matrix as usual.
    pub fn stop(&mut self) {
        self.stopping = true;
    }

    /// For a `keep` callback: counts a node against `deadline` and, once it has passed, stops
    /// the search. Whether the node may be expanded.
    pub fn within(&mut self, deadline: &mut Deadline) -> bool {
        if deadline.tick(1) {
            self.stop();
        }
        !deadline.passed()
    }

    /// The options chosen so far: selected ones, then the search's. Inside a solution
    /// callback, these are the options of that solution.
    pub fn chosen(&self) -> impl Iterator<Item = OptionRef> + '_ {
        self.chosen[..self.level].iter().map(|&x| self.option_of(x.to_usize()))
    }

    /// One node of each option [`chosen`](Self::chosen) so far, in the same order: for a
    /// caller's per-node table (as [`top_node`](Self::top_node)'s), without the walk from each
    /// node to its option.
    pub(crate) fn chosen_nodes(&self) -> impl Iterator<Item = usize> + '_ {
        self.chosen[..self.level].iter().map(|&x| x.to_usize())
    }
}
