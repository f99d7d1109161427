//! The judge programs of examples/, built against libdlx.a: poj3076.c and its C++ twin
//! poj3076.cpp on the judge's sample and on multi-grid input, poj3074.c on its sample and a 9x9
//! corpus, csu1605.c on the Target Sudoku data in both judges' formats; every error message
//! names its place.

mod common;

use common::{Link, build_c, build_cpp, poj3076_sample, read_data, root, scratch};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// Builds examples/NAME.c once per test run.
fn judge(name: &'static str) -> PathBuf {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        for name in ["poj3076", "poj3074", "csu1605"] {
            let exe = scratch("examples").join(name);
            build_c(&[root().join(format!("examples/{name}.c"))], &exe, Link::Static);
        }
        build_cpp(&[root().join("examples/poj3076.cpp")], &scratch("examples").join("poj3076-cpp"));
    });
    scratch("examples").join(name)
}

/// The C judge and the C++ one: the same input must give the same output and status.
fn run_judge(input: &str) -> Output {
    let c = run_program("poj3076", input);
    let cpp = run_program("poj3076-cpp", input);
    assert_eq!(
        (&c.status.code(), &c.stdout, &c.stderr),
        (&cpp.status.code(), &cpp.stdout, &cpp.stderr),
        "C and C++ judges"
    );
    c
}

fn run_program(name: &'static str, input: &str) -> Output {
    let mut child = Command::new(judge(name))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the judge");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn judge_prints_the_sample_output_byte_for_byte() {
    let (input, output) = poj3076_sample();
    let run = run_judge(&input);
    assert!(run.status.success() && run.stderr.is_empty());
    assert_eq!(String::from_utf8(run.stdout).unwrap(), output);
}

/// A puzzle line of the corpora as the 16 lines of a judge's input.
fn as_judge_grid(line: &str, eol: &str) -> String {
    line.as_bytes().chunks(16).map(|row| format!("{}{eol}", std::str::from_utf8(row).unwrap())).collect()
}

#[test]
fn judge_solves_many_grids_in_order_with_blank_lines_between() {
    let puzzles = read_data("sudoku16/goomii17-hexasudoku-3000.txt");
    let solutions = read_data("sudoku16/goomii17-hexasudoku-3000.solutions.txt");
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
    let (input, output) = poj3076_sample();
    // Row 3, column 5 of the second grid, which starts on line 18 (a blank line between).
    let mut rows: Vec<String> = input.lines().map(String::from).collect();
    rows[2].replace_range(4..5, "Z");
    let bad: String = rows.iter().map(|l| format!("{l}\n")).collect();
    let short = input.lines().take(15).map(|l| format!("{l}\n")).collect::<String>();
    let run = run_judge(&format!("{input}\n{bad}\n{input}\n{short}"));
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(String::from_utf8(run.stdout).unwrap(), format!("{output}\n{output}"));
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(
        stderr.contains("grid 2, line 20, row 3, column 5: a cell holds something other than a symbol"),
        "{stderr}"
    );
    assert!(stderr.contains("grid 4: the input does not hold exactly the number of cells"), "{stderr}");
}

#[test]
fn target_judge_prints_the_sample_output_byte_for_byte() {
    let (input, output) = (read_data("judges/csu1605-sample.in"), read_data("judges/csu1605-sample.out"));
    assert_eq!(input.lines().count(), 19, "T and two grids of 9 lines");
    assert_eq!(output, "2829\n2852\n");
    let run = run_program("csu1605", &input);
    assert!(run.status.success() && run.stderr.is_empty(), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(String::from_utf8(run.stdout).unwrap(), output);
}

#[test]
fn target_judge_answers_the_noip_2009_set() {
    let grids = read_data("target/noip2009.txt");
    let answers = read_data("target/noip2009.ans");
    let run = run_program("csu1605", &format!("20\n{grids}"));
    assert!(run.status.success());
    assert_eq!(String::from_utf8(run.stdout).unwrap(), answers);
}

#[test]
fn the_9x9_judge_prints_the_poj3074_sample_output_byte_for_byte() {
    let (input, output) = (read_data("judges/poj3074-sample.in"), read_data("judges/poj3074-sample.out"));
    let run = run_program("poj3074", &input);
    assert!(run.status.success() && run.stderr.is_empty(), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(String::from_utf8(run.stdout).unwrap(), output);
}

#[test]
fn the_9x9_judge_solves_a_corpus_and_reports_bad_lines_with_their_place() {
    let puzzles = read_data("sudoku9/norvig-top95-95.txt");
    let solutions = read_data("sudoku9/norvig-top95-95.solutions.txt");
    let run = run_program("poj3074", &format!("{puzzles}end\n{}", puzzles.lines().next().unwrap()));
    assert!(run.status.success());
    assert_eq!(String::from_utf8(run.stdout).unwrap(), solutions, "every puzzle, in order, nothing after end");
    let good = puzzles.lines().next().unwrap();
    let mut bad = good.to_string();
    bad.replace_range(11..12, "x"); // row 2, column 3
    let run = run_program("poj3074", &format!("{good}\n{bad}\n12345\n\n{good}\n11{}\nend\n", &good[2..]));
    assert_eq!(run.status.code(), Some(1));
    let first = solutions.lines().next().unwrap();
    assert_eq!(String::from_utf8(run.stdout).unwrap(), format!("{first}\n{first}\n"));
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(stderr.contains("line 2, row 2, column 3: a cell holds something other"), "{stderr}");
    assert!(stderr.contains("line 3: the input does not hold exactly the number of cells"), "{stderr}");
}

#[test]
fn target_judge_reads_the_noip_format_too() {
    let grids = read_data("target/noip2009.txt");
    let answers = read_data("target/noip2009.ans");
    for (grid, answer) in grids.split("\n\n").zip(answers.lines()).take(6) {
        let run = run_program("csu1605", grid);
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        assert_eq!(String::from_utf8(run.stdout).unwrap(), format!("{answer}\n"));
    }
}

#[test]
fn target_judge_reports_bad_values_and_short_input() {
    let run = run_program("csu1605", &format!("2\n{}\n{}", "0 ".repeat(80) + "10", "0 ".repeat(81)));
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(String::from_utf8(run.stdout).unwrap(), "2906\n");
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(stderr.contains("grid 1, line 2, row 9, column 9: a cell holds something other"), "{stderr}");
    let run = run_program("csu1605", &format!("{}x\n", "0 ".repeat(80)));
    assert_eq!(run.status.code(), Some(1));
    assert!(run.stdout.is_empty(), "no answer for a grid it could not read");
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(stderr.contains("grid 1, line 1, row 9, column 9: a cell holds"), "{stderr}");
    let run = run_program("csu1605", "1\n1 2 3");
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8(run.stderr).unwrap().contains("grid 1: input ends before its 81 cells"));
}
