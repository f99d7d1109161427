//! The C entry points: pointer checks, status codes, and the hand-off to `dlx_core`. cbindgen
//! renders this module, doc comments included, as `include/dlx.h`. The fuzz targets compile
//! this same file (fuzz/fuzz_targets), so it names nothing of the crate around it.

use core::ffi::{CStr, c_char, c_int, c_void};
use core::ops::ControlFlow;
use core::sync::atomic::{AtomicI32, Ordering};

use dlx_core::{CELLS9, CELLS16, Error, Fault, Hint, Problem, Rating, Size, Variant};

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
/// A numeric argument is outside its range (a limit below 1, a negative time, an item number
/// out of range or repeated, a size below 0).
pub const DLX_ERR_ARG: c_int = -5;
/// The caller-provided memory has no room for this (more options or entries than it was sized
/// for, or an answer longer than the output array).
pub const DLX_ERR_CAPACITY: c_int = -6;
/// The time limit ran out before an answer was proven; outputs untouched.
pub const DLX_TIMEOUT: c_int = -7;
/// (0.3) The puzzle has more than one solution, so it has no rating (`dlx_rate9`,
/// `dlx_hint9`: Sudoku Explainer's uniqueness techniques assume one).
pub const DLX_MULTIPLE: c_int = -8;
/// (0.3) The solving techniques the library implements do not finish the puzzle (it needs
/// Sudoku Explainer's nets): no rating, no hint (`dlx_rate9`, `dlx_hint9`).
pub const DLX_BEYOND: c_int = -9;
/// (0.3) The caller's cancel flag was set: the search stopped before it finished
/// (`dlx_problem_search_cancel`, `dlx_problem_minimum_below_cancel`,
/// `dlx_problem_at_most_cancel`).
pub const DLX_CANCELLED: c_int = -10;

/// Cells of a 16x16 grid, the number `dlx_solve16` reads.
pub const DLX16_CELLS: usize = 256;
/// Bytes `dlx_solve16` writes on success: 256 cells and a terminating NUL.
pub const DLX16_OUT_LEN: usize = 257;
/// Cells of a 9x9 grid: the cells `dlx_solve9` reads, and the ints `dlx_target_max` reads and
/// writes to `best`.
pub const DLX9_CELLS: usize = 81;
/// Bytes `dlx_solve9` and `dlx_canon9` write on success: 81 cells and a terminating NUL.
pub const DLX9_OUT_LEN: usize = 82;
// Literals, so that cbindgen writes numbers into the header; checked against the core's.
const _: () = assert!(DLX16_CELLS == CELLS16 && DLX16_OUT_LEN == CELLS16 + 1);
const _: () = assert!(DLX9_CELLS == CELLS9 && DLX9_OUT_LEN == CELLS9 + 1);

fn status(error: Error) -> c_int {
    match error {
        Error::Unsolvable => DLX_UNSOLVABLE,
        Error::Length => DLX_ERR_LENGTH,
        Error::Cell => DLX_ERR_CELL,
        Error::Arg => DLX_ERR_ARG,
        Error::Capacity => DLX_ERR_CAPACITY,
        Error::Timeout => DLX_TIMEOUT,
    }
}

/// Nanoseconds on the monotonic clock.
// `time_t` and `long` are 32 bits on some targets: the conversions are not useless there.
#[allow(clippy::useless_conversion)]
fn now_ns() -> i64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid timespec to write; CLOCK_MONOTONIC always exists on the
    // platforms this builds for, so the call cannot fail.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
    i64::from(now.tv_sec).saturating_mul(1_000_000_000).saturating_add(i64::from(now.tv_nsec))
}

/// The question a time-limited search asks now and then: has `max_ms` (0: no limit) passed
/// since this call? `DLX_ERR_ARG` for a negative `max_ms`.
fn expiry(max_ms: i64) -> Result<impl FnMut() -> bool, c_int> {
    if max_ms < 0 {
        return Err(DLX_ERR_ARG);
    }
    let end = if max_ms == 0 { i64::MAX } else { now_ns().saturating_add(max_ms.saturating_mul(1_000_000)) };
    Ok(move || end != i64::MAX && now_ns() >= end)
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
/// reentrant: the call allocates nothing and uses no global state, only about 185 KiB of the
/// calling thread's stack (its 166 KiB workspace and the search's frames; a 256 KiB thread
/// stack is enough).
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
    // SAFETY: the caller's contract is this function's.
    unsafe { dlx_solve16_within(puzzle, solution, 0) }
}

/// `dlx_solve16` with a time limit: `max_ms` milliseconds of wall-clock time on the monotonic
/// clock, 0 for none. Past it the call returns `DLX_TIMEOUT` (-7) within a few milliseconds,
/// with `solution` untouched; a negative `max_ms` is `DLX_ERR_ARG` (-5). Otherwise exactly as
/// `dlx_solve16`, whose answer it gives whenever it finishes in time.
///
/// # Safety
/// As for `dlx_solve16`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_solve16_within(puzzle: *const c_char, solution: *mut c_char, max_ms: i64) -> c_int {
    // SAFETY: the caller's contract is this function's, with DLX16_OUT_LEN bytes of room.
    unsafe { solve(puzzle, solution, max_ms, |text, expired| dlx_core::solve16_until(text, expired)) }
}

/// The argument checks and the writing of a solve: `puzzle` and `solution` non-NULL, `max_ms`
/// not negative, in that order; the solution written only on success.
///
/// # Safety
/// `puzzle` is NULL or points to a readable NUL-terminated string; `solution` is NULL or has
/// room for the solver's answer and a NUL.
unsafe fn solve<const N: usize>(
    puzzle: *const c_char,
    solution: *mut c_char,
    max_ms: i64,
    solver: impl FnOnce(CStrBytes, &mut dyn FnMut() -> bool) -> Result<[u8; N], Error>,
) -> c_int {
    if puzzle.is_null() || solution.is_null() {
        return DLX_ERR_NULL;
    }
    let mut expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code,
    };
    // SAFETY: `puzzle` is non-NULL and NUL-terminated by this function's contract.
    let text = unsafe { CStrBytes::new(puzzle) };
    match solver(text, &mut expired) {
        // SAFETY: `solution` has room for N + 1 bytes by contract.
        Ok(cells) => unsafe { write_text(&cells, solution) },
        Err(e) => status(e),
    }
}

/// Counts the solutions of a 16x16 Sudoku, stopping at `limit`: with `limit` 2 the answer is
/// "none, unique or several" (0, 1 or 2), what puzzle setters and generators ask.
///
/// `puzzle` is read as by `dlx_solve16`. `limit` is at least 1 (`INT64_MAX` counts them all);
/// `max_ms` is a time limit as for `dlx_solve16_within` (0: none).
///
/// Returns the number of solutions found, at most `limit` (0 when there is none, repeated
/// givens included); `DLX_ERR_NULL` (-2) when `puzzle` is NULL; `DLX_ERR_LENGTH` (-3) or
/// `DLX_ERR_CELL` (-4) as for `dlx_solve16`; `DLX_ERR_ARG` (-5) when `limit` is below 1 or
/// `max_ms` negative; `DLX_TIMEOUT` (-7) when the time ran out before the count reached
/// `limit` or was complete. Deterministic, thread-safe, no allocation, about 185 KiB of stack.
///
/// # Safety
/// `puzzle` is NULL or points to a readable NUL-terminated string, not written by another
/// thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_count16(puzzle: *const c_char, limit: i64, max_ms: i64) -> i64 {
    // SAFETY: the caller's contract is this function's.
    unsafe { count(puzzle, limit, max_ms, |text, limit, expired| dlx_core::count16(text, limit, expired)) }
}

/// Solves a classic 9x9 Sudoku (POJ 3074 and every 9x9 collection): digits `1` to `9`, each
/// exactly once in every row, column and 3x3 box.
///
/// `puzzle` is NUL-terminated text holding exactly 81 cells, row-major: `1`..`9` a given; `0`,
/// `.` or `-` a blank. Whitespace, faults and the order of reading are as for `dlx_solve16`.
/// `solution` points to at least `DLX9_OUT_LEN` (82) writable bytes: on success the 81 solved
/// digits and a NUL, on any other result untouched; it may be `puzzle` itself.
///
/// Returns `DLX_OK`, `DLX_UNSOLVABLE`, `DLX_ERR_NULL`, `DLX_ERR_LENGTH` or `DLX_ERR_CELL`, as
/// `dlx_solve16` does; the same solution on every call. Thread-safe, no allocation, at most
/// about 64 KiB of stack (a 270-byte board per guess, at most 81 deep, and past 2,000 guesses
/// a 41 KiB clause learner).
///
/// # Safety
/// `puzzle` is NULL or points to a readable NUL-terminated string; `solution` is NULL or points
/// to at least 82 writable bytes. Neither may be written by another thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_solve9(puzzle: *const c_char, solution: *mut c_char) -> c_int {
    // SAFETY: the caller's contract is this function's.
    unsafe { dlx_solve9_within(puzzle, solution, 0) }
}

/// `dlx_solve9` with a time limit, as `dlx_solve16_within` is for `dlx_solve16`: past `max_ms`
/// milliseconds (0: none) `DLX_TIMEOUT` (-7) with `solution` untouched, a negative `max_ms`
/// `DLX_ERR_ARG` (-5); otherwise exactly as `dlx_solve9`, whose answer it gives whenever it
/// finishes in time.
///
/// # Safety
/// As for `dlx_solve9`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_solve9_within(puzzle: *const c_char, solution: *mut c_char, max_ms: i64) -> c_int {
    // SAFETY: the caller's contract is this function's, with DLX9_OUT_LEN bytes of room.
    unsafe { solve(puzzle, solution, max_ms, |text, expired| dlx_core::solve9_until(text, expired)) }
}

/// The canonical form of a 9x9 grid, for deduplication: two grids have the same form exactly
/// when one is the other under a symmetry of the grid and a relabeling of its digits.
///
/// `puzzle` is read as by `dlx_solve9`: NUL-terminated text of exactly 81 cells, row-major,
/// `1`..`9` a given, `0`, `.` or `-` a blank, whitespace skipped anywhere. Any givens are
/// accepted, complete grids and puzzles alike, even contradictory ones: this is symmetry only,
/// nothing is solved.
///
/// The form is the least 81-character string, a blank read as 0 (so blanks sort first), over
/// the 3,359,232 symmetries of the grid (transposition or not, the orders of the three bands,
/// of the rows inside each band, of the three stacks and of the columns inside each stack)
/// and the relabelings of the digits. For a fixed symmetry the least relabeling names the
/// digits in order of first appearance (the first given in reading order becomes 1, the next
/// new digit 2, ...), so the form's first given is `1` and its digits first appear in
/// increasing order. `canon` points to at least `DLX9_OUT_LEN` (82) writable bytes: on
/// success the form's 81 cells, `1`..`9` for givens and `.` for blanks, and a NUL; on any
/// error untouched. It may be `puzzle` itself.
///
/// Returns `DLX_OK`; `DLX_ERR_NULL` (-2) when either pointer is NULL; `DLX_ERR_LENGTH` (-3) or
/// `DLX_ERR_CELL` (-4) as for `dlx_solve9`. Exact (a branch and bound over the symmetries
/// that cuts only what cannot be least), deterministic, thread-safe, no allocation, about
/// 10 KiB of stack.
///
/// # Safety
/// `puzzle` is NULL or points to a readable NUL-terminated string; `canon` is NULL or points to
/// at least 82 writable bytes. Neither may be written by another thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_canon9(puzzle: *const c_char, canon: *mut c_char) -> c_int {
    // SAFETY: the caller's contract is this function's, with DLX9_OUT_LEN bytes of room.
    unsafe { solve(puzzle, canon, 0, |text, _| dlx_core::canon9(text)) }
}

