//! 9x9 benchmark, run on demand (`make bench9`): every 9x9 set of tests/data, timed in one run
//! for `dlx_solve9`'s work (`dlx_core::solve9`) and `dlx_count9`'s up to 2 (`dlx_core::count9`),
//! best of 3 runs a puzzle, and tdoku, the fastest public 9x9 solver, on the same puzzles in the
//! same run: compiled at bench time from ../shared/peers/tdoku as its README recommends (the
//! flags its CMakeLists gives the fast solver's library: -O3 -march=native, C++14,
//! -fno-exceptions -fno-rtti -fpic) and linked to a small driver of ours
//! (benches/peers/tdoku_driver.cc), never kept in the repository; its columns are skipped,
//! with a notice, where ../shared is absent. tdoku built as this bench did before issue 45 (one
//! g++ call) is timed on the same puzzles too, and both totals reported. Every answer of both
//! is checked against the data (the solution, or the listed count).
//!
//! Fresh adversaries (issue 45), in the same run: an isomorph of each puzzle of each set, 100
//! isomorphs of each of the 20 puzzles of each set that `dlx_count9` took longest on in the run, and a climb against this build (the
//! one `DLX_BENCH_NINE_CLIMB` runs, 100,000 mutants), all drawn from a new seed each run
//! (printed and written into the section; `DLX_BENCH_SEED=HEX` repeats it), ours and tdoku on
//! each with the ratios (the goal: at or under 1.0x) and the worst times. `DLX_BENCH_QUICK=1`:
//! 3 isomorphs of each of 5 a set and 2,000 mutants, printed only (no section written).
//!
//! Writes the section "9x9 Sudoku" of docs/benchmarks.md.
//! Environment: DLX_BENCH_SETS (comma-separated name fragments), DLX_BENCH_NINE_STEPS (the
//! climb's mutants).
//!
//! Other modes, which write no section: `DLX_BENCH_NINE_CLIMB=1`, a fresh hill climb for slow
//! inputs against this build (see [`climb`]); `DLX_BENCH_NINE_FILE=FILE[,FILE...]`, the time and
//! effort of each grid of some files (with `DLX_BENCH_NINE_VERBOSE=1`, grid by grid), e.g.
//! tests/data/sudoku9/climbed-slow.txt.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use dlx_core::deadline::Deadline;
use dlx_core::sudoku::nine;

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
/// Runs of each grid of the climb and of `DLX_BENCH_NINE_FILE`, each in its own pass (see
/// `support::best_in_passes`): this shared machine preempts a run for 4 ms now and then.
const PASSES: usize = 5;

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
            let (solve_us, answer) = best_of(|| dlx_core::solve9(p.text.bytes()));
            match (&p.solution, answer) {
                (Some(s), Ok(grid)) => assert_eq!(&grid[..], s.as_bytes(), "{}", p.text),
                (None, Ok(grid)) => {
                    let cells = |t: &[u8]| {
                        t.iter().map(|&c| if c.is_ascii_digit() { c - b'0' } else { 0 }).collect::<Vec<u8>>()
                    };
                    assert!(support::is_completion(9, &cells(p.text.as_bytes()), &cells(&grid)), "{}", p.text);
                }
                // Only the climbed grids have no completion (their count is 0, checked below).
                (_, Err(e)) => assert!(p.count == 0, "{e}: {}", p.text),
            }
            let (count_us, count) = best_of(|| dlx_core::count9(p.text.bytes(), 2, || false).unwrap());
            assert_eq!(count, p.count, "{}", p.text);
            (solve_us, count_us)
        })
        .collect()
}

/// tdoku built from ../shared/peers as its README recommends, the driver linked to its objects
/// (`support::tdoku_objects`); or why not.
fn build_tdoku() -> Result<PathBuf, String> {
    support::tdoku_program(&driver(), "tdoku_driver")
}

