//! The clause store: learnt clauses in one fixed array of `u16` words, added at its end and,
//! when it is full, reduced by Glucose's rule (the clauses of highest literal block distance
//! go first, reasons and permanent clauses never) and packed. A fixed array because the
//! learner allocates nothing; packing keeps the live clauses together for the watch lists.

use super::lit::{Lit, Reason, Value};
use super::{Learner, Matrix, NIL};

/// A clause in the store: its length, its literal block distance, the next clause in the
/// watch lists of its first and of its second literal, then its literals. The two watched
/// literals are always the first two; a clause that is a reason has its implied literal first.
pub(super) const HEADER: usize = 4;
/// Where a clause's two watch-list links are, from its start.
pub(super) const NEXT: [usize; 2] = [2, 3];
/// Marks a clause that the store reduction deletes, in its LBD word.
pub(super) const DOOMED: u16 = 0x8000;
/// Marks a clause that is no consequence, so no reduction may delete it (the clause that
/// rules out a solution already found, for counting), in its LBD word.
pub(super) const PERMANENT: u16 = 0x4000;
/// Literal block distances are counted up to this, which is plenty for ranking.
pub(super) const LBD_CAP: usize = 255;

impl<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> Learner<M, ITEMS, OPTIONS, STORE> {
    /// Literal `k` of the clause at offset `clause`.
    #[inline]
    pub(super) fn lit_at(&self, clause: usize, k: usize) -> Lit {
        Lit::from_word(self.store[clause + HEADER + k])
    }

    /// Stores `learnt` watched by its first two literals; reduces the store first when it is
    /// full. `None` when it still does not fit.
    pub(super) fn add_learnt(&mut self, lbd: usize) -> Option<usize> {
        let len = self.learnt_len;
        if self.store_end + HEADER + len > self.store_limit {
            self.reduce_store();
            if self.store_end + HEADER + len > self.store_limit {
                return None;
            }
        }
        let c = self.store_end;
        self.store[c] = len as u16;
        self.store[c + 1] = lbd.min(LBD_CAP) as u16;
        for (word, l) in self.store[c + HEADER..c + HEADER + len].iter_mut().zip(&self.learnt[..len]) {
            *word = l.word();
        }
        self.store_end += HEADER + len;
        self.watch_clause(c);
        Some(c)
    }

    /// Whether clause `c` is the reason of a current value (then it must stay).
    fn is_locked(&self, c: usize) -> bool {
        let o = self.lit_at(c, 0).var();
        self.val[o] != Value::Open && self.fact[o].reason.unpack() == Reason::Clause(c)
    }

    /// Whether a reduction may delete clause `c`: neither a reason nor permanent.
    fn is_deletable(&self, c: usize) -> bool {
        !self.is_locked(c) && self.store[c + 1] & PERMANENT == 0
    }

    /// Glucose's rule within a fixed store: deletes the clauses of highest literal block
    /// distance, the oldest first among equals, sparing reasons, until at most half the store
    /// is used; then packs the rest to the front and rebuilds the watch lists.
    pub(super) fn reduce_store(&mut self) {
        self.stats.reductions += 1;
        let words_by_lbd = self.deletable_words_by_lbd();
        let to_free = self.store_end.saturating_sub(self.store_limit / 2);
        // Every clause above `threshold` goes, and at `threshold` the oldest until enough.
        let mut threshold = LBD_CAP + 1;
        let mut above = 0;
        while threshold > 0 && above < to_free {
            threshold -= 1;
            above += words_by_lbd[threshold];
        }
        self.doom(threshold, to_free);
        self.pack();
        self.watch.fill([NIL; 2]);
        let mut c = 0;
        while c < self.store_end {
            self.watch_clause(c);
            c += HEADER + usize::from(self.store[c]);
        }
        self.check_if_asked();
    }

    /// The words of the deletable clauses, by literal block distance.
    fn deletable_words_by_lbd(&self) -> [usize; LBD_CAP + 1] {
        let mut words_by_lbd = [0usize; LBD_CAP + 1];
        let mut c = 0;
        while c < self.store_end {
            let words = HEADER + usize::from(self.store[c]);
            if self.is_deletable(c) {
                words_by_lbd[usize::from(self.store[c + 1])] += words;
            }
            c += words;
        }
        words_by_lbd
    }

    /// Marks deletable clauses [`DOOMED`] until `to_free` words are: everything above
    /// `threshold` first (it frees less than asked), then the oldest at the threshold.
    fn doom(&mut self, threshold: usize, mut to_free: usize) {
        for at_threshold in [false, true] {
            let mut c = 0;
            while c < self.store_end && to_free > 0 {
                let words = HEADER + usize::from(self.store[c]);
                let lbd = usize::from(self.store[c + 1]);
                if (lbd == threshold) == at_threshold && lbd >= threshold && self.is_deletable(c) {
                    self.store[c + 1] |= DOOMED;
                    to_free = to_free.saturating_sub(words);
                }
                c += words;
            }
        }
    }

    /// Moves the clauses not doomed to the front, in order, and points their reasons at their
    /// new offsets.
    fn pack(&mut self) {
        let (mut from, mut to) = (0, 0);
        while from < self.store_end {
            let words = HEADER + usize::from(self.store[from]);
            if self.store[from + 1] & DOOMED == 0 {
                if self.is_locked(from) {
                    let o = self.lit_at(from, 0).var();
                    self.fact[o].reason = Reason::Clause(to).pack();
                }
                self.store.copy_within(from..from + words, to);
                to += words;
            }
            from += words;
        }
        self.store_end = to;
    }
}
