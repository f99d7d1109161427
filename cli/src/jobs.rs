//! Many puzzles on many threads, answers in input order, a progress bar and the summary.

use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

use dlx_core::Error;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::expiry;
use crate::input::{Job, Line};

/// What became of one puzzle; the text is what stdout gets for it.
pub enum Outcome {
    Solved(String),
    Unsolvable(String),
    Invalid(String),
    Timeout,
}

/// The library's whitespace, which it skips anywhere in a grid's text.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The outcome of a library call on a grid of `side` (9 or 16) given as `text`.
fn outcome(result: Result<String, Error>, text: &str, side: usize, unsolvable: &str) -> Outcome {
    match result {
        Ok(answer) => Outcome::Solved(answer),
        Err(Error::Unsolvable) => Outcome::Unsolvable(unsolvable.to_string()),
        Err(Error::Timeout) => Outcome::Timeout,
        Err(Error::Cell) => Outcome::Invalid(cell_fault(text, side, |b| {
            matches!(b, b'.' | b'-') || if side == 9 { b.is_ascii_digit() } else { (b'A'..=b'P').contains(&b) }
        })),
        Err(e) => Outcome::Invalid(e.to_string()),
    }
}

/// The first byte of `text` the library would reject (`ok` says what it takes), as a place in
/// a grid of `side`: "row r, column c: ... ('x')".
pub fn cell_fault(text: &str, side: usize, ok: impl Fn(u8) -> bool) -> String {
    let (cell, bad) = text.bytes().filter(|&b| !is_space(b)).enumerate().find(|&(_, b)| !ok(b)).unwrap_or((0, b'?'));
    format!("row {}, column {}: {} ({:?})", cell / side + 1, cell % side + 1, Error::Cell, char::from(bad))
}

/// Which grid a line holds: its number of cells.
pub fn cells(text: &str) -> usize {
    text.bytes().filter(|&b| !is_space(b)).count()
}

/// Solves a 9x9 or 16x16 puzzle line.
pub fn solve(line: &Line, ms: u64, stop: &AtomicBool) -> Outcome {
    let text = match line {
        Ok(text) => text,
        Err(why) => return Outcome::Invalid(why.clone()),
    };
    let letters = |g: &[u8]| String::from_utf8_lossy(g).into_owned();
    let expired = expiry(ms, stop);
    match cells(text) {
        81 => outcome(dlx_core::solve9_until(text.bytes(), expired).map(|g| letters(&g)), text, 9, "unsolvable"),
        256 => outcome(dlx_core::solve16_until(text.bytes(), expired).map(|g| letters(&g)), text, 16, "unsolvable"),
        n => Outcome::Invalid(format!("{n} cells, not 81 or 256")),
    }
}

/// Counts a puzzle line's solutions up to `limit`; none counts as unsolvable.
pub fn count(line: &Line, limit: u64, ms: u64, stop: &AtomicBool) -> Outcome {
    let text = match line {
        Ok(text) => text,
        Err(why) => return Outcome::Invalid(why.clone()),
    };
    let counted = match cells(text) {
        81 => (dlx_core::count9(text.bytes(), limit, expiry(ms, stop)), 9),
        256 => (dlx_core::count16(text.bytes(), limit, expiry(ms, stop)), 16),
        n => return Outcome::Invalid(format!("{n} cells, not 81 or 256")),
    };
    match counted {
        (Ok(0), _) => Outcome::Unsolvable("0".into()),
        (result, side) => outcome(result.map(|n| n.to_string()), text, side, "0"),
    }
}

/// The canonical form of a 9x9 line (`dlx_core::canon9`).
pub fn canon(line: &Line) -> Outcome {
    let text = match line {
        Ok(text) => text,
        Err(why) => return Outcome::Invalid(why.clone()),
    };
    match cells(text) {
        81 => outcome(dlx_core::canon9(text.bytes()).map(|g| String::from_utf8_lossy(&g).into_owned()), text, 9, ""),
        n => Outcome::Invalid(format!("{n} cells, not 81")),
    }
}

