//! A second bound for the weighted 9x9 maximum (see `target`): each digit's nine places form a
//! "pattern" (one cell in every row, column and box), and a grid is nine disjoint patterns.
//! Move "one digit per cell" into the objective with a multiplier per cell and what is left
//! falls apart into one independent problem per digit: its best pattern, found band by band
//! (see [`Bands`]). For multipliers u and any completion,
//!
//! ```text
//!     SCALE * score <= sum of u(cell) + sum over digits of max over patterns
//!                      of sum of (SCALE * digit * weight(cell) - u(cell)) over its cells
//! ```
//!
//! Its best value is the bound of Dantzig-Wolfe's pattern formulation, which on the first five
//! near-empty grids where `target`'s row relaxation stayed 1.5 to 4 points above the optimum
//! was measured within half a point of it (HiGHS on all 46,656 patterns per digit, run by
//! hand; on a few grids found since it is one or two points above, and the search closes the
//! rest: see docs/design.md). A step costs about 6 us, so `target` calls on it only
//! when its own bound has stalled.

use super::weights::{CELLS, SCALE, SIDE, round, weight};
use crate::deadline::Deadline;

/// Marks a cell a digit may not use, and "no pattern": below every sum of real profits (the
/// multipliers stay within CELL_MULTIPLIER_LIMIT), yet nine of it stay far from overflow, so a
/// sum below `NO_PATTERN / 2` passes a barred cell.
pub(crate) const NO_PATTERN: Profit = -(1 << 27);
/// A digit's profit in a cell, in 1/SCALE points. 32 bits, not 64: the band tables took 15%
/// fewer instructions on a hill-climbed set, and twice as many fit a vector (see [`Lanes`]).
pub(crate) type Profit = i32;
/// The cell multipliers stay within this, so a profit stays below 2^22 + 92,160 in magnitude
/// and nine of them below 2^26 = -NO_PATTERN / 2: a sum of nine real profits stays above
/// `NO_PATTERN / 2`, one through a barred cell below it, and nine NO_PATTERNs fit in 32 bits.
const CELL_MULTIPLIER_LIMIT: i64 = 1 << 22;
/// Steps without a new low after which [`PatternBound::tighten`] stops: the bound has stalled.
const STALL_STEPS: usize = 200;
/// Steps between checks of progress: a window whose fall, kept up, misses the target ends it.
const PROGRESS_WINDOW: usize = 50;
/// How much of the last step's direction a step keeps (Camerini, Fratta and Maffioli).
const DEFLECT: f64 = 0.6;

/// `$wide` (calls of functions compiled for AVX2) where `$avx2` (a bound's `avx2`) says the
/// processor runs AVX2, else `$portable` (always, off x86-64): the bound's one choice between
/// its two forms.
macro_rules! in_avx2_if {
    ($avx2:expr, $wide:expr, $portable:expr) => {{
        #[cfg(target_arch = "x86_64")]
        let chosen = if $avx2 {
            // SAFETY: a bound's `avx2` is set only where the processor and the system run AVX2.
            unsafe { $wide }
        } else {
            $portable
        };
        #[cfg(not(target_arch = "x86_64"))]
        let chosen = $portable;
        chosen
    }};
}

/// The multipliers (one per cell, in 1/SCALE points) and each digit's best pattern at the
/// multipliers last evaluated.
#[derive(Clone)]
pub struct PatternBound {
    /// Within CELL_MULTIPLIER_LIMIT: 32 bits, as the profits are.
    multipliers: [Profit; CELLS],
    /// The column of each row in each digit's best pattern (index digit - 1).
    pattern: [[u8; SIDE]; SIDE],
    /// Where the last [`PatternBound::tighten`] ended: each digit's best pattern through each
    /// cell (`through[row][col]`, lane `digit - 1`, NO_PATTERN where none passes) and its
    /// best, from which [`PatternBound::shortfalls`] are read. Kept as they come rather than as
    /// the shortfalls: most calls (the search's nodes) never ask for them.
    through: [[Lanes; SIDE]; SIDE],
    best: [Profit; SIDE],
    /// Scratch tables each evaluation fills afresh (the profits at the multipliers, the bands'
    /// best sums): kept here so that no evaluation first fills 3.9 KB tables with constants.
    profit: [[Lanes; SIDE]; SIDE],
    bands: Bands<Lanes>,
    /// Evaluations so far (each digit's best pattern at one set of multipliers): the bound's
    /// effort, for tests and benchmarks.
    pub evaluations: u64,
    /// Whether the evaluations may use AVX2 (asked of the processor once per bound: no state
    /// outside it).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    avx2: bool,
}

/// One call of [`PatternBound::tighten`]: its inputs (the multipliers it started from), the
/// evaluations it took, the bound where it ended, and its answer.
pub(crate) struct TightenMemo {
    multipliers: [Profit; CELLS],
    allowed: [u32; CELLS],
    target: i64,
    steps: usize,
    evaluations: u64,
    after: PatternBound,
    result: Option<[u32; CELLS]>,
}

impl Default for PatternBound {
    fn default() -> Self {
        PatternBound {
            multipliers: [0; CELLS],
            pattern: [[0; SIDE]; SIDE],
            through: [[Lanes([NO_PATTERN; LANES]); SIDE]; SIDE],
            best: [NO_PATTERN; SIDE],
            profit: [[Lanes([NO_PATTERN; LANES]); SIDE]; SIDE],
            bands: Bands { best: [[Lanes([NO_PATTERN; LANES]); 27]; 3] },
            evaluations: 0,
            #[cfg(target_arch = "x86_64")]
            avx2: has_avx2(),
            #[cfg(not(target_arch = "x86_64"))]
            avx2: false,
        }
    }
}

impl PatternBound {
    /// The bound (in 1/SCALE points) over the grids within `allowed` (bit d of a cell's mask:
    /// digit d may go there) at the current multipliers; None when some digit has no pattern
    /// at all (no grid is within `allowed`).
    /// `weights` is [`lane_weights`] of `allowed`.
    fn evaluate(&mut self, weights: &[[Lanes; SIDE]; SIDE]) -> Option<i64> {
        self.evaluations += 1;
        let value: i64 = self.multipliers.iter().map(|&u| i64::from(u)).sum();
        let totals = in_avx2_if!(
            self.avx2,
            {
                lane_profits_avx2(weights, &self.multipliers, &mut self.profit);
                best_patterns_avx2(&self.profit, &mut self.bands, &mut self.pattern)
            },
            {
                lane_profits(weights, &self.multipliers, &mut self.profit);
                best_patterns(&self.profit, &mut self.bands, &mut self.pattern)
            }
        )?;
        Some(value + totals.iter().map(|&t| i64::from(t)).sum::<i64>())
    }

    /// Whether no grid within `allowed` can score `target` or more, and if that is not proven,
    /// the candidates that can still be part of such a grid. Evaluates the bound at the
    /// current multipliers and, while that proves nothing, takes up to `steps` subgradient
    /// steps (Polyak's rule along deflected directions, see DEFLECT, aimed a fifth of a point
    /// below `target`: half a point took three times the nodes on a grid whose bound converges
    /// to exactly `target`, a tenth more again; a twentieth took 33% fewer instructions on a
    /// set hill-climbed against a fifth, but the climb run against it found a set where it took
    /// 24% more). Any multipliers give a valid bound, so a `None` is a proof; they stay where
    /// they ended, for the next call to start from. A (cell, digit) is dropped from the
    /// candidates when even the best pattern of the digit through the cell leaves the bound
    /// below `SCALE * target` (Lagrangian variable fixing: with a bound a fraction of a point
    /// above the target, most candidates go). Fewer steps are taken once `deadline` passes (the
    /// bound stays valid; the caller sees the deadline passed).
    pub fn tighten(
        &mut self,
        allowed: &[u32; CELLS],
        target: i64,
        steps: usize,
        deadline: &mut Deadline,
    ) -> Option<[u32; CELLS]> {
        // Steps stop once the bound has not fallen for STALL_STEPS steps: it has reached what
        // these multipliers can give (the target is then usually reachable); or once it falls
        // too slowly to reach the target in the steps left (PROGRESS_WINDOW).
        let (mut lowest, mut stalled) = (i64::MAX, 0);
        // The last step's direction (see DEFLECT), fresh at each call.
        let mut direction = [0.0f64; CELLS];
        // The lowest bound when the current window of PROGRESS_WINDOW steps began (none for
        // the first window: the first steps fall fastest).
        let mut window_start = None;
        let weights = self.lane_weights(allowed);
        for step in 0..steps {
            // A step costs about what 32 DLX nodes do.
            if deadline.tick(32) {
                break;
            }
            let value = self.evaluate(&weights)?;
            if value < SCALE * target {
                return None;
            }
            if value < lowest {
                (lowest, stalled) = (value, 0);
            } else {
                stalled += 1;
                if stalled >= STALL_STEPS {
                    break;
                }
            }
            if step > 0 && step % PROGRESS_WINDOW == 0 {
                let windows_left = ((steps - step) / PROGRESS_WINDOW) as i64;
                if window_start.is_some_and(|start: i64| lowest - SCALE * target > (start - lowest) * windows_left) {
                    break;
                }
                window_start = Some(lowest);
            }
            if !self.step(value, target, &mut direction) {
                // The patterns already form a grid reaching target.
                break;
            }
        }
        // The bound where the steps ended, from each digit's best pattern through every cell
        // (the best through a cell of the first row is the digit's best), which the fixing
        // needs anyway.
        self.evaluations += 1;
        let mut value: i64 = self.multipliers.iter().map(|&u| i64::from(u)).sum();
        in_avx2_if!(
            self.avx2,
            {
                lane_profits_avx2(&weights, &self.multipliers, &mut self.profit);
                best_through_avx2(&self.profit, &mut self.bands, &mut self.through);
            },
            {
                lane_profits(&weights, &self.multipliers, &mut self.profit);
                best_through_lanes(&self.profit, &mut self.bands, &mut self.through);
            }
        );
        for (l, best) in self.best.iter_mut().enumerate() {
            *best = self.through[0].iter().map(|via| via.0[l]).max().unwrap_or(NO_PATTERN);
            if *best == NO_PATTERN {
                return None;
            }
            value += i64::from(*best);
        }
        if value < SCALE * target {
            return None;
        }
        // A grid with `digit` in `cell` has a pattern of the digit through the cell, so its
        // bound is at most `value - (best - via)`: below target once that shortfall exceeds
        // the slack. Shortfalls stay below 2^28 (see CELL_MULTIPLIER_LIMIT), so 32 bits hold
        // them and a slack clamped to 2^30.
        let slack = (value - SCALE * target).min(1 << 30) as Profit;
        let best = Lanes(core::array::from_fn(|l| if l < SIDE { self.best[l] } else { 0 }));
        Some(in_avx2_if!(self.avx2, survivors_avx2(&self.through, best, slack), survivors_of(&self.through, best, slack)))
    }

