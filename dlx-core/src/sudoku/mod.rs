//! Sudoku as exact cover, for any box size: one option per (cell, digit), four items per option
//! (the cell is filled, its row has the digit, its column has it, its box has it); the searches
//! over it (clause learning with the DLX as backstop, and the DLX alone); the text alphabets
//! judges use (digits for 9x9, letters `A`.. for the others, `-` or `.` for a blank).
//!
//! Grids here are slices of `side * side` bytes, row-major: 0 is a blank, `1..=side` a digit.

pub mod generate;
pub mod canon;
pub mod hall;
pub mod nine;
pub mod techniques;
pub mod variant;

use core::mem::{ManuallyDrop, MaybeUninit};

use crate::Error;
use crate::error::count_limit;
use crate::deadline::Deadline;
use crate::exact_cover::dlx::{Capacity, Dlx, Flow, OptionRef, SearchStats, Storage};
use crate::exact_cover::learning::{LearnStats, Learner, Matrix};

/// Rows of the original programs' matrices: one per (cell, digit), plus their slack of 10
/// (their `MN`).
pub const fn max_options(side: usize) -> usize {
    side * side * side + 10
}

/// Columns of the original programs' matrices: four constraints per (unit, digit), plus 10
/// (their `MM`).
pub const fn max_items(side: usize) -> usize {
    4 * side * side + 10
}

/// The original programs' node count `MNN = 4 MN + MM`, plus the one spacer per option of
/// Knuth's layout.
pub const fn max_nodes(side: usize) -> usize {
    4 * max_options(side) + max_items(side) + max_options(side)
}

/// The engine's capacity for a `side` x `side` grid.
pub const fn capacity(side: usize) -> Capacity {
    Capacity { items: max_items(side), options: max_options(side), nodes: max_nodes(side) }
}

/// The DLX engine the Sudoku searches run: 16-bit links, which halve its memory.
pub type Engine<'m> = Dlx<'m, u16>;
/// The engine's memory sized for 16x16 grids (about 158 KiB).
pub type Engine16 =
    Storage<u16, { max_items(16) }, { max_options(16) }, { max_nodes(16) }, { capacity(16).words::<u16>() }>;
/// The engine's memory sized for 9x9 grids.
pub type Engine9 = Storage<u16, { max_items(9) }, { max_options(9) }, { max_nodes(9) }, { capacity(9).words::<u16>() }>;

/// Words of learnt clauses in [`Learner16`] (48 KiB of its 166 KiB).
pub const STORE16: usize = 24_576;
/// Clause learning sized for 16x16 grids.
pub type Learner16 = Learner<SudokuCover<4>, { max_items(16) }, { max_options(16) }, STORE16>;

/// Words of learnt clauses in [`Learner9`].
pub const STORE9: usize = 8_192;
/// Clause learning sized for 9x9 grids: the 9x9 bit-board search's fallback (`nine::search`).
pub type Learner9 = Learner<SudokuCover<3>, { max_items(9) }, { max_options(9) }, STORE9>;

/// A `BOX`² x `BOX`² Sudoku as the learner sees it, by arithmetic: option
/// `cell * side + digit - 1`; items numbered by [`Family`] (0-based); an option's slot in its
/// items its digit, its column, its row and its place in the box. Sides up to 16: an item's
/// options must fit a 16-bit mask.
#[derive(Clone, Debug, Default)]
pub struct SudokuCover<const BOX: usize> {
    /// The Hall sets' state between decisions (see [`Matrix::deduce`]).
    hall: hall::SearchHall,
}

