//! The dancing links themselves: covering and uncovering items, hiding and unhiding options,
//! and the bookkeeping every change of a length carries (the short-item set, the packed
//! active items, the queue of a probe's forced items, the items noted for reductions). This is
//! the search's inner loop; every other room calls in here to change the matrix.
//!
//! Each move comes in two variants, chosen by a const parameter: the full one, and the lean
//! one of DLX1 that keeps only links and lengths (see [`Dlx::search_pruned`]). [`Dlx::apply`]
//! is the one place that picks a variant from the running search's flag.

use super::reduce::REDUCE_MAX;
use super::{Dlx, Index};

/// A move of the search on the links, for [`Dlx::apply`].
#[derive(Clone, Copy)]
pub(super) enum Move {
    /// [`Dlx::cover`] an item.
    Cover,
    /// [`Dlx::uncover`] an item.
    Uncover,
    /// [`Dlx::cover_rest`] of an option node.
    CoverRest,
    /// [`Dlx::uncover_rest`] of an option node.
    UncoverRest,
}

impl<I: Index> Dlx<'_, I> {
    /// Makes `step` on `x`, in its lean variant if `lean`, else logging changed tops if the
    /// log is on. Always inlined, so each call site, whose `step` is a constant, compiles to
    /// predictable branches between three calls.
    #[inline(always)]
    pub(super) fn apply(&mut self, lean: bool, step: Move, x: usize) {
        if lean {
            self.apply_as::<true, false>(step, x)
        } else if self.tops.on {
            self.apply_as::<false, true>(step, x)
        } else {
            self.apply_as::<false, false>(step, x)
        }
    }

    #[inline(always)]
    fn apply_as<const LEAN: bool, const LOG: bool>(&mut self, step: Move, x: usize) {
        match step {
            Move::Cover => self.cover::<LEAN, LOG>(x),
            Move::Uncover => self.uncover::<LEAN, LOG>(x),
            Move::CoverRest => self.cover_rest::<LEAN, LOG>(x),
            Move::UncoverRest => self.uncover_rest::<LEAN, LOG>(x),
        }
    }

    /// Removes item `i` from the item list and every option that contains it from the other
    /// items' lists. `LOG`: the move is the search's own and the top log is on (see `tops`):
    /// changes of the items' top options go to it (a probe's trials undo themselves: never).
    pub(super) fn cover<const LEAN: bool, const LOG: bool>(&mut self, i: usize) {
        let mut p = self.nodes[i].down.to_usize();
        while p != i {
            self.hide::<LEAN, LOG>(p);
            p = self.nodes[p].down.to_usize();
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l.to_usize()] = r;
        self.llink[r.to_usize()] = l;
        if LEAN {
            self.open -= usize::from(self.is_primary(i));
        } else if self.is_primary(i) {
            self.active.remove(i);
            self.short.remove(i);
            if LOG {
                self.note_primary_top(i);
            }
        }
    }

    /// Undoes [`cover`](Self::cover) of `i`, which must be the latest cover still in force.
    pub(super) fn uncover<const LEAN: bool, const LOG: bool>(&mut self, i: usize) {
        let primary = self.is_primary(i);
        if LEAN {
            self.open += usize::from(primary);
        } else if primary {
            self.active.restore(i);
            if LOG {
                self.note_primary_top(i);
            }
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l.to_usize()] = I::from_usize(i);
        self.llink[r.to_usize()] = I::from_usize(i);
        let mut p = self.nodes[i].up.to_usize();
        while p != i {
            self.unhide::<LEAN, LOG>(p);
            p = self.nodes[p].up.to_usize();
        }
        if !LEAN && primary && self.nodes[i].top.to_usize() <= 1 {
            self.short.insert(i);
        }
    }

    /// One option fewer for active item `i`; returns its new length. (`hide` has its own copy,
    /// merged with its forced and emptied items' bookkeeping: keep the two in step.)
    #[inline(always)]
    pub(super) fn shorten(&mut self, i: usize) -> usize {
        let len = self.nodes[i].top.to_usize() - 1;
        self.nodes[i].top = I::from_usize(len);
        if len <= REDUCE_MAX && self.is_primary(i) {
            if len == 1 {
                self.short.insert(i);
            } else if len >= 2 {
                self.reductions.note(i);
            }
        }
        len
    }

    /// One option more for active item `i`.
    #[inline(always)]
    pub(super) fn lengthen(&mut self, i: usize) {
        let len = self.nodes[i].top.to_usize() + 1;
        self.nodes[i].top = I::from_usize(len);
        if len == 2 {
            self.short.remove(i);
        }
    }

    /// Takes the option of node `p` out of the lists of its items other than p's own.
    pub(super) fn hide<const LEAN: bool, const LOG: bool>(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let x = self.nodes[q].top;
            let (u, d) = (self.nodes[q].up, self.nodes[q].down);
            if x >= I::SPACER {
                q = u.to_usize();
            } else {
                self.nodes[u.to_usize()].down = d;
                self.nodes[d.to_usize()].up = u;
                if LEAN {
                    let i = x.to_usize();
                    self.nodes[i].top = I::from_usize(self.nodes[i].top.to_usize() - 1);
                    q += 1;
                    continue;
                }
                // `shorten` with the forced and empty items' bookkeeping under its one test.
                let i = x.to_usize();
                if LOG && u.to_usize() == i {
                    self.note_top(i);
                }
                let len = self.nodes[i].top.to_usize() - 1;
                self.nodes[i].top = I::from_usize(len);
                if len <= REDUCE_MAX && self.is_primary(i) {
                    if len >= 2 {
                        self.reductions.note(i);
                    } else {
                        if len == 1 {
                            self.short.insert(i);
                        } else if self.emptied == 0 {
                            self.emptied = i;
                        }
                        if self.probing.tracking && !self.probing.forced.is_full() {
                            self.probing.forced.push(x);
                        }
                    }
                }
                q += 1;
            }
        }
    }

    /// Undoes [`hide`](Self::hide) of `p`, in reverse order.
    pub(super) fn unhide<const LEAN: bool, const LOG: bool>(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let x = self.nodes[q].top;
            let (u, d) = (self.nodes[q].up, self.nodes[q].down);
            if x >= I::SPACER {
                q = d.to_usize();
            } else {
                self.nodes[u.to_usize()].down = I::from_usize(q);
                self.nodes[d.to_usize()].up = I::from_usize(q);
                if LEAN {
                    let i = x.to_usize();
                    self.nodes[i].top = I::from_usize(self.nodes[i].top.to_usize() + 1);
                } else {
                    if LOG && u.to_usize() == x.to_usize() {
                        self.note_top(x.to_usize());
                    }
                    self.lengthen(x.to_usize());
                }
                q -= 1;
            }
        }
    }

    /// Covers the items of x's option other than x's own (already covered by the caller).
    pub(super) fn cover_rest<const LEAN: bool, const LOG: bool>(&mut self, x: usize) {
        let mut p = x + 1;
        while p != x {
            let j = self.nodes[p].top;
            if j >= I::SPACER {
                p = self.nodes[p].up.to_usize();
            } else {
                self.cover::<LEAN, LOG>(j.to_usize());
                p += 1;
            }
        }
    }

    /// Undoes [`cover_rest`](Self::cover_rest), in reverse order.
    pub(super) fn uncover_rest<const LEAN: bool, const LOG: bool>(&mut self, x: usize) {
        let mut p = x - 1;
        while p != x {
            let j = self.nodes[p].top;
            if j >= I::SPACER {
                p = self.nodes[p].down.to_usize();
            } else {
                self.uncover::<LEAN, LOG>(j.to_usize());
                p -= 1;
            }
        }
    }
}
