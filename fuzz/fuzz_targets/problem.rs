//! The general exact cover's C functions driven by arbitrary call sequences: every status and
//! every answer checked against a model of the contract and the brute-force enumerator of
//! tests/reference, the memory around the problem checked untouched.
//!
//! Input: four bytes size the problem (primary 0-7, secondary 0-3, options 0-15, entries
//! 0-47), then operations: 0 add (a length byte, then items as signed bytes), 1 search (a
//! limit byte, a byte after how many the visitor stops, 0 for never), 2 minimum (a capacity
//! byte), 3 nodes.
#![no_main]

/// The C layer's own source: the functions C programs call, compiled over dlx-core.
#[path = "../../src/ffi.rs"]
mod ffi;
#[path = "../../tests/reference/mod.rs"]
#[allow(dead_code)]
mod reference;

use core::ffi::c_void;
use ffi::*;

unsafe extern "C" fn record(context: *mut c_void, options: *const i32, count: i32) -> core::ffi::c_int {
    // SAFETY: `context` is the (found, stop_after) pair `check` passes; options has `count` ints.
    let (found, stop_after) = unsafe { &mut *context.cast::<(Vec<Vec<i32>>, usize)>() };
    found.push(unsafe { std::slice::from_raw_parts(options, count as usize) }.to_vec());
    (*stop_after != 0 && found.len() >= *stop_after) as core::ffi::c_int
}

fn check(data: &[u8]) {
    let [a, b, c, d, ops @ ..] = data else { return };
    let (primary, secondary, cap_options, cap_entries) = ((a % 8) as i32, (b % 4) as i32, (c % 16) as i32, (d % 48) as i64);
    let items = primary + secondary;
    let size = dlx_problem_size(items, cap_options, cap_entries);
    assert!(size > 0 && size % 16 == 0);
    // Two words of canary on each side.
    let mut memory = vec![0xA5A5_A5A5_A5A5_A5A5u64; size / 8 + 4];
    let base = unsafe { memory.as_mut_ptr().add(2) }.cast::<c_void>();
    // SAFETY: `base` has `size` bytes, 16-aligned (Vec<u64> of this size is from malloc; checked).
    if base as usize % 16 != 0 {
        return;
    }
    let p = unsafe { dlx_problem_init(base, size, primary, secondary, cap_options, cap_entries) };
    assert_eq!(p.cast::<c_void>(), base);
    let mut model: Vec<Vec<i32>> = Vec::new();
    let mut entries = 0i64;
    let mut rest = ops;
    while let [op, tail @ ..] = rest {
        rest = tail;
        match op % 4 {
            0 => {
                let [len, tail @ ..] = rest else { break };
                let len = (*len % 8) as usize;
                let option: Vec<i32> = tail.iter().take(len).map(|&x| x as i8 as i32).collect();
                rest = &tail[option.len()..];
                let in_range = option.iter().all(|&i| (0..items).contains(&i));
                let has_primary = option.iter().any(|&i| i < primary);
                let repeated = (1..option.len()).any(|k| option[..k].contains(&option[k]));
                let expected = if option.is_empty() || !in_range || !has_primary {
                    DLX_ERR_ARG
                } else if model.len() as i32 >= cap_options || entries + option.len() as i64 > cap_entries {
                    DLX_ERR_CAPACITY
                } else if repeated {
                    DLX_ERR_ARG
                } else {
                    model.len() as i32
                };
                let got = unsafe { dlx_problem_add(p, option.as_ptr(), option.len() as i32) };
                assert_eq!(got, expected, "add {option:?} to {model:?}");
                // The fault names the first check that failed, in the order above.
                let first_repeat = (1..option.len())
                    .find_map(|k| option[..k].iter().position(|&i| i == option[k]).map(|f| (k as i32, f as i32)));
                let fault = if got >= 0 {
                    (DLX_FAULT_NONE, -1, -1)
                } else if option.is_empty() {
                    (DLX_FAULT_EMPTY, -1, -1)
                } else if let Some(k) = option.iter().position(|i| !(0..items).contains(i)) {
                    (DLX_FAULT_OUT_OF_RANGE, k as i32, -1)
                } else if !has_primary {
                    (DLX_FAULT_NO_PRIMARY, -1, -1)
                } else if model.len() as i32 >= cap_options {
                    (DLX_FAULT_OPTIONS_FULL, -1, -1)
                } else if got == DLX_ERR_CAPACITY {
                    (DLX_FAULT_ENTRIES_FULL, -1, -1)
                } else {
                    let (k, f) = first_repeat.expect("a repeat is what is left");
                    (DLX_FAULT_REPEATED, k, f)
                };
                let (mut entry, mut earlier) = (0, 0);
                let code = unsafe { dlx_problem_fault(p, &mut entry, &mut earlier) };
                assert_eq!((code, entry, earlier), fault, "fault of {option:?}");
                if got >= 0 {
                    entries += option.len() as i64;
                    model.push(option);
                }
            }
            1 => {
                let [limit, stop, tail @ ..] = rest else { break };
                rest = tail;
                let all = reference::exact_covers(primary as usize, secondary as usize, &model);
                let mut state = (Vec::new(), *stop as usize % 4);
                let limit = i64::from(*limit % 6);
                let got = unsafe {
                    dlx_problem_search(p, limit, 0, Some(record), (&mut state as *mut (Vec<Vec<i32>>, usize)).cast())
                };
                if limit == 0 {
                    assert_eq!(got, DLX_ERR_ARG.into());
                    continue;
                }
                let want = all.len().min(limit as usize).min(if state.1 == 0 { usize::MAX } else { state.1 });
                assert_eq!((got, state.0.len()), (want as i64, want), "search of {model:?}");
                for cover in &state.0 {
                    assert!(all.contains(cover), "{cover:?} is not a cover of {model:?}");
                }
                let distinct: std::collections::BTreeSet<_> = state.0.iter().collect();
                assert_eq!(distinct.len(), state.0.len(), "no cover twice");
            }
            2 => {
                let [capacity, tail @ ..] = rest else { break };
                rest = tail;
                let capacity = (*capacity % 10) as usize;
                let mut out = vec![-7i32; capacity];
                let got = unsafe { dlx_problem_minimum(p, out.as_mut_ptr(), capacity as i32, 0) };
                let all = reference::exact_covers(primary as usize, secondary as usize, &model);
                match all.iter().map(Vec::len).min() {
                    None => assert_eq!(got, DLX_UNSOLVABLE),
                    Some(least) if least > capacity => assert_eq!(got, DLX_ERR_CAPACITY),
                    Some(least) => {
                        assert_eq!(got, least as i32);
                        assert!(all.contains(&out[..least].to_vec()), "{out:?}");
                        assert!(out[least..].iter().all(|&x| x == -7));
                    }
                }
                if got < 0 {
                    assert!(out.iter().all(|&x| x == -7), "nothing written on error");
                }
            }
            _ => assert!(unsafe { dlx_problem_nodes(p) } >= 0),
        }
    }
    let n = memory.len();
    assert!(memory[..2].iter().chain(&memory[n - 2..]).all(|&w| w == 0xA5A5_A5A5_A5A5_A5A5), "canaries");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));