    /// [`PatternBound::tighten`], or what it gave last time from the same multipliers,
    /// candidates, target and steps (`memo`): the restarts of a search with the pattern bound
    /// make the same call at their root. The evaluations count as if it ran again.
    pub(crate) fn tighten_remembered(
        &mut self,
        memo: &mut Option<TightenMemo>,
        allowed: &[u32; CELLS],
        target: i64,
        steps: usize,
        deadline: &mut Deadline,
    ) -> Option<[u32; CELLS]> {
        if let Some(m) = memo.as_ref()
            && m.multipliers == self.multipliers
            && m.allowed == *allowed
            && (m.target, m.steps) == (target, steps)
        {
            let evaluations = self.evaluations + m.evaluations;
            self.take_state(&m.after);
            self.evaluations = evaluations;
            return m.result;
        }
        let (multipliers, before) = (self.multipliers, self.evaluations);
        let result = self.tighten(allowed, target, steps, deadline);
        // A call the deadline cut short is not what the same call would give.
        if !deadline.passed() {
            let evaluations = self.evaluations - before;
            // Updated in place: a memo built afresh was a 12 KB temporary on the stack.
            match memo {
                Some(m) => {
                    (m.multipliers, m.allowed, m.target, m.steps, m.evaluations, m.result) = (multipliers, *allowed, target, steps, evaluations, result);
                    m.after.take_state(self);
                }
                None => *memo = Some(TightenMemo { multipliers, allowed: *allowed, target, steps, evaluations, after: self.clone(), result }),
            }
        }
        result
    }

    /// `from`'s multipliers, patterns and fixing tables, copied field by field (a clone was a
    /// temporary, then a copy); the scratch tables are left, as every evaluation fills them
    /// afresh, and so is `evaluations`.
    fn take_state(&mut self, from: &PatternBound) {
        self.multipliers = from.multipliers;
        self.pattern = from.pattern;
        self.through = from.through;
        self.best = from.best;
        self.avx2 = from.avx2;
    }

    /// One subgradient step from the patterns of the evaluation that gave `value` (Polyak's
    /// rule, aimed a fifth of a point below `target` as [`PatternBound::tighten`] says, deflected
    /// by `direction`, the last step's, which it becomes); false, and no step, when the nine
    /// patterns already form a grid.
    fn step(&mut self, value: i64, target: i64, direction: &mut [f64; CELLS]) -> bool {
        let aim = SCALE * target - SCALE / 5;
        let deflected = in_avx2_if!(self.avx2, deflect_avx2(&self.pattern, direction), deflect(&self.pattern, direction));
        let Some(norm2) = deflected else {
            return false;
        };
        // L falls as the multipliers of over-covered cells rise.
        let step = (value - aim) as f64 / norm2;
        in_avx2_if!(self.avx2, move_avx2(&mut self.multipliers, direction, step), move_multipliers(&mut self.multipliers, direction, step, 0));
        true
    }

    /// How often each candidate (`[cell][digit]`) is in its digit's best pattern over `steps`
    /// more steps towards `target` over the grids within `allowed`: where the relaxation
    /// still hesitates between a unit's options (see `target`'s choice of the first item to
    /// branch on). The steps move the multipliers; call it on a copy. Fewer steps once
    /// `deadline` passes.
    pub fn pattern_counts(
        &mut self,
        allowed: &[u32; CELLS],
        target: i64,
        steps: usize,
        deadline: &mut Deadline,
    ) -> [[u16; SIDE + 1]; CELLS] {
        let mut counts = [[0u16; SIDE + 1]; CELLS];
        let mut direction = [0.0f64; CELLS];
        let weights = self.lane_weights(allowed);
        for _ in 0..steps {
            // As in `tighten`.
            if deadline.tick(32) {
                break;
            }
            let Some(value) = self.evaluate(&weights) else { break };
            for (digit, columns) in self.pattern.iter().enumerate() {
                for (row, &col) in columns.iter().enumerate() {
                    counts[row * SIDE + usize::from(col)][digit + 1] += 1;
                }
            }
            if !self.step(value, target, &mut direction) {
                break;
            }
        }
        counts
    }

    /// What putting each digit in each cell costs the bound where the last
    /// [`PatternBound::tighten`] ended, if it kept candidates (`[cell][digit]`, digit 1..=9,
    /// in 1/SCALE points; `i64::MAX` where no pattern passes): the order in which a dive over
    /// what it kept tries the digits.
    pub fn shortfalls(&self) -> [[i64; SIDE + 1]; CELLS] {
        let mut shortfall = [[i64::MAX; SIDE + 1]; CELLS];
        for (shortfall, via) in shortfall.iter_mut().zip(self.through.as_flattened()) {
            for (l, &best) in self.best.iter().enumerate() {
                if via.0[l] != NO_PATTERN {
                    shortfall[l + 1] = i64::from(best - via.0[l]);
                }
            }
        }
        shortfall
    }
}

/// The nine digits' profits in each cell, side by side (see [`Lanes`]): `weights` (see
/// [`lane_weights`]) less the cell's multiplier (`multipliers`), written into `profit`
/// (returning the 3.9 KB table copied it). A barred lane gets `NO_PATTERN` less the
/// multiplier, still below `NO_PATTERN / 2` with any eight real profits (see
/// CELL_MULTIPLIER_LIMIT): one subtraction a lane, where masking each lane by the candidates
/// took 6 times the instructions, at every step.
#[inline(always)]
fn lane_profits(weights: &[[Lanes; SIDE]; SIDE], multipliers: &[Profit; CELLS], profit: &mut [[Lanes; SIDE]; SIDE]) {
    // Three cells at a time, unrolled by hand: cell by cell, the loop's own counting took a
    // third of the instructions (nor does the compiler unroll a row's nine).
    let cells = profit.as_flattened_mut().as_chunks_mut::<3>().0.iter_mut();
    for ((profit, weights), u) in cells.zip(weights.as_flattened().as_chunks::<3>().0).zip(multipliers.as_chunks::<3>().0) {
        profit[0] = weights[0].less(u[0]);
        profit[1] = weights[1].less(u[1]);
        profit[2] = weights[2].less(u[2]);
    }
}

/// How often each cell is covered by the nine patterns (`pattern`, see [`PatternBound`]), less
/// one: the subgradient; None if that is zero everywhere (the patterns form a grid). Else it
/// is added to `direction` times DEFLECT, and the new direction's squared norm returned (summed
/// cell by cell in order: another order would round differently and change the steps).
#[inline(always)]
fn deflect(pattern: &[[u8; SIDE]; SIDE], direction: &mut [f64; CELLS]) -> Option<f64> {
    // 32 bits: converted to floats in vectors, which 64-bit integers are not.
    let mut excess = [-1i32; CELLS];
    for columns in pattern {
        for (row, &col) in columns.iter().enumerate() {
            excess[row * SIDE + usize::from(col)] += 1;
        }
    }
    if excess.iter().all(|&e| e == 0) {
        return None;
    }
    for (d, e) in direction.iter_mut().zip(excess) {
        *d = f64::from(e) + DEFLECT * *d;
    }
    Some(direction.iter().map(|d| d * d).sum())
}

/// [`deflect`] in 256-bit vectors, four cells at a time, the same values: the squares added to
/// the norm one by one in cell order, the multiplication and addition not fused.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn deflect_avx2(pattern: &[[u8; SIDE]; SIDE], direction: &mut [f64; CELLS]) -> Option<f64> {
    use core::arch::x86_64::*;
    const WHOLE: usize = CELLS / 4 * 4;
    // The cells' excess and zeros after them, to whole 256-bit vectors.
    let mut excess = [0i32; 88];
    excess[..CELLS].fill(-1);
    for columns in pattern {
        for (row, &col) in columns.iter().enumerate() {
            // A column is below 9: masked to 15, the index stays below 88 without a check.
            excess[row * SIDE + usize::from(col & 15)] += 1;
        }
    }
    // SAFETY (all loads and stores): `excess` holds 88 i32s, read eight at a time below 88 and
    // four at a time below WHOLE; `direction` is read and written four at a time below WHOLE.
    let mut any = _mm256_setzero_si256();
    for at in (0..88).step_by(8) {
        any = _mm256_or_si256(any, unsafe { _mm256_loadu_si256(excess.as_ptr().add(at).cast()) });
    }
    if _mm256_testz_si256(any, any) != 0 {
        return None;
    }
    let keep = _mm256_set1_pd(DEFLECT);
    let mut norm2 = 0.0;
    for at in (0..WHOLE).step_by(4) {
        let e = _mm256_cvtepi32_pd(unsafe { _mm_loadu_si128(excess.as_ptr().add(at).cast()) });
        let d = _mm256_add_pd(e, _mm256_mul_pd(keep, unsafe { _mm256_loadu_pd(direction.as_ptr().add(at)) }));
        unsafe { _mm256_storeu_pd(direction.as_mut_ptr().add(at), d) };
        let square = _mm256_mul_pd(d, d);
        let (low, high) = (_mm256_castpd256_pd128(square), _mm256_extractf128_pd::<1>(square));
        norm2 += _mm_cvtsd_f64(low);
        norm2 += _mm_cvtsd_f64(_mm_unpackhi_pd(low, low));
        norm2 += _mm_cvtsd_f64(high);
        norm2 += _mm_cvtsd_f64(_mm_unpackhi_pd(high, high));
    }
    for (d, &e) in direction[WHOLE..].iter_mut().zip(&excess[WHOLE..CELLS]) {
        *d = f64::from(e) + DEFLECT * *d;
        norm2 += *d * *d;
    }
    Some(norm2)
}

