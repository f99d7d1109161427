//! No heap allocation, counted from Rust: this test binary's global allocator counts every
//! allocation made on the calling thread, and each exported function, on success and on every
//! error path, must make none. (c_tests/noalloc.c does the same from C by interposing malloc.)

mod common;
/// The C layer's own source, compiled into this test: its functions, called from Rust.
#[path = "../src/ffi.rs"]
mod ffi;

use common::{poj3076_sample, read_data};
use core::ffi::{c_char, c_int};
use ffi::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    // const-initialised and without a destructor, so touching it never allocates itself.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator unchanged; counting has no effect on the memory.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `call` and returns what it returned and how many allocations it made on this thread.
fn counted<T>(call: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = call();
    (value, ALLOCATIONS.with(Cell::get) - before)
}

fn solve(text: &[u8]) -> (c_int, u64) {
    let mut out = [0u8; DLX16_OUT_LEN];
    // SAFETY: `text` is NUL-terminated by every caller; `out` holds DLX16_OUT_LEN bytes.
    counted(|| unsafe { dlx_solve16(text.as_ptr().cast::<c_char>(), out.as_mut_ptr().cast::<c_char>()) })
}

fn target(grid: &[c_int; 81]) -> (c_int, u64) {
    let mut best = [0; 81];
    // SAFETY: both arrays hold 81 ints.
    counted(|| unsafe { dlx_target_max(grid.as_ptr(), best.as_mut_ptr()) })
}

#[test]
fn the_counter_counts() {
    let (_, n) = counted(|| Vec::<u8>::with_capacity(10));
    assert_eq!(n, 1);
}

#[test]
fn dlx_solve16_never_allocates() {
    let (sample, _) = poj3076_sample();
    let mut inputs: Vec<Vec<u8>> = vec![sample.into_bytes()];
    let goomii = read_data("sudoku16/goomii17-hexasudoku-3000.txt");
    inputs.extend(goomii.lines().step_by(30).map(|l| l.as_bytes().to_vec()));
    let mut repeated = vec![b'-'; 256];
    repeated[0] = b'A';
    repeated[1] = b'A';
    inputs.push(repeated);
    inputs.extend([b"".to_vec(), b"ABC".to_vec(), b"AB?".to_vec(), vec![b'-'; 300], vec![b'-'; 256]]);
    let mut statuses = std::collections::BTreeSet::new();
    for mut text in inputs {
        text.push(0);
        let (rc, n) = solve(&text);
        assert_eq!(n, 0, "dlx_solve16 allocated {n} times (status {rc})");
        statuses.insert(rc);
    }
    let mut out = [0 as c_char; DLX16_OUT_LEN];
    // SAFETY: NULL is allowed and answered with DLX_ERR_NULL.
    let (rc, n) = counted(|| unsafe { dlx_solve16(core::ptr::null(), out.as_mut_ptr()) });
    assert_eq!((rc, n), (DLX_ERR_NULL, 0));
    assert_eq!(statuses.into_iter().collect::<Vec<_>>(), [DLX_ERR_CELL, DLX_ERR_LENGTH, DLX_UNSOLVABLE, DLX_OK]);
}

#[test]
fn dlx_target_max_never_allocates() {
    let text = read_data("target/noip2009.txt");
    let ints: Vec<c_int> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let mut grids: Vec<[c_int; 81]> = ints.chunks(81).map(|c| c.try_into().unwrap()).collect();
    grids.push([0; 81]);
    // A near-empty grid that takes the pattern bound's search (dlx-core's target tests, SPARSE_GRIDS).
    let mut sparse = [0; 81];
    (sparse[4], sparse[66], sparse[67]) = (6, 6, 1);
    grids.push(sparse);
    let mut bad = [0; 81];
    bad[3] = -1;
    grids.push(bad);
    let mut statuses = std::collections::BTreeSet::new();
    for grid in &grids {
        let (rc, n) = target(grid);
        assert_eq!(n, 0, "dlx_target_max allocated {n} times (result {rc})");
        statuses.insert(rc.signum() * rc.abs().min(4));
    }
    // SAFETY: NULL is allowed and answered with DLX_ERR_NULL.
    let (rc, n) = counted(|| unsafe { dlx_target_max(core::ptr::null(), core::ptr::null_mut()) });
    assert_eq!((rc, n), (DLX_ERR_NULL, 0));
    assert_eq!(statuses.into_iter().collect::<Vec<_>>(), [DLX_ERR_CELL, DLX_UNSOLVABLE, 4]);
    let (_, n) = counted(|| (dlx_strerror(-3), dlx_version()));
    assert_eq!(n, 0);
}

