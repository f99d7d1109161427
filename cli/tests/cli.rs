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

/// The command with its standard input and output as pipes this test holds, and standard
/// error as `stderr` says.
fn spawn_with(args: &[&str], stderr: Stdio) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .env_remove("DLX_PROGRESS_AFTER_MS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

fn dlx(args: &[&str], stdin: &str) -> Output {
    let mut child = spawn_with(args, Stdio::piped());
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
    // A count the time limit stopped gives the count so far, marked partial, on both streams.
    let stdout = text(&run.stdout);
    let partial: u64 = stdout.strip_suffix(" (partial)\n").and_then(|n| n.parse().ok()).expect(&stdout);
    assert!(
        text(&run.stderr).contains(&format!("after {partial} solutions (a partial count)")),
        "{}",
        text(&run.stderr)
    );
    // 18 queens has 666,090,624 solutions: 20 ms sees only some, and a listing stopped alike
    // shows as many covers as the count says.
    assert!(partial < 666_090_624);
    // 14 queens has 365,596 solutions: 20 ms lists only some of them.
    let run = dlx(&["cover", "--list", "--time-limit", "20", "-"], &queens(14));
    let listed = text(&run.stdout).matches("\n\n").count();
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    assert!(text(&run.stderr).contains(&format!("after {listed} solutions (a partial count)")));
}

#[test]
fn cover_reads_standard_input_without_a_file_and_skips_options_without_a_primary_item() {
    // DLX1 leaves such options out with a warning: with them, "b" would double every count.
    let input = "a b | c\na c\nb\nc\n| a comment\nb c\na\n";
    for args in [&["cover"][..], &["cover", "-"]] {
        let run = dlx(args, input);
        assert_eq!((run.status.code(), text(&run.stdout)), (Some(0), "3\n".to_string()), "{args:?}");
        assert!(text(&run.stderr).contains("-:4: option ignored (no primary items): c"), "{}", text(&run.stderr));
    }
    let run = dlx(&["cover", "--list"], input);
    assert_eq!(text(&run.stdout), "a c\nb\n\nb\na\n\nb c\na\n\n");
    // Only such options: the primary item stays uncovered.
    let run = dlx(&["cover"], "a | b\nb\n");
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(1), "0\n".to_string()));
    assert!(text(&run.stderr).contains("-:2: option ignored (no primary items): b"));
}

#[test]
fn cover_reports_bad_problems_with_their_line() {
    for (input, message) in [
        ("a b\na x\n", "-:2: unknown item \"x\""),
        ("a a\na\n", "-:1: item \"a\" named twice"),
        ("a | b | c\na\n", "-:1: a second '|'"),
        ("a b\na a b\n", "-:2: item \"a\" appears twice in this option"),
        ("a b\nb\n| a comment\na \u{feff}b\n", "-:4: a byte-order mark (U+FEFF) at byte 3 of the line"),
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
    assert!(shown.contains('%'), "the share of the file's bytes read: {shown}");
}

/// The noip2009 grids, one 81-number line each, and the judges' answers to them.
fn noip_lines() -> (Vec<String>, Vec<String>) {
    let grids =
        read("target/noip2009.txt").split("\n\n").map(|g| g.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
    (grids, read("target/noip2009.ans").lines().map(String::from).collect())
}

#[test]
fn target_judges_each_line_on_its_own() {
    // Issue 40: a first line of 80 numbers shifted every grid after it (2859, -1, -1, invalid).
    let (grids, answers) = noip_lines();
    let short = "0 ".repeat(80);
    let input = format!("{short}\n{}\n{}\n{}\n", grids[1], grids[2], grids[3]);
    let run = dlx(&["target"], &input);
    assert_eq!(text(&run.stdout), format!("invalid\n{}\n{}\n{}\n", answers[1], answers[2], answers[3]));
    assert!(text(&run.stderr).contains("-:1: 80 numbers, not 81"), "{}", text(&run.stderr));
    // A grid of 9 lines with a row of 8 numbers: that grid alone is invalid, and the grids
    // of 9 lines and of one line after it are read as they are; one cut short by a blank line
    // too.
    let rows = |g: &str| -> Vec<String> {
        let v: Vec<&str> = g.split_whitespace().collect();
        v.chunks(9).map(|r| r.join(" ")).collect()
    };
    let mut broken = rows(&grids[4]);
    broken[3] = "0 0 0 0 0 0 0 0".into();
    let input = [
        broken.join("\n"),
        rows(&grids[5]).join("\n"),
        grids[6].clone(),
        "0 0 0".into(),
        rows(&grids[7])[..5].join("\n"),
        String::new(),
        rows(&grids[8]).join("\n"),
    ]
    .join("\n");
    let run = dlx(&["target"], &input);
    // The line of 3 numbers is the first row of a grid of 9 lines (the input's layout), which
    // the blank line cuts short after 6.
    let want = ["invalid", answers[5].as_str(), answers[6].as_str(), "invalid", answers[8].as_str()];
    assert_eq!(text(&run.stdout), want.map(|w| format!("{w}\n")).concat());
    let stderr = text(&run.stderr);
    assert!(stderr.contains("-:1: line 4 (row 4 of the grid): 8 numbers"), "{stderr}");
    assert!(stderr.contains("-:20: line 20 (row 1 of the grid): 3 numbers, not 81"), "{stderr}");
    // A bad first row of the first grid (too many numbers, too few, a byte that is not text):
    // that grid alone is invalid.
    let csu = read("judges/csu1605-sample.in");
    let second = read("judges/csu1605-sample.out").lines().nth(1).unwrap().to_string();
    for bad in [" 0", " 0 0\t", "\u{feff}"] {
        let input: Vec<String> =
            csu.lines().enumerate().map(|(k, l)| if k == 1 { format!("{l}{bad}") } else { l.into() }).collect();
        let run = dlx(&["target"], &input.join("\n"));
        assert_eq!(text(&run.stdout), format!("invalid\n{second}\n"), "row 1 with {bad:?}");
    }
    // A byte-order mark on the count's line: that line is invalid, the grids are read.
    let run = dlx(&["target"], &format!("\u{feff}{csu}"));
    let out = read("judges/csu1605-sample.out");
    assert_eq!(text(&run.stdout), format!("invalid\n{out}"));
    // 81 digits run together, as tests/data keeps grids.
    let packed: String =
        read("target/hill-climbed-20.txt").lines().take(3).map(|l| l.replace('0', ".") + "\n").collect();
    let want: String = read("target/hill-climbed-20.ans").lines().take(3).map(|l| format!("{l}\n")).collect();
    assert_eq!(text(&dlx(&["target"], &packed).stdout), want);
    // A CSU count with fewer grids than it says: the grids it has, then the shortfall.
    let input = format!("3\n{}\n{}\n", rows(&grids[1]).join("\n"), grids[2]);
    let run = dlx(&["target"], &input);
    assert_eq!(text(&run.stdout), format!("{}\n{}\ninvalid\n", answers[1], answers[2]));
    assert!(text(&run.stderr).contains("-:11: the input ends before grid 3 of the 3"), "{}", text(&run.stderr));
    // A grid of 9 lines cut short by the end of the input.
    let run = dlx(&["target"], &rows(&grids[1])[..4].join("\n"));
    assert_eq!(text(&run.stdout), "invalid\n");
    assert!(text(&run.stderr).contains("-:1: the grid of 9 lines ends after 4 of them"), "{}", text(&run.stderr));
}

#[test]
fn a_line_that_is_not_text_is_that_lines_fault_alone() {
    // Issue 40: one 0xE9 byte on line 2501 of 5,000 failed the whole run with no line number.
    let puzzles: Vec<&str> = read("sudoku9/royle-17clue-every20th-2458.txt").leak().lines().collect();
    let solutions: Vec<&str> = read("sudoku9/royle-17clue-every20th-2458.solutions.txt").leak().lines().collect();
    let mut lines: Vec<Vec<u8>> = (0..5000).map(|k| puzzles[k % puzzles.len()].as_bytes().to_vec()).collect();
    lines[2500][10] = 0xE9;
    lines[10].splice(0..0, "\u{feff}".bytes());
    lines[20][5] = 0;
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bad-bytes.txt");
    std::fs::write(&file, lines.join(&b'\n')).unwrap();
    let run = dlx(&["solve", file.to_str().unwrap()], "");
    assert_eq!(run.status.code(), Some(1));
    let got: Vec<String> = text(&run.stdout).lines().map(String::from).collect();
    assert_eq!(got.len(), 5000);
    for (k, line) in got.iter().enumerate() {
        let want = if [10, 20, 2500].contains(&k) { "invalid" } else { solutions[k % solutions.len()] };
        assert_eq!(line, want, "line {}", k + 1);
    }
    let stderr = text(&run.stderr);
    let name = file.display();
    assert!(stderr.contains(&format!("{name}:2501: not UTF-8 text: byte 0xe9 at byte 11")), "{stderr}");
    assert!(stderr.contains(&format!("{name}:11: a byte-order mark")), "{stderr}");
    assert!(stderr.contains(&format!("{name}:21: a NUL byte at byte 6")), "{stderr}");
    assert!(stderr.contains("5000 puzzles: 4997 solved, 0 unsolvable, 3 invalid"), "{stderr}");
}

/// The command with its standard input and output as pipes this test holds (standard error
/// dropped: nobody reads it while the test waits).
fn spawn(args: &[&str]) -> std::process::Child {
    spawn_with(args, Stdio::null())
}

/// The child's exit status, or None if it is still running after `seconds` (then killed).
fn exit_within(child: &mut std::process::Child, seconds: u64) -> Option<i32> {
    let end = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while std::time::Instant::now() < end {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// Reads one line of `from` on a thread; None if none comes within `seconds`.
fn first_line(from: impl std::io::Read + Send + 'static, seconds: u64) -> Option<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(from), &mut line);
        let _ = tx.send(line);
    });
    rx.recv_timeout(std::time::Duration::from_secs(seconds)).ok()
}

#[test]
fn answers_stream_out_before_the_input_ends() {
    let good = read("sudoku9/norvig-top95-95.txt").lines().next().unwrap().to_string();
    let solution = read("sudoku9/norvig-top95-95.solutions.txt").lines().next().unwrap().to_string();
    let mut child = spawn(&["solve"]);
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{good}").unwrap();
    stdin.flush().unwrap();
    // Standard input stays open: the answer must come all the same.
    let line = first_line(child.stdout.take().unwrap(), 10);
    drop(stdin);
    assert_eq!(line.as_deref().map(str::trim_end), Some(solution.as_str()));
    assert_eq!(exit_within(&mut child, 10), Some(0));
}

#[test]
fn an_endless_input_is_read_only_as_fast_as_answers_are_taken() {
    let good = read("sudoku9/norvig-top95-95.txt").lines().next().unwrap().to_string() + "\n";
    let mut child = spawn(&["solve", "--threads", "2"]);
    let mut stdin = child.stdin.take().unwrap();
    let written = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = written.clone();
    std::thread::spawn(move || {
        while stdin.write_all(good.as_bytes()).is_ok() {
            counter.fetch_add(good.len(), std::sync::atomic::Ordering::Relaxed);
        }
    });
    // Nobody reads the answers: once the output pipe is full the command must stop reading.
    std::thread::sleep(std::time::Duration::from_secs(3));
    let taken = written.load(std::sync::atomic::Ordering::Relaxed);
    // Pipes of 64 KiB each way, the reader's 64 KiB buffer and 64 puzzles a thread ahead:
    // about 300 KB. Reading everything would be hundreds of megabytes in 3 s.
    assert!(taken < 1 << 20, "{taken} bytes of input taken while no answer was read");
    // Then the first answer is read and the output closed: the command stops, status 2.
    let line = first_line(child.stdout.take().unwrap(), 10);
    assert!(line.is_some_and(|l| l.len() == 82));
    assert_eq!(exit_within(&mut child, 10), Some(2), "a failed write ends the run with status 2");
}

#[test]
fn a_closed_output_stops_a_listing_search() {
    // Issue 40: `dlx cover --list | head -1` on 16 queens went on searching past 10 s.
    let problem = scratch("queens16.dlx", &queens(16));
    let mut child = spawn(&["cover", "--list", problem.to_str().unwrap()]);
    let line = first_line(child.stdout.take().unwrap(), 10);
    assert!(line.is_some_and(|l| l.starts_with("r0 c")));
    assert_eq!(exit_within(&mut child, 10), Some(2));
}

#[test]
fn a_directory_or_a_closed_stderr_is_an_io_error() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let run = dlx(&["solve", dir.to_str().unwrap()], "");
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("a directory"), "{}", text(&run.stderr));
    assert!(run.stdout.is_empty(), "nothing is answered before the files are all open");
    // Standard error closed (`2>&1 | head -1`): the run goes on and ends as usual, no abort.
    let puzzles = read("sudoku9/norvig-top95-95.txt");
    // Standard output stays open (95 answers fit in its pipe); standard error is closed.
    let mut child = spawn_with(&["solve"], Stdio::piped());
    drop(child.stderr.take());
    child.stdin.take().unwrap().write_all(format!("{puzzles}x\n").as_bytes()).unwrap();
    assert_eq!(exit_within(&mut child, 20), Some(1), "one invalid line, its message unwritable");
}

