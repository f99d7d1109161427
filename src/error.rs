//! The ways a call can fail, independent of how the C boundary spells them.

/// A failed call. The C status codes (`DLX_UNSOLVABLE`, ...) are assigned in `ffi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// Well-formed input with no valid completion, givens that repeat in a unit included.
    Unsolvable,
    /// A required pointer is NULL.
    Null,
    /// The input does not hold exactly the number of cells the function takes.
    Length,
    /// A cell holds something other than a symbol or a blank of its alphabet.
    Cell,
}
