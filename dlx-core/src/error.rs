//! The ways a call can fail, independent of how the C boundary spells them.

use core::ffi::CStr;
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

impl Error {
    /// Every error, in the order of their C status codes (`DLX_UNSOLVABLE` down to
    /// `DLX_TIMEOUT`).
    pub const ALL: [Error; 6] =
        [Error::Unsolvable, Error::Length, Error::Cell, Error::Arg, Error::Capacity, Error::Timeout];

    /// The one sentence that says what went wrong: the text of `Display`, of the C library's
    /// `dlx_strerror` and so of the Python package's exceptions.
    pub const fn text(self) -> &'static CStr {
        match self {
            Error::Unsolvable => c"the puzzle has no valid completion",
            Error::Length => c"the input does not hold exactly the number of cells the function takes",
            Error::Cell => c"a cell holds something other than a symbol or a blank of its alphabet",
            Error::Arg => c"a numeric argument is outside its range",
            Error::Capacity => c"the caller-provided memory has no room for this",
            Error::Timeout => c"the time limit ran out before an answer was proven",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The texts are ASCII (a test checks), so this never falls back.
        f.write_str(self.text().to_str().unwrap_or("dlx error"))
    }
}

impl core::error::Error for Error {}

/// A count limit as every counting call takes it: at least 1, else [`Error::Arg`].
pub(crate) fn count_limit(limit: u64) -> Result<u64, Error> {
    if limit == 0 { Err(Error::Arg) } else { Ok(limit) }
}