/// The Sudoku Explainer (SE) rating of a 9x9 puzzle, in tenths (72 for SE's 7.2): the
/// difficulty of the hardest step on the path SE takes, at every position the first technique
/// in SE's order that applies (docs/puzzles.md, "Ratings", lists the techniques, from
/// singles at 1.0 to the cycles and forcing chains of SE's first chaining rule, 6.5 and up, and
/// what is missing: the nets, Nishio 7.5, multiple 8.0 and dynamic forcing chains 8.5 up).
///
/// `puzzle` is read as by `dlx_solve9`. The puzzle's solutions are counted first (to two).
///
/// Returns the rating, 10 or more (0 for a grid with no blank); `DLX_UNSOLVABLE` (-1) when the
/// puzzle has no solution, givens repeated in a unit included; `DLX_ERR_NULL` (-2) when
/// `puzzle` is NULL; `DLX_ERR_LENGTH` (-3) or `DLX_ERR_CELL` (-4) as for `dlx_solve9`;
/// `DLX_ERR_ARG` (-5) for a negative `max_ms`; `DLX_TIMEOUT` (-7) past `max_ms` milliseconds
/// (0: no limit); `DLX_MULTIPLE` (-8) when it has more than one solution; `DLX_BEYOND` (-9)
/// when the techniques implemented do not finish it (SE would need nets: its rating is
/// then 7.5 or more). Deterministic, thread-safe,
/// no allocation, about 80 KiB of stack (70 KiB of it the chain search's).
///
/// # Safety
/// `puzzle` is NULL or points to a readable NUL-terminated string not written by another
/// thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_rate9(puzzle: *const c_char, max_ms: i64) -> i32 {
    if puzzle.is_null() {
        return DLX_ERR_NULL;
    }
    let expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code,
    };
    // SAFETY: `puzzle` is non-NULL and NUL-terminated by the caller's contract.
    let text = unsafe { CStrBytes::new(puzzle) };
    match dlx_core::rate9_until(text, expired) {
        Ok(Rating::Rated(tenths)) => tenths.into(),
        Ok(Rating::Beyond(_)) => DLX_BEYOND,
        Ok(Rating::Multiple) => DLX_MULTIPLE,
        Err(error) => status(error),
    }
}

/// Bytes of `dlx_step`'s `name`, its NUL included.
pub const DLX_STEP_NAME_LEN: usize = 32;

/// One solving step, as `dlx_hint9` writes it. Cells are numbered 0 to 80 in reading order
/// (row `cell / 9`, column `cell % 9`); digit sets are bit masks, bit `d - 1` for digit `d`.
#[repr(C)]
#[allow(non_camel_case_types)] // C names, one prefix
pub struct dlx_step {
    /// The technique's number, 1 up in SE's order (1 full house, 2 hidden single in a box,
    /// ... 36 forcing XY-chain; docs/puzzles.md lists them); `name` names it.
    pub technique: i32,
    /// The step's SE difficulty in tenths (12 for 1.2).
    pub rating: i32,
    /// The cell the step fills, or -1 when it only takes out candidates.
    pub cell: i32,
    /// The digit it puts there, or 0.
    pub digit: i32,
    /// The digits of the pattern (a mask).
    pub digits: i32,
    /// 1 for each cell of the pattern (the unit of a single, the cells of a pair, a wing's
    /// pivot and wings ...), else 0.
    pub cells: [u8; 81],
    /// The candidates the step takes out of each cell (a mask per cell; 0 for none).
    pub eliminations: [u16; 81],
    /// The technique's name in English, NUL-terminated ("Naked Pair").
    pub name: [c_char; DLX_STEP_NAME_LEN],
}

/// The next step of solving a 9x9 puzzle as Sudoku Explainer takes it: the first technique,
/// in SE's order, that applies to the puzzle's candidates (each blank's candidates being
/// the digits none of its row, column and box holds), so a tool can explain a puzzle step by
/// step: apply the step (fill `cell` with `digit`, or, for eliminations, which a puzzle string
/// cannot carry, the caller keeps its own candidates) and ask again.
///
/// `puzzle` is read as by `dlx_solve9`. `step` points to a caller-owned `dlx_step`: on
/// `DLX_OK` it receives the step; on any other result it is left exactly as it was.
///
/// Returns `DLX_OK` (0) with `step` written; 1 when the grid has no blank (nothing to do,
/// nothing written); `DLX_UNSOLVABLE` (-1), `DLX_ERR_NULL` (-2, `puzzle` or `step` NULL),
/// `DLX_ERR_LENGTH` (-3), `DLX_ERR_CELL` (-4), `DLX_ERR_ARG` (-5), `DLX_TIMEOUT` (-7),
/// `DLX_MULTIPLE` (-8) and `DLX_BEYOND` (-9) as for `dlx_rate9`. Thread-safe, no allocation,
/// at most about 80 KiB of stack, as `dlx_rate9` (about 7 KiB when the step comes before the
/// chains).
///
/// # Safety
/// `puzzle` is NULL or points to a readable NUL-terminated string; `step` is NULL or points to
/// a writable `dlx_step`. Neither may be written by another thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_hint9(puzzle: *const c_char, step: *mut dlx_step, max_ms: i64) -> i32 {
    if puzzle.is_null() || step.is_null() {
        return DLX_ERR_NULL;
    }
    let expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code,
    };
    // SAFETY: `puzzle` is non-NULL and NUL-terminated by the caller's contract.
    let text = unsafe { CStrBytes::new(puzzle) };
    let found = match dlx_core::hint9_until(text, expired) {
        Ok(Hint::Step(found)) => found,
        Ok(Hint::Solved) => return 1,
        Ok(Hint::Beyond) => return DLX_BEYOND,
        Ok(Hint::Multiple) => return DLX_MULTIPLE,
        Err(error) => return status(error),
    };
    let mut name = [0 as c_char; DLX_STEP_NAME_LEN];
    // Names are short ASCII (the core's test checks they fit with their NUL).
    for (to, &from) in name.iter_mut().zip(found.technique.name().as_bytes()).take(DLX_STEP_NAME_LEN - 1) {
        *to = from as c_char;
    }
    let (cell, digit) = found.place.map_or((-1, 0), |(c, d)| (i32::from(c), i32::from(d)));
    let out = dlx_step {
        technique: found.technique.number().into(),
        rating: found.rating.into(),
        cell,
        digit,
        digits: found.digits.into(),
        cells: core::array::from_fn(|c| u8::from(found.cells & 1 << c != 0)),
        eliminations: found.eliminations,
        name,
    };
    // SAFETY: `step` is non-NULL and writable by the caller's contract.
    unsafe { step.write(out) };
    DLX_OK
}

/// Counts the solutions of a 9x9 Sudoku (read as by `dlx_solve9`) as `dlx_count16` does for
/// 16x16: the count up to `limit`, or `DLX_ERR_NULL`, `DLX_ERR_LENGTH`, `DLX_ERR_CELL`,
/// `DLX_ERR_ARG` or `DLX_TIMEOUT`.
///
/// # Safety
/// As for `dlx_count16`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_count9(puzzle: *const c_char, limit: i64, max_ms: i64) -> i64 {
    // SAFETY: the caller's contract is this function's.
    unsafe { count(puzzle, limit, max_ms, |text, limit, expired| dlx_core::count9(text, limit, expired)) }
}

/// The argument checks and the reading of a count: `puzzle` non-NULL, `limit` at least 1,
/// `max_ms` not negative, in that order.
///
/// # Safety
/// `puzzle` is NULL or points to a readable NUL-terminated string.
unsafe fn count(
    puzzle: *const c_char,
    limit: i64,
    max_ms: i64,
    counter: impl FnOnce(CStrBytes, u64, &mut dyn FnMut() -> bool) -> Result<u64, Error>,
) -> i64 {
    if puzzle.is_null() {
        return DLX_ERR_NULL.into();
    }
    let Ok(limit) = u64::try_from(limit) else {
        return DLX_ERR_ARG.into();
    };
    let mut expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code.into(),
    };
    // SAFETY: `puzzle` is non-NULL and NUL-terminated by the caller's contract.
    let text = unsafe { CStrBytes::new(puzzle) };
    match counter(text, limit, &mut expired) {
        // At most `limit`, which came from an i64.
        Ok(found) => found as i64,
        Err(e) => status(e).into(),
    }
}

/// The bytes of one puzzle of a batch: its record of `left` bytes, up to the first NUL (as a
/// C string of those bytes would be read), one at a time so that a reader who stops early
/// never touches the rest.
struct RecordBytes {
    next: *const u8,
    left: usize,
}

impl Iterator for RecordBytes {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.left == 0 {
            return None;
        }
        // SAFETY: `left` bytes from `next` are readable (see `batch`), and `left` is not 0.
        let byte = unsafe { *self.next };
        if byte == 0 {
            self.left = 0;
            return None;
        }
        self.left -= 1;
        // SAFETY: at most one past the record's last byte.
        self.next = unsafe { self.next.add(1) };
        Some(byte)
    }
}

/// The argument checks of a batch call and its loop: `puzzles` and `results` non-NULL, then
/// `n` not negative, `stride` at least 1, `max_ms_each` not negative and both buffers within
/// the address space, in that order; then `each` on every record in turn, with its own clock.
/// Returns how many records `each` answered with `true`, or the first argument fault's code
/// (nothing read or written then).
///
/// # Safety
/// `puzzles` is NULL or points to `n * stride` readable bytes; `results` is NULL or has room
/// for `n * per_result` bytes.
unsafe fn batch<T>(
    puzzles: *const c_char,
    n: i64,
    stride: i64,
    max_ms_each: i64,
    results: *mut T,
    per_result: usize,
    mut each: impl FnMut(RecordBytes, &mut dyn FnMut() -> bool, usize) -> bool,
) -> i64 {
    if puzzles.is_null() || results.is_null() {
        return DLX_ERR_NULL.into();
    }
    let (Ok(n), Ok(stride @ 1..)) = (usize::try_from(n), usize::try_from(stride)) else {
        return DLX_ERR_ARG.into();
    };
    if max_ms_each < 0 {
        return DLX_ERR_ARG.into();
    }
    // Sizes past isize::MAX bytes cannot be the caller's buffers: a bad `n` or `stride`.
    let fits = |each: usize| n.checked_mul(each).is_some_and(|bytes| bytes <= isize::MAX as usize);
    if !fits(stride) || !fits(per_result) {
        return DLX_ERR_ARG.into();
    }
    let mut answered = 0;
    for k in 0..n {
        // Each puzzle its own limit, as `dlx solve --time-limit` gives each line its own.
        let mut expired = match expiry(max_ms_each) {
            Ok(expired) => expired,
            Err(code) => return code.into(), // not reached: `max_ms_each` was checked above
        };
        // SAFETY: record k lies inside the `n * stride` readable bytes of the contract.
        let record = RecordBytes { next: unsafe { puzzles.cast::<u8>().add(k * stride) }, left: stride };
        answered += i64::from(each(record, &mut expired, k));
    }
    answered
}

