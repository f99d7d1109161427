//! Hall-set reasoning for the all-different units (rows, columns, boxes), in the manner of
//! Régin's all-different filtering: in each unit, a maximum matching of cells to digits over the
//! candidates; no complete matching means no completion (k cells that see fewer than k digits,
//! or k digits that fit fewer than k cells), and a (cell, digit) pair that lies in no complete
//! matching can be in no completion, so it goes. Neither the DLX nor the clause learner finds
//! such a contradiction except by search, which on some unsolvable 16x16 puzzles took minutes.

use super::Shape;
use crate::bits::ones;
use crate::exact_cover::learning::BECAUSE_CHOSEN;
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
/// 16 cells): its digit items when last filtered (a unit met again unchanged has
/// nothing new to give) and a complete matching, digit by cell, found then (the next one
/// starts from it, and mostly only re-matches the cells whose digit went; always a permutation
/// of 0..16, cells past the side keeping their own number); and the units the next call looks
/// at, bit `unit` (those whose cells may have changed since the search's last call that took
/// all it found).
#[derive(Clone, Debug)]
pub struct SearchHall {
    seen: [[u16; 16]; 48],
    matched: [[u8; 16]; 48],
    dirty: u64,
    /// The cell last marked since the call (a choice's exclusions come a cell at a time).
    last: usize,
}

impl Default for SearchHall {
    fn default() -> Self {
        SearchHall { seen: [[0; 16]; 48], matched: [core::array::from_fn(|k| k as u8); 48], dirty: u64::MAX, last: usize::MAX }
    }
}

