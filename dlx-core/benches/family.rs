//! Knuth's whole exact cover family, run on demand (`make bench-family`). So far one part (the
//! comparison with Knuth's DLX2, DLX3, DLX5, SSXCC and SSMCC is issue 42's open work).
//!
//! Repeat cover, the fewest options covering every item at least once: `dlx_core::Problem`'s
//! minimum (each item bounded 1..=its options) against the judges' template, written here as
//! they write it (a DLX over rows that covers columns without removing rows, cut by
//! `depth + h() >= best` where `h()` counts columns greedily, striking every column a row of
//! the counted one covers), and against OR-Tools CP-SAT when target/cpenv has it (the Makefile
//! installs it). All three must agree on the optimum; nodes are options tried.
//!
//! Times are the best of 3 runs. Writes the section "Knuth's family and repeat cover" of
//! docs/benchmarks.md.

use std::fmt::Write as _;
use std::process::Command;
use std::time::Instant;

use dlx_core::Problem;

mod support;

const RUNS: usize = 3;

/// A repeat cover instance: `items` items, options as item lists.
struct Cover {
    name: String,
    items: usize,
    options: Vec<Vec<usize>>,
}

/// Random set cover: `items` items, `options` options each holding each item with
/// probability `percent`%, and every item in at least one option.
fn random_cover(items: usize, options: usize, percent: u64, seed: &mut u64) -> Cover {
    let mut sets: Vec<Vec<usize>> =
        (0..options).map(|_| (0..items).filter(|_| support::rng(seed) % 100 < percent).collect()).collect();
    for i in 0..items {
        if !sets.iter().any(|s| s.contains(&i)) {
            let k = (support::rng(seed) % options as u64) as usize;
            sets[k].push(i);
            sets[k].sort_unstable();
        }
    }
    sets.retain(|s| !s.is_empty());
    Cover { name: format!("random {items} items, {} options, {percent}%", sets.len()), items, options: sets }
}

/// HDU 2295's geometry: `cities` and `radars` at random points of a 1000 x 1000 square, each
/// radar covering the cities within the radius at which exactly `k` radars first suffice (the
/// judge's binary search ends there; found here by the template on sorted distances).
fn radar_cover(cities: usize, radars: usize, k: usize, seed: &mut u64) -> Cover {
    let mut point = || ((support::rng(seed) % 1000) as i64, (support::rng(seed) % 1000) as i64);
    let c: Vec<(i64, i64)> = (0..cities).map(|_| point()).collect();
    let r: Vec<(i64, i64)> = (0..radars).map(|_| point()).collect();
    let d2 = |a: (i64, i64), b: (i64, i64)| (a.0 - b.0).pow(2) + (a.1 - b.1).pow(2);
    let mut radii: Vec<i64> = r.iter().flat_map(|&a| c.iter().map(move |&b| d2(a, b))).collect();
    radii.sort_unstable();
    radii.dedup();
    let cover_at = |radius: i64| -> Vec<Vec<usize>> {
        r.iter().map(|&a| (0..cities).filter(|&i| d2(a, c[i]) <= radius).collect()).collect()
    };
    let enough = |radius: i64| {
        let sets = cover_at(radius);
        (0..cities).all(|i| sets.iter().any(|s| s.contains(&i))) && template(cities, &sets, Some(k + 1)).0 <= k
    };
    let (mut lo, mut hi) = (0, radii.len() - 1);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if enough(radii[mid]) { hi = mid } else { lo = mid + 1 }
    }
    let mut sets = cover_at(radii[lo]);
    sets.retain(|s| !s.is_empty());
    Cover { name: format!("radar {cities} cities, {radars} radars, K = {k}"), items: cities, options: sets }
}

/// The judges' repeat cover template: (least options, nodes), searching below `bound` when
/// given (the binary search's "K enough?").
fn template(items: usize, options: &[Vec<usize>], bound: Option<usize>) -> (usize, u64) {
    template_capped(items, options, bound, u64::MAX).unwrap()
}

