//! The `dlx cover` command against Knuth's exact cover programs, run on demand (`make
//! bench-knuth`): each kind of problem against the programs written for it, on the same files
//! in his format. Plain exact cover (q12, pentominoes in a 6x10 box): DLX1 and SSXCC; colors
//! (3x4 word rectangles wr34, wr34m): DLX2 and SSXCC; multiplicities (tetromino packings mix,
//! mix50): DLX3 and SSMCC; costs (DLX5's example and a random instance made here): DLX5, ours
//! with `--minimum`.
//!
//! Knuth's programs and the generator behind the pentominoes (polyomino-dlx) are compiled at
//! bench time from ../shared/peers/knuth-xcc and ../shared/peers/knuth-dlx1 (`cc -O3
//! -march=native -w`) into target/bench/knuth, never kept in the repository; the example
//! instances are read from ../shared/peers/knuth-xcc/examples. Where ../shared or the compiler
//! is absent, or a program does not build, its columns (and the instances that need it) are
//! skipped with a notice; the random costs instance is written here and always runs.
//!
//! Every time is the whole process, best of 3 (one run of each program on each instance a
//! pass): `target/release/dlx cover FILE` (`--minimum` for costs) and Knuth's `PROGRAM m0 <
//! FILE` (m0: no listing). All must agree on the number of solutions, and DLX5 and ours on
//! the least cost. Nodes are shown as each program reports them (Knuth's count its root).
//!
//! `KNUTH_QUICK=1`: one run of the four smallest instances (one of each kind), for a smoke
//! test. Writes the section "Knuth's programs" of docs/benchmarks.md.

use std::fmt::Write as _;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

mod support;

const RUNS: usize = 3;

/// Knuth's programs, in the table's order.
const PEERS: [&str; 6] = ["dlx1", "dlx2", "dlx3", "dlx5", "ssxcc", "ssmcc"];

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Plain,
    Colors,
    Multiplicities,
    Costs,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Plain => "exact cover",
            Kind::Colors => "colors",
            Kind::Multiplicities => "multiplicities",
            Kind::Costs => "costs",
        }
    }

    /// Knuth's programs for this kind.
    fn peers(self) -> &'static [&'static str] {
        match self {
            Kind::Plain => &["dlx1", "ssxcc"],
            Kind::Colors => &["dlx2", "ssxcc"],
            Kind::Multiplicities => &["dlx3", "ssmcc"],
            Kind::Costs => &["dlx5"],
        }
    }
}

struct Instance {
    name: &'static str,
    kind: Kind,
    file: PathBuf,
    /// Among the smallest: run by `KNUTH_QUICK=1`.
    quick: bool,
}

/// What a program answered: the number of solutions (the least cost for costs), and the nodes
/// it reports.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Outcome {
    answer: u64,
    nodes: u64,
}

/// The pentominoes in polyomino-dlx's spec: a 6x10 box, each piece once. The `1|` is needed:
/// without a multiplicity the generator copies the whole line into its 8-byte buffer for one.
const PENTOMINOES: &str = "[0-5][0-9]
1|F 01 02 10 11 21
1|I 00 10 20 30 40
1|L 00 10 20 30 31
1|N 01 11 20 21 30
1|P 00 01 10 11 20
1|T 00 01 02 11 21
1|U 00 02 10 11 12
1|V 00 10 20 21 22
1|W 00 10 11 21 22
1|X 01 10 11 12 21
1|Y 01 10 11 21 31
1|Z 00 01 11 21 22
";

/// The random costs instance: items, options, option sizes, costs 1..=MAX_COST, the seed.
const COSTS: (usize, usize, (u64, u64), u64, u64) = (50, 500, (2, 5), 100, 42);

