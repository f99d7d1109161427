//! `dlx cover` over pieces: the library cuts the problem into pieces (`Problem::split`) whose
//! solutions partition its solutions; threads take pieces in turn, each searching it in its
//! own copy of the problem's words (a copy of the words is a problem of its own). Counts add
//! up; listed covers are written as they are found (the same covers as one search, in
//! another order); the least cost found so far is shared, so that each piece only looks for a
//! cheaper cover. Also `--split` (print the pieces) and `--estimate` (Knuth's estimate of the
//! search's size, and of its time).

use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use dlx_core::{Error, PieceText, Problem, Size};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cover::{Ask, Found, Goal, LIST_FLUSH, write_cover};
use crate::expiry_at as expiry;
use crate::jobs::Tally;

/// Pieces a thread: more pieces than threads, so that a thread that drew small ones takes
/// more while another works through a large one; few enough that the split stays a small part
/// of the work (at 64 pieces its work is about 3% of the nodes of a count of pentominoes, and
/// its largest piece under 5% of the tree: docs/exact-cover.md).
const PIECES_A_THREAD: usize = 8;

/// Random paths of the estimate `--estimate` prints.
pub const ESTIMATE_PATHS: u32 = 10_000;

/// How long `--estimate` searches to measure the rate of the search.
const RATE_SAMPLE: Duration = Duration::from_millis(300);

/// The pieces of `problem` (of its piece, when one is set), at least `k` of them: each as its
/// decisions. `None` when the time ran out first.
fn split(problem: &mut Problem<'_>, k: usize, expired: impl FnMut() -> bool) -> Result<Vec<Vec<i32>>, Error> {
    // Room for k pieces of a few dozen decisions, doubled until they fit.
    let mut room = vec![0i32; (k * 32).max(1024)];
    let mut expired = expired;
    loop {
        match problem.split(k, &mut room, &mut expired) {
            Ok((pieces, _)) => {
                let mut list = Vec::with_capacity(pieces);
                let mut at = 0;
                for _ in 0..pieces {
                    let n = room[at] as usize;
                    list.push(room[at + 1..at + 1 + n].to_vec());
                    at += 1 + n;
                }
                return Ok(list);
            }
            Err(Error::Capacity) if room.len() < 1 << 28 => room = vec![0; room.len() * 2],
            Err(e) => return Err(e),
        }
    }
}

/// `dlx cover --split K`: prints at least `k` pieces, one a line, in the search's order.
pub fn print_split(name: &str, problem: &mut Problem<'_>, k: usize, ms: u64, mut tally: Tally) -> Tally {
    let started = Instant::now();
    let (end, never) = ((ms > 0).then(|| started + Duration::from_millis(ms)), AtomicBool::new(false));
    match split(problem, k, expiry(end, &never)) {
        Ok(pieces) => {
            let mut out = BufWriter::new(std::io::stdout().lock());
            let written = pieces.iter().try_for_each(|p| writeln!(out, "{}", PieceText(p))).and_then(|()| out.flush());
            if let Err(e) = written {
                tally.output_error = Some(format!("standard output: {e}"));
            } else if pieces.is_empty() {
                tally.unsolvable = 1;
            } else {
                tally.solved = 1;
            }
            let seconds = started.elapsed().as_secs_f64();
            crate::note(&format!("{name}: {} pieces in {seconds:.3} s", pieces.len()));
        }
        Err(Error::Timeout) => {
            tally.timeout = 1;
            crate::note(&format!("{name}: {}", Error::Timeout));
        }
        Err(e) => {
            crate::note(&format!("{name}: {e}"));
            tally.invalid(name);
        }
    }
    tally
}