#[test]
fn whitespace_is_what_the_library_skips() {
    // A no-break space or a form feed is no blank: the line is answered (invalid), not dropped.
    let run = dlx(&["solve"], "\u{a0}\n\x0c\n");
    assert_eq!(text(&run.stdout), "invalid\ninvalid\n");
}

/// A problem whose search lists one cover at once, then searches long for more: after the line
/// of item names (z and the cells), the option that covers everything, then z alone with a
/// 10x10 board without two opposite corners to tile with dominoes, which cannot be done (and
/// takes DLX seconds to find out).
fn one_cover_then_a_long_search() -> String {
    let cells: Vec<String> = (0..10)
        .flat_map(|r| (0..10).map(move |c| (r, c)))
        .filter(|&p| p != (0, 0) && p != (9, 9))
        .map(|(r, c)| format!("r{r}c{c}"))
        .collect();
    let mut text = format!("z {}\nz {}\nz\n", cells.join(" "), cells.join(" "));
    for r in 0..10 {
        for c in 0..10 {
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                let both = [(r, c), (r2, c2)];
                if r2 < 10 && c2 < 10 && !both.contains(&(0, 0)) && !both.contains(&(9, 9)) {
                    text += &format!("z? r{r}c{c} r{r2}c{c2}\n");
                }
            }
        }
    }
    text.replace("z? ", "")
}

#[test]
fn a_listing_shows_its_covers_while_the_search_goes_on() {
    let problem = scratch("mutilated.dlx", &one_cover_then_a_long_search());
    let mut child = spawn(&["cover", "--list", problem.to_str().unwrap()]);
    let line = first_line(child.stdout.take().unwrap(), 3);
    assert!(line.is_some_and(|l| l.starts_with("z r0c1 ")), "the first cover shows within 3 s");
    // Its reader has gone: the search stops though it finds nothing more to write.
    assert_eq!(exit_within(&mut child, 5), Some(2));
}

/// Every solution `dlx cover --list` printed, each as its option lines sorted, all sorted.
fn listed(stdout: &str) -> Vec<Vec<String>> {
    let mut covers: Vec<Vec<String>> = stdout
        .split("\n\n")
        .filter(|c| !c.trim().is_empty())
        .map(|c| {
            let mut lines: Vec<String> = c.lines().map(String::from).collect();
            lines.sort();
            lines
        })
        .collect();
    covers.sort();
    covers
}

/// What options in Knuth's format add up to: how often each item is named, and the sum of
/// their `|n` cost entries.
fn tally_options<'a>(options: impl IntoIterator<Item = &'a str>) -> (std::collections::HashMap<String, usize>, u64) {
    let (mut covered, mut cost) = (std::collections::HashMap::new(), 0);
    for word in options.into_iter().flat_map(str::split_whitespace) {
        match word.strip_prefix('|') {
            Some(n) => cost += n.parse::<u64>().unwrap(),
            None => *covered.entry(word.split(':').next().unwrap().to_string()).or_default() += 1,
        }
    }
    (covered, cost)
}

/// The item names of a file's first line, without their bounds (`1:5|x` is x).
fn item_names(problem: &str) -> Vec<String> {
    let header = problem.lines().find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('|')).unwrap();
    header.split_whitespace().filter(|w| *w != "|").map(|w| w.rsplit('|').next().unwrap().to_string()).collect()
}

#[test]
fn cover_counts_knuths_examples_as_two_of_his_programs_do() {
    // The counts of tests/data/knuth/README.md. Each takes under 0.2 s in a release build.
    for (file, count) in [("q8", 92), ("q10", 724), ("dlx3-intro", 1), ("wr34", 124), ("mix", 3106), ("lt", 0)] {
        let path = data(&format!("knuth/{file}.dlx"));
        let run = dlx(&["cover", path.to_str().unwrap()], "");
        let status = Some(if count == 0 { 1 } else { 0 });
        assert_eq!((run.status.code(), text(&run.stdout)), (status, format!("{count}\n")), "{file}");
    }
    // The unique solution DLX3's introduction gives for its example.
    let run = dlx(&["cover", "--list", data("knuth/dlx3-intro.dlx").to_str().unwrap()], "");
    assert_eq!(text(&run.stdout), "A C X:1 Y:1\nB X:1\nC Y:1\n\n");
}

