//! The bit iterator against a naive walk over every bit.

use crate::bits::ones;

fn naive(mask: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&i| mask >> i & 1 == 1)
}

#[test]
fn ones_yields_the_set_bits_lowest_first() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..2_000 {
        let mask = super::common::rng(&mut state) >> (super::common::rng(&mut state) % 64);
        assert!(ones(mask).eq(naive(mask)), "{mask:#x}");
        assert_eq!(ones(mask).len(), mask.count_ones() as usize);
        assert!(ones(mask as u16).eq(naive(u64::from(mask as u16))));
        assert!(ones(mask as u32).eq(naive(u64::from(mask as u32))));
    }
    assert_eq!(ones(0u32).next(), None);
    assert!(ones(u128::MAX).eq(0..128));
}
