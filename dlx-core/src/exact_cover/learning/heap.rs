//! Decisions: VSIDS, the options most involved in recent conflicts first, kept in a binary
//! max-heap by activity with each option's place in it, and seeded in the DLX's MRV order so
//! that the first decisions are the ones Dancing Links would make.

use super::lit::Value;
use super::{Learner, MAX_SLOTS, Matrix, NIL};

/// VSIDS: each conflict's bump grows by 1/0.95, so older activity fades.
const DECAY: f32 = 0.95;
/// Activities are scaled down by [`RESCALE`] once the bump passes this, far below `f32`'s
/// limit of 3.4e38 so that no activity overflows.
const RESCALE_AT: f32 = 1e20;
const RESCALE: f32 = 1e-20;
/// The seed activity of one step of MRV priority: a thousandth of the first bump, so that it
/// orders the options no conflict has bumped and never outweighs one that has.
const SEED_STEP: f32 = 1e-3;

impl<M: Matrix, const ITEMS: usize, const OPTIONS: usize, const STORE: usize> Learner<M, ITEMS, OPTIONS, STORE> {
    /// Seeds the decision order as the DLX's MRV would choose: the options in the items with the
    /// fewest open options first, with activities of a thousandth per step of that priority,
    /// so that it still breaks ties among the options conflicts have not bumped (VSIDS takes
    /// over as they do; an order without those activities was worse). Measured: hard-40 1,356
    /// -> 1,131 conflicts, 200 isomorphs of it 1,478 -> 1,193 (worst 250 -> 175 ms),
    /// tarek-tough 119 -> 73 (0.95 -> 0.63 ms); it costs the easy puzzles 15 us of set-up. The
    /// heap holds just the open options, sorted by priority (a sorted array is a heap), so the
    /// set-up is one counting sort.
    pub(super) fn order_decisions(&mut self) {
        let options = self.matrix.options();
        let mut open_count = [0u8; ITEMS];
        for (count, open) in open_count.iter_mut().zip(&self.open) {
            *count = open.count_ones() as u8;
        }
        // Priorities 1..=MAX_SLOTS, one bucket each (0 unused).
        let mut bucket_len = [0u16; MAX_SLOTS + 1];
        for o in 0..options {
            self.heap_pos[o] = NIL;
            if self.val[o] == Value::Open {
                let [a, b, c, d] = self.matrix.items_of(o).map(|(item, _)| open_count[item]);
                // 1..=16 options: priority 16..=1, kept in `heap_pos` until the sort.
                let priority = (MAX_SLOTS + 1) as u16 - u16::from(a.min(b).min(c).min(d).clamp(1, MAX_SLOTS as u8));
                self.activity[o] = f32::from(priority) * SEED_STEP;
                self.heap_pos[o] = priority;
                bucket_len[usize::from(priority)] += 1;
            }
        }
        let mut bucket_start = [0u16; MAX_SLOTS + 1];
        let mut at = 0;
        for priority in (1..=MAX_SLOTS).rev() {
            bucket_start[priority] = at;
            at += bucket_len[priority];
        }
        self.heap_len = usize::from(at);
        for o in 0..options {
            if self.heap_pos[o] != NIL {
                let priority = usize::from(self.heap_pos[o]);
                let k = bucket_start[priority];
                bucket_start[priority] += 1;
                self.heap[usize::from(k)] = o as u16;
                self.heap_pos[o] = k;
            }
        }
    }

    /// Raises option `o`'s activity by the current bump.
    pub(super) fn bump(&mut self, o: usize) {
        self.activity[o] += self.bump_by;
        if self.heap_pos[o] != NIL {
            self.heap_up(usize::from(self.heap_pos[o]));
        }
    }

    /// Makes later bumps weigh more, which fades the earlier ones (after each conflict).
    pub(super) fn decay(&mut self) {
        self.bump_by /= DECAY;
        if self.bump_by > RESCALE_AT {
            self.activity.iter_mut().for_each(|a| *a *= RESCALE);
            self.bump_by *= RESCALE;
        }
    }

    /// The most active open option, taken out of the heap with the valued ones above it.
    pub(super) fn next_decision(&mut self) -> Option<usize> {
        while self.heap_len > 0 {
            let top = usize::from(self.heap[0]);
            self.heap_len -= 1;
            self.heap_pos[top] = NIL;
            if self.heap_len > 0 {
                let last = self.heap[self.heap_len];
                self.heap[0] = last;
                self.heap_pos[usize::from(last)] = 0;
                self.heap_down(0);
            }
            if self.val[top] == Value::Open {
                return Some(top);
            }
        }
        None
    }

    /// Puts option `o` back in the heap, if it is out.
    pub(super) fn heap_insert(&mut self, o: usize) {
        if self.heap_pos[o] == NIL {
            self.heap[self.heap_len] = o as u16;
            self.heap_pos[o] = self.heap_len as u16;
            self.heap_len += 1;
            self.heap_up(self.heap_len - 1);
        }
    }

    fn heap_up(&mut self, mut k: usize) {
        let v = self.heap[k];
        let a = self.activity[usize::from(v)];
        while k > 0 {
            let parent = (k - 1) / 2;
            let pv = self.heap[parent];
            if self.activity[usize::from(pv)] >= a {
                break;
            }
            self.heap[k] = pv;
            self.heap_pos[usize::from(pv)] = k as u16;
            k = parent;
        }
        self.heap[k] = v;
        self.heap_pos[usize::from(v)] = k as u16;
    }

    fn heap_down(&mut self, mut k: usize) {
        let v = self.heap[k];
        let a = self.activity[usize::from(v)];
        loop {
            let left = 2 * k + 1;
            if left >= self.heap_len {
                break;
            }
            let right = left + 1;
            let activity = |i: usize| self.activity[usize::from(self.heap[i])];
            let child = if right < self.heap_len && activity(right) > activity(left) { right } else { left };
            if activity(child) <= a {
                break;
            }
            self.heap[k] = self.heap[child];
            self.heap_pos[usize::from(self.heap[k])] = k as u16;
            k = child;
        }
        self.heap[k] = v;
        self.heap_pos[usize::from(v)] = k as u16;
    }
}
