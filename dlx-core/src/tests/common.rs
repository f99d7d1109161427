//! What the core's tests share: the repository's test data, and the references independent of
//! the library (tests/reference).
#![allow(dead_code)] // each test module uses its own part of this one

use std::path::PathBuf;

use crate::deadline::Deadline;

/// The test data the repository carries (tests/data: corpora with known answers, judge
/// samples), relative to it.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data")
}

/// A file of tests/data, as text.
pub fn read_data(relative: &str) -> String {
    let path = data_dir().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// A deadline that never passes (its closure is leaked: a few bytes per test).
pub fn no_limit() -> Deadline<'static> {
    Deadline::new(Box::leak(Box::new(|| false)))
}

/// POJ 3076's sample: (input, output), each 16 lines with LF ends, as the judge gives them.
pub fn poj3076_sample() -> (String, String) {
    (read_data("judges/poj3076-sample.in"), read_data("judges/poj3076-sample.out"))
}

#[path = "../../../tests/reference/mod.rs"]
mod reference;
pub use reference::*;
