//! The 16x16 puzzles the benchmarks share: a set of ../shared/data with its known solutions,
//! and the 40-puzzle hard list of issue 4.

use super::common;

/// The 40 hardest public puzzles (issue 4): (file, 1-based lines).
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

/// Every puzzle of `data/sudoku16/<name>.txt`, with its solution where a `.solutions.txt` exists.
pub fn load(name: &str) -> Vec<Puzzle> {
    let dir = common::shared_dir().join("data/sudoku16");
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
