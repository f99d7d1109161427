//! General exact cover in caller memory against brute force (tests/reference) and known counts.

use core::ops::ControlFlow;

use super::common::{exact_covers, langford, queens, random_cover, rng};
use crate::{Error, Fault, Problem};

/// Memory for a problem with exactly these options, as a caller would size it.
fn memory_for(primary: usize, secondary: usize, options: &[Vec<i32>]) -> Vec<u64> {
    let entries: usize = options.iter().map(Vec::len).sum();
    let words = Problem::words_for(primary + secondary, options.len(), entries).unwrap();
    assert_eq!(words % 2, 0);
    vec![0xA5A5_A5A5_A5A5_A5A5; words]
}

fn load<'m>(memory: &'m mut [u64], primary: usize, secondary: usize, options: &[Vec<i32>]) -> Problem<'m> {
    let entries: usize = options.iter().map(Vec::len).sum();
    let mut p = Problem::new(memory, primary as i32, secondary as i32, options.len() as i32, entries as i64).unwrap();
    for (k, o) in options.iter().enumerate() {
        assert_eq!(p.add(o), Ok(k));
    }
    p
}

/// Every solution the search visits (under the piece set, if any), as sorted option numbers.
pub(super) fn solutions(p: &mut Problem<'_>) -> Vec<Vec<i32>> {
    let mut found = Vec::new();
    p.search(
        u64::MAX,
        || false,
        |s| {
            found.push(s.to_vec());
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    found
}

/// A time limit that passes at its `n + 1`th question.
fn expire_after(n: u32) -> impl FnMut() -> bool {
    let mut asked = 0;
    move || {
        asked += 1;
        asked > n
    }
}

fn count(primary: usize, secondary: usize, options: &[Vec<i32>]) -> u64 {
    let mut memory = memory_for(primary, secondary, options);
    let mut p = load(&mut memory, primary, secondary, options);
    p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap()
}

#[test]
fn random_problems_agree_with_brute_force_in_solutions_and_minimum() {
    let mut seed = 0x5EED_0000_0000_0016u64;
    let (mut solvable, mut with_secondary) = (0, 0);
    for _ in 0..3000 {
        let (primary, secondary, options) = random_cover(12, 14, &mut seed);
        let mut expected = exact_covers(primary, secondary, &options);
        let mut memory = memory_for(primary, secondary, &options);
        let mut p = load(&mut memory, primary, secondary, &options);
        let found = solutions(&mut p);
        assert!(found.iter().all(|s| s.windows(2).all(|w| w[0] < w[1])), "ascending option numbers");
        let mut sorted = found.clone();
        sorted.sort();
        expected.sort();
        assert_eq!(sorted, expected, "{primary} + {secondary} items, {options:?}");
        assert_eq!(solutions(&mut p), found, "a second search gives the same solutions in the same order");
        // The minimum: the first cover of the smallest size in search order.
        let mut out = [-1i32; 16];
        match found.iter().map(Vec::len).min() {
            None => assert_eq!(p.minimum(&mut out, || false), Err(Error::Unsolvable)),
            Some(least) => {
                let first = found.iter().find(|s| s.len() == least).unwrap();
                assert_eq!(p.minimum(&mut out, || false), Ok(least));
                assert_eq!(&out[..least], &first[..]);
                assert!(out[least..].iter().all(|&x| x == -1));
                if least > 0 {
                    let mut short = vec![-1i32; least - 1];
                    assert_eq!(p.minimum(&mut short, || false), Err(Error::Capacity));
                    assert!(short.iter().all(|&x| x == -1), "nothing written");
                }
                solvable += 1;
                with_secondary += usize::from(secondary > 0);
            }
        }
        // Limits stop the search, and a visitor's Break stops it at once; a count without
        // the covers written out agrees.
        let total = found.len() as u64;
        assert_eq!(p.count(u64::MAX, || false, || ControlFlow::Continue(())), Ok(total));
        if total >= 2 {
            assert_eq!(p.search(2, || false, |_| ControlFlow::Continue(())), Ok(2));
            assert_eq!(p.search(u64::MAX, || false, |_| ControlFlow::Break(())), Ok(1));
            assert_eq!(p.count(2, || false, || ControlFlow::Continue(())), Ok(2));
            assert_eq!(p.count(u64::MAX, || false, || ControlFlow::Break(())), Ok(1));
        }
    }
    assert!(solvable > 800 && with_secondary > 300, "{solvable} {with_secondary}");
}

#[test]
fn n_queens_with_secondary_diagonals_count_as_known() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &want) in (1..).zip(&known) {
        let (primary, secondary, options) = queens(n);
        assert_eq!(count(primary, secondary, &options), want, "{n} queens");
    }
}

