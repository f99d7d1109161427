//! The clause-learning search (`dlx_solve16`'s) against independent evidence: a backtracking
//! reference on 4x4 grids, the listed unique answers of the 9x9 and 16x16 corpora, puzzles made
//! unsolvable by one wrong digit (which a proof of "no solution" must then find, by search),
//! the DLX engine's solution counts, and every learnt clause against the listed solution. The
//! small stores used here make the learner delete and pack its clauses hundreds of times, with
//! every invariant checked at each such step.

use super::common::{brute_force_4x4, is_completion, no_limit, read_data, rng};
use crate::exact_cover::learning::{LearnStats, Learner, Matrix};
use crate::sudoku::{self, Engine9, Engine16, Shape, SudokuCover, max_items, max_options};
use std::cell::Cell;
use std::mem::MaybeUninit;

/// The smallest stores the learner accepts for each size (two of the longest clauses).
type Learner4 = Learner<SudokuCover<2>, { max_items(4) }, { max_options(4) }, { 2 * (4 + max_options(4)) }>;
type Learner9 = Learner<SudokuCover<3>, { max_items(9) }, { max_options(9) }, { 2 * (4 + max_options(9)) }>;
type SmallLearner16 = Learner<SudokuCover<4>, { max_items(16) }, { max_options(16) }, { 2 * (4 + max_options(16)) }>;

/// Solves `cells` with a learner in `slot` (checking invariants as it goes): the completed
/// grid, or None for "no solution"; also the number of store reductions.
fn learn<M: Matrix + Default, const I: usize, const O: usize, const S: usize>(
    slot: &mut MaybeUninit<Learner<M, I, O, S>>,
    side: usize,
    cells: &[u8],
) -> (Option<Vec<u8>>, u64) {
    let (grid, stats) = learn_in(slot, side, cells, usize::MAX);
    (grid, stats.reductions)
}

/// The givens of `cells` (0 blank, else 1..=side) as the learner's options.
fn givens(side: usize, cells: &[u8]) -> impl Iterator<Item = usize> + '_ {
    cells.iter().enumerate().filter(|&(_, &d)| d != 0).map(move |(c, &d)| c * side + usize::from(d) - 1)
}

/// [`learn`] with the clause store limited to `store_limit` words; all the counters.
fn learn_in<M: Matrix + Default, const I: usize, const O: usize, const S: usize>(
    slot: &mut MaybeUninit<Learner<M, I, O, S>>,
    side: usize,
    cells: &[u8],
    store_limit: usize,
) -> (Option<Vec<u8>>, LearnStats) {
    let learner = Learner::new_in(slot, M::default()).expect("the matrix fits");
    learner.set_checking(true);
    learner.set_store_limit(store_limit);
    let solved = learner.solve(givens(side, cells));
    assert_eq!(learner.fault(), None, "an invariant broke during the search");
    assert_eq!(learner.check_state(), Ok(()), "an invariant is broken at the end");
    let stats = learner.stats();
    if !solved {
        return (None, stats);
    }
    let mut grid = cells.to_vec();
    let mut filled = 0;
    for o in learner.chosen() {
        grid[o / side] = (o % side + 1) as u8;
        filled += 1;
    }
    assert_eq!(filled, cells.len(), "one chosen option per cell");
    (Some(grid), stats)
}

