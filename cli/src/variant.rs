//! Sudoku variants from the shell (`--regions`, `--extra`, `--diagonals`): the maps read once,
//! then each puzzle solved or counted by `dlx_core::Variant` of the maps' side.
//!
//! A map file has a row of the grid a line and a symbol a cell naming its unit (any character
//! but whitespace; spaces and tabs between cells are skipped, so columns can be spaced out);
//! blank lines and lines starting with `#` are skipped. Its row count is the side. In an extra
//! map `.` is a cell in no unit.

use std::cell::RefCell;
use std::path::Path;
use std::sync::atomic::AtomicBool;

use dlx_core::{Error, Variant};

use crate::expiry;
use crate::input::Line;
use crate::jobs::{Outcome, cell_fault, cells};

/// The rules every puzzle of a run follows.
pub struct Rules {
    /// The maps' side; `None` with the diagonals alone, when each puzzle's cell count says.
    side: Option<usize>,
    /// The region map; `None` for the boxes of each puzzle's side.
    regions: Option<Vec<i32>>,
    diagonals: bool,
    extra: Option<Vec<i32>>,
}

/// Reads a map file: its side and each cell's unit, numbered in order of first appearance
/// (-1 for `.` in an extra map). Errors name the file, and the line and column at fault.
fn read_map(path: &Path, extra: bool) -> Result<(usize, Vec<i32>), String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let what = if extra { "unit" } else { "region" };
    let mut rows = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let cells: Vec<(usize, char)> =
            line.chars().enumerate().filter(|(_, c)| !c.is_whitespace()).map(|(k, c)| (k + 1, c)).collect();
        if cells.first().is_some_and(|&(_, c)| c != '#') {
            rows.push((index + 1, cells));
        }
    }
    let side = rows.len();
    if !(4..=25).contains(&side) {
        return Err(format!("{name}: {side} rows; a map has a line for each row of the grid, 4 to 25"));
    }
    // Each unit's symbol, where it first stands, and its cells.
    let mut units: Vec<(char, usize, usize, usize)> = Vec::new();
    let mut map = Vec::with_capacity(side * side);
    for (line, row) in &rows {
        if row.len() != side {
            let at = row.get(side).map_or(String::new(), |(column, _)| format!("{column}:"));
            return Err(format!("{name}:{line}:{at} {} cells, not {side} (the map has {side} rows)", row.len()));
        }
        for &(column, symbol) in row {
            if extra && symbol == '.' {
                map.push(-1);
                continue;
            }
            let unit = match units.iter().position(|u| u.0 == symbol) {
                Some(unit) => unit,
                None if units.len() == side => {
                    return Err(format!("{name}:{line}:{column}: {symbol:?} is a {what} too many: {side} at most"));
                }
                None => {
                    units.push((symbol, *line, column, 0));
                    units.len() - 1
                }
            };
            units[unit].3 += 1;
            map.push(unit as i32);
        }
    }
    if !extra && units.len() < side {
        return Err(format!("{name}: {} regions, not {side}", units.len()));
    }
    if let Some((symbol, line, column, n)) = units.iter().find(|u| u.3 != side) {
        return Err(format!("{name}:{line}:{column}: {what} {symbol:?} (first here) has {n} cells, not {side}"));
    }
    Ok((side, map))
}

/// The boxes of a side as a map: `a` rows by `side / a` columns, `a` the largest divisor of
/// `side` not above its square root (3x3 for 9, 2x3 for 6, 3x4 for 12); `None` for a prime side.
fn boxes(side: usize) -> Option<Vec<i32>> {
    let a = (2..=side).take_while(|a| a * a <= side).filter(|&a| side.is_multiple_of(a)).last()?;
    let b = side / a;
    Some((0..side * side).map(|c| (c / side / a * a + c % side / b) as i32).collect())
}

