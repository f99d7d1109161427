//! Pieces of one problem: a piece is a list of decisions, option `o` in every solution (the
//! number `o`) or in none (`-1 - o`); its solutions are the problem's solutions that obey
//! them all. [`Problem::set_piece`] keeps one in the problem's words, and every search obeys
//! it; [`Problem::split`] cuts the problem (or the piece set) along the search tree into
//! pieces whose solutions partition its solutions; [`Problem::estimate`] is Knuth's estimate
//! of the tree's size by random paths, which the split uses to find the large pieces. The
//! text form of a piece, its decisions in decimal separated by single spaces, is
//! [`PieceText`] one way and [`parse_piece`] the other: what the command prints and a cluster
//! passes around.

use core::ops::ControlFlow;

use super::dlx::mcc::Branch;
use super::dlx::Dlx;
use super::dlx::mcc::{Rules, Work};
use super::problem::{General, KIND, Lean, NODES, OPTIONS, PIECE, Problem};
use super::size::Size;
use crate::Error;
use crate::deadline::INTERVAL;

/// Random paths of the estimate of each piece whose short count did not finish. With 8, the
/// split did 5-10% less work but mix50's largest piece at K = 64 grew from 2% to 19%.
const PIECE_PATHS: u32 = 16;
/// Random paths of the second look at each piece still estimated once the split looks done:
/// Knuth's estimate errs low far more often than high (most paths miss the rare deep
/// branches), and a piece estimated low is never split.
const SETTLE_PATHS: u32 = 64;
/// Only pieces estimated at a quarter of a piece's share or more get that second look: one
/// estimated below would have to be four times as large to matter, and most pieces of a
/// split into many are that small.
const SETTLE_FLOOR: u64 = 4;
/// The least node budget of a piece's exact count (one [`INTERVAL`] of the search); more
/// where a count of as many nodes as the steps of [`PIECE_PATHS`] random paths (deep ones,
/// as a Sudoku's) is no dearer than the estimate it spares. It settles the small pieces and
/// finds most empty ones. Budgets of hundreds to thousands of nodes bought no balance: a
/// piece they did not finish was estimated anyway, and such counts were most of the
/// split's work (on pentominoes 6x10 in 16 pieces, 193,000 of 253,000 nodes and steps).
const COUNT_CAP: u64 = INTERVAL as u64;
/// The split stops at this many pieces per piece asked for, balanced or not.
const MOST_PER_PIECE: usize = 16;
/// The seed of the split's estimates, mixed with each piece's decisions.
const SPLIT_SEED: u64 = 0x0D1C_E5EE_D5EE_D000;

/// A small generator (SplitMix64): the estimate is a function of its seed, with no state
/// anywhere else.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (at least 1), near enough uniform for `n` far below 2^64.
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

/// The search tree under a piece, walked a step at a time: DLX1's or the general search's.
enum Walker<'w, 'a> {
    Lean(&'w mut Dlx<'a, u32>),
    General(&'w mut Dlx<'a, u32>, &'w Rules<'a>, &'w mut Work<'a>),
}

impl Walker<'_, '_> {
    /// Where the walk is, to come back to with [`undo`](Self::undo).
    fn mark(&self) -> usize {
        match self {
            Walker::Lean(engine) => engine.depth(),
            Walker::General(engine, _, work) => engine.mark_mcc(work),
        }
    }

    fn undo(&mut self, mark: usize) {
        match self {
            Walker::Lean(engine) => {
                while engine.depth() > mark {
                    engine.step_out();
                }
            }
            Walker::General(engine, rules, work) => engine.undo_mcc(rules, work, mark),
        }
    }

    /// How the search branches here.
    fn branch(&self) -> Branch {
        match self {
            Walker::Lean(engine) => engine.lean_branch().map_or(Branch::Done, Branch::Options),
            Walker::General(engine, rules, work) => engine.branch_mcc(rules, work),
        }
    }