/// A step of `step` along `direction` for the multipliers from `from` on: each moves by the
/// product rounded (see [`round`]), within CELL_MULTIPLIER_LIMIT.
fn move_multipliers(multipliers: &mut [Profit; CELLS], direction: &[f64; CELLS], step: f64, from: usize) {
    for (u, d) in multipliers.iter_mut().zip(direction.iter()).skip(from) {
        *u = (i64::from(*u) + round(step * d)).clamp(-CELL_MULTIPLIER_LIMIT, CELL_MULTIPLIER_LIMIT) as Profit;
    }
}

/// [`move_multipliers`] four at a time in 256-bit vectors, the same values: a product is
/// first held within 2^24 in magnitude (a NaN taken as 0, as [`round`] gives), which changes
/// no multiplier (any move that far ends at the limit either way), so it rounds exactly in
/// doubles and converts to 32 bits; the scalar rounding's conversions with saturation were
/// most of a step.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn move_avx2(multipliers: &mut [Profit; CELLS], direction: &[f64; CELLS], step: f64) {
    use core::arch::x86_64::*;
    const FAR: f64 = (1 << 24) as f64;
    let (times, low, high) = (_mm256_set1_pd(step), _mm256_set1_pd(-FAR), _mm256_set1_pd(FAR));
    // Half away from zero is the truncation of x plus, of x's sign, the double just below one
    // half: exact for every double (the sum reaches the next integer only from a fraction of
    // one half or more; from x just below one half it stays one rounding short of 1), and the
    // conversion truncates.
    let (below_half, sign) = (_mm256_set1_pd(f64::from_bits(0.5f64.to_bits() - 1)), _mm256_set1_pd(-0.0));
    let limit = CELL_MULTIPLIER_LIMIT as i32;
    let (least, most) = (_mm_set1_epi32(-limit), _mm_set1_epi32(limit));
    let whole_vectors = CELLS / 4 * 4;
    for at in (0..whole_vectors).step_by(4) {
        // SAFETY: `at + 3 < CELLS`, in both arrays.
        let d = unsafe { _mm256_loadu_pd(direction.as_ptr().add(at)) };
        let x = _mm256_mul_pd(times, d);
        let x = _mm256_and_pd(x, _mm256_cmp_pd::<_CMP_ORD_Q>(x, x));
        let x = _mm256_min_pd(_mm256_max_pd(x, low), high);
        let moved = _mm256_cvttpd_epi32(_mm256_add_pd(x, _mm256_or_pd(below_half, _mm256_and_pd(x, sign))));
        // SAFETY: as above.
        let u = unsafe { _mm_loadu_si128(multipliers.as_ptr().add(at).cast()) };
        let u = _mm_min_epi32(_mm_max_epi32(_mm_add_epi32(u, moved), least), most);
        // SAFETY: as above.
        unsafe { _mm_storeu_si128(multipliers.as_mut_ptr().add(at).cast(), u) };
    }
    move_multipliers(multipliers, direction, step, whole_vectors);
}

/// [`move_multipliers`] from the start, in 256-bit vectors if `wide` (None when the processor
/// has no AVX2): for the tests.
#[cfg(test)]
pub(crate) fn moved_multipliers(multipliers: &[Profit; CELLS], direction: &[f64; CELLS], step: f64, wide: bool) -> Option<[Profit; CELLS]> {
    let mut moved = *multipliers;
    if !wide {
        move_multipliers(&mut moved, direction, step, 0);
        return Some(moved);
    }
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor and the system run AVX2.
        unsafe { move_avx2(&mut moved, direction, step) };
        return Some(moved);
    }
    None
}

/// [`deflect`] of `pattern` from `direction`, in 256-bit vectors if `wide` (None when the
/// processor has no AVX2): the squared norm and the new direction, for the tests.
#[cfg(test)]
pub(crate) fn deflected(pattern: &[[u8; SIDE]; SIDE], direction: &[f64; CELLS], wide: bool) -> Option<(Option<f64>, [f64; CELLS])> {
    let mut direction = *direction;
    if !wide {
        return Some((deflect(pattern, &mut direction), direction));
    }
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor and the system run AVX2.
        let norm2 = unsafe { deflect_avx2(pattern, &mut direction) };
        return Some((norm2, direction));
    }
    None
}

/// [`lane_profits`] in 256-bit vectors (its callers are not compiled for AVX2).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn lane_profits_avx2(weights: &[[Lanes; SIDE]; SIDE], multipliers: &[Profit; CELLS], profit: &mut [[Lanes; SIDE]; SIDE]) {
    lane_profits(weights, multipliers, profit);
}

/// `SCALE * digit * weight(cell)`, each digit's profit in each cell at zero multipliers (a
/// table: `weight` is a dozen instructions).
const DIGIT_WEIGHTS: [[Profit; CELLS]; SIDE + 1] = {
    let mut table = [[0; CELLS]; SIDE + 1];
    let mut digit = 1;
    while digit <= SIDE {
        let mut cell = 0;
        while cell < CELLS {
            table[digit][cell] = (SCALE * digit as i64 * weight(cell)) as Profit;
            cell += 1;
        }
        digit += 1;
    }
    table
};

impl PatternBound {
    /// [`lane_weights`], in 256-bit vectors where AVX2 runs.
    fn lane_weights(&self, allowed: &[u32; CELLS]) -> [[Lanes; SIDE]; SIDE] {
        in_avx2_if!(self.avx2, lane_weights_avx2(allowed), lane_weights(allowed))
    }
}

/// [`lane_weights`] with a vector selection per cell (the scalar form tests each lane's bit).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn lane_weights_avx2(allowed: &[u32; CELLS]) -> [[Lanes; SIDE]; SIDE] {
    use core::arch::x86_64::*;
    let mut weights = [[Lanes([NO_PATTERN; LANES]); SIDE]; SIDE];
    // SAFETY: LANE_BIT and each row of LANE_WEIGHTS hold LANES = 12 i32s, as a Lanes does.
    let (bits, bits_high) = unsafe { (_mm256_loadu_si256(LANE_BIT.as_ptr().cast()), _mm_loadu_si128(LANE_BIT.as_ptr().add(8).cast())) };
    let (no_low, no_high) = (_mm256_set1_epi32(NO_PATTERN), _mm_set1_epi32(NO_PATTERN));
    for ((weights, &allowed), table) in weights.as_flattened_mut().iter_mut().zip(allowed).zip(&LANE_WEIGHTS) {
        let (mask_low, mask_high) = (_mm256_set1_epi32(allowed as i32), _mm_set1_epi32(allowed as i32));
        let barred_low = _mm256_cmpeq_epi32(_mm256_and_si256(mask_low, bits), _mm256_setzero_si256());
        let barred_high = _mm_cmpeq_epi32(_mm_and_si128(mask_high, bits_high), _mm_setzero_si128());
        // SAFETY: as above; `weights` is a Lanes.
        unsafe {
            let (low, high) = (_mm256_loadu_si256(table.as_ptr().cast()), _mm_loadu_si128(table.as_ptr().add(8).cast()));
            _mm256_storeu_si256(weights.0.as_mut_ptr().cast(), _mm256_blendv_epi8(low, no_low, barred_low));
            _mm_storeu_si128(weights.0.as_mut_ptr().add(8).cast(), _mm_blendv_epi8(high, no_high, barred_high));
        }
    }
    weights
}

/// [`lane_weights`] of `allowed`, in 256-bit vectors if `wide` (None when the processor has no
/// AVX2): for the tests.
#[cfg(test)]
pub(crate) fn lane_weights_of(allowed: &[u32; CELLS], wide: bool) -> Option<[[[Profit; LANES]; SIDE]; SIDE]> {
    let bound = PatternBound::default();
    (!wide || bound.avx2).then(|| {
        let weights = if wide { bound.lane_weights(allowed) } else { lane_weights(allowed) };
        weights.map(|row| row.map(|cell| cell.0))
    })
}

/// The nine digits' profits in each cell at zero multipliers, side by side (see [`Lanes`]):
/// NO_PATTERN where the digit may not go (and in the spare lanes). Once per set of candidates,
/// for all the steps over it.
fn lane_weights(allowed: &[u32; CELLS]) -> [[Lanes; SIDE]; SIDE] {
    let mut weights = [[Lanes([NO_PATTERN; LANES]); SIDE]; SIDE];
    for (cell, weights) in weights.as_flattened_mut().iter_mut().enumerate() {
        for (l, weight) in weights.0.iter_mut().enumerate() {
            if allowed[cell] & LANE_BIT[l] != 0 {
                *weight = LANE_WEIGHTS[cell][l];
            }
        }
    }
    weights
}

/// Each lane's digit as a bit of a cell's candidates (none for the spare lanes).
const LANE_BIT: [u32; LANES] = {
    let mut bits = [0; LANES];
    let mut l = 0;
    while l < SIDE {
        bits[l] = 1 << (l + 1);
        l += 1;
    }
    bits
};

/// DIGIT_WEIGHTS side by side, lane `digit - 1`.
const LANE_WEIGHTS: [[Profit; LANES]; CELLS] = {
    let mut table = [[0; LANES]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut l = 0;
        while l < SIDE {
            table[cell][l] = DIGIT_WEIGHTS[l + 1][cell];
            l += 1;
        }
        cell += 1;
    }
    table
};

/// The orders of three: row `i` of a band takes its cell in stack `ORDERS[o][i]`; or band `i`
/// takes column `ORDERS[o][i]` of a stack.
const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// A band's choice of one column in each stack, `k0 + 3 k1 + 9 k2` for columns `3 s + k_s`,
/// and an order of its rows: the column of each row.
pub(crate) const COLUMN: [[[u8; 3]; 27]; 6] = {
    let mut table = [[[0u8; 3]; 27]; 6];
    let mut o = 0;
    while o < 6 {
        let mut choice = 0;
        while choice < 27 {
            let mut i = 0;
            while i < 3 {
                let stack = ORDERS[o][i];
                let k = [choice % 3, choice / 3 % 3, choice / 9][stack];
                table[o][choice][i] = (3 * stack + k) as u8;
                i += 1;
            }
            choice += 1;
        }
        o += 1;
    }
    table
};