impl<const BOX: usize> SudokuCover<BOX> {
    const SIDE: usize = BOX * BOX;
    const CELLS: usize = Self::SIDE * Self::SIDE;
    const FITS: () = assert!(BOX >= 2 && BOX <= 4, "an item's options must fit 16 slots");
    const SHAPE: Shape = Shape { box_size: BOX };
    /// Per family (in [`Family`]'s order) and slot: the option at that slot of an item less
    /// the option at slot 0 (see `item_options`); 0 past the side.
    const SLOT_OFFSET: [[u16; 16]; 4] = {
        let side = Self::SIDE;
        let mut offsets = [[0; 16]; 4];
        let mut slot = 0;
        while slot < side {
            offsets[Family::Cell as usize][slot] = slot as u16;
            offsets[Family::Row as usize][slot] = (slot * side) as u16;
            offsets[Family::Box as usize][slot] = ((slot / BOX * side + slot % BOX) * side) as u16;
            offsets[Family::Column as usize][slot] = (slot * side * side) as u16;
            slot += 1;
        }
        offsets
    };

    /// `n`, which the caller keeps below `bound`, reduced below it when that costs one `and`
    /// (16x16): the compiler then knows the items computed from it are in range, and the
    /// learner's bounds checks on its item masks fold away.
    #[inline(always)]
    const fn in_range(n: usize, bound: usize) -> usize {
        if bound.is_power_of_two() { n & (bound - 1) } else { n }
    }
}

impl<const BOX: usize> Matrix for SudokuCover<BOX> {
    fn options(&self) -> usize {
        let () = Self::FITS;
        Self::CELLS * Self::SIDE
    }

    fn items(&self) -> usize {
        4 * Self::CELLS
    }

    fn items_of(&self, o: usize) -> [(usize, u32); 4] {
        let side = Self::SIDE;
        let o = Self::in_range(o, Self::CELLS * Self::SIDE);
        let (cell, digit) = (o / side, o % side);
        let (r, c) = (cell / side, cell % side);
        let [cell_item, row_item, col_item, box_item] = Self::SHAPE.option_items(cell, digit);
        [
            (cell_item, digit as u32),
            (row_item, c as u32),
            (col_item, r as u32),
            (box_item, (r % BOX * BOX + c % BOX) as u32),
        ]
    }

    fn option_at(&self, item: usize, slot: u32) -> usize {
        let side = Self::SIDE;
        let slot = slot as usize;
        // For a cell's item `k` is its column (the slot is the digit); for the others the digit.
        let (family, unit, k) = Self::SHAPE.locate(item);
        let digit = k;
        let cell = match family {
            Family::Cell => return (unit * side + k) * side + slot,
            Family::Row => unit * side + slot,
            Family::Column => slot * side + unit,
            Family::Box => (unit / BOX * BOX + slot / BOX) * side + unit % BOX * BOX + slot % BOX,
        };
        cell * side + digit
    }

    fn item_options(&self, item: usize) -> [u16; 16] {
        // The option at slot 0, plus what each slot adds, which depends on the family alone.
        // For a cell's item `k` is its column (the slot is the digit); for the others the digit.
        let side = Self::SIDE;
        let (family, unit, k) = Self::SHAPE.locate(item);
        let first = match family {
            Family::Cell => (unit * side + k) * side,
            Family::Row => unit * side * side + k,
            Family::Column => unit * side + k,
            Family::Box => ((unit / BOX * BOX) * side + unit % BOX * BOX) * side + k,
        } as u16;
        let offsets = &Self::SLOT_OFFSET[family as usize];
        core::array::from_fn(|slot| first + offsets[slot])
    }

    fn slots(&self) -> u16 {
        ((1u32 << Self::SIDE) - 1) as u16
    }

    /// The Hall sets of the rows, columns and boxes (see [`hall::in_search`]).
    fn deduce(&mut self, open: &[u16], found: &mut dyn FnMut(Option<usize>, &[u16]) -> bool) {
        if let Some(shape) = Shape::with_box_size(BOX) {
            hall::in_search(shape, open, &mut self.hall, found);
        }
    }

    fn changed(&mut self, o: usize) {
        self.hall.changed(Self::SHAPE, o / Self::SIDE);
    }

    fn all_changed(&mut self) {
        self.hall.all_changed();
    }

