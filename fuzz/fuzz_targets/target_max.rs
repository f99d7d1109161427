//! dlx_target_max on grids made from arbitrary bytes (see `oracle::target_value`), and
//! dlx_strerror on the first four bytes as an int.
#![no_main]

/// The C layer's own source: the functions C programs call, compiled over dlx-core.
#[path = "../../src/ffi.rs"]
mod ffi;

#[path = "../oracle.rs"]
#[allow(dead_code)] // each target uses its own part of the oracle
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    oracle::check_target(data);
    if let Some(word) = data.first_chunk::<4>() {
        oracle::check_strerror(i32::from_le_bytes(*word));
    }
});
