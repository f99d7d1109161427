//! Decisions forced before a search (a piece of a problem, see `exact_cover::pieces`):
//! options taken as chosen and options taken out, and single steps down the search tree, for
//! the split and the estimate, which walk the tree the search would walk without searching
//! it. DLX1's kind of search here; the general search's in `mcc::prefix`.

use super::{Dlx, Index, OptionRef};

/// A piece's decisions as the engine takes them: option numbers, `o` for "option `o` is in
/// every solution" and `-1 - o` for "in none", with each option's first node. The numbers are
/// checked by the caller (each below the options added, none twice).
#[derive(Clone, Copy)]
pub struct Prefix<'a> {
    decisions: &'a [i32],
    first: &'a [u32],
}

impl<'a> Prefix<'a> {
    /// `decisions` over the first nodes `first` (indexed by option number).
    pub const fn new(decisions: &'a [i32], first: &'a [u32]) -> Self {
        Prefix { decisions, first }
    }

    /// The first nodes of the options taken out, in the order given.
    pub fn excluded(&self) -> impl Iterator<Item = usize> + '_ {
        self.decisions.iter().filter(|&&d| d < 0).map(|&d| self.first[(-1 - d) as usize] as usize)
    }

    /// The first nodes of the options taken as chosen, in the order given.
    pub fn included(&self) -> impl Iterator<Item = usize> + '_ {
        self.decisions.iter().filter(|&&d| d >= 0).map(|&d| self.first[d as usize] as usize)
    }
}

impl<I: Index> Dlx<'_, I> {
    /// Whether the option starting at node `first` may still be chosen: each of its nodes is in
    /// its item's list and each item is still in its item list. A covered item's neighbour no
    /// longer links to it (covers are undone newest first), so both tests are one load each.
    pub fn available(&self, first: usize) -> bool {
        (first..).take_while(|&q| self.nodes[q].top < I::SPACER).all(|q| {
            let i = self.nodes[q].top.to_usize();
            self.nodes[self.nodes[q].up.to_usize()].down.to_usize() == q
                && self.rlink[self.llink[i].to_usize()].to_usize() == i
        })
    }

    /// Applies `prefix` before a search of DLX1's kind, at level 0: takes the excluded
    /// options out and selects the included ones (levels below the search's base, so that a
    /// solution's [`chosen`](Self::chosen) options include them). False when the decisions
    /// contradict each other or the problem (the piece has no solution); either way
    /// [`leave`](Self::leave) undoes what was done.
    pub fn enter(&mut self, prefix: &Prefix<'_>) -> bool {
        debug_assert_eq!(self.level, 0, "a prefix comes before any selection");
        self.removed.start_level(0);
        for first in prefix.excluded() {
            if !self.is_linked(OptionRef(first)) {
                return false;
            }
            self.remove_option(first);
        }
        for first in prefix.included() {
            if !self.available(first) {
                return false;
            }
            self.step_in(first);
        }
        true
    }

    /// Chooses the option of node `x` one level down, as the search does: x's item covered,
    /// then the option's other items.
    pub fn step_in(&mut self, x: usize) {
        self.cover::<false, false>(self.nodes[x].top.to_usize());
        self.cover_rest::<false, false>(x);
        self.chosen[self.level] = I::from_usize(x);
        self.level += 1;
    }

    /// Undoes the latest [`step_in`](Self::step_in).
    pub fn step_out(&mut self) {
        self.level -= 1;
        let x = self.chosen[self.level].to_usize();
        self.uncover_rest::<false, false>(x);
        self.uncover::<false, false>(self.nodes[x].top.to_usize());
    }

    /// Undoes [`enter`](Self::enter) and every step since: the matrix is whole again.
    pub fn leave(&mut self) {
        while self.level > 0 {
            self.step_out();
        }
        self.restore_all_removed();
    }

    /// The item DLX1's search branches on here (the first with the fewest options; its
    /// options are the children), or `None` when every primary item is covered (a solution).
    pub fn lean_branch(&self) -> Option<usize> {
        (self.rlink[0].to_usize() != 0).then(|| self.first_fewest())
    }

    /// The options left in `item`'s list.
    pub fn item_len(&self, item: usize) -> usize {
        self.nodes[item].top.to_usize()
    }

    /// The number of the option of node `x`, from 0 in the order added.
    pub fn option_number(&self, x: usize) -> usize {
        self.ordinal(self.option_of(x))
    }

    /// The node below `x` in its list (the header after the last option).
    pub fn below(&self, x: usize) -> usize {
        self.nodes[x].down.to_usize()
    }
}
