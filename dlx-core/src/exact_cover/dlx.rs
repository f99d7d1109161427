//! Dancing Links (Knuth's Algorithm X, after his program DLX1) over index arrays in memory the
//! caller hands it.
//!
//! The engine knows nothing of Sudoku: it solves exact cover problems given as items and
//! options. The layout is DLX1's: node 0 is the root of the primary items' list, nodes `1..=n`
//! are the item headers (their `top` holds the item's current length), and the options follow,
//! each a run of consecutive nodes closed by a spacer. A spacer's `ulink` is the first node of
//! the option before it and its `dlink` the last node of the option after it, which lets `hide`
//! and `unhide` walk an option cyclically without a left/right array; its `top` is `SPACER`
//! plus the number of the option before it. Secondary items (covered at most once, never
//! branched on) come after the primary ones, in a list of their own whose root is `n + 1`.
//!
//! Beyond DLX1: the branching rule ([`Choice`], failure weights by default), probing and subset
//! reductions before branching ([`Dlx::set_probing`], [`Dlx::set_reductions_after`]), both undone with
//! their level, and an exact bit set of the primary items with at most one option left, from
//! which forced and empty items are taken without a scan.
//!
//! One implementation serves every size: [`Dlx`] is a view of arrays carved from a slice of
//! words, with links of an [`Index`] type that fits. The Sudoku searches use `u16` links in a
//! fixed [`Storage`] on the stack (the 16x16 engine is about 158 KiB, which has to fit with room
//! to spare in a 256 KiB thread stack); general problems use `u32` links in memory the C caller
//! sized (`exact_cover::problem`). No heap, no global state.

use core::marker::PhantomData;

use crate::deadline::Deadline;
use core::mem::MaybeUninit;

/// The integer type of every link: `u16` or `u32`. Numbers at or above [`Index::SPACER`] mark
/// spacers, so item numbers, lengths, option numbers and node numbers stay below it.
pub trait Index: Copy + Ord + core::fmt::Debug + 'static {
    /// The smallest spacer mark.
    const SPACER: Self;
    /// Bytes of one index.
    const BYTES: usize;
    /// `n` as an index (callers keep `n` within range).
    fn ix(n: usize) -> Self;
    /// The index as a `usize`.
    fn us(self) -> usize;
}

impl Index for u16 {
    const SPACER: u16 = 0x8000;
    const BYTES: usize = 2;
    #[inline(always)]
    fn ix(n: usize) -> u16 {
        n as u16
    }
    #[inline(always)]
    fn us(self) -> usize {
        usize::from(self)
    }
}

impl Index for u32 {
    const SPACER: u32 = 0x8000_0000;
    const BYTES: usize = 4;
    #[inline(always)]
    fn ix(n: usize) -> u32 {
        n as u32
    }
    #[inline(always)]
    fn us(self) -> usize {
        self as usize
    }
}

/// Capacities of one engine: array lengths, not counts of a problem. `items` counts the two
/// roots too (a problem of n items needs `n + 2`), `nodes` the headers, the option nodes and one
/// spacer per option plus one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capacity {
    /// Length of the per-item arrays.
    pub items: usize,
    /// Most options.
    pub options: usize,
    /// Length of the per-node arrays.
    pub nodes: usize,
}

impl Capacity {
    /// What a problem of `items` items (primary and secondary), `options` options and
    /// `entries` option entries in all needs.
    pub const fn for_problem(items: usize, options: usize, entries: usize) -> Capacity {
        Capacity { items: items + 2, options, nodes: items + 2 + entries + options }
    }

    /// Whether links of type `I` can address this capacity.
    pub const fn fits<I: Index>(self) -> bool {
        let limit = if I::BYTES == 2 { 0x8000 } else { 0x8000_0000 };
        self.items >= 2 && self.nodes >= self.items && self.nodes < limit && self.options < limit
    }

    /// 64-bit words of memory an engine of this capacity with `I` links takes.
    pub const fn words<I: Index>(self) -> usize {
        let per_item = words_of(self.items * I::BYTES);
        // llink, rlink, chosen, removed_from, shrunk, dense, pos; forced is two of them.
        9 * per_item
            + words_of(3 * self.nodes * I::BYTES)
            + words_of(self.options * I::BYTES)
            + 2 * self.items.div_ceil(64)
            + words_of(self.items * 4)
    }
}

const fn words_of(bytes: usize) -> usize {
    bytes.div_ceil(8)
}

/// Zeroed words, the memory of an engine with fixed capacities, for a caller's stack.
#[repr(C, align(16))]
pub struct Storage<I: Index, const ITEMS: usize, const OPTIONS: usize, const NODES: usize, const WORDS: usize> {
    words: [u64; WORDS],
    index: PhantomData<I>,
}

impl<I: Index, const ITEMS: usize, const OPTIONS: usize, const NODES: usize, const WORDS: usize>
    Storage<I, ITEMS, OPTIONS, NODES, WORDS>
{
    const CAPACITY: Capacity = Capacity { items: ITEMS, options: OPTIONS, nodes: NODES };
    const FITS: () = assert!(
        Self::CAPACITY.fits::<I>() && WORDS == Self::CAPACITY.words::<I>(),
        "engine capacity does not fit its links or its words"
    );

    /// Zeroes `slot` in place and returns an engine with no items in it.
    ///
    /// In place because the value is large: building it in a temporary and moving it would
    /// cost a second copy of the stack space in unoptimised builds.
    pub fn zeroed_in(slot: &mut MaybeUninit<Self>) -> Dlx<'_, I> {
        let () = Self::FITS;
        // SAFETY: the fields are integers (and a zero-sized marker); all-zero bytes are a
        // valid value of each. write_bytes covers exactly one `Self` at a pointer we own.
        let storage = unsafe {
            slot.as_mut_ptr().write_bytes(0, 1);
            slot.assume_init_mut()
        };
        Dlx::new(&mut storage.words, Self::CAPACITY).expect("the capacity was checked at compile time")
    }
}

/// An option, named by its first node. Returned by [`Dlx::add_option`] and reported back in
/// solutions, so a caller never needs a table of its own to find an option again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionRef(usize);

impl OptionRef {
    /// A number below the engine's node capacity, distinct for each option of one matrix: an
    /// index for a caller's per-option table.
    pub fn index(self) -> usize {
        self.0
    }
}