#[test]
fn cover_finds_the_least_cost_and_a_cover_within_a_cost() {
    // cost-example: every item exactly once, least cost 80 (DLX5).
    let path = data("knuth/cost-example.dlx");
    let items = item_names(&read("knuth/cost-example.dlx"));
    for args in [&["cover", "--minimum"][..], &["cover", "--at-most", "80"]] {
        let run = dlx(&[args, &[path.to_str().unwrap()]].concat(), "");
        assert_eq!(run.status.code(), Some(0), "{args:?}: {}", text(&run.stderr));
        let stdout = text(&run.stdout);
        assert!(stdout.ends_with("\n\n"), "{stdout}");
        let (covered, cost) = tally_options(stdout.lines());
        assert_eq!((covered.len(), cost), (items.len(), 80), "{args:?}: {stdout}");
        assert!(items.iter().all(|i| covered[i] == 1), "{args:?}: {stdout}");
        assert!(text(&run.stderr).contains("cost 80"), "{}", text(&run.stderr));
    }
    let run = dlx(&["cover", "--at-most", "79", path.to_str().unwrap()], "");
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(1), String::new()));
    assert!(text(&run.stderr).contains("no cover within cost 79"), "{}", text(&run.stderr));
    // setcover-example: every item at least once (1:m|x), no costs: at least 5 options (CP-SAT).
    let path = data("knuth/setcover-example.dlx");
    let items = item_names(&read("knuth/setcover-example.dlx"));
    for (args, options) in [(&["cover", "--minimum"][..], "5 options"), (&["cover", "--at-most", "5"], "(at most 5)")] {
        let run = dlx(&[args, &[path.to_str().unwrap()]].concat(), "");
        assert_eq!(run.status.code(), Some(0), "{args:?}");
        let stdout = text(&run.stdout);
        let (covered, _) = tally_options(stdout.lines());
        assert_eq!(stdout.lines().filter(|l| !l.is_empty()).count(), 5, "{args:?}: {stdout}");
        assert!(items.iter().all(|i| covered.get(i).is_some_and(|&n| n >= 1)), "{args:?}: {stdout}");
        assert!(text(&run.stderr).contains(options), "{}", text(&run.stderr));
    }
    let run = dlx(&["cover", "--at-most", "4", path.to_str().unwrap()], "");
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(1), String::new()));
    assert!(text(&run.stderr).contains("no cover within 4 options"), "{}", text(&run.stderr));
    assert_eq!(dlx(&["cover", "--at-most", "5", "--minimum", "-"], "").status.code(), Some(2));
}

/// A hand-made problem with colors (names, not Knuth's single characters), bounds and costs:
/// a b c d once each, e at most twice; x y z secondary.
const COLORED: [&str; 16] = [
    "a x:red |3",
    "a y:green",
    "a b z |2 |2",
    "b x:red y:green |1",
    "b e |4",
    "c x:green |2",
    "c d y:red |5",
    "c e z:blue |1",
    "d x:red |6",
    "d e y:green",
    "e |9",
    "a c x:red y:red |7",
    "b d z:blue |3",
    "d z |2",
    "e x |1",
    "b c y:green z:blue |4",
];

/// The solutions of `options` (COLORED's items), by trying every set of options: each sorted,
/// with its cost. An item named without a color shuts the others out of it; with colors, every
/// option naming it gives the same.
fn brute_force(options: &[&str]) -> Vec<(u64, Vec<String>)> {
    let mut solutions = Vec::new();
    for set in 0u32..1 << options.len() {
        let chosen: Vec<&str> = (0..options.len()).filter(|&k| set >> k & 1 == 1).map(|k| options[k]).collect();
        let (covered, cost) = tally_options(chosen.iter().copied());
        let times = |item: &str| covered.get(item).copied().unwrap_or(0);
        if ["a", "b", "c", "d"].iter().any(|&i| times(i) != 1) || times("e") > 2 {
            continue;
        }
        let agree = ["x", "y", "z"].iter().all(|&item| {
            let colors: Vec<Option<&str>> = chosen
                .iter()
                .flat_map(|o| o.split_whitespace())
                .filter(|w| w.split(':').next() == Some(item))
                .map(|w| w.split_once(':').map(|(_, c)| c))
                .collect();
            colors.len() <= 1 || colors.iter().all(|c| c.is_some() && *c == colors[0])
        });
        if agree {
            let mut lines: Vec<String> = chosen.iter().map(|o| o.to_string()).collect();
            lines.sort();
            solutions.push((cost, lines));
        }
    }
    solutions.sort();
    solutions
}

#[test]
fn cover_colors_bounds_and_costs_agree_with_a_brute_force() {
    let header = "| hand-made\na b c d 0:2|e | x y z\n";
    let problem = scratch("colored.dlx", &format!("{header}{}\n", COLORED.join("\n")));
    let solutions = brute_force(&COLORED);
    assert!(solutions.len() > 10, "{}", solutions.len());
    let run = dlx(&["cover", problem.to_str().unwrap()], "");
    assert_eq!(text(&run.stdout), format!("{}\n", solutions.len()));
    let run = dlx(&["cover", "--list", problem.to_str().unwrap()], "");
    let mut covers: Vec<Vec<String>> = solutions.iter().map(|(_, lines)| lines.clone()).collect();
    covers.sort();
    assert_eq!(listed(&text(&run.stdout)), covers);
    // The least cost, and the cost just below it; options without `|n` cost 0 here.
    let least = solutions.iter().map(|s| s.0).min().unwrap();
    let run = dlx(&["cover", "--minimum", problem.to_str().unwrap()], "");
    let cheapest = listed(&text(&run.stdout));
    assert_eq!(cheapest.len(), 1);
    assert!(solutions.contains(&(least, cheapest[0].clone())), "{cheapest:?}");
    assert!(text(&run.stderr).contains(&format!("cost {least}")), "{}", text(&run.stderr));
    let run = dlx(&["cover", "--at-most", &(least - 1).to_string(), problem.to_str().unwrap()], "");
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(1), String::new()));
    // Without any cost entry every option costs 1: the fewest options.
    let plain: Vec<String> = COLORED.iter().map(|o| o.split(" |").next().unwrap().to_string()).collect();
    let plain: Vec<&str> = plain.iter().map(String::as_str).collect();
    let fewest = brute_force(&plain).iter().map(|s| s.1.len()).min().unwrap();
    assert!(solutions.iter().all(|s| s.0 > least || s.1.len() > fewest), "the two rules must part here");
    let run = dlx(&["cover", "--minimum", "-"], &format!("{header}{}\n", plain.join("\n")));
    let printed = listed(&text(&run.stdout));
    assert_eq!(printed.len(), 1);
    assert!(brute_force(&plain).contains(&(0, printed[0].clone())), "{printed:?}");
    assert_eq!(printed[0].len(), fewest);
    assert!(text(&run.stderr).contains(&format!("{fewest} options")), "{}", text(&run.stderr));
}

#[test]
fn cover_reports_each_fault_of_knuths_syntax_with_file_and_line() {
    for (input, line, message) in [
        ("a b | x\n| comment\na:red x\n", 3, "\"a:red\": a color on primary item \"a\""),
        ("a | x\na y:red\n", 2, "unknown item \"y\""),
        ("a | x\na x:\n", 2, "\"x:\": no color after the ':'"),
        ("a 3:2|b | x\na\n", 1, "item \"b\": lower bound 3 above upper bound 2"),
        ("a 0|b\na\n", 1, "item \"b\": upper bound 0"),
        ("a x:2|b\na\n", 1, "lower bound \"x\" is not a decimal number"),
        ("a 2:|b\na\n", 1, "upper bound \"\" is not a decimal number"),
        ("a 3:b\na\n", 1, "item \"3:b\": ':' in an item name"),
        ("a 2|\na\n", 1, "\"2|\": bounds without an item name"),
        ("a | 2|x\na\n", 1, "secondary item \"x\" with bounds"),
        ("a | x |y\na\n", 1, "a second '|' among the items: \"|y\""),
        ("a | x\n\na x |\n", 3, "cost \"\" is not a decimal number (a cost is written |n)"),
        ("a | x\na |-3\n", 2, "cost \"-3\" is not a decimal number"),
        ("a | x\na |2147483648\n", 2, "cost 2147483648 is above 2147483647"),
        ("a | x\na |2147483647 |1\n", 2, "costs adding up above 2147483647"),
    ] {
        let file = scratch("fault.dlx", input);
        let run = dlx(&["cover", file.to_str().unwrap()], "");
        assert_eq!((run.status.code(), text(&run.stdout)), (Some(1), String::new()), "{input:?}");
        let want = format!("{}:{line}: {message}", file.display());
        assert!(text(&run.stderr).contains(&want), "{input:?}: {}", text(&run.stderr));
    }
    // A `|` touching the first secondary item's name, and bounds of 1:1, are Knuth's too.
    let run = dlx(&["cover", "--list"], "1:1|a 1|b |x\na x\nb x\na b\n");
    assert_eq!(text(&run.stdout), "a b\n\n");
}

/// One puzzle in the layouts of issue 43: a line with a comment, Project Euler's 9 lines after
/// a label, QQWing's readable grid, a boxed grid with rule lines.
fn layouts(puzzle: &str) -> String {
    let rows: Vec<&str> = (0..9).map(|r| &puzzle[9 * r..9 * r + 9]).collect();
    let mut out = vec!["# a comment line".to_string(), format!("{puzzle}  # and a comment after it"), "Grid 01".into()];
    out.extend(rows.iter().map(|r| r.replace('.', "0")));
    out.push(String::new());
    for (k, r) in rows.iter().enumerate() {
        let spaced = |s: &str| s.chars().map(String::from).collect::<Vec<_>>().join(" ");
        out.push(format!("{} | {} | {}", spaced(&r[..3]), spaced(&r[3..6]), spaced(&r[6..])));
        if k == 2 || k == 5 {
            out.push("------+-------+------".into());
        }
    }
    out.push(String::new());
    for (k, r) in rows.iter().enumerate() {
        out.push(format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..]));
        if k == 2 || k == 5 {
            out.push("+---+---+---+".into());
        }
    }
    out.join("\n") + "\n"
}

