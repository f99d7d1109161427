//! One table of error texts: `dlx_core::Error`'s `Display` and the C library's `dlx_strerror`
//! say the same sentence for each error (the Python package shows `dlx_strerror`'s), and each
//! error has its own status code and sentence.

#[path = "../src/ffi.rs"]
mod ffi;

use core::ffi::CStr;
use dlx_core::Error;
use ffi::*;

fn strerror(code: core::ffi::c_int) -> String {
    // SAFETY: dlx_strerror returns a static NUL-terminated string for every code.
    unsafe { CStr::from_ptr(dlx_strerror(code)) }.to_str().expect("ASCII").to_owned()
}

#[test]
fn rust_and_c_read_the_same_sentences() {
    let codes = [DLX_UNSOLVABLE, DLX_ERR_LENGTH, DLX_ERR_CELL, DLX_ERR_ARG, DLX_ERR_CAPACITY, DLX_TIMEOUT];
    assert_eq!(Error::ALL.len(), codes.len());
    for (error, code) in Error::ALL.into_iter().zip(codes) {
        let text = error.to_string();
        assert!(text.is_ascii() && !text.is_empty() && text != "dlx error", "{error:?}: {text:?}");
        assert_eq!(strerror(code), text, "{error:?} is code {code}");
    }
    let mut all: Vec<String> = (-10..=0).map(strerror).collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 11, "every code its own sentence");
    assert_eq!(strerror(-11), "unknown dlx status code");
    assert_eq!(strerror(1), "unknown dlx status code");
    assert_eq!(strerror(DLX_ERR_NULL), "a required pointer is NULL");
}

#[test]
fn the_generators_bad_arguments_give_their_statuses_and_write_nothing() {
    type Generate =
        unsafe extern "C" fn(u64, core::ffi::c_int, core::ffi::c_int, i64, *mut core::ffi::c_char) -> core::ffi::c_int;
    for (generate, len) in [(dlx_generate9 as Generate, DLX9_OUT_LEN), (dlx_generate16 as Generate, DLX16_OUT_LEN)] {
        // SAFETY: NULL is an argument the function checks.
        assert_eq!(unsafe { generate(1, DLX_SYMMETRY_NONE, 0, 0, std::ptr::null_mut()) }, DLX_ERR_NULL);
        let bad = [
            (DLX_SYMMETRY_MIRROR + 1, 0, 0, DLX_ERR_ARG),
            (-1, 0, 0, DLX_ERR_ARG),
            (DLX_SYMMETRY_NONE, -1, 0, DLX_ERR_ARG),
            (DLX_SYMMETRY_180, 0, -1, DLX_ERR_ARG),
            // Fewer givens than any minimal puzzle has: only the time limit ends it.
            (DLX_SYMMETRY_NONE, 5, 30, DLX_TIMEOUT),
        ];
        for (symmetry, givens, max_ms, want) in bad {
            let mut out = vec![b'#' as core::ffi::c_char; len + 8];
            // SAFETY: `out` has room for the answer and more.
            let got = unsafe { generate(3, symmetry, givens, max_ms, out.as_mut_ptr()) };
            assert_eq!(got, want, "symmetry {symmetry}, givens {givens}, max_ms {max_ms}");
            assert!(out.iter().all(|&b| b == b'#' as core::ffi::c_char), "written on {got}");
        }
        let mut out = vec![b'#' as core::ffi::c_char; len + 8];
        // SAFETY: as above.
        assert_eq!(unsafe { generate(3, DLX_SYMMETRY_90, 0, 0, out.as_mut_ptr()) }, DLX_OK);
        assert_eq!(out[len - 1], 0, "NUL-terminated");
        assert!(out[len..].iter().all(|&b| b == b'#' as core::ffi::c_char), "wrote past its length");
        // SAFETY: NUL-terminated just above.
        let text = unsafe { CStr::from_ptr(out.as_ptr()) };
        assert_eq!(text.to_bytes().len(), len - 1);
        let count = if len == DLX9_OUT_LEN { dlx_count9 } else { dlx_count16 };
        // SAFETY: a NUL-terminated puzzle.
        assert_eq!(unsafe { count(out.as_ptr(), 2, 0) }, 1);
        assert_eq!(DLX_SYMMETRY_NONE, 0);
        assert_eq!((DLX_SYMMETRY_180, DLX_SYMMETRY_90, DLX_SYMMETRY_MIRROR), (1, 2, 3));
    }
}

