//! Basic fish: a digit whose places in n base lines (columns, then rows, as SE looks) lie in
//! n cross lines is out of the rest of the cross lines (X-Wing 3.2, Swordfish 3.8,
//! Jellyfish 5.2). SE skips a digit already placed more than 9 - 2n times.

use crate::bits::ones;

use super::grid::{COLUMNS, Grid, ROWS, UNITS};
use super::{Step, Technique};

/// The first fish of `degree` lines.
pub fn fish(grid: &Grid, degree: u32) -> Option<Step> {
    let (technique, rating) = match degree {
        2 => (Technique::XWing, 32),
        3 => (Technique::Swordfish, 38),
        _ => (Technique::Jellyfish, 52),
    };
    for (base, cover) in [(COLUMNS, ROWS), (ROWS, COLUMNS)] {
        for lines in (0u16..512).filter(|m| m.count_ones() == degree) {
            'digits: for digit in 1..=9u8 {
                if grid.placed(digit) + 2 * degree > 9 {
                    continue;
                }
                let mut union = 0u16;
                for l in ones(lines) {
                    let p = grid.positions(base + l, digit);
                    if p.count_ones() < 2 {
                        continue 'digits;
                    }
                    union |= p;
                }
                if union.count_ones() != degree {
                    continue;
                }
                let bit = 1 << (digit - 1);
                let mut step = Step::new(technique, rating);
                step.digits = bit;
                for x in ones(union) {
                    for (i, &c) in UNITS[cover + x].iter().enumerate() {
                        let c = c as usize;
                        if grid.cands[c] & bit == 0 {
                            continue;
                        }
                        // Cell i of a cover line lies on base line i.
                        if lines & 1 << i != 0 {
                            step.cells |= 1 << c;
                        } else {
                            step.eliminations[c] = bit;
                        }
                    }
                }
                if step.progresses(grid) {
                    return Some(step);
                }
            }
        }
    }
    None
}