#[test]
fn the_9x9_count_and_time_limited_functions_never_allocate() {
    let nine = format!("{}\0", ".".repeat(81));
    let sixteen = format!("{}\0", "-".repeat(256));
    let hardest = read_data("sudoku9/forum-hardest-1106-375.txt");
    let mut out = [0 as c_char; DLX9_OUT_LEN];
    let mut statuses = std::collections::BTreeSet::new();
    for line in
        hardest.lines().step_by(25).map(|l| format!("{l}\0")).chain([nine.clone(), "11\0".into(), "1x\0".into()])
    {
        // SAFETY: NUL-terminated text, DLX9_OUT_LEN bytes of output.
        let (rc, n) = counted(|| unsafe { dlx_solve9(line.as_ptr().cast(), out.as_mut_ptr()) });
        assert_eq!(n, 0, "dlx_solve9 allocated {n} times (status {rc})");
        statuses.insert(rc);
        // SAFETY: NUL-terminated text.
        let (count, n) = counted(|| unsafe { dlx_count9(line.as_ptr().cast(), 2, 0) });
        assert_eq!(n, 0, "dlx_count9 allocated {n} times ({count})");
    }
    assert_eq!(statuses.into_iter().collect::<Vec<_>>(), [DLX_ERR_CELL, DLX_ERR_LENGTH, DLX_OK]);
    // SAFETY (all below): NUL-terminated text; outputs of the sizes the header names.
    type Call<'a> = (&'static str, Box<dyn Fn() -> i64 + 'a>);
    let calls: [Call; 6] = [
        ("count16 timeout", Box::new(|| unsafe { dlx_count16(sixteen.as_ptr().cast(), i64::MAX, 1) })),
        ("count9 timeout", Box::new(|| unsafe { dlx_count9(nine.as_ptr().cast(), i64::MAX, 1) })),
        ("count9 limit 0", Box::new(|| unsafe { dlx_count9(nine.as_ptr().cast(), 0, 0) })),
        (
            "solve16_within",
            Box::new(|| {
                let mut out = [0 as c_char; DLX16_OUT_LEN];
                i64::from(unsafe { dlx_solve16_within(sixteen.as_ptr().cast(), out.as_mut_ptr(), 60_000) })
            }),
        ),
        (
            "solve9_within",
            Box::new(|| {
                let mut out = [0 as c_char; DLX9_OUT_LEN];
                i64::from(unsafe { dlx_solve9_within(nine.as_ptr().cast(), out.as_mut_ptr(), 60_000) })
            }),
        ),
        (
            "target_max_within timeout",
            Box::new(|| {
                let mut sparse = [0 as c_int; 81];
                (sparse[4], sparse[66], sparse[67]) = (6, 6, 1);
                i64::from(unsafe { dlx_target_max_within(sparse.as_ptr(), core::ptr::null_mut(), 1) })
            }),
        ),
    ];
    let want = [DLX_TIMEOUT, DLX_TIMEOUT, DLX_ERR_ARG, DLX_OK, DLX_OK, DLX_TIMEOUT];
    for ((what, call), want) in calls.iter().zip(want) {
        let (result, n) = counted(call);
        assert_eq!((result, n), (i64::from(want), 0), "{what}");
    }
}

#[test]
fn the_generators_never_allocate() {
    let mut out = [0 as c_char; DLX16_OUT_LEN];
    for (seed, symmetry, givens, max_ms, want) in [
        (1, DLX_SYMMETRY_NONE, 0, 0, DLX_OK),
        (2, DLX_SYMMETRY_180, 0, 0, DLX_OK),
        (3, DLX_SYMMETRY_90, 26, 60_000, DLX_OK),
        (4, DLX_SYMMETRY_MIRROR, 0, 0, DLX_OK),
        (5, DLX_SYMMETRY_NONE, 5, 5, DLX_TIMEOUT),
        (6, 9, 0, 0, DLX_ERR_ARG),
        (7, DLX_SYMMETRY_NONE, -1, 0, DLX_ERR_ARG),
    ] {
        // SAFETY: `out` holds DLX16_OUT_LEN bytes, enough for either size.
        let (rc, n) = counted(|| unsafe { dlx_generate9(seed, symmetry, givens, max_ms, out.as_mut_ptr()) });
        assert_eq!((rc, n), (want, 0), "dlx_generate9 seed {seed}");
        if seed <= 2 || seed >= 5 {
            // SAFETY: as above.
            let (rc, n) = counted(|| unsafe { dlx_generate16(seed, symmetry, givens, max_ms, out.as_mut_ptr()) });
            assert_eq!((rc, n), (want, 0), "dlx_generate16 seed {seed}");
        }
    }
    let mut rating = 0;
    for (lo, hi, max_ms, want) in
        [(20, 40, 0, DLX_OK), (70, 120, 0, DLX_OK), (115, 120, 5, DLX_TIMEOUT), (9, 8, 0, DLX_ERR_ARG)]
    {
        // SAFETY: as above; `rating` is a writable int.
        let (rc, n) = counted(|| unsafe {
            dlx_generate9_rated(8, DLX_SYMMETRY_NONE, 0, lo, hi, max_ms, out.as_mut_ptr(), &mut rating)
        });
        assert_eq!((rc, n), (want, 0), "dlx_generate9_rated {lo}-{hi}");
    }
}

