//! The caller's guard on a search's time: a question ("is the time up?") asked now and then,
//! never on every step, so that the clock costs nothing measurable. The library keeps no
//! clock of its own (it is `no_std`); the C layer asks the monotonic clock, a Rust caller
//! whatever it likes.

/// Ticks between two questions: a DLX node is one tick (under a microsecond), so the question
/// is asked about every 20-60 microseconds of search.
pub const INTERVAL: u32 = 64;

/// Asks `expired` every [`INTERVAL`] ticks; once it has said yes, the deadline stays passed.
pub struct Deadline<'a> {
    expired: &'a mut dyn FnMut() -> bool,
    countdown: u32,
    passed: bool,
}

impl<'a> Deadline<'a> {
    /// A deadline that asks `expired` whether the time is up.
    pub fn new(expired: &'a mut dyn FnMut() -> bool) -> Self {
        Deadline { expired, countdown: INTERVAL, passed: false }
    }

    /// Counts `ticks` of work; true once the time is up (then on every later call too).
    pub fn tick(&mut self, ticks: u32) -> bool {
        if !self.passed {
            match self.countdown.checked_sub(ticks) {
                Some(left) if left > 0 => self.countdown = left,
                _ => {
                    self.countdown = INTERVAL;
                    self.passed = (self.expired)();
                }
            }
        }
        self.passed
    }

    /// Whether the time was found to be up.
    pub fn passed(&self) -> bool {
        self.passed
    }
}
