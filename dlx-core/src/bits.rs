//! Bit masks as sets of small numbers: the one way this crate walks the members of a mask.

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
