//! The fuzzers' oracle (fuzz/oracle.rs) in every test run: on each saved finding under
//! fuzz/regressions/<target>/, on the edge cases of the contract, and on a few thousand
//! reproducible mutations of real puzzles, so what the long fuzz campaigns found stays fixed.

mod common;
/// The C layer's own source, compiled into this test: its functions, called from Rust.
#[path = "../src/ffi.rs"]
mod ffi;
#[path = "../fuzz/oracle.rs"]
#[allow(dead_code)]
mod oracle;

use common::{read_data, rng, root};

fn saved_inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = root().join("fuzz/regressions").join(target);
    let mut found: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_none_or(|e| e != "md"))
        .map(|path| (path.display().to_string(), std::fs::read(&path).expect("read a saved input")))
        .collect();
    found.sort();
    found
}

#[test]
fn saved_solve16_findings_pass_the_oracle() {
    let inputs = saved_inputs("solve16");
    assert!(!inputs.is_empty(), "fuzz/regressions/solve16 holds the findings so far");
    for (name, bytes) in inputs {
        eprintln!("replaying {name}");
        oracle::check_solve16(&bytes);
    }
}

#[test]
fn saved_target_findings_pass_the_oracle() {
    for (name, bytes) in saved_inputs("target_max") {
        eprintln!("replaying {name}");
        oracle::check_target(&bytes);
    }
}

fn some_puzzles() -> Vec<Vec<u8>> {
    let mut puzzles = Vec::new();
    for set in ["gecode-janko-55", "goomii17-hexasudoku-3000", "lloyd-amos-acs-general-1900"] {
        let text = read_data(&format!("sudoku16/{set}.txt"));
        puzzles.extend(text.lines().take(40).map(|l| l.trim().as_bytes().to_vec()));
    }
    puzzles
}

/// `text` with one to four bytes replaced, removed or inserted: a blank, a symbol (`first` and
/// the `count` after it), whitespace, a NUL or any byte, as a fuzzer's mutations would.
fn mutated(text: &[u8], blank: u8, first: u8, count: u64, seed: &mut u64) -> Vec<u8> {
    let mut text = text.to_vec();
    for _ in 0..1 + rng(seed) % 4 {
        let at = (rng(seed) % (text.len() as u64 + 1)) as usize;
        let byte = match rng(seed) % 6 {
            0 => blank,
            1 => first + (rng(seed) % count) as u8,
            2 => b" \t\r\n"[(rng(seed) % 4) as usize],
            3 => 0,
            _ => rng(seed) as u8,
        };
        match rng(seed) % 3 {
            0 if at < text.len() => text[at] = byte,
            1 if at < text.len() => {
                text.remove(at);
            }
            _ => text.insert(at, byte),
        }
    }
    text
}

#[test]
fn solve16_edge_cases_pass_the_oracle() {
    let good = some_puzzles().swap_remove(0);
    let long: Vec<u8> = good.iter().chain(&good).copied().collect();
    for len in 0..=300 {
        oracle::check_solve16(&long[..len]);
    }
    for bad in [&b"Q"[..], b"a", b"p", b"0", b"*", b"\x0b", b"\x0c", b"\x7f", b"\x80", b"\xc3\xa9", b"\xff", b"\0"] {
        for at in [0, 17, 128, 255] {
            let mut text = good[..at].to_vec();
            text.extend_from_slice(bad);
            text.extend_from_slice(&good[at + 1..]);
            oracle::check_solve16(&text);
        }
    }
    let mut spaced = vec![b' '; 20000];
    spaced.extend_from_slice(&good);
    spaced.extend(std::iter::repeat_n(b'\n', 5000));
    oracle::check_solve16(&spaced);
    oracle::check_solve16(&[b'-'; 256]);
    oracle::check_solve16(&[b'.'; 256]);
}

#[test]
fn mutated_puzzles_pass_the_oracle() {
    let puzzles = some_puzzles();
    let mut seed = 0x5eed_f00d_u64;
    for round in 0..3000 {
        let text = mutated(&puzzles[round % puzzles.len()], b'-', b'A', 16, &mut seed);
        oracle::check_solve16(&text);
    }
}

