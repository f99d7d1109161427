//! Minimum-cost perfect matching on small square matrices (the Hungarian method, in the
//! O(n^3) shortest augmenting path form), returning the dual potentials with the matching.
//!
//! The potentials are what the target bound needs: for every pair, `cost - u[i] - v[j] >= 0`
//! (the reduced cost), it is 0 on the matched pairs, and `sum(u) + sum(v)` equals the optimum,
//! so any other perfect matching costs exactly the optimum plus the sum of its reduced costs.
//! Integer costs keep all of this exact.

/// The largest matrix side supported (the rows of a 9x9 Sudoku).
pub const MAX_N: usize = 9;

/// A cost that marks a forbidden pair. Large enough that no matching using one can beat one
/// that avoids them, small enough that sums of `MAX_N` of them cannot overflow.
pub const FORBIDDEN: i64 = 1 << 40;

/// An optimal matching and its certificate.
#[derive(Clone, Copy, Debug)]
pub struct Assignment {
    /// `column_of[i]`: the column matched to row `i`.
    pub column_of: [usize; MAX_N],
    /// Row and column potentials.
    pub u: [i64; MAX_N],
    pub v: [i64; MAX_N],
    /// The optimal total cost, `sum(u) + sum(v)`.
    pub cost: i64,
}

impl Assignment {
    /// `cost[i][j] - u[i] - v[j]`: how much more than the optimum any perfect matching that
    /// uses pair (i, j) must cost, at least.
    pub fn reduced_cost(&self, cost: &[[i64; MAX_N]; MAX_N], i: usize, j: usize) -> i64 {
        cost[i][j] - self.u[i] - self.v[j]
    }

    /// For every pair (i, j) of the `n` x `n` problem: exactly how much more than the optimum
    /// the cheapest perfect matching that uses (i, j) costs (FORBIDDEN or more when none can).
    /// At least the reduced cost, often more: forcing i to j displaces j's row, which must take
    /// another column, and so on until a row takes i's old column. In reduced costs (zero on
    /// matched pairs) that chain is a path over rows, a -> b costing `reduced(a, column_of[b])`
    /// (a takes b's column), from j's row to i; so the penalty is `reduced(i, j)` plus the
    /// shortest such path, all pairs at once by Floyd-Warshall (n^3, 729 steps for a 9x9 row).
    #[allow(clippy::needless_range_loop)] // matrix code: indices are the clearer form
    pub fn penalties(&self, cost: &[[i64; MAX_N]; MAX_N], n: usize) -> [[i64; MAX_N]; MAX_N] {
        let mut dist = [[FORBIDDEN; MAX_N]; MAX_N];
        for a in 0..n {
            for b in 0..n {
                dist[a][b] = if a == b { 0 } else { self.reduced_cost(cost, a, self.column_of[b]).min(FORBIDDEN) };
            }
        }
        for k in 0..n {
            for a in 0..n {
                for b in 0..n {
                    let through = dist[a][k].saturating_add(dist[k][b]);
                    if through < dist[a][b] {
                        dist[a][b] = through;
                    }
                }
            }
        }
        let mut row_of = [0; MAX_N];
        for i in 0..n {
            row_of[self.column_of[i]] = i;
        }
        let mut penalty = [[FORBIDDEN; MAX_N]; MAX_N];
        for i in 0..n {
            for j in 0..n {
                penalty[i][j] = self.reduced_cost(cost, i, j).saturating_add(dist[row_of[j]][i]);
            }
        }
        penalty
    }
}

/// Solves the `n` x `n` top-left corner of `cost` (`1 <= n <= MAX_N`): the tests' cold start.
#[cfg(test)]
pub fn solve(cost: &[[i64; MAX_N]; MAX_N], n: usize) -> Assignment {
    solve_from(cost, n, None)
}

