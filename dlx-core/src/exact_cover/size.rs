//! Sizes of search trees past the range of `f64`: a mantissa and a binary exponent, added,
//! multiplied and compared in that form with no libm (the core is `no_std`). Knuth's estimate
//! of a repeat cover's tree multiplies the branching of thousands of levels: 10^400 and more,
//! where an `f64` is infinite and every piece would look alike.

use core::cmp::Ordering;
use core::fmt;

/// A non-negative size, `mantissa * 2^exponent` with the mantissa in [1, 2) (or the size 0):
/// the nodes of a search tree as Knuth's estimate gives them, however large.
///
/// ```
/// use dlx_core::Size;
///
/// let mut size = Size::from(1u64);
/// for _ in 0..1000 {
///     size = size.times(10); // 10^1000: far past f64
/// }
/// assert_eq!(size.to_f64(), f64::INFINITY);
/// assert!(size > Size::from(u64::MAX));
/// assert_eq!(size.to_string(), "1.00e1000");
/// assert_eq!(Size::from(3_754_028u64).to_string(), "3754028");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Size {
    mantissa: f64,
    exponent: i64,
}

/// The exponent bits of an `f64` with the mantissa's bits masked off.
const FRACTION: u64 = (1 << 52) - 1;

impl Size {
    /// The size 0.
    pub const ZERO: Size = Size { mantissa: 0.0, exponent: 0 };

    /// `mantissa * 2^exponent` in the normal form; `mantissa` finite and non-negative.
    fn normal(mantissa: f64, exponent: i64) -> Size {
        let bits = mantissa.to_bits();
        let biased = ((bits >> 52) & 0x7ff) as i64;
        // Zero, and the subnormals no sum or product of sizes of 1 or more comes near.
        if biased == 0 || mantissa <= 0.0 {
            return Size::ZERO;
        }
        Size { mantissa: f64::from_bits((bits & FRACTION) | (1023 << 52)), exponent: exponent + biased - 1023 }
    }

    /// A finite non-negative `f64` as a size (anything else as 0).
    pub fn from_f64(x: f64) -> Size {
        if x.is_finite() { Size::normal(x, 0) } else { Size::ZERO }
    }

    /// The mantissa, in [1, 2), or 0 for the size 0.
    pub fn mantissa(self) -> f64 {
        self.mantissa
    }

    /// The binary exponent: the size is `mantissa() * 2^exponent()`.
    pub fn exponent(self) -> i64 {
        self.exponent
    }

    /// The size as an `f64`: infinite past its range.
    pub fn to_f64(self) -> f64 {
        if self.exponent > 1023 {
            f64::INFINITY
        } else if self.exponent < -1022 {
            0.0
        } else {
            self.mantissa * f64::from_bits(((self.exponent + 1023) as u64) << 52)
        }
    }

    /// The size times `factor`.
    pub fn times(self, factor: u64) -> Size {
        let (m, e) = split(factor);
        Size::normal(self.mantissa * m, self.exponent + e)
    }

    /// The size times `other`.
    pub fn product(self, other: Size) -> Size {
        Size::normal(self.mantissa * other.mantissa, self.exponent + other.exponent)
    }

    /// The size over `divisor` (at least 1).
    pub fn over(self, divisor: u64) -> Size {
        let (m, e) = split(divisor.max(1));
        Size::normal(self.mantissa / m, self.exponent - e)
    }

    /// The sum of two sizes: the smaller is lost where it is under 2^-60 of the larger.
    pub fn plus(self, other: Size) -> Size {
        let (big, small) = if self >= other { (self, other) } else { (other, self) };
        if small.mantissa == 0.0 || big.exponent - small.exponent > 60 {
            return big;
        }
        let shift = (small.exponent - big.exponent + 1023) as u64;
        Size::normal(big.mantissa + small.mantissa * f64::from_bits(shift << 52), big.exponent)
    }

    /// The size in 32 bits, ordered as the sizes are: 20 bits of exponent (clamped to
    /// +-2^19, 10^157,000 and more) over the mantissa's first 11 bits (about 3 decimal
    /// digits), with the top bit left free (0).
    pub(crate) fn pack(self) -> u32 {
        if self.mantissa == 0.0 {
            return 0;
        }
        let exponent = (self.exponent.clamp(-(1 << 19) + 1, (1 << 19) - 1) + (1 << 19)) as u32;
        let fraction = ((self.mantissa.to_bits() & FRACTION) >> 41) as u32;
        exponent << 11 | fraction
    }

    /// A piece's size as [`Problem::split`](crate::Problem::split) leaves it at the end of
    /// its `out` (the packed form: 20 bits of exponent over 11 of mantissa, about 3 digits).
    pub fn from_split(packed: i32) -> Size {
        Size::unpack(packed as u32)
    }

    /// The size [`pack`](Self::pack) packed (its top bit ignored).
    pub(crate) fn unpack(bits: u32) -> Size {
        let bits = bits & 0x7fff_ffff;
        if bits == 0 {
            return Size::ZERO;
        }
        let exponent = i64::from(bits >> 11) - (1 << 19);
        let mantissa = f64::from_bits((u64::from(bits & 0x7ff) << 41) | (1023 << 52));
        Size { mantissa, exponent }
    }
}

/// `n` as a mantissa and an exponent, exactly for `n` below 2^53.
fn split(n: u64) -> (f64, i64) {
    let size = Size::normal(n as f64, 0);
    (size.mantissa, size.exponent)
}

impl From<u64> for Size {
    fn from(n: u64) -> Size {
        Size::normal(n as f64, 0)
    }
}

impl PartialOrd for Size {
    fn partial_cmp(&self, other: &Size) -> Option<Ordering> {
        match (self.mantissa == 0.0, other.mantissa == 0.0) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => {
                Some(self.exponent.cmp(&other.exponent).then(self.mantissa.partial_cmp(&other.mantissa)?))
            }
        }
    }
}

/// Below 10^15, the whole number (rounded); above, three significant digits and a decimal
/// exponent, `1.23e400`, computed by powers of ten in this form (no libm).
impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.to_f64();
        if x < 1e15 {
            return write!(f, "{x:.0}");
        }
        // 10^d just at or below the size: d from the binary exponent (log10 2 = 0.30103, a
        // little low), then corrected by a step or two.
        let mut d = (self.exponent as f64 * 0.301_029_995_663_981_1) as i64;
        let mut scaled = self.product(ten_to(-d));
        while scaled.to_f64() >= 10.0 {
            scaled = scaled.over(10);
            d += 1;
        }
        while scaled.to_f64() < 1.0 {
            scaled = scaled.times(10);
            d -= 1;
        }
        let mut digits = scaled.to_f64();
        // Rounding to three digits may make 10.0.
        if digits >= 9.995 {
            digits /= 10.0;
            d += 1;
        }
        write!(f, "{digits:.2}e{d}")
    }
}

/// 10^`power` as a size, by squaring.
fn ten_to(power: i64) -> Size {
    let (mut result, mut base) = (Size::from(1u64), Size::from(10u64));
    let mut n = power.unsigned_abs();
    while n > 0 {
        if n & 1 == 1 {
            result = result.product(base);
        }
        base = base.product(base);
        n >>= 1;
    }
    if power >= 0 {
        result
    } else {
        // 1 / result: the mantissa's reciprocal is in (0.5, 1].
        Size::normal(1.0 / result.mantissa, -result.exponent)
    }
}
