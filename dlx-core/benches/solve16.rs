//! 16x16 benchmark, run on demand (`make bench`): every 16x16 set in tests/data and the 40
//! hardest public puzzles, timed in one run for
//! - `dlx_solve16`'s work in process (`dlx_core::solve16`), best of 3 runs a puzzle (with the
//!   conflicts of its clause-learning search),
//! - the DLX engine's configurations: its default (failure weights, probing, subset
//!   reductions: dlx_solve16's search before clause learning), with its search nodes; plain
//!   MRV without probing, capped (the engine's first search); failure weights without probing,
//! - the judge program examples/poj3076.c as a whole process, one run per set,
//! - the judge's reference program (the C++ that came with POJ 3076's statement), compiled
//!   from ../shared/seeds with g++ -O2 here (never copied into the repository), one process per
//!   puzzle, killed at a time cap; skipped, with a notice, where ../shared is absent.
//!
//! Writes the section "16x16 Sudoku" of docs/benchmarks.md and target/bench/solve16.svg.
//! Environment: DLX_BENCH_SETS (comma-separated name fragments), DLX_BENCH_SEED_CAP_MS
//! (default 10000; 0 skips the seed), DLX_BENCH_PLAIN_CAP (nodes, default 3000000).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use dlx_core::exact_cover::dlx::{Choice, REDUCE_AFTER};

mod puzzles;
mod support;

use puzzles::Puzzle;

const SETS: [&str; 8] = [
    "poj3076-sample-1",
    "gecode-janko-55",
    "goomii17-hexasudoku-3000",
    "lloyd-amos-acs-general-1900",
    "enjoysudoku-monstersudoku-metcalf-2",
    "enjoysudoku-tarek-first20-20",
    "enjoysudoku-tarek-tough-206",
    "enjoysudoku-blue-ultimate-15",
];

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn out_dir() -> PathBuf {
    support::out_dir()
}

/// Runs of each puzzle in process; the best counts. A single run of a lone puzzle (the POJ
/// sample) measured up to twice its steady time, from cold caches and first-touch page faults.
const FFI_RUNS: usize = 3;

/// dlx_solve16's work (`dlx_core::solve16`, which the C function calls after its pointer
/// checks): best of FFI_RUNS times per puzzle; panics on a wrong answer.
fn time_ffi(set: &[Puzzle]) -> Vec<f64> {
    set.iter()
        .map(|p| {
            (0..FFI_RUNS)
                .map(|_| {
                    let start = Instant::now();
                    let out = dlx_core::solve16(p.text.bytes());
                    let us = start.elapsed().as_secs_f64() * 1e6;
                    let out = out.unwrap_or_else(|e| panic!("{e}: {}", p.text));
                    if let Some(s) = &p.solution {
                        assert_eq!(&out[..], s.as_bytes(), "{}", p.text);
                    }
                    us
                })
                .fold(f64::INFINITY, f64::min)
        })
        .collect()
}

/// One engine configuration through the internal API (`reduce_after`: options tried before subset
/// reductions start): (us, nodes) per puzzle, None past `cap`.
fn time_config(set: &[Puzzle], choice: Choice, probing: bool, reduce_after: u64, cap: u64) -> Vec<Option<(f64, u64)>> {
    set.iter()
        .map(|p| puzzles::timed_solve(p, choice, probing, reduce_after, cap).map(|(us, stats, _)| (us, stats.nodes)))
        .collect()
}