/// Parses a 9x9 line for the rater, or the outcome that stops it.
fn nine(line: &Line) -> Result<&str, Outcome> {
    let text = line.as_ref().map_err(|why| Outcome::Invalid(why.clone()))?;
    match cells(text) {
        81 => Ok(text),
        n => Err(Outcome::Invalid(format!("{n} cells, not 81"))),
    }
}

/// A rating in tenths as SE writes it: `7.2`.
fn tenths(rating: u8) -> String {
    format!("{}.{}", rating / 10, rating % 10)
}

/// The Sudoku Explainer rating of a 9x9 line (`dlx_core::rate9`): `7.2`, or `multiple` (more
/// than one solution) or `beyond` (the techniques implemented do not finish it).
pub fn rate(line: &Line, ms: u64, stop: &AtomicBool) -> Outcome {
    let text = match nine(line) {
        Ok(text) => text,
        Err(outcome) => return outcome,
    };
    match dlx_core::rate9_until(text.bytes(), expiry(ms, stop)) {
        Ok(dlx_core::Rating::Rated(r)) => Outcome::Solved(tenths(r)),
        Ok(dlx_core::Rating::Multiple) => Outcome::Unsolvable("multiple".into()),
        Ok(dlx_core::Rating::Beyond(_)) => Outcome::Unsolvable("beyond".into()),
        Err(e) => outcome(Err(e), text, 9, "unsolvable"),
    }
}

/// A cell as players name it: `r1c3`.
fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// A digit mask as `{1,2}`.
fn digit_list(mask: u16) -> String {
    let digits: Vec<String> = (0..9).filter(|d| mask & 1 << d != 0).map(|d| (d + 1).to_string()).collect();
    digits.join(",")
}

/// A step in words, one line: technique and rating, the pattern, what it places and removes.
pub fn describe(step: &dlx_core::Step) -> String {
    let mut words = format!("{} ({})", step.technique.name(), tenths(step.rating));
    let pattern: Vec<String> = (0..81).filter(|&c| step.cells & 1 << c != 0).map(cell_name).collect();
    if step.place.is_none() || step.eliminations.iter().any(|&e| e != 0) {
        words += &format!(" on {{{}}} in {}", digit_list(step.digits), pattern.join(" "));
    }
    let removed: Vec<String> = (0..81)
        .filter(|&c| step.eliminations[c] != 0)
        .map(|c| format!("{}<>{}", cell_name(c), digit_list(step.eliminations[c])))
        .collect();
    if !removed.is_empty() {
        words += &format!(": removes {}", removed.join(" "));
    }
    if let Some((cell, digit)) = step.place {
        words += &format!("{} {} = {}", if removed.is_empty() { ":" } else { ";" }, cell_name(cell.into()), digit);
    }
    words
}

/// The next step on a 9x9 line (`dlx_core::hint9`) in words; `solved` for a complete grid.
pub fn hint(line: &Line, ms: u64, stop: &AtomicBool) -> Outcome {
    let text = match nine(line) {
        Ok(text) => text,
        Err(outcome) => return outcome,
    };
    match dlx_core::hint9_until(text.bytes(), expiry(ms, stop)) {
        Ok(dlx_core::Hint::Step(step)) => Outcome::Solved(describe(&step)),
        Ok(dlx_core::Hint::Solved) => Outcome::Solved("solved".into()),
        Ok(dlx_core::Hint::Multiple) => Outcome::Unsolvable("multiple".into()),
        Ok(dlx_core::Hint::Beyond) => Outcome::Unsolvable("beyond".into()),
        Err(e) => outcome(Err(e), text, 9, "unsolvable"),
    }
}

/// How a run went.
#[derive(Default)]
pub struct Tally {
    pub total: usize,
    pub solved: usize,
    pub unsolvable: usize,
    /// Invalid puzzles: how many, and the places of the first few (for the summary).
    pub invalid: usize,
    pub invalid_places: Vec<String>,
    pub timeout: usize,
    /// An input could not be read (the answers before it were written).
    pub input_error: Option<String>,
    pub output_error: Option<String>,
}

/// How many invalid puzzles the summary names.
const SHOWN: usize = 10;

impl Tally {
    /// Whether everything was solved and written.
    pub fn all_solved(&self) -> bool {
        self.solved == self.total && self.output_error.is_none()
    }

