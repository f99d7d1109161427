//! General exact cover benchmark, run on demand (`make bench-exact-cover`): the DLX engine
//! behind `dlx_problem_*` (`dlx_core::Problem`, the same code) against Knuth's DLX1 on the
//! same instances in one run: N-queens 8-13 with the diagonals as secondary items, pentomino
//! packing of a 6x10 board (all placements), every completion of 9x9 grids with 16 and 15
//! clues, and a 25x25 Sudoku. DLX1 is compiled at bench time from ../shared/peers/knuth-dlx1
//! (cc -O2), never kept in the repository, and fed the same options in its text format; its
//! columns are skipped, with a notice, where ../shared is absent. Both must find the same number
//! of solutions, and the same nodes (DLX1 counts its root too: ours + 1).
//!
//! Times are the best of 3 runs: ours from building the problem to the end of the search,
//! DLX1's the whole process (reading its input included, a few milliseconds at most here).
//! Writes the section "General exact cover" of docs/benchmarks.md.

use std::fmt::Write as _;
use std::io::Write as _;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use dlx_core::Problem;

mod support;

const RUNS: usize = 3;

struct Instance {
    name: String,
    primary: usize,
    secondary: usize,
    options: Vec<Vec<i32>>,
}

fn instances() -> Vec<Instance> {
    let mut out = Vec::new();
    for n in 8..=13 {
        let (primary, secondary, options) = support::queens(n);
        out.push(Instance { name: format!("{n} queens"), primary, secondary, options });
    }
    out.push(Instance {
        name: "pentominoes 6x10".into(),
        primary: 72,
        secondary: 0,
        options: support::pentominoes(6, 10),
    });
    // A 17-clue puzzle of the data with its last clue, then its last two, left out.
    let royle = std::fs::read_to_string(support::data_dir().join("sudoku9/royle-17clue-every20th-2458.txt")).unwrap();
    let first: Vec<u8> = royle.lines().next().unwrap().bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    for clues in [16, 15] {
        let mut grid = first.clone();
        let mut kept = 0;
        for cell in grid.iter_mut() {
            if *cell != 0 {
                kept += 1;
                if kept > clues {
                    *cell = 0;
                }
            }
        }
        out.push(Instance {
            name: format!("9x9, {clues} clues, all"),
            primary: 324,
            secondary: 0,
            options: support::sudoku(3, &grid),
        });
    }
    let amos =
        std::fs::read_to_string(support::data_dir().join("sudoku25/lloyd-amos-acs-general-sample-35.txt")).unwrap();
    let line: Vec<u8> =
        amos.lines().nth(20).unwrap().bytes().map(|b| if b == b'-' { 0 } else { b - b'A' + 1 }).collect();
    out.push(Instance {
        name: "25x25 (lloyd-amos line 21)".into(),
        primary: 2500,
        secondary: 0,
        options: support::sudoku(5, &line),
    });
    out
}

/// Solutions, nodes and the best time in ms through `dlx_core::Problem`.
fn ours(inst: &Instance) -> (u64, u64, f64) {
    let entries: usize = inst.options.iter().map(Vec::len).sum();
    let items = inst.primary + inst.secondary;
    let mut memory = vec![0u64; Problem::words_for(items, inst.options.len(), entries).unwrap()];
    let mut best = (0, 0, f64::MAX);
    for _ in 0..RUNS {
        let started = Instant::now();
        let mut p = Problem::new(
            &mut memory,
            inst.primary as i32,
            inst.secondary as i32,
            inst.options.len() as i32,
            entries as i64,
        )
        .unwrap();
        for o in &inst.options {
            p.add(o).unwrap();
        }
        let count = p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
        let ms = started.elapsed().as_secs_f64() * 1e3;
        best = (count, p.nodes(), best.2.min(ms));
    }
    best
}

fn build_dlx1() -> Result<PathBuf, String> {
    let source = support::shared_dir().ok_or("../shared is not beside the repository")?.join("peers/knuth-dlx1");
    let exe = support::out_dir().join("dlx1");
    let status = Command::new("cc")
        .args(["-O2", "-w", "-o"])
        .arg(&exe)
        .arg(source.join("dlx1.c"))
        .arg(format!("-I{}", source.display()))
        .status()
        .map_err(|e| format!("cc: {e}"))?;
    if !status.success() {
        return Err("cc could not build dlx1.c".into());
    }
    Ok(exe)
}

/// Solutions, nodes (its root left out) and the best time in ms of DLX1 on the same options.
fn dlx1(exe: &PathBuf, inst: &Instance) -> (u64, u64, f64) {
    let name = |i: i32| if (i as usize) < inst.primary { format!("p{i}") } else { format!("s{i}") };
    let mut text = (0..inst.primary as i32).map(name).collect::<Vec<_>>().join(" ");
    if inst.secondary > 0 {
        text += " | ";
        text += &(inst.primary as i32..(inst.primary + inst.secondary) as i32).map(name).collect::<Vec<_>>().join(" ");
    }
    text.push('\n');
    for o in &inst.options {
        text += &o.iter().map(|&i| name(i)).collect::<Vec<_>>().join(" ");
        text.push('\n');
    }
    let mut best = (0, 0, f64::MAX);
    for _ in 0..RUNS {
        let started = Instant::now();
        let mut child = Command::new(exe)
            .arg("m0")
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let log = String::from_utf8_lossy(&out.stderr);
        let line = log.lines().find(|l| l.starts_with("Altogether")).unwrap_or_else(|| panic!("dlx1: {log}"));
        let number = |after: &str| -> u64 {
            let words: Vec<&str> = line.split([' ', ',']).filter(|w| !w.is_empty()).collect();
            let at = words.iter().position(|w| *w == after).unwrap();
            words[at - 1].parse().unwrap()
        };
        best = (number("solutions"), number("nodes") - 1, best.2.min(ms));
    }
    best
}

fn main() {
    let peer = build_dlx1();
    if let Err(why) = &peer {
        eprintln!("notice: DLX1 columns skipped: {why}");
    }
    let mut table = String::from(
        "| instance | solutions | nodes | dlx (ms) | DLX1 (ms) | dlx / DLX1 |\n|---|---:|---:|---:|---:|---:|\n",
    );
    for inst in instances() {
        let (count, nodes, ms) = ours(&inst);
        let (peer_ms, ratio) = match &peer {
            Ok(exe) => {
                let (peer_count, peer_nodes, peer_ms) = dlx1(exe, &inst);
                assert_eq!((count, nodes), (peer_count, peer_nodes), "{}: DLX1 differs", inst.name);
                (format!("{peer_ms:.1}"), format!("{:.2}", ms / peer_ms))
            }
            Err(_) => ("-".into(), "-".into()),
        };
        let row = format!("| {} | {count} | {nodes} | {ms:.1} | {peer_ms} | {ratio} |\n", inst.name);
        eprint!("{row}");
        table += &row;
    }
    let mut body = String::new();
    let _ = writeln!(
        body,
        "`make bench-exact-cover`: the engine behind `dlx_problem_*` against Knuth's DLX1 (cc -O2, from \
         ../shared/peers/knuth-dlx1) on the same options, best of {RUNS} runs each; both find the same solutions \
         and the same nodes (DLX1's count less its root). Ours: building the problem and the whole search; \
         DLX1: the whole process, reading its input included.\n"
    );
    body += &table;
    support::write_section("exact-cover", "General exact cover", &body);
}
