//! The batch calls (`dlx_solve9_many`, `dlx_solve16_many`, `dlx_count9_many`,
//! `dlx_count16_many`): every puzzle file of tests/data answered in one call equals the
//! one-puzzle calls and the data's own solutions and counts; bad arguments give their
//! statuses with nothing written; a bad puzzle gets its own status with its slot untouched;
//! time limits hold for each puzzle.

mod common;
#[path = "../src/ffi.rs"]
mod ffi;

use common::{data_dir, read_data};
use core::ffi::{CStr, c_char};
use core::ptr::null_mut;
use ffi::*;

type SolveMany = unsafe extern "C" fn(*const c_char, i64, i64, *mut c_char, i64, *mut i32) -> i64;
type CountMany = unsafe extern "C" fn(*const c_char, i64, i64, i64, i64, *mut i64, *mut c_char) -> i64;
type SolveOne = unsafe extern "C" fn(*const c_char, *mut c_char, i64) -> core::ffi::c_int;
type CountOne = unsafe extern "C" fn(*const c_char, i64, i64) -> i64;

/// The calls of one size: cells, output length, batch and one-puzzle forms.
struct Size {
    cells: usize,
    out_len: usize,
    solve_many: SolveMany,
    count_many: CountMany,
    solve_one: SolveOne,
    count_one: CountOne,
}

const NINE: Size = Size {
    cells: DLX9_CELLS,
    out_len: DLX9_OUT_LEN,
    solve_many: dlx_solve9_many,
    count_many: dlx_count9_many,
    solve_one: dlx_solve9_within,
    count_one: dlx_count9,
};
const SIXTEEN: Size = Size {
    cells: DLX16_CELLS,
    out_len: DLX16_OUT_LEN,
    solve_many: dlx_solve16_many,
    count_many: dlx_count16_many,
    solve_one: dlx_solve16_within,
    count_one: dlx_count16,
};

/// What the batch calls said of `records` (each `stride` bytes, padded with NULs): each
/// puzzle's status and solution (None unless solved; its slot must be untouched then), each
/// count to `limit` and the first solution the count found (None unless counted 1 or more).
struct Answers {
    solved: i64,
    statuses: Vec<i32>,
    solutions: Vec<Option<Vec<u8>>>,
    counted: i64,
    counts: Vec<i64>,
    firsts: Vec<Option<Vec<u8>>>,
}

const UNTOUCHED: u8 = 0xA5;

fn batch(size: &Size, records: &[&[u8]], stride: usize, limit: i64, max_ms: i64) -> Answers {
    let n = records.len();
    let mut buffer = vec![0u8; n * stride];
    for (k, record) in records.iter().enumerate() {
        buffer[k * stride..k * stride + record.len()].copy_from_slice(record);
    }
    let mut out = vec![UNTOUCHED; n * size.out_len + 1];
    let mut statuses = vec![i32::MIN; n + 1];
    let mut counts = vec![i64::MIN; n + 1];
    let (n64, stride64) = (n as i64, stride as i64);
    let puzzles = buffer.as_ptr().cast::<c_char>();
    // SAFETY: `buffer` holds n records of `stride` bytes; `out` has n slots of out_len bytes,
    // `statuses` and `counts` n entries (and one more each, to see nothing is written past).
    let solved =
        unsafe { (size.solve_many)(puzzles, n64, stride64, out.as_mut_ptr().cast(), max_ms, statuses.as_mut_ptr()) };
    // SAFETY: as above.
    let mut firsts = vec![UNTOUCHED; n * size.out_len + 1];
    let f = firsts.as_mut_ptr().cast();
    // SAFETY: as above, `firsts` as `out`.
    let counted = unsafe { (size.count_many)(puzzles, n64, stride64, limit, max_ms, counts.as_mut_ptr(), f) };
    let last = (out[n * size.out_len], firsts[n * size.out_len], statuses[n], counts[n]);
    assert_eq!(last, (UNTOUCHED, UNTOUCHED, i32::MIN, i64::MIN), "wrote past the end");
    statuses.pop();
    counts.pop();
    let slots = |out: &[u8], written: &dyn Fn(usize) -> bool| -> Vec<Option<Vec<u8>>> {
        (0..n)
            .map(|k| {
                let slot = &out[k * size.out_len..(k + 1) * size.out_len];
                if written(k) {
                    assert_eq!(slot[size.cells], 0, "puzzle {k}: NUL-terminated");
                    Some(slot[..size.cells].to_vec())
                } else {
                    assert!(slot.iter().all(|&b| b == UNTOUCHED), "puzzle {k}: written without an answer");
                    None
                }
            })
            .collect()
    };
    let solutions = slots(&out, &|k| statuses[k] == DLX_OK);
    let firsts = slots(&firsts, &|k| counts[k] > 0);
    // Without room for the first solutions the counts are the same.
    let mut bare = vec![i64::MIN; n];
    // SAFETY: as above, with no solutions asked for.
    let again = unsafe { (size.count_many)(puzzles, n64, stride64, limit, max_ms, bare.as_mut_ptr(), null_mut()) };
    if max_ms == 0 {
        assert_eq!((again, &bare), (counted, &counts), "counts without first solutions");
    }
    Answers { solved, statuses, solutions, counted, counts, firsts }
}

