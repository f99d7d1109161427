//! Would clause learning reach issue 4's targets? A measuring prototype, run on demand (`make
//! bench-learning`), not part of the library: it allocates, and it knows 16x16 Sudoku.
//!
//! It is CDCL over the exact-cover model the library searches: one variable per option (cell,
//! digit), true when the option is chosen. Each item (cell, row-digit, column-digit, box-digit)
//! is an "exactly one" constraint, propagated natively with a count of the options not yet
//! excluded per item: a chosen option excludes the others of its items, and an item down to one
//! option forces it. On top of that come learnt clauses (1-UIP, two watched literals with
//! blockers), backjumping and, optionally, Luby restarts. Decisions are either VSIDS over the
//! options, or the library's rule: the open item with the fewest options per unit of weight,
//! with weights bumped by conflict analysis. With probing, each option of that item is first
//! tried with propagation, and a failed trial is analysed like any conflict, so it teaches a
//! clause instead of only removing the option.
//!
//! In the same run it times the library's default configuration on the same puzzles, so the
//! table compares like with like. Every answer is checked against the data's solution.
//!
//! Ties (the first item, option and second watch among equals) are broken as written: breaking
//! them the other way moved the hard-40 list from 919 to 1,243 conflicts with probing (36.6 to
//! 62 ms), as the DLX's node counts move under small changes. Read a difference below 30-40%
//! as noise. The items' options live in sparse sets (Knuth's dancing cells), which took the
//! VSIDS configuration's hard-40 mean from 45 to 26-31 ms: scanning all sixteen options of an
//! item at every choice was most of the propagation.
//! Environment: DLX_BENCH_SETS as for the other benchmarks (default: tarek-tough,
//! blue-ultimate, hard-40); DLX_LEARNING_STORE, the most literals the learnt clauses may hold
//! (default unbounded), for what a heap-free store of fixed size would give: past it, clauses
//! are deleted by Glucose's rule (highest literal block distance first) down to half.

use std::time::Instant;

use dlx::engine::{Choice, REDUCE_AFTER};

#[path = "../tests/common/mod.rs"]
mod common;
#[allow(dead_code)]
mod puzzles;

/// A literal: option `o` chosen is `2o + 1`, option `o` excluded is `2o`.
fn lit(o: usize, chosen: bool) -> u32 {
    (2 * o + chosen as usize) as u32
}
fn var(l: u32) -> usize {
    (l >> 1) as usize
}
fn neg(l: u32) -> u32 {
    l ^ 1
}

/// Why an option has its value.
#[derive(Clone, Copy)]
enum Reason {
    /// A decision, a given, or a unit learnt clause.
    None,
    /// Excluded because this option, sharing an item, was chosen.
    Excluded(u32),
    /// Chosen because every other option of this item was excluded.
    Forced(u32),
    /// Implied by this learnt clause.
    Clause(u32),
}

/// A set of literals that are all false.
#[derive(Clone, Copy)]
enum Conflict {
    /// Two chosen options sharing an item.
    Pair(u32, u32),
    /// An item whose every option is excluded.
    Item(u32),
    Clause(u32),
}

/// The 16x16 matrix: 4096 options of four items, 1024 items of sixteen options.
struct Model {
    option_items: Vec<[u32; 4]>,
    item_options: Vec<Vec<u32>>,
    /// The starting layout of the solver's sparse sets: every item's options in one array,
    /// where each item's run starts, and each option's slot in its four items' runs.
    slots: Vec<u32>,
    start: Vec<usize>,
    slot_of: Vec<[u32; 4]>,
}

impl Model {
    fn sudoku16() -> Model {
        let mut option_items = vec![[0u32; 4]; 4096];
        let mut item_options = vec![Vec::new(); 1024];
        for cell in 0..256 {
            let (r, c) = (cell / 16, cell % 16);
            let b = r / 4 * 4 + c / 4;
            for d in 0..16 {
                let o = cell * 16 + d;
                let items = [cell, 256 + r * 16 + d, 512 + c * 16 + d, 768 + b * 16 + d];
                for &i in &items {
                    item_options[i].push(o as u32);
                }
                option_items[o] = items.map(|i| i as u32);
            }
        }
        let slots = item_options.concat();
        let start = item_options.iter().scan(0, |at, v| Some(std::mem::replace(at, *at + v.len()))).collect();
        let mut slot_of = vec![[0u32; 4]; option_items.len()];
        let mut at = 0;
        for (i, v) in item_options.iter().enumerate() {
            for &o in v {
                let k = option_items[o as usize].iter().position(|&j| j as usize == i).unwrap();
                slot_of[o as usize][k] = at;
                at += 1;
            }
        }
        Model { option_items, item_options, slots, start, slot_of }
    }
}