impl SearchHall {
    /// The next [`in_search`] looks at `cell`'s row, column and box.
    #[inline(always)]
    pub fn changed(&mut self, shape: Shape, cell: usize) {
        if cell == self.last {
            return;
        }
        self.last = cell;
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
/// out (the Hall set's cells with every digit outside the set's own; all excluded now; for a
/// digit with one cell left in the unit, that cell's option instead, marked [`BECAUSE_CHOSEN`]:
/// chosen at a fixpoint, its choice excludes the digit from the set's cells). A unit
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
    state.last = usize::MAX;
    for unit in ones(core::mem::take(&mut state.dirty) & units) {
        // The unit's digits' items: which of its cells may take each digit (a digit past the
        // side only its own cell, so that every unit is 16 by 16).
        let first = shape.item(digit_family(shape, unit), unit % side, 0);
        let where_: [u16; 16] = core::array::from_fn(|d| if d < side { open[first + d] } else { 1 << d });
        if state.seen[unit] == where_ {
            continue;
        }
        if elementary(&where_, &mut state.matched[unit]) == Some(true) {
            state.seen[unit] = where_;
            continue;
        }
        let cells: [usize; 16] = core::array::from_fn(|k| if k < side { unit_cell(shape, unit, k) } else { 0 });
        let masks: [u32; MAX_SIDE] = core::array::from_fn(|k| if k < side { u32::from(open[cells[k]]) } else { 0 });
        let masks = &masks[..side];
        debug_assert!((0..side).all(|d| (0..side).all(|k| (where_[d] >> k & 1) == (masks[k] >> d & 1) as u16)), "items agree");
        let (mut digit_of, mut cell_of) = ([usize::MAX; MAX_SIDE], [usize::MAX; MAX_SIDE]);
        if let Err((set, digits)) = matching(masks, &state.matched[unit], &mut digit_of, &mut cell_of) {
            let mut because = [0u16; MAX_BECAUSE];
            if let Some(n) = fill_because(side, &cells, &where_, set, digits, &mut because) {
                found(None, &because[..n]);
            }
            return;
        }
        for (matched, &d) in state.matched[unit].iter_mut().zip(&digit_of[..side]) {
            *matched = d as u8;
        }
        if !unit_findings(side, &cells, &where_, masks, &digit_of, &cell_of, found) {
            return;
        }
        state.seen[unit] = where_;
    }
}

/// Whether every candidate of a unit lies in some complete matching (nothing for
/// [`unit_findings`] to find), from its digit items `where_` (16 by 16, see [`in_search`]) and
/// the last matching `matched` (a digit per cell, a permutation), which it repairs: None when
/// it finds no complete matching. With the matching, let cell j point to the cells that may
/// take j's digit (`where_[matched[j]]`, j among them): a candidate (k, d) lies in some
/// complete matching exactly when the pointer from d's cell to k closes a cycle, so every
/// candidate does exactly when reachability is symmetric. The closure of 16 rows of 16 bits
/// takes SSE2 vectors where there are.
#[inline(always)]
fn elementary(where_: &[u16; 16], matched: &mut [u8; 16]) -> Option<bool> {
    let mut to = [0u16; 16];
    let mut kept = 0u16;
    for (k, (to, &d)) in to.iter_mut().zip(matched.iter()).enumerate() {
        *to = where_[usize::from(d & 15)];
        kept |= (*to >> k & 1) << k;
    }
    if kept != u16::MAX {
        let mut repaired = *matched;
        if !rematch(where_, &mut repaired, kept) {
            return None;
        }
        *matched = repaired;
        for (to, &d) in to.iter_mut().zip(matched.iter()) {
            *to = where_[usize::from(d)];
        }
    }
    Some(symmetric_closure(&to))
}

/// [`elementary`]'s repair: `matched` a permutation whose cells `kept` still may take their
/// digit; the others get digits through augmenting paths from the digits left free (Kuhn's,
/// from the digits' side, as `where_` holds them). False when some digit finds no cell.
fn rematch(where_: &[u16; 16], matched: &mut [u8; 16], kept: u16) -> bool {
    // A permutation: the digits the kept cells hold are those the few others do not.
    let used = !ones(!kept).fold(0u16, |free, k| free | 1 << matched[k]);
    let mut taken = kept;
    ones(!used).all(|d| {
        // Mostly a free cell takes the digit at once.
        let free = where_[d] & !taken;
        if free != 0 {
            let cell = free.trailing_zeros() as usize;
            taken |= 1 << cell;
            matched[cell] = d as u8;
            return true;
        }
        augment_digit(where_, d, &mut taken, matched)
    })
}

/// Kuhn's augmenting path from `digit` to a cell not `taken`, depth first, the cells of each
/// digit in order and none visited twice. On a stack of its own, cheaper than recursive
/// calls; a path visits each cell once, so 16 frames hold it.
fn augment_digit(where_: &[u16; 16], digit: usize, taken: &mut u16, matched: &mut [u8; 16]) -> bool {
    // Per frame: its digit, the cells it has still to try, the cell it tries now.
    let (mut digits, mut rest, mut cells) = ([0u8; 16], [0u16; 16], [0u8; 16]);
    let mut seen = 0u16;
    (digits[0], rest[0]) = (digit as u8, where_[digit]);
    let mut top = 0;
    loop {
        if rest[top] == 0 {
            if top == 0 {
                return false;
            }
            top -= 1;
            continue;
        }
        let cell = rest[top].trailing_zeros() as usize;
        rest[top] &= rest[top] - 1;
        seen |= 1 << cell;
        cells[top] = cell as u8;
        if *taken >> cell & 1 == 0 {
            // The path ends here: each frame's cell takes the frame's digit.
            for f in 0..=top {
                *taken |= 1 << cells[f];
                matched[usize::from(cells[f])] = digits[f];
            }
            return true;
        }
        let next = usize::from(matched[cell]);
        top += 1;
        (digits[top], rest[top]) = (next as u8, where_[next] & !seen);
    }
}

/// Whether the transitive closure of the relation "row i holds bit j" over 16 rows is
/// symmetric.
#[inline(always)]
fn symmetric_closure(rows: &[u16; 16]) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: every x86-64 processor has SSE2.
        unsafe { symmetric_closure_sse2(rows) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        symmetric_closure_scalar(rows)
    }
}

/// [`symmetric_closure`] a row at a time: Warshall's closure, then the transpose.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn symmetric_closure_scalar(rows: &[u16; 16]) -> bool {
    let mut closure = *rows;
    for j in 0..16 {
        let via = closure[j];
        for row in &mut closure {
            *row |= via & 0u16.wrapping_sub(*row >> j & 1);
        }
    }
    (0..16).all(|j| closure.iter().enumerate().fold(0u16, |column, (i, &row)| column | (row >> j & 1) << i) == closure[j])
}