fn judge_input(set: &[Puzzle]) -> String {
    set.iter()
        .map(|p| {
            p.text.as_bytes().chunks(16).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Wall time of one process run on `input`, or None when killed at `cap`.
fn run_process(exe: &Path, input: &str, cap: Duration) -> (Option<Duration>, String) {
    let start = Instant::now();
    let mut child =
        Command::new(exe).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().expect("start");
    // Feed stdin and drain stdout on their own threads, so a large output cannot fill the
    // pipe and stall the child while this thread waits for it.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut out);
        out
    });
    loop {
        if child.try_wait().unwrap().is_some() {
            let elapsed = start.elapsed();
            let _ = writer.join();
            return (Some(elapsed), reader.join().unwrap_or_default());
        }
        if start.elapsed() > cap {
            let _ = child.kill();
            let _ = child.wait();
            let _ = writer.join();
            let _ = reader.join();
            return (None, String::new());
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

fn build_judge() -> PathBuf {
    let exe = out_dir().join("poj3076");
    let root = support::root();
    let mut cmd = Command::new("cc");
    cmd.args(["-O2", "-std=c99", "-I"]).arg(root.join("include")).arg(root.join("examples/poj3076.c"));
    cmd.arg(support::static_library()).arg("-o").arg(&exe);
    assert!(cmd.status().unwrap().success(), "build the judge (run `make` first)");
    exe
}

fn build_seed() -> Option<PathBuf> {
    let seed = std::fs::read_to_string(support::shared_dir()?.join("seeds/000_d26765aac5716a9b.txt")).ok()?;
    let code = &seed[seed.find("#include")?..];
    let source = out_dir().join("seed_poj3076.cpp");
    let exe = out_dir().join("seed_poj3076");
    std::fs::write(&source, code).ok()?;
    let ok = Command::new("g++").arg("-O2").arg("-w").arg(&source).arg("-o").arg(&exe).status().ok()?.success();
    ok.then_some(exe)
}

/// The seed program on each puzzle, two at a time: ms per puzzle, None when capped.
fn time_seed(exe: &Path, set: &[Puzzle], cap: Duration) -> Vec<Option<f64>> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; set.len()]);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = set.get(k) else { break };
                    let (time, out) = run_process(exe, &judge_input(std::slice::from_ref(p)), cap);
                    if let (Some(_), Some(s)) = (time, &p.solution) {
                        assert_eq!(out.replace('\n', ""), *s, "the reference program's answer differs");
                    }
                    results.lock().unwrap()[k] = time.map(|t| t.as_secs_f64() * 1e6);
                }
            });
        }
    });
    results.into_inner().unwrap()
}

struct Row {
    name: String,
    n: usize,
    ours: (f64, f64, f64),
    conflicts: f64,
    dlx: (f64, f64),
    judge: Option<f64>,
    seed: Option<(f64, usize)>,
    plain: (f64, usize),
    unprobed: f64,
}

