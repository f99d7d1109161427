//! Knuth's whole exact cover family on the same links: colors on secondary items (his DLX2),
//! bounds on how often each primary item is covered (DLX3), and option costs with the least
//! total cost (DLX5), together, which none of his programs does. [`Dlx::search_mcc`] finds every
//! solution, the least costly one, or the first costing at most a limit.
//!
//! The rules (Knuth's): a chosen set of options is a solution when every primary item `i` is
//! covered between `lo[i]` and `hi[i]` times, and every secondary item is either covered at
//! most once, or only by options that all give it the same color (an entry without a color is
//! exclusive). Each set is visited once.
//!
//! The search branches two ways. An item that needs exactly one more option and has room for
//! exactly one (every item of an exact cover) branches as DLX does: it is covered, and each of
//! its options is tried in turn. Any other item branches on its first option: the option is in
//! the solution, or it is out of the problem below (SSMCC's binary branching; Knuth's DLX3
//! instead tries each count). Each is undone from a trail, newest first, so the links dance as
//! in DLX. Colors are DLX2's purification: choosing `x:c` hides the options that give `x` any
//! other color, and an uncolored `x` covers `x`.
//!
//! The rooms: `moves` the changes and their trail, `prefix` a piece's decisions and the tree
//! walked a step at a time, `bound` the lower bound on the cost still
//! to pay (a greedy dual of the covering LP, then a Lagrangian one) and the options it rules out.

mod bound;
mod moves;
mod prefix;

pub use prefix::Branch;

use super::{Dlx, Flow, Index, Prefix, SearchStats};
use crate::deadline::Deadline;

/// What the general search reads besides the links: per node, per item and per option arrays,
/// indexed as the engine's nodes, items (1..=n) and option numbers are.
pub struct Rules<'a> {
    /// Per node: the entry's color, 0 for none.
    pub color: &'a [u32],
    /// Per node: the number of the option it belongs to.
    pub owner: &'a [u32],
    /// Per item: the least and most times a primary item is covered.
    pub lo: &'a [u32],
    pub hi: &'a [u32],
    /// Per option: its cost.
    pub cost: &'a [u32],
}

/// The general search's own memory (see [`Work::words`]).
pub struct Work<'a> {
    /// Per item: options chosen that cover it; the color in force on a secondary item.
    count: &'a mut [u32],
    in_force: &'a mut [u32],
    /// Per option: the slack of its dual constraint, and when it was last set.
    slack: &'a mut [i64],
    stamp: &'a mut [u32],
    /// The stamp of the options set last.
    now: u32,
    /// Per item: its Lagrange multiplier (in [`bound::SCALE`] units), kept from node to node;
    /// and scratch, the greedy dual's value or the multiplier's subgradient.
    mult: &'a mut [i64],
    scratch: &'a mut [i64],
    /// Whether `mult` holds multipliers yet.
    seeded: bool,
    /// The Lagrangian bound's recent record: nodes it ran at, nodes where it cut or took an
    /// option out, and nodes passed over since it last ran.
    tries: u32,
    wins: u32,
    passed: u32,
    /// Every change, to undo it: a tag and a node or item.
    trail: &'a mut [u64],
    trail_len: usize,
    /// Two words per level: the kind, node and flags, then the trail length to undo to.
    frames: &'a mut [u64],
    /// The option numbers chosen so far.
    picked: &'a mut [u32],
    picked_len: usize,
    /// Primary items still covered fewer than `lo` times.
    needy: usize,
    cost: i64,
}

/// What [`Dlx::search_mcc`] looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every solution, in the search's order.
    All,
    /// Solutions of ever lower total cost, each below the last, starting below `below`; the
    /// last one reported is the least. With `first`, only the first is reported.
    Cheaper { below: i64, first: bool },
}

/// Kinds of search level, kept in a frame's first word.
const DWAY: u64 = 0;
const INCLUDED: u64 = 1;
const EXCLUDED: u64 = 2;
/// In a binary frame: its solution was visited already at the level above (nothing was
/// chosen since), so the "out" branch must not visit it again.
const VISITED: u64 = 4;