    fn engine(&self) -> &Dlx<'_, u32> {
        match self {
            Walker::Lean(engine) | Walker::General(engine, ..) => engine,
        }
    }

    /// The `k`th node of `item`'s list, from 0.
    fn nth(&self, item: usize, k: usize) -> usize {
        let engine = self.engine();
        (0..=k).fold(item, |x, _| engine.below(x))
    }

    /// The option of node `x` in (a child of [`Branch::Options`] or the first of
    /// [`Branch::InOut`]), or out.
    fn step(&mut self, x: usize, include: bool) {
        match self {
            Walker::Lean(engine) => engine.step_in(x),
            Walker::General(engine, rules, work) => engine.step_mcc(rules, work, x, include),
        }
    }

    /// The number of the option of node `x`.
    fn number(&self, x: usize) -> i32 {
        self.engine().option_number(x) as i32
    }

    /// The children of this node as decisions, in the search's order: each option of the
    /// item branched on, or one option in and then out. Calls `child` with each.
    fn children(&self, mut child: impl FnMut(i32)) {
        match self.branch() {
            Branch::Done => {}
            Branch::Options(item) => {
                let mut x = self.engine().below(item);
                while x != item {
                    child(self.number(x));
                    x = self.engine().below(x);
                }
            }
            Branch::InOut(x) => {
                let o = self.number(x);
                child(o);
                child(-1 - o);
            }
        }
    }

    /// Knuth's estimate of the nodes below here (options tried, as the search counts them),
    /// the mean over `paths` random paths: at each node of a path, the product of the
    /// branching so far times the options the search tries there. `None` once `expired`
    /// says so: it is asked before each path and every [`INTERVAL`] steps of one, as a path
    /// of a repeat cover can be thousands of steps deep.
    /// Adds the paths and their steps to `spent`.
    fn estimate(
        &mut self,
        paths: u32,
        rng: &mut SplitMix,
        expired: &mut dyn FnMut() -> bool,
        spent: &mut Spent,
    ) -> Option<Size> {
        let mark = self.mark();
        let mut sum = Size::ZERO;
        for _ in 0..paths {
            let (mut weight, mut total) = (Size::from(1), Size::ZERO);
            let mut steps = 0u32;
            spent.paths += 1;
            loop {
                steps += 1;
                spent.steps += 1;
                if steps % INTERVAL == 1 && expired() {
                    self.undo(mark);
                    return None;
                }
                match self.branch() {
                    Branch::Done => break,
                    Branch::Options(item) => {
                        let d = self.engine().item_len(item);
                        if d == 0 {
                            break;
                        }
                        weight = weight.times(d as u64);
                        total = total.plus(weight);
                        let x = self.nth(item, rng.below(d));
                        self.step(x, true);
                    }
                    Branch::InOut(x) => {
                        // "In" is tried as a node, "out" is not.
                        total = total.plus(weight);
                        weight = weight.times(2);
                        self.step(x, rng.next() & 1 == 0);
                    }
                }
            }
            sum = sum.plus(total);
            self.undo(mark);
        }
        Some(sum.over(u64::from(paths)))
    }
}

