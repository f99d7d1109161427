//! The judge program examples/poj3076.c, built against libdlx.a, on the seed's sample and on
//! multi-grid input.

mod common;

use common::{Link, build_c, read_shared, root, scratch, seed_sample_16};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

fn judge() -> &'static PathBuf {
    static JUDGE: OnceLock<PathBuf> = OnceLock::new();
    JUDGE.get_or_init(|| {
        let exe = scratch("examples").join("poj3076");
        build_c(&[root().join("examples/poj3076.c")], &exe, Link::Static);
        exe
    })
}

fn run_judge(input: &str) -> Output {
    let mut child = Command::new(judge())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the judge");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn judge_prints_the_seed_sample_output_byte_for_byte() {
    let (input, output) = seed_sample_16();
    let run = run_judge(&input);
    assert!(run.status.success() && run.stderr.is_empty());
    assert_eq!(String::from_utf8(run.stdout).unwrap(), output);
}

#[test]
fn the_embedded_demo_input_is_the_seed_sample() {
    let (input, _) = seed_sample_16();
    let embedded = std::fs::read_to_string(root().join("examples/poj3076-sample.in")).unwrap();
    assert_eq!(embedded, input);
}

/// A puzzle line of the corpora as the 16 lines of a judge's input.
fn as_judge_grid(line: &str, eol: &str) -> String {
    line.as_bytes().chunks(16).map(|row| format!("{}{eol}", std::str::from_utf8(row).unwrap())).collect()
}

#[test]
fn judge_solves_many_grids_in_order_with_blank_lines_between() {
    let puzzles = read_shared("data/sudoku16/goomii17-hexasudoku-3000.txt");
    let solutions = read_shared("data/sudoku16/goomii17-hexasudoku-3000.solutions.txt");
    for eol in ["\n", "\r\n"] {
        let input: Vec<String> = puzzles.lines().take(40).map(|p| as_judge_grid(p, eol)).collect();
        let expected: Vec<String> = solutions.lines().take(40).map(|s| as_judge_grid(s, "\n")).collect();
        let run = run_judge(&input.join(eol));
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        assert_eq!(String::from_utf8(run.stdout).unwrap(), expected.join("\n"));
    }
}

#[test]
fn judge_reports_a_bad_grid_and_goes_on() {
    let (input, output) = seed_sample_16();
    let bad = input.replacen('-', "Z", 1);
    let short = input.lines().take(15).map(|l| format!("{l}\n")).collect::<String>();
    let run = run_judge(&format!("{input}\n{bad}\n{input}\n{short}"));
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(String::from_utf8(run.stdout).unwrap(), format!("{output}\n{output}"));
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(stderr.contains("grid 2: a cell holds something other than a symbol"), "{stderr}");
    assert!(stderr.contains("grid 4: the input does not hold exactly the number of cells"), "{stderr}");
}
