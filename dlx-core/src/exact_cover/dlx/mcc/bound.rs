//! A lower bound on the cost still to pay at a node of the least-cost search: a feasible
//! solution of the dual of the covering LP, found greedily.
//!
//! The LP relaxation of what is left (each needy item `i` covered at least `need_i` more
//! times, options at nonnegative cost `c_o`, colors and upper bounds dropped) has the dual
//! "maximize the sum of `need_i * y_i` with `y >= 0` and, for every option, the `y` of its
//! items summing to at most its cost". Raising each needy item's `y` in turn as far as its
//! options' slack allows gives a dual solution; by weak duality its value bounds every
//! solution's cost. With integer costs every `y` is an integer. With unit costs it is the
//! judges' template `h()` (count an item, strike every item its options share), with costs and
//! multiplicities its weighted form.

use super::{Rules, Work};
use crate::exact_cover::dlx::{Dlx, Index};

impl<I: Index> Dlx<'_, I> {
    /// The bound, or any value of at least `cap` once it reaches `cap` (the search cuts then).
    /// `stamp` marks the options whose slack this call has set; it differs from every earlier
    /// call's.
    pub(super) fn cost_bound(&self, rules: &Rules<'_>, work: &mut Work<'_>, stamp: u32, cap: i64) -> i64 {
        let mut bound = 0;
        let mut i = self.rlink[0].to_usize();
        while i != 0 {
            let (count, lo) = (work.count[i], rules.lo[i]);
            if count < lo {
                let mut y = i64::MAX;
                let mut p = self.nodes[i].down.to_usize();
                while p != i {
                    let o = rules.owner[p] as usize;
                    let slack = if work.stamp[o] == stamp { work.slack[o] } else { i64::from(rules.cost[o]) };
                    y = y.min(slack);
                    p = self.nodes[p].down.to_usize();
                }
                if y == i64::MAX {
                    return cap;
                }
                if y > 0 {
                    let mut p = self.nodes[i].down.to_usize();
                    while p != i {
                        let o = rules.owner[p] as usize;
                        let slack = if work.stamp[o] == stamp { work.slack[o] } else { i64::from(rules.cost[o]) };
                        work.slack[o] = slack - y;
                        work.stamp[o] = stamp;
                        p = self.nodes[p].down.to_usize();
                    }
                    bound += i64::from(lo - count) * y;
                    if bound >= cap {
                        return bound;
                    }
                }
            }
            i = self.rlink[i].to_usize();
        }
        bound
    }
}
