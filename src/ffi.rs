//! The C entry points: pointer checks, status codes, and the hand-off to `dlx_core`. cbindgen
//! renders this module, doc comments included, as `include/dlx.h`. The fuzz targets compile
//! this same file (fuzz/fuzz_targets), so it names nothing of the crate around it.

use core::ffi::{CStr, c_char, c_int};

use dlx_core::Error;

/// Success. Functions that return a count or a score return that instead.
pub const DLX_OK: c_int = 0;
/// Well-formed input with no valid completion, givens that repeat in a row, column or box
/// included.
pub const DLX_UNSOLVABLE: c_int = -1;
/// A required pointer is NULL.
pub const DLX_ERR_NULL: c_int = -2;
/// The input does not hold exactly the number of cells the function takes.
pub const DLX_ERR_LENGTH: c_int = -3;
/// A cell holds something other than a symbol or a blank of its alphabet.
pub const DLX_ERR_CELL: c_int = -4;

/// Cells of a 16x16 grid, the number `dlx_solve16` reads.
pub const DLX16_CELLS: usize = 256;
/// Bytes `dlx_solve16` writes on success: 256 cells and a terminating NUL.
pub const DLX16_OUT_LEN: usize = 257;
/// Cells of a 9x9 grid: the ints `dlx_target_max` reads, and writes to `best`.
pub const DLX9_CELLS: usize = 81;

fn status(error: Error) -> c_int {
    match error {
        Error::Unsolvable => DLX_UNSOLVABLE,
        Error::Length => DLX_ERR_LENGTH,
        Error::Cell => DLX_ERR_CELL,
    }
}

/// The bytes of a C string up to, not including, its NUL, read one at a time so that a caller
/// who stops early never touches the rest.
struct CStrBytes {
    next: *const u8,
}

impl CStrBytes {
    /// # Safety
    /// `text` is non-NULL and points to a readable NUL-terminated string that outlives `Self`.
    unsafe fn new(text: *const c_char) -> Self {
        CStrBytes { next: text.cast() }
    }
}

impl Iterator for CStrBytes {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        // SAFETY: `next` never moves past the NUL (see `new`), so it always points into the string.
        let byte = unsafe { *self.next };
        if byte == 0 {
            return None;
        }
        // SAFETY: `byte` was not the NUL, so the string goes on at least one more byte.
        self.next = unsafe { self.next.add(1) };
        Some(byte)
    }
}

/// Solves a 16x16 Sudoku (POJ 3076 / ZOJ 3122 / LA 2659): letters `A` to `P`, each exactly
/// once in every row, column and 4x4 box.
///
/// `puzzle` is NUL-terminated text holding exactly 256 cells, row-major. A cell is `A`..`P` (a
/// given) or `-` or `.` (a blank). Space, tab, CR and LF are skipped anywhere, so the 16 lines
/// of a judge's input can be passed as they were read. The text is read in order, never past
/// its NUL, and the first fault decides the result: any other byte gives `DLX_ERR_CELL`; a
/// 257th cell, or the NUL before the 256th, gives `DLX_ERR_LENGTH`.
///
/// `solution` points to at least `DLX16_OUT_LEN` (257) writable bytes. On success it receives
/// the 256 solved cells, row-major, as `A`..`P`, then a NUL. On any other result it is left
/// exactly as it was. It may be the same buffer as `puzzle`: the input is read in full first.
///
/// The search is exact: clause learning over the puzzle's exact cover (docs/design.md), so a
/// solution is a full cover and `DLX_UNSOLVABLE` is proven. Where a puzzle has several
/// solutions, the one returned is the same on every call with the same input. Both buffers
/// stay owned by the caller; the library keeps no pointer after returning. Thread-safe and
/// reentrant: the call allocates nothing and uses no global state, only about 160 KiB of the
/// calling thread's stack (a 256 KiB thread stack is enough).
///
/// Returns `DLX_OK` (0) when `solution` holds a solution; `DLX_UNSOLVABLE` (-1) when the
/// puzzle has none, givens repeated in a row, column or box included; `DLX_ERR_NULL` (-2) when
/// `puzzle` or `solution` is NULL; `DLX_ERR_LENGTH` (-3) or `DLX_ERR_CELL` (-4) as above.
///
/// # Safety
/// `puzzle` is NULL or points to a readable NUL-terminated string; `solution` is NULL or points
/// to at least 257 writable bytes. Neither may be written by another thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_solve16(puzzle: *const c_char, solution: *mut c_char) -> c_int {
    if puzzle.is_null() || solution.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: `puzzle` is non-NULL and NUL-terminated by this function's contract.
    let text = unsafe { CStrBytes::new(puzzle) };
    let cells = match dlx_core::solve16(text) {
        Ok(cells) => cells,
        Err(e) => return status(e),
    };
    let mut out = [0u8; DLX16_OUT_LEN];
    out[..DLX16_CELLS].copy_from_slice(&cells);
    // SAFETY: `solution` has room for DLX16_OUT_LEN bytes by contract, and `out` is a local
    // array, so the two cannot overlap even when `solution` is the puzzle's buffer.
    unsafe { core::ptr::copy_nonoverlapping(out.as_ptr(), solution.cast::<u8>(), DLX16_OUT_LEN) };
    DLX_OK
}

