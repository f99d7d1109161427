//! What the integration tests share: where things are, and compiling C against libdlx.
#![allow(dead_code)] // each test binary uses its own part of this module

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The project's shared/ folder (seeds, corpora): `$DLX_SHARED_DIR`, else `../shared`.
pub fn shared_dir() -> PathBuf {
    std::env::var_os("DLX_SHARED_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("../shared"))
}

pub fn read_shared(relative: &str) -> String {
    let path = shared_dir().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// Where this `cargo test` run built libdlx.a and libdlx.so: beside the test binary, in
/// target/<profile>/deps. Cargo copies them up to target/<profile> only on `cargo build`, so
/// using these guarantees the tests link the library of this very run, never a stale one.
pub fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    exe.parent().expect("target/<profile>/deps").to_path_buf()
}

/// The soname of libdlx.so (build.rs sets it at link time): libdlx.so.MAJOR.
pub fn soname() -> String {
    format!("libdlx.so.{}", env!("CARGO_PKG_VERSION_MAJOR"))
}

/// `lib_dir()`, with the soname link beside libdlx.so that a program linked with -ldlx looks
/// for at run time (what `make` does for target/release).
pub fn shared_lib_dir() -> PathBuf {
    let dir = lib_dir();
    let link = dir.join(soname());
    if std::fs::symlink_metadata(&link).is_err() {
        // Tests run in parallel: another one may make the same link first.
        if let Err(e) = std::os::unix::fs::symlink("libdlx.so", &link) {
            assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists, "link {}: {e}", link.display());
        }
    }
    dir
}

/// A scratch folder for one test's C builds, under target/.
pub fn scratch(name: &str) -> PathBuf {
    let dir = lib_dir().parent().expect("target/<profile>").join("c-build").join(name);
    std::fs::create_dir_all(&dir).expect("create scratch folder");
    dir
}

/// The C compiler the cc crate picks for this target, with the flags of a careful build.
pub fn c_compiler(cpp: bool) -> Command {
    let compiler = cc::Build::new()
        .cpp(cpp)
        .target(env!("DLX_BUILD_TARGET"))
        .host(env!("DLX_BUILD_HOST"))
        .opt_level(2)
        .debug(false)
        .cargo_metadata(false)
        .warnings(true)
        .extra_warnings(true)
        .warnings_into_errors(true)
        .get_compiler();
    compiler.to_command()
}

/// What `cargo rustc -- --print native-static-libs` reports for libdlx.a.
pub const NATIVE_STATIC_LIBS: &[&str] = &["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Static,
    Shared,
}

/// Compiles C sources into `out`, against include/ and libdlx linked as asked.
pub fn build_c(sources: &[PathBuf], out: &Path, link: Link) {
    let mut cmd = c_compiler(false);
    cmd.arg("-std=c99").arg("-I").arg(root().join("include")).args(sources).arg("-o").arg(out);
    match link {
        Link::Static => {
            cmd.arg(lib_dir().join("libdlx.a")).args(NATIVE_STATIC_LIBS);
        }
        Link::Shared => {
            let dir = shared_lib_dir();
            cmd.arg("-L").arg(&dir).arg("-ldlx").arg("-lpthread").arg(format!("-Wl,-rpath,{}", dir.display()));
        }
    }
    run_ok(&mut cmd);
}

/// Compiles C++17 sources into `out`, against include/ and libdlx.a.
pub fn build_cpp(sources: &[PathBuf], out: &Path) {
    let mut cmd = c_compiler(true);
    cmd.arg("-std=c++17").arg("-pedantic").arg("-I").arg(root().join("include")).args(sources);
    cmd.arg(lib_dir().join("libdlx.a")).args(NATIVE_STATIC_LIBS).arg("-o").arg(out);
    run_ok(&mut cmd);
}

/// The body of README.md's fenced block right after `<!-- test: NAME -->`.
pub fn readme_block(name: &str) -> String {
    let text = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let marker = format!("<!-- test: {name} -->\n");
    let after = &text[text.find(&marker).unwrap_or_else(|| panic!("README lacks {marker:?}")) + marker.len()..];
    assert!(after.starts_with("```"), "a fenced block follows {marker:?}");
    let body = &after[after.find('\n').unwrap() + 1..];
    body[..body.find("```").unwrap()].to_string()
}

