//! Target Sudoku grids from text in the layouts people have: 81 numbers a line (or 81 digits
//! run together, `0` or `.` a blank); CSU
//! 1605's input (a count T alone on the first line, then T grids of 9 lines of 9 numbers);
//! NOIP 2009's (one grid of 9 lines). Numbers are separated by spaces or tabs, and blank lines
//! are skipped.
//!
//! Each line is judged on its own, so that one bad line never shifts the grids after it. An
//! input's layout is that of its first line of 9 or 81 numbers (looked for among its first
//! [`LOOKAHEAD`] lines): in the layout of 9 lines, every line but the count is a row, 9 rows
//! in a row are a grid, and a bad row makes its own grid invalid but still takes its place; in
//! the layout of a grid a line, each line is a grid or invalid alone. Either way a line of 81
//! numbers is a grid, a line of 9 starts a grid of 9 lines, and a blank line, a line of 81
//! numbers or the end of the input cuts a grid of 9 lines short (it is then invalid).

use std::collections::VecDeque;

use dlx_core::{CELLS9, Error};

use crate::expiry;
use crate::input::{Input, Job, Line};
use crate::jobs::Outcome;

/// Lines read to find an input's layout before deciding for a grid a line.
const LOOKAHEAD: usize = 32;

/// A grid's 81 values (0 blank), or why it could not be read.
pub type Grid = Result<[u8; CELLS9], String>;

/// A grid of 9 lines being read: where it starts, its rows so far, its values or first fault.
struct Rows {
    place: String,
    rows: usize,
    grid: Grid,
}

/// How an input lays its grids out.
#[derive(Clone, Copy, PartialEq)]
enum Layout {
    NineLines,
    LineEach,
}

/// A line as read: its number, its text (or why it is none) and how many numbers it holds (of
/// its bytes as far as they are text, for a line that is not).
struct Read {
    number: usize,
    line: Line,
    words: usize,
}

/// The grids of every input in order.
pub struct Grids {
    inputs: std::vec::IntoIter<Input>,
    current: Option<Input>,
    /// The current input's layout, once known; its lines read before that.
    layout: Option<Layout>,
    held: Vec<Read>,
    /// The CSU count of the current input and the grids read since it.
    count: Option<(usize, usize)>,
    /// Whether the current input has had a line that is not blank.
    started: bool,
    rows: Option<Rows>,
    ready: VecDeque<Job<Grid>>,
    bytes: Vec<u8>,
    read: u64,
}

/// The numbers of a line: whitespace as the library reads it (space, tab, CR, LF).
/// A line of 81 digits with nothing between them (`0` or `.` a blank) is read as 81 numbers.
fn words(text: &str) -> Vec<&str> {
    let words: Vec<&str> = text.split([' ', '\t', '\r', '\n']).filter(|w| !w.is_empty()).collect();
    match words[..] {
        [grid] if grid.len() == CELLS9 && grid.bytes().all(|b| b.is_ascii_digit() || b == b'.') => {
            (0..CELLS9).map(|k| if &grid[k..=k] == "." { "0" } else { &grid[k..=k] }).collect()
        }
        _ => words,
    }
}

impl Grids {
    pub fn new(inputs: Vec<Input>) -> Self {
        Grids {
            inputs: inputs.into_iter(),
            current: None,
            layout: None,
            held: Vec::new(),
            count: None,
            started: false,
            rows: None,
            ready: VecDeque::new(),
            bytes: Vec::new(),
            read: 0,
        }
    }

    /// The next grid (its values, or why it cannot be used); the message of an I/O error.
    pub fn next_job(&mut self) -> Result<Option<Job<Grid>>, String> {
        loop {
            if let Some(job) = self.ready.pop_front() {
                return Ok(Some(job));
            }
            let Some(input) = self.current.as_mut() else {
                match self.inputs.next() {
                    Some(input) => {
                        (self.current, self.layout, self.count, self.started) = (Some(input), None, None, false)
                    }
                    None => return Ok(None),
                }
                continue;
            };
            match input.next_line(&mut self.bytes)? {
                Some((line, taken)) => {
                    self.read += taken;
                    let words = words(&String::from_utf8_lossy(&self.bytes)).len();
                    let (name, number) = (input.name.clone(), input.line);
                    if self.layout.is_none() && words != 9 && words != CELLS9 && self.held.len() < LOOKAHEAD {
                        self.held.push(Read { number, line, words });
                        continue;
                    }
                    if self.layout.is_none() {
                        self.layout = Some(if words == 9 { Layout::NineLines } else { Layout::LineEach });
                    }
                    self.release(&name);
                    self.line(&name, Read { number, line, words });
                }
                None => {
                    let (name, last) = (input.name.clone(), input.line);
                    self.layout.get_or_insert(Layout::LineEach);
                    self.release(&name);
                    if let Some(rows) = self.rows.take() {
                        let why = format!("the grid of 9 lines ends after {} of them", rows.rows);
                        self.push(rows.place, Err(rows.grid.err().unwrap_or(why)));
                    }
                    if let Some((total, read)) = self.count.filter(|&(total, read)| read < total) {
                        let why =
                            format!("the input ends before grid {} of the {total} its first line counts", read + 1);
                        self.push(format!("{name}:{}", last.max(1)), Err(why));
                    }
                    self.current = None;
                }
            }
        }
    }