/// Target Sudoku (CSU 1605, NOIP 2009): the largest score over all valid completions of a 9x9
/// Sudoku, where a cell scores its digit times its weight: 10 at the centre, then 9, 8, 7 and 6
/// on the rings around it (weight = 10 - max(|r - 4|, |c - 4|), 0-based row r and column c).
///
/// `grid` points to `DLX9_CELLS` (81) ints, row-major: 0 a blank, 1..9 a given.
///
/// `best` is NULL, or points to 81 writable ints that receive, on success, a completion that
/// reaches the maximum (the same one on every call with the same input). It may be `grid`
/// itself: the input is read in full first. On any error it is left exactly as it was.
///
/// The answer is exact: the largest over every completion, proven by a Lagrangian bound and
/// branch and bound, not a heuristic's guess. Both arrays stay owned by the caller; nothing is
/// kept after returning. Thread-safe and reentrant: no allocation, no global state, about
/// 100 KiB of the calling thread's stack (a 256 KiB thread stack is enough).
///
/// Returns the maximum score (always > 0) when a completion exists, so
/// `printf("%d\n", dlx_target_max(grid, NULL))` prints a judge's expected line;
/// `DLX_UNSOLVABLE` (-1) when none does, givens repeated in a row, column or box included;
/// `DLX_ERR_NULL` (-2) when `grid` is NULL; `DLX_ERR_CELL` (-4) when a value is outside 0..9.
///
/// # Safety
/// `grid` is NULL or points to 81 readable ints; `best` is NULL or points to 81 writable ints.
/// Neither may be written by another thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_target_max(grid: *const c_int, best: *mut c_int) -> c_int {
    if grid.is_null() {
        return DLX_ERR_NULL;
    }
    let mut cells = [0u8; DLX9_CELLS];
    for (k, cell) in cells.iter_mut().enumerate() {
        // SAFETY: `grid` points to 81 readable ints by contract; unaligned reads cost nothing
        // here and spare callers (FFI buffers, packed structs) an alignment rule.
        let value = unsafe { grid.add(k).read_unaligned() };
        *cell = match u8::try_from(value) {
            Ok(v) if v <= 9 => v,
            _ => return DLX_ERR_CELL,
        };
    }
    let outcome = match dlx_core::target_max(&cells) {
        Ok(outcome) => outcome,
        Err(e) => return status(e),
    };
    if !best.is_null() {
        for (k, &digit) in outcome.grid.iter().enumerate() {
            // SAFETY: `best` points to 81 writable ints by contract, and `grid` was read in
            // full above, so writing over it (in-place use) is fine.
            unsafe { best.add(k).write_unaligned(c_int::from(digit)) };
        }
    }
    outcome.score
}

/// Describes a status code in one English sentence.
///
/// Returns a static NUL-terminated string for every `DLX_` code, and a generic sentence for any
/// other value. Never NULL; the caller must not free or modify it. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn dlx_strerror(code: c_int) -> *const c_char {
    let text: &'static CStr = match code {
        DLX_OK => c"success",
        DLX_UNSOLVABLE => c"the puzzle has no valid completion",
        DLX_ERR_NULL => c"a required pointer is NULL",
        DLX_ERR_LENGTH => c"the input does not hold exactly the number of cells the function takes",
        DLX_ERR_CELL => c"a cell holds something other than a symbol or a blank of its alphabet",
        _ => c"unknown dlx status code",
    };
    text.as_ptr()
}

const VERSION: &CStr = match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
    Ok(version) => version,
    Err(_) => panic!("the crate version holds a NUL"),
};

/// The library's version, `"MAJOR.MINOR.PATCH"`, equal to `DLX_VERSION` and to the
/// `DLX_VERSION_MAJOR`, `DLX_VERSION_MINOR` and `DLX_VERSION_PATCH` macros of the header it
/// was built with (compare them to detect a header/library mismatch).
///
/// Returns a static NUL-terminated string; never NULL; the caller must not free or modify it.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn dlx_version() -> *const c_char {
    VERSION.as_ptr()
}