#[test]
fn solve_and_count_read_grids_csv_and_comments() {
    let puzzle = read("sudoku9/norvig-top95-95.txt").lines().next().unwrap().to_string();
    let solution = read("sudoku9/norvig-top95-95.solutions.txt").lines().next().unwrap().to_string();
    let file = scratch("layouts.txt", &layouts(&puzzle));
    let run = dlx(&["solve", file.to_str().unwrap()], "");
    assert_eq!(
        (run.status.code(), text(&run.stdout)),
        (Some(0), format!("{solution}\n").repeat(4)),
        "{}",
        text(&run.stderr)
    );
    let run = dlx(&["count", file.to_str().unwrap()], "");
    assert_eq!(text(&run.stdout), "1\n".repeat(4));
    // POJ 3076's sample is 16 lines of 16 cells: one puzzle.
    let run = dlx(&["solve", data("judges/poj3076-sample.in").to_str().unwrap()], "");
    assert_eq!(text(&run.stdout), read("judges/poj3076-sample.out").split_whitespace().collect::<String>() + "\n");
    // Kaggle's CSV: a header, then puzzle,solution (0 for a blank).
    let csv = format!("quizzes,solutions\n{},{solution}\n{},{solution}\n", puzzle.replace('.', "0"), puzzle);
    let run = dlx(&["solve", "--threads", "2"], &csv);
    assert_eq!(text(&run.stdout), format!("{solution}\n").repeat(2));
}

#[test]
fn a_bad_grid_of_lines_is_reported_at_its_first_line() {
    let puzzle = read("sudoku9/norvig-top95-95.txt").lines().next().unwrap().to_string();
    let solution = read("sudoku9/norvig-top95-95.solutions.txt").lines().next().unwrap().to_string();
    let rows: Vec<String> = (0..9).map(|r| puzzle[9 * r..9 * r + 9].to_string()).collect();
    let mut bad = rows.clone();
    bad[4].replace_range(6..7, "Z"); // row 5, column 7
    // A grid with a bad cell, a grid cut short by a blank line, one cut short by a puzzle line.
    let input = [bad.join("\n"), rows[..4].join("\n"), String::new(), rows[..2].join("\n"), puzzle].join("\n");
    let run = dlx(&["solve"], &input);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(text(&run.stdout), format!("invalid\ninvalid\ninvalid\n{solution}\n"));
    let stderr = text(&run.stderr);
    assert!(stderr.contains("-:1: row 5, column 7: a cell holds something other"), "{stderr}");
    assert!(stderr.contains("-:10: 36 cells, not 81 or 256"), "{stderr}");
    assert!(stderr.contains("-:15: 18 cells, not 81 or 256"), "{stderr}");
}

