//! The ways a call can fail, independent of how the C boundary spells them.

use core::fmt;

/// Why a call has no answer. The C library maps each to its `DLX_` status code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// Well-formed input with no valid completion, givens that repeat in a unit included.
    Unsolvable,
    /// The input does not hold exactly the number of cells the function takes.
    Length,
    /// A cell holds something other than a symbol or a blank of its alphabet.
    Cell,
    /// A numeric argument is outside its range (a count limit below 1, a negative size, an
    /// item number out of range or repeated).
    Arg,
    /// The caller's memory has no room for this (more options or entries than a problem was
    /// sized for, or an answer longer than the output).
    Capacity,
    /// The time limit ran out before an answer was proven.
    Timeout,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Error::Unsolvable => "the puzzle has no valid completion",
            Error::Length => "the input does not hold exactly the number of cells the function takes",
            Error::Cell => "a cell holds something other than a symbol or a blank of its alphabet",
            Error::Arg => "a numeric argument is outside its range",
            Error::Capacity => "the caller-provided memory has no room for this",
            Error::Timeout => "the time limit ran out before an answer was proven",
        })
    }
}

impl core::error::Error for Error {}
