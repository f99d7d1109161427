//! Canonical forms, run on demand (`make bench-canon`): `dlx_canon9`'s work
//! (`dlx_core::canon9`) on every 9x9 puzzle and solution of tests/data, and on the 9x9 files
//! of ../shared/data when present (skipped, with a notice, where it is absent). One pass over
//! each set, timed as a whole: canonical forms a second on one core.
//!
//! Writes the section "Canonical forms" of docs/benchmarks.md.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

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

fn main() {
    let mut body = String::from(
        "`make bench-canon`: `dlx_core::canon9` (what `dlx_canon9` does) on every 9x9 set, one \
         pass, one core; forms a second.\n\n| set | grids | classes | seconds | forms/s |\n| --- | ---: | ---: | ---: | ---: |\n",
    );
    let (mut all, mut all_time) = (0usize, 0f64);
    for (name, grids) in sets() {
        let start = Instant::now();
        let mut forms: Vec<[u8; 81]> = Vec::with_capacity(grids.len());
        for g in &grids {
            forms.push(dlx_core::canon9(g.bytes()).unwrap());
        }
        let seconds = start.elapsed().as_secs_f64();
        forms.sort_unstable();
        forms.dedup();
        let rate = grids.len() as f64 / seconds;
        eprintln!("{name}: {} grids, {} classes, {seconds:.3} s, {rate:.0} forms/s", grids.len(), forms.len());
        writeln!(body, "| {name} | {} | {} | {seconds:.3} | {rate:.0} |", grids.len(), forms.len()).unwrap();
        all += grids.len();
        all_time += seconds;
    }
    writeln!(body, "| all | {all} | | {all_time:.3} | {:.0} |", all as f64 / all_time).unwrap();
    support::write_section("canon", "Canonical forms", &body);
}