#[derive(Clone, Copy)]
struct Config {
    label: &'static str,
    item_choice: bool,
    probing: bool,
    luby_unit: u64,
}

struct Solver<'m> {
    m: &'m Model,
    config: Config,
    /// Per option: 0 open, 1 chosen, -1 excluded; the decision level and the reason.
    val: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<u32>,
    trail_lim: Vec<usize>,
    qhead: usize,
    /// Per item: options not excluded, then the excluded ones, in `slots[start[i]..]` (Knuth's
    /// dancing cells: an exclusion swaps the option to the end of the open run and shortens
    /// it; undoing, in reverse order, only lengthens it again); its length; and per option its
    /// slot in each of its items. Propagation then reads only open options.
    slots: Vec<u32>,
    start: Vec<usize>,
    slot_of: Vec<[u32; 4]>,
    open: Vec<u32>,
    /// Per item: options chosen.
    chosen: Vec<u32>,
    satisfied: usize,
    /// Learnt clauses; a deleted one is left empty (its watchers are dropped when next seen).
    clauses: Vec<Vec<u32>>,
    /// Per clause: its literal block distance (distinct decision levels when learnt).
    lbd: Vec<u32>,
    /// Literals in live clauses, and the most the store may hold (DLX_LEARNING_STORE).
    live: usize,
    store: usize,
    level_stamp: Vec<u64>,
    /// Per literal: (clause, blocker) for the clauses watching it.
    watches: Vec<Vec<(u32, u32)>>,
    seen: Vec<bool>,
    activity: Vec<f64>,
    bump_by: f64,
    /// VSIDS order: a binary max-heap of options by activity, with positions.
    heap: Vec<u32>,
    heap_pos: Vec<i32>,
    item_weight: Vec<f64>,
    conflicts: u64,
}

impl<'m> Solver<'m> {
    fn new(m: &'m Model, config: Config) -> Self {
        let options = m.option_items.len();
        Solver {
            m,
            config,
            val: vec![0; options],
            level: vec![0; options],
            reason: vec![Reason::None; options],
            trail: Vec::new(),
            trail_lim: Vec::new(),
            qhead: 0,
            slots: m.slots.clone(),
            start: m.start.clone(),
            slot_of: m.slot_of.clone(),
            open: m.item_options.iter().map(|v| v.len() as u32).collect(),
            chosen: vec![0; m.item_options.len()],
            satisfied: 0,
            clauses: Vec::new(),
            lbd: Vec::new(),
            live: 0,
            store: std::env::var("DLX_LEARNING_STORE")
                .map(|v| v.parse().expect("a literal count"))
                .unwrap_or(usize::MAX),
            level_stamp: vec![0; m.item_options.len() + 1],
            watches: vec![Vec::new(); 2 * options],
            seen: vec![false; options],
            activity: vec![0.0; options],
            bump_by: 1.0,
            heap: (0..options as u32).collect(),
            heap_pos: (0..options as i32).collect(),
            item_weight: vec![1.0; m.item_options.len()],
            conflicts: 0,
        }
    }