#[test]
fn the_sudoku_cover_inverts_its_own_arithmetic() {
    fn check<M: Matrix>(m: M, side: usize) {
        assert_eq!((m.options(), m.items()), (side * side * side, 4 * side * side));
        assert_eq!(u32::from(m.slots()), (1 << side) - 1);
        let mut seen = vec![0u32; m.items()];
        for o in 0..m.options() {
            let items = m.items_of(o);
            let (cell, digit) = (o / side, o % side);
            let (r, c) = (cell / side, cell % side);
            assert_eq!(items[0].0, cell);
            assert_eq!(items[1].0, side * side + r * side + digit);
            // The one numbering (sudoku::Family): cells, rows, boxes, columns.
            let b = (1..=side).find(|b| b * b == side).unwrap();
            let bx = r / b * b + c / b;
            assert_eq!(items[2].0, 3 * side * side + c * side + digit);
            assert_eq!(items[3].0, 2 * side * side + bx * side + digit);
            for (item, slot) in items {
                assert!(slot < side as u32);
                assert_eq!(m.option_at(item, slot), o);
                assert_eq!(usize::from(m.item_options(item)[slot as usize]), o);
                assert_eq!(seen[item] & 1 << slot, 0, "two options in one slot");
                seen[item] |= 1 << slot;
            }
        }
        assert!(seen.iter().all(|&s| s == (1 << side) - 1), "every slot of every item used");
    }
    check(SudokuCover::<2>::default(), 4);
    check(SudokuCover::<3>::default(), 9);
    check(SudokuCover::<4>::default(), 16);
}

#[test]
fn solvable_exactly_when_backtracking_finds_a_completion_on_random_4x4() {
    let shape = Shape::with_box_size(2).unwrap();
    let mut slot = MaybeUninit::<Learner4>::uninit();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let (mut solvable, mut unsolvable) = (0, 0);
    for _ in 0..4000 {
        let mut grid = [0u8; 16];
        for _ in 0..rng(&mut seed) % 10 {
            grid[(rng(&mut seed) % 16) as usize] = (1 + rng(&mut seed) % 4) as u8;
        }
        let expected = brute_force_4x4(&mut grid.clone(), 0);
        match learn(&mut slot, 4, &grid).0 {
            Some(solution) => {
                assert!(expected > 0 && is_completion(shape.side(), &grid, &solution), "{grid:?} -> {solution:?}");
                solvable += 1;
            }
            None => {
                assert_eq!(expected, 0, "{grid:?} has {expected} completions");
                unsolvable += 1;
            }
        }
    }
    assert!(solvable > 500 && unsolvable > 500, "{solvable} {unsolvable}");
}

fn digits_9(line: &str) -> Vec<u8> {
    line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect()
}

fn letters(line: &str) -> Vec<u8> {
    line.bytes().map(|b| if b == b'-' { 0 } else { b - b'A' + 1 }).collect()
}

/// `puzzle` (unique solution `solution`) with its first blank, from `start` on, given a wrong
/// digit that no given of its row, column or box holds: a grid with no completion, which the
/// givens alone do not show, so only a search can prove it.
fn one_wrong_digit(shape: Shape, puzzle: &[u8], solution: &[u8], start: usize) -> Option<Vec<u8>> {
    let allowed = sudoku::candidates(shape, puzzle).unwrap();
    let n = puzzle.len();
    (0..n).map(|k| (start + k) % n).filter(|&c| puzzle[c] == 0).find_map(|cell| {
        let wrong = (1..=shape.side() as u8).find(|&d| d != solution[cell] && allowed[cell] & (1 << d) != 0)?;
        let mut grid = puzzle.to_vec();
        grid[cell] = wrong;
        Some(grid)
    })
}

#[test]
fn nine_by_nine_sets_give_the_listed_answers_and_prove_wrong_digits_unsolvable() {
    let mut slot = MaybeUninit::<Learner9>::uninit();
    let mut engine = MaybeUninit::uninit();
    let engine = &mut Engine9::zeroed_in(&mut engine);
    let (mut reductions, mut proofs) = (0, 0);
    for name in ["magictour-top1465-1465", "forum-hardest-1106-375", "norvig-hardest-11", "royle-17clue-every20th-2458"]
    {
        let puzzles = read_data(&format!("sudoku9/{name}.txt"));
        let solutions = read_data(&format!("sudoku9/{name}.solutions.txt"));
        for (line, (p, s)) in puzzles.lines().zip(solutions.lines()).enumerate() {
            let (puzzle, solution) = (digits_9(p), digits_9(s));
            let (found, r) = learn(&mut slot, 9, &puzzle);
            assert_eq!(found.as_deref(), Some(&solution[..]), "{name} line {}", line + 1);
            reductions += r;
            if line % 3 == 0 {
                let wrong = one_wrong_digit(Shape::NINE, &puzzle, &solution, line * 7).unwrap();
                assert_eq!(learn(&mut slot, 9, &wrong).0, None, "{name} line {}: {wrong:?}", line + 1);
                assert_eq!(sudoku::count_solutions(engine, Shape::NINE, &wrong, 1, &mut no_limit()), Ok(0));
                proofs += 1;
            }
        }
    }
    assert!(proofs > 900, "{proofs}");
    assert!(reductions > 0, "the small store never filled: nothing of its reduction was tested");
}

