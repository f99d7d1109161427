//! Chains of implications between candidates ("potentials": digit d in cell c, on or off), as
//! SE's first chaining rule finds them: forcing chains (assuming a candidate on leads to it
//! being off, so it is false; assuming it off leads to it on, so it is true) and bidirectional
//! cycles (a loop of alternating on/off links: candidates seeing an on-node and an off-node
//! of it are out). Links are static, on the grid as it stands:
//! - on -> off: the cell's other candidates (Y links, when allowed), and the digit in the
//!   cell's box, row and column;
//! - off -> on: the cell's other candidate when it has two (Y), the digit's other place in a
//!   unit where it has two (X).
//!
//! SE tries X links only (X-chains 6.6, X-cycles 6.5), Y links only (Y-cycles 6.5) and both
//! (XY 7.0), and rates each step by its kind plus its length (the potentials in the chain:
//! +0.1 past 6, 8, 12, 16, 24, ...). Among all it finds, it applies the lowest rated, then the
//! shortest, then X before Y before XY. Searches are breadth first, so each chain is the
//! shortest from its start. Everything is in fixed arrays: 1,458 potentials.

use super::grid::{Grid, PEERS, UNITS, cells, units_of};
use super::{Step, Technique};

/// Potentials: (cell * 9 + digit index) * 2 + on.
const NODES: usize = 81 * 9 * 2;
const NONE: u16 = u16::MAX;

const fn node(cell: usize, digit: usize, on: bool) -> usize {
    (cell * 9 + digit) * 2 + on as usize
}

/// The search's memory: who derived each potential (NONE: not reached), and the queue. Its
/// arrays are the caller's locals (as [`Cycles`]'), so that unoptimised builds do not build
/// them as temporaries and copy them in.
struct Search<'a> {
    parent: &'a mut [u16; NODES],
    queue: &'a mut [u16; NODES],
}

/// The potentials a potential implies, in SE's order, passed to `each`.
fn links(grid: &Grid, n: usize, y: bool, x: bool, mut each: impl FnMut(usize)) {
    let (cell, digit, on) = (n / 18, n / 2 % 9, n % 2 == 1);
    let bit = 1u16 << digit;
    if on {
        if y {
            for d in crate::bits::ones(grid.cands[cell] & !bit) {
                each(node(cell, d, false));
            }
        }
        // The digit leaves the box, the row and the column (each cell once).
        let mut done = 1u128 << cell;
        for unit in [units_of(cell)[0], units_of(cell)[2], units_of(cell)[1]] {
            for &c in &UNITS[unit] {
                let c = c as usize;
                if done & 1 << c == 0 && grid.cands[c] & bit != 0 {
                    done |= 1 << c;
                    each(node(c, digit, false));
                }
            }
        }
    } else {
        if y && grid.cands[cell].count_ones() == 2 {
            each(node(cell, (grid.cands[cell] & !bit).trailing_zeros() as usize, true));
        }
        if x {
            for unit in [units_of(cell)[0], units_of(cell)[2], units_of(cell)[1]] {
                let mut other = None;
                let mut count = 0;
                for &c in &UNITS[unit] {
                    let c = c as usize;
                    if c != cell && grid.cands[c] & bit != 0 {
                        count += 1;
                        other = Some(c);
                    }
                }
                if let (1, Some(c)) = (count, other) {
                    each(node(c, digit, true));
                }
            }
        }
    }
}

/// The chain's potentials counted from `target` back to the start.
fn chain_len(search: &Search<'_>, target: usize) -> u32 {
    let mut n = target;
    let mut len = 1;
    while search.parent[n] != n as u16 {
        n = search.parent[n] as usize;
        len += 1;
    }
    len
}