/// The elements of each of [`Work`]'s arrays, in the order they are carved: per item the
/// count and the color in force (`u32`), per option the slack (`i64`) and stamp (`u32`), per
/// item the multiplier and scratch (`i64`), the trail and the frames (`u64`), the options
/// picked (`u32`).
const fn parts(items: usize, options: usize, nodes: usize) -> [(usize, Width); 9] {
    [
        (items, Width::Half),
        (items, Width::Half),
        (options, Width::Word),
        (options, Width::Half),
        (items, Width::Word),
        (items, Width::Word),
        (2 * options + nodes + items, Width::Word),
        (2 * (options + items + 1), Width::Word),
        (options, Width::Half),
    ]
}

/// An array's element: half a word (`u32`) or a word (`u64`, `i64`).
#[derive(Clone, Copy)]
enum Width {
    Half,
    Word,
}

impl Width {
    const fn words(self, n: usize) -> usize {
        match self {
            Width::Half => n.div_ceil(2),
            Width::Word => n,
        }
    }
}

impl<'a> Work<'a> {
    /// Words of work memory for a problem of `items` items (with the two roots), `options`
    /// options and `nodes` nodes.
    pub const fn words(items: usize, options: usize, nodes: usize) -> usize {
        let parts = parts(items, options, nodes);
        let (mut total, mut k) = (0, 0);
        while k < parts.len() {
            total += parts[k].1.words(parts[k].0);
            k += 1;
        }
        total
    }

    /// Carves work memory from `words` (at least [`words`](Self::words)).
    pub fn carve(words: &'a mut [u64], items: usize, options: usize, nodes: usize) -> Option<Self> {
        let mut parts = parts(items, options, nodes).into_iter();
        let mut rest = words;
        let mut next = || {
            let (n, width) = parts.next()?;
            if rest.len() < width.words(n) {
                return None;
            }
            let (head, tail) = core::mem::take(&mut rest).split_at_mut(width.words(n));
            rest = tail;
            Some((head, n))
        };
        fn u32s(part: Option<(&mut [u64], usize)>) -> Option<&mut [u32]> {
            let (words, n) = part?;
            // SAFETY: initialised u64 words reinterpreted as twice as many u32, within bounds.
            Some(unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u32>(), n) })
        }
        fn i64s(part: Option<(&mut [u64], usize)>) -> Option<&mut [i64]> {
            let (words, n) = part?;
            // SAFETY: u64 words as i64, same size and alignment.
            Some(unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<i64>(), n) })
        }
        let count = u32s(next())?;
        let in_force = u32s(next())?;
        let slack = i64s(next())?;
        let stamp = u32s(next())?;
        let mult = i64s(next())?;
        let scratch = i64s(next())?;
        let trail = next()?.0;
        let frames = next()?.0;
        let picked = u32s(next())?;
        Some(Work {
            count,
            in_force,
            slack,
            stamp,
            now: 0,
            mult,
            scratch,
            seeded: false,
            tries: 0,
            wins: 0,
            passed: 0,
            trail,
            trail_len: 0,
            frames,
            picked,
            picked_len: 0,
            needy: 0,
            cost: 0,
        })
    }
}