impl Problem<'_> {
    /// Sets the piece every later search obeys ([`search`](Self::search),
    /// [`minimum`](Self::minimum), [`minimum_below`](Self::minimum_below),
    /// [`at_most`](Self::at_most), [`split`](Self::split), [`estimate`](Self::estimate)) until
    /// another is set; an empty slice clears it (the whole problem). A decision is an option
    /// number `o` (from 0) for "option `o` is in every solution", or `-1 - o` for "in none".
    /// The problem's solutions that obey every decision are the piece's; the chosen options
    /// are reported in its solutions as any other. Decisions that contradict each other or
    /// the problem (two options that cannot go together) make a piece without solutions.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use dlx_core::Problem;
    ///
    /// let options: [&[i32]; 5] = [&[0, 1], &[2, 3], &[0, 2], &[1, 3], &[0, 1, 2, 3]];
    /// let mut memory = vec![0u64; Problem::words_for(4, 5, 12).unwrap()];
    /// let mut problem = Problem::new(&mut memory, 4, 0, 5, 12)?;
    /// for option in options {
    ///     problem.add(option)?;
    /// }
    /// let mut count = |p: &mut Problem| p.search(u64::MAX, || false, |_| ControlFlow::Continue(()));
    /// assert_eq!(count(&mut problem)?, 3);
    /// problem.set_piece(&[-5])?; // option 4 in none
    /// assert_eq!(count(&mut problem)?, 2);
    /// problem.set_piece(&[0, -2])?; // option 0 in, option 1 out: 0's partner gone
    /// assert_eq!(count(&mut problem)?, 0);
    /// problem.set_piece(&[])?;
    /// assert_eq!(count(&mut problem)?, 3);
    /// # Ok::<(), dlx_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Arg`], the piece unchanged, when a decision names no option added yet or
    /// names an option a second time (in either form).
    pub fn set_piece(&mut self, decisions: &[i32]) -> Result<(), Error> {
        let options = self.head[OPTIONS] as usize;
        if decisions.len() > options {
            return Err(Error::Arg);
        }
        // The answer array is free between calls: a mark per option finds repeats.
        let marks = &mut self.answers[..options];
        marks.fill(0);
        for &d in decisions {
            let o = if d < 0 { -1 - i64::from(d) } else { i64::from(d) } as usize;
            if o >= options || marks[o] != 0 {
                return Err(Error::Arg);
            }
            marks[o] = 1;
        }
        self.piece[..decisions.len()].copy_from_slice(decisions);
        self.head[PIECE] = decisions.len() as u64;
        Ok(())
    }

    /// The piece set ([`set_piece`](Self::set_piece)): empty for the whole problem.
    pub fn piece(&self) -> &[i32] {
        let n = usize::try_from(self.head[PIECE]).unwrap_or(0).min(self.piece.len());
        &self.piece[..n]
    }

    /// Runs `f` on the search tree of the piece set, then restores the matrix; `None` when
    /// the piece contradicts itself (no tree).
    fn walk<T>(&mut self, f: impl FnOnce(&mut Walker<'_, '_>) -> T) -> Result<Option<T>, Error> {
        if self.head[KIND] == 0 {
            let Lean { mut engine, consistent, .. } = self.lean().ok_or(Error::Arg)?;
            let out = consistent.then(|| f(&mut Walker::Lean(&mut engine)));
            engine.leave();
            return Ok(out);
        }
        let General { mut engine, rules, mut work, prefix, .. } = self.general().ok_or(Error::Arg)?;
        let consistent = engine.open_mcc(&rules, &mut work, &prefix);
        let out = consistent.then(|| f(&mut Walker::General(&mut engine, &rules, &mut work)));
        engine.undo_mcc(&rules, &mut work, 0);
        Ok(out)
    }

    /// Knuth's estimate of the size of the tree [`search`](Self::search) walks for every
    /// solution of the piece set: the nodes it would count ([`nodes`](Self::nodes)), as the
    /// mean over `paths` random paths from the root, each taking a child at random at every
    /// node. The same `seed` gives the same estimate. Unbiased, but with a spread that
    /// narrows only as the square root of `paths`: docs/exact-cover.md gives measured
    /// figures. 0 for a piece that contradicts itself. A [`Size`], finite however large:
    /// a repeat cover's tree can pass 10^400 nodes, far past an `f64`.
    ///
    /// # Errors
    /// [`Error::Arg`] for `paths` 0.
    pub fn estimate(&mut self, paths: u32, seed: u64) -> Result<Size, Error> {
        if paths == 0 {
            return Err(Error::Arg);
        }
        self.estimate_until(paths, seed, &mut || false)
    }

    /// [`estimate`](Self::estimate), giving up with [`Error::Timeout`] once `expired` says so
    /// (asked before each path and every few dozen steps of one).
    ///
    /// # Errors
    /// [`Error::Arg`] for `paths` 0, [`Error::Timeout`].
    pub fn estimate_until(&mut self, paths: u32, seed: u64, expired: &mut dyn FnMut() -> bool) -> Result<Size, Error> {
        self.estimate_counted(paths, seed, expired, &mut Spent::default())
    }

    /// [`estimate_until`](Self::estimate_until), adding its paths and their steps to `spent`.
    fn estimate_counted(
        &mut self,
        paths: u32,
        seed: u64,
        expired: &mut dyn FnMut() -> bool,
        spent: &mut Spent,
    ) -> Result<Size, Error> {
        if paths == 0 {
            return Err(Error::Arg);
        }
        let rng = &mut SplitMix(seed);
        match self.walk(|w| w.estimate(paths, rng, expired, spent))? {
            None => Ok(Size::ZERO),
            Some(Some(nodes)) => Ok(nodes),
            Some(None) => Err(Error::Timeout),
        }
    }

    /// Cuts the piece set (the whole problem when none is) into at least `pieces` pieces
    /// whose solutions partition its solutions: each is the piece set plus decisions the
    /// search would make, and [`set_piece`](Self::set_piece) with one of them makes the
    /// searches find exactly its part. Written to `out` flat, each piece as its length then
    /// its decisions, in the search's order; returns how many pieces and how many ints of
    /// `out` they take. The same problem, piece and `pieces` give the same pieces.
    ///
    /// How: starting from the piece set, the piece with the largest estimated tree is
    /// replaced by its children in the search tree (each option of the item the search
    /// branches on, or one option in and then out), until there are at least `pieces` and
    /// none is estimated above the total over `pieces` (or there are 16 times `pieces`, or
    /// `out` has no room for more). A piece's size is its node count when a search of 64
    /// nodes finishes it, and Knuth's estimate ([`estimate`](Self::estimate), 16 paths with
    /// a seed made of its decisions) otherwise. Pieces found to have no solution are
    /// left out, so a problem without solutions may give none, and one with few solutions
    /// fewer than `pieces`: the split stops early only when every piece left is a leaf of the
    /// search tree (a solution with nothing to add, which stays a piece). Each piece whose size
    /// is still an estimate of at least a quarter of the total over `pieces` when the split
    /// looks done is estimated once more with 64 paths before it stops, since Knuth's
    /// estimate errs low far more often than high.
    ///
    /// `out` is also the split's working room: besides the pieces it returns, it needs one
    /// int per piece, where each piece's size is left: piece `j`'s (from 0) in
    /// `out[out.len() - 1 - j]`, read by [`Size::from_split`] (callers that run the largest
    /// pieces first, or split them again, need no estimate of their own). The rest of `out`
    /// holds nothing useful afterwards. The searches the split makes leave
    /// [`nodes`](Self::nodes) as it was.
    ///
    /// # Errors
    /// [`Error::Arg`] for `pieces` 0; [`Error::Capacity`] when `out` has no room for
    /// `pieces` pieces (and what it holds means nothing); [`Error::Timeout`] once `expired`
    /// says so.
    pub fn split(
        &mut self,
        pieces: usize,
        out: &mut [i32],
        expired: impl FnMut() -> bool,
    ) -> Result<(usize, usize), Error> {
        self.split_work(pieces, out, expired).map(|(pieces, used, _)| (pieces, used))
    }

    /// [`split`](Self::split), also returning the split's own work: the nodes of its counts
    /// and the steps of its random paths, in the units of [`nodes`](Self::nodes), so that a
    /// caller searching the pieces can report the whole run's effort (`dlx cover --threads`
    /// adds it to the options tried).
    pub fn split_work(
        &mut self,
        pieces: usize,
        out: &mut [i32],
        mut expired: impl FnMut() -> bool,
    ) -> Result<(usize, usize, u64), Error> {
        if pieces == 0 {
            return Err(Error::Arg);
        }
        let (base, nodes) = (self.piece().len(), self.head[NODES]);
        let mut spent = Spent::default();
        let result = self.split_from(base, pieces, out, &mut expired, &mut spent);
        self.head[PIECE] = base as u64;
        self.head[NODES] = nodes;
        result.map(|(pieces, used)| (pieces, used, spent.nodes + spent.steps))
    }

    fn split_from(
        &mut self,
        base: usize,
        k: usize,
        out: &mut [i32],
        expired: &mut dyn FnMut() -> bool,
        spent: &mut Spent,
    ) -> Result<(usize, usize), Error> {
        if out.len() < base + 2 {
            return Err(Error::Capacity);
        }
        let Some(size) = self.size_of(expired, spent)? else { return Ok((0, 0)) };
        let mut list = List { out, pieces: 1, used: base + 1 };
        list.out[0] = base as i32;
        list.out[1..=base].copy_from_slice(&self.piece[..base]);
        list.set_size(0, size);
        loop {
            let (n, mut total, mut largest) = (list.pieces, Size::ZERO, (0usize, 0usize, None));
            let mut at = 0;
            for j in 0..n {
                let size = list.size(j).0;
                total = total.plus(size);
                if largest.2.is_none_or(|largest| size > largest) {
                    largest = (j, at, Some(size));
                }
                at += 1 + list.out[at] as usize;
            }
            let (j, at, size) = (largest.0, largest.1, largest.2.unwrap_or(Size::ZERO));
            let balanced = size <= total.over(k as u64);
            if n >= MOST_PER_PIECE * k || size == Size::ZERO {
                break;
            }
            if n >= k && balanced {
                if !self.settle(&mut list, total.over(SETTLE_FLOOR * k as u64), expired, spent)? {
                    break;
                }
                continue;
            }
            let len = list.out[at] as usize;
            self.piece[..len].copy_from_slice(&list.out[at + 1..at + 1 + len]);
            self.head[PIECE] = len as u64;
            let mut c = 0;
            self.walk(|w| w.children(|_| c += 1))?;
            // The room the pieces and their sizes take once piece j is replaced by c children.
            let used = list.used - (len + 1) + c * (len + 2);
            if used + n - 1 + c > list.out.len() {
                if n >= k {
                    break;
                }
                return Err(Error::Capacity);
            }
            list.replace(j, at, len, c);
            let mut child = at;
            self.walk(|w| {
                w.children(|d| {
                    list.out[child + len + 1] = d;
                    child += len + 2;
                })
            })?;
            // Size each child, leaving out the ones without solutions, last first so that the
            // places of those before stay put.
            for i in (0..c).rev() {
                let at = at + i * (len + 2);
                self.piece[..=len].copy_from_slice(&list.out[at + 1..at + len + 2]);
                self.head[PIECE] = len as u64 + 1;
                match self.size_of(expired, spent)? {
                    Some(size) => list.set_size(j + i, size),
                    None => list.remove(j + i, at),
                }
            }
        }
        Ok((list.pieces, list.used))
    }

    /// Looks again at each piece of at least `floor` whose size is an estimate not yet looked
    /// at twice: counts it when that is as cheap as estimating it with [`SETTLE_PATHS`]
    /// paths, else estimates it so, keeping the larger figure; false when there was none.
    fn settle(
        &mut self,
        list: &mut List<'_>,
        floor: Size,
        expired: &mut dyn FnMut() -> bool,
        spent: &mut Spent,
    ) -> Result<bool, Error> {
        let mut any = false;
        let mut at = 0;
        for j in 0..list.pieces {
            let len = list.out[at] as usize;
            if let (size, false) = list.size(j)
                && size >= floor
            {
                any = true;
                self.piece[..len].copy_from_slice(&list.out[at + 1..at + 1 + len]);
                self.head[PIECE] = len as u64;
                let budget = spent.per_path() * u64::from(SETTLE_PATHS);
                let counted =
                    if size < Size::from(budget) { self.count_tree(budget, expired, spent)? } else { Counted::Unfinished };
                let again = match counted {
                    // Exact (an empty piece, rare here, stays: it is searched in no time).
                    Counted::Empty => Size::ZERO,
                    Counted::Nodes(nodes) => Size::from(nodes),
                    Counted::Unfinished => {
                        let again = self.estimate_counted(SETTLE_PATHS, seed_of(self.piece()) ^ 1, expired, spent)?;
                        if again > size { again } else { size }
                    }
                };
                list.set_size(j, (again, true));
            }
            at += 1 + len;
        }
        Ok(any)
    }

    /// The size of the piece set's tree: its node count when a search of as many nodes as
    /// [`PIECE_PATHS`] paths take (at least [`COUNT_CAP`]) finishes it (settled: never
    /// estimated again), else Knuth's estimate; `None` when it has no solution.
    fn size_of(&mut self, expired: &mut dyn FnMut() -> bool, spent: &mut Spent) -> Result<Option<(Size, bool)>, Error> {
        let budget = (spent.per_path() * u64::from(PIECE_PATHS)).max(COUNT_CAP);
        match self.count_tree(budget, expired, spent)? {
            Counted::Empty => Ok(None),
            Counted::Nodes(nodes) => Ok(Some((Size::from(nodes), true))),
            Counted::Unfinished => {
                // At least what the count saw: an unlucky estimate must not hide a piece.
                let seen = Size::from(self.head[NODES]);
                let estimate = self.estimate_counted(PIECE_PATHS, seed_of(self.piece()), expired, spent)?;
                Ok(Some((if estimate > seen { estimate } else { seen }, false)))
            }
        }
    }

    /// The piece set's tree counted by a search of about `budget` nodes.
    fn count_tree(&mut self, budget: u64, expired: &mut dyn FnMut() -> bool, spent: &mut Spent) -> Result<Counted, Error> {
        // The search asks the time every `INTERVAL` nodes: so many questions are the budget.
        let asks = (budget / u64::from(INTERVAL)).max(1);
        let (mut asked, mut late) = (0u64, false);
        let counted = self.count(
            u64::MAX,
            || {
                asked += 1;
                late = expired();
                late || asked >= asks
            },
            || ControlFlow::Continue(()),
        );
        spent.nodes += self.head[NODES];
        match counted {
            Ok(0) => Ok(Counted::Empty),
            Ok(_) => Ok(Counted::Nodes(self.head[NODES])),
            Err(Error::Timeout) if !late => Ok(Counted::Unfinished),
            Err(e) => Err(e),
        }
    }
}

