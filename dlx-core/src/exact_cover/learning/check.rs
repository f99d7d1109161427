//! The invariant checker: every invariant of the learner's state recomputed from the values
//! alone, run by tests at each restart and store reduction (and on demand), so that a broken
//! mask, trail, watch list, reason or heap shows where it breaks rather than as a wrong answer
//! much later. It costs a pass over the whole state, so the search never runs it by itself.

use super::lit::{Lit, Reason, Value};
use super::store::{DOOMED, HEADER, NEXT};
use super::{Learner, Matrix, NIL};

impl<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> Learner<M, ITEMS, OPTIONS, STORE> {
    /// Runs [`check_state`](Self::check_state) if checking is on, keeping the first fault.
    pub(super) fn check_if_asked(&mut self) {
        if self.checking && self.fault.is_none() {
            self.fault = self.check_state().err();
        }
    }

    /// Every invariant of the state, recomputed from the values: the item masks and counts
    /// (the root masks holding every option not excluded at level 0), the trail and its levels,
    /// the watch lists (each clause in exactly the lists of its first two literals), the
    /// reasons' clauses, and the heap (ordered, every open option in it).
    /// Never inlined, nor are its steps with scratch arrays: their 30 KiB must not join the
    /// search's stack frame.
    #[inline(never)]
    pub fn check_state(&self) -> Result<(), &'static str> {
        self.check_items()?;
        self.check_trail()?;
        self.check_watches()?;
        self.check_heap()
    }

    /// The matrix's arithmetic, and each item's open mask and root mask.
    #[inline(never)]
    fn check_items(&self) -> Result<(), &'static str> {
        let (options, items) = (self.matrix.options(), self.matrix.items());
        let mut open = [0u16; ITEMS];
        for o in 0..options {
            for (item, slot) in self.matrix.items_of(o) {
                if self.matrix.option_at(item, slot) != o {
                    return Err("the matrix's option_at does not invert items_of");
                }
                if usize::from(self.matrix.item_options(item)[slot as usize]) != o {
                    return Err("the matrix's item_options differs from option_at");
                }
                let excluded_at_root = self.val[o] == Value::Excluded && self.fact[o].level == 0;
                if !excluded_at_root && self.root_open[item] & (1 << slot) == 0 {
                    return Err("an option not excluded at level 0 is missing from its item's root mask");
                }
                open[item] |= u16::from(self.val[o] != Value::Excluded) << slot;
            }
        }
        if open[..items] != self.open[..items] {
            return Err("an item's open mask is off");
        }
        Ok(())
    }

    /// The trail against the values and levels, and each reason clause against its literal.
    #[inline(never)]
    fn check_trail(&self) -> Result<(), &'static str> {
        let mut on_trail = [false; OPTIONS];
        let mut level = 0;
        for (k, &l) in self.trail[..self.trail_len].iter().enumerate() {
            let o = l.var();
            while level < self.levels && usize::from(self.trail_lim[level]) <= k {
                level += 1;
            }
            if on_trail[o] || self.val[o] != Value::of(l) || usize::from(self.fact[o].level) != level {
                return Err("the trail disagrees with the values or their levels");
            }
            on_trail[o] = true;
            if let Reason::Clause(c) = self.fact[o].reason.unpack()
                && self.fact[o].level > 0
                && (c >= self.store_end || self.lit_at(c, 0) != l)
            {
                return Err("a reason clause does not imply its literal first");
            }
        }
        if (0..self.matrix.options()).any(|o| (self.val[o] != Value::Open) != on_trail[o]) || self.qhead > self.trail_len {
            return Err("a valued option is not on the trail");
        }
        Ok(())
    }

    /// Each watch list against its literal, and each stored clause in exactly two lists.
    #[inline(never)]
    fn check_watches(&self) -> Result<(), &'static str> {
        let mut watched = [0u8; STORE];
        for o in 0..self.matrix.options() {
            for l in [Lit::excluded(o), Lit::chosen(o)] {
                let (mut c, mut steps) = (self.watch[o][l.polarity()], 0);
                while c != NIL {
                    let c0 = usize::from(c);
                    let k = if self.lit_at(c0, 0) == l { 0 } else { 1 };
                    if c0 >= self.store_end || self.lit_at(c0, k) != l || steps > STORE {
                        return Err("a watch list holds a clause that does not watch its literal");
                    }
                    watched[c0] += 1;
                    c = self.store[c0 + NEXT[k]];
                    steps += 1;
                }
            }
        }
        let mut c = 0;
        while c < self.store_end {
            let len = usize::from(self.store[c]);
            if len < 2 || watched[c] != 2 || self.store[c + 1] & DOOMED != 0 {
                return Err("a stored clause is not watched exactly twice");
            }
            c += HEADER + len;
        }
        if c != self.store_end {
            return Err("the store's clauses do not end at its end");
        }
        Ok(())
    }

    /// The heap's order and places, and every open option in it.
    fn check_heap(&self) -> Result<(), &'static str> {
        for k in 0..self.heap_len {
            let o = usize::from(self.heap[k]);
            if usize::from(self.heap_pos[o]) != k
                || (k > 0 && self.activity[usize::from(self.heap[(k - 1) / 2])] < self.activity[o])
            {
                return Err("the decision heap is out of order");
            }
        }
        if (0..self.matrix.options()).any(|o| self.val[o] == Value::Open && self.heap_pos[o] == NIL) {
            return Err("an open option is missing from the decision heap");
        }
        Ok(())
    }

    /// The offset of the first stored clause with no literal true when the chosen options are
    /// those `chosen` says (a solution: every learnt clause is a consequence, so each holds in
    /// every solution), or None. For tests: it reads the whole store.
    #[cfg(test)]
    pub fn clause_false_in(&self, chosen: impl Fn(usize) -> bool) -> Option<usize> {
        let mut c = 0;
        while c < self.store_end {
            let len = usize::from(self.store[c]);
            if !(0..len).any(|k| chosen(self.lit_at(c, k).var()) == self.lit_at(c, k).is_choice()) {
                return Some(c);
            }
            c += HEADER + len;
        }
        None
    }
}