    /// Takes the lines held while the layout was not known.
    fn release(&mut self, name: &str) {
        for read in std::mem::take(&mut self.held) {
            self.line(name, read);
        }
    }

    fn push(&mut self, place: String, item: Grid) {
        if let Some((total, read)) = self.count.as_mut() {
            if *read == *total {
                crate::note(&format!("{place}: a grid past the {total} the input's first line counts (answered)"));
            }
            *read += 1;
        }
        self.ready.push_back(Job { place, item, read: self.read });
    }

    /// Takes one line of the input `name`, its layout known.
    fn line(&mut self, name: &str, Read { number, line, words: count }: Read) {
        let place = format!("{name}:{number}");
        if line.is_ok() && count == 0 {
            // A blank line ends a grid of 9 lines that is not complete.
            if let Some(rows) = self.rows.take() {
                let why = format!("the grid of 9 lines ends after {} of them", rows.rows);
                self.push(rows.place, Err(rows.grid.err().unwrap_or(why)));
            }
            return;
        }
        let first = !std::mem::replace(&mut self.started, true);
        if first && count == 1 {
            // The count of CSU's input, or a line that should have been one: alone either way.
            match line.as_deref().map(str::trim).map(str::parse::<usize>) {
                Ok(Ok(total)) => self.count = Some((total, 0)),
                Ok(Err(_)) => self.push(place, Err("1 numbers, not 81, and not a count of grids".into())),
                Err(why) => self.push(place, Err(why.clone())),
            }
            return;
        }
        let text = match &line {
            Ok(text) => Ok(words(text)),
            Err(why) => Err(why.clone()),
        };
        // What this line is: a whole grid, a row of one, or a fault.
        let fault = match &text {
            Err(why) => Some(why.clone()),
            Ok(w) if w.len() == CELLS9 || w.len() == 9 => None,
            Ok(w) => Some(format!("{} numbers, not 81 (or 9 on each of 9 lines)", w.len())),
        };
        let numbers = text.unwrap_or_default();
        if count == CELLS9 || self.rows.is_none() && (fault.is_some() && self.layout == Some(Layout::LineEach)) {
            if let Some(rows) = self.rows.take() {
                let why = format!("the grid of 9 lines ends after {} of them, at a line of 81 numbers", rows.rows);
                self.push(rows.place, Err(rows.grid.err().unwrap_or(why)));
            }
            let mut grid = fault.map_or(Ok([0u8; CELLS9]), Err);
            read_numbers(&numbers, 0, number, &mut grid);
            self.push(place, grid);
            return;
        }
        // A row of a grid of 9 lines (the first, when none is in progress). A faulty one still
        // takes its place, so that the grids after it stay in step.
        let mut rows = self.rows.take().unwrap_or(Rows { place, rows: 0, grid: Ok([0u8; CELLS9]) });
        match fault {
            None => read_numbers(&numbers, rows.rows * 9, number, &mut rows.grid),
            Some(why) => {
                if rows.grid.is_ok() {
                    rows.grid = Err(format!("line {number} (row {} of the grid): {why}", rows.rows + 1));
                }
            }
        }
        rows.rows += 1;
        if rows.rows == 9 {
            self.push(rows.place, rows.grid);
        } else {
            self.rows = Some(rows);
        }
    }
}

/// Writes `words` into the grid from cell `start`; the first value outside 0..9 makes it a
/// fault that names its line, row and column.
fn read_numbers(words: &[&str], start: usize, line: usize, grid: &mut Grid) {
    let Ok(cells) = grid else { return };
    for (k, word) in (start..).zip(words).take(CELLS9 - start) {
        match word.parse::<u8>() {
            Ok(v) if v <= 9 => cells[k] = v,
            _ => {
                let why = format!("line {line}, row {}, column {}: {} ({word:?})", k / 9 + 1, k % 9 + 1, Error::Cell);
                *grid = Err(why);
                return;
            }
        }
    }
}

/// The maximum score of a grid, or -1 when it has no completion.
pub fn solve(grid: &Grid, ms: u64, stop: &std::sync::atomic::AtomicBool) -> Outcome {
    match grid {
        Err(why) => Outcome::Invalid(why.clone()),
        Ok(grid) => match dlx_core::target_max_until(grid, expiry(ms, stop)) {
            Ok(answer) => Outcome::Solved(answer.score.to_string()),
            Err(Error::Unsolvable) => Outcome::Unsolvable("-1".into()),
            Err(Error::Timeout) => Outcome::Timeout,
            Err(e) => Outcome::Invalid(e.to_string()),
        },
    }
}
