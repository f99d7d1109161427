//! Exact cover problems in the input format of Knuth's exact cover programs, so that their
//! users can switch. The first line names the items; those after a lone `|` are secondary. A
//! primary item may carry DLX3's bounds, `a:b|name` (covered a to b times) or `b|name` (b
//! times); plain `name` is covered once. Every later line is an option naming its items: a
//! secondary item may carry DLX2's color, `x:c` (options that share x give it the same color),
//! and `|n` entries give the option DLX5's cost (their sum). Lines whose first non-blank
//! character is `|` are comments. An option with no primary item is left out with a warning,
//! as Knuth's programs do.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use dlx_core::{Error, Problem};

use crate::expiry;
use crate::jobs::Tally;
use crate::pieces;

/// One option as read: its items, their colors (0: none), its cost entries' sum, its text.
struct Row<'a> {
    items: Vec<i32>,
    colors: Vec<i32>,
    cost: i32,
    text: &'a str,
}

/// A problem as read: item counts and bounds, the options, and the warnings to show.
struct Parsed<'a> {
    primary: usize,
    secondary: usize,
    /// The primary items whose bounds are not 1:1, with their bounds.
    bounds: Vec<(i32, i32, i32)>,
    options: Vec<Row<'a>>,
    /// Whether some option has a cost entry: then an option without one costs 0 (as in DLX5),
    /// else every option costs 1, so that the least cost is the fewest options.
    costed: bool,
    warnings: Vec<String>,
}

/// What `dlx cover` answers.
#[derive(Clone, Copy)]
pub enum Goal {
    /// The number of solutions.
    Count,
    /// Every solution.
    List,
    /// A solution of least total cost.
    Minimum,
    /// A solution of total cost at most this.
    AtMost(i64),
}

/// The problem's file (standard input for "-"): its name and bytes.
pub fn read(path: &Path) -> Result<(String, Vec<u8>), String> {
    let name = path.display().to_string();
    let mut bytes = Vec::new();
    let read = if name == "-" {
        std::io::stdin().read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes))
    };
    read.map(|_| (name.clone(), bytes)).map_err(|e| format!("{name}: {e}"))
}

/// A bound or cost: decimal digits, at most 2^31 - 1; `what` names it in the reason it is not.
fn number(digits: &str, what: &str) -> Result<i32, String> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} {digits:?} is not a decimal number"));
    }
    digits.parse().map_err(|_| format!("{what} {digits} is above 2147483647"))
}

/// How many times a primary item is covered: at least the first, at most the second.
type Bounds = (i32, i32);

/// An item of the first line: its name, and its bounds if written (`a:b|name` or `b|name`).
fn item(word: &str) -> Result<(&str, Option<Bounds>), String> {
    let (name, bounds) = match word.split_once('|') {
        None => (word, None),
        Some((bounds, name)) => {
            let (lo, hi) = match bounds.split_once(':') {
                Some((lo, hi)) => (number(lo, "lower bound")?, number(hi, "upper bound")?),
                None => number(bounds, "bound").map(|b| (b, b))?,
            };
            if hi == 0 {
                return Err(format!("item {name:?}: upper bound 0 (it must be at least 1)"));
            }
            if lo > hi {
                return Err(format!("item {name:?}: lower bound {lo} above upper bound {hi}"));
            }
            (name, Some((lo, hi)))
        }
    };
    if name.is_empty() {
        return Err(format!("{word:?}: bounds without an item name"));
    }
    if let Some(c) = name.chars().find(|&c| c == ':' || c == '|') {
        return Err(format!("item {word:?}: {c:?} in an item name (bounds are written a:b|name)"));
    }
    Ok((name, bounds))
}