impl<I: Index> Dlx<'_, I> {
    /// Searches the matrix under `rules` and the decisions of `prefix` (nothing found when
    /// they contradict each other) for `goal`, calling `on_solution` with each solution's
    /// option numbers (the prefix's included ones first, then in the order chosen) and total
    /// cost until it says [`Flow::Stop`], the space is exhausted or `deadline` passes. The
    /// matrix is restored afterwards.
    pub fn search_mcc(
        &mut self,
        rules: &Rules<'_>,
        work: &mut Work<'_>,
        goal: Goal,
        prefix: &Prefix<'_>,
        deadline: &mut Deadline,
        mut on_solution: impl FnMut(&[u32], i64) -> Flow,
    ) -> SearchStats {
        let mut stats = SearchStats::default();
        self.start_mcc(rules, work);
        if !self.enter_mcc(rules, work, prefix) {
            self.undo_to(rules, work, 0);
            return stats;
        }
        let (mut below, first) = match goal {
            Goal::All => (i64::MAX, false),
            Goal::Cheaper { below, first } => (below, first),
        };
        let least = goal != Goal::All;
        let mut depth = 0;
        // Entering a node: `visited` says its chosen set was visited already.
        let mut entering = Some(false);
        'search: loop {
            if let Some(visited) = entering.take() {
                if deadline.tick(1) {
                    break 'search;
                }
                let mut branch_on = None;
                if work.needy == 0 {
                    if !visited && work.cost < below {
                        stats.solutions += 1;
                        if least {
                            below = work.cost;
                        }
                        let flow = on_solution(&work.picked[..work.picked_len], work.cost);
                        if flow == Flow::Stop || first {
                            break 'search;
                        }
                    }
                    // More options may still be added without breaking a bound; a cheaper
                    // set never comes of adding one.
                    if !least {
                        branch_on = self.first_addable().map(|i| (i, false));
                    }
                } else {
                    let mut open = true;
                    if least {
                        let stamp = work.next_stamp();
                        let gap = below - work.cost - self.cost_bound(rules, work, stamp, below - work.cost);
                        open = gap > 0;
                        if open && below != i64::MAX {
                            self.fix_by_cost(rules, work, stamp, gap);
                            open = !self.lagrange(rules, work, below - work.cost);
                        }
                    }
                    if open {
                        branch_on = self.choose_mcc(rules, work);
                    }
                }
                match branch_on {
                    Some((item, true)) => {
                        self.cover::<true, false>(item);
                        work.push(moves::COVER, item);
                        let x = self.nodes[item].down.to_usize();
                        work.set_frame(depth, DWAY, x, item);
                        depth += 1;
                        if x != item {
                            stats.nodes += 1;
                            self.try_dway(rules, work, x, item);
                            entering = Some(false);
                            continue;
                        }
                    }
                    Some((item, _)) => {
                        // The least-cost search tries the option that pays best first: a good
                        // cover found early cuts the most.
                        let x = if least { self.best_option(rules, work, item) } else { self.nodes[item].down.to_usize() };
                        let flag = if work.needy == 0 { VISITED } else { 0 };
                        work.set_frame(depth, INCLUDED | flag, x, 0);
                        depth += 1;
                        stats.nodes += 1;
                        self.include(rules, work, x);
                        entering = Some(false);
                        continue;
                    }
                    None => {}
                }
            }
            // Backtrack: the next branch of the deepest level with one left.
            if depth == 0 {
                break;
            }
            let (kind, x, mark) = work.frame(depth - 1);
            match kind & 3 {
                DWAY => {
                    let item = mark >> 32;
                    let mark = (mark & 0xffff_ffff) as usize;
                    self.undo_to(rules, work, mark);
                    let next = if x == item as usize { x } else { self.nodes[x].down.to_usize() };
                    if next == item as usize {
                        self.undo_to(rules, work, mark - 1);
                        depth -= 1;
                    } else {
                        work.set_frame(depth - 1, DWAY, next, item as usize);
                        stats.nodes += 1;
                        self.try_dway(rules, work, next, item as usize);
                        entering = Some(false);
                    }
                }
                INCLUDED => {
                    let mark = mark as usize;
                    self.undo_to(rules, work, mark);
                    work.set_frame_kind(depth - 1, EXCLUDED | (kind & VISITED));
                    self.exclude(work, x);
                    entering = Some(kind & VISITED != 0);
                }
                _ => {
                    self.undo_to(rules, work, mark as usize);
                    depth -= 1;
                }
            }
        }
        self.undo_to(rules, work, 0);
        stats
    }
}
