//! The DLX engine against independent evidence: brute force over every subset of options on
//! random small matrices, with every choice rule, probing and reductions on and off, both link
//! widths, and the link checker and a snapshot of every link after each search; and the API's
//! edges (select, discard, stop, cuts, weights, capacity and bad options).

use super::common::rng;
use crate::exact_cover::dlx::{BuildError, Capacity, Choice, Dlx, Flow, Index, OptionRef, Storage};
use std::mem::MaybeUninit;

const SMALL: Capacity = Capacity { items: 16, options: 64, nodes: 512 };
type Small = Storage<u32, 16, 64, 512, { SMALL.words::<u32>() }>;
type Small16 = Storage<u16, 16, 64, 512, { SMALL.words::<u16>() }>;

fn with_engine<R>(f: impl FnOnce(&mut Dlx<'_, u32>) -> R) -> R {
    let mut slot = MaybeUninit::uninit();
    f(&mut Small::zeroed_in(&mut slot))
}

fn with_engine16<R>(f: impl FnOnce(&mut Dlx<'_, u16>) -> R) -> R {
    let mut slot = MaybeUninit::uninit();
    f(&mut Small16::zeroed_in(&mut slot))
}

/// Every link and length, to compare the matrix before and after a search.
fn snapshot<I: Index>(e: &Dlx<'_, I>) -> Vec<usize> {
    e.links().collect()
}

/// A matrix for the tests: items `1..=primary` primary, the next `secondary` secondary.
#[derive(Clone, Debug)]
struct Matrix {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<usize>>,
}

/// All exact covers by brute force over subsets of options (primary items exactly once,
/// secondary at most once), as sorted index lists.
fn brute_force(m: &Matrix) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for mask in 0u32..(1 << m.options.len()) {
        let mut count = vec![0; m.primary + m.secondary + 1];
        for (k, opt) in m.options.iter().enumerate() {
            if mask & (1 << k) != 0 {
                for &i in opt {
                    count[i] += 1;
                }
            }
        }
        if count[1..=m.primary].iter().all(|&c| c == 1) && count[m.primary + 1..].iter().all(|&c| c <= 1) {
            out.push((0..m.options.len()).filter(|k| mask & (1 << k) != 0).collect());
        }
    }
    out.sort();
    out
}

/// Sets up the matrix, returning the options' refs in order.
fn load<I: Index>(e: &mut Dlx<'_, I>, m: &Matrix) -> Vec<OptionRef> {
    e.reset(m.primary, m.secondary).unwrap();
    m.options.iter().map(|o| e.add_option(o).unwrap()).collect()
}

/// The chosen options as sorted indices into `refs`, checked against their ordinals.
fn chosen_indices<I: Index>(e: &Dlx<'_, I>, refs: &[OptionRef]) -> Vec<usize> {
    let mut s: Vec<usize> = e.chosen().map(|o| refs.iter().position(|&r| r == o).unwrap()).collect();
    assert!(e.chosen().all(|o| refs[e.ordinal(o)] == o));
    s.sort();
    s
}

fn all_solutions<I: Index>(e: &mut Dlx<'_, I>, refs: &[OptionRef]) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    e.search(|e| {
        found.push(chosen_indices(e, refs));
        Flow::Continue
    });
    found.sort();
    found
}

/// Up to `max_items` primary items, up to 3 secondary ones (every other matrix has none)
/// and 13 options, each item in an option with probability 1/3, every option with a
/// primary item.
fn random_matrix(max_items: u64, seed: &mut u64) -> Matrix {
    let primary = 1 + (rng(seed) % max_items) as usize;
    let secondary = if rng(seed).is_multiple_of(2) { 0 } else { (rng(seed) % 4) as usize };
    let n_options = (rng(seed) % 14) as usize;
    let options = (0..n_options)
        .map(|_| {
            let mut o: Vec<usize> = (1..=primary + secondary).filter(|_| rng(seed).is_multiple_of(3)).collect();
            if !o.iter().any(|&i| i <= primary) {
                o.push(1 + (rng(seed) % primary as u64) as usize);
            }
            o
        })
        .collect();
    Matrix { primary, secondary, options }
}

