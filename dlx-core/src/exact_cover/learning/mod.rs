//! Clause learning over an exact cover problem, for the searches where Dancing Links alone
//! keeps failing for the same reasons (the hardest 16x16 puzzles).
//!
//! One variable per option, true when the option is chosen. Every item is an "exactly one"
//! constraint, propagated natively as the DLX does it: a chosen option excludes the other
//! options of its items, and an item with one option left forces it. On top of that come
//! learnt clauses: at each conflict, first-UIP analysis (the reasons of exclusions and forced
//! choices are the items themselves), then shrinking level by level, yields a clause that
//! rules the conflict's cause out everywhere in the search, not just below the node where it
//! was found, and the search jumps back to the deepest level where the clause still forces
//! something. Decisions follow VSIDS (the options most involved in recent conflicts), seeded
//! in MRV order, with Luby restarts.
//! This is the configuration measured best (docs/design.md, docs/experiments.md); it is
//! complete and exact: a solution is a full cover, and "unsolvable" is a conflict with no
//! decision left to undo.
//!
//! Like the engine it knows nothing of Sudoku. It takes matrices whose items hold at most 16
//! options, each option in exactly four items, and asks a [`Matrix`] for them by arithmetic
//! instead of keeping tables, so a 16x16 Sudoku's state stays at 166 KiB: the open options
//! of an item are one 16-bit mask. The learnt clauses live in one fixed array of `STORE`
//! 16-bit words; when it is full, the clauses of highest literal block distance go first
//! (Glucose's rule), those that are the reason of a current value never.
//!
//! This file holds the state, its public API and the search loop; each other job has its
//! own room: `lit` (literals, values, reasons), `propagate` (the trail and the items'
//! "exactly one"), `watch` (the learnt clauses' watch lists), `store` (the clause store and
//! its reduction), `heap` (VSIDS), `analyze` (conflict analysis and minimization), `shrink`
//! (shrinking by level UIPs), `restart`, `deduce` (the matrix's own reasoning during search)
//! and `check` (the invariant checker).

mod analyze;
mod check;
mod deduce;
mod heap;
mod lit;
mod propagate;
mod restart;
mod shrink;
mod store;
mod watch;

use core::mem::MaybeUninit;

use crate::deadline::Deadline;
pub use deduce::DEDUCE_AFTER;
#[cfg(any(test, feature = "internals"))] // the tests and the docs read them
pub use deduce::{DEDUCE_PAUSE, DEDUCE_WINDOW};

use analyze::Conflict;
use deduce::Deduced;
use lit::{Lit, PackedReason, Value};
use store::{HEADER, LBD_CAP, PERMANENT};

