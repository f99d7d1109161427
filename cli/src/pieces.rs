//! `dlx cover` over pieces: the library cuts the problem into pieces (`Problem::split`) whose
//! solutions partition its solutions; threads take the largest piece waiting in turn, split
//! it again when it is large or else search it, each in its own copy of the problem's words
//! (a copy of the words is a problem of its own). Counts add
//! up; listed covers are written as they are found (the same covers as one search, in
//! another order); the least cost found so far is shared, so that each piece only looks for a
//! cheaper cover. Also `--split` (print the pieces) and `--estimate` (Knuth's estimate of the
//! search's size, and of its time).

use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use dlx_core::{Error, PieceText, Problem, Size};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cover::{Ask, Found, Goal, LIST_FLUSH, write_cover};
use crate::expiry_at as expiry;
use crate::jobs::Tally;

/// Shares a thread: a piece estimated above the first split's total over this many times
/// the threads is split again by the thread that takes it. More pieces than threads, so that
/// a thread that drew small ones takes more while another works through a large one; few, as
/// the split's work grows with its pieces (on the 9x9 count of docs/benchmarks.md, a split
/// node costs some 3 search nodes' time and 8 shares a thread made it 6% of the run against
/// 4% at 4: `cargo bench -p dlx-core --features internals --bench schedule`).
const PIECES_A_THREAD: usize = 4;

/// Random paths of the estimate `--estimate` prints.
pub const ESTIMATE_PATHS: u32 = 10_000;

/// How long `--estimate` searches to measure the rate of the search.
const RATE_SAMPLE: Duration = Duration::from_millis(300);

/// Pieces, each as its decisions with the split's estimate of its size, and the split's work.
type Sized = (Vec<(Vec<i32>, Size)>, u64);