    /// Counts an invalid puzzle at `place`.
    pub fn invalid(&mut self, place: &str) {
        self.invalid += 1;
        if self.invalid_places.len() < SHOWN {
            self.invalid_places.push(place.to_string());
        }
    }

    /// Counts `outcome` and writes its line; an invalid puzzle's reason goes to stderr.
    fn record(&mut self, place: &str, outcome: Outcome, out: &mut impl Write, progress: &ProgressBar) {
        self.total += 1;
        let line = match outcome {
            Outcome::Solved(text) => {
                self.solved += 1;
                text
            }
            Outcome::Unsolvable(text) => {
                self.unsolvable += 1;
                text
            }
            Outcome::Invalid(why) => {
                progress.suspend(|| crate::note(&format!("{place}: {why}")));
                self.invalid(place);
                "invalid".into()
            }
            Outcome::Timeout => {
                self.timeout += 1;
                "timeout".into()
            }
        };
        if self.output_error.is_none()
            && let Err(e) = writeln!(out, "{line}")
        {
            self.output_error = Some(format!("standard output: {e}"));
        }
    }

    /// The summary line on stderr.
    fn report(&self, elapsed: Duration) {
        let mut invalid = String::new();
        if self.invalid > 0 {
            let shown: Vec<&str> = self.invalid_places.iter().map(String::as_str).collect();
            let more = self.invalid - shown.len();
            invalid = format!(
                " ({}{})",
                shown.join(", "),
                if more > 0 { format!(" and {more} more") } else { String::new() }
            );
        }
        let rate = self.total as f64 / elapsed.as_secs_f64().max(1e-9);
        crate::note(&format!(
            "{} puzzles: {} solved, {} unsolvable, {} invalid{invalid}, {} timed out; {:.2} s, {rate:.0} puzzles/s",
            self.total,
            self.solved,
            self.unsolvable,
            self.invalid,
            self.timeout,
            elapsed.as_secs_f64()
        ));
        for e in self.input_error.iter().chain(&self.output_error) {
            crate::note(e);
        }
    }
}

/// A progress bar on stderr, drawn only when stderr is a terminal (and stdout is not) and the
/// run has taken more than a second (`DLX_PROGRESS_AFTER_MS` changes that second, for the
/// tests). Its length is the inputs' bytes when they are all files, so that it can tell how
/// much is left; on standard input it counts only.
struct Progress {
    bar: ProgressBar,
    started: Instant,
    after: Duration,
    terminal: bool,
    shown: bool,
}

impl Progress {
    fn new(bytes: Option<u64>) -> Self {
        let bar = ProgressBar::with_draw_target(bytes, ProgressDrawTarget::hidden());
        let template = if bytes.is_some() { "{bar:40} {percent}% {msg}, {eta} left" } else { "{spinner} {msg}" };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        // Answers written to the same terminal would break the bar's line.
        let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr())
            && !std::io::IsTerminal::is_terminal(&std::io::stdout());
        let after = std::env::var("DLX_PROGRESS_AFTER_MS").ok().and_then(|ms| ms.parse().ok()).unwrap_or(1000);
        Progress { bar, started: Instant::now(), after: Duration::from_millis(after), terminal, shown: false }
    }

    /// One more puzzle answered, after `read` bytes of input.
    fn answered(&mut self, puzzles: usize, read: u64) {
        if !self.terminal {
            return;
        }
        let elapsed = self.started.elapsed();
        if !self.shown && elapsed >= self.after {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        if self.shown {
            self.bar.set_position(read);
            let rate = puzzles as f64 / elapsed.as_secs_f64().max(1e-9);
            self.bar.set_message(format!("{puzzles} puzzles, {rate:.0}/s"));
        }
    }
}

/// Puzzles read ahead of the oldest one not yet written, per thread: bounds the memory an
/// endless input or one slow puzzle can take.
const AHEAD: usize = 64;

/// A worker's or the reader's word to the writer.
enum Message {
    Done(usize, String, u64, Outcome),
    ReadFailed(String),
}

