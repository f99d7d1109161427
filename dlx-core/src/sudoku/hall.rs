//! Hall-set reasoning for the all-different units (rows, columns, boxes), in the manner of
//! Régin's all-different filtering: in each unit, a maximum matching of cells to digits over the
//! candidates; no complete matching means no completion (k cells that see fewer than k digits,
//! or k digits that fit fewer than k cells), and a (cell, digit) pair that lies in no complete
//! matching can be in no completion, so it goes. Neither the DLX nor the clause learner finds
//! such a contradiction except by search, which on some unsolvable 16x16 puzzles took minutes.

use super::Shape;
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
        let mut gone = before[cell] & !candidates[cell];
        while gone != 0 {
            let digit = gone.trailing_zeros() as usize;
            gone &= gone - 1;
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
/// re-matches the cells whose digit went).
#[derive(Clone, Debug)]
pub struct SearchHall {
    seen: [[u16; 16]; 48],
    matched: [[u8; 16]; 48],
}

impl Default for SearchHall {
    fn default() -> Self {
        SearchHall { seen: [[0; 16]; 48], matched: [[u8::MAX; 16]; 48] }
    }
}

/// Hall sets in the middle of a search, with their reasons, for the clause learner (side up to
/// 16). `open` holds every item's open options as [`super::SudokuCover`] numbers them (the cell
/// items first, their slots the digits). Each candidate that no complete matching of some unit
/// uses goes to `found` as `Some(option)` with `because`: the options whose exclusion rules it
/// out (the Hall set's cells with every digit outside the set's own; all excluded now). A unit
/// with no complete matching ends the call with `found(None, because)`: the options of which
/// one at least must be chosen (its cells with the digits none of them can take). `found`
/// returns whether it took the finding; the call ends at the first it does not take. A unit is
/// passed over while its candidates stay as they were when all it gave was taken.
pub fn in_search(shape: Shape, open: &[u16], state: &mut SearchHall, found: &mut dyn FnMut(Option<usize>, &[u16]) -> bool) {
    let side = shape.side();
    let all = (1u32 << side) - 1;
    let mut because = [0u16; MAX_BECAUSE];
    for unit in 0..(3 * side).min(48) {
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
        // The last matching, where it still holds, then augmenting paths for the rest.
        let mut digit_of = [usize::MAX; MAX_SIDE];
        let mut cell_of = [usize::MAX; MAX_SIDE];
        for (k, &d) in state.matched[unit][..side].iter().enumerate() {
            let d = usize::from(d);
            if d < side && masks[k] >> d & 1 != 0 && cell_of[d] == usize::MAX {
                (digit_of[k], cell_of[d]) = (d, k);
            }
        }
        for k in 0..side {
            let mut seen = 0u32;
            if digit_of[k] == usize::MAX && !augment(masks, k, &mut seen, &mut digit_of, &mut cell_of) {
                // The cells the search reached take only the digits it saw, one fewer.
                let mut set = 1u32 << k;
                let mut digits = seen;
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    set |= 1 << cell_of[d];
                }
                if let Some(n) = fill_because(side, &cells, set, seen, &mut because) {
                    found(None, &because[..n]);
                }
                return;
            }
        }
        for (matched, &d) in state.matched[unit].iter_mut().zip(&digit_of[..side]) {
            *matched = d as u8;
        }
        // reach[k]: the cells k reaches through "k may take the digit matched to j" (k itself
        // included). A candidate (k, d) lies in some complete matching exactly when k is reached
        // from d's cell (an alternating cycle); otherwise what d's cell reaches is a Hall set
        // that holds d, and k is outside it.
        let mut reach = [0u32; MAX_SIDE];
        for k in 0..side {
            let mut m = masks[k];
            reach[k] = 1 << k;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                reach[k] |= 1 << cell_of[d];
            }
        }
        let open_cells = (0..side).filter(|&k| masks[k] & masks[k].wrapping_sub(1) != 0);
        for j in open_cells.clone() {
            let via = reach[j];
            for k in open_cells.clone() {
                // Branch-free: most cells reach most others.
                reach[k] |= via & 0u32.wrapping_sub(reach[k] >> j & 1);
            }
        }
        for k in 0..side {
            let mut others = masks[k] & !(1 << digit_of[k]);
            while others != 0 {
                let d = others.trailing_zeros() as usize;
                others &= others - 1;
                let set = reach[cell_of[d]];
                if set >> k & 1 != 0 {
                    continue;
                }
                let mut digits = 0;
                let mut members = set;
                while members != 0 {
                    let h = members.trailing_zeros() as usize;
                    members &= members - 1;
                    digits |= masks[h];
                }
                debug_assert_eq!(digits & !all, 0);
                let taken = fill_because(side, &cells, set, digits, &mut because)
                    .is_some_and(|n| found(Some(cells[k] * side + d), &because[..n]));
                if !taken {
                    return;
                }
            }
        }
        state.seen[unit] = key;
    }
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
    let mut members = set;
    while members != 0 {
        let h = members.trailing_zeros() as usize;
        members &= members - 1;
        let mut rest = outside;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            because[at] = (cells[h] * side + e) as u16;
            at += 1;
        }
    }
    Some(n)
}

