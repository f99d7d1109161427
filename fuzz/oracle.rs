//! What every call must do, checked from the outside: the oracle the fuzz targets run on each
//! input and `tests/fuzz_regressions.rs` runs on the saved findings and edge cases.
//!
//! It owns nothing of the library's code: the expected status is derived by its own reading of
//! the API contract (the header's and README's), solutions are checked for validity, output buffers
//! carry canaries, and grids with few blanks are settled by a plain backtracking count, so a
//! wrong "unsolvable" or a wrong maximum is caught too.

use crate::ffi::{
    DLX_BEYOND, DLX_ERR_CELL, DLX_ERR_LENGTH, DLX_ERR_NULL, DLX_MULTIPLE, DLX_OK, DLX_STEP_NAME_LEN, DLX_UNSOLVABLE,
    DLX9_OUT_LEN, DLX16_OUT_LEN, dlx_count9, dlx_count16, dlx_hint9, dlx_rate9, dlx_solve9, dlx_solve16, dlx_step,
    dlx_strerror, dlx_target_max,
};
use core::ffi::{c_char, c_int, c_void};

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

/// A `dlx_step` full of canaries, to see what `dlx_hint9` writes.
fn canary_step() -> dlx_step {
    dlx_step {
        technique: CANARY_INT,
        rating: CANARY_INT,
        cell: CANARY_INT,
        digit: CANARY_INT,
        digits: CANARY_INT,
        cells: [CANARY; 81],
        eliminations: [0xA5A5; 81],
        name: [CANARY as c_char; DLX_STEP_NAME_LEN],
    }
}

/// Whether `step` is still all canaries.
fn untouched(step: &dlx_step) -> bool {
    let canary = canary_step();
    (step.technique, step.rating, step.cell, step.digit, step.digits)
        == (canary.technique, canary.rating, canary.cell, canary.digit, canary.digits)
        && step.cells == canary.cells
        && step.eliminations == canary.eliminations
        && step.name == canary.name
}

/// `dlx_hint9` on the 81 cells of `grid` (0 blank) written as text: its status and step.
fn hint(grid: &[u8; 81]) -> (i32, dlx_step) {
    let mut text: Vec<u8> = grid.iter().map(|&d| if d == 0 { b'.' } else { b'0' + d }).collect();
    text.push(0);
    let mut step = canary_step();
    // SAFETY: `text` is NUL-terminated; `step` is a writable dlx_step.
    let rc = unsafe { dlx_hint9(text.as_ptr().cast::<c_char>(), &mut step, 0) };
    (rc, step)
}

/// The candidates of each blank of `grid` (0 blank): the digits no peer holds, as a mask.
fn candidates(grid: &[u8; 81]) -> [u16; 81] {
    core::array::from_fn(|cell| {
        if grid[cell] != 0 {
            return 0;
        }
        let (r, c, b) = units(9, cell);
        (0..81)
            .filter(|&o| {
                grid[o] != 0 && {
                    let (ro, co, bo) = units(9, o);
                    ro == r || co == c || bo == b
                }
            })
            .fold(0x1FF, |m, o| m & !(1u16 << (grid[o] - 1)))
    })
}

