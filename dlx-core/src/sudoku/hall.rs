//! Hall-set reasoning for the all-different units (rows, columns, boxes), in the manner of
//! Régin's all-different filtering: in each unit, a maximum matching of cells to digits over the
//! candidates; no complete matching means no completion (k cells that see fewer than k digits,
//! or k digits that fit fewer than k cells), and a (cell, digit) pair that lies in no complete
//! matching can be in no completion, so it goes. Neither the DLX nor the clause learner finds
//! such a contradiction except by search, which on some unsolvable 16x16 puzzles took minutes.

use super::Shape;
use crate::bits::ones;
use crate::Error;

/// The most cells (and digits) a unit has.
const MAX_SIDE: usize = 25;

/// Filters `candidates` (one mask a cell, bit d for digit d, as [`super::candidates`] makes
/// them) unit by unit until no unit changes: afterwards every candidate of every unit lies in
/// some complete matching of that unit. [`Error::Unsolvable`] when some unit has none.
pub fn filter(shape: Shape, candidates: &mut [u32]) -> Result<(), Error> {
    let side = shape.side();
    let mut changed = true;
    while changed {
        changed = false;
        for unit in 0..3 * side {
            let cells: [usize; MAX_SIDE] = core::array::from_fn(|k| if k < side { unit_cell(shape, unit, k) } else { 0 });
            let mut masks = [0u32; MAX_SIDE];
            for k in 0..side {
                // Digits as bits 0..side.
                masks[k] = candidates[cells[k]] >> 1;
            }
            if filter_unit(&mut masks[..side])? {
                for k in 0..side {
                    if candidates[cells[k]] != masks[k] << 1 {
                        candidates[cells[k]] = masks[k] << 1;
                        changed = true;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Hall sets over what a search has proven at its root: `open` holds every item's open options
/// as [`super::SudokuCover`] numbers them (the cell items first, their slots the digits); the
/// candidates that no complete matching of some unit uses go through `exclude` (as options,
/// `cell * side + digit - 1`). False when some unit has no complete matching.
pub fn at_root(shape: Shape, open: &[u16], exclude: &mut dyn FnMut(usize)) -> bool {
    let (side, cells) = (shape.side(), shape.cells());
    let mut candidates = [0u32; super::MAX_CELLS];
    for (mask, &slots) in candidates[..cells].iter_mut().zip(open) {
        *mask = u32::from(slots) << 1;
    }
    let before = candidates;
    if filter(shape, &mut candidates[..cells]).is_err() {
        return false;
    }
    for cell in 0..cells {
        for digit in ones(before[cell] & !candidates[cell]) {
            exclude(cell * side + digit - 1);
        }
    }
    true
}

/// The most antecedents [`in_search`] gives one finding: a Hall set of r cells and the digits
/// outside its own, r * (16 - r + 1) at most.
pub const MAX_BECAUSE: usize = 72;

/// What [`in_search`] keeps from one call to the next, per unit (rows, columns, boxes, up to
/// 16 cells): its cells' masks when last filtered (a unit met again unchanged has nothing new
/// to give) and the matching found then (the next one starts from it, and mostly only
/// re-matches the cells whose digit went); and the units the next call looks at, bit `unit`
/// (those whose cells may have changed since the search's last call that took all it found).
#[derive(Clone, Debug)]
pub struct SearchHall {
    seen: [[u16; 16]; 48],
    matched: [[u8; 16]; 48],
    dirty: u64,
}

impl Default for SearchHall {
    fn default() -> Self {
        SearchHall { seen: [[0; 16]; 48], matched: [[u8::MAX; 16]; 48], dirty: u64::MAX }
    }
}

impl SearchHall {
    /// The next [`in_search`] looks at `cell`'s row, column and box.
    #[inline(always)]
    pub fn changed(&mut self, shape: Shape, cell: usize) {
        let (side, b) = (shape.side(), shape.box_size);
        let (r, c) = (cell / side, cell % side);
        self.dirty |= 1 << r | 1 << (side + c) | 1 << (2 * side + r / b * b + c / b);
    }

    /// The next [`in_search`] looks at every unit.
    pub fn all_changed(&mut self) {
        self.dirty = u64::MAX;
    }
}

/// Hall sets in the middle of a search, with their reasons, for the clause learner (side up to
/// 16). `open` holds every item's open options as [`super::SudokuCover`] numbers them (the cell
/// items first, their slots the digits; a row's, column's or box's item of a digit, its slots
/// the unit's cells in order). Each candidate that no complete matching of some unit
/// uses goes to `found` as `Some(option)` with `because`: the options whose exclusion rules it
/// out (the Hall set's cells with every digit outside the set's own; all excluded now). A unit
/// with no complete matching ends the call with `found(None, because)`: the options of which
/// one at least must be chosen (its cells with the digits none of them can take). `found`
/// returns whether it took the finding; the call ends at the first it does not take. A unit is
/// passed over while its candidates stay as they were when all it gave was taken, and so is
/// one not marked (see [`SearchHall::changed`]); the call clears the marks.
// Inlined into the learner's call, where `shape` is a constant: the units' cells are then
// found by shifts instead of divisions by a runtime side (a quarter of this function's
// instructions on the climbed unsolvable grids).
#[inline(always)]
pub fn in_search(shape: Shape, open: &[u16], state: &mut SearchHall, found: &mut dyn FnMut(Option<usize>, &[u16]) -> bool) {
    let side = shape.side();
    let units = if side >= 16 { (1u64 << 48) - 1 } else { (1u64 << (3 * side)) - 1 };
    for unit in ones(core::mem::take(&mut state.dirty) & units) {
        let cells: [usize; 16] = core::array::from_fn(|k| if k < side { unit_cell(shape, unit, k) } else { 0 });
        let mut key = [0u16; 16];
        for k in 0..side {
            key[k] = open[cells[k]];
        }
        // Every cell down to its own digit: nothing to find.
        let settled = key.iter().all(|&m| m & m.wrapping_sub(1) == 0) && key.iter().fold(0, |u, &m| u | m).count_ones() as usize == side;
        if settled || state.seen[unit] == key {
            continue;
        }
        let masks: [u32; MAX_SIDE] = core::array::from_fn(|k| if k < side { u32::from(key[k]) } else { 0 });
        let masks = &masks[..side];
        let (mut digit_of, mut cell_of) = ([usize::MAX; MAX_SIDE], [usize::MAX; MAX_SIDE]);
        if let Err((set, digits)) = matching(masks, &state.matched[unit], &mut digit_of, &mut cell_of) {
            let mut because = [0u16; MAX_BECAUSE];
            if let Some(n) = fill_because(side, &cells, set, digits, &mut because) {
                found(None, &because[..n]);
            }
            return;
        }
        for (matched, &d) in state.matched[unit].iter_mut().zip(&digit_of[..side]) {
            *matched = d as u8;
        }
        // The unit's digits' items: which of its cells may take each digit.
        let first = shape.item(digit_family(shape, unit), unit % side, 0);
        let where_: [u32; MAX_SIDE] = core::array::from_fn(|d| if d < side { u32::from(open[first + d]) } else { 0 });
        debug_assert!((0..side).all(|d| (0..side).all(|k| (where_[d] >> k & 1) == (masks[k] >> d & 1))), "items agree");
        if connected(masks, &where_[..side], &digit_of, &cell_of) {
            state.seen[unit] = key;
            continue;
        }
        if !unit_findings(side, &cells, masks, &digit_of, &cell_of, found) {
            return;
        }
        state.seen[unit] = key;
    }
}

/// The family of a unit's digit items: rows, then columns, then boxes, as [`unit_cell`] counts.
#[inline(always)]
fn digit_family(shape: Shape, unit: usize) -> super::Family {
    match unit / shape.side() {
        0 => super::Family::Row,
        1 => super::Family::Column,
        _ => super::Family::Box,
    }
}

/// Whether the unit whose complete matching is `digit_of` / `cell_of` has nothing for
/// [`unit_findings`] to find: its cells with a choice take only the digits matched among them,
/// and they are strongly connected by "may take the digit matched to that cell" (then each of
/// their candidates closes an alternating cycle, so lies in a complete matching). One walk
/// forward (by digits, through the cells' masks) and one backward (by cells, through `where_`,
/// each digit's cells) from one cell: an OR a cell each, against the full closure that
/// [`unit_findings`] builds.
#[inline(always)]
fn connected(masks: &[u32], where_: &[u32], digit_of: &[usize; MAX_SIDE], cell_of: &[usize; MAX_SIDE]) -> bool {
    let (mut choosing, mut their_digits, mut candidates) = (0u32, 0u32, 0u32);
    for (k, &m) in masks.iter().enumerate() {
        if m & m.wrapping_sub(1) != 0 {
            choosing |= 1 << k;
            their_digits |= 1 << digit_of[k];
            candidates |= m;
        }
    }
    if candidates != their_digits {
        return false;
    }
    let start = choosing.trailing_zeros() as usize;
    let (mut reached, mut frontier) = (masks[start], masks[start]);
    while frontier != 0 {
        let next = ones(frontier).fold(0, |next, d| next | masks[cell_of[d]]);
        frontier = next & !reached;
        reached |= next;
    }
    if reached != their_digits {
        return false;
    }
    let (mut reached, mut frontier) = (1u32 << start, 1u32 << start);
    while frontier != 0 {
        let next = ones(frontier).fold(0, |next, k| next | where_[digit_of[k]]);
        frontier = next & !reached;
        reached |= next;
    }
    reached == choosing
}

/// Every candidate of a unit in no complete matching to `found`, with its Hall set's reason
/// (see [`in_search`]); false when `found` refused one.
#[inline(always)]
fn unit_findings(
    side: usize,
    cells: &[usize; 16],
    masks: &[u32],
    digit_of: &[usize; MAX_SIDE],
    cell_of: &[usize; MAX_SIDE],
    found: &mut dyn FnMut(Option<usize>, &[u16]) -> bool,
) -> bool {
    let all = (1u32 << side) - 1;
    let reach = reach(masks, cell_of);
    let mut because = [0u16; MAX_BECAUSE];
    // What d's cell reaches is a Hall set that holds d: a candidate (k, d) with k outside it
    // is in no complete matching.
    for k in 0..side {
        for d in ones(masks[k] & !(1 << digit_of[k])) {
            let set = reach[cell_of[d]];
            if set >> k & 1 != 0 {
                continue;
            }
            let digits = ones(set).fold(0, |digits, h| digits | masks[h]);
            debug_assert_eq!(digits & !all, 0);
            let taken = fill_because(side, cells, set, digits, &mut because)
                .is_some_and(|n| found(Some(cells[k] * side + d), &because[..n]));
            if !taken {
                return false;
            }
        }
    }
    true
}

/// The options of the unit's cells `set` with the digits outside `digits`, into `because`;
/// how many. None if they do not fit (a reason cut short would be wrong; with side 16 at most
/// r * (17 - r) <= 72 are asked for, so it does not happen).
fn fill_because(side: usize, cells: &[usize; 16], set: u32, digits: u32, because: &mut [u16; MAX_BECAUSE]) -> Option<usize> {
    let outside = !digits & ((1u32 << side) - 1);
    let n = (set.count_ones() * outside.count_ones()) as usize;
    if n > MAX_BECAUSE {
        return None;
    }
    let mut at = 0;
    for h in ones(set) {
        for e in ones(outside) {
            because[at] = (cells[h] * side + e) as u16;
            at += 1;
        }
    }
    Some(n)
}

/// The k-th cell of unit `unit`: rows first, then columns, then boxes.
#[inline(always)]
fn unit_cell(shape: Shape, unit: usize, k: usize) -> usize {
    let side = shape.side();
    let b = shape.box_size;
    match unit / side {
        0 => (unit % side) * side + k,
        1 => k * side + unit % side,
        _ => {
            let bx = unit % side;
            ((bx / b) * b + k / b) * side + (bx % b) * b + k % b
        }
    }
}

/// Régin's filtering of one unit: `masks[cell]` holds the digits (bits 0..n) the cell may take,
/// for n = masks.len() cells and digits. Returns whether a mask changed, or
/// [`Error::Unsolvable`] when no complete matching exists.
fn filter_unit(masks: &mut [u32]) -> Result<bool, Error> {
    let (mut digit_of, mut cell_of) = ([usize::MAX; MAX_SIDE], [usize::MAX; MAX_SIDE]);
    matching(masks, &[], &mut digit_of, &mut cell_of).map_err(|_| Error::Unsolvable)?;
    let reach = reach(masks, &cell_of);
    let mut changed = false;
    for cell in 0..masks.len() {
        let mut keep = 1 << digit_of[cell];
        for digit in ones(masks[cell] & !keep) {
            if reach[cell_of[digit]] >> cell & 1 != 0 {
                keep |= 1 << digit;
            }
        }
        if keep != masks[cell] {
            masks[cell] = keep;
            changed = true;
        }
    }
    Ok(changed)
}

/// A complete matching of the unit whose cells may take `masks` (bits 0..n, n = masks.len()):
/// `digit_of` each cell, `cell_of` each digit (both all `usize::MAX` on entry), started from
/// `hint` (a digit per cell, kept where it still fits; empty or out of range for none).
/// `Err((cells, digits))` when there is none: those cells take only those digits, one fewer.
#[inline(always)]
fn matching(
    masks: &[u32],
    hint: &[u8],
    digit_of: &mut [usize; MAX_SIDE],
    cell_of: &mut [usize; MAX_SIDE],
) -> Result<(), (u32, u32)> {
    let n = masks.len();
    for (k, &d) in hint.iter().enumerate().take(n) {
        let d = usize::from(d);
        if d < n && masks[k] >> d & 1 != 0 && cell_of[d] == usize::MAX {
            (digit_of[k], cell_of[d]) = (d, k);
        }
    }
    for k in 0..n {
        let mut seen = 0u32;
        if digit_of[k] == usize::MAX && !augment(masks, k, &mut seen, digit_of, cell_of) {
            // The cells the search reached take only the digits it saw.
            let mut set = 1u32 << k;
            for d in ones(seen) {
                set |= 1 << cell_of[d];
            }
            return Err((set, seen));
        }
    }
    Ok(())
}

/// Per cell of a unit with the complete matching `cell_of`, the cells it reaches through "it
/// may take the digit matched to that cell" (itself included). A candidate (k, d) is in some
/// complete matching exactly when k is reached from d's cell (an alternating cycle closes);
/// otherwise what d's cell reaches is a Hall set holding d, with k outside it.
#[inline(always)]
fn reach(masks: &[u32], cell_of: &[usize; MAX_SIDE]) -> [u32; MAX_SIDE] {
    let n = masks.len();
    let mut reach = [0u32; MAX_SIDE];
    for k in 0..n {
        reach[k] = ones(masks[k]).fold(1 << k, |reach, d| reach | 1 << cell_of[d]);
    }
    // Closure through the cells with a choice (a cell with one digit reaches only itself, so
    // going through it adds nothing), over every row of the table at once: branch-free (most
    // cells reach most others), and the n rows are a few vectors (those of cells with one
    // digit reach nothing new); n is a constant where `in_search` is inlined.
    let through = (0..n).filter(|&k| masks[k] & masks[k].wrapping_sub(1) != 0).fold(0u32, |m, k| m | 1 << k);
    for j in ones(through) {
        let via = reach[j];
        for reach in &mut reach[..n] {
            *reach |= via & 0u32.wrapping_sub(*reach >> j & 1);
        }
    }
    reach
}

/// Kuhn's augmenting path from `cell`; `seen` marks the digits visited on this attempt.
fn augment(
    masks: &[u32],
    cell: usize,
    seen: &mut u32,
    digit_of: &mut [usize; MAX_SIDE],
    cell_of: &mut [usize; MAX_SIDE],
) -> bool {
    for digit in ones(masks[cell] & !*seen) {
        *seen |= 1 << digit;
        if cell_of[digit] == usize::MAX || augment(masks, cell_of[digit], seen, digit_of, cell_of) {
            digit_of[cell] = digit;
            cell_of[digit] = cell;
            return true;
        }
    }
    false
}

