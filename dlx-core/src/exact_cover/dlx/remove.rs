//! Options taken out of the matrix for one search node's subtree, and put back when the search
//! leaves that node: what probing, subset reductions and a bound's
//! [`discard`](Dlx::discard) share. Unlike a cover, a removal is not undone by the move that
//! made it but by the level's end, newest first.

use super::collections::Stack;
use super::{Dlx, Index, OptionRef};

/// The removed options, first nodes in removal order, and where each level's removals start.
pub(super) struct Removed<'m, I> {
    options: Stack<'m, I>,
    level_start: &'m mut [I],
}

impl<'m, I: Index> Removed<'m, I> {
    pub(super) fn new(options: Stack<'m, I>, level_start: &'m mut [I]) -> Self {
        Removed { options, level_start }
    }

    /// Forgets every removal (for an empty matrix).
    pub(super) fn clear(&mut self) {
        self.options.clear();
    }

    /// Marks where the removals of `level` start: [`Dlx::restore_removed`] at that level puts
    /// back those made since.
    #[inline(always)]
    pub(super) fn start_level(&mut self, level: usize) {
        self.level_start[level] = I::from_usize(self.options.len());
    }
}

impl<I: Index> Dlx<'_, I> {
    /// Takes `option` out of the matrix for the rest of the current search node's subtree;
    /// backtracking out of the node puts it back. For the `keep` callback of
    /// [`search_pruned`](Self::search_pruned) only: `option` must be active (in the list of
    /// every one of its items, as [`options_of`](Self::options_of) gives it).
    pub fn discard(&mut self, option: OptionRef) {
        debug_assert!(self.is_linked(option), "discarding an option that is not in its items' lists");
        self.remove_option(option.0);
    }

    /// For the `keep` callback of [`search_pruned`](Self::search_pruned): takes out, for the
    /// current node's subtree, the options at the bottom of open primary `item`'s list while
    /// `doomed` holds for their node in it (for a list in cost order, the dearest first).
    /// Returns the node then at the bottom (`item` itself if the list is empty).
    pub(crate) fn discard_from_bottom(&mut self, item: usize, mut doomed: impl FnMut(usize) -> bool) -> usize {
        loop {
            let x = self.nodes[item].up.to_usize();
            if x == item || !doomed(x) {
                return x;
            }
            self.remove_option(self.option_of(x).0);
        }
    }

    /// Whether every node of `option` is in its item's list.
    pub(crate) fn is_linked(&self, option: OptionRef) -> bool {
        (option.0..)
            .take_while(|&q| self.nodes[q].top < I::SPACER)
            .all(|q| self.nodes[self.nodes[q].up.to_usize()].down.to_usize() == q)
    }

    /// Removes, for the current level, every option of `item`'s list whose node `x` in it
    /// makes `doomed(self, x)` true.
    #[inline(always)]
    pub(super) fn remove_options_of(&mut self, item: usize, mut doomed: impl FnMut(&mut Self, usize) -> bool) {
        let mut x = self.nodes[item].down.to_usize();
        while x != item {
            let next = self.nodes[x].down.to_usize();
            if doomed(self, x) {
                self.remove_option(self.option_of(x).0);
            }
            x = next;
        }
    }

    /// Takes option `first` (its first node) out of every item list it is in, for the current
    /// level: `restore_removed` puts it back when the level is done.
    pub(super) fn remove_option(&mut self, first: usize) {
        // Two loops: the target search with the pattern bound removes many options a node,
        // where a test of the log's flag at each removed node was measurable (0.4%).
        if self.tops.on { self.remove_option_as::<true>(first) } else { self.remove_option_as::<false>(first) }
    }

    #[inline(always)]
    fn remove_option_as<const LOG: bool>(&mut self, first: usize) {
        let mut q = first;
        while self.nodes[q].top < I::SPACER {
            let (u, d) = (self.nodes[q].up.to_usize(), self.nodes[q].down.to_usize());
            self.nodes[u].down = I::from_usize(d);
            self.nodes[d].up = I::from_usize(u);
            let item = self.nodes[q].top.to_usize();
            if LOG && u == item {
                self.note_top(item);
            }
            self.shorten(item);
            q += 1;
        }
        self.removed.options.push(I::from_usize(first));
    }

    /// Puts back, newest first, every option removed (at level 0, once a prefix's exclusions
    /// and the search below them are done).
    pub(super) fn restore_all_removed(&mut self) {
        debug_assert_eq!(self.level, 0);
        self.removed.level_start[0] = I::from_usize(0);
        self.restore_removed();
    }

    /// Puts back, newest first, the options removed since this level began.
    pub(super) fn restore_removed(&mut self) {
        if self.tops.on { self.restore_removed_as::<true>() } else { self.restore_removed_as::<false>() }
    }

    #[inline(always)]
    fn restore_removed_as<const LOG: bool>(&mut self) {
        let from = self.removed.level_start[self.level].to_usize();
        while let Some(first) = self.removed.options.pop_above(from) {
            let first = first.to_usize();
            let mut q = first;
            while self.nodes[q].top < I::SPACER {
                q += 1;
            }
            while q > first {
                q -= 1;
                let (u, d) = (self.nodes[q].up.to_usize(), self.nodes[q].down.to_usize());
                self.nodes[u].down = I::from_usize(q);
                self.nodes[d].up = I::from_usize(q);
                let item = self.nodes[q].top.to_usize();
                if LOG && u == item {
                    self.note_top(item);
                }
                self.lengthen(item);
            }
        }
    }
}
