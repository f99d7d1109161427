//! What every call must do, checked from the outside: the oracle the fuzz targets run on each
//! input and `tests/fuzz_regressions.rs` runs on the saved findings and edge cases.
//!
//! It owns nothing of the library's code: the expected status is derived by its own reading of
//! the API contract (the header's and README's), solutions are checked for validity, output buffers
//! carry canaries, and grids with few blanks are settled by a plain backtracking count, so a
//! wrong "unsolvable" or a wrong maximum is caught too.

use crate::ffi::{
    DLX_ERR_CELL, DLX_ERR_LENGTH, DLX_ERR_NULL, DLX_OK, DLX_UNSOLVABLE, DLX9_OUT_LEN, DLX16_OUT_LEN, dlx_count9,
    dlx_count16, dlx_solve9, dlx_solve16, dlx_strerror, dlx_target_max,
};
use core::ffi::{c_char, c_int};

const CANARY: u8 = 0xA5;
const CANARY_INT: c_int = -0x5A5A5A5B;
/// Backtracking nodes the reference may spend before it gives up and checks validity only.
const REFERENCE_NODES: u64 = 20_000;

/// The status `dlx_solve16` must give for `text` (read up to its first NUL), or the cells
/// (0 blank, 1..=16 a letter) when it is well-formed.
fn expected_solve16(text: &[u8]) -> Result<[u8; 256], c_int> {
    let mut cells = [0u8; 256];
    let mut n = 0usize;
    for &byte in text.iter().take_while(|&&b| b != 0) {
        let cell = match byte {
            b' ' | b'\t' | b'\r' | b'\n' => continue,
            b'A'..=b'P' => byte - b'A' + 1,
            b'-' | b'.' => 0,
            _ => return Err(DLX_ERR_CELL),
        };
        if n == 256 {
            return Err(DLX_ERR_LENGTH);
        }
        cells[n] = cell;
        n += 1;
    }
    if n < 256 { Err(DLX_ERR_LENGTH) } else { Ok(cells) }
}

/// The status `dlx_solve9` and `dlx_count9` must give for `text` (read up to its first NUL),
/// or the cells (0 blank, 1..=9 a digit) when it is well-formed.
fn expected_nine(text: &[u8]) -> Result<[u8; 81], c_int> {
    let mut cells = [0u8; 81];
    let mut n = 0usize;
    for &byte in text.iter().take_while(|&&b| b != 0) {
        let cell = match byte {
            b' ' | b'\t' | b'\r' | b'\n' => continue,
            b'1'..=b'9' => byte - b'0',
            b'0' | b'-' | b'.' => 0,
            _ => return Err(DLX_ERR_CELL),
        };
        if n == 81 {
            return Err(DLX_ERR_LENGTH);
        }
        cells[n] = cell;
        n += 1;
    }
    if n < 81 { Err(DLX_ERR_LENGTH) } else { Ok(cells) }
}

/// Units of a side x side grid (box side b, side = b * b): for each cell its row, column, box.
fn units(side: usize, cell: usize) -> (usize, usize, usize) {
    let b = if side == 16 { 4 } else { 3 };
    let (r, c) = (cell / side, cell % side);
    (r, c, (r / b) * b + c / b)
}

/// Whether `grid` (1..=side everywhere) is a valid full grid agreeing with the givens.
fn valid_completion(side: usize, givens: &[u8], grid: &[u8]) -> Result<(), String> {
    let mut seen = [[[false; 17]; 16]; 3];
    for cell in 0..side * side {
        let v = grid[cell] as usize;
        if v == 0 || v > side {
            return Err(format!("cell {cell} holds {v}"));
        }
        if givens[cell] != 0 && givens[cell] != grid[cell] {
            return Err(format!("given at cell {cell} changed"));
        }
        let (r, c, b) = units(side, cell);
        for (kind, unit) in [(0, r), (1, c), (2, b)] {
            if std::mem::replace(&mut seen[kind][unit][v], true) {
                return Err(format!("{v} repeats in unit {kind}/{unit}"));
            }
        }
    }
    Ok(())
}

/// Whether two givens share a unit with the same symbol.
fn givens_repeat(side: usize, givens: &[u8]) -> bool {
    let mut seen = [[[false; 17]; 16]; 3];
    for (cell, &v) in givens.iter().enumerate().take(side * side) {
        let v = v as usize;
        if v == 0 {
            continue;
        }
        let (r, c, b) = units(side, cell);
        for (kind, unit) in [(0, r), (1, c), (2, b)] {
            if std::mem::replace(&mut seen[kind][unit][v], true) {
                return true;
            }
        }
    }
    false
}