/// Every way to deal each stack's three columns out to the three bands (one each): the choice
/// of columns each band gets.
pub(crate) const DEALS: [[u8; 3]; 216] = {
    let mut table = [[0u8; 3]; 216];
    let mut d = 0;
    while d < 216 {
        let (o0, o1, o2) = (ORDERS[d % 6], ORDERS[d / 6 % 6], ORDERS[d / 36]);
        let mut band = 0;
        while band < 3 {
            table[d][band] = (o0[band] + 3 * o1[band] + 9 * o2[band]) as u8;
            band += 1;
        }
        d += 1;
    }
    table
};

/// A pattern splits by bands: each band's three cells take one column in each stack (27
/// choices), its rows in some order of the stacks (6); and each stack's three columns go one
/// to each band (216 deals in all). So a digit's best pattern is the best deal, each the sum of
/// three bands' best for their columns: about two thousand additions a digit, no branching on
/// which cells are open (barred cells carry NO_PATTERN, which no sum survives).
#[derive(Clone)]
#[repr(transparent)]
struct Bands<T = Profit> {
    /// Per band and choice of columns: the best sum of its three cells in those columns.
    best: [[T; 27]; 3],
}

/// What [`Bands`] sums: one digit's profits, or nine digits' side by side ([`Lanes`]).
trait Sums: Copy + core::ops::Add<Output = Self> {
    fn higher(self, other: Self) -> Self;
}

impl Sums for Profit {
    #[inline(always)]
    fn higher(self, other: Self) -> Self {
        self.max(other)
    }
}

/// Lanes of [`Lanes`]: the nine digits and three that are always barred, so that the lanes fill
/// three 128-bit vectors (baseline x86-64 has no wider ones).
const LANES: usize = 12;

/// The nine digits' profits in one cell (lane `digit - 1`; the spare lanes NO_PATTERN): the
/// band sums and deals of all nine at once, the same operations on each lane, which the
/// compiler makes vector instructions of.
#[derive(Clone, Copy)]
#[repr(transparent)]
struct Lanes([Profit; LANES]);

impl Lanes {
    /// `u` taken from each lane.
    #[inline(always)]
    fn less(self, u: Profit) -> Lanes {
        Lanes(core::array::from_fn(|l| self.0[l] - u))
    }
}

impl core::ops::Add for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn add(self, other: Lanes) -> Lanes {
        Lanes(core::array::from_fn(|l| self.0[l] + other.0[l]))
    }
}

impl Sums for Lanes {
    #[inline(always)]
    fn higher(self, other: Lanes) -> Lanes {
        Lanes(core::array::from_fn(|l| self.0[l].max(other.0[l])))
    }
}

/// What [`best_through_lanes`] writes: nine digits' sums side by side, whose lanes below
/// `NO_PATTERN / 2` become NO_PATTERN, into a table of `Cell`s.
trait Through: Sums {
    type Cell;
    /// `value` into `cell`.
    fn put(cell: &mut Self::Cell, value: Self);
    /// The cells just put, floored (where `put` has not).
    fn floor(cells: &mut [Self::Cell]);
}

impl Through for Lanes {
    type Cell = Lanes;
    #[inline(always)]
    fn put(cell: &mut Lanes, value: Lanes) {
        *cell = value;
    }
    #[inline(always)]
    fn floor(cells: &mut [Lanes]) {
        // A loop over memory, which the compiler makes vector instructions of (per value, it
        // took each lane apart).
        for cell in cells {
            for lane in &mut cell.0 {
                *lane = if *lane < NO_PATTERN / 2 { NO_PATTERN } else { *lane };
            }
        }
    }
}

/// [`Lanes`] as one 256-bit and one 128-bit vector (lanes 0-7, 8-11), the same bytes: the
/// band sums and deals with explicit AVX2 instructions, two per operation, where the compiler
/// left some lanes of [`Lanes`] to scalar code. Packed, so that it has the layout (and
/// alignment) of [`Lanes`] and its tables can be read as tables of it. Made only inside
/// functions compiled for AVX2 (see [`has_avx2`]).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
#[repr(C, packed)]
struct Wide {
    low: core::arch::x86_64::__m256i,
    high: core::arch::x86_64::__m128i,
}

#[cfg(target_arch = "x86_64")]
const _: () = assert!(size_of::<Wide>() == size_of::<Lanes>() && align_of::<Wide>() <= align_of::<Lanes>());

#[cfg(target_arch = "x86_64")]
impl core::ops::Add for Wide {
    type Output = Wide;
    #[inline(always)]
    fn add(self, other: Wide) -> Wide {
        use core::arch::x86_64::*;
        // SAFETY: a Wide exists only where the processor runs AVX2 (see the type).
        unsafe { Wide { low: _mm256_add_epi32(self.low, other.low), high: _mm_add_epi32(self.high, other.high) } }
    }
}

#[cfg(target_arch = "x86_64")]
impl Sums for Wide {
    #[inline(always)]
    fn higher(self, other: Wide) -> Wide {
        use core::arch::x86_64::*;
        // SAFETY: as for `add`.
        unsafe { Wide { low: _mm256_max_epi32(self.low, other.low), high: _mm_max_epi32(self.high, other.high) } }
    }
}

impl<T: Sums> Bands<T> {
    /// Bands to [`fill`](Bands::fill) (any values: the first profit's), for the tests: the
    /// bound keeps its own.
    #[cfg(test)]
    fn blank(profit: &[[T; SIDE]; SIDE]) -> Bands<T> {
        Bands { best: [[profit[0][0]; 27]; 3] }
    }

    /// The bands' best sums for `profit`, written in place: a table built and returned (by
    /// `array::from_fn` or as an array) was copied out once more, 0.1-0.2% of a run.
    #[inline(always)]
    fn fill(&mut self, profit: &[[T; SIDE]; SIDE]) {
        // The best over the six orders, as: which row takes stack 0, and the better of the two
        // ways the other two rows take stacks 1 and 2 (for their columns k1, k2). Unrolled
        // by hand (indices known when compiled): as loops, index arithmetic and bounds checks
        // cost more than the sums.
        for (rows, best) in profit.as_chunks::<3>().0.iter().zip(&mut self.best) {
            fill_band(rows, best);
        }
    }

    /// For each of `band`'s 27 choices of columns, the best the other two bands give with it,
    /// into `others`: each stack's other two columns go to the other two bands in either way
    /// (eight deals), the best of their two bands' sums.
    #[inline(always)]
    fn others(&self, band: usize, others: &mut [T; 27]) {
        others_from(&self.best[(band + 1) % 3], &self.best[(band + 2) % 3], others);
    }

    /// The best of the six deals that deal the second and third stacks by orders `o1` and `o2`
    /// (one per order of the first stack): with `m[band][k]` the band's best when it takes
    /// column k of the first stack, of the six orders' sums `m[0][o[0]] + m[1][o[1]] +
    /// m[2][o[2]]`, by which column the first band takes, 14
    /// operations where the six sums take 17. Read in place: copying the group out first took
    /// 1.3% more instructions on a sparse climbed set.
    #[inline(always)]
    fn best_of_group(&self, o1: &[usize; 3], o2: &[usize; 3]) -> T {
        let at = |band: usize| {
            let base = 3 * o1[band] + 9 * o2[band];
            &self.best[band][base..base + 3]
        };
        let (a, b, c) = (at(0), at(1), at(2));
        (a[0] + (b[1] + c[2]).higher(b[2] + c[1]))
            .higher(a[1] + (b[0] + c[2]).higher(b[2] + c[0]))
            .higher(a[2] + (b[0] + c[1]).higher(b[1] + c[0]))
    }
}

/// [`Bands::fill`] for one band (`rows`): its best for each choice of columns, into `best`.
#[inline(always)]
fn fill_band<T: Sums>(rows: &[[T; SIDE]; 3], best: &mut [T; 27]) {
    fill_columns::<T, 0, 0>(rows, best);
    fill_columns::<T, 1, 0>(rows, best);
    fill_columns::<T, 2, 0>(rows, best);
    fill_columns::<T, 0, 1>(rows, best);
    fill_columns::<T, 1, 1>(rows, best);
    fill_columns::<T, 2, 1>(rows, best);
    fill_columns::<T, 0, 2>(rows, best);
    fill_columns::<T, 1, 2>(rows, best);
    fill_columns::<T, 2, 2>(rows, best);
}

/// [`Bands::others`] from the other two bands' best (`b1`, `b2`).
#[inline(always)]
fn others_from<T: Sums>(b1: &[T; 27], b2: &[T; 27], others: &mut [T; 27]) {
    // Unrolled by hand, as in `Bands::fill`.
    others_of::<T, 0, 0>(b1, b2, others);
    others_of::<T, 1, 0>(b1, b2, others);
    others_of::<T, 2, 0>(b1, b2, others);
    others_of::<T, 0, 1>(b1, b2, others);
    others_of::<T, 1, 1>(b1, b2, others);
    others_of::<T, 2, 1>(b1, b2, others);
    others_of::<T, 0, 2>(b1, b2, others);
    others_of::<T, 1, 2>(b1, b2, others);
    others_of::<T, 2, 2>(b1, b2, others);
}

/// [`Bands::fill`] for one band (`rows`) and its columns `K1`, `K2` in stacks 1 and 2: its
/// best for each column of stack 0.
#[inline(always)]
fn fill_columns<T: Sums, const K1: usize, const K2: usize>(rows: &[[T; SIDE]; 3], best: &mut [T; 27]) {
    // The profits read from the table in each call (through a reference the compiler cannot
    // see through): otherwise it loads each once for all nine calls and spills most of them to
    // the stack, a store and reloads more (1.2% of a climbed grid's instructions).
    let rows = core::hint::black_box(rows);
    // The other two rows' best in stacks 1 and 2, with row 0, 1 or 2 in stack 0.
    let (x, y) = (3 + K1, 6 + K2);
    let pairs = [pair(&rows[1], &rows[2], x, y), pair(&rows[2], &rows[0], x, y), pair(&rows[0], &rows[1], x, y)];
    let at = 3 * (K1 + 3 * K2);
    best[at] = (rows[0][0] + pairs[0]).higher(rows[1][0] + pairs[1]).higher(rows[2][0] + pairs[2]);
    best[at + 1] = (rows[0][1] + pairs[0]).higher(rows[1][1] + pairs[1]).higher(rows[2][1] + pairs[2]);
    best[at + 2] = (rows[0][2] + pairs[0]).higher(rows[1][2] + pairs[1]).higher(rows[2][2] + pairs[2]);
}