/// [`symmetric_closure`] in two SSE2 vectors of 8 rows. First the common case, a few vector
/// steps: the rows in some arc all reach one of them and are reached from it (every arc
/// lies on a cycle). Otherwise Warshall's closure, each step ORing row j into the rows that
/// hold bit j all at once, and its transpose, whose columns come from the rows' bytes by
/// byte sign masks.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn symmetric_closure_sse2(rows: &[u16; 16]) -> bool {
    use core::arch::x86_64::*;
    let r = rows.map(|r| r as i16);
    let mut lo = _mm_setr_epi16(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
    let mut hi = _mm_setr_epi16(r[8], r[9], r[10], r[11], r[12], r[13], r[14], r[15]);
    // Row i's own bit, lane i.
    let own_lo = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
    let own_hi = _mm_setr_epi16(256, 512, 1024, 2048, 4096, 8192, 16384, i16::MIN);
    let zero = _mm_setzero_si128();
    // The lanes (as a 16-bit mask) whose row is zero.
    let zero_rows = |lo: __m128i, hi: __m128i| {
        _mm_movemask_epi8(_mm_packs_epi16(_mm_cmpeq_epi16(lo, zero), _mm_cmpeq_epi16(hi, zero))) as u16
    };
    // The OR of the 16 rows of two vectors.
    let or_rows = |lo: __m128i, hi: __m128i| {
        let v = _mm_or_si128(lo, hi);
        let v = _mm_or_si128(v, _mm_shuffle_epi32::<0b01_00_11_10>(v));
        let v = _mm_or_si128(v, _mm_shuffle_epi32::<0b10_11_00_01>(v));
        let v = _mm_or_si128(v, _mm_srli_epi32::<16>(v));
        _mm_cvtsi128_si32(v) as u16
    };
    // The OR of the rows in `set`.
    let union_of = |set: u16| {
        let set = _mm_set1_epi16(set as i16);
        let lanes = |own| _mm_cmpeq_epi16(_mm_and_si128(set, own), own);
        or_rows(_mm_and_si128(lo, lanes(own_lo)), _mm_and_si128(hi, lanes(own_hi)))
    };
    // Rows (besides their own bit) and the bits they hold: the rows in some arc. When one
    // row of them reaches all of them and all of them reach it, every arc lies on a cycle.
    let (out_lo, out_hi) = (_mm_andnot_si128(own_lo, lo), _mm_andnot_si128(own_hi, hi));
    let sources = !zero_rows(out_lo, out_hi);
    let involved = sources | or_rows(out_lo, out_hi);
    if involved == 0 {
        return true;
    }
    let start = 1u16 << involved.trailing_zeros();
    let (mut forward, mut frontier) = (start, start);
    while frontier != 0 {
        let next = union_of(frontier);
        frontier = next & !forward;
        forward |= next;
    }
    if forward == involved {
        let (mut backward, mut frontier) = (start, start);
        while frontier != 0 {
            // The rows holding a bit of the frontier.
            let f = _mm_set1_epi16(frontier as i16);
            let next = !zero_rows(_mm_and_si128(lo, f), _mm_and_si128(hi, f));
            frontier = next & !backward;
            backward |= next;
        }
        if backward == involved {
            return true;
        }
    }
    macro_rules! step {
        ($half:ident, $j:literal, $lane:literal) => {{
            let via = _mm_set1_epi16(_mm_extract_epi16::<$lane>($half) as i16);
            let bit = _mm_set1_epi16((1u16 << $j) as i16);
            lo = _mm_or_si128(lo, _mm_and_si128(via, _mm_cmpeq_epi16(_mm_and_si128(lo, bit), bit)));
            hi = _mm_or_si128(hi, _mm_and_si128(via, _mm_cmpeq_epi16(_mm_and_si128(hi, bit), bit)));
        }};
    }
    step!(lo, 0, 0);
    step!(lo, 1, 1);
    step!(lo, 2, 2);
    step!(lo, 3, 3);
    step!(lo, 4, 4);
    step!(lo, 5, 5);
    step!(lo, 6, 6);
    step!(lo, 7, 7);
    step!(hi, 8, 0);
    step!(hi, 9, 1);
    step!(hi, 10, 2);
    step!(hi, 11, 3);
    step!(hi, 12, 4);
    step!(hi, 13, 5);
    step!(hi, 14, 6);
    step!(hi, 15, 7);
    // Byte i of `low` is row i's bits 0..8, of `high` its bits 8..16; doubling a byte moves
    // the next bit into its sign, and the sign mask of 16 bytes is a column.
    let bytes = _mm_set1_epi16(0xff);
    let mut low = _mm_packus_epi16(_mm_and_si128(lo, bytes), _mm_and_si128(hi, bytes));
    let mut high = _mm_packus_epi16(_mm_srli_epi16::<8>(lo), _mm_srli_epi16::<8>(hi));
    let (mut col_lo, mut col_hi) = ([0i16; 8], [0i16; 8]);
    for b in (0..8).rev() {
        col_lo[b] = _mm_movemask_epi8(low) as i16;
        col_hi[b] = _mm_movemask_epi8(high) as i16;
        low = _mm_add_epi8(low, low);
        high = _mm_add_epi8(high, high);
    }
    let t_lo = _mm_setr_epi16(col_lo[0], col_lo[1], col_lo[2], col_lo[3], col_lo[4], col_lo[5], col_lo[6], col_lo[7]);
    let t_hi = _mm_setr_epi16(col_hi[0], col_hi[1], col_hi[2], col_hi[3], col_hi[4], col_hi[5], col_hi[6], col_hi[7]);
    let same = _mm_and_si128(_mm_cmpeq_epi16(t_lo, lo), _mm_cmpeq_epi16(t_hi, hi));
    _mm_movemask_epi8(same) == 0xffff
}