    /// 16x16: none once they run (from [`DEDUCE_AFTER`](crate::exact_cover::learning::DEDUCE_AFTER)
    /// conflicts): with their short reasons they take the slowest isomorphs of the hardest
    /// puzzles down a tenth in instructions and a third in conflicts, where the pauses cost
    /// the searches that outlast them (docs/experiments.md). Smaller grids keep the pauses.
    fn deduce_pauses(&self) -> bool {
        BOX < 4
    }
}

/// Conflicts after which [`Workspace::solve`] hands a puzzle over from clause learning to the
/// DLX engine. No known puzzle comes near (the hardest public 16x16 ones take at most 3,191
/// conflicts, their isomorphs about 11,500, 0.15 s); it is there so that the promise "it
/// ends" rests on the DLX's exhaustive search of a finite tree, which needs no argument about
/// learnt clauses that get deleted.
pub const LEARN_LIMIT: u64 = 1_000_000;

/// The stack space of one [`Workspace::solve`] or [`Workspace::count`]: the learner, and should
/// it give up, the DLX engine in the same bytes (never both at once), so a call needs only the
/// larger of the two.
#[repr(C)]
pub union Workspace<L, E> {
    learner: ManuallyDrop<MaybeUninit<L>>,
    dlx: ManuallyDrop<MaybeUninit<E>>,
}

/// The workspace of a 16x16 solve.
pub type Workspace16 = Workspace<Learner16, Engine16>;
/// The workspace of the 9x9 search's fallback.
pub type Workspace9 = Workspace<Learner9, Engine9>;

/// What one [`Workspace::solve`] did: the learner's counters, and the DLX's nodes if it was
/// needed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    pub learning: LearnStats,
    pub dlx_nodes: Option<u64>,
}

/// Solves a 16x16 grid by clause learning (see [`Workspace::solve`]; measured faster than the
/// DLX engine on every 16x16 set, docs/design.md). The same input gives the same solution
/// every time.
pub fn solve16(space: &mut MaybeUninit<Workspace16>, cells: &mut [u8], deadline: &mut Deadline) -> Result<SolveStats, Error> {
    Workspace16::solve(space, cells, LEARN_LIMIT, deadline)
}

/// The searches by clause learning, for any box size the workspace is sized for: the learner
/// first, with the Hall sets at every restart, and the DLX engine in the same bytes as the
/// backstop. The parameters are the learner's sizes (items, options, words of clauses) and the
/// engine's (items, options, nodes, words of its memory).
impl<
    const BOX: usize,
    const LEARN_ITEMS: usize,
    const LEARN_OPTIONS: usize,
    const STORE: usize,
    const ENGINE_ITEMS: usize,
    const ENGINE_OPTIONS: usize,
    const ENGINE_NODES: usize,
    const ENGINE_WORDS: usize,
