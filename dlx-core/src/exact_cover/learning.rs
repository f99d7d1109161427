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

use core::mem::MaybeUninit;

use crate::deadline::Deadline;

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
    /// The slots every item has, bit `k` for slot `k`.
    fn slots(&self) -> u16;
    /// The matrix's own reasoning, which the search asks for at each decision once it has met
    /// [`DEDUCE_AFTER`] conflicts (with pauses, see [`DEDUCE_WINDOW`]): shown each item's open
    /// options (by slot), it reports through `found` an option no cover within them can use,
    /// `Some(option)`, with the options whose exclusion implies that (`because`, each excluded
    /// now), or `None` with options of which no cover can do without all (each excluded now):
    /// no cover at all. `found` returns whether it took the finding (it takes a bounded number
    /// a call); the matrix stops at the first it refuses, and may keep state between calls.
    /// Nothing by default.
    fn deduce(&mut self, _open: &[u16], _found: &mut dyn FnMut(Option<usize>, &[u16]) -> bool) {}
}

/// Conflicts after which the search asks the matrix's own reasoning ([`Matrix::deduce`]) at
/// every decision. For Sudoku that is the Hall sets, which cost a search about three times the
/// time of a conflict while they run, and pay on grids whose contradiction hides below the
/// decisions (unsolvable 16x16 grids a hill climb found took 98,000-124,000 conflicts without
/// them, 2,171-6,993 with them from here); most puzzles are solved before it (docs/design.md).
pub const DEDUCE_AFTER: u64 = 2_000;
/// Calls of [`Matrix::deduce`] in a row that end in no conflict, after which it pauses for
/// [`DEDUCE_PAUSE`] conflicts and then starts again. Where its findings refute decisions (the
/// grids above: about one call in ten) it hardly pauses; on a solvable grid whose search is
/// long by itself they seldom do (about once in 3,000 calls): at every decision from 10,000
/// conflicts on, they made the slowest known isomorph of the hardest 16x16 puzzles take 250
/// ms against 157 ms without them.
pub const DEDUCE_WINDOW: u32 = 256;
pub const DEDUCE_PAUSE: u64 = 4_000;
/// The most findings [`Matrix::deduce`] hands over from one call, and the longest reason
/// taken; the rest are found again at the next decision.
const DEDUCE_FINDINGS: usize = 8;
const DEDUCE_REASON: usize = 80;

/// What [`Learner::deduce`] found.
enum Deduced {
    Nothing,
    /// Options excluded, to propagate.
    Excluded,
    /// A contradiction at the current level, as the clause at this offset.
    Conflict(usize),
    /// A contradiction at level 0.
    NoCover,
}

/// A literal: option `o` chosen is `2o + 1`, option `o` excluded is `2o`.
type Lit = u16;

fn chosen_lit(o: usize) -> Lit {
    (2 * o + 1) as Lit
}
fn excluded_lit(o: usize) -> Lit {
    (2 * o) as Lit
}
fn var(l: Lit) -> usize {
    usize::from(l >> 1)
}
fn neg(l: Lit) -> Lit {
    l ^ 1
}
fn is_choice(l: Lit) -> bool {
    l & 1 == 1
}

/// The slots set in `mask`, lowest first.
fn slots_in(mut mask: u16) -> impl Iterator<Item = u32> {
    core::iter::from_fn(move || {
        let slot = (mask != 0).then(|| mask.trailing_zeros())?;
        mask &= mask - 1;
        Some(slot)
    })
}

/// Flags of `Learner::seen`: an option met by the analysis (or in the clause being shrunk),
/// and one met in the level being shrunk.
const SEEN: u8 = 1;
const MARKED: u8 = 2;

/// Why an option has its value, in a `u32`: the kind in the top two bits, the rest an option,
/// an item or a clause's offset in the store.
const KIND: u32 = 3 << 30;
/// A decision, a given, a unit learnt clause, or anything at level 0 (never analysed).
const DECIDED: u32 = 0;
/// Excluded because the option in the low bits, which shares an item, was chosen.
const EXCLUDED_BY: u32 = 1 << 30;
/// Chosen because every other option of the item in the low bits was excluded.
const FORCED_BY: u32 = 2 << 30;
/// Implied by the learnt clause at the offset in the low bits.
const CLAUSE: u32 = 3 << 30;

/// A set of literals that are all false at once.
#[derive(Clone, Copy)]
enum Conflict {
    /// Two chosen options sharing an item.
    Pair(usize, usize),
    /// An item whose every option is excluded.
    Item(usize),
    /// A learnt clause, by its offset.
    Clause(usize),
}