/// An exact cover matrix given by arithmetic. Every option lies in exactly four items and
/// has a slot (0..16) in each, distinct from the slots of the item's other options.
pub trait Matrix {
    /// Options are `0..options()`, items `0..items()`.
    fn options(&self) -> usize;
    fn items(&self) -> usize;
    /// The four items of option `o`, each with the option's slot in it.
    fn items_of(&self, o: usize) -> [(usize, u32); 4];
    /// The option at `slot` of `item`, for every slot in [`slots`](Self::slots).
    fn option_at(&self, item: usize, slot: u32) -> usize;
    /// Every option of `item` by slot, as [`option_at`](Self::option_at) gives them (what a
    /// slot not in [`slots`](Self::slots) holds is never read): the loops over an item's
    /// options ask once instead of once an option.
    fn item_options(&self, item: usize) -> [u16; MAX_SLOTS] {
        let slots = self.slots();
        core::array::from_fn(|slot| if slots >> slot & 1 != 0 { self.option_at(item, slot as u32) as u16 } else { 0 })
    }
    /// The slots every item has, bit `k` for slot `k`.
    fn slots(&self) -> u16;
    /// The matrix's own reasoning, which the search asks for at each decision once it has met
    /// [`DEDUCE_AFTER`] conflicts (with pauses, see [`DEDUCE_WINDOW`], unless
    /// [`deduce_pauses`](Self::deduce_pauses) says none): shown each item's open options (by
    /// slot), it reports through `found` an option no cover within them can use,
    /// `Some(option)`, with the options whose exclusion implies that (`because`, each excluded
    /// now), or `None` with options of which no cover can do without all (each excluded now):
    /// no cover at all. An entry of `because` marked [`BECAUSE_CHOSEN`] is an option chosen
    /// now, standing for the exclusions its choice makes (one literal of the clause instead of
    /// several). `found` returns whether it took the finding (it takes a bounded number a
    /// call); the matrix stops at the first it refuses, and may keep state between calls.
    /// Nothing by default.
    fn deduce(&mut self, _open: &[u16], _found: &mut dyn FnMut(Option<usize>, &[u16]) -> bool) {}
    /// Before a call of [`deduce`](Self::deduce): option `o` was valued since an earlier call
    /// that handed over all it found and whose values are all still in place (the search
    /// backjumped no further), so the items of `o` may differ from what that call was shown.
    /// Every such option is told, or [`all_changed`](Self::all_changed) is called: an item of
    /// no option told is as that call saw it, so a matrix that looked at all of it then need
    /// not look again. Nothing by default.
    fn changed(&mut self, _o: usize) {}
    /// Before a call of [`deduce`](Self::deduce): anything may have changed.
    fn all_changed(&mut self) {}
    /// Whether the search pauses [`deduce`](Self::deduce) while it refutes nothing (see
    /// [`DEDUCE_WINDOW`]): yes by default; a matrix whose reasoning pays at every decision
    /// once it runs says no.
    fn deduce_pauses(&self) -> bool {
        true
    }
}

/// Marks an entry of [`Matrix::deduce`]'s reasons that is an option chosen, not excluded.
pub const BECAUSE_CHOSEN: u16 = 1 << 15;

/// The most options an item holds: its open options are one `u16` mask, a bit a slot.
const MAX_SLOTS: usize = 16;
/// The end of a watch list, and an option out of the decision heap.
const NIL: u16 = u16::MAX;

/// Deadline ticks of a conflict (a tick is a DLX node): a conflict costs about what 16 DLX
/// nodes do.
const CONFLICT_TICKS: u32 = 16;
/// Deadline ticks of a call of the matrix's reasoning: it costs about what a conflict does.
const DEDUCE_TICKS: u32 = 16;
/// Deadline ticks of a decision: about one DLX node's work.
const DECISION_TICKS: u32 = 1;

/// What is known of an option's value besides the value itself, in one record so that
/// analysis reads them from one place: the decision level that gave it, its reason, and its
/// place on the trail (for shrinking).
#[derive(Clone, Copy, Debug)]
struct Fact {
    reason: PackedReason,
    level: u16,
    trail_pos: u16,
}

/// Counters of one [`Learner::solve`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LearnStats {
    pub conflicts: u64,
    pub decisions: u64,
    pub restarts: u64,
    /// Times the clause store was full and had its worst half deleted.
    pub reductions: u64,
    /// Times a reduction could not make room because too many clauses were reasons, and the
    /// search restarted to free them.
    pub full_store_restarts: u64,
}

/// The caller's reasoning at every restart (see [`Learner::solve_within`]): shown each item's
/// open options by slot, it rules options out through its second argument, or returns false
/// when no cover can exist.
pub type RootHook<'h> = &'h mut dyn FnMut(&[u16], &mut dyn FnMut(usize)) -> bool;

