//! Generator benchmark, run on demand (`make bench-generate`): minimal puzzles with one solution
//! a second on one thread, from `dlx_core::generate9` (no symmetry and 180-degree rotation) and
//! `dlx_core::generate16`, seeds 0, 1, 2, ..., against QQWing (`qqwing --generate N --one-line`,
//! which also makes minimal unique 9x9 puzzles) in the same run when `qqwing` is on PATH; its
//! column is skipped, with a notice, when it is not, and against tdoku's generator (its
//! `TdokuConstrain` then `TdokuMinimize` from an empty grid, as its `generate` program makes each
//! candidate; benches/peers/tdoku_generate.cc, built from ../shared/peers/tdoku at bench time,
//! skipped with a notice where absent). Each puzzle is checked: one solution, and for the peers
//! minimal too (every given needed, by count9).
//! Then the Sudoku Explainer rater: ratings a second (`dlx_core::rate9`, its count to 2
//! included) on the rated sample tests/data carries and on generated puzzles, the generated
//! puzzles' tries per hit for a few rating ranges, and `dlx_core::generate9_rated`'s puzzles a
//! second for two ranges (each puzzle's rating checked by `rate9`).
//!
//! Writes the section "Generating puzzles" of docs/benchmarks.md.
//! Environment: DLX_BENCH_GENERATE_SECONDS (default 5): about how long each row runs.

use std::fmt::Write as _;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use dlx_core::Symmetry;

mod support;

/// Puzzles a second from `make`, run for about `seconds`, and the mean givens.
fn rate(seconds: f64, mut make: impl FnMut(u64) -> (usize, bool)) -> (f64, f64, u64) {
    let start = Instant::now();
    let (mut n, mut givens) = (0u64, 0usize);
    while n == 0 || start.elapsed() < Duration::from_secs_f64(seconds) {
        let (g, unique) = make(n);
        assert!(unique, "puzzle {n} has not one solution");
        givens += g;
        n += 1;
    }
    (n as f64 / start.elapsed().as_secs_f64(), givens as f64 / n as f64, n)
}

/// QQWing's rate on `n` puzzles, or None when it is not on PATH.
fn qqwing(n: u64) -> Option<(f64, f64)> {
    let start = Instant::now();
    let out = Command::new("qqwing")
        .args(["--generate", &n.to_string(), "--one-line"])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let elapsed = start.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().filter(|l| l.trim().len() == 81).collect();
    if lines.is_empty() {
        return None;
    }
    let givens: usize = lines.iter().map(|l| l.bytes().filter(u8::is_ascii_digit).count()).sum();
    Some((lines.len() as f64 / elapsed, givens as f64 / lines.len() as f64))
}

/// Is `p` a minimal puzzle with one solution: unique, and every given needed?
fn minimal_unique(p: &[u8]) -> bool {
    let count = |p: &[u8]| dlx_core::count9(p.iter().copied(), 2, || false);
    count(p) == Ok(1)
        && (0..81).filter(|&c| p[c] != b'.').all(|c| {
            let mut q = p.to_vec();
            q[c] = b'.';
            count(&q) == Ok(2)
        })
}

