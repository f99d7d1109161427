//! dlx_rate9 and dlx_hint9 on arbitrary bytes (a NUL is appended), checked against dlx_count9's
//! statuses and the solution by walking the hints (fuzz/oracle.rs, `check_rate`).
#![no_main]

/// The C layer's own source: the functions C programs call, compiled over dlx-core.
#[path = "../../src/ffi.rs"]
mod ffi;
#[path = "../oracle.rs"]
#[allow(dead_code)] // each target uses its own part of the oracle
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracle::check_rate(data));
