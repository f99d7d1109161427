//! The trail and the items' "exactly one": giving an option a value and taking values back
//! level by level, and propagating them natively as the DLX does (a chosen option excludes the
//! rest of its items, an item down to one option forces it). The learnt clauses' share of
//! propagation is in `watch`.

use super::analyze::Conflict;
use super::lit::{Lit, PackedReason, Reason, Value};
use super::{Fact, Learner, Matrix};
use crate::bits::ones;

impl<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> Learner<M, ITEMS, OPTIONS, STORE> {
    /// Chooses the givens and excludes what they rule out at level 0, and the options
    /// `excluded`, then queues the forced choices; `false` when two givens clash, an excluded
    /// option is a given's or an item is left empty. In bulk, because
    /// propagating each exclusion on its own was most of the time an easy puzzle took: every
    /// item is checked once at the end instead of four items per exclusion.
    pub(super) fn place_givens_without(&mut self, givens: impl IntoIterator<Item = usize>, excluded: &[usize]) -> bool {
        for o in givens {
            if o >= self.matrix.options() || self.val[o] == Value::Excluded {
                return false;
            }
            if self.val[o] == Value::Chosen {
                continue;
            }
            self.assign(Lit::chosen(o), PackedReason::DECIDED);
            if self.exclude_rest(o, PackedReason::DECIDED).is_some() {
                return false;
            }
        }
        for &o in excluded {
            if o >= self.matrix.options() || self.val[o] == Value::Chosen {
                return false;
            }
            if self.val[o] == Value::Open {
                self.assign(Lit::excluded(o), PackedReason::DECIDED);
            }
        }
        self.qhead = self.trail_len;
        for item in 0..self.matrix.items() {
            let open = self.open[item];
            if open == 0 {
                return false;
            }
            let o = self.matrix.option_at(item, open.trailing_zeros());
            if open & (open - 1) == 0 && self.val[o] == Value::Open {
                self.assign(Lit::chosen(o), PackedReason::DECIDED);
            }
        }
        true
    }

    #[inline]
    pub(super) fn is_true(&self, l: Lit) -> bool {
        let v = self.val[l.var()];
        v != Value::Open && (v == Value::Chosen) == l.is_choice()
    }

    #[inline]
    pub(super) fn is_false(&self, l: Lit) -> bool {
        let v = self.val[l.var()];
        v != Value::Open && (v == Value::Chosen) != l.is_choice()
    }

    /// Opens a decision level with option `o` chosen.
    #[inline]
    pub(super) fn decide(&mut self, o: usize) {
        self.stats.decisions += 1;
        if self.levels == 0 {
            self.root_open = self.open;
        }
        self.trail_lim[self.levels] = self.trail_len as u16;
        self.deduced_lim[self.levels] = self.deduced_to.min(self.trail_len) as u16;
        self.levels += 1;
        self.assign(Lit::chosen(o), PackedReason::DECIDED);
    }

    /// Makes `l` true at the current level for `reason` (at level 0, every value counts as
    /// decided: analysis never looks there), and updates its items.
    #[inline(always)]
    pub(super) fn assign(&mut self, l: Lit, reason: PackedReason) {
        let o = l.var();
        self.val[o] = Value::of(l);
        self.fact[o] = Fact {
            reason: if self.levels == 0 { PackedReason::DECIDED } else { reason },
            level: self.levels as u16,
            trail_pos: self.trail_len as u16,
        };
        self.trail[self.trail_len] = l;
        self.trail_len += 1;
        if !l.is_choice() {
            for (item, slot) in self.matrix.items_of(o) {
                self.open[item] &= !(1 << slot);
            }
        }
    }

    /// Takes back every value above `level`, putting their options back in the decision heap.
    pub(super) fn cancel_until(&mut self, level: usize) {
        if self.levels <= level {
            return;
        }
        let to = usize::from(self.trail_lim[level]);
        self.deduced_to = self.deduced_to.min(usize::from(self.deduced_lim[level]));
        while self.trail_len > to {
            self.trail_len -= 1;
            let l = self.trail[self.trail_len];
            let o = l.var();
            if !l.is_choice() {
                for (item, slot) in self.matrix.items_of(o) {
                    self.open[item] |= 1 << slot;
                }
            }
            self.val[o] = Value::Open;
            self.heap_insert(o);
        }
        self.levels = level;
        self.qhead = to;
    }

    /// Propagates the trail from `qhead` on, through the items and the learnt clauses: the
    /// first conflict met, or None at a fixpoint.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail_len {
            let l = self.trail[self.qhead];
            self.qhead += 1;
            let o = l.var();
            if l.is_choice() {
                if let Some(o2) = self.exclude_rest(o, Reason::ExcludedBy(o).pack()) {
                    return Some(Conflict::Pair(o, o2));
                }
            } else {
                // An item down to one option forces it, unless it is chosen already (a chosen
                // option is never excluded, so an item with none open has none chosen).
                for (item, _) in self.matrix.items_of(o) {
                    let open = self.open[item];
                    if open == 0 {
                        return Some(Conflict::Item(item));
                    }
                    if open & (open - 1) == 0 {
                        let o2 = self.matrix.option_at(item, open.trailing_zeros());
                        if self.val[o2] == Value::Open {
                            self.assign(Lit::chosen(o2), Reason::ForcedBy(item).pack());
                        }
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(l.neg()) {
                return Some(conflict);
            }
        }
        None
    }

    /// Excludes the open options that share an item with chosen option `o`, for `reason`; an
    /// option that is chosen as well is returned instead (it is a conflict). The item masks
    /// hold no excluded option, so every other option met is open or chosen.
    pub(super) fn exclude_rest(&mut self, o: usize, reason: PackedReason) -> Option<usize> {
        for (item, slot) in self.matrix.items_of(o) {
            let others = self.open[item] & !(1 << slot);
            if others == 0 {
                continue;
            }
            let options = self.matrix.item_options(item);
            for other in ones(others) {
                let o2 = usize::from(options[other]);
                if self.val[o2] == Value::Chosen {
                    return Some(o2);
                }
                if self.val[o2] == Value::Open {
                    self.assign(Lit::excluded(o2), reason);
                }
            }
        }
        None
    }
}