/// Reads Knuth's format; the place and reason of the first fault.
fn parse<'a>(name: &str, bytes: &'a [u8]) -> Result<Parsed<'a>, String> {
    let at = |n: usize, why: String| format!("{name}:{}: {why}", n + 1);
    let mut lines = Vec::new();
    for (n, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = std::str::from_utf8(line).map_err(|e| {
            let k = e.valid_up_to();
            at(n, format!("not UTF-8 text: byte {:#04x} at byte {} of the line", line[k], k + 1))
        })?;
        if let Some(k) = line.find(['\u{feff}', '\0']) {
            let what = if line[k..].starts_with('\0') { "a NUL byte" } else { "a byte-order mark (U+FEFF)" };
            return Err(at(n, format!("{what} at byte {} of the line", k + 1)));
        }
        if !line.trim().is_empty() && !line.trim_start().starts_with('|') {
            lines.push((n, line));
        }
    }
    let mut lines = lines.into_iter();
    let (header_line, header) = lines.next().ok_or_else(|| format!("{name}: no line of item names"))?;
    let mut names = HashMap::new();
    let (mut primary, mut secondary, mut after_bar, mut bounds) = (0, 0, false, Vec::new());
    for word in header.split_whitespace() {
        // As in Knuth's programs, the `|` may touch the first secondary item's name.
        let word = match word.strip_prefix('|') {
            Some(_) if after_bar => return Err(at(header_line, format!("a second '|' among the items: {word:?}"))),
            Some(rest) => {
                after_bar = true;
                if rest.is_empty() {
                    continue;
                }
                rest
            }
            None => word,
        };
        let (item_name, bound) = item(word).map_err(|why| at(header_line, why))?;
        if after_bar && bound.is_some() {
            return Err(at(
                header_line,
                format!("secondary item {item_name:?} with bounds (only primary items have them)"),
            ));
        }
        let number = names.len() as i32;
        if names.insert(item_name, number).is_some() {
            return Err(at(header_line, format!("item {item_name:?} named twice")));
        }
        if let Some((lo, hi)) = bound.filter(|&b| b != (1, 1)) {
            bounds.push((number, lo, hi));
        }
        if after_bar { secondary += 1 } else { primary += 1 }
    }
    let (mut options, mut warnings, mut colors, mut costed) = (Vec::new(), Vec::new(), HashMap::new(), false);
    for (n, line) in lines {
        let mut row = Row { items: Vec::new(), colors: Vec::new(), cost: 0, text: line.trim() };
        for word in line.split_whitespace() {
            if let Some(digits) = word.strip_prefix('|') {
                let cost = number(digits, "cost").map_err(|why| at(n, format!("{why} (a cost is written |n)")))?;
                row.cost =
                    row.cost.checked_add(cost).ok_or_else(|| at(n, "costs adding up above 2147483647".into()))?;
                costed = true;
                continue;
            }
            let (item_name, color) = match word.split_once(':') {
                Some((item_name, color)) => (item_name, Some(color)),
                None => (word, None),
            };
            let item = *names.get(item_name).ok_or_else(|| at(n, format!("unknown item {item_name:?}")))?;
            if row.items.contains(&item) {
                return Err(at(n, format!("item {item_name:?} appears twice in this option")));
            }
            let color = match color {
                None => 0,
                Some(_) if (item as usize) < primary => {
                    return Err(at(
                        n,
                        format!("{word:?}: a color on primary item {item_name:?} (only secondary items have colors)"),
                    ));
                }
                Some("") => return Err(at(n, format!("{word:?}: no color after the ':'"))),
                Some(color) => {
                    let next = colors.len() as i32 + 1;
                    *colors.entry(color).or_insert(next)
                }
            };
            row.items.push(item);
            row.colors.push(color);
        }
        // As Knuth's programs do: such an option can be added to any solution, so it would
        // only multiply the count; it is left out, with a warning.
        if !row.items.iter().any(|&i| (i as usize) < primary) {
            warnings.push(at(n, format!("option ignored (no primary items): {}", row.text)));
            continue;
        }
        options.push(row);
    }
    Ok(Parsed { primary, secondary, bounds, options, costed, warnings })
}

/// The library's problem of `parsed`, in `memory` (sized here); the reason it could not be.
fn build<'m>(name: &str, parsed: &Parsed<'_>, memory: &'m mut Vec<u64>) -> Result<Problem<'m>, String> {
    let entries: usize = parsed.options.iter().map(|row| row.items.len()).sum();
    let items = parsed.primary + parsed.secondary;
    let words = Problem::words_for(items, parsed.options.len(), entries)
        .ok_or_else(|| format!("{name}: beyond the library's limits"))?;
    *memory = vec![0u64; words];
    let (primary, secondary, options) = (parsed.primary as i32, parsed.secondary as i32, parsed.options.len() as i32);
    let mut problem =
        Problem::new(memory, primary, secondary, options, entries as i64).map_err(|e| format!("{name}: {e}"))?;
    // parse() has checked what set_bounds() and add_option() check: these are guards, not
    // messages users meet.
    for &(item, lo, hi) in &parsed.bounds {
        problem.set_bounds(item, lo, hi).map_err(|e| format!("{name}: bounds {lo}:{hi} of item {item}: {e}"))?;
    }
    for row in &parsed.options {
        let colors = row.colors.iter().any(|&c| c != 0).then_some(&row.colors[..]);
        let cost = if parsed.costed { row.cost } else { 1 };
        problem.add_option(&row.items, colors, cost).map_err(|e| format!("{name}: option {:?}: {e}", row.text))?;
    }
    Ok(problem)
}

/// How long listed covers may wait in the buffer: a slow search still shows each soon, and a
/// closed pipe is seen by the next write after that.
pub const LIST_FLUSH: Duration = Duration::from_millis(20);