/// What a count of a piece within its budget found.
enum Counted {
    /// The piece has no solution.
    Empty,
    /// Its tree's nodes, solutions found.
    Nodes(u64),
    /// The budget ran out first.
    Unfinished,
}

/// What the split has spent: nodes of its counts, random paths and their steps.
#[derive(Default)]
struct Spent {
    nodes: u64,
    paths: u64,
    steps: u64,
}

impl Spent {
    /// The mean steps of a random path so far (1 before any): what one more path costs,
    /// against which a count's budget is set.
    fn per_path(&self) -> u64 {
        self.steps.div_ceil(self.paths.max(1)).max(1)
    }
}

/// The seed of a piece's estimates in the split: [`SPLIT_SEED`] mixed with its decisions, so
/// that a piece is estimated alike whatever else the split did.
fn seed_of(decisions: &[i32]) -> u64 {
    decisions.iter().fold(SPLIT_SEED, |seed, &d| SplitMix(seed ^ u64::from(d as u32)).next())
}

/// The split's pieces in the caller's `out`: pieces from the front (each its length, then its
/// decisions), their sizes from the back, piece `j`'s in `out[len - 1 - j]`: the size packed in
/// 31 bits ([`Size`]'s exponent and first mantissa bits, so that a repeat cover's 10^400 nodes
/// are not all alike), the top bit set once the size is settled (exact, or looked at twice).
struct List<'o> {
    out: &'o mut [i32],
    pieces: usize,
    used: usize,
}