/// tdoku as this bench built it before issue 45 (one g++ -O3 -march=native -std=c++17 call on
/// its two sources and the driver), to report beside the README's build.
fn build_tdoku_single() -> Result<PathBuf, String> {
    let tdoku = support::tdoku_dir()?;
    let exe = support::out_dir().join("tdoku_driver_single");
    let status = Command::new("g++")
        .args(["-O3", "-march=native", "-std=c++17", "-w", "-I"])
        .arg(tdoku.join("include"))
        .arg(tdoku.join("src/solver_dpll_triad_simd.cc"))
        .arg(tdoku.join("src/util.cc"))
        .arg(driver())
        .arg("-o")
        .arg(&exe)
        .status()
        .map_err(|e| format!("g++: {e}"))?;
    if status.success() { Ok(exe) } else { Err("g++ failed on tdoku".into()) }
}

fn driver() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/peers/tdoku_driver.cc")
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

/// The climb's measure of one search: branches, plus 15 for each conflict of the clause learner
/// the search hands hard grids to (a conflict costs about 15 branches' time: 6-7 us against
/// 0.35-0.5 us on this machine).
fn effort(found: &nine::Found) -> u64 {
    found.nodes + 15 * found.conflicts
}

/// Above this many ticks (a branch is one, a conflict 16) a search is cut, and the climb scores it
/// by the cut.
const CLIMB_CAP: u64 = 4_000_000;

/// The effort of `dlx_solve9`'s and `dlx_count9`'s (to 2) searches on `grid`, each cut at
/// [`CLIMB_CAP`] branches.
fn climb_effort(grid: &[u8; 81]) -> (u64, u64) {
    let run = |limit| {
        let mut ticks = 0u64;
        let mut cut = || {
            ticks += 64;
            ticks > CLIMB_CAP
        };
        match nine::search(grid, limit, &mut Deadline::new(&mut cut)) {
            Ok(found) => effort(&found),
            Err(_) => CLIMB_CAP,
        }
    };
    (run(1), run(2))
}

/// Microseconds of `dlx_solve9` and `dlx_count9` to 2 on `grid`, one run each.
fn climb_time(text: &str) -> (f64, f64) {
    let start = Instant::now();
    let _ = std::hint::black_box(dlx_core::solve9(text.bytes()));
    let solve = start.elapsed().as_secs_f64() * 1e6;
    let start = Instant::now();
    let _ = std::hint::black_box(dlx_core::count9(text.bytes(), 2, || false));
    (solve, start.elapsed().as_secs_f64() * 1e6)
}

fn grid_text(grid: &[u8; 81]) -> String {
    grid.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect()
}

/// Whether no digit of `grid` repeats in a row, column or box.
fn consistent(grid: &[u8; 81]) -> bool {
    (0..81).all(|cell| {
        let mut others = *grid;
        others[cell] = 0;
        grid[cell] == 0 || !support::repeats(&others, cell, grid[cell])
    })
}

