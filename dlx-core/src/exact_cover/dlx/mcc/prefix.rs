//! A piece's decisions in the general search, and its tree walked one step at a time (for the
//! split and the estimate): the counterpart of `dlx::prefix` for colors, bounds and costs.
//! Every change goes on the trail, so [`Dlx::undo_mcc`] takes back steps and decisions alike.

use super::{Rules, Work};
use crate::exact_cover::dlx::{Dlx, Index, OptionRef, Prefix};

/// What the general search does at a node of its tree (for [`Goal::All`](super::Goal::All)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// Nothing below: a solution with no option left to add, or a dead end.
    Done,
    /// Each option of this item's list in turn (DLX's branching), the node a solution or not.
    Options(usize),
    /// The option of this node in, then out.
    InOut(usize),
}

impl<I: Index> Dlx<'_, I> {
    /// Sets `work` up for a search from the whole matrix: nothing chosen, nothing on the trail.
    pub(super) fn start_mcc(&mut self, rules: &Rules<'_>, work: &mut Work<'_>) {
        self.open = self.primary;
        work.trail_len = 0;
        work.picked_len = 0;
        work.cost = 0;
        work.count[..=self.items].fill(0);
        work.in_force[..=self.items].fill(0);
        work.stamp.fill(0);
        work.now = 0;
        work.seeded = false;
        (work.tries, work.wins, work.passed) = (0, 0, 0);
        work.needy = (1..=self.primary).filter(|&i| rules.lo[i] > 0).count();
    }

    /// Applies `prefix` after [`start_mcc`](Self::start_mcc): the excluded options out, the
    /// included ones in (picked, so that solutions report them). False when the decisions
    /// contradict each other or the problem; either way `undo_mcc(rules, work, 0)` takes
    /// back what was done.
    pub(super) fn enter_mcc(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, prefix: &Prefix<'_>) -> bool {
        for first in prefix.excluded() {
            if !self.is_linked(OptionRef(first)) {
                return false;
            }
            self.exclude(work, first);
        }
        for first in prefix.included() {
            if !self.available(first) {
                return false;
            }
            self.include(rules, work, first);
        }
        true
    }

    /// Starts a walk of the tree of the search for every solution under `prefix`: false when
    /// the prefix is contradictory (undo with [`undo_mcc`](Self::undo_mcc) to 0 either way).
    pub fn open_mcc(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, prefix: &Prefix<'_>) -> bool {
        self.start_mcc(rules, work);
        self.enter_mcc(rules, work, prefix)
    }

    /// How the search for every solution branches at this node, as [`Dlx::search_mcc`]
    /// decides.
    pub fn branch_mcc(&self, rules: &Rules<'_>, work: &Work<'_>) -> Branch {
        if work.needy == 0 {
            return self.first_addable().map_or(Branch::Done, |i| Branch::InOut(self.nodes[i].down.to_usize()));
        }
        match self.choose_mcc(rules, work) {
            None => Branch::Done,
            Some((item, true)) => Branch::Options(item),
            Some((item, false)) => Branch::InOut(self.nodes[item].down.to_usize()),
        }
    }

    /// Where the trail is: what [`undo_mcc`](Self::undo_mcc) goes back to.
    pub fn mark_mcc(&self, work: &Work<'_>) -> usize {
        work.trail_len
    }

    /// One step down: the option of node `x` in (a child of [`Branch::Options`], whose state
    /// is the search's with the item covered first), or out.
    pub fn step_mcc(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, x: usize, include: bool) {
        if include { self.include(rules, work, x) } else { self.exclude(work, x) }
    }

    /// Takes back every step and decision after `mark`.
    pub fn undo_mcc(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, mark: usize) {
        self.undo_to(rules, work, mark);
    }
}