/// Why the matrix could not be built as asked. It is an error rather than a panic: general
/// problems come from C callers, and the Sudoku engines are sized so that it cannot happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// More items, options or nodes than the engine's capacity.
    Capacity,
    /// An option that is empty, names an item outside `1..=n` or one item twice, or names no
    /// primary item (it could never be chosen).
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
pub enum Choice {
    /// The item with the fewest options (Knuth's MRV), the first such in item order: DLX1's
    /// rule, so the search tree is DLX1's node for node. Forced and empty items come from the
    /// short-item set, which pays on covers with many forced choices (Sudoku). The library's
    /// own searches use the other two; the tests and benchmarks compare all three.
    #[cfg_attr(not(any(test, feature = "internals")), allow(dead_code))]
    FewestOptions,
    /// The same choice, made as DLX1 makes it: a scan of the item ring, with covering that
    /// keeps only links and lengths (no packed items, no short-item set, no weights) when
    /// neither probing nor reductions are on. Fastest where forced choices are rarer
    /// (N-queens, polyominoes): general problems (`exact_cover::problem`) use it.
    Dlx1,
    /// dom/wdeg, the default: every item has a weight, raised by one each time it is the item
    /// the covering emptied before a dead end, and each time a branch on it leads to a node
    /// that the `keep` of [`Dlx::search_pruned`] cuts (a bound's dead end); among items with
    /// two or more options, the one with the fewest per unit of weight is chosen (forced
    /// items, with one option or none, always go first). Items that keep causing failures get
    /// branched on early, which is what the hardest Sudoku need.
    #[default]
    WeightedFailures,
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Options tried (Knuth's "nodes" of the search tree, without the root).
    pub nodes: u64,
    /// Solutions reported to the callback.
    pub solutions: u64,
}

/// What a matrix is between two calls, for a problem kept in a caller's memory: the engine's
/// arrays hold the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Primary items, numbered `1..=primary`.
    pub primary: usize,
    /// Items in all; the secondary ones are `primary + 1..=items`.
    pub items: usize,
    /// Options added.
    pub options: usize,
    /// The next free node.
    pub next_node: usize,
}

/// An exact cover matrix over arrays carved from a caller's words (see [`Capacity`]).
pub struct Dlx<'m, I: Index> {
    /// Item lists: the primary items' ring through the root 0, the secondary items' through
    /// the root `items + 1`.
    llink: &'m mut [I],
    rlink: &'m mut [I],
    /// The nodes, DLX1's `nd` array.
    nodes: &'m mut [Node<I>],
    /// The nodes chosen so far, one per level: selected options first, then the search's.
    chosen: &'m mut [I],
    /// Options removed by probing, first nodes in removal order, and where each level's
    /// removals start, so backtracking restores exactly what its level removed.
    removed: &'m mut [I],
    removed_count: usize,
    removed_from: &'m mut [I],
    probing: bool,
    /// Options a search tries before it starts subset reductions (see
    /// [`set_reductions_after`](Self::set_reductions_after)); whether the running search does
    /// them; and whether shrinking items are being noted for them now (not in a probe's trial).
    reduce_after: u64,
    reducing: bool,
    noting: bool,
    /// Primary items that fell to REDUCE_MAX options or fewer (but two or more) since they were
    /// last checked, as a stack with a membership bit set, so each is in it at most once.
    shrunk: &'m mut [I],
    shrunk_count: usize,
    in_shrunk: &'m mut [u64],
    /// While a probe's trial runs: primary items whose length fell to one or zero, in that
    /// order. Lengths only fall during a trial, so each item enters at most twice (at one, at
    /// zero): two item capacities.
    forced: &'m mut [I],
    forced_count: usize,
    tracking: bool,
    level: usize,
    /// The active primary items, packed: `dense[..dense_len]`, with `pos` the inverse. `cover`
    /// swaps its item to the end and shrinks the range; `uncover`, which always undoes the
    /// latest cover still in force, grows it back. `choose_item` scans this array: its loads
    /// do not wait on each other as a walk of the item ring's links does (the ring walk was
    /// half of all search time).
    dense: &'m mut [I],
    pos: &'m mut [I],
    dense_len: usize,
    /// The active primary items with at most one option left, as a bit set (bit i of word
    /// i / 64), kept exact by every change of a length and by cover and uncover. Most choices
    /// are such forced items (84% of them on the hard 16x16 puzzles), and the set finds them
    /// without the scan of every active item that the weighted choice needs otherwise.
    short: &'m mut [u64],
    /// Per item: failures seen at dead ends and cuts, plus one (used by
    /// `Choice::WeightedFailures`).
    weight: &'m mut [u32],
    choice: Choice,
    /// The first item emptied by the covering since the search last branched.
    emptied: usize,
    /// Whether a lean search (see [`search_pruned`](Self::search_pruned)) is running, and
    /// the primary items it has not covered: it keeps no packed items.
    lean: bool,
    open: usize,
    /// Set by a solution callback's [`Flow::Stop`] or by [`stop`](Self::stop): the search
    /// unwinds without trying more options.
    stopping: bool,
    /// Number of primary items, of items in all, of options added, and the next free node.
    primary: usize,
    items: usize,
    options: usize,
    next_node: usize,
    capacity: Capacity,
}

/// Subset reductions look at items of at most this many options.
const REDUCE_MAX: usize = 3;
/// Options a search tries before subset reductions start, by default.
pub const REDUCE_AFTER: u64 = 10_000;
/// Items an option may share with all the others of an item, at most, that reductions track.
const MAX_COMMON: usize = 8;

/// Splits `words` into the first `n` words, reinterpreted as `T`, and the rest.
fn take<'m, T: Index>(words: &mut &'m mut [u64], len: usize) -> &'m mut [T] {
    let (head, rest) = core::mem::take(words).split_at_mut(words_of(len * T::BYTES));
    *words = rest;
    // SAFETY: `head` is `len * T::BYTES` bytes or more of initialised, 8-aligned memory that
    // this borrow owns, and every bit pattern is a valid `u16` or `u32` (the only `Index`
    // types), both aligned at most 8.
    unsafe { core::slice::from_raw_parts_mut(head.as_mut_ptr().cast::<T>(), len) }
}

/// One node of the matrix, DLX1's `itm`, `up` and `dn` side by side: a node's three links share
/// a cache line and a bounds check.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Node<I> {
    /// The item the node belongs to; for a header, the item's length; for a spacer, SPACER
    /// plus the number of the option before it.
    top: I,
    up: I,
    down: I,
}

fn take_nodes<'m, I: Index>(words: &mut &'m mut [u64], len: usize) -> &'m mut [Node<I>] {
    let (head, rest) = core::mem::take(words).split_at_mut(words_of(3 * len * I::BYTES));
    *words = rest;
    // SAFETY: as in `take`: `Node<I>` is three `I` with no padding (repr(C), one type), so
    // `len` of them are `3 * len * I::BYTES` initialised bytes, and any bits are a valid value.
    unsafe { core::slice::from_raw_parts_mut(head.as_mut_ptr().cast::<Node<I>>(), len) }
}

