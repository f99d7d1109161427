//! Exact cover problems in the input format of Knuth's DLX1, so that its users can switch: the
//! first line names the items (those after a lone `|` are secondary), every later line is an
//! option naming its items; lines whose first non-blank character is `|` are comments. An
//! option with no primary item is left out with a warning, as DLX1 does.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use dlx_core::{Error, Problem};

use crate::expiry;
use crate::jobs::Tally;

/// A problem as read: item counts, each option's items and text, and the warnings to show.
struct Parsed<'a> {
    primary: usize,
    secondary: usize,
    options: Vec<(Vec<i32>, &'a str)>,
    warnings: Vec<String>,
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

/// Reads DLX1's format; the place and reason of the first fault.
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
    let (mut primary, mut secondary, mut after_bar) = (0, 0, false);
    for word in header.split_whitespace() {
        if word == "|" {
            if after_bar {
                return Err(at(header_line, "a second '|' among the items".into()));
            }
            after_bar = true;
            continue;
        }
        if names.insert(word, names.len() as i32).is_some() {
            return Err(at(header_line, format!("item {word:?} named twice")));
        }
        if after_bar { secondary += 1 } else { primary += 1 }
    }
    let (mut options, mut warnings) = (Vec::new(), Vec::new());
    for (n, line) in lines {
        let mut items = Vec::new();
        for word in line.split_whitespace() {
            let item = *names.get(word).ok_or_else(|| at(n, format!("unknown item {word:?}")))?;
            if items.contains(&item) {
                return Err(at(n, format!("item {word:?} appears twice in this option")));
            }
            items.push(item);
        }
        // As DLX1 does: such an option can be added to any solution, so it would only
        // multiply the count; it is left out, with a warning.
        if !items.iter().any(|&i| (i as usize) < primary) {
            warnings.push(at(n, format!("option ignored (no primary items): {}", line.trim())));
            continue;
        }
        options.push((items, line.trim()));
    }
    Ok(Parsed { primary, secondary, options, warnings })
}

/// The library's problem of `parsed`, in `memory` (sized here); the reason it could not be.
fn build<'m>(name: &str, parsed: &Parsed<'_>, memory: &'m mut Vec<u64>) -> Result<Problem<'m>, String> {
    let entries: usize = parsed.options.iter().map(|(items, _)| items.len()).sum();
    let items = (parsed.primary + parsed.secondary) as i64;
    let size = Problem::size(items, parsed.options.len() as i64, entries as i64)
        .ok_or_else(|| format!("{name}: beyond the library's limits"))?;
    *memory = vec![0u64; size / 8];
    let (primary, secondary, options) = (parsed.primary as i32, parsed.secondary as i32, parsed.options.len() as i32);
    let mut problem =
        Problem::new(memory, primary, secondary, options, entries as i64).map_err(|e| format!("{name}: {e}"))?;
    for (items, text) in &parsed.options {
        // parse() has checked what add() checks: this is a guard, not a message users meet.
        problem.add(items).map_err(|e| format!("{name}: option {text:?}: {e}"))?;
    }
    Ok(problem)
}

/// How long listed covers may wait in the buffer: a slow search still shows each soon, and a
/// closed pipe is seen by the next write after that.
const LIST_FLUSH: Duration = Duration::from_millis(20);

/// Counts, lists or minimises; the tally counts the problem as one puzzle. The first failed
/// write ends the search.
pub fn run(name: &str, bytes: &[u8], list: bool, minimum: bool, limit: Option<u64>, ms: u64) -> Tally {
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
    let out = RefCell::new(std::io::BufWriter::new(std::io::stdout().lock()));
    let write_cover = |options: &[i32]| -> std::io::Result<()> {
        let mut out = out.borrow_mut();
        for &o in options {
            writeln!(out, "{}", parsed.options[o as usize].1)?;
        }
        writeln!(out)
    };
    // The library asks this every few tens of microseconds: every LIST_FLUSH it writes out the
    // covers waiting in the buffer and looks whether the output has closed, so that a listing
    // shows while its search goes on and stops once nobody reads it.
    let (closed, never) = (Cell::new(false), AtomicBool::new(false));
    let mut flushed = Instant::now();
    let mut time_up = expiry(ms, &never);
    let expired = || {
        if flushed.elapsed() >= LIST_FLUSH {
            flushed = Instant::now();
            if out.borrow_mut().flush().is_err() || crate::output_closed() {
                closed.set(true);
            }
        }
        closed.get() || time_up()
    };
    let mut written = Ok(());
    let result = if minimum {
        let mut best = vec![0i32; parsed.primary.max(1)];
        problem.minimum(&mut best, expired).map(|n| {
            written = write_cover(&best[..n]);
            1
        })
    } else {
        let result = problem.search(limit.unwrap_or(u64::MAX), expired, |options| {
            if list {
                written = write_cover(options);
            }
            written.is_err()
        });
        if let (Ok(count), false) = (&result, list) {
            written = writeln!(out.borrow_mut(), "{count}");
        }
        result
    };
    if let Err(e) = written.and_then(|()| out.borrow_mut().flush()) {
        tally.output_error = Some(format!("standard output: {e}"));
    } else if closed.get() {
        tally.output_error = Some("standard output: closed by its reader".into());
    }
    let what = if minimum { "the minimum" } else { "the search" };
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
    let found = match result {
        _ if tally.output_error.is_some() => "stopped when its output closed".to_string(),
        Ok(1) if !minimum => "1 solution".to_string(),
        Ok(n) if !minimum => format!("{n} solutions"),
        Ok(_) => "a minimum cover".to_string(),
        Err(Error::Unsolvable) => "no cover".to_string(),
        Err(e) => e.to_string(),
    };
    let seconds = started.elapsed().as_secs_f64();
    crate::note(&format!("{name}: {found}; {what} tried {} options in {seconds:.3} s", problem.nodes()));
    if let Some(e) = &tally.output_error {
        crate::note(e);
    }
    tally
}