#[test]
fn generate_writes_count_unique_puzzles_the_same_on_any_thread_count() {
    for (size, cells, count) in [("9", 81, 40), ("16", 256, 3)] {
        let n = count.to_string();
        let args = |threads: &'static str| {
            vec![
                "generate",
                "--size",
                size,
                "--count",
                n.as_str(),
                "--seed",
                "77",
                "--symmetry",
                "180",
                "--threads",
                threads,
            ]
        };
        let one = dlx(&args("1"), "");
        let two = dlx(&args("2"), "");
        assert!(one.status.success() && two.status.success(), "{}", text(&one.stderr));
        let out = text(&one.stdout);
        assert_eq!(out, text(&two.stdout), "--threads 1 and 2 differ");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), count);
        assert!(lines.iter().all(|l| l.len() == cells), "{out}");
        let distinct: std::collections::HashSet<_> = lines.iter().collect();
        assert_eq!(distinct.len(), count, "puzzles repeat");
        let counted = dlx(&["count", "--limit", "2"], &out);
        assert!(counted.status.success());
        assert_eq!(text(&counted.stdout), "1\n".repeat(count), "every puzzle has one solution");
    }
    // Puzzle i is seed S + i: the second line of seed 5 is the first of seed 6.
    let five = text(&dlx(&["generate", "--count", "2", "--seed", "5"], "").stdout);
    let six = text(&dlx(&["generate", "--seed", "6"], "").stdout);
    assert_eq!(five.lines().nth(1), six.lines().next());
    // A target of givens no puzzle has: "timeout" in its place, exit status 1.
    let out = dlx(&["generate", "--givens", "5", "--time-limit", "30", "--count", "2", "--threads", "1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "timeout\ntimeout\n");
    let out = dlx(&["generate", "--givens", "26", "--count", "5"], "");
    assert!(text(&out.stdout).lines().all(|l| l.bytes().filter(u8::is_ascii_digit).count() <= 26));
    assert_eq!(dlx(&["generate", "--symmetry", "45"], "").status.code(), Some(2));
    assert_eq!(dlx(&["generate", "--size", "12"], "").status.code(), Some(2));
}

#[test]
fn generate_with_a_rating_range_writes_puzzles_rate_puts_inside_it() {
    for (range, lo, hi) in [("1.0:1.5", 1.0, 1.5), ("4.0:6.0", 4.0, 6.0), ("7.0:", 7.0, 12.0)] {
        let args = |threads| vec!["generate", "--rating", range, "--count", "4", "--seed", "9", "--threads", threads];
        let one = dlx(&args("1"), "");
        assert!(one.status.success(), "{}", text(&one.stderr));
        let out = text(&one.stdout);
        assert_eq!(out, text(&dlx(&args("2"), "").stdout), "--threads 1 and 2 differ");
        assert_eq!(out.lines().count(), 4);
        let rated = dlx(&["rate"], &out);
        assert!(rated.status.success(), "{}", text(&rated.stderr));
        for rating in text(&rated.stdout).lines() {
            let rating: f64 = rating.parse().unwrap();
            assert!((lo..=hi).contains(&rating), "{range}: {rating}\n{out}");
        }
        let counted = dlx(&["count", "--limit", "2"], &out);
        assert_eq!(text(&counted.stdout), "1\n".repeat(4), "every puzzle has one solution");
    }
    // Out of reach in the time allowed: "timeout" in its place, exit status 1.
    let out = dlx(&["generate", "--rating", "11.5:12", "--time-limit", "30", "--count", "2", "--threads", "1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "timeout\ntimeout\n");
    for (bad, says) in [
        ("8:7", "LO is above HI"),
        ("x:1", "not a rating"),
        ("13:", "above 12.0"),
        ("7.55:8", "not a rating"),
        ("7", "not LO:HI"),
        ("1.x:2", "not a rating"),
    ] {
        let out = dlx(&["generate", "--rating", bad], "");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(text(&out.stderr).contains(says), "{bad}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty());
    }
    let out = dlx(&["generate", "--size", "16", "--rating", "1:2"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("9x9 puzzles only"), "{}", text(&out.stderr));
}

/// A 9x9 line under a symmetry: rows and columns reversed (bands, stacks and the lines inside
/// each reversed), transposed, and the digits d -> 10 - d.
fn nine_isomorph(line: &str) -> String {
    let cells: Vec<char> = line.chars().collect();
    (0..81)
        .map(|k| match cells[(8 - k % 9) * 9 + (8 - k / 9)] {
            d @ '1'..='9' => char::from(b'0' + 10 - (d as u8 - b'0')),
            _ => '.',
        })
        .collect()
}

#[test]
fn canon_prints_one_form_per_class_in_input_order() {
    let puzzles: Vec<String> = read("sudoku9/norvig-top95-95.txt").lines().take(10).map(str::to_string).collect();
    let solutions: Vec<String> =
        read("sudoku9/norvig-top95-95.solutions.txt").lines().take(10).map(str::to_string).collect();
    let lines: Vec<String> = puzzles.iter().chain(&solutions).cloned().collect();
    let isomorphs: Vec<String> = lines.iter().map(|l| nine_isomorph(l)).collect();
    let a = scratch("canon-a.txt", &lines.join("\n"));
    let run = dlx(&["canon", a.to_str().unwrap()], "");
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let forms: Vec<String> = text(&run.stdout).lines().map(str::to_string).collect();
    assert_eq!(forms.len(), 20);
    for (form, line) in forms.iter().zip(&lines) {
        assert_eq!(form.len(), 81);
        assert!(form.bytes().all(|b| b == b'.' || (b'1'..=b'9').contains(&b)), "{form}");
        assert_eq!(
            form.bytes().filter(|&b| b != b'.').count(),
            line.bytes().filter(|b| b.is_ascii_digit() && *b != b'0').count()
        );
    }
    assert!(forms[10..].iter().all(|f| f.starts_with("123456789")), "complete grids: {forms:?}");
    let mut distinct = forms.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 20);
    // The isomorphs, from standard input with '0' blanks, give the same forms.
    let input = isomorphs.iter().map(|l| l.replace('.', "0") + "\n").collect::<String>();
    let run = dlx(&["canon", "--threads", "2"], &input);
    assert_eq!(
        (run.status.code(), text(&run.stdout)),
        (Some(0), text(&forms.iter().map(|f| f.clone() + "\n").collect::<String>().into_bytes()))
    );
    // Forms of forms are themselves, and bad lines are reported as solve reports them.
    let bad = format!("{}\n1x{}\n12345\n", forms[0], &forms[0][2..]);
    let run = dlx(&["canon", "-"], &bad);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(text(&run.stdout), format!("{}\ninvalid\ninvalid\n", forms[0]));
    let stderr = text(&run.stderr);
    assert!(stderr.contains("-:2: row 1, column 2: a cell holds something other"), "{stderr}");
    assert!(stderr.contains("-:3: 5 cells, not 81"), "{stderr}");
}

/// A step of splitmix64: the tests' random numbers.
fn next_random(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Every unit of a variant, as lists of cells: rows, columns, the map's regions, the two
/// diagonals when asked, the extra map's units (-1: none).
fn variant_units(side: usize, regions: &[i32], diagonals: bool, extra: Option<&[i32]>) -> Vec<Vec<usize>> {
    let mut units: Vec<Vec<usize>> = (0..side).map(|r| (0..side).map(|c| r * side + c).collect()).collect();
    units.extend((0..side).map(|c| (0..side).map(|r| r * side + c).collect()));
    for map in std::iter::once(regions).chain(extra) {
        for u in 0..side as i32 {
            let unit: Vec<usize> = (0..side * side).filter(|&c| map[c] == u).collect();
            if !unit.is_empty() {
                units.push(unit);
            }
        }
    }
    if diagonals {
        units.push((0..side).map(|k| k * side + k).collect());
        units.push((0..side).map(|k| k * side + side - 1 - k).collect());
    }
    units
}

/// Backtracking on the cell with the fewest candidates: the solutions of `grid` (0 blank) up to
/// `limit`, and the first found in `first`; digits tried in order, or shuffled by `seed`.
fn backtrack(side: usize, units: &[Vec<usize>], grid: &[u8], limit: u64, seed: Option<u64>) -> (u64, Option<Vec<u8>>) {
    let mut peers = vec![Vec::new(); side * side];
    for unit in units {
        for &cell in unit {
            peers[cell].extend(unit.iter().copied().filter(|&p| p != cell));
        }
    }
    if (0..side * side).any(|c| grid[c] != 0 && peers[c].iter().any(|&p| grid[p] == grid[c])) {
        return (0, None);
    }
    struct Search<'a> {
        side: usize,
        peers: &'a [Vec<usize>],
        grid: Vec<u8>,
        limit: u64,
        found: u64,
        first: Option<Vec<u8>>,
        seed: Option<u64>,
    }
    fn go(s: &mut Search) {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for cell in (0..s.side * s.side).filter(|&c| s.grid[c] == 0) {
            let free: Vec<u8> = (1..=s.side as u8).filter(|&d| s.peers[cell].iter().all(|&p| s.grid[p] != d)).collect();
            if best.as_ref().is_none_or(|b| free.len() < b.1.len()) {
                best = Some((cell, free));
            }
        }
        let Some((cell, mut free)) = best else {
            s.found += 1;
            s.first.get_or_insert_with(|| s.grid.clone());
            return;
        };
        if let Some(seed) = s.seed.as_mut() {
            for k in (1..free.len()).rev() {
                free.swap(k, next_random(seed) as usize % (k + 1));
            }
        }
        for d in free {
            s.grid[cell] = d;
            go(s);
            s.grid[cell] = 0;
            if s.found >= s.limit {
                return;
            }
        }
    }
    let mut search = Search { side, peers: &peers, grid: grid.to_vec(), limit, found: 0, first: None, seed };
    go(&mut search);
    (search.found, search.first)
}

fn box_map(side: usize, a: usize, b: usize) -> Vec<i32> {
    (0..side * side).map(|c| (c / side / a * a + c % side / b) as i32).collect()
}

/// A map file's text: a letter a unit (from `first`), `.` for none; spaced out when asked,
/// with a comment line on top.
fn map_text(side: usize, map: &[i32], first: u8, spaced: bool) -> String {
    let symbol = |u: i32| if u < 0 { '.' } else { char::from(first + u as u8) };
    let rows = map.chunks(side).map(|row| {
        let cells: Vec<String> = row.iter().map(|&u| symbol(u).to_string()).collect();
        cells.join(if spaced { " " } else { "" })
    });
    let mut text = if spaced { "# a region map\n\n".to_string() } else { String::new() };
    for row in rows {
        text += &row;
        text += "\n";
    }
    text
}

/// A grid's text in a side's alphabet (0 a blank: `.`).
fn grid_text(side: usize, grid: &[u8]) -> String {
    let symbol = |d: u8| match d {
        0 => '.',
        d if side <= 9 => char::from(b'0' + d),
        d => char::from(b'A' + d - 1),
    };
    grid.iter().map(|&d| symbol(d)).collect()
}

/// A random jigsaw map with a grid: the boxes' random grid, then cells of the same digit
/// swapped between regions (each region keeps every digit once, so the grid stays one).
fn jigsaw_map(side: usize, a: usize, b: usize, seed: &mut u64) -> Vec<i32> {
    let mut map = box_map(side, a, b);
    let (_, grid) = backtrack(side, &variant_units(side, &map, false, None), &vec![0; side * side], 1, Some(*seed));
    let grid = grid.unwrap();
    for _ in 0..60 {
        let (x, y) = (next_random(seed) as usize % (side * side), next_random(seed) as usize % (side * side));
        if grid[x] == grid[y] {
            map.swap(x, y);
        }
    }
    map
}

/// Puzzles cut from a random grid of the variant, one in three with a given changed; runs
/// `dlx solve` and `dlx count --limit 50` on them with `flags` and checks both against the
/// backtracking. Returns how many puzzles had 0, 1 and several solutions.
fn check_variant(side: usize, units: &[Vec<usize>], flags: &[&str], seed: &mut u64) -> [usize; 3] {
    let (_, full) = backtrack(side, units, &vec![0; side * side], 1, Some(*seed));
    let full = full.expect("the variant has a grid");
    let (mut input, mut kinds, mut expected) = (String::new(), [0; 3], Vec::new());
    for k in 0..6 {
        let keep = side * side / 4 + next_random(seed) as usize % (side * side / 3);
        let mut puzzle: Vec<u8> =
            full.iter().map(|&d| if (next_random(seed) as usize % (side * side)) < keep { d } else { 0 }).collect();
        if k % 3 == 2 {
            let cell = (0..side * side).find(|&c| puzzle[c] != 0).unwrap();
            puzzle[cell] = puzzle[cell] % side as u8 + 1;
        }
        let (count, first) = backtrack(side, units, &puzzle, 50, None);
        kinds[count.min(2) as usize] += 1;
        input += &grid_text(side, &puzzle);
        input += "\n";
        expected.push((puzzle, count, first));
    }
    let counted = dlx(&[&["count", "--limit", "50"], flags].concat(), &input);
    let want: String = expected.iter().map(|e| format!("{}\n", e.1)).collect();
    assert_eq!(text(&counted.stdout), want, "{flags:?}: {}", text(&counted.stderr));
    let solved = dlx(&[&["solve"], flags].concat(), &input);
    for (line, (puzzle, count, first)) in text(&solved.stdout).lines().zip(&expected) {
        if *count == 0 {
            assert_eq!(line, "unsolvable");
            continue;
        }
        let grid: Vec<u8> =
            line.bytes().map(|b| if side <= 9 { b.wrapping_sub(b'0') } else { b.wrapping_sub(b'A') + 1 }).collect();
        assert_eq!(grid.len(), side * side, "{line}");
        let full_units = units.iter().all(|u| {
            let mut seen: Vec<u8> = u.iter().map(|&c| grid[c]).collect();
            seen.sort();
            seen == (1..=side as u8).collect::<Vec<_>>()
        });
        assert!(full_units && puzzle.iter().zip(&grid).all(|(&p, &g)| p == 0 || p == g), "{flags:?}: {line}");
        if *count == 1 {
            assert_eq!(Some(&grid), first.as_ref());
        }
    }
    assert_eq!(text(&solved.stdout).lines().count(), expected.len());
    kinds
}

#[test]
fn variants_solve_and_count_as_backtracking_does() {
    let mut seed = 43;
    let mut kinds = [0; 3];
    for (k, (side, a, b)) in [(4, 2, 2), (6, 2, 3)].into_iter().cycle().take(12).enumerate() {
        let map = jigsaw_map(side, a, b, &mut seed);
        let file = scratch(&format!("jigsaw-{k}.txt"), &map_text(side, &map, b'a', k % 2 == 0));
        let units = variant_units(side, &map, false, None);
        let found = check_variant(side, &units, &["--regions", file.to_str().unwrap()], &mut seed);
        kinds.iter_mut().zip(found).for_each(|(k, f)| *k += f);
    }
    assert!(kinds.iter().all(|&k| k > 3), "{kinds:?}");
    // 6x6 boxes with the diagonals (the side from each puzzle: 36 cells), and with two windows.
    let six = box_map(6, 2, 3);
    check_variant(6, &variant_units(6, &six, true, None), &["--diagonals"], &mut seed);
    let windows: Vec<i32> =
        (0..36).map(|c| if (1..3).contains(&(c / 6)) && (1..4).contains(&(c % 6)) { 0 } else { -1 }).collect();
    let mut windows = windows;
    (0..36).filter(|c| (3..5).contains(&(c / 6)) && (2..5).contains(&(c % 6))).for_each(|c| windows[c] = 1);
    let file = scratch("six-windows.txt", &map_text(6, &windows, b'A', false));
    check_variant(6, &variant_units(6, &six, false, Some(&windows)), &["--extra", file.to_str().unwrap()], &mut seed);
    // 9x9 windoku X: the boxes, the four windows and the diagonals.
    let nine = box_map(9, 3, 3);
    let windows: Vec<i32> =
        (0..81).map(|c| if c / 9 % 4 != 0 && c % 9 % 4 != 0 { c / 9 / 4 * 2 + c % 9 / 4 } else { -1 }).collect();
    let (regions, extra) = (
        scratch("nine-boxes.txt", &map_text(9, &nine, b'1', true)),
        scratch("nine-windows.txt", &map_text(9, &windows, b'w', false)),
    );
    let flags = ["--regions", regions.to_str().unwrap(), "--extra", extra.to_str().unwrap(), "--diagonals"];
    check_variant(9, &variant_units(9, &nine, true, Some(&windows)), &flags, &mut seed);
    // 12x12 with 3x4 boxes, as a grid of 12 lines of letters.
    let twelve = box_map(12, 3, 4);
    let file = scratch("twelve.txt", &map_text(12, &twelve, b'a', false));
    let run = dlx(&["solve", "--regions", file.to_str().unwrap()], &"------------\n".repeat(12));
    let line = text(&run.stdout);
    let grid: Vec<u8> = line.trim_end().bytes().map(|b| b - b'A' + 1).collect();
    assert!(run.status.success() && grid.len() == 144, "{line}");
    let units = variant_units(12, &twelve, false, None);
    // Each unit holds the letters A..L: bits 1 to 12.
    assert!(units.iter().all(|u| u.iter().map(|&c| 1u32 << grid[c]).fold(0, |m, b| m | b) == 0x1ffe), "{line}");
}

#[test]
fn hdu4069_jigsaw_sample_solves_through_a_region_map() {
    // The walls of each case flooded into regions here, written as a map file; the puzzle as a
    // grid of 9 lines.
    let numbers: Vec<u32> = read("judges/hdu4069-sample.in").split_whitespace().map(|t| t.parse().unwrap()).collect();
    let published = read("judges/hdu4069-sample.out");
    let mut answers = Vec::new();
    for case in 0..numbers[0] as usize {
        let value = &numbers[1 + 81 * case..1 + 81 * (case + 1)];
        let mut region = [-1i32; 81];
        let mut next = 0;
        for start in 0..81 {
            if region[start] >= 0 {
                continue;
            }
            region[start] = next;
            let mut stack = vec![start];
            while let Some(at) = stack.pop() {
                let (r, c) = (at / 9, at % 9);
                for (wall, facing, dr, dc) in [(16, 64, -1i32, 0i32), (32, 128, 0, 1), (64, 16, 1, 0), (128, 32, 0, -1)]
                {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    let other = (nr * 9 + nc) as usize;
                    if (0..9).contains(&nr)
                        && (0..9).contains(&nc)
                        && region[other] < 0
                        && value[at] & wall == 0
                        && value[other] & facing == 0
                    {
                        region[other] = next;
                        stack.push(other);
                    }
                }
            }
            next += 1;
        }
        let map = scratch(&format!("hdu4069-{case}.txt"), &map_text(9, &region, b'a', false));
        let grid: String =
            value.chunks(9).map(|row| row.iter().map(|v| (v & 15).to_string()).collect::<String>() + "\n").collect();
        let solved = text(&dlx(&["solve", "--regions", map.to_str().unwrap()], &grid).stdout);
        let counted = text(&dlx(&["count", "--regions", map.to_str().unwrap()], &grid).stdout);
        answers.push(match counted.trim() {
            "0" => "No solution\n".to_string(),
            "1" => solved.trim().as_bytes().chunks(9).map(|r| String::from_utf8_lossy(r) + "\n").collect(),
            _ => "Multiple Solutions\n".to_string(),
        });
    }
    let ours: String = answers.iter().enumerate().map(|(k, a)| format!("Case {}:\n{a}", k + 1)).collect();
    assert_eq!(ours, published);
}

#[test]
fn map_and_variant_faults_name_file_line_and_column() {
    let maps = [
        ("rows.txt", "aab\naab\nbbb\n", "rows.txt: 3 rows"),
        ("short.txt", "aabb\naabb\nccdd\nccd\n", "short.txt:4: 3 cells, not 4"),
        ("long.txt", "aabb\naabbc\nccdd\nccdd\n", "long.txt:2:5: 5 cells, not 4"),
        ("many.txt", "aabb\naabb\nccdd\nccde\n", "many.txt:4:4: 'e' is a region too many: 4 at most"),
        (
            "size.txt",
            "# four rows\naabb\n aabb\nccdd\ncccd\n",
            "size.txt:4:1: region 'c' (first here) has 5 cells, not 4",
        ),
        ("few.txt", "aaaa\naaaa\nbbbb\nbbbb\n", "few.txt: 2 regions, not 4"),
    ];
    for (name, map, said) in maps {
        let file = scratch(name, map);
        let run = dlx(&["solve", "--regions", file.to_str().unwrap()], "");
        let stderr = text(&run.stderr);
        assert_eq!((run.status.code(), text(&run.stdout)), (Some(2), String::new()), "{stderr}");
        assert!(stderr.contains(&format!("{}", file.parent().unwrap().join(said).display())), "{name}: {stderr}");
    }
    let boxes = scratch("boxes4.txt", "aabb\naabb\nccdd\nccdd\n");
    let extras = [
        ("extra-side.txt", "ab...\nab...\nab...\nab...\nab...\n", "extra-side.txt: 5 rows, but the region map has 4"),
        ("extra-size.txt", "ab..\nab..\nab..\na...\n", "extra-size.txt:1:2: unit 'b' (first here) has 3 cells, not 4"),
    ];
    for (name, map, said) in extras {
        let file = scratch(name, map);
        let run = dlx(&["count", "--regions", boxes.to_str().unwrap(), "--extra", file.to_str().unwrap()], "");
        let stderr = text(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(&format!("{}", file.parent().unwrap().join(said).display())), "{name}: {stderr}");
    }
    let five = scratch("five.txt", "a....\na....\na....\na....\na....\n");
    let run = dlx(&["solve", "--extra", five.to_str().unwrap()], "");
    assert!(text(&run.stderr).contains("a side of 5 has no boxes"), "{}", text(&run.stderr));
    let run = dlx(&["solve", "--regions", "/nonexistent/map.txt"], "");
    assert!(run.status.code() == Some(2) && text(&run.stderr).contains("/nonexistent/map.txt: "));
    // Puzzles: a cell out of the 6x6 alphabet, a count of cells that is not the map's, no square.
    let six = scratch("six.txt", &map_text(6, &box_map(6, 2, 3), b'a', false));
    let run = dlx(
        &["solve", "--regions", six.to_str().unwrap()],
        &format!("{}\n1..7{}\n{}\n", ".".repeat(36), ".".repeat(32), ".".repeat(35)),
    );
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(text(&run.stdout).lines().skip(1).collect::<Vec<_>>(), ["invalid", "invalid"]);
    assert!(stderr.contains("-:2: row 1, column 4: a cell holds something other"), "{stderr}");
    assert!(stderr.contains("-:3: 35 cells, not 36"), "{stderr}");
    // A time limit holds for variants too: all the 25x25 X-Sudoku grids cannot be counted in 1 ms.
    let run = dlx(&["count", "--limit", "1000000000", "--time-limit", "1", "--diagonals"], &".".repeat(625));
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(1), "timeout\n".into()));
    let run = dlx(&["solve", "--diagonals"], &".".repeat(50));
    assert!(text(&run.stderr).contains("-:1: 50 cells: not a square grid of side 4 to 25"), "{}", text(&run.stderr));
    let help = text(&dlx(&["solve", "--help"], "").stdout);
    assert!(
        ["--regions <FILE>", "a symbol for each cell", "--diagonals", "--extra <FILE>", "--layout"]
            .iter()
            .all(|s| help.contains(s))
    );
}

#[test]
fn the_layout_flag_settles_what_auto_detection_cannot() {
    let puzzle = read("sudoku9/norvig-top95-95.txt").lines().next().unwrap().replace('.', "0");
    let solution = read("sudoku9/norvig-top95-95.solutions.txt").lines().next().unwrap().to_string();
    let rows: Vec<&str> = (0..9).map(|r| &puzzle[9 * r..9 * r + 9]).collect();
    let commas = |s: &str| s.chars().map(String::from).collect::<Vec<_>>().join(",");
    // Grid rows of comma-separated cells: auto takes each row for CSV (its first field).
    let grid: String = rows.iter().map(|r| commas(r) + "\n").collect();
    let line = commas(&puzzle) + "\n";
    // A header auto takes for a puzzle: no lowercase letter in it.
    let csv = format!("PUZZLE,SOLUTION\n{puzzle},{solution}\n");
    let cases = [
        (&grid, "auto", "invalid\n".repeat(9)),
        (&grid, "grid", format!("{solution}\n")),
        (&grid, "line", "invalid\n".repeat(9)),
        (&line, "auto", "invalid\n".into()),
        (&line, "line", format!("{solution}\n")),
        (&csv, "auto", format!("invalid\n{solution}\n")),
        (&csv, "csv", format!("{solution}\n")),
    ];
    for (input, layout, want) in cases {
        let run = dlx(&["solve", "--layout", layout], input);
        assert_eq!(text(&run.stdout), want, "--layout {layout}: {}", text(&run.stderr));
    }
    // A 9-line grid in line layout: each line a puzzle of 9 cells.
    let plain: String = rows.iter().map(|r| format!("{r}\n")).collect();
    let run = dlx(&["count", "--layout", "line"], &plain);
    assert!(text(&run.stderr).contains("-:9: 9 cells, not 81 or 256"), "{}", text(&run.stderr));
    assert_eq!(text(&dlx(&["count", "--layout", "grid"], &plain).stdout), "1\n");
    // 4x4 X-Sudoku puzzles a line of 16 cells each: auto takes the lines for rows of a 16x16
    // grid; line layout takes each whole. Their count by backtracking.
    let units = variant_units(4, &box_map(4, 2, 2), true, None);
    let four = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let want = format!("{}\n", backtrack(4, &units, &four, 100, None).0).repeat(2);
    let fours = "1...............\n".repeat(2);
    let run = dlx(&["count", "--limit", "100", "--diagonals"], &fours);
    assert!(text(&run.stderr).contains("-:1: 32 cells: not a square grid"), "{}", text(&run.stderr));
    let run = dlx(&["count", "--limit", "100", "--diagonals", "--layout", "line"], &fours);
    assert_eq!(text(&run.stdout), want);
    // canon takes the flag too; and a CSV header goes in every file, not only the first.
    let canon = text(&dlx(&["canon"], &format!("{puzzle}\n")).stdout);
    let file = scratch("upper.csv", &csv);
    let run = dlx(&["canon", "--layout", "csv", file.to_str().unwrap(), file.to_str().unwrap()], "");
    assert_eq!(text(&run.stdout), canon.repeat(2));
    let run = dlx(&["solve", "--layout", "sideways"], "");
    assert_eq!(run.status.code(), Some(2));
}

/// The pieces `dlx cover --split k` prints for `args` (the problem's file among them).
fn split_lines(k: u32, file: &str, extra: &[&str]) -> Vec<String> {
    let run = dlx(&[&["cover", "--split", &k.to_string()], extra, &[file]].concat(), "");
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    text(&run.stdout).lines().map(str::to_string).collect()
}

#[test]
fn cover_pieces_add_up_and_list_each_cover_once() {
    // Knuth's examples (plain, colors, bounds) and the hand-made problem with all three and
    // costs: the pieces' counts add up to the whole, and their listings together are the
    // whole listing, each cover in exactly one piece.
    let colored = scratch("pieces-colored.dlx", &format!("a b c d 0:2|e | x y z\n{}\n", COLORED.join("\n")));
    let files = [data("knuth/q8.dlx"), data("knuth/wr34.dlx"), data("knuth/mix.dlx"), colored];
    for file in &files {
        let file = file.to_str().unwrap();
        let whole: u64 = text(&dlx(&["cover", file], "").stdout).trim().parse().unwrap();
        let pieces = split_lines(24, file, &[]);
        assert!(pieces.len() >= 24, "{file}: {} pieces", pieces.len());
        let mut sum = 0;
        let mut covers = Vec::new();
        for piece in &pieces {
            let run = dlx(&["cover", "--piece", piece, file], "");
            sum += text(&run.stdout).trim().parse::<u64>().unwrap_or_else(|_| panic!("{file} {piece}: {run:?}"));
            if whole < 5000 {
                let run = dlx(&["cover", "--list", "--piece", piece, file], "");
                covers.extend(listed(&text(&run.stdout)));
            }
        }
        assert_eq!(sum, whole, "{file}");
        if whole < 5000 {
            let mut all = listed(&text(&dlx(&["cover", "--list", file], "").stdout));
            all.sort();
            covers.sort();
            assert_eq!(covers, all, "{file}");
        }
        // A piece cut further: its pieces' counts add up to its count.
        let run = dlx(&["cover", "--piece", &pieces[0], file], "");
        let first: u64 = text(&run.stdout).trim().parse().unwrap();
        let deeper = split_lines(4, file, &["--piece", &pieces[0]]);
        let sum: u64 = deeper
            .iter()
            .map(|p| text(&dlx(&["cover", "--piece", p, file], "").stdout).trim().parse::<u64>().unwrap())
            .sum();
        assert_eq!(sum, first, "{file}: {}", pieces[0]);
    }
}

#[test]
fn cover_on_threads_counts_lists_and_minimises_as_one_search() {
    let colored = scratch("threads-colored.dlx", &format!("a b c d 0:2|e | x y z\n{}\n", COLORED.join("\n")));
    for file in [data("knuth/q10.dlx"), data("knuth/mix.dlx"), colored.clone()] {
        let file = file.to_str().unwrap();
        let one = dlx(&["cover", file], "");
        let tried = |run: &Output| -> u64 {
            let stderr = text(&run.stderr);
            stderr.split(" tried ").nth(1).unwrap().split(' ').next().unwrap().replace(',', "").parse().unwrap()
        };
        for threads in ["1", "2", "3"] {
            let run = dlx(&["cover", "--threads", threads, file], "");
            assert_eq!((run.status.code(), text(&run.stdout)), (one.status.code(), text(&one.stdout)), "{file}");
            // The options tried include the split's: more than one search's, whose pieces'
            // searches alone skip the decisions above them.
            if threads != "1" {
                assert!(tried(&run) > tried(&one), "{file}: {} vs {}", tried(&run), tried(&one));
            }
        }
        let mut all = listed(&text(&dlx(&["cover", "--list", file], "").stdout));
        let mut threaded = listed(&text(&dlx(&["cover", "--list", "--threads", "2", file], "").stdout));
        all.sort();
        threaded.sort();
        assert_eq!(threaded, all, "{file}");
        // A limit stops at exactly that many, whichever thread finds them.
        let run = dlx(&["cover", "--threads", "2", "--limit", "7", file], "");
        assert_eq!(text(&run.stdout), "7\n");
        let run = dlx(&["cover", "--threads", "2", "--list", "--limit", "7", file], "");
        assert_eq!(listed(&text(&run.stdout)).len(), 7);
    }
    // The least cost over pieces is the least cost of the whole (brute force), and --at-most
    // on threads answers as one search does.
    let least = brute_force(&COLORED).iter().map(|s| s.0).min().unwrap();
    let file = colored.to_str().unwrap();
    let run = dlx(&["cover", "--minimum", "--threads", "2", file], "");
    let cheapest = listed(&text(&run.stdout));
    assert!(brute_force(&COLORED).contains(&(least, cheapest[0].clone())), "{cheapest:?}");
    assert!(text(&run.stderr).contains(&format!("cost {least}")), "{}", text(&run.stderr));
    let run = dlx(&["cover", "--at-most", &(least - 1).to_string(), "--threads", "2", file], "");
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(1), String::new()));
    let run = dlx(&["cover", "--at-most", &least.to_string(), "--threads", "2", file], "");
    assert_eq!(run.status.code(), Some(0));
    let path = data("knuth/setcover-example.dlx");
    let run = dlx(&["cover", "--minimum", "--threads", "2", path.to_str().unwrap()], "");
    assert!(text(&run.stderr).contains("5 options"), "{}", text(&run.stderr));
    // A count on threads that the time limit stops is partial, as on one.
    let run = dlx(&["cover", "--threads", "2", "--time-limit", "50", "-"], &queens(18));
    assert_eq!(run.status.code(), Some(1));
    assert!(text(&run.stdout).ends_with(" (partial)\n"), "{}", text(&run.stdout));
}