/// [`template`], or `None` once it has tried `cap` options.
fn template_capped(items: usize, options: &[Vec<usize>], bound: Option<usize>, cap: u64) -> Option<(usize, u64)> {
    struct T<'a> {
        options: &'a [Vec<usize>],
        /// Per item, the options holding it.
        holders: Vec<Vec<usize>>,
        covered: Vec<u32>,
        best: usize,
        nodes: u64,
        cap: u64,
    }
    impl T<'_> {
        fn h(&self) -> usize {
            let mut struck = self.covered.iter().map(|&c| c > 0).collect::<Vec<_>>();
            let mut count = 0;
            for c in 0..struck.len() {
                if !struck[c] {
                    count += 1;
                    struck[c] = true;
                    for &o in &self.holders[c] {
                        for &j in &self.options[o] {
                            struck[j] = true;
                        }
                    }
                }
            }
            count
        }
        fn dance(&mut self, depth: usize) {
            if self.nodes >= self.cap || depth + self.h() >= self.best {
                return;
            }
            // The uncovered column with the fewest rows (the template's static sizes).
            let Some(c) =
                (0..self.covered.len()).filter(|&c| self.covered[c] == 0).min_by_key(|&c| self.holders[c].len())
            else {
                self.best = depth;
                return;
            };
            for k in 0..self.holders[c].len() {
                let o = self.holders[c][k];
                self.nodes += 1;
                for &j in &self.options[o] {
                    self.covered[j] += 1;
                }
                self.dance(depth + 1);
                for &j in &self.options[o] {
                    self.covered[j] -= 1;
                }
            }
        }
    }
    let mut holders = vec![Vec::new(); items];
    for (o, s) in options.iter().enumerate() {
        for &i in s {
            holders[i].push(o);
        }
    }
    let mut t = T { options, holders, covered: vec![0; items], best: bound.unwrap_or(usize::MAX), nodes: 0, cap };
    t.dance(0);
    (t.nodes < cap).then_some((t.best, t.nodes))
}

/// Our minimum, or with `at_most` a cover of at most that many options: (its options, nodes).
fn ours(cover: &Cover, at_most: Option<i64>) -> (Option<usize>, u64) {
    let entries: usize = cover.options.iter().map(Vec::len).sum();
    let (items, count) = (cover.items, cover.options.len());
    let mut memory = vec![0u64; Problem::words_for(items, count, entries).unwrap()];
    let mut p = Problem::new(&mut memory, items as i32, 0, count as i32, entries as i64).unwrap();
    for i in 0..cover.items {
        let holders = cover.options.iter().filter(|s| s.contains(&i)).count() as i32;
        p.set_bounds(i as i32, 1, holders).unwrap();
    }
    for s in &cover.options {
        p.add(&s.iter().map(|&i| i as i32).collect::<Vec<_>>()).unwrap();
    }
    let mut out = vec![0; cover.options.len()];
    let found = match at_most {
        None => p.minimum(&mut out, || false),
        Some(k) => p.at_most(k, &mut out, || false),
    };
    (found.ok(), p.nodes())
}

/// HDU 3498's dominating set: a random graph of `vertices` vertices and `edges` edges; each
/// vertex's option holds it and its neighbours.
fn dominating_set(vertices: usize, edges: usize, seed: &mut u64) -> Cover {
    let mut sets: Vec<Vec<usize>> = (0..vertices).map(|v| vec![v]).collect();
    let mut added = 0;
    while added < edges {
        let (a, b) = ((support::rng(seed) % vertices as u64) as usize, (support::rng(seed) % vertices as u64) as usize);
        if a != b && !sets[a].contains(&b) {
            sets[a].push(b);
            sets[b].push(a);
            added += 1;
        }
    }
    sets.iter_mut().for_each(|s| s.sort_unstable());
    Cover { name: format!("dominating set, {vertices} vertices, {edges} edges"), items: vertices, options: sets }
}

/// CP-SAT's optimum (`None` when it gave up, see cpsat_cover.py) and time in ms, when
/// target/cpenv has OR-Tools.
fn cp_sat(cover: &Cover) -> Option<(Option<usize>, f64)> {
    let python = support::root().join("target/cpenv/bin/python");
    if !python.exists() {
        return None;
    }
    let file = support::out_dir().join("repeat-cover.txt");
    let text: String =
        cover.options.iter().map(|s| s.iter().map(|i| format!("{i} ")).collect::<String>() + "\n").collect();
    std::fs::write(&file, format!("{}\n{text}", cover.items)).unwrap();
    let script = support::root().join("dlx-core/benches/cpsat_cover.py");
    let out = Command::new(&python).arg(&script).arg(&file).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text.split_whitespace();
    let least = words.next()?;
    Some((least.parse().ok(), words.next()?.parse().ok()?))
}

fn best_ms(mut run: impl FnMut()) -> f64 {
    (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::MAX, f64::min)
}

/// Options the template may try before the bench gives up on it.
const TEMPLATE_CAP: u64 = 50_000_000;

fn covers() -> Vec<Cover> {
    let mut seed = 0x7265_7065_6174;
    let mut covers = Vec::new();
    for (items, options, percent) in [(20, 30, 15), (40, 60, 10), (60, 80, 8), (100, 120, 5), (150, 180, 4)] {
        covers.push(random_cover(items, options, percent, &mut seed));
    }
    for (cities, radars, k) in [(30, 30, 5), (40, 40, 8), (50, 50, 10)] {
        covers.push(radar_cover(cities, radars, k, &mut seed));
    }
    for (vertices, edges) in [(40, 60), (55, 80)] {
        covers.push(dominating_set(vertices, edges, &mut seed));
    }
    covers
}

