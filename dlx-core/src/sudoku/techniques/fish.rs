//! Basic fish: a digit whose places in n base lines (columns, then rows, as SE looks) lie in
//! n cross lines is out of the rest of the cross lines (X-Wing 3.2, Swordfish 3.8,
//! Jellyfish 5.2). SE skips a digit already placed more than 9 - 2n times.

use crate::bits::ones;

use super::grid::{COLUMNS, Grid, PEERS, ROWS, UNITS};
use super::{Step, Technique};

/// The first fish of `degree` lines.
pub fn fish(grid: &Grid, degree: u32) -> Option<Step> {
    let (technique, rating) = match degree {
        2 => (Technique::XWing, 32),
        3 => (Technique::Swordfish, 38),
        _ => (Technique::Jellyfish, 52),
    };
    for (base, cover) in [(COLUMNS, ROWS), (ROWS, COLUMNS)] {
        for lines in (0u16..512).filter(|m| m.count_ones() == degree) {
            'digits: for digit in 1..=9u8 {
                if grid.placed(digit) + 2 * degree > 9 {
                    continue;
                }
                let mut union = 0u16;
                for l in ones(lines) {
                    let p = grid.positions(base + l, digit);
                    if p.count_ones() < 2 {
                        continue 'digits;
                    }
                    union |= p;
                }
                if union.count_ones() != degree {
                    continue;
                }
                let bit = 1 << (digit - 1);
                let mut step = Step::new(technique, rating);
                step.digits = bit;
                for x in ones(union) {
                    for (i, &c) in UNITS[cover + x].iter().enumerate() {
                        let c = c as usize;
                        if grid.cands[c] & bit == 0 {
                            continue;
                        }
                        // Cell i of a cover line lies on base line i.
                        if lines & 1 << i != 0 {
                            step.cells |= 1 << c;
                        } else {
                            step.eliminations[c] = bit;
                        }
                    }
                }
                if step.progresses(grid) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Sukaku Explainer's strong-link chains ("Scraper, Kite, Turbot" for two links, "3/4
/// Strong-linked Fishes"): on one digit, `links` conjugate pairs (units where the digit has
/// two places), each pair's second cell seeing the next pair's first. One end of each pair
/// holds the digit, so one of the chain's two ends does, and cells seeing both ends lose it.
/// Rated 4.0, 5.4, 5.8 for 2, 3, 4 links, +0.1 with boxes or both kinds of lines among the
/// links, +0.2 with boxes and both kinds. (Sukaku's grouped links and loops are not here.)
pub fn strong_links(grid: &Grid, links: usize) -> Option<Step> {
    let base = match links {
        2 => 40,
        3 => 54,
        _ => 58,
    };
    let mut best: Option<((u8, i32), Step)> = None;
    for digit in 0..9usize {
        // The digit's conjugate pairs: (cell, cell, unit kind 0 box, 1 row, 2 column).
        let mut pairs = [(0u8, 0u8, 0u8); 27];
        let mut n = 0;
        for unit in 0..27 {
            let at = grid.positions(unit, digit as u8 + 1);
            if at.count_ones() == 2 {
                let a = UNITS[unit][at.trailing_zeros() as usize];
                let b = UNITS[unit][15 - at.leading_zeros() as usize];
                let kind = if unit < COLUMNS { 0 } else if unit < ROWS { 2 } else { 1 };
                pairs[n] = (a, b, kind);
                n += 1;
            }
        }
        let mut chain = [(0u8, 0u8, 0u8); 4];
        extend(grid, digit, &pairs[..n], &mut chain, 0, links, base, &mut best);
    }
    best.map(|(_, step)| step)
}

/// Grows the chain at `depth` by every pair (either way round) that links on, offering each
/// complete chain's step to `best`.
#[allow(clippy::too_many_arguments)]
fn extend(
    grid: &Grid,
    digit: usize,
    pairs: &[(u8, u8, u8)],
    chain: &mut [(u8, u8, u8); 4],
    depth: usize,
    links: usize,
    base: u8,
    best: &mut Option<((u8, i32), Step)>,
) {
    if depth == links {
        let used = chain[..links].iter().fold(0u128, |s, &(a, b, _)| s | 1 << a | 1 << b);
        let (start, end) = (chain[0].0 as usize, chain[links - 1].1 as usize);
        let bit = 1u16 << digit;
        let mut step = Step::new(Technique::StrongLinks2, 0);
        let mut count = 0;
        for c in super::grid::cells(PEERS[start] & PEERS[end] & !used) {
            if grid.cands[c] & bit != 0 {
                step.eliminations[c] = bit;
                count += 1;
            }
        }
        if count == 0 {
            return;
        }
        let kinds = chain[..links].iter().fold(0u8, |k, &(_, _, kind)| k | 1 << kind);
        let extra = match (kinds & 1 != 0, kinds & 6 == 6) {
            (false, false) => 0,
            (true, true) => 2,
            _ => 1,
        };
        step.rating = base + extra;
        step.technique = match links {
            2 => Technique::StrongLinks2,
            3 => Technique::StrongLinks3,
            _ => Technique::StrongLinks4,
        };
        step.cells = used;
        step.digits = bit;
        let key = (step.rating, -count);
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            *best = Some((key, step));
        }
        return;
    }
    let used = chain[..depth].iter().fold(0u128, |s, &(a, b, _)| s | 1 << a | 1 << b);
    for &(a, b, kind) in pairs {
        for (s, e) in [(a, b), (b, a)] {
            if used & (1 << s | 1 << e) != 0 {
                continue;
            }
            // The weak link: the previous pair's end sees this pair's start.
            if depth > 0 && PEERS[chain[depth - 1].1 as usize] & 1 << s == 0 {
                continue;
            }
            chain[depth] = (s, e, kind);
            extend(grid, digit, pairs, chain, depth + 1, links, base, best);
        }
    }
}