#[test]
fn cover_estimates_and_refuses_bad_pieces() {
    // A search short enough to finish gives the exact figure: the options one search tries.
    let file = data("knuth/q8.dlx");
    let file = file.to_str().unwrap();
    let run = dlx(&["cover", "--estimate", file], "");
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let one = dlx(&["cover", file], "");
    let tried = text(&one.stderr).split(" tried ").nth(1).unwrap().split(' ').next().unwrap().to_string();
    assert!(text(&run.stdout).starts_with(&format!("{tried} options,")), "{} vs {tried}", text(&run.stdout));
    assert!(text(&run.stdout).contains("exact"), "{}", text(&run.stdout));
    // One too long for the rate sample: an estimate, in options and seconds.
    let run = dlx(&["cover", "--estimate", "-"], &queens(16));
    assert!(text(&run.stdout).contains("(estimated)"), "{}", text(&run.stdout));
    for (piece, why) in [
        ("1 x", "not a piece"),
        ("99999", "does not have"),
        ("3 3", "one option twice"),
        ("3 -4", "one option twice"),
        ("-0", "not a piece"),
        ("2 -00", "not a piece"),
    ] {
        let run = dlx(&["cover", "--piece", piece, file], "");
        assert_eq!((run.status.code(), text(&run.stdout)), (Some(2), String::new()), "{piece}");
        assert!(text(&run.stderr).contains(why), "{piece}: {}", text(&run.stderr));
    }
    // Contradictory decisions are a piece with no solution: two options of the item the
    // search branches on first, which no cover holds together.
    let pieces = split_lines(8, file, &[]);
    let first = |p: &String| p.split(' ').next().unwrap().to_string();
    let other = pieces.iter().map(first).find(|d| *d != first(&pieces[0])).unwrap();
    let contradiction = format!("{} {other}", first(&pieces[0]));
    let run = dlx(&["cover", "--piece", &contradiction, file], "");
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(1), "0\n".to_string()), "{contradiction}");
}

