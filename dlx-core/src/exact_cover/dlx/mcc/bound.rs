//! A lower bound on the cost still to pay at a node of the least-cost search: a feasible
//! solution of the dual of the covering LP, found greedily, and the options it proves useless.
//!
//! The LP relaxation of what is left (each needy item `i` covered at least `need_i` more
//! times, options at nonnegative cost `c_o`, colors and upper bounds dropped) has the dual
//! "maximize the sum of `need_i * y_i` with `y >= 0` and, for every option, the `y` of its
//! items summing to at most its cost". Raising each needy item's `y` in turn as far as its
//! options' slack allows gives a dual solution; by weak duality its value bounds every
//! solution's cost. With integer costs every `y` is an integer. With unit costs it is the
//! judges' template `h()` (count an item, strike every item its options share), with costs and
//! multiplicities its weighted form. Items with fewer options go first: each strikes fewer
//! options, so more items count.
//!
//! Any solution's cost is at least the bound plus the slack of each option it holds (write
//! each cost as its slack plus its items' `y`), so an option whose slack alone closes the gap
//! to the best cost found can be taken out below the node: reduced-cost fixing.

use super::{Rules, Work};
use crate::exact_cover::dlx::{Dlx, Index};

impl<I: Index> Dlx<'_, I> {
    /// The bound, or any value of at least `cap` once it reaches `cap` (the search cuts then).
    /// `stamp` marks the options whose slack this call has set; it differs from every earlier
    /// call's.
    pub(super) fn cost_bound(&self, rules: &Rules<'_>, work: &mut Work<'_>, stamp: u32, cap: i64) -> i64 {
        let mut bound = 0;
        // Passes over the needy items by their number of options: up to 1, 2, 4, ...
        let (mut done, mut upto, mut longest) = (0, 1, usize::MAX);
        while done < longest {
            let mut seen = 0;
            let mut i = self.rlink[0].to_usize();
            while i != 0 {
                let (count, lo) = (work.count[i], rules.lo[i]);
                let len = self.nodes[i].top.to_usize();
                if count < lo {
                    seen = seen.max(len);
                    if len > done && len <= upto || len == 0 && done == 0 {
                        let y = self.least_slack(rules, work, stamp, i);
                        if y == i64::MAX {
                            return cap;
                        }
                        if y > 0 {
                            self.lower_slack(rules, work, stamp, i, y);
                            bound += i64::from(lo - count) * y;
                            if bound >= cap {
                                return bound;
                            }
                        }
                    }
                }
                i = self.rlink[i].to_usize();
            }
            longest = seen;
            done = upto;
            upto *= 2;
        }
        bound
    }

    /// The slack of option `o` in the dual solution being built.
    #[inline(always)]
    fn slack(rules: &Rules<'_>, work: &Work<'_>, stamp: u32, o: usize) -> i64 {
        if work.stamp[o] == stamp { work.slack[o] } else { i64::from(rules.cost[o]) }
    }

    /// The least slack among item `i`'s options; `i64::MAX` when it has none.
    fn least_slack(&self, rules: &Rules<'_>, work: &Work<'_>, stamp: u32, i: usize) -> i64 {
        let mut y = i64::MAX;
        let mut p = self.nodes[i].down.to_usize();
        while p != i {
            y = y.min(Self::slack(rules, work, stamp, rules.owner[p] as usize));
            p = self.nodes[p].down.to_usize();
        }
        y
    }

    fn lower_slack(&self, rules: &Rules<'_>, work: &mut Work<'_>, stamp: u32, i: usize, y: i64) {
        let mut p = self.nodes[i].down.to_usize();
        while p != i {
            let o = rules.owner[p] as usize;
            work.slack[o] = Self::slack(rules, work, stamp, o) - y;
            work.stamp[o] = stamp;
            p = self.nodes[p].down.to_usize();
        }
    }

    /// Takes out, below this node, every option of a needy item whose slack in the dual
    /// solution [`cost_bound`](Self::cost_bound) just built (under `stamp`) is at least `gap`:
    /// the best cost found, less the cost paid and the bound.
    pub(super) fn fix_by_cost(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, stamp: u32, gap: i64) {
        let mut i = self.rlink[0].to_usize();
        while i != 0 {
            if work.count[i] < rules.lo[i] {
                let mut p = self.nodes[i].down.to_usize();
                while p != i {
                    // A hidden node keeps its links, so the walk goes on from it.
                    let next = self.nodes[p].down.to_usize();
                    if Self::slack(rules, work, stamp, rules.owner[p] as usize) >= gap {
                        self.exclude(work, p);
                    }
                    p = next;
                }
            }
            i = self.rlink[i].to_usize();
        }
    }
}