#[test]
fn hard_16x16_sets_give_the_listed_answers_with_a_small_store() {
    let mut slot = MaybeUninit::<SmallLearner16>::uninit();
    let mut reductions = 0;
    for name in ["enjoysudoku-blue-ultimate-15", "enjoysudoku-tarek-tough-206", "enjoysudoku-tarek-first20-20"] {
        let puzzles = read_data(&format!("sudoku16/{name}.txt"));
        let solutions = read_data(&format!("sudoku16/{name}.solutions.txt"));
        for (line, (p, s)) in puzzles.lines().zip(solutions.lines()).enumerate() {
            let (found, r) = learn(&mut slot, 16, &letters(p));
            assert_eq!(found, Some(letters(s)), "{name} line {}", line + 1);
            reductions += r;
        }
    }
    assert!(reductions > 100, "only {reductions} store reductions");
}

#[test]
fn every_learnt_clause_holds_in_the_listed_solution_mid_search() {
    // A learnt clause, shrunk and minimized, must be a consequence of the puzzle, so the
    // listed (unique) solution satisfies it; a search stopped after some conflicts still holds
    // every clause it kept, checked against that solution rather than the search's own values.
    let mut slot = MaybeUninit::<sudoku::Learner16>::uninit();
    let mut checked = 0;
    for name in ["enjoysudoku-blue-ultimate-15", "enjoysudoku-tarek-first20-20"] {
        let puzzles = read_data(&format!("sudoku16/{name}.txt"));
        let solutions = read_data(&format!("sudoku16/{name}.solutions.txt"));
        for (line, (p, s)) in puzzles.lines().zip(solutions.lines()).enumerate() {
            let (cells, solution) = (letters(p), letters(s));
            for (limit, deduce_after) in [(30, u64::MAX), (300, u64::MAX), (3_000, u64::MAX), (30, 0), (300, 100)] {
                let learner = sudoku::Learner16::new_in(&mut slot, SudokuCover::<4>::default()).unwrap();
                // With the Hall sets from the start too: their exclusions' clauses as well.
                learner.set_deduce_after(deduce_after);
                let _ = learner.solve_within(givens(16, &cells), limit, &mut no_limit(), &mut |_, _| true);
                let false_clause = learner.clause_false_in(|o| solution[o / 16] == (o % 16 + 1) as u8);
                assert_eq!(false_clause, None, "{name} line {} after {limit} conflicts", line + 1);
                checked += learner.stats().conflicts;
            }
        }
    }
    assert!(checked > 20_000, "only {checked} conflicts' clauses checked");
}

#[test]
fn sixteen_by_sixteen_wrong_digits_are_proven_unsolvable_as_the_dlx_counts() {
    let mut slot = MaybeUninit::<SmallLearner16>::uninit();
    let mut engine = MaybeUninit::uninit();
    let engine = &mut Engine16::zeroed_in(&mut engine);
    let mut proofs = 0;
    for name in ["gecode-janko-55", "goomii17-hexasudoku-3000", "enjoysudoku-tarek-first20-20"] {
        let puzzles = read_data(&format!("sudoku16/{name}.txt"));
        let solutions = read_data(&format!("sudoku16/{name}.solutions.txt"));
        for (line, (p, s)) in puzzles.lines().zip(solutions.lines()).enumerate().step_by(11) {
            let (puzzle, solution) = (letters(p), letters(s));
            let wrong = one_wrong_digit(Shape::SIXTEEN, &puzzle, &solution, line * 13).unwrap();
            assert_eq!(learn(&mut slot, 16, &wrong).0, None, "{name} line {}", line + 1);
            assert_eq!(
                sudoku::count_solutions(engine, Shape::SIXTEEN, &wrong, 1, &mut no_limit()),
                Ok(0),
                "{name} line {}",
                line + 1
            );
            proofs += 1;
        }
    }
    assert_eq!(proofs, 5 + 273 + 2, "every 11th puzzle of the three sets");
}