/// The one-puzzle calls on `record` as a C string: status and solution, and the count.
fn one(size: &Size, record: &[u8], limit: i64, max_ms: i64) -> (i32, Option<Vec<u8>>, i64) {
    let mut text = record.to_vec();
    text.push(0);
    let mut out = vec![0u8; size.out_len];
    // SAFETY: `text` is NUL-terminated; `out` has out_len bytes.
    let code = unsafe { (size.solve_one)(text.as_ptr().cast(), out.as_mut_ptr().cast(), max_ms) };
    // SAFETY: as above.
    let count = unsafe { (size.count_one)(text.as_ptr().cast(), limit, max_ms) };
    (code, (code == DLX_OK).then(|| out[..size.cells].to_vec()), count)
}

/// Batch answers equal the one-puzzle answers, record by record, and the returns count the
/// successes.
fn assert_same_as_one_by_one(size: &Size, records: &[&[u8]], stride: usize, limit: i64, what: &str) -> Answers {
    let answers = batch(size, records, stride, limit, 0);
    for (k, record) in records.iter().enumerate() {
        let (code, solution, count) = one(size, record, limit, 0);
        assert_eq!(answers.statuses[k], code, "{what} puzzle {k}: status");
        assert_eq!(answers.solutions[k], solution, "{what} puzzle {k}: solution");
        assert_eq!(answers.counts[k], count, "{what} puzzle {k}: count");
        // The count's first solution: the solution when it is the only one, else a valid one.
        if let Some(first) = &answers.firsts[k] {
            if count == 1 {
                assert_eq!(Some(first), solution.as_ref(), "{what} puzzle {k}: the only solution");
            } else {
                assert!(completes(&cells_of(record), first, size.cells), "{what} puzzle {k}: first solution");
            }
        }
    }
    assert_eq!(answers.solved, answers.statuses.iter().filter(|&&s| s == DLX_OK).count() as i64, "{what}");
    assert_eq!(answers.counted, answers.counts.iter().filter(|&&c| c >= 0).count() as i64, "{what}");
    answers
}

#[test]
fn every_puzzle_file_answered_in_one_call_equals_the_one_puzzle_calls_and_the_data() {
    let mut files = 0;
    for (dir, size) in [("sudoku9", &NINE), ("sudoku16", &SIXTEEN)] {
        let mut names: Vec<String> = std::fs::read_dir(data_dir().join(dir))
            .expect("data directory")
            .map(|entry| entry.expect("entry").file_name().into_string().expect("UTF-8 name"))
            .filter(|name| name.ends_with(".txt") && !name.contains(".solutions.") && !name.contains(".nsol."))
            .collect();
        names.sort();
        for name in names {
            let text = read_data(&format!("{dir}/{name}"));
            // A puzzle a line; a rated file gives the rating after it (se-rated-sample.txt).
            let records: Vec<&[u8]> =
                text.lines().filter_map(|l| l.split_whitespace().next()).map(str::as_bytes).collect();
            // Bare cells back to back (`stride` = cells), as the Python package passes them.
            let answers = assert_same_as_one_by_one(size, &records, size.cells, 2, &name);
            // The data's own answers: solutions of unique puzzles, counts to 2 of the others.
            let stem = name.trim_end_matches(".txt");
            let solutions = data_dir().join(dir).join(format!("{stem}.solutions.txt"));
            let nsol = data_dir().join(dir).join(format!("{stem}.nsol.txt"));
            if solutions.exists() {
                let known = std::fs::read_to_string(solutions).expect("solutions");
                let known: Vec<&str> = known.split_whitespace().collect();
                assert_eq!(known.len(), records.len(), "{name}");
                for (k, solution) in known.iter().enumerate() {
                    assert_eq!(answers.solutions[k].as_deref(), Some(solution.as_bytes()), "{name} puzzle {k}");
                    assert_eq!(answers.counts[k], 1, "{name} puzzle {k}");
                }
            } else if nsol.exists() {
                let known = std::fs::read_to_string(nsol).expect("counts");
                let known: Vec<i64> = known.split_whitespace().map(|c| c.parse().expect("a count")).collect();
                assert_eq!(answers.counts, known, "{name}");
            } else {
                // Files with neither are unsolvable or mixed (climbed-*): every solution found
                // must still be a valid completion of its puzzle.
                for (k, solution) in answers.solutions.iter().enumerate() {
                    if let Some(solution) = solution {
                        assert!(completes(records[k], solution, size.cells), "{name} puzzle {k}");
                    }
                }
            }
            files += 1;
        }
    }
    assert!(files >= 10, "only {files} puzzle files");
}

