//! The 16x16 puzzles the benchmarks share: a set of tests/data with its known solutions, and
//! the 40 hardest public puzzles known (the hard list).

use std::mem::MaybeUninit;
use std::time::Instant;

use dlx_core::deadline::Deadline;
use dlx_core::exact_cover::dlx::{Choice, SearchStats};
use dlx_core::sudoku::{self, Engine16, Shape, SolveStats};

use super::support;

/// Mean, median, worst of microsecond figures.
pub fn mean_median_worst(us: &[f64]) -> (f64, f64, f64) {
    let mut v = us.to_vec();
    v.sort_by(f64::total_cmp);
    (v.iter().sum::<f64>() / v.len() as f64, v[v.len() / 2], v[v.len() - 1])
}

/// The comma-separated name fragments in environment variable `var` (none when unset), and
/// whether `name` is picked by them (every name is when there are none).
pub fn fragments(var: &str) -> Vec<String> {
    std::env::var(var).map(|v| v.split(',').map(String::from).collect()).unwrap_or_default()
}

pub fn picked(fragments: &[String], name: &str) -> bool {
    fragments.is_empty() || fragments.iter().any(|f| name.contains(f.as_str()))
}

/// The sets `names` of data/sudoku16 and the hard list (as `hard_label`), less those that
/// DLX_BENCH_SETS leaves out; with DLX_BENCH_ISOMORPHS=N, also N isomorphs of each hard
/// puzzle (see [`isomorph`]) as one more set.
pub fn sets_to_run(names: &[&str], hard_label: &str) -> Vec<(String, Vec<Puzzle>)> {
    let filter = fragments("DLX_BENCH_SETS");
    let mut sets: Vec<(String, Vec<Puzzle>)> = names.iter().map(|&n| (n.to_string(), load(n))).collect();
    sets.push((hard_label.to_string(), hard_40()));
    let copies: u64 =
        std::env::var("DLX_BENCH_ISOMORPHS").map(|v| v.parse().expect("DLX_BENCH_ISOMORPHS: a count")).unwrap_or(0);
    if copies > 0 {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let variants =
            hard_40().iter().flat_map(|p| (0..copies).map(|_| isomorph(p, &mut seed)).collect::<Vec<_>>()).collect();
        sets.push((format!("hard-40 isomorphs x{copies}"), variants));
    }
    sets.retain(|(name, _)| picked(&filter, name));
    sets
}

/// The same puzzle in other clothes (see `isomorph_16` in tests/reference).
pub fn isomorph(puzzle: &Puzzle, seed: &mut u64) -> Puzzle {
    let (text, solution) = support::isomorph_16(&puzzle.text, puzzle.solution.as_deref(), seed);
    Puzzle { text, solution }
}

/// The seed of `make bench-hang`'s families.
#[allow(dead_code)] // hang.rs and count16.rs only
pub const HANG_SEED: u64 = 0x0bad_5eed;

/// `make bench-hang`'s generated families in the order it draws them from `seed`: 200 of the
/// box family, each hard puzzle with one given changed 5 times, 200 sparse grids, then 20
/// isomorphs of each hard puzzle. hang.rs times them; count16.rs counts the isomorphs' effort,
/// so both must draw the same.
#[allow(dead_code)]
pub struct HangDraws {
    pub boxes: Vec<[u8; 256]>,
    pub changed: Vec<Vec<u8>>,
    pub sparse: Vec<[u8; 256]>,
    pub isomorphs: Vec<Puzzle>,
}

#[allow(dead_code)]
pub fn hang_draws(hard: &[Puzzle], mut seed: u64) -> HangDraws {
    let boxes = (0..200).map(|_| support::box_family_16(&mut seed)).collect();
    let mut changed = Vec::new();
    for p in hard {
        for _ in 0..5 {
            let mut c: Vec<u8> =
                p.text.bytes().map(|b| if b == b'-' || b == b'.' { 0 } else { b - b'A' + 1 }).collect();
            support::one_given_changed_16(&mut c, &mut seed);
            changed.push(c);
        }
    }
    let sparse = (0..200).map(|_| support::sparse_16(&mut seed)).collect();
    let isomorphs = (0..20 * hard.len()).map(|k| isomorph(&hard[k % hard.len()], &mut seed)).collect();
    HangDraws { boxes, changed, sparse, isomorphs }
}

