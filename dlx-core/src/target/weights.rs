//! The score both bounds maximise: the cells' weights and the fixed-point scale of the
//! multipliers.

/// Rows, columns, boxes and digits of the grid.
pub const SIDE: usize = 9;
/// Cells of the grid.
pub const CELLS: usize = SIDE * SIDE;
/// Multiplier resolution: one point is SCALE units, so the bounds are integer arithmetic.
pub const SCALE: i64 = 1 << 10;

/// A 9x9 grid, row-major: 0 blank, 1..=9 a digit.
pub type Grid = [u8; CELLS];

/// 10 at the centre, then 9, 8, 7 and 6 on the rings around it.
pub const fn weight(cell: usize) -> i64 {
    let (r, c) = ((cell / SIDE) as i64, (cell % SIDE) as i64);
    let ring = if (r - 4).abs() > (c - 4).abs() { (r - 4).abs() } else { (c - 4).abs() };
    10 - ring
}

/// The weighted score of a complete grid.
pub fn score(grid: &Grid) -> i64 {
    grid.iter().enumerate().map(|(cell, &d)| weight(cell) * i64::from(d)).sum()
}

/// `x` rounded to the nearest integer, halves away from zero, as `f64::round` (which `core`
/// lacks), saturating at the ends of `i64`: how the bounds' subgradient steps become integer
/// multipliers.
pub fn round(x: f64) -> i64 {
    let whole = x as i64;
    // Exact: a float minus its integer part loses no bits.
    let fraction = x - whole as f64;
    // Without branches: the fractions of a step's 81 products are random, and the mispredicted
    // branches were most of a step's time.
    whole.saturating_add(i64::from(fraction >= 0.5) - i64::from(fraction <= -0.5))
}