#[test]
fn langford_pairs_count_both_mirror_images() {
    for (n, want) in [(3, 2), (4, 2), (5, 0), (7, 52), (8, 300)] {
        let (primary, secondary, options) = langford(n);
        assert_eq!(count(primary, secondary, &options), want, "Langford n = {n}");
    }
}

#[test]
fn no_primary_items_is_one_empty_solution() {
    let mut memory = memory_for(0, 2, &[]);
    let mut p = load(&mut memory, 0, 2, &[]);
    assert_eq!(solutions(&mut p), vec![Vec::<i32>::new()]);
    assert_eq!(p.minimum(&mut [], || false), Ok(0));
    assert_eq!(p.add(&[0]), Err(Fault::NoPrimary), "an option without a primary item");
}

#[test]
fn bad_sizes_options_and_limits_are_errors_and_change_nothing() {
    assert_eq!(Problem::size(-1, 0, 0), None);
    assert_eq!(Problem::size(0, -1, 0), None);
    assert_eq!(Problem::size(0, 0, -1), None);
    assert_eq!(Problem::size(1 << 30, 1 << 30, 1 << 30), None);
    assert!(Problem::size(3, 0, 0).is_some());
    assert_eq!(Problem::words_for(1 << 30, 1 << 30, 1 << 30), None);
    for (items, options, entries) in [(0, 0, 0), (3, 0, 0), (5, 3, 6), (100, 1000, 5000)] {
        let words = Problem::words_for(items, options, entries).unwrap();
        assert_eq!(Problem::size(items as i64, options as i64, entries as i64), Some(words * 8), "bytes for C");
    }
    let size = Problem::words_for(5, 3, 6).unwrap();
    let mut memory = vec![0u64; size];
    assert_eq!(Problem::new(&mut memory[..size - 1], 3, 2, 3, 6).err(), Some(Error::Capacity));
    assert_eq!(Problem::new(&mut memory, -1, 2, 3, 6).err(), Some(Error::Arg));
    assert_eq!(Problem::new(&mut memory, 3, 2, 3, -6).err(), Some(Error::Arg));
    let mut p = Problem::new(&mut memory, 3, 2, 3, 6).unwrap();
    assert_eq!(p.add(&[0, 3]), Ok(0));
    let _ = p;
    let before = memory.clone();
    let mut p = Problem::open(&mut memory).unwrap();
    assert_eq!(p.fault(), None);
    let repeated = |entry, first| Fault::Repeated { entry, first };
    for (bad, fault) in [
        (&[][..], Fault::Empty),
        (&[5], Fault::OutOfRange { entry: 0 }),
        (&[-1], Fault::OutOfRange { entry: 0 }),
        (&[0, 0], repeated(1, 0)),
        (&[1, 4, 1], repeated(2, 0)),
        (&[3, 4], Fault::NoPrimary),
        (&[2, 7], Fault::OutOfRange { entry: 1 }),
        (&[0, 1, 1], repeated(2, 1)),
        (&[4, 1, 2, 4], repeated(3, 0)), // found while linking, and undone
    ] {
        assert_eq!(p.add(bad), Err(fault), "{bad:?}");
        assert_eq!(Error::from(fault), Error::Arg);
        assert_eq!(p.fault(), Some(fault), "{bad:?}");
    }
    // The counts are as they were (the nodes past the last option are free space), and the
    // searches below see exactly the options accepted; only the fault word (the header's
    // last) says what the last rejection was.
    let head = Problem::HEAD_WORDS - 1;
    assert_eq!(memory[..head], before[..head], "rejected options change nothing");
    let mut p = Problem::open(&mut memory).unwrap();
    assert_eq!(p.add(&[1, 2, 3, 4, 0]), Err(Fault::EntriesFull), "6 entries in all");
    assert_eq!(Error::from(Fault::EntriesFull), Error::Capacity);
    assert_eq!(p.fault(), Some(Fault::EntriesFull));
    assert_eq!(p.add(&[1, 2]), Ok(1));
    assert_eq!(p.fault(), None, "a success clears the fault");
    assert_eq!(p.add(&[2, 4]), Ok(2));
    assert_eq!(p.add(&[1]), Err(Fault::OptionsFull));
    assert_eq!(Error::from(Fault::OptionsFull), Error::Capacity);
    assert_eq!(p.fault(), Some(Fault::OptionsFull));
    assert_eq!(p.search(0, || false, |_| ControlFlow::Continue(())), Err(Error::Arg));
    assert_eq!(p.search(5, || false, |_| ControlFlow::Continue(())), Ok(1));
    let mut out = [0; 3];
    assert_eq!(p.minimum(&mut out, || false), Ok(2));
    assert_eq!(out[..2], [0, 1]);
    memory[0] ^= 1;
    assert!(Problem::open(&mut memory).is_none(), "not a problem's header");
}