> Workspace<Learner<SudokuCover<BOX>, LEARN_ITEMS, LEARN_OPTIONS, STORE>, Storage<u16, ENGINE_ITEMS, ENGINE_OPTIONS, ENGINE_NODES, ENGINE_WORDS>>
{
    /// A learner set up in `space`, and the shape; [`Error::Cell`] or [`Error::Length`] for
    /// `cells` the shape does not take.
    #[allow(clippy::type_complexity)]
    fn learner<'s>(
        space: &'s mut MaybeUninit<Self>,
        cells: &[u8],
    ) -> Result<(Shape, &'s mut Learner<SudokuCover<BOX>, LEARN_ITEMS, LEARN_OPTIONS, STORE>), Error> {
        let shape = Shape::with_box_size(BOX).ok_or(Error::Length)?;
        candidates(shape, cells)?;
        // SAFETY: the union is repr(C), so each field starts at its first byte and it is aligned
        // for each; a MaybeUninit may hold any bytes. Every borrow of the learner ends before
        // [`dlx`](Self::dlx) makes the engine's slot from the same bytes.
        let slot = unsafe { &mut *space.as_mut_ptr().cast::<MaybeUninit<_>>() };
        Ok((shape, Learner::new_in(slot, SudokuCover::<BOX>::default()).ok_or(Error::Length)?))
    }

    /// The DLX engine in the same bytes, once the learner is done with them.
    fn dlx(space: &mut MaybeUninit<Self>) -> Engine<'_> {
        // SAFETY: as in `learner`.
        Storage::zeroed_in(unsafe { &mut *space.as_mut_ptr().cast::<MaybeUninit<Storage<u16, ENGINE_ITEMS, ENGINE_OPTIONS, ENGINE_NODES, ENGINE_WORDS>>>() })
    }

    /// Fills the blanks of `cells` with a solution, the DLX taking over after `max_conflicts`
    /// conflicts. [`Error::Unsolvable`] when there is none, [`Error::Timeout`] when `deadline`
    /// passes first; `cells` is written only on success.
    pub fn solve(
        space: &mut MaybeUninit<Self>,
        cells: &mut [u8],
        max_conflicts: u64,
        deadline: &mut Deadline,
    ) -> Result<SolveStats, Error> {
        let (shape, learner) = Self::learner(space, cells)?;
        let side = shape.side();
        let mut hall_sets = |open: &[u16], exclude: &mut dyn FnMut(usize)| hall::at_root(shape, open, exclude);
        let verdict = learner.solve_within(givens(shape, cells), max_conflicts, deadline, &mut hall_sets);
        let learning = learner.stats();
        match verdict {
            Some(true) => {
                for o in learner.chosen() {
                    cells[o / side] = (o % side + 1) as u8;
                }
                Ok(SolveStats { learning, dlx_nodes: None })
            }
            Some(false) => Err(Error::Unsolvable),
            None if deadline.passed() => Err(Error::Timeout),
            None => {
                let stats = solve_within(&mut Self::dlx(space), shape, cells, deadline)?;
                Ok(SolveStats { learning, dlx_nodes: Some(stats.nodes) })
            }
        }
    }

    /// Whether `cells` has a completion that puts none of the digits `excluded` names (each as
    /// `cell * side + digit - 1`, as the learner numbers its options) where it names them. The
    /// generator's question: a puzzle with one completion keeps it alone without a given
    /// exactly when no completion puts another digit in the blanked cell, one search where
    /// counting to 2 finds the known completion again first. Should the learner give up, the
    /// DLX engine answers by counting the completions that avoid `excluded`.
    /// [`Error::Timeout`] when `deadline` passes first.
    pub fn completes_without(
        space: &mut MaybeUninit<Self>,
        cells: &[u8],
        excluded: &[usize],
        deadline: &mut Deadline,
    ) -> Result<bool, Error> {
        let (shape, learner) = Self::learner(space, cells)?;
        let mut hall_sets = |open: &[u16], exclude: &mut dyn FnMut(usize)| hall::at_root(shape, open, exclude);
        match learner.solve_without(givens(shape, cells), excluded, LEARN_LIMIT, deadline, &mut hall_sets) {
            Some(found) => Ok(found),
            None if deadline.passed() => Err(Error::Timeout),
            None => Self::dlx_completes_without(space, shape, cells, excluded, deadline),
        }
    }

    /// [`completes_without`](Self::completes_without) by the DLX engine: its completions in
    /// turn until one avoids `excluded` (for the generator's question, the known completion
    /// at most before it).
    pub(crate) fn dlx_completes_without(
        space: &mut MaybeUninit<Self>,
        shape: Shape,
        cells: &[u8],
        excluded: &[usize],
        deadline: &mut Deadline,
    ) -> Result<bool, Error> {
        let side = shape.side();
        let dlx = &mut Self::dlx(space);
        match encode(dlx, shape, cells) {
            Err(Error::Unsolvable) => return Ok(false),
            other => other?,
        }
        let mut avoided = false;
        dlx.search_pruned(
            |e| e.within(deadline),
            |e| {
                avoided = e.chosen().all(|option| {
                    let (cell, digit) = option_cell_digit(e, shape, option);
                    !excluded.contains(&(cell * side + usize::from(digit) - 1))
                });
                if avoided { Flow::Stop } else { Flow::Continue }
            },
        );
        if !avoided && deadline.passed() { Err(Error::Timeout) } else { Ok(avoided) }
    }

    /// Counts the completions of `cells` up to `limit` (at least 1, else [`Error::Arg`]): each
    /// cover found is ruled out by a clause and the search goes on with what it has learnt,
    /// which on hard puzzles is far faster than the DLX's exhaustive count. Should the learner
    /// give up (its conflict limit, or a store too full for such a clause), the DLX engine
    /// counts again from scratch. [`Error::Timeout`] when `deadline` passes first.
    pub fn count(space: &mut MaybeUninit<Self>, cells: &[u8], limit: u64, deadline: &mut Deadline) -> Result<u64, Error> {
        Self::count_with_stats(space, cells, limit, deadline).0
    }

    /// [`count`](Self::count), and the learner's counters at its end (the benchmarks' measure
    /// of what proving "no other" costs; all zero if the cells were rejected).
    pub fn count_with_stats(
        space: &mut MaybeUninit<Self>,
        cells: &[u8],
        limit: u64,
        deadline: &mut Deadline,
    ) -> (Result<u64, Error>, LearnStats) {
        Self::count_keeping_first(space, cells, limit, deadline, None)
    }

    /// [`count_with_stats`](Self::count_with_stats) that also writes the first completion it
    /// finds into `first` (as many cells as `cells`), when there is one: the learner's first
    /// cover, or should the DLX engine have counted, the DLX's first solution.
    pub fn count_keeping_first(
        space: &mut MaybeUninit<Self>,
        cells: &[u8],
        limit: u64,
        deadline: &mut Deadline,
        mut first: Option<&mut [u8]>,
    ) -> (Result<u64, Error>, LearnStats) {
        let (shape, learner) = match Self::learner(space, cells) {
            Ok(found) => found,
            Err(e) => return (Err(e), LearnStats::default()),
        };
        let limit = match count_limit(limit) {
            Ok(limit) => limit,
            Err(e) => return (Err(e), LearnStats::default()),
        };
        let mut hall_sets = |open: &[u16], exclude: &mut dyn FnMut(usize)| hall::at_root(shape, open, exclude);
        let mut verdict = learner.solve_within(givens(shape, cells), LEARN_LIMIT, deadline, &mut hall_sets);
        let mut count = 0;
        while verdict == Some(true) {
            count += 1;
            if count == 1
                && let Some(first) = first.as_deref_mut()
            {
                first.copy_from_slice(cells);
                for o in learner.chosen() {
                    first[o / shape.side()] = (o % shape.side() + 1) as u8;
                }
            }
            if count == limit {
                return (Ok(count), learner.stats());
            }
            verdict = learner.solve_another(LEARN_LIMIT, deadline, &mut hall_sets);
        }
        let learning = learner.stats();
        let counted = match verdict {
            Some(_) => Ok(count),
            None if deadline.passed() => Err(Error::Timeout),
            None => {
                let dlx = &mut Self::dlx(space);
                let counted = count_solutions(dlx, shape, cells, limit, deadline);
                // The learner's first cover, if it found one, stays (a completion all the same).
                if let (Ok(1..), Some(first), 0) = (&counted, first, count) {
                    first.copy_from_slice(cells);
                    if solve_within(dlx, shape, first, deadline).is_err() {
                        return (Err(Error::Timeout), learning);
                    }
                }
                counted
            }
        };
        (counted, learning)
    }
}

