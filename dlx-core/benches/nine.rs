//! 9x9 benchmark, run on demand (`make bench9`): every 9x9 set of tests/data, timed in one run
//! for `dlx_solve9`'s work (`dlx_core::solve9`) and `dlx_count9`'s up to 2 (`dlx_core::count9`),
//! best of 3 runs a puzzle, and tdoku, the fastest public 9x9 solver, on the same puzzles in the
//! same run: compiled at bench time from ../shared/peers/tdoku with g++ -O3 -march=native and a
//! small driver of ours (benches/peers/tdoku_driver.cc), never kept in the repository; its
//! columns are skipped, with a notice, where ../shared is absent. Every answer of both is
//! checked against the data (the solution, or the listed count).
//!
//! Writes the section "9x9 Sudoku" of docs/benchmarks.md.
//! Environment: DLX_BENCH_SETS (comma-separated name fragments).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

mod support;

const SETS: [&str; 7] = [
    "forum-hardest-1106-375",
    "forum-hardest-1905-11plus-every20th-2439",
    "magictour-top1465-1465",
    "norvig-top95-95",
    "norvig-hardest-11",
    "royle-17clue-every20th-2458",
    "serg-benchmark-first1000-1000",
];
const RUNS: usize = 3;

struct Puzzle {
    text: String,
    solution: Option<String>,
    count: u64,
}

fn load(name: &str) -> Vec<Puzzle> {
    let dir = support::data_dir().join("sudoku9");
    let puzzles = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
    let solutions = std::fs::read_to_string(dir.join(format!("{name}.solutions.txt"))).ok();
    let counts = std::fs::read_to_string(dir.join(format!("{name}.nsol.txt"))).ok();
    puzzles
        .lines()
        .enumerate()
        .map(|(k, p)| Puzzle {
            text: p.to_string(),
            solution: solutions.as_ref().map(|s| s.lines().nth(k).unwrap().to_string()),
            count: counts.as_ref().map_or(1, |c| c.lines().nth(k).unwrap().parse().unwrap()),
        })
        .collect()
}

fn best_of<T>(mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut value = None;
    for _ in 0..RUNS {
        let start = Instant::now();
        let v = std::hint::black_box(f());
        best = best.min(start.elapsed().as_secs_f64() * 1e6);
        value = Some(v);
    }
    (best, value.unwrap())
}

/// Ours: (solve us, count us) per puzzle; panics on a wrong answer.
fn time_ours(set: &[Puzzle]) -> Vec<(f64, f64)> {
    set.iter()
        .map(|p| {
            let (solve_us, grid) = best_of(|| dlx_core::solve9(p.text.bytes()).unwrap());
            match &p.solution {
                Some(s) => assert_eq!(&grid[..], s.as_bytes(), "{}", p.text),
                None => assert!(dlx_core::count9(grid.iter().copied(), 2, || false) == Ok(1), "{}", p.text),
            }
            let (count_us, count) = best_of(|| dlx_core::count9(p.text.bytes(), 2, || false).unwrap());
            assert_eq!(count, p.count, "{}", p.text);
            (solve_us, count_us)
        })
        .collect()
}

/// tdoku built from ../shared/peers, or why not.
fn build_tdoku() -> Result<PathBuf, String> {
    let tdoku = support::shared_dir().ok_or("../shared is not beside the repository")?.join("peers/tdoku");
    if !tdoku.join("src/solver_dpll_triad_simd.cc").is_file() {
        return Err(format!("{} has no tdoku sources", tdoku.display()));
    }
    let exe = support::out_dir().join("tdoku_driver");
    let driver = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/peers/tdoku_driver.cc");
    let status = Command::new("g++")
        .args(["-O3", "-march=native", "-std=c++17", "-w", "-I"])
        .arg(tdoku.join("include"))
        .arg(tdoku.join("src/solver_dpll_triad_simd.cc"))
        .arg(tdoku.join("src/util.cc"))
        .arg(&driver)
        .arg("-o")
        .arg(&exe)
        .status()
        .map_err(|e| format!("g++: {e}"))?;
    if status.success() { Ok(exe) } else { Err("g++ failed on tdoku".into()) }
}

/// tdoku: (first-solution us, up-to-2 us) per puzzle; panics on a wrong answer.
fn time_tdoku(exe: &PathBuf, set: &[Puzzle]) -> Vec<(f64, f64)> {
    let mut child =
        Command::new(exe).arg(RUNS.to_string()).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("tdoku");
    let input: String = set.iter().map(|p| format!("{}\n", p.text)).collect();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), set.len(), "tdoku answered every puzzle");
    lines
        .iter()
        .zip(set)
        .map(|(line, p)| {
            let w: Vec<&str> = line.split_whitespace().collect();
            if let Some(s) = &p.solution {
                assert_eq!(w[2], s, "tdoku's solution of {}", p.text);
            }
            assert_eq!(w[3].parse::<u64>().unwrap(), p.count, "tdoku's count of {}", p.text);
            (w[0].parse().unwrap(), w[1].parse().unwrap())
        })
        .collect()
}

fn mean(v: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = v.collect();
    v.iter().sum::<f64>() / v.len() as f64
}

fn main() {
    let filter: Vec<String> =
        std::env::var("DLX_BENCH_SETS").map(|v| v.split(',').map(String::from).collect()).unwrap_or_default();
    let tdoku = build_tdoku();
    let mut md = String::from(
        "| set | n | tdoku first solution | dlx_solve9 | ratio | tdoku up to 2 | dlx_count9 up to 2 | ratio |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for name in SETS.iter().filter(|n| filter.is_empty() || filter.iter().any(|f| n.contains(f.as_str()))) {
        let set = load(name);
        eprintln!("{name}: {} puzzles", set.len());
        let ours = time_ours(&set);
        let (solve, count) = (mean(ours.iter().map(|t| t.0)), mean(ours.iter().map(|t| t.1)));
        let (first, two) = match &tdoku {
            Ok(exe) => {
                let peer = time_tdoku(exe, &set);
                (Some(mean(peer.iter().map(|t| t.0))), Some(mean(peer.iter().map(|t| t.1))))
            }
            Err(_) => (None, None),
        };
        let show = |t: Option<f64>| t.map_or("-".to_string(), |t| format!("{t:.1}"));
        let ratio = |ours: f64, peer: Option<f64>| peer.map_or("-".to_string(), |p| format!("{:.1}x", ours / p));
        writeln!(
            md,
            "| {name} | {} | {} | {solve:.1} | {} | {} | {count:.1} | {} |",
            set.len(),
            show(first),
            ratio(solve, first),
            show(two),
            ratio(count, two)
        )
        .unwrap();
    }
    writeln!(md, "\nMean microseconds per puzzle, each the best of {RUNS} runs; ratio: ours over tdoku's.").unwrap();
    if let Err(why) = &tdoku {
        writeln!(md, "tdoku's columns are empty: {why}.").unwrap();
    }
    print!("{md}");
    support::write_section("nine", "9x9 Sudoku against tdoku (`make bench9`)", &md);
}
