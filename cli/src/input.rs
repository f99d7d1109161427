//! Files of puzzles read as a stream, a line at a time: memory stays bounded on an endless
//! input, and a line that cannot be used (not UTF-8, a byte-order mark or a NUL in it, over
//! [`MAX_LINE`] bytes) is that line's fault alone.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

/// The longest line kept: the longest puzzle line, spaced out, is a few kilobytes; the rest of
/// a longer line is read and dropped, and the line is invalid.
pub const MAX_LINE: usize = 1 << 16;

/// One input: its name ("-" for standard input), its reader and the lines read so far.
pub struct Input {
    pub name: String,
    reader: Box<dyn BufRead + Send>,
    /// Lines read so far: the number of the last one.
    pub line: usize,
}

/// Opens every file (standard input for none or "-") before anything is read, so that a
/// missing file is reported before any answer; the message of the first failure. Also the
/// total size when every input is a regular file (for the progress bar).
pub fn open(files: &[PathBuf]) -> Result<(Vec<Input>, Option<u64>), String> {
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut total = Some(0u64);
    let mut inputs = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let reader: Box<dyn BufRead + Send> = if name == "-" {
            total = None;
            Box::new(BufReader::with_capacity(1 << 16, std::io::stdin()))
        } else {
            let file = File::open(path).map_err(|e| format!("{name}: {e}"))?;
            let metadata = file.metadata().map_err(|e| format!("{name}: {e}"))?;
            if metadata.is_dir() {
                return Err(format!("{name}: a directory, not a file of puzzles"));
            }
            let size = metadata.is_file().then_some(metadata.len());
            total = total.zip(size).map(|(t, s)| t + s);
            Box::new(BufReader::with_capacity(1 << 16, file))
        };
        inputs.push(Input { name, reader, line: 0 });
    }
    Ok((inputs, total))
}

/// A line as read: its text, or why it cannot be used.
pub type Line = Result<String, String>;

impl Input {
    /// The next line without its line end (`\n` or `\r\n`), `None` at the end of the input,
    /// and the bytes it took; the message of an I/O error.
    pub fn next_line(&mut self, bytes: &mut Vec<u8>) -> Result<Option<(Line, u64)>, String> {
        bytes.clear();
        let (mut long, mut taken, mut ended) = (false, 0u64, false);
        while !ended {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(format!("{}: {e}", self.name)),
            };
            if available.is_empty() {
                if taken == 0 {
                    return Ok(None);
                }
                break;
            }
            let end = available.iter().position(|&b| b == b'\n');
            ended = end.is_some();
            let chunk = &available[..end.unwrap_or(available.len())];
            // Room for a CR before the line end, taken off below.
            let room = MAX_LINE + 1 - bytes.len();
            long |= chunk.len() > room;
            bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
            let used = end.map_or(chunk.len(), |e| e + 1);
            self.reader.consume(used);
            taken += used as u64;
        }
        self.line += 1;
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        long |= bytes.len() > MAX_LINE;
        Ok(Some((text(bytes, long), taken)))
    }
}

/// The line as text, or why it is not usable text.
fn text(bytes: &[u8], long: bool) -> Line {
    if long {
        return Err(format!("a line over {MAX_LINE} bytes"));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        format!("not UTF-8 text: byte {:#04x} at byte {} of the line", bytes[at], at + 1)
    })?;
    if let Some(at) = text.find('\u{feff}') {
        return Err(format!("a byte-order mark (U+FEFF) at byte {} of the line", at + 1));
    }
    if let Some(at) = text.find('\0') {
        return Err(format!("a NUL byte at byte {} of the line", at + 1));
    }
    Ok(text.to_string())
}

/// One puzzle and where it came from ("file:line"), and how many bytes of input were read
/// once it was (for the progress bar).
pub struct Job<T> {
    pub place: String,
    pub item: T,
    pub read: u64,
}

/// The puzzles of every input in order, in the layouts people keep them in, told apart line
/// by line with no lookahead (so answers stream out as lines come in):
///
/// - a puzzle a line (81 or 256 cells, as the library reads them);
/// - a grid of 9 or 16 lines of 9 or 16 cells (Project Euler's, QQWing's readable grids):
///   a line of 9 or 16 cells starts one, and a line of another width, a blank line or the end
///   of the input cuts it short (then it is invalid, at its first line);
/// - `|` between cells and rule lines of `-`, `+`, `=` and `|` are skipped (a line of only
///   9, 16, 81 or 256 `-` is blanks, not a rule);
/// - CSV: the field before the first `,` is the puzzle (Kaggle's `quizzes,solutions`); a
///   first line whose first field has a lowercase letter is a header, skipped;
/// - `#` starts a comment, to the end of the line; words with a lowercase letter and fewer
///   than 4 characters that could be cells are a label ("Grid 01"), skipped.
///
/// Blank lines are skipped. A puzzle's place is its first line. `--layout` settles what the
/// line-by-line guess cannot (see [`Layout`]); with a variant's side, grids have that many rows.
pub struct Lines {
    inputs: std::vec::IntoIter<Input>,
    current: Option<Input>,
    bytes: Vec<u8>,
    read: u64,
    /// Whether the current input has had a line with content (for a CSV header).
    started: bool,
    /// A grid of lines being read: its place, width, cells so far and rows.
    grid: Option<(String, usize, String, usize)>,
    /// Puzzles ready before the next is asked for (a cut grid and the line that cut it).
    ready: std::collections::VecDeque<Job<Line>>,
    layout: Layout,
    /// The side of the grids when a variant's map fixes it (else 9 or 16).
    side: Option<usize>,
}