#[test]
fn a_deadline_ends_search_and_minimum_with_the_problem_intact() {
    let (primary, secondary, options) = queens(14);
    let mut memory = memory_for(primary, secondary, &options);
    let mut p = load(&mut memory, primary, secondary, &options);
    let mut expired = expire_after(20);
    assert_eq!(p.search(u64::MAX, &mut expired, |_| ControlFlow::Continue(())), Err(Error::Timeout));
    let nodes = p.nodes();
    assert!((20 * 64..22 * 64).contains(&nodes), "stopped at once: {nodes} nodes");
    // Langford pairs of order 13 have no solution: the minimum has to search the whole tree.
    let (primary, secondary, options) = langford(13);
    let mut memory = memory_for(primary, secondary, &options);
    let mut p = load(&mut memory, primary, secondary, &options);
    let mut expired = expire_after(5);
    let mut out = [-1; 64];
    assert_eq!(p.minimum(&mut out, &mut expired), Err(Error::Timeout));
    assert!(out.iter().all(|&x| x == -1));
    // Intact: 8 queens' count on the same problem type after a timeout.
    let (primary, secondary, options) = queens(8);
    let mut memory = memory_for(primary, secondary, &options);
    let mut p = load(&mut memory, primary, secondary, &options);
    let mut expired = expire_after(2);
    assert_eq!(p.search(u64::MAX, &mut expired, |_| ControlFlow::Continue(())), Err(Error::Timeout));
    assert_eq!(p.search(u64::MAX, || false, |_| ControlFlow::Continue(())), Ok(92));
}

#[test]
fn minimum_covers_of_random_tilings_are_smallest() {
    // Rectangles in a 6x6 grid: every 1x1, plus random larger ones; the minimum is checked
    // against brute force over the larger ones (few) with 1x1s filling the rest.
    let mut seed = 0x7EA5_0000_0000_3209u64;
    for _ in 0..40 {
        let side = 6;
        let mut big = Vec::new();
        for _ in 0..12 {
            let (h, w) = (1 + rng(&mut seed) % 4, 1 + rng(&mut seed) % 4);
            let (r, c) = (rng(&mut seed) % (side - h + 1), rng(&mut seed) % (side - w + 1));
            let cells: Vec<i32> = (r..r + h).flat_map(|y| (c..c + w).map(move |x| (y * side + x) as i32)).collect();
            big.push(cells);
        }
        let mut options = big.clone();
        options.extend((0..(side * side) as i32).map(|i| vec![i]));
        // Brute force: any set of pairwise disjoint big rectangles, 1x1s for the rest.
        let mut best = usize::MAX;
        for mask in 0u32..(1 << big.len()) {
            let mut used = [false; 36];
            let mut ok = true;
            let mut n = 0;
            for (k, rect) in big.iter().enumerate() {
                if mask & (1 << k) != 0 {
                    n += 1;
                    for &cell in rect {
                        ok &= !std::mem::replace(&mut used[cell as usize], true);
                    }
                }
            }
            if ok {
                best = best.min(n + used.iter().filter(|&&u| !u).count());
            }
        }
        let mut memory = memory_for(36, 0, &options);
        let mut p = load(&mut memory, 36, 0, &options);
        let mut out = [0; 36];
        let n = p.minimum(&mut out, || false).unwrap();
        assert_eq!(n, best);
        let mut covered = [0; 36];
        for &o in &out[..n] {
            for &cell in &options[o as usize] {
                covered[cell as usize] += 1;
            }
        }
        assert!(covered.iter().all(|&c| c == 1), "an exact cover");
    }
}