/// `DLX_BENCH_NINE_CLIMB=1`: a fresh hill climb against this build for slow 9x9 inputs, the
/// adversary's of issue 40 (who selected on time and found grids of about 20 givens, most with
/// several solutions, at 350-440 ms). Start: 40 grids of 17-25 givens, half taken from random
/// full grids, half random consistent givens, and the 20 of tests/data/sudoku9/climbed-slow.txt
/// (climbed against the build before the learner's handover); each mutant adds, removes or changes one or two
/// givens (kept consistent and within 17-25 givens; solvable or not), and replaces the pool's
/// least when it takes at least as much. It selects on the effort of `dlx_solve9`'s search plus
/// that of `dlx_count9`'s to 2 (see [`effort`]): branches (guesses) of the bit boards, plus 15
/// for each conflict of the clause learner they hand a grid to after `nine::LEARN_AFTER`
/// branches. Branches alone would not track time past the handover (a conflict costs about 15
/// branches' time), and that is where the slow grids are; with the weight, time is about 0.3-0.5
/// us a unit of effort on the climbed grids (the climb prints both).
/// Effort is deterministic, so a seed gives the same grids on every run of one build; the seed
/// is printed (`DLX_BENCH_NINE_SEED` to repeat it, else from the clock), and
/// `DLX_BENCH_NINE_STEPS` sets the mutants (default 100,000: about half a minute). `DLX_BENCH_NINE_ON=time` selects on
/// one run's time instead, as the adversary did. Prints the 20 slowest (best of 5 times, and
/// effort) and writes them to target/bench/nine-climbed.txt.
fn climb() {
    let seed: u64 = std::env::var("DLX_BENCH_NINE_SEED").ok().map_or_else(
        || std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1,
        |s| u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap(),
    );
    let steps = climb_steps(100_000);
    let on_time = std::env::var("DLX_BENCH_NINE_ON").is_ok_and(|v| v == "time");
    let pool = climb_pool(seed, steps, on_time);
    let texts: Vec<String> = pool.iter().map(grid_text).collect();
    let times = support::best_in_passes(texts.len(), PASSES, |k| {
        let (solve, count) = climb_time(&texts[k]);
        (solve.max(count), solve, count)
    });
    println!("seed {seed:#x}, {steps} mutants: the 20 kept, slowest first");
    println!("{:>81} | count | solve us | count us | solve effort | count effort", "grid");
    let mut rows: Vec<_> = pool.iter().zip(&texts).zip(&times).collect();
    rows.sort_by(|a, b| b.1.0.total_cmp(&a.1.0));
    let mut out = String::new();
    for &((grid, text), &(_, solve_us, count_us)) in &rows {
        let (solve_effort, count_effort) = climb_effort(grid);
        let count = dlx_core::count9(text.bytes(), 2, || false).unwrap();
        if let Ok(solution) = dlx_core::solve9(text.bytes()) {
            assert!(support::is_completion(9, grid, &solution.map(|b| b - b'0')), "{text}");
        } else {
            assert_eq!(count, 0, "{text}");
        }
        println!("{text} | {count} | {solve_us:8.0} | {count_us:8.0} | {solve_effort:12} | {count_effort:12}");
        writeln!(out, "{text}").unwrap();
    }
    let worst = rows.first().map_or(0.0, |r| r.1.0);
    println!("worst {worst:.0} us (best of {PASSES})");
    std::fs::write(support::out_dir().join("nine-climbed.txt"), out).unwrap();
}

/// `DLX_BENCH_NINE_STEPS`, else `default`.
fn climb_steps(default: usize) -> usize {
    std::env::var("DLX_BENCH_NINE_STEPS").map_or(default, |s| s.parse().expect("DLX_BENCH_NINE_STEPS=N"))
}

/// The climb [`climb`] describes, from `seed`, `steps` mutants: the 20 grids kept, most effort
/// (or time) first.
fn climb_pool(mut seed: u64, steps: usize, on_time: bool) -> Vec<[u8; 81]> {
    eprintln!("9x9 climb: seed {seed:#x}, {steps} mutants, selecting on {}", if on_time { "time" } else { "effort" });
    let mut start = Vec::new();
    while start.len() < 40 {
        let givens = 17 + (support::rng(&mut seed) % 9) as usize;
        let mut grid = [0u8; 81];
        if start.len() % 2 == 0 {
            let full = support::random_full_grid(&mut seed);
            let mut placed = 0;
            while placed < givens {
                let cell = (support::rng(&mut seed) % 81) as usize;
                if grid[cell] == 0 {
                    grid[cell] = full[cell];
                    placed += 1;
                }
            }
        } else {
            let mut placed = 0;
            while placed < givens {
                let cell = (support::rng(&mut seed) % 81) as usize;
                let digit = (1 + support::rng(&mut seed) % 9) as u8;
                if grid[cell] == 0 && !support::repeats(&grid, cell, digit) {
                    grid[cell] = digit;
                    placed += 1;
                }
            }
        }
        start.push(grid);
    }
    // The slow grids the tests keep start the climb too, so that it searches around what was
    // slow for earlier builds rather than depend on finding that region again (from random
    // starts alone most seeds stall on the plateau of a few dozen branches).
    let kept = std::fs::read_to_string(support::data_dir().join("sudoku9/climbed-slow.txt")).unwrap();
    for line in kept.lines() {
        start.push(std::array::from_fn(|k| match line.as_bytes()[k] {
            d @ b'1'..=b'9' => d - b'0',
            _ => 0,
        }));
    }
    let score = |grid: &[u8; 81]| -> u64 {
        if on_time {
            let (solve, count) = climb_time(&grid_text(grid));
            (solve + count) as u64
        } else {
            let (solve, count) = climb_effort(grid);
            solve + count
        }
    };
    let started = Instant::now();
    // support::hill_climb keeps a mutant only when it beats the pool's least; here one that
    // ties it is kept too (neutral drift): most sparse grids take the same few dozen branches,
    // and without drift the climb stalls on that plateau (a first run with strict gains stayed
    // at 37 branches).
    let mut scored: Vec<(u64, [u8; 81])> = start.iter().map(|g| (score(g), *g)).collect();
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    scored.truncate(20);
    for step in 0..steps {
        let mut grid = scored[(support::rng(&mut seed) % scored.len() as u64) as usize].1;
        for _ in 0..1 + support::rng(&mut seed) % 2 {
            let cell = (support::rng(&mut seed) % 81) as usize;
            match support::rng(&mut seed) % 3 {
                0 if grid[cell] != 0 => grid[cell] = 0,
                _ => grid[cell] = (1 + support::rng(&mut seed) % 9) as u8,
            }
        }
        let givens = grid.iter().filter(|&&d| d != 0).count();
        if !(17..=25).contains(&givens) || !consistent(&grid) || scored.iter().any(|s| s.1 == grid) {
            continue;
        }
        let e = score(&grid);
        let weakest = (0..scored.len()).min_by_key(|&k| scored[k].0).unwrap();
        if e >= scored[weakest].0 {
            scored[weakest] = (e, grid);
        }
        if step % 20_000 == 19_999 {
            eprintln!("  {} mutants: most {}", step + 1, scored.iter().map(|s| s.0).max().unwrap());
        }
    }
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    eprintln!("climbed in {:.0} s", started.elapsed().as_secs_f64());
    scored.into_iter().map(|s| s.1).collect()
}

