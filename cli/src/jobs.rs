//! Many puzzles on many threads, answers in input order, a progress bar and the summary.

use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use dlx_core::Error;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::{Source, expiry};

/// One puzzle and where it came from ("file:line").
pub struct Job<T> {
    pub place: String,
    pub item: T,
}

/// What became of one puzzle; the text is what stdout gets for it.
pub enum Outcome {
    Solved(String),
    Unsolvable(String),
    Invalid(String),
    Timeout,
}

/// The non-blank lines of every source, each a puzzle.
pub fn puzzle_lines(sources: &[Source]) -> Vec<Job<String>> {
    let mut jobs = Vec::new();
    for source in sources {
        for (n, line) in source.text.lines().enumerate() {
            if !line.trim().is_empty() {
                jobs.push(Job { place: format!("{}:{}", source.name, n + 1), item: line.to_string() });
            }
        }
    }
    jobs
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
        Err(Error::Cell) => {
            // The first byte the library would reject, as a place in the grid.
            let ok = |b: u8| {
                matches!(b, b'.' | b'-') || if side == 9 { b.is_ascii_digit() } else { (b'A'..=b'P').contains(&b) }
            };
            let (cell, bad) =
                text.bytes().filter(|&b| !is_space(b)).enumerate().find(|&(_, b)| !ok(b)).unwrap_or((0, b'?'));
            Outcome::Invalid(format!(
                "row {}, column {}: {} ({:?})",
                cell / side + 1,
                cell % side + 1,
                Error::Cell,
                char::from(bad)
            ))
        }
        Err(e) => Outcome::Invalid(e.to_string()),
    }
}

/// Which grid a line holds: its number of cells.
fn cells(text: &str) -> usize {
    text.bytes().filter(|&b| !is_space(b)).count()
}

/// Solves a 9x9 or 16x16 puzzle line.
pub fn solve(text: &str, ms: u64) -> Outcome {
    let letters = |g: &[u8]| String::from_utf8_lossy(g).into_owned();
    match cells(text) {
        81 => outcome(dlx_core::solve9_until(text.bytes(), expiry(ms)).map(|g| letters(&g)), text, 9, "unsolvable"),
        256 => outcome(dlx_core::solve16_until(text.bytes(), expiry(ms)).map(|g| letters(&g)), text, 16, "unsolvable"),
        n => Outcome::Invalid(format!("{n} cells, not 81 or 256")),
    }
}

/// Counts a puzzle line's solutions up to `limit`; none counts as unsolvable.
pub fn count(text: &str, limit: u64, ms: u64) -> Outcome {
    let counted = match cells(text) {
        81 => (dlx_core::count9(text.bytes(), limit, expiry(ms)), 9),
        256 => (dlx_core::count16(text.bytes(), limit, expiry(ms)), 16),
        n => return Outcome::Invalid(format!("{n} cells, not 81 or 256")),
    };
    match counted {
        (Ok(0), _) => Outcome::Unsolvable("0".into()),
        (result, side) => outcome(result.map(|n| n.to_string()), text, side, "0"),
    }
}

/// How a run went.
#[derive(Default)]
pub struct Tally {
    pub total: usize,
    pub solved: usize,
    pub unsolvable: usize,
    pub invalid: Vec<String>,
    pub timeout: usize,
    pub output_error: Option<String>,
}

impl Tally {
    /// Whether everything was solved and written.
    pub fn all_solved(&self) -> bool {
        self.solved == self.total && self.output_error.is_none()
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
                progress.suspend(|| eprintln!("dlx: {place}: {why}"));
                self.invalid.push(place.to_string());
                "invalid".into()
            }
            Outcome::Timeout => {
                self.timeout += 1;
                "timeout".into()
            }
        };
        if self.output_error.is_none() {
            if let Err(e) = writeln!(out, "{line}") {
                self.output_error = Some(format!("standard output: {e}"));
            }
        }
    }

    /// The summary line on stderr.
    fn report(&self, elapsed: Duration) {
        let mut invalid = String::new();
        if !self.invalid.is_empty() {
            let shown: Vec<&str> = self.invalid.iter().take(10).map(String::as_str).collect();
            let more = self.invalid.len().saturating_sub(10);
            invalid = format!(
                " ({}{})",
                shown.join(", "),
                if more > 0 { format!(" and {more} more") } else { String::new() }
            );
        }
        let rate = self.total as f64 / elapsed.as_secs_f64().max(1e-9);
        eprintln!(
            "dlx: {} puzzles: {} solved, {} unsolvable, {} invalid{invalid}, {} timed out; {:.2} s, {rate:.0} puzzles/s",
            self.total,
            self.solved,
            self.unsolvable,
            self.invalid.len(),
            self.timeout,
            elapsed.as_secs_f64()
        );
        if let Some(e) = &self.output_error {
            eprintln!("dlx: {e}");
        }
    }
}

/// A progress bar on stderr, drawn only when stderr is a terminal and the run has taken more
/// than a second (`DLX_PROGRESS_AFTER_MS` changes that second, for the tests).
struct Progress {
    bar: ProgressBar,
    started: Instant,
    after: Duration,
    terminal: bool,
    shown: bool,
}

impl Progress {
    fn new(total: usize) -> Self {
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, {eta} left") {
            bar.set_style(style);
        }
        let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let after = std::env::var("DLX_PROGRESS_AFTER_MS").ok().and_then(|ms| ms.parse().ok()).unwrap_or(1000);
        Progress { bar, started: Instant::now(), after: Duration::from_millis(after), terminal, shown: false }
    }

    fn inc(&mut self) {
        self.bar.inc(1);
        if self.terminal && !self.shown && self.started.elapsed() >= self.after {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
    }
}

/// Runs `work` on every job on `threads` threads and writes each outcome's line to stdout in
/// input order, as soon as the ones before it are done; then the summary.
pub fn run<T: Sync>(jobs: &[Job<T>], threads: usize, work: impl Fn(&T) -> Outcome + Sync) -> Tally {
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let (done, finished) = mpsc::channel();
    let mut tally = Tally::default();
    let mut progress = Progress::new(jobs.len());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            let (done, next, work) = (done.clone(), &next, &work);
            scope.spawn(move || {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= jobs.len() || done.send((k, work(&jobs[k].item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done);
        let stdout = std::io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        let mut pending = BTreeMap::new();
        let mut emit = 0;
        for (k, outcome) in finished {
            pending.insert(k, outcome);
            progress.inc();
            while let Some(outcome) = pending.remove(&emit) {
                tally.record(&jobs[emit].place, outcome, &mut out, &progress.bar);
                emit += 1;
            }
        }
        if let Err(e) = out.flush() {
            tally.output_error.get_or_insert(format!("standard output: {e}"));
        }
    });
    progress.bar.finish_and_clear();
    tally.report(started.elapsed());
    tally
}
