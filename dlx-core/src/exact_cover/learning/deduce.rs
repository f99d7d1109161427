//! The matrix's own reasoning during search ([`Matrix::deduce`], Hall sets for Sudoku): when
//! it runs (after [`DEDUCE_AFTER`] conflicts, pausing where it finds nothing), what it is told
//! has changed, and how its findings become clauses the search can propagate and analyse like
//! its own.

use super::lit::{Lit, Reason, Value};
use super::{BECAUSE_CHOSEN, Learner, Matrix};

/// Conflicts after which the search asks the matrix's own reasoning ([`Matrix::deduce`]) at
/// every decision. For Sudoku that is the Hall sets, which cost a search about three times the
/// time of a conflict while they run, and pay on grids whose contradiction hides below the
/// decisions (unsolvable 16x16 grids a hill climb found took 98,000-124,000 conflicts without
/// them, 2,171-6,993 with them from here); most puzzles are solved before it (docs/design.md).
pub const DEDUCE_AFTER: u64 = 2_000;
/// Calls of [`Matrix::deduce`] in a row that end in no conflict, after which it pauses for
/// [`DEDUCE_PAUSE`] conflicts and then starts again (unless the matrix says no pauses,
/// [`Matrix::deduce_pauses`]: 16x16 Sudoku, whose slowest isomorphs gain from the Hall sets
/// at every decision). Where its findings refute decisions (the grids above: about one call
/// in ten) it hardly pauses; on a solvable grid whose search is long by itself they seldom do
/// (about once in 3,000 calls), and there a call costs more than it saves.
pub const DEDUCE_WINDOW: u32 = 256;
pub const DEDUCE_PAUSE: u64 = 4_000;
/// The most findings [`Matrix::deduce`] hands over from one call, and the longest reason
/// taken; the rest are found again at the next decision.
const DEDUCE_FINDINGS: usize = 8;
const DEDUCE_REASON: usize = 80;
/// Options valued since the reasoning last saw the trail in full beyond which it is told that
/// anything may have changed, instead of each option (a walk of a long stretch costs more
/// than looking at everything).
const DEDUCE_RESCAN: usize = 512;

/// What [`Learner::deduce_paced`] found.
pub(super) enum Deduced {
    Nothing,
    /// Options excluded, to propagate.
    Excluded,
    /// A contradiction at the current level, as the clause at this offset.
    Conflict(usize),
    /// A contradiction at level 0.
    NoCover,
}

/// One finding of [`Matrix::deduce`], copied out of its call: the option excluded (None: no
/// cover), and the options whose exclusion implies it.
#[derive(Clone, Copy)]
struct Finding {
    excluded: Option<usize>,
    len: usize,
    because: [u16; DEDUCE_REASON],
}

impl<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> Learner<M, ITEMS, OPTIONS, STORE> {
    /// [`deduce`](Self::deduce), paced: after [`DEDUCE_WINDOW`] calls in a row without a
    /// conflict, the next calls wait [`DEDUCE_PAUSE`] conflicts (unless it runs always).
    pub(super) fn deduce_paced(&mut self) -> Deduced {
        let deduced = self.deduce();
        self.deduce_idle = if matches!(deduced, Deduced::Conflict(_)) { 0 } else { self.deduce_idle + 1 };
        if self.deduce_idle == DEDUCE_WINDOW && !self.deduce_always {
            self.deduce_idle = 0;
            self.deduce_after = self.stats.conflicts + DEDUCE_PAUSE;
        }
        deduced
    }