#[test]
fn knuths_example_has_its_one_solution() {
    // TAOCP 7.2.2.1 (6): items a..g, options 'c e', 'a d g', 'b c f', 'a d f', 'b g', 'd e g'.
    let options = [vec![3, 5], vec![1, 4, 7], vec![2, 3, 6], vec![1, 4, 6], vec![2, 7], vec![4, 5, 7]];
    let m = Matrix { primary: 7, secondary: 0, options: options.to_vec() };
    with_engine(|e| {
        let refs = load(e, &m);
        assert_eq!(all_solutions(e, &refs), vec![vec![0, 3, 4]]);
    });
    with_engine16(|e| {
        let refs = load(e, &m);
        assert_eq!(all_solutions(e, &refs), vec![vec![0, 3, 4]]);
    });
}

#[test]
fn random_matrices_agree_with_brute_force_and_restore_every_link() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut total_solutions = 0;
    fn round<I: Index>(e: &mut Dlx<'_, I>, m: &Matrix, round: usize, expected: &[Vec<usize>]) {
        e.set_choice([Choice::FewestOptions, Choice::Dlx1, Choice::WeightedFailures][round % 3]);
        e.set_probing(!round.is_multiple_of(3));
        e.set_reductions_after(if round % 2 == 1 { 0 } else { u64::MAX });
        let refs = load(e, m);
        e.check_links().unwrap();
        let before = snapshot(e);
        assert_eq!(all_solutions(e, &refs), expected, "{m:?}");
        e.check_links().unwrap();
        assert_eq!(snapshot(e), before, "search must restore the matrix");
    }
    let mut with_secondary = 0;
    for k in 0..6000 {
        let m = random_matrix(10, &mut seed);
        let expected = brute_force(&m);
        total_solutions += expected.len();
        if m.secondary > 0 && !expected.is_empty() {
            with_secondary += 1;
        }
        if k % 2 == 0 {
            with_engine(|e| round(e, &m, k, &expected));
        } else {
            with_engine16(|e| round(e, &m, k, &expected));
        }
    }
    assert!(with_secondary > 500, "only {with_secondary} solvable matrices with secondary items");
    assert!(total_solutions > 1000, "the generator should make solvable cases too");
}

#[test]
fn options_discarded_at_every_node_are_never_chosen_and_come_back() {
    let mut seed = 0xD15C_A2D0_0000_0001u64;
    let mut discarded = 0;
    for round in 0..3000 {
        let m = random_matrix(8, &mut seed);
        let banned: Vec<usize> = (0..m.options.len()).filter(|_| rng(&mut seed).is_multiple_of(4)).collect();
        let expected: Vec<Vec<usize>> =
            brute_force(&m).into_iter().filter(|s| !s.iter().any(|k| banned.contains(k))).collect();
        with_engine(|e| {
            // Every fourth round DLX1's choice, without probing: the lean search.
            e.set_choice(if round % 4 == 1 { Choice::Dlx1 } else { Choice::WeightedFailures });
            e.set_probing(round % 2 == 0);
            e.set_reductions_after(if round % 3 == 0 { 0 } else { u64::MAX });
            let refs = load(e, &m);
            let before = snapshot(e);
            let mut found = Vec::new();
            e.search_pruned(
                |e| {
                    // Every banned option still in all its items' lists, at every node.
                    for &k in &banned {
                        if e.is_linked(refs[k]) {
                            e.discard(refs[k]);
                            discarded += 1;
                        }
                    }
                    // A fault fails the test here: returning it as a dead end could hide it.
                    e.check_links().unwrap();
                    true
                },
                |e| {
                    found.push(chosen_indices(e, &refs));
                    Flow::Continue
                },
            );
            found.sort();
            assert_eq!(found, expected, "{m:?}, banned {banned:?}");
            e.check_links().unwrap();
            assert_eq!(snapshot(e), before, "search must restore discarded options");
        });
    }
    assert!(discarded > 1000, "only {discarded} discards");
}