#[test]
fn saved_solve9_findings_and_mutated_9x9_puzzles_pass_the_oracle() {
    for (name, bytes) in saved_inputs("solve9") {
        eprintln!("replaying {name}");
        oracle::check_nine(&bytes);
    }
    let mut puzzles: Vec<Vec<u8>> = Vec::new();
    for set in ["forum-hardest-1106-375", "serg-benchmark-first1000-1000", "royle-17clue-every20th-2458"] {
        let text = read_data(&format!("sudoku9/{set}.txt"));
        puzzles.extend(text.lines().take(30).map(|l| l.trim().as_bytes().to_vec()));
    }
    let mut seed = 0x9_f00d_u64;
    for round in 0..1500 {
        let text = mutated(&puzzles[round % puzzles.len()], b'.', b'0', 10, &mut seed);
        oracle::check_nine(&text);
    }
}

#[test]
fn saved_rate_findings_and_mutated_rated_puzzles_pass_the_oracle() {
    for (name, bytes) in saved_inputs("rate") {
        eprintln!("replaying {name}");
        oracle::check_rate(&bytes);
    }
    // The rated sample (hard: chains and beyond) and easy puzzles, whole and mutated: blanks
    // opened (several solutions), digits changed (none), bytes broken.
    let mut puzzles: Vec<Vec<u8>> = Vec::new();
    for (set, take) in [("se-rated-sample", 40), ("norvig-top95-95", 20), ("royle-17clue-every20th-2458", 20)] {
        let text = read_data(&format!("sudoku9/{set}.txt"));
        puzzles
            .extend(text.lines().filter_map(|l| l.split_whitespace().next()).take(take).map(|p| p.as_bytes().to_vec()));
    }
    for puzzle in &puzzles {
        oracle::check_rate(puzzle);
    }
    let mut seed = 0x0a7e_u64;
    for round in 0..300 {
        let text = mutated(&puzzles[round % puzzles.len()], b'.', b'0', 10, &mut seed);
        oracle::check_rate(&text);
    }
}

#[test]
fn random_target_grids_pass_the_oracle() {
    let mut seed = 0x007a_59e7_u64;
    for round in 0..1500 {
        let full = common::random_full_grid(&mut seed);
        let keep = 40 + rng(&mut seed) % 40; // of 128: 25-62 givens, the rest blank
        let mut bytes: Vec<u8> = full.iter().map(|&d| if rng(&mut seed) % 128 < keep { d } else { 64 }).collect();
        if round % 3 == 0 {
            let at = (rng(&mut seed) % 81) as usize;
            bytes[at] = (rng(&mut seed) % 10) as u8; // perhaps a clash
        }
        if round % 50 == 0 {
            bytes[(rng(&mut seed) % 81) as usize] = 128 + (rng(&mut seed) % 128) as u8; // outside 0..9
        }
        if round % 97 == 0 {
            bytes.truncate((rng(&mut seed) % 81) as usize); // the rest blank
        }
        oracle::check_target(&bytes);
    }
}

#[test]
fn saved_problem_findings_and_random_call_sequences_pass_the_oracle() {
    if root().join("fuzz/regressions/problem").is_dir() {
        for (name, bytes) in saved_inputs("problem") {
            eprintln!("replaying {name}");
            oracle::check_problem(&bytes);
        }
    }
    // Random call sequences (fuzz/fuzz_targets/problem.rs reads them), most operations with
    // small arguments, as a fuzzer's first inputs.
    let mut seed = 0x0070_b1e5_u64;
    for _ in 0..2000 {
        let mut bytes: Vec<u8> = (0..4).map(|_| rng(&mut seed) as u8).collect();
        for _ in 0..rng(&mut seed) % 24 {
            bytes.push((rng(&mut seed) % 8) as u8);
            bytes.extend((0..rng(&mut seed) % 6).map(|_| {
                if rng(&mut seed).is_multiple_of(4) { rng(&mut seed) as u8 } else { (rng(&mut seed) % 5) as u8 }
            }));
        }
        oracle::check_problem(&bytes);
    }
}
