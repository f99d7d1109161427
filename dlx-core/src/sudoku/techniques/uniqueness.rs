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

/// The first unique rectangle of type 1, else 2, else 4 (SE's order among equal ratings),
/// else the lowest rated of type 3.
pub fn unique_rectangle(grid: &Grid) -> Option<Step> {
    let mut best: Option<Step> = None;
    for kind in [1, 2, 4, 3] {
        for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                        if !two_boxes(corners) {
                            continue;
                        }
                        if kind == 3 {
                            if let Some(step) = type3(grid, corners)
                                && best.as_ref().is_none_or(|b| step.rating < b.rating)
                            {
                                best = Some(step);
                            }
                        } else if let Some(step) = rectangle(grid, corners, kind) {
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    best
}

/// Type 3: the two corners with more than the pair share a unit; their other digits act as
/// one cell that, with k - 1 other cells of the unit, makes a naked set of k digits (one of
/// the two corners holds one of them), so those digits leave the unit's other cells. Rated
/// 4.5 + 0.1 (k - 1).
fn type3(grid: &Grid, corners: [usize; 4]) -> Option<Step> {
    let common = corners.iter().fold(0x1FF, |m, &c| m & grid.cands[c]);
    let pair = corners.iter().map(|&c| grid.cands[c]).find(|m| m.count_ones() == 2)?;
    if pair & common != pair {
        return None;
    }
    let roof: [usize; 2] = {
        let mut it = corners.iter().copied().filter(|&c| grid.cands[c] != pair);
        let r = [it.next()?, it.next()?];
        if it.next().is_some() {
            return None;
        }
        r
    };
    let extra = (grid.cands[roof[0]] | grid.cands[roof[1]]) & !pair;
    if extra.count_ones() < 2 {
        return None;
    }
    let rect = corners.iter().fold(0u128, |s, &c| s | 1 << c);
    let mut best: Option<Step> = None;
    for unit in units_of(roof[0]).into_iter().filter(|u| UNIT_SET[*u] & 1 << roof[1] != 0) {
        // The unit's other open cells, by position.
        let others: u16 = (0..9)
            .filter(|&i| {
                let c = UNITS[unit][i] as usize;
                rect & 1 << c == 0 && grid.cands[c].count_ones() >= 2
            })
            .fold(0, |m, i| m | 1 << i);
        for k in extra.count_ones()..=4 {
            for pick in (0u16..512).filter(|m| m.count_ones() == k - 1 && m & !others == 0) {
                let union = crate::bits::ones(pick).fold(extra, |u, i| u | grid.cands[UNITS[unit][i] as usize]);
                if union.count_ones() != k {
                    continue;
                }
                let mut step = Step::new(Technique::UniqueRectangle, 45 + (k as u8 - 1));
                step.digits = pair | union;
                step.cells = rect;
                for (i, &c) in UNITS[unit].iter().enumerate() {
                    let c = c as usize;
                    if rect & 1 << c == 0 && pick & 1 << i == 0 {
                        step.eliminations[c] = grid.cands[c] & union;
                    } else if pick & 1 << i != 0 {
                        step.cells |= 1 << c;
                    }
                }
                if step.progresses(grid) && best.as_ref().is_none_or(|b| step.rating < b.rating) {
                    best = Some(step);
                }
            }
        }
    }
    best
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

/// Bivalue universal grave, SE's way (with lkSudoku's fix, Sukaku's default): the cells
/// holding a digit that has neither 0 nor 2 places in some unit are the BUG cells, each with
/// its extra digits; if, those extras taken out, every open cell had two candidates and every
/// digit two places or none in every unit, the grid would have two solutions, so some BUG
/// cell holds an extra. Type 1 (5.6): one BUG cell, so it holds its extra. Type 2 (5.7): one
/// extra digit for all of them, so it is out of cells seeing them all. Type 4 (5.7): two BUG
/// cells in one unit sharing one non-extra digit, which one of them holds: their other
/// non-extra digits go.
pub fn bug(grid: &Grid) -> Option<Step> {
    let mut temp = grid.cands;
    let mut bug_set = 0u128;
    let mut bug_list = [0usize; 81];
    let mut n_bug = 0;
    let mut extra = [0u16; 81];
    let mut all_extra = 0u16;
    let mut common: Option<u128> = None;
    // lkSudoku's fix: when every faulty unit concerns one digit, all its cells are BUG cells.
    let (mut extra_cells, mut only_digit, mut one_digit) = (None::<u128>, 0usize, true);
    let mut add = |cell: usize, d: usize, temp: &mut [u16; 81], bug_set: &mut u128, n_bug: &mut usize| -> bool {
        if *bug_set & 1 << cell == 0 {
            *bug_set |= 1 << cell;
            bug_list[*n_bug] = cell;
            *n_bug += 1;
        }
        extra[cell] |= 1 << d;
        all_extra |= 1 << d;
        temp[cell] &= !(1 << d);
        let seen = common.map_or(PEERS[cell], |s| s & PEERS[cell]) & !*bug_set;
        common = Some(seen);
        // No type 1, 2 or 3 possible: not worth going on.
        !(*n_bug > 1 && all_extra.count_ones() > 1 && seen == 0)
    };
    // SE's unit order here: boxes, rows, columns.
    for unit in (0..9).chain(18..27).chain(9..18) {
        for d in 0..9usize {
            let places = grid.positions(unit, d as u8 + 1);
            if places.count_ones() == 0 || places.count_ones() == 2 {
                continue;
            }
            let mut fresh = 0u128;
            for i in crate::bits::ones(places) {
                let c = UNITS[unit][i] as usize;
                if grid.cands[c].count_ones() >= 3 {
                    fresh |= 1 << c;
                }
            }
            match extra_cells {
                None => {
                    extra_cells = Some(fresh);
                    only_digit = d;
                }
                Some(ref mut cells_so_far) if one_digit => {
                    if only_digit == d {
                        *cells_so_far |= fresh;
                    } else {
                        one_digit = false;
                    }
                }
                _ => {}
            }
            if fresh.count_ones() == 1 && !add(fresh.trailing_zeros() as usize, d, &mut temp, &mut bug_set, &mut n_bug) {
                return None;
            }
            if fresh == 0 {
                return None;
            }
        }
    }
    if let (true, Some(more)) = (one_digit, extra_cells)
        && more.count_ones() as usize > n_bug
    {
        for c in cells(more & !bug_set) {
            if !add(c, only_digit, &mut temp, &mut bug_set, &mut n_bug) {
                return None;
            }
        }
    }
    // Without the extras: every open cell bivalue, every digit twice or never in every unit.
    if (0..81).any(|c| grid.values[c] == 0 && temp[c].count_ones() != 2) {
        return None;
    }
    for unit in 0..27 {
        for d in 0..9 {
            let n = UNITS[unit].iter().filter(|&&c| temp[c as usize] & 1 << d != 0).count();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or(0);
    let bug_cells = bug_set;
    if n_bug == 1 {
        let cell = bug_list[0];
        let mut step = Step::new(Technique::Bug1, 56);
        step.cells = 1 << cell;
        step.digits = all_extra;
        if all_extra.count_ones() == 1 {
            step.place = Some((cell as u8, all_extra.trailing_zeros() as u8 + 1));
        }
        step.eliminations[cell] = grid.cands[cell] & !all_extra;
        return step.progresses(grid).then_some(step);
    }
    let type4 = || -> Option<Step> {
        if n_bug != 2 {
            return None;
        }
        let (c1, c2) = (bug_list[0], bug_list[1]);
        let shared = grid.cands[c1] & grid.cands[c2] & !all_extra;
        if shared.count_ones() != 1 {
            return None;
        }
        let together = units_of(c1).iter().any(|u| UNIT_SET[*u] & 1 << c2 != 0);
        if !together {
            return None;
        }
        let mut step = Step::new(Technique::Bug4, 57);
        step.cells = bug_cells;
        step.digits = all_extra | shared;
        step.eliminations[c1] = grid.cands[c1] & !extra[c1] & !shared;
        step.eliminations[c2] = grid.cands[c2] & !extra[c2] & !shared;
        step.progresses(grid).then_some(step)
    };
    if all_extra.count_ones() == 1 {
        let mut step = Step::new(Technique::Bug2, 57);
        step.cells = bug_cells;
        step.digits = all_extra;
        for c in cells(common) {
            step.eliminations[c] = grid.cands[c] & all_extra;
        }
        if step.progresses(grid) {
            return Some(step);
        }
        return type4();
    }
    if common != 0 {
        return type4();
    }
    None
}