fn take_words<'m>(words: &mut &'m mut [u64], len: usize) -> &'m mut [u64] {
    let (head, rest) = core::mem::take(words).split_at_mut(len);
    *words = rest;
    head
}


impl<'m, I: Index> Dlx<'m, I> {
    /// The arrays of an engine of `capacity`, carved from `words` (which holds
    /// [`Capacity::words`] or more), with settings at their defaults and scalars zero; `None`
    /// when it does not fit.
    fn carve(mut words: &'m mut [u64], capacity: Capacity) -> Option<Self> {
        if !capacity.fits::<I>() || words.len() < capacity.words::<I>() {
            return None;
        }
        let Capacity { items, options, nodes } = capacity;
        let w = &mut words;
        Some(Dlx {
            llink: take(w, items),
            rlink: take(w, items),
            nodes: take_nodes(w, nodes),
            chosen: take(w, items),
            removed: take(w, options),
            removed_count: 0,
            removed_from: take(w, items),
            probing: true,
            reduce_after: REDUCE_AFTER,
            reducing: false,
            noting: false,
            shrunk: take(w, items),
            shrunk_count: 0,
            in_shrunk: take_words(w, items.div_ceil(64)),
            forced: take(w, 2 * items),
            forced_count: 0,
            tracking: false,
            level: 0,
            dense: take(w, items),
            pos: take(w, items),
            dense_len: 0,
            short: take_words(w, items.div_ceil(64)),
            weight: take::<u32>(w, items),
            choice: Choice::default(),
            emptied: 0,
            lean: false,
            open: 0,
            stopping: false,
            primary: 0,
            items: 0,
            options: 0,
            next_node: 0,
            capacity,
        })
    }

    /// An empty engine of `capacity` in `words` (zeroed or not), or `None` when the words are
    /// too few or the capacity is beyond `I`.
    pub fn new(words: &'m mut [u64], capacity: Capacity) -> Option<Self> {
        let mut engine = Self::carve(words, capacity)?;
        engine.reset(0, 0).ok()?;
        Some(engine)
    }

    /// The engine [`counts`](Self::counts) described, in the same `words` and `capacity`, with
    /// settings at their defaults; `None` when the counts cannot be one of this capacity's.
    /// Between searches the matrix is whole (every search restores it), so links, lengths and
    /// the packed item order are as they were left, and the scalars are recomputed here.
    pub fn resume(words: &'m mut [u64], capacity: Capacity, counts: Counts) -> Option<Self> {
        let mut engine = Self::carve(words, capacity)?;
        let Counts { primary, items, options, next_node } = counts;
        if primary > items || items + 2 > capacity.items || options > capacity.options || next_node > capacity.nodes {
            return None;
        }
        (engine.primary, engine.items, engine.options, engine.next_node) = (primary, items, options, next_node);
        engine.dense_len = primary;
        Some(engine)
    }

    /// What [`resume`](Self::resume) needs to take this matrix up again.
    pub fn counts(&self) -> Counts {
        Counts { primary: self.primary, items: self.items, options: self.options, next_node: self.next_node }
    }

    /// Empties the matrix and sets up `primary` primary items, numbered `1..=primary`, then
    /// `secondary` secondary ones, numbered on from there.
    pub fn reset(&mut self, primary: usize, secondary: usize) -> Result<(), BuildError> {
        let items = primary + secondary;
        if items + 2 > self.capacity.items || items + 2 > self.capacity.nodes {
            return Err(BuildError::Capacity);
        }
        self.link_ring(0, 1..primary + 1);
        self.link_ring(items + 1, primary + 1..items + 1);
        for i in 0..=items {
            self.nodes[i].top = I::ix(0);
            self.nodes[i].up = I::ix(i);
            self.nodes[i].down = I::ix(i);
        }
        let first_spacer = items + 1;
        self.nodes[first_spacer].top = I::SPACER;
        self.nodes[first_spacer].up = I::ix(first_spacer);
        self.nodes[first_spacer].down = I::ix(first_spacer);
        self.primary = primary;
        self.items = items;
        self.options = 0;
        self.next_node = first_spacer + 1;
        self.level = 0;
        self.weight[..=items].fill(1);
        for i in 1..=primary {
            self.dense[i - 1] = I::ix(i);
            self.pos[i] = I::ix(i - 1);
        }
        self.dense_len = primary;
        self.short.fill(0);
        for i in 1..=primary {
            self.mark_short(i);
        }
        self.shrunk_count = 0;
        self.in_shrunk.fill(0);
        self.removed_count = 0;
        Ok(())
    }

    /// Links `root` and `members`, in order, into a doubly linked ring.
    fn link_ring(&mut self, root: usize, members: core::ops::Range<usize>) {
        let mut prev = root;
        for i in members {
            self.llink[i] = I::ix(prev);
            self.rlink[prev] = I::ix(i);
            prev = i;
        }
        self.rlink[prev] = I::ix(root);
        self.llink[root] = I::ix(prev);
    }

