//! The learnt clauses' share of propagation: two watched literals a clause, in intrusive lists
//! threaded through the store (each clause links to the next clause watching its first and its
//! second literal), so watching costs no memory beyond the clause's header.

use super::analyze::Conflict;
use super::lit::{Lit, Reason};
use super::store::{HEADER, NEXT};
use super::{Learner, Matrix, NIL};

impl<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> Learner<M, ITEMS, OPTIONS, STORE> {
    /// The head of the list of clauses watching `l`.
    #[inline]
    pub(super) fn watch_of(&mut self, l: Lit) -> &mut u16 {
        &mut self.watch[l.var()][l.polarity()]
    }

    /// Puts clause `c` at the head of the lists of its first two literals.
    pub(super) fn watch_clause(&mut self, c: usize) {
        for (k, next) in NEXT.into_iter().enumerate() {
            let w = self.lit_at(c, k);
            self.store[c + next] = core::mem::replace(self.watch_of(w), c as u16);
        }
    }

    /// Visits the clauses watching `f`, which has just become false: each finds another
    /// literal to watch, or forces its other watched literal, or is a conflict. The list is
    /// walked in place and a clause is written only when it changes (most are satisfied by
    /// their other watched literal, and the writes cost more than the reads).
    pub(super) fn propagate_clauses(&mut self, f: Lit) -> Option<Conflict> {
        // The link that points to the clause being visited: the list's head, or a clause's
        // link field in the store.
        let mut link: Option<usize> = None;
        let mut next = *self.watch_of(f);
        while next != NIL {
            let c = usize::from(next);
            // One of the two watched literals is f, so the other is their xor with f.
            let (w1, w0) = (self.store[c + HEADER + 1], self.store[c + HEADER]);
            let k = usize::from(w0 != f.word());
            next = self.store[c + NEXT[k]];
            let other = Lit::from_word(w0 ^ w1 ^ f.word());
            if self.is_true(other) {
                link = Some(c + NEXT[k]);
                continue;
            }
            let len = usize::from(self.store[c]);
            let rest = self.store[c + HEADER + 2..c + HEADER + len].iter().map(|&w| Lit::from_word(w));
            if let Some((j, w)) = rest.enumerate().find(|&(_, w)| !self.is_false(w)) {
                // Watch w instead (it trades places with f): out of this list, into its own.
                self.store[c + HEADER + 2 + j] = f.word();
                self.store[c + HEADER + k] = w.word();
                match link {
                    None => *self.watch_of(f) = next,
                    Some(at) => self.store[at] = next,
                }
                self.store[c + NEXT[k]] = core::mem::replace(self.watch_of(w), c as u16);
                continue;
            }
            // Unit or conflict: the other literal goes first (a reason's implied literal is),
            // each with its link.
            if k == 0 {
                self.store.swap(c + HEADER, c + HEADER + 1);
                self.store.swap(c + NEXT[0], c + NEXT[1]);
            }
            link = Some(c + NEXT[1]);
            if self.is_false(other) {
                return Some(Conflict::Clause(c));
            }
            self.assign(other, Reason::Clause(c).pack());
        }
        None
    }
}