#[test]
fn rate_prints_se_ratings_and_hint_walks_a_puzzle_to_the_end() {
    let euler = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    // The first rated puzzle of tests/data (SE 7.2), and the hardest (9.1, beyond the
    // techniques implemented).
    let sample = read("sudoku9/se-rated-sample.txt");
    let first = &sample.lines().next().unwrap()[..81];
    let hard = &sample.lines().nth(67).unwrap()[..81];
    let input = format!("{euler}\n{}\n11{}\n{first}\n{hard}\n12345\n", ".".repeat(81), ".".repeat(79));
    let run = dlx(&["rate"], &input);
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), "1.2\nmultiple\nunsolvable\n7.2\nbeyond\ninvalid\n");
    // Hints, applied one at a time, fill the grid with the solution's digits.
    let solution = text(&dlx(&["solve"], &format!("{euler}\n")).stdout).trim().to_string();
    let mut grid: Vec<u8> = euler.bytes().collect();
    for _ in 0..81 {
        let run = dlx(&["hint"], &format!("{}\n", String::from_utf8_lossy(&grid)));
        let words = text(&run.stdout);
        if words == "solved\n" {
            break;
        }
        // "Hidden Single (box) (1.2): r2c2 = 6"
        assert!(["Full House (1.0)", "Hidden Single (box) (1.2)"].iter().any(|t| words.starts_with(t)), "{words}");
        let (_, fill) = words.trim().rsplit_once(": r").unwrap();
        let (at, digit) = fill.split_once(" = ").unwrap();
        let (r, c) = at.split_once('c').unwrap();
        let cell = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        assert_eq!(grid[cell], b'0', "{words}");
        grid[cell] = digit.as_bytes()[0];
    }
    assert_eq!(String::from_utf8_lossy(&grid), solution);
}

