//! The `dlx` command end to end: files and standard input, bad lines, every flag, the exit
//! statuses, and the progress bar on a terminal (through `script`, which gives it a pty).
//! Answers are checked against the solutions and counts in tests/data.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn data(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data").join(relative)
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(data(relative)).unwrap()
}

/// A scratch file under target/ with `text`.
fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn dlx(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .env_remove("DLX_PROGRESS_AFTER_MS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A usage error exits before reading its input: the pipe may then be closed already.
    match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn solve_reads_files_in_order_and_tells_9x9_from_16x16_per_line() {
    let nine = data("sudoku9/norvig-top95-95.txt");
    let sixteen = scratch(
        "sixteen.txt",
        &read("sudoku16/goomii17-hexasudoku-3000.txt").lines().take(50).collect::<Vec<_>>().join("\n"),
    );
    let mixed: String = read("sudoku9/norvig-top95-95.txt")
        .lines()
        .zip(read("sudoku16/goomii17-hexasudoku-3000.txt").lines())
        .take(20)
        .flat_map(|(a, b)| [a.to_string(), b.to_string()])
        .collect::<Vec<_>>()
        .join("\n\n");
    let expected: String = read("sudoku9/norvig-top95-95.solutions.txt")
        + &read("sudoku16/goomii17-hexasudoku-3000.solutions.txt")
            .lines()
            .take(50)
            .map(|l| format!("{l}\n"))
            .collect::<String>();
    let run = dlx(&["solve", nine.to_str().unwrap(), sixteen.to_str().unwrap()], "");
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), expected);
    assert!(
        text(&run.stderr).contains("dlx: 145 puzzles: 145 solved, 0 unsolvable, 0 invalid, 0 timed out"),
        "{}",
        text(&run.stderr)
    );
    // Standard input, no file and "-", blank lines skipped, alternating sizes.
    let want: String = read("sudoku9/norvig-top95-95.solutions.txt")
        .lines()
        .zip(read("sudoku16/goomii17-hexasudoku-3000.solutions.txt").lines())
        .take(20)
        .flat_map(|(a, b)| [format!("{a}\n"), format!("{b}\n")])
        .collect();
    for args in [&["solve"][..], &["solve", "-"], &["solve", "--threads", "1"], &["solve", "--threads", "7"]] {
        let run = dlx(args, &mixed);
        assert_eq!((run.status.code(), text(&run.stdout)), (Some(0), want.clone()), "{args:?}");
    }
}

#[test]
fn bad_lines_are_reported_with_their_place_and_the_rest_goes_on() {
    let good = read("sudoku9/norvig-top95-95.txt").lines().next().unwrap().to_string();
    let solution = read("sudoku9/norvig-top95-95.solutions.txt").lines().next().unwrap().to_string();
    let mut bad_cell = good.clone();
    bad_cell.replace_range(11..12, "x"); // row 2, column 3
    let repeated = format!("11{}", &good[2..]);
    let input = format!("{good}\n{bad_cell}\n12345\n\n{repeated}\n{good}\n");
    let file = scratch("bad.txt", &input);
    let run = dlx(&["solve", file.to_str().unwrap()], "");
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(text(&run.stdout), format!("{solution}\ninvalid\ninvalid\nunsolvable\n{solution}\n"));
    let stderr = text(&run.stderr);
    let name = file.display();
    assert!(stderr.contains(&format!("{name}:2: row 2, column 3: a cell holds something other")), "{stderr}");
    assert!(stderr.contains(&format!("{name}:3: 5 cells, not 81 or 256")), "{stderr}");
    assert!(
        stderr.contains(&format!("5 puzzles: 2 solved, 1 unsolvable, 2 invalid ({name}:2, {name}:3), 0 timed out")),
        "{stderr}"
    );
}

#[test]
fn count_stops_at_its_limit_and_agrees_with_the_listed_counts() {
    let puzzles = read("sudoku16/lloyd-amos-acs-general-1900.txt").lines().take(300).collect::<Vec<_>>().join("\n");
    let counts: Vec<u64> = read("sudoku16/lloyd-amos-acs-general-1900.nsol.txt")
        .lines()
        .take(300)
        .map(|l| l.trim().parse().unwrap())
        .collect();
    let run = dlx(&["count"], &puzzles);
    let got: Vec<u64> = text(&run.stdout).lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(got, counts.iter().map(|&c| c.min(2)).collect::<Vec<_>>());
    assert_eq!(run.status.code(), Some(if counts.contains(&0) { 1 } else { 0 }));
    let empty = ".".repeat(81);
    let run = dlx(&["count", "--limit", "5"], &format!("{empty}\n11{}\n", &empty[2..]));
    assert_eq!(
        (run.status.code(), text(&run.stdout)),
        (Some(1), "5\n0\n".to_string()),
        "no completion counts as unsolvable"
    );
    assert_eq!(dlx(&["count", "--limit", "0"], &empty).status.code(), Some(2), "a limit below 1 is a usage error");
}

#[test]
fn a_time_limit_reports_timeout_in_place_and_the_others_still_solve() {
    let empty16 = "-".repeat(256);
    let good = read("sudoku9/norvig-top95-95.txt").lines().next().unwrap().to_string();
    let started = std::time::Instant::now();
    let run = dlx(&["count", "--limit", "1000000000", "--time-limit", "20"], &format!("{empty16}\n{good}\n"));
    assert!(started.elapsed().as_secs() < 5);
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(1), "timeout\n1\n".to_string()));
    assert!(text(&run.stderr).contains("2 puzzles: 1 solved, 0 unsolvable, 0 invalid, 1 timed out"));
}