/// `DLX_BENCH_NINE_FILE=FILE`: each grid of a file (81 cells a line) solved and counted to 2,
/// best of 5 times and the effort of each; the worst and the mean.
fn time_file(path: &str) {
    let texts: Vec<String> = std::fs::read_to_string(path).unwrap().lines().map(String::from).collect();
    let grids: Vec<[u8; 81]> = texts
        .iter()
        .map(|t| {
            std::array::from_fn(|k| match t.as_bytes()[k] {
                b'1'..=b'9' => t.as_bytes()[k] - b'0',
                _ => 0,
            })
        })
        .collect();
    let times = support::best_in_passes(texts.len(), PASSES, |k| climb_time(&texts[k]));
    let search = |grid, limit| nine::search(grid, limit, &mut Deadline::new(&mut || false)).unwrap();
    let (mut worst, mut sum) = ((0.0f64, 0.0f64), (0.0, 0.0));
    let (mut most, mut effort_sum) = (0u64, 0u64);
    for ((text, grid), &(solve_us, count_us)) in texts.iter().zip(&grids).zip(&times) {
        let (solve, count) = (search(grid, 1), search(grid, 2));
        if std::env::var("DLX_BENCH_NINE_VERBOSE").is_ok() {
            println!(
                "{text} {} | solve {solve_us:7.0} us {:6} br {:5} confl | count {count_us:7.0} us {:6} br {:5} confl",
                count.count, solve.nodes, solve.conflicts, count.nodes, count.conflicts
            );
        }
        worst = (worst.0.max(solve_us), worst.1.max(count_us));
        sum = (sum.0 + solve_us, sum.1 + count_us);
        most = most.max(effort(&solve)).max(effort(&count));
        effort_sum += effort(&count);
    }
    let n = texts.len() as f64;
    println!(
        "{path}: {} grids; solve mean {:.1} us worst {:.0} us; count to 2 mean {:.1} us worst {:.0} us; effort most {most}, count's mean {:.0}",
        texts.len(),
        sum.0 / n,
        worst.0,
        sum.1 / n,
        worst.1,
        effort_sum as f64 / n
    );
}