/// The 40 hardest public puzzles known (the hard list): (file, 1-based lines).
pub const HARD: [(&str, &[usize]); 3] = [
    (
        "enjoysudoku-tarek-tough-206",
        &[4, 5, 9, 10, 20, 25, 26, 27, 32, 33, 39, 40, 42, 47, 49, 62, 64, 111, 112, 118, 124],
    ),
    ("enjoysudoku-tarek-first20-20", &[2, 4, 14, 15]),
    ("enjoysudoku-blue-ultimate-15", &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]),
];

#[derive(Clone)]
pub struct Puzzle {
    pub text: String,
    pub solution: Option<String>,
}

/// Every puzzle of `tests/data/sudoku16/<name>.txt`, with its solution where a `.solutions.txt` exists.
pub fn load(name: &str) -> Vec<Puzzle> {
    let dir = support::data_dir().join("sudoku16");
    let puzzles = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
    let solutions = std::fs::read_to_string(dir.join(format!("{name}.solutions.txt"))).ok();
    let mut solutions = solutions.as_deref().map(|s| s.lines().map(String::from).collect::<Vec<_>>());
    puzzles
        .lines()
        .enumerate()
        .map(|(k, p)| Puzzle { text: p.to_string(), solution: solutions.as_mut().map(|s| std::mem::take(&mut s[k])) })
        .collect()
}

/// The hard list, in the order of `HARD`.
pub fn hard_40() -> Vec<Puzzle> {
    HARD.iter()
        .flat_map(|(file, lines)| {
            let all = load(file);
            lines.iter().map(move |&l| all[l - 1].clone()).collect::<Vec<_>>()
        })
        .collect()
}

/// One engine configuration through the internal API (`reduce_after`: options tried before
/// subset reductions start): the time in us, the search's counters and the solved grid as
/// letters, or None past `cap` nodes. Panics on an unsolvable puzzle.
pub fn timed_solve(
    puzzle: &Puzzle,
    choice: Choice,
    probing: bool,
    reduce_after: u64,
    cap: u64,
) -> Option<(f64, SearchStats, Vec<u8>)> {
    let mut cells = [0u8; 256];
    sudoku::parse(puzzle.text.bytes(), Shape::SIXTEEN, &mut cells).unwrap();
    let start = Instant::now();
    let mut slot = MaybeUninit::uninit();
    let engine = &mut Engine16::zeroed_in(&mut slot);
    engine.set_choice(choice);
    engine.set_probing(probing);
    engine.set_reductions_after(reduce_after);
    // The deadline asks every 64 nodes: the cap holds to within 64 nodes.
    let mut asked = 0u64;
    let mut past_cap = || {
        asked += 1;
        asked * 64 > cap
    };
    let stats = match sudoku::solve_within(engine, Shape::SIXTEEN, &mut cells, &mut Deadline::new(&mut past_cap)) {
        Ok(stats) => stats,
        Err(dlx_core::Error::Timeout) => return None,
        Err(e) => panic!("{e}: {}", puzzle.text),
    };
    let us = start.elapsed().as_secs_f64() * 1e6;
    Some((us, stats, cells.iter().map(|&d| b'A' + d - 1).collect()))
}

/// `dlx_solve16`'s search (clause learning) through the internal API: the time in us, its
/// counters and the solved grid as letters. Panics on an unsolvable puzzle.
pub fn timed_solve16(puzzle: &Puzzle) -> (f64, SolveStats, Vec<u8>) {
    let mut cells = [0u8; 256];
    sudoku::parse(puzzle.text.bytes(), Shape::SIXTEEN, &mut cells).unwrap();
    let start = Instant::now();
    let mut space = MaybeUninit::uninit();
    let stats = sudoku::solve16(&mut space, &mut cells, &mut Deadline::new(&mut || false)).unwrap();
    let us = start.elapsed().as_secs_f64() * 1e6;
    (us, stats, cells.iter().map(|&d| b'A' + d - 1).collect())
}
