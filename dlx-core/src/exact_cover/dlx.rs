//! Dancing Links (Knuth's Algorithm X, after his program DLX1) over fixed-capacity index arrays.
//!
//! The engine knows nothing of Sudoku: it solves exact cover problems given as items and
//! options. The layout is DLX1's: node 0 is the root of the item list, nodes `1..=n` are the
//! item headers (their `top` holds the item's current length), and the options follow, each a
//! run of consecutive nodes closed by a spacer. A spacer's `ulink` is the first node of the
//! option before it and its `dlink` the last node of the option after it, which lets `hide` and
//! `unhide` walk an option cyclically without a left/right array.
//!
//! Beyond DLX1: the branching rule ([`Choice`], failure weights by default), probing and subset
//! reductions before branching ([`Dlx::set_probing`], [`Dlx::set_reductions_after`]), both undone with
//! their level, and an exact bit set of the items with at most one option left, from which
//! forced and empty items are taken without a scan.
//!
//! Everything lives in arrays whose sizes are const generic parameters, so one engine is one
//! plain value that a caller puts on its stack: no heap, no global state. Indices are `u16`
//! because that halves the footprint (the 16x16 engine is about 158 KiB, which has to fit with
//! room to spare in a 256 KiB thread stack).

use core::mem::MaybeUninit;

/// Index type of every link. A compile-time check in [`Dlx`] keeps capacities within it.
pub type Ix = u16;

/// Marks a spacer in `top`. Item numbers and lengths stay below it (checked at compile time).
const SPACER: Ix = 0x8000;

/// An option, named by its first node. Returned by [`Dlx::add_option`] and reported back in
/// solutions, so a caller never needs a table of its own to find an option again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionRef(Ix);

impl OptionRef {
    /// A number below the engine's `NODES`, distinct for each option of one matrix: an index
    /// for a caller's per-option table.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Why the matrix could not be built as asked. Callers size their engines so that this
/// cannot happen for well-formed problems; it is an error rather than a panic all the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// More items, options or nodes than the engine's capacity.
    Capacity,
    /// An option that is empty, names an item outside `1..=n`, or names one item twice.
    BadOption,
}

/// What a solution callback asks the search to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Look for further solutions.
    Continue,
    /// End the search now (the matrix is still restored before `search` returns).
    Stop,
}

/// How the search picks the item to branch on. Both are exact; they differ in speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
pub enum Choice {
    /// The item with the fewest options (Knuth's MRV), the first such in item order.
    FewestOptions = 0,
    /// dom/wdeg, the default: every item has a weight, raised by one each time it is the item
    /// the covering emptied before a dead end; among items with two or more options, the one
    /// with the fewest per unit of weight is chosen (forced items, with one option or none,
    /// always go first). Items that keep causing failures get branched on early, which is
    /// what the hardest Sudoku need.
    #[default]
    WeightedFailures = 1,
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Options tried (Knuth's "nodes" of the search tree).
    pub nodes: u64,
    /// Solutions reported to the callback.
    pub solutions: u64,
}

/// An exact cover matrix with room for `ITEMS - 1` items, `OPTIONS` options and `NODES` nodes
/// in all (headers, option nodes and one spacer per option plus one).
pub struct Dlx<const ITEMS: usize, const OPTIONS: usize, const NODES: usize> {
    /// Item list, a doubly linked ring through the root 0.
    llink: [Ix; ITEMS],
    rlink: [Ix; ITEMS],
    /// Per node: the item it belongs to; for a header, the item's length; for a spacer, SPACER.
    top: [Ix; NODES],
    ulink: [Ix; NODES],
    dlink: [Ix; NODES],
    /// The nodes chosen so far, one per level: selected options first, then the search's.
    chosen: [Ix; ITEMS],
    /// Options removed by probing, first nodes in removal order, and where each level's
    /// removals start, so backtracking restores exactly what its level removed.
    removed: [Ix; OPTIONS],
    removed_count: usize,
    removed_from: [Ix; ITEMS],
    probing: bool,
    /// Options a search tries before it starts subset reductions (see
    /// [`set_reductions_after`](Self::set_reductions_after)); whether the running search does
    /// them; and whether shrinking items are being noted for them now (not in a probe's trial).
    reduce_after: u64,
    reducing: bool,
    noting: bool,
    /// Items that fell to REDUCE_MAX options or fewer (but two or more) since they were last
    /// checked, as a stack with a membership bit set, so each is in it at most once.
    shrunk: [Ix; ITEMS],
    shrunk_count: usize,
    in_shrunk: [u64; SHORT_WORDS],
    /// While a probe's trial runs: items whose length fell to one or zero, in that order.
    /// Lengths only fall during a trial, so each item enters at most twice (at one, at zero).
    forced: [[Ix; ITEMS]; 2],
    forced_count: usize,
    tracking: bool,
    level: usize,
    /// The active items, packed: `dense[..dense_len]`, with `pos` the inverse. `cover` swaps
    /// its item to the end and shrinks the range; `uncover`, which always undoes the latest
    /// cover still in force, grows it back. `choose_item` scans this array: its loads do not
    /// wait on each other as a walk of the item ring's links does (the ring walk was half of
    /// all search time).
    dense: [Ix; ITEMS],
    pos: [Ix; ITEMS],
    dense_len: usize,
    /// The active items with at most one option left, as a bit set (bit i of word i / 64),
    /// kept exact by every change of a length and by cover and uncover. Most choices are such
    /// forced items (84% of them on the hard 16x16 puzzles), and the set finds them without
    /// the scan of every active item that the weighted choice needs otherwise.
    short: [u64; SHORT_WORDS],
    /// Per item: failures seen at dead ends, plus one (used by `Choice::WeightedFailures`).
    weight: [u32; ITEMS],
    choice: Choice,
    /// The first item emptied by the covering since the search last branched.
    emptied: usize,
    /// Number of items n, options added, and the next free node.
    items: usize,
    options: usize,
    next_node: usize,
}

/// Words of the short-item bit set: room for 4096 items, a 32x32 Sudoku's.
const SHORT_WORDS: usize = 64;
/// Subset reductions look at items of at most this many options.
const REDUCE_MAX: Ix = 3;
/// Options a search tries before subset reductions start, by default.
pub const REDUCE_AFTER: u64 = 10_000;
/// Items an option may share with all the others of an item, at most, that reductions track.
const MAX_COMMON: usize = 8;

impl<const ITEMS: usize, const OPTIONS: usize, const NODES: usize> Dlx<ITEMS, OPTIONS, NODES> {
    const FITS: () = assert!(
        ITEMS >= 2
            && NODES >= ITEMS + 1
            && NODES <= SPACER as usize
            && OPTIONS < SPACER as usize
            && ITEMS <= 64 * SHORT_WORDS,
        "engine capacity does not fit 16-bit links and the short-item set"
    );

