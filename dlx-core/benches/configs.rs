//! The engine's configurations side by side, run on demand (`make bench-configs`): for every
//! 16x16 set and the hard list (the 40 hardest public puzzles), the mean, median and worst time and the
//! mean search nodes of each configuration, through the internal API (no process). Writes the
//! section "Search configurations" of docs/benchmarks.md.
//! The configurations are the DLX engine's, and `dlx_solve16`'s clause learning (whose work
//! is counted in conflicts).
//! A quick loop for search work; `make bench` is the full comparison against the judge's
//! reference program.
//!
//! Environment: DLX_BENCH_SETS (comma-separated name fragments; default every set),
//! DLX_BENCH_CONFIGS (the same for configuration labels; default every configuration),
//! DLX_BENCH_REPEAT (runs of each puzzle, the fastest counts; default 1). This 2-core machine's
//! times drift by 10-20% from one run to the next, so comparisons of a few percent want
//! `DLX_BENCH_REPEAT=3` or more. Every answer is checked against the data's solution, and every
//! repeat must take the same nodes (the search is deterministic). DLX_BENCH_ISOMORPHS=N adds
//! N isomorphs of each hard-40 puzzle as a set; DLX_BENCH_PER_PUZZLE=1 also prints each
//! puzzle's time and work on stderr (to find the worst ones).

use dlx_core::exact_cover::dlx::{Choice, REDUCE_AFTER};

#[allow(dead_code)]
mod puzzles;
mod support;

fn main() {
    let sets = puzzles::sets_to_run(
        &[
            "enjoysudoku-tarek-tough-206",
            "enjoysudoku-tarek-first20-20",
            "goomii17-hexasudoku-3000",
            "gecode-janko-55",
            "lloyd-amos-acs-general-1900",
            "poj3076-sample-1",
            "enjoysudoku-monstersudoku-metcalf-2",
            "enjoysudoku-blue-ultimate-15",
        ],
        "hard-40",
    );
    // The DLX engine: (choice, probing, options tried before subset reductions start); or
    // dlx_solve16's clause learning.
    #[derive(Clone, Copy)]
    enum Config {
        Engine(Choice, bool, u64),
        Learning,
    }
    let configs = [
        ("weights", Config::Engine(Choice::WeightedFailures, false, u64::MAX)),
        ("weights+reductions", Config::Engine(Choice::WeightedFailures, false, 0)),
        ("weights+probing", Config::Engine(Choice::WeightedFailures, true, u64::MAX)),
        ("weights+probing+reductions", Config::Engine(Choice::WeightedFailures, true, 0)),
        (
            "weights+probing+reductions after 10k (engine default)",
            Config::Engine(Choice::WeightedFailures, true, REDUCE_AFTER),
        ),
        ("clause learning (dlx_solve16)", Config::Learning),
    ];
    let config_filter = puzzles::fragments("DLX_BENCH_CONFIGS");
    let configs: Vec<_> = configs.into_iter().filter(|(label, ..)| puzzles::picked(&config_filter, label)).collect();
    let per_puzzle = std::env::var("DLX_BENCH_PER_PUZZLE").is_ok_and(|v| v == "1");
    let repeat: usize =
        std::env::var("DLX_BENCH_REPEAT").map(|v| v.parse().expect("DLX_BENCH_REPEAT: a count")).unwrap_or(1);
    let mut table =
        String::from("| set | configuration | mean us | median us | worst us | mean nodes or conflicts |\n");
    table.push_str("| --- | --- | ---: | ---: | ---: | ---: |\n");
    for (name, set) in &sets {
        for &(label, config) in &configs {
            let mut times = Vec::new();
            let (mut nodes, mut conflicts) = (0u64, 0u64);
            for puzzle in set {
                let mut best = f64::INFINITY;
                let mut puzzle_work = None;
                for _ in 0..repeat.max(1) {
                    let (us, work, letters) = match config {
                        Config::Engine(choice, probing, reductions) => {
                            let (us, stats, letters) =
                                puzzles::timed_solve(puzzle, choice, probing, reductions, u64::MAX)
                                    .expect("no node cap");
                            (us, (stats.nodes, 0), letters)
                        }
                        Config::Learning => {
                            let (us, stats, letters) = puzzles::timed_solve16(puzzle);
                            (us, (stats.dlx_nodes.unwrap_or(0), stats.learning.conflicts), letters)
                        }
                    };
                    best = best.min(us);
                    if let Some(solution) = &puzzle.solution {
                        assert_eq!(letters, solution.as_bytes(), "{name} {label}: {}", puzzle.text);
                    }
                    assert_eq!(*puzzle_work.get_or_insert(work), work, "{name} {label}: work varies");
                }
                times.push(best);
                let (n, c) = puzzle_work.unwrap();
                if per_puzzle {
                    eprintln!("{name} | {label} | puzzle {} | {best:.0} us | {n} nodes | {c} conflicts", times.len());
                }
                nodes += n;
                conflicts += c;
            }
            let (mean, median, worst) = puzzles::mean_median_worst(&times);
            let nodes = nodes as f64 / set.len() as f64;
            let conflicts = conflicts as f64 / set.len() as f64;
            let work = if matches!(config, Config::Learning) {
                format!("{conflicts:.0} conflicts")
            } else {
                format!("{nodes:.0}")
            };
            let row = format!("| {name} | {label} | {mean:.0} | {median:.0} | {worst:.0} | {work} |\n");
            print!("{row}");
            table.push_str(&row);
        }
    }
    support::write_section("configs", "Search configurations on 16x16 (`make bench-configs`)", &table);
}
