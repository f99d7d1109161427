//! What `make` ships is small: link-time optimisation applies (one object of our code in the
//! archive), `libdlx.a` is under 4 MB, a judge program linked with it by the README's line and
//! stripped is under 250 KB, and the library's code needs nothing from the system but abort, the monotonic clock
//! and the memory functions every C library has. Sizes are deterministic for one toolchain, so a test may
//! assert them.

mod common;

use common::{c_compiler, make_all, poj3076_sample, root, run_ok, scratch};
use std::process::Command;

const ARCHIVE_LIMIT: u64 = 4_000_000;
/// The goal for the README's static link line (with --gc-sections: about 60 KB; without it
/// every function of the one LTO object comes in, about 270 KB).
const PROGRAM_LIMIT: u64 = 250_000;

/// The archive `make` leaves in target/release (what `make install` installs).
fn made_archive() -> std::path::PathBuf {
    make_all();
    root().join("target/release/libdlx.a")
}

fn archive_members(archive: &std::path::Path) -> Vec<String> {
    let out = run_ok(Command::new("ar").arg("t").arg(archive));
    String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect()
}

#[test]
fn the_archive_is_one_optimised_object_over_the_compiler_builtins_and_under_4_mb() {
    let archive = made_archive();
    let size = std::fs::metadata(&archive).unwrap().len();
    assert!(size < ARCHIVE_LIMIT, "libdlx.a is {size} bytes");
    let members = archive_members(&archive);
    let ours: Vec<&String> = members.iter().filter(|m| m.starts_with("dlx")).collect();
    assert_eq!(ours.len(), 1, "LTO merges dlx and dlx-core into one object: {ours:?}");
    // Without LTO, core, dlx_core and their codegen units would be members of their own.
    let strays: Vec<&String> = members
        .iter()
        .filter(|m| !m.starts_with("dlx.") && !m.starts_with("compiler_builtins-") && m.contains("rcgu"))
        .collect();
    assert!(strays.is_empty(), "Rust objects beside the LTO one: {strays:?}");
}

#[test]
fn the_library_code_needs_only_abort_the_clock_and_the_memory_functions() {
    let archive = made_archive();
    let out = run_ok(Command::new("nm").arg("-u").arg(&archive));
    let listing = String::from_utf8(out.stdout).unwrap();
    // nm prints "member:" before each member's undefined symbols.
    let ours =
        listing.split("\n\n").find(|block| block.trim_start().starts_with("dlx.")).expect("nm lists the dlx object");
    let allowed = ["abort", "clock_gettime", "memcpy", "memmove", "memset", "memcmp", "bcmp"];
    let needed = ours.lines().filter_map(|l| l.trim_start().strip_prefix("U ")).map(str::trim);
    for symbol in needed {
        assert!(
            allowed.contains(&symbol) || symbol.starts_with("__") && !symbol.contains("rust"),
            "libdlx.a's code needs {symbol}:\n{ours}"
        );
    }
}

#[test]
fn a_judge_program_linked_statically_and_stripped_is_under_250_kb() {
    let archive = made_archive();
    let line = common::readme_block("link-static");
    assert!(line.contains(" -Wl,--gc-sections "), "the README's static line: {line}");
    let dir = scratch("size");
    let exe = dir.join("poj3076");
    let mut cc = c_compiler(false);
    cc.arg("-std=c99").arg("-I").arg(root().join("include"));
    run_ok(cc.arg(root().join("examples/poj3076.c")).arg(&archive).arg("-Wl,--gc-sections").arg("-o").arg(&exe));
    run_ok(Command::new("strip").arg(&exe));
    let size = std::fs::metadata(&exe).unwrap().len();
    assert!(size < PROGRAM_LIMIT, "stripped poj3076 is {size} bytes");
    let (input, output) = poj3076_sample();
    let run = run_ok(Command::new("sh").arg("-c").arg(format!("'{}' < '{}'", exe.display(), {
        let path = dir.join("sample.in");
        std::fs::write(&path, input).unwrap();
        path.display().to_string()
    })));
    assert_eq!(String::from_utf8(run.stdout).unwrap(), output);
}