/// Solves `n` 9x9 puzzles in one call, each exactly as `dlx_solve9_within` would, for callers
/// whose cost per call matters (an easy puzzle takes a few microseconds, about what a call
/// from Python's ctypes costs).
///
/// `puzzles`: `n` records of `stride` bytes each, back to back (record k at
/// `puzzles + k * stride`). A record is read as `dlx_solve9` reads text, up to its first NUL
/// or its end, whichever comes first: with `stride` 81 the puzzles are 81 cells each with
/// nothing between them; with `stride` 82 they can be `DLX9_OUT_LEN` arrays of C strings; a
/// larger `stride` leaves room for whitespace (the rest of a record padded with NULs).
/// `solutions`: `n * DLX9_OUT_LEN` (82) writable bytes: puzzle k's solution, 81 digits and a
/// NUL, at `solutions + 82 * k`, written only when its status is `DLX_OK` (the others' bytes
/// are left as they were). `max_ms_each`: a time limit for each puzzle, as for
/// `dlx_solve9_within` (0: none), each measured from the start of its own solve, so the whole
/// call may take up to `n` times it. `statuses`: `n` writable `int32_t`: puzzle k's status,
/// what `dlx_solve9_within` would return for it: `DLX_OK`, `DLX_UNSOLVABLE`,
/// `DLX_ERR_LENGTH`, `DLX_ERR_CELL` or `DLX_TIMEOUT`.
///
/// Returns the number of puzzles solved (statuses `DLX_OK`), 0 to `n`; or, with nothing read
/// or written, `DLX_ERR_NULL` (-2) when `puzzles`, `solutions` or `statuses` is NULL, or
/// `DLX_ERR_ARG` (-5) when `n` is negative, `stride` below 1, `max_ms_each` negative or
/// `n * stride` or `n * 82` beyond the address space. The same solutions as `dlx_solve9`, in
/// order, on the calling thread; thread-safe (callers split a large batch between threads
/// themselves), no allocation, the stack of `dlx_solve9`.
///
/// # Safety
/// `puzzles` is NULL or points to `n * stride` readable bytes; `solutions` is NULL or points
/// to `n * 82` writable bytes, `statuses` is NULL or points to `n` writable `int32_t`, and
/// neither overlaps `puzzles` or each other. No buffer may be written by another thread
/// during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_solve9_many(
    puzzles: *const c_char,
    n: i64,
    stride: i64,
    solutions: *mut c_char,
    max_ms_each: i64,
    statuses: *mut i32,
) -> i64 {
    // SAFETY: the caller's contract is this function's.
    unsafe { solve_many(puzzles, n, stride, solutions, max_ms_each, statuses, |t, e| dlx_core::solve9_until(t, e)) }
}

/// `dlx_solve9_many` for 16x16 puzzles: `n` records of `stride` bytes, each read as
/// `dlx_solve16` reads text (256 cells: `stride` 256 for bare cells); `solutions` holds
/// `n * DLX16_OUT_LEN` (257) bytes, puzzle k's at `solutions + 257 * k`; statuses, time limits,
/// results and errors as for `dlx_solve9_many`, each answer what `dlx_solve16_within` gives.
/// About 185 KiB of stack, as `dlx_solve16`.
///
/// # Safety
/// As for `dlx_solve9_many`, with `n * 257` writable bytes at `solutions`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_solve16_many(
    puzzles: *const c_char,
    n: i64,
    stride: i64,
    solutions: *mut c_char,
    max_ms_each: i64,
    statuses: *mut i32,
) -> i64 {
    // SAFETY: the caller's contract is this function's.
    unsafe { solve_many(puzzles, n, stride, solutions, max_ms_each, statuses, |t, e| dlx_core::solve16_until(t, e)) }
}

/// The body of `dlx_solve9_many` and `dlx_solve16_many`, whose solutions are N cells.
///
/// # Safety
/// As for `dlx_solve9_many`, with `n * (N + 1)` writable bytes at `solutions`.
unsafe fn solve_many<const N: usize>(
    puzzles: *const c_char,
    n: i64,
    stride: i64,
    solutions: *mut c_char,
    max_ms_each: i64,
    statuses: *mut i32,
    solver: impl Fn(RecordBytes, &mut dyn FnMut() -> bool) -> Result<[u8; N], Error>,
) -> i64 {
    if statuses.is_null() {
        return DLX_ERR_NULL.into();
    }
    // SAFETY: the contract's buffers; `batch` checks `solutions` and the sizes.
    unsafe {
        batch(puzzles, n, stride, max_ms_each, solutions, N + 1, |text, expired, k| {
            let code = match solver(text, expired) {
                // SAFETY: slot k of `n` slots of N + 1 bytes.
                Ok(cells) => write_text(&cells, solutions.add(k * (N + 1))),
                Err(e) => status(e),
            };
            // SAFETY: `statuses` has `n` writable entries; unaligned writes spare callers an
            // alignment rule, as `dlx_target_max` does.
            statuses.add(k).write_unaligned(code);
            code == DLX_OK
        })
    }
}

/// Counts the solutions of `n` 9x9 puzzles in one call, each exactly as `dlx_count9` would,
/// up to `limit`: the batch form of `dlx_count9`, as `dlx_solve9_many` is of `dlx_solve9`; and
/// if asked, the first solution each count found, so that one search answers "which solution,
/// and is it the only one?".
///
/// `puzzles`, `n`, `stride` and `max_ms_each` as for `dlx_solve9_many`; `limit` at least 1.
/// `counts`: `n` writable `int64_t`: puzzle k's answer, what `dlx_count9` would return for
/// it: the number of solutions up to `limit`, or its negative status (`DLX_ERR_LENGTH`,
/// `DLX_ERR_CELL`, `DLX_TIMEOUT`). `solutions`: NULL, or `n * DLX9_OUT_LEN` (82) writable
/// bytes: for each puzzle counted 1 or more, the first solution its count found, 81 digits
/// and a NUL at `solutions + 82 * k`; the slots of the others are left as they were. For a
/// puzzle with exactly one solution that is the solution; with several, the same one on every
/// call, though not necessarily the one `dlx_solve9` gives.
///
/// Returns the number of puzzles counted (`counts` entries 0 or more), 0 to `n`; or, with
/// nothing read or written, `DLX_ERR_NULL` (-2) when `puzzles` or `counts` is NULL, or
/// `DLX_ERR_ARG` (-5) when `limit` is below 1 or as for `dlx_solve9_many`. Thread-safe, no
/// allocation, the stack of `dlx_count9`.
///
/// # Safety
/// `puzzles` is NULL or points to `n * stride` readable bytes; `counts` is NULL or points to
/// `n` writable `int64_t`; `solutions` is NULL or points to `n * 82` writable bytes; none
/// overlaps another. No buffer may be written by another thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_count9_many(
    puzzles: *const c_char,
    n: i64,
    stride: i64,
    limit: i64,
    max_ms_each: i64,
    counts: *mut i64,
    solutions: *mut c_char,
) -> i64 {
    // SAFETY: the caller's contract is this function's.
    unsafe {
        count_many(puzzles, n, stride, limit, max_ms_each, counts, solutions, |t, l, e| dlx_core::count9_first(t, l, e))
    }
}

/// `dlx_count9_many` for 16x16 puzzles, each count what `dlx_count16` gives; records read as
/// by `dlx_solve16_many`; `solutions` NULL or `n * DLX16_OUT_LEN` (257) bytes, puzzle k's first
/// solution at `solutions + 257 * k`. About 185 KiB of stack, as `dlx_count16`.
///
/// # Safety
/// As for `dlx_count9_many`, with `n * 257` writable bytes at `solutions` when not NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_count16_many(
    puzzles: *const c_char,
    n: i64,
    stride: i64,
    limit: i64,
    max_ms_each: i64,
    counts: *mut i64,
    solutions: *mut c_char,
) -> i64 {
    // SAFETY: the caller's contract is this function's.
    unsafe {
        count_many(puzzles, n, stride, limit, max_ms_each, counts, solutions, |t, l, e| {
            dlx_core::count16_first(t, l, e)
        })
    }
}

/// The body of `dlx_count9_many` and `dlx_count16_many`, whose solutions are N cells.
///
/// # Safety
/// As for `dlx_count9_many`, with `n * (N + 1)` writable bytes at `solutions` when not NULL.
#[allow(clippy::too_many_arguments)]
unsafe fn count_many<const N: usize>(
    puzzles: *const c_char,
    n: i64,
    stride: i64,
    limit: i64,
    max_ms_each: i64,
    counts: *mut i64,
    solutions: *mut c_char,
    counter: impl Fn(RecordBytes, u64, &mut dyn FnMut() -> bool) -> Result<(u64, Option<[u8; N]>), Error>,
) -> i64 {
    // The NULL checks come first, as in every call; then the limit, as `dlx_count9` has it.
    if puzzles.is_null() || counts.is_null() {
        return DLX_ERR_NULL.into();
    }
    let Ok(limit @ 1..) = u64::try_from(limit) else {
        return DLX_ERR_ARG.into();
    };
    // `batch` checks `counts`' size; this, the solutions' (a negative `n` is ERR_ARG either way).
    let room = usize::try_from(n).ok().and_then(|n| n.checked_mul(N + 1));
    if !solutions.is_null() && room.is_none_or(|bytes| bytes > isize::MAX as usize) {
        return DLX_ERR_ARG.into();
    }
    // SAFETY: the contract's buffers; `batch` checks the sizes.
    unsafe {
        batch(puzzles, n, stride, max_ms_each, counts, size_of::<i64>(), |text, expired, k| {
            let answer = match counter(text, limit, expired) {
                Ok((found, first)) => {
                    if let (Some(cells), false) = (first, solutions.is_null()) {
                        // SAFETY: slot k of `n` slots of N + 1 bytes.
                        write_text(&cells, solutions.add(k * (N + 1)));
                    }
                    // At most `limit`, which came from an i64.
                    found as i64
                }
                Err(e) => status(e).into(),
            };
            // SAFETY: `counts` has `n` writable entries; unaligned, as for the statuses.
            counts.add(k).write_unaligned(answer);
            answer >= 0
        })
    }
}

/// Writes `cells` and a NUL to `out`; returns DLX_OK.
///
/// # Safety
/// `out` points to at least `cells.len() + 1` writable bytes (it may be the input's buffer:
/// `cells` is a copy).
unsafe fn write_text(cells: &[u8], out: *mut c_char) -> c_int {
    // SAFETY: by this function's contract; `cells` is a local copy, so nothing overlaps.
    unsafe {
        core::ptr::copy_nonoverlapping(cells.as_ptr(), out.cast::<u8>(), cells.len());
        out.add(cells.len()).write(0);
    }
    DLX_OK
}

/// `dlx_generate9`'s and `dlx_generate16`'s `symmetry`: givens anywhere, removed one at a time.
pub const DLX_SYMMETRY_NONE: c_int = 0;
/// The pattern of givens is symmetric under the half turn about the centre: cell (r, c) is a
/// given exactly when (n-1-r, n-1-c) is.
pub const DLX_SYMMETRY_180: c_int = 1;
/// The pattern is symmetric under the quarter turn: (r, c), (c, n-1-r), (n-1-r, n-1-c) and
/// (n-1-c, r) are givens together.
pub const DLX_SYMMETRY_90: c_int = 2;
/// The pattern is symmetric under the left-right mirror: (r, c) and (r, n-1-c) together.
pub const DLX_SYMMETRY_MIRROR: c_int = 3;