    /// Zeroes `slot` in place and returns it as an engine with no items.
    ///
    /// In place because the value is large: building it in a temporary and moving it would
    /// cost a second copy of the stack space in unoptimised builds.
    pub fn zeroed_in(slot: &mut MaybeUninit<Self>) -> &mut Self {
        let () = Self::FITS;
        // SAFETY: every field is an integer, an array of integers, or a `Choice`, which is
        // `repr(u8)` with a variant at 0; all-zero bytes are a valid value of each.
        // write_bytes covers exactly one `Self` at a pointer we own.
        let engine = unsafe {
            slot.as_mut_ptr().write_bytes(0, 1);
            slot.assume_init_mut()
        };
        engine.reset(0).expect("zero items always fit");
        engine.choice = Choice::default();
        engine.probing = true;
        engine.set_reductions_after(REDUCE_AFTER);
        engine
    }

    /// Empties the matrix and sets up `items` items, numbered `1..=items`.
    pub fn reset(&mut self, items: usize) -> Result<(), BuildError> {
        if items + 1 > ITEMS || items + 2 > NODES {
            return Err(BuildError::Capacity);
        }
        for i in 0..=items {
            self.llink[i] = if i == 0 { items } else { i - 1 } as Ix;
            self.rlink[i] = if i == items { 0 } else { i + 1 } as Ix;
            self.top[i] = 0;
            self.ulink[i] = i as Ix;
            self.dlink[i] = i as Ix;
        }
        let first_spacer = items + 1;
        self.top[first_spacer] = SPACER;
        self.ulink[first_spacer] = first_spacer as Ix;
        self.dlink[first_spacer] = first_spacer as Ix;
        self.items = items;
        self.options = 0;
        self.next_node = first_spacer + 1;
        self.level = 0;
        self.weight[..=items].fill(1);
        for i in 1..=items {
            self.dense[i - 1] = i as Ix;
            self.pos[i] = (i - 1) as Ix;
        }
        self.dense_len = items;
        self.short.fill(0);
        for i in 1..=items {
            self.mark_short(i);
        }
        self.shrunk_count = 0;
        self.in_shrunk.fill(0);
        self.removed_count = 0;
        Ok(())
    }

    /// Sets how the search picks items; kept across [`reset`](Self::reset).
    pub fn set_choice(&mut self, choice: Choice) {
        self.choice = choice;
    }

    /// Subset reductions start once a search has tried `nodes` options: 0 for the whole search,
    /// `u64::MAX` for never; [`zeroed_in`](Self::zeroed_in) sets `REDUCE_AFTER` (10,000), and
    /// it is kept across [`reset`](Self::reset). With them, before choosing, the search looks
    /// at each item A that has shrunk to a few options since it was last looked at: if every
    /// option of A also covers an item B, then B will be covered by A's option whichever it
    /// is, so B's other options are removed (for that subtree). In Sudoku terms: a digit
    /// confined to one box within a row leaves the rest of the box, and the like.
    ///
    /// Why late: measured on the 16x16 sets with probing (`make bench-configs`, three
    /// interleaved runs), reductions from the start help the long searches (hard-40 mean 60-70
    /// -> 48 ms, worst 350-440 -> 245-250 ms) but cost the quick ones (hard-40 median 6 -> 14
    /// ms, goomii 152 -> 181 us, tarek-tough mean 2.8 -> 3.5 ms). Switched on after 10,000
    /// options, only long searches get them: hard-40 mean 53-60 ms, worst 256-337 ms, median
    /// and quick sets unchanged (thresholds of 2,000, 5,000 and 20,000 measured about the
    /// same or worse).
    pub fn set_reductions_after(&mut self, nodes: u64) {
        self.reduce_after = nodes;
    }

