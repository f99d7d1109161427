//! Sudoku variants on the DLX engine: a grid of side `n` (4 to 25) whose `n` regions are any
//! map of `n` cells each (jigsaw Sudoku; the boxes are one such map, and sides that are not
//! squares, 6x6 with 2x3 boxes, are maps too), optionally with the two main diagonals as units
//! (X-Sudoku) and extra units of `n` cells each (windoku and the like).
//!
//! Encoding: one option per (cell, digit) allowed (a given allows only its digit), items all
//! primary: the cell is filled, its row, column and region hold the digit, and, where the cell
//! lies in one, its extra unit and each diagonal through it hold the digit. Items are numbered
//! cells, rows, regions, columns (the order of [`super::Family`]), then extra units, then the
//! two diagonals. The engine runs in its default configuration (failure weights, probing), as
//! the Sudoku searches do, with 32-bit links in the caller's words.

use crate::Error;
use crate::deadline::Deadline;
use crate::error::count_limit;
use crate::exact_cover::dlx::{Capacity, Choice, Dlx, Flow};

/// Smallest and largest side.
pub const MIN_SIDE: usize = 4;
/// Largest side: digits must fit the text alphabet `A`..`Y`.
pub const MAX_SIDE: usize = 25;
/// Most cells of a grid.
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// A Sudoku variant: its side, its region map, whether the two main diagonals are units, and
/// its extra units, checked by [`Variant::new`].
///
/// Text grids use the alphabet of the side: for sides up to 9 the digits `1`..`n` (`0`, `.` or
/// `-` a blank); for sides 10 to 25 the letters `A`.. (`.` or `-` a blank). Space, tab, CR and
/// LF are skipped anywhere.
///
/// ```
/// use dlx_core::Variant;
///
/// // A 6x6 Sudoku with 2x3 boxes: the boxes are a region map.
/// let regions: Vec<i32> = (0..36).map(|c| (c / 6 / 2 * 2 + c % 6 / 3) as i32).collect();
/// let variant = Variant::new(6, &regions, false, None)?;
/// let mut memory = vec![0u64; Variant::words_for(6, 0).unwrap()];
/// let puzzle = "1.....\n..3...\n......\n......\n...5..\n.....6";
/// let mut solution = [0u8; 36];
/// let found = variant.solve_until(&mut memory, puzzle.bytes(), 2, &mut solution, || false)?;
/// assert!(found >= 1);
/// assert_eq!(solution[0], b'1');
/// # Ok::<(), dlx_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Variant<'a> {
    side: usize,
    regions: &'a [i32],
    diagonals: bool,
    extra: Option<&'a [i32]>,
    extra_units: usize,
}

/// The engine's capacity for a side and a number of extra units; `None` out of range.
fn capacity(side: usize, extra_units: usize) -> Option<Capacity> {
    if !(MIN_SIDE..=MAX_SIDE).contains(&side) || extra_units > side {
        return None;
    }
    let cells = side * side;
    let items = 4 * cells + (extra_units + 2) * side;
    let options = cells * side;
    // At most 4 items, an extra unit and two diagonals in an option.
    Some(Capacity::for_problem(items, options, 7 * options))
}

/// Whether `map` (one number per cell) makes exactly `units` units of exactly `side` cells
/// each, cells numbered -1 belonging to none when `none` allows.
fn units_of(map: &[i32], side: usize, units: usize, none: bool) -> bool {
    let mut count = [0usize; MAX_SIDE];
    for &u in map {
        match usize::try_from(u) {
            Ok(u) if u < units => count[u] += 1,
            _ if none && u == -1 => {}
            _ => return false,
        }
    }
    count[..units].iter().all(|&c| c == side)
}