/// `dlx_rate9` and `dlx_hint9` on arbitrary bytes (a NUL is appended): malformed text gives
/// `dlx_count9`'s status from both and no step written; with no solution `DLX_UNSOLVABLE`, with
/// several `DLX_MULTIPLE` (as `dlx_count9` counts). With one, the hints are walked from the
/// puzzle: each step must be sound against the solution (a placement puts the solution's digit
/// in a blank, no elimination takes out the solution's digit) and rated no higher than the
/// puzzle while on its path; while the steps only place digits the walk follows the rater's own path, so reaching
/// the solution so means the rating is the hardest step's, and a hint of `DLX_BEYOND` on that
/// path means the rating is `DLX_BEYOND` too.
pub fn check_rate(text: &[u8]) {
    let mut input = text.to_vec();
    input.push(0);
    let before = input.clone();
    let puzzle = input.as_ptr().cast::<c_char>();
    // SAFETY: `input` is NUL-terminated; `step` is a writable dlx_step.
    let (rating, count, (first, first_step)) = unsafe {
        let mut step = canary_step();
        (dlx_rate9(puzzle, 0), dlx_count9(puzzle, 2, 0), (dlx_hint9(puzzle, &mut step, 0), step))
    };
    assert_eq!(input, before, "dlx_rate9 or dlx_hint9 wrote to its input");
    let givens = match expected_nine(text) {
        Err(code) => {
            assert_eq!((rating, first, count), (code, code, i64::from(code)), "statuses for malformed input");
            assert!(untouched(&first_step), "step written on error {first}");
            return;
        }
        Ok(givens) => givens,
    };
    match count {
        0 => assert_eq!((rating, first), (DLX_UNSOLVABLE, DLX_UNSOLVABLE), "no solution"),
        2 => assert_eq!((rating, first), (DLX_MULTIPLE, DLX_MULTIPLE), "several solutions"),
        1 => {}
        _ => panic!("dlx_count9 gave {count}"),
    }
    if count != 1 {
        assert!(untouched(&first_step), "step written on {first}");
        return;
    }
    assert!(rating >= 0 || rating == DLX_BEYOND, "a unique puzzle rated {rating}");
    let mut out = [0u8; DLX9_OUT_LEN];
    // SAFETY: `input` is NUL-terminated and `out` has DLX9_OUT_LEN bytes.
    assert_eq!(unsafe { dlx_solve9(puzzle, out.as_mut_ptr().cast::<c_char>()) }, DLX_OK);
    let solution: [u8; 81] = core::array::from_fn(|k| out[k] - b'0');
    let (mut grid, mut hardest, mut on_path) = (givens, 0, true);
    for _ in 0..=81 {
        let (rc, step) = hint(&grid);
        match rc {
            1 => {
                assert_eq!(grid, solution, "hint9 says solved");
                if on_path {
                    assert_eq!(rating, hardest, "the rating is not the hardest step on the path");
                }
                return;
            }
            DLX_BEYOND => {
                assert!(!on_path || rating == DLX_BEYOND, "hint9 beyond on the rater's path, rated {rating}");
                return;
            }
            DLX_OK => {}
            _ => panic!("hint9 on a unique puzzle gave {rc}"),
        }
        assert!((1..=36).contains(&step.technique) && step.rating >= 10, "technique {}", step.technique);
        assert!(step.name.contains(&0) && step.name[0] != 0, "name not NUL-terminated or empty");
        // Off the path (eliminations the text dropped) a harder step may be needed.
        assert!(
            !on_path || rating == DLX_BEYOND || step.rating <= rating,
            "a step rated {} above {rating}",
            step.rating
        );
        hardest = hardest.max(step.rating);
        let open = candidates(&grid);
        let mut takes_out = false;
        for cell in 0..81 {
            let gone = step.eliminations[cell];
            assert!(gone >> 9 == 0, "eliminations outside 1..9 at {cell}");
            if grid[cell] == 0 {
                assert_eq!(
                    gone & 1 << (solution[cell] - 1),
                    0,
                    "{:?} takes out the solution at {cell}",
                    step.technique
                );
                takes_out |= gone & open[cell] != 0;
            }
        }
        if step.cell < 0 {
            // Eliminations the text cannot carry: the walk ends here, sound so far.
            assert!(takes_out, "a step that neither places nor takes out");
            return;
        }
        let cell = step.cell as usize;
        assert!(cell < 81 && grid[cell] == 0, "a placement on given cell {cell}");
        assert_eq!(step.digit as u8, solution[cell], "a placement of a wrong digit at {cell}");
        grid[cell] = solution[cell];
        on_path &= !takes_out;
    }
    panic!("hints did not end within 81 steps");
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

// ---- The general exact cover (the `problem` target) -----------------------------------------

/// The model's copy of an accepted option: its items, their colors (0 none) and its cost.
struct ModelOption {
    items: Vec<i32>,
    colors: Vec<i32>,
    cost: i64,
}

/// Every solution of the problem by a walk over every set of options (at most 15), each as
/// (the set, a bit per option; its total cost), ordered by set. A set is a solution when it
/// covers each primary item `i` between `bounds[i].0` and `bounds[i].1` times, and gives each
/// secondary item either to one option without a color on it or to options that all color it
/// the same (nonzero) way. Subsets are pruned as soon as a bound or a color is broken, never by
/// cost: Knuth's rules read literally, not the library's search.
///
/// It runs on every change to the problem, up to 2^16 steps, instrumented: the primary items'
/// counts are the bytes of one word (at most 8 items, each counted to at most 15 and bounded
/// by at most 16, so no byte ever carries or borrows into the next), a step a few operations.
fn problem_solutions(
    primary: usize,
    bounds: &[(i32, i32)],
    options: &[ModelOption],
    secondary: usize,
) -> Vec<(u32, i64)> {
    /// A secondary item nobody took yet; 0 means taken without a color, c > 0 colored c.
    const FREE: i32 = -1;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    /// Whether each byte of `big` is at least the same byte of `small` (all below 128).
    fn at_least(big: u64, small: u64) -> bool {
        ((big | HIGH) - small) & HIGH == HIGH
    }
    let bytes = |f: &dyn Fn(&(i32, i32)) -> i32| {
        bounds.iter().enumerate().fold(0u64, |word, (i, b)| word | (f(b).clamp(0, 16) as u64) << (8 * i))
    };
    /// An option as the walk reads it: its primary items (a 1 in the byte of each), its
    /// secondary entries (item from 0, color) and its cost.
    struct Compiled {
        covers: u64,
        shared: Vec<(usize, i32)>,
        cost: i64,
    }
    struct Walk<'a> {
        lo: u64,
        hi: u64,
        options: &'a [Compiled],
        state: Vec<i32>,
        out: Vec<(u32, i64)>,
    }
    fn walk(w: &mut Walk<'_>, k: usize, set: u32, counts: u64, cost: i64) {
        if k == w.options.len() {
            if at_least(counts, w.lo) {
                w.out.push((set, cost));
            }
            return;
        }
        walk(w, k + 1, set, counts, cost);
        let Compiled { covers, shared, cost: price } = &w.options[k];
        let counts = counts + covers;
        if !at_least(w.hi, counts) || !shared.iter().all(|&(i, c)| w.state[i] == FREE || (c != 0 && w.state[i] == c)) {
            return;
        }
        let mut saved = [FREE; 8];
        for (&(i, c), was) in shared.iter().zip(&mut saved) {
            *was = std::mem::replace(&mut w.state[i], c);
        }
        walk(w, k + 1, set | 1 << k, counts, cost + price);
        for (&(i, _), &was) in shared.iter().zip(&saved) {
            w.state[i] = was;
        }
    }
    assert!(options.len() <= 16 && primary <= 8 && bounds.len() == primary);
    let compiled: Vec<Compiled> = options
        .iter()
        .map(|o| {
            let entries = o.items.iter().map(|&i| i as usize).zip(o.colors.iter().copied());
            let covers = entries.clone().filter(|&(i, _)| i < primary).fold(0u64, |word, (i, _)| word | 1 << (8 * i));
            let shared = entries.filter(|&(i, _)| i >= primary).map(|(i, c)| (i - primary, c)).collect();
            Compiled { covers, shared, cost: o.cost }
        })
        .collect();
    let (lo, hi) = (bytes(&|b| b.0), bytes(&|b| b.1));
    let mut w = Walk { lo, hi, options: &compiled, state: vec![FREE; secondary], out: Vec::new() };
    walk(&mut w, 0, 0, 0, 0);
    w.out.sort_unstable();
    w.out
}

