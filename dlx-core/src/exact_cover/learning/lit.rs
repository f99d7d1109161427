//! The words every room of the learner speaks: a literal (an option chosen or excluded), an
//! option's value, and the reason for it. Each is a newtype or one-byte enum as small as a
//! bare integer, so the per-option arrays stay small (the state is sized for the stack) while
//! the code reads them by name instead of by bit.

/// A literal: option `o` chosen is `2o + 1`, option `o` excluded is `2o`. Its word is what the
/// clause store and the trail hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(super) struct Lit(u16);

impl Lit {
    /// Option `o` chosen.
    #[inline]
    pub(super) fn chosen(o: usize) -> Lit {
        Lit((2 * o + 1) as u16)
    }

    /// Option `o` excluded.
    #[inline]
    pub(super) fn excluded(o: usize) -> Lit {
        Lit((2 * o) as u16)
    }

    /// The literal a clause stores as `word`.
    #[inline]
    pub(super) fn from_word(word: u16) -> Lit {
        Lit(word)
    }

    /// The word the clause store holds for this literal.
    #[inline]
    pub(super) fn word(self) -> u16 {
        self.0
    }

    /// Its option.
    #[inline]
    pub(super) fn var(self) -> usize {
        usize::from(self.0 >> 1)
    }

    /// The opposite literal of the same option.
    #[inline]
    pub(super) fn neg(self) -> Lit {
        Lit(self.0 ^ 1)
    }

    /// Whether it says "chosen".
    #[inline]
    pub(super) fn is_choice(self) -> bool {
        self.0 & 1 == 1
    }

    /// 1 for "chosen", 0 for "excluded": which of its option's two watch lists is its own.
    #[inline]
    pub(super) fn polarity(self) -> usize {
        usize::from(self.0 & 1)
    }
}

/// An option's value, in one byte (-1, 0, 1): the all-zero state the learner starts from
/// reads as every option open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i8)]
pub(super) enum Value {
    Excluded = -1,
    Open = 0,
    Chosen = 1,
}

const _: () = assert!(size_of::<Value>() == 1);

impl Value {
    /// The value that makes `l` true.
    #[inline]
    pub(super) fn of(l: Lit) -> Value {
        if l.is_choice() { Value::Chosen } else { Value::Excluded }
    }
}

/// Why an option has its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reason {
    /// A decision, a given, a unit learnt clause, or anything at level 0 (never analysed).
    Decided,
    /// Excluded because this option, which shares an item, was chosen.
    ExcludedBy(usize),
    /// Chosen because every other option of this item was excluded.
    ForcedBy(usize),
    /// Implied by the learnt clause at this offset in the store.
    Clause(usize),
}

/// The bits of a [`PackedReason`] that hold its kind; the rest hold the option, item or
/// offset (offsets stay below 2^15, see `Learner`'s `FITS`).
const KIND: u32 = 3 << 30;

/// A [`Reason`] packed into the `u32` the per-option array holds: the kind in the top two bits,
/// the option, item or clause offset in the rest. Four bytes an option instead of an enum's
/// sixteen keep the state small; [`unpack`](Self::unpack) is the one place that reads the bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(super) struct PackedReason(u32);

impl PackedReason {
    /// [`Reason::Decided`], packed (all-zero, as the learner's zeroed state starts).
    pub(super) const DECIDED: PackedReason = PackedReason(0);

    /// The reason, read from its bits.
    #[inline]
    pub(super) fn unpack(self) -> Reason {
        let low = (self.0 & !KIND) as usize;
        match self.0 >> 30 {
            0 => Reason::Decided,
            1 => Reason::ExcludedBy(low),
            2 => Reason::ForcedBy(low),
            _ => Reason::Clause(low),
        }
    }
}

impl Reason {
    /// The reason as the per-option array holds it.
    #[inline]
    pub(super) fn pack(self) -> PackedReason {
        PackedReason(match self {
            Reason::Decided => 0,
            Reason::ExcludedBy(o) => 1 << 30 | o as u32,
            Reason::ForcedBy(item) => 2 << 30 | item as u32,
            Reason::Clause(c) => 3 << 30 | c as u32,
        })
    }
}