/// The givens of `cells` as the learner's options (`cell * side + digit - 1`).
fn givens(shape: Shape, cells: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let side = shape.side();
    cells.iter().enumerate().filter(|&(_, &d)| d != 0).map(move |(cell, &d)| cell * side + usize::from(d) - 1)
}

/// The four families of a Sudoku cover's items, `cells` items each, numbered in this order by
/// both searches (the one table they read: [`Shape::item`]; the DLX engine adds 1). The order
/// is the original POJ 3076 program's: the engine breaks length ties by item order, and this
/// order measured much faster than putting the boxes first; the learner's conflicts do not
/// depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Each cell holds one digit.
    Cell,
    /// Each row holds each digit once.
    Row,
    /// Each box holds each digit once.
    Box,
    /// Each column holds each digit once.
    Column,
}

/// The geometry of a Sudoku whose boxes are `box_size` x `box_size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    box_size: usize,
}

impl Shape {
    pub const NINE: Shape = Shape { box_size: 3 };
    pub const SIXTEEN: Shape = Shape { box_size: 4 };

    /// Box sizes from 2 to 5 (side 4 to 25): digit sets must fit the 32-bit candidate masks.
    pub const fn with_box_size(box_size: usize) -> Option<Shape> {
        if box_size >= 2 && box_size <= 5 { Some(Shape { box_size }) } else { None }
    }