#[test]
fn the_top_log_names_every_item_whose_top_or_openness_changed() {
    // A caller's sum over the open primary items of their top node (0 for an empty list),
    // kept from the log, against the sum taken afresh at every node: probing, reductions and
    // discards on and off, as in the target search.
    fn top_of<I: Index>(e: &Dlx<'_, I>, item: usize) -> usize {
        if e.is_open(item) { e.top_node(item).unwrap_or(0) } else { 0 }
    }
    let mut seed = 0x7095_1065_0000_0001u64;
    let (mut logged, mut refilled) = (0, 0);
    for round in 0..400 {
        // Wider than `random_matrix`'s, for subtrees deep enough that options come back
        // between nodes.
        let primary = 6 + (rng(&mut seed) % 7) as usize;
        // Secondary items in every other round: the walks over options meet them, and the
        // log must leave them out.
        let secondary = if round % 2 == 1 { 2 } else { 0 };
        let options = (0..30 + rng(&mut seed) % 30)
            .map(|_| {
                let mut o: Vec<usize> = (1..=primary).filter(|_| rng(&mut seed).is_multiple_of(4)).collect();
                if o.is_empty() {
                    o.push(1 + (rng(&mut seed) % primary as u64) as usize);
                }
                o.extend((primary + 1..=primary + secondary).filter(|_| rng(&mut seed).is_multiple_of(3)));
                o
            })
            .collect();
        let m = Matrix { primary, secondary, options };
        let banned: Vec<usize> = (0..m.options.len()).filter(|_| rng(&mut seed).is_multiple_of(4)).collect();
        with_engine16(|e| {
            e.set_choice(Choice::WeightedFailures);
            e.set_probing(round % 2 == 0);
            e.set_reductions_after(if round % 3 == 0 { 0 } else { u64::MAX });
            let refs = load(e, &m);
            let mut share = vec![0; m.primary + 1];
            for (item, s) in share.iter_mut().enumerate().skip(1) {
                *s = top_of(e, item);
            }
            e.log_tops(true);
            e.search_pruned(
                |e| {
                    let mut changed = Vec::new();
                    if e.drain_tops(|_, item| changed.push(item)) {
                        assert!(changed.iter().all(|&item| (1..=m.primary).contains(&item)), "{changed:?}");
                        logged += changed.len();
                        for item in changed {
                            share[item] = top_of(e, item);
                        }
                    } else {
                        refilled += 1;
                        for (item, s) in share.iter_mut().enumerate().skip(1) {
                            *s = top_of(e, item);
                        }
                    }
                    for (item, &s) in share.iter().enumerate().skip(1) {
                        assert_eq!(s, top_of(e, item), "round {round} item {item} of {m:?}");
                    }
                    // Some at each node, so that options come back at every level; only
                    // options of open items (an option whose nodes are all in covered items'
                    // lists is still linked).
                    for &k in &banned {
                        let open = m.options[k].iter().all(|&i| e.is_open(i));
                        if open && e.is_linked(refs[k]) && rng(&mut seed).is_multiple_of(3) {
                            e.discard(refs[k]);
                        }
                    }
                    true
                },
                |_| Flow::Continue,
            );
            e.log_tops(false);
        });
    }
    assert!(logged > 10_000, "only {logged} items logged ({refilled} overflows)");
}

/// Items 1..4; options {1}, {2}, {3}, {4}, {1,2}, {3,4} (indices 0..5): four solutions,
/// two of them using {1}.
fn two_pairs(e: &mut Dlx<'_, u32>) -> Vec<OptionRef> {
    e.reset(4, 0).unwrap();
    [&[1][..], &[2], &[3], &[4], &[1, 2], &[3, 4]].iter().map(|o| e.add_option(o).unwrap()).collect()
}

#[test]
fn stop_ends_the_search_and_still_restores_the_matrix() {
    with_engine(|e| {
        let refs = two_pairs(e);
        let before = snapshot(e);
        let stats = e.search(|_| Flow::Stop);
        assert_eq!(stats.solutions, 1);
        assert_eq!(snapshot(e), before);
        assert_eq!(all_solutions(e, &refs).len(), 4);
    });
}