fn main() {
    if std::env::var("DLX_BENCH_NINE_CLIMB").is_ok_and(|v| v == "1") {
        climb();
        return;
    }
    if let Ok(path) = std::env::var("DLX_BENCH_NINE_FILE") {
        for path in path.split(',') {
            time_file(path);
        }
        return;
    }
    let filter: Vec<String> =
        std::env::var("DLX_BENCH_SETS").map(|v| v.split(',').map(String::from).collect()).unwrap_or_default();
    let (seed_of_run, quick) = (support::fresh_seed(), support::quick());
    eprintln!("fresh adversaries: seed {seed_of_run:#x} (DLX_BENCH_SEED={seed_of_run:x} repeats them)");
    let (slowest, isomorphs_each) = if quick { (5, 3) } else { (SLOWEST, FRESH_ISOMORPHS) };
    let tdoku = build_tdoku();
    let mut md = String::from(
        "| set | n | tdoku first solution | dlx_solve9 | ratio | tdoku up to 2 | dlx_count9 up to 2 | ratio |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    let (mut fresh, mut public) = (Vec::new(), Vec::new());
    let mut iso_seed = seed_of_run;
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
        // The whole set in fresh clothes (the sets' rows above are the layouts the search was
        // tuned on), then its slowest for dlx_count9 in this run, each in many.
        let whole: Vec<Puzzle> = set.iter().map(|p| isomorph(p, &mut iso_seed)).collect();
        fresh.push((format!("{name}: an isomorph of each"), whole));
        let mut order: Vec<usize> = (0..set.len()).collect();
        order.sort_by(|&a, &b| ours[b].1.total_cmp(&ours[a].1));
        let isomorphs: Vec<Puzzle> = order
            .iter()
            .take(slowest)
            .flat_map(|&k| (0..isomorphs_each).map(|_| isomorph(&set[k], &mut iso_seed)).collect::<Vec<_>>())
            .collect();
        fresh.push((
            format!("{name}: {isomorphs_each} isomorphs of each of its {} slowest", slowest.min(set.len())),
            isomorphs,
        ));
        public.extend(set);
    }
    writeln!(md, "\nMean microseconds per puzzle, each the best of {RUNS} runs; ratio: ours over tdoku's.").unwrap();
    if let Err(why) = &tdoku {
        writeln!(md, "tdoku's columns are empty: {why}.").unwrap();
    }
    // tdoku's two builds on every public puzzle above, back to back.
    if let (Ok(readme), Ok(single)) = (&tdoku, build_tdoku_single()) {
        let total = |exe| {
            let times = time_tdoku(exe, &public);
            (times.iter().map(|t| t.0).sum::<f64>() / 1e3, times.iter().map(|t| t.1).sum::<f64>() / 1e3)
        };
        let ((a1, a2), (b1, b2)) = (total(readme), total(&single));
        writeln!(
            md,
            "\ntdoku is built as its README recommends (`./BUILD.sh`: its CMakeLists' -O3 -march=native, C++14, \
             -fno-exceptions -fno-rtti -fpic for the solver's library; benches/peers/tdoku_driver.cc linked to it). \
             On the {} puzzles above: {a1:.1} ms for first solutions, {a2:.1} ms up to 2; built as this bench did \
             before issue 45 (one g++ -O3 -march=native -std=c++17 call on tdoku's two sources and the driver): \
             {b1:.1} ms and {b2:.1} ms ({:.2}x and {:.2}x the README build's).",
            public.len(),
            b1 / a1,
            b2 / a2
        )
        .unwrap();
    }
    // The fresh climb against this build: its 20 grids, counted by the DLX engine (independent of
    // the bit boards dlx_count9 searches with).
    let steps = climb_steps(if quick { 2_000 } else { 100_000 });
    let climbed: Vec<Puzzle> = climb_pool(support::rng(&mut seed_of_run.clone()) | 1, steps, false)
        .iter()
        .map(|grid| {
            let mut slot = std::mem::MaybeUninit::uninit();
            let engine = &mut dlx_core::sudoku::Engine9::zeroed_in(&mut slot);
            let count = dlx_core::sudoku::count_solutions(
                engine,
                dlx_core::sudoku::Shape::NINE,
                grid,
                2,
                &mut Deadline::new(&mut || false),
            )
            .unwrap();
            Puzzle { text: grid_text(grid), solution: None, count }
        })
        .collect();
    std::fs::write(
        support::out_dir().join("nine-fresh-climbed.txt"),
        climbed.iter().map(|p| format!("{}\n", p.text)).collect::<String>(),
    )
    .unwrap();
    fresh.push((format!("hill-climbed against this build ({steps} mutants; see `DLX_BENCH_NINE_CLIMB`)"), climbed));
    md += &fresh_table(seed_of_run, &fresh, tdoku.as_ref().ok());
    print!("{md}");
    if quick {
        eprintln!("DLX_BENCH_QUICK: nothing written");
        return;
    }
    support::write_section("nine", "9x9 Sudoku against tdoku (`make bench9`)", &md);
}