/// A clause in the store: its length, its literal block distance, the next clause in the
/// watch lists of its first and of its second literal, then its literals. The two watched
/// literals are always the first two; a clause that is a reason has its implied literal first.
const HEADER: usize = 4;
const NEXT: [usize; 2] = [2, 3];
/// The end of a watch list, and an option out of the decision heap.
const NIL: u16 = u16::MAX;
/// Marks a clause that the store reduction deletes, in its LBD word.
const DOOMED: u16 = 0x8000;
/// Marks a clause that is no consequence, so no reduction may delete it (the clause that
/// rules out a solution already found, for counting), in its LBD word.
const PERMANENT: u16 = 0x4000;
/// Literal block distances are counted up to this, which is plenty for ranking.
const LBD_CAP: usize = 255;
/// The first restart, early so that the caller's reasoning at the root (see
/// [`Learner::solve_within`]) runs soon: for Sudoku, the Hall sets prove the box family there.
const FIRST_RESTART: u64 = 100;
/// Conflicts per unit of the Luby sequence of the later restarts: on isomorphs of the hardest
/// 16x16 puzzles, 1,000, 2,000 and 4,000 did alike, with half as many over 8,000 conflicts as
/// 100 (docs/design.md).
const LUBY_UNIT: u64 = 1000;
/// VSIDS: each conflict's bump grows by 1/0.95, so older activity fades.
const DECAY: f32 = 0.95;

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
    /// Per option: 0 open, 1 chosen, -1 excluded; the decision level and the reason of a value.
    val: [i8; OPTIONS],
    level: [u16; OPTIONS],
    reason: [u32; OPTIONS],
    /// Values in the order given; where each decision level starts; the next to propagate.
    trail: [Lit; OPTIONS],
    trail_len: usize,
    trail_lim: [u16; ITEMS],
    levels: usize,
    qhead: usize,
    /// Per item: its options not excluded, by slot; how many of them are chosen.
    open: [u16; ITEMS],
    chosen: [u8; ITEMS],
    /// Per item: its options not excluded at level 0, or more (the open masks when the search
    /// last decided at level 0); analysis need not look at the others.
    root_open: [u16; ITEMS],
    /// The length of the trail at level 0 when the root hook last ran (`usize::MAX`: never).
    root_reasoned: usize,
    /// Items with a chosen option: the cover is complete when this is every item.
    satisfied: usize,
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
    /// Conflict analysis: options met (flags `SEEN`, `MARKED`), the clause being learnt,
    /// and per level the conflict that last counted it (for the literal block distance;
    /// shrinking stamps levels too).
    seen: [u8; OPTIONS],
    learnt: [Lit; OPTIONS],
    learnt_len: usize,
    level_stamp: [u32; ITEMS],
    /// Shrinking: each option's place on the trail while it has a value.
    trail_pos: [u16; OPTIONS],
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
        // SAFETY: every field but `matrix` is an integer, a float, a bool or an array of them,
        // for which all-zero bytes are a valid value; `matrix` is then written in place without
        // reading or dropping the zero bytes there. Both writes stay inside `*slot`.
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

    /// The offset of the first stored clause with no literal true when the chosen options are
    /// those `chosen` says (a solution: every learnt clause is a consequence, so each holds in
    /// every solution), or None. For tests: it reads the whole store.
    #[cfg(test)]
    pub fn clause_false_in(&self, chosen: impl Fn(usize) -> bool) -> Option<usize> {
        let mut c = 0;
        while c < self.store_end {
            let len = usize::from(self.store[c]);
            if !(0..len).any(|k| chosen(var(self.lit_at(c, k))) == is_choice(self.lit_at(c, k))) {
                return Some(c);
            }
            c += HEADER + len;
        }
        None
    }

    fn check_if_asked(&mut self) {
        if self.checking && self.fault.is_none() {
            self.fault = self.check_state().err();
        }
    }

    /// Every invariant of the state, recomputed from the values: the item masks and counts
    /// (the root masks holding every option not excluded at level 0), the trail and its levels,
    /// the watch lists (each clause in exactly the lists of its first two literals), the
    /// reasons' clauses, and the heap (ordered, every open option in it).
    /// Never inlined: its 30 KiB of scratch arrays must not join the search's stack frame.
    #[inline(never)]
    pub fn check_state(&self) -> Result<(), &'static str> {
        let (options, items) = (self.matrix.options(), self.matrix.items());
        let mut open = [0u16; ITEMS];
        let mut chosen = [0u8; ITEMS];
        for o in 0..options {
            for (item, slot) in self.matrix.items_of(o) {
                if self.matrix.option_at(item, slot) != o {
                    return Err("the matrix's option_at does not invert items_of");
                }
                let excluded_at_root = self.val[o] == -1 && self.level[o] == 0;
                if !excluded_at_root && self.root_open[item] & (1 << slot) == 0 {
                    return Err("an option not excluded at level 0 is missing from its item's root mask");
                }
                open[item] |= u16::from(self.val[o] != -1) << slot;
                chosen[item] += u8::from(self.val[o] == 1);
            }
        }
        if open[..items] != self.open[..items] || chosen[..items] != self.chosen[..items] {
            return Err("an item's open mask or chosen count is off");
        }
        if self.satisfied != chosen[..items].iter().filter(|&&c| c > 0).count() {
            return Err("the count of satisfied items is off");
        }
        let mut on_trail = [false; OPTIONS];
        let mut level = 0;
        for (k, &l) in self.trail[..self.trail_len].iter().enumerate() {
            let o = var(l);
            while level < self.levels && usize::from(self.trail_lim[level]) <= k {
                level += 1;
            }
            if on_trail[o] || self.val[o] != if is_choice(l) { 1 } else { -1 } || usize::from(self.level[o]) != level {
                return Err("the trail disagrees with the values or their levels");
            }
            on_trail[o] = true;
            if self.reason[o] & KIND == CLAUSE && self.level[o] > 0 {
                let c = (self.reason[o] & !KIND) as usize;
                if c >= self.store_end || self.lit_at(c, 0) != l {
                    return Err("a reason clause does not imply its literal first");
                }
            }
        }
        if (0..options).any(|o| (self.val[o] != 0) != on_trail[o]) || self.qhead > self.trail_len {
            return Err("a valued option is not on the trail");
        }
        let mut watched = [0u8; STORE];
        for o in 0..options {
            for polarity in 0..2 {
                let l = (2 * o + polarity) as Lit;
                let (mut c, mut steps) = (self.watch[o][polarity], 0);
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
        for k in 0..self.heap_len {
            let o = usize::from(self.heap[k]);
            if usize::from(self.heap_pos[o]) != k
                || (k > 0 && self.activity[usize::from(self.heap[(k - 1) / 2])] < self.activity[o])
            {
                return Err("the decision heap is out of order");
            }
        }
        if (0..options).any(|o| self.val[o] == 0 && self.heap_pos[o] == NIL) {
            return Err("an open option is missing from the decision heap");
        }
        Ok(())
    }

    pub fn stats(&self) -> LearnStats {
        self.stats
    }

    /// The chosen options, once [`solve`](Self::solve) has returned `true`.
    pub fn chosen(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.matrix.options()).filter(|&o| self.val[o] == 1)
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
        if !self.place_givens(givens) {
            return Some(false);
        }
        self.order_decisions();
        self.luby = (1, 1);
        self.next_restart = FIRST_RESTART;
        self.search(max_conflicts, deadline, root)
    }

    /// After a search found a cover, looks for another: a clause that no reduction deletes
    /// rules the one found out (not all of its decisions again: with the same decisions,
    /// propagation would force the same cover), and the search goes on from level 0 with
    /// what it has learnt. `Some(false)` when no other cover exists; `None` as
    /// [`solve_within`](Self::solve_within) gives up, or when the clause does not fit.
    pub fn solve_another(
        &mut self,
        max_conflicts: u64,
        deadline: &mut Deadline,
        root: RootHook<'_>,
    ) -> Option<bool> {
        debug_assert_eq!(self.satisfied, self.matrix.items(), "a cover was found");
        if self.levels == 0 {
            return Some(false);
        }
        for level in 0..self.levels {
            self.learnt[level] = neg(self.trail[usize::from(self.trail_lim[level])]);
        }
        self.learnt_len = self.levels;
        self.cancel_until(0);
        if self.learnt_len == 1 {
            self.assign(self.learnt[0], DECIDED);
        } else {
            let c = self.add_learnt(LBD_CAP)?;
            self.store[c + 1] |= PERMANENT;
        }
        self.search(max_conflicts, deadline, root)
    }

    /// The search from the current state, as [`solve_within`](Self::solve_within) describes.
    fn search(
        &mut self,
        max_conflicts: u64,
        deadline: &mut Deadline,
        root: RootHook<'_>,
    ) -> Option<bool> {
        loop {
            if let Some(conflict) = self.propagate() {
                if self.levels == 0 {
                    return Some(false);
                }
                // A conflict costs about what 16 DLX nodes do.
                if self.stats.conflicts >= max_conflicts || deadline.tick(16) {
                    return None;
                }
                self.learn(conflict);
                continue;
            }
            if self.satisfied == self.matrix.items() {
                return Some(true);
            }
            if self.stats.conflicts >= self.next_restart {
                // Knuth's reluctant doubling gives the Luby sequence 1, 1, 2, 1, 1, 2, 4, ...
                let (u, v) = self.luby;
                self.luby = if u & u.wrapping_neg() == v { (u + 1, 1) } else { (u, v * 2) };
                self.next_restart = self.stats.conflicts + self.luby.1 * LUBY_UNIT;
                self.stats.restarts += 1;
                self.cancel_until(0);
                self.check_if_asked();
                if !self.reason_at_root(root) {
                    return Some(false);
                }
                continue;
            }
            if self.stats.conflicts >= self.deduce_after {
                // About what a conflict costs.
                if deadline.tick(16) {
                    return None;
                }
                let deduced = self.deduce();
                self.deduce_idle = if matches!(deduced, Deduced::Conflict(_)) { 0 } else { self.deduce_idle + 1 };
                if self.deduce_idle == DEDUCE_WINDOW {
                    self.deduce_idle = 0;
                    self.deduce_after = self.stats.conflicts + DEDUCE_PAUSE;
                }
                match deduced {
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
            if deadline.tick(1) {
                return None;
            }
            self.stats.decisions += 1;
            if self.levels == 0 {
                self.root_open = self.open;
            }
            self.trail_lim[self.levels] = self.trail_len as u16;
            self.levels += 1;
            self.assign(chosen_lit(o), DECIDED);
        }
    }

    /// Seeds the decision order as the DLX's MRV would choose: the options in the items with the
    /// fewest open options first, with activities of a thousandth per step of that priority,
    /// so that it still breaks ties among the options conflicts have not bumped (VSIDS takes
    /// over as they do; an order without those activities was worse). Measured: hard-40 1,356
    /// -> 1,131 conflicts, 200 isomorphs of it 1,478 -> 1,193 (worst 250 -> 175 ms),
    /// tarek-tough 119 -> 73 (0.95 -> 0.63 ms); it costs the easy puzzles 15 us of set-up. The
    /// heap holds just the open options, sorted by priority (a sorted array is a heap), so the
    /// set-up is one counting sort.
    fn order_decisions(&mut self) {
        let options = self.matrix.options();
        let mut open_count = [0u8; ITEMS];
        for (count, open) in open_count.iter_mut().zip(&self.open) {
            *count = open.count_ones() as u8;
        }
        let mut bucket_len = [0u16; 17];
        for o in 0..options {
            self.heap_pos[o] = NIL;
            if self.val[o] == 0 {
                let [a, b, c, d] = self.matrix.items_of(o).map(|(item, _)| open_count[item]);
                // 1..=16 options: priority 16..=1, kept in `heap_pos` until the sort.
                let priority = 17 - u16::from(a.min(b).min(c).min(d).clamp(1, 16));
                self.activity[o] = f32::from(priority) * 1e-3;
                self.heap_pos[o] = priority;
                bucket_len[usize::from(priority)] += 1;
            }
        }
        let mut bucket_start = [0u16; 17];
        let mut at = 0;
        for priority in (1..17).rev() {
            bucket_start[priority] = at;
            at += bucket_len[priority];
        }
        self.heap_len = usize::from(at);
        for o in 0..options {
            if self.heap_pos[o] != NIL {
                let priority = usize::from(self.heap_pos[o]);
                let k = bucket_start[priority];
                bucket_start[priority] += 1;
                self.heap[usize::from(k)] = o as u16;
                self.heap_pos[o] = k;
            }
        }
    }

    /// Lets `root` (see [`solve_within`](Self::solve_within)) rule options out at level 0; the
    /// search propagates them next. False when `root` finds no cover, or rules out a chosen
    /// option.
    fn reason_at_root(&mut self, root: RootHook<'_>) -> bool {
        debug_assert_eq!(self.levels, 0);
        // Level 0 only ever grows, so an unchanged length is an unchanged state, which `root`
        // has seen already.
        if self.trail_len == self.root_reasoned {
            return true;
        }
        self.root_reasoned = self.trail_len;
        let open = self.open;
        let mut consistent = true;
        let possible = root(&open[..self.matrix.items()], &mut |o| {
            if o >= self.matrix.options() || self.val[o] == 1 {
                consistent = false;
            } else if self.val[o] == 0 {
                self.assign(excluded_lit(o), DECIDED);
            }
        });
        possible && consistent
    }

    /// Chooses the givens and excludes what they rule out at level 0, then queues the forced
    /// choices; `false` when two givens clash or an item is left empty. In bulk, because
    /// propagating each exclusion on its own was most of the time an easy puzzle took: every
    /// item is checked once at the end instead of four items per exclusion.
    fn place_givens(&mut self, givens: impl IntoIterator<Item = usize>) -> bool {
        for o in givens {
            if o >= self.matrix.options() || self.val[o] == -1 {
                return false;
            }
            if self.val[o] == 1 {
                continue;
            }
            self.assign(chosen_lit(o), DECIDED);
            if self.exclude_rest(o, DECIDED).is_some() {
                return false;
            }
        }
        self.qhead = self.trail_len;
        for item in 0..self.matrix.items() {
            let open = self.open[item];
            if self.chosen[item] == 0 {
                if open == 0 {
                    return false;
                }
                let o = self.matrix.option_at(item, open.trailing_zeros());
                if open & (open - 1) == 0 && self.val[o] == 0 {
                    self.assign(chosen_lit(o), DECIDED);
                }
            }
        }
        true
    }

    fn is_true(&self, l: Lit) -> bool {
        let v = self.val[var(l)];
        v != 0 && (v == 1) == is_choice(l)
    }

    fn is_false(&self, l: Lit) -> bool {
        let v = self.val[var(l)];
        v != 0 && (v == 1) != is_choice(l)
    }

    fn assign(&mut self, l: Lit, reason: u32) {
        let o = var(l);
        self.val[o] = if is_choice(l) { 1 } else { -1 };
        self.level[o] = self.levels as u16;
        self.reason[o] = if self.levels == 0 { DECIDED } else { reason };
        self.trail_pos[o] = self.trail_len as u16;
        self.trail[self.trail_len] = l;
        self.trail_len += 1;
        for (item, slot) in self.matrix.items_of(o) {
            if is_choice(l) {
                self.chosen[item] += 1;
                self.satisfied += usize::from(self.chosen[item] == 1);
            } else {
                self.open[item] &= !(1 << slot);
            }
        }
    }

    fn cancel_until(&mut self, level: usize) {
        if self.levels <= level {
            return;
        }
        let to = usize::from(self.trail_lim[level]);
        while self.trail_len > to {
            self.trail_len -= 1;
            let l = self.trail[self.trail_len];
            let o = var(l);
            for (item, slot) in self.matrix.items_of(o) {
                if is_choice(l) {
                    self.chosen[item] -= 1;
                    self.satisfied -= usize::from(self.chosen[item] == 0);
                } else {
                    self.open[item] |= 1 << slot;
                }
            }
            self.val[o] = 0;
            self.heap_insert(o);
        }
        self.levels = level;
        self.qhead = to;
    }

    fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail_len {
            let l = self.trail[self.qhead];
            self.qhead += 1;
            let o = var(l);
            if is_choice(l) {
                if let Some(o2) = self.exclude_rest(o, EXCLUDED_BY | o as u32) {
                    return Some(Conflict::Pair(o, o2));
                }
            } else {
                for (item, _) in self.matrix.items_of(o) {
                    let open = self.open[item];
                    if self.chosen[item] > 0 {
                        continue;
                    }
                    if open == 0 {
                        return Some(Conflict::Item(item));
                    }
                    if open & (open - 1) == 0 {
                        let o2 = self.matrix.option_at(item, open.trailing_zeros());
                        self.assign(chosen_lit(o2), FORCED_BY | item as u32);
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(neg(l)) {
                return Some(conflict);
            }
        }
        None
    }

    /// Excludes the open options that share an item with chosen option `o`, for `reason`; an
    /// option that is chosen as well is returned instead (it is a conflict). The item masks
    /// hold no excluded option, so every other option met is open or chosen.
    fn exclude_rest(&mut self, o: usize, reason: u32) -> Option<usize> {
        for (item, slot) in self.matrix.items_of(o) {
            for other in slots_in(self.open[item] & !(1 << slot)) {
                let o2 = self.matrix.option_at(item, other);
                if self.val[o2] == 1 {
                    return Some(o2);
                }
                if self.val[o2] == 0 {
                    self.assign(excluded_lit(o2), reason);
                }
            }
        }
        None
    }

    /// The head of the list of clauses watching `l`.
    fn watch_of(&mut self, l: Lit) -> &mut u16 {
        &mut self.watch[var(l)][usize::from(l & 1)]
    }

    fn lit_at(&self, clause: usize, k: usize) -> Lit {
        self.store[clause + HEADER + k]
    }

    /// Visits the clauses watching `f`, which has just become false: each finds another
    /// literal to watch, or forces its other watched literal, or is a conflict. The list is
    /// walked in place and a clause is written only when it changes (most are satisfied by
    /// their other watched literal, and the writes cost more than the reads).
    fn propagate_clauses(&mut self, f: Lit) -> Option<Conflict> {
        // The link that points to the clause being visited: the list's head, or a clause's
        // link field in the store.
        let mut link: Option<usize> = None;
        let mut next = *self.watch_of(f);
        while next != NIL {
            let c = usize::from(next);
            let k = usize::from(self.lit_at(c, 0) != f);
            next = self.store[c + NEXT[k]];
            let other = self.lit_at(c, 1 - k);
            if self.is_true(other) {
                link = Some(c + NEXT[k]);
                continue;
            }
            let len = usize::from(self.store[c]);
            if let Some(j) = (2..len).find(|&j| !self.is_false(self.lit_at(c, j))) {
                // Watch literal j instead: out of this list, into its own.
                self.store.swap(c + HEADER + k, c + HEADER + j);
                match link {
                    None => *self.watch_of(f) = next,
                    Some(at) => self.store[at] = next,
                }
                let w = self.lit_at(c, k);
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
            self.assign(other, CLAUSE | c as u32);
        }
        None
    }

    /// Asks the matrix's own reasoning ([`Matrix::deduce`]) at a fixpoint and turns what it
    /// finds into clauses: an exclusion into one whose other literals are its reasons (stored,
    /// then its reason), a contradiction into a conflict clause. A finding whose reasons are all
    /// fixed at level 0 holds at level 0 (for Sudoku the root's Hall sets find it at the next
    /// restart); it is passed over here, as is a contradiction below the current level.
    fn deduce(&mut self) -> Deduced {
        let mut findings = [(usize::MAX, 0usize, [0u16; DEDUCE_REASON]); DEDUCE_FINDINGS];
        let mut n = 0;
        let items = self.matrix.items();
        let (matrix, open) = (&mut self.matrix, &self.open[..items]);
        matrix.deduce(open, &mut |excluded, because| {
            if n == DEDUCE_FINDINGS || because.len() > DEDUCE_REASON {
                return false;
            }
            let (o, len, list) = &mut findings[n];
            *o = excluded.unwrap_or(usize::MAX);
            *len = because.len();
            list[..because.len()].copy_from_slice(because);
            n += 1;
            true
        });
        let mut any = false;
        for (o, len, list) in &findings[..n] {
            let excluded = (*o != usize::MAX).then_some(*o);
            if excluded.is_some_and(|o| o >= self.matrix.options() || self.val[o] != 0) {
                continue;
            }
            self.learnt_len = 0;
            if let Some(o) = excluded {
                self.learnt[0] = excluded_lit(o);
                self.learnt_len = 1;
            }
            let first = self.learnt_len;
            for &a in &list[..*len] {
                let a = usize::from(a);
                if a >= self.matrix.options() || self.val[a] != -1 {
                    // Not a reason the search can use: the finding is dropped.
                    self.learnt_len = usize::MAX;
                    break;
                }
                if self.level[a] > 0 {
                    self.learnt[self.learnt_len] = chosen_lit(a);
                    self.learnt_len += 1;
                }
            }
            if self.learnt_len == usize::MAX {
                continue;
            }
            // The literals of the highest levels first, so that the clause is watched where
            // it can next change.
            for k in first..self.learnt_len.min(first + 2) {
                let mut best = k;
                for j in k + 1..self.learnt_len {
                    if self.level[var(self.learnt[j])] > self.level[var(self.learnt[best])] {
                        best = j;
                    }
                }
                self.learnt.swap(k, best);
            }
            match excluded {
                Some(o) => {
                    if self.learnt_len < 2 {
                        continue;
                    }
                    let Some(c) = self.add_learnt(self.learnt_len) else { continue };
                    self.assign(excluded_lit(o), CLAUSE | c as u32);
                    any = true;
                }
                None => {
                    if self.learnt_len == 0 {
                        return Deduced::NoCover;
                    }
                    if self.learnt_len < 2 || usize::from(self.level[var(self.learnt[0])]) != self.levels {
                        continue;
                    }
                    let Some(c) = self.add_learnt(self.learnt_len) else { continue };
                    return Deduced::Conflict(c);
                }
            }
        }
        if any { Deduced::Excluded } else { Deduced::Nothing }
    }

    /// Counts literal `q` (false) into the clause being learnt.
    fn visit(&mut self, q: Lit, pending: &mut usize) {
        let o = var(q);
        if self.seen[o] & SEEN == 0 && self.level[o] > 0 {
            self.seen[o] |= SEEN;
            self.bump(o);
            if usize::from(self.level[o]) >= self.levels {
                *pending += 1;
            } else {
                self.learnt[self.learnt_len] = q;
                self.learnt_len += 1;
            }
        }
    }

    /// Visits every option of `item` (chosen, each false) but `except`.
    fn visit_item(&mut self, item: usize, except: usize, pending: &mut usize) {
        for slot in slots_in(self.root_open[item]) {
            let o = self.matrix.option_at(item, slot);
            if o != except {
                self.visit(chosen_lit(o), pending);
            }
        }
    }

    fn visit_clause(&mut self, c: usize, from: usize, pending: &mut usize) {
        for k in from..usize::from(self.store[c]) {
            self.visit(self.lit_at(c, k), pending);
        }
    }

    /// Whether every antecedent of option `o`'s value is in the clause being learnt (marked
    /// seen) or fixed at level 0, so that its literal adds nothing to the clause.
    fn implied_by_clause(&self, o: usize) -> bool {
        let known = |o2: usize| self.seen[o2] & SEEN != 0 || self.level[o2] == 0;
        let reason = self.reason[o];
        let low = (reason & !KIND) as usize;
        match reason & KIND {
            EXCLUDED_BY => known(low),
            FORCED_BY => slots_in(self.root_open[low])
                .map(|slot| self.matrix.option_at(low, slot))
                .all(|o2| o2 == o || known(o2)),
            CLAUSE => (1..usize::from(self.store[low])).all(|k| known(var(self.lit_at(low, k)))),
            _ => false,
        }
    }

    /// First-UIP analysis into `learnt` (the asserting literal first, one of the highest
    /// remaining level second); returns the level to jump back to.
    fn analyze(&mut self, conflict: Conflict) -> usize {
        self.learnt_len = 1;
        let mut pending = 0;
        match conflict {
            Conflict::Pair(a, b) => {
                self.visit(excluded_lit(a), &mut pending);
                self.visit(excluded_lit(b), &mut pending);
            }
            Conflict::Item(item) => self.visit_item(item, usize::MAX, &mut pending),
            Conflict::Clause(c) => self.visit_clause(c, 0, &mut pending),
        }
        let mut index = self.trail_len;
        loop {
            loop {
                index -= 1;
                if self.seen[var(self.trail[index])] & SEEN != 0 {
                    break;
                }
            }
            let p = self.trail[index];
            let o = var(p);
            self.seen[o] &= !SEEN;
            pending -= 1;
            if pending == 0 {
                self.learnt[0] = neg(p);
                break;
            }
            let reason = self.reason[o];
            let low = (reason & !KIND) as usize;
            match reason & KIND {
                EXCLUDED_BY => self.visit(excluded_lit(low), &mut pending),
                FORCED_BY => self.visit_item(low, o, &mut pending),
                CLAUSE => self.visit_clause(low, 1, &mut pending),
                _ => {}
            }
        }
        // Drop the literals whose reasons lie wholly inside the clause (MiniSat's local
        // minimization): shorter clauses propagate sooner and cost less to watch.
        // Dropped literals are marked in place (bit 15 is above every literal) and stay seen
        // until all are checked: a reason never reaches a later literal, so one dropped
        // literal can vouch for another without a cycle.
        const DROPPED: Lit = 1 << 15;
        for k in 1..self.learnt_len {
            if self.implied_by_clause(var(self.learnt[k])) {
                self.learnt[k] |= DROPPED;
            }
        }
        let all = self.learnt_len;
        self.learnt_len = 1;
        for k in 1..all {
            let q = self.learnt[k];
            self.seen[var(q & !DROPPED)] &= !SEEN;
            if q & DROPPED == 0 {
                self.learnt[self.learnt_len] = q;
                self.learnt_len += 1;
            }
        }
        if self.learnt_len > 2 {
            self.shrink();
        }
        if self.learnt_len == 1 {
            return 0;
        }
        // The first literal of the highest level, so ties go the same way every run.
        let mut highest = 1;
        for k in 2..self.learnt_len {
            if self.level[var(self.learnt[k])] > self.level[var(self.learnt[highest])] {
                highest = k;
            }
        }
        self.learnt.swap(1, highest);
        usize::from(self.level[var(self.learnt[1])])
    }

    /// Shrinks the learnt clause (Fleury and Biere, 2020): the literals it has at one decision
    /// level are replaced by that level's own UIP, the option every one of them was implied
    /// through, when their implications use no literal of a lower level that is not in the
    /// clause (the new clause is then their resolvent). A clause of fewer, earlier literals
    /// applies sooner and in more places. The UIP is bumped, as the analysis bumps what it
    /// meets. Measured (docs/design.md): the hard list 1,189 -> 587 conflicts mean; the worst of
    /// three 800s of isomorphs 10,645 / 9,709 / 11,820 -> 8,409 / 8,527 / 9,289; 5% more
    /// instructions a conflict.
    fn shrink(&mut self) {
        let n = self.learnt_len;
        // Which levels hold more than one of the clause's literals, by level stamps with bit 31
        // set (`learn` stamps conflict counts): `base` one literal, `base + 1` more, then
        // `base + 2` a level left as it is and `base + 3` a level shrunk. A stamp left equal to
        // `base` (2^29 conflicts ago) only makes a lone literal a block, which shrinks to itself.
        let base = 1 << 31 | (self.stats.conflicts as u32) << 2;
        for &q in &self.learnt[1..n] {
            self.seen[var(q)] |= SEEN;
            let stamp = &mut self.level_stamp[usize::from(self.level[var(q)])];
            *stamp = if *stamp == base || *stamp == base + 1 { base + 1 } else { base };
        }
        // Levels in the clause's order; the clause is rewritten in place (at most one literal
        // written for each read).
        let mut out = 1;
        for k in 1..n {
            let q = self.learnt[k];
            let level = usize::from(self.level[var(q)]);
            let stamp = self.level_stamp[level];
            if stamp == base + 1 {
                if let Some(uip) = self.level_uip(level, k) {
                    self.level_stamp[level] = base + 3;
                    for j in k..n {
                        let o = var(self.learnt[j]);
                        if usize::from(self.level[o]) == level {
                            self.seen[o] &= !SEEN;
                        }
                    }
                    self.seen[var(uip)] |= SEEN;
                    self.bump(var(uip));
                    self.learnt[out] = neg(uip);
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
            self.seen[var(q)] &= !SEEN;
        }
        self.learnt_len = out;
    }

    /// The UIP of the learnt clause's literals at `level` (those from `learnt[from]` on): the
    /// value of that level every one of them was implied through, found by walking the level's
    /// trail back from the latest of them as the first-UIP analysis does; None when an
    /// implication on the way uses a literal of a lower level not in the clause (marked seen).
    fn level_uip(&mut self, level: usize, from: usize) -> Option<Lit> {
        let start = usize::from(self.trail_lim[level - 1]);
        // Options marked so far, to unmark them (the whole level's trail if there are more).
        let mut marked = [0u16; 64];
        let mut count = 0;
        let (mut open, mut top) = (0, start);
        for k in from..self.learnt_len {
            let o = var(self.learnt[k]);
            if usize::from(self.level[o]) == level {
                self.seen[o] |= MARKED;
                if let Some(slot) = marked.get_mut(count) {
                    *slot = o as u16;
                }
                count += 1;
                open += 1;
                top = top.max(usize::from(self.trail_pos[o]));
            }
        }
        let mut uip = None;
        let mut index = top + 1;
        'walk: while index > start {
            index -= 1;
            let p = self.trail[index];
            let o = var(p);
            if self.seen[o] & MARKED == 0 {
                continue;
            }
            if open == 1 {
                uip = Some(p);
                break;
            }
            open -= 1;
            let reason = self.reason[o];
            let low = (reason & !KIND) as usize;
            let mut antecedents = [0u16; 16];
            let mut m = 0;
            match reason & KIND {
                EXCLUDED_BY => {
                    antecedents[0] = low as u16;
                    m = 1;
                }
                FORCED_BY => {
                    for slot in slots_in(self.root_open[low]) {
                        let o2 = self.matrix.option_at(low, slot);
                        if o2 != o {
                            antecedents[m] = o2 as u16;
                            m += 1;
                        }
                    }
                }
                CLAUSE => {
                    for k in 1..usize::from(self.store[low]) {
                        let a = var(self.lit_at(low, k));
                        if !self.shrink_meets(a, level, &mut open, &mut marked, &mut count) {
                            break 'walk;
                        }
                    }
                }
                // A decision is the level's first value: `open` is 1 there.
                _ => break,
            }
            for &a in &antecedents[..m] {
                if !self.shrink_meets(usize::from(a), level, &mut open, &mut marked, &mut count) {
                    break 'walk;
                }
            }
        }
        if count <= marked.len() {
            for &o in &marked[..count] {
                self.seen[usize::from(o)] &= !MARKED;
            }
        } else {
            let end = if level < self.levels { usize::from(self.trail_lim[level]) } else { self.trail_len };
            for &p in &self.trail[start..end] {
                self.seen[var(p)] &= !MARKED;
            }
        }
        uip
    }

    /// Meets antecedent option `a` (false) of a value at `level` while shrinking: level-0 facts
    /// need nothing, the level's own are marked to walk through, a lower level's must be in the
    /// clause (false when not).
    fn shrink_meets(&mut self, a: usize, level: usize, open: &mut usize, marked: &mut [u16; 64], count: &mut usize) -> bool {
        let at = usize::from(self.level[a]);
        if at == level {
            if self.seen[a] & MARKED == 0 {
                self.seen[a] |= MARKED;
                if let Some(slot) = marked.get_mut(*count) {
                    *slot = a as u16;
                }
                *count += 1;
                *open += 1;
            }
            true
        } else {
            at == 0 || self.seen[a] & SEEN != 0
        }
    }

    /// Analyses `conflict`, jumps back and asserts the learnt clause.
    fn learn(&mut self, conflict: Conflict) {
        self.stats.conflicts += 1;
        let back_to = self.analyze(conflict);
        // Truncated: a stamp met again after 2^32 conflicts only miscounts a distance.
        let stamp = self.stats.conflicts as u32;
        let mut lbd = 0;
        for k in 0..self.learnt_len {
            let level = usize::from(self.level[var(self.learnt[k])]);
            if self.level_stamp[level] != stamp {
                self.level_stamp[level] = stamp;
                lbd += 1;
            }
        }
        self.cancel_until(back_to);
        let asserting = self.learnt[0];
        if self.learnt_len == 1 {
            self.assign(asserting, DECIDED);
        } else if let Some(c) = self.add_learnt(lbd) {
            self.assign(asserting, CLAUSE | c as u32);
        } else {
            // Too many clauses are reasons now: restart, where none is, and keep the clause
            // if it fits (all its literals are open at level 0, so it asserts nothing yet).
            // A learnt clause is only ever a consequence, so dropping it loses no solution.
            self.stats.full_store_restarts += 1;
            self.cancel_until(0);
            self.reduce_store();
            let _ = self.add_learnt(lbd);
        }
        self.bump_by /= DECAY;
        if self.bump_by > 1e20 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-20);
            self.bump_by *= 1e-20;
        }
    }

    /// Stores `learnt` watched by its first two literals; reduces the store first when it is
    /// full. `None` when it still does not fit.
    fn add_learnt(&mut self, lbd: usize) -> Option<usize> {
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
        self.store[c + HEADER..c + HEADER + len].copy_from_slice(&self.learnt[..len]);
        self.store_end += HEADER + len;
        self.watch_clause(c);
        Some(c)
    }

    fn watch_clause(&mut self, c: usize) {
        for (k, next) in NEXT.into_iter().enumerate() {
            let w = self.lit_at(c, k);
            self.store[c + next] = core::mem::replace(self.watch_of(w), c as u16);
        }
    }

    /// Whether clause `c` is the reason of a current value (then it must stay).
    fn is_locked(&self, c: usize) -> bool {
        let o = var(self.lit_at(c, 0));
        self.val[o] != 0 && self.reason[o] == CLAUSE | c as u32
    }

    /// Whether a reduction may delete clause `c`: neither a reason nor permanent.
    fn is_deletable(&self, c: usize) -> bool {
        !self.is_locked(c) && self.store[c + 1] & PERMANENT == 0
    }

    /// Glucose's rule within a fixed store: deletes the clauses of highest literal block
    /// distance, the oldest first among equals, sparing reasons, until at most half the store
    /// is used; then packs the rest to the front and rebuilds the watch lists.
    fn reduce_store(&mut self) {
        self.stats.reductions += 1;
        let mut words_by_lbd = [0usize; LBD_CAP + 1];
        let mut c = 0;
        while c < self.store_end {
            let words = HEADER + usize::from(self.store[c]);
            if self.is_deletable(c) {
                words_by_lbd[usize::from(self.store[c + 1])] += words;
            }
            c += words;
        }
        let mut to_free = self.store_end.saturating_sub(self.store_limit / 2);
        // Every clause above `threshold` goes, and at `threshold` the oldest until enough.
        let mut threshold = LBD_CAP + 1;
        let mut above = 0;
        while threshold > 0 && above < to_free {
            threshold -= 1;
            above += words_by_lbd[threshold];
        }
        // Everything above the threshold first (it frees less than asked), then the oldest
        // at the threshold until enough is free.
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
        let (mut from, mut to) = (0, 0);
        while from < self.store_end {
            let words = HEADER + usize::from(self.store[from]);
            if self.store[from + 1] & DOOMED == 0 {
                if self.is_locked(from) {
                    let o = var(self.lit_at(from, 0));
                    self.reason[o] = CLAUSE | to as u32;
                }
                self.store.copy_within(from..from + words, to);
                to += words;
            }
            from += words;
        }
        self.store_end = to;
        self.watch.fill([NIL; 2]);
        let mut c = 0;
        while c < self.store_end {
            self.watch_clause(c);
            c += HEADER + usize::from(self.store[c]);
        }
        self.check_if_asked();
    }

    fn bump(&mut self, o: usize) {
        self.activity[o] += self.bump_by;
        if self.heap_pos[o] != NIL {
            self.heap_up(usize::from(self.heap_pos[o]));
        }
    }

    /// The most active open option, taken out of the heap with the valued ones above it.
    fn next_decision(&mut self) -> Option<usize> {
        while self.heap_len > 0 {
            let top = usize::from(self.heap[0]);
            self.heap_len -= 1;
            self.heap_pos[top] = NIL;
            if self.heap_len > 0 {
                let last = self.heap[self.heap_len];
                self.heap[0] = last;
                self.heap_pos[usize::from(last)] = 0;
                self.heap_down(0);
            }
            if self.val[top] == 0 {
                return Some(top);
            }
        }
        None
    }

    fn heap_insert(&mut self, o: usize) {
        if self.heap_pos[o] == NIL {
            self.heap[self.heap_len] = o as u16;
            self.heap_pos[o] = self.heap_len as u16;
            self.heap_len += 1;
            self.heap_up(self.heap_len - 1);
        }
    }

    fn heap_up(&mut self, mut k: usize) {
        let v = self.heap[k];
        let a = self.activity[usize::from(v)];
        while k > 0 {
            let parent = (k - 1) / 2;
            let pv = self.heap[parent];
            if self.activity[usize::from(pv)] >= a {
                break;
            }
            self.heap[k] = pv;
            self.heap_pos[usize::from(pv)] = k as u16;
            k = parent;
        }
        self.heap[k] = v;
        self.heap_pos[usize::from(v)] = k as u16;
    }

    fn heap_down(&mut self, mut k: usize) {
        let v = self.heap[k];
        let a = self.activity[usize::from(v)];
        loop {
            let left = 2 * k + 1;
            if left >= self.heap_len {
                break;
            }
            let right = left + 1;
            let activity = |i: usize| self.activity[usize::from(self.heap[i])];
            let child = if right < self.heap_len && activity(right) > activity(left) { right } else { left };
            if activity(child) <= a {
                break;
            }
            self.heap[k] = self.heap[child];
            self.heap_pos[usize::from(self.heap[k])] = k as u16;
            k = child;
        }
        self.heap[k] = v;
        self.heap_pos[usize::from(v)] = k as u16;
    }
}
