//! Conflict analysis: from a conflict, first-UIP analysis (the reasons of exclusions and forced
//! choices are the items themselves) and MiniSat's local minimization yield the learnt clause,
//! `shrink` makes it shorter, and [`learn`](Learner::learn) jumps back and asserts it. This is
//! where a dead end becomes a clause that rules its cause out everywhere.

use super::lit::{Lit, PackedReason, Reason};
use super::{Learner, Matrix};
use crate::bits::ones;

/// Flags of `Learner::seen`: an option met by the analysis (or in the clause being shrunk);
/// one met in the level being shrunk; a literal the minimization drops.
pub(super) const SEEN: u8 = 1;
pub(super) const MARKED: u8 = 2;
const DROPPED: u8 = 4;

/// A set of literals that are all false at once.
#[derive(Clone, Copy)]
pub(super) enum Conflict {
    /// Two chosen options sharing an item.
    Pair(usize, usize),
    /// An item whose every option is excluded.
    Item(usize),
    /// A learnt clause, by its offset.
    Clause(usize),
}

impl<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> Learner<M, ITEMS, OPTIONS, STORE> {
    /// Analyses `conflict`, jumps back and asserts the learnt clause.
    pub(super) fn learn(&mut self, conflict: Conflict) {
        self.stats.conflicts += 1;
        let back_to = self.analyze(conflict);
        let lbd = self.learnt_lbd();
        self.cancel_until(back_to);
        let asserting = self.learnt[0];
        if self.learnt_len == 1 {
            self.assign(asserting, PackedReason::DECIDED);
        } else if let Some(c) = self.add_learnt(lbd) {
            self.assign(asserting, Reason::Clause(c).pack());
        } else {
            // Too many clauses are reasons now: restart, where none is, and keep the clause
            // if it fits (all its literals are open at level 0, so it asserts nothing yet).
            // A learnt clause is only ever a consequence, so dropping it loses no solution.
            self.stats.full_store_restarts += 1;
            self.cancel_until(0);
            self.reduce_store();
            let _ = self.add_learnt(lbd);
        }
        self.decay();
    }

    /// The literal block distance of the learnt clause: its distinct decision levels, counted
    /// by stamping each level with the conflict count.
    fn learnt_lbd(&mut self) -> usize {
        // Truncated: a stamp met again after 2^32 conflicts only miscounts a distance.
        let stamp = self.stats.conflicts as u32;
        let mut lbd = 0;
        for k in 0..self.learnt_len {
            let level = usize::from(self.fact[self.learnt[k].var()].level);
            if self.level_stamp[level] != stamp {
                self.level_stamp[level] = stamp;
                lbd += 1;
            }
        }
        lbd
    }

    /// First-UIP analysis into `learnt` (the asserting literal first, one of the highest
    /// remaining level second); returns the level to jump back to.
    fn analyze(&mut self, conflict: Conflict) -> usize {
        self.learnt_len = 1;
        let mut pending = 0;
        match conflict {
            Conflict::Pair(a, b) => {
                self.visit(Lit::excluded(a), &mut pending);
                self.visit(Lit::excluded(b), &mut pending);
            }
            Conflict::Item(item) => self.visit_item(item, usize::MAX, &mut pending),
            Conflict::Clause(c) => self.visit_clause(c, 0, &mut pending),
        }
        self.learnt[0] = self.first_uip(pending).neg();
        self.minimize();
        if self.learnt_len > 2 {
            self.shrink();
        }
        if self.learnt_len == 1 {
            return 0;
        }
        // The first literal of the highest level, so ties go the same way every run.
        let mut highest = 1;
        for k in 2..self.learnt_len {
            if self.fact[self.learnt[k].var()].level > self.fact[self.learnt[highest].var()].level {
                highest = k;
            }
        }
        self.learnt.swap(1, highest);
        usize::from(self.fact[self.learnt[1].var()].level)
    }

    /// Walks the trail back from its end through the reasons of the `pending` options seen at
    /// the current level, collecting the lower levels' literals, until one is left: the first
    /// UIP, returned.
    fn first_uip(&mut self, mut pending: usize) -> Lit {
        let mut index = self.trail_len;
        loop {
            loop {
                index -= 1;
                if self.seen[self.trail[index].var()] & SEEN != 0 {
                    break;
                }
            }
            let p = self.trail[index];
            let o = p.var();
            self.seen[o] &= !SEEN;
            pending -= 1;
            if pending == 0 {
                return p;
            }
            match self.fact[o].reason.unpack() {
                Reason::ExcludedBy(o2) => self.visit(Lit::excluded(o2), &mut pending),
                Reason::ForcedBy(item) => self.visit_item(item, o, &mut pending),
                Reason::Clause(c) => self.visit_clause(c, 1, &mut pending),
                Reason::Decided => {}
            }
        }
    }

    /// Drops the literals whose reasons lie wholly inside the clause (MiniSat's local
    /// minimization): shorter clauses propagate sooner and cost less to watch. Dropped literals
    /// are flagged and stay seen until all are checked: a reason never reaches a later
    /// literal, so one dropped literal can vouch for another without a cycle.
    fn minimize(&mut self) {
        for k in 1..self.learnt_len {
            let o = self.learnt[k].var();
            if self.implied_by_clause(o) {
                self.seen[o] |= DROPPED;
            }
        }
        let all = self.learnt_len;
        self.learnt_len = 1;
        for k in 1..all {
            let q = self.learnt[k];
            let flags = self.seen[q.var()];
            self.seen[q.var()] = flags & !(SEEN | DROPPED);
            if flags & DROPPED == 0 {
                self.learnt[self.learnt_len] = q;
                self.learnt_len += 1;
            }
        }
    }

    /// Counts literal `q` (false) into the clause being learnt.
    fn visit(&mut self, q: Lit, pending: &mut usize) {
        let o = q.var();
        if self.seen[o] & SEEN == 0 && self.fact[o].level > 0 {
            self.seen[o] |= SEEN;
            self.bump(o);
            if usize::from(self.fact[o].level) >= self.levels {
                *pending += 1;
            } else {
                self.learnt[self.learnt_len] = q;
                self.learnt_len += 1;
            }
        }
    }

    /// Visits every option of `item` (chosen, each false) but `except`.
    fn visit_item(&mut self, item: usize, except: usize, pending: &mut usize) {
        let options = self.matrix.item_options(item);
        for slot in ones(self.root_open[item]) {
            let o = usize::from(options[slot]);
            if o != except {
                self.visit(Lit::chosen(o), pending);
            }
        }
    }

    /// Visits the literals of clause `c` from its `from`th on.
    fn visit_clause(&mut self, c: usize, from: usize, pending: &mut usize) {
        for k in from..usize::from(self.store[c]) {
            self.visit(self.lit_at(c, k), pending);
        }
    }

    /// Whether every antecedent of option `o`'s value is in the clause being learnt (marked
    /// seen) or fixed at level 0, so that its literal adds nothing to the clause.
    fn implied_by_clause(&self, o: usize) -> bool {
        let known = |o2: usize| self.seen[o2] & SEEN != 0 || self.fact[o2].level == 0;
        match self.fact[o].reason.unpack() {
            Reason::ExcludedBy(o2) => known(o2),
            Reason::ForcedBy(item) => {
                let options = self.matrix.item_options(item);
                ones(self.root_open[item]).map(|slot| usize::from(options[slot])).all(|o2| o2 == o || known(o2))
            }
            Reason::Clause(c) => (1..usize::from(self.store[c])).all(|k| known(self.lit_at(c, k).var())),
            Reason::Decided => false,
        }
    }
}