/// `dlx cover --estimate`: Knuth's estimate of the options the search would try (random
/// paths from the root), and of its time from the rate of a short search; the exact figures
/// when that search finishes.
pub fn print_estimate(name: &str, problem: &mut Problem<'_>, ms: u64, mut tally: Tally) -> Tally {
    let started = Instant::now();
    let end = (ms > 0).then(|| started + Duration::from_millis(ms));
    let never = AtomicBool::new(false);
    let nodes = match problem.estimate_until(ESTIMATE_PATHS, 0, &mut expiry(end, &never)) {
        Ok(nodes) => nodes,
        Err(Error::Timeout) => {
            tally.timeout = 1;
            crate::note(&format!("{name}: {}", Error::Timeout));
            return tally;
        }
        Err(e) => {
            crate::note(&format!("{name}: {e}"));
            tally.invalid(name);
            return tally;
        }
    };
    let left = end.map(|end| end.saturating_duration_since(Instant::now()));
    let sample = left.map_or(RATE_SAMPLE, |left| RATE_SAMPLE.min(left));
    let started = Instant::now();
    let end = started + sample;
    let searched = problem.search(u64::MAX, || Instant::now() >= end, |_| ControlFlow::Continue(()));
    let seconds = started.elapsed().as_secs_f64();
    let line = match searched {
        Ok(_) => format!("{} options, {seconds:.3} s (exact: the search finished)", problem.nodes()),
        Err(_) => {
            let rate = problem.nodes() as f64 / seconds.max(1e-9);
            // Either figure may be far past an f64 (a repeat cover's tree): `1.23e400`.
            let time = nodes.product(Size::from_f64(1.0 / rate.max(1.0)));
            let time = if time.to_f64() < 1e15 { format!("{:.1}", time.to_f64()) } else { time.to_string() };
            format!("{nodes} options, {time} s (estimated)")
        }
    };
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
        tally.output_error = Some(format!("standard output: {e}"));
    } else {
        tally.solved = 1;
    }
    crate::note(&format!(
        "{name}: estimated from {ESTIMATE_PATHS} random paths; the time at the rate of a {:.1} s search",
        sample.as_secs_f64()
    ));
    tally
}

/// What the threads share.
struct Shared<'a> {
    pieces: Vec<Vec<i32>>,
    next: AtomicUsize,
    /// Set to end the run: the limit reached, a cover within `--at-most` found, the output
    /// closed.
    stop: AtomicBool,
    end: Option<Instant>,
    /// Solutions visited, options tried, pieces searched to the end.
    visited: AtomicU64,
    nodes: AtomicU64,
    done: AtomicUsize,
    /// The best cover so far, its cost (`i64::MAX` before any) and the piece it came from:
    /// of equal costs the earliest piece's is kept, so that the cover does not depend on
    /// which thread finished first.
    best: Mutex<(i64, usize, Vec<i32>)>,
    /// The first fault other than a timeout.
    fault: Mutex<Option<Error>>,
    out: Mutex<BufWriter<std::io::Stdout>>,
    written: Mutex<Option<std::io::Error>>,
    texts: &'a [&'a str],
}

/// Searches the problem in `words` over its pieces on `threads` threads, as `ask` says.
pub fn search(words: &[u64], texts: &[&str], ask: &Ask, threads: usize) -> Found {
    let started = Instant::now();
    let end = (ask.ms > 0).then(|| started + Duration::from_millis(ask.ms));
    let never = AtomicBool::new(false);
    let mut mine = words.to_vec();
    let Some(mut problem) = Problem::open(&mut mine) else {
        return failed(Error::Arg, 0);
    };
    let k = threads * PIECES_A_THREAD;
    let pieces = match split(&mut problem, k, expiry(end, &never)) {
        Ok(pieces) => pieces,
        Err(e) => return failed(e, 0),
    };
    let shared = Shared {
        pieces,
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        end,
        visited: AtomicU64::new(0),
        nodes: AtomicU64::new(0),
        done: AtomicUsize::new(0),
        best: Mutex::new((i64::MAX, usize::MAX, Vec::new())),
        fault: Mutex::new(None),
        out: Mutex::new(BufWriter::new(std::io::stdout())),
        written: Mutex::new(None),
        texts,
    };
    let bar = progress(shared.pieces.len() as u64, ask.goal);
    std::thread::scope(|scope| {
        let workers: Vec<_> =
            (0..threads.min(shared.pieces.len()).max(1)).map(|_| scope.spawn(|| work(words, ask, &shared))).collect();
        // This thread writes out what the workers listed, looks whether the output has closed
        // and draws the bar, until they are done.
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(LIST_FLUSH);
            let flushed = shared.out.lock().unwrap_or_else(PoisonError::into_inner).flush();
            if flushed.is_err() || crate::output_closed() {
                shared.stop.store(true, Ordering::Relaxed);
                let mut written = shared.written.lock().unwrap_or_else(PoisonError::into_inner);
                if written.is_none() {
                    *written = Some(flushed.err().unwrap_or_else(|| std::io::Error::other("closed by its reader")));
                }
            }
            bar.set_position(shared.done.load(Ordering::Relaxed) as u64);
        }
    });
    bar.finish_and_clear();
    let flushed = shared.out.lock().unwrap_or_else(PoisonError::into_inner).flush();
    let write_fault = shared.written.into_inner().unwrap_or_else(PoisonError::into_inner).or(flushed.err());
    let visited = shared.visited.load(Ordering::Relaxed);
    let nodes = shared.nodes.load(Ordering::Relaxed);
    let (cost, _, cover) = shared.best.into_inner().unwrap_or_else(PoisonError::into_inner);
    let fault = shared.fault.into_inner().unwrap_or_else(PoisonError::into_inner);
    let all_done = shared.done.load(Ordering::Relaxed) == shared.pieces.len();
    let limit = ask.limit.unwrap_or(u64::MAX);
    let result = match (fault, ask.goal) {
        (Some(e), _) => Err(e),
        (None, Goal::Count | Goal::List) if visited >= limit => Ok(limit),
        (None, Goal::Count | Goal::List) if all_done => Ok(visited),
        (None, Goal::AtMost(_)) if cost != i64::MAX => Ok(1),
        (None, Goal::Minimum) if all_done && cost != i64::MAX => Ok(1),
        (None, _) if all_done => Err(Error::Unsolvable),
        (None, _) => Err(Error::Timeout),
    };
    Found {
        result,
        visited: visited.min(limit),
        cover,
        cost: if cost == i64::MAX { 0 } else { cost },
        nodes,
        output_error: write_fault.map(|e| format!("standard output: {e}")),
    }
}

