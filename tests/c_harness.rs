//! Builds the C test programs of c_tests/ with the cc crate against the real libdlx.a and,
//! separately, libdlx.so, and runs them: the harness on the corpora of tests/data, the 9x9,
//! counting and time-limit test (jobs), the guard-page bounds test, the malloc-counting test and
//! the 8-thread test, and colors, bounds and costs of the general exact cover against brute force.

mod common;

use common::{Link, build_c, data_dir, root, run_ok, scratch};
use std::process::Command;

/// Builds and runs c_tests/<program>.c; returns how many checks passed.
fn run_c_test(program: &str, link: Link) -> u64 {
    let exe = scratch("c_tests").join(format!("{program}-{link:?}").to_lowercase());
    build_c(&[root().join("c_tests").join(format!("{program}.c"))], &exe, link);
    let output = run_ok(Command::new(&exe).arg(data_dir()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    let prefix = format!("{program}: ");
    assert!(last.starts_with(&prefix) && last.ends_with(" passed, 0 failed"), "closing line: {last}");
    last[prefix.len()..].split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn harness_passes_against_the_static_library() {
    assert!(run_c_test("harness", Link::Static) > 5000);
}

#[test]
fn harness_passes_against_the_shared_library() {
    assert!(run_c_test("harness", Link::Shared) > 5000);
}

#[test]
fn nine_by_nine_counts_and_time_limits_hold_against_both_libraries() {
    assert!(run_c_test("jobs", Link::Static) > 1500);
    assert!(run_c_test("jobs", Link::Shared) > 1500);
}

#[test]
fn nothing_is_read_or_written_past_a_guard_page() {
    assert!(run_c_test("bounds", Link::Static) >= 45);
    assert!(run_c_test("bounds", Link::Shared) >= 45);
}

#[test]
fn no_call_allocates_as_counted_by_malloc_interposition() {
    assert!(run_c_test("noalloc", Link::Static) > 400);
    assert!(run_c_test("noalloc", Link::Shared) > 400);
}

#[test]
fn eight_threads_on_256_kib_stacks_agree_with_one() {
    assert!(run_c_test("threads", Link::Static) >= 72);
}

#[test]
fn colors_bounds_and_costs_agree_with_brute_force_against_both_libraries() {
    assert!(run_c_test("problem_family", Link::Static) > 5000);
    assert!(run_c_test("problem_family", Link::Shared) > 5000);
}
