//! The cost-ordered search on the 9x9 bit boards (`sudoku::nine::Board`): completions of a
//! grid whose cells each take an allowed digit, each branch trying its cell's digits cheapest
//! first by a table of costs. The dives (`first_by_cost`, no limit: the first completion in
//! that order) and the quick search (`costing_at_most`: every completion whose costs sum to at
//! most a limit, by branch and bound) of `target` run on it.

use crate::Error;
use crate::bits::ones;
use crate::deadline::Deadline;
use crate::sudoku::nine::{Board, COLUMN, ROW};

use super::weights::CELLS;

/// A cost for every (cell, digit), digits 1..=9 (index 0 unused): the row relaxation's reduced
/// costs, or the pattern bound's added to them.
pub(crate) type Costs = super::relaxation::ReducedCosts;

/// The first completion of `cells` (0 blank, 1..=9 a given) that puts in each cell one of its
/// `allowed` digits (bit d for digit d), found when each branch tries its cell's digits
/// cheapest first by `cost[cell][digit]`, in at most `budget` branches, and the branches taken:
/// no completion when there is none, or none in the budget. [`Error::Timeout`] when
/// `deadline` passes first.
pub(crate) fn first_by_cost(
    cells: &[u8; CELLS],
    allowed: &[u32; CELLS],
    cost: &Costs,
    budget: u64,
    deadline: &mut Deadline,
) -> Result<Costed, Error> {
    // The search with no limit: nothing is cut, and it stops at the first.
    let run = search_by_cost(cells, allowed, cost, None, None, budget, deadline);
    if run.last.is_none() && deadline.passed() { Err(Error::Timeout) } else { Ok(run) }
}

/// A completion of `cells` (0 blank, 1..=9 a given) whose costs sum to at most `limit`: each
/// cell takes one of its `allowed` digits, and the costs `cost[cell][digit]` of the whole grid
/// sum to at most `limit`. Each branch tries its cell's digits cheapest first, and a board is
/// cut when the costs of its placed cells, plus the cheapest open choice of every open unit of
/// one family (cells, or a digit's place in a row, a column or a box: whichever sums highest),
/// exceed the limit. With `improve`, every completion found lowers the limit to its cost less
/// `improve` and the search goes on: the last found is then the cheapest by that margin. At
/// most `budget` branches, and stopped when `deadline` passes (`complete` says whether it
/// ended before either).
pub(crate) fn costing_at_most(
    cells: &[u8; CELLS],
    allowed: &[u32; CELLS],
    cost: &Costs,
    limit: i64,
    improve: Option<i64>,
    budget: u64,
    deadline: &mut Deadline,
) -> Costed {
    search_by_cost(cells, allowed, cost, Some(limit), improve, budget, deadline)
}

/// [`costing_at_most`], or with no `limit` [`first_by_cost`].
fn search_by_cost(
    cells: &[u8; CELLS],
    allowed: &[u32; CELLS],
    cost: &Costs,
    limit: Option<i64>,
    improve: Option<i64>,
    budget: u64,
    deadline: &mut Deadline,
) -> Costed {
    let mut run = Costed { last: None, nodes: 0, complete: true };
    if let Some(board) = Board::restricted(cells, allowed) {
        let order = limit.map(|_| CostOrder::new(cost));
        let limit = limit.zip(order.as_ref());
        let mut search = CostSearch { cost, limit, improve, budget, run: &mut run, deadline };
        search.descend(&board);
    }
    run.complete &= !deadline.passed();
    run
}

/// What a cost-ordered search found: the last completion found (the only one without
/// `improve`; with it, the cheapest), the branches taken, and whether the search ended inside
/// its budget and before the deadline (if not, finding nothing proves nothing).
pub(crate) struct Costed {
    pub(crate) last: Option<[u8; CELLS]>,
    pub(crate) nodes: u64,
    pub(crate) complete: bool,
}