impl List<'_> {
    /// Piece `j`'s size, and whether it is settled.
    fn size(&self, j: usize) -> (Size, bool) {
        let bits = self.out[self.out.len() - 1 - j] as u32;
        (Size::unpack(bits), bits >> 31 == 1)
    }

    fn set_size(&mut self, j: usize, (size, settled): (Size, bool)) {
        let end = self.out.len();
        self.out[end - 1 - j] = (size.pack() | u32::from(settled) << 31) as i32;
    }

    /// Makes room for `c` children of `len + 1` decisions in place of piece `j` (at `at`, of
    /// `len`), each starting with its length and its parent's decisions.
    fn replace(&mut self, j: usize, at: usize, len: usize, c: usize) {
        let (old, new) = (len + 1, c * (len + 2));
        let end = self.out.len();
        // Sizes of the pieces after j move down by c - 1 slots.
        let sizes = end - self.pieces..end - 1 - j;
        self.out.copy_within(sizes.clone(), sizes.start + 1 - c);
        self.out.copy_within(at + old..self.used, at + new);
        // The parent's decisions, then each child's copy of them, last child first (the
        // first child's copy is where the parent was, shifted by one).
        for i in (0..c).rev() {
            let to = at + i * (len + 2);
            self.out.copy_within(at + 1..at + 1 + len, to + 1);
            self.out[to] = (len + 1) as i32;
        }
        self.pieces = self.pieces + c - 1;
        self.used = self.used - old + new;
    }

    /// Takes piece `j` (at `at`) out.
    fn remove(&mut self, j: usize, at: usize) {
        let len = 1 + self.out[at] as usize;
        self.out.copy_within(at + len..self.used, at);
        let end = self.out.len();
        let sizes = end - self.pieces..end - 1 - j;
        self.out.copy_within(sizes.clone(), sizes.start + 1);
        self.pieces -= 1;
        self.used -= len;
    }
}