/// The k-th cell of unit `unit`: rows first, then columns, then boxes.
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
    let n = masks.len();
    // A complete matching, by augmenting paths.
    let mut digit_of = [usize::MAX; MAX_SIDE];
    let mut cell_of = [usize::MAX; MAX_SIDE];
    for cell in 0..n {
        let mut seen = 0u32;
        if !augment(masks, cell, &mut seen, &mut digit_of, &mut cell_of) {
            return Err(Error::Unsolvable);
        }
    }
    // With every cell and digit matched, a non-matching edge (cell, digit) is in some complete
    // matching exactly when it lies on an alternating cycle: when the cell and the digit share
    // a strongly connected component of the graph with edges cell -> candidate digit (not
    // matched) and digit -> its matched cell.
    let component = components(masks, &cell_of);
    let mut changed = false;
    for cell in 0..n {
        let mut keep = 1 << digit_of[cell];
        let mut others = masks[cell] & !keep;
        while others != 0 {
            let digit = others.trailing_zeros() as usize;
            others &= others - 1;
            if component[cell] == component[n + digit] {
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

/// Kuhn's augmenting path from `cell`; `seen` marks the digits visited on this attempt.
fn augment(
    masks: &[u32],
    cell: usize,
    seen: &mut u32,
    digit_of: &mut [usize; MAX_SIDE],
    cell_of: &mut [usize; MAX_SIDE],
) -> bool {
    let mut digits = masks[cell] & !*seen;
    while digits != 0 {
        let digit = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        *seen |= 1 << digit;
        if cell_of[digit] == usize::MAX || augment(masks, cell_of[digit], seen, digit_of, cell_of) {
            digit_of[cell] = digit;
            cell_of[digit] = cell;
            return true;
        }
    }
    false
}

/// Strongly connected components (Tarjan) of the alternating graph over cells `0..n` and
/// digits `n..2n`: a component number per node.
fn components(masks: &[u32], cell_of: &[usize; MAX_SIDE]) -> [u8; 2 * MAX_SIDE] {
    let n = masks.len();
    let mut tarjan = Tarjan {
        masks,
        cell_of,
        n,
        index: [u8::MAX; 2 * MAX_SIDE],
        low: [0; 2 * MAX_SIDE],
        component: [0; 2 * MAX_SIDE],
        stack: [0; 2 * MAX_SIDE],
        depth: 0,
        on_stack: 0,
        next_index: 0,
        next_component: 0,
    };
    for node in 0..2 * n {
        if tarjan.index[node] == u8::MAX {
            tarjan.visit(node);
        }
    }
    tarjan.component
}

struct Tarjan<'a> {
    masks: &'a [u32],
    cell_of: &'a [usize; MAX_SIDE],
    n: usize,
    index: [u8; 2 * MAX_SIDE],
    low: [u8; 2 * MAX_SIDE],
    component: [u8; 2 * MAX_SIDE],
    stack: [u8; 2 * MAX_SIDE],
    depth: usize,
    on_stack: u64,
    next_index: u8,
    next_component: u8,
}

impl Tarjan<'_> {
    /// The successors of `node`: a cell's unmatched candidate digits, a digit's matched cell.
    fn successors(&self, node: usize) -> u64 {
        if node < self.n {
            // Every candidate. The edge to the matched digit belongs the other way round, but
            // that digit's only edge leads straight back here, so the extra edge joins just the
            // two of them and leaves every other component as it was.
            u64::from(self.masks[node]) << self.n
        } else {
            1 << self.cell_of[node - self.n]
        }
    }

    fn visit(&mut self, node: usize) {
        self.index[node] = self.next_index;
        self.low[node] = self.next_index;
        self.next_index += 1;
        self.stack[self.depth] = node as u8;
        self.depth += 1;
        self.on_stack |= 1 << node;
        let mut next = self.successors(node);
        while next != 0 {
            let other = next.trailing_zeros() as usize;
            next &= next - 1;
            if self.index[other] == u8::MAX {
                self.visit(other);
                self.low[node] = self.low[node].min(self.low[other]);
            } else if self.on_stack & (1 << other) != 0 {
                self.low[node] = self.low[node].min(self.index[other]);
            }
        }
        if self.low[node] == self.index[node] {
            loop {
                self.depth -= 1;
                let member = usize::from(self.stack[self.depth]);
                self.on_stack &= !(1 << member);
                self.component[member] = self.next_component;
                if member == node {
                    break;
                }
            }
            self.next_component += 1;
        }
    }
}