/// The fresh adversaries of a run (issue 45): for each set, an isomorph of each puzzle and
/// [`FRESH_ISOMORPHS`] isomorphs of each of its [`SLOWEST`] puzzles for `dlx_count9` in the
/// run, and a climb against this build.
const FRESH_ISOMORPHS: usize = 100;
const SLOWEST: usize = 20;

/// `puzzle` under a random Sudoku symmetry ([`support::Isomorphism`]), its solution mapped
/// alike; its count is the same.
fn isomorph(puzzle: &Puzzle, seed: &mut u64) -> Puzzle {
    let iso = support::Isomorphism::random(3, seed);
    let map = |text: &str| -> String {
        let t = text.as_bytes();
        (0..81)
            .map(|k| match t[iso.source(k)] {
                d @ b'1'..=b'9' => char::from(b'1' + iso.label(usize::from(d - b'1')) as u8),
                other => char::from(other),
            })
            .collect()
    };
    Puzzle { text: map(&puzzle.text), solution: puzzle.solution.as_deref().map(map), count: puzzle.count }
}

/// The fresh rows: ours and tdoku (when built) on each set of `fresh`, every answer checked;
/// means, ratios (the goal: at or under 1.0x) and the worst of each.
fn fresh_table(seed: u64, fresh: &[(String, Vec<Puzzle>)], tdoku: Option<&PathBuf>) -> String {
    let mut md = format!(
        "\n### Fresh adversaries (issue 45: `dlx_solve9` and `dlx_count9` at or under tdoku's time)\n\n\
         Seed {seed:#x} this run (`DLX_BENCH_SEED={seed:x} make bench9` repeats it; each run draws a new \
         one); the slowest are this run's, by `dlx_count9`'s time; the climbed grids are in \
         target/bench/nine-fresh-climbed.txt.\n\n\
         | puzzles | n | tdoku first solution | dlx_solve9 | ratio | worst: tdoku / ours | tdoku up to 2 | dlx_count9 up to 2 | ratio | worst: tdoku / ours |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
    );
    let (mut rows, mut met) = (0, [0, 0]);
    for (label, set) in fresh {
        if set.is_empty() {
            continue;
        }
        let ours = time_ours(set);
        let peer = tdoku.map(|exe| time_tdoku(exe, set));
        let worst = |v: &[(f64, f64)], f: fn(&(f64, f64)) -> f64| v.iter().map(f).fold(0.0, f64::max);
        let (solve, count) = (mean(ours.iter().map(|t| t.0)), mean(ours.iter().map(|t| t.1)));
        let cells = |ours_mean: f64, ours_worst: f64, f: fn(&(f64, f64)) -> f64, which: usize, met: &mut [usize; 2]| {
            match &peer {
                Some(peer) => {
                    let p = mean(peer.iter().map(f));
                    met[which] += usize::from(ours_mean <= p);
                    format!("{p:.1} | {ours_mean:.1} | {:.2}x | {:.0} / {ours_worst:.0}", ours_mean / p, worst(peer, f))
                }
                None => format!("- | {ours_mean:.1} | - | - / {ours_worst:.0}"),
            }
        };
        let first = cells(solve, worst(&ours, |t| t.0), |t| t.0, 0, &mut met);
        let two = cells(count, worst(&ours, |t| t.1), |t| t.1, 1, &mut met);
        writeln!(md, "| {label} | {} | {first} | {two} |", set.len()).unwrap();
        rows += 1;
    }
    writeln!(
        md,
        "\nMicroseconds, the mean per puzzle and the worst, each the best of {RUNS} runs; ratio: ours over tdoku's. \
         At or under tdoku's mean: `dlx_solve9` on {} of {rows} rows, `dlx_count9` on {}{}.",
        met[0],
        met[1],
        if tdoku.is_none() { " (tdoku not built)" } else { "" }
    )
    .unwrap();
    md
}