thread_local! {
    /// Each thread's search memory, grown to the largest variant it met (contents do not matter).
    static MEMORY: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

impl Rules {
    /// The rules the flags give, `None` without any (the plain 9x9 and 16x16 solvers).
    pub fn read(regions: Option<&Path>, extra: Option<&Path>, diagonals: bool) -> Result<Option<Rules>, String> {
        let regions = regions.map(|path| read_map(path, false)).transpose()?;
        let extra_map = extra.map(|path| read_map(path, true)).transpose()?;
        if regions.is_none() && extra_map.is_none() && !diagonals {
            return Ok(None);
        }
        if let (Some((a, _)), Some((b, _)), Some(path)) = (&regions, &extra_map, extra)
            && a != b
        {
            return Err(format!("{}: {b} rows, but the region map has {a}", path.display()));
        }
        let side = regions.as_ref().or(extra_map.as_ref()).map(|m| m.0);
        let regions = match (regions, side, extra) {
            (Some((_, map)), ..) => Some(map),
            (None, Some(side), Some(path)) => Some(boxes(side).ok_or_else(|| {
                format!("{}: a side of {side} has no boxes: give its regions with --regions", path.display())
            })?),
            _ => None,
        };
        Ok(Some(Rules { side, regions, diagonals, extra: extra_map.map(|m| m.1) }))
    }

    /// The side of the grids read, when the maps fix it.
    pub fn side(&self) -> Option<usize> {
        self.side
    }

    /// Solves a puzzle line (`limit` `None`) or counts its solutions up to `limit`.
    pub fn run(&self, line: &Line, limit: Option<u64>, ms: u64, stop: &AtomicBool) -> Outcome {
        let text = match line {
            Ok(text) => text,
            Err(why) => return Outcome::Invalid(why.clone()),
        };
        let n = cells(text);
        let side = match self.side {
            Some(side) => side,
            None => match (4..=25).find(|s| s * s == n) {
                Some(side) => side,
                None => return Outcome::Invalid(format!("{n} cells: not a square grid of side 4 to 25")),
            },
        };
        if n != side * side {
            return Outcome::Invalid(format!("{n} cells, not {}", side * side));
        }
        let own;
        let regions = match &self.regions {
            Some(map) => map,
            None => match boxes(side) {
                Some(map) => {
                    own = map;
                    &own
                }
                None => return Outcome::Invalid(format!("a side of {side} has no boxes: give --regions")),
            },
        };
        let variant = match Variant::new(side, regions, self.diagonals, self.extra.as_deref()) {
            Ok(variant) => variant,
            Err(e) => return Outcome::Invalid(e.to_string()),
        };
        let mut solution = [0u8; 625];
        let found = MEMORY.with(|memory| {
            let mut memory = memory.borrow_mut();
            if memory.len() < variant.words() {
                memory.resize(variant.words(), 0);
            }
            variant.solve_until(&mut memory, text.bytes(), limit.unwrap_or(1), &mut solution, expiry(ms, stop))
        });
        match (found, limit) {
            (Ok(0), None) => Outcome::Unsolvable("unsolvable".into()),
            (Ok(_), None) => Outcome::Solved(String::from_utf8_lossy(&solution[..n]).into_owned()),
            (Ok(0), Some(_)) => Outcome::Unsolvable("0".into()),
            (Ok(count), Some(_)) => Outcome::Solved(count.to_string()),
            (Err(Error::Timeout), _) => Outcome::Timeout,
            (Err(Error::Cell), _) => Outcome::Invalid(cell_fault(text, side, |b| {
                let symbol = match b {
                    b'.' | b'-' => return true,
                    b'0' => return side <= 9,
                    b'1'..=b'9' if side <= 9 => b - b'0',
                    b'A'..=b'Y' if side > 9 => b - b'A' + 1,
                    _ => return false,
                };
                usize::from(symbol) <= side
            })),
            (Err(e), _) => Outcome::Invalid(e.to_string()),
        }
    }
}