/// A random exact cover problem with costs in DLX5's format: `items` primary items, a planted
/// partition of them into options (so that there is a solution) and random options up to
/// `options`, each of `lo..=hi` distinct items, shuffled, each costing 1..=`max_cost`.
fn random_costs(items: usize, options: usize, (lo, hi): (u64, u64), max_cost: u64, seed: u64) -> String {
    let mut state = seed;
    let mut r = |n: u64| support::rng(&mut state) % n;
    let mut order: Vec<usize> = (0..items).collect();
    for k in (1..items).rev() {
        order.swap(k, r(k as u64 + 1) as usize);
    }
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut at = 0;
    while at < items {
        let size = ((lo + r(hi - lo + 1)) as usize).min(items - at);
        let mut row = order[at..at + size].to_vec();
        row.sort_unstable();
        rows.push(row);
        at += size;
    }
    while rows.len() < options {
        let size = (lo + r(hi - lo + 1)) as usize;
        let mut row = Vec::new();
        while row.len() < size {
            let item = r(items as u64) as usize;
            if !row.contains(&item) {
                row.push(item);
            }
        }
        row.sort_unstable();
        rows.push(row);
    }
    for k in (1..rows.len()).rev() {
        rows.swap(k, r(k as u64 + 1) as usize);
    }
    let mut text = format!(
        "| random exact cover with costs: {items} items, {options} options of {lo} to {hi} items, \
         costs 1 to {max_cost}, seed {seed} (dlx-core/benches/knuth.rs)\n"
    );
    text += &(0..items).map(|i| format!("i{i}")).collect::<Vec<_>>().join(" ");
    text.push('\n');
    for row in rows {
        let cost = 1 + r(max_cost);
        let _ = writeln!(text, "{} |{cost}", row.iter().map(|i| format!("i{i}")).collect::<Vec<_>>().join(" "));
    }
    text
}

/// Compiles `dir/name.c` into target/bench/knuth/name.
fn build(dir: &Path, name: &str) -> Result<PathBuf, String> {
    let exe = out_dir().join(name);
    let status = Command::new("cc")
        .args(["-O3", "-march=native", "-w"])
        .arg(format!("-I{}", dir.display()))
        .arg("-o")
        .arg(&exe)
        .arg(dir.join(format!("{name}.c")))
        .status()
        .map_err(|e| format!("cc: {e}"))?;
    if !status.success() {
        return Err(format!("cc could not build {name}.c"));
    }
    Ok(exe)
}