/// A piece's text form: its decisions in decimal, separated by single spaces (`12 -8 40`:
/// option 12 in, option 7 out, option 40 in); empty for the whole problem.
///
/// ```
/// use dlx_core::{parse_piece, PieceText};
///
/// let text = PieceText(&[12, -8, 40]).to_string();
/// assert_eq!(text, "12 -8 40");
/// let mut piece = [0; 8];
/// let n = parse_piece(&text, &mut piece)?;
/// assert_eq!(&piece[..n], [12, -8, 40]);
/// # Ok::<(), dlx_core::Error>(())
/// ```
pub struct PieceText<'a>(pub &'a [i32]);

impl core::fmt::Display for PieceText<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (k, d) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// Reads a piece's text form ([`PieceText`]) into `out`; returns how many decisions. Spaces,
/// tabs and line ends separate the numbers (so a line read with its end still parses);
/// each number is a decimal `i32`, with a `-` for a decision "out" (`-0`, which names no
/// decision, is an error). Whether the numbers name options is [`Problem::set_piece`]'s to
/// check.
///
/// # Errors
/// [`Error::Arg`] for anything but such numbers, [`Error::Capacity`] for more numbers than
/// `out` holds; `out` may be written either way.
pub fn parse_piece(text: &str, out: &mut [i32]) -> Result<usize, Error> {
    let mut n = 0;
    for word in text.split_ascii_whitespace() {
        let (out_of, digits) = word.strip_prefix('-').map_or((false, word), |rest| (true, rest));
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::Arg);
        }
        // "-0" is no decision: option 0 out is -1, and reading it as 0 (in) would turn a
        // mistyped piece into its opposite.
        if out_of && digits.bytes().all(|b| b == b'0') {
            return Err(Error::Arg);
        }
        let d = word.parse::<i32>().map_err(|_| Error::Arg)?;
        *out.get_mut(n).ok_or(Error::Capacity)? = d;
        n += 1;
    }
    Ok(n)
}