#[test]
fn canon9_reports_bad_input_as_solve9_does_and_writes_nothing() {
    let mut out = [0x5Au8; 82];
    let out_ptr = out.as_mut_ptr().cast::<core::ffi::c_char>();
    let cases: [(&[u8], core::ffi::c_int); 5] = [
        (b"1x\0", DLX_ERR_CELL),
        (b"12345678\0", DLX_ERR_LENGTH),
        (&[b'.'; 83][..], DLX_ERR_LENGTH),
        (b"A\0", DLX_ERR_CELL),
        (b"\0", DLX_ERR_LENGTH),
    ];
    for (text, want) in cases {
        let mut text = text.to_vec();
        if text.last() != Some(&0) {
            text.push(0);
        }
        // SAFETY: a NUL-terminated input and 82 writable bytes.
        let (canon, solve) =
            unsafe { (dlx_canon9(text.as_ptr().cast(), out_ptr), dlx_solve9(text.as_ptr().cast(), out_ptr)) };
        assert_eq!((canon, solve), (want, want), "{:?}", String::from_utf8_lossy(&text));
        assert!(out.iter().all(|&b| b == 0x5A), "nothing written");
    }
    let mut blank = [b'.'; 82];
    blank[81] = 0;
    // SAFETY: NULL pointers are checked first.
    unsafe {
        assert_eq!(dlx_canon9(core::ptr::null(), out_ptr), DLX_ERR_NULL);
        assert_eq!(dlx_canon9(blank.as_ptr().cast(), core::ptr::null_mut()), DLX_ERR_NULL);
    }
    assert!(out.iter().all(|&b| b == 0x5A), "nothing written");
    // In place, with whitespace and '0' and '-' blanks, as dlx_solve9 reads them: the six
    // givens of one row go to the end of the last row.
    let mut text = format!("0-.123456\n{}", ".\t........\r\n".repeat(8)).into_bytes();
    text.resize(text.len() + 1, 0);
    // SAFETY: NUL-terminated, and more than 82 bytes of room.
    assert_eq!(unsafe { dlx_canon9(text.as_ptr().cast(), text.as_mut_ptr().cast()) }, DLX_OK);
    assert_eq!(&text[..82], format!("{}123456\0", ".".repeat(75)).as_bytes());
}

#[test]
fn the_variant_call_gives_its_statuses_and_writes_nothing_on_error() {
    let boxes: Vec<i32> = (0..81).map(|c| c / 9 / 3 * 3 + c % 9 / 3).collect();
    let size = dlx_variant_size(9, 0);
    assert!(size > 0 && dlx_variant_size(9, 1) >= size);
    assert_eq!(
        (dlx_variant_size(3, 0), dlx_variant_size(26, 0), dlx_variant_size(9, 10), dlx_variant_size(9, -1)),
        (0, 0, 0, 0)
    );
    let mut memory = vec![0u64; size / 8];
    let mem = memory.as_mut_ptr().cast::<core::ffi::c_void>();
    let puzzle = c"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let mut out = [b'#' as core::ffi::c_char; 82];
    let o = out.as_mut_ptr();
    let r = boxes.as_ptr();
    let p = puzzle.as_ptr();
    let null = core::ptr::null_mut();
    // SAFETY: every pointer is NULL or sized as the call asks.
    unsafe {
        assert_eq!(dlx_variant_solve(null, size, 9, r, 0, core::ptr::null(), p, o, 1, 0), DLX_ERR_NULL as i64);
        assert_eq!(
            dlx_variant_solve(mem, size, 9, core::ptr::null(), 0, core::ptr::null(), p, o, 1, 0),
            DLX_ERR_NULL as i64
        );
        assert_eq!(dlx_variant_solve(mem, size, 3, r, 0, core::ptr::null(), p, o, 1, 0), DLX_ERR_ARG as i64);
        assert_eq!(dlx_variant_solve(mem, size, 9, r, 0, core::ptr::null(), p, o, 0, 0), DLX_ERR_ARG as i64);
        assert_eq!(dlx_variant_solve(mem, size, 9, r, 0, core::ptr::null(), p, o, 1, -1), DLX_ERR_ARG as i64);
        let mut bad = boxes.clone();
        bad[0] = 1;
        assert_eq!(dlx_variant_solve(mem, size, 9, bad.as_ptr(), 0, core::ptr::null(), p, o, 1, 0), DLX_ERR_ARG as i64);
        let extra = [-1i32; 81];
        let mut extra_bad = extra;
        extra_bad[0] = 0;
        assert_eq!(dlx_variant_solve(mem, size, 9, r, 0, extra_bad.as_ptr(), p, o, 1, 0), DLX_ERR_ARG as i64);
        assert_eq!(dlx_variant_solve(mem, size - 8, 9, r, 0, core::ptr::null(), p, o, 1, 0), DLX_ERR_CAPACITY as i64);
        assert_eq!(
            dlx_variant_solve(mem, size, 9, r, 0, extra.as_ptr(), c"4.A".as_ptr(), o, 1, 0),
            DLX_ERR_CELL as i64
        );
        assert_eq!(
            dlx_variant_solve(mem, size, 9, r, 0, core::ptr::null(), c"4..".as_ptr(), o, 1, 0),
            DLX_ERR_LENGTH as i64
        );
        assert!(out.iter().all(|&b| b == b'#' as core::ffi::c_char));
        assert_eq!(dlx_variant_solve(mem, size, 9, r, 0, core::ptr::null(), p, o, 2, 0), 1);
        assert_eq!(CStr::from_ptr(o).to_bytes(), &dlx_core::solve9(puzzle.to_bytes().iter().copied()).unwrap()[..]);
    }
}