    /// Whether `item` is primary (it must be covered, and the search branches on it).
    #[inline(always)]
    fn is_primary(&self, item: usize) -> bool {
        item <= self.primary
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

    /// The failure weights of [`Choice::WeightedFailures`], by item (index 0 unused): 1 after
    /// [`reset`](Self::reset), raised by dead ends and cuts.
    pub fn weights(&self) -> &[u32] {
        &self.weight[..=self.items]
    }

    /// Starts the failure weights of items `0..weights.len()` (no more than the matrix has)
    /// where an earlier search over the same items left them: a search restarted with what it
    /// learnt branches on the items that failed before from its root.
    pub fn set_weights(&mut self, weights: &[u32]) {
        let n = weights.len().min(self.items + 1);
        self.weight[..n].copy_from_slice(&weights[..n]);
    }

    /// Appends an option covering `items` (each in `1..=n`, no repeats, at least one primary).
    /// Only before [`select`](Self::select) and [`search`](Self::search). A rejected option
    /// changes nothing.
    pub fn add_option(&mut self, items: &[usize]) -> Result<OptionRef, BuildError> {
        self.add_option_from(items.iter().copied())
    }

    /// [`add_option`](Self::add_option) for items given by an iterator of known length. One
    /// pass: a fault (an item out of range or repeated, no primary item) found while the nodes
    /// are linked in undoes the links, so checking costs time linear in the option; a repeat is
    /// seen as an item whose last node is already this option's.
    pub fn add_option_from(&mut self, items: impl ExactSizeIterator<Item = usize>) -> Result<OptionRef, BuildError> {
        debug_assert_eq!(self.level, 0, "options are added before any selection");
        let len = items.len();
        if len == 0 {
            return Err(BuildError::BadOption);
        }
        if self.options >= self.capacity.options || self.next_node + len + 1 > self.capacity.nodes {
            return Err(BuildError::Capacity);
        }
        let first = self.next_node;
        let mut primary = false;
        for (k, item) in items.enumerate() {
            let x = first + k;
            if !(1..=self.items).contains(&item) || self.nodes[item].up.us() >= first {
                self.unlink_new(first, x);
                return Err(BuildError::BadOption);
            }
            primary |= self.is_primary(item);
            let last = self.nodes[item].up.us();
            self.nodes[x] = Node { top: I::ix(item), up: I::ix(last), down: I::ix(item) };
            self.nodes[last].down = I::ix(x);
            self.nodes[item].up = I::ix(x);
            self.lengthen(item);
        }
        if !primary {
            self.unlink_new(first, first + len);
            return Err(BuildError::BadOption);
        }
        let last = first + len - 1;
        let spacer_before = first - 1;
        let spacer_after = last + 1;
        self.nodes[spacer_before].down = I::ix(last);
        self.nodes[spacer_after] = Node { top: I::ix(I::SPACER.us() + self.options), up: I::ix(first), down: I::ix(spacer_after) };
        self.next_node = spacer_after + 1;
        self.options += 1;
        Ok(OptionRef(first))
    }

    /// Takes nodes `first..end` of an option being added out of their lists again, newest
    /// first: each is the last of its item's list.
    fn unlink_new(&mut self, first: usize, end: usize) {
        for x in (first..end).rev() {
            let (item, above) = (self.nodes[x].top.us(), self.nodes[x].up);
            self.nodes[item].up = above;
            self.nodes[above.us()].down = I::ix(item);
            self.shorten(item);
        }
    }

    /// The items of an option, in the order they were given.
    pub fn option_items(&self, option: OptionRef) -> impl Iterator<Item = usize> + '_ {
        let first = option.0;
        self.nodes[first..].iter().map(|n| n.top).take_while(|&t| t < I::SPACER).map(|t| t.us())
    }

    /// The node at the top of `item`'s list, if any is left: a number below the engine's node
    /// capacity, for a caller's per-node table (filled through [`option_nodes`]), which saves
    /// walking from the node to its option where a bound looks at every item's top.
    ///
    /// [`option_nodes`]: Self::option_nodes
    pub fn top_node(&self, item: usize) -> Option<usize> {
        let top = self.nodes[item].down.us();
        (top != item).then_some(top)
    }

    /// The nodes of an option, one per item, in the order of [`option_items`].
    ///
    /// [`option_items`]: Self::option_items
    pub fn option_nodes(&self, option: OptionRef) -> core::ops::Range<usize> {
        option.0..option.0 + self.option_items(option).count()
    }