/// The better of the two ways rows `a` and `b` take columns `x` and `y`.
#[inline(always)]
fn pair<T: Sums>(a: &[T; SIDE], b: &[T; SIDE], x: usize, y: usize) -> T {
    (a[x] + b[y]).higher(b[x] + a[y])
}

/// [`Bands::others`] for the band choices with columns `X1` and `X2` in stacks 1 and 2, from
/// the other two bands' best (`b1`, `b2`).
#[inline(always)]
fn others_of<T: Sums, const X1: usize, const X2: usize>(b1: &[T; 27], b2: &[T; 27], others: &mut [T; 27]) {
    let (p1, q1, p2, q2) = ((X1 + 1) % 3, (X1 + 2) % 3, (X2 + 1) % 3, (X2 + 2) % 3);
    // The four ways the second and third stacks' other columns go to the two bands: where
    // each band's choice starts.
    let ways = [
        (3 * p1 + 9 * p2, 3 * q1 + 9 * q2),
        (3 * q1 + 9 * p2, 3 * p1 + 9 * q2),
        (3 * p1 + 9 * q2, 3 * q1 + 9 * p2),
        (3 * q1 + 9 * q2, 3 * p1 + 9 * p2),
    ];
    for k0 in 0..3 {
        let (p0, q0) = ((k0 + 1) % 3, (k0 + 2) % 3);
        others[k0 + 3 * X1 + 9 * X2] = stack_pair(b1, b2, ways[0], p0, q0)
            .higher(stack_pair(b1, b2, ways[1], p0, q0))
            .higher(stack_pair(b1, b2, ways[2], p0, q0))
            .higher(stack_pair(b1, b2, ways[3], p0, q0));
    }
}

/// The better of the two ways two bands (`b1`, `b2`, from choices `u` and `v`) take the first
/// stack's columns `p0` and `q0`.
#[inline(always)]
fn stack_pair<T: Sums>(b1: &[T; 27], b2: &[T; 27], (u, v): (usize, usize), p0: usize, q0: usize) -> T {
    (b1[u + p0] + b2[v + q0]).higher(b1[u + q0] + b2[v + p0])
}

/// [`best_patterns`] in 256-bit vectors, with a vector maximum of 32-bit integers (which
/// baseline x86-64 lacks): for processors that have AVX2 (see [`has_avx2`]). The first eight
/// digits' patterns are read back eight lanes at a time with gathers (see [`patterns_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn best_patterns_avx2(profit: &[[Lanes; SIDE]; SIDE], bands: &mut Bands<Lanes>, columns: &mut [[u8; SIDE]; SIDE]) -> Option<[Profit; SIDE]> {
    // SAFETY: as in `best_through_avx2`.
    let (total, group) = unsafe {
        best_deals(
            &*(profit as *const [[Lanes; SIDE]; SIDE]).cast::<[[Wide; SIDE]; SIDE]>(),
            &mut *(bands as *mut Bands<Lanes>).cast::<Bands<Wide>>(),
        )
    }?;
    patterns_avx2(profit, bands, &total, &group, columns);
    last_pattern_avx2(profit, bands, total[SIDE - 1], group[SIDE - 1], &mut columns[SIDE - 1]);
    Some(core::array::from_fn(|l| total[l]))
}

/// For each group of deals (`o1 + 6 o2`, see [`best_deals`]), the columns the second and
/// third stacks give each band (`ORDERS[o1][band]` at `band`, `ORDERS[o2][band]` at `3 +
/// band`), eight apart for the gathers' scale.
#[cfg(target_arch = "x86_64")]
const GROUP_COLUMNS: [i32; 36 * 8] = {
    let mut table = [0; 36 * 8];
    let mut g = 0;
    while g < 36 {
        let mut band = 0;
        while band < 3 {
            table[8 * g + band] = ORDERS[g % 6][band] as i32;
            table[8 * g + 3 + band] = ORDERS[g / 6][band] as i32;
            band += 1;
        }
        g += 1;
    }
    table
};

/// The columns of the first eight digits' best patterns (lanes 0 to 7), as [`pattern_of_lane`]
/// finds them one lane at a time (the same first deal of the group and first order of each
/// band's rows, so ties go the same way), from `total` and `group` of [`best_deals`]: each
/// candidate's sum for all eight lanes at once, read with gathers at each lane's own columns.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn patterns_avx2(profit: &[[Lanes; SIDE]; SIDE], bands: &Bands<Lanes>, total: &[Profit; LANES], group: &[i32; LANES], columns: &mut [[u8; SIDE]; SIDE]) {
    use core::arch::x86_64::*;
    // `Lanes` is its array (repr(transparent)), so each table is one run of i32s: lane l of
    // entry e at `LANES * e + l`.
    let best = bands.best.as_ptr().cast::<i32>();
    let cells = profit.as_ptr().cast::<i32>();
    let lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let times_lanes = |v: __m256i| _mm256_add_epi32(_mm256_slli_epi32::<3>(v), _mm256_slli_epi32::<2>(v));
    // SAFETY (all loads): `total` and `group` hold LANES >= 8 values; GROUP_COLUMNS is read
    // at 8 g + 0..6 with g < 36; `best` at LANES (27 band + choice) + lane with choice < 27;
    // `cells` at LANES (9 row + col) + lane with row, col < 9.
    let total_v = unsafe { _mm256_loadu_si256(total.as_ptr().cast()) };
    let group_v = _mm256_slli_epi32::<3>(unsafe { _mm256_loadu_si256(group.as_ptr().cast()) });
    // k[band][stack]: the column within the stack that the band's pattern takes.
    let mut k = [[_mm256_setzero_si256(); 3]; 3];
    let mut base = [_mm256_setzero_si256(); 3];
    for (band, (k, base)) in k.iter_mut().zip(&mut base).enumerate() {
        k[1] = unsafe { _mm256_i32gather_epi32::<4>(GROUP_COLUMNS.as_ptr().add(band), group_v) };
        k[2] = unsafe { _mm256_i32gather_epi32::<4>(GROUP_COLUMNS.as_ptr().add(3 + band), group_v) };
        // 3 k1 + 9 k2.
        let (k1, k2) = (k[1], k[2]);
        *base = _mm256_add_epi32(_mm256_add_epi32(_mm256_slli_epi32::<1>(k1), k1), _mm256_add_epi32(_mm256_slli_epi32::<3>(k2), k2));
    }
    // The first deal of the group (by the first stack's order o0) whose bands sum to the total.
    let mut choice = [_mm256_setzero_si256(); 3];
    let mut band_best = [_mm256_setzero_si256(); 3];
    let mut found = _mm256_setzero_si256();
    for (o, o0) in ORDERS.iter().enumerate() {
        let mut sum = _mm256_setzero_si256();
        let mut at = [_mm256_setzero_si256(); 3];
        let mut value = [_mm256_setzero_si256(); 3];
        for band in 0..3 {
            at[band] = _mm256_add_epi32(base[band], _mm256_set1_epi32(o0[band] as i32));
            let index = _mm256_add_epi32(times_lanes(at[band]), lanes);
            value[band] = unsafe { _mm256_i32gather_epi32::<4>(best.add(LANES * 27 * band), index) };
            sum = _mm256_add_epi32(sum, value[band]);
        }
        // The first deal goes in every lane, as the one-lane search keeps it where none
        // matches (none does only if the total was not a deal's); a later one where it is the
        // first match.
        let take = if o == 0 { _mm256_set1_epi32(-1) } else { _mm256_andnot_si256(found, _mm256_cmpeq_epi32(sum, total_v)) };
        for band in 0..3 {
            choice[band] = _mm256_blendv_epi8(choice[band], at[band], take);
            band_best[band] = _mm256_blendv_epi8(band_best[band], value[band], take);
            k[band][0] = _mm256_blendv_epi8(k[band][0], _mm256_set1_epi32(o0[band] as i32), take);
        }
        found = if o == 0 { _mm256_cmpeq_epi32(sum, total_v) } else { _mm256_or_si256(found, take) };
        if _mm256_movemask_epi8(found) == -1 {
            break;
        }
    }
    let mut chosen = [[0i32; 8]; 3];
    let mut orders = [[0i32; 8]; 3];
    for band in 0..3 {
        // The first order of the band's rows whose cells sum to the band's best.
        let k12 = k[band].map(times_lanes);
        let mut order = _mm256_setzero_si256();
        // Orders are tried from the first; lanes where none matches keep order 0.
        let mut found = _mm256_setzero_si256();
        for (o, stacks) in ORDERS.iter().enumerate() {
            let mut sum = _mm256_setzero_si256();
            for (i, &stack) in stacks.iter().enumerate() {
                let start = LANES * (9 * (3 * band + i) + 3 * stack);
                let index = _mm256_add_epi32(k12[stack], lanes);
                sum = _mm256_add_epi32(sum, unsafe { _mm256_i32gather_epi32::<4>(cells.add(start), index) });
            }
            let take = _mm256_andnot_si256(found, _mm256_cmpeq_epi32(sum, band_best[band]));
            order = _mm256_blendv_epi8(order, _mm256_set1_epi32(o as i32), take);
            found = _mm256_or_si256(found, take);
            if _mm256_movemask_epi8(found) == -1 {
                break;
            }
        }
        // SAFETY: eight i32s each.
        unsafe {
            _mm256_storeu_si256(chosen[band].as_mut_ptr().cast(), choice[band]);
            _mm256_storeu_si256(orders[band].as_mut_ptr().cast(), order);
        }
    }
    for (lane, columns) in columns.iter_mut().take(8).enumerate() {
        for band in 0..3 {
            let (order, choice) = (orders[band][lane] as usize, chosen[band][lane] as usize);
            columns[3 * band..3 * band + 3].copy_from_slice(&COLUMN[order][choice]);
        }
    }
}