/// The whole state of a learning search over `M`, with room for `OPTIONS` options, `ITEMS`
/// items and `STORE` words of learnt clauses (below 32,768, so offsets fit in a reason's low
/// bits and in `u16` links).
pub struct Learner<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> {
    matrix: M,
    /// Per option: its value, and the facts of a value (apart: the value alone is read far
    /// more often, by every watch visit and item check).
    val: [Value; OPTIONS],
    fact: [Fact; OPTIONS],
    /// Values in the order given; where each decision level starts; the next to propagate.
    trail: [Lit; OPTIONS],
    trail_len: usize,
    trail_lim: [u16; ITEMS],
    levels: usize,
    qhead: usize,
    /// Per item: its options not excluded, by slot. A chosen option is never excluded, so an
    /// item with one chosen holds it; the cover is complete when every option has a value.
    open: [u16; ITEMS],
    /// Per item: its options not excluded at level 0, or more (the open masks when the search
    /// last decided at level 0); analysis need not look at the others.
    root_open: [u16; ITEMS],
    /// The length of the trail at level 0 when the root hook last ran (`usize::MAX`: never).
    root_reasoned: usize,
    /// Learnt clauses, laid out as described at [`HEADER`], from 0 to `store_end`.
    store: [u16; STORE],
    store_end: usize,
    /// The words the store may use: `STORE`, or less for tests (see `set_store_limit`).
    store_limit: usize,
    /// Per literal: the first clause watching it.
    watch: [[u16; 2]; OPTIONS],
    /// VSIDS: per option its activity, and a binary max-heap of options by activity with
    /// each option's place in it (NIL when out).
    activity: [f32; OPTIONS],
    bump_by: f32,
    heap: [u16; OPTIONS],
    heap_len: usize,
    heap_pos: [u16; OPTIONS],
    /// Conflict analysis: options met (flags of `analyze`), the clause being learnt, and per
    /// level the conflict that last counted it (for the literal block distance; shrinking
    /// stamps levels too).
    seen: [u8; OPTIONS],
    learnt: [Lit; OPTIONS],
    learnt_len: usize,
    level_stamp: [u32; ITEMS],
    stats: LearnStats,
    /// The restart schedule: Knuth's reluctant doubling state, and the conflict count of the
    /// next restart.
    luby: (u64, u64),
    next_restart: u64,
    /// Whether to run [`check_state`](Self::check_state) at every restart and store reduction
    /// (tests), and the first fault it found.
    checking: bool,
    fault: Option<&'static str>,
    /// The conflicts after which the matrix's reasoning runs: [`DEDUCE_AFTER`] (or fewer for
    /// tests), moved on by each pause.
    deduce_after: u64,
    /// Its calls since it last found a conflict or paused.
    deduce_idle: u32,
    /// Whether it runs at every decision without pauses: when the matrix says so
    /// ([`Matrix::deduce_pauses`]), and in the proof that no other cover exists (see
    /// [`solve_another`](Self::solve_another)).
    deduce_always: bool,
    /// How much of the trail the matrix's reasoning has seen in full: it had handed over all
    /// it found when the trail was this long (and it is still a prefix of the trail); and per
    /// level, that length when the level's decision was made. The next call is shown only the
    /// options valued since (see [`Matrix::changed`]).
    deduced_to: usize,
    deduced_lim: [u16; ITEMS],
}

impl<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> Learner<M, ITEMS, OPTIONS, STORE> {
    const FITS: () = assert!(
        STORE >= 2 * (HEADER + OPTIONS) && STORE < 1 << 15 && 2 * OPTIONS < 1 << 15,
        "the store must hold two of the longest clauses, and offsets and literals fit 16 bits"
    );

