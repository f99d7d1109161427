//! Restarts: when the search goes back to level 0 (after the first 100 conflicts, then on
//! Luby's sequence), keeping what it has learnt, and what runs there: the caller's reasoning
//! over what is proven at level 0 (the root hook; Hall sets for Sudoku), and in tests the
//! invariant checker.

use super::lit::{Lit, PackedReason, Value};
use super::{Learner, Matrix, RootHook};

/// The first restart, early so that the caller's reasoning at the root (see
/// [`Learner::solve_within`]) runs soon: for Sudoku, the Hall sets prove the box family there.
const FIRST_RESTART: u64 = 100;
/// Conflicts per unit of the Luby sequence of the later restarts: on isomorphs of the hardest
/// 16x16 puzzles, 1,000, 2,000 and 4,000 did alike, with half as many over 8,000 conflicts as
/// 100 (docs/design.md).
const LUBY_UNIT: u64 = 1000;

impl<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> Learner<M, ITEMS, OPTIONS, STORE> {
    /// Starts the restart schedule afresh.
    pub(super) fn start_restarts(&mut self) {
        self.luby = (1, 1);
        self.next_restart = FIRST_RESTART;
    }

    /// Goes back to level 0, schedules the next restart and lets `root` reason there; false
    /// when that proves no cover exists.
    pub(super) fn restart(&mut self, root: RootHook<'_>) -> bool {
        // Knuth's reluctant doubling gives the Luby sequence 1, 1, 2, 1, 1, 2, 4, ...
        let (u, v) = self.luby;
        self.luby = if u & u.wrapping_neg() == v { (u + 1, 1) } else { (u, v * 2) };
        self.next_restart = self.stats.conflicts + self.luby.1 * LUBY_UNIT;
        self.stats.restarts += 1;
        self.cancel_until(0);
        self.check_if_asked();
        self.reason_at_root(root)
    }

    /// Lets `root` (see [`solve_within`](Self::solve_within)) rule options out at level 0; the
    /// search propagates them next. False when `root` finds no cover, or rules out a chosen
    /// option.
    fn reason_at_root(&mut self, root: RootHook<'_>) -> bool {
        debug_assert_eq!(self.levels, 0);
        // Level 0 only ever grows, so an unchanged length is an unchanged state, which `root`
        // has seen already.
        if self.trail_len == self.root_reasoned {
            return true;
        }
        self.root_reasoned = self.trail_len;
        let open = self.open;
        let mut consistent = true;
        let possible = root(&open[..self.matrix.items()], &mut |o| {
            if o >= self.matrix.options() || self.val[o] == Value::Chosen {
                consistent = false;
            } else if self.val[o] == Value::Open {
                self.assign(Lit::excluded(o), PackedReason::DECIDED);
            }
        });
        possible && consistent
    }
}