/// What `dlx cover` is asked, besides its file.
pub struct Ask {
    pub goal: Goal,
    /// Stop after this many solutions.
    pub limit: Option<u64>,
    /// Milliseconds for the whole run (0: no limit).
    pub ms: u64,
    /// Search over pieces on this many threads.
    pub threads: Option<usize>,
    /// Search only this piece (its text form, as `--split` prints it).
    pub piece: Option<String>,
    /// Print at least this many pieces instead of searching.
    pub split: Option<usize>,
    /// Print the estimated size and time of the search instead.
    pub estimate: bool,
}

/// What a search came to, on one thread or on many.
pub struct Found {
    /// The count (counting or listing), or 1 for the cover `--minimum` or `--at-most` found.
    pub result: Result<u64, Error>,
    /// Solutions visited: on a timeout, the count so far.
    pub visited: u64,
    /// The cover found by `--minimum` or `--at-most`, and its cost.
    pub cover: Vec<i32>,
    pub cost: i64,
    /// Options tried, over every piece searched.
    pub nodes: u64,
    /// Why the output failed, if it did: the search stopped there.
    pub output_error: Option<String>,
}

/// Counts, lists or finds a cheapest solution (or one within a cost), or prints pieces or the
/// estimate; the tally counts the problem as one puzzle. The first failed write ends the
/// search.
pub fn run(name: &str, bytes: &[u8], ask: &Ask) -> Tally {
    let started = Instant::now();
    let mut tally = Tally { total: 1, ..Tally::default() };
    let mut memory = Vec::new();
    let built = match parse(name, bytes) {
        Ok(parsed) => build(name, &parsed, &mut memory).map(|problem| (parsed, problem)),
        Err(why) => Err(why),
    };
    let (parsed, mut problem) = match built {
        Ok(built) => built,
        Err(why) => {
            crate::note(&why);
            tally.invalid(name);
            return tally;
        }
    };
    for warning in &parsed.warnings {
        crate::note(warning);
    }
    if let Some(text) = &ask.piece {
        // A bad piece is a fault of the command line, not of the problem: exit status 2.
        if let Err(why) = set_piece(&mut problem, text, parsed.options.len()) {
            let message = format!("{name}: --piece {:?}: {why}", text.trim());
            crate::note(&message);
            tally.input_error = Some(message);
            return tally;
        }
    }
    if let Some(k) = ask.split {
        return pieces::print_split(name, &mut problem, k, ask.ms, tally);
    }
    if ask.estimate {
        return pieces::print_estimate(name, &mut problem, ask.ms, tally);
    }
    let texts: Vec<&str> = parsed.options.iter().map(|row| row.text).collect();
    let found = match ask.threads {
        // The problem's last use: its words are copied for each thread.
        Some(threads) => pieces::search(&memory, &texts, ask, threads),
        None => {
            // The bar's estimate searches a copy of the words (a copy is a problem of its own).
            let copy = pieces::bar_shows(ask.goal).then(|| memory.clone());
            match Problem::open(&mut memory) {
                Some(mut problem) => search_one(&mut problem, &texts, ask, copy),
                None => Found {
                    result: Err(Error::Arg),
                    visited: 0,
                    cover: Vec::new(),
                    cost: 0,
                    nodes: 0,
                    output_error: None,
                },
            }
        }
    };
    report(name, &parsed, &texts, ask.goal, found, started, tally)
}

/// Sets the piece `text` names on `problem`, whose options number `options`; why it cannot.
fn set_piece(problem: &mut Problem<'_>, text: &str, options: usize) -> Result<(), String> {
    let mut decisions = vec![0; options];
    let n = dlx_core::parse_piece(text, &mut decisions).map_err(|e| match e {
        Error::Capacity => format!("more decisions than the problem's {options} options"),
        _ => "not a piece: option numbers from 0, a '-' before one that is out (-1 - n), as --split prints them"
            .to_string(),
    })?;
    problem.set_piece(&decisions[..n]).map_err(|_| {
        format!("a decision names an option the problem does not have (it has {options}), or one option twice")
    })
}

/// Writes a cover's options, one a line as written, and a blank line after them.
pub fn write_cover(out: &mut impl Write, texts: &[&str], options: &[i32]) -> std::io::Result<()> {
    for &o in options {
        writeln!(out, "{}", texts[o as usize])?;
    }
    writeln!(out)
}