/// The set (a bit per option) of option numbers a call returned, once they are checked to be
/// ascending and numbers of options that exist.
fn option_set(options: &[i32], count: usize, what: &str) -> u32 {
    assert!(options.windows(2).all(|w| w[0] < w[1]), "{what}: options {options:?} not ascending");
    assert!(options.iter().all(|&k| (0..count as i32).contains(&k)), "{what}: options {options:?} of {count}");
    options.iter().fold(0, |set, &k| set | 1 << k)
}

/// What `dlx_problem_search` visited: the solutions as sets (a bit per option; no allocation
/// per solution, as there may be 2^15), the first list of options that was not ascending or
/// named no option, the number of options, and after how many solutions to stop (0: never).
struct Visited {
    sets: Vec<u32>,
    wrong: Option<Vec<i32>>,
    options: usize,
    stop_after: usize,
}

unsafe extern "C" fn record_solution(context: *mut c_void, options: *const i32, count: i32) -> c_int {
    // SAFETY: `context` is the `Visited` `check_problem` passes; `options` holds `count` ints
    // during the call.
    let visited = unsafe { &mut *context.cast::<Visited>() };
    let options = unsafe { std::slice::from_raw_parts(options, count.max(0) as usize) };
    let ascending = options.windows(2).all(|w| w[0] < w[1]);
    if !ascending || !options.iter().all(|&k| (0..visited.options as i32).contains(&k)) {
        visited.wrong.get_or_insert_with(|| options.to_vec());
    }
    visited.sets.push(options.iter().fold(0, |set, &k| set | 1u32.checked_shl(k as u32).unwrap_or(0)));
    c_int::from(visited.stop_after != 0 && visited.sets.len() >= visited.stop_after)
}