#[test]
fn clashing_givens_and_the_empty_grid() {
    let mut slot = MaybeUninit::<SmallLearner16>::uninit();
    let empty = [0u8; 256];
    let (solution, _) = learn(&mut slot, 16, &empty);
    assert!(is_completion(16, &empty, &solution.unwrap()));
    for (a, b) in [(0, 1), (0, 16), (0, 17), (5, 200)] {
        let mut grid = [0u8; 256];
        grid[a] = 3;
        grid[b] = 3;
        let clash = a / 16 == b / 16 || a % 16 == b % 16 || (a / 64 == b / 64 && a % 16 / 4 == b % 16 / 4);
        let (found, _) = learn(&mut slot, 16, &grid);
        assert_eq!(found.is_none(), clash, "givens at {a} and {b}");
    }
    // An option number past the matrix is refused, not read.
    let learner = SmallLearner16::new_in(&mut slot, SudokuCover::<4>::default()).unwrap();
    assert!(!learner.solve([4096]));
}

#[test]
fn the_16x16_workspace_leaves_room_on_a_256_kib_stack() {
    // The whole search state is one value on dlx_solve16's stack; the rest of the 256 KiB
    // is for the caller's frames (tests/sudoku.rs and c_tests/threads.c run it on such stacks).
    let size = std::mem::size_of::<crate::sudoku::Workspace16>();
    assert!(size <= 168 * 1024, "{size} bytes");
}

/// The first grids of sudoku16/climbed-unsolvable-20 (unsolvable grids a hill climb on the
/// learner's conflicts found: 98,000-124,000 conflicts, 0.5 s, before the Hall sets ran in the
/// search) are unsolvable for the learner and for the DLX engine alone, and the learner proves
/// them soon after its Hall sets start at DEDUCE_AFTER conflicts (2,171-2,227 measured).
#[test]
fn grids_climbed_against_the_learner_are_unsolvable_for_it_and_the_dlx() {
    use crate::exact_cover::learning::DEDUCE_AFTER;
    let mut space = MaybeUninit::<sudoku::Workspace16>::uninit();
    let mut slot = MaybeUninit::uninit();
    for text in read_data("sudoku16/climbed-unsolvable-20.txt").lines().take(3) {
        let cells = letters(text);
        let (counted, stats) = sudoku::Workspace16::count_with_stats(&mut space, &cells, 2, &mut no_limit());
        assert_eq!(counted, Ok(0), "{text}");
        assert!(stats.conflicts <= DEDUCE_AFTER + 2_000, "{text}: {} conflicts", stats.conflicts);
        let e = &mut Engine16::zeroed_in(&mut slot);
        assert_eq!(sudoku::count_solutions(e, Shape::SIXTEEN, &cells, 1, &mut no_limit()), Ok(0));
    }
    // The learner's own invariants hold through that search (checked at every restart and
    // store reduction), with the Hall sets from the start and from the usual point.
    let mut slot = MaybeUninit::<sudoku::Learner16>::uninit();
    let text = read_data("sudoku16/climbed-unsolvable-20.txt").lines().next().unwrap().to_string();
    for deduce_after in [0, DEDUCE_AFTER] {
        let learner = sudoku::Learner16::new_in(&mut slot, SudokuCover::<4>::default()).unwrap();
        learner.set_checking(true);
        learner.set_deduce_after(deduce_after);
        let verdict = learner.solve_within(givens(16, &letters(&text)), u64::MAX, &mut no_limit(), &mut |_, _| true);
        assert_eq!(verdict, Some(false));
        assert_eq!(learner.fault(), None, "Hall sets after {deduce_after} conflicts");
    }
}

