//! `dlx cover --threads 2`'s schedule as a model in node counts (no clock): on the
//! instances of `make bench-threads` (pentominoes 6x10, mix50 where shared/ has it, every
//! completion of a 9x9 grid of 16 clues), the makespan of two threads over the whole search's
//! nodes (0.5 at best), for the schedule the command had (one split into 8N pieces on one
//! thread, then the pieces in the split's order) and the one it has (cli/src/pieces.rs: a
//! split into N pieces, then each thread takes the largest piece waiting and splits it again
//! when it is above its share). A piece costs its own search's nodes (each counted alone), a
//! split its work (`Problem::split_work`) times a weight: a split's unit costs about 1.4
//! search nodes in instructions and about 3 in time on the 9x9 count (its random paths run
//! at half the instructions a second), and at 3 the model gives the 0.63 measured there.
//! Also checks that the pieces' counts add up. Run: `cargo bench -p dlx-core --features
//! internals --bench schedule`.

use std::ops::ControlFlow;

use dlx_core::{Problem, Size};

mod support;
use support::{instances, load};

/// Shares a thread, as cli/src/pieces.rs's `PIECES_A_THREAD` (8 before).
const PIECES_A_THREAD: usize = 4;
/// Pieces a thread of the schedule before.
const BEFORE_A_THREAD: usize = 8;

fn count(p: &mut Problem<'_>) -> (u64, u64) {
    let n = p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
    (n, p.nodes())
}

/// The makespan of `threads` threads taking pieces of these nodes in this order.
fn makespan(threads: usize, order: &[u64]) -> u64 {
    let mut free = vec![0u64; threads];
    for &p in order {
        let t = free.iter_mut().min().unwrap();
        *t += p;
    }
    *free.iter().max().unwrap()
}

/// A piece as the command keeps it: its place in the search's order, decisions, the split's
/// size, whether it was cut from a piece split again.
#[derive(Clone)]
struct Piece {
    key: Vec<u32>,
    decisions: Vec<i32>,
    size: f64,
    cut_again: bool,
}

/// The split's pieces with their sizes, and its work.
fn split_sized(p: &mut Problem<'_>, k: usize) -> (Vec<(Vec<i32>, f64)>, u64) {
    let mut out = vec![0i32; 1 << 20];
    let (pieces, _, work) = p.split_work(k, &mut out, || false).unwrap();
    let (mut at, mut list) = (0, Vec::new());
    for j in 0..pieces {
        let n = out[at] as usize;
        list.push((out[at + 1..at + 1 + n].to_vec(), Size::from_split(out[out.len() - 1 - j]).to_f64()));
        at += 1 + n;
    }
    (list, work)
}

/// The nodes of one piece's count.
fn nodes_of(p: &mut Problem<'_>, decisions: &[i32]) -> (u64, u64) {
    p.set_piece(decisions).unwrap();
    let r = count(p);
    p.set_piece(&[]).unwrap();
    r
}

/// cli/src/pieces.rs's schedule, simulated in units (a search node or a split's unit, the
/// split's weighted by `w`): the first split into N pieces on one thread, then N threads
/// each taking the largest piece waiting, splitting it again into ceil(size / share) pieces
/// (2 to the shares of all threads) when it was not cut again and is above the share (the
/// first split's total over [`PIECES_A_THREAD`] N), else searching it. Returns (makespan,
/// split units in all, pieces searched, solutions).
fn simulate(p: &mut Problem<'_>, threads: usize, w: f64) -> (f64, u64, usize, u64) {
    let (first, work0) = split_sized(p, threads);
    let most = PIECES_A_THREAD * threads;
    let share = first.iter().map(|f| f.1).sum::<f64>() / most as f64;
    let mut ready: Vec<Piece> = first
        .into_iter()
        .enumerate()
        .map(|(j, (decisions, size))| Piece { key: vec![j as u32], decisions, size, cut_again: false })
        .collect();
    let sort = |r: &mut Vec<Piece>| r.sort_by(|a, b| a.size.partial_cmp(&b.size).unwrap().then(b.key.cmp(&a.key)));
    sort(&mut ready);
    let t0 = work0 as f64 * w;
    let mut free = vec![t0; threads];
    let mut active = vec![true; threads];
    let mut pending: Vec<(f64, Vec<Piece>)> = Vec::new();
    let (mut split_units, mut searched, mut solutions) = (work0, 0, 0);
    while let Some(i) = (0..threads).filter(|&i| active[i]).min_by(|&a, &b| free[a].partial_cmp(&free[b]).unwrap()) {
        let t = free[i];
        let (now, later): (Vec<_>, Vec<_>) = pending.drain(..).partition(|(f, _)| *f <= t);
        pending = later;
        for (_, children) in now {
            ready.extend(children);
        }
        sort(&mut ready);
        if let Some(piece) = ready.pop() {
            if !piece.cut_again && piece.size > share {
                let k = ((piece.size / share).ceil() as usize).clamp(2, most);
                p.set_piece(&piece.decisions).unwrap();
                let (children, work) = split_sized(p, k);
                p.set_piece(&[]).unwrap();
                split_units += work;
                free[i] = t + work as f64 * w;
                let children = children
                    .into_iter()
                    .enumerate()
                    .map(|(j, (decisions, size))| {
                        let mut key = piece.key.clone();
                        key.push(j as u32);
                        Piece { key, decisions, size, cut_again: true }
                    })
                    .collect();
                pending.push((free[i], children));
            } else {
                let (n, nodes) = nodes_of(p, &piece.decisions);
                solutions += n;
                searched += 1;
                free[i] = t + nodes as f64;
            }
        } else if let Some(f) = pending.iter().map(|x| x.0).min_by(|a, b| a.partial_cmp(b).unwrap()) {
            free[i] = f;
        } else {
            active[i] = false;
        }
    }
    (free.iter().cloned().fold(0.0, f64::max), split_units, searched, solutions)
}

fn main() {
    let threads = 2;
    for inst in instances(16) {
        let mut memory = Vec::new();
        let mut p = load(&mut memory, &inst);
        let (solutions, whole) = count(&mut p);
        println!("{}: {solutions} solutions, {whole} nodes", inst.name);
        let k = BEFORE_A_THREAD * threads;
        let (pieces, work) = split_sized(&mut p, k);
        let nodes: Vec<(u64, u64)> = pieces.iter().map(|(d, _)| nodes_of(&mut p, d)).collect();
        assert_eq!(nodes.iter().map(|n| n.0).sum::<u64>(), solutions, "the pieces' counts add up");
        let sizes: Vec<u64> = nodes.iter().map(|n| n.1).collect();
        let searching = makespan(threads, &sizes);
        let r = |x: f64| x / whole as f64;
        for w in [1.0, 3.0] {
            let before = searching as f64 + work as f64 * w;
            let (after, units, searched, found) = simulate(&mut p, threads, w);
            assert_eq!(found, solutions, "the pieces' counts add up");
            println!(
                "  a split unit {w} nodes: before {:.3} (split into {k}, {} pieces, {work} units: {:.3}; then \
                 in order: {:.3}); after {:.3} ({searched} pieces, {units} split units)",
                r(before),
                pieces.len(),
                r(work as f64 * w),
                r(searching as f64),
                r(after)
            );
        }
    }
}