impl<'a> Variant<'a> {
    /// A variant of side `side` (4 to 25) with `regions[cell]` (row-major, `side * side` of
    /// them) the region of each cell, `0..side`, each region exactly `side` cells; the two main
    /// diagonals as units if `diagonals`; and `extra[cell]` -1 for none or an extra unit
    /// `0..k`, each of the `k` extra units exactly `side` cells (so `k` is at most `side`).
    /// Connectivity is not required of any unit.
    ///
    /// # Errors
    /// [`Error::Arg`] for a side out of range or a map that is not as above (wrong length
    /// included).
    pub fn new(side: usize, regions: &'a [i32], diagonals: bool, extra: Option<&'a [i32]>) -> Result<Self, Error> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) || regions.len() != side * side || !units_of(regions, side, side, false) {
            return Err(Error::Arg);
        }
        let mut extra_units = 0;
        if let Some(extra) = extra {
            if extra.len() != side * side {
                return Err(Error::Arg);
            }
            extra_units = extra.iter().copied().max().map_or(0, |m| (m + 1).max(0) as usize);
            if extra_units > side || !units_of(extra, side, extra_units, true) {
                return Err(Error::Arg);
            }
        }
        Ok(Variant { side, regions, diagonals, extra, extra_units })
    }

    /// Words (`u64`) of memory a search of a variant of side `side` with `extra_units` extra
    /// units needs (the diagonals are always allowed for); `None` for a side outside 4..=25 or
    /// more extra units than the side. About 1.7 MB for 25x25, 140 KB for 9x9.
    pub fn words_for(side: usize, extra_units: usize) -> Option<usize> {
        Some(capacity(side, extra_units)?.words::<u32>())
    }

    /// The grid's side.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Its extra units.
    pub fn extra_units(&self) -> usize {
        self.extra_units
    }

    /// The words this variant's searches need ([`words_for`](Self::words_for)).
    pub fn words(&self) -> usize {
        Self::words_for(self.side, self.extra_units).unwrap_or(0)
    }

    /// Reads a grid of this side from text (see [`Variant`]) into `cells` (0 blank, `1..=n`
    /// a digit). Reading stops at the first fault: [`Error::Cell`] for a byte outside the
    /// alphabet, [`Error::Length`] for a cell too many or too few.
    pub fn parse(&self, text: impl IntoIterator<Item = u8>, cells: &mut [u8]) -> Result<(), Error> {
        super::parse_side(text.into_iter(), self.side, self.side <= 9, cells)
    }

    /// The symbol of digit `d` (1-based) in this side's alphabet.
    pub fn symbol(&self, digit: u8) -> u8 {
        if self.side <= 9 { b'0' + digit } else { b'A' + digit - 1 }
    }

    /// Counts the solutions of the puzzle `puzzle` (text, see [`Variant`]) up to `limit` (at
    /// least 1), searching in `memory` (at least [`words`](Self::words) words; its contents do
    /// not matter), and writes the first solution found, as text of `side * side` symbols, to
    /// the start of `solution` when there is one. `expired` is asked now and then whether the
    /// time is up. Returns the count, 0 when there is none (repeated givens included); the
    /// same first solution on every call.
    ///
    /// # Errors
    /// [`Error::Arg`] for a `limit` of 0, [`Error::Capacity`] when `memory` or `solution` is
    /// too small, [`Error::Cell`] and [`Error::Length`] for the text (see
    /// [`parse`](Self::parse)), [`Error::Timeout`] when `expired` said so before the count was
    /// settled. `solution` is written only on success with a count of 1 or more.
    pub fn solve_until(
        &self,
        memory: &mut [u64],
        puzzle: impl IntoIterator<Item = u8>,
        limit: u64,
        solution: &mut [u8],
        mut expired: impl FnMut() -> bool,
    ) -> Result<u64, Error> {
        let limit = count_limit(limit)?;
        let cells_n = self.side * self.side;
        if memory.len() < self.words() || solution.len() < cells_n {
            return Err(Error::Capacity);
        }
        let mut cells = [0u8; MAX_CELLS];
        self.parse(puzzle, &mut cells[..cells_n])?;
        let mut first = [0u8; MAX_CELLS];
        let (found, _) =
            self.search(memory, &cells[..cells_n], limit, None, &mut first[..cells_n], &mut Deadline::new(&mut expired))?;
        if found > 0 {
            for (out, &d) in solution.iter_mut().zip(&first[..cells_n]) {
                *out = self.symbol(d);
            }
        }
        Ok(found)
    }

    /// The search over `cells` (0 blank, `1..=n` a digit): the count up to `limit` and the
    /// nodes, the first solution in `first` (digits). `choice` `Some(Choice::Dlx1)` searches as
    /// DLX1 (no probing, no reductions); `None` the default configuration.
    pub(crate) fn search(
        &self,
        memory: &mut [u64],
        cells: &[u8],
        limit: u64,
        choice: Option<Choice>,
        first: &mut [u8],
        deadline: &mut Deadline,
    ) -> Result<(u64, u64), Error> {
        let (n, cells_n) = (self.side, self.side * self.side);
        let capacity = capacity(n, self.extra_units).ok_or(Error::Arg)?;
        if cells.len() != cells_n || first.len() != cells_n {
            return Err(Error::Length);
        }
        if cells.iter().any(|&d| usize::from(d) > n) {
            return Err(Error::Cell);
        }
        let mut engine = Dlx::<u32>::new(memory, capacity).ok_or(Error::Capacity)?;
        if let Some(choice) = choice {
            engine.set_choice(choice);
            if choice == Choice::Dlx1 {
                engine.set_probing(false);
                engine.set_reductions_after(u64::MAX);
            }
        }
        let (cells_base, row, region, column) = (1, 1 + cells_n, 1 + 2 * cells_n, 1 + 3 * cells_n);
        let extra_base = 1 + 4 * cells_n;
        let diagonal = extra_base + self.extra_units * n;
        let items = 4 * cells_n + (self.extra_units + usize::from(self.diagonals) * 2) * n;
        engine.reset(items, 0).map_err(|_| Error::Capacity)?;
        for cell in 0..cells_n {
            let (r, c) = (cell / n, cell % n);
            let g = self.regions[cell] as usize;
            let given = usize::from(cells[cell]);
            for d in 0..n {
                if given != 0 && given != d + 1 {
                    continue;
                }
                let mut option = [0usize; 7];
                option[..4].copy_from_slice(&[cells_base + cell, row + r * n + d, region + g * n + d, column + c * n + d]);
                let mut len = 4;
                if let Some(u) = self.extra.and_then(|e| usize::try_from(e[cell]).ok()) {
                    option[len] = extra_base + u * n + d;
                    len += 1;
                }
                if self.diagonals {
                    if r == c {
                        option[len] = diagonal + d;
                        len += 1;
                    }
                    if r + c == n - 1 {
                        option[len] = diagonal + n + d;
                        len += 1;
                    }
                }
                engine.add_option(&option[..len]).map_err(|_| Error::Capacity)?;
            }
        }
        let mut found = 0;
        let stats = engine.search_pruned(
            |e| e.within(deadline),
            |e| {
                found += 1;
                if found == 1 {
                    for option in e.chosen() {
                        let mut items = e.option_items(option);
                        if let (Some(cell), Some(rd)) = (items.next(), items.next()) {
                            first[cell - cells_base] = ((rd - row) % n + 1) as u8;
                        }
                    }
                }
                if found == limit { Flow::Stop } else { Flow::Continue }
            },
        );
        if found < limit && deadline.passed() {
            return Err(Error::Timeout);
        }
        Ok((found, stats.nodes))
    }
}