/// A 16x16 cover whose own reasoning finds nothing (so each call hands over all it found), and
/// checks what it is told before each call: the items not named through [`Matrix::changed`]
/// are as they were at some earlier call, which a matrix looked at in full (unless everything
/// was named, through [`Matrix::all_changed`]).
struct Unhelpful<'c> {
    cover: SudokuCover<4>,
    calls: &'c Cell<u64>,
    history: Vec<Vec<u16>>,
    told: Vec<bool>,
    all: bool,
    /// Calls told only some items, and those whose untold items match no earlier call.
    partial: &'c Cell<u64>,
    untold: &'c Cell<u64>,
}

impl Matrix for Unhelpful<'_> {
    fn options(&self) -> usize {
        self.cover.options()
    }
    fn items(&self) -> usize {
        self.cover.items()
    }
    fn items_of(&self, o: usize) -> [(usize, u32); 4] {
        self.cover.items_of(o)
    }
    fn option_at(&self, item: usize, slot: u32) -> usize {
        self.cover.option_at(item, slot)
    }
    fn slots(&self) -> u16 {
        self.cover.slots()
    }
    fn deduce(&mut self, open: &[u16], _found: &mut dyn FnMut(Option<usize>, &[u16]) -> bool) {
        self.calls.set(self.calls.get() + 1);
        if !self.all {
            let untold: Vec<usize> = (0..open.len()).filter(|&i| !self.told.get(i).copied().unwrap_or(false)).collect();
            let as_before = self.history.iter().rev().any(|then| untold.iter().all(|&i| then[i] == open[i]));
            self.partial.set(self.partial.get() + 1);
            self.untold.set(self.untold.get() + u64::from(!as_before));
        }
        self.history.push(open.to_vec());
        self.told = vec![false; open.len()];
        self.all = false;
    }
    fn changed(&mut self, o: usize) {
        for (item, _) in self.cover.items_of(o) {
            if let Some(t) = self.told.get_mut(item) {
                *t = true;
            }
        }
    }
    fn all_changed(&mut self) {
        self.all = true;
    }
}

impl<'c> Unhelpful<'c> {
    fn new(calls: &'c Cell<u64>, partial: &'c Cell<u64>, untold: &'c Cell<u64>) -> Self {
        Unhelpful {
            cover: SudokuCover::default(),
            calls,
            history: Vec::new(),
            told: Vec::new(),
            all: false,
            partial,
            untold,
        }
    }
}

/// Reasoning that refutes nothing is asked DEDUCE_WINDOW times, then not again for
/// DEDUCE_PAUSE conflicts (asked at every decision it would cost a long search on a solvable
/// grid about three times as much).
#[test]
fn the_matrix_reasoning_pauses_while_it_refutes_nothing() {
    use crate::exact_cover::learning::{DEDUCE_PAUSE, DEDUCE_WINDOW};
    let puzzles = read_data("sudoku16/enjoysudoku-blue-ultimate-15.txt");
    let solutions = read_data("sudoku16/enjoysudoku-blue-ultimate-15.solutions.txt");
    let (calls, partial, untold) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let mut slot =
        MaybeUninit::<Learner<Unhelpful<'_>, { max_items(16) }, { max_options(16) }, { sudoku::STORE16 }>>::uninit();
    let learner = Learner::new_in(&mut slot, Unhelpful::new(&calls, &partial, &untold)).unwrap();
    learner.set_deduce_after(0);
    let cells = letters(puzzles.lines().next().unwrap());
    assert!(learner.solve(givens(16, &cells)));
    let mut grid = cells.clone();
    learner.chosen().for_each(|o| grid[o / 16] = (o % 16 + 1) as u8);
    assert_eq!(grid, letters(solutions.lines().next().unwrap()));
    let stats = learner.stats();
    let most = u64::from(DEDUCE_WINDOW) * (1 + stats.conflicts / DEDUCE_PAUSE);
    assert!(stats.decisions > 2 * most, "{} decisions: too few to show the pauses", stats.decisions);
    assert!(calls.get() <= most, "{} calls in {} conflicts", calls.get(), stats.conflicts);
    // What it was told between calls, through backjumps and restarts, pauses included.
    assert!(partial.get() > calls.get() / 2, "{} of {} calls told only some items", partial.get(), calls.get());
    assert_eq!(untold.get(), 0, "calls whose untold items are as at no earlier call");
}