/// Makes a minimal 9x9 puzzle with exactly one solution from `seed`, in the layout
/// `dlx_solve9` reads: 81 cells, row-major, `1`..`9` a given and `.` a blank, then a NUL.
///
/// How: a random complete grid (the three diagonal boxes filled with random permutations,
/// completed by the deterministic search, then relabelled by a random permutation of the
/// digits, its bands, rows within bands, stacks and columns within stacks shuffled and the grid
/// transposed or not: many grids, but not drawn uniformly from all of them), then its givens
/// tried in a random order, one orbit of `symmetry` at a time, each removed when the puzzle
/// still has one solution without it. One pass leaves the puzzle minimal: removing givens only
/// adds solutions, so an orbit that was needed when tried is needed at the end. With a
/// symmetry, minimal means no whole orbit can go (a single given of an orbit may be
/// removable, which would break the symmetry). docs/generate.md has the details.
///
/// `symmetry` is one of the `DLX_SYMMETRY_` constants. `givens` 0 takes the first minimal
/// puzzle; above 0 it asks for at most that many givens: new grids and orders are tried (from
/// the same seed's stream) until one has them, or `max_ms` passes. Minimal 9x9 puzzles have 17
/// givens at least and seldom fewer than 20, so a low target needs a time limit, or the call
/// may never return. `max_ms` is a time limit as for `dlx_solve9_within` (0: none).
///
/// Deterministic: the same seed and arguments give the same puzzle on every call and every
/// platform (a splitmix64 stream and integer arithmetic only; the clock only ends a call).
/// Thread-safe, no allocation, at most about 64 KiB of stack. Thousands of puzzles a second
/// on one core (docs/benchmarks.md, "Generating puzzles").
///
/// Returns `DLX_OK` (0) with the puzzle in `puzzle`; `DLX_ERR_NULL` (-2) when `puzzle` is
/// NULL; `DLX_ERR_ARG` (-5) when `symmetry` is not one of the constants, `givens` or `max_ms`
/// is negative; `DLX_TIMEOUT` (-7) when `max_ms` passed first. On any error `puzzle` is left
/// exactly as it was.
///
/// # Safety
/// `puzzle` is NULL or points to at least `DLX9_OUT_LEN` (82) writable bytes, not accessed by
/// another thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_generate9(
    seed: u64,
    symmetry: c_int,
    givens: c_int,
    max_ms: i64,
    puzzle: *mut c_char,
) -> c_int {
    // SAFETY: the caller's contract is this function's, with DLX9_OUT_LEN bytes of room.
    unsafe { generate(seed, symmetry, givens, max_ms, puzzle, |s, y, g, e| dlx_core::generate9(s, y, g, e)) }
}

/// `dlx_generate9` until the puzzle's Sudoku Explainer rating, as `dlx_rate9` gives it, lies
/// in `lo..=hi` (tenths: 70 for 7.0): minimal puzzles are drawn from the seed's stream and
/// rated until one fits. The puzzle goes to `puzzle` as `dlx_generate9` writes it, its rating
/// (tenths) to `*rating` when `rating` is not NULL.
///
/// Only puzzles `dlx_rate9` rates can fit: one it reports `DLX_BEYOND` for (SE would need
/// nets, 7.5 or more) has no known rating and is skipped: of 3,000 generated puzzles none
/// rated above 7.4, so a range from 7.5 up will mostly time out. About 1 puzzle in 8 rates 7.0
/// or more, and rating costs milliseconds where generating costs a fraction of one
/// (docs/generate.md gives the tries per hit by range), so give a time limit: the clock is
/// asked between puzzles and between the steps of a rating. `symmetry`, `givens` and the
/// determinism are as for `dlx_generate9`: the same seed and arguments give the same puzzle.
/// Thread-safe, no allocation; about 80 KiB of stack, the rater's (as `dlx_rate9`; a 256 KiB
/// thread stack is enough).
///
/// Returns `DLX_OK` (0) with the puzzle written; `DLX_ERR_NULL` (-2) when `puzzle` is NULL;
/// `DLX_ERR_ARG` (-5) when `symmetry` is not one of the constants, `givens` or `max_ms` is
/// negative, `lo` is negative, `lo > hi` or `hi > 120`; `DLX_TIMEOUT` (-7) when `max_ms` passed
/// before a puzzle fitted. On any error neither `puzzle` nor `*rating` is written.
///
/// # Safety
/// `puzzle` is NULL or points to at least `DLX9_OUT_LEN` (82) writable bytes; `rating` is NULL
/// or points to a writable int; neither is accessed by another thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_generate9_rated(
    seed: u64,
    symmetry: c_int,
    givens: c_int,
    lo: c_int,
    hi: c_int,
    max_ms: i64,
    puzzle: *mut c_char,
    rating: *mut c_int,
) -> c_int {
    let (Ok(lo), Ok(hi)) = (u8::try_from(lo), u8::try_from(hi)) else {
        // The NULL check comes first in every call of the API.
        return if puzzle.is_null() { DLX_ERR_NULL } else { DLX_ERR_ARG };
    };
    let mut found = 0;
    // SAFETY: the caller's contract is this function's, with DLX9_OUT_LEN bytes of room.
    let code = unsafe {
        generate(seed, symmetry, givens, max_ms, puzzle, |s, y, g, e| {
            dlx_core::generate9_rated(s, y, g, lo, hi, e).map(|(cells, tenths)| {
                found = tenths;
                cells
            })
        })
    };
    if code == DLX_OK && !rating.is_null() {
        // SAFETY: `rating` is non-NULL and writable by the caller's contract.
        unsafe { rating.write(c_int::from(found)) };
    }
    code
}

/// `dlx_generate9` for 16x16: a minimal 16x16 puzzle with exactly one solution, in the layout
/// `dlx_solve16` reads: 256 cells, row-major, `A`..`P` a given and `-` a blank, then a NUL, in
/// at least `DLX16_OUT_LEN` (257) bytes. The same method, arguments, results and errors (the
/// diagonal boxes are four; minimal 16x16 puzzles have about 90 givens). Tens of milliseconds
/// a puzzle; about 185 KiB of stack (a 256 KiB thread stack is enough).
///
/// # Safety
/// `puzzle` is NULL or points to at least `DLX16_OUT_LEN` (257) writable bytes, not accessed
/// by another thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_generate16(
    seed: u64,
    symmetry: c_int,
    givens: c_int,
    max_ms: i64,
    puzzle: *mut c_char,
) -> c_int {
    // SAFETY: the caller's contract is this function's, with DLX16_OUT_LEN bytes of room.
    unsafe { generate(seed, symmetry, givens, max_ms, puzzle, |s, y, g, e| dlx_core::generate16(s, y, g, e)) }
}

/// The argument checks and the writing of a generation: `puzzle` non-NULL, then `symmetry`,
/// `givens` and `max_ms` in range; the puzzle written only on success.
///
/// # Safety
/// `puzzle` is NULL or has room for the generator's cells and a NUL.
unsafe fn generate<const N: usize>(
    seed: u64,
    symmetry: c_int,
    givens: c_int,
    max_ms: i64,
    puzzle: *mut c_char,
    generator: impl FnOnce(u64, dlx_core::Symmetry, usize, &mut dyn FnMut() -> bool) -> Result<[u8; N], Error>,
) -> c_int {
    if puzzle.is_null() {
        return DLX_ERR_NULL;
    }
    let symmetry = match symmetry {
        DLX_SYMMETRY_NONE => dlx_core::Symmetry::None,
        DLX_SYMMETRY_180 => dlx_core::Symmetry::Rotate180,
        DLX_SYMMETRY_90 => dlx_core::Symmetry::Rotate90,
        DLX_SYMMETRY_MIRROR => dlx_core::Symmetry::Mirror,
        _ => return DLX_ERR_ARG,
    };
    let Ok(givens) = usize::try_from(givens) else {
        return DLX_ERR_ARG;
    };
    let mut expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code,
    };
    match generator(seed, symmetry, givens, &mut expired) {
        // SAFETY: `puzzle` has room for N + 1 bytes by contract.
        Ok(cells) => unsafe { write_text(&cells, puzzle) },
        Err(e) => status(e),
    }
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
/// 210 KiB of the calling thread's stack (a 256 KiB thread stack is enough).
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
    // SAFETY: the caller's contract is this function's.
    unsafe { dlx_target_max_within(grid, best, 0) }
}

/// `dlx_target_max` with a time limit: `max_ms` milliseconds on the monotonic clock, 0 for
/// none. Past it the call returns `DLX_TIMEOUT` (-7) within a few milliseconds, with `best`
/// untouched; a negative `max_ms` is `DLX_ERR_ARG` (-5). Otherwise exactly as `dlx_target_max`.
///
/// # Safety
/// As for `dlx_target_max`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_target_max_within(grid: *const c_int, best: *mut c_int, max_ms: i64) -> c_int {
    if grid.is_null() {
        return DLX_ERR_NULL;
    }
    let expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code,
    };
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
    let answer = match dlx_core::target_max_until(&cells, expired) {
        Ok(answer) => answer,
        Err(e) => return status(e),
    };
    if !best.is_null() {
        for (k, &digit) in answer.grid.iter().enumerate() {
            // SAFETY: `best` points to 81 writable ints by contract, and `grid` was read in
            // full above, so writing over it (in-place use) is fine.
            unsafe { best.add(k).write_unaligned(c_int::from(digit)) };
        }
    }
    answer.score
}

/// An exact cover problem laid out by `dlx_problem_init` in memory the caller owns. Opaque:
/// only pointers to it are used, and they point at the start of that memory.
#[allow(non_camel_case_types)] // C names, one prefix
pub struct dlx_problem {
    _opaque: [u8; 0],
}

/// The alignment, in bytes, of the memory `dlx_problem_init` takes (`aligned_alloc`,
/// `alignas` or `posix_memalign` give it; `malloc` on 64-bit glibc does too).
pub const DLX_PROBLEM_ALIGN: usize = 16;

/// Called by `dlx_problem_search` with each exact cover: `options` holds its `count` option
/// indices, ascending, valid during the call only; `context` is the search's. Return 0 to go
/// on, nonzero to stop the search. It must not call a `dlx_problem_` function on the same
/// problem.
#[allow(non_camel_case_types)]
pub type dlx_visit = Option<unsafe extern "C" fn(context: *mut c_void, options: *const i32, count: i32) -> c_int>;

/// Bytes of memory for an exact cover problem with up to `items` items in all (primary and
/// secondary), `options` options and `entries` option entries (the sum of all option
/// lengths), the search's own stacks included and room for colors, bounds and costs (any
/// problem may use them): about 125 bytes per item, 100 per option and 28 per entry, a
/// multiple of 16.
///
/// Returns 0 when an argument is negative or the problem is beyond the library's limits:
/// `items + options + entries` at most 2,147,483,645, and the size within the address space.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn dlx_problem_size(items: i32, options: i32, entries: i64) -> usize {
    Problem::size(items.into(), options.into(), entries).unwrap_or(0)
}

/// Lays out an empty exact cover problem in `memory` and returns it (a pointer to the start of
/// `memory`). Items are numbered `0 .. primary + secondary - 1`: the first `primary` must be
/// covered exactly once, the `secondary` ones at most once (Knuth's secondary items, such as
/// N-queens' diagonals). There is room for `options` options and `entries` entries in all.
///
/// `memory` is `size` bytes, aligned to `DLX_PROBLEM_ALIGN`, at least
/// `dlx_problem_size(primary + secondary, options, entries)`; its contents do not matter. The
/// problem lives entirely in it, the search's level stack included, so any size runs on any
/// thread stack; the library never allocates and keeps no pointer after a call returns. The
/// caller frees `memory` when done (nothing else to release), and may move the problem by
/// copying those bytes. A byte copy (to aligned memory, between calls) is an independent
/// problem with the same options, bounds and piece: threads searching pieces of one problem
/// each work on their own copy.
///
/// Returns NULL when `memory` is NULL, not aligned, smaller than that size, or a count is
/// negative or beyond `dlx_problem_size`'s limits.
///
/// # Safety
/// `memory` is NULL or points to `size` writable bytes that nothing else uses while the
/// problem is in use.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_init(
    memory: *mut c_void,
    size: usize,
    primary: i32,
    secondary: i32,
    options: i32,
    entries: i64,
) -> *mut dlx_problem {
    if memory.is_null() || !(memory as usize).is_multiple_of(DLX_PROBLEM_ALIGN) || primary < 0 || secondary < 0 {
        return core::ptr::null_mut();
    }
    let need = match Problem::size(i64::from(primary) + i64::from(secondary), options.into(), entries) {
        Some(need) if need <= size => need,
        _ => return core::ptr::null_mut(),
    };
    // SAFETY: `memory` has `size >= need` writable bytes by contract, aligned for u64 (checked);
    // zeroing them first makes every word initialised before a slice is made of them.
    let words = unsafe {
        memory.cast::<u8>().write_bytes(0, need);
        core::slice::from_raw_parts_mut(memory.cast::<u64>(), need / 8)
    };
    match Problem::new(words, primary, secondary, options, entries) {
        Ok(_) => memory.cast(),
        Err(_) => core::ptr::null_mut(),
    }
}