/// The cells of a record: its bytes up to a NUL, whitespace left out.
fn cells_of(record: &[u8]) -> Vec<u8> {
    record.iter().copied().take_while(|&b| b != 0).filter(|b| !b" \t\r\n".contains(b)).collect()
}

/// Whether `solution` is a valid grid that keeps every given of `puzzle` (bare cells).
fn completes(puzzle: &[u8], solution: &[u8], cells: usize) -> bool {
    let (side, box_side) = if cells == 81 { (9, 3) } else { (16, 4) };
    let value = |b: u8| if side == 9 { b.wrapping_sub(b'1') } else { b.wrapping_sub(b'A') } as usize;
    let givens_kept = puzzle.iter().zip(solution).all(|(&p, &s)| matches!(p, b'.' | b'-' | b'0') || p == s);
    let units_full = (0..side).all(|u| {
        let (mut row, mut col, mut boxed) = (0u32, 0u32, 0u32);
        for i in 0..side {
            let b = (u / box_side) * box_side + i / box_side;
            let c = (u % box_side) * box_side + i % box_side;
            for (mask, cell) in [(&mut row, u * side + i), (&mut col, i * side + u), (&mut boxed, b * side + c)] {
                let v = value(solution[cell]);
                if v < side {
                    *mask |= 1 << v;
                }
            }
        }
        [row, col, boxed].iter().all(|&m| m == (1u32 << side) - 1)
    });
    solution.len() == cells && givens_kept && units_full
}

#[test]
fn each_bad_puzzle_gets_its_own_status_and_leaves_its_slot_untouched() {
    // Records of 100 bytes, read up to a NUL: a puzzle with line breaks, a repeated given, a
    // bad byte, one cell short, one cell too many, an empty record, a good one last.
    let good = read_data("sudoku9/norvig-top95-95.txt");
    let good = good.lines().next().expect("a puzzle").as_bytes();
    let lined: Vec<u8> = good.chunks(9).flat_map(|row| row.iter().copied().chain([b'\n'])).collect();
    let repeated = [&b"11"[..], &[b'.'; 79]].concat();
    let bad_byte = [&good[..40], b"x", &good[41..]].concat();
    let short = &good[..80];
    let long = [good, b"."].concat();
    let records: [&[u8]; 7] = [&lined, &repeated, &bad_byte, short, &long, b"", good];
    let answers = assert_same_as_one_by_one(&NINE, &records, 100, 2, "mixed");
    assert_eq!(
        answers.statuses,
        [DLX_OK, DLX_UNSOLVABLE, DLX_ERR_CELL, DLX_ERR_LENGTH, DLX_ERR_LENGTH, DLX_ERR_LENGTH, DLX_OK]
    );
    assert_eq!(
        answers.counts,
        [1, 0, DLX_ERR_CELL as i64, DLX_ERR_LENGTH as i64, DLX_ERR_LENGTH as i64, DLX_ERR_LENGTH as i64, 1]
    );
    assert_eq!((answers.solved, answers.counted), (2, 3));
    // A stride shorter than the text cuts every record: 80 cells, a length fault each.
    let cut = batch(&NINE, &[&good[..80], &good[..80]], 80, 2, 0);
    assert_eq!((cut.solved, cut.statuses), (0, vec![DLX_ERR_LENGTH; 2]));
    // 16x16: a good puzzle after a bad one, bare cells back to back.
    let sixteen = read_data("sudoku16/gecode-janko-55.txt");
    let sixteen = sixteen.lines().next().expect("a puzzle").as_bytes();
    let wrong = [&sixteen[..255], b"Q"].concat();
    let answers = assert_same_as_one_by_one(&SIXTEEN, &[&wrong, sixteen], 256, 2, "16x16");
    assert_eq!(answers.statuses, [DLX_ERR_CELL, DLX_OK]);
}

