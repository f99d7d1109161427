//! The engine's two small containers over memory carved for it (no heap): a stack of fixed
//! capacity and a packed set of item numbers. Each names what was a slice and a count kept
//! side by side, so the count cannot drift from the slice it counts.

use super::Index;

/// A stack in a slice: `slots[..len]` are its members, oldest first.
pub(super) struct Stack<'m, T> {
    slots: &'m mut [T],
    len: usize,
}

impl<'m, T: Copy> Stack<'m, T> {
    /// An empty stack holding at most `slots.len()` members.
    pub(super) fn new(slots: &'m mut [T]) -> Self {
        Stack { slots, len: 0 }
    }

    #[inline(always)]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub(super) fn is_full(&self) -> bool {
        self.len >= self.slots.len()
    }

    /// Adds `x` on top; the callers keep within the capacity (it panics beyond it).
    #[inline(always)]
    pub(super) fn push(&mut self, x: T) {
        self.slots[self.len] = x;
        self.len += 1;
    }

    /// Takes the top member off while more than `floor` are left.
    #[inline(always)]
    pub(super) fn pop_above(&mut self, floor: usize) -> Option<T> {
        if self.len > floor {
            self.len -= 1;
            Some(self.slots[self.len])
        } else {
            None
        }
    }

    /// The `k`-th member from the bottom (`k` below [`len`](Self::len)): read from the bottom
    /// while it grows, the stack is a queue (a probe's forced items).
    #[inline(always)]
    pub(super) fn get(&self, k: usize) -> T {
        self.slots[k]
    }

    /// Keeps the `len` oldest members (no more than there are).
    #[inline(always)]
    pub(super) fn truncate(&mut self, len: usize) {
        debug_assert!(len <= self.len);
        self.len = len;
    }

    #[inline(always)]
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }
}

/// A set of item numbers as a packed array and its inverse (the sparse-dense set):
/// `dense[..len]` are the members, `pos[i]` is where `i` stands in `dense`. Removing swaps the
/// item to the end of the range and shrinks it; restoring, which always undoes the latest
/// removal still in force, grows the range back over it. The members can be scanned as a plain
/// array, whose loads do not wait on each other as a walk of linked items does.
pub(super) struct PackedSet<'m, I> {
    dense: &'m mut [I],
    pos: &'m mut [I],
    len: usize,
}

impl<'m, I: Index> PackedSet<'m, I> {
    /// An empty set over `dense` and `pos`, one slot per item number each.
    pub(super) fn new(dense: &'m mut [I], pos: &'m mut [I]) -> Self {
        PackedSet { dense, pos, len: 0 }
    }

    /// A resumed engine's set: its arrays already hold the packing, and `len` says how much.
    pub(super) fn resume(&mut self, len: usize) {
        self.len = len;
    }

    /// Makes the members `1..=n`, packed in that order.
    pub(super) fn fill(&mut self, n: usize) {
        for i in 1..=n {
            self.dense[i - 1] = I::from_usize(i);
            self.pos[i] = I::from_usize(i - 1);
        }
        self.len = n;
    }

    #[inline(always)]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Whether item `i` (one the set was filled with) is a member.
    #[inline(always)]
    pub(super) fn contains(&self, i: usize) -> bool {
        self.pos[i].to_usize() < self.len
    }

    /// The members, in packed order.
    #[inline(always)]
    pub(super) fn members(&self) -> &[I] {
        &self.dense[..self.len]
    }

    /// Packs the members in `order`: the same members, in an order `members` gave earlier.
    pub(super) fn repack(&mut self, order: &[I]) {
        debug_assert_eq!(order.len(), self.len, "repacking other members");
        for (at, &i) in order.iter().enumerate() {
            self.dense[at] = i;
            self.pos[i.to_usize()] = I::from_usize(at);
        }
    }

    /// Takes member `i` out, swapping it with the last member.
    #[inline(always)]
    pub(super) fn remove(&mut self, i: usize) {
        let (at, last) = (self.pos[i].to_usize(), self.len - 1);
        let moved = self.dense[last];
        self.dense[at] = moved;
        self.pos[moved.to_usize()] = I::from_usize(at);
        self.dense[last] = I::from_usize(i);
        self.pos[i] = I::from_usize(last);
        self.len = last;
    }

    /// Puts `i` back: it must be the latest removal still in force.
    #[inline(always)]
    pub(super) fn restore(&mut self, i: usize) {
        debug_assert_eq!(self.dense[self.len].to_usize(), i, "restore undoes the latest removal");
        self.len += 1;
    }
}