    /// Cells in a row, digits in the alphabet.
    pub const fn side(self) -> usize {
        self.box_size * self.box_size
    }

    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }

    const fn box_of(self, row: usize, col: usize) -> usize {
        (row / self.box_size) * self.box_size + col / self.box_size
    }

    /// Item `k` of `unit` in `family`, in the one numbering of [`Family`]: for the cells
    /// family `unit` is the row and `k` the column, for the others `k` is the digit, 0-based.
    #[inline]
    pub const fn item(self, family: Family, unit: usize, k: usize) -> usize {
        family as usize * self.cells() + unit * self.side() + k
    }

    /// The family, unit and `k` of an item of [`item`](Self::item).
    #[inline]
    pub const fn locate(self, item: usize) -> (Family, usize, usize) {
        let family = match item / self.cells() {
            0 => Family::Cell,
            1 => Family::Row,
            2 => Family::Box,
            _ => Family::Column,
        };
        (family, item % self.cells() / self.side(), item % self.side())
    }

    /// The four items of the option (cell, digit 0-based), listed cell, row, column, box:
    /// the order both searches take them in, which their measured effort is for.
    #[inline]
    pub const fn option_items(self, cell: usize, digit: usize) -> [usize; 4] {
        let (r, c) = (cell / self.side(), cell % self.side());
        [
            self.item(Family::Cell, r, c),
            self.item(Family::Row, r, digit),
            self.item(Family::Column, c, digit),
            self.item(Family::Box, self.box_of(r, c), digit),
        ]
    }

    /// The DLX engine's numbers: [`item`](Self::item) plus 1, its item 0 being the root.
    pub(crate) fn cell_item(self, cell: usize) -> usize {
        1 + cell
    }

    pub(crate) fn row_item(self, row: usize, digit: usize) -> usize {
        1 + self.item(Family::Row, row, digit - 1)
    }

    pub(crate) fn box_item(self, bx: usize, digit: usize) -> usize {
        1 + self.item(Family::Box, bx, digit - 1)
    }

    pub(crate) fn col_item(self, col: usize, digit: usize) -> usize {
        1 + self.item(Family::Column, col, digit - 1)
    }

    fn items(self) -> usize {
        4 * self.cells()
    }

    /// The (cell, digit) an option stands for, from its first two items (cell, then row-digit).
    fn decode(self, mut items: impl Iterator<Item = usize>) -> Option<(usize, u8)> {
        let cell = items.next()? - 1;
        let row_digit = items.next()? - 1 - self.cells();
        Some((cell, (row_digit % self.side() + 1) as u8))
    }
}

/// The symbol of digit `d` (1-based) in a grid of `shape`'s text: `1`..`9` for 9x9 grids, as
/// every 9x9 collection writes them; `A`, `B`, ... for the others, as the 16x16 judges do.
pub fn symbol(shape: Shape, digit: u8) -> u8 {
    if shape == Shape::NINE { b'0' + digit } else { b'A' + digit - 1 }
}

