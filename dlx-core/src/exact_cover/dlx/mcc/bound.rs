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

/// Multipliers are kept in units of 1/SCALE, so that all the arithmetic is exact.
pub(super) const SCALE: i64 = 1 << 10;
/// Subgradient steps at a node, and at the first node that has a cost to beat.
const ROUNDS: usize = 8;
const FIRST_ROUNDS: usize = 64;
/// Where the Lagrangian bound seldom pays, it runs at one node in this many.
const PASS: u32 = 16;
/// The largest multiplier: beyond the dearest option's cost a multiplier only lowers the bound.
const MOST: i64 = u32::MAX as i64 * SCALE;

impl Work<'_> {
    /// A stamp no option holds.
    pub(super) fn next_stamp(&mut self) -> u32 {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.fill(0);
            self.now = 1;
        }
        self.now
    }
}

impl<I: Index> Dlx<'_, I> {
    /// The bound, or any value of at least `cap` once it reaches `cap` (the search cuts then).
    /// `stamp` marks the options whose slack this call has set; it differs from every earlier
    /// call's.
    pub(super) fn cost_bound(&self, rules: &Rules<'_>, work: &mut Work<'_>, stamp: u32, cap: i64) -> i64 {
        let mut bound = 0i64;
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
                        work.scratch[i] = y;
                        if y > 0 {
                            self.lower_slack(rules, work, stamp, i, y);
                            bound = bound.saturating_add(i64::from(lo - count) * y);
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
        self.exclude_where(rules, work, |work, o| Self::slack(rules, work, stamp, o) >= gap);
    }

    /// Takes out, below this node, every option of a needy item for which `out` says so;
    /// whether there was one.
    fn exclude_where(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, out: impl Fn(&Work<'_>, usize) -> bool) -> bool {
        let mut any = false;
        let mut i = self.rlink[0].to_usize();
        while i != 0 {
            if work.count[i] < rules.lo[i] {
                let mut p = self.nodes[i].down.to_usize();
                while p != i {
                    // A hidden node keeps its links, so the walk goes on from it.
                    let next = self.nodes[p].down.to_usize();
                    if out(work, rules.owner[p] as usize) {
                        self.exclude(work, p);
                        any = true;
                    }
                    p = next;
                }
            }
            i = self.rlink[i].to_usize();
        }
        any
    }
}

impl<I: Index> Dlx<'_, I> {
    /// Whether the Lagrangian bound proves that what is left costs at least `gap`; when it
    /// does not, takes out the options it proves too costly, as
    /// [`fix_by_cost`](Self::fix_by_cost) does.
    ///
    /// Relaxing "item `i` covered `need_i` more times" with a multiplier `u_i >= 0` leaves
    /// `sum need_i u_i + sum over options of min(0, c_o - sum of its items' u)`, a lower bound
    /// for every `u`; a solution holding an option of reduced cost `r_o >= 0` costs at least
    /// that plus `r_o`. A few subgradient steps (Polyak's, aimed at `gap`) raise it at each
    /// node, starting from the multipliers the last node ended with (at first, the greedy
    /// dual's).
    pub(super) fn lagrange(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, gap: i64) -> bool {
        // Where it seldom cuts or fixes (exact covers with costs, mostly), it runs at one node
        // in PASS only: it costs more there than it saves.
        if work.tries >= 32 && work.wins * 8 < work.tries {
            work.passed += 1;
            if work.passed < PASS {
                return false;
            }
        }
        work.passed = 0;
        if work.tries == 256 {
            work.tries /= 2;
            work.wins /= 2;
        }
        work.tries += 1;
        let rounds = if work.seeded { ROUNDS } else { FIRST_ROUNDS };
        if !work.seeded {
            work.seeded = true;
            self.each_needy(rules, work, |work, i, _| work.mult[i] = work.scratch[i] * SCALE);
        }
        let target = i128::from(gap) * i128::from(SCALE);
        let mut fix = None;
        for _ in 0..rounds {
            // Reduced costs, under `set`; then each option counted once, under `counted`.
            let set = work.next_stamp();
            let mut value = 0;
            self.each_needy(rules, work, |work, i, need| value += i128::from(need) * i128::from(work.mult[i]));
            let mut i = self.rlink[0].to_usize();
            while i != 0 {
                if work.count[i] < rules.lo[i] {
                    let mut p = self.nodes[i].down.to_usize();
                    while p != i {
                        let o = rules.owner[p] as usize;
                        if work.stamp[o] != set {
                            work.stamp[o] = set;
                            work.slack[o] = i64::from(rules.cost[o]) * SCALE;
                        }
                        work.slack[o] = work.slack[o].saturating_sub(work.mult[i]);
                        p = self.nodes[p].down.to_usize();
                    }
                }
                i = self.rlink[i].to_usize();
            }
            let counted = work.next_stamp();
            let mut norm = 0.0;
            let mut i = self.rlink[0].to_usize();
            while i != 0 {
                if work.count[i] < rules.lo[i] {
                    let mut g = i64::from(rules.lo[i] - work.count[i]);
                    let mut p = self.nodes[i].down.to_usize();
                    while p != i {
                        let o = rules.owner[p] as usize;
                        let r = work.slack[o];
                        g -= i64::from(r < 0);
                        if work.stamp[o] != counted {
                            work.stamp[o] = counted;
                            value += i128::from(r.min(0));
                        }
                        p = self.nodes[p].down.to_usize();
                    }
                    work.scratch[i] = g;
                    norm += (g as f64) * (g as f64);
                }
                i = self.rlink[i].to_usize();
            }
            // The bound is value / SCALE rounded up: at least gap when value > (gap - 1) SCALE.
            if value > target - i128::from(SCALE) {
                work.wins += 1;
                return true;
            }
            fix = Some(value);
            if norm == 0.0 {
                break;
            }
            // Only the multipliers come of floating point; the bound is exact.
            let step = (target - value) as f64 / norm;
            self.each_needy(rules, work, |work, i, _| {
                let moved = work.mult[i].saturating_add((step * work.scratch[i] as f64) as i64);
                work.mult[i] = moved.clamp(0, MOST);
            });
        }
        // The last round's reduced costs are still in `slack`.
        if let Some(value) = fix {
            let enough = target - i128::from(SCALE);
            self.exclude_where(rules, work, |work, o| work.slack[o] >= 0 && value + i128::from(work.slack[o]) > enough);
        }
        false
    }

    /// Calls `f` with each needy item and its need.
    fn each_needy(&self, rules: &Rules<'_>, work: &mut Work<'_>, mut f: impl FnMut(&mut Work<'_>, usize, i64)) {
        let mut i = self.rlink[0].to_usize();
        while i != 0 {
            if work.count[i] < rules.lo[i] {
                f(work, i, i64::from(rules.lo[i] - work.count[i]));
            }
            i = self.rlink[i].to_usize();
        }
    }
}