/// [`symmetric_closure`] by both ways, for the tests: (SSE2 where there is, a row at a time).
#[cfg(test)]
pub(crate) fn symmetric_closure_both(rows: &[u16; 16]) -> (bool, bool) {
    (symmetric_closure(rows), symmetric_closure_scalar(rows))
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

/// Every candidate of a unit in no complete matching to `found`, with its Hall set's reason
/// (see [`in_search`]); false when `found` refused one.
#[inline(always)]
fn unit_findings(
    side: usize,
    cells: &[usize; 16],
    where_: &[u16; 16],
    masks: &[u32],
    digit_of: &[usize; MAX_SIDE],
    cell_of: &[usize; MAX_SIDE],
    found: &mut dyn FnMut(Option<usize>, &[u16]) -> bool,
) -> bool {
    let all = (1u32 << side) - 1;
    let reach = reach(masks, cell_of);
    let mut because = [0u16; MAX_BECAUSE];
    // The Hall set whose reasons `because` holds, and how many (one set mostly excludes
    // several candidates).
    let (mut last, mut last_n) = (0u32, None);
    // What d's cell reaches is a Hall set that holds d: a candidate (k, d) with k outside it
    // is in no complete matching.
    for k in 0..side {
        for d in ones(masks[k] & !(1 << digit_of[k])) {
            let set = reach[cell_of[d]];
            if set >> k & 1 != 0 {
                continue;
            }
            if set != last {
                let digits = ones(set).fold(0, |digits, h| digits | masks[h]);
                debug_assert_eq!(digits & !all, 0);
                (last, last_n) = (set, fill_because(side, cells, where_, set, digits, &mut because));
            }
            let taken = last_n.is_some_and(|n| found(Some(cells[k] * side + d), &because[..n]));
            if !taken {
                return false;
            }
        }
    }
    true
}

/// The options of the unit's cells `set` with the digits outside `digits`, into `because`
/// (a digit with one cell left in the unit, `where_` its digit items, as that cell's option
/// marked [`BECAUSE_CHOSEN`]: a short clause, whose literal holds where the digit is placed);
/// how many. None if they do not fit (a reason cut short would be wrong; with side 16 at most
/// r * (17 - r) <= 72 are asked for, so it does not happen).
fn fill_because(
    side: usize,
    cells: &[usize; 16],
    where_: &[u16; 16],
    set: u32,
    digits: u32,
    because: &mut [u16; MAX_BECAUSE],
) -> Option<usize> {
    let outside = !digits & ((1u32 << side) - 1);
    let n = (set.count_ones() * outside.count_ones()) as usize;
    if n > MAX_BECAUSE {
        return None;
    }
    let mut at = 0;
    for e in ones(outside) {
        // A digit placed in the unit, its cell's option chosen: one entry says it all.
        if where_[e].count_ones() == 1 {
            because[at] = (cells[where_[e].trailing_zeros() as usize] * side + e) as u16 | BECAUSE_CHOSEN;
            at += 1;
            continue;
        }
        for h in ones(set) {
            because[at] = (cells[h] * side + e) as u16;
            at += 1;
        }
    }
    Some(at)
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

