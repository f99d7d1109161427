//! Intersections (locked candidates): a digit whose places in one unit all lie in a crossing
//! unit (a box and a line) is out of the crossing unit's other cells. SE's "direct" form is
//! rated apart: it counts only when the eliminations leave a hidden single in another unit of
//! the first unit's kind, and it places that single at once (pointing 1.7, claiming 1.9);
//! the plain form takes the eliminations (pointing 2.6, claiming 2.8).

use super::grid::{BOXES, COLUMNS, Grid, ROWS, UNIT_SET, UNITS};
use super::{Step, Technique};

/// Whether two units of different kinds share cells.
fn crosses(a: usize, b: usize) -> bool {
    a != b && UNIT_SET[a] & UNIT_SET[b] != 0
}

/// The locking step with `first`'s places of `digit` inside `second`, placing `single` if given.
fn locking_step(grid: &Grid, first: usize, second: usize, digit: u8, single: Option<usize>) -> Step {
    let pointing = first < COLUMNS;
    let (technique, rating) = match (single.is_some(), pointing) {
        (true, true) => (Technique::DirectPointing, 17),
        (true, false) => (Technique::DirectClaiming, 19),
        (false, true) => (Technique::Pointing, 26),
        (false, false) => (Technique::Claiming, 28),
    };
    let mut step = Step::new(technique, rating);
    let bit = 1 << (digit - 1);
    step.digits = bit;
    for &c in &UNITS[second] {
        let c = c as usize;
        if grid.cands[c] & bit != 0 {
            if UNIT_SET[first] & 1 << c != 0 {
                step.cells |= 1 << c;
            } else {
                step.eliminations[c] = bit;
            }
        }
    }
    if let Some(cell) = single {
        step.place = Some((cell as u8, digit));
    }
    step
}

/// The first locking (direct or not) in SE's order: (box, column), (box, row), (column, box),
/// (row, box) pairs; for each, digits 1..9, first units then crossing units in order.
pub fn locking(grid: &Grid, direct: bool) -> Option<Step> {
    const KINDS: [(usize, usize); 4] = [(BOXES, COLUMNS), (BOXES, ROWS), (COLUMNS, BOXES), (ROWS, BOXES)];
    for (kind1, kind2) in KINDS {
        for digit in 1..=9u8 {
            let bit = 1 << (digit - 1);
            for first in kind1..kind1 + 9 {
                let places = grid.positions(first, digit);
                if places.count_ones() < 2 {
                    continue;
                }
                let mut set = 0u128;
                for i in crate::bits::ones(places) {
                    set |= 1 << UNITS[first][i];
                }
                for second in kind2..kind2 + 9 {
                    if !crosses(first, second) || set & !UNIT_SET[second] != 0 {
                        continue;
                    }
                    if direct {
                        // Another unit of the first kind crossing `second` left with one place.
                        for third in kind1..kind1 + 9 {
                            if third == first || !crosses(third, second) {
                                continue;
                            }
                            let places3 = grid.positions(third, digit);
                            if places3.count_ones() < 2 {
                                continue;
                            }
                            let mut left = None;
                            let mut count = 0;
                            for i in crate::bits::ones(places3) {
                                let c = UNITS[third][i] as usize;
                                if UNIT_SET[second] & 1 << c == 0 {
                                    count += 1;
                                    left = Some(c);
                                }
                            }
                            if count == 1 {
                                let step = locking_step(grid, first, second, digit, left);
                                if step.eliminations.iter().any(|&e| e & bit != 0) {
                                    return Some(step);
                                }
                            }
                        }
                    } else {
                        let step = locking_step(grid, first, second, digit, None);
                        if step.progresses(grid) {
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}
