//! Pieces and the estimate, run on demand (`make bench-pieces`): on pentominoes 6x10, mix50 (Knuth's example of multiplicities, from
//! ../shared/peers/knuth-xcc/examples, skipped with a notice where absent) and every
//! completion of a 9x9 grid of 16 clues, the true node count of the whole search against
//! Knuth's estimate (`Problem::estimate`, seeds 1 to 5), and the split into K pieces: how
//! many, the largest piece's share of the whole tree (each piece searched alone, its nodes
//! over the whole search's), the split's own work (nodes of its counts and steps of its
//! random paths, `Problem::split_work`), and that the pieces' counts add up to the whole. Effort only
//! (nodes); the times printed, the whole count's and the split's, are for scale only.

use std::ops::ControlFlow;
use std::time::Instant;

use dlx_core::Problem;

mod support;
use support::{instances, load};

fn count(p: &mut Problem<'_>) -> (u64, u64) {
    let n = p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
    (n, p.nodes())
}

fn main() {
    for inst in instances(17) {
        let mut memory = Vec::new();
        let mut p = load(&mut memory, &inst);
        let t = Instant::now();
        let (solutions, nodes) = count(&mut p);
        println!("count {:.0} ms", t.elapsed().as_secs_f64() * 1e3);
        println!("{}: {solutions} solutions, {nodes} nodes", inst.name);
        for paths in [100, 1000, 10_000] {
            let ratios: Vec<String> = (1..=5u64)
                .map(|seed| format!("{:.2}", p.estimate(paths, seed).unwrap().to_f64() / nodes as f64))
                .collect();
            println!("  estimate / nodes with {paths} paths, seeds 1-5: {}", ratios.join(" "));
        }
        for k in [16, 64, 256] {
            let mut out = vec![0i32; 1 << 20];
            let started = Instant::now();
            let (pieces, used, work) = p.split_work(k, &mut out, || false).unwrap();
            let took = started.elapsed().as_secs_f64() * 1e3;
            let (mut at, mut total, mut largest, mut sum_nodes) = (0, 0, 0, 0);
            while at < used {
                let len = out[at] as usize;
                p.set_piece(&out[at + 1..at + 1 + len]).unwrap();
                let (n, piece_nodes) = count(&mut p);
                total += n;
                sum_nodes += piece_nodes;
                largest = largest.max(piece_nodes);
                at += 1 + len;
            }
            p.set_piece(&[]).unwrap();
            assert_eq!(total, solutions, "the pieces' counts add up");
            println!(
                "  K = {k}: {pieces} pieces, largest {:.2}% of the tree, pieces' nodes {:.1}% of it, the split's \
                 work {work} ({:.2}% of the tree), split {took:.0} ms",
                100.0 * largest as f64 / nodes as f64,
                100.0 * sum_nodes as f64 / nodes as f64,
                100.0 * work as f64 / nodes as f64
            );
        }
    }
}
