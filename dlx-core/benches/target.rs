//! Target Sudoku benchmark, run on demand (`make bench-target`): dlx_target_max on the NOIP
//! 2009 set, the CSU samples, the generated stress set, the empty grid and random grids with
//! 5..25 clues and with 2-7 clues crowded into two boxes (fixed seed), against the seed program
//! (the C++ that came with the problem statement, compiled here from ../shared/seeds with g++
//! -O2, never copied; skipped with a notice where ../shared is absent) on the NOIP set, in the
//! same run. Writes the section "Target Sudoku" of docs/benchmarks.md and
//! target/bench/target-per-grid.txt.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use dlx_core::exact_cover::deadline::Deadline;
use dlx_core::target;

// The tests' references (random grids), shared so bench and tests draw the same grids.
mod support;
use support::{random_full_grid, repeats, rng};

const REPEATS: usize = 3;

fn out_dir() -> PathBuf {
    support::out_dir()
}

fn read_grids(name: &str) -> Vec<[u8; 81]> {
    let text = std::fs::read_to_string(support::data_dir().join("target").join(name)).unwrap();
    let digits: Vec<u8> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    digits.chunks(81).map(|c| c.try_into().unwrap()).collect()
}

fn random_clues(clues: usize, count: usize, seed: &mut u64) -> Vec<[u8; 81]> {
    (0..count)
        .map(|_| {
            let full = random_full_grid(seed);
            let mut cells: Vec<usize> = (0..81).collect();
            for k in (1..81).rev() {
                cells.swap(k, (rng(seed) % (k as u64 + 1)) as usize);
            }
            let mut grid = [0u8; 81];
            for &c in &cells[..clues] {
                grid[c] = full[c];
            }
            grid
        })
        .collect()
}

/// 2-7 random clues, four in five in one box and the rest in another (each consistent with the
/// clues before it): the near-empty grids where the row relaxation stays points above the
/// optimum and the pattern bound takes over on some.
fn clues_in_two_boxes(count: usize, seed: &mut u64) -> Vec<[u8; 81]> {
    (0..count)
        .map(|_| {
            let clues = 2 + (rng(seed) % 6) as usize;
            let boxes = [(rng(seed) % 9) as usize, (rng(seed) % 9) as usize];
            let mut grid = [0u8; 81];
            let mut placed = 0;
            while placed < clues {
                let b = boxes[usize::from(rng(seed) % 5 == 0)];
                let k = (rng(seed) % 9) as usize;
                let cell = ((b / 3) * 3 + k / 3) * 9 + (b % 3) * 3 + k % 3;
                let digit = 1 + (rng(seed) % 9) as u8;
                if grid[cell] == 0 && !repeats(&grid, cell, digit) {
                    grid[cell] = digit;
                    placed += 1;
                }
            }
            grid
        })
        .collect()
}

struct Row {
    set: String,
    grids: usize,
    times: Vec<Duration>,
    nodes: Vec<u64>,
}

fn run_set(set: &str, grids: &[[u8; 81]], log: &mut String) -> Row {
    let mut times = Vec::new();
    let mut nodes = Vec::new();
    for (k, grid) in grids.iter().enumerate() {
        let mut best = Duration::MAX;
        let mut outcome = None;
        for _ in 0..REPEATS {
            let start = Instant::now();
            outcome = Some(std::hint::black_box(target::target_max(
                std::hint::black_box(grid),
                &mut Deadline::new(&mut || false),
            )));
            best = best.min(start.elapsed());
        }
        let (score, n, bound) = match outcome.unwrap() {
            Ok(o) => (o.score, o.nodes, o.bound),
            Err(_) => (-1, 0, 0),
        };
        writeln!(
            log,
            "{set} {:3}: score {score:5} bound {bound:5} nodes {n:6} {:8.1} us",
            k + 1,
            best.as_secs_f64() * 1e6
        )
        .unwrap();
        times.push(best);
        nodes.push(n);
    }
    Row { set: set.to_string(), grids: grids.len(), times, nodes }
}