/// A repeat cover in Knuth's format: `items` items, each covered 1 to m times (m: its
/// options), `options` options of `size` random items (from `seed`).
fn deep_repeat_cover(items: usize, options: usize, size: usize, mut seed: u64) -> String {
    let (mut lines, mut holders) = (Vec::new(), vec![0; items]);
    for _ in 0..options {
        let mut option: Vec<usize> = Vec::new();
        while option.len() < size {
            let item = (next_random(&mut seed) % items as u64) as usize;
            if !option.contains(&item) {
                option.push(item);
            }
        }
        option.iter().for_each(|&i| holders[i] += 1);
        lines.push(option.iter().map(|i| format!("i{i}")).collect::<Vec<_>>().join(" "));
    }
    let header: Vec<String> = (0..items).map(|i| format!("1:{}|i{i}", holders[i].max(1))).collect();
    format!("{}\n{}\n", header.join(" "), lines.join("\n"))
}

#[test]
fn cover_split_and_estimate_stop_at_the_time_limit() {
    // A repeat cover whose tree of all solutions is astronomically deep and wide: 200 items,
    // each covered 1 to m times (m: its options), 2,000 options of 10 random items. Its
    // estimate and its split take seconds of random paths; the time limit must stop them.
    let file = scratch("deep-repeat.dlx", &deep_repeat_cover(200, 2000, 10, 1));
    let file = file.to_str().unwrap();
    for args in [&["--estimate"][..], &["--split", "16"], &["--threads", "2"]] {
        let run = dlx(&[&["cover", "--time-limit", "50"], args, &[file]].concat(), "");
        assert_eq!(run.status.code(), Some(1), "{args:?}: {}", text(&run.stderr));
        assert!(text(&run.stderr).contains("time limit"), "{args:?}: {}", text(&run.stderr));
    }
}

#[test]
fn cover_on_one_thread_shows_a_bar_on_a_terminal_and_answers_the_same() {
    // 13 queens: 73,712 solutions, about 1.65 million options tried, a few tenths of a second.
    let file = scratch("bar-q13.dlx", &queens(13));
    let file = file.to_str().unwrap();
    let piped = dlx(&["cover", file], "");
    assert!(!text(&piped.stderr).contains('\u{1b}'), "no terminal codes when stderr is not a terminal");
    let on_terminal = |args: &str| {
        // `script` runs the command on a pseudo-terminal; the bar's delay is set to 0.
        let command = format!("{} cover {args} {file} > {file}.out", env!("CARGO_BIN_EXE_dlx"));
        let tty = Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .env("DLX_PROGRESS_AFTER_MS", "0")
            .output()
            .unwrap();
        assert!(tty.status.success(), "{args}: {}", text(&tty.stdout));
        (text(&tty.stdout), std::fs::read_to_string(format!("{file}.out")).unwrap())
    };
    // The count against Knuth's estimate of the options to try: "N/~M options".
    let (shown, out) = on_terminal("");
    assert_eq!(out, text(&piped.stdout));
    assert!(shown.contains("/~") && shown.contains(" options, "), "{shown}");
    // The same options tried as without the bar: the estimate searched a copy.
    let tried = |s: &str| s.split(" tried ").nth(1).unwrap().split(' ').next().unwrap().to_string();
    assert_eq!(tried(&shown), tried(&text(&piped.stderr)));
    // A listing to a file: the same covers in the same order.
    let (_, out) = on_terminal("--list --limit 20000");
    assert_eq!(out, text(&dlx(&["cover", "--list", "--limit", "20000", file], "").stdout));
}

#[test]
fn cover_estimate_prints_a_finite_figure_past_the_range_of_f64() {
    // A repeat cover of 60 items (each 1 to m times), 1,200 options of 5: every option is in
    // or out along a random path, so Knuth's weights reach 2^1200, which an f64 cannot hold
    // (the estimate printed `inf` when it was one).
    let file = scratch("deep-estimate.dlx", &deep_repeat_cover(60, 1200, 5, 7));
    let run = dlx(&["cover", "--estimate", file.to_str().unwrap()], "");
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let line = text(&run.stdout);
    let (figure, rest) = line.split_once(" options, ").unwrap();
    let (digits, exponent) = figure.split_once('e').expect(&line);
    assert_eq!(digits.len(), 4, "{line}");
    assert!((1.0..10.0).contains(&digits.parse::<f64>().unwrap()), "{line}");
    assert!((309..400).contains(&exponent.parse::<i32>().unwrap()), "{line}");
    assert!(rest.ends_with(" s (estimated)\n") && !line.contains("inf"), "{line}");
}

/// Item 0 picks S (searched first) or H: in S, item 1 picks Langford pairs of 10 (no solution,
/// 60,789 options to prove it) before Langford pairs of 3, so S's first cover comes late; H is
/// Langford pairs of 14 (no solution; each of its pieces on two threads half a million
/// options and more). Python's tests search the same problem (test_pieces.py).
fn late_cover_then_long_pieces() -> String {
    let name = |i: usize| format!("i{i}");
    let names = |items: &mut dyn Iterator<Item = usize>| items.map(name).collect::<Vec<_>>().join(" ");
    let (a, b, h) = (2..32, 32..41, 41..83);
    let mut text = format!("{}\n", names(&mut (0..83)));
    text += &format!("i0 {}\n", names(&mut h.clone()));
    text += &format!("i0 i1 {} {}\n", names(&mut a.clone()), names(&mut b.clone()));
    text += &format!("i1 {}\n", names(&mut b.clone()));
    text += &format!("i1 {}\n", names(&mut a.clone()));
    for (base, n) in [(a.start, 10), (b.start, 3), (h.start, 14)] {
        for k in 1..=n {
            for i in 0..2 * n - k - 1 {
                text += &format!("{} {} {}\n", name(base + k - 1), name(base + n + i), name(base + n + i + k + 1));
            }
        }
    }
    text
}

#[test]
fn cover_at_most_on_threads_stops_the_other_threads_at_the_first_cover() {
    let file = scratch("late-cover.dlx", &late_cover_then_long_pieces());
    let file = file.to_str().unwrap();
    let tried = |run: &Output| -> u64 {
        let said = text(&run.stderr);
        said.split(" tried ").nth(1).and_then(|s| s.split(' ').next()).and_then(|n| n.parse().ok()).expect(&said)
    };
    let alone = dlx(&["cover", "--at-most", "1000", "--piece", "0", file], "");
    assert_eq!(alone.status.code(), Some(0), "{}", text(&alone.stderr));
    let s_nodes = tried(&alone);
    assert!(s_nodes > 60_000, "{s_nodes}");
    // The thread in a piece of H when the other finds S's cover stops at its next look at the
    // clock, having tried about as many options as that one; finishing its piece would take
    // half a million more.
    let run = dlx(&["cover", "--at-most", "1000", "--threads", "2", file], "");
    assert_eq!((run.status.code(), text(&run.stdout)), (Some(0), text(&alone.stdout)));
    assert!((s_nodes..4 * s_nodes).contains(&tried(&run)), "{} of {s_nodes}", tried(&run));
}
