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