fn main() {
    let seed_cap_ms = env_u64("DLX_BENCH_SEED_CAP_MS", 10_000);
    let plain_cap = env_u64("DLX_BENCH_PLAIN_CAP", 3_000_000);
    let judge = build_judge();
    let seed = if seed_cap_ms > 0 { build_seed() } else { None };
    let cap = Duration::from_millis(seed_cap_ms);

    let sets = puzzles::sets_to_run(&SETS, "hard-40");

    let mut rows = Vec::new();
    for (name, set) in &sets {
        eprintln!("{name}: {} puzzles", set.len());
        let ours = time_ffi(set);
        let conflicts =
            set.iter().map(|p| puzzles::timed_solve16(p).1.learning.conflicts as f64).sum::<f64>() / set.len() as f64;
        let default = time_config(set, Choice::WeightedFailures, true, REDUCE_AFTER, u64::MAX);
        let dlx_us: Vec<f64> = default.iter().map(|r| r.unwrap().0).collect();
        let dlx_nodes = default.iter().map(|r| r.unwrap().1 as f64).sum::<f64>() / set.len() as f64;
        // The default without probing (reductions still after REDUCE_AFTER options), and the
        // plain engine of the first release: fewest options, no probing, no reductions.
        let unprobed = time_config(set, Choice::WeightedFailures, false, REDUCE_AFTER, u64::MAX);
        let plain = time_config(set, Choice::FewestOptions, false, u64::MAX, plain_cap);
        // Any capped run leaves the plain mean unknown: the table shows how many were capped.
        let plain_capped = plain.iter().filter(|r| r.is_none()).count();
        let plain_us: Vec<f64> = plain.iter().flatten().map(|p| p.0).collect();
        let input = judge_input(set);
        let (judge_time, judge_out) = run_process(&judge, &input, Duration::from_secs(3600));
        if set.iter().all(|p| p.solution.is_some()) {
            let expected: Vec<String> = set
                .iter()
                .map(|p| {
                    judge_input(std::slice::from_ref(&Puzzle { text: p.solution.clone().unwrap(), solution: None }))
                })
                .collect();
            assert_eq!(judge_out, expected.join("\n"), "{name}: the judge's output");
        }
        let seed_row = seed.as_ref().map(|exe| {
            let times = time_seed(exe, set, cap);
            let capped = times.iter().filter(|t| t.is_none()).count();
            let total: f64 = times.iter().map(|t| t.unwrap_or(cap.as_secs_f64() * 1e6)).sum();
            (total / set.len() as f64, capped)
        });
        rows.push(Row {
            name: name.clone(),
            n: set.len(),
            ours: puzzles::mean_median_worst(&ours),
            conflicts,
            dlx: (puzzles::mean_median_worst(&dlx_us).0, dlx_nodes),
            judge: judge_time.map(|t| t.as_secs_f64() * 1e6 / set.len() as f64),
            seed: seed_row,
            plain: (if plain_capped > 0 { f64::NAN } else { puzzles::mean_median_worst(&plain_us).0 }, plain_capped),
            unprobed: puzzles::mean_median_worst(&unprobed.iter().map(|r| r.unwrap().0).collect::<Vec<_>>()).0,
        });
    }

    let mut md = String::new();
    writeln!(md, "| set | n | dlx_solve16 mean / median / worst us | conflicts (mean) | judge process us/puzzle | reference program us/puzzle (capped) | reference / ours | DLX engine default mean us (nodes) | plain MRV mean us | weights without probing mean us |").unwrap();
    writeln!(md, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |").unwrap();
    for r in &rows {
        let seed = r.seed.map_or("not run".to_string(), |(us, capped)| {
            if capped > 0 { format!("> {us:.0} ({capped} > {seed_cap_ms} ms)") } else { format!("{us:.0}") }
        });
        let ratio = r.seed.map_or("-".to_string(), |(us, capped)| {
            format!("{}{:.0}x", if capped > 0 { ">" } else { "" }, us / r.ours.0)
        });
        let plain =
            if r.plain.1 > 0 { format!("{} > {plain_cap} nodes", r.plain.1) } else { format!("{:.0}", r.plain.0) };
        writeln!(
            md,
            "| {} | {} | {:.0} / {:.0} / {:.0} | {:.0} | {} | {seed} | {ratio} | {:.0} ({:.0}) | {plain} | {:.0} |",
            r.name,
            r.n,
            r.ours.0,
            r.ours.1,
            r.ours.2,
            r.conflicts,
            r.judge.map_or("-".to_string(), |j| format!("{j:.0}")),
            r.dlx.0,
            r.dlx.1,
            r.unprobed
        )
        .unwrap();
    }
    if seed.is_none() {
        writeln!(
            md,
            "\nThe reference program's column is empty: {}.",
            if seed_cap_ms == 0 {
                "DLX_BENCH_SEED_CAP_MS=0 skipped it"
            } else {
                "../shared/seeds was not found beside the repository"
            }
        )
        .unwrap();
    }
    print!("{md}");
    support::write_section("solve16", "16x16 Sudoku (`make bench`)", &md);
    std::fs::write(out_dir().join("solve16.svg"), svg(&rows)).unwrap();
}

/// Mean us per puzzle per set, on a log scale: dlx_solve16 and the seed.
fn svg(rows: &[Row]) -> String {
    let (left, width, bar, gap) = (300.0, 500.0, 10.0, 12.0);
    let scale = |us: f64| (us.max(1.0).log10() / 7.0 * width).min(width);
    let height = rows.len() as f64 * (2.0 * bar + gap) + 60.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"11\">\n\
         <text x=\"10\" y=\"16\">mean us per puzzle, log scale (1 us .. 10 s): dlx_solve16 (blue), reference program (grey)</text>\n",
        left + width + 120.0
    );
    for (k, r) in rows.iter().enumerate() {
        let y = 30.0 + k as f64 * (2.0 * bar + gap);
        writeln!(s, "<text x=\"10\" y=\"{}\">{}</text>", y + bar + 3.0, r.name).unwrap();
        writeln!(
            s,
            "<rect x=\"{left}\" y=\"{y}\" width=\"{:.1}\" height=\"{bar}\" fill=\"#3366cc\"/>",
            scale(r.ours.0)
        )
        .unwrap();
        writeln!(s, "<text x=\"{:.1}\" y=\"{}\">{:.0}</text>", left + scale(r.ours.0) + 4.0, y + bar - 1.0, r.ours.0)
            .unwrap();
        if let Some((us, _)) = r.seed {
            writeln!(
                s,
                "<rect x=\"{left}\" y=\"{}\" width=\"{:.1}\" height=\"{bar}\" fill=\"#999999\"/>",
                y + bar,
                scale(us)
            )
            .unwrap();
            writeln!(s, "<text x=\"{:.1}\" y=\"{}\">{us:.0}</text>", left + scale(us) + 4.0, y + 2.0 * bar - 1.0)
                .unwrap();
        }
    }
    s.push_str("</svg>\n");
    s
}