fn out_dir() -> PathBuf {
    let dir = support::out_dir().join("knuth");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The number before the word starting with `word` in Knuth's line "Altogether N solutions,
/// ... M nodes, ...".
fn before(line: &str, word: &str) -> Option<u64> {
    let words: Vec<&str> = line.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let at = words.iter().position(|w| w.starts_with(word))?;
    words.get(at.checked_sub(1)?)?.parse().ok()
}

/// One run of Knuth's `exe` on `file`: its time in seconds and what it found.
fn knuth(exe: &Path, file: &Path, kind: Kind) -> (f64, Outcome) {
    let started = Instant::now();
    let out = Command::new(exe)
        .arg("m0")
        .stdin(File::open(file).unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let seconds = started.elapsed().as_secs_f64();
    let log = String::from_utf8_lossy(&out.stderr);
    let fail = || -> ! { panic!("{} on {}: {log}", exe.display(), file.display()) };
    let line = log.lines().find(|l| l.starts_with("Altogether")).unwrap_or_else(|| fail());
    let nodes = before(line, "nodes").unwrap_or_else(|| fail());
    let answer = if kind == Kind::Costs {
        // "The optimum cost is $N" (none when there is no solution).
        let cost = log.lines().find_map(|l| l.strip_prefix("The optimum cost is $"));
        cost.map(|c| c.trim().parse().unwrap_or_else(|_| fail())).unwrap_or(u64::MAX)
    } else {
        before(line, "solution").unwrap_or_else(|| fail())
    };
    (seconds, Outcome { answer, nodes })
}

/// One run of `dlx cover` on `file`: its time in seconds and what it found.
fn ours(dlx: &Path, file: &Path, kind: Kind) -> (f64, Outcome) {
    let mut command = Command::new(dlx);
    command.arg("cover");
    if kind == Kind::Costs {
        command.arg("--minimum");
    }
    let started = Instant::now();
    let out = command.arg(file).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).output().unwrap();
    let seconds = started.elapsed().as_secs_f64();
    // The summary: "dlx: FILE: 14200 solutions; the search tried 211715 options in 0.044 s",
    // or "...: a minimum cover, cost 80; the minimum tried 74 options ..." / "...: no cover; ...".
    let log = String::from_utf8_lossy(&out.stderr);
    let fail = || -> ! { panic!("dlx cover on {}: {log}", file.display()) };
    let line = log.lines().find(|l| l.contains(" tried ")).unwrap_or_else(|| fail());
    let tried = line.rsplit_once(" tried ").unwrap_or_else(|| fail()).1;
    let nodes = tried.split(' ').next().unwrap().parse().unwrap_or_else(|_| fail());
    let answer = if kind == Kind::Costs {
        match line.split_once(", cost ") {
            Some((_, rest)) => rest.split(';').next().unwrap().parse().unwrap_or_else(|_| fail()),
            None if line.contains(": no cover;") => u64::MAX,
            None => fail(),
        }
    } else {
        String::from_utf8_lossy(&out.stdout).trim().parse().unwrap_or_else(|_| fail())
    };
    (seconds, Outcome { answer, nodes })
}

fn main() {
    let quick = std::env::var("KNUTH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let runs = if quick { 1 } else { RUNS };
    let dlx = support::root().join("target/release/dlx");
    assert!(dlx.is_file(), "{} is missing: run make first", dlx.display());

    // Knuth's programs and the pentomino generator, where ../shared and cc are there.
    let shared = support::shared_dir();
    let mut programs: Vec<(&str, PathBuf)> = Vec::new();
    let mut polyomino = None;
    match &shared {
        None => eprintln!("notice: Knuth's columns skipped: ../shared is not beside the repository"),
        Some(shared) => {
            let xcc = shared.join("peers/knuth-xcc");
            for name in PEERS.iter().copied().chain(["polyomino-dlx"]) {
                let dir = if name == "dlx1" { shared.join("peers/knuth-dlx1") } else { xcc.clone() };
                match build(&dir, name) {
                    Ok(exe) if name == "polyomino-dlx" => polyomino = Some(exe),
                    Ok(exe) => programs.push((name, exe)),
                    Err(why) => eprintln!("notice: {name} skipped: {why}"),
                }
            }
        }
    }

    let mut instances = Vec::new();
    if let Some(shared) = &shared {
        let examples = shared.join("peers/knuth-xcc/examples");
        let example = |name, kind, file: &str, quick| Instance { name, kind, file: examples.join(file), quick };
        instances.push(example("q12 (12 queens)", Kind::Plain, "q12.dlx", true));
        match &polyomino {
            Some(exe) => {
                let spec = out_dir().join("pentominoes-6x10.spec");
                std::fs::write(&spec, PENTOMINOES).unwrap();
                let file = out_dir().join("pentominoes-6x10.dlx");
                let status = Command::new(exe)
                    .stdin(File::open(&spec).unwrap())
                    .stdout(File::create(&file).unwrap())
                    .stderr(Stdio::null())
                    .status()
                    .unwrap();
                assert!(status.success(), "polyomino-dlx failed on {}", spec.display());
                instances.push(Instance { name: "pentominoes 6x10", kind: Kind::Plain, file, quick: false });
            }
            None => eprintln!("notice: pentominoes 6x10 skipped: polyomino-dlx was not built"),
        }
        instances.push(example("wr34 (3x4 word rectangles)", Kind::Colors, "wr34.dlx", true));
        instances.push(example("wr34m (3x4 word rectangles)", Kind::Colors, "wr34m.dlx", false));
        instances.push(example("mix (2 of each tetromino, 5x8)", Kind::Multiplicities, "mix.dlx", true));
        instances.push(example("mix50 (tetrominoes, V, X in 5x10)", Kind::Multiplicities, "mix50.dlx", false));
        instances.push(example("cost-example (DLX5's)", Kind::Costs, "cost-example.dlx", true));
    }
    let (items, options, sizes, max_cost, seed) = COSTS;
    let file = out_dir().join(format!("costs{items}.dlx"));
    std::fs::write(&file, random_costs(items, options, sizes, max_cost, seed)).unwrap();
    instances.push(Instance { name: "random costs (50 items, 500 options)", kind: Kind::Costs, file, quick: false });
    if quick {
        instances.retain(|inst| inst.quick);
        eprintln!("KNUTH_QUICK: {} instances, 1 run", instances.len());
    }

    // Every (instance, program) pair; None for ours. One run of each a pass.
    let mut pairs: Vec<(usize, Option<usize>)> = Vec::new();
    for (i, inst) in instances.iter().enumerate() {
        pairs.push((i, None));
        for (p, (name, _)) in programs.iter().enumerate() {
            if inst.kind.peers().contains(name) {
                pairs.push((i, Some(p)));
            }
        }
    }
    let mut outcomes: Vec<Option<Outcome>> = vec![None; pairs.len()];
    let times = support::best_in_passes(pairs.len(), runs, |k| {
        let (i, program) = pairs[k];
        let inst = &instances[i];
        let (seconds, outcome) = match program {
            None => ours(&dlx, &inst.file, inst.kind),
            Some(p) => knuth(&programs[p].1, &inst.file, inst.kind),
        };
        let who = program.map_or("dlx", |p| programs[p].0);
        assert!(outcomes[k].is_none_or(|o| o == outcome), "{who} on {}: runs differ", inst.name);
        outcomes[k] = Some(outcome);
        seconds
    });

    let mut table = String::from("| instance | kind | solutions | nodes: dlx; peers | dlx (s) |");
    for name in PEERS {
        let _ = write!(table, " {} (s) |", name.to_uppercase());
    }
    table += " dlx / fastest |\n|---|---|---:|---|---:|";
    table += &"---:|".repeat(PEERS.len() + 1);
    table.push('\n');
    for (i, inst) in instances.iter().enumerate() {
        let of = |program: Option<usize>| {
            let k = pairs.iter().position(|&pair| pair == (i, program))?;
            Some((times[k], outcomes[k].unwrap()))
        };
        let (mine, outcome) = of(None).unwrap();
        let mut cells = vec!["-".to_string(); PEERS.len()];
        let (mut fastest, mut nodes) = (f64::MAX, Vec::new());
        for (p, (name, _)) in programs.iter().enumerate() {
            let Some((seconds, theirs)) = of(Some(p)) else { continue };
            let what = if inst.kind == Kind::Costs { "least cost" } else { "solutions" };
            assert_eq!(outcome.answer, theirs.answer, "{}: {what} of dlx and {name} differ", inst.name);
            cells[PEERS.iter().position(|n| n == name).unwrap()] = format!("{seconds:.3}");
            fastest = fastest.min(seconds);
            nodes.push(format!("{name} {}", theirs.nodes));
        }
        let answer = match (inst.kind, outcome.answer) {
            (Kind::Costs, u64::MAX) => "no cover".to_string(),
            (Kind::Costs, cost) => format!("least cost {cost}"),
            (_, count) => count.to_string(),
        };
        let ratio = if nodes.is_empty() { "-".to_string() } else { format!("{:.2}", mine / fastest) };
        let row = format!(
            "| {} | {} | {answer} | {}{}{} | {mine:.3} | {} | {ratio} |\n",
            inst.name,
            inst.kind.name(),
            outcome.nodes,
            if nodes.is_empty() { "" } else { "; " },
            nodes.join(", "),
            cells.join(" | "),
        );
        eprint!("{row}");
        table += &row;
    }

    let mut body = String::new();
    let _ = writeln!(
        body,
        "`make bench-knuth` (`dlx-core/benches/knuth.rs`): `dlx cover FILE` (`--minimum` for costs) against \
         Knuth's programs for each kind of problem on the same files in his format: DLX1 and SSXCC on plain exact \
         cover, DLX2 and SSXCC on colors, DLX3 and SSMCC on multiplicities, DLX5 on costs (built with `cc -O3 \
         -march=native` from ../shared/peers/knuth-xcc and knuth-dlx1; run as `PROGRAM m0 < FILE`). Times: the \
         whole process, best of {runs} run{}. Solutions and least costs agree; nodes as each program reports \
         them (Knuth's count the root: DLX1 and DLX2 show ours + 1; DLX3 and the SS programs branch otherwise). \
         The instances are those of knuth-xcc/examples, the pentominoes from polyomino-dlx, and a random costs \
         instance written by the bench ({items} items, {options} options of {} to {} items with one planted \
         exact cover, costs 1 to {max_cost}, seed {seed}).{}\n",
        if runs == 1 { "" } else { "s" },
        sizes.0,
        sizes.1,
        if quick { " Quick run (KNUTH_QUICK=1): the smallest instances only." } else { "" },
    );
    body += &table;
    support::write_section("knuth", "Knuth's programs", &body);
}