    /// Starts the subset reductions for the running search.
    fn start_reductions(&mut self) {
        self.reducing = true;
        self.noting = true;
        self.shrunk_count = 0;
        self.in_shrunk.fill(0);
    }

    /// Turns probing on or off (on after [`zeroed_in`](Self::zeroed_in)); kept across
    /// [`reset`](Self::reset). With probing, before branching on an item the search tries each
    /// of its options with forced-move propagation and removes (for that subtree) every option
    /// whose trial runs into an empty item.
    pub fn set_probing(&mut self, probing: bool) {
        self.probing = probing;
    }

    /// Appends an option covering `items` (each in `1..=n`, no repeats). Only before
    /// [`select`](Self::select) and [`search`](Self::search).
    pub fn add_option(&mut self, items: &[usize]) -> Result<OptionRef, BuildError> {
        debug_assert_eq!(self.level, 0, "options are added before any selection");
        let valid = !items.is_empty()
            && items.iter().enumerate().all(|(k, &i)| (1..=self.items).contains(&i) && !items[..k].contains(&i));
        if !valid {
            return Err(BuildError::BadOption);
        }
        if self.options >= OPTIONS || self.next_node + items.len() + 1 > NODES {
            return Err(BuildError::Capacity);
        }
        let first = self.next_node;
        for (k, &item) in items.iter().enumerate() {
            let x = first + k;
            let last = self.ulink[item] as usize;
            self.top[x] = item as Ix;
            self.ulink[x] = last as Ix;
            self.dlink[x] = item as Ix;
            self.dlink[last] = x as Ix;
            self.ulink[item] = x as Ix;
            self.lengthen(item);
        }
        let last = first + items.len() - 1;
        let spacer_before = first - 1;
        let spacer_after = last + 1;
        self.dlink[spacer_before] = last as Ix;
        self.top[spacer_after] = SPACER;
        self.ulink[spacer_after] = first as Ix;
        self.dlink[spacer_after] = spacer_after as Ix;
        self.next_node = spacer_after + 1;
        self.options += 1;
        Ok(OptionRef(first as Ix))
    }

    /// The items of an option, in the order they were given.
    pub fn option_items(&self, option: OptionRef) -> impl Iterator<Item = usize> + '_ {
        let first = option.0 as usize;
        self.top[first..].iter().take_while(|&&t| t < SPACER).map(|&t| t as usize)
    }

    /// The option at the top of `item`'s list, if any is left.
    pub fn first_option_of(&self, item: usize) -> Option<OptionRef> {
        let top = self.dlink[item] as usize;
        (top != item).then(|| self.option_of(top))
    }