/// The color a fuzz byte gives an entry on `item` (`primary` primary items): mostly 0-3 on
/// other items, mostly 0 on primary ones (a color there is a fault), 1 in 16 negative.
fn entry_color(byte: u8, item: i32, primary: i32) -> i32 {
    match byte % 16 {
        15 => -1 - i32::from(byte / 16),
        14 => 1 + i32::from(byte / 16) % 3,
        v if (0..primary).contains(&item) => i32::from(v / 14),
        v => i32::from(v % 4),
    }
}

/// The cost a fuzz byte gives an option: mostly 0-3, sometimes huge or negative.
fn option_cost(byte: u8) -> i32 {
    match byte % 16 {
        15 => -1 - i32::from(byte / 16),
        14 => i32::MAX - i32::from(byte / 16),
        v => i32::from(v % 4),
    }
}

/// Splits the problem `p` (of `options` options, whose solutions are `all`: sets and costs,
/// ascending) into 4 pieces and checks them against the brute force: every solution in
/// exactly one piece, each piece's solutions obeying its decisions, the least cost over the
/// pieces (each asked for less than the best so far) the least; the piece is cleared after.
/// Returns the cost of the last solution written, if any.
///
/// # Safety
/// `p` is a problem `dlx_problem_init` made, used by nothing else meanwhile.
unsafe fn check_pieces(p: *mut crate::ffi::dlx_problem, options: usize, all: &[(u32, i64)]) -> Option<i64> {
    use crate::ffi::*;
    let mut out = vec![CANARY_INT; 2048];
    let mut used = -1i64;
    // SAFETY: `out` holds 2048 ints, `used` one.
    let count = unsafe { dlx_problem_split(p, 4, out.as_mut_ptr(), out.len() as i64, &mut used, 0) };
    assert!(count >= 0 && (count >= 4 || count as usize <= all.len()), "split: {count}");
    assert!(count > 0 || all.is_empty(), "no piece, {} solutions", all.len());
    let (mut sets, mut best, mut at) = (Vec::new(), i64::MAX, 0usize);
    let mut written = None;
    for _ in 0..count {
        let len = out[at] as usize;
        let piece = &out[at + 1..at + 1 + len];
        at += 1 + len;
        // SAFETY: `piece` holds `len` ints.
        assert_eq!(unsafe { dlx_problem_piece(p, piece.as_ptr(), len as i32) }, DLX_OK, "piece {piece:?}");
        let mut visited = Visited { sets: Vec::new(), wrong: None, options, stop_after: 0 };
        // SAFETY: `record_solution` reads the context as the `Visited` it is.
        let found =
            unsafe { dlx_problem_search(p, i64::MAX, 0, Some(record_solution), (&raw mut visited).cast::<c_void>()) };
        assert_eq!((found as usize, visited.wrong), (visited.sets.len(), None), "search of piece {piece:?}");
        for &set in &visited.sets {
            let obeys = piece.iter().all(|&d| if d >= 0 { set >> d & 1 == 1 } else { set >> (-1 - d) & 1 == 0 });
            assert!(obeys, "piece {piece:?} listed {set:#b}");
        }
        sets.extend(visited.sets);
        let mut cover = [CANARY_INT; 16];
        // SAFETY: `cover` holds 16 ints, as many as the options can be.
        let got = unsafe { dlx_problem_minimum_below(p, best, cover.as_mut_ptr(), 16, 0) };
        if got >= 0 {
            let set = option_set(&cover[..got as usize], options, "minimum below");
            let cost = unsafe { dlx_problem_cost(p) };
            assert!(cost < best && all.contains(&(set, cost)), "piece {piece:?}: {set:#b} at {cost}");
            (best, written) = (cost, Some(cost));
        } else {
            assert_eq!(got, DLX_UNSOLVABLE, "minimum below {best} of piece {piece:?}");
        }
    }
    assert_eq!(at as i64, used, "the pieces' length");
    // SAFETY: no decision, so no array.
    assert_eq!(unsafe { dlx_problem_piece(p, core::ptr::null(), 0) }, DLX_OK);
    sets.sort_unstable();
    let listed = sets.len();
    sets.dedup();
    assert_eq!(sets.len(), listed, "a solution in two pieces");
    assert!(sets.iter().copied().eq(all.iter().map(|s| s.0)), "the pieces' solutions are not the problem's");
    assert_eq!(Some(best).filter(|&b| b != i64::MAX), all.iter().map(|s| s.1).min(), "the least over the pieces");
    written
}

