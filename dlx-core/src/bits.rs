//! Bit masks as sets of small numbers: the one way this crate walks the members of a mask, and
//! a set of numbers kept as bits of words.

/// The positions of the set bits of a mask, lowest first (see [`ones`]).
#[derive(Clone, Copy, Debug)]
pub struct Ones<T>(T);

/// The positions of the set bits of `mask`, lowest first: `ones(0b1010u16)` yields 1 and 3.
/// It compiles to the `trailing_zeros` / `m &= m - 1` loop it replaces.
#[inline]
pub fn ones<T>(mask: T) -> Ones<T>
where
    Ones<T>: Iterator<Item = usize>,
{
    Ones(mask)
}

macro_rules! ones_of {
    ($($t:ty),*) => {$(
        impl Iterator for Ones<$t> {
            type Item = usize;

            #[inline]
            fn next(&mut self) -> Option<usize> {
                if self.0 == 0 {
                    return None;
                }
                let at = self.0.trailing_zeros() as usize;
                self.0 &= self.0 - 1;
                Some(at)
            }

            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for Ones<$t> {}
    )*};
}
ones_of!(u8, u16, u32, u64, u128);

/// A set of numbers below `64 * words`, bit `i % 64` of word `i / 64`, over words of any
/// storage (an array, or a slice carved from an engine's memory): the one place that spells
/// out that arithmetic.
#[derive(Clone, Copy, Debug)]
pub struct BitSet<W>(W);

impl<W: AsRef<[u64]>> BitSet<W> {
    /// The set whose members are the set bits of `words`.
    #[inline]
    pub fn new(words: W) -> Self {
        BitSet(words)
    }

    /// Whether `i` is a member (`i` below 64 per word).
    #[inline(always)]
    pub fn contains(&self, i: usize) -> bool {
        self.0.as_ref()[i / 64] & (1 << (i % 64)) != 0
    }

    /// The words, for walking the members a word at a time with [`ones`].
    #[inline(always)]
    pub fn words(&self) -> &[u64] {
        self.0.as_ref()
    }
}

impl<W: AsRef<[u64]> + AsMut<[u64]>> BitSet<W> {
    /// Adds `i`.
    #[inline(always)]
    pub fn insert(&mut self, i: usize) {
        self.0.as_mut()[i / 64] |= 1 << (i % 64);
    }

    /// Takes `i` out.
    #[inline(always)]
    pub fn remove(&mut self, i: usize) {
        self.0.as_mut()[i / 64] &= !(1 << (i % 64));
    }

    /// Empties the set.
    #[inline]
    pub fn clear(&mut self) {
        self.0.as_mut().fill(0);
    }
}
