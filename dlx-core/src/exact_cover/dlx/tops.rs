//! A log of the primary items whose top option changed (or that were covered or uncovered)
//! by the search's own moves, for a caller that keeps a sum over the open items' top options
//! up to date instead of walking them at every node (the target search's quick bound). A
//! probe's trials are not logged: each leaves the lists as it found them.

use super::collections::Stack;
use super::{Dlx, Index};

/// The log's part of the engine.
pub(super) struct TopLog<'m, I> {
    /// Whether the search's moves are logged (see [`Dlx::log_tops`]).
    pub(super) on: bool,
    /// Whether an entry did not fit since the log was last read: the reader then takes
    /// every item as changed.
    overflowed: bool,
    items: Stack<'m, I>,
}

impl<'m, I: Index> TopLog<'m, I> {
    pub(super) fn new(items: Stack<'m, I>) -> Self {
        TopLog { on: false, overflowed: false, items }
    }
}

impl<I: Index> Dlx<'_, I> {
    /// Starts (or stops) logging the primary items whose top option, or whose being open,
    /// the search's moves change; the log starts empty.
    pub(crate) fn log_tops(&mut self, on: bool) {
        self.tops.on = on;
        self.tops.overflowed = false;
        self.tops.items.clear();
    }

    /// Calls `changed` on each item logged since the last call (an item may come more than
    /// once) and empties the log; false, calling nothing, if the log overflowed (every item
    /// may have changed).
    pub(crate) fn drain_tops(&mut self, mut changed: impl FnMut(&Self, usize)) -> bool {
        let complete = !self.tops.overflowed;
        if complete {
            for k in 0..self.tops.items.len() {
                changed(self, self.tops.items.get(k).to_usize());
            }
        }
        self.tops.overflowed = false;
        self.tops.items.clear();
        complete
    }

    /// Whether primary item `item` is open (not covered).
    pub(crate) fn is_open(&self, item: usize) -> bool {
        debug_assert!(self.is_primary(item));
        self.active.contains(item)
    }

    /// Logs `item` if it is primary: the walks over an option's nodes meet secondary items
    /// too. The callers log only while the log is on.
    #[inline(always)]
    pub(super) fn note_top(&mut self, item: usize) {
        if self.is_primary(item) {
            self.note_primary_top(item);
        }
    }

    /// [`Dlx::note_top`] for a caller that has just tested that `item` is primary.
    #[inline(always)]
    pub(super) fn note_primary_top(&mut self, item: usize) {
        debug_assert!(self.tops.on && self.is_primary(item));
        if self.tops.items.is_full() {
            self.tops.overflowed = true;
        } else {
            self.tops.items.push(I::from_usize(item));
        }
    }
}