/// Runs `work` on every job `next` reads, on `threads` threads, and writes each outcome's line
/// to stdout in input order as soon as the ones before it are done; then the summary. Reading,
/// solving and writing overlap, with at most `AHEAD` puzzles a thread read ahead of the
/// writer. The first failed write stops the run: `stop` is set (so that a long search gives
/// up) and the threads are left to end with the process. `bytes` sizes the progress bar.
pub fn run<T: Send + 'static>(
    mut next: impl FnMut() -> Result<Option<Job<T>>, String> + Send + 'static,
    bytes: Option<u64>,
    threads: usize,
    work: impl Fn(&T, &AtomicBool) -> Outcome + Send + Sync + 'static,
) -> Tally {
    let started = Instant::now();
    let threads = threads.max(1);
    let stop = Arc::new(AtomicBool::new(false));
    let (jobs, queue) = mpsc::sync_channel::<(usize, Job<T>)>(threads);
    let queue = Arc::new(Mutex::new(queue));
    let (done, finished) = mpsc::channel::<Message>();
    let (credit, credits) = mpsc::channel::<()>();
    for _ in 0..AHEAD * threads {
        let _ = credit.send(());
    }
    let reader_done = done.clone();
    std::thread::spawn(move || {
        let mut k = 0;
        // A credit comes back for each answer written; none left means the writer is behind.
        while credits.recv().is_ok() {
            match next() {
                Ok(Some(job)) => {
                    if jobs.send((k, job)).is_err() {
                        break;
                    }
                    k += 1;
                }
                Ok(None) => break,
                Err(why) => {
                    let _ = reader_done.send(Message::ReadFailed(why));
                    break;
                }
            }
        }
    });
    let work = Arc::new(work);
    let mut workers = 0;
    for _ in 0..threads {
        let (done, queue, work, stop) = (done.clone(), queue.clone(), work.clone(), stop.clone());
        let spawned = std::thread::Builder::new().spawn(move || {
            loop {
                let job = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
                let Ok((k, job)) = job else { break };
                let outcome = work(&job.item, &stop);
                if done.send(Message::Done(k, job.place, job.read, outcome)).is_err() {
                    break;
                }
            }
        });
        // Past what the system allows, the threads started do the work.
        if spawned.is_err() {
            break;
        }
        workers += 1;
    }
    drop(done);
    let mut tally = Tally::default();
    if workers == 0 {
        tally.input_error = Some("no thread could be started".into());
        tally.report(started.elapsed());
        return tally;
    }
    let mut progress = Progress::new(bytes);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut pending = BTreeMap::new();
    let mut emit = 0;
    'run: loop {
        // Written lines go out whenever no answer is waiting: promptly on a slow input, and a
        // closed pipe is seen at once.
        let message = match finished.try_recv() {
            Ok(message) => message,
            Err(_) => {
                if let Err(e) = out.flush() {
                    tally.output_error = Some(format!("standard output: {e}"));
                    break;
                }
                // While a slow puzzle holds the next answer back, look now and then whether
                // anyone still reads the output.
                loop {
                    match finished.recv_timeout(Duration::from_millis(100)) {
                        Ok(message) => break message,
                        Err(RecvTimeoutError::Disconnected) => break 'run,
                        Err(RecvTimeoutError::Timeout) if crate::output_closed() => {
                            tally.output_error = Some("standard output: closed by its reader".into());
                            break 'run;
                        }
                        Err(RecvTimeoutError::Timeout) => {}
                    }
                }
            }
        };
        match message {
            Message::ReadFailed(why) => tally.input_error = Some(why),
            Message::Done(k, place, read, outcome) => {
                pending.insert(k, (place, read, outcome));
                while let Some((place, read, outcome)) = pending.remove(&emit) {
                    tally.record(&place, outcome, &mut out, &progress.bar);
                    if tally.output_error.is_some() {
                        break 'run;
                    }
                    emit += 1;
                    let _ = credit.send(());
                    progress.answered(emit, read);
                }
            }
        }
    }
    if tally.output_error.is_none()
        && let Err(e) = out.flush()
    {
        tally.output_error = Some(format!("standard output: {e}"));
    }
    stop.store(true, Ordering::Relaxed);
    progress.bar.finish_and_clear();
    tally.report(started.elapsed());
    tally
}