/// Plain backtracking over the blanks (most constrained first): calls `visit` on every
/// completion. Returns false if it ran out of nodes before finishing.
fn enumerate(side: usize, grid: &mut [u8], nodes: &mut u64, visit: &mut dyn FnMut(&[u8])) -> bool {
    *nodes += 1;
    if *nodes > REFERENCE_NODES {
        return false;
    }
    let mut used = [[0u32; 16]; 3];
    for (cell, &v) in grid.iter().enumerate().take(side * side) {
        let (r, c, b) = units(side, cell);
        let bit = 1u32 << v;
        used[0][r] |= bit;
        used[1][c] |= bit;
        used[2][b] |= bit;
    }
    let all: u32 = ((1u32 << side) - 1) << 1;
    let mut best: Option<(usize, u32)> = None;
    for (cell, _) in grid.iter().enumerate().take(side * side).filter(|&(_, &v)| v == 0) {
        let (r, c, b) = units(side, cell);
        let free = all & !(used[0][r] | used[1][c] | used[2][b]);
        if best.is_none_or(|(_, m)| free.count_ones() < m.count_ones()) {
            best = Some((cell, free));
        }
    }
    let Some((cell, free)) = best else {
        visit(grid);
        return true;
    };
    for v in 1..=side as u8 {
        if free & (1 << v) != 0 {
            grid[cell] = v;
            let done = enumerate(side, grid, nodes, visit);
            grid[cell] = 0;
            if !done {
                return false;
            }
        }
    }
    true
}

/// Calls `dlx_solve16` and `dlx_count16` (up to 2) on `text` (a NUL is appended) and checks
/// the statuses, the output, the canary tail, that the two agree (a solution exactly when the
/// count is 1 or 2) and, where the reference can settle it, solvability and the count. Panics
/// on any violation.
pub fn check_solve16(text: &[u8]) {
    let mut input = text.to_vec();
    input.push(0);
    let before = input.clone();
    let mut out = [CANARY; DLX16_OUT_LEN + 32];
    // SAFETY: `input` is NUL-terminated and `out` has more than DLX16_OUT_LEN bytes.
    let rc = unsafe { dlx_solve16(input.as_ptr().cast::<c_char>(), out.as_mut_ptr().cast::<c_char>()) };
    // SAFETY: as above.
    let count = unsafe { dlx_count16(input.as_ptr().cast::<c_char>(), 2, 0) };
    assert_eq!(input, before, "dlx_solve16 or dlx_count16 wrote to its input");
    if rc == DLX_OK {
        assert!(count == 1 || count == 2, "solved, yet counted {count}");
    } else {
        assert_eq!(count, if rc == DLX_UNSOLVABLE { 0 } else { i64::from(rc) }, "count16 against solve16's {rc}");
    }
    assert!(out[DLX16_OUT_LEN..].iter().all(|&b| b == CANARY), "dlx_solve16 wrote past DLX16_OUT_LEN");
    match expected_solve16(text) {
        Err(code) => {
            assert_eq!(rc, code, "status for malformed input");
            assert!(out.iter().all(|&b| b == CANARY), "output written on error {rc}");
        }
        Ok(givens) if rc == DLX_OK => {
            assert_eq!(out[256], 0, "solution not NUL-terminated");
            let grid: Vec<u8> = out[..256].iter().map(|&b| b.wrapping_sub(b'A').wrapping_add(1)).collect();
            if let Err(why) = valid_completion(16, &givens, &grid) {
                panic!("invalid solution: {why}");
            }
        }
        Ok(givens) => {
            assert_eq!(rc, DLX_UNSOLVABLE, "status for well-formed input");
            assert!(out.iter().all(|&b| b == CANARY), "output written on DLX_UNSOLVABLE");
            if !givens_repeat(16, &givens) && givens.iter().filter(|&&v| v == 0).count() <= 48 {
                let (mut grid, mut nodes, mut found) = (givens, 0, false);
                let finished = enumerate(16, &mut grid, &mut nodes, &mut |_| found = true);
                assert!(!(finished && found), "DLX_UNSOLVABLE, yet the reference completes the grid");
            }
        }
    }
    if let Ok(givens) = expected_solve16(text)
        && !givens_repeat(16, &givens)
        && givens.iter().filter(|&&v| v == 0).count() <= 48
    {
        let (mut grid, mut nodes, mut found) = (givens, 0, 0i64);
        if enumerate(16, &mut grid, &mut nodes, &mut |_| found += 1) {
            assert_eq!(count, found.min(2), "count16 differs from the reference's");
        }
    }
    assert_ne!(rc, DLX_ERR_NULL);
}