/// [`solve`], warm-started from an optimal assignment of slightly different costs (the
/// target bound re-solves the same rows after small multiplier steps): the old column
/// potentials are kept, row potentials are lowered until no reduced cost is negative, matched
/// pairs that are still tight are kept, and only the other rows are augmented again.
pub fn solve_from(cost: &[[i64; MAX_N]; MAX_N], n: usize, warm: Option<&Assignment>) -> Assignment {
    debug_assert!((1..=MAX_N).contains(&n));
    // 1-based internally, index 0 being the virtual start of each augmenting path.
    let mut u = [0i64; MAX_N + 1];
    let mut v = [0i64; MAX_N + 1];
    let mut row_of = [0usize; MAX_N + 1]; // row_of[j]: row matched to column j, 0 if none
    let mut pending = [0usize; MAX_N];
    let mut pending_count = 0;
    match warm {
        None => {
            for i in 1..=n {
                pending[pending_count] = i;
                pending_count += 1;
            }
        }
        Some(previous) => {
            v[1..=n].copy_from_slice(&previous.v[..n]);
            for i in 1..=n {
                u[i] = (1..=n).map(|j| cost[i - 1][j - 1] - v[j]).min().unwrap_or(0);
                let j = previous.column_of[i - 1] + 1;
                if j <= n && row_of[j] == 0 && cost[i - 1][j - 1] - u[i] - v[j] == 0 {
                    row_of[j] = i;
                } else {
                    pending[pending_count] = i;
                    pending_count += 1;
                }
            }
        }
    }
    for &i in &pending[..pending_count] {
        augment(cost, n, i, &mut u, &mut v, &mut row_of);
    }
    let mut out = Assignment { column_of: [0; MAX_N], u: [0; MAX_N], v: [0; MAX_N], cost: 0 };
    for (j, &i) in row_of[1..=n].iter().enumerate() {
        out.column_of[i - 1] = j;
    }
    out.u[..n].copy_from_slice(&u[1..=n]);
    out.v[..n].copy_from_slice(&v[1..=n]);
    out.cost = u[1..=n].iter().chain(&v[1..=n]).sum();
    out
}

/// Matches row `i` along a shortest augmenting path (Dijkstra on reduced costs), then adjusts
/// the potentials so that every reduced cost stays non-negative and matched pairs stay tight:
/// a column reached at distance `d` before the path's end at `D` moves by `D - d` (the sum of
/// the steps after it was reached, as the textbook form adds them one step at a time).
fn augment(
    cost: &[[i64; MAX_N]; MAX_N],
    n: usize,
    i: usize,
    u: &mut [i64; MAX_N + 1],
    v: &mut [i64; MAX_N + 1],
    row_of: &mut [usize; MAX_N + 1],
) {
    let mut way = [0usize; MAX_N + 1];
    let mut dist = [i64::MAX; MAX_N + 1];
    // Columns reached, in order, with their distances; column 0 stands for row i.
    let mut reached = [(0usize, 0i64); MAX_N + 1];
    let mut count = 0;
    let mut done = 0u32;
    row_of[0] = i;
    let (mut j0, mut d0) = (0, 0);
    loop {
        done |= 1 << j0;
        reached[count] = (j0, d0);
        count += 1;
        let i0 = row_of[j0];
        let (row, base) = (&cost[i0 - 1], d0 - u[i0]);
        let (mut delta, mut j1) = (i64::MAX, 0);
        for j in 1..=n {
            if done & 1 << j == 0 {
                let through = base + row[j - 1] - v[j];
                if through < dist[j] {
                    dist[j] = through;
                    way[j] = j0;
                }
                if dist[j] < delta {
                    delta = dist[j];
                    j1 = j;
                }
            }
        }
        (j0, d0) = (j1, delta);
        if row_of[j0] == 0 {
            break;
        }
    }
    for &(j, d) in &reached[..count] {
        u[row_of[j]] += d0 - d;
        v[j] -= d0 - d;
    }
    loop {
        let j1 = way[j0];
        row_of[j0] = row_of[j1];
        j0 = j1;
        if j0 == 0 {
            break;
        }
    }
}