fn repeat_cover_table(covers: &[Cover]) -> String {
    let mut table = String::from(
        "| instance | least | dlx nodes | template nodes | template / dlx | dlx (ms) | template (ms) | CP-SAT (ms) |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for cover in covers {
        let (least, nodes) = ours(cover, None);
        let least = least.unwrap();
        let ms = best_ms(|| {
            ours(cover, None);
        });
        let (their_nodes, ratio, their_ms) = match template_capped(cover.items, &cover.options, None, TEMPLATE_CAP) {
            Some((their_least, their_nodes)) => {
                assert_eq!(least, their_least, "{}: the template differs", cover.name);
                let their_ms = best_ms(|| {
                    template(cover.items, &cover.options, None);
                });
                (
                    their_nodes.to_string(),
                    format!("{:.1}", their_nodes as f64 / nodes.max(1) as f64),
                    format!("{their_ms:.1}"),
                )
            }
            None => (
                format!("over {TEMPLATE_CAP}"),
                format!("over {:.0}", TEMPLATE_CAP as f64 / nodes.max(1) as f64),
                "gave up".into(),
            ),
        };
        let cp = match cp_sat(cover) {
            Some((Some(cp_least), cp_ms)) => {
                assert_eq!(least, cp_least, "{}: CP-SAT differs", cover.name);
                format!("{cp_ms:.1}")
            }
            Some((None, cp_ms)) => format!("gave up at {cp_ms:.0}"),
            None => "-".into(),
        };
        let row =
            format!("| {} | {least} | {nodes} | {their_nodes} | {ratio} | {ms:.1} | {their_ms} | {cp} |\n", cover.name);
        eprint!("{row}");
        table += &row;
    }
    table
}

/// The judges' question, "can K options do?", at the least K (yes) and one below (no).
fn at_most_table(covers: &[Cover]) -> String {
    let mut table = String::from(
        "| instance | K | dlx nodes, K | template nodes, K | dlx nodes, K - 1 | template nodes, K - 1 | dlx (ms), both | template (ms), both |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for cover in covers.iter().filter(|c| c.items <= 60) {
        let k = ours(cover, None).0.unwrap();
        let (yes, yes_nodes) = ours(cover, Some(k as i64));
        let (no, no_nodes) = ours(cover, Some(k as i64 - 1));
        assert!(yes.is_some() && no.is_none(), "{}: at most {k}", cover.name);
        let (their_yes, their_yes_nodes) = template(cover.items, &cover.options, Some(k + 1));
        let (their_no, their_no_nodes) = template(cover.items, &cover.options, Some(k));
        assert!(their_yes == k && their_no == k, "{}: the template's answers", cover.name);
        let ms = best_ms(|| {
            ours(cover, Some(k as i64));
            ours(cover, Some(k as i64 - 1));
        });
        let their_ms = best_ms(|| {
            template(cover.items, &cover.options, Some(k + 1));
            template(cover.items, &cover.options, Some(k));
        });
        let row = format!(
            "| {} | {k} | {yes_nodes} | {their_yes_nodes} | {no_nodes} | {their_no_nodes} | {ms:.2} | {their_ms:.2} |\n",
            cover.name
        );
        eprint!("{row}");
        table += &row;
    }
    table
}

fn main() {
    let mut body = String::new();
    let _ = writeln!(
        body,
        "`make bench-family`, best of {RUNS} runs.\n\n### Repeat cover: fewest options covering every item\n\n\
         `dlx_problem_minimum` with every item bounded 1..=its options, against the judges' template with its \
         `h()` (written in the bench; it gives up after {TEMPLATE_CAP} options tried) and OR-Tools CP-SAT \
         (one worker, as the others run; it gives up after 60 s, best of 3 only when a run takes under a second). \
         Random instances: each item in each option with the probability shown; radar: HDU 2295's geometry at \
         the radius where K radars first suffice; dominating sets: HDU 3498's, random graphs. Nodes are options \
         tried; ms include building the problem.\n"
    );
    let covers = covers();
    body += &repeat_cover_table(&covers);
    let _ = writeln!(
        body,
        "\n### The judges' question: can K options do?\n\n\
         `dlx_problem_at_most` at the least K (a cover exists) and at K - 1 (none does), against the \
         template started with `best` = K + 1 and K, as HDU 2295's bisection calls it.\n"
    );
    body += &at_most_table(&covers);
    support::write_section("family", "Knuth's family and repeat cover", &body);
}