/// For each group of deals (see [`best_deals`]) and band, where the group's six deals (by the
/// first stack's order) read the band's best in a band table taken as i32s: `LANES * (27 band
/// + choice)`.
#[cfg(target_arch = "x86_64")]
const DEAL_INDEX: [[[i32; 8]; 3]; 36] = six_in_eight(true);

/// For each band choice and row `i` of the band, where the six orders of its rows (see
/// [`COLUMN`]) read the row's cell in a band's profits taken as i32s: `LANES * (9 i + column)`.
#[cfg(target_arch = "x86_64")]
const ORDER_INDEX: [[[i32; 8]; 3]; 27] = six_in_eight(false);

/// [`DEAL_INDEX`] (`deals`) or [`ORDER_INDEX`]: six candidates' offsets in eight lanes for the
/// gathers, lanes 6 and 7 repeating lane 5, so that a match there is one at lane 5 too.
#[cfg(target_arch = "x86_64")]
const fn six_in_eight<const N: usize>(deals: bool) -> [[[i32; 8]; 3]; N] {
    let mut table = [[[0; 8]; 3]; N];
    let mut entry = 0;
    while entry < N {
        let mut part = 0;
        while part < 3 {
            let mut lane = 0;
            while lane < 8 {
                let o = if lane < 6 { lane } else { 5 };
                let at = if deals {
                    27 * part + DEALS[6 * entry + o][part] as usize
                } else {
                    9 * part + COLUMN[o][entry][part] as usize
                };
                table[entry][part][lane] = (LANES * at) as i32;
                lane += 1;
            }
            part += 1;
        }
        entry += 1;
    }
    table
}

/// [`pattern_of_lane`] for the ninth digit (lane 8, beyond the gathers of [`patterns_avx2`]):
/// the group's six deals, and then each band's six orders of its rows, summed at once with
/// gathers, the first that reaches the total (or the band's best) taken.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn last_pattern_avx2(profit: &[[Lanes; SIDE]; SIDE], bands: &Bands<Lanes>, total: Profit, group: i32, columns: &mut [u8; SIDE]) {
    use core::arch::x86_64::*;
    const LANE: usize = SIDE - 1;
    // SAFETY (all pointers and loads): as in `patterns_avx2`, lane LANE of each table; the
    // index tables hold offsets within a band table (DEAL_INDEX, all three bands) or within a
    // band's three rows of profits (ORDER_INDEX), each row eight i32s.
    let best = unsafe { bands.best.as_ptr().cast::<i32>().add(LANE) };
    let at = DEAL_INDEX[group as usize].map(|index| unsafe { _mm256_loadu_si256(index.as_ptr().cast()) });
    let sum = unsafe {
        _mm256_add_epi32(
            _mm256_add_epi32(_mm256_i32gather_epi32::<4>(best, at[0]), _mm256_i32gather_epi32::<4>(best, at[1])),
            _mm256_i32gather_epi32::<4>(best, at[2]),
        )
    };
    // The first match, or the first deal where none matches, as the one-lane search keeps it.
    let matches = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(sum, _mm256_set1_epi32(total)))) as u32;
    let deal = &DEALS[6 * group as usize + if matches == 0 { 0 } else { matches.trailing_zeros() as usize }];
    for (band, &choice) in deal.iter().enumerate() {
        let choice = usize::from(choice);
        let cells = unsafe { profit.as_ptr().add(3 * band).cast::<i32>().add(LANE) };
        let at = ORDER_INDEX[choice].map(|index| unsafe { _mm256_loadu_si256(index.as_ptr().cast()) });
        let sum = unsafe {
            _mm256_add_epi32(
                _mm256_add_epi32(_mm256_i32gather_epi32::<4>(cells, at[0]), _mm256_i32gather_epi32::<4>(cells, at[1])),
                _mm256_i32gather_epi32::<4>(cells, at[2]),
            )
        };
        let band_best = bands.best[band][choice].0[LANE];
        let matches = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(sum, _mm256_set1_epi32(band_best)))) as u32;
        let order = if matches == 0 { 0 } else { matches.trailing_zeros() as usize };
        columns[3 * band..3 * band + 3].copy_from_slice(&COLUMN[order][choice]);
    }
}

/// Whether this processor and its operating system run AVX2 instructions (CPUID's feature
/// bits, and the vector state enabled in XCR0).
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    use core::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv};
    // Leaf 7 (the extended features) must exist for its bits to mean anything.
    if __cpuid(0).eax < 7 {
        return false;
    }
    let basic = __cpuid(1);
    // OSXSAVE (the operating system saves the vector state, and XGETBV reads which) and AVX.
    if basic.ecx & (1 << 27) == 0 || basic.ecx & (1 << 28) == 0 {
        return false;
    }
    // SAFETY: OSXSAVE is set, so XGETBV is available.
    let enabled = unsafe { _xgetbv(0) };
    enabled & 0b110 == 0b110 && __cpuid_count(7, 0).ebx & (1 << 5) != 0
}

/// Each digit's best pattern's profit, and the column it takes in each row.
#[cfg(test)]
pub(crate) type BestPatterns = ([Profit; SIDE], [[u8; SIDE]; SIDE]);

/// [`best_patterns`] from each digit's profits (`profit[digit - 1]`), in 256-bit vectors if
/// `wide` (None as well when the processor has no AVX2): for the tests.
#[cfg(test)]
pub(crate) fn best_patterns_of(profit: &[[[Profit; SIDE]; SIDE]; SIDE], wide: bool) -> Option<Option<BestPatterns>> {
    in_lanes(profit, wide, |lanes, wide| {
        let mut columns = [[0; SIDE]; SIDE];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `in_lanes` asks for AVX2 only where the processor and the system run it.
        let mut bands = Bands::blank(lanes);
        let totals =
            if wide { unsafe { best_patterns_avx2(lanes, &mut bands, &mut columns) } } else { best_patterns(lanes, &mut bands, &mut columns) };
        #[cfg(not(target_arch = "x86_64"))]
        let totals = {
            let _ = wide;
            best_patterns(lanes, &mut Bands::blank(lanes), &mut columns)
        };
        totals.map(|totals| (totals, columns))
    })
}

/// The tests' way into the lane functions: `run` with the nine digits' profits
/// (`profit[digit - 1]`) side by side, and whether to take the AVX2 form (`wide`); None when
/// `wide` and the processor has no AVX2.
#[cfg(test)]
fn in_lanes<R>(profit: &[[[Profit; SIDE]; SIDE]; SIDE], wide: bool, run: impl FnOnce(&[[Lanes; SIDE]; SIDE], bool) -> R) -> Option<R> {
    let lanes: [[Lanes; SIDE]; SIDE] = core::array::from_fn(|row| {
        core::array::from_fn(|col| Lanes(core::array::from_fn(|l| if l < SIDE { profit[l][row][col] } else { NO_PATTERN })))
    });
    #[cfg(target_arch = "x86_64")]
    let runs_wide = has_avx2();
    #[cfg(not(target_arch = "x86_64"))]
    let runs_wide = false;
    (!wide || runs_wide).then(|| run(&lanes, wide))
}

/// Every digit's most profitable pattern at once, from the nine digits' profits side by side
/// (NO_PATTERN where a digit may not go): each digit's total, its columns left in
/// `columns[digit - 1]`, the same pattern as the tests' one-digit reference; None when a
/// digit has no pattern. The band sums and the deals of the nine digits are the same
/// operations lane by lane: against nine one-digit searches, the bench's climbed set took 9%
/// less time in baseline vectors and 16% less with AVX2 (docs/design.md).
#[inline(always)]
fn best_patterns(profit: &[[Lanes; SIDE]; SIDE], bands: &mut Bands<Lanes>, columns: &mut [[u8; SIDE]; SIDE]) -> Option<[Profit; SIDE]> {
    let (total, group) = best_deals(profit, bands)?;
    for (lane, columns) in columns.iter_mut().enumerate() {
        pattern_of_lane(profit, bands, total[lane], group[lane], lane, columns);
    }
    Some(core::array::from_fn(|l| total[l]))
}

/// The bands' best sums for `profit`, written into `bands` (returning them copied the 3.9 KB
/// table out), and lane by lane the best deal's total and its group (`o1 + 6 o2`: the deals
/// `DEALS[6 group..6 group + 6]`, the first with the best of them); None when some digit has no
/// pattern.
#[inline(always)]
fn best_deals<T: Deals>(profit: &[[T; SIDE]; SIDE], bands: &mut Bands<T>) -> Option<([Profit; LANES], [i32; LANES])> {
    bands.fill(profit);
    let (mut total, mut at) = (T::splat(NO_PATTERN * 9), T::splat(0));
    if T::UNROLLED {
        // Unrolled by hand, as in `Bands::fill`: as loops, the groups' indices into the bands
        // are computed at run time.
        deals_by_second::<T, 0>(bands, &mut total, &mut at);
        deals_by_second::<T, 1>(bands, &mut total, &mut at);
        deals_by_second::<T, 2>(bands, &mut total, &mut at);
        deals_by_second::<T, 3>(bands, &mut total, &mut at);
        deals_by_second::<T, 4>(bands, &mut total, &mut at);
        deals_by_second::<T, 5>(bands, &mut total, &mut at);
    } else {
        for (o2, second) in ORDERS.iter().enumerate() {
            for (o1, first) in ORDERS.iter().enumerate() {
                T::keep_better(bands.best_of_group(first, second), (o1 + 6 * o2) as i32, &mut total, &mut at);
            }
        }
    }
    let (total, at) = (total.lanes(), at.lanes());
    total[..SIDE].iter().all(|&t| t >= NO_PATTERN / 2).then_some((total, at))
}

/// [`best_deals`] for the groups whose third stack is dealt by order `O2`.
#[inline(always)]
fn deals_by_second<T: Deals, const O2: usize>(bands: &Bands<T>, total: &mut T, at: &mut T) {
    deal_group::<T, 0, O2>(bands, total, at);
    deal_group::<T, 1, O2>(bands, total, at);
    deal_group::<T, 2, O2>(bands, total, at);
    deal_group::<T, 3, O2>(bands, total, at);
    deal_group::<T, 4, O2>(bands, total, at);
    deal_group::<T, 5, O2>(bands, total, at);
}

