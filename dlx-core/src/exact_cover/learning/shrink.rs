//! Shrinking the learnt clause (Fleury and Biere, 2020): the clause's literals at one decision
//! level are replaced by that level's own UIP when their implications use no lower-level
//! literal outside the clause. A clause of fewer, earlier literals applies sooner and in more
//! places; measured, it halved the hard list's conflicts (docs/design.md).

use super::analyze::{MARKED, SEEN};
use super::lit::{Lit, Reason};
use super::{Learner, Matrix};
use crate::bits::ones;

/// The options of one level that shrinking marks and remembers, to unmark them afterwards;
/// past this many it unmarks the level's whole trail instead (the list keeps the
/// scratch on the stack small and bounded).
const MARKED_LIST: usize = 64;

/// The options [`Learner::level_uip`] has marked, to unmark them: the first [`MARKED_LIST`],
/// and how many in all.
struct Marked {
    options: [u16; MARKED_LIST],
    count: usize,
}

impl Marked {
    fn push(&mut self, o: usize) {
        if let Some(slot) = self.options.get_mut(self.count) {
            *slot = o as u16;
        }
        self.count += 1;
    }
}

impl<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> Learner<M, ITEMS, OPTIONS, STORE> {
    /// Shrinks the learnt clause: the literals it has at one decision level are replaced by
    /// that level's UIP, the option every one of them was implied through, when their
    /// implications use no literal of a lower level that is not in the clause (the new clause
    /// is then their resolvent). The UIP is bumped, as the analysis bumps what it meets.
    /// Measured (docs/design.md): the hard list 1,189 -> 587 conflicts mean; the worst of
    /// three 800s of isomorphs 10,645 / 9,709 / 11,820 -> 8,409 / 8,527 / 9,289; 5% more
    /// instructions a conflict.
    pub(super) fn shrink(&mut self) {
        let n = self.learnt_len;
        // Which levels hold more than one of the clause's literals, by level stamps with bit 31
        // set (`learn` stamps conflict counts): `base` one literal, `base + 1` more, then
        // `base + 2` a level left as it is and `base + 3` a level shrunk. A stamp left equal to
        // `base` (2^29 conflicts ago) only makes a lone literal a block, which shrinks to itself.
        let base = 1 << 31 | (self.stats.conflicts as u32) << 2;
        for &q in &self.learnt[1..n] {
            self.seen[q.var()] |= SEEN;
            let stamp = &mut self.level_stamp[usize::from(self.fact[q.var()].level)];
            *stamp = if *stamp == base || *stamp == base + 1 { base + 1 } else { base };
        }
        // Levels in the clause's order; the clause is rewritten in place (at most one literal
        // written for each read).
        let mut out = 1;
        for k in 1..n {
            let q = self.learnt[k];
            let level = usize::from(self.fact[q.var()].level);
            let stamp = self.level_stamp[level];
            if stamp == base + 1 {
                if let Some(uip) = self.level_uip(level, k) {
                    self.level_stamp[level] = base + 3;
                    for j in k..n {
                        let o = self.learnt[j].var();
                        if usize::from(self.fact[o].level) == level {
                            self.seen[o] &= !SEEN;
                        }
                    }
                    self.seen[uip.var()] |= SEEN;
                    self.bump(uip.var());
                    self.learnt[out] = uip.neg();
                    out += 1;
                    continue;
                }
                self.level_stamp[level] = base + 2;
            } else if stamp == base + 3 {
                continue;
            }
            self.learnt[out] = q;
            out += 1;
        }
        for &q in &self.learnt[1..out] {
            self.seen[q.var()] &= !SEEN;
        }
        self.learnt_len = out;
    }

    /// The UIP of the learnt clause's literals at `level` (those from `learnt[from]` on): the
    /// value of that level every one of them was implied through, found by walking the level's
    /// trail back from the latest of them as the first-UIP analysis does; None when an
    /// implication on the way uses a literal of a lower level not in the clause (marked seen).
    fn level_uip(&mut self, level: usize, from: usize) -> Option<Lit> {
        let start = usize::from(self.trail_lim[level - 1]);
        let mut marked = Marked { options: [0; MARKED_LIST], count: 0 };
        // The marked options not yet walked through, and the latest of them on the trail.
        let (mut open, mut top) = (0, start);
        for k in from..self.learnt_len {
            let o = self.learnt[k].var();
            if usize::from(self.fact[o].level) == level {
                self.seen[o] |= MARKED;
                marked.push(o);
                open += 1;
                top = top.max(usize::from(self.fact[o].trail_pos));
            }
        }
        let mut uip = None;
        let mut index = top + 1;
        while index > start {
            index -= 1;
            let p = self.trail[index];
            let o = p.var();
            if self.seen[o] & MARKED == 0 {
                continue;
            }
            if open == 1 {
                uip = Some(p);
                break;
            }
            open -= 1;
            if !self.antecedents_meet(o, level, &mut open, &mut marked) {
                break;
            }
        }
        self.unmark_level(level, start, &marked);
        uip
    }

    /// Meets every antecedent of option `o`'s value at `level` (see
    /// [`shrink_meets`](Self::shrink_meets)), in the order analysis would: false at the first
    /// that is a lower level's literal outside the clause, or when `o` is the decision.
    fn antecedents_meet(&mut self, o: usize, level: usize, open: &mut usize, marked: &mut Marked) -> bool {
        match self.fact[o].reason.unpack() {
            Reason::ExcludedBy(o2) => self.shrink_meets(o2, level, open, marked),
            Reason::ForcedBy(item) => {
                let options = self.matrix.item_options(item);
                for slot in ones(self.root_open[item]) {
                    let o2 = usize::from(options[slot]);
                    if o2 != o && !self.shrink_meets(o2, level, open, marked) {
                        return false;
                    }
                }
                true
            }
            Reason::Clause(c) => {
                (1..usize::from(self.store[c])).all(|k| self.shrink_meets(self.lit_at(c, k).var(), level, open, marked))
            }
            // A decision is the level's first value: `open` is 1 there.
            Reason::Decided => false,
        }
    }

    /// Meets antecedent option `a` (false) of a value at `level` while shrinking: level-0 facts
    /// need nothing, the level's own are marked to walk through, a lower level's must be in the
    /// clause (false when not).
    fn shrink_meets(&mut self, a: usize, level: usize, open: &mut usize, marked: &mut Marked) -> bool {
        let at = usize::from(self.fact[a].level);
        if at == level {
            if self.seen[a] & MARKED == 0 {
                self.seen[a] |= MARKED;
                marked.push(a);
                *open += 1;
            }
            true
        } else {
            at == 0 || self.seen[a] & SEEN != 0
        }
    }

    /// Clears the marks [`level_uip`](Self::level_uip) set: from its list, or from the level's
    /// whole trail when the list overflowed.
    fn unmark_level(&mut self, level: usize, start: usize, marked: &Marked) {
        if marked.count <= MARKED_LIST {
            for &o in &marked.options[..marked.count] {
                self.seen[usize::from(o)] &= !MARKED;
            }
        } else {
            let end = if level < self.levels { usize::from(self.trail_lim[level]) } else { self.trail_len };
            for &p in &self.trail[start..end] {
                self.seen[p.var()] &= !MARKED;
            }
        }
    }
}
