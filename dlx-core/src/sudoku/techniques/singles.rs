//! Singles: the last open cell of a unit (full house), a digit with one place left in a unit
//! (hidden single; SE rates it by the unit: box 1.2, row or column 1.5), a cell with one
//! candidate left (naked single). Units in SE's order: boxes, columns, rows.

use super::grid::{Grid, UNITS};
use super::{Step, Technique};

/// A single placement step.
fn single(technique: Technique, rating: u8, cell: usize, digit: u8, unit: Option<usize>) -> Step {
    let mut step = Step::new(technique, rating);
    step.place = Some((cell as u8, digit));
    step.digits = 1 << (digit - 1);
    step.cells = unit.map_or(1 << cell, |u| super::grid::UNIT_SET[u]);
    step
}

/// A digit with one place in a unit, of the units with (`alone`) or without one open cell.
fn unit_singles(grid: &Grid, alone: bool) -> Option<Step> {
    for unit in 0..27 {
        if (grid.empty_count(unit) == 1) != alone {
            continue;
        }
        for digit in 1..=9u8 {
            let at = grid.positions(unit, digit);
            if at.count_ones() == 1 {
                let cell = UNITS[unit][at.trailing_zeros() as usize] as usize;
                let (technique, rating) = match (alone, unit < super::grid::COLUMNS) {
                    (true, _) => (Technique::FullHouse, 10),
                    (false, true) => (Technique::HiddenSingleBox, 12),
                    (false, false) => (Technique::HiddenSingleLine, 15),
                };
                return Some(single(technique, rating, cell, digit, Some(unit)));
            }
        }
    }
    None
}

/// The last open cell of a unit (SE looks for these first).
pub fn full_house(grid: &Grid) -> Option<Step> {
    unit_singles(grid, true)
}

/// A hidden single in a unit with more than one open cell.
pub fn hidden_single(grid: &Grid) -> Option<Step> {
    unit_singles(grid, false)
}

/// A cell with exactly one candidate, in reading order.
pub fn naked_single(grid: &Grid) -> Option<Step> {
    (0..81).find(|&c| grid.values[c] == 0 && grid.cands[c].count_ones() == 1).map(|cell| {
        let digit = grid.cands[cell].trailing_zeros() as u8 + 1;
        single(Technique::NakedSingle, 23, cell, digit, None)
    })
}