/// The seed program's wall time on `input`, or why it could not run.
fn seed_time(input: &str) -> Result<(Duration, String), String> {
    let seed = std::fs::read_to_string(
        support::shared_dir().ok_or("no ../shared beside the repository")?.join("seeds/004_0aec66d3322131b1.txt"),
    )
    .map_err(|e| e.to_string())?;
    let code = &seed[seed.find("#include").ok_or("no C++ in the seed")?..];
    let dir = out_dir();
    let source = dir.join("seed_csu1605.cpp");
    let exe = dir.join("seed_csu1605");
    std::fs::write(&source, code).map_err(|e| e.to_string())?;
    let built = Command::new("g++")
        .arg("-O2")
        .arg("-w")
        .arg(&source)
        .arg("-o")
        .arg(&exe)
        .status()
        .map_err(|e| e.to_string())?;
    if !built.success() {
        return Err("g++ failed on the seed".into());
    }
    let mut best = Duration::MAX;
    let mut stdout = String::new();
    for _ in 0..REPEATS {
        let start = Instant::now();
        let mut child =
            Command::new(&exe).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().map_err(|e| e.to_string())?;
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        best = best.min(start.elapsed());
        stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    }
    Ok((best, stdout))
}

fn main() {
    // `cargo bench` passes --bench; nothing else is taken.
    let mut seed = 0x5EED_1605_2009_0001u64;
    let noip = read_grids("noip2009.txt");
    let mut sets: Vec<(String, Vec<[u8; 81]>)> = vec![
        ("noip2009".into(), noip.clone()),
        ("csu1605_samples".into(), read_grids("csu1605_samples.txt")),
        ("generated-stress-90".into(), read_grids("generated-stress-90.txt")),
        ("empty grid".into(), vec![[0; 81]]),
    ];
    for clues in [5, 10, 15, 20, 25] {
        sets.push((format!("random {clues} clues"), random_clues(clues, 20, &mut seed)));
    }
    sets.push(("2-7 clues in two boxes".into(), clues_in_two_boxes(200, &mut seed)));
    let mut log = String::new();
    let rows: Vec<Row> = sets.iter().map(|(name, grids)| run_set(name, grids, &mut log)).collect();

    let mut report = String::new();
    writeln!(report, "| set | grids | total ms | mean us | median us | worst us | mean nodes | max nodes |").unwrap();
    writeln!(report, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |").unwrap();
    for row in &rows {
        let mut us: Vec<f64> = row.times.iter().map(|t| t.as_secs_f64() * 1e6).collect();
        us.sort_by(f64::total_cmp);
        let total: f64 = us.iter().sum();
        writeln!(
            report,
            "| {} | {} | {:.2} | {:.0} | {:.0} | {:.0} | {:.0} | {} |",
            row.set,
            row.grids,
            total / 1000.0,
            total / row.grids as f64,
            us[us.len() / 2],
            us[us.len() - 1],
            row.nodes.iter().sum::<u64>() as f64 / row.grids as f64,
            row.nodes.iter().max().unwrap()
        )
        .unwrap();
    }
    let noip_input: String = format!(
        "{}\n{}",
        noip.len(),
        noip.iter()
            .map(|g| g
                .chunks(9)
                .map(|r| r.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" ") + "\n")
                .collect::<String>())
            .collect::<String>()
    );
    let ours_noip: f64 = rows[0].times.iter().map(|t| t.as_secs_f64()).sum();
    match seed_time(&noip_input) {
        Ok((t, stdout)) => {
            let expected = std::fs::read_to_string(support::data_dir().join("target/noip2009.ans")).unwrap_or_default();
            writeln!(
                report,
                "\nReference program (g++ -O2, whole process) on the NOIP set: {:.1} ms{}; dlx_target_max: {:.2} ms in process; ratio {:.0}x.",
                t.as_secs_f64() * 1e3,
                if stdout == expected { "" } else { " (its output differs from noip2009.ans)" },
                ours_noip * 1e3,
                t.as_secs_f64() / ours_noip
            )
            .unwrap();
        }
        Err(why) => writeln!(report, "\nReference program not measured: {why}").unwrap(),
    }
    print!("{report}");
    support::write_section("target", "Target Sudoku (`make bench-target`)", &report);
    std::fs::write(out_dir().join("target-per-grid.txt"), &log).unwrap();
}
