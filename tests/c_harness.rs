//! Builds c_tests/harness.c with the cc crate against the real libdlx.a and, separately,
//! libdlx.so, and runs both on the shared corpora.

mod common;

use common::{Link, build_c, root, run_ok, scratch, shared_dir};
use std::process::Command;

fn run_harness(link: Link) {
    let exe = scratch("harness").join(format!("harness-{link:?}").to_lowercase());
    build_c(&[root().join("c_tests/harness.c")], &exe, link);
    let output = run_ok(Command::new(&exe).arg(shared_dir()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("harness: ") && last.ends_with(" passed, 0 failed"), "closing line: {last}");
    let passed: u64 = last["harness: ".len()..].split(' ').next().unwrap().parse().unwrap();
    assert!(passed > 5000, "the harness ran only {passed} checks");
}

#[test]
fn harness_passes_against_the_static_library() {
    run_harness(Link::Static);
}

#[test]
fn harness_passes_against_the_shared_library() {
    run_harness(Link::Shared);
}