/// SE's extra difficulty for a chain of `complexity` potentials, in tenths.
pub fn length_tenths(complexity: u32) -> u8 {
    let length = complexity.saturating_sub(2);
    let (mut ceil, mut added, mut odd) = (4u32, 0u8, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The best chain step so far, by SE's order: (rating, length, kind), first found on ties.
struct Best {
    key: (u8, u32, u8),
    step: Option<Step>,
}

impl Best {
    fn offer(&mut self, key: (u8, u32, u8), make: impl FnOnce() -> Step) {
        if self.step.is_none() || key < self.key {
            self.key = key;
            self.step = Some(make());
        }
    }
}

/// A forcing chain's step: `target` (the start's opposite) with the chain behind it.
fn forcing_step(grid: &Grid, search: &Search<'_>, target: usize, rating: u8, technique: Technique) -> Step {
    let mut step = Step::new(technique, rating);
    let (cell, digit, on) = (target / 18, target / 2 % 9, target % 2 == 1);
    if on {
        step.place = Some((cell as u8, digit as u8 + 1));
        step.eliminations[cell] = grid.cands[cell] & !(1 << digit);
    } else {
        step.eliminations[cell] = 1 << digit;
    }
    let mut n = target;
    loop {
        step.cells |= 1 << (n / 18);
        step.digits |= 1 << (n / 2 % 9);
        if search.parent[n] == n as u16 {
            break;
        }
        n = search.parent[n] as usize;
    }
    step
}

/// Breadth first from `start`: the first derivation of its opposite, if any.
fn forcing(grid: &Grid, search: &mut Search<'_>, start: usize, y: bool) -> Option<usize> {
    search.parent.fill(NONE);
    search.parent[start] = start as u16;
    search.queue[0] = start as u16;
    let (mut head, mut tail) = (0, 1);
    let goal = start ^ 1;
    while head < tail {
        let n = search.queue[head] as usize;
        head += 1;
        let mut found = false;
        links(grid, n, y, true, |m| {
            if search.parent[m] == NONE {
                search.parent[m] = n as u16;
                search.queue[tail] = m as u16;
                tail += 1;
                found |= m == goal;
            }
        });
        if found {
            return Some(goal);
        }
    }
    None
}


/// Bidirectional cycles from the on-potential `start`, as SE's cycle search walks them: every
/// return to `start` after at least four links, each offered to `best`. Off-potentials may be
/// reached again by other paths (each a path of its own), on-potentials once; paths are kept in
/// `paths` (an off-potential's re-derivations in extra slots past the nodes).
fn cycles(grid: &Grid, cyc: &mut Cycles<'_>, start: usize, y: bool, x: bool, mut found: impl FnMut(&Cycles<'_>, usize)) {
    cyc.len = 0;
    cyc.on_seen.fill(false);
    cyc.off_seen.fill(false);
    // Slot 0: the start, its own parent.
    cyc.push(start as u16, 0);
    cyc.on_seen[start / 2] = true;
    let mut level_start = 0;
    let mut length = 0;
    while level_start < cyc.len {
        let level_end = cyc.len;
        length += 1;
        // Each level holds one kind: on-slots expand to off, off-slots to on.
        for slot in level_start..level_end {
            let n = cyc.node[slot] as usize;
            links(grid, n, y, x, |m| {
                if m % 2 == 0 {
                    // on -> off: any off not on this path, again and again.
                    if !cyc.path_has(slot, m) && cyc.len < CYCLE_SLOTS {
                        cyc.off_seen[m / 2] = true;
                        cyc.push(m as u16, slot as u16);
                    }
                } else if length >= 4 && m == start {
                    found(cyc, slot);
                } else if !cyc.on_seen[m / 2] && cyc.len < CYCLE_SLOTS {
                    cyc.on_seen[m / 2] = true;
                    cyc.push(m as u16, slot as u16);
                }
            });
        }
        level_start = level_end;
    }
}

/// Slots for the cycle search: paths may share an off-potential, so it can hold more paths
/// than potentials; past this many the search stops growing (a bound, not a fault).
const CYCLE_SLOTS: usize = 16384;

/// The cycle search's paths: each slot a potential and the slot it came from.
struct Cycles<'a> {
    node: &'a mut [u16; CYCLE_SLOTS],
    from: &'a mut [u16; CYCLE_SLOTS],
    len: usize,
    on_seen: [bool; 729],
    off_seen: [bool; 729],
}

impl Cycles<'_> {
    fn push(&mut self, n: u16, from: u16) {
        self.node[self.len] = n;
        self.from[self.len] = from;
        self.len += 1;
    }

    /// Whether potential `m` is on the path ending at `slot`.
    fn path_has(&self, mut slot: usize, m: usize) -> bool {
        loop {
            if self.node[slot] as usize == m {
                return true;
            }
            if slot == 0 {
                return false;
            }
            slot = self.from[slot] as usize;
        }
    }
}