/// Calls `dlx_solve9` and `dlx_count9` (up to 2) on `text` (a NUL is appended) and checks the
/// statuses, the output, the canaries, that the two agree (a solution exactly when the count
/// is 1 or 2), and, where the reference can settle it, the count itself.
pub fn check_nine(text: &[u8]) {
    let mut input = text.to_vec();
    input.push(0);
    let before = input.clone();
    let mut out = [CANARY; DLX9_OUT_LEN + 32];
    // SAFETY: `input` is NUL-terminated and `out` has more than DLX9_OUT_LEN bytes.
    let rc = unsafe { dlx_solve9(input.as_ptr().cast::<c_char>(), out.as_mut_ptr().cast::<c_char>()) };
    // SAFETY: as above.
    let count = unsafe { dlx_count9(input.as_ptr().cast::<c_char>(), 2, 0) };
    assert_eq!(input, before, "dlx_solve9 or dlx_count9 wrote to its input");
    assert!(out[DLX9_OUT_LEN..].iter().all(|&b| b == CANARY), "dlx_solve9 wrote past DLX9_OUT_LEN");
    match expected_nine(text) {
        Err(code) => {
            assert_eq!((rc, count), (code, i64::from(code)), "statuses for malformed input");
            assert!(out.iter().all(|&b| b == CANARY), "output written on error {rc}");
        }
        Ok(givens) => {
            if rc == DLX_OK {
                assert_eq!(out[81], 0, "solution not NUL-terminated");
                let grid: Vec<u8> = out[..81].iter().map(|&b| b.wrapping_sub(b'0')).collect();
                if let Err(why) = valid_completion(9, &givens, &grid) {
                    panic!("invalid 9x9 solution: {why}");
                }
                assert!(count == 1 || count == 2, "solved, yet counted {count}");
            } else {
                assert_eq!((rc, count), (DLX_UNSOLVABLE, 0), "statuses for well-formed input");
                assert!(out.iter().all(|&b| b == CANARY), "output written on DLX_UNSOLVABLE");
            }
            if !givens_repeat(9, &givens) {
                let (mut grid, mut nodes, mut found) = (givens, 0, 0i64);
                let finished = enumerate(9, &mut grid, &mut nodes, &mut |_| found += 1);
                if finished {
                    assert_eq!(count, found.min(2), "the count differs from the reference's");
                }
            }
        }
    }
}

/// The int a fuzz byte stands for in a target grid: 0..=9 as they are, 10..=127 a blank (so
/// most grids are sparse), 128.. a value outside 0..9.
pub fn target_value(byte: u8) -> c_int {
    const OUTSIDE: [c_int; 8] = [-1, 10, 11, 255, -256, 1 << 16, c_int::MIN, c_int::MAX];
    match byte {
        0..=9 => c_int::from(byte),
        10..=127 => 0,
        _ => OUTSIDE[usize::from(byte) % OUTSIDE.len()],
    }
}

fn target_weight(cell: usize) -> c_int {
    let (r, c) = ((cell / 9) as c_int, (cell % 9) as c_int);
    10 - (r - 4).abs().max((c - 4).abs())
}

/// Calls `dlx_target_max` on the grid `bytes` stand for (see [`target_value`]; missing cells are
/// blank) and checks the status, `best`, the canaries and, for grids with few blanks, the
/// maximum itself against a full enumeration. Panics on any violation.
pub fn check_target(bytes: &[u8]) {
    let mut grid = [0 as c_int; 81];
    for (cell, &byte) in grid.iter_mut().zip(bytes) {
        *cell = target_value(byte);
    }
    let before = grid;
    let mut best = [CANARY_INT; 81 + 8];
    // SAFETY: `grid` holds 81 ints and `best` more than 81.
    let rc = unsafe { dlx_target_max(grid.as_ptr(), best.as_mut_ptr()) };
    assert_eq!(grid, before, "dlx_target_max wrote to its input");
    assert!(best[81..].iter().all(|&v| v == CANARY_INT), "dlx_target_max wrote past 81 ints");
    if grid.iter().any(|v| !(0..=9).contains(v)) {
        assert_eq!(rc, DLX_ERR_CELL, "status for a value outside 0..9");
        assert!(best.iter().all(|&v| v == CANARY_INT), "best written on error");
        return;
    }
    let givens: Vec<u8> = grid.iter().map(|&v| v as u8).collect();
    if rc > 0 {
        let completion: Vec<u8> = best[..81].iter().map(|&v| v.clamp(0, 255) as u8).collect();
        if let Err(why) = valid_completion(9, &givens, &completion) {
            panic!("invalid best: {why}");
        }
        let score: c_int = (0..81).map(|k| best[k] * target_weight(k)).sum();
        assert_eq!(score, rc, "best does not score the returned maximum");
    } else {
        assert_eq!(rc, DLX_UNSOLVABLE, "status for a well-formed grid");
        assert!(best.iter().all(|&v| v == CANARY_INT), "best written on DLX_UNSOLVABLE");
    }
    if givens_repeat(9, &givens) {
        assert_eq!(rc, DLX_UNSOLVABLE, "repeated givens");
        return;
    }
    if givens.iter().filter(|&&v| v == 0).count() <= 30 {
        let (mut work, mut nodes, mut max) = (givens.clone(), 0, DLX_UNSOLVABLE);
        let finished = enumerate(9, &mut work, &mut nodes, &mut |g| {
            max = max.max((0..81).map(|k| c_int::from(g[k]) * target_weight(k)).sum());
        });
        if finished {
            assert_eq!(rc, max, "the maximum differs from full enumeration");
        }
    }
}

/// The one-sentence texts every status code has (a cheap call, fuzzed alongside).
pub fn check_strerror(code: c_int) {
    let text = dlx_strerror(code);
    assert!(!text.is_null());
    // SAFETY: dlx_strerror returns a static NUL-terminated string.
    let text = unsafe { core::ffi::CStr::from_ptr(text) };
    assert!(!text.to_bytes().is_empty());
}