#[test]
fn past_its_conflict_limit_solve16_hands_over_to_the_dlx_with_the_same_answers() {
    let mut space = MaybeUninit::<sudoku::Workspace16>::uninit();
    let mut handed_over = 0;
    for (name, take) in [("enjoysudoku-tarek-first20-20", 20), ("enjoysudoku-blue-ultimate-15", 3)] {
        let puzzles = read_data(&format!("sudoku16/{name}.txt"));
        let solutions = read_data(&format!("sudoku16/{name}.solutions.txt"));
        for (line, (p, s)) in puzzles.lines().zip(solutions.lines()).enumerate().take(take) {
            let (puzzle, solution) = (letters(p), letters(s));
            for limit in [0, 7, u64::MAX] {
                let mut grid = puzzle.clone();
                let stats = sudoku::Workspace::solve(&mut space, &mut grid, limit, &mut no_limit()).unwrap();
                assert_eq!(grid, solution, "{name} line {} limit {limit}", line + 1);
                assert!(stats.learning.conflicts <= limit);
                assert!(stats.dlx_nodes.is_none() || stats.learning.conflicts == limit, "{stats:?}");
                assert!(limit > 0 || stats.learning.conflicts == 0);
                handed_over += usize::from(stats.dlx_nodes.is_some());
            }
            let wrong = one_wrong_digit(Shape::SIXTEEN, &puzzle, &solution, line).unwrap();
            for limit in [0, 3] {
                let mut grid = wrong.clone();
                assert_eq!(
                    sudoku::Workspace::solve(&mut space, &mut grid, limit, &mut no_limit()),
                    Err(crate::Error::Unsolvable)
                );
                assert_eq!(grid, wrong, "untouched when unsolvable");
            }
        }
    }
    assert!(handed_over >= 30, "{handed_over}");
}

#[test]
fn a_store_too_small_for_its_reasons_restarts_and_still_answers_right() {
    // A few hundred words: reductions cannot always make room while clauses are reasons, so
    // the search restarts (and drops the clause when even that is not enough).
    let mut slot9 = MaybeUninit::<Learner9>::uninit();
    let mut slot16 = MaybeUninit::<SmallLearner16>::uninit();
    let (mut reductions, mut restarts) = (0, 0);
    let puzzles = read_data("sudoku9/forum-hardest-1106-375.txt");
    let solutions = read_data("sudoku9/forum-hardest-1106-375.solutions.txt");
    for (line, (p, s)) in puzzles.lines().zip(solutions.lines()).enumerate().take(150) {
        for limit in [60, 200] {
            let (found, stats) = learn_in(&mut slot9, 9, &digits_9(p), limit);
            assert_eq!(found, Some(digits_9(s)), "line {} limit {limit}", line + 1);
            reductions += stats.reductions;
            restarts += stats.full_store_restarts;
        }
    }
    let puzzles = read_data("sudoku16/enjoysudoku-tarek-first20-20.txt");
    let solutions = read_data("sudoku16/enjoysudoku-tarek-first20-20.solutions.txt");
    for (p, s) in puzzles.lines().zip(solutions.lines()) {
        let (found, stats) = learn_in(&mut slot16, 16, &letters(p), 300);
        assert_eq!(found, Some(letters(s)));
        reductions += stats.reductions;
        restarts += stats.full_store_restarts;
    }
    assert!(reductions > 100 && restarts > 10, "{reductions} reductions, {restarts} restarts for a full store");
}