#[test]
fn the_variant_calls_never_allocate() {
    let boxes: Vec<i32> = (0..81).map(|c| c / 9 / 3 * 3 + c % 9 / 3).collect();
    let windows: Vec<i32> = (0..81)
        .map(|c| {
            let (r, k) = (c / 9, c % 9);
            if r % 4 != 0 && k % 4 != 0 { r / 4 * 2 + k / 4 } else { -1 }
        })
        .collect();
    let six: Vec<i32> = (0..36).map(|c| c / 6 / 2 * 2 + c % 6 / 3).collect();
    let (size, n) = counted(|| dlx_variant_size(9, 4));
    assert!(size > 0 && n == 0, "dlx_variant_size: {size}, {n} allocations");
    assert_eq!(counted(|| dlx_variant_size(26, 0)), (0, 0));
    // Aligned to DLX_PROBLEM_ALIGN inside a buffer allocated before any window.
    let mut buffer = vec![0u8; size + DLX_PROBLEM_ALIGN];
    let skip = buffer.as_ptr().align_offset(DLX_PROBLEM_ALIGN);
    let memory = buffer[skip..].as_mut_ptr().cast::<core::ffi::c_void>();
    let (empty9, empty6) = (format!("{}\0", ".".repeat(81)), format!("{}\0", ".".repeat(36)));
    let mut out = [0 as c_char; DLX9_OUT_LEN];
    let out = out.as_mut_ptr();
    let null = core::ptr::null::<i32>();
    // (what, memory size, side, regions, diagonals, extra, text, limit, max_ms, status)
    type Case<'a> = (&'a str, usize, c_int, *const i32, c_int, *const i32, &'a str, i64, i64, i64);
    let cases: [Case; 9] = [
        ("9x9 boxes", size, 9, boxes.as_ptr(), 0, null, &empty9, 2, 0, 2),
        ("windoku X", size, 9, boxes.as_ptr(), 1, windows.as_ptr(), &empty9, 1, 60_000, 1),
        ("6x6", size, 6, six.as_ptr(), 0, null, &empty6, 1, 0, 1),
        ("timeout", size, 9, boxes.as_ptr(), 0, null, &empty9, i64::MAX, 1, DLX_TIMEOUT.into()),
        ("bad map", size, 9, windows.as_ptr(), 0, null, &empty9, 1, 0, DLX_ERR_ARG.into()),
        ("limit 0", size, 9, boxes.as_ptr(), 0, null, &empty9, 0, 0, DLX_ERR_ARG.into()),
        ("capacity", 64, 9, boxes.as_ptr(), 0, null, &empty9, 1, 0, DLX_ERR_CAPACITY.into()),
        ("bad byte", size, 9, boxes.as_ptr(), 0, null, "x\0", 1, 0, DLX_ERR_CELL.into()),
        ("short", size, 9, boxes.as_ptr(), 0, null, "12\0", 1, 0, DLX_ERR_LENGTH.into()),
    ];
    for (what, bytes, side, regions, diagonals, extra, text, limit, max_ms, want) in cases {
        // SAFETY: `memory` has `size` aligned bytes, the maps `side * side` ints, the texts a
        // NUL, `out` DLX9_OUT_LEN bytes (enough for 81 cells and the NUL).
        let (rc, n) = counted(|| unsafe {
            dlx_variant_solve(memory, bytes, side, regions, diagonals, extra, text.as_ptr().cast(), out, limit, max_ms)
        });
        assert_eq!((rc, n), (want, 0), "dlx_variant_solve, {what}");
    }
    // SAFETY: NULL memory is allowed and answered with DLX_ERR_NULL.
    let (rc, n) = counted(|| unsafe {
        dlx_variant_solve(core::ptr::null_mut(), size, 9, boxes.as_ptr(), 0, null, empty9.as_ptr().cast(), out, 1, 0)
    });
    assert_eq!((rc, n), (DLX_ERR_NULL.into(), 0));
}

#[test]
fn the_rater_and_hints_never_allocate() {
    let euler = c"003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let blank = c".................................................................................";
    // SAFETY: NUL-terminated strings.
    let (rc, n) = counted(|| unsafe { dlx_rate9(euler.as_ptr(), 0) });
    assert_eq!((rc, n), (12, 0));
    // SAFETY: as above.
    let (rc, n) = counted(|| unsafe { dlx_rate9(blank.as_ptr(), 0) });
    assert_eq!((rc, n), (DLX_MULTIPLE, 0));
    let mut step = core::mem::MaybeUninit::<dlx_step>::uninit();
    // SAFETY: as above; `step` is writable.
    let (rc, n) = counted(|| unsafe { dlx_hint9(euler.as_ptr(), step.as_mut_ptr(), 0) });
    assert_eq!((rc, n), (DLX_OK, 0));
    // SAFETY: as above.
    let (rc, n) = counted(|| unsafe { dlx_hint9(c"1".as_ptr(), step.as_mut_ptr(), 0) });
    assert_eq!((rc, n), (DLX_ERR_LENGTH, 0));
}