/// tdoku's generator's rate on `n` puzzles (each checked minimal and unique) and mean givens,
/// or why not.
fn tdoku(n: u64) -> Result<(f64, f64), String> {
    let driver = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/peers/tdoku_generate.cc");
    let exe = support::tdoku_program(&driver, "tdoku_generate")?;
    let out = Command::new(exe).arg(n.to_string()).output().map_err(|e| format!("tdoku_generate: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let seconds: f64 = text
        .lines()
        .find_map(|l| l.strip_prefix("seconds "))
        .and_then(|s| s.parse().ok())
        .ok_or("tdoku_generate printed no time")?;
    let lines: Vec<&[u8]> = text.lines().filter(|l| l.len() == 81).map(str::as_bytes).collect();
    assert_eq!(lines.len() as u64, n, "tdoku_generate made every puzzle");
    for p in &lines {
        assert!(minimal_unique(p), "tdoku's puzzle {} is minimal and unique", String::from_utf8_lossy(p));
    }
    let givens: usize = lines.iter().map(|p| p.iter().filter(|&&b| b != b'.').count()).sum();
    Ok((n as f64 / seconds, givens as f64 / n as f64))
}

/// The rating ranges the rater's rows report, in tenths, with their names.
const RANGES: [(&str, u8, u8); 4] =
    [("1.0-1.5", 10, 15), ("2.0-3.0", 20, 30), ("4.0-6.0", 40, 60), ("7.0 up", 70, 120)];

/// The rater's rows: (what, ratings or puzzles a second, items, note).
fn ratings(seconds: f64, generated: &[[u8; 81]]) -> Vec<(String, f64, u64, String)> {
    let path = support::data_dir().join("sudoku9/se-rated-sample.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let sample: Vec<&str> = text.lines().filter_map(|l| l.split_whitespace().next()).collect();
    let mut rows = Vec::new();
    let (r, _, n) = rate(seconds, |k| {
        let rated = dlx_core::rate9(sample[k as usize % sample.len()].bytes());
        (0, rated.is_ok())
    });
    eprintln!("rate9 on the SE sample: {r:.0} a second ({n} ratings)");
    rows.push(("rate9, SE-rated sample (5.4-9.1)".to_string(), r, n, format!("{} puzzles, in turn", sample.len())));
    let mut hits = [0u64; RANGES.len()];
    let mut beyond = 0u64;
    let (r, _, n) = rate(seconds, |k| {
        let k = k as usize;
        let rated = dlx_core::rate9(generated[k % generated.len()].iter().copied());
        if k < generated.len() {
            match rated {
                Ok(dlx_core::Rating::Rated(t)) => {
                    for (hit, (_, lo, hi)) in hits.iter_mut().zip(RANGES) {
                        *hit += u64::from((lo..=hi).contains(&t));
                    }
                }
                _ => beyond += 1,
            }
        }
        (0, rated.is_ok())
    });
    eprintln!("rate9 on generated puzzles: {r:.0} a second ({n} ratings)");
    // The tries per hit are over the distinct puzzles the timed loop rated.
    let seen = (n as usize).min(generated.len());
    let tries: Vec<String> = RANGES
        .iter()
        .zip(hits)
        .map(|((name, ..), hit)| match hit {
            0 => format!("{name}: none"),
            _ => format!("{name}: {:.1}", seen as f64 / hit as f64),
        })
        .collect();
    let note = format!("{seen} puzzles (seeds 0 up), {beyond} beyond; tries per hit {}", tries.join(", "));
    eprintln!("{note}");
    rows.push(("rate9, generated puzzles".to_string(), r, n, note));
    for (name, lo, hi) in [RANGES[1], RANGES[3]] {
        let (r, _, n) = rate(seconds, |seed| {
            let (p, t) = dlx_core::generate9_rated(seed, Symmetry::None, 0, lo, hi, || false).unwrap();
            (0, dlx_core::rate9(p.iter().copied()) == Ok(dlx_core::Rating::Rated(t)) && (lo..=hi).contains(&t))
        });
        eprintln!("generate9_rated {name}: {r:.1} a second ({n} puzzles)");
        rows.push((format!("generate9_rated, {name}"), r, n, "puzzles a second, each rated again to check".into()));
    }
    rows
}

fn main() {
    let seconds: f64 = std::env::var("DLX_BENCH_GENERATE_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(5.0);
    let count9 = |p: &[u8]| dlx_core::count9(p.iter().copied(), 2, || false) == Ok(1);
    let count16 = |p: &[u8]| dlx_core::count16(p.iter().copied(), 2, || false) == Ok(1);
    let given = |p: &[u8]| p.iter().filter(|&&b| b != b'.' && b != b'-').count();
    let mut rows = Vec::new();
    for (name, symmetry) in [("9x9, no symmetry", Symmetry::None), ("9x9, 180-degree rotation", Symmetry::Rotate180)] {
        let (r, g, n) = rate(seconds, |seed| {
            let p = dlx_core::generate9(seed, symmetry, 0, || false).unwrap();
            (given(&p), count9(&p))
        });
        eprintln!("{name}: {r:.0} a second, {g:.1} givens on average ({n} puzzles)");
        rows.push((name, r, g, n));
    }
    let (r, g, n) = rate(seconds, |seed| {
        let p = dlx_core::generate16(seed, Symmetry::None, 0, || false).unwrap();
        (given(&p), count16(&p))
    });
    eprintln!("16x16, no symmetry: {r:.1} a second, {g:.1} givens on average ({n} puzzles)");
    rows.push(("16x16, no symmetry", r, g, n));
    let peer = qqwing(((rows[0].1 * seconds / 20.0) as u64).clamp(50, 5_000));
    match peer {
        Some((r, g)) => eprintln!("qqwing: {r:.0} a second, {g:.1} givens on average"),
        None => eprintln!("notice: qqwing is not on PATH (apt-get install qqwing): its column is skipped"),
    }
    let td = tdoku(((rows[0].1 * seconds / 5.0) as u64).clamp(200, 20_000));
    match &td {
        Ok((r, g)) => eprintln!("tdoku: {r:.0} a second, {g:.1} givens on average"),
        Err(why) => eprintln!("notice: tdoku's generator is skipped: {why}"),
    }
    let mut body = String::from(
        "Minimal puzzles with exactly one solution, one thread, seeds 0, 1, 2, ... (`make bench-generate`; \
         each puzzle checked by a count to 2). QQWing: `qqwing --generate N --one-line` in the same run \
         (also minimal and unique, no symmetry). tdoku: `TdokuConstrain` then `TdokuMinimize` from an empty \
         grid, as its `generate` program makes each candidate (benches/peers/tdoku_generate.cc, tdoku built as \
         its README recommends), each puzzle checked minimal and unique here, untimed.\n\n\
         | puzzles | dlx a second | mean givens | puzzles made | QQWing a second | QQWing givens | dlx / QQWing \
         | tdoku a second | tdoku givens | dlx / tdoku |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for (k, (name, r, g, n)) in rows.iter().enumerate() {
        let (qr, qg, ratio) = match (k, peer) {
            (0, Some((qr, qg))) => (format!("{qr:.0}"), format!("{qg:.1}"), format!("{:.0}x", r / qr)),
            (0, None) => ("(not on PATH)".into(), String::new(), String::new()),
            _ => (String::new(), String::new(), String::new()),
        };
        let (tr, tg, tratio) = match (k, &td) {
            (0, Ok((tr, tg))) => (format!("{tr:.0}"), format!("{tg:.1}"), format!("{:.2}x", r / tr)),
            (0, Err(_)) => ("(skipped)".into(), String::new(), String::new()),
            _ => (String::new(), String::new(), String::new()),
        };
        writeln!(body, "| {name} | {r:.1} | {g:.1} | {n} | {qr} | {qg} | {ratio} | {tr} | {tg} | {tratio} |").unwrap();
    }
    if let Err(why) = &td {
        writeln!(body, "\ntdoku's columns are empty: {why}.").unwrap();
    }
    // The rater's rows: generated puzzles enough for the tries per hit to mean something.
    let generated: Vec<[u8; 81]> = (0..((seconds * 200.0) as u64).clamp(200, 3_000))
        .map(|seed| dlx_core::generate9(seed, Symmetry::None, 0, || false).unwrap())
        .collect();
    body.push_str(
        "\nThe Sudoku Explainer rater (docs/puzzles.md), one thread: ratings a second by `rate9` (its count \
         to 2 included), and rated generation (`generate9_rated`: puzzles drawn and rated until one fits).\n\n\
         | what | a second | done | notes |\n\
         | --- | ---: | ---: | --- |\n",
    );
    for (name, r, n, note) in ratings(seconds, &generated) {
        writeln!(body, "| {name} | {r:.1} | {n} | {note} |").unwrap();
    }
    support::write_section("generate", "Generating puzzles", &body);
}