/// The problem `problem` points to, or the status code for a NULL or foreign pointer.
///
/// # Safety
/// `problem` is NULL or was returned by `dlx_problem_init`, its memory still the caller's and
/// used by no other thread during the call.
unsafe fn open<'a>(problem: *mut dlx_problem) -> Result<Problem<'a>, c_int> {
    if problem.is_null() {
        return Err(DLX_ERR_NULL);
    }
    if !(problem as usize).is_multiple_of(DLX_PROBLEM_ALIGN) {
        return Err(DLX_ERR_ARG);
    }
    // SAFETY: a problem's memory starts with its header of HEAD_WORDS initialised words.
    let head = unsafe { core::slice::from_raw_parts(problem.cast::<u64>(), Problem::HEAD_WORDS) };
    let words = Problem::words(head).ok_or(DLX_ERR_ARG)?;
    // SAFETY: the header says how many words `dlx_problem_init` laid out (it wrote them all);
    // the caller's contract makes them this call's alone.
    let memory = unsafe { core::slice::from_raw_parts_mut(problem.cast::<u64>(), words) };
    Problem::open(memory).ok_or(DLX_ERR_ARG)
}

/// Appends an option covering the `count` distinct items `items[0 .. count - 1]`.
///
/// Returns the option's index (0, 1, 2, ... in the order added); `DLX_ERR_NULL` (-2) when
/// `problem` or `items` is NULL; `DLX_ERR_ARG` (-5) when `count` is below 1, an item is out of
/// range or repeated, or none of them is primary (such an option could never be chosen), or
/// `problem` is not one `dlx_problem_init` made; `DLX_ERR_CAPACITY` (-6) past the options or
/// entries the problem was sized for. Checked in that order (a repeat is found last, once the
/// option fits). A rejected option changes nothing but what `dlx_problem_fault` reports: which
/// entry was wrong, and how.
///
/// # Safety
/// `problem` as for `dlx_problem_search`; `items` is NULL or points to `count` readable ints.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_add(problem: *mut dlx_problem, items: *const i32, count: i32) -> i32 {
    if items.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: the caller's contract is `open`'s.
    let mut problem = match unsafe { open(problem) } {
        Ok(problem) => problem,
        Err(code) => return code,
    };
    let items = match usize::try_from(count) {
        // SAFETY: `items` points to `count` readable ints by contract.
        Ok(count) => unsafe { core::slice::from_raw_parts(items, count) },
        Err(_) => &[], // rejected as an empty option, which dlx_problem_fault then reports
    };
    match problem.add(items) {
        Ok(index) => index as i32,
        Err(fault) => status(fault.into()),
    }
}

/// Appends an option covering the `count` distinct items `items[0 .. count - 1]`, entry `k`
/// with the color `colors[k]` (0: no color; `colors` NULL: none has one), at cost `cost`: the
/// whole form of `dlx_problem_add`, whose options have no colors and cost 1.
///
/// Colors are Knuth's (his DLX2): only secondary items have them, and chosen options that share
/// a secondary item must all give it the same color; an entry without a color is exclusive (no
/// other chosen option may name that item). Costs are his DLX5's, nonnegative, for
/// `dlx_problem_minimum` and `dlx_problem_at_most`.
///
/// Returns the option's index (the same numbering as `dlx_problem_add`'s); `DLX_ERR_NULL` (-2)
/// when `problem` or `items` is NULL; `DLX_ERR_ARG` (-5) for everything `dlx_problem_add`
/// rejects, a color on a primary item, a negative color or a negative cost;
/// `DLX_ERR_CAPACITY` (-6) past the options or entries the problem was sized for. A rejected
/// option changes nothing but what `dlx_problem_fault` reports.
///
/// # Safety
/// `problem` as for `dlx_problem_search`; `items` is NULL or points to `count` readable ints,
/// and `colors` is NULL or points to `count` readable ints.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_add_option(
    problem: *mut dlx_problem,
    items: *const i32,
    colors: *const i32,
    count: i32,
    cost: i32,
) -> i32 {
    if items.is_null() {
        return DLX_ERR_NULL;
    }
    // SAFETY: the caller's contract is `open`'s.
    let mut problem = match unsafe { open(problem) } {
        Ok(problem) => problem,
        Err(code) => return code,
    };
    let (items, colors) = match usize::try_from(count) {
        // SAFETY: `items`, and `colors` when not NULL, point to `count` readable ints by
        // contract.
        Ok(count) => unsafe {
            let colors = (!colors.is_null()).then(|| core::slice::from_raw_parts(colors, count));
            (core::slice::from_raw_parts(items, count), colors)
        },
        Err(_) => (&[][..], None), // rejected as an empty option, which dlx_problem_fault then reports
    };
    match problem.add_option(items, colors, cost) {
        Ok(index) => index as i32,
        Err(fault) => status(fault.into()),
    }
}

/// Bounds primary item `item`: every solution covers it at least `lo` and at most `hi` times
/// (Knuth's multiplicities, his DLX3; 1 and 1 until set). `lo` 1 and `hi` its number of
/// options is the repeat cover's "every item at least once"; `lo` 0 makes the item optional.
/// May be called at any time, before or after options are added or a search; every later
/// search honours the bounds last set.
///
/// Returns `DLX_OK` (0); `DLX_ERR_NULL` (-2) for a NULL `problem`; `DLX_ERR_ARG` (-5) when
/// `item` is not a primary item, `lo` is negative or above `hi`, `hi` is below 1, or `problem`
/// is not one `dlx_problem_init` made (nothing changed then).
///
/// # Safety
/// `problem` as for `dlx_problem_search`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_bounds(problem: *mut dlx_problem, item: i32, lo: i32, hi: i32) -> c_int {
    // SAFETY: the caller's contract is `open`'s.
    let mut problem = match unsafe { open(problem) } {
        Ok(problem) => problem,
        Err(code) => return code,
    };
    match problem.set_bounds(item, lo, hi) {
        Ok(()) => DLX_OK,
        Err(e) => status(e),
    }
}

/// `dlx_problem_fault`: the last `dlx_problem_add` or `dlx_problem_add_option` on the problem
/// succeeded, or none was made.
pub const DLX_FAULT_NONE: c_int = 0;
/// The option had no entries (`count` below 1).
pub const DLX_FAULT_EMPTY: c_int = 1;
/// Entry `*entry` named no item of the problem.
pub const DLX_FAULT_OUT_OF_RANGE: c_int = 2;
/// Entry `*entry` named the same item as the earlier entry `*first`.
pub const DLX_FAULT_REPEATED: c_int = 3;
/// The option named secondary items only.
pub const DLX_FAULT_NO_PRIMARY: c_int = 4;
/// The problem held as many options as it was sized for.
pub const DLX_FAULT_OPTIONS_FULL: c_int = 5;
/// The option's entries did not fit in the entries the problem was sized for.
pub const DLX_FAULT_ENTRIES_FULL: c_int = 6;
/// Entry `*entry` gave a primary item a color (only secondary items have colors).
pub const DLX_FAULT_COLOR_ON_PRIMARY: c_int = 7;
/// Entry `*entry` had a negative color.
pub const DLX_FAULT_NEGATIVE_COLOR: c_int = 8;
/// The option's cost was negative.
pub const DLX_FAULT_NEGATIVE_COST: c_int = 9;

/// A fault's `DLX_FAULT_` code; `DLX_FAULT_NONE` for the faults without one, which the C
/// calls report as `DLX_ERR_ARG` alone.
const fn fault_code(fault: Fault) -> c_int {
    match fault.code() {
        Some(code) => code as c_int,
        None => DLX_FAULT_NONE,
    }
}

// Literals, so that cbindgen writes numbers into the header; checked against the core's.
const _: () = assert!(
    DLX_FAULT_EMPTY == fault_code(Fault::Empty)
        && DLX_FAULT_OUT_OF_RANGE == fault_code(Fault::OutOfRange { entry: 0 })
        && DLX_FAULT_REPEATED == fault_code(Fault::Repeated { entry: 0, first: 0 })
        && DLX_FAULT_NO_PRIMARY == fault_code(Fault::NoPrimary)
        && DLX_FAULT_OPTIONS_FULL == fault_code(Fault::OptionsFull)
        && DLX_FAULT_ENTRIES_FULL == fault_code(Fault::EntriesFull)
        && DLX_FAULT_COLOR_ON_PRIMARY == fault_code(Fault::ColorOnPrimary { entry: 0 })
        && DLX_FAULT_NEGATIVE_COLOR == fault_code(Fault::NegativeColor { entry: 0 })
        && DLX_FAULT_NEGATIVE_COST == fault_code(Fault::NegativeCost)
        && DLX_FAULT_NONE == fault_code(Fault::ColorsLength)
        && DLX_FAULT_NONE == fault_code(Fault::Damaged)
);

/// Why the last `dlx_problem_add` or `dlx_problem_add_option` on `problem` failed: one of the `DLX_FAULT_` codes, with the
/// places it names written to `entry` and `first` (either may be NULL; -1 where the code
/// names no place). Entries count from 0 within the rejected option (which would have had the
/// next option index); places past 2^28 - 2 read as 2^28 - 1. An option with several faults
/// reports one of them. A call rejected before the option is read (a NULL `items`) leaves the
/// fault as it was.
///
/// Returns `DLX_FAULT_NONE` (0) when the last add succeeded or none was made (writing -1 to
/// both); `DLX_ERR_NULL` (-2) for a NULL `problem`; `DLX_ERR_ARG` (-5) when `problem` is not
/// one `dlx_problem_init` made (nothing written then). Reads only; thread-safe as reading is.
///
/// # Safety
/// `problem` as for `dlx_problem_search`; `entry` and `first` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_fault(problem: *const dlx_problem, entry: *mut i32, first: *mut i32) -> c_int {
    // SAFETY: the caller's contract is `open`'s; nothing of the problem is written.
    let problem = match unsafe { open(problem.cast_mut()) } {
        Ok(problem) => problem,
        Err(code) => return code,
    };
    let place = |n: Option<usize>| n.map_or(-1, |n| i32::try_from(n).unwrap_or(i32::MAX));
    let (code, at, earlier) = match problem.fault() {
        Some(fault) => (fault_code(fault), place(fault.places().0), place(fault.places().1)),
        None => (DLX_FAULT_NONE, -1, -1),
    };
    // SAFETY: each is NULL or writable by contract.
    unsafe {
        if !entry.is_null() {
            *entry = at;
        }
        if !first.is_null() {
            *first = earlier;
        }
    }
    code
}

/// Describes a `DLX_FAULT_` code in one English sentence: a static NUL-terminated string,
/// never NULL, not to be freed; a generic sentence for any other value. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn dlx_fault_text(fault: c_int) -> *const c_char {
    let text = match u8::try_from(fault).ok().and_then(|code| Fault::of_code(code, 0, 0)) {
        Some(known) => known.text(),
        None if fault == DLX_FAULT_NONE => c"no fault: the last option was added",
        None => c"unknown dlx fault code",
    };
    text.as_ptr()
}