    /// The options still in `item`'s list, top to bottom.
    pub fn options_of(&self, item: usize) -> impl Iterator<Item = OptionRef> + '_ {
        core::iter::successors(Some(self.dlink[item] as usize), |&p| Some(self.dlink[p] as usize))
            .take_while(move |&p| p != item)
            .map(|p| self.option_of(p))
    }

    /// The items not yet covered, in item order.
    pub fn active_items(&self) -> impl Iterator<Item = usize> + '_ {
        core::iter::successors(Some(self.rlink[0] as usize), |&i| Some(self.rlink[i] as usize)).take_while(|&i| i != 0)
    }

    /// Commits to `option` before the search (a Sudoku given, say): covers its items.
    /// Returns false, changing nothing, when the option is no longer available because an
    /// earlier selection covered one of its items.
    pub fn select(&mut self, option: OptionRef) -> bool {
        let first = option.0 as usize;
        let available = self.option_items(option).all(|item| self.is_active(item));
        if !available || self.level >= ITEMS {
            return false;
        }
        self.cover(self.top[first] as usize);
        self.cover_rest(first);
        self.chosen[self.level] = first as Ix;
        self.level += 1;
        true
    }

    /// Whether `item` is still in the item list.
    fn is_active(&self, item: usize) -> bool {
        (self.pos[item] as usize) < self.dense_len
    }

    /// The options chosen so far: selected ones, then the search's. Inside a solution
    /// callback, these are the options of that solution.
    pub fn chosen(&self) -> impl Iterator<Item = OptionRef> + '_ {
        self.chosen[..self.level].iter().map(|&x| self.option_of(x as usize))
    }

    fn option_of(&self, node: usize) -> OptionRef {
        let mut q = node;
        while self.top[q] < SPACER {
            q += 1;
        }
        OptionRef(self.ulink[q])
    }

    /// Algorithm X, iterative: steps X2-X8 of DLX1, branching on the item the [`Choice`] rule
    /// picks.
    /// Calls `on_solution` for each exact cover (extending the selected options) until it says
    /// [`Flow::Stop`] or the space is exhausted. Either way the matrix is restored to its state
    /// before the call, so the same engine can be searched again.
    #[cfg(any(test, feature = "internals"))] // tests and benchmarks
    pub fn search(&mut self, on_solution: impl FnMut(&Self) -> Flow) -> SearchStats {
        self.search_pruned(|_| true, on_solution)
    }

    /// [`search`](Self::search) with a bound: `keep` is asked at every node of the search
    /// tree, before it branches (and before a complete cover is reported), and a `false`
    /// treats the node as a dead end. It may also [`discard`](Self::discard) options the
    /// bound rules out below that node. Branch and bound is built on this.
    pub fn search_pruned(
        &mut self,
        mut keep: impl FnMut(&mut Self) -> bool,
        mut on_solution: impl FnMut(&Self) -> Flow,
    ) -> SearchStats {
        enum Step {
            Enter,
            Try,
            Backtrack,
        }
        let base = self.level;
        let mut stats = SearchStats::default();
        self.reducing = false;
        self.noting = false;
        if self.reduce_after == 0 {
            self.start_reductions();
        }
        let mut stopping = false;
        let mut step = Step::Enter;
        loop {
            match step {
                Step::Enter => {
                    self.removed_from[self.level] = self.removed_count as Ix;
                    if !keep(self) {
                        self.restore_removed();
                        step = Step::Backtrack;
                        continue;
                    }
                    if self.rlink[0] == 0 {
                        stats.solutions += 1;
                        stopping = on_solution(self) == Flow::Stop;
                        self.restore_removed();
                        step = Step::Backtrack;
                        continue;
                    }
                    if self.reducing {
                        self.reduce();
                    }
                    let item = self.choose_item();
                    if self.probing && self.top[item] >= 2 {
                        self.probe(item);
                    }
                    if self.top[item] == 0 {
                        let culprit = if self.emptied != 0 { self.emptied } else { item };
                        self.weight[culprit] = self.weight[culprit].saturating_add(1);
                    }
                    self.emptied = 0;
                    self.cover(item);
                    self.chosen[self.level] = self.dlink[item];
                    step = Step::Try;
                }
                Step::Try => {
                    let x = self.chosen[self.level] as usize;
                    if x <= self.items {
                        // Back at the header: every option of item x has been tried.
                        self.uncover(x);
                        self.restore_removed();
                        step = Step::Backtrack;
                    } else {
                        stats.nodes += 1;
                        if stats.nodes == self.reduce_after {
                            self.start_reductions();
                        }
                        self.cover_rest(x);
                        self.level += 1;
                        step = Step::Enter;
                    }
                }
                Step::Backtrack => {
                    if self.level == base {
                        break;
                    }
                    self.level -= 1;
                    let x = self.chosen[self.level] as usize;
                    self.uncover_rest(x);
                    if stopping {
                        self.uncover(self.top[x] as usize);
                        self.restore_removed();
                    } else {
                        self.chosen[self.level] = self.dlink[x];
                        step = Step::Try;
                    }
                }
            }
        }
        stats
    }

    /// Takes `option` out of the matrix for the rest of the current search node's subtree;
    /// backtracking out of the node puts it back. For the `keep` callback of
    /// [`search_pruned`](Self::search_pruned) only: `option` must be active (in the list of
    /// every one of its items, as [`options_of`](Self::options_of) gives it).
    pub fn discard(&mut self, option: OptionRef) {
        debug_assert!(self.is_linked(option), "discarding an option that is not in its items' lists");
        self.remove_option(option.0 as usize);
    }

    /// Whether every node of `option` is in its item's list.
    fn is_linked(&self, option: OptionRef) -> bool {
        (option.0 as usize..)
            .take_while(|&q| self.top[q] < SPACER)
            .all(|q| self.dlink[self.ulink[q] as usize] as usize == q)
    }

    /// Tries each option of `item` with forced-move propagation and removes those that fail.
    fn probe(&mut self, item: usize) {
        self.remove_options_of(item, |e, x| !e.trial(item, x));
        self.emptied = 0;
    }

    /// Removes, for the current level, every option of `item`'s list whose node `x` in it
    /// makes `doomed(self, x)` true.
    #[inline(always)]
    fn remove_options_of(&mut self, item: usize, mut doomed: impl FnMut(&mut Self, usize) -> bool) {
        let mut x = self.dlink[item] as usize;
        while x != item {
            let next = self.dlink[x] as usize;
            if doomed(self, x) {
                self.remove_option(self.option_of(x).0 as usize);
            }
            x = next;
        }
    }

    /// Whether choosing option node `x` of `item`, then every option that becomes forced in
    /// turn, leaves no item empty. Leaves the matrix as it found it.
    ///
    /// `hide` queues each item whose length falls to one or zero while `tracking` is set, so
    /// propagation costs what it changes instead of a scan of every item per forced step.
    fn trial(&mut self, item: usize, x: usize) -> bool {
        self.tracking = true;
        self.noting = false;
        self.forced_count = 0;
        self.cover(item);
        self.cover_rest(x);
        // Forced options are stacked in `chosen` above the current level.
        let base = self.level + 1;
        let mut top = base;
        let mut alive = true;
        let mut next = 0;
        while next < self.forced_count {
            let i = self.forced[next / ITEMS][next % ITEMS] as usize;
            next += 1;
            if !self.is_active(i) {
                continue;
            }
            match self.top[i] {
                0 => {
                    // A failure the search never sees as a dead end: credit it to the item
                    // all the same, or the weights stop learning once probing is on.
                    self.weight[i] = self.weight[i].saturating_add(1);
                    alive = false;
                    break;
                }
                1 => {
                    let y = self.dlink[i] as usize;
                    self.cover(i);
                    self.cover_rest(y);
                    self.chosen[top] = y as Ix;
                    top += 1;
                }
                _ => {}
            }
        }
        self.tracking = false;
        self.noting = self.reducing;
        while top > base {
            top -= 1;
            let y = self.chosen[top] as usize;
            self.uncover_rest(y);
            self.uncover(self.top[y] as usize);
        }
        self.uncover_rest(x);
        self.uncover(item);
        alive
    }

    /// Takes option `first` (its first node) out of every item list it is in, for the current
    /// level: `restore_removed` puts it back when the level is done.
    fn remove_option(&mut self, first: usize) {
        let mut q = first;
        while self.top[q] < SPACER {
            let (u, d) = (self.ulink[q] as usize, self.dlink[q] as usize);
            self.dlink[u] = d as Ix;
            self.ulink[d] = u as Ix;
            self.shorten(self.top[q] as usize);
            q += 1;
        }
        self.removed[self.removed_count] = first as Ix;
        self.removed_count += 1;
    }

    /// Puts back, newest first, the options removed since this level began.
    fn restore_removed(&mut self) {
        let from = self.removed_from[self.level] as usize;
        while self.removed_count > from {
            self.removed_count -= 1;
            let first = self.removed[self.removed_count] as usize;
            let mut q = first;
            while self.top[q] < SPACER {
                q += 1;
            }
            while q > first {
                q -= 1;
                let (u, d) = (self.ulink[q] as usize, self.dlink[q] as usize);
                self.dlink[u] = q as Ix;
                self.ulink[d] = q as Ix;
                self.lengthen(self.top[q] as usize);
            }
        }
    }

    /// The active item to branch on, as `self.choice` says: the lowest-numbered empty item if
    /// there is one, else the lowest-numbered forced (one-option) item, both read off the
    /// short-item set (no scan); else the best by the rule, the first found on ties.
    ///
    /// `WeightedFailures` scans the packed array `dense`, whose loads do not wait on each other
    /// as a walk of the item ring's links does (the walk was half of all search time). Its
    /// order depends only on the covers so far, so the choice stays deterministic. Measured on
    /// the hard 16x16 sets: forced items by lowest number (Sudoku's cells come first) and other
    /// ties in packed order beat ties by lowest number (hard-40 mean 53 against 92 ms,
    /// tarek-tough 3.1 against 9.3 ms) and forced items in packed order (64 and 3.6 ms).
    /// Finding forced items in the set instead of the scan took hard-40 from 61 to 50 ms
    /// (without probing from 194 to 93 ms), since most choices are forced.
    /// `FewestOptions` walks the ring, so its ties go to the first item in item order: the
    /// target search's branch and bound depends on that order (in the packed order one 5-clue
    /// grid took 55 ms instead of 4).
    fn choose_item(&self) -> usize {
        #[cfg(debug_assertions)]
        {
            let active = || self.dense[..self.dense_len].iter().map(|&i| i as usize);
            let empty = active().filter(|&i| self.top[i] == 0).min();
            let lowest = active().filter(|&i| self.top[i] == 1).min();
            let expected = empty.or(lowest);
            let found = self.short_item();
            debug_assert!(found == expected || (empty.is_some() && found.is_some_and(|i| self.top[i] == 0)));
        }
        if let Some(item) = self.short_item() {
            return item;
        }
        match self.choice {
            Choice::WeightedFailures => self.choose_by(self.dense[..self.dense_len].iter().map(|&i| i as usize), true),
            Choice::FewestOptions => self.choose_by(
                core::iter::successors(Some(self.rlink[0] as usize), |&i| Some(self.rlink[i] as usize))
                    .take_while(|&i| i != 0),
                false,
            ),
        }
    }

    /// The best of `items` (every one with two options or more) by length, per unit of weight
    /// if `weighted`; the first found on ties.
    #[inline(always)]
    fn choose_by(&self, items: impl Iterator<Item = usize>, weighted: bool) -> usize {
        let mut best = 0;
        // (length, weight) of `best`; compared as len * other_weight in u64: lengths stay below
        // 2^15 and weights within u32, so no product overflows. The start is above any length.
        let (mut best_len, mut best_weight) = (u64::from(u32::MAX), 1u64);
        for i in items {
            let len = u64::from(self.top[i]);
            let weight = if weighted { u64::from(self.weight[i]) } else { 1 };
            if len * best_weight < best_len * weight {
                (best, best_len, best_weight) = (i, len, weight);
            }
        }
        best
    }

    /// Removes item `i` from the item list and every option that contains it from the other
    /// items' lists.
    fn cover(&mut self, i: usize) {
        let mut p = self.dlink[i] as usize;
        while p != i {
            self.hide(p);
            p = self.dlink[p] as usize;
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
        let (at, last) = (self.pos[i] as usize, self.dense_len - 1);
        let moved = self.dense[last];
        self.dense[at] = moved;
        self.pos[moved as usize] = at as Ix;
        self.dense[last] = i as Ix;
        self.pos[i] = last as Ix;
        self.dense_len = last;
        self.short[i / 64] &= !(1 << (i % 64));
    }

    fn uncover(&mut self, i: usize) {
        debug_assert_eq!(self.dense[self.dense_len] as usize, i, "uncover undoes the latest cover");
        self.dense_len += 1;
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l as usize] = i as Ix;
        self.llink[r as usize] = i as Ix;
        let mut p = self.ulink[i] as usize;
        while p != i {
            self.unhide(p);
            p = self.ulink[p] as usize;
        }
        if self.top[i] <= 1 {
            self.mark_short(i);
        }
    }

    fn mark_short(&mut self, i: usize) {
        self.short[i / 64] |= 1 << (i % 64);
    }

    /// One option fewer for active item `i`; returns its new length.
    #[inline(always)]
    fn shorten(&mut self, i: usize) -> Ix {
        self.top[i] -= 1;
        let len = self.top[i];
        if len <= REDUCE_MAX {
            if len == 1 {
                self.mark_short(i);
            } else if len >= 2 && self.noting && self.in_shrunk[i / 64] & (1 << (i % 64)) == 0 {
                self.in_shrunk[i / 64] |= 1 << (i % 64);
                self.shrunk[self.shrunk_count] = i as Ix;
                self.shrunk_count += 1;
            }
        }
        len
    }

    /// The subset reductions of [`set_reductions_after`](Self::set_reductions_after), for every item noted
    /// as shrunk (and those its removals shrink in turn), recorded for restoring like probing's.
    fn reduce(&mut self) {
        while self.shrunk_count > 0 {
            self.shrunk_count -= 1;
            let a = self.shrunk[self.shrunk_count] as usize;
            self.in_shrunk[a / 64] &= !(1 << (a % 64));
            let len = self.top[a];
            if !self.is_active(a) || !(2..=REDUCE_MAX).contains(&len) {
                continue;
            }
            // The items that every option of `a` covers besides `a`.
            let mut common = [0 as Ix; MAX_COMMON];
            let mut count = 0;
            let first = self.dlink[a] as usize;
            for item in self.other_items(first).take(MAX_COMMON) {
                common[count] = item as Ix;
                count += 1;
            }
            let mut p = self.dlink[first] as usize;
            while p != a && count > 0 {
                let mut k = 0;
                while k < count {
                    if self.option_covers(p, common[k] as usize) {
                        k += 1;
                    } else {
                        count -= 1;
                        common[k] = common[count];
                    }
                }
                p = self.dlink[p] as usize;
            }
            for &b in &common[..count] {
                let b = b as usize;
                if self.top[b] <= len {
                    continue;
                }
                self.remove_options_of(b, |e, q| !e.option_covers(q, a));
            }
        }
    }

    /// Whether the option of node `p` covers `item`.
    fn option_covers(&self, p: usize, item: usize) -> bool {
        self.other_items(p).any(|i| i == item)
    }

    /// The items of the option of node `p` other than p's own, walking its run cyclically as
    /// `hide` does (the spacer after the run leads back to its first node).
    fn other_items(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        let mut q = p;
        core::iter::from_fn(move || {
            q += 1;
            if self.top[q] >= SPACER {
                q = self.ulink[q] as usize;
            }
            (q != p).then(|| self.top[q] as usize)
        })
    }

    /// One option more for active item `i`.
    #[inline(always)]
    fn lengthen(&mut self, i: usize) {
        self.top[i] += 1;
        if self.top[i] == 2 {
            self.short[i / 64] &= !(1 << (i % 64));
        }
    }

    /// An active item with no option left if there is one, else the lowest-numbered item
    /// with one option, else none.
    fn short_item(&self) -> Option<usize> {
        let mut first = None;
        for (w, &word) in self.short[..=self.items / 64].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                if self.top[i] == 0 {
                    return Some(i);
                }
                first = first.or(Some(i));
                bits &= bits - 1;
            }
        }
        first
    }

    fn hide(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let x = self.top[q];
            let (u, d) = (self.ulink[q], self.dlink[q]);
            if x >= SPACER {
                q = u as usize;
            } else {
                self.dlink[u as usize] = d;
                self.ulink[d as usize] = u;
                let len = self.shorten(x as usize);
                if len <= 1 {
                    if len == 0 && self.emptied == 0 {
                        self.emptied = x as usize;
                    }
                    if self.tracking && self.forced_count < 2 * ITEMS {
                        self.forced[self.forced_count / ITEMS][self.forced_count % ITEMS] = x;
                        self.forced_count += 1;
                    }
                }
                q += 1;
            }
        }
    }

    fn unhide(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let x = self.top[q];
            let (u, d) = (self.ulink[q], self.dlink[q]);
            if x >= SPACER {
                q = d as usize;
            } else {
                self.dlink[u as usize] = q as Ix;
                self.ulink[d as usize] = q as Ix;
                self.lengthen(x as usize);
                q -= 1;
            }
        }
    }

    /// Covers the items of x's option other than x's own (already covered by the caller).
    fn cover_rest(&mut self, x: usize) {
        let mut p = x + 1;
        while p != x {
            let j = self.top[p];
            if j >= SPACER {
                p = self.ulink[p] as usize;
            } else {
                self.cover(j as usize);
                p += 1;
            }
        }
    }

    /// Undoes [`cover_rest`](Self::cover_rest), in reverse order.
    fn uncover_rest(&mut self, x: usize) {
        let mut p = x - 1;
        while p != x {
            let j = self.top[p];
            if j >= SPACER {
                p = self.dlink[p] as usize;
            } else {
                self.uncover(j as usize);
                p -= 1;
            }
        }
    }

    /// Debug-only consistency check of every link reachable from the root: the item ring is
    /// doubly linked, each active item's list is doubly linked, its nodes name it, and its
    /// length is the number of nodes in the list. Returns a description of the first fault.
    #[cfg(any(test, debug_assertions))]
    #[cfg(any(test, feature = "internals"))] // tests and benchmarks
    pub fn check_links(&self) -> Result<(), &'static str> {
        let mut seen = 0;
        let mut i = 0usize;
        loop {
            let r = self.rlink[i] as usize;
            if r > self.items || self.llink[r] as usize != i {
                return Err("item ring is not doubly linked");
            }
            i = r;
            if i == 0 {
                break;
            }
            seen += 1;
            if seen > self.items {
                return Err("item ring does not close");
            }
            let mut len = 0;
            let mut p = self.dlink[i] as usize;
            while p != i {
                if p >= self.next_node || self.ulink[self.dlink[p] as usize] as usize != p {
                    return Err("item list is not doubly linked");
                }
                if self.top[p] as usize != i {
                    return Err("node in the wrong item list");
                }
                len += 1;
                if len > OPTIONS {
                    return Err("item list does not close");
                }
                p = self.dlink[p] as usize;
            }
            if self.top[i] as usize != len {
                return Err("item length differs from its list");
            }
        }
        for i in 0..64 * SHORT_WORDS {
            let marked = self.short[i / 64] & (1 << (i % 64)) != 0;
            let short = (1..=self.items).contains(&i) && self.is_active(i) && self.top[i] <= 1;
            if marked != short {
                return Err("short-item set differs from the lengths");
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Small = Dlx<16, 64, 512>;

    fn with_engine<R>(f: impl FnOnce(&mut Small) -> R) -> R {
        let mut slot = MaybeUninit::uninit();
        f(Small::zeroed_in(&mut slot))
    }

    /// Every link and length, to compare the matrix before and after a search.
    fn snapshot(e: &Small) -> Vec<Ix> {
        let mut v = Vec::new();
        v.extend_from_slice(&e.llink[..=e.items]);
        v.extend_from_slice(&e.rlink[..=e.items]);
        v.extend_from_slice(&e.top[..e.next_node]);
        v.extend_from_slice(&e.ulink[..e.next_node]);
        v.extend_from_slice(&e.dlink[..e.next_node]);
        v
    }

    /// All exact covers by brute force over subsets of options, as sorted index lists.
    fn brute_force(items: usize, options: &[Vec<usize>]) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for mask in 0u32..(1 << options.len()) {
            let mut count = vec![0; items + 1];
            for (k, opt) in options.iter().enumerate() {
                if mask & (1 << k) != 0 {
                    for &i in opt {
                        count[i] += 1;
                    }
                }
            }
            if count[1..].iter().all(|&c| c == 1) {
                out.push((0..options.len()).filter(|k| mask & (1 << k) != 0).collect());
            }
        }
        out.sort();
        out
    }

    /// Sets up `items` items and `options`, returning their refs in order.
    fn load(e: &mut Small, items: usize, options: &[Vec<usize>]) -> Vec<OptionRef> {
        e.reset(items).unwrap();
        options.iter().map(|o| e.add_option(o).unwrap()).collect()
    }

    /// The chosen options as sorted indices into `refs`.
    fn chosen_indices(e: &Small, refs: &[OptionRef]) -> Vec<usize> {
        let mut s: Vec<usize> = e.chosen().map(|o| refs.iter().position(|&r| r == o).unwrap()).collect();
        s.sort();
        s
    }

    fn all_solutions(e: &mut Small, refs: &[OptionRef]) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        e.search(|e| {
            found.push(chosen_indices(e, refs));
            Flow::Continue
        });
        found.sort();
        found
    }

    /// A tiny xorshift so the tests need no crate and are reproducible.
    fn rng(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Up to `max_items` items and 13 options, each item in an option with probability 1/3.
    fn random_matrix(max_items: u64, seed: &mut u64) -> (usize, Vec<Vec<usize>>) {
        let items = 1 + (rng(seed) % max_items) as usize;
        let n_options = (rng(seed) % 14) as usize;
        let options = (0..n_options)
            .map(|_| {
                let mut o: Vec<usize> = (1..=items).filter(|_| rng(seed) % 3 == 0).collect();
                if o.is_empty() {
                    o.push(1 + (rng(seed) % items as u64) as usize);
                }
                o
            })
            .collect();
        (items, options)
    }

    #[test]
    fn knuths_example_has_its_one_solution() {
        // TAOCP 7.2.2.1 (6): items a..g, options 'c e', 'a d g', 'b c f', 'a d f', 'b g', 'd e g'.
        let options = [vec![3, 5], vec![1, 4, 7], vec![2, 3, 6], vec![1, 4, 6], vec![2, 7], vec![4, 5, 7]];
        with_engine(|e| {
            let refs = load(e, 7, &options);
            assert_eq!(all_solutions(e, &refs), vec![vec![0, 3, 4]]);
        });
    }

    #[test]
    fn random_matrices_agree_with_brute_force_and_restore_every_link() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut total_solutions = 0;
        for round in 0..6000 {
            let (items, options) = random_matrix(10, &mut seed);
            let expected = brute_force(items, &options);
            total_solutions += expected.len();
            with_engine(|e| {
                e.set_choice(if total_solutions % 2 == 0 { Choice::FewestOptions } else { Choice::WeightedFailures });
                e.set_probing(round % 3 != 0);
                e.set_reductions_after(if round % 2 == 1 { 0 } else { u64::MAX });
                let refs = load(e, items, &options);
                e.check_links().unwrap();
                let before = snapshot(e);
                assert_eq!(all_solutions(e, &refs), expected, "{items} items, {options:?}");
                e.check_links().unwrap();
                assert_eq!(snapshot(e), before, "search must restore the matrix");
            });
        }
        assert!(total_solutions > 1000, "the generator should make solvable cases too");
    }

    #[test]
    fn options_discarded_at_every_node_are_never_chosen_and_come_back() {
        let mut seed = 0xD15C_A2D0_0000_0001u64;
        let mut discarded = 0;
        for round in 0..3000 {
            let (items, options) = random_matrix(8, &mut seed);
            let n_options = options.len();
            let banned: Vec<usize> = (0..n_options).filter(|_| rng(&mut seed) % 4 == 0).collect();
            let expected: Vec<Vec<usize>> =
                brute_force(items, &options).into_iter().filter(|s| !s.iter().any(|k| banned.contains(k))).collect();
            with_engine(|e| {
                e.set_probing(round % 2 == 0);
                e.set_reductions_after(if round % 3 == 0 { 0 } else { u64::MAX });
                let refs = load(e, items, &options);
                let before = snapshot(e);
                let mut found = Vec::new();
                e.search_pruned(
                    |e| {
                        // Every banned option still in all its items' lists, at every node.
                        for &k in &banned {
                            if e.is_linked(refs[k]) {
                                e.discard(refs[k]);
                                discarded += 1;
                            }
                        }
                        // A fault fails the test here: returning it as a dead end could hide it.
                        e.check_links().unwrap();
                        true
                    },
                    |e| {
                        found.push(chosen_indices(e, &refs));
                        Flow::Continue
                    },
                );
                found.sort();
                assert_eq!(found, expected, "{items} items, {options:?}, banned {banned:?}");
                e.check_links().unwrap();
                assert_eq!(snapshot(e), before, "search must restore discarded options");
            });
        }
        assert!(discarded > 1000, "only {discarded} discards");
    }

    /// Items 1..4; options {1}, {2}, {3}, {4}, {1,2}, {3,4} (indices 0..5): four solutions,
    /// two of them using {1}.
    fn two_pairs(e: &mut Small) -> Vec<OptionRef> {
        e.reset(4).unwrap();
        [&[1][..], &[2], &[3], &[4], &[1, 2], &[3, 4]].iter().map(|o| e.add_option(o).unwrap()).collect()
    }

    #[test]
    fn stop_ends_the_search_and_still_restores_the_matrix() {
        with_engine(|e| {
            let refs = two_pairs(e);
            let before = snapshot(e);
            let stats = e.search(|_| Flow::Stop);
            assert_eq!(stats.solutions, 1);
            assert_eq!(snapshot(e), before);
            assert_eq!(all_solutions(e, &refs).len(), 4);
        });
    }

    #[test]
    fn pruned_nodes_are_not_expanded_and_the_matrix_is_restored() {
        with_engine(|e| {
            let refs = two_pairs(e);
            let before = snapshot(e);
            let mut found = Vec::new();
            e.search_pruned(
                |e| !e.chosen().any(|o| o == refs[0]),
                |e| {
                    let mut s: Vec<usize> = e.chosen().map(|o| refs.iter().position(|&r| r == o).unwrap()).collect();
                    s.sort();
                    found.push(s);
                    Flow::Continue
                },
            );
            found.sort();
            assert_eq!(found, vec![vec![2, 3, 4], vec![4, 5]]);
            assert_eq!(snapshot(e), before);
            assert_eq!(e.active_items().collect::<Vec<_>>(), vec![1, 2, 3, 4]);
        });
    }

    #[test]
    fn select_commits_to_an_option_and_refuses_a_conflicting_one() {
        with_engine(|e| {
            let refs = two_pairs(e);
            assert!(e.select(refs[4]));
            assert!(!e.select(refs[0]), "item 1 is already covered");
            assert!(!e.select(refs[4]), "an option cannot be selected twice");
            e.check_links().unwrap();
            let found = all_solutions(e, &refs);
            assert_eq!(found, vec![vec![2, 3, 4], vec![4, 5]]);
        });
    }

    #[test]
    fn option_items_are_reported_in_order() {
        with_engine(|e| {
            e.reset(5).unwrap();
            let a = e.add_option(&[5, 2]).unwrap();
            let b = e.add_option(&[1, 3, 4]).unwrap();
            assert_eq!(e.option_items(a).collect::<Vec<_>>(), vec![5, 2]);
            assert_eq!(e.option_items(b).collect::<Vec<_>>(), vec![1, 3, 4]);
        });
    }

    #[test]
    fn bad_options_and_overflow_are_errors_not_panics() {
        with_engine(|e| {
            assert_eq!(e.reset(16), Err(BuildError::Capacity));
            e.reset(3).unwrap();
            assert_eq!(e.add_option(&[]), Err(BuildError::BadOption));
            assert_eq!(e.add_option(&[0]), Err(BuildError::BadOption));
            assert_eq!(e.add_option(&[4]), Err(BuildError::BadOption));
            assert_eq!(e.add_option(&[2, 2]), Err(BuildError::BadOption));
            let mut added = 0;
            while e.add_option(&[1, 2, 3]).is_ok() {
                added += 1;
            }
            // 512 nodes: 4 headers, 1 spacer, then 4 nodes per option (3 items + spacer).
            assert_eq!(added, ((512 - 5) / 4).min(64));
            e.check_links().unwrap();
        });
    }
}
