//! dlx_solve16 on arbitrary bytes (a NUL is appended; embedded NULs end the text early).
#![no_main]

#[path = "../oracle.rs"]
#[allow(dead_code)] // each target uses its own part of the oracle
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracle::check_solve16(data));