    /// The options still in `item`'s list, top to bottom.
    pub fn options_of(&self, item: usize) -> impl Iterator<Item = OptionRef> + '_ {
        core::iter::successors(Some(self.nodes[item].down.us()), |&p| Some(self.nodes[p].down.us()))
            .take_while(move |&p| p != item)
            .map(|p| self.option_of(p))
    }

    /// The items not yet covered, in item order.
    pub fn active_items(&self) -> impl Iterator<Item = usize> + '_ {
        core::iter::successors(Some(self.rlink[0].us()), |&i| Some(self.rlink[i].us())).take_while(|&i| i != 0)
    }

    /// Commits to `option` before the search (a Sudoku given, say): covers its items.
    /// Returns false, changing nothing, when the option is no longer available because an
    /// earlier selection covered one of its items.
    pub fn select(&mut self, option: OptionRef) -> bool {
        let first = option.0;
        let available = self.option_items(option).all(|item| self.is_active(item));
        if !available || self.level >= self.capacity.items {
            return false;
        }
        self.cover::<false>(self.nodes[first].top.us());
        self.cover_rest::<false>(first);
        self.chosen[self.level] = I::ix(first);
        self.level += 1;
        true
    }

    /// Whether `item` is still in its item list (not covered).
    fn is_active(&self, item: usize) -> bool {
        if self.is_primary(item) {
            self.pos[item].us() < self.dense_len
        } else {
            let root = self.items + 1;
            core::iter::successors(Some(self.rlink[root].us()), |&i| Some(self.rlink[i].us()))
                .take_while(|&i| i != root)
                .any(|i| i == item)
        }
    }

    /// The number of option `option`, counting from 0 in the order they were added.
    pub fn ordinal(&self, option: OptionRef) -> usize {
        let mut q = option.0;
        while self.nodes[q].top < I::SPACER {
            q += 1;
        }
        self.nodes[q].top.us() - I::SPACER.us()
    }

    /// Levels of the search in force (selected options included): inside `keep` and the
    /// solution callback, the number of options chosen.
    pub fn depth(&self) -> usize {
        self.level
    }

    /// Primary items not yet covered.
    pub fn open_primary(&self) -> usize {
        if self.lean { self.open } else { self.dense_len }
    }

    /// Ends the running search from its `keep` callback: it unwinds without trying more
    /// options, restoring the matrix as usual.
    pub fn stop(&mut self) {
        self.stopping = true;
    }

    /// For a `keep` callback: counts a node against `deadline` and, once it has passed, stops
    /// the search. Whether the node may be expanded.
    pub fn within(&mut self, deadline: &mut Deadline) -> bool {
        if deadline.tick(1) {
            self.stop();
        }
        !deadline.passed()
    }

    /// The options chosen so far: selected ones, then the search's. Inside a solution
    /// callback, these are the options of that solution.
    pub fn chosen(&self) -> impl Iterator<Item = OptionRef> + '_ {
        self.chosen[..self.level].iter().map(|&x| self.option_of(x.us()))
    }

    fn option_of(&self, node: usize) -> OptionRef {
        let mut q = node;
        while self.nodes[q].top < I::SPACER {
            q += 1;
        }
        OptionRef(self.nodes[q].up.us())
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
    ///
    /// With [`Choice::Dlx1`] and neither probing nor reductions, the search runs a lean
    /// variant of the same steps: covering keeps only the links and lengths (not the packed
    /// items, the short-item set or failure weights), and the choice is DLX1's scan of the
    /// item ring. Measured on 11 queens, that path does 30% fewer instructions (157M -> 110M;
    /// DLX1 101M); where most choices are forced (Sudoku, the target search) the short-item
    /// set pays more than it costs.
    ///
    /// One loop serves both: only covering, uncovering and the choice are specialised (one
    /// predictable branch a call), so the callbacks keep a single call site each, which the
    /// compiler inlines (a loop per variant cost the target search 12% more instructions).
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
        let lean = self.choice == Choice::Dlx1 && !self.probing && self.reduce_after == u64::MAX;
        self.lean = lean;
        self.open = self.dense_len;
        let base = self.level;
        let mut stats = SearchStats::default();
        self.reducing = false;
        self.noting = false;
        if self.reduce_after == 0 {
            self.start_reductions();
        }
        self.stopping = false;
        let mut step = Step::Enter;
        loop {
            match step {
                Step::Enter => {
                    self.removed_from[self.level] = I::ix(self.removed_count);
                    if !keep(self) {
                        // A cut counts against the item branched on above: the weights then
                        // learn where a bound cuts, not only where items empty. On the target
                        // search's slowest proofs that halved their nodes with its bound at
                        // every node (docs/design.md).
                        if self.level > base {
                            let item = self.nodes[self.chosen[self.level - 1].us()].top.us();
                            self.weight[item] = self.weight[item].saturating_add(1);
                        }
                        self.restore_removed();
                        step = Step::Backtrack;
                        continue;
                    }
                    if self.rlink[0].us() == 0 {
                        stats.solutions += 1;
                        if on_solution(self) == Flow::Stop {
                            self.stopping = true;
                        }
                        self.restore_removed();
                        step = Step::Backtrack;
                        continue;
                    }
                    if self.reducing {
                        self.reduce();
                    }
                    let item = if lean { self.first_fewest() } else { self.choose_item() };
                    if self.probing && self.nodes[item].top.us() >= 2 {
                        self.probe(item);
                    }
                    if self.nodes[item].top.us() == 0 {
                        let culprit = if self.emptied != 0 { self.emptied } else { item };
                        self.weight[culprit] = self.weight[culprit].saturating_add(1);
                    }
                    self.emptied = 0;
                    if lean { self.cover::<true>(item) } else { self.cover::<false>(item) }
                    self.chosen[self.level] = self.nodes[item].down;
                    step = Step::Try;
                }
                Step::Try => {
                    let x = self.chosen[self.level].us();
                    if x <= self.items {
                        // Back at the header: every option of item x has been tried.
                        if lean { self.uncover::<true>(x) } else { self.uncover::<false>(x) }
                        self.restore_removed();
                        step = Step::Backtrack;
                    } else {
                        stats.nodes += 1;
                        if stats.nodes == self.reduce_after {
                            self.start_reductions();
                        }
                        if lean { self.cover_rest::<true>(x) } else { self.cover_rest::<false>(x) }
                        self.level += 1;
                        step = Step::Enter;
                    }
                }
                Step::Backtrack => {
                    if self.level == base {
                        break;
                    }
                    self.level -= 1;
                    let x = self.chosen[self.level].us();
                    if lean { self.uncover_rest::<true>(x) } else { self.uncover_rest::<false>(x) }
                    if self.stopping {
                        let item = self.nodes[x].top.us();
                        if lean { self.uncover::<true>(item) } else { self.uncover::<false>(item) }
                        self.restore_removed();
                    } else {
                        self.chosen[self.level] = self.nodes[x].down;
                        step = Step::Try;
                    }
                }
            }
        }
        self.lean = false;
        stats
    }

    /// Takes `option` out of the matrix for the rest of the current search node's subtree;
    /// backtracking out of the node puts it back. For the `keep` callback of
    /// [`search_pruned`](Self::search_pruned) only: `option` must be active (in the list of
    /// every one of its items, as [`options_of`](Self::options_of) gives it).
    pub fn discard(&mut self, option: OptionRef) {
        debug_assert!(self.is_linked(option), "discarding an option that is not in its items' lists");
        self.remove_option(option.0);
    }

    /// Whether every node of `option` is in its item's list.
    fn is_linked(&self, option: OptionRef) -> bool {
        (option.0..)
            .take_while(|&q| self.nodes[q].top < I::SPACER)
            .all(|q| self.nodes[self.nodes[q].up.us()].down.us() == q)
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
        let mut x = self.nodes[item].down.us();
        while x != item {
            let next = self.nodes[x].down.us();
            if doomed(self, x) {
                self.remove_option(self.option_of(x).0);
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
        self.cover::<false>(item);
        self.cover_rest::<false>(x);
        // Forced options are stacked in `chosen` above the current level.
        let base = self.level + 1;
        let mut top = base;
        let mut alive = true;
        let mut next = 0;
        while next < self.forced_count {
            let i = self.forced[next].us();
            next += 1;
            if !self.is_active(i) {
                continue;
            }
            match self.nodes[i].top.us() {
                0 => {
                    // A failure the search never sees as a dead end: credit it to the item
                    // all the same, or the weights stop learning once probing is on.
                    self.weight[i] = self.weight[i].saturating_add(1);
                    alive = false;
                    break;
                }
                1 => {
                    let y = self.nodes[i].down.us();
                    self.cover::<false>(i);
                    self.cover_rest::<false>(y);
                    self.chosen[top] = I::ix(y);
                    top += 1;
                }
                _ => {}
            }
        }
        self.tracking = false;
        self.noting = self.reducing;
        while top > base {
            top -= 1;
            let y = self.chosen[top].us();
            self.uncover_rest::<false>(y);
            self.uncover::<false>(self.nodes[y].top.us());
        }
        self.uncover_rest::<false>(x);
        self.uncover::<false>(item);
        alive
    }

    /// Takes option `first` (its first node) out of every item list it is in, for the current
    /// level: `restore_removed` puts it back when the level is done.
    fn remove_option(&mut self, first: usize) {
        let mut q = first;
        while self.nodes[q].top < I::SPACER {
            let (u, d) = (self.nodes[q].up.us(), self.nodes[q].down.us());
            self.nodes[u].down = I::ix(d);
            self.nodes[d].up = I::ix(u);
            self.shorten(self.nodes[q].top.us());
            q += 1;
        }
        self.removed[self.removed_count] = I::ix(first);
        self.removed_count += 1;
    }

    /// Puts back, newest first, the options removed since this level began.
    fn restore_removed(&mut self) {
        let from = self.removed_from[self.level].us();
        while self.removed_count > from {
            self.removed_count -= 1;
            let first = self.removed[self.removed_count].us();
            let mut q = first;
            while self.nodes[q].top < I::SPACER {
                q += 1;
            }
            while q > first {
                q -= 1;
                let (u, d) = (self.nodes[q].up.us(), self.nodes[q].down.us());
                self.nodes[u].down = I::ix(q);
                self.nodes[d].up = I::ix(q);
                self.lengthen(self.nodes[q].top.us());
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
            let active = || self.dense[..self.dense_len].iter().map(|&i| i.us());
            let empty = active().filter(|&i| self.nodes[i].top.us() == 0).min();
            let lowest = active().filter(|&i| self.nodes[i].top.us() == 1).min();
            let expected = empty.or(lowest);
            let found = self.short_item();
            debug_assert!(found == expected || (empty.is_some() && found.is_some_and(|i| self.nodes[i].top.us() == 0)));
        }
        if let Some(item) = self.short_item() {
            return item;
        }
        match self.choice {
            Choice::WeightedFailures => self.by_weight(),
            Choice::FewestOptions | Choice::Dlx1 => self.first_fewest(),
        }
    }

    /// DLX1's choice: the first item of the ring with the fewest options (ending the scan at
    /// an empty one). The ring is always in item order, so this is the lowest-numbered such
    /// item. `FewestOptions` comes here too, once the short-item set has no item to offer.
    fn first_fewest(&self) -> usize {
        let (mut best, mut best_len) = (0, usize::MAX);
        let mut i = self.rlink[0].us();
        while i != 0 {
            let len = self.nodes[i].top.us();
            if len < best_len {
                (best, best_len) = (i, len);
                if len == 0 {
                    break;
                }
            }
            i = self.rlink[i].us();
        }
        best
    }

    /// The active item (every one has two options or more here) with the fewest options per
    /// unit of failure weight, the first in packed order on ties.
    #[inline(always)]
    fn by_weight(&self) -> usize {
        let mut best = 0;
        // (length, weight) of `best`; compared as len * other_weight in u64: lengths stay below
        // 2^31 and weights within u32, so no product overflows. The start is above any length.
        let (mut best_len, mut best_weight) = (u64::from(u32::MAX), 1u64);
        for &i in &self.dense[..self.dense_len] {
            let i = i.us();
            let len = self.nodes[i].top.us() as u64;
            let weight = u64::from(self.weight[i]);
            if len * best_weight < best_len * weight {
                (best, best_len, best_weight) = (i, len, weight);
            }
        }
        best
    }

    /// Removes item `i` from the item list and every option that contains it from the other
    /// items' lists.
    fn cover<const LEAN: bool>(&mut self, i: usize) {
        let mut p = self.nodes[i].down.us();
        while p != i {
            self.hide::<LEAN>(p);
            p = self.nodes[p].down.us();
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l.us()] = r;
        self.llink[r.us()] = l;
        if LEAN {
            self.open -= usize::from(self.is_primary(i));
        } else if self.is_primary(i) {
            let (at, last) = (self.pos[i].us(), self.dense_len - 1);
            let moved = self.dense[last];
            self.dense[at] = moved;
            self.pos[moved.us()] = I::ix(at);
            self.dense[last] = I::ix(i);
            self.pos[i] = I::ix(last);
            self.dense_len = last;
            self.short[i / 64] &= !(1 << (i % 64));
        }
    }

    fn uncover<const LEAN: bool>(&mut self, i: usize) {
        let primary = self.is_primary(i);
        if LEAN {
            self.open += usize::from(primary);
        } else if primary {
            debug_assert_eq!(self.dense[self.dense_len].us(), i, "uncover undoes the latest cover");
            self.dense_len += 1;
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l.us()] = I::ix(i);
        self.llink[r.us()] = I::ix(i);
        let mut p = self.nodes[i].up.us();
        while p != i {
            self.unhide::<LEAN>(p);
            p = self.nodes[p].up.us();
        }
        if !LEAN && primary && self.nodes[i].top.us() <= 1 {
            self.mark_short(i);
        }
    }

    fn mark_short(&mut self, i: usize) {
        self.short[i / 64] |= 1 << (i % 64);
    }

    /// One option fewer for active item `i`; returns its new length.
    #[inline(always)]
    fn shorten(&mut self, i: usize) -> usize {
        let len = self.nodes[i].top.us() - 1;
        self.nodes[i].top = I::ix(len);
        if len <= REDUCE_MAX && self.is_primary(i) {
            if len == 1 {
                self.mark_short(i);
            } else if len >= 2 && self.noting && self.in_shrunk[i / 64] & (1 << (i % 64)) == 0 {
                self.in_shrunk[i / 64] |= 1 << (i % 64);
                self.shrunk[self.shrunk_count] = I::ix(i);
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
            let a = self.shrunk[self.shrunk_count].us();
            self.in_shrunk[a / 64] &= !(1 << (a % 64));
            let len = self.nodes[a].top.us();
            if !self.is_active(a) || !(2..=REDUCE_MAX).contains(&len) {
                continue;
            }
            // The items that every option of `a` covers besides `a`.
            let mut common = [I::ix(0); MAX_COMMON];
            let mut count = 0;
            let first = self.nodes[a].down.us();
            for item in self.other_items(first).take(MAX_COMMON) {
                common[count] = I::ix(item);
                count += 1;
            }
            let mut p = self.nodes[first].down.us();
            while p != a && count > 0 {
                let mut k = 0;
                while k < count {
                    if self.option_covers(p, common[k].us()) {
                        k += 1;
                    } else {
                        count -= 1;
                        common[k] = common[count];
                    }
                }
                p = self.nodes[p].down.us();
            }
            for &b in &common[..count] {
                let b = b.us();
                if self.nodes[b].top.us() <= len {
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
            if self.nodes[q].top >= I::SPACER {
                q = self.nodes[q].up.us();
            }
            (q != p).then(|| self.nodes[q].top.us())
        })
    }

    /// One option more for active item `i`.
    #[inline(always)]
    fn lengthen(&mut self, i: usize) {
        let len = self.nodes[i].top.us() + 1;
        self.nodes[i].top = I::ix(len);
        if len == 2 {
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
                if self.nodes[i].top.us() == 0 {
                    return Some(i);
                }
                first = first.or(Some(i));
                bits &= bits - 1;
            }
        }
        first
    }

    fn hide<const LEAN: bool>(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let x = self.nodes[q].top;
            let (u, d) = (self.nodes[q].up, self.nodes[q].down);
            if x >= I::SPACER {
                q = u.us();
            } else {
                self.nodes[u.us()].down = d;
                self.nodes[d.us()].up = u;
                if LEAN {
                    let i = x.us();
                    self.nodes[i].top = I::ix(self.nodes[i].top.us() - 1);
                    q += 1;
                    continue;
                }
                let len = self.shorten(x.us());
                if len <= 1 && self.is_primary(x.us()) {
                    if len == 0 && self.emptied == 0 {
                        self.emptied = x.us();
                    }
                    if self.tracking && self.forced_count < 2 * self.capacity.items {
                        self.forced[self.forced_count] = x;
                        self.forced_count += 1;
                    }
                }
                q += 1;
            }
        }
    }

    fn unhide<const LEAN: bool>(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let x = self.nodes[q].top;
            let (u, d) = (self.nodes[q].up, self.nodes[q].down);
            if x >= I::SPACER {
                q = d.us();
            } else {
                self.nodes[u.us()].down = I::ix(q);
                self.nodes[d.us()].up = I::ix(q);
                if LEAN {
                    let i = x.us();
                    self.nodes[i].top = I::ix(self.nodes[i].top.us() + 1);
                } else {
                    self.lengthen(x.us());
                }
                q -= 1;
            }
        }
    }

    /// Covers the items of x's option other than x's own (already covered by the caller).
    fn cover_rest<const LEAN: bool>(&mut self, x: usize) {
        let mut p = x + 1;
        while p != x {
            let j = self.nodes[p].top;
            if j >= I::SPACER {
                p = self.nodes[p].up.us();
            } else {
                self.cover::<LEAN>(j.us());
                p += 1;
            }
        }
    }

    /// Undoes [`cover_rest`](Self::cover_rest), in reverse order.
    fn uncover_rest<const LEAN: bool>(&mut self, x: usize) {
        let mut p = x - 1;
        while p != x {
            let j = self.nodes[p].top;
            if j >= I::SPACER {
                p = self.nodes[p].down.us();
            } else {
                self.uncover::<LEAN>(j.us());
                p -= 1;
            }
        }
    }

    /// Debug-only consistency check of every link reachable from the two roots: each item ring
    /// is doubly linked and holds items of its kind only, each active item's list is doubly
    /// linked, its nodes name it, and its length is the number of nodes in the list; the packed
    /// primary items and the short-item set agree with the ring. Returns the first fault.
    #[cfg(any(test, debug_assertions))]
    #[cfg(any(test, feature = "internals"))] // tests and benchmarks
    pub fn check_links(&self) -> Result<(), &'static str> {
        let mut active_primary = 0;
        for (root, kind) in [(0, 1..self.primary + 1), (self.items + 1, self.primary + 1..self.items + 1)] {
            let mut seen = 0;
            let mut i = root;
            loop {
                let r = self.rlink[i].us();
                if (r != root && !kind.contains(&r)) || self.llink[r].us() != i {
                    return Err("item ring is not doubly linked");
                }
                i = r;
                if i == root {
                    break;
                }
                seen += 1;
                if seen > self.items {
                    return Err("item ring does not close");
                }
                if root == 0 {
                    active_primary += 1;
                    if !self.lean && !self.is_active(i) {
                        return Err("an item in the ring is not among the packed ones");
                    }
                }
                let mut len = 0;
                let mut p = self.nodes[i].down.us();
                while p != i {
                    if p >= self.next_node || self.nodes[self.nodes[p].down.us()].up.us() != p {
                        return Err("item list is not doubly linked");
                    }
                    if self.nodes[p].top.us() != i {
                        return Err("node in the wrong item list");
                    }
                    len += 1;
                    if len > self.capacity.options {
                        return Err("item list does not close");
                    }
                    p = self.nodes[p].down.us();
                }
                if self.nodes[i].top.us() != len {
                    return Err("item length differs from its list");
                }
            }
        }
        if active_primary != self.open_primary() {
            return Err("packed items differ from the ring");
        }
        // A lean search keeps neither the packed items nor the short-item set.
        for i in (0..64 * self.short.len()).filter(|_| !self.lean) {
            let marked = self.short[i / 64] & (1 << (i % 64)) != 0;
            let short = (1..=self.primary).contains(&i) && self.is_active(i) && self.nodes[i].top.us() <= 1;
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

    const SMALL: Capacity = Capacity { items: 16, options: 64, nodes: 512 };
    type Small = Storage<u32, 16, 64, 512, { SMALL.words::<u32>() }>;
    type Small16 = Storage<u16, 16, 64, 512, { SMALL.words::<u16>() }>;

    fn with_engine<R>(f: impl FnOnce(&mut Dlx<'_, u32>) -> R) -> R {
        let mut slot = MaybeUninit::uninit();
        f(&mut Small::zeroed_in(&mut slot))
    }

    fn with_engine16<R>(f: impl FnOnce(&mut Dlx<'_, u16>) -> R) -> R {
        let mut slot = MaybeUninit::uninit();
        f(&mut Small16::zeroed_in(&mut slot))
    }

    /// Every link and length, to compare the matrix before and after a search.
    fn snapshot<I: Index>(e: &Dlx<'_, I>) -> Vec<usize> {
        let mut v = Vec::new();
        for part in [&e.llink[..=e.items + 1], &e.rlink[..=e.items + 1]] {
            v.extend(part.iter().map(|x| x.us()));
        }
        v.extend(e.nodes[..e.next_node].iter().flat_map(|n| [n.top.us(), n.up.us(), n.down.us()]));
        v
    }

    /// A matrix for the tests: items `1..=primary` primary, the next `secondary` secondary.
    #[derive(Clone, Debug)]
    struct Matrix {
        primary: usize,
        secondary: usize,
        options: Vec<Vec<usize>>,
    }

    /// All exact covers by brute force over subsets of options (primary items exactly once,
    /// secondary at most once), as sorted index lists.
    fn brute_force(m: &Matrix) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for mask in 0u32..(1 << m.options.len()) {
            let mut count = vec![0; m.primary + m.secondary + 1];
            for (k, opt) in m.options.iter().enumerate() {
                if mask & (1 << k) != 0 {
                    for &i in opt {
                        count[i] += 1;
                    }
                }
            }
            if count[1..=m.primary].iter().all(|&c| c == 1) && count[m.primary + 1..].iter().all(|&c| c <= 1) {
                out.push((0..m.options.len()).filter(|k| mask & (1 << k) != 0).collect());
            }
        }
        out.sort();
        out
    }

    /// Sets up the matrix, returning the options' refs in order.
    fn load<I: Index>(e: &mut Dlx<'_, I>, m: &Matrix) -> Vec<OptionRef> {
        e.reset(m.primary, m.secondary).unwrap();
        m.options.iter().map(|o| e.add_option(o).unwrap()).collect()
    }

    /// The chosen options as sorted indices into `refs`, checked against their ordinals.
    fn chosen_indices<I: Index>(e: &Dlx<'_, I>, refs: &[OptionRef]) -> Vec<usize> {
        let mut s: Vec<usize> = e.chosen().map(|o| refs.iter().position(|&r| r == o).unwrap()).collect();
        assert!(e.chosen().all(|o| refs[e.ordinal(o)] == o));
        s.sort();
        s
    }

    fn all_solutions<I: Index>(e: &mut Dlx<'_, I>, refs: &[OptionRef]) -> Vec<Vec<usize>> {
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

    /// Up to `max_items` primary items, up to 3 secondary ones (every other matrix has none)
    /// and 13 options, each item in an option with probability 1/3, every option with a
    /// primary item.
    fn random_matrix(max_items: u64, seed: &mut u64) -> Matrix {
        let primary = 1 + (rng(seed) % max_items) as usize;
        let secondary = if rng(seed).is_multiple_of(2) { 0 } else { (rng(seed) % 4) as usize };
        let n_options = (rng(seed) % 14) as usize;
        let options = (0..n_options)
            .map(|_| {
                let mut o: Vec<usize> = (1..=primary + secondary).filter(|_| rng(seed).is_multiple_of(3)).collect();
                if !o.iter().any(|&i| i <= primary) {
                    o.push(1 + (rng(seed) % primary as u64) as usize);
                }
                o
            })
            .collect();
        Matrix { primary, secondary, options }
    }

    #[test]
    fn knuths_example_has_its_one_solution() {
        // TAOCP 7.2.2.1 (6): items a..g, options 'c e', 'a d g', 'b c f', 'a d f', 'b g', 'd e g'.
        let options = [vec![3, 5], vec![1, 4, 7], vec![2, 3, 6], vec![1, 4, 6], vec![2, 7], vec![4, 5, 7]];
        let m = Matrix { primary: 7, secondary: 0, options: options.to_vec() };
        with_engine(|e| {
            let refs = load(e, &m);
            assert_eq!(all_solutions(e, &refs), vec![vec![0, 3, 4]]);
        });
        with_engine16(|e| {
            let refs = load(e, &m);
            assert_eq!(all_solutions(e, &refs), vec![vec![0, 3, 4]]);
        });
    }

    #[test]
    fn random_matrices_agree_with_brute_force_and_restore_every_link() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut total_solutions = 0;
        fn round<I: Index>(e: &mut Dlx<'_, I>, m: &Matrix, round: usize, expected: &[Vec<usize>]) {
            e.set_choice([Choice::FewestOptions, Choice::Dlx1, Choice::WeightedFailures][round % 3]);
            e.set_probing(!round.is_multiple_of(3));
            e.set_reductions_after(if round % 2 == 1 { 0 } else { u64::MAX });
            let refs = load(e, m);
            e.check_links().unwrap();
            let before = snapshot(e);
            assert_eq!(all_solutions(e, &refs), expected, "{m:?}");
            e.check_links().unwrap();
            assert_eq!(snapshot(e), before, "search must restore the matrix");
        }
        let mut with_secondary = 0;
        for k in 0..6000 {
            let m = random_matrix(10, &mut seed);
            let expected = brute_force(&m);
            total_solutions += expected.len();
            if m.secondary > 0 && !expected.is_empty() {
                with_secondary += 1;
            }
            if k % 2 == 0 {
                with_engine(|e| round(e, &m, k, &expected));
            } else {
                with_engine16(|e| round(e, &m, k, &expected));
            }
        }
        assert!(with_secondary > 500, "only {with_secondary} solvable matrices with secondary items");
        assert!(total_solutions > 1000, "the generator should make solvable cases too");
    }

    #[test]
    fn options_discarded_at_every_node_are_never_chosen_and_come_back() {
        let mut seed = 0xD15C_A2D0_0000_0001u64;
        let mut discarded = 0;
        for round in 0..3000 {
            let m = random_matrix(8, &mut seed);
            let banned: Vec<usize> = (0..m.options.len()).filter(|_| rng(&mut seed).is_multiple_of(4)).collect();
            let expected: Vec<Vec<usize>> =
                brute_force(&m).into_iter().filter(|s| !s.iter().any(|k| banned.contains(k))).collect();
            with_engine(|e| {
                // Every fourth round DLX1's choice, without probing: the lean search.
                e.set_choice(if round % 4 == 1 { Choice::Dlx1 } else { Choice::WeightedFailures });
                e.set_probing(round % 2 == 0);
                e.set_reductions_after(if round % 3 == 0 { 0 } else { u64::MAX });
                let refs = load(e, &m);
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
                assert_eq!(found, expected, "{m:?}, banned {banned:?}");
                e.check_links().unwrap();
                assert_eq!(snapshot(e), before, "search must restore discarded options");
            });
        }
        assert!(discarded > 1000, "only {discarded} discards");
    }

    /// Items 1..4; options {1}, {2}, {3}, {4}, {1,2}, {3,4} (indices 0..5): four solutions,
    /// two of them using {1}.
    fn two_pairs(e: &mut Dlx<'_, u32>) -> Vec<OptionRef> {
        e.reset(4, 0).unwrap();
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
    fn a_cut_counts_against_the_item_branched_on_and_weights_carry_over() {
        with_engine(|e| {
            let refs = two_pairs(e);
            assert_eq!(e.weights(), [1, 1, 1, 1, 1]);
            // Every item has two options, so the root branches on the first, item 1: its
            // option {1} is cut once, and nothing else fails.
            e.search_pruned(|e| !e.chosen().any(|o| o == refs[0]), |_| Flow::Continue);
            assert_eq!(e.weights(), [1, 2, 1, 1, 1]);
            let learnt = e.weights().to_vec();
            two_pairs(e);
            assert_eq!(e.weights(), [1, 1, 1, 1, 1], "a reset forgets");
            e.set_weights(&learnt);
            assert_eq!(e.weights(), learnt);
            e.set_weights(&[7; 9]);
            assert_eq!(e.weights(), [7; 5], "no more than the matrix's items");
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
            e.reset(5, 0).unwrap();
            let a = e.add_option(&[5, 2]).unwrap();
            let b = e.add_option(&[1, 3, 4]).unwrap();
            assert_eq!(e.option_items(a).collect::<Vec<_>>(), vec![5, 2]);
            assert_eq!(e.option_items(b).collect::<Vec<_>>(), vec![1, 3, 4]);
        });
    }

    #[test]
    fn bad_options_and_overflow_are_errors_not_panics() {
        with_engine(|e| {
            assert_eq!(e.reset(15, 0), Err(BuildError::Capacity));
            assert_eq!(e.reset(10, 5), Err(BuildError::Capacity));
            e.reset(3, 1).unwrap();
            assert_eq!(e.add_option(&[4]), Err(BuildError::BadOption), "no primary item");
            assert_eq!(e.add_option(&[5]), Err(BuildError::BadOption));
            assert_eq!(e.add_option(&[]), Err(BuildError::BadOption));
            assert_eq!(e.add_option(&[0]), Err(BuildError::BadOption));
            assert_eq!(e.add_option(&[2, 2]), Err(BuildError::BadOption));
            assert_eq!(e.add_option(&[1, 4, 4]), Err(BuildError::BadOption));
            let mut added = 0;
            while e.add_option(&[1, 2, 3]).is_ok() {
                added += 1;
            }
            // 512 nodes would hold (512 - 6) / 4 = 126 options (the root, 4 headers, a spacer,
            // then 3 items and a spacer each): the 64 options the engine was sized for run out first.
            assert_eq!(added, 64);
            e.check_links().unwrap();
        });
    }
}