/// The rater's statuses: each bad input its code, and `dlx_hint9` writes nothing unless it
/// returns `DLX_OK`.
#[test]
fn the_rater_and_hints_give_their_statuses_and_write_nothing() {
    let euler = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    // The hardest rated puzzle of tests/data (SE 9.1): beyond the techniques implemented.
    let hard = "..64.15..3..5.9..1....3....2.5...7.3.3..4..2.67.....58.6.9.7.8.....5......23.49..";
    let solved = dlx_core::solve9(euler.bytes()).unwrap();
    let solved = std::str::from_utf8(&solved).unwrap().to_owned();
    let cases: [(String, i64, i32); 9] = [
        (euler.to_owned(), 0, 12),
        (solved, 0, 0),
        (".".repeat(81), 0, DLX_MULTIPLE),
        (hard.to_owned(), 0, DLX_BEYOND),
        (format!("11{}", ".".repeat(79)), 0, DLX_UNSOLVABLE),
        (".".repeat(80), 0, DLX_ERR_LENGTH),
        (format!("x{}", ".".repeat(80)), 0, DLX_ERR_CELL),
        (euler.to_owned(), -1, DLX_ERR_ARG),
        (".".repeat(81), i64::MAX, DLX_MULTIPLE),
    ];
    for (text, max_ms, want) in cases {
        let text = std::ffi::CString::new(text).unwrap();
        // SAFETY: a NUL-terminated string.
        assert_eq!(unsafe { dlx_rate9(text.as_ptr(), max_ms) }, want, "{text:?}");
        let mut step = core::mem::MaybeUninit::<dlx_step>::zeroed();
        // SAFETY: as above; `step` is writable.
        let got = unsafe { dlx_hint9(text.as_ptr(), step.as_mut_ptr(), max_ms) };
        // SAFETY: zeroed above, and a dlx_step of zeros is a valid value.
        let step = unsafe { step.assume_init() };
        match want {
            12 => assert_eq!((got, step.rating, step.technique), (DLX_OK, 12, 2)),
            0 => assert_eq!(got, 1, "a complete grid has no next step"),
            // Its first steps are singles: hints stop only where the techniques run out.
            DLX_BEYOND => assert_eq!(got, DLX_OK),
            _ => assert_eq!(got, want, "{text:?}"),
        }
        if got != DLX_OK {
            assert_eq!((step.rating, step.technique, step.name[0]), (0, 0, 0), "written on {got}");
        }
    }
    // SAFETY: NULL is an argument the functions check.
    unsafe {
        assert_eq!(dlx_rate9(core::ptr::null(), 0), DLX_ERR_NULL);
        assert_eq!(dlx_hint9(c"1".as_ptr(), core::ptr::null_mut(), 0), DLX_ERR_NULL);
        assert_eq!(
            dlx_hint9(core::ptr::null(), core::mem::MaybeUninit::<dlx_step>::uninit().as_mut_ptr(), 0),
            DLX_ERR_NULL
        );
    }
}
