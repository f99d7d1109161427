//! The bit iterator against a naive walk over every bit, and the bit set against an array of
//! booleans.

use crate::bits::{BitSet, ones};

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
        assert_eq!(ones(mask).count(), mask.count_ones() as usize, "as many steps as set bits");
        assert!(ones(mask as u16).eq(naive(u64::from(mask as u16))));
        assert!(ones(mask as u32).eq(naive(u64::from(mask as u32))));
    }
    assert_eq!(ones(0u32).next(), None);
    assert!(ones(u128::MAX).eq(0..128));
}

#[test]
fn bit_set_agrees_with_an_array_of_booleans() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut set = BitSet::new([0u64; 3]);
    let mut model = [false; 192];
    for _ in 0..5_000 {
        let i = (super::common::rng(&mut state) % 192) as usize;
        if super::common::rng(&mut state).is_multiple_of(2) {
            set.insert(i);
            model[i] = true;
        } else {
            set.remove(i);
            model[i] = false;
        }
        assert!((0..192).all(|j| set.contains(j) == model[j]));
    }
    let members = set.words().iter().enumerate().flat_map(|(w, &word)| ones(word).map(move |b| 64 * w + b));
    assert!(members.eq((0..192).filter(|&j| model[j])));
    set.clear();
    assert!(set.words().iter().all(|&w| w == 0));
}
