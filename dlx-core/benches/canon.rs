//! Canonical forms, run on demand (`make bench-canon`): `dlx_canon9`'s work
//! (`dlx_core::canon9`'s search) on every 9x9 puzzle and solution of tests/data, and on the 9x9
//! files of ../shared/data when present (skipped, with a notice, where it is absent). One pass
//! over each set, timed as a whole: canonical forms a second on one core; and the first search
//! (`canon::search`, the tests' reference) on the same grids in the same run, for comparison.
//!
//! Writes the section "Canonical forms" of docs/benchmarks.md.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use dlx_core::sudoku::canon;

mod support;

/// The 81-cell grids of a file, one a line (other lines skipped).
fn lines(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    // The first field of a line: a rated file has the rating after the grid.
    text.lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|l| l.len() == 81 && l.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
        .map(str::to_string)
        .collect()
}

fn sets() -> Vec<(String, Vec<String>)> {
    let mut files: Vec<_> = std::fs::read_dir(support::data_dir().join("sudoku9"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt") && !p.to_string_lossy().ends_with(".nsol.txt"))
        .collect();
    // ../shared/data's 9x9 files that tests/data does not carry.
    match support::shared_dir().map(|d| d.join("data/sudoku9")).filter(|d| d.is_dir()) {
        Some(dir) => {
            for entry in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
                let (path, name) = (entry.path(), entry.file_name());
                let ours = files.iter().any(|f| f.file_name() == Some(name.as_os_str()));
                if !ours
                    && path.extension().is_some_and(|x| x == "txt")
                    && !path.to_string_lossy().ends_with(".nsol.txt")
                {
                    files.push(path);
                }
            }
        }
        None => eprintln!("../shared/data/sudoku9 absent: only tests/data's sets"),
    }
    files.sort();
    files
        .into_iter()
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), lines(&p)))
        .filter(|(_, grids)| !grids.is_empty())
        .collect()
}

/// The 81 values of a line (0 a blank), as `canon9` parses them.
fn cells(line: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    for (cell, b) in g.iter_mut().zip(line.bytes()) {
        *cell = if b.is_ascii_digit() { b - b'0' } else { 0 };
    }
    g
}

/// Forms a second of `canon` on `grids`: one pass, timed as a whole; and the distinct forms.
fn rate(grids: &[[u8; 81]], canon: fn(&[u8; 81]) -> [u8; 81]) -> (f64, f64, usize) {
    let start = Instant::now();
    let mut forms: Vec<[u8; 81]> = grids.iter().map(canon).collect();
    let seconds = start.elapsed().as_secs_f64();
    forms.sort_unstable();
    forms.dedup();
    (seconds, grids.len() as f64 / seconds, forms.len())
}

fn main() {
    let mut body = String::from(
        "`make bench-canon`: `dlx_core::canon9`'s search (what `dlx_canon9` does, parsing aside) on every 9x9 \
         set, one pass, one core; forms a second; \"first search\" is the search it replaced, kept as the \
         tests' reference, in the same run.\n\n| set | grids | classes | seconds | forms/s | first search, forms/s |\n\
         | --- | ---: | ---: | ---: | ---: | ---: |\n",
    );
    let (mut all, mut all_time, mut all_old) = (0usize, 0f64, 0f64);
    for (name, lines) in sets() {
        let grids: Vec<[u8; 81]> = lines.iter().map(|l| cells(l)).collect();
        // The parsed text gives the same form: the public call on the first grid.
        let text = dlx_core::canon9(lines[0].bytes()).unwrap();
        let (seconds, rate_new, classes) = rate(&grids, canon::canon);
        assert_eq!(text.map(|b| if b == b'.' { 0 } else { b - b'0' }), canon::canon(&grids[0]));
        let (old_seconds, rate_old, old_classes) = rate(&grids, canon::search::canon);
        assert_eq!(classes, old_classes, "{name}");
        eprintln!(
            "{name}: {} grids, {classes} classes, {seconds:.3} s, {rate_new:.0} forms/s (first search {rate_old:.0})",
            grids.len()
        );
        writeln!(body, "| {name} | {} | {classes} | {seconds:.3} | {rate_new:.0} | {rate_old:.0} |", grids.len())
            .unwrap();
        all += grids.len();
        all_time += seconds;
        all_old += old_seconds;
    }
    writeln!(body, "| all | {all} | | {all_time:.3} | {:.0} | {:.0} |", all as f64 / all_time, all as f64 / all_old)
        .unwrap();
    support::write_section("canon", "Canonical forms", &body);
}