    /// Asks the matrix's own reasoning ([`Matrix::deduce`]) at a fixpoint and turns what it
    /// finds into clauses: an exclusion into one whose other literals are its reasons (stored,
    /// then its reason), a contradiction into a conflict clause. A finding whose reasons are all
    /// fixed at level 0 holds at level 0 (for Sudoku the root's Hall sets find it at the next
    /// restart); it is passed over here, as is a contradiction below the current level.
    fn deduce(&mut self) -> Deduced {
        let mut findings = [Finding { excluded: None, len: 0, because: [0; DEDUCE_REASON] }; DEDUCE_FINDINGS];
        let n = self.collect_findings(&mut findings);
        let mut any = false;
        // The finding whose reasons `learnt` holds after its excluded literal: a Hall set that
        // excludes several candidates gives each the same reasons, checked and ordered once
        // (what is excluded in between was open, so it is none of them).
        let mut body: Option<&Finding> = None;
        for finding in &findings[..n] {
            if finding.excluded.is_some_and(|o| o >= self.matrix.options() || self.val[o] != Value::Open) {
                continue;
            }
            match (finding.excluded, body) {
                (Some(o), Some(b)) if b.because[..b.len] == finding.because[..finding.len] => {
                    self.learnt[0] = Lit::excluded(o);
                }
                _ => {
                    body = None;
                    if !self.finding_clause(finding) {
                        continue;
                    }
                    if finding.excluded.is_some() {
                        body = Some(finding);
                    }
                }
            }
            match finding.excluded {
                Some(o) => {
                    if self.learnt_len < 2 {
                        continue;
                    }
                    let Some(c) = self.add_learnt(self.learnt_len) else { continue };
                    self.assign(Lit::excluded(o), Reason::Clause(c).pack());
                    any = true;
                }
                None => {
                    if self.learnt_len == 0 {
                        return Deduced::NoCover;
                    }
                    if self.learnt_len < 2 || usize::from(self.fact[self.learnt[0].var()].level) != self.levels {
                        continue;
                    }
                    let Some(c) = self.add_learnt(self.learnt_len) else { continue };
                    return Deduced::Conflict(c);
                }
            }
        }
        if any { Deduced::Excluded } else { Deduced::Nothing }
    }

    /// Runs [`Matrix::deduce`] on the open masks, copying up to [`DEDUCE_FINDINGS`] findings
    /// into `findings`; how many. The matrix is first told what changed since the last call
    /// that handed over all it found ([`Matrix::changed`]): the trail from there on, that
    /// call's trail being a prefix of this one (see `deduced_to`).
    fn collect_findings(&mut self, findings: &mut [Finding; DEDUCE_FINDINGS]) -> usize {
        let (mut n, mut complete) = (0, true);
        let items = self.matrix.items();
        let from = self.deduced_to.min(self.trail_len);
        if self.trail_len - from > DEDUCE_RESCAN {
            self.matrix.all_changed();
        } else {
            for l in &self.trail[from..self.trail_len] {
                self.matrix.changed(l.var());
            }
        }
        let (matrix, open) = (&mut self.matrix, &self.open[..items]);
        matrix.deduce(open, &mut |excluded, because| {
            // After a contradiction the matrix stops; a finding refused is found again.
            complete &= excluded.is_some();
            if n == DEDUCE_FINDINGS || because.len() > DEDUCE_REASON {
                complete = false;
                return false;
            }
            let finding = &mut findings[n];
            finding.excluded = excluded;
            finding.len = because.len();
            finding.because[..because.len()].copy_from_slice(because);
            n += 1;
            true
        });
        if complete {
            self.deduced_to = self.trail_len;
        }
        n
    }

    /// Writes `finding`'s clause into `learnt`: the excluded option's literal (if any), then
    /// its reasons above level 0 (an option excluded as "chosen", one chosen as "excluded"),
    /// the literals of the highest levels first so that the clause is watched where it can next
    /// change. False when a reason is not one the search can use (no option, or not excluded,
    /// or chosen, now): the finding is dropped.
    fn finding_clause(&mut self, finding: &Finding) -> bool {
        self.learnt_len = 0;
        if let Some(o) = finding.excluded {
            self.learnt[0] = Lit::excluded(o);
            self.learnt_len = 1;
        }
        let first = self.learnt_len;
        for &a in &finding.because[..finding.len] {
            let (chosen, a) = (a & BECAUSE_CHOSEN != 0, usize::from(a & !BECAUSE_CHOSEN));
            let want = if chosen { Value::Chosen } else { Value::Excluded };
            if a >= self.matrix.options() || self.val[a] != want {
                return false;
            }
            if self.fact[a].level > 0 {
                self.learnt[self.learnt_len] = if chosen { Lit::excluded(a) } else { Lit::chosen(a) };
                self.learnt_len += 1;
            }
        }
        for k in first..self.learnt_len.min(first + 2) {
            let mut best = k;
            for j in k + 1..self.learnt_len {
                if self.fact[self.learnt[j].var()].level > self.fact[self.learnt[best].var()].level {
                    best = j;
                }
            }
            self.learnt.swap(k, best);
        }
        true
    }
}