    /// Sets up `slot` for `matrix` with nothing decided, in place (the value is large).
    /// `None` when the matrix is bigger than the learner's capacity.
    pub fn new_in(slot: &mut MaybeUninit<Self>, matrix: M) -> Option<&mut Self> {
        let () = Self::FITS;
        let (options, items) = (matrix.options(), matrix.items());
        if options > OPTIONS || items > ITEMS || matrix.slots() == 0 {
            return None;
        }
        let p = slot.as_mut_ptr();
        // SAFETY: every field but `matrix` is an integer, a float, a bool, a newtype of an
        // integer (`Lit`, `PackedReason`), a record of them (`Fact`), a `Value` (whose all-zero
        // byte is `Value::Open`) or an array or tuple of them, for which all-zero bytes are a
        // valid value; `matrix` is then written in place without reading or dropping the zero
        // bytes there. Both writes stay inside `*slot`.
        let learner = unsafe {
            p.write_bytes(0, 1);
            core::ptr::addr_of_mut!((*p).matrix).write(matrix);
            slot.assume_init_mut()
        };
        let all = learner.matrix.slots();
        learner.open[..items].fill(all);
        learner.root_open[..items].fill(all);
        learner.watch.fill([NIL; 2]);
        learner.heap_pos.fill(NIL);
        for o in 0..options {
            learner.heap[o] = o as u16;
            learner.heap_pos[o] = o as u16;
        }
        learner.heap_len = options;
        learner.bump_by = 1.0;
        learner.root_reasoned = usize::MAX;
        learner.store_limit = STORE;
        learner.deduce_after = DEDUCE_AFTER;
        learner.deduce_always = !learner.matrix.deduce_pauses();
        Some(learner)
    }

    /// Checks every invariant at each restart and store reduction from now on; a broken one
    /// is kept for [`fault`](Self::fault). For tests: it costs a pass over the whole state.
    #[cfg(any(test, feature = "internals"))] // tests and benchmarks
    pub fn set_checking(&mut self, on: bool) {
        self.checking = on;
    }

    /// Asks the matrix's reasoning ([`Matrix::deduce`]) from `conflicts` conflicts on instead
    /// of [`DEDUCE_AFTER`] (tests: its clauses on puzzles that never need it).
    #[cfg(any(test, feature = "internals"))] // tests and benchmarks
    pub fn set_deduce_after(&mut self, conflicts: u64) {
        self.deduce_after = conflicts;
    }

    /// Lets the clause store use only `words` of its `STORE` words (tests: a tiny store makes
    /// every path of its reduction run, the restart when reasons fill it included).
    #[cfg(any(test, feature = "internals"))] // tests and benchmarks
    pub fn set_store_limit(&mut self, words: usize) {
        self.store_limit = words.min(STORE);
    }

