//! dlx_solve9 and dlx_count9 on arbitrary bytes (a NUL is appended; embedded NULs end the text
//! early), checked against each other and a backtracking reference.
#![no_main]

/// The C layer's own source: the functions C programs call, compiled over dlx-core.
#[path = "../../src/ffi.rs"]
mod ffi;
#[path = "../oracle.rs"]
#[allow(dead_code)] // each target uses its own part of the oracle
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracle::check_nine(data));
