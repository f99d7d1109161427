//! The general search's changes to the matrix, each pushed on the trail so that
//! [`Dlx::undo_to`] can take it back, newest first; the choice of the item to branch on.

use super::{Rules, Work};
use crate::exact_cover::dlx::{Dlx, Index};

/// Trail tags: an option taken out of every list (its first node), an item covered as DLX
/// covers, a primary item's count raised, a secondary item's color set (purification), an
/// option put in the solution.
pub(super) const HIDE: u64 = 0;
pub(super) const COVER: u64 = 1;
const BUMP: u64 = 2;
const PURIFY: u64 = 3;
const PICK: u64 = 4;

impl Work<'_> {
    #[inline(always)]
    pub(super) fn push(&mut self, tag: u64, x: usize) {
        self.trail[self.trail_len] = tag << 32 | x as u64;
        self.trail_len += 1;
    }

    /// Level `depth`: its kind, its node, and the trail length to undo to (for a DLX level,
    /// with the covered item in the upper half).
    pub(super) fn set_frame(&mut self, depth: usize, kind: u64, x: usize, item: usize) {
        self.frames[2 * depth] = kind | (x as u64) << 8;
        self.frames[2 * depth + 1] = self.trail_len as u64 | (item as u64) << 32;
    }

    pub(super) fn set_frame_kind(&mut self, depth: usize, kind: u64) {
        self.frames[2 * depth] = kind | (self.frames[2 * depth] >> 8) << 8;
    }

    pub(super) fn frame(&self, depth: usize) -> (u64, usize, u64) {
        let w = self.frames[2 * depth];
        (w & 0xff, (w >> 8) as usize, self.frames[2 * depth + 1])
    }
}

