//! Exact cover problems in the input format of Knuth's DLX1, so that its users can switch: the
//! first line names the items (those after a lone `|` are secondary), every later line is an
//! option naming its items; lines whose first non-blank character is `|` are comments.

use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use dlx_core::{Error, Problem};

use crate::jobs::Tally;
use crate::{Source, expiry};

/// A problem as read: item counts, and each option's items and text.
struct Parsed<'a> {
    primary: usize,
    secondary: usize,
    options: Vec<(Vec<i32>, &'a str)>,
}

/// Reads DLX1's format; the place and reason of the first fault.
fn parse(source: &Source) -> Result<Parsed<'_>, String> {
    let mut lines =
        source.text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('|'));
    let at = |n: usize, why: String| format!("{}:{}: {why}", source.name, n + 1);
    let (header_line, header) = lines.next().ok_or_else(|| format!("{}: no line of item names", source.name))?;
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
    let mut options = Vec::new();
    for (n, line) in lines {
        let items = line
            .split_whitespace()
            .map(|w| names.get(w).copied().ok_or_else(|| at(n, format!("unknown item {w:?}"))))
            .collect::<Result<Vec<i32>, String>>()?;
        if !items.iter().any(|&i| (i as usize) < primary) {
            return Err(at(n, "an option with no primary item".into()));
        }
        options.push((items, line.trim()));
    }
    Ok(Parsed { primary, secondary, options })
}

/// The library's problem of `parsed`, in `memory` (sized here); the reason it could not be.
fn build<'m>(source: &Source, parsed: &Parsed<'_>, memory: &'m mut Vec<u64>) -> Result<Problem<'m>, String> {
    let entries: usize = parsed.options.iter().map(|(items, _)| items.len()).sum();
    let items = (parsed.primary + parsed.secondary) as i64;
    let size = Problem::size(items, parsed.options.len() as i64, entries as i64)
        .ok_or_else(|| format!("{}: beyond the library's limits", source.name))?;
    *memory = vec![0u64; size / 8];
    let (primary, secondary, options) = (parsed.primary as i32, parsed.secondary as i32, parsed.options.len() as i32);
    let mut problem = Problem::new(memory, primary, secondary, options, entries as i64)
        .map_err(|e| format!("{}: {e}", source.name))?;
    for (items, text) in &parsed.options {
        problem.add(items).map_err(|e| format!("{}: option {text:?}: {e}", source.name))?;
    }
    Ok(problem)
}

/// Counts, lists or minimises; the tally counts the problem as one puzzle.
pub fn run(source: &Source, list: bool, minimum: bool, limit: Option<u64>, ms: u64) -> Tally {
    let started = Instant::now();
    let mut tally = Tally { total: 1, ..Tally::default() };
    let mut memory = Vec::new();
    let built = match parse(source) {
        Ok(parsed) => build(source, &parsed, &mut memory).map(|problem| (parsed, problem)),
        Err(why) => Err(why),
    };
    let (parsed, mut problem) = match built {
        Ok(built) => built,
        Err(why) => {
            eprintln!("dlx: {why}");
            tally.invalid.push(source.name.clone());
            return tally;
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let write_cover = |options: &[i32], out: &mut dyn Write| -> std::io::Result<()> {
        for &o in options {
            writeln!(out, "{}", parsed.options[o as usize].1)?;
        }
        writeln!(out)
    };
    let mut written = Ok(());
    let result = if minimum {
        let mut best = vec![0i32; parsed.primary.max(1)];
        problem.minimum(&mut best, expiry(ms)).map(|n| {
            written = write_cover(&best[..n], &mut out);
            1
        })
    } else {
        let result = problem.search(limit.unwrap_or(u64::MAX), expiry(ms), |options| {
            if list && written.is_ok() {
                written = write_cover(options, &mut out);
            }
            false
        });
        if let (Ok(count), false) = (&result, list) {
            written = writeln!(out, "{count}");
        }
        result
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        tally.output_error = Some(format!("standard output: {e}"));
    }
    let what = if minimum { "the minimum" } else { "the search" };
    match result {
        Ok(0) | Err(Error::Unsolvable) => tally.unsolvable = 1,
        Ok(_) => tally.solved = 1,
        Err(Error::Timeout) => tally.timeout = 1,
        Err(e) => {
            eprintln!("dlx: {}: {e}", source.name);
            tally.invalid.push(source.name.clone());
        }
    }
    let found = match result {
        Ok(1) if !minimum => "1 solution".to_string(),
        Ok(n) if !minimum => format!("{n} solutions"),
        Ok(_) => "a minimum cover".to_string(),
        Err(Error::Unsolvable) => "no cover".to_string(),
        Err(e) => e.to_string(),
    };
    eprintln!(
        "dlx: {}: {found}; {what} tried {} options in {:.3} s",
        source.name,
        problem.nodes(),
        started.elapsed().as_secs_f64()
    );
    if let Some(e) = &tally.output_error {
        eprintln!("dlx: {e}");
    }
    tally
}