/// Finds the problem's solutions in a deterministic order and calls `visit` (may be NULL) with
/// each one's option indices, ascending. Each solution is visited once: with bounds, a set of
/// options that meets every item's bounds; with colors, one whose options agree on the color
/// of every secondary item they share.
///
/// Stops after `limit` solutions (`INT64_MAX` for all), when `visit` returns nonzero, or at
/// `max_ms` milliseconds on the monotonic clock (0: no limit). A problem with no primary items
/// has one solution, the empty one. The problem is unchanged afterwards: options can be added
/// and it can be searched again. For a problem of DLX1's kind (no colors, no bounds set, every
/// option of cost 1) the search is DLX1's, node for node (`dlx_problem_nodes`): it branches on
/// the primary item with the fewest options (Knuth's MRV rule, the first such). Otherwise it
/// branches on the item with the fewest branches (Knuth's DLX3 rule), on each of an exact
/// item's options in turn, or on its first option in or out (docs/design.md). With a piece set
/// (`dlx_problem_piece`), only the piece's solutions: the search starts below its decisions.
///
/// Returns the number of solutions visited; `DLX_ERR_NULL` (-2) for a NULL `problem`;
/// `DLX_ERR_ARG` (-5) when `limit` is below 1, `max_ms` negative, or `problem` not one
/// `dlx_problem_init` made; `DLX_TIMEOUT` (-7) when the time ran out first (`visit` may have
/// been called before: a caller that counts its visits has the count so far). One thread at a
/// time per problem; different problems on different
/// threads are fine. No allocation; the search's stack is in the problem's memory.
///
/// # Safety
/// `problem` is NULL or was returned by `dlx_problem_init`, its memory still the caller's and
/// used by no other thread during the call; `visit` is NULL or a function as `dlx_visit` says.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_search(
    problem: *mut dlx_problem,
    limit: i64,
    max_ms: i64,
    visit: dlx_visit,
    context: *mut c_void,
) -> i64 {
    // SAFETY: the caller's contract is `dlx_problem_search_cancel`'s with no cancel flag.
    unsafe { dlx_problem_search_cancel(problem, limit, max_ms, core::ptr::null(), visit, context) }
}

/// `dlx_problem_search` that a caller can also stop from another thread: the search reads
/// `*cancel` each time it would look at the clock (every 64 nodes, tens of microseconds), and
/// once it reads nonzero it returns `DLX_CANCELLED` (-10), `visit` perhaps called before. For
/// a caller whose searches must end promptly when their results are no longer wanted (a
/// generator closed, a count's limit reached on another thread), even inside a subtree
/// without solutions, where `visit` is never called to say so.
///
/// `cancel` is NULL (no flag: exactly `dlx_problem_search`) or points to an aligned
/// `int32_t` the caller owns, alive and not freed until the call returns. The library only
/// reads it, with relaxed atomic loads, so any thread may set it during the call: in C11 make
/// it an `_Atomic int32_t` and `atomic_store` to it (on mainstream platforms an aligned
/// 32-bit store, as Python's ctypes makes, is read whole as well); one flag may serve many
/// searches on many threads at once. Setting it back to 0 is the caller's affair.
///
/// Returns as `dlx_problem_search`, and `DLX_CANCELLED` (-10) when the flag stopped it first.
/// Thread safety as for `dlx_problem_search` (one thread at a time per problem), the flag
/// aside. No allocation.
///
/// # Safety
/// As `dlx_problem_search`; `cancel` is NULL or points to a readable, aligned `int32_t` that
/// stays valid through the call and is written, if at all, only by atomic stores.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_search_cancel(
    problem: *mut dlx_problem,
    limit: i64,
    max_ms: i64,
    cancel: *const i32,
    visit: dlx_visit,
    context: *mut c_void,
) -> i64 {
    // SAFETY: the caller's contract is `open`'s.
    let mut problem = match unsafe { open(problem) } {
        Ok(problem) => problem,
        Err(code) => return code.into(),
    };
    let mut expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code.into(),
    };
    if limit < 1 {
        return DLX_ERR_ARG.into();
    }
    // SAFETY: `cancel` is as `cancel_flag` needs by the caller's contract.
    let cancelled = unsafe { cancel_flag(cancel) };
    let expired = || cancelled() || expired();
    let found = match visit {
        // No one to show the covers to: count them without writing them out.
        None => problem.count(limit as u64, expired, || ControlFlow::Continue(())),
        Some(visit) => problem.search(limit as u64, expired, |options| {
            // SAFETY: `visit` is a valid function by contract; `options` lives through the call.
            let stop = unsafe { visit(context, options.as_ptr(), options.len() as i32) } != 0;
            if stop { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        }),
    };
    match found {
        Ok(n) => n as i64,
        Err(Error::Timeout) if cancelled() => DLX_CANCELLED.into(),
        Err(e) => status(e).into(),
    }
}

/// The caller's cancel flag as a test: true once it reads nonzero, never for NULL.
///
/// # Safety
/// `cancel` is NULL or points to an aligned int32 valid while the test is used, written only
/// by atomic stores; AtomicI32 has i32's size and alignment.
unsafe fn cancel_flag<'a>(cancel: *const i32) -> impl Fn() -> bool + Copy + 'a {
    // SAFETY: as this function's contract says.
    let flag: Option<&'a AtomicI32> = unsafe { cancel.cast::<AtomicI32>().as_ref() };
    move || flag.is_some_and(|flag| flag.load(Ordering::Relaxed) != 0)
}

/// A solution of the least total cost: for a problem whose options all cost 1, as
/// `dlx_problem_add`'s do, the fewest options (ZOJ 3209 "Treasure Map"); with colors, bounds
/// and costs, Knuth's rules (what none of his programs minimizes: DLX5 has no bounds). Branch
/// and bound: for a problem of DLX1's kind (no colors, bounds or costs) the first least cover
/// in search order, a node cut when the options chosen plus the primary items left over the
/// most primary items any option covers cannot beat the best so far; otherwise a node is cut
/// when its cost plus a lower bound from the covering LP's dual (docs/design.md) cannot.
/// `dlx_problem_cost` then gives the cost.
///
/// Writes the cover's option indices, ascending, to `options` (room for `capacity`) and returns
/// how many; `DLX_UNSOLVABLE` (-1) when there is no cover; `DLX_ERR_NULL` (-2) for a NULL
/// `problem`, or NULL `options` with `capacity` above 0; `DLX_ERR_ARG` (-5) for a negative
/// `capacity` or `max_ms`, or a foreign `problem`; `DLX_ERR_CAPACITY` (-6) when the cover has
/// more than `capacity` options; `DLX_TIMEOUT` (-7). On every error `options` is untouched.
/// With a piece set (`dlx_problem_piece`), the least of the piece's solutions. The problem is
/// unchanged afterwards; thread safety as for `dlx_problem_search`.
///
/// # Safety
/// `problem` as for `dlx_problem_search`; `options` is NULL or points to `capacity` writable
/// ints.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_minimum(
    problem: *mut dlx_problem,
    options: *mut i32,
    capacity: i32,
    max_ms: i64,
) -> i32 {
    // SAFETY: the caller's contract is `cover_into`'s, with no cancel flag.
    unsafe {
        cover_into(problem, options, capacity, max_ms, core::ptr::null(), |problem, out, expired| {
            problem.minimum(out, expired)
        })
    }
}

/// The checks `dlx_problem_minimum` and `dlx_problem_at_most` share, then `find` with the
/// problem, the caller's `options` array of `capacity` ints and the question "stop now?" (the
/// time limit, or the cancel flag when one is given); its cover's length, or the status code.
///
/// # Safety
/// `problem` as for `dlx_problem_search`; `options` is NULL or points to `capacity` writable
/// ints, used by nothing else meanwhile; `cancel` as for `dlx_problem_search_cancel`.
unsafe fn cover_into(
    problem: *mut dlx_problem,
    options: *mut i32,
    capacity: i32,
    max_ms: i64,
    cancel: *const i32,
    find: impl FnOnce(&mut Problem<'_>, &mut [i32], &mut dyn FnMut() -> bool) -> Result<usize, Error>,
) -> i32 {
    // SAFETY: the caller's contract is `open`'s.
    let mut problem = match unsafe { open(problem) } {
        Ok(problem) => problem,
        Err(code) => return code,
    };
    if options.is_null() && capacity > 0 {
        return DLX_ERR_NULL;
    }
    let mut expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code,
    };
    if capacity < 0 {
        return DLX_ERR_ARG;
    }
    let out: &mut [i32] = if capacity == 0 {
        &mut []
    } else {
        // SAFETY: `options` points to `capacity` writable ints by contract.
        unsafe { core::slice::from_raw_parts_mut(options, capacity as usize) }
    };
    // SAFETY: `cancel` is as `cancel_flag` needs by the caller's contract.
    let cancelled = unsafe { cancel_flag(cancel) };
    match find(&mut problem, out, &mut || cancelled() || expired()) {
        Ok(n) => n as i32,
        Err(Error::Timeout) if cancelled() => DLX_CANCELLED,
        Err(e) => status(e),
    }
}

/// A solution of total cost at most `limit`, the first the search finds: the judges' question
/// "can K options do?" (HDU 2295) for a problem whose options cost 1. The search stops at the
/// first such solution, or as soon as the cost bound proves there is none.
///
/// Writes its option indices, ascending, to `options` (room for `capacity`) and returns how
/// many; `DLX_UNSOLVABLE` (-1) when no solution costs at most `limit` (a negative `limit`
/// included); the other codes, and the problem afterwards, as for `dlx_problem_minimum`.
/// `dlx_problem_cost` then gives the cost.
///
/// # Safety
/// As for `dlx_problem_minimum`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_at_most(
    problem: *mut dlx_problem,
    limit: i64,
    options: *mut i32,
    capacity: i32,
    max_ms: i64,
) -> i32 {
    // SAFETY: the caller's contract is `dlx_problem_at_most_cancel`'s with no cancel flag.
    unsafe { dlx_problem_at_most_cancel(problem, limit, options, capacity, max_ms, core::ptr::null()) }
}

/// `dlx_problem_at_most` that a caller can also stop from another thread, as
/// `dlx_problem_search_cancel` is stopped: the search reads `*cancel` before it starts and
/// each time it would look at the clock (every 64 nodes), and once it reads nonzero it
/// returns `DLX_CANCELLED` (-10). For threads searching pieces of one problem
/// (`dlx_problem_piece`) for any solution within `limit`: the first to find one sets the
/// flag, and the others stop at once instead of at the end of their pieces.
///
/// `cancel` is NULL (no flag: exactly `dlx_problem_at_most`) or points to an aligned
/// `int32_t` the caller owns, as for `dlx_problem_search_cancel`: read only, with relaxed
/// atomic loads; one flag may serve many calls on many threads at once.
///
/// Returns as `dlx_problem_at_most`: the solution's length, written to `options`;
/// `DLX_UNSOLVABLE` (-1) when no solution costs at most `limit`; `DLX_ERR_NULL` (-2) for a
/// NULL `problem`, or NULL `options` with `capacity` above 0; `DLX_ERR_ARG` (-5) for a
/// negative `capacity` or `max_ms`, or a foreign `problem`; `DLX_ERR_CAPACITY` (-6) when the
/// solution has more than `capacity` options; `DLX_TIMEOUT` (-7); and `DLX_CANCELLED` (-10)
/// when the flag stopped it first (already set when the call starts: before any search, with
/// `dlx_problem_nodes` then 0). On every error `options` is untouched. The problem is
/// unchanged afterwards; thread safety as for `dlx_problem_search`, the flag aside. No
/// allocation.
///
/// # Safety
/// As for `dlx_problem_minimum`; `cancel` is NULL or points to a readable, aligned `int32_t`
/// that stays valid through the call and is written, if at all, only by atomic stores.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_at_most_cancel(
    problem: *mut dlx_problem,
    limit: i64,
    options: *mut i32,
    capacity: i32,
    max_ms: i64,
    cancel: *const i32,
) -> i32 {
    // SAFETY: the caller's contract is `cover_into`'s.
    unsafe {
        cover_into(problem, options, capacity, max_ms, cancel, |problem, out, expired| {
            problem.at_most(limit, out, expired)
        })
    }
}