/// The search on this thread, as Knuth's programs search: one tree, in their order; a bar
/// of its progress when `copy` (the problem's words) is given.
fn search_one(problem: &mut Problem<'_>, texts: &[&str], ask: &Ask, copy: Option<Vec<u64>>) -> Found {
    let bar = copy.map(|words| pieces::search_bar(words, ask.goal));
    let mut asked = 0u64;
    let out = RefCell::new(std::io::BufWriter::new(std::io::stdout().lock()));
    // The library asks this every few tens of microseconds: every LIST_FLUSH it writes out the
    // covers waiting in the buffer and looks whether the output has closed, so that a listing
    // shows while its search goes on and stops once nobody reads it.
    let (closed, never) = (Cell::new(false), AtomicBool::new(false));
    let mut flushed = Instant::now();
    let mut time_up = expiry(ask.ms, &never);
    let expired = || {
        asked += 1;
        if flushed.elapsed() >= LIST_FLUSH {
            flushed = Instant::now();
            if let Some(bar) = &bar {
                pieces::advance(bar, asked * u64::from(dlx_core::NODES_A_QUESTION));
            }
            if out.borrow_mut().flush().is_err() || crate::output_closed() {
                closed.set(true);
            }
        }
        closed.get() || time_up()
    };
    let mut written = Ok(());
    let (mut visited, mut cover) = (0u64, Vec::new());
    let result = if let Goal::Minimum | Goal::AtMost(_) = ask.goal {
        // With bounds a solution may hold more options than there are primary items.
        let mut best = vec![0i32; texts.len().max(1)];
        let cheapest = match ask.goal {
            Goal::AtMost(k) => problem.at_most(k, &mut best, expired),
            _ => problem.minimum(&mut best, expired),
        };
        cheapest.map(|n| {
            cover = best[..n].to_vec();
            1
        })
    } else {
        let limit = ask.limit.unwrap_or(u64::MAX);
        if let Goal::List = ask.goal {
            problem.search(limit, expired, |options| {
                visited += 1;
                written = write_cover(&mut *out.borrow_mut(), texts, options);
                if written.is_err() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            })
        } else {
            problem.count(limit, expired, || {
                visited += 1;
                ControlFlow::Continue(())
            })
        }
    };
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let output_error = match written.and_then(|()| out.borrow_mut().flush()) {
        Err(e) => Some(format!("standard output: {e}")),
        Ok(()) if closed.get() => Some("standard output: closed by its reader".into()),
        Ok(()) => None,
    };
    Found { result, visited, cover, cost: problem.cost(), nodes: problem.nodes(), output_error }
}

/// Writes what the search found (the count, the count so far marked partial, or the cover)
/// and the summary, and tallies the problem.
fn report(
    name: &str,
    parsed: &Parsed<'_>,
    texts: &[&str],
    goal: Goal,
    found: Found,
    started: Instant,
    mut tally: Tally,
) -> Tally {
    let Found { result, visited, cover, cost, nodes, mut output_error } = found;
    if output_error.is_none() {
        let mut out = std::io::stdout().lock();
        let written = match (&result, goal) {
            (Ok(count), Goal::Count) => writeln!(out, "{count}"),
            // The count so far, marked so that no script takes it for the whole.
            (Err(Error::Timeout), Goal::Count) => writeln!(out, "{visited} (partial)"),
            (Ok(_), Goal::Minimum | Goal::AtMost(_)) => write_cover(&mut out, texts, &cover),
            _ => Ok(()),
        };
        if let Err(e) = written.and_then(|()| out.flush()) {
            output_error = Some(format!("standard output: {e}"));
        }
    }
    tally.output_error = output_error;
    let what = if let Goal::Minimum = goal { "the minimum" } else { "the search" };
    match result {
        _ if tally.output_error.is_some() => {}
        Ok(0) | Err(Error::Unsolvable) => tally.unsolvable = 1,
        Ok(_) => tally.solved = 1,
        Err(Error::Timeout) => tally.timeout = 1,
        Err(e) => {
            crate::note(&format!("{name}: {e}"));
            tally.invalid(name);
        }
    }
    // Without cost entries every option costs 1: the cost is the number of options.
    let priced = |c: i64| if parsed.costed { format!("cost {c}") } else { format!("{c} options") };
    let found = match (result, goal) {
        _ if tally.output_error.is_some() => "stopped when its output closed".to_string(),
        (Ok(1), Goal::Count | Goal::List) => "1 solution".to_string(),
        (Ok(n), Goal::Count | Goal::List) => format!("{n} solutions"),
        (Ok(_), Goal::Minimum) => format!("a minimum cover, {}", priced(cost)),
        (Ok(_), Goal::AtMost(k)) => format!("a cover of {} (at most {k})", priced(cost)),
        (Err(Error::Unsolvable), Goal::AtMost(k)) => format!("no cover within {}", priced(k)),
        (Err(Error::Unsolvable), _) => "no cover".to_string(),
        (Err(Error::Timeout), Goal::Count | Goal::List) => {
            format!("the time limit ran out after {visited} solutions (a partial count)")
        }
        (Err(e), _) => e.to_string(),
    };
    let seconds = started.elapsed().as_secs_f64();
    crate::note(&format!("{name}: {found}; {what} tried {nodes} options in {seconds:.3} s"));
    if let Some(e) = &tally.output_error {
        crate::note(e);
    }
    tally
}
