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

/// The puzzle lines of every input in order, blank lines skipped.
pub struct Lines {
    inputs: std::vec::IntoIter<Input>,
    current: Option<Input>,
    bytes: Vec<u8>,
    read: u64,
}

impl Lines {
    pub fn new(inputs: Vec<Input>) -> Self {
        Lines { inputs: inputs.into_iter(), current: None, bytes: Vec::new(), read: 0 }
    }

    /// The next puzzle line (its text, or why it cannot be used); the message of an I/O error.
    pub fn next_job(&mut self) -> Result<Option<Job<Line>>, String> {
        loop {
            let Some(input) = self.current.as_mut() else {
                match self.inputs.next() {
                    Some(input) => self.current = Some(input),
                    None => return Ok(None),
                }
                continue;
            };
            match input.next_line(&mut self.bytes)? {
                None => self.current = None,
                Some((line, taken)) => {
                    self.read += taken;
                    // Blank as the library reads whitespace: space, tab, CR, LF.
                    if line.as_ref().is_ok_and(|l| l.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))) {
                        continue;
                    }
                    return Ok(Some(Job {
                        place: format!("{}:{}", input.name, input.line),
                        item: line,
                        read: self.read,
                    }));
                }
            }
        }
    }
}
