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

struct Instance {
    name: String,
    primary: usize,
    secondary: usize,
    bounds: Vec<(usize, i32, i32)>,
    options: Vec<Vec<i32>>,
}

/// Knuth's text format, as far as mix50 uses it: the first line the items (`lo:hi|name` or
/// `n|name` for multiplicities, a lone `|` before the secondary ones), then an option a line;
/// lines starting with `|` are comments.
fn parse_dlx(name: &str, text: &str) -> Instance {
    let mut lines = text.lines().filter(|l| !l.trim_start().starts_with('|') && !l.trim().is_empty());
    let (mut names, mut bounds, mut primary) = (Vec::new(), Vec::new(), None);
    for token in lines.next().unwrap().split_whitespace() {
        if token == "|" {
            primary = Some(names.len());
            continue;
        }
        let (item, bound) = match token.split_once('|') {
            Some((bound, item)) => (item, Some(bound)),
            None => (token, None),
        };
        if let Some(bound) = bound {
            let (lo, hi) = bound.split_once(':').unwrap_or((bound, bound));
            bounds.push((names.len(), lo.parse().unwrap(), hi.parse().unwrap()));
        }
        names.push(item.to_string());
    }
    let options = lines
        .map(|line| line.split_whitespace().map(|t| names.iter().position(|n| n == t).unwrap() as i32).collect())
        .collect();
    let primary = primary.unwrap_or(names.len());
    Instance { name: name.into(), primary, secondary: names.len() - primary, bounds, options }
}

fn instances() -> Vec<Instance> {
    let mut out = vec![Instance {
        name: "pentominoes 6x10".into(),
        primary: 72,
        secondary: 0,
        bounds: Vec::new(),
        options: support::pentominoes(6, 10),
    }];
    match support::shared_dir().map(|d| d.join("peers/knuth-xcc/examples/mix50.dlx")) {
        Some(path) if path.is_file() => out.push(parse_dlx("mix50", &std::fs::read_to_string(path).unwrap())),
        _ => println!("(mix50 skipped: ../shared/peers/knuth-xcc/examples is absent)"),
    }
    let royle = std::fs::read_to_string(support::data_dir().join("sudoku9/royle-17clue-every20th-2458.txt")).unwrap();
    let mut grid: Vec<u8> =
        royle.lines().next().unwrap().bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    let mut kept = 0;
    for cell in grid.iter_mut().filter(|c| **c != 0) {
        kept += 1;
        if kept > 16 {
            *cell = 0;
        }
    }
    out.push(Instance {
        name: "9x9, 16 clues, all".into(),
        primary: 324,
        secondary: 0,
        bounds: Vec::new(),
        options: support::sudoku(3, &grid),
    });
    out
}

fn load<'m>(memory: &'m mut Vec<u64>, inst: &Instance) -> Problem<'m> {
    let entries: usize = inst.options.iter().map(Vec::len).sum();
    let items = inst.primary + inst.secondary;
    *memory = vec![0u64; Problem::words_for(items, inst.options.len(), entries).unwrap()];
    let mut p =
        Problem::new(memory, inst.primary as i32, inst.secondary as i32, inst.options.len() as i32, entries as i64)
            .unwrap();
    for &(item, lo, hi) in &inst.bounds {
        p.set_bounds(item as i32, lo, hi).unwrap();
    }
    for o in &inst.options {
        p.add(o).unwrap();
    }
    p
}

fn count(p: &mut Problem<'_>) -> (u64, u64) {
    let n = p.search(u64::MAX, || false, |_| ControlFlow::Continue(())).unwrap();
    (n, p.nodes())
}

fn main() {
    for inst in instances() {
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