/// Calls on the problem that search (search, minimum, at most) per input: each is checked
/// against the brute force, and the fuzzer's inputs may repeat them thousands of times.
const PROBLEM_SEARCHES: usize = 8;

/// The most solutions a search for all of them lists (more, and the limit is this).
const SEARCH_ALL: usize = 300;

/// Runs the call sequence `data` stands for (see fuzz/fuzz_targets/problem.rs) on a problem in
/// memory with canaries around it and checks every status, fault and answer against a model of
/// the header's contract and [`problem_solutions`]. Panics on any violation.
pub fn check_problem(data: &[u8]) {
    use crate::ffi::*;
    let [a, b, c, d, ops @ ..] = data else { return };
    let (primary, secondary) = (i32::from(a % 8), i32::from(b % 4));
    let (cap_options, cap_entries) = (i32::from(c % 16), i64::from(d % 48));
    let items = primary + secondary;
    let size = dlx_problem_size(items, cap_options, cap_entries);
    assert!(size > 0 && size.is_multiple_of(16));
    const WORD: u64 = 0xA5A5_A5A5_A5A5_A5A5;
    // Two words of canary on each side.
    let mut memory = vec![WORD; size / 8 + 4];
    let base = unsafe { memory.as_mut_ptr().add(2) }.cast::<c_void>();
    if !(base as usize).is_multiple_of(16) {
        return; // Vec<u64> of this size comes from malloc, 16-aligned on the fuzzers' hosts
    }
    // SAFETY: `base` has `size` writable bytes, 16-aligned, used by nothing else.
    let p = unsafe { dlx_problem_init(base, size, primary, secondary, cap_options, cap_entries) };
    assert_eq!(p.cast::<c_void>(), base);
    let mut model: Vec<ModelOption> = Vec::new();
    let mut bounds = vec![(1, 1); primary as usize];
    let mut entries = 0i64;
    let mut fault = (DLX_FAULT_NONE, -1, -1);
    let mut last_cost = 0i64;
    let mut solutions: Option<Vec<(u32, i64)>> = None;
    let mut searches = 0;
    let mut rest = ops;
    while let [op, tail @ ..] = rest {
        rest = tail;
        let op = op % 8;
        if matches!(op, 1 | 2 | 6) {
            searches += 1;
            if searches > PROBLEM_SEARCHES {
                break;
            }
        }
        let n = model.len();
        match op {
            0 | 4 => {
                // add: items; add_option: items, colors (unless NULL), a cost.
                let [len, tail @ ..] = rest else { break };
                let (len, whole) = (*len, op == 4);
                let k = usize::from(len % 8);
                let option: Vec<i32> = tail.iter().take(k).map(|&x| i32::from(x as i8)).collect();
                rest = &tail[option.len()..];
                let with_colors = whole && len & 8 == 0;
                let null_items = whole && len & 0x70 == 0x70 && len < 0xF8;
                let count = if whole && len >= 0xF8 { -1 - i32::from(len % 8) } else { option.len() as i32 };
                let colors: Vec<i32> = if with_colors {
                    let bytes: Vec<u8> = rest.iter().take(option.len()).copied().collect();
                    rest = &rest[bytes.len()..];
                    bytes.iter().zip(&option).map(|(&c, &i)| entry_color(c, i, primary)).collect()
                } else {
                    vec![0; option.len()]
                };
                let cost = if whole {
                    let Some((&byte, tail)) = rest.split_first() else { break };
                    rest = tail;
                    option_cost(byte)
                } else {
                    1
                };
                let option = if count < 0 { Vec::new() } else { option };
                let colors = &colors[..option.len()];
                let in_range = |i: &i32| (0..items).contains(i);
                let repeat =
                    (1..option.len()).find_map(|k| option[..k].iter().position(|&i| i == option[k]).map(|f| (k, f)));
                // The checks in the order the library makes them: the header says the
                // capacity is checked after every other argument but a repeat, found last;
                // it leaves the order of its new faults (colors, cost) open, and they are
                // checked here in the core's order (negative colors, then a color on a
                // primary item, then a negative cost).
                let expected = if null_items {
                    None
                } else if option.is_empty() {
                    Some((DLX_FAULT_EMPTY, -1, -1))
                } else if let Some(k) = option.iter().position(|i| !in_range(i)) {
                    Some((DLX_FAULT_OUT_OF_RANGE, k as i32, -1))
                } else if !option.iter().any(|&i| i < primary) {
                    Some((DLX_FAULT_NO_PRIMARY, -1, -1))
                } else if let Some(k) = colors.iter().position(|&c| c < 0) {
                    Some((DLX_FAULT_NEGATIVE_COLOR, k as i32, -1))
                } else if let Some(k) = option.iter().zip(colors).position(|(&i, &c)| c != 0 && i < primary) {
                    Some((DLX_FAULT_COLOR_ON_PRIMARY, k as i32, -1))
                } else if cost < 0 {
                    Some((DLX_FAULT_NEGATIVE_COST, -1, -1))
                } else if n as i32 >= cap_options {
                    Some((DLX_FAULT_OPTIONS_FULL, -1, -1))
                } else if entries + option.len() as i64 > cap_entries {
                    Some((DLX_FAULT_ENTRIES_FULL, -1, -1))
                } else if let Some((k, f)) = repeat {
                    Some((DLX_FAULT_REPEATED, k as i32, f as i32))
                } else {
                    Some((DLX_FAULT_NONE, -1, -1))
                };
                let want = match expected {
                    None => DLX_ERR_NULL,
                    Some((DLX_FAULT_NONE, ..)) => n as i32,
                    Some((DLX_FAULT_OPTIONS_FULL | DLX_FAULT_ENTRIES_FULL, ..)) => DLX_ERR_CAPACITY,
                    Some(_) => DLX_ERR_ARG,
                };
                let items_ptr = if null_items { core::ptr::null() } else { option.as_ptr() };
                let got = if whole {
                    let colors_ptr = if with_colors { colors.as_ptr() } else { core::ptr::null() };
                    // SAFETY: the arrays hold `count` ints when `count` is positive.
                    unsafe { dlx_problem_add_option(p, items_ptr, colors_ptr, count, cost) }
                } else {
                    // SAFETY: as above.
                    unsafe { dlx_problem_add(p, option.as_ptr(), count) }
                };
                assert_eq!(got, want, "add {option:?} colors {colors:?} cost {cost} count {count}");
                // A NULL array is refused before the problem is read: the fault stays.
                fault = expected.unwrap_or(fault);
                let (mut entry, mut earlier) = (-9, -9);
                // SAFETY: `p` is the problem; both pointers are to writable ints.
                let code = unsafe { dlx_problem_fault(p, &mut entry, &mut earlier) };
                assert_eq!((code, entry, earlier), fault, "fault of {option:?} colors {colors:?} cost {cost}");
                if got >= 0 {
                    entries += option.len() as i64;
                    model.push(ModelOption { colors: colors.to_vec(), items: option, cost: i64::from(cost) });
                    solutions = None;
                }
            }
            1 => {
                let [limit, stop, tail @ ..] = rest else { break };
                rest = tail;
                let all = solutions
                    .get_or_insert_with(|| problem_solutions(primary as usize, &bounds, &model, secondary as usize));
                let lookup = |set: u32| all.binary_search_by_key(&set, |s| s.0).ok().map(|k| all[k].1);
                let limit = match limit % 8 {
                    // All, but only where they are few: the search takes about 3 microseconds
                    // instrumented per solution, and there may be 2^15.
                    6 | 7 if all.len() <= SEARCH_ALL => i64::MAX,
                    6 | 7 => SEARCH_ALL as i64,
                    v => i64::from(v),
                };
                let mut visited =
                    Visited { sets: Vec::new(), wrong: None, options: n, stop_after: usize::from(*stop % 4) };
                // SAFETY: `record_solution` reads the context as the `Visited` it is.
                let got = unsafe {
                    dlx_problem_search(p, limit, 0, Some(record_solution), (&raw mut visited).cast::<c_void>())
                };
                let mut sets = visited.sets;
                if limit == 0 {
                    assert_eq!((got, sets.len()), (i64::from(DLX_ERR_ARG), 0), "search with limit 0");
                    continue;
                }
                assert_eq!(visited.wrong, None, "search: options not ascending, or not of the {n} options");
                let stop_after = if visited.stop_after == 0 { usize::MAX } else { visited.stop_after };
                let want = all.len().min(limit as usize).min(stop_after);
                assert_eq!((got, sets.len()), (want as i64, want), "search of {} solutions, limit {limit}", all.len());
                for &set in &sets {
                    assert!(lookup(set).is_some(), "search listed {set:#b}, not a solution");
                }
                sets.sort_unstable();
                sets.dedup();
                assert_eq!(sets.len(), want, "search listed a solution twice");
            }
            2 | 6 => {
                // minimum: a capacity byte; at_most: a limit byte, then a capacity byte.
                let limit = if op == 6 {
                    let Some((&byte, tail)) = rest.split_first() else { break };
                    rest = tail;
                    match byte {
                        255 => i64::MAX,
                        254 => i64::MIN,
                        _ => i64::from(byte % 11) - 1,
                    }
                } else {
                    i64::MAX
                };
                let Some((&byte, tail)) = rest.split_first() else { break };
                rest = tail;
                let (capacity, null) = match (op, byte) {
                    (2, _) => (i32::from(byte % 10), false),
                    (_, 0xF0..) => (i32::from(byte % 3) - 1, true),
                    _ => (i32::from(byte % 18) - 1, false),
                };
                let all = solutions
                    .get_or_insert_with(|| problem_solutions(primary as usize, &bounds, &model, secondary as usize));
                let lookup = |set: u32| all.binary_search_by_key(&set, |s| s.0).ok().map(|k| all[k].1);
                let mut out = vec![CANARY_INT; capacity.max(0) as usize + 2];
                let at = if null { core::ptr::null_mut() } else { unsafe { out.as_mut_ptr().add(1) } };
                // SAFETY: `at` is NULL or has room for `capacity` ints.
                let got = unsafe {
                    if op == 2 {
                        dlx_problem_minimum(p, at, capacity, 0)
                    } else {
                        dlx_problem_at_most(p, limit, at, capacity, 0)
                    }
                };
                let what = if op == 2 { "minimum".to_string() } else { format!("at most {limit}") };
                let least = all.iter().map(|s| s.1).min();
                // The solutions the call may return: of the least cost, or of cost <= limit.
                let fit = |cost: i64| if op == 2 { Some(cost) == least } else { cost <= limit };
                if null && capacity > 0 {
                    assert_eq!(got, DLX_ERR_NULL, "{what}: NULL options, capacity {capacity}");
                } else if capacity < 0 {
                    assert_eq!(got, DLX_ERR_ARG, "{what}: capacity {capacity}");
                } else if !all.iter().any(|s| fit(s.1)) {
                    assert_eq!(got, DLX_UNSOLVABLE, "{what}: least cost {least:?}");
                } else if got == DLX_ERR_CAPACITY {
                    let longest = all.iter().filter(|s| fit(s.1)).map(|s| s.0.count_ones()).max();
                    assert!(
                        longest > Some(capacity as u32),
                        "{what}: capacity {capacity}, solutions as long as {longest:?}"
                    );
                } else {
                    assert!((0..=capacity).contains(&got), "{what}: {got}, capacity {capacity}, least cost {least:?}");
                    let set = option_set(&out[1..1 + got as usize], n, &what);
                    let cost = lookup(set).unwrap_or_else(|| panic!("{what}: {set:#b} is not a solution"));
                    assert!(fit(cost), "{what}: {set:#b} costs {cost}, least {least:?}");
                    last_cost = cost;
                }
                let written = if got >= 0 { got as usize } else { 0 };
                assert!(
                    out[1 + written..].iter().chain(&out[..1]).all(|&x| x == CANARY_INT),
                    "{what}: {got} but {out:?}"
                );
                // SAFETY: `p` is the problem.
                assert_eq!(unsafe { dlx_problem_cost(p) }, last_cost, "{what}: the cost of the last solution");
            }
            5 => {
                let [item, lo, hi, tail @ ..] = rest else { break };
                rest = tail;
                let item = if item & 0x80 == 0 { i32::from(item % 12) } else { i32::from(*item as i8) };
                let lo = i32::from(lo % 8) - 1;
                let hi = if *hi == 255 { i32::MAX } else { i32::from(hi % 8) - 1 };
                let valid = (0..primary).contains(&item) && lo >= 0 && lo <= hi && hi >= 1;
                // SAFETY: `p` is the problem.
                let got = unsafe { dlx_problem_bounds(p, item, lo, hi) };
                assert_eq!(got, if valid { DLX_OK } else { DLX_ERR_ARG }, "bounds {item} {lo}..{hi}");
                if valid {
                    bounds[item as usize] = (lo, hi);
                    solutions = None;
                }
            }
            7 => {
                // SAFETY: `p` is the problem; the fault's places are optional.
                let (cost, code) = unsafe {
                    (dlx_problem_cost(p), dlx_problem_fault(p, core::ptr::null_mut(), core::ptr::null_mut()))
                };
                assert_eq!((cost, code), (last_cost, fault.0), "cost and fault");
            }
            _ => {
                assert!(unsafe { dlx_problem_nodes(p) } >= 0);
                let all = solutions
                    .get_or_insert_with(|| problem_solutions(primary as usize, &bounds, &model, secondary as usize));
                if all.len() <= SEARCH_ALL {
                    // SAFETY: `p` is the problem, with `n` options.
                    if let Some(cost) = unsafe { check_pieces(p, n, all) } {
                        last_cost = cost;
                    }
                }
            }
        }
    }
    let n = memory.len();
    assert!(memory[..2].iter().chain(&memory[n - 2..]).all(|&w| w == WORD), "canaries");
}