/// Reads the cells of a `shape` grid from text: a symbol (see [`symbol`]) for a digit, `-` or
/// `.` for a blank (and `0` in 9x9 grids); space, tab, CR and LF are skipped anywhere. Reading
/// stops at the first fault, so a caller never reads further than that: a character outside
/// the alphabet is [`Error::Cell`]; a cell beyond the last, or the end of the text before it, is
/// [`Error::Length`]. `cells` is written only on success.
pub fn parse(text: impl Iterator<Item = u8>, shape: Shape, cells: &mut [u8]) -> Result<(), Error> {
    parse_side(text, shape.side(), shape == Shape::NINE, cells)
}

/// [`parse`] for a grid of `side` (at most 25) whose alphabet is the digits `1`..`side` (and
/// `0` a blank) if `digits`, else the letters `A`..: the one reader of every grid's text.
pub(crate) fn parse_side(text: impl Iterator<Item = u8>, side: usize, digits: bool, cells: &mut [u8]) -> Result<(), Error> {
    let wanted = side * side;
    if cells.len() != wanted || wanted > MAX_CELLS {
        return Err(Error::Length);
    }
    let mut grid = [0u8; MAX_CELLS];
    let mut count = 0;
    for byte in text {
        let value = match byte {
            b' ' | b'\t' | b'\r' | b'\n' => continue,
            b'-' | b'.' => 0,
            b'0' if digits => 0,
            b'1'..=b'9' if digits && usize::from(byte - b'0') <= side => byte - b'0',
            b'A'..=b'Z' if !digits && usize::from(byte - b'A') < side => byte - b'A' + 1,
            _ => return Err(Error::Cell),
        };
        if count == wanted {
            return Err(Error::Length);
        }
        grid[count] = value;
        count += 1;
    }
    if count != wanted {
        return Err(Error::Length);
    }
    cells.copy_from_slice(&grid[..wanted]);
    Ok(())
}

/// Writes a solved grid as its symbols (see [`symbol`]), one byte per cell.
pub fn write(shape: Shape, cells: &[u8], text: &mut [u8]) {
    for (t, &c) in text.iter_mut().zip(cells) {
        *t = symbol(shape, c);
    }
}

/// Fills the blanks of `cells` with the first solution the DLX search finds, the same one on
/// every call. Leaves `cells` as it was when there is none ([`Error::Unsolvable`]), givens
/// that repeat in a unit included.
#[cfg(any(test, feature = "internals"))] // tests and benchmarks
pub fn solve(
    engine: &mut Engine<'_>,
    shape: Shape,
    cells: &mut [u8],
) -> Result<SearchStats, Error> {
    solve_within(engine, shape, cells, &mut Deadline::new(&mut || false))
}

/// [`solve`] that stops when `deadline` passes ([`Error::Timeout`], `cells` untouched).
pub fn solve_within(
    engine: &mut Engine<'_>,
    shape: Shape,
    cells: &mut [u8],
    deadline: &mut Deadline,
) -> Result<SearchStats, Error> {
    encode(engine, shape, cells)?;
    let mut solved = false;
    let stats = engine.search_pruned(
        |e| e.within(deadline),
        |e| {
            for option in e.chosen() {
                let (cell, digit) = option_cell_digit(e, shape, option);
                cells[cell] = digit;
            }
            solved = true;
            Flow::Stop
        },
    );
    match (solved, deadline.passed()) {
        (true, _) => Ok(stats),
        (false, false) => Err(Error::Unsolvable),
        (false, true) => Err(Error::Timeout),
    }
}

/// Counts the completions of `cells`, stopping at `limit` (at least 1, else [`Error::Arg`]);
/// 0 when there is none, repeated givens included. [`Error::Timeout`] when `deadline` passes
/// before the count is settled.
pub fn count_solutions(
    engine: &mut Engine<'_>,
    shape: Shape,
    cells: &[u8],
    limit: u64,
    deadline: &mut Deadline,
) -> Result<u64, Error> {
    let limit = count_limit(limit)?;
    match encode(engine, shape, cells) {
        Err(Error::Unsolvable) => return Ok(0),
        other => other?,
    }
    let mut found = 0;
    engine.search_pruned(
        |e| e.within(deadline),
        |_| {
            found += 1;
            if found == limit { Flow::Stop } else { Flow::Continue }
        },
    );
    if found < limit && deadline.passed() { Err(Error::Timeout) } else { Ok(found) }
}