/// The digits (0-based) the cell `bit` of `band` may take on `board`, cheapest first by
/// `cost`, each with its cost; and how many there are.
fn cheapest_first(board: &Board, band: usize, bit: u32, cost: &Costs) -> ([(i64, usize); 9], usize) {
    let cell = 27 * band + bit.trailing_zeros() as usize;
    let mut digits = [(0i64, 0usize); 9];
    let mut open = 0;
    for digit in 0..9 {
        if board.candidates[9 * band + digit] & bit != 0 {
            digits[open] = (cost[cell][digit + 1], digit);
            open += 1;
        }
    }
    digits[..open].sort_unstable();
    (digits, open)
}

struct CostSearch<'a, 'd, 'e> {
    cost: &'a Costs,
    /// None: no limit, and no bound computed.
    limit: Option<(i64, &'a CostOrder)>,
    improve: Option<i64>,
    budget: u64,
    run: &'a mut Costed,
    deadline: &'e mut Deadline<'d>,
}

impl CostSearch<'_, '_, '_> {
    /// Extends `board` (propagated, consistent) under the limit; false once the search must
    /// stop (the first completion found when not improving, the budget or the time spent).
    fn descend(&mut self, board: &Board) -> bool {
        if let Some((limit, order)) = self.limit
            && self.bound(order, board, limit) > limit
        {
            return true;
        }
        let Some((band, bit)) = board.branch_cell() else {
            self.run.last = Some(board.digits());
            let Some(improve) = self.improve else { return false };
            if let Some((_, order)) = self.limit {
                self.limit = Some((self.bound(order, board, i64::MAX) - improve, order));
            }
            return true;
        };
        let (digits, open) = cheapest_first(board, band, bit, self.cost);
        for &(_, digit) in &digits[..open] {
            self.run.nodes += 1;
            if self.run.nodes > self.budget || self.deadline.tick(1) {
                self.run.complete = false;
                return false;
            }
            let mut child = *board;
            child.place(digit, band, bit);
            if child.propagate().is_ok() && !self.descend(&child) {
                return false;
            }
        }
        true
    }

    /// What every completion of `board` costs at least: its placed cells' costs, plus the
    /// largest of the four families' sums of their open units' cheapest choices (each
    /// completion makes exactly one choice per open unit of each family); or, once one family
    /// shows that to exceed `limit`, what it shows. For a full board, its cost. Never inlined:
    /// its tables stay off the recursion's frames (256 KiB stacks).
    #[inline(never)]
    fn bound(&self, order: &CostOrder, board: &Board, limit: i64) -> i64 {
        let cost = self.cost;
        // Each digit-band's open cells.
        let open: [u32; 27] = core::array::from_fn(|i| board.candidates[i] & board.unsolved[i / 9]);
        let mut spent = 0;
        for (i, &mask) in board.candidates.iter().enumerate() {
            let (band, digit) = (i / 9, i % 9);
            for at in ones(mask & !board.unsolved[band]) {
                spent += cost[27 * band + at][digit + 1];
            }
        }
        // A unit's cheapest open choice is the first of its places, in cost order, still open.
        let first = |places: &[u8; 9], open: u32| {
            places.iter().find(|&&k| open >> k & 1 != 0).map_or(0, |&k| usize::from(k))
        };
        // Family by family, stopping once one shows the board over `limit`: climbed and
        // near-empty sets 2-5% fewer instructions, same nodes. Rows first: they catch most of
        // the boards cut.
        let mut rows = 0;
        for digit in 0..9 {
            for band in 0..3 {
                let mask = open[9 * band + digit];
                for k in 0..3 {
                    let places = mask >> (9 * k) & ROW;
                    if places != 0 {
                        let row = 3 * band + k;
                        let column = first(&order.row[9 * row + digit], places);
                        rows += cost[9 * row + column][digit + 1];
                    }
                }
            }
        }
        if spent + rows > limit {
            return spent + rows;
        }
        let mut boxes = 0;
        for digit in 0..9 {
            for band in 0..3 {
                let mask = open[9 * band + digit];
                if mask == 0 {
                    continue;
                }
                for k in 0..3 {
                    // Box k of the band: its three minirows' cells, nine bits.
                    let x = mask >> (3 * k);
                    let places = x & 7 | x >> 6 & 0o70 | x >> 12 & 0o700;
                    if places != 0 {
                        let at = first(&order.r#box[9 * (3 * band + k) + digit], places);
                        boxes += cost[9 * (3 * band + at / 3) + 3 * k + at % 3][digit + 1];
                    }
                }
            }
        }
        if spent + boxes > limit {
            return spent + boxes;
        }
        let mut columns = 0;
        for digit in 0..9 {
            let any = open[digit] | open[9 + digit] | open[18 + digit];
            for column in 0..9 {
                if any & COLUMN << column == 0 {
                    continue;
                }
                // Its rows in cost order, each tested where it lies (band, and row within it).
                let open_at = |row: &u8| open[9 * usize::from(row / 3) + digit] >> (9 * usize::from(row % 3) + column) & 1 != 0;
                if let Some(&row) = order.column[9 * column + digit].iter().find(|row| open_at(row)) {
                    columns += cost[9 * usize::from(row) + column][digit + 1];
                }
            }
        }
        if spent + columns > limit {
            return spent + columns;
        }
        let mut cells = 0;
        for band in 0..3 {
            for at in ones(board.unsolved[band]) {
                let cell = 27 * band + at;
                let open = &open[9 * band..9 * band + 9];
                // Propagation leaves every open cell a digit.
                let digit = order.cell[cell].iter().find(|&&d| open[usize::from(d)] >> at & 1 != 0);
                cells += digit.map_or(0, |&d| cost[cell][usize::from(d) + 1]);
            }
        }
        spent + cells.max(rows).max(columns).max(boxes)
    }
}

