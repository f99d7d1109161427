//! Probing before branching: each option of the chosen item is tried with forced-move
//! propagation, and the options whose trial empties an item are removed for the subtree. A
//! trial is cheap because `hide` queues the items it shortens to one or zero, so propagation
//! costs what it changes instead of a scan of every item per forced step.

use super::collections::Stack;
use super::{Dlx, Index};

/// Probing's part of the engine.
pub(super) struct Probing<'m, I> {
    /// Whether the search probes (see [`Dlx::set_probing`]).
    pub(super) on: bool,
    /// Whether a probe's trial is running, so `hide` queues items in `forced`.
    pub(super) tracking: bool,
    /// While a trial runs: primary items whose length fell to one or zero, in that order.
    /// Lengths only fall during a trial, so each item enters at most twice (at one, at zero):
    /// two item capacities.
    pub(super) forced: Stack<'m, I>,
}

impl<I: Index> Dlx<'_, I> {
    /// Turns probing on or off (on after [`zeroed_in`](super::Storage::zeroed_in)); kept
    /// across [`reset`](Self::reset). With probing, before branching on an item the search
    /// tries each of its options with forced-move propagation and removes (for that subtree)
    /// every option whose trial runs into an empty item.
    pub fn set_probing(&mut self, probing: bool) {
        self.probing.on = probing;
    }

    /// Tries each option of `item` with forced-move propagation and removes those that fail.
    ///
    /// The trials share one cover of `item` while none fails: a trial leaves the matrix (and
    /// the packed order, where `item` already stands last) as it found it, so the next would
    /// only redo the same cover and queue the same items. A failed option is removed with
    /// `item` uncovered, as the search sees it, and the next trial covers `item` afresh. The
    /// trials, their queues and so the search are the same as with a cover a trial.
    pub(super) fn probe(&mut self, item: usize) {
        // Items the cover of `item` queued, while it is covered; `None` while it is not.
        let mut shared: Option<usize> = None;
        let mut x = self.nodes[item].down.to_usize();
        while x != item {
            // The item's own list is untouched by its cover and by the trials.
            let next = self.nodes[x].down.to_usize();
            let queued = match shared {
                Some(queued) => queued,
                None => {
                    self.probing.tracking = true;
                    self.reductions.noting = false;
                    self.probing.forced.clear();
                    self.cover::<false, false>(item);
                    self.probing.forced.len()
                }
            };
            shared = Some(queued);
            if !self.trial(x, queued) {
                self.end_trials(item);
                shared = None;
                self.remove_option(self.option_of(x).0);
            }
            x = next;
        }
        if shared.is_some() {
            self.end_trials(item);
        }
        self.emptied = 0;
    }

    /// Uncovers `item` after its trials, with the queue and the reductions' noting off.
    fn end_trials(&mut self, item: usize) {
        self.probing.tracking = false;
        self.reductions.noting = self.reductions.on;
        self.uncover::<false, false>(item);
    }

    /// Whether choosing option node `x` of the covered item, then every option that becomes
    /// forced in turn, leaves no item empty. The queue holds what the item's cover queued, its
    /// first `queued` entries. Leaves the matrix as it found it.
    fn trial(&mut self, x: usize, queued: usize) -> bool {
        self.probing.forced.truncate(queued);
        self.cover_rest::<false, false>(x);
        // Forced options are stacked in `chosen` above the current level.
        let base = self.level + 1;
        let mut top = base;
        let mut alive = true;
        let mut next = 0;
        while next < self.probing.forced.len() {
            let i = self.probing.forced.get(next).to_usize();
            next += 1;
            if !self.is_active(i) {
                continue;
            }
            match self.nodes[i].top.to_usize() {
                0 => {
                    // A failure the search never sees as a dead end: credit it to the item
                    // all the same, or the weights stop learning once probing is on.
                    self.count_failure(i);
                    alive = false;
                    break;
                }
                1 => {
                    let y = self.nodes[i].down.to_usize();
                    self.cover::<false, false>(i);
                    self.cover_rest::<false, false>(y);
                    self.chosen[top] = I::from_usize(y);
                    top += 1;
                }
                _ => {}
            }
        }
        while top > base {
            top -= 1;
            let y = self.chosen[top].to_usize();
            self.uncover_rest::<false, false>(y);
            self.uncover::<false, false>(self.nodes[y].top.to_usize());
        }
        self.uncover_rest::<false, false>(x);
        alive
    }
}
