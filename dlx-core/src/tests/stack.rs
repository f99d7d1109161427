//! Each call on a thread whose whole stack is what include/dlx.h states for it, plus 16 KiB
//! for the thread's own start and the test harness, on the inputs that reached deepest when
//! measured (docs/design.md, "Stack"): an overflow aborts the test binary. Run in release
//! (`make test`) and in the dev profile, where dlx-core is built at opt-level 1 (Cargo.toml).

use super::common::read_data;
use crate::{Symmetry, canon9, count9, count16, count16_first, generate9, generate9_rated, generate16, hint9, rate9};
use crate::{solve9, solve16, target_max};

/// Runs `call` on a thread of `kib` KiB of stack and returns what it returned.
fn on_stack<R: Send + 'static>(kib: usize, call: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new().stack_size(kib * 1024).spawn(call).unwrap().join().unwrap()
}

/// The first `n` lines of a file of tests/data, each cut to `cells` characters.
fn lines(relative: &str, cells: usize, n: usize) -> Vec<String> {
    read_data(relative).lines().filter(|l| l.len() >= cells).take(n).map(|l| l[..cells].to_string()).collect()
}

/// "About 185 KiB" for dlx_solve16, dlx_count16 and dlx_generate16 (the 166 KiB workspace
/// and the search's frames).
#[test]
fn the_16x16_calls_run_in_185_kib() {
    let mut puzzles = lines("sudoku16/lloyd-amos-acs-general-1900.txt", 256, 2);
    puzzles.extend(lines("sudoku16/climbed-unsolvable-20.txt", 256, 1));
    let solved = on_stack(185 + 16, move || puzzles.iter().map(|p| solve16(p.bytes()).is_ok()).collect::<Vec<_>>());
    assert_eq!(solved, [true, true, false]);
    let blank = "-".repeat(256);
    assert_eq!(on_stack(185 + 16, move || count16(blank.bytes(), 1000, || false)), Ok(1000));
    let (poj, _) = super::common::poj3076_sample();
    assert_eq!(on_stack(185 + 16, move || count16_first(poj.bytes(), 2, || false).map(|c| c.0)), Ok(1));
    let made = on_stack(185 + 16, || [1, 2].map(|seed| generate16(seed, Symmetry::Mirror, 0, || false).is_ok()));
    assert_eq!(made, [true, true]);
}

/// "At most about 64 KiB" for dlx_solve9, dlx_count9 and dlx_generate9.
#[test]
fn the_9x9_searches_run_in_64_kib() {
    let puzzles = lines("sudoku9/climbed-slow.txt", 81, 3);
    let counts = on_stack(64 + 16, move || {
        puzzles.iter().map(|p| (solve9(p.bytes()).is_ok(), count9(p.bytes(), 2, || false))).collect::<Vec<_>>()
    });
    assert!(counts.iter().all(|&(solved, count)| solved && count == Ok(2)), "{counts:?}");
    let blank = ".".repeat(81);
    assert_eq!(on_stack(64 + 16, move || count9(blank.bytes(), 10_000, || false)), Ok(10_000));
    let made = on_stack(64 + 16, || [1, 2, 9].map(|seed| generate9(seed, Symmetry::Rotate90, 0, || false).is_ok()));
    assert_eq!(made, [true, true, true]);
}

/// "About 10 KiB" for dlx_canon9.
#[test]
fn canon9_runs_in_10_kib() {
    let mut puzzles = lines("sudoku9/climbed-hall-root.txt", 81, 2);
    puzzles.extend(lines("sudoku9/climbed-slow.txt", 81, 1));
    let forms = on_stack(10 + 16, move || puzzles.iter().map(|p| canon9(p.bytes()).is_ok()).collect::<Vec<_>>());
    assert_eq!(forms, [true, true, true]);
}

/// "About 80 KiB" for dlx_rate9, dlx_hint9 and dlx_generate9_rated (the chain search's
/// 70 KiB).
#[test]
fn rating_runs_in_80_kib() {
    let puzzles: Vec<String> = [67, 0]
        .iter()
        .map(|&k| read_data("sudoku9/se-rated-sample.txt").lines().nth(k).unwrap()[..81].to_string())
        .collect();
    let rated = on_stack(80 + 16, move || {
        puzzles.iter().map(|p| (rate9(p.bytes()).is_ok(), hint9(p.bytes()).is_ok())).collect::<Vec<_>>()
    });
    assert_eq!(rated, [(true, true), (true, true)]);
    let made = on_stack(80 + 16, || generate9_rated(1, Symmetry::None, 0, 70, 120, || false).is_ok());
    assert!(made);
}

/// "About 210 KiB" for dlx_target_max (the DLX engine, the relaxation, the pattern bound and
/// its copies, a search's node tables).
#[test]
fn target_runs_in_210_kib() {
    let mut grids = vec![[0u8; 81]];
    // Grids whose searches run the pattern bound: the deepest stack.
    for text in ["000060000000000000000000000000000000000000000000000000000000000000610000000000000"]
        .into_iter()
        .chain(lines("target/pattern-proofs-3.txt", 81, 1).iter().map(String::as_str))
        .chain(lines("target/hill-climbed-20.txt", 81, 3).iter().map(String::as_str))
    {
        grids.push(std::array::from_fn(|k| text.as_bytes()[k] - b'0'));
    }
    let scores = on_stack(210 + 16, move || grids.iter().map(|g| target_max(g).map(|t| t.score)).collect::<Vec<_>>());
    assert!(scores.iter().all(|s| s.is_ok_and(|s| s > 2800)), "{scores:?}");
}
