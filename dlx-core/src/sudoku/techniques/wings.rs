//! Wings: a pivot cell and two wings among its peers. XY-Wing (4.2): pivot {x,y}, wings
//! {x,z} and {y,z}; whichever the pivot holds, one wing is z, so z is out of every cell that
//! sees both wings. XYZ-Wing (4.4): pivot {x,y,z}, same wings; z is in one of the three, so
//! it is out of every cell seeing all three.

use super::grid::{Grid, PEERS, cells};
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