/// [`best_deals`] for group `O1 + 6 O2`.
#[inline(always)]
fn deal_group<T: Deals, const O1: usize, const O2: usize>(bands: &Bands<T>, total: &mut T, at: &mut T) {
    let top = bands.best_of_group(&ORDERS[O1], &ORDERS[O2]);
    T::keep_better(top, (O1 + 6 * O2) as i32, total, at);
}

/// What [`best_deals`] sums and compares: nine digits' sums side by side.
trait Deals: Sums {
    /// Whether [`best_deals`] unrolls its 36 groups: 3.7% fewer instructions on a climbed set
    /// with [`Wide`], 5% more with [`Lanes`] in baseline vectors.
    const UNROLLED: bool;
    /// `value` in every lane.
    fn splat(value: i32) -> Self;
    /// In each lane where `top` is above `total`, `top` into `total` and `group` into `at`.
    fn keep_better(top: Self, group: i32, total: &mut Self, at: &mut Self);
    fn lanes(self) -> [i32; LANES];
}

impl Deals for Lanes {
    const UNROLLED: bool = false;

    #[inline(always)]
    fn splat(value: i32) -> Lanes {
        Lanes([value; LANES])
    }

    #[inline(always)]
    fn keep_better(top: Lanes, group: i32, total: &mut Lanes, at: &mut Lanes) {
        for l in 0..LANES {
            let better = top.0[l] > total.0[l];
            total.0[l] = if better { top.0[l] } else { total.0[l] };
            at.0[l] = if better { group } else { at.0[l] };
        }
    }

    #[inline(always)]
    fn lanes(self) -> [i32; LANES] {
        self.0
    }
}

#[cfg(target_arch = "x86_64")]
impl Deals for Wide {
    const UNROLLED: bool = true;

    #[inline(always)]
    fn splat(value: i32) -> Wide {
        use core::arch::x86_64::*;
        // SAFETY: a Wide exists only where the processor runs AVX2 (see the type).
        unsafe { Wide { low: _mm256_set1_epi32(value), high: _mm_set1_epi32(value) } }
    }

    #[inline(always)]
    fn keep_better(top: Wide, group: i32, total: &mut Wide, at: &mut Wide) {
        use core::arch::x86_64::*;
        // SAFETY: as above.
        unsafe {
            let (top_low, top_high, total_low, total_high) = (top.low, top.high, total.low, total.high);
            let (better_low, better_high) = (_mm256_cmpgt_epi32(top_low, total_low), _mm_cmpgt_epi32(top_high, total_high));
            let (at_low, at_high) = (at.low, at.high);
            *at = Wide {
                low: _mm256_blendv_epi8(at_low, _mm256_set1_epi32(group), better_low),
                high: _mm_blendv_epi8(at_high, _mm_set1_epi32(group), better_high),
            };
            *total = Wide { low: _mm256_max_epi32(top_low, total_low), high: _mm_max_epi32(top_high, total_high) };
        }
    }

    #[inline(always)]
    fn lanes(self) -> [i32; LANES] {
        // SAFETY: the same size, any bytes valid.
        unsafe { core::mem::transmute::<Wide, [i32; LANES]>(self) }
    }
}

/// One digit's (`lane`'s) best pattern's columns, from [`best_deals`]'s `total` and `group` for
/// it: the group's first deal that reaches the total, and each band's first order of its rows
/// that reaches the band's best.
#[inline(always)]
fn pattern_of_lane(profit: &[[Lanes; SIDE]; SIDE], bands: &Bands<Lanes>, total: Profit, group: i32, lane: usize, columns: &mut [u8; SIDE]) {
    // Plain loops: iterator adapters here were not inlined into the AVX2 form.
    let best = |band: usize, choice: u8| bands.best[band][usize::from(choice)].0[lane];
    let at = 6 * group as usize;
    let mut deal = &DEALS[at];
    for candidate in &DEALS[at..at + 6] {
        if best(0, candidate[0]) + best(1, candidate[1]) + best(2, candidate[2]) == total {
            deal = candidate;
            break;
        }
    }
    for (band, &choice) in deal.iter().enumerate() {
        let rows = &profit[3 * band..3 * band + 3];
        let mut order = 0;
        for (o, by_choice) in COLUMN.iter().enumerate() {
            let [a, b, c] = by_choice[usize::from(choice)].map(usize::from);
            if rows[0][a].0[lane] + rows[1][b].0[lane] + rows[2][c].0[lane] == best(band, choice) {
                order = o;
                break;
            }
        }
        columns[3 * band..3 * band + 3].copy_from_slice(&COLUMN[order][usize::from(choice)]);
    }
}

/// [`best_through_lanes`] in 256-bit vectors (see [`best_patterns_avx2`]): the first eight
/// digits in one 256-bit vector a value; the ninth in a 128-bit vector with its three bands
/// side by side (lane = band), one pass for all three, where in [`Wide`] the 128-bit half
/// carried the ninth digit and three spare lanes through each band in turn (half of the
/// pass's instructions).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn best_through_avx2(profit: &[[Lanes; SIDE]; SIDE], bands: &mut Bands<Lanes>, through: &mut [[Lanes; SIDE]; SIDE]) {
    use core::arch::x86_64::*;
    type Low = Half<__m256i>;
    type Ninth = Half<__m128i>;
    // SAFETY (and below): a Lanes holds 12 i32s; Half is packed (alignment 1), and any bytes
    // are a valid Lanes or Half.
    let low: [[Low; SIDE]; SIDE] = core::array::from_fn(|row| core::array::from_fn(|col| unsafe { Half(_mm256_loadu_si256(profit[row][col].0.as_ptr().cast())) }));
    // The ninth digit's profit in row i of each band (lane b: band b; lane 3 spare, barred).
    let ninth: [[Ninth; SIDE]; 3] = core::array::from_fn(|i| {
        core::array::from_fn(|col| Half(_mm_setr_epi32(profit[i][col].0[8], profit[3 + i][col].0[8], profit[6 + i][col].0[8], NO_PATTERN)))
    });
    // The first eight digits' bands, in the first 2,592 bytes of `bands`; the ninth's one
    // table after them (lane = band).
    // SAFETY: as above; the two tables (2,592 and 432 bytes) fit in the 3,888 of `bands`.
    let (bands_low, ninth_best) = unsafe {
        let base = (bands as *mut Bands<Lanes>).cast::<u8>();
        (&mut *base.cast::<Bands<Low>>(), &mut *base.add(size_of::<Bands<Low>>()).cast::<[Ninth; 27]>())
    };
    best_through_lanes(&low, bands_low, through);
    fill_band(&ninth, ninth_best);
    // Lane b of the others' tables: bands b + 1 and b + 2.
    let (b1, b2) = (ninth_best.map(|v| Half(_mm_shuffle_epi32::<0b11_00_10_01>(v.0))), ninth_best.map(|v| Half(_mm_shuffle_epi32::<0b11_01_00_10>(v.0))));
    // Written over the ninth digit's bands (b1 and b2 are copies).
    let others = ninth_best;
    others_from(&b1, &b2, others);
    let mut through_ninth = ninth;
    through_row::<Ninth, 0>(&ninth, others, &mut through_ninth[0]);
    through_row::<Ninth, 1>(&ninth, others, &mut through_ninth[1]);
    through_row::<Ninth, 2>(&ninth, others, &mut through_ninth[2]);
    // The spare lanes 9-11 keep their NO_PATTERN (no pass writes them, nothing reads them).
    for (i, values) in through_ninth.iter().enumerate() {
        for (col, value) in values.iter().enumerate() {
            let v = value.0;
            through[i][col].0[8] = _mm_extract_epi32::<0>(v);
            through[3 + i][col].0[8] = _mm_extract_epi32::<1>(v);
            through[6 + i][col].0[8] = _mm_extract_epi32::<2>(v);
        }
    }
}

/// One vector of the fixing pass in AVX2 (see [`best_through_avx2`]): the first eight digits'
/// profits (256 bits), or the ninth digit's in its three bands (128 bits, lane = band).
/// Packed, as [`Wide`] is, so that the bands' table can be read as tables of it.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
#[repr(C, packed)]
struct Half<V>(V);

#[cfg(target_arch = "x86_64")]
const _: () = assert!(size_of::<Bands<Half<core::arch::x86_64::__m256i>>>() + size_of::<[Half<core::arch::x86_64::__m128i>; 27]>() <= size_of::<Bands<Lanes>>());

/// The operations of [`Half`], for each vector width.
#[cfg(target_arch = "x86_64")]
trait HalfOps: Copy {
    /// Where the fixing pass writes it.
    type Cell;
    fn add(self, other: Self) -> Self;
    fn max(self, other: Self) -> Self;
    fn floor(self) -> Self;
    fn put(cell: &mut Self::Cell, value: Self);
}

#[cfg(target_arch = "x86_64")]
impl HalfOps for core::arch::x86_64::__m256i {
    /// Lanes 0-7 of the bound's own table.
    type Cell = Lanes;
    #[inline(always)]
    fn put(cell: &mut Lanes, value: Self) {
        use core::arch::x86_64::*;
        // SAFETY: a Lanes holds 12 i32s; a Half exists only where the processor runs AVX2.
        unsafe { _mm256_storeu_si256(cell.0.as_mut_ptr().cast(), value) }
    }
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        use core::arch::x86_64::*;
        // SAFETY: a Half exists only where the processor runs AVX2.
        unsafe { _mm256_add_epi32(self, other) }
    }
    #[inline(always)]
    fn max(self, other: Self) -> Self {
        use core::arch::x86_64::*;
        // SAFETY: as for `add`.
        unsafe { _mm256_max_epi32(self, other) }
    }
    #[inline(always)]
    fn floor(self) -> Self {
        use core::arch::x86_64::*;
        // SAFETY: as for `add`.
        unsafe { _mm256_blendv_epi8(self, _mm256_set1_epi32(NO_PATTERN), _mm256_cmpgt_epi32(_mm256_set1_epi32(NO_PATTERN / 2), self)) }
    }
}