/// The least solution costing less than `below`: `dlx_problem_minimum` with a bound to beat.
/// With pieces (`dlx_problem_piece`), the minimum over all of them is found by passing each
/// piece the best cost found so far (by this thread or any other, each on its own copy of the
/// problem): a piece with nothing cheaper says `DLX_UNSOLVABLE`, and the bound cuts its
/// search as its own best would.
///
/// Writes the solution's option indices, ascending, to `options` (room for `capacity`) and
/// returns how many; `DLX_UNSOLVABLE` (-1) when no solution costs less than `below` (a
/// `below` of 0 or less included); the other codes, and the problem afterwards, as for
/// `dlx_problem_minimum`. `dlx_problem_cost` then gives the cost.
///
/// # Safety
/// As for `dlx_problem_minimum`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_minimum_below(
    problem: *mut dlx_problem,
    below: i64,
    options: *mut i32,
    capacity: i32,
    max_ms: i64,
) -> i32 {
    // SAFETY: the caller's contract is `dlx_problem_minimum_below_cancel`'s with no cancel flag.
    unsafe { dlx_problem_minimum_below_cancel(problem, below, options, capacity, max_ms, core::ptr::null()) }
}

/// `dlx_problem_minimum_below` that a caller can also stop from another thread, as
/// `dlx_problem_search_cancel` is stopped: the search reads `*cancel` before it starts and
/// each time it would look at the clock (every 64 nodes), and once it reads nonzero it
/// returns `DLX_CANCELLED` (-10). For threads searching pieces of one problem for its
/// minimum, when the answer is no longer wanted (another thread failed, the caller gave up):
/// every thread stops at once instead of at the end of its piece. `below` `INT64_MAX` makes
/// it `dlx_problem_minimum` with a flag.
///
/// `cancel` is NULL (no flag: exactly `dlx_problem_minimum_below`) or points to an aligned
/// `int32_t` the caller owns, as for `dlx_problem_search_cancel`: read only, with relaxed
/// atomic loads; one flag may serve many calls on many threads at once.
///
/// Returns as `dlx_problem_minimum_below`: the solution's length, written to `options`;
/// `DLX_UNSOLVABLE` (-1) when no solution costs less than `below`; `DLX_ERR_NULL` (-2) for a
/// NULL `problem`, or NULL `options` with `capacity` above 0; `DLX_ERR_ARG` (-5) for a
/// negative `capacity` or `max_ms`, or a foreign `problem`; `DLX_ERR_CAPACITY` (-6) when the
/// solution has more than `capacity` options; `DLX_TIMEOUT` (-7); and `DLX_CANCELLED` (-10)
/// when the flag stopped it first (already set when the call starts: before any search, with
/// `dlx_problem_nodes` then 0). On every error `options` is untouched. The problem is
/// unchanged afterwards; thread safety as for `dlx_problem_search`, the flag aside. No
/// allocation.
///
/// # Safety
/// As for `dlx_problem_minimum`; `cancel` is NULL or points to a readable, aligned `int32_t`
/// that stays valid through the call and is written, if at all, only by atomic stores.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_minimum_below_cancel(
    problem: *mut dlx_problem,
    below: i64,
    options: *mut i32,
    capacity: i32,
    max_ms: i64,
    cancel: *const i32,
) -> i32 {
    // SAFETY: the caller's contract is `cover_into`'s.
    unsafe {
        cover_into(problem, options, capacity, max_ms, cancel, |problem, out, expired| {
            problem.minimum_below(below, out, expired)
        })
    }
}

/// Sets the piece that every later search of `problem` obeys (`dlx_problem_search`,
/// `dlx_problem_minimum`, `dlx_problem_minimum_below`, `dlx_problem_at_most`,
/// `dlx_problem_split`, `dlx_problem_estimate`) until another is set: `decisions[0 .. count -
/// 1]`, each an option index `o` for "option `o` is in every solution" or `-1 - o` for "in
/// none". The piece's solutions are the problem's solutions that obey every decision; its
/// chosen options are reported in them as any other. `count` 0 (`decisions` may then be NULL)
/// clears the piece: the whole problem. Decisions that contradict each other or the problem
/// (options that cannot go together) make a piece with no solution. The piece is kept in the
/// problem's memory, so a copy of the memory (another problem, for another thread) keeps it.
/// A piece's text form, for passing it between processes, is its decisions in decimal
/// separated by single spaces (`12 -8 40`).
///
/// Returns `DLX_OK` (0); `DLX_ERR_NULL` (-2) for a NULL `problem`, or NULL `decisions` with
/// `count` above 0; `DLX_ERR_ARG` (-5), the piece unchanged, for a negative `count`, a
/// decision naming an option not added yet, an option named twice (in either form), or a
/// foreign `problem`. Not thread-safe on one problem (as every call that writes it).
///
/// # Safety
/// `problem` as for `dlx_problem_search`; `decisions` is NULL or points to `count` readable
/// ints.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_piece(problem: *mut dlx_problem, decisions: *const i32, count: i32) -> c_int {
    // SAFETY: the caller's contract is `open`'s.
    let mut problem = match unsafe { open(problem) } {
        Ok(problem) => problem,
        Err(code) => return code,
    };
    let decisions: &[i32] = match usize::try_from(count) {
        Err(_) => return DLX_ERR_ARG,
        Ok(0) => &[],
        Ok(_) if decisions.is_null() => return DLX_ERR_NULL,
        // SAFETY: `decisions` points to `count` readable ints by contract.
        Ok(count) => unsafe { core::slice::from_raw_parts(decisions, count) },
    };
    match problem.set_piece(decisions) {
        Ok(()) => DLX_OK,
        Err(e) => status(e),
    }
}

/// Cuts the problem (or the piece set with `dlx_problem_piece`, which it then cuts further)
/// into at least `pieces` pieces whose solutions partition its solutions: counts of the pieces
/// add up to the whole, each solution is in exactly one piece, and the least cost is the least
/// over the pieces. Each piece is the piece set plus the decisions the search would make; set
/// it with `dlx_problem_piece` to search it alone (on a copy of the memory per thread, or in
/// another process from its text form). The same problem, piece and `pieces` give the same
/// pieces in the same order (the search's), on every machine.
///
/// The piece with the largest estimated search tree is replaced by its children in the tree
/// until there are at least `pieces` and none is estimated above the total over `pieces` (or
/// there are 16 times `pieces`, or `out` is full): small pieces are measured by a short count,
/// large ones by Knuth's estimate (`dlx_problem_estimate`). Pieces found to have no solution
/// are left out, so a problem with few solutions may give fewer pieces, each then a leaf of
/// the tree, and a problem with none may give none.
///
/// Writes the pieces to `out` flat, each as its number of decisions then its decisions, and
/// their total length in ints to `*used`; returns the number of pieces. `out` (`out_len`
/// ints) is also the split's working room: it needs one int per piece besides the pieces,
/// where it leaves each piece's estimated size, piece `j`'s (from 0) in `out[out_len - 1 -
/// j]`: 0 for 0, else bits 11-30 the binary exponent plus 2^19 and bits 0-10 the first 11
/// bits of the mantissa's fraction (size = (1 + f / 2048) * 2^(e - 2^19)), for callers that
/// run the largest pieces first.
/// Returns `DLX_ERR_NULL` (-2) for a NULL `problem`, `out` or `used`; `DLX_ERR_ARG` (-5) for
/// `pieces` below 1, a negative `out_len` or `max_ms`, or a foreign `problem`;
/// `DLX_ERR_CAPACITY` (-6) when `out` has no room for `pieces` pieces; `DLX_TIMEOUT` (-7)
/// after `max_ms` milliseconds (0: no limit). On any error `*used` is untouched and `out`
/// holds nothing meaningful (it may have been written). The problem, its piece and
/// `dlx_problem_nodes` are as they were afterwards.
///
/// # Safety
/// `problem` as for `dlx_problem_search`; `out` is NULL or points to `out_len` writable ints,
/// `used` NULL or one writable `int64_t`, neither used by anything else meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_split(
    problem: *mut dlx_problem,
    pieces: i32,
    out: *mut i32,
    out_len: i64,
    used: *mut i64,
    max_ms: i64,
) -> i64 {
    // SAFETY: the caller's contract is this function's, which is `split_work`'s with no `work`.
    unsafe { dlx_problem_split_work(problem, pieces, out, out_len, used, core::ptr::null_mut(), max_ms) }
}

/// `dlx_problem_split`, also writing the split's own work to `*work` (NULL: not wanted, the
/// call is then `dlx_problem_split`): the options its short counts tried and the steps of its
/// random paths, in the units of `dlx_problem_nodes`, so that a caller searching the pieces
/// can report the whole run's effort (`dlx cover --threads` adds it to the options tried).
/// Returns as `dlx_problem_split` does; on any error `*work` is untouched.
///
/// # Safety
/// As for `dlx_problem_split`; `work` is NULL or one writable `int64_t`, used by nothing else
/// meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_split_work(
    problem: *mut dlx_problem,
    pieces: i32,
    out: *mut i32,
    out_len: i64,
    used: *mut i64,
    work: *mut i64,
    max_ms: i64,
) -> i64 {
    // SAFETY: the caller's contract is `open`'s.
    let mut problem = match unsafe { open(problem) } {
        Ok(problem) => problem,
        Err(code) => return code.into(),
    };
    if out.is_null() || used.is_null() {
        return DLX_ERR_NULL.into();
    }
    let expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code.into(),
    };
    let (Ok(pieces @ 1..), Ok(out_len)) = (usize::try_from(pieces), usize::try_from(out_len)) else {
        return DLX_ERR_ARG.into();
    };
    // SAFETY: `out` points to `out_len` writable ints by contract.
    let out = unsafe { core::slice::from_raw_parts_mut(out, out_len) };
    match problem.split_work(pieces, out, expired) {
        Ok((count, ints, spent)) => {
            // SAFETY: `used` points to a writable int64_t by contract, `work` too when not NULL.
            unsafe {
                used.write(ints as i64);
                if !work.is_null() {
                    work.write(i64::try_from(spent).unwrap_or(i64::MAX));
                }
            }
            count as i64
        }
        Err(e) => status(e).into(),
    }
}

/// Knuth's estimate of the size of the search tree of `problem` (under its piece, if one is
/// set): the options `dlx_problem_search` would try counting every solution, as
/// `dlx_problem_nodes` then reports them, estimated as the mean over `paths` random paths
/// from the root. The same `seed` gives the same estimate on every machine; the spread
/// narrows as the square root of `paths` (docs/exact-cover.md has measured figures: with
/// 10,000 paths, within 2x on pentominoes 6x10). A `dlx` command's progress and time
/// estimates can be made of it.
///
/// A path of a repeat cover can be thousands of steps deep: `max_ms` milliseconds on the
/// monotonic clock (0: no limit) bound the whole call, asked before each path and every few
/// dozen steps of one.
///
/// Writes the estimate to `*nodes` (0 for a piece that contradicts itself; `HUGE_VAL` past
/// a double's range, which a repeat cover's tree can pass: `dlx_problem_estimate_size` gives
/// those exactly, and `dlx cover --estimate` prints them as `1.23e400`) and returns `DLX_OK`
/// (0); `DLX_ERR_NULL` (-2) for a NULL `problem` or `nodes`; `DLX_ERR_ARG` (-5) for `paths`
/// below 1, a negative `max_ms` or a foreign `problem`; `DLX_TIMEOUT` (-7) when the time ran
/// out first; `*nodes` untouched on every error. The problem is unchanged.
///
/// # Safety
/// `problem` as for `dlx_problem_search`; `nodes` is NULL or one writable `double`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_estimate(
    problem: *mut dlx_problem,
    paths: i32,
    seed: u64,
    nodes: *mut f64,
    max_ms: i64,
) -> c_int {
    if nodes.is_null() {
        // SAFETY: the caller's contract is `open`'s.
        return match unsafe { open(problem) } {
            Ok(_) => DLX_ERR_NULL,
            Err(code) => code,
        };
    }
    // SAFETY: the caller's contract is `estimate`'s; `nodes` points to a writable double.
    unsafe { estimate(problem, paths, seed, max_ms, |estimate| nodes.write(estimate.to_f64())) }
}