#[test]
fn the_fault_names_the_first_bad_entry_as_a_naive_scan_finds_it() {
    // Random options over 6 items (3 primary), some out of range, some repeating: the fault
    // against a scan written here (the first entry out of range, else the first repeat).
    let mut memory = vec![0u64; Problem::words_for(6, 1000, 10_000).unwrap()];
    let mut p = Problem::new(&mut memory, 3, 3, 1000, 10_000).unwrap();
    let mut state = 0x00DD_BA11_u64;
    for _ in 0..3000 {
        let len = (rng(&mut state) % 6) as usize;
        let option: Vec<i32> = (0..len).map(|_| (rng(&mut state) % 8) as i32 - 1).collect();
        let expected = if option.is_empty() {
            Some(Fault::Empty)
        } else if let Some(entry) = option.iter().position(|&i| !(0..6).contains(&i)) {
            Some(Fault::OutOfRange { entry })
        } else if option.iter().all(|&i| i >= 3) {
            Some(Fault::NoPrimary)
        } else {
            (0..len).find_map(|k| {
                option[..k].iter().position(|&i| i == option[k]).map(|first| Fault::Repeated { entry: k, first })
            })
        };
        let added = p.add(&option);
        assert_eq!(added.err(), expected, "{option:?}");
        assert_eq!(p.fault(), expected, "{option:?}");
    }
}

#[test]
fn faults_without_a_c_code_are_errors_that_leave_no_fault_word() {
    let mut memory = vec![0u64; Problem::words_for(4, 2, 8).unwrap()];
    let mut p = Problem::new(&mut memory, 2, 2, 2, 8).unwrap();
    assert_eq!(p.add_option(&[0, 2], Some(&[0, 1]), 1), Ok(0));
    assert_eq!(p.add_option(&[1], Some(&[0, 1]), 1), Err(Fault::ColorsLength));
    assert_eq!(p.add_option(&[1, 3], Some(&[]), 1), Err(Fault::ColorsLength));
    assert_eq!(p.fault(), None, "the C layer's dlx_problem_fault says DLX_FAULT_NONE, as before");
    assert_eq!(Error::from(Fault::ColorsLength), Error::Arg);
    assert_eq!(p.add_option(&[1, 3], Some(&[0, -1]), 1), Err(Fault::NegativeColor { entry: 1 }));
    assert_eq!(p.fault(), Some(Fault::NegativeColor { entry: 1 }));
    assert_eq!(p.add_option(&[1, 3], Some(&[0, 2, 0]), 1), Err(Fault::ColorsLength), "checked first");
    assert_eq!(p.fault(), None, "and clears the word");
    let _ = p;
    // Words changed between calls so that the engine no longer fits them: the header's
    // eighth word is the next free node.
    let mut damaged = memory.clone();
    damaged[7] = u64::MAX;
    let mut p = Problem::open(&mut damaged).unwrap();
    assert_eq!(p.add(&[1, 3]), Err(Fault::Damaged));
    assert_eq!(p.fault(), None);
    assert_eq!(Error::from(Fault::Damaged), Error::Arg);
    let mut p = Problem::open(&mut memory).unwrap();
    assert_eq!(p.add_option(&[1, 3], Some(&[0, 1]), 1), Ok(1));
    assert_eq!(p.search(9, || false, |_| ControlFlow::Continue(())), Ok(1));
}

#[test]
fn a_fault_says_its_sentence_and_the_entries_it_names() {
    let all = [
        Fault::Empty,
        Fault::OutOfRange { entry: 3 },
        Fault::Repeated { entry: 4, first: 1 },
        Fault::NoPrimary,
        Fault::OptionsFull,
        Fault::EntriesFull,
        Fault::ColorOnPrimary { entry: 0 },
        Fault::NegativeColor { entry: 2 },
        Fault::NegativeCost,
        Fault::ColorsLength,
        Fault::Damaged,
    ];
    let mut texts: Vec<&str> = all.iter().map(|f| f.text().to_str().unwrap()).collect();
    assert!(texts.iter().all(|t| t.is_ascii() && !t.is_empty()));
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), all.len(), "every fault its own sentence");
    for fault in all {
        let shown = fault.to_string();
        let text = fault.text().to_str().unwrap();
        let places = match fault.places() {
            (Some(entry), Some(first)) => format!(" (entry {entry}, repeating entry {first})"),
            (Some(entry), None) => format!(" (entry {entry})"),
            _ => String::new(),
        };
        assert_eq!(shown, format!("{text}{places}"));
        // The coded faults round-trip through their C code; the others have none.
        match fault.code() {
            Some(code) => {
                let (entry, first) = fault.places();
                assert_eq!(Fault::of_code(code, entry.unwrap_or(0), first.unwrap_or(0)), Some(fault));
            }
            None => assert!(matches!(fault, Fault::ColorsLength | Fault::Damaged)),
        }
        let error: &dyn core::error::Error = &fault;
        assert_eq!(error.to_string(), shown);
    }
    assert_eq!(
        Fault::Repeated { entry: 2, first: 0 }.to_string(),
        "an entry names the same item as an earlier entry (entry 2, repeating entry 0)"
    );
}
