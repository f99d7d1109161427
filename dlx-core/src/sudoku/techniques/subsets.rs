//! Subsets: n cells of a unit holding n candidates between them (naked), or n digits with the
//! same n places in a unit (hidden), n from 2 to 4. SE looks for naked sets only in units with
//! at least 2n open cells and for hidden ones only in units with more than 2n (the smaller
//! side of the complement is the one it names), each cell or digit of the set having at least
//! two candidates or places. A direct hidden pair or triplet counts only when its eliminations
//! leave a hidden single in the unit, which it places.

use crate::bits::ones;

use super::grid::{Grid, UNITS};
use super::{Step, Technique};

/// The 9-bit masks with `n` bits set, in increasing order.
fn combinations(n: u32) -> impl Iterator<Item = u16> {
    (0u16..512).filter(move |m| m.count_ones() == n)
}

/// The first naked set of `degree` cells, units in SE's order (boxes, columns, rows).
pub fn naked(grid: &Grid, degree: u32) -> Option<Step> {
    let (technique, rating) = match degree {
        2 => (Technique::NakedPair, 30),
        3 => (Technique::NakedTriplet, 36),
        _ => (Technique::NakedQuad, 50),
    };
    for unit in 0..27 {
        if grid.empty_count(unit) < 2 * degree {
            continue;
        }
        'sets: for pick in combinations(degree) {
            let mut union = 0u16;
            for i in ones(pick) {
                let m = grid.cands[UNITS[unit][i] as usize];
                if m.count_ones() < 2 {
                    continue 'sets;
                }
                union |= m;
            }
            if union.count_ones() != degree {
                continue;
            }
            let mut step = Step::new(technique, rating);
            step.digits = union;
            for (i, &c) in UNITS[unit].iter().enumerate() {
                if pick & 1 << i != 0 {
                    step.cells |= 1 << c;
                } else {
                    step.eliminations[c as usize] = grid.cands[c as usize] & union;
                }
            }
            if step.progresses(grid) {
                return Some(step);
            }
        }
    }
    None
}

/// The first hidden set of `degree` digits (direct: only one leaving a hidden single).
pub fn hidden(grid: &Grid, degree: u32, direct: bool) -> Option<Step> {
    let (technique, rating) = match (degree, direct) {
        (2, true) => (Technique::DirectHiddenPair, 20),
        (3, true) => (Technique::DirectHiddenTriplet, 25),
        (2, false) => (Technique::HiddenPair, 34),
        (3, false) => (Technique::HiddenTriplet, 40),
        _ => (Technique::HiddenQuad, 54),
    };
    for unit in 0..27 {
        let empty = grid.empty_count(unit);
        if !(empty > 2 * degree || (direct && empty > degree)) {
            continue;
        }
        let mut places = [0u16; 9];
        for (d, p) in places.iter_mut().enumerate() {
            *p = grid.positions(unit, d as u8 + 1);
        }
        'sets: for digits in combinations(degree) {
            let mut union = 0u16;
            for d in ones(digits) {
                if places[d].count_ones() < 2 {
                    continue 'sets;
                }
                union |= places[d];
            }
            if union.count_ones() != degree {
                continue;
            }
            let mut step = Step::new(technique, rating);
            step.digits = digits;
            for i in ones(union) {
                let c = UNITS[unit][i] as usize;
                step.cells |= 1 << c;
                step.eliminations[c] = grid.cands[c] & !digits;
            }
            if direct {
                // Another digit whose places, the set's cells aside, come down to one.
                let single = (0..9).filter(|d| digits & 1 << d == 0).find_map(|d| {
                    let rest = places[d] & !union;
                    (places[d].count_ones() > 1 && rest.count_ones() == 1)
                        .then(|| (UNITS[unit][rest.trailing_zeros() as usize], d as u8 + 1))
                });
                match single {
                    Some((cell, digit)) => step.place = Some((cell, digit)),
                    None => continue,
                }
            }
            if step.progresses(grid) {
                return Some(step);
            }
        }
    }
    None
}
