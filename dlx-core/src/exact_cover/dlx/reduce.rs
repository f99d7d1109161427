//! Subset reductions: when every option of an item A of a few options also covers an item B,
//! B's other options go for the subtree. Items are noted as they shrink (by `shorten`) and
//! looked at before the next choice; the removals are undone with their level like probing's.

use super::collections::Stack;
use super::{Dlx, Index};
use crate::bits::BitSet;

/// Subset reductions look at items of at most this many options.
pub(super) const REDUCE_MAX: usize = 3;
/// Options a search tries before subset reductions start, by default.
pub const REDUCE_AFTER: u64 = 10_000;
/// Items an option may share with all the others of an item, at most, that reductions track.
const MAX_COMMON: usize = 8;

/// The reductions' part of the engine.
pub(super) struct Reductions<'m, I> {
    /// Options a search tries before it starts them (see [`Dlx::set_reductions_after`]).
    pub(super) after: u64,
    /// Whether the running search does them.
    pub(super) on: bool,
    /// Whether shrinking items are being noted for them now (not in a probe's trial).
    pub(super) noting: bool,
    /// Primary items that fell to `REDUCE_MAX` options or fewer (but two or more) since they
    /// were last looked at, as a stack with a membership set, so each is in it at most once.
    pub(super) shrunk: Stack<'m, I>,
    pub(super) in_shrunk: BitSet<&'m mut [u64]>,
}

impl<I: Index> Reductions<'_, I> {
    /// Notes that primary item `i` shrank to between 2 and `REDUCE_MAX` options, if noting.
    #[inline(always)]
    pub(super) fn note(&mut self, i: usize) {
        if self.noting && !self.in_shrunk.contains(i) {
            self.in_shrunk.insert(i);
            self.shrunk.push(I::from_usize(i));
        }
    }

    /// Empties the noted items.
    pub(super) fn forget_shrunk(&mut self) {
        self.shrunk.clear();
        self.in_shrunk.clear();
    }

    /// Starts them for the running search.
    pub(super) fn start(&mut self) {
        self.on = true;
        self.noting = true;
        self.forget_shrunk();
    }
}

impl<I: Index> Dlx<'_, I> {
    /// Subset reductions start once a search has tried `nodes` options: 0 for the whole search,
    /// `u64::MAX` for never; [`zeroed_in`](super::Storage::zeroed_in) sets `REDUCE_AFTER`
    /// (10,000), and it is kept across [`reset`](Self::reset). With them, before choosing, the
    /// search looks at each item A that has shrunk to a few options since it was last looked
    /// at: if every option of A also covers an item B, then B will be covered by A's option
    /// whichever it is, so B's other options are removed (for that subtree). In Sudoku terms: a
    /// digit confined to one box within a row leaves the rest of the box, and the like.
    ///
    /// Why late: measured on the 16x16 sets with probing (`make bench-configs`, three
    /// interleaved runs), reductions from the start help the long searches (hard-40 mean 60-70
    /// -> 48 ms, worst 350-440 -> 245-250 ms) but cost the quick ones (hard-40 median 6 -> 14
    /// ms, goomii 152 -> 181 us, tarek-tough mean 2.8 -> 3.5 ms). Switched on after 10,000
    /// options, only long searches get them: hard-40 mean 53-60 ms, worst 256-337 ms, median
    /// and quick sets unchanged (thresholds of 2,000, 5,000 and 20,000 measured about the
    /// same or worse).
    pub fn set_reductions_after(&mut self, nodes: u64) {
        self.reductions.after = nodes;
    }

    /// The subset reductions of [`set_reductions_after`](Self::set_reductions_after), for every
    /// item noted as shrunk (and those its removals shrink in turn), recorded for restoring
    /// like probing's.
    pub(super) fn reduce(&mut self) {
        while let Some(a) = self.reductions.shrunk.pop_above(0) {
            let a = a.to_usize();
            self.reductions.in_shrunk.remove(a);
            let len = self.nodes[a].top.to_usize();
            if !self.is_active(a) || !(2..=REDUCE_MAX).contains(&len) {
                continue;
            }
            // The items that every option of `a` covers besides `a`.
            let mut common = [I::from_usize(0); MAX_COMMON];
            let mut count = 0;
            let first = self.nodes[a].down.to_usize();
            for item in self.other_items(first).take(MAX_COMMON) {
                common[count] = I::from_usize(item);
                count += 1;
            }
            let mut p = self.nodes[first].down.to_usize();
            while p != a && count > 0 {
                let mut k = 0;
                while k < count {
                    if self.option_covers(p, common[k].to_usize()) {
                        k += 1;
                    } else {
                        count -= 1;
                        common[k] = common[count];
                    }
                }
                p = self.nodes[p].down.to_usize();
            }
            for &b in &common[..count] {
                let b = b.to_usize();
                if self.nodes[b].top.to_usize() <= len {
                    continue;
                }
                self.remove_options_of(b, |e, q| !e.option_covers(q, a));
            }
        }
    }

    /// Whether the option of node `p` covers `item`.
    fn option_covers(&self, p: usize, item: usize) -> bool {
        self.other_items(p).any(|i| i == item)
    }

    /// The items of the option of node `p` other than p's own, walking its run cyclically as
    /// `hide` does (the spacer after the run leads back to its first node).
    fn other_items(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        let mut q = p;
        core::iter::from_fn(move || {
            q += 1;
            if self.nodes[q].top >= I::SPACER {
                q = self.nodes[q].up.to_usize();
            }
            (q != p).then(|| self.nodes[q].top.to_usize())
        })
    }
}
