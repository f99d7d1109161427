//! What the C library's tests share: where things are, the test data, and compiling C against
//! the libdlx of this very run.
#![allow(dead_code)] // each test binary uses its own part of this module

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The test data the repository carries: corpora with known answers, judge samples.
pub fn data_dir() -> PathBuf {
    root().join("tests/data")
}

/// A file of tests/data, as text.
pub fn read_data(relative: &str) -> String {
    let path = data_dir().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// The libraries C programs link: target/release after `make all` (which this runs first, once
/// per test binary). `cargo test` does not build a cdylib or staticlib for integration tests
/// (they cannot link it as Rust), so the tests build it the way users do, and test the
/// archive as shipped (stripped) and libdlx.so with its soname link beside it.
pub fn lib_dir() -> PathBuf {
    make_all();
    root().join("target/release")
}

/// The soname of libdlx.so (build.rs sets it at link time): libdlx.so.MAJOR.
pub fn soname() -> String {
    format!("libdlx.so.{}", env!("CARGO_PKG_VERSION_MAJOR"))
}

/// Runs `make all` (the build `make install` installs) once per test binary, however many of
/// its tests ask: concurrent runs would strip and link the same files at once.
pub fn make_all() {
    static DONE: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    DONE.get_or_init(|| {
        run_ok(Command::new("make").arg("-C").arg(root()).arg("all"));
    });
}

/// A scratch folder for one test's C builds, under target/.
pub fn scratch(name: &str) -> PathBuf {
    let dir = root().join("target/c-build").join(name);
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Static,
    Shared,
}

/// Compiles C sources into `out`, against include/ and libdlx linked as asked.
pub fn build_c(sources: &[PathBuf], out: &Path, link: Link) {
    let mut cmd = c_compiler(false);
    cmd.arg("-std=c99").arg("-pthread").arg("-I").arg(root().join("include")).args(sources).arg("-o").arg(out);
    match link {
        Link::Static => {
            cmd.arg(lib_dir().join("libdlx.a"));
        }
        Link::Shared => {
            let dir = lib_dir();
            cmd.arg("-L").arg(&dir).arg("-ldlx").arg(format!("-Wl,-rpath,{}", dir.display()));
        }
    }
    cmd.arg("-lm"); // examples/hdu2295.c prints a square root
    run_ok(&mut cmd);
}

/// Compiles C++17 sources into `out`, against include/ and libdlx.a.
pub fn build_cpp(sources: &[PathBuf], out: &Path) {
    let mut cmd = c_compiler(true);
    cmd.arg("-std=c++17").arg("-pedantic").arg("-I").arg(root().join("include")).args(sources);
    cmd.arg(lib_dir().join("libdlx.a")).arg("-o").arg(out);
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

/// POJ 3076's sample: (input, output), each 16 lines with LF ends, as the judge gives them.
pub fn poj3076_sample() -> (String, String) {
    (read_data("judges/poj3076-sample.in"), read_data("judges/poj3076-sample.out"))
}

#[path = "../reference/mod.rs"]
mod reference;
#[allow(unused_imports)] // not every test binary uses the references
pub use reference::*;