/// What a search that could not start came to.
fn failed(e: Error, nodes: u64) -> Found {
    Found { result: Err(e), visited: 0, cover: Vec::new(), cost: 0, nodes, output_error: None }
}

/// Whether a bar of the pieces searched would show: standard error is a terminal, and
/// standard output is not when it receives a listing (the bar would tear it). A search on one
/// thread runs over pieces then too, so that it can show how far it got.
pub fn bar_shows(goal: Goal) -> bool {
    std::io::IsTerminal::is_terminal(&std::io::stderr())
        && !(matches!(goal, Goal::List) && std::io::IsTerminal::is_terminal(&std::io::stdout()))
}

/// A bar of the pieces searched, where [`bar_shows`], after a second (`DLX_PROGRESS_AFTER_MS`,
/// as for `dlx solve`).
fn progress(pieces: u64, goal: Goal) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(pieces), ProgressDrawTarget::hidden());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} pieces, {elapsed} so far, about {eta} left") {
        bar.set_style(style);
    }
    if bar_shows(goal) {
        let after = std::env::var("DLX_PROGRESS_AFTER_MS").ok().and_then(|ms| ms.parse().ok()).unwrap_or(1000);
        let bar = bar.clone();
        // The bar appears once the run has taken `after`: short runs stay quiet.
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(after));
            if !bar.is_finished() {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        });
    }
    bar
}

/// Random paths of the estimate a one-thread search's bar measures itself against: a few
/// milliseconds, next to a search that has taken a second.
const BAR_PATHS: u32 = 1000;

/// The bar of a search on one thread, where [`bar_shows`]: after a second (as [`progress`])
/// another thread estimates the search's size on `words`, a copy of the problem's, and the
/// bar shows the options tried against that estimate; for a minimum, which its bound cuts far
/// below the estimate, the options tried alone. Its caller moves it with [`advance`].
pub fn search_bar(words: Vec<u64>, goal: Goal) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    let after = std::env::var("DLX_PROGRESS_AFTER_MS").ok().and_then(|ms| ms.parse().ok()).unwrap_or(1000);
    let shown = bar.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(after));
        let mut words = words;
        let estimate = match (goal, Problem::open(&mut words)) {
            (Goal::Count | Goal::List, Some(mut problem)) => {
                problem.estimate_until(BAR_PATHS, 0, &mut || shown.is_finished()).ok()
            }
            _ => None,
        };
        let template = match estimate {
            Some(nodes) => {
                // Past 2^64 (an f64 is inf there, and `as` saturates) the bar stays at its start.
                shown.set_length((nodes.to_f64() as u64).max(shown.position() + 1));
                "{bar:25} {human_pos}/~{human_len} options, {elapsed} so far, about {eta} left"
            }
            None => "{spinner} {human_pos} options tried, {elapsed} so far",
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            shown.set_style(style);
        }
        if !shown.is_finished() {
            shown.set_draw_target(ProgressDrawTarget::stderr());
        }
    });
    bar
}