#[cfg(target_arch = "x86_64")]
impl HalfOps for core::arch::x86_64::__m128i {
    /// The ninth digit's own table, lane = band.
    type Cell = Half<Self>;
    #[inline(always)]
    fn put(cell: &mut Half<Self>, value: Self) {
        *cell = Half(value);
    }
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        use core::arch::x86_64::*;
        // SAFETY: as for the 256-bit form.
        unsafe { _mm_add_epi32(self, other) }
    }
    #[inline(always)]
    fn max(self, other: Self) -> Self {
        use core::arch::x86_64::*;
        // SAFETY: as for the 256-bit form.
        unsafe { _mm_max_epi32(self, other) }
    }
    #[inline(always)]
    fn floor(self) -> Self {
        use core::arch::x86_64::*;
        // SAFETY: as for the 256-bit form.
        unsafe { _mm_blendv_epi8(self, _mm_set1_epi32(NO_PATTERN), _mm_cmpgt_epi32(_mm_set1_epi32(NO_PATTERN / 2), self)) }
    }
}

#[cfg(target_arch = "x86_64")]
impl<V: HalfOps> core::ops::Add for Half<V> {
    type Output = Half<V>;
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        Half(V::add(self.0, other.0))
    }
}

#[cfg(target_arch = "x86_64")]
impl<V: HalfOps> Sums for Half<V> {
    #[inline(always)]
    fn higher(self, other: Self) -> Self {
        Half(V::max(self.0, other.0))
    }
}

#[cfg(target_arch = "x86_64")]
impl<V: HalfOps> Through for Half<V> {
    type Cell = V::Cell;
    #[inline(always)]
    fn put(cell: &mut V::Cell, value: Self) {
        V::put(cell, V::floor(value.0));
    }
    #[inline(always)]
    fn floor(_: &mut [V::Cell]) {}
}

/// For each digit (lane, see [`Lanes`]) and cell, the best pattern through that cell, into
/// `through`: the nine digits at once, at the cost of about one. Cell (row i of a band, column
/// k of stack s) is in the patterns where the band takes column k of stack s in row i, the
/// band's other two rows take the other two stacks (columns k1, k2, in either order: a
/// "pair"), and the other two bands take the rest ([`Bands::others`]): the best of the nine
/// (k1, k2) of the pair plus the others, plus the cell's own profit. Each cell is written once,
/// from values kept in registers, where updating the three cells of each (band choice, row
/// order) in memory took 18 read-modify-writes a choice. No lane is skipped where a barred
/// cell makes a sum meaningless: such sums stay below `NO_PATTERN / 2` (see
/// CELL_MULTIPLIER_LIMIT; a sum of real profits never falls there), and every lane that ends
/// there is set to NO_PATTERN.
#[inline(always)]
fn best_through_lanes<T: Through>(profit: &[[T; SIDE]; SIDE], bands: &mut Bands<T>, through: &mut [[T::Cell; SIDE]; SIDE]) {
    bands.fill(profit);
    let mut others = [profit[0][0]; 27];
    for (band, (rows, through)) in profit.as_chunks::<3>().0.iter().zip(through.as_chunks_mut::<3>().0).enumerate() {
        bands.others(band, &mut others);
        through_row::<T, 0>(rows, &others, &mut through[0]);
        through_row::<T, 1>(rows, &others, &mut through[1]);
        through_row::<T, 2>(rows, &others, &mut through[2]);
    }
}

/// [`best_through_lanes`] for row `I` of a band (`rows`), given [`Bands::others`] for the
/// band: its three stacks one after the other, each with its indices known when compiled.
#[inline(always)]
fn through_row<T: Through, const I: usize>(rows: &[[T; SIDE]; 3], others: &[T; 27], through: &mut [T::Cell; SIDE]) {
    through_cells::<T, I, 0>(rows, others, through);
    through_cells::<T, I, 1>(rows, others, through);
    through_cells::<T, I, 2>(rows, others, through);
}

/// [`best_through_lanes`] for the three cells of row `I` of a band (`rows`) in stack `S`.
#[inline(always)]
fn through_cells<T: Through, const I: usize, const S: usize>(rows: &[[T; SIDE]; 3], others: &[T; 27], through: &mut [T::Cell; SIDE]) {
    let mut best = [others[0]; 3];
    // Unrolled by hand, as in `Bands::fill`.
    through_pair::<T, I, S, 0, 0>(rows, others, &mut best, true);
    through_pair::<T, I, S, 1, 0>(rows, others, &mut best, false);
    through_pair::<T, I, S, 2, 0>(rows, others, &mut best, false);
    through_pair::<T, I, S, 0, 1>(rows, others, &mut best, false);
    through_pair::<T, I, S, 1, 1>(rows, others, &mut best, false);
    through_pair::<T, I, S, 2, 1>(rows, others, &mut best, false);
    through_pair::<T, I, S, 0, 2>(rows, others, &mut best, false);
    through_pair::<T, I, S, 1, 2>(rows, others, &mut best, false);
    through_pair::<T, I, S, 2, 2>(rows, others, &mut best, false);
    for k in 0..3 {
        T::put(&mut through[3 * S + k], rows[I][3 * S + k] + best[k]);
    }
    T::floor(&mut through[3 * S..3 * S + 3]);
}

/// The patterns of [`through_cells`] whose other two rows take columns `K1` and `K2` of the
/// stacks after `S`, into `best` (set by the `first` call).
#[inline(always)]
fn through_pair<T: Sums, const I: usize, const S: usize, const K1: usize, const K2: usize>(
    rows: &[[T; SIDE]; 3],
    others: &[T; 27],
    best: &mut [T; 3],
    first: bool,
) {
    // A band choice's index, `k0 + 3 k1 + 9 k2`: the weight of stack s's column.
    const PLACE: [usize; 3] = [1, 3, 9];
    let (s1, s2) = ((S + 1) % 3, (S + 2) % 3);
    let pair = pair(&rows[(I + 1) % 3], &rows[(I + 2) % 3], 3 * s1 + K1, 3 * s2 + K2);
    let at = PLACE[s1] * K1 + PLACE[s2] * K2;
    for k in 0..3 {
        let value = others[at + PLACE[S] * k] + pair;
        best[k] = if first { value } else { best[k].higher(value) };
    }
}

/// [`survivors_of`] in 256-bit vectors (see [`best_patterns_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn survivors_avx2(through: &[[Lanes; SIDE]; SIDE], best: Lanes, slack: Profit) -> [u32; CELLS] {
    use core::arch::x86_64::*;
    // A shortfall is at most the slack where `slack + 1` is greater (the slack stays within
    // 2^30): one comparison a vector, its lanes' signs gathered as bits.
    let (limit_low, limit_high) = (_mm256_set1_epi32(slack + 1), _mm_set1_epi32(slack + 1));
    // SAFETY: a Lanes holds 12 i32s.
    let (best_low, best_high) = unsafe { (_mm256_loadu_si256(best.0.as_ptr().cast()), _mm_loadu_si128(best.0.as_ptr().add(8).cast())) };
    let mut survivors = [0u32; CELLS];
    for (survivor, via) in survivors.iter_mut().zip(through.as_flattened()) {
        // SAFETY: as above.
        let (low, high) = unsafe { (_mm256_loadu_si256(via.0.as_ptr().cast()), _mm_loadu_si128(via.0.as_ptr().add(8).cast())) };
        let kept_low = _mm256_cmpgt_epi32(limit_low, _mm256_sub_epi32(best_low, low));
        let kept_high = _mm_cmpgt_epi32(limit_high, _mm_sub_epi32(best_high, high));
        // Lanes 0-7 and lane 8 (the ninth digit; the spare lanes' bits dropped).
        let bits = _mm256_movemask_ps(_mm256_castsi256_ps(kept_low)) as u32 | (_mm_movemask_ps(_mm_castsi128_ps(kept_high)) as u32 & 1) << 8;
        *survivor = bits << 1;
    }
    survivors
}

/// [`survivors_of`] of `through` (`[cell][lane]`), in 256-bit vectors if `wide` (None when the
/// processor has no AVX2): for the tests.
#[cfg(test)]
pub(crate) fn survivors_in(through: &[[Profit; LANES]; CELLS], best: &[Profit; LANES], slack: Profit, wide: bool) -> Option<[u32; CELLS]> {
    let through: [[Lanes; SIDE]; SIDE] = core::array::from_fn(|row| core::array::from_fn(|col| Lanes(through[row * SIDE + col])));
    if !wide {
        return Some(survivors_of(&through, Lanes(*best), slack));
    }
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor and the system run AVX2.
        return Some(unsafe { survivors_avx2(&through, Lanes(*best), slack) });
    }
    None
}

/// The candidates (bit d for digit d) whose best pattern `through` a cell falls short of their
/// digit's `best` by at most `slack` (a barred cell's NO_PATTERN, far more). No branch: which
/// candidates survive is as good as random.
#[inline(always)]
fn survivors_of(through: &[[Lanes; SIDE]; SIDE], best: Lanes, slack: Profit) -> [u32; CELLS] {
    let mut survivors = [0u32; CELLS];
    for (survivor, via) in survivors.iter_mut().zip(through.as_flattened()) {
        for l in 0..SIDE {
            *survivor |= u32::from(best.0[l] - via.0[l] <= slack) << (l + 1);
        }
    }
    survivors
}

/// Each digit's best pattern through each cell (`[digit - 1][row][col]`) at once, from the
/// nine digits' profits (`profit[digit - 1]`), in 256-bit vectors if `wide` (None when the
/// processor has no AVX2): for the tests.
#[cfg(test)]
pub(crate) fn best_through_of(profit: &[[[Profit; SIDE]; SIDE]; SIDE], wide: bool) -> Option<[[[Profit; SIDE]; SIDE]; SIDE]> {
    in_lanes(profit, wide, |lanes, wide| {
        let mut through = [[Lanes([NO_PATTERN; LANES]); SIDE]; SIDE];
        let mut bands = Bands::blank(lanes);
        #[cfg(target_arch = "x86_64")]
        if wide {
            // SAFETY: `in_lanes` asks for AVX2 only where the processor and the system run it.
            unsafe { best_through_avx2(lanes, &mut bands, &mut through) }
        } else {
            best_through_lanes(lanes, &mut bands, &mut through);
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = wide;
            best_through_lanes(lanes, &mut bands, &mut through);
        }
        core::array::from_fn(|d| core::array::from_fn(|row| core::array::from_fn(|col| through[row][col].0[d])))
    })
}