#[test]
fn pruned_nodes_are_not_expanded_and_the_matrix_is_restored() {
    with_engine(|e| {
        let refs = two_pairs(e);
        let before = snapshot(e);
        let mut found = Vec::new();
        e.search_pruned(
            |e| !e.chosen().any(|o| o == refs[0]),
            |e| {
                let mut s: Vec<usize> = e.chosen().map(|o| refs.iter().position(|&r| r == o).unwrap()).collect();
                s.sort();
                found.push(s);
                Flow::Continue
            },
        );
        found.sort();
        assert_eq!(found, vec![vec![2, 3, 4], vec![4, 5]]);
        assert_eq!(snapshot(e), before);
        assert_eq!(e.active_items().collect::<Vec<_>>(), vec![1, 2, 3, 4]);
    });
}

#[test]
fn a_cut_counts_against_the_item_branched_on_and_weights_carry_over() {
    with_engine(|e| {
        let refs = two_pairs(e);
        assert_eq!(e.weights(), [1, 1, 1, 1, 1]);
        // Every item has two options, so the root branches on the first, item 1: its
        // option {1} is cut once, and nothing else fails.
        e.search_pruned(|e| !e.chosen().any(|o| o == refs[0]), |_| Flow::Continue);
        assert_eq!(e.weights(), [1, 2, 1, 1, 1]);
        let learnt = e.weights().to_vec();
        two_pairs(e);
        assert_eq!(e.weights(), [1, 1, 1, 1, 1], "a reset forgets");
        e.set_weights(&learnt);
        assert_eq!(e.weights(), learnt);
        e.set_weights(&[7; 9]);
        assert_eq!(e.weights(), [7; 5], "no more than the matrix's items");
    });
}

#[test]
fn select_commits_to_an_option_and_refuses_a_conflicting_one() {
    with_engine(|e| {
        let refs = two_pairs(e);
        assert!(e.select(refs[4]));
        assert!(!e.select(refs[0]), "item 1 is already covered");
        assert!(!e.select(refs[4]), "an option cannot be selected twice");
        e.check_links().unwrap();
        let found = all_solutions(e, &refs);
        assert_eq!(found, vec![vec![2, 3, 4], vec![4, 5]]);
    });
}

#[test]
fn option_items_are_reported_in_order() {
    with_engine(|e| {
        e.reset(5, 0).unwrap();
        let a = e.add_option(&[5, 2]).unwrap();
        let b = e.add_option(&[1, 3, 4]).unwrap();
        assert_eq!(e.option_items(a).collect::<Vec<_>>(), vec![5, 2]);
        assert_eq!(e.option_items(b).collect::<Vec<_>>(), vec![1, 3, 4]);
    });
}

#[test]
fn bad_options_and_overflow_are_errors_not_panics() {
    with_engine(|e| {
        assert_eq!(e.reset(15, 0), Err(BuildError::Capacity));
        assert_eq!(e.reset(10, 5), Err(BuildError::Capacity));
        e.reset(3, 1).unwrap();
        assert_eq!(e.add_option(&[4]), Err(BuildError::BadOption), "no primary item");
        assert_eq!(e.add_option(&[5]), Err(BuildError::BadOption));
        assert_eq!(e.add_option(&[]), Err(BuildError::BadOption));
        assert_eq!(e.add_option(&[0]), Err(BuildError::BadOption));
        assert_eq!(e.add_option(&[2, 2]), Err(BuildError::Repeated { entry: 1, first: 0 }));
        assert_eq!(e.add_option(&[1, 4, 3, 4]), Err(BuildError::Repeated { entry: 3, first: 1 }));
        let mut added = 0;
        while e.add_option(&[1, 2, 3]).is_ok() {
            added += 1;
        }
        // 512 nodes would hold (512 - 6) / 4 = 126 options (the root, 4 headers, a spacer,
        // then 3 items and a spacer each): the 64 options the engine was sized for run out first.
        assert_eq!(added, 64);
        e.check_links().unwrap();
    });
}