/// `dlx_problem_estimate` without a double's limits: the estimate exactly as the library
/// computes it, `*mantissa * 2^*exponent`, however large. A repeat cover's tree can pass
/// 2^1024, where `dlx_problem_estimate` writes `HUGE_VAL`; this call gives its size, to
/// compare pieces or to print as `1.23e400`.
///
/// Arguments, limits and the problem afterwards as for `dlx_problem_estimate`: the same
/// `problem`, `paths` and `seed` give the same size, whose value (where it is within a
/// double's range) `dlx_problem_estimate` writes.
///
/// Writes the mantissa, in [1, 2), to `*mantissa` and the binary exponent to `*exponent`
/// (0 and 0 for an estimate of 0: a piece that contradicts itself) and returns `DLX_OK` (0);
/// `DLX_ERR_NULL` (-2) for a NULL `problem`, `mantissa` or `exponent`; `DLX_ERR_ARG` (-5) for
/// `paths` below 1, a negative `max_ms` or a foreign `problem`; `DLX_TIMEOUT` (-7) when the
/// time ran out first; `*mantissa` and `*exponent` untouched on every error. No allocation.
///
/// # Safety
/// `problem` as for `dlx_problem_search`; `mantissa` is NULL or one writable `double`,
/// `exponent` NULL or one writable `int64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_estimate_size(
    problem: *mut dlx_problem,
    paths: i32,
    seed: u64,
    mantissa: *mut f64,
    exponent: *mut i64,
    max_ms: i64,
) -> c_int {
    if mantissa.is_null() || exponent.is_null() {
        // The problem's own checks come first, as `dlx_problem_estimate`'s do.
        // SAFETY: the caller's contract is `open`'s.
        return match unsafe { open(problem) } {
            Ok(_) => DLX_ERR_NULL,
            Err(code) => code,
        };
    }
    let mut size = (0.0, 0);
    // SAFETY: the caller's contract is `estimate`'s.
    let code =
        unsafe { estimate(problem, paths, seed, max_ms, |estimate| size = (estimate.mantissa(), estimate.exponent())) };
    if code == DLX_OK {
        // SAFETY: both point to writable values by contract.
        unsafe {
            mantissa.write(size.0);
            exponent.write(size.1);
        }
    }
    code
}

/// The checks `dlx_problem_estimate` and `dlx_problem_estimate_size` share, then the estimate,
/// handed to `write` when it succeeds; the status code.
///
/// # Safety
/// `problem` as for `dlx_problem_search`.
unsafe fn estimate(problem: *mut dlx_problem, paths: i32, seed: u64, max_ms: i64, write: impl FnOnce(Size)) -> c_int {
    // SAFETY: the caller's contract is `open`'s.
    let mut problem = match unsafe { open(problem) } {
        Ok(problem) => problem,
        Err(code) => return code,
    };
    let mut expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code,
    };
    let Ok(paths @ 1..) = u32::try_from(paths) else {
        return DLX_ERR_ARG;
    };
    match problem.estimate_until(paths, seed, &mut expired) {
        Ok(estimate) => {
            write(estimate);
            DLX_OK
        }
        Err(e) => status(e),
    }
}

/// The total cost of the solution the last successful `dlx_problem_minimum` or
/// `dlx_problem_at_most` on `problem` wrote (its number of options when every option costs 1);
/// 0 before any. `DLX_ERR_NULL` (-2) for NULL, `DLX_ERR_ARG` (-5) for a foreign pointer.
///
/// # Safety
/// `problem` as for `dlx_problem_search` (read only).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_cost(problem: *const dlx_problem) -> i64 {
    // SAFETY: the caller's contract is `open`'s; nothing is written.
    match unsafe { open(problem.cast_mut()) } {
        Ok(problem) => problem.cost(),
        Err(code) => code.into(),
    }
}

/// The options tried by the last `dlx_problem_search`, `dlx_problem_minimum` or
/// `dlx_problem_at_most` on `problem` (Knuth's node count, without the root), to compare with
/// other DLX programs; 0 before any.
/// `DLX_ERR_NULL` (-2) for NULL, `DLX_ERR_ARG` (-5) for a foreign pointer.
///
/// # Safety
/// `problem` as for `dlx_problem_search` (read only).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dlx_problem_nodes(problem: *const dlx_problem) -> i64 {
    // SAFETY: the caller's contract is `open`'s; nothing is written.
    match unsafe { open(problem.cast_mut()) } {
        Ok(problem) => problem.nodes() as i64,
        Err(code) => code.into(),
    }
}

/// Describes a status code in one English sentence.
///
/// Returns a static NUL-terminated string for every `DLX_` code, and a generic sentence for any
/// other value. Never NULL; the caller must not free or modify it. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn dlx_strerror(code: c_int) -> *const c_char {
    let text: &'static CStr = match code {
        DLX_OK => c"success",
        DLX_ERR_NULL => c"a required pointer is NULL",
        DLX_MULTIPLE => c"the puzzle has more than one solution",
        DLX_BEYOND => c"the solving techniques implemented do not finish the puzzle",
        DLX_CANCELLED => c"the search was cancelled by its caller",
        _ => match Error::ALL.into_iter().find(|&e| status(e) == code) {
            Some(error) => error.text(),
            None => c"unknown dlx status code",
        },
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

/// Bytes of memory `dlx_variant_solve` needs for a grid of side `side` (4 to 25) with
/// `extra_units` extra units (0 to `side`); the diagonals are always allowed for. About 1.7 MB
/// for 25x25, 140 KB for 9x9: too much for most thread stacks, so the caller allocates it.
/// Returns 0 for arguments out of range. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn dlx_variant_size(side: c_int, extra_units: c_int) -> usize {
    match (usize::try_from(side), usize::try_from(extra_units)) {
        (Ok(side), Ok(extra)) => Variant::words_for(side, extra).map_or(0, |words| words * 8),
        _ => 0,
    }
}

/// Solves and counts a Sudoku variant: a grid of side `side` (4 to 25) whose `side` regions are
/// given by a map (jigsaw Sudoku; boxes are one such map, 6x6 with 2x3 boxes too), optionally
/// with the two main diagonals as units (X-Sudoku) and extra units (windoku and the like),
/// each unit holding every digit once. Searched on the Dancing Links engine in `memory`.
///
/// `regions`: `side * side` ints, row-major, each cell's region in `0 .. side - 1`, each
/// region exactly `side` cells (connected or not). `diagonals`: nonzero for X-Sudoku.
/// `extra`: NULL, or `side * side` ints, -1 for a cell in no extra unit or its unit
/// `0 .. k - 1`, each of the `k` units exactly `side` cells. `puzzle`: NUL-terminated text of
/// `side * side` cells, row-major: for sides up to 9 `1`..`side` a given and `0`, `.` or `-` a
/// blank; for sides 10 to 25 `A`.. a given and `.` or `-` a blank; space, tab, CR and LF
/// skipped. `memory`: `size` bytes, aligned to `DLX_PROBLEM_ALIGN`, at least
/// `dlx_variant_size(side, k)`; its contents do not matter, nothing is kept after the call.
/// `solution`: at least `side * side + 1` bytes. `limit` at least 1; `max_ms` as for
/// `dlx_solve16_within` (0: none).
///
/// Returns the number of solutions found, at most `limit` (0 when there is none, repeated
/// givens included), writing the first one (the same on every call) to `solution` as
/// `side * side` symbols and a NUL when it is 1 or more; `DLX_ERR_NULL` (-2) when `memory`,
/// `regions`, `puzzle` or `solution` is NULL; `DLX_ERR_ARG` (-5) for a side out of range,
/// `limit` below 1, a negative `max_ms`, memory not aligned, a region map that does not make
/// `side` regions of `side` cells or a bad extra map; `DLX_ERR_CAPACITY` (-6) when `size` is
/// below the size needed; `DLX_ERR_CELL` (-4) or `DLX_ERR_LENGTH` (-3) for the text, as for
/// `dlx_solve16`; `DLX_TIMEOUT` (-7). On any error `solution` is untouched. Thread-safe (no
/// global state), no allocation.
///
/// # Safety
/// `memory` is NULL or `size` writable bytes no other thread uses during the call; `regions`
/// and `extra` are NULL or `side * side` readable ints; `puzzle` is NULL or a readable
/// NUL-terminated string; `solution` is NULL or `side * side + 1` writable bytes.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn dlx_variant_solve(
    memory: *mut c_void,
    size: usize,
    side: c_int,
    regions: *const i32,
    diagonals: c_int,
    extra: *const i32,
    puzzle: *const c_char,
    solution: *mut c_char,
    limit: i64,
    max_ms: i64,
) -> i64 {
    if memory.is_null() || regions.is_null() || puzzle.is_null() || solution.is_null() {
        return DLX_ERR_NULL.into();
    }
    let side = match usize::try_from(side) {
        Ok(side @ 4..=25) => side,
        _ => return DLX_ERR_ARG.into(),
    };
    let Ok(limit @ 1..) = u64::try_from(limit) else {
        return DLX_ERR_ARG.into();
    };
    let mut expired = match expiry(max_ms) {
        Ok(expired) => expired,
        Err(code) => return code.into(),
    };
    if !(memory as usize).is_multiple_of(DLX_PROBLEM_ALIGN) {
        return DLX_ERR_ARG.into();
    }
    let cells = side * side;
    // SAFETY: non-NULL, and `side * side` readable ints by contract.
    let regions = unsafe { core::slice::from_raw_parts(regions, cells) };
    // SAFETY: as `regions`, where not NULL.
    let extra = (!extra.is_null()).then(|| unsafe { core::slice::from_raw_parts(extra, cells) });
    let variant = match Variant::new(side, regions, diagonals != 0, extra) {
        Ok(variant) => variant,
        Err(e) => return status(e).into(),
    };
    let words = variant.words();
    if size / 8 < words {
        return DLX_ERR_CAPACITY.into();
    }
    // SAFETY: `memory` has `size >= 8 * words` writable bytes, aligned (checked); zeroed first
    // so that every word is initialised before a slice is made of them.
    let memory = unsafe {
        memory.cast::<u8>().write_bytes(0, words * 8);
        core::slice::from_raw_parts_mut(memory.cast::<u64>(), words)
    };
    // SAFETY: `puzzle` is non-NULL and NUL-terminated by contract.
    let text = unsafe { CStrBytes::new(puzzle) };
    let mut out = [0u8; 625];
    match variant.solve_until(memory, text, limit, &mut out[..cells], &mut expired) {
        Ok(0) => 0,
        Ok(found) => {
            // SAFETY: `solution` has room for `cells + 1` bytes by contract.
            unsafe { write_text(&out[..cells], solution) };
            found as i64
        }
        Err(e) => status(e).into(),
    }
}
