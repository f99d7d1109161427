//! What the benchmarks share: where things are, the references of the tests (the same random
//! grids), and the section of docs/benchmarks.md each benchmark rewrites with its latest run.
#![allow(dead_code)] // each benchmark uses its own part of this module

use std::path::PathBuf;

use dlx_core::Problem;

#[path = "../../../tests/reference/mod.rs"]
mod reference;
#[allow(unused_imports)]
pub use reference::*;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The test data the repository carries (corpora with known answers).
pub fn data_dir() -> PathBuf {
    root().join("tests/data")
}

/// The project's shared/ folder (the judges' reference programs, peer solvers), which only the
/// project's own machines have beside the repository: `$DLX_SHARED_DIR`, else `../shared`.
/// Benchmarks skip the columns that need it, and say so, when it is absent.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("DLX_SHARED_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("../shared"));
    dir.is_dir().then_some(dir)
}

/// The C library `make` built (the Makefile's bench targets build it first).
pub fn static_library() -> PathBuf {
    root().join("target/release/libdlx.a")
}

/// Scratch space for builds and logs, under target/bench.
pub fn out_dir() -> PathBuf {
    let dir = root().join("target/bench");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Replaces the section `name` of docs/benchmarks.md (between `<!-- bench: NAME -->` and
/// `<!-- /bench: NAME -->`) with `body`, or appends it: the file holds each benchmark's latest
/// run, never a history.
pub fn write_section(name: &str, title: &str, body: &str) {
    let path = root().join("docs/benchmarks.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|_| "# Benchmarks\n".to_string());
    let (open, close) = (format!("<!-- bench: {name} -->"), format!("<!-- /bench: {name} -->"));
    let section = format!("{open}\n## {title}\n\n{}\n{close}", body.trim_end());
    let text = match (text.find(&open), text.find(&close)) {
        (Some(start), Some(end)) if end > start => format!("{}{section}{}", &text[..start], &text[end + close.len()..]),
        _ => format!("{}\n\n{section}\n", text.trim_end()),
    };
    std::fs::write(&path, text).unwrap();
    eprintln!("wrote the section \"{title}\" of docs/benchmarks.md");
}

/// The fastest of `runs` runs of each of `n` items (`run(k)` runs item k and returns its time),
/// one run of each per pass over them: times on this machine move by 1.5x from one moment to
/// the next, and a slow moment then costs one run of several items rather than every run of
/// one (three runs back to back put a grid of bench-target 50% over its usual, and the worst
/// isomorph of bench-hang between 97 and 112 ms from day to day).
pub fn best_in_passes<T: PartialOrd + Copy>(n: usize, runs: usize, mut run: impl FnMut(usize) -> T) -> Vec<T> {
    let mut best: Vec<Option<T>> = vec![None; n];
    for _ in 0..runs {
        for (k, best) in best.iter_mut().enumerate() {
            let time = run(k);
            if best.is_none_or(|b| time < b) {
                *best = Some(time);
            }
        }
    }
    best.into_iter().map(|b| b.expect("at least one run")).collect()
}

/// A hill climb: a pool of the `pool` grids of `start` that take the most `effort`; each step
/// mutates a grid of the pool picked at random (`mutate` may refuse, None), and the mutant
/// replaces the pool's least effort when it takes more and is not in the pool yet. `steps`
/// mutants in all; returns the pool, most effort first. Deterministic when `effort` is.
pub fn hill_climb<G: Copy + PartialEq>(
    start: &[G],
    pool: usize,
    steps: usize,
    seed: &mut u64,
    mut effort: impl FnMut(&G) -> u64,
    mut mutate: impl FnMut(G, &mut u64) -> Option<G>,
) -> Vec<G> {
    let mut scored: Vec<(u64, G)> = start.iter().map(|g| (effort(g), *g)).collect();
    scored.sort_by_key(|s| core::cmp::Reverse(s.0));
    scored.truncate(pool);
    for _ in 0..steps {
        let parent = scored[(rng(seed) % scored.len() as u64) as usize].1;
        let Some(grid) = mutate(parent, seed).filter(|g| !scored.iter().any(|s| s.1 == *g)) else { continue };
        let e = effort(&grid);
        let (weakest, _) = scored.iter().enumerate().min_by_key(|(_, s)| s.0).unwrap();
        if e > scored[weakest].0 {
            scored[weakest] = (e, grid);
        }
    }
    scored.sort_by_key(|s| core::cmp::Reverse(s.0));
    scored.into_iter().map(|s| s.1).collect()
}

/// Sudoku of box size `b`: an option per (cell, digit) the givens allow, items cell, row-digit,
/// column-digit, box-digit.
pub fn sudoku(b: usize, grid: &[u8]) -> Vec<Vec<i32>> {
    let n = b * b;
    let mut options = Vec::new();
    for cell in 0..n * n {
        let (r, c) = (cell / n, cell % n);
        for d in 1..=n {
            if grid[cell] != 0 && usize::from(grid[cell]) != d {
                continue;
            }
            let clash = (0..n).any(|k| {
                let peers = [r * n + k, k * n + c, ((r / b) * b + k / b) * n + (c / b) * b + k % b];
                grid[cell] == 0 && peers.iter().any(|&p| usize::from(grid[p]) == d)
            });
            if !clash {
                let bx = (r / b) * b + c / b;
                options.push(vec![cell, n * n + r * n + d - 1, 2 * n * n + c * n + d - 1, 3 * n * n + bx * n + d - 1]);
            }
        }
    }
    options.into_iter().map(|o| o.into_iter().map(|i| i as i32).collect()).collect()
}

/// The seed of a run's fresh adversaries (hill climbs against this build, isomorphs):
/// `$DLX_BENCH_SEED` (hex, `0x` optional) to repeat a run, else a new one from the clock, so
/// that each run measures inputs the code was not tuned on. The benches print it and write it
/// into their section.
pub fn fresh_seed() -> u64 {
    match std::env::var("DLX_BENCH_SEED") {
        Ok(s) => u64::from_str_radix(s.trim().trim_start_matches("0x"), 16).expect("DLX_BENCH_SEED: hex digits"),
        Err(_) => {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
            // Nanoseconds mixed up a little: runs a second apart should not share most bits.
            let mut s = now.as_nanos() as u64 ^ 0x9E37_79B9_7F4A_7C15;
            rng(&mut s) | 1
        }
    }
}

/// `DLX_BENCH_QUICK=1`: a smoke test of a bench's fresh adversaries (small climbs, a few
/// isomorphs), printed only: no section of docs/benchmarks.md is written.
pub fn quick() -> bool {
    std::env::var_os("DLX_BENCH_QUICK").is_some_and(|v| v != "0")
}

/// Over `times` (milliseconds): the worst, the mean, and how many exceed `goal_ms`.
pub fn against_goal(times: &[f64], goal_ms: f64) -> (f64, f64, usize) {
    let worst = times.iter().copied().fold(0.0, f64::max);
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    (worst, mean, times.iter().filter(|&&t| t > goal_ms).count())
}

/// tdoku's sources in ../shared/peers, or why not.
pub fn tdoku_dir() -> Result<PathBuf, String> {
    let tdoku = shared_dir().ok_or("../shared is not beside the repository")?.join("peers/tdoku");
    if tdoku.join("src/solver_dpll_triad_simd.cc").is_file() {
        Ok(tdoku)
    } else {
        Err(format!("{} has no tdoku sources", tdoku.display()))
    }
}

/// `driver` (a C++ file of ours in benches/peers) linked to tdoku's solver compiled as its
/// README recommends (`./BUILD.sh`, whose CMakeLists compiles the fast solver's library,
/// tdoku_static, with OPT=O3, ARCH=native, C++14, -fno-exceptions -fno-rtti -fpic; no NDEBUG),
/// as target/bench/`name`; or why not. Built at bench time, never kept in the repository.
pub fn tdoku_program(driver: &std::path::Path, name: &str) -> Result<PathBuf, String> {
    use std::process::Command;
    let tdoku = tdoku_dir()?;
    let out = out_dir();
    let mut objects = Vec::new();
    for source in ["solver_dpll_triad_simd", "util"] {
        let object = out.join(format!("tdoku_{source}.o"));
        let status = Command::new("g++")
            .args(["-O3", "-march=native", "-std=gnu++14", "-fno-exceptions", "-fno-rtti", "-fpic", "-w", "-c"])
            .arg(tdoku.join(format!("src/{source}.cc")))
            .arg("-o")
            .arg(&object)
            .status()
            .map_err(|e| format!("g++: {e}"))?;
        if !status.success() {
            return Err(format!("g++ failed on tdoku's {source}.cc"));
        }
        objects.push(object);
    }
    let exe = out.join(name);
    let status = Command::new("g++")
        .args(["-O3", "-march=native", "-std=c++17", "-w", "-I"])
        .arg(tdoku.join("include"))
        .arg(driver)
        .args(&objects)
        .arg("-o")
        .arg(&exe)
        .status()
        .map_err(|e| format!("g++: {e}"))?;
    if status.success() { Ok(exe) } else { Err(format!("g++ failed on {}", driver.display())) }
}

pub struct Instance {
    pub name: String,
    pub primary: usize,
    pub secondary: usize,
    pub bounds: Vec<(usize, i32, i32)>,
    pub options: Vec<Vec<i32>>,
}

/// Knuth's text format, as far as mix50 uses it: the first line the items (`lo:hi|name` or
/// `n|name` for multiplicities, a lone `|` before the secondary ones), then an option a line;
/// lines starting with `|` are comments.
pub fn parse_dlx(name: &str, text: &str) -> Instance {
    let mut lines = text.lines().filter(|l| !l.trim_start().starts_with('|') && !l.trim().is_empty());
    let (mut names, mut bounds, mut primary) = (Vec::new(), Vec::new(), None);
    for token in lines.next().unwrap().split_whitespace() {
        if token == "|" {
            primary = Some(names.len());
            continue;
        }
        let (item, bound) = match token.split_once('|') {
            Some((bound, item)) => (item, Some(bound)),
            None => (token, None),
        };
        if let Some(bound) = bound {
            let (lo, hi) = bound.split_once(':').unwrap_or((bound, bound));
            bounds.push((names.len(), lo.parse().unwrap(), hi.parse().unwrap()));
        }
        names.push(item.to_string());
    }
    let options = lines
        .map(|line| line.split_whitespace().map(|t| names.iter().position(|n| n == t).unwrap() as i32).collect())
        .collect();
    let primary = primary.unwrap_or(names.len());
    Instance { name: name.into(), primary, secondary: names.len() - primary, bounds, options }
}

/// The exact cover benchmarks' instances: pentominoes 6x10, mix50 (where shared/ has it) and
/// every completion of the first Royle grid of tests/data with its `blank`th clue (from 1)
/// blanked: the 17th for `make bench-pieces` (1,158 completions), the 16th for `make
/// bench-threads` and the schedule bench (512,634).
pub fn instances(blank: usize) -> Vec<Instance> {
    let mut out = vec![Instance {
        name: "pentominoes 6x10".into(),
        primary: 72,
        secondary: 0,
        bounds: Vec::new(),
        options: pentominoes(6, 10),
    }];
    match shared_dir().map(|d| d.join("peers/knuth-xcc/examples/mix50.dlx")) {
        Some(path) if path.is_file() => out.push(parse_dlx("mix50", &std::fs::read_to_string(path).unwrap())),
        _ => println!("(mix50 skipped: ../shared/peers/knuth-xcc/examples is absent)"),
    }
    let royle = std::fs::read_to_string(data_dir().join("sudoku9/royle-17clue-every20th-2458.txt")).unwrap();
    let mut grid: Vec<u8> =
        royle.lines().next().unwrap().bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    let cell = grid.iter().enumerate().filter(|(_, c)| **c != 0).nth(blank - 1).unwrap().0;
    grid[cell] = 0;
    out.push(Instance {
        name: format!("9x9, {} clues, all", grid.iter().filter(|c| **c != 0).count()),
        primary: 324,
        secondary: 0,
        bounds: Vec::new(),
        options: sudoku(3, &grid),
    });
    out
}

pub fn load<'m>(memory: &'m mut Vec<u64>, inst: &Instance) -> Problem<'m> {
    let entries: usize = inst.options.iter().map(Vec::len).sum();
    let items = inst.primary + inst.secondary;
    *memory = vec![0u64; Problem::words_for(items, inst.options.len(), entries).unwrap()];
    let mut p =
        Problem::new(memory, inst.primary as i32, inst.secondary as i32, inst.options.len() as i32, entries as i64)
            .unwrap();
    for &(item, lo, hi) in &inst.bounds {
        p.set_bounds(item as i32, lo, hi).unwrap();
    }
    for o in &inst.options {
        p.add(o).unwrap();
    }
    p
}
