//! Uniqueness: techniques that hold only because the puzzle has one solution (the rater checks
//! that first). A unique rectangle is four cells on two rows, two columns and two boxes, all
//! holding digits a and b: were they all down to {a,b}, a and b could be swapped and the
//! puzzle would have two solutions, so something else must go in. SE finds rectangles as
//! its shortest "unique loops" (4.5 for types 1, 2 and 4; type 3 and longer loops are not
//! here). BUG type 1 (5.6): every open cell bivalue but one with three candidates, every
//! digit twice in each unit but one: that one digit must fill the three-candidate cell.

use super::grid::{Grid, PEERS, UNITS, UNIT_SET, cells, units_of};
use super::{Step, Technique};

/// Whether cells a, b, c, d (a rectangle) span exactly two boxes.
fn two_boxes(corners: [usize; 4]) -> bool {
    let mut boxes = 0u16;
    for c in corners {
        boxes |= 1 << units_of(c)[0];
    }
    boxes.count_ones() == 2
}

/// The first unique rectangle of type 1, else 2, else 4 (SE's order among equal ratings).
pub fn unique_rectangle(grid: &Grid) -> Option<Step> {
    for kind in [1, 2, 4] {
        for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                        if !two_boxes(corners) {
                            continue;
                        }
                        if let Some(step) = rectangle(grid, corners, kind) {
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}

/// A unique rectangle of type `kind` on `corners`, if it makes progress.
fn rectangle(grid: &Grid, corners: [usize; 4], kind: u8) -> Option<Step> {
    let common = corners.iter().fold(0x1FF, |m, &c| m & grid.cands[c]);
    if common.count_ones() < 2 {
        return None;
    }
    // Each bivalue corner fixes the pair {a,b}; with no bivalue corner SE finds no loop.
    let pair = corners.iter().map(|&c| grid.cands[c]).find(|m| m.count_ones() == 2)?;
    if pair & common != pair {
        return None;
    }
    let mut extra = [0usize; 4];
    let mut n = 0;
    for &c in &corners {
        if grid.cands[c] != pair {
            extra[n] = c;
            n += 1;
        }
    }
    let mut step = Step::new(Technique::UniqueRectangle, 45);
    step.digits = pair;
    step.cells = corners.iter().fold(0, |s, &c| s | 1u128 << c);
    match (kind, n) {
        (1, 1) => step.eliminations[extra[0]] = pair,
        (2, 2) => {
            let more = (grid.cands[extra[0]] | grid.cands[extra[1]]) & !pair;
            if more.count_ones() != 1 {
                return None;
            }
            for c in cells(PEERS[extra[0]] & PEERS[extra[1]]) {
                step.eliminations[c] = grid.cands[c] & more;
            }
        }
        (4, 2) => {
            let (e1, e2) = (extra[0], extra[1]);
            // A unit holding both extra cells where one of the pair has no other place.
            let shared = units_of(e1).into_iter().filter(|u| UNIT_SET[*u] & 1 << e2 != 0);
            for unit in shared {
                for digit in crate::bits::ones(pair) {
                    let bit = 1u16 << digit;
                    let elsewhere = UNITS[unit].iter().any(|&c| {
                        let c = c as usize;
                        c != e1 && c != e2 && grid.cands[c] & bit != 0
                    });
                    if !elsewhere {
                        let other = pair & !bit;
                        step.eliminations[e1] = grid.cands[e1] & other;
                        step.eliminations[e2] = grid.cands[e2] & other;
                        if step.progresses(grid) {
                            return Some(step);
                        }
                    }
                }
            }
            return None;
        }
        _ => return None,
    }
    step.progresses(grid).then_some(step)
}

/// BUG type 1: the digit the three-candidate cell must hold.
pub fn bug1(grid: &Grid) -> Option<Step> {
    let mut tri = None;
    for c in 0..81 {
        match grid.cands[c].count_ones() {
            0 | 2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return None,
        }
    }
    let tri = tri?;
    for digit in crate::bits::ones(grid.cands[tri]) {
        // Without `digit` in the cell, every digit has 0 or 2 places in every unit.
        let mut cands = grid.cands;
        cands[tri] &= !(1 << digit);
        let grave = (0..27).all(|u| {
            (0..9).all(|d| {
                let n = UNITS[u].iter().filter(|&&c| cands[c as usize] & 1 << d != 0).count();
                n == 0 || n == 2
            })
        });
        if grave {
            let mut step = Step::new(Technique::Bug1, 56);
            step.cells = 1 << tri;
            step.digits = 1 << digit;
            step.place = Some((tri as u8, digit as u8 + 1));
            return Some(step);
        }
    }
    None
}
