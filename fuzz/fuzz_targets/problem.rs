//! The general exact cover's C functions driven by arbitrary call sequences: every status,
//! fault and answer checked against a model of the header's contract and a brute force over
//! every set of options (`oracle::check_problem`), with colors, bounds and costs, the memory
//! around the problem and around every output array checked untouched.
//!
//! Input: four bytes size the problem (primary items 0-7, secondary 0-3, options 0-15,
//! entries 0-47), then operations, a byte each (taken mod 8) followed by its arguments:
//! - 0 add: a length byte (mod 8), then the items as signed bytes (`dlx_problem_add`);
//! - 1 search: a limit byte (mod 8: 0 refused, 1-5, 6 and 7 for all, `INT64_MAX`, when the
//!   brute force counts at most 300, else 300) and a byte after how many solutions the visitor
//!   stops (mod 4, 0 for never);
//! - 2 minimum: a capacity byte (mod 10);
//! - 3 nodes;
//! - 4 add_option: a length byte (mod 8 the count; bit 3 set: `colors` NULL; bits 4-6 all set:
//!   `items` NULL; 0xF8 and above: a negative count), the items as signed bytes, a color byte
//!   per item unless `colors` is NULL (mostly 0-3, mostly 0 on primary items, 1 in 16
//!   negative), then a cost byte (mostly 0-3, 1 in 16 near `INT32_MAX`, 1 in 16 negative);
//! - 5 bounds: an item byte (below 128: 0-11; else negative), `lo` and `hi` bytes (mod 8,
//!   minus 1; a `hi` byte 255 is `INT32_MAX`);
//! - 6 at_most: a limit byte (mod 11, minus 1: -1 to 9; 254 and 255 the extremes of
//!   `int64_t`), then a capacity byte (mod 18, minus 1; 0xF0 and above: NULL `options`, a
//!   capacity of -1, 0 or 1);
//! - 7 cost, and the fault of the last add.
//!
//! Op 3 (nodes) also splits the problem into pieces, when it has at most 300 solutions, and
//! checks them against the brute force (`oracle::check_pieces`).
//!
//! Inputs made for ops 0-3 alone mean what they meant before colors, bounds and costs came,
//! except that search's limit bytes 6 and 7 now mean all. After 8 searching calls (1, 2 and
//! 6) the input ends: with 15 options each may take tens of milliseconds instrumented, and
//! libFuzzer's longer inputs would otherwise repeat them thousands of times.
#![no_main]

/// The C layer's own source: the functions C programs call, compiled over dlx-core.
#[path = "../../src/ffi.rs"]
mod ffi;

#[path = "../oracle.rs"]
#[allow(dead_code)] // each target uses its own part of the oracle
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracle::check_problem(data));