    /// The first broken invariant that checking found.
    #[cfg(any(test, feature = "internals"))] // tests and benchmarks
    pub fn fault(&self) -> Option<&'static str> {
        self.fault
    }

    pub fn stats(&self) -> LearnStats {
        self.stats
    }

    /// The chosen options, once [`solve`](Self::solve) has returned `true`.
    pub fn chosen(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.matrix.options()).filter(|&o| self.val[o] == Value::Chosen)
    }

    /// Chooses `givens`, then searches for an exact cover that extends them: `true` when one
    /// is found ([`chosen`](Self::chosen) lists it), `false` when there is none. The same
    /// input gives the same cover every time.
    #[cfg(any(test, feature = "internals"))] // tests and benchmarks
    pub fn solve(&mut self, givens: impl IntoIterator<Item = usize>) -> bool {
        self.solve_within(givens, u64::MAX, &mut Deadline::new(&mut || false), &mut |_, _| true) == Some(true)
    }

    /// [`solve`](Self::solve) that gives up after `max_conflicts` conflicts, or when `deadline`
    /// passes (asked at every conflict and decision): `None` then.
    ///
    /// At every restart, at level 0, `root` is shown each item's open options (by slot, as
    /// [`Matrix::option_at`] numbers them) and may rule options out through its second
    /// argument, or return false when it finds that no cover exists: the caller's own reasoning
    /// over what is proven so far (Hall sets, for Sudoku), which search alone finds slowly.
    pub fn solve_within(
        &mut self,
        givens: impl IntoIterator<Item = usize>,
        max_conflicts: u64,
        deadline: &mut Deadline,
        root: RootHook<'_>,
    ) -> Option<bool> {
        self.solve_without(givens, &[], max_conflicts, deadline, root)
    }

    /// [`solve_within`](Self::solve_within) with the options `excluded` ruled out at level 0
    /// as well: `Some(false)` at once when one of them is a given.
    pub fn solve_without(
        &mut self,
        givens: impl IntoIterator<Item = usize>,
        excluded: &[usize],
        max_conflicts: u64,
        deadline: &mut Deadline,
        root: RootHook<'_>,
    ) -> Option<bool> {
        if !self.place_givens_without(givens, excluded) {
            return Some(false);
        }
        self.order_decisions();
        self.start_restarts();
        self.search(max_conflicts, deadline, root)
    }

    /// After a search found a cover, looks for another: a clause that no reduction deletes
    /// rules the one found out (not all of its decisions again: with the same decisions,
    /// propagation would force the same cover), and the search goes on from level 0 with
    /// what it has learnt, asking the matrix's reasoning at every decision: a proof that no
    /// other cover exists has no luck to lose (counting the hardest 16x16 puzzles to 2, a
    /// quarter fewer conflicts and fewer instructions in all). `Some(false)` when no other
    /// cover exists; `None` as [`solve_within`](Self::solve_within) gives up, or when the
    /// clause does not fit.
    pub fn solve_another(
        &mut self,
        max_conflicts: u64,
        deadline: &mut Deadline,
        root: RootHook<'_>,
    ) -> Option<bool> {
        debug_assert_eq!(self.trail_len, self.matrix.options(), "a cover was found");
        if self.levels == 0 {
            return Some(false);
        }
        for level in 0..self.levels {
            self.learnt[level] = self.trail[usize::from(self.trail_lim[level])].neg();
        }
        self.learnt_len = self.levels;
        self.cancel_until(0);
        self.deduce_after = 0;
        self.deduce_always = true;
        if self.learnt_len == 1 {
            self.assign(self.learnt[0], PackedReason::DECIDED);
        } else {
            let c = self.add_learnt(LBD_CAP)?;
            self.store[c + 1] |= PERMANENT;
        }
        self.search(max_conflicts, deadline, root)
    }

    /// The search from the current state, as [`solve_within`](Self::solve_within) describes:
    /// propagate; learn from a conflict; else restart, ask the matrix's reasoning or decide,
    /// as the schedules say.
    fn search(&mut self, max_conflicts: u64, deadline: &mut Deadline, root: RootHook<'_>) -> Option<bool> {
        loop {
            if let Some(conflict) = self.propagate() {
                if self.levels == 0 {
                    return Some(false);
                }
                if self.stats.conflicts >= max_conflicts || deadline.tick(CONFLICT_TICKS) {
                    return None;
                }
                self.learn(conflict);
                continue;
            }
            // At a fixpoint without conflict, every option has a value exactly when every item
            // has a chosen option: each other option shares an item with one and is excluded.
            if self.trail_len == self.matrix.options() {
                return Some(true);
            }
            if self.stats.conflicts >= self.next_restart {
                if !self.restart(root) {
                    return Some(false);
                }
                continue;
            }
            if self.stats.conflicts >= self.deduce_after {
                if deadline.tick(DEDUCE_TICKS) {
                    return None;
                }
                match self.deduce_paced() {
                    Deduced::Nothing => {}
                    Deduced::Excluded => continue,
                    Deduced::Conflict(c) => {
                        if self.stats.conflicts >= max_conflicts {
                            return None;
                        }
                        self.learn(Conflict::Clause(c));
                        continue;
                    }
                    Deduced::NoCover => return Some(false),
                }
            }
            let Some(o) = self.next_decision() else {
                // Unreachable: with every option valued and no conflict, every item has a
                // chosen option (an item with all excluded is a conflict), so the cover is
                // complete. Saying "no cover" would be wrong, but it cannot be reached.
                debug_assert!(false, "no open option while the cover is incomplete");
                return Some(false);
            };
            if deadline.tick(DECISION_TICKS) {
                return None;
            }
            self.decide(o);
        }
    }
}