/// The step of the cycle closing at `last` (an off-slot linking back to the start).
fn cycle_step(grid: &Grid, cyc: &Cycles<'_>, last: usize, technique: Technique, rating: u8) -> Step {
    // The cycle's cells: `last` back to the start (slot 0).
    let mut in_cells = 0u128;
    let mut slot = last;
    loop {
        in_cells |= 1 << (cyc.node[slot] / 18);
        if slot == 0 {
            break;
        }
        slot = cyc.from[slot] as usize;
    }
    // Each candidate seeing an on-potential and an off-potential of the cycle (its digit, in
    // a cell off the cycle) is out.
    let mut forw = [0u16; 81];
    let mut back = [0u16; 81];
    let mut visit = |n: usize| {
        let (cell, digit) = (n / 18, n / 2 % 9);
        for c in cells(PEERS[cell] & !in_cells) {
            if grid.cands[c] & 1 << digit != 0 {
                if n % 2 == 1 {
                    forw[c] |= 1 << digit;
                } else {
                    back[c] |= 1 << digit;
                }
            }
        }
    };
    let mut slot = last;
    loop {
        visit(cyc.node[slot] as usize);
        if slot == 0 {
            break;
        }
        slot = cyc.from[slot] as usize;
    }
    let mut step = Step::new(technique, rating);
    step.cells = in_cells;
    let mut slot = last;
    loop {
        step.digits |= 1 << (cyc.node[slot] / 2 % 9);
        if slot == 0 {
            break;
        }
        slot = cyc.from[slot] as usize;
    }
    for c in 0..81 {
        step.eliminations[c] = forw[c] & back[c];
    }
    step
}

/// SE's first chaining rule: the lowest rated of every X-cycle, X-chain, Y-cycle, XY-cycle and
/// XY-chain on the grid. Never inlined: the steps tried before it do not carry its 70 KiB of
/// stack (64 KiB of cycle paths).
#[inline(never)]
pub fn chains(grid: &Grid) -> Option<Step> {
    let mut parent = [NONE; NODES];
    let mut queue = [0; NODES];
    let mut search = Search { parent: &mut parent, queue: &mut queue };
    let mut slots = [0; CYCLE_SLOTS];
    let mut came_from = [0; CYCLE_SLOTS];
    let mut cyc = Cycles { node: &mut slots, from: &mut came_from, len: 0, on_seen: [false; 729], off_seen: [false; 729] };
    let mut best = Best { key: (0, 0, 0), step: None };
    // X links alone, Y links alone, both: SE's three passes, cycles then chains in each.
    for (y, x, kind) in [(false, true, 2u8), (true, false, 3), (true, true, 4)] {
        let (cycle_base, chain_base) = if y && x { (70, 70) } else { (65, 66) };
        let (cycle_t, chain_t) = match kind {
            2 => (Technique::XCycle, Technique::XChain),
            3 => (Technique::YCycle, Technique::XChain),
            _ => (Technique::XYCycle, Technique::XYChain),
        };
        for cell in 0..81 {
            let n_cands = grid.cands[cell].count_ones();
            if n_cands < 2 || (!x && n_cands > 2) {
                continue;
            }
            for digit in crate::bits::ones(grid.cands[cell]) {
                let on = node(cell, digit, true);
                cycles(grid, &mut cyc, on, y, x, |cyc, last| {
                    // The cycle's potentials, the start counted once.
                    let mut count = 1;
                    let mut slot = last;
                    while slot != 0 {
                        count += 1;
                        slot = cyc.from[slot] as usize;
                    }
                    let rating = cycle_base + length_tenths(count);
                    let step = cycle_step(grid, cyc, last, cycle_t, rating);
                    if step.progresses(grid) {
                        best.offer((rating, count, kind), || step);
                    }
                });
                if !x {
                    continue;
                }
                for start in [on, on ^ 1] {
                    if let Some(target) = forcing(grid, &mut search, start, y) {
                        let count = chain_len(&search, target);
                        let rating = chain_base + length_tenths(count);
                        let step = forcing_step(grid, &search, target, rating, chain_t);
                        if step.progresses(grid) {
                            best.offer((rating, count, kind), || step);
                        }
                    }
                }
            }
        }
    }
    best.step
}