/// The pieces of `problem` (of its piece, when one is set), at least `k` of them: each as its
/// decisions, with the split's estimate of its size; and the split's work (options tried and
/// path steps), which the options tried that `--threads` reports include.
fn split_sized(problem: &mut Problem<'_>, k: usize, expired: impl FnMut() -> bool) -> Result<Sized, Error> {
    // Room for k pieces of a few dozen decisions, doubled until they fit.
    let mut room = vec![0i32; (k * 32).max(1024)];
    let mut expired = expired;
    loop {
        match problem.split_work(k, &mut room, &mut expired) {
            Ok((pieces, _, work)) => {
                let mut list = Vec::with_capacity(pieces);
                let mut at = 0;
                for j in 0..pieces {
                    let n = room[at] as usize;
                    list.push((room[at + 1..at + 1 + n].to_vec(), Size::from_split(room[room.len() - 1 - j])));
                    at += 1 + n;
                }
                return Ok((list, work));
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
    match split_sized(problem, k, expiry(end, &never)) {
        Ok((pieces, _)) => {
            let pieces: Vec<Vec<i32>> = pieces.into_iter().map(|(p, _)| p).collect();
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
    let searched = problem.count(u64::MAX, || Instant::now() >= end, || ControlFlow::Continue(()));
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

/// A piece waiting for a thread.
struct Piece {
    /// Its place in the search's order: the places of the pieces it was cut from, then its
    /// own among its siblings (in the split's order, which is the search's).
    key: Vec<u32>,
    decisions: Vec<i32>,
    /// The split's estimate of its tree.
    size: Size,
    /// Cut from a piece a thread split again: searched whatever its size, so that no tree
    /// is split over and over where the estimates err.
    cut_again: bool,
}

/// The pieces waiting, and the threads cutting more.
struct Queue {
    /// By size, the largest last: threads take the largest first, so that the last pieces
    /// taken are small and the threads finish close together.
    ready: Vec<Piece>,
    /// Threads splitting a piece: until they are done, a thread finding nothing ready waits.
    splitting: usize,
    /// False: the pieces are taken in the search's order instead, where the first solutions
    /// matter more than the last thread's finish (a listing, which shows covers as they come,
    /// and a count with a limit, which one search reaches in that order): the largest pieces
    /// first could search the whole tree before a small piece's solutions.
    largest_first: bool,
}

impl Queue {
    /// Adds pieces, keeping the order: by size, of equal sizes the earliest in the search's
    /// order last (taken first); or by the search's order alone, the earliest last.
    fn add(&mut self, pieces: impl IntoIterator<Item = Piece>) {
        self.ready.extend(pieces);
        if self.largest_first {
            self.ready.sort_by(|a, b| {
                a.size.partial_cmp(&b.size).unwrap_or(std::cmp::Ordering::Equal).then(b.key.cmp(&a.key))
            });
        } else {
            self.ready.sort_by(|a, b| b.key.cmp(&a.key));
        }
    }
}

/// What the threads share.
struct Shared<'a> {
    queue: Mutex<Queue>,
    /// Wakes the threads waiting for a split to end.
    wake: Condvar,
    /// A piece estimated above this (the first split's total over [`PIECES_A_THREAD`] pieces
    /// a thread) is split again by the thread that takes it, into as many pieces as it holds
    /// shares, at most [`PIECES_A_THREAD`] times the threads.
    share: Size,
    most: usize,
    /// Set to end the run: the limit reached, a cover within `--at-most` found, the output
    /// closed.
    stop: AtomicBool,
    end: Option<Instant>,
    /// Solutions visited, options tried; pieces known (for the bar), searched to the end, and
    /// not yet searched or split (0 once the whole search is done).
    visited: AtomicU64,
    nodes: AtomicU64,
    pieces: AtomicUsize,
    done: AtomicUsize,
    left: AtomicUsize,
    /// The best cover so far, its cost (`i64::MAX` before any) and the key of the piece it
    /// came from: of equal costs the earliest piece's in the search's order is kept, so that
    /// the cover does not depend on which thread finished first.
    best: Mutex<(i64, Vec<u32>, Vec<i32>)>,
    /// The first fault other than a timeout.
    fault: Mutex<Option<Error>>,
    out: Mutex<BufWriter<std::io::Stdout>>,
    written: Mutex<Option<std::io::Error>>,
    texts: &'a [&'a str],
}

/// Searches the problem in `words` over its pieces on `threads` threads, as `ask` says.
///
/// The split on this thread, before any search, is the one part of the run that does not
/// share the work: it cuts the problem into as few pieces as there are threads, and each
/// thread splits again a piece above its share when it takes one, while the others search.
pub fn search(words: &[u64], texts: &[&str], ask: &Ask, threads: usize) -> Found {
    let started = Instant::now();
    let end = (ask.ms > 0).then(|| started + Duration::from_millis(ask.ms));
    let never = AtomicBool::new(false);
    let mut mine = words.to_vec();
    let Some(mut problem) = Problem::open(&mut mine) else {
        return failed(Error::Arg, 0);
    };
    let (first, split_work) = match split_sized(&mut problem, threads.max(1), expiry(end, &never)) {
        Ok(split) => split,
        Err(e) => return failed(e, 0),
    };
    let total = first.iter().fold(Size::ZERO, |total, (_, size)| total.plus(*size));
    let largest_first = matches!(ask.goal, Goal::Count | Goal::Minimum) && ask.limit.is_none();
    let mut queue = Queue { ready: Vec::new(), splitting: 0, largest_first };
    let count = first.len();
    queue.add(first.into_iter().enumerate().map(|(j, (decisions, size))| Piece {
        key: vec![j as u32],
        decisions,
        size,
        cut_again: false,
    }));
    let most = threads.max(1) * PIECES_A_THREAD;
    let shared = Shared {
        queue: Mutex::new(queue),
        wake: Condvar::new(),
        share: total.over(most as u64),
        most,
        stop: AtomicBool::new(false),
        end,
        visited: AtomicU64::new(0),
        nodes: AtomicU64::new(split_work),
        pieces: AtomicUsize::new(count),
        done: AtomicUsize::new(0),
        left: AtomicUsize::new(count),
        best: Mutex::new((i64::MAX, vec![u32::MAX], Vec::new())),
        fault: Mutex::new(None),
        out: Mutex::new(BufWriter::new(std::io::stdout())),
        written: Mutex::new(None),
        texts,
    };
    let bar = progress(count as u64, ask.goal);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1)).map(|_| scope.spawn(|| work(words, ask, &shared))).collect();
        // This thread writes out what the workers listed, looks whether the output has closed
        // and draws the bar, until they are done.
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(LIST_FLUSH);
            let flushed = shared.out.lock().unwrap_or_else(PoisonError::into_inner).flush();
            if flushed.is_err() || crate::output_closed() {
                halt(&shared);
                let mut written = shared.written.lock().unwrap_or_else(PoisonError::into_inner);
                if written.is_none() {
                    *written = Some(flushed.err().unwrap_or_else(|| std::io::Error::other("closed by its reader")));
                }
            }
            bar.set_length(shared.pieces.load(Ordering::Relaxed) as u64);
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
    let all_done = shared.left.load(Ordering::Relaxed) == 0;
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

/// Ends the run: no thread takes another piece, and those waiting for a split wake.
fn halt(shared: &Shared<'_>) {
    shared.stop.store(true, Ordering::Relaxed);
    let _queue = shared.queue.lock().unwrap_or_else(PoisonError::into_inner);
    shared.wake.notify_all();
}

/// Ends the run for a fault.
fn fail(shared: &Shared<'_>, e: Error) {
    *shared.fault.lock().unwrap_or_else(PoisonError::into_inner) = Some(e);
    halt(shared);
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

/// The next piece for a thread, largest first, and whether to split it again rather than
/// search it; `None` once the run is over (nothing left and no split under way, or stopped).
fn take(shared: &Shared<'_>) -> Option<(Piece, bool)> {
    let mut queue = shared.queue.lock().unwrap_or_else(PoisonError::into_inner);
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(piece) = queue.ready.pop() {
            let again = !piece.cut_again && piece.size > shared.share;
            queue.splitting += usize::from(again);
            return Some((piece, again));
        }
        if queue.splitting == 0 {
            return None;
        }
        queue = shared.wake.wait(queue).unwrap_or_else(PoisonError::into_inner);
    }
}

/// Splits `piece` again into as many pieces as it holds shares and queues them; false when
/// the run is to end (the time ran out, another thread stopped it, a fault).
fn split_again(problem: &mut Problem<'_>, piece: &Piece, shared: &Shared<'_>) -> bool {
    // NaN (sizes past an f64) and inf come out as 0 and usize::MAX, clamped.
    let shares = (piece.size.to_f64() / shared.share.to_f64()).ceil() as usize;
    let cut = problem
        .set_piece(&piece.decisions)
        .and_then(|()| split_sized(problem, shares.clamp(2, shared.most), expiry(shared.end, &shared.stop)));
    let mut queue = shared.queue.lock().unwrap_or_else(PoisonError::into_inner);
    queue.splitting -= 1;
    let cut = match cut {
        Ok((pieces, work)) => {
            shared.nodes.fetch_add(work, Ordering::Relaxed);
            let n = pieces.len();
            // The new pieces count before the old one goes, so that `left` is 0 only at the end.
            shared.left.fetch_add(n, Ordering::Relaxed);
            shared.left.fetch_sub(1, Ordering::Relaxed);
            shared.pieces.fetch_add(n, Ordering::Relaxed);
            shared.pieces.fetch_sub(1, Ordering::Relaxed);
            queue.add(pieces.into_iter().enumerate().map(|(j, (decisions, size))| {
                let mut key = piece.key.clone();
                key.push(j as u32);
                Piece { key, decisions, size, cut_again: true }
            }));
            Ok(())
        }
        Err(e) => Err(e),
    };
    drop(queue);
    shared.wake.notify_all();
    match cut {
        Ok(()) => true,
        Err(Error::Timeout) => false,
        Err(e) => {
            fail(shared, e);
            false
        }
    }
}

/// One thread's work: the largest piece waiting, in turn, each in this thread's copy of the
/// problem, split again or searched.
fn work(words: &[u64], ask: &Ask, shared: &Shared<'_>) {
    let mut mine = words.to_vec();
    let Some(mut problem) = Problem::open(&mut mine) else {
        fail(shared, Error::Arg);
        return;
    };
    let limit = ask.limit.unwrap_or(u64::MAX);
    let mut cover = vec![0i32; shared.texts.len().max(1)];
    while let Some((piece, again)) = take(shared) {
        if again {
            if !split_again(&mut problem, &piece, shared) {
                return;
            }
            continue;
        }
        if let Err(e) = problem.set_piece(&piece.decisions) {
            fail(shared, e);
            return;
        }
        let key = &piece.key;
        let expired = expiry(shared.end, &shared.stop);
        let result = match ask.goal {
            Goal::Count if limit == u64::MAX => {
                // No other thread needs this tally before the piece ends: a shared counter
                // bumped at every cover would move its cache line between the cores.
                let mut here = 0u64;
                let counted = problem.count(u64::MAX, expired, || {
                    here += 1;
                    ControlFlow::Continue(())
                });
                shared.visited.fetch_add(here, Ordering::Relaxed);
                counted.map(|_| ())
            }
            Goal::Count | Goal::List => {
                let on_cover = |options: &[i32]| {
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
                };
                match ask.goal {
                    Goal::List => problem.search(u64::MAX, expired, on_cover),
                    _ => problem.count(u64::MAX, expired, || on_cover(&[])),
                }
                .map(|_| ())
            }
            Goal::Minimum => {
                // A piece before the best one's may give a cover of the same cost, which wins.
                let below = {
                    let best = shared.best.lock().unwrap_or_else(PoisonError::into_inner);
                    if *key < best.1 { best.0.saturating_add(1) } else { best.0 }
                };
                problem
                    .minimum_below(below, &mut cover, expired)
                    .map(|n| keep(shared, key, problem.cost(), &cover[..n]))
            }
            Goal::AtMost(limit) => problem.at_most(limit, &mut cover, expired).map(|n| {
                keep(shared, key, problem.cost(), &cover[..n]);
                shared.stop.store(true, Ordering::Relaxed);
            }),
        };
        shared.nodes.fetch_add(problem.nodes(), Ordering::Relaxed);
        match result {
            Ok(()) | Err(Error::Unsolvable) => {
                shared.done.fetch_add(1, Ordering::Relaxed);
                shared.left.fetch_sub(1, Ordering::Relaxed);
            }
            // The time ran out, or another thread ended the run.
            Err(Error::Timeout) => {
                halt(shared);
                return;
            }
            Err(e) => {
                fail(shared, e);
                return;
            }
        }
        if shared.stop.load(Ordering::Relaxed) {
            // Wake the threads waiting for a split to see the stop.
            halt(shared);
            return;
        }
    }
}

/// Keeps `cover` of cost `cost`, from the piece of `key`, when it is cheaper than the best so
/// far, or as cheap and from an earlier piece.
fn keep(shared: &Shared<'_>, key: &[u32], cost: i64, cover: &[i32]) {
    let mut best = shared.best.lock().unwrap_or_else(PoisonError::into_inner);
    if (cost, key) < (best.0, best.1.as_slice()) {
        *best = (cost, key.to_vec(), cover.to_vec());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(key: &[u32], size: u64) -> Piece {
        Piece { key: key.to_vec(), decisions: Vec::new(), size: Size::from(size), cut_again: false }
    }

    #[test]
    fn pieces_are_taken_largest_first_or_in_the_searchs_order() {
        for largest_first in [true, false] {
            let mut queue = Queue { ready: Vec::new(), splitting: 0, largest_first };
            queue.add([piece(&[0], 10), piece(&[1], 500), piece(&[2], 40)]);
            queue.add([piece(&[3, 1], 40), piece(&[3, 0], 40), piece(&[4], 7)]);
            let taken: Vec<Vec<u32>> = std::iter::from_fn(|| queue.ready.pop().map(|p| p.key)).collect();
            let expected: [&[u32]; 6] = if largest_first {
                [&[1], &[2], &[3, 0], &[3, 1], &[0], &[4]]
            } else {
                [&[0], &[1], &[2], &[3, 0], &[3, 1], &[4]]
            };
            assert_eq!(taken, expected);
        }
    }
}