/// The places of each unit (a cell's digits, a row's columns, a column's rows, a box's cells in
/// reading order), cheapest first by a search's costs: a unit's cheapest open choice is then
/// the first still open, mostly one or two tests where a scan of every candidate took 15,000
/// instructions a board.
struct CostOrder {
    /// `cell[cell]`: digits 0..9.
    cell: [[u8; 9]; CELLS],
    /// `row[9 * row + digit]`: columns.
    row: [[u8; 9]; CELLS],
    /// `column[9 * column + digit]`: rows.
    column: [[u8; 9]; CELLS],
    /// `r#box[9 * box + digit]`: the box's cells 0..9 in reading order.
    r#box: [[u8; 9]; CELLS],
}

impl CostOrder {
    fn new(cost: &Costs) -> Self {
        // Insertion sort of nine (cost, place) pairs: `sort_unstable_by_key` with the key
        // computed at each comparison took about twice the instructions.
        fn sorted(key: impl Fn(usize) -> i64) -> [u8; 9] {
            let mut pairs: [(i64, u8); 9] = core::array::from_fn(|k| (key(k), k as u8));
            for i in 1..9 {
                let mut j = i;
                while j > 0 && pairs[j - 1] > pairs[j] {
                    pairs.swap(j - 1, j);
                    j -= 1;
                }
            }
            pairs.map(|(_, k)| k)
        }
        CostOrder {
            cell: core::array::from_fn(|cell| sorted(|d| cost[cell][d + 1])),
            row: core::array::from_fn(|i| sorted(|column| cost[9 * (i / 9) + column][i % 9 + 1])),
            column: core::array::from_fn(|i| sorted(|row| cost[9 * row + i / 9][i % 9 + 1])),
            r#box: core::array::from_fn(|i| {
                let (b, digit) = (i / 9, i % 9);
                sorted(|at| cost[9 * (3 * (b / 3) + at / 3) + 3 * (b % 3) + at % 3][digit + 1])
            }),
        }
    }
}
