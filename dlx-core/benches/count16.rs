//! The effort of `dlx_count16` up to 2 against `dlx_solve16` (issue 45: counting within 2x a
//! solve), puzzle by puzzle, without timing: the learner's conflicts and decisions of each
//! call, for comparing builds exactly; and one call over a whole set for an instruction count
//! under cachegrind.
//!
//! `DLX_COUNT16_SET`: `hard` (the hard list), `iso` (hang's 800 isomorphs of it, same seed
//! and draws) or a file of puzzles, one a line. `DLX_COUNT16_RUN`: `stats` (default; a line a
//! puzzle, then the means), `solve` or `count` (that call on every puzzle, nothing printed but
//! a checksum: run under `valgrind --tool=cachegrind` for its instructions).

use std::mem::MaybeUninit;

#[allow(dead_code)]
mod puzzles;
mod support;

use dlx_core::deadline::Deadline;
use dlx_core::sudoku::{self, Shape, Workspace16};

fn cells(text: &str) -> [u8; 256] {
    let mut cells = [0u8; 256];
    sudoku::parse(text.bytes(), Shape::SIXTEEN, &mut cells).unwrap();
    cells
}

/// The puzzles of hang's "isomorphs of the hard list": its seed, its draws.
fn hang_isomorphs() -> Vec<String> {
    let hard = puzzles::hard_40();
    puzzles::hang_draws(&hard, puzzles::HANG_SEED).isomorphs.into_iter().map(|p| p.text).collect()
}

fn main() {
    let set = std::env::var("DLX_COUNT16_SET").unwrap_or_else(|_| "hard".into());
    let puzzles: Vec<String> = match set.as_str() {
        "hard" => puzzles::hard_40().into_iter().map(|p| p.text).collect(),
        "iso" => hang_isomorphs(),
        file => std::fs::read_to_string(file).unwrap().lines().filter(|l| !l.is_empty()).map(String::from).collect(),
    };
    let run = std::env::var("DLX_COUNT16_RUN").unwrap_or_else(|_| "stats".into());
    let mut space = MaybeUninit::<Workspace16>::uninit();
    match run.as_str() {
        "solve" | "count" => {
            let mut sum = 0u64;
            for p in &puzzles {
                let mut c = cells(p);
                if run == "solve" {
                    sudoku::solve16(&mut space, &mut c, &mut Deadline::new(&mut || false)).unwrap();
                    sum += u64::from(c[0]);
                } else {
                    sum += Workspace16::count(&mut space, &c, 2, &mut Deadline::new(&mut || false)).unwrap();
                }
            }
            println!("{run} {} puzzles, checksum {sum}", puzzles.len());
        }
        _ => {
            let (mut solve_sum, mut count_sum) = (0u64, 0u64);
            println!("puzzle solve_conflicts solve_decisions count_conflicts count_decisions count");
            for (k, p) in puzzles.iter().enumerate() {
                let mut c = cells(p);
                let solved = sudoku::solve16(&mut space, &mut c, &mut Deadline::new(&mut || false)).unwrap();
                let (counted, stats) =
                    Workspace16::count_with_stats(&mut space, &cells(p), 2, &mut Deadline::new(&mut || false));
                let s = solved.learning;
                println!(
                    "{} {} {} {} {} {}",
                    k + 1,
                    s.conflicts,
                    s.decisions,
                    stats.conflicts,
                    stats.decisions,
                    counted.unwrap()
                );
                solve_sum += s.conflicts;
                count_sum += stats.conflicts;
            }
            let n = puzzles.len() as f64;
            println!(
                "{set}: {} puzzles, conflicts mean: solve {:.0}, count {:.0}, ratio {:.2}",
                puzzles.len(),
                solve_sum as f64 / n,
                count_sum as f64 / n,
                count_sum as f64 / solve_sum as f64
            );
        }
    }
}