/// Moves a [`search_bar`] to `nodes` options tried. Knuth's estimate often errs low: past it,
/// the estimate grows so that the bar stays short of its end.
pub fn advance(bar: &ProgressBar, nodes: u64) {
    if let Some(len) = bar.length().filter(|&len| nodes >= len - len / 20) {
        bar.set_length(len.max(nodes + nodes / 10));
    }
    bar.set_position(nodes);
}

/// One thread's work: pieces in turn, each in this thread's copy of the problem.
fn work(words: &[u64], ask: &Ask, shared: &Shared<'_>) {
    let mut mine = words.to_vec();
    let Some(mut problem) = Problem::open(&mut mine) else {
        *shared.fault.lock().unwrap_or_else(PoisonError::into_inner) = Some(Error::Arg);
        return;
    };
    let limit = ask.limit.unwrap_or(u64::MAX);
    let mut cover = vec![0i32; shared.texts.len().max(1)];
    loop {
        let k = shared.next.fetch_add(1, Ordering::Relaxed);
        if k >= shared.pieces.len() || shared.stop.load(Ordering::Relaxed) {
            return;
        }
        if let Err(e) = problem.set_piece(&shared.pieces[k]) {
            *shared.fault.lock().unwrap_or_else(PoisonError::into_inner) = Some(e);
            shared.stop.store(true, Ordering::Relaxed);
            return;
        }
        let expired = expiry(shared.end, &shared.stop);
        let result = match ask.goal {
            Goal::Count | Goal::List => problem
                .search(u64::MAX, expired, |options| {
                    let n = shared.visited.fetch_add(1, Ordering::Relaxed) + 1;
                    if n > limit {
                        return ControlFlow::Break(());
                    }
                    if let Goal::List = ask.goal {
                        let mut out = shared.out.lock().unwrap_or_else(PoisonError::into_inner);
                        if let Err(e) = write_cover(&mut *out, shared.texts, options) {
                            *shared.written.lock().unwrap_or_else(PoisonError::into_inner) = Some(e);
                            shared.stop.store(true, Ordering::Relaxed);
                            return ControlFlow::Break(());
                        }
                    }
                    if n == limit {
                        shared.stop.store(true, Ordering::Relaxed);
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                })
                .map(|_| ()),
            Goal::Minimum => {
                // A piece before the best one's may give a cover of the same cost, which wins.
                let (best, from, _) = *shared.best.lock().unwrap_or_else(PoisonError::into_inner);
                let below = if k < from { best.saturating_add(1) } else { best };
                problem.minimum_below(below, &mut cover, expired).map(|n| keep(shared, k, problem.cost(), &cover[..n]))
            }
            Goal::AtMost(limit) => problem.at_most(limit, &mut cover, expired).map(|n| {
                keep(shared, k, problem.cost(), &cover[..n]);
                shared.stop.store(true, Ordering::Relaxed);
            }),
        };
        shared.nodes.fetch_add(problem.nodes(), Ordering::Relaxed);
        match result {
            Ok(()) | Err(Error::Unsolvable) => {
                shared.done.fetch_add(1, Ordering::Relaxed);
            }
            // The time ran out, or another thread ended the run.
            Err(Error::Timeout) => return,
            Err(e) => {
                *shared.fault.lock().unwrap_or_else(PoisonError::into_inner) = Some(e);
                shared.stop.store(true, Ordering::Relaxed);
                return;
            }
        }
    }
}

/// Keeps `cover` of cost `cost`, from piece `k`, when it is cheaper than the best so far, or
/// as cheap and from an earlier piece.
fn keep(shared: &Shared<'_>, k: usize, cost: i64, cover: &[i32]) {
    let mut best = shared.best.lock().unwrap_or_else(PoisonError::into_inner);
    if (cost, k) < (best.0, best.1) {
        *best = (cost, k, cover.to_vec());
    }
}