#[test]
fn target_reads_every_layout_and_prints_the_judges_answers() {
    let answers = read("target/noip2009.ans");
    let noip = data("target/noip2009.txt");
    let run = dlx(&["target", noip.to_str().unwrap()], "");
    assert_eq!(text(&run.stdout), answers);
    assert_eq!(run.status.code(), Some(1), "one NOIP grid has no completion (-1)");
    let run = dlx(&["target"], &read("judges/csu1605-sample.in"));
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(0), read("judges/csu1605-sample.out")));
    // 81 numbers a line.
    let lines: String = read("target/noip2009.txt")
        .split("\n\n")
        .map(|g| g.split_whitespace().collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    assert_eq!(text(&dlx(&["target", "--threads", "3"], &lines).stdout), answers);
    // A value outside 0..9, and a short grid.
    let run = dlx(&["target"], &format!("{} 10\n{}", "0 ".repeat(80), "0 ".repeat(40)));
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(1), "invalid\ninvalid\n".to_string()));
    let stderr = text(&run.stderr);
    assert!(stderr.contains("-:1: line 1, row 9, column 9: a cell holds"), "{stderr}");
    assert!(stderr.contains("-:2: 40 numbers, not 81"), "{stderr}");
}

const KNUTH: &str = "| Knuth's example, TAOCP 7.2.2.1 (6)\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";

fn queens(n: usize) -> String {
    let mut s: Vec<String> = (0..n).map(|r| format!("r{r}")).chain((0..n).map(|c| format!("c{c}"))).collect();
    s.push("|".into());
    s.extend((0..2 * n - 1).map(|k| format!("a{k}")).chain((0..2 * n - 1).map(|k| format!("b{k}"))));
    let mut text = s.join(" ") + "\n";
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    text
}

#[test]
fn cover_reads_dlx1_input_and_counts_lists_limits_and_minimises() {
    let knuth = scratch("knuth.dlx", KNUTH);
    let run = dlx(&["cover", knuth.to_str().unwrap()], "");
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(0), "1\n".to_string()));
    let run = dlx(&["cover", "--list", knuth.to_str().unwrap()], "");
    assert_eq!(text(&run.stdout), "c e\na d f\nb g\n\n");
    let run = dlx(&["cover", "--minimum", "-"], KNUTH);
    assert_eq!(text(&run.stdout), "c e\na d f\nb g\n\n");
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352];
    for (n, want) in (1..).zip(expected) {
        let run = dlx(&["cover", "-"], &queens(n));
        assert_eq!(text(&run.stdout), format!("{want}\n"), "{n} queens");
        assert_eq!(run.status.code(), Some(if want == 0 { 1 } else { 0 }));
    }
    let run = dlx(&["cover", "--list", "--limit", "2", "-"], &queens(8));
    let covers: Vec<&str> = text(&run.stdout).leak().split("\n\n").filter(|s| !s.is_empty()).collect();
    assert_eq!(covers.len(), 2);
    assert!(covers.iter().all(|c| c.lines().count() == 8));
    let run = dlx(&["cover", "--time-limit", "20", "-"], &queens(18));
    assert_eq!(run.status.code(), Some(1));
    assert!(text(&run.stderr).contains("time limit"), "{}", text(&run.stderr));
}

#[test]
fn cover_reports_bad_problems_with_their_line() {
    for (input, message) in [
        ("a b\na x\n", "-:2: unknown item \"x\""),
        ("a a\na\n", "-:1: item \"a\" named twice"),
        ("a | b | c\na\n", "-:1: a second '|'"),
        ("a | b\nb\n", "-:2: an option with no primary item"),
        ("a b\na a b\n", "a numeric argument is outside its range"),
        ("", "no line of item names"),
    ] {
        let run = dlx(&["cover", "-"], input);
        assert_eq!(run.status.code(), Some(1), "{input:?}");
        assert!(text(&run.stderr).contains(message), "{input:?}: {}", text(&run.stderr));
    }
}

#[test]
fn usage_and_io_errors_exit_with_2() {
    assert_eq!(dlx(&["solve", "--bogus"], "").status.code(), Some(2));
    assert_eq!(dlx(&[], "").status.code(), Some(2));
    let run = dlx(&["solve", "/nonexistent/puzzles.txt"], "");
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("/nonexistent/puzzles.txt"));
    assert_eq!(dlx(&["cover", "/nonexistent.dlx"], "").status.code(), Some(2));
    assert!(dlx(&["--help"], "").status.success());
}

#[test]
fn the_progress_bar_shows_on_a_terminal_only() {
    let file = scratch(
        "many.txt",
        &read("sudoku16/goomii17-hexasudoku-3000.txt").lines().take(300).collect::<Vec<_>>().join("\n"),
    );
    let piped = dlx(&["solve", "--threads", "1", file.to_str().unwrap()], "");
    assert!(!text(&piped.stderr).contains('\u{1b}'), "no terminal codes when stderr is not a terminal");
    // `script` runs the command on a pseudo-terminal; the bar's delay is set to 0 for the test.
    let command = format!("{} solve --threads 1 {} > /dev/null", env!("CARGO_BIN_EXE_dlx"), file.display());
    let tty = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("DLX_PROGRESS_AFTER_MS", "0")
        .output()
        .unwrap();
    let shown = text(&tty.stdout);
    assert!(tty.status.success() && shown.contains("puzzles, "), "{shown}");
    assert!(shown.contains("/300"), "{shown}");
}
