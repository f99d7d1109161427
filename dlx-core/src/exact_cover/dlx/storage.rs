//! Where an engine's memory comes from: the link type ([`Index`]), the capacities
//! ([`Capacity`]) and the words they take, a fixed [`Storage`] for a caller's stack, and the
//! carving of those words into the engine's arrays. The carving order is the memory layout a
//! resumed engine (`exact_cover::problem`) relies on between calls: change it only with
//! [`Capacity::words`].

use core::marker::PhantomData;
use core::mem::MaybeUninit;

use super::collections::{PackedSet, Stack};
use super::probe::Probing;
use super::reduce::Reductions;
use super::tops::TopLog;
use super::remove::Removed;
use super::{Choice, Dlx, Node, REDUCE_AFTER};
use crate::bits::BitSet;

/// The integer type of every link: `u16` or `u32`. Numbers at or above [`Index::SPACER`] mark
/// spacers, so item numbers, lengths, option numbers and node numbers stay below it.
pub trait Index: Copy + Ord + core::fmt::Debug + 'static {
    /// The smallest spacer mark.
    const SPACER: Self;
    /// Bytes of one index.
    const BYTES: usize;
    /// `n` as an index (callers keep `n` within range).
    fn from_usize(n: usize) -> Self;
    /// The index as a `usize`.
    fn to_usize(self) -> usize;
}

/// The two link types; a spacer mark is the top bit.
macro_rules! index_types {
    ($($t:ty),*) => {$(
        impl Index for $t {
            const SPACER: $t = 1 << (<$t>::BITS - 1);
            const BYTES: usize = core::mem::size_of::<$t>();
            #[inline(always)]
            fn from_usize(n: usize) -> $t {
                n as $t
            }
            #[inline(always)]
            fn to_usize(self) -> usize {
                self as usize
            }
        }
    )*};
}
index_types!(u16, u32);

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
        // llink, rlink, chosen, level_start, shrunk, dense, pos, the top log; forced is two of them.
        10 * per_item
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

/// Splits `words` into the first `n` words, reinterpreted as `T`, and the rest.
fn take<'m, T: Index>(words: &mut &'m mut [u64], len: usize) -> &'m mut [T] {
    let (head, rest) = core::mem::take(words).split_at_mut(words_of(len * T::BYTES));
    *words = rest;
    // SAFETY: `head` is `len * T::BYTES` bytes or more of initialised, 8-aligned memory that
    // this borrow owns, and every bit pattern is a valid `u16` or `u32` (the only `Index`
    // types), both aligned at most 8.
    unsafe { core::slice::from_raw_parts_mut(head.as_mut_ptr().cast::<T>(), len) }
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
    /// [`Capacity::words`] or more) in the order that method counts them, with settings at
    /// their defaults and scalars zero; `None` when it does not fit.
    pub(super) fn carve(mut words: &'m mut [u64], capacity: Capacity) -> Option<Self> {
        if !capacity.fits::<I>() || words.len() < capacity.words::<I>() {
            return None;
        }
        let Capacity { items, options, nodes } = capacity;
        let w = &mut words;
        let llink = take(w, items);
        let rlink = take(w, items);
        let nodes = take_nodes(w, nodes);
        let chosen = take(w, items);
        let removed = Removed::new(Stack::new(take(w, options)), take(w, items));
        let shrunk = Stack::new(take(w, items));
        let in_shrunk = BitSet::new(take_words(w, items.div_ceil(64)));
        let forced = Stack::new(take(w, 2 * items));
        let dense = take(w, items);
        let active = PackedSet::new(dense, take(w, items));
        let short = BitSet::new(take_words(w, items.div_ceil(64)));
        let weight = take::<u32>(w, items);
        let tops = TopLog::new(Stack::new(take(w, items)));
        Some(Dlx {
            llink,
            rlink,
            nodes,
            chosen,
            removed,
            probing: Probing { on: true, tracking: false, forced },
            reductions: Reductions { after: REDUCE_AFTER, on: false, noting: false, shrunk, in_shrunk },
            tops,
            level: 0,
            active,
            short,
            weight,
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
}