/// Counting by clause learning (each cover found ruled out by a permanent clause) against the
/// backtracking reference, on random 4x4 grids up to every completion: the empty grid's 288
/// blocking clauses overflow the smallest store, so the DLX fallback is exercised too.
#[test]
fn counts_by_clause_learning_equal_backtracking_on_random_4x4() {
    use crate::exact_cover::dlx::Storage;
    use crate::sudoku::{Workspace, max_nodes};
    type Engine4 =
        Storage<u16, { max_items(4) }, { max_options(4) }, { max_nodes(4) }, { sudoku::capacity(4).words::<u16>() }>;
    let mut space = MaybeUninit::<Workspace<Learner4, Engine4>>::uninit();
    let mut seed = 0xC0_0A7_u64;
    let mut sizes = std::collections::BTreeSet::new();
    for round in 0..3000 {
        let mut grid = [0u8; 16];
        for _ in 0..rng(&mut seed) % 8 {
            grid[(rng(&mut seed) % 16) as usize] = (1 + rng(&mut seed) % 4) as u8;
        }
        let expected = brute_force_4x4(&mut grid.clone(), 0);
        for limit in [1, 2, 5, u64::MAX] {
            let counted = sudoku::Workspace::count(&mut space, &grid, limit, &mut no_limit());
            assert_eq!(counted, Ok(expected.min(limit)), "round {round}, limit {limit}: {grid:?}");
        }
        sizes.insert(expected);
    }
    assert!(sizes.contains(&0) && sizes.contains(&1) && sizes.contains(&288) && sizes.len() > 10, "{sizes:?}");
}

/// The same against the listed counts of the lloyd-amos 16x16 set (unique or several), in the
/// library's own workspace.
#[test]
fn counts_by_clause_learning_equal_the_listed_16x16_counts() {
    let puzzles = read_data("sudoku16/lloyd-amos-acs-general-1900.txt");
    let counts = read_data("sudoku16/lloyd-amos-acs-general-1900.nsol.txt");
    let mut space = MaybeUninit::<sudoku::Workspace16>::uninit();
    let mut several = 0;
    for (line, (p, c)) in puzzles.lines().zip(counts.lines()).enumerate().step_by(3) {
        let cells: Vec<u8> = p.bytes().map(|b| if b == b'-' { 0 } else { b - b'A' + 1 }).collect();
        let want: u64 = c.parse().unwrap();
        assert_eq!(sudoku::Workspace::count(&mut space, &cells, 2, &mut no_limit()), Ok(want), "line {}", line + 1);
        several += usize::from(want == 2);
    }
    assert!(several > 100, "{several}");
}

/// The Hall sets at every restart, and the clauses that rule found covers out, with every
/// invariant of the learner checked at each restart and reduction: on the hard 16x16 sets
/// (their listed answers, then "no second solution") in the smallest store, with a third
/// set for more restarts. The hook is asked only when level 0 has grown since it
/// last ran, so fewer times than there are restarts.
#[test]
fn hall_sets_at_restarts_and_counting_keep_every_invariant() {
    use crate::sudoku::hall;
    let mut slot = MaybeUninit::<SmallLearner16>::uninit();
    let (mut exclusions, mut restarts, mut calls) = (0, 0, 0);
    for name in ["enjoysudoku-blue-ultimate-15", "enjoysudoku-tarek-first20-20", "enjoysudoku-tarek-tough-206"] {
        let puzzles = read_data(&format!("sudoku16/{name}.txt"));
        let solutions = read_data(&format!("sudoku16/{name}.solutions.txt"));
        for (line, (p, s)) in puzzles.lines().zip(solutions.lines()).enumerate() {
            let cells = letters(p);
            let learner = Learner::new_in(&mut slot, SudokuCover::<4>::default()).unwrap();
            learner.set_checking(true);
            let mut root = |open: &[u16], exclude: &mut dyn FnMut(usize)| {
                calls += 1;
                hall::at_root(Shape::SIXTEEN, open, &mut |o| {
                    exclusions += 1;
                    exclude(o)
                })
            };
            assert_eq!(learner.solve_within(givens(16, &cells), u64::MAX, &mut no_limit(), &mut root), Some(true));
            let mut grid = cells.clone();
            for o in learner.chosen() {
                grid[o / 16] = (o % 16 + 1) as u8;
            }
            assert_eq!(grid, letters(s), "{name} line {}", line + 1);
            assert_eq!(learner.solve_another(u64::MAX, &mut no_limit(), &mut root), Some(false), "unique");
            assert_eq!(learner.fault(), None, "{name} line {}: an invariant broke", line + 1);
            restarts += learner.stats().restarts;
        }
    }
    assert!(restarts > 50 && exclusions > 0, "{restarts} restarts, {exclusions} Hall exclusions");
    assert!(calls < restarts, "the hook ran {calls} times in {restarts} restarts");
}

