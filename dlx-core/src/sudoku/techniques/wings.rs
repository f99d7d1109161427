//! Wings: a pivot cell and two wings among its peers. XY-Wing (4.2): pivot {x,y}, wings
//! {x,z} and {y,z}; whichever the pivot holds, one wing is z, so z is out of every cell that
//! sees both wings. XYZ-Wing (4.4): pivot {x,y,z}, same wings; z is in one of the three, so
//! it is out of every cell seeing all three.

use super::grid::{Grid, PEERS, UNITS, cells};
use super::{Step, Technique};

/// The first XY-Wing (`xyz` false) or XYZ-Wing, pivots in reading order.
pub fn xy_wing(grid: &Grid, xyz: bool) -> Option<Step> {
    let (technique, rating, size) = if xyz { (Technique::XYZWing, 44, 3) } else { (Technique::XYWing, 42, 2) };
    for pivot in 0..81 {
        let p = grid.cands[pivot];
        if p.count_ones() != size {
            continue;
        }
        for w1 in cells(PEERS[pivot]) {
            let a = grid.cands[w1];
            if a.count_ones() != 2 || (a & p).count_ones() != 1 + u32::from(xyz) {
                continue;
            }
            for w2 in cells(PEERS[pivot]).filter(|&w| w > w1) {
                let b = grid.cands[w2];
                if b.count_ones() != 2 || a == b {
                    continue;
                }
                let z = if xyz {
                    // Both wings inside the pivot's three digits; z is the one they share.
                    if a & !p != 0 || b & !p != 0 {
                        continue;
                    }
                    a & b
                } else {
                    // Each wing shares a different pivot digit and the same outside digit z.
                    if (a & p).count_ones() != 1 || a & p == b & p || a & !p != b & !p {
                        continue;
                    }
                    a & !p
                };
                let mut seen = PEERS[w1] & PEERS[w2];
                if xyz {
                    seen &= PEERS[pivot];
                }
                let mut step = Step::new(technique, rating);
                step.cells = 1 << pivot | 1 << w1 | 1 << w2;
                step.digits = p | a | b;
                for c in cells(seen) {
                    step.eliminations[c] = grid.cands[c] & z;
                }
                if step.progresses(grid) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Sukaku Explainer's bigger wings (WXYZ 5.5-5.6, VWXYZ 6.2-6.4, UVWXYZ 6.6): an almost locked
/// set of `size` cells in one unit holding `size + 1` digits, and a bivalue cell {x,z} off it
/// whose x sees every cell of the set holding x. The set and the cell cannot both lack z
/// (were z out of both, x would fill the bivalue cell and the set would be `size` cells for
/// `size - 1` digits), so z is out of cells seeing the bivalue cell and the set's z cells.
/// When z also sees all of the set's z (doubly linked), the set is locked with the cell:
/// each of the set's other digits is out of cells seeing all the set's cells holding it, and
/// x and z are out of cells seeing the bivalue cell and the set's cells holding them.
pub fn als_wing(grid: &Grid, size: u32) -> Option<Step> {
    let technique = match size {
        3 => Technique::WXYZWing,
        4 => Technique::VWXYZWing,
        _ => Technique::UVWXYZWing,
    };
    // SE's order among these: lowest rating, most eliminations, then doubly linked, biggest
    // cell, biggest wing first.
    type Key = (u8, i32, i32, i32, i32);
    let mut best: Option<(Key, Step)> = None;
    for unit in 0..27 {
        let open: u16 = (0..9).filter(|&i| grid.cands[UNITS[unit][i] as usize].count_ones() >= 2).fold(0, |m, i| m | 1 << i);
        for pick in (0u16..512).filter(|m| m.count_ones() == size && m & !open == 0) {
            let mut set = 0u128;
            let (mut union, mut biggest, mut wing) = (0u16, 0u32, 0u32);
            for i in crate::bits::ones(pick) {
                let c = UNITS[unit][i] as usize;
                set |= 1 << c;
                union |= grid.cands[c];
                biggest = biggest.max(grid.cands[c].count_ones());
                wing += grid.cands[c].count_ones();
            }
            if union.count_ones() != size + 1 {
                continue;
            }
            let rating = match size {
                3 => 55 + 1 - biggest.abs_diff(3) as u8,
                4 => 62 + 2 - biggest.abs_diff(3) as u8,
                _ => 66,
            };
            // The set's cells holding each digit.
            let holding = |d: usize| cells(set).filter(|&c| grid.cands[c] & 1 << d != 0).fold(0u128, |s, c| s | 1 << c);
            let mut seen_by = 0u128;
            for c in cells(set) {
                seen_by |= PEERS[c];
            }
            for yz in cells(seen_by & !set) {
                let pair = grid.cands[yz];
                if pair.count_ones() != 2 || pair & union != pair {
                    continue;
                }
                // Each digit of the pair whose set cells all see the bivalue cell.
                let restricted = |d: usize| holding(d) & !PEERS[yz] == 0;
                for x in crate::bits::ones(pair) {
                    if !restricted(x) {
                        continue;
                    }
                    let z = (pair & !(1 << x)).trailing_zeros() as usize;
                    let double = restricted(z);
                    let mut step = Step::new(technique, rating);
                    step.cells = set | 1 << yz;
                    step.digits = union;
                    let pattern = set | 1 << yz;
                    let mut take = |d: usize, sees: u128| {
                        for c in cells(sees & !pattern) {
                            step.eliminations[c] |= grid.cands[c] & 1 << d;
                        }
                    };
                    let seeing_all = |cells_of: u128| cells(cells_of).fold(!0u128 >> 47, |s, c| s & PEERS[c]);
                    take(z, PEERS[yz] & seeing_all(holding(z)));
                    if double {
                        take(x, PEERS[yz] & seeing_all(holding(x)));
                        for w in crate::bits::ones(union & !pair) {
                            take(w, seeing_all(holding(w)));
                        }
                    }
                    let count: u32 = step.eliminations.iter().map(|e| e.count_ones()).sum();
                    if count == 0 {
                        continue;
                    }
                    let key = (rating, -(count as i32), -i32::from(double), -(biggest as i32), -(wing as i32));
                    if best.as_ref().is_none_or(|(k, _)| key < *k) {
                        best = Some((key, step));
                    }
                    if double {
                        break; // the other orientation finds the same step
                    }
                }
            }
        }
    }
    best.map(|(_, step)| step)
}
