//! The engine's configurations side by side, run on demand (`make bench-configs`): for the
//! hard 16x16 sets and the 40-puzzle list of issue 4, the mean, median and worst time and the
//! mean search nodes of each configuration, through the internal API (no process, no seed).
//! A quick loop for engine work; `make bench` is the full comparison against the seed.
//!
//! Environment: DLX_BENCH_SETS (comma-separated name fragments; default the hard sets).

use std::mem::MaybeUninit;
use std::time::Instant;

use dlx::engine::Choice;
use dlx::sudoku::{self, Engine16, Shape};

#[path = "../tests/common/mod.rs"]
#[allow(dead_code)]
mod common;

const HARD: [(&str, &[usize]); 3] = [
    (
        "enjoysudoku-tarek-tough-206",
        &[4, 5, 9, 10, 20, 25, 26, 27, 32, 33, 39, 40, 42, 47, 49, 62, 64, 111, 112, 118, 124],
    ),
    ("enjoysudoku-tarek-first20-20", &[2, 4, 14, 15]),
    ("enjoysudoku-blue-ultimate-15", &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]),
];

fn lines(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(common::shared_dir().join(format!("data/sudoku16/{name}.txt"))).unwrap();
    text.lines().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect()
}

fn main() {
    let filter: Vec<String> =
        std::env::var("DLX_BENCH_SETS").map(|v| v.split(',').map(String::from).collect()).unwrap_or_default();
    let mut sets: Vec<(String, Vec<String>)> = ["enjoysudoku-tarek-tough-206", "enjoysudoku-tarek-first20-20", "goomii17-hexasudoku-3000"]
        .iter()
        .map(|n| (n.to_string(), lines(n)))
        .collect();
    sets.push((
        "hard-40".into(),
        HARD.iter().flat_map(|(file, picks)| {
            let all = lines(file);
            picks.iter().map(move |&l| all[l - 1].clone()).collect::<Vec<_>>()
        })
        .collect(),
    ));
    sets.retain(|(name, _)| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str())));
    let limits: Vec<u16> = std::env::var("DLX_PROBE_LIMITS")
        .map(|v| v.split(',').map(|x| x.parse().unwrap()).collect())
        .unwrap_or_else(|_| vec![0]);
    let mut configs: Vec<(String, Choice, bool, u16)> = vec![("weighted".into(), Choice::WeightedFailures, false, 0)];
    for &limit in &limits {
        configs.push((format!("weighted+probing (limit {limit})"), Choice::WeightedFailures, true, limit));
    }
    println!("| set | configuration | mean us | median us | worst us | mean nodes |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    for (name, set) in &sets {
        for (label, choice, probing, limit) in &configs {
            let (choice, probing, limit) = (*choice, *probing, *limit);
            let mut times = Vec::new();
            let mut nodes = 0u64;
            for text in set {
                let mut cells = [0u8; 256];
                sudoku::parse_letters(text.bytes(), Shape::SIXTEEN, &mut cells).unwrap();
                let start = Instant::now();
                let mut slot = MaybeUninit::uninit();
                let engine = Engine16::zeroed_in(&mut slot);
                engine.set_choice(choice);
                engine.set_probing(probing);
                engine.set_probe_limit(limit);
                let stats = sudoku::solve_within(engine, Shape::SIXTEEN, &mut cells, u64::MAX).unwrap().unwrap();
                times.push(start.elapsed().as_secs_f64() * 1e6);
                nodes += stats.nodes;
            }
            let mut sorted = times.clone();
            sorted.sort_by(f64::total_cmp);
            println!(
                "| {name} | {label} | {:.0} | {:.0} | {:.0} | {:.0} |",
                times.iter().sum::<f64>() / times.len() as f64,
                sorted[sorted.len() / 2],
                sorted[sorted.len() - 1],
                nodes as f64 / set.len() as f64
            );
        }
    }
}