#[test]
fn bad_arguments_give_their_statuses_and_write_nothing() {
    let puzzles = [b'.'; 2 * 81];
    let p = puzzles.as_ptr().cast::<c_char>();
    let null = core::ptr::null_mut();
    for size in [&NINE, &SIXTEEN] {
        let mut out = vec![UNTOUCHED; 2 * size.out_len];
        let mut statuses = [7i32; 2];
        let mut counts = [7i64; 2];
        let o = out.as_mut_ptr().cast::<c_char>();
        let (s, c) = (statuses.as_mut_ptr(), counts.as_mut_ptr());
        let stride = 81; // two records in `puzzles`
        // SAFETY: every call gets NULL or buffers with room for n = 2 records and answers, or
        // arguments the functions reject before reading or writing anything.
        unsafe {
            assert_eq!((size.solve_many)(core::ptr::null(), 2, stride, o, 0, s), DLX_ERR_NULL as i64);
            assert_eq!((size.solve_many)(p, 2, stride, null, 0, s), DLX_ERR_NULL as i64);
            assert_eq!((size.solve_many)(p, 2, stride, o, 0, null.cast()), DLX_ERR_NULL as i64);
            assert_eq!((size.count_many)(core::ptr::null(), 2, stride, 2, 0, c, o), DLX_ERR_NULL as i64);
            assert_eq!((size.count_many)(p, 2, stride, 2, 0, null.cast(), o), DLX_ERR_NULL as i64);
            for (n, stride, max_ms) in [(-1, stride, 0), (2, 0, 0), (2, -81, 0), (2, stride, -1), (i64::MAX, 2, 0)] {
                let what = format!("n {n}, stride {stride}, max_ms {max_ms}");
                assert_eq!((size.solve_many)(p, n, stride, o, max_ms, s), DLX_ERR_ARG as i64, "{what}");
                assert_eq!((size.count_many)(p, n, stride, 2, max_ms, c, o), DLX_ERR_ARG as i64, "{what}");
            }
            // n * out_len past the address space with a stride of 1 that alone would fit.
            let huge = (isize::MAX as usize / size.out_len + 1) as i64;
            assert_eq!((size.solve_many)(p, huge, 1, o, 0, s), DLX_ERR_ARG as i64);
            assert_eq!((size.count_many)(p, huge, 1, 2, 0, c, o), DLX_ERR_ARG as i64, "no room for solutions");
            assert_eq!((size.count_many)(p, i64::MAX / 4, 1, 2, 0, c, null), DLX_ERR_ARG as i64);
            for limit in [0, -1, i64::MIN] {
                assert_eq!((size.count_many)(p, 2, stride, limit, 0, c, o), DLX_ERR_ARG as i64, "limit {limit}");
            }
            // No puzzles: nothing to do, nothing written.
            assert_eq!((size.solve_many)(p, 0, stride, o, 0, s), 0);
            assert_eq!((size.count_many)(p, 0, stride, 2, 0, c, o), 0);
        }
        assert!(out.iter().all(|&b| b == UNTOUCHED), "solutions written");
        assert_eq!((statuses, counts), ([7; 2], [7; 2]), "statuses or counts written");
    }
}

#[test]
fn each_puzzle_has_its_own_time_limit() {
    // Nearly empty grids have far more solutions than any machine counts in a millisecond
    // (9x9: about 6.7e21 in all): counting them all past max_ms 1 times out, each of them,
    // the later ones too (each puzzle's clock starts at its own solve).
    for (size, file) in
        [(&NINE, "sudoku9/royle-17clue-every20th-2458.txt"), (&SIXTEEN, "sudoku16/goomii17-hexasudoku-3000.txt")]
    {
        let text = read_data(file);
        let sparse: Vec<Vec<u8>> = text
            .lines()
            .take(4)
            .map(|line| {
                let mut kept = 0;
                line.bytes()
                    .map(|b| {
                        let given = !matches!(b, b'.' | b'-' | b'0');
                        kept += usize::from(given);
                        if given && kept <= 4 { b } else { b'.' }
                    })
                    .collect()
            })
            .collect();
        let records: Vec<&[u8]> = sparse.iter().map(Vec::as_slice).collect();
        let answers = batch(size, &records, size.cells, i64::MAX, 1);
        assert_eq!(answers.counts, vec![DLX_TIMEOUT as i64; 4], "{file}");
        assert_eq!(answers.counted, 0);
        // Solving them is quick, within the limit or not: any answer is a solution or a timeout.
        for (k, status) in answers.statuses.iter().enumerate() {
            assert!(*status == DLX_OK || *status == DLX_TIMEOUT, "{file} puzzle {k}: {status}");
            if let Some(solution) = &answers.solutions[k] {
                assert!(completes(records[k], solution, size.cells), "{file} puzzle {k}");
            }
        }
    }
    // The returns say how many succeeded: a batch of the empty grid solved is one solution.
    let empty = [b'.'; 81];
    let answers = batch(&NINE, &[&empty], 81, 3, 0);
    assert_eq!((answers.solved, answers.counted, answers.counts[0]), (1, 1, 3));
    let solution = [answers.solutions[0].clone().expect("solved"), vec![0]].concat();
    // SAFETY: a NUL-terminated copy of the solution.
    let text = unsafe { CStr::from_ptr(solution.as_ptr().cast()) };
    assert_eq!(text.to_bytes().len(), 81);
}
