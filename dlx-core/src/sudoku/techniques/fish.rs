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
/// Strong-linked Fishes"): on one digit, `links` strong links (units where the digit's places
/// fall into two ends, each a cell or a group of cells sharing a box and a line), each
/// link's second end seeing all of the next link's first end. One end of each link holds
/// the digit, so one of the chain's two outer ends does, and cells seeing all of both lose
/// it. Rated 4.0, 5.4, 5.8 for 2, 3, 4 links, +0.1 with boxes or both kinds of lines among
/// the links, +0.2 with boxes and both kinds, +0.3 with a group. (Sukaku's empty rectangles
/// and loops are not here.)
pub fn strong_links(grid: &Grid, links: usize) -> Option<Step> {
    let base = match links {
        2 => 40,
        3 => 54,
        _ => 58,
    };
    let mut best: Option<((u8, i32), Step)> = None;
    for digit in 0..9usize {
        let mut pairs = [Link { a: 0, b: 0, kind: 0, grouped: false }; 27];
        let mut n = 0;
        for unit in 0..27 {
            if let Some(link) = link_of(grid, unit, digit) {
                pairs[n] = link;
                n += 1;
            }
        }
        let mut chain = [Link { a: 0, b: 0, kind: 0, grouped: false }; 4];
        extend(grid, digit, &pairs[..n], &mut chain, 0, links, base, &mut best);
    }
    best.map(|(_, step)| step)
}

/// A strong link: the digit is in end `a` or in end `b` (sets of cells) of a unit of `kind`
/// (0 box, 1 row, 2 column); `grouped` when an end has more than one cell.
#[derive(Clone, Copy)]
struct Link {
    a: u128,
    b: u128,
    kind: u8,
    grouped: bool,
}

/// The unit's strong link on `digit`, if its places fall into two ends: single cells, or
/// groups inside one box and one line (for a line, the cells in one box; for a box, the cells
/// in one row, or else in one column).
fn link_of(grid: &Grid, unit: usize, digit: usize) -> Option<Link> {
    let at = grid.positions(unit, digit as u8 + 1);
    if at.count_ones() < 2 {
        return None;
    }
    let cells_of = |m: u16| crate::bits::ones(m).fold(0u128, |s, i| s | 1 << UNITS[unit][i]);
    let kind = if unit < COLUMNS { 0 } else if unit < ROWS { 2 } else { 1 };
    if at.count_ones() == 2 {
        let first = at & at.wrapping_neg();
        return Some(Link { a: cells_of(first), b: cells_of(at & !first), kind, grouped: false });
    }
    // Split by thirds of the unit: a line's thirds are its boxes, a box's are its rows
    // (then, failing that, its columns).
    let splits: &[[u16; 3]] = if kind == 0 { &[[0o7, 0o70, 0o700], [0o111, 0o222, 0o444]] } else { &[[0o7, 0o70, 0o700]] };
    for thirds in splits {
        let used: [u16; 3] = [at & thirds[0], at & thirds[1], at & thirds[2]];
        let parts: u32 = used.iter().filter(|m| **m != 0).count() as u32;
        if parts == 2 {
            let mut ends = used.iter().filter(|m| **m != 0);
            let (a, b) = (*ends.next()?, *ends.next()?);
            return Some(Link { a: cells_of(a), b: cells_of(b), kind, grouped: true });
        }
    }
    None
}

/// The cells that see every cell of `set`.
fn seeing_all(set: u128) -> u128 {
    super::grid::cells(set).fold(!0u128 >> 47, |s, c| s & PEERS[c])
}

/// Grows the chain at `depth` by every link (either way round) that links on, offering each
/// complete chain's step to `best`.
#[allow(clippy::too_many_arguments)]
fn extend(
    grid: &Grid,
    digit: usize,
    pairs: &[Link],
    chain: &mut [Link; 4],
    depth: usize,
    links: usize,
    base: u8,
    best: &mut Option<((u8, i32), Step)>,
) {
    let used = chain[..depth].iter().fold(0u128, |s, l| s | l.a | l.b);
    if depth == links {
        let (start, end) = (chain[0].a, chain[links - 1].b);
        let bit = 1u16 << digit;
        let mut step = Step::new(Technique::StrongLinks2, 0);
        let mut count = 0;
        for c in super::grid::cells(seeing_all(start) & seeing_all(end) & !used) {
            if grid.cands[c] & bit != 0 {
                step.eliminations[c] = bit;
                count += 1;
            }
        }
        if count == 0 {
            return;
        }
        let kinds = chain[..links].iter().fold(0u8, |k, l| k | 1 << l.kind);
        let extra = if chain[..links].iter().any(|l| l.grouped) {
            3
        } else {
            match (kinds & 1 != 0, kinds & 6 == 6) {
                (false, false) => 0,
                (true, true) => 2,
                _ => 1,
            }
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
    for link in pairs {
        for (s, e) in [(link.a, link.b), (link.b, link.a)] {
            if used & (s | e) != 0 {
                continue;
            }
            // The weak link: every cell of the previous end sees every cell of this start.
            if depth > 0 && seeing_all(chain[depth - 1].b) & s != s {
                continue;
            }
            chain[depth] = Link { a: s, b: e, ..*link };
            extend(grid, digit, pairs, chain, depth + 1, links, base, best);
        }
    }
}