/// Counting 16x16 grids of none, one and several completions, each against the DLX engine's
/// exhaustive count at the same limits: puzzles of the goomii set as listed (one), with two
/// givens removed (one or several) and with a given changed to another letter (mostly none).
/// Limits above 2 make the learner rule out found covers again and again.
#[test]
fn counts_of_16x16_puzzles_with_givens_removed_or_changed_equal_the_dlx_counts() {
    use crate::sudoku::Workspace16;
    let mut space = MaybeUninit::<Workspace16>::uninit();
    let mut slot = MaybeUninit::uninit();
    let mut seed = 0x0045_c017_u64;
    let mut seen = std::collections::BTreeSet::new();
    for line in read_data("sudoku16/goomii17-hexasudoku-3000.txt").lines().take(12) {
        let puzzle = letters(line);
        let givens: Vec<usize> = (0..256).filter(|&c| puzzle[c] != 0).collect();
        let mut removed = puzzle.clone();
        for _ in 0..2 {
            removed[givens[(rng(&mut seed) % givens.len() as u64) as usize]] = 0;
        }
        let mut changed = puzzle.clone();
        super::common::one_given_changed_16(&mut changed, &mut seed);
        for grid in [&puzzle, &removed, &changed] {
            for limit in [1, 2, 100] {
                let e = &mut Engine16::zeroed_in(&mut slot);
                let want = sudoku::count_solutions(e, Shape::SIXTEEN, grid, limit, &mut no_limit()).unwrap();
                let counted = Workspace16::count(&mut space, grid, limit, &mut no_limit());
                assert_eq!(counted, Ok(want), "limit {limit}: {grid:?}");
                if limit == 100 {
                    seen.insert(want);
                }
            }
        }
    }
    assert!(seen.contains(&0) && seen.contains(&1) && seen.iter().any(|&n| n > 2), "{seen:?}");
}

/// The effort of counting up to 2 against solving (issue 45's goal: within 2x), on isomorphs
/// of four of the hardest public puzzles (blue-ultimate 1, 5, 10 and 15): the count's first
/// search is the solve's, the rest the proof that no second solution exists. Measured 39,196
/// conflicts counting against 23,447 solving (1.67x) with the Hall sets at every decision of
/// the proof (and of any search past 2,000 conflicts); with them paused in the proof too the
/// count took more than the bound of 2x (2.19x when measured).
#[test]
fn counting_to_two_takes_at_most_two_solves_of_conflicts_on_hard_isomorphs() {
    use crate::sudoku::Workspace16;
    let mut space = MaybeUninit::<Workspace16>::uninit();
    let data = read_data("sudoku16/enjoysudoku-blue-ultimate-15.txt");
    let lines: Vec<&str> = data.lines().collect();
    let mut seed = 0x0452_u64;
    let (mut solving, mut counting) = (0, 0);
    for k in [0, 4, 9, 14] {
        for _ in 0..3 {
            let (text, _) = super::common::isomorph_16(lines[k], None, &mut seed);
            let mut cells = letters(&text);
            let solved = sudoku::solve16(&mut space, &mut cells, &mut no_limit()).unwrap();
            let (counted, stats) = Workspace16::count_with_stats(&mut space, &letters(&text), 2, &mut no_limit());
            assert_eq!(counted, Ok(1), "{text}");
            assert!(solved.dlx_nodes.is_none(), "{text}: the learner gave up");
            solving += solved.learning.conflicts;
            counting += stats.conflicts;
        }
    }
    assert!(solving > 10_000, "hard enough to measure: {solving} conflicts");
    assert!(counting <= 2 * solving, "counting {counting} conflicts against solving {solving}");
}
