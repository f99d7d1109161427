//! Target Sudoku grids from text in the three layouts people have: 81 numbers a line; CSU
//! 1605's input (a count T alone on the first line, then T grids of 9 lines of 9 numbers);
//! NOIP 2009's (one grid of 9 lines). Numbers are separated by whitespace, and blank lines are
//! skipped. Each line is judged on its own, so that one bad line never shifts the grids after
//! it: a line of 81 numbers is a grid; a line of 9 starts a grid of 9 lines, which takes the
//! next 8 lines whatever they hold (one that is not 9 numbers makes it invalid) unless a blank
//! line, a line of 81 numbers or the end of the input comes first (then it is invalid, cut
//! short); any other line is invalid.

use std::collections::VecDeque;

use dlx_core::{CELLS9, Error};

use crate::expiry;
use crate::input::{Input, Job, Line};
use crate::jobs::Outcome;

/// A grid's 81 values (0 blank), or why it could not be read.
pub type Grid = Result<[u8; CELLS9], String>;

/// A grid of 9 lines being read: where it starts, its values so far, its first fault.
struct Rows {
    place: String,
    rows: usize,
    grid: Grid,
}

/// The grids of every input in order.
pub struct Grids {
    inputs: std::vec::IntoIter<Input>,
    current: Option<Input>,
    /// The CSU count of the current input and the grids read since it.
    count: Option<(usize, usize)>,
    /// Whether the current input has had a line that is not blank.
    started: bool,
    rows: Option<Rows>,
    ready: VecDeque<Job<Grid>>,
    bytes: Vec<u8>,
    read: u64,
}

impl Grids {
    pub fn new(inputs: Vec<Input>) -> Self {
        Grids {
            inputs: inputs.into_iter(),
            current: None,
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
                    Some(input) => (self.current, self.count, self.started) = (Some(input), None, false),
                    None => return Ok(None),
                }
                continue;
            };
            match input.next_line(&mut self.bytes)? {
                Some((line, taken)) => {
                    self.read += taken;
                    let (name, number) = (input.name.clone(), input.line);
                    self.line(&name, number, line);
                }
                None => {
                    let (name, last) = (input.name.clone(), input.line);
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

    fn push(&mut self, place: String, item: Grid) {
        if let Some((_, read)) = self.count.as_mut() {
            *read += 1;
        }
        self.ready.push_back(Job { place, item, read: self.read });
    }

    /// Takes one line of the input `name`, numbered `number`.
    fn line(&mut self, name: &str, number: usize, line: Line) {
        let place = format!("{name}:{number}");
        let words: Vec<&str> = match &line {
            Ok(text) => text.split_whitespace().collect(),
            Err(_) => Vec::new(),
        };
        if line.is_ok() && words.is_empty() {
            // A blank line ends a grid of 9 lines that is not complete.
            if let Some(rows) = self.rows.take() {
                let why = format!("the grid of 9 lines ends after {} of them", rows.rows);
                self.push(rows.place, Err(rows.grid.err().unwrap_or(why)));
            }
            return;
        }
        let first = !std::mem::replace(&mut self.started, true);
        if first && words.len() == 1 {
            if let Ok(total) = words[0].parse::<usize>() {
                self.count = Some((total, 0));
                return;
            }
        }
        // What this line is: a whole grid, a row of one, or a fault.
        let fault = match (&line, words.len()) {
            (Err(why), _) => Some(why.clone()),
            (Ok(_), CELLS9) | (Ok(_), 9) => None,
            (Ok(_), n) => Some(format!("{n} numbers, not 81 (or 9 on each of 9 lines)")),
        };
        if let Some(mut rows) = self.rows.take() {
            if words.len() == CELLS9 {
                let why = format!("the grid of 9 lines ends after {} of them, at a line of 81 numbers", rows.rows);
                self.push(rows.place, Err(rows.grid.err().unwrap_or(why)));
            } else {
                // A row of the grid in progress; a faulty one still takes its place, so that
                // the grids after it stay in step.
                match fault {
                    None => read_numbers(&words, rows.rows * 9, number, &mut rows.grid),
                    Some(why) => {
                        if rows.grid.is_ok() {
                            let why = format!("line {number} (row {} of the grid): {why}", rows.rows + 1);
                            rows.grid = Err(why);
                        }
                    }
                }
                rows.rows += 1;
                if rows.rows == 9 {
                    self.push(rows.place, rows.grid);
                } else {
                    self.rows = Some(rows);
                }
                return;
            }
        }
        match fault {
            Some(why) => self.push(place, Err(why)),
            None if words.len() == CELLS9 => {
                let mut grid = Ok([0u8; CELLS9]);
                read_numbers(&words, 0, number, &mut grid);
                self.push(place, grid);
            }
            None => {
                let mut grid = Ok([0u8; CELLS9]);
                read_numbers(&words, 0, number, &mut grid);
                self.rows = Some(Rows { place, rows: 1, grid });
            }
        }
    }
}

/// Writes `words` into the grid from cell `start`; the first value outside 0..9 makes it a
/// fault that names its line, row and column.
fn read_numbers(words: &[&str], start: usize, line: usize, grid: &mut Grid) {
    let Ok(cells) = grid else { return };
    for (k, word) in (start..).zip(words) {
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