/// How lines make puzzles (`--layout`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Layout {
    /// Told apart line by line: a puzzle a line, grids of lines, CSV.
    Auto,
    /// Each line is a whole puzzle, never a grid's row (16 cells: a 4x4 puzzle, not a row of
    /// a 16x16 grid); `,` separates cells as a space does.
    Line,
    /// As auto, but `,` separates cells as a space does (grid rows such as `5,3,0,0,7,...`):
    /// no line is CSV.
    Grid,
    /// CSV: each input's first line is a header whatever it holds (`PUZZLE,SOLUTION`, which
    /// auto would take for a puzzle), then the first field of each line is a puzzle.
    Csv,
}

/// How a line of text reads as part of a file of puzzles.
enum Kind {
    /// Nothing to read: blank, a comment, a rule, a header or a label.
    Skip,
    /// Cells (spaces, tabs and `|` taken out) and how many characters they are.
    Cells(String, usize),
}

/// Whether `c` could be a cell of a 9x9 or 16x16 grid.
fn may_be_cell(c: char) -> bool {
    matches!(c, '0'..='9' | '.' | '-' | 'A'..='P')
}

fn kind(line: &str, first: bool, layout: Layout, side: Option<usize>) -> Kind {
    let line = line.split('#').next().unwrap_or_default();
    let (field, csv) = match (layout, line.split_once(',')) {
        (Layout::Auto | Layout::Csv, Some((field, _))) => (field, true),
        _ => (line, false),
    };
    let lowercase = field.bytes().any(|b| b.is_ascii_lowercase());
    if first && (layout == Layout::Csv || csv && lowercase) {
        return Kind::Skip;
    }
    let cells: String = field.chars().filter(|&c| !matches!(c, ' ' | '\t' | '\r' | '|' | ',')).collect();
    // Only dashes, as many as a row or a grid has cells: blanks ('-' is a blank in every size).
    let size = match side {
        Some(side) => cells.len() == side || cells.len() == side * side,
        None => matches!(cells.len(), 9 | 16 | 81 | 256),
    };
    let blanks = size && cells.bytes().all(|b| b == b'-');
    if cells.is_empty() || cells.chars().all(|c| matches!(c, '-' | '+' | '=')) && !blanks {
        return Kind::Skip;
    }
    let words = field.trim_start().starts_with(|c: char| c.is_ascii_alphabetic()) && field.trim().contains(' ');
    if lowercase && words && field.chars().filter(|&c| may_be_cell(c)).count() < 4 {
        return Kind::Skip;
    }
    let n = cells.chars().count();
    Kind::Cells(cells, n)
}

impl Lines {
    pub fn new(inputs: Vec<Input>, layout: Layout, side: Option<usize>) -> Self {
        Lines {
            inputs: inputs.into_iter(),
            current: None,
            bytes: Vec::new(),
            read: 0,
            started: false,
            grid: None,
            ready: Default::default(),
            layout,
            side,
        }
    }

    /// The grid being read, cut short or complete, as a puzzle.
    fn flush_grid(&mut self) {
        if let Some((place, _, cells, _)) = self.grid.take() {
            self.ready.push_back(Job { place, item: Ok(cells), read: self.read });
        }
    }

    /// The next puzzle (its text, or why it cannot be used); the message of an I/O error.
    pub fn next_job(&mut self) -> Result<Option<Job<Line>>, String> {
        loop {
            if let Some(job) = self.ready.pop_front() {
                return Ok(Some(job));
            }
            let Some(input) = self.current.as_mut() else {
                match self.inputs.next() {
                    Some(input) => {
                        self.current = Some(input);
                        self.started = false;
                    }
                    None => return Ok(None),
                }
                continue;
            };
            let Some((line, taken)) = input.next_line(&mut self.bytes)? else {
                self.current = None;
                self.flush_grid();
                continue;
            };
            self.read += taken;
            let place = format!("{}:{}", input.name, input.line);
            let text = match line {
                Ok(text) => text,
                Err(why) => {
                    self.flush_grid();
                    self.ready.push_back(Job { place, item: Err(why), read: self.read });
                    continue;
                }
            };
            // Blank as the library reads whitespace: space, tab, CR, LF.
            if text.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')) {
                self.flush_grid();
                continue;
            }
            let first = !std::mem::replace(&mut self.started, true);
            let Kind::Cells(cells, n) = kind(&text, first, self.layout, self.side) else { continue };
            if let Some((_, width, grid, rows)) = self.grid.as_mut() {
                if n == *width {
                    grid.push_str(&cells);
                    *rows += 1;
                    if *rows == *width {
                        self.flush_grid();
                    }
                    continue;
                }
                self.flush_grid();
            }
            let row = match self.side {
                Some(side) => n == side,
                None => n == 9 || n == 16,
            };
            if row && matches!(self.layout, Layout::Auto | Layout::Grid) {
                self.grid = Some((place, n, cells, 1));
            } else {
                self.ready.push_back(Job { place, item: Ok(cells), read: self.read });
            }
        }
    }
}
