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
//!
//! The rooms: this file holds the types and the engine's fields; `storage` the link type,
//! capacities and the carving of memory; `matrix` building and reading the matrix; `links`
//! covering and uncovering; `choice` the branching rules; `search` the search loop and what
//! its callbacks may ask; `remove` options taken out for a subtree; `prefix` decisions forced
//! before a search (a piece of a problem); `probe` and `reduce` the two ways of finding such
//! options; `check` the debug-only link checker; `collections` the
//! stack and packed set the fields are made of; `tops` the log of the items whose top option
//! the search changed, for a caller's running sums.

#[cfg(any(test, debug_assertions))]
#[cfg(any(test, feature = "internals"))] // tests and benchmarks
mod check;
mod choice;
mod collections;
mod links;
mod matrix;
pub mod mcc;
mod prefix;
mod probe;
mod reduce;
mod remove;
mod search;
mod storage;
mod tops;

pub use choice::Choice;
pub use prefix::Prefix;
pub use reduce::REDUCE_AFTER;
pub use storage::{Capacity, Index, Storage};

use crate::bits::BitSet;
use collections::PackedSet;
use probe::Probing;
use reduce::Reductions;
use remove::Removed;
use tops::TopLog;

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
    /// An option that is empty, names an item outside `1..=n`, or names no primary item (it
    /// could never be chosen).
    BadOption,
    /// An option whose entry `entry` (from 0) names the item of its entry `first` again.
    Repeated { entry: usize, first: usize },
}

/// What a solution callback asks the search to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Look for further solutions.
    Continue,
    /// End the search now (the matrix is still restored before `search` returns).
    Stop,
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
    /// Options taken out for a subtree (by probing, reductions or `discard`), level by level.
    removed: Removed<'m, I>,
    probing: Probing<'m, I>,
    reductions: Reductions<'m, I>,
    /// Items whose top option the search's moves changed, for a caller's sums.
    tops: TopLog<'m, I>,
    level: usize,
    /// The active primary items, packed: `cover` removes its item and `uncover`, which always
    /// undoes the latest cover still in force, restores it. `choose_item` scans this array:
    /// its loads do not wait on each other as a walk of the item ring's links does (the ring
    /// walk was half of all search time).
    active: PackedSet<'m, I>,
    /// The active primary items with at most one option left, kept exact by every change of a
    /// length and by cover and uncover. Most choices are such forced items (84% of them on the
    /// hard 16x16 puzzles), and the set finds them without the scan of every active item that
    /// the weighted choice needs otherwise.
    short: BitSet<&'m mut [u64]>,
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

impl<I: Index> Dlx<'_, I> {
    /// Whether `item` is primary (it must be covered, and the search branches on it).
    #[inline(always)]
    fn is_primary(&self, item: usize) -> bool {
        item <= self.primary
    }
}