/// Runs a command, failing the test with its output unless it exits 0.
pub fn run_ok(cmd: &mut Command) -> Output {
    let output = cmd.output().unwrap_or_else(|e| panic!("run {cmd:?}: {e}"));
    assert!(
        output.status.success(),
        "{cmd:?} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The seed's 16x16 sample: (input, output), each 16 lines with LF ends, as a judge sees them.
pub fn seed_sample_16() -> (String, String) {
    let seed = read_shared("seeds/000_d26765aac5716a9b.txt");
    let block = |heading: &str| -> String {
        let mut lines = seed.lines().skip_while(|l| l.trim_end() != heading).skip(1);
        let grid: Vec<&str> = lines.by_ref().skip_while(|l| l.trim().is_empty()).take(16).collect();
        assert_eq!(grid.len(), 16, "{heading} has 16 lines");
        assert!(grid.iter().all(|l| l.len() == 16), "{heading} lines are 16 cells");
        grid.iter().map(|l| format!("{l}\n")).collect()
    };
    (block("Sample Input"), block("Sample Output"))
}

/// A small xorshift generator: reproducible inputs without a crate.
pub fn rng(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Whether `digit` is already in the row, column or box of `cell` of a 9x9 grid.
pub fn repeats<T: PartialEq + Copy>(grid: &[T; 81], cell: usize, digit: T) -> bool {
    let (r, c) = (cell / 9, cell % 9);
    (0..9).any(|k| {
        grid[r * 9 + k] == digit
            || grid[k * 9 + c] == digit
            || grid[((r / 3) * 3 + k / 3) * 9 + (c / 3) * 3 + k % 3] == digit
    })
}

/// A random valid full 9x9 grid: backtracking with shuffled digits.
pub fn random_full_grid(seed: &mut u64) -> [u8; 81] {
    fn fill(grid: &mut [u8; 81], cell: usize, seed: &mut u64) -> bool {
        if cell == 81 {
            return true;
        }
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        for k in (1..9).rev() {
            digits.swap(k, (rng(seed) % (k as u64 + 1)) as usize);
        }
        for d in digits {
            if !repeats(grid, cell, d) {
                grid[cell] = d;
                if fill(grid, cell + 1, seed) {
                    return true;
                }
                grid[cell] = 0;
            }
        }
        false
    }
    let mut grid = [0; 81];
    assert!(fill(&mut grid, 0, seed), "a full grid always exists");
    grid
}

/// Whether `solution` is a complete valid grid of side `side` (a square) that keeps the
/// givens of `puzzle` (0 a blank, 1..=side a digit).
pub fn is_completion(side: usize, puzzle: &[u8], solution: &[u8]) -> bool {
    let b = (side as f64).sqrt() as usize;
    let full = (1u32 << side) - 1;
    let unit_ok = |cells: &mut dyn Iterator<Item = usize>| {
        cells.fold(0u32, |m, c| m | 1u32.checked_shl(u32::from(solution[c]).wrapping_sub(1)).unwrap_or(0)) == full
    };
    solution.len() == side * side
        && solution.iter().all(|&d| d >= 1 && usize::from(d) <= side)
        && puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s)
        && (0..side).all(|u| {
            unit_ok(&mut (0..side).map(|k| u * side + k))
                && unit_ok(&mut (0..side).map(|k| k * side + u))
                && unit_ok(&mut (0..side).map(|k| ((u / b) * b + k / b) * side + (u % b) * b + k % b))
        })
}

/// Completions of a 4x4 grid (0 blank) by plain backtracking over cells: no exact cover.
pub fn brute_force_4x4(grid: &mut [u8; 16], from: usize) -> u64 {
    let Some(cell) = (from..16).find(|&c| grid[c] == 0) else {
        return u64::from(valid_4x4(grid));
    };
    let mut count = 0;
    for digit in 1..=4 {
        grid[cell] = digit;
        if valid_4x4(grid) {
            count += brute_force_4x4(grid, cell + 1);
        }
    }
    grid[cell] = 0;
    count
}

/// No digit twice in a row, column or box (blanks ignored).
pub fn valid_4x4(grid: &[u8; 16]) -> bool {
    let units = (0..4).flat_map(|u| {
        [[u * 4, u * 4 + 1, u * 4 + 2, u * 4 + 3], [u, u + 4, u + 8, u + 12], {
            let base = (u / 2) * 8 + (u % 2) * 2;
            [base, base + 1, base + 4, base + 5]
        }]
    });
    units.into_iter().all(|unit| {
        let mut seen = 0u8;
        unit.iter().all(|&c| {
            let d = grid[c];
            let fresh = d == 0 || seen & (1 << d) == 0;
            seen |= if d == 0 { 0 } else { 1 << d };
            fresh
        })
    })
}
