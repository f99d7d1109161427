//! How the search picks the item to branch on: the rules of [`Choice`], the failure weights
//! they learn from, and the short-item set that hands over forced and empty items without a
//! scan. A change of the branching order belongs here; the search loop only asks.

use super::{Dlx, Index};
use crate::bits::ones;

/// How the search picks the item to branch on. Both are exact; they differ in speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Choice {
    /// The item with the fewest options (Knuth's MRV), the first such in item order: DLX1's
    /// rule, so the search tree is DLX1's node for node. Forced and empty items come from the
    /// short-item set, which pays on covers with many forced choices (Sudoku). The library's
    /// own searches use the other two; the tests and benchmarks compare all three.
    #[cfg_attr(not(any(test, feature = "internals")), allow(dead_code))]
    FewestOptions,
    /// The same choice, made as DLX1 makes it: a scan of the item ring, with covering that
    /// keeps only links and lengths (no packed items, no short-item set, no weights) when
    /// neither probing nor reductions are on. Fastest where forced choices are rarer
    /// (N-queens, polyominoes): general problems (`exact_cover::problem`) use it.
    Dlx1,
    /// dom/wdeg, the default: every item has a weight, raised by one each time it is the item
    /// the covering emptied before a dead end, and each time a branch on it leads to a node
    /// that the `keep` of [`Dlx::search_pruned`] cuts (a bound's dead end); among items with
    /// two or more options, the one with the fewest per unit of weight is chosen (forced
    /// items, with one option or none, always go first). Items that keep causing failures get
    /// branched on early, which is what the hardest Sudoku need.
    #[default]
    WeightedFailures,
}

impl<I: Index> Dlx<'_, I> {
    /// Sets how the search picks items; kept across [`reset`](Self::reset).
    pub fn set_choice(&mut self, choice: Choice) {
        self.choice = choice;
    }

    /// The failure weights of [`Choice::WeightedFailures`], by item (index 0 unused): 1 after
    /// [`reset`](Self::reset), raised by dead ends and cuts.
    pub fn weights(&self) -> &[u32] {
        &self.weight[..=self.items]
    }

    /// Starts the failure weights of items `0..weights.len()` (no more than the matrix has)
    /// where an earlier search over the same items left them: a search restarted with what it
    /// learnt branches on the items that failed before from its root.
    pub fn set_weights(&mut self, weights: &[u32]) {
        let n = weights.len().min(self.items + 1);
        self.weight[..n].copy_from_slice(&weights[..n]);
    }

    /// One failure more against `item`.
    #[inline(always)]
    pub(super) fn count_failure(&mut self, item: usize) {
        self.weight[item] = self.weight[item].saturating_add(1);
    }

    /// The active item to branch on, as `self.choice` says: the lowest-numbered empty item if
    /// there is one, else the lowest-numbered forced (one-option) item, both read off the
    /// short-item set (no scan); else the best by the rule, the first found on ties.
    ///
    /// `WeightedFailures` scans the packed active items, whose loads do not wait on each other
    /// as a walk of the item ring's links does (the walk was half of all search time). Their
    /// order depends only on the covers so far, so the choice stays deterministic. Measured on
    /// the hard 16x16 sets: forced items by lowest number (Sudoku's cells come first) and other
    /// ties in packed order beat ties by lowest number (hard-40 mean 53 against 92 ms,
    /// tarek-tough 3.1 against 9.3 ms) and forced items in packed order (64 and 3.6 ms).
    /// Finding forced items in the set instead of the scan took hard-40 from 61 to 50 ms
    /// (without probing from 194 to 93 ms), since most choices are forced.
    /// `FewestOptions` walks the ring, so its ties go to the first item in item order: the
    /// target search's branch and bound depends on that order (in the packed order one 5-clue
    /// grid took 55 ms instead of 4).
    pub(super) fn choose_item(&self) -> usize {
        #[cfg(debug_assertions)]
        {
            let active = || self.active.members().iter().map(|&i| i.to_usize());
            let empty = active().filter(|&i| self.nodes[i].top.to_usize() == 0).min();
            let lowest = active().filter(|&i| self.nodes[i].top.to_usize() == 1).min();
            let expected = empty.or(lowest);
            let found = self.short_item();
            debug_assert!(
                found == expected || (empty.is_some() && found.is_some_and(|i| self.nodes[i].top.to_usize() == 0))
            );
        }
        if let Some(item) = self.short_item() {
            return item;
        }
        match self.choice {
            Choice::WeightedFailures => self.by_weight(),
            Choice::FewestOptions | Choice::Dlx1 => self.first_fewest(),
        }
    }

    /// DLX1's choice: the first item of the ring with the fewest options (ending the scan at
    /// an empty one). The ring is always in item order, so this is the lowest-numbered such
    /// item. `FewestOptions` comes here too, once the short-item set has no item to offer.
    pub(super) fn first_fewest(&self) -> usize {
        let (mut best, mut best_len) = (0, usize::MAX);
        let mut i = self.rlink[0].to_usize();
        while i != 0 {
            let len = self.nodes[i].top.to_usize();
            if len < best_len {
                (best, best_len) = (i, len);
                if len == 0 {
                    break;
                }
            }
            i = self.rlink[i].to_usize();
        }
        best
    }

    /// The active item (every one has two options or more here) with the fewest options per
    /// unit of failure weight, the first in packed order on ties.
    #[inline(always)]
    fn by_weight(&self) -> usize {
        let mut best = 0;
        // (length, weight) of `best`; compared as len * other_weight in u64: lengths stay below
        // 2^31 and weights within u32, so no product overflows. The start is above any length.
        let (mut best_len, mut best_weight) = (u64::from(u32::MAX), 1u64);
        for &i in self.active.members() {
            let i = i.to_usize();
            let len = self.nodes[i].top.to_usize() as u64;
            let weight = u64::from(self.weight[i]);
            if len * best_weight < best_len * weight {
                (best, best_len, best_weight) = (i, len, weight);
            }
        }
        best
    }

    /// An active item with no option left if there is one, else the lowest-numbered item
    /// with one option, else none.
    fn short_item(&self) -> Option<usize> {
        let mut first = None;
        for (w, &word) in self.short.words()[..=self.items / 64].iter().enumerate() {
            for bit in ones(word) {
                let i = w * 64 + bit;
                if self.nodes[i].top.to_usize() == 0 {
                    return Some(i);
                }
                first = first.or(Some(i));
            }
        }
        first
    }
}
