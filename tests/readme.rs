//! README.md says what is true: its two commands, its link lines (compiled and run here with
//! its example program), and the system libraries the static library needs.

mod common;
/// The C layer's own source, compiled into this test: its functions, called from Rust.
#[path = "../src/ffi.rs"]
mod ffi;

use common::{build_cpp, lib_dir, poj3076_sample, readme_block, root, run_ok, scratch};
use std::process::Command;

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

/// The libraries after `libdlx.a` on the README's static link line.
fn readme_static_libs() -> Vec<String> {
    readme_block("link-static")
        .split_whitespace()
        .skip_while(|w| !w.ends_with("libdlx.a"))
        .skip(1)
        .take_while(|w| w.starts_with("-l"))
        .map(String::from)
        .collect()
}

#[test]
fn the_two_commands_are_at_the_top_and_ci_runs_the_test_one() {
    let text = readme();
    let top: String = text.lines().take(25).collect::<Vec<_>>().join("\n");
    assert!(top.contains("make demo") && top.contains("make test"), "README's first lines name both commands");
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(ci.lines().any(|l| l.trim() == "make test"), ".ci/run runs the README's test command");
}

/// Runs a README link line with the example as app.c, in a scratch folder, and checks that the
/// program prints the solution of POJ 3076's sample.
fn link_and_run(name: &str) {
    let dir = scratch(&format!("readme-{name}"));
    std::fs::write(dir.join("app.c"), readme_block("readme-example")).unwrap();
    let line = readme_block(name);
    let words: Vec<String> = line
        .split_whitespace()
        .map(|w| {
            let w = w.replace("$PWD/", &format!("{}/", root().display()));
            let w = w.replace("target/release", &lib_dir().display().to_string());
            match w.as_str() {
                "app.c" => dir.join("app.c").display().to_string(),
                "app" => dir.join("app").display().to_string(),
                "-Iinclude" => format!("-I{}", root().join("include").display()),
                _ => w,
            }
        })
        .collect();
    assert_eq!(words[0], "cc");
    run_ok(Command::new(&words[0]).args(&words[1..]).current_dir(&dir));
    let out = run_ok(&mut Command::new(dir.join("app")));
    let (_, expected) = poj3076_sample();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected.replace('\n', "") + "\n");
}

#[test]
fn the_example_links_statically_with_the_documented_line() {
    link_and_run("link-static");
}

#[test]
fn the_example_links_dynamically_with_the_documented_line() {
    link_and_run("link-shared");
}

#[test]
fn the_cpp_example_compiles_and_runs() {
    let dir = scratch("readme-cpp");
    std::fs::write(dir.join("app.cpp"), readme_block("cpp-example")).unwrap();
    build_cpp(&[dir.join("app.cpp")], &dir.join("app"));
    let out = String::from_utf8(run_ok(&mut Command::new(dir.join("app"))).stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    // The same grid dlx_solve16 gives for the empty puzzle, called from Rust.
    let mut solution = [0u8; ffi::DLX16_OUT_LEN];
    let blank = [b'-'; 256].iter().copied().chain([0]).collect::<Vec<u8>>();
    // SAFETY: `blank` is NUL-terminated, `solution` holds DLX16_OUT_LEN bytes.
    let rc = unsafe { ffi::dlx_solve16(blank.as_ptr().cast(), solution.as_mut_ptr().cast()) };
    assert_eq!(rc, ffi::DLX_OK);
    assert_eq!(lines[0].as_bytes(), &solution[..256]);
    assert_eq!(lines[1], "2906");
}

#[test]
fn the_static_link_line_names_what_rustc_reports() {
    // A separate target folder, so this build neither waits on nor disturbs the one under test;
    // `cargo clean -p dlx` there makes rustc run (and print) every time.
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let probe = root().join("target/native-static-libs-probe");
    let manifest = root().join("Cargo.toml");
    run_ok(
        Command::new(&cargo)
            .args(["clean", "--release", "-p", "dlx", "--target-dir"])
            .arg(&probe)
            .arg("--manifest-path")
            .arg(&manifest),
    );
    let out = run_ok(
        Command::new(&cargo)
            .args(["rustc", "--release", "--lib", "--crate-type", "staticlib", "--target-dir"])
            .arg(&probe)
            .arg("--manifest-path")
            .arg(&manifest)
            .args(["--", "--print", "native-static-libs"]),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let reported: Vec<String> = stderr
        .lines()
        .find_map(|l| l.split("native-static-libs: ").nth(1))
        .unwrap_or_else(|| panic!("rustc printed no native-static-libs line:\n{stderr}"))
        .split_whitespace()
        .map(String::from)
        .collect();
    // rustc lists what the libc crate's link attributes name for any program (-lc -lm -lrt
    // -lpthread); the library's code needs only the C library (tests/size.rs checks its
    // symbols), so the README's line may name less, never something else.
    let readme = readme_static_libs();
    assert!(readme.iter().all(|l| reported.contains(l)), "README's static line {readme:?}, rustc {reported:?}");
    assert!(reported.iter().all(|l| ["-lc", "-lm", "-lrt", "-lpthread"].contains(&l.as_str())), "{reported:?}");
}

#[test]
fn the_exact_cover_snippet_counts_the_8_queens() {
    let dir = scratch("readme-exact-cover");
    let body = readme_block("exact-cover-example");
    let program = format!(
        "#define _POSIX_C_SOURCE 200112L\n#include <stdio.h>\n#include <stdlib.h>\n#include \"dlx.h\"\nint main(void) {{\n{body}return 0;\n}}\n"
    );
    std::fs::write(dir.join("app.c"), program).unwrap();
    run_ok(
        Command::new("cc")
            .arg(format!("-I{}", root().join("include").display()))
            .arg(dir.join("app.c"))
            .arg(lib_dir().join("libdlx.a"))
            .arg("-o")
            .arg(dir.join("app")),
    );
    let out = run_ok(&mut Command::new(dir.join("app")));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "92\n");
}