    fn level_now(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    fn is_false(&self, l: u32) -> bool {
        let v = self.val[var(l)];
        v != 0 && (l & 1 == 1) != (v == 1)
    }

    fn is_true(&self, l: u32) -> bool {
        let v = self.val[var(l)];
        v != 0 && (l & 1 == 1) == (v == 1)
    }

    fn assign(&mut self, l: u32, reason: Reason) {
        let o = var(l);
        let chosen = l & 1 == 1;
        self.val[o] = if chosen { 1 } else { -1 };
        self.level[o] = self.level_now();
        self.reason[o] = reason;
        self.trail.push(l);
        for &i in &self.m.option_items[o] {
            let i = i as usize;
            if chosen {
                self.chosen[i] += 1;
                self.satisfied += usize::from(self.chosen[i] == 1);
            }
        }
        if !chosen {
            for k in 0..4 {
                let i = self.m.option_items[o][k] as usize;
                let here = self.slot_of[o][k] as usize;
                let last = self.start[i] + self.open[i] as usize - 1;
                let other = self.slots[last] as usize;
                self.slots.swap(here, last);
                self.slot_of[o][k] = last as u32;
                let k2 = self.m.option_items[other].iter().position(|&j| j as usize == i).unwrap();
                self.slot_of[other][k2] = here as u32;
                self.open[i] -= 1;
            }
        }
    }

    fn cancel_until(&mut self, level: usize) {
        if self.trail_lim.len() <= level {
            return;
        }
        let to = self.trail_lim[level];
        while self.trail.len() > to {
            let l = self.trail.pop().unwrap();
            let o = var(l);
            for &i in &self.m.option_items[o] {
                let i = i as usize;
                if l & 1 == 1 {
                    self.chosen[i] -= 1;
                    self.satisfied -= usize::from(self.chosen[i] == 0);
                } else {
                    self.open[i] += 1;
                }
            }
            self.val[o] = 0;
            self.heap_insert(o);
        }
        self.trail_lim.truncate(level);
        self.qhead = to;
    }

    fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let l = self.trail[self.qhead];
            self.qhead += 1;
            let o = var(l);
            let m = self.m;
            for &i in &m.option_items[o] {
                let i = i as usize;
                if l & 1 == 1 {
                    // From the end of the open run down: each exclusion swaps the option it
                    // excludes with the end, which is past the slots still to be read.
                    for slot in (self.start[i]..self.start[i] + self.open[i] as usize).rev() {
                        let o2 = self.slots[slot];
                        match self.val[o2 as usize] {
                            0 => self.assign(lit(o2 as usize, false), Reason::Excluded(o as u32)),
                            1 if o2 as usize != o => return Some(Conflict::Pair(o as u32, o2)),
                            _ => {}
                        }
                    }
                } else if self.chosen[i] == 0 {
                    match self.open[i] {
                        0 => return Some(Conflict::Item(i as u32)),
                        1 => {
                            let o2 = self.slots[self.start[i]];
                            self.assign(lit(o2 as usize, true), Reason::Forced(i as u32));
                        }
                        _ => {}
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(neg(l)) {
                return Some(conflict);
            }
        }
        None
    }

    /// Visits the clauses watching `f`, which has just become false.
    fn propagate_clauses(&mut self, f: u32) -> Option<Conflict> {
        let mut watchers = std::mem::take(&mut self.watches[f as usize]);
        let mut kept = 0;
        let mut conflict = None;
        for k in 0..watchers.len() {
            let (cid, blocker) = watchers[k];
            if conflict.is_none() && self.clauses[cid as usize].is_empty() {
                continue;
            }
            if conflict.is_some() || self.is_true(blocker) {
                watchers[kept] = (cid, blocker);
                kept += 1;
                continue;
            }
            let c = &mut self.clauses[cid as usize];
            if c[0] == f {
                c.swap(0, 1);
            }
            let first = c[0];
            let mut moved = false;
            if !self.is_true(first) {
                let c = &self.clauses[cid as usize];
                if let Some(k2) = (2..c.len()).find(|&k2| !self.is_false(c[k2])) {
                    let c = &mut self.clauses[cid as usize];
                    c.swap(1, k2);
                    let w = c[1];
                    self.watches[w as usize].push((cid, first));
                    moved = true;
                }
            }
            if moved {
                continue;
            }
            watchers[kept] = (cid, first);
            kept += 1;
            if self.is_false(first) {
                conflict = Some(Conflict::Clause(cid));
            } else if !self.is_true(first) {
                self.assign(first, Reason::Clause(cid));
            }
        }
        watchers.truncate(kept);
        self.watches[f as usize] = watchers;
        conflict
    }

    /// Calls `f` with each false literal of the reason of option `implied`, or of `conflict`.
    fn antecedents(&self, implied: Option<usize>, conflict: Conflict, mut f: impl FnMut(u32)) {
        let m = self.m;
        match implied.map(|o| (o, self.reason[o])) {
            None => match conflict {
                Conflict::Pair(a, b) => {
                    f(lit(a as usize, false));
                    f(lit(b as usize, false));
                }
                Conflict::Item(i) => m.item_options[i as usize].iter().for_each(|&o| f(lit(o as usize, true))),
                Conflict::Clause(cid) => self.clauses[cid as usize].iter().for_each(|&q| f(q)),
            },
            Some((_, Reason::None)) => {}
            Some((_, Reason::Excluded(c))) => f(lit(c as usize, false)),
            Some((o, Reason::Forced(i))) => m.item_options[i as usize]
                .iter()
                .filter(|&&o2| o2 as usize != o)
                .for_each(|&o2| f(lit(o2 as usize, true))),
            Some((_, Reason::Clause(cid))) => self.clauses[cid as usize][1..].iter().for_each(|&q| f(q)),
        }
    }

    /// First-UIP analysis: the learnt clause (asserting literal first, one of the highest
    /// remaining level second) and the level to jump back to.
    fn analyze(&mut self, conflict: Conflict) -> (Vec<u32>, usize) {
        let mut learnt = vec![0u32];
        let mut pending = 0;
        let mut index = self.trail.len();
        let now = self.level_now();
        let mut implied = None;
        let mut antecedents = Vec::with_capacity(64);
        let uip = loop {
            antecedents.clear();
            self.antecedents(implied, conflict, |q| antecedents.push(q));
            for &q in &antecedents {
                let v = var(q);
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump(v);
                    if self.level[v] >= now {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            loop {
                index -= 1;
                if self.seen[var(self.trail[index])] {
                    break;
                }
            }
            let p = self.trail[index];
            self.seen[var(p)] = false;
            pending -= 1;
            if pending == 0 {
                break p;
            }
            implied = Some(var(p));
        };
        learnt[0] = neg(uip);
        for &q in &learnt[1..] {
            self.seen[var(q)] = false;
        }
        let mut back_to = 0;
        if learnt.len() > 1 {
            // The first literal of the highest level, so ties go the same way every run.
            let level = |k: usize| self.level[var(learnt[k])];
            let highest = (1..learnt.len()).reduce(|best, k| if level(k) > level(best) { k } else { best }).unwrap();
            learnt.swap(1, highest);
            back_to = self.level[var(learnt[1])] as usize;
        }
        (learnt, back_to)
    }

    /// Analyses `conflict`, jumps back and asserts the learnt clause.
    fn learn(&mut self, conflict: Conflict) {
        self.conflicts += 1;
        let (learnt, back_to) = self.analyze(conflict);
        self.cancel_until(back_to);
        let asserting = learnt[0];
        if learnt.len() == 1 {
            self.assign(asserting, Reason::None);
        } else {
            let cid = self.clauses.len() as u32;
            self.watches[learnt[0] as usize].push((cid, learnt[1]));
            self.watches[learnt[1] as usize].push((cid, learnt[0]));
            let mut distinct = 0;
            for &q in &learnt {
                let level = self.level[var(q)] as usize;
                if self.level_stamp[level] != self.conflicts {
                    self.level_stamp[level] = self.conflicts;
                    distinct += 1;
                }
            }
            self.lbd.push(distinct);
            self.live += learnt.len();
            self.clauses.push(learnt);
            self.assign(asserting, Reason::Clause(cid));
            if self.live > self.store {
                self.reduce_store();
            }
        }
        self.bump_by /= 0.95;
    }

    /// Glucose's rule, within a hard bound: deletes the clauses of highest literal block
    /// distance (the oldest first on ties), sparing those that are the reason of a current
    /// value, until the store is half full.
    fn reduce_store(&mut self) {
        let locked = |s: &Self, cid: usize| {
            let o = var(s.clauses[cid][0]);
            s.val[o] != 0 && matches!(s.reason[o], Reason::Clause(c) if c as usize == cid)
        };
        let mut candidates: Vec<usize> =
            (0..self.clauses.len()).filter(|&c| !self.clauses[c].is_empty() && !locked(self, c)).collect();
        candidates.sort_by_key(|&c| (std::cmp::Reverse(self.lbd[c]), c));
        for c in candidates {
            if self.live <= self.store / 2 {
                break;
            }
            self.live -= self.clauses[c].len();
            self.clauses[c] = Vec::new();
        }
    }

    fn bump(&mut self, o: usize) {
        self.activity[o] += self.bump_by;
        if self.heap_pos[o] >= 0 {
            self.heap_up(self.heap_pos[o] as usize);
        }
        for &i in &self.m.option_items[o] {
            self.item_weight[i as usize] += self.bump_by * 1e-3;
        }
        if self.activity[o] > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.item_weight.iter_mut().for_each(|w| *w *= 1e-100);
            self.bump_by *= 1e-100;
        }
    }

    fn heap_up(&mut self, mut k: usize) {
        let v = self.heap[k];
        while k > 0 {
            let parent = (k - 1) / 2;
            let pv = self.heap[parent];
            if self.activity[pv as usize] >= self.activity[v as usize] {
                break;
            }
            self.heap[k] = pv;
            self.heap_pos[pv as usize] = k as i32;
            k = parent;
        }
        self.heap[k] = v;
        self.heap_pos[v as usize] = k as i32;
    }

    fn heap_down(&mut self, mut k: usize) {
        let v = self.heap[k];
        loop {
            let left = 2 * k + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && self.activity[self.heap[right] as usize] > self.activity[self.heap[left] as usize]
            {
                right
            } else {
                left
            };
            if self.activity[self.heap[child] as usize] <= self.activity[v as usize] {
                break;
            }
            self.heap[k] = self.heap[child];
            self.heap_pos[self.heap[k] as usize] = k as i32;
            k = child;
        }
        self.heap[k] = v;
        self.heap_pos[v as usize] = k as i32;
    }

    fn heap_insert(&mut self, o: usize) {
        if self.heap_pos[o] < 0 {
            self.heap.push(o as u32);
            self.heap_pos[o] = (self.heap.len() - 1) as i32;
            self.heap_up(self.heap.len() - 1);
        }
    }

    fn heap_pop(&mut self) -> Option<usize> {
        let top = *self.heap.first()? as usize;
        let last = self.heap.pop().unwrap();
        self.heap_pos[top] = -1;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.heap_pos[last as usize] = 0;
            self.heap_down(0);
        }
        Some(top)
    }

    /// The open item with the fewest open options per unit of weight.
    fn best_item(&self) -> usize {
        (0..self.open.len())
            .filter(|&i| self.chosen[i] == 0)
            .min_by(|&a, &b| {
                (self.open[a] as f64 / self.item_weight[a]).total_cmp(&(self.open[b] as f64 / self.item_weight[b]))
            })
            .expect("an open item while the cover is incomplete")
    }

    /// The decision: the most active open option of `item` (the best item, given with the
    /// item choice), or by VSIDS over all options.
    fn decide(&mut self, item: Option<usize>) -> u32 {
        if let Some(item) = item {
            // The most active open option, the first on ties.
            let open = self.m.item_options[item].iter().map(|&o| o as usize).filter(|&o| self.val[o] == 0);
            let o = open.reduce(|best, o| if self.activity[o] > self.activity[best] { o } else { best }).unwrap();
            lit(o, true)
        } else {
            loop {
                let o = self.heap_pop().expect("an open option while the cover is incomplete");
                if self.val[o] == 0 {
                    return lit(o, true);
                }
            }
        }
    }

    /// Tries each open option of `item`; a failure is learnt from (then true: the
    /// caller propagates the learnt clause before going on).
    fn probe(&mut self, item: usize) -> bool {
        if self.open[item] < 2 {
            return false;
        }
        let level = self.trail_lim.len();
        for k in 0..self.m.item_options[item].len() {
            let o = self.m.item_options[item][k] as usize;
            if self.val[o] != 0 {
                continue;
            }
            self.trail_lim.push(self.trail.len());
            self.assign(lit(o, true), Reason::None);
            if let Some(conflict) = self.propagate() {
                self.learn(conflict);
                return true;
            }
            self.cancel_until(level);
        }
        false
    }

    fn solve(&mut self, givens: &[usize]) -> Option<Vec<u8>> {
        for &o in givens {
            match self.val[o] {
                0 => self.assign(lit(o, true), Reason::None),
                1 => {}
                _ => return None,
            }
        }
        let (mut luby_u, mut luby_v) = (1u64, 1u64);
        let unit = self.config.luby_unit;
        let mut next_restart = if unit == 0 { u64::MAX } else { unit };
        loop {
            if let Some(conflict) = self.propagate() {
                if self.level_now() == 0 {
                    return None;
                }
                self.learn(conflict);
                continue;
            }
            if self.satisfied == self.open.len() {
                let mut grid = vec![0u8; 256];
                for (o, _) in self.val.iter().enumerate().filter(|&(_, &v)| v == 1) {
                    grid[o / 16] = b'A' + (o % 16) as u8;
                }
                return Some(grid);
            }
            if self.conflicts >= next_restart {
                // Knuth's reluctant doubling gives the Luby sequence.
                if luby_u & luby_u.wrapping_neg() == luby_v {
                    (luby_u, luby_v) = (luby_u + 1, 1);
                } else {
                    luby_v *= 2;
                }
                next_restart = self.conflicts + luby_v * unit;
                self.cancel_until(0);
                continue;
            }
            // One scan for the best item serves both the probe and the decision.
            let item = (self.config.item_choice || self.config.probing).then(|| self.best_item());
            if self.config.probing && self.probe(item.unwrap()) {
                continue;
            }
            let decision = self.decide(item.filter(|_| self.config.item_choice));
            self.trail_lim.push(self.trail.len());
            self.assign(decision, Reason::None);
        }
    }
}

fn report(name: &str, label: &str, times: &[f64], work: f64, unit: &str) {
    let (mean, median, worst) = puzzles::mean_median_worst(times);
    println!("| {name} | {label} | {mean:.0} | {median:.0} | {worst:.0} | {work:.0} {unit} |");
}

fn main() {
    let sets = puzzles::sets_to_run(&["enjoysudoku-tarek-tough-206", "enjoysudoku-blue-ultimate-15"], "hard-40");
    let configs = [
        Config { label: "learning, VSIDS, Luby 100", item_choice: false, probing: false, luby_unit: 100 },
        Config { label: "learning, item weights, no restarts", item_choice: true, probing: false, luby_unit: 0 },
        Config {
            label: "learning + probing, item weights, no restarts",
            item_choice: true,
            probing: true,
            luby_unit: 0,
        },
    ];
    let model = Model::sudoku16();
    println!("| set | solver | mean us | median us | worst us | mean work |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    for (name, set) in &sets {
        let mut times = Vec::new();
        let mut nodes = 0;
        for puzzle in set {
            let (us, stats, letters) =
                puzzles::timed_solve(puzzle, Choice::WeightedFailures, true, REDUCE_AFTER, u64::MAX).unwrap();
            assert_eq!(Some(letters.as_slice()), puzzle.solution.as_deref().map(str::as_bytes), "{}", puzzle.text);
            times.push(us);
            nodes += stats.nodes;
        }
        report(name, "the DLX engine (default)", &times, nodes as f64 / set.len() as f64, "nodes");
        for config in configs {
            let mut times = Vec::new();
            let mut conflicts = 0;
            for puzzle in set {
                let givens: Vec<usize> = puzzle
                    .text
                    .bytes()
                    .enumerate()
                    .filter(|(_, c)| c.is_ascii_uppercase())
                    .map(|(cell, c)| cell * 16 + usize::from(c - b'A'))
                    .collect();
                let start = Instant::now();
                let mut solver = Solver::new(&model, config);
                let grid = solver.solve(&givens).expect("every benchmark puzzle is solvable");
                times.push(start.elapsed().as_secs_f64() * 1e6);
                assert_eq!(Some(grid.as_slice()), puzzle.solution.as_deref().map(str::as_bytes), "{}", puzzle.text);
                conflicts += solver.conflicts;
            }
            report(name, config.label, &times, conflicts as f64 / set.len() as f64, "conflicts");
        }
    }
}