impl<I: Index> Dlx<'_, I> {
    /// The first node of the option of node `p`.
    fn first_of(&self, p: usize) -> usize {
        let mut q = p;
        while self.nodes[q - 1].top < I::SPACER {
            q -= 1;
        }
        q
    }

    /// Takes the option starting at `first` out of every item's list.
    fn hide_option(&mut self, first: usize) {
        let mut q = first;
        while self.nodes[q].top < I::SPACER {
            let (u, d) = (self.nodes[q].up, self.nodes[q].down);
            self.nodes[u.to_usize()].down = d;
            self.nodes[d.to_usize()].up = u;
            let i = self.nodes[q].top.to_usize();
            self.nodes[i].top = I::from_usize(self.nodes[i].top.to_usize() - 1);
            q += 1;
        }
    }

    /// Undoes [`hide_option`](Self::hide_option), last node first.
    fn unhide_option(&mut self, first: usize) {
        // The spacer before an option links down to the option's last node.
        let mut q = self.nodes[first - 1].down.to_usize();
        while q >= first {
            let (u, d) = (self.nodes[q].up, self.nodes[q].down);
            self.nodes[u.to_usize()].down = I::from_usize(q);
            self.nodes[d.to_usize()].up = I::from_usize(q);
            let i = self.nodes[q].top.to_usize();
            self.nodes[i].top = I::from_usize(self.nodes[i].top.to_usize() + 1);
            q -= 1;
        }
    }

    /// Puts the option of node `p` into the solution: out of every list, then each of its
    /// items counted or committed.
    pub(super) fn include(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, p: usize) {
        let first = self.first_of(p);
        self.hide_option(first);
        work.push(HIDE, first);
        self.pick(rules, work, first);
        let mut q = first;
        while self.nodes[q].top < I::SPACER {
            self.commit(rules, work, q);
            q += 1;
        }
    }

    /// Takes the option of node `p` out of the problem below this level.
    pub(super) fn exclude(&mut self, work: &mut Work<'_>, p: usize) {
        let first = self.first_of(p);
        self.hide_option(first);
        work.push(HIDE, first);
    }

    /// Tries option node `x` of `item`, which is covered as DLX covers: its other items are
    /// committed, and `item` counted.
    pub(super) fn try_dway(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, x: usize, item: usize) {
        self.bump(rules, work, item);
        let first = self.first_of(x);
        self.pick(rules, work, first);
        let mut q = first;
        while self.nodes[q].top < I::SPACER {
            if q != x {
                self.commit(rules, work, q);
            }
            q += 1;
        }
    }

    fn pick(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, first: usize) {
        let option = rules.owner[first];
        work.picked[work.picked_len] = option;
        work.picked_len += 1;
        work.cost += i64::from(rules.cost[option as usize]);
        work.push(PICK, first);
    }

    /// The entry at node `q` of a chosen option: a primary item counted, and covered once
    /// full; a secondary item covered (no color) or purified (a color not yet in force).
    fn commit(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, q: usize) {
        let x = self.nodes[q].top.to_usize();
        if self.is_primary(x) {
            self.bump(rules, work, x);
            if work.count[x] == rules.hi[x] {
                self.cover::<true, false>(x);
                work.push(COVER, x);
            }
            return;
        }
        let color = rules.color[q];
        if color == 0 {
            self.cover::<true, false>(x);
            work.push(COVER, x);
        } else if work.in_force[x] == 0 {
            work.in_force[x] = color;
            let mut p = self.nodes[x].down.to_usize();
            while p != x {
                if rules.color[p] != color {
                    self.hide::<true, false>(p);
                }
                p = self.nodes[p].down.to_usize();
            }
            work.push(PURIFY, x);
        }
    }

    fn bump(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, x: usize) {
        work.count[x] += 1;
        if work.count[x] == rules.lo[x] {
            work.needy -= 1;
        }
        work.push(BUMP, x);
    }

    /// Takes back every change after the first `mark` on the trail.
    pub(super) fn undo_to(&mut self, rules: &Rules<'_>, work: &mut Work<'_>, mark: usize) {
        while work.trail_len > mark {
            work.trail_len -= 1;
            let entry = work.trail[work.trail_len];
            let x = (entry & 0xffff_ffff) as usize;
            match entry >> 32 {
                HIDE => self.unhide_option(x),
                PICK => {
                    work.picked_len -= 1;
                    work.cost -= i64::from(rules.cost[rules.owner[x] as usize]);
                }
                COVER => self.uncover::<true, false>(x),
                BUMP => {
                    if work.count[x] == rules.lo[x] {
                        work.needy += 1;
                    }
                    work.count[x] -= 1;
                }
                _ => {
                    debug_assert_eq!(entry >> 32, PURIFY);
                    let color = work.in_force[x];
                    let mut p = self.nodes[x].up.to_usize();
                    while p != x {
                        if rules.color[p] != color {
                            self.unhide::<true, false>(p);
                        }
                        p = self.nodes[p].up.to_usize();
                    }
                    work.in_force[x] = 0;
                }
            }
        }
    }

    /// The primary item to branch on, and whether it branches as DLX does: the one with the
    /// fewest branches (Knuth's `len + 1 - need`), the first such. `None` at a dead end: an
    /// item that cannot get the options it needs.
    pub(super) fn choose_mcc(&self, rules: &Rules<'_>, work: &Work<'_>) -> Option<(usize, bool)> {
        let mut best = (usize::MAX, 0);
        let mut i = self.rlink[0].to_usize();
        while i != 0 {
            let (count, lo) = (work.count[i] as usize, rules.lo[i] as usize);
            if count < lo {
                let (len, need) = (self.nodes[i].top.to_usize(), lo - count);
                if len < need {
                    return None;
                }
                let branches = len + 1 - need;
                if branches < best.0 {
                    best = (branches, i);
                }
            }
            i = self.rlink[i].to_usize();
        }
        let item = best.1;
        (item != 0).then(|| {
            let (count, lo, hi) = (work.count[item], rules.lo[item], rules.hi[item]);
            (item, lo - count == 1 && hi - count == 1)
        })
    }

    /// The node in `item`'s list of the option covering the most needy items per unit of cost,
    /// the first such.
    pub(super) fn best_option(&self, rules: &Rules<'_>, work: &Work<'_>, item: usize) -> usize {
        let (mut best, mut best_gain, mut best_cost) = (self.nodes[item].down.to_usize(), 0u64, 1u64);
        let mut p = best;
        while p != item {
            let first = self.first_of(p);
            let mut gain = 0u64;
            let mut q = first;
            while self.nodes[q].top < I::SPACER {
                let x = self.nodes[q].top.to_usize();
                gain += u64::from(self.is_primary(x) && work.count[x] < rules.lo[x]);
                q += 1;
            }
            let cost = u64::from(rules.cost[rules.owner[p] as usize]);
            if gain * best_cost > best_gain * cost {
                (best, best_gain, best_cost) = (p, gain, cost);
            }
            p = self.nodes[p].down.to_usize();
        }
        best
    }

    /// The first active primary item with an option left, for adding options to a solution.
    pub(super) fn first_addable(&self) -> Option<usize> {
        let mut i = self.rlink[0].to_usize();
        while i != 0 {
            if self.nodes[i].top.to_usize() > 0 {
                return Some(i);
            }
            i = self.rlink[i].to_usize();
        }
        None
    }
}