/// The most cells a [`Shape`] has (25x25).
pub const MAX_CELLS: usize = 625;

/// The digits each cell may hold as far as the givens tell, bit `d` for digit `d`: a given
/// cell its own digit, a blank every digit that no given in its row, column or box holds.
/// Repeated givens are not detected here (the matrix does that, see [`build`]).
pub fn candidates(shape: Shape, cells: &[u8]) -> Result<[u32; MAX_CELLS], Error> {
    let side = shape.side();
    if cells.len() != shape.cells() {
        return Err(Error::Length);
    }
    let mut row_has = [0u32; 25];
    let mut col_has = [0u32; 25];
    let mut box_has = [0u32; 25];
    for (cell, &digit) in cells.iter().enumerate() {
        if usize::from(digit) > side {
            return Err(Error::Cell);
        }
        let (r, c) = (cell / side, cell % side);
        let bit = (1u32 << digit) & !1;
        row_has[r] |= bit;
        col_has[c] |= bit;
        box_has[shape.box_of(r, c)] |= bit;
    }
    let all = ((1u32 << (side + 1)) - 1) & !1;
    let mut out = [0u32; MAX_CELLS];
    for (cell, &given) in cells.iter().enumerate() {
        let (r, c) = (cell / side, cell % side);
        out[cell] =
            if given != 0 { 1 << given } else { all & !(row_has[r] | col_has[c] | box_has[shape.box_of(r, c)]) };
    }
    Ok(out)
}

/// Builds the exact cover matrix of `cells` in `engine` with one option per (cell, digit) of
/// `options`, in that order (the order in which the search will try them), then selects the
/// givens' options. A given left out of `options`, or a second given with the same digit in a
/// unit (its option is gone once the first is selected), is [`Error::Unsolvable`].
pub fn build(
    engine: &mut Engine<'_>,
    shape: Shape,
    cells: &[u8],
    options: impl IntoIterator<Item = (usize, u8)>,
) -> Result<(), Error> {
    let side = shape.side();
    if cells.len() != shape.cells() {
        return Err(Error::Length);
    }
    // A capacity error means the engine was sized for a smaller grid than `shape`: the input
    // holds more cells than this engine takes.
    let capacity = |_| Error::Length;
    engine.reset(shape.items(), 0).map_err(capacity)?;
    for (cell, digit) in options {
        let digit = usize::from(digit);
        if cell >= shape.cells() || !(1..=side).contains(&digit) {
            return Err(Error::Cell);
        }
        let items = shape.option_items(cell, digit - 1).map(|item| 1 + item);
        engine.add_option(&items).map_err(capacity)?;
    }
    for (cell, &given) in cells.iter().enumerate() {
        if given != 0 {
            let option = engine
                .options_of(shape.cell_item(cell))
                .find(|&o| option_cell_digit(engine, shape, o) == (cell, given));
            if !option.is_some_and(|o| engine.select(o)) {
                return Err(Error::Unsolvable);
            }
        }
    }
    Ok(())
}

/// The (cell, digit) that an option of a matrix made by [`build`] stands for.
pub fn option_cell_digit(
    engine: &Engine<'_>,
    shape: Shape,
    option: OptionRef,
) -> (usize, u8) {
    shape.decode(engine.option_items(option)).unwrap_or((0, 0))
}

/// [`build`] with every candidate (see [`candidates`]), cells in order, digits ascending.
fn encode(
    engine: &mut Engine<'_>,
    shape: Shape,
    cells: &[u8],
) -> Result<(), Error> {
    let allowed = candidates(shape, cells)?;
    let side = shape.side();
    let options = (0..shape.cells())
        .flat_map(|cell| (1..=side as u8).map(move |digit| (cell, digit)))
        .filter(|&(cell, digit)| allowed[cell] & (1 << digit) != 0);
    build(engine, shape, cells, options)
}
